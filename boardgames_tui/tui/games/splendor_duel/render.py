"""Splendor Duel panels as Rich text, built from one seat's View and the screen's cursor only.

Every token and card shows its colour's letter as well as the colour itself; a card's cost is the one
the viewing player would pay, after their bonuses.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from ....engine.splendor_duel.cards import buy_problem, cost_after_bonuses
from ....engine.splendor_duel.data import CARDS, JOKER, NO_COLOUR, ROYALS, TOKEN_LETTERS
from ....engine.splendor_duel.lines import cell_name
from ....engine.splendor_duel.models import PlayerView, SplendorDuelView
from ....i18n import N_, _, ngettext, pgettext
from ...text import printable
from .narrate import card_colour, crowns_words, level_name, points_words, token_name

# Token letter -> style; gold is Y (yellow), black is K, pearl is P.
TOKEN_STYLES: tuple[str, ...] = (
    "bold black on grey93",
    "bold white on blue3",
    "bold black on green3",
    "bold white on red3",
    "bold white on grey15",
    "bold white on magenta3",
    "bold black on gold1",
)
JOKER_STYLE = "bold black on plum2"
PLAIN_CARD_STYLE = "bold white on grey35"
CARD_BODY_STYLE = "on grey19"
CURSOR_STYLE = "bold black on yellow"
ABILITY_MARKS: dict[str, str] = {
    "extra_turn": "↻",
    "copy_color": "J",
    "take_token": "+",
    "take_privilege": "§",
    "steal_token": "»",
}
# What each ability does, translated where it is shown (ability_words).
ABILITY_WORDS: dict[str, str] = {
    "extra_turn": N_("an extra turn"),
    "copy_color": N_("joins one of your colours"),
    "take_token": N_("take a token of its colour from the board"),
    "take_privilege": N_("take a privilege"),
    "steal_token": N_("take a gem or pearl from the opponent"),
}
CARD_WIDTH = 9  # one marker column and eight of card
DECK_WIDTH = 9
PLAYER_WIDTH = 39


def ability_words(ability: str) -> str:
    return _(ABILITY_WORDS[ability])


def pad(text: str, width: int) -> str:
    """`text` filled with spaces to `width` terminal cells (a Chinese character takes two)."""
    return text + " " * max(0, width - cell_len(text))


def centre(text: str, width: int) -> str:
    room = max(0, width - cell_len(text))
    return " " * (room // 2) + text + " " * (room - room // 2)


@dataclass(frozen=True)
class Cursor:
    """Where the player points. Board: `index` is the cell. Cards: `row` 0-2 are levels 3, 2, 1 (index 0
    is the deck, 1.. the face-up slots) and row 3 is the player's reserved cards (index 0..)."""

    zone: str  # "board" | "cards"
    row: int
    index: int


def _click(action: str) -> Style:
    return Style(meta={"@click": action})


def token_text(colour: int, count: int | None = None) -> Text:
    label = TOKEN_LETTERS[colour] if count is None else f"{count}{TOKEN_LETTERS[colour]}"
    return Text(label, style=TOKEN_STYLES[colour])


def card_letter(card: int) -> tuple[str, str]:
    colour = CARDS[card].colour
    if colour == JOKER:
        return "J", JOKER_STYLE
    if colour == NO_COLOUR:
        return "-", PLAIN_CARD_STYLE
    return TOKEN_LETTERS[colour], TOKEN_STYLES[colour]


def cost_text(cost: Sequence[int]) -> str:
    """'2W3B1P' (gems then pearls); 'free' if nothing is left to pay."""
    text = "".join(f"{n}{TOKEN_LETTERS[i]}" for i, n in enumerate(cost) if n)
    return text or pgettext("splendor duel", "free")


# Board -----------------------------------------------------------------------------------------------


