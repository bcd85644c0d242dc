from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import _

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(Screen[None]):
    """Covers everything while the terminal is smaller than the games can be drawn in."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen Static { width: auto; }
    """

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(_("Please enlarge the terminal to at least {w}×{h}.").format(w=MIN_WIDTH, h=MIN_HEIGHT))
