"""What one seat's View lets it do, and where the turn screen's mode machine stands.

Both are read by the screen (its keys, their refusals, the help) and by its widgets (the prompt, the clue
marks on the other hands): worked out once from a seat's View, never from a State."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rich.cells import cell_len

from ....engine.hanabi.clues import clue_touches
from ....engine.hanabi.models import (
    ColourClue,
    DiscardCard,
    HanabiView,
    NumberClue,
    PlayCard,
    ReplayDiscard,
    ReturnDiscard,
    SkipBonus,
)
from ....i18n import _, pgettext
from ....narration.hanabi import colour_word
from . import render

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
NOTE_MODES: tuple[Mode, ...] = ("note_target", "note_card")
# The modes that number the other players (a digit names one of them) ...
TARGETING_MODES: tuple[Mode, ...] = ("clue_target", "clue_value", "clue_confirm", *NOTE_MODES)
# ... and the ones that show which own card is selected.
SELECTING_MODES: tuple[Mode, ...] = ("idle", "confirm_play", "confirm_discard", "note_target")

Clue = ColourClue | NumberClue


@dataclass(frozen=True)
class Step:
    """Where the screen's mode machine stands: the mode, the own card selected, the player a clue is for and
    the clue chosen, the hand whose card a note is for. One value, replaced as a whole on every key."""

    mode: Mode = "idle"
    selected: int = 0
    clue_target: int | None = None
    pending_clue: Clue | None = None
    note_hand: int | None = None


class Choices:
    """What `view` (one seat's View) lets that seat do now, read once from its legal actions."""

    def __init__(self, view: HanabiView) -> None:
        assert view.seat is not None, "a seat's View: the public one has no hand to play from"
        self.view = view
        self.seat: int = view.seat
        legal = view.legal_actions
        self.play_slots = {a.slot for a in legal if isinstance(a, PlayCard)}
        self.discard_slots = {a.slot for a in legal if isinstance(a, DiscardCard)}
        self.clues: list[Clue] = [a for a in legal if isinstance(a, (ColourClue, NumberClue))]
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
        self.others = [(self.seat + step) % count for step in range(1, count)]

    @property
    def hand_size(self) -> int:
        return len(self.view.hands[self.seat].slots)

    def name_width(self) -> int:
        """The width of the name column: every other player's whole name after its number, on one line."""
        longest = max((cell_len(self.view.players[seat]) for seat in self.others), default=0)
        return max(render.NAME_WIDTH, longest + 2)

    # Clues ------------------------------------------------------------------------------------------

    def has_clue_for(self, seat: int) -> bool:
        return any(c.target == seat for c in self.clues)

    def clue_for(self, target: int | None, value: str | int) -> Clue | None:
        """The legal clue to `target` naming `value` (a colour letter or a number), if there is one."""
        for clue in self.clues:
            if clue.target != target:
                continue
            if isinstance(clue, ColourClue) and clue.suit == value:
                return clue
            if isinstance(clue, NumberClue) and clue.rank == value:
                return clue
        return None

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

    def clue_text(self, clue: Clue) -> str:
        """The clue in words, as plain text (the name in it is a player's: show it with `markup`/`plain`)."""
        name = self.view.players[clue.target]
        if isinstance(clue, ColourClue):
            return _("Tell {name} about {colour}").format(name=name, colour=colour_word(clue.suit))
        return _("Tell {name} about {rank}s").format(name=name, rank=clue.rank)

    def touched_slots(self, seat: int, clue: Clue) -> set[int]:
        avalanche = self.view.options.sixth_suit == "avalanche"
        return {
            index
            for index, slot in enumerate(self.view.hands[seat].slots)
            if slot.card is not None and clue_touches(slot.card, clue, avalanche)
        }

    # Keys -------------------------------------------------------------------------------------------

    def slot_count(self, step: Step) -> int:
        """How many cards the digits choose from now: another player's while choosing one for a note."""
        if step.mode == "note_card" and step.note_hand is not None:
            return len(self.view.hands[step.note_hand].slots)
        return self.hand_size

    def card_keys(self, step: Step) -> str:
        """The digits that select a card now: '1-5', or '1' for a single card."""
        count = self.slot_count(step)
        return "1" if count == 1 else f"1-{count}"

    def card_and_arrow_keys(self, step: Step) -> str:
        """The keys that choose a card: '1-5, ←/→' (the arrows only with more than one card)."""
        if self.hand_size == 1:
            return self.card_keys(step)
        return pgettext("between keys", "{digits}, {arrows}").format(digits=self.card_keys(step), arrows="←/→")

    def player_keys(self) -> str:
        """The digits that name another player: '1-2' with two others."""
        return "1" if len(self.others) == 1 else f"1-{len(self.others)}"

    def can_cancel(self, step: Step) -> bool:
        """Whether Esc goes back a step now (a free clue must be given: no way out of choosing it)."""
        mode, phase = step.mode, self.view.phase
        if mode in NOTE_MODES:
            return True
        if mode == "clue_target":
            return phase == "turn"
        if mode == "clue_value":
            return phase == "turn" or len(self.others) > 1
        return mode in ("confirm_play", "confirm_discard", "clue_confirm")
