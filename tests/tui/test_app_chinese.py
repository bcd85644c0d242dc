"""The app around the games in Simplified Chinese: menu → picker → setup (every game's options) → saves
list → confirm, and the handoff, help, log, rules and results, at 80×24 and 100×30, with no English word
left on screen and nothing cut.

Allowed ASCII on a Chinese screen: player names, file names and folders (data, shown as they are), colour
letters and other single letters (key letters: n, c, ?), digits, and key names (Esc, Tab, Enter, Space,
PgUp, PgDn, Home, End, Ctrl, Del), and the glossary's few terms in Latin letters.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Select

from boardgames_tui.engine.registry import GAMES
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.narration import narrator_class
from boardgames_tui.tui.screens.confirm import ConfirmScreen
from boardgames_tui.tui.screens.help import HelpScreen
from boardgames_tui.tui.screens.log import LogScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.screens.picker import GamePickerScreen
from boardgames_tui.tui.screens.results import ResultsScreen
from boardgames_tui.tui.screens.rules import RulesScreen
from boardgames_tui.narration.save_problems import describe_problem
from boardgames_tui.tui.screens.saves import ResumeScreen
from boardgames_tui.tui.screens.setup import SetupScreen
from boardgames_tui.tui.session import HotseatSession

from . import chinese
from .chinese import screen_rows, squeezed
from .helpers import wait_until

SIZES = [(80, 24), (100, 30)]
NAMES = ("Ana", "Ben", "Chloé", "Dev", "Emi", "Femi")
# Key names, and the terms the Chinese rulebooks write in Latin letters (../shared/glossary-zh.md:
# Rummikub's "joker牌").
ALLOWED_WORDS = chinese.KEY_NAMES | {"del", "delete", "joker"}


def english_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The English words left in `text`; names, key names, glossary terms and the `allowed` data are not."""
    return chinese.english_words(text, (*NAMES, *allowed), keys=ALLOWED_WORDS)


def assert_chinese(app: BoardGamesApp, *whole: str, allowed: Iterable[str] = ()) -> str:
    """The screen holds no English word, and shows every string of `whole` complete (not cut): found with
    white space ignored, as wrapping breaks lines."""
    rows = screen_rows(app)
    text = "\n".join(rows)
    assert not english_words(text, allowed), (english_words(text, allowed), text)
    flat = squeezed(text)
    for item in whole:
        assert squeezed(item) in flat, (item, text)
    return text


@pytest.fixture
def short_save_dir() -> Any:
    """A saves folder with a short path, so the "saves live in" line shows it on one row."""
    with tempfile.TemporaryDirectory(prefix="bg", dir="/tmp") as folder:
        yield Path(folder) / "saves"


# Menu, picker, setup ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_menu_picker_and_every_games_setup_in_chinese(in_chinese, short_save_dir: Path, size) -> None:
    app = BoardGamesApp(save_dir=short_save_dir, handoff_delay=0.05)  # the setup names the saves folder
    async with app.run_test(size=size) as pilot:
        assert_chinese(app, "新游戏", "继续已保存的游戏", "语言（l）：简体中文", "退出")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GamePickerScreen)
        for spec in GAMES.values():
            narrator = narrator_class(spec.id)(())
            assert_chinese(app, "选择游戏", narrator.title, narrator.blurb)
        for index, spec in enumerate(GAMES.values()):
            await pilot.press(*(["down"] * index), "enter")
            await pilot.pause()
            setup = app.screen
            assert isinstance(setup, SetupScreen) and setup.spec.id == spec.id
            await check_setup(app, pilot, setup)  # and back to the picker
            assert isinstance(app.screen, GamePickerScreen)


async def check_setup(app: BoardGamesApp, pilot: Pilot[Any], setup: SetupScreen) -> None:
    """Every row of the form, scrolled into view, in Chinese and whole; every choice fits its box."""
    narrator = setup.narrator
    form = setup.query_one(VerticalScroll)
    folder = (str(app.store.directory),)  # the line that says where games are saved names the folder
    assert_chinese(app, narrator.title, "玩家人数", allowed=folder)
    rows = [("name-row-0", "玩家1", None), ("seed-help", "牌局编号", setup.deal_help())]
    for name in setup.rules.Options.model_fields:
        if setup.query_one(f"#opt-row-{name}").display:
            rows.append((f"opt-row-{name}", narrator.option_label(name), narrator.option_help(name)))
    for widget_id, label, help_line in rows:
        form.scroll_to_widget(setup.query_one(f"#{widget_id}"), animate=False, top=True)
        await pilot.pause()
        assert_chinese(app, label, *([help_line] if help_line else []), allowed=folder)
    for select in setup.query(Select):
        if not all(node.display for node in select.ancestors_with_self):
            continue  # the row of a seat the player count leaves out
        inner = select.content_region.width - 4  # the arrow and the padding
        for label, _value in select._options:
            assert cell_len(str(label)) <= inner, (select.id, label)
    await pilot.press("ctrl+s")  # default names: the game starts; back to the menu from its handoff
    await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the handoff")
    assert_chinese(app, "交接设备：交给")
    await pilot.press("q")
    await pilot.pause()
    assert isinstance(app.screen, ConfirmScreen)
    assert_chinese(app, "要回到主菜单吗？游戏已保存。", "是（y）", "否（n）")
    await pilot.press("y")
    await wait_until(pilot, lambda: len(app.screen_stack) == 1, "the main menu")
    await pilot.press("n")
    await pilot.pause()


