"""Text on every screen: what players typed is never markup, and lines break where Chinese allows.

Text that players typed (names, notes) or that came from a file is content, never markup. Two helpers:
- `markup(template, **values)` for our own markup with values in it: the template's `[b]…[/b]` is styled,
  the values are inserted as plain text, whatever brackets, backslashes or `@click` they hold;
- `plain(value)` for a Rich renderable (a table cell, a line in a Group): a `Text`, which Rich never
  parses, where a `str` would be read as Rich markup.

Lines are broken by one rule for every language (see "Breaking lines" below): `wrap_lines` for a Text,
`Paragraph` for a renderable wrapped at whatever width it is drawn (with a bullet and a hanging indent).
"""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, JustifyMethod, OverflowMethod, RenderResult
from rich.containers import Lines
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text
from textual.content import Content


def printable(value: object) -> str:
    """`value` as text without control characters (an escape sequence in a name must not reach the terminal)."""
    text = str(value)
    if text.isprintable():
        return text
    return "".join(ch if unicodedata.category(ch)[0] != "C" or ch in "\n\t\u200c\u200d" else "\ufffd" for ch in text)


def markup(template: str, /, **values: object) -> Content:
    """Our markup `template` with `{name}` placeholders filled by `values` as plain text.

    `markup("[b]{name}[/b] played {card}", name=player, card="R3")`: only the template is markup.
    """
    # Textual substitutes string.Template variables after parsing the tags, so a value is never read as markup.
    slots = {key: "${" + key + "}" for key in values}
    source = template.replace("$", "$$").format(**slots)
    return Content.from_markup(source, **{key: printable(value) for key, value in values.items()})


def plain(value: object, style: str = "") -> Text:
    """`value` as Rich text that is never parsed as markup (a table cell, a line in a Group)."""
    return Text(printable(value), style=style)


# Breaking lines ---------------------------------------------------------------------------------------
#
# Rich and Textual break lines at spaces only: a Chinese sentence (no spaces) is one long word, moved whole
# to the next line and then cut at the edge anywhere, a name or a card code included, and a line may start
# with "，" or "）". Every screen breaks lines by the one rule below instead:
# - at spaces (the space stays at the end of the line) and between wide (Chinese) characters;
# - never inside a Latin word, a name or a code ("R10", "joker"), nor between a digit and the measure word
#   after it ("1枚");
# - never before closing punctuation, never after opening punctuation;
# - never next to a combining mark or a zero-width joiner (they belong to the character they join);
# - never inside a span styled with KEEP (a numbered option);
# and only a piece wider than a whole line is folded between characters.

KEEP = Style(meta={"keep whole": True})
NO_LINE_START = frozenset("，。、；：！？）》」』〉】〕”’…·—,.;:!?)]}%％")
NO_LINE_END = frozenset("（《「『〈【〔“‘([{")
JOINERS = frozenset("\u200c\u200d")


def may_break(before: str, after: str) -> bool:
    """Whether a line may end between the characters `before` and `after`."""
    if after == " " or after in NO_LINE_START or before in NO_LINE_END:
        return False
    if before in JOINERS or after in JOINERS or not cell_len(after):
        return False
    if before == " ":
        return True
    if "0" <= before <= "9":
        return False
    return cell_len(before) > 1 or cell_len(after) > 1


def _may_fold(plain: str, index: int) -> bool:
    """Whether a piece too wide for any line (a very long name) may be cut before `plain[index]`: between
    any two characters but next to a joiner or before a combining mark, or with punctuation on the wrong
    side of the cut."""
    before, after = plain[index - 1], plain[index]
    if after in NO_LINE_START or before in NO_LINE_END:
        return False
    return not (before in JOINERS or after in JOINERS or not cell_len(after))


def _break_points(plain: str, text: Text) -> list[int]:
    """Where lines of `plain` (one paragraph of `text`) may start, 0 and its length included."""
    inside = bytearray(len(plain) + 1)  # 1: strictly inside a KEEP span
    may_start: set[int] = set()
    for span in text.spans:
        style = span.style
        if isinstance(style, Style) and style.meta.get("keep whole"):
            inside[span.start + 1 : span.end] = b"\x01" * max(span.end - span.start - 1, 0)
            start = span.start
            while start < span.end and plain[start] == " ":
                start += 1
            may_start.add(start)  # a kept span may begin with spaces (a blank marker column)
    points = [0]
    for index in range(1, len(plain)):
        if index in may_start and plain[index - 1] == " ":
            points.append(index)
        elif not inside[index] and may_break(plain[index - 1], plain[index]):
            points.append(index)
    points.append(len(plain))
    return points


