"""Random legal playouts for 4, 5 and 6 players and every option, with the invariants of DESIGN.md
section 6.2 checked after every action: every card accounted for, one seat to act, legal_actions and
apply agree, saves round-trip, replays are deterministic, and the game ends."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.lifeboat.data import NAVIGATION_COUNT, SEAGULLS_TO_END, SIZE, SUPPLY_COUNT
from boardgames_tui.engine.lifeboat.models import (
    AcceptDemand,
    AcceptTrade,
    DeclineTrade,
    Done,
    DoNothing,
    FireFlareGun,
    GiveWater,
    JoinFight,
    LifeboatOptions,
    LifeboatState,
    OpenWindow,
    Navigate,
    OfferTrade,
    OpenParasol,
    PickNavigation,
    PlaceRowed,
    PlayCard,
    ProposeTrade,
    RefuseDemand,
    Rob,
    Row,
    SwapSeats,
    TakeSupply,
    ThrowLifePreserver,
    TradeCard,
    UseChum,
    UseMedicalKit,
)
from boardgames_tui.engine.lifeboat.rules import RULES, cards_in_play, score_lines

from .. import contract
from .helpers import NAMES, told

OPTIONS = [
    LifeboatOptions(),
    LifeboatOptions(rowing="variant", disputed_cards="alternative"),
    LifeboatOptions(trading=False),
]


def candidates() -> list:  # type: ignore[type-arg]
    """Actions of every kind with all sorts of fields; most are illegal in any given state."""
    out: list = [DoNothing(), Row(), OpenParasol(), FireFlareGun(), OfferTrade(), AcceptTrade(), DeclineTrade(),  # type: ignore[type-arg]
                 AcceptDemand(), RefuseDemand(), Done(), Navigate(), Navigate(compass=True), UseChum(),
                 JoinFight(side="attacker"), JoinFight(side="defender")]
    for t in range(-1, 7):
        out += [SwapSeats(target=t), Rob(target=t), UseMedicalKit(target=t), ProposeTrade(target=t),
                ThrowLifePreserver(target=t), GiveWater(target=t)]
        out += [Rob(target=t, card=c) for c in (0, 16, 36, 39, 41)]
    for c in (-1, 0, 1, 15, 16, 22, 28, 31, 36, 37, 39, 40, 41, 42):
        out += [TakeSupply(card=c), PlayCard(card=c), TradeCard(card=c)]
    out += [PickNavigation(card=c) for c in (-1, 0, 5, 23, 24)]
    out += [PlaceRowed(to_pile=p) for p in ((), (True,), (False, True), (True, True, True), (False,) * 4)]
    return out


CANDIDATES = candidates()


def check_invariants(s: LifeboatState, before: LifeboatState | None) -> None:
    n = len(s.players)
    # every card accounted for, once
    assert Counter(cards_in_play(s)) == Counter(range(SUPPLY_COUNT)), "supply cards conserved"
    navs = [*s.nav_deck, *s.row_pile, *s.drawn] + ([s.nav_card] if s.nav_card is not None else [])
    assert Counter(navs) == Counter(range(NAVIGATION_COUNT)), "navigation cards conserved"
    assert len(set(s.boat)) == len(s.boat) and set(s.boat) <= set(range(n))
    for x in range(n):
        assert s.wounds[x] >= 0
        assert list(s.hands[x]) == sorted(s.hands[x])
        if x not in s.boat:
            assert s.hands[x] == () and s.face_up[x] == ()
    assert 0 <= s.seagulls <= SEAGULLS_TO_END
    over = s.phase == "over"
    assert over == (s.seagulls >= SEAGULLS_TO_END)
    assert (RULES.to_act(s) == frozenset()) == over
    assert (RULES.outcome(s) is None) != over
    if s.parasol_open:
        assert any(41 in s.face_up[x] for x in s.boat), "an open parasol lies face up"
    if before is not None:
        assert len(s.log) > len(before.log), "every action leaves a public log line"
        assert (RULES.last_public_event(s) is None) == over, "the handoff's summary; at the end the headline says it all"
        assert s.since == len(before.log), "the latest action's events start where the log ended"
        assert s.round >= before.round
    if over:
        assert s.current is None and s.pending is None
        return
    cur = s.current
    assert cur in s.boat and s.wounds[cur] < SIZE[s.characters[cur]], "only the conscious decide"
    forced = RULES.public_forced_action(s)
    if forced is not None:  # played without asking: the seat's one legal action, with a hand everyone sees empty
        assert forced[0] == cur and s.hands[cur] == () and tuple(RULES.legal_actions(s, cur)) == (forced[1],)
    if s.phase in ("fight", "overboard", "thirst"):
        w = s.pending
        assert isinstance(w, OpenWindow) and w.window[w.pos] == cur
        assert 0 <= w.passes < len(w.window)
    if s.phase == "fight":
        assert not set(s.attackers) & set(s.defenders) and s.actor == s.attackers[0]
    if s.phase == "draft":
        assert len(s.draft) == len(s.drafters) >= 2 and s.drafters[0] == cur
    if s.phase == "row":
        assert cur == s.actor and 1 <= len(s.drawn) <= 3
    if s.phase in ("action", "respond", "trade_offer", "trade_confirm"):
        assert s.actor in s.order
    if s.phase == "pick":
        assert len(s.row_pile) >= 2
    if s.phase == "thirst":
        assert any(s.thirst)


def playout(players: int, options: LifeboatOptions, seed: int, probe_every: int = 1) -> LifeboatState:
    rng = random.Random(seed)
    deal = f"playout-{seed}"
    names = NAMES[:players]
    state = contract.deterministic_setup(RULES, names, options, deal)
    check_invariants(state, None)
    history: list = []  # type: ignore[type-arg]
    for step, seat, legal in contract.turns(RULES, lambda: state, 20_000):
        if step % probe_every == 0:
            tried = contract.sample_unlisted(CANDIDATES, legal, rng, 12)
            contract.probe(RULES, state, seat, legal, tried, wrong_seat_match="not_your_turn")
        action = RULES.parse_action(RULES.dump_action(rng.choice(legal)))
        before = state
        state = RULES.apply(state, seat, action)
        history.append(action)
        check_invariants(state, before)
    out = RULES.outcome(state)
    assert out is not None and out.scores == tuple(line.total for line in score_lines(state))
    assert out.winners == out.ranking[0] and all(out.scores[w] == max(out.scores) for w in out.winners)
    assert sorted(x for group in out.ranking for x in group) == list(range(players))
    views = contract.finished(RULES, state)
    assert all(v.results is not None and len(v.results) == players for v in views)
    contract.refused(RULES, state, 0, CANDIDATES[:8], match="game_over")
    contract.replays(RULES, names, options, deal, history, state)
    return state


@pytest.mark.parametrize("players", [4, 5, 6])
@pytest.mark.parametrize("option", range(len(OPTIONS)))
def test_fully_probed_playouts(players: int, option: int) -> None:
    playout(players, OPTIONS[option], seed=players * 10 + option, probe_every=1 if option == 0 else 3)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(4, 6), option=st.integers(0, len(OPTIONS) - 1), seed=st.integers(0, 2**32))
def test_random_playouts(players: int, option: int, seed: int) -> None:
    playout(players, OPTIONS[option], seed, probe_every=5)


def test_playouts_reach_the_interesting_cases() -> None:
    """Guards the playouts above: every kind of action and the rarer events happen."""
    seen: Counter[str] = Counter()
    for seed in range(40):
        rng = random.Random(seed)
        players = 4 + seed % 3
        state = RULES.setup(NAMES[:players], OPTIONS[seed % 2], f"cases-{seed}")
        while RULES.to_act(state):
            legal = RULES.legal_actions(state, state.current)
            a = rng.choice(legal)
            seen[a.kind] += 1
            before = state
            state = RULES.apply(state, state.current, a)
            text = told(state)
            for needle in ("lost at sea", "is dead", "is unconscious", "conscious again", "the attackers win",
                           "the defenders win", "pickpocket", "cannot refuse", "spares one thirst",
                           "life preserver spares", "sharks", "uses the compass", "crossed-out seagull",
                           "trade:", "with an oar", "nobody is conscious"):
                seen[needle] += needle in text
            if before.phase == "pick" and state.phase != "pick":
                seen["picked"] += 1
            forced = RULES.public_forced_action(state)
            if forced is not None:
                seen[f"forced {state.phase}"] += 1
        seen["rounds"] = max(seen["rounds"], state.round)
    kinds = ("take_supply", "play_card", "do_nothing", "row", "place_rowed", "swap_seats", "rob",
             "use_medical_kit", "open_parasol", "fire_flare_gun", "propose_trade", "trade_card",
             "offer_trade", "accept_trade", "decline_trade", "accept_demand", "refuse_demand", "join_fight",
             "done", "navigate", "pick_navigation", "throw_life_preserver", "use_chum", "give_water")
    missing = [k for k in kinds if not seen[k]]
    assert not missing, missing
    rare = [k for k in ("lost at sea", "is dead", "is unconscious", "conscious again", "the attackers win",
                        "the defenders win", "pickpocket", "cannot refuse", "spares one thirst",
                        "life preserver spares", "sharks", "uses the compass", "crossed-out seagull", "trade:",
                        "with an oar", "picked", "forced fight", "forced navigate", "forced overboard",
                        "forced thirst") if not seen[k]]
    assert not rare, rare
