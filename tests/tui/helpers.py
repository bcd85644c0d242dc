"""Shared steps for the Pilot tests: start a game, get past the handoff screen, read the screen as text."""

from __future__ import annotations

import html
import re
from typing import Any

from textual.pilot import Pilot

from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.session import HotseatSession


async def start_game(app: BoardGamesApp, pilot: Pilot[Any], players: list[str], options: Any, seed: str) -> HotseatSession:
    session = HotseatSession.new("hanabi", players, options, app.store, seed=seed)
    await app.start_session(session)
    await pilot.pause()
    return session


async def take_device(app: BoardGamesApp, pilot: Pilot[Any]) -> None:
    """Wait out the handoff pause, then press Space as the incoming player."""
    assert isinstance(app.screen, PassDeviceScreen)
    handoff = app.screen
    while not handoff.armed:
        await pilot.pause(0.02)
    await pilot.press("space")
    await pilot.pause()


def screen_text(app: BoardGamesApp) -> str:
    """Everything the terminal shows, as plain text."""
    svg = app.export_screenshot()
    text = re.sub(r"<[^>]+>", "", svg)
    return html.unescape(text).replace("\xa0", " ")
