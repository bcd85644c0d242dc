"""Rummikub's International rule set, one rule per test (seed: the "国际拉密" part of
shared/seeds/004_053a4b348d682711.txt; decisions: shared/rules/rummikub-american-international.md and the
docstrings of engine/rummikub/discard.py and international.py). The rules it shares with American
(ownership, jokers, discards) are tested in test_american.py."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from boardgames_tui.engine.rng import derived_random, shuffled
from boardgames_tui.engine.rummikub.closed_hands import (
    DATA,
    TABLE,
    ClosedHand,
    ClosedHandTable,
    closed_hand_score,
)
from boardgames_tui.engine.rummikub.international import international_scores, tile_points
from boardgames_tui.engine.rummikub.models import Discard, Draw, RummikubOptions, TakeDiscard, TakeTrump
from boardgames_tui.engine.rummikub.rules import RULES
from .helpers import act, assert_illegal, count_tiles, discard, ids, lay, legal, move, NAMES, problems, rack_text, said, say, summary, table_text, vbuild


INT = "international"




# The deal ----------------------------------------------------------------------------------------------


def test_the_starter_gets_the_15th_tile_and_the_trump_is_turned_up_from_a_stack() -> None:
    for n in (2, 3, 4):
        state = RULES.setup(NAMES[:n], RummikubOptions(rule_set=INT), "deal")
        tiles = shuffled(range(106), "deal", "tiles")
        first = derived_random("deal", "first").randrange(n)
        assert state.current == first
        for s in range(n):
            expected = tiles[14 * s : 14 * s + 14] + ((tiles[105],) if s == first else ())
            assert sorted(state.racks[s]) == sorted(expected)
        assert state.trump == tiles[98]  # the top of the last stack, turned face up
        assert state.pool == tuple(tiles[14 * n : 98]) + tuple(tiles[99:105])
        assert state.stacks == (7,) * (14 - 2 * n) + (6,)
        assert sorted(count_tiles(state)) == list(range(106))
        assert state.phase == "turn" and state.announced == (False,) * n
        view = RULES.view(state, None)
        assert view.turn_rules.initial_meld == 50 and view.rack_counts[first] == 15 and view.trump is not None


def test_the_starter_does_not_draw_in_the_first_turn() -> None:
    state = RULES.setup(NAMES[:2], RummikubOptions(rule_set=INT), "first")
    assert_illegal(state, Draw(), "starter_no_draw")
    assert_illegal(state, TakeTrump(), "starter_no_draw")
    assert len([a for a in legal(state) if isinstance(a, Discard)]) == 15
    after = act(state, Discard(tile=state.racks[state.current][0]))
    assert after.phase == "draw" and len(after.racks[state.current]) == 14
    assert after.current == (state.current - 1) % 2


# Drawing -----------------------------------------------------------------------------------------------


def test_the_discard_may_be_taken_at_any_draw_ice_broken_or_not() -> None:
    state = vbuild(INT, ["K1 K2", "B1"], discards=[("R5", 1)], phase="draw", melded=(False, False))
    assert RULES.view(state, 0).may_take_discard and TakeDiscard() in legal(state)
    state = act(state, TakeDiscard())
    assert rack_text(state) == "K1 K2 R5" and state.discards == ()


def test_the_trump_is_not_for_a_player_who_broke_the_ice() -> None:
    state = vbuild(INT, ["K1 K2", "B1"], phase="draw", trump="R5")
    assert_illegal(state, TakeTrump(), "trump_not_after_ice")
    assert not RULES.view(state, 0).may_take_trump
    fresh = vbuild(INT, ["K1 K2", "B1"], phase="draw", trump="R5", melded=(False, True))
    assert RULES.view(fresh, 0).may_take_trump and TakeTrump() in legal(fresh)


# Breaking the ice at 50 ------------------------------------------------------------------------------------


def test_breaking_the_ice_needs_50() -> None:
    state = vbuild(INT, ["K9 R9 B9 O5 O6 O7 K1 K2", "B1"], melded=(False, True))
    state = lay(state, "K9 R9 B9", "O5 O6 O7")
    assert problems(state) == ("Breaking the ice: your new melds from your rack are worth 45; you need at least 50",)
    state = vbuild(INT, ["K10 R10 B10 O6 O7 O8 K1 K2", "B1"], melded=(False, True))
    state = lay(state, "K10 R10 B10", "O6 O7 O8")
    assert problems(state) == ()
    after = act(state, discard("K1"))
    assert after.melded == (True, True)


def test_before_the_ice_adding_to_others_is_only_for_a_finish() -> None:
    state = vbuild(INT, ["R7 K1 K2 K3 O1", "B1"], [(1, "R4 R5 R6")], melded=(False, True))
    state = act(state, move("R7", to=0))  # allowed on the way to a finish ...
    assert problems(state) == (
        "Breaking the ice: your new melds from your rack are worth 0; you need at least 50 (before breaking"
        " the ice you may add to other players' melds only to go out at once: a finish)",
    )
    assert not any(isinstance(a, Discard) for a in legal(state))


# The announcement ------------------------------------------------------------------------------------------


def test_three_tiles_or_fewer_are_announced() -> None:
    state = vbuild(INT, ["K1 K2 K3 O5 O9 B2", "B1 B2 B3 B4 B5"], announced=(False, False))
    state = lay(state, "K1 K2 K3")
    after = act(state, discard("O9"))
    assert after.announced == (True, False)
    assert summary(after) == "Ana laid 3 tiles: K1 K2 K3. Ana discarded O9. Ana announces: 2 tiles left"
    assert RULES.view(after, 1).announced == (True, False)
    assert RULES.view(after, None).announced == (True, False)


# Winning ------------------------------------------------------------------------------------------------------


def test_an_open_win_scores_100_and_losers_pay_their_tiles_or_100() -> None:
    state = vbuild(
        INT,
        ["R1 R2 R3 K9", "B1 B12 J", "O10"],
        [(1, "K5 R5 B5")],
        discards=[("O5", 1), ("K8", 2)],
        melded=(True, True, False),
    )
    state = lay(state, "R1 R2 R3")
    assert RULES.view(state, 1).going_out_as == "open"
    over = act(state, discard("K9"))
    assert over.win_kind == "open" and over.winner == 0
    # Ben: B1 10 + B12 10 + joker 30 on the rack, O5 5 in the pile; Cy never broke the ice
    assert over.final_scores == (100, -55, -100)
    out = RULES.outcome(over)
    assert out is not None and out.winners == (0,) and say(out.headline) == "Ana wins: +100 (open win)"
    assert "Ana wins open: 100" in said(out.details)


def test_an_open_win_scores_200_when_nobody_else_has_laid_a_tile() -> None:
    state = vbuild(INT, ["R1 R2 R3 K9", "B1", "O10"], melded=(True, False, False))
    over = act(lay(state, "R1 R2 R3"), discard("K9"))
    assert over.final_scores == (200, -100, -100)
    assert "(no other player had laid a tile)" in say(RULES.outcome(over).details[1])  # type: ignore[union-attr]


def test_a_joker_as_the_winning_discard_doubles_the_win() -> None:
    state = vbuild(INT, ["R1 R2 R3 J", "B1", "O10"], melded=(True, True, False))
    over = act(lay(state, "R1 R2 R3"), discard("J"))
    assert over.final_scores == (200, -10, -100)
    assert "The winning discard is a joker: doubled to 200" in said(RULES.outcome(over).details)  # type: ignore[union-attr]


CLOSED_RACK = "K1 K2 K3 K4 R1 R2 R3 R4 B1 B2 B3 O1 O2 O3 O13"


def test_a_closed_win_lays_all_14_tiles_in_own_melds_with_no_minimum() -> None:
    state = vbuild(INT, [CLOSED_RACK, "B9 B10", "O9"], [(1, "K7 K8 K9")], melded=(False, True, False))
    state = lay(state, "K1 K2 K3 K4", "R1 R2 R3 R4", "B1 B2 B3", "O1 O2 O3")
    assert problems(state) == () and RULES.view(state, 2).going_out_as == "closed"
    assert RULES.view(state, 2).laid_points == 32
    over = act(state, discard("O13"))
    assert over.win_kind == "closed"
    # stand-in: 200 + 32 face value; Ben broke the ice: B9 9 + B10 10; Cy did not: as much as the winner
    assert over.final_scores == (232, -19, -232)
    details = said(RULES.outcome(over).details)  # type: ignore[union-attr]
    assert any("our stand-in" in d for d in details)


def test_a_closed_win_with_the_trump_as_the_winning_draw() -> None:
    state = vbuild(INT, ["K1 K2 K3 K4 R1 R2 R3 R4 B1 B2 B3 O1 O2 O13", "B9"], trump="O3", phase="draw", melded=(False, True))
    state = act(state, TakeTrump())
    state = lay(state, "K1 K2 K3 K4", "R1 R2 R3 R4", "B1 B2 B3", "O1 O2 O3")
    over = act(state, discard("O13"))
    assert over.win_kind == "closed" and over.final_scores == (232, -9)
    assert sorted(count_tiles(over)) == list(range(106))


def test_a_joker_discard_doubles_a_closed_win_and_the_penalty_of_those_without_ice() -> None:
    rack = "K1 K2 K3 K4 R1 R2 R3 R4 B1 B2 B3 O1 O2 O3 J"
    state = vbuild(INT, [rack, "B9"], melded=(False, False))
    over = act(lay(state, "K1 K2 K3 K4", "R1 R2 R3 R4", "B1 B2 B3", "O1 O2 O3"), discard("J"))
    assert over.final_scores == (464, -464)


FINISH_TABLE = [(1, "R4 R5 R6"), (2, "K9 K10 K11")]
FINISH_RACK = "R7 R8 R9 K12 K13 B1 B2 B3 O1 O2 O3 B5 O5 K5 O13"


def test_a_finish_lays_all_14_tiles_some_on_others_melds_worth_50_or_more() -> None:
    state = vbuild(INT, [FINISH_RACK, "B13", "K1 J"], FINISH_TABLE, melded=(False, True, True))
    state = lay(state, "B1 B2 B3", "O1 O2 O3", "B5 O5 K5", onto={0: "R7 R8 R9", 1: "K12 K13"})
    view = RULES.view(state, 1)
    assert view.meld_points == 27 and view.laid_points == 76 and view.going_out_as == "finish"
    assert problems(state) == ()
    over = act(state, discard("O13"))
    assert over.win_kind == "finish" and over.final_scores == (200, -10, -40)


def test_a_finish_under_50_is_refused() -> None:
    rack = "R4 R5 R6 K4 K5 B1 B2 B3 O1 O2 O3 B4 O4 R4' K13"
    state = vbuild(INT, [rack, "B13"], [(1, "R1 R2 R3"), (1, "K1 K2 K3")], melded=(False, True))
    state = lay(state, "B1 B2 B3", "O1 O2 O3", "B4 O4 R4'", onto={0: "R4 R5 R6", 1: "K4 K5"})
    assert problems(state) == ("A finish needs the tiles you lay to total at least 50; they total 48",)
    assert_illegal(state, discard("K13"), "turn_not_done", problems=[{"kind": "finish_short", "args": {"laid": 48, "need": 50}}])


def test_no_face_down_tile_left_nobody_wins() -> None:
    state = vbuild(INT, ["K1 K12", "B5", "O3"], phase="draw", fill_pool=False, trump=None, melded=(True, True, False))
    over = act(state, Draw())
    assert over.phase == "over" and over.winner is None and over.win_kind is None
    assert over.final_scores == (-20, -5, -100)
    out = RULES.outcome(over)
    assert out is not None and out.winners == () and say(out.headline).startswith("nobody wins")


# Scoring helpers and the closed-hand table -------------------------------------------------------------------


def test_tile_points_count_1_and_10_to_13_as_ten() -> None:
    assert [tile_points(t) for t in ids("K1 K2 K9 K10 K13 J")] == [10, 2, 9, 10, 10, 30]


def test_scores_with_nobody_winning() -> None:
    racks = [ids("K1"), ids("B5 B6"), ids("O3")]
    scores, notes = international_scores(NAMES[:3], None, 0, None, (True, True, False), racks, ((ids("R12")[0], 0),))
    assert scores == (-20, -11, -100) and len(notes) == 3


def test_the_closed_hand_table_is_a_stand_in_kept_as_data() -> None:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    assert data["stand_in"] is True and TABLE.stand_in
    assert closed_hand_score(ClosedHand(melds=(), face_value=87))[0] == 287
    with pytest.raises(ValidationError, match="unknown closed-hand condition"):
        ClosedHandTable.model_validate({**data, "hand_types": [{**data["hand_types"][0], "condition": "pairs"}]})
    richer = ClosedHandTable.model_validate(
        {**data, "hand_types": [*data["hand_types"], {"id": "x", "name": "X", "condition": "any", "base": 500}]}
    )
    assert closed_hand_score(ClosedHand(melds=(), face_value=87), richer)[0] == 500  # the best type counts


def test_the_pile_and_table_of_a_game_over_keep_every_tile() -> None:
    state = vbuild(INT, ["R1 R2 R3 K9", "B1"], [(1, "K5 R5 B5")], discards=[("O5", 1)])
    over = act(lay(state, "R1 R2 R3"), discard("K9"))
    assert sorted(count_tiles(over)) == list(range(106)) and table_text(over)[1] == "R1 R2 R3"


def test_adding_to_others_before_the_ice_is_fine_once_the_ice_is_broken_in_the_same_turn() -> None:
    state = vbuild(INT, ["R7 K10 R10 B10 O7 O8 O9 K1 K2", "B1"], [(1, "R4 R5 R6")], melded=(False, True))
    state = act(state, move("R7", to=0))
    state = lay(state, "K10 R10 B10", "O7 O8 O9")  # 54 in new melds of her own
    assert problems(state) == () and RULES.view(state, 1).going_out_as is None
    after = act(state, discard("K1"))
    assert after.melded == (True, True) and [ts.owner for ts in after.table] == [1, 0, 0]
