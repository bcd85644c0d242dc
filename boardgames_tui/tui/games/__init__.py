"""One package per game: its turn screen, narrator, drawings and styles."""

from __future__ import annotations

from importlib import import_module
from typing import Any


def table_module(game_id: str) -> Any:
    """The game's read-only table drawings (tui/games/<game>/table.py): `table(view, narrator)` for any
    View, `reveal(state, narrator)` for what was hidden, once the game is over."""
    return import_module(f"boardgames_tui.tui.games.{game_id}.table")
