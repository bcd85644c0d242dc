"""Menus, the rulebook, the command palette on private screens, the size guard and the results screen."""

from __future__ import annotations

import re

import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from boardgames_tui.engine.assets import asset_path
from boardgames_tui.engine.base import fact
from boardgames_tui.engine.hanabi.models import HanabiOptions
from boardgames_tui.engine.registry import GAMES
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.tui.games.hanabi.screen import HanabiTurnScreen
from boardgames_tui.tui.screens.log import LogScreen
from boardgames_tui.tui.screens.menu import MainMenuScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.screens.picker import GamePickerScreen, game_blurb, game_title
from boardgames_tui.tui.screens.results import ResultsScreen
from boardgames_tui.tui.screens.rules import RulebookView, RulesScreen
from boardgames_tui.tui.screens.too_small import TooSmallScreen
from boardgames_tui.tui.screens.turn import TurnScreen
from boardgames_tui.tui.session import HotseatSession
from boardgames_tui.tui.widgets.choice_list import HIGHLIGHT_MARK

from .helpers import reveal, screen_text, wait_for_handoff, wait_until

SIZE = (100, 30)


async def start_and_reveal(app: BoardGamesApp, pilot: Pilot[Any], seed: str = "screens-1") -> HanabiTurnScreen:
    session = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), app.store, seed=seed)
    await app.start_session(session)
    await wait_for_handoff(app, pilot, "the handoff")
    return await reveal(app, pilot)


def command_titles(app: BoardGamesApp, screen: Any) -> list[str]:
    return [command.title for command in app.get_system_commands(screen)]


# Main menu and the rulebook ----------------------------------------------------------------------


async def test_menu_keys_open_the_rulebook_and_escape_goes_back(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen
        assert isinstance(menu, MainMenuScreen)
        await pilot.press("r")
        picker = app.screen
        assert isinstance(picker, GamePickerScreen) and picker.purpose == "rules"
        assert "Read the rules of" in screen_text(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rulebook")
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.game_id == "hanabi"

        book = rules.query_one(RulebookView)
        lines = [line.text.strip() for line in book.lines]
        headings = [
            line.text.strip()
            for line in book.lines
            if line.text.strip() and all(seg.style and seg.style.bold for seg in line if seg.text.strip())
        ]
        assert "Components" in headings and "Setup" in headings  # headings stand out (bold)
        assert "## Components" not in lines  # drawn, not shown as source
        text = screen_text(app)
        assert "Rules — Hanabi" in text
        assert "A cooperative card game for 2–5 players" in text  # the opening paragraph, rendered
        # The whole rulebook is there, one line per terminal row, and the keys scroll it.
        rulebook = asset_path("rules", "hanabi.md").read_text(encoding="utf-8")
        prose = [line for line in rulebook.splitlines() if line.strip() and not line.lstrip().startswith("|")]
        last_words = [word.strip("*_`") for word in prose[-1].split()[-3:]]
        assert " ".join(last_words) in " ".join(" ".join(lines).split())
        assert app.focused is book and book.scroll_y == 0
        for key, moved in (("down", 1), ("pagedown", 1 + book.scrollable_content_region.height), ("end", book.max_scroll_y)):
            await pilot.press(key)
            await pilot.pause()
            assert book.scroll_y == moved, key
        await pilot.press("home")
        await pilot.pause()
        assert book.scroll_y == 0

        await pilot.press("escape")
        assert app.screen is picker
        await pilot.press("escape")
        assert app.screen is menu
        assert len(app.screen_stack) == 1


async def test_menu_new_game_and_resume_keys(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, GamePickerScreen) and app.screen.purpose == "play"
        assert "Choose a game" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenuScreen)
        await pilot.press("c")
        assert type(app.screen).__name__ == "ResumeScreen"
        assert "No saved games." in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, MainMenuScreen)


def widget_rows(app: BoardGamesApp, widget: Any) -> list[str]:
    """The rows the terminal shows inside `widget`'s content area, spaces included (an SVG screenshot
    leaves out runs of spaces, so it cannot tell an indented line from one that is not)."""
    region = widget.content_region
    strips = app.screen._compositor.render_strips()
    return [strips[y].crop(region.x, region.right).text.rstrip() for y in range(region.y, region.bottom)]


def indent(row: str) -> int:
    return len(row) - len(row.lstrip(" "))


