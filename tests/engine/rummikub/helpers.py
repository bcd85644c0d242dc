"""Shared helpers for the Rummikub engine tests: name tiles by label, build exact situations by hand."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from boardgames_tui.engine.rummikub.models import RummikubOptions, RummikubState, TableSet, TurnStart
from boardgames_tui.engine.rummikub.rules import RULES
from boardgames_tui.engine.rummikub.tiles import TILE_COUNT, TILES

NAMES = ("Ana", "Ben", "Cy", "Dee")


def tile_id(label: str) -> int:
    """'R5' -> the first red 5, "R5'" -> the second; 'J' -> the first joker, "J'" -> the second."""
    second = label.endswith("'")
    base = label.rstrip("'")
    found = [t.id for t in TILES if t.label == base]
    if not found:
        raise ValueError(f"no tile {label!r}")
    return found[1 if second else 0]


def ids(text: str) -> tuple[int, ...]:
    """'R4 R5 J' -> tile ids; a label seen twice takes the second copy the second time."""
    seen: set[int] = set()
    out = []
    for label in text.split():
        t = tile_id(label)
        if t in seen and not label.endswith("'"):
            t = tile_id(label + "'")
        if t in seen:
            raise ValueError(f"{label} used three times")
        seen.add(t)
        out.append(t)
    return tuple(out)


def label(t: int) -> str:
    return TILES[t].label


def text(tiles: Sequence[int]) -> str:
    return " ".join(label(t) for t in tiles)


class Allocator:
    """Hands out tile ids by label, each id at most once (the first unused copy)."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, labels: str) -> tuple[int, ...]:
        out = []
        for lab in labels.split():
            explicit = lab.endswith("'")
            first, second = tile_id(lab.rstrip("'")), tile_id(lab.rstrip("'") + "'")
            choices = (second,) if explicit else (first, second)
            for t in choices:
                if t not in self.used:
                    self.used.add(t)
                    out.append(t)
                    break
            else:
                raise ValueError(f"no {lab} left")
        return tuple(out)

    def rest(self) -> tuple[int, ...]:
        return tuple(t for t in range(TILE_COUNT) if t not in self.used)


def build(
    racks: Sequence[str],
    table: Sequence[str] = (),
    *,
    options: RummikubOptions | None = None,
    current: int = 0,
    melded: Sequence[bool] | None = None,
    pool: str | None = None,
    fill_pool: bool = True,
    **fields: Any,
) -> RummikubState:
    """A state at the start of `current`'s turn with the given racks and table sets (ids 0, 1, ...).

    The table and racks are allocated first, then `pool` (top first); with fill_pool the other tiles
    follow in id order, so every tile is somewhere exactly once. By default everybody has melded.
    """
    alloc = Allocator()
    table_sets = tuple(TableSet(id=i, tiles=alloc.take(row)) for i, row in enumerate(table))
    rack_ids = tuple(alloc.take(r) for r in racks)
    pool_ids = alloc.take(pool) if pool else ()
    if fill_pool:
        pool_ids = pool_ids + alloc.rest()
    n = len(racks)
    values: dict[str, Any] = {
        "players": NAMES[:n],
        "options": options or RummikubOptions(),
        "seed": "test",
        "pool": pool_ids,
        "racks": rack_ids,
        "table": table_sets,
        "next_set_id": len(table_sets),
        "melded": tuple(melded) if melded is not None else (True,) * n,
        "current": current,
        "turn_start": TurnStart(table=table_sets, rack=rack_ids[current], next_set_id=len(table_sets)),
    }
    values.update(fields)
    return RummikubState(**values)


def act(state: RummikubState, action: Any) -> RummikubState:
    return RULES.apply(state, state.current, action)


def table_text(state: RummikubState) -> list[str]:
    return [text(ts.tiles) for ts in state.table]


def rack_text(state: RummikubState, seat: int | None = None) -> str:
    return text(state.racks[state.current if seat is None else seat])


def set_id_of(state: RummikubState, tile: int) -> int:
    for ts in state.table:
        if tile in ts.tiles:
            return ts.id
    raise ValueError(f"{label(tile)} is not on the table")


def all_tiles(state: RummikubState) -> list[int]:
    """Every tile of the state once: pool, racks, table."""
    return [*state.pool, *(t for r in state.racks for t in r), *(t for ts in state.table for t in ts.tiles)]


def resample_hidden(state: RummikubState, viewer: int | None, rng: random.Random) -> RummikubState:
    """Permute the tiles `viewer` cannot see (the pool and the other racks) among themselves, everywhere
    they occur (racks, pool, the current player's turn start and undo snapshots). The table is untouched;
    so is the viewer's rack. The viewer's view must not change."""
    hidden = [t for t in state.pool] + [t for s, r in enumerate(state.racks) if s != viewer for t in r]
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
