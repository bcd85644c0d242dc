"""What each seat may see: never its own numbers, the set-aside cards or the cards of finished tricks."""

from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.luz.models import Bid, LuzOptions, LuzState, LuzView
from boardgames_tui.engine.luz.rules import RULES, totals

from .helpers import NAMES, act, build, read_back, resample_own_numbers, summary

OPTIONS = st.builds(LuzOptions, sort_direction=st.sampled_from(["random", "high on the right", "high on the left"]))
LABEL = re.compile(r"\b[RYGBP]\d+\b")


def random_midgame(options: LuzOptions, players: int, seed: int, steps: int) -> LuzState:
    rng = random.Random(seed)
    state = RULES.setup(NAMES[:players], options, f"view-{seed}")
    for _ in range(steps):
        if not RULES.to_act(state):
            break
        state = RULES.apply(state, state.current, rng.choice(tuple(RULES.legal_actions(state, state.current))))
    return state


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, players=st.integers(3, 5), seed=st.integers(0, 10**6), steps=st.integers(0, 230))
def test_view_does_not_depend_on_own_numbers_or_the_set_aside_cards(
    options: LuzOptions, players: int, seed: int, steps: int
) -> None:
    state = random_midgame(options, players, seed, steps)
    rng = random.Random(seed)
    public = RULES.view(state, None)
    for seat in range(players):
        before = RULES.view(state, seat)
        for _ in range(3):
            other = resample_own_numbers(state, seat, rng)
            assert [c.colour for c in other.hands[seat]] == [c.colour for c in state.hands[seat]]
            assert RULES.view(other, seat) == before
            assert RULES.view(other, None) == public
            assert RULES.legal_actions(other, seat) == RULES.legal_actions(state, seat)


def test_resampling_is_visible_to_the_other_seats() -> None:
    # guards the no-leak test above: the same resampling does change the state and what the others see
    state = RULES.setup(NAMES[:3], LuzOptions(), "2024")
    other = resample_own_numbers(state, 0, random.Random(1))
    assert other.hands[0] != state.hands[0] and other.set_aside != state.set_aside
    assert RULES.view(other, 0) == RULES.view(state, 0)
    assert RULES.view(other, 1) != RULES.view(state, 1)
    assert RULES.view(other, 2) != RULES.view(state, 2)


def test_resampling_keeps_the_sort_direction() -> None:
    for side in ("left", "right"):
        options = LuzOptions(sort_direction="high on the right" if side == "right" else "high on the left")
        state = RULES.setup(NAMES[:4], options, "dir")
        for seat in range(4):
            other = resample_own_numbers(state, seat, random.Random(seat))
            numbers = [c.number for c in other.hands[seat]]
            colours = [c.colour for c in other.hands[seat]]
            for i in range(len(numbers) - 1):
                if colours[i] == colours[i + 1]:
                    assert (numbers[i] < numbers[i + 1]) == (side == "right")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, players=st.integers(3, 5), seed=st.integers(0, 10**6), steps=st.integers(0, 230))
def test_public_view_shows_no_numbers_and_others_are_visible(
    options: LuzOptions, players: int, seed: int, steps: int
) -> None:
    state = random_midgame(options, players, seed, steps)
    public = RULES.view(state, None)
    assert public.seat is None and public.legal_actions == ()
    for hv, hand, side in zip(public.hands, state.hands, state.high_sides):
        assert hv.numbers is None
        assert hv.colours == tuple(c.colour for c in hand) and hv.high_side == side
    for seat in range(players):
        view = RULES.view(state, seat)
        assert LuzView.model_validate_json(view.model_dump_json()) == view
        for hv in view.hands:
            hand = state.hands[hv.seat]
            assert hv.colours == tuple(c.colour for c in hand)
            if hv.seat == seat:
                assert hv.numbers is None
            else:
                assert hv.numbers == tuple(c.number for c in hand)
        if seat in RULES.to_act(state):
            assert view.legal_actions == tuple(RULES.legal_actions(state, seat))
        else:
            assert view.legal_actions == ()
        assert view.trick == state.trick
        assert view.led_colour == (state.trick[0].card.colour if state.trick else None)
        # Won tricks are face down: the log read back keeps who won them, not the cards (issue 11).
        assert view.log == RULES.log_for(state, seat)
        assert [e.kind for e in view.log] == [
            {"trick_complete": "trick_won"}.get(e.kind, e.kind) for e in state.log if e.kind not in ("lead", "play")
        ]
        assert [s.total for s in view.status] == list(totals(state))
        assert [s.bid for s in view.status] == list(state.bids)
        assert [s.tricks for s in view.status] == list(state.tricks_won)
        assert view.results == state.results


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 5), seed=st.integers(0, 10**6))
def test_the_log_never_names_a_card(players: int, seed: int) -> None:
    """Won tricks are hidden: once a trick is finished its cards appear only in the one-off summary."""
    rng = random.Random(seed)
    state = RULES.setup(NAMES[:players], LuzOptions(), str(seed))
    finished = 0
    while RULES.to_act(state):
        trick_before = state.trick
        state = RULES.apply(state, state.current, rng.choice(tuple(RULES.legal_actions(state, state.current))))
        told = summary(state)
        if told.startswith("Trick "):
            finished += 1
            for p in trick_before:
                assert p.card.label in told
        for seat in (None, *range(players)):
            assert not any(LABEL.search(line) for line in read_back(state, seat))
    assert finished == 40


