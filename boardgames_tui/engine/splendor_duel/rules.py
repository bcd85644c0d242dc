"""Splendor Duel's rules: a pure function of the state (see engine/base.py for the contract).

Source of truth: shared/seeds/001_34ee70203a36d0cb.txt (the rulebook with its rulings) and
shared/rules/splendor_duel.md (decisions where it is open); card data in assets/splendor_duel/cards.json.

A turn is several `apply` calls by the same seat, driven by `state.phase`:
  start    -> use privileges (any number), replenish (then `main`), or a main action directly
  main     -> a main action only (take tokens, take gold + reserve, buy) or, if none is possible, pass
  joker / take_token / steal / royal -> choices asked by the abilities of the bought card or royal card
  discard  -> return tokens one at a time until 10 remain
then the victory check, then the opponent's turn (or an extra turn for the same seat).

Hot-path notes (random playouts run this tens of thousands of times a second):
- actions are cached singletons, so `apply` finds the chosen one in the cached legal list by identity;
- states are updated with a non-validating `_copy` (what `model_copy(update=...)` does, minus pydantic's
  generic overhead), and a state the current `apply` has just built is finished in place (`_amend`);
- legal-action enumeration works from small bounded caches: token-taking and privilege actions by which
  cells hold gems or pearls (per board row), reserve actions by gold cells and face-up cards, buy actions
  by the only numbers a payment depends on; card affordability is a few operations on packed integers.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from operator import is_
from typing import Any

from pydantic import BaseModel

from ..base import GameRules, IllegalAction, LogEntry, Outcome
from ..rng import derived_random, shuffled
from .data import (
    CARDS,
    CARDS_BY_LEVEL,
    FACE_UP,
    GEMS,
    GOLD,
    JOKER,
    NO_COLOUR,
    PEARL,
    PRIVILEGES,
    ROYALS,
    SPIRAL,
    TOKEN_COUNTS,
    TOKEN_NAMES,
    Card,
)
from .models import (
    ACTION_ADAPTER,
    Buy,
    ChooseRoyal,
    DiscardToken,
    Owned,
    Pass,
    PlaceJoker,
    PlayerState,
    PlayerView,
    Replenish,
    Reserve,
    SplendorDuelAction,
    SplendorDuelOptions,
    SplendorDuelState,
    SplendorDuelView,
    StealToken,
    TakeBoardToken,
    TakeTokens,
    UsePrivilege,
)

__all__ = [
    "SplendorDuelRules",
    "RULES",
    "LINES",
    "cost_after_bonuses",
    "payments",
    "cheapest_payment",
    "can_afford",
    "card_text",
    "MAX_TOKENS",
]

MAX_TOKENS = 10
MAX_RESERVED = 3
WIN_POINTS, WIN_CROWNS, WIN_COLOUR_POINTS = 20, 10, 10
CROWN_THRESHOLDS = (3, 6)
EMPTY = -1

# Lines of 1-3 adjacent cells (row, column or either diagonal), each as ascending cell indices.
_lines: set[tuple[int, ...]] = set()
for _r in range(5):
    for _c in range(5):
        _lines.add((_r * 5 + _c,))
        for _dr, _dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            for _n in (2, 3):
                _cells = [(_r + _dr * k, _c + _dc * k) for k in range(_n)]
                if all(0 <= rr < 5 and 0 <= cc < 5 for rr, cc in _cells):
                    _lines.add(tuple(sorted(rr * 5 + cc for rr, cc in _cells)))
LINES: tuple[tuple[int, ...], ...] = tuple(sorted(_lines, key=lambda t: (len(t), t)))
_TAKES: dict[tuple[int, ...], TakeTokens] = {ln: TakeTokens.model_construct(cells=ln) for ln in LINES}
# From each cell, the lines going right, down, down-right and down-left: (2nd cell, pair, 3rd cell, triple).
_WALKS: list[list[tuple[int, TakeTokens, int, TakeTokens | None]]] = [[] for _ in range(25)]
for _r in range(5):
    for _c in range(5):
        for _dr, _dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            _r2, _c2, _r3, _c3 = _r + _dr, _c + _dc, _r + 2 * _dr, _c + 2 * _dc
            if 0 <= _r2 < 5 and 0 <= _c2 < 5:
                _a, _b = _r * 5 + _c, _r2 * 5 + _c2
                _pair = _TAKES[tuple(sorted((_a, _b)))]
                if 0 <= _r3 < 5 and 0 <= _c3 < 5:
                    _t = _r3 * 5 + _c3
                    _WALKS[_a].append((_b, _pair, _t, _TAKES[tuple(sorted((_a, _b, _t)))]))
                else:
                    _WALKS[_a].append((_b, _pair, -1, None))

_PRIV = tuple(UsePrivilege.model_construct(cell=c) for c in range(25))
_BOARD_TAKE = tuple(TakeBoardToken.model_construct(cell=c) for c in range(25))
_STEAL = tuple(StealToken.model_construct(colour=c) for c in range(7))
_DISCARD = tuple(DiscardToken.model_construct(colour=c) for c in range(7))
_JOKER = tuple(PlaceJoker.model_construct(colour=c) for c in range(7))
_ROYAL = {r: ChooseRoyal.model_construct(royal=r) for r in ROYALS}
_REPLENISH = Replenish.model_construct()
_OWNED = {(cid, col): Owned.model_construct(card=cid, colour=col) for cid in CARDS for col in (None, *GEMS)}
_PASS = Pass.model_construct()
_RESERVES: dict[tuple[int, int, int | None], Reserve] = {}
_BUYS: dict[tuple[int, tuple[int, ...]], Buy] = {}
_SEAT_SETS = (frozenset((0,)), frozenset((1,)))
_NOBODY: frozenset[int] = frozenset()


def _reserve(gold_cell: int, level: int, card: int | None) -> Reserve:
    key = (gold_cell, level, card)
    a = _RESERVES.get(key)
    if a is None:
        a = _RESERVES[key] = Reserve.model_construct(gold_cell=gold_cell, level=level, card=card)
    return a


def _buy(card: int, payment: tuple[int, ...]) -> Buy:
    key = (card, payment)
    a = _BUYS.get(key)
    if a is None:
        a = _BUYS[key] = Buy.model_construct(card=card, payment=payment)
    return a


_new = object.__new__
# pydantic keeps a model's state in four slots; writing them through their descriptors is the cheapest
# way to build a model without validation.
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_get_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__get__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def _copy(model: Any, update: dict[str, Any]) -> Any:
    """`model.model_copy(update=update)` without pydantic's generic copying (hot path)."""
    new = _new(type(model))
    _set_dict(new, {**model.__dict__, **update})
    _set_fields_set(new, _get_fields_set(model))
    _set_extra(new, None)
    _set_private(new, None)
    return new


