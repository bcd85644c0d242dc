"""What each seat may see: its own hand, Love and Hate; of the others only counts and face-up cards; never
a deck's order. Open windows are offered the same way whatever anyone holds."""

from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.lifeboat.data import CARD_KEY, SUPPLY_TYPES
from boardgames_tui.engine.lifeboat.models import (
    AcceptTrade,
    Done,
    DoNothing,
    LifeboatOptions,
    LifeboatState,
    LifeboatView,
    Navigate,
    OfferTrade,
    ProposeTrade,
    RefuseDemand,
    Rob,
    Row,
    SwapSeats,
    TradeCard,
)
from boardgames_tui.engine.lifeboat.rules import RULES
from boardgames_tui.narration.lifeboat import card_name

from .helpers import NAMES, act, build, lines, nav, random_midgame, resample_hidden, told

LL, SS, CA, FM, FR, KI = range(6)
SECRET_FIELDS = {"love", "hate", "hands", "supply", "set_aside", "lost_cards", "nav_deck", "seed"}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(4, 6), seed=st.integers(0, 10**6), steps=st.integers(0, 200))
def test_view_does_not_depend_on_what_the_seat_cannot_know(players: int, seed: int, steps: int) -> None:
    state = random_midgame(players, seed, steps)
    if state.phase == "over":  # the results reveal every Love, Hate and treasure by design
        return
    rng = random.Random(seed)
    public = RULES.view(state, None)
    for seat in range(players):
        before = RULES.view(state, seat)
        for _ in range(2):
            other = resample_hidden(state, seat, rng)
            assert RULES.view(other, seat) == before
            assert RULES.view(other, None) == public
            assert RULES.legal_actions(other, seat) == RULES.legal_actions(state, seat)
            assert RULES.to_act(other) == RULES.to_act(state)


def test_resampling_changes_what_the_others_see() -> None:
    # guards the test above: the resampling really changes hidden things that other seats do see
    state = random_midgame(6, 3, 40)
    other = resample_hidden(state, 0, random.Random(5))
    assert other.hands != state.hands and other.nav_deck != state.nav_deck
    assert other.love != state.love or other.hate != state.hate
    assert RULES.view(other, 0) == RULES.view(state, 0)
    assert any(RULES.view(other, s) != RULES.view(state, s) for s in range(1, 6))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(4, 6), seed=st.integers(0, 10**6), steps=st.integers(0, 300))
def test_view_contents(players: int, seed: int, steps: int) -> None:
    state = random_midgame(players, seed, steps)
    public = RULES.view(state, None)
    assert public.seat is None and public.legal_actions == ()
    assert all(sv.hand is None and sv.love is None and sv.hate is None for sv in public.seats)
    assert public.draft is None and public.drawn is None and public.row_pile is None
    for seat in range(players):
        view = RULES.view(state, seat)
        dumped = view.model_dump()
        assert not SECRET_FIELDS & set(dumped), "no deck, hand or secret card fields at the top level"
        assert LifeboatView.model_validate_json(view.model_dump_json()) == view
        for sv in view.seats:
            assert sv.hand_size == len(state.hands[sv.seat])
            assert sv.face_up == state.face_up[sv.seat]
            if sv.seat == seat:
                assert sv.hand == state.hands[seat]
                assert sv.love is not None and sv.hate is not None
            else:
                assert sv.hand is None and sv.love is None and sv.hate is None
        assert view.legal_actions == (tuple(RULES.legal_actions(state, seat)) if seat in RULES.to_act(state) else ())
        assert view.navigation_size == len(state.nav_deck) and view.supply_size == len(state.supply)
        assert view.row_pile_size == len(state.row_pile) and view.boat == state.boat
        assert view.log == RULES.log_for(state, seat) and public.log == RULES.log_for(state, None)
        assert all(e.only in (None, seat) and not e.secret for e in view.log), "the public events and the seat's own"
        assert [e.kind for e in view.log if e.only is None] == [e.kind for e in public.log]
        assert [e.kind for e in view.log if e.only is not None] == ["love_and_hate"]
        assert (view.results is None) == (state.phase != "over")


def test_private_choices_are_seen_only_by_the_chooser() -> None:
    s = RULES.setup(NAMES, None, "private-choices")
    drafter = s.current
    assert RULES.view(s, drafter).draft == s.draft
    assert all(RULES.view(s, x).draft is None for x in range(6) if x != drafter)
    assert RULES.view(s, None).draft_size == 6
    # rowing: the drawn cards are the rower's alone
    s = act(build(), Row())
    assert RULES.view(s, LL).drawn == s.drawn and RULES.view(s, SS).drawn is None
    ids = [f"N{c + 1:02d}" for c in s.drawn]
    assert not any(i in told(s) for i in ids)
    assert all(i in lines(s, LL)[-1] for i in ids), "the rower's own note names them"
    assert not any(i in line for i in ids for line in lines(s, SS) + lines(s, None))
    assert lines(s, LL)[-1].startswith(lines(s, None)[-1] + " ("), "the public sentence, then the note"
    # the navigator alone sees the row pile while choosing
    s = act(act(build(row_pile=[nav("N03"), nav("N04")], actor=KI), DoNothing()), Navigate())
    assert RULES.view(s, KI).row_pile == (nav("N03"), nav("N04")) and RULES.view(s, FR).row_pile is None


