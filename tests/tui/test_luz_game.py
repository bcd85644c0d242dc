"""Luz by key presses: bids and plays through every handoff, the completed trick shown on the handoff."""

from __future__ import annotations

import json
import random

import pytest

from boardgames_tui.engine.luz.models import LuzOptions
from boardgames_tui.engine.luz.rules import RULES
from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.tui.games.luz.screen import LuzTurnScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.screens.panel import PanelScreen
from boardgames_tui.tui.screens.results import ResultsScreen

from .helpers import screen_text, start_game, take_device


async def play_one_decision(pilot, screen: LuzTurnScreen, rng: random.Random) -> None:
    if screen.bidding:
        await pilot.press(str(rng.randint(0, 3)))
        if rng.random() < 0.3:
            await pilot.press("b")
    else:
        for _ in range(rng.randint(0, 2)):
            await pilot.press("right")
    await pilot.press("enter")


async def test_a_full_round_by_keys(save_dir) -> None:
    rng = random.Random(5)
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_game(app, pilot, ["Ana", "Ben", "Chloé"], LuzOptions(), "luz-round", game_id="luz")
        saw_trick_summary = False
        decisions = 0
        while session.view(None).round == 1:
            assert decisions < 3 + 30, "round 1 did not end"
            if isinstance(app.screen, PassDeviceScreen):
                if "wins it" in screen_text(app):
                    saw_trick_summary = True
                await take_device(app, pilot)
                continue
            screen = app.screen
            assert isinstance(screen, LuzTurnScreen)
            await play_one_decision(pilot, screen, rng)
            await pilot.pause()
            decisions += 1
        assert decisions == 3 + 30
        assert saw_trick_summary
        public = session.view(None)
        assert len(public.results) == 1 and sum(r.tricks for r in public.results[0]) == 10
        saved = json.loads(session.save_path.read_text())
        assert len(saved["actions"]) == decisions
        # The score sheet is one key away and shows the round's points.
        await take_device(app, pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, PanelScreen)
        text = screen_text(app)
        first = public.results[0][0]
        assert f"{first.points:+d}" in text
        await pilot.press("escape")
        assert isinstance(app.screen, LuzTurnScreen)


async def test_cards_that_may_not_be_played_are_not_selectable(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_game(app, pilot, ["Ana", "Ben", "Chloé"], LuzOptions(), "luz-follow", game_id="luz")
        # Bid through, then play until someone has to follow a colour while holding others.
        for _ in range(60):
            if isinstance(app.screen, PassDeviceScreen):
                await take_device(app, pilot)
                continue
            screen = app.screen
            assert isinstance(screen, LuzTurnScreen)
            hand = screen.view.hands[screen.seat]
            if not screen.bidding and len(screen.playable) < len(hand.colours):
                blocked = next(p for p in range(len(hand.colours)) if p not in screen.playable)
                assert screen.check_action("pick", (blocked,)) is False
                before = screen.selected
                await pilot.press(str((blocked + 1) % 10))
                assert screen.selected == before
                assert all(hand.colours[p] == screen.view.led_colour for p in screen.playable)
                return
            await pilot.press("enter")
            await pilot.pause()
        pytest.fail("no follow-colour situation came up")


async def test_whole_five_player_game_ends_on_the_results_screen(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.01)
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_game(app, pilot, [f"P{n}" for n in range(1, 6)], LuzOptions(), "luz-5p", game_id="luz")
        # Play rounds 1-3 through the engine-facing session to keep the test short, then round 4 by keys.
        while session.view(None).round < 4:
            seat = session.acting_seat()
            assert seat is not None
            session.apply(seat, session.view(seat).legal_actions[0])
        app.show_next()
        await pilot.pause()
        for _ in range(5 * 11 * 2 + 5):
            if isinstance(app.screen, ResultsScreen):
                break
            if isinstance(app.screen, PassDeviceScreen):
                await take_device(app, pilot)
                continue
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        outcome = session.outcome()
        assert outcome is not None and outcome.headline in screen_text(app)
        assert session.replay_matches()
