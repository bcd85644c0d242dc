"""What each seat may see: its own rack, the table and public counts; never another rack or the pool."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.rummikub.models import (
    MoveTiles,
    RummikubOptions,
    RummikubState,
    RummikubView,
)
from boardgames_tui.engine.rummikub.rules import RULES
from boardgames_tui.engine.rummikub.tiles import TILES

from .helpers import NAMES, act, build, ids, resample_hidden, tile_id
from .policies import BiasedRandomPolicy, MeldingPolicy

OPTIONS = st.builds(
    RummikubOptions,
    initial_meld=st.sampled_from([30, 50]),
    joker_sets=st.sampled_from(["locked", "free"]),
    turn_timer=st.sampled_from(["off", "60 s"]),
)


def midgame(options: RummikubOptions, players: int, seed: int, steps: int) -> RummikubState:
    """A game after `steps` actions, mostly by the melding policy, sometimes random (mid-turn states too)."""
    rng = random.Random(seed)
    melding, randomly = MeldingPolicy(), BiasedRandomPolicy(rng)
    state = RULES.setup(NAMES[:players], options, f"view-{seed}")
    for _ in range(steps):
        if not RULES.to_act(state):
            break
        seat = state.current
        if rng.random() < 0.7:
            action = melding(RULES.view(state, seat))
        else:
            action = randomly(RULES.legal_actions(state, seat))
        state = RULES.apply(state, seat, action)
    return state


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, players=st.integers(2, 4), seed=st.integers(0, 10**6), steps=st.integers(0, 250))
def test_a_view_does_not_depend_on_other_racks_or_the_pool(
    options: RummikubOptions, players: int, seed: int, steps: int
) -> None:
    state = midgame(options, players, seed, steps)
    rng = random.Random(seed)
    for seat in (None, *range(players)):
        before = RULES.view(state, seat)
        for _ in range(2):
            other = resample_hidden(state, seat, rng)
            assert RULES.view(other, seat) == before
            if seat is not None:
                assert RULES.legal_actions(other, seat) == RULES.legal_actions(state, seat)


def test_resampling_is_visible_to_the_others() -> None:
    # guards the no-leak test: the same resampling changes the state and what the others see
    state = RULES.setup(NAMES[:3], RummikubOptions(), "leak")
    other = resample_hidden(state, 0, random.Random(1))
    assert other.racks[0] == state.racks[0]
    assert other.racks[1] != state.racks[1] and other.pool != state.pool
    assert RULES.view(other, 0) == RULES.view(state, 0)
    assert RULES.view(other, 1) != RULES.view(state, 1)
    assert RULES.view(other, None) == RULES.view(state, None)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, players=st.integers(2, 4), seed=st.integers(0, 10**6), steps=st.integers(0, 250))
def test_view_contents(options: RummikubOptions, players: int, seed: int, steps: int) -> None:
    state = midgame(options, players, seed, steps)
    public = RULES.view(state, None)
    assert public.seat is None and public.rack is None and public.legal_actions == ()
    assert not public.can_undo and not public.can_reset
    assert public.log == tuple(e.public for e in state.log)
    acting = RULES.to_act(state)
    for seat in range(players):
        view = RULES.view(state, seat)
        assert RummikubView.model_validate_json(view.model_dump_json()) == view
        assert view.rack == tuple(TILES[t] for t in state.racks[seat])
        assert view.rack_counts == tuple(len(r) for r in state.racks)
        assert view.pool_size == len(state.pool)
        assert [sv.id for sv in view.table] == [ts.id for ts in state.table]
        assert [tuple(t.id for t in sv.tiles) for sv in view.table] == [ts.tiles for ts in state.table]
        assert view.log == tuple(e.text_for(seat) for e in state.log)
        assert view.timer_seconds == {"off": None, "60 s": 60}[options.turn_timer]
        if seat in acting:
            assert view.legal_actions == tuple(RULES.legal_actions(state, seat))
            assert view.can_undo == view.can_reset == bool(state.undo)
        else:
            assert view.legal_actions == () and not view.can_undo
        for sv in view.table:
            assert sv.valid == (sv.problem is None) and sv.valid == (sv.kind is not None)
            assert set(sv.ambiguous_jokers) <= {m.tile for m in sv.jokers}


def test_a_turn_in_progress_as_everyone_sees_it() -> None:
    state = build(["R10 R11 R12 K4 B9 O5", "O1 O2", "K7"], ["K1 K2 K3", "R4 J R6"], melded=(False, True, True))
    s = act(state, MoveTiles(tiles=ids("R10 R11 R12")))
    s = act(s, MoveTiles(tiles=ids("K4"), to=0))
    s = act(s, MoveTiles(tiles=ids("B9")))
    for seat in (None, 0, 1, 2):
        view = RULES.view(s, seat)
        assert view.played_this_turn == ids("K4 R10 R11 R12 B9")
        assert view.meld_points == 33
        assert view.end_turn_problems == ("only 1 tile: a set needs at least 3",)
        assert [sv.changed for sv in view.table] == [True, False, True, True]
        assert [sv.locked for sv in view.table] == [False, True, False, False]
        assert view.table[1].jokers[0].colour == "R" and view.table[1].jokers[0].number == 5
        assert view.table[3].problem == "only 1 tile: a set needs at least 3"
        assert view.rack_counts == (1, 2, 1)
    mine = RULES.view(s, 0)
    assert mine.rack == (TILES[tile_id("O5")],)
    assert mine.can_undo and mine.can_reset and mine.legal_actions
    assert RULES.view(s, 1).legal_actions == () and RULES.view(s, 1).rack == tuple(TILES[t] for t in s.racks[1])
    assert RULES.view(s, None).rack is None


def test_a_draw_is_private_to_the_drawer() -> None:
    state = build(["K1", "B1"], pool="O13")
    after = RULES.apply(state, 0, RULES.legal_actions(state, 0)[0])
    assert RULES.view(after, 0).log[-1] == "Ana drew a tile (you drew O13)"
    assert RULES.view(after, 1).log[-1] == "Ana drew a tile"
    assert RULES.view(after, None).log[-1] == "Ana drew a tile"
    assert "O13" not in RULES.last_public_summary(after)


def test_bad_seats_are_refused() -> None:
    state = build(["K1", "B1"])
    for bad in (2, -1):
        try:
            RULES.view(state, bad)
        except ValueError:
            continue
        raise AssertionError(f"view({bad}) should be refused")
