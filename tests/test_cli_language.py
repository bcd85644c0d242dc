"""The command line speaks the session's language: argparse's own words ("usage:", "options:", its errors)
come from the app's catalogue, and the help is laid out in terminal cells (issue #26 §4)."""

from __future__ import annotations

import argparse
import gettext
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from boardgames_tui import i18n
from boardgames_tui.__main__ import parse_arguments
from boardgames_tui.cli_words import ARGPARSE_MESSAGES, cells, wrap_cells

ROOT = Path(__file__).resolve().parent.parent
HELPS = (["--help"], ["export", "--help"], ["import", "--help"])
MISTAKES = (
    ["export"],  # the following arguments are required
    ["import"],
    ["bogus"],  # invalid choice (of a command)
    ["export", "game", "--format", "pdf"],  # invalid choice (of a value)
    ["--lang", "fr"],
    ["export", "game", "--nope"],  # unrecognized arguments
    ["export", "game", "--full=3"],  # ignored explicit argument
    ["export", "game", "--lang"],  # expected one argument
    ["export", "game", "--f"],  # ambiguous option (--format, --full)
    ["export", "game", "--seat", "0"],  # the program's own message, inside argparse's frame
)
# What argparse (and this program's placeholders) say in English; none of it may be left in Chinese.
ENGLISH = re.compile(
    r"usage|options|positional|show this help|error|argument|invalid|choose from|required|unrecognized"
    r"|expected|ignored|ambiguous|could match|COMMAND|SAVE|FILE"
)


