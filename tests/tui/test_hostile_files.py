"""File names in the saves folder are text from strangers: shown without their escape sequences or markup."""

from __future__ import annotations

from pathlib import Path

from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.tui.screens.saves import ResumeScreen
from tests.engine.test_save_fuzz import real_save

from .helpers import screen_text


async def test_hostile_file_names_are_shown_without_their_escape_sequences(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    names = ["\x1b]8;;http:example\x1b\\link.json", "\x1b[2Jclear.json", "[@click=app.quit]q.json", "\x07bell.json"]
    for name in names:
        (saves / name).write_bytes(real_save(0))
    app = BoardGamesApp(save_dir=saves, handoff_delay=0.01)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        text = screen_text(app)
        assert "\x1b" not in text and "\x07" not in text
        for shown in ("link.json", "clear.json", "[@click=app.quit]q.json", "bell.json"):
            assert shown in text
        await pilot.click("#saves")  # clicking a row quits nothing
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, ResumeScreen)
