"""Shared helpers for the Rummikub engine tests of every rule set: name tiles by label, build exact
situations by hand (`build` for the standard game, `vbuild` for American and International), apply,
read the engine's facts as the English screens say them, count the tiles, resample what a seat cannot see."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from boardgames_tui.engine.base import Event, Fact, IllegalAction
from boardgames_tui.engine.rummikub.models import Discard, MoveTiles, RummikubOptions, RummikubState, TableSet, TurnStart
from boardgames_tui.engine.rummikub.rules import RULES, end_turn_problems
from boardgames_tui.engine.rummikub.tiles import TILE_COUNT, TILES
from boardgames_tui.narration import narrator_for

NAMES = ("Ana", "Ben", "Cy", "Dee")
ENGLISH = narrator_for("rummikub", NAMES)  # the tests read the engine's facts as the English screens say them


def say(told: Fact | None) -> str:
    """A fact, event or problem as the English narrator says it ("" for None)."""
    return ENGLISH.say(told) if told is not None else ""


def said(facts: Any) -> tuple[str, ...]:
    return tuple(say(f) for f in facts)


def summary(state: RummikubState) -> str:
    """What the pass-the-device screen tells the table about the last turn's end."""
    return say(RULES.last_public_event(state))


def public(entry: Event) -> str:
    """A log event as the whole table reads it."""
    return say(entry.seen_by(None))


def text_for(entry: Event, seat: int | None) -> str:
    """A log event as `seat` reads it (its own secret arguments included)."""
    return say(entry.seen_by(seat))


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


def move(tiles: str | tuple[int, ...], to: int | None = None, position: int | None = None) -> MoveTiles:
    return MoveTiles(tiles=ids(tiles) if isinstance(tiles, str) else tiles, to=to, position=position)


def assert_illegal(state: RummikubState, action: Any, code: str, seat: int | None = None, **params: Any) -> None:
    """`action` is refused with the rule `code` (and these of its params), and the state is left exactly
    as it was."""
    dumped = state.model_dump_json()
    copy = state.model_copy(deep=True)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, state.current if seat is None else seat, action)
    assert refused.value.code == code, refused.value
    assert {k: refused.value.params.get(k) for k in params} == params, refused.value
    assert ENGLISH.refusal(refused.value)  # the narrator has words for it
    assert state == copy and state.model_dump_json() == dumped
    if seat is None:
        assert action not in set(RULES.legal_actions(state, state.current))


def problems(state: RummikubState) -> tuple[str, ...]:
    """What stands in the way of a discard, as the English screens say it."""
    view = RULES.view(state, state.current)
    assert view.end_turn_problems == end_turn_problems(state)
    return said(view.end_turn_problems)


def legal(state: RummikubState) -> list[Any]:
    return list(RULES.legal_actions(state, state.current))


def count_tiles(state: RummikubState) -> list[int]:
    """Every tile of a state, wherever it is: racks, table, face-down stacks, discard pile, trump."""
    out = [*state.pool, *(t for r in state.racks for t in r), *(t for ts in state.table for t in ts.tiles)]
    out.extend(t for t, _seat in state.discards)
    if state.trump is not None:
        out.append(state.trump)
    return out


def resample_hidden(state: RummikubState, viewer: int | None, rng: random.Random) -> RummikubState:
    """Permute the tiles `viewer` cannot see (the pool or face-down stacks and the other racks, except tiles
    everybody saw go there: a trump or discard taken this turn) among themselves, everywhere they occur (racks,
    pool, the current player's turn start and undo snapshots). The stack sizes, the table, the pile and the
    viewer's rack stay as they are: the viewer's view must not change."""
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


def all_tiles(state: RummikubState) -> list[int]:
    """Every tile of a standard state once: pool, racks, table."""
    return [*state.pool, *(t for r in state.racks for t in r), *(t for ts in state.table for t in ts.tiles)]


def discard(label: str) -> Discard:
    return Discard(tile=ids(label)[0])


def lay(state: RummikubState, *rows: str, onto: dict[int, str] | None = None) -> RummikubState:
    """Lay new melds from the rack, then add tiles to table sets (set id -> tiles, at the end)."""
    for row in rows:
        state = act(state, move(row))
    for set_id, tiles in (onto or {}).items():
        state = act(state, move(tiles, to=set_id))
    return state
