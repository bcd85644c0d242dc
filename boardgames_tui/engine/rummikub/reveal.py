"""Rummikub laid open: every rack, with what it counts against its holder under the game's rule set."""

from __future__ import annotations

from ..base import FrozenModel, Outcome
from .international import tile_points
from .models import RummikubState
from .rules import rules_for
from .sets import rack_value


class RummikubRevealed(FrozenModel):
    players: tuple[str, ...]
    racks: tuple[tuple[int, ...], ...]  # tile ids
    rack_points: tuple[int, ...]  # International: 1 and 10-13 count ten; the others: the number; a joker 30
    outcome: Outcome | None


def reveal(state: RummikubState) -> RummikubRevealed:
    international = state.options.rule_set == "international"
    points = tuple(sum(tile_points(tile) for tile in rack) if international else rack_value(rack) for rack in state.racks)
    return RummikubRevealed(
        players=state.players, racks=state.racks, rack_points=points, outcome=rules_for(state).outcome(state)
    )
