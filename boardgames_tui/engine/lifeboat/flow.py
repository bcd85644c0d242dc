"""How a Lifeboat round moves on by itself between decisions: the deal, the supply draft, the action
order, navigation, the seagulls, the overboard and thirst windows, the end of the round and of the game.

Each function takes the state at one step and returns the state at the next decision (or the end).
A round is
  draft      -> the conscious seats from bow to stern each keep one of the supply cards passed along
  action     -> in the order fixed at the start, each conscious actor does one action (fights.py,
                trades.py and cards.py have the decisions inside it)
  navigate   -> the navigator may use a face-up compass, then picks a card from the row pile
  resolution -> seagulls (the 4th ends the game at once), the overboard window (life preserver, chum),
                the thirst window (water), then the markers are cleared and the next round starts.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..fastmodel import build, copy_with
from ..rng import derived_random, shuffled
from .core import (
    CHUM_SET,
    awake,
    ev,
    everyone,
    insert,
    nav_cards,
    navigator,
    say,
    status_change,
    who,
    with_item,
    without,
)
from .data import CHARACTERS, FRENCHY, LIFE_PRESERVER, NAVIGATION_COUNT, PARASOL, SEAGULLS_TO_END, SIZE, SUPPLY_COUNT
from .models import Draft, LifeboatOptions, LifeboatState, Overboard, Thirst
from .scoring import outcome_of

SET_ASIDE = 10  # supply cards removed unseen with fewer than 6 players
# The label of the random draw when nobody can pick the navigation card: a key for the random generator,
# not words for people, kept exactly as earlier versions had it so recorded games replay the same.
UNATTENDED_PICK = " ".join(("unattended", "pick"))


def deal(players: tuple[str, ...], options: LifeboatOptions, seed: str) -> LifeboatState:
    """Characters, Love and Hate cards and one supply card each; then the first round starts."""
    n = len(players)
    chars = tuple(shuffled(range(len(CHARACTERS)), seed, "characters")[:n])  # per seat
    present = sorted(chars)
    seat_of = {c: seat for seat, c in enumerate(chars)}
    boat = tuple(seat_of[c] for c in present)
    love = shuffled(present, seed, "love")
    hate = shuffled(present, seed, "hate")
    deck = shuffled(range(SUPPLY_COUNT), seed, "supply")
    set_aside: tuple[int, ...] = ()
    if n < len(CHARACTERS):
        set_aside, deck = tuple(sorted(deck[:SET_ASIDE])), deck[SET_ASIDE:]
    hands: list[tuple[int, ...]] = [()] * n
    for i, seat in enumerate(boat):
        hands[seat] = (deck[i],)
    deck = deck[n:]
    s = LifeboatState(
        players=players,
        options=options,
        seed=seed,
        characters=chars,
        love=love,
        hate=hate,
        boat=boat,
        wounds=(0,) * n,
        hands=tuple(hands),
        face_up=((),) * n,
        rowed=(False,) * n,
        fought=(False,) * n,
        supply=deck,
        set_aside=set_aside,
        nav_deck=shuffled(range(NAVIGATION_COUNT), seed, "navigation"),
    )
    s = say(s, ev("launch", crew=everyone(s, boat)))
    if set_aside:
        ashore = [c for c in range(len(CHARACTERS)) if c not in chars]
        s = say(s, ev("ashore", characters=ashore, cards=SET_ASIDE))
    s = say(s, ev("dealt", secret=tuple((seat, {"card": hands[seat][0]}) for seat in range(n))))
    for seat in range(n):  # each seat's own Love and Hate: an event nobody else sees
        s = say(s, ev("love_and_hate", only=seat, love=love[seat], hate=hate[seat]))
    return start_round(s)


def wound(s: LifeboatState, seat: int, n: int, cause: str) -> LifeboatState:
    """`n` wounds for `cause` ("fight", "thirst"), with the status they bring."""
    if n <= 0:
        return s
    before = s.wounds[seat]
    s = copy_with(s, {"wounds": with_item(s.wounds, seat, before + n)})
    return say(s, ev("wounded", who=who(s, seat), wounds=n, cause=cause, status=status_change(s, seat, before)))


# Supply and actions ----------------------------------------------------------------------------------


def start_round(s: LifeboatState) -> LifeboatState:
    conscious = awake(s)
    if s.supply and conscious:
        k = min(len(conscious), len(s.supply))
        drafters = conscious[:k]
        s = say(
            s,
            ev("supply_drawn", round=s.round, who=who(s, drafters[0]), cards=k),
            phase="draft",
            pending=build(Draft, cards=s.supply[:k], drafters=drafters),
            supply=s.supply[k:],
            current=drafters[0],
            actor=None,
        )
        return draft_auto(s)
    s = say(s, ev("no_supply", round=s.round, why="deck_empty" if conscious else "nobody_conscious"))
    return start_actions(s)


def draft_auto(s: LifeboatState) -> LifeboatState:
    """The last card of the supply goes to the last drafter without a decision."""
    if len(s.draft) != 1:
        return s
    seat, card = s.drafters[0], s.draft[0]
    s = say(
        s,
        ev("keeps_last", secret=((seat, {"card": card}),), who=who(s, seat)),
        hands=with_item(s.hands, seat, insert(s.hands[seat], card)),
        pending=None,
    )
    return start_actions(s)


def start_actions(s: LifeboatState) -> LifeboatState:
    order = awake(s)
    s = copy_with(s, {"order": order, "turn_index": 0, "pending": None})
    if order:
        s = say(s, ev("action_order", order=everyone(s, order)))
    return next_actor(s, 0)


def next_actor(s: LifeboatState, i: int) -> LifeboatState:
    """The first of the action order from `i` on who is still conscious and aboard acts; after the last
    one, navigation."""
    order = s.order
    while i < len(order):
        seat = order[i]
        if seat in s.boat and s.wounds[seat] < SIZE[s.characters[seat]]:
            update = {"phase": "action", "turn_index": i, "actor": seat, "current": seat, "traded": (), "pending": None}
            return copy_with(s, update)
        i += 1
    return start_navigation(copy_with(s, {"actor": None, "turn_index": len(order)}))


def end_action(s: LifeboatState) -> LifeboatState:
    return next_actor(copy_with(s, {"pending": None}), s.turn_index + 1)


# Navigation ------------------------------------------------------------------------------------------


def start_navigation(s: LifeboatState) -> LifeboatState:
    nav = navigator(s)
    if nav is not None:
        return say(s, ev("navigator", who=who(s, nav), pile=len(s.row_pile)), phase="navigate", current=nav)
    s = say(s, ev("no_navigator"), phase="navigate")
    if s.options.rowing == "variant" and s.nav_deck:
        s = copy_with(s, {"row_pile": (*s.row_pile, s.nav_deck[0]), "nav_deck": s.nav_deck[1:]})
    return choose_card(s, None)


def choose_card(s: LifeboatState, nav: int | None) -> LifeboatState:
    """After the compass step: the top card, the only card of the row pile, or the navigator's pick."""
    pile = s.row_pile
    if not pile:
        card, deck = s.nav_deck[0], s.nav_deck[1:]
        return resolve(say(s, ev("top_card_used"), nav_deck=deck), card)
    if len(pile) == 1:
        return resolve(say(s, ev("only_card_used"), row_pile=()), pile[0])
    if nav is not None:
        return copy_with(s, {"phase": "pick", "current": nav})
    rng = derived_random(s.seed, UNATTENDED_PICK, s.rolls)
    card = pile[rng.randrange(len(pile))]
    s = say(
        s,
        ev("random_card_used"),
        row_pile=(),
        nav_deck=(*s.nav_deck, *(c for c in pile if c != card)),
        rolls=s.rolls + 1,
    )
    return resolve(s, card)


