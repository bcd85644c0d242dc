"""Luz's counted blunder: a round that ended two tricks or more away from the bid."""

from __future__ import annotations

from boardgames_tui import blunders
from boardgames_tui.engine.luz.models import PlayCard
from boardgames_tui.engine.luz.rules import RULES
from tests.engine.luz.helpers import build

from .helpers import steps_of


def last_trick(bids: tuple[int, ...], tricks_won: tuple[int, ...]):  # type: ignore[no-untyped-def]
    """Trick 10 of round 1 of three players, each holding one red card, seat 2 to win it with R3."""
    return build([[f"R{s + 1}"] for s in range(3)], round=1, trick_number=10, leader=0, current=0,
                 bids=bids, beads=(False,) * 3, tricks_won=tricks_won)


def found(state):  # type: ignore[no-untyped-def]
    moves = [(seat, PlayCard(position=0)) for seat in range(3)]
    return [(b.kind, b.seat, b.step) for b in blunders.find("luz", steps_of(RULES, state, moves))]


def test_a_bid_missed_by_two_is_counted_when_the_round_ends() -> None:
    # Seat 0 bid 3 and ends with 5; seat 1 bid 4 and ends with 3 (one off); seat 2 bid 1 and ends with 2.
    state = last_trick(bids=(3, 4, 1), tricks_won=(5, 3, 1))
    assert found(state) == [("bid_missed_by_two", 0, 3)]


def test_bids_met_or_missed_by_one_are_not_counted() -> None:
    state = last_trick(bids=(4, 3, 3), tricks_won=(4, 3, 2))
    assert found(state) == []


def test_under_by_two_counts_as_well() -> None:
    state = last_trick(bids=(4, 2, 1), tricks_won=(2, 3, 4))
    assert found(state) == [("bid_missed_by_two", 0, 3), ("bid_missed_by_two", 2, 3)]
