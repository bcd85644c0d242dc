"""Playouts of every rule set, for every player count and a spread of options, with invariants checked
after every action (DESIGN.md section 6.2): random legal actions (biased towards closing actions so games
end), the rule set's melding policy (so tables grow, jokers get replaced and players go out) and a mix of
both; the contract between legal_actions and apply, save round trips and replays. American and
International also keep 106 tiles across racks, table, face-down stacks, discard pile and trump, and
their ownership and phase rules."""

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
from .helpers import NAMES, all_tiles, count_tiles, summary
from .policies import BiasedRandomPolicy, MeldingPolicy
from .variant_policies import VariantMeldingPolicy

OPTION_SETS = [
    RummikubOptions(),
    RummikubOptions(initial_meld=50, play_after_meld="next turn", direction="counter-clockwise"),
    RummikubOptions(joker_reuse="new set", group_joker_needs_both_colours=True, turn_timer="30 s"),
    RummikubOptions(joker_reuse="new set with 1 rack tile", two_jokers_in_a_set=False),
    RummikubOptions(joker_reuse="new set with 2 rack tiles", turn_timer="120 s"),
    RummikubOptions(joker_sets="free", initial_meld=50, two_jokers_in_a_set=False),
]
VARIANTS = ("american", "international")

OPTIONS = st.builds(
    RummikubOptions,
    initial_meld=st.sampled_from([30, 50]),
    play_after_meld=st.sampled_from(["same turn", "next turn"]),
    direction=st.sampled_from(["clockwise", "counter-clockwise"]),
    two_jokers_in_a_set=st.booleans(),
    group_joker_needs_both_colours=st.booleans(),
    joker_reuse=st.sampled_from(["anywhere", "new set", "new set with 1 rack tile", "new set with 2 rack tiles"]),
    joker_sets=st.sampled_from(["locked", "free"]),
    turn_timer=st.sampled_from(["off", "off", "60 s"]),
)
VARIANT_OPTIONS = st.builds(
    RummikubOptions,
    rule_set=st.sampled_from(VARIANTS),
    two_jokers_in_a_set=st.booleans(),
    group_joker_needs_both_colours=st.booleans(),
    joker_sets=st.sampled_from(["locked", "locked", "free"]),
    turn_timer=st.sampled_from(["off", "off", "60 s"]),
)


class VariantRandomPolicy(BiasedRandomPolicy):
    CONTROL = ("draw", "discard", "take_discard", "reset", "undo", "time_up", "return_trump")


def check_invariants(state: RummikubState) -> None:
    if state.options.rule_set == "standard":
        _standard_invariants(state)
    else:
        _variant_invariants(state)


def _standard_invariants(state: RummikubState) -> None:
    assert sorted(all_tiles(state)) == list(range(106)), "every tile exactly once: pool, racks, table"
    over = state.phase == "over"
    assert (RULES.to_act(state) == frozenset()) == over
    assert (RULES.outcome(state) is None) != over
    ids = [ts.id for ts in state.table]
    assert len(set(ids)) == len(ids) and all(i < state.next_set_id for i in ids)
    assert all(ts.tiles for ts in state.table), "no empty set on the table"
    opts = state.options
    for ts in state.turn_start.table:  # at the start of every turn the table was valid
        assert analyse(ts.tiles, "low", opts.two_jokers_in_a_set, ts.jokers).valid
    if over:
        assert state.final_scores is not None and sum(state.final_scores) == 0
        assert state.undo == () and state.freed_jokers == ()
        return
    start_tiles = {t for ts in state.turn_start.table for t in ts.tiles}
    table_tiles = {t for ts in state.table for t in ts.tiles}
    assert start_tiles <= table_tiles, "tiles never leave the table"
    played = table_tiles - start_tiles
    rack = state.racks[state.current]
    assert set(state.turn_start.rack) == set(rack) | played and not set(rack) & played
    assert set(state.freed_jokers) <= start_tiles and set(state.freed_jokers) <= table_tiles
    assert len(state.undo) <= state.actions_this_turn < MAX_TURN_ACTIONS
    if not state.undo:
        assert state.table == state.turn_start.table and state.freed_jokers == ()
    for ts in state.table:
        assert set(ts.replaced) <= set(ts.tiles)
        assert {m.tile for m in ts.jokers} <= set(ts.tiles)


