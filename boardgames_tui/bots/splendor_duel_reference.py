"""Splendor Duel's Hard computer as it was on 2026-12-04, kept unchanged as a fixed reference level for the
arena ("reference"): the Hard of today is measured against it (issue #28: it must win at least 65% of the
games). Its search is the current one; what it considers (`candidates`) and how it rates a position
(`state_value`) are the 2026-12-04 versions, copied here so that later changes to Hard leave it alone.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from ..engine.splendor_duel.data import GOLD, PEARL
from ..engine.splendor_duel.models import SplendorDuelState, SplendorDuelView
from ..engine.splendor_duel.turn import MAX_TOKENS, WIN_COLOUR_POINTS, WIN_CROWNS, WIN_POINTS
from .splendor_duel import (
    _WORTH,
    buy_score,
    demand,
    gap_from,
    greedy_action,
    needs,
    packed_means,
    search,
    target_card,
    wins_with,
)

BREADTH = {"buy": 4, "take_tokens": 4, "reserve": 2, "use_privilege": 1}
ITERATIONS = 1000  # Hard's budget per decision on 2026-12-04
_first_two = itemgetter(0, 1)


def player_worth(p: Any, cards_in_reach: Sequence[int]) -> tuple[float, bool]:
    """A player's standing in points (progress toward 20 points, 10 crowns and 10 points in one colour,
    with bonuses, tokens, privileges and the best card within reach counted toward it), and whether a
    card it can buy right now would win."""
    best_colour = max(p.colour_points)
    worth = p.points + 0.9 * p.crowns + 1.1 * best_colour
    # the race is won by whichever route finishes first, so a route close to its end counts extra
    worth += 6.0 * max(p.points / WIN_POINTS, p.crowns / WIN_CROWNS, best_colour / WIN_COLOUR_POINTS) ** 2
    worth += sum(0.7 * min(b, 4) + 0.2 * max(0, b - 4) for b in p.bonuses)
    t = p.tokens
    worth += 0.3 * sum(t[:PEARL]) + 0.45 * t[PEARL] + 0.5 * t[GOLD] + 0.45 * p.privileges
    reach = 0.0
    winning = False
    means, gold, has_bonus = packed_means(p), t[GOLD], any(p.bonuses)
    which = 1 if has_bonus else 0
    for cid in cards_in_reach:
        gap = gap_from(cid, means, gold, has_bonus)
        if gap < 6:
            r = _WORTH[cid][which] / (1.0 + gap)
            if r > reach:
                reach = r
            if gap == 0 and not winning:
                winning = wins_with(cid, p)
    return worth + 0.5 * reach, winning


def state_value(state: SplendorDuelState) -> float:
    """Seat 0's chances in [0, 1]: 1 or 0 once someone has won, else the evaluation through a logistic.
    A player who could buy a winning card now has all but won if it is their turn, and is well ahead if
    it is not (the other may still buy or reserve that card first)."""
    if state.phase == "over":
        if state.winner is None:
            return 0.5
        return 1.0 if state.winner == 0 else 0.0
    shared = [cid for row in state.pyramid for cid in row if cid]
    (w0, win0), (w1, win1) = (player_worth(p, shared + list(p.reserved)) for p in state.seats)
    mover = state.current
    diff = w0 - w1 + (0.8 if mover == 0 else -0.8)
    if state.phase in ("start", "main") and (win0, win1)[1 - mover]:
        diff += 5.0 if mover == 1 else -5.0
    value = 1.0 / (1.0 + math.exp(-diff / 3.0))
    if state.phase in ("start", "main") and (win0, win1)[mover]:
        # all but won: never rated below what the position is worth anyway
        return 0.95 + 0.05 * value if mover == 0 else 0.05 * value
    return value


def _lines_score(colours: tuple[int, ...], base: Sequence[float], need: Sequence[int], over: int) -> float:
    """`take_score` of two or three tokens of these colours, from the per-token part `base` (0.3 + want)
    and the player's tokens over the limit before taking (`over`)."""
    score = 0.0
    seen: list[int] = []
    for c in colours:
        score += base[c]
        if c not in seen:
            seen.append(c)
            k = colours.count(c)
            n = need[c]
            score += 3.0 * (n if n < k else k)
    n = len(colours)
    if colours.count(PEARL) == 2 or (n == 3 and len(seen) == 1):
        score -= 1.5  # the opponent gains a privilege
    if over + n > 0:
        score -= 2.0 * (over + n)
    return score


