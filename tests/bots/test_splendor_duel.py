"""Splendor Duel's computer players: legal, blind to what their seat cannot see, and sensible."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui import blunders
from boardgames_tui.arena import play_game
from boardgames_tui.bots import BOTS, decision_rng
from boardgames_tui.bots import splendor_duel as bots
from boardgames_tui.bots import splendor_duel_reference as reference
from boardgames_tui.engine.splendor_duel.cards import cost_after_bonuses, shortfall
from boardgames_tui.engine.splendor_duel.data import CARDS, JOKER
from boardgames_tui.engine.splendor_duel.lines import EMPTY, LINES
from boardgames_tui.engine.splendor_duel.models import Buy, Replenish, Reserve, SplendorDuelState, TakeTokens
from boardgames_tui.engine.splendor_duel.rules import RULES
from tests.blunders.helpers import steps_of
from tests.engine.splendor_duel.helpers import NAMES, board, build, check_conservation, player, random_midgame, resample_hidden, tokens


LEVELS = sorted(BOTS["splendor_duel"])


@pytest.fixture
def quick_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small search budget where only legality and the ending matter (the arena measures strength)."""
    monkeypatch.setattr(bots, "HARD_ITERATIONS", 15)
    monkeypatch.setattr(bots, "STRONGEST_ITERATIONS", 15)
    monkeypatch.setattr(reference, "ITERATIONS", 15)


def test_levels() -> None:
    assert {"random", "greedy", "easy", "hard", "strongest"} <= set(LEVELS)
    # Strongest is Hard's search given more iterations (the arena measured what they buy).
    assert BOTS["splendor_duel"]["strongest"]().iterations > BOTS["splendor_duel"]["hard"]().iterations


@pytest.mark.usefixtures("quick_search")
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_actions(level: str) -> None:
    for seed in range(3):
        state = RULES.setup(NAMES, None, f"legal-{level}-{seed}")
        for n in range(40):
            if not RULES.to_act(state):
                break
            seat = state.current
            view = RULES.view(state, seat)
            action = BOTS["splendor_duel"][level]().choose(view, decision_rng(state.seed, n, seat))
            assert action in view.legal_actions
            state = RULES.apply(state, seat, action)


@pytest.mark.parametrize("level", LEVELS)
def test_decision_ignores_what_the_seat_cannot_see(level: str) -> None:
    shuffle = random.Random(7)
    checked = 0
    for seed, steps in ((1, 30), (2, 60), (3, 90), (4, 45)):
        state = random_midgame(seed, steps, reserve_bias=0.4, deal="bots")
        if not RULES.to_act(state):
            continue
        seat = state.current
        before = BOTS["splendor_duel"][level]().choose(RULES.view(state, seat), random.Random(seed))
        for _ in range(2):
            other = resample_hidden(state, seat, shuffle)
            after = BOTS["splendor_duel"][level]().choose(RULES.view(other, seat), random.Random(seed))
            assert after == before
        checked += 1
    assert checked >= 3


def test_the_deal_agrees_with_the_view() -> None:
    for seed, steps in ((11, 40), (12, 80), (13, 120)):
        state = random_midgame(seed, steps, reserve_bias=0.8, deal="bots")
        for seat in (0, 1):
            view = RULES.view(state, seat)
            dealer = bots.Dealer(view)
            for k in range(3):
                dealt = dealer.deal(random.Random(k))
                check_conservation(dealt)
                seen = RULES.view(dealt, seat)
                assert seen.legal_actions == view.legal_actions
                assert (seen.board, seen.pyramid, seen.deck_sizes, seen.bag_size) == (view.board, view.pyramid, view.deck_sizes, view.bag_size)
                assert seen.seats[1 - seat].reserved_count == view.seats[1 - seat].reserved_count
                # the opponent's cards reserved face up are the ones the seat saw
                known, _ = bots.opponent_reserves(view)
                assert Counter(known) <= Counter(dealt.seats[1 - seat].reserved)


