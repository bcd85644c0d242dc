"""Demands and fights: swapping seats and robbing, giving in or refusing, and the fight window.

A conscious target may refuse a demand, which opens the fight window (from the attacker, boat order):
every conscious seat may join a side (final) or play cards, until all have said done in a row. The
higher total of sizes and face-up weapons wins, ties to the defenders; every loser takes one wound and
the demand is carried out if the attackers win. The unconscious and the dead cannot refuse, nor can
anyone refuse the Kid's pickpocketing.
"""

from __future__ import annotations

from ..base import IllegalAction
from ..fastmodel import build, copy_with
from ..rng import derived_random
from .core import (
    awake,
    conscious,
    ev,
    everyone,
    fight_totals,
    first_of_its_kind,
    insert,
    say,
    status,
    target_refusal,
    who,
    with_item,
    without,
)
from .data import KID, PARASOL
from .flow import end_action, wound
from .models import AcceptDemand, Demand, Fight, JoinFight, LifeboatState, RefuseDemand, Rob, SwapSeats


def fighting(s: LifeboatState, seat: int) -> bool:
    """Already on a side of the fight (joining is final)."""
    return seat in s.attackers or seat in s.defenders


def demand(s: LifeboatState, seat: int, d: Demand) -> LifeboatState:
    """The actor's demand: carried out at once when it cannot be refused, else the target answers."""
    s = copy_with(s, {"pending": d})
    told = {"who": who(s, seat), "target": who(s, d.target), "what": d.what, "card": d.card}
    if not conscious(s, d.target):
        s = say(s, ev("demand", answer="cannot_refuse", status=status(s, d.target), **told))
        return end_action(carry_out(s, seat, d))
    if d.what == "rob" and d.card is None and s.characters[seat] == KID:
        s = say(s, ev("demand", answer="pickpocket", status=None, **told))
        return end_action(carry_out(s, seat, d))
    return say(s, ev("demand", answer="may_refuse", status=None, **told), phase="respond", current=d.target)


def carry_out(s: LifeboatState, attacker: int, d: Demand) -> LifeboatState:
    """The swap or the robbery happens."""
    target, card = d.target, d.card
    if d.what == "swap":
        boat = list(s.boat)
        i, j = boat.index(attacker), boat.index(target)
        boat[i], boat[j] = boat[j], boat[i]
        return say(s, ev("swapped", who=who(s, attacker), target=who(s, target)), boat=tuple(boat))
    if card is not None:
        if card not in s.face_up[target]:  # pragma: no cover - face-up cards cannot leave during a demand
            return say(s, ev("card_gone", card=card))
        update: dict[str, object] = {
            "face_up": with_item(s.face_up, target, without(s.face_up[target], card)),
            "hands": with_item(s.hands, attacker, insert(s.hands[attacker], card)),
        }
        if card == PARASOL:
            update["parasol_open"] = False
        return say(s, ev("takes_face_up", who=who(s, attacker), target=who(s, target), card=card), **update)
    hand = s.hands[target]
    if not hand:
        return say(s, ev("nothing_to_take", target=who(s, target)))
    rng = derived_random(s.seed, "rob", s.rolls)
    got = hand[rng.randrange(len(hand))]
    hands = with_item(s.hands, target, without(hand, got))
    hands = with_item(hands, attacker, insert(hands[attacker], got))
    secret = ((attacker, {"took": got}), (target, {"lost": got}))
    return say(s, ev("takes_random", secret=secret, who=who(s, attacker), target=who(s, target)), hands=hands, rolls=s.rolls + 1)


def resolve_fight(s: LifeboatState, f: Fight) -> LifeboatState:
    """Everyone has said done: the totals decide, the losers are wounded, the winners' demand happens."""
    at, dt = fight_totals(s)
    win = at > dt
    fought = list(s.fought)
    for x in (*f.attackers, *f.defenders):
        fought[x] = True
    told = {"attackers": everyone(s, f.attackers), "attack": at, "defenders": everyone(s, f.defenders), "defend": dt}
    s = say(s, ev("fight_ends", winner="attackers" if win else "defenders", **told), fought=tuple(fought), pending=None)
    for x in f.defenders if win else f.attackers:
        s = wound(s, x, 1, "fight")
    if win:
        s = carry_out(s, s.actor, f.demand)  # type: ignore[arg-type]
    return end_action(s)


class FightRules:
    def check_swap_seats(self, s: LifeboatState, seat: int, a: SwapSeats) -> IllegalAction | None:
        return target_refusal(s, seat, a.target)

    def do_swap_seats(self, s: LifeboatState, seat: int, a: SwapSeats) -> LifeboatState:
        return demand(s, seat, build(Demand, what="swap", target=a.target, card=None))

    def check_rob(self, s: LifeboatState, seat: int, a: Rob) -> IllegalAction | None:
        refused = target_refusal(s, seat, a.target)
        if refused is not None:
            return refused
        t, card = a.target, a.card
        if card is None:
            return None if s.hands[t] else IllegalAction("nothing_in_hand", seat=t)
        if card not in s.face_up[t]:
            return IllegalAction("not_face_up", seat=t)
        if not first_of_its_kind(s.face_up[t], card):
            return IllegalAction("name_first_face_up", seat=t)
        return None

    def do_rob(self, s: LifeboatState, seat: int, a: Rob) -> LifeboatState:
        return demand(s, seat, build(Demand, what="rob", target=a.target, card=a.card))

    def check_accept_demand(self, s: LifeboatState, seat: int, a: AcceptDemand) -> IllegalAction | None:
        return None

    def do_accept_demand(self, s: LifeboatState, seat: int, a: AcceptDemand) -> LifeboatState:
        s = say(s, ev("gives_in", who=who(s, seat)))
        return end_action(carry_out(s, s.actor, s.pending))  # type: ignore[arg-type]

    def check_refuse_demand(self, s: LifeboatState, seat: int, a: RefuseDemand) -> IllegalAction | None:
        return None

    def do_refuse_demand(self, s: LifeboatState, seat: int, a: RefuseDemand) -> LifeboatState:
        attacker: int = s.actor  # type: ignore[assignment]
        conscious_seats = awake(s)
        i = conscious_seats.index(attacker)
        order = conscious_seats[i:] + conscious_seats[:i]
        fight = build(Fight, window=order, demand=s.pending, attackers=(attacker,), defenders=(seat,))
        s = say(s, ev("refuses", who=who(s, seat), attacker=who(s, attacker)))
        return copy_with(s, {"phase": "fight", "pending": fight, "current": order[0]})

    def check_join_fight(self, s: LifeboatState, seat: int, a: JoinFight) -> IllegalAction | None:
        if fighting(s, seat):
            return IllegalAction("already_fighting")
        if a.side not in ("attacker", "defender"):
            return IllegalAction("no_such_side")
        return None

    def do_join_fight(self, s: LifeboatState, seat: int, a: JoinFight) -> LifeboatState:
        f: Fight = s.pending  # type: ignore[assignment]
        if a.side == "attacker":
            f = copy_with(f, {"attackers": (*f.attackers, seat), "changed": True})
        else:
            f = copy_with(f, {"defenders": (*f.defenders, seat), "changed": True})
        return say(s, ev("joins", who=who(s, seat), side=a.side), pending=f)
