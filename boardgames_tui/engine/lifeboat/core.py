"""Small pieces every part of Lifeboat's rules uses: log events, statuses and the cards a seat holds
(states are built and copied with engine/fastmodel.py).

Events name people as `[seat, character]` pairs (a player and the character they play, which the
narrator says together) and cards as ids; arguments are JSON values only (lists, never tuples), so a
state survives its save file unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import Event, IllegalAction
from ..fastmodel import copy_with, from_fields
from .data import CARD_TYPE, CARD_WEAPON, CHUMS, MEDICAL_KITS, OARS, SIZE, WATER, NavCard, navigation_cards
from .models import LifeboatState

WATER_SET = frozenset(WATER)
KIT_SET = frozenset(MEDICAL_KITS)
CHUM_SET = frozenset(CHUMS)
OAR_SET = frozenset(OARS)
MAX_SEATS = 6


def ev(kind: str, secret: tuple[tuple[int, dict[str, Any]], ...] = (), only: int | None = None, **args: Any) -> Event:
    """A log event (see engine/base.py: `secret` holds arguments for one seat's eyes, `only` hides the
    whole event from everyone but one seat)."""
    return from_fields(Event, {"kind": kind, "args": args, "only": only, "secret": secret})


def say(s: LifeboatState, event: Event, **update: Any) -> LifeboatState:
    """`s` with `event` logged and the fields in `update` changed."""
    update["log"] = (*s.log, event)
    return copy_with(s, update)


def who(s: LifeboatState, seat: int) -> list[int]:
    """A seat as events name it: [seat, character]."""
    return [seat, s.characters[seat]]


def everyone(s: LifeboatState, seats: Sequence[int]) -> list[list[int]]:
    return [[x, s.characters[x]] for x in seats]


def with_item(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return (*t[:i], v, *t[i + 1 :])


def without(t: tuple[int, ...], v: int) -> tuple[int, ...]:
    i = t.index(v)
    return t[:i] + t[i + 1 :]


def insert(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    return tuple(sorted((*hand, card)))


# Who is who --------------------------------------------------------------------------------------------


def conscious(s: LifeboatState, seat: int) -> bool:
    return s.wounds[seat] < SIZE[s.characters[seat]]


def awake(s: LifeboatState) -> tuple[int, ...]:
    """The conscious seats in the boat, bow to stern."""
    wounds, chars = s.wounds, s.characters
    return tuple(x for x in s.boat if wounds[x] < SIZE[chars[x]])


def health(size: int, wounds: int) -> str:
    return "conscious" if wounds < size else "unconscious" if wounds == size else "dead"


def status(s: LifeboatState, seat: int) -> str:
    """conscious (wounds < size), unconscious (wounds == size), dead (wounds > size), lost (out of the boat)."""
    if seat not in s.boat:
        return "lost"
    return health(SIZE[s.characters[seat]], s.wounds[seat])


def status_change(s: LifeboatState, seat: int, before: int) -> str | None:
    """The seat's new status if `before` wounds gave it another one, else None."""
    size = SIZE[s.characters[seat]]
    now = health(size, s.wounds[seat])
    return None if now == health(size, before) else now


def navigator(s: LifeboatState) -> int | None:
    """The conscious seat nearest the stern."""
    for x in reversed(s.boat):
        if conscious(s, x):
            return x
    return None


def is_seat(s: LifeboatState, seat: Any) -> bool:
    return type(seat) is int and 0 <= seat < len(s.players)


# Cards -------------------------------------------------------------------------------------------------


def nav_cards(s: LifeboatState) -> tuple[NavCard, ...]:
    return navigation_cards(s.options.disputed_cards)


def weapons(s: LifeboatState, seat: int) -> int:
    return sum(CARD_WEAPON[c] for c in s.face_up[seat])


