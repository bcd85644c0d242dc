"""The table of the Rummikub turn screen: every set on it, in a frame that scrolls."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import reactive

from .....engine.rummikub.models import RummikubView
from .....i18n import _
from .....narration.rummikub import RummikubNarrator
from ....widgets.news import NEW_MARK
from .. import render
from ..render import Changes, Cursor
from .panel import Panel


class TableSets(VerticalScroll):
    """Each set: its number, whether it is valid, its owner, its tiles (the `selected` ones reversed, the ones
    played this turn underlined, jokers with what they stand for), what it is and its problem; then the
    new-set line. The `cursor` (None: it is on the rack) shows as a mark in the gap it points at, and the
    frame scrolls to keep its set in view. The sets that changed since the viewer last looked (`marks`) have
    NEW_MARK, which the frame's legend explains. Sets too long for `width` cells go on below."""

    view: reactive[RummikubView | None] = reactive(None, repaint=False)
    cursor: reactive[Cursor | None] = reactive(None, repaint=False)
    selected: reactive[tuple[int, ...]] = reactive((), repaint=False)
    marks: reactive[Changes] = reactive(Changes, repaint=False)
    width: reactive[int] = reactive(0, repaint=False)  # cells for a set's line (0: not known yet)

    def __init__(self, narrator: RummikubNarrator, *, id: str | None = None) -> None:
        super().__init__(id=id, can_focus=False)
        self.narrator = narrator
        self._sets = Panel(id="rk-sets")

    def compose(self) -> ComposeResult:
        yield self._sets

    def watch_view(self) -> None:
        self._draw()

    def watch_cursor(self) -> None:
        self._draw()

    def watch_selected(self) -> None:
        self._draw()

    def watch_marks(self, marks: Changes) -> None:
        legend = NEW_MARK + " " + _("changed since you last looked") if marks else ""
        if self.border_subtitle != legend:
            self.border_subtitle = legend
        self._draw()

    def watch_width(self) -> None:
        self._draw()

    def _draw(self) -> None:
        view, cursor = self.view, self.cursor
        if view is None or not self.width:
            return
        text, starts = render.table_lines(view, self.narrator, cursor, self.selected, self.width, self.marks.sets)
        self._sets.show(text)  # broken into lines here: its height is its line count
        if cursor is not None and self.is_mounted:
            row = starts[min(cursor.row, len(starts) - 1)]
            top, height = self.scroll_y, self.scrollable_content_region.height
            if not top <= row < top + height:  # keep the cursor's set in view
                self.scroll_to(y=max(row - 3, 0), animate=False)