def test_trade_visibility() -> None:
    s = build(hands={LL: ["water", "knife"], FM: ["jewels"]})
    s = act(act(s, ProposeTrade(target=FM)), TradeCard(card=s.hands[LL][0]))
    assert RULES.view(s, LL).trade.give == s.pending.give  # type: ignore[union-attr]
    assert RULES.view(s, FM).trade.give is None, "not before it is offered"  # type: ignore[union-attr]
    s = act(s, OfferTrade())
    assert RULES.view(s, FM).trade.give == s.pending.give  # type: ignore[union-attr]
    s = act(s, TradeCard(card=s.hands[FM][0]))
    assert RULES.view(s, LL).trade.back is None and RULES.view(s, FM).trade.back == s.pending.back  # type: ignore[union-attr]
    s = act(s, AcceptTrade())
    assert RULES.view(s, LL).trade.back == s.pending.back  # type: ignore[union-attr]
    for other in (SS, CA, None):
        t = RULES.view(s, other).trade
        assert t is not None and t.give is None and t.back is None and (t.give_count, t.back_count) == (1, 1)
    s = act(s, AcceptTrade())
    assert "Water" not in lines(s)[-1] and "Jewels" not in lines(s)[-1]
    assert "Water" in lines(s, LL)[-1] and "Jewels" in lines(s, FM)[-1] and "Water" not in lines(s, CA)[-1]


def test_the_public_log_never_names_a_hidden_card() -> None:
    """Draft picks, random robberies, trades, rowing and the navigator's pick stay private; only face-up
    cards (played, robbed face up, washed away, used) are ever named in public."""
    names = sorted({card_name(c) for c in range(len(CARD_KEY))}, key=len, reverse=True)
    pattern = re.compile("|".join(re.escape(n) for n in names))
    for seed in range(8):
        rng = random.Random(seed)
        s = RULES.setup(NAMES[: 4 + seed % 3], None, f"log-{seed}")
        known_public: set[str] = set()
        while RULES.to_act(s):
            a = rng.choice(RULES.legal_actions(s, s.current))
            s = RULES.apply(s, s.current, a)
            for line in told(s).split("; "):
                for m in pattern.findall(line):
                    assert re.search(r"face up|face-up|takes the|uses a|fires|opens|throws|water|chum", line), line
                    known_public.add(m)
        assert not re.search(r"\bN\d\d\b", " ".join(line for line in lines(s) if "rows" in line or "under" in line))


def window_trace(state: LifeboatState) -> list[tuple[int, str, tuple[str, ...]]]:
    """Everyone says done: who was offered what, as the table sees it."""
    out = []
    while state.phase in ("fight", "overboard", "thirst"):
        public = RULES.view(state, None)
        out.append((state.current, public.prompt, tuple(public.log)))
        state = act(state, Done())
    out.append((state.current, RULES.view(state, None).prompt, tuple(RULES.view(state, None).log)))
    return out


def test_windows_are_offered_alike_whether_or_not_anyone_holds_a_useful_card() -> None:
    useful = {"fight": ["gaffing_hook"], "overboard": ["life_preserver"], "thirst": ["water"]}
    useless = ["bundle_of_cash"]
    for holder in (LL, CA, FR):
        # a fight
        traces = []
        for hand in (useful["fight"], useless):
            s = build(hands={holder: hand, KI: ["jewels"]}, actor=SS)
            s = act(act(s, SwapSeats(target=FM)), RefuseDemand())
            traces.append(window_trace(s))
        assert traces[0] == traces[1]
        assert [who for who, _, _ in traces[0][:-1]] == [SS, CA, FM, FR, KI, LL]
        # overboard (N22: everyone) and thirst: a life preserver or water in hand changes nothing visible
        for kind in ("overboard", "thirst"):
            traces = []
            for hand in (useful[kind], useless):
                s = build(hands={holder: hand}, actor=KI, nav_deck=[nav("N22")])
                s = act(act(s, DoNothing()), Navigate())
                traces.append(window_trace(s))
            assert traces[0] == traces[1]
    # and the navigator is asked to navigate whether or not they hold a compass
    for hand in (["compass"], useless):
        s = act(build(hands={KI: hand}, actor=KI), DoNothing())
        assert s.phase == "navigate" and s.current == KI


def test_robbing_a_face_up_card_names_it_but_a_random_card_stays_private() -> None:
    s = build(hands={CA: ["jewels"]}, face_up={CA: ["knife"]}, wounds={CA: 7})
    s1 = act(s, Rob(target=CA, card=s.face_up[CA][0]))
    assert "Knife" in told(s1)
    s2 = act(s, Rob(target=CA))
    assert "Jewels" not in told(s2)
    assert "(You took Jewels.)" in " ".join(lines(s2, LL)) and "(You lost Jewels.)" in " ".join(lines(s2, CA))
    assert not any("Jewels" in line for x in (SS, None) for line in lines(s2, x))


def test_results_reveal_love_and_hate_only_at_the_end() -> None:
    s = build(love=["kid"] * 6, hate=["captain"] * 6)
    assert RULES.view(s, None).results is None
    over = s.model_copy(update={"phase": "over", "current": None})
    results = RULES.view(over, None).results
    assert results is not None and [r.love for r in results] == ["kid"] * 6
    assert [r.total for r in results] == list(RULES.outcome(over).scores)  # type: ignore[union-attr]
    assert SUPPLY_TYPES  # the UI reads card data from data.py


def test_view_rejects_unknown_seats_and_has_no_seed() -> None:
    s = build()
    for bad in (6, -1):
        try:
            RULES.view(s, bad)
        except ValueError:
            continue
        raise AssertionError(f"view({bad}) should be refused")
    assert "seed" not in RULES.view(s, 0).model_dump()
    assert RULES.view(s, 0).options == LifeboatOptions()
