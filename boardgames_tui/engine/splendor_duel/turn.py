"""How a turn ends: the order the rulebook gives after a main action, and the state helpers the rules use.

After a purchase (seed): refill → the card's abilities → crown thresholds and royal cards → discard down to
10 tokens → the victory check → the next turn (the same player again after an extra turn). `advance`
walks that order and stops at the first choice the player must make (the phase names it).

Hot path: states, players and log events are built without validation (engine/fastmodel.py). The
resolution order works on the fields of the state it is building, as a plain dict, and builds the state once
at the end: a model is never changed after it is built.
"""

from __future__ import annotations

from typing import Any

from ..base import Event, Fact
from ..fastmodel import build, copy_with, fields_of, from_fields
from .data import CARDS, GEMS, GOLD, ROYALS
from .models import Owned, PlayerState, SplendorDuelState

MAX_TOKENS = 10
WIN_POINTS, WIN_CROWNS, WIN_COLOUR_POINTS = 20, 10, 10
CROWN_THRESHOLDS = (3, 6)
# A house rule (the rulebook has no end for it): this many turns in a row, both players' counted, with no
# card bought or reserved end the game without a winner. A live game buys or reserves every few turns; only
# a table where both can do nothing but take tokens and put them back gets here, and it would play forever.
QUIET_TURNS_LIMIT = 30
_PROGRESS = frozenset(("bought", "reserved"))
# How a privilege was gained: from the supply, from the opponent, or not at all (the seat holds all three).
FROM_SUPPLY, FROM_OPPONENT, ALREADY_FULL = "supply", "opponent", "full"


# Log entries ---------------------------------------------------------------------------------------


def new_event(kind: str, args: dict[str, Any], secret: tuple[tuple[int, dict[str, Any]], ...] = ()) -> Event:
    """A public log event (`secret`: arguments only one seat may read). Arguments are JSON values."""
    return from_fields(Event, {"kind": kind, "args": args, "only": None, "secret": secret})


def logged(s: SplendorDuelState, entry: Event, **update: Any) -> SplendorDuelState:
    """`s` with `entry` added to the log and `update` applied; the news now runs from this turn's start."""
    update["log"] = (*s.log, entry)
    update["news_start"] = s.turn_start
    return copy_with(s, update)


def _log(s: dict[str, Any], entry: Event, update: dict[str, Any]) -> None:
    """`logged` for the fields of a state being built (see `advance`)."""
    s["log"] = (*s["log"], entry)
    s["news_start"] = s["turn_start"]
    s.update(update)


# Players -------------------------------------------------------------------------------------------

_OWNED = {(cid, col): build(Owned, card=cid, colour=col) for cid in CARDS for col in (None, *GEMS)}


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
        p = copy_with(p, {"privileges": p.privileges + 1})
        return with_seat(seats, seat, p), supply - 1, FROM_SUPPLY
    o = seats[1 - seat]
    if o.privileges > 0:
        o = copy_with(o, {"privileges": o.privileges - 1})
        p = copy_with(p, {"privileges": p.privileges + 1})
        return with_seat(with_seat(seats, seat, p), 1 - seat, o), supply, FROM_OPPONENT
    return seats, supply, ALREADY_FULL


# The resolution order --------------------------------------------------------------------------------
# `advance` and `end_turn` take the state from before the action's log entry and work on the fields of the
# state they build (a plain dict `s`, which nobody else holds), so an action's resolution builds one state.


def advance(state: SplendorDuelState, seat: int, entry: Event, **update: Any) -> SplendorDuelState:
    """`state` with `entry` logged and `update` applied (as `logged`), then what is pending for `seat`
    resolved until a choice is needed or the turn ends."""
    update["log"] = (*state.log, entry)
    update["news_start"] = state.turn_start
    s = fields_of(state)
    s.update(update)
    _advance(s, seat)
    return from_fields(SplendorDuelState, s)


