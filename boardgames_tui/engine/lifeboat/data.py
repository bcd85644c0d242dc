"""Lifeboat's component data: loaded from assets/lifeboat/components.json and validated at import.

Indices used everywhere in the engine:
- characters 0..5 in the standard bow-to-stern order: Lady Lauren, Sir Stephen, The Captain, First Mate,
  Frenchy, The Kid (CHARACTERS[i]);
- supply cards 0..41, grouped by type in the data order (16 Water first, then Bundles of Cash, ...);
  CARD_TYPE[card] is the index of its type in SUPPLY_TYPES;
- navigation cards 0..23 (N01..N24).
The two navigation cards whose thirst lists differ between sources (N11, N18) have an alternative reading
chosen with LifeboatOptions.disputed_cards (see `navigation_cards`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..assets import asset_path

CharacterKey = Literal["lady_lauren", "sir_stephen", "captain", "first_mate", "frenchy", "kid"]
CHARACTER_KEYS: tuple[str, ...] = ("lady_lauren", "sir_stephen", "captain", "first_mate", "frenchy", "kid")
Ability = Literal["double_jewels", "double_paintings", "double_cash", "none", "swimmer", "pickpocket"]
Effect = Literal[
    "water", "cash", "jewels", "painting", "medical_kit", "oar", "weapon", "flare_gun", "chum",
    "life_preserver", "compass", "parasol",
]  # fmt: skip


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CharacterData(_Strict):
    key: CharacterKey
    name: str
    size: int = Field(ge=1)
    survival: int = Field(ge=0)
    start_position: int = Field(ge=1, le=6)
    ability: Ability
    ability_text: str


class SupplyCardData(_Strict):
    key: str
    name: str
    count: int = Field(ge=1)
    effect: Effect
    weapon: int = Field(ge=0)
    points: int = Field(ge=0)
    text: str


class NavigationCardData(_Strict):
    id: str
    overboard: tuple[CharacterKey, ...]
    thirsty: tuple[CharacterKey, ...]
    bird: Literal[-1, 0, 1]
    fighters_thirsty: bool
    rowers_thirsty: bool


class DisputedReading(_Strict):
    id: str
    thirsty: tuple[CharacterKey, ...]


class ComponentData(_Strict):
    format: str
    seagulls_to_end: int = Field(ge=1)
    jewel_points_by_count: tuple[int, ...]
    characters: tuple[CharacterData, ...]
    supply_cards: tuple[SupplyCardData, ...]
    navigation_cards: tuple[NavigationCardData, ...]
    disputed_navigation: tuple[DisputedReading, ...]

    @model_validator(mode="after")
    def _consistent(self) -> "ComponentData":
        if tuple(c.key for c in self.characters) != CHARACTER_KEYS:
            raise ValueError("characters must be listed bow to stern: " + ", ".join(CHARACTER_KEYS))
        if [c.start_position for c in self.characters] != list(range(1, 7)):
            raise ValueError("start positions must be 1..6 in order")
        keys = [c.key for c in self.supply_cards]
        if len(set(keys)) != len(keys):
            raise ValueError("supply card keys must be unique")
        ids = [n.id for n in self.navigation_cards]
        if ids != [f"N{i:02d}" for i in range(1, len(ids) + 1)]:
            raise ValueError("navigation card ids must be N01..NNN in order")
        for d in self.disputed_navigation:
            if d.id not in ids:
                raise ValueError(f"disputed card {d.id} is not a navigation card")
        if len(self.jewel_points_by_count) < 2 or self.jewel_points_by_count[0] != 0:
            raise ValueError("jewel points start with 0 for no jewels")
        for c in self.supply_cards:
            if (c.weapon > 0) != (c.effect in ("oar", "weapon", "flare_gun")):
                raise ValueError(f"{c.key}: weapons (and only they) have a weapon bonus")
        return self


def _load() -> ComponentData:
    with open(asset_path("lifeboat", "components.json"), encoding="utf-8") as fh:
        return ComponentData.model_validate(json.load(fh))


DATA = _load()

# Characters --------------------------------------------------------------------------------------------

LADY_LAUREN, SIR_STEPHEN, CAPTAIN, FIRST_MATE, FRENCHY, KID = range(6)
CHARACTERS: tuple[CharacterData, ...] = DATA.characters
CHARACTER_INDEX: dict[str, int] = {c.key: i for i, c in enumerate(CHARACTERS)}
SIZE: tuple[int, ...] = tuple(c.size for c in CHARACTERS)
SURVIVAL: tuple[int, ...] = tuple(c.survival for c in CHARACTERS)
SEAGULLS_TO_END: int = DATA.seagulls_to_end
JEWEL_POINTS: tuple[int, ...] = DATA.jewel_points_by_count

# Supply cards ------------------------------------------------------------------------------------------

SUPPLY_TYPES: tuple[SupplyCardData, ...] = DATA.supply_cards
TYPE_INDEX: dict[str, int] = {c.key: i for i, c in enumerate(SUPPLY_TYPES)}
CARD_TYPE: tuple[int, ...] = tuple(t for t, c in enumerate(SUPPLY_TYPES) for _ in range(c.count))
SUPPLY_COUNT = len(CARD_TYPE)
CARD_KEY: tuple[str, ...] = tuple(SUPPLY_TYPES[t].key for t in CARD_TYPE)
CARD_EFFECT: tuple[str, ...] = tuple(SUPPLY_TYPES[t].effect for t in CARD_TYPE)
CARD_WEAPON: tuple[int, ...] = tuple(SUPPLY_TYPES[t].weapon for t in CARD_TYPE)
CARD_POINTS: tuple[int, ...] = tuple(SUPPLY_TYPES[t].points for t in CARD_TYPE)


def cards_of(effect: str) -> tuple[int, ...]:
    return tuple(c for c in range(SUPPLY_COUNT) if CARD_EFFECT[c] == effect)


WATER = cards_of("water")
MEDICAL_KITS = cards_of("medical_kit")
CHUMS = cards_of("chum")
(LIFE_PRESERVER,) = cards_of("life_preserver")
(COMPASS,) = cards_of("compass")
(PARASOL,) = cards_of("parasol")
(FLARE_GUN,) = cards_of("flare_gun")
OARS = cards_of("oar")

# Navigation cards --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NavCard:
    """A navigation card in the engine's fast form (character indices)."""

    index: int
    id: str
    overboard: tuple[int, ...]
    thirsty: tuple[int, ...]
    bird: int  # 1 a seagull, 0 none, -1 a crossed-out bird (removes one)
    fighters_thirsty: bool
    rowers_thirsty: bool

    @property
    def everyone_overboard(self) -> bool:
        return len(self.overboard) == len(CHARACTERS)


