"""Supply cards in play and the open windows: putting cards face up, the special actions (medical kit,
parasol, flare gun), and the cards of the overboard and thirst windows (life preserver, chum, water).

An open window (fight, overboard, thirst) offers every conscious seat a turn in order, whatever it holds,
and closes once all of them have said `done` in a row without anything new being added; the seat that
added something is not asked again.
"""

from __future__ import annotations

from ..base import IllegalAction
from ..fastmodel import copy_with
from .core import (
    CHUM_SET,
    KIT_SET,
    WATER_SET,
    WINDOW_PHASES,
    conscious,
    ev,
    first_of_its_kind,
    holds,
    is_seat,
    nav_cards,
    remove_card,
    say,
    status_change,
    target_refusal,
    who,
    with_item,
    without,
)
from .data import FLARE_GUN, LIFE_PRESERVER, PARASOL, SEAGULLS_TO_END, SIZE
from .fights import resolve_fight
from .flow import end_action, end_game, finish_overboard, finish_thirst
from .models import (
    Done,
    FireFlareGun,
    GiveWater,
    LifeboatState,
    OpenParasol,
    OpenWindow,
    PlayCard,
    ThrowLifePreserver,
    UseChum,
    UseMedicalKit,
)

FLARE_DRAW = 3


def _added(s: LifeboatState, **update: object) -> OpenWindow:
    """The open window's pending decision, noting that the seat offered it added something."""
    return copy_with(s.pending, {**update, "changed": True})


# The rules' conditions, each written once: the checks below and legal_actions (rules.py) use them.


def has_kit(s: LifeboatState, seat: int) -> bool:
    return holds(s, seat, KIT_SET) >= 0


def may_heal(s: LifeboatState, target: int) -> bool:
    """A medical kit heals a wounded character in the boat who is not dead (oneself included)."""
    return 0 < s.wounds[target] <= SIZE[s.characters[target]]


def parasol_to_open(s: LifeboatState, seat: int) -> bool:
    held = PARASOL in s.hands[seat] or PARASOL in s.face_up[seat]
    return held and not (s.parasol_open and PARASOL in s.face_up[seat])


def flare_ready(s: LifeboatState, seat: int) -> bool:
    """A flare gun in hand or face up, and navigation cards to show."""
    return (FLARE_GUN in s.hands[seat] or FLARE_GUN in s.face_up[seat]) and bool(s.nav_deck)


def may_throw_preserver(s: LifeboatState, seat: int) -> bool:
    """From hand, or from face up by someone not in the water (who is in it keeps hold of it)."""
    return LIFE_PRESERVER in s.hands[seat] or (LIFE_PRESERVER in s.face_up[seat] and seat not in s.overboard)


def catches_preserver(s: LifeboatState, seat: int, target: int) -> bool:
    """A conscious character in the water other than the thrower."""
    return target != seat and target in s.overboard and conscious(s, target)


def has_chum(s: LifeboatState, seat: int) -> bool:
    return holds(s, seat, CHUM_SET) >= 0


def has_water(s: LifeboatState, seat: int) -> bool:
    return holds(s, seat, WATER_SET) >= 0


def still_thirsty(s: LifeboatState, target: int) -> bool:
    return s.thirst[target] > 0


