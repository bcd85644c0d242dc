"""Lifeboat laid open: every hand, Love and Hate, the supply cards set aside unseen at the start and the
cards gone with those lost at sea."""

from __future__ import annotations

from ..base import FrozenModel
from .models import LifeboatState


class LifeboatRevealed(FrozenModel):
    players: tuple[str, ...]
    over: bool
    characters: tuple[int, ...]
    love: tuple[int, ...]
    hate: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    set_aside: tuple[int, ...]
    lost_cards: tuple[int, ...]


def reveal(state: LifeboatState) -> LifeboatRevealed:
    return LifeboatRevealed(
        players=state.players,
        over=state.phase == "over",
        characters=state.characters,
        love=state.love,
        hate=state.hate,
        hands=state.hands,
        set_aside=state.set_aside,
        lost_cards=state.lost_cards,
    )
