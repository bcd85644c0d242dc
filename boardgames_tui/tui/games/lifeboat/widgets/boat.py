"""The boat on the Lifeboat turn screen: one row per character, bow to stern."""

from __future__ import annotations

from rich.text import Text
from textual.app import RenderResult
from textual.reactive import reactive
from textual.widget import Widget

from .....engine.lifeboat.models import LifeboatView
from .. import render
from ..render import NO_CHANGES, Changes


class Boat(Widget):
    """Each character in the boat with its player, wounds and size, status, markers, hand size and face-up
    cards, as one table `width` cells wide; what changed since the viewer last looked (`changes`) is marked."""

    DEFAULT_CSS = "Boat { height: auto; }"

    view: reactive[LifeboatView | None] = reactive(None, layout=True)
    changes: reactive[Changes] = reactive(NO_CHANGES, layout=True)
    width: reactive[int] = reactive(render.WIDTH, layout=True)

    def __init__(self, view: LifeboatView | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = view

    def render(self) -> RenderResult:
        if self.view is None:
            return Text()
        return render.boat_table(self.view, self.width, self.changes)
