"""Per game, the function that deals again at random what one seat cannot see and leaves everything that seat
can see as it was: `RESAMPLE[game](state, seat, rng)`. The no-leak tests (Views, bots, exports) use it to show
that what a seat is given does not depend on what it may not know.

Found by convention for every game of the registry: `resample_hidden` in `tests/engine/<game id>/helpers.py`."""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib import import_module
from typing import Any

from boardgames_tui.engine.registry import GAMES

Resampler = Callable[[Any, int, random.Random], Any]


def _resampler(game_id: str) -> Resampler:
    helpers = import_module(f"tests.engine.{game_id}.helpers")
    resample: Resampler = helpers.resample_hidden
    return resample


RESAMPLE: dict[str, Resampler] = {game_id: _resampler(game_id) for game_id in GAMES}


def table_size(game_id: str) -> int:
    """The players at the table the cross-game tests set up: three where the game allows it (a seat sees
    two others), else its fewest."""
    spec = GAMES[game_id]
    rules = spec.rules()
    return max(rules.min_players, 3 if rules.max_players >= 3 else 2)
