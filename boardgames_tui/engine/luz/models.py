"""Luz's data: options, cards, state, actions and the per-seat view."""

from __future__ import annotations

from typing import Annotated, Literal, Union, get_args

from pydantic import Field, TypeAdapter

from ..base import Event, FrozenModel, Refusal

# Colour letters; yellow (the sun) is trump.
RED, YELLOW, GREEN, BLUE, PURPLE = "R", "Y", "G", "B", "P"
COLOURS: tuple[str, ...] = (RED, YELLOW, GREEN, BLUE, PURPLE)  # also the order of groups in a sorted hand
TRUMP = YELLOW
HIGHEST_NUMBER: dict[int, int] = {3: 8, 4: 10, 5: 12}  # numbers 1..N in every colour, by player count
HAND_SIZE = 10
SET_ASIDE = 10
ROUNDS = 4
TRICKS_PER_ROUND = 10
MAX_BID = 10
# Points for a successful bid in rounds 1-4 (halved with the safety bead); a failed bid costs 5 per trick off.
SUCCESS_POINTS: tuple[int, ...] = (10, 20, 30, 40)
FAILURE_POINTS_PER_TRICK = 5

SortDirection = Literal["random", "high on the right", "high on the left"]  # values as stored in saves
RANDOM_SIDES, HIGH_ON_THE_RIGHT, HIGH_ON_THE_LEFT = get_args(SortDirection)
HighSide = Literal["left", "right"]
Phase = Literal["bid", "play", "over"]


class LuzOptions(FrozenModel):
    sort_direction: SortDirection = "random"  # which end of every sorted hand holds the high numbers


class LuzCard(FrozenModel):
    colour: str
    number: int

    @property
    def label(self) -> str:
        return f"{self.colour}{self.number}"


class Play(FrozenModel):
    """One card on the table: who played it."""

    seat: int
    card: LuzCard


class RoundResult(FrozenModel):
    """One player's line of the score sheet for one round."""

    bid: int
    bead: bool
    tricks: int
    points: int


class LuzState(FrozenModel):
    players: tuple[str, ...]
    options: LuzOptions
    seed: str
    round: int = 1  # 1..4
    phase: Phase = "bid"
    dealer: int  # shuffled and dealt this round (the start marker's holder before the pass)
    marker: int  # holds the start marker after the pass: bids first and leads, unless the 3-player round-4 rule applies
    first: int  # bids first and leads the first trick this round
    hands: tuple[tuple[LuzCard, ...], ...] = Field(repr=False)  # each in its sorted order, left to right
    high_sides: tuple[HighSide, ...]  # where each hand's "+" marker (the high numbers) is
    set_aside: tuple[LuzCard, ...] = Field(repr=False)
    bids: tuple[int | None, ...]
    beads: tuple[bool, ...]
    tricks_won: tuple[int, ...]
    trick_number: int = 1  # 1..10
    leader: int  # led the current trick
    current: int  # whose decision is pending
    trick: tuple[Play, ...] = ()  # cards on the table, in play order
    results: tuple[tuple[RoundResult, ...], ...] = ()  # one tuple per finished round, indexed by seat
    # Every event is public when it happens (each card is seen as it is played); what a seat can read back
    # later leaves out the cards of won tricks (see LuzRules.log_for).
    log: tuple[Event, ...] = ()


# Actions ---------------------------------------------------------------------------------------------


class Bid(FrozenModel):
    kind: Literal["bid"] = "bid"
    tricks: int
    bead: bool = False


class PlayCard(FrozenModel):
    kind: Literal["play"] = "play"
    position: int  # 0 = the leftmost card still in hand


LuzAction = Annotated[Union[Bid, PlayCard], Field(discriminator="kind")]
ACTION_ADAPTER: TypeAdapter[LuzAction] = TypeAdapter(LuzAction)


# View ------------------------------------------------------------------------------------------------


class HandView(FrozenModel):
    seat: int
    name: str
    colours: tuple[str, ...]  # every card's colour, left to right (card backs show the colour)
    numbers: tuple[int, ...] | None  # None when the viewer may not see the numbers (their own hand)
    high_side: HighSide


class FinishedTrick(FrozenModel):
    """The newest finished trick, face up as the whole table saw it when its last card was played. As at a
    real table, the last trick may be looked at again until the next one is finished; earlier ones not."""

    round: int
    number: int  # 1..10 in its round
    plays: tuple[Play, ...]  # in play order, from its leader
    winner: int
    led: str
    trumped: bool  # won by a yellow card, yellow not led


class SeatStatus(FrozenModel):
    seat: int
    name: str
    bid: int | None
    bead: bool
    tricks: int
    total: int  # points over the finished rounds


class LuzView(FrozenModel):
    seat: int | None
    players: tuple[str, ...]
    options: LuzOptions
    round: int
    phase: Phase
    highest_number: int
    dealer: int
    marker: int
    first: int
    trick_number: int
    leader: int
    current: int
    hands: tuple[HandView, ...]  # the public view (seat None) shows colours only
    trick: tuple[Play, ...]
    led_colour: str | None
    status: tuple[SeatStatus, ...]
    results: tuple[tuple[RoundResult, ...], ...]
    log: tuple[Event, ...]
    legal_actions: tuple[LuzAction, ...]
    last_trick: FinishedTrick | None = None  # None until the game's first trick is finished
    # For the seat to act: the engine's reason for refusing a bid now ("bid"), or a card ("play": its hand
    # position is the target; no target while the bidding goes on).
    refusals: tuple[Refusal, ...] = ()
