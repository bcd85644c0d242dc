"""Luz rules, one rule per test (rulebook: shared/seeds/000_0ce4d51ee6bf0918.txt, decisions: shared/rules/luz.md)."""

from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest

from boardgames_tui.engine.base import IllegalAction
from boardgames_tui.engine.luz.models import (
    COLOURS,
    Bid,
    LuzOptions,
    LuzState,
    Play,
    PlayCard,
    RoundResult,
)
from boardgames_tui.engine.luz.rules import (
    RULES,
    deck_for,
    final_order,
    round_four_first,
    round_points,
    sort_hand,
    totals,
    trick_winner,
)
from boardgames_tui.engine.rng import derived_random, shuffled

from .helpers import (
    NAMES,
    act,
    build,
    card,
    cards,
    labels,
    last_line,
    narrator,
    play_first_legal,
    public_lines,
    read_back,
    rows,
    summary,
)

ALL_BIDS = {Bid(tricks=t, bead=b) for t in range(11) for b in (False, True)}


def assert_illegal(state: LuzState, seat: int, action: object, code: str, /, **params: object) -> IllegalAction:
    """`seat` may not take `action`: refused with `code` (and these `params`, when given), state untouched."""
    before = state.model_copy(deep=True)
    dumped = state.model_dump_json()
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, seat, action)  # type: ignore[arg-type]
    assert refused.value.code == code, refused.value
    for key, value in params.items():
        assert refused.value.params[key] == value, refused.value
    assert RULES.refusal(state, seat, action) == refused.value  # type: ignore[arg-type]
    assert state == before and state.model_dump_json() == dumped
    return refused.value


def headline_of(state: LuzState, out) -> str:  # type: ignore[no-untyped-def]
    return narrator(state).say(out.headline)


def details_of(state: LuzState, out) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    return tuple(narrator(state).say(d) for d in out.details)


def plays(*items: tuple[int, str]) -> tuple[Play, ...]:
    return tuple(Play(seat=s, card=card(x)) for s, x in items)


def is_sorted_hand(hand: tuple, high_side: str) -> bool:
    """Colour groups together in COLOURS order and every group strictly monotone towards high_side."""
    keys = [(COLOURS.index(c.colour), c.number if high_side == "right" else -c.number) for c in hand]
    return all(a < b for a, b in zip(keys, keys[1:]))


def dealt_hands(state: LuzState) -> list[list]:
    """What every seat was dealt before sorting and passing, rebuilt from the seeded shuffle."""
    n = len(state.players)
    deck = shuffled(deck_for(n), state.seed, "deal", state.round)
    out: list[list] = [[] for _ in range(n)]
    for j in range(10 * n):
        out[(state.dealer + 1 + j) % n].append(deck[j])
    return out


# Deck and dealing ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "top", "size"), [(3, 8, 40), (4, 10, 50), (5, 12, 60)])
def test_deck_by_player_count(players: int, top: int, size: int) -> None:
    deck = deck_for(players)
    assert len(deck) == size and len(set(deck)) == size
    for colour in COLOURS:  # five colours, all with the same numbers 1..top
        assert sorted(c.number for c in deck if c.colour == colour) == list(range(1, top + 1))
    assert {c.colour for c in deck} == {"R", "Y", "G", "B", "P"}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_ten_cards_each_and_ten_set_aside(players: int) -> None:
    state = RULES.setup(NAMES[:players], LuzOptions(), "deal-test")
    assert all(len(h) == 10 for h in state.hands)
    assert len(state.set_aside) == 10
    everything = [c for h in state.hands for c in h] + list(state.set_aside)
    assert Counter(everything) == Counter(deck_for(players))


@pytest.mark.parametrize("players", [2, 6])
def test_player_count_outside_three_to_five_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="3-5 players"):
        RULES.setup(["P"] * players, LuzOptions(), "x")


def test_each_round_is_shuffled_with_the_round_as_counter() -> None:
    state = RULES.setup(NAMES[:4], LuzOptions(), "rounds")
    for r in range(1, 5):
        assert state.round == r
        expected = shuffled(deck_for(4), "rounds", "deal", r)
        assert state.set_aside == expected[40:]
        for seat, dealt in enumerate(dealt_hands(state)):
            assert sorted(dealt, key=lambda c: (c.colour, c.number)) == sorted(
                state.hands[(seat + 1) % 4], key=lambda c: (c.colour, c.number)
            )
        while state.round == r and state.phase != "over":
            state = play_first_legal(state)
        if r == 4:
            assert state.phase == "over"


