"""Rummikub, the American rule set: draw, meld, discard; a face-up trump; owned melds; ice at 21.

Source of truth: the "美国拉密" part of shared/seeds/004_053a4b348d682711.txt and
shared/rules/rummikub-american-international.md. What it shares with International is in discard.py.

- Deal: 15 face-down stacks of 7 and one extra tile, turned face up in the centre as the trump. Each player
  takes two stacks (14 tiles); the other stacks are the face-down tiles drawn from, in order. The first
  player is chosen at random; play goes counter-clockwise.
- Breaking the ice: complete new melds from the rack worth at least 21 (1 counts 1, a joker what it stands
  for). The table opens in the same turn.
- The discard pile's top (the previous player's discard) may be taken instead of a draw by a player who
  broke the ice in an earlier turn.
- The trump may be taken instead of a draw only as the winning draw: the turn must end by going out.
- Scoring as in the standard game, over the tiles left on the racks only (joker 30): going out, the losers
  score minus their rack and the winner the sum; no face-down tile left when a draw is needed, the lowest
  rack wins and the others score minus their difference. Scores sum to zero.
"""

from __future__ import annotations

from typing import Any

from ..base import Event, Fact, IllegalAction, event, fact
from .discard import RACK_STACKS, STACK_SIZE, DiscardRules, deal_stacks
from .editing import sort_rack
from .models import RummikubState
from .scoring import scores_when_out, scores_when_pool_empty
from .sets import LABEL_OF, rack_value
from .turn import TurnContext

__all__ = ["AmericanRules", "AMERICAN", "ICE"]

ICE = 21


class AmericanRules(DiscardRules):
    rule_set = "american"
    ice = ICE

    def deal(self, players: tuple[str, ...], seed: str, first: int) -> dict[str, Any]:
        stacks, extra = deal_stacks(seed)
        n = len(players)
        racks = tuple(
            sort_rack(stacks[RACK_STACKS * s] + stacks[RACK_STACKS * s + 1], "colour") for s in range(n)
        )
        centre = stacks[RACK_STACKS * n :]
        return {
            "racks": racks,
            "pool": tuple(t for stack in centre for t in stack),
            "stacks": (STACK_SIZE,) * len(centre),
            "trump": extra,
            "phase": "draw",
            "event": event("first_player_trump", seat=first, trump=LABEL_OF[extra]),
        }

    def may_take_discard(self, state: RummikubState) -> IllegalAction | None:
        if not state.discards:
            return IllegalAction("discard_pile_empty")
        if not state.melded[state.current]:
            return IllegalAction("discard_after_ice")
        return None

    def went_out(
        self, state: RummikubState, ctx: TurnContext, tile: int, update: dict[str, Any], events: list[Event]
    ) -> RummikubState:
        seat = state.current
        events.append(event("went_out", seat=seat, tile=LABEL_OF[tile], win=None))
        scores = scores_when_out([rack_value(r) for r in update["racks"]], seat)
        notes = (fact("scoring_american_out", seat=seat),)
        reason = fact("reason_went_out", seat=seat, win=None)
        return self._over(state, update, events, reason, scores, (seat,), "out", notes)

    def no_tiles_left(self, state: RummikubState, update: dict[str, Any], events: list[Event], reason: Fact) -> RummikubState:
        totals = [rack_value(r) for r in update.get("racks", state.racks)]
        scores, winners = scores_when_pool_empty(totals)
        notes = (fact("scoring_american_lowest"),)
        return self._over(state, update, events, reason, scores, winners, None, notes)


AMERICAN = AmericanRules()
