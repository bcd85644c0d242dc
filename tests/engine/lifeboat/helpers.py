"""Shared helpers for the Lifeboat engine tests: build exact situations by hand, find cards by kind,
resample what a seat may not know."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from boardgames_tui.engine.lifeboat.data import (
    CARD_KEY,
    CHARACTER_INDEX,
    NAVIGATION_COUNT,
    SUPPLY_COUNT,
    navigation_cards,
)
from boardgames_tui.engine.lifeboat.core import awake
from boardgames_tui.engine.lifeboat.models import LifeboatOptions, LifeboatState, Trade
from boardgames_tui.engine.lifeboat.rules import RULES

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")
ALL = ("lady_lauren", "sir_stephen", "captain", "first_mate", "frenchy", "kid")


def nav(card_id: str) -> int:
    """'N05' -> navigation card index 4."""
    return int(card_id[1:]) - 1


def nav_with(disputed: str = "majority", **want: Any) -> int:
    """The first navigation card whose fields match (e.g. overboard=(), bird=1)."""
    for c in navigation_cards(disputed):
        if all(getattr(c, k) == v for k, v in want.items()):
            return c.index
    raise LookupError(want)


class Cards:
    """Hands out distinct supply card ids by key: cards.take('water') -> the next unused Water."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, key: str) -> int:
        for c in range(SUPPLY_COUNT):
            if CARD_KEY[c] == key and c not in self.used:
                self.used.add(c)
                return c
        raise LookupError(f"no {key} left")

    def many(self, keys: Sequence[str]) -> tuple[int, ...]:
        return tuple(self.take(k) for k in keys)


def build(
    chars: Sequence[str] = ALL,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    face_up: Mapping[int, Sequence[str]] | None = None,
    wounds: Mapping[int, int] | None = None,
    love: Sequence[str] | None = None,
    hate: Sequence[str] | None = None,
    boat: Sequence[int] | None = None,
    nav_deck: Sequence[int] | None = None,
    row_pile: Sequence[int] = (),
    supply: Sequence[str] | None = None,
    options: LifeboatOptions | None = None,
    phase: str = "action",
    actor: int | None = None,
    **fields: Any,
) -> LifeboatState:
    """A consistent state. Seat i plays chars[i]; the boat is in the standard order unless given.

    Hands and face-up cards are given by card key; every supply card not placed goes to the discard pile
    (or `supply` lists the supply deck's keys, top first). The navigation deck holds every card not in
    `row_pile`, in index order unless `nav_deck` gives its top. In the action phase, the action order is
    the conscious seats in boat order and `actor` (default the first of them) is to act.
    """
    n = len(chars)
    ch = tuple(CHARACTER_INDEX[c] for c in chars)
    cards = Cards()
    hand_ids = [tuple(sorted(cards.many((hands or {}).get(s, ())))) for s in range(n)]
    face_ids = [cards.many((face_up or {}).get(s, ())) for s in range(n)]
    supply_ids = cards.many(supply or ())
    rest = tuple(c for c in range(SUPPLY_COUNT) if c not in cards.used)
    top = tuple(nav_deck or ())
    pile = tuple(row_pile)
    deck = top + tuple(c for c in range(NAVIGATION_COUNT) if c not in top and c not in pile)
    if boat is None:
        boat = sorted(range(n), key=lambda s: ch[s])
    values: dict[str, Any] = {
        "players": NAMES[:n],
        "options": options or LifeboatOptions(),
        "seed": "test",
        "characters": ch,
        "love": tuple(CHARACTER_INDEX[c] for c in (love or chars)),
        "hate": tuple(CHARACTER_INDEX[c] for c in (hate or tuple(chars[1:]) + tuple(chars[:1]))),
        "boat": tuple(boat),
        "wounds": tuple((wounds or {}).get(s, 0) for s in range(n)),
        "hands": tuple(hand_ids),
        "face_up": tuple(face_ids),
        "rowed": (False,) * n,
        "fought": (False,) * n,
        "supply": supply_ids,
        "set_aside": (),
        "discard": rest,
        "nav_deck": deck,
        "row_pile": pile,
        "phase": phase,
    }
    values.update(fields)
    s = LifeboatState(**values)
    if phase == "action" and "current" not in fields:
        order = fields.get("order", awake(s))
        first = order[0] if actor is None else actor
        s = s.model_copy(
            update={"order": order, "turn_index": order.index(first), "actor": first, "current": first}
        )
    return s