def test_round_one_dealer_is_drawn_from_the_seed() -> None:
    dealers = Counter()
    for i in range(40):
        seed = f"dealer-{i}"
        state = RULES.setup(NAMES[:4], LuzOptions(), seed)
        assert state.dealer == derived_random(seed, "dealer").randrange(4)
        assert RULES.setup(NAMES[:4], LuzOptions(), seed).dealer == state.dealer  # deterministic
        dealers[state.dealer] += 1
    assert set(dealers) == {0, 1, 2, 3}


# Sorting and passing ---------------------------------------------------------------------------------


@pytest.mark.parametrize("direction", ["random", "high on the right", "high on the left"])
def test_every_hand_is_sorted_in_colour_groups_one_direction_marker_at_the_high_end(direction: str) -> None:
    for i in range(15):
        state = RULES.setup(NAMES[: 3 + i % 3], LuzOptions(sort_direction=direction), f"sort-{i}")
        for hand, side in zip(state.hands, state.high_sides):
            assert is_sorted_hand(hand, side), (labels(hand), side)
            # colour groups are contiguous and in R Y G B P order
            groups = [k for k, _ in itertools.groupby(c.colour for c in hand)]
            assert groups == [c for c in COLOURS if c in groups]
            # the "+" marker is at the high end: every group rises towards it
            for _, group in itertools.groupby(hand, key=lambda c: c.colour):
                numbers = [c.number for c in group]
                assert numbers == sorted(numbers, reverse=(side == "left"))


def test_sort_hand_examples() -> None:
    hand = cards(["P2", "R5", "Y1", "R1", "P7", "B3", "Y8"])
    assert labels(sort_hand(hand, "right")) == ["R1", "R5", "Y1", "Y8", "B3", "P2", "P7"]
    assert labels(sort_hand(hand, "left")) == ["R5", "R1", "Y8", "Y1", "B3", "P7", "P2"]


def test_fixed_direction_high_on_the_right() -> None:
    for i in range(5):
        state = RULES.setup(NAMES[:5], LuzOptions(sort_direction="high on the right"), f"fixed-{i}")
        assert state.high_sides == ("right",) * 5
        for hand in state.hands:
            assert hand == sort_hand(hand, "right")


def test_fixed_direction_high_on_the_left() -> None:
    for i in range(5):
        state = RULES.setup(NAMES[:3], LuzOptions(sort_direction="high on the left"), f"fixed-{i}")
        assert state.high_sides == ("left",) * 3
        for hand in state.hands:
            assert hand == sort_hand(hand, "left")
            assert is_sorted_hand(hand, "left")


def test_random_direction_is_one_seeded_draw_per_hand() -> None:
    seen = set()
    for i in range(30):
        seed = f"dir-{i}"
        state = RULES.setup(NAMES[:4], LuzOptions(), seed)
        rng = derived_random(seed, "direction", 1)
        sorter_sides = ["right" if rng.random() < 0.5 else "left" for _ in range(4)]
        # the sorter's "+" card travels with the hand to the left
        assert state.high_sides == tuple(sorter_sides[(s - 1) % 4] for s in range(4))
        seen.update(state.high_sides)
        seen.add(len(set(state.high_sides)))
    assert {"left", "right", 1, 2} <= seen  # both directions, and mixed tables too


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_hand_is_passed_to_the_left_neighbour(players: int) -> None:
    state = RULES.setup(NAMES[:players], LuzOptions(sort_direction="high on the left"), "pass-left")
    dealt = dealt_hands(state)
    for sorter in range(players):
        receiver = (sorter + 1) % players  # the left neighbour is the next seat clockwise
        assert state.hands[receiver] == sort_hand(dealt[sorter], "left")
        if dealt[sorter] != dealt[receiver]:
            assert state.hands[sorter] != sort_hand(dealt[sorter], "left")


# Start marker ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_start_marker_passes_left_and_its_holder_bids_first_and_leads(players: int) -> None:
    state = RULES.setup(NAMES[:players], LuzOptions(), "marker")
    assert state.marker == (state.dealer + 1) % players
    assert state.first == state.marker == state.current == state.leader
    assert RULES.to_act(state) == frozenset({state.first})
    order = []
    for _ in range(players):
        order.append(state.current)
        state = act(state, Bid(tricks=1))
    assert order == [(state.first + k) % players for k in range(players)]
    assert state.phase == "play" and state.current == state.first == state.leader and state.trick == ()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_start_player_rotates_one_seat_per_round(players: int) -> None:
    state = RULES.setup(NAMES[:players], LuzOptions(), f"rotate-{players}")
    seen = []
    while state.phase != "over":
        if state.phase == "bid" and all(b is None for b in state.bids):
            seen.append((state.dealer, state.marker, state.first))
        state = play_first_legal(state)
    assert len(seen) == 4
    d1 = seen[0][0]
    for r, (dealer, marker, first) in enumerate(seen):
        assert dealer == (d1 + r) % players  # the previous round's marker holder deals
        assert marker == (dealer + 1) % players
        if players != 3 or r < 3:
            assert first == marker
    for (_, m, _), (d, _, _) in zip(seen, seen[1:]):
        assert d == m


