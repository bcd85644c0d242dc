"""Lifeboat: a fight taken on by the side that could not win it, water given away by someone it would have
saved, and a weapon kept in hand through a fight it would have turned.

The fight model (engine/lifeboat/fights.py): a conscious target may refuse a demand (a swap or a robbery),
which opens the fight window; until everyone has passed in a row, every conscious seat may join a side
(for good) and anyone may put cards face up. Each side totals its characters' sizes and its face-up
weapons (oars 1, blackjack 2, knife 3, gaffing hook 4, flare gun 8); the higher total wins, a tie goes to
the defenders, and every loser takes a wound. Nothing leaves a side or its face-up cards during a fight,
so a total can only grow.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..engine.lifeboat.core import fight_totals, health
from ..engine.lifeboat.data import CARD_EFFECT, CARD_WEAPON, SIZE, SUPPLY_COUNT
from ..engine.lifeboat.models import (
    Done,
    GiveWater,
    JoinFight,
    LifeboatState,
    LifeboatView,
    RefuseDemand,
    Rob,
    SwapSeats,
)
from ..engine.lifeboat.rules import RULES
from ..engine.replay import Step
from . import Blunder, Kind

KINDS = {
    # Certain: "certain to lose" means that nothing the seat could not rule out wins it (_certain_to_lose).
    # Then the demand goes the same way as if it had been given in to (or never made, or the seat had
    # stayed out), plus a wound for every loser and the "fought" mark (thirst on some cards): no position
    # excuses that.
    "fight_certain_to_lose": Kind(True, "a fight started or joined on the side that could not win it"),
    # Judgement: the wound that knocks the giver out (or kills it) is weighed against the one it spares
    # the receiver, and the others may still give the giver water; it is nearly always wrong, but an ally
    # kept on their feet can be worth it. Water for one's own Love is never counted.
    "water_given_while_dying": Kind(False, "water given away by a seat its own unpaid thirst would knock out or kill"),
    # Judgement: the others could have answered the weapon (joining the other side, weapons of their own),
    # and a weapon kept in hand has worth of its own (face up it can be robbed or washed overboard).
    "weapon_kept_in_lost_fight": Kind(
        False, "a fight lost by a side whose member kept in hand the weapons that would have won it"
    ),
}

WEAPON_CARDS = tuple(c for c in range(SUPPLY_COUNT) if CARD_WEAPON[c] > 0)


# A fight started or joined on the side that could not win ----------------------------------------------


def _strength(view: LifeboatView, x: int) -> int:
    """What seat x brings to a side: its size and its face-up weapons."""
    seat = view.seats[x]
    return seat.size + sum(CARD_WEAPON[c] for c in seat.face_up)


def _certain_to_lose(view: LifeboatView, side: str, ours: tuple[int, ...], theirs: tuple[int, ...]) -> bool:
    """Whether the fight is lost for `side` (seats `ours`, the viewer among them, against `theirs`) whatever
    anyone may still do, from what the viewer sees: its own hand, the others' hand sizes and everything face
    up or discarded.

    The best case for our side: the viewer plays every weapon in its hand, every conscious seat not yet
    fighting joins us with its size and face-up weapons, and the weapons the viewer cannot see (not face up,
    not discarded, not in its own hand) sit, the biggest first, in the hands of our members and of those
    who may still join, as many as those hands hold. The other side adds nothing. If even that loses
    (attackers need more, defenders at least as much), the fight was certain to be lost.
    """
    me = view.seat
    assert me is not None
    own_hand = view.seats[me].hand or ()
    joiners = [x for x in view.boat if x not in ours and x not in theirs and view.seats[x].status == "conscious"]
    best = sum(_strength(view, x) for x in (*ours, *joiners)) + sum(CARD_WEAPON[c] for c in own_hand)
    seen = {c for seat in view.seats for c in seat.face_up} | set(view.discard) | set(own_hand)
    unseen = sorted((CARD_WEAPON[c] for c in WEAPON_CARDS if c not in seen), reverse=True)
    hidden_slots = sum(view.seats[x].hand_size for x in (*ours, *joiners) if x != me)
    best += sum(unseen[:hidden_slots])
    against = sum(_strength(view, x) for x in theirs)
    return best <= against if side == "attacker" else best < against


def _joined_side(view: LifeboatView, side: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The sides of the fight in view once the viewer has joined `side`: (ours, theirs)."""
    fight = view.fight
    assert fight is not None and view.seat is not None
    if side == "attacker":
        return (*fight.attackers, view.seat), fight.defenders
    return (*fight.defenders, view.seat), fight.attackers


