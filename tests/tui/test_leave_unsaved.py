"""Leaving a game whose moves are not on disk: the dialog says so and offers every way to keep them, Ctrl+C
asks the same, the exit status says what was lost, and the setup screen says beforehand whether games can
be saved at all."""

from __future__ import annotations

import errno
import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static

from boardgames_tui.engine.hanabi.models import HanabiOptions, PlayCard
from boardgames_tui.engine.saves import SavedGame, SaveStore
from boardgames_tui.i18n import set_language
from boardgames_tui.tui.app import EXIT_MOVES_LOST, BoardGamesApp
from boardgames_tui.tui.games.hanabi.screen import HanabiTurnScreen
from boardgames_tui.tui.screens.confirm import ConfirmScreen
from boardgames_tui.tui.screens.leave import LeaveScreen
from boardgames_tui.tui.screens.menu import MainMenuScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.narration.save_problems import OS_ERRORS, write_problem
from boardgames_tui.tui.screens.watch import WatchScreen
from boardgames_tui.tui.session import HotseatSession

from .helpers import open_setup, screen_text, start_from_setup, start_game, take_device, wait_until

SIZE = (100, 30)


@pytest.fixture
def read_only_saves(save_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[bool], None]:
    """A switch that makes the saves folder read-only (True) or writable again (False).

    chmod does it for an ordinary user; root writes through any mode, so there the temporary files a save is
    written through are refused in that folder exactly as the system refuses them to everyone else."""
    from boardgames_tui.engine import saves

    real_tempfile = saves.tempfile
    refusing = {"on": False}

    class RefusingTempfile:
        @staticmethod
        def mkstemp(*args: Any, **kwargs: Any) -> Any:
            if refusing["on"] and Path(kwargs.get("dir", "")) == save_dir:
                raise PermissionError(errno.EACCES, "Permission denied")
            return real_tempfile.mkstemp(*args, **kwargs)

    def switch(read_only: bool) -> None:
        save_dir.mkdir(parents=True, exist_ok=True)
        save_dir.chmod(0o555 if read_only else 0o755)
        refusing["on"] = read_only and os.access(save_dir, os.W_OK)  # root: chmod alone does not stop writes

    monkeypatch.setattr(saves, "tempfile", RefusingTempfile)
    yield switch
    save_dir.chmod(0o755)


async def two_moves_not_saved(app: BoardGamesApp, pilot: Any, read_only: Callable[[bool], None]) -> HotseatSession:
    """A game saved at its start, then two moves played after its folder turned read-only; the first
    player's turn is showing again."""
    session = await start_game(app, pilot, ["Zyxwv", "Ben"], HanabiOptions(), "leave")
    read_only(True)
    for _move in range(2):
        await take_device(app, pilot)
        await pilot.press("p", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the handoff")
    await take_device(app, pilot)
    assert session.unsaved_actions == 2 and session.save_problem == "permission denied"
    return session


def dialog_text(app: BoardGamesApp) -> str:
    """What the leave dialog says, unfolded (screen_text folds a long path over several rows)."""
    assert isinstance(app.screen, LeaveScreen)
    return "\n".join(str(line.content) for line in app.screen.query(Static) if line.display and line.parent.display)


def saved_moves(path: Path) -> int:
    return len(json.loads(path.read_text(encoding="utf-8"))["actions"])


# The leave dialog ---------------------------------------------------------------------------------------------


async def test_the_leave_dialog_says_what_is_not_saved_and_never_that_it_is(make_app, read_only_saves) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        session = await two_moves_not_saved(app, pilot, read_only_saves)
        path = session.save_path
        await pilot.press("q")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, LeaveScreen)
        text = screen_text(app)
        assert "The last 2 moves are NOT saved (permission denied)." in text
        body = str(dialog.query_one("#leave-body", Static).content)  # a long path is folded on the screen
        assert f"The last good save is {path}." in body and "The last good save is" in text
        assert "The game is saved" not in text
        for choice in ("try saving again", "save the game in another folder or file", "the last 2 moves are lost"):
            assert choice in text
        for key in ("r Try again", "w Save elsewhere", "l Leave unsaved", "Esc Stay"):  # the key bar
            assert key in text
        # y, which leaves a saved game, does not drop an unsaved one: it says how to.
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is dialog and app.session is session
        assert "y does not leave here" in screen_text(app)
        # Esc: back to the same turn, nothing changed.
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HanabiTurnScreen) and app.session is session


