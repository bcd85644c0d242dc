"""Rummikub's American rule set, one rule per test (seed: the "美国拉密" part of
shared/seeds/004_053a4b348d682711.txt; decisions: shared/rules/rummikub-american-international.md and the
docstrings of engine/rummikub/discard.py and american.py)."""

from __future__ import annotations

from boardgames_tui.engine.rng import derived_random, shuffled
from boardgames_tui.engine.rummikub.models import (
    MAX_TURN_ACTIONS,
    ArrangeRack,
    ChooseJoker,
    Discard,
    Draw,
    EndTurn,
    ResetTurn,
    ReturnToRack,
    ReturnTrump,
    RummikubOptions,
    SortRack,
    SplitSet,
    TakeDiscard,
    TakeTrump,
    TimeUp,
    Undo,
)
from boardgames_tui.engine.rummikub.rules import RULES
from .helpers import act, assert_illegal, count_tiles, discard, ids, legal, move, NAMES, problems, rack_text, said, say, summary, table_text, tile_id, vbuild


AM = "american"
J1 = tile_id("J")



def not_arranging(actions):
    """The legal actions but the free rack arrangements (each tile one place left or right, always listed)."""
    return [a for a in actions if not isinstance(a, ArrangeRack)]


# The deal and the turn ---------------------------------------------------------------------------------


def test_the_deal_is_15_stacks_of_7_and_a_face_up_trump() -> None:
    for n in (2, 3, 4):
        state = RULES.setup(NAMES[:n], RummikubOptions(rule_set=AM), "deal")
        tiles = shuffled(range(106), "deal", "tiles")
        for s in range(n):  # each player takes two stacks
            assert sorted(state.racks[s]) == sorted(tiles[14 * s : 14 * s + 14])
        assert state.pool == tuple(tiles[14 * n : 105]) and state.stacks == (7,) * (15 - 2 * n)
        assert state.trump == tiles[105]
        assert sorted(count_tiles(state)) == list(range(106))
        assert state.phase == "draw" and state.current == derived_random("deal", "first").randrange(n)
        view = RULES.view(state, None)
        assert view.trump is not None and view.trump.id == tiles[105]
        assert view.stack_sizes == state.stacks and view.pool_size == len(state.pool)
        assert view.rule_set == AM and view.turn_rules.initial_meld == 21 and view.discard_top is None
        assert "face-up trump is" in summary(state) and "counter-clockwise" in summary(state)


def test_play_goes_counter_clockwise_draw_meld_discard() -> None:
    state = RULES.setup(NAMES[:3], RummikubOptions(rule_set=AM), "ccw")
    seats = []
    for _ in range(6):
        seats.append(state.current)
        assert state.phase == "draw"
        state = act(state, Draw())
        assert state.phase == "turn"
        state = act(state, Discard(tile=state.racks[state.current][-1]))
    assert seats == [(seats[0] - k) % 3 for k in range(6)]


def test_a_turn_starts_with_a_draw_and_ends_with_a_discard() -> None:
    state = vbuild(AM, ["K1 K2 K3 O9", "B1"], phase="draw", pool="R7 R8", melded=(False, True))
    assert set(not_arranging(legal(state))) == {Draw(), TakeTrump(), SortRack(by="colour"), SortRack(by="number")}
    assert_illegal(state, move("K1 K2 K3"), "draw_first", discard=False, trump=True)
    assert_illegal(state, discard("O9"), "draw_first")
    state = act(state, Draw())
    assert rack_text(state) == "K1 K2 K3 O9 R7" and state.pool[0] == ids("R8")[0]
    assert state.stacks == (len(state.pool),)
    assert say(RULES.view(state, 0).log[-1]) == "Ana drew a tile (you drew R7)"
    assert say(RULES.view(state, 1).log[-1]) == "Ana drew a tile"
    assert_illegal(state, Draw(), "already_drew")
    assert_illegal(state, TakeTrump(), "already_drew")
    assert_illegal(state, EndTurn(), "end_by_discarding")
    state = act(state, move("K1 K2 K3"))  # 6 points: the ice is not broken
    assert problems(state) == ("Breaking the ice: your new melds from your rack are worth 6; you need at least 21",)
    assert not any(isinstance(a, Discard) for a in legal(state))
    state = act(state, ResetTurn())
    assert rack_text(state) == "K1 K2 K3 O9 R7"  # reset goes back to just after the draw
    state = act(state, discard("O9"))
    assert state.current == 1 and state.phase == "draw" and rack_text(state, 0) == "K1 K2 K3 R7"
    assert state.discards == ((ids("O9")[0], 0),)
    view = RULES.view(state, None)
    assert view.discard_top is not None and view.discard_top.label == "O9" and view.discards_by_seat == (1, 0)
    assert summary(state) == "Ana discarded O9"


