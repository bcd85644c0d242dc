"""Lifeboat panels as Rich text, built from one seat's View (and the screen's cursors) only.

Colour is never the only signal: every status has its symbol (✚ conscious, ☾ unconscious, ✝ dead,
≈ lost at sea), every marker its letter, and what changed since the seat last looked (`changes`, from two
Views of that seat) its ✦. Everything is sized for an 80-column terminal and nothing is cut:
long lines wrap between names, never inside one, and a player's name is always shown whole.

Names and log lines are text that players typed (or that quotes it): they only ever go into Rich `Text`
(never parsed as markup) through `printable`, so `[b]Al[/i]`, `[dad]` or a backslash show as typed.

Every word is said in the current language when a panel is drawn (tables of words are marked with N_ and
translated where shown); the log is the game's events said by the narrator. Widths are terminal cells
(`cell_len`: a Chinese character takes two).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.cells import cell_len
from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ....engine.base import Event
from ....engine.lifeboat.data import (
    CARD_EFFECT,
    CARD_TYPE,
    CARD_WEAPON,
    CHARACTER_INDEX,
    CHARACTERS,
    SUPPLY_TYPES,
    NavCard,
    navigation_cards,
)
from ....engine.lifeboat.models import LifeboatView, SeatView
from ....i18n import N_, _, ngettext, pgettext
from ...text import Paragraph, printable, wrapped
from ...widgets.news import NEW_MARK, changed
from ....narration.lifeboat import LifeboatNarrator, card_name, card_text, character_name, status_word

WIDTH = 78  # the text width of an 80-column terminal (the panels have one cell of padding each side)


def flow(head: Text, items: Sequence[Text | tuple[str, Text]], width: int, sep: str = ", ", indent: int = 2) -> Text:
    """`head` then `items` separated by `sep`, broken into lines only between items (a name stays whole;
    an item wider than a line wraps on its own). An item given as (joiner, text) is preceded by its own
    joiner instead of `sep`; a line that breaks there ends with the joiner, stripped."""
    joiners = [entry[0] if isinstance(entry, tuple) else sep for entry in items]
    out = head.copy()
    line = out.cell_len
    for i, entry in enumerate(items):
        item = entry[1] if isinstance(entry, tuple) else entry
        joiner = joiners[i]
        piece = Text(joiner if i else "") + item
        # room for the joiner that ends this line if the next item has to go on the next one
        trailing = cell_len(joiners[i + 1].rstrip()) if i + 1 < len(items) else 0
        if i and line + piece.cell_len + trailing > width:
            out.append(joiner.rstrip() + "\n" + " " * indent)
            piece = item.copy()
            line = indent
        out.append_text(piece)
        line += piece.cell_len
    return out

STATUS_MARK: dict[str, str] = {"conscious": "✚", "unconscious": "☾", "dead": "✝", "lost": "≈"}
STATUS_STYLE: dict[str, str] = {
    "conscious": "bold green",
    "unconscious": "bold yellow",
    "dead": "bold red",
    "lost": "bold blue",
}
# Short character names for the compact navigation cards.
SHORT_NAME: dict[str, str] = {
    "lady_lauren": N_("Lauren"),
    "sir_stephen": N_("Stephen"),
    "captain": N_("Captain"),
    "first_mate": N_("Mate"),
    "frenchy": N_("Frenchy"),
    "kid": N_("Kid"),
}
# Short card names for chips and face-up lists ({n}: a painting's value or a weapon's bonus).
SHORT_CARD: dict[str, str] = {
    "water": N_("Water"),
    "cash": N_("Cash"),
    "jewels": N_("Jewels"),
    "painting": N_("Painting {n}"),
    "medical_kit": N_("Med kit"),
    "oar": N_("Oar +{n}"),
    "blackjack": N_("Blackjack +{n}"),
    "knife": N_("Knife +{n}"),
    "gaffing_hook": N_("Hook +{n}"),
    "flare_gun": N_("Flare gun +{n}"),
    "chum": N_("Chum"),
    "life_preserver": N_("Preserver"),
    "compass": N_("Compass"),
    "parasol": N_("Parasol"),
}
CARD_STYLE: dict[str, str] = {
    "water": "bold white on blue3",
    "cash": "bold black on green3",
    "jewels": "bold black on magenta",
    "painting": "bold black on gold1",
    "medical_kit": "bold white on red3",
    "oar": "bold white on grey35",
    "weapon": "bold white on grey35",
    "flare_gun": "bold white on dark_orange3",
    "chum": "bold white on dark_red",
    "life_preserver": "bold black on orange1",
    "compass": "bold black on cyan",
    "parasol": "bold black on plum2",
}
PICKED_MARK = "✓"


def labelled(word: str) -> str:
    """'Hand: ' — a heading before what it introduces."""
    return _("{label}: ").format(label=word)


def click(action: str) -> Style:
    return Style(meta={"@click": action})


# What changed since the seat last looked ---------------------------------------------------------------


@dataclass(frozen=True)
class Changes:
    """What differs between the table as a seat last saw it and as it is now, from two Views of that seat
    only: each part is marked with NEW_MARK (and `style`, never colour alone) where the table shows it."""

    style: str = "bold"
    moved: frozenset[int] = frozenset()  # seats whose place in the boat changed (a swap)
    hurt: frozenset[int] = frozenset()  # seats whose wounds or status changed
    hands: frozenset[int] = frozenset()  # seats holding more or fewer cards (a card kept, taken, played)
    flags: dict[int, frozenset[str]] = field(default_factory=dict)  # per seat, its markers that are new ("F")
    face_up: dict[int, frozenset[int]] = field(default_factory=dict)  # per seat, its cards newly face up
    own_hand: frozenset[int] = frozenset()  # the viewer's own cards that are new in its hand
    decks: frozenset[str] = frozenset()  # "seagulls", "supply", "navigation", "row_pile", "discard"

    def mark(self, text: Text, on: bool) -> Text:
        """`text`, marked when `on`."""
        return Text(NEW_MARK, style=self.style) + text if on else text


NO_CHANGES = Changes()


def changes(before: LifeboatView | None, after: LifeboatView, style: str = "bold") -> Changes:
    """What changed between `before` (None: not known, nothing is marked) and `after`, two Views of one seat."""
    if before is None or before.seat != after.seat or len(before.seats) != len(after.seats):
        return NO_CHANGES
    # A swap changes the order of the seats still aboard; someone lost at sea ahead moves nobody.
    kept_before = [x for x in before.boat if x in after.boat]
    kept_after = [x for x in after.boat if x in before.boat]
    moved = frozenset(x for x, y in zip(kept_after, kept_before) if x != y)
    hurt: set[int] = set()
    hands: set[int] = set()
    flags: dict[int, frozenset[str]] = {}
    face_up: dict[int, frozenset[int]] = {}
    for old, new in zip(before.seats, after.seats):
        x = new.seat
        if changed(old.wounds, new.wounds) or changed(old.status, new.status):
            hurt.add(x)
        if changed(old.hand_size, new.hand_size) and new.status != "lost":
            hands.add(x)
        gained = {letter for letter, _style in flag_letters(after, new)}
        gained -= {letter for letter, _style in flag_letters(before, old)}
        if gained:
            flags[x] = frozenset(gained)
        up = frozenset(new.face_up) - frozenset(old.face_up)
        if up:
            face_up[x] = up
    own: frozenset[int] = frozenset()
    if after.seat is not None:
        own = frozenset(after.seats[after.seat].hand or ()) - frozenset(before.seats[after.seat].hand or ())
    decks = {
        name
        for name, old_value, new_value in (
            ("seagulls", before.seagulls, after.seagulls),
            ("supply", before.supply_size, after.supply_size),
            ("navigation", before.navigation_size, after.navigation_size),
            ("row_pile", before.row_pile_size, after.row_pile_size),
            ("discard", len(before.discard), len(after.discard)),
        )
        if changed(old_value, new_value)
    }
    return Changes(
        style=style,
        moved=moved,
        hurt=frozenset(hurt),
        hands=frozenset(hands),
        flags=flags,
        face_up=face_up,
        own_hand=own,
        decks=frozenset(decks),
    )


# Cards ------------------------------------------------------------------------------------------------


def short_card(card: int) -> str:
    """'Water', 'Cash', 'Painting 3', 'Knife +3', 'Flare gun +8', 'Preserver' ..."""
    t = SUPPLY_TYPES[CARD_TYPE[card]]
    label = SHORT_CARD.get(t.key) or SHORT_CARD[t.effect]
    return _(label).format(n=t.points if t.effect == "painting" else t.weapon)


def card_chip(card: int, *, opened: bool = False) -> Text:
    label = short_card(card) + (" ☂" if opened else "")
    return Text(f" {label} ", style=CARD_STYLE.get(CARD_EFFECT[card], "bold"))


def face_up_text(seat: SeatView, changes: Changes = NO_CHANGES) -> Text:
    """Face-up cards, identical ones counted: 'Oar +1 ×2, Knife +3, Parasol ☂' (a kind with a card put face
    up since the seat last looked marked ✦)."""
    counts: dict[int, int] = {}
    first: dict[int, int] = {}
    for card in seat.face_up:
        t = CARD_TYPE[card]
        counts[t] = counts.get(t, 0) + 1
        first.setdefault(t, card)
    new = {CARD_TYPE[card] for card in changes.face_up.get(seat.seat, ())}
    out = Text()
    for t, n in counts.items():
        if out:
            out.append(_(", "))
        if t in new:
            out.append(NEW_MARK, style=changes.style)
        card = first[t]
        label = short_card(card)
        if CARD_EFFECT[card] == "parasol" and seat.parasol_open:
            label += " ☂"
        out.append(label, style="bold")
        if n > 1:
            out.append(f" ×{n}")
    return out


def card_words(card: int) -> str:
    """A card in words, for the detail line: its name and what it does."""
    return _("{card}: {text}").format(card=card_name(card), text=card_text(card))


def weapons(cards: Sequence[int]) -> int:
    return sum(CARD_WEAPON[c] for c in cards)


# Navigation cards ---------------------------------------------------------------------------------------


def aboard(view: LifeboatView) -> tuple[int, ...]:
    """The characters (indices) in the boat: the only ones a navigation card is read for."""
    return tuple(sorted(CHARACTER_INDEX[view.seats[seat].character] for seat in view.boat))


def _nav_names(chars: Sequence[int], present: Sequence[int], everyone: str, nobody: str) -> str:
    """'Kid', 'Stephen,Captain', 'all', 'all but Lauren' (four or more named): only characters `present`."""
    chars = [c for c in chars if c in present]
    if not chars:
        return nobody
    if len(chars) == len(present):
        return everyone
    comma = pgettext("between short names on a navigation card", ",")
    if len(chars) >= 4:
        rest = [c for c in present if c not in chars]
        return _("all but {names}").format(names=comma.join(_(SHORT_NAME[CHARACTERS[c].key]) for c in rest))
    return comma.join(_(SHORT_NAME[CHARACTERS[c].key]) for c in chars)


def nav_card(view: LifeboatView, index: int) -> NavCard:
    return navigation_cards(view.options.disputed_cards)[index]


def nav_short(card: NavCard, present: Sequence[int] | None = None) -> Text:
    """A navigation card in one short line, read for the characters `present` (default: all six):
    'N16  over: Kid  thirst: all but Lauren +rowers +fighters  gull +1'. The gull stands apart from
    the thirst list: it moves the boat, it is not a thirsty party."""
    present = tuple(range(len(CHARACTERS))) if present is None else tuple(present)
    over = [c for c in card.overboard if c in present]
    thirsty = [c for c in card.thirsty if c in present]
    out = Text(card.id, style="bold")
    out.append("  " + _("over: "), style="dim")
    out.append(_nav_names(over, present, _("all"), _("none")), style="bold blue" if over else "")
    out.append("  " + _("thirst: "), style="dim")
    out.append(_nav_names(thirsty, present, _("all"), _("none")), style="bold" if thirsty else "")
    if card.rowers_thirsty:
        out.append(" +" + _("rowers"))
    if card.fighters_thirsty:
        out.append(" +" + _("fighters"))
    if card.bird > 0:
        out.append("  " + _("gull +1"), style="bold")
    elif card.bird < 0:
        out.append("  " + _("gull −1"), style="bold")
    return out


# Header and table ----------------------------------------------------------------------------------------

PHASE_WORD: dict[str, str] = {
    "draft": N_("supply"),
    "action": N_("actions"),
    "trade_offer": N_("trade"),
    "trade_answer": N_("trade"),
    "trade_confirm": N_("trade"),
    "respond": N_("give in or fight"),
    "fight": N_("fight"),
    "row": N_("rowing"),
    "navigate": N_("navigation"),
    "pick": N_("navigation"),
    "overboard": N_("overboard"),
    "thirst": N_("thirst"),
    "over": N_("game over"),
}


def name(view: LifeboatView, seat: int) -> str:
    """A player's name as typed (only control characters replaced): for Rich `Text`, never markup."""
    return printable(view.seats[seat].player)