def test_opponent_reserves_are_read_from_the_log() -> None:
    s = build(board_cells=board("YY...", "RG...", ".....", ".....", "....."), current=1)
    s = RULES.apply(s, 1, Reserve(gold_cell=0, level=3, card=None))
    s = RULES.apply(s, 0, next(a for a in RULES.legal_actions(s, 0) if a.kind == "take_tokens"))
    s = RULES.apply(s, 1, Reserve(gold_cell=1, level=1, card=3))
    view = RULES.view(s, 0)
    known, blind = bots.opponent_reserves(view)
    assert known == [3] and blind == [0, 0, 1]
    dealer = bots.Dealer(view)
    guesses = set()
    for k in range(12):
        hidden = [cid for cid in dealer.deal(random.Random(k)).seats[1].reserved if cid != 3]
        assert len(hidden) == 1 and CARDS[hidden[0]].level == 3
        guesses.add(hidden[0])
    assert len(guesses) > 1  # drawn afresh each deal, not read from anywhere


@pytest.mark.usefixtures("quick_search")
@pytest.mark.parametrize("level", LEVELS)
def test_arena_games_end(level: str) -> None:
    for index in range(2):
        result = play_game("splendor_duel", [level, "greedy"], "bots-test", index, [])
        assert result.finished
        assert sum(seat.won for seat in result.seats) <= 1


# A player holding red cards worth 6 points (bonus 5 in red) and the tokens for card 62, which is worth 4
# red points: buying it reaches 10 points in one colour.
RED_CARDS = (43, 45, 46, 20)
WINNING_CARD = 62


def red_player() -> object:
    return player(tokens(G=2, R=1, K=2), cards=RED_CARDS)


def test_hard_buys_the_winning_card() -> None:
    s = build(
        board_cells=board("Y.W..", "BWB..", "..P..", "K....", "....."),
        seats=(red_player(), player(tokens(W=2, B=1))),
        pyramid=((1, 2, 3, 4, 5), (31, 32, 33, 34), (WINNING_CARD, 56, 57)),
    )
    action = BOTS["splendor_duel"]["hard"]().choose(RULES.view(s, 0), random.Random(1))
    assert isinstance(action, Buy) and action.card == WINNING_CARD
    after = RULES.apply(s, 0, action)
    assert after.winner == 0


def test_hard_reserves_the_card_that_would_win_for_the_opponent() -> None:
    s = build(
        board_cells=board("Y.W..", "BWB..", "..P..", "K....", "....."),
        seats=(player(tokens(W=1)), red_player()),
        pyramid=((1, 2, 3, 4, 5), (31, 32, 33, 34), (WINNING_CARD, 56, 57)),
    )
    n = 0
    while s.current == 0 and s.phase != "over":  # a replenish may come first: the reserve ends the turn
        action = BOTS["splendor_duel"]["hard"]().choose(RULES.view(s, 0), decision_rng("block", n, 0))
        s = RULES.apply(s, 0, action)
        n += 1
    assert WINNING_CARD in s.seats[0].reserved


def test_greedy_buys_the_most_valuable_card_it_can() -> None:
    # card 56 (4 points) and cheaper cards are affordable: the points win
    s = build(
        board_cells=board("Y.R..", "BGB..", "..P..", "K....", "....."),
        seats=(player(tokens(W=4, B=2, K=2, Y=2)), player()),
        pyramid=((1, 2, 3, 4, 5), (31, 32, 33, 34), (55, 56, 57)),
    )
    view = RULES.view(s, 0)
    buys = {a.card for a in view.legal_actions if isinstance(a, Buy)}
    assert 56 in buys and len(buys) > 1
    action = BOTS["splendor_duel"]["greedy"]().choose(view, random.Random(0))
    assert isinstance(action, Buy) and action.card == 56


def test_greedy_takes_tokens_toward_the_nearest_card() -> None:
    # nothing is affordable; card 20 (white 2, blue 3) is nearest, so the line of blues is the take
    s = build(
        board_cells=board("BBB..", ".....", "R....", ".....", "....W"),
        seats=(player(tokens(W=2)), player()),
        pyramid=((20, 0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0)),
    )
    action = BOTS["splendor_duel"]["greedy"]().choose(RULES.view(s, 0), random.Random(0))
    assert action.kind == "take_tokens" and action.cells == (0, 1, 2)


