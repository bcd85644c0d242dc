"""Lifeboat's rules: a pure function of the state (see engine/base.py for the contract).

Source of truth: shared/seeds/002_c2d4862667e5a296.txt (the rulebook with its FAQ) and
shared/rules/lifeboat.md (our decisions); component data in assets/lifeboat/components.json; the rule
questions settled here are listed in NOTES.md next to this file.

Exactly one seat decides at any time (`state.current`). The rules are split by concern:
  flow.py    the round moving on by itself (draft, action order, navigation, overboard, thirst, the end)
  phases.py  keeping a supply card, doing nothing, rowing, navigating, picking the navigation card
  fights.py  swapping seats and robbing, giving in or refusing, the fight window
  trades.py  trading during one's action turn
  cards.py   cards face up, the special actions, life preserver, chum, water, and `done` in windows
  scoring.py the score items and the outcome;  view.py what a seat may know
Each action kind K has check_K (why it is refused, or None) and do_K in those files; this class gathers
them, with the phase table (core.PHASE_KINDS: the kinds each phase allows), and the kernel in
engine/base.py dispatches them. The checks are made of named conditions (`may_heal`, `has_water` ...),
each written once next to its check; `list_actions` lists each phase's choices from the same conditions
(fast: the benchmark plays hundreds of thousands of moves), and a test holds every candidate's check to
agree with it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product
from typing import Any

from ..base import Event, Fact, GameRules, IllegalAction, Outcome, fact
from ..fastmodel import build, copy_with
from .cards import (
    CardRules,
    catches_preserver,
    flare_ready,
    has_chum,
    has_kit,
    has_water,
    may_heal,
    may_throw_preserver,
    parasol_to_open,
    still_thirsty,
)
from .core import (
    MAX_SEATS,
    PHASE_KINDS,
    awake,
    cards_in_play,
    ev,
    fight_totals,
    navigator,
    one_per_type,
    out_of_phase,
    status,
)
from .data import NAVIGATION_COUNT, SUPPLY_COUNT
from .fights import FightRules, fighting
from .flow import SET_ASIDE, deal
from .models import (
    ACTION_ADAPTER,
    AcceptDemand,
    AcceptTrade,
    DeclineTrade,
    Done,
    DoNothing,
    FireFlareGun,
    GiveWater,
    JoinFight,
    LifeboatAction,
    LifeboatOptions,
    LifeboatState,
    LifeboatView,
    Navigate,
    OfferTrade,
    OpenParasol,
    PickNavigation,
    PlaceRowed,
    PlayCard,
    ProposeTrade,
    RefuseDemand,
    Refusal,
    Rob,
    Row,
    SwapSeats,
    TakeSupply,
    ThrowLifePreserver,
    TradeCard,
    UseChum,
    UseMedicalKit,
)
from .phases import PhaseRules, compass_ready
from .scoring import outcome_of, score_lines, treasure_points
from .trades import TradeRules, may_trade_with
from .view import build_view

__all__ = [
    "LifeboatRules",
    "RULES",
    "SET_ASIDE",
    "awake",
    "cards_in_play",
    "fight_totals",
    "navigator",
    "score_lines",
    "status",
    "treasure_points",
]


# Every action, made once (the candidates legal_actions checks) ------------------------------------------

_TAKE = tuple(build(TakeSupply, card=c) for c in range(SUPPLY_COUNT))
_PLAY = tuple(build(PlayCard, card=c) for c in range(SUPPLY_COUNT))
_TRADE_CARD = tuple(build(TradeCard, card=c) for c in range(SUPPLY_COUNT))
_SWAP = tuple(build(SwapSeats, target=t) for t in range(MAX_SEATS))
_ROB_HAND = tuple(build(Rob, target=t, card=None) for t in range(MAX_SEATS))
_ROB_CARD = tuple(tuple(build(Rob, target=t, card=c) for c in range(SUPPLY_COUNT)) for t in range(MAX_SEATS))
_KIT = tuple(build(UseMedicalKit, target=t) for t in range(MAX_SEATS))
_PROPOSE = tuple(build(ProposeTrade, target=t) for t in range(MAX_SEATS))
_PICK = tuple(build(PickNavigation, card=c) for c in range(NAVIGATION_COUNT))
_THROW = tuple(build(ThrowLifePreserver, target=t) for t in range(MAX_SEATS))
_WATER = tuple(build(GiveWater, target=t) for t in range(MAX_SEATS))
_PLACE = tuple(tuple(build(PlaceRowed, to_pile=combo) for combo in product((True, False), repeat=k)) for k in range(5))
_SEAT_SETS = tuple(frozenset((s,)) for s in range(MAX_SEATS))
_NOBODY: frozenset[int] = frozenset()


_DO_NOTHING, _ROW, _PARASOL, _FLARE = build(DoNothing), build(Row), build(OpenParasol), build(FireFlareGun)
_OFFER, _ACCEPT_TRADE, _DECLINE_TRADE = build(OfferTrade), build(AcceptTrade), build(DeclineTrade)
_ACCEPT, _REFUSE, _DONE, _CHUM = build(AcceptDemand), build(RefuseDemand), build(Done), build(UseChum)
_JOIN = (build(JoinFight, side="attacker"), build(JoinFight, side="defender"))
_NAVIGATE, _NAVIGATE_COMPASS = build(Navigate, compass=False), build(Navigate, compass=True)


def _plays(s: LifeboatState, seat: int) -> list[Any]:
    return [_PLAY[c] for c in one_per_type(s.hands[seat])]


def _action_choices(s: LifeboatState, seat: int) -> list[Any]:
    out: list[Any] = [_DO_NOTHING]
    if s.nav_deck:
        out.append(_ROW)
    boat, hands, face_up = s.boat, s.hands, s.face_up
    others = [t for t in boat if t != seat]
    out += [_SWAP[t] for t in others]
    for t in others:
        if hands[t]:
            out.append(_ROB_HAND[t])
        if face_up[t]:
            row = _ROB_CARD[t]
            out += [row[c] for c in one_per_type(face_up[t])]
    if has_kit(s, seat):
        out += [_KIT[t] for t in boat if may_heal(s, t)]
    if parasol_to_open(s, seat):
        out.append(_PARASOL)
    if flare_ready(s, seat):
        out.append(_FLARE)
    if s.options.trading:
        out += [_PROPOSE[t] for t in others if may_trade_with(s, t)]
    return out + _plays(s, seat)


def _fight_choices(s: LifeboatState, seat: int) -> list[Any]:
    return [_DONE, *(() if fighting(s, seat) else _JOIN), *_plays(s, seat)]


def _overboard_choices(s: LifeboatState, seat: int) -> list[Any]:
    out: list[Any] = [_DONE]
    if may_throw_preserver(s, seat):
        out += [_THROW[t] for t in s.overboard if catches_preserver(s, seat, t)]
    if has_chum(s, seat):
        out.append(_CHUM)
    return out + _plays(s, seat)


def _thirst_choices(s: LifeboatState, seat: int) -> list[Any]:
    out: list[Any] = [_DONE]
    if has_water(s, seat):
        out += [_WATER[t] for t in s.boat if still_thirsty(s, t)]
    return out + _plays(s, seat)


def _navigate_choices(s: LifeboatState, seat: int) -> list[Any]:
    return [_NAVIGATE, *((_NAVIGATE_COMPASS,) if compass_ready(s, seat) else ()), *_plays(s, seat)]


# The legal actions of each phase, in the order of core.PHASE_KINDS, from the same conditions the checks
# use (tests/engine/lifeboat/test_kernel.py holds every candidate's check to agree with these lists).
CHOICES: dict[str, Callable[[LifeboatState, int], Sequence[Any]]] = {
    "draft": lambda s, seat: [*(_TAKE[c] for c in one_per_type(s.draft)), *_plays(s, seat)],
    "action": _action_choices,
    "trade_offer": lambda s, seat: [*(_TRADE_CARD[c] for c in s.hands[seat]), _OFFER, _DECLINE_TRADE],
    "trade_answer": lambda s, seat: [*(_TRADE_CARD[c] for c in s.hands[seat]), _ACCEPT_TRADE, _DECLINE_TRADE],
    "trade_confirm": lambda s, seat: [_ACCEPT_TRADE, _DECLINE_TRADE],
    "respond": lambda s, seat: [_ACCEPT, _REFUSE, *_plays(s, seat)],
    "fight": _fight_choices,
    "row": lambda s, seat: _PLACE[len(s.drawn)],
    "navigate": _navigate_choices,
    "pick": lambda s, seat: [_PICK[c] for c in s.row_pile],
    "overboard": _overboard_choices,
    "thirst": _thirst_choices,
}


# The actions a player may try by key on the turn screen, one representative each (a letter, p, Space, or a
# number for joining a fight, throwing the life preserver and giving water): the View carries the engine's
# reason for refusing each (LifeboatView.refusals), for the seat to act only. A kind with a legal action is
# not tried (its key works). The kinds that need a target or a card are tried on a plausible one, read from
# what the seat sees: public facts and its own cards, so a refusal never tells what others hide.


def _other(s: LifeboatState, seat: int) -> int:
    """The first other seat in the boat, bow to stern; when the seat is alone in it, the next seat (lost)."""
    return next((t for t in s.boat if t != seat), (seat + 1) % len(s.players))


def _awake_other(s: LifeboatState, seat: int) -> int:
    """The first other conscious seat in the boat, else the first other seat in it."""
    return next((t for t in awake(s) if t != seat), _other(s, seat))


def _catcher(s: LifeboatState, seat: int) -> int:
    """Someone the life preserver might go to: a conscious other seat in the water, else anyone in it."""
    swimmers = s.overboard
    return next((t for t in swimmers if catches_preserver(s, seat, t)), swimmers[0] if swimmers else seat)


def _thirsty(s: LifeboatState, seat: int) -> int:
    thirst = s.thirst
    return next((t for t in s.boat if thirst and thirst[t]), seat)


def _own_card(s: LifeboatState, seat: int) -> int | None:
    """The first card of the seat's hand (None: an empty hand)."""
    hand = s.hands[seat]
    return hand[0] if hand else None


