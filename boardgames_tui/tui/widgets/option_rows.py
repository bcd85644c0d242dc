"""A list option made of parts, one under the other, each wrapped within its own left indent."""

from __future__ import annotations

from textual.content import Content
from textual.css.styles import RulesMap
from textual.geometry import Spacing
from textual.strip import Strip
from textual.style import Style
from textual.visual import Padding, RenderOptions, Visual


class OptionRows(Visual):
    """A list option of several parts, one under the other, each wrapped within its own left indent.

    `OptionRows((title, 0), (details, 2))`: every line of the details starts two columns in, the lines a
    narrow list wraps included (a "\n  " in one Content indents only the first of them).
    """

    def __init__(self, *parts: tuple[Content, int]) -> None:
        self.contents = tuple(content for content, _indent in parts)
        self.parts: tuple[Visual, ...] = tuple(
            Padding(content, Spacing(0, 0, 0, indent)) if indent else content for content, indent in parts
        )

    def __str__(self) -> str:
        """The plain text, one part a line (as `str()` of a Content gives it)."""
        return "\n".join(str(content) for content in self.contents)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return max((part.get_optimal_width(rules, container_width) for part in self.parts), default=0)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return sum(part.get_height(rules, width) for part in self.parts)

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        strips = [strip for part in self.parts for strip in part.render_strips(width, None, style, options)]
        return strips if height is None else strips[:height]
