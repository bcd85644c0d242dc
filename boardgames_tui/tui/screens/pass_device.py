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
from textual.containers import Center, Middle, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from ...i18n import N_, _
from ..text import Paragraph, markup
from ..widgets.keybar import KeyBar

HANDOFF_DELAY_SECONDS = 0.5
FEED_ROWS = 10  # the height of the box's feed, as in DEFAULT_CSS


def bulleted(line: str, width: int) -> list[Content]:
    """`line` as rows of `width` cells behind a bullet, later rows indented under its text, broken where
    Chinese allows (tui/text.py)."""
    return [Content(row.plain) for row in Paragraph(line, bullet="• ").lines(width)]


class PassDeviceScreen(Screen[None]):
    PRIVATE: ClassVar[bool] = False
    DEFAULT_CSS = """
    PassDeviceScreen { align: center middle; background: $background; }
    PassDeviceScreen Vertical { width: 76; max-width: 100%; height: auto; border: double $accent; padding: 0 2; }
    PassDeviceScreen #pass-to { text-style: bold; text-align: center; width: 100%; height: 2; }
    PassDeviceScreen #position { color: $text-muted; text-align: center; width: 100%; height: 1; }
    PassDeviceScreen #feed-title { margin-top: 1; color: $text-muted; height: 1; }
    PassDeviceScreen #feed { width: 100%; height: 10; }
    PassDeviceScreen #prompt { margin-top: 1; text-align: center; width: 100%; height: 2; }
    """
    BINDINGS = [
        Binding("space", "reveal", N_("I am here — show my screen"), key_display="Space"),
        Binding("t", "table", N_("Table (public)")),
        Binding("question_mark", "help", N_("Help"), key_display="?"),
        Binding("r", "rules", N_("Rules")),
        Binding("l", "log", N_("Log")),
        Binding("q", "leave", N_("Menu")),
        Binding("escape", "leave", N_("Menu"), show=False),
        Binding("up", "scroll_feed(-1)", N_("Earlier"), show=False),
        Binding("down", "scroll_feed(1)", N_("Later"), show=False),
        Binding("pageup", "scroll_feed(-10)", N_("Earlier"), show=False),
        Binding("pagedown", "scroll_feed(10)", N_("Later"), show=False),
    ]

    def __init__(self, *, delay: float = HANDOFF_DELAY_SECONDS) -> None:
        super().__init__()
        self.delay = delay
        self.game_title = self.player = self.position = ""
        self.feed: tuple[str, ...] = ()
        self.first_turn = False  # the incoming player has not played yet: the feed is the whole game so far
        self._feed_rows: list[Content] = []  # the feed wrapped to the box's width
        self._feed_top = 0  # the first row in view
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
        first_turn: bool = False,
    ) -> None:
        """Say who the device goes to and everything public since their last turn (`feed`, oldest first),
        or since the game began when they have not played yet (`first_turn`).
        The app keeps one handoff screen and fills it in before each handoff: a screen drawn before is
        drawn again at once, where a new one waits a frame."""
        self.game_title, self.player, self.position, self.feed, self.seat = game_title, player, position, feed, seat
        self.first_turn = first_turn
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
            yield Static(id="feed")
            yield Static(id="prompt")
        yield KeyBar()

    def on_mount(self) -> None:
        self._fill()

    def _fill(self) -> None:
        self.query_one("#pass-to", Static).update(
            markup(_("{game} · Pass the device to {name}"), game=self.game_title, name=self.player), layout=False
        )
        self.query_one("#position", Static).update(markup("{position}", position=self.position), layout=False)
        # Fixed heights for the box: one that changes size with its text costs a second layout pass. The
        # feed scrolls inside it (↑/↓, PgUp/PgDn, the wheel), so nothing is ever cut; the newest line is in view.
        self._wrap_feed()
        self._refused = False
        self._show_prompt()

    # The feed scrolls by redrawing the rows in view in a box of fixed height: a handoff never lays the
    # screen out again, however long the news (a scroll view would, and cost a frame on every handoff).

    def _wrap_feed(self) -> None:
        feed = self.query_one("#feed", Static)
        width = feed.content_region.width
        if width <= 0:  # not laid out yet: wrap once it is
            self.call_after_refresh(self._wrap_feed)
            return
        self._feed_rows = [row for line in self.feed for row in bulleted(line, width)]
        self._feed_top = max(len(self._feed_rows) - FEED_ROWS, 0)  # the newest news in view
        self._draw_feed()

    def _draw_feed(self) -> None:
        rows = self._feed_rows[self._feed_top : self._feed_top + FEED_ROWS]
        self.query_one("#feed", Static).update(Content("\n").join(rows), layout=False)
        if not self.feed:
            title = _("Nobody has played yet.")
        elif self.first_turn:
            title = _("So far: (↑ earlier news)") if self._feed_top > 0 else _("So far:")
        else:
            title = _("Since your last turn: (↑ earlier news)") if self._feed_top > 0 else _("Since your last turn:")
        self.query_one("#feed-title", Static).update(title, layout=False)

    def on_resize(self) -> None:
        if self.feed:
            self._wrap_feed()

    def action_scroll_feed(self, step: int) -> None:
        last_top = max(len(self._feed_rows) - FEED_ROWS, 0)
        self._feed_top = min(max(self._feed_top + step, 0), last_top)
        self._draw_feed()

    def on_mouse_scroll_up(self) -> None:
        self.action_scroll_feed(-3)

    def on_mouse_scroll_down(self) -> None:
        self.action_scroll_feed(3)

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
        if action == "scroll_feed":
            step = int(parameters[0])  # type: ignore[call-overload]
            return self._feed_top > 0 if step < 0 else self._feed_top < len(self._feed_rows) - FEED_ROWS
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        if action == "reveal":
            return _("Wait a moment: Space works once the pause is over.")
        if action == "table":
            return _("{game} has no separate table page: what everyone may know is listed here.").format(game=self.game_title)
        if action == "scroll_feed":
            return _("The first news is in view.") if int(parameters[0]) < 0 else _("The newest news is in view.")  # type: ignore[call-overload]
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
            ("q / Esc", _("back to the main menu (asks first; says so if a move is not saved)")),
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
            title = markup(_("{game} · the table, as everyone sees it"), game=self.game_title)
            self.app.push_screen(PanelScreen(title, self.public_table(), close_key="t", private=False))

    def action_reveal(self) -> None:
        if self.armed:
            self.armed = False
            self.app.show_seat(self.seat)  # type: ignore[attr-defined]

    def action_leave(self) -> None:
        self.app.ask_to_leave(question=_("Leave to the main menu? The game is saved."))  # type: ignore[attr-defined]
