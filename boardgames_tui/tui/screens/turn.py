"""The base of every game's private turn screen.

A turn screen is built from one seat's View and nothing else. It reports the chosen action with a
message; the app applies it through the session and replaces the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.binding import Binding, BindingType
from textual.events import Mount
from textual.message import Message
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import N_, _
from ..text import markup, plain
from ..widgets.news import NewsStrip

if TYPE_CHECKING:  # the narrators import the engine, which the main menu does without
    from ...narration import Narrator


# The keys every screen of a game in progress shares (a turn screen, the table while computers play).
GAME_KEYS: tuple[BindingType, ...] = (
    Binding("question_mark", "help", N_("Help"), key_display="?"),
    Binding("r", "rules", N_("Rules")),
    Binding("l", "log", N_("Log")),
    Binding("q", "leave", N_("Menu")),
    Binding("escape", "leave", N_("Menu"), show=False),
)


class TurnScreen(Screen[None]):
    PRIVATE: ClassVar[bool] = True  # shows one seat's secrets: no screenshots, no selection
    ALLOW_SELECT = False
    # The keys every game shares go to the end of the key bar, where a narrow terminal cuts it off.
    KEYBAR_LAST: ClassVar[frozenset[str]] = frozenset({"help", "rules", "log", "news", "leave"})

    BINDINGS: ClassVar[list[BindingType]] = [*GAME_KEYS, Binding("z", "news", N_("News"))]
    # How many of the newest log lines `z` shows again once the news since the last look was hidden.
    RECENT_NEWS = 6

    class ActionChosen(Message):
        def __init__(self, seat: int, action: Any) -> None:
            super().__init__()
            self.seat = seat
            self.action = action

    # The benchmark's key script (python -m boardgames_tui.bench), per rule set ("": the default options):
    # "prepare" keys get the first turn to where the others work (untimed), "select" are cheap in-screen game
    # keys, "apply" chooses an action and its last key applies it. A screen without one is benchmarked
    # without key latencies.
    BENCH_KEYS: ClassVar[dict[str, dict[str, tuple[str, ...]]]] = {}

    # Keys of this base class that every game screen allows whatever its own check says.
    SHARED_ACTIONS: ClassVar[frozenset[str]] = frozenset({"news"})

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A game's `check_action` speaks for the game's own keys; the shared keys of this class work on
        # every screen, so a game need not list them.
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("check_action")
        if own is None:
            return

        def check_action(self: TurnScreen, action: str, parameters: tuple[object, ...]) -> bool | None:
            if action in TurnScreen.SHARED_ACTIONS:
                return True
            return own(self, action, parameters)  # type: ignore[no-any-return]

        check_action.__doc__ = own.__doc__
        cls.check_action = check_action  # type: ignore[method-assign]

    def __init__(
        self,
        view: Any,
        *,
        game_id: str,
        title: str,
        match: tuple[tuple[int, ...], ...] = (),
        narrator: Narrator | None = None,
        news: tuple[str, ...] = (),
        previous_view: Any = None,
    ) -> None:
        super().__init__()
        # Says the View's events, refusals and labels (a narrator for the View's players if none is given).
        if narrator is None:
            from ...narration import narrator_for

            narrator = narrator_for(game_id, view.players)
        self.narrator = narrator
        self.view = view
        self.game_id = game_id
        self.game_title = title
        self.match = match  # scores of the earlier games of a match (public)
        # What happened since this seat last looked at the table (narrated, filtered for the seat), and the
        # seat's View as it was then (None: not known, as in a game just resumed). Games mark what differs.
        self.news = tuple(news)
        self.previous_view = previous_view
        self._news_hidden = False

    @property
    def seat(self) -> int:
        return int(self.view.seat)

    # What the app says in place of the prompt while a computer plays on this screen ("Ben (computer) is
    # thinking…"); empty otherwise. The app sets it; the screen's prompt shows it.
    notice: var[str] = var("", init=False)

    @on(Mount)
    def _take_app_notice(self) -> None:
        self.notice = getattr(self.app, "keybar_notice", "")

    def watch_notice(self, notice: str) -> None:
        """Show the notice in the prompt line. A game whose prompt is its own widget overrides this; when
        the notice ends, the screen's next View redraws the prompt."""
        if notice:
            for prompt in self.query("#prompt").results(Static):
                prompt.update(plain(notice))

    # What happened since the seat last looked ---------------------------------------------------------

    @on(Mount)
    def _mount_news_strip(self) -> None:
        """Every turn screen gets the news strip just above its prompt (or status line): one mechanism for
        every game, whether or not a handoff came before the screen."""
        anchor = next(iter(self.query("#prompt")), None) or next(iter(self.query("#status")), None)
        strip = NewsStrip()
        if anchor is not None and anchor.parent is not None:
            anchor.parent.mount(strip, before=anchor)
        else:  # pragma: no cover - every game screen has a prompt line
            self.mount(strip)
        strip.show(self.news)

    def set_news(self, news: tuple[str, ...], previous_view: Any) -> None:
        """New news for this seat (the table moved on while the screen stayed): shown at once, and the View
        to compare with for the change marks (call before `show_view`, which redraws with it)."""
        self.previous_view = previous_view
        if tuple(news) == self.news:
            return  # nothing new (a clock recorded, say): a strip the person hid stays hidden
        self.news = tuple(news)
        self._news_hidden = False
        for strip in self.query(NewsStrip).results(NewsStrip):
            strip.show(self.news)

    def action_news(self) -> None:
        """Hide the news, or show it again: the news since the last look or, when there is none, the last
        few moves of the log."""
        strips = list(self.query(NewsStrip).results(NewsStrip))
        if not strips:
            return
        strip = strips[0]
        if strip.more_below:  # a story longer than the strip: z reads on before it hides it
            strip.page_on()
            return
        if strip.lines:
            self._news_hidden = True
            strip.show(())
            return
        self._news_hidden = False
        if self.news:
            strip.show(self.news)
        else:
            recent = self.narrator.events(self.view.log)[-self.RECENT_NEWS :]
            if not recent:
                self.show_error(_("Nothing has happened yet: there is no news to show."))
                return
            strip.show(recent, heading=_("The last moves:"))

    def show_view(self, view: Any) -> bool:
        """Redraw for a newer View of the same seat; False if this screen can only be built afresh."""
        return False

    def submit(self, action: Any) -> None:
        self.post_message(self.ActionChosen(self.seat, action))

    def show_error(self, reason: str) -> None:
        """Show why an action was refused, in the screen's status line."""
        for status in self.query("#status").results(Static):
            status.update(markup("[b]✗[/b] {reason}", reason=reason))
            status.add_class("error")
            status.display = True
            self._error_showing = True

    # Every key answers (see BoardGamesApp._on_key): a refused key shows its reason in the status line,
    # and the next key clears it.
    def refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why the key bound to `action` does nothing now; None when this screen has nothing to say
        (a key of another mode). Games name the rule: "No clue tokens left", not "not now"."""
        return None

    def show_refusal(self, reason: str) -> None:
        self.show_error(reason)

    _error_showing = False

    def clear_refusal(self) -> None:
        if not self._error_showing:
            return  # called before every key: no query unless there is something to clear
        self._error_showing = False
        for status in self.query("#status").results(Static):
            if status.has_class("error"):
                status.update("")
                status.remove_class("error")
                status.display = False

    def key_words(self, binding: Binding) -> str | None:
        """What the key bar says for `binding` now, where that depends on the screen; None = its description."""
        if binding.action == "news" and any(strip.more_below for strip in self.query(NewsStrip).results(NewsStrip)):
            return _("More news")
        return None

    def key_display(self, binding: Binding) -> str | None:
        """The key as the key bar shows it now (a range that fits the hand: "1-5"); None = as bound."""
        return None

    def set_status(self, text: str) -> None:
        self._error_showing = False
        for status in self.query("#status").results(Static):
            if not text and not status.display:
                continue  # already empty and hidden: redrawing it would cost a layout pass
            status.update(text)
            status.remove_class("error")
            status.display = bool(text)  # an empty status line would only waste a row

    # Shared keys ----------------------------------------------------------------------------------

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.game_title, self.help_lines()))

    def help_lines(self) -> list[tuple[str, str]]:
        """(key, what it does) pairs for the help screen; games add their own first."""
        return shared_help_lines(self.game_title)

    def action_rules(self) -> None:
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen(self.game_id, self.game_title))

    def action_log(self) -> None:
        from .log import LogScreen

        self.app.push_screen(LogScreen(self.game_title, self.narrator.events(self.view.log), private=True))

    def action_leave(self) -> None:
        ask_to_leave(self)


def shared_help_lines(game_title: str) -> list[tuple[str, str]]:
    """The help lines of the keys every game screen shares."""
    return [
        ("?", _("this help")),
        ("r", _("the rules of {game}").format(game=game_title)),
        ("l", _("the game log")),
        ("z", _("read on in a long news strip, then hide it; or show the last moves again")),
        ("q / Esc", _("back to the main menu (asks first; says so if a move is not saved)")),
    ]


def ask_to_leave(screen: Screen[None]) -> None:
    """Ask before going back to the main menu from a game: the app asks yes or no when the game is on disk,
    and says what is not saved, with the ways to keep it, when it is not (see BoardGamesApp.ask_to_leave)."""
    screen.app.ask_to_leave()  # type: ignore[attr-defined]
