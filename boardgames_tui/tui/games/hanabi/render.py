"""Hanabi panels as Rich renderables, built from a HanabiView only.

What changed since the viewer last looked (`Changes`, from the viewer's previous View and the current one)
is marked with NEW_MARK in the first column of the card or cell concerned, in bold: the card just played on
a pile, the discards just made, the cards just drawn into other hands, the cards a clue just touched."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ....engine.hanabi.models import BLACK, MAX_CLUE_TOKENS, MAX_MISFIRES, RANKS, HanabiView, HandView, SlotView
from ....i18n import _, current_language, ngettext
from ...text import Paragraph, plain
from ...widgets.cards import HIDDEN_STYLE, card_face, center_cells, hidden_card, suit_style
from ...widgets.news import NEW_MARK, changed
from ....narration.hanabi import HanabiNarrator, bonus_tile_short_name, colour_name

CARD_WIDTH = 6
NAME_WIDTH = 16  # the narrowest name column: room for the row labels ("  your cards")
ROW_LABEL_WIDTH = 11  # "Fireworks", "Discards" and their translations, padded to line the cards up
NOTE_MARK = "✎"  # on a card the viewer wrote a note on, and before the note's text
NEW_STYLE = Style(bold=True, dim=False)  # with NEW_MARK: the symbol and a style, never a colour alone
NEW_TEXT_STYLE = "bold underline"  # a new card in a row of text (the discards)


@dataclass(frozen=True)
class Changes:
    """What changed on the table since the viewer last looked, worked out from two of its Views only."""

    piles: frozenset[int] = frozenset()  # indexes of the fireworks piles a card was just played on
    discards: frozenset[int] = frozenset()  # ids of the cards discarded (or misfired) since
    drawn: frozenset[int] = frozenset()  # ids of the cards new in other players' hands
    clued: frozenset[tuple[int, int]] = frozenset()  # (seat, slot) of the cards a clue touched since
    misfired: bool = False
    bonus: int = 0  # how many bonus tiles were used since (the newest of `bonus_revealed`)


NO_CHANGES = Changes()


def _clue_heard(before: SlotView | None, now: SlotView, suits: tuple[str, ...]) -> bool:
    """Whether a clue touched this card since: it is touched now, and was not, or what it is known to be
    changed (a second clue naming its other half). A clue that only says what a card is not leaves it."""
    if not now.knowledge.touched:
        return False
    if before is None or not before.knowledge.touched:
        return True
    return knowledge_label(before, suits) != knowledge_label(now, suits)


def changes(previous: HanabiView | None, view: HanabiView) -> Changes:
    """What differs between `previous` (the viewer's View when it last looked; None: unknown, as in a game
    just resumed) and `view`. Both are the same seat's Views: nothing here is more than they show."""
    if previous is None or previous.seat != view.seat or previous.players != view.players:
        return NO_CHANGES
    piles = frozenset(i for i, height in enumerate(view.piles) if i < len(previous.piles) and changed(previous.piles[i], height))
    discards = frozenset(card.id for card in view.discard) - {card.id for card in previous.discard}
    drawn: set[int] = set()
    clued: set[tuple[int, int]] = set()
    for hand, before in zip(view.hands, previous.hands):
        if hand.seat == view.seat:
            # The viewer's own cards stay where they were while the others play: only clues change them.
            earlier: list[SlotView | None] = [*before.slots, *([None] * len(hand.slots))]
        else:
            by_id = {slot.card.id: slot for slot in before.slots if slot.card is not None}
            earlier = [by_id.get(slot.card.id) if slot.card is not None else None for slot in hand.slots]
            drawn.update(slot.card.id for slot in hand.slots if slot.card is not None and slot.card.id not in by_id)
        for index, slot in enumerate(hand.slots):
            if _clue_heard(earlier[index], slot, view.suits):
                clued.add((hand.seat, index))
    return Changes(
        piles=piles,
        discards=discards,
        drawn=frozenset(drawn),
        clued=frozenset(clued),
        misfired=view.misfires > previous.misfires,
        bonus=max(len(view.bonus_revealed) - len(previous.bonus_revealed), 0),
    )


def new_marked(cell: Text) -> Text:
    """`cell` (a card's face, or a label in a card's column) with NEW_MARK in its first column, which is blank
    in every such cell: in the cell's own colours, in bold."""
    style = Style.parse(str(cell.style)) if cell.style else Style()
    return Text(NEW_MARK, style=style + NEW_STYLE) + cell[1:]


