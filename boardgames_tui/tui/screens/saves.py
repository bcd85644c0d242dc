from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...engine.registry import GAMES
from ...engine.saves import BrokenSave, SavedGame
from ...engine.seating import escaped
from ...i18n import N_, _, pgettext
from ...narration import Narrator, narrator_for, option_applies, option_words
from ..text import markup
from ..widgets.choice_list import ChoiceList
from ..widgets.keybar import KeyBar
from ..widgets.option_rows import OptionRows
from ...narration.save_problems import describe_problem


def _when(stamp: str) -> str:
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp


def file_name(path: Path) -> str:
    """A file's name as the list shows it: a line break, an escape or another control character in a name
    someone gave a file by hand is written out as an escape, so a row stays one row and draws nothing."""
    return escaped(path.name)


def player_list(players: tuple[str, ...], computers: tuple[str | None, ...] = ()) -> str:
    """The players' names, each computer marked as one."""
    names = [
        _("{name} (computer)").format(name=name) if seat < len(computers) and computers[seat] else name
        for seat, name in enumerate(players)
    ]
    return pgettext("between player names", ", ").join(names)


def variant_words(rules: Any, narrator: Narrator, options: Any) -> str | None:
    """What sets a game apart from the usual game, for its title: the rule set, and every option it is played
    with that is not the default (None: the usual game). Options a rule set settles itself are left out."""
    label = rules.variant_label(options)
    parts = [narrator.say(label)] if label is not None else []
    usual = type(options)()
    for name in type(options).model_fields:
        value = getattr(options, name)
        if value == getattr(usual, name) or not option_applies(options, name):
            continue
        if name == "rule_set" and label is not None:
            continue  # the rule set's own label names it
        if value is True:  # a switch turned on reads as its name alone ("Black powder")
            parts.append(narrator.option_label(name))
        else:
            parts.append(_("{option}: {value}").format(option=narrator.option_label(name), value=option_words(narrator, name, value)))
    return pgettext("between options", ", ").join(parts) if parts else None


def _points(narrator: Narrator, points: list[int]) -> str:
    """Each player's points so far, in seat order: "points: Ana 12, Ben 9"."""
    scores = pgettext("between player names", ", ").join(
        _("{name} {points}").format(name=narrator.name(seat), points=value) for seat, value in enumerate(points)
    )
    return _("points: {scores}").format(scores=scores)


def _to_play(view: Any, narrator: Narrator) -> str:
    return _("{name} to play").format(name=narrator.name(view.current))


def _hanabi_standing(view: Any, narrator: Any) -> list[str]:
    from ...engine.hanabi.config import max_score

    return [_to_play(view, narrator), narrator.score_so_far(view.score, max_score(view.options))]


def _luz_standing(view: Any, narrator: Narrator) -> list[str]:
    said = [_to_play(view, narrator)]
    if view.results:  # totals of the finished rounds (all naught before the first round ends)
        said.append(_points(narrator, [status.total for status in view.status]))
    return said


# What tells one saved game in progress from another, beyond its title and turn: each game's public standing,
# from the public View (whose turn it is where the turn label does not say it, the points so far).
STANDINGS: dict[str, Callable[[Any, Any], list[str]]] = {
    "hanabi": _hanabi_standing,
    "luz": _luz_standing,
    "rummikub": lambda view, narrator: [_to_play(view, narrator)],
    "splendor_duel": lambda view, narrator: [_points(narrator, [seat.points for seat in view.seats])],
}


def standing(game_id: str, public_view: Any, narrator: Narrator) -> list[str]:
    """A game in progress's public standing in words (empty for a game whose turn label says enough, or
    whose public View cannot be built: the row is listed all the same, and opening it says what is wrong)."""
    said = STANDINGS.get(game_id)
    if said is None or public_view is None:
        return []
    try:
        return said(public_view, narrator)
    except Exception:  # noqa: BLE001 - the standing is extra: it must not hide the save
        return []


