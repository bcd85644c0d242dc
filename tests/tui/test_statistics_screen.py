"""The statistics screen: opened from the main menu with s, figures of the finished games, back with Esc."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames_tui.engine.hanabi.models import HanabiOptions
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.narration import narrator_class
from boardgames_tui.tui.screens.menu import MainMenuScreen
from boardgames_tui.tui.screens.statistics import StatisticsScreen
from tests.test_statistics import write_game

from .chinese import badly_broken, is_whole, screen_rows
from .chinese import screen_text as rows_text

SIZES = [(100, 30), (80, 24)]


def fill(save_dir: Path) -> None:
    """Saves of several games and players: finished, unfinished and one unreadable file."""
    store = SaveStore(save_dir)
    write_game(store, "splendor_duel", ["Ann", "Ben"], "duel-1", computers=(None, "easy"))
    write_game(store, "splendor_duel", ["Ben", "[red]x"], "duel-2")
    write_game(store, "hanabi", ["Ann", "Ben", "王小明"], "fireworks-1")
    write_game(store, "hanabi", ["Ann", "Ben"], "fireworks-2", options=HanabiOptions(sixth_suit="tricky"))
    write_game(store, "hanabi", ["Ann", "Dee"], "unfinished", moves=4)
    (save_dir / "garbage.json").write_text("{ not json", encoding="utf-8")


async def open_statistics(app, pilot) -> StatisticsScreen:  # type: ignore[no-untyped-def]
    assert isinstance(app.screen, MainMenuScreen)
    await pilot.press("s")
    await pilot.pause()
    assert isinstance(app.screen, StatisticsScreen)
    return app.screen


def flat(app) -> str:  # type: ignore[no-untyped-def]
    """What the terminal shows, row by row (a wide character once)."""
    return rows_text(app)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_s_opens_the_figures_and_escape_goes_back(make_app, save_dir: Path, size) -> None:
    fill(save_dir)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen = await open_statistics(app, pilot)
        text = flat(app)
        assert "Statistics" in text
        for words in ("4 finished games", "1 game still being played", "1 unreadable file", "a win is a perfect score"):
            assert is_whole(words, text), (words, text)
        assert "Hanabi" in text
        stats = screen.stats
        assert stats is not None
        ann = next(row for row in stats.players if (row.name, row.game_id) == ("Ann", "hanabi"))
        rows = [line for line in text.split("\n") if line.strip().startswith("│ Ann ")]
        assert rows and f"{float(ann.mean):.1f}" in rows[0] and str(ann.best) in rows[0]
        assert "Dee" not in text  # only an unfinished game
        assert any(key in screen_rows(app)[-1] for key in ("Esc", "Back"))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)
        await pilot.press("s", "q")
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)


async def test_the_game_filter_and_scrolling_show_every_row(make_app, save_dir: Path) -> None:
    fill(save_dir)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        duel = narrator_class("splendor_duel")(()).title
        body = screen.query_one("#statistics-body")
        # Each key starts from where the last one's scroll animation ended: a key pressed mid-animation would
        # scroll from where the view happens to be (on a busy machine, still at the top).
        for key in ("down", "down", "pagedown", "up"):
            await pilot.press(key)
            await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        assert body.scroll_y > 1
        await pilot.press("end")
        await pilot.pause()
        text = flat(app)
        assert duel in text and "Ben (computer)" in text  # the last table, scrolled into view
        await pilot.press("home")
        await pilot.pause()
        assert "Showing: all games" in flat(app)
        await pilot.press("g")
        await pilot.pause()
        assert screen.shown_game == "hanabi"
        text = flat(app)
        assert "Showing: Hanabi" in text and duel not in text.split("Showing")[1]
        await pilot.press("g")
        await pilot.pause()
        assert screen.shown_game == "splendor_duel"
        text = flat(app)
        assert "By table" not in text and "Ben (computer)" in text
        await pilot.press("g")
        await pilot.pause()
        assert screen.shown_game is None


async def test_a_name_with_brackets_shows_as_typed(make_app, save_dir: Path) -> None:
    fill(save_dir)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_statistics(app, pilot)
        await pilot.press("g", "g")  # Splendor Duel alone: every row on the screen
        await pilot.pause()
        assert "[red]x" in flat(app)


async def test_no_finished_games_yet(make_app, save_dir: Path) -> None:
    write_game(SaveStore(save_dir), "hanabi", ["Ann", "Dee"], "unfinished", moves=4)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        text = flat(app)
        assert is_whole("No finished games yet", text) and is_whole("1 game still being played", text)
        assert not screen.check_action("next_game", ())
        await pilot.press("g")  # refused, and says why; the screen stays
        await pilot.pause()
        assert isinstance(app.screen, StatisticsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)


async def test_the_menu_lists_statistics(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Statistics" in flat(app)
        menu = app.screen.query_one("#menu")
        menu.highlighted = [option.id for option in menu.options].index("statistics")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StatisticsScreen)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_statistics_in_chinese(make_app, save_dir: Path, in_chinese, size) -> None:
    fill(save_dir)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await open_statistics(app, pilot)
        text = flat(app)
        assert "玩家" in text and narrator_class("hanabi")(()).title in text
        assert "王小明" in text
        assert not badly_broken(screen_rows(app)), text
        await pilot.press("end")
        await pilot.pause()
        text = flat(app)
        assert "Ben（电脑）" in text and narrator_class("splendor_duel")(()).title in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)