# Water given away while dying of thirst ----------------------------------------------------------------


def _water_given_while_dying(s: LifeboatState, seat: int, target: int) -> bool:
    """Whether `seat`, giving a water to `target`, is left with own thirst that the water it keeps cannot
    pay and that knocks it out or kills it, where keeping this water would not have. Everything used is
    the giver's to see: the thirsts (public), its own wounds, water (hand and face up) and Love."""
    if target == seat or s.love[seat] == s.characters[target]:
        return False
    thirst = s.thirst[seat]
    water = sum(1 for c in (*s.hands[seat], *s.face_up[seat]) if CARD_EFFECT[c] == "water")
    size, wounds = SIZE[s.characters[seat]], s.wounds[seat]
    if_kept = wounds + max(0, thirst - water)
    if_given = wounds + max(0, thirst - (water - 1))
    return health(size, if_given) != health(size, if_kept)  # a wound more only matters if it changes that


# A weapon kept in hand through a lost fight -------------------------------------------------------------


def _kept_weapons_would_win(s: LifeboatState, seat: int) -> bool:
    """At the close of the fight in `s`, lost by the side of `seat`: would the weapons in its hand, played,
    have turned the final totals?"""
    attack, defend = fight_totals(s)
    kept = sum(CARD_WEAPON[c] for c in s.hands[seat])
    if seat in s.attackers:
        return attack + kept > defend
    return defend + kept >= attack


def find(steps: Sequence[Step]) -> Iterator[Blunder]:
    found: list[Blunder] = []
    demand: tuple[int, int, bool] | None = None  # the latest demand: (step, attacker, certain to lose if refused)
    last_done: dict[int, int] = {}  # in the fight going on: each seat's latest "done" (when it kept its hand)
    for step in steps[1:]:
        before, after, seat, action = step.before, step.after, step.seat, step.action
        assert seat is not None
        if isinstance(action, (Rob, SwapSeats)) and after.phase == "respond":
            # The attacker chose before the target could answer: judged from its view then, counted once
            # the target refuses (a demand given in to is no fight).
            view = RULES.view(before, seat)
            demand = (step.number, seat, _certain_to_lose(view, "attacker", (seat,), (action.target,)))
        elif isinstance(action, RefuseDemand):
            last_done = {}
            if demand is not None and demand[2]:
                found.append(Blunder("fight_certain_to_lose", demand[1], demand[0]))
            demand = None
            view = RULES.view(before, seat)
            assert view.demand is not None
            if _certain_to_lose(view, "defender", (seat,), (view.demand.attacker,)):
                found.append(Blunder("fight_certain_to_lose", seat, step.number))
        elif isinstance(action, JoinFight):
            view = RULES.view(before, seat)
            if _certain_to_lose(view, action.side, *_joined_side(view, action.side)):
                found.append(Blunder("fight_certain_to_lose", seat, step.number))
        elif isinstance(action, GiveWater):
            if _water_given_while_dying(before, seat, action.target):
                found.append(Blunder("water_given_while_dying", seat, step.number))
        if before.phase == "fight" and isinstance(action, Done):
            last_done[seat] = step.number
            if after.phase != "fight":  # this "done" closed the window: the fight is decided on `before`
                attack, defend = fight_totals(before)
                losers = before.defenders if attack > defend else before.attackers
                for x in losers:
                    if _kept_weapons_would_win(before, x):
                        found.append(Blunder("weapon_kept_in_lost_fight", x, last_done.get(x, step.number)))
    yield from sorted(found, key=lambda b: (b.step, b.seat))
