"""Invariant checks that every game's random playouts make, whatever the game (DESIGN.md section 6.2).

Each takes the game's rules object; the playouts in the games' test_playouts.py call them at every step.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import pytest

from boardgames_tui.engine.base import GameRules, IllegalAction

Rules = GameRules[Any, Any, Any, Any]


def deterministic_setup(rules: Rules, names: Sequence[str], options: Any, deal: str) -> Any:
    """A new game; setting up the same deal again gives the same state."""
    state = rules.setup(names, options, deal)
    assert state == rules.setup(names, options, deal)
    return state


def acting_seat(rules: Rules, state: Any) -> tuple[int, tuple[Any, ...]] | None:
    """The one seat to act and its legal actions; None once nobody is to act.

    While the game goes on exactly one seat is to act, its legal actions are non-empty and listed once
    each, and every other seat has none.
    """
    to_act = rules.to_act(state)
    if not to_act:
        return None
    assert len(to_act) == 1
    (seat,) = to_act
    legal = tuple(rules.legal_actions(state, seat))
    assert legal, "legal_actions must be non-empty while someone is to act"
    assert len(set(legal)) == len(legal)
    for other in range(len(state.players)):
        if other != seat:
            assert tuple(rules.legal_actions(state, other)) == ()
    return seat, legal


def turns(rules: Rules, current: Callable[[], Any], max_steps: int) -> Iterator[tuple[int, int, tuple[Any, ...]]]:
    """The turns of a playout: (step, seat to act, its legal actions), checked by `acting_seat`.

    `current()` returns the state the caller's playout has reached; the turns stop once nobody is to act.
    The playout fails if the game has not ended after `max_steps` actions.
    """
    for step in range(max_steps):
        turn = acting_seat(rules, current())
        if turn is None:
            return
        yield step, *turn
    pytest.fail("the game did not end")  # pragma: no cover


def sample_unlisted(candidates: Iterable[Any], legal: Sequence[Any], rng: random.Random, k: int) -> list[Any]:
    """Up to `k` of `candidates` that are not in `legal`, drawn with `rng`."""
    legal_set = set(legal)
    others = [a for a in candidates if a not in legal_set]
    return rng.sample(others, min(k, len(others)))


def probe(
    rules: Rules,
    state: Any,
    seat: int,
    legal: Sequence[Any],
    tried: Iterable[Any],
    *,
    listed: Iterable[Any] | None = None,
    canonical: Callable[[Any], Any] | None = None,
    wrong_seat_match: str | None = None,
) -> None:
    """Apply agrees with legal_actions and never changes the state it is given.

    Every listed action (`listed`, default all of `legal`) applies. Each `tried` action applies if it (or
    `canonical(action)`) is in `legal` and raises IllegalAction otherwise. The next seat may not take
    `legal[0]` (with `wrong_seat_match` as the expected message). Afterwards the state is unchanged and
    survives its JSON form (the save round trip).
    """
    snapshot = state.model_dump_json()
    for a in legal if listed is None else listed:  # every listed action applies
        rules.apply(state, seat, a)
    legal_set = set(legal)
    for a in tried:  # the rules agree with legal_actions on every other action
        if (a if canonical is None else canonical(a)) in legal_set:
            rules.apply(state, seat, a)
        else:
            with pytest.raises(IllegalAction):
                rules.apply(state, seat, a)
    with pytest.raises(IllegalAction, match=wrong_seat_match):
        rules.apply(state, (seat + 1) % len(state.players), legal[0])
    assert state.model_dump_json() == snapshot, "a refused or probed action changed the state"
    assert type(state).model_validate_json(snapshot) == state, "save round trip"


def refused(rules: Rules, state: Any, seat: int, actions: Iterable[Any], match: str | None = None) -> None:
    """Every one of `actions` raises IllegalAction for `seat` (with `match` as the expected message)."""
    for a in actions:
        with pytest.raises(IllegalAction, match=match):
            rules.apply(state, seat, a)


def finished(rules: Rules, state: Any) -> list[Any]:
    """A finished game survives its JSON form and can still be viewed by the public and every seat.

    Returns the views, public first.
    """
    assert type(state).model_validate_json(state.model_dump_json()) == state
    return [rules.view(state, seat) for seat in (None, *range(len(state.players)))]


def replays(
    rules: Rules,
    names: Sequence[str],
    options: Any,
    deal: str,
    actions: Iterable[Any],
    final: Any,
    seats: Sequence[int] | None = None,
) -> None:
    """Replay determinism: the same deal and actions reach `final` again.

    Action i is taken by seats[i], or by the replayed state's current seat when `seats` is None.
    """
    replay = rules.setup(names, options, deal)
    for i, a in enumerate(actions):
        replay = rules.apply(replay, replay.current if seats is None else seats[i], a)
    assert replay == final
