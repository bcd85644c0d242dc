"""The token board of the Splendor Duel turn screen, with the board cursor and the tokens selected."""

from __future__ import annotations

from textual.reactive import reactive

from .. import render
from ..choices import Choices, Step
from ..render import NO_CHANGES, Changes
from .part import TablePart


class TokenBoard(TablePart):
    """The 5x5 board of the View (`choices.view`) at the `step`: the cursor's cell while the cursor is on
    the board (the panel then stands out), the tokens selected, only the cells that may be chosen in colour
    while some must be (a card's token, a reservation's gold); what changed since the last look (`news`)."""

    choices: reactive[Choices | None] = reactive(None, repaint=False)
    news: reactive[Changes] = reactive(NO_CHANGES, repaint=False)
    step: reactive[Step] = reactive(Step, repaint=False)

    def watch_choices(self) -> None:
        self._draw()

    def watch_news(self) -> None:
        self._draw()

    def watch_step(self) -> None:
        self._draw()

    def _draw(self) -> None:
        choices, step = self.choices, self.step
        if choices is None:
            return
        on_board = step.zone == "board"
        cursor = step.cell if on_board else None
        self.show(render.board_lines(choices.view, cursor, step.selected, choices.eligible_cells(step), self.news))
        self.set_class(on_board, "-active")