def board_lines(
    view: SplendorDuelView,
    cursor: int | None,
    selected: Collection[int],
    eligible: Collection[int] | None = None,
) -> Text:
    """The 5x5 board, 4 cells a token: `[W] ` under the cursor, ` W✓ ` selected, `[W✓]` both (the
    brackets always around what the cursor is on); cells outside `eligible` are dimmed."""
    out = Text("   A   B   C   D   E\n", style="dim")
    for row in range(5):
        out.append(f"{row + 1} ", style="dim")
        for col in range(5):
            cell = row * 5 + col
            colour = view.board[cell]
            chosen = cell in selected
            here = cell == cursor
            piece = Text("[" if here else " ", style="bold")
            if colour < 0:
                piece.append("·", style="dim")
            else:
                dimmed = eligible is not None and cell not in eligible
                piece.append(TOKEN_LETTERS[colour], style=TOKEN_STYLES[colour] + (" dim" if dimmed else ""))
            if chosen:
                piece.append("✓", style="bold green")
                piece.append("]" if here else " ", style="bold")
            else:
                piece.append("] " if here else "  ", style="bold")
            piece.stylize(_click(f"screen.click_cell({cell})"))
            out.append_text(piece)
        if row < 4:
            out.append("\n")
    return out


def supply_line(view: SplendorDuelView) -> Text:
    out = Text(ngettext("Bag: {n} token", "Bag: {n} tokens", view.bag_size).format(n=view.bag_size))
    n = view.supply_privileges
    out.append("\n" + ngettext("Supply: {n} privilege", "Supply: {n} privileges", n).format(n=n))
    return out


def royals_line(view: SplendorDuelView, numbered: bool = False) -> Text:
    """The royal cards still to claim, on one line (numbered while one is being chosen)."""
    out = Text()
    if not view.royals:
        out.append(pgettext("splendor duel", "No royal card left"), style="dim")
    for number, royal in enumerate(view.royals, 1):
        if numbered:
            out.append(f"{number}:", style="bold")
        out.append_text(royal_text(royal))
        out.append(" ")
    return out


def royal_text(royal: int) -> Text:
    data = ROYALS[royal]
    label = f"♚{data.points}★" + "".join(ABILITY_MARKS[a] for a in data.abilities)
    return Text(label, style="bold black on khaki1")


def royal_words(royal: int) -> str:
    data = ROYALS[royal]
    words = [points_words(data.points), *(ability_words(a) for a in data.abilities)]
    return pgettext("splendor duel list", ", ").join(words)


# Cards -----------------------------------------------------------------------------------------------


def card_block(card: int, player: PlayerView, *, at_cursor: bool) -> list[Text]:
    """A card as three lines of CARD_WIDTH: colour/bonus/points, crowns/ability/affordable, cost."""
    data = CARDS[card]
    letter, style = card_letter(card)
    cost = cost_after_bonuses(card, player.bonuses)
    affordable = buy_problem(card, player.bonuses, player.tokens) is None
    marker = Text("▌" if at_cursor else " ", style="bold yellow")
    bonus = str(data.bonus) if data.bonus > 1 else " "
    points = f"{data.points}★" if data.points else ""
    top = Text(f"{letter}{bonus} {points:>4} ", style=style)
    crowns = f"♛{data.crowns}" if data.crowns else "  "
    marks = "".join(ABILITY_MARKS[a] for a in data.abilities if a != "copy_color")
    middle = Text(f"{crowns:<3}{marks:<2} {'✓' if affordable else ' '} ", style=CARD_BODY_STYLE)
    if affordable:
        middle.stylize("bold green", 6, 7)
    bottom = Text(f"{cost_text(cost)[:8]:<8}", style=CARD_BODY_STYLE)
    lines = [marker + top, marker.copy() + middle, marker.copy() + bottom]
    if at_cursor:
        for line in lines:
            line.stylize("reverse", 1)
    return lines


def empty_block(at_cursor: bool, label: str = "") -> list[Text]:
    marker = Text("▌" if at_cursor else " ", style="bold yellow")
    return [marker + Text(centre(label, 8), style="dim"), marker.copy() + Text(" " * 8), marker.copy() + Text(" " * 8)]


def deck_block(level: int, size: int, at_cursor: bool) -> list[Text]:
    marker = Text("▌" if at_cursor else " ", style="bold yellow")
    style = "bold white on grey30" if size else "dim"
    first = Text(pad(pgettext("splendor duel", "Level {n}").format(n=level_name(level)), 8), style="bold")
    second = Text(pad(pgettext("splendor duel", "deck") if size else pgettext("splendor duel", "empty"), 8), style=style)
    third = Text(pad(pgettext("splendor duel", "{n} left").format(n=size), 8), style="dim")
    lines = [marker + first, marker.copy() + second, marker.copy() + third]
    if at_cursor:
        for line in lines:
            line.stylize("reverse", 1)
    return lines