# name -> (the action tried, what it names: a seat or own card, None for an action without one)
TRIED_ACTIONS: dict[str, Callable[[LifeboatState, int], tuple[Any, int | None]]] = {
    "do_nothing": lambda s, seat: (_DO_NOTHING, None),
    "row": lambda s, seat: (_ROW, None),
    "swap_seats": lambda s, seat: (_SWAP[t := _other(s, seat)], t),
    "rob": lambda s, seat: (_ROB_HAND[t := _other(s, seat)], t),
    "use_medical_kit": lambda s, seat: (_KIT[seat], seat),  # no kit, or nobody (oneself included) to heal
    "open_parasol": lambda s, seat: (_PARASOL, None),
    "fire_flare_gun": lambda s, seat: (_FLARE, None),
    "propose_trade": lambda s, seat: (_PROPOSE[t := _awake_other(s, seat)], t),
    "offer_trade": lambda s, seat: (_OFFER, None),
    "accept_trade": lambda s, seat: (_ACCEPT_TRADE, None),
    "decline_trade": lambda s, seat: (_DECLINE_TRADE, None),
    "accept_demand": lambda s, seat: (_ACCEPT, None),
    "refuse_demand": lambda s, seat: (_REFUSE, None),
    "join_fight": lambda s, seat: (_JOIN[0], None),
    "done": lambda s, seat: (_DONE, None),
    "navigate": lambda s, seat: (_NAVIGATE, None),
    "compass": lambda s, seat: (_NAVIGATE_COMPASS, None),
    "throw_life_preserver": lambda s, seat: (_THROW[t := _catcher(s, seat)], t),
    "use_chum": lambda s, seat: (_CHUM, None),
    "give_water": lambda s, seat: (_WATER[t := _thirsty(s, seat)], t),
    # a card of the hand (card 0 when it is empty: not in the hand, whoever holds it)
    "play_card": lambda s, seat: (_PLAY[c if (c := _own_card(s, seat)) is not None else 0], c),
    "trade_card": lambda s, seat: (_TRADE_CARD[c if (c := _own_card(s, seat)) is not None else 0], c),
}


