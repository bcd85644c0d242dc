"""What each seat may see, in every rule set: its own rack, the table (with the owners of the melds in
American and International), the public counts, the discard pile's top and the trump; never another rack,
the pool or the face-down tiles."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.rummikub.models import (
    Draw,
    MoveTiles,
    RummikubOptions,
    RummikubState,
    RummikubView,
    TakeDiscard,
)
from boardgames_tui.engine.rummikub.rules import RULES
from boardgames_tui.engine.rummikub.tiles import TILES

from .helpers import NAMES, act, build, ids, move, resample_hidden, said, say, summary, text_for, tile_id, vbuild
from .helpers import public as public_text
from .policies import BiasedRandomPolicy, MeldingPolicy
from .test_playouts import VariantRandomPolicy
from .variant_policies import VariantMeldingPolicy

STANDARD_OPTIONS = st.builds(
    RummikubOptions,
    initial_meld=st.sampled_from([30, 50]),
    joker_sets=st.sampled_from(["locked", "free"]),
    turn_timer=st.sampled_from(["off", "60 s"]),
)
VARIANT_OPTIONS = st.builds(
    RummikubOptions,
    rule_set=st.sampled_from(["american", "international"]),
    joker_sets=st.sampled_from(["locked", "free"]),
    turn_timer=st.sampled_from(["off", "60 s"]),
)
RULE_SETS = ("standard", "american", "international")


def midgame(options: RummikubOptions, players: int, seed: int, steps: int) -> RummikubState:
    """A game after `steps` actions, mostly by the rule set's melding policy, sometimes random (mid-turn
    states too)."""
    rng = random.Random(seed)
    if options.rule_set == "standard":
        melding, randomly = MeldingPolicy(), BiasedRandomPolicy(rng)
    else:
        melding, randomly = VariantMeldingPolicy(), VariantRandomPolicy(rng)
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


@settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=st.one_of(STANDARD_OPTIONS, VARIANT_OPTIONS),
    players=st.integers(2, 4),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 250),
)
def test_a_view_does_not_depend_on_other_racks_or_the_face_down_tiles(
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


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_resampling_is_visible_to_the_others(rule_set: str) -> None:
    # guards the no-leak test: the same resampling changes the state and what the others see
    state = RULES.setup(NAMES[:3], RummikubOptions(rule_set=rule_set), "leak")  # type: ignore[arg-type]
    other = resample_hidden(state, 0, random.Random(1))
    assert other.racks[0] == state.racks[0]
    assert other.racks[1] != state.racks[1] and other.pool != state.pool
    assert RULES.view(other, 0) == RULES.view(state, 0)
    assert RULES.view(other, 1) != RULES.view(state, 1)
    assert RULES.view(other, None) == RULES.view(state, None)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=STANDARD_OPTIONS, players=st.integers(2, 4), seed=st.integers(0, 10**6), steps=st.integers(0, 250))
def test_view_contents(options: RummikubOptions, players: int, seed: int, steps: int) -> None:
    state = midgame(options, players, seed, steps)
    public = RULES.view(state, None)
    assert public.seat is None and public.rack is None and public.legal_actions == ()
    assert not public.can_undo and not public.can_reset
    assert public.log == tuple(e.seen_by(None) for e in state.log)
    assert said(public.log) == tuple(public_text(e) for e in state.log)
    acting = RULES.to_act(state)
    for seat in range(players):
        view = RULES.view(state, seat)
        assert RummikubView.model_validate_json(view.model_dump_json()) == view
        assert view.rack == tuple(TILES[t] for t in state.racks[seat])
        assert view.rack_counts == tuple(len(r) for r in state.racks)
        assert view.pool_size == len(state.pool)
        assert [sv.id for sv in view.table] == [ts.id for ts in state.table]
        assert [tuple(t.id for t in sv.tiles) for sv in view.table] == [ts.tiles for ts in state.table]
        assert view.log == tuple(e.seen_by(seat) for e in state.log)
        assert said(view.log) == tuple(text_for(e, seat) for e in state.log)
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
        assert said(view.end_turn_problems) == ("only 1 tile: a set needs at least 3",)
        assert [sv.changed for sv in view.table] == [True, False, True, True]
        assert [sv.locked for sv in view.table] == [False, True, False, False]
        assert view.table[1].jokers[0].colour == "R" and view.table[1].jokers[0].number == 5
        assert say(view.table[3].problem) == "only 1 tile: a set needs at least 3"
        assert view.rack_counts == (1, 2, 1)
    mine = RULES.view(s, 0)
    assert mine.rack == (TILES[tile_id("O5")],)
    assert mine.can_undo and mine.can_reset and mine.legal_actions
    assert RULES.view(s, 1).legal_actions == () and RULES.view(s, 1).rack == tuple(TILES[t] for t in s.racks[1])
    assert RULES.view(s, None).rack is None


def test_a_draw_is_private_to_the_drawer() -> None:
    state = build(["K1", "B1"], pool="O13")
    after = RULES.apply(state, 0, RULES.legal_actions(state, 0)[0])
    assert say(RULES.view(after, 0).log[-1]) == "Ana drew a tile (you drew O13)"
    assert say(RULES.view(after, 1).log[-1]) == "Ana drew a tile"
    assert say(RULES.view(after, None).log[-1]) == "Ana drew a tile"
    assert "O13" not in summary(after) and "O13" not in str(RULES.last_public_event(after))


def test_bad_seats_are_refused() -> None:
    state = build(["K1", "B1"])
    for bad in (2, -1):
        try:
            RULES.view(state, bad)
        except ValueError:
            continue
        raise AssertionError(f"view({bad}) should be refused")


# American and International ---------------------------------------------------------------------------


def test_a_drawn_tile_is_private_a_taken_discard_public() -> None:
    state = vbuild("american", ["K1 K2", "B1"], discards=[("R5", 1)], phase="draw", pool="O13")
    drew = act(state, Draw())
    assert say(RULES.view(drew, 0).log[-1]) == "Ana drew a tile (you drew O13)"
    assert say(RULES.view(drew, 1).log[-1]) == say(RULES.view(drew, None).log[-1]) == "Ana drew a tile"
    took = act(state, TakeDiscard())
    assert say(RULES.view(took, 1).log[-1]) == "Ana took R5 from the discard pile"
    assert RULES.view(took, 1).taken_discard == TILES[ids("R5")[0]]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=VARIANT_OPTIONS, players=st.integers(2, 4), seed=st.integers(0, 10**6), steps=st.integers(0, 200))
def test_variant_view_contents(options: RummikubOptions, players: int, seed: int, steps: int) -> None:
    state = midgame(options, players, seed, steps)
    public = RULES.view(state, None)
    assert public.seat is None and public.rack is None and public.legal_actions == ()
    acting = RULES.to_act(state)
    for seat in (None, *range(players)):
        view = RULES.view(state, seat)
        assert RummikubView.model_validate_json(view.model_dump_json()) == view
        if seat is not None:
            assert view.rack == tuple(TILES[t] for t in state.racks[seat])
        assert view.rule_set == options.rule_set and view.turn_rules.initial_meld == (21 if options.rule_set == "american" else 50)
        assert view.rack_counts == tuple(len(r) for r in state.racks)
        assert view.melded == state.melded
        assert view.pool_size == len(state.pool) and view.stack_sizes == state.stacks
        assert [sv.owner for sv in view.table] == [ts.owner for ts in state.table]
        assert [tuple(t.id for t in sv.tiles) for sv in view.table] == [ts.tiles for ts in state.table]
        assert view.discard_pile_size == len(state.discards)
        assert view.discard_top == (TILES[state.discards[-1][0]] if state.discards else None)
        assert sum(view.discards_by_seat) == len(state.discards)
        trump = state.trump if state.trump is not None else state.took_trump
        assert view.trump == (TILES[trump] if trump is not None else None)
        assert view.announced == state.announced
        if seat in acting:
            assert view.legal_actions == tuple(RULES.legal_actions(state, seat))  # type: ignore[arg-type]
        else:
            assert view.legal_actions == () and not view.can_undo


def test_a_variant_turn_in_progress_as_everyone_sees_it() -> None:
    state = vbuild(
        "international",
        ["R7 K1 K2 K3 O1 O9", "B1", "O5"],
        [(1, "R4 R5 R6"), (2, "B9 B10 B11")],
        discards=[("K13", 2)],
        melded=(True, True, True),
        announced=(False, True, False),
    )
    state = act(state, move("R7", to=0))
    state = act(state, move("K1 K2 K3"))
    for seat in (None, 0, 1, 2):
        view = RULES.view(state, seat)
        assert [sv.owner for sv in view.table] == [1, 2, 0]
        assert view.played_this_turn == ids("R7 K1 K2 K3")
        assert view.laid_points == 13 and view.meld_points == 6
        assert view.end_turn_problems == () and view.going_out_as is None
        assert view.discard_top == TILES[ids("K13")[0]] and view.announced == (False, True, False)
        assert view.rack_counts == (2, 1, 1) and view.phase == "turn"
    assert RULES.view(state, 1).rack == (TILES[ids("B1")[0]],)


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (
            RummikubOptions(),
            dict(one_in_runs="low", two_jokers_in_a_set=True, initial_meld=30, play_after_meld_same_turn=True,
                 own_sets_only=False, turn_ends_by_discard=False, closed_win=False),
        ),
        (
            RummikubOptions(initial_meld=50, play_after_meld="next turn", two_jokers_in_a_set=False),
            dict(one_in_runs="low", two_jokers_in_a_set=False, initial_meld=50, play_after_meld_same_turn=False,
                 own_sets_only=False, turn_ends_by_discard=False, closed_win=False),
        ),
        (
            RummikubOptions(rule_set="american"),
            dict(one_in_runs="low_or_high", two_jokers_in_a_set=True, initial_meld=21, play_after_meld_same_turn=True,
                 own_sets_only=True, turn_ends_by_discard=True, closed_win=False),
        ),
        (
            RummikubOptions(rule_set="international"),
            dict(one_in_runs="low_or_high", two_jokers_in_a_set=True, initial_meld=50, play_after_meld_same_turn=True,
                 own_sets_only=True, turn_ends_by_discard=True, closed_win=True),
        ),
    ],
    ids=["standard", "standard-50-next-turn", "american", "international"],
)
def test_the_view_states_the_rules_of_sets_and_turns(options: RummikubOptions, expected: dict[str, object]) -> None:
    """Every seat's View and the public one say what the rule set makes of runs, jokers, the initial meld,
    other players' sets and the end of a turn (the bots and the screens read it there)."""
    state = RULES.setup(("Ann", "Ben", "Cy"), options, "turn-rules")
    for seat in (0, 1, 2, None):
        assert RULES.view(state, seat).turn_rules.model_dump() == expected