def test_only_the_top_of_the_discard_pile_is_in_a_view() -> None:
    state = vbuild(AM, ["K1", "B1"], discards=[("R5", 1), ("O7", 0)], phase="draw")
    view = RULES.view(state, 1)
    assert view.discard_top is not None and view.discard_top.label == "O7"
    assert view.discard_pile_size == 2 and view.discards_by_seat == (1, 1)
    assert "R5" not in view.model_dump_json()


# Runs with a high 1 --------------------------------------------------------------------------------------


def test_1_may_end_a_run_after_13() -> None:
    state = vbuild(AM, ["R12 R13 R1 K5", "B1"], melded=(False, True))
    state = act(state, move("R12 R13 R1"))
    view = RULES.view(state, 0)
    assert view.table[0].valid and view.table[0].kind == "run"
    assert view.meld_points == 26 and problems(state) == ()  # the high 1 counts 1: 12 + 13 + 1


def test_1_may_not_sit_in_the_middle_of_a_run() -> None:
    state = vbuild(AM, ["R13 R1 R2 K5", "B1"])
    state = act(state, move("R13 R1 R2"))
    assert problems(state) == ("R13 R1 R2: 1 may start or end a run, never sit in the middle",)


def test_a_joker_may_stand_for_a_high_1() -> None:
    state = vbuild(AM, ["R12 R13 J K5", "B1"])
    state = act(state, move("R12 R13 J"))
    (meaning,) = RULES.view(state, 0).table[0].jokers
    assert (meaning.colour, meaning.number) == ("R", 1)
    assert RULES.view(state, 0).meld_points == 26


def test_the_standard_game_keeps_1_low() -> None:
    state = act(vbuild(AM, ["R12 R13 R1 K5", "B1"]).model_copy(update={"options": RummikubOptions()}), move("R12 R13 R1"))
    assert "12-13-1 is not a run in this game" in say(RULES.view(state, 0).end_turn_problems[0])


# Breaking the ice at 21 ------------------------------------------------------------------------------------


def test_breaking_the_ice_needs_21_from_the_rack() -> None:
    short = act(vbuild(AM, ["K6 R6 B6 O1", "B1"], melded=(False, True)), move("K6 R6 B6"))
    assert problems(short) == ("Breaking the ice: your new melds from your rack are worth 18; you need at least 21",)
    assert_illegal(short, discard("O1"), "turn_not_done", problems=[{"kind": "ice_short", "args": {"points": 18, "need": 21, "before_finish": False}}])
    enough = act(vbuild(AM, ["K7 R7 B7 O1 O2", "B1"], melded=(False, True)), move("K7 R7 B7"))
    assert problems(enough) == ()
    after = act(enough, discard("O1"))
    assert after.melded == (True, True)
    assert summary(after) == "Ana laid 3 tiles: K7 R7 B7 (breaking the ice: 21). Ana discarded O1. Ana has 1 tile left"


def test_before_the_ice_the_table_is_closed() -> None:
    state = vbuild(AM, ["B4 O1 O2", "K9"], [(1, "B1 B2 B3")], melded=(False, True))
    assert_illegal(state, move("B4", to=0), "meld_first", need=21)
    # once 21 points are down in new melds the table opens in the same turn
    state = vbuild(AM, ["B4 K10 R10 O10 O2", "K9"], [(1, "B1 B2 B3")], melded=(False, True))
    state = act(state, move("K10 R10 O10"))
    state = act(state, move("B4", to=0))
    assert table_text(state) == ["B1 B2 B3 B4", "K10 R10 O10"] and problems(state) == ()


def test_rearranging_or_adding_is_optional_a_turn_may_just_discard() -> None:
    state = vbuild(AM, ["K1 O5", "B1"])
    assert problems(state) == ()
    assert {a for a in legal(state) if isinstance(a, Discard)} == {discard("K1"), discard("O5")}


# Ownership ------------------------------------------------------------------------------------------------

TABLE = [(0, "R3 R4 R5"), (1, "K7 K8 K9"), (1, "B10 B11 B12")]


def test_new_melds_belong_to_their_player_and_the_view_shows_it() -> None:
    state = vbuild(AM, ["O1 O2 O3 K13", "B1"], TABLE)
    state = act(state, move("O1 O2 O3"))
    assert [ts.owner for ts in state.table] == [0, 1, 1, 0]
    assert [sv.owner for sv in RULES.view(state, None).table] == [0, 1, 1, 0]
    after = act(state, discard("K13"))
    assert [ts.owner for ts in after.table] == [0, 1, 1, 0]


