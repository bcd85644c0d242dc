"""The base of the Rummikub turn screen's text panels: a Static that redraws only what changed."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class Panel(Static):
    """A Static whose text its subclass builds (`show`): the same text is not drawn again, and a text of as
    many lines as the last one is drawn without a layout pass. A tile move redraws several panels, and the
    layout is most of its cost."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._drawn: tuple[object, ...] | None = None
        self._lines: int | None = None

    def show(self, text: Text, *, wraps: bool = False) -> None:
        """Draw `text`; `wraps`: it may break into more lines than it holds, so its height is not known."""
        drawn = (text.plain, tuple(text.spans), str(text.style))  # Text == Text ignores styles
        if self._drawn == drawn:
            return
        lines = text.plain.count("\n")
        same_size = not wraps and self._lines == lines
        self._lines = lines
        self._drawn = drawn
        self.update(text, layout=not same_size)
