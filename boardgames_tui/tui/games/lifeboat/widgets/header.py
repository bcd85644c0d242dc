"""The header line of the Lifeboat turn screen."""

from __future__ import annotations

from rich.text import Text
from textual.app import RenderResult
from textual.reactive import reactive
from textual.widget import Widget

from .....engine.lifeboat.models import LifeboatView
from .. import render


class BoatHeader(Widget):
    """The game's title, the round, the decision and whose private screen this is, across the screen
    (`width` is the panels' text width: the header has no padding, so it takes two cells more)."""

    DEFAULT_CSS = "BoatHeader { height: auto; }"

    view: reactive[LifeboatView | None] = reactive(None, layout=True)
    width: reactive[int] = reactive(render.WIDTH, layout=True)

    def __init__(self, title: str, view: LifeboatView | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game_title = title
        self.view = view

    def render(self) -> RenderResult:
        if self.view is None:
            return Text()
        return render.header(self.view, self.game_title, self.width + 2)
