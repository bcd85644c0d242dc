"""High card's test helpers (a real game's tests/engine/<id>/helpers.py): the resampler the no-leak tests use."""

from __future__ import annotations

import random

from .engine import HighCardState


def resample_hidden(state: HighCardState, seat: int, rng: random.Random) -> HighCardState:
    """Deal again at random what `seat` cannot see: the other player's hand and the undealt cards, shuffled
    together (the other hand keeps its size). The log is left alone, as every resampler leaves it: the deal
    event's secret copy for the other seat is not in `seat`'s View."""
    other = 1 - seat
    unseen = [*state.hands[other], *state.undealt]
    rng.shuffle(unseen)
    held = len(state.hands[other])
    hands = list(state.hands)
    hands[other] = tuple(sorted(unseen[:held]))
    return state.model_copy(update={"hands": tuple(hands), "undealt": tuple(unseen[held:])})
