"""Shared fixtures for the Pilot tests: a private save folder and settings folder per test, and a factory
for the app."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.tui.app import BoardGamesApp

TEST_HANDOFF_DELAY = 0.05  # players get the full pause; tests only need the timer to exist


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
        return BoardGamesApp(**kwargs)

    return make
