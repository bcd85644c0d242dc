"""What is going on, on the Lifeboat turn screen."""

from __future__ import annotations

from rich.text import Text
from textual.app import RenderResult
from textual.reactive import reactive
from textual.widget import Widget

from .....engine.lifeboat.models import LifeboatView
from .. import render


class Situation(Widget):
    """The action order, the demand, fight or trade under way, who is thirsty or in the water: whatever the
    View says is going on, in lines of `width` cells. Hidden when nothing is (it would only take rows)."""

    DEFAULT_CSS = "Situation { height: auto; }"

    view: reactive[LifeboatView | None] = reactive(None, layout=True)
    width: reactive[int] = reactive(render.WIDTH, layout=True)

    def __init__(self, view: LifeboatView | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = Text()
        self.view = view

    def watch_view(self) -> None:
        self._say()

    def watch_width(self) -> None:
        self._say()

    def _say(self) -> None:
        self._text = render.situation(self.view, self.width) if self.view is not None else Text()
        self.display = bool(self._text.plain)

    def render(self) -> RenderResult:
        return self._text
