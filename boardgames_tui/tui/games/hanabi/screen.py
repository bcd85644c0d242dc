"""The Hanabi turn screen: one seat's private view, with keys for playing, discarding and cluing."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar, Literal

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ....engine.base import IllegalAction
from ....engine.saves import NOTE_MAX
from ....engine.hanabi.clues import clue_touches
from ....engine.hanabi.models import (
    BASE_SUITS,
    MAX_CLUE_TOKENS,
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
from ....i18n import N_, _, ngettext, pgettext
from ...screens.turn import TurnScreen
from ...text import markup
from ...widgets.cards import card_face
from ...widgets.keybar import KeyBar
from ...widgets.news import NEW_MARK
from . import render
from ....narration.hanabi import COLOUR_NAMES, HanabiNarrator, colour_name, colour_word
from .notes import NoteEditor

Mode = Literal[
    "idle",
    "confirm_play",
    "confirm_discard",
    "clue_target",
    "clue_value",
    "clue_confirm",
    "bonus_pick",
    "note_target",  # n pressed: whose card? (Enter: the selected own card; a digit: another player)
    "note_card",  # another player chosen: which of their cards?
]
NOTE_MODES = ("note_target", "note_card")
COLOUR_KEYS = {suit.lower(): suit for suit in (*BASE_SUITS, MULTI)}
MAX_SLOTS = 6
RANK_WORDS = (N_("ones"), N_("twos"), N_("threes"), N_("fours"), N_("fives"))
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

    def __init__(self, view: HanabiView, **context: Any) -> None:
        super().__init__(view, **context)
        self.narrator: HanabiNarrator
        self.view: HanabiView = view
        self.mode: Mode = "idle"
        self.selected: int = 0
        self.clue_target: int | None = None
        self.pending_clue: ColourClue | NumberClue | None = None
        # This seat's own notes on the cards in hands, by (hand's seat, slot), from the session; and the hand
        # whose card is being chosen for a note.
        self.notes: dict[tuple[int, int], str] = {}
        self.note_hand: int | None = None
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
        # What changed since this seat last looked at the table, marked on the table and the hands.
        self.new = render.changes(self.previous_view, view)

    # Layout -------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="hanabi-header")
        with VerticalScroll(id="hanabi-body", can_focus=False):
            yield Static(id="hanabi-table")
            yield Static(id="hanabi-others")
            if self.view.phase in ("reshuffle_discard", "replay_discard"):
                yield OptionList(id="bonus-choices")
        yield Static(id="hanabi-own")  # outside the scrolling part: always in view, even at 80x24
        yield Static(id="prompt")
        yield Static(id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        view = self.view
        session = self.notes_session()
        if session is not None:
            self.notes = session.notes_for(self.seat)
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
        if view.current == view.seat:
            header.append(" " + _("Turn {turn} · Your turn, {name}").format(turn=view.turn + 1, name=me))
        else:  # a computer is playing on this person's screen
            header.append(" " + _("Turn {turn} · {name} to play").format(turn=view.turn + 1, name=view.players[view.current]))
        self.query_one("#hanabi-header", Static).update(header)
        self.query_one("#hanabi-own", Static).border_title = markup(_("You: {name}"), name=me)

        self.new = new = render.changes(self.previous_view, view)
        table_parts: list[Any] = [
            render.status_line(view, new),
            render.fireworks_panel(view, new),
            render.discard_panel(view, new),
        ]
        bonus = render.bonus_panel(view, new)
        if bonus is not None:
            table_parts.append(bonus)
        convention = None
        if view.options.convention != "none":
            convention = self.narrator.option_choice("convention", view.options.convention)
        legend = render.legend_and_convention(view, convention)
        if legend is not None:
            table_parts.append(legend)
        self.query_one("#hanabi-table", Static).update(Group(*table_parts))
        # The moves since this seat last looked are in the news strip above the prompt (z), the whole log under l.
        self._refresh_others()
        self._refresh_own()

    @property
    def hand_size(self) -> int:
        return len(self.view.hands[self.seat].slots)

    def name_width(self) -> int:
        """The width of the name column: every other player's whole name after its number, on one line."""
        longest = max((cell_len(self.view.players[seat]) for seat in self.others), default=0)
        return max(render.NAME_WIDTH, longest + 2)

    def _refresh_others(self) -> None:
        view = self.view
        others = []
        targeting = self.mode in ("clue_target", "clue_value", "clue_confirm", *NOTE_MODES)
        width = self.name_width()
        for number, seat in enumerate(self.others, start=1):
            highlight: set[int] = set()
            if self.mode == "clue_confirm" and seat == self.clue_target and self.pending_clue is not None:
                highlight = self.touched_slots(seat, self.pending_clue)
            hand = view.hands[seat]
            notes = self.notes_on(seat)
            others.append(
                render.other_hand(
                    view,
                    hand,
                    number if targeting else None,
                    highlight=highlight,
                    name_width=width,
                    notes=notes,
                    new=self.new,
                )
            )
        self.query_one("#hanabi-others", Static).update(Group(*others))

    def _refresh_own(self, *, same_size: bool = False) -> None:
        """Redraw the own hand and the prompt; `same_size` skips the layout pass (a new slot selected)."""
        view = self.view
        selected = self.selected if self.mode in ("idle", "confirm_play", "confirm_discard", "note_target") else None
        own = render.own_hand(
            view,
            view.hands[self.seat],
            selected,
            name_width=self.name_width(),
            notes=self.notes_on(self.seat),
            new=self.new,
        )
        self.query_one("#hanabi-own", Static).update(own, layout=not same_size)
        self.query_one("#prompt", Static).update(self.prompt_text(), layout=not same_size)

    def notes_on(self, seat: int) -> dict[int, str]:
        """This seat's notes on `seat`'s cards, by slot."""
        return {slot: note for (hand_seat, slot), note in self.notes.items() if hand_seat == seat}

    def slot_count(self) -> int:
        """How many cards the digits choose from now: another player's while choosing one for a note."""
        if self.mode == "note_card" and self.note_hand is not None:
            return len(self.view.hands[self.note_hand].slots)
        return self.hand_size

    def card_keys(self) -> str:
        """The digits that select a card now: '1-5', or '1' for a single card."""
        count = self.slot_count()
        return "1" if count == 1 else f"1-{count}"

    def card_and_arrow_keys(self) -> str:
        """The keys that choose a card: '1-5, ←/→' (the arrows only with more than one card)."""
        if self.hand_size == 1:
            return self.card_keys()
        return pgettext("between keys", "{digits}, {arrows}").format(digits=self.card_keys(), arrows="←/→")

    def player_keys(self) -> str:
        """The digits that name another player: '1-2' with two others."""
        return "1" if len(self.others) == 1 else f"1-{len(self.others)}"

    def prompt_text(self) -> Content:
        """What to do now, offering only what is possible."""
        view = self.view
        slot = self.selected + 1
        free = view.phase in ("free_colour_clue", "free_number_clue")
        if self.mode == "confirm_play":
            return markup(_("Play card {n}? Enter to confirm, Esc to cancel."), n=slot)
        if self.mode == "confirm_discard":
            return markup(_("Discard card {n}? Enter to confirm, Esc to cancel."), n=slot)
        if self.mode == "clue_target":
            if view.phase == "free_colour_clue":
                template = _("Your free colour clue: to whom? Press the player's number ({keys}).")
            elif view.phase == "free_number_clue":
                template = _("Your free number clue: to whom? Press the player's number ({keys}).")
            else:
                template = _("Give a clue to whom? Press the player's number ({keys}); Esc to cancel.")
            return markup(template, keys=self.player_keys())
        if self.mode == "clue_value":
            name = view.players[self.clue_target]  # type: ignore[index]
            kinds = self.clue_kinds_for(self.clue_target)  # type: ignore[arg-type]
            if self._can_cancel():
                template = _("Free clue for {name}: {kinds}. Esc to go back.") if free else _("Clue for {name}: {kinds}. Esc to go back.")
            else:
                template = _("Free clue for {name}: {kinds}.") if free else _("Clue for {name}: {kinds}.")
            return markup(template, name=name, kinds=kinds)
        if self.mode == "clue_confirm" and self.pending_clue is not None:
            touched = len(self.touched_slots(self.pending_clue.target, self.pending_clue))
            if touched:
                template = ngettext(
                    "{clue} (the card marked ▲)? Enter gives it, Esc goes back.",
                    "{clue} (the {n} cards marked ▲)? Enter gives it, Esc goes back.",
                    touched,
                )
            else:
                template = _("{clue} (it touches no card)? Enter gives it, Esc goes back.")
            return markup(template, clue=self.clue_text(self.pending_clue), n=touched)
        if self.mode == "note_target":
            return markup(
                _("Note on which card? Enter (or n): your card {n}; or a player's number ({keys}) for one of theirs. Esc cancels."),
                n=slot,
                keys=self.player_keys(),
            )
        if self.mode == "note_card" and self.note_hand is not None:
            return markup(
                _("Note on which of {name}'s cards? Press {keys}; Esc goes back."),
                name=view.players[self.note_hand],
                keys=self.card_keys(),
            )
        if self.mode == "bonus_pick":
            if view.phase == "reshuffle_discard":
                template = _("Bonus: shuffle a discarded card back into the deck? ↑/↓ and Enter")
            else:
                template = _("Bonus: play a card from the discard pile? ↑/↓ and Enter")
            return markup(template + (_("; k skips.") if self.can_skip else "."))
        keys = self.card_and_arrow_keys()
        can_discard, can_clue = bool(self.discard_slots), bool(self.clues)
        if can_discard and can_clue:
            template = _("Choose a card ({keys}), then p play or d discard; or c to give a clue.")
        elif can_clue:
            template = _("Choose a card ({keys}), then p play; or c to give a clue.")
        elif can_discard:
            template = _("Choose a card ({keys}), then p play or d discard (no clue tokens left).")
        else:
            template = _("Choose a card ({keys}), then p play.")
        return markup(template, keys=keys)

    def clue_kinds_for(self, target: int) -> str:
        held = {c.suit for c in self.clues if isinstance(c, ColourClue) and c.target == target}
        colours = [suit for suit in self.view.clue_suits if suit in held]  # in the piles' order: r/y/g/b/w/m
        numbers = sorted({c.rank for c in self.clues if isinstance(c, NumberClue) and c.target == target})
        parts = []
        if colours:
            parts.append(_("colour {keys}").format(keys="/".join(s.lower() for s in colours)))
        if numbers:
            parts.append(_("number {keys}").format(keys="/".join(str(n) for n in numbers)))
        return _(" or ").join(parts)

    def clue_text(self, clue: ColourClue | NumberClue) -> str:
        """The clue in words, as plain text (the name in it is a player's: show it with `markup`/`plain`)."""
        name = self.view.players[clue.target]
        if isinstance(clue, ColourClue):
            return _("Tell {name} about {colour}").format(name=name, colour=colour_word(clue.suit))
        return _("Tell {name} about {rank}s").format(name=name, rank=clue.rank)

    def touched_slots(self, seat: int, clue: ColourClue | NumberClue) -> set[int]:
        avalanche = self.view.options.sixth_suit == "avalanche"
        return {
            index
            for index, slot in enumerate(self.view.hands[seat].slots)
            if slot.card is not None and clue_touches(slot.card, clue, avalanche)
        }

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
            (self.card_and_arrow_keys(), _("select one of your cards")),
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
            *super().help_lines(),
        ]

    def key_display(self, binding: Binding) -> str | None:
        if binding.action.startswith("slot("):
            return self.card_keys()
        if binding.action.startswith("target("):
            return self.player_keys()
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
                return int(parameters[0]) < self.slot_count()  # type: ignore[call-overload]
            return idle_turn and int(parameters[0]) < self.hand_size  # type: ignore[call-overload]
        if action == "note":
            if mode not in ("idle", "note_target"):
                return False
            return True if self.notes_session() is not None else None
        if action == "move":
            return idle_turn and self.hand_size > 1
        if action == "play":
            return idle_turn and bool(self.play_slots)
        if action == "discard":
            # Shown greyed while the rule forbids it (all clue tokens are in the box): a press says why.
            return (True if self.discard_slots else None) if idle_turn else False
        if action == "clue":
            return (True if self.clues else None) if idle_turn else False
        if action == "target":
            number = int(parameters[0])  # type: ignore[call-overload]
            if mode == "note_target":
                return number <= len(self.others)
            return mode == "clue_target" and number <= len(self.others) and self._has_clue_for(self.others[number - 1])
        if action == "colour":
            return mode == "clue_value" and self._clue_for_value(str(parameters[0])) is not None
        if action == "number":
            return mode == "clue_value" and self._clue_for_value(int(parameters[0])) is not None  # type: ignore[call-overload]
        if action == "confirm":
            return mode in ("confirm_play", "confirm_discard", "clue_confirm", "note_target")
        if action == "cancel":
            return self._can_cancel()
        if action == "skip":
            return mode == "bonus_pick" and self.can_skip
        if action == "rules":
            return mode != "clue_value"  # r names red while a clue is being chosen
        if action == "leave":
            return mode in ("idle", "bonus_pick")
        if action == "scroll_body":
            return self._scroll_problem(int(parameters[0])) is None  # type: ignore[call-overload]
        return True

    def _can_cancel(self) -> bool:
        mode, phase = self.mode, self.view.phase
        if mode in NOTE_MODES:
            return True
        if mode == "clue_target":
            return phase == "turn"  # a free clue must be given
        if mode == "clue_value":
            return phase == "turn" or len(self.others) > 1
        return mode in ("confirm_play", "confirm_discard", "clue_confirm")

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

    def _idle_refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        count = self.hand_size
        if action == "slot":
            return ngettext(
                "There is no card {d}: you hold {n} card.", "There is no card {d}: you hold {n} cards.", count
            ).format(d=int(parameters[0]) + 1, n=count)  # type: ignore[call-overload]
        if action == "move":
            return _("You hold only one card.")
        if action == "discard":
            return self.rule("all_clue_tokens", n=MAX_CLUE_TOKENS)
        if action in ("clue", "colour"):
            if self.view.clue_tokens <= 0:
                return self.rule("no_clue_tokens")
            if action == "clue":
                return _("No clue can touch any card now.")
            return _("A colour letter names a clue: press c first, then the player.")
        if action == "skip":
            return self.rule("no_bonus")
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
                n=self.selected + 1, keys=self.player_keys()
            )
        name = self.view.players[self.note_hand] if self.note_hand is not None else ""
        count = self.slot_count()
        if action == "slot":
            return ngettext("{name} holds only {n} card.", "{name} holds only {n} cards.", count).format(
                name=name, n=count
            )
        if action == "target":
            return None  # the same digit names a card here
        return _("Press the number of one of {name}'s cards ({keys}), or Esc to go back.").format(
            name=name, keys=self.card_keys()
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
            keys=self.player_keys()
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
        if free and not self._can_cancel():
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
        if previous in ("clue_target", "clue_value", "clue_confirm", *NOTE_MODES) or mode.startswith(("clue", "note")):
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
        self._select((self.selected + step) % self.hand_size)

    def _select(self, index: int) -> None:
        if self.mode == "note_card" and self.note_hand is not None:
            self._edit_note(self.note_hand, index)
            return
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
        if self.mode == "note_target":
            self.note_hand = self.others[number - 1]
            self._set_mode("note_card")
            return
        self.clue_target = self.others[number - 1]
        self._set_mode("clue_value")

    def action_colour(self, suit: str) -> None:
        self.pending_clue = self._clue_for_value(suit)
        self._set_mode("clue_confirm")

    def action_number(self, rank: int) -> None:
        self.pending_clue = self._clue_for_value(rank)
        self._set_mode("clue_confirm")

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
            self.pending_clue = None
            self._set_mode("clue_value")
        elif self.mode == "clue_value" and len(self.others) > 1:
            self._set_mode("clue_target")
        else:
            self._set_mode("idle")

    def action_clue_keys(self, kind: str) -> None:
        """A click on the key bar's "Colour" or "Number" entry: the keys are in the prompt."""
        self.show_error(_("Press one of the keys shown for the clue: {keys}.").format(keys=self.clue_kinds_for(self.clue_target)))  # type: ignore[arg-type]

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
        self.notes = session.notes_for(self.seat)
        if hand_seat == self.seat:
            self._refresh_own()
        else:
            self._refresh_others()
        if session.save_problem is not None:
            self.show_error(_("The note is written, but the game could not be saved ({problem}).").format(problem=session.save_problem))
        else:
            self.set_status(_("Note written.") if text.strip() else _("Note removed."))

    @on(OptionList.OptionSelected, "#bonus-choices")
    def _bonus_chosen(self, event: OptionList.OptionSelected) -> None:
        self.submit(self.bonus_choices[int(event.option.id or 0)])


# The registry's way in (tui/games/__init__.py: turn_screen_class).
TURN_SCREEN = HanabiTurnScreen
