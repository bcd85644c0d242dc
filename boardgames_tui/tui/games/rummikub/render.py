"""Rummikub panels as Rich renderables, built from a RummikubView and the screen's cursor only."""

from __future__ import annotations

import string
from collections.abc import Collection
from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from ....engine.rummikub.models import Draw, RummikubView, SetView
from ....engine.rummikub.tiles import JOKER, JokerMeaning, Tile
from ....i18n import _, ngettext, pgettext
from ...text import plain, wrap_lines
from ...widgets.news import NEW_MARK
from ....narration.rummikub import RummikubNarrator

# Exact colours (not the terminal's ANSI palette, which a theme may remap): every tile's text has a
# contrast ratio of at least 4.5:1 on its face (WCAG AA; tests/tui/test_rummikub_keys.py computes it).
TILE_STYLES: dict[str, str] = {
    "K": "bold #ffffff on #303030",
    "R": "bold #ffffff on #b3131b",
    "B": "bold #ffffff on #1c4fc4",
    "O": "bold #000000 on #f08c00",
    JOKER: "bold #000000 on #f5d000",
}
TILE_CELLS = 5  # a rack tile: the cursor mark and a 4-cell face
MARK_STYLE = "bold cyan"  # NEW_MARK's colour; the mark itself says it without colour


@dataclass(frozen=True)
class Changes:
    """What changed since the player last looked at the table, as two of their Views tell it: these get
    NEW_MARK. Another player's entry: their rack count, ice or announcement."""

    sets: frozenset[int] = frozenset()  # set ids
    seats: frozenset[int] = frozenset()
    discard: bool = False
    trump: bool = False

    def __bool__(self) -> bool:
        return bool(self.sets or self.seats or self.discard or self.trump)


def _rows(view: RummikubView) -> dict[int, tuple[int, ...]]:
    return {table_set.id: tuple(tile.id for tile in table_set.tiles) for table_set in view.table}


def changes(previous: RummikubView | None, view: RummikubView) -> Changes:
    """What differs between `previous` (the player's View when they last looked: the end of their last
    turn) and `view`, leaving out what the player changed themselves in the turn under way. Without a
    `previous` (a game just resumed) only the sets the View itself knows as changed since the player's last
    turn are marked, and only in their own turn (the View's `recent` speaks of the player to act)."""
    mine = view.current == view.seat
    if previous is None:
        return Changes(sets=frozenset(s.id for s in view.table if s.recent)) if mine else Changes()
    before = _rows(previous)
    sets = frozenset(
        set_id
        for set_id, row in _rows(view).items()
        if before.get(set_id) != row and not (mine and next(s for s in view.table if s.id == set_id).changed)
    )

    def entry(v: RummikubView, seat: int) -> tuple[object, ...]:
        return v.rack_counts[seat], v.melded[seat], bool(v.announced and v.announced[seat])

    seats = frozenset(
        seat for seat in range(len(view.players)) if seat != view.seat and entry(previous, seat) != entry(view, seat)
    )
    discard = (previous.discard_pile_size, previous.discard_top) != (view.discard_pile_size, view.discard_top)
    trump = previous.trump != view.trump
    return Changes(
        sets=sets,
        seats=seats,
        discard=discard and not (mine and view.taken_discard is not None),
        trump=trump and not (mine and view.trump_taken),
    )


def drawn_at_turn_end(view: RummikubView) -> tuple[int, ...]:
    """The rack tiles this player drew as their last turn ended (the standard game's draw, a time-out
    penalty): the turn was over before they could see which, so the rack marks them. Read from the View's
    log, where only this player's copy of those events names the tiles: the lines that closed their last
    turn are the first from `news_from` that name them. (The American and International draw starts a
    turn, in the player's sight, and a time-out there leaves the discard to make.)"""
    labels: list[str] = []
    if view.turn_rules.turn_ends_by_discard:
        return ()
    for entry in view.log[view.news_from :]:
        if entry.args.get("seat") != view.seat:
            break
        labels += entry.args.get("drawn") or ()
    found: list[int] = []
    # A drawn tile joins the rack at its end: of two alike (a second R6), the later one is the new one.
    for label in labels:
        match = next((t.id for t in reversed(view.rack or ()) if tile_label(t) == label and t.id not in found), None)
        if match is not None:
            found.append(match)
    return tuple(found)


