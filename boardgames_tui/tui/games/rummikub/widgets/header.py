"""The header line of the Rummikub turn screen: the game, the turn, whose it is and the turn's clock."""

from __future__ import annotations

from rich.text import Text
from textual.app import RenderResult
from textual.reactive import reactive
from textual.widget import Widget

from .....engine.rummikub.models import RummikubView
from .....i18n import _
from .. import render


class TurnHeader(Widget):
    """The game's title in reverse, then "Turn 3 · Your turn, Ana" (or whose turn it is, when a computer plays
    on this person's screen), and in the viewer's own timed turn the time left, red for the last ten seconds.
    The screen counts the seconds down and records them in the game; this widget only shows them."""

    view: reactive[RummikubView | None] = reactive(None)
    # The time left on the turn's clock (None: the game has no turn timer). Read and set by the screen.
    seconds_left: reactive[int | None] = reactive(None)

    def __init__(self, title: str, view: RummikubView | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game_title = title
        self.view = view

    def render(self) -> RenderResult:
        view = self.view
        header = Text()
        header.append(f" {self.game_title} ", style="bold reverse")
        if view is None or view.seat is None:
            return header
        header.append(" ")
        if view.current == view.seat:
            header.append_text(render.fill(_("Turn {t} · Your turn, {name}"), t=str(view.turn + 1), name=view.players[view.seat]))
        else:  # a computer is playing on this person's screen
            header.append_text(render.fill(_("Turn {t} · {name} to play"), t=str(view.turn + 1), name=view.players[view.current]))
        seconds_left = self.seconds_left
        if seconds_left is not None and view.current == view.seat:  # a computer's turn has no clock
            minutes, seconds = divmod(max(seconds_left, 0), 60)
            header.append(f"   ⏱ {minutes}:{seconds:02d}", style="bold red" if seconds_left <= 10 else "bold")
        return header
