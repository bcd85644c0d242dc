"""Lifeboat panels as Rich text, built from one seat's View (and the screen's cursors) only.

Colour is never the only signal: every status has its symbol (✚ conscious, ☾ unconscious, ✝ dead,
≈ lost at sea), every marker its letter. Everything is sized for an 80-column terminal.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Callable

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ....engine.lifeboat.data import (
    CARD_EFFECT,
    CARD_TYPE,
    CARD_WEAPON,
    CHARACTER_INDEX,
    CHARACTERS,
    SUPPLY_TYPES,
    NavCard,
    card_name,
    navigation_cards,
)
from ....engine.lifeboat.models import LifeboatView, SeatView
from ....i18n import _

STATUS_MARK: dict[str, str] = {"conscious": "✚", "unconscious": "☾", "dead": "✝", "lost": "≈"}
STATUS_STYLE: dict[str, str] = {
    "conscious": "bold green",
    "unconscious": "bold yellow",
    "dead": "bold red",
    "lost": "bold blue",
}
STATUS_WORD: dict[str, str] = {
    "conscious": _("conscious"),
    "unconscious": _("unconscious"),
    "dead": _("dead"),
    "lost": _("lost at sea"),
}
# Short character names for the compact navigation cards.
SHORT_NAME: dict[str, str] = {
    "lady_lauren": _("Lauren"),
    "sir_stephen": _("Stephen"),
    "captain": _("Captain"),
    "first_mate": _("Mate"),
    "frenchy": _("Frenchy"),
    "kid": _("Kid"),
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


def click(action: str) -> Style:
    return Style(meta={"@click": action})


# Cards ------------------------------------------------------------------------------------------------


def short_card(card: int) -> str:
    """'Water', 'Cash', 'Painting 3', 'Knife +3', 'Flare gun +8', 'Preserver' ..."""
    t = SUPPLY_TYPES[CARD_TYPE[card]]
    effect = t.effect
    if effect == "painting":
        return _("Painting {n}").format(n=t.points)
    if effect == "cash":
        return _("Cash")
    if effect == "medical_kit":
        return _("Med kit")
    if effect == "life_preserver":
        return _("Preserver")
    if effect == "chum":
        return _("Chum")
    if effect == "flare_gun":
        return _("Flare gun") + f" +{t.weapon}"
    if t.weapon:
        name = _("Hook") if t.key == "gaffing_hook" else _(t.name)
        return f"{name} +{t.weapon}"
    return _(t.name)


def card_chip(card: int, *, opened: bool = False) -> Text:
    label = short_card(card) + (" ☂" if opened else "")
    return Text(f" {label} ", style=CARD_STYLE.get(CARD_EFFECT[card], "bold"))


def face_up_text(seat: SeatView) -> Text:
    """Face-up cards, identical ones counted: 'Oar +1 ×2, Knife +3, Parasol ☂'."""
    counts: dict[int, int] = {}
    first: dict[int, int] = {}
    for card in seat.face_up:
        t = CARD_TYPE[card]
        counts[t] = counts.get(t, 0) + 1
        first.setdefault(t, card)
    out = Text()
    for t, n in counts.items():
        if out:
            out.append(", ")
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
    t = SUPPLY_TYPES[CARD_TYPE[card]]
    return f"{card_name(card)}: {_(t.text)}"


def weapons(cards: Sequence[int]) -> int:
    return sum(CARD_WEAPON[c] for c in cards)


# Navigation cards ---------------------------------------------------------------------------------------


def _nav_names(chars: Sequence[int], everyone: str, nobody: str) -> str:
    """'Kid', 'Stephen,Captain', 'all', 'all but Lauren' (four or more of the six are named)."""
    if not chars:
        return nobody
    if len(chars) == len(CHARACTERS):
        return everyone
    if len(chars) >= 4:
        rest = [c for c in range(len(CHARACTERS)) if c not in chars]
        return _("all but {names}").format(names=",".join(SHORT_NAME[CHARACTERS[c].key] for c in rest))
    return ",".join(SHORT_NAME[CHARACTERS[c].key] for c in chars)


def nav_card(view: LifeboatView, index: int) -> NavCard:
    return navigation_cards(view.options.disputed_cards)[index]


def nav_short(card: NavCard) -> Text:
    """A navigation card in one short line: 'N16  over: Kid  thirst: all but Lauren +rowers +fighters +gull'."""
    out = Text(card.id, style="bold")
    out.append("  " + _("over:") + " ", style="dim")
    out.append(_nav_names(card.overboard, _("all"), _("none")), style="bold blue" if card.overboard else "")
    out.append("  " + _("thirst:") + " ", style="dim")
    out.append(_nav_names(card.thirsty, _("all"), _("none")), style="bold" if card.thirsty else "")
    if card.rowers_thirsty:
        out.append(" +" + _("rowers"))
    if card.fighters_thirsty:
        out.append(" +" + _("fighters"))
    if card.bird > 0:
        out.append(" +" + _("gull"), style="bold")
    elif card.bird < 0:
        out.append(" −" + _("gull"), style="bold")
    return out


# Header and table ----------------------------------------------------------------------------------------

PHASE_WORD: dict[str, str] = {
    "draft": _("supply"),
    "action": _("actions"),
    "trade_offer": _("trade"),
    "trade_answer": _("trade"),
    "trade_confirm": _("trade"),
    "respond": _("demand"),
    "fight": _("fight"),
    "row": _("rowing"),
    "navigate": _("navigation"),
    "pick": _("navigation"),
    "overboard": _("overboard"),
    "thirst": _("thirst"),
    "over": _("game over"),
}


def who(view: LifeboatView, seat: int) -> str:
    s = view.seats[seat]
    return f"{s.player} ({s.character_name})"


def header(view: LifeboatView, title: str) -> Text:
    out = Text()
    out.append(f" {title} ", style="bold reverse")
    out.append(" " + _("Round {r} · {phase}").format(r=view.round, phase=PHASE_WORD.get(view.phase, view.phase)))
    if view.seat is not None:
        out.append(" · " + _("{name}'s private screen").format(name=view.players[view.seat]), style="bold")
    return out


def seagull_text(view: LifeboatView) -> Text:
    out = Text(_("Seagulls") + " ")
    out.append("▲" * view.seagulls, style="bold")
    out.append("△" * max(0, view.seagulls_to_end - view.seagulls), style="dim")
    out.append(f" {view.seagulls}/{view.seagulls_to_end}")
    return out


def decks_line(view: LifeboatView) -> Text:
    out = seagull_text(view)
    parts = [
        _("supply {n}").format(n=view.supply_size),
        _("navigation {n}").format(n=view.navigation_size),
        _("row pile {n}").format(n=view.row_pile_size),
        _("discard {n}").format(n=len(view.discard)),
    ]
    out.append(" · " + " · ".join(parts), style="")
    return out


def flags(view: LifeboatView, s: SeatView) -> Text:
    """Short public markers: A/D fight side, R rowed, F fought, ~ in the water, T2 thirst, ⚓ navigator."""
    out = Text()
    if s.fight_side == "attacker":
        out.append("A", style="bold red")
    elif s.fight_side == "defender":
        out.append("D", style="bold cyan")
    if s.rowed:
        out.append("R")
    if s.fought:
        out.append("F")
    if s.overboard:
        out.append("~", style="bold blue")
    if s.thirst:
        out.append(f"T{s.thirst}", style="bold yellow")
    if view.navigator == s.seat and view.phase not in ("over",):
        out.append("⚓")
    return out


def boat_table(view: LifeboatView) -> Table:
    """One row per seat from bow to stern, then those lost at sea."""
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, expand=False, header_style="bold dim")
    table.add_column("", no_wrap=True, width=2)  # ▶ whose decision, and the position
    table.add_column(_("Bow→stern"), no_wrap=True, min_width=11)
    table.add_column(_("Player"), no_wrap=True, max_width=12, overflow="ellipsis")
    table.add_column(_("W/S"), no_wrap=True, justify="right")
    table.add_column(_("Status"), no_wrap=True)
    table.add_column(_("Hand"), no_wrap=True, justify="right")
    table.add_column("", no_wrap=True)  # flags
    table.add_column(_("Face up"), ratio=1, overflow="fold")
    order = list(view.boat) + [s.seat for s in view.seats if s.position is None]
    for seat in order:
        s = view.seats[seat]
        mark = Text("▶" if seat == view.current else " ", style="bold")
        mark.append(str(s.position + 1) if s.position is not None else " ", style="dim")
        name = Text(s.character_name, style="bold" if s.status != "lost" else "dim")
        player = Text(s.player, style="bold underline" if seat == view.seat else "")
        wounds = Text(f"{s.wounds}/{s.size}", style="bold" if s.wounds else "dim")
        status = Text(f"{STATUS_MARK[s.status]} {STATUS_WORD[s.status]}", style=STATUS_STYLE[s.status])
        hand = Text(str(s.hand_size) if s.status != "lost" else "–")
        table.add_row(mark, name, player, wounds, status, hand, flags(view, s), face_up_text(s))
    return table


# The situation (public) ----------------------------------------------------------------------------------


def situation(view: LifeboatView) -> Text:
    """What is going on, for everyone: the prompt, the fight, the trade, the navigation card."""
    out = Text()
    if view.navigation_card is not None:
        out.append(_("Navigation") + ": ", style="bold")
        out.append_text(nav_short(nav_card(view, view.navigation_card)))
        out.append("\n")
    fight = view.fight
    if fight is not None:
        out.append(_("Fight") + ": ", style="bold")
        out.append(_("attackers") + " ", style="bold red")
        out.append(", ".join(view.seats[x].player for x in fight.attackers) + f" = {fight.attack_total}")
        out.append("  ⚔  ")
        out.append(_("defenders") + " ", style="bold cyan")
        out.append(", ".join(view.seats[x].player for x in fight.defenders) + f" = {fight.defend_total}")
        out.append("  " + _("(tie → defenders)"), style="dim")
        return out
    trade = view.trade
    if trade is not None:
        out.append(_("Trade") + ": ", style="bold")
        out.append(
            _("{a} gives {n}, {b} gives {m}").format(
                a=view.seats[trade.proposer].player,
                n=_cards_or_count(trade.give, trade.give_count),
                b=view.seats[trade.partner].player,
                m=_cards_or_count(trade.back, trade.back_count) if trade.stage != "offer" else "?",
            )
        )
        out.append("\n")
    if view.phase == "action" and view.order:
        out.append(_("Order") + ": ", style="bold")
        done = True
        for i, seat in enumerate(view.order):
            if i:
                out.append(" › ", style="dim")
            if seat == view.actor:
                done = False
                out.append("▶" + view.seats[seat].player, style="bold reverse")
            elif done:
                out.append(view.seats[seat].player + "✓", style="dim")
            else:
                out.append(view.seats[seat].player)
    elif view.phase == "thirst":
        out.append(_("Thirsty") + ": ", style="bold")
        out.append(", ".join(f"{view.seats[x].player} ×{view.seats[x].thirst}" for x in view.boat if view.seats[x].thirst))
    if out.plain.endswith("\n"):
        out.right_crop(1)
    return out


def _cards_or_count(cards: tuple[int, ...] | None, count: int) -> str:
    if cards is None:
        return _("{n} card(s)").format(n=count)
    return ", ".join(short_card(c) for c in cards) if cards else _("nothing")


LEGEND = _(
    "✚ conscious ☾ unconscious ✝ dead ≈ lost · W/S wounds/size · ▶ decides · A/D attacker/defender ·"
    " R rowed · F fought · ~ in the water · T thirst · ⚓ navigator · ☂ open"
)


SECRETS_LOG_MARK = "(Your Love card"  # where the engine's private setup text naming Love and Hate begins


def recent_log(view: LifeboatView, lines: int, show_secrets: bool = True) -> Text:
    """The newest log lines this seat may read, one line each (the log screen, l, has them all).
    With the secrets hidden (h), the private text naming the player's Love and Hate is cut off too."""
    out = Text(style="dim")
    log = view.log if show_secrets else tuple(line.partition(SECRETS_LOG_MARK)[0].rstrip() for line in view.log)
    for i, line in enumerate(log[-lines:] if lines > 0 else ()):
        if i:
            out.append("\n")
        out.append("· " + line)
    return out


