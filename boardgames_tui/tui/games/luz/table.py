"""Luz's read-only table (one seat's View, or the public one) and the reveal of a finished game.

Nothing here selects, prompts or takes keys: replays and the results screen show these as they are."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ....engine.luz.cards import sort_hand
from ....engine.luz.models import ROUNDS, TRICKS_PER_ROUND, HandView, LuzCard, LuzView
from ....engine.luz.scoring import totals
from ....engine.luz.reveal import LuzRevealed
from ....i18n import _, ngettext
from ....narration import Narrator
from ...text import plain
from ...widgets.cards import card_face
from . import render


def _where(view: LuzView) -> str:
    """The round and the stage of it, or that the game is over."""
    if view.phase == "over":
        return _("Game over")
    where = _("Round {r} of {n}").format(r=view.round, n=ROUNDS)
    if view.phase == "bid":
        return where + " · " + _("bidding")
    return where + " · " + _("trick {t} of {n}").format(t=view.trick_number, n=TRICKS_PER_ROUND)


def table(view: LuzView, narrator: Narrator) -> RenderableType:
    """The table as `view` shows it: the trick, each player's bid, tricks, total and hand (another
    player's numbers only where the viewer could read them: never on the public table), and the viewer's
    own hand as the card backs it sees, colours only."""
    parts: list[RenderableType] = [plain(_where(view), style="bold")]
    if view.phase != "over":
        parts.append(render.trick_panel(view))
    parts += [Text(), render.table_panel(view), render.legend()]
    if view.seat is not None and view.hands[view.seat].colours:
        hand = view.hands[view.seat]
        side = _("high numbers on the left") if hand.high_side == "left" else _("high numbers on the right")
        count = len(hand.colours)
        title = ngettext("Your hand: {n} card, {side}", "Your hand: {n} cards, {side}", count).format(n=count, side=side)
        parts += [Text(), Text(title, style="bold"), render.hand_row(hand), render.colour_legend()]
    if view.results:  # the rounds played so far
        parts += [Text(), render.score_sheet(view)]
    return Group(*parts)


def final_sheet(view: LuzView) -> RenderableType:
    """The results' score sheet: every round's bids, beads, tricks and points, and the totals (the last
    round's summary, as the earlier ones had before the next deal)."""
    return Group(Text(_("Score sheet"), style="bold"), render.score_sheet(view))


def _face_up(seat: int, name: str, cards: tuple[LuzCard, ...], high_side: str) -> Text:
    """A hand with every number showing, in the order it was held, "+" at its high end."""
    hand = HandView(
        seat=seat,
        name=name,
        colours=tuple(card.colour for card in cards),
        numbers=tuple(card.number for card in cards),
        high_side=high_side,  # type: ignore[arg-type]
    )
    return render.hand_row(hand)


def reveal(revealed: LuzRevealed, narrator: Narrator) -> RenderableType:
    """Every player's hand with its numbers and the cards set aside this round. Once a round's cards are
    all played, its hands are shown as they were played (after the passing: each is not the hand its
    player was dealt)."""
    hands = revealed.hands
    if revealed.holding:
        title = _("Hands in round {r}, numbers showing").format(r=revealed.round)
    else:
        title = _("Hands as played in round {r}, numbers showing").format(r=revealed.round)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    for seat, name in enumerate(revealed.players):
        grid.add_row(plain(name, style="bold"), _face_up(seat, name, hands[seat], revealed.high_sides[seat]))
    aside = Text()
    # Sorted as a hand is (colour groups, low to high): the order they were dealt in tells nothing.
    for card in sort_hand(revealed.set_aside, "right"):
        aside.append_text(card_face(card.colour, card.number, width=render.CARD_WIDTH))
        aside.append(" ")
    count = len(revealed.set_aside)
    return Group(
        Text(title, style="bold"),
        grid,
        Text(),
        Text(ngettext("Set aside this round: {n} card", "Set aside this round: {n} cards", count).format(n=count), style="bold"),
        aside,
    )


def public_table(view: Any) -> RenderableType:
    """The table as everyone may see it (the public View: no hand, no rack, no secret): what the pass screen
    shows on `t`, and what the screen shows while only computers play."""
    if view.seat is not None:
        raise ValueError("the public table is drawn from the public View only")
    from ....narration.luz import NARRATOR

    return table(view, NARRATOR(view.players))
