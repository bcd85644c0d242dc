"""Random legal playouts with invariants checked after every action (DESIGN.md section 6.2)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.base import IllegalAction
from boardgames_tui.engine.splendor_duel.models import (
    Buy,
    ChooseRoyal,
    DiscardToken,
    Pass,
    PlaceJoker,
    Replenish,
    Reserve,
    SplendorDuelState,
    StealToken,
    TakeBoardToken,
    TakeTokens,
    UsePrivilege,
)
from boardgames_tui.engine.splendor_duel.rules import LINES, MAX_TOKENS, RULES

from .helpers import NAMES, check_conservation


def candidates(rng: random.Random) -> list:  # type: ignore[type-arg]
    """A pool of actions of every kind, most of them illegal in any given state."""
    out: list = [Replenish(), Pass()]  # type: ignore[type-arg]
    out += [TakeTokens.model_construct(cells=ln) for ln in rng.sample(LINES, 20)]
    out += [TakeTokens.model_construct(cells=(0, 12)), TakeTokens.model_construct(cells=(0, 1, 2, 3))]
    out += [UsePrivilege.model_construct(cell=c) for c in rng.sample(range(25), 5)]
    out += [Reserve.model_construct(gold_cell=rng.randrange(25), level=rng.randint(1, 3), card=rng.choice([None, rng.randint(1, 67)])) for _ in range(8)]
    out += [Buy.model_construct(card=rng.randint(1, 67), payment=tuple(rng.randint(0, 2) for _ in range(7))) for _ in range(8)]
    out += [PlaceJoker.model_construct(colour=c) for c in range(6)]
    out += [TakeBoardToken.model_construct(cell=c) for c in rng.sample(range(25), 4)]
    out += [StealToken.model_construct(colour=c) for c in range(7)]
    out += [ChooseRoyal.model_construct(royal=r) for r in range(0, 6)]
    out += [DiscardToken.model_construct(colour=c) for c in range(7)]
    return out


def check_invariants(state: SplendorDuelState) -> None:
    check_conservation(state)
    over = state.phase == "over"
    assert (RULES.to_act(state) == frozenset()) == over
    assert (RULES.outcome(state) is None) != over
    for seat, p in enumerate(state.seats):
        assert len(p.reserved) <= 3
        assert min(p.tokens) >= 0
        if seat != state.current or over:  # the active player may hold more until the end of the turn
            assert sum(p.tokens) <= MAX_TOKENS, "more than 10 tokens only during one's own turn"
        assert p.thresholds == len(p.royals)
        assert all(o.colour is not None or o.card in (30, 54, 67) or (state.phase == "joker" and seat == state.current) for o in p.cards)
    if over and state.winner is not None:
        p = state.seats[state.winner]
        assert p.points >= 20 or p.crowns >= 10 or max(p.colour_points) >= 10


def playout(seed: int, probe_every: int = 1, probe_sample: int | None = None) -> SplendorDuelState:
    rng = random.Random(seed)
    deal = str(seed)
    state = RULES.setup(NAMES, None, deal)
    history: list = []  # type: ignore[type-arg]
    check_invariants(state)
    pool = candidates(rng)
    for step in range(5_000):
        to_act = RULES.to_act(state)
        if not to_act:
            break
        assert len(to_act) == 1
        seat = next(iter(to_act))
        legal = tuple(RULES.legal_actions(state, seat))
        assert legal, "legal_actions must be non-empty while someone is to act"
        assert len(set(legal)) == len(legal)
        assert RULES.legal_actions(state, 1 - seat) == ()
        if step % probe_every == 0:
            snapshot = state.model_dump_json()
            probe = legal if probe_sample is None or len(legal) <= probe_sample else rng.sample(legal, probe_sample)
            for a in probe:  # every legal action applies (also as parsed JSON)
                RULES.apply(state, seat, RULES.parse_action(RULES.dump_action(a)))
            legal_set = set(legal)
            others = [a for a in pool if a not in legal_set]
            for a in rng.sample(others, 10):  # every other action raises and changes nothing
                with pytest.raises(IllegalAction):
                    RULES.apply(state, seat, a)
            with pytest.raises(IllegalAction) as refused:
                RULES.apply(state, 1 - seat, legal[0])
            assert refused.value.code == "not_your_turn"
            assert state.model_dump_json() == snapshot
            assert SplendorDuelState.model_validate_json(snapshot) == state  # save round trip
        action = RULES.parse_action(RULES.dump_action(rng.choice(legal)))
        state = RULES.apply(state, seat, action)
        history.append((seat, action))
        check_invariants(state)
    else:  # pragma: no cover
        pytest.fail("the game did not terminate")
    assert SplendorDuelState.model_validate_json(state.model_dump_json()) == state
    for seat in (None, 0, 1):
        RULES.view(state, seat)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, 0, Pass())
    assert refused.value.code == "game_over"
    replay = RULES.setup(NAMES, None, deal)  # replay determinism
    for seat, a in history:
        replay = RULES.apply(replay, seat, a)
    assert replay == state
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fully_probed_playouts(seed: int) -> None:
    playout(seed, probe_every=1)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_random_playouts(seed: int) -> None:
    playout(seed, probe_every=3, probe_sample=12)


def test_playouts_reach_the_interesting_cases() -> None:
    """Guards the playouts above: every kind of action and every way to win happens."""
    seen: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for seed in range(120):
        rng = random.Random(seed)
        state = RULES.setup(NAMES, None, f"cases-{seed}")
        while RULES.to_act(state):
            legal = RULES.legal_actions(state, state.current)
            a = rng.choice(legal)
            seen[a.kind] += 1
            if isinstance(a, Buy) and a.payment[6]:
                seen["gold payment"] += 1
            before = state.current
            state = RULES.apply(state, before, a)
            if state.current == before and state.phase == "start" and a.kind != "use_privilege":
                seen["extra turn"] += 1
        for r in state.win_reasons:
            wins[r.kind] += 1
    for kind in ("take_tokens", "reserve", "buy", "use_privilege", "replenish", "place_joker",
                 "take_board_token", "steal_token", "choose_royal", "discard", "gold payment", "extra turn"):
        assert seen[kind], kind
    assert wins["points"] and wins["crowns"] and wins["colour"]
