"""Computer players: game id → level → factory of a `Bot` (see base.py).

Bots import the engine, never the UI. Each game's module `bots/<id>.py` lists its levels in `LEVELS`, found
from the game's id in the registry (engine/registry.py); the levels a table can seat are the registry's
`GameSpec.table_levels`, the others (random, greedy …) are baselines the arena offers for measuring the real
ones.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import Any

from ..engine.registry import GAMES
from .base import Bot, BotFactory, RandomBot, decision_rng


class _LevelsByGame(Mapping[str, Mapping[str, BotFactory]]):
    """Every registered game's levels: `BOTS[game_id]` is the LEVELS of bots/<game_id>.py."""

    def __getitem__(self, game_id: str) -> Mapping[str, BotFactory]:
        if game_id not in GAMES:
            raise KeyError(game_id)
        levels: Mapping[str, BotFactory] = import_module(f"{__name__}.{game_id}").LEVELS
        return levels

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


BOTS: Mapping[str, Mapping[str, BotFactory]] = _LevelsByGame()
for _game_id in GAMES:  # imported now: the app's warm-up imports this package to have every bot ready
    import_module(f"{__name__}.{_game_id}")


def decide(game_id: str, level: str, view: Any, deal_number: str, decision: int) -> Any:
    """The action a fresh `level` bot takes in `view`, the `decision`-th action of the game with that deal
    number: what the app runs (in another process) for a computer's move, and what the arena measures."""
    return BOTS[game_id][level]().choose(view, decision_rng(deal_number, decision, view.seat))


__all__ = ["BOTS", "Bot", "BotFactory", "RandomBot", "decide", "decision_rng"]
