"""Rummikub's scores and the facts the results screen says about them, shared by every rule set.

- Going out: every loser scores minus their rack total (a joker 30), the winner the sum of those.
- The pool ran out: the lowest rack wins; each loser scores -(own total - lowest); the winners share the
  sum (a remainder one point each in seat order). Scores always sum to zero.
(International scores its own way: international.py.)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import Fact, Outcome, fact
from .editing import sort_rack
from .models import RummikubState
from .sets import LABEL_OF, rack_value

__all__ = [
    "rank_by_score",
    "scores_when_out",
    "scores_when_pool_empty",
    "headline",
    "standings",
    "outcome_of",
    "reason_code",
]


def rank_by_score(scores: Sequence[int]) -> tuple[list[int], list[tuple[int, ...]]]:
    """(seats from the best score down, the ranking as groups of seats with equal scores)."""
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    ranking: list[tuple[int, ...]] = []
    for s in order:
        if ranking and scores[ranking[-1][0]] == scores[s]:
            ranking[-1] = (*ranking[-1], s)
        else:
            ranking.append((s,))
    return order, ranking


def scores_when_out(totals: Sequence[int], winner: int) -> tuple[int, ...]:
    """A player went out: every loser scores minus their rack total, the winner the sum of those."""
    scores = [-t for t in totals]
    scores[winner] = sum(t for s, t in enumerate(totals) if s != winner)
    return tuple(scores)


def scores_when_pool_empty(totals: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(scores, winners) when the pool ran out: the lowest total wins; each loser scores -(own - lowest);
    the winners share the sum of those (a remainder one point each in seat order)."""
    low = min(totals)
    winners = tuple(s for s, t in enumerate(totals) if t == low)
    scores = [-(t - low) for t in totals]
    pot = -sum(scores)
    share, rest = divmod(pot, len(winners))
    for k, s in enumerate(winners):
        scores[s] = share + (1 if k < rest else 0)
    return tuple(scores), winners


def headline(scores: Sequence[int], winners: Sequence[int], win_kind: str | None = None) -> Fact:
    """Who won: one winner (with how, in International), a shared win, or nobody (International)."""
    if not winners:
        return fact("nobody_wins", scores=list(scores))
    if len(winners) == 1:
        w = winners[0]
        return fact("winner", seat=w, score=scores[w], win=win_kind if win_kind in ("open", "finish", "closed") else None)
    return fact("shared_win", seats=list(winners), scores=[scores[w] for w in winners])


def standings(state: RummikubState, scores: Sequence[int], order: Sequence[int], totals: bool) -> list[Fact]:
    """One line per seat, best first: the score and the tiles left on the rack (with their total when
    `totals`: the standard game scores by it)."""
    out = []
    for s in order:
        rack = state.racks[s]
        tiles = [LABEL_OF[t] for t in sort_rack(rack, "colour")]
        out.append(fact("standing", seat=s, score=scores[s], tiles=tiles, total=rack_value(rack) if totals else None))
    return out


def reason_code(state: RummikubState) -> str:
    """Outcome.reason: how the game ended ("played_out", "empty_pool", "went_out", "no_face_down")."""
    return state.end_reason.kind.removeprefix("reason_") if state.end_reason is not None else ""


def outcome_of(state: RummikubState, winners: tuple[int, ...], notes: Sequence[Fact], totals: bool) -> Outcome:
    """The Outcome of a finished game whose notes say how the scores came about."""
    scores = state.final_scores or ()
    order, ranking = rank_by_score(scores)
    details = [*((state.end_reason,) if state.end_reason is not None else ()), *notes]
    details.extend(standings(state, scores, order, totals))
    return Outcome(
        scores=scores,
        ranking=tuple(ranking),
        winners=winners,
        reason=reason_code(state),
        headline=headline(scores, winners, state.win_kind),
        details=tuple(details),
    )
