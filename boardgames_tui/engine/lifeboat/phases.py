"""The decisions of the round's own steps: keeping a supply card, doing nothing, rowing and placing the
rowed cards, navigating (with the compass) and picking the navigation card.

Each action kind K has `check_K` (why the rules refuse it, or None) and `do_K` (its effect); the
LifeboatRules class in rules.py gathers these with the other concerns' (see engine/base.py's kernel).
"""

from __future__ import annotations

from ..base import IllegalAction
from ..fastmodel import build, copy_with
from .core import OAR_SET, ev, first_of_its_kind, insert, nav_cards, say, who, with_item, without
from .data import COMPASS
from .flow import choose_card, draft_auto, end_action, resolve, start_actions
from .models import DoNothing, LifeboatState, Navigate, PickNavigation, PlaceRowed, Row, Rowing, TakeSupply


def compass_ready(s: LifeboatState, seat: int) -> bool:
    """A compass face up and a navigation card to add."""
    return COMPASS in s.face_up[seat] and bool(s.nav_deck)


class PhaseRules:
    # -- supply

    def check_take_supply(self, s: LifeboatState, seat: int, a: TakeSupply) -> IllegalAction | None:
        return None if first_of_its_kind(s.draft, a.card) else IllegalAction("not_in_draft")

    def do_take_supply(self, s: LifeboatState, seat: int, a: TakeSupply) -> LifeboatState:
        c = a.card
        drafters = s.drafters[1:]
        draft = without(s.draft, c)
        nxt = drafters[0] if drafters else None
        s = say(
            s,
            ev("keeps", secret=((seat, {"card": c}),), who=who(s, seat), passes=len(draft), to=who(s, nxt) if nxt is not None else None),
            hands=with_item(s.hands, seat, insert(s.hands[seat], c)),
            pending=copy_with(s.pending, {"cards": draft, "drafters": drafters}),
            current=nxt,
        )
        if not drafters:  # pragma: no cover - the last card is always dealt by draft_auto
            return start_actions(s)
        return draft_auto(s)

    # -- the plainest actions

    def check_do_nothing(self, s: LifeboatState, seat: int, a: DoNothing) -> IllegalAction | None:
        return None

    def do_do_nothing(self, s: LifeboatState, seat: int, a: DoNothing) -> LifeboatState:
        return end_action(say(s, ev("does_nothing", who=who(s, seat))))

    def check_row(self, s: LifeboatState, seat: int, a: Row) -> IllegalAction | None:
        return None if s.nav_deck else IllegalAction("navigation_deck_empty")

    def do_row(self, s: LifeboatState, seat: int, a: Row) -> LifeboatState:
        k = 1 if s.options.rowing == "variant" else 2
        oar = any(c in OAR_SET for c in s.face_up[seat])
        if oar:
            k += 1
        k = min(k, len(s.nav_deck))
        drawn = s.nav_deck[:k]
        ids = [nav_cards(s)[c].id for c in drawn]
        return say(
            s,
            ev("rows", secret=((seat, {"drawn": ids}),), who=who(s, seat), cards=k, oar=oar),
            phase="row",
            pending=build(Rowing, drawn=drawn),
            nav_deck=s.nav_deck[k:],
        )

    def check_place_rowed(self, s: LifeboatState, seat: int, a: PlaceRowed) -> IllegalAction | None:
        places = a.to_pile
        if type(places) is not tuple or len(places) != len(s.drawn) or not all(type(p) is bool for p in places):
            return IllegalAction("place_every_drawn_card", cards=len(s.drawn))
        return None

    def do_place_rowed(self, s: LifeboatState, seat: int, a: PlaceRowed) -> LifeboatState:
        drawn = s.drawn
        pile = tuple(c for c, keep in zip(drawn, a.to_pile) if keep)
        bottom = tuple(c for c, keep in zip(drawn, a.to_pile) if not keep)
        nc = nav_cards(s)
        secret = ((seat, {"pile_cards": [nc[c].id for c in pile], "bottom_cards": [nc[c].id for c in bottom]}),)
        s = say(
            s,
            ev("places_rowed", secret=secret, who=who(s, seat), pile=len(pile), bottom=len(bottom)),
            pending=None,
            row_pile=(*s.row_pile, *pile),
            nav_deck=(*s.nav_deck, *bottom),
            rowed=with_item(s.rowed, seat, True) if pile else s.rowed,
            phase="action",
        )
        return end_action(s)

    # -- navigation

    def check_navigate(self, s: LifeboatState, seat: int, a: Navigate) -> IllegalAction | None:
        if a.compass is not False and not (a.compass is True and compass_ready(s, seat)):
            return IllegalAction("no_compass")
        return None

    def do_navigate(self, s: LifeboatState, seat: int, a: Navigate) -> LifeboatState:
        if a.compass:
            top = s.nav_deck[0]
            s = say(
                s,
                ev("compass", secret=((seat, {"card": nav_cards(s)[top].id}),), who=who(s, seat)),
                row_pile=(*s.row_pile, top),
                nav_deck=s.nav_deck[1:],
            )
        if s.options.rowing == "variant" and s.nav_deck:
            s = say(s, ev("navigator_adds_top_card"), row_pile=(*s.row_pile, s.nav_deck[0]), nav_deck=s.nav_deck[1:])
        pile = len(s.row_pile)
        if pile > 1:
            s = say(s, ev("looks_at_row_pile", who=who(s, seat), cards=pile))
        return choose_card(s, seat)

    def check_pick_navigation(self, s: LifeboatState, seat: int, a: PickNavigation) -> IllegalAction | None:
        return None if a.card in s.row_pile else IllegalAction("not_in_row_pile")

    def do_pick_navigation(self, s: LifeboatState, seat: int, a: PickNavigation) -> LifeboatState:
        rest = tuple(c for c in s.row_pile if c != a.card)
        under = [nav_cards(s)[c].id for c in rest]
        s = say(
            s,
            ev("picked", secret=((seat, {"under": under}),), who=who(s, seat), rest=len(rest)),
            row_pile=(),
            nav_deck=(*s.nav_deck, *rest),
        )
        return resolve(s, a.card)

