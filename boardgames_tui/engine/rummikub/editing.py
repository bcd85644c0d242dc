"""The table editor every Rummikub rule set shares.

A turn is several `apply` calls by the current player. Each action kind K has check_K (the rule that
refuses it, or None) and do_K (its effect), which the kernel in engine/base.py dispatches; each rule set
declares its phases (the kinds each allows). Here: the tile moves (MoveTiles, ReturnToRack, SplitSet,
ChooseJoker; each pushes an undo snapshot and counts towards MAX_TURN_ACTIONS), Undo / ResetTurn, and the
free rack actions (SortRack, ArrangeRack, RecordClock). The rule sets add the actions that open and close
a turn (standard.py, discard.py).

Locked joker sets (joker_sets="locked"): a set that held a joker at the start of the turn may grow (at
either end of a run; anywhere in a group) but none of its tiles may leave it, it may not be split and a
run/group reading may not be switched. Tiles added to it this turn may leave again. Replacing a joker is
a MoveTiles onto the joker's position with the tile(s) it stands for (a run: exactly that tile; a group:
one or two tiles of the number in missing colours, from the rack or the table). The freed joker lies
alone on the table as a one-tile set, is listed in `freed_jokers`, never goes to a rack, and the
replacing tiles stay in their set for the rest of the turn (TableSet.replaced).

SortRack and ArrangeRack are free: not moves, never undone; they rearrange the rack of the current state,
of the turn start and of every undo snapshot alike, so undo and reset keep the arrangement.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, NamedTuple

from ..base import GameRules, IllegalAction, as_param
from .models import (
    ACTION_ADAPTER,
    Discard,
    Draw,
    Refusal,
    ResetTurn,
    TurnRules,
    ReturnTrump,
    TakeDiscard,
    TakeTrump,
    Undo,
    MAX_TURN_ACTIONS,
    TIMER_SECONDS,
    ArrangeRack,
    ChooseJoker,
    MoveTiles,
    RecordClock,
    ReturnToRack,
    RummikubAction,
    RummikubOptions,
    RummikubState,
    RummikubView,
    SortRack,
    SplitSet,
    TableSet,
    TurnStart,
)
from .listing import switches_reading
from .sets import COLOUR_OF, IS_JOKER, LABEL_OF, NUMBER_OF, analyse, meaning
from .tiles import TILE_COUNT, JokerMeaning, OneInRuns
from .turn import REPLACES, TurnContext

__all__ = ["TableRules", "sort_rack", "follow_order", "stamp_changes", "table_set", "shown"]

_SEATS: tuple[frozenset[int], ...] = tuple(frozenset((s,)) for s in range(8))
_NOBODY: frozenset[int] = frozenset()


# Racks ---------------------------------------------------------------------------------------------------


def _colour_key(t: int) -> tuple[int, int, int]:
    return (COLOUR_OF[t] if COLOUR_OF[t] >= 0 else 9, NUMBER_OF[t], t)


def _number_key(t: int) -> tuple[int, int, int]:
    return (NUMBER_OF[t] if NUMBER_OF[t] else 99, COLOUR_OF[t], t)


def sort_rack(rack: Iterable[int], by: str) -> tuple[int, ...]:
    """'colour': K R B O, each ascending ("789"); 'number': by number, colours in K R B O order ("777").
    Jokers go to the right end."""
    return tuple(sorted(rack, key=_colour_key if by == "colour" else _number_key))


def follow_order(rack: tuple[int, ...], order: tuple[int, ...]) -> tuple[int, ...]:
    """`rack` with the tiles it shares with `order` put in `order`'s order, in the places they held (the
    other tiles stay where they are): an arrangement of the rack carried over to an undo snapshot."""
    where = {t: k for k, t in enumerate(order)}
    common = iter(sorted((t for t in rack if t in where), key=where.__getitem__))
    return tuple(next(common) if t in where else t for t in rack)


shown = as_param  # an action's field as a refusal argument: ints and strings as they are, anything else as its repr


# Table sets ----------------------------------------------------------------------------------------------


def table_set(
    set_id: int,
    tiles: tuple[int, ...],
    jokers: tuple[JokerMeaning, ...] = (),
    replaced: tuple[int, ...] = (),
    owner: int | None = None,
    changed_turn: int = -1,
) -> TableSet:
    return TableSet.model_construct(
        id=set_id, tiles=tiles, jokers=jokers, replaced=replaced, owner=owner, changed_turn=changed_turn
    )


def _with_tiles(ts: TableSet, tiles: tuple[int, ...], add_replaced: tuple[int, ...] = ()) -> TableSet:
    """`ts` holding `tiles` now; joker choices and replacement marks follow the tiles that stay."""
    jokers = ts.jokers
    if jokers:
        jokers = tuple(m for m in jokers if m.tile in tiles)
    replaced = ts.replaced
    if replaced:
        replaced = tuple(t for t in replaced if t in tiles)
    if add_replaced:
        replaced = replaced + add_replaced
    return table_set(ts.id, tiles, jokers, replaced, ts.owner, ts.changed_turn)


def stamp_changes(table: tuple[TableSet, ...], start: tuple[TableSet, ...], turn: int) -> tuple[TableSet, ...]:
    """`table` at the end of turn `turn`: every set that is new or differs from `start` (its tiles or what
    its jokers stand for) is stamped with that turn, and the `replaced` marks of the turn are dropped."""
    before = {ts.id: ts for ts in start}
    out = []
    for ts in _keep_places(table, start):
        b = before.get(ts.id)
        changed = b is None or b.tiles != ts.tiles or b.jokers != ts.jokers
        if changed or ts.replaced:
            ts = table_set(ts.id, ts.tiles, ts.jokers, (), ts.owner, turn if changed else ts.changed_turn)
        out.append(ts)
    return tuple(out)


def _keep_places(table: tuple[TableSet, ...], start: tuple[TableSet, ...]) -> tuple[TableSet, ...]:
    """`table` in the order that moves the fewest sets from where they were at the start of the turn.
    Sets are numbered by their place on the screen and players remember them by number, so a set taken
    apart in the middle should not renumber the rest: a set still there keeps its place; a new set takes
    the place of the set that went whose tiles it shares most (a run rebuilt with one tile more goes back
    where it was), then the other places freed in order; the other new sets follow."""
    by_id = {ts.id: ts for ts in table}
    start_ids = {b.id for b in start}
    new = [ts for ts in table if ts.id not in start_ids]
    gone = [k for k, b in enumerate(start) if b.id not in by_id]
    shared = sorted(
        ((len(set(start[k].tiles) & set(ts.tiles)), k, n) for k in gone for n, ts in enumerate(new)),
        key=lambda pair: (-pair[0], pair[1], pair[2]),
    )
    place_of: dict[int, int] = {}  # a freed place -> the new set that takes it
    for count, k, n in shared:
        if count and k not in place_of and n not in place_of.values():
            place_of[k] = n
    rest = iter([n for n in range(len(new)) if n not in place_of.values()])
    for k in gone:
        if k not in place_of:
            n = next(rest, None)
            if n is not None:
                place_of[k] = n
    out: list[TableSet] = []
    for k, b in enumerate(start):
        if b.id in by_id:
            out.append(by_id[b.id])
        elif k in place_of:
            out.append(new[place_of[k]])
    out.extend(new[n] for n in rest)
    return tuple(out)


# The actions without parameters a player may try at any moment of a turn (a key each on the screen): the View
# carries the engine's reason for refusing each (RummikubView.refusals). Ending the turn is not among them: the
# View lists what stands in its way (end_turn_problems).
#
# The View also carries the reasons for the tries on each set and tile (TARGETED_TRIES, by kind): taking a
# tile out of a set (its first one, to a new set: what stands in the way of rearranging it), splitting it,
# switching a joker that has no other reading, and in the discard rule sets discarding each rack tile.
TRIED_ACTIONS: dict[str, RummikubAction] = {
    "draw": Draw(),
    "take_discard": TakeDiscard(),
    "take_trump": TakeTrump(),
    "return_trump": ReturnTrump(),
    "undo": Undo(),
    "reset": ResetTurn(),
}
TARGETED_TRIES = ("take_from_set", "split", "joker", "discard")


class _MovePlan(NamedTuple):
    """What check_move found out about a legal MoveTiles, for do_move."""

    tiles: tuple[int, ...]
    sources: dict[int, int]  # tile -> index of its set, -1 for the rack
    target: int | None  # index of the target set; None: a new set
    joker: int | None  # the joker this move replaces, if it is a replacement
    row: tuple[int, ...] | None  # the target's tiles afterwards (an ordinary move onto a set)


# The turn context of the state last asked about, with the rule set that made it: listing, checking, applying
# and viewing a turn ask about the same state in turn, and making one reads the whole table (states are
# frozen: the same object has the same context). One slot for the module, whichever rule set asks.
_last_context: tuple[TableRules, RummikubState, TurnContext] | None = None


# The rules every rule set shares --------------------------------------------------------------------------


class TableRules(GameRules[RummikubState, RummikubAction, RummikubView, RummikubOptions]):  # type: ignore[type-var]
    """The table editor; standard.py and discard.py add how a turn opens and ends, and the phases."""

    id = "rummikub"
    title = "Rummikub"
    min_players = 2
    max_players = 4
    Options = RummikubOptions
    State = RummikubState
    action_adapter = ACTION_ADAPTER
    one_in_runs: ClassVar[OneInRuns] = "low"
    own_sets_only: ClassVar[bool] = False
    turn_ends_by_discard: ClassVar[bool] = False
    closed_win: ClassVar[bool] = False

    # -- the turn context

    def new_context(self, state: RummikubState) -> TurnContext:
        raise NotImplementedError

    def turn_rules(self, ctx: TurnContext) -> TurnRules:
        """The rules of sets and turns the View states (TurnRules)."""
        return TurnRules(
            one_in_runs=self.one_in_runs,
            two_jokers_in_a_set=ctx.two,
            initial_meld=ctx.threshold,
            play_after_meld_same_turn=ctx.same_turn,
            own_sets_only=self.own_sets_only,
            turn_ends_by_discard=self.turn_ends_by_discard,
            closed_win=self.closed_win,
        )

    def ctx(self, state: RummikubState) -> TurnContext:
        """The turn context of `state` (the last one is kept, as listing, checks and effects ask in turn)."""
        global _last_context
        last = _last_context
        if last is not None and last[1] is state and last[0] is self:
            return last[2]
        ctx = self.new_context(state)
        _last_context = (self, state, ctx)
        return ctx

    # -- whose move

    def to_act(self, state: RummikubState) -> frozenset[int]:
        return _NOBODY if state.phase == "over" else _SEATS[state.current]

    def refusals(self, state: RummikubState, seat: int | None) -> tuple[Refusal, ...]:
        """For `seat` when it is to act: each of TRIED_ACTIONS the engine would refuse now, and why (a rule set
        without the action refuses it as unknown); then the TARGETED_TRIES on each set and tile."""
        if seat is None or seat != state.current or state.phase == "over":
            return ()
        tries: list[tuple[str, int | None, RummikubAction]] = [(kind, None, action) for kind, action in TRIED_ACTIONS.items()]
        ctx = self.ctx(state)
        for ts in state.table:
            if len(ts.tiles) > 1:  # a lone tile has nowhere to go that is not where it is
                tries.append(("take_from_set", ts.id, MoveTiles.model_construct(tiles=(ts.tiles[0],), to=None, position=None)))
                tries.append(("split", ts.id, SplitSet.model_construct(set_id=ts.id, at=1)))
            info = ctx.infos[ctx.index_of[ts.id]]
            for tile in ts.tiles:
                if IS_JOKER[tile] and not info.alternatives.get(tile):
                    tries.append(("joker", tile, ChooseJoker.model_construct(tile=tile, colour="", number=0)))
        if self.turn_ends_by_discard:
            tries += [("discard", tile, Discard.model_construct(tile=tile)) for tile in state.racks[seat]]
        found = []
        for kind, target, action in tries:
            refused = self.refusal(state, seat, action)
            if refused is not None:
                found.append(Refusal.model_construct(kind=kind, code=refused.code, params=dict(refused.params), target=target))
        return tuple(found)

    # -- shared pieces of the table actions

    @staticmethod
    def _tile_list_refusal(tiles: Any) -> IllegalAction | None:
        if type(tiles) is not tuple or not tiles:
            return IllegalAction("no_tiles_chosen")
        for t in tiles:
            if type(t) is not int or not 0 <= t < TILE_COUNT:
                return IllegalAction("no_such_tile", tile=shown(t))
        if len(set(tiles)) != len(tiles):
            return IllegalAction("tile_listed_twice")
        return None

    @staticmethod
    def _snapshot(state: RummikubState) -> tuple[TurnStart, ...]:
        snap = TurnStart.model_construct(
            table=state.table,
            rack=state.racks[state.current],
            freed_jokers=state.freed_jokers,
            next_set_id=state.next_set_id,
        )
        return (*state.undo, snap)

    def _moved(
        self,
        state: RummikubState,
        table: list[TableSet],
        rack: tuple[int, ...],
        next_set_id: int,
        freed: tuple[int, ...],
    ) -> RummikubState:
        """The state after a move: the new table and rack, an undo snapshot, one more table action."""
        racks = list(state.racks)
        racks[state.current] = rack
        moved = state.model_copy(
            update={
                "table": tuple(table),
                "racks": tuple(racks),
                "next_set_id": next_set_id,
                "freed_jokers": freed,
                "undo": self._snapshot(state),
                "actions_this_turn": state.actions_this_turn + 1,
            }
        )
        return moved if moved.actions_this_turn < MAX_TURN_ACTIONS else self.out_of_time(moved, limit=True)

    def _counted(self, state: RummikubState) -> RummikubState:
        """A turn ends by itself, as if its time ran out, once it reaches MAX_TURN_ACTIONS table actions."""
        if state.actions_this_turn >= MAX_TURN_ACTIONS:
            return self.out_of_time(state, limit=True)
        return state

    def out_of_time(self, state: RummikubState, limit: bool = False) -> RummikubState:
        """The turn timer ran out (or, with `limit`, the turn reached MAX_TURN_ACTIONS): the rule set's
        own ending of the turn."""
        raise NotImplementedError

    # -- MoveTiles

    def _move_plan(self, state: RummikubState, action: MoveTiles) -> _MovePlan | IllegalAction:
        tiles = action.tiles
        refused = self._tile_list_refusal(tiles)
        if refused is not None:
            return refused
        ctx = self.ctx(state)
        table = state.table
        rack = set(state.racks[state.current])
        sources: dict[int, int] = {}
        for t in tiles:
            if t in rack:
                sources[t] = -1
            elif t in ctx.where:
                sources[t] = ctx.where[t]
            else:
                return IllegalAction("tile_not_yours", tile=LABEL_OF[t])
        to, position = action.to, action.position
        target_index: int | None = None
        target: TableSet | None = None
        if to is None:
            if position is not None:
                return IllegalAction("new_set_has_no_position")
        else:
            if type(to) is not int or to not in ctx.index_of:
                return IllegalAction("no_such_set", set=shown(to))
            target_index = ctx.index_of[to]
            target = table[target_index]
            size = len(target.tiles)
            if position is None:
                position = size
            elif type(position) is not int or not 0 <= position <= size:
                return IllegalAction("no_such_position", set=to, position=shown(position), size=size)
        for t, i in sources.items():
            if i >= 0:
                refused = ctx.leave_refusal(t, i)
                if refused is not None:
                    return refused
        if target_index is not None and not ctx.may_touch(target_index):
            return ctx.meld_block()
        moving = set(tiles)
        if target is None:
            touched = set(sources.values())
            if len(touched) == 1:
                (only,) = touched
                if only >= 0 and table[only].tiles == tiles:
                    return IllegalAction("already_that_set")
            return _MovePlan(tiles, sources, None, None, None)
        assert position is not None and target_index is not None
        if target.id in ctx.locked_ids and position < len(target.tiles):
            j = target.tiles[position]
            if IS_JOKER[j] and j in ctx.start_sets[target.id].tiles and j not in moving:
                how = ctx.replacement(target_index, j, tiles)
                if isinstance(how, IllegalAction):
                    return how
                if how == REPLACES:
                    return _MovePlan(tiles, sources, target_index, j, None)
        if ctx.locked_run(target.id):
            rest_count = sum(1 for t in target.tiles if t not in moving)
            q = sum(1 for t in target.tiles[:position] if t not in moving)
            if q != 0 and q != rest_count:
                return IllegalAction("locked_run_grows_at_ends")
        before = tuple(t for t in target.tiles[:position] if t not in moving)
        after = tuple(t for t in target.tiles[position:] if t not in moving)
        row = before + tiles + after
        if row == target.tiles:
            return IllegalAction("move_changes_nothing")
        return _MovePlan(tiles, sources, target_index, None, row)

    def check_move(self, state: RummikubState, seat: int, action: MoveTiles) -> IllegalAction | None:
        plan = self._move_plan(state, action)
        if isinstance(plan, IllegalAction):
            return plan
        self.ctx(state).move_plan = (action, plan)  # the turn context of this state keeps it for do_move
        return None

    def do_move(self, state: RummikubState, seat: int, action: MoveTiles) -> RummikubState:
        found_plan = self.ctx(state).move_plan
        if found_plan is not None and found_plan[0] is action:
            plan: _MovePlan = found_plan[1]
        else:
            found = self._move_plan(state, action)
            assert not isinstance(found, IllegalAction)
            plan = found
        table = state.table
        rack = state.racks[state.current]
        moving = set(plan.tiles)
        touched = set(plan.sources.values())
        freed = state.freed_jokers
        next_id = state.next_set_id
        new_table: list[TableSet] = []
        for i, ts in enumerate(table):
            if i == plan.target:
                if plan.joker is not None:  # the tiles take the joker's place
                    row = [t for t in ts.tiles if t not in moving]
                    k = row.index(plan.joker)
                    row[k : k + 1] = plan.tiles
                    new_table.append(_with_tiles(ts, tuple(row), plan.tiles))
                else:
                    new_table.append(_with_tiles(ts, plan.row or ()))
            elif i in touched:
                rest = tuple(t for t in ts.tiles if t not in moving)
                if rest:
                    new_table.append(_with_tiles(ts, rest))
            else:
                new_table.append(ts)
        if plan.joker is not None:  # the freed joker lies alone on the table
            new_table.append(table_set(next_id, (plan.joker,)))
            next_id += 1
            if plan.joker not in freed:
                freed = (*freed, plan.joker)
        elif plan.target is None:
            new_table.append(table_set(next_id, plan.tiles))
            next_id += 1
        new_rack = tuple(t for t in rack if t not in moving) if -1 in touched else rack
        return self._moved(state, new_table, new_rack, next_id, freed)

    # -- ReturnToRack

    def check_to_rack(self, state: RummikubState, seat: int, action: ReturnToRack) -> IllegalAction | None:
        refused = self._tile_list_refusal(action.tiles)
        if refused is not None:
            return refused
        ctx = self.ctx(state)
        for t in action.tiles:
            i = ctx.where.get(t)
            if i is None or t in ctx.start_tiles:
                if i is not None and IS_JOKER[t]:
                    return IllegalAction("joker_stays_on_table")
                return IllegalAction("not_played_this_turn", tile=LABEL_OF[t])
            if t in state.table[i].replaced:
                return IllegalAction("replacement_undo_only", tile=LABEL_OF[t])
        return None

    def do_to_rack(self, state: RummikubState, seat: int, action: ReturnToRack) -> RummikubState:
        ctx = self.ctx(state)
        moving = set(action.tiles)
        touched = {ctx.where[t] for t in action.tiles}
        new_table: list[TableSet] = []
        for i, ts in enumerate(state.table):
            if i in touched:
                rest = tuple(t for t in ts.tiles if t not in moving)
                if rest:
                    new_table.append(_with_tiles(ts, rest))
            else:
                new_table.append(ts)
        rack = state.racks[state.current] + action.tiles
        return self._moved(state, new_table, rack, state.next_set_id, state.freed_jokers)

    # -- SplitSet

    def check_split(self, state: RummikubState, seat: int, action: SplitSet) -> IllegalAction | None:
        ctx = self.ctx(state)
        set_id, at = action.set_id, action.at
        if type(set_id) is not int or set_id not in ctx.index_of:
            return IllegalAction("no_such_set", set=shown(set_id))
        i = ctx.index_of[set_id]
        size = len(state.table[i].tiles)
        if type(at) is not int or not 1 <= at < size:
            return IllegalAction("split_between_tiles", set=set_id, last=size - 1)
        if not ctx.may_touch(i):
            return ctx.meld_block()
        if set_id in ctx.locked_ids:
            return IllegalAction("locked_set_no_split")
        return None

    def do_split(self, state: RummikubState, seat: int, action: SplitSet) -> RummikubState:
        i = self.ctx(state).index_of[action.set_id]
        ts = state.table[i]
        left, right = ts.tiles[: action.at], ts.tiles[action.at :]
        second = table_set(state.next_set_id, ts.tiles, ts.jokers, ts.replaced, ts.owner, ts.changed_turn)
        table = list(state.table)
        table[i : i + 1] = [_with_tiles(ts, left), _with_tiles(second, right)]
        return self._moved(state, table, state.racks[state.current], state.next_set_id + 1, state.freed_jokers)

    # -- ChooseJoker

    def check_joker(self, state: RummikubState, seat: int, action: ChooseJoker) -> IllegalAction | None:
        ctx = self.ctx(state)
        tile, colour, number = action.tile, action.colour, action.number
        if type(tile) is not int or not 0 <= tile < TILE_COUNT or not IS_JOKER[tile]:
            return IllegalAction("not_a_joker", tile=LABEL_OF[tile] if type(tile) is int and 0 <= tile < TILE_COUNT else shown(tile))
        i = ctx.where.get(tile)
        if i is None:
            return IllegalAction("joker_not_on_table")
        if not ctx.may_touch(i):
            return ctx.meld_block()
        ts = state.table[i]
        info = ctx.infos[i]
        if not info.valid:
            return IllegalAction("invalid_set_joker")
        alternatives = info.alternatives.get(tile, ())
        if (colour, number) not in alternatives:
            if not alternatives:
                m = info.meaning_of(tile)
                return IllegalAction("joker_fixed", meaning=f"{m.colour}{m.number}" if m is not None and m.colour else None)
            return IllegalAction(
                "joker_cannot_be", meaning=f"{colour}{number}", choices=[f"{c}{n}" for c, n in alternatives]
            )
        if ts.id in ctx.locked_ids and switches_reading(info, ts.tiles, colour):
            return IllegalAction("locked_set_reading", kind=info.kind)
        return None

    def do_joker(self, state: RummikubState, seat: int, action: ChooseJoker) -> RummikubState:
        ctx = self.ctx(state)
        tile = action.tile
        i = ctx.where[tile]
        ts = state.table[i]
        chosen = tuple(m for m in ts.jokers if m.tile != tile) + (meaning(tile, action.colour, action.number),)
        new_info = analyse(ts.tiles, ctx.one, ctx.two, chosen)
        chosen = tuple(m for m in chosen if new_info.meaning_of(m.tile) == m)
        table = list(state.table)
        table[i] = table_set(ts.id, ts.tiles, chosen, ts.replaced, ts.owner, ts.changed_turn)
        return self._moved(state, table, state.racks[state.current], state.next_set_id, state.freed_jokers)

    # -- Undo and ResetTurn

    def _restore(self, state: RummikubState, snap: TurnStart, undo: tuple[TurnStart, ...]) -> RummikubState:
        racks = list(state.racks)
        racks[state.current] = snap.rack
        return self._counted(
            state.model_copy(
                update={
                    "table": snap.table,
                    "racks": tuple(racks),
                    "freed_jokers": snap.freed_jokers,
                    "next_set_id": snap.next_set_id,
                    "undo": undo,
                    "actions_this_turn": state.actions_this_turn + 1,
                }
            )
        )

    def check_undo(self, state: RummikubState, seat: int, action: Any) -> IllegalAction | None:
        return None if state.undo else IllegalAction("nothing_to_undo")

    def do_undo(self, state: RummikubState, seat: int, action: Any) -> RummikubState:
        return self._restore(state, state.undo[-1], state.undo[:-1])

    def check_reset(self, state: RummikubState, seat: int, action: Any) -> IllegalAction | None:
        return None if state.undo else IllegalAction("nothing_to_reset")

    def do_reset(self, state: RummikubState, seat: int, action: Any) -> RummikubState:
        return self._restore(state, state.turn_start, ())

    # -- the free rack actions

    def check_sort_rack(self, state: RummikubState, seat: int, action: SortRack) -> IllegalAction | None:
        return None if action.by in ("colour", "number") else IllegalAction("sort_by_colour_or_number")

    def do_sort_rack(self, state: RummikubState, seat: int, action: SortRack) -> RummikubState:
        by = action.by
        racks = list(state.racks)
        racks[seat] = sort_rack(racks[seat], by)
        start = state.turn_start.model_copy(update={"rack": sort_rack(state.turn_start.rack, by)})
        undo = tuple(s.model_copy(update={"rack": sort_rack(s.rack, by)}) for s in state.undo)
        return state.model_copy(update={"racks": tuple(racks), "turn_start": start, "undo": undo})

    def check_arrange_rack(self, state: RummikubState, seat: int, action: ArrangeRack) -> IllegalAction | None:
        rack = state.racks[seat]
        tile, to = action.tile, action.to
        if type(tile) is not int or tile not in rack:
            label = LABEL_OF[tile] if type(tile) is int and 0 <= tile < TILE_COUNT else shown(tile)
            return IllegalAction("not_on_rack", tile=label)
        if type(to) is not int or not 0 <= to < len(rack):
            return IllegalAction("no_such_rack_place", last=len(rack) - 1)
        if rack[to] == tile:
            return IllegalAction("tile_already_there")
        return None

    def do_arrange_rack(self, state: RummikubState, seat: int, action: ArrangeRack) -> RummikubState:
        order = [t for t in state.racks[seat] if t != action.tile]
        order.insert(action.to, action.tile)
        arranged = tuple(order)
        racks = list(state.racks)
        racks[seat] = arranged
        start = state.turn_start.model_copy(update={"rack": follow_order(state.turn_start.rack, arranged)})
        undo = tuple(s.model_copy(update={"rack": follow_order(s.rack, arranged)}) for s in state.undo)
        return state.model_copy(update={"racks": tuple(racks), "turn_start": start, "undo": undo})

    def check_clock(self, state: RummikubState, seat: int, action: RecordClock) -> IllegalAction | None:
        limit = TIMER_SECONDS[state.options.turn_timer]
        if limit is None:
            return IllegalAction("no_turn_timer")
        seconds = action.seconds_left
        if type(seconds) is not int or not 0 <= seconds <= limit:
            return IllegalAction("clock_out_of_range", limit=limit)
        if seconds > (state.clock if state.clock is not None else limit):
            return IllegalAction("clock_runs_down")
        return None

    def do_clock(self, state: RummikubState, seat: int, action: RecordClock) -> RummikubState:
        return state.model_copy(update={"clock": action.seconds_left})

    def check_time_up(self, state: RummikubState, seat: int, action: Any) -> IllegalAction | None:
        return None if state.options.turn_timer != "off" else IllegalAction("no_turn_timer")

    def do_time_up(self, state: RummikubState, seat: int, action: Any) -> RummikubState:
        return self.out_of_time(state)
