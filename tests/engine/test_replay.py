"""engine/replay.py: the one loop that rebuilds a game from its record, for every registered game."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from boardgames_tui.engine.base import IllegalAction
from boardgames_tui.engine.registry import GAMES
from boardgames_tui.engine.replay import ReplayError, replay, replayed_state


@dataclass(frozen=True)
class Recorded:
    seat: int
    action: Any


def played(game_id: str, moves: int) -> tuple[Any, tuple[str, ...], Any, list[Recorded], list[Any]]:
    """A game of random legal moves: the rules, players, options, its record and every state."""
    rules = GAMES[game_id].rules()
    players = tuple(f"P{n}" for n in range(rules.min_players))
    options = rules.Options()
    state = rules.setup(players, options, "17")
    states, record, chooser = [state], [], random.Random(game_id)
    for _ in range(moves):
        if rules.outcome(state) is not None:
            break
        seat = min(rules.to_act(state))
        action = chooser.choice(rules.legal_actions(state, seat))
        record.append(Recorded(seat, rules.dump_action(action)))
        state = rules.apply(state, seat, action)
        states.append(state)
    return rules, players, options, record, states


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_replay_steps_through_the_game_as_it_was_played(game_id: str) -> None:
    rules, players, options, record, states = played(game_id, 40)
    steps = list(replay(rules, players, options, "17", record))
    assert [step.number for step in steps] == list(range(len(record) + 1))
    assert steps[0].seat is None and steps[0].before is None
    assert [step.after for step in steps] == states
    assert all(step.before == states[step.number - 1] for step in steps[1:])
    assert [step.seat for step in steps[1:]] == [move.seat for move in record]
    assert replayed_state(rules, players, options, "17", record) == states[-1]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_record_that_does_not_replay_names_the_step(game_id: str) -> None:
    rules, players, options, record, _states = played(game_id, 6)
    away = [*record[:3], Recorded(len(players), record[3].action)]
    with pytest.raises(ReplayError) as seat:
        list(replay(rules, players, options, "17", away))
    assert seat.value.number == 4 and seat.value.cause is None
    with pytest.raises(ReplayError) as damaged:
        list(replay(rules, players, options, "17", [*record[:2], Recorded(record[2].seat, {"kind": "no such"})]))
    assert damaged.value.number == 3 and isinstance(damaged.value.cause, ValueError)
    other = (record[0].seat + 1) % len(players)  # the first move made by a seat that was not to act
    if other not in rules.to_act(rules.setup(players, options, "17")):
        with pytest.raises(ReplayError) as refused:
            list(replay(rules, players, options, "17", [Recorded(other, record[0].action)]))
        assert refused.value.number == 1 and isinstance(refused.value.cause, IllegalAction)
