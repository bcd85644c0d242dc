"""The in-app rulebook of one game.

The rulebook is drawn by Rich's Markdown renderer into lines once per terminal width, and a scroll view
shows the lines in sight. Textual's MarkdownViewer built a widget per paragraph, list item and table cell
(thousands for a long rulebook) and took one to two seconds to open; drawn lines open about as fast as
the help screen. The parsed document and its lines are kept for the app's life, so opening the same
rules again costs almost nothing.

Each language has its rulebook (`assets/rules/<game>.<language>.md`, English without the language:
`<game>.md`); a game whose rulebook is not translated yet shows the English one. Everything kept is kept
per language, so a change of language shows the other rulebook at once.
"""

from __future__ import annotations

import io
from functools import lru_cache, partial

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown, MarkdownContext, MarkdownElement, TableDataElement, TableRowElement
from rich.markdown import Paragraph as MarkdownParagraph
from rich.theme import Theme
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from ...engine.assets import asset_path
from ...i18n import DEFAULT_LANGUAGE, N_, _, current_language
from ..text import Paragraph, WrappingText, markup
from ..widgets.keybar import KeyBar


def rulebook_files(game_id: str, language: str) -> list[str]:
    """The rulebook's file names to try, the language's own first, then the English one."""
    names = [f"{game_id}.md"]
    if language != DEFAULT_LANGUAGE:
        names.insert(0, f"{game_id}.{language}.md")
    return names


def rulebook_text(game_id: str, language: str | None = None) -> str:
    for name in rulebook_files(game_id, language or current_language()):
        try:
            return asset_path("rules", name).read_text(encoding="utf-8")
        except FileNotFoundError:
            continue
    return "# " + _("Rules not found") + "\n\n" + _("The rulebook file for this game is missing.")


def _has_wide_characters(text: str) -> bool:
    return any(cell_len(char) > 1 for char in text)


# Rich's Markdown breaks lines at spaces only: a Chinese paragraph (no spaces) would start a line with "。"
# or cut a card code in two. Paragraphs (in lists and quotes too) and table cells with wide characters
# break by the rule of every other screen (tui/text.py); the rest, and every English rulebook, is drawn by
# Rich as it was.


class _RulebookParagraph(MarkdownParagraph):
    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if _has_wide_characters(self.text.plain):
            yield Paragraph(self.text)
        else:
            yield from super().__rich_console__(console, options)


class _RulebookTableRow(TableRowElement):
    def on_child_close(self, context: MarkdownContext, child: MarkdownElement) -> bool:
        if isinstance(child, TableDataElement) and _has_wide_characters(child.content.plain):
            child.content = WrappingText.of(child.content)
        return super().on_child_close(context, child)


class Rulebook(Markdown):
    elements = {**Markdown.elements, "paragraph_open": _RulebookParagraph, "tr_open": _RulebookTableRow}


@lru_cache(maxsize=8)
def rulebook(game_id: str, language: str) -> Markdown:
    """The parsed rulebook in `language` (Rich renders it again at whatever width the terminal has)."""
    return Rulebook(rulebook_text(game_id, language), justify="left", hyperlinks=False)


# (game id, language, width) -> the rulebook's lines at that width; a few widths per game at most.
_LINES: dict[tuple[str, str, int], list[Strip]] = {}
_LINES_KEPT = 16
# The rulebook has the whole terminal's width but for its padding (0 1) and the vertical scroll bar.
RULES_WIDTH_MARGIN = 2 + 2


# Every heading level in bold, so sections stand out without relying on colour alone.
HEADINGS = Theme(
    {
        "markdown.h1": "bold underline",
        "markdown.h2": "bold underline magenta",
        "markdown.h3": "bold magenta",
        "markdown.h4": "bold italic",
    }
)


def rulebook_lines(game_id: str, width: int, language: str | None = None) -> list[Strip]:
    """The rulebook drawn `width` cells wide (kept: a second call costs nothing). Safe in a thread, so the
    rules of a game can be drawn before anyone asks for them (see `prepare_rulebook`)."""
    language = language or current_language()
    key = (game_id, language, width)
    lines = _LINES.get(key)
    if lines is None:
        console = Console(
            file=io.StringIO(),
            width=width,
            force_terminal=True,
            color_system="truecolor",
            highlight=False,
            emoji=False,
            legacy_windows=False,
            safe_box=False,
            theme=HEADINGS,
        )
        rendered = console.render_lines(rulebook(game_id, language), console.options, pad=True)
        lines = [Strip(line, width) for line in rendered]
        if len(_LINES) >= _LINES_KEPT:
            _LINES.pop(next(iter(_LINES)), None)
        _LINES[key] = lines
    return lines


def prepare_rulebook(app: App[object], game_id: str) -> None:
    """Draw a game's rulebook for the terminal's width in a worker thread, so `r` opens it at once."""
    width = app.size.width - RULES_WIDTH_MARGIN
    language = current_language()  # read here: the worker thread must draw the language of this moment
    if width > 0 and (game_id, language, width) not in _LINES:
        app.run_worker(
            partial(rulebook_lines, game_id, width, language), thread=True, group="rulebook", exit_on_error=False
        )


class RulebookView(ScrollView, can_focus=True):
    """A rulebook as lines drawn once per width; only the lines in sight are painted."""

    DEFAULT_CSS = """
    RulebookView { height: 1fr; padding: 0 1; overflow-y: scroll; }
    """

    def __init__(self, game_id: str, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.game_id = game_id
        self.language = current_language()
        self.lines: list[Strip] = []

    def on_mount(self) -> None:
        # The view fills the screen's width: lay the lines out now, so the first layout already knows
        # their height and the scroll bar (a second pass would cost as much again).
        self._layout_lines(self.app.size.width - RULES_WIDTH_MARGIN)

    def on_resize(self, event: Resize) -> None:
        self._layout_lines(self.scrollable_content_region.width)  # the scroll bar is always there

    def _layout_lines(self, width: int) -> None:
        if width <= 0 or (width == self.virtual_size.width and self.lines):
            return
        self.lines = rulebook_lines(self.game_id, width, self.language)
        self.virtual_size = Size(width, len(self.lines))
        self.refresh()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        index = scroll_y + y
        style = self.rich_style
        if index >= len(self.lines):
            return Strip.blank(width, style)
        return self.lines[index].crop_extend(scroll_x, scroll_x + width, style).apply_style(style)


class RulesScreen(Screen[None]):
    """The in-app rulebook of one game: ↑/↓, PgUp/PgDn, Home/End and the mouse wheel scroll it."""

    DEFAULT_CSS = """
    RulesScreen #rules-title { text-style: bold; padding: 0 1; background: $panel; }
    """
    BINDINGS = [
        Binding("escape", "close", N_("Back")),
        Binding("q", "close", N_("Back"), show=False),
        Binding("r", "close", N_("Back"), show=False),
    ]

    def __init__(self, game_id: str, title: str) -> None:
        super().__init__()
        self.game_id = game_id
        self.rules_title = title

    def compose(self) -> ComposeResult:
        yield Static(
            markup(_("Rules — {title}   (↑/↓ PgUp/PgDn scroll, Esc back)"), title=self.rules_title), id="rules-title"
        )
        yield RulebookView(self.game_id, id="rules-body")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(RulebookView).focus()

    def action_close(self) -> None:
        self.app.pop_screen()
