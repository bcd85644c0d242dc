"""How a turn ends: the order the rulebook gives after a main action, and the state helpers the rules use.

After a purchase (seed): refill → the card's abilities → crown thresholds and royal cards → discard down to
10 tokens → the victory check → the next turn (the same player again after an extra turn). `advance`
walks that order and stops at the first choice the player must make (the phase names it).

Hot path: states are updated with a non-validating `copy` (what `model_copy(update=...)` does, minus
pydantic's generic overhead), and a state the current `apply` has just built is finished in place
(`amend`); log events are built the same way.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ..base import Event, Fact
from .data import CARDS, GEMS, GOLD, ROYALS
from .models import Owned, PlayerState, SplendorDuelState

MAX_TOKENS = 10
WIN_POINTS, WIN_CROWNS, WIN_COLOUR_POINTS = 20, 10, 10
CROWN_THRESHOLDS = (3, 6)
# How a privilege was gained: from the supply, from the opponent, or not at all (the seat holds all three).
FROM_SUPPLY, FROM_OPPONENT, ALREADY_FULL = "supply", "opponent", "full"


# Building models without validation --------------------------------------------------------------

_new = object.__new__
# pydantic keeps a model's state in four slots; writing them through their descriptors is the cheapest
# way to build a model without validation.
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_get_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__get__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def copy(model: Any, update: dict[str, Any]) -> Any:
    """`model.model_copy(update=update)` without pydantic's generic copying (hot path)."""
    new = _new(type(model))
    _set_dict(new, {**model.__dict__, **update})
    _set_fields_set(new, _get_fields_set(model))
    _set_extra(new, None)
    _set_private(new, None)
    return new


def amend(model: Any, update: dict[str, Any]) -> Any:
    """Update a model in place: only for one built by the current call and not yet handed out."""
    model.__dict__.update(update)
    return model


_EVENT_FIELDS = frozenset(("kind", "args"))
_SECRET_FIELDS = frozenset(("kind", "args", "secret"))


def new_event(kind: str, args: dict[str, Any], secret: tuple[tuple[int, dict[str, Any]], ...] = ()) -> Event:
    """A public log event (`secret`: arguments only one seat may read). Arguments are JSON values."""
    entry = _new(Event)
    _set_dict(entry, {"kind": kind, "args": args, "only": None, "secret": secret})
    _set_fields_set(entry, _SECRET_FIELDS if secret else _EVENT_FIELDS)
    _set_extra(entry, None)
    _set_private(entry, None)
    return entry


def logged(s: SplendorDuelState, entry: Event, **update: Any) -> SplendorDuelState:
    """`s` with `entry` added to the log and `update` applied; the news now runs from this turn's start."""
    update["log"] = (*s.log, entry)
    update["news_start"] = s.turn_start
    return copy(s, update)  # type: ignore[no-any-return]


# Players -------------------------------------------------------------------------------------------

_OWNED = {(cid, col): Owned.model_construct(card=cid, colour=col) for cid in CARDS for col in (None, *GEMS)}


def owned(card: int, colour: int | None) -> Owned:
    return _OWNED[(card, colour)]


def recount(p: PlayerState, cards: tuple[Owned, ...], royals: tuple[int, ...]) -> dict[str, Any]:
    """The fields of a player with these cards and royal cards: the totals are derived from them."""
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


def with_seat(seats: tuple[PlayerState, ...], seat: int, p: PlayerState) -> tuple[PlayerState, ...]:
    return (p, seats[1]) if seat == 0 else (seats[0], p)


def add_tokens(tokens: tuple[int, ...], colour: int, n: int = 1) -> tuple[int, ...]:
    t = list(tokens)
    t[colour] += n
    return tuple(t)


def gain_privilege(
    seats: tuple[PlayerState, ...], supply: int, seat: int
) -> tuple[tuple[PlayerState, ...], int, str]:
    """`seat` gains a privilege: from the supply; if it is empty, from the opponent; nothing if `seat`
    holds all three. Returns the seats, the supply and where the privilege came from."""
    p = seats[seat]
    if supply > 0:
        p = copy(p, {"privileges": p.privileges + 1})
        return with_seat(seats, seat, p), supply - 1, FROM_SUPPLY
    o = seats[1 - seat]
    if o.privileges > 0:
        o = copy(o, {"privileges": o.privileges - 1})
        p = copy(p, {"privileges": p.privileges + 1})
        return with_seat(with_seat(seats, seat, p), 1 - seat, o), supply, FROM_OPPONENT
    return seats, supply, ALREADY_FULL


