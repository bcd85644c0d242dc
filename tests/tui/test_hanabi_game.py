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
        assert session.narrator.say(outcome.headline) in text
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


# The help screen lists only the keys this game's options give ------------------------------------


async def help_rows(options: HanabiOptions, save_dir) -> list[str]:
    """The rows of the help screen (`?`) on the first turn of a game with `options`, at 80x24."""
    from boardgames_tui.engine.hanabi.rules import RULES
    from boardgames_tui.tui.screens.help import HelpScreen

    from .helpers import resume_state

    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.02)
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_state(app, pilot, RULES.setup(("Ana", "Ben"), options, "help-keys"))
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        return [" ".join(row.split()) for row in screen_rows(app)]


def screen_rows(app: BoardGamesApp) -> list[str]:
    """The terminal's rows as text, blanks included (an SVG screenshot leaves out runs of spaces)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def help_row(rows: list[str], key: str) -> str | None:
    """The help row for `key`, or None when the help does not list it."""
    return next((row for row in rows if row.startswith(key + " ")), None)


async def test_help_leaves_out_the_bonus_and_multicolour_keys_of_a_plain_game(save_dir) -> None:
    rows = await help_rows(HanabiOptions(), save_dir)
    assert help_row(rows, "c") is not None  # the help is showing
    assert help_row(rows, "k") is None and not any("bonus" in row for row in rows)
    assert help_row(rows, "r y g b w") == "r y g b w while giving a clue: red, yellow, green, blue, white"
    assert not any("multicolour" in row for row in rows)


async def test_help_lists_the_multicolour_key_only_when_multicolour_can_be_named(save_dir) -> None:
    for sixth_suit, named in (("tricky", True), ("difficult", True), ("avalanche", False)):
        rows = await help_rows(HanabiOptions(sixth_suit=sixth_suit, black_powder=True), save_dir)
        colours = help_row(rows, "r y g b w")
        assert colours is not None, sixth_suit
        assert colours.startswith("r y g b w m ") == named, (sixth_suit, colours)
        assert any("multicolour" in row for row in rows) == named, sixth_suit  # (the row may wrap at 80)
        assert "black" not in colours  # black powder is never named in a clue
        assert help_row(rows, "k") is None, sixth_suit  # no five flamboyants: no bonus to skip


async def test_help_lists_the_skip_key_with_five_flamboyants(save_dir) -> None:
    rows = await help_rows(HanabiOptions(five_flamboyants=True), save_dir)
    assert help_row(rows, "k") == "k skip an optional bonus tile"


def _finesse_table(app: BoardGamesApp, computers: tuple[str | None, ...]):  # type: ignore[no-untyped-def]
    """The tester's game to Ana's turn after Ben's finesse on her (action 31), with these computers."""
    from pathlib import Path

    from boardgames_tui.engine.hanabi.rules import RULES
    from boardgames_tui.tui.session import HotseatSession

    data = json.loads((Path(__file__).parents[1] / "bots" / "data" / "hanabi_finesse_on_a_person.json").read_text(encoding="utf-8"))
    options = RULES.Options.model_validate(data["options"])
    session = HotseatSession.new("hanabi", data["players"], options, app.store, seed=data["seed"], computers=computers)
    for move in data["actions"]:
        view = session.view(move["seat"])
        session.apply(move["seat"], next(a for a in view.legal_actions if a.model_dump() == move["action"]))
    assert session.acting_seat() == 0
    return session


async def test_a_finesse_of_the_hard_computers_on_a_person_is_said_in_the_prompt(make_app) -> None:
    # A tester did not see that Ben's clue on Chloé's R3 asked them to play their newest card (R2) blind.
    from .test_computers import wait_for_person

    app = make_app()
    async with app.run_test(size=(110, 34)) as pilot:
        await app.start_session(_finesse_table(app, (None, "hard", "hard")))
        await wait_for_person(app, pilot, "Ana's turn")
        assert "A finesse: by the Hard computers' conventions, a clue asks you to play card 1 blind." in " ".join(screen_text(app).split())


async def test_no_finesse_line_at_a_table_of_people(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(110, 34)) as pilot:
        await app.start_session(_finesse_table(app, ()))
        if isinstance(app.screen, PassDeviceScreen):
            await take_device(app, pilot)
        await pilot.pause()
        assert isinstance(app.screen, HanabiTurnScreen)
        assert "finesse" not in screen_text(app).lower()
