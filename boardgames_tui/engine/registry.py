"""The games the collection offers. A game appears here only when it is finished.

Only where each game's code lives is kept here: its name and description are said by its narrator
(`tui/games/<id>/narrate.py`), in the player's language.
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
    ui_path: str  # "module:attribute" of the UI entry point; imported lazily by the TUI
    # "module:function" turning the public View (no seat) into a renderable anyone may watch, offered on
    # the handoff screen; "" when the handoff's summary is all a game needs
    public_path: str = ""

    def rules(self) -> "GameRules":  # type: ignore[type-arg]
        module, attr = self.rules_path.split(":")
        return getattr(import_module(module), attr)  # type: ignore[no-any-return]


GAMES: dict[str, GameSpec] = {
    spec.id: spec
    for spec in (
        GameSpec(
            id="hanabi",
            rules_path="boardgames_tui.engine.hanabi.rules:RULES",
            ui_path="boardgames_tui.tui.games.hanabi.screen:HanabiTurnScreen",
            public_path="boardgames_tui.tui.games.hanabi.table:public_table",
        ),
        GameSpec(
            id="luz",
            rules_path="boardgames_tui.engine.luz.rules:RULES",
            ui_path="boardgames_tui.tui.games.luz.screen:LuzTurnScreen",
            public_path="boardgames_tui.tui.games.luz.table:public_table",
        ),
        GameSpec(
            id="rummikub",
            rules_path="boardgames_tui.engine.rummikub.rules:RULES",
            ui_path="boardgames_tui.tui.games.rummikub.screen:RummikubTurnScreen",
            public_path="boardgames_tui.tui.games.rummikub.table:public_table",
        ),
        GameSpec(
            id="splendor_duel",
            rules_path="boardgames_tui.engine.splendor_duel.rules:RULES",
            ui_path="boardgames_tui.tui.games.splendor_duel.screen:SplendorDuelTurnScreen",
            public_path="boardgames_tui.tui.games.splendor_duel.table:public_table",
        ),
        GameSpec(
            id="lifeboat",
            rules_path="boardgames_tui.engine.lifeboat.rules:RULES",
            ui_path="boardgames_tui.tui.games.lifeboat.screen:LifeboatTurnScreen",
            public_path="boardgames_tui.tui.games.lifeboat.render:public_table",
        ),
    )
}


def get_game(game_id: str) -> GameSpec:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}") from None
