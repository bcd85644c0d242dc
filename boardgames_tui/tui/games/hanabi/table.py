"""Hanabi's read-only table (one seat's View, or the public one) and the reveal of a finished game.

Nothing here selects, prompts or takes keys: replays and the results screen show these as they are."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ....engine.hanabi.models import Card, HanabiView
from ....engine.hanabi.reveal import HanabiRevealed
from ....i18n import _, ngettext
from ...text import plain
from ...widgets.cards import card_face
from . import render
from ....narration.hanabi import HanabiNarrator

CARDS_PER_ROW = 10  # deck cards per line of the reveal: 10 cards of CARD_WIDTH and gaps fit 80 columns


def _name_width(names: list[str]) -> int:
    """A name column wide enough for every name whole (names are never cut)."""
    return max(render.NAME_WIDTH, max((cell_len(name) for name in names), default=0) + 3)


def table(view: HanabiView, narrator: HanabiNarrator) -> RenderableType:
    """The table as `view` shows it: the tokens, fireworks and discards, and every hand. Another player's
    hand shows its cards and what its holder was told; the viewer's own hand (and every hand on the public
    table) shows only what clues say."""
    over = view.phase == "over"
    if over:
        heading = _("Game over")
    else:
        heading = _("Turn {turn} · {name} to play").format(turn=view.turn + 1, name=view.players[view.current])
    parts: list[RenderableType] = [
        plain(heading, style="bold"),
        render.status_line(view),
        render.fireworks_panel(view),
        render.discard_panel(view),
    ]
    bonus = render.bonus_panel(view)
    if bonus is not None:
        parts.append(bonus)
    convention = None
    if view.options.convention != "none":
        convention = narrator.option_choice("convention", view.options.convention)
    legend = render.legend_and_convention(view, convention)
    if legend is not None:
        parts.append(legend)
    width = _name_width(list(view.players))
    for hand in view.hands:
        parts.append(Text())
        if hand.seat == view.seat:
            parts.append(plain(_("You: {name}").format(name=hand.name), style="bold underline"))
            parts.append(render.own_hand(view, hand, None, name_width=width))
        else:
            parts.append(render.other_hand(view, hand, None, current=not over and hand.seat == view.current, name_width=width))
    return Group(*parts)


def public_table(view: HanabiView) -> RenderableType:
    """The table as the whole table may see it, from the public View: the tokens, fireworks and discards, and
    what each player has been told, but no card of any hand. Anyone may look at it on the handoff screen (`t`)
    while the device waits for the next player, or while computers play."""
    if view.seat is not None:
        raise ValueError("the public table is drawn from the public View only")
    return table(view, HanabiNarrator(view.players))


def _card_row(label: Text | None, cards: list[Card], width: int = 0) -> Table:
    """`label` (if any), then the cards' faces (colour and code, e.g. R3) left to right."""
    row = Table.grid(padding=(0, 1))
    cells: list[RenderableType] = []
    if label is not None:
        row.add_column(width=width, no_wrap=True, overflow="ellipsis")
        cells.append(label)
    for _card in cards:
        row.add_column(width=render.CARD_WIDTH)
    row.add_row(*cells, *(card_face(card.suit, card.rank, width=render.CARD_WIDTH) for card in cards))
    return row


def reveal(revealed: HanabiRevealed, narrator: HanabiNarrator) -> RenderableType:
    """Every hand's cards in slot order (slot 1 on the left, as the players held them), and what was left
    in the deck, next card first."""
    names = list(revealed.players)
    width = _name_width(names)
    parts: list[RenderableType] = [Text(_("The hands, face up"), style="bold")]
    for seat, hand in enumerate(revealed.hands):
        parts.append(_card_row(plain(names[seat], style="bold"), list(hand), width))
    deck = list(revealed.deck)
    if deck:
        parts.append(Text())
        count = len(deck)
        parts.append(
            Text(ngettext("Left in the deck: {n} card, next first", "Left in the deck: {n} cards, next first", count).format(n=count), style="bold")
        )
        for start in range(0, count, CARDS_PER_ROW):
            parts.append(_card_row(None, deck[start : start + CARDS_PER_ROW]))
    else:
        parts.append(Text(_("The deck is empty."), style="dim"))
    return Group(*parts)