def test_card_gap_is_the_engines_shortfall() -> None:
    # the search's packed sums must agree with the rules' own count of missing tokens
    rng = random.Random(5)
    for _ in range(200):
        p = player(tuple(rng.randrange(4) for _ in range(7)), cards=tuple(rng.sample(sorted(CARDS), rng.randrange(6))))
        for cid, card in CARDS.items():
            expected = 99 if card.colour == JOKER and not any(p.bonuses) else shortfall(cost_after_bonuses(cid, p.bonuses), p.tokens)
            assert bots.card_gap(cid, p) == expected


def test_the_search_scores_token_lines_as_greedy_does() -> None:
    rng = random.Random(6)
    lines = [line for line in LINES if len(line) > 1]
    for _ in range(500):
        cells = rng.choice(lines)
        cells_board = [rng.randrange(6) for _ in range(25)]
        me = player(tuple(rng.randrange(4) for _ in range(7)))
        need = [rng.randrange(3) for _ in range(6)]
        want = [rng.random() for _ in range(6)]
        colours = tuple(cells_board[c] for c in cells)
        fast = bots._lines_score(colours, [0.3 + w for w in want], need, sum(me.tokens) - 10)
        assert fast == pytest.approx(bots.take_score(cells, cells_board, me, need, want))


def test_the_listing_budget_ends_a_search_early(monkeypatch: pytest.MonkeyPatch) -> None:
    # a position with a replenish possible (each deal refills the board its own way, so option lists are
    # often fresh): with a budget of 0.1 listing per iteration, 200 iterations may list options 20 times
    state = random_midgame(21, 70, reserve_bias=0.4, deal="bots")
    while not (state.phase == "start" and any(state.bag) and len(RULES.legal_actions(state, state.current)) > 1):
        state = RULES.apply(state, state.current, RULES.legal_actions(state, state.current)[0])
    listed = 0
    real = bots.candidates

    def counting(*args: object) -> object:
        nonlocal listed
        listed += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(bots, "candidates", counting)
    monkeypatch.setattr(bots, "LISTINGS_PER_ITERATION", 0.1)
    action = bots.search(RULES.view(state, state.current), random.Random(3), 200)
    assert action in RULES.legal_actions(state, state.current)
    assert listed <= 20



# Hard at the token limit (issue #28) -------------------------------------------------------------------

# A board with lines of two and three tokens, a gold, and tokens left in the bag to replenish from.
BOARD = board("RGK..", "GRKBP", ".Y...", "RGK..", ".....")


def hard_turn(state: Any, seat: int, label: str) -> list[tuple[int, Any]]:
    """The moves Hard makes in `seat`'s whole turn from `state`."""
    moves = []
    while state.current == seat and state.phase != "over":
        action = BOTS["splendor_duel"]["hard"]().choose(RULES.view(state, seat), decision_rng(label, len(moves), seat))
        moves.append((seat, action))
        state = RULES.apply(state, seat, action)
    return moves


def certain_blunders(state: Any, moves: list[tuple[int, Any]]) -> list[str]:
    known = blunders.kinds("splendor_duel")
    return [b.kind for b in blunders.find("splendor_duel", steps_of(RULES, state, moves)) if known[b.kind].certain]


def test_hard_at_the_limit_considers_no_take_to_return_no_privilege_and_no_replenish() -> None:
    # ten tokens, two privileges and a bag to replenish from: every line of two or three, every privilege
    # and the replenish would only hand tokens back (or a privilege to the opponent); a reserve exchanges a
    # gem for the gold
    s = build(board_cells=BOARD, seats=(player(tokens(W=4, B=3, G=1, R=1, K=1), privileges=2), player()))
    assert any(s.bag)
    listed = bots.candidates(s, RULES.legal_actions(s, 0))
    assert {a.kind for a in listed} <= {"buy", "take_tokens", "reserve"}
    assert any(a.kind == "buy" for a in listed)
    assert all(len(a.cells) == 1 for a in listed if a.kind == "take_tokens")


