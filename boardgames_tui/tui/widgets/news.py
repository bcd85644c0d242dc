"""What happened since a person last looked at the table: the news strip of every turn screen, and the
mark games put on what changed.

The strip is filled by the app from the session (`HotseatSession.news_for`), from the same events the
handoff narrates, filtered for the seat: it never says what that seat may not know. It stays until the
person acts or hides it. A story longer than the strip opens at its first new line (a computer's long turn
is read from its start, not from its royal card), and `z` pages on through it before it hides the strip.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...i18n import _
from ..text import Paragraph

# The mark beside whatever changed since the person last looked (a card just bought, a pile that grew):
# a symbol as well as a colour, so it reads without colour. U+2726 is one cell wide in every terminal.
NEW_MARK = "✦"
NEW_STYLE = "bold"  # a Rich style (usable in Text as well as in Content); games may add their accent


def changed(before: object, after: object) -> bool:
    """Whether a part of the table differs from what the person saw (False when there is nothing to
    compare with: a game just resumed marks nothing)."""
    return before is not None and before != after


class NewsStrip(VerticalScroll, can_focus=False):
    """A few lines of news above the turn's prompt; scrolls when there are more."""

    DEFAULT_CSS = """
    NewsStrip {
        height: auto;
        max-height: 15%;  /* 3 rows at 80x24, 4 at 100x30: the table keeps its room */
        padding: 0 1;
        background: $boost;
        scrollbar-size-vertical: 1;
    }
    NewsStrip.-empty { display: none; }
    NewsStrip > Static { width: 1fr; }
    """

    def __init__(self) -> None:
        self._text = Static("", id="news-text")
        super().__init__(self._text, id="news-strip")
        self._lines: tuple[str, ...] = ()
        self._rows: list[Paragraph] = []
        self._first_new = 0  # the line the strip opens at: the first one the person has not been shown yet
        # Whether the first new line is kept at the top: until the person reads on. The strip's size may
        # settle after it opened (its text grew, or the screen gave it other rows); it then opens again.
        self._opening = False
        self.shown = ""  # what the strip says, as plain text ("" when hidden)

    @property
    def lines(self) -> tuple[str, ...]:
        return self._lines

    def show(self, lines: Sequence[str], *, heading: str | None = None) -> None:
        """Show `lines` (plain text, never markup), newest last, opened at the first of them not shown before
        (lines added to the story: the first added one; a new story: its first)."""
        before, self._lines = self._lines, tuple(lines)
        grew = bool(before) and len(self._lines) > len(before) and self._lines[: len(before)] == before
        self._first_new = len(before) if grew else 0
        self.set_class(not self._lines, "-empty")
        if not self._lines:
            self.shown = ""
            self._opening = False
            return
        title = heading if heading is not None else _("Since you last looked:")
        # Each line wrapped by the one line-breaking rule (a Chinese line never starts with "，"), under its mark.
        # The heading leads the first line rather than taking a row of its own: rows are scarce at 80x24.
        mark = Text(f"{NEW_MARK} ", style=NEW_STYLE)
        gap = "" if title.endswith("：") else " "  # a full-width colon carries its own space
        first = Text(title + gap, style="italic") + mark + Text(self._lines[0])
        self._rows = [Paragraph(first), *(Paragraph(line, bullet=mark) for line in self._lines[1:])]
        self._text.update(Group(*self._rows))
        self.shown = "\n".join(str(row) for row in self._rows)
        self._opening = True
        self.call_after_refresh(self._open_at_first_new)

    def _open_at_first_new(self) -> None:
        """Scroll so the first new line is the top row, or to the end when everything from it fits."""
        width = self._text.content_region.width
        if not self._opening or width <= 0:
            return
        row = sum(len(paragraph.lines(width)) for paragraph in self._rows[: self._first_new])
        self.scroll_to(y=min(row, self.max_scroll_y), animate=False, immediate=True)
        self.refresh_bindings()  # the key bar says whether z shows more

    def on_resize(self) -> None:
        # A tester's strip, grown by two lines after a purchase, showed its start: it had opened while it had
        # room for everything, and the screen then gave it fewer rows.
        self.call_after_refresh(self._open_at_first_new)

    @property
    def more_below(self) -> bool:
        """Whether part of the story is below the strip's last row."""
        return bool(self._lines) and self.scroll_y < self.max_scroll_y

    def page_on(self) -> None:
        """Scroll the story on by the strip's height (the last row seen stays in view)."""
        self._opening = False  # the person reads on: the strip stays where they take it
        step = max(1, self.scrollable_content_region.height - 1)
        self.scroll_to(y=min(self.scroll_y + step, self.max_scroll_y), animate=False, immediate=True)
        self.refresh_bindings()