def last_trick(
    players: int,
    round_no: int,
    *,
    results: tuple,
    bids: tuple[int, ...],
    tricks_won: tuple[int, ...],
    beads: tuple[bool, ...] | None = None,
    marker: int = 0,
    leader: int = 0,
) -> LuzState:
    """Trick 10 of a round: every seat holds one red card, seat s holding R(s+1), `leader` to lead."""
    return build(
        [[f"R{s + 1}"] for s in range(players)],
        round=round_no,
        trick_number=10,
        marker=marker,
        first=marker,
        leader=leader,
        current=leader,
        bids=bids,
        beads=beads or (False,) * players,
        tricks_won=tricks_won,
        results=results,
    )


def finish_trick(state: LuzState) -> LuzState:
    for _ in range(len(state.players)):
        state = act(state, PlayCard(position=0))
    return state


def round_four_after(totals_after_two: tuple[int, int, int], marker_round3: int) -> LuzState:
    """Finish round 3 of a 3-player game where everybody makes their bid (+30 each)."""
    state = last_trick(
        3,
        3,
        results=rows((0, 0, 0), totals_after_two),
        bids=(3, 3, 4),
        tricks_won=(3, 3, 3),  # seat 2 wins the last trick with R3
        marker=marker_round3,
        leader=marker_round3,
    )
    state = finish_trick(state)
    assert state.round == 4 and [r.points for r in state.results[2]] == [30, 30, 30]
    return state


def test_three_players_round_four_the_leader_on_points_bids_first_and_leads() -> None:
    state = round_four_after((10, 5, 40), marker_round3=0)
    assert state.dealer == 0 and state.marker == 1  # the marker still passes as usual
    assert state.first == 2 and state.current == 2 and state.leader == 2
    assert "Cy has the highest total (70)" in last_line(state)
    assert state.log[-1].args["tied"] == [2] and state.log[-1].args["top"] == 70
    order = []
    for _ in range(3):
        order.append(state.current)
        state = act(state, Bid(tricks=2))
    assert order == [2, 0, 1]
    assert state.phase == "play" and state.current == 2 and state.leader == 2
    assert state.marker == 1  # the marker itself does not move


def test_three_players_round_four_tie_goes_to_the_marker_holder_first() -> None:
    state = round_four_after((0, 20, 20), marker_round3=0)  # round 4 marker: seat 1 (Ben), tied with Cy
    assert state.marker == 1 and state.first == 1
    assert "Ben holds the start marker" in last_line(state)


def test_three_players_round_four_tie_goes_nearest_clockwise_from_the_holder() -> None:
    state = round_four_after((20, 0, 20), marker_round3=0)  # marker Ben; Ana and Cy tied: Cy is next clockwise
    assert state.marker == 1 and state.first == 2
    assert "sits nearest clockwise from the start marker" in last_line(state)
    assert state.log[-1].args["tied"] == [2, 0]
    state = round_four_after((20, 20, 0), marker_round3=1)  # marker Cy; Ana (next after Cy) beats Ben
    assert state.marker == 2 and state.first == 0
    state = round_four_after((5, 5, 5), marker_round3=2)  # all tied: the holder (Ana) first
    assert state.marker == 0 and state.first == 0


def test_round_four_first_helper() -> None:
    assert round_four_first((10, 30, 20), 0) == 1
    assert round_four_first((30, 10, 30), 1) == 2
    assert round_four_first((30, 10, 30), 2) == 2
    assert round_four_first((30, 10, 30), 0) == 0


def test_three_players_round_three_and_four_players_round_four_follow_the_marker() -> None:
    # round 3 of a 3-player game: the marker holder starts even when someone leads on points
    state = last_trick(3, 2, results=rows((0, 0, 50)), bids=(3, 3, 4), tricks_won=(3, 3, 3))
    state = finish_trick(state)
    assert state.round == 3 and state.first == state.marker == 1
    # round 4 of a 4-player game: the same
    state = last_trick(4, 3, results=rows((0, 0, 0, 90), (0, 0, 0, 0)), bids=(3, 3, 3, 1), tricks_won=(3, 3, 3, 0))
    state = finish_trick(state)
    assert state.round == 4 and state.first == state.marker == 1 and state.current == 1


# Bidding ---------------------------------------------------------------------------------------------


def test_bidding_offers_every_bid_0_to_10_with_or_without_a_bead() -> None:
    state = RULES.setup(NAMES[:3], LuzOptions(), "bids")
    legal = RULES.legal_actions(state, state.current)
    assert len(legal) == 22 and set(legal) == ALL_BIDS
    for other in range(3):
        if other != state.current:
            assert tuple(RULES.legal_actions(state, other)) == ()


