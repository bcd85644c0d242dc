"""Golden transcript: a fixed deal, a simple policy that only reads its own View, and every seat's view
rendered as text after every action, compared with a stored snapshot.

Regenerate after an intended change with:  UPDATE_GOLDEN=1 pytest tests/engine/lifeboat/test_transcript.py
"""

from __future__ import annotations

from pathlib import Path

from boardgames_tui.engine.lifeboat.data import CARD_EFFECT, CARD_KEY, navigation_cards
from boardgames_tui.engine.lifeboat.models import (
    AcceptDemand,
    AcceptTrade,
    Done,
    DoNothing,
    GiveWater,
    JoinFight,
    LifeboatAction,
    LifeboatOptions,
    LifeboatView,
    Navigate,
    OfferTrade,
    PlaceRowed,
    PlayCard,
    RefuseDemand,
    Row,
    TradeCard,
)
from boardgames_tui.engine.lifeboat.rules import RULES
from boardgames_tui.narration.lifeboat import LifeboatNarrator

from ..golden import golden_tests
from ..golden import transcript as play_transcript

GOLDEN = Path(__file__).parent / "golden"
SHORT = {"lady_lauren": "LL", "sir_stephen": "SS", "captain": "CA", "first_mate": "FM", "frenchy": "FR", "kid": "KI"}


def policy(view: LifeboatView) -> LifeboatAction:
    """Keep water first; put weapons face up; row in odd rounds, rob the seat behind in even ones (trading
    a card to it in round 2); refuse when at least as big as the attacker; defenders' neighbours join;
    water for oneself; the life preserver to the first one in the water; the first card otherwise."""
    legal = view.legal_actions
    assert legal and view.seat is not None
    me = view.seats[view.seat]
    kinds = {a.kind: a for a in reversed(legal)}  # the first of each kind
    phase = view.phase
    if phase == "draft":
        takes = [a for a in legal if a.kind == "take_supply"]
        water = [a for a in takes if CARD_KEY[a.card] == "water"]  # type: ignore[union-attr]
        return (water or takes)[0]
    weapons = [a for a in legal if isinstance(a, PlayCard) and CARD_EFFECT[a.card] in ("weapon", "oar")]
    if weapons and phase in ("action", "fight"):
        return weapons[0]
    if phase == "action":
        behind = view.boat[(view.boat.index(view.seat) + 1) % len(view.boat)]
        if view.round == 2 and me.hand and "propose_trade" in kinds:
            target = [a for a in legal if a.kind == "propose_trade" and a.target == behind]  # type: ignore[union-attr]
            if target:
                return target[0]
        if view.round % 2 == 0:
            robs = [a for a in legal if a.kind == "rob" and a.target == behind]  # type: ignore[union-attr]
            if robs:
                return robs[-1]
        if view.round % 2 == 1 and "row" in kinds:
            return Row()
        return DoNothing()
    if phase == "trade_offer":
        if view.trade is not None and not view.trade.give and me.hand:
            return TradeCard(card=me.hand[0])
        return OfferTrade()
    if phase in ("trade_answer", "trade_confirm"):
        return AcceptTrade()
    if phase == "row":
        k = len(view.drawn or ())
        return PlaceRowed(to_pile=(True,) + (False,) * (k - 1))
    if phase == "respond":
        assert view.demand is not None
        attacker = view.seats[view.demand.attacker]
        return RefuseDemand() if me.size >= attacker.size else AcceptDemand()
    if phase == "fight":
        assert view.fight is not None
        if "join_fight" in kinds and view.seat % 2 == view.fight.defender % 2:
            return JoinFight(side="defender")
        return Done()
    if phase == "navigate":
        return Navigate(compass=True) if Navigate(compass=True) in legal else Navigate()
    if phase == "thirst":
        mine = GiveWater(target=view.seat)
        return mine if mine in legal else Done()
    if phase == "overboard":
        return kinds.get("throw_life_preserver", Done())
    return legal[0]


