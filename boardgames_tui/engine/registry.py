"""The games the collection offers. A game appears here only when it is finished.

Only where each game's rules live is kept here; everything else is found from the id by convention: its
narrator `narration/<id>.py` (name and description in the player's language), its screens
`tui/games/<id>/` (tui/games/__init__.py), its computer players `bots/<id>.py`, its catalogue `<id>.po`.
The engine names no UI module.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import GameRules


@dataclass(frozen=True)
class GameSpec:
    id: str
    rules_path: str  # "module:attribute" of the GameRules object
    # The computer levels a table of this game can seat, easiest first: what setup offers and what a save may
    # name. Each needs a computer player of that level in bots/<id>.py (a test holds the two together).
    table_levels: tuple[str, ...] = ("easy", "hard")

    def rules(self) -> "GameRules":  # type: ignore[type-arg]
        module, attr = self.rules_path.split(":")
        return getattr(import_module(module), attr)  # type: ignore[no-any-return]


GAMES: dict[str, GameSpec] = {
    spec.id: spec
    for spec in (
        GameSpec(
            id="hanabi",
            rules_path="boardgames_tui.engine.hanabi.rules:RULES",
        ),
        GameSpec(
            id="luz",
            rules_path="boardgames_tui.engine.luz.rules:RULES",
        ),
        GameSpec(
            id="rummikub",
            rules_path="boardgames_tui.engine.rummikub.rules:RULES",
        ),
        GameSpec(
            id="splendor_duel",
            rules_path="boardgames_tui.engine.splendor_duel.rules:RULES",
            table_levels=("easy", "hard", "strongest"),  # its computer's search still gains with more time
        ),
        GameSpec(
            id="lifeboat",
            rules_path="boardgames_tui.engine.lifeboat.rules:RULES",
        ),
    )
}


def get_game(game_id: str) -> GameSpec:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}") from None