def who(view: LifeboatView, seat: int) -> str:
    """'Ana (Lady Lauren)'."""
    return _("{name} ({character})").format(name=name(view, seat), character=character_name(view.seats[seat].character))


def header(view: LifeboatView, title: str, width: int = WIDTH + 2) -> Text:
    """The title line; the player's name is always whole (a long one drops the words around it first)."""
    out = Text()
    out.append(f" {printable(title)} ", style="bold reverse")
    out.append(" " + _("Round {r} · {phase}").format(r=view.round, phase=_(PHASE_WORD[view.phase])))
    if view.seat is not None:
        player = name(view, view.seat)
        mine = _("{name}'s private screen").format(name=player)
        if out.cell_len + 3 + cell_len(mine) > width:
            mine = player
        out.append(" · " + mine, style="bold")
    return out


def seagull_text(view: LifeboatView, changes: Changes = NO_CHANGES) -> Text:
    out = changes.mark(Text(_("Seagulls") + " "), "seagulls" in changes.decks)
    out.append("▲" * view.seagulls, style="bold")
    out.append("△" * max(0, view.seagulls_to_end - view.seagulls), style="dim")
    out.append(f" {view.seagulls}/{view.seagulls_to_end}")
    return out


def decks_line(view: LifeboatView, changes: Changes = NO_CHANGES) -> Text:
    """The seagulls and the size of every pile; what changed since the seat last looked is marked."""
    out = seagull_text(view, changes)
    parts = [
        ("supply", _("supply {n}").format(n=view.supply_size)),
        ("navigation", _("navigation {n}").format(n=view.navigation_size)),
        ("row_pile", _("row pile {n}").format(n=view.row_pile_size)),
        ("discard", _("discard {n}").format(n=len(view.discard))),
    ]
    for name, said in parts:
        out.append(" · ")
        out.append_text(changes.mark(Text(said), name in changes.decks))
    return out


