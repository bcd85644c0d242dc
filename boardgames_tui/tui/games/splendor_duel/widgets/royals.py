"""The royal cards still to claim, on the Splendor Duel turn screen."""

from __future__ import annotations

from textual.reactive import reactive

from .....engine.splendor_duel.models import SplendorDuelView
from .. import render
from ..render import NO_CHANGES, Changes
from .part import TablePart


class Royals(TablePart):
    """The royal cards left, from the `view`, numbered while the player chooses one; marked when one was
    claimed since the last look (`news`)."""

    view: reactive[SplendorDuelView | None] = reactive(None, repaint=False)
    news: reactive[Changes] = reactive(NO_CHANGES, repaint=False)

    def watch_view(self) -> None:
        self._draw()

    def watch_news(self) -> None:
        self._draw()

    def _draw(self) -> None:
        view = self.view
        if view is not None:
            self.show(render.royals_line(view, numbered=view.phase == "royal", news=self.news))