def row_label(label: str) -> Text:
    """A row's title padded to ROW_LABEL_WIDTH terminal cells (a Chinese character takes two)."""
    return Text(label + " " * max(ROW_LABEL_WIDTH - cell_len(label), 1), style="bold")


def max_score(view: HanabiView) -> int:
    return 5 * sum(1 for suit in view.suits if suit != BLACK)


def status_line(view: HanabiView, new: Changes = NO_CHANGES) -> Text:
    text = Text()
    tokens = view.clue_tokens
    text.append(_("Clues "), style="bold")
    text.append("●" * tokens, style="bold cyan")
    text.append("○" * (MAX_CLUE_TOKENS - tokens), style="dim")
    text.append(f" {tokens}/{MAX_CLUE_TOKENS}   ")
    text.append(_("Misfires "), style="bold")
    text.append("✗" * view.misfires, style="bold red")
    text.append("·" * (MAX_MISFIRES - view.misfires), style="dim")
    text.append(f" {view.misfires}/{MAX_MISFIRES}")
    if new.misfired:  # in the room of a space, against the count: the line keeps its length
        text.append(NEW_MARK, style=NEW_STYLE)
        text.append("  ")
    else:
        text.append("   ")
    text.append(_("Deck "), style="bold")
    text.append(f"{view.deck_size}   ")
    text.append(_("Score "), style="bold")
    text.append(f"{view.score}/{max_score(view)}")
    if view.final_turns_left is not None:
        left = view.final_turns_left
        text.append(
            "   " + ngettext("Final round: {n} turn left", "Final round: {n} turns left", left).format(n=left),
            style="bold yellow",
        )
    if view.options.five_flamboyants:
        text.append("   " + _("Bonus tiles {n}").format(n=view.bonus_tiles_left))
    return text


def pile_label(view: HanabiView, index: int, new: bool = False) -> Text:
    """A pile's top card (`new`: one was just played on it, marked)."""
    suit, height = view.suits[index], view.piles[index]
    if suit == BLACK:
        # Black is built down from 5: show the last card played, and what comes next.
        top = "—" if height == 0 else str(6 - height)
        face = card_face(suit, top if height else "·", width=CARD_WIDTH)
        after = Text(f" ↓{5 - height}" if height < 5 else " ✓", style="bold")
    else:
        face = card_face(suit, height if height else "·", width=CARD_WIDTH)
        after = Text(" ✓" if height == 5 else "  ", style="bold green")
    return (new_marked(face) if new else face) + after


def fireworks_panel(view: HanabiView, new: Changes = NO_CHANGES) -> Text:
    text = row_label(_("Fireworks"))
    for index in range(len(view.suits)):
        text.append_text(pile_label(view, index, index in new.piles))
        text.append(" ")
    return text


def discard_panel(view: HanabiView, new: Changes = NO_CHANGES) -> Text:
    """The discards by colour ("R:1,3  Y:4"); a colour with new ones marked, the new numbers in bold. The
    numbers are set apart: testers read "W:14" as fourteen."""
    text = row_label(_("Discards"))
    if not view.discard:
        text.append(_("none"), style="dim")
        return text
    for suit in view.suits:
        cards = sorted((card for card in view.discard if card.suit == suit), key=lambda card: (card.rank, card.id))
        if not cards:
            continue
        fresh = [card.id in new.discards for card in cards]
        if any(fresh):
            text.append(NEW_MARK, style=NEW_STYLE)
        text.append(f"{suit}", style=suit_style(suit))
        text.append(":")
        # The same number twice, one of them new: the new one is drawn last, after the one already seen.
        for place, (card, is_new) in enumerate(sorted(zip(cards, fresh), key=lambda pair: (pair[0].rank, pair[1]))):
            if place:
                text.append(",")
            text.append(str(card.rank), style=NEW_TEXT_STYLE if is_new else "")
        text.append("  ")
    return text


def card_cell(label: str, style: str = "") -> Text:
    """`label` placed in a card's column as `card_face` places a card's code, so that what the holder was
    told ("*R?") sits under the card it is about ("R3"). Rich would centre the label again after taking
    its trailing spaces off, a cell further right for a code than for a label one character longer."""
    return Text(center_cells(label, CARD_WIDTH), style=style, justify="left")