def ids(state: LifeboatState, seat: int) -> tuple[int, ...]:
    return state.hands[seat]


def keys(cards: Sequence[int]) -> list[str]:
    return [CARD_KEY[c] for c in cards]


def act(state: LifeboatState, action: Any, seat: int | None = None) -> LifeboatState:
    return RULES.apply(state, state.current if seat is None else seat, action)


def legal_kinds(state: LifeboatState) -> set[str]:
    return {a.kind for a in RULES.legal_actions(state, state.current)}


def pass_window(state: LifeboatState) -> LifeboatState:
    """Everyone says done until the open window closes."""
    phase = state.phase
    from boardgames_tui.engine.lifeboat.models import Done

    while state.phase == phase and state.window:
        state = act(state, Done())
    return state


def settle(state: LifeboatState) -> LifeboatState:
    """Everyone says done in every open window until none is open (the end of the round, usually)."""
    from boardgames_tui.engine.lifeboat.models import Done

    while state.phase in ("fight", "overboard", "thirst"):
        state = act(state, Done())
    return state


def resample_hidden(state: LifeboatState, seat: int, rng: random.Random) -> LifeboatState:
    """Reshuffle what `seat` cannot know: the other seats' hands (keeping their sizes) together with the
    supply deck and the cards set aside or lost, the others' Love and Hate cards among themselves, and
    the order of the navigation deck. Cards in a pending trade or draft stay put (some seats saw them)."""
    n = len(state.players)
    trade = state.pending if isinstance(state.pending, Trade) else None
    frozen = set(state.draft) | (set(trade.give) | set(trade.back) if trade is not None else set())
    others = [s for s in range(n) if s != seat]
    pool: list[int] = [c for s in others for c in state.hands[s] if c not in frozen]
    pool += list(state.supply) + list(state.set_aside) + list(state.lost_cards)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        keep = [c for c in state.hands[s] if c in frozen]
        k = len(state.hands[s]) - len(keep)
        hands[s] = tuple(sorted(keep + pool[:k]))
        pool = pool[k:]
    a, b = len(state.supply), len(state.set_aside)
    supply, set_aside, lost = tuple(pool[:a]), tuple(pool[a : a + b]), tuple(pool[a + b :])
    love, hate = list(state.love), list(state.hate)
    lv = [love[s] for s in others]
    ht = [hate[s] for s in others]
    rng.shuffle(lv)
    rng.shuffle(ht)
    for s, x, y in zip(others, lv, ht):
        love[s], hate[s] = x, y
    deck = list(state.nav_deck)
    rng.shuffle(deck)
    return state.model_copy(
        update={
            "hands": tuple(hands),
            "supply": supply,
            "set_aside": set_aside,
            "lost_cards": lost,
            "love": tuple(love),
            "hate": tuple(hate),
            "nav_deck": tuple(deck),
        }
    )


def random_midgame(players: int, seed: int, steps: int, options: LifeboatOptions | None = None) -> LifeboatState:
    rng = random.Random(seed)
    state = RULES.setup(NAMES[:players], options or LifeboatOptions(), f"mid-{seed}")
    for _ in range(steps):
        if not RULES.to_act(state):
            break
        state = RULES.apply(state, state.current, rng.choice(RULES.legal_actions(state, state.current)))
    return state


def told(state: LifeboatState) -> str:
    """What the table is told after the latest action, in English (the handoff's summary; "" at the end)."""
    from boardgames_tui.narration.lifeboat import LifeboatNarrator

    summary = RULES.last_public_event(state)
    return LifeboatNarrator(state.players).event(summary) if summary is not None else ""


def lines(state: LifeboatState, seat: int | None = None) -> list[str]:
    """The log as `seat` reads it (None: the public table), in English."""
    from boardgames_tui.narration.lifeboat import LifeboatNarrator

    return list(LifeboatNarrator(state.players).events(RULES.log_for(state, seat)))
