"""Computer players: game id → level → factory of a `Bot` (see base.py).

Bots import the engine, never the UI. Each game's module lists its levels in `LEVELS`; the levels a
table can seat are the registry's `GameSpec.table_levels`, the others (random, greedy …) are baselines
the arena offers for measuring the real ones.
"""

from __future__ import annotations

from typing import Any

from . import hanabi, lifeboat, luz, rummikub, splendor_duel
from .base import Bot, BotFactory, RandomBot, decision_rng

BOTS: dict[str, dict[str, BotFactory]] = {
    "hanabi": hanabi.LEVELS,
    "luz": luz.LEVELS,
    "rummikub": rummikub.LEVELS,
    "splendor_duel": splendor_duel.LEVELS,
    "lifeboat": lifeboat.LEVELS,
}


def decide(game_id: str, level: str, view: Any, deal_number: str, decision: int) -> Any:
    """The action a fresh `level` bot takes in `view`, the `decision`-th action of the game with that deal
    number: what the app runs (in another process) for a computer's move, and what the arena measures."""
    return BOTS[game_id][level]().choose(view, decision_rng(deal_number, decision, view.seat))


__all__ = ["BOTS", "Bot", "BotFactory", "RandomBot", "decide", "decision_rng"]
