"""The Hanabi turn screen: one seat's private view, with keys for playing, discarding and cluing.

The screen keeps the keys, what each may do now (check_action) and why not (refusal), and the mode machine
(`step`). What it shows is drawn by its widgets (widgets/), each from the seat's View and the reactive
attributes the screen sets on them as the step or the notes change."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.containers import VerticalScroll
from textual.css.query import NoMatches
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Static

from ....engine.base import IllegalAction
from ....engine.saves import NOTE_MAX
from ....engine.hanabi.models import (
    BASE_SUITS,
    MAX_CLUE_TOKENS,
    MULTI,
    DiscardCard,
    HanabiView,
    PlayCard,
    ReplayDiscard,
    ReturnDiscard,
    SkipBonus,
)
from ....bots.hanabi import finesse_asked_of
from ....i18n import N_, _, ngettext
from ...screens.turn import TurnScreen
from ...text import markup
from ...widgets.keybar import KeyBar
from ...widgets.news import NEW_MARK
from . import render
from ....narration.hanabi import COLOUR_NAMES, HanabiNarrator, colour_name
from .choices import NOTE_MODES, SELECTING_MODES, TARGETING_MODES, Choices, Clue, Mode, Step
from .notes import NoteEditor
from .widgets import BonusChoices, OthersHands, OwnHand, PromptLine, TableSummary, TurnHeader

COLOUR_KEYS = {suit.lower(): suit for suit in (*BASE_SUITS, MULTI)}
MAX_SLOTS = 6
RANK_WORDS = (N_("ones"), N_("twos"), N_("threes"), N_("fours"), N_("fives"))
BONUS_PHASES = ("reshuffle_discard", "replay_discard")
FREE_CLUE_PHASES = ("free_colour_clue", "free_number_clue")


def _digit_bindings() -> list[BindingType]:
    bindings: list[BindingType] = []
    for digit in range(1, MAX_SLOTS + 1):
        first = digit == 1
        # The key bar shows the range that fits now ("1-5" with five cards, "1-2" with two others): key_display.
        bindings.append(Binding(str(digit), f"slot({digit - 1})", N_("Select card"), show=first))
        bindings.append(Binding(str(digit), f"target({digit})", N_("Player"), show=first))
    for rank in range(1, 6):
        bindings.append(Binding(str(rank), f"number({rank})", RANK_WORDS[rank - 1]))
    return bindings


class HanabiTurnScreen(TurnScreen):
    CSS_PATH = Path(__file__).with_name("hanabi.tcss")

    # Textual lets a subclass's bindings replace its base's for the same key, so the shared keys are
    # repeated first: `r` is Rules, or red while a clue is being chosen (check_action decides).
    BENCH_KEYS = {"": {"select": ("2", "3"), "apply": ("p", "enter")}}  # play the second card

    BINDINGS: ClassVar[list[BindingType]] = [
        *TurnScreen.BINDINGS,
        *_digit_bindings(),
        Binding("pageup", "scroll_body(-1)", N_("Scroll up"), show=False),
        Binding("pagedown", "scroll_body(1)", N_("Scroll down"), show=False),
        Binding("left", "move(-1)", N_("Previous card"), show=False),
        Binding("right", "move(1)", N_("Next card"), show=False),
        Binding("p", "play", N_("Play")),
        Binding("d", "discard", N_("Discard")),
        Binding("c", "clue", N_("Give a clue")),
        Binding("n", "note", N_("Note")),
        *(Binding(key, f"colour('{suit}')", COLOUR_NAMES[suit]) for key, suit in COLOUR_KEYS.items()),
        Binding("k", "skip", N_("Skip bonus")),
        Binding("enter", "confirm", N_("Confirm")),
        Binding("escape", "cancel", N_("Cancel")),
    ]

    # The mode machine: one value, replaced by the keys.
    step: var[Step] = var(Step, init=False, always_update=True)
    # This seat's own notes on the cards in hands, by (hand's seat, slot), from the session.
    notes: var[dict[tuple[int, int], str]] = var(dict, init=False)

    def __init__(self, view: HanabiView, **context: Any) -> None:
        super().__init__(view, **context)
        self.narrator: HanabiNarrator
        self.view: HanabiView = view
        self.choices = Choices(view)
        # What changed since this seat last looked at the table, marked on the table and the hands.
        self.new = render.changes(self.previous_view, view)
        # The widgets that follow the step and the notes (watch_step, watch_notes), composed below.
        self._others = OthersHands(view, new=self.new, id="hanabi-others")
        self._own = OwnHand(view, new=self.new, id="hanabi-own")
        self._prompt = PromptLine(view, id="prompt")

    # The step's parts and the View's choices, as the keys' code (and the tests) name them.

    @property
    def mode(self) -> Mode:
        return self.step.mode

    @property
    def selected(self) -> int:
        return self.step.selected

    @property
    def clue_target(self) -> int | None:
        return self.step.clue_target

    @property
    def pending_clue(self) -> Clue | None:
        return self.step.pending_clue

    @property
    def note_hand(self) -> int | None:
        return self.step.note_hand

    @property
    def others(self) -> list[int]:
        return self.choices.others

    @property
    def clues(self) -> list[Clue]:
        return self.choices.clues

    @property
    def discard_slots(self) -> set[int]:
        return self.choices.discard_slots

    @property
    def bonus_choices(self) -> list[ReturnDiscard | ReplayDiscard]:
        return self.choices.bonus_choices

    @property
    def can_skip(self) -> bool:
        return self.choices.can_skip

    @property
    def hand_size(self) -> int:
        return self.choices.hand_size

    def _has_clue_for(self, seat: int) -> bool:
        return self.choices.has_clue_for(seat)

    def touched_slots(self, seat: int, clue: Clue) -> set[int]:
        return self.choices.touched_slots(seat, clue)

    # Layout -------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        view, new = self.view, self.new
        convention = None
        if view.options.convention != "none":
            convention = self.narrator.option_choice("convention", view.options.convention)
        yield TurnHeader(self.game_title, view, id="hanabi-header")
        with VerticalScroll(id="hanabi-body", can_focus=False):
            yield TableSummary(view, new=new, convention=convention, id="hanabi-table")
            yield self._others
            if view.phase in BONUS_PHASES:
                yield BonusChoices(view, id="bonus-choices")
        yield self._own  # outside the scrolling part: always in view, even at 80x24
        # The moves since this seat last looked are in the news strip above the prompt (z), the whole log under l.
        yield self._prompt
        yield Static(id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        session = self.notes_session()
        if session is not None:
            self.notes = session.notes_for(self.seat)
        table = getattr(self.app, "session", None)
        if table is not None and any(table.computer_level(seat) == "hard" for seat in range(len(self.view.players))):
            # The Hard computers play finesses on a person too: the prompt says when one is read so.
            self._prompt.finesse = finesse_asked_of(self.view)
        if self.view.phase in FREE_CLUE_PHASES:
            self._start_clue()
        elif self.view.phase in BONUS_PHASES:
            self._set_mode("bonus_pick")
            self.query_one(BonusChoices).focus()
        else:
            self.step = self.step  # the widgets follow the first step

    def watch_notice(self, notice: str) -> None:
        self._prompt.notice = notice

    def watch_step(self, before: Step, step: Step) -> None:
        """The widgets follow the mode machine: the own card selected, the player numbers and the clue's
        marks on the other hands, the prompt. The keys that work change with the mode."""
        self._own.selected = step.selected if step.mode in SELECTING_MODES else None
        self._others.targeting = step.mode in TARGETING_MODES
        self._others.clue = step.pending_clue if step.mode == "clue_confirm" else None
        self._prompt.step = step
        if before.mode != step.mode:
            self.refresh_bindings()

    def watch_notes(self, notes: dict[tuple[int, int], str]) -> None:
        self._own.notes = {slot: note for (seat, slot), note in notes.items() if seat == self.seat}
        self._others.notes = {key: note for key, note in notes.items() if key[0] != self.seat}

    def _set_mode(self, mode: Mode, **changes: Any) -> None:
        """Go to `mode` (with the step's other `changes`): the status line's last words go."""
        self.set_status("")
        self.step = replace(self.step, mode=mode, **changes)

    def help_lines(self) -> list[tuple[str, str]]:
        """The keys of this game: a colour key only for a colour a clue may name (multicolour only in the
        tricky and difficult variants, black never), `k` only with the five flamboyants' bonus tiles."""
        clue_suits = self.view.clue_suits
        colours = (
            " ".join(suit.lower() for suit in clue_suits),
            _("while giving a clue: {colours}").format(colours=_(", ").join(colour_name(s) for s in clue_suits)),
        )
        skip = [("k", _("skip an optional bonus tile"))] if self.view.options.five_flamboyants else []
        return [
            (self.choices.card_and_arrow_keys(self.step), _("select one of your cards")),
            ("p", _("play the selected card (then Enter)")),
            ("d", _("discard the selected card (then Enter); not while all {n} clue tokens are left").format(n=MAX_CLUE_TOKENS)),
            ("c", _("give a clue: the player's number, then a colour letter or a number, then Enter")),
            (
                "n",
                _("write a note on a card, seen only by you: Enter for your selected card, or a player's number then a card number"),
            ),
            colours,
            *skip,
            ("Esc", _("cancel / go back one step")),
            ("PgUp/PgDn", _("scroll the table and the other hands on a small terminal")),
            (NEW_MARK, _("what changed since you last looked: a card played or discarded, a card drawn, a card a clue touched")),
            (
                _("your cards"),
                _(
                    "* a card a clue touched; R? or ?3 what the clues tell of it; \"not\" what they rule out;"
                    " \"5 ids\" the five identities (R3, B4...) it can still be, listed when you select it"
                ),
            ),
            *super().help_lines(),
        ]

    def key_display(self, binding: Binding) -> str | None:
        if binding.action.startswith("slot("):
            return self.choices.card_keys(self.step)
        if binding.action.startswith("target("):
            return self.choices.player_keys()
        return None

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys that work now, as the key bar lists them: while a clue's value is chosen, one entry
        for the colours ("r/y/g Colour") and one for the numbers ("1/3/5 Number"), not one per key,
        so that eleven possible keys still fit an 80-column bar."""
        active = dict(Screen.active_bindings.fget(self).items())  # type: ignore[attr-defined]
        if self.mode != "clue_value":
            return active
        groups: dict[str, list[tuple[str, ActiveBinding]]] = {"colour": [], "number": []}
        rest: dict[str, ActiveBinding] = {}
        for key, entry in active.items():
            kind = entry.binding.action.partition("(")[0]
            if kind in groups and entry.enabled:
                groups[kind].append((key, entry))
            else:
                rest[key] = entry
        merged: dict[str, ActiveBinding] = {}
        for kind, members in groups.items():
            if not members:
                continue
            key, first = members[0]
            keys = "/".join(self.app.get_key_display(entry.binding) for _key, entry in members)
            binding = Binding(key, f"clue_keys('{kind}')", N_("Colour") if kind == "colour" else N_("Number"), key_display=keys)
            merged[key] = first._replace(binding=binding)
        merged.update(rest)
        return merged

    # Key handling ---------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mode, phase = self.mode, self.view.phase
        idle_turn = mode == "idle" and phase == "turn"
        if action == "slot":
            if mode == "note_card":
                return int(parameters[0]) < self.choices.slot_count(self.step)  # type: ignore[call-overload]
            return idle_turn and int(parameters[0]) < self.hand_size  # type: ignore[call-overload]
        if action == "note":
            if mode not in ("idle", "note_target"):
                return False
            return True if self.notes_session() is not None else None
        if action == "move":
            return idle_turn and self.hand_size > 1
        if action == "play":
            return idle_turn and bool(self.choices.play_slots)
        if action == "discard":
            # Shown greyed while the rule forbids it (all clue tokens are in the box): a press says why.
            return (True if self.choices.discard_slots else None) if idle_turn else False
        if action == "clue":
            return (True if self.clues else None) if idle_turn else False
        if action == "target":
            number = int(parameters[0])  # type: ignore[call-overload]
            if mode == "note_target":
                return number <= len(self.others)
            return mode == "clue_target" and number <= len(self.others) and self._has_clue_for(self.others[number - 1])
        if action == "colour":
            return mode == "clue_value" and self.choices.clue_for(self.clue_target, str(parameters[0])) is not None
        if action == "number":
            return mode == "clue_value" and self.choices.clue_for(self.clue_target, int(parameters[0])) is not None  # type: ignore[call-overload]
        if action == "confirm":
            return mode in ("confirm_play", "confirm_discard", "clue_confirm", "note_target")
        if action == "cancel":
            return self.choices.can_cancel(self.step)
        if action == "skip":
            return mode == "bonus_pick" and self.can_skip
        if action == "rules":
            return mode != "clue_value"  # r names red while a clue is being chosen
        if action == "leave":
            return mode in ("idle", "bonus_pick")
        if action == "scroll_body":
            return self._scroll_problem(int(parameters[0])) is None  # type: ignore[call-overload]
        return True

    # Why a key does nothing now (every refused key answers: see TurnScreen.refusal) -----------------

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        if action == "scroll_body":
            return self._scroll_problem(int(parameters[0]))  # type: ignore[call-overload]
        if action in ("help", "log"):
            return None
        mode = self.mode
        if mode in NOTE_MODES:
            return self._note_refusal(action, parameters)
        if mode == "idle":
            return self._idle_refusal(action, parameters)
        if mode == "clue_target":
            return self._target_refusal(action, parameters)
        if mode == "clue_value":
            return self._value_refusal(action, parameters)
        if action == "rules":
            return None
        if mode == "confirm_play":
            return _("Enter plays card {n}; Esc cancels.").format(n=self.selected + 1)
        if mode == "confirm_discard":
            return _("Enter discards card {n}; Esc cancels.").format(n=self.selected + 1)
        if mode == "clue_confirm":
            return _("Enter gives this clue; Esc goes back to choose another.")
        if self.view.phase == "reshuffle_discard":
            return self.rule("choose_reshuffle")
        return self.rule("choose_replay")

    def rule(self, code: str, **params: Any) -> str:
        """A rule's refusal as the engine would give it, in words: the same sentence for a refused key."""
        return self.narrator.refusal(IllegalAction(code, **params))

    def engine_refusal(self, kind: str) -> str | None:
        """The engine's reason, as the View carries it, for refusing a move of `kind` as such now."""
        refused = next((r for r in self.view.refusals if r.kind == kind), None)
        return None if refused is None else self.rule(refused.code, **refused.params)

    def _idle_refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        count = self.hand_size
        if action == "slot":
            return ngettext(
                "There is no card {d}: you hold {n} card.", "There is no card {d}: you hold {n} cards.", count
            ).format(d=int(parameters[0]) + 1, n=count)  # type: ignore[call-overload]
        if action == "move":
            return _("You hold only one card.")
        if action in ("discard", "skip"):
            return self.engine_refusal(action)
        if action in ("clue", "colour"):
            refused = self.engine_refusal("clue")
            if refused is not None:
                return refused
            if action == "clue":
                return _("No clue can touch any card now.")
            return _("A colour letter names a clue: press c first, then the player.")
        if action == "confirm":
            return _("Enter confirms a play, a discard or a clue: choose one with p, d or c first.")
        if action == "note":
            return _("Notes are kept with a game in progress; this screen shows none.")
        return None  # a digit's other meanings: the card it selects answers for it

    def _note_refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        if action in ("rules", "number"):
            return None
        if self.mode == "note_target":
            if action == "target":
                count = len(self.others)
                return ngettext(
                    "There is only {n} other player.", "There are only {n} other players.", count
                ).format(n=count)
            if action == "slot":
                return None  # the same digit names a player here
            return _("Press Enter for your card {n}, or a player's number ({keys}); Esc cancels.").format(
                n=self.selected + 1, keys=self.choices.player_keys()
            )
        name = self.view.players[self.note_hand] if self.note_hand is not None else ""
        count = self.choices.slot_count(self.step)
        if action == "slot":
            return ngettext("{name} holds only {n} card.", "{name} holds only {n} cards.", count).format(
                name=name, n=count
            )
        if action == "target":
            return None  # the same digit names a card here
        return _("Press the number of one of {name}'s cards ({keys}), or Esc to go back.").format(
            name=name, keys=self.choices.card_keys(self.step)
        )

    def _free_clue_reason(self) -> str | None:
        if self.view.phase == "free_colour_clue":
            return self.rule("free_colour_clue_first")
        if self.view.phase == "free_number_clue":
            return self.rule("free_number_clue_first")
        return None

    def _target_refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        free = self._free_clue_reason()
        if action == "target":
            number, count = int(parameters[0]), len(self.others)  # type: ignore[call-overload]
            if number > count:
                return ngettext(
                    "There is only {n} other player.", "There are only {n} other players.", count
                ).format(n=count)
            name = self.view.players[self.others[number - 1]]
            if self.view.phase == "free_colour_clue":
                return _("No colour clue can touch any of {name}'s cards.").format(name=name)
            return _("No clue can touch any of {name}'s cards.").format(name=name)
        if action in ("slot", "number"):
            return None  # the same digit names a player here
        return free or _("Press the number of the player to give a clue to ({keys}), or Esc to cancel.").format(
            keys=self.choices.player_keys()
        )

    def _value_refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        name = self.view.players[self.clue_target]  # type: ignore[index]
        if action == "colour":
            suit = str(parameters[0])
            if suit not in self.view.clue_suits:
                return self.rule("multi_not_named") if suit == MULTI else self.rule("black_not_named")
            if self.view.phase == "free_number_clue":
                return self.rule("free_number_clue_first")
            return self.rule("empty_colour_clue", target=self.clue_target, suit=suit)
        if action == "number":
            if self.view.phase == "free_colour_clue":
                return self.rule("free_colour_clue_first")
            rank = int(parameters[0])  # type: ignore[call-overload]
            return self.rule("empty_number_clue", target=self.clue_target, rank=rank)
        if action == "target":
            return _("Numbers go from 1 to 5.") if int(parameters[0]) > 5 else None  # type: ignore[call-overload]
        if action in ("slot", "rules"):
            return None  # a digit is a number here, r is red
        free = self._free_clue_reason()
        if free and not self.choices.can_cancel(self.step):
            return free
        return _("Press a colour letter or a number to tell {name}, or Esc to go back.").format(name=name)

    def _scroll_problem(self, direction: int) -> str | None:
        """Why the table cannot scroll that way (None when it can)."""
        try:
            body = self.query_one("#hanabi-body", VerticalScroll)
        except NoMatches:
            return None  # not composed yet
        if body.max_scroll_y <= 0:
            return _("Everything fits on the screen: there is nothing to scroll.")
        if direction < 0 and body.scroll_y <= 0:
            return _("The table is already scrolled to the top.")
        if direction > 0 and body.scroll_y >= body.max_scroll_y:
            return _("The table is already scrolled to the bottom.")
        return None

    def action_scroll_body(self, direction: int) -> None:
        body = self.query_one("#hanabi-body", VerticalScroll)
        body.scroll_page_down() if direction > 0 else body.scroll_page_up()

    def action_slot(self, index: int) -> None:
        self._select(index)

    def action_move(self, offset: int) -> None:
        self._select((self.selected + offset) % self.hand_size)

    def _select(self, index: int) -> None:
        if self.mode == "note_card" and self.note_hand is not None:
            self._edit_note(self.note_hand, index)
            return
        if self.mode == "idle":
            self.step = replace(self.step, selected=index)  # another card marked: the status line stays
        else:
            self._set_mode("idle", selected=index)

    def action_play(self) -> None:
        self._set_mode("confirm_play")

    def action_discard(self) -> None:
        self._set_mode("confirm_discard")

    def action_clue(self) -> None:
        self._start_clue()

    def _start_clue(self) -> None:
        targets = [seat for seat in self.others if self._has_clue_for(seat)]
        if len(self.others) == 1 and targets:
            self._set_mode("clue_value", clue_target=targets[0])
        else:
            self._set_mode("clue_target")

    def action_target(self, number: int) -> None:
        if self.mode == "note_target":
            self._set_mode("note_card", note_hand=self.others[number - 1])
            return
        self._set_mode("clue_value", clue_target=self.others[number - 1])

    def action_colour(self, suit: str) -> None:
        self._set_mode("clue_confirm", pending_clue=self.choices.clue_for(self.clue_target, suit))

    def action_number(self, rank: int) -> None:
        self._set_mode("clue_confirm", pending_clue=self.choices.clue_for(self.clue_target, rank))

    def action_confirm(self) -> None:
        if self.mode == "note_target":
            self._edit_note(self.seat, self.selected)
        elif self.mode == "confirm_play":
            self.submit(PlayCard(slot=self.selected))
        elif self.mode == "confirm_discard":
            self.submit(DiscardCard(slot=self.selected))
        elif self.mode == "clue_confirm" and self.pending_clue is not None:
            self.submit(self.pending_clue)

    def action_cancel(self) -> None:
        if self.mode == "note_card":
            self._set_mode("note_target")
        elif self.mode == "clue_confirm":
            self._set_mode("clue_value", pending_clue=None)
        elif self.mode == "clue_value" and len(self.others) > 1:
            self._set_mode("clue_target")
        else:
            self._set_mode("idle")

    def action_clue_keys(self, kind: str) -> None:
        """A click on the key bar's "Colour" or "Number" entry: the keys are in the prompt."""
        self.show_error(_("Press one of the keys shown for the clue: {keys}.").format(keys=self.choices.clue_kinds_for(self.clue_target)))  # type: ignore[arg-type]

    def action_skip(self) -> None:
        self.submit(SkipBonus())

    # Notes ------------------------------------------------------------------------------------------

    def notes_session(self) -> Any | None:
        """The game's session, which keeps this seat's notes; None for a screen drawn outside a game."""
        session = getattr(self.app, "session", None)
        if session is None or not hasattr(session, "write_note") or session.computer_level(self.seat) is not None:
            return None
        return session

    def action_note(self) -> None:
        if self.mode == "note_target":  # n twice: the selected own card
            self._edit_note(self.seat, self.selected)
        else:
            self._set_mode("note_target")

    def _edit_note(self, hand_seat: int, slot: int) -> None:
        """Open the editor on the note of the card in `hand_seat`'s `slot` (this seat's own hand or another's)."""
        self._set_mode("idle")
        if hand_seat == self.seat:
            title = markup(_("Your note on your card {n}"), n=slot + 1)
        else:
            card = self.view.hands[hand_seat].slots[slot].card
            title = markup(
                _("Your note on {name}'s card {n} ({card})"),
                name=self.view.players[hand_seat],
                n=slot + 1,
                card=card.label if card is not None else "?",
            )

        def written(text: str | None) -> None:
            if text is not None:
                self._keep_note(hand_seat, slot, text)

        self.app.push_screen(NoteEditor(title, self.notes.get((hand_seat, slot), "")), written)

    def _keep_note(self, hand_seat: int, slot: int, text: str) -> None:
        session = self.notes_session()
        if session is None or session.showing_seat != self.seat:
            return  # this screen is no longer the one in front of the table
        try:
            session.write_note(self.seat, hand_seat, slot, text)
        except ValueError:
            self.show_error(_("This note cannot be kept: at most {n} characters, no control characters.").format(n=NOTE_MAX))
            return
        self.notes = session.notes_for(self.seat)  # the hand it is on follows (watch_notes)
        if session.save_problem is not None:
            self.show_error(_("The note is written, but the game could not be saved ({problem}).").format(problem=session.save_problem))
        else:
            self.set_status(_("Note written.") if text.strip() else _("Note removed."))

    @on(BonusChoices.Chosen)
    def _bonus_chosen(self, event: BonusChoices.Chosen) -> None:
        self.submit(event.action)


# The registry's way in (tui/games/__init__.py: turn_screen_class).
TURN_SCREEN = HanabiTurnScreen
