"""Luz's computer players: legal and reproducible, blind to what their seat cannot see, and sensible in
positions whose right move is plain."""

from __future__ import annotations

import random

import pytest

from boardgames_tui.arena import play_game
from boardgames_tui.bots import BOTS
from boardgames_tui.bots.luz import (
    HardBot,
    Seen,
    best_card,
    card_id,
    easy_bid,
    estimate_tricks,
    expected_order_values,
    judged_points,
    play_out,
)
from boardgames_tui.engine.luz.models import Bid, LuzOptions, LuzState, Play, PlayCard
from boardgames_tui.engine.luz.rules import RULES, trick_winner

from ..engine.luz.helpers import NAMES, build, card, resample_own_numbers

LEVELS = ("random", "easy", "hard")
DIRECTIONS = ("random", "high on the right", "high on the left")


def _midgame(players: int, seed: int, steps: int, direction: str = "random") -> LuzState:
    """A position reached by random legal play."""
    rng = random.Random(seed)
    state = RULES.setup(NAMES[:players], LuzOptions(sort_direction=direction), f"bots-{seed}")  # type: ignore[arg-type]
    for _ in range(steps):
        if not RULES.to_act(state):
            break
        state = RULES.apply(state, state.current, rng.choice(tuple(RULES.legal_actions(state, state.current))))
    return state


def _decide(level: str, state: LuzState, seed: int = 7):  # type: ignore[no-untyped-def]
    return BOTS["luz"][level]().choose(RULES.view(state, state.current), random.Random(seed))


# (a) legal actions ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_level_plays_legal_actions(players: int) -> None:
    for i, steps in enumerate((0, 2, 9, 27, 48, 96, 131)):
        state = _midgame(players, 100 * players + i, steps, DIRECTIONS[i % 3])
        if RULES.outcome(state) is not None:
            continue
        legal = RULES.legal_actions(state, state.current)
        for level in LEVELS:
            assert _decide(level, state, i) in legal


# (b) nothing hidden from the seat changes its decision ------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_decisions_ignore_the_seats_hidden_cards(players: int) -> None:
    rng = random.Random(players)
    for i, steps in enumerate((0, 1, 5, 14, 33, 57, 90)):
        state = _midgame(players, 7 * players + i, steps, DIRECTIONS[i % 3])
        if RULES.outcome(state) is not None:
            continue
        seat = state.current
        other = resample_own_numbers(state, seat, rng)
        assert other.hands[seat] != state.hands[seat] or other.set_aside != state.set_aside
        for level in LEVELS:
            assert _decide(level, state, i) == _decide(level, other, i), (level, steps)


def test_same_view_and_seed_give_the_same_decision() -> None:
    state = _midgame(4, 3, 4)
    assert _decide("hard", state, 11) == _decide("hard", state, 11)


# (c) whole games end ---------------------------------------------------------------------------------


@pytest.mark.parametrize("levels", [("hard", "easy", "random"), ("easy", "random", "easy", "random", "easy")])
def test_arena_games_end(levels: tuple[str, ...]) -> None:
    result = play_game("luz", levels, "bots-test", 0, ())
    assert result.finished
    assert all(0.0 <= seat.figures["bid_accuracy"] <= 1.0 for seat in result.seats)


# (d) the bots' reasoning -------------------------------------------------------------------------------


def test_integer_tricks_are_won_as_the_engine_says() -> None:
    rng = random.Random(5)
    deck = [(c, k) for c in "RYGBP" for k in range(1, 13)]
    for _ in range(500):
        played = rng.sample(deck, rng.randint(1, 5))
        plays = [Play(seat=i, card=card(f"{c}{k}")) for i, (c, k) in enumerate(played)]
        assert best_card([card_id(c, k) for c, k in played]) == trick_winner(plays).seat


def test_expected_order_values() -> None:
    assert expected_order_values((1, 2, 3, 4), 4) == (1.0, 2.0, 3.0, 4.0)
    assert expected_order_values((2, 5), 1) == (3.5,)
    low, high = expected_order_values((1, 2, 3, 4, 5, 6, 7, 8), 2)
    assert low == pytest.approx(3.0) and high == pytest.approx(6.0)