def flag_letters(view: LifeboatView, s: SeatView) -> list[tuple[str, str]]:
    """Short public markers as (letter, style): A/D fight side, R rowed, F fought, ~ in the water, T2 thirst,
    ⚓ navigator."""
    out: list[tuple[str, str]] = []
    if s.fight_side == "attacker":
        out.append(("A", "bold red"))
    elif s.fight_side == "defender":
        out.append(("D", "bold cyan"))
    if s.rowed:
        out.append(("R", ""))
    if s.fought:
        out.append(("F", ""))
    if s.overboard:
        out.append(("~", "bold blue"))
    if s.thirst:
        out.append((f"T{s.thirst}", "bold yellow"))
    if view.navigator == s.seat and view.phase not in ("over",):
        out.append(("⚓", ""))
    return out


def flags(view: LifeboatView, s: SeatView, changes: Changes = NO_CHANGES) -> Text:
    """The seat's markers, the ones new since the seat last looked marked (one mark before a run of them,
    set off by a space from older ones before it: "RF ✦T1", not "RF✦T1", which read as one more marker)."""
    new = changes.flags.get(s.seat, frozenset())
    out = Text()
    after_new = False
    for letter, style in flag_letters(view, s):
        fresh = letter in new
        starts_run = fresh and not after_new
        if starts_run and out:
            out.append(" ")
        out.append_text(changes.mark(Text(letter, style=style), starts_run))
        after_new = fresh
    return out


