"""Legality is written once, in the check_K methods: the fast listing in legal_actions must name exactly
the candidates those checks allow, in every kind of position a game reaches."""

from __future__ import annotations

import itertools
import random

import pytest

from boardgames_tui.engine.base import IllegalAction
from boardgames_tui.engine.splendor_duel.cards import cost_after_bonuses, payments
from boardgames_tui.engine.splendor_duel.data import CARDS
from boardgames_tui.engine.splendor_duel.models import (
    Buy,
    ChooseRoyal,
    DiscardToken,
    Pass,
    PlaceJoker,
    Replenish,
    Reserve,
    SplendorDuelState,
    StealToken,
    TakeBoardToken,
    TakeTokens,
    UsePrivilege,
)
from boardgames_tui.engine.splendor_duel.rules import RULES

from .helpers import board, build, player, tokens
from .playout import random_game, rare_decision

# Every set of 1-3 cells, in board order, plus a few out of order and too long.
_CELL_CHOICES = [c for n in (1, 2, 3) for c in itertools.combinations(range(25), n)]
_ODD_CHOICES = [(1, 0), (12, 6, 0), (0, 1, 2, 3), (), (0, 0), (24, 25)]


def candidates(state: SplendorDuelState, seat: int, rng: random.Random) -> list:  # type: ignore[type-arg]
    """Actions of every kind for this position: every one that could be legal and many that are not."""
    p = state.seats[seat]
    out: list = [Replenish(), Pass()]  # type: ignore[type-arg]
    out += [TakeTokens.model_construct(cells=c) for c in _CELL_CHOICES + _ODD_CHOICES]
    out += [UsePrivilege.model_construct(cell=c) for c in range(-1, 26)]
    shown = [c for row in state.pyramid for c in row if c]
    for cell in range(25):
        for level in (0, 1, 2, 3, 4):
            for card in (None, 0, *shown, *p.reserved):
                out.append(Reserve.model_construct(gold_cell=cell, level=level, card=card))
    for card in {*shown, *p.reserved, *rng.sample(sorted(CARDS), 5)}:
        ways = payments(cost_after_bonuses(card, p.bonuses), (9,) * 6 + (3,))
        for way in (*ways[:40], (0,) * 7, tuple(rng.randint(0, 2) for _ in range(7))):
            out.append(Buy.model_construct(card=card, payment=way))
    out += [PlaceJoker.model_construct(colour=c) for c in range(-1, 9)]
    out += [TakeBoardToken.model_construct(cell=c) for c in range(-1, 26)]
    out += [StealToken.model_construct(colour=c) for c in range(-1, 9)]
    out += [ChooseRoyal.model_construct(royal=r) for r in range(0, 6)]
    out += [DiscardToken.model_construct(colour=c) for c in range(-1, 9)]
    return out


def agree(state: SplendorDuelState, rng: random.Random) -> None:
    seat = state.current
    legal = set(RULES.legal_actions(state, seat))
    allowed = {a for a in candidates(state, seat, rng) if RULES.refusal(state, seat, a) is None}
    assert allowed == legal, (state.phase, allowed ^ legal)


@pytest.mark.parametrize("seed", range(4))
def test_the_listing_names_exactly_what_the_checks_allow(seed: int) -> None:
    rng = random.Random(seed)
    seen = set()
    for state in random_game(rng, f"checks-{seed}"):
        if RULES.to_act(state) and (rng.random() < 0.2 or rare_decision(state)):
            agree(state, rng)
            seen.add(state.phase)
    assert "start" in seen


def test_positions_the_playouts_rarely_reach() -> None:
    rng = random.Random(7)
    one_pearl = build(board_cells=board("P....", ".....", ".....", ".....", "....."), seats=(player(privileges=2), player()), bag=(0,) * 7)
    both = build(board_cells=board("Y....", ".....", ".....", ".....", "....P"), seats=(player(tokens(W=2), privileges=1), player()), bag=(0,) * 7)
    stuck = build(board_cells=board(".....", ".....", ".....", ".....", "....."), bag=(0,) * 7)
    full_reserve = build(board_cells=board("Y....", ".....", ".....", ".....", "....Y"), seats=(player(reserved=(6, 7, 8)), player()))
    for state in (one_pearl, both, stuck, full_reserve):
        agree(state, rng)


def test_each_check_gives_its_code() -> None:
    s = build(board_cells=board("RRY..", ".....", ".....", ".....", "....."), seats=(player(), player()), bag=(0,) * 7)

    def code(action) -> str:  # type: ignore[no-untyped-def]
        refused = RULES.refusal(s, 0, action)
        assert isinstance(refused, IllegalAction)
        return refused.code

    assert code(UsePrivilege(cell=0)) == "no_privilege"
    assert code(Replenish()) == "bag_empty"
    assert code(TakeTokens(cells=(1, 0))) == "cells_out_of_order"
    assert code(TakeTokens(cells=(0, 1, 2))) == "gold_only_by_reserving"
    assert code(Reserve(gold_cell=0, level=1, card=None)) == "not_a_gold"
    assert code(Reserve(gold_cell=2, level=1, card=55)) == "card_not_on_display"
    assert code(Buy(card=60, payment=(0,) * 7)) == "card_not_available"
    assert code(Pass()) == "pass_not_allowed"
    assert code(ChooseRoyal(royal=1)) == "nothing_to_choose"
    assert RULES.refusal(s, 1, Pass()) == IllegalAction("not_your_turn", seat=1)