def test_drawn_hands_agree_with_what_the_seat_sees() -> None:
    state = _midgame(4, 21, 0, "high on the left")
    view = RULES.view(state, state.current)
    seen = Seen(view)
    visible = {card_id(c, k) for hv in view.hands if hv.numbers for c, k in zip(hv.colours, hv.numbers)}
    rng = random.Random(0)
    for _ in range(20):
        mine = seen.sample_hand(rng)
        assert [c >> 4 for c in mine] == seen.my_colours
        assert not set(mine) & visible and len(set(mine)) == len(mine)
        for a, b in zip(mine, mine[1:]):
            if a >> 4 == b >> 4:
                assert a > b  # high numbers on the left


def _bidding(hands: list[list[str]]) -> LuzState:
    return build(hands, phase="bid", bids=(None,) * len(hands), current=0, first=0)


def test_hard_bids_every_trick_with_every_trump_and_the_top_cards() -> None:
    # seat 0 holds all eight yellows of the 3-player deck (its colours tell it so) and the red and green 8s,
    # which nobody can trump: it takes all ten tricks, and the full bid pays more than the bead
    mine = ["R8", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "G8"]
    left = ["R1", "R2", "R3", "G1", "G2", "G3", "B1", "B2", "B3", "P1"]
    right = ["R4", "R5", "R6", "G4", "G5", "G6", "B4", "B5", "B6", "P2"]
    state = _bidding([mine, left, right])
    assert _decide("hard", state) == Bid(tricks=10, bead=False)
    easy = _decide("easy", state)
    assert easy.tricks + easy.bead >= 9


def test_hard_bids_nothing_with_no_trumps_and_the_low_cards() -> None:
    mine = ["R1", "R2", "G1", "G2", "B1", "B2", "B3", "P1", "P2", "P3"]
    left = ["R7", "R8", "Y7", "Y8", "G7", "G8", "B7", "B8", "P7", "P8"]
    right = ["R5", "R6", "Y5", "Y6", "G5", "G6", "B5", "B6", "P5", "P6"]
    state = _bidding([mine, left, right])
    assert _decide("hard", state).tricks == 0
    assert _decide("easy", state).tricks == 0


def test_hard_weighs_the_bids_its_playouts_favour_not_only_those_near_the_card_count() -> None:
    # seat 1 holds five purples and nobody else holds one: counted card by card they look like 3 or 4
    # tricks, but its yellows are low and the others can never lead purple, so it never gets the lead
    # to cash them and takes nothing (as it did at the table after bidding 3). Its playouts say so; the
    # bids it weighs must reach that far.
    hands = [
        ["R8", "R6", "R3", "Y4", "Y1", "G3", "G1", "B7", "B5", "B1"],
        ["R4", "Y2", "Y5", "G4", "G6", "P1", "P2", "P6", "P7", "P8"],
        ["Y3", "Y7", "Y8", "G2", "G5", "G7", "B2", "B3", "B4", "B6"],
    ]
    state = build(
        hands, phase="bid", bids=(4, None, 5), first=2, leader=2, current=1, high_sides=("left", "right", "right"),
        set_aside=["P5", "R2", "R5", "P4", "R7", "B8", "G8", "Y6", "P3", "R1"],
    )
    assert _decide("easy", state).tricks >= 3
    assert _decide("hard", state) == Bid(tricks=0, bead=False)


def _long_greens() -> LuzState:
    # A four-player deal (dev games, round 1): seat 2 bids first and leads, holding five greens with the
    # 10 and 9 on top, one middling yellow and little else. Every playout of the bid-seeking rule cashes
    # the greens, but the others hold few greens and will trump them; at the table it bid 5 and took 1.
    hands = [
        ["R1", "Y2", "Y4", "G4", "B2", "B8", "P3", "P6", "P7", "P8"],
        ["R4", "R7", "R8", "Y6", "Y10", "G2", "B1", "B3", "P2", "P9"],
        ["R3", "Y7", "G3", "G6", "G7", "G9", "G10", "B4", "P1", "P4"],
        ["R2", "R5", "Y3", "Y5", "Y9", "G5", "B5", "B9", "P5", "P10"],
    ]
    return build(
        hands, phase="bid", bids=(None,) * 4, first=2, leader=2, current=2, marker=2,
        set_aside=["R10", "G8", "R6", "B7", "Y1", "R9", "B6", "B10", "G1", "Y8"],
    )


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_bids_what_holds_up_when_the_play_goes_otherwise(seed: int) -> None:
    state = _long_greens()
    view = RULES.view(state, 2)
    # Playouts that follow the rule card for card are sure of the greens (the control: they bid 5) ...
    assert HardBot(bid_stray=0.0).choose(view, random.Random(seed)).tricks == 5
    # ... playouts in which a card now and then strays are not, and the bid comes down.
    assert HardBot().choose(view, random.Random(seed)).tricks <= 3


