"""Splendor Duel's data: options, state, actions and the per-seat view.

Token colours are indices (see data.py): 0 white, 1 blue, 2 green, 3 red, 4 black, 5 pearl, 6 gold.
Board cells are row * 5 + col (row 0 = the edge with the privilege strip); an empty cell holds -1.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, TypeAdapter

from ..base import Event, Fact, FrozenModel, Refusal

# start: optional privilege spending, optional replenish, or a main action; main: after a replenish, a
# main action only; then the choices a purchase or a royal card may need; discard: down to 10 tokens.
Phase = Literal["start", "main", "joker", "take_token", "steal", "royal", "discard", "over"]


class SplendorDuelOptions(FrozenModel):
    """The base game has no rule options."""


class Owned(FrozenModel):
    """A bought jewel card; `colour` is the bonus colour it counts as (a joker's chosen colour, None for
    a points-only card or a joker not yet placed)."""

    card: int
    colour: int | None


class PlayerState(FrozenModel):
    tokens: tuple[int, ...]  # 7 counts by token colour
    privileges: int = 0
    cards: tuple[Owned, ...] = ()
    reserved: tuple[int, ...] = Field(default=(), repr=False)  # secret to the opponent
    royals: tuple[int, ...] = ()
    thresholds: int = 0  # crown thresholds (3, 6) already rewarded
    # derived from cards and royals, kept for speed
    bonuses: tuple[int, ...] = (0, 0, 0, 0, 0)
    colour_points: tuple[int, ...] = (0, 0, 0, 0, 0)
    points: int = 0
    crowns: int = 0


class SplendorDuelState(FrozenModel):
    players: tuple[str, ...]
    options: SplendorDuelOptions
    seed: str
    turn: int = 0  # turns completed (an extra turn counts as a turn)
    current: int
    phase: Phase = "start"
    board: tuple[int, ...]  # 25 cells, token colour or -1
    bag: tuple[int, ...]  # 7 counts; drawn in an order shuffled at replenish time
    decks: tuple[tuple[int, ...], ...] = Field(repr=False)  # per level, top first; order is secret
    pyramid: tuple[tuple[int, ...], ...]  # per level, face-up card ids; 0 = an empty slot
    royals: tuple[int, ...]  # royal cards still available
    supply_privileges: int
    seats: tuple[PlayerState, ...]
    pending: tuple[str, ...] = ()  # abilities still to resolve this turn, in order
    choice_colour: int = -1  # the colour a take_token ability asks for
    extra_turn: bool = False
    replenishes: int = 0  # counter for the replenish shuffles
    passes: int = 0  # consecutive turns passed without a possible main action (stalemate rule)
    quiet_turns: int = 0  # turns in a row with no card bought or reserved (turn.QUIET_TURNS_LIMIT)
    # index in `log` where the current turn's entries begin, or those of the turn that earned this extra
    # turn: the news for the next player is everything public since their own last turn
    turn_start: int = 0
    # where the news begins: `turn_start` as it was when the newest event was logged (a finished turn's
    # news stays readable until the next turn logs something)
    news_start: int = 0
    winner: int | None = None
    # how the winner won: facts of kind "points" (count), "crowns" (count), "colour" (colour, count)
    win_reasons: tuple[Fact, ...] = ()
    log: tuple[Event, ...] = ()


# Actions ---------------------------------------------------------------------------------------------


class UsePrivilege(FrozenModel):
    """Optional step 1: return a privilege, take the gem or pearl on `cell`."""

    kind: Literal["use_privilege"] = "use_privilege"
    cell: int


class Replenish(FrozenModel):
    """Optional step 2 (compulsory when no main action is possible): refill the board from the bag."""

    kind: Literal["replenish"] = "replenish"


class TakeTokens(FrozenModel):
    """Main action: 1-3 adjacent non-gold tokens in a line; cells in ascending order."""

    kind: Literal["take_tokens"] = "take_tokens"
    cells: tuple[int, ...]


class Reserve(FrozenModel):
    """Main action: take the gold on `gold_cell` and reserve face-up card `card`, or (card None) the top
    of the level-`level` deck."""

    kind: Literal["reserve"] = "reserve"
    gold_cell: int
    level: int
    card: int | None = None


class Buy(FrozenModel):
    """Main action: buy face-up or own reserved card `card`, paying `payment` (7 token counts)."""

    kind: Literal["buy"] = "buy"
    card: int
    payment: tuple[int, ...]


class Pass(FrozenModel):
    """Only when no main action is possible and the bag is empty (stalemate rule)."""

    kind: Literal["pass"] = "pass"


class PlaceJoker(FrozenModel):
    """Attach the joker just bought to an owned card of gem colour `colour`."""

    kind: Literal["place_joker"] = "place_joker"
    colour: int


class TakeBoardToken(FrozenModel):
    """Ability: take the token on `cell` (of the bought card's colour)."""

    kind: Literal["take_board_token"] = "take_board_token"
    cell: int


class StealToken(FrozenModel):
    """Ability: take one gem or pearl of colour `colour` from the opponent."""

    kind: Literal["steal_token"] = "steal_token"
    colour: int


class ChooseRoyal(FrozenModel):
    kind: Literal["choose_royal"] = "choose_royal"
    royal: int


class DiscardToken(FrozenModel):
    """Return one token of `colour` to the bag (repeated until 10 tokens remain)."""

    kind: Literal["discard"] = "discard"
    colour: int


SplendorDuelAction = Annotated[
    Union[
        UsePrivilege,
        Replenish,
        TakeTokens,
        Reserve,
        Buy,
        Pass,
        PlaceJoker,
        TakeBoardToken,
        StealToken,
        ChooseRoyal,
        DiscardToken,
    ],
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[SplendorDuelAction] = TypeAdapter(SplendorDuelAction)


# View ------------------------------------------------------------------------------------------------


class PlayerView(FrozenModel):
    seat: int
    name: str
    tokens: tuple[int, ...]
    privileges: int
    cards: tuple[Owned, ...]
    reserved: tuple[int, ...] | None  # own cards; None for the opponent
    reserved_count: int
    royals: tuple[int, ...]
    bonuses: tuple[int, ...]
    colour_points: tuple[int, ...]
    points: int
    crowns: int


class SplendorDuelView(FrozenModel):
    seat: int | None
    players: tuple[str, ...]
    turn: int
    current: int
    phase: Phase
    board: tuple[int, ...]
    bag_size: int
    deck_sizes: tuple[int, ...]
    pyramid: tuple[tuple[int, ...], ...]
    royals: tuple[int, ...]
    supply_privileges: int
    seats: tuple[PlayerView, ...]
    pending: tuple[str, ...]
    choice_colour: int
    extra_turn: bool
    quiet_turns: int = 0  # turns in a row with no card bought or reserved: the game ends at turn.QUIET_TURNS_LIMIT
    winner: int | None
    win_reasons: tuple[Fact, ...]
    news: tuple[Event, ...]  # the public events since this seat's last turn (see SplendorDuelState.news_start)
    log: tuple[Event, ...]
    legal_actions: tuple[SplendorDuelAction, ...]
    # For the seat to act: why the engine would refuse each kind of action a key may try, and the tries on
    # each cell and deck (rules.SplendorDuelRules.refusals); () for anyone else.
    refusals: tuple[Refusal, ...] = ()