def new_mark(marked: bool) -> Text:
    """NEW_MARK and a space to begin a changed entry (nothing for one that did not change)."""
    return Text(NEW_MARK + " ", style=MARK_STYLE) if marked else Text()


@dataclass(frozen=True)
class Cursor:
    """Where the player is pointing: a rack tile, or a gap/tile in a table set (index = position)."""

    zone: str  # "rack" | "table"
    row: int  # table: set index (len(table) = the "new set" line); rack: unused
    index: int  # rack: tile index; table: position in the set (len = after the last tile)



def fill(template: str, style: str = "", **values: str | Text) -> Text:
    """A translated `template` with its `{placeholders}` filled: strings as plain text (a player's name is
    never markup), Text values with their own styles. The words around them keep the language's order."""
    text = Text(style=style)
    for literal, field, _spec, _conversion in string.Formatter().parse(template):
        text.append(literal)
        if field is not None:
            value = values[field]
            text.append_text(value if isinstance(value, Text) else plain(value))
    return text


def tile_text(tile: Tile, meaning: JokerMeaning | None = None) -> Text:
    if tile.colour == JOKER:
        if meaning is not None:
            return Text(f" J={meaning.colour or '?'}{meaning.number} ", style=TILE_STYLES[JOKER])
        return Text("J".center(4), style=TILE_STYLES[JOKER])
    return Text(f"{tile.colour}{tile.number}".center(4), style=TILE_STYLES[tile.colour])


def padded(name: str, width: int, style: str = "") -> Text:
    """A player's name as typed (never markup), padded to `width` terminal cells."""
    text = plain(name, style)
    text.append(" " * max(width - cell_len(text.plain), 0))
    return text


def owner_width(view: RummikubView) -> int:
    """Cells of the widest owner label on the table ("you" or a name)."""
    owners = {s.owner for s in view.table if s.owner is not None}
    labels = [_("you") if owner == view.seat else view.players[owner] for owner in owners]
    return max((cell_len(label) for label in labels), default=0)


def _click(action: str) -> Style:
    return Style(meta={"@click": action})