def _nav(index: int, d: NavigationCardData, thirsty: tuple[str, ...] | None = None) -> NavCard:
    return NavCard(
        index=index,
        id=d.id,
        overboard=tuple(sorted(CHARACTER_INDEX[k] for k in d.overboard)),
        thirsty=tuple(sorted(CHARACTER_INDEX[k] for k in (d.thirsty if thirsty is None else thirsty))),
        bird=d.bird,
        fighters_thirsty=d.fighters_thirsty,
        rowers_thirsty=d.rowers_thirsty,
    )


NAVIGATION_MAJORITY: tuple[NavCard, ...] = tuple(_nav(i, d) for i, d in enumerate(DATA.navigation_cards))
_ALT = {d.id: d.thirsty for d in DATA.disputed_navigation}
NAVIGATION_ALTERNATIVE: tuple[NavCard, ...] = tuple(
    _nav(i, d, _ALT.get(d.id)) for i, d in enumerate(DATA.navigation_cards)
)
NAVIGATION_COUNT = len(NAVIGATION_MAJORITY)
DISPUTED_IDS: tuple[str, ...] = tuple(d.id for d in DATA.disputed_navigation)


def navigation_cards(disputed: str = "majority") -> tuple[NavCard, ...]:
    """The navigation deck's contents for the LifeboatOptions.disputed_cards setting."""
    return NAVIGATION_ALTERNATIVE if disputed == "alternative" else NAVIGATION_MAJORITY

