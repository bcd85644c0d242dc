"""Rummikub rules, one rule per test (seed: shared/seeds/004_053a4b348d682711.txt, first part and its
variants; decisions: shared/rules/rummikub.md and the docstring of engine/rummikub/rules.py)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from boardgames_tui.engine.base import IllegalAction
from boardgames_tui.engine.rng import derived_random, shuffled
from boardgames_tui.engine.rummikub.models import (
    MAX_TURN_ACTIONS,
    ChooseJoker,
    Draw,
    EndTurn,
    MoveTiles,
    ResetTurn,
    ReturnToRack,
    RummikubOptions,
    RummikubState,
    SortRack,
    SplitSet,
    TimeUp,
    Undo,
)
from boardgames_tui.engine.rummikub.rules import (
    NOTHING_PLAYED,
    RULES,
    end_turn_problems,
    scores_when_out,
    scores_when_pool_empty,
    sort_rack,
)

from .helpers import (
    ENGLISH,
    NAMES,
    act,
    all_tiles,
    assert_illegal,
    build,
    ids,
    legal,
    move,
    problems,
    public,
    rack_text,
    said,
    say,
    summary,
    table_text,
    text_for,
    tile_id,
)

J1, J2 = tile_id("J"), tile_id("J'")


# Setup --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_fourteen_each_from_106_tiles(players: int) -> None:
    state = RULES.setup(NAMES[:players], RummikubOptions(), "deal")
    assert [len(r) for r in state.racks] == [14] * players
    assert len(state.pool) == 106 - 14 * players
    assert Counter(all_tiles(state)) == Counter(range(106))
    assert state.table == () and state.melded == (False,) * players and state.turn == 0
    tiles = shuffled(range(106), "deal", "tiles")
    for s in range(players):
        assert sorted(state.racks[s]) == sorted(tiles[14 * s : 14 * (s + 1)])
        assert state.racks[s] == sort_rack(state.racks[s], "colour")
    assert state.pool == tuple(tiles[14 * players :])
    assert state.current == derived_random("deal", "first").randrange(players)
    assert state.turn_start.rack == state.racks[state.current]
    assert RULES.to_act(state) == frozenset({state.current})


def test_setup_is_deterministic_and_the_first_player_is_random() -> None:
    a = RULES.setup(NAMES[:4], RummikubOptions(), "x1")
    assert a == RULES.setup(NAMES[:4], RummikubOptions(), "x1")
    firsts = {RULES.setup(NAMES[:4], RummikubOptions(), f"s{i}").current for i in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert "goes first" in summary(a)


def test_player_count_is_checked() -> None:
    for n in (1, 5):
        with pytest.raises(ValueError):
            RULES.setup(NAMES[:1] * n, RummikubOptions(), "x")
    assert (RULES.min_players, RULES.max_players, RULES.id, RULES.title) == (2, 4, "rummikub", "Rummikub")


def test_labels() -> None:
    state = build(["R1", "R2"], pool="K1 K2")
    assert say(RULES.turn_label(state)) == f"Turn 1 · {len(state.pool)} tiles in the pool"
    assert RULES.has_hidden_information(state)
    assert RULES.last_public_event(state) is None and summary(state) == ""  # built by hand: nothing told yet
    dealt = RULES.setup(NAMES[:2], RummikubOptions(), "x")
    assert RULES.last_public_event(dealt) == dealt.log[0] and summary(dealt) == say(dealt.log[0])


# Drawing ------------------------------------------------------------------------------------------------


def test_draw_takes_the_top_tile_and_ends_the_turn() -> None:
    state = build(["R1 R2 R3 K5", "B1", "B2"], pool="O7 O8")
    after = act(state, Draw())
    assert rack_text(after, 0) == "R1 R2 R3 K5 O7"
    assert after.pool[0] == tile_id("O8") and after.current == 1 and after.turn == 1
    entry = after.log[-1]
    assert public(entry) == "Ana drew a tile" and text_for(entry, 0) == "Ana drew a tile (you drew O7)"
    assert text_for(entry, 1) == "Ana drew a tile" and text_for(entry, None) == "Ana drew a tile"
    assert summary(after) == "Ana drew a tile" and "O7" not in summary(after)
    assert "O7" in say(RULES.view(after, 0).log[-1]) and "O7" not in say(RULES.view(after, 1).log[-1])
    assert after.turn_start.rack == after.racks[1] and after.undo == ()


def test_counter_clockwise_play() -> None:
    state = build(["R1", "B1", "B2"], pool="O7", options=RummikubOptions(direction="counter-clockwise"))
    assert act(state, Draw()).current == 2
    assert act(build(["R1", "B1", "B2"], pool="O7"), Draw()).current == 1


def test_a_player_may_draw_even_if_able_to_play() -> None:
    state = build(["R10 R11 R12", "B1"], melded=(False, False))
    assert Draw() in legal(state) and EndTurn() not in legal(state)
    assert act(state, Draw()).current == 1


def test_no_draw_once_the_table_changed_but_after_a_reset() -> None:
    state = build(["R10 R11 R12 K1", "B1"])
    moved = act(state, move("R10"))
    assert Draw() not in legal(moved)
    assert_illegal(moved, Draw(), "table_changed_no_draw")
    back = act(moved, ResetTurn())
    assert Draw() in legal(back)
    # moving a tile out and back in leaves the table as it was: drawing is allowed again
    returned = act(moved, ReturnToRack(tiles=ids("R10")))
    assert returned.table == state.table and Draw() in legal(returned)
    assert act(returned, Draw()).current == 1


# Ending a turn ------------------------------------------------------------------------------------------


def test_end_turn_needs_a_tile_from_the_rack() -> None:
    state = build(["K1", "B1"], ["R1 R2 R3 R4"])
    assert problems(state) == (say(NOTHING_PLAYED),)
    assert_illegal(state, EndTurn(), "turn_not_done", problems=[{"kind": "nothing_played", "args": {}}])
    # rearranging alone is not a play
    split = act(act(state, SplitSet(set_id=0, at=2)), MoveTiles(tiles=ids("R3"), to=0))
    assert problems(split) == (say(NOTHING_PLAYED), "only 1 tile: a set needs at least 3")


def test_end_turn_lists_exactly_what_is_wrong() -> None:
    state = build(["R5 B5 K9 R7 O13", "B1"], ["K1 K2 K3"])
    s = act(state, move("R5 B5 K9"))
    s = act(s, move("R7", to=0))
    expected = ("K1 K2 K3 R7: a run must be all one colour", "R5 B5 K9: a group must be all one number")
    assert problems(s) == expected
    with pytest.raises(IllegalAction) as err:
        act(s, EndTurn())
    assert err.value.code == "turn_not_done"
    assert ENGLISH.refusal(err.value) == "You cannot end your turn yet: " + ". ".join(expected)
    assert EndTurn() not in legal(s)


def test_a_valid_play_ends_the_turn_and_is_logged() -> None:
    state = build(["R5 B5 K5 O1 O2 O3 O4", "B1"], ["K1 K2 K3"])
    s = act(act(state, move("R5 B5 K5")), move("O1", to=None))
    assert EndTurn() not in legal(s)
    s = act(s, ReturnToRack(tiles=ids("O1")))
    assert problems(s) == ()
    assert EndTurn() in legal(s)
    after = act(s, EndTurn())
    assert after.current == 1 and table_text(after) == ["K1 K2 K3", "R5 B5 K5"]
    assert rack_text(after, 0) == "O2 O3 O4 O1"
    assert summary(after) == "Ana played 3 tiles: R5 B5 K5" and public(after.log[-1]) == "Ana played 3 tiles: R5 B5 K5"
    assert after.turn_start.table == after.table and after.undo == ()


# The initial meld ---------------------------------------------------------------------------------------


def unmelded(racks: list[str], table: list[str] = (), **options: Any) -> RummikubState:  # type: ignore[assignment]
    return build(racks, table, melded=(False,) * len(racks), options=RummikubOptions(**options))


def test_initial_meld_of_30_from_the_rack() -> None:
    state = unmelded(["R10 R11 R12 K1 K2 K3 K4", "B1"])
    s = act(state, move("R10 R11 R12"))
    assert problems(s) == () and RULES.view(s, 0).meld_points == 33
    after = act(s, EndTurn())
    assert after.melded == (True, False)
    assert summary(after) == "Ana played 3 tiles: R10 R11 R12 (initial meld: 33)"


def test_initial_meld_below_the_threshold() -> None:
    state = unmelded(["R1 R2 R3 K4 B4 O4", "B1"])
    s = act(act(state, move("R1 R2 R3")), move("K4 B4 O4"))
    assert RULES.view(s, 0).meld_points == 18
    assert problems(s) == ("Initial meld: your new sets from your rack are worth 18; you need at least 30",)
    assert_illegal(s, EndTurn(), "turn_not_done", problems=[{"kind": "initial_meld_short", "args": {"points": 18, "need": 30}}])


def test_initial_meld_jokers_count_as_what_they_stand_for() -> None:
    state = unmelded(["R9 J R11", "B1"])
    s = act(state, move("R9 J R11"))
    assert RULES.view(s, 0).meld_points == 30 and problems(s) == ()
    group = act(unmelded(["K10 B10 J", "B1"]), move("K10 B10 J"))
    assert RULES.view(group, 0).meld_points == 30 and problems(group) == ()


def test_initial_meld_of_50() -> None:
    state = unmelded(["R10 R11 R12 K7 B7 O7", "B1"], initial_meld=50)
    s = act(state, move("R10 R11 R12"))
    assert problems(s) == ("Initial meld: your new sets from your rack are worth 33; you need at least 50",)
    s = act(s, move("K7 B7 O7"))
    assert RULES.view(s, 0).meld_points == 54 and problems(s) == ()


def test_before_the_meld_only_new_sets_from_the_rack() -> None:
    state = unmelded(["R10 R11 R12 K4 R13", "B1"], ["K1 K2 K3", "B7 B8 B9 B10"])
    assert_illegal(state, move("K4", to=0), "meld_first")
    assert_illegal(state, move(ids("K3")), "meld_first")
    assert_illegal(state, SplitSet(set_id=1, at=2), "meld_first")
    assert all(a.to not in (0, 1) for a in legal(state) if isinstance(a, MoveTiles))
    assert all(not isinstance(a, SplitSet) for a in legal(state))
    # own new sets may be rearranged freely
    s = act(state, move("R10 R11"))
    s = act(s, move("R12", to=2))
    s = act(s, SplitSet(set_id=2, at=1))
    s = act(s, MoveTiles(tiles=ids("R11"), to=2, position=0))
    assert table_text(s)[2:] == ["R11 R10", "R12"]


def test_same_turn_the_table_opens_once_the_meld_is_complete() -> None:
    state = unmelded(["R10 R11 R12 K4 O1 O2 O3 O4", "B1"], ["K1 K2 K3"])
    s = act(state, move("R10 R11"))
    assert_illegal(s, move("K4", to=0), "meld_first", need=30, points=0)
    s = act(s, move("R12", to=1))
    assert RULES.view(s, 0).meld_points == 33
    s = act(s, move("K4", to=0))
    assert problems(s) == ()
    after = act(s, EndTurn())
    assert table_text(after) == ["K1 K2 K3 K4", "R10 R11 R12"]
    assert summary(after) == "Ana played 4 tiles: K4 R10 R11 R12 (initial meld: 33)"


def test_the_meld_sets_must_still_reach_the_threshold_at_the_end() -> None:
    state = unmelded(["R10 R11 R12 R13", "B1"], ["R7 R8 R9"])
    s = act(state, move("R10 R11 R12"))
    s = act(s, move("R13", to=1))
    s = act(s, move("R9", to=1, position=0))  # a table tile joins the meld set: it no longer counts
    assert_illegal(s, move("R8", to=1, position=0), "meld_first")
    assert problems(s) == (
        "only 2 tiles: a set needs at least 3",
        "Initial meld: your new sets from your rack are worth 0; you need at least 30",
    )


def test_a_set_split_off_the_table_is_still_the_table() -> None:
    state = unmelded(["R10 R11 R12 K7 O1 O2", "B1"], ["K1 K2 K3 K4 K5 K6"])
    s = act(state, move("R10 R11 R12"))
    s = act(s, SplitSet(set_id=0, at=3))  # the meld opened the table
    s = act(s, ReturnToRack(tiles=ids("R12")))  # ... and now it is short again
    assert table_text(s) == ["K1 K2 K3", "K4 K5 K6", "R10 R11"] and s.table[1].id == 2
    assert_illegal(s, move("K7", to=2), "meld_first")
    assert_illegal(s, move("K4"), "meld_first")
    assert table_text(act(s, move("O1", to=1))) == ["K1 K2 K3", "K4 K5 K6", "R10 R11 O1"]


def test_next_turn_the_table_waits_until_the_next_turn() -> None:
    state = unmelded(["R10 R11 R12 K4 K5", "B1"], ["K1 K2 K3"], play_after_meld="next turn")
    s = act(state, move("R10 R11 R12"))
    assert_illegal(s, move("K4", to=0), "meld_first_next_turn")
    after = act(s, EndTurn())
    again = act(after, Draw())
    assert again.current == 0 and again.melded[0]
    s = act(again, move("K4", to=0))
    assert table_text(s)[0] == "K1 K2 K3 K4" and problems(s) == ()


# Moving tiles -------------------------------------------------------------------------------------------


def test_positions_in_a_set() -> None:
    state = build(["R3 R7 K9", "B1"], ["R4 R5 R6"])
    assert table_text(act(state, move("R3", to=0, position=0))) == ["R3 R4 R5 R6"]
    assert table_text(act(state, move("R7", to=0))) == ["R4 R5 R6 R7"]
    assert table_text(act(state, move("R7", to=0, position=3))) == ["R4 R5 R6 R7"]  # len() is "at the end"
    assert table_text(act(state, move("K9", to=0, position=1))) == ["R4 K9 R5 R6"]
    s = act(state, move("R3 R7"))
    assert table_text(s) == ["R4 R5 R6", "R3 R7"] and s.table[1].id == 1 and s.next_set_id == 2
    assert rack_text(s) == "K9"


def test_moving_inside_a_set_and_emptying_a_set() -> None:
    state = build(["K9", "B1"], ["R4 R5 R6", "B2 B3"])
    s = act(state, MoveTiles(tiles=ids("R4"), to=0))
    assert table_text(s)[0] == "R5 R6 R4"
    s = act(state, MoveTiles(tiles=ids("B2 B3"), to=0, position=0))
    assert table_text(s) == ["B2 B3 R4 R5 R6"] and [ts.id for ts in s.table] == [0]


def test_moves_that_change_nothing_are_refused() -> None:
    state = build(["K9", "B1"], ["R4 R5 R6", "B2"])
    assert_illegal(state, MoveTiles(tiles=ids("R5"), to=0, position=1), "move_changes_nothing")
    assert_illegal(state, MoveTiles(tiles=ids("R5"), to=0, position=2), "move_changes_nothing")
    assert_illegal(state, MoveTiles(tiles=ids("B2")), "already_that_set")
    assert_illegal(state, MoveTiles(tiles=ids("R4 R5 R6")), "already_that_set")


def test_bad_moves() -> None:
    state = build(["K9 K10", "B1"], ["R4 R5 R6"])
    assert_illegal(state, move("B1"), "tile_not_yours")
    assert_illegal(state, move(ids("O13")), "tile_not_yours")
    assert_illegal(state, MoveTiles(tiles=()), "no_tiles_chosen")
    assert_illegal(state, MoveTiles.model_construct(kind="move", tiles=(999,), to=None, position=None), "no_such_tile", tile=999)
    assert_illegal(state, MoveTiles(tiles=ids("K9 K9"[:2]) + ids("K9")), "tile_listed_twice")
    assert_illegal(state, move("K9", to=7), "no_such_set", set=7)
    assert_illegal(state, move("K9", to=0, position=4), "no_such_position", set=0, position=4, size=3)
    assert_illegal(state, move("K9", to=0, position=-1), "no_such_position", set=0, position=-1, size=3)
    assert_illegal(state, move("K9", to=None, position=0), "new_set_has_no_position")
    assert_illegal(state, move("K9"), "not_your_turn", seat=1)
    assert_illegal(state, move("K9"), "not_your_turn", seat=5)


def test_return_to_rack_only_for_tiles_played_this_turn() -> None:
    state = build(["K9 K10 K11", "B1"], ["R4 R5 R6"])
    s = act(state, move("K9 K10"))
    s = act(s, move("K11", to=0))
    assert_illegal(s, ReturnToRack(tiles=ids("R4")), "not_played_this_turn", tile="R4")
    back = act(s, ReturnToRack(tiles=ids("K11 K10")))
    assert rack_text(back) == "K11 K10" and table_text(back) == ["R4 R5 R6", "K9"]
    assert {a.tiles for a in legal(s) if isinstance(a, ReturnToRack)} == {ids("K9"), ids("K10"), ids("K11")}


def test_split_set() -> None:
    state = build(["K9", "B1"], ["R4 R5 R6 R7 R8 R9", "B1 B2 B3"])
    s = act(state, SplitSet(set_id=0, at=3))
    assert table_text(s) == ["R4 R5 R6", "R7 R8 R9", "B1 B2 B3"]
    assert [ts.id for ts in s.table] == [0, 2, 1] and s.next_set_id == 3
    assert_illegal(state, SplitSet(set_id=0, at=0), "split_between_tiles", set=0, last=5)
    assert_illegal(state, SplitSet(set_id=0, at=6), "split_between_tiles", set=0, last=5)
    assert_illegal(state, SplitSet(set_id=9, at=1), "no_such_set", set=9)
    splits = {(a.set_id, a.at) for a in legal(state) if isinstance(a, SplitSet)}
    assert splits == {(0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 1), (1, 2)}


# Undo, reset, sorting -----------------------------------------------------------------------------------


def test_undo_goes_back_one_move_exactly() -> None:
    state = build(["K9 K10 K11 R3", "B1"], ["R4 R5 R6"])
    s1 = act(state, move("K9 K10 K11"))
    s2 = act(s1, move("R3", to=0, position=0))
    s3 = act(s2, SplitSet(set_id=0, at=2))
    u2 = act(s3, Undo())
    for a, b in ((u2, s2),):
        assert (a.table, a.racks, a.freed_jokers, a.next_set_id, a.undo) == (b.table, b.racks, b.freed_jokers, b.next_set_id, b.undo)
    u1 = act(u2, Undo())
    assert (u1.table, u1.racks, u1.next_set_id, u1.undo) == (s1.table, s1.racks, s1.next_set_id, s1.undo)
    u0 = act(u1, Undo())
    assert u0.model_copy(update={"actions_this_turn": 0}) == state
    assert_illegal(u0, Undo(), "nothing_to_undo")
    assert Undo() not in legal(u0) and ResetTurn() not in legal(u0)


def test_reset_goes_back_to_the_start_of_the_turn_exactly() -> None:
    state = build(["J K9 K10 K11 R3 R7", "B1"], ["R4 J' R6", "B1' B2 B3"])
    s = act(state, move("K9 K10 K11"))
    s = act(s, move("R7", to=0))
    s = act(s, SplitSet(set_id=1, at=1))
    s = act(s, move("J", to=2))
    assert len(s.undo) == 4
    back = act(s, ResetTurn())
    assert back.model_copy(update={"actions_this_turn": 0}) == state
    assert_illegal(back, ResetTurn(), "nothing_to_reset")


def test_sort_rack_is_free_and_survives_undo_and_reset() -> None:
    state = build(["O3 K5 J R5 K1 R2", "B1"])
    by_number = act(state, SortRack(by="number"))
    assert rack_text(by_number) == "K1 R2 O3 K5 R5 J"
    assert by_number.undo == () and Draw() in legal(by_number) and by_number.current == 0
    assert rack_text(act(state, SortRack(by="colour"))) == "K1 K5 R2 R5 O3 J"
    s = act(state, move("R5"))
    s = act(s, SortRack(by="number"))
    assert rack_text(act(s, Undo())) == "K1 R2 O3 K5 R5 J"
    assert rack_text(act(s, ResetTurn())) == "K1 R2 O3 K5 R5 J"
    assert_illegal(state, SortRack.model_construct(kind="sort_rack", by="size"), "sort_by_colour_or_number")


# Jokers: locked sets ------------------------------------------------------------------------------------


def test_a_joker_set_may_grow_at_its_ends_but_lose_nothing() -> None:
    state = build(["R3 R7 K9 R8", "B1"], ["R4 J R6", "K1 B1 J'", "O9 O10 O11"])
    view = RULES.view(state, 0)
    assert [sv.locked for sv in view.table] == [True, True, False]
    assert table_text(act(state, move("R3", to=0, position=0))) [0] == "R3 R4 J R6"
    assert table_text(act(state, move("R7", to=0)))[0] == "R4 J R6 R7"
    assert_illegal(state, move("R7", to=0, position=1), "locked_run_grows_at_ends")
    assert_illegal(state, move("R7", to=0, position=2), "locked_run_grows_at_ends")
    assert_illegal(state, move("R4", to=2), "locked_set_keeps_tiles")
    assert_illegal(state, MoveTiles(tiles=(J1,), to=2), "locked_set_keeps_tiles")
    assert_illegal(state, MoveTiles(tiles=ids("R6"), to=0, position=0), "locked_set_keeps_tiles")
    assert_illegal(state, SplitSet(set_id=0, at=1), "locked_set_no_split")
    # groups take tiles anywhere
    assert table_text(act(state, move("K9", to=1, position=0)))[1] == "K9 K1 B1 J"
    # a tile added this turn may leave again
    s = act(state, move("R7", to=0))
    s = act(s, move("R8", to=0))
    s2 = act(s, MoveTiles(tiles=ids("R7 R8")))
    assert table_text(s2)[0] == "R4 J R6" and table_text(s2)[-1] == "R7 R8"
    assert table_text(act(s, ReturnToRack(tiles=ids("R8"))))[0] == "R4 J R6 R7"


def test_free_joker_sets_are_like_any_set() -> None:
    state = build(["R3", "B1"], ["R4 J R6 R7"], options=RummikubOptions(joker_sets="free"))
    assert not RULES.view(state, 0).table[0].locked
    s = act(state, SplitSet(set_id=0, at=2))
    assert table_text(s) == ["R4 J", "R6 R7"]
    s = act(state, MoveTiles(tiles=(J1,)))
    assert table_text(s) == ["R4 R6 R7", "J"] and s.freed_jokers == ()
    assert table_text(act(state, move("R3", to=0, position=0))) == ["R3 R4 J R6 R7"]


def test_joker_replacement_in_a_run() -> None:
    state = build(["R5 K9 K10 K11 K12", "B1"], ["R4 J R6", "O9 O10 O11"])
    s = act(state, move("R5", to=0, position=1))
    assert table_text(s) == ["R4 R5 R6", "O9 O10 O11", "J"] and s.freed_jokers == (J1,)
    assert s.table[0].replaced == ids("R5")
    assert problems(s) == ("The joker you freed must be played in a set on the table",)
    assert_illegal(s, ReturnToRack(tiles=(J1,)), "joker_stays_on_table")
    assert_illegal(s, ReturnToRack(tiles=ids("R5")), "replacement_undo_only", tile="R5")
    assert_illegal(s, move("R5"), "replacement_stays", tile="R5")
    s = act(s, MoveTiles(tiles=(J1,), to=1))
    assert problems(s) == ()
    after = act(s, EndTurn())
    assert table_text(after) == ["R4 R5 R6", "O9 O10 O11 J"]
    assert [public(e) for e in after.log[-2:]] == ["Ana played 1 tile: R5", "Ana replaced a joker with R5"]
    assert summary(after) == "Ana played 1 tile: R5. Ana replaced a joker with R5"
    assert all(ts.replaced == () for ts in after.table) and after.freed_jokers == ()


def test_the_wrong_tile_does_not_replace_a_joker() -> None:
    state = build(["R6 B5 R7", "B1"], ["R4 J R6'"])
    assert_illegal(state, move("B5", to=0, position=1), "locked_run_grows_at_ends")
    # R3 at the joker's position 0 of "J R5 R6" grows the run instead
    s = build(["R3 R4", "B1"], ["J R5 R6"])
    assert table_text(act(s, move("R3", to=0, position=0))) == ["R3 J R5 R6"]
    replaced = act(s, move("R4", to=0, position=0))
    assert table_text(replaced) == ["R4 R5 R6", "J"]


def test_joker_replacement_with_a_tile_from_the_table() -> None:
    state = build(["K2", "B1"], ["R4 J R6", "R5 B5 K5 O5"])
    s = act(state, move("R5", to=0, position=1))
    assert table_text(s) == ["R4 R5 R6", "B5 K5 O5", "J"]
    s = act(s, MoveTiles(tiles=ids("K2") + (J1,)))
    assert problems(s) == ("only 2 tiles: a set needs at least 3",)


def test_a_group_joker_is_replaced_by_either_missing_colour() -> None:
    state = build(["K7 O7", "B1"], ["B7 J R7"])
    s = act(state, move("K7", to=0, position=1))
    assert table_text(s) == ["B7 K7 R7", "J"]
    s = act(state, move("O7", to=0, position=1))
    assert table_text(s) == ["B7 O7 R7", "J"]
    s = act(state, move("K7 O7", to=0, position=1))
    assert table_text(s) == ["B7 K7 O7 R7", "J"]


def test_group_of_three_joker_needs_both_missing_colours_with_the_option() -> None:
    state = build(["K7 O7", "B1"], ["B7 J R7"], options=RummikubOptions(group_joker_needs_both_colours=True))
    assert_illegal(state, move("K7", to=0, position=1), "group_joker_needs_both", tiles=["K7", "O7"])
    assert move("K7", to=0, position=1) not in legal(state)
    s = act(state, move("K7 O7", to=0, position=1))
    assert table_text(s) == ["B7 K7 O7 R7", "J"] and s.freed_jokers == (J1,)
    # adding to the group elsewhere is plain growth
    assert table_text(act(state, move("K7", to=0)))[0] == "B7 J R7 K7"
    # a group of four with a joker is replaced by one tile as usual
    four = build(["O7", "B1"], ["B7 J R7 K7"], options=RummikubOptions(group_joker_needs_both_colours=True))
    assert table_text(act(four, move("O7", to=0, position=1))) == ["B7 O7 R7 K7", "J"]


def freed_state(reuse: str) -> RummikubState:
    """Ana has replaced the joker of R4 J R6 with R5; the joker lies alone on the table."""
    state = build(
        ["R5 K9 B9 O9 K2 K8 O1 O2", "B1"], ["R4 J R6", "O10 O11 O12", "K3 K4 K5 K6"], options=RummikubOptions(joker_reuse=reuse)
    )
    return act(state, move("R5", to=0, position=1))


REUSE_NEW = "The joker you freed must go into a new set, not into a set that was on the table at the start of the turn"


def test_joker_reuse_anywhere() -> None:
    s = act(freed_state("anywhere"), MoveTiles(tiles=(J1,), to=1))
    assert problems(s) == ()


def test_joker_reuse_new_set() -> None:
    base = freed_state("new set")
    assert problems(act(base, MoveTiles(tiles=(J1,), to=1))) == (REUSE_NEW,)
    # a new set from the rack
    s = act(base, MoveTiles(tiles=ids("K9 B9"), to=3, position=0))
    assert problems(s) == ()
    # a new set formed by rearranging the table
    s = act(base, SplitSet(set_id=2, at=2))
    s = act(s, MoveTiles(tiles=(J1,), to=4))
    s = act(s, move("K2", to=2, position=0))
    assert table_text(s)[2] == "K2 K3 K4" and table_text(s)[3] == "K5 K6 J"
    assert problems(s) == ()


def test_joker_reuse_new_set_with_rack_tiles() -> None:
    one = freed_state("new set with 1 rack tile")
    # a new set formed from table tiles only is not enough
    s = act(one, SplitSet(set_id=2, at=2))
    s = act(s, MoveTiles(tiles=(J1,), to=4))
    s = act(s, move("K2", to=2, position=0))
    assert table_text(s)[3] == "K5 K6 J"
    assert problems(s) == ("The joker you freed must go into a new set with at least 1 tile from your rack",)
    # with a rack tile in it, it is
    s = act(one, SplitSet(set_id=2, at=2))
    s = act(s, MoveTiles(tiles=(J1,) + ids("K8"), to=4))
    s = act(s, move("K2", to=2, position=0))
    assert table_text(s)[3] == "K5 K6 J K8" and problems(s) == ()
    two = freed_state("new set with 2 rack tiles")
    s = act(two, SplitSet(set_id=2, at=2))
    s = act(s, MoveTiles(tiles=(J1,) + ids("K8"), to=4))
    s = act(s, move("K2", to=2, position=0))
    assert problems(s) == ("The joker you freed must go into a new set with at least 2 tiles from your rack",)
    s = act(two, MoveTiles(tiles=ids("K9 B9"), to=3, position=0))
    assert table_text(s)[3] == "K9 B9 J" and problems(s) == ()
    # the joker's old set (now complete again) is not a new set, whatever it holds
    s = act(two, MoveTiles(tiles=(J1,), to=0))
    assert table_text(s)[0] == "R4 R5 R6 J"
    assert problems(s) == ("The joker you freed must go into a new set with at least 2 tiles from your rack",)


def test_two_jokers_in_a_set_option() -> None:
    state = build(["R5 J J' K1", "B1"], options=RummikubOptions(two_jokers_in_a_set=False))
    s = act(state, move("R5 J J'"))
    assert problems(s) == ("R5 J J: two jokers may not share a set in this game",)
    ok = act(build(["R10 J J'", "B1"], melded=(False, False)), move("R10 J J'"))
    assert problems(ok) == () and RULES.view(ok, 0).meld_points == 33


# Choosing what a joker stands for -----------------------------------------------------------------------


def test_choose_a_group_jokers_colour() -> None:
    state = build(["K1", "B1"], ["B7 J R7"])
    view = RULES.view(state, 0)
    assert view.table[0].ambiguous_jokers == (J1,)
    assert [(m.colour, m.number) for m in view.table[0].jokers] == [(None, 7)]
    choices = {(a.colour, a.number) for a in legal(state) if isinstance(a, ChooseJoker)}
    assert choices == {("K", 7), ("O", 7)}
    s = act(state, ChooseJoker(tile=J1, colour="O", number=7))
    sv = RULES.view(s, 0).table[0]
    assert [(m.colour, m.number) for m in sv.jokers] == [("O", 7)] and sv.changed
    assert Draw() not in legal(s) and Undo() in legal(s)
    assert_illegal(state, ChooseJoker(tile=J1, colour="R", number=7), "joker_cannot_be", meaning="R7", choices=["K7", "O7"])
    assert_illegal(state, ChooseJoker(tile=J2, colour="R", number=7), "joker_not_on_table")
    assert_illegal(state, ChooseJoker(tile=tile_id("B7"), colour="R", number=7), "not_a_joker", tile="B7")


def test_switch_a_row_between_run_and_group() -> None:
    state = build(["R5 J J' K1", "B1"])
    s = act(state, move("R5 J J'"))
    sv = RULES.view(s, 0).table[0]
    assert sv.kind == "run" and [(m.colour, m.number) for m in sv.jokers] == [("R", 6), ("R", 7)]
    g = act(s, ChooseJoker(tile=J2, colour="K", number=5))
    sv = RULES.view(g, 0).table[0]
    assert sv.kind == "group" and [(m.colour, m.number) for m in sv.jokers] == [(None, 5), ("K", 5)]
    r = act(g, ChooseJoker(tile=J1, colour="R", number=6))
    assert RULES.view(r, 0).table[0].kind == "run"
    # on a locked set the reading stays
    locked = build(["K1", "B1"], ["R5 J J'"])
    assert_illegal(locked, ChooseJoker(tile=J1, colour="K", number=5), "locked_set_reading", kind="run")


def test_a_joker_with_a_fixed_meaning_cannot_be_chosen() -> None:
    state = build(["K1", "B1"], ["R4 J R6"])
    assert_illegal(state, ChooseJoker(tile=J1, colour="R", number=7), "joker_fixed", meaning="R5")


# The turn timer -----------------------------------------------------------------------------------------

TIMER = RummikubOptions(turn_timer="60 s")


def test_no_time_up_without_a_timer() -> None:
    state = build(["K1", "B1"])
    assert_illegal(state, TimeUp(), "no_turn_timer")
    assert TimeUp() not in legal(state) and TimeUp() in legal(build(["K1", "B1"], options=TIMER))
    assert RULES.view(build(["K1", "B1"], options=TIMER), 0).timer_seconds == 60


def test_time_up_with_a_valid_play_stands() -> None:
    state = build(["K1 K2 K3 R9 R10 R11 R12", "B1"], options=TIMER)
    s = act(state, move("K1 K2 K3"))
    after = act(s, TimeUp())
    assert table_text(after) == ["K1 K2 K3"] and rack_text(after, 0) == "R9 R10 R11 R12" and after.current == 1
    assert summary(after) == "Ana ran out of time: the play stands. Ana played 3 tiles: K1 K2 K3"


def test_time_up_with_an_invalid_table_restores_it_and_costs_three_tiles() -> None:
    state = build(["K1 K2 R9", "B1"], ["O1 O2 O3 O4"], options=TIMER, pool="B5 B6 B7 B8")
    s = act(state, move("K1 K2"))
    s = act(s, SplitSet(set_id=0, at=1))
    after = act(s, TimeUp())
    assert after.table == state.table and rack_text(after, 0) == "K1 K2 R9 B5 B6 B7"
    assert after.pool[0] == tile_id("B8") and after.current == 1
    entry = after.log[-1]
    assert public(entry) == "Ana ran out of time: table restored, 3 penalty tiles"
    assert text_for(entry, 0).endswith("(you drew B5, B6, B7)") and "B5" not in text_for(entry, 1)


def test_time_up_with_nothing_played_draws_one() -> None:
    state = build(["K1 R9", "B1"], ["O1 O2 O3 O4"], options=TIMER, pool="B5 B6")
    after = act(state, TimeUp())
    assert rack_text(after, 0) == "K1 R9 B5" and summary(after) == "Ana ran out of time and drew a tile"
    # a valid rearrangement without a tile from the rack is undone, and it is still one tile
    s = act(state, SplitSet(set_id=0, at=2))
    s = act(s, MoveTiles(tiles=ids("O1 O2"), to=1, position=0))
    after = act(s, TimeUp())
    assert after.table == state.table and rack_text(after, 0) == "K1 R9 B5"
    assert summary(after) == "Ana ran out of time: table restored and drew a tile"


def test_time_up_with_a_short_initial_meld_is_a_failed_play() -> None:
    state = build(["K1 K2 K3 R9", "B1"], options=TIMER, melded=(False, False), pool="B5 B6 B7")
    s = act(state, move("K1 K2 K3"))
    after = act(s, TimeUp())
    assert after.table == () and rack_text(after, 0) == "K1 K2 K3 R9 B5 B6 B7" and not after.melded[0]


def test_a_penalty_larger_than_the_pool_draws_what_is_left_and_ends_the_game() -> None:
    state = build(["K1 K2 R9", "B1"], options=TIMER, pool="B5 B6", fill_pool=False)
    extra = [t for t in range(106) if t not in all_tiles(state)]
    state = state.model_copy(update={"table": (), "racks": (state.racks[0], state.racks[1] + tuple(extra))})
    s = act(state, move("K1 K2"))
    after = act(s, TimeUp())
    assert after.phase == "over" and after.pool == ()
    assert rack_text(after, 0) == "K1 K2 R9 B5 B6"
    assert "only 2 tiles left to draw of 3" in summary(after)
    assert RULES.to_act(after) == frozenset()


def test_a_turn_ends_by_itself_after_the_action_limit() -> None:
    state = build(["K1 K2 R9", "B1"], pool="B5 B6 B7 B8")
    s = state
    for i in range(MAX_TURN_ACTIONS - 2):
        s = act(s, move("K1") if i % 2 == 0 else Undo())
    s = act(s, move("K1"))
    assert s.current == 0 and s.actions_this_turn == MAX_TURN_ACTIONS - 1
    after = act(s, move("K2"))
    assert after.current == 1 and after.table == () and rack_text(after, 0) == "K1 K2 R9 B5 B6 B7"
    assert summary(after) == f"Ana reached the limit of {MAX_TURN_ACTIONS} actions in a turn: table restored, 3 penalty tiles"
    assert after.actions_this_turn == 0


# The end of the game and the scores ---------------------------------------------------------------------


def test_seed_example_one_player_goes_out() -> None:
    # A goes out; B holds 20, C 15, D 7 -> A +42, B -20, C -15, D -7
    assert scores_when_out([0, 20, 15, 7], 0) == (42, -20, -15, -7)
    state = build(["K11 K12 K13", "R10 R9 B1", "O10 O5", "R7"])
    after = act(act(state, move("K11 K12 K13")), EndTurn())
    assert after.phase == "over" and after.final_scores == (42, -20, -15, -7) and after.winner == 0
    out = RULES.outcome(after)
    assert out is not None
    assert out.scores == (42, -20, -15, -7) and out.winners == (0,) and say(out.headline) == "Ana wins: +42"
    assert out.ranking == ((0,), (3,), (2,), (1,))
    assert say(out.details[0]) == "Reason: Ana played every tile"
    assert "Ben: -20 (rack worth 20)" in said(out.details)
    assert {fact.args["seat"]: fact.args["tiles"] for fact in out.details if fact.kind == "standing"}[1] == ["R9", "R10", "B1"]
    assert sum(out.scores) == 0
    assert summary(after).endswith("Game over: Ana wins: +42")


def test_a_joker_left_on_a_rack_counts_30() -> None:
    state = build(["K11 K12 K13", "J R2"])
    after = act(act(state, move("K11 K12 K13")), EndTurn())
    assert after.final_scores == (32, -32)


def test_seed_example_two_the_pool_runs_out() -> None:
    # A 10, B 14, C 6, D 17 -> C wins: A -4, B -8, D -11, C +23
    assert scores_when_pool_empty([10, 14, 6, 17]) == ((-4, -8, 23, -11), (2,))
    state = build(["K10", "R10 R4", "O6", "B13 B4"], fill_pool=False)
    assert state.pool == ()
    after = act(state, Draw())
    assert after.phase == "over" and after.racks == state.racks
    assert after.final_scores == (-4, -8, 23, -11) and after.winner == 2
    out = RULES.outcome(after)
    assert out is not None and say(out.headline) == "Cy wins: +23" and out.winners == (2,)
    assert out.ranking == ((2,), (0,), (1,), (3,))
    assert out.reason == "empty_pool" and say(out.details[0]) == "Reason: Ana had to draw from an empty pool"
    assert summary(after) == "Ana must draw but the pool is empty: the game ends. Game over: Cy wins: +23"


def test_a_tie_for_the_lowest_rack_shares_the_win() -> None:
    assert scores_when_pool_empty([5, 5, 9]) == ((2, 2, -4), (0, 1))
    assert scores_when_pool_empty([5, 5, 8]) == ((2, 1, -3), (0, 1))
    assert scores_when_pool_empty([4, 4]) == ((0, 0), (0, 1))
    state = build(["K5", "R5", "B9"], fill_pool=False)
    after = act(state, Draw())
    out = RULES.outcome(after)
    assert out is not None and out.winners == (0, 1) and out.ranking == ((0, 1), (2,))
    assert after.winner is None and say(out.headline) == "Ana and Ben share the win: +2 / +2"
    assert sum(out.scores) == 0


@pytest.mark.parametrize("totals", [[3, 50, 7], [0, 1, 2, 3], [10, 10, 10, 10], [99, 1]])
def test_scores_always_sum_to_zero(totals: list[int]) -> None:
    assert sum(scores_when_pool_empty(totals)[0]) == 0
    for w in range(len(totals)):
        assert sum(scores_when_out([0 if s == w else t for s, t in enumerate(totals)], w)) == 0


def test_nothing_happens_after_the_game_is_over() -> None:
    state = build(["K11 K12 K13", "R10"])
    after = act(act(state, move("K11 K12 K13")), EndTurn())
    assert RULES.legal_actions(after, 0) == () and RULES.legal_actions(after, 1) == ()
    assert say(RULES.turn_label(after)) == "Game over"
    for a in (Draw(), EndTurn(), move("R10")):
        with pytest.raises(IllegalAction) as refused:
            RULES.apply(after, 1, a)
        assert refused.value.code == "game_over"


def test_outcome_is_none_while_playing() -> None:
    assert RULES.outcome(build(["K1", "B1"])) is None