def card_event(s: LifeboatState, card: int) -> dict[str, object]:
    """A navigation card as read for the characters in the boat: one naming someone not aboard does not
    name them (and names "everyone" when it names everyone aboard)."""
    nc = nav_cards(s)[card]
    present = sorted(s.characters[x] for x in s.boat)
    overboard = [c for c in nc.overboard if c in present]
    thirsty = [c for c in nc.thirsty if c in present]
    return {
        "card": nc.id,
        "overboard": overboard,
        "thirsty": thirsty,
        "everyone_overboard": bool(overboard) and len(overboard) == len(present),
        "everyone_thirsty": bool(thirsty) and len(thirsty) == len(present),
        "rowers": nc.rowers_thirsty,
        "fighters": nc.fighters_thirsty,
        "bird": nc.bird,
    }


def resolve(s: LifeboatState, card: int) -> LifeboatState:
    """This round's navigation card: seagulls, then overboard, then thirst."""
    nc = nav_cards(s)[card]
    s = say(s, ev("navigation_card", **card_event(s, card)), nav_card=card, current=None)
    if nc.bird:
        gulls = max(0, s.seagulls + nc.bird)
        kind = "seagull_appears" if nc.bird > 0 else "seagull_crossed_out"
        s = say(s, ev(kind, seagulls=gulls, of=SEAGULLS_TO_END), seagulls=gulls)
        if gulls >= SEAGULLS_TO_END:
            return end_game(s)
    over = tuple(x for x in s.boat if s.characters[x] in nc.overboard)
    if over:
        s = say(s, ev("overboard", who=everyone(s, over)))
        order = awake(s)
        if order:
            return open_window(s, "overboard", build(Overboard, window=order, swimmers=over))
        return finish_overboard(s, over, 0)
    return start_thirst(s)


