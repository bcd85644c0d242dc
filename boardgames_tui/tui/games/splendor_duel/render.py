"""Splendor Duel panels as Rich text, built from one seat's View and the screen's cursor only.

Every token and card shows its colour's letter as well as the colour itself; a card's cost is the one
the viewing player would pay, after their bonuses. What changed since the player last looked carries the
news mark (see `changes`), worked out from Views only.

Every colour is a fixed 256-colour one (never a terminal's ANSI black or white, which the theme may
repaint) and every letter is readable on its tile: tests/tui/test_splendor_duel_contrast.py checks each
pair against WCAG's 4.5:1.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from ....engine.splendor_duel.cards import buy_problem, cost_after_bonuses
from ....engine.splendor_duel.data import CARDS, JOKER, NO_COLOUR, ROYALS, TOKEN_LETTERS
from ....engine.splendor_duel.lines import cell_name
from ....engine.splendor_duel.models import PlayerView, SplendorDuelView
from ....i18n import N_, _, ngettext, pgettext
from ...text import printable
from ...widgets.news import NEW_MARK, changed
from ....narration.splendor_duel import ABILITY_MARKS, card_colour, crowns_words, level_name, points_words, royal_label, token_name

# Token letter -> style; gold is Y (yellow), black is K, pearl is P (violet: a magenta light enough to
# look pink leaves white letters under 4.5:1).
TOKEN_STYLES: tuple[str, ...] = (
    "bold grey0 on grey93",
    "bold grey100 on blue3",
    "bold grey0 on green3",
    "bold grey100 on red3",
    "bold grey100 on grey15",
    "bold grey100 on dark_magenta",
    "bold grey0 on gold1",
)
JOKER_STYLE = "bold grey0 on plum2"
PLAIN_CARD_STYLE = "bold grey100 on grey35"
CARD_BODY_STYLE = "grey93 on grey19"
DECK_STYLE = "bold grey100 on grey30"
ROYAL_STYLE = "bold grey0 on khaki1"
# A token the current step cannot take (a reservation wants a gold, a card's ability one colour): a plain
# grey tile, its letter still readable, where the tokens that can be taken keep their colours.
OUT_OF_REACH_STYLE = "grey85 on grey23"
# Every letter style drawn on a tile, for the contrast test.
LETTER_STYLES: tuple[str, ...] = (*TOKEN_STYLES, JOKER_STYLE, PLAIN_CARD_STYLE, CARD_BODY_STYLE, DECK_STYLE, ROYAL_STYLE, OUT_OF_REACH_STYLE)
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


@dataclass(frozen=True)
class SeatChanges:
    """What changed in one player's holdings: colours (0-6) whose counts changed, and flags."""

    tokens: frozenset[int] = frozenset()
    bonuses: frozenset[int] = frozenset()
    colour_points: frozenset[int] = frozenset()
    points: bool = False
    crowns: bool = False
    privileges: bool = False
    royals: bool = False
    reserved: bool = False


@dataclass(frozen=True)
class Changes:
    """What differs from the table as the player last saw it: board cells, pyramid slots (level, index),
    the viewer's own new reserved cards, the bag, the privilege supply, the royal cards and each player's
    holdings. Empty when there is nothing to compare with. `style` is how the mark is drawn."""

    cells: frozenset[int] = frozenset()
    slots: frozenset[tuple[int, int]] = frozenset()
    reserved: frozenset[int] = frozenset()
    bag: bool = False
    supply: bool = False
    royals: bool = False
    seats: dict[int, SeatChanges] = field(default_factory=dict)
    style: str = "bold"

    def seat(self, seat: int) -> SeatChanges:
        return self.seats.get(seat, NO_SEAT_CHANGES)

    def mark(self, is_new: bool) -> Text:
        """The news mark, or a space of the same width."""
        return Text(NEW_MARK, style=self.style) if is_new else Text(" ")


NO_SEAT_CHANGES = SeatChanges()
NO_CHANGES = Changes()


