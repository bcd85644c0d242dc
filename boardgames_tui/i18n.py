"""The single translation hook. Every user-visible string goes through `_()` or `ngettext()` (English
source strings), so a catalogue for another language can be dropped into boardgames_tui/locale without
touching screens."""

from __future__ import annotations

import gettext
from pathlib import Path

_LOCALE_DIR = Path(__file__).parent / "locale"
_translation = gettext.translation("boardgames_tui", localedir=_LOCALE_DIR, fallback=True)


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for `count` ("1 card", "2 cards"); format `{n}` into it afterwards."""
    return _translation.ngettext(singular, plural, count)