def open_window(s: LifeboatState, phase: str, pending: Overboard | Thirst | object) -> LifeboatState:
    return copy_with(s, {"phase": phase, "pending": pending, "current": pending.window[0]})  # type: ignore[attr-defined,no-any-return]


def finish_overboard(s: LifeboatState, over: Sequence[int], thrown: int) -> LifeboatState:
    """Everyone in the water takes the fall (unless spared) and the sharks; the dead and the unconscious
    without a life preserver are lost at sea; face-up cards but the life preserver wash away."""
    chum = thrown + sum(1 for x in over for c in s.face_up[x] if c in CHUM_SET)
    lost: list[int] = []
    for x in over:
        before = s.wounds[x]
        size = SIZE[s.characters[x]]
        saved = LIFE_PRESERVER in s.face_up[x]
        fall = 0 if saved or s.characters[x] == FRENCHY else 1
        n = fall + chum
        washed = tuple(c for c in s.face_up[x] if c != LIFE_PRESERVER)
        update: dict[str, object] = {
            "wounds": with_item(s.wounds, x, before + n),
            "face_up": with_item(s.face_up, x, (LIFE_PRESERVER,) if saved else ()),
            "discard": (*s.discard, *washed),
        }
        if PARASOL in washed:
            update["parasol_open"] = False
        s = copy_with(s, update)
        spared = "fall" if fall else "preserver" if saved else "swimmer"
        e = ev("falls_in", who=who(s, x), wounds=n, fall=spared, chum=chum, washed=list(washed), status=status_change(s, x, before))
        s = say(s, e)
        if before > size or (before == size and not saved):
            lost.append(x)
    for x in lost:
        gone = (*s.hands[x], *s.face_up[x])
        s = say(
            s,
            ev("lost_at_sea", who=who(s, x)),
            boat=without(s.boat, x),
            hands=with_item(s.hands, x, ()),
            face_up=with_item(s.face_up, x, ()),
            lost_cards=(*s.lost_cards, *gone),
        )
    return start_thirst(copy_with(s, {"pending": None}))


def start_thirst(s: LifeboatState) -> LifeboatState:
    nc = nav_cards(s)[s.nav_card]  # type: ignore[index]
    thirst = [0] * len(s.players)
    shade: list[int] = []
    for x in s.boat:
        ch = s.characters[x]
        if s.wounds[x] > SIZE[ch]:
            continue  # the dead are past thirst
        t = (nc.rowers_thirsty and s.rowed[x]) + (nc.fighters_thirsty and s.fought[x]) + (ch in nc.thirsty)
        if t and s.parasol_open and PARASOL in s.face_up[x]:
            t -= 1
            shade.append(x)
        thirst[x] = t
    for x in shade:
        s = say(s, ev("parasol_shade", who=who(s, x)))
    if any(thirst):
        s = say(s, ev("thirsty", thirsts=[[x, s.characters[x], thirst[x]] for x in s.boat if thirst[x]]))
        order = awake(s)
        if order:
            return open_window(s, "thirst", build(Thirst, window=order, thirst=tuple(thirst)))
        return finish_thirst(s, tuple(thirst))
    return end_round(say(s, ev("nobody_thirsty")))


def finish_thirst(s: LifeboatState, thirst: tuple[int, ...]) -> LifeboatState:
    """Every thirst still unpaid is a wound."""
    s = copy_with(s, {"pending": None})
    for x in s.boat:
        if thirst[x]:
            s = wound(s, x, thirst[x], "thirst")
    return end_round(s)


def end_round(s: LifeboatState) -> LifeboatState:
    n = len(s.players)
    s = copy_with(
        s,
        {
            "nav_deck": (*s.nav_deck, s.nav_card),
            "nav_card": None,
            "rowed": (False,) * n,
            "fought": (False,) * n,
            "pending": None,
            "round": s.round + 1,
        },
    )
    return start_round(s)


def end_game(s: LifeboatState) -> LifeboatState:
    """Land at the fourth seagull: the scores go into the log, best first, then the winner."""
    s = copy_with(s, {"phase": "over", "current": None, "actor": None, "pending": None})
    s = say(s, ev("land_in_sight"))
    out = outcome_of(s)
    for line in out.details:
        s = say(s, ev(line.kind, **line.args))
    return say(s, ev(out.headline.kind, **out.headline.args))
