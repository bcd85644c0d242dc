"""Hanabi's data: options, cards, state, actions and the per-seat view."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, TypeAdapter

from ..base import Event, FrozenModel, Refusal

# Suit letters. Colour is never the only signal on screen, so every suit has a letter (the narrator names it).
RED, YELLOW, GREEN, BLUE, WHITE, MULTI, BLACK = "R", "Y", "G", "B", "W", "M", "K"
BASE_SUITS: tuple[str, ...] = (RED, YELLOW, GREEN, BLUE, WHITE)
ALL_SUITS: tuple[str, ...] = (*BASE_SUITS, MULTI, BLACK)
RANKS: tuple[int, ...] = (1, 2, 3, 4, 5)
MAX_CLUE_TOKENS = 8
MAX_MISFIRES = 3

SixthSuit = Literal["none", "tricky", "difficult", "avalanche"]
HandSizeRule = Literal["standard", "unofficial"]
Convention = Literal["none", "finesse", "layered finesse", "H-group", "other"]


class HanabiOptions(FrozenModel):
    """The variants; the setup screen's labels and help for each are the narrator's (option_label ...)."""

    hand_size: HandSizeRule = "standard"
    allow_empty_clues: bool = False
    sixth_suit: SixthSuit = "none"
    black_powder: bool = False
    five_flamboyants: bool = False
    convention: Convention = "none"


class Card(FrozenModel):
    id: int  # unique within a game: the card's position in the initial deck
    suit: str
    rank: int

    @property
    def label(self) -> str:
        return f"{self.suit}{self.rank}"


class Knowledge(FrozenModel):
    """What clues have told the holder about one card in their hand."""

    suits: tuple[str, ...]  # suits still possible from clues alone
    ranks: tuple[int, ...]  # ranks still possible from clues alone
    touched: bool = False  # some clue has pointed at this card


class HeldCard(FrozenModel):
    card: Card = Field(repr=False)
    knowledge: Knowledge


# Five flamboyants bonus tiles, kept as data so the list can be corrected if BGA's differs.
BonusTile = Literal["clue", "clue_and_misfire", "free_colour_clue", "free_number_clue", "reshuffle_discard", "replay_discard"]
BONUS_TILES: tuple[BonusTile, ...] = (
    "clue",
    "clue_and_misfire",
    "free_colour_clue",
    "free_number_clue",
    "reshuffle_discard",
    "replay_discard",
)

# Phases of a turn. "turn": an ordinary turn. The others are pending bonus-tile decisions of the player
# who completed a pile; they end the turn when resolved.
Phase = Literal["turn", "free_colour_clue", "free_number_clue", "reshuffle_discard", "replay_discard", "over"]
# How a game ended: every pile complete, the third misfire, or the last round after the deck ran out.
EndReason = Literal["all_fireworks", "third_misfire", "final_round"]


class HanabiState(FrozenModel):
    players: tuple[str, ...]
    options: HanabiOptions
    seed: str
    suits: tuple[str, ...]  # pile order for this game
    deck: tuple[Card, ...] = Field(repr=False)  # top of the deck is deck[0]
    hands: tuple[tuple[HeldCard, ...], ...] = Field(repr=False)  # slot 0 = leftmost = newest
    piles: tuple[int, ...]  # cards played per suit, same order as `suits`
    discard: tuple[Card, ...] = ()
    clue_tokens: int = MAX_CLUE_TOKENS
    misfires: int = 0
    current: int = 0
    turn: int = 0  # completed turns
    phase: Phase = "turn"
    final_turns_left: int | None = None  # set once the last card is drawn
    last_card_turn: int | None = None  # the turn (0-based) in which the last card was drawn; that turn doesn't count
    bonus_tiles: tuple[BonusTile, ...] = Field((), repr=False)  # face-down flamboyant tiles, next first
    bonus_revealed: tuple[BonusTile, ...] = ()
    reshuffles: int = 0  # counter for deriving the seed of each discard-reshuffle
    end_reason: EndReason | None = None
    log: tuple[Event, ...] = ()


# Actions ---------------------------------------------------------------------------------------------


class PlayCard(FrozenModel):
    kind: Literal["play"] = "play"
    slot: int  # 0 = leftmost


class DiscardCard(FrozenModel):
    kind: Literal["discard"] = "discard"
    slot: int


class ColourClue(FrozenModel):
    kind: Literal["colour_clue"] = "colour_clue"
    target: int
    suit: str  # a base colour, or MULTI in the tricky and difficult variants


class NumberClue(FrozenModel):
    kind: Literal["number_clue"] = "number_clue"
    target: int
    rank: int


class ReturnDiscard(FrozenModel):
    """Five flamboyants: shuffle this discarded card back into the deck."""

    kind: Literal["return_discard"] = "return_discard"
    card_id: int


class ReplayDiscard(FrozenModel):
    """Five flamboyants: play this discarded card onto its pile."""

    kind: Literal["replay_discard"] = "replay_discard"
    card_id: int


class SkipBonus(FrozenModel):
    """Five flamboyants: decline an optional bonus."""

    kind: Literal["skip_bonus"] = "skip_bonus"


HanabiAction = Annotated[
    Union[PlayCard, DiscardCard, ColourClue, NumberClue, ReturnDiscard, ReplayDiscard, SkipBonus],
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[HanabiAction] = TypeAdapter(HanabiAction)


# View ------------------------------------------------------------------------------------------------


class SlotView(FrozenModel):
    """One card of a hand as a given seat sees it."""

    card: Card | None  # None when the viewer may not see it (their own card, or the public table)
    knowledge: Knowledge  # what its holder has been told
    possible: tuple[str, ...] = ()  # own cards only: identities ("R3") still possible from what the viewer sees


class HandView(FrozenModel):
    seat: int
    name: str
    slots: tuple[SlotView, ...]


class HanabiView(FrozenModel):
    seat: int | None
    players: tuple[str, ...]
    options: HanabiOptions
    suits: tuple[str, ...]
    clue_suits: tuple[str, ...]  # colours that may be named in a clue
    piles: tuple[int, ...]
    discard: tuple[Card, ...]
    hands: tuple[HandView, ...]
    clue_tokens: int
    misfires: int
    deck_size: int
    current: int
    turn: int
    phase: Phase
    final_turns_left: int | None
    bonus_tiles_left: int
    bonus_revealed: tuple[BonusTile, ...]
    score: int
    log: tuple[Event, ...]
    legal_actions: tuple[HanabiAction, ...]
    # For the seat to act: why the engine refuses each kind of move tried as such now (rules.TRIED_KINDS).
    refusals: tuple[Refusal, ...] = ()
