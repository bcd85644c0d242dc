"""The statistics screen: figures of every finished game in the saves folder, per player and per game.

Nothing is stored for it: it reads the saves list each time it opens (see boardgames_tui/statistics.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import N_, _, ngettext, pgettext
from ...narration import narrator_for
from ..text import Paragraph, markup, plain
from ..widgets.keybar import KeyBar

if TYPE_CHECKING:
    from ...statistics import PlayerRow, Statistics, TeamRow


def player_name(row: PlayerRow) -> str:
    return _("{name} (computer)").format(name=row.name) if row.computer else row.name


def figure(value: Any) -> str:
    """A mean with one decimal (in every language the same digits)."""
    return f"{float(value):.1f}"


def variant_words(game_id: str, variant: tuple[tuple[str, Any], ...]) -> str:
    """A variant as its options in words ("Sixth suit: tricky · Black powder: on"), or the usual rules."""
    if not variant:
        return _("usual rules")
    narrator = narrator_for(game_id, ())
    return pgettext("between options", " · ").join(
        _("{option}: {choice}").format(option=narrator.option_label(name), choice=narrator.option_choice(name, value))
        for name, value in variant
    )


def players_table(rows: list[PlayerRow], cooperative: bool) -> Table:
    table = Table(padding=(0, 1))
    table.add_column(_("Player"), overflow="fold")
    table.add_column(_("Played"), justify="right", no_wrap=True)
    table.add_column(_("Perfect") if cooperative else _("Wins"), justify="right", no_wrap=True)
    table.add_column(_("Mean score"), justify="right", no_wrap=True)
    table.add_column(_("Best"), justify="right", no_wrap=True)
    for row in rows:
        table.add_row(
            plain(player_name(row)), str(row.played), str(row.wins), figure(row.mean), str(row.best if row.best is not None else "–")
        )
    return table


def teams_table(game_id: str, rows: list[TeamRow]) -> Table:
    table = Table(padding=(0, 1), title=_("By table"), title_justify="left")
    table.add_column(_("Players"), justify="right", no_wrap=True)
    table.add_column(_("Variant"), overflow="fold")
    table.add_column(_("Games"), justify="right", no_wrap=True)
    table.add_column(_("Mean score"), justify="right", no_wrap=True)
    table.add_column(_("Best"), justify="right", no_wrap=True)
    table.add_column(_("Perfect"), justify="right", no_wrap=True)
    for row in rows:
        best = "–" if row.best is None else str(row.best)
        if row.max_score is not None and row.best is not None:
            best = f"{row.best}/{row.max_score}"
        table.add_row(
            str(row.players),
            Paragraph(variant_words(game_id, row.variant)),
            str(row.played),
            figure(row.mean),
            best,
            str(row.perfect),
        )
    return table


def game_section(stats: Statistics, game_id: str) -> RenderableType:
    """One game's heading, its players' table and, for a game played as a team, the tables' table."""
    title = narrator_for(game_id, ()).title
    teams = stats.teams_of(game_id)
    parts: list[RenderableType] = [Text(title, style="bold underline")]
    if teams:
        parts.append(
            Paragraph(_("Played as a team: every player gets the team's score, and a win is a perfect score."), style="italic")
        )
    parts.append(players_table(stats.players_of(game_id), cooperative=bool(teams)))
    if teams:
        parts.append(Text(""))
        parts.append(teams_table(game_id, teams))
    parts.append(Text(""))
    return Group(*parts)


