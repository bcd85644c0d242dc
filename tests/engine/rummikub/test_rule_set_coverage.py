"""Gaps in the American / International rule-set tests found when auditing issue #7's checklist against
the seed (shared/seeds/004_053a4b348d682711.txt, 美国拉密 and 国际拉密) and the decision file
(shared/rules/rummikub-american-international.md). Each test checks one rule through the public engine API
and would fail if that rule were broken; test_american.py / test_international.py hold the rest."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.rummikub.models import (
    Discard,
    Draw,
    RummikubOptions,
    RummikubView,
    TakeDiscard,
    TakeTrump,
)
from boardgames_tui.engine.rummikub.rules import RULES

from .helpers import act, assert_illegal, count_tiles, discard, ids, lay, legal, move, NAMES, problems, rack_text, said, summary, vbuild
from .test_playouts import playout

AM = "american"
INT = "international"
RULE_SETS = (AM, INT)




# Runs: 1 low or high, never in the middle, in both rule sets ------------------------------------------------


@pytest.mark.parametrize("rule_set", RULE_SETS)
@pytest.mark.parametrize(
    ("row", "valid"),
    [
        ("R1 R2 R3", True),  # 1 low
        ("R12 R13 R1", True),  # 1 high
        ("R11 R12 R13 R1", True),
        ("R12 J R1", True),  # a joker for 13 before a high 1
        ("R13 R1 R2", False),  # 13-1-2: 1 in the middle
        ("R12 R13 R1 R2", False),
        ("R13 J R2", False),  # a joker may not stand for a 1 in the middle
        ("R13 R1 J", False),  # nor for a 2 after a high 1
        ("J R1 R2", False),  # nor for a 13 before a low 1
    ],
)
def test_runs_with_1_low_or_high_in_both_rule_sets(rule_set: str, row: str, valid: bool) -> None:
    state = act(vbuild(rule_set, [row + " K5", "B1"]), move(row))
    view = RULES.view(state, 0)
    assert view.table[0].valid is valid
    assert (problems(state) == ()) is valid
    assert any(isinstance(a, Discard) for a in legal(state)) is valid


def test_a_high_1_counts_1_towards_the_ice() -> None:
    state = vbuild(INT, ["R11 R12 R13 R1 K2 B2 O2 O5 O9", "B1"], melded=(False, True))
    state = lay(state, "R11 R12 R13 R1", "K2 B2 O2")
    # 11 + 12 + 13 + 1 + 6 = 43 < 50: the high 1 counts 1 (as 10 or 14 it would reach 52 or 56)
    assert RULES.view(state, 0).meld_points == 43
    assert problems(state) == ("Breaking the ice: your new melds from your rack are worth 43; you need at least 50",)


# American: the ice with a joker, counter-clockwise play ------------------------------------------------------


def test_a_joker_counts_what_it_stands_for_in_the_american_ice() -> None:
    short = act(vbuild(AM, ["K6 R6 J O1", "B1"], melded=(False, True)), move("K6 R6 J"))
    assert problems(short) == ("Breaking the ice: your new melds from your rack are worth 18; you need at least 21",)
    enough = act(vbuild(AM, ["K7 R7 J O1", "B1"], melded=(False, True)), move("K7 R7 J"))
    assert problems(enough) == () and act(enough, discard("O1")).melded == (True, True)


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_play_goes_counter_clockwise_with_four_players(rule_set: str) -> None:
    state = RULES.setup(NAMES[:4], RummikubOptions(rule_set=rule_set), "ccw4")  # type: ignore[arg-type]
    seats = []
    for _ in range(8):
        seats.append(state.current)
        if state.phase == "draw":
            state = act(state, Draw())
        state = act(state, Discard(tile=state.racks[state.current][-1]))
    assert seats == [(seats[0] - k) % 4 for k in range(8)]
    assert len(state.discards) == 8 and sorted(count_tiles(state)) == list(range(106))


def test_american_the_discard_is_the_previous_players_and_only_its_top_may_be_taken() -> None:
    # counter-clockwise with 3 players: Cy (2) played, then Ben (1), now Ana (0): Ben's R5 is on top
    state = vbuild(AM, ["K1 K2", "B1", "O1"], discards=[("R9", 2), ("R5", 1)], phase="draw")
    state = act(state, TakeDiscard())
    assert rack_text(state) == "K1 K2 R5" and state.discards == ((ids("R9")[0], 2),)


def test_american_a_player_who_never_broke_the_ice_cannot_add_even_to_go_out() -> None:
    # American has no "finish": before the ice the table stays closed, going out or not
    state = vbuild(AM, ["R7 K1", "B1"], [(1, "R4 R5 R6")], melded=(False, True))
    assert_illegal(state, move("R7", to=0), "meld_first")


# International: the announcement -------------------------------------------------------------------------------


def test_the_announcement_is_at_three_tiles_not_four_and_clears_when_the_rack_is_longer() -> None:
    three = act(lay(vbuild(INT, ["K1 K2 K3 O5 O9 B2 B7", "B1 B2"]), "K1 K2 K3"), discard("O9"))
    assert three.announced == (True, False) and summary(three).endswith("Ana announces: 3 tiles left")
    four = act(vbuild(INT, ["O5 O9 B2 B7 K13", "B1 B2"]), discard("O9"))
    assert four.announced == (False, False) and "announces" not in summary(four)
    was_short = act(vbuild(INT, ["O5 O9 B2 B7 K13", "B1 B2"], announced=(True, False)), discard("O9"))
    assert was_short.announced == (False, False)
    for seat in (None, 0, 1):
        assert RULES.view(three, seat).announced == (True, False)


# International: the trump ----------------------------------------------------------------------------------------


def test_international_a_taken_trump_must_be_the_winning_draw() -> None:
    rack = "K10 R10 B10 O10 K11 R11 B11 K1 O3"
    state = vbuild(INT, [rack, "B9"], trump="O11", phase="draw", melded=(False, True))
    state = act(state, TakeTrump())
    state = lay(state, "K10 R10 B10 O10", "K11 R11 B11 O11")  # 84: the ice, but K1 and O3 are left
    assert RULES.view(state, 1).meld_points == 84
    assert any("You took the trump, so you must go out this turn" in p for p in problems(state))
    assert not any(isinstance(a, Discard) for a in legal(state))


def test_a_finish_with_the_trump_as_the_winning_draw() -> None:
    rack = "R7 R8 R9 K12 K13 B1 B2 B3 O1 O2 O3 B5 O5 O13"
    state = vbuild(INT, [rack, "B13", "K1"], [(1, "R4 R5 R6"), (2, "K9 K10 K11")], trump="K5", phase="draw",
                   melded=(False, True, True))
    state = act(state, TakeTrump())
    state = lay(state, "B1 B2 B3", "O1 O2 O3", "B5 O5 K5", onto={0: "R7 R8 R9", 1: "K12 K13"})
    over = act(state, discard("O13"))
    assert over.win_kind == "finish" and over.final_scores == (200, -10, -10)
    assert sorted(count_tiles(over)) == list(range(106))


# International: each way to win and its score, penalties ------------------------------------------------------

FINISH_TABLE = [(1, "R4 R5 R6"), (2, "K9 K10 K11")]
FINISH_LAID = ("B1 B2 B3", "O1 O2 O3", "B5 O5 K5")
FINISH_ONTO = {0: "R7 R8 R9", 1: "K12 K13"}


def test_a_finish_costs_a_loser_who_never_broke_the_ice_100_not_the_win() -> None:
    state = vbuild(INT, ["R7 R8 R9 K12 K13 B1 B2 B3 O1 O2 O3 B5 O5 K5 O13", "B13", "K1 J"], FINISH_TABLE,
                   melded=(False, True, False))
    over = act(lay(state, *FINISH_LAID, onto=FINISH_ONTO), discard("O13"))
    assert over.win_kind == "finish" and over.final_scores == (200, -10, -100)


def test_a_joker_discard_doubles_a_finish_but_not_the_100_penalty() -> None:
    state = vbuild(INT, ["R7 R8 R9 K12 K13 B1 B2 B3 O1 O2 O3 B5 O5 K5 J", "B13", "K1"], FINISH_TABLE,
                   melded=(False, True, False))
    over = act(lay(state, *FINISH_LAID, onto=FINISH_ONTO), discard("J"))
    assert over.win_kind == "finish" and over.final_scores == (400, -10, -100)
    assert "The winning discard is a joker: doubled to 400" in said(RULES.outcome(over).details)  # type: ignore[union-attr]


def test_a_joker_discard_doubles_an_open_win_of_200() -> None:
    state = vbuild(INT, ["R1 R2 R3 J", "B1", "O10"], melded=(True, False, False))
    over = act(lay(state, "R1 R2 R3"), discard("J"))
    assert over.win_kind == "open" and over.final_scores == (400, -100, -100)


def test_a_finish_at_exactly_50_is_allowed() -> None:
    # laid: R7 R8 R9 (24) and K4 K5 (9) onto Ben's melds, B2 B3 B4 B5 (14) and O1 R1 B1 (3) of her own
    rack = "R7 R8 R9 K4 K5 B2 B3 B4 B5 O1 R1 B1 K13"
    state = vbuild(INT, [rack, "B13"], [(1, "R4 R5 R6"), (1, "K1 K2 K3")], melded=(False, True))
    state = lay(state, "B2 B3 B4 B5", "O1 R1 B1", onto={0: "R7 R8 R9", 1: "K4 K5"})
    view = RULES.view(state, 1)
    assert view.laid_points == 50 and view.meld_points == 17 and view.going_out_as == "finish"
    over = act(state, discard("K13"))
    assert over.win_kind == "finish" and over.final_scores == (200, -10)


def test_a_melded_losers_taken_discard_no_longer_counts_against_them() -> None:
    # Ben discarded R5 and Ana took it: it is Ana's now, not in Ben's discards still in the pile
    state = vbuild(INT, ["R3 R4 K9", "B1", "O10"], discards=[("K8", 2), ("R5", 1)], phase="draw")
    state = act(state, TakeDiscard())
    over = act(lay(state, "R3 R4 R5"), discard("K9"))
    assert over.win_kind == "open" and over.final_scores == (100, -10, -18)


def test_a_closed_win_needs_every_tile_in_own_melds() -> None:
    # the same 14 tiles (face value 35): with K4 on Ben's meld it is a finish and needs 50; with K4 in
    # her own K1 K2 K3 it is a closed win, no minimum
    rack = "K1 K2 K3 K4 R1 R2 R3 R4 B1 B2 B3 O2 O3 O4 O13"
    state = vbuild(INT, [rack, "B9"], [(1, "K5 K6 K7")], melded=(False, True))
    state = lay(state, "K1 K2 K3", "R1 R2 R3 R4", "B1 B2 B3", "O2 O3 O4")
    state = act(state, move("K4", to=0, position=0))
    assert problems(state) == ("A finish needs the tiles you lay to total at least 50; they total 35",)
    assert_illegal(state, discard("O13"), "turn_not_done")
    state = act(state, move("K4", to=1))  # onto her own K1 K2 K3 instead
    assert problems(state) == () and RULES.view(state, 1).going_out_as == "closed"
    over = act(state, discard("O13"))
    assert over.win_kind == "closed" and over.final_scores == (200 + 35, -9)


# Hypothesis playouts of each rule set: 106 tiles after every action --------------------------------------------


@pytest.mark.parametrize("rule_set", RULE_SETS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_each_rule_set_keeps_106_tiles_in_random_playouts(rule_set: str, players: int, seed: int) -> None:
    options = RummikubOptions(rule_set=rule_set)  # type: ignore[arg-type]
    state, _seen = playout(options, players, seed, policy="mixed", probe_every=50)  # checks 106 every action
    assert state.phase == "over" and sorted(count_tiles(state)) == list(range(106))


# No leak: the View has no field for another rack or the face-down tiles -----------------------------------------


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_a_view_holds_only_its_own_rack_and_the_stack_sizes(rule_set: str) -> None:
    state = RULES.setup(NAMES[:3], RummikubOptions(rule_set=rule_set), "noleak")  # type: ignore[arg-type]
    assert "pool" not in RummikubView.model_fields and "racks" not in RummikubView.model_fields
    hidden_of = {s: set(state.pool) | {t for o, r in enumerate(state.racks) if o != s for t in r} for s in range(3)}
    for seat in (None, 0, 1, 2):
        view = RULES.view(state, seat)
        shown = {t.id for t in view.rack or ()} | {t.id for sv in view.table for t in sv.tiles}
        if view.trump is not None:
            shown.add(view.trump.id)
        hidden = set(state.pool) | {t for r in state.racks for t in r} if seat is None else hidden_of[seat]
        assert not shown & hidden
        assert view.stack_sizes == state.stacks and view.rack_counts == tuple(len(r) for r in state.racks)
