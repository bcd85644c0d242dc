"""The apply kernel: every rule is a check (check_K) and legal_actions lists exactly the actions whose
check passes, in random playouts of every option (each candidate of every kind tried at every step)."""

from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.base import IllegalAction
from boardgames_tui.engine.lifeboat.core import PHASE_KINDS
from boardgames_tui.engine.lifeboat.models import LifeboatOptions
from boardgames_tui.engine.lifeboat.rules import RULES

from .helpers import NAMES
from .test_playouts import CANDIDATES, OPTIONS

KINDS = {kind for kinds in PHASE_KINDS.values() for kind in kinds}


def test_every_kind_has_a_check_and_an_effect() -> None:
    for kind in KINDS:
        assert callable(getattr(RULES, f"check_{kind}")) and callable(getattr(RULES, f"do_{kind}")), kind
    assert KINDS == {c.kind for c in CANDIDATES}


@pytest.mark.parametrize("option", range(len(OPTIONS)))
@pytest.mark.parametrize("players", [4, 6])
def test_legal_actions_are_exactly_the_candidates_the_checks_allow(players: int, option: int) -> None:
    rng = random.Random(players * 7 + option)
    state = RULES.setup(NAMES[:players], OPTIONS[option], f"kernel-{players}-{option}")
    while RULES.to_act(state):
        seat = state.current
        legal = RULES.legal_actions(state, seat)
        assert len(set(legal)) == len(legal), "each legal action once"
        for a in (*CANDIDATES, *legal):
            refused = RULES.refusal(state, seat, a)
            assert (refused is None) == (a in legal), (state.phase, a, refused)
            assert refused is None or isinstance(refused, IllegalAction)
        for other in range(players):
            if other != seat:
                assert RULES.refusal(state, other, legal[0]) == IllegalAction("not_your_turn", seat=other)
        state = RULES.apply(state, seat, rng.choice(legal))
    assert RULES.refusal(state, 0, CANDIDATES[0]) == IllegalAction("game_over")


def test_refusals_are_codes_with_json_parameters() -> None:
    import json

    state = RULES.setup(NAMES[:5], LifeboatOptions(), "codes")
    rng = random.Random(3)
    seen: set[str] = set()
    while RULES.to_act(state):
        seat = state.current
        for a in CANDIDATES:
            refused = RULES.refusal(state, seat, a)
            if refused is not None:
                json.dumps(refused.params)
                assert refused.code.replace("_", "").isalpha()
                seen.add(refused.code)
        state = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    assert {"not_now", "no_playing_now", "not_in_hand", "no_such_seat", "not_yourself"} <= seen
