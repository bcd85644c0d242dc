"""Splendor Duel laid open: each player's reserved cards, those taken blind from a deck marked."""

from __future__ import annotations

from ..base import FrozenModel
from .models import PlayerView, SplendorDuelState
from .rules import SplendorDuelRules

_RULES = SplendorDuelRules()


class SplendorDuelRevealed(FrozenModel):
    players: tuple[str, ...]
    seats: tuple[PlayerView, ...]  # each as its holder sees it: the reserved cards, costs after bonuses
    blind: frozenset[int]  # cards reserved from the top of a deck: only their holder ever saw them


def _blind_reserves(state: SplendorDuelState) -> frozenset[int]:
    blind = set()
    for entry in state.log:
        if entry.kind == "reserved" and entry.args.get("card") is None:
            for _seat, extra in entry.secret:
                if "drawn" in extra:
                    blind.add(extra["drawn"])
    return frozenset(blind)


def reveal(state: SplendorDuelState) -> SplendorDuelRevealed:
    return SplendorDuelRevealed(
        players=state.players,
        seats=tuple(_RULES.view(state, seat).seats[seat] for seat in range(len(state.players))),
        blind=_blind_reserves(state),
    )