def _fold_at(plain: str, start: int, index: int) -> int:
    """Where to cut a piece that overflows at `index`: there, or a little earlier to keep a closing mark
    off the next line's start (at `index` after all when nothing earlier will do)."""
    for cut in range(index, start, -1):
        if _may_fold(plain, cut):
            return cut
    return index


def wrap_lines(text: Text, width: int, *, indent: int = 0) -> list[Text]:
    """`text` as lines of at most `width` cells, broken by the rule above, styles kept. Within each
    paragraph the lines after the first begin with `indent` spaces (a hanging indent)."""
    width = max(width, 1)
    lines: list[Text] = []
    for paragraph in text.split("\n", allow_blank=True):
        plain = paragraph.plain
        points = _break_points(plain, paragraph)
        rows: list[Text] = []
        start, used, room = 0, 0, width

        def new_row(at: int) -> None:
            nonlocal start, used, room
            rows.append(paragraph[start:at])
            start, used, room = at, 0, max(width - indent, 1)

        for a, b in zip(points, points[1:]):
            piece = plain[a:b]
            visible = cell_len(piece.rstrip(" "))
            if used and used + visible > room:
                new_row(a)
            if used + visible <= room:
                used += cell_len(piece)
                continue
            for index in range(a, b):  # a piece wider than a whole line
                cells = cell_len(plain[index])
                if used + cells > room and index > start and plain[index] != " ":
                    cut = _fold_at(plain, start, index)
                    new_row(cut)
                    used = cell_len(plain[cut:index])
                used += cells
        rows.append(paragraph[start:])
        for number, row in enumerate(rows):
            row.rstrip()
            lines.append(Text(" " * indent) + row if number and indent else row)
    return lines


def wrapped(text: Text, width: int, *, indent: int = 0) -> Text:
    """`text` with its line breaks put in for `width` cells (see `wrap_lines`), as one Text."""
    return Text("\n", style=text.style).join(wrap_lines(text, width, indent=indent))


def wrap_plain(text: str, width: int, *, indent: int = 0) -> list[str]:
    """`wrap_lines` for a plain string."""
    return [line.plain for line in wrap_lines(Text(text), width, indent=indent)]


def widest_piece(text: Text) -> int:
    """Cells of the widest stretch of `text` that is never broken (the narrowest width that folds nothing)."""
    widest = 0
    for paragraph in text.split("\n", allow_blank=True):
        plain = paragraph.plain
        points = _break_points(plain, paragraph)
        widest = max(widest, *(cell_len(plain[a:b].rstrip(" ")) for a, b in zip(points, points[1:])))
    return widest


class Paragraph:
    """A text wrapped by `wrap_lines` to the width it is drawn at, behind an optional `bullet`: the lines
    after the first are indented as deep as the bullet, under the text. A `str` is shown as typed, never
    as markup."""

    def __init__(self, text: str | Text, *, bullet: str | Text = "", style: str = "") -> None:
        self.text = text if isinstance(text, Text) else Text(printable(text))
        self.bullet = bullet if isinstance(bullet, Text) else Text(bullet)
        self.style = style

    def __str__(self) -> str:
        return self.bullet.plain + self.text.plain

    def lines(self, width: int) -> list[Text]:
        indent = self.bullet.cell_len
        rows = wrap_lines(self.text, width - indent)
        return [(self.bullet if number == 0 else Text(" " * indent)) + row for number, row in enumerate(rows)]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        out = Text("\n", style=self.style).join(self.lines(options.max_width))
        out.no_wrap = True  # the lines fit already
        yield out

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        indent = self.bullet.cell_len
        widest = max((cell_len(line) for line in self.text.plain.split("\n")), default=0)
        return Measurement(min(indent + widest_piece(self.text), options.max_width), min(indent + widest, options.max_width))


class WrappingText(Text):
    """A Text that Rich wraps by `wrap_lines` wherever it is drawn (a table cell that must be a Text)."""

    @classmethod
    def of(cls, text: Text) -> WrappingText:
        """`text`, styles and all, as a WrappingText."""
        return cls(
            text.plain, style=text.style, justify=text.justify, overflow=text.overflow, end=text.end, spans=list(text.spans)
        )

    def wrap(
        self,
        console: Console,
        width: int,
        *,
        justify: JustifyMethod | None = None,
        overflow: OverflowMethod | None = None,
        tab_size: int = 8,
        no_wrap: bool | None = None,
    ) -> Lines:
        if no_wrap or (no_wrap is None and self.no_wrap):
            return super().wrap(console, width, justify=justify, overflow=overflow, tab_size=tab_size, no_wrap=True)
        lines = Lines(wrap_lines(self, width))
        lines.justify(console, width, justify=justify or self.justify or "default", overflow=overflow or "fold")
        return lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(line) for line in self.plain.split("\n")), default=0)
        return Measurement(min(widest_piece(self), options.max_width), min(widest, options.max_width))
