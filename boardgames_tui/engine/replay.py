"""A game rebuilt from its record: the deal, then every recorded action through the engine.

The one loop that does it: loading a save (which checks every move), the session (log marks of older saves,
checking a game still adds up), the replay screen's steps and the records all step through `replay`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .base import IllegalAction


class RecordedMove(Protocol):
    seat: int
    action: Any  # the action as saved (JSON data)


@dataclass(frozen=True)
class Step:
    """One step of a game: number 0 is the deal (no seat, no action, nothing before), then one per action."""

    number: int
    seat: int | None
    action: Any
    before: Any
    after: Any


class ReplayError(Exception):
    """The record does not replay: `number` is the step that failed (0: the deal itself), `cause` the
    engine's refusal (IllegalAction), the action that does not read (ValidationError), or None when the
    step names a seat the table does not have."""

    def __init__(self, number: int, cause: Exception | None) -> None:
        super().__init__(number, cause)
        self.number = number
        self.cause = cause


def replay(
    rules: Any,
    players: Sequence[str],
    options: Any,
    seed: str,
    moves: Sequence[RecordedMove],
    *,
    parse: Callable[[Any], Any] | None = None,
) -> Iterator[Step]:
    """Set up the deal and apply each recorded move in order, yielding every step (the deal first).

    `parse` turns a saved action into the engine's (the rules' own reading by default; loading a file reads
    strictly). Anything that does not replay raises ReplayError naming the step.
    """
    read = parse if parse is not None else rules.parse_action
    try:
        state = rules.setup(players, options, seed)
    except (IllegalAction, ValueError) as exc:
        raise ReplayError(0, exc) from exc
    yield Step(0, None, None, None, state)
    for number, move in enumerate(moves, start=1):
        if not 0 <= move.seat < len(players):
            raise ReplayError(number, None)
        try:
            action = read(move.action)
            after = rules.apply(state, move.seat, action)
        except (IllegalAction, ValueError) as exc:  # ValidationError is a ValueError
            raise ReplayError(number, exc) from exc
        yield Step(number, move.seat, action, state, after)
        state = after


def replayed_state(rules: Any, players: Sequence[str], options: Any, seed: str, moves: Sequence[RecordedMove]) -> Any:
    """The state the record leads to."""
    for step in replay(rules, players, options, seed, moves):
        pass
    return step.after