async def test_the_dialog_is_opaque_over_a_private_hand(make_app, read_only_saves) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await two_moves_not_saved(app, pilot, read_only_saves)
        assert "Zyxwv" in screen_text(app)  # Ben's screen shows the other player's hand
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LeaveScreen)
        assert app.screen.styles.background.a == 1.0
        assert "Zyxwv" not in screen_text(app)


async def test_retry_fails_while_the_folder_is_read_only_and_saves_once_it_is_writable(
    make_app, read_only_saves, save_dir: Path
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        session = await two_moves_not_saved(app, pilot, read_only_saves)
        path = session.save_path
        await pilot.press("q", "r")
        await pilot.pause()
        assert "Still NOT saved: permission denied." in screen_text(app)
        assert saved_moves(path) == 0
        read_only_saves(False)
        await pilot.press("r")
        await pilot.pause()
        text = screen_text(app)
        assert "Saved in" in text and "Leave to the main menu? The game is saved" in text
        assert saved_moves(path) == 2 and session.save_problem is None
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen), "the main menu")
        assert app.exit_report() == (0, None)


async def test_writing_elsewhere_makes_a_loadable_save_with_every_move(make_app, read_only_saves, tmp_path: Path) -> None:
    elsewhere = tmp_path / "usb stick [games]"
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        session = await two_moves_not_saved(app, pilot, read_only_saves)
        target = elsewhere / session.save_path.name  # a folder: the game keeps its file name
        await pilot.press("q", "w")
        await pilot.pause()
        field = app.screen.query_one("#leave-path", Input)
        assert field.has_focus and "Enter Save here" in screen_text(app)
        await pilot.press(*"rwl")  # letters go into the field, they choose nothing
        assert field.value == "rwl" and isinstance(app.screen, LeaveScreen)
        field.value = str(elsewhere)
        await pilot.press("enter")
        await pilot.pause()
        assert session.save_path == target
        assert "Saved in" in screen_text(app)
        assert f"Saved in {target}; from now on" in str(app.screen.query_one("#leave-status", Static).content)
        loaded = SaveStore(elsewhere).load(target)
        assert isinstance(loaded, SavedGame) and len(loaded.save.actions) == 2
        assert not any("NOT saved" in toast.message for toast in app._notifications)  # the warning is gone
        # From now on the game is saved there.
        await pilot.press("escape")
        await pilot.pause()
        session.apply(0, PlayCard(slot=0))
        assert session.save_problem is None and saved_moves(target) == 3
        await pilot.press("q")
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, ConfirmScreen) and "put that file in" in app.leave_question(),
            "the question that says where the game is saved",
        )


async def test_a_place_that_cannot_be_written_is_refused_with_a_sentence(
    make_app, read_only_saves, tmp_path: Path, save_dir: Path
) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link").symlink_to(real)
    (real / "other.json").write_text("someone else's file")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        session = await two_moves_not_saved(app, pilot, read_only_saves)
        await pilot.press("q", "w")
        await pilot.pause()
        field = app.screen.query_one("#leave-path", Input)
        cases = {
            str(tmp_path / "link"): "is a link; a game is never written through a link",
            str(real / "other.json"): "already exists; type another name",
            str(real / "bad name!.json"): "cannot be a save's name",
            str(save_dir): "could not be written",  # the read-only saves folder itself
            "  ": "Type a folder, or a file name ending in .json.",
        }
        for typed, said in cases.items():
            field.value = typed
            await pilot.press("enter")
            await pilot.pause()
            status = str(app.screen.query_one("#leave-status", Static).content)
            assert said in status, (typed, status)
            assert isinstance(app.screen, LeaveScreen) and session.save_problem is not None
        assert (real / "other.json").read_text() == "someone else's file"
        assert sorted(p.name for p in real.iterdir()) == ["other.json"]  # nothing written through the link
        # A file name that is a save's name works, and becomes the save's name.
        field.value = str(real / "evening.json")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(SaveStore(real).load(real / "evening.json"), SavedGame)
        assert session.save_path == real / "evening.json"


