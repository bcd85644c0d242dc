"""The games the collection offers. A game appears here only when it is finished."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import GameRules


@dataclass(frozen=True)
class GameSpec:
    id: str
    title: str
    blurb: str
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
            title="Hanabi",
            blurb="Cooperative fireworks for 2-5: everyone sees your cards but you.",
            rules_path="boardgames_tui.engine.hanabi.rules:RULES",
            ui_path="boardgames_tui.tui.games.hanabi.screen:HanabiTurnScreen",
        ),
        GameSpec(
            id="luz",
            title="Luz",
            blurb="Trick-taking for 3-5: bid your tricks holding cards only the others can read.",
            rules_path="boardgames_tui.engine.luz.rules:RULES",
            ui_path="boardgames_tui.tui.games.luz.screen:LuzTurnScreen",
        ),
        GameSpec(
            id="rummikub",
            title="Rummikub",
            blurb="Tile rummy for 2-4: meld runs and groups, rearrange the whole table.",
            rules_path="boardgames_tui.engine.rummikub.rules:RULES",
            ui_path="boardgames_tui.tui.games.rummikub.screen:RummikubTurnScreen",
        ),
        GameSpec(
            id="splendor_duel",
            title="Splendor Duel",
            blurb="Gem trading for 2: draw tokens from a shared board, buy cards, chase crowns.",
            rules_path="boardgames_tui.engine.splendor_duel.rules:RULES",
            ui_path="boardgames_tui.tui.games.splendor_duel.screen:SplendorDuelTurnScreen",
        ),
        GameSpec(
            id="lifeboat",
            title="Lifeboat",
            blurb="Survival for 4-6 castaways: fight, row and trade, with a secret love and hate.",
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
