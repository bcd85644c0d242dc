"""The newest log lines and the legend of the marks, in the room the boat leaves on the Lifeboat turn screen."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from .....engine.lifeboat.models import LifeboatView
from .....narration.lifeboat import LifeboatNarrator
from .. import render


class LogAndLegend(Widget):
    """The legend of the marks, then the newest lines of the log as the viewer may read them (their own Love
    and Hate said as hidden while `secrets_shown` is off), in the rows its container has left once the panels
    above it are drawn: never a scrollbar. The legend comes only with room for four log rows besides; the log
    keeps to ten rows and to whole lines (the log screen, l, has them all).

    Its container fits it by calling `refit()` when its size changes; a new View or `secrets_shown` refits it
    too."""

    DEFAULT_CSS = "LogAndLegend { height: auto; }"

    view: reactive[LifeboatView | None] = reactive(None)
    secrets_shown: reactive[bool] = reactive(True)

    def __init__(self, narrator: LifeboatNarrator, view: LifeboatView | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.narrator = narrator
        self._legend_width = 0  # the width the legend was last broken to
        self._log_shown: tuple[int, int, Any, bool] | None = None  # what the log lines were last drawn for
        self.view = view

    def compose(self) -> ComposeResult:
        yield Static(id="lb-legend")
        yield Static(id="lb-log")

    def on_mount(self) -> None:
        self.refit()

    def watch_view(self) -> None:
        self.refit()  # once the panels above show the new View too

    def watch_secrets_shown(self) -> None:
        self._fit()  # the room stays: only the log's lines change

    def refit(self) -> None:
        """Fit to the room left once the screen is next drawn (the panels above may change height)."""
        if self.is_attached:
            self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        container = self.parent
        if not self.is_attached or self.view is None or not isinstance(container, Widget):
            return
        used = sum(widget.outer_size.height for widget in container.children if widget is not self and widget.display)
        free = container.scrollable_content_region.height - used
        width = max(20, container.scrollable_content_region.width)
        legend_text = render.legend_text(width)
        legend_height = 2 + legend_text.plain.count("\n")  # a blank line, then the legend's lines
        show_legend = free >= legend_height + 4
        if show_legend:
            free -= legend_height
        rows = max(0, min(10, free - 1))  # a blank line above the log
        legend = self.query_one("#lb-legend", Static)
        log = self.query_one("#lb-log", Static)
        if legend.display != show_legend:
            legend.display = show_legend
        if show_legend and self._legend_width != width:
            self._legend_width = width
            legend.update(legend_text)  # broken to this width, so its height is the one counted above
        shown = (rows, width, self.view, self.secrets_shown)
        if shown != self._log_shown:
            self._log_shown = shown
            recent = render.recent_log(self.view, self.narrator, rows, self.secrets_shown, width)
            log.update(recent)
            log.display = bool(recent.plain)