def boat_table(view: LifeboatView, width: int = WIDTH, changes: Changes = NO_CHANGES) -> Table:
    """One row per seat from bow to stern, then those lost at sea. Names are never cut: when they are
    long, the status shows its symbol only (the legend and `?` say what it means). What changed since the
    seat last looked is marked: a new place, wounds, the number of cards in hand, markers, face-up cards."""
    names = [name(view, s.seat) for s in view.seats]
    statuses = [f"{STATUS_MARK[s.status]} {status_word(s.status)}" for s in view.seats]
    characters = [character_name(s.character) for s in view.seats]
    # the cells the change marks take, one per column that has one
    marks = sum(1 for part in (changes.moved, changes.hurt, changes.hands, changes.flags) if part)
    # mark, character, W/S, hand, the markers and the gaps, then the player and status columns and room for
    # face-up cards
    fixed = 2 + max(11, *map(cell_len, characters)) + 3 + 4 + 4 + 7 + marks
    words = fixed + max(map(cell_len, names)) + max(map(cell_len, statuses)) + 16 <= width
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, expand=False, header_style="bold dim")
    table.add_column("", no_wrap=True, width=3 if changes.moved else 2)  # ▶ whose decision, and the position
    table.add_column(_("Bow→stern"), no_wrap=True, min_width=11)
    table.add_column(_("Player"), no_wrap=True)
    table.add_column(_("W/S"), no_wrap=True, justify="right")
    # The markers (rowed, fought, in the water ...) follow the status, under its heading: in a column of
    # their own with no heading they read as the first face-up cards.
    table.add_column(_("Status") if words else "", no_wrap=True)
    table.add_column(_("Hand"), no_wrap=True, justify="right")
    table.add_column(_("Face up"), ratio=1, overflow="fold")
    order = list(view.boat) + [s.seat for s in view.seats if s.position is None]
    for seat in order:
        s = view.seats[seat]
        mark = Text("▶" if seat == view.current else " ", style="bold")
        mark.append(str(s.position + 1) if s.position is not None else " ", style="dim")
        mark = mark + changes.mark(Text(), seat in changes.moved)
        character = Text(characters[seat], style="bold" if s.status != "lost" else "dim")
        player = Text(names[seat], style="bold underline" if seat == view.seat else "")
        wounds = changes.mark(Text(f"{s.wounds}/{s.size}", style="bold" if s.wounds else "dim"), seat in changes.hurt)
        status = Text(statuses[seat] if words else STATUS_MARK[s.status], style=STATUS_STYLE[s.status])
        markers = flags(view, s, changes)
        if markers:
            status.append(" ")
            status.append_text(markers)
        hand = changes.mark(Text(str(s.hand_size) if s.status != "lost" else "–"), seat in changes.hands)
        table.add_row(mark, character, player, wounds, status, hand, face_up_text(s, changes))
    return table