@pytest.mark.parametrize("label", ["a", "b", "c"])
def test_hard_at_the_limit_returns_nothing_it_took(label: str) -> None:
    s = build(board_cells=BOARD, seats=(player(tokens(W=4, B=3, G=1, R=1, K=1), privileges=2), player()))
    moves = hard_turn(s, 0, label)
    assert not any(a.kind == "take_tokens" and len(a.cells) > 1 for _, a in moves)
    assert certain_blunders(s, moves) == []


# Only card 2 (three blues) in the pyramid: what the player wants is clear.
ONLY_CARD_2 = ((2, 0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0))


def test_hard_gives_back_a_colour_the_turn_did_not_bring() -> None:
    # a fourth white taken at the limit: greedy gives back the colour the target needs least and the
    # player holds most (white), which undoes the take; Hard gives back another colour
    s = build(
        board_cells=board("W....", ".....", ".Y...", ".....", "....."),
        seats=(player(tokens(W=3, B=1, G=2, R=2, K=2)), player()),
        pyramid=ONLY_CARD_2,
    )
    s = RULES.apply(s, 0, next(a for a in RULES.legal_actions(s, 0) if a.kind == "take_tokens"))
    assert s.phase == "discard" and s.seats[0].tokens[0] == 4
    view = RULES.view(s, 0)
    assert bots.greedy_action(view).colour == 0
    assert BOTS["splendor_duel"]["hard"]().choose(view, random.Random(0)).colour != 0


@pytest.mark.parametrize(
    ("held", "offered"), [(tokens(W=4, B=2, G=1, R=1, P=1), {1}), (tokens(W=4, B=1, G=1, R=1, K=1, P=1), set())]
)
def test_hard_one_short_of_the_limit_spends_a_privilege_only_to_buy(held: tuple[int, ...], offered: set[int]) -> None:
    # nine tokens: a privilege's token fills the hand, so it is worth taking only if it buys a card (with
    # two blues, a third buys card 2; with one, nothing comes within one token)
    s = build(board_cells=BOARD, seats=(player(held, privileges=1), player()), pyramid=ONLY_CARD_2)
    listed = bots.candidates(s, RULES.legal_actions(s, 0))
    assert {s.board[a.cell] for a in listed if a.kind == "use_privilege"} == offered


@pytest.mark.parametrize(("blues", "replenish"), [(2, False), (0, True)])
def test_hard_replenishes_only_for_what_the_board_lacks(blues: int, replenish: bool) -> None:
    # card 2 wants three blues and the board holds one: with two blues in hand the board has the last one, so a
    # replenish would only give the opponent a privilege; with none, the bag's blues are worth the refill
    s = build(board_cells=BOARD, seats=(player(tokens(B=blues, G=1)), player()), pyramid=ONLY_CARD_2)
    assert s.bag[1] > 0
    listed = bots.candidates(s, RULES.legal_actions(s, 0))
    assert any(a.kind == "replenish" for a in listed) == replenish


def _fullness(state: SplendorDuelState) -> float:
    return sum(cell != EMPTY for cell in state.board) / len(state.board)


def test_a_replenish_before_a_purchase_gives_way_to_the_purchase() -> None:
    # card 2 can be bought now; a leaf value that loves a full board makes the search replenish first and
    # then buy. The fuller board brings the buyer nothing: Hard's search buys at once, the old way replenishes.
    s = build(board_cells=BOARD, seats=(player(tokens(B=3, G=1)), player()), pyramid=ONLY_CARD_2)
    view = RULES.view(s, 0)

    def listed(state: SplendorDuelState, legal: Any) -> list[Any]:
        return [a for a in legal if a.kind in ("replenish", "buy")] or list(legal)[:1]

    def run(skip: bool) -> Any:
        rng = random.Random(1)
        return bots.search(view, rng, 200, depth=2, candidates=listed, value=_fullness, skip_idle_replenish=skip)

    assert run(skip=False).kind == "replenish"
    assert run(skip=True) == Buy(card=2, payment=(0, 3, 0, 0, 0, 0, 0))


