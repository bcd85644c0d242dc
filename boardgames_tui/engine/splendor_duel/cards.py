"""Jewel cards: what a card costs a player, the ways to pay it, and which cards a player may buy or
reserve now (the main actions besides taking tokens).

Hot path: the main actions are listed from small bounded caches (reservations by gold cells and face-up
cards, purchases by the only numbers a payment depends on), and whether a card is affordable is a few
operations on packed integers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import IllegalAction
from ..fastmodel import build
from .data import CARDS, GOLD, JOKER, TOKEN_COUNTS
from .lines import BOARD_INFO, BoardInfo, board_info
from .models import Buy, PlayerState, Reserve, SplendorDuelState

MAX_RESERVED = 3


# Costs and payments ------------------------------------------------------------------------------


def cost_after_bonuses(card: int, bonuses: Sequence[int]) -> tuple[int, ...]:
    """Card `card`'s cost (5 gems + pearls) after the owner's bonuses; pearls are never reduced."""
    cost = CARDS[card].cost
    return (
        max(0, cost[0] - bonuses[0]),
        max(0, cost[1] - bonuses[1]),
        max(0, cost[2] - bonuses[2]),
        max(0, cost[3] - bonuses[3]),
        max(0, cost[4] - bonuses[4]),
        cost[5],
    )


def shortfall(cost: Sequence[int], tokens: Sequence[int]) -> int:
    """How many tokens the player lacks for `cost`, after gold stands in for any of them (0: affordable)."""
    short = 0
    for i in range(6):
        d = cost[i] - tokens[i]
        if d > 0:
            short += d
    return max(0, short - tokens[GOLD])


def can_afford(cost: Sequence[int], tokens: Sequence[int]) -> bool:
    return shortfall(cost, tokens) == 0


def buy_problem(card: int, bonuses: Sequence[int], tokens: Sequence[int]) -> IllegalAction | None:
    """Why a player with these bonuses and tokens cannot pay for `card` (whatever way), or None."""
    if CARDS[card].colour == JOKER and not any(bonuses):
        return IllegalAction("joker_needs_colour")
    short = shortfall(cost_after_bonuses(card, bonuses), tokens)
    return IllegalAction("tokens_short", short=short) if short else None


_PAY_CACHE: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[int, ...], ...]] = {}


def payments(cost: Sequence[int], tokens: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Every exact way to pay `cost` (6 entries) from `tokens` (7 counts): each unit of cost is paid
    with a token of its colour or with a gold. Fewest gold first; () if unaffordable."""
    if tokens[GOLD] == 0:
        for i in range(6):
            if cost[i] > tokens[i]:
                return ()
        return ((*cost, 0),)
    key = (tuple(cost), tuple(tokens))
    hit = _PAY_CACHE.get(key)
    if hit is not None:
        return hit
    gold = tokens[GOLD]
    need = [max(0, cost[i] - tokens[i]) for i in range(6)]
    spare = gold - sum(need)
    out: list[tuple[int, ...]] = []
    if spare >= 0:
        extra_max = [cost[i] - need[i] for i in range(6)]  # how much more gold may replace own tokens
        combos: list[list[int]] = [[]]
        for i in range(6):
            combos = [c + [e] for c in combos for e in range(min(extra_max[i], spare) + 1) if sum(c) + e <= spare]
        for extra in combos:
            g = [need[i] + extra[i] for i in range(6)]
            out.append((*(cost[i] - g[i] for i in range(6)), sum(g)))
        out.sort(key=lambda p: (p[GOLD], tuple(-x for x in p[:6])))
    result = tuple(out)
    if len(_PAY_CACHE) > 50_000:
        _PAY_CACHE.clear()
    _PAY_CACHE[key] = result
    return result


def cheapest_payment(card: int, player: PlayerState) -> tuple[int, ...] | None:
    """The payment the UI preselects: the one spending the fewest gold (None if unaffordable)."""
    options = payments(cost_after_bonuses(card, player.bonuses), player.tokens)
    return options[0] if options else None