# The situation (public) ----------------------------------------------------------------------------------


def situation(view: LifeboatView, width: int = WIDTH) -> Text:
    """What is going on, for everyone: the navigation card, the fight, the trade, the order of actions.
    Lines break between names, never inside one."""
    parts: list[Text] = []
    if view.navigation_card is not None:
        line = Text(labelled(_("Navigation")), style="bold")
        line.append_text(nav_short(nav_card(view, view.navigation_card), aboard(view)))
        parts.append(line)
    fight = view.fight
    if fight is not None:
        def side(seats: Sequence[int], total: int) -> list[Text | tuple[str, Text]]:
            # the names of one side joined by the list comma ("Ana, Ben = 9"; in Chinese 小明、Chloé = 9)
            names: list[Text | tuple[str, Text]] = []
            for i, x in enumerate(seats):
                said = Text(name(view, x) + (f" = {total}" if i == len(seats) - 1 else ""))
                names.append((_(", "), said) if i else said)
            return names

        items = [Text(_("attackers"), style="bold red"), *side(fight.attackers, fight.attack_total), Text("⚔")]
        items += [Text(_("defenders"), style="bold cyan"), *side(fight.defenders, fight.defend_total)]
        items.append(Text(_("(tie → defenders)"), style="dim"))
        parts.append(flow(Text(labelled(_("Fight")), style="bold"), items, width, sep=" "))
        return Text("\n").join(parts)
    trade = view.trade
    if trade is not None:
        proposer, partner = name(view, trade.proposer), name(view, trade.partner)
        if trade.give_count == 0:
            gives = _("{a} gives nothing").format(a=proposer)
        else:
            gives = _("{a} gives {n}").format(a=proposer, n=_cards_or_count(trade.give, trade.give_count))
        if trade.stage == "offer":
            answer = _("{b} gives ?").format(b=partner)  # not answered yet
        elif trade.back_count == 0:
            answer = _("{b} gives nothing").format(b=partner)
        else:
            answer = _("{b} gives {m}").format(b=partner, m=_cards_or_count(trade.back, trade.back_count))
        items = [Text(gives), Text(answer)]
        sep = pgettext("between what the two sides of a trade give", ", ")
        parts.append(flow(Text(labelled(_("Trade")), style="bold"), items, width, sep=sep))
    if view.phase == "action" and view.order:
        items = []
        done = True
        for seat in view.order:
            if seat == view.actor:
                done = False
                items.append(Text("▶" + name(view, seat), style="bold reverse"))
            elif done:
                items.append(Text(name(view, seat) + "✓", style="dim"))
            else:
                items.append(Text(name(view, seat)))
        parts.append(flow(Text(labelled(_("Action order")), style="bold"), items, width, sep=" › "))
    elif view.phase == "thirst":
        items = [Text(_("{who} ×{n}").format(who=name(view, x), n=view.seats[x].thirst)) for x in view.boat if view.seats[x].thirst]
        parts.append(flow(Text(labelled(_("Thirsty")), style="bold"), items, width, sep=_(", ")))
    return Text("\n").join(parts)


