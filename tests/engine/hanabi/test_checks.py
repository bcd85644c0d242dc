"""Legality is written once, in the check_K methods: legal_actions must list exactly the candidates those
checks allow, in every phase a game reaches (bonus decisions included), and every refusal has a code the
narrator can say."""

from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.base import IllegalAction
from boardgames_tui.engine.hanabi.models import ColourClue, HanabiOptions, HanabiState, NumberClue, PlayCard
from boardgames_tui.engine.hanabi.rules import RULES

from .helpers import NAMES, narrator
from .test_playouts import VARIANTS, candidate_actions, choose

FLAMBOYANT = [o for o in VARIANTS if o.five_flamboyants]


def agree(state: HanabiState, codes: set[str]) -> None:
    seat = state.current
    legal = set(RULES.legal_actions(state, seat))
    allowed = set()
    for action in candidate_actions(state):
        refused = RULES.refusal(state, seat, action)
        if refused is None:
            allowed.add(action)
        else:
            codes.add(refused.code)
            assert narrator(state).refusal(refused)  # strict narration: a code without words fails here
    assert allowed == legal, (state.phase, allowed ^ legal)


@pytest.mark.parametrize("seed", range(8))
def test_the_listing_names_exactly_what_the_checks_allow(seed: int) -> None:
    rng = random.Random(seed)
    options = FLAMBOYANT[seed % len(FLAMBOYANT)] if seed % 2 else VARIANTS[seed * 5 % len(VARIANTS)]
    state = RULES.setup(NAMES[: 2 + seed % 4], options, f"checks-{seed}")
    codes: set[str] = set()
    while RULES.to_act(state):
        if rng.random() < 0.3 or state.phase != "turn":
            agree(state, codes)
        state = RULES.apply(state, state.current, choose(state, tuple(RULES.legal_actions(state, state.current)), rng, 0.95))
    assert {"no_such_slot", "no_such_player", "clue_to_self", "not_a_colour", "no_such_number", "no_bonus"} <= codes


def test_the_bonus_steps_are_checked_like_the_rest() -> None:
    codes: set[str] = set()
    phases: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        state = RULES.setup(NAMES[:3], HanabiOptions(five_flamboyants=True, sixth_suit="tricky"), str(seed))
        while RULES.to_act(state):
            if state.phase != "turn":
                phases.add(state.phase)
                agree(state, codes)
            state = RULES.apply(state, state.current, choose(state, tuple(RULES.legal_actions(state, state.current)), rng, 1.0))
        if len(phases) == 4:
            break
    assert phases == {"free_colour_clue", "free_number_clue", "reshuffle_discard", "replay_discard"}
    assert {"free_colour_clue_first", "free_number_clue_first", "choose_reshuffle", "choose_replay", "not_in_discard"} <= codes


def test_a_refusal_names_what_was_asked() -> None:
    state = RULES.setup(NAMES[:2], HanabiOptions(), "refusals")
    assert RULES.refusal(state, 0, PlayCard(slot=7)) == IllegalAction("no_such_slot", slot=7)
    assert RULES.refusal(state, 0, PlayCard.model_construct(slot="x")) == IllegalAction("no_such_slot", slot=None)
    assert RULES.refusal(state, 0, ColourClue(target=5, suit="R")) == IllegalAction("no_such_player", target=5)
    assert RULES.refusal(state, 0, NumberClue(target=1, rank=9)) == IllegalAction("no_such_number", rank=9)
    assert RULES.refusal(state, 1, PlayCard(slot=0)) == IllegalAction("not_your_turn", seat=1)
    assert RULES.refusal(state, 0, "play") == IllegalAction("unknown_action", kind="")  # type: ignore[arg-type]
