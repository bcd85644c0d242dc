"""Checks for screens in Simplified Chinese, shared by the tests/tui/test_*_chinese.py files: the screen as
text, English words left on it, whether a sentence is on it whole, and rows that break a rule of Chinese
typesetting.

Latin letters that may stay on a Chinese screen: player names (taken out before looking), key names, and
whatever each test allows on top (card codes, colour letters, file names ...)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from boardgames_tui.tui.symbols import safe_text
from boardgames_tui.tui.text import NO_LINE_END, NO_LINE_START

KEY_NAMES = frozenset({"esc", "tab", "enter", "space", "pgup", "pgdn", "home", "end", "ctrl", "shift"})
ASCII_WORD = re.compile(r"[A-Za-z]{2,}")
# Box borders, scroll bars and panel edges drawn around text (the rows are as Textual laid them out: the
# one-cell stand-ins of symbols.py are put in only on the way to the terminal).
FRAME = re.compile(r"[│║┃╭╮╰╯╔╗╚╝═─\u2580-\u259f]")


def cell_width(text: str, *, ambiguous: int) -> int:
    """`text`'s width on a terminal that draws ambiguous-width characters `ambiguous` cells wide (wide and
    full-width characters two, combining marks none, the rest one)."""
    width = 0
    for character in text:
        if unicodedata.combining(character):
            continue
        kind = unicodedata.east_asian_width(character)
        width += 2 if kind in "WF" else ambiguous if kind == "A" else 1
    return width


def misaligned_rows(rows: Iterable[str]) -> list[str]:
    """The rows that a terminal drawing ambiguous symbols two cells wide would draw wider than one drawing
    them one cell wide (letters such as é in a name are text, not symbols: left out)."""
    return [
        row
        for row in rows
        if cell_width("".join(c for c in row if not c.isalpha()), ambiguous=1)
        != cell_width("".join(c for c in row if not c.isalpha()), ambiguous=2)
    ]


def screen_rows(app: Any) -> list[str]:
    """The terminal's rows as text (a wide character once, as typed; leading spaces kept), right-stripped, as
    Textual laid them out. With the app's safe symbol set on (symbols.py, Chinese by default) the rows as
    they reach the terminal must be as wide under both ways of drawing ambiguous symbols, or this fails."""
    rows = [strip.text for strip in app.screen._compositor.render_strips()]
    if getattr(app, "safe_symbols", False):
        slipping = misaligned_rows(safe_text(row) for row in rows)
        assert not slipping, f"rows that slip on a terminal drawing ambiguous symbols wide: {slipping}"
    return [row.rstrip() for row in rows]


def screen_text(app: Any) -> str:
    return "\n".join(screen_rows(app))


def english_words(
    text: str, names: Iterable[str] = (), *, keys: Iterable[str] = KEY_NAMES, latin: re.Pattern[str] | None = None
) -> list[str]:
    """The words of two Latin letters or more left in `text` once `names` are taken out, but for key names
    (any case) and words that `latin` matches whole (a test's card codes, colour letters, glossary terms)."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    allowed = {key.lower() for key in keys}
    return [
        word
        for word in ASCII_WORD.findall(text)
        if word.lower() not in allowed and not (latin is not None and latin.fullmatch(word))
    ]


def squeezed(text: str) -> str:
    """`text` without white space, borders and scroll bars: a sentence wrapped over rows reads as one."""
    return re.sub(r"\s+", "", FRAME.sub("", text))


def is_whole(line: str, text: str) -> bool:
    """Whether `line` is in `text` complete (wrapped or not; an ellipsis would have replaced its end)."""
    return line in text.replace("\n", "") or squeezed(line) in squeezed(text)


def assert_whole(text: str, line: str, where: str) -> None:
    assert is_whole(line, text), f"{where}: {line!r} is not whole on the screen\n{text}"


def badly_broken(rows: Iterable[str], bullets: str = "·•") -> list[str]:
    """The rows (borders taken off) that begin with closing punctuation or end with opening punctuation
    (tui/text.py's rule). A row may begin with a bullet, and a mark with a space after it is a key name
    ("? 帮助"), not a broken line."""
    bad = []
    for row in rows:
        body = FRAME.sub(" ", row).strip()
        start = body.lstrip(bullets + " ")
        if (start and start[0] in NO_LINE_START and not start[1:2].isspace()) or (body and body[-1] in NO_LINE_END):
            bad.append(row)
    return bad


def assert_well_broken(text: str, where: str) -> None:
    bad = badly_broken(text.split("\n"))
    assert not bad, f"{where}: rows broken where Chinese does not break: {bad}\n{text}"