def changes(before: SplendorDuelView | None, start: SplendorDuelView | None, now: SplendorDuelView, style: str = "bold") -> Changes:
    """What the player should see marked in `now`: what differs from `before` (the table when they last
    looked) and was not their own doing since `start` (the table when their own actions began: a part
    changed since then is theirs, say the card they just bought from a newly dealt slot)."""
    if before is None:
        return NO_CHANGES
    if start is None:
        start = now
    cells = frozenset(cell for cell, token in enumerate(now.board) if _new(before.board[cell], token, start.board[cell]))
    slots = frozenset(
        (level, index)
        for level, row in enumerate(now.pyramid, 1)
        for index, card in enumerate(row)
        if _new(_slot(before, level, index), card, _slot(start, level, index))
    )
    reserved: frozenset[int] = frozenset()
    if now.seat is not None:
        known = {*(before.seats[now.seat].reserved or ()), *(start.seats[now.seat].reserved or ())}
        reserved = frozenset(card for card in now.seats[now.seat].reserved or () if card not in known)
    return Changes(
        cells=cells,
        slots=slots,
        reserved=reserved,
        bag=_new(before.bag_size, now.bag_size, start.bag_size),
        supply=_new(before.supply_privileges, now.supply_privileges, start.supply_privileges),
        royals=_new(before.royals, now.royals, start.royals),
        seats={p.seat: _seat_changes(before.seats[p.seat], p, start.seats[p.seat]) for p in now.seats},
        style=style,
    )


def _new(then: object, current: object, earlier: object) -> bool:
    """Changed since the player last looked, and not by the player since their own actions began."""
    return changed(then, current) and not changed(earlier, current)


def _seat_changes(then: PlayerView, now: PlayerView, start: PlayerView) -> SeatChanges:
    def colours(before: Sequence[int], current: Sequence[int], earlier: Sequence[int]) -> frozenset[int]:
        return frozenset(colour for colour, value in enumerate(current) if _new(before[colour], value, earlier[colour]))

    return SeatChanges(
        tokens=colours(then.tokens, now.tokens, start.tokens),
        bonuses=colours(then.bonuses, now.bonuses, start.bonuses),
        colour_points=colours(then.colour_points, now.colour_points, start.colour_points),
        points=_new(then.points, now.points, start.points),
        crowns=_new(then.crowns, now.crowns, start.crowns),
        privileges=_new(then.privileges, now.privileges, start.privileges),
        royals=_new(then.royals, now.royals, start.royals),
        reserved=_new(then.reserved_count, now.reserved_count, start.reserved_count),
    )


def _slot(view: SplendorDuelView | None, level: int, index: int) -> int | None:
    if view is None:
        return None
    row = view.pyramid[level - 1]
    return row[index] if index < len(row) else 0


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
    news: Changes = NO_CHANGES,
    clickable: bool = True,
) -> Text:
    """The 5x5 board, 4 cells a token: `[W] ` under the cursor, ` W✓ ` selected, `[W✓]` both (the
    brackets always around what the cursor is on); ` W✦ ` (`[W]✦`) changed since the last look, ` ·✦ `
    a token taken; cells outside `eligible` are plain grey tiles. `clickable=False`: as pyramid_lines."""
    # Styles go on spans, never as a Text's base style: a base style runs under everything appended after
    # it (a dim base once dimmed every token letter on the board and in the players' lines).
    out = Text.assemble(("   A   B   C   D   E\n", "dim"))
    for row in range(5):
        out.append(f"{row + 1} ", style="dim")
        for col in range(5):
            cell = row * 5 + col
            colour = view.board[cell]
            chosen = cell in selected
            here = cell == cursor
            piece = Text.assemble(("[" if here else " ", "bold"))
            if colour < 0:
                piece.append("·", style="dim")
            elif eligible is not None and cell not in eligible:
                piece.append(TOKEN_LETTERS[colour], style=OUT_OF_REACH_STYLE)
            else:
                piece.append(TOKEN_LETTERS[colour], style=TOKEN_STYLES[colour])
            if chosen:
                piece.append("✓", style="bold green3")
                piece.append("]" if here else " ", style="bold")
            elif cell in news.cells:
                piece.append_text(Text.assemble(("]", "bold"), news.mark(True)) if here else Text.assemble(news.mark(True), " "))
            else:
                piece.append("] " if here else "  ", style="bold")
            if clickable:
                piece.stylize(_click(f"screen.click_cell({cell})"))
            out.append_text(piece)
        if row < 4:
            out.append("\n")
    return out


def supply_line(view: SplendorDuelView, news: Changes = NO_CHANGES) -> Text:
    out = Text(ngettext("Bag: {n} token", "Bag: {n} tokens", view.bag_size).format(n=view.bag_size))
    if news.bag:
        out.append_text(news.mark(True))
    n = view.supply_privileges
    out.append("\n" + ngettext("Supply: {n} privilege", "Supply: {n} privileges", n).format(n=n))
    if news.supply:
        out.append_text(news.mark(True))
    return out


