"""Rummikub: the one rules object the registry knows (`RULES`), for all three rule sets.

The rule set is chosen once, from the options: `RummikubRules` hands each call to the object that plays
that rule set — the standard game (standard.py), American (american.py) or International
(international.py), the last two built on what they share (discard.py, ownership.py) — and those objects
hold the rules that differ, as methods, with no test of the rule set inside them. What every rule set
shares is in turn.py (the turn in progress), editing.py (the table editor and the check_K / do_K kernel),
listing.py (listing the legal moves fast), sets.py (runs and groups) and scoring.py.

Hot-path notes: actions are cached singletons, set readings are cached in sets.py, and internal updates
use `model_construct` / `model_copy(update=...)`, never validating constructors.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import Event, Fact, GameRules, Outcome, event
from .editing import sort_rack
from .models import (
    ACTION_ADAPTER,
    RummikubAction,
    RummikubOptions,
    RummikubState,
    RummikubView,
)
from .scoring import rank_by_score, scores_when_out, scores_when_pool_empty
from .standard import StandardRules
from .turn import NOTHING_PLAYED

__all__ = [
    "RummikubRules",
    "RULES",
    "STANDARD",
    "NOTHING_PLAYED",
    "rules_for",
    "rules_for_rule_set",
    "sort_rack",
    "rank_by_score",
    "scores_when_out",
    "scores_when_pool_empty",
    "end_turn_problems",
    "meld_points",
]

STANDARD = StandardRules()
_RULE_SETS: dict[str, StandardRules] = {"standard": STANDARD}


def rules_for_rule_set(rule_set: str) -> StandardRules:
    """The object that plays a rule set ("standard", "american", "international")."""
    rules = _RULE_SETS.get(rule_set)
    if rules is None:
        from .american import AMERICAN  # imported here: those modules build on the standard game
        from .international import INTERNATIONAL

        _RULE_SETS.update(american=AMERICAN, international=INTERNATIONAL)
        if rule_set not in _RULE_SETS:
            raise ValueError(f"unknown Rummikub rule set {rule_set!r}")
        rules = _RULE_SETS[rule_set]
    return rules


def rules_for(state: RummikubState) -> StandardRules:
    """The object that plays `state`'s rule set."""
    return rules_for_rule_set(state.options.rule_set)


class RummikubRules(GameRules[RummikubState, RummikubAction, RummikubView, RummikubOptions]):  # type: ignore[type-var]
    """Every rule set of Rummikub behind one GameRules: each call goes to the state's rule-set object."""

    max_actions = 20_000  # tile moves, rack sorts and undos make many actions a turn; random play stays under 6,000
    id = "rummikub"
    title = "Rummikub"
    min_players = 2
    max_players = 4
    Options = RummikubOptions
    State = RummikubState
    action_adapter = ACTION_ADAPTER

    def setup(self, players: Sequence[str], options: RummikubOptions | None, seed: str) -> RummikubState:
        options = options if options is not None else RummikubOptions()
        return rules_for_rule_set(options.rule_set).setup(players, options, seed)

    def to_act(self, state: RummikubState) -> frozenset[int]:
        return STANDARD.to_act(state)  # the same in every rule set

    def rules_for(self, state: RummikubState) -> StandardRules:
        """The rule set's object: the kernel (engine/base.py) hands it legal_actions, refusal and apply."""
        return _RULE_SETS.get(state.options.rule_set) or rules_for(state)

    def view(self, state: RummikubState, seat: int | None) -> RummikubView:
        return rules_for(state).view(state, seat)

    def outcome(self, state: RummikubState) -> Outcome | None:
        return rules_for(state).outcome(state)

    def turn_label(self, state: RummikubState) -> Fact:
        return rules_for(state).turn_label(state)

    def variant_label(self, options: RummikubOptions) -> Fact | None:
        return rules_for_rule_set(options.rule_set).variant_label(options)

    def last_public_event(self, state: RummikubState) -> Event | None:
        """What the last turn's end told the table (its events' public parts), as one event."""
        start, end = state.told
        told = [entry.seen_by(None) for entry in state.log[start:end]]
        shown = [entry for entry in told if entry is not None]
        if len(shown) == 1:
            return shown[0]
        if not shown:
            return None
        return event("turn_summary", events=[{"kind": e.kind, "args": e.args} for e in shown])

    def has_hidden_information(self, state: RummikubState) -> bool:
        return True


def end_turn_problems(state: RummikubState) -> tuple[Fact, ...]:
    """What stands in the way of ending the current turn (empty: EndTurn, or in American / International
    a Discard, is legal)."""
    if state.phase == "over":
        return ()
    rules = rules_for(state)
    return tuple(rules.turn_problems(rules.ctx(state)))


def meld_points(state: RummikubState) -> int:
    """Value of the valid sets made only of tiles the current player played from the rack this turn."""
    return rules_for(state).ctx(state).meld_points


RULES = RummikubRules()
