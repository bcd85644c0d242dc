"""Who may sit at a table: the one set of checks shared by every way into a game — the setup screen, save
files, imported records and the remembered names — so a file can never bring in what setup forbids.

Each check returns None or a refusal: a code and its parameters (the engine builds no sentences; the
setup screen and the saves list say them in the player's language). The codes:
  name_blank (seat)            nothing visible: empty, spaces, zero-width characters only
  name_unprintable (seat)      a control character, a line break, a special space or invisible formatting
  name_spaces (seat)           spaces before or after the name (setup drops them, so a file may not hold them)
  name_too_long (seat, limit)  longer than a name may be
  names_alike (name)           two seats with the same name, up to case and Unicode normal form
  no_person                    every seat a computer: a table is for people
  unknown_level (level)        a computer level the table cannot seat
  note_blank, note_unprintable, note_too_long (limit)   a card note
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

Refusal = tuple[str, dict[str, Any]]

NAME_MAX = 16  # characters a player's name may have (a CJK character counts one, though two cells wide)
NOTE_MAX = 40  # characters in one card note (Hanabi)

# Zero-width joiners print as part of what they join (a family emoji, Indic and Persian words).
_JOINERS = frozenset("\u200c\u200d")
# Characters that leave no mark of their own: separators, formatting, controls, combining marks alone.
_MARKLESS = frozenset({"Zs", "Zl", "Zp", "Cf", "Cc", "Mn", "Me"})


def is_printable(text: str) -> bool:
    """Text that shows as typed: no control, format or separator characters but the plain space and the
    zero-width joiners."""
    return text.isprintable() or all(ch.isprintable() or ch in _JOINERS for ch in text)


def escaped(text: str, keep: str = "") -> str:
    """`text` safe to show on a terminal: every character that does not print (an escape sequence, a line
    break, a control character) written out as its escape, except those in `keep`."""
    if is_printable("".join(ch for ch in text if ch not in keep)):
        return text
    return "".join(ch if ch in keep or is_printable(ch) else ch.encode("unicode_escape").decode("ascii") for ch in text)


def is_visible(text: str) -> bool:
    """Whether `text` leaves a mark on the screen: at least one character that is not a space, a joiner or
    a lone combining mark."""
    return any(unicodedata.category(ch) not in _MARKLESS for ch in text)


def same_name_key(name: str) -> str:
    """Two names are the same name when they differ only in case or in how an accent was typed."""
    return unicodedata.normalize("NFC", name.strip()).casefold()


def name_refusal(seat: int, name: str) -> Refusal | None:
    """Why `name` cannot be the name of `seat` (0-based), or None. Spaces around it are refused: every
    caller strips what a person typed before it is kept."""
    if not is_printable(name):
        return ("name_unprintable", {"seat": seat})
    if not is_visible(name):
        return ("name_blank", {"seat": seat})
    if name != name.strip():
        return ("name_spaces", {"seat": seat})
    if len(name) > NAME_MAX:
        return ("name_too_long", {"seat": seat, "limit": NAME_MAX})
    return None


def names_refusal(names: Sequence[str]) -> Refusal | None:
    """Why these names cannot sit together, or None."""
    seen: set[str] = set()
    for seat, name in enumerate(names):
        refused = name_refusal(seat, name)
        if refused is not None:
            return refused
        key = same_name_key(name)
        if key in seen:
            return ("names_alike", {"name": name})
        seen.add(key)
    return None


def seats_refusal(computers: Sequence[str | None], levels: Iterable[str]) -> Refusal | None:
    """Why these seat kinds (per seat a computer level, or None for a person; empty: all people) cannot
    sit at a table whose computers play `levels`, or None."""
    if not computers:
        return None
    offered = set(levels)
    unknown = next((level for level in computers if level is not None and level not in offered), None)
    if unknown is not None:
        return ("unknown_level", {"level": unknown})
    if all(level is not None for level in computers):
        return ("no_person", {})
    return None


def note_refusal(text: str) -> Refusal | None:
    """Why `text` cannot be a card note, or None."""
    if not is_printable(text):
        return ("note_unprintable", {})
    if not is_visible(text):
        return ("note_blank", {})
    if len(text) > NOTE_MAX:
        return ("note_too_long", {"limit": NOTE_MAX})
    return None
