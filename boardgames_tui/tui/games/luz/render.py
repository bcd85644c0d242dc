"""Luz panels as Rich renderables, built from a LuzView only."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from ....engine.luz.models import COLOURS, ROUNDS, TRICKS_PER_ROUND, TRUMP, FinishedTrick, HandView, LuzView, Play
from ....i18n import _, ngettext
from ....narration import Narrator
from ...text import Paragraph, plain
from ...widgets.cards import HIDDEN_STYLE, card_face, suit_style, suit_text
from ...widgets.news import NEW_MARK
from ....narration.luz import colour_name, how_won, signed

CARD_WIDTH = 3
MARKER = Text("+", style="bold reverse")
# What changed since the viewer last looked: the mark (a symbol, so it reads without colour) in the theme's
# accent, and the changed value itself in bold underline.
NEW_MARK_STYLE = "bold #ffa62b"
NEW_VALUE_STYLE = "bold underline"


def new_mark() -> Text:
    return Text(NEW_MARK, style=NEW_MARK_STYLE)


def marked(text: str, new: bool) -> Text:
    """A value of the table, behind the mark when it changed since the viewer last looked."""
    if not new:
        return plain(text)
    return new_mark().append_text(plain(text, style=NEW_VALUE_STYLE))


def position_key(position: int) -> str:
    """The key that chooses a card: 1-9, then 0 for the tenth."""
    return str((position + 1) % 10)


def keys_text(positions: Iterable[int]) -> str:
    """The keys of these cards as the key bar and prompts say them: "1-8", "3", "1-9,0", "2,5"."""
    ordered = sorted(positions)
    tenth = [position_key(9)] if ordered[-1:] == [9] else []
    head = ordered[:-1] if tenth else ordered
    if len(head) > 1 and head == list(range(head[0], head[-1] + 1)):
        parts = [f"{position_key(head[0])}-{position_key(head[-1])}"]
    else:
        parts = [position_key(p) for p in head]
    return ",".join(parts + tenth)


class Fit:
    """The first of several layouts whose natural width fits the space it is given (else the last one).

    A long name (16 wide characters) must never be cut or wrapped: the compact layouts are a fallback
    that keeps every name whole on one line."""

    def __init__(self, *layouts: RenderableType) -> None:
        self.layouts = layouts

    def choose(self, console: Console, options: ConsoleOptions) -> RenderableType:
        for layout in self.layouts[:-1]:
            if Measurement.get(console, options.update_width(10_000), layout).maximum <= options.max_width:
                return layout
        return self.layouts[-1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.choose(console, options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.choose(console, options))


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
        where += " · " + _("trick {t} of {n}").format(t=view.trick_number, n=TRICKS_PER_ROUND)
    elif view.phase == "over":
        where = _("Game over")
    text.append(" ")
    if view.phase == "over":
        text.append(plain(me, style="bold"))
    elif view.seat is None or view.current == view.seat:
        text.append(_("Your turn, {name}").format(name=me), style="bold")
    else:  # a computer is playing on this person's screen
        text.append(_("{name} to play").format(name=view.players[view.current]), style="bold")
    text.append(f" · {where}")
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


def table_panel(view: LuzView, previous: LuzView | None = None) -> Fit:
    """Everyone else's hand with numbers, and each player's bid, bead, tricks and total: one line per
    player, or the hand on a line of its own under the name when long names would not leave room. A bid,
    a count of tricks or a total that changed since `previous` (the viewer's last look) is marked."""
    return Fit(_table(view, stacked=False, previous=previous), _table(view, stacked=True, previous=previous))


def status_changes(view: LuzView, previous: LuzView | None, seat: int) -> tuple[bool, bool, bool]:
    """Whether `seat`'s bid, tricks won and total changed since `previous` (nothing did when there is no
    `previous`). In a round dealt since, every bid made and every trick won is new."""
    if previous is None:
        return False, False, False
    now, before = view.status[seat], previous.status[seat]
    if previous.round == view.round:
        bid = (now.bid, now.bead) != (before.bid, before.bead)
        won = now.tricks != before.tricks
    else:
        bid, won = now.bid is not None, now.tricks > 0
    return bid, won, now.total != before.total


def anything_marked(view: LuzView, previous: LuzView | None) -> bool:
    """Whether the table marks anything as changed since `previous` (then the legend says what ✦ means)."""
    if previous is None:
        return False
    if previous.last_trick != view.last_trick or _new_plays(view.trick, _seen(previous, view.round, view.trick_number)):
        return True
    return any(any(status_changes(view, previous, seat)) for seat in range(len(view.players)))


def _table(view: LuzView, *, stacked: bool, previous: LuzView | None = None) -> Table:
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    table.add_column(_("Player"), no_wrap=True)
    table.add_column(_("Bid"), justify="right", no_wrap=True)
    table.add_column(_("Won"), justify="right", no_wrap=True)
    table.add_column(_("Total"), justify="right", no_wrap=True)
    if not stacked:
        table.add_column(_("Cards (+ = high end)"), no_wrap=True)
    count = len(view.players)
    seats = [((view.seat or 0) + step) % count for step in range(count)]
    for seat in seats:
        status = view.status[seat]
        name = plain(status.name, style="bold")
        if seat == view.marker:
            name.append(" ☀", style="bold yellow")  # the start marker
        if seat == view.current and view.phase != "over":
            name.append(" ◀", style="bold")
        hand = view.hands[seat]
        cards = Text(_("(you)"), style="italic") if seat == view.seat else hand_row(hand)
        bid_new, won_new, total_new = status_changes(view, previous, seat)
        numbers = (
            marked(bid_text(status.bid, status.bead), bid_new),
            marked(str(status.tricks), won_new),
            marked(str(status.total), total_new),
        )
        if not stacked:
            table.add_row(name, *numbers, cards)
            continue
        table.add_row(name, *numbers)
        if seat != view.seat:  # the hand on its own line, under the name
            table.add_row(Text("  ").append_text(cards), "", "", "")
    return table


class Entries:
    """Entries on one line `gap` apart; when the width runs out, a new line (indented by `indent` cells)
    starts between two entries, never inside one. Only an entry wider than a whole line still wraps."""

    def __init__(self, entries: Sequence[Text], gap: str = "  ", indent: int = 0) -> None:
        self.entries = tuple(entries)
        self.gap = gap
        self.indent = indent

    def lines(self, width: int) -> Text:
        text = Text()
        used = 0
        for entry in self.entries:
            size = entry.cell_len
            if used > self.indent and used + cell_len(self.gap) + size > width:
                text.append("\n" + " " * self.indent)
                used = self.indent
            elif used:
                text.append(self.gap)
                used += cell_len(self.gap)
            text.append_text(entry)
            used += size
        return text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.lines(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((entry.cell_len for entry in self.entries), default=0)
        return Measurement(min(widest, options.max_width), self.lines(10_000).cell_len)


def legend(marked_new: bool = False) -> Text | Entries:
    """What the table's marks mean (✦ too, when something is marked as new: kept whole on its line)."""
    text = Text(_("☀ start marker · ◀ to play · + high end of a hand · 3+● = bid 3, safety bead"), style="dim")
    if not marked_new:
        return text
    new = new_mark().append_text(Text(" " + _("new since your last look"), style="dim"))
    return Entries([text, new], gap=" · ")


def colour_legend() -> Text:
    """Each colour letter and its name (the own hand's border title: own cards show only their letters)."""
    text = Text()
    for index, colour in enumerate(COLOURS):
        if index:
            text.append(" · ")
        text.append_text(suit_text(colour))
        text.append(" " + colour_name(colour))
    return text


def _seen(previous: LuzView | None, round_no: int, number: int) -> tuple[Play, ...] | None:
    """The cards of trick `number` of round `round_no` the viewer saw on the table when they last looked
    (`previous`); None when there is nothing to compare with, and then nothing is marked."""
    if previous is None:
        return None
    last = previous.last_trick
    if last is not None and (last.round, last.number) == (round_no, number):
        return last.plays  # they saw it finished
    if previous.phase == "play" and (previous.round, previous.trick_number) == (round_no, number):
        return previous.trick
    return ()


def _new_plays(plays: Sequence[Play], seen: Sequence[Play] | None) -> set[Play]:
    return set() if seen is None else {play for play in plays if play not in seen}


def _play_entries(view: LuzView, plays: Sequence[Play], seen: Sequence[Play] | None) -> list[Text]:
    """Each play as its player's name and the card face up, marked when the viewer has not seen it."""
    new = _new_plays(plays, seen)
    entries = []
    for play in plays:
        entry = plain(view.players[play.seat] + " ")
        entry.append_text(card_face(play.card.colour, play.card.number, width=CARD_WIDTH))
        if play in new:
            entry.append(" ").append_text(new_mark())
        entries.append(entry)
    return entries


def _won_entry(view: LuzView, trick: FinishedTrick, new: bool) -> Text:
    said = _("{name} won it ({how})").format(name=view.players[trick.winner], how=how_won(trick.led, trick.trumped))
    entry = plain("→ " + said, style="bold")
    if new:
        entry.append(" ").append_text(new_mark())
    return entry


def finished_trick(
    view: LuzView, trick: FinishedTrick, title: Text, previous: LuzView | None = None, after: Sequence[Text] = ()
) -> Entries:
    """A finished trick on one line (broken between entries): its cards in play order and who won it, then
    `after`; what the viewer had not seen when they last looked is marked."""
    entries = _play_entries(view, trick.plays, _seen(previous, trick.round, trick.number))
    news = previous is not None and previous.last_trick != trick
    entries.append(_won_entry(view, trick, news))
    entries.extend(after)
    entries[0] = title + entries[0]  # the title never alone on its line
    return Entries(entries, indent=title.cell_len)


def last_trick_title(view: LuzView, trick: FinishedTrick) -> Text:
    if trick.round != view.round:
        said = _("Last trick (round {r}, trick {n}): ").format(r=trick.round, n=trick.number)
    else:
        said = _("Last trick ({n}): ").format(n=trick.number)
    return Text(said, style="bold")


def trick_panel(view: LuzView, previous: LuzView | None = None, *, news_line: bool = True) -> RenderableType:
    """The trick so far: each play (a name and its card) and the led colour, lines broken between them.

    A finished trick stays on the table, every card and its winner, until the next card is led; and while
    the viewer has not seen the last finished trick (it was finished since they last looked, `previous`),
    it is shown under the trick being played, marked (unless `news_line` is False: no room for it). Cards
    played since that look are marked too."""
    title = Text(_("Trick: "), style="bold")
    last = view.last_trick
    last_is_news = previous is not None and last is not None and previous.last_trick != last
    main: RenderableType
    if view.phase == "bid":
        said = _("bidding — {name} leads the first trick").format(name=view.players[view.first])
        main = Paragraph(plain(said, "italic"), bullet=title)
    elif not view.trick and last is not None and (view.phase == "over" or last.round == view.round):
        # The trick just finished is still on the table: who leads the next one follows it.
        title = Text(_("Trick {n}: ").format(n=last.number), style="bold")
        after = []
        if view.phase == "play":
            leads = _("{name} leads trick {n}").format(name=view.players[view.leader], n=view.trick_number)
            after.append(plain(leads, "italic"))
        main = finished_trick(view, last, title, previous, after)
        last_is_news = False  # it is this line
    elif not view.trick:
        main = Paragraph(plain(_("{name} leads").format(name=view.players[view.leader]), "italic"), bullet=title)
    else:
        entries = _play_entries(view, view.trick, _seen(previous, view.round, view.trick_number))
        entries[0] = title + entries[0]  # "Trick:" never alone on its line
        if view.led_colour:
            led = Text(_("led: {colour}").format(colour=colour_name(view.led_colour)), style="bold")
            if view.led_colour != TRUMP and any(p.card.colour == TRUMP for p in view.trick):
                led.append(" · " + _("trumped by the sun"), style="bold yellow")
            entries.append(led)
        main = Entries(entries, indent=title.cell_len)
    if not (last_is_news and news_line):
        return main
    assert last is not None
    return Group(main, finished_trick(view, last, last_trick_title(view, last), previous))


def last_trick_panel(view: LuzView) -> Group:
    """The last finished trick, to look at again: each player's card in play order, and who won it."""
    trick = view.last_trick
    assert trick is not None
    heading = _("Round {r}, trick {n}").format(r=trick.round, n=trick.number)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    for play in trick.plays:
        won = plain("◀ " + _("won the trick"), style="bold") if play.seat == trick.winner else Text()
        face = card_face(play.card.colour, play.card.number, width=CARD_WIDTH)
        grid.add_row(plain(view.players[play.seat], style="bold"), face, won)
    how = Text(_("led: {colour}").format(colour=colour_name(trick.led)))
    if trick.trumped:
        how.append(" · " + _("trumped by the sun"), style="bold yellow")
    note = Text(_("The cards of earlier tricks stay face down."), style="dim")
    return Group(Text(heading, style="bold"), grid, Text(), how, Text(), note)


def round_summary(view: LuzView, narrator: Narrator) -> Group:
    """The round just finished, for everyone before the next deal is played: each player's bid (and bead),
    tricks won, the round's points and the total; the round's last trick; who deals and bids first next."""
    number = len(view.results)
    row = view.results[-1]
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False, pad_edge=False)
    table.add_column(_("Player"), no_wrap=True)
    table.add_column(_("Bid"), justify="right", no_wrap=True)
    table.add_column(_("Won"), justify="right", no_wrap=True)
    table.add_column(_("Points"), justify="right", no_wrap=True)
    table.add_column(_("Total"), justify="right", style="bold", no_wrap=True)
    for seat, name in enumerate(view.players):
        result = row[seat]
        points = plain(signed(result.points), style="bold" if result.points > 0 else "")
        table.add_row(
            plain(name, style="bold"),
            plain(bid_text(result.bid, result.bead)),
            plain(str(result.tricks)),
            points,
            plain(str(view.status[seat].total)),
        )
    parts: list[RenderableType] = [table, Text(_("3+● = bid 3 with the safety bead"), style="dim")]
    last = view.last_trick
    if last is not None and last.round == number:
        parts += [Text(), finished_trick(view, last, Text(_("Last trick: "), style="bold"))]
    deal = next((entry for entry in reversed(view.log) if entry.kind == "deal"), None)
    if deal is not None and view.round > number:
        parts += [Text(), Paragraph(narrator.event(deal))]
    parts += [Text(), Text(_("Enter or Esc: back to the table"), style="dim")]
    return Group(*parts)


def own_panel(view: LuzView, selected: int | None, playable: Collection[int] | None) -> Group:
    """The viewer's hand as card backs; `playable` greys out the rest (None while bidding)."""
    hand = view.hands[view.seat]  # type: ignore[index]
    side = _("high numbers on the left") if hand.high_side == "left" else _("high numbers on the right")
    count = len(hand.colours)
    title = Text(
        ngettext("Your hand: {n} card, {side}", "Your hand: {n} cards, {side}", count).format(n=count, side=side),
        style="bold",
    )
    parts = [title, hand_row(hand, selected=selected, playable=playable)]
    if selected is not None:
        parts.append(position_row(len(hand.colours), hand.high_side, selected))
    return Group(*parts)


def score_sheet(view: LuzView) -> Group:
    """Bids, beads, tricks and points per round, and the totals: a bid/tricks and a points column per
    round, or, when long names leave no room, one column per round with the points under the bid."""
    if view.phase == "over":  # no round in play
        said = _("bid/tricks won, then points · 3+● = bid 3 with the safety bead")
    else:
        said = _("bid/tricks won, then points · 3+● = bid 3 with the safety bead · … in play")
    legend = Text(said, style="dim")
    return Group(Fit(_sheet(view, stacked=False), _sheet(view, stacked=True)), legend)


def _sheet(view: LuzView, *, stacked: bool) -> Table:
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False, pad_edge=False)
    table.add_column(_("Player"), no_wrap=True)
    for round_number in range(1, ROUNDS + 1):
        heading = _("R{n}").format(n=round_number)
        table.add_column(heading, justify="right", no_wrap=True)
        if not stacked:
            table.add_column(_("pts"), justify="right", no_wrap=True)
    table.add_column(_("Total"), justify="right", style="bold", no_wrap=True)
    for seat, name in enumerate(view.players):
        row: list[Text] = [plain(name)]
        for round_index in range(ROUNDS):
            if round_index < len(view.results):
                result = view.results[round_index][seat]
                cells = (f"{bid_text(result.bid, result.bead)}/{result.tricks}", f"{result.points:+d}")
            elif round_index == view.round - 1 and view.phase != "over":
                status = view.status[seat]
                cells = (f"{bid_text(status.bid, status.bead)}/{status.tricks}", "…")
            else:
                cells = ("", "")
            row += [plain("\n".join(cells).strip("\n"))] if stacked else [plain(cells[0]), plain(cells[1])]
        row.append(plain(str(view.status[seat].total)))
        table.add_row(*row)
    return table


LOG_LINES = 4


def log_paragraphs(view: LuzView, narrator: Narrator) -> list[Paragraph]:
    """The newest LOG_LINES lines of the log, each behind a dot, its later rows indented under its text."""
    return [Paragraph(line, bullet="· ", style="dim") for line in narrator.events(view.log[-LOG_LINES:])]


def recent_log(view: LuzView, narrator: Narrator, rows: int | None = None, width: int = 0) -> Group:
    """The newest lines of the log; with `rows`, only the newest that fit in that many rows `width` cells
    wide, each whole (the newest one always)."""
    paragraphs = log_paragraphs(view, narrator)
    if rows is not None:
        kept: list[Paragraph] = []
        for paragraph in reversed(paragraphs):
            rows -= len(paragraph.lines(width))
            if kept and rows < 0:
                break
            kept.insert(0, paragraph)
        paragraphs = kept
    return Group(*paragraphs)