def test_bids_appear_in_the_status_only_once_made() -> None:
    state = RULES.setup(NAMES[:3], LuzOptions(), "status")
    first = state.current
    assert all(s.bid is None and not s.bead for s in RULES.view(state, None).status)
    state = act(state, Bid(tricks=4, bead=True))
    status = RULES.view(state, (first + 1) % 3).status
    assert status[first].bid == 4 and status[first].bead
    assert status[(first + 1) % 3].bid is None


def test_view_fields() -> None:
    state = build([["R1", "G3"], ["Y5", "R9"], ["G1", "G2"]], trick=[(0, "R4")], leader=0, trick_number=9,
                  high_sides=("left", "right", "left"), options=LuzOptions(sort_direction="high on the left"))
    view = RULES.view(state, 1)
    assert not hasattr(view, "deal_number") and view.highest_number == 8 and view.round == 1
    assert view.phase == "play" and view.trick_number == 9 and view.current == 1 and view.leader == 0
    assert view.led_colour == "R"
    assert view.hands[1].numbers is None and view.hands[1].colours == ("Y", "R")
    assert view.hands[0].numbers == (1, 3) and view.hands[2].numbers == (1, 2)
    assert [h.high_side for h in view.hands] == ["left", "right", "left"]
    assert [h.name for h in view.hands] == ["Ana", "Ben", "Cy"]
    assert view.legal_actions == tuple(RULES.legal_actions(state, 1)) and len(view.legal_actions) == 1
    assert RULES.view(state, 0).legal_actions == ()
    for bad in (3, -1):
        try:
            RULES.view(state, bad)
        except ValueError:
            continue
        raise AssertionError(f"view({bad}) should be refused")


def test_the_views_refusals_are_the_engines_for_every_card_and_a_bid() -> None:
    """The seat to act reads the engine's own reason for each card it may not play and for a bid out of turn;
    a card it may play, and everyone not to act, read nothing."""
    from boardgames_tui.engine.base import IllegalAction
    from boardgames_tui.engine.luz.models import PlayCard

    codes: set[str] = set()
    for players, seed in ((3, 1), (5, 2)):
        rng = random.Random(seed)
        state = RULES.setup(NAMES[:players], LuzOptions(), f"refusals-{seed}")
        for _step in range(120):
            if not RULES.to_act(state):
                break
            seat = state.current
            view = RULES.view(state, seat)
            got = {(r.kind, r.target): IllegalAction(r.code, **r.params) for r in view.refusals}
            tries = {("bid", None): Bid(tricks=0, bead=False)} if state.phase == "play" else {("play", None): PlayCard(position=0)}
            if state.phase == "play":
                tries |= {("play", p): PlayCard(position=p) for p in range(len(state.hands[seat]))}
            for key, action in tries.items():
                assert got.get(key) == RULES.refusal(state, seat, action), (state.phase, key)
            assert set(got) <= set(tries)
            codes |= {r.code for r in view.refusals}
            assert all(RULES.view(state, other).refusals == () for other in range(players) if other != seat)
            state = RULES.apply(state, seat, rng.choice(tuple(RULES.legal_actions(state, seat))))
    assert codes == {"bid_first", "bidding_over", "must_follow"}