def _variant_invariants(state: RummikubState) -> None:
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


def canonical(action: RummikubAction, state: RummikubState) -> RummikubAction:
    """MoveTiles to the last position of a set is the same move as position None (listed that way)."""
    if isinstance(action, MoveTiles) and action.to is not None and action.position is not None:
        for ts in state.table:
            if ts.id == action.to and action.position == len(ts.tiles):
                return MoveTiles(tiles=action.tiles, to=action.to, position=None)
    return action


def candidates(state: RummikubState, rng: random.Random) -> list[Any]:
    """Single actions of every kind, legal or not: the rules must agree with legal_actions on each."""
    if state.options.rule_set == "standard":
        return _standard_candidates(state, rng)
    return _variant_candidates(state, rng)


def _standard_candidates(state: RummikubState, rng: random.Random) -> list[Any]:
    out: list[Any] = [Draw(), EndTurn(), Undo(), ResetTurn(), TimeUp(), SortRack(by="number")]
    sets = list(state.table)
    tiles = rng.sample(range(106), 8) + [t for ts in sets[:3] for t in ts.tiles[:2]] + list(state.racks[state.current][:3])
    for t in tiles:
        out.append(MoveTiles(tiles=(t,)))
        out.append(ReturnToRack(tiles=(t,)))
        for ts in rng.sample(sets, min(3, len(sets))):
            for p in (None, -1, 0, 1, len(ts.tiles) - 1, len(ts.tiles), len(ts.tiles) + 1):
                out.append(MoveTiles.model_construct(kind="move", tiles=(t,), to=ts.id, position=p))
        out.append(MoveTiles(tiles=(t,), to=state.next_set_id + 5))
    for ts in sets[:4]:
        for at in range(0, len(ts.tiles) + 1):
            out.append(SplitSet(set_id=ts.id, at=at))
        for j in (104, 105):
            for colour in "KRBO":
                for number in {1, 5, 13, *(m.number for m in ts.jokers)}:
                    out.append(ChooseJoker(tile=j, colour=colour, number=number))
    return out


def _variant_candidates(state: RummikubState, rng: random.Random) -> list[Any]:
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
    standard = state.options.rule_set == "standard"
    size = 25 if standard else 20
    listed = legal if len(legal) <= size else rng.sample(legal, size)
    contract.probe(
        RULES,
        state,
        seat,
        legal,
        candidates(state, rng),
        listed=listed,
        canonical=lambda a: canonical(a, state),
        wrong_seat_match="not_your_turn",
    )
    view = RULES.view(state, seat)
    assert view.legal_actions == legal
    if standard:
        assert (EndTurn() in set(legal)) == (view.end_turn_problems == ())
    elif state.phase == "turn":
        assert any(isinstance(a, Discard) for a in legal) == (view.end_turn_problems == ())


def playout(
    options: RummikubOptions, players: int, seed: int, policy: str, probe_every: int = 1, max_steps: int = 20_000
) -> tuple[RummikubState, Counter[str]]:
    rng = random.Random(seed)
    deal = str(seed)
    standard = options.rule_set == "standard"
    state = RULES.setup(NAMES[:players], options, deal)
    melding: Any = MeldingPolicy() if standard else VariantMeldingPolicy()
    randomly: Any = BiasedRandomPolicy(rng, control=0.3) if standard else VariantRandomPolicy(rng, control=0.3)
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
        if "replaced" in summary(state) and state.turn != before.turn:
            seen["replacement"] += 1
        if standard:
            if state.phase == "over" and state.winner is not None and not state.racks[state.winner]:
                seen["went out"] += 1
        else:
            laid = {x for s in before.table for x in s.tiles}
            if any(ts.owner != seat for ts in state.table if any(t not in laid for t in ts.tiles)):
                seen["added to another's meld"] += 1
            if state.phase == "over":
                seen[f"won {state.win_kind}" if state.winner is not None else "no winner"] += 1
        check_invariants(state)
    out = RULES.outcome(state)
    assert out is not None and out.scores == state.final_scores
    assert sorted(s for group in out.ranking for s in group) == list(range(players))
    if standard:
        assert sum(out.scores) == 0
        assert out.winners == out.ranking[0] and all(out.scores[w] == max(out.scores) for w in out.winners)
    for view in contract.finished(RULES, state):
        assert view.legal_actions == () and view.end_turn_problems == ()
    actions = (RULES.parse_action(data) for _, data in history)
    contract.replays(RULES, NAMES[:players], options, deal, actions, state, seats=[seat for seat, _ in history])
    return state, seen


