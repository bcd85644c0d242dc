"""Shared fixtures for the Pilot tests: a private save folder and settings folder per test, and a factory
for the app."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import textual._wait
from textual.pilot import Pilot
from textual.screen import Screen

from boardgames_tui.tui.app import BoardGamesApp

# Pilot waits after every key until the app looks idle: it sleeps in steps of SLEEP_GRANULARITY (1/50 s) and
# calls the app idle once a step used under SLEEP_IDLE (a twentieth of a step) of processor time. A key costs
# two such waits of two steps or more, which made sleeping about half of every Pilot test's time. Steps of
# 2 ms keep the same rule (a twentieth of a step: 0.1 ms of work is not idle) and cut that sleep by ten;
# measured on the key sweeps: 81 s -> 58 s at the same processor time (1 ms gained little more).
IDLE_STEP_SECONDS = 0.002
assert isinstance(textual._wait.SLEEP_GRANULARITY, float) and isinstance(textual._wait.SLEEP_IDLE, float)
textual._wait.SLEEP_GRANULARITY = IDLE_STEP_SECONDS
textual._wait.SLEEP_IDLE = IDLE_STEP_SECONDS / 20

# A screen lays itself out on its own update tick (1/60 s), which a 5 ms wait can come before: after a key or
# a click, the screen's pending layout and repaint are done at once, as Pilot.pause already does, so a test
# reads what the key did. A Textual release without these names fails here, loudly.
assert callable(Pilot._wait_for_screen) and callable(Screen._on_timer_update)
_wait_for_screen = Pilot._wait_for_screen


async def _wait_then_update(self: Pilot[Any], timeout: float = 30.0) -> bool:
    processed = await _wait_for_screen(self, timeout)
    # An animation the key started (a smooth scroll to the end) runs on frame timers, and a 2 ms idle step can
    # fall between two frames: it is finished before the test reads the screen.
    await self.app.animator.wait_until_complete()
    try:
        screen = self.app.screen
    except Exception:  # the app has no screen left (it is closing): nothing to lay out
        return processed
    screen._on_timer_update()
    return processed


Pilot._wait_for_screen = _wait_then_update  # type: ignore[method-assign]

TEST_HANDOFF_DELAY = 0.005  # players get the full pause; tests only need the timer to exist


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The settings folder of this test (a language chosen in the menu is never written to the user's)."""
    folder = tmp_path / "config"
    monkeypatch.setenv("BOARDGAMES_TUI_CONFIG_DIR", str(folder))
    return folder


@pytest.fixture
def save_dir(tmp_path: Path) -> Path:
    """The folder this test's saves go to (not created: the store creates it on first write)."""
    return tmp_path / "saves"


@pytest.fixture
def make_app(save_dir: Path) -> Callable[..., BoardGamesApp]:
    """A factory: make_app() -> a fresh BoardGamesApp on this test's save_dir with a short handoff pause
    and computers that move at once.

    Call it again for a second app on the same folder (a restart); keyword arguments override the defaults.
    """

    def make(**kwargs: Any) -> BoardGamesApp:
        kwargs.setdefault("save_dir", save_dir)
        kwargs.setdefault("handoff_delay", TEST_HANDOFF_DELAY)
        # Computers think in a thread here (a process per test would cost more than it proves) and move
        # without the pause people get.
        kwargs.setdefault("computers_in_subprocess", False)
        kwargs.setdefault("computer_pause", 0.0)
        kwargs.setdefault("turn_back_grace", 0.0)  # scripted keys follow a computer's move at once
        return BoardGamesApp(**kwargs)

    return make