# The private panel ----------------------------------------------------------------------------------------


ABILITY_SHORT: dict[str, str] = {
    "double_jewels": _("jewels score double"),
    "double_paintings": _("paintings score double"),
    "double_cash": _("cash scores double"),
    "none": _("no special ability"),
    "swimmer": _("no wound from falling overboard"),
    "pickpocket": _("pickpocket (robbing a hand: no fight)"),
}


def character_line(view: LifeboatView) -> Text:
    me = view.seats[view.seat]  # type: ignore[index]
    data = CHARACTERS[CHARACTER_INDEX[me.character]]
    out = Text(_("You are") + " ", style="bold")
    out.append(me.character_name, style="bold")
    out.append(" · " + _("size {size}, survival {survival}").format(size=me.size, survival=me.survival))
    out.append(" · " + ABILITY_SHORT.get(data.ability, ""), style="dim")
    return out


def secrets_line(view: LifeboatView, show_secrets: bool) -> Text:
    """The own Love and Hate cards (only ever on this player's private screen), or a placeholder."""
    me = view.seats[view.seat]  # type: ignore[index]
    if not (show_secrets and me.love is not None and me.hate is not None):
        return Text(_("♥ Love and ✖ Hate hidden: h shows them"), style="dim italic")
    love = CHARACTERS[CHARACTER_INDEX[me.love]]
    hate = CHARACTERS[CHARACTER_INDEX[me.hate]]
    out = Text("♥ " + _("Love") + ": ", style="bold magenta")
    out.append(love.name, style="bold")
    if me.love == me.character and me.hate == me.character:
        love_note, hate_note = _("you"), _("you: survival once, + others' deaths")
    elif me.love == me.character:
        love_note, hate_note = _("you: survival ×2"), _("+{n} if dead").format(n=hate.size)
    elif me.hate == me.character:
        love_note = _("+{n} if alive").format(n=love.survival)
        hate_note = _("you: + others' deaths")
    else:
        love_note = _("+{n} if alive").format(n=love.survival)
        hate_note = _("+{n} if dead").format(n=hate.size)
    out.append(f" ({love_note})  ", style="dim")
    out.append("✖ " + _("Hate") + ": ", style="bold red")
    out.append(hate.name, style="bold")
    out.append(f" ({hate_note})", style="dim")
    return out


