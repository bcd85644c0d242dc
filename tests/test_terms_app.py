"""The app catalogue's Chinese uses the settled terms (issue #26; boardgames_tui/locale/zh_CN/glossary/app.md):
the handoff screen is 交接设备, computer levels read 电脑·简单 / 电脑·困难, "since your last turn" is
自你上一回合以来, Space is 空格键 in a sentence, the statistics group by 人数与变体, and no space separates
Chinese from a placeholder that holds a number."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po  # a test dependency (pyproject.toml): without it these tests fail, never skip

from boardgames_tui.i18n import LOCALE_DIR, _, pgettext, set_language

PO = LOCALE_DIR / "zh_CN" / "LC_MESSAGES" / "app.po"


def load() -> dict[tuple[str | None, str], tuple[str, ...]]:
    """(context, singular msgid) → the msgstr forms."""
    with PO.open("rb") as handle:
        catalogue = read_po(handle)
    entries = {}
    for message in catalogue:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        entries[(message.context, msgid)] = tuple(forms)
    return entries


ENTRIES = load()
ALL = [(key, form) for key, forms in ENTRIES.items() for form in forms]


def translation(msgid: str, context: str | None = None) -> str:
    return ENTRIES[(context, msgid)][0]


@pytest.mark.parametrize(
    "wrong",
    [
        "传递电脑",  # the old name of the handoff
        "电脑（简单）",  # nested brackets once it is put in "{name}（{level}）"
        "电脑（困难）",
        "按 Space",  # 按空格键
        "按牌桌",  # statistics: 按人数与变体
        "上回合以来",  # the phrase is 自你上一回合以来
    ],
)
def test_no_msgstr_uses_a_retired_wording(wrong: str) -> None:
    found = [(key, form) for key, form in ALL if wrong in form]
    assert not found, found


def test_no_sentence_names_the_space_key_in_english() -> None:
    found = [(key, form) for key, form in ALL if re.search(r"\bSpace\b", form)]
    assert not found, found


def test_the_handoff_screen_is_called_jiaojie_shebei() -> None:
    title = translation("{game} · Pass the device to {name}")
    assert "交接设备" in title and "请把设备交给" not in title
    assert "传递" not in title
    # nothing else presents 请把设备交给 as a heading either (a title row is "… · heading")
    assert not [form for _key, form in ALL if re.search(r"(^|· )请把设备交给", form)]


def test_since_your_last_turn_is_one_phrase() -> None:
    assert translation("Since your last turn:") == "自你上一回合以来："
    assert translation("Since your last turn: (↑ earlier news)").startswith("自你上一回合以来：")


def test_levels_and_statistics_grouping() -> None:
    assert translation("Easy computer") == "电脑·简单"
    assert translation("Hard computer") == "电脑·困难"
    assert translation("Strongest computer") == "电脑·最强"
    assert translation("By table") == "按人数与变体"
    assert "空格键" in translation("{name}, press Space when only you can see the screen.")


NUMBER_PLACEHOLDERS = r"\{(?:n|count|max|min|step|steps|limit|size|deal|w|h)\}"
CJK = r"[\u4e00-\u9fff]"


def test_no_space_between_chinese_and_a_number_placeholder() -> None:
    spaced = re.compile(rf"{CJK} +{NUMBER_PLACEHOLDERS}|{NUMBER_PLACEHOLDERS} +{CJK}")
    found = [(key, form) for key, form in ALL if spaced.search(form)]
    assert not found, found


def test_the_compiled_catalogue_says_the_new_words() -> None:
    set_language("zh")
    try:
        level = _("Easy computer")
        assert _("{name} ({level})").format(name="Ben", level=level) == "Ben（电脑·简单）"
        assert _("{game} · Pass the device to {name}").format(game="花火", name="Ana") == "花火 · 交接设备：交给Ana"
        assert _("By table") == "按人数与变体"
        assert pgettext("save file field", "card notes") == "笔记"
    finally:
        set_language("en")
    assert _("By table") == "By table"