def _amend(model: Any, update: dict[str, Any]) -> Any:
    """Update a model in place: only for one built by the current call and not yet handed out."""
    model.__dict__.update(update)
    return model


_LOG_FIELDS = frozenset(("public", "private"))


def _log(text: str, private: tuple[tuple[int, str], ...] = ()) -> LogEntry:
    entry = _new(LogEntry)
    _set_dict(entry, {"public": text, "private": private})
    _set_fields_set(entry, _LOG_FIELDS)
    _set_extra(entry, None)
    _set_private(entry, None)
    return entry


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


def can_afford(cost: Sequence[int], tokens: Sequence[int]) -> bool:
    short = 0
    for i in range(6):
        d = cost[i] - tokens[i]
        if d > 0:
            short += d
    return short <= tokens[GOLD]


def buy_problem(card: int, bonuses: Sequence[int], tokens: Sequence[int]) -> str | None:
    """Why a player with these bonuses and tokens cannot pay for `card`, or None if they can."""
    if CARDS[card].colour == JOKER and not any(bonuses):
        return "A joker needs a coloured card of yours to join"
    cost = cost_after_bonuses(card, bonuses)
    if can_afford(cost, tokens):
        return None
    short = sum(max(0, cost[i] - tokens[i]) for i in range(6)) - tokens[GOLD]
    return f"{short} token(s) short"


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


# Text --------------------------------------------------------------------------------------------


def _colour_word(colour: int) -> str:
    if colour == JOKER:
        return "joker"
    if colour == NO_COLOUR:
        return "points-only"
    return TOKEN_NAMES[colour]


def card_text(card: int) -> str:
    c = CARDS[card]
    return f"a level-{c.level} {_colour_word(c.colour)} card"


def _count(n: int, singular: str, plural: str) -> str:
    """'1 point', '2 points' (log lines are English sentences; the UI translates its own words)."""
    return f"{n} {singular if n == 1 else plural}"


_TOKENS_TEXT: dict[tuple[int, ...], str] = {}


def _tokens_text(counts: Sequence[int]) -> str:
    """'a red token', '2 red tokens', '3 tokens (1 white, 1 blue, 1 green)'."""
    key = tuple(counts)
    text = _TOKENS_TEXT.get(key)
    if text is None:
        colours = [(TOKEN_NAMES[i], n) for i, n in enumerate(counts) if n]
        total = sum(counts)
        if not colours:
            text = "nothing"
        elif len(colours) == 1:
            name, n = colours[0]
            text = f"a {name} token" if n == 1 else f"{n} {name} tokens"
        else:
            text = f"{total} tokens ({', '.join(f'{n} {name}' for name, n in colours)})"
        if len(_TOKENS_TEXT) > 10_000:
            _TOKENS_TEXT.clear()
        _TOKENS_TEXT[key] = text
    return text


def _cell_text(cell: int) -> str:
    return f"{'ABCDE'[cell % 5]}{cell // 5 + 1}"


def _bought(card: Card) -> tuple[tuple[str, ...], str, str]:
    """What buying `card` does, worked out once: its pending abilities, its text and its gains' text."""
    pending = tuple(f"take_token:{card.colour}" if a == "take_token" else a for a in card.abilities)
    gains = []
    if card.points:
        gains.append("+" + _count(card.points, "point", "points"))
    if card.crowns:
        gains.append("+" + _count(card.crowns, "crown", "crowns"))
    return pending, card_text(card.id), f" ({', '.join(gains)})" if gains else ""


