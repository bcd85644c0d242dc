"""The turn in progress, read once per call: which tiles came from the rack, which sets are new, what the
initial meld is worth, which sets are locked, and the rules about touching the table that follow from it.

Every rule set builds on this (the American and International ones with their own threshold and gate);
the standard game's list of what stands in the way of ending a turn is here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..base import Fact, IllegalAction, fact
from .models import REUSE_RACK_TILES, RummikubState, TableSet, TurnStart
from .sets import COLOUR_OF, IS_JOKER, JOKER_IDS, LABEL_OF, NUMBER_OF, SetInfo, analyse
from .tiles import COLOURS, OneInRuns

__all__ = [
    "TurnContext",
    "REPLACES",
    "NOTHING_PLAYED",
    "standard_problems",
    "set_problems",
    "freed_joker_sets",
    "is_new_set",
    "problem",
]

_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
# `TurnContext.replacement` says this when the tiles put onto a joker take its place.
REPLACES: Final = "replaces"
NOTHING_PLAYED = fact("nothing_played")
_FREED_ALONE = fact("freed_joker_alone")


class TurnContext:
    """What the rules need to know about the turn in progress, computed once per state."""

    __slots__ = (
        "state",
        "opts",
        "seat",
        "one",
        "two",
        "start_sets",
        "start_tiles",
        "locked_ids",
        "index_of",
        "infos",
        "where",
        "played",
        "fresh",
        "meld_points",
        "threshold",
        "same_turn",
        "gate",
        "problems",
        "move_plan",
    )

    def __init__(
        self, state: RummikubState, one: OneInRuns, threshold: int, same_turn: bool, open_gate: bool = False
    ) -> None:
        """`threshold`: points the initial meld needs; `same_turn`: the table is open right after it in the
        same turn; `open_gate`: every set may be touched before the initial meld too (International, where
        a player may add to other players' melds on the way to a finish; the end of the turn checks it)."""
        opts = state.options
        self.state = state
        self.opts = opts
        seat = self.seat = state.current
        self.one = one
        two = self.two = opts.two_jokers_in_a_set
        start_sets, start_tiles, locked = _turn_start(state.turn_start, opts.joker_sets == "locked")
        self.start_sets = start_sets
        self.start_tiles = start_tiles
        self.locked_ids = locked
        infos: list[SetInfo] = []
        where: dict[int, int] = {}
        index_of: dict[int, int] = {}
        played: list[int] = []
        fresh: list[bool] = []
        points = 0
        for i, ts in enumerate(state.table):
            tiles = ts.tiles
            info = analyse(tiles, one, two, ts.jokers)
            infos.append(info)
            index_of[ts.id] = i
            only_rack = True
            for t in tiles:
                where[t] = i
                if t in start_tiles:
                    only_rack = False
                else:
                    played.append(t)
            fresh.append(only_rack and ts.id not in start_sets)
            if only_rack and info.valid:
                points += info.value
        self.infos = infos
        self.where = where
        self.index_of = index_of
        self.played = played
        self.fresh = fresh
        self.meld_points = points
        self.threshold = threshold
        self.same_turn = same_turn
        self.gate = open_gate or state.melded[seat] or (same_turn and points >= threshold)
        self.problems: list[Fact] | None = None  # what stands in the way of ending the turn, once asked
        self.move_plan: tuple[Any, Any] | None = None  # (a MoveTiles, what check_move found out about it), for do_move

    # -- touching the table

    def may_touch(self, i: int) -> bool:
        """Before the initial meld only the turn's own new sets from the rack may be touched."""
        return self.gate or self.fresh[i]

    def touchable(self) -> list[bool]:
        """`may_touch` of every set on the table, in table order."""
        return [True] * len(self.fresh) if self.gate else list(self.fresh)

    def meld_block(self) -> IllegalAction:
        if not self.same_turn:
            return IllegalAction("meld_first_next_turn")
        return IllegalAction("meld_first", need=self.threshold, points=self.meld_points)

    def touch_refusal(self, i: int) -> IllegalAction | None:
        return None if self.may_touch(i) else self.meld_block()

    def leave_refusal(self, t: int, i: int) -> IllegalAction | None:
        """Why tile `t` of the set at index `i` may not leave it now (None: it may)."""
        if not self.may_touch(i):
            return self.meld_block()
        ts = self.state.table[i]
        if ts.id in self.locked_ids:
            if t in ts.replaced:
                return IllegalAction("replacement_stays", tile=LABEL_OF[t])
            if t in self.start_sets[ts.id].tiles:
                return IllegalAction("locked_set_keeps_tiles", tile=LABEL_OF[t])
        return None

    def movable_tiles(self, i: int) -> list[int]:
        """The tiles of the (touchable) set at index `i` that may leave it: a locked set keeps its start
        tiles and its joker replacements."""
        ts = self.state.table[i]
        if ts.id not in self.locked_ids:
            return list(ts.tiles)
        core = self.start_sets[ts.id].tiles
        replaced = ts.replaced
        return [t for t in ts.tiles if t not in core and t not in replaced]

    def start_kind(self, set_id: int) -> str | None:
        ts = self.start_sets[set_id]
        return analyse(ts.tiles, self.one, self.two, ts.jokers).kind

    def locked_run(self, set_id: int) -> bool:
        """A locked set that was a run at the start of the turn: it may grow at its ends only."""
        return set_id in self.locked_ids and self.start_kind(set_id) == "run"

    def core_jokers(self, i: int) -> dict[int, int]:
        """Position -> joker, for the jokers a locked set (index `i`) held at the start of the turn."""
        ts = self.state.table[i]
        core = self.start_sets[ts.id].tiles
        return {p: t for p, t in enumerate(ts.tiles) if IS_JOKER[t] and t in core}

    def replacement(self, i: int, joker: int, tiles: Sequence[int]) -> str | IllegalAction | None:
        """Whether putting `tiles` onto `joker` (a joker of the locked set at index i) replaces it:
        None (they do not match it), REPLACES, or the rule that refuses it."""
        info = self.infos[i]
        if not info.valid:
            return None
        m = info.meaning_of(joker)
        if m is None:
            return None
        for t in tiles:
            if IS_JOKER[t]:
                return None
        ts = self.state.table[i]
        if info.kind == "run":
            if len(tiles) != 1:
                return None
            t = tiles[0]
            if COLOUR_OF[t] != _COLOUR_INDEX[m.colour or ""] or NUMBER_OF[t] != m.number:  # type: ignore[index]
                return None
            return REPLACES
        if not 1 <= len(tiles) <= 2:
            return None
        others = [t for t in ts.tiles if t != joker and t not in tiles]
        mask = 0
        for t in others:
            if not IS_JOKER[t]:
                mask |= 1 << COLOUR_OF[t]
        for t in tiles:
            bit = 1 << COLOUR_OF[t]
            if NUMBER_OF[t] != info.number or mask & bit:
                return None
            mask |= bit
        if len(others) + len(tiles) > 4:
            return None
        if (
            self.opts.group_joker_needs_both_colours
            and len(tiles) == 1
            and len(ts.tiles) == 3
            and sum(1 for t in ts.tiles if IS_JOKER[t]) == 1
        ):
            missing = [f"{c}{info.number}" for c in COLOURS if not info.colours & (1 << _COLOUR_INDEX[c])]
            return IllegalAction("group_joker_needs_both", tiles=missing)
        return REPLACES


# The start of the turn, read once: every state of a turn shares its TurnStart object.
_START: list[object] = [None, None, None]


def _turn_start(start: TurnStart, check_locks: bool) -> tuple[dict[int, TableSet], set[int], set[int]]:
    """(the start sets by id, the tiles on the table at the start, the ids of the locked sets)."""
    if _START[0] is start and _START[1] == check_locks:
        return _START[2]  # type: ignore[return-value]
    start_sets: dict[int, TableSet] = {}
    start_tiles: set[int] = set()
    locked: set[int] = set()
    for ts in start.table:
        start_sets[ts.id] = ts
        start_tiles.update(ts.tiles)
        if check_locks and (JOKER_IDS[0] in ts.tiles or JOKER_IDS[1] in ts.tiles):
            locked.add(ts.id)
    _START[:] = [start, check_locks, (start_sets, start_tiles, locked)]
    return start_sets, start_tiles, locked


# What stands in the way of ending a turn -----------------------------------------------------------------


# With `first` the problem lists only need to say whether there is a problem: an invalid set is then
# reported by this stand-in instead of working out why (the reason is a Fact built afresh each time).
SOME_SET_INVALID = fact("set_invalid")


def set_problems(ctx: TurnContext, first: bool = False) -> list[Fact]:
    """Why each invalid set on the table is invalid (a freed joker lying alone is said separately); with
    `first`, whether there is one (SOME_SET_INVALID)."""
    out: list[Fact] = []
    freed = ctx.state.freed_jokers
    table = ctx.state.table
    for i, info in enumerate(ctx.infos):
        if not info.valid:
            if freed and all(t in freed for t in table[i].tiles):
                continue
            if first:
                return [SOME_SET_INVALID]
            out.append(info.problem or SOME_SET_INVALID)
    return out


def freed_joker_sets(ctx: TurnContext) -> list[tuple[int, tuple[int, ...]]]:
    """(freed joker, the tiles of the set it is in now; () when it lies alone or is nowhere)."""
    table = ctx.state.table
    freed = ctx.state.freed_jokers
    out = []
    for j in freed:
        i = ctx.where.get(j, -1)
        tiles = table[i].tiles if i >= 0 else ()
        out.append((j, () if i < 0 or all(t in freed for t in tiles) else tiles))
    return out


def is_new_set(ctx: TurnContext, tiles: Sequence[int]) -> bool:
    """A set that does not hold every tile of any set that was on the table at the start of the turn."""
    inside = set(tiles)
    return not any(inside.issuperset(s.tiles) for s in ctx.start_sets.values())


def standard_problems(ctx: TurnContext, first: bool = False) -> list[Fact]:
    """What stands in the way of ending the turn now in the standard game (empty: EndTurn is legal). With
    `first` the list stops at its first entry: enough to know whether the turn may end."""
    state = ctx.state
    out: list[Fact] = []
    if not ctx.played:
        out.append(NOTHING_PLAYED)
    if first and out:
        return out
    out.extend(set_problems(ctx, first))
    if first and out:
        return out
    reuse = ctx.opts.joker_reuse
    for _joker, tiles in freed_joker_sets(ctx) if state.freed_jokers else ():
        misplaced: Fact | None = None
        if not tiles:
            misplaced = _FREED_ALONE
        elif reuse != "anywhere":
            need = REUSE_RACK_TILES[reuse]
            from_rack = sum(1 for t in tiles if t not in ctx.start_tiles)
            if not (is_new_set(ctx, tiles) and from_rack >= need):
                misplaced = problem("freed_joker_not_new", rack_tiles=need)
        if misplaced is not None and misplaced not in out:
            out.append(misplaced)
    if not state.melded[ctx.seat] and ctx.played and ctx.meld_points < ctx.threshold:
        out.append(problem("initial_meld_short", points=ctx.meld_points, need=ctx.threshold))
    return out


_PROBLEMS: dict[tuple[object, ...], Fact] = {}


def problem(kind: str, **args: int | bool) -> Fact:
    """A problem fact with a few small numbers for arguments, built once per value: the problems are
    worked out for every state a playout visits."""
    key = (kind, *args.items())
    told = _PROBLEMS.get(key)
    if told is None:
        if len(_PROBLEMS) > 10_000:
            _PROBLEMS.clear()
        told = _PROBLEMS[key] = fact(kind, **args)
    return told
