"""Luz: every key bound on the turn screen answers, in every mode (issue 11, "every key answers")."""

from __future__ import annotations

from boardgames_tui.engine.luz.models import Bid, LuzOptions
from boardgames_tui.engine.luz.rules import RULES
from boardgames_tui.tui.app import BoardGamesApp

from .keys import assert_every_key_answers


def round_two(bids: int = 3):
    """Deal 7, round 2 of Ana, Ben and Chloé; `bids` of them have bid (Ana bids first and leads)."""
    state = RULES.setup(["Ana", "Ben", "Chloé"], LuzOptions(), "7")
    while state.round == 1:
        seat = min(RULES.to_act(state))
        state = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
    for _ in range(bids):
        state = RULES.apply(state, state.current, Bid(tricks=1))
    return state


def lead(state, position: int = 0):
    return RULES.apply(state, state.current, RULES.legal_actions(state, state.current)[position])


async def test_every_key_answers_while_bidding(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        # The bid starts at 0: pressing 0 again changes nothing (it answers from bid 10 below).
        answers = await assert_every_key_answers(app, pilot, round_two(bids=0), skip=("0",))
        assert answers["left"] == "✗ Bids go from 0 to 10: 0 is the lowest"
        assert answers["b"] == answers["enter"] == answers["5"] == "changed"
        answers = await assert_every_key_answers(app, pilot, round_two(bids=0), ("9", "right"))
        assert answers["right"] == "✗ Bids go from 0 to 10: 10 is the highest"
        assert answers["0"] == "changed"


async def test_every_key_answers_while_playing(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        # Ana leads: every card may be played; card 1 is already chosen.
        answers = await assert_every_key_answers(app, pilot, round_two(), skip=("1",))
        assert answers["b"].startswith("✗ ") and "safety bead" in answers["b"]
        assert answers["enter"] == "changed"


async def test_every_key_answers_while_a_play_waits_for_confirmation(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        answers = await assert_every_key_answers(app, pilot, round_two(), ("4", "enter"))
        assert answers["escape"] == "changed"


async def test_every_key_answers_when_greyed_cards_must_not_be_played(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        # Ana led R2; Ben holds one red card (his card 1, already chosen): every other card is greyed.
        answers = await assert_every_key_answers(app, pilot, lead(round_two()), skip=("1",))
        assert answers["3"] == "✗ You must follow red: card 3 is yellow"
        assert answers["right"] == "✗ Card 1 is the only card you may play: you must follow red"
        # Chloé holds five reds (cards 1-5): the other five are greyed, the arrows move among the reds.
        answers = await assert_every_key_answers(app, pilot, lead(lead(round_two())), skip=("1",))
        assert answers["6"] == "✗ You must follow red: card 6 is yellow"
        assert answers["right"] == "changed"
