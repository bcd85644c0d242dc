"""Shared steps for the Pilot tests: start a game, get past the handoff screen, read the screen as text."""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.tui.games.hanabi.screen import HanabiTurnScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.screens.picker import GamePickerScreen
from boardgames_tui.tui.screens.setup import SetupScreen
from boardgames_tui.tui.session import HotseatSession


async def start_game(
    app: BoardGamesApp, pilot: Pilot[Any], players: list[str], options: Any, seed: str, game_id: str = "hanabi"
) -> HotseatSession:
    session = HotseatSession.new(game_id, players, options, app.store, seed=seed)
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


async def wait_until(pilot: Pilot[Any], predicate: Callable[[], bool], what: str, timeout: float = 5.0) -> None:
    """Let the app run until `predicate()` holds; fail naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}; screen is {pilot.app.screen!r}")
        await pilot.pause(0.01)


async def wait_for_handoff(app: BoardGamesApp, pilot: Pilot[Any], what: str = "a handoff screen") -> PassDeviceScreen:
    """Wait until the handoff screen is showing and return it."""
    await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), what)
    assert isinstance(app.screen, PassDeviceScreen)
    return app.screen


async def reveal(app: BoardGamesApp, pilot: Pilot[Any]) -> HanabiTurnScreen:
    """On a handoff screen: wait out the pause, press Space, return the private turn screen."""
    handoff = app.screen
    assert isinstance(handoff, PassDeviceScreen)
    await wait_until(pilot, lambda: handoff.armed, "the handoff screen to arm")
    await pilot.press("space")
    await wait_until(pilot, lambda: isinstance(app.screen, HanabiTurnScreen), "the turn screen")
    assert isinstance(app.screen, HanabiTurnScreen)
    return app.screen


async def open_setup(app: BoardGamesApp, pilot: Pilot[Any]) -> SetupScreen:
    """Main menu -> n -> picker (Hanabi is first) -> Enter: the setup screen."""
    await pilot.press("n")
    assert isinstance(app.screen, GamePickerScreen)
    await pilot.press("enter")
    assert isinstance(app.screen, SetupScreen)
    return app.screen


async def start_from_setup(app: BoardGamesApp, pilot: Pilot[Any]) -> PassDeviceScreen:
    """On the setup screen: Ctrl+S starts the game; return the first handoff screen."""
    await pilot.press("ctrl+s")
    return await wait_for_handoff(app, pilot, "the first handoff")
