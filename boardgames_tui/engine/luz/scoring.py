"""Luz's scoring: who wins a trick, a round's points, the final order and its tie-breaks.

Rulebook: shared/seeds/000_0ce4d51ee6bf0918.txt; decisions: shared/rules/luz.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import Fact, Outcome, fact
from ..fastmodel import build
from .models import FAILURE_POINTS_PER_TRICK, ROUNDS, SUCCESS_POINTS, TRUMP, LuzState, Play, RoundResult


def round_points(round_no: int, bid: int, bead: bool, tricks: int) -> int:
    """A round's points: success pays 10/20/30/40 (half with the bead); failure costs 5 per trick off the bid."""
    if tricks == bid or (bead and tricks == bid + 1):
        full = SUCCESS_POINTS[round_no - 1]
        return full // 2 if bead else full
    return -FAILURE_POINTS_PER_TRICK * abs(tricks - bid)


def trick_winner(plays: Sequence[Play]) -> Play:
    """The highest yellow if any yellow was played, else the highest card of the led colour."""
    best = plays[0]
    best_trump = best.card.colour == TRUMP
    led = best.card.colour
    for p in plays[1:]:
        c = p.card
        if c.colour == TRUMP:
            if not best_trump or c.number > best.card.number:
                best, best_trump = p, True
        elif not best_trump and c.colour == led and c.number > best.card.number:
            best = p
    return best


def score_round(state: LuzState, won: Sequence[int]) -> tuple[RoundResult, ...]:
    """Every seat's line of the score sheet for the round just played (`won`: tricks per seat)."""
    row = []
    for seat, tricks in enumerate(won):
        bid = state.bids[seat]
        assert bid is not None
        bead = state.beads[seat]
        points = round_points(state.round, bid, bead, tricks)
        row.append(build(RoundResult, bid=bid, bead=bead, tricks=tricks, points=points))
    return tuple(row)


def totals(state: LuzState) -> tuple[int, ...]:
    """Points over the finished rounds, per seat."""
    n = len(state.players)
    return tuple(sum(row[s].points for row in state.results) for s in range(n))


def final_order(scores: Sequence[int], round4: Sequence[int], holder: int) -> list[int]:
    """Seats best first: total, then round-4 points, then nearest clockwise from the round-4 marker holder."""
    n = len(scores)
    return sorted(range(n), key=lambda s: (-scores[s], -round4[s], (s - holder) % n))


def winner_fact(state: LuzState) -> Fact:
    """The results' headline: the winner, their total, and whether a tie had to be broken."""
    scores = totals(state)
    winner = _order(state)[0]
    tied = sum(1 for total in scores if total == scores[winner]) > 1
    return fact("winner", seat=winner, points=scores[winner], tie_break=tied)


def _order(state: LuzState) -> list[int]:
    n = len(state.players)
    return final_order(totals(state), [state.results[ROUNDS - 1][s].points for s in range(n)], state.marker)


def outcome_of(state: LuzState) -> Outcome:
    """The final result computed from the four rounds in `state.results` (whatever the phase).

    Details: one "standing" fact per seat, best first, then one "tie" fact per tie the tie-breaks decided.
    """
    n = len(state.players)
    scores = totals(state)
    round4 = [state.results[ROUNDS - 1][s].points for s in range(n)]
    order = final_order(scores, round4, state.marker)
    details = [
        fact("standing", place=place, seat=s, points=scores[s], rounds=[row[s].points for row in state.results])
        for place, s in enumerate(order, start=1)
    ]
    details.extend(tie_facts(order, scores, round4, state.marker))
    return Outcome(
        scores=scores,
        ranking=tuple((s,) for s in order),
        winners=(order[0],),
        reason="four_rounds",
        headline=winner_fact(state),
        details=tuple(details),
    )


def tie_facts(order: Sequence[int], scores: Sequence[int], round4: Sequence[int], holder: int) -> list[Fact]:
    """One "tie" fact per group of equal totals: the seats in their final order, the total, each one's
    round-4 points, and `runs`, the groups still tied after round 4 (each settled by the seats, clockwise
    from the start-marker `holder`)."""
    out: list[Fact] = []
    groups: list[list[int]] = []
    for s in order:  # `order` keeps equal totals together
        if groups and scores[groups[-1][0]] == scores[s]:
            groups[-1].append(s)
        else:
            groups.append([s])
    for group in groups:
        if len(group) < 2:
            continue
        runs: list[list[int]] = []  # runs of equal round-4 points, best first
        for s in group:
            if runs and round4[runs[-1][0]] == round4[s]:
                runs[-1].append(s)
            else:
                runs.append([s])
        out.append(
            fact(
                "tie",
                seats=group,
                points=scores[group[0]],
                round4=[round4[s] for s in group],
                runs=[run for run in runs if len(run) > 1],
                holder=holder,
            )
        )
    return out
