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

import functools
import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, JustifyMethod, OverflowMethod, RenderResult
from rich.containers import Lines
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text
from textual.content import Content
from textual.css.types import TextAlign, TextOverflow
from textual.visual import RulesMap


def printable(value: object) -> str:
    """`value` as text without control characters (an escape sequence in a name must not reach the terminal)."""
    text = str(value)
    if text.isprintable():
        return text
    return "".join(ch if unicodedata.category(ch)[0] != "C" or ch in "\n\t\u200c\u200d" else "\ufffd" for ch in text)


def markup(template: str, /, **values: object) -> WrappingContent:
    """Our markup `template` with `{name}` placeholders filled by `values` as plain text.

    `markup("[b]{name}[/b] played {card}", name=player, card="R3")`: only the template is markup.
    """
    # Textual substitutes string.Template variables after parsing the tags, so a value is never read as markup.
    slots = {key: "${" + key + "}" for key in values}
    source = template.replace("$", "$$").format(**slots)
    return WrappingContent.of(Content.from_markup(source, **{key: printable(value) for key, value in values.items()}))


def plain(value: object, style: str = "") -> Text:
    """`value` as Rich text that is never parsed as markup (a table cell, a line in a Group)."""
    return Text(printable(value), style=style)


# Breaking lines ---------------------------------------------------------------------------------------
#
# Rich and Textual break lines at spaces only: a Chinese sentence (no spaces) is one long word, moved whole
# to the next line and then cut at the edge anywhere, a name or a card code included, and a line may start
# with "，" or "）"; a sentence with a key name in it ("按 Enter（或 n）：…") ends its line early at the
# space. Every screen breaks lines by the one rule below instead (`wrap_lines` for a Text, `Paragraph` and
# `WrappingText` for Rich, and the Content that `markup` makes for Textual):
# - at spaces (the space stays at the end of the line) and between wide (Chinese) characters, a wide
#   character and a Latin word next to it included ("按" | "Enter"), so a line is filled as far as it goes;
# - never inside a Latin word, a name, a key name or a code ("R10", "joker", "Enter"), nor between a digit
#   and the measure word after it ("1枚");
# - never before closing punctuation, never after opening punctuation (so "（或 n）" keeps "n）" together);
# - never inside a term of the games' glossaries ("出完", "打出", "划船牌堆": `GLOSSARY_TERMS`);
# - never next to a combining mark or a zero-width joiner (they belong to the character they join);
# - never inside a span styled with KEEP (a numbered option);
# and only a piece wider than a whole line is folded between characters (a term too).
# Text without a wide character (English) breaks at its spaces exactly as Rich breaks it.

KEEP = Style(meta={"keep whole": True})
NO_LINE_START = frozenset("，。、；：！？）》」』〉】〕”’…·—,.;:!?)]}%％")
NO_LINE_END = frozenset("（《「『〈【〔“‘([{")
JOINERS = frozenset("\u200c\u200d")

GLOSSARY_DIR = Path(__file__).resolve().parent.parent / "locale" / "zh_CN" / "glossary"
# The terms that matter most, for a glossary that cannot be read (an installation without the .md files).
FALLBACK_TERMS = (
    "出完", "打出", "出牌", "抓牌", "摸牌", "弃牌", "牌堆", "牌架", "桌面", "组合", "破冰", "回合", "王牌",
    "划船", "划船牌堆", "弃牌堆", "补给卡", "航行卡", "角色卡", "位置卡", "提示", "颜色提示", "数字提示",
    "烟花", "墩数", "下注", "宝石", "特权", "卷轴", "皇冠", "贵族", "声望",
)
_CJK_TERM = re.compile(r"(?<![\u3400-\u9fff])[\u3400-\u9fff]{2,4}(?![\u3400-\u9fff])")


@functools.cache
def glossary_terms() -> frozenset[str]:
    """The Chinese terms of 2 to 4 characters in the games' glossaries (the right-hand side of each
    "english → 中文 / 中文（注）" line), never broken across lines; `FALLBACK_TERMS` if none can be read."""
    terms: set[str] = set()
    try:
        for path in sorted(GLOSSARY_DIR.glob("*.md")):
            for line in path.read_text(encoding="utf-8").splitlines():
                if "→" in line:
                    terms.update(_CJK_TERM.findall(line.split("→", 1)[1]))
    except OSError:
        terms.clear()
    return frozenset(terms) if terms else frozenset(FALLBACK_TERMS)


@functools.cache
def _term_lengths() -> tuple[frozenset[str], tuple[int, ...]]:
    terms = glossary_terms()
    return terms, tuple(sorted({len(term) for term in terms}, reverse=True))


def _inside_terms(plain: str, inside: bytearray) -> None:
    """Mark in `inside` every place strictly inside an occurrence of a glossary term in `plain` (a set
    lookup per wide character: no regex over all terms on every redraw)."""
    terms, lengths = _term_lengths()
    for index, char in enumerate(plain):
        if char < "\u3400":
            continue
        for length in lengths:
            if plain[index : index + length] in terms:
                inside[index + 1 : index + length] = b"\x01" * (length - 1)
                break


def may_break(before: str, after: str) -> bool:
    """Whether a line may end between the characters `before` and `after` (glossary terms aside)."""
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


def _kept_spans(text: Text) -> tuple[tuple[int, int], ...]:
    """Where `text` has spans styled with KEEP."""
    return tuple(
        (span.start, span.end)
        for span in text.spans
        if isinstance(span.style, Style) and span.style.meta.get("keep whole")
    )