def test_bids_are_public_at_once() -> None:
    state = RULES.setup(NAMES[:4], LuzOptions(), "public-bids")
    bidder = state.current
    state = act(state, Bid(tricks=3, bead=True))
    assert state.bids[bidder] == 3 and state.beads[bidder] is True
    for seat in (None, 0, 1, 2, 3):
        status = RULES.view(state, seat).status[bidder]
        assert status.bid == 3 and status.bead is True
        assert all(s.bid is None for s in RULES.view(state, seat).status if s.seat != bidder)
    assert state.log[-1].kind == "bid" and state.log[-1].args == {"seat": bidder, "tricks": 3, "bead": True}
    assert state.log[-1].public
    assert last_line(state) == f"{NAMES[bidder]} bid 3 with a safety bead"
    assert summary(state) == f"{NAMES[bidder]} bid 3 + safety bead"
    state = act(state, Bid(tricks=0))
    assert last_line(state).endswith("bid 0") and summary(state).endswith("bid 0")


@pytest.mark.parametrize("tricks", [-1, 11, 99])
def test_bids_go_from_0_to_10(tricks: int) -> None:
    state = RULES.setup(NAMES[:3], LuzOptions(), "range")
    assert_illegal(state, state.current, Bid.model_construct(tricks=tricks, bead=False), "bid_out_of_range", highest=10)


def test_the_safety_bead_is_taken_or_not() -> None:
    state = RULES.setup(NAMES[:3], LuzOptions(), "bead")
    assert_illegal(state, state.current, Bid.model_construct(tricks=2, bead="yes"), "bead_yes_or_no")


def test_bids_are_not_limited_by_the_bead_supply() -> None:
    # 15 yellow beads and 5 safety beads are markers only: five bids of 10 with beads are all fine
    state = RULES.setup(NAMES[:5], LuzOptions(), "supply")
    for _ in range(5):
        state = act(state, Bid(tricks=10, bead=True))
    assert state.bids == (10,) * 5 and state.beads == (True,) * 5 and state.phase == "play"


def test_no_card_is_played_during_bidding_and_no_bid_after_it() -> None:
    state = RULES.setup(NAMES[:3], LuzOptions(), "phases")
    assert_illegal(state, state.current, PlayCard(position=0), "bid_first")
    for _ in range(3):
        state = act(state, Bid(tricks=2))
    assert state.phase == "play"
    assert_illegal(state, state.current, Bid(tricks=2), "bidding_over")


def test_bidding_ends_when_everyone_has_bid_once() -> None:
    state = RULES.setup(NAMES[:4], LuzOptions(), "once")
    for k in range(4):
        assert state.phase == "bid"
        state = act(state, Bid(tricks=k))
    assert state.phase == "play" and None not in state.bids
    assert "All bids are in: 6 for 10 tricks" in summary(state)
    assert RULES.last_public_event(state).args["total"] == 6  # type: ignore[union-attr]


# Tricks ----------------------------------------------------------------------------------------------


def test_worked_example_red_seven_wins() -> None:
    # red 4 led, then red 7, blue 10, purple 11: no yellow, so the highest red wins
    assert trick_winner(plays((0, "R4"), (1, "R7"), (2, "B10"), (3, "P11"))).seat == 1
    state = build([["R4"], ["R7"], ["B10"], ["P11"], ["G2"]], trick_number=3)
    state = finish_trick(state)
    assert state.tricks_won == (0, 1, 0, 0, 0)
    assert summary(state) == "Trick 3: Ana R4 · Ben R7 · Cy B10 · Dee P11 · Eve G2 — Ben wins it (red led)"
    # Issue 11: the public log (the handoff) tells the whole trick; read back later, only who won it.
    assert last_line(state) == "Eve played G2; Ben won trick 3 (red led): Ana R4 · Ben R7 · Cy B10 · Dee P11 · Eve G2"
    assert read_back(state, None)[-1] == "Ben won trick 3"
    assert RULES.view(state, None).log[-1].kind == "trick_won"


def test_any_yellow_beats_every_other_colour() -> None:
    assert trick_winner(plays((0, "R12"), (1, "Y1"), (2, "R11"))).seat == 1
    assert trick_winner(plays((0, "G3"), (1, "B12"), (2, "P12"), (3, "Y2"))).seat == 3


def test_the_highest_yellow_wins() -> None:
    assert trick_winner(plays((0, "R4"), (1, "Y2"), (2, "Y5"), (3, "B12"))).seat == 2
    assert trick_winner(plays((0, "B4"), (1, "Y9"), (2, "Y5"))).seat == 1


