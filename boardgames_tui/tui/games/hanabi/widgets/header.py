"""The header line of the Hanabi turn screen: the game, the turn, and whose turn it is."""

from __future__ import annotations

from rich.text import Text
from textual.app import RenderResult
from textual.reactive import reactive
from textual.widget import Widget

from .....engine.hanabi.models import HanabiView
from .....i18n import _


class TurnHeader(Widget):
    """The game's title in reverse, then "Turn 3 · Your turn, Ana" (or whose turn it is, when a computer plays on
    this person's screen). No deal number: on a private screen it would rebuild the whole deck, own cards
    included."""

    DEFAULT_CSS = "TurnHeader { height: auto; }"

    view: reactive[HanabiView | None] = reactive(None, layout=True)

    def __init__(self, title: str, view: HanabiView | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game_title = title
        self.view = view

    def render(self) -> RenderResult:
        view = self.view
        header = Text()
        header.append(f" {self.game_title} ", style="bold reverse")
        if view is None:
            return header
        if view.current == view.seat:
            me = view.players[view.seat]
            header.append(" " + _("Turn {turn} · Your turn, {name}").format(turn=view.turn + 1, name=me))
        else:  # a computer is playing on this person's screen
            header.append(" " + _("Turn {turn} · {name} to play").format(turn=view.turn + 1, name=view.players[view.current]))
        return header