@functools.lru_cache(maxsize=2048)
def _points(plain: str, kept: tuple[tuple[int, int], ...] = ()) -> tuple[int, ...]:
    """Where lines of `plain` (one paragraph) may start, 0 and its length included; `kept`: the KEEP spans."""
    inside = bytearray(len(plain) + 1)  # 1: strictly inside a KEEP span or a glossary term
    if not plain.isascii():
        _inside_terms(plain, inside)
    may_start: set[int] = set()
    for start, end in kept:
        inside[start + 1 : end] = b"\x01" * max(end - start - 1, 0)
        while start < end and plain[start] == " ":
            start += 1
        may_start.add(start)  # a kept span may begin with spaces (a blank marker column)
    points = [0]
    for index in range(1, len(plain)):
        if index in may_start and plain[index - 1] == " ":
            points.append(index)
        elif not inside[index] and may_break(plain[index - 1], plain[index]):
            points.append(index)
    points.append(len(plain))
    return tuple(points)


def _break_points(plain: str, text: Text) -> tuple[int, ...]:
    """Where lines of `plain` (one paragraph of `text`) may start, 0 and its length included."""
    return _points(plain, _kept_spans(text))


def _fold_at(plain: str, start: int, index: int) -> int:
    """Where to cut a piece that overflows at `index`: there, or a little earlier to keep a closing mark
    off the next line's start (at `index` after all when nothing earlier will do)."""
    for cut in range(index, start, -1):
        if _may_fold(plain, cut):
            return cut
    return index


def _row_starts(plain: str, points: Sequence[int], width: int, indent: int = 0) -> list[int]:
    """Where the rows of one paragraph begin (0 first) when its lines are filled greedily: each line takes
    every piece that fits (its trailing spaces may hang over the edge), and a piece wider than a whole line
    is folded."""
    starts = [0]
    start, used, room = 0, 0, max(width, 1)
    later_room = max(width - indent, 1)
    for a, b in zip(points, points[1:]):
        piece = plain[a:b]
        visible = cell_len(piece.rstrip(" "))
        if used and used + visible > room:
            starts.append(a)
            start, used, room = a, 0, later_room
        if used + visible <= room:
            used += cell_len(piece)
            continue
        for index in range(a, b):  # a piece wider than a whole line
            cells = cell_len(plain[index])
            if used + cells > room and index > start and plain[index] != " ":
                cut = _fold_at(plain, start, index)
                starts.append(cut)
                start, room = cut, later_room
                used = cell_len(plain[cut:index])
            used += cells
    return starts


def wrap_lines(text: Text, width: int, *, indent: int = 0) -> list[Text]:
    """`text` as lines of at most `width` cells, broken by the rule above, styles kept. Within each
    paragraph the lines after the first begin with `indent` spaces (a hanging indent)."""
    width = max(width, 1)
    lines: list[Text] = []
    for paragraph in text.split("\n", allow_blank=True):
        plain = paragraph.plain
        starts = _row_starts(plain, _break_points(plain, paragraph), width, indent)
        for number, (a, b) in enumerate(zip(starts, [*starts[1:], len(plain)])):
            row = paragraph[a:b]
            row.rstrip()
            lines.append(Text(" " * indent) + row if number and indent else row)
    return lines


# Wide characters: a text without any (English) is left to Textual, which breaks it at spaces as the rule does.
_WIDE = re.compile(
    "[\u1100-\u115f\u2e80-\u303e\u3041-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60"
    "\uffe0-\uffe6\U0001f300-\U0001faff\U00020000-\U0003fffd]"
)


class WrappingContent(Content):
    """Textual content (what `markup` makes) that Textual wraps by the rule above wherever it is drawn,
    where a plain Content breaks at spaces only (a text with no wide character is left to Textual)."""

    @classmethod
    def of(cls, content: Content) -> WrappingContent:
        return cls(content.plain, list(content.spans), content.cell_length)

    def _broken(self, width: int) -> Content:
        """This content with its line breaks put in for `width` cells."""
        rows: list[Content] = []
        for line in self.split("\n", allow_blank=True):
            plain = line.plain
            starts = _row_starts(plain, _points(plain), max(width, 1))
            if len(starts) == 1:
                rows.append(line)
            else:
                rows.extend(row.rstrip() for row in line.divide(starts[1:]))
        return Content("\n").join(rows)

    def _wrap_and_format(
        self,
        width: int,
        align: TextAlign = "left",
        overflow: TextOverflow = "fold",
        no_wrap: bool = False,
        line_pad: int = 0,
        tab_size: int = 8,
        **rest: Any,
    ) -> list[Any]:
        text: Content = self
        if not no_wrap and width > 0 and "\t" not in self.plain and _WIDE.search(self.plain):
            text = self._broken(width - line_pad * 2)
        return Content._wrap_and_format(text, width, align, overflow, no_wrap, line_pad, tab_size, **rest)

    def get_height(self, rules: RulesMap, width: int) -> int:
        line_pad = rules.get("line_pad", 0) * 2
        overflow = rules.get("text_overflow", "fold")
        no_wrap = rules.get("text_wrap", "wrap") == "nowrap"
        key = (width + line_pad, overflow, no_wrap)
        if self._height_cache[0] != key:
            lines = self._wrap_and_format(width - line_pad, overflow=overflow, no_wrap=no_wrap)
            self._height_cache = (key, len(lines))
        return self._height_cache[1]

    def get_minimal_width(self, rules: RulesMap) -> int:
        if not self.plain.strip() or not _WIDE.search(self.plain):
            return super().get_minimal_width(rules)
        return widest_piece(Text(self.plain)) + rules.get("line_pad", 0) * 2


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
