"""Rummikub: a turn that ended without going out (a draw, a play that kept tiles back, or in the American
and International rule sets a discard that did not win) although the player could have gone out.

"Could have gone out" is proved, never guessed: from what the player saw when the turn's play began (their
rack after the turn's draw, the table, the rule set's TurnRules), the bots' planner (plan_turn, the move
finder over everything those rules let the player rework, before the initial meld only new sets from the
rack worth the meld, plus lay-offs where the rules open the table in that turn) finds a play of every rack
tile (every tile but one in the discard rule sets, where a turn ends by discarding the last); then that
play is made, move by move, in the engine from that very state, and the turn closed (EndTurn, or the
discard of the last tile), and the game must be over with the player out. A play the engine refuses in any
step (a freed joker's rules, a tile taken from the discard pile that may not be thrown, International's
50-point finish) proves nothing and nothing is counted; what the finder's model cannot see is missed,
never counted wrongly.

Cost: the planner runs at most once per turn that ended without going out, and not at all when some rack
tile has no possible partner in sight (`_worth_asking`); the engine replays the plan only when the planner
places every tile. A rack size limit would save little: the planner is slowest on small late-game racks
against a full table, which is also where the missed chances are (racks of 3 to 10 tiles in trial games).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ..bots.rummikub import TurnPlan, next_step, plan_turn
from ..engine.base import IllegalAction
from ..engine.replay import Step
from ..engine.rummikub.models import Discard, EndTurn, RummikubState
from ..engine.rummikub.rules import RULES
from ..engine.rummikub.sets import COLOUR_OF, IS_JOKER, NUMBER_OF
from . import Blunder, Kind, turns

KINDS = {
    # Certain: the engine itself accepted the winning play from the turn's starting position, and that play
    # was found from the player's own view. Going out ends the game with the win: no position excuses
    # passing it up.
    "missed_going_out": Kind(True, "a turn ended without going out when every tile could have been laid"),
}

# A play needs at most this many steps to build (a move per set and a closing action): far above any plan.
MAX_STEPS = 60


def _play_start(turn: list[Step]) -> RummikubState | None:
    """The state where the turn's play began: after its draw (the last draw-phase step: a trump taken and
    put back is followed by another draw), or the turn's start in the standard game."""
    start = 0
    for k, step in enumerate(turn):
        if step.before.phase == "draw":
            start = k + 1
    if start >= len(turn):
        return None  # the turn ended in its draw (no face-down tile left, say)
    state: RummikubState = turn[start].before
    return state if state.phase == "turn" else None


def _went_out(state: RummikubState, seat: int) -> bool:
    return state.phase == "over" and state.winner == seat and not state.racks[seat]


def _worth_asking(state: RummikubState, seat: int, to_lay: int) -> bool:
    """A quick test that rules out most turns. A set with at most one joker holds, next to each real tile,
    another real tile: of its number in another colour (a group) or of its colour one or two apart (a run,
    the joker between them). So unless both jokers are in sight, every rack tile needs such a partner on
    the rack or the table, or the rack cannot all go (but the one tile kept for the discard)."""
    rack = state.racks[seat]
    if to_lay <= 0:
        return False
    seen = (*rack, *(t for ts in state.table for t in ts.tiles))
    if sum(1 for t in seen if IS_JOKER[t]) >= 2:
        return True  # a set with both jokers may hold any tile
    near = {(COLOUR_OF[t], NUMBER_OF[t]) for t in seen if not IS_JOKER[t]}  # every real tile in sight
    alone = len(rack) - to_lay  # tiles that may stay on the rack: the discard, in those rule sets
    for t in rack:
        if IS_JOKER[t]:
            continue
        c, n = COLOUR_OF[t], NUMBER_OF[t]
        partners = [(d, n) for d in range(4) if d != c] + [(c, m) for m in (n - 2, n - 1, n + 1, n + 2)]
        if n in (1, 12, 13):  # a 1 after a 13 where the rule set allows it
            partners += [(c, 13), (c, 12)] if n == 1 else [(c, 1)]
        if not any(p in near for p in partners):
            alone -= 1
            if alone < 0:
                return False
    return True


def _proved(state: RummikubState, seat: int, plan: TurnPlan, by_discard: bool) -> bool:
    """Whether `plan`, made move by move from `state`, lets `seat` go out (the engine judges every step)."""
    try:
        for _ in range(MAX_STEPS):
            step = next_step(RULES.view(state, seat), plan)
            if step is None:
                break
            state = RULES.apply(state, seat, step)
        else:
            return False
        rack = state.racks[seat]
        if by_discard:
            if len(rack) != 1:
                return False
            state = RULES.apply(state, seat, Discard(tile=rack[0]))
        else:
            state = RULES.apply(state, seat, EndTurn())
    except IllegalAction:
        return False
    return _went_out(state, seat)


def could_go_out(state: RummikubState, seat: int) -> bool:
    """Whether the planner, from `seat`'s view of `state` (a turn whose play is about to begin), finds a
    play that goes out and the engine accepts it."""
    view: Any = RULES.view(state, seat)
    by_discard = view.turn_rules.turn_ends_by_discard
    to_lay = len(state.racks[seat]) - (1 if by_discard else 0)
    if not _worth_asking(state, seat, to_lay):
        return False
    plan = plan_turn(view, "hard")
    if plan.count != to_lay:
        return False
    return _proved(state, seat, plan, by_discard)


def find(steps: Sequence[Step]) -> Iterator[Blunder]:
    for turn in turns(steps):
        last = turn[-1]
        seat = last.seat
        assert seat is not None
        ended = last.after.phase == "over" or last.after.turn != last.before.turn
        if not ended or _went_out(last.after, seat):
            continue
        start = _play_start(turn)
        if start is not None and could_go_out(start, seat):
            yield Blunder("missed_going_out", seat, last.number)
