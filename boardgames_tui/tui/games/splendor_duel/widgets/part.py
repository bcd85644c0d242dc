"""The base of the Splendor Duel turn screen's panels: a part of the table whose height can change."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from rich.text import Text
from textual.events import Resize
from textual.reactive import Reactive
from textual.widgets import Static

from ....text import Paragraph


@runtime_checkable
class FitsNews(Protocol):
    """A screen that gives its news strip the rows its other parts leave."""

    def fit_news(self) -> None: ...


class TablePart(Static):
    """A panel of the table, drawn again (`show`) whenever one of the reactive attributes it is drawn from
    changes; when its height changes, the screen fits the news strip to the rows left.

    A Static, so that what it shows is drawn once per change and kept, not drawn again at every layout."""

    # Clickable cells and cards are not drawn as links: Textual would repaint their letters in its link
    # colour (a light grey on the white and gold tiles) and underline them.
    auto_links: Reactive[bool] = Reactive(False)

    _shown: Text | None = None  # the text drawn last

    def show(self, text: Text, *, wrapped: bool = False) -> None:
        """Draw `text` (`wrapped`: as a Paragraph, broken into lines as Chinese is set), unless the panel
        shows it already: an unchanged panel asks for no new layout."""
        shown = self._shown
        if shown is not None and text == shown and text.style == shown.style:  # Text's == leaves out its style
            return
        self._shown = text
        self.update(Paragraph(text) if wrapped else text)

    def on_resize(self, event: Resize) -> None:
        screen = self.screen
        if isinstance(screen, FitsNews):
            screen.call_after_refresh(screen.fit_news)
