"""Issue #11 in the engine: the log names the tiles played, each seat's news since its last turn, the sets
that changed since then, the rack arranged by hand, and the turn timer's clock saved in the state."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.rummikub.models import (
    ArrangeRack,
    Discard,
    Draw,
    EndTurn,
    MoveTiles,
    RecordClock,
    ResetTurn,
    RummikubOptions,
    SortRack,
    TakeDiscard,
    TimeUp,
    Undo,
)
from boardgames_tui.engine.rummikub.rules import RULES
from .helpers import act, assert_illegal, build, ids, public, rack_text, said, say, table_text, vbuild



def move(labels: str, to: int | None = None, position: int | None = None) -> MoveTiles:
    return MoveTiles(tiles=ids(labels), to=to, position=position)


# The rack arranged by hand -----------------------------------------------------------------------------


def test_a_rack_tile_moves_to_another_place_and_undo_and_reset_keep_the_arrangement() -> None:
    state = build(["K1 K2 R5 B7 O9", "B1"], ["R1 R2 R3"])
    k1, r5 = ids("K1 R5")
    assert ArrangeRack(tile=r5, to=1) in RULES.legal_actions(state, 0)  # one place left: listed
    state = act(state, ArrangeRack(tile=k1, to=4))  # any place is legal
    assert rack_text(state) == "K2 R5 B7 O9 K1"
    state = act(state, move("B7"))  # a move, then the arrangement again: undo and reset keep it
    state = act(state, ArrangeRack(tile=r5, to=0))
    assert rack_text(state) == "R5 K2 O9 K1"
    assert rack_text(act(state, Undo())) == "R5 K2 B7 O9 K1"
    assert rack_text(act(state, ResetTurn())) == "R5 K2 B7 O9 K1"
    assert state.actions_this_turn == 1  # free: not a move


def test_an_arrangement_that_changes_nothing_or_leaves_the_rack_is_refused() -> None:
    state = build(["K1 K2", "B1"])
    k1, b1 = ids("K1 B1")
    assert_illegal(state, ArrangeRack(tile=k1, to=0), "tile_already_there")
    assert_illegal(state, ArrangeRack(tile=k1, to=2), "no_such_rack_place", last=1)
    assert_illegal(state, ArrangeRack(tile=b1, to=0), "not_on_rack", tile="B1")


def test_the_rack_is_arranged_before_the_draw_and_while_only_a_discard_is_left() -> None:
    state = vbuild("american", ["K1 K2 O9", "B1"], phase="draw")
    k1 = ids("K1")[0]
    assert rack_text(act(state, ArrangeRack(tile=k1, to=2))) == "K2 O9 K1"
    timed = vbuild("american", ["K1 K2 O9", "B1"], phase="discard", options={"turn_timer": "60 s"})
    assert ArrangeRack(tile=k1, to=1) in RULES.legal_actions(timed, 0)


# The log tells the whole public story ---------------------------------------------------------------------


def test_a_play_names_its_tiles_and_a_draw_is_private_to_the_drawer() -> None:
    state = build(["R5 B5 K5 O1 O2 O3 O4", "R1 R2 R3"], ["K9 K10 K11"])
    after = act(act(state, move("R5 B5 K5")), EndTurn())
    assert public(after.log[-1]) == "Ana played 3 tiles: R5 B5 K5"
    drew = act(after, Draw())
    assert public(drew.log[-1]) == "Ben drew a tile"
    assert say(RULES.view(drew, 1).log[-1]).startswith("Ben drew a tile (you drew ")
    assert "(you drew" not in say(RULES.view(drew, 0).log[-1])


def test_taking_the_discard_and_discarding_are_two_lines_each_with_its_subject() -> None:
    state = vbuild("american", ["R3 R4 K9 K10", "B1 B2", "O7 O8"], discards=[("R5", 1)], phase="draw")
    state = act(act(state, TakeDiscard()), Discard(tile=ids("K9")[0]))
    publics = [public(entry) for entry in state.log[-2:]]
    assert publics == ["Ana took R5 from the discard pile", "Ana discarded K9"]


def test_each_seat_sees_the_news_since_its_last_turn() -> None:
    state = build(["R5 B5 K5 O1 O2 O3 O4", "R1 R2 R3 O2", "K7 B9 O4"], ["K9 K10 K11"])
    state = act(act(state, move("R5 B5 K5")), EndTurn())  # Ana
    state = act(state, Draw())  # Ben
    state = act(state, Draw())  # Cy
    view = RULES.view(state, 0)  # Ana again
    news = said(view.log[view.news_from :])
    assert news[0] == "Ana played 3 tiles: R5 B5 K5"
    assert [line.split(" (")[0] for line in news[1:]] == ["Ben drew a tile", "Cy drew a tile"]
    assert all("(you drew" not in line for line in news)  # the others' draws stay theirs
    ben = RULES.view(act(state, Draw()), 1)
    assert say(ben.log[ben.news_from]).startswith("Ben drew a tile (you drew ")  # his own draw, shown to him


def test_the_sets_changed_since_a_players_last_turn_are_marked_for_that_player() -> None:
    state = build(["R5 B5 K5 O1", "R1 R2 R3 O2", "K7 B9 O4"], ["K9 K10 K11", "O10 O11 O12"])
    assert not any(s.recent for s in RULES.view(state, 0).table)
    state = act(act(state, move("R5 B5 K5")), EndTurn())  # Ana: a new set
    ben = RULES.view(state, 1)
    assert [s.recent for s in ben.table] == [False, False, True]
    state = act(state, Draw())  # Ben
    state = act(state, Draw())  # Cy
    ana = RULES.view(state, 0)
    assert not any(s.recent for s in ana.table)  # her own set: nothing new for her


def test_a_set_taken_apart_gives_its_place_to_a_new_set_so_the_others_keep_their_numbers() -> None:
    # Sets are numbered by their place; a tester found every set after a taken-apart one renumbered.
    state = build(["R4 O9", "K1 K2 K3", "B1 B2 B3"], ["K9 K10 K11", "R1 R2 R3", "O10 O11 O12", "B5 B6 B7"])
    state = act(state, move("R1 R2 R3 R4"))  # set 1 taken apart: its tiles and R4 make a new set at the end
    state = act(state, move("O9", to=2, position=0))
    assert table_text(state) == ["K9 K10 K11", "O9 O10 O11 O12", "B5 B6 B7", "R1 R2 R3 R4"]
    state = act(state, EndTurn())
    assert table_text(state) == ["K9 K10 K11", "R1 R2 R3 R4", "O9 O10 O11 O12", "B5 B6 B7"]
    assert [s.recent for s in RULES.view(state, 1).table] == [False, True, True, False]


def test_a_rebuilt_set_goes_back_to_the_place_of_the_set_whose_tiles_it_took() -> None:
    state = build(["R4 K8", "K1 K2 K3", "B1 B2 B3"], ["O1 O2 O3", "R1 R2 R3", "K9 K10 K11", "B5 B6 B7"])
    state = act(state, move("K8 K9 K10 K11"))  # set 2 taken apart: a new run with one tile more
    state = act(state, move("R1 R2 R3 R4"))  # and set 1
    assert table_text(state) == ["O1 O2 O3", "B5 B6 B7", "K8 K9 K10 K11", "R1 R2 R3 R4"]
    state = act(state, EndTurn())
    assert table_text(state) == ["O1 O2 O3", "R1 R2 R3 R4", "K8 K9 K10 K11", "B5 B6 B7"]


# The turn timer's clock is part of the state -------------------------------------------------------------------


def test_the_clock_is_recorded_runs_down_only_and_restarts_with_the_next_turn() -> None:
    state = build(["R5 B5 K5 O1", "R1"], ["K9 K10 K11"], options=RummikubOptions(turn_timer="60 s"))
    assert RULES.view(state, 0).clock_left is None and RULES.view(state, 0).timer_seconds == 60
    logged = state.log
    state = act(state, RecordClock(seconds_left=41))
    assert RULES.view(state, 0).clock_left == 41 and state.log == logged  # nothing to tell the table
    assert_illegal(state, RecordClock(seconds_left=50), "clock_runs_down")
    assert_illegal(state, RecordClock(seconds_left=-1), "clock_out_of_range", limit=60)
    state = act(state, move("R5 B5 K5"))
    state = act(state, RecordClock(seconds_left=30))
    assert act(state, Undo()).clock == 30  # not a move: undo leaves the clock alone
    after = act(state, EndTurn())
    assert after.clock is None and RULES.view(after, 1).clock_left is None


@pytest.mark.parametrize("rule_set", ["standard", "international"])
def test_the_clock_needs_a_timer(rule_set: str) -> None:
    if rule_set == "standard":
        state = build(["R5 B5 K5 O1", "R1"])
    else:
        state = vbuild(rule_set, ["R5 B5 K5 O1", "R1"])
    assert_illegal(state, RecordClock(seconds_left=10), "no_turn_timer")


def test_a_timer_penalty_is_in_the_public_log() -> None:
    state = vbuild("international", ["K7 R7 O1 O2", "B1"], options={"turn_timer": "30 s"}, pool="B2 B3 B4 B5")
    state = act(state, RecordClock(seconds_left=0))
    state = act(act(state, move("K7 R7")), TimeUp())
    assert "ran out of time" in public(state.log[-1]) and "3 penalty tiles" in public(state.log[-1])
    assert state.clock == 0 and RULES.view(state, 0).phase == "discard"
    state = act(state, SortRack(by="number"))
    assert state.clock == 0
