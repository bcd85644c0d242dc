"""A seat's app at a hosted table: `python -m boardgames_tui.hosting.seat --table SOCKET --seat N`.

It is the hotseat app with one seat: its screens are the same turn screens, drawn from the seat's View, but
the game is the host's. A `RemoteSession` stands where the app keeps its HotseatSession and answers the same
questions from the host's last snapshot (link.py); the seat's chosen actions go to the host, which applies
them and sends every seat its new snapshot. Nobody passes a device, so no handoff screen ever comes: while
others play, the seat's own screen stays up with who is playing and the news.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from ..engine.base import IllegalAction, Outcome
from ..engine.registry import get_game
from ..i18n import N_, _, language_from_environment, next_language, set_language
from ..narration import Narrator, narrator_for
from ..tui.app import BoardGamesApp
from ..tui.computers import TURN_BACK_GRACE_SECONDS
from ..tui.screens.results import ResultsScreen
from ..tui.screens.turn import TurnScreen
from ..tui.screens.watch import WatchScreen
from ..tui.session import NextStep, table_title
from ..tui.text import plain
from . import link
from .link import SeatSnapshot

TOKEN_VARIABLE = "BOARDGAMES_TUI_SEAT_TOKEN"  # the seat's token comes in the environment, not on the command line
HOST_TOKEN_VARIABLE = "BOARDGAMES_TUI_HOST_TOKEN"  # only in the host's own seat: the host's controls


class RemoteSession:
    """The seat's side of a hosted game: what the app and its screens ask a session, answered from the host's
    last snapshot of this seat. It holds no State and can apply nothing itself."""

    def __init__(self, snapshot: SeatSnapshot) -> None:
        self.spec = get_game(snapshot.game_id)
        self.rules = self.spec.rules()
        self._view_type = link.view_type(snapshot.game_id)
        self._narrator: Narrator | None = None
        self.showing_seat: int | None = snapshot.seat
        self.save_problem: str | None = None
        self.send: Callable[[dict[str, Any]], None] | None = None  # to the host (the seat's app sets it)
        self.update(snapshot)

    def update(self, snapshot: SeatSnapshot) -> None:
        self.snapshot = snapshot
        self.seat = snapshot.seat
        self._view = self._view_type.model_validate(snapshot.view)
        self._public_view = self._view_type.model_validate(snapshot.public_view)
        self._seen_view = self._view_type.model_validate(snapshot.seen_view) if snapshot.seen_view is not None else None

    # What the screens ask ------------------------------------------------------------------------

    @property
    def narrator(self) -> Narrator:
        if self._narrator is None:
            self._narrator = narrator_for(self.spec.id, self.players)
        return self._narrator

    @property
    def players(self) -> tuple[str, ...]:
        return self.snapshot.players

    @property
    def options(self) -> Any:
        return self.rules.Options.model_validate(self.snapshot.options)

    @property
    def title(self) -> str:
        return table_title(self.rules, self.options, self.narrator)

    @property
    def deal_number(self) -> str:
        return self.snapshot.deal_number

    @property
    def match(self) -> tuple[tuple[int, ...], ...]:
        return self.snapshot.match

    def match_with_this_game(self) -> tuple[tuple[int, ...], ...]:
        outcome = self.outcome()
        return self.match + ((outcome.scores,) if outcome is not None else ())

    def computer_level(self, seat: int) -> str | None:
        return self.snapshot.levels[seat]

    @property
    def human_seats(self) -> tuple[int, ...]:
        return (self.seat,)  # the only person at this screen

    @property
    def has_computers(self) -> bool:
        return False  # the host plays them

    def watcher(self) -> int | None:
        return self.seat  # this seat's screen stays up whoever plays

    @property
    def actions_recorded(self) -> int:
        return self.snapshot.actions

    @property
    def last_seat(self) -> int | None:
        return self.snapshot.last_seat

    def view(self, seat: int | None) -> Any:
        if seat == self.seat:
            return self._view
        if seat is None:
            return self._public_view
        raise ValueError("a seat at a hosted table has only its own View and the public one")

    def outcome(self) -> Outcome | None:
        return self.snapshot.outcome

    def revealed(self) -> Any:
        if self.snapshot.revealed is None:
            return None
        return link.revealed_type(self.spec.id).model_validate(self.snapshot.revealed)

    def public_summary(self) -> str:
        summary = self.snapshot.summary
        return self.narrator.event(summary) if summary is not None else ""

    def log_lines(self, seat: int | None) -> tuple[str, ...]:
        if seat == self.seat:
            return self.narrator.events(self._view.log)
        return self.narrator.events(self.snapshot.public_log)

    def public_feed(self, seat: int) -> tuple[str, ...]:  # pragma: no cover - no handoff at a hosted table
        return self.news_for(seat)

    def news_for(self, seat: int) -> tuple[str, ...]:
        said = tuple(self.narrator.event(entry) for entry in self.snapshot.news)
        return said + self.narrator.table_news(self._public_view)

    def seen_view(self, seat: int) -> Any:
        return self._seen_view

    def has_acted(self, seat: int) -> bool:
        return self.snapshot.has_acted

    def handed_to(self, seat: int) -> None:
        self.showing_seat = seat

    def now_showing(self, seat: int | None) -> None:
        self.showing_seat = seat

    def position(self) -> str:
        return self.narrator.say(self.snapshot.position)

    def acting_seat(self) -> int | None:
        return self.snapshot.acting

    def next_step(self) -> NextStep:
        """This seat's turn, someone else's move (shown on this seat's screen), or the results."""
        if self.snapshot.outcome is not None:
            return NextStep("results")
        acting = self.snapshot.acting
        if acting == self.seat:
            return NextStep("turn", acting)
        return NextStep("computer", acting)

    def notes_for(self, seat: int) -> dict[tuple[int, int], str]:
        return {(hand, slot): text for hand, slot, text in self.snapshot.notes}

    def write_note(self, seat: int, hand_seat: int, slot: int, text: str) -> None:
        """The note goes to the host, which keeps it with the game and sends it back in the next snapshot."""
        if self.send is not None:
            self.send({"note": {"hand": hand_seat, "slot": slot, "text": text}})

    # Saving is the host's ---------------------------------------------------------------------------

    def unsaved_work(self) -> None:
        return None

    def save_warning(self) -> str | None:
        return None

    def finish_writing(self) -> None:
        pass


class JoiningScreen(Screen[None]):
    """Shown until the host's first snapshot comes (and if the table closes)."""

    DEFAULT_CSS = "JoiningScreen { align: center middle; } JoiningScreen Static { width: auto; }"
    BINDINGS = [Binding("q", "app.quit", N_("Quit"))]

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        yield Static(plain(self.message), id="joining")

    def say(self, message: str) -> None:
        self.message = message
        for line in self.query("#joining").results(Static):
            line.update(plain(message))


class SeatResultsScreen(ResultsScreen):
    """The results at a hosted table: another game is the host's to start; leaving closes this seat."""

    def action_again(self) -> None:
        self.app.bell()
        self.notify(_("Only the host can start another game."), markup=False)

    def action_menu(self) -> None:
        self.app.exit()


class TableScreen(Screen[None]):
    """The host's controls (Ctrl+T in the host's own seat): who is at the table; a guest's seat can be given to
    a computer (one who left at once; one still connected, gone quiet say, on a second press: they are told and
    let go), and the game can be ended for everyone."""

    DEFAULT_CSS = """
    TableScreen { align: center middle; }
    TableScreen #table-box { width: 76; max-width: 100%; height: auto; border: round $primary; padding: 1 2; }
    """
    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("e", "end", N_("End the game")),
        *(Binding(str(n), f"give({n - 1})", N_("To a computer"), show=n == 1, key_display="1-6") for n in range(1, 7)),
    ]

    def __init__(self, session: RemoteSession) -> None:
        super().__init__()
        self.session = session
        self._ending = False
        self._giving: int | None = None  # a connected guest's seat, given on the second press of its number

    def compose(self) -> ComposeResult:
        yield Static(self._text(), id="table-box")

    def _text(self) -> str:
        snapshot = self.session.snapshot
        lines = [_("The table")]
        for seat, name in enumerate(snapshot.players):
            level = snapshot.levels[seat]
            if level is not None:
                state = _("computer ({level})").format(level=level)
            elif seat == snapshot.seat:
                state = _("you")
            elif snapshot.present[seat]:
                state = _("at the table: {n} twice gives the seat to a computer").format(n=seat + 1)
            else:
                state = _("not at the table: {n} gives the seat to a computer").format(n=seat + 1)
            lines.append(f"  {seat + 1}  {name}: {state}")
        lines.append("")
        lines.append(_("e ends the game for everyone (it stays saved) · Esc back"))
        if self._ending:
            lines.append(_("Press e again to end the game for everyone."))
        if self._giving is not None:
            name = snapshot.players[self._giving]
            lines.append(_("Press {n} again to give {name}'s seat to a computer: {name} is told and leaves the table.").format(n=self._giving + 1, name=name))
        return "\n".join(lines)

    def redraw(self) -> None:
        self.query_one("#table-box", Static).update(plain(self._text()))

    def action_give(self, seat: int) -> None:
        app = self.app
        snapshot = self.session.snapshot
        if seat >= len(snapshot.players) or snapshot.levels[seat] is not None or seat == snapshot.seat:
            app.bell()
            self.notify(_("Only a guest's seat can be given to a computer."), markup=False)
            return
        if snapshot.present[seat] and self._giving != seat:
            self._giving = seat  # a person is still there: asked once more, so a slip of the finger sends nobody away
            self.redraw()
            return
        level = self.session.spec.table_levels[0]
        app.send_host_command({"computer": seat, "level": level})  # type: ignore[attr-defined]
        app.pop_screen()

    def action_end(self) -> None:
        if not self._ending:
            self._ending = True
            self.redraw()
            return
        self.app.send_host_command({"end": True})  # type: ignore[attr-defined]