def royals_line(view: SplendorDuelView, numbered: bool = False, news: Changes = NO_CHANGES) -> Text:
    """The royal cards still to claim, on one line (numbered while one is being chosen), marked when one
    was claimed since the last look."""
    out = Text()
    if not view.royals:
        out.append(pgettext("splendor duel", "No royal card left"), style="dim")
    for number, royal in enumerate(view.royals, 1):
        if numbered:
            out.append(f"{number}:", style="bold")
        out.append_text(royal_text(royal))
        out.append(" ")
    if news.royals:
        out.rstrip()
        out.append_text(news.mark(True))
    return out


def royal_text(royal: int) -> Text:
    return Text(royal_label(royal), style=ROYAL_STYLE)


def royal_words(royal: int) -> str:
    data = ROYALS[royal]
    words = [points_words(data.points), *(ability_words(a) for a in data.abilities)]
    return pgettext("splendor duel list", ", ").join(words)


# Cards -----------------------------------------------------------------------------------------------


def card_block(
    card: int, player: PlayerView, *, at_cursor: bool, news: Text | None = None, mark_affordable: bool = True
) -> list[Text]:
    """A card as three lines of CARD_WIDTH: colour/bonus/points, affordable/news/crowns/ability, cost.
    `news`: the mark of a card new since the last look. ✓ and the mark open the middle line, beside the
    card's own cursor column (at its end they sat against the next card's: a tester read "free ✓✦ ♛1" as
    one card). `mark_affordable` is off where ✓ ("you can buy it") would speak of someone else's cards
    (the reveal at the end)."""
    data = CARDS[card]
    letter, style = card_letter(card)
    cost = cost_after_bonuses(card, player.bonuses)
    affordable = mark_affordable and buy_problem(card, player.bonuses, player.tokens) is None
    marker = Text.assemble(("▌" if at_cursor else " ", "bold yellow"))
    bonus = str(data.bonus) if data.bonus > 1 else " "
    points = f"{data.points}★" if data.points else ""
    top = Text(f"{letter}{bonus} {points:>4} ", style=style)
    crowns = f"♛{data.crowns}" if data.crowns else "  "
    marks = "".join(ABILITY_MARKS[a] for a in data.abilities if a != "copy_color")
    middle = Text("✓" if affordable else " ", style="bold green3" if affordable else CARD_BODY_STYLE)
    middle.append_text(news if news is not None else Text(" "))
    middle.append(f" {crowns:<3}{marks:<2}", style=CARD_BODY_STYLE)
    bottom = Text(f"{cost_text(cost)[:8]:<8}", style=CARD_BODY_STYLE)
    lines = [marker + top, marker.copy() + middle, marker.copy() + bottom]
    if at_cursor:
        for line in lines:
            line.stylize("reverse", 1)
    return lines


def empty_block(at_cursor: bool, label: str = "", news: Text | None = None) -> list[Text]:
    """A slot left empty (its deck ran out); `news` marks one emptied since the last look."""
    marker = Text.assemble(("▌" if at_cursor else " ", "bold yellow"))
    middle = Text(" " * 7) + (news if news is not None else Text(" "))
    return [marker + Text(centre(label, 8), style="dim"), marker.copy() + middle, marker.copy() + Text(" " * 8)]


def deck_block(level: int, size: int, at_cursor: bool) -> list[Text]:
    marker = Text.assemble(("▌" if at_cursor else " ", "bold yellow"))
    style = DECK_STYLE if size else "dim"
    first = Text(pad(pgettext("splendor duel", "Level {n}").format(n=level_name(level)), 8), style="bold")
    second = Text(pad(pgettext("splendor duel", "deck") if size else pgettext("splendor duel", "empty"), 8), style=style)
    third = Text(pad(pgettext("splendor duel", "{n} left").format(n=size), 8), style="dim")
    lines = [marker + first, marker.copy() + second, marker.copy() + third]
    if at_cursor:
        for line in lines:
            line.stylize("reverse", 1)
    return lines