def _cards_or_count(cards: tuple[int, ...] | None, count: int) -> str:
    if cards is None:
        return ngettext("{n} card", "{n} cards", count).format(n=count)
    return _(", ").join(short_card(c) for c in cards) if cards else _("nothing")


LEGEND = N_(
    "✚ conscious ☾ unconscious ✝ dead ≈ lost · W/S wounds/size · ▶ decides · A/D attacker/defender ·"
    " R rowed · F fought · ~ in the water · T thirst · ⚓ navigator · ☂ open · ✦ new since your last look"
)


def legend() -> str:
    return _(LEGEND)


def legend_text(width: int = WIDTH) -> Text:
    """The legend in lines of at most `width` cells, broken only between its " · " entries (a letter stays
    with its meaning), each broken line ending with the "·"."""
    entries = [Text(entry) for entry in legend().split(" · ")]
    return flow(Text(style="dim"), entries, width, sep=" · ", indent=0)


def log_line(narrator: LifeboatNarrator, entry: Event, show_secrets: bool = True) -> str:
    """One event as this seat reads it; its own Love and Hate give way to a placeholder while hidden (h)."""
    if entry.kind == "love_and_hate" and not show_secrets:
        return narrator.love_and_hate_hidden()
    return narrator.event(entry)


def log_lines(view: LifeboatView, narrator: LifeboatNarrator, show_secrets: bool = True) -> list[Text]:
    """Every event of the log as this seat may read it (its own cards said after the public sentence)."""
    return [Text(printable(log_line(narrator, entry, show_secrets))) for entry in view.log]


