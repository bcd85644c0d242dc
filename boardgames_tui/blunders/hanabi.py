"""Hanabi: a card played that does not fit (a misfire), and the last copy of a card the team still needs
thrown away."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..engine.hanabi.config import Config, config, needed_rank
from ..engine.hanabi.models import Card, DiscardCard, HanabiState, PlayCard
from ..engine.replay import Step
from . import Blunder, Kind

KINDS = {
    "misfire": Kind(False, "a card played that did not fit its pile"),
    "last_copy_discarded": Kind(False, "the last copy of a card the fireworks still need, discarded"),
}


def _still_needed(card: Card, state: HanabiState, cfg: Config) -> bool:
    """Whether `card` could still be played in `state`: its pile has not passed it, and every card between the
    pile and it still has a copy outside the discard pile."""
    suit_i = cfg.suit_index[card.suit]
    need = needed_rank(state.piles, cfg, suit_i)
    if need == 0:
        return False
    descending = suit_i == cfg.black_index
    if (card.rank > need) if descending else (card.rank < need):
        return False
    between = range(card.rank + 1, need + 1) if descending else range(need, card.rank)
    return all(_copies_left(card.suit, rank, state, cfg) > 0 for rank in between)


def _copies_left(suit: str, rank: int, state: HanabiState, cfg: Config) -> int:
    return cfg.counts[(suit, rank)] - sum(1 for c in state.discard if c.suit == suit and c.rank == rank)


def find(steps: Sequence[Step]) -> Iterator[Blunder]:
    for step in steps[1:]:
        before, after, seat = step.before, step.after, step.seat
        assert seat is not None
        if isinstance(step.action, PlayCard):
            if after.misfires > before.misfires:
                yield Blunder("misfire", seat, step.number)
        elif isinstance(step.action, DiscardCard):
            card = before.hands[seat][step.action.slot].card
            cfg = config(before.options)
            if _still_needed(card, before, cfg) and _copies_left(card.suit, card.rank, after, cfg) == 0:
                yield Blunder("last_copy_discarded", seat, step.number)