async def test_leaving_anyway_loses_the_moves_and_the_exit_status_says_so(make_app, read_only_saves) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        session = await two_moves_not_saved(app, pilot, read_only_saves)
        path = session.save_path
        await pilot.press("q", "l")
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen), "the main menu")
        assert app.session is None
        status, message = app.exit_report()
        assert status == EXIT_MOVES_LOST
        assert message is not None and "the last 2 moves were NOT saved (permission denied) and are lost" in message
        assert str(path) in message
        assert saved_moves(path) == 0  # the older position is what a resume finds


async def test_leaving_from_the_handoff_screen_asks_the_same(make_app, read_only_saves) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await two_moves_not_saved(app, pilot, read_only_saves)
        await pilot.press("p", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the handoff")
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LeaveScreen)
        assert "The last 3 moves are NOT saved" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen)


async def test_leaving_the_computers_table_asks_the_same(make_app, read_only_saves, save_dir: Path) -> None:
    app = make_app(computer_pause=30.0)  # the computer's move waits: the table stays in front
    async with app.run_test(size=SIZE) as pilot:
        read_only_saves(True)
        session = HotseatSession.new(
            "hanabi", ["Hal", "Ana", "Ben"], HanabiOptions(), app.store, seed="watch", computers=("easy", None, None)
        )
        await app.start_session(session)
        await pilot.pause()
        assert isinstance(app.screen, WatchScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LeaveScreen)
        text = dialog_text(app)
        assert "Nothing of this game is saved (permission denied): no file of it exists yet." in text
        assert "the whole game is lost" in text
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen), "the main menu")
        status, message = app.exit_report()
        assert status == EXIT_MOVES_LOST and "No file of it exists" in (message or "")


# Ctrl+C -------------------------------------------------------------------------------------------------------


async def test_ctrl_c_with_unsaved_moves_asks_and_quitting_anyway_exits_non_zero(make_app, read_only_saves) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        session = await two_moves_not_saved(app, pilot, read_only_saves)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, LeaveScreen) and app.is_running
        text = screen_text(app)
        assert "The last 2 moves are NOT saved" in text and "quit the program; the last 2 moves are lost" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HanabiTurnScreen) and app.session is session and app.is_running
        await pilot.press("ctrl+c", "l")
        await wait_until(pilot, lambda: not app.is_running, "the app to close")
    status, message = app.exit_report()
    assert status == EXIT_MOVES_LOST and "the last 2 moves were NOT saved" in (message or "")


async def test_ctrl_c_with_everything_saved_quits_at_once(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await start_game(app, pilot, ["Ana", "Ben"], HanabiOptions(), "quit")
        await take_device(app, pilot)
        await pilot.press("p", "enter")
        await take_device(app, pilot)
        await pilot.press("ctrl+c")
        await wait_until(pilot, lambda: not app.is_running, "the app to close")
    assert app.exit_report() == (0, None)


async def test_ctrl_c_after_a_retry_that_worked_asks_to_quit(make_app, read_only_saves) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        session = await two_moves_not_saved(app, pilot, read_only_saves)
        await pilot.press("ctrl+c")
        await pilot.pause()
        read_only_saves(False)
        await pilot.press("r")
        await pilot.pause()
        assert "Quit? The game is saved" in screen_text(app)
        path = session.save_path
        await pilot.press("y")
        await wait_until(pilot, lambda: not app.is_running, "the app to close")
    assert saved_moves(path) == 2 and app.exit_report() == (0, None)


def test_main_exits_non_zero_and_names_the_loss(monkeypatch, save_dir: Path, capsys) -> None:
    from boardgames_tui import __main__ as entry

    monkeypatch.setenv("BOARDGAMES_TUI_DATA_DIR", str(save_dir.parent))
    save_dir.write_text("a file where the saves folder should be")

    def closed_with_a_game_never_saved(self: BoardGamesApp) -> None:
        self.session = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), SaveStore(save_dir), seed="3")
        self.session.apply(0, PlayCard(slot=0))

    monkeypatch.setattr(BoardGamesApp, "run", closed_with_a_game_never_saved)
    with pytest.raises(SystemExit) as exit_info:
        entry.main([])
    assert exit_info.value.code == EXIT_MOVES_LOST
    err = capsys.readouterr().err
    assert "Hanabi: NOT saved (a file is in the way where a folder should be). No file of it exists; its 1 move is lost." in err