def _join_blocks(blocks: Sequence[list[Text]], clicks: Sequence[str], clickable: bool = True) -> Text:
    lines = []
    for row in range(3):
        line = Text()
        for block, click in zip(blocks, clicks):
            piece = block[row].copy()
            if clickable:
                piece.stylize(_click(click))
            line.append_text(piece)
        lines.append(line)
    return Text("\n").join(lines)


def pyramid_lines(view: SplendorDuelView, cursor: Cursor | None, news: Changes = NO_CHANGES, clickable: bool = True) -> Text:
    """Levels 3, 2, 1 from the top, each led by its deck, then the player's own reserved cards.
    `clickable=False` for a table outside the turn screen: no clicks, and nothing Textual would draw as
    a link (in its own colour, over the card's)."""
    me = view.seats[view.seat if view.seat is not None else view.current]
    rows: list[Text] = []
    for row, level in enumerate((3, 2, 1)):
        slots = view.pyramid[level - 1]
        here = cursor.index if cursor is not None and cursor.row == row else None
        blocks = [deck_block(level, view.deck_sizes[level - 1], here == 0)]
        clicks = [f"screen.click_card({row}, 0)"]
        for index, card in enumerate(slots, 1):
            mark = news.mark(True) if (level, index - 1) in news.slots else None
            if card:
                blocks.append(card_block(card, me, at_cursor=here == index, news=mark))
            else:
                blocks.append(empty_block(here == index, news=mark))
            clicks.append(f"screen.click_card({row}, {index})")
        rows.append(_join_blocks(blocks, clicks, clickable))
    reserved = me.reserved or ()
    # The label and the count on the row's first line, where the eye looks for them (a count on the line
    # below would sit under the royal cards, in the board's column).
    label = Text.assemble((" " + pad(pgettext("splendor duel", "Reserved"), DECK_WIDTH - 1), "bold"))  # under "Level 1"
    if not reserved:  # one line: nothing to point at
        rows.append(label + Text(" " + pgettext("splendor duel", "none") + " · 0/3", style="dim"))
        return Text("\n").join(rows)
    here = cursor.index if cursor is not None and cursor.row == 3 else None
    label.append(f" {len(reserved)}/3 ")
    width = label.cell_len
    labels = [label, Text(" " * width), Text(" " * width)]
    blocks = [
        card_block(card, me, at_cursor=here == index, news=news.mark(True) if card in news.reserved else None)
        for index, card in enumerate(reserved)
    ]
    clicks = [f"screen.click_card(3, {index})" for index in range(len(blocks))]
    reserved_rows = _join_blocks(blocks, clicks, clickable)
    rows.append(Text("\n").join(labels[i] + line for i, line in enumerate(reserved_rows.split("\n"))))
    return Text("\n").join(rows)


def card_words(card: int, player: PlayerView) -> str:
    """A card in words: what it costs this player first, then what it gives."""
    data = CARDS[card]
    colour = pgettext("splendor duel", "no colour") if data.colour == NO_COLOUR else card_colour(card)
    remaining = cost_after_bonuses(card, player.bonuses)
    cost = cost_text(remaining)
    printed = cost_text(data.cost)
    if not any(remaining):  # the bonuses pay it all
        parts = [_("free for you (printed {printed})").format(printed=printed)]
    elif printed != cost:
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


def player_head(view: SplendorDuelView, player: PlayerView, news: Changes = NO_CHANGES) -> list[Text]:
    """The name and totals: one line, or two when a long name leaves no room (the name is never cut).
    A total that changed since the last look is followed by the news mark."""
    is_me = player.seat == view.seat
    moved = news.seat(player.seat)
    name = Text.assemble(("▶ " if view.current == player.seat else "  ", "bold"))
    name.append(printable(player.name), style="bold underline" if is_me else "bold")
    you = Text.assemble((pgettext("splendor duel", " (you)") if is_me else "", "dim"))
    totals = Text(style="bold")  # the last piece of the line: its base style stays on it

    def total(text: str, is_new: bool, style: str = "") -> None:
        totals.append(text, style=style)
        if is_new:
            totals.append_text(news.mark(True))

    total(f"{player.points}★", moved.points)
    total(f" ♛{player.crowns}", moved.crowns)
    total(f" §{player.privileges}", moved.privileges)
    if player.royals:
        total(f" ♚{len(player.royals)}", moved.royals)
    if player.reserved_count:
        totals.append(" " + pgettext("splendor duel player line", "res") + " ")
        if is_me:
            total(str(player.reserved_count), moved.reserved)
        else:  # the backs only: how many, never which
            total("▒" * player.reserved_count, moved.reserved, "grey50 on grey23")
    if name.cell_len + you.cell_len + 1 + totals.cell_len <= PLAYER_WIDTH:
        return [name + you + Text(" ") + totals]
    if name.cell_len + you.cell_len <= PLAYER_WIDTH:
        return [name + you, Text("  ") + totals]
    return [name, Text(" ") + you + Text(" ") + totals]


