"""Symbols that stay one cell wide (tui/symbols.py): terminals set up for Chinese draw "ambiguous width"
symbols (● ★ → § · and box lines) two cells wide, and then bars, tables and borders slip. With the safe set
each one reaches the terminal as a look-alike of width one. Every Chinese screen the other tests visit is
also checked row by row under both ways of drawing (tests/tui/chinese.py: screen_rows)."""

from __future__ import annotations

import ast
import json
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from rich.cells import cell_len
from textual.app import App
from textual.driver import Driver

import boardgames_tui
from boardgames_tui.engine.hanabi.rules import HanabiOptions
from boardgames_tui.i18n import set_language
from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.tui.screens.menu import MainMenuScreen
from boardgames_tui.tui.settings import load_settings, settings_path
from boardgames_tui.tui.symbols import SAFE_MAP, is_ambiguous, safe_driver_class, safe_text, uses_safe_set

from .chinese import cell_width, misaligned_rows
from .helpers import start_game, take_device

PACKAGE = Path(boardgames_tui.__file__).parent


def test_each_stand_in_is_one_cell_on_every_terminal() -> None:
    for code, stand_in in SAFE_MAP.items():
        symbol = chr(code)
        assert is_ambiguous(symbol), f"{symbol!r} needs no stand-in"
        assert cell_len(stand_in) == cell_len(symbol) == 1, (symbol, stand_in)  # the layout is unchanged
        assert unicodedata.east_asian_width(stand_in) not in "AWF", (symbol, stand_in)


def _symbols_in_catalogues() -> set[str]:
    found: set[str] = set()
    for po in (PACKAGE / "locale").glob("*/LC_MESSAGES/*.po"):
        with po.open("rb") as handle:
            for message in read_po(handle):
                for text in (message.id, message.string):
                    for part in (text,) if isinstance(text, str) else text:
                        found.update(part)
    return found


def _symbols_in_code() -> set[str]:
    found: set[str] = set()
    for source in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.update(node.value)
    return found


def test_every_ambiguous_symbol_the_program_can_show_has_a_stand_in() -> None:
    """Letters (é in a name) are text and stay; every other ambiguous character in the code's strings or the
    catalogues is replaced with the safe set on."""
    shown = _symbols_in_catalogues() | _symbols_in_code()
    missing = sorted(c for c in shown if is_ambiguous(c) and not c.isalpha() and ord(c) not in SAFE_MAP)
    assert not missing, [f"{c} U+{ord(c):04X} {unicodedata.name(c, '')}" for c in missing]


def test_the_safe_set_is_on_in_chinese_unless_chosen_otherwise() -> None:
    assert uses_safe_set("auto", "zh") and not uses_safe_set("auto", "en")
    assert uses_safe_set("safe", "en") and uses_safe_set("safe", "zh")
    assert not uses_safe_set("standard", "zh")


class Recorder(Driver):
    """A driver that keeps what it is asked to write."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.written: list[str] = []

    def write(self, data: str) -> None:
        self.written.append(data)

    def start_application_mode(self) -> None: ...

    def disable_input(self) -> None: ...

    def stop_application_mode(self) -> None: ...


class Choice:
    safe_symbols = False


def test_the_driver_writes_stand_ins_only_while_the_safe_set_is_on() -> None:
    choice = Choice()
    driver = safe_driver_class(Recorder, choice)(None)
    frame = "\x1b[2;5H╭─ 3+● ★ § → ·…─╮\x1b[0m"
    driver.write(frame)
    choice.safe_symbols = True
    driver.write(frame)
    plain, safe = driver.written
    assert plain == frame
    assert safe == "\x1b[2;5H+- 3+◉ ✶ ⁋ ￫ ∙⋯-+\x1b[0m"  # escape sequences untouched, one character for one
    assert cell_width(safe, ambiguous=1) == cell_width(safe, ambiguous=2) == cell_width(frame, ambiguous=1)


def test_the_apps_driver_is_the_platforms_writing_through_the_safe_set() -> None:
    app = BoardGamesApp()
    assert app.driver_class.__name__.startswith("SafeSymbol")
    assert issubclass(app.driver_class, App.get_driver_class(app))  # Textual's choice for this platform


async def test_the_main_menu_cycles_the_symbol_set_and_remembers_it(make_app: Callable[..., BoardGamesApp]) -> None:
    set_language("en")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)
        assert app.symbol_set == "auto" and not app.safe_symbols
        await pilot.press("y")
        assert app.symbol_set == "standard" and load_settings().symbols == "standard"
        await pilot.press("y")
        assert app.symbol_set == "safe" and app.safe_symbols
        menu_text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "Symbols: one cell wide" in menu_text
        assert "one cell wide, for terminals" in " ".join(n.message for n in app._notifications)
        await pilot.press("y")
        assert app.symbol_set == "auto"
    assert json.loads(settings_path().read_text(encoding="utf-8"))["symbols"] == "auto"
    assert load_settings().language is None  # the other settings are kept as they were


@pytest.mark.parametrize("symbols", ["auto", "standard"])
async def test_a_chinese_table_slips_with_standard_symbols_and_not_with_the_safe_set(
    symbols: str, make_app: Callable[..., BoardGamesApp]
) -> None:
    """The check every Chinese screen goes through, shown to catch what it is for: a Hanabi table in Chinese
    has symbols (the clue bar's ●○, the dots between facts, the border) that slip on a wide-drawing terminal
    with the standard set, and none with the automatic (safe) one."""
    set_language("zh")
    try:
        app = make_app()
        app.symbol_set = symbols
        async with app.run_test(size=(80, 24)) as pilot:
            await start_game(app, pilot, ["小明", "Bob", "Cy"], HanabiOptions(), seed="7")
            await take_device(app, pilot)
            rows = [strip.text for strip in app.screen._compositor.render_strips()]
            shown = [safe_text(row) for row in rows] if app.safe_symbols else rows
            if symbols == "standard":
                assert misaligned_rows(shown), "\n".join(shown)
            else:
                assert not misaligned_rows(shown), misaligned_rows(shown)
                assert all(cell_width(row, ambiguous=2) == 80 for row in shown)
    finally:
        set_language("en")