_BOUGHT = {cid: _bought(card) for cid, card in CARDS.items()}


# Helpers on states -------------------------------------------------------------------------------


def _recount(p: PlayerState, cards: tuple[Owned, ...], royals: tuple[int, ...]) -> dict[str, Any]:
    bonuses = [0, 0, 0, 0, 0]
    cpoints = [0, 0, 0, 0, 0]
    points = crowns = 0
    for o in cards:
        c = CARDS[o.card]
        points += c.points
        crowns += c.crowns
        if o.colour is not None:
            bonuses[o.colour] += c.bonus
            cpoints[o.colour] += c.points
    for r in royals:
        points += ROYALS[r].points
    return {
        "cards": cards,
        "royals": royals,
        "bonuses": tuple(bonuses),
        "colour_points": tuple(cpoints),
        "points": points,
        "crowns": crowns,
    }


def _with_seat(seats: tuple[PlayerState, ...], seat: int, p: PlayerState) -> tuple[PlayerState, ...]:
    return (p, seats[1]) if seat == 0 else (seats[0], p)


def _gain_privilege(
    seats: tuple[PlayerState, ...], supply: int, seat: int, players: Sequence[str]
) -> tuple[tuple[PlayerState, ...], int, str]:
    """From the supply; if it is empty, from the opponent; nothing if `seat` holds all three. The text
    says what happened, with `seat`'s name as its subject."""
    p = seats[seat]
    name = players[seat]
    if supply > 0:
        p = _copy(p, {"privileges": p.privileges + 1})
        return _with_seat(seats, seat, p), supply - 1, f"{name} takes a privilege from the supply"
    o = seats[1 - seat]
    if o.privileges > 0:
        o = _copy(o, {"privileges": o.privileges - 1})
        p = _copy(p, {"privileges": p.privileges + 1})
        seats = _with_seat(_with_seat(seats, seat, p), 1 - seat, o)
        return seats, supply, f"{name} takes a privilege from the opponent, {players[1 - seat]}"
    return seats, supply, f"{name} already holds every privilege"


def _add_tokens(tokens: tuple[int, ...], colour: int, n: int = 1) -> tuple[int, ...]:
    t = list(tokens)
    t[colour] += n
    return tuple(t)


def _reserve_targets(state: SplendorDuelState) -> bool:
    return any(any(row) for row in state.pyramid) or any(state.decks)


def _any_buy(state: SplendorDuelState, p: PlayerState, tokens: tuple[int, ...]) -> bool:
    has_bonus = any(p.bonuses)
    for row in state.pyramid:
        for cid in row:
            if cid and (has_bonus or CARDS[cid].colour != JOKER):
                if can_afford(cost_after_bonuses(cid, p.bonuses), tokens):
                    return True
    for cid in p.reserved:
        if has_bonus or CARDS[cid].colour != JOKER:
            if can_afford(cost_after_bonuses(cid, p.bonuses), tokens):
                return True
    return False


def _has_main(state: SplendorDuelState, board: Sequence[int], p: PlayerState, tokens: tuple[int, ...]) -> bool:
    gold_on_board = False
    for v in board:
        if 0 <= v < GOLD:
            return True
        if v == GOLD:
            gold_on_board = True
    if gold_on_board and len(p.reserved) < MAX_RESERVED and _reserve_targets(state):
        return True
    return _any_buy(state, p, tokens)


def _privilege_ok(state: SplendorDuelState, seat: int, cell: int, others_left: int) -> bool:
    """The seed's ruling: a privilege may be spent only if a main action stays possible, now or after
    a replenish. Cheap unless (almost) no other non-gold token stays on the board."""
    if others_left > 0:
        return True  # taking one of those stays possible
    p = state.seats[seat]
    board = list(state.board)
    colour = board[cell]
    board[cell] = EMPTY
    tokens = _add_tokens(p.tokens, colour)
    if _has_main(state, board, p, tokens):
        return True
    bag = state.bag
    if not any(bag):
        return False
    if any(bag[:GOLD]):
        return True
    if bag[GOLD] and len(p.reserved) < MAX_RESERVED and _reserve_targets(state):
        return True
    return False


