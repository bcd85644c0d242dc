"""Rummikub: options, state, actions and the per-seat view, for every rule set (standard, American,
International). Fields that only the American and International rule sets use have defaults, so saves
of the standard game written before they existed still load."""

from __future__ import annotations

from typing import Annotated, Literal, Union, get_args

from pydantic import Field, SerializerFunctionWrapHandler, TypeAdapter, model_serializer

from ..base import Event, Fact, FrozenModel, Refusal
from .tiles import JokerMeaning, OneInRuns, Tile

RuleSet = Literal["standard", "american", "international"]
# Setup-screen hint for options the American and International rule sets settle themselves.
STANDARD_ONLY = {"shown_when": {"rule_set": "standard"}}
JokerReuse = Literal["anywhere", "new set", "new set with 1 rack tile", "new set with 2 rack tiles"]
# joker_reuse value -> how many tiles from the rack the freed joker's new set needs ("anywhere" is absent).
REUSE_RACK_TILES: dict[str, int] = dict(zip(get_args(JokerReuse)[1:], (0, 1, 2)))
PlayAfterMeld = Literal["same turn", "next turn"]
SAME_TURN, NEXT_TURN = get_args(PlayAfterMeld)
TurnTimer = Literal["off", "30 s", "60 s", "120 s"]
TIMER_SECONDS: dict[str, int | None] = {"off": None, "30 s": 30, "60 s": 60, "120 s": 120}
RACK_SIZE = 14
TIMEOUT_PENALTY_TILES = 3
# A turn ends by itself, as if its time had run out, after this many table actions (moves, undos, resets):
# far above what a person needs, it guarantees that every turn (and every random playout) ends.
MAX_TURN_ACTIONS = 200


