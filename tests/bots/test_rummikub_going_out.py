"""Rummikub's Hard never misses going out: a turn is several actions, a fresh bot plans each one from its
View, and every step must find the same plan. The plan reads the table as it stood when the turn began
(the View's `start_table`), not the table the turn's own moves have made: before, a locked run grown with a
rack tile and then a table tile read with a gap, the plan came out empty, and the turn took its moves back
and made them again until its action budget ran out."""

from __future__ import annotations

import random

import pytest

from boardgames_tui.arena import play_game
from boardgames_tui.blunders.rummikub import could_go_out
from boardgames_tui.bots.rummikub import plan_turn
from boardgames_tui.engine.rummikub.models import Draw, EndTurn, MoveTiles, RummikubState
from boardgames_tui.engine.rummikub.rules import RULES

from ..engine.rummikub.helpers import build, ids, move, resample_hidden, table_text, vbuild
from .test_rummikub import decide, play_turn

# The locked run O5 J O7 O8 takes O9 from the rack and then O10 from the group of tens, whose R10 and B10
# join R7-R9 and B7-B9; R2 makes K2 R2 B2 from the ends of K2-K5 and B2-B5. Every tile goes out, but only by
# reworking the table, and the step that grows the locked run leaves a rack tile between its old tiles and
# one from the table. Found in a seeded arena game (dev-rk-2, game 30, between two Hard players), cut down.
TABLE = ["O5 J O7 O8", "R10 B10 O10", "R7 R8 R9", "B7 B8 B9", "K2 K3 K4 K5", "B2 B3 B4 B5"]
RACK = "R2 O9"
OTHER = "K1 K7 K9 K11 K13 R1 R11 R13 O2 O4 O12"  # far from going out: nothing near it to hold back for


def position() -> RummikubState:
    return build([RACK, OTHER], TABLE)


def test_hard_goes_out_by_growing_a_locked_run_with_table_tiles() -> None:
    state = position()
    assert could_go_out(state, 0)  # the blunder counter's proof: the move finder's play, made in the engine
    after = play_turn(state, "hard", limit=12)  # a move per set and the closing action (it used to take 200)
    assert after.phase == "over" and after.winner == 0 and not after.racks[0]
    assert sorted(table_text(after)) == [
        "B3 B4 B5",
        "B7 B8 B9 B10",
        "K2 R2 B2",
        "K3 K4 K5",
        "O5 J O7 O8 O9 O10",
        "R7 R8 R9 R10",
    ]


def test_every_step_of_the_turn_finds_the_same_plan() -> None:
    state = position()
    first = plan_turn(RULES.view(state, 0))
    assert first.count == 2
    for step in range(12):
        view = RULES.view(state, 0)
        assert plan_turn(view) == first, step
        action = decide(state, "hard", step)
        if isinstance(action, EndTurn):
            break
        assert isinstance(action, MoveTiles), action  # never a move taken back, never a reset
        state = RULES.apply(state, 0, action)
    else:
        raise AssertionError("the turn did not end")
    # The step before the last grew the locked run with O9 from the rack and O10 from the table.
    run = next(sv for sv in RULES.view(state, 0).table if sv.locked)
    assert tuple(t.id for t in run.tiles) == ids("O5 J O7 O8 O9 O10")


def test_the_start_table_is_public_and_stays_put_during_the_turn() -> None:
    state = position()
    start = RULES.view(state, 0).start_table
    assert [tuple(t.id for t in sv.tiles) for sv in start] == [ids(row) for row in TABLE]
    assert [sv.locked for sv in start] == [True, False, False, False, False, False]
    for step in range(3):
        state = RULES.apply(state, 0, decide(state, "hard", step))
    assert state.table != state.turn_start.table  # the moves changed the table ...
    views = [RULES.view(state, seat) for seat in (0, 1, None)]
    assert all(view.start_table == start for view in views)  # ... not the turn's start, in every view
    other = resample_hidden(state, 1, random.Random(3))
    assert RULES.view(other, 1).start_table == start


@pytest.mark.parametrize("rule_set", ["american", "international"])
def test_the_start_table_in_the_discard_rule_sets(rule_set: str) -> None:
    """There a turn's play begins after its draw: the start table is the table then (the draw changes no set)."""
    state = vbuild(rule_set, ["R4 R5 R6 B9", "K1 K2 K3 K4 K5 K6 K7 K8"], [(1, "B6 B7 B8")], phase="draw", pool="O11")
    rows = [ids("B6 B7 B8")]
    assert [tuple(t.id for t in sv.tiles) for sv in RULES.view(state, 0).start_table] == rows
    state = RULES.apply(state, 0, Draw())
    state = RULES.apply(state, 0, move("R4 R5 R6"))
    state = RULES.apply(state, 0, move("B9", to=0))
    for seat in (0, 1, None):
        start = RULES.view(state, seat).start_table
        assert [tuple(t.id for t in sv.tiles) for sv in start] == rows
        assert [sv.owner for sv in start] == [1]


@pytest.mark.parametrize(
    ("seats", "seed", "index", "options"),
    [
        # Seeded games in which Hard, planning from the current table, missed going out (8, 2, 2 and 6 times)
        ("hard,hard", "dev-rk-2", 30, ()),
        ("hard,easy", "dev-rk-10", 32, ()),
        ("hard,easy", "dev-rk-10", 66, ()),
        ("hard,easy", "dev-rk-10", 69, ()),
    ],
)
def test_hard_misses_no_win_in_arena_games(seats: str, seed: str, index: int, options: tuple[str, ...]) -> None:
    result = play_game("rummikub", seats.split(","), seed, index, options)
    assert result.finished
    missed = [seat.blunders.get("missed_going_out", 0) for seat in result.seats if seat.level == "hard"]
    assert missed and sum(missed) == 0
