"""The card data carried over into assets/splendor_duel/cards.json: totals, royal cards, spiral, tokens."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from boardgames_tui.engine.splendor_duel.data import (
    CARDS,
    CARDS_BY_LEVEL,
    FACE_UP,
    JOKER,
    NO_COLOUR,
    PRIVILEGES,
    ROYALS,
    SPIRAL,
    TOKEN_COUNTS,
    TOKEN_NAMES,
)

# The facts gathered from the game's sources, kept with the tests (tests/data/reference/README.md).
REFERENCE = Path(__file__).parents[2] / "data" / "reference" / "splendor_duel" / "cards.json"


def test_card_totals() -> None:
    assert len(CARDS) == 67
    assert [len(ids) for ids in CARDS_BY_LEVEL] == [30, 24, 13]
    cards = CARDS.values()
    assert sum(c.crowns for c in cards) == 28
    assert sum(c.points for c in cards) == 92
    assert sum(c.bonus for c in cards) == 69
    assert sum(1 for c in cards if c.colour == JOKER) == 9
    assert sum(1 for c in cards if c.colour == NO_COLOUR) == 3
    assert sum(1 for c in cards if c.colour < 5) == 55
    assert sum(1 for c in cards if c.cost[5]) == 29
    abilities = Counter(a for c in cards for a in c.abilities)
    assert abilities == {"extra_turn": 6, "copy_color": 9, "take_token": 5, "take_privilege": 5, "steal_token": 5}
    # every gem colour has the same number of cards and bonuses
    for colour in range(5):
        assert sum(1 for c in cards if c.colour == colour) == 11
        assert sum(c.bonus for c in cards if c.colour == colour) == 12


def test_specific_cards() -> None:
    assert CARDS[1].cost == (0, 1, 1, 1, 1, 0) and CARDS[1].colour == 0 and CARDS[1].level == 1
    assert CARDS[65].abilities == ("copy_color", "extra_turn") and CARDS[65].cost == (0, 0, 0, 8, 0, 0)
    assert CARDS[66].crowns == 3 and CARDS[66].colour == JOKER
    assert CARDS[67].colour == NO_COLOUR and CARDS[67].points == 6 and CARDS[67].bonus == 0
    assert CARDS[34].bonus == 2 and CARDS[34].colour == 0


def test_royal_cards() -> None:
    assert sorted((r.points, r.abilities) for r in ROYALS.values()) == [
        (2, ("extra_turn",)),
        (2, ("steal_token",)),
        (2, ("take_privilege",)),
        (3, ()),
    ]


def test_tokens_and_pyramid() -> None:
    assert dict(zip(TOKEN_NAMES, TOKEN_COUNTS)) == {
        "white": 4, "blue": 4, "green": 4, "red": 4, "black": 4, "pearl": 2, "gold": 3,
    }
    assert sum(TOKEN_COUNTS) == 25 and PRIVILEGES == 3
    assert FACE_UP == (5, 4, 3)


def test_spiral_order() -> None:
    cells = [(c // 5, c % 5) for c in SPIRAL]
    assert cells[0] == (2, 2), "the spiral starts at the centre"
    assert sorted(cells) == [(r, c) for r in range(5) for c in range(5)]
    for (r1, c1), (r2, c2) in zip(cells, cells[1:]):
        assert abs(r1 - r2) + abs(c1 - c2) == 1, "each step goes to an orthogonal neighbour"
    # down, left, up x2, right x2, down x3, left x3, up x4, right x4, down x4
    moves = "".join(
        {(1, 0): "d", (-1, 0): "u", (0, 1): "r", (0, -1): "l"}[(r2 - r1, c2 - c1)]
        for (r1, c1), (r2, c2) in zip(cells, cells[1:])
    )
    assert moves == "dluurrdddllluuuurrrrdddd"


def test_same_facts_as_the_reference() -> None:
    ref = json.loads(REFERENCE.read_text(encoding="utf-8"))
    assert sorted(rc["id"] for rc in ref["jewel_cards"]) == sorted(CARDS)  # every card, each once
    for rc in ref["jewel_cards"]:
        c = CARDS[rc["id"]]
        colour = rc["color"]
        assert c.level == rc["level"] and c.bonus == rc["bonus"]
        assert c.points == rc["points"] and c.crowns == rc["crowns"]
        assert c.abilities == tuple(rc["ability"])
        assert c.cost == tuple(rc["cost"][n] for n in TOKEN_NAMES[:6])
        assert c.colour == (NO_COLOUR if colour is None else JOKER if colour == "joker" else TOKEN_NAMES.index(colour))
    assert [(r["points"], tuple(r["ability"])) for r in ref["royal_cards"]] == [
        (ROYALS[i].points, ROYALS[i].abilities) for i in (1, 2, 3, 4)
    ]
    assert [r * 5 + c for r, c in ref["board_spiral"]] == list(SPIRAL)
