"""The one line breaker of every screen (tui/text.py): each rule on its own, the renderables built on it,
and every sentence the narrators say in a random game of each game, broken at many widths."""

from __future__ import annotations

import io
import random

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from boardgames_tui.engine.registry import GAMES, get_game
from boardgames_tui.i18n import set_language
from boardgames_tui.narration import narrator_for
from boardgames_tui.tui.text import (
    KEEP,
    NO_LINE_END,
    NO_LINE_START,
    Paragraph,
    WrappingText,
    wrap_lines,
    wrap_plain,
    wrapped,
)


def drawn(renderable: object, width: int) -> list[str]:
    """The rows Rich draws for `renderable` at `width` cells, right-stripped."""
    console = Console(file=io.StringIO(), width=width, color_system=None, legacy_windows=False)
    return ["".join(segment.text for segment in line).rstrip() for line in console.render_lines(renderable, pad=False)]


# Each rule ---------------------------------------------------------------------------------------------


def test_lines_break_at_spaces_and_the_space_stays_behind() -> None:
    assert wrap_plain("aa bb cc", 5) == ["aa bb", "cc"]
    assert wrap_plain("aa  bb", 3) == ["aa", "bb"]


def test_lines_break_between_wide_characters() -> None:
    assert wrap_plain("一二三四五", 4) == ["一二", "三四", "五"]
    assert wrap_plain("一二三四五", 5) == ["一二", "三四", "五"]  # a character never straddles the edge


@pytest.mark.parametrize(
    ("text", "width", "lines"),
    [
        ("换下joker牌", 8, ["换下", "joker牌"]),
        ("打出R10和R11", 5, ["打出", "R10和", "R11"]),
        ("R10 R11 R12", 5, ["R10", "R11", "R12"]),
        ("Chloé提示Ana", 6, ["Chloé", "提示", "Ana"]),
    ],
)
def test_a_latin_word_a_name_or_a_code_is_never_cut(text: str, width: int, lines: list[str]) -> None:
    assert wrap_plain(text, width) == lines


def test_a_number_stays_with_the_measure_word_after_it() -> None:
    lines = wrap_plain("取得3枚红宝石", 6)
    assert lines[0] == "取得" and lines[1].startswith("3枚")  # the rest depends on the glossary's terms
    assert not any(line.endswith("3") for line in lines)


@pytest.mark.parametrize("mark", sorted(NO_LINE_START))
def test_a_line_never_starts_with_closing_punctuation(mark: str) -> None:
    lines = wrap_plain(f"一二三{mark}四五", 6)
    assert "".join(lines) == f"一二三{mark}四五"
    assert all(cell_len(line) <= 6 for line in lines), lines
    assert not any(line.startswith(mark) for line in lines), lines


@pytest.mark.parametrize("mark", sorted(NO_LINE_END))
def test_a_line_never_ends_with_opening_punctuation(mark: str) -> None:
    lines = wrap_plain(f"一二{mark}三四五", 6)
    assert "".join(lines) == f"一二{mark}三四五"
    assert all(cell_len(line) <= 6 for line in lines), lines
    assert not any(line.endswith(mark) for line in lines), lines


def test_combining_marks_and_zero_width_joiners_stay_attached() -> None:
    for width in range(2, 9):
        lines = wrap_plain("一二三\u0301四五", width)
        assert any("三\u0301" in line for line in lines), lines
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # one picture made of three
    for width in (2, 4, 6):
        lines = wrap_plain("一二" + family + "三", width)
        assert any(family in line for line in lines), lines
    long_word = "e\u0301" * 10  # a word too long for a line is still cut between whole letters
    assert all(not line.startswith("\u0301") for line in wrap_plain(long_word, 3))


def test_a_kept_span_is_never_broken_inside() -> None:
    text = Text("选择：")
    text.append("  1  一二三四", style=KEEP)
    text.append(" ")
    text.append("  2  五六七八", style=KEEP)
    assert [line.plain for line in wrap_lines(text, 16)] == ["选择：", "1  一二三四", "2  五六七八"]
    assert not any("1  一二三四" in line for line in wrap_plain(text.plain, 16))  # the same words, not kept


def test_a_piece_wider_than_a_line_is_folded_between_characters() -> None:
    assert wrap_plain("Alexandrina", 4) == ["Alex", "andr", "ina"]
    assert wrap_plain("Alexandrina，好", 6) == ["Alexan", "drin", "a，好"]  # the comma keeps a letter with it
    for width in range(1, 12):
        lines = wrap_plain("Alexandrina Long提示小明", width)
        assert all(cell_len(line) <= max(width, 2) for line in lines), (width, lines)
        assert "".join(lines).replace(" ", "") == "AlexandrinaLong提示小明"


