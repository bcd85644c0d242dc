"""Whole Hanabi games played only with key presses, through every handoff, to the results screen."""

from __future__ import annotations

import json

from boardgames_tui.engine.hanabi.models import ColourClue, HanabiOptions, NumberClue
from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.tui.games.hanabi.screen import HanabiTurnScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.screens.results import ResultsScreen

from .helpers import screen_text, start_game, take_device


async def play_turn_by_keys(pilot, screen: HanabiTurnScreen, turn: int) -> None:
    """A simple key policy: clue when possible on even turns, else discard, else play slot 1."""
    if screen.mode == "bonus_pick":
        await pilot.press("k" if screen.can_skip else "enter")
        return
    if screen.mode in ("clue_target", "clue_value") or (turn % 2 == 0 and screen.clues):
        if screen.mode == "idle":
            await pilot.press("c")
        if screen.mode == "clue_target":
            number = next(n for n, seat in enumerate(screen.others, 1) if screen._has_clue_for(seat))
            await pilot.press(str(number))
        clue = next(c for c in screen.clues if c.target == screen.clue_target)
        await pilot.press(clue.suit.lower() if isinstance(clue, ColourClue) else str(clue.rank))
        assert screen.mode == "clue_confirm"
        await pilot.press("enter")
        return
    if screen.discard_slots and turn % 3:
        await pilot.press(str(turn % len(screen.discard_slots) + 1), "d", "enter")
        return
    await pilot.press("1", "p", "enter")


async def play_to_the_end(app: BoardGamesApp, pilot, max_turns: int = 200) -> int:
    turns = 0
    while not isinstance(app.screen, ResultsScreen):
        assert turns < max_turns, "the game did not end"
        if isinstance(app.screen, PassDeviceScreen):
            await take_device(app, pilot)
            continue
        screen = app.screen
        assert isinstance(screen, HanabiTurnScreen)
        await play_turn_by_keys(pilot, screen, turns)
        await pilot.pause()
        turns += 1
    return turns


async def test_two_player_game_by_keys(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_game(app, pilot, ["Ana", "Ben"], HanabiOptions(), "pilot-2p")
        turns = await play_to_the_end(app, pilot)
        outcome = session.outcome()
        assert outcome is not None and turns >= 3
        text = screen_text(app)
        assert outcome.headline in text
        saved = json.loads(session.save_path.read_text())
        assert saved["finished"] is True
        assert len(saved["actions"]) == turns
        assert session.replay_matches()


# Names as players type them: markup-like, a backslash, an action, 16 wide characters.
HOSTILE_NAMES = ["[b]Al[/i]", "[dad]", "Ben\\", "[@click=app.quit]", "一二三四五六七八九十一二三四五六"]


async def test_five_players_black_powder_and_sixth_suit_by_keys_with_hostile_names_at_80x24(save_dir) -> None:
    options = HanabiOptions(sixth_suit="tricky", black_powder=True, five_flamboyants=True)
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(80, 24)) as pilot:
        session = await start_game(app, pilot, HOSTILE_NAMES, options, "pilot-5p")
        await take_device(app, pilot)
        text = screen_text(app)
        assert "K" in text and "M" in text  # seven piles: five colours, multicolour and black
        assert len(session.view(0).suits) == 7
        for name in HOSTILE_NAMES:
            assert name in text, name  # every name exactly as typed: own (title) and the others' hands
        await play_to_the_end(app, pilot)
        assert session.outcome() is not None
        assert session.replay_matches()
