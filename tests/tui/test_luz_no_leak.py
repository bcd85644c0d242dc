"""A Luz private screen never shows its viewer's own numbers, and is identical whatever they are."""

from __future__ import annotations

import random

from boardgames_tui.engine.luz.models import LuzOptions
from boardgames_tui.engine.luz.rules import RULES
from boardgames_tui.tui.games.luz.screen import LuzTurnScreen

from ..engine.luz.helpers import resample_own_numbers
from .helpers import rendered


def midgame(players: int, steps: int, seed: int):
    rng = random.Random(seed)
    state = RULES.setup([f"P{n}" for n in range(players)], LuzOptions(), f"leak-{seed}")
    for _ in range(steps):
        seat = min(RULES.to_act(state))
        state = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    return state


async def test_private_screen_is_identical_whatever_the_own_numbers_are() -> None:
    for players, steps in ((3, 2), (4, 9), (5, 23)):
        state = midgame(players, steps, seed=players)
        seat = min(RULES.to_act(state))
        other = resample_own_numbers(state, seat, random.Random(players))
        assert other.hands[seat] != state.hands[seat]
        for keys in ((), ("right",)):
            assert await rendered(LuzTurnScreen, RULES.view(state, seat), keys) == await rendered(
                LuzTurnScreen, RULES.view(other, seat), keys
            )


async def test_own_numbers_are_not_on_the_private_screen() -> None:
    state = midgame(3, 3, seed=11)  # bidding done, first trick under way
    seat = min(RULES.to_act(state))
    text = await rendered(LuzTurnScreen, RULES.view(state, seat))
    own_line = next(line for line in text.splitlines() if "Your hand" in line)
    hand_rows = text.split(own_line, 1)[1].splitlines()[:2]
    for card in state.hands[seat]:
        assert card.label not in "\n".join(hand_rows)
    for other_seat, hand in enumerate(state.hands):
        if other_seat != seat:
            assert all(card.label in text for card in hand)


async def test_in_chinese_too_the_own_numbers_stay_hidden_and_the_others_show(in_chinese) -> None:  # noqa: ANN001
    """The Chinese screen (own hand titled 你的手牌) hides the viewer's numbers as the English one does, and
    is the same whatever those numbers are."""
    state = midgame(4, 9, seed=4)
    seat = min(RULES.to_act(state))
    text = await rendered(LuzTurnScreen, RULES.view(state, seat))
    own_line = next(line for line in text.splitlines() if "你的手牌" in line)
    hand_rows = "\n".join(text.split(own_line, 1)[1].splitlines()[:2])
    assert not any(card.label in hand_rows for card in state.hands[seat])
    for other_seat, hand in enumerate(state.hands):
        if other_seat != seat:
            assert all(card.label in text for card in hand)
    other = resample_own_numbers(state, seat, random.Random(4))
    assert text == await rendered(LuzTurnScreen, RULES.view(other, seat))