def knowledge_label(slot: SlotView, suits: tuple[str, ...]) -> str:
    """What the holder has been told, compactly: 'R?' colour known, '?3' number known, '*' touched."""
    known_suit = slot.knowledge.suits[0] if len(slot.knowledge.suits) == 1 else "?"
    known_rank = str(slot.knowledge.ranks[0]) if len(slot.knowledge.ranks) == 1 else "?"
    return f"{known_suit}{known_rank}"


def negative_label(slot: SlotView, suits: tuple[str, ...]) -> str:
    not_suits = [s for s in suits if s not in slot.knowledge.suits]
    not_ranks = [str(r) for r in RANKS if r not in slot.knowledge.ranks]
    if len(slot.knowledge.suits) == 1:
        not_suits = []
    if len(slot.knowledge.ranks) == 1:
        not_ranks = []
    # Colours and numbers apart ("≠RYGBK ≠123"): each part fits a card's width, and a long label wraps
    # between them instead of losing its end.
    parts = ["≠" + "".join(letters) for letters in (not_suits, not_ranks) if letters]
    return " ".join(parts)


def other_hand(
    view: HanabiView,
    hand: HandView,
    number: int | None,
    *,
    highlight: Collection[int] = (),
    current: bool = False,
    name_width: int = NAME_WIDTH,
    notes: Mapping[int, str] | None = None,
    new: Changes = NO_CHANGES,
) -> RenderableType:
    """Another player's hand: the cards face up, and under them what that player has been told.

    `name_width` fits the longest name (after its number) on one line: names are never wrapped. `notes` are
    the viewer's own notes on these cards, by slot: given only for the viewer's screen. `new` marks the cards
    drawn and the cards clued since the viewer last looked."""
    notes = notes or {}
    table = Table.grid(padding=(0, 1))
    table.add_column(width=name_width, no_wrap=True, overflow="ellipsis")
    for _slot in hand.slots:
        table.add_column(width=CARD_WIDTH)
    name = Text()
    if number is not None:
        name.append(f"{number} ", style="bold reverse")
    name.append_text(plain(hand.name, style="bold"))
    if current:
        name.append(" ◀", style="bold")
    faces: list[RenderableType] = [name]
    told: list[RenderableType] = [Text(_("  knows"), style="dim")]
    marks: list[RenderableType] = [Text("")]
    for index, slot in enumerate(hand.slots):
        card = slot.card
        face = card_face(card.suit, card.rank, width=CARD_WIDTH) if card else hidden_card(width=CARD_WIDTH)
        faces.append(new_marked(face) if card is not None and card.id in new.drawn else face)
        label = ("*" if slot.knowledge.touched else " ") + knowledge_label(slot, view.suits)
        cell = card_cell(label, "bold" if slot.knowledge.touched else "dim")
        if (hand.seat, index) in new.clued:
            cell = new_marked(cell)
        if index in notes:  # in the cell's last column, so the label stays under the card's code
            cell = cell[: CARD_WIDTH - 1] + Text(NOTE_MARK, style="bold")
        told.append(cell)
        marks.append(card_cell("▲▲▲", "bold reverse") if index in highlight else Text(""))
    table.add_row(*faces)
    table.add_row(*told)
    if highlight:
        table.add_row(*marks)
    if notes:
        return Group(table, notes_row(notes, name_width))
    return table


def notes_row(notes: Mapping[int, str], name_width: int) -> Table:
    """The viewer's notes on one hand's cards, each after its card's number ("✎2 chop?"), wrapped under
    the cards. A note is the player's own text: shown as typed, never as markup."""
    text = Text()
    for index, (slot, note) in enumerate(sorted(notes.items())):
        if index:
            text.append("  ")
        text.append(f"{NOTE_MARK}{slot + 1} ", style="bold")
        text.append_text(plain(note, style="italic"))
    row = Table.grid(padding=(0, 1), expand=True)
    row.add_column(width=name_width, no_wrap=True, overflow="ellipsis")
    row.add_column(ratio=1)
    row.add_row(Text(_("  notes"), style="dim"), Paragraph(text))
    return row