def test_anyone_who_broke_the_ice_may_add_to_any_meld() -> None:
    state = vbuild(AM, ["R6 K10 O2", "B1"], TABLE)
    state = act(state, move("K10", to=1))
    state = act(state, move("R6", to=0))
    assert table_text(state) == ["R3 R4 R5 R6", "K7 K8 K9 K10", "B10 B11 B12"]
    assert [ts.owner for ts in state.table] == [0, 1, 1]  # the meld stays Ben's
    state = act(state, ReturnToRack(tiles=ids("K10")))  # a tile laid this turn may come back
    assert table_text(state)[1] == "K7 K8 K9"


def test_only_the_owner_may_move_split_or_reread_a_meld() -> None:
    state = vbuild(AM, ["R6 K10 O2", "B1"], [*TABLE, (1, "R8 B8 J")])
    assert_illegal(state, move("K9"), "others_meld_tile", tile="K9", owner=1)
    assert_illegal(state, move("K9", to=0), "others_meld_tile", owner=1)
    assert_illegal(state, SplitSet(set_id=2, at=1), "others_meld_split", owner=1)
    assert_illegal(state, ChooseJoker(tile=J1, colour="K", number=8), "others_meld_joker", owner=1)
    listed = legal(state)
    assert not any(getattr(a, "tiles", None) == ids("K9") for a in listed)
    assert not any(isinstance(a, SplitSet) and a.set_id in (1, 2, 3) for a in listed)
    assert not any(isinstance(a, ChooseJoker) for a in listed)
    assert SplitSet(set_id=0, at=1) in listed


def test_tiles_of_ones_own_melds_stay_in_ones_own_melds() -> None:
    state = vbuild(AM, ["R6 O2", "B1"], [(0, "R3 R4 R5 R6'"), (1, "O7 O8 O9"), (0, "K1 K2 K3")])
    assert_illegal(state, move("R6'", to=1, position=0), "own_tiles_stay_own")
    assert move("R6'", to=1, position=0) not in legal(state)
    state = act(state, move("R6'", to=2))  # into another meld of one's own is fine (here invalid for now)
    assert table_text(state)[2] == "K1 K2 K3 R6"


def test_rearranging_ones_melds_needs_a_tile_from_the_rack() -> None:
    state = vbuild(AM, ["O1 O2 O3 K13", "B1"], [(0, "R3 R4 R5 R6 R7 R8"), (1, "K7 K8 K9")])
    state = act(state, SplitSet(set_id=0, at=3))
    assert table_text(state) == ["R3 R4 R5", "R6 R7 R8", "K7 K8 K9"]
    assert problems(state) == ("To rearrange your melds you must also lay at least one tile from your rack (or reset the turn)",)
    assert_illegal(state, discard("K13"), "turn_not_done", problems=[{"kind": "rearrange_needs_rack_tile", "args": {}}])
    state = act(state, move("O1 O2 O3"))
    assert problems(state) == ()
    assert [ts.owner for ts in state.table] == [0, 0, 1, 0]


# Jokers -------------------------------------------------------------------------------------------------


def test_a_joker_in_ones_own_meld_is_replaced_and_reused_at_once_in_a_new_meld() -> None:
    state = vbuild(AM, ["R4 O1 O2 K13 K12", "B1"], [(0, "R3 J R5"), (0, "B7 B8 B9"), (1, "K7 K8 K9")])
    state = act(state, move("R4", to=0, position=1))
    assert table_text(state) == ["R3 R4 R5", "B7 B8 B9", "K7 K8 K9", "J"]
    assert state.freed_jokers == (J1,)
    assert problems(state) == ("The joker you freed must be played at once, in a new meld of your own",)
    assert_illegal(state, ReturnToRack(tiles=(J1,)), "joker_stays_on_table")
    assert_illegal(state, move((J1,), to=2), "own_tiles_stay_own")
    into_old = act(state, move((J1,), to=1))
    assert problems(into_old) == (
        "The joker you freed must go into a new meld of your own, not into a meld that was on the table"
        " at the start of the turn",
    )
    state = act(state, move(ids("O1 O2") + (J1,)))
    assert problems(state) == ()
    assert [ts.owner for ts in state.table] == [0, 0, 1, 0]
    after = act(state, discard("K13"))
    assert summary(after) == "Ana laid 3 tiles: R4 O1 O2. Ana replaced a joker with R4. Ana discarded K13. Ana has 1 tile left"


