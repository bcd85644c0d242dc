"""Helpers for the American and International rule-set tests: exact situations built by hand, the tile
count, and resampling of what a seat cannot see."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from boardgames_tui.engine.base import IllegalAction
from boardgames_tui.engine.rummikub.models import (
    MoveTiles,
    RummikubOptions,
    RummikubState,
    TableSet,
    TurnStart,
)
from boardgames_tui.engine.rummikub.rules import RULES, end_turn_problems

from .helpers import NAMES, Allocator, ids

__all__ = [
    "vbuild",
    "act",
    "move",
    "assert_illegal",
    "problems",
    "legal",
    "count_tiles",
    "resample_hidden_variant",
    "ids",
    "NAMES",
]


def vbuild(
    rule_set: str,
    racks: Sequence[str],
    table: Sequence[tuple[int, str]] = (),
    *,
    current: int = 0,
    melded: Sequence[bool] | None = None,
    phase: str = "turn",
    discards: Sequence[tuple[str, int]] = (),
    trump: str | None = "O13'",
    pool: str | None = None,
    fill_pool: bool = True,
    options: dict[str, Any] | None = None,
    turn: int = 5,
    **fields: Any,
) -> RummikubState:
    """A state of `rule_set` at the start of `current`'s turn: before the draw (phase "draw") or just
    after it (phase "turn"). `table` lists (owner, tiles) sets (ids 0, 1, ...); `discards` the pile bottom
    first as (tile, seat); the trump and the pool (top first) follow, and with fill_pool every other tile
    goes to the end of the pool, so all 106 tiles are somewhere exactly once. The face-down tiles are one
    stack. By default everybody has broken the ice."""
    alloc = Allocator()
    table_sets = tuple(TableSet(id=i, tiles=alloc.take(row), owner=owner) for i, (owner, row) in enumerate(table))
    rack_ids = tuple(alloc.take(r) for r in racks)
    pile = tuple((alloc.take(label)[0], seat) for label, seat in discards)
    trump_id = alloc.take(trump)[0] if trump else None
    pool_ids = alloc.take(pool) if pool else ()
    if fill_pool:
        pool_ids = pool_ids + alloc.rest()
    n = len(racks)
    values: dict[str, Any] = {
        "players": NAMES[:n],
        "options": RummikubOptions(rule_set=rule_set, **(options or {})),  # type: ignore[arg-type]
        "seed": "test",
        "pool": pool_ids,
        "stacks": (len(pool_ids),) if pool_ids else (),
        "racks": rack_ids,
        "table": table_sets,
        "next_set_id": len(table_sets),
        "melded": tuple(melded) if melded is not None else (True,) * n,
        "current": current,
        "phase": phase,
        "turn": turn,
        "discards": pile,
        "trump": trump_id,
        "announced": (False,) * n if rule_set == "international" else (),
        "turn_start": TurnStart(table=table_sets, rack=rack_ids[current], next_set_id=len(table_sets)),
    }
    values.update(fields)
    return RummikubState(**values)


def act(state: RummikubState, action: Any) -> RummikubState:
    return RULES.apply(state, state.current, action)


def move(tiles: str | tuple[int, ...], to: int | None = None, position: int | None = None) -> MoveTiles:
    return MoveTiles(tiles=ids(tiles) if isinstance(tiles, str) else tiles, to=to, position=position)


def assert_illegal(state: RummikubState, action: Any, match: str, seat: int | None = None) -> None:
    """`action` is refused with a reason matching `match`, and the state is left exactly as it was."""
    dumped = state.model_dump_json()
    with pytest.raises(IllegalAction, match=match):
        RULES.apply(state, state.current if seat is None else seat, action)
    assert state.model_dump_json() == dumped
    if seat is None:
        assert action not in set(RULES.legal_actions(state, state.current))


def problems(state: RummikubState) -> tuple[str, ...]:
    view = RULES.view(state, state.current)
    assert view.end_turn_problems == end_turn_problems(state)
    return view.end_turn_problems


def legal(state: RummikubState) -> list[Any]:
    return list(RULES.legal_actions(state, state.current))


def count_tiles(state: RummikubState) -> list[int]:
    """Every tile of a state, wherever it is: racks, table, face-down stacks, discard pile, trump."""
    out = [*state.pool, *(t for r in state.racks for t in r), *(t for ts in state.table for t in ts.tiles)]
    out.extend(t for t, _seat in state.discards)
    if state.trump is not None:
        out.append(state.trump)
    return out


def resample_hidden_variant(state: RummikubState, viewer: int | None, rng: random.Random) -> RummikubState:
    """Permute the tiles `viewer` cannot see (face-down stacks and the other racks, except tiles everybody
    saw go there: a trump or discard taken this turn) among themselves, everywhere they occur. The stack
    sizes, the table, the pile and the viewer's rack stay as they are."""
    public = {state.took_trump, state.took_discard}
    hidden = [t for t in state.pool] + [
        t for s, r in enumerate(state.racks) if s != viewer for t in r if t not in public
    ]
    shuffled = hidden[:]
    rng.shuffle(shuffled)
    perm = dict(zip(hidden, shuffled))

    def m(tiles: Sequence[int]) -> tuple[int, ...]:
        return tuple(perm.get(t, t) for t in tiles)

    racks = tuple(r if s == viewer else m(r) for s, r in enumerate(state.racks))
    update: dict[str, Any] = {"pool": m(state.pool), "racks": racks}
    if state.current != viewer:
        start = state.turn_start
        update["turn_start"] = start.model_copy(update={"rack": m(start.rack)})
        update["undo"] = tuple(s.model_copy(update={"rack": m(s.rack)}) for s in state.undo)
    return state.model_copy(update=update)
