"""Playouts of the American and International rule sets, with invariants checked after every action
(DESIGN.md section 6.2): the tile count (racks + table + face-down stacks + discard pile + trump = 106),
ownership, phases, the contract between legal_actions and apply, save round trips and replays."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.rummikub.models import (
    MAX_TURN_ACTIONS,
    ChooseJoker,
    Discard,
    Draw,
    EndTurn,
    MoveTiles,
    ResetTurn,
    ReturnToRack,
    ReturnTrump,
    RummikubAction,
    RummikubOptions,
    RummikubState,
    SortRack,
    SplitSet,
    TakeDiscard,
    TakeTrump,
    TimeUp,
    Undo,
)
from boardgames_tui.engine.rummikub.rules import RULES
from boardgames_tui.engine.rummikub.sets import analyse

from .. import contract
from .helpers import NAMES
from .policies import BiasedRandomPolicy
from .test_playouts import canonical
from .variant_helpers import count_tiles
from .variant_policies import VariantMeldingPolicy

RULE_SETS = ("american", "international")

OPTIONS = st.builds(
    RummikubOptions,
    rule_set=st.sampled_from(RULE_SETS),
    two_jokers_in_a_set=st.booleans(),
    group_joker_needs_both_colours=st.booleans(),
    joker_sets=st.sampled_from(["locked", "locked", "free"]),
    turn_timer=st.sampled_from(["off", "off", "60 s"]),
)


class VariantRandomPolicy(BiasedRandomPolicy):
    CONTROL = ("draw", "discard", "take_discard", "reset", "undo", "time_up", "return_trump")


def check_invariants(state: RummikubState) -> None:
    assert sorted(count_tiles(state)) == list(range(106)), "racks + table + stacks + discards + trump = 106"
    assert sum(state.stacks) == len(state.pool) and all(state.stacks)
    over = state.phase == "over"
    assert (RULES.to_act(state) == frozenset()) == over
    assert (RULES.outcome(state) is None) != over
    ids = [ts.id for ts in state.table]
    assert len(set(ids)) == len(ids) and all(i < state.next_set_id for i in ids)
    assert all(ts.tiles for ts in state.table)
    assert all(ts.owner is not None and 0 <= ts.owner < len(state.players) for ts in state.table)
    assert all(state.melded[ts.owner] or ts.owner == state.current for ts in state.table)  # type: ignore[index]
    opts = state.options
    for ts in state.turn_start.table:
        assert analyse(ts.tiles, "low_or_high", opts.two_jokers_in_a_set, ts.jokers).valid
    if state.took_trump is not None:
        assert state.trump is None and state.phase == "turn"
    elif not over:
        assert state.trump is not None, "the trump stays in the centre unless taken to go out"
    if over:
        assert state.final_scores is not None and state.undo == ()
        if opts.rule_set == "american":
            assert sum(state.final_scores) == 0
        if state.win_kind is not None:  # somebody went out
            assert state.winner is not None and not state.racks[state.winner]
        return
    assert all(state.racks[s] for s in range(len(state.players)) if s != state.current)
    start_tiles = {t for ts in state.turn_start.table for t in ts.tiles}
    table_tiles = {t for ts in state.table for t in ts.tiles}
    assert start_tiles <= table_tiles, "tiles never leave the table"
    played = table_tiles - start_tiles
    rack = state.racks[state.current]
    assert set(state.turn_start.rack) == set(rack) | played and not set(rack) & played
    assert len(state.undo) <= state.actions_this_turn
    assert state.actions_this_turn < MAX_TURN_ACTIONS or state.phase == "discard"
    if state.phase == "draw":
        assert state.table == state.turn_start.table and not state.undo
        assert state.took_trump is None and state.took_discard is None
    if state.took_discard is not None:
        assert state.took_discard in rack or state.took_discard in played
    for ts in state.table:  # a set of another player has kept every tile it had
        if ts.owner != state.current and ts.id in {s.id for s in state.turn_start.table}:
            before = next(s for s in state.turn_start.table if s.id == ts.id)
            assert set(before.tiles) <= set(ts.tiles)


def candidates(state: RummikubState, rng: random.Random) -> list[Any]:
    """Single actions of every kind, legal or not: the rules must agree with legal_actions on each."""
    out: list[Any] = [Draw(), EndTurn(), Undo(), ResetTurn(), TimeUp(), SortRack(by="number")]
    out += [TakeDiscard(), TakeTrump(), ReturnTrump()]
    sets = list(state.table)
    tiles = rng.sample(range(106), 8) + [t for ts in sets[:4] for t in ts.tiles[:2]] + list(state.racks[state.current][:3])
    for t in tiles:
        out.append(Discard(tile=t))
        out.append(MoveTiles(tiles=(t,)))
        out.append(ReturnToRack(tiles=(t,)))
        for ts in rng.sample(sets, min(3, len(sets))):
            for p in (None, 0, 1, len(ts.tiles) - 1, len(ts.tiles)):
                out.append(MoveTiles.model_construct(kind="move", tiles=(t,), to=ts.id, position=p))
    for ts in sets[:4]:
        for at in range(0, len(ts.tiles) + 1):
            out.append(SplitSet(set_id=ts.id, at=at))
        for j in (104, 105):
            for colour in "KRBO":
                for number in {1, 5, *(m.number for m in ts.jokers)}:
                    out.append(ChooseJoker(tile=j, colour=colour, number=number))
    return out


def probe(state: RummikubState, seat: int, legal: tuple[RummikubAction, ...], rng: random.Random) -> None:
    listed = legal if len(legal) <= 20 else rng.sample(legal, 20)
    contract.probe(
        RULES,
        state,
        seat,
        legal,
        candidates(state, rng),
        listed=listed,
        canonical=lambda a: canonical(a, state),
        wrong_seat_match="turn, not yours",
    )
    view = RULES.view(state, seat)
    assert view.legal_actions == legal
    if state.phase == "turn":
        assert any(isinstance(a, Discard) for a in legal) == (view.end_turn_problems == ())


def playout(
    options: RummikubOptions, players: int, seed: int, policy: str, probe_every: int = 1, max_steps: int = 20_000
) -> tuple[RummikubState, Counter[str]]:
    rng = random.Random(seed)
    deal = str(seed)
    state = RULES.setup(NAMES[:players], options, deal)
    melding = VariantMeldingPolicy()
    randomly = VariantRandomPolicy(rng, control=0.3)
    history: list[tuple[int, dict[str, Any]]] = []
    seen: Counter[str] = Counter()
    check_invariants(state)
    for step, seat, legal in contract.turns(RULES, lambda: state, max_steps):
        if step % probe_every == 0:
            probe(state, seat, legal, rng)
        if policy == "melding" or (policy == "mixed" and rng.random() < 0.8):
            action = melding(RULES.view(state, seat))
        else:
            action = randomly(legal)
        data = RULES.dump_action(action)
        action = RULES.parse_action(data)
        before = state
        state = RULES.apply(state, seat, action)
        history.append((seat, data))
        seen[action.kind] += 1
        if "replaced" in state.summary and state.turn != before.turn:
            seen["replacement"] += 1
        if any(ts.owner != seat for ts in state.table if any(t not in {x for s in before.table for x in s.tiles} for t in ts.tiles)):
            seen["added to another's meld"] += 1
        if state.phase == "over":
            seen[f"won {state.win_kind}" if state.winner is not None else "no winner"] += 1
        check_invariants(state)
    out = RULES.outcome(state)
    assert out is not None and out.scores == state.final_scores
    assert sorted(s for group in out.ranking for s in group) == list(range(players))
    for view in contract.finished(RULES, state):
        assert view.legal_actions == () and view.end_turn_problems == ()
    actions = (RULES.parse_action(data) for _, data in history)
    contract.replays(RULES, NAMES[:players], options, deal, actions, state, seats=[seat for seat, _ in history])
    return state, seen


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_melding_playouts(rule_set: str, players: int) -> None:
    state, seen = playout(RummikubOptions(rule_set=rule_set), players, seed=players, policy="melding", probe_every=2)  # type: ignore[arg-type]
    assert seen["discard"] > 0 and seen["move"] > 0
    assert state.winner is not None, "the melding policy goes out"


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_mixed_playouts(rule_set: str) -> None:
    options = RummikubOptions(rule_set=rule_set, turn_timer="60 s", joker_sets="locked")  # type: ignore[arg-type]
    playout(options, 3, seed=5, policy="mixed", probe_every=4)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_random_playouts(options: RummikubOptions, players: int, seed: int) -> None:
    playout(options, players, seed, policy="random", probe_every=10)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_mixed_random_playouts(options: RummikubOptions, players: int, seed: int) -> None:
    playout(options, players, seed, policy="mixed", probe_every=4)


def test_uniform_random_games_end() -> None:
    """The benchmark picks uniformly among legal actions: the turn action limit keeps games finite."""
    rng = random.Random(3)
    for rule_set in RULE_SETS:
        for players in (2, 4):
            state = RULES.setup(NAMES[:players], RummikubOptions(rule_set=rule_set), f"uniform-{players}")  # type: ignore[arg-type]
            while RULES.to_act(state):
                state = RULES.apply(state, state.current, rng.choice(RULES.legal_actions(state, state.current)))
                check_invariants(state)


def test_playouts_reach_the_interesting_cases() -> None:
    """Guards the playouts above: every phase and action kind, wins, replacements and additions happen."""
    seen: Counter[str] = Counter()
    for rule_set in RULE_SETS:
        for seed in range(25):
            options = RummikubOptions(rule_set=rule_set)  # type: ignore[arg-type]
            seen.update(playout(options, 2 + seed % 3, 1000 + seed, "melding", probe_every=200)[1])
        options = RummikubOptions(rule_set=rule_set, turn_timer="60 s")  # type: ignore[arg-type]
        for seed in range(2):
            seen.update(playout(options, 2 + seed, 300 + seed, "mixed", probe_every=60)[1])
        seen.update(playout(options, 2, 400, "random", probe_every=60)[1])
    for case in (
        "won out",
        "won open",
        "no winner",
        "replacement",
        "added to another's meld",
        "discard",
        "draw",
        "take_discard",
        "take_trump",
        "return_trump",
        "split",
        "undo",
        "reset",
        "time_up",
        "to_rack",
    ):
        assert seen[case], case