def test_yellow_led_highest_yellow_wins() -> None:
    assert trick_winner(plays((0, "Y3"), (1, "Y7"), (2, "R12"))).seat == 1
    assert trick_winner(plays((0, "Y3"), (1, "R8"), (2, "G8"))).seat == 0


def test_other_colours_never_beat_the_led_colour() -> None:
    assert trick_winner(plays((0, "R2"), (1, "G12"), (2, "B12"), (3, "P12"))).seat == 0


def test_trumping_a_trick_through_apply() -> None:
    state = build([["R4", "G1"], ["Y1", "G2"], ["R8", "G3"]])
    state = act(state, PlayCard(position=0))  # Ana leads R4
    assert RULES.legal_actions(state, 1) == (PlayCard(position=0), PlayCard(position=1))  # Ben has no red
    state = act(state, PlayCard(position=0))  # Ben trumps with Y1
    state = act(state, PlayCard(position=0))  # Cy follows with R8
    assert state.tricks_won == (0, 1, 0)
    assert summary(state).endswith("Ben wins it (red led, trumped with yellow)")
    assert state.log[-1].args["trumped"] is True


def test_the_winner_collects_the_trick_and_leads_the_next() -> None:
    state = build([["R4", "G1"], ["R7", "G2"], ["B8", "G3"]], trick_number=1)
    state = act(state, PlayCard(position=0))
    assert summary(state) == "Ana played R4 (trick 1)"
    assert state.current == 1 and state.trick == plays((0, "R4"))
    state = act(state, PlayCard(position=0))
    state = act(state, PlayCard(position=0))
    assert state.trick == () and state.tricks_won == (0, 1, 0)
    assert state.trick_number == 2 and state.leader == 1 and state.current == 1
    assert RULES.to_act(state) == frozenset({1})
    # the leader may play any card
    assert RULES.legal_actions(state, 1) == (PlayCard(position=0),)


def test_the_leader_may_play_any_card() -> None:
    state = build([["R1", "Y2", "G3", "B4", "P5"], ["R2", "R3", "R4", "R5", "R6"], ["G1", "G2", "G4", "G5", "G6"]])
    assert RULES.legal_actions(state, 0) == tuple(PlayCard(position=i) for i in range(5))


def test_a_player_holding_the_led_colour_must_follow() -> None:
    state = build([["R1", "G3"], ["Y5", "R9", "B2"], ["G1", "G2"]], trick=[(0, "R4")], leader=0)
    assert state.current == 1
    assert RULES.legal_actions(state, 1) == (PlayCard(position=1),)
    refused = assert_illegal(state, 1, PlayCard(position=0), "must_follow", colour="R")
    assert narrator(state).refusal(refused) == "You must follow red: you hold a red card"
    assert_illegal(state, 1, PlayCard(position=2), "must_follow", colour="R")
    after = act(state, PlayCard(position=1))
    assert labels(after.hands[1]) == ["Y5", "B2"]


def test_a_player_without_the_led_colour_may_play_anything_trumping_not_forced() -> None:
    state = build([["R1"], ["Y5", "G9", "B2"], ["G1"]], trick=[(0, "R4")], leader=0)
    assert RULES.legal_actions(state, 1) == tuple(PlayCard(position=i) for i in range(3))
    for pos in range(3):
        act(state, PlayCard(position=pos))


def test_yellow_led_must_be_followed_with_yellow() -> None:
    state = build([["Y1"], ["R5", "Y3", "Y7"], ["G1"]], trick=[(0, "Y2")], leader=0)
    assert RULES.legal_actions(state, 1) == (PlayCard(position=1), PlayCard(position=2))
    refused = assert_illegal(state, 1, PlayCard(position=0), "must_follow", colour="Y")
    assert narrator(state).refusal(refused) == "You must follow yellow: you hold a yellow card"


def test_playing_a_card_removes_it_and_keeps_the_order_of_the_rest() -> None:
    state = build([["R1", "Y2", "G3", "B4", "P5"], ["R2"], ["R3"]])
    state = act(state, PlayCard(position=2))
    assert labels(state.hands[0]) == ["R1", "Y2", "B4", "P5"]
    assert state.trick == plays((0, "G3"))


@pytest.mark.parametrize("position", [10, 3, -1, "2"])
def test_there_is_no_card_at_that_position(position: object) -> None:
    state = build([["R1", "Y2", "G3"], ["R2", "R4", "R5"], ["R3", "R6", "R7"]])
    shown = position if isinstance(position, int) else None
    refused = assert_illegal(state, 0, PlayCard.model_construct(position=position), "no_such_card", position=shown, held=3)
    assert narrator(state).refusal(refused) == "There is no such card: you hold 3 cards"


