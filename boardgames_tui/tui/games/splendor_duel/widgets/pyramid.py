"""The cards of the Splendor Duel turn screen: the decks, the pyramid and the player's reserve."""

from __future__ import annotations

from textual.reactive import reactive

from .....engine.splendor_duel.models import SplendorDuelView
from .. import render
from ..choices import Step
from ..render import NO_CHANGES, Changes, Cursor
from .part import TablePart


class Pyramid(TablePart):
    """The three decks and the face-up cards by level, and the player's reserved cards, from the `view`;
    the card cursor of the `step` while the cursor is on the cards (the panel then stands out); what
    changed since the last look (`news`)."""

    view: reactive[SplendorDuelView | None] = reactive(None, repaint=False)
    news: reactive[Changes] = reactive(NO_CHANGES, repaint=False)
    step: reactive[Step] = reactive(Step, repaint=False)

    def watch_view(self) -> None:
        self._draw()

    def watch_news(self) -> None:
        self._draw()

    def watch_step(self) -> None:
        self._draw()

    def _draw(self) -> None:
        view, step = self.view, self.step
        if view is None:
            return
        on_cards = step.zone == "cards"
        cursor = Cursor("cards", step.card_row, step.card_index) if on_cards else None
        self.show(render.pyramid_lines(view, cursor, self.news))
        self.set_class(on_cards, "-active")
