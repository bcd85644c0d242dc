"""The line under the Rummikub header: the other players' tile counts, and the pool or the stacks."""

from __future__ import annotations

from textual.reactive import reactive

from .....engine.rummikub.models import RummikubView
from .. import render
from ..render import Changes
from .panel import Panel


class OthersLine(Panel):
    """Each other player's rack size and whether they have melded (broken the ice, announced), then the pool,
    or for the American and International rule sets the stacks, the discard pile's top and the trump. What
    changed since the viewer last looked (`marks`) has NEW_MARK. Broken into lines of `width` cells between
    two entries only."""

    view: reactive[RummikubView | None] = reactive(None, repaint=False)
    marks: reactive[Changes] = reactive(Changes, repaint=False)
    width: reactive[int] = reactive(0, repaint=False)  # cells for its text (0: not known yet)

    def watch_view(self) -> None:
        self._draw()

    def watch_marks(self) -> None:
        self._draw()

    def watch_width(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if self.view is not None and self.width:
            self.show(render.others_line(self.view, self.width, self.marks), wraps=True)
