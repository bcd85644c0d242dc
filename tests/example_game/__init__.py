"""High card: a complete, tiny game, kept in the tests as the template of a new game (docs/ADDING_A_GAME.md).

A real game lives in the package; this one lives here, file for file:

    engine.py     boardgames_tui/engine/<id>/ (models.py, rules.py, reveal.py)   the GameRules contract
    narration.py  boardgames_tui/narration/<id>.py                               NARRATOR
    screen.py     boardgames_tui/tui/games/<id>/screen.py                        TURN_SCREEN
    table.py      boardgames_tui/tui/games/<id>/table.py                         table, public_table, reveal
    bots.py       boardgames_tui/bots/<id>.py                                    LEVELS
    high_card.md  assets/rules/<id>.md                                           the rulebook
    helpers.py    tests/engine/<id>/helpers.py + tests/resamplers.py            the no-leak resampler

`install(monkeypatch)` registers it for one test as a real game is registered: one GameSpec in the registry,
and its modules under the names the package finds them by (the game's catalogue, which it has not, stands
as a declared domain; the rulebook is found in this folder).
"""

from __future__ import annotations

import sys
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine.registry import GAMES, GameSpec

GAME_ID = "high_card"
SPEC = GameSpec(id=GAME_ID, rules_path=f"boardgames_tui.engine.{GAME_ID}.rules:RULES")
HERE = Path(__file__).parent

# The conventional module name -> this folder's module that plays its part.
MODULES = {
    f"boardgames_tui.engine.{GAME_ID}.rules": "engine",
    f"boardgames_tui.engine.{GAME_ID}.reveal": "engine",
    f"boardgames_tui.narration.{GAME_ID}": "narration",
    f"boardgames_tui.tui.games.{GAME_ID}.screen": "screen",
    f"boardgames_tui.tui.games.{GAME_ID}.table": "table",
    f"boardgames_tui.bots.{GAME_ID}": "bots",
}


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make High card a registered game until the test ends."""
    from boardgames_tui import i18n

    from tests.resamplers import RESAMPLE

    from .helpers import resample_hidden

    for name, part in MODULES.items():  # first: importing them may import packages that read the registry
        monkeypatch.setitem(sys.modules, name, import_module(f"{__name__}.{part}"))
    monkeypatch.setitem(GAMES, GAME_ID, SPEC)
    monkeypatch.setitem(RESAMPLE, GAME_ID, resample_hidden)
    monkeypatch.setattr(i18n, "DOMAINS", (*i18n.DOMAINS, GAME_ID))
    rules_screen = import_module("boardgames_tui.tui.screens.rules")
    monkeypatch.setattr(rules_screen, "asset_path", _asset_path(rules_screen.asset_path))


def _asset_path(found: Any) -> Any:
    """The package's asset finder, with this game's rulebook in this folder."""

    def asset_path(*parts: str) -> Path:
        if parts == ("rules", f"{GAME_ID}.md"):
            return HERE / f"{GAME_ID}.md"
        return found(*parts)  # type: ignore[no-any-return]

    return asset_path
