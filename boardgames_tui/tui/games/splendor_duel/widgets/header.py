"""The header line of the Splendor Duel turn screen: the game, the turn, whose turn it is."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Static

from .....engine.splendor_duel.models import SplendorDuelView
from .. import render


class TurnHeader(Static):
    """The game's title in reverse, then "Turn 3 · Your turn, Ana" (or who is playing on this person's
    screen), and whether this turn is an extra one or earns one, from the `view`."""

    view: reactive[SplendorDuelView | None] = reactive(None, repaint=False)

    def __init__(self, title: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game_title = title

    def watch_view(self, view: SplendorDuelView | None) -> None:
        if view is not None:
            self.update(render.header(view, self.game_title))
