"""Luz laid open: the hands of the current round (as dealt, once its cards are all played) and the cards it
set aside."""

from __future__ import annotations

from ..base import FrozenModel
from .cards import deal_round
from .models import HighSide, LuzCard, LuzState
from .scoring import totals


class LuzRevealed(FrozenModel):
    players: tuple[str, ...]
    round: int
    holding: bool  # cards are still in hand (else the hands are as the round dealt them)
    hands: tuple[tuple[LuzCard, ...], ...]
    high_sides: tuple[HighSide, ...]
    set_aside: tuple[LuzCard, ...]


def _dealt(state: LuzState) -> tuple[tuple[tuple[LuzCard, ...], ...], tuple[LuzCard, ...]]:
    """The hands as the current round dealt them (sorted and passed) and the cards it set aside: the round
    is dealt again from the game's seed."""
    earlier = state.model_copy(update={"results": state.results[: state.round - 1]})
    fields, _told = deal_round(state.players, state.options, state.seed, state.round, state.dealer, totals(earlier))
    return fields["hands"], fields["set_aside"]


def reveal(state: LuzState) -> LuzRevealed:
    dealt, set_aside = _dealt(state)
    holding = any(state.hands)
    return LuzRevealed(
        players=state.players,
        round=state.round,
        holding=holding,
        hands=state.hands if holding else dealt,
        high_sides=state.high_sides,
        set_aside=state.set_aside or set_aside,
    )
