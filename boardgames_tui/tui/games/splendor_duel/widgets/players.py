"""The two players' holdings on the Splendor Duel turn screen."""

from __future__ import annotations

from textual.reactive import reactive

from .....engine.splendor_duel.models import SplendorDuelView
from .. import render
from ..render import NO_CHANGES, Changes
from .part import TablePart


class Players(TablePart):
    """Each player's points, crowns, privileges, reserve, tokens, bonuses and points by colour, side by
    side, from the `view`; what changed since the last look is marked (`news`)."""

    view: reactive[SplendorDuelView | None] = reactive(None, repaint=False)
    news: reactive[Changes] = reactive(NO_CHANGES, repaint=False)

    def watch_view(self) -> None:
        self._draw()

    def watch_news(self) -> None:
        self._draw()

    def _draw(self) -> None:
        view = self.view
        if view is not None:
            self.show(render.players_lines(view, self.news))