def player_block(view: SplendorDuelView, player: PlayerView, news: Changes = NO_CHANGES) -> list[Text]:
    """Name and totals, then tokens, bonuses and points by colour, each count after its colour's letter
    (and the news mark in the blank before a count that changed since the last look, or after a two-digit one)."""
    rows = player_head(view, player, news)
    moved = news.seat(player.seat)
    for label, values, changed_colours in (
        (pgettext("splendor duel player line", "tok"), player.tokens, moved.tokens),
        (pgettext("splendor duel player line", "bon"), player.bonuses, moved.bonuses),
        (pgettext("splendor duel player line", "pts"), player.colour_points, moved.colour_points),
    ):
        # A label as wide as the column (two Chinese characters) gets a space after it, taken back from
        # before the token total, so the row stays as wide as in English and both players fit in 78 cells;
        # a news mark on the last count keeps that space (the row is then PLAYER_WIDTH, still on one line).
        width = max(4, cell_len(label) + 1)
        line = Text.assemble((pad(label, width), "dim"))
        for colour, value in enumerate(values):
            line.append(TOKEN_LETTERS[colour], style=TOKEN_STYLES[colour])
            fresh = colour in changed_colours
            if fresh and value < 10:
                # the mark in the blank before a one-digit count, so it stays apart from the next letter
                # ("R✦2 K 0"; after the count it ran into it: "R 2✦K 0")
                line.append_text(news.mark(True))
                line.append(f"{value} ", style="bold" if value else "dim")
            else:
                line.append(f"{value:>2}", style="bold" if value else "dim")
                line.append_text(news.mark(fresh))
        if values is player.tokens:
            total = sum(player.tokens)
            gap = max(1 if len(values) - 1 in changed_colours else 0, 5 - width)
            line.append(" " * gap + f"{total}/10", style="bold red" if total > 10 else "dim")
        rows.append(line)
    return rows


def players_lines(view: SplendorDuelView, news: Changes = NO_CHANGES) -> Text:
    """Both players side by side, the viewing player first."""
    order = sorted(view.seats, key=lambda p: p.seat != view.seat)
    left, right = (player_block(view, p, news) for p in order)
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


def playing_extra_turn(view: SplendorDuelView) -> bool:
    """Whether the turn being played is an extra turn: its news still holds the turn that earned it, for
    the player to act (a finished extra turn's news stays until the next player logs something)."""
    return view.phase != "over" and any(e.kind == "extra_turn" and e.args.get("seat") == view.current for e in view.news)


def header(view: SplendorDuelView, title: str) -> Text:
    """The title and whose turn it is; says when this turn is an extra one, or when one will follow."""
    out = Text()
    out.append(f" {title} ", style="bold reverse")
    me = printable(view.players[view.seat or 0])
    if view.seat is None or view.current == view.seat:
        out.append(" " + pgettext("splendor duel", "Turn {t} · Your turn, {name}").format(t=view.turn + 1, name=me))
    else:  # a computer is playing on this person's screen
        other = printable(view.players[view.current])
        out.append(" " + pgettext("splendor duel", "Turn {t} · {name} to play").format(t=view.turn + 1, name=other))
    if playing_extra_turn(view):
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


def fill_in(template: str, style: str = "", **values: Text | str) -> Text:
    """`template` with its {name} fields replaced by `values`, which may be styled text (token chips);
    the template's own words in `style`."""
    out = Text()
    for piece in re.split(r"(\{[a-z_]+\})", template):
        name = piece[1:-1]
        if piece.startswith("{") and name in values:
            value = values[name]
            out.append_text(value if isinstance(value, Text) else Text(value))
        elif piece:
            out.append(piece, style=style)
    return out


def join_sentences(first: Text, second: Text) -> Text:
    """Two sentences one after the other: with a space in English, none in Chinese."""
    return fill_in(pgettext("splendor duel", "{first} {second}"), first=first, second=second)
