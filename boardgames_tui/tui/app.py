"""The Textual application: screens come and go, the session owns the game."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import RenderableType
from textual import on
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.events import Key, Resize
from textual.screen import Screen

from ..i18n import N_, _, current_language, set_game
from .screens.menu import MainMenuScreen
from .screens.pass_device import HANDOFF_DELAY_SECONDS, PassDeviceScreen
from .screens.results import ResultsScreen
from .screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from .computers import (
    COMPUTER_PAUSE_SECONDS,
    CONTINUING_STEP_SHARE,
    PACE_SHARE,
    STEP_KEYS,
    TURN_BACK_GRACE_SECONDS,
    ComputerPlayers,
)
from .screens.turn import TurnScreen
from .screens.watch import WatchScreen
from .symbols import safe_driver_class, uses_safe_set
from .textual_internals import RepaintWhenToastGoes, action_target, binding_chain, dispatch_key, has_notifications
from .text import plain
from .widgets.keybar import KeyBar, binding_label

if TYPE_CHECKING:
    from textual.driver import Driver

    from ..engine.saves import SaveStore
    from .session import HotseatSession, NextStep, UnsavedWork

# The engine (and pydantic) is imported on first use, not at start-up: the menu needs neither.


# The exit status when the program closes with moves that are not on disk (1 is an unexpected error).
EXIT_MOVES_LOST = 3


# The titles and descriptions of Textual's command palette entries, for the catalogue.
TEXTUAL_COMMAND_WORDS = (
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit"),
    N_("Quit the application as soon as possible"),
    N_("Keys"),
    N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"),
    N_("Minimize the widget and restore to normal size"),
    N_("Maximize"),
    N_("Maximize the focused widget"),
    N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
)


class BoardGamesApp(RepaintWhenToastGoes, App[None]):
    TITLE = "boardgames_tui"
    CSS_PATH = Path(__file__).with_name("app.tcss")  # absolute, so subclasses elsewhere still find it
    BINDINGS = [Binding("ctrl+c", "quit", N_("Quit"), show=False)]

    def __init__(
        self,
        save_dir: Path | None = None,
        *,
        handoff_delay: float = HANDOFF_DELAY_SECONDS,
        computer_pause: float = COMPUTER_PAUSE_SECONDS,
        computers_in_subprocess: bool = True,
        turn_back_grace: float = TURN_BACK_GRACE_SECONDS,
    ) -> None:
        from .settings import load_settings

        # Which symbols reach the terminal (settings.SYMBOL_SETS, see symbols.py); read before the driver is made.
        self.symbol_set = load_settings().symbols
        super().__init__()
        self.handoff_delay = handoff_delay  # tests shorten it; players get the full pause
        self.computer_pause = computer_pause  # likewise: the least time a computer's move takes at normal pace
        # How fast computers move (settings.PACES): the pause scales, and "step" waits for a key each move.
        self.computer_pace = load_settings().computer_pace
        self._step_gate: asyncio.Event | None = None  # set while a computer's move waits for the step key
        self.turn_back_grace = turn_back_grace  # tests shorten it too
        self._turn_back_at: float | None = None  # when a computer's move last handed the turn to a person
        self.computers = ComputerPlayers(in_subprocess=computers_in_subprocess)
        self.computer_thinking: int | None = None  # the seat of the computer deciding now
        self._save_dir = save_dir
        self._store: SaveStore | None = None
        self._session: HotseatSession | None = None
        self._handoff: PassDeviceScreen | None = None
        self._retired: list[Screen] = []  # turn screens left behind, torn down at the next switch
        self._lost: list[UnsavedWork] = []  # games left with moves not on disk, for the exit status

    def get_driver_class(self) -> type[Driver]:
        """The platform's driver, writing through the safe symbol map when it is on (symbols.py)."""
        return safe_driver_class(super().get_driver_class(), self)

    @property
    def safe_symbols(self) -> bool:
        """Whether ambiguous-width symbols are replaced on their way to the terminal, now."""
        return uses_safe_set(self.symbol_set, current_language())

    def redraw_everything(self) -> None:
        """Draw every widget of the screen again (after the symbol set changed: what is on the terminal was
        written with the other one)."""
        self.screen.refresh()
        for widget in self.screen.walk_children():
            widget.refresh()

    @property
    def session(self) -> HotseatSession | None:
        return self._session

    @session.setter
    def session(self, session: HotseatSession | None) -> None:
        # The open game's catalogue speaks first, so its words win over the app's (see i18n).
        set_game(session.spec.id if session is not None else None)
        self._session = session

    @property
    def store(self) -> SaveStore:
        if self._store is None:
            from ..engine.saves import SaveStore

            self._store = SaveStore(self._save_dir)
        return self._store

    def on_unmount(self) -> None:
        self.computers.shutdown()
        # Saves are written behind the screen; none may be left queued when the app closes. The open game's
        # own folder first (it may be another than the saves folder): a failure there is its session's.
        if self.session is not None:
            self.session.finish_writing()
        if self._store is not None:
            try:
                self._store.flush()
            except OSError:
                pass  # writes of a game already left: its session said so when it was left

    def exit_report(self) -> tuple[int, str | None]:
        """The exit status and what to print on standard error once the app has closed.

        Moves that are not on disk — a game left with "leave anyway", or the app closed some other way with
        the open game behind on disk — make the status EXIT_MOVES_LOST and are named with where the last
        good save is (or that there is none). An unexpected error keeps Textual's status and says where the
        open game was last saved.
        """
        lost = list(self._lost)
        session = self.session
        open_game = session.unsaved_work() if session is not None else None
        if open_game is not None:
            lost.append(open_game)
        from .screens.leave import lost_work_report

        lines = [lost_work_report(work) for work in lost]
        if self.return_code and session is not None and open_game is None:
            lines.append(_("The game was last saved in {path}").format(path=session.save_path))
        status = self.return_code or (EXIT_MOVES_LOST if lost else 0)
        return status, "\n".join(lines) or None

    def _let_go_of_session(self) -> None:
        """The open game is closed (left, or replaced by another): what it had not saved is lost, and
        counted for the exit status."""
        session = self.session
        if session is not None:
            session.finish_writing()
            work = session.unsaved_work()
            if work is not None:
                self._lost.append(work)
        self.session = None

    def get_default_screen(self) -> Screen:
        return MainMenuScreen()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        # A screenshot of a private screen would be a copy of a hand on disk.
        for command in super().get_system_commands(screen):
            if getattr(screen, "PRIVATE", False) and command.title == "Screenshot":
                continue
            # Textual's own commands, in the player's language (TEXTUAL_COMMAND_WORDS marks them).
            yield command._replace(title=_(command.title), help=_(command.help) if command.help else command.help)

    # Keys that answer ----------------------------------------------------------------------------

    async def _on_key(self, event: Key) -> None:
        """Every key answers: a bound key either acts or says in one line why not.

        Textual runs the first binding of a key whose `check_action` allows it and drops the key
        silently otherwise. Here a refused key asks the screen (or the focused widget's chain) for the
        reason through `refusal(action, parameters)`, and the screen shows it with `show_refusal`. An
        old refusal is cleared by the next key, so the line always speaks of the last press.
        """
        event.prevent_default()  # replaces App._on_key, which would check the bindings a second time
        screen = self.screen
        clear = getattr(screen, "clear_refusal", None)
        if clear is not None:
            clear()
        if self._step_gate is not None and event.key in STEP_KEYS and isinstance(screen, (TurnScreen, WatchScreen)):
            self._step_gate.set()  # step by step: this key lets the computer's chosen move be played
            return
        if self._turn_just_came_back(screen, event.key):
            self.bell()
            again = (
                _("Your turn has just begun: see what happened, then press Enter again.")
                if event.key == "enter"
                else _("Your turn has just begun: see what happened, then press Space again.")
            )
            screen.show_refusal(again)  # type: ignore[attr-defined]
            return
        if self._waiting_for_computer(screen, event.key):
            self.bell()
            assert self.session is not None and self.computer_thinking is not None
            name = self.session.players[self.computer_thinking]
            screen.show_refusal(_("Wait: {name} (computer) is playing.").format(name=name))  # type: ignore[attr-defined]
            return
        if await self._check_bindings(event.key):
            return
        reason = self.refusal_for_key(event.key)
        if reason is None and hasattr(screen, "show_refusal") and event.is_printable and not (event.character or " ").isspace():
            # A letter that means nothing on this screen still answers, on the screens that have a refusal line.
            reason = _("{key} does nothing here; ? lists the keys.").format(key=event.character)
        if reason is None:
            await dispatch_key(self, event)
            return
        self.bell()
        show = getattr(screen, "show_refusal", None)
        if show is not None:
            show(reason)
        else:
            self.notify(reason, severity="warning", markup=False)

    def _turn_just_came_back(self, screen: Screen, key: str) -> bool:
        """Whether `key` (Enter or Space) comes too soon after a computer's move handed the turn to a person."""
        if self._turn_back_at is None or key not in STEP_KEYS or not isinstance(screen, TurnScreen):
            return False
        return self._clock() - self._turn_back_at < self.turn_back_grace

    def _waiting_for_computer(self, screen: Screen, key: str) -> bool:
        """Whether `key` is one of a person's game keys pressed while a computer plays (the shared keys —
        help, rules, log, menu — still work)."""
        if self.computer_thinking is None or not isinstance(screen, TurnScreen):
            return False
        shared = screen.KEYBAR_LAST
        bound = [
            binding
            for namespace, bindings in binding_chain(screen)
            if namespace is not self  # the app's own keys (Ctrl+C) always work
            for binding in bindings.get(key, ())
        ]
        return bool(bound) and not any(binding.action in shared for binding in bound)

    def refusal_for_key(self, key: str) -> str | None:
        """Why `key`, bound on the current screen but refused by every binding it has, does nothing now
        (None if it is not bound here). Bindings that give no reason are passed over; when none gives
        one, a plain sentence names the key."""
        refused: list[str] = []
        for namespace, bindings in binding_chain(self.screen):
            for binding in bindings.get(key, ()):
                if binding.priority:
                    continue
                target, name, parameters = action_target(self, binding.action, namespace)
                ask = getattr(target, "refusal", None)
                reason = ask(name, parameters) if ask is not None else None
                if reason:
                    return str(reason)
                refused.append(binding_label(binding) or name)
        if not refused:
            return None
        display = self.get_key_display(Binding(key, ""))
        return _("{key} ({what}) is not available right now.").format(key=display, what=refused[0])

    # Terminal size -------------------------------------------------------------------------------

    def on_resize(self, event: Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def on_mount(self) -> None:
        self._check_size(self.size.width, self.size.height)

    def _check_size(self, width: int, height: int) -> None:
        too_small = width < MIN_WIDTH or height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if too_small and not showing:
            self.push_screen(TooSmallScreen())
        elif not too_small and showing:
            self.pop_screen()

    # Game flow -----------------------------------------------------------------------------------

    async def start_session(self, session: HotseatSession) -> None:
        """Leave whatever menus are open and show the session's first screen."""
        while len(self.screen_stack) > 1:
            await self.pop_screen()
        self._drop_retired()
        self._stop_computer()
        if self.session is not session:
            self._let_go_of_session()
        self.session = session
        session.now_showing(None)
        from .screens.rules import prepare_rulebook

        prepare_rulebook(self, session.spec.id)  # `r` then opens at once
        if session.has_computers:
            self.computers.warm_up()
        step = session.next_step()
        await self.push_screen(self._screen_for(step))
        self._let_computer_play(step)

    def _clear_toasts(self) -> None:
        if has_notifications(self):  # clearing an empty rack still costs a refresh
            self.clear_notifications()

    async def leave_game(self) -> None:
        """Back to the main menu (the game is saved, or the players chose to lose what is not)."""
        self._clear_toasts()
        self._stop_computer()
        self._let_go_of_session()
        while len(self.screen_stack) > 1:
            await self.pop_screen()
        self._drop_retired()

    def show_next(self, step: NextStep) -> None:
        """Replace the game screen in front of the table with `step`, what the session says comes next.

        The same player going on (a multi-step turn) keeps their screen, fed the new View, when the
        screen can redraw itself; everything else is a fresh screen.
        """
        session = self.session
        assert session is not None
        # The turn screen goes on under a page opened over it (the log, the rules): an action its own clock
        # sent just before the page opened must not close the page.
        screen = next((s for s in reversed(self.screen_stack) if isinstance(s, TurnScreen)), self.screen)
        # A computer's move is shown on the screen in front of the table: the person who holds the device.
        seat = session.watcher() if step.kind == "computer" else step.seat
        if (
            step.kind in ("turn", "computer")
            and isinstance(screen, TurnScreen)
            and seat is not None
            and screen.seat == seat
            and self._same_screen_goes_on(screen, seat)
        ):
            self._let_computer_play(step)
            return
        if step.kind == "computer" and isinstance(self.screen, WatchScreen) and seat is None:
            self.screen.refresh_table()
        else:
            self._switch_to(self._screen_for(step))
        self._let_computer_play(step)

    def _same_screen_goes_on(self, screen: TurnScreen, seat: int) -> bool:
        """Feed the screen in front of the table its seat's news and newer View; False when it can only be
        built afresh."""
        session = self.session
        assert session is not None
        screen.set_news(session.news_for(seat), session.seen_view(seat))
        return screen.show_view(session.view(seat))

    def _switch_to(self, screen: Screen) -> None:
        """Switch to `screen`. A turn screen being left is taken off the display at once but torn down
        only at the next switch: tearing it down now would lay out the incoming screen a second time, and
        the handoff should appear in one go."""
        leftovers, self._retired = self._retired, []
        outgoing = self.screen
        if isinstance(outgoing, TurnScreen):
            self.install_screen(outgoing, name=f"retired-{id(outgoing)}")  # installed screens are not removed
            self._retired.append(outgoing)
        self.switch_screen(screen)
        self._drop(leftovers)

    def _drop_retired(self) -> None:
        leftovers, self._retired = self._retired, []
        self._drop(leftovers)

    def _drop(self, screens: list[Screen]) -> None:
        for screen in screens:
            self.uninstall_screen(screen)
            if screen not in self.screen_stack:
                screen.remove()

    def show_seat(self, seat: int) -> None:
        """The incoming player confirmed on the handoff screen: show their private screen."""
        assert self.session is not None
        self.session.handed_to(seat)
        self._switch_to(self._turn_screen(seat))

    def _screen_for(self, step: NextStep) -> Screen:
        """The screen that shows `step` (the session's next step) to the table."""
        session = self.session
        assert session is not None
        if step.kind == "computer":
            watcher = session.watcher()
            if watcher is not None:
                session.now_showing(watcher)
                return self._turn_screen(watcher)
            self._clear_toasts()
            session.now_showing(None)
            return WatchScreen(session)
        if step.kind == "turn" and step.seat is not None:
            session.now_showing(step.seat)
            return self._turn_screen(step.seat)
        # Leaving a private screen: nothing of it may survive, toasts included.
        self._clear_toasts()
        session.now_showing(None)
        if step.kind == "results":
            return ResultsScreen(session)
        assert step.seat is not None
        if self._handoff is None:
            self._handoff = PassDeviceScreen(delay=self.handoff_delay)
            self.install_screen(self._handoff, name="handoff")  # kept for every handoff of the app's life
        self._handoff.prepare(
            game_title=session.title,
            player=session.players[step.seat],
            position=session.position(),
            feed=session.public_feed(step.seat),
            seat=step.seat,
            public_table=self._public_table(session),
            game_id=session.spec.id,
            public_log=lambda: session.log_lines(None),
            first_turn=not session.has_acted(step.seat),
        )
        return self._handoff

    @staticmethod
    def _public_table(session: HotseatSession) -> Callable[[], RenderableType] | None:
        """The game's public table, drawn from the public View when asked for (None if it has none)."""
        from .games import public_table

        draw = public_table(session.spec.id)
        return lambda: draw(session.view(None))

    def _turn_screen(self, seat: int) -> TurnScreen:
        session = self.session
        assert session is not None
        from .games import turn_screen_class

        screen_class = turn_screen_class(session.spec.id)
        view = session.view(seat)
        return screen_class(  # type: ignore[no-any-return]
            view,
            game_id=session.spec.id,
            title=session.title,
            match=session.match,
            narrator=session.narrator,
            news=session.news_for(seat),
            previous_view=session.seen_view(seat),
        )

    # Computer players --------------------------------------------------------------------------

    def _let_computer_play(self, step: NextStep) -> None:
        """If `step` is a computer's move, let it think (off the event loop) and play its move."""
        session = self.session
        if session is None or self.computer_thinking is not None:
            return
        if step.kind != "computer" or step.seat is None:
            self._say_thinking("")
            return
        self.computer_thinking = step.seat
        self._say_thinking(_("{name} (computer) is thinking…").format(name=session.players[step.seat]))
        self.run_worker(self._computer_move(session, step.seat), group="computer", exit_on_error=False)

    # Said in the key bar of every screen, before the keys, while a computer thinks.
    keybar_notice = ""

    def _say_thinking(self, notice: str) -> None:
        if notice == self.keybar_notice:
            return
        self.keybar_notice = notice
        for bar in self.screen.query(KeyBar).results(KeyBar):
            bar.refresh_keys()
        # The person's own prompt ("choose a card") does not apply while a computer moves. At once, and again
        # once this message is handled, for a screen switched to meanwhile (one mounted later takes the notice
        # itself). Not after a refresh: Textual hands such a callback to the screen on top then, and a screen
        # switched away from never runs it, so a notice could outlive the computer's turn.
        self._notice_in_prompt()
        self.call_later(self._notice_in_prompt)

    def _notice_in_prompt(self) -> None:
        # Every turn screen in the stack, not only the one on top: one under a page (the log, a round's
        # summary) would otherwise keep a notice that no longer holds when it comes back.
        for screen in self.screen_stack:
            if isinstance(screen, TurnScreen):
                screen.notice = self.keybar_notice

    async def _computer_move(self, session: HotseatSession, seat: int) -> None:
        from ..engine.base import IllegalAction

        job = session.computer_job(seat)
        # A step inside the same computer's turn (a tile moved, then another) follows faster than a new turn.
        continuing = session.last_seat == seat
        pause = self.move_pause(continuing=continuing)
        started = self._clock()
        try:
            action = await self.computers.decide(job)
        except Exception:  # noqa: BLE001 - a failing bot must not stop the game: it plays a legal move
            action = None
        remaining = pause - (self._clock() - started)
        if remaining > 0:
            await asyncio.sleep(remaining)
        # The move waits while the person reads the help, the log or the rules over the game.
        if self.session is session and not isinstance(self.screen, (TurnScreen, WatchScreen)):
            self._say_thinking(_("{name} (computer) waits until you are back at the table.").format(name=session.players[seat]))
        while self.session is session and not isinstance(self.screen, (TurnScreen, WatchScreen)):
            await asyncio.sleep(0.1)
        if self.session is not session:
            return  # the game was left while the computer thought
        if self.computer_pace == "step" and not continuing:
            await self._wait_for_step_key(session, seat)
            if self.session is not session:
                return
        self.computer_thinking = None
        if session.actions_recorded != job.decision:  # pragma: no cover - people cannot move meanwhile
            return
        try:
            if action is None:
                raise IllegalAction("unknown_action")
            step = session.apply(seat, action)
        except IllegalAction:
            step = session.apply(seat, job.view.legal_actions[0])
        self.show_next(step)
        self._turn_back_at = self._clock() if step.kind == "turn" else None
        warning = session.save_warning()
        if warning is not None:
            self.notify(warning, title=_("Saving failed"), severity="error", timeout=30, markup=False)

    def move_pause(self, *, continuing: bool) -> float:
        """The least time a computer's move takes at the chosen pace, thinking included (a further step of the
        same computer's turn, a tile moved after another, takes a share of it)."""
        share = PACE_SHARE.get(self.computer_pace, 1.0) * (CONTINUING_STEP_SHARE if continuing else 1.0)
        return self.computer_pause * share

    async def _wait_for_step_key(self, session: HotseatSession, seat: int) -> None:
        """Step by step: the computer's move is played when a person presses Space or Enter."""
        self._step_gate = gate = asyncio.Event()
        self._say_thinking(_("{name} (computer) is ready: Space or Enter plays its move.").format(name=session.players[seat]))
        try:
            while self.session is session and not gate.is_set():
                try:
                    await asyncio.wait_for(gate.wait(), timeout=0.2)
                except TimeoutError:
                    pass
        finally:
            self._step_gate = None

    @staticmethod
    def _clock() -> float:
        return time.monotonic()

    def _stop_computer(self) -> None:
        self.workers.cancel_group(self, "computer")
        self.computer_thinking = None
        self._say_thinking("")

    @on(TurnScreen.ActionChosen)
    def _apply_action(self, message: TurnScreen.ActionChosen) -> None:
        self.play(message.seat, message.action)

    def play(self, seat: int, action: object) -> None:
        """`seat` chose `action` on its screen: apply it and show what comes next, or say why not."""
        from ..engine.base import IllegalAction

        session = self.session
        if session is None or session.showing_seat != seat:
            return  # a stale message from a screen that has already gone
        if self.computer_thinking is not None:
            screen = self.screen
            if isinstance(screen, TurnScreen):
                name = session.players[self.computer_thinking]
                screen.show_error(_("Wait: {name} (computer) is playing.").format(name=name))
            self.bell()
            return
        try:
            step = session.apply(seat, action)
        except IllegalAction as exc:
            screen = self.screen
            if isinstance(screen, TurnScreen):
                screen.show_error(session.narrator.refusal(exc))
            self.bell()
            return
        self.show_next(step)
        warning = session.save_warning()
        if warning is not None:  # shown on whatever screen comes next; a handoff clears it with the rest
            self.notify(warning, title=_("Saving failed"), severity="error", timeout=30, markup=False)

    # Leaving a game ------------------------------------------------------------------------------

    def leave_question(self, *, quitting: bool = False, question: str | None = None) -> str:
        """The question before leaving a game whose file is up to date (to the main menu, or out of the
        program when `quitting`); `question` in place of the usual one. A game saved outside the saves folder
        says where instead, and how to resume it."""
        session = self.session
        if session is not None and session.saves_folder != self.store.directory:
            where = {"path": session.save_path, "folder": self.store.directory}
            if quitting:
                return _("Quit? The game is saved in {path}; to resume it, put that file in {folder}.").format(**where)
            return _("Leave to the main menu? The game is saved in {path}; to resume it, put that file in {folder}.").format(
                **where
            )
        if quitting:
            return _("Quit? The game is saved; resume it from the menu next time.")
        return question or _("Leave to the main menu? The game is saved; resume it from the menu.")

    def ask_to_leave(self, *, quitting: bool = False, question: str | None = None) -> None:
        """Ask before leaving the open game: yes or no when its file is up to date (`question`, if given, is
        the screen's own wording of it); otherwise the leave dialog says what is not saved and offers to try
        again, to save elsewhere, to lose it, or to stay. `quitting` (Ctrl+C): leaving closes the program
        instead of going back to the main menu."""
        from .screens.confirm import ConfirmScreen
        from .screens.leave import LeaveScreen

        session = self.session
        if session is None:
            return
        session.finish_writing()  # a write still on its way may yet fail: ask about what is really on disk

        def answered(choice: object) -> None:
            if not choice:
                return
            if quitting:
                self.exit()
            else:
                self.run_worker(self.leave_game())

        if session.unsaved_work() is None:
            self.push_screen(ConfirmScreen(self.leave_question(quitting=quitting, question=question)), answered)
        else:
            self.push_screen(LeaveScreen(session, quitting=quitting), answered)

    async def action_quit(self) -> None:
        """Ctrl+C (and Textual's own quit): with moves not on disk, ask exactly as leaving the game does;
        otherwise quit at once (every write is finished as the app closes)."""
        from .screens.leave import LeaveScreen

        session = self.session
        if session is not None:
            session.finish_writing()
            if session.unsaved_work() is not None:
                if isinstance(self.screen, LeaveScreen):
                    self.bell()  # already asking: one of its keys answers
                else:
                    self.ask_to_leave(quitting=True)
                return
        self.exit()