def test_only_the_owner_may_replace_a_joker() -> None:
    state = vbuild(AM, ["R4 R6 O2", "B1"], [(1, "R3 J R5")])
    assert_illegal(state, move("R4", to=0, position=1), "others_joker", owner=1)
    assert move("R4", to=0, position=1) not in legal(state)
    state = act(state, move("R6", to=0))  # extending it is fine
    assert table_text(state) == ["R3 J R5 R6"] and problems(state) == ()


# The discard pile ------------------------------------------------------------------------------------------


def test_the_previous_discard_may_be_taken_only_after_breaking_the_ice() -> None:
    fresh = vbuild(AM, ["K1 K2", "B1"], discards=[("R5", 1)], phase="draw", melded=(False, True))
    assert_illegal(fresh, TakeDiscard(), "discard_after_ice")
    assert not RULES.view(fresh, 0).may_take_discard
    state = vbuild(AM, ["K1 K2", "B1"], discards=[("O2", 0), ("R5", 1)], phase="draw")
    assert RULES.view(state, 0).may_take_discard and TakeDiscard() in legal(state)
    state = act(state, TakeDiscard())
    assert rack_text(state) == "K1 K2 R5" and state.took_discard == ids("R5")[0]
    assert state.discards == ((ids("O2")[0], 0),)
    assert say(RULES.view(state, 1).log[-1]) == "Ana took R5 from the discard pile"
    assert RULES.view(state, 1).taken_discard is not None
    assert_illegal(state, discard("R5"), "taken_discard_kept", tile="R5")
    assert {a for a in legal(state) if isinstance(a, Discard)} == {discard("K1"), discard("K2")}


def test_the_taken_discard_cannot_be_the_last_tile_discarded() -> None:
    state = vbuild(AM, ["K1 K2 K3", "B1"], discards=[("R5", 1)], phase="draw")
    state = act(state, TakeDiscard())
    state = act(state, move("K1 K2 K3"))
    assert problems(state) == (
        "Your last tile came from the discard pile this turn and may not be discarded: keep another",
    )


def test_an_empty_discard_pile_cannot_be_taken() -> None:
    state = vbuild(AM, ["K1 K2", "B1"], phase="draw")
    assert_illegal(state, TakeDiscard(), "discard_pile_empty")


# The trump -----------------------------------------------------------------------------------------------


def test_the_trump_is_taken_only_to_go_out() -> None:
    state = vbuild(AM, ["R1 R2 K9 O4", "B1"], trump="R3", phase="draw")
    state = act(state, TakeTrump())
    view = RULES.view(state, 1)
    assert view.trump is not None and view.trump.label == "R3" and view.trump_taken
    assert "You took the trump, so you must go out this turn" in problems(state)[0]
    state = act(state, move("R1 R2 R3"))
    assert problems(state)  # K9 and O4 are left: not going out
    assert not any(isinstance(a, Discard) for a in legal(state))
    back = act(state, ReturnTrump())
    assert back.phase == "draw" and rack_text(back) == "R1 R2 K9 O4" and back.trump == ids("R3")[0]
    assert back.table == () and back.took_trump is None and sorted(count_tiles(back)) == list(range(106))
    assert_illegal(back, ReturnTrump(), "draw_first")


def test_going_out_with_the_trump() -> None:
    state = vbuild(AM, ["R1 R2 K9", "B1 J", "O10"], trump="R3", phase="draw", pool="K5")
    state = act(state, TakeTrump())
    state = act(state, move("R1 R2 R3"))
    assert problems(state) == () and RULES.view(state, 2).going_out_as == "out"
    over = act(state, discard("K9"))
    assert over.phase == "over" and over.winner == 0 and over.win_kind == "out"
    assert over.final_scores == (41, -31, -10)
    assert "Ana took the trump R3" in summary(over)


# Going out and scoring ----------------------------------------------------------------------------------------


def test_going_out_needs_a_final_discard() -> None:
    state = vbuild(AM, ["R1 R2 R3", "B1"])
    state = act(state, move("R1 R2 R3"))
    assert problems(state) == ("Keep one tile on your rack: a turn ends with a discard (you go out by discarding your last tile)",)
    assert not any(isinstance(a, Discard) for a in legal(state))


def test_going_out_scores_as_the_standard_game_over_the_racks_only() -> None:
    state = vbuild(
        AM, ["R1 R2 R3 K9", "B1 B2 J", "O10 O11"], discards=[("K13", 1), ("O12", 2)], current=0
    )
    state = act(state, move("R1 R2 R3"))
    over = act(state, discard("K9"))
    assert over.final_scores == (54, -33, -21)  # discards do not count
    assert sum(over.final_scores) == 0
    out = RULES.outcome(over)
    assert out is not None and out.winners == (0,) and say(out.headline) == "Ana wins: +54"
    assert over.discards[-1] == (ids("K9")[0], 0)
    assert sorted(count_tiles(over)) == list(range(106))


