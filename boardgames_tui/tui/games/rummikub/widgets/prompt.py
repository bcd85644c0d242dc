"""The prompt line of the Rummikub turn screen: what to do now, or what a computer is doing."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from ....text import plain, wrapped
from ..choices import Choices, Step
from .panel import Panel


class PromptLine(Panel):
    """The keys for the next step at `step` (the selection's, else those of the zone the cursor is in) as
    `choices` allows them, broken into lines of `width` cells; the app's `notice` in their place while a
    computer plays on this screen ("Ben (computer) is thinking…")."""

    choices: reactive[Choices | None] = reactive(None, repaint=False)
    step: reactive[Step] = reactive(Step, repaint=False)
    notice: reactive[str] = reactive("", repaint=False)
    width: reactive[int] = reactive(0, repaint=False)  # cells for its text (0: not known yet)

    def watch_choices(self) -> None:
        self._draw()

    def watch_step(self) -> None:
        self._draw()

    def watch_notice(self) -> None:
        self._draw()

    def watch_width(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if self.notice:
            self.show(plain(self.notice), wraps=True)
        elif self.choices is not None and self.width:
            self.show(wrapped(Text(self.choices.prompt_text(self.step)), self.width), wraps=True)