def candidates(state: SplendorDuelState, legal: Sequence[Any]) -> list[Any]:
    """The actions the search considers, most promising first: every purchase (its cheapest payment),
    the best token takes, a few reserves and privilege uses, the replenish; every answer to a choice."""
    if state.phase not in ("start", "main"):
        if state.phase == "discard" or state.phase == "take_token":
            return list(legal[:4]) if state.phase == "take_token" else list(legal)
        return list(legal)
    seat = state.current
    me = state.seats[seat]
    opp = state.seats[1 - seat]
    target = target_card(me, state.pyramid)
    need = needs(target, me) if target is not None else [0] * 6
    want = demand(me, state.pyramid, target)
    board = state.board
    buys: dict[int, Any] = {}
    takes: list[tuple[float, tuple[int, ...], Any]] = []
    reserves: list[tuple[float, Any]] = []
    privileges: list[tuple[float, Any]] = []
    others: list[Any] = []
    take_scores: dict[tuple[int, ...], float] = {}
    over = sum(me.tokens) - MAX_TOKENS  # tokens over the limit before the take
    base = [0.3 + want[c] for c in range(6)]
    single = [base[c] + (3.0 if need[c] > 0 else 0.0) - (2.0 * (over + 1) if over >= 0 else 0.0) for c in range(6)]
    my_means, my_gold, my_which = packed_means(me), me.tokens[GOLD], 1 if any(me.bonuses) else 0
    opp_means, opp_gold, opp_bonus = packed_means(opp), opp.tokens[GOLD], any(opp.bonuses)
    first_gold = -1
    for a in legal:
        kind = a.kind
        if kind == "buy":
            if a.card not in buys:  # payments come fewest gold first
                buys[a.card] = a
        elif kind == "take_tokens":
            cells = a.cells
            if len(cells) == 1:
                score = single[board[cells[0]]]
            else:  # the score depends only on the colours taken, which repeat on a board
                colours = tuple(map(board.__getitem__, cells))
                score = take_scores.get(colours)
                if score is None:
                    score = take_scores[colours] = _lines_score(colours, base, need, over)
            takes.append((-score, cells, a))
        elif kind == "reserve":
            if first_gold < 0:
                first_gold = a.gold_cell
            if a.gold_cell == first_gold:
                if a.card is None:
                    worth = 1.0 + 0.5 * a.level
                else:  # worth having, or worth keeping from an opponent about to win with it
                    worth = _WORTH[a.card][my_which] - 0.3 * gap_from(a.card, my_means, my_gold, my_which == 1)
                    if gap_from(a.card, opp_means, opp_gold, opp_bonus) <= 1 and wins_with(a.card, opp):
                        worth += 20.0
                reserves.append((worth, a))
        elif kind == "use_privilege":
            privileges.append((want[board[a.cell]], a))
        else:
            others.append(a)
    out = sorted(buys.values(), key=lambda a: buy_score(a, me), reverse=True)[:BREADTH["buy"]]
    takes.sort(key=_first_two)
    out += [t[2] for t in takes[: BREADTH["take_tokens"]]]
    reserves.sort(key=lambda t: (-t[0], t[1].level, t[1].card or 0))
    out += [a for _, a in reserves[: BREADTH["reserve"]]]
    privileges.sort(key=lambda t: (-t[0], t[1].cell))
    out += [a for _, a in privileges[: BREADTH["use_privilege"]]]
    out += others
    return out


class ReferenceBot:
    """Hard as of 2026-12-04: the same search over its own candidates and evaluation."""

    def choose(self, view: SplendorDuelView, rng: random.Random) -> Any:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if view.phase in ("discard", "take_token"):
            return greedy_action(view)
        return search(view, rng, ITERATIONS, candidates=candidates, value=state_value)
