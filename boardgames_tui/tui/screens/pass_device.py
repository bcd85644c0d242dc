"""The opaque handoff screen between two players.

It replaces the outgoing player's screen (switch, never push, never a modal: a modal is translucent)
and shows only public information. The incoming player confirms with a key that no private screen uses
to confirm, and only after a short pause, so a double press cannot reveal the next hand early.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.console import RenderableType

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from ...i18n import _
from ..text import markup
from ..widgets.keybar import KeyBar

HANDOFF_DELAY_SECONDS = 0.5
FEED_ROWS = 10  # the height of the box's feed, as in DEFAULT_CSS


class PassDeviceScreen(Screen[None]):
    PRIVATE: ClassVar[bool] = False
    DEFAULT_CSS = """
    PassDeviceScreen { align: center middle; background: $background; }
    PassDeviceScreen Vertical { width: 76; max-width: 100%; height: auto; border: double $accent; padding: 0 2; }
    PassDeviceScreen #pass-to { text-style: bold; text-align: center; width: 100%; height: 2; }
    PassDeviceScreen #position { color: $text-muted; text-align: center; width: 100%; height: 1; }
    PassDeviceScreen #feed-title { margin-top: 1; color: $text-muted; height: 1; }
    PassDeviceScreen #feed { width: 100%; height: 10; scrollbar-size-vertical: 1; }
    PassDeviceScreen #feed-lines { min-height: 10; }
    PassDeviceScreen #prompt { margin-top: 1; text-align: center; width: 100%; height: 2; }
    """
    BINDINGS = [
        Binding("space", "reveal", _("I am here — show my screen"), key_display="Space"),
        Binding("t", "table", _("Table (public)")),
        Binding("question_mark", "help", _("Help"), key_display="?"),
        Binding("r", "rules", _("Rules")),
        Binding("l", "log", _("Log")),
        Binding("q", "leave", _("Menu")),
        Binding("escape", "leave", _("Menu"), show=False),
    ]

    def __init__(self, *, delay: float = HANDOFF_DELAY_SECONDS) -> None:
        super().__init__()
        self.delay = delay
        self.game_title = self.player = self.position = ""
        self.feed: tuple[str, ...] = ()
        self._feed_rows: int | None = None  # rows the feed took when last laid out
        self.seat = 0
        self.armed = False
        self._arm_timer: Timer | None = None
        self.public_table: Callable[[], RenderableType] | None = None
        self.game_id = ""
        self.public_log: Callable[[], tuple[str, ...]] = tuple

    def prepare(
        self,
        *,
        game_title: str,
        player: str,
        position: str,
        feed: tuple[str, ...],
        seat: int,
        public_table: Callable[[], RenderableType] | None = None,
        game_id: str = "",
        public_log: Callable[[], tuple[str, ...]] = tuple,
    ) -> None:
        """Say who the device goes to and everything public since their last turn (`feed`, oldest first).
        The app keeps one handoff screen and fills it in before each handoff: a screen drawn before is
        drawn again at once, where a new one waits a frame."""
        self.game_title, self.player, self.position, self.feed, self.seat = game_title, player, position, feed, seat
        self.public_table = public_table  # built from the public View only: anyone may look while waiting
        self.game_id, self.public_log = game_id, public_log
        self.armed = False
        if self.is_mounted:
            self._fill()
        if self.is_current:  # handed on while showing: no resume event will come, so pause again now
            self._start_pause()

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical():
            yield Static(id="pass-to")
            yield Static(id="position")
            yield Static(id="feed-title")
            with VerticalScroll(id="feed", can_focus=False):
                yield Static(id="feed-lines", markup=False)
            yield Static(id="prompt")
        yield KeyBar()

    def on_mount(self) -> None:
        self._fill()

    def _fill(self) -> None:
        self.query_one("#pass-to", Static).update(
            markup("{game} · " + _("Pass the device to {name}"), game=self.game_title, name=self.player), layout=False
        )
        self.query_one("#position", Static).update(markup("{position}", position=self.position), layout=False)
        # Fixed heights for the box: one that changes size with its text costs a second layout pass. The
        # feed scrolls inside it, so nothing is ever cut; the newest line is in view.
        self.query_one("#feed-title", Static).update(
            _("Since your last turn:") if self.feed else _("Nobody has played yet."), layout=False
        )
        lines = self.query_one("#feed-lines", Static)
        text = "\n".join(f"• {line}" for line in self.feed)
        # A feed that fits the box's FEED_ROWS rows is drawn in place; only a longer one (or the first after
        # one) needs the screen laid out again, which costs a frame on every handoff.
        width = lines.content_region.width
        rows = len(Content(text).wrap(width)) if width > 0 else None
        fits = rows is not None and rows <= FEED_ROWS and self._feed_rows is not None and self._feed_rows <= FEED_ROWS
        lines.update(text, layout=not fits)
        self._feed_rows = rows
        if not fits:
            feed = self.query_one("#feed", VerticalScroll)
            feed.call_after_refresh(feed.scroll_end, animate=False)  # the newest line in view
        self._refused = False
        self._show_prompt()

    def on_screen_resume(self) -> None:
        self._start_pause(refresh=False)  # showing the screen refreshes its keys anyway

    def on_screen_suspend(self) -> None:
        self._stop_pause()

    def _start_pause(self, refresh: bool = True) -> None:
        """The pause starts each time the screen is shown: a key pressed before it is over does nothing."""
        self._stop_pause()
        self.armed = False
        self._arm_timer = self.set_timer(self.delay, self._arm)
        if refresh:
            self.refresh_bindings()

    def _stop_pause(self) -> None:
        if self._arm_timer is not None:
            self._arm_timer.stop()
            self._arm_timer = None

    def _arm(self) -> None:
        self.armed = True
        self._arm_timer = None
        self._refused = False
        self._show_prompt()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reveal" and not self.armed:
            return None  # shown greyed out until the pause is over
        if action == "table":
            return self.public_table is not None
        if action == "rules":
            return bool(self.game_id)
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        if action == "reveal":
            return _("Wait a moment: Space works once the pause is over.")
        if action == "table":
            return _("{game} has no separate table page: what everyone may know is listed here.").format(game=self.game_title)
        return None

    def show_refusal(self, reason: str) -> None:
        self.query_one("#prompt", Static).update(markup("[b]✗[/b] {reason}", reason=reason), layout=False)
        self._refused = True

    _refused = False

    def clear_refusal(self) -> None:
        if self._refused:
            self._refused = False
            self._show_prompt()

    def _show_prompt(self) -> None:
        if self.armed:
            text = markup(_("{name}, press Space when only you can see the screen."), name=self.player)
        else:
            text = markup(_("Wait…"))
        self.query_one("#prompt", Static).update(text, layout=False)

    def action_help(self) -> None:
        from .help import HelpScreen

        lines = [
            ("Space", _("the incoming player: show your private screen (after a short pause)")),
            ("t", _("the table as everyone sees it (games that have one)")),
            ("r", _("the rules of the game")),
            ("l", _("the public log of the game")),
            ("q / Esc", _("back to the main menu (the game is saved)")),
        ]
        self.app.push_screen(HelpScreen(self.game_title, lines))

    def action_rules(self) -> None:
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen(self.game_id, self.game_title))

    def action_log(self) -> None:
        from .log import LogScreen

        self.app.push_screen(LogScreen(self.game_title, self.public_log(), private=False))

    def action_table(self) -> None:
        from .panel import PanelScreen

        if self.public_table is not None:
            title = markup("{game} · " + _("the table, as everyone sees it"), game=self.game_title)
            self.app.push_screen(PanelScreen(title, self.public_table(), close_key="t", private=False))

    def action_reveal(self) -> None:
        if self.armed:
            self.armed = False
            self.app.show_seat(self.seat)  # type: ignore[attr-defined]

    def action_leave(self) -> None:
        from .confirm import ConfirmScreen

        def leave(confirmed: bool | None) -> None:
            if confirmed:
                self.app.run_worker(self.app.leave_game())  # type: ignore[attr-defined]

        question = self.app.leave_question(_("Leave to the main menu? The game is saved."))  # type: ignore[attr-defined]
        self.app.push_screen(ConfirmScreen(question), leave)
