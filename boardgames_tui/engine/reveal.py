"""What was hidden during a game, laid open once it is over: the one way the results, the replay of a finished
game and anything else shown after the end learn the hidden cards. Screens draw a game's `Revealed` model and
never read a State.

Each game keeps its own in `engine/<id>/reveal.py` (function `reveal(state)`), found from the game's id.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any


def reveal(game_id: str, state: Any) -> Any:
    """Everything `state` hides from any seat, for a game whose hidden cards may be shown (it is over, or it
    is a replay of a finished game)."""
    return import_module(f"boardgames_tui.engine.{game_id}.reveal").reveal(state)
