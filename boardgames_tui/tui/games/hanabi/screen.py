"""The Hanabi turn screen: one seat's private view, with keys for playing, discarding and cluing."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar, Literal

from rich.console import Group
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ....engine.hanabi.clues import clue_touches
from ....engine.hanabi.models import (
    BASE_SUITS,
    MULTI,
    ColourClue,
    DiscardCard,
    HanabiView,
    NumberClue,
    PlayCard,
    ReplayDiscard,
    ReturnDiscard,
    SkipBonus,
)
from ....i18n import _
from ...widgets.keybar import KeyBar
from ...screens.turn import TurnScreen
from ...widgets.cards import card_face
from . import render

Mode = Literal["idle", "confirm_play", "confirm_discard", "clue_target", "clue_value", "clue_confirm", "bonus_pick"]
COLOUR_KEYS = {suit.lower(): suit for suit in (*BASE_SUITS, MULTI)}
MAX_SLOTS = 6
RANK_WORDS = (_("ones"), _("twos"), _("threes"), _("fours"), _("fives"))


def _digit_bindings() -> list[BindingType]:
    bindings: list[BindingType] = []
    for digit in range(1, MAX_SLOTS + 1):
        first = digit == 1
        bindings.append(Binding(str(digit), f"slot({digit - 1})", _("Select card"), show=first, key_display="1-6"))
        bindings.append(Binding(str(digit), f"target({digit})", _("Player"), show=first, key_display="1-4"))
    for rank in range(1, 6):
        bindings.append(Binding(str(rank), f"number({rank})", RANK_WORDS[rank - 1]))
    return bindings


class HanabiTurnScreen(TurnScreen):
    CSS_PATH = Path(__file__).with_name("hanabi.tcss")

    # Textual lets a subclass's bindings replace its base's for the same key, so the shared keys are
    # repeated first: `r` is Rules, or red while a clue is being chosen (check_action decides).
    BINDINGS: ClassVar[list[BindingType]] = [
        *TurnScreen.BINDINGS,
        *_digit_bindings(),
        Binding("pageup", "scroll_body(-1)", _("Scroll up"), show=False),
        Binding("pagedown", "scroll_body(1)", _("Scroll down"), show=False),
        Binding("left", "move(-1)", _("Previous card"), show=False),
        Binding("right", "move(1)", _("Next card"), show=False),
        Binding("p", "play", _("Play")),
        Binding("d", "discard", _("Discard")),
        Binding("c", "clue", _("Give a clue")),
        *(Binding(key, f"colour('{suit}')", render.colour_name(suit)) for key, suit in COLOUR_KEYS.items()),
        Binding("k", "skip", _("Skip bonus")),
        Binding("enter", "confirm", _("Confirm")),
        Binding("escape", "cancel", _("Cancel")),
    ]

    def __init__(self, view: HanabiView, **context: Any) -> None:
        super().__init__(view, **context)
        self.view: HanabiView = view
        self.mode: Mode = "idle"
        self.selected: int = 0
        self.clue_target: int | None = None
        self.pending_clue: ColourClue | NumberClue | None = None
        legal = view.legal_actions
        self.play_slots = {a.slot for a in legal if isinstance(a, PlayCard)}
        self.discard_slots = {a.slot for a in legal if isinstance(a, DiscardCard)}
        self.clues = [a for a in legal if isinstance(a, (ColourClue, NumberClue))]
        # One entry per identity: two discarded copies of the same card are the same choice.
        by_identity: dict[tuple[str, int], ReturnDiscard | ReplayDiscard] = {}
        cards = {card.id: card for card in view.discard}
        for action in legal:
            if isinstance(action, (ReturnDiscard, ReplayDiscard)):
                card = cards[action.card_id]
                by_identity.setdefault((card.suit, card.rank), action)
        self.bonus_choices = list(by_identity.values())
        self.can_skip = any(isinstance(a, SkipBonus) for a in legal)
        # Other players, numbered from the viewer's left, as the target keys name them.
        count = len(view.players)
        self.others = [(view.seat + step) % count for step in range(1, count)]  # type: ignore[operator]

    # Layout -------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="hanabi-header")
        with VerticalScroll(id="hanabi-body", can_focus=False):
            yield Static(id="hanabi-table")
            yield Static(id="hanabi-others")
            if self.view.phase in ("reshuffle_discard", "replay_discard"):
                yield OptionList(id="bonus-choices")
            yield Static(id="hanabi-log")
        yield Static(id="hanabi-own")  # outside the scrolling part: always in view, even at 80x24
        yield Static(id="prompt")
        yield Static(id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        view = self.view
        if view.phase in ("free_colour_clue", "free_number_clue"):
            self._start_clue()
        elif view.phase in ("reshuffle_discard", "replay_discard"):
            self.mode = "bonus_pick"
            choices = self.query_one("#bonus-choices", OptionList)
            for index, action in enumerate(self.bonus_choices):
                card = next(c for c in view.discard if c.id == action.card_id)
                choices.add_option(Option(card_face(card.suit, card.rank), id=str(index)))
            choices.highlighted = 0
            choices.focus()
        self.refresh_panels()

    def refresh_panels(self) -> None:
        """Draw every panel; later key presses redraw only what they change."""
        view = self.view
        me = view.players[view.seat]  # type: ignore[index]
        header = Text()
        header.append(f" {self.game_title} ", style="bold reverse")
        # No deal number in a View or on a private screen: it rebuilds the whole deck, own cards included.
        header.append(" " + _("Turn {turn} · Your turn, {name}").format(turn=view.turn + 1, name=me))
        if view.options.convention != "none":
            header.append(" · " + _("Conventions: {c}").format(c=view.options.convention), style="italic")
        self.query_one("#hanabi-header", Static).update(header)

        table_parts: list[Any] = [render.status_line(view), render.fireworks_panel(view), render.discard_panel(view)]
        bonus = render.bonus_panel(view)
        if bonus is not None:
            table_parts.append(bonus)
        self.query_one("#hanabi-table", Static).update(Group(*table_parts))
        self.query_one("#hanabi-log", Static).update(render.recent_log(view))
        self._refresh_others()
        self._refresh_own()

    def _refresh_others(self) -> None:
        view = self.view
        others = []
        targeting = self.mode in ("clue_target", "clue_value", "clue_confirm")
        for number, seat in enumerate(self.others, start=1):
            highlight: set[int] = set()
            if self.mode == "clue_confirm" and seat == self.clue_target and self.pending_clue is not None:
                highlight = self.touched_slots(seat, self.pending_clue)
            hand = view.hands[seat]
            others.append(render.other_hand(view, hand, number if targeting else None, highlight=highlight))
        self.query_one("#hanabi-others", Static).update(Group(*others))

    def _refresh_own(self, *, same_size: bool = False) -> None:
        """Redraw the own hand and the prompt; `same_size` skips the layout pass (a new slot selected)."""
        view = self.view
        selected = self.selected if self.mode in ("idle", "confirm_play", "confirm_discard") else None
        own = render.own_hand(view, view.hands[view.seat], selected)  # type: ignore[index]
        self.query_one("#hanabi-own", Static).update(own, layout=not same_size)
        self.query_one("#prompt", Static).update(self.prompt_text(), layout=not same_size)

    def prompt_text(self) -> str:
        view = self.view
        slot = self.selected + 1
        if self.mode == "confirm_play":
            return _("Play card {n}? Enter to confirm, Esc to cancel.").format(n=slot)
        if self.mode == "confirm_discard":
            return _("Discard card {n}? Enter to confirm, Esc to cancel.").format(n=slot)
        if self.mode == "clue_target":
            free = _("free ") if view.phase != "turn" else ""
            return _("Give a {free}clue to whom? Press the player's number.").format(free=free)
        if self.mode == "clue_value":
            name = view.players[self.clue_target]  # type: ignore[index]
            kinds = self.clue_kinds_for(self.clue_target)  # type: ignore[arg-type]
            return _("Clue for {name}: {kinds}. Esc to go back.").format(name=name, kinds=kinds)
        if self.mode == "clue_confirm" and self.pending_clue is not None:
            return _("{clue} — the marked cards (▲) are touched. Enter to give it, Esc to go back.").format(
                clue=self.clue_text(self.pending_clue)
            )
        if self.mode == "bonus_pick":
            what = _("shuffle back into the deck") if view.phase == "reshuffle_discard" else _("play from the discard pile")
            skip = _(" or k to skip") if self.can_skip else ""
            return _("Bonus: choose a discarded card to {what} (↑/↓, Enter){skip}.").format(what=what, skip=skip)
        return _("Choose a card (1-{n}, ←/→), then p play or d discard; or c to give a clue.").format(
            n=len(view.hands[view.seat].slots)  # type: ignore[index]
        )

    def clue_kinds_for(self, target: int) -> str:
        colours = sorted({c.suit for c in self.clues if isinstance(c, ColourClue) and c.target == target})
        numbers = sorted({c.rank for c in self.clues if isinstance(c, NumberClue) and c.target == target})
        parts = []
        if colours:
            parts.append(_("colour {keys}").format(keys="/".join(s.lower() for s in colours)))
        if numbers:
            parts.append(_("number {keys}").format(keys="/".join(str(n) for n in numbers)))
        return _(" or ").join(parts)

    def clue_text(self, clue: ColourClue | NumberClue) -> str:
        name = self.view.players[clue.target]
        if isinstance(clue, ColourClue):
            return _("Tell {name} about {colour} ({letter})").format(name=name, colour=render.colour_name(clue.suit), letter=clue.suit)
        return _("Tell {name} about {rank}s").format(name=name, rank=clue.rank)

    def touched_slots(self, seat: int, clue: ColourClue | NumberClue) -> set[int]:
        avalanche = self.view.options.sixth_suit == "avalanche"
        return {
            index
            for index, slot in enumerate(self.view.hands[seat].slots)
            if slot.card is not None and clue_touches(slot.card, clue, avalanche)
        }

    def help_lines(self) -> list[tuple[str, str]]:
        return [
            ("1-6, ←/→", _("select one of your cards")),
            ("p", _("play the selected card (then Enter)")),
            ("d", _("discard the selected card (then Enter); not while all 8 clue tokens are left")),
            ("c", _("give a clue: the player's number, then a colour letter or a number, then Enter")),
            ("r y g b w m", _("while giving a clue: red, yellow, green, blue, white, multicolour")),
            ("k", _("skip an optional bonus tile")),
            ("Esc", _("cancel / go back one step")),
            ("PgUp/PgDn", _("scroll the table and the other hands on a small terminal")),
            *super().help_lines(),
        ]

    # Key handling ---------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mode, phase = self.mode, self.view.phase
        hand_size = len(self.view.hands[self.seat].slots)
        idle_turn = mode == "idle" and phase == "turn"
        if action == "slot":
            return idle_turn and int(parameters[0]) < hand_size  # type: ignore[call-overload]
        if action == "move":
            return idle_turn
        if action == "play":
            return idle_turn and bool(self.play_slots)
        if action == "discard":
            return idle_turn and bool(self.discard_slots)
        if action == "clue":
            return idle_turn and bool(self.clues)
        if action == "target":
            number = int(parameters[0])  # type: ignore[call-overload]
            return mode == "clue_target" and number <= len(self.others) and self._has_clue_for(self.others[number - 1])
        if action == "colour":
            return mode == "clue_value" and self._clue_for_value(str(parameters[0])) is not None
        if action == "number":
            return mode == "clue_value" and self._clue_for_value(int(parameters[0])) is not None  # type: ignore[call-overload]
        if action == "confirm":
            return mode in ("confirm_play", "confirm_discard", "clue_confirm")
        if action == "cancel":
            if mode == "clue_target":
                return phase == "turn"  # a free clue must be given
            if mode == "clue_value":
                return phase == "turn" or len(self.others) > 1
            return mode in ("confirm_play", "confirm_discard", "clue_confirm")
        if action == "skip":
            return mode == "bonus_pick" and self.can_skip
        if action == "rules":
            return mode != "clue_value"  # r names red while a clue is being chosen
        if action == "leave":
            return mode in ("idle", "bonus_pick")
        return True

    def _has_clue_for(self, seat: int) -> bool:
        return any(c.target == seat for c in self.clues)

    def _clue_for_value(self, value: str | int) -> ColourClue | NumberClue | None:
        for clue in self.clues:
            if clue.target != self.clue_target:
                continue
            if isinstance(clue, ColourClue) and clue.suit == value:
                return clue
            if isinstance(clue, NumberClue) and clue.rank == value:
                return clue
        return None

    def _set_mode(self, mode: Mode) -> None:
        previous, self.mode = self.mode, mode
        self.set_status("")
        if previous in ("clue_target", "clue_value", "clue_confirm") or mode.startswith("clue"):
            self._refresh_others()
        self._refresh_own()
        if previous != mode:
            self.refresh_bindings()

    def action_scroll_body(self, direction: int) -> None:
        body = self.query_one("#hanabi-body", VerticalScroll)
        body.scroll_page_down() if direction > 0 else body.scroll_page_up()

    def action_slot(self, index: int) -> None:
        self._select(index)

    def action_move(self, step: int) -> None:
        self._select((self.selected + step) % len(self.view.hands[self.seat].slots))

    def _select(self, index: int) -> None:
        self.selected = index
        if self.mode == "idle":
            self._refresh_own(same_size=True)  # same panel, another slot marked: no layout needed
        else:
            self._set_mode("idle")

    def action_play(self) -> None:
        self._set_mode("confirm_play")

    def action_discard(self) -> None:
        self._set_mode("confirm_discard")

    def action_clue(self) -> None:
        self._start_clue()

    def _start_clue(self) -> None:
        targets = [seat for seat in self.others if self._has_clue_for(seat)]
        if len(self.others) == 1 and targets:
            self.clue_target = targets[0]
            self._set_mode("clue_value")
        else:
            self._set_mode("clue_target")

    def action_target(self, number: int) -> None:
        self.clue_target = self.others[number - 1]
        self._set_mode("clue_value")

    def action_colour(self, suit: str) -> None:
        self.pending_clue = self._clue_for_value(suit)
        self._set_mode("clue_confirm")

    def action_number(self, rank: int) -> None:
        self.pending_clue = self._clue_for_value(rank)
        self._set_mode("clue_confirm")

    def action_confirm(self) -> None:
        if self.mode == "confirm_play":
            self.submit(PlayCard(slot=self.selected))
        elif self.mode == "confirm_discard":
            self.submit(DiscardCard(slot=self.selected))
        elif self.mode == "clue_confirm" and self.pending_clue is not None:
            self.submit(self.pending_clue)

    def action_cancel(self) -> None:
        if self.mode == "clue_confirm":
            self.pending_clue = None
            self._set_mode("clue_value")
        elif self.mode == "clue_value" and len(self.others) > 1:
            self._set_mode("clue_target")
        else:
            self._set_mode("idle")

    def action_skip(self) -> None:
        self.submit(SkipBonus())

    @on(OptionList.OptionSelected, "#bonus-choices")
    def _bonus_chosen(self, event: OptionList.OptionSelected) -> None:
        self.submit(self.bonus_choices[int(event.option.id or 0)])
