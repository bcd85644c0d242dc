"""Splendor Duel's component data: loaded from assets/splendor_duel/cards.json and validated at import.

Token colours are indices everywhere in the engine: 0 white, 1 blue, 2 green, 3 red, 4 black (the five
gems), 5 pearl, 6 gold. A jewel card's bonus colour is a gem index, JOKER (copies the colour of an owned
card it is attached to) or NO_COLOUR (points-only card).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..assets import asset_path

WHITE, BLUE, GREEN, RED, BLACK, PEARL, GOLD = range(7)
GEMS: tuple[int, ...] = (WHITE, BLUE, GREEN, RED, BLACK)
TOKEN_NAMES: tuple[str, ...] = ("white", "blue", "green", "red", "black", "pearl", "gold")
TOKEN_LETTERS: tuple[str, ...] = ("W", "B", "G", "R", "K", "P", "Y")  # K black, Y gold
JOKER = 7
NO_COLOUR = 8
Ability = Literal["extra_turn", "copy_color", "take_token", "take_privilege", "steal_token"]
ColourName = Literal["white", "blue", "green", "red", "black"]


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class JewelCardData(_Strict):
    id: int = Field(ge=1)
    level: Literal[1, 2, 3]
    bonus_colour: ColourName | Literal["joker"] | None
    bonus: int = Field(ge=0, le=2)
    points: int = Field(ge=0)
    crowns: int = Field(ge=0)
    abilities: tuple[Ability, ...]
    cost: dict[Literal["white", "blue", "green", "red", "black", "pearl"], int]

    @model_validator(mode="after")
    def _consistent(self) -> "JewelCardData":
        if (self.bonus_colour is None) != (self.bonus == 0):
            raise ValueError(f"card {self.id}: points-only cards (and only they) have no bonus")
        if (self.bonus_colour == "joker") != ("copy_color" in self.abilities):
            raise ValueError(f"card {self.id}: joker cards (and only they) copy a colour")
        if any(v <= 0 for v in self.cost.values()):
            raise ValueError(f"card {self.id}: costs are positive (zeros are omitted)")
        return self


class RoyalCardData(_Strict):
    id: int = Field(ge=1)
    points: int = Field(ge=0)
    abilities: tuple[Literal["extra_turn", "take_privilege", "steal_token"], ...]


class ComponentData(_Strict):
    format: str
    token_colours: tuple[str, ...]
    tokens: dict[Literal["white", "blue", "green", "red", "black", "pearl", "gold"], int]
    privileges: int
    board_size: Literal[5]
    board_spiral: tuple[tuple[int, int], ...]
    face_up: dict[Literal["1", "2", "3"], int]
    jewel_cards: tuple[JewelCardData, ...]
    royal_cards: tuple[RoyalCardData, ...]

    @model_validator(mode="after")
    def _consistent(self) -> "ComponentData":
        if self.token_colours != TOKEN_NAMES:
            raise ValueError("token colours must be " + ", ".join(TOKEN_NAMES))
        cells = sorted(self.board_spiral)
        if cells != [(r, c) for r in range(5) for c in range(5)]:
            raise ValueError("the spiral must visit every cell of the 5x5 board once")
        if sum(self.tokens.values()) != 25:
            raise ValueError("the board holds 25 tokens")
        ids = [c.id for c in self.jewel_cards]
        if ids != list(range(1, len(ids) + 1)):
            raise ValueError("jewel card ids must be 1..N in order")
        return self


@dataclass(frozen=True, slots=True)
class Card:
    """A jewel card in the engine's fast form."""

    id: int
    level: int
    colour: int  # gem index, JOKER or NO_COLOUR
    bonus: int
    points: int
    crowns: int
    abilities: tuple[str, ...]
    cost: tuple[int, ...]  # 6 entries: five gems then pearls


@dataclass(frozen=True, slots=True)
class Royal:
    id: int
    points: int
    abilities: tuple[str, ...]


def _load() -> ComponentData:
    with open(asset_path("splendor_duel", "cards.json"), encoding="utf-8") as fh:
        return ComponentData.model_validate(json.load(fh))


DATA = _load()


def _colour(name: str | None) -> int:
    if name is None:
        return NO_COLOUR
    if name == "joker":
        return JOKER
    return TOKEN_NAMES.index(name)


CARDS: dict[int, Card] = {
    c.id: Card(
        id=c.id,
        level=c.level,
        colour=_colour(c.bonus_colour),
        bonus=c.bonus,
        points=c.points,
        crowns=c.crowns,
        abilities=c.abilities,
        cost=tuple(c.cost.get(TOKEN_NAMES[i], 0) for i in range(6)),  # type: ignore[call-overload]
    )
    for c in DATA.jewel_cards
}
ROYALS: dict[int, Royal] = {r.id: Royal(id=r.id, points=r.points, abilities=r.abilities) for r in DATA.royal_cards}
CARDS_BY_LEVEL: tuple[tuple[int, ...], ...] = tuple(
    tuple(c.id for c in DATA.jewel_cards if c.level == lv) for lv in (1, 2, 3)
)
FACE_UP: tuple[int, ...] = (DATA.face_up["1"], DATA.face_up["2"], DATA.face_up["3"])
SPIRAL: tuple[int, ...] = tuple(r * 5 + c for r, c in DATA.board_spiral)  # cell = row * 5 + col
TOKEN_COUNTS: tuple[int, ...] = tuple(DATA.tokens[n] for n in TOKEN_NAMES)  # type: ignore[index]
PRIVILEGES: int = DATA.privileges
