"""Chinese lines are filled as far as they go and never split a term (issue #26 §2).

The sentences of the issue, taken from the catalogues, broken at the widths that went wrong and at every
width around them: through `wrap_lines` (Rich renderables) and through the Content that `markup` makes
(Textual, which on its own breaks at spaces only and so ended lines early at "按 Enter（或" or "Esc").
English text breaks exactly as Rich and Textual break it."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.content import Content

from boardgames_tui.i18n import _, set_language
from boardgames_tui.tui.text import (
    NO_LINE_END,
    NO_LINE_START,
    Paragraph,
    WrappingContent,
    glossary_terms,
    markup,
    wrap_plain,
    wrapped,
)


def chinese(message: str, **values: object) -> str:
    """`message` as the Chinese catalogue says it, `values` filled in."""
    set_language("zh")
    try:
        said = _(message)
    finally:
        set_language("en")
    assert said != message, f"no Chinese for {message!r}"
    return said.format(**values) if values else said


def note_prompt() -> str:
    return chinese(
        "Note on which card? Enter (or n): your card {n}; or a player's number ({keys}) for one of theirs. Esc cancels.",
        n=1,
        keys="1-4",
    )


def note_hint() -> str:
    return chinese("Enter saves, Esc cancels; an empty note removes it. Only you see your notes.")


def hints_help() -> str:
    return chinese("A key (h) on the turn screen shows the most tiles you could lay, and the sets they make")


def trump_key() -> str:
    return chinese(" · w takes the trump {tile} (only to go out this turn)", tile="R9").strip()


def trump_rule() -> str:
    return chinese(
        "You took the trump, so you must go out this turn: lay every tile but one and discard it (or put the trump back)"
    )


def row_pile() -> str:
    said = chinese("{who} puts {n} cards on the row pile and {m} under the navigation deck", who="小明", n=2, m=1)
    note = chinese("(Row pile: {pile}; bottom: {bottom}.)", pile="N15", bottom="N3")
    return chinese("{said} {note}", said=said, note=note)


SENTENCES = (note_prompt, note_hint, hints_help, trump_key, trump_rule, row_pile)
WIDTHS = range(12, 64)


def content_lines(sentence: str, width: int) -> list[str]:
    """The rows Textual draws for `sentence` shown with `markup` in a widget `width` cells wide."""
    return [line.plain for line in markup("{s}", s=sentence).wrap(width)]


BREAKERS = {"wrap_lines": wrap_plain, "Content": content_lines}


# What a line must not do ------------------------------------------------------------------------------


def term_at(text: str, index: int) -> str:
    """The longest glossary term that begins at `text[index]` ('' if none)."""
    for length in (4, 3, 2):
        if text[index : index + length] in glossary_terms():
            return text[index : index + length]
    return ""


def first_unit(text: str) -> str:
    """The start of `text` that no rule lets a line end inside: opening marks with what follows them, a
    glossary term, a Latin word or number (with the measure word after a number), or one wide character,
    and the closing marks after it."""
    index = 0
    while index < len(text) - 1 and text[index] in NO_LINE_END:
        index += 1
    if term := term_at(text, index):
        index += len(term)
    elif text[index].isascii() and not text[index].isspace():
        while index < len(text) and text[index].isascii() and not text[index].isspace() and text[index] not in NO_LINE_END:
            index += 1
        if text[index - 1].isdigit() and index < len(text) and cell_len(text[index]) > 1:
            index += 1
    else:
        index += 1
    while index < len(text) and text[index] in NO_LINE_START:
        index += 1
    if index < len(text) and (text[index] in NO_LINE_END or text[index - 1] in NO_LINE_END):
        return text[:index] + first_unit(text[index:])  # "R9（只": an opening mark goes with what follows it
    return text[:index]


def places(sentence: str, lines: list[str]) -> list[tuple[int, bool]]:
    """Where each line after the first begins in `sentence`, and whether a space came before it."""
    found, end = [], 0
    for line in lines[:-1]:
        end = sentence.index(line, end) + len(line)
        spaced = end < len(sentence) and sentence[end] == " "
        while end < len(sentence) and sentence[end] == " ":
            end += 1
        found.append((end, spaced))
    return found


def ended_early(sentence: str, lines: list[str], width: int) -> list[str]:
    """The lines that end although the first unit of the next line would have fitted after them."""
    wrong = []
    for line, (start, spaced) in zip(lines, places(sentence, lines)):
        unit = first_unit(sentence[start:])
        if cell_len(line) + spaced + cell_len(unit) <= width:
            wrong.append(f"{line!r} ends early: {unit!r} fits after it at {width}")
    return wrong


def split_terms(sentence: str, lines: list[str], width: int) -> list[str]:
    """The glossary terms cut by a line end (but a piece wider than a line)."""
    wrong = []
    for start, spaced in places(sentence, lines):
        if spaced:
            continue
        for begin in range(max(start - 3, 0), start):
            term = term_at(sentence, begin)
            if begin + len(term) > start and cell_len(term) + 2 <= width:
                wrong.append(f"{term!r} cut: {sentence[begin:start]!r} | {sentence[start:begin + len(term)]!r}")
    return wrong


def split_words(sentence: str, lines: list[str]) -> list[str]:
    """Latin words (key names, codes) cut, and key names kept from their closing bracket."""
    wrong = []
    for start, spaced in places(sentence, lines):
        before, after = sentence[start - 1], sentence[start]
        if not spaced and before.isascii() and before.isalnum() and after.isascii() and after.isalnum():
            wrong.append(f"a word cut at {sentence[start - 5 : start]!r} | {sentence[start : start + 5]!r}")
        if after in NO_LINE_START or before in NO_LINE_END:
            wrong.append(f"punctuation on the wrong side: {sentence[start - 3 : start]!r} | {sentence[start : start + 3]!r}")
    return wrong


# The issue's sentences ---------------------------------------------------------------------------------


@pytest.mark.parametrize("breaker", sorted(BREAKERS))
@pytest.mark.parametrize("sentence", SENTENCES, ids=lambda said: said.__name__)
def test_chinese_lines_are_filled_and_terms_and_words_stay_whole(sentence, breaker) -> None:
    text = sentence()
    for width in WIDTHS:
        lines = BREAKERS[breaker](text, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", ""), (width, lines)
        assert all(cell_len(line) <= width for line in lines), (width, lines)
        wrong = ended_early(text, lines, width) + split_terms(text, lines, width) + split_words(text, lines)
        assert not wrong, (width, lines, wrong)


# The sentences as the issue quotes them (the catalogues may change their wording; the tests above read them).
NOTE_PROMPT = "给哪张牌写笔记？按 Enter（或 n）：你第1位的牌；或按玩家编号（1-4）选他的牌。Esc 取消。"
NOTE_HINT = "Enter 保存，Esc 取消；清空即删除笔记。只有你能看到自己的笔记。"
HINTS_HELP = "回合画面上按 h 显示你最多能出哪些牌，以及出牌后的组合"
TRUMP_KEY = " · w 拿王牌 R9（只能用于本回合出完）"
TRUMP_RULE = "你拿了王牌，本回合必须出完：只留一张，其余全部打出，再弃掉它（或放回王牌）"
ROW_PILE = "小明把2张牌放上划船牌堆，1张放到航行卡牌堆底部 （划船牌堆：N15；牌堆底部：N3。）"


def test_the_note_prompt_fills_its_lines_past_the_key_names() -> None:
    # Textual alone: "给哪张牌写笔记？按 Enter（或" / "n）：你第1位的牌；或按玩家编号（1-4）选他的牌。Esc" / "取消。"
    assert content_lines(NOTE_PROMPT, 40) == [
        "给哪张牌写笔记？按 Enter（或 n）：你第",
        "1位的牌；或按玩家编号（1-4）选他的牌。",
        "Esc 取消。",
    ]
    assert content_lines(NOTE_PROMPT, 29) == [
        "给哪张牌写笔记？按 Enter（或",  # "n）：" (5 cells) does not fit: "n" keeps its bracket
        "n）：你第1位的牌；或按玩家编",
        "号（1-4）选他的牌。Esc 取消。",
    ]


def test_the_note_hint_does_not_end_at_esc() -> None:
    # Textual alone: "Enter 保存，Esc" / "取消；清空即删除笔记。只有你能看到自己的笔记。"
    assert content_lines(NOTE_HINT, 40) == ["Enter 保存，Esc 取消；清空即删除笔记。只", "有你能看到自己的笔记。"]
    assert wrap_plain(NOTE_HINT, 40) == content_lines(NOTE_HINT, 40)


def test_the_hints_help_does_not_end_at_h() -> None:
    # Rich alone: "回合画面上按 h" / "显示你最多能出哪些牌，以及出牌后的组合"
    rows = [row.plain for row in Paragraph(HINTS_HELP).lines(30)]
    assert rows == ["回合画面上按 h 显示你最多能出", "哪些牌，以及出牌后的组合"]  # "出哪" would be 32 cells


@pytest.mark.parametrize(
    ("text", "width", "term", "lines"),
    [
        (TRUMP_KEY, 34, "出完", [" · w 拿王牌 R9（只能用于本回合", "出完）"]),
        (TRUMP_RULE, 49, "打出", ["你拿了王牌，本回合必须出完：只留一张，其余全部", "打出，再弃掉它（或放回王牌）"]),
        (ROW_PILE, 56, "划船牌堆", ["小明把2张牌放上划船牌堆，1张放到航行卡牌堆底部", "（划船牌堆：N15；牌堆底部：N3。）"]),
    ],
    ids=["出完", "打出", "划船牌堆"],
)
def test_a_term_split_in_the_issue_stays_whole(text: str, width: int, term: str, lines: list[str]) -> None:
    assert wrap_plain(text, width) == lines
    for drawn in (wrapped(Text(text), width).plain.split("\n"), content_lines(text, width)):
        assert drawn == lines
    assert not split_terms(text, lines, width)


def test_the_glossaries_are_read() -> None:
    terms = glossary_terms()
    assert {"出完", "打出", "划船牌堆", "王牌", "牌堆", "烟花", "破冰"} <= terms
    assert all(2 <= len(term) <= 4 and re.fullmatch(r"[\u3400-\u9fff]+", term) for term in terms)


def test_a_term_wider_than_the_line_is_still_folded() -> None:
    lines = wrap_plain("划船牌堆", 4)
    assert lines == ["划船", "牌堆"]


# English ------------------------------------------------------------------------------------------------

ENGLISH = (
    "Note on which card? Enter (or n): your card 1; or a player's number (1-4) for one of theirs. Esc cancels.",
    "Enter saves, Esc cancels; an empty note removes it. Only you see your notes.",
    "During navigation: spend it to cancel one thirst of any character.",
    "Treasure: 1, 4 or 8 points for holding 1, 2 or 3 of them.",
    "Bartholomew-Longname-Without-Spaces plays R10 and R11 (joker excluded)",
)


@pytest.mark.parametrize("sentence", ENGLISH)
def test_english_wraps_as_textual_wraps_it(sentence: str) -> None:
    for width in range(3, 90):
        assert content_lines(sentence, width) == [line.plain for line in Content(sentence).wrap(width)], width


@pytest.mark.parametrize("sentence", ENGLISH[:2])
def test_english_breaks_at_spaces_only(sentence: str) -> None:
    for width in range(12, 90):
        lines = wrap_plain(sentence, width)
        assert " ".join(lines) == sentence, (width, lines)
        assert not ended_early(sentence, lines, width), (width, lines)


def test_markup_is_a_wrapping_content_that_keeps_its_styles() -> None:
    content = markup("[b]{name}[/b] 按 Enter（或 n）：你第1位的牌", name="[i]小明[/i]")
    assert isinstance(content, WrappingContent)
    assert content.plain == "[i]小明[/i] 按 Enter（或 n）：你第1位的牌"
    lines = content.wrap(16)
    assert [line.plain for line in lines] == ["[i]小明[/i] 按", "Enter（或 n）：", "你第1位的牌"]
    assert [(lines[0].plain[span.start : span.end], str(span.style)) for span in lines[0].spans] == [("[i]小明[/i]", "b")]
