"""What one seat may know of a Lifeboat state (its View), and the public prompt naming the decision.

A seat sees its own hand, Love and Hate, the draft while it drafts, the cards it rowed while it places
them, the row pile while it picks, and the cards of a trade it is part of (the partner's only once the
offer is sent, the proposer the partner's answer only to confirm it). Everything else is public.
"""

from __future__ import annotations

from ..base import Fact, fact
from ..fastmodel import copy_with
from .core import everyone, fight_totals, navigator, status, who
from .data import CHARACTERS, PARASOL, SEAGULLS_TO_END, SIZE, SURVIVAL
from .models import (
    Demand,
    DemandView,
    Fight,
    FightView,
    LifeboatState,
    LifeboatView,
    SeatView,
    Trade,
    TradeView,
)
from .scoring import outcome_of, score_lines


def prompt(s: LifeboatState) -> Fact:
    """What the pending decision is about, for the whole table."""
    phase = s.phase
    if phase == "over":
        return outcome_of(s).headline
    cur = who(s, s.current)  # type: ignore[arg-type]
    p = s.pending
    if phase == "draft":
        return fact("prompt_draft", who=cur, cards=len(s.draft))
    if isinstance(p, Trade):
        return fact("prompt_trade", proposer=who(s, s.actor), partner=who(s, p.partner), who=cur)  # type: ignore[arg-type]
    if isinstance(p, Demand):
        return fact("prompt_respond", attacker=who(s, s.actor), target=who(s, p.target), what=p.what, card=p.card, who=cur)  # type: ignore[arg-type]
    if isinstance(p, Fight):
        at, dt = fight_totals(s)
        return fact(
            "prompt_fight", attackers=everyone(s, p.attackers), attack=at, defenders=everyone(s, p.defenders), defend=dt, who=cur
        )
    if phase == "pick":
        return fact("prompt_pick", who=cur, cards=len(s.row_pile))
    if phase == "overboard":
        return fact("prompt_overboard", swimmers=everyone(s, s.overboard), who=cur)
    if phase == "thirst":
        thirst = s.thirst
        return fact("prompt_thirst", thirsts=[[x, s.characters[x], thirst[x]] for x in s.boat if thirst[x]], who=cur)
    return fact(f"prompt_{phase}", who=cur)  # action, row, navigate


def _seat_view(s: LifeboatState, x: int, seat: int | None, position: dict[int, int]) -> SeatView:
    ch = s.characters[x]
    phase = s.phase
    side = None
    if phase == "fight":
        side = "attacker" if x in s.attackers else "defender" if x in s.defenders else None
    thirst = s.thirst
    return SeatView(
        seat=x,
        player=s.players[x],
        character=CHARACTERS[ch].key,
        size=SIZE[ch],
        survival=SURVIVAL[ch],
        position=position.get(x),
        wounds=s.wounds[x],
        status=status(s, x),  # type: ignore[arg-type]
        face_up=s.face_up[x],
        hand_size=len(s.hands[x]),
        parasol_open=s.parasol_open and PARASOL in s.face_up[x],
        rowed=s.rowed[x],
        fought=s.fought[x],
        fight_side=side,  # type: ignore[arg-type]
        overboard=x in s.overboard,
        thirst=thirst[x] if thirst else 0,
        hand=s.hands[x] if x == seat else None,
        love=CHARACTERS[s.love[x]].key if x == seat else None,
        hate=CHARACTERS[s.hate[x]].key if x == seat else None,
    )


def build_view(rules: object, s: LifeboatState, seat: int | None) -> LifeboatView:
    n = len(s.players)
    if seat is not None and not (type(seat) is int and 0 <= seat < n):
        raise ValueError(f"no seat {seat!r}")
    phase = s.phase
    over = phase == "over"
    position = {x: i for i, x in enumerate(s.boat)}
    p = s.pending
    demand = None
    if isinstance(p, Demand) or isinstance(p, Fight):
        d = p if isinstance(p, Demand) else p.demand
        demand = DemandView(kind=d.what, attacker=s.actor, target=d.target, card=d.card)  # type: ignore[arg-type]
    fight = None
    if isinstance(p, Fight):
        at, dt = fight_totals(s)
        fight = FightView(
            attacker=p.attackers[0],
            defender=p.defenders[0],
            attackers=p.attackers,
            defenders=p.defenders,
            attack_total=at,
            defend_total=dt,
        )
    trade = None
    if isinstance(p, Trade):
        stage = phase[len("trade_") :]
        proposer, partner = s.actor, p.partner
        trade = TradeView(
            proposer=proposer,  # type: ignore[arg-type]
            partner=partner,
            stage=stage,  # type: ignore[arg-type]
            give_count=len(p.give),
            back_count=len(p.back),
            give=p.give if seat == proposer or (seat == partner and stage != "offer") else None,
            back=p.back if seat == partner or (seat == proposer and stage == "confirm") else None,
        )
    mine = seat is not None and seat == s.current
    view = LifeboatView(
        seat=seat,
        players=s.players,
        options=s.options,
        round=s.round,
        phase=phase,
        current=None if over else s.current,
        actor=s.actor,
        order=s.order,
        boat=s.boat,
        seats=tuple(_seat_view(s, x, seat, position) for x in range(n)),
        navigator=None if over else navigator(s),
        seagulls=s.seagulls,
        seagulls_to_end=SEAGULLS_TO_END,
        supply_size=len(s.supply),
        set_aside_count=len(s.set_aside),
        navigation_size=len(s.nav_deck),
        row_pile_size=len(s.row_pile),
        discard=s.discard,
        lost_count=len(s.lost_cards),
        navigation_card=s.nav_card,
        demand=demand,
        fight=fight,
        window=s.window,
        trade=trade,
        draft_size=len(s.draft),
        draft=s.draft if phase == "draft" and mine else None,
        drawn=s.drawn if phase == "row" and mine else None,
        row_pile=s.row_pile if phase == "pick" and mine else None,
        prompt=prompt(s),
        results=score_lines(s) if over else None,
        log=rules.log_for(s, seat),  # type: ignore[attr-defined]
        legal_actions=rules.legal_for(s, seat),  # type: ignore[attr-defined]
    )
    # The refusals of the seat to act, added unvalidated: made by the engine from the rules' own codes (a
    # tuple of some twenty models, which validating would cost more than finding them).
    refusals = rules.refusals(s, seat)  # type: ignore[attr-defined]
    return copy_with(view, {"refusals": refusals}) if refusals else view

