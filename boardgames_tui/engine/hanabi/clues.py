"""Which cards a clue touches. Shared by the rules and by the screen that previews a clue."""

from __future__ import annotations

from .models import BLACK, MULTI, Card, ColourClue, NumberClue


def clue_touches(card: Card, clue: ColourClue | NumberClue, avalanche: bool) -> bool:
    if isinstance(clue, NumberClue):
        return card.rank == clue.rank
    if card.suit == BLACK:
        return False  # nothing names black, and no colour clue touches it
    if card.suit == clue.suit:
        return True
    return avalanche and card.suit == MULTI
