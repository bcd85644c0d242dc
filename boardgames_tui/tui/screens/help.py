from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import N_, _
from ..text import WrappingText, markup, plain
from ..widgets.keybar import KeyBar, say_keys


def _translated(cell: str | Text) -> Text:
    """A help cell in the current language: a line fixed at import time (marked `N_`) is translated
    here; one the screen already translated is not in the catalogue and comes back as it is. It wraps
    as Chinese is broken (between characters, never inside a name or key)."""
    if isinstance(cell, Text):
        return WrappingText.of(cell)
    return WrappingText.of(plain(_(cell) if cell else cell))


class HelpScreen(Screen[None]):
    """The keys of the screen it was opened from."""

    DEFAULT_CSS = """
    HelpScreen VerticalScroll { padding: 1 2; }
    HelpScreen #help-title { text-style: bold; margin-bottom: 1; }
    """
    BINDINGS = [
        Binding("escape", "close", N_("Back")),
        Binding("question_mark", "close", N_("Back"), show=False, key_display="?"),
        Binding("q", "close", N_("Back"), show=False),
    ]

    def __init__(self, title: str, lines: list[tuple[str | Text, str | Text]]) -> None:
        super().__init__()
        self.help_title = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 3))
        table.add_column(style="bold")
        table.add_column()
        for key, meaning in self.lines:
            table.add_row(key if isinstance(key, Text) else plain(say_keys(key)), _translated(meaning))
        with VerticalScroll():
            yield Static(markup(_("Keys — {title}"), title=self.help_title), id="help-title")
            yield Static(table)
        yield KeyBar()

    def action_close(self) -> None:
        self.app.pop_screen()
