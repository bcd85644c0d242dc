"""Luz panels as Rich renderables, built from a LuzView only."""

from __future__ import annotations

from collections.abc import Collection

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ....engine.luz.models import COLOUR_NAMES, ROUNDS, TRUMP, HandView, LuzView
from ....i18n import _
from ...widgets.cards import HIDDEN_STYLE, card_face, suit_style

CARD_WIDTH = 3
MARKER = Text("+", style="bold reverse")


def colour_name(colour: str) -> str:
    return _(COLOUR_NAMES[colour])


def bid_text(bid: int | None, bead: bool) -> str:
    if bid is None:
        return "—"
    return f"{bid}+●" if bead else str(bid)


def header(view: LuzView, title: str) -> Text:
    text = Text()
    text.append(f" {title} ", style="bold reverse")
    me = view.players[view.seat] if view.seat is not None else ""
    where = _("Round {r} of {n}").format(r=view.round, n=ROUNDS)
    if view.phase == "bid":
        where += " · " + _("bidding")
    elif view.phase == "play":
        where += " · " + _("trick {t} of 10").format(t=view.trick_number)
    text.append(f" {where} · " + _("Your turn, {name}").format(name=me))
    return text


def hand_row(hand: HandView, *, selected: int | None = None, playable: Collection[int] | None = None) -> Text:
    """A hand left to right, with the "+" marker at its high end. Own cards show only their colour."""
    text = Text()
    if hand.high_side == "left":
        text.append_text(MARKER)
        text.append(" ")
    for position, colour in enumerate(hand.colours):
        if hand.numbers is not None:
            face = card_face(colour, hand.numbers[position], width=CARD_WIDTH)
        else:
            face = Text(f"{colour}".center(CARD_WIDTH), style=suit_style(colour))
        if playable is not None and position not in playable:
            face = Text(f"{colour}·".center(CARD_WIDTH), style="dim " + HIDDEN_STYLE)
        if position == selected:
            face.stylize("reverse underline")
        text.append_text(face)
        text.append(" ")
    if hand.high_side == "right":
        text.append_text(MARKER)
    return text


def position_row(count: int, high_side: str, selected: int | None) -> Text:
    """The keys that pick each position (1-9, then 0 for the tenth)."""
    text = Text("  " if high_side == "left" else "")
    for position in range(count):
        key = str((position + 1) % 10)
        style = "bold reverse" if position == selected else "dim"
        text.append(key.center(CARD_WIDTH), style=style)
        text.append(" ")
    return text


def table_panel(view: LuzView) -> Table:
    """Everyone else's hand with numbers, and each player's bid, bead, tricks and total."""
    table = Table(box=None, padding=(0, 1), show_edge=False)
    table.add_column(_("Player"), no_wrap=True)
    table.add_column(_("Bid"), justify="right")
    table.add_column(_("Won"), justify="right")
    table.add_column(_("Total"), justify="right")
    table.add_column(_("Cards (+ = high end)"))
    count = len(view.players)
    seats = [((view.seat or 0) + step) % count for step in range(count)]
    for seat in seats:
        status = view.status[seat]
        name = Text(status.name, style="bold")
        if seat == view.marker:
            name.append(" ☀", style="bold yellow")  # the start marker
        if seat == view.current:
            name.append(" ◀", style="bold")
        hand = view.hands[seat]
        cards = Text(_("(you)"), style="italic") if seat == view.seat else hand_row(hand)
        table.add_row(name, bid_text(status.bid, status.bead), str(status.tricks), str(status.total), cards)
    return table


LEGEND = Text(_("☀ holds the start marker · ◀ to play · + marks the high end of a hand · 3+● = bid 3 with a safety bead"), style="dim")


def trick_panel(view: LuzView) -> Text:
    text = Text(_("Trick: "), style="bold")
    if view.phase == "bid":
        text.append(_("bidding — {name} leads the first trick").format(name=view.players[view.first]), style="italic")
        return text
    if not view.trick:
        text.append(_("{name} leads").format(name=view.players[view.leader]), style="italic")
        return text
    for play in view.trick:
        text.append(view.players[play.seat] + " ")
        text.append_text(card_face(play.card.colour, play.card.number, width=CARD_WIDTH))
        text.append("  ")
    if view.led_colour:
        text.append(_("led: {colour}").format(colour=colour_name(view.led_colour)), style="bold")
        if view.led_colour != TRUMP and any(p.card.colour == TRUMP for p in view.trick):
            text.append(" · " + _("trumped by the sun"), style="bold yellow")
    return text


def own_panel(view: LuzView, selected: int | None, playable: Collection[int] | None) -> Group:
    """The viewer's hand as card backs; `playable` greys out the rest (None while bidding)."""
    hand = view.hands[view.seat]  # type: ignore[index]
    side = _("high numbers on the left") if hand.high_side == "left" else _("high numbers on the right")
    title = Text(_("Your hand: {n} cards, {side}").format(n=len(hand.colours), side=side), style="bold")
    parts = [title, hand_row(hand, selected=selected, playable=playable)]
    if selected is not None:
        parts.append(position_row(len(hand.colours), hand.high_side, selected))
    return Group(*parts)


def score_sheet(view: LuzView) -> Table:
    """Bids, beads, tricks and points per round, and the totals."""
    table = Table(title=None, padding=(0, 1))
    table.add_column(_("Player"), no_wrap=True)
    for round_number in range(1, ROUNDS + 1):
        table.add_column(_("R{n} bid/tricks").format(n=round_number), justify="center")
        table.add_column(_("pts"), justify="right")
    table.add_column(_("Total"), justify="right", style="bold")
    for seat, name in enumerate(view.players):
        row = [name]
        for round_index in range(ROUNDS):
            if round_index < len(view.results):
                result = view.results[round_index][seat]
                row += [f"{bid_text(result.bid, result.bead)} / {result.tricks}", f"{result.points:+d}"]
            elif round_index == view.round - 1 and view.phase != "over":
                status = view.status[seat]
                row += [f"{bid_text(status.bid, status.bead)} / {status.tricks}", "…"]
            else:
                row += ["", ""]
        row.append(str(view.status[seat].total))
        table.add_row(*row)
    return table


def recent_log(view: LuzView, lines: int = 4) -> Text:
    text = Text()
    for line in view.log[-lines:]:
        text.append("· " + line + "\n", style="dim")
    return text
