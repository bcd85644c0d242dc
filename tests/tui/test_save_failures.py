"""A failed save neither crashes nor loses the move: the game goes on in memory, the table is told, and
saving is tried again after every action."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from textual.widgets import Static

from boardgames_tui.engine.hanabi.models import HanabiOptions, PlayCard
from boardgames_tui.i18n import set_language
from boardgames_tui.tui.screens.leave import LeaveScreen

from .helpers import screen_text, start_game, take_device, wait_for_handoff


async def test_a_save_folder_replaced_by_a_file_mid_game_loses_nothing(make_app, save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_game(app, pilot, ["Ana", "Ben"], HanabiOptions(), "fail1")
        path = session.save_path
        shutil.rmtree(save_dir)
        save_dir.write_text("a file where the saves folder was")
        await take_device(app, pilot)
        await pilot.press("p", "enter")
        await wait_for_handoff(app, pilot)
        # The move is applied in memory and the table is told that it is not on disk.
        assert len(session._actions) == 1
        assert session.save_problem and session.unsaved_actions == 1
        assert any("NOT saved" in n.message for n in app._notifications)
        # Leaving says what is not saved, in words (never the system's code), and does not claim a save.
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LeaveScreen)
        text = screen_text(app)
        body = str(app.screen.query_one("#leave-body", Static).content)
        # The folder went with the file in it: nothing of the game is on disk any more, and no save is named.
        assert "Nothing of this game is saved" in text
        assert body.startswith("Nothing of this game is saved (a file is in the way where a folder should be)")
        assert "EEXIST" not in text and "The game is saved" not in text
        await pilot.press("escape")
        # The folder is back: the next action saves both moves, and the warning is gone.
        save_dir.unlink()
        await take_device(app, pilot)
        session.apply(1, PlayCard(slot=0))
        assert session.save_problem is None and session.unsaved_actions == 0
        assert len(json.loads(session.save_path.read_text())["actions"]) == 2
        assert session.save_path == path


async def test_a_full_disk_is_said_and_retried(make_app, save_dir: Path, monkeypatch) -> None:
    from boardgames_tui.engine import saves

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_game(app, pilot, ["Ana", "Ben"], HanabiOptions(), "fail2")

        def full(*args, **kwargs):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(saves, "atomic_write_text", full)
        session.apply(0, PlayCard(slot=0))
        session.apply(1, PlayCard(slot=0))
        # The system's English message is not shown: the error is said in the player's language.
        assert session.save_warning() == (
            "The last 2 moves are NOT saved (the disk is full); saving is tried again after the next move."
        )
        set_language("zh")
        session.apply(0, PlayCard(slot=0))
        assert "磁盘已满" in session.save_warning() and "space" not in session.save_warning()
        set_language("en")
        monkeypatch.undo()
        session.apply(1, PlayCard(slot=0))
        assert session.save_warning() is None
        assert len(json.loads(session.save_path.read_text())["actions"]) == 4
        assert app.exit_report() == (0, None)


def test_an_unexpected_error_exits_non_zero_and_says_where_the_game_is(monkeypatch, save_dir: Path, capsys) -> None:
    import pytest

    from boardgames_tui import __main__ as entry
    from boardgames_tui.engine.saves import SaveStore
    from boardgames_tui.tui.app import BoardGamesApp
    from boardgames_tui.tui.session import HotseatSession

    monkeypatch.setenv("BOARDGAMES_TUI_DATA_DIR", str(save_dir.parent))

    def crash(self: BoardGamesApp) -> None:  # what Textual does with an unhandled error: print it, code 1
        self.session = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), SaveStore(save_dir), seed="3")
        self._return_code = 1

    monkeypatch.setattr(BoardGamesApp, "run", crash)
    with pytest.raises(SystemExit) as exit_info:
        entry.main([])
    assert exit_info.value.code == 1
    assert f"The game was last saved in {save_dir}" in capsys.readouterr().err
