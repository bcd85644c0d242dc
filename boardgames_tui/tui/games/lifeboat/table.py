"""Lifeboat's read-only table (one seat's View, or the public one) and the reveal of a finished game.

Nothing here selects, prompts or takes keys: replays and the results screen show these as they are."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text

from ....engine.lifeboat.models import LifeboatView
from ....engine.lifeboat.reveal import LifeboatRevealed
from ....i18n import _, ngettext
from ...text import printable
from . import render
from .render import public_table  # the table anyone may watch (tui/games/__init__.py)
from ....narration.lifeboat import LifeboatNarrator, character_name

WIDTH = render.WIDTH - 2  # inside a scrolling area's edge and scroll bar
LOG_ROWS = 10
REVEAL_WIDTH = 70  # the results screen's box leaves 72 cells


def table(view: LifeboatView, narrator: LifeboatNarrator) -> RenderableType:
    """The table as `view` shows it. The public View gives the public table (the boat, the decks, what is
    going on, the newest public log lines); a seat's View adds that seat's own character, Love and Hate
    and hand: the other seats' hands only as counts."""
    if view.seat is None:
        return render.public_table(view)
    parts: list[RenderableType] = [
        render.header(view, narrator.title, WIDTH),
        render.decks_line(view),
        Text(),
        render.boat_table(view, WIDTH),
    ]
    situation = render.situation(view, WIDTH)
    if situation.plain:
        parts += [Text(), situation]
    parts += [
        Text(),
        render.character_line(view),
        render.secrets_line(view, True, WIDTH),
        render.hand_line(view, None, width=WIDTH),
        Text(),
        render.recent_log(view, narrator, LOG_ROWS, width=WIDTH),
        Text("\n", style="dim") + render.legend_text(WIDTH),
    ]
    return Group(*parts)


def _cards(head: Text, cards: Sequence[int]) -> Text:
    """`head`, then the cards as chips (lines break between two cards, under the first one)."""
    if not cards:
        return head.append(_("nothing"), style="dim")
    chips = [render.card_chip(card) for card in cards]
    return render.flow(head, chips, REVEAL_WIDTH, sep=" ", indent=cell_len(head.plain))


def reveal(revealed: LifeboatRevealed, narrator: LifeboatNarrator) -> RenderableType:
    """Every seat's hand (and, while the game goes on, its Love and Hate), the supply cards set aside unseen
    at the start and the cards gone with those lost at sea. A finished game's score lines name every Love
    and Hate with the points they made (the results screen shows them above this), so they are not named
    twice."""
    over = revealed.over
    parts: list[RenderableType] = [Text(_("The hidden cards, revealed"), style="bold")]
    for seat in range(len(revealed.players)):
        head = Text(printable(narrator.who((seat, revealed.characters[seat]))), style="bold")
        if over:  # one line a seat: the hand after the name
            head.append("  ")
            parts.append(_cards(head.append(render.labelled(_("Hand")), style="bold"), revealed.hands[seat]))
            continue
        head.append("  ♥ " + render.labelled(_("Love")) + character_name(revealed.love[seat]), style="magenta")
        head.append("  ✖ " + render.labelled(_("Hate")) + character_name(revealed.hate[seat]), style="red")
        parts.append(head)
        parts.append(_cards(Text("  " + render.labelled(_("Hand")), style="bold"), revealed.hands[seat]))
    if revealed.set_aside:
        count = len(revealed.set_aside)
        label = ngettext("Set aside at the start ({n} card)", "Set aside at the start ({n} cards)", count).format(n=count)
        parts += [Text(), _cards(Text(render.labelled(label), style="bold"), revealed.set_aside)]
    if revealed.lost_cards:
        parts += [Text(), _cards(Text(render.labelled(_("Lost at sea with their holders")), style="bold"), revealed.lost_cards)]
    return Group(*parts)