# Saves list and confirm ---------------------------------------------------------------------------


def play_some(session: HotseatSession, moves: int) -> None:
    for _ in range(moves):
        seat = session.acting_seat()
        if seat is None:
            return
        session.apply(seat, session.view(seat).legal_actions[0])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_saves_list_and_delete_confirm_in_chinese(in_chinese, short_save_dir: Path, size) -> None:
    from boardgames_tui.engine.rummikub.models import RummikubOptions
    from boardgames_tui.engine.splendor_duel.models import SplendorDuelOptions

    store = SaveStore(short_save_dir)
    games = [
        HotseatSession.new("rummikub", ["Ana", "Ben"], RummikubOptions(rule_set="american"), store, seed="7"),
        HotseatSession.new("splendor_duel", ["Chloé", "Dev"], SplendorDuelOptions(), store, seed="8"),
    ]
    for session in games:
        play_some(session, 3)
    store.flush()
    (short_save_dir / "20260101-000000-aaaaaa.json").write_text('{"schema_version": 1, "game_id": "hanabi"}')
    (short_save_dir / "notes.json").write_text("[]")
    app = BoardGamesApp(save_dir=short_save_dir, handoff_delay=0.05)
    async with app.run_test(size=size) as pilot:
        await pilot.press("c")
        await pilot.pause()
        resume = app.screen
        assert isinstance(resume, ResumeScreen)
        files = [entry.path.name for entry in resume.entries]
        reasons = [describe_problem(entry) for entry in resume.entries if not hasattr(entry, "save")]
        assert len(reasons) == 2
        titles = [f"{s.narrator.title}" for s in games]
        assert_chinese(app, "继续游戏", *titles, *reasons, "上次游玩", allowed=(str(short_save_dir), *files))
        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert_chinese(app, "永久删除这个存档吗？", "是（y）", "否（n）")
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is resume
        await pilot.press("x")  # delete, asked again, and kept
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert_chinese(app, "Enter 继续 · Del 删除存档 · 无法读取的文件绝不会被改动", allowed=(str(short_save_dir), *files))


# Handoff, help, log, rules, results ---------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_handoff_help_log_rules_and_results_in_chinese(make_app, in_chinese, size) -> None:
    from boardgames_tui.engine.hanabi.models import HanabiOptions

    app = make_app()
    async with app.run_test(size=size) as pilot:
        session = HotseatSession.new("hanabi", ["Ana", "Ben", "Chloé"], HanabiOptions(), app.store, seed="1201")
        for _turn in range(4):  # clues only: three misfires would end the game
            seat = session.acting_seat()
            session.apply(seat, next(a for a in session.view(seat).legal_actions if "clue" in a.kind))
        assert session.acting_seat() == 1  # the device goes to Ben, who has played before
        await app.start_session(session)
        await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the handoff")
        handoff = app.screen
        await wait_until(pilot, lambda: handoff.armed, "the pause")  # type: ignore[attr-defined]
        feed = session.public_feed(1)
        assert_chinese(app, "花火", "自你上一回合以来：", feed[-1], "确认只有你能看到屏幕后")
        await pilot.press("x")  # a key that means nothing here answers in Chinese
        await pilot.pause()
        assert_chinese(app, "键在这里无效")
        for key, screen_class, whole in (
            ("question_mark", HelpScreen, ("按键", "本游戏的规则", "回到主菜单（会先询问；若有未保存的步骤会说明）")),
            ("l", LogScreen, ("记录", *session.log_lines(None))),
            ("r", RulesScreen, ("规则 · 花火",)),
        ):
            await pilot.press(key)
            await wait_until(pilot, lambda: isinstance(app.screen, screen_class), screen_class.__name__)
            if screen_class is RulesScreen:  # the rulebook itself is the game's; its title row is the app's
                title = app.screen.query_one("#rules-title")
                assert "花火" in str(title.render()) and not english_words(str(title.render()))
                assert "规则" in screen_rows(app)[-1] or "返回" in screen_rows(app)[-1]
            else:
                assert_chinese(app, *whole)
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.screen is handoff, "the handoff again")

    app = make_app()
    async with app.run_test(size=size) as pilot:
        options = HanabiOptions()
        session = HotseatSession.new("hanabi", ["Ana", "Ben"], options, app.store, seed="1202")
        play_some(session, 500)
        assert session.outcome() is not None
        await app.start_session(session)
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        outcome = session.outcome()
        assert outcome is not None
        assert_chinese(app, "游戏结束", session.narrator.say(outcome.headline), "参与玩家：Ana、Ben", "再玩一局")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_competitive_results_with_a_match_sheet_in_chinese(make_app, in_chinese, size) -> None:
    from boardgames_tui.engine.luz.models import LuzOptions

    app = make_app()
    async with app.run_test(size=size) as pilot:
        session = HotseatSession.new("luz", ["Ana", "Ben", "Chloé"], LuzOptions(), app.store, seed="1203", match=((3, -2, 5),))
        play_some(session, 2000)
        assert session.outcome() is not None
        await app.start_session(session)
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        assert_chinese(app, "名次", "玩家", "得分", "本场比赛累计", "第2局", "总分")


async def test_the_command_palettes_entries_in_chinese(make_app, in_chinese) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)):
        commands = list(app.get_system_commands(app.screen))
        assert {"主题", "退出", "截图"} <= {command.title for command in commands}
        for command in commands:
            assert not english_words(command.title) and not english_words(command.help, ("SVG",)), command
