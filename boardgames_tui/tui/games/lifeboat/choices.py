"""What one seat's Lifeboat View lets it do, and where the turn screen's menus stand.

Both are read by the screen (its keys, their refusals) and by the menus and widgets it draws: worked out
from a seat's View, its legal actions and the engine's refusals it carries (`refusals`), never from a State.
No Textual here."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from ....engine.lifeboat.data import CARD_TYPE
from ....engine.lifeboat.models import LifeboatView, PlayCard, Refusal, SeatView, TradeCard
from ....i18n import _

# The decisions in which Space puts the card at the cursor into a trade (or takes it out).
TRADE_PICK_PHASES = ("trade_offer", "trade_answer")

SubMenuKind = Literal["swap_seats", "use_medical_kit", "propose_trade", "rob", "rob_what", "play_card"]


@dataclass(frozen=True)
class Open:
    """What a menu entry that opens a sub-menu opens: the targets of an action kind, whom to rob, or
    (rob_what) what to take from `target`."""

    kind: SubMenuKind
    target: int | None = None


@dataclass(frozen=True)
class SwitchRowed:
    """What a rowed card's menu entry does: send card `index` to the other place (row pile or under the deck)."""

    index: int


@dataclass(frozen=True)
class Step:
    """Where the screen's mode machine stands: the sub-menus open over the phase's menu (Esc closes the
    last), the entry highlighted in each menu (None: the menu's own first choice), where each rowed card
    goes, and the card at the hand cursor (None: no card to point at). Replaced as a whole by the keys."""

    opened: tuple[Open, ...] = ()
    highlights: tuple[int | None, ...] = (None,)  # one per menu: the phase's, then each sub-menu's
    to_pile: tuple[bool, ...] = ()
    cursor: int | None = None

    def opening(self, sub: Open) -> Step:
        return replace(self, opened=(*self.opened, sub), highlights=(*self.highlights, None))

    def back(self) -> Step:
        return replace(self, opened=self.opened[:-1], highlights=self.highlights[:-1])

    def highlighting(self, index: int) -> Step:
        """The same step with entry `index` of the open menu highlighted."""
        return replace(self, highlights=(*self.highlights[:-1], index))

    def switching(self, index: int) -> Step:
        """The same step with rowed card `index` going to the other place."""
        to_pile = list(self.to_pile)
        to_pile[index] = not to_pile[index]
        return replace(self, to_pile=tuple(to_pile))


class Choices:
    """What `view` (one seat's View) lets that seat do now, read once from its legal actions."""

    def __init__(self, view: LifeboatView) -> None:
        assert view.seat is not None, "a seat's View: the public one has no hand to play from"
        self.view = view
        self.seat: int = view.seat
        self.legal = view.legal_actions
        self.plays: dict[int, PlayCard] = {}  # card type -> the action naming the first of its kind
        self.trade_cards: set[int] = set()
        self.by_kind: dict[str, list[Any]] = {}
        for action in self.legal:
            if isinstance(action, PlayCard):
                self.plays[CARD_TYPE[action.card]] = action
            elif isinstance(action, TradeCard):
                self.trade_cards.add(action.card)
            self.by_kind.setdefault(action.kind, []).append(action)

    @property
    def phase(self) -> str:
        return self.view.phase

    @property
    def me(self) -> SeatView:
        return self.view.seats[self.seat]

    @property
    def hand(self) -> tuple[int, ...]:
        return self.me.hand or ()

    def first_step(self, cursor: int | None = 0) -> Step:
        """The step a decision starts at: no sub-menu, every rowed card to the row pile, the hand cursor
        kept where it was (`cursor`) if the hand still reaches it, on the first card of a hand that was
        empty before (a tester's p did nothing on the card drawn into an emptied hand: no cursor pointed at
        it), and on nothing while the hand is empty."""
        hand = self.hand
        cursor = min(cursor or 0, len(hand) - 1) if hand else None
        return Step(to_pile=(True,) * len(self.view.drawn or ()), cursor=cursor)

    def picked(self) -> tuple[int, ...]:
        """The own cards put into the trade being made."""
        trade = self.view.trade
        if trade is None:
            return ()
        mine = trade.give if trade.proposer == self.seat else trade.back
        return mine or ()

    def refused(self, kind: str) -> Refusal | None:
        """Why the engine would refuse the action of `kind` (an action kind, or "compass") tried now, as the
        View carries it; None when it would not (the key works)."""
        return next((refusal for refusal in self.view.refusals if refusal.kind == kind), None)

    def cursor_card(self, step: Step) -> int | None:
        hand = self.hand
        if step.cursor is None or not hand:
            return None
        return hand[step.cursor]

    def can_play(self, card: int | None) -> bool:
        """Whether `card` may be put face up now."""
        return card is not None and CARD_TYPE[card] in self.plays

    def play_for(self, card: int) -> PlayCard:
        """The legal action that puts a card of `card`'s kind face up."""
        return self.plays[CARD_TYPE[card]]

    @property
    def hand_matters(self) -> bool:
        """Whether a hand card may be played or traded now (what the cursor is for)."""
        return bool(self.plays or self.trade_cards)


def sentence(text: str) -> str:
    """`text` ending as a sentence does (the narrator's refusals mostly end without a full stop)."""
    if text.endswith((".", "!", "?", "。", "！", "？")):
        return text
    return _("{sentence}.").format(sentence=text)