def fight_totals(s: LifeboatState) -> tuple[int, int]:
    """(attackers, defenders) of the fight going on: sizes plus face-up weapons on each side."""
    chars = s.characters
    at = sum(SIZE[chars[x]] + weapons(s, x) for x in s.attackers)
    dt = sum(SIZE[chars[x]] + weapons(s, x) for x in s.defenders)
    return at, dt


def holds(s: LifeboatState, seat: int, cards: frozenset[int] | tuple[int, ...]) -> int:
    """The card of `cards` the seat would use: face up first, then from hand; -1 if none."""
    for c in s.face_up[seat]:
        if c in cards:
            return c
    for c in s.hands[seat]:
        if c in cards:
            return c
    return -1


def one_per_type(cards: Sequence[int]) -> list[int]:
    """The lowest-numbered card of every type in `cards` (sorted ids: the first of each run)."""
    out: list[int] = []
    last = -1
    for c in sorted(cards):
        t = CARD_TYPE[c]
        if t != last:
            out.append(c)
            last = t
    return out


def first_of_its_kind(cards: Sequence[int], card: Any) -> bool:
    """Whether `card` is in `cards` and no lower-numbered card of the same type is (identical cards are
    named by the first of them)."""
    if card not in cards:
        return False
    kind = CARD_TYPE[card]
    return not any(c < card and CARD_TYPE[c] == kind for c in cards)


def remove_card(s: LifeboatState, seat: int, card: int) -> LifeboatState:
    """`s` without `card` in front of or in the hand of `seat` (face up first)."""
    if card in s.face_up[seat]:
        return copy_with(s, {"face_up": with_item(s.face_up, seat, without(s.face_up[seat], card))})
    return copy_with(s, {"hands": with_item(s.hands, seat, without(s.hands[seat], card))})


def cards_in_play(s: LifeboatState) -> list[int]:
    """Every supply card somewhere in the state (for conservation checks): should be each id once."""
    out = [*s.supply, *s.set_aside, *s.discard, *s.lost_cards, *s.draft]
    for h in s.hands:
        out.extend(h)
    for f in s.face_up:
        out.extend(f)
    return out


# Which kinds of action each phase allows, in the order legal_actions lists them ------------------------

PHASE_KINDS: dict[str, tuple[str, ...]] = {
    "draft": ("take_supply", "play_card"),
    "action": (
        "do_nothing", "row", "swap_seats", "rob", "use_medical_kit", "open_parasol", "fire_flare_gun",
        "propose_trade", "play_card",
    ),  # fmt: skip
    "trade_offer": ("trade_card", "offer_trade", "decline_trade"),
    "trade_answer": ("trade_card", "accept_trade", "decline_trade"),
    "trade_confirm": ("accept_trade", "decline_trade"),
    "respond": ("accept_demand", "refuse_demand", "play_card"),
    "fight": ("done", "join_fight", "play_card"),
    "row": ("place_rowed",),
    "navigate": ("navigate", "play_card"),
    "pick": ("pick_navigation",),
    "overboard": ("done", "throw_life_preserver", "use_chum", "play_card"),
    "thirst": ("done", "give_water", "play_card"),
    "over": (),
}
WINDOW_PHASES = frozenset(("fight", "overboard", "thirst"))


def out_of_phase(s: LifeboatState, kind: str) -> IllegalAction:
    """The refusal of an action of `kind` the phase has no place for (the kernel in engine/base.py asks,
    from PHASE_KINDS)."""
    if kind == "play_card":  # cards go face up at almost any decision, but not while trading, rowing, picking
        return IllegalAction("no_playing_now", phase=s.phase)
    return IllegalAction("not_now", phase=s.phase)


def target_refusal(s: LifeboatState, seat: int, target: Any, *, others: bool = True) -> IllegalAction | None:
    """Why `target` cannot be the target of an action of `seat` in the boat (None if it can)."""
    if not is_seat(s, target):
        return IllegalAction("no_such_seat", seat=target if type(target) is int else None)
    if target not in s.boat:
        return IllegalAction("not_in_boat", seat=target)
    if others and target == seat:
        return IllegalAction("not_yourself")
    return None
