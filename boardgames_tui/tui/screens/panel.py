from __future__ import annotations

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import N_
from ..widgets.keybar import KeyBar


class PanelScreen(Screen[None]):
    """A full-screen page showing one renderable (a score sheet, say), closed with Esc or its own key."""

    DEFAULT_CSS = """
    PanelScreen VerticalScroll { padding: 1 2; }
    PanelScreen #panel-title { text-style: bold; margin-bottom: 1; }
    """
    ALLOW_SELECT = False

    def __init__(self, title: str, body: RenderableType, *, close_key: str, private: bool) -> None:
        super().__init__()
        self.panel_title = title
        self.body = body
        self.PRIVATE = private
        self._bindings.bind(close_key, "close", N_("Back"), show=False)

    BINDINGS = [Binding("escape", "close", N_("Back")), Binding("q", "close", N_("Back"), show=False)]

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.panel_title, id="panel-title", markup=False)
            yield Static(self.body)
        yield KeyBar()

    def action_close(self) -> None:
        self.app.pop_screen()
