"""Rummikub's Chinese words are the seed's (shared/seeds/004_…, see locale/zh_CN/glossary/rummikub.md): a
player's turn is 回合 (轮 is a round in the seeds, and in Hanabi and Lifeboat), the American tiles are dealt
in 堆 ("分成15堆，每堆7张"), the tiles still to draw are the 牌堆 and tiles lie 牌面向下 / 牌面向上. The
catalogue (rummikub.po) and the Chinese rulebook are read as files, so a wrong word anywhere in them fails,
whether or not a screen test happens to show it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "boardgames_tui" / "locale" / "zh_CN" / "LC_MESSAGES" / "rummikub.po"
RULEBOOK = ROOT / "assets" / "rules" / "rummikub.zh.md"

# 轮 for a turn: 第N轮, 当轮, 本轮, 这一轮, 下一轮, 那一轮, 每轮, 轮次. "轮到你了" / "轮到{name}" (whose turn it
# is) is the ordinary word and stays allowed, and so is 轮流.
TURN_AS_ROUND = re.compile(r"第\s*(?:\d+|\{\w+\})\s*轮(?!到)|[当本这那每下上]一?轮(?![到流])|轮次")
WRONG_WORDS = {
    "摞": "the seed deals the tiles in 堆 (分成15堆，每堆7张)",
    "背面朝上": "the tiles to draw are the 牌堆; the seed lies tiles 牌面向下",
    "正面朝上": "the seed turns tiles 牌面向上",
    "一个组合两张joker牌": "the setting reads 组合可含两张joker牌",
    "Space": "the space bar is 空格 on a key bar, 空格键 in a sentence",
    "——": "terminals set up for Chinese draw the dash two cells wide: Chinese punctuation instead",
    "“": "quoted words go in 「」",
}


def translations() -> list[tuple[str, str]]:
    """(English msgid, Chinese msgstr) for every translated message of the Rummikub catalogue."""
    with CATALOGUE.open("rb") as handle:
        catalogue = read_po(handle)
    pairs = []
    for message in catalogue:
        if not message.id:
            continue
        english = message.id[0] if isinstance(message.id, tuple) else message.id
        for chinese in message.string if isinstance(message.string, tuple) else (message.string,):
            if chinese:
                pairs.append((english, chinese))
    return pairs


def msgstr(english: str) -> str:
    found = [chinese for source, chinese in translations() if source == english]
    assert found, f"no translation of {english!r}"
    return found[0]


def test_the_matcher_tells_a_turn_from_whose_turn_it_is() -> None:
    for wrong in ("第{t}轮 · 轮到你了", "第3轮", "当轮", "本轮不抓牌", "下一轮", "那一轮", "轮次"):
        assert TURN_AS_ROUND.search(wrong), wrong
    for right in ("第{t}回合 · 轮到你了，{name}", "轮到{name}", "轮流出牌", "下一回合起"):
        assert not TURN_AS_ROUND.search(right), right


@pytest.mark.parametrize("source", ["catalogue", "rulebook"])
def test_a_turn_is_a_hui_he_never_a_lun(source: str) -> None:
    texts = [chinese for _, chinese in translations()] if source == "catalogue" else RULEBOOK.read_text("utf-8").splitlines()
    wrong = [text for text in texts if TURN_AS_ROUND.search(text)]
    assert not wrong, wrong


@pytest.mark.parametrize("source", ["catalogue", "rulebook"])
def test_no_word_where_the_seed_has_its_own(source: str) -> None:
    texts = [chinese for _, chinese in translations()] if source == "catalogue" else RULEBOOK.read_text("utf-8").splitlines()
    found = {word: [text for text in texts if word in text] for word in WRONG_WORDS}
    found = {word: hits for word, hits in found.items() if hits}
    assert not found, {word: (WRONG_WORDS[word], hits) for word, hits in found.items()}


def test_every_turn_and_round_message_uses_hui_he() -> None:
    """Every English "turn" of a count or a setting is 回合 in Chinese."""
    for english in ("Turn {turn} · {n} tile in the pool", "Turn {turn} · {n} face-down tile"):
        assert msgstr(english).startswith("第{turn}回合"), english
    assert msgstr("Turn {t} · Your turn, {name}") == "第{t}回合 · 轮到你了，{name}"
    assert msgstr("Turn {t} · {name} to play") == "第{t}回合 · 轮到{name}"
    assert (msgstr("same turn"), msgstr("next turn")) == ("同一回合", "下一回合")
    for source, chinese in translations():
        if re.search(r"\b(this|same|next|first|earlier|a|in a|per) turn\b", source):
            assert "回合" in chinese, (source, chinese)


def test_the_seed_terms_are_used() -> None:
    """The pool is 牌堆 (also the American face-down tiles), stacks are 堆, and the rulebook uses the seed's
    words for setup, the trump, the discard and the three rule sets."""
    for english in ("Turn {turn} · {n} face-down tile", "Pool {n}", "d a face-down tile",
                    "Start your turn: draw a face-down tile", "the trump {tile} goes back for a face-down tile",
                    "No face-down tile was left: nobody wins", "{name} must draw but no face-down tile is left: the game ends"):
        assert "牌堆" in msgstr(english), english
    assert re.fullmatch(r"牌堆\{k\}堆（\{n\}张）", msgstr("Stacks {k} ({n} tile)"))
    assert msgstr("Two jokers in a set") == "组合可含两张joker牌"
    rulebook = RULEBOOK.read_text("utf-8")
    for term in ("分成**15堆，每堆7张**", "牌面向下", "牌面向上", "王牌", "弃牌堆", "上家", "破冰", "组牌", "顺牌",
                 "重新排列组合", "以色列拉密", "美国拉密", "国际拉密", "1可以接在13之后", "组合可含两张joker牌"):
        assert term in rulebook, term
    # The catalogue's words for the core terms (glossary): every one is used somewhere.
    said = "\n".join(chinese for _, chinese in translations())
    for term in ("牌架", "牌堆", "组合", "组牌", "顺牌", "破冰", "抓牌", "弃牌堆", "王牌", "joker牌", "回合", "出完"):
        assert term in said, term


def test_the_key_table_describes_each_rule_set() -> None:
    """e and d mean one thing in the standard game and another under the American and International rules:
    the rules' key table says both, and names t, w and b as keys of those rule sets."""
    english = (ROOT / "assets" / "rules" / "rummikub.md").read_text("utf-8")
    chinese = RULEBOOK.read_text("utf-8")
    rows = {
        "en": [line for line in english.splitlines() if line.startswith("| `")],
        "zh": [line for line in chinese.splitlines() if line.startswith("| `")],
    }
    for language, standard, others in (("en", "*Standard:*", "*American / International:*"), ("zh", "以色列：", "美国、国际：")):
        by_key: dict[str, list[str]] = {}
        for row in rows[language]:
            key = row.split("|")[1].strip()
            by_key.setdefault(key, []).append(row)
        assert any(standard in row for row in by_key["`e`"]) and any(others in row for row in by_key["`e`"]), language
        assert any(standard in row for row in by_key["`d`"]) and any(others in row for row in by_key["`d`"]), language
        for key in ("`t`", "`w`", "`b`"):
            assert all(others in row for row in by_key[key]), (language, key)
        for key in ("`h`", "`z`", "`Esc`", "`Enter`/`m`"):
            assert key in by_key, (language, key)
    discard_rows = [row for row in rows["en"] if row.startswith("| `e`") and "American" in row]
    assert "discard" in discard_rows[0] and "ends the turn" in discard_rows[0]
    draw_rows = [row for row in rows["en"] if row.startswith("| `d`") and "American" in row]
    assert "the turn goes on" in draw_rows[0]
