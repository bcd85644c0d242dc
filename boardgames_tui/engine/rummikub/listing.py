"""Listing the table actions a turn allows, fast: a Rummikub turn can have thousands of single-tile moves.

The rules themselves are the check_K methods (editing.py); these generators walk the same rules through
the turn context's predicates (`TurnContext.may_touch`, `movable_tiles`, `locked_run`, `replacement`)
instead of trying every candidate, and yield cached action objects, so listing stays cheap. The contract
and playout tests hold the two to each other: every listed action applies, every other one is refused.
"""

from __future__ import annotations

from collections.abc import Sequence

from .models import (
    ArrangeRack,
    ChooseJoker,
    Draw,
    EndTurn,
    MoveTiles,
    ResetTurn,
    ReturnToRack,
    RummikubAction,
    SortRack,
    SplitSet,
    TimeUp,
    Undo,
)
from .sets import COLOUR_OF, IS_JOKER, SetInfo
from .tiles import COLOURS, TILE_COUNT
from .turn import REPLACES, TurnContext

__all__ = [
    "DRAW",
    "END_TURN",
    "UNDO",
    "RESET",
    "TIME_UP",
    "SORTS",
    "arrange_actions",
    "return_actions",
    "split_and_choose_actions",
    "single_moves",
    "switches_reading",
]

DRAW = Draw()
END_TURN = EndTurn()
UNDO = Undo()
RESET = ResetTurn()
TIME_UP = TimeUp()
SORTS = (SortRack(by="colour"), SortRack(by="number"))
_ARRANGES: dict[tuple[int, int], ArrangeRack] = {}
_MOVES: dict[tuple[int, int | None, int | None], MoveTiles] = {}
_RETURNS: tuple[ReturnToRack, ...] = tuple(
    ReturnToRack.model_construct(kind="to_rack", tiles=(t,)) for t in range(TILE_COUNT)
)
_SPLITS: dict[tuple[int, int], SplitSet] = {}
_CHOICES: dict[tuple[int, str, int], ChooseJoker] = {}
# (set id, set size) -> tile -> its moves to every position of the set (None last)
_INTO: dict[tuple[int, int], dict[int, tuple[MoveTiles, ...]]] = {}
_TO_NEW: tuple[MoveTiles, ...] = tuple(
    MoveTiles.model_construct(kind="move", tiles=(t,), to=None, position=None) for t in range(TILE_COUNT)
)


def _move_action(tile: int, to: int | None, position: int | None) -> MoveTiles:
    key = (tile, to, position)
    a = _MOVES.get(key)
    if a is None:
        if len(_MOVES) > 400_000:
            _MOVES.clear()
        a = _MOVES[key] = MoveTiles.model_construct(kind="move", tiles=(tile,), to=to, position=position)
    return a


def arrange_actions(rack: tuple[int, ...]) -> list[ArrangeRack]:
    """The listed rack arrangements: each tile one place to the left or to the right (any other place is
    legal too, and not listed)."""
    out = []
    last = len(rack) - 1
    for i, t in enumerate(rack):
        for to in (i - 1, i + 1):
            if 0 <= to <= last:
                a = _ARRANGES.get((t, to))
                if a is None:
                    a = _ARRANGES[(t, to)] = ArrangeRack.model_construct(kind="arrange_rack", tile=t, to=to)
                out.append(a)
    return out


def _split_action(set_id: int, at: int) -> SplitSet:
    key = (set_id, at)
    a = _SPLITS.get(key)
    if a is None:
        a = _SPLITS[key] = SplitSet.model_construct(kind="split", set_id=set_id, at=at)
    return a


def _choose_action(tile: int, colour: str, number: int) -> ChooseJoker:
    key = (tile, colour, number)
    a = _CHOICES.get(key)
    if a is None:
        a = _CHOICES[key] = ChooseJoker.model_construct(kind="joker", tile=tile, colour=colour, number=number)
    return a


