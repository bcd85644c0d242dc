"""The language setting: `--lang` beats the saved setting, which beats the system locale; the setting
survives a restart; a damaged settings file is ignored and left alone; the menu switches at once."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from boardgames_tui import __main__ as entry
from boardgames_tui.i18n import current_language, set_language
from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.tui.screens.menu import MainMenuScreen
from boardgames_tui.tui.settings import Settings, choose_language, load_settings, save_settings, settings_path

from .helpers import screen_text

ENGLISH = {"LANG": "en_GB.UTF-8"}
CHINESE = {"LANG": "zh_CN.UTF-8"}


def test_the_system_locale_decides_when_nothing_else_does() -> None:
    assert choose_language(None, Settings(), CHINESE) == "zh"
    assert choose_language(None, Settings(), ENGLISH) == "en"
    assert choose_language(None, Settings(), {}) == "en"
    # POSIX order: LC_ALL, then LC_MESSAGES, then LANG.
    assert choose_language(None, Settings(), {"LC_ALL": "zh_TW.UTF-8", "LANG": "en_US"}) == "zh"
    assert choose_language(None, Settings(), {"LC_MESSAGES": "C", "LANG": "zh_CN"}) == "en"


def test_the_setting_beats_the_locale_and_lang_beats_both() -> None:
    assert choose_language(None, Settings(language="en"), CHINESE) == "en"
    assert choose_language(None, Settings(language="zh"), ENGLISH) == "zh"
    assert choose_language("en", Settings(language="zh"), CHINESE) == "en"
    assert choose_language("zh", Settings(language="en"), ENGLISH) == "zh"


def test_the_setting_survives_a_restart(config_dir: Path) -> None:
    assert load_settings() == Settings()  # no file yet
    assert save_settings(Settings(language="zh"))
    assert settings_path() == config_dir / "settings.json"
    assert load_settings() == Settings(language="zh")
    assert json.loads(settings_path().read_text(encoding="utf-8")) == {"language": "zh", "computer_pace": "normal", "symbols": "auto"}


def test_changing_one_setting_keeps_the_others(config_dir: Path) -> None:
    from boardgames_tui.tui.settings import change_settings

    assert change_settings(language="zh")
    assert change_settings(computer_pace="step")
    assert load_settings() == Settings(language="zh", computer_pace="step")
    settings_path().write_text('{"language": "en", "computer_pace": "warp"}', encoding="utf-8")
    assert load_settings() == Settings(language="en"), "an unknown pace is the usual one"


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{not json",
        b"\xff\xfe\x00",
        b'["zh"]',
        b'{"language": "klingon"}',
        b'{"language": 7}',
        b'{"language": NaN}',
        b"[" * 100_000 + b"]" * 100_000,
        b'{"language": "zh", "pad": "' + b"x" * 70_000 + b'"}',  # larger than any settings file
    ],
)
def test_a_damaged_settings_file_gives_the_default_and_is_left_alone(config_dir: Path, content: bytes) -> None:
    config_dir.mkdir(parents=True)
    path = config_dir / "settings.json"
    path.write_bytes(content)
    assert load_settings() == Settings()
    assert choose_language(None, load_settings(), CHINESE) == "zh"  # the locale decides
    assert choose_language(None, load_settings(), ENGLISH) == "en"
    assert path.read_bytes() == content


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_settings_path_that_is_a_pipe_link_or_folder_is_not_read(config_dir: Path, tmp_path: Path) -> None:
    config_dir.mkdir(parents=True)
    path = config_dir / "settings.json"
    os.mkfifo(path)  # reading it would block for ever
    assert load_settings() == Settings()
    path.unlink()
    target = tmp_path / "elsewhere.json"
    target.write_text('{"language": "zh"}')
    path.symlink_to(target)
    assert load_settings() == Settings()
    path.unlink()
    path.mkdir()
    assert load_settings() == Settings()
    assert not save_settings(Settings(language="zh"))  # a folder in the way: not written, no crash


def run_main(monkeypatch: pytest.MonkeyPatch, argv: list[str], environ: dict[str, str]) -> str:
    """The language `boardgames ARGV` starts in (the app is not run)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    started: list[str] = []

    def record(self: BoardGamesApp) -> None:
        started.append(current_language())

    monkeypatch.setattr(BoardGamesApp, "run", record)
    entry.main(argv)
    return started[0]


def test_the_entry_point_applies_the_language_before_the_app_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    assert run_main(monkeypatch, [], CHINESE) == "zh"
    assert run_main(monkeypatch, [], ENGLISH) == "en"
    assert run_main(monkeypatch, ["--lang", "en"], CHINESE) == "en"
    save_settings(Settings(language="zh"))
    assert run_main(monkeypatch, [], ENGLISH) == "zh"
    assert run_main(monkeypatch, ["--lang=en"], CHINESE) == "en"
    set_language("en")


def test_lang_and_help_on_the_command_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        entry.main(["--help"])
    assert exit_info.value.code == 0
    assert "--lang" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_info:
        entry.main(["--lang", "fr"])
    assert exit_info.value.code == 2
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    with pytest.raises(SystemExit):
        entry.main(["--help"])
    assert "本次运行使用的语言" in capsys.readouterr().out  # the help in the language the session would use
    set_language("en")


async def test_the_menu_switches_the_language_at_once_and_remembers_it(make_app, config_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Language: English" in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        text = screen_text(app)
        assert current_language() == "zh"
        assert isinstance(app.screen, MainMenuScreen)
        assert "语言（l）：简体中文" in text and "新游戏" in text and "退出" in text  # the entries and the key bar
        assert "New game" not in text
        assert load_settings() == Settings(language="zh")
        await pilot.press("n")  # the next screens are in Chinese too
        await pilot.pause()
        assert "选择游戏" in screen_text(app) and "花火" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("l")  # and back
        await pilot.pause()
        assert current_language() == "en"
        assert "Language: English" in screen_text(app) and "New game" in screen_text(app)
        assert load_settings() == Settings(language="en")


async def test_the_language_entry_is_in_the_menu_list(make_app) -> None:
    from textual.widgets import OptionList

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen.query_one("#menu", OptionList)
        menu.focus()
        menu.highlighted = [option.id for option in menu.options].index("language")
        await pilot.press("enter")
        await pilot.pause()
        assert current_language() == "zh"
        menu = app.screen.query_one("#menu", OptionList)
        assert menu.options[menu.highlighted or 0].id == "language"  # the cursor stays on the entry
    set_language("en")


def test_key_names_in_the_help_are_said_in_the_language() -> None:
    # A Chinese tester read "Space" and "⌫ Backspace" in the help, "空格" in the key bar.
    from boardgames_tui.i18n import set_language
    from boardgames_tui.tui.widgets.keybar import say_keys

    assert say_keys("⌫ Backspace") == "⌫ Backspace" and say_keys("Tab / Space") == "Tab / Space"
    set_language("zh")
    try:
        assert say_keys("⌫ Backspace") == "⌫ 退格键"
        assert say_keys("Space") == "空格" and say_keys("Tab / Space") == "Tab / 空格"
        assert say_keys("PgUp/PgDn") == "PgUp/PgDn", "other keys stay as they are"
    finally:
        set_language("en")