def _after_replenish(favourite: Any, other: Any) -> bots._Node:
    root = bots._Node(None)
    replenish = root.children[0] = bots._Node(Replenish())
    for visits, action in ((30, favourite), (10, other)):
        child = replenish.children[visits] = bots._Node(action)
        child.visits = visits
    return root


@pytest.mark.parametrize(
    ("favourite", "idle"),
    [
        (Buy(card=2, payment=(0, 3, 0, 0, 0, 0, 0)), True),
        (TakeTokens(cells=(0, 1, 2)), True),  # the top row's three tokens were there before
        (TakeTokens(cells=(3, 4)), False),  # those two cells were empty: the replenish filled them
        (Reserve(gold_cell=11, level=1, card=5), True),  # the gold on the board already
        (Reserve(gold_cell=10, level=1, card=5), False),  # a gold the replenish brought
    ],
)
def test_a_replenish_is_idle_when_its_favourite_follow_up_needs_none_of_its_tokens(favourite: Any, idle: bool) -> None:
    assert BOARD[11] != EMPTY and BOARD[10] == EMPTY and BOARD[3] == BOARD[4] == EMPTY and EMPTY not in BOARD[:3]
    root = _after_replenish(favourite, TakeTokens(cells=(3, 4)) if idle else Buy(card=2, payment=(0, 3, 0, 0, 0, 0, 0)))
    assert bots._replenish_brings_nothing(root, BOARD) is idle


def test_a_replenish_nothing_was_tried_after_is_kept() -> None:
    root = bots._Node(None)
    root.children[0] = bots._Node(Replenish())
    assert bots._replenish_brings_nothing(root, BOARD) is False


def test_hard_reserves_only_cards_the_gold_completes() -> None:
    # card 2 (three blues) lacks one blue, which the gold pays; card 1 can be bought already, so it is
    # bought rather than reserved; the rest are out of reach; no blind reserve
    s = build(board_cells=BOARD, seats=(player(tokens(B=2, G=1, R=1, K=1)), player()))
    listed = bots.candidates(s, RULES.legal_actions(s, 0))
    assert {a.card for a in listed if a.kind == "reserve"} == {2}
    assert 1 in {a.card for a in listed if a.kind == "buy"}


def test_tokens_over_the_limit_are_worth_nothing() -> None:
    assert bots.token_worth(tokens(W=4, B=3, G=3, R=1)) == pytest.approx(bots.token_worth(tokens(W=4, B=3, G=3)))
    assert bots.token_worth(tokens(W=4, B=3, G=2, Y=1)) > bots.token_worth(tokens(W=4, B=3, G=2))


def test_crowns_toward_a_royal_card_count() -> None:
    two_crowns = player(cards=(2, 31))  # one crown each: a third brings a royal card
    assert two_crowns.crowns == 2
    assert bots.royal_prospect(two_crowns, 4) > bots.royal_prospect(player(cards=(2,)), 4) > 0.0
    assert bots.royal_prospect(two_crowns, 0) == 0.0


def test_hard_keeps_the_gold_and_pearls_of_a_reserve_at_the_limit() -> None:
    s = build(board_cells=BOARD, seats=(player(tokens(W=4, B=3, G=1, R=1, P=1)), player()))
    s = RULES.apply(s, 0, next(a for a in RULES.legal_actions(s, 0) if a.kind == "reserve" and a.card == 2))
    assert s.phase == "discard"
    assert BOTS["splendor_duel"]["hard"]().choose(RULES.view(s, 0), random.Random(0)).colour < 5


# A position from a dev game (seed "dev-sd-r1", game 4, Hard's turn at step 50): Hard holds two reserved
# cards, 3 (an extra turn) and 4 (a token from the board), each affordable with its one gold; card 25 in
# the pyramid (a point) costs the greens card 3 needs. Before RESERVE_OUT_OF_REACH, Hard bought 25 and
# left both reserved cards out of reach (card 4 was never bought in that game).
RESERVES_IN_REACH = Path(__file__).parent / "data" / "splendor_duel_reserves_in_reach.json"