# Every token-taking action with the cells it needs (as a bit mask), in the order legal_actions lists
# them: for each cell, the single, then per direction the pair and the triple. The actions starting in
# row r need only rows r..r+2, so they are grouped (and cached) by starting row and those 15 bits.
_TAKE_ROWS: tuple[list[tuple[int, TakeTokens]], ...] = tuple([] for _ in range(5))
for _c in range(25):
    _sh = _c // 5 * 5
    _TAKE_ROWS[_c // 5].append((1 << _c >> _sh, _TAKES[(_c,)]))
    for _second, _pair, _third, _triple in _WALKS[_c]:
        _TAKE_ROWS[_c // 5].append(((1 << _c | 1 << _second) >> _sh, _pair))
        if _triple is not None:
            _TAKE_ROWS[_c // 5].append(((1 << _c | 1 << _second | 1 << _third) >> _sh, _triple))
_TAKES_BY_ROW: tuple[dict[int, tuple[TakeTokens, ...]], ...] = tuple({} for _ in range(5))
# board -> (token-taking actions, gold cells, privilege actions for every gem or pearl)
_BOARD_INFO: dict[tuple[int, ...], tuple[tuple[TakeTokens, ...], tuple[int, ...], tuple[UsePrivilege, ...]]] = {}


# The privilege actions of a row, by which of its five cells hold a gem or pearl.
_ROW_PRIVS = tuple(
    tuple(tuple(_PRIV[row * 5 + c] for c in range(5) if bits >> c & 1) for bits in range(32)) for row in range(5)
)


def _row_takes(row: int, bits: int) -> tuple[TakeTokens, ...]:
    cache = _TAKES_BY_ROW[row]
    if len(cache) > 8_000:
        cache.clear()
    takes = cache[bits] = tuple([a for need, a in _TAKE_ROWS[row] if bits & need == need])
    return takes


def _board_info(board: tuple[int, ...]) -> tuple[tuple[TakeTokens, ...], tuple[int, ...], tuple[UsePrivilege, ...]]:
    """The token-taking actions a board allows, its gold cells and the cells a privilege could take
    (cached by board)."""
    mask = 0
    golds = []
    c = 0
    for v in board:
        if v >= 0:
            if v < GOLD:
                mask |= 1 << c
            elif v == GOLD:
                golds.append(c)
        c += 1
    takes: tuple[TakeTokens, ...] = ()
    privs: tuple[UsePrivilege, ...] = ()
    for row in range(5):
        bits = mask >> (5 * row) & 0x7FFF
        found = _TAKES_BY_ROW[row].get(bits)
        if found is None:
            found = _row_takes(row, bits)
        takes += found
        privs += _ROW_PRIVS[row][bits & 31]
    if len(_BOARD_INFO) > 1_000:
        _BOARD_INFO.clear()
    info = _BOARD_INFO[board] = (takes, tuple(golds), privs)
    return info


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
_GUARDS = sum(128 << (8 * i) for i in range(6))
_PACKED_COST: dict[int, int] = {
    cid: _GUARDS | sum(n << (8 * i) for i, n in enumerate(c.cost)) for cid, c in CARDS.items()
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


def _main_actions(
    state: SplendorDuelState, seat: int, info: tuple[Any, ...] | None = None, out: list[Any] | None = None
) -> list[Any]:
    """The main actions of `seat`, appended to `out` (a new list if None), which is returned."""
    p = state.seats[seat]
    if info is None:
        info = _BOARD_INFO.get(state.board) or _board_info(state.board)
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
    packed = _PACKED_COST
    for row in (*pyramid, reserved):
        for cid in row:
            if not cid:
                continue
            left = packed[cid] - means
            if (left & ((left & _GUARDS) >> 7) * 127) % 255 > gold or (no_joker and cid in _JOKERS):
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


# The rules -------------------------------------------------------------------------------------------


class SplendorDuelRules(GameRules[SplendorDuelState, SplendorDuelAction, SplendorDuelView, SplendorDuelOptions]):  # type: ignore[type-var]
    id = "splendor_duel"
    title = "Splendor Duel"
    min_players = 2
    max_players = 2
    Options = SplendorDuelOptions
    State = SplendorDuelState
    action_adapter = ACTION_ADAPTER

    def __init__(self) -> None:
        self._cache: tuple[Any, int, tuple[Any, ...]] | None = None
        self._handlers: dict[str, Any] = {
            name[4:]: getattr(self, name) for name in dir(self) if name.startswith("_do_")
        }

    # -- setup

    def setup(
        self, players: Sequence[str], options: SplendorDuelOptions | None, seed: str
    ) -> SplendorDuelState:
        options = options if options is not None else SplendorDuelOptions()
        players = self.seat_players(players)
        decks = [list(shuffled(CARDS_BY_LEVEL[lv], seed, f"deck-{lv + 1}")) for lv in range(3)]
        pyramid = tuple(tuple(decks[lv][: FACE_UP[lv]]) for lv in range(3))
        decks_t = tuple(tuple(decks[lv][FACE_UP[lv] :]) for lv in range(3))
        pool = [colour for colour, n in enumerate(TOKEN_COUNTS) for _ in range(n)]
        order = shuffled(pool, seed, "board")
        board = [EMPTY] * 25
        for cell, colour in zip(SPIRAL, order):
            board[cell] = colour
        first = derived_random(seed, "first").randrange(2)
        empty = (0,) * 7
        seats = tuple(
            PlayerState(tokens=empty, privileges=1 if s != first else 0) for s in range(2)
        )
        text = f"{players[first]} starts; {players[1 - first]} takes a privilege"
        log = (_log(text),)
        return SplendorDuelState(
            players=players,
            options=options,
            seed=seed,
            current=first,
            board=tuple(board),
            bag=empty,
            decks=decks_t,
            pyramid=pyramid,
            royals=tuple(sorted(ROYALS)),
            supply_privileges=PRIVILEGES - 1,
            seats=seats,
            summary=text,
            log=log,
            turn_start=len(log),
        )

    # -- whose move

    def to_act(self, state: SplendorDuelState) -> frozenset[int]:
        if state.phase == "over":
            return _NOBODY
        return _SEAT_SETS[state.current]

    def legal_actions(self, state: SplendorDuelState, seat: int) -> Sequence[SplendorDuelAction]:
        cache = self._cache
        if cache is not None and cache[0] is state and cache[1] == seat:
            return cache[2]
        actions = tuple(self._legal(state, seat))
        self._cache = (state, seat, actions)
        return actions

    def _legal(self, state: SplendorDuelState, seat: int) -> list[Any]:
        phase = state.phase
        if phase == "over" or seat != state.current:
            return []
        p = state.seats[seat]
        if phase == "start" or phase == "main":
            out: list[Any] = []
            board = state.board
            info = _BOARD_INFO.get(board)
            if info is None:
                info = _board_info(board)
            bag_left = phase == "start" and any(state.bag)
            if phase == "start":
                if p.privileges:
                    privs = info[2]
                    if len(privs) > 1:  # taking one leaves another to take: always allowed
                        out.extend(privs)
                    elif privs and _privilege_ok(state, seat, privs[0].cell, 0):
                        out.append(privs[0])
                if bag_left:
                    out.append(_REPLENISH)
            before = len(out)
            _main_actions(state, seat, info, out)
            if len(out) == before and not bag_left:
                out.append(_PASS)
            return out
        if phase == "discard":
            return [_DISCARD[c] for c in range(7) if p.tokens[c]]
        if phase == "take_token":
            return [_BOARD_TAKE[c] for c in range(25) if state.board[c] == state.choice_colour]
        if phase == "steal":
            o = state.seats[1 - seat]
            return [_STEAL[c] for c in range(6) if o.tokens[c]]
        if phase == "royal":
            return [_ROYAL[r] for r in state.royals]
        if phase == "joker":
            return [_JOKER[c] for c in GEMS if p.bonuses[c]]
        return []  # pragma: no cover

    # -- apply

    def apply(self, state: SplendorDuelState, seat: int, action: SplendorDuelAction) -> SplendorDuelState:
        if state.phase == "over":
            raise IllegalAction("The game is over")
        if seat != state.current:
            if type(seat) is int and 0 <= seat < 2:
                raise IllegalAction(f"It is {state.players[state.current]}'s turn, not yours")
            raise IllegalAction(f"There is no seat {seat!r}")
        cache = self._cache
        if cache is not None and cache[0] is state and cache[1] == seat:
            legal = cache[2]
        else:
            legal = self.legal_actions(state, seat)
        ok = any(map(is_, legal, repeat(action)))  # the cached singletons: usually found by identity
        if not ok:
            try:
                ok = action in legal
            except Exception:  # a malformed action
                ok = False
        if not ok:
            raise IllegalAction(self._why(state, seat, action))
        handler = self._handlers.get(action.kind)
        if handler is None:  # pragma: no cover - every legal action has a handler
            handler = getattr(self, "_do_" + action.kind)
        return handler(state, seat, action)  # type: ignore[no-any-return]

    def _why(self, state: SplendorDuelState, seat: int, action: Any) -> str:
        phase = state.phase
        kind = getattr(action, "kind", None)
        expected = {
            "discard": "You hold more than 10 tokens: return one to the bag",
            "take_token": f"Take a {TOKEN_NAMES[state.choice_colour] if state.choice_colour >= 0 else ''} token from the board",
            "steal": "Take a gem or pearl from your opponent",
            "royal": "Choose a royal card",
            "joker": "Place the joker on one of your coloured cards",
        }
        if phase in expected:
            return expected[phase]
        if kind == "use_privilege":
            if phase == "main":
                return "Privileges are used before replenishing the board"
            if not state.seats[seat].privileges:
                return "You have no privilege to use"
            return "A privilege takes one gem or pearl, and must leave you a main action"
        if kind == "replenish":
            return "The board can be replenished once, before the main action, while the bag holds tokens"
        if kind == "take_tokens":
            return "Take 1-3 gems or pearls in a straight adjacent line, without gold or gaps"
        if kind == "reserve":
            if len(state.seats[seat].reserved) >= MAX_RESERVED:
                return "You already hold 3 reserved cards"
            return "Reserving needs a gold from the board and an available card"
        if kind == "buy":
            return "You cannot buy that card with that payment"
        if kind == "pass":
            return "You may pass only when no main action is possible and the bag is empty"
        return "That is not allowed now"

    # -- step 1 and 2

    def _do_use_privilege(self, state: SplendorDuelState, seat: int, action: UsePrivilege) -> SplendorDuelState:
        board = list(state.board)
        colour = board[action.cell]
        board[action.cell] = EMPTY
        p = state.seats[seat]
        p = _copy(p, {"tokens": _add_tokens(p.tokens, colour), "privileges": p.privileges - 1})
        text = (
            f"{state.players[seat]} used a privilege to take a {TOKEN_NAMES[colour]} token from the board"
            f" ({_cell_text(action.cell)})"
        )
        return self._logged(
            state,
            text,
            board=tuple(board),
            seats=_with_seat(state.seats, seat, p),
            supply_privileges=state.supply_privileges + 1,
        )

    def _do_replenish(self, state: SplendorDuelState, seat: int, action: Replenish) -> SplendorDuelState:
        pool = [colour for colour, n in enumerate(state.bag) for _ in range(n)]
        order = shuffled(pool, state.seed, "replenish", state.replenishes)
        board = list(state.board)
        i = 0
        for cell in SPIRAL:
            if i >= len(order):
                break
            if board[cell] == EMPTY:
                board[cell] = order[i]
                i += 1
        seats, supply, how = _gain_privilege(state.seats, state.supply_privileges, 1 - seat, state.players)
        text = f"{state.players[seat]} replenished the board with {_count(len(pool), 'token', 'tokens')} from the bag"
        text += f"; {how}"
        return self._logged(
            state,
            text,
            phase="main",
            board=tuple(board),
            bag=(0,) * 7,
            seats=seats,
            supply_privileges=supply,
            replenishes=state.replenishes + 1,
        )

    # -- main actions

    def _do_take_tokens(self, state: SplendorDuelState, seat: int, action: TakeTokens) -> SplendorDuelState:
        board = list(state.board)
        p = state.seats[seat]
        tokens = list(p.tokens)
        got = [0] * 7
        for c in action.cells:
            colour = board[c]
            got[colour] += 1
            tokens[colour] += 1
            board[c] = EMPTY
        seats = _with_seat(state.seats, seat, _copy(p, {"tokens": tuple(tokens)}))
        supply = state.supply_privileges
        text = f"{state.players[seat]} took {_tokens_text(got)}"
        if 3 in got[:5] or got[PEARL] == 2:
            seats, supply, how = _gain_privilege(seats, supply, 1 - seat, state.players)
            text += f"; {how}"
        s = self._logged(state, text, board=tuple(board), seats=seats, supply_privileges=supply, passes=0)
        return self._advance(s, seat)

    def _do_reserve(self, state: SplendorDuelState, seat: int, action: Reserve) -> SplendorDuelState:
        board = list(state.board)
        board[action.gold_cell] = EMPTY
        lv = action.level - 1
        decks = list(state.decks)
        pyramid = list(state.pyramid)
        private: tuple[tuple[int, str], ...] = ()
        if action.card is None:
            cid = decks[lv][0]
            decks[lv] = decks[lv][1:]
            what = f"the top card of the level-{action.level} deck"
            private = ((seat, f"(It is {card_text(cid)}, card #{cid}.)"),)
        else:
            cid = action.card
            pyramid[lv] = self._refill(pyramid[lv], cid, decks, lv)
            what = f"{card_text(cid)} from the display"
        p = state.seats[seat]
        p = _copy(p, {"tokens": _add_tokens(p.tokens, GOLD), "reserved": (*p.reserved, cid)})
        text = f"{state.players[seat]} took a gold token ({_cell_text(action.gold_cell)}) and reserved {what}"
        s = self._logged(
            state,
            text,
            private=private,
            board=tuple(board),
            decks=tuple(decks),
            pyramid=tuple(pyramid),
            seats=_with_seat(state.seats, seat, p),
            passes=0,
        )
        return self._advance(s, seat)

    @staticmethod
    def _refill(row: tuple[int, ...], cid: int, decks: list[tuple[int, ...]], lv: int) -> tuple[int, ...]:
        slot = row.index(cid)
        new = 0
        if decks[lv]:
            new = decks[lv][0]
            decks[lv] = decks[lv][1:]
        return (*row[:slot], new, *row[slot + 1 :])

    def _do_buy(self, state: SplendorDuelState, seat: int, action: Buy) -> SplendorDuelState:
        cid = action.card
        card: Card = CARDS[cid]
        pay = action.payment
        p = state.seats[seat]
        tokens = tuple([a - b for a, b in zip(p.tokens, pay)])
        bag = tuple([a + b for a, b in zip(state.bag, pay)])
        decks = list(state.decks)
        pyramid = list(state.pyramid)
        reserved = p.reserved
        lv = card.level - 1
        if cid in reserved:
            reserved = tuple(r for r in reserved if r != cid)
            where = " from their reserve"
        else:
            pyramid[lv] = self._refill(pyramid[lv], cid, decks, lv)
            where = ""
        colour = card.colour if card.colour < 5 else None
        update = _recount(p, (*p.cards, _OWNED[(cid, colour)]), p.royals)
        update["tokens"] = tokens
        update["reserved"] = reserved
        p = _copy(p, update)
        pending, what, gains = _BOUGHT[cid]
        text = f"{state.players[seat]} bought {what}{where}{gains}"
        if any(pay):
            text += f", paying {_tokens_text(pay)}"
        s = self._logged(
            state,
            text,
            bag=bag,
            decks=tuple(decks),
            pyramid=tuple(pyramid),
            seats=_with_seat(state.seats, seat, p),
            pending=pending,
            passes=0,
        )
        return self._advance(s, seat)

    def _do_pass(self, state: SplendorDuelState, seat: int, action: Pass) -> SplendorDuelState:
        passes = state.passes + 1
        text = f"{state.players[seat]} has no possible action and passes"
        s = self._logged(state, text, passes=passes, extra_turn=False)
        if passes >= 2:
            return self._logged(
                s, "Neither player can act: the game ends without a winner", phase="over", winner=None
            )
        return self._end_turn(s, seat)

    # -- choices

    def _do_place_joker(self, state: SplendorDuelState, seat: int, action: PlaceJoker) -> SplendorDuelState:
        p = state.seats[seat]
        cards = list(p.cards)
        for i in range(len(cards) - 1, -1, -1):
            if cards[i].colour is None and CARDS[cards[i].card].colour == JOKER:
                cards[i] = _OWNED[(cards[i].card, action.colour)]
                break
        p = _copy(p, _recount(p, tuple(cards), p.royals))
        text = f"{state.players[seat]} placed the joker with their {TOKEN_NAMES[action.colour]} cards"
        s = self._logged(state, text, seats=_with_seat(state.seats, seat, p))
        return self._advance(s, seat)

    def _do_take_board_token(self, state: SplendorDuelState, seat: int, action: TakeBoardToken) -> SplendorDuelState:
        board = list(state.board)
        colour = board[action.cell]
        board[action.cell] = EMPTY
        p = state.seats[seat]
        p = _copy(p, {"tokens": _add_tokens(p.tokens, colour)})
        text = f"{state.players[seat]} took a {TOKEN_NAMES[colour]} token from the board ({_cell_text(action.cell)})"
        s = self._logged(state, text, board=tuple(board), seats=_with_seat(state.seats, seat, p), choice_colour=-1)
        return self._advance(s, seat)

    def _do_steal_token(self, state: SplendorDuelState, seat: int, action: StealToken) -> SplendorDuelState:
        p, o = state.seats[seat], state.seats[1 - seat]
        p = _copy(p, {"tokens": _add_tokens(p.tokens, action.colour)})
        o = _copy(o, {"tokens": _add_tokens(o.tokens, action.colour, -1)})
        seats = _with_seat(_with_seat(state.seats, seat, p), 1 - seat, o)
        text = f"{state.players[seat]} took a {TOKEN_NAMES[action.colour]} token from {state.players[1 - seat]}"
        return self._advance(self._logged(state, text, seats=seats), seat)

    def _do_choose_royal(self, state: SplendorDuelState, seat: int, action: ChooseRoyal) -> SplendorDuelState:
        r = action.royal
        p = state.seats[seat]
        update = _recount(p, p.cards, (*p.royals, r))
        update["thresholds"] = p.thresholds + 1
        p = _copy(p, update)
        royal = ROYALS[r]
        text = f"{state.players[seat]} claimed a royal card (+{_count(royal.points, 'point', 'points')})"
        s = self._logged(
            state,
            text,
            seats=_with_seat(state.seats, seat, p),
            royals=tuple(x for x in state.royals if x != r),
            pending=(*royal.abilities, *state.pending),
        )
        return self._advance(s, seat)

    def _do_discard(self, state: SplendorDuelState, seat: int, action: DiscardToken) -> SplendorDuelState:
        p = state.seats[seat]
        p = _copy(p, {"tokens": _add_tokens(p.tokens, action.colour, -1)})
        text = f"{state.players[seat]} returned a {TOKEN_NAMES[action.colour]} token to the bag"
        s = self._logged(
            state, text, seats=_with_seat(state.seats, seat, p), bag=_add_tokens(state.bag, action.colour)
        )
        return self._advance(s, seat)

    # -- resolution order: abilities -> crowns and royal cards -> discard -> victory -> next turn

    # `_advance` and `_end_turn` receive a state the current `apply` has just built and nobody else has
    # seen yet, so they finish it in place (`_amend`) rather than copying it once more.

    def _advance(self, s: SplendorDuelState, seat: int) -> SplendorDuelState:
        name = s.players[seat]
        while True:
            while s.pending:
                ability, rest = s.pending[0], s.pending[1:]
                if ability == "extra_turn":
                    s = self._logged(s, f"{name} will take an extra turn", pending=rest, extra_turn=True)
                elif ability == "take_privilege":
                    seats, supply, text = _gain_privilege(s.seats, s.supply_privileges, seat, s.players)
                    s = self._logged(s, text, pending=rest, seats=seats, supply_privileges=supply)
                elif ability.startswith("take_token"):
                    colour = int(ability.split(":")[1])
                    if colour in s.board:
                        return _amend(s, {"phase": "take_token", "pending": rest, "choice_colour": colour})
                    text = f"{name} takes no {TOKEN_NAMES[colour]} token: there is none on the board"
                    s = self._logged(s, text, pending=rest)
                elif ability == "steal_token":
                    if any(s.seats[1 - seat].tokens[:GOLD]):
                        return _amend(s, {"phase": "steal", "pending": rest})
                    text = f"{name} takes nothing from {s.players[1 - seat]}, who has no gem or pearl"
                    s = self._logged(s, text, pending=rest)
                elif ability == "copy_color":
                    return _amend(s, {"phase": "joker", "pending": rest})
                else:  # pragma: no cover
                    raise AssertionError(ability)
            p = s.seats[seat]
            if p.thresholds < len(CROWN_THRESHOLDS) and p.crowns >= CROWN_THRESHOLDS[p.thresholds]:
                if s.royals:
                    return _amend(s, {"phase": "royal"})
                p = _copy(p, {"thresholds": p.thresholds + 1})  # pragma: no cover
                s = _copy(s, {"seats": _with_seat(s.seats, seat, p)})  # pragma: no cover
                continue  # pragma: no cover
            break
        if sum(s.seats[seat].tokens) > MAX_TOKENS:
            if s.phase != "discard":
                return _amend(s, {"phase": "discard"})
            return s
        return self._end_turn(s, seat)

    def _end_turn(self, s: SplendorDuelState, seat: int) -> SplendorDuelState:
        p = s.seats[seat]
        if p.points >= WIN_POINTS or p.crowns >= WIN_CROWNS or max(p.colour_points) >= WIN_COLOUR_POINTS:
            reasons = []
            if p.points >= WIN_POINTS:
                reasons.append(f"{p.points} points")
            if p.crowns >= WIN_CROWNS:
                reasons.append(f"{p.crowns} crowns")
            for c in GEMS:
                if p.colour_points[c] >= WIN_COLOUR_POINTS:
                    reasons.append(f"{p.colour_points[c]} points in {TOKEN_NAMES[c]}")
            text = f"{s.players[seat]} wins with " + " and ".join(reasons)
            return self._logged(s, text, phase="over", winner=seat, win_reasons=tuple(reasons), extra_turn=False)
        nxt = seat if s.extra_turn else 1 - seat
        return _amend(
            s,
            {
                "phase": "start",
                "current": nxt,
                "extra_turn": False,
                "turn": s.turn + 1,
                # `summary` tells the next player everything since their own last turn: an extra turn
                # goes on from the same start, so its summary still holds the turn that earned it.
                "turn_start": len(s.log) if nxt != seat else s.turn_start,
                "choice_colour": -1,
            },
        )

    def _logged(
        self, s: SplendorDuelState, text: str, private: tuple[tuple[int, str], ...] = (), **update: Any
    ) -> SplendorDuelState:
        log = (*s.log, _log(text, private))
        update["log"] = log
        update["summary"] = "; ".join([e.public for e in log[s.turn_start :]])
        return _copy(s, update)

    # -- view

    def view(self, state: SplendorDuelState, seat: int | None) -> SplendorDuelView:
        if seat is not None and not (type(seat) is int and 0 <= seat < 2):
            raise ValueError(f"no seat {seat!r}")
        seats = tuple(
            PlayerView(
                seat=s,
                name=state.players[s],
                tokens=p.tokens,
                privileges=p.privileges,
                cards=p.cards,
                reserved=p.reserved if s == seat else None,
                reserved_count=len(p.reserved),
                royals=p.royals,
                bonuses=p.bonuses,
                colour_points=p.colour_points,
                points=p.points,
                crowns=p.crowns,
            )
            for s, p in enumerate(state.seats)
        )
        return SplendorDuelView(
            seat=seat,
            players=state.players,
            turn=state.turn,
            current=state.current,
            phase=state.phase,
            board=state.board,
            bag_size=sum(state.bag),
            deck_sizes=tuple(len(d) for d in state.decks),
            pyramid=state.pyramid,
            royals=state.royals,
            supply_privileges=state.supply_privileges,
            seats=seats,
            pending=state.pending,
            choice_colour=state.choice_colour,
            extra_turn=state.extra_turn,
            winner=state.winner,
            win_reasons=state.win_reasons,
            summary=state.summary,
            log=self.log_for(state, seat),
            legal_actions=self.legal_for(state, seat),
        )

    # -- results

    def outcome(self, state: SplendorDuelState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = tuple(p.points for p in state.seats)
        details = tuple(
            f"{state.players[s]}: {_count(p.points, 'point', 'points')}, {_count(p.crowns, 'crown', 'crowns')},"
            f" best colour {_count(max(p.colour_points), 'point', 'points')}"
            for s, p in enumerate(state.seats)
        )
        w = state.winner
        if w is None:
            return Outcome(
                scores=scores,
                ranking=((0, 1),),
                winners=(),
                reason="stalemate: neither player could act",
                headline="The game ends without a winner: neither player can act",
                details=details,
            )
        return Outcome(
            scores=scores,
            ranking=((w,), (1 - w,)),
            winners=(w,),
            reason=" and ".join(state.win_reasons),
            headline=f"{state.players[w]} wins with {' and '.join(state.win_reasons)}",
            details=details,
        )

    # -- labels

    def turn_label(self, state: SplendorDuelState) -> str:
        if state.phase == "over":
            return "Game over"
        return f"Turn {state.turn + 1} · {state.players[state.current]}"

    def last_public_summary(self, state: SplendorDuelState) -> str:
        return state.summary

    def has_hidden_information(self, state: SplendorDuelState) -> bool:
        return True


RULES = SplendorDuelRules()
