"""Shared rendering of suits and cards. Colour is never the only signal: every suit shows its letter."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

# Letter -> (foreground, background) of a face-up card.
SUIT_STYLES: dict[str, tuple[str, str]] = {
    "R": ("bold white", "red3"),
    "Y": ("bold black", "yellow3"),
    "G": ("bold black", "green3"),
    "B": ("bold white", "blue3"),
    "W": ("bold black", "grey93"),
    "M": ("bold white", "magenta3"),
    "K": ("bold white", "grey15"),
    "P": ("bold white", "purple4"),
}
HIDDEN_STYLE = "bold white on grey35"


def suit_style(suit: str) -> str:
    fg, bg = SUIT_STYLES.get(suit, ("bold", "grey30"))
    return f"{fg} on {bg}"


def suit_text(suit: str) -> Text:
    """A suit letter in its colour, for compact lists."""
    fg, bg = SUIT_STYLES.get(suit, ("bold", "grey30"))
    return Text(suit, style=f"bold {bg}" if bg not in ("grey15", "grey93") else "bold")


def center_cells(text: str, width: int) -> str:
    """`text` centred in `width` terminal cells (a Chinese character takes two; str.center counts one)."""
    spare = max(width - cell_len(text), 0)
    left = spare // 2 + (spare & width & 1)  # where str.center puts the odd space, so layouts do not shift
    return " " * left + text + " " * (spare - left)


def card_face(suit: str, rank: int | str, *, width: int = 4) -> Text:
    """A face-up card such as ` R3 ` on its colour."""
    return Text(center_cells(f"{suit}{rank}", width), style=suit_style(suit))


def hidden_card(label: str = "??", *, width: int = 4) -> Text:
    return Text(center_cells(label, width), style=HIDDEN_STYLE)