def test_ten_tricks_per_round_every_card_played_once() -> None:
    state = RULES.setup(NAMES[:4], LuzOptions(), "ten")
    for _ in range(4):
        state = act(state, Bid(tricks=2))
    played = []
    tricks = 0
    while state.round == 1:
        before = state.trick_number
        seat = state.current
        pos = RULES.legal_actions(state, seat)[-1].position
        played.append(state.hands[seat][pos])
        state = act(state, PlayCard(position=pos))
        if state.round == 1 and state.trick_number != before:
            tricks += 1
    assert tricks + 1 == 10 and len(played) == 40 and len(set(played)) == 40
    assert sum(r.tricks for r in state.results[0]) == 10


# Scoring ---------------------------------------------------------------------------------------------


def test_worked_bead_examples() -> None:
    assert round_points(1, 3, False, 3) == 10  # bid 3, no bead, won 3
    assert round_points(1, 3, True, 4) == 5  # bid 3 with the bead, won 4
    assert round_points(1, 3, True, 2) == -5  # bid 3 with the bead, won 2
    assert round_points(1, 3, True, 6) == -15  # bid 3 with the bead, won 6


@pytest.mark.parametrize(("round_no", "full", "half"), [(1, 10, 5), (2, 20, 10), (3, 30, 15), (4, 40, 20)])
def test_success_points_by_round_halved_with_the_bead(round_no: int, full: int, half: int) -> None:
    assert round_points(round_no, 4, False, 4) == full
    assert round_points(round_no, 4, True, 4) == half
    assert round_points(round_no, 4, True, 5) == half


def test_failure_costs_five_per_trick_of_difference_bead_or_not() -> None:
    for r in range(1, 5):
        assert round_points(r, 3, False, 5) == -10
        assert round_points(r, 3, False, 0) == -15
        assert round_points(r, 3, True, 0) == -15
        assert round_points(r, 3, True, 5) == -10  # the bead forgives one extra trick, not two
        assert round_points(r, 3, False, 4) == -5
        assert round_points(r, 10, False, 0) == -50


def test_bid_zero_with_and_without_the_bead() -> None:
    assert round_points(2, 0, False, 0) == 20
    assert round_points(2, 0, False, 1) == -5
    assert round_points(2, 0, True, 0) == 10
    assert round_points(2, 0, True, 1) == 10
    assert round_points(2, 0, True, 2) == -10


def test_worked_total_10_plus_10_minus_5_plus_20_is_35() -> None:
    sheet = [round_points(1, 3, False, 3), round_points(2, 2, True, 3), round_points(3, 2, False, 1), round_points(4, 4, True, 5)]
    assert sheet == [10, 10, -5, 20] and sum(sheet) == 35
    state = last_trick(
        3, 4, results=rows((10, 0, 0), (10, 0, 0), (-5, 0, 0)), bids=(4, 3, 3), beads=(True, False, False),
        tricks_won=(5, 2, 2),
    )
    state = finish_trick(state)  # Cy wins the last trick
    assert state.results[3][0] == RoundResult(bid=4, bead=True, tricks=5, points=20)
    assert totals(state)[0] == 35
    out = RULES.outcome(state)
    assert out is not None and out.scores[0] == 35


def test_the_round_is_scored_and_the_next_one_dealt() -> None:
    state = last_trick(
        3, 1, results=(), bids=(3, 2, 5), beads=(False, True, True), tricks_won=(3, 3, 3), marker=1, leader=1
    )
    assert state.dealer == 0
    state = finish_trick(state)  # Cy's R3 wins: tricks 3, 3, 4
    assert state.results == (
        (
            RoundResult(bid=3, bead=False, tricks=3, points=10),
            RoundResult(bid=2, bead=True, tricks=3, points=5),
            RoundResult(bid=5, bead=True, tricks=4, points=-5),
        ),
    )
    assert "Round 1 points: Ana +10, Ben +5, Cy -5" in summary(state)
    assert summary(state).startswith("Trick 10: Ben R2 · Cy R3 · Ana R1 — Cy wins it (red led)")
    publics = public_lines(state)
    assert "Round 1: Ben bid 2 + safety bead and won 3: +5 (total 5)" in publics
    assert publics[-1].startswith("Round 2: Ben deals; the start marker passes to Cy")
    # the next round: the old marker holder deals, everything reset
    assert state.round == 2 and state.phase == "bid" and state.dealer == 1 and state.marker == 2
    assert state.first == state.current == 2
    assert state.bids == (None,) * 3 and state.beads == (False,) * 3 and state.tricks_won == (0, 0, 0)
    assert state.trick_number == 1 and state.trick == ()
    assert all(len(h) == 10 for h in state.hands) and len(state.set_aside) == 10
    assert [s.total for s in RULES.view(state, None).status] == [10, 5, -5]