def reserve_targets(state: SplendorDuelState) -> bool:
    """Whether any card could be reserved: one face up, or a deck that is not empty."""
    return any(any(row) for row in state.pyramid) or any(state.decks)


# Cached actions --------------------------------------------------------------------------------

_RESERVES: dict[tuple[int, int, int | None], Reserve] = {}
_BUYS: dict[tuple[int, tuple[int, ...]], Buy] = {}


def _reserve(gold_cell: int, level: int, card: int | None) -> Reserve:
    key = (gold_cell, level, card)
    a = _RESERVES.get(key)
    if a is None:
        a = _RESERVES[key] = build(Reserve, gold_cell=gold_cell, level=level, card=card)
    return a


def _buy(card: int, payment: tuple[int, ...]) -> Buy:
    key = (card, payment)
    a = _BUYS.get(key)
    if a is None:
        a = _BUYS[key] = build(Buy, card=card, payment=payment)
    return a


# Reserve actions by (gold cells, pyramid, which decks have cards); built from the actions per (gold cell,
# level, that level's face-up cards, whether its deck has cards), which change less often.
_RESERVE_OPTIONS: dict[tuple[Any, ...], tuple[Reserve, ...]] = {}
_RESERVE_PARTS: dict[tuple[Any, ...], tuple[Reserve, ...]] = {}


def _reserve_options(key: tuple[Any, ...]) -> tuple[Reserve, ...]:
    golds, pyramid, has_deck = key
    opts: tuple[Reserve, ...] = ()
    parts = _RESERVE_PARTS
    if len(parts) > 20_000:
        parts.clear()
    for g in golds:
        for lv in range(3):
            part_key = (g, lv, pyramid[lv], has_deck[lv])
            part = parts.get(part_key)
            if part is None:
                found = [_reserve(g, lv + 1, cid) for cid in pyramid[lv] if cid]
                if has_deck[lv]:
                    found.append(_reserve(g, lv + 1, None))
                part = parts[part_key] = tuple(found)
            opts += part
    if len(_RESERVE_OPTIONS) > 2_000:
        _RESERVE_OPTIONS.clear()
    _RESERVE_OPTIONS[key] = opts
    return opts


# Card costs by id, and the jokers (they need an owned card with a bonus).
_COST: dict[int, tuple[int, ...]] = {cid: c.cost for cid, c in CARDS.items()}
_JOKERS = frozenset(cid for cid, c in CARDS.items() if c.colour == JOKER)
# Affordability in a few integer operations: the six cost entries packed in 8-bit fields, each with its
# top bit set as a guard. Subtracting the packed means (own tokens + bonuses, below 128 a field: checked
# below) leaves every guard set exactly where the cost is covered and never borrows across fields; what
# remains below the guards is the shortfall per colour, and as 256 = 1 (mod 255) their sum (at most a
# card's whole cost) is the masked value mod 255.
PACKED_GUARDS = sum(128 << (8 * i) for i in range(6))
PACKED_COST: dict[int, int] = {
    cid: PACKED_GUARDS | sum(n << (8 * i) for i, n in enumerate(c.cost)) for cid, c in CARDS.items()
}
if max(TOKEN_COUNTS) + sum(c.bonus for c in CARDS.values()) >= 128 or max(sum(c.cost) for c in CARDS.values()) >= 128:
    raise AssertionError("packed costs need wider fields")  # pragma: no cover


# Buy actions of an affordable card by (card, its cost after bonuses) without gold, else by (card, cost
# after bonuses, own tokens up to that cost, gold up to that cost): nothing else changes the payments.
_BUY_OPTIONS: dict[tuple[int, ...], tuple[Buy, ...]] = {}


def _buy_options(key: tuple[int, ...]) -> tuple[Buy, ...]:
    cid, rc = key[0], key[1:7]
    if len(key) == 7:
        opts: tuple[Buy, ...] = (_buy(cid, (*rc, 0)),)
    else:
        opts = tuple([_buy(cid, pay) for pay in payments(rc, key[7:])])
    if len(_BUY_OPTIONS) > 200_000:
        _BUY_OPTIONS.clear()
    _BUY_OPTIONS[key] = opts
    return opts


