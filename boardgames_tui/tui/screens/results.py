from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import N_, _, pgettext
from ..games import table_module
from ..text import Paragraph, markup, plain
from ..widgets.keybar import KeyBar

if TYPE_CHECKING:
    from ..session import HotseatSession


def match_table(players: tuple[str, ...], games: tuple[tuple[int, ...], ...]) -> Table:
    """The running score sheet of a match: one column per game, then the totals."""
    table = Table(title=_("Match so far"), padding=(0, 1))
    table.add_column(_("Player"))
    for number in range(1, len(games) + 1):
        table.add_column(_("Game {n}").format(n=number), justify="right")
    table.add_column(_("Total"), justify="right", style="bold")
    for seat, name in enumerate(players):
        scores = [game[seat] for game in games]
        table.add_row(plain(name), *(f"{score:+d}" for score in scores), f"{sum(scores):+d}")
    return table


def reveal_for(session: HotseatSession) -> RenderableType | None:
    """Everything that was hidden during the game, for every seat: only once the game is over."""
    revealed = session.revealed()
    return table_module(session.spec.id).reveal(revealed, session.narrator) if revealed is not None else None


class ResultsScreen(Screen[None]):
    """The end of a game, shown to the whole table."""

    DEFAULT_CSS = """
    ResultsScreen { align: center middle; }
    ResultsScreen #results-box {
        width: 80; max-width: 100%; height: auto; max-height: 100%;
        border: double $success; padding: 1 3;
    }
    ResultsScreen #headline { text-style: bold; margin-bottom: 1; }
    ResultsScreen #details { margin-bottom: 1; }
    ResultsScreen #team, ResultsScreen #ranking { margin-bottom: 1; }
    ResultsScreen #last { color: $text-muted; margin-bottom: 1; }
    ResultsScreen #reveal { margin-bottom: 1; }
    ResultsScreen #final-sheet { margin-bottom: 1; }
    """
    BINDINGS = [
        Binding("a", "again", N_("Play again")),
        Binding("l", "log", N_("Log")),
        Binding("r", "rules", N_("Rules")),
        Binding("question_mark", "help", N_("Help"), key_display="?"),
        Binding("m", "menu", N_("Main menu")),
        Binding("escape", "menu", N_("Main menu"), show=False),
        Binding("q", "menu", N_("Main menu"), show=False),
    ]

    def __init__(self, session: HotseatSession) -> None:
        super().__init__()
        self.session = session
        outcome = session.outcome()
        assert outcome is not None
        self.outcome = outcome

    def compose(self) -> ComposeResult:
        outcome, session = self.outcome, self.session
        table = Table(box=None, padding=(0, 2))
        table.add_column(_("Place"), justify="right")
        table.add_column(_("Player"))
        table.add_column(_("Score"), justify="right")
        places = outcome.places()
        for group in outcome.ranking:
            for seat in group:
                mark = " ★" if seat in outcome.winners else ""
                table.add_row(str(places[seat]), plain(session.players[seat] + mark), str(outcome.scores[seat]))
        # Scrolls (arrow keys, mouse wheel) when a long score breakdown does not fit the terminal.
        with VerticalScroll(id="results-box"):
            yield Static(
                markup(_("{title} · Game over · Deal {deal}"), title=session.title, deal=session.deal_number)
            )
            yield Static(Paragraph(session.narrator.say(outcome.headline)), id="headline")
            if outcome.cooperative:  # one score for the team: name the team
                players = pgettext("between player names", ", ").join(session.players)
                yield Static(markup(_("Played by {players}"), players=players), id="team")
            else:
                yield Static(table, id="ranking")
            yield Static(Group(*(Paragraph(session.narrator.say(line)) for line in outcome.details)), id="details")
            match = session.match_with_this_game()
            if len(match) > 1:
                yield Static(match_table(session.players, match))
            summary = session.public_summary()
            if summary:
                yield Static(Paragraph(_("Last: {summary}").format(summary=summary)), id="last")
            # A game's own closing sheet, from the public View (Luz: every round's bids, tricks and points),
            # under the scores and the match, so those stay in view on a small terminal.
            final_sheet = getattr(table_module(session.spec.id), "final_sheet", None)
            if final_sheet is not None:
                yield Static(final_sheet(session.view(None)), id="final-sheet")
            # What was hidden, last: the scores and the match above it stay in view on a small terminal.
            reveal = reveal_for(session)
            if reveal is not None:
                yield Static(reveal, id="reveal")
            yield Static(_("[b]a[/b] play again (same players and options, new deal) · [b]m[/b] main menu"))
        yield KeyBar()

    def _unsaved(self) -> bool:
        """Whether the end of the game is not on disk yet: leaving then goes through the leave dialog, which
        offers to save again or elsewhere before anything is dropped."""
        self.session.finish_writing()
        if self.session.unsaved_work() is None:
            return False
        self.app.ask_to_leave()  # type: ignore[attr-defined]
        return True

    def action_again(self) -> None:
        from ..session import HotseatSession

        if self._unsaved():
            return
        previous = self.session
        session = HotseatSession.new(
            previous.spec.id,
            previous.players,
            previous.options,
            self.app.store,  # type: ignore[attr-defined]
            match=previous.match_with_this_game() if not self.outcome.cooperative else (),
            # the same seats for computers, at the same levels (a tester's computers came back as people)
            computers=tuple(previous.computer_level(seat) for seat in range(len(previous.players))),
        )
        self.app.run_worker(self.app.start_session(session))  # type: ignore[attr-defined]

    def action_log(self) -> None:
        from .log import LogScreen

        self.app.push_screen(LogScreen(self.session.title, self.session.log_lines(None), private=False))

    def action_help(self) -> None:
        from .help import HelpScreen

        lines = [
            ("a", _("play again: same players and options, a new deal")),
            ("↑ / ↓, PgUp / PgDn", _("scroll the results and, under them, what each player held")),
            ("l", _("the game log")),
            ("r", _("the rules of {game}").format(game=self.session.title)),
            ("m / q / Esc", _("back to the main menu (the game stays under Finished in the saved games, to replay)")),
        ]
        self.app.push_screen(HelpScreen(self.session.title, lines))

    def action_rules(self) -> None:
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen(self.session.spec.id, self.session.title))

    def action_menu(self) -> None:
        if not self._unsaved():
            self.app.run_worker(self.app.leave_game())  # type: ignore[attr-defined]
