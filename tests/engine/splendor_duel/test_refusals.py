"""The View carries the engine's reasons for the actions a player may try by key (rules.TRIED_ACTIONS and
TARGETED_TRIES), for the seat to act only: what the screens say instead of working a rule out."""

from __future__ import annotations

import random
from typing import Any

from boardgames_tui.engine.splendor_duel.models import Refusal, Replenish, Reserve, SplendorDuelView, UsePrivilege
from boardgames_tui.engine.splendor_duel.rules import NEEDS_A_TARGET, RULES, TRIED_ACTIONS

from .helpers import EMPTY_BOARD, R, act, board, build, player, random_midgame, tokens

# Ana (to play) holds a privilege; the board has gems, a pearl and two golds; the bag is not empty.
START = build(
    board_cells=board("W.R..", ".BG..", "..KY.", "P....", "....Y"),
    seats=(player(tokens(W=1, B=1, G=1, R=1, Y=1), privileges=1), player()),
)


def kinds_as_such(view: SplendorDuelView) -> dict[str, tuple[str, dict[str, object]]]:
    """kind -> (code, params) of the View's refusals of a kind as such."""
    return {r.kind: (r.code, r.params) for r in view.refusals if r.target is None}


def targeted(view: SplendorDuelView, kind: str) -> dict[int, str]:
    return {r.target: r.code for r in view.refusals if r.kind == kind and r.target is not None}


def test_the_main_step_with_a_privilege_and_a_full_bag() -> None:
    view = RULES.view(START, 0)
    # nothing stops taking, buying, reserving, a privilege or the replenish as such; a pass is refused
    assert kinds_as_such(view) == {"pass": ("pass_not_allowed", {})}
    # a privilege on each cell the listing does not offer one on: the empty cells and the golds
    cells = targeted(view, "use_privilege")
    empty = {c for c in range(25) if START.board[c] == -1}
    assert cells == {**{c: "cell_empty" for c in empty}, 13: "privilege_not_gold", 24: "privilege_not_gold"}
    assert Refusal(kind="use_privilege", code="cell_empty", params={"cell": 1}, target=1) in view.refusals
    offered = {a.cell for a in view.legal_actions if isinstance(a, UsePrivilege)}
    assert offered.isdisjoint(cells) and offered | set(cells) == set(range(25))
    assert targeted(view, "reserve_deck") == {}  # every deck has cards


def test_after_the_replenish() -> None:
    state = act(START, Replenish())
    assert state.phase == "main" and state.current == 0
    such = kinds_as_such(RULES.view(state, 0))
    assert such["replenish"] == ("already_replenished", {})
    assert such["use_privilege"] == ("privilege_after_replenish", {})
    assert not targeted(RULES.view(state, 0), "use_privilege"), "a privilege refused as such is not tried on each cell"


def test_an_empty_bag_and_no_privilege() -> None:
    state = START.model_copy(update={"bag": (0,) * 7, "seats": (player(tokens(W=1)), player())})
    such = kinds_as_such(RULES.view(state, 0))
    assert such["replenish"] == ("bag_empty", {})
    assert such["use_privilege"] == ("no_privilege", {})
    assert not targeted(RULES.view(state, 0), "use_privilege")


def test_reservations() -> None:
    full = START.model_copy(update={"seats": (player(reserved=(6, 7, 31)), player())})
    assert kinds_as_such(RULES.view(full, 0))["reserve"] == ("reserve_full", {"most": 3})
    no_gold = build(board_cells=board("W.R..", ".....", ".....", ".....", "....."))
    assert kinds_as_such(RULES.view(no_gold, 0))["reserve"] == ("no_gold_on_board", {})
    assert not targeted(RULES.view(no_gold, 0), "reserve_deck")
    gold = build(board_cells=board("Y....", ".....", ".....", ".....", "....."))
    no_top = gold.model_copy(update={"decks": (gold.decks[0], gold.decks[1], ())})
    view = RULES.view(no_top, 0)
    assert "reserve" not in kinds_as_such(view)
    assert targeted(view, "reserve_deck") == {3: "deck_empty"}
    assert Refusal(kind="reserve_deck", code="deck_empty", params={"level": 3}, target=3) in view.refusals


def test_the_last_gem_a_privilege_may_not_take() -> None:
    one_pearl = build(board_cells=board("P....", ".....", ".....", ".....", "....."), seats=(player(privileges=1), player()), bag=(0,) * 7)
    view = RULES.view(one_pearl, 0)
    assert targeted(view, "use_privilege")[0] == "privilege_leaves_no_action"


def test_a_pending_choice_refuses_every_kind() -> None:
    me = player(tokens(W=2, B=2, G=2, R=2, K=2, P=1), privileges=1)
    discard = build(board_cells=board("W.R..", ".....", "..Y..", ".....", "....."), seats=(me, player()), phase="discard")
    assert kinds_as_such(RULES.view(discard, 0)) == {kind: ("must_discard", {}) for kind in TRIED_ACTIONS}
    assert all(r.target is None for r in RULES.view(discard, 0).refusals)
    take = build(board_cells=board("R....", ".....", "..Y..", ".....", "....R"), phase="take_token", choice_colour=R)
    assert kinds_as_such(RULES.view(take, 0)) == {kind: ("must_take_board_token", {"colour": R}) for kind in TRIED_ACTIONS}


def test_a_forced_pass_is_not_refused() -> None:
    stuck = build(board_cells=EMPTY_BOARD, bag=(0,) * 7)
    such = kinds_as_such(RULES.view(stuck, 0))
    assert "pass" not in such and such["replenish"] == ("bag_empty", {})


def test_only_the_seat_to_act_gets_refusals() -> None:
    assert RULES.view(START, 1).refusals == () and RULES.view(START, None).refusals == ()
    over = START.model_copy(update={"phase": "over"})
    assert RULES.view(over, 0).refusals == ()


def _tried(refusal: Refusal, state: Any) -> Any:
    if refusal.target is None:
        return TRIED_ACTIONS[refusal.kind]
    if refusal.kind == "use_privilege":
        return UsePrivilege(cell=refusal.target)
    gold = state.board.index(6)
    return Reserve(gold_cell=gold, level=refusal.target, card=None)


def test_every_refusal_is_the_engines_own_in_random_games() -> None:
    for seed in range(12):
        state = random_midgame(seed, random.Random(seed).randrange(0, 120))
        seat = state.current
        view = RULES.view(state, seat)
        assert len({(r.kind, r.target) for r in view.refusals}) == len(view.refusals)
        for refusal in view.refusals:
            refused = RULES.refusal(state, seat, _tried(refusal, state))
            assert refused is not None and (refused.code, refused.params) == (refusal.code, refusal.params)
            assert refusal.code not in NEEDS_A_TARGET