@pytest.mark.parametrize("label", ["in-reach-0", "in-reach-1", "in-reach-2"])
def test_hard_does_not_spend_what_pays_for_its_reserved_cards(label: str) -> None:
    s = SplendorDuelState.model_validate_json(RESERVES_IN_REACH.read_text(encoding="utf-8"))
    me = s.current
    assert s.seats[me].reserved and all(bots.card_gap(c, s.seats[me]) == 0 for c in s.seats[me].reserved)
    n = 0
    while s.current == me and s.phase != "over":
        s = RULES.apply(s, me, BOTS["splendor_duel"]["hard"]().choose(RULES.view(s, me), decision_rng(label, n, me)))
        n += 1
    assert all(bots.card_gap(c, s.seats[me]) == 0 for c in s.seats[me].reserved)


def test_only_the_searching_seat_pays_for_its_reserves_out_of_reach() -> None:
    # Seat 1 holds a level-3 card it cannot pay for: that costs it only in its own search, so the search
    # does not expect the opponent to guard its reserves as this seat does.
    s = build(board_cells=BOARD, seats=(player(tokens(W=1)), player(tokens(B=1), reserved=(56,))))
    assert bots.state_value(s, searcher=1) > bots.state_value(s, searcher=0) == bots.state_value(s)


def test_a_purchase_that_wins_is_all_the_search_considers() -> None:
    s = build(
        board_cells=board("Y.W..", "BWB..", "..P..", "K....", "....."),
        seats=(red_player(), player(tokens(W=2, B=1))),
        pyramid=((1, 2, 3, 4, 5), (31, 32, 33, 34), (WINNING_CARD, 56, 57)),
    )
    listed = bots.candidates(s, RULES.legal_actions(s, 0))
    assert listed and all(isinstance(a, Buy) and a.card == WINNING_CARD for a in listed)


@pytest.mark.parametrize("short", ["G", "R", "K"])
def test_a_privilege_whose_token_buys_a_winning_card_is_considered(short: str) -> None:
    # One token short of the winning card: beside the privilege the search likes best (a blue), the one that
    # brings the missing colour.
    held = {"G": 2, "R": 1, "K": 2}
    held[short] -= 1
    s = build(
        board_cells=board("Y.W..", "BWB..", "..PG.", "KR...", "....."),
        seats=(player(tokens(**held), cards=RED_CARDS, privileges=1), player(tokens(W=2, B=1))),
        pyramid=((1, 2, 3, 4, 5), (31, 32, 33, 34), (WINNING_CARD, 56, 57)),
    )
    listed = bots.candidates(s, RULES.legal_actions(s, 0))
    assert "WBGRKP".index(short) in {s.board[a.cell] for a in listed if a.kind == "use_privilege"}


# A position from a tester's game against Hard (2026-12-07, Hard's turn 55): the person, at 18 points with a
# pearl, could win next turn with either of two cards that each need one. Hard used its privilege on the last
# pearl of the board and reserved one of the two; the person bought the other and won. Stopping both was
# possible (a privilege, then cards whose abilities take the person's pearl).
STOP_THE_WIN = Path(__file__).parent / "data" / "splendor_duel_stop_the_win.json"


@pytest.mark.parametrize("label", ["stop-0", "stop-1"])
def test_hard_leaves_the_opponent_no_winning_purchase_when_it_can(label: str) -> None:
    s = SplendorDuelState.model_validate_json(STOP_THE_WIN.read_text(encoding="utf-8"))
    me, them = s.current, 1 - s.current
    threats = [c for c in bots.visible_cards(s.pyramid, ()) if bots.card_gap(c, s.seats[them]) == 0 and bots.wins_with(c, s.seats[them])]
    assert len(threats) == 2, "two cards, each of which would win the game for the person next turn"
    for action in (a for _, a in hard_turn(s, me, label)):
        s = RULES.apply(s, me, action)
    assert s.current == them and s.phase != "over"
    assert not [a.card for a in RULES.legal_actions(s, them) if a.kind == "buy" and bots.wins_with(a.card, s.seats[them])]