class StatisticsScreen(Screen[None]):
    """Figures of the finished games in the saves folder: per player and game, and per Hanabi table."""

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    StatisticsScreen { padding: 0 1; }
    StatisticsScreen #statistics-title { text-style: bold; }
    StatisticsScreen #statistics-summary { color: $text-muted; }
    StatisticsScreen #statistics-filter { margin-bottom: 1; }
    StatisticsScreen #statistics-body { height: 1fr; }
    """
    BINDINGS = [
        Binding("g", "next_game", N_("Game filter")),
        Binding("down", "scroll(1)", N_("Scroll"), key_display="↑↓"),
        Binding("up", "scroll(-1)", N_("Scroll"), show=False),
        Binding("pagedown", "page(1)", N_("Page down"), show=False),
        Binding("pageup", "page(-1)", N_("Page up"), show=False),
        Binding("home", "ends(0)", N_("Top"), show=False),
        Binding("end", "ends(1)", N_("Bottom"), show=False),
        Binding("escape", "back", N_("Back"), key_display="Esc"),
        Binding("q", "back", N_("Back"), show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.stats: Statistics | None = None
        self.shown_game: str | None = None  # None: every game

    def compose(self) -> ComposeResult:
        from ...statistics import statistics

        self.stats = statistics(self.app.store.list())  # type: ignore[attr-defined]
        yield Static(_("Statistics"), id="statistics-title")
        yield Static(self.summary(), id="statistics-summary")
        yield Static("", id="statistics-filter")
        body = VerticalScroll(Static("", id="statistics-tables"), id="statistics-body")
        body.can_focus = False  # the screen's keys scroll it, and the key bar shows them
        yield body
        yield KeyBar()

    def on_mount(self) -> None:
        self.show()

    def summary(self) -> Paragraph:
        stats = self.stats
        assert stats is not None
        parts = [
            ngettext("{n} finished game", "{n} finished games", stats.finished).format(n=stats.finished),
        ]
        if stats.unfinished:
            parts.append(
                ngettext("{n} game still being played", "{n} games still being played", stats.unfinished).format(
                    n=stats.unfinished
                )
            )
        if stats.unreadable:
            parts.append(
                ngettext("{n} unreadable file", "{n} unreadable files", stats.unreadable).format(n=stats.unreadable)
            )
        if stats.copies:
            parts.append(
                ngettext("{n} copy of a game counted once", "{n} copies of games counted once", stats.copies).format(
                    n=stats.copies
                )
            )
        counted = pgettext("between summary parts", " · ").join(parts)
        return Paragraph(_("From the saves: {counted}. Only finished games count.").format(counted=counted))

    def show(self) -> None:
        stats = self.stats
        assert stats is not None
        games = stats.games()
        tables = self.query_one("#statistics-tables", Static)
        choice = self.query_one("#statistics-filter", Static)
        if not games:
            choice.update("")
            tables.update(
                Paragraph(_("No finished games yet. Finish a game, and its figures appear here (nothing else is kept)."))
            )
            return
        if self.shown_game is None:
            choice.update(markup(_("Showing: [b]{game}[/b] (g: next game)"), game=_("all games")))
        else:
            title = narrator_for(self.shown_game, ()).title
            choice.update(markup(_("Showing: [b]{game}[/b] (g: next game)"), game=title))
        shown = games if self.shown_game is None else [self.shown_game]
        tables.update(Group(*(game_section(stats, game_id) for game_id in shown)))
        self.query_one("#statistics-body", VerticalScroll).scroll_home(animate=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_game":
            return self.stats is not None and len(self.stats.games()) > 1
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        if action == "next_game":
            if self.stats is None or not self.stats.games():
                return _("No finished games yet.")
            return _("Only one game has finished games so far.")
        return None

    def action_next_game(self) -> None:
        assert self.stats is not None
        choices: list[str | None] = [None, *self.stats.games()]
        self.shown_game = choices[(choices.index(self.shown_game) + 1) % len(choices)]
        self.show()

    def _body(self) -> VerticalScroll:
        return self.query_one("#statistics-body", VerticalScroll)

    def action_scroll(self, lines: int) -> None:
        self._body().scroll_relative(y=lines, animate=False)

    def action_page(self, direction: int) -> None:
        body = self._body()
        body.scroll_relative(y=direction * max(body.scrollable_content_region.height - 1, 1), animate=False)

    def action_ends(self, end: int) -> None:
        body = self._body()
        if end:
            body.scroll_end(animate=False)
        else:
            body.scroll_home(animate=False)

    def action_back(self) -> None:
        self.app.pop_screen()