def _two_seat_playout(hands: list[list[str]], trick: list[str], stray: float, seed: int) -> tuple[int, ...]:
    ids = [[card_id(x[0], int(x[1:])) for x in h] for h in hands]
    led = [card_id(x[0], int(x[1:])) for x in trick]
    value = [float(c & 15) for c in range(16 * 5)]
    hidden: dict[int, list[int]] = {col: [] for col in range(5)}
    return tuple(play_out(ids, led, 0, [0, 0], [1, 1], value, hidden, stray, random.Random(seed)))


def test_playouts_stray_only_to_legal_cards() -> None:
    # Seat 0 led R3 and keeps G5; seat 1 holds R1 and Y2. Following red, seat 1 loses the first trick and
    # trumps the green: one trick each. Trumping the red at once would give seat 1 both.
    assert {_two_seat_playout([["G5"], ["R1", "Y2"]], ["R3"], 1.0, seed) for seed in range(30)} == {(1, 1)}


def test_straying_playouts_vary_where_the_rule_does_not() -> None:
    hands = [["R3", "R6", "R9"], ["R2", "R5", "R8"]]
    assert len({_two_seat_playout(hands, [], 0.0, seed) for seed in range(30)}) == 1
    assert len({_two_seat_playout(hands, [], 1.0, seed) for seed in range(30)}) > 1


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_trumps_when_short_of_the_bid_and_keeps_out_when_it_is_met(level: str) -> None:
    # last to play to a red trick with no red: the yellow card surely wins it, the green one surely loses
    # (two tricks left: short of a bid of 2 it must win both; with its bid of 1 met it must lose both)
    trick = [(0, "R7"), (1, "R4")]
    hands = [["G3"], ["B5"], ["Y3", "G6"]]
    short = build(hands, trick=trick, bids=(0, 0, 2), tricks_won=(8, 0, 0), trick_number=9)
    met = build(hands, trick=trick, bids=(0, 0, 1), tricks_won=(7, 0, 1), trick_number=9)
    assert _decide(level, short) == PlayCard(position=0)
    assert _decide(level, met) == PlayCard(position=1)


def test_a_miss_by_two_weighs_more_than_its_points() -> None:
    assert judged_points(1, 3, False, 3) == 10 and judged_points(1, 3, False, 4) == -5
    assert judged_points(1, 3, False, 5) < -10 and judged_points(1, 3, False, 1) < -10
    assert judged_points(1, 3, True, 4) == 5  # the bead's extra trick is a success


def test_hard_takes_a_chance_on_avoiding_a_miss_by_two() -> None:
    # seat 1 bid 2 and has 3 tricks, two to go; it has no purple, so it plays its yellow or its green to
    # the purple lead that seat 0 trumped with yellow 3. Keeping the yellow makes it trump the blue 8 next,
    # a certain 4 (missed by two); playing it now keeps it at 3 if it is the yellow 1 or 2 (2 in 7), at
    # the risk of 5. Points alone prefer the certain -10; Hard takes the chance.
    state = build(
        [["B8"], ["Y6", "G4"], ["R3"]], trick=[(2, "P4"), (0, "Y3")], bids=(1, 2, 4), tricks_won=(1, 3, 4),
        trick_number=9,
    )
    assert _decide("hard", state) == PlayCard(position=0)


def test_hard_bot_draw_counts_are_settings() -> None:
    state = _midgame(3, 1, 0)
    small = HardBot(bid_draws=4, play_draws=2).choose(RULES.view(state, state.current), random.Random(0))
    assert small in RULES.legal_actions(state, state.current)


def test_easy_bid_rounds_up_from_seven_tenths_and_takes_the_bead_from_three() -> None:
    assert easy_bid(2.2) == (2, False)
    assert easy_bid(2.5) == (2, True)
    assert easy_bid(2.7) == (3, False)
    assert easy_bid(10.8) == (10, False)