# The setup screen -----------------------------------------------------------------------------------------------


async def test_the_setup_says_where_games_are_saved(make_app, save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot)
        line = setup.query_one("#save-check", Static)
        assert str(line.content) == f"Games are saved in {save_dir}"
        assert not line.has_class("error")
        # A long folder name wraps onto a second row: read the words, not the rows.
        assert "".join(f"Games are saved in {save_dir}".split()) in "".join(screen_text(app).split())
        assert list(save_dir.iterdir()) == []  # the test file was written and removed again


async def test_the_setup_says_when_games_cannot_be_saved_and_the_game_still_starts(make_app, read_only_saves) -> None:
    read_only_saves(True)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot)
        line = setup.query_one("#save-check", Static)
        said = str(line.content)
        assert "Games cannot be saved in" in said and "permission denied" in said
        assert "save the game elsewhere when you leave it" in said
        assert line.has_class("error") and "Games cannot be saved in" in screen_text(app)
        await start_from_setup(app, pilot)
        assert app.session is not None and app.session.unsaved_work() is not None
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LeaveScreen)
        assert "no file of it exists yet" in dialog_text(app)


async def test_a_file_where_the_saves_folder_should_be_is_said_in_words(make_app, save_dir: Path) -> None:
    save_dir.write_text("not a folder")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot)
        said = str(setup.query_one("#save-check", Static).content)
        assert "a file is in the way where a folder should be" in said and "EEXIST" not in said


async def test_the_setup_says_who_can_see_a_deal_by_its_number(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(app, pilot)
        secret = setup.query_one("#seed-secret", Static)
        secret.scroll_visible(animate=False)
        await pilot.pause()
        assert "Anyone who knows a deal number can see every card of that deal" in screen_text(app)
        # Next to the deal number field: right under its help line.
        assert secret.region.y >= setup.query_one("#seed").region.bottom


# Error words ----------------------------------------------------------------------------------------------------


def test_no_system_error_is_shown_as_a_bare_code() -> None:
    import errno as errno_module

    code = re.compile(r"\bE[A-Z]{2,}\b")
    for language in ("en", "zh"):
        set_language(language)
        try:
            for number in errno_module.errorcode:
                said = write_problem(OSError(number, "system text"))
                assert said and not code.search(said) and "system text" not in said, (number, said)
            assert write_problem(OSError("no errno at all")) == write_problem(OSError(9999, "odd"))
        finally:
            set_language("en")
    assert write_problem(OSError(errno_module.EBUSY, "busy")) == "the file is in use by another program"
    assert "not write the file" in write_problem(OSError(9999, "odd"))  # unknown: still says nothing was written
    assert {"EEXIST", "EBUSY", "EDQUOT", "ETIMEDOUT"} <= set(OS_ERRORS)


def test_a_saves_folder_that_vanished_leaves_no_last_good_save(save_dir: Path) -> None:
    """The folder deleted under a game being played (a file now stands in its place): nothing of the game is on
    disk any more, so every move counts as unsaved and no last good save is named."""
    import shutil

    store = SaveStore(save_dir)
    session = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), store, seed="3")
    store.flush()
    shutil.rmtree(save_dir)
    save_dir.write_text("in the way")
    for _ in range(2):
        seat = session.acting_seat()
        assert seat is not None
        session.apply(seat, session.view(seat).legal_actions[0])
    session.finish_writing()
    unsaved = session.unsaved_work()
    assert unsaved is not None
    assert unsaved.last_good_save is None and unsaved.moves == 2


async def test_the_results_screen_asks_before_dropping_an_unsaved_end(make_app, read_only_saves, save_dir: Path) -> None:
    from boardgames_tui.tui.screens.results import ResultsScreen

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        store = app.store
        session = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), store, seed="3")
        store.flush()
        read_only_saves(True)
        while session.outcome() is None:  # misfire until the game is lost: its end is not on disk
            seat = session.acting_seat()
            assert seat is not None
            session.apply(seat, PlayCard(slot=0))
        await app.start_session(session)
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await pilot.press("m")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveScreen), "the leave dialog")
        assert app.session is session