def switches_reading(info: SetInfo, tiles: tuple[int, ...], colour: str) -> bool:
    """Whether choosing `colour` for a joker of a row that reads both ways switches run <-> group."""
    if not info.both_readings:
        return False
    real = next(t for t in tiles if not IS_JOKER[t])
    choose_run = colour == COLOURS[COLOUR_OF[real]]
    return choose_run != (info.kind == "run")


def return_actions(ctx: TurnContext, out: list[RummikubAction]) -> None:
    """ReturnToRack of every single tile played from the rack this turn that may go back."""
    table = ctx.state.table
    where = ctx.where
    returns = _RETURNS
    for t in ctx.played:
        if t not in table[where[t]].replaced:
            out.append(returns[t])


def split_and_choose_actions(ctx: TurnContext, out: list[RummikubAction], touch: Sequence[bool]) -> None:
    """Every legal SplitSet and ChooseJoker of the sets with a true `touch`."""
    locked_ids = ctx.locked_ids
    for i, ts in enumerate(ctx.state.table):
        if not touch[i]:
            continue
        locked = ts.id in locked_ids
        if not locked:
            for at in range(1, len(ts.tiles)):
                out.append(_split_action(ts.id, at))
        info = ctx.infos[i]
        if info.ambiguous:
            for j in info.ambiguous:
                for colour, number in info.alternatives[j]:
                    if locked and switches_reading(info, ts.tiles, colour):
                        continue
                    out.append(_choose_action(j, colour, number))


def single_moves(
    ctx: TurnContext,
    out: list[RummikubAction],
    movable: Sequence[tuple[int, int]],
    targets: Sequence[int],
    no_replacing: frozenset[int] = frozenset(),
) -> None:
    """Every legal single-tile MoveTiles of the `movable` (tile, index of its set or -1 for the rack)
    to a new set and to the sets at the indices `targets`. A replacement of a joker in a locked set
    whose index is in `no_replacing` is left out (American / International: only the owner may)."""
    table = ctx.state.table
    locked_ids = ctx.locked_ids
    fast: list[tuple[int, int, int]] = []  # unlocked sets: (index, id, size)
    slow: list[tuple[int, object, bool, dict[int, int], bool]] = []  # locked: (index, set, run?, core jokers, may replace)
    for i in targets:
        ts = table[i]
        if ts.id in locked_ids:
            slow.append((i, ts, ctx.locked_run(ts.id), ctx.core_jokers(i), i not in no_replacing))
        else:
            fast.append((i, ts.id, len(ts.tiles)))
    rows = []  # per unlocked target: (index, {tile: its moves to every position})
    for i, sid, n in fast:
        key = (sid, n)
        row = _INTO.get(key)
        if row is None:
            if len(_INTO) > 50_000:
                _INTO.clear()
            row = _INTO[key] = {}
        rows.append((i, sid, n, row))
    to_new = _TO_NEW
    append, extend = out.append, out.extend  # bound once: called for every tile and target
    for t, src in movable:
        if src < 0 or len(table[src].tiles) > 1:  # a set of one tile is already that new set
            append(to_new[t])
        for i, sid, n, row in rows:
            acts = row.get(t)
            if acts is None:
                acts = row[t] = (*(_move_action(t, sid, p) for p in range(n)), _move_action(t, sid, None))
            if i == src:
                idx = table[i].tiles.index(t)  # moving to either side of itself changes nothing
                extend(acts[:idx])
                extend(acts[idx + 2 :])
            else:
                extend(acts)
        for i, ts, run, jokers, may_replace in slow:
            tiles = ts.tiles  # type: ignore[attr-defined]
            n = len(tiles)
            sid = ts.id  # type: ignore[attr-defined]
            own = src == i
            idx = tiles.index(t) if own else -1
            for p in range(n + 1):
                j = jokers.get(p)
                if j is not None and j != t:
                    how = ctx.replacement(i, j, (t,))
                    if how is not None:
                        if how == REPLACES and may_replace:
                            append(_move_action(t, sid, p))
                        continue
                if own and (p == idx or p == idx + 1):
                    continue
                if run:  # a locked run grows at its ends only
                    q = p - 1 if own and idx < p else p
                    if q != 0 and q != (n - 1 if own else n):
                        continue
                append(_move_action(t, sid, p if p < n else None))