def end_turn(state: SplendorDuelState, seat: int, entry: Event, **update: Any) -> SplendorDuelState:
    """`state` with `entry` logged and `update` applied (as `logged`), then the victory check for the
    active player and the next turn."""
    update["log"] = (*state.log, entry)
    update["news_start"] = state.turn_start
    s = fields_of(state)
    s.update(update)
    _end_turn(s, seat)
    return from_fields(SplendorDuelState, s)


def _advance(s: dict[str, Any], seat: int) -> None:
    """`advance` on the fields `s` of the state being built."""
    while True:
        while s["pending"]:
            pending = s["pending"]
            ability, rest = pending[0], pending[1:]
            if ability == "extra_turn":
                _log(s, new_event("extra_turn", {"seat": seat}), {"pending": rest, "extra_turn": True})
            elif ability == "take_privilege":
                seats, supply, source = gain_privilege(s["seats"], s["supply_privileges"], seat)
                entry = new_event("privilege_gained", {"seat": seat, "source": source})
                _log(s, entry, {"pending": rest, "seats": seats, "supply_privileges": supply})
            elif ability.startswith("take_token"):
                colour = int(ability.split(":")[1])
                if colour in s["board"]:
                    s.update(phase="take_token", pending=rest, choice_colour=colour)
                    return
                _log(s, new_event("no_board_token", {"seat": seat, "colour": colour}), {"pending": rest})
            elif ability == "steal_token":
                if any(s["seats"][1 - seat].tokens[:GOLD]):
                    s.update(phase="steal", pending=rest)
                    return
                _log(s, new_event("nothing_to_steal", {"seat": seat, "victim": 1 - seat}), {"pending": rest})
            elif ability == "copy_color":
                s.update(phase="joker", pending=rest)
                return
            else:  # pragma: no cover
                raise AssertionError(ability)
        p = s["seats"][seat]
        if p.thresholds < len(CROWN_THRESHOLDS) and p.crowns >= CROWN_THRESHOLDS[p.thresholds]:
            if s["royals"]:
                s["phase"] = "royal"
                return
            p = copy_with(p, {"thresholds": p.thresholds + 1})  # pragma: no cover
            s["seats"] = with_seat(s["seats"], seat, p)  # pragma: no cover
            continue  # pragma: no cover
        break
    if sum(s["seats"][seat].tokens) > MAX_TOKENS:
        s["phase"] = "discard"
        return
    _end_turn(s, seat)


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


def _end_turn(s: dict[str, Any], seat: int) -> None:
    """`end_turn` on the fields `s` of the state being built."""
    p = s["seats"][seat]
    if p.points >= WIN_POINTS or p.crowns >= WIN_CROWNS or max(p.colour_points) >= WIN_COLOUR_POINTS:
        reasons = win_reasons(p)
        facts = tuple(
            from_fields(Fact, {"kind": r["kind"], "args": {k: v for k, v in r.items() if k != "kind"}}) for r in reasons
        )
        entry = new_event("won", {"seat": seat, "reasons": reasons})
        _log(s, entry, {"phase": "over", "winner": seat, "win_reasons": facts, "extra_turn": False})
        return
    # the turn's entries start at `turn_start` (for an extra turn, at the turn that bought it: progress)
    quiet = 0 if any(e.kind in _PROGRESS for e in s["log"][s["turn_start"] :]) else s["quiet_turns"] + 1
    s["quiet_turns"] = quiet
    if quiet >= QUIET_TURNS_LIMIT:
        _log(s, new_event("no_progress", {"turns": quiet}), {"phase": "over", "winner": None, "extra_turn": False})
        return
    nxt = seat if s["extra_turn"] else 1 - seat
    s["phase"] = "start"
    s["current"] = nxt
    s["extra_turn"] = False
    s["turn"] += 1
    # The news tells the next player everything since their own last turn: an extra turn goes on from the
    # same start, so its news still holds the turn that earned it.
    if nxt != seat:
        s["turn_start"] = len(s["log"])
    s["choice_colour"] = -1


def news(state: SplendorDuelState) -> tuple[Event, ...]:
    """The public events since the current player's last turn (or of the turn just finished)."""
    return tuple(entry for entry in state.log[state.news_start :] if entry.only is None)