class CardRules:
    # -- cards face up

    def check_play_card(self, s: LifeboatState, seat: int, a: PlayCard) -> IllegalAction | None:
        hand = s.hands[seat]
        if a.card not in hand:
            return IllegalAction("not_in_hand")
        if not first_of_its_kind(hand, a.card):
            return IllegalAction("name_first_of_kind")
        return None

    def do_play_card(self, s: LifeboatState, seat: int, a: PlayCard) -> LifeboatState:
        c = a.card
        update: dict[str, object] = {
            "hands": with_item(s.hands, seat, without(s.hands[seat], c)),
            "face_up": with_item(s.face_up, seat, (*s.face_up[seat], c)),
        }
        if s.phase in WINDOW_PHASES:
            update["pending"] = _added(s)
        return say(s, ev("plays", who=who(s, seat), card=c), **update)

    # -- special actions

    def check_use_medical_kit(self, s: LifeboatState, seat: int, a: UseMedicalKit) -> IllegalAction | None:
        refused = target_refusal(s, seat, a.target, others=False)
        if refused is not None:
            return refused
        if not has_kit(s, seat):
            return IllegalAction("no_medical_kit")
        return None if may_heal(s, a.target) else IllegalAction("cannot_heal", seat=a.target)

    def do_use_medical_kit(self, s: LifeboatState, seat: int, a: UseMedicalKit) -> LifeboatState:
        kit = holds(s, seat, KIT_SET)
        t = a.target
        before = s.wounds[t]
        s = remove_card(s, seat, kit)
        s = copy_with(s, {"wounds": with_item(s.wounds, t, before - 1), "discard": (*s.discard, kit)})
        e = ev("heals", who=who(s, seat), target=who(s, t), wounds=before - 1, status=status_change(s, t, before))
        return end_action(say(s, e))

    def check_open_parasol(self, s: LifeboatState, seat: int, a: OpenParasol) -> IllegalAction | None:
        return None if parasol_to_open(s, seat) else IllegalAction("no_closed_parasol")

    def do_open_parasol(self, s: LifeboatState, seat: int, a: OpenParasol) -> LifeboatState:
        face_up = s.face_up[seat] if PARASOL in s.face_up[seat] else (*s.face_up[seat], PARASOL)
        hands = with_item(s.hands, seat, without(s.hands[seat], PARASOL)) if PARASOL in s.hands[seat] else s.hands
        s = say(
            s,
            ev("opens_parasol", who=who(s, seat)),
            hands=hands,
            face_up=with_item(s.face_up, seat, face_up),
            parasol_open=True,
        )
        return end_action(s)

    def check_fire_flare_gun(self, s: LifeboatState, seat: int, a: FireFlareGun) -> IllegalAction | None:
        return None if flare_ready(s, seat) else IllegalAction("no_flare_gun")

    def do_fire_flare_gun(self, s: LifeboatState, seat: int, a: FireFlareGun) -> LifeboatState:
        """The top 3 navigation cards are shown; only their birds count; they go under the deck."""
        s = remove_card(s, seat, FLARE_GUN)
        k = min(FLARE_DRAW, len(s.nav_deck))
        drawn, deck = s.nav_deck[:k], s.nav_deck[k:]
        nc = nav_cards(s)
        gulls = s.seagulls
        seen: list[list[object]] = []
        ended = False
        for c in drawn:
            card = nc[c]
            if ended:
                seen.append([card.id, None])  # the game is already over: not needed
                continue
            gulls = gulls + 1 if card.bird > 0 else max(0, gulls - 1) if card.bird < 0 else gulls
            seen.append([card.id, card.bird])
            ended = gulls >= SEAGULLS_TO_END
        s = say(
            s,
            ev("fires_flare_gun", who=who(s, seat), cards=seen, seagulls=gulls, of=SEAGULLS_TO_END),
            nav_deck=(*deck, *drawn),
            discard=(*s.discard, FLARE_GUN),
            seagulls=gulls,
        )
        return end_game(s) if ended else end_action(s)

    # -- the overboard window

    def check_throw_life_preserver(self, s: LifeboatState, seat: int, a: ThrowLifePreserver) -> IllegalAction | None:
        if not may_throw_preserver(s, seat):
            code = "keep_your_preserver" if LIFE_PRESERVER in s.face_up[seat] else "no_life_preserver"
            return IllegalAction(code)
        if not (is_seat(s, a.target) and catches_preserver(s, seat, a.target)):
            return IllegalAction("preserver_target")
        return None

    def do_throw_life_preserver(self, s: LifeboatState, seat: int, a: ThrowLifePreserver) -> LifeboatState:
        s = remove_card(s, seat, LIFE_PRESERVER)
        t = a.target
        return say(
            s,
            ev("throws_preserver", who=who(s, seat), target=who(s, t)),
            face_up=with_item(s.face_up, t, (*s.face_up[t], LIFE_PRESERVER)),
            pending=_added(s),
        )

    def check_use_chum(self, s: LifeboatState, seat: int, a: UseChum) -> IllegalAction | None:
        return None if has_chum(s, seat) else IllegalAction("no_chum")

    def do_use_chum(self, s: LifeboatState, seat: int, a: UseChum) -> LifeboatState:
        c = holds(s, seat, CHUM_SET)
        s = remove_card(s, seat, c)
        chum = s.pending.chum + 1  # type: ignore[union-attr]
        return say(s, ev("throws_chum", who=who(s, seat)), discard=(*s.discard, c), pending=_added(s, chum=chum))

    # -- the thirst window

    def check_give_water(self, s: LifeboatState, seat: int, a: GiveWater) -> IllegalAction | None:
        if not has_water(s, seat):
            return IllegalAction("no_water")
        t = a.target
        if target_refusal(s, seat, t, others=False) is not None or not still_thirsty(s, t):
            return IllegalAction("not_thirsty", seat=t if is_seat(s, t) else None)
        return None

    def do_give_water(self, s: LifeboatState, seat: int, a: GiveWater) -> LifeboatState:
        c = holds(s, seat, WATER_SET)
        s = remove_card(s, seat, c)
        t = a.target
        thirst = with_item(s.thirst, t, s.thirst[t] - 1)
        s = say(s, ev("gives_water", who=who(s, seat), target=who(s, t)), discard=(*s.discard, c), pending=_added(s, thirst=thirst))
        if not any(thirst):  # everyone's thirst is paid (public): the window closes at once
            return finish_thirst(say(s, ev("all_thirst_paid")), thirst)
        return s

    # -- every window

    def check_done(self, s: LifeboatState, seat: int, a: Done) -> IllegalAction | None:
        return None

    def do_done(self, s: LifeboatState, seat: int, a: Done) -> LifeboatState:
        w: OpenWindow = s.pending  # type: ignore[assignment]
        passes = 1 if w.changed else w.passes + 1
        said = ev("done", who=who(s, seat), added=w.changed, window=w.kind)
        if passes >= len(w.window):  # everyone has passed in a row: the window closes
            w = copy_with(w, {"passes": passes, "changed": False})
            s = say(s, said, pending=w)
            if s.phase == "fight":
                return resolve_fight(s, w)  # type: ignore[arg-type]
            if s.phase == "overboard":
                return finish_overboard(s, w.swimmers, w.chum)  # type: ignore[attr-defined]
            return finish_thirst(s, w.thirst)  # type: ignore[attr-defined]
        pos = (w.pos + 1) % len(w.window)
        return say(s, said, pending=copy_with(w, {"passes": passes, "changed": False, "pos": pos}), current=w.window[pos])
