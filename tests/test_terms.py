"""The Chinese terms of Splendor Duel, Lifeboat, Hanabi and Luz are the seed rulebooks' (issue #26).

Every Chinese translation (msgstr) of these games' catalogues and their Chinese in-app rulebooks are
checked against a short list: words the seeds do not use (or that were replaced to give one name to one
thing) must not come back, and the seeds' own terms must be there. Only translations are checked, never
the English msgids, so an English word such as "Space" in a msgid is no false positive.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po  # a test dependency (pyproject.toml): without it these tests fail, never skip

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "boardgames_tui" / "locale" / "zh_CN" / "LC_MESSAGES"
RULES = ROOT / "assets" / "rules"
GAMES = ("splendor_duel", "lifeboat", "hanabi", "luz")


def translations(domain: str) -> dict[str, str]:
    """msgid (with its context) → every msgstr form, joined."""
    with (LOCALE / f"{domain}.po").open("rb") as handle:
        catalogue = read_po(handle)
    found = {}
    for message in catalogue:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        found[f"{message.context or ''}\x04{msgid}"] = "\n".join(strings)
    return found


def chinese_rules(game: str) -> str:
    return (RULES / f"{game}.zh.md").read_text(encoding="utf-8")


def texts(game: str) -> dict[str, str]:
    """Every Chinese text of a game, by where it comes from."""
    found = {f"{game}.po {key.split(chr(4))[1]!r}": text for key, text in translations(game).items()}
    found[f"{game}.zh.md"] = chinese_rules(game)
    return found


# Words that must not appear in a game's Chinese texts (the .po translations and the .zh.md rules).
FORBIDDEN: dict[str, tuple[str, ...]] = {
    # the seed: 超额归还, 复制加成颜色, 盲拿/顶牌, 袋
    "splendor_duel": (r"资源上限", r"归还资源", r"复制卡", r"暗牌", r"暗保留牌", r"袋子", r"双人宝石交易"),
    # the seed: 斯蒂芬先生; a window closes with 不再出手, not 出手完毕; a round (every seat acts once, then
    # the navigation card) is the seed's 回合 (每一回合…本回合的航行卡), never 轮
    "lifeboat": (r"斯蒂芬(?!先生)", r"劳伦(?!夫人)", r"出手完毕", r"第\{r(?:ound)?\}轮", r"[本每]轮"),
    # a player's cards are 该玩家的牌
    "hanabi": (r"选他的牌",),
    "luz": (),
}
# Words a game's catalogue may not use (its rulebook may: "提示告诉你的信息" is what a clue tells you).
CATALOGUE_ONLY: dict[str, tuple[str, ...]] = {"hanabi": (r"告诉",)}  # the clue is 提示{name}：…, not 告诉{name}
# Words no game may use: the device handoff has one name, 交接设备; one phrase for "since your last turn".
FORBIDDEN_EVERYWHERE = (r"传递电脑", r"交接电脑", r"请把设备交给", r"自你上回合以来", r"按 ?Space", r"\bSpace\b", r"——", r"[“”]")


@pytest.mark.parametrize("game", GAMES)
def test_no_replaced_word_comes_back(game: str) -> None:
    found = []
    for where, text in texts(game).items():
        patterns = FORBIDDEN[game] + FORBIDDEN_EVERYWHERE
        if not where.endswith(".zh.md"):
            patterns += CATALOGUE_ONLY.get(game, ())
        for pattern in patterns:
            for match in re.finditer(pattern, text):
                found.append(f"{where}: {pattern} in …{text[max(0, match.start() - 20):match.end() + 20]!r}…")
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("game", "term"),
    [
        ("splendor_duel", "超额归还"),
        ("splendor_duel", "复制加成颜色"),
        ("splendor_duel", "盲拿"),
        ("splendor_duel", "顶牌"),
        ("splendor_duel", "袋中"),
        ("lifeboat", "斯蒂芬先生"),
        ("lifeboat", "劳伦夫人"),
        ("hanabi", "交接设备"),
        ("luz", "交接设备"),
    ],
)
def test_the_chinese_rules_use_the_seed_term(game: str, term: str) -> None:
    assert term in chinese_rules(game)


def test_the_splendor_duel_catalogue_uses_the_seed_terms() -> None:
    strings = translations("splendor_duel")
    assert strings["splendor duel\x04joker"] == "复制加成颜色的"  # "a level-1 复制加成颜色的卡"
    assert "盲拿顶牌" in strings["\x04A deck's cards cannot be bought: v reserves its top card unseen"]
    assert strings["\x04Gem trading for 2: draw tokens from a shared board, buy cards, chase crowns."].startswith("双人宝石对决")


def test_splendor_duel_counts_tokens_in_digits() -> None:
    """1枚黄金 beside 2枚红宝石: a counted token is a digit and 枚, never 一枚 / 两枚 / 三枚."""
    strings = translations("splendor_duel")
    assert strings["\x04a {token} token"] == "1枚{token}"
    assert strings["\x04{n} {token} token"] == "{n}枚{token}"
    words = [key for key, text in strings.items() if re.search(r"[一二两三]枚", text)]
    assert not words, words
    # "一枚都没有" (not a single one) is an idiom, not a count
    assert not re.search(r"[一二两三]枚(?!都)", chinese_rules("splendor_duel"))


def test_lifeboat_short_names_are_the_seed_names() -> None:
    strings = translations("lifeboat")
    assert strings["\x04Stephen"] == strings["\x04Sir Stephen"] == "斯蒂芬先生"
    assert strings["\x04Lauren"] == strings["\x04Lady Lauren"] == "劳伦夫人"
    assert strings["\x04{who} is done"] == "{who}不再出手"


def test_hanabi_clue_confirmation_reads_as_a_clue() -> None:
    strings = translations("hanabi")
    rank = strings["\x04Tell {name} about {rank}s"].format(name="Ben", rank=1)
    line = strings["\x04{clue} (the card marked ▲)? Enter gives it, Esc goes back."].format(clue=rank, n=1)
    assert line.startswith("提示Ben：数字1")
    assert "标▲的1张牌" in line and "按 Enter 确认" in line


# The keys of each game's screen (tui/games/<game>/screen.py) and the shared ones (? r l q z, screens/turn.py)
# that its rulebook's key section must name, in English and in Chinese.
KEYS: dict[str, tuple[str, ...]] = {
    "hanabi": ("p", "d", "c", "n", "k", "l", "r", "?", "q", "z", "Esc", "Enter"),
    "luz": ("b", "s", "t", "l", "r", "?", "q", "z", "Esc", "Enter"),
    "splendor_duel": ("Tab", "Space", "Enter", "b", "v", "p", "f", "x", "g", "l", "r", "?", "q", "z", "Esc"),
    "lifeboat": ("d", "o", "s", "b", "m", "u", "f", "t", "y", "n", "a", "x", "c", "p", "h", "l", "r", "q", "z", "Esc"),
}


@pytest.mark.parametrize("language", ["", ".zh"])
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_name_every_key(game: str, language: str) -> None:
    text = (RULES / f"{game}{language}.md").read_text(encoding="utf-8")
    section = re.split(r"^## (?:Keys|按键)\s*$", text, flags=re.M)
    keys_text = section[-1] if len(section) > 1 else text
    # a Chinese rulebook calls the space bar 空格 (the key bar does too); other key names are as on the key
    shown = {"Space": "空格"} if language else {}
    missing = [key for key in KEYS[game] if f"`{shown.get(key, key)}`" not in keys_text]
    assert not missing, f"{game}{language}.md does not name {missing}"