def hand_line(view: LifeboatView, cursor: int | None, *, picked: Collection[int] = ()) -> Text:
    """The own hand as chips, the cursor in reverse, cards put into a trade marked ✓."""
    me = view.seats[view.seat]  # type: ignore[index]
    hand = me.hand or ()
    out = Text(_("Hand") + ": ", style="bold")
    if not hand:
        out.append(_("empty"), style="dim")
    for i, card in enumerate(hand):
        chip = card_chip(card)
        if card in picked:
            chip = Text(PICKED_MARK, style="bold green") + chip
        if i == cursor:
            chip = Text("▸", style="bold") + chip
            chip.stylize("reverse")
        chip.stylize(click(f"screen.hand_click({i})"))
        out.append_text(chip)
        out.append(" ")
    return out


# Menus ------------------------------------------------------------------------------------------------------


@dataclass
class Entry:
    """One choice: `key` is the key that makes it ('1'-'9' or a letter, '' for cursor and mouse only)."""

    label: str | Text
    run: Callable[[], Any]
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


def menu_text(menu: Menu, width: int = 78) -> Text:
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
        if menu.columns:
            item.truncate(width, overflow="ellipsis")
        length = item.cell_len
        if menu.columns or line_len + length + 2 > width:
            out.append("\n")
            line_len = 0
        elif i:
            out.append("  ")
            line_len += 2
        out.append_text(item)
        line_len += length
    return out


# The public table (from the handoff screen) -----------------------------------------------------------------


def public_table(view: LifeboatView) -> Group:
    """What anyone at the table may watch, built from the public View (no seat): the boat, the decks,
    what is going on, and the newest public log lines."""
    assert view.seat is None, "the public table is built from the public view only"
    parts: list[Any] = [decks_line(view), Text(), boat_table(view), Text(), situation(view), Text()]
    parts.append(recent_log(view, 8))
    parts.append(Text("\n" + LEGEND, style="dim"))
    return Group(*parts)
