"""Random legal games of Splendor Duel for the tests that look at many kinds of position: the legality
checks (test_checks.py) and the narrator in both languages (tests/tui/test_splendor_duel_chinese.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from boardgames_tui.engine.splendor_duel.models import SplendorDuelState
from boardgames_tui.engine.splendor_duel.rules import RULES

from .helpers import NAMES


def random_game(rng: random.Random, deal: str, names: tuple[str, str] = NAMES) -> Iterator[SplendorDuelState]:
    """Every position of one game from the deal to its end, each action chosen by `rng` among the legal
    ones. A position is yielded before its action is chosen, so the caller may use `rng` on it first."""
    state = RULES.setup(names, None, deal)
    while RULES.to_act(state):
        yield state
        state = RULES.apply(state, state.current, rng.choice(RULES.legal_actions(state, state.current)))
    yield state


def rare_decision(state: SplendorDuelState) -> bool:
    """Whether the position asks for one of the rarer decisions (a royal card, a token to steal or to give
    back, a joker's colour ...) rather than a turn's start or main step: worth looking at every time."""
    return state.phase not in ("start", "main")