def own_hand(
    view: HanabiView,
    hand: HandView,
    selected: int | None,
    *,
    name_width: int = NAME_WIDTH,
    notes: Mapping[int, str] | None = None,
    new: Changes = NO_CHANGES,
) -> Group:
    """The viewer's own hand: never a card identity, only what clues and the table tell them.

    The viewer's name is the panel's title; `name_width` lines the cards up with the other hands'. `notes`
    are the viewer's notes on these cards, by slot; `new` marks the ones a clue touched since the viewer last
    looked (the clue is in the viewer's View)."""
    notes = notes or {}
    table = Table.grid(padding=(0, 1))
    table.add_column(width=name_width, no_wrap=True, overflow="ellipsis")
    for _slot in hand.slots:
        table.add_column(width=CARD_WIDTH)
    slot_numbers: list[RenderableType] = [Text(_("  card"), style="dim")]
    faces: list[RenderableType] = [Text(_("  your cards"), style="dim")]
    negatives: list[RenderableType] = [Text(_("  not"), style="dim")]
    counts: list[RenderableType] = [Text(_("  could be"), style="dim")]
    for index, slot in enumerate(hand.slots):
        mark = "▶" if index == selected else " "
        number = Text(f" {mark}{index + 1}", style="bold")  # the number over the label's first letter
        if index == selected:
            number.stylize("reverse", 1)
        if index in notes:
            number.append(NOTE_MARK)
        slot_numbers.append(number)
        label = ("*" if slot.knowledge.touched else " ") + knowledge_label(slot, view.suits)
        known_suit = slot.knowledge.suits[0] if len(slot.knowledge.suits) == 1 else None
        # A card whose colour is known is drawn in that colour; its number may still be "?".
        face = card_cell(label, suit_style(known_suit) if known_suit else HIDDEN_STYLE)
        faces.append(new_marked(face) if (hand.seat, index) in new.clued else face)
        negatives.append(Text(negative_label(slot, view.suits), style="italic", justify="center", overflow="fold"))
        count = len(slot.possible)
        counts.append(card_cell(ngettext("{n} id", "{n} ids", count).format(n=count), "dim"))
    table.add_row(*slot_numbers)
    table.add_row(*faces)
    table.add_row(*negatives)
    table.add_row(*counts)
    parts: list[RenderableType] = [table]
    if notes:
        parts.append(notes_row(notes, name_width))
    line = could_be_line(hand, selected)
    if line is not None:
        parts.append(line)
    return Group(*parts)


def could_be_line(hand: HandView, selected: int | None) -> Text | None:
    """What the selected own card could still be, from what the viewer knows ("Slot 2 could be: R1 Y1 …"):
    the last line of the own hand, None when no card is selected."""
    if selected is None or selected >= len(hand.slots):
        return None
    possible = hand.slots[selected].possible
    line = Text(_("Slot {n} could be: ").format(n=selected + 1), style="bold")
    for identity in possible:
        line.append(identity, style=suit_style(identity[0]))
        line.append(" ")
    if not possible:
        line.append(_("(nothing left — impossible?)"), style="dim")
    return line


def bonus_panel(view: HanabiView, new: Changes = NO_CHANGES) -> Table | None:
    """The bonus tiles already used, by their short names: spaces between tiles only, so a narrow screen
    wraps the row between two tiles (Chinese has no spaces of its own to wrap at), under the first tile.
    The ones used since the viewer last looked are marked."""
    if not view.options.five_flamboyants or not view.bonus_revealed:
        return None
    first_new = len(view.bonus_revealed) - new.bonus
    tiles = Text()
    for index, tile in enumerate(view.bonus_revealed):
        if index:
            tiles.append("  ")
        if index >= first_new:
            tiles.append(NEW_MARK, style=NEW_STYLE)
        tiles.append(bonus_tile_short_name(tile), style=NEW_STYLE if index >= first_new else "")
    row = Table.grid(expand=True)
    row.add_column(width=ROW_LABEL_WIDTH, no_wrap=True)
    row.add_column(ratio=1)
    row.add_row(row_label(_("Bonus used")), tiles)
    return row


def colour_legend(view: HanabiView) -> Text | None:
    """What each colour letter stands for, where the letters are not the colours' own initials."""
    if current_language() == "en":
        return None
    text = row_label(_("Colours"))
    for suit in view.suits:
        text.append(suit, style=suit_style(suit))
        text.append(colour_name(suit) + "  ")
    return text


def legend_and_convention(view: HanabiView, convention: str | None) -> Text | None:
    """The colour legend and the table's convention on one line (a line saved matters at 80x24)."""
    legend = colour_legend(view)
    label = Text(_("Conventions: {c}").format(c=convention), style="italic") if convention else None
    if legend is None or label is None:
        return legend or label
    legend.append(" ")
    legend.append_text(label)
    return legend

