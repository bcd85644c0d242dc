"""Rummikub's counted blunder: a turn that ended without going out when the finder, from what the player saw
at the turn's start, proves that every tile could have gone (and the engine accepts that play). Not counted
where a rule stands in the way: the initial meld short of its points, the table closed until next turn,
International's 50-point finish."""

from __future__ import annotations

from typing import Any

from boardgames_tui import blunders
from boardgames_tui.engine.rummikub.models import Draw, EndTurn, RummikubOptions
from boardgames_tui.engine.rummikub.rules import RULES
from tests.engine.rummikub.helpers import build, discard, move, vbuild

from .helpers import steps_of

OTHER = "K1 K2 K3 K4 K5 K6 K7 K8"  # the other seat's rack, out of the way


def found(state: Any, moves: list[Any]) -> list[tuple[str, int, int]]:
    steps = steps_of(RULES, state, [(state.current, m) for m in moves])
    return [(b.kind, b.seat, b.step) for b in blunders.find("rummikub", steps)]


# The standard game ------------------------------------------------------------------------------------------


def test_drawing_when_every_tile_could_go() -> None:
    state = build(["R4 R5 R6 B9", OTHER], ["B6 B7 B8"])
    assert found(state, [Draw()]) == [("missed_going_out", 0, 1)]


def test_a_play_that_keeps_a_tile_back_when_all_could_go() -> None:
    state = build(["R4 R5 R6 B9", OTHER], ["B6 B7 B8"])
    assert found(state, [move("R4 R5 R6"), EndTurn()]) == [("missed_going_out", 0, 2)]


def test_going_out_is_no_blunder() -> None:
    state = build(["R4 R5 R6 B9", OTHER], ["B6 B7 B8"])
    assert found(state, [move("R4 R5 R6"), move("B9", to=0), EndTurn()]) == []


def test_a_tile_that_fits_nowhere_excuses_the_draw() -> None:
    state = build(["R4 R5 R6 B11", OTHER], ["B6 B7 B8"])
    assert found(state, [Draw()]) == []


def test_going_out_by_reworking_the_table() -> None:
    # The second R6 goes only by splitting the table's R4-R9 into R4 R5 R6 and R6 R7 R8 R9; K9 onto K10-K12.
    state = build(["R6' K9", OTHER], ["R4 R5 R6 R7 R8 R9", "K10 K11 K12"])
    assert found(state, [Draw()]) == [("missed_going_out", 0, 1)]


def test_going_out_by_switching_a_joker_out_of_a_locked_set() -> None:
    # B6 takes the joker's place in B4 B5 J B7; the freed joker and O13 follow O9 O10 O11 (a tester's game).
    state = build(["B6 O13", OTHER], ["B4 B5 J B7", "O9 O10 O11"])
    assert found(state, [Draw()]) == [("missed_going_out", 0, 1)]
    tied = build(["B6 O13", OTHER], ["B4 B5 J B7", "O9 O10 O11"], options=RummikubOptions(joker_reuse="new set"))
    assert found(tied, [Draw()]) == [], "where the freed joker must start a new set, this is no way out"


def test_the_initial_meld_must_reach_its_points() -> None:
    # Before the meld only the rack counts: R10 R11 R12 (33) and B1 B2 B3 go out; R1 R2 R3 and B1 B2 B3 (12)
    # cannot even meld.
    rich = build(["R10 R11 R12 B1 B2 B3", OTHER], ["O6 O7 O8"], melded=(False, True))
    assert found(rich, [Draw()]) == [("missed_going_out", 0, 1)]
    poor = build(["R1 R2 R3 B1 B2 B3", OTHER], ["O6 O7 O8"], melded=(False, True))
    assert found(poor, [Draw()]) == []


def test_laying_off_in_the_meld_turn_only_where_the_table_opens_then() -> None:
    # The meld R10 R11 R12 (33), then B13 onto the group of 13s: allowed in the same turn by default.
    same = build(["R10 R11 R12 B13", OTHER], ["K13 O13 R13"], melded=(False, True))
    assert found(same, [Draw()]) == [("missed_going_out", 0, 1)]
    options = RummikubOptions(play_after_meld="next turn")
    later = build(["R10 R11 R12 B13", OTHER], ["K13 O13 R13"], melded=(False, True), options=options)
    assert found(later, [Draw()]) == []


# American and International: the turn starts with a draw and ends with a discard --------------------------------


def test_american_discarding_without_going_out() -> None:
    # After drawing O11: lay R4 R5 R6 and B9 onto the other seat's B6 B7 B8, discard O11, out.
    state = vbuild("american", ["R4 R5 R6 B9", OTHER], [(1, "B6 B7 B8")], phase="draw", pool="O11")
    assert found(state, [Draw(), discard("R4")]) == [("missed_going_out", 0, 2)]
    went_out = [Draw(), move("R4 R5 R6"), move("B9", to=0), discard("O11")]
    assert found(state, went_out) == []


def test_american_ice_short_of_21_excuses_the_discard() -> None:
    short = vbuild("american", ["R2 R3 R4 B9", OTHER], [(1, "B6 B7 B8")], phase="draw", pool="O11", melded=(False, True))
    assert found(short, [Draw(), discard("O11")]) == []
    # R7 R8 R9 make 24: the ice breaks, the table opens in the same turn, B9 goes on, O11 is discarded.
    enough = vbuild("american", ["R7 R8 R9 B9", OTHER], [(1, "B6 B7 B8")], phase="draw", pool="O11", melded=(False, True))
    assert found(enough, [Draw(), discard("O11")]) == [("missed_going_out", 0, 2)]


def test_international_closed_win_missed() -> None:
    # Not broken the ice: R1 R2 R3 in a new meld of one's own and K7 discarded is a closed win (no minimum).
    state = vbuild("international", ["R1 R2 R3 K7", OTHER], melded=(False, True))
    assert found(state, [discard("K7")]) == [("missed_going_out", 0, 1)]


def test_international_finish_needs_fifty() -> None:
    # Going out through B9 on another seat's meld is a finish, and 1 + 2 + 3 + 9 is short of 50.
    state = vbuild("international", ["R1 R2 R3 B9 K7", OTHER], [(1, "B6 B7 B8")], melded=(False, True))
    assert found(state, [discard("K7")]) == []
