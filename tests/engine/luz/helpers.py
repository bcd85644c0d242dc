"""Shared helpers for the Luz engine tests: build exact situations by hand, resample hidden numbers."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from boardgames_tui.engine.luz.models import (
    COLOURS,
    LuzCard,
    LuzOptions,
    LuzState,
    Play,
    RoundResult,
)
from boardgames_tui.engine.luz.rules import RULES, sort_hand

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")


def card(label: str) -> LuzCard:
    """"R4" -> red 4."""
    return LuzCard(colour=label[0], number=int(label[1:]))


def cards(labels: Sequence[str]) -> tuple[LuzCard, ...]:
    return tuple(card(x) for x in labels)


def labels(hand: Sequence[LuzCard]) -> list[str]:
    return [c.label for c in hand]


def result(points: int, bid: int = 0, bead: bool = False, tricks: int = 0) -> RoundResult:
    return RoundResult(bid=bid, bead=bead, tricks=tricks, points=points)


def rows(*per_round: Sequence[int]) -> tuple[tuple[RoundResult, ...], ...]:
    """Score-sheet rows from points only: rows((10, -5, 0), (20, 20, -10)) = rounds 1 and 2."""
    return tuple(tuple(result(p) for p in row) for row in per_round)


def build(
    hands: Sequence[Sequence[str]],
    *,
    trick: Sequence[tuple[int, str]] = (),
    options: LuzOptions | None = None,
    set_aside: Sequence[str] = (),
    **fields: Any,
) -> LuzState:
    """A state in the play phase with the given hands (left to right) and cards on the table.

    Defaults: seat 0 holds the start marker, bid first and led; everyone bid 0 without a bead; the
    seat after the last card on the table is to act.
    """
    n = len(hands)
    leader = fields.pop("leader", trick[0][0] if trick else fields.get("first", 0))
    values: dict[str, Any] = {
        "players": NAMES[:n],
        "options": options or LuzOptions(),
        "seed": "test",
        "phase": "play",
        "dealer": (fields.get("marker", 0) - 1) % n,
        "marker": 0,
        "first": 0,
        "hands": tuple(cards(h) for h in hands),
        "high_sides": ("right",) * n,
        "set_aside": cards(set_aside),
        "bids": (0,) * n,
        "beads": (False,) * n,
        "tricks_won": (0,) * n,
        "leader": leader,
        "current": (leader + len(trick)) % n,
        "trick": tuple(Play(seat=s, card=card(x)) for s, x in trick),
    }
    values.update(fields)
    return LuzState(**values)


def act(state: LuzState, action: Any, seat: int | None = None) -> LuzState:
    return RULES.apply(state, state.current if seat is None else seat, action)


def resample_own_numbers(state: LuzState, seat: int, rng: random.Random, attempts: int = 50) -> LuzState:
    """Swap numbers of same-colour cards between `seat`'s hand and the set-aside cards, then re-sort the
    hand in the same direction: the colours in every position stay the same.

    The result differs from `state` only in what `seat` cannot see, so its view must not change. Tries a
    few times to produce a hand that differs (impossible only if no set-aside card shares a colour).
    """
    hand = state.hands[seat]
    side = state.high_sides[seat]
    new_hand, new_aside = hand, state.set_aside
    for _ in range(attempts):
        pool: dict[str, list[int]] = {c: [] for c in COLOURS}
        for c in (*hand, *state.set_aside):
            pool[c.colour].append(c.number)
        for numbers in pool.values():
            rng.shuffle(numbers)
        taken = [LuzCard(colour=c.colour, number=pool[c.colour].pop()) for c in hand]
        aside = [LuzCard(colour=c.colour, number=pool[c.colour].pop()) for c in state.set_aside]
        rng.shuffle(aside)
        new_hand, new_aside = sort_hand(taken, side), tuple(aside)
        if new_hand != hand:
            break
    assert [c.colour for c in new_hand] == [c.colour for c in hand]
    hands = list(state.hands)
    hands[seat] = new_hand
    return state.model_copy(update={"hands": tuple(hands), "set_aside": new_aside})


# The name tests/resamplers.py finds every game's resampler by.
resample_hidden = resample_own_numbers


def play_first_legal(state: LuzState) -> LuzState:
    seat = state.current
    return RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])


# What the table reads: the engine's events said by the game's narrator, in English ----------------------


def narrator(state: LuzState):  # type: ignore[no-untyped-def]
    from boardgames_tui.narration import narrator_for

    return narrator_for("luz", state.players)


def summary(state: LuzState) -> str:
    """What the table is told the last action did (the pass-the-device screen's news)."""
    newest = RULES.last_public_event(state)
    return narrator(state).event(newest) if newest is not None else ""


def public_lines(state: LuzState) -> list[str]:
    """Every event of the log as the table heard it when it happened (cards included)."""
    return list(narrator(state).events(state.log))


def last_line(state: LuzState) -> str:
    return narrator(state).event(state.log[-1])


def read_back(state: LuzState, seat: int | None) -> tuple[str, ...]:
    """The log `seat` can read back later (its View's log), said."""
    return narrator(state).events(RULES.view(state, seat).log)
