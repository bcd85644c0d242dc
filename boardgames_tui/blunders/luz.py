"""Luz: a bid missed by two tricks or more (a bid of 3 with 6 taken). Missing by one is the game's gamble."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..engine.replay import Step
from . import Blunder, Kind

KINDS = {"bid_missed_by_two": Kind(False, "a round ended two or more tricks away from the bid")}
MISSED_BY = 2


def find(steps: Sequence[Step]) -> Iterator[Blunder]:
    for step in steps[1:]:
        finished = step.after.results[len(step.before.results) :]  # the rounds this step ended
        for row in finished:
            for seat, result in enumerate(row):
                if abs(result.tricks - result.bid) >= MISSED_BY:
                    yield Blunder("bid_missed_by_two", seat, step.number)