class ResumeScreen(Screen[None]):
    """Saved games to resume. Unreadable files are listed with the reason and left alone."""

    DEFAULT_CSS = """
    ResumeScreen { padding: 1 2; }
    ResumeScreen #resume-title { text-style: bold; }
    ResumeScreen #resume-where { color: $text-muted; margin-bottom: 1; }
    ResumeScreen OptionList { height: 1fr; }
    ResumeScreen #resume-status { height: auto; }
    ResumeScreen #resume-status.error { color: $error; }
    """
    BINDINGS = [
        Binding("enter", "resume", N_("Resume"), show=False),
        Binding("delete", "delete", N_("Delete save")),
        Binding("x", "delete", N_("Delete save"), show=False),
        Binding("escape", "back", N_("Back")),
        Binding("q", "back", N_("Back"), show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[SavedGame | BrokenSave] = []

    def compose(self) -> ComposeResult:
        yield Static(_("Resume a game"), id="resume-title")
        yield Static(_("Saves live in {path}").format(path=self.app.store.directory), id="resume-where", markup=False)  # type: ignore[attr-defined]
        yield ChoiceList(id="saves")
        yield Static("", id="resume-status")
        yield KeyBar()

    def on_mount(self) -> None:
        self.reload()

    def reload(self) -> None:
        self.entries = self.app.store.list()  # type: ignore[attr-defined]
        self._show_entries()

    def _show_entries(self, *, keep_place: bool = False) -> None:
        """Games being played (and unreadable files) first, then the finished ones under their heading,
        each part newest first as the store lists them."""
        options = self.query_one("#saves", OptionList)
        kept = self._selected() if keep_place else None
        options.clear_options()
        finished = [i for i, e in enumerate(self.entries) if isinstance(e, SavedGame) and e.save.finished]
        ongoing = [i for i in range(len(self.entries)) if i not in set(finished)]
        if finished and ongoing:
            options.add_option(Option(markup("[b]{heading}[/b]", heading=_("In progress")), disabled=True))
        for index in ongoing:
            options.add_option(self._row(index))
        if finished:
            options.add_option(Option(markup("[b]{heading}[/b]", heading=_("Finished (Enter replays)")), disabled=True))
        for index in finished:
            options.add_option(self._row(index))
        readable = [
            position
            for position in range(options.option_count)
            if not options.get_option_at_index(position).disabled
        ]
        if readable:
            nearest = readable[0]
            if kept is not None and kept in self.entries:
                wanted = self._position_of(self.entries.index(kept))
                nearest = min(readable, key=lambda position: abs(position - wanted))
            options.highlighted = nearest
        self._set_status(self.status_line())
        # Nothing to choose: the list takes no focus, so Enter and Delete reach the screen, which says why
        # they do nothing (a focused list would swallow Enter without a word).
        options.can_focus = bool(readable)
        if readable:
            options.focus()
        else:
            self.set_focus(None)
        self.refresh_bindings()

    def _row(self, index: int) -> Option:
        entry = self.entries[index]
        if isinstance(entry, SavedGame):
            try:
                return Option(self.describe(entry), id=str(index))
            except Exception as exc:  # noqa: BLE001 - one save that cannot be shown must not hide the others
                error = {"error": str(exc) or type(exc).__name__}
                entry = self.entries[index] = BrokenSave(entry.path, "cannot_be_shown", error)
        return Option(self.describe_broken(entry), id=str(index), disabled=True)

    def _position_of(self, index: int) -> int:
        return self.query_one("#saves", OptionList).get_option_index(str(index))

    def status_line(self) -> str:
        if not self.entries:
            return _("No saved games.")
        entry = self._selected()
        if isinstance(entry, SavedGame) and entry.save.finished:
            return _("Enter replays this finished game · Delete removes a save · unreadable files are never changed")
        return _("Enter resumes · Delete removes a save · unreadable files are never changed")

    def _set_status(self, text: str | Content, *, error: bool = False) -> None:
        status = self.query_one("#resume-status", Static)
        status.update(text)
        status.set_class(error, "error")

    # Every key answers (BoardGamesApp._on_key): a refused key says why on the status line.
    def show_refusal(self, reason: str) -> None:
        self._set_status(markup("[b]✗[/b] {reason}", reason=reason), error=True)

    def clear_refusal(self) -> None:
        if self.query_one("#resume-status", Static).has_class("error"):
            self._set_status(self.status_line())

    @staticmethod
    def describe(entry: SavedGame) -> OptionRows:
        """One resume-list row: the names and the deal number are shown exactly as they were typed.

        "last played" has a line of its own, so that the date and the time are never wrapped apart; every
        line under the title is indented alike, the ones a long deal name or position wraps included."""
        save = entry.save
        rules = GAMES[save.game_id].rules()
        narrator = narrator_for(save.game_id, save.players)
        variant = variant_words(rules, narrator, rules.Options.model_validate(save.options))
        title = narrator.title
        if variant is not None:
            title = _("{game} ({variant})").format(game=title, variant=variant)
        finished = " · [i]" + _("finished") + "[/i]" if save.finished else ""
        facts = entry.public_facts()  # of the rebuilt game, said in today's language
        position = narrator.say(facts.turn_label)
        outcome = facts.outcome if save.finished else None
        if outcome is not None:  # how it ended: who won, or the team's score
            position = narrator.say(outcome.headline)
        else:  # where it stands: public facts only, from the public View
            position = " · ".join([position, *standing(save.game_id, facts.public_view, narrator)])
        # A deal number drawn at random names every hidden card: it is shown once the game is over. One the
        # players typed is theirs to know.
        if save.finished or save.deal_chosen:
            where = markup(_("{position} · deal {deal}"), position=position, deal=save.seed)
        else:
            where = markup("{position}", position=position)
        return OptionRows(
            (markup("[b]{title}[/b] · {players}" + finished, title=title, players=player_list(save.players, save.computers)), 0),
            (where, 2),
            (markup(_("last played {when}"), when=_when(save.updated_at)), 2),
        )

    @staticmethod
    def describe_broken(entry: BrokenSave) -> OptionRows:
        return OptionRows(
            (markup(_("[b]✗ Unreadable[/b] {file}"), file=file_name(entry.path)), 0),
            (markup("{reason}", reason=describe_problem(entry)), 2),
        )

    def _selected(self) -> SavedGame | BrokenSave | None:
        options = self.query_one("#saves", OptionList)
        if options.highlighted is None or not self.entries or options.option_count == 0:
            return None
        option_id = options.get_option_at_index(options.highlighted).id
        return self.entries[int(option_id)] if option_id is not None else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("resume", "delete"):
            return isinstance(self._selected(), SavedGame)
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        if action in ("resume", "delete"):
            if not self.entries:
                return _("There are no saved games yet: start one with n on the main menu.")
            if not any(isinstance(entry, SavedGame) for entry in self.entries):
                return _("None of these files can be read, so there is nothing to resume; the program never changes them.")
            if isinstance(self._selected(), BrokenSave):
                return _("This file cannot be read, so it cannot be resumed; the program never changes or deletes it.")
            return _("Choose a saved game first (↑/↓).")
        return None

    @on(OptionList.OptionHighlighted, "#saves")
    def _highlighted(self) -> None:
        if not self.query_one("#resume-status", Static).has_class("error"):
            self._set_status(self.status_line())
        self.refresh_bindings()

    @on(OptionList.OptionSelected, "#saves")
    def _chosen(self) -> None:
        self.action_resume()

    def action_resume(self) -> None:
        entry = self._selected()
        if not isinstance(entry, SavedGame):
            return
        if entry.save.finished:
            self.open_replay(entry)
            return
        from ..session import HotseatSession

        # The list may show a game from the state its file keeps; the game opened is replayed move by move.
        opened = self.app.store.load(entry.path)  # type: ignore[attr-defined]
        if isinstance(opened, BrokenSave):
            self.entries[self.entries.index(entry)] = opened
            self._show_entries(keep_place=True)
            self.show_refusal(_("{file} {reason}").format(file=file_name(opened.path), reason=describe_problem(opened)))
            self.app.bell()
            return
        entry = opened
        try:  # everything the first screen will ask of the game, before leaving this list
            session = HotseatSession.resume(entry, self.app.store)  # type: ignore[attr-defined]
            step = session.next_step()
            session.view(step.seat if step.kind == "turn" else None)
            session.title, session.position()  # noqa: B018 - asked only to fail here rather than later
        except Exception as exc:  # noqa: BLE001 - a save that cannot be played must not close the program
            self._cannot_open(entry, exc)
            return
        self.app.run_worker(self.app.start_session(session))  # type: ignore[attr-defined]

    def _cannot_open(self, entry: SavedGame, exc: Exception) -> None:
        """List a save that failed to open as unreadable, with the reason on the status line."""
        error = {"error": str(exc) or type(exc).__name__}
        self.entries[self.entries.index(entry)] = broken = BrokenSave(entry.path, "cannot_be_resumed", error)
        self._show_entries(keep_place=True)
        self.show_refusal(_("{file} {reason}").format(file=file_name(broken.path), reason=describe_problem(broken)))
        self.app.bell()

    def open_replay(self, entry: SavedGame) -> None:
        from ...narration.replay import Replay
        from .replay import ReplayScreen

        try:
            screen = ReplayScreen(Replay(entry))
        except Exception as exc:  # noqa: BLE001 - a save that cannot be replayed must not close the program
            self._cannot_open(entry, exc)
            return
        self.app.push_screen(screen)

    def action_delete(self) -> None:
        entry = self._selected()
        if not isinstance(entry, SavedGame):
            return
        from .confirm import ConfirmScreen

        def delete(confirmed: bool | None) -> None:
            if confirmed:
                self.app.store.delete(entry)  # type: ignore[attr-defined]
                self.reload()

        question = markup(
            "{question}\n\n[b]{game}[/b] · {players}",
            question=_("Delete this saved game for good?"),
            game=narrator_for(entry.save.game_id, entry.save.players).title,
            players=player_list(entry.save.players, entry.save.computers),
        )
        self.app.push_screen(ConfirmScreen(question), delete)

    def action_back(self) -> None:
        self.app.pop_screen()