def targeted(view: RummikubView) -> dict[tuple[str, int], str]:
    return {(r.kind, r.target): r.code for r in view.refusals if r.target is not None}


def test_the_view_says_why_a_set_may_not_be_taken_apart() -> None:
    """What a screen says for a key on a set (take a tile out, split it) is the engine's own reason."""
    state = build(["R3 R7 K9 R8", "B1"], ["R4 J R6", "K1 B1 J'", "O9 O10 O11"])
    refused = targeted(RULES.view(state, 0))
    assert refused[("take_from_set", 0)] == "locked_set_keeps_tiles" and refused[("split", 0)] == "locked_set_no_split"
    assert ("take_from_set", 2) not in refused and ("split", 2) not in refused  # no joker: free to rework
    unmelded = build(["R3 R7 K9 R8", "B1"], ["O9 O10 O11"], melded=(False, True))
    refused = targeted(RULES.view(unmelded, 0))
    assert refused[("take_from_set", 0)] == refused[("split", 0)] == "meld_first"
    assert targeted(RULES.view(unmelded, 1)) == {}  # another seat is told nothing of this turn


def test_the_view_says_whose_meld_a_set_is_and_why_a_tile_may_not_be_discarded() -> None:
    state = vbuild("american", ["R3 R7 K9 R8", "B1 B2"], [(1, "O9 O10 O11"), (0, "B5 B6 B7")], phase="draw")
    refused = targeted(RULES.view(state, 0))
    assert set(refused.values()) == {"draw_first"}  # before the draw, nothing on the table or the rack moves
    assert len([kind for kind, _ in refused if kind == "discard"]) == 4  # one per rack tile
    refused = targeted(RULES.view(act(state, Draw()), 0))
    assert refused[("take_from_set", 0)] == "others_meld_tile" and refused[("split", 0)] == "others_meld_split"
    assert ("take_from_set", 1) not in refused  # the player's own meld
    assert not any(kind == "discard" for kind, _ in refused)  # any tile may go now: none is refused


def test_a_joker_with_no_other_reading_says_why() -> None:
    state = build(["R3 R7", "B1"], ["R4 J R6"])
    joker = next(tile.id for tile in RULES.view(state, 0).table[0].tiles if tile.colour == "J")
    assert targeted(RULES.view(state, 0))[("joker", joker)] == "joker_fixed"
