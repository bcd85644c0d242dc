"""The legend of the card symbols on the Splendor Duel turn screen (`g`, in the players' place)."""

from __future__ import annotations

from .. import render
from .part import TablePart


class SymbolsLegend(TablePart):
    """What every mark on the cards and the players' lines means, and the token letters."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(render.symbols_legend(), id=id)
