"""Trading: the actor, during their action turn, proposes a trade to a conscious character (once per
partner per turn, so the game stays finite): the proposer picks cards to give, the partner picks cards
to give back (possibly none), the proposer confirms; either may call it off at any step. Only hand cards
change hands, and only the two of them see which.
"""

from __future__ import annotations

from ..base import IllegalAction
from ..fastmodel import build, copy_with
from .core import conscious, ev, say, target_refusal, who, without
from .models import AcceptTrade, DeclineTrade, LifeboatState, OfferTrade, ProposeTrade, Trade, TradeCard


def may_trade_with(s: LifeboatState, target: int) -> bool:
    """Once per partner per action turn, and only with the conscious."""
    return target not in s.traded and conscious(s, target)


class TradeRules:
    def check_propose_trade(self, s: LifeboatState, seat: int, a: ProposeTrade) -> IllegalAction | None:
        refused = target_refusal(s, seat, a.target)
        if refused is not None:
            return refused
        if not s.options.trading:
            return IllegalAction("trading_off")
        if a.target in s.traded:
            return IllegalAction("already_traded", seat=a.target)
        return None if may_trade_with(s, a.target) else IllegalAction("trade_conscious_only", seat=a.target)

    def do_propose_trade(self, s: LifeboatState, seat: int, a: ProposeTrade) -> LifeboatState:
        return say(
            s,
            ev("proposes", who=who(s, seat), target=who(s, a.target)),
            phase="trade_offer",
            pending=build(Trade, partner=a.target),
            traded=(*s.traded, a.target),
        )

    def check_trade_card(self, s: LifeboatState, seat: int, a: TradeCard) -> IllegalAction | None:
        return None if a.card in s.hands[seat] else IllegalAction("trade_own_cards")

    def do_trade_card(self, s: LifeboatState, seat: int, a: TradeCard) -> LifeboatState:
        t: Trade = s.pending  # type: ignore[assignment]
        field = "give" if s.phase == "trade_offer" else "back"
        chosen: tuple[int, ...] = getattr(t, field)
        into = a.card not in chosen
        chosen = tuple(sorted((*chosen, a.card))) if into else without(chosen, a.card)
        return say(s, ev("trade_card", who=who(s, seat), into=into), pending=copy_with(t, {field: chosen}))

    def check_offer_trade(self, s: LifeboatState, seat: int, a: OfferTrade) -> IllegalAction | None:
        return None

    def do_offer_trade(self, s: LifeboatState, seat: int, a: OfferTrade) -> LifeboatState:
        t: Trade = s.pending  # type: ignore[assignment]
        secret = ((t.partner, {"offer": list(t.give)}),)
        e = ev("offers", secret=secret, who=who(s, seat), target=who(s, t.partner), cards=len(t.give))
        return say(s, e, phase="trade_answer", current=t.partner)

    def check_accept_trade(self, s: LifeboatState, seat: int, a: AcceptTrade) -> IllegalAction | None:
        if s.phase == "trade_offer":
            return IllegalAction("offer_first")
        return None

    def do_accept_trade(self, s: LifeboatState, seat: int, a: AcceptTrade) -> LifeboatState:
        t: Trade = s.pending  # type: ignore[assignment]
        if s.phase == "trade_answer":
            proposer: int = s.actor  # type: ignore[assignment]
            secret = ((proposer, {"back": list(t.back)}),)
            e = ev("answers", secret=secret, who=who(s, seat), cards=len(t.back))
            return say(s, e, phase="trade_confirm", current=proposer)
        proposer, partner, give, back = seat, t.partner, t.give, t.back
        hands = list(s.hands)
        hands[proposer] = tuple(sorted((*(c for c in hands[proposer] if c not in give), *back)))
        hands[partner] = tuple(sorted((*(c for c in hands[partner] if c not in back), *give)))
        secret = (
            (proposer, {"gave": list(give), "got": list(back)}),
            (partner, {"gave": list(back), "got": list(give)}),
        )
        e = ev("traded", secret=secret, who=who(s, proposer), target=who(s, partner), give=len(give), back=len(back))
        return say(s, e, hands=tuple(hands), phase="action", current=proposer, pending=None)

    def check_decline_trade(self, s: LifeboatState, seat: int, a: DeclineTrade) -> IllegalAction | None:
        return None

    def do_decline_trade(self, s: LifeboatState, seat: int, a: DeclineTrade) -> LifeboatState:
        return say(s, ev("calls_off", who=who(s, seat)), phase="action", current=s.actor, pending=None)
