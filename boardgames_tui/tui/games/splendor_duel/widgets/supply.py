"""The bag and the privilege supply on the Splendor Duel turn screen."""

from __future__ import annotations

from textual.reactive import reactive

from .....engine.splendor_duel.models import SplendorDuelView
from .. import render
from ..render import NO_CHANGES, Changes
from .part import TablePart


class Supply(TablePart):
    """How many tokens are in the bag and privileges in the supply, from the `view`; marked when they
    changed since the last look (`news`)."""

    view: reactive[SplendorDuelView | None] = reactive(None, repaint=False)
    news: reactive[Changes] = reactive(NO_CHANGES, repaint=False)

    def watch_view(self) -> None:
        self._draw()

    def watch_news(self) -> None:
        self._draw()

    def _draw(self) -> None:
        view = self.view
        if view is not None:
            self.show(render.supply_line(view, self.news))