def set_line(
    view: RummikubView,
    narrator: RummikubNarrator,
    number: int,
    table_set: SetView,
    *,
    cursor: Cursor | None,
    selected: Collection[int],
    played: Collection[int],
    owners: int = 8,
    width: int | None = None,
    new: bool = False,
) -> Text:
    """One set: its number, NEW_MARK when it is `new` (it changed since the player last looked), validity
    mark, owner, tiles (selected reversed, played this turn underlined), what it is and its problem.

    With a `width` (in cells) a set too long for one line goes on below, indented under its first tile:
    tiles break between two tiles, notes and problems between words."""
    row = number - 1
    meanings = {m.tile: m for m in table_set.jokers}
    head = Text()
    # Someone else's turn under way (a computer's, or a guest's at a hosted table): a set not yet valid is one
    # they are still building, not a mistake to point out in red.
    building = not table_set.valid and view.phase == "turn" and view.seat is not None and view.current != view.seat
    if table_set.valid:
        mark = Text(" ✓ ", style="bold green")
    else:
        mark = Text(" … ", style="dim") if building else Text(" ✗ ", style="bold red")
    head.append(f"{number:>2}", style="dim")
    head.append(NEW_MARK if new else " ", style=MARK_STYLE)
    head.append_text(mark)
    if table_set.owner is not None:  # American / International: every meld belongs to its maker
        mine = table_set.owner == view.seat
        owner = _("you") if mine else view.players[table_set.owner]
        head.append_text(padded(owner, owners, "bold" if mine else "dim"))
    tiles: list[Text] = []
    for position, tile in enumerate(table_set.tiles):
        gap_here = cursor is not None and cursor.zone == "table" and cursor.row == row and cursor.index == position
        piece = Text("▏" if gap_here else " ", style="bold yellow")
        face = tile_text(tile, meanings.get(tile.id))
        if tile.id in selected:
            face.stylize("reverse")
        if tile.id in played:
            face.stylize("underline")
        face.stylize(_click(f"screen.click_table({row}, {position})"))
        piece.append_text(face)
        tiles.append(piece)
    at_end = cursor is not None and cursor.zone == "table" and cursor.row == row and cursor.index == len(table_set.tiles)
    end_mark = Text("▏" if at_end else " ", style="bold yellow")
    notes = []
    kind = narrator.set_kind(table_set.kind) if table_set.kind else ""
    has_joker = any(tile.colour == JOKER for tile in table_set.tiles)
    if table_set.locked:  # it held a joker when the turn began: nothing may leave it this turn
        notes.append(_("locked: it holds a joker") if has_joker else _("locked until the turn ends: its joker was freed"))
    elif has_joker and view.options.joker_sets == "locked":
        notes.append(_("joker: locked from the next turn"))
    if table_set.ambiguous_jokers and table_set.owner in (None, view.seat):  # others' melds: not yours to re-read
        notes.append(_("j: switch joker"))
    tails: list[Text] = []
    said = pgettext("set notes", ", ").join(notes)
    if kind and said:  # the kind, then what to know of it: "run (joker: locked from the next turn)"
        said = pgettext("set notes", "{kind} ({notes})").format(kind=kind, notes=said)
    if kind or said:
        tails.append(Text(said or kind, style="dim"))
    if building:
        tails.append(plain(_("{name} is still building it").format(name=view.players[view.current]), "dim italic"))
    elif table_set.problem is not None:
        tails.append(plain("✗ " + narrator.say(table_set.problem), "bold red"))
    if width is None:
        line = head
        for piece in (*tiles, end_mark):
            line.append_text(piece)
        for tail in tails:
            line.append("  ")
            line.append_text(tail)
        return line
    return _laid_out(head, tiles, end_mark, tails, width)


def _laid_out(head: Text, tiles: list[Text], end_mark: Text, tails: list[Text], width: int) -> Text:
    """A set's pieces on as many lines of `width` cells as they need, under its first tile."""
    indent = head.cell_len
    room = max(width - indent, 8)
    lines: list[Text] = [head]
    for piece in tiles:
        if lines[-1].cell_len + piece.cell_len + 1 > width and lines[-1].cell_len > indent:  # 1: the end mark
            lines.append(Text(" " * indent))
        lines[-1].append_text(piece)
    lines[-1].append_text(end_mark)
    for tail in tails:
        if lines[-1].cell_len + 2 + tail.cell_len <= width:
            lines[-1].append("  ")
            lines[-1].append_text(tail)
            continue
        for part in wrap_lines(tail, room):
            lines.append(Text(" " * indent))
            lines[-1].append_text(part)
    return Text("\n").join(lines)


def table_lines(
    view: RummikubView,
    narrator: RummikubNarrator,
    cursor: Cursor | None,
    selected: Collection[int],
    width: int | None = None,
    marked: Collection[int] = (),
) -> tuple[Text, list[int]]:
    """The table, set by set (the `marked` set ids with NEW_MARK), and the line each set starts on (the
    last entry: the new-set line)."""
    text = Text()
    starts: list[int] = []
    row = 0
    played = set(view.played_this_turn)
    if not view.table:
        text.append(_("  The table is empty.") + "\n", style="dim")
        row += 1
    owners = owner_width(view)
    for number, table_set in enumerate(view.table, start=1):
        line = set_line(
            view,
            narrator,
            number,
            table_set,
            cursor=cursor,
            selected=selected,
            played=played,
            owners=owners + 1,
            width=width,
            new=table_set.id in marked,
        )
        starts.append(row)
        row += line.plain.count("\n") + 1
        text.append_text(line)
        text.append("\n")
    starts.append(row)
    new_row = len(view.table)
    on_new = cursor is not None and cursor.zone == "table" and cursor.row == new_row
    new_line = Text("  + " + _("new set"), style="bold reverse" if on_new else "dim")
    new_line.stylize(_click(f"screen.click_table({new_row}, 0)"))
    text.append_text(new_line)
    return text, starts