async def test_the_game_picker_indents_every_line_of_a_description_alike(make_app) -> None:
    from textual.widgets import OptionList

    from boardgames_tui.engine.registry import GAMES

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GamePickerScreen)
        games = app.screen.query_one("#games", OptionList)
        rows = [row for row in widget_rows(app, games) if row.strip()]
        # The highlighted game is marked before its title, not by colour alone, and the mark moves with it.
        assert [row.strip() for row in rows if HIGHLIGHT_MARK in row] == [f"{HIGHLIGHT_MARK} Hanabi"]
        await pilot.press("down")
        await pilot.pause()
        assert [row.strip() for row in widget_rows(app, games) if HIGHLIGHT_MARK in row] == [f"{HIGHLIGHT_MARK} Luz"]
        rows = [row.replace(HIGHLIGHT_MARK, " ") for row in rows]
        titles = {game_title(spec.id) for spec in GAMES.values()}
        title_rows = [row for row in rows if row.strip() in titles]
        assert sorted(row.strip() for row in title_rows) == sorted(titles)
        (title_indent,) = {indent(row) for row in title_rows}
        described = [row for row in rows if row.strip() not in titles]
        assert len(described) > len(titles)  # some description takes two lines at 80 columns
        assert {indent(row) for row in described} == {title_indent + 2}, described
        words = " ".join(row.strip() for row in described).split()
        for spec in GAMES.values():
            assert " ".join(game_blurb(spec.id).split()) in " ".join(words), spec.id


# Private screens: no screenshot command, no text selection --------------------------------------


