"""The table while computers play and no person's screen may be shown (several people at the table, and
none has played yet). Built from the public table only: the public log and, where the game has one, the
public board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.console import Group
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import _
from ..text import plain
from ..widgets.keybar import KeyBar
from .turn import GAME_KEYS, ask_to_leave, shared_help_lines

if TYPE_CHECKING:
    from ..session import HotseatSession

# The public log lines the screen shows, newest last.
RECENT_LINES = 12


class WatchScreen(Screen[None]):
    ALLOW_SELECT = False
    DEFAULT_CSS = """
    WatchScreen #watch-title { text-style: bold; padding: 1 2 0 2; }
    WatchScreen #watch-position { color: $text-muted; padding: 0 2 1 2; }
    WatchScreen VerticalScroll { padding: 0 2; }
    """
    KEYBAR_LAST: ClassVar[frozenset[str]] = frozenset({"help", "rules", "log", "leave"})
    BINDINGS: ClassVar[list[BindingType]] = list(GAME_KEYS)

    def __init__(self, session: HotseatSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield Static(plain(self.session.title), id="watch-title")
        yield Static("", id="watch-position")
        with VerticalScroll():
            yield Static("", id="watch-table")
        yield KeyBar()

    def on_mount(self) -> None:
        self.refresh_table()

    def refresh_table(self) -> None:
        """Draw the table as it is now (after each computer's move)."""
        session = self.session
        self.query_one("#watch-position", Static).update(plain(session.position()))
        from ..games import public_table

        parts = [public_table(session.spec.id)(session.view(None))]
        lines = session.log_lines(None)[-RECENT_LINES:]
        parts.extend(plain(f"· {line}") for line in lines)
        if not lines:
            parts.append(plain(_("Nothing has happened yet.")))
        self.query_one("#watch-table", Static).update(Group(*parts))

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.session.title, shared_help_lines(self.session.title)))

    def action_rules(self) -> None:
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen(self.session.spec.id, self.session.title))

    def action_log(self) -> None:
        from .log import LogScreen

        self.app.push_screen(LogScreen(self.session.title, self.session.log_lines(None), private=False))

    def action_leave(self) -> None:
        ask_to_leave(self)