def test_no_face_down_tile_left_ends_the_game_as_in_the_standard_game() -> None:
    state = vbuild(AM, ["K1 K2", "B10", "O3 O4 O5"], phase="draw", fill_pool=False, trump=None)
    over = act(state, Draw())
    assert over.phase == "over" and over.final_scores == (16, -7, -9)
    assert over.end_reason is not None and say(over.end_reason) == "Reason: Ana had to draw and no face-down tile was left"
    out = RULES.outcome(over)
    assert out is not None and out.winners == (0,) and sum(out.scores) == 0


# Time ----------------------------------------------------------------------------------------------------------


def test_time_up_with_a_valid_play_leaves_only_a_discard() -> None:
    state = vbuild(AM, ["K7 R7 B7 O1 O2", "B1"], options={"turn_timer": "60 s"}, melded=(False, True))
    state = act(state, move("K7 R7 B7"))
    state = act(state, TimeUp())
    assert state.phase == "discard" and table_text(state) == ["K7 R7 B7"]
    assert set(not_arranging(legal(state))) == {discard("O1"), discard("O2"), SortRack(by="colour"), SortRack(by="number")}
    assert_illegal(state, Undo(), "time_is_up_discard")
    over = act(state, discard("O1"))
    assert over.melded == (True, True) and over.phase == "draw"


def test_time_up_with_an_invalid_play_restores_and_costs_three_tiles() -> None:
    state = vbuild(AM, ["K7 R7 O1 O2", "B1"], options={"turn_timer": "30 s"}, pool="B2 B3 B4 B5")
    state = act(state, move("K7 R7"))
    state = act(state, TimeUp())
    assert state.phase == "discard" and state.table == ()
    assert rack_text(state) == "K7 R7 O1 O2 B2 B3 B4" and state.pool[0] == ids("B5")[0]


def test_time_up_after_taking_the_trump_puts_it_back_for_a_face_down_tile() -> None:
    state = vbuild(AM, ["K7 O1", "B1"], options={"turn_timer": "30 s"}, trump="R3", pool="B2", phase="draw")
    state = act(state, TakeTrump())
    state = act(state, TimeUp())
    assert state.phase == "discard" and rack_text(state) == "K7 O1 B2" and state.trump == ids("R3")[0]
    assert sorted(count_tiles(state)) == list(range(106))


def test_time_up_before_drawing_draws_for_the_player() -> None:
    state = vbuild(AM, ["K7 O1", "B1"], options={"turn_timer": "30 s"}, pool="B2", phase="draw")
    state = act(state, TimeUp())
    assert state.phase == "discard" and rack_text(state) == "K7 O1 B2"


def test_the_action_limit_ends_the_melding() -> None:
    state = vbuild(AM, ["K7 R7 O1 O2", "B1"], actions_this_turn=MAX_TURN_ACTIONS - 2)
    state = act(state, move("K7 R7"))
    assert state.phase == "turn"
    state = act(state, move("O1"))
    assert state.phase == "discard" and state.table == ()
    assert len(state.racks[0]) == 7  # 3 penalty tiles: tiles had been laid and the table was invalid
    assert "reached the limit of 200 actions" in say(RULES.view(state, 1).log[-1])



def test_with_free_joker_sets_only_the_owner_moves_a_joker() -> None:
    options = {"joker_sets": "free"}
    state = vbuild(AM, ["O1 O2 K13 K12", "B1"], [(0, "J R4 R5 R6"), (1, "K7 J' K9")], options=options)
    assert_illegal(state, move("J'"), "others_meld_tile", tile="J", owner=1)
    state = act(state, move("J"))  # a joker of a free set of her own moves like any tile
    state = act(state, move("O1 O2", to=2, position=0))
    assert table_text(state) == ["R4 R5 R6", "K7 J K9", "O1 O2 J"] and problems(state) == ()
    assert [ts.owner for ts in state.table] == [0, 1, 0]


def test_a_meld_extended_by_another_player_stays_its_owners() -> None:
    state = vbuild(AM, ["K10 O2 O3", "B1 B2"], [(1, "K7 K8 K9")])
    state = act(act(state, move("K10", to=0)), discard("O2"))
    assert state.current == 1 and state.table[0].owner == 1
    state = act(state, Draw())
    state = act(state, SplitSet(set_id=0, at=3))  # Ben may now rearrange all of it, K10 included
    assert table_text(state) == ["K7 K8 K9", "K10"]