def test_draws_leave_out_the_trick_just_won() -> None:
    # the seat saw every card of the last trick as it was played: none of them can be in its hand
    state = _midgame(4, 8, 4 + 4 + 2)  # four bids, one full trick, two cards of the next
    view = RULES.view(state, state.current)
    assert view.last_trick is not None and view.last_trick.round == view.round
    shown = {card_id(p.card.colour, p.card.number) for p in view.last_trick.plays}
    seen = Seen(view)
    assert shown & {col << 4 | k for col, ks in seen.unseen.items() for k in ks}  # face down for the others
    rng = random.Random(1)
    for _ in range(50):
        assert not set(seen.sample_hand(rng)) & shown


def test_worlds_give_each_seat_the_beliefs_it_has_at_the_table() -> None:
    # a blind seat's belief is the expectation over what it cannot see: its own cards and those face down
    state = _midgame(3, 4, 0)
    seen = Seen(RULES.view(state, state.current))
    hands, value, hidden = seen.world(seen.sample_hand(random.Random(2)))
    other = (seen.me + 1) % 3
    for col in range(5):
        own = sorted(c for c in hands[other] if c >> 4 == col)
        if own:
            pool = tuple(sorted(hidden[col] + [c & 15 for c in own]))
            assert [value[c] for c in own] == list(expected_order_values(pool, len(own)))


def test_playouts_move_the_beliefs_as_tricks_are_turned_face_down() -> None:
    # as at the table, a blind seat's pool grows with every won trick: seat 0 holds red 2 and red 3 and,
    # with reds 1 and 4 face down, expects 1.67 and 3.33; it sheds the "3.33" under the red 8, and the
    # trick (red 3, 7, 8) goes face down, so it now expects its last red to be the mean of {1,2,3,4,7,8}
    red, green = (lambda k: card_id("R", k)), (lambda k: card_id("G", k))
    hands = [[red(2), red(3)], [green(2)], [green(3)]]
    value = [float(c & 15) for c in range(80)]
    value[red(2)], value[red(3)] = expected_order_values((1, 2, 3, 4), 2)
    hidden: dict[int, list[int]] = {col: [] for col in range(5)}
    hidden[0] = [1, 4]
    won = play_out(hands, [red(7), red(8)], 1, [0, 0, 0], [0, 0, 0], value, hidden)
    assert won == [0, 0, 2]
    assert sorted(hidden[0]) == [1, 3, 4, 7, 8]
    assert value[red(2)] == pytest.approx(25 / 6)


def test_bids_already_made_weigh_the_draws() -> None:
    # a draw under which an earlier seat would have bid just what it bid explains the table best
    state = _midgame(4, 5, 2)  # two seats have bid
    seen = Seen(RULES.view(state, state.current))
    hands, value, _ = seen.world(seen.sample_hand(random.Random(3)))
    bidders = [s for s, b in enumerate(seen.bids) if b is not None]
    for s in bidders:
        seen.bids[s], seen.beads[s] = easy_bid(estimate_tricks(s, hands, value))
    assert seen.bid_likelihood(hands, value) == 1.0
    seen.bids[bidders[0]] = (seen.bids[bidders[0]] or 0) + 2
    assert seen.bid_likelihood(hands, value) == pytest.approx(0.3**2)


def test_hard_with_its_bid_made_leads_a_card_that_loses_among_those_that_score_alike() -> None:
    # A tester's game: Ben (Hard) had made his bid of 3 and held R1 G8 G4 G3; nobody else held red, and
    # Chloé's only green was G7. Every card scored alike in the playouts (the rule has Ana trump a red
    # lead), and the first, R1, was led; Ana did not trump, and Ben took 5. Among cards that score alike,
    # the one that holds up when play strays: a green that G7 beats.
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parent / "data" / "luz_bid_made_lead.json").read_text(encoding="utf-8"))
    state = RULES.setup(tuple(data["players"]), RULES.Options.model_validate(data["options"]), data["seed"])
    for move in data["actions"]:
        action = next(a for a in RULES.legal_actions(state, move["seat"]) if a.model_dump() == move["action"])
        state = RULES.apply(state, move["seat"], action)
    ben = 1
    assert [(c.colour, c.number) for c in state.hands[ben]] == [("R", 1), ("G", 8), ("G", 4), ("G", 3)]
    view = RULES.view(state, ben)
    assert not view.trick and view.legal_actions
    chosen = [HardBot().choose(view, random.Random(seed)).position for seed in range(10)]
    assert 0 not in chosen, "never the red nobody can follow"
    assert sum(position in (2, 3) for position in chosen) >= 8, chosen  # G4 or G3: Chloé's G7 takes the trick
