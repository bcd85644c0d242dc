"""Rendered private screens never show what they hide.

The strongest check: a seat's rendered screen is identical, character for character, whatever cards
that seat actually holds (its own cards resampled from the ones it cannot see).
"""

from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.hanabi.models import HanabiOptions, HanabiState
from boardgames_tui.engine.hanabi.rules import RULES
from boardgames_tui.tui.games.hanabi.screen import HanabiTurnScreen

from ..engine.hanabi.helpers import resample_own_cards
from .helpers import rendered


def midgame(options: HanabiOptions, players: int, steps: int, seed: int) -> HanabiState:
    rng = random.Random(seed)
    state = RULES.setup([f"P{n}" for n in range(players)], options, f"leak-{seed}")
    for _ in range(steps):
        seats = RULES.to_act(state)
        if not seats:
            break
        seat = min(seats)
        state = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize(
    ("options", "players", "steps"),
    [
        (HanabiOptions(), 2, 0),
        (HanabiOptions(), 3, 9),
        (HanabiOptions(sixth_suit="avalanche", black_powder=True), 5, 12),
    ],
)
async def test_private_screen_is_the_same_whatever_the_own_cards_are(options, players, steps) -> None:
    state = midgame(options, players, steps, seed=players * 100 + steps)
    seat = min(RULES.to_act(state))
    other = resample_own_cards(state, seat, random.Random(7))
    assert other.hands[seat] != state.hands[seat]  # the hidden cards really differ
    for keys in ((), ("3",), ("c",)):
        assert await rendered(HanabiTurnScreen, RULES.view(state, seat), keys) == await rendered(
            HanabiTurnScreen, RULES.view(other, seat), keys
        )


async def test_own_unclued_cards_are_drawn_as_unknown() -> None:
    state = RULES.setup(["Ana", "Ben"], HanabiOptions(), "faces")
    text = await rendered(HanabiTurnScreen, RULES.view(state, 0))
    own_row = next(line for line in text.splitlines() if "your cards" in line)
    assert own_row.split("your cards", 1)[1].strip(" │").split() == ["??"] * 5
    ben_row = next(line for line in text.splitlines() if "Ben" in line and "Your turn" not in line)
    for held in state.hands[1]:  # everyone else's cards are face up
        assert held.card.label in ben_row
