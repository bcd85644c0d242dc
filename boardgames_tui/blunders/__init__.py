"""Moves a good player would call out, found by rule in a finished game's steps; the arena counts them per level.

The bots never count their own mistakes: each game's module `blunders/<game id>.py` reads the replayed steps
(engine.replay.Step: the seat, the action, the whole State before and after) and names what a person
watching over the table would object to. A module declares

- `KINDS`: kind → `Kind(certain, what)`. A *certain* blunder is one no position excuses (tokens taken only
  to be put back in the same turn); the others are judgements that are usually right (a last copy thrown
  away). The arena's targets differ: none of the certain kind, the others rarer.
- `find(steps)`: the blunders of one game, in step order.

Where a judgement depends on what the player could know, the finder uses only that (a seat's View or the
public part of the State); a certain blunder may use the whole State when the outcome proves it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType

from ..engine.replay import Step


@dataclass(frozen=True)
class Kind:
    certain: bool
    what: str  # one line for the arena's table and the note (developer-facing, not translated)


@dataclass(frozen=True)
class Blunder:
    kind: str
    seat: int
    step: int  # the step's number in the record (1: the first action)


def _module(game_id: str) -> ModuleType:
    return import_module(f"{__name__}.{game_id}")


def kinds(game_id: str) -> Mapping[str, Kind]:
    """The blunders counted in `game_id`, by kind."""
    found: Mapping[str, Kind] = _module(game_id).KINDS
    return found


def find(game_id: str, steps: Sequence[Step]) -> list[Blunder]:
    """The blunders of one game from its steps (the deal first, as engine.replay yields them)."""
    known = kinds(game_id)
    blunders: list[Blunder] = list(_module(game_id).find(steps))
    unknown = {b.kind for b in blunders} - set(known)
    assert not unknown, f"{game_id}: blunder kinds not in KINDS: {sorted(unknown)}"
    return blunders


def turns(steps: Sequence[Step]) -> Iterator[list[Step]]:
    """The steps of each turn after the deal, in order (a turn: one seat, one value of `state.turn`; the
    games whose State counts turns that way)."""
    turn: list[Step] = []
    for step in steps[1:]:
        if turn and (step.seat != turn[0].seat or step.before.turn != turn[0].before.turn):
            yield turn
            turn = []
        turn.append(step)
    if turn:
        yield turn


def count_by_seat(blunders: Iterable[Blunder], seats: int) -> list[Counter[str]]:
    """Per seat, how many blunders of each kind."""
    counts: list[Counter[str]] = [Counter() for _ in range(seats)]
    for blunder in blunders:
        counts[blunder.seat][blunder.kind] += 1
    return counts
