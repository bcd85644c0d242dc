from __future__ import annotations

from typing import Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...engine.registry import GAMES
from ...i18n import N_, _
from ...narration import narrator_class
from ..text import markup
from ..widgets.choice_list import ChoiceList
from ..widgets.keybar import KeyBar
from ..widgets.option_rows import OptionRows


def game_title(game_id: str) -> str:
    """A game's name in the current language, said by its narrator."""
    return narrator_class(game_id)(()).title


def game_blurb(game_id: str) -> str:
    """A game's one-line description in the current language."""
    return str(narrator_class(game_id)(()).blurb)


class GamePickerScreen(Screen[None]):
    """The finished games, to play or to read the rules of."""

    DEFAULT_CSS = """
    GamePickerScreen { align: center middle; }
    GamePickerScreen #picker-title { text-style: bold; width: 70; margin-bottom: 1; }
    GamePickerScreen OptionList { width: 70; height: auto; max-height: 20; }
    """
    BINDINGS = [Binding("escape", "back", N_("Back")), Binding("q", "back", N_("Back"), show=False)]

    def __init__(self, purpose: Literal["play", "rules"]) -> None:
        super().__init__()
        self.purpose = purpose

    def compose(self) -> ComposeResult:
        title = _("Choose a game") if self.purpose == "play" else _("Read the rules of…")
        yield Static(title, id="picker-title")
        yield ChoiceList(
            *(Option(self.describe(game_title(spec.id), game_blurb(spec.id)), id=spec.id) for spec in GAMES.values()),
            id="games",
        )
        yield KeyBar()

    @staticmethod
    def describe(title: str, blurb: str) -> OptionRows:
        """One game in the list: its title, and under it the description, every line indented alike."""
        return OptionRows((markup("[b]{title}[/b]", title=title), 0), (markup("[dim]{blurb}[/dim]", blurb=blurb), 2))

    @on(OptionList.OptionSelected, "#games")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        spec = GAMES[event.option.id or ""]
        if self.purpose == "rules":
            from .rules import RulesScreen

            self.app.push_screen(RulesScreen(spec.id, game_title(spec.id)))
        else:
            from .setup import SetupScreen

            self.app.push_screen(SetupScreen(spec.id))

    def action_back(self) -> None:
        self.app.pop_screen()