# The tries aimed at another seat in the boat: refused as a whole when nobody else is in it.
_AIMED_AT_OTHERS = frozenset(("swap_seats", "rob", "propose_trade"))

# Phase -> the names of TRIED_ACTIONS whose kind it allows (tried on each View); and the refusals of the
# others, made the first time a View of the phase is built (LifeboatRules.refusals).
_TRIED_IN_PHASE: dict[str, tuple[str, ...]] = {
    phase: tuple(name for name in TRIED_ACTIONS if ("navigate" if name == "compass" else name) in kinds)
    for phase, kinds in PHASE_KINDS.items()
}
_OUT_OF_PHASE: dict[str, tuple[Refusal, ...]] = {}


# The decisions a seat may be spared (see LifeboatRules.public_forced_action): their choices, once the hand
# is empty, are made of public facts only.
FORCEABLE = frozenset(("action", "respond", "fight", "navigate", "overboard", "thirst"))


class LifeboatRules(PhaseRules, FightRules, TradeRules, CardRules, GameRules[LifeboatState, LifeboatAction, LifeboatView, LifeboatOptions]):  # type: ignore[type-var]
    id = "lifeboat"
    title = "Lifeboat"
    min_players = 4
    max_players = 6
    Options = LifeboatOptions
    State = LifeboatState
    action_adapter = ACTION_ADAPTER
    phases = PHASE_KINDS
    remember_listing = True  # a listed action is applied unchecked (test_kernel.py holds the listing to the checks)

    def setup(self, players: Sequence[str], options: LifeboatOptions | None, seed: str) -> LifeboatState:
        return deal(self.seat_players(players), options if options is not None else LifeboatOptions(), seed)

    # -- whose move, and what they may do

    def to_act(self, state: LifeboatState) -> frozenset[int]:
        if state.phase == "over" or state.current is None:
            return _NOBODY
        return _SEAT_SETS[state.current]

    def list_actions(self, state: LifeboatState, seat: int) -> Sequence[LifeboatAction]:
        return tuple(CHOICES[state.phase](state, seat))

    def out_of_phase(self, state: LifeboatState, seat: int, kind: str) -> IllegalAction:
        return out_of_phase(state, kind)

    def after_action(self, before: LifeboatState, after: LifeboatState) -> LifeboatState:
        """Every action notes where its events start in the log (the handoff's summary)."""
        return copy_with(after, {"since": len(before.log)})

    # -- what people see

    def view(self, state: LifeboatState, seat: int | None) -> LifeboatView:
        return build_view(self, state, seat)

    def refusals(self, state: LifeboatState, seat: int | None) -> tuple[Refusal, ...]:
        """For `seat` when it is to act: each of TRIED_ACTIONS the engine would refuse now, and why; a kind
        the decision allows in some form is not tried (its key works). The kinds of the phase come first,
        then those it has no place for (the same refusal for every state of the phase: made once)."""
        if seat is None or seat != state.current or state.phase == "over":
            return ()
        phase = state.phase
        listed = self.legal_actions(state, seat)
        legal = {action.kind for action in listed}
        if phase == "navigate" and _NAVIGATE_COMPASS in listed:  # the compass is tried on its own
            legal.add("compass")
        found = []
        for name in _TRIED_IN_PHASE[phase]:
            if name in legal:
                continue
            action, target = TRIED_ACTIONS[name](state, seat)
            refused = self.refusal(state, seat, action)
            if refused is None:
                continue
            if name in _AIMED_AT_OTHERS and not any(t != seat for t in state.boat):
                refused, target = IllegalAction("alone_in_boat"), None  # no other seat to try it on
            elif name == "rob" and refused.code == "nothing_in_hand":
                # Tried on the first other seat: the kind has no legal form, so nobody aboard has a card to take.
                refused, target = IllegalAction("nothing_to_take"), None
            found.append(build(Refusal, kind=name, code=refused.code, params=dict(refused.params), target=target))
        out_of_phase = _OUT_OF_PHASE.get(phase)
        if out_of_phase is None:
            out_of_phase = _OUT_OF_PHASE[phase] = tuple(self._out_of_phase_refusals(state, seat))
        return (*found, *out_of_phase)

    def _out_of_phase_refusals(self, state: LifeboatState, seat: int) -> list[Refusal]:
        """The kernel's refusals of the TRIED_ACTIONS the phase has no place for (out_of_phase: they depend
        on the phase alone), without a target: none was tried."""
        out = []
        for name, tried in TRIED_ACTIONS.items():
            if name not in _TRIED_IN_PHASE[state.phase]:
                refused = self.refusal(state, seat, tried(state, seat)[0])
                assert refused is not None, (state.phase, name)
                out.append(Refusal(kind=name, code=refused.code, params=dict(refused.params)))
        return out

    def outcome(self, state: LifeboatState) -> Outcome | None:
        return outcome_of(state) if state.phase == "over" else None

    _STAGES = {
        "draft": "supply",
        "action": "actions",
        "trade_offer": "actions",
        "trade_answer": "actions",
        "trade_confirm": "actions",
        "respond": "actions",
        "fight": "fight",
        "row": "actions",
        "navigate": "navigation",
        "pick": "navigation",
        "overboard": "overboard",
        "thirst": "thirst",
    }

    def turn_label(self, state: LifeboatState) -> Fact:
        if state.phase == "over":
            return fact("game_finished")
        return fact("round_position", round=state.round, stage=self._STAGES[state.phase], seagulls=state.seagulls)

    def last_public_event(self, state: LifeboatState) -> Event | None:
        """Everything public the latest action brought about, as one "summary" event (the whole setup
        before the first action); nothing at the end, where the results' headline says it all."""
        if state.phase == "over":
            return None
        said = [{"kind": e.kind, "args": e.args} for e in state.log[state.since :] if e.only is None]
        return ev("summary", events=said) if said else None

    def has_hidden_information(self, state: LifeboatState) -> bool:
        return True

    def public_forced_action(self, state: LifeboatState) -> tuple[int, LifeboatAction] | None:
        """The decision of a seat with an empty hand that leaves it one thing to do, played without asking.

        Only in the phases listed in FORCEABLE: each of them lets a hand card be put face up and always
        offers something besides (done, navigate, do nothing, give in), so one legal action there means an
        empty hand, which everyone sees (hand sizes are public); what is left then follows from public
        facts alone (face-up cards, wounds, the boat, the size of the decks). The other decisions are about
        cards only the deciding seat sees (the draft, the rowed cards, the row pile, a trade): always asked.
        """
        seat = state.current
        if seat is None or state.phase not in FORCEABLE or state.hands[seat]:
            return None
        legal = self.legal_actions(state, seat)
        return (seat, legal[0]) if len(legal) == 1 else None


RULES = LifeboatRules()
