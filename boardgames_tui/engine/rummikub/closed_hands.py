"""International Rummikub: what a closed win scores, by hand type, kept as data in closed_hands.json.

The seed's table of closed-hand types (shared/seeds/004_053a4b348d682711.txt, end of the International
part) is cut off and could not be found. closed_hands.json holds our stand-in, marked `stand_in`: one type
that fits every closed hand and scores 200 plus the face value of the laid tiles. To add the real table,
list its types in the JSON; a type's `condition` names a test in CONDITIONS below (add one per new kind of
hand). A hand that fits several types scores the highest of them, as the seed says.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pydantic import Field, field_validator

from ..base import FrozenModel

__all__ = ["ClosedHand", "ClosedHandType", "ClosedHandTable", "CONDITIONS", "TABLE", "closed_hand_score"]

DATA = Path(__file__).with_name("closed_hands.json")


class ClosedHand(FrozenModel):
    """A closed win's hand: the melds laid in the winning turn (tile ids) and their face value."""

    melds: tuple[tuple[int, ...], ...]
    face_value: int  # 1 counts 1, a joker the number it stands for


# condition name -> does the hand fit it
CONDITIONS: dict[str, Callable[[ClosedHand], bool]] = {
    "any": lambda hand: True,
}


class ClosedHandType(FrozenModel):
    id: str
    name: str
    condition: str
    base: int = Field(ge=0)
    plus_face_value: bool = False

    @field_validator("condition")
    @classmethod
    def _known(cls, value: str) -> str:
        if value not in CONDITIONS:
            raise ValueError(f"unknown closed-hand condition {value!r} (known: {', '.join(CONDITIONS)})")
        return value

    def points(self, hand: ClosedHand) -> int:
        return self.base + (hand.face_value if self.plus_face_value else 0)


class ClosedHandTable(FrozenModel):
    stand_in: bool  # True while the table is our stand-in, not the real one
    about: str
    hand_types: tuple[ClosedHandType, ...] = Field(min_length=1)


TABLE: ClosedHandTable = ClosedHandTable.model_validate_json(DATA.read_text(encoding="utf-8"))


def closed_hand_score(hand: ClosedHand, table: ClosedHandTable = TABLE) -> tuple[int, ClosedHandType]:
    """The points of a closed win and the hand type they come from (the best fitting type)."""
    fitting = [t for t in table.hand_types if CONDITIONS[t.condition](hand)]
    if not fitting:
        raise ValueError("no closed-hand type fits this hand: the table needs a type for every hand")
    best = max(fitting, key=lambda t: t.points(hand))
    return best.points(hand), best