def said(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """The exit code and everything printed by `boardgames ARGV` while its arguments are read."""
    with pytest.raises(SystemExit) as exit_info:
        parse_arguments(argv)
    out, err = capsys.readouterr()
    return int(exit_info.value.code or 0), out + err


class Marked(gettext.NullTranslations):
    """A catalogue that writes «…» around every message it is asked for, and remembers them."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    def gettext(self, message: str) -> str:
        self.asked.append(message)
        return f"«{message}»"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.asked.append(singular)
        return f"«{singular if n == 1 else plural}»"

    def pgettext(self, context: str, message: str) -> str:
        return message


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> Marked:
    monkeypatch.setenv("COLUMNS", "100")
    translation = Marked()
    monkeypatch.setattr(i18n, "_translation", translation)
    return translation


def test_argparse_asks_the_apps_catalogue_for_every_word(marked: Marked, capsys: pytest.CaptureFixture[str]) -> None:
    code, text = said(["--help"], capsys)
    assert code == 0
    assert text.startswith("«usage: »boardgames")
    assert "«show this help message and exit»" in text
    assert re.search(r"^«options»:$|^«%\(heading\)s:»$", text, re.MULTILINE) is None  # a heading: no English colon
    code, text = said(["export", "--help"], capsys)
    assert "«positional arguments»" in text and "«options»" in text
    code, text = said(["export"], capsys)
    assert code == 2
    assert "«%(prog)s: error: %(message)s\n»" not in text  # formatted, not shown as a template
    assert "«boardgames export: error: «the following arguments are required: SAVE»\n»" in text
    code, text = said(["--lang", "fr"], capsys)
    assert "«argument --lang: «invalid choice: 'fr'" in text
    # Outside the command line argparse is itself again.
    assert argparse._ is gettext.gettext  # type: ignore[attr-defined]
    assert argparse.ngettext is gettext.ngettext  # type: ignore[attr-defined]


def test_every_message_argparse_says_here_is_marked_for_the_catalogue(
    marked: Marked, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """On the Python running the tests, each argparse message this program can show is one of
    ARGPARSE_MESSAGES (the extractor puts those in app.po): a new Python's new wording fails here."""
    from boardgames_tui import cli_words

    asked: list[object] = []

    def recording(message: str) -> str:
        asked.append(message)
        return cli_words.translate.__wrapped__(message)  # type: ignore[attr-defined]

    recording.__wrapped__ = cli_words.translate  # type: ignore[attr-defined]
    monkeypatch.setattr(cli_words, "translate", recording)
    argparse_words: set[str] = set()
    for argv in HELPS + MISTAKES:
        asked.clear()
        _code, text = said(argv, capsys)
        # What argparse showed (it also asks for messages it then does not use, such as "expected at most one
        # argument"); strings the program had translated come back marked «…» (Python 3.11 asks again for a title).
        argparse_words |= {
            message
            for message in asked
            if isinstance(message, str) and not message.startswith("«") and "«" + message.split("%")[0] in text
        }
    assert {"usage: ", "options", "show this help message and exit"} <= argparse_words
    unmarked = argparse_words - set(ARGPARSE_MESSAGES)
    assert not unmarked, f"argparse said {unmarked}: add them to cli_words.ARGPARSE_MESSAGES (and app.po)"


def test_the_help_is_laid_out_in_terminal_cells(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], in_chinese: None
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    for argv in HELPS:
        code, text = said(argv, capsys)
        assert code == 0
        for line in text.splitlines():
            longest_word = max((cells(word) for word in line.split()), default=0)
            assert cells(line) <= 78 or longest_word > 40, line
        assert "--\n" not in text and "\nfull" not in text  # an option is never cut in two
        # The help column starts at the same cell on every row (a Chinese metavar is two cells a character).
        starts = {
            cells(match.group(1))
            for match in re.finditer(r"^(  \S.*?  +)\S", text, re.MULTILINE)
            if not match.group(1).strip().startswith("--format")
        }
        assert len(starts) == 1, starts


def test_wrapping_chinese_text() -> None:
    text = "对仍在进行中的游戏写出完整记录（牌局编号和每一步），可用 import --full 变成存档。"
    lines = wrap_cells(text, 20)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(cells(line) <= 20 for line in lines)
    assert not any(line[0] in "，。）" or line[-1] == "（" for line in lines)
    assert any(line.endswith("--full") or line.startswith("--full") or " --full " in line for line in lines)
    assert wrap_cells("a-b " * 3, 3) == ["a-b", "a-b", "a-b"]  # narrow words stay whole


# The tests below need argparse's words translated in app.po (the msgids of cli_words.ARGPARSE_MESSAGES
# and the "command line" placeholders COMMAND, SAVE, FILE).


@pytest.mark.parametrize("argv", HELPS, ids=" ".join)
def test_every_help_is_in_chinese(argv: list[str], capsys: pytest.CaptureFixture[str], in_chinese: None) -> None:
    code, text = said(argv, capsys)
    assert code == 0
    assert text.startswith("用法：boardgames")
    assert "选项：" in text
    assert re.search(r"^  -h, --help +[\u4e00-\u9fff]", text, re.MULTILINE), text
    if argv != ["--help"]:
        assert "位置参数：" in text
    assert not ENGLISH.findall(text), text


@pytest.mark.parametrize("argv", MISTAKES, ids=" ".join)
def test_every_argument_error_is_in_chinese(
    argv: list[str], capsys: pytest.CaptureFixture[str], in_chinese: None
) -> None:
    code, text = said(argv, capsys)
    assert code == 2
    assert text.startswith("用法：boardgames")
    assert re.search(r"^boardgames( export| import)?：错误：", text, re.MULTILINE), text
    assert not ENGLISH.findall(text.replace("--nope", "").replace("bogus", "")), text
    if argv == ["export"]:
        assert "缺少必需的参数：存档" in text
    if argv == ["bogus"]:
        assert "'bogus'" in text and "'export', 'import'" in text


def test_python_m_boardgames_lang_zh_help(tmp_path: Path) -> None:
    environ = {
        **os.environ,
        "BOARDGAMES_TUI_CONFIG_DIR": str(tmp_path / "config"),
        "COLUMNS": "80",
        "LANG": "C.UTF-8",
        "PYTHONIOENCODING": "utf-8",
    }
    environ.pop("LC_ALL", None)
    environ.pop("LC_MESSAGES", None)
    shown = subprocess.run(
        [sys.executable, "-m", "boardgames_tui", "--lang", "zh", "--help"],
        cwd=ROOT, env=environ, capture_output=True, text=True, encoding="utf-8", timeout=60,
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("用法：boardgames")
    assert not ENGLISH.findall(shown.stdout), shown.stdout
    wrong = subprocess.run(
        [sys.executable, "-m", "boardgames_tui", "export", "--lang", "zh"],
        cwd=ROOT, env=environ, capture_output=True, text=True, encoding="utf-8", timeout=60,
    )
    assert wrong.returncode == 2
    assert "boardgames export：错误：缺少必需的参数：存档" in wrong.stderr
    assert not ENGLISH.findall(wrong.stderr), wrong.stderr
    english = subprocess.run(
        [sys.executable, "-m", "boardgames_tui", "--lang", "en", "bogus"],
        cwd=ROOT, env=environ, capture_output=True, text=True, encoding="utf-8", timeout=60,
    )
    assert english.returncode == 2
    assert english.stderr.startswith("usage: boardgames")
    assert "boardgames: error: argument COMMAND: invalid choice: 'bogus'" in english.stderr
