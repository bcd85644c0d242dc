"""A list of choices whose highlighted entry carries a mark, not only a colour."""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import OptionList

HIGHLIGHT_MARK = "▸"


def _option_of(strip: Strip) -> int | None:
    """The index of the option a rendered line belongs to (OptionList tags its lines with it)."""
    for segment in strip:
        if segment.style is not None and "option" in segment.style.meta:
            return segment.style.meta["option"]
    return None


class ChoiceList(OptionList):
    """Textual's OptionList shows the highlighted entry by colour alone. Every entry here starts two cells
    in, and the first line of the highlighted one has `▸` in the first cell: in a terminal without colour,
    or for a person who cannot tell the colours apart, the list still says which entry Enter takes."""

    DEFAULT_CSS = """
    ChoiceList > .option-list--option { padding: 0 1 0 2; }
    """

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        highlighted = self.highlighted
        if highlighted is None or _option_of(strip) != highlighted:
            return strip
        if self.scroll_offset.y + y > 0 and _option_of(super().render_line(y - 1)) == highlighted:
            return strip  # a later line of the entry
        if strip.cell_length < 2 or strip.crop(0, 1).text != " ":
            return strip
        style = next(iter(strip)).style
        return Strip.join([Strip([Segment(HIGHLIGHT_MARK, style)], 1), strip.crop(1)])
