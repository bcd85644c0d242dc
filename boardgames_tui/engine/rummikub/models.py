"""Rummikub (the standard game): options, state, actions and the per-seat view."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, TypeAdapter

from ..base import FrozenModel, LogEntry
from .tiles import JokerMeaning, Tile

JokerReuse = Literal["anywhere", "new set", "new set with 1 rack tile", "new set with 2 rack tiles"]
TurnTimer = Literal["off", "30 s", "60 s", "120 s"]
TIMER_SECONDS: dict[str, int | None] = {"off": None, "30 s": 30, "60 s": 60, "120 s": 120}
RACK_SIZE = 14
TIMEOUT_PENALTY_TILES = 3
# A turn ends by itself, as if its time had run out, after this many table actions (moves, undos, resets):
# far above what a person needs, it guarantees that every turn (and every random playout) ends.
MAX_TURN_ACTIONS = 200


class RummikubOptions(FrozenModel):
    initial_meld: Literal[30, 50] = Field(30, title="Initial meld", description="Points the first play must reach")
    play_after_meld: Literal["same turn", "next turn"] = Field(
        "same turn",
        title="After the initial meld",
        description="Whether the table may be used in the initial-meld turn itself, or only from the next turn",
    )
    direction: Literal["clockwise", "counter-clockwise"] = Field("clockwise", title="Direction of play")
    two_jokers_in_a_set: bool = Field(True, title="Two jokers in a set", description="Allow both jokers in one set")
    group_joker_needs_both_colours: bool = Field(
        False,
        title="Group-of-3 joker",
        description="Replacing the joker of a three-tile group needs both missing colours at once",
    )
    joker_reuse: JokerReuse = Field(
        "anywhere",
        title="Freed joker goes",
        description="Where a joker taken off the table must be played again in the same turn",
    )
    joker_sets: Literal["locked", "free"] = Field(
        "locked",
        title="Sets with jokers",
        description="locked: such a set may grow but not lose tiles or be rearranged; free: like any set",
    )
    turn_timer: TurnTimer = Field(
        "off",
        title="Turn timer",
        description="Out of time: an invalid table is restored, the tiles return and 3 are drawn (1 if nothing was played)",
    )


class TableSet(FrozenModel):
    id: int  # stable across turns: a locked joker set keeps its identity
    tiles: tuple[int, ...]  # tile ids, left to right
    jokers: tuple[JokerMeaning, ...] = ()  # the player's choices for jokers whose meaning is ambiguous
    replaced: tuple[int, ...] = ()  # tiles that replaced a joker of this set this turn: they may not leave it


class TurnStart(FrozenModel):
    """The table and the acting player's rack as they were at a point of the turn (for reset and undo)."""

    table: tuple[TableSet, ...]
    rack: tuple[int, ...]
    freed_jokers: tuple[int, ...] = ()
    next_set_id: int


class RummikubState(FrozenModel):
    players: tuple[str, ...]
    options: RummikubOptions
    seed: str
    pool: tuple[int, ...] = Field(repr=False)  # face-down tiles, next draw first
    racks: tuple[tuple[int, ...], ...] = Field(repr=False)
    table: tuple[TableSet, ...] = ()
    next_set_id: int = 0
    melded: tuple[bool, ...]  # has made the initial meld (before this turn, for the current player)
    current: int
    turn: int = 0
    phase: Literal["turn", "over"] = "turn"
    turn_start: TurnStart = Field(repr=False)  # reset goes back here
    undo: tuple[TurnStart, ...] = Field((), repr=False)  # one snapshot per move this turn, newest last
    freed_jokers: tuple[int, ...] = ()  # jokers taken off the table this turn: they must end up in a set
    actions_this_turn: int = 0  # table actions taken this turn, undone ones included (see MAX_TURN_ACTIONS)
    end_reason: str | None = None
    final_scores: tuple[int, ...] | None = None
    winner: int | None = None
    summary: str = ""  # public line for the pass-the-device screen
    log: tuple[LogEntry, ...] = ()


# Actions ---------------------------------------------------------------------------------------------


class MoveTiles(FrozenModel):
    """Move tiles (from the rack or the table) into a set at a position, or into a new set (to=None)."""

    kind: Literal["move"] = "move"
    tiles: tuple[int, ...]
    to: int | None = None  # a table set's id; None = a new set
    position: int | None = None  # index in the target set before the move; None = at the end


class ReturnToRack(FrozenModel):
    """Take tiles played from the rack this turn back to the rack."""

    kind: Literal["to_rack"] = "to_rack"
    tiles: tuple[int, ...]


class SplitSet(FrozenModel):
    kind: Literal["split"] = "split"
    set_id: int
    at: int  # the new set starts with the tile at this index


class ChooseJoker(FrozenModel):
    """Say what an ambiguous joker stands for (a group's missing colour, say)."""

    kind: Literal["joker"] = "joker"
    tile: int
    colour: str
    number: int


class SortRack(FrozenModel):
    kind: Literal["sort_rack"] = "sort_rack"
    by: Literal["colour", "number"]


class Undo(FrozenModel):
    kind: Literal["undo"] = "undo"


class ResetTurn(FrozenModel):
    kind: Literal["reset"] = "reset"


class EndTurn(FrozenModel):
    kind: Literal["end_turn"] = "end_turn"


class Draw(FrozenModel):
    kind: Literal["draw"] = "draw"


class TimeUp(FrozenModel):
    """The turn timer ran out (sent by the screen's clock)."""

    kind: Literal["time_up"] = "time_up"


RummikubAction = Annotated[
    Union[MoveTiles, ReturnToRack, SplitSet, ChooseJoker, SortRack, Undo, ResetTurn, EndTurn, Draw, TimeUp],
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[RummikubAction] = TypeAdapter(RummikubAction)


# View ------------------------------------------------------------------------------------------------


class SetView(FrozenModel):
    id: int
    tiles: tuple[Tile, ...]
    valid: bool
    kind: Literal["run", "group"] | None  # what it is (None while invalid)
    problem: str | None  # why it is not a valid set, in plain words
    jokers: tuple[JokerMeaning, ...]  # what each joker stands for
    ambiguous_jokers: tuple[int, ...]  # jokers whose meaning the player may switch
    locked: bool  # a joker set under the "locked" rule: may grow, nothing may leave it
    changed: bool  # differs from the start of the turn


class RummikubView(FrozenModel):
    seat: int | None
    players: tuple[str, ...]
    options: RummikubOptions
    current: int
    turn: int
    phase: Literal["turn", "over"]
    rack: tuple[Tile, ...] | None  # the viewer's own rack; None on the public view
    rack_counts: tuple[int, ...]
    pool_size: int
    table: tuple[SetView, ...]
    melded: tuple[bool, ...]
    played_this_turn: tuple[int, ...]  # tile ids that came from the rack this turn
    freed_jokers: tuple[int, ...]
    meld_points: int  # value of the tiles played from the rack this turn (for the initial meld)
    end_turn_problems: tuple[str, ...]  # empty = the turn may be ended now
    can_undo: bool
    can_reset: bool
    timer_seconds: int | None
    actions_left: int  # table actions left this turn before it ends as if time ran out
    log: tuple[str, ...]
    legal_actions: tuple[RummikubAction, ...]