def test_styles_are_kept_and_later_lines_take_the_hanging_indent() -> None:
    text = Text("小明打出了")
    text.append("G1", style="bold green")
    text.append("——已加入绿色烟花堆。")
    lines = wrap_lines(text, 14, indent=2)
    assert [line.plain for line in lines] == ["小明打出了G1——", "  已加入绿色", "  烟花堆。"]  # a term whole
    first = lines[0]
    assert [(first.plain[span.start : span.end], str(span.style)) for span in first.spans] == [("G1", "bold green")]
    joined = wrapped(text, 14, indent=2)
    assert joined.plain == "\n".join(line.plain for line in lines)


def test_a_paragraph_hangs_its_later_lines_under_its_text_and_shows_a_string_as_typed() -> None:
    rows = drawn(Paragraph("[b]小明[/b]打出了G1——已加入绿色烟花堆。", bullet="· "), 16)
    assert rows == ["· [b]小明[/b]", "  打出了G1——已加", "  入绿色烟花堆。"]  # "打出" is a term: never split
    assert drawn(Paragraph("一二三四", bullet=Text("本墩：", style="bold")), 10) == ["本墩：一二", "      三四"]


def test_a_wrapping_text_breaks_by_the_rule_inside_a_table() -> None:
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column()
    table.add_row("K R B O", WrappingText("黑、红、蓝、橙四种颜色的牌，各两套（joker牌除外）。"))
    rows = drawn(table, 24)
    meanings = [row[8:] for row in rows]
    assert "".join(meanings) == "黑、红、蓝、橙四种颜色的牌，各两套（joker牌除外）。"
    assert not any(line[:1] in NO_LINE_START or line[-1:] in NO_LINE_END for line in meanings), rows
    assert not any(line.endswith(("j", "jo", "jok", "joke")) for line in meanings), rows


# Every sentence of random games ---------------------------------------------------------------------------

LONG_NAMES = ("欧阳娜娜娜娜娜娜娜娜娜娜娜娜娜娜", "Maximilian-Alex", "小明", "Chloé", "Bartholomew Long", "王小红")
WIDTHS = (9, 17, 30, 41, 76)


def narrated_game(game_id: str, seed: int, steps: int = 400) -> list[str]:
    """Every event of a random game of `game_id` (at most `steps` actions), said in Chinese."""
    spec = get_game(game_id)
    rules = spec.rules()
    rng = random.Random(seed)
    players = LONG_NAMES[: max(rules.min_players, min(rules.max_players, 4))]
    state = rules.setup(players, rules.Options(), f"text-{seed}")
    for _step in range(steps):
        seats = rules.to_act(state)
        if not seats:
            break
        seat = min(seats)
        legal = tuple(rules.legal_actions(state, seat))
        # Half the time a turn ends (or starts again) when it may: else Rummikub would only move tiles about.
        ending = [action for action in legal if action.kind in ("draw", "end_turn", "discard", "reset")]
        state = rules.apply(state, seat, rng.choice(ending if ending and rng.random() < 0.5 else legal))
    set_language("zh")
    try:
        narrator = narrator_for(game_id, players)
        said = list(narrator.events(rules.log(state)))
        outcome = rules.outcome(state)
        if outcome is not None:
            said += [narrator.say(outcome.headline), *(narrator.say(line) for line in outcome.details)]
    finally:
        set_language("en")
    return said


def latin(char: str) -> bool:
    return char.isascii() and char.isalnum()


def broken_rules(sentence: str, lines: list[str], width: int) -> list[str]:
    """What is wrong with `lines` as `sentence` broken `width` cells wide: a line too wide, characters lost,
    and, where two lines meet without a space between them, a closing mark starting the second, an opening
    one ending the first, a Latin word cut (unless it is wider than a line) or a number kept from its
    measure word."""
    if "".join(lines).replace(" ", "") != sentence.replace(" ", ""):
        return ["characters lost or added"]
    wrong = [f"{line!r} is wider than {width}" for line in lines if cell_len(line) > width]
    end = 0
    for line, following in zip(lines, lines[1:]):
        end = sentence.index(line, end) + len(line)
        if sentence[end] == " ":
            continue
        where = f"{line!r} | {following!r}"
        if following[0] in NO_LINE_START or line[-1] in NO_LINE_END:
            wrong.append(f"{where}: punctuation on the wrong side")
        if latin(line[-1]) and latin(following[0]):
            start = end
            while start > 0 and not sentence[start - 1].isspace() and cell_len(sentence[start - 1]) == 1:
                start -= 1
            stop = end
            while stop < len(sentence) and not sentence[stop].isspace() and cell_len(sentence[stop]) == 1:
                stop += 1
            if cell_len(sentence[start:stop]) <= width:
                wrong.append(f"{where}: a word cut in two")
        if "0" <= line[-1] <= "9" and cell_len(following[0]) > 1:
            wrong.append(f"{where}: a number apart from its measure word")
    return wrong


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_sentence_of_a_random_game_breaks_by_the_rule(game_id: str) -> None:
    sentences = narrated_game(game_id, seed=len(game_id))
    assert len(sentences) > 10
    for sentence in sentences:
        for width in WIDTHS:
            lines = wrap_plain(sentence, width)
            assert not broken_rules(sentence, lines, width), (width, sentence, lines, broken_rules(sentence, lines, width))
