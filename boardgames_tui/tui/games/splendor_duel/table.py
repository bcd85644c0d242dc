"""Splendor Duel's read-only table (one seat's View, or the public one) and the reveal of a finished game.

Nothing here selects, prompts or takes keys: replays and the results screen show these as they are."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ....engine.splendor_duel.data import CARDS
from ....engine.splendor_duel.models import SplendorDuelView
from ....engine.splendor_duel.reveal import SplendorDuelRevealed
from ....i18n import _, ngettext, pgettext
from ....narration import Narrator
from ...text import Paragraph, plain
from . import render
from ....narration.splendor_duel import card_text



def table(view: SplendorDuelView, narrator: Narrator) -> RenderableType:
    """The table as `view` shows it: the board, the bag and privileges, the royal cards, the three levels
    of cards with their decks, the viewer's own reserved cards (none on the public table) and both
    players, the opponent's reserved cards as backs only."""
    if view.phase == "over":
        heading = plain(_("Game over"), style="bold")
    else:
        name = view.players[view.current]
        heading = plain(pgettext("splendor duel", "Turn {t} · {name} to play").format(t=view.turn + 1, name=name), style="bold")
    cards = render.pyramid_lines(view, None, clickable=False)  # shown on screens with no cursor to move
    if view.seat is None:
        # The last line is a seat's own reserved cards: the public table has no seat to show them for
        # (with none to show, pyramid_lines gives them that one line).
        cards = Text("\n").join(cards.split("\n")[:-1])
    left = Group(render.board_lines(view, None, (), clickable=False), Text(), render.supply_line(view), render.royals_line(view))
    top = Table.grid(padding=(0, 2))
    top.add_column(no_wrap=True)
    top.add_column(no_wrap=True)
    top.add_row(left, cards)
    return Group(heading, top, Text(), render.players_lines(view), Text(), render.legend())


def reveal(revealed: SplendorDuelRevealed, narrator: Narrator) -> RenderableType:
    """Each player's reserved cards, face up, those taken blind from a deck marked as such."""
    blind = revealed.blind
    parts: list[RenderableType] = [
        Text(_("Reserved cards, face up"), style="bold") + Text(" · " + _("the pictures show what each cost its holder"))
    ]
    for seat, name in enumerate(revealed.players):
        player = revealed.seats[seat]  # as its holder sees it: costs after their bonuses
        reserved = player.reserved or ()
        count = len(reserved)
        head = plain(name, style="bold")
        head.append(" · " + ngettext("{n} reserved card", "{n} reserved cards", count).format(n=count))
        parts.append(head)
        if not reserved:
            continue
        blocks = [render.card_block(card, player, at_cursor=False, mark_affordable=False) for card in reserved]
        rows = [Text(" ").join(block[row] for block in blocks) for row in range(3)]
        parts += rows
        for card in reserved:
            said = _("{card}, printed cost {cost}").format(card=card_text(card), cost=render.cost_text(CARDS[card].cost))
            words = Text(said)
            if card in blind:
                words.append("  ▒ " + _("reserved face down from the deck"), style="bold")
            parts.append(Paragraph(words, bullet="  · "))
    return Group(*parts)


def public_table(view: Any) -> RenderableType:
    """The table as everyone may see it (the public View: no hand, no rack, no secret): what the pass screen
    shows on `t`, and what the screen shows while only computers play."""
    if view.seat is not None:
        raise ValueError("the public table is drawn from the public View only")
    from ....narration.splendor_duel import NARRATOR

    return table(view, NARRATOR(view.players))
