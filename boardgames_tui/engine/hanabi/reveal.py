"""Hanabi laid open: every hand and the deck."""

from __future__ import annotations

from ..base import FrozenModel
from .models import Card, HanabiState


class HanabiRevealed(FrozenModel):
    players: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]  # per seat, in slot order (slot 1 first, as held)
    deck: tuple[Card, ...]  # next card first


def reveal(state: HanabiState) -> HanabiRevealed:
    return HanabiRevealed(
        players=state.players,
        hands=tuple(tuple(held.card for held in hand) for hand in state.hands),
        deck=state.deck,
    )