class SeatApp(BoardGamesApp):
    """One seat of a hosted table (see the module's docstring)."""

    BINDINGS = [
        *BoardGamesApp.BINDINGS,
        Binding("ctrl+t", "table", N_("Table"), show=False),
        Binding("f2", "language", N_("Language"), key_display="F2"),  # the key bar names the other language (key_label)
    ]
    # Notices (the arrival's "F2 switches…") at the top right: at the bottom they would cover the prompt and the
    # choices a person reads to play.
    CSS = "ToastRack { dock: top; align: right top; margin-bottom: 0; margin-top: 1; }"
    # Textual's palette could save screenshots on the host's disk, and its traceback shows the host's files.
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, table: Path, seat: int, token: str, host_token: str | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("computers_in_subprocess", False)  # it never runs one: the host plays computers
        super().__init__(**kwargs)
        self.table_path = table
        self.seat = seat
        self._token = token
        self._host_token = host_token  # set in the host's own seat only
        self._behind_page = False  # a page is open over the game and the game behind it moved on
        self._writer: asyncio.StreamWriter | None = None
        self.closed_reason: str | None = None
        self._actions_shown = 0  # the host's count of actions when this seat's screens were last brought up to date

    def get_default_screen(self) -> Screen:
        return JoiningScreen(_("Joining the table…"))

    def on_unmount(self) -> None:
        super().on_unmount()
        if self._writer is not None:  # the host sees the seat leave at once
            self._writer.close()

    def on_mount(self) -> None:
        super().on_mount()
        self.run_worker(self._follow_table(), group="table", exit_on_error=False)

    async def _follow_table(self) -> None:
        try:
            reader, writer = await asyncio.open_unix_connection(str(self.table_path), limit=link.MAX_MESSAGE_BYTES)
        except OSError:
            self._table_closed(_("The table is not open (the host may have ended it)."))
            return
        self._writer = writer
        hello: dict[str, Any] = {"seat": self.seat, "token": self._token}
        if self._host_token is not None:
            hello["host"] = self._host_token
        await link.send(writer, {"hello": hello})
        while (message := await link.receive(reader)) is not None:
            if "snapshot" in message:
                await self._show_snapshot(SeatSnapshot.model_validate(message["snapshot"]))
            elif "refused" in message:
                self._show_refusal(message["refused"])
            elif "closed" in message:
                if message["closed"] == "replaced":
                    self._writer = None
                    self._table_closed(_("Your seat was taken up by a newer connection with its code."))
                    return
                if message["closed"] == "given":
                    self._writer = None
                    self._table_closed(_("The host gave your seat to a computer."))
                    return
                break
        self._writer = None
        if self._host_token is not None:
            self.exit()  # the host's own seat: the host closed it
            return
        self._table_closed(_("The host has closed the table."))

    async def _show_snapshot(self, snapshot: SeatSnapshot) -> None:
        session = self.session
        if not isinstance(session, RemoteSession):
            session = RemoteSession(snapshot)
            session.send = self.send_to_host
            self._actions_shown = snapshot.actions
            await self.start_session(session)  # type: ignore[arg-type]
            self.notify(_("F2 switches this seat to {language}.").format(language=next_language()[1]), timeout=10, markup=False)
            return
        if snapshot == session.snapshot:
            return  # the same as last time (the host tells every seat after any change): nothing to redraw
        warned = session.snapshot.save_warning
        session.update(snapshot)
        await self._show_table()
        if snapshot.save_warning is not None and snapshot.save_warning != warned:
            self.notify(snapshot.save_warning, title=_("Saving failed"), severity="error", timeout=30, markup=False)

    def _page_open(self) -> bool:
        """A page the person opened over the game (the log, help, rules, a round's summary, a question)."""
        return not isinstance(self.screen, (TurnScreen, WatchScreen, ResultsScreen, JoiningScreen))

    async def _show_table(self) -> None:
        """Bring the seat's screens up to the host's newest snapshot. The others do not wait for this seat's
        pages as a computer waits at one laptop: a page stays open, the game behind it is brought up to date
        once it closes."""
        session = self.session
        if session is None:
            return
        if self._page_open():
            if isinstance(self.screen, TableScreen):
                self.screen.redraw()  # who is at the table now
            if not self._behind_page:
                self._behind_page = True
                self.run_worker(self._show_table_after_page(), group="table-behind-page", exit_on_error=False)
            return
        try:
            step = session.next_step()
            self.show_next(step)
            self._hold_enter_if_the_turn_came(session, step)
            await self._until_composed()
        except Exception:  # noqa: BLE001 - a seat that stops following its table is worse than a redraw
            await self.start_session(session)  # type: ignore[arg-type]

    def _hold_enter_if_the_turn_came(self, session: RemoteSession, step: NextStep) -> None:
        """A guest's turn begins when another seat's move arrives, as a turn comes back after a computer's move at
        one laptop: an Enter or Space typed in that moment (while waiting, or meant for the screen before) is held
        back (`BoardGamesApp._turn_just_came_back`) rather than choose on the prompt just shown."""
        moved, self._actions_shown = session.actions_recorded != self._actions_shown, session.actions_recorded
        if not moved:
            return  # the same moment redrawn (someone arrived or left): nothing new to read
        came = step.kind == "turn" and step.seat == self.seat and session.last_seat not in (None, self.seat)
        self._turn_back_at = self._clock() if came else None

    async def _show_table_after_page(self) -> None:
        while self._page_open() and self.session is not None:
            await asyncio.sleep(0.05)
        self._behind_page = False
        await self._show_table()

    async def _until_composed(self, timeout: float = 5.0) -> None:
        """Wait until the screen on top is composed: a screen switched in is not yet, and the next snapshot
        (read in the same go) would be drawn into widgets it does not have yet."""
        deadline = asyncio.get_running_loop().time() + timeout
        while not self.screen.is_mounted and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.001)

    def _show_refusal(self, refused: dict[str, Any]) -> None:
        session = self.session
        screen = self.screen
        self.bell()
        if session is not None and isinstance(screen, TurnScreen):
            params = refused.get("params") or {}
            screen.show_error(session.narrator.refusal(IllegalAction(str(refused.get("code")), **params)))

    def _table_closed(self, message: str) -> None:
        self.closed_reason = message
        self.session = None
        while len(self.screen_stack) > 1:
            self.pop_screen()
        screen = self.screen
        if isinstance(screen, JoiningScreen):
            screen.say(message + " " + _("Press q to close."))
        else:  # pragma: no cover - the stack always keeps its first screen
            self.exit(message=message)

    def key_label(self, binding: Binding) -> str | None:
        """The key bar's word for F2: the other language, in its own words ("简体中文" in English), so a
        person who cannot read the language on the screen can still find it."""
        return next_language()[1] if binding.action == "language" else None

    async def action_language(self) -> None:
        """F2: this seat's screens in the next language (the host and the other guests keep their own)."""
        set_language(next_language()[0])
        session = self.session
        if isinstance(session, RemoteSession):
            await self.start_session(session)  # every screen drawn again, in the new words
        elif isinstance(self.screen, JoiningScreen) and self.closed_reason is None:
            self.screen.say(_("Joining the table…"))

    def action_table(self) -> None:
        """The host's controls (the host's own seat only)."""
        if self._host_token is None or not isinstance(self.session, RemoteSession):
            self.bell()
            return
        if not isinstance(self.screen, TableScreen):
            self.push_screen(TableScreen(self.session))

    def send_host_command(self, command: dict[str, Any]) -> None:
        if self._host_token is not None:
            self.send_to_host({"host": {**command, "token": self._host_token}})

    def send_to_host(self, message: dict[str, Any]) -> None:
        writer = self._writer
        if writer is not None:
            self.run_worker(link.send(writer, message), group="send", exit_on_error=False)

    # The host plays the computers, and applies every action ----------------------------------------

    def _let_computer_play(self, step: NextStep) -> None:
        session = self.session
        if session is None or step.kind != "computer" or step.seat is None:
            self._say_thinking("")
            return
        name = session.players[step.seat]
        if session.computer_level(step.seat) is not None:
            self._say_thinking(_("{name} (computer) is thinking…").format(name=name))
        elif isinstance(session, RemoteSession) and not session.snapshot.present[step.seat]:
            waiting = _("{name} is not at the table; the game waits for them.").format(name=name)
            if self._host_token is not None:  # the host may give the seat to a computer
                waiting += " " + _("Ctrl+T: the table.")
            self._say_thinking(waiting)
        else:
            self._say_thinking(_("{name} is thinking…").format(name=name))

    def play(self, seat: int, action: Any) -> None:
        if seat != self.seat or self.session is None:
            return
        self.send_to_host({"act": self.session.rules.dump_action(action)})  # type: ignore[attr-defined]

    def _screen_for(self, step: NextStep) -> Screen:
        if step.kind == "results":
            self._clear_toasts()
            return SeatResultsScreen(self.session)  # type: ignore[arg-type]
        return super()._screen_for(step)

    def ask_to_leave(self, *, quitting: bool = False, question: str | None = None) -> None:
        from ..tui.screens.confirm import ConfirmScreen

        def answered(choice: object) -> None:
            if choice:
                self.exit()

        self.push_screen(ConfirmScreen(_("Leave the table? You can come back with the same code.")), answered)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="boardgames-seat", description=_("One seat of a hosted table."))
    parser.add_argument("--table", required=True, type=Path)
    parser.add_argument("--seat", required=True, type=int)
    parser.add_argument("--lang", default=None)
    parser.add_argument("--turn-back-grace", type=float, default=TURN_BACK_GRACE_SECONDS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    # The kernel's hang-up when the guest's terminal goes is what ends a seat whose server is gone. A server started
    # with hang-ups ignored (under nohup) would pass that on, and the app would read its dead terminal forever.
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    token = os.environ.pop(TOKEN_VARIABLE, "")
    host_token = os.environ.pop(HOST_TOKEN_VARIABLE, None)
    # A guest's language is their own: their ssh client's locale, unless the host named one.
    set_language(args.lang or language_from_environment())
    app = SeatApp(args.table, args.seat, token, host_token, turn_back_grace=args.turn_back_grace)
    app.run()
    if app.closed_reason:
        print(app.closed_reason, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