def _join_blocks(blocks: Sequence[list[Text]], clicks: Sequence[str]) -> Text:
    lines = []
    for row in range(3):
        line = Text()
        for block, click in zip(blocks, clicks):
            piece = block[row].copy()
            piece.stylize(_click(click))
            line.append_text(piece)
        lines.append(line)
    return Text("\n").join(lines)


def pyramid_lines(view: SplendorDuelView, cursor: Cursor | None) -> Text:
    """Levels 3, 2, 1 from the top, each led by its deck, then the player's own reserved cards."""
    me = view.seats[view.seat if view.seat is not None else view.current]
    rows: list[Text] = []
    for row, level in enumerate((3, 2, 1)):
        slots = view.pyramid[level - 1]
        here = cursor.index if cursor is not None and cursor.row == row else None
        blocks = [deck_block(level, view.deck_sizes[level - 1], here == 0)]
        clicks = [f"screen.click_card({row}, 0)"]
        for index, card in enumerate(slots, 1):
            blocks.append(card_block(card, me, at_cursor=here == index) if card else empty_block(here == index))
            clicks.append(f"screen.click_card({row}, {index})")
        rows.append(_join_blocks(blocks, clicks))
    reserved = me.reserved or ()
    if not reserved:  # one line: nothing to point at
        rows.append(Text(pad(pgettext("splendor duel", "Reserved"), DECK_WIDTH), style="bold") + Text(" " + pgettext("splendor duel", "none") + " · 0/3", style="dim"))
        return Text("\n").join(rows)
    here = cursor.index if cursor is not None and cursor.row == 3 else None
    label = [Text(pad(pgettext("splendor duel", "Reserved"), DECK_WIDTH), style="bold"), Text(f"{len(reserved)}/3".ljust(DECK_WIDTH)), Text(" " * DECK_WIDTH)]
    blocks = [card_block(card, me, at_cursor=here == index) for index, card in enumerate(reserved)]
    clicks = [f"screen.click_card(3, {index})" for index in range(len(blocks))]
    reserved_rows = _join_blocks(blocks, clicks)
    reserved_text = Text("\n").join(label[i] + line for i, line in enumerate(reserved_rows.split("\n")))
    rows.append(reserved_text)
    return Text("\n").join(rows)


def card_words(card: int, player: PlayerView) -> str:
    """A card in words: what it costs this player first, then what it gives."""
    data = CARDS[card]
    colour = pgettext("splendor duel", "no colour") if data.colour == NO_COLOUR else card_colour(card)
    cost = cost_text(cost_after_bonuses(card, player.bonuses))
    printed = cost_text(data.cost)
    if printed != cost:
        parts = [_("costs you {cost} (printed {printed})").format(cost=cost, printed=printed)]
    else:
        parts = [_("costs you {cost}").format(cost=cost)]
    parts.append(_("level {level} {colour}").format(level=level_name(data.level), colour=colour))
    if data.bonus and data.colour != NO_COLOUR:
        parts.append(pgettext("splendor duel", "bonus {n}").format(n=data.bonus))
    if data.points:
        parts.append(points_words(data.points))
    if data.crowns:
        parts.append(crowns_words(data.crowns))
    parts.extend(ability_words(a) for a in data.abilities)
    return " · ".join(parts)


# Players ---------------------------------------------------------------------------------------------


def player_head(view: SplendorDuelView, player: PlayerView) -> list[Text]:
    """The name and totals: one line, or two when a long name leaves no room (the name is never cut)."""
    is_me = player.seat == view.seat
    name = Text(("▶ " if view.current == player.seat else "  "), style="bold")
    name.append(printable(player.name), style="bold underline" if is_me else "bold")
    you = Text(pgettext("splendor duel", " (you)") if is_me else "", style="dim")
    totals = Text(f"{player.points}★ ♛{player.crowns} §{player.privileges}")
    if player.royals:
        totals.append(f" ♚{len(player.royals)}")
    if player.reserved_count:
        totals.append(" " + pgettext("splendor duel player line", "res") + " ")
        if is_me:
            totals.append(str(player.reserved_count))
        else:  # the backs only: how many, never which
            totals.append("▒" * player.reserved_count, style="grey50 on grey23")
    if name.cell_len + you.cell_len + 1 + totals.cell_len <= PLAYER_WIDTH:
        return [name + you + Text(" ") + totals]
    if name.cell_len + you.cell_len <= PLAYER_WIDTH:
        return [name + you, Text("  ") + totals]
    return [name, Text(" ") + you + Text(" ") + totals]


