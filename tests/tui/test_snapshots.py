"""Snapshot tests (pytest-textual-snapshot): the main menu, a handoff screen and a Hanabi turn screen.

Regenerate after an intended change with `pytest tests/tui/test_snapshots.py --snapshot-update` and look
at the SVGs in __snapshots__/ before committing them.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from boardgames_tui.engine.hanabi.models import HanabiOptions
from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.tui.games.hanabi.screen import HanabiTurnScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.session import HotseatSession

TERMINAL_SIZE = (100, 30)
SEED = "snapshot-1"


async def _start_game(pilot: Pilot[Any]) -> None:
    """A fixed deal for Ana and Ben, up to the armed handoff screen for Ana."""
    app = pilot.app
    assert isinstance(app, BoardGamesApp)
    session = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), app.store, seed=SEED)
    await app.start_session(session)
    await pilot.pause()
    handoff = app.screen
    assert isinstance(handoff, PassDeviceScreen)
    while not handoff.armed:  # the armed prompt, not "Wait…", is what players see for longest
        await pilot.pause(0.02)
    await pilot.pause()


async def _start_game_and_reveal(pilot: Pilot[Any]) -> None:
    await _start_game(pilot)
    await pilot.press("space")
    while not isinstance(pilot.app.screen, HanabiTurnScreen):
        await pilot.pause(0.02)
    await pilot.pause()


def test_main_menu(snap_compare, make_app) -> None:
    assert snap_compare(make_app(), terminal_size=TERMINAL_SIZE)


def test_pass_device_screen(snap_compare, make_app) -> None:
    assert snap_compare(make_app(), terminal_size=TERMINAL_SIZE, run_before=_start_game)


def test_hanabi_turn_screen(snap_compare, make_app) -> None:
    assert snap_compare(make_app(), terminal_size=TERMINAL_SIZE, run_before=_start_game_and_reveal)
