"""The table in the middle of the Hanabi turn screen: tokens, fireworks, discards, bonus tiles used."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text
from textual.app import RenderResult
from textual.reactive import reactive
from textual.widget import Widget

from .....engine.hanabi.models import HanabiView
from .. import render
from ..render import NO_CHANGES, Changes


class TableSummary(Widget):
    """The clue tokens, misfires, deck and score; the fireworks; the discards; the bonus tiles used; the
    colour legend and the table's convention. What changed since the viewer last looked (`new`) is marked."""

    DEFAULT_CSS = "TableSummary { height: auto; }"

    view: reactive[HanabiView | None] = reactive(None, layout=True)
    new: reactive[Changes] = reactive(NO_CHANGES, layout=True)
    # The table's convention in words (None: the table plays without one), as the screen's narrator says it.
    convention: reactive[str | None] = reactive(None, layout=True)

    def __init__(
        self,
        view: HanabiView | None = None,
        *,
        new: Changes = NO_CHANGES,
        convention: str | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.view = view
        self.new = new
        self.convention = convention

    def render(self) -> RenderResult:
        view, new = self.view, self.new
        if view is None:
            return Text()
        parts: list[Any] = [render.status_line(view, new), render.fireworks_panel(view, new), render.discard_panel(view, new)]
        bonus = render.bonus_panel(view, new)
        if bonus is not None:
            parts.append(bonus)
        legend = render.legend_and_convention(view, self.convention)
        if legend is not None:
            parts.append(legend)
        return Group(*parts)
