"""The setup screens of `boardgames host` without --game: the usual picker and setup, whose "start" hands
the new game to the table instead of playing it here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.events import ScreenResume
from textual.screen import Screen

from ..tui.app import BoardGamesApp
from ..tui.screens.picker import GamePickerScreen


class _Beneath(Screen[None]):
    """Under the picker: coming back to it means the host went back from the picker, so nothing is hosted."""

    def on_screen_resume(self, event: ScreenResume) -> None:
        if len(self.app.screen_stack) == 1 and getattr(self.app, "_picker_shown", False):
            self.app.exit()


class HostSetupApp(BoardGamesApp):
    def __init__(self, save_dir: Path, **kwargs: Any) -> None:
        super().__init__(save_dir, **kwargs)
        self.chosen: Any = None  # the game set up, once started
        self._picker_shown = False

    def get_default_screen(self) -> Screen:
        return _Beneath()

    def on_mount(self) -> None:
        super().on_mount()
        self._picker_shown = True
        self.push_screen(GamePickerScreen("play"))

    async def start_session(self, session: Any) -> None:
        self.chosen = session
        self.exit()