def recent_log(
    view: LifeboatView, narrator: LifeboatNarrator, rows: int, show_secrets: bool = True, width: int = WIDTH
) -> Text:
    """The newest log lines that fit in `rows` rows of `width` cells, each whole (wrapped, never cut);
    the log screen (l) has them all."""
    out: list[Text] = []
    used = 0
    for line in reversed(log_lines(view, narrator, show_secrets)):
        broken = Paragraph(line, bullet="· ").lines(width)
        if used + len(broken) > rows:
            break
        out[:0] = broken
        used += len(broken)
    return Text("\n", style="dim").join(out) if out else Text(style="dim")


# The private panel ----------------------------------------------------------------------------------------


ABILITY_SHORT: dict[str, str] = {
    "double_jewels": N_("jewels score double"),
    "double_paintings": N_("paintings score double"),
    "double_cash": N_("cash scores double"),
    "none": N_("no special ability"),
    "swimmer": N_("no wound from falling overboard"),
    "pickpocket": N_("pickpocket (robbing a hand: no fight)"),
}


def character_line(view: LifeboatView) -> Text:
    me = view.seats[view.seat]  # type: ignore[index]
    data = CHARACTERS[CHARACTER_INDEX[me.character]]
    out = Text(_("You are {character}").format(character=character_name(me.character)), style="bold")
    out.append(" · " + _("size {size}, survival {survival}").format(size=me.size, survival=me.survival))
    out.append(" · " + _(ABILITY_SHORT[data.ability]), style="dim")
    return out


def _secret(label: str, label_style: str, who: str, what: str) -> Text:
    """'Hate: The Captain — you gain 7 if they die': the card, then what it is worth, in plain words."""
    out = Text(labelled(label), style=label_style)
    out.append(who, style="bold")
    out.append(_(" — {what}").format(what=what))
    return out


def secrets_line(view: LifeboatView, show_secrets: bool, width: int = WIDTH) -> Text:
    """The own Love and Hate cards (only ever on this player's private screen), or a placeholder; the
    two go on one line when they fit, else one under the other."""
    me = view.seats[view.seat]  # type: ignore[index]
    if not (show_secrets and me.love is not None and me.hate is not None):
        return Text(_("Love and Hate hidden: h shows them"), style="dim italic")
    love = CHARACTERS[CHARACTER_INDEX[me.love]]
    hate = CHARACTERS[CHARACTER_INDEX[me.hate]]
    yourself = _("yourself")
    love_style, hate_style = "bold magenta", "bold red"
    if me.love == me.character and me.hate == me.character:
        what = _("your survival counts once; you gain the size of every other character who dies")
        items = [_secret(_("Love and Hate"), love_style, yourself, what)]
    else:
        if me.love == me.character:
            loved = _secret(_("Love"), love_style, yourself, _("your survival counts twice"))
        else:
            worth = _("you gain {n} if they survive").format(n=love.survival)
            loved = _secret(_("Love"), love_style, character_name(love.key), worth)
        if me.hate == me.character:
            what = _("nothing for your own survival; you gain the size of every other character who dies")
            hated = _secret(_("Hate"), hate_style, yourself, what)
        else:
            worth = _("you gain {n} if they die").format(n=hate.size)
            hated = _secret(_("Hate"), hate_style, character_name(hate.key), worth)
        items = [loved, hated]
    return flow(Text(), items, width, sep="   ", indent=0)