# The standard game ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("which", range(len(OPTION_SETS)))
def test_melding_playouts(players: int, which: int) -> None:
    state, seen = playout(OPTION_SETS[which], players, seed=players * 10 + which, policy="melding", probe_every=7)
    assert seen["end_turn"] > 0
    assert sum(len(ts.tiles) for ts in state.table) >= 30, "the melding policy builds a real table"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mixed_playouts(players: int) -> None:
    playout(OPTION_SETS[players], players, seed=players, policy="mixed", probe_every=3)


def test_uniform_random_games_end() -> None:
    """The benchmark picks uniformly among legal actions: the turn action limit keeps games finite."""
    rng = random.Random(7)
    for players in (2, 4):
        state = RULES.setup(NAMES[:players], RummikubOptions(), f"uniform-{players}")
        steps = 0
        while RULES.to_act(state):
            state = RULES.apply(state, state.current, rng.choice(RULES.legal_actions(state, state.current)))
            steps += 1
        assert steps <= 40 * MAX_TURN_ACTIONS * 2
        check_invariants(state)


def test_playouts_reach_the_interesting_cases() -> None:
    """Guards the playouts above: replacements, time-outs, going out, splits, undo and reset all happen."""
    seen: Counter[str] = Counter()
    for options, players, seed in ((OPTION_SETS[0], 2, 3), (OPTION_SETS[1], 3, 101), (OPTION_SETS[0], 4, 102)):
        seen.update(playout(options, players, seed, "melding", probe_every=50)[1])
    for seed in range(3):
        seen.update(playout(OPTION_SETS[2], 2 + seed, 200 + seed, "mixed", probe_every=50)[1])
    seen.update(playout(OPTION_SETS[2], 2, 300, "random", probe_every=50)[1])
    for case in ("replacement", "went out", "end_turn", "draw", "split", "undo", "reset", "time_up", "to_rack"):
        assert seen[case], case


# American and International ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rule_set", VARIANTS)
def test_variant_melding_playouts(rule_set: str, players: int) -> None:
    state, seen = playout(RummikubOptions(rule_set=rule_set), players, seed=players, policy="melding", probe_every=2)  # type: ignore[arg-type]
    assert seen["discard"] > 0 and seen["move"] > 0
    assert state.winner is not None, "the melding policy goes out"


@pytest.mark.parametrize("rule_set", VARIANTS)
def test_variant_mixed_playouts(rule_set: str) -> None:
    options = RummikubOptions(rule_set=rule_set, turn_timer="60 s", joker_sets="locked")  # type: ignore[arg-type]
    playout(options, 3, seed=5, policy="mixed", probe_every=4)


def test_variant_playouts_reach_the_interesting_cases() -> None:
    """Guards the American and International playouts: every phase and action kind, wins, replacements and
    additions happen."""
    seen: Counter[str] = Counter()
    for rule_set in VARIANTS:
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


def test_uniform_random_variant_games_end() -> None:
    """The benchmark picks uniformly among legal actions: the turn action limit keeps games finite."""
    rng = random.Random(3)
    for rule_set in VARIANTS:
        for players in (2, 4):
            state = RULES.setup(NAMES[:players], RummikubOptions(rule_set=rule_set), f"uniform-{players}")  # type: ignore[arg-type]
            while RULES.to_act(state):
                state = RULES.apply(state, state.current, rng.choice(RULES.legal_actions(state, state.current)))
                check_invariants(state)


# Every rule set -------------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=st.one_of(OPTIONS, VARIANT_OPTIONS), players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_random_playouts(options: RummikubOptions, players: int, seed: int) -> None:
    playout(options, players, seed, policy="random", probe_every=15 if options.rule_set == "standard" else 10)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=st.one_of(OPTIONS, VARIANT_OPTIONS), players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_mixed_random_playouts(options: RummikubOptions, players: int, seed: int) -> None:
    playout(options, players, seed, policy="mixed", probe_every=8 if options.rule_set == "standard" else 4)