def test_the_game_ends_after_round_four() -> None:
    state = last_trick(
        4, 4, results=rows((0, 0, 0, 10), (0, 0, 0, 0), (0, 0, 0, 0)), bids=(3, 3, 3, 1), tricks_won=(3, 3, 3, 0)
    )
    state = finish_trick(state)
    assert state.phase == "over" and len(state.results) == 4
    assert RULES.to_act(state) == frozenset()
    assert all(tuple(RULES.legal_actions(state, s)) == () for s in range(4))
    assert RULES.turn_label(state).kind == "position_over"
    assert narrator(state).say(RULES.turn_label(state)) == "Game over"
    assert "Game over: Dee wins with 50 points" in summary(state)
    for seat in range(4):
        assert_illegal(state, seat, Bid(tricks=1), "game_over")
        assert_illegal(state, seat, PlayCard(position=0), "game_over")


def test_outcome_is_none_until_the_game_is_over() -> None:
    assert RULES.outcome(RULES.setup(NAMES[:3], LuzOptions(), "x")) is None


# Final result and tie-breaks -------------------------------------------------------------------------


def finished(per_round: list[tuple[int, ...]], marker: int) -> LuzState:
    n = len(per_round[0])
    return build([[] for _ in range(n)], phase="over", round=4, trick_number=10, marker=marker, first=marker,
                 results=rows(*per_round))


def test_highest_total_wins() -> None:
    state = finished([(10, 10, 0), (20, -10, 0), (-5, 30, 0), (0, 5, 40)], marker=0)
    out = RULES.outcome(state)
    assert out is not None
    assert out.scores == (25, 35, 40) and out.winners == (2,) and out.ranking == ((2,), (1,), (0,))
    assert headline_of(state, out) == "Cy wins with 40 points"
    assert details_of(state, out)[:3] == (
        "1. Cy: 40 points (rounds: +0, +0, +0, +40)",
        "2. Ben: 35 points (rounds: +10, -10, +30, +5)",
        "3. Ana: 25 points (rounds: +10, +20, -5, +0)",
    )
    assert len(details_of(state, out)) == 3 and not out.cooperative


def test_tie_on_total_goes_to_the_higher_round_four_score() -> None:
    state = finished([(10, 10, 0, 0), (10, 10, 0, 0), (-5, 5, 0, 0), (20, 10, 0, 0)], marker=1)
    out = RULES.outcome(state)
    assert out is not None
    assert out.scores[:2] == (35, 35) and out.winners == (0,)
    assert out.ranking == ((0,), (1,), (2,), (3,))
    assert headline_of(state, out) == "Ana wins with 35 points after a tie-break"
    assert "Ana and Ben tied on 35; Ana scored more in round 4 (20 against 10)" in details_of(state, out)
    assert "Cy and Dee tied on 0 and also in round 4 (0); Cy sits nearest clockwise from the start player, Ben" in details_of(state, out)


def test_tie_on_total_and_round_four_goes_to_the_holder_first() -> None:
    state = finished([(10, 10, 0), (10, 10, 0), (5, 5, 0), (10, 10, 0)], marker=1)
    out = RULES.outcome(state)
    assert out is not None and out.winners == (1,) and out.ranking == ((1,), (0,), (2,))
    assert "Ben and Ana tied on 35 and also in round 4 (10); Ben holds the start marker and goes first" in details_of(state, out)


def test_tie_on_total_and_round_four_goes_nearest_clockwise_from_the_holder() -> None:
    state = finished([(10, 0, 10, 0), (10, 0, 10, 0), (5, 0, 5, 0), (10, 0, 10, 0)], marker=3)
    out = RULES.outcome(state)
    assert out is not None and out.winners == (0,) and out.ranking == ((0,), (2,), (3,), (1,))
    assert "Ana and Cy tied on 35 and also in round 4 (10); Ana sits nearest clockwise from the start player, Dee" in details_of(state, out)
    state = finished([(10, 0, 10, 0), (10, 0, 10, 0), (5, 0, 5, 0), (10, 0, 10, 0)], marker=1)
    assert RULES.outcome(state).ranking == ((2,), (0,), (1,), (3,))  # type: ignore[union-attr]


