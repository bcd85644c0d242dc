"""Random legal playouts for every player count and sort option, with invariants checked after every
action (DESIGN.md section 6.2)."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.luz.models import Bid, LuzCard, LuzOptions, LuzState, PlayCard
from boardgames_tui.engine.luz.rules import RULES, deck_for, round_points, totals

from .. import contract
from .helpers import NAMES, summary

DIRECTIONS = ("random", "high on the right", "high on the left")
CANDIDATES: list = [Bid.model_construct(tricks=t, bead=b) for t in range(-1, 12) for b in (False, True)] + [  # type: ignore[type-arg]
    PlayCard.model_construct(position=p) for p in range(-1, 12)
]


@cache
def deck_counts(players: int) -> Counter[LuzCard]:
    return Counter(deck_for(players))


def check_invariants(state: LuzState, played: list[LuzCard], actions_applied: int) -> None:
    n = len(state.players)
    # cards conserved: hands + set aside + the trick on the table + the finished tricks of this round = deck
    on_table = [p.card for p in state.trick]
    cards = [c for h in state.hands for c in h] + list(state.set_aside) + on_table + played
    assert Counter(cards) == deck_counts(n), "cards must be conserved"
    assert len(state.set_aside) == 10
    over = state.phase == "over"
    assert (RULES.to_act(state) == frozenset()) == over
    assert (RULES.outcome(state) is None) != over
    # the score sheet
    assert len(state.results) == (4 if over else state.round - 1)
    for r, row in enumerate(state.results, start=1):
        assert len(row) == n
        assert sum(res.tricks for res in row) == 10, "exactly 10 tricks per round"
        for res in row:
            assert res.points == round_points(r, res.bid, res.bead, res.tricks)
    assert 1 <= state.round <= 4
    if over:
        assert all(h == () for h in state.hands) and state.trick == ()
        assert sum(state.tricks_won) == 10 and len(played) == 10 * n
        return
    assert 1 <= state.trick_number <= 10
    assert len(state.trick) < n
    assert sum(state.tricks_won) == state.trick_number - 1
    assert len(played) == n * (state.trick_number - 1)
    in_trick = {p.seat for p in state.trick}
    for seat, hand in enumerate(state.hands):
        assert len(hand) == 10 - (state.trick_number - 1) - (seat in in_trick)
    if state.phase == "bid":
        assert state.trick_number == 1 and state.trick == ()
        made = sum(b is not None for b in state.bids)
        assert state.current == (state.first + made) % n
    else:
        assert None not in state.bids
        assert state.current == (state.leader + len(state.trick)) % n
        if state.trick:
            assert state.trick[0].seat == state.leader
    assert state.first == state.marker or (n == 3 and state.round == 4)
    assert state.marker == (state.dealer + 1) % n
    assert len(state.log) <= actions_applied + 4 * (n + 2) + 1


def choose(state: LuzState, legal: tuple, rng: random.Random):  # type: ignore[no-untyped-def]
    if state.phase == "bid" and rng.random() < 0.7:
        low = [a for a in legal if a.tricks <= 4]
        return rng.choice(low)
    return rng.choice(legal)


def playout(options: LuzOptions, players: int, seed: int, probe_every: int = 1) -> LuzState:
    rng = random.Random(seed)
    deal = str(seed)
    state = contract.deterministic_setup(RULES, NAMES[:players], options, deal)
    history: list = []  # type: ignore[type-arg]
    played: list[LuzCard] = []
    rounds_seen = {1}
    check_invariants(state, played, 0)
    for step, seat, legal in contract.turns(RULES, lambda: state, 10_000):
        if step % probe_every == 0:
            unlisted = contract.sample_unlisted(CANDIDATES, legal, rng, 10)
            contract.probe(RULES, state, seat, legal, unlisted)
            for action in unlisted:  # legal_actions lists exactly what the checks allow
                assert RULES.refusal(state, seat, action) is not None
            for action in legal:
                assert RULES.refusal(state, seat, action) is None
        action = RULES.parse_action(RULES.dump_action(choose(state, legal, rng)))
        before = state
        state = RULES.apply(state, seat, action)
        history.append(action)
        if isinstance(action, PlayCard):
            card = before.hands[seat][action.position]
            if len(before.trick) + 1 == players:  # the trick is complete: its cards leave the table
                played.extend(p.card for p in before.trick)
                played.append(card)
                assert card.label in summary(state)
            else:
                assert state.trick[-1].card == card
        if state.round != before.round:
            rounds_seen.add(state.round)
            assert state.round == before.round + 1
            assert len(played) == 10 * players
            played = []
        check_invariants(state, played, len(history))
    assert rounds_seen == {1, 2, 3, 4}
    assert len(history) == 4 * (players + 10 * players)
    out = RULES.outcome(state)
    assert out is not None and not out.cooperative
    assert out.scores == totals(state)
    assert sorted(s for (s,) in out.ranking) == list(range(players))
    assert out.winners == out.ranking[0] and out.scores[out.winners[0]] == max(out.scores)
    ranked = [out.scores[s] for (s,) in out.ranking]
    assert ranked == sorted(ranked, reverse=True)
    contract.finished(RULES, state)
    for action in CANDIDATES[:10]:
        assert RULES.refusal(state, 0, action).code == "game_over"  # type: ignore[union-attr]
    contract.refused(RULES, state, 0, CANDIDATES[:10])
    contract.replays(RULES, NAMES[:players], options, deal, history, state)
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("direction", DIRECTIONS)
def test_every_player_count_and_sort_option(players: int, direction: str) -> None:
    """A deterministic sweep: one fully probed game per player count and sort option."""
    playout(LuzOptions(sort_direction=direction), players, seed=players * 100 + DIRECTIONS.index(direction))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    direction=st.sampled_from(DIRECTIONS),
    players=st.integers(3, 5),
    seed=st.integers(0, 2**32),
)
def test_random_playouts(direction: str, players: int, seed: int) -> None:
    playout(LuzOptions(sort_direction=direction), players, seed, probe_every=2)


def test_playouts_reach_the_interesting_cases() -> None:
    """Guards the playouts above: trumps, follow restrictions, successes with and without the bead happen."""
    trumped = restricted = success_bead = success_plain = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = RULES.setup(NAMES[:4], LuzOptions(), f"cases-{seed}")
        while RULES.to_act(state):
            legal = tuple(RULES.legal_actions(state, state.current))
            if state.phase == "play" and len(legal) < len(state.hands[state.current]):
                restricted += 1
            state = RULES.apply(state, state.current, choose(state, legal, rng))
            trumped += bool(state.log[-1].args.get("trumped"))
        for row in state.results:
            success_bead += sum(1 for r in row if r.bead and r.points > 0)
            success_plain += sum(1 for r in row if not r.bead and r.points > 0)
    assert trumped and restricted and success_bead and success_plain
