"""High card's read-only drawings (a real game's tui/games/<id>/table.py): the table as one View shows it,
the public table anyone may watch, and what was hidden, once the game is over. Rich renderables only: the
turn screen, the handoff screen (`t`), the watch screen and the results screen draw them."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from boardgames_tui.i18n import _

from .narration import NARRATOR, HighCardNarrator, cards_text


def table(view: Any, narrator: HighCardNarrator) -> RenderableType:
    """The trick in progress, the tricks won and the hand sizes; the seat's own cards for a seat's View."""
    lines = [Text(narrator.say_position_trick(view.trick, view.options.hand_size), style="bold")]
    if view.table:
        lines.append(Text(_("On the table: {card} led by {name}").format(card=view.table[0], name=narrator.name(view.leader))))
    for seat, name in enumerate(view.players):
        lines.append(
            Text(_("{name} · tricks: {tricks} · cards in hand: {cards}").format(
                name=name, tricks=view.tricks[seat], cards=view.hand_sizes[seat]
            ))
        )
    if view.seat is not None:
        lines.append(Text(_("Your cards: {cards}").format(cards=cards_text(view.hand) or "-"), style="bold"))
    return Group(*lines)


def public_table(view: Any) -> RenderableType:
    """The table from the public View only (a seat's View is refused: it holds a hand)."""
    if view.seat is not None:
        raise ValueError("the public table is drawn from the public View only")
    return table(view, NARRATOR(view.players))


def reveal(revealed: Any, narrator: HighCardNarrator) -> RenderableType:
    """Both hands as dealt and the cards nobody saw."""
    lines = [
        Text(_("{name} was dealt {cards}").format(name=narrator.name(seat), cards=cards_text(hand)))
        for seat, hand in enumerate(revealed.dealt)
    ]
    lines.append(Text(_("Never dealt: {cards}").format(cards=cards_text(revealed.undealt))))
    return Group(*lines)
