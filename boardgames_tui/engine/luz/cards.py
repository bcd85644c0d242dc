"""Luz's cards: the deck for a player count, how the program sorts a hand, and dealing a round.

A round: the start-marker holder deals 10 cards to everyone (the rest is set aside unseen), every hand is
sorted (colour groups, one direction, the "+" marker at the high end) and passed to the left neighbour
(seat + 1), start marker included. The new holder bids first and leads the first trick (3 players, round
4: the leader on points instead).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..base import Event, event
from ..fastmodel import build
from ..rng import derived_random, shuffled
from .models import (
    COLOURS,
    HAND_SIZE,
    HIGH_ON_THE_RIGHT,
    HIGHEST_NUMBER,
    RANDOM_SIDES,
    ROUNDS,
    HighSide,
    LuzCard,
    LuzOptions,
)

_COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
_DECKS: dict[int, tuple[LuzCard, ...]] = {}


def deck_for(players: int) -> tuple[LuzCard, ...]:
    """The unshuffled deck for a player count: every colour (COLOURS order) numbered 1..N."""
    deck = _DECKS.get(players)
    if deck is None:
        if players not in HIGHEST_NUMBER:
            raise ValueError(f"Luz is for 3-5 players, not {players}")
        top = HIGHEST_NUMBER[players]
        deck = _DECKS[players] = tuple(
            build(LuzCard, colour=c, number=k) for c in COLOURS for k in range(1, top + 1)
        )
    return deck


def _ascending_key(card: LuzCard) -> tuple[int, int]:
    return (_COLOUR_INDEX[card.colour], card.number)


def _descending_key(card: LuzCard) -> tuple[int, int]:
    return (_COLOUR_INDEX[card.colour], -card.number)


def sort_hand(cards: Iterable[LuzCard], high_side: HighSide) -> tuple[LuzCard, ...]:
    """Colour groups in COLOURS order, left to right; inside every group the high numbers on `high_side`."""
    return tuple(sorted(cards, key=_ascending_key if high_side == "right" else _descending_key))


def round_four_first(scores: Sequence[int], marker: int) -> int:
    """3 players, round 4: the highest total bids first; ties go nearest clockwise from the marker (it first)."""
    return _leaders_on_points(scores, marker)[0]


def _leaders_on_points(scores: Sequence[int], marker: int) -> list[int]:
    """The seats with the highest total, clockwise from the marker holder (the holder first)."""
    n = len(scores)
    top = max(scores)
    return [(marker + off) % n for off in range(n) if scores[(marker + off) % n] == top]


def deal_round(
    players: tuple[str, ...], options: LuzOptions, seed: str, round_no: int, dealer: int, scores: Sequence[int]
) -> tuple[dict[str, Any], Event]:
    """The state fields of a freshly dealt, sorted and passed round, and its public "deal" event.

    The event names the dealer, the new start-marker holder and who bids first; in the 3-player round 4
    it adds `top` (the highest total) and `tied` (the seats holding it, clockwise from the marker).
    """
    n = len(players)
    deck = shuffled(deck_for(n), seed, "deal", round_no)
    dealt: list[list[LuzCard]] = [[] for _ in range(n)]
    for j in range(HAND_SIZE * n):  # one card at a time, starting with the dealer's left neighbour
        dealt[(dealer + 1 + j) % n].append(deck[j])
    set_aside = deck[HAND_SIZE * n :]
    if options.sort_direction == RANDOM_SIDES:
        rng = derived_random(seed, "direction", round_no)
        sides: list[HighSide] = ["right" if rng.random() < 0.5 else "left" for _ in range(n)]  # sorter seat order
    else:
        side: HighSide = "right" if options.sort_direction == HIGH_ON_THE_RIGHT else "left"
        sides = [side] * n
    hands: list[tuple[LuzCard, ...]] = [()] * n
    high_sides: list[HighSide] = ["right"] * n
    for sorter in range(n):  # each hand goes to the sorter's left neighbour, with its "+" card
        receiver = (sorter + 1) % n
        hands[receiver] = sort_hand(dealt[sorter], sides[sorter])
        high_sides[receiver] = sides[sorter]
    marker = (dealer + 1) % n
    first = marker
    told: dict[str, Any] = {"round": round_no, "dealer": dealer, "marker": marker, "random_dealer": round_no == 1}
    if n == 3 and round_no == ROUNDS:
        tied = _leaders_on_points(scores, marker)
        first = tied[0]
        told.update(top=scores[first], tied=tied)
    fields: dict[str, Any] = {
        "round": round_no,
        "phase": "bid",
        "dealer": dealer,
        "marker": marker,
        "first": first,
        "hands": tuple(hands),
        "high_sides": tuple(high_sides),
        "set_aside": set_aside,
        "bids": (None,) * n,
        "beads": (False,) * n,
        "tricks_won": (0,) * n,
        "trick_number": 1,
        "leader": first,
        "current": first,
        "trick": (),
    }
    return fields, event("deal", first=first, **told)
