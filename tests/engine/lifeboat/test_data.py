"""The component data carried over into assets/lifeboat/components.json: counts, values, the navigation
deck's icons, and the two disputed navigation cards as a data choice."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from boardgames_tui.engine.lifeboat.data import (
    CARD_KEY,
    CARD_WEAPON,
    CHARACTERS,
    DISPUTED_IDS,
    JEWEL_POINTS,
    NAVIGATION_ALTERNATIVE,
    NAVIGATION_MAJORITY,
    SEAGULLS_TO_END,
    SIZE,
    SUPPLY_COUNT,
    SURVIVAL,
    navigation_cards,
)

# The facts gathered from the game's sources, kept with the tests (tests/data/reference/README.md).
REFERENCE = Path(__file__).parents[2] / "data" / "reference" / "lifeboat" / "components.json"


def test_component_counts() -> None:
    assert len(CHARACTERS) == 6
    assert SUPPLY_COUNT == 42
    assert len(NAVIGATION_MAJORITY) == 24 == len(NAVIGATION_ALTERNATIVE)
    assert SUPPLY_COUNT + len(NAVIGATION_MAJORITY) + 6 * 4 == 90  # + characters, seats, love, hate cards
    assert SEAGULLS_TO_END == 4


def test_characters() -> None:
    assert [c.name for c in CHARACTERS] == ["Lady Lauren", "Sir Stephen", "The Captain", "First Mate", "Frenchy", "The Kid"]
    assert SIZE == (4, 5, 7, 8, 6, 3)
    assert SURVIVAL == (8, 7, 5, 4, 6, 9)
    assert [c.ability for c in CHARACTERS] == [
        "double_jewels", "double_paintings", "double_cash", "none", "swimmer", "pickpocket",
    ]  # fmt: skip
    assert [c.start_position for c in CHARACTERS] == [1, 2, 3, 4, 5, 6]


def test_supply_cards() -> None:
    counts = Counter(CARD_KEY)
    assert counts == {
        "water": 16, "bundle_of_cash": 6, "jewels": 3, "painting_3": 2, "painting_2": 1, "medical_kit": 3,
        "oar": 2, "blackjack": 1, "knife": 1, "gaffing_hook": 1, "flare_gun": 1, "bucket_of_chum": 2,
        "life_preserver": 1, "compass": 1, "parasol": 1,
    }  # fmt: skip
    weapons = {CARD_KEY[c]: CARD_WEAPON[c] for c in range(SUPPLY_COUNT) if CARD_WEAPON[c]}
    assert weapons == {"oar": 1, "blackjack": 2, "knife": 3, "gaffing_hook": 4, "flare_gun": 8}
    assert JEWEL_POINTS == (0, 1, 4, 8)


def test_navigation_icons() -> None:
    deck = NAVIGATION_MAJORITY
    assert sum(c.bird == 1 for c in deck) == 7
    assert sum(c.bird == -1 for c in deck) == 1
    assert sum(c.rowers_thirsty for c in deck) == 11
    assert sum(c.fighters_thirsty for c in deck) == 12
    overboard = Counter()
    for c in deck:
        if len(c.overboard) == 6:
            overboard["everyone"] += 1
        elif not c.overboard:
            overboard["nobody"] += 1
        else:
            overboard.update(CHARACTERS[x].key for x in c.overboard)
    assert overboard == {
        "captain": 4, "first_mate": 4, "frenchy": 4, "sir_stephen": 4, "kid": 4, "lady_lauren": 1,
        "everyone": 2, "nobody": 1,
    }  # fmt: skip
    assert (deck[23].overboard, deck[23].thirsty, deck[23].bird) == ((), (), 1)
    assert deck[17].bird == -1


def test_disputed_cards_are_a_data_choice() -> None:
    assert DISPUTED_IDS == ("N11", "N18")
    major, alt = navigation_cards("majority"), navigation_cards("alternative")
    diff = [m.id for m, a in zip(major, alt) if m != a]
    assert diff == ["N11", "N18"]
    names = lambda card: sorted(CHARACTERS[x].key for x in card.thirsty)  # noqa: E731
    assert names(major[10]) == sorted(["sir_stephen", "captain", "first_mate", "frenchy", "kid"])
    assert names(alt[10]) == sorted(["captain", "first_mate", "frenchy", "kid"])
    assert len(major[17].thirsty) == 6
    assert names(alt[17]) == sorted(["lady_lauren", "sir_stephen", "captain", "first_mate", "frenchy"])
    for m, a in zip(major, alt):  # everything else about them is the same
        assert (m.overboard, m.bird, m.rowers_thirsty, m.fighters_thirsty) == (
            a.overboard, a.bird, a.rowers_thirsty, a.fighters_thirsty,
        )  # fmt: skip


def test_same_facts_as_the_reference() -> None:
    ref = json.loads(REFERENCE.read_text(encoding="utf-8"))
    for rc, c in zip(ref["characters"], CHARACTERS, strict=True):
        assert (rc["key"], rc["size"], rc["survival"], rc["start_seat"]) == (
            c.key, c.size, c.survival, c.start_position,
        )  # fmt: skip
    assert Counter(CARD_KEY) == {s["key"]: s["count"] for s in ref["supply_cards"]}
    for rs in ref["supply_cards"]:
        c = CARD_KEY.index(rs["key"])
        assert CARD_WEAPON[c] == rs["size_bonus"]
    for rn, c in zip(ref["navigation_cards"], NAVIGATION_MAJORITY, strict=True):
        assert rn["id"] == c.id
        assert sorted(rn["overboard"]) == sorted(CHARACTERS[x].key for x in c.overboard)
        assert sorted(rn["thirsty"]) == sorted(CHARACTERS[x].key for x in c.thirsty)
        assert (rn["bird"], rn["fighters_thirsty"], rn["rowers_thirsty"]) == (
            c.bird, c.fighters_thirsty, c.rowers_thirsty,
        )  # fmt: skip
