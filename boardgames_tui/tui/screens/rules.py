from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import MarkdownViewer, Static

from ...engine.assets import asset_path
from ...i18n import _
from ..widgets.keybar import KeyBar


def rulebook_text(game_id: str) -> str:
    try:
        return asset_path("rules", f"{game_id}.md").read_text(encoding="utf-8")
    except FileNotFoundError:
        return "# " + _("Rules not found") + "\n\n" + _("The rulebook file for this game is missing.")


class RulesScreen(Screen[None]):
    """The in-app rulebook of one game."""

    DEFAULT_CSS = """
    RulesScreen #rules-title { text-style: bold; padding: 0 1; background: $panel; }
    """
    BINDINGS = [
        Binding("escape", "close", _("Back")),
        Binding("q", "close", _("Back"), show=False),
        Binding("r", "close", _("Back"), show=False),
    ]

    def __init__(self, game_id: str, title: str) -> None:
        super().__init__()
        self.game_id = game_id
        self.rules_title = title

    def compose(self) -> ComposeResult:
        yield Static(_("Rules — {title}   (↑/↓ PgUp/PgDn scroll, Esc back)").format(title=self.rules_title), id="rules-title")
        yield MarkdownViewer(rulebook_text(self.game_id), show_table_of_contents=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).focus()

    def action_close(self) -> None:
        self.app.pop_screen()