def rack_lines(
    rack: tuple[Tile, ...], cursor: Cursor | None, selected: Collection[int], per_line: int = 14, marked: Collection[int] = ()
) -> Text:
    """The rack, `per_line` tiles a line: the cursor's mark before its tile, NEW_MARK before a `marked` one."""
    text = Text()
    for index, tile in enumerate(rack):
        if index and index % per_line == 0:
            text.append("\n")
        here = cursor is not None and cursor.zone == "rack" and cursor.index == index
        if here:
            text.append("▕", style="bold yellow")
        else:
            text.append(NEW_MARK if tile.id in marked else " ", style=MARK_STYLE)
        face = tile_text(tile)
        if tile.id in selected:
            face.stylize("reverse")
        face.stylize(_click(f"screen.click_rack({index})"))
        text.append_text(face)
    if not rack:
        text.append(_("(empty)"), style="dim")
    return text


def pack(entries: list[Text], width: int | None, gap: str = "   ") -> Text:
    """`entries` on one line `gap` apart; with a `width`, a new line starts between two entries, never
    inside one (only an entry wider than the whole line still wraps, on lines of its own)."""
    text = Text()
    used = 0
    for entry in entries:
        size = entry.cell_len
        if used and width is not None and used + len(gap) + size > width:
            text.append("\n")
            used = 0
        elif used:
            text.append(gap)
            used += len(gap)
        text.append_text(entry)
        used += size
    return text


def others_line(view: RummikubView, width: int | None = None, marks: Changes = Changes()) -> Text:
    """The other players' rack sizes and whether they have melded; then the pool, or for the American and
    International rule sets the stacks, the discard pile's top and the trump; what changed in `marks`
    with NEW_MARK. With a `width` (in cells), the lines break between two entries only: a name, its tiles
    and its marks stay together."""
    entries: list[Text] = []
    discarding = view.turn_rules.turn_ends_by_discard
    for seat, name in enumerate(view.players):
        if seat == view.seat:
            continue
        count = view.rack_counts[seat]
        entry = new_mark(seat in marks.seats)
        entry.append_text(fill(ngettext("{name} {n} tile", "{name} {n} tiles", count), name=plain(name, "bold"), n=str(count)))
        if discarding:
            entry.append(" " + (_("✓ ice") if view.melded[seat] else _("· no ice")), style="green" if view.melded[seat] else "dim")
            if view.announced and view.announced[seat]:
                entry.append(" " + _("‼ announced"), style="bold yellow")
        elif view.melded[seat]:
            entry.append(" ✓", style="green")
        entries.append(entry)
    if not discarding:
        entries.append(Text(_("Pool {n}").format(n=view.pool_size), style="bold"))
        return pack(entries, width)
    tiles = sum(view.stack_sizes)
    stacks = Text(
        ngettext("Stacks {k} ({n} tile)", "Stacks {k} ({n} tiles)", tiles).format(k=len(view.stack_sizes), n=tiles),
        style="bold",
    )
    discard = new_mark(marks.discard)
    if view.discard_top is None:
        discard.append(_("Discard pile {n}").format(n=view.discard_pile_size), style="bold")
    else:
        top = tile_text(view.discard_top)
        discard.append_text(fill(_("Discard pile {n} top {tile}"), "bold", n=str(view.discard_pile_size), tile=top))
    trump = new_mark(marks.trump)
    if view.trump is None:
        trump.append_text(fill(_("Trump {tile}"), "bold", tile=Text(_("gone"), style="dim")))
    else:
        trump.append_text(fill(_("Trump {tile}"), "bold", tile=tile_text(view.trump)))
        if view.trump_taken:
            trump.append(_(" (you took it: go out this turn)"), style="bold yellow")  # the space: the language's
    return Text("\n").join([pack(entries, width), pack([stacks, discard, trump], width)])


