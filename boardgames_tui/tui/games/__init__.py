"""One package per game: its turn screen, narrator, drawings and styles."""

from __future__ import annotations

from importlib import import_module
from typing import Any


def table_module(game_id: str) -> Any:
    """The game's read-only table drawings (tui/games/<game>/table.py): `table(view, narrator)` for any
    View, `reveal(revealed, narrator)` for what was hidden (engine/reveal.py), once the game is over."""
    return import_module(f"boardgames_tui.tui.games.{game_id}.table")


def turn_screen_class(game_id: str) -> type:
    """The game's private turn screen (tui/games/<game>/screen.py, attribute TURN_SCREEN)."""
    found: type = import_module(f"boardgames_tui.tui.games.{game_id}.screen").TURN_SCREEN
    return found


def public_table(game_id: str) -> Any:
    """The game's table as anyone may watch it: `public_table(view)` of table.py, drawn from the public View
    (no seat; a seat's View is refused), offered on the handoff screen and the computers' table."""
    return table_module(game_id).public_table
