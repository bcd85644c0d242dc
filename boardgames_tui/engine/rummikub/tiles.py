"""Rummikub tiles and sets, shared by every Rummikub rule set (standard, American, International).

A set on the table is an ordered tuple of tile ids. Whether it is a valid run or group, and what each
joker in it stands for, is worked out here from the tiles alone plus the rule set's run rule.
"""

from __future__ import annotations

from typing import Literal

from ..base import FrozenModel

# Colour letters. Colour is never the only signal on screen.
BLACK, RED, BLUE, ORANGE = "K", "R", "B", "O"
COLOURS: tuple[str, ...] = (BLACK, RED, BLUE, ORANGE)
JOKER = "J"
NUMBERS: tuple[int, ...] = tuple(range(1, 14))
JOKER_PENALTY = 30  # a joker left on a rack counts 30
TILE_COUNT = 106

# Where 1 may stand in a run: "low" (1-2-3 only: the standard game) or "low_or_high" (also 12-13-1: American).
OneInRuns = Literal["low", "low_or_high"]


class Tile(FrozenModel):
    id: int  # 0..105; unique
    colour: str  # one of COLOURS, or JOKER
    number: int  # 1..13; 0 for a joker

    @property
    def is_joker(self) -> bool:
        return self.colour == JOKER

    @property
    def label(self) -> str:
        return "J" if self.is_joker else f"{self.colour}{self.number}"


def full_tile_set() -> tuple[Tile, ...]:
    """The 106 tiles: 1-13 in four colours, twice, and two jokers. A tile's id is its index here."""
    tiles: list[Tile] = []
    for _copy in range(2):
        for colour in COLOURS:
            for number in NUMBERS:
                tiles.append(Tile(id=len(tiles), colour=colour, number=number))
    tiles.append(Tile(id=len(tiles), colour=JOKER, number=0))
    tiles.append(Tile(id=len(tiles), colour=JOKER, number=0))
    return tuple(tiles)


TILES: tuple[Tile, ...] = full_tile_set()


class JokerMeaning(FrozenModel):
    """What one joker in a set stands for."""

    tile: int  # the joker's tile id
    colour: str | None  # None in a group while the missing colour is still open
    number: int