def turn_status(view: RummikubView, narrator: RummikubNarrator) -> Text:
    text = Text()
    seat = view.seat if view.seat is not None else 0
    played = len(view.played_this_turn)
    if view.seat != view.current:  # someone else's turn going on (a computer's, seen from a person's screen)
        text.append(
            ngettext("{name} is playing: {n} tile laid so far this turn.", "{name} is playing: {n} tiles laid so far this turn.", played).format(
                name=narrator.name(view.current), n=played
            )
        )
        return text
    discarding = view.turn_rules.turn_ends_by_discard
    if discarding and view.phase == "draw":
        text.append(_("Start by drawing: d the next face-down tile"), style="bold")
        if view.may_take_discard and view.discard_top is not None:
            text.append(_(" · t takes the discard {tile}").format(tile=tile_label(view.discard_top)), style="bold")
        if view.may_take_trump and view.trump is not None:
            text.append(_(" · w takes the trump {tile} (only to go out this turn)").format(tile=tile_label(view.trump)), style="bold")
        return text
    if not view.melded[seat]:
        need = view.turn_rules.initial_meld
        text.append(
            (_("Breaking the ice: {points}/{need} points. ") if discarding else _("Initial meld: {points}/{need} points from your own new sets. ")).format(
                points=view.meld_points, need=need
            ),
            style="bold",
        )
    text.append(ngettext("Played this turn: {n} tile. ", "Played this turn: {n} tiles. ", played).format(n=played))
    if view.actions_left <= 20:
        left = view.actions_left
        text.append(ngettext("Only {n} more move this turn. ", "Only {n} more moves this turn. ", left).format(n=left), style="bold red")
    if discarding and view.phase == "discard":
        text.append(_("Your time is up: e discards the rack tile under the cursor and ends the turn."), style="bold red")
        return text
    if discarding:
        if view.end_turn_problems:
            text.append_text(plain(_("Cannot discard yet: {problems}").format(problems=problem_list(view, narrator)), "red"))
        else:
            text.append(_("e discards the rack tile under the cursor and ends the turn."), style="bold green")
            if view.going_out_as is not None:
                how = narrator.win_name(view.going_out_as)
                text.append(_(" Discarding now wins ({how}).").format(how=how), style="bold yellow")
        return text
    if view.end_turn_problems:
        text.append_text(plain(_("Cannot end yet: {problems}").format(problems=problem_list(view, narrator)), "red"))
    elif played:
        text.append(_("e ends the turn."), style="bold green")
    return text


def problem_list(view: RummikubView, narrator: RummikubNarrator) -> str:
    """What stands in the way of ending the turn, in one line. Nothing played with the table as it was, the
    draw is there at once: said so (the rule's "or reset the turn and draw" read oddly with nothing to reset)."""
    problems = view.end_turn_problems
    if [problem.kind for problem in problems] == ["nothing_played"] and any(isinstance(a, Draw) for a in view.legal_actions):
        return _("Play at least one tile from your rack, or d draws a tile")
    return narrator.problem_list([narrator.say(problem) for problem in problems])


def colour_legend(narrator: RummikubNarrator) -> str:
    """The tile letters and the colours they stand for: "K black · R red · B blue · O orange · J joker"."""
    return " · ".join(
        _("{letter} {colour}").format(letter=letter, colour=narrator.colour_name(letter)) for letter in "KRBOJ"
    )


def tile_label(tile: Tile) -> str:
    return "J" if tile.colour == JOKER else f"{tile.colour}{tile.number}"
