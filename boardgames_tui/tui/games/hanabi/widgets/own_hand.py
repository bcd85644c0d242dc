"""The viewer's own hand on the Hanabi turn screen: never a card, only what clues and the table tell."""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text
from textual.app import RenderResult
from textual.reactive import reactive
from textual.widget import Widget

from .....engine.hanabi.models import HanabiView
from .....i18n import _
from ....text import markup
from .. import render
from ..choices import Choices
from ..render import NO_CHANGES, Changes


class OwnHand(Widget):
    """What the viewer knows of each of their cards, their notes on them, and which one is `selected`
    (None: none is, as while a clue is being chosen) with what it could still be. Titled with the viewer's
    name. It is drawn from the View's own hand, which holds no card identity: none can show here."""

    DEFAULT_CSS = """
    OwnHand {
        border: round $accent;
        padding: 0 1;
        height: auto;
    }
    """

    view: reactive[HanabiView | None] = reactive(None, layout=True)
    new: reactive[Changes] = reactive(NO_CHANGES, layout=True)
    # The viewer's notes on their own cards, by slot.
    notes: reactive[Mapping[int, str]] = reactive(dict, layout=True)
    # Another card selected draws the same rows (a layout pass only when the last line wraps otherwise).
    selected: reactive[int | None] = reactive(None)

    def __init__(self, view: HanabiView | None = None, *, new: Changes = NO_CHANGES, id: str | None = None) -> None:
        super().__init__(id=id)
        self._name_width = render.NAME_WIDTH
        self.view = view
        self.new = new

    def watch_view(self, view: HanabiView | None) -> None:
        if view is None or view.seat is None:
            self.border_title = None
            return
        self.border_title = markup(_("You: {name}"), name=view.players[view.seat])
        self._name_width = Choices(view).name_width()  # the other hands' name column: the cards line up

    def watch_selected(self, before: int | None, selected: int | None) -> None:
        if self._rows_after(before) != self._rows_after(selected):
            self.refresh(layout=True)

    def _rows_after(self, selected: int | None) -> int | None:
        """The rows the line under the cards takes with `selected` ("Slot 2 could be: …"); None when the
        width it wraps at is not known yet."""
        view = self.view
        if view is None or view.seat is None:
            return 0
        line = render.could_be_line(view.hands[view.seat], selected)
        if line is None:
            return 0
        width = self.content_size.width
        if width <= 0 or not self.is_mounted:
            return None
        return len(line.wrap(self.app.console, width))

    def render(self) -> RenderResult:
        view = self.view
        if view is None or view.seat is None:
            return Text()
        return render.own_hand(
            view, view.hands[view.seat], self.selected, name_width=self._name_width, notes=self.notes, new=self.new
        )
