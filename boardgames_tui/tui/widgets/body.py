"""The scrolling middle of a turn screen that fits its contents to its size."""

from __future__ import annotations

from textual.containers import VerticalScroll


class FittedBody(VerticalScroll, can_focus=False):
    """When it changes size (the terminal, a status line coming or going, a panel growing), it asks its
    screen to fit what it shows to the new room: the screen's `fit_to_body()`, if it has one."""

    def on_resize(self) -> None:
        fit = getattr(self.screen, "fit_to_body", None)
        if fit is not None:
            fit()