def short(view: LifeboatView, a: LifeboatAction) -> str:
    fields = a.model_dump(exclude={"kind"})
    return a.kind + ("(" + ",".join(f"{v}" for v in fields.values()) + ")" if fields else "")


def cards(ids: tuple[int, ...] | None) -> str:
    return "-" if ids is None else "[" + " ".join(CARD_KEY[c] for c in ids) + "]"


_newest: list[str] = [""]  # the newest public log line, as the public view (rendered first) reads it


def render(view: LifeboatView) -> list[str]:
    narrator = LifeboatNarrator(view.players)
    if view.seat is None:
        _newest[0] = narrator.event(view.log[-1]) if view.log else ""
        nav = navigation_cards(view.options.disputed_cards)
        table = " ".join(
            f"{sv.player}:{SHORT[sv.character]}"
            f"{'' if sv.position is None else sv.position}/w{sv.wounds}/{sv.status[0]}/h{sv.hand_size}"
            + (f"/up{cards(sv.face_up)}" if sv.face_up else "")
            + ("R" if sv.rowed else "")
            + ("F" if sv.fought else "")
            + (f"/t{sv.thirst}" if sv.thirst else "")
            for sv in view.seats
        )
        lines = [
            f"  [public] round {view.round} {view.phase} current {view.current} actor {view.actor}"
            f" navigator {view.navigator} gulls {view.seagulls} supply {view.supply_size} nav {view.navigation_size}"
            f" pile {view.row_pile_size} discard {len(view.discard)} lost {view.lost_count}"
            + (f" card {nav[view.navigation_card].id}" if view.navigation_card is not None else ""),
            f"    {table}",
            f"    prompt: {narrator.say(view.prompt)}",
        ]
        if view.fight:
            lines.append(f"    fight {view.fight.attackers} {view.fight.attack_total} v {view.fight.defenders} {view.fight.defend_total}")
        if view.results:
            for r in view.results:
                lines.append(
                    f"    result {r.player} {r.character} love {r.love} hate {r.hate} {r.status}:"
                    f" {r.survival}+{r.treasure}+{r.love_points}+{r.hate_points}={r.total}"
                )
        return lines
    me = view.seats[view.seat]
    extra = ""
    if view.draft is not None:
        extra += f" draft {cards(view.draft)}"
    if view.drawn is not None:
        extra += f" drawn {view.drawn}"
    if view.row_pile is not None:
        extra += f" row pile {view.row_pile}"
    if view.trade is not None:
        extra += f" trade give {cards(view.trade.give)} back {cards(view.trade.back)}"
    lines = [f"  [{view.seat} {me.player}] hand {cards(me.hand)} love {me.love} hate {me.hate}{extra}"]
    mine = narrator.event(view.log[-1]) if view.log else ""
    if mine != _newest[0]:  # the seat's own note on the newest line: its own cards, said after the public text
        assert mine.startswith(_newest[0] + " ")
        lines.append(f"    private: {mine[len(_newest[0]) + 1 :]}")
    if view.legal_actions:
        lines.append("    legal: " + " ".join(short(view, a) for a in view.legal_actions))
    return lines


def transcript(players: tuple[str, ...], options: LifeboatOptions, seed: str) -> str:
    return play_transcript(RULES, players, options, seed, policy=policy, render=render, max_steps=2000, scores=True)


CASES = {
    "standard_4p": (("Ana", "Ben", "Cy", "Dee"), LifeboatOptions(), "8128"),
    "variant_6p": (("Ana", "Ben", "Cy", "Dee", "Eve", "Fay"), LifeboatOptions(rowing="variant"), "23"),
}

test_golden_transcript, test_transcript_is_deterministic = golden_tests(transcript, CASES, GOLDEN)


def test_the_transcripts_show_the_interesting_parts() -> None:
    text = "\n".join(transcript(*CASES[name]) for name in sorted(CASES))
    for needle in ("refuses: a fight", "joins the defenders", "trade:", "puts 1 card on the row pile",
                   "falls in", "is thirsty", "drinks a water", "A seagull appears", "== RESULT"):
        assert needle in text, needle
