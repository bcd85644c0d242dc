"""Every computer player, of every game and level, decides from its seat's View alone: resampling what
that seat cannot see (its own Hanabi cards, the decks, the others' racks, Loves and Hates …) leaves its
decision unchanged. The app gives bots exactly what `HotseatSession.computer_job` holds, so the test asks
through it."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.bots import BOTS, decide
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.tui.session import HotseatSession
from tests.resamplers import RESAMPLE, table_size

POSITIONS = 3  # per game and level: hard levels search, and CI has two cores
CASES = [(game, level) for game in sorted(BOTS) for level in BOTS[game]]


def positions(game_id: str, seed: int) -> list[Any]:
    """Mid-game states reached by seeded random legal play."""
    rules = get_game(game_id).rules()
    rng = random.Random(seed)
    state = rules.setup(tuple(f"P{n}" for n in range(table_size(game_id))), rules.Options(), str(seed))
    found = []
    for step in range(400):
        if rules.outcome(state) is not None:
            break
        seat = min(rules.to_act(state))
        if step in (2, 6, 10):  # early: random Hanabi misfires three times within some twenty moves
            found.append(state)
            if len(found) == POSITIONS:
                break
        state = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
    return found


def test_every_game_has_a_resampler() -> None:
    assert set(RESAMPLE) == set(BOTS)


@pytest.mark.parametrize(("game_id", "level"), CASES)
def test_a_computer_decides_the_same_whatever_its_seat_cannot_see(game_id: str, level: str, tmp_path: Path) -> None:
    rules = get_game(game_id).rules()
    checked = 0
    for number, state in enumerate(positions(game_id, seed=20)):
        seat = min(rules.to_act(state))
        other = RESAMPLE[game_id](state, seat, random.Random(number))
        session = HotseatSession.new(
            game_id, rules.players(state), rules.Options(), SaveStore(tmp_path), seed="deal", computers=()
        )
        jobs = []
        for variant in (state, other):
            session._state = variant  # the session's game as it would be after these moves
            session._save = session._save.model_copy(update={"computers": tuple(level for _ in rules.players(state))})
            jobs.append(session.computer_job(seat))
        first, second = jobs
        assert first.view == second.view, "the View hides what the seat cannot see"
        chosen = decide(game_id, level, first.view, first.deal_number, first.decision)
        again = decide(game_id, level, second.view, second.deal_number, second.decision)
        assert chosen == again
        assert chosen in first.view.legal_actions or rules.refusal(state, seat, chosen) is None
        checked += 1
    assert checked == POSITIONS
