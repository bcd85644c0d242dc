"""Shared helpers for the Splendor Duel engine tests: build exact situations, conserve components,
resample hidden information."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from boardgames_tui.engine.splendor_duel.data import CARDS, CARDS_BY_LEVEL, PRIVILEGES, TOKEN_COUNTS, TOKEN_LETTERS
from boardgames_tui.engine.splendor_duel.models import Owned, PlayerState, Reserve, SplendorDuelOptions, SplendorDuelState
from boardgames_tui.engine.splendor_duel.rules import RULES
from boardgames_tui.engine.splendor_duel.turn import recount

NAMES = ("Ana", "Ben")
W, B, G, R, K, P, Y = range(7)


def board(*rows: str) -> tuple[int, ...]:
    """board("WBG..", ...) -> 25 cells; letters W B G R K (gems) P (pearl) Y (gold), '.' empty."""
    assert len(rows) == 5 and all(len(r) == 5 for r in rows)
    return tuple(-1 if ch == "." else TOKEN_LETTERS.index(ch) for row in rows for ch in row)


EMPTY_BOARD = board(".....", ".....", ".....", ".....", ".....")


def tokens(**counts: int) -> tuple[int, ...]:
    """tokens(W=1, P=2, Y=1) -> 7 counts."""
    return tuple(counts.get(letter, 0) for letter in TOKEN_LETTERS)


def player(
    toks: Sequence[int] = (0,) * 7,
    *,
    cards: Sequence[tuple[int, int | None] | int] = (),
    royals: Sequence[int] = (),
    reserved: Sequence[int] = (),
    privileges: int = 0,
    thresholds: int | None = None,
) -> PlayerState:
    owned = []
    for c in cards:
        if isinstance(c, tuple):
            owned.append(Owned(card=c[0], colour=c[1]))
        else:
            col = CARDS[c].colour
            owned.append(Owned(card=c, colour=col if col < 5 else None))
    base = PlayerState(tokens=tuple(toks), privileges=privileges, reserved=tuple(reserved))
    fields = recount(base, tuple(owned), tuple(royals))
    if thresholds is None:
        thresholds = sum(1 for t in (3, 6) if fields["crowns"] >= t)
    return base.model_copy(update={**fields, "thresholds": thresholds})


def build(
    *,
    board_cells: tuple[int, ...] = EMPTY_BOARD,
    seats: Sequence[PlayerState] | None = None,
    current: int = 0,
    pyramid: Sequence[Sequence[int]] | None = None,
    bag: Sequence[int] | None = None,
    supply: int | None = None,
    **fields: Any,
) -> SplendorDuelState:
    """A consistent state: every card not in the pyramid, a seat's cards or reserve goes to the decks
    (ascending ids); every token not on the board or held goes to the bag unless `bag` is given."""
    seats = tuple(seats) if seats is not None else (player(), player())
    pyramid = tuple(tuple(r) for r in (pyramid if pyramid is not None else ((1, 2, 3, 4, 5), (31, 32, 33, 34), (55, 56, 57))))
    used = {c for row in pyramid for c in row if c}
    for p in seats:
        used |= {o.card for o in p.cards} | set(p.reserved)
    decks = tuple(tuple(c for c in CARDS_BY_LEVEL[lv] if c not in used) for lv in range(3))
    if bag is None:
        held = [sum(p.tokens[i] for p in seats) + sum(1 for v in board_cells if v == i) for i in range(7)]
        bag = tuple(TOKEN_COUNTS[i] - held[i] for i in range(7))
        assert min(bag) >= 0, "too many tokens"
    if supply is None:
        supply = PRIVILEGES - sum(p.privileges for p in seats)
    royals = tuple(r for r in (1, 2, 3, 4) if all(r not in p.royals for p in seats))
    values: dict[str, Any] = {
        "players": NAMES,
        "options": SplendorDuelOptions(),
        "seed": "test",
        "current": current,
        "board": board_cells,
        "bag": tuple(bag),
        "decks": decks,
        "pyramid": pyramid,
        "royals": royals,
        "supply_privileges": supply,
        "seats": seats,
    }
    values.update(fields)
    return SplendorDuelState(**values)


def act(state: SplendorDuelState, action: Any, seat: int | None = None) -> SplendorDuelState:
    return RULES.apply(state, state.current if seat is None else seat, action)


def kinds(state: SplendorDuelState) -> set[str]:
    return {a.kind for a in RULES.legal_actions(state, state.current)}


def random_midgame(seed: int, steps: int, reserve_bias: float = 0.5, deal: str = "view") -> SplendorDuelState:
    """A seeded random game (deal `deal`-`seed`) `steps` decisions in, reserving with probability
    `reserve_bias` whenever a reservation is legal, so that hidden reserved cards are common."""
    rng = random.Random(seed)
    state = RULES.setup(NAMES, None, f"{deal}-{seed}")
    for _ in range(steps):
        if not RULES.to_act(state):
            break
        legal = RULES.legal_actions(state, state.current)
        reserves = [a for a in legal if isinstance(a, Reserve)]
        action = rng.choice(reserves) if reserves and rng.random() < reserve_bias else rng.choice(legal)
        state = RULES.apply(state, state.current, action)
    return state


def check_conservation(state: SplendorDuelState) -> None:
    """25 tokens, 3 privileges and 67 cards are always accounted for."""
    counts = [state.bag[i] + sum(p.tokens[i] for p in state.seats) for i in range(7)]
    for v in state.board:
        if v >= 0:
            counts[v] += 1
    assert tuple(counts) == TOKEN_COUNTS, f"tokens not conserved: {counts}"
    assert state.supply_privileges + sum(p.privileges for p in state.seats) == PRIVILEGES
    assert min(state.supply_privileges, *(p.privileges for p in state.seats)) >= 0
    cards = [c for d in state.decks for c in d] + [c for row in state.pyramid for c in row if c]
    for p in state.seats:
        cards += [o.card for o in p.cards] + list(p.reserved)
    assert Counter(cards) == Counter(list(CARDS)), "cards not conserved"
    royals = list(state.royals) + [r for p in state.seats for r in p.royals]
    assert sorted(royals) == [1, 2, 3, 4]


def resample_hidden(state: SplendorDuelState, seat: int, rng: random.Random) -> SplendorDuelState:
    """Everything `seat` cannot see, resampled: the opponent's reserved cards are swapped with deck
    cards of the same level (when there are any) and every deck is reshuffled."""
    opp = 1 - seat
    decks = [list(d) for d in state.decks]
    reserved = list(state.seats[opp].reserved)
    for i, cid in enumerate(reserved):
        lv = CARDS[cid].level - 1
        if decks[lv] and rng.random() < 0.8:
            j = rng.randrange(len(decks[lv]))
            reserved[i], decks[lv][j] = decks[lv][j], cid
    for d in decks:
        rng.shuffle(d)
    o = state.seats[opp].model_copy(update={"reserved": tuple(reserved)})
    seats = (o, state.seats[1]) if opp == 0 else (state.seats[0], o)
    return state.model_copy(update={"decks": tuple(tuple(d) for d in decks), "seats": seats})


def said(state: SplendorDuelState) -> str:
    """The news since the current player's last turn, as the English screens say it."""
    from boardgames_tui.narration.splendor_duel import NARRATOR

    newest = RULES.last_public_event(state)
    return NARRATOR(state.players).event(newest) if newest is not None else ""


def said_to(state: SplendorDuelState, seat: int | None) -> str:
    """The newest log entry as `seat` reads it (None: the public table), in English."""
    from boardgames_tui.narration.splendor_duel import NARRATOR

    return NARRATOR(state.players).event(RULES.log_for(state, seat)[-1])
