"""Symbols that stay one cell wide on every terminal.

Many symbols the screens use (● ★ → § · … and the box lines of borders) are "ambiguous width" in Unicode:
Rich and Textual count them one cell, but many terminals set up for Chinese draw them two cells wide, and
then token bars, tables and borders slip out of line. With the safe set on, every such symbol is replaced
on its way to the terminal by a look-alike of unambiguous width one (● → ◉, → → ￫, a box line → - or |),
so what Textual laid out is what the terminal draws, whichever way it treats ambiguous symbols.

The replacement is made in one place, the driver's `write` (`safe_driver_class`): every screen, widget and
border goes through it, and no screen needs to know. It is a one-to-one character map of equal width, so
cursor positions in the output stay true. Letters (é, Greek, Cyrillic) are ambiguous too but are text,
never replaced.

Setting (settings.SYMBOL_SETS): "auto" uses the safe set in the Chinese interface and the standard set
otherwise; "standard" and "safe" choose one for every language.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from textual.driver import Driver

# The symbols the screens use, each with a look-alike of width one that no terminal draws wider.
CHOSEN: dict[str, str] = {
    "●": "◉",  # Luz's safety bead
    "○": "◦",
    "≠": "¬",  # Hanabi's notes: "not red"
    "▶": "►",
    "◀": "◄",
    "▲": "▴",
    "△": "▵",
    "▼": "▾",
    "▽": "▿",
    "★": "✶",
    "☆": "✧",
    "§": "⁋",  # Splendor Duel's privilege
    "♥": "❥",
    "←": "￩",
    "↑": "￪",
    "→": "￫",
    "↓": "￬",
    "≈": "≋",  # Lifeboat: lost at sea ("~" already means in the water)
    "×": "x",
    "·": "∙",
    "•": "∙",
    "—": "-",
    "–": "-",
    "‐": "-",
    "…": "⋯",
    "“": '"',
    "”": '"',
    "‘": "'",
    "’": "'",
    "■": "▪",
    "□": "▫",
    "◆": "♦",
    "◇": "◊",
    "※": "*",
    "±": "+",  # only in the arena's printed tables
    "\ufffd": "?",  # a control character in player text, made visible (text.py)
    "▌": "▐",
    "▒": "░",
    "▓": "░",
    "█": "#",
    "▀": "¯",
    "▄": "_",
    "▔": "¯",
    "▁": "_",
    "▏": "⎸",
    "▎": "⎸",
    "▍": "⎸",
    "▕": "⎹",
    "▊": "⎹",  # the left edge of Textual's "tall" border (inputs, lists): a line beside what it frames
}

BOX_DRAWING = range(0x2500, 0x2580)
BLOCK_ELEMENTS = range(0x2580, 0x25A0)


def is_ambiguous(character: str) -> bool:
    """Whether terminals may draw `character` one cell or two (East Asian Width "A")."""
    return unicodedata.east_asian_width(character) == "A"


def _box_line(character: str) -> str:
    """An ASCII stand-in for a box-drawing character: a line of its direction, or a corner."""
    name = unicodedata.name(character, "")
    across, down = "HORIZONTAL" in name, "VERTICAL" in name
    if across and not down:
        return "=" if "DOUBLE" in name else "-"
    if down and not across:
        return "|"
    return "+"


def _safe_map() -> dict[int, str]:
    table = {ord(symbol): stand_in for symbol, stand_in in CHOSEN.items()}
    for code in BOX_DRAWING:
        character = chr(code)
        if code not in table and is_ambiguous(character):
            table[code] = _box_line(character)
    for code in BLOCK_ELEMENTS:  # the eighths of a scroll bar's thumb: the thumb is drawn by its colour too
        if code not in table and is_ambiguous(chr(code)):
            table[code] = " "
    return table


SAFE_MAP: dict[int, str] = _safe_map()


def safe_text(text: str) -> str:
    """`text` with every ambiguous-width symbol replaced by its stand-in of width one."""
    return text.translate(SAFE_MAP)


def uses_safe_set(setting: str, language: str) -> bool:
    """Whether the safe set is on for `setting` (settings.SYMBOL_SETS) in the interface `language`."""
    if setting == "safe":
        return True
    if setting == "standard":
        return False
    return language.startswith("zh")


class SymbolChoice(Protocol):
    safe_symbols: bool


def safe_driver_class(base: type[Driver], owner: SymbolChoice) -> type[Driver]:
    """`base` (the platform's driver) writing through the safe map while `owner.safe_symbols` is true."""

    class SafeSymbolDriver(base):  # type: ignore[valid-type, misc]
        def write(self, data: str) -> None:
            super().write(safe_text(data) if owner.safe_symbols else data)

    SafeSymbolDriver.__name__ = SafeSymbolDriver.__qualname__ = f"SafeSymbol{base.__name__}"
    return SafeSymbolDriver