def test_ties_inside_ties_resolve() -> None:
    # Ana, Ben and Cy tie on 35; Ben and Cy also tie in round 4 (10) below Ana's 20; Dee holds the marker
    state = finished([(5, 15, 15, 0), (10, 10, 10, 0), (0, 0, 0, 0), (20, 10, 10, 0)], marker=3)
    out = RULES.outcome(state)
    assert out is not None
    assert out.ranking == ((0,), (1,), (2,), (3,)) and out.winners == (0,)
    text = (
        "Ana, Ben and Cy tied on 35; round 4 decides: Ana 20, Ben 10, Cy 10; "
        "Ben and Cy also tied in round 4 (10); Ben sits nearest clockwise from the start player, Dee"
    )
    assert text in details_of(state, out)
    # the same tie with Cy holding the start marker: Cy now ranks above Ben
    state = finished([(5, 15, 15, 0), (10, 10, 10, 0), (0, 0, 0, 0), (20, 10, 10, 0)], marker=2)
    out = RULES.outcome(state)
    assert out is not None and out.ranking == ((0,), (2,), (1,), (3,))
    assert any("Cy holds the start marker and goes first" in d for d in details_of(state, out))
    # three tied on everything: the clockwise order from the holder decides all of it
    state = finished([(10, 10, 10, 0, 0), (0, 0, 0, 0, 0), (0, 0, 0, 0, 0), (10, 10, 10, 0, 0)], marker=1)
    out = RULES.outcome(state)
    assert out is not None and out.ranking == ((1,), (2,), (0,), (3,), (4,))
    assert any(d == "Ben, Cy and Ana tied on 20 and also in round 4 (10); Ben holds the start marker and goes first, then Cy, then Ana" for d in details_of(state, out))
    assert "Dee and Eve tied on 0 and also in round 4 (0); Dee sits nearest clockwise from the start player, Ben" in details_of(state, out)


def test_final_order_helper() -> None:
    assert final_order((35, 35, 35, 0), (20, 10, 10, 0), 3) == [0, 1, 2, 3]
    assert final_order((35, 35, 35, 0), (20, 10, 10, 0), 2) == [0, 2, 1, 3]
    assert final_order((35, 35, 35, 0), (10, 10, 10, 0), 1) == [1, 2, 0, 3]


# Illegal actions -------------------------------------------------------------------------------------


def test_only_the_current_seat_may_act() -> None:
    state = RULES.setup(NAMES[:3], LuzOptions(), "turns")
    cur = state.current
    other = (cur + 1) % 3
    assert_illegal(state, other, Bid(tricks=1), "not_your_turn", seat=other)
    assert_illegal(state, 7, Bid(tricks=1), "not_your_turn", seat=7)
    assert_illegal(state, cur, "bid 3", "unknown_action")
    for _ in range(3):
        state = act(state, Bid(tricks=1))
    cur = state.current
    assert_illegal(state, (cur + 2) % 3, PlayCard(position=0), "not_your_turn")


def test_illegal_actions_raise_and_leave_the_state_equal() -> None:
    state = build([["R1", "G3"], ["Y5", "R9", "B2"], ["G1", "G2"]], trick=[(0, "R4")], leader=0)
    for seat, action, code in [
        (0, PlayCard(position=0), "not_your_turn"),
        (1, PlayCard(position=0), "must_follow"),
        (1, PlayCard(position=5), "no_such_card"),
        (1, Bid(tricks=2), "bidding_over"),
    ]:
        assert_illegal(state, seat, action, code)


# Labels and log ---------------------------------------------------------------------------------------


def test_turn_label_and_public_summary() -> None:
    state = RULES.setup(NAMES[:3], LuzOptions(), "label")
    said = narrator(state).say
    assert said(RULES.turn_label(state)) == "Round 1 · bidding"
    assert RULES.last_public_event(state) == state.log[-1] and state.log[-1].kind == "deal"
    assert summary(state) == last_line(state)
    for _ in range(3):
        state = act(state, Bid(tricks=1))
    assert said(RULES.turn_label(state)) == "Round 1 · trick 1"
    for _ in range(3):
        state = play_first_legal(state)
    assert said(RULES.turn_label(state)) == "Round 1 · trick 2"
    assert summary(state).startswith("Trick 1: ")


def test_the_log_records_bids_winners_and_rounds_but_no_cards() -> None:
    """What a seat can read back (its View's log) names no card; the public log names each card once
    played, for the pass-the-device screen (issue 11)."""
    state = RULES.setup(NAMES[:3], LuzOptions(), "log")
    labels_played = []
    while state.phase != "over":
        seat = state.current
        action = RULES.legal_actions(state, seat)[0]
        if state.phase == "play":
            labels_played.append(state.hands[seat][action.position].label)  # type: ignore[union-attr]
        state = RULES.apply(state, seat, action)
    text = "\n".join(read_back(state, None))
    assert len(labels_played) == 120
    assert re.search(r"\b[RYGBP]\d+\b", text) is None
    assert not any("card" in e.args or "cards" in e.args for e in RULES.view(state, None).log)
    assert re.findall(r"(?:led|played) ([RYGBP]\d+)", "\n".join(public_lines(state))) == labels_played
    assert text.count(" won trick ") == 40
    kinds = [e.kind for e in state.log]
    assert kinds.count("bid") == 12 and kinds.count("deal") == 4 and kinds.count("round_score") == 12
    assert all(e.public for e in state.log)
    assert last_line(state).startswith("Game over: ")