async def test_screenshot_command_is_offered_only_on_public_screens(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        menu = app.screen
        assert isinstance(menu, MainMenuScreen)
        menu_commands = command_titles(app, menu)
        assert "Screenshot" in menu_commands
        assert "Quit" in menu_commands

        turn = await start_and_reveal(app, pilot)
        assert turn.PRIVATE is True
        private_commands = command_titles(app, turn)
        assert "Screenshot" not in private_commands
        assert "Quit" in private_commands  # only the screenshot is removed

        # The private log opened from the turn screen is private too.
        await pilot.press("l")
        log = app.screen
        assert isinstance(log, LogScreen)
        assert "Screenshot" not in command_titles(app, log)
        await pilot.press("escape")
        assert app.screen is turn

        # The public handoff screen that follows the turn may be captured.
        await pilot.press("1", "p", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the next handoff")
        assert "Screenshot" in command_titles(app, app.screen)


async def test_turn_screens_do_not_allow_text_selection(make_app) -> None:
    assert TurnScreen.ALLOW_SELECT is False
    assert HanabiTurnScreen.ALLOW_SELECT is False
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        assert app.screen.allow_select is True  # the menu may be selected: the check below means something
        turn = await start_and_reveal(app, pilot)
        assert turn.allow_select is False


# Terminal size guard -----------------------------------------------------------------------------


async def test_a_small_terminal_shows_the_enlarge_screen_until_resized(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(79, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "enlarge the terminal" in screen_text(app)
        assert "Resume a saved game" not in screen_text(app)  # it covers the menu entirely

        await pilot.resize_terminal(100, 30)
        await wait_until(pilot, lambda: not isinstance(app.screen, TooSmallScreen), "the guard to go away")
        assert isinstance(app.screen, MainMenuScreen)
        assert len(app.screen_stack) == 1
        assert "enlarge" not in screen_text(app)

        await pilot.resize_terminal(100, 23)  # too short this time
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen), "the guard")
        assert "enlarge the terminal" in screen_text(app)

        await pilot.resize_terminal(80, 24)  # the minimum is allowed
        await wait_until(pilot, lambda: not isinstance(app.screen, TooSmallScreen), "the guard to go away")
        assert isinstance(app.screen, MainMenuScreen)


async def test_the_size_guard_covers_a_private_screen_and_gives_it_back(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        turn = await start_and_reveal(app, pilot)
        await pilot.resize_terminal(60, 20)
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen), "the guard")
        text = screen_text(app)
        assert "enlarge the terminal" in text
        assert "Ben" not in text  # nothing of the hand beneath shows through
        await pilot.resize_terminal(100, 30)
        await wait_until(pilot, lambda: not isinstance(app.screen, TooSmallScreen), "the guard to go away")
        assert app.screen is turn


# Results -----------------------------------------------------------------------------------------


def finished_session(store: SaveStore, computers: tuple[str | None, ...] = ()) -> HotseatSession:
    """Three players with variants, playing the first legal action (play slot 1) until the game ends."""
    options = HanabiOptions(black_powder=True, sixth_suit="difficult")
    session = HotseatSession.new("hanabi", ["Ana", "Ben", "Cyd"], options, store, seed="results-1", computers=computers)
    for _ in range(500):
        if session.outcome() is not None:
            break
        seat = session.acting_seat()
        assert seat is not None
        session.apply(seat, session.view(seat).legal_actions[0])
    assert session.outcome() is not None
    return session


async def test_playing_again_keeps_the_computers_in_their_seats(make_app) -> None:
    # A tester pressed a after a game against two Hards: the new game came with pass screens, its computers
    # turned into people.
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        old = finished_session(app.store, computers=(None, "hard", "easy"))
        await app.start_session(old)
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await pilot.press("a")
        await wait_until(pilot, lambda: app.session is not old, "the new game")
        new = app.session
        assert new is not None and [new.computer_level(seat) for seat in range(3)] == [None, "hard", "easy"]
        assert json.loads(new.save_path.read_text(encoding="utf-8"))["computers"] == [None, "hard", "easy"]
        assert not isinstance(app.screen, PassDeviceScreen), "one person against computers: no pass screen"


async def test_results_screen_shows_the_headline_and_a_plays_again(make_app, save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        old = finished_session(app.store)
        outcome = old.outcome()
        assert outcome is not None
        await app.start_session(old)
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        results = app.screen
        headline = old.narrator.say(outcome.headline)
        assert str(results.query_one("#headline", Static).content) == headline
        text = screen_text(app)
        assert headline in text
        assert "Game over" in text and "results-1" in text
        old_save = old.save_path
        assert json.loads(old_save.read_text(encoding="utf-8"))["finished"] is True

        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the new game's handoff")
        new = app.session
        assert new is not None and new is not old
        assert new.players == ("Ana", "Ben", "Cyd")
        assert new.options == old.options
        assert new.outcome() is None
        assert new.save_path != old_save
        assert json.loads(new.save_path.read_text(encoding="utf-8"))["actions"] == []
        assert app.screen.player == "Ana"  # type: ignore[attr-defined]
        assert len(app.screen_stack) == 2  # menu + handoff: the results screen is gone
        assert sorted(save_dir.glob("*.json")) == sorted([old_save, new.save_path])


async def test_a_long_score_breakdown_scrolls_on_the_smallest_terminal(make_app) -> None:
    import random

    from boardgames_tui.engine.lifeboat.models import LifeboatOptions
    from boardgames_tui.tui.session import HotseatSession

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = HotseatSession.new("lifeboat", [f"P{n}" for n in range(1, 7)], LifeboatOptions(), app.store, seed="long")
        chooser = random.Random(4)
        while session.outcome() is None:
            seat = session.acting_seat()
            assert seat is not None
            session.apply(seat, chooser.choice(session.view(seat).legal_actions))
        # A breakdown longer than any game's today: the results must still scroll to every line.
        finished = session.outcome()
        assert finished is not None
        lines = tuple(fact("detail_line", n=n) for n in range(30))
        long = finished.model_copy(update={"details": (*finished.details, *lines)})
        session.narrator.say_detail_line = lambda n: f"Detail line {n}"  # type: ignore[attr-defined]
        session.outcome = lambda: long  # type: ignore[method-assign]
        await app.start_session(session)
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        box = app.screen.query_one("#results-box")
        assert box.max_scroll_y > 0  # thirty more lines do not fit in 24 ...
        assert "a Play again" in screen_text(app)  # ... but the keys stay on screen
        await pilot.press("end")
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y and "play again (same players" in screen_text(app)


def test_the_key_bar_compacts_to_fit_a_narrow_terminal() -> None:
    from textual.app import App
    from textual.binding import Binding
    from textual.screen import Screen

    from boardgames_tui.tui.widgets.keybar import KeyBar

    class Busy(Screen[None]):
        KEYBAR_LAST = frozenset({"helpme"})
        BINDINGS = [Binding(k, f"act_{k}", f"Do {k}") for k in "abcdefg"] + [
            Binding("question_mark", "helpme", "Help with everything you may want", key_display="?")
        ]

        def compose(self):
            yield KeyBar()

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(Busy())

    async def widths() -> tuple[str, ...]:
        texts = []
        for width in (160, 80, 40):
            app = Host()
            async with app.run_test(size=(width, 24)) as pilot:
                await pilot.pause()
                texts.append(app.screen.query_one(KeyBar).describe(app.screen).plain)
        return tuple(texts)

    import asyncio

    wide, narrow, tiny = asyncio.run(widths())
    assert "a Do a  b Do b" in wide and wide.endswith("? Help with everything you may want")
    assert len(narrow) <= 78 and "a Do a b Do b" in narrow and narrow.endswith("g Do g ?")
    # Every key kept; the words go one at a time from the end, the shared key's first, so the first keys
    # keep theirs while they fit (a tester at 100 columns lost every word when one more key came).
    assert tiny == "a Do a b Do b c Do c d Do d e f g ?"


async def test_the_log_wraps_long_lines_at_80_columns_without_cutting(make_app) -> None:
    from boardgames_tui.tui.screens.log import LogScreen

    line = "0123456789" * 10  # no space to wrap at: folded at the edge, where a cut would lose characters
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(LogScreen("Lifeboat", (line,) * 30, private=False))  # long enough to scroll
        await pilot.pause()
        shown = "".join(screen_text(app).split())
        assert line in shown.replace("30.", "")  # the newest line, whole


# Text from players is content on every shared screen -------------------------------------------

HOSTILE = ["[b]Al[/i]", "[dad]", "[@click=app.quit]", "[link='file:///etc/passwd']x", "\\", "字" * 16]


def squeezed(app: BoardGamesApp) -> str:
    """The screen's text without spaces and line breaks: a long line may wrap anywhere."""
    return "".join(screen_text(app).split())


async def test_shared_screens_show_hostile_text_as_typed() -> None:
    from textual.app import App

    from boardgames_tui.tui.screens.confirm import ConfirmScreen
    from boardgames_tui.tui.screens.help import HelpScreen
    from boardgames_tui.tui.screens.panel import PanelScreen
    from boardgames_tui.tui.text import plain

    joined = " ".join(HOSTILE)
    screens = {
        "confirm": lambda: ConfirmScreen(f"Remove {joined}?"),
        "help": lambda: HelpScreen(joined, [(name, f"about {name}") for name in HOSTILE]),
        "log": lambda: LogScreen(joined, tuple(f"{name} played" for name in HOSTILE), private=False),
        "panel": lambda: PanelScreen(f"Sheet of {joined}", plain(joined), close_key="s", private=False),
    }
    for kind, make in screens.items():
        app = App[None]()
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(make())
            await pilot.pause()
            text = squeezed(app)  # type: ignore[arg-type]
            for name in HOSTILE:
                assert "".join(name.split()) in text, (kind, name)
            assert app.is_running, kind  # no click action ran, nothing crashed


async def test_the_rulebook_is_laid_out_again_for_a_new_width(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", "down", "down", "down", "down", "enter")  # the longest rulebook: Lifeboat
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rulebook")
        book = app.screen.query_one(RulebookView)
        for size in ((80, 24), (120, 40)):
            await pilot.resize_terminal(*size)
            width = size[0] - 4  # padding and the scroll bar
            await wait_until(pilot, lambda: book.scrollable_content_region.width == width, "the new width")
            assert book.virtual_size.height == len(book.lines)
            assert all(line.cell_length == width for line in book.lines)
            assert "Lifeboat" in screen_text(app)


async def test_starting_a_game_draws_its_rulebook_ahead(make_app) -> None:
    from boardgames_tui.tui.screens import rules

    from .helpers import open_setup, start_from_setup

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        rules._LINES.pop(("hanabi", "en", SIZE[0] - rules.RULES_WIDTH_MARGIN), None)
        await open_setup(app, pilot)
        await start_from_setup(app, pilot)
        await wait_until(pilot, lambda: ("hanabi", "en", SIZE[0] - rules.RULES_WIDTH_MARGIN) in rules._LINES, "the rulebook")
        await reveal(app, pilot)
        await pilot.press("r")
        await pilot.pause()
        book = app.screen.query_one(RulebookView)
        assert book.lines is rules._LINES[("hanabi", "en", book.scrollable_content_region.width)]  # the one drawn ahead


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_chinese_rulebooks_break_by_the_shared_rule_and_english_ones_as_rich_draws_them(game_id: str) -> None:
    """Rich breaks Markdown at spaces only; the Chinese paragraphs, list items and table cells break where
    Chinese allows (never a row starting with "。"), and an English rulebook is drawn exactly as Rich draws it."""
    from rich.console import Console
    from rich.markdown import Markdown

    from boardgames_tui.tui.screens.rules import HEADINGS, rulebook_lines, rulebook_text

    from .chinese import badly_broken

    for width in (40, 76, 96):
        rows = [strip.text for strip in rulebook_lines(game_id, width, "zh")]
        cells = [cell for row in rows for cell in re.split(r" {2,}", row) if cell.strip() != "?"]  # "?": a key
        assert not badly_broken(cells), (width, badly_broken(cells))
        console = Console(width=width, force_terminal=True, color_system="truecolor", theme=HEADINGS, legacy_windows=False)
        english = Markdown(rulebook_text(game_id, "en"), justify="left", hyperlinks=False)
        drawn = ["".join(segment.text for segment in line) for line in console.render_lines(english, pad=True)]
        assert [strip.text for strip in rulebook_lines(game_id, width, "en")] == drawn