def hand_line(
    view: LifeboatView,
    cursor: int | None,
    *,
    picked: Collection[int] = (),
    width: int = WIDTH,
    changes: Changes = NO_CHANGES,
) -> Text:
    """The own hand as chips, the cursor in reverse, cards put into a trade marked ✓, cards new since the
    seat last looked marked ✦ (a long hand goes on to the next line between two cards)."""
    me = view.seats[view.seat]  # type: ignore[index]
    hand = me.hand or ()
    head = Text(labelled(_("Hand")), style="bold")
    if not hand:
        return head.append(_("empty"), style="dim")
    chips = []
    for i, card in enumerate(hand):
        chip = changes.mark(card_chip(card), card in changes.own_hand)
        if card in picked:
            chip = Text(PICKED_MARK, style="bold green") + chip
        if i == cursor:
            chip = Text("▸", style="bold") + chip
            chip.stylize("reverse")
        chip.stylize(click(f"screen.hand_click({i})"))
        chips.append(chip)
    return flow(head, chips, width, sep=" ", indent=cell_len(head.plain))


# Menus ------------------------------------------------------------------------------------------------------


@dataclass
class Entry:
    """One choice: `choice` is what choosing it does (an action to submit, or what the screen's menus
    name: a sub-menu to open, a rowed card to switch); `key` is the key that makes it ('1'-'9' or a letter,
    '' for cursor and mouse only)."""

    label: str | Text
    choice: Any
    key: str = ""
    tag: str = ""  # the letter binding's tag (see the screen's LETTERS)
    hint: str = ""


@dataclass
class Menu:
    title: str
    entries: list[Entry] = field(default_factory=list)
    sub: bool = False  # a sub-menu: Esc goes back
    highlight: int = 0
    columns: bool = False  # one entry per line (long labels) rather than flowing

    def number(self) -> None:
        """Give the first nine entries without a letter the keys 1-9."""
        n = 0
        for entry in self.entries:
            if not entry.key and n < 9:
                n += 1
                entry.key = str(n)


def menu_text(menu: Menu, width: int = WIDTH) -> Text:
    """The menu's title, then its entries (flowing, or one per line), each with its key; a long entry
    wraps under itself, never cut. The highlighted entry's hint (what a card does) follows, wrapped."""
    out = Text(menu.title, style="bold")
    if menu.sub:
        out.append("  " + _("(Esc back)"), style="dim")
    line_len = width  # start a new line for the first entry
    for i, entry in enumerate(menu.entries):
        item = Text()
        key = entry.key.upper() if len(entry.key) == 1 and entry.key.isalpha() else entry.key
        if key:
            item.append(f" {key.lower()} ", style="bold reverse")
        item.append(" ")
        item.append_text(entry.label if isinstance(entry.label, Text) else Text(entry.label))
        if i == menu.highlight:
            item.stylize("underline", len(key) + 2 if key else 0)
            item = Text("▸", style="bold yellow") + item
        else:
            item = Text(" ") + item
        item.stylize(click(f"screen.activate({i})"))
        if item.cell_len > width:  # one entry wider than the line: it wraps under itself
            item = wrapped(item, width, indent=len(key) + 4)
        length = item.cell_len if "\n" not in item.plain else width
        if menu.columns or line_len + length + 2 > width:
            out.append("\n")
            line_len = 0
        elif i:
            out.append("  ")
            line_len += 2
        out.append_text(item)
        line_len += length
    if menu.entries:
        hint = menu.entries[min(menu.highlight, len(menu.entries) - 1)].hint
        if hint:
            out.append("\n")
            out.append_text(wrapped(Text("  " + hint, style="dim"), width, indent=2))
    return out


# The public table (from the handoff screen) -----------------------------------------------------------------


def public_table(view: LifeboatView) -> Group:
    """What anyone at the table may watch, built from the public View (no seat): the boat, the decks,
    what is going on, and the newest public log lines."""
    if view.seat is not None:
        raise ValueError("the public table is drawn from the public View only")
    width = WIDTH - 4  # the panel's padding
    parts: list[Any] = [decks_line(view), Text(), boat_table(view, width), Text(), situation(view, width), Text()]
    parts.append(recent_log(view, LifeboatNarrator(view.players), 10, width=width))
    parts.append(Text("\n", style="dim") + legend_text(width))
    return Group(*parts)
