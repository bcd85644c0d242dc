"""Hanabi panels as Rich renderables, built from a HanabiView only."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ....engine.hanabi.models import BLACK, MAX_CLUE_TOKENS, MAX_MISFIRES, RANKS, HanabiView, HandView, SlotView
from ....i18n import _, current_language, ngettext
from ...text import Paragraph, plain
from ...widgets.cards import HIDDEN_STYLE, card_face, center_cells, hidden_card, suit_style
from .narrate import HanabiNarrator, bonus_tile_short_name, colour_name

CARD_WIDTH = 6
NAME_WIDTH = 16  # the narrowest name column: room for the row labels ("  your cards")
ROW_LABEL_WIDTH = 11  # "Fireworks", "Discards" and their translations, padded to line the cards up
NOTE_MARK = "✎"  # on a card the viewer wrote a note on, and before the note's text


def row_label(label: str) -> Text:
    """A row's title padded to ROW_LABEL_WIDTH terminal cells (a Chinese character takes two)."""
    return Text(label + " " * max(ROW_LABEL_WIDTH - cell_len(label), 1), style="bold")


def max_score(view: HanabiView) -> int:
    return 5 * sum(1 for suit in view.suits if suit != BLACK)


def status_line(view: HanabiView) -> Text:
    text = Text()
    tokens = view.clue_tokens
    text.append(_("Clues "), style="bold")
    text.append("●" * tokens, style="bold cyan")
    text.append("○" * (MAX_CLUE_TOKENS - tokens), style="dim")
    text.append(f" {tokens}/{MAX_CLUE_TOKENS}   ")
    text.append(_("Misfires "), style="bold")
    text.append("✗" * view.misfires, style="bold red")
    text.append("·" * (MAX_MISFIRES - view.misfires), style="dim")
    text.append(f" {view.misfires}/{MAX_MISFIRES}   ")
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


def pile_label(view: HanabiView, index: int) -> Text:
    suit, height = view.suits[index], view.piles[index]
    if suit == BLACK:
        # Black is built down from 5: show the last card played, and what comes next.
        top = "—" if height == 0 else str(6 - height)
        label = card_face(suit, top if height else "·", width=CARD_WIDTH)
        return label + Text(f" ↓{5 - height}" if height < 5 else " ✓", style="bold")
    face = card_face(suit, height if height else "·", width=CARD_WIDTH)
    return face + Text(" ✓" if height == 5 else "  ", style="bold green")


def fireworks_panel(view: HanabiView) -> Text:
    text = row_label(_("Fireworks"))
    for index in range(len(view.suits)):
        text.append_text(pile_label(view, index))
        text.append(" ")
    return text


def discard_panel(view: HanabiView) -> Text:
    text = row_label(_("Discards"))
    if not view.discard:
        text.append(_("none"), style="dim")
        return text
    for suit in view.suits:
        ranks = sorted(card.rank for card in view.discard if card.suit == suit)
        if not ranks:
            continue
        text.append(f"{suit}", style=suit_style(suit))
        text.append(":" + "".join(str(r) for r in ranks) + "  ")
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
) -> RenderableType:
    """Another player's hand: the cards face up, and under them what that player has been told.

    `name_width` fits the longest name (after its number) on one line: names are never wrapped. `notes` are
    the viewer's own notes on these cards, by slot: given only for the viewer's screen."""
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
        faces.append(face)
        label = ("*" if slot.knowledge.touched else " ") + knowledge_label(slot, view.suits)
        cell = card_cell(label, "bold" if slot.knowledge.touched else "dim")
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
) -> Group:
    """The viewer's own hand: never a card identity, only what clues and the table tell them.

    The viewer's name is the panel's title; `name_width` lines the cards up with the other hands'. `notes`
    are the viewer's notes on these cards, by slot."""
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
        faces.append(card_cell(label, suit_style(known_suit) if known_suit else HIDDEN_STYLE))
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
    if selected is not None and selected < len(hand.slots):
        possible = hand.slots[selected].possible
        line = Text(_("Slot {n} could be: ").format(n=selected + 1), style="bold")
        for identity in possible:
            line.append(identity, style=suit_style(identity[0]))
            line.append(" ")
        if not possible:
            line.append(_("(nothing left — impossible?)"), style="dim")
        parts.append(line)
    return Group(*parts)


def bonus_panel(view: HanabiView) -> Table | None:
    """The bonus tiles already used, by their short names: spaces between tiles only, so a narrow screen
    wraps the row between two tiles (Chinese has no spaces of its own to wrap at), under the first tile."""
    if not view.options.five_flamboyants or not view.bonus_revealed:
        return None
    row = Table.grid(expand=True)
    row.add_column(width=ROW_LABEL_WIDTH, no_wrap=True)
    row.add_column(ratio=1)
    row.add_row(row_label(_("Bonus used")), Text("  ".join(bonus_tile_short_name(tile) for tile in view.bonus_revealed)))
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


def recent_log(view: HanabiView, narrator: HanabiNarrator, lines: int = 5) -> RenderableType:
    said = narrator.events(view.log[-lines:])
    if not said:
        return Text()
    return Group(*(Paragraph(line, bullet="· ", style="dim") for line in said))
