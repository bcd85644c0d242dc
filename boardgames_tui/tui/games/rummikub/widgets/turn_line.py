"""The turn line of the Rummikub turn screen: the viewer's turn so far and what ending it needs."""

from __future__ import annotations

from textual.reactive import reactive

from .....engine.rummikub.models import RummikubView
from .....narration.rummikub import RummikubNarrator
from ....text import wrapped
from .. import render
from .panel import Panel


class TurnLine(Panel):
    """The initial meld's points (or the ice), the tiles played this turn, a freed joker to place, the moves
    left, and whether the turn may end (or the discard be made) now, or what stands in the way; before an
    American or International draw, the ways to draw. Broken into lines of `width` cells."""

    view: reactive[RummikubView | None] = reactive(None, repaint=False)
    width: reactive[int] = reactive(0, repaint=False)  # cells for its text (0: not known yet)

    def __init__(self, narrator: RummikubNarrator, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.narrator = narrator

    def watch_view(self) -> None:
        self._draw()

    def watch_width(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if self.view is not None and self.width:
            self.show(wrapped(render.turn_status(self.view, self.narrator), self.width), wraps=True)
