from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import RichLog, Static

from ...i18n import N_, _
from ..text import Paragraph, markup
from ..widgets.keybar import KeyBar


class LogScreen(Screen[None]):
    """The game log as one seat may read it: public lines plus that seat's own private ones."""

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    LogScreen #log-title { text-style: bold; padding: 0 1; }
    LogScreen RichLog { padding: 0 1; }
    """
    BINDINGS = [
        Binding("escape", "close", N_("Back")),
        Binding("l", "close", N_("Back"), show=False),
        Binding("q", "close", N_("Back"), show=False),
    ]

    def __init__(self, title: str, lines: tuple[str, ...], *, private: bool) -> None:
        super().__init__()
        self.log_title = title
        self.lines = lines
        self.PRIVATE = private

    def compose(self) -> ComposeResult:
        yield Static(markup(_("Log — {title}"), title=self.log_title), id="log-title")
        # min_width=1: RichLog otherwise draws 78-cell lines, cut by the padding on an 80-column terminal.
        yield RichLog(wrap=True, markup=False, auto_scroll=True, min_width=1)
        yield KeyBar()

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        if not self.lines:
            log.write(_("Nothing has happened yet."))
            return
        # One grid: a long line wraps under its own text, not under its bullet, broken where Chinese allows.
        # Bullets, not numbers: testers took a line's number for the turn number of the header.
        entries = Table.grid(padding=(0, 1))
        entries.add_column(no_wrap=True)
        entries.add_column(ratio=1)
        for line in self.lines:
            entries.add_row("·", Paragraph(line))
        log.write(entries)

    def action_close(self) -> None:
        self.app.pop_screen()
