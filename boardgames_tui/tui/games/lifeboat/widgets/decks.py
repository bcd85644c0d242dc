"""The decks line of the Lifeboat turn screen."""

from __future__ import annotations

from rich.text import Text
from textual.app import RenderResult
from textual.reactive import reactive
from textual.widget import Widget

from .....engine.lifeboat.models import LifeboatView
from .. import render
from ..render import NO_CHANGES, Changes


class Decks(Widget):
    """The seagulls, and how many cards the supply, navigation deck, row pile and discard pile hold; what
    changed since the viewer last looked (`changes`) is marked."""

    DEFAULT_CSS = "Decks { height: auto; }"

    view: reactive[LifeboatView | None] = reactive(None, layout=True)
    changes: reactive[Changes] = reactive(NO_CHANGES, layout=True)

    def __init__(self, view: LifeboatView | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = view

    def render(self) -> RenderResult:
        if self.view is None:
            return Text()
        return render.decks_line(self.view, self.changes)