class RummikubOptions(FrozenModel):
    """The setup choices; the narrator (narration/rummikub.py) names them and their values."""

    rule_set: RuleSet = "standard"
    initial_meld: Literal[30, 50] = Field(30, json_schema_extra=STANDARD_ONLY)
    play_after_meld: PlayAfterMeld = Field(SAME_TURN, json_schema_extra=STANDARD_ONLY)
    direction: Literal["clockwise", "counter-clockwise"] = Field("clockwise", json_schema_extra=STANDARD_ONLY)
    two_jokers_in_a_set: bool = True
    group_joker_needs_both_colours: bool = False
    joker_reuse: JokerReuse = Field("anywhere", json_schema_extra=STANDARD_ONLY)
    joker_sets: Literal["locked", "free"] = "locked"
    turn_timer: TurnTimer = "off"
    hints: bool = False  # a key on the turn screen shows the best play the move finder sees for the seat

    @model_serializer(mode="wrap")
    def _leave_out_standard(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        """The standard rule set is left out of the dump: saves and transcripts of the standard game stay
        exactly as they were before the rule sets existed (and a missing rule_set loads as standard)."""
        data: dict[str, object] = handler(self)
        if data.get("rule_set") == "standard":
            del data["rule_set"]
        if data.get("hints") is False:
            del data["hints"]  # likewise for games set up before hints existed
        return data


class TableSet(FrozenModel):
    id: int  # stable across turns: a locked joker set keeps its identity
    tiles: tuple[int, ...]  # tile ids, left to right
    jokers: tuple[JokerMeaning, ...] = ()  # the player's choices for jokers whose meaning is ambiguous
    replaced: tuple[int, ...] = ()  # tiles that replaced a joker of this set this turn: they may not leave it
    owner: int | None = None  # American / International: the seat whose meld it is (None in the standard game)
    # The turn in which the set last changed (stamped when a turn ends; -1: never since the deal). A seat's
    # View marks the sets that changed since that seat's last turn with it.
    changed_turn: int = -1


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
    # "draw" and "discard" only in the American and International rule sets: a turn there is draw (phase
    # "draw"), meld ("turn") and discard; "discard" is a turn whose time ran out: only a discard is left.
    phase: Literal["draw", "turn", "discard", "over"] = "turn"
    turn_start: TurnStart = Field(repr=False)  # reset goes back here
    undo: tuple[TurnStart, ...] = Field((), repr=False)  # one snapshot per move this turn, newest last
    freed_jokers: tuple[int, ...] = ()  # jokers taken off the table this turn: they must end up in a set
    actions_this_turn: int = 0  # table actions taken this turn, undone ones included (see MAX_TURN_ACTIONS)
    end_reason: Fact | None = None  # why the game ended (kind "reason_..."; its args name the seat)
    final_scores: tuple[int, ...] | None = None
    winner: int | None = None
    # The log entries [start, end) that the last turn's end told the table: the pass-the-device screen
    # shows them (the public parts), until the next turn ends.
    told: tuple[int, int] = (0, 0)
    log: tuple[Event, ...] = ()
    # American / International only ------------------------------------------------------------------
    stacks: tuple[int, ...] = ()  # sizes of the face-down stacks in draw order; `pool` holds their tiles
    discards: tuple[tuple[int, int], ...] = ()  # the discard pile, bottom first: (tile, seat that discarded it)
    trump: int | None = None  # the face-up trump tile in the centre (None once taken)
    took_trump: int | None = None  # the trump, taken this turn instead of a draw: the player must go out
    took_discard: int | None = None  # the tile taken from the discard pile this turn (not to be discarded again)
    announced: tuple[bool, ...] = ()  # International: who has announced holding 3 tiles or fewer
    win_kind: Literal["out", "open", "finish", "closed"] | None = None  # how the game was won
    score_notes: tuple[Fact, ...] = ()  # how the final scores came about (results screen)
    # Every rule set ----------------------------------------------------------------------------------------
    # Seconds left on the turn timer of the turn in progress, as the screen's clock last recorded them
    # (RecordClock); None: the full time. Saved with the game, so a resumed turn continues its clock.
    clock: int | None = None
    # Per seat: the length of the log when that seat's last turn ended (before its closing lines). What was
    # logged from there on is the news that seat's next turn screen shows. Empty: nobody has played yet.
    turn_ends: tuple[int, ...] = ()


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


class ArrangeRack(FrozenModel):
    """Put one rack tile at another place on the rack, the others keeping their order. Free, like SortRack:
    not a move, never undone, and undo and reset keep the arrangement."""

    kind: Literal["arrange_rack"] = "arrange_rack"
    tile: int
    to: int  # the tile's index on the rack afterwards


class RecordClock(FrozenModel):
    """The turn timer's clock shows `seconds_left` (sent by the screen now and then and before leaving the
    game, so the time left is saved). It only runs down; it changes nothing else. Not listed by
    legal_actions (one for every second), like MoveTiles of several tiles."""

    kind: Literal["clock"] = "clock"
    seconds_left: int


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


# American and International only. Draw (above) is there the draw of the top face-down tile that starts a
# turn; MoveTiles, ReturnToRack, SplitSet, ChooseJoker, Undo, ResetTurn, SortRack and TimeUp work as in the
# standard game (within the ownership rules); Discard, not EndTurn, ends a turn.


class TakeDiscard(FrozenModel):
    """Instead of drawing: take the top tile of the discard pile (the previous player's discard)."""

    kind: Literal["take_discard"] = "take_discard"


class TakeTrump(FrozenModel):
    """Instead of drawing: take the face-up trump tile. Only as a winning draw: the turn must end by going
    out (in International with a finish or a closed win), or the trump goes back (ReturnTrump)."""

    kind: Literal["take_trump"] = "take_trump"


class ReturnTrump(FrozenModel):
    """Put the trump back: the turn goes back to its start, before the draw."""

    kind: Literal["return_trump"] = "return_trump"


class Discard(FrozenModel):
    """End the turn by discarding a tile from the rack face up; discarding the last tile goes out."""

    kind: Literal["discard"] = "discard"
    tile: int


RummikubAction = Annotated[
    Union[
        MoveTiles,
        ReturnToRack,
        SplitSet,
        ChooseJoker,
        SortRack,
        Undo,
        ResetTurn,
        EndTurn,
        Draw,
        TimeUp,
        TakeDiscard,
        TakeTrump,
        ReturnTrump,
        Discard,
        ArrangeRack,
        RecordClock,
    ],
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[RummikubAction] = TypeAdapter(RummikubAction)


# View ------------------------------------------------------------------------------------------------


class SetView(FrozenModel):
    id: int
    tiles: tuple[Tile, ...]
    valid: bool
    kind: Literal["run", "group"] | None  # what it is (None while invalid)
    problem: Fact | None  # why it is not a valid set
    jokers: tuple[JokerMeaning, ...]  # what each joker stands for
    ambiguous_jokers: tuple[int, ...]  # jokers whose meaning the player may switch
    locked: bool  # a joker set under the "locked" rule: may grow, nothing may leave it
    changed: bool  # differs from the start of the turn
    owner: int | None = None  # American / International: whose meld it is
    recent: bool = False  # changed since the current player's last turn (by the other players)


class TurnRules(FrozenModel):
    """What this game's rule set says about sets and turns, stated by the engine: screens and bots read it
    here instead of deriving it from the rule set's name or the options."""

    one_in_runs: OneInRuns  # where a 1 may stand in a run
    two_jokers_in_a_set: bool
    initial_meld: int  # points the first tiles laid must be worth
    play_after_meld_same_turn: bool  # the table opens to the player right after the initial meld
    # After the initial meld a player reworks only their own sets; the others' only grow with rack tiles.
    own_sets_only: bool
    turn_ends_by_discard: bool  # a turn starts with a draw (or a take) and ends with a discard
    closed_win: bool  # a player may go out at once, every tile but the discard laid in new sets


class RummikubView(FrozenModel):
    seat: int | None
    players: tuple[str, ...]
    options: RummikubOptions
    current: int
    turn: int
    phase: Literal["draw", "turn", "discard", "over"]
    rack: tuple[Tile, ...] | None  # the viewer's own rack; None on the public view
    rack_counts: tuple[int, ...]
    pool_size: int
    table: tuple[SetView, ...]
    melded: tuple[bool, ...]
    played_this_turn: tuple[int, ...]  # tile ids that came from the rack this turn
    freed_jokers: tuple[int, ...]
    meld_points: int  # value of the tiles played from the rack this turn (for the initial meld)
    end_turn_problems: tuple[Fact, ...]  # empty = the turn may be ended now
    can_undo: bool
    can_reset: bool
    timer_seconds: int | None
    actions_left: int  # table actions left this turn before it ends as if time ran out
    log: tuple[Event, ...]  # as this seat may read it
    legal_actions: tuple[RummikubAction, ...]
    turn_rules: TurnRules
    # American / International (defaults in the standard game) ----------------------------------------
    rule_set: RuleSet = "standard"
    stack_sizes: tuple[int, ...] = ()  # face-down stacks, in draw order (their tiles are never shown)
    discard_top: Tile | None = None  # the only visible tile of the discard pile
    discard_pile_size: int = 0
    discards_by_seat: tuple[int, ...] = ()  # per seat: how many of its discards lie in the pile
    trump: Tile | None = None  # the face-up trump in the centre, or the one the current player took this turn
    trump_taken: bool = False  # the current player took the trump this turn (it is on their rack)
    taken_discard: Tile | None = None  # taken from the discard pile this turn: it may not be discarded again
    may_take_discard: bool = False  # the current player may take the discard pile's top instead of drawing
    may_take_trump: bool = False  # the current player may take the trump (as a winning draw only)
    announced: tuple[bool, ...] = ()  # International: players who announced holding 3 tiles or fewer
    laid_points: int = 0  # face value of every tile laid from the rack this turn (International finish: 50)
    going_out_as: Literal["out", "open", "finish", "closed"] | None = None  # a discard now would win like this
    # Every rule set -----------------------------------------------------------------------------------------
    clock_left: int | None = None  # seconds left on this turn's clock as last recorded; None: the full time
    # For the acting seat: each action a player may try at any moment of a turn (editing.TRIED_ACTIONS), and
    # each tried on a set or a tile (editing.TARGETED_TRIES), that the engine would refuse now, with the
    # engine's reason. Screens and bots read it; none re-derives a rule.
    refusals: tuple[Refusal, ...] = ()
    news_from: int = 0  # index in `log` of the first line since the seat's last turn ended (its closing lines)
    # The table as it stood when the turn in progress began (after its draw in American and International;
    # empty once the game is over): what reset goes back to, seen by everyone, so the same in every seat's
    # view. A turn's plan reads the table from here, whatever the turn's moves have done to `table` since.
    start_table: tuple[SetView, ...] = ()