def player_block(view: SplendorDuelView, player: PlayerView) -> list[Text]:
    """Name and totals, then tokens, bonuses and points by colour, each count after its colour's letter."""
    rows = player_head(view, player)
    for label, values in (
        (pgettext("splendor duel player line", "tok"), player.tokens),
        (pgettext("splendor duel player line", "bon"), player.bonuses),
        (pgettext("splendor duel player line", "pts"), player.colour_points),
    ):
        # A label as wide as the column (two Chinese characters) gets a space after it, taken back from
        # before the token total, so the row stays as wide as in English and both players fit in 78 cells.
        width = max(4, cell_len(label) + 1)
        line = Text(pad(label, width), style="dim")
        for colour, value in enumerate(values):
            line.append(TOKEN_LETTERS[colour], style=TOKEN_STYLES[colour])
            line.append(f"{value:>2} ", style="bold" if value else "dim")
        if values is player.tokens:
            total = sum(player.tokens)
            line.append(" " * (5 - width) + f"{total}/10", style="bold red" if total > 10 else "dim")
        rows.append(line)
    return rows


def players_lines(view: SplendorDuelView) -> Text:
    """Both players side by side, the viewing player first."""
    order = sorted(view.seats, key=lambda p: p.seat != view.seat)
    left, right = (player_block(view, p) for p in order)
    height = max(len(left), len(right))
    for block in (left, right):
        if len(block) < height:
            block.insert(1, Text())
    lines = []
    for a, b in zip(left, right):
        a = a.copy()
        a.pad_right(PLAYER_WIDTH - a.cell_len)
        lines.append(a + Text("│ ", style="dim") + b)
    return Text("\n").join(lines)


def header(view: SplendorDuelView, title: str, extra_turn: bool = False) -> Text:
    """The title and whose turn it is; says when this turn is an extra one, or when one will follow."""
    out = Text()
    out.append(f" {title} ", style="bold reverse")
    me = printable(view.players[view.seat or 0])
    if view.seat is None or view.current == view.seat:
        out.append(" " + pgettext("splendor duel", "Turn {t} · Your turn, {name}").format(t=view.turn + 1, name=me))
    else:  # a computer is playing on this person's screen
        other = printable(view.players[view.current])
        out.append(" " + pgettext("splendor duel", "Turn {t} · {name} to play").format(t=view.turn + 1, name=other))
    if extra_turn:
        out.append("  ↻ " + pgettext("splendor duel", "Extra turn"), style="bold")
    elif view.extra_turn:
        out.append("  ↻ " + pgettext("splendor duel", "An extra turn follows this one"), style="bold")
    return out


def legend() -> Text:
    out = Text()
    for colour in range(7):
        out.append_text(token_text(colour))
        out.append(f" {token_name(colour)}  ")
    return out


def symbols_legend() -> Text:
    """What every mark on the cards and the players' lines means (the `g` panel, as tall as the players')."""
    lines = [
        [("★", pgettext("splendor duel", "points")), ("♛", pgettext("splendor duel", "crowns")), ("§", pgettext("splendor duel", "privilege")), ("♚", pgettext("splendor duel", "royal card")), ("✓", pgettext("splendor duel", "you can buy it")), ("▒", pgettext("splendor duel", "hidden card"))],
        [("↻", pgettext("splendor duel", "extra turn")), ("+", _("take a token of its colour from the board")), ("-", pgettext("splendor duel", "no colour"))],
        [("»", _("take a gem or pearl from the opponent")), ("J", _("joker: joins one of your colours"))],
    ]
    out = Text()
    for entries in lines:
        for index, (symbol, words) in enumerate(entries):
            out.append(("  " if index else "") + symbol, style="bold")
            out.append(f" {words}")
        out.append("\n")
    out.append_text(legend())
    return out


def cells_text(cells: Sequence[int]) -> str:
    return pgettext("splendor duel list", ", ").join(cell_name(cell) for cell in sorted(cells))


def payment_text(payment: Sequence[int]) -> Text:
    """A way to pay as token chips: '1W 1B 1G 1Y'."""
    out = Text()
    for colour, count in enumerate(payment):
        if count:
            if out.plain:
                out.append(" ")
            out.append_text(token_text(colour, count))
    return out if out.plain else Text(pgettext("splendor duel", "nothing"))
