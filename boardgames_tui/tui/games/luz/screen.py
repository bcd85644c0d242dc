"""The Luz turn screen: bid or play a card you cannot see, reading everyone else's numbers.

Playing is blind, so it takes two steps: choose a card (its number key or ←/→), Enter asks "Play your
card 3 (blue)?", and Enter again plays it (Esc, another card or any refused key drops the question).
Every key answers: a greyed card's number says why it may not be played, in what the player can see
(its position and colour), never its number.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.widgets import Static

from ....engine.base import IllegalAction, Refusal
from ....engine.luz.models import MAX_BID, Bid, LuzView, PlayCard
from ....i18n import N_, _, ngettext
from ...screens.turn import TurnScreen
from ...text import markup, plain
from ...widgets.body import FittedBody
from ...widgets.keybar import KeyBar
from . import render
from ....narration.luz import colour_word


BLANK_ROWS = 3  # above and below the trick, and above the log (luz.tcss); dropped when the table is tall


def _digit_bindings() -> list[BindingType]:
    bindings: list[BindingType] = []
    for digit in range(10):
        first = digit == 1
        position = (digit - 1) % 10  # keys 1-9 then 0 for the tenth card
        bindings.append(Binding(str(digit), f"pick({position})", N_("Card"), show=first))
        bindings.append(Binding(str(digit), f"set_bid({digit})", N_("Tricks"), show=first, key_display="0-9"))
    return bindings


# The key bar's one entry for every card key: the key of the first card that may be played, shown with the
# range of keys that may be pressed ("3-4").
_CARD_ENTRIES = tuple(
    Binding(render.position_key(position), f"pick({position})", N_("Card"), show=True) for position in range(10)
)


class LuzTurnScreen(TurnScreen):
    CSS_PATH = Path(__file__).with_name("luz.tcss")
    # Looking at the score sheet or the last trick is no move: those keys work while a computer plays too
    # (and the computers wait while the sheet or the trick is open).
    KEYBAR_LAST: ClassVar[frozenset[str]] = TurnScreen.KEYBAR_LAST | {"score_sheet", "last_trick"}

    # Enter bids; a card is played with Enter and Enter again confirms it (when playing, the first Enter is
    # pressed untimed and the confirming one is timed).
    BENCH_KEYS = {"": {"select": ("right", "left"), "apply": ("enter",), "first_when_playing": ("enter",)}}

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "choose_again", N_("Choose again"), key_display="Esc"),  # before the shared Esc
        Binding("s", "score_sheet", N_("Score sheet")),
        Binding("t", "last_trick", N_("Last trick")),
        *TurnScreen.BINDINGS,
        *_digit_bindings(),
        Binding("left", "card_step(-1)", N_("Previous"), key_display="←"),
        Binding("left", "bid_step(-1)", N_("Fewer"), key_display="←"),
        Binding("right", "card_step(1)", N_("Next"), key_display="→"),
        Binding("right", "bid_step(1)", N_("More"), key_display="→"),
        Binding("b", "toggle_bead", N_("Safety bead")),
        Binding("enter", "play", N_("Play")),
        Binding("enter", "confirm_play", N_("Confirm")),
        Binding("enter", "bid", N_("Bid")),
    ]

    def __init__(self, view: LuzView, **context: Any) -> None:
        super().__init__(view, **context)
        self.view: LuzView = view
        self._take(view)
        # How many finished rounds the seat has seen summed up: those it knew of when it last looked, and then
        # those this screen summed up (see _sum_up_round). Not known (a resumed game): no summary.
        previous = self.previous_view
        self._summed_up = len(previous.results) if previous is not None else len(view.results)
        self._log_fit: tuple[int, int] | None = None  # the log's rows and width when cut short, else None
        # The trick and the table leave no row for the log (five long names at 80x24): they are drawn without
        # the extras that only repeat the news (the last trick under the trick, the legend of ✦).
        self.compact = False

    def _take(self, view: LuzView) -> None:
        """Start a decision afresh from `view`: the first card that may be played chosen, bid 0, no bead."""
        self.view = view
        self.playable = sorted(a.position for a in view.legal_actions if isinstance(a, PlayCard))
        self.selected: int | None = self.playable[0] if self.playable else None
        self.confirming = False  # Enter was pressed once: the next Enter plays the selected card
        self.bid = 0
        self.bead = False

    @property
    def my_turn(self) -> bool:
        """Whether this seat decides now (a computer may be playing on this person's screen)."""
        return self.view.phase != "over" and self.view.current == self.view.seat

    @property
    def bidding(self) -> bool:
        return self.view.phase == "bid" and self.my_turn

    @property
    def playing(self) -> bool:
        return self.view.phase == "play" and self.selected is not None

    @property
    def colours(self) -> tuple[str, ...]:
        """The viewer's own cards as they see them: colours only, left to right."""
        return self.view.hands[self.seat].colours

    def compose(self) -> ComposeResult:
        yield Static(id="luz-header")
        with FittedBody(id="luz-body"):
            yield Static(id="luz-trick")
            yield Static(id="luz-table")
            yield Static(id="luz-log")
        yield Static(id="luz-own")  # always in view, however small the terminal
        yield Static(id="prompt")
        yield Static(id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#luz-own", Static).border_title = render.colour_legend()
        self._draw()
        self._sum_up_round()

    def _draw(self) -> None:
        """Draw the table from the View, marking what changed since the seat last looked (previous_view)."""
        view = self.view
        self.query_one("#luz-header", Static).update(render.header(view, self.game_title))
        self.compact = False
        self.draw_table()
        self._log_fit = None
        self.set_class(False, "-tight")
        self.query_one("#luz-log", Static).update(render.recent_log(view, self.narrator))
        self._refresh_choice()

    def draw_table(self) -> None:
        """The trick and the table, with what changed since the seat last looked marked."""
        view, before, full = self.view, self.previous_view, not self.compact
        self.query_one("#luz-trick", Static).update(render.trick_panel(view, before, news_line=full))
        legend = render.legend(full and render.anything_marked(view, before))
        self.query_one("#luz-table", Static).update(Group(render.table_panel(view, before), legend))

    def show_view(self, view: Any) -> bool:
        """The table moved on while this screen stayed in front (computers played): redraw from the newer
        View, with a fresh choice when it is this seat's turn again."""
        if not isinstance(view, LuzView) or view.seat != self.view.seat:
            return False
        self._take(view)
        self._draw()
        self.call_after_refresh(self.fit_log)
        self._sum_up_round()
        return True

    def _sum_up_round(self) -> None:
        """A round finished since the seat last looked: its summary (bids, tricks, points, totals) comes
        first, before anything of the new round is decided, whoever holds the device. Computers wait while
        it is open (they play only with a turn screen in front)."""
        view = self.view
        if self.previous_view is None or view.phase == "over" or len(view.results) <= self._summed_up:
            return
        self._summed_up = len(view.results)
        from ...screens.panel import PanelScreen

        title = _("Round {r} is over — {title}").format(r=len(view.results), title=self.game_title)
        body = render.round_summary(view, self.narrator)
        self.app.push_screen(PanelScreen(title, body, close_key="enter", private=False))

    def fit_to_body(self) -> None:
        """The middle of the screen changed size: everything again if it was squeezed, then fitted."""
        if self.compact:  # more room, perhaps
            self.compact = False
            self.draw_table()
        self.call_after_refresh(self.fit_log)

    def fit_log(self) -> None:
        """Give the log the rows that the trick and the table leave: every line with the usual blank rows
        around the trick when they fit, else no blank rows and the newest lines that fit (five long names
        make a tall table at 80x24). Called once the screen is laid out."""
        if not self.is_attached:
            return
        body = self.query_one("#luz-body", FittedBody)
        width = body.size.width - 2  # inside the body's padding, beside no scroll bar
        used = self.query_one("#luz-trick").size.height + self.query_one("#luz-table").outer_size.height
        spare = body.size.height - used
        if spare < 1 and not self.compact:  # not one row left for the log: drop the extras, then fit again
            self.compact = True
            self.draw_table()
            self.call_after_refresh(self.fit_log)
            return
        wanted = sum(len(paragraph.lines(width)) for paragraph in render.log_paragraphs(self.view, self.narrator))
        fit = (max(spare, 1), width) if wanted + BLANK_ROWS > spare else None
        if fit == self._log_fit:
            return
        self._log_fit = fit
        self.set_class(fit is not None, "-tight")
        rows = fit[0] if fit is not None else None
        self.query_one("#luz-log", Static).update(render.recent_log(self.view, self.narrator, rows, width))

    def _refresh_choice(self, *, same_size: bool = False) -> None:
        choosing = self.my_turn and not self.bidding  # cards greyed only when this seat plays now
        selected = self.selected if choosing else None
        own = render.own_panel(self.view, selected, self.playable if choosing else None)
        self.query_one("#luz-own", Static).update(own, layout=not same_size)
        self.query_one("#prompt", Static).update(self.prompt_text(), layout=not same_size)
        self.refresh_bindings()

    def prompt_text(self) -> Any:
        if not self.my_turn:
            # Someone else decides (a computer on this person's screen): the app's "… is thinking" notice.
            return plain(self.notice)
        if self.bidding:
            bead = _("with a safety bead") if self.bead else _("no safety bead")
            template = ngettext(
                "Bid [b]{bid}[/b] trick, {bead} · 0-9 ←/→ change (10: →) · b bead · Enter bids",
                "Bid [b]{bid}[/b] tricks, {bead} · 0-9 ←/→ change (10: →) · b bead · Enter bids",
                self.bid,
            )
            return markup(template, bid=self.bid, bead=bead)
        if self.selected is None:
            return ""
        n, colour = self.selected + 1, colour_word(self.colours[self.selected])
        if self.confirming:
            return markup(
                "[b]" + _("Play your card {n} ({colour})? Enter again to confirm, Esc to choose again") + "[/b]",
                n=n,
                colour=colour,
            )
        if len(self.playable) == 1:
            template = _("Card {n} ({colour}) chosen, the only card you may play · Enter plays it")
        else:
            template = _("Card {n} ({colour}) chosen · {keys} or ←/→ choose another · Enter plays it")
        return markup(template, n=n, colour=colour, keys=render.keys_text(self.playable))

    def help_lines(self) -> list[tuple[str, str]]:
        return [
            ("1-9, 0, ←/→", _("choose a card by position (0 = the tenth); greyed cards may not be played")),
            ("Enter", _("play the chosen card: Enter asks first, Enter again plays it")),
            ("Esc", _("while a play waits for Enter: choose again")),
            ("0-9, ←/→", _("while bidding: choose how many tricks (10 with →)")),
            ("b", _("while bidding: take or drop the safety bead")),
            ("Enter", _("while bidding: make the bid shown")),
            ("s", _("the score sheet")),
            ("t", _("the last trick: every card in it, and who won it")),
            *super().help_lines(),
        ]

    # Keys -----------------------------------------------------------------------------------------
    # check_action says what is possible now (False hides a key, None greys it); refusal says why not.

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            if not self.playing:
                return False
            position = int(parameters[0])  # type: ignore[call-overload]
            if position in self.playable:
                return True
            return None if position < len(self.colours) else False  # a greyed card / no such card
        if action == "card_step":
            return self.playing and len(self.playable) > 1
        if action == "play":
            return self.playing and not self.confirming
        if action in ("confirm_play", "choose_again"):
            return self.playing and self.confirming
        if action in ("set_bid", "toggle_bead", "bid"):
            return self.bidding
        if action == "bid_step":
            if not self.bidding:
                return False
            return True if 0 <= self.bid + int(parameters[0]) <= MAX_BID else None  # type: ignore[call-overload]
        if action == "last_trick":
            return True if self.view.last_trick is not None else None
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        if action == "pick" and self.playing:
            position = int(parameters[0])  # type: ignore[call-overload]
            count = len(self.colours)
            if position >= count:
                return ngettext(
                    "You hold {n} card: key 1 chooses it", "You hold {n} cards: keys {keys} choose one", count
                ).format(n=count, keys=render.keys_text(range(count)))
            refused = self._engine_refusal("play", position)
            if refused is not None and refused.code == "must_follow":  # said with what the player sees
                return _("You must follow {led}: card {n} is {colour}").format(
                    led=colour_word(str(refused.params["colour"])), n=position + 1, colour=colour_word(self.colours[position])
                )
            if refused is not None:
                return self.narrator.refusal(IllegalAction(refused.code, **refused.params))
        if action == "card_step" and self.playing:
            if len(self.colours) == 1:
                return _("This is your last card: Enter plays it")
            refused = next((r for r in self.view.refusals if r.kind == "play" and r.code == "must_follow"), None)
            led = colour_word(str(refused.params["colour"])) if refused is not None else "?"
            return _("Card {n} is the only card you may play: you must follow {led}").format(n=self.playable[0] + 1, led=led)
        if action == "bid_step" and self.bidding:
            if int(parameters[0]) < 0:  # type: ignore[call-overload]
                return _("Bids go from 0 to {max}: 0 is the lowest").format(max=MAX_BID)
            return _("Bids go from 0 to {max}: {max} is the highest").format(max=MAX_BID)
        if action == "toggle_bead" and self._engine_refusal("bid") is not None:
            return _("The safety bead is taken with the bid, and the bidding is over")
        if action == "last_trick" and self.view.last_trick is None:
            return _("No trick has been finished yet")
        return None

    def _engine_refusal(self, kind: str, target: int | None = None) -> Refusal | None:
        """The engine's reason, as the View carries it, for refusing a `kind` of move (on `target`) now."""
        return next((r for r in self.view.refusals if r.kind == kind and r.target == target), None)

    def show_refusal(self, reason: str) -> None:
        # A refused key while "Play your card …?" is open drops the question: the next Enter asks again.
        if self.confirming:
            self.confirming = False
            self._refresh_choice(same_size=True)
        super().show_refusal(reason)

    def key_display(self, binding: Binding) -> str | None:
        if binding.action.startswith("pick("):
            return render.keys_text(self.playable)  # the keys of the cards that may be played now
        return None

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """As Textual's, except that the key bar's card entry stands for every card key: it is usable while
        any card may be chosen, even when card 1 itself is greyed (it is bound to the first playable one).
        Every description is said in the current language (bindings are made at import, in English)."""
        active = super().active_bindings
        entry = active.get("1")
        if self.playing and self.playable and entry is not None:
            active["1"] = ActiveBinding(entry.node, _CARD_ENTRIES[self.playable[0]], True, entry.tooltip)
        return active

    def action_pick(self, position: int) -> None:
        self.selected = position
        self.confirming = False
        self._refresh_choice(same_size=True)

    def action_card_step(self, step: int) -> None:
        if self.selected is not None:
            index = self.playable.index(self.selected)
            self.selected = self.playable[(index + step) % len(self.playable)]
        self.confirming = False
        self._refresh_choice(same_size=True)

    def action_play(self) -> None:
        self.confirming = True
        self._refresh_choice(same_size=True)

    def action_confirm_play(self) -> None:
        if self.selected is not None and self.confirming:
            self.confirming = False
            self.submit(PlayCard(position=self.selected))

    def action_choose_again(self) -> None:
        self.confirming = False
        self._refresh_choice(same_size=True)

    def action_set_bid(self, tricks: int) -> None:
        self.bid = tricks
        self._refresh_choice(same_size=True)

    def action_bid_step(self, step: int) -> None:
        self.bid = max(0, min(MAX_BID, self.bid + step))
        self._refresh_choice(same_size=True)

    def action_toggle_bead(self) -> None:
        self.bead = not self.bead
        self._refresh_choice(same_size=True)

    def action_bid(self) -> None:
        self.submit(Bid(tricks=self.bid, bead=self.bead))

    def action_score_sheet(self) -> None:
        from ...screens.panel import PanelScreen

        title = _("Score sheet — {title}").format(title=self.game_title)
        self.app.push_screen(PanelScreen(title, render.score_sheet(self.view), close_key="s", private=False))

    def action_last_trick(self) -> None:
        from ...screens.panel import PanelScreen

        title = _("Last trick — {title}").format(title=self.game_title)
        self.app.push_screen(PanelScreen(title, render.last_trick_panel(self.view), close_key="t", private=False))


# The registry's way in (tui/games/__init__.py: turn_screen_class).
TURN_SCREEN = LuzTurnScreen
