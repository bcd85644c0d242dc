"""Steps of a hand-made game for the blunder finders: a built State, then the actions a test chooses."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardgames_tui.engine.replay import Step


def steps_of(rules: Any, state: Any, moves: Sequence[tuple[int, Any]]) -> list[Step]:
    """The deal as step 0, then each (seat, action) applied in order, as the arena and replay yield them."""
    steps = [Step(0, None, None, None, state)]
    for number, (seat, action) in enumerate(moves, start=1):
        after = rules.apply(state, seat, action)
        steps.append(Step(number, seat, action, state, after))
        state = after
    return steps