# The resolution order --------------------------------------------------------------------------------
# `advance` and `end_turn` receive a state the current `apply` has just built and nobody else has seen yet,
# so they finish it in place (`amend`) rather than copying it once more.


def advance(s: SplendorDuelState, seat: int) -> SplendorDuelState:
    """Resolve what is pending for `seat` until a choice is needed or the turn ends."""
    while True:
        while s.pending:
            ability, rest = s.pending[0], s.pending[1:]
            if ability == "extra_turn":
                s = logged(s, new_event("extra_turn", {"seat": seat}), pending=rest, extra_turn=True)
            elif ability == "take_privilege":
                seats, supply, source = gain_privilege(s.seats, s.supply_privileges, seat)
                entry = new_event("privilege_gained", {"seat": seat, "source": source})
                s = logged(s, entry, pending=rest, seats=seats, supply_privileges=supply)
            elif ability.startswith("take_token"):
                colour = int(ability.split(":")[1])
                if colour in s.board:
                    return amend(s, {"phase": "take_token", "pending": rest, "choice_colour": colour})  # type: ignore[no-any-return]
                s = logged(s, new_event("no_board_token", {"seat": seat, "colour": colour}), pending=rest)
            elif ability == "steal_token":
                if any(s.seats[1 - seat].tokens[:GOLD]):
                    return amend(s, {"phase": "steal", "pending": rest})  # type: ignore[no-any-return]
                s = logged(s, new_event("nothing_to_steal", {"seat": seat, "victim": 1 - seat}), pending=rest)
            elif ability == "copy_color":
                return amend(s, {"phase": "joker", "pending": rest})  # type: ignore[no-any-return]
            else:  # pragma: no cover
                raise AssertionError(ability)
        p = s.seats[seat]
        if p.thresholds < len(CROWN_THRESHOLDS) and p.crowns >= CROWN_THRESHOLDS[p.thresholds]:
            if s.royals:
                return amend(s, {"phase": "royal"})  # type: ignore[no-any-return]
            p = copy(p, {"thresholds": p.thresholds + 1})  # pragma: no cover
            s = copy(s, {"seats": with_seat(s.seats, seat, p)})  # pragma: no cover
            continue  # pragma: no cover
        break
    if sum(s.seats[seat].tokens) > MAX_TOKENS:
        if s.phase != "discard":
            return amend(s, {"phase": "discard"})  # type: ignore[no-any-return]
        return s
    return end_turn(s, seat)


def win_reasons(p: PlayerState) -> list[dict[str, Any]]:
    """Every victory condition `p` meets, as JSON for the log: points, crowns, then colours in order."""
    reasons: list[dict[str, Any]] = []
    if p.points >= WIN_POINTS:
        reasons.append({"kind": "points", "count": p.points})
    if p.crowns >= WIN_CROWNS:
        reasons.append({"kind": "crowns", "count": p.crowns})
    for c in GEMS:
        if p.colour_points[c] >= WIN_COLOUR_POINTS:
            reasons.append({"kind": "colour", "colour": c, "count": p.colour_points[c]})
    return reasons


def end_turn(s: SplendorDuelState, seat: int) -> SplendorDuelState:
    """The victory check for the active player, then the next turn."""
    p = s.seats[seat]
    if p.points >= WIN_POINTS or p.crowns >= WIN_CROWNS or max(p.colour_points) >= WIN_COLOUR_POINTS:
        reasons = win_reasons(p)
        facts = tuple(
            Fact.model_construct(kind=r["kind"], args={k: v for k, v in r.items() if k != "kind"}) for r in reasons
        )
        entry = new_event("won", {"seat": seat, "reasons": reasons})
        return logged(s, entry, phase="over", winner=seat, win_reasons=facts, extra_turn=False)
    nxt = seat if s.extra_turn else 1 - seat
    return amend(  # type: ignore[no-any-return]
        s,
        {
            "phase": "start",
            "current": nxt,
            "extra_turn": False,
            "turn": s.turn + 1,
            # The news tells the next player everything since their own last turn: an extra turn goes on
            # from the same start, so its news still holds the turn that earned it.
            "turn_start": len(s.log) if nxt != seat else s.turn_start,
            "choice_colour": -1,
        },
    )


def news(state: SplendorDuelState) -> tuple[Event, ...]:
    """The public events since the current player's last turn (or of the turn just finished)."""
    return tuple(entry for entry in state.log[state.news_start :] if entry.only is None)