# The main actions ----------------------------------------------------------------------------------


def main_actions(state: SplendorDuelState, seat: int, info: BoardInfo | None = None, out: list[Any] | None = None) -> list[Any]:
    """The main actions of `seat` (take tokens, take gold and reserve, buy), appended to `out` (a new
    list if None), which is returned. The same rules as the checks in rules.py, listed fast."""
    p = state.seats[seat]
    if info is None:
        info = BOARD_INFO.get(state.board) or board_info(state.board)
    if out is None:
        out = []
    out.extend(info[0])
    pyramid = state.pyramid
    reserved = p.reserved
    if len(reserved) < MAX_RESERVED:
        golds = info[1]
        if golds:
            decks = state.decks
            key = (golds, pyramid, (bool(decks[0]), bool(decks[1]), bool(decks[2])))
            opts = _RESERVE_OPTIONS.get(key)
            if opts is None:
                opts = _reserve_options(key)
            out.extend(opts)
    bonuses, tokens = p.bonuses, p.tokens
    b0, b1, b2, b3, b4 = bonuses
    t0, t1, t2, t3, t4, t5, gold = tokens
    e0, e1, e2, e3, e4, e5 = b0 + t0, b1 + t1, b2 + t2, b3 + t3, b4 + t4, t5
    if (e0 | e1 | e2 | e3 | e4 | e5) > 127:  # never in play (see above); capping keeps every shortfall
        e0, e1, e2, e3, e4, e5 = (min(e, 127) for e in (e0, e1, e2, e3, e4, e5))
    means = e0 | e1 << 8 | e2 << 16 | e3 << 24 | e4 << 32 | e5 << 40
    no_joker = not (b0 or b1 or b2 or b3 or b4)
    cache = _BUY_OPTIONS
    packed = PACKED_COST
    for row in (*pyramid, reserved):
        for cid in row:
            if not cid:
                continue
            left = packed[cid] - means
            if (left & ((left & PACKED_GUARDS) >> 7) * 127) % 255 > gold or (no_joker and cid in _JOKERS):
                continue
            c0, c1, c2, c3, c4, c5 = _COST[cid]
            r0 = c0 - b0 if c0 > b0 else 0
            r1 = c1 - b1 if c1 > b1 else 0
            r2 = c2 - b2 if c2 > b2 else 0
            r3 = c3 - b3 if c3 > b3 else 0
            r4 = c4 - b4 if c4 > b4 else 0
            if gold:
                total = r0 + r1 + r2 + r3 + r4 + c5
                key = (
                    cid, r0, r1, r2, r3, r4, c5,
                    t0 if t0 < r0 else r0,
                    t1 if t1 < r1 else r1,
                    t2 if t2 < r2 else r2,
                    t3 if t3 < r3 else r3,
                    t4 if t4 < r4 else r4,
                    t5 if t5 < c5 else c5,
                    gold if gold < total else total,
                )  # fmt: skip
            else:
                key = (cid, r0, r1, r2, r3, r4, c5)
            opts = cache.get(key)
            if opts is None:
                opts = _buy_options(key)
            out.extend(opts)
    return out


def _any_buy(state: SplendorDuelState, p: PlayerState, tokens: tuple[int, ...]) -> bool:
    has_bonus = any(p.bonuses)
    for row in (*state.pyramid, p.reserved):
        for cid in row:
            if cid and (has_bonus or CARDS[cid].colour != JOKER):
                if can_afford(cost_after_bonuses(cid, p.bonuses), tokens):
                    return True
    return False


def has_main_action(state: SplendorDuelState, board: Sequence[int], p: PlayerState, tokens: tuple[int, ...]) -> bool:
    """Whether a player holding `tokens` could take a main action on `board` (the rest as in `state`)."""
    gold_on_board = False
    for v in board:
        if 0 <= v < GOLD:
            return True
        if v == GOLD:
            gold_on_board = True
    if gold_on_board and len(p.reserved) < MAX_RESERVED and reserve_targets(state):
        return True
    return _any_buy(state, p, tokens)
