"""Rummikub computer players: legal, blind to what their seat cannot see, games end, and the move finder
is exact (checked against brute force on small positions)."""

from __future__ import annotations

import itertools
import random
from functools import lru_cache

import pytest

from boardgames_tui.arena import play_game
from boardgames_tui.bots import BOTS, decision_rng
from boardgames_tui.bots.rummikub import _kind, _meld_points, plan_turn
from boardgames_tui.bots.rummikub.finder import (
    TILE_WEIGHT,
    Position,
    best_play,
    dense_positions,
    finder_benchmark,
    tile_points,
)
from boardgames_tui.engine.rummikub.models import Discard, RummikubOptions, RummikubState
from boardgames_tui.engine.rummikub.rules import RULES
from boardgames_tui.engine.rummikub.sets import analyse, valid_order

from ..engine.rummikub.helpers import build, ids, resample_hidden, table_text, vbuild

LEVELS = tuple(BOTS["rummikub"])  # random, easy and hard
RULE_SETS = ("standard", "american", "international")


def decide(state: RummikubState, level: str, decision: int) -> object:
    seat = state.current
    return BOTS["rummikub"][level]().choose(RULES.view(state, seat), decision_rng("test", decision, seat))


def play_turn(state: RummikubState, level: str, limit: int = 60) -> RummikubState:
    """Let `level` play the current player's whole turn (asserting every action is legal)."""
    seat, turn = state.current, state.turn
    for step in range(limit):
        action = decide(state, level, step)
        assert RULES.refusal(state, seat, action) is None, action
        state = RULES.apply(state, seat, action)
        if state.turn != turn or state.phase == "over":
            return state
    raise AssertionError(f"{level} did not end its turn in {limit} actions")


def mid_game_states(rule_set: str, players: int, seed: str, decisions: int) -> list[RummikubState]:
    """States met in a seeded game between the levels, every few decisions."""
    state = RULES.setup([f"P{k}" for k in range(players)], RummikubOptions(rule_set=rule_set), seed)  # type: ignore[arg-type]
    levels = ["hard", "easy", "hard", "easy"][:players]
    out = []
    for n in range(decisions):
        if state.phase == "over":
            break
        seat = state.current
        action = decide(state, levels[seat], n)
        assert RULES.refusal(state, seat, action) is None, action
        state = RULES.apply(state, seat, action)
        if n % 7 == 3:
            out.append(state)
    return out


# (a) legal actions -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("rule_set", "players"), [("standard", 2), ("american", 3), ("international", 4), ("standard", 4)])
def test_every_level_acts_legally(rule_set: str, players: int) -> None:
    for state in mid_game_states(rule_set, players, f"legal-{rule_set}", 90)[::2]:
        for level in LEVELS:
            action = decide(state, level, 5)
            assert RULES.refusal(state, state.current, action) is None, (level, action)


# (b) nothing hidden leaks -------------------------------------------------------------------------------------


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_decisions_ignore_hidden_tiles(rule_set: str) -> None:
    rng = random.Random(rule_set)
    for state in mid_game_states(rule_set, 3, f"leak-{rule_set}", 70)[::2]:
        seat = state.current
        other = resample_hidden(state, seat, rng)
        assert RULES.view(other, seat).rack == RULES.view(state, seat).rack
        for level in LEVELS:
            mine = BOTS["rummikub"][level]().choose(RULES.view(state, seat), decision_rng("leak", 9, seat))
            theirs = BOTS["rummikub"][level]().choose(RULES.view(other, seat), decision_rng("leak", 9, seat))
            assert mine == theirs, level


# (c) games end --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("rule_set", "seats"), [("american", "easy,hard"), ("international", "hard,easy"), ("standard", "random,hard")])
def test_arena_games_end(rule_set: str, seats: str) -> None:
    result = play_game("rummikub", seats.split(","), "end", 0, [f"rule_set={rule_set}"])
    assert result.finished


# (d) the finder is exact ------------------------------------------------------------------------------------------


def brute_force(position: Position) -> int | None:
    """The best score by trying every subset of the optional tiles, largest first, each checked by an
    exhaustive partition into new sets and tiles added at the ends of the fixed sets."""
    one = "low_or_high" if position.one_high else "low"

    def new_set(tiles: tuple[int, ...]) -> bool:
        row = valid_order(tiles, one)  # type: ignore[arg-type]
        return row is not None and analyse(row, one).valid  # type: ignore[arg-type]

    def grow(row: tuple[int, ...], tiles: tuple[int, ...]) -> tuple[int, ...] | None:
        kind = analyse(row, one).kind  # type: ignore[arg-type]
        for perm in itertools.permutations(tiles):
            for k in (0, len(perm)) if kind == "run" else (len(perm),):
                grown = perm[:k] + row + perm[k:]
                info = analyse(grown, one)  # type: ignore[arg-type]
                if info.valid and info.kind == kind:
                    return grown
        return None

    @lru_cache(maxsize=None)
    def feasible(tiles: tuple[int, ...], fixed: tuple[tuple[int, ...], ...]) -> bool:
        if not tiles:
            return True
        first, rest = tiles[0], tiles[1:]
        for size in (2, 3, 4):
            for others in itertools.combinations(rest, size):
                if new_set((first, *others)) and feasible(tuple(t for t in rest if t not in others), fixed):
                    return True
        for k, row in enumerate(fixed):
            for size in (0, 1, 2):
                for others in itertools.combinations(rest, size):
                    grown = grow(row, (first, *others))
                    if grown is not None:
                        left = tuple(t for t in rest if t not in others)
                        if feasible(left, fixed[:k] + (grown,) + fixed[k + 1 :]):
                            return True
        return False

    best = None
    for n in range(len(position.optional), -1, -1):
        for chosen in itertools.combinations(position.optional, n):
            score = n * TILE_WEIGHT + sum(tile_points(t) for t in chosen)
            if (best is None or score > best) and feasible(tuple(sorted(position.free + chosen)), position.fixed):
                best = score
        if best is not None:
            return best
    return None


def small_position(rng: random.Random, one_high: bool) -> Position:
    """A few valid sets (some fixed) and a handful of optional tiles, all from a narrow band of tiles so
    that they interact, jokers included."""
    one = "low_or_high" if one_high else "low"
    colours = rng.sample(range(4), 3)
    low = rng.choice((1, 9, 10) if one_high else (1, 3, 6, 9))
    pool = [c * 13 + v - 1 + copy * 52 for c in colours for v in range(low, min(low + 6, 14)) for copy in (0, 1)]
    if one_high and low >= 9:
        pool += [c * 13 + copy * 52 for c in colours for copy in (0, 1)]
    pool += [104, 105]
    rng.shuffle(pool)
    free: list[int] = []
    fixed: list[tuple[int, ...]] = []
    for _ in range(rng.randrange(3)):
        for _attempt in range(50):
            tiles = tuple(rng.sample(pool, rng.choice((3, 3, 4))))
            row = valid_order(tiles, one)  # type: ignore[arg-type]
            if row is not None and analyse(row, one).valid:  # type: ignore[arg-type]
                (fixed.append(row) if not fixed and rng.random() < 0.35 else free.extend(row))
                pool = [t for t in pool if t not in tiles]
                break
    return Position(free=tuple(free), optional=tuple(pool[: rng.randrange(3, 8)]), fixed=tuple(fixed), one_high=one_high)


@pytest.mark.parametrize("one_high", [False, True])
def test_finder_matches_brute_force(one_high: bool) -> None:
    rng = random.Random(f"brute {one_high}")
    for _ in range(25):
        position = small_position(rng, one_high)
        play = best_play(position)
        found = None if play is None else play.count * TILE_WEIGHT + play.points
        assert found == brute_force(position), position
        if play is not None:  # and what it says it lays out is valid and uses exactly its tiles
            one = "low_or_high" if one_high else "low"
            rows = [*play.sets, *play.grown]
            assert all(analyse(r, one).valid for r in rows)  # type: ignore[arg-type]
            assert sorted(t for r in rows for t in r) == sorted(position.free + play.placed + sum(position.fixed, ()))


def test_finder_uses_both_jokers_of_the_table() -> None:
    # Found by the brute-force comparison: K6 R6 J | K8 B8 R8 | K11 B11 J lays three tiles.
    position = Position(free=ids("K11 J B11 K6 J' K8"), optional=ids("K9 B8 B10 R10 R6 R8"))
    play = best_play(position)
    assert play is not None and play.count * TILE_WEIGHT + play.points == brute_force(position) == 3022


def test_finder_rearranges_and_respects_the_meld() -> None:
    # R3' fits only by splitting the run R1-R6 into R1-R3 and R3'-R6.
    play = best_play(Position(free=ids("R1 R2 R3 R4 R5 R6 K9 B9 O9"), optional=ids("R3' O2 J")))
    assert play is not None and {*play.placed} == {*ids("R3' J")} | set() or play.count == 3
    # The meld must reach 30: K1 B1 O1 (3) is not enough, R10 R11 R12 (33) is.
    meld = best_play(Position(free=(), optional=ids("K1 B1 O1 R10 R11 R12 B3"), meld_threshold=30))
    assert meld is not None and set(ids("R10 R11 R12")) <= set(meld.placed)
    assert best_play(Position(free=(), optional=ids("K1 B1 O1 B3 B4 B5"), meld_threshold=30)) is None or (
        best_play(Position(free=(), optional=ids("K1 B1 O1 B3 B4 B5"), meld_threshold=30)).count == 0  # type: ignore[union-attr]
    )


def test_benchmark_helper_runs() -> None:
    median, worst = finder_benchmark(dense_positions(2, seed=3))
    assert 0 <= median <= worst


# (d) the bots' play ---------------------------------------------------------------------------------------------


def test_hard_splits_a_run_that_easy_cannot_use() -> None:
    state = build(["R3' K12", "K1 K2 K3 K4 K5 K6 K7 K8"], ["R1 R2 R3 R4 R5 R6"])
    after = play_turn(state, "hard")
    assert after.racks[0] == ids("K12")
    assert sorted(table_text(after)) == ["R1 R2 R3", "R3 R4 R5 R6"]
    drew = play_turn(state, "easy")
    assert len(drew.racks[0]) == 3  # nothing fits without taking the run apart: it drew


def test_initial_meld_then_lay_off_in_the_same_turn() -> None:
    state = build(["R10 R11 R12 K13 B2", "K1 K2 K3 K4 K5 K6 K7 K8"], ["B3 B4 B5"], melded=(False, True))
    for level in ("easy", "hard"):
        after = play_turn(state, level)
        assert after.melded[0]
        assert after.racks[0] == ids("K13"), level


def test_hard_lays_its_joker_even_while_nobody_is_close() -> None:
    """Hard no longer keeps a joker back (it did not win more over 400 games against the same bot without
    it): a joker that adds only itself is laid all the same, as with a player close to going out."""
    rack = "K5 K6 K7 J B9 O2 R12 B4 O6 R3' K11 B13"  # the joker would only add itself to K5 K6 K7
    far = build([rack, "K1 K2 K3 K4 K8 K9 K10 K12 K13 O1"], ["R1 R2 R3"])
    plan = plan_turn(RULES.view(far, 0))
    assert ids("J")[0] in plan.placed and set(ids("K5 K6 K7")) <= set(plan.placed)
    close = build([rack, "K1 K2 K3"], ["R1 R2 R3"])
    assert plan_turn(RULES.view(close, 0)).placed == plan.placed


def test_hard_never_keeps_its_joker_back_from_going_out() -> None:
    """A rack of thirteen that goes out entirely, joker included, while the other player is far from out:
    the game is won now, so nothing is held back (a missed win is a certain blunder, blunders/rummikub.py)."""
    rack = "K5 K6 K7 J B9 B10 B11 O2 O3 O4 R9 R10 R11"
    state = build([rack, "K1 K2 K3 K4 K8 K9 K10 K12 K13 O1"], ["R1 R2 R3"])
    after = play_turn(state, "hard")
    assert after.phase == "over" and not after.racks[0]


def test_hard_switches_a_joker_out_of_a_locked_set_to_go_out() -> None:
    """A tester's game: Hard held B6 and O13 and drew, where B6 takes the joker's place in B4 B5 J B7 and the
    freed joker joins O13 after O9 O10 O11 (a missed way out is a certain blunder)."""
    state = build(["B6 O13", "K1 K2 K3 K4"], ["B4 B5 J B7", "O9 O10 O11"])
    after = play_turn(state, "hard")
    assert after.phase == "over" and not after.racks[0]
    assert sorted(table_text(after)) == ["B4 B5 B6 B7", "O9 O10 O11 J O13"]
    assert len(play_turn(state, "easy").racks[0]) == 3, "Easy draws: it never takes a joker out"


def test_hard_switches_a_joker_out_and_back_into_the_same_set() -> None:
    """R8 takes the joker's place, and the joker stands for R11 before R12 in that same run (an arena game
    once tried the switch a second time here, which the rules refuse)."""
    state = build(["R8 R12", "K1 K2 K3 K4"], ["R3 R4 R5 R6 R7 J R9 R10"])
    after = play_turn(state, "hard")
    assert after.phase == "over" and not after.racks[0]
    assert table_text(after) == ["R3 R4 R5 R6 R7 R8 R9 R10 J R12"]


def test_hard_switches_a_joker_when_that_lays_more_tiles_and_not_when_the_joker_must_start_a_new_set() -> None:
    state = build(["B6 O13 K9", "K1 K2 K3 K4"], ["B4 B5 J B7", "O9 O10 O11"])
    after = play_turn(state, "hard")
    assert after.racks[0] == ids("K9")
    # Where the freed joker must go into a new set (a setting of the standard rules), the switch is not tried.
    tied = build(["B6 O13", "K1 K2 K3 K4"], ["B4 B5 J B7", "O9 O10 O11"], options=RummikubOptions(joker_reuse="new set"))
    assert len(play_turn(tied, "hard").racks[0]) == 3


def test_american_goes_out_with_a_discard() -> None:
    state = vbuild("american", ["R4 R5 R6 B9", "K1 K2 K3 K4 K5 K6 K7 K8"], [(1, "O7 O8 O9")])
    after = play_turn(state, "hard")
    assert after.phase == "over" and after.winner == 0


def test_turns_end_on_a_busy_table() -> None:
    state = build(
        ["R7' K12 O5 R11 B2 J", "K1 K2 K3 K4 K5 K6 K7 K8"],
        ["R1 R2 R3 R4 R5 R6 R7 R8", "B5 B6 B7 B8", "K7 O7 B7'", "O1 O2 O3 O4", "R10 B10 K10", "K11 O11 B11"],
    )
    after = play_turn(state, "hard")
    assert after.current == 1
    assert len(after.racks[0]) < 7


def test_hard_takes_a_discard_that_plays() -> None:
    state = vbuild("american", ["R5 R6 K1 B9 O12", "K2 K3 K4 K5 K6 K7 K8 K9"], discards=[("R7", 1)], phase="draw")
    assert decide(state, "hard", 0).kind == "take_discard"  # type: ignore[attr-defined]
    assert decide(state, "easy", 0).kind == "draw"  # type: ignore[attr-defined]
    useless = vbuild("american", ["R5 R6 K1 B9 O12", "K2 K3 K4 K5 K6 K7 K8 K9"], discards=[("O3", 1)], phase="draw")
    assert decide(useless, "hard", 0).kind == "draw"  # type: ignore[attr-defined]
    # With one opponent the run it completes stays on the rack (see the tests below); with three it is laid.
    after = play_turn(state, "hard")
    assert not table_text(after) and set(ids("R5 R6 R7")) <= set(after.racks[0])
    four = vbuild("american", ["R5 R6 K1 B9 O12", "K2 K3 K4 K5 K6 K7 K8 K9", "B1 B2 B3", "O1 O2 O3"], discards=[("R7", 1)], phase="draw")
    assert decide(four, "hard", 0).kind == "take_discard"  # type: ignore[attr-defined]
    assert sorted(table_text(play_turn(four, "hard"))) == ["R5 R6 R7"]


def test_hard_keeps_its_sets_on_the_rack_against_one_opponent() -> None:
    """American and International with two players: a set that does not go out stays on Hard's rack, where
    the opponent cannot lay off onto it, and the discard is a tile no set needs. Easy lays it; so does
    Hard with the face-down tiles nearly gone, or in a four-player American game (International: it holds)."""
    racks = ["R5 R6 R7 B9 K2 O12", "K3 K4 K5 K6 K7 K8 K9 K10"]
    for rule_set in ("american", "international"):
        state = vbuild(rule_set, racks, [(1, "B11 B12 B13")])
        after = play_turn(state, "hard")
        assert not after.table[1:], rule_set
        assert set(ids("R5 R6 R7")) <= set(after.racks[0]) and len(after.racks[0]) == 5, rule_set
        assert "R5 R6 R7" in table_text(play_turn(state, "easy")), rule_set
    for players, rule_set, lays in ((3, "american", False), (4, "american", True), (4, "international", False)):
        more = vbuild(rule_set, [*racks, "O1 O2 O3", "O10 O11 O12"][:players], [(1, "B11 B12 B13")])
        assert ("R5 R6 R7" in table_text(play_turn(more, "hard"))) == lays, (players, rule_set)
    late = vbuild("american", racks, [(1, "B11 B12 B13")], pool="O4 O5 O6 O7 O8 O9", fill_pool=False)
    assert "R5 R6 R7" in table_text(play_turn(late, "hard"))
    standard = build(racks, ["B11 B12 B13"])
    assert "R5 R6 R7" in table_text(play_turn(standard, "hard"))


def test_international_hard_skips_the_ice_and_goes_out_from_a_standing_start() -> None:
    """International: a rack whose sets reach the 50-point ice but leave tiles over is not laid (going out
    in one turn needs no ice), with two players or four, and the discard is a spare tile; the turn all
    fourteen tiles fit, they go out at once (here a closed win). With the face-down tiles nearly gone it
    breaks the ice."""
    rack = "R10 R11 R12 B10 B11 B12 K2 O5 R7 B4 O9 K13 O1"  # the runs are worth 66: over the ice
    other = "K3 K4 K6 K7 K8 K9 K10 K11"
    state = vbuild("international", [rack, other], melded=(False, True))
    after = play_turn(state, "hard")
    assert not after.melded[0] and not after.table
    assert set(ids("R10 R11 R12 B10 B11 B12")) <= set(after.racks[0]) and len(after.racks[0]) == 12
    four = vbuild("international", [rack, other, "O2 O3 O4", "O6 O7 O8"], melded=(False, True, True, True))
    assert not play_turn(four, "hard").melded[0]
    late = vbuild("international", [rack, other], melded=(False, True), pool="O2 O3 O4 O6 O7 O8", fill_pool=False)
    assert play_turn(late, "hard").melded[0]
    whole = vbuild("international", ["R10 R11 R12 R13 B10 B11 B12 K10 K11 K12 O10 O11 O12 O13 B2", other], melded=(False, True))
    done = play_turn(whole, "hard")
    assert done.phase == "over" and done.winner == 0 and done.racks[0] == ()


def test_hard_breaks_the_ice_with_the_fewest_tiles_against_one_opponent() -> None:
    """American, two players: of the sets its rack makes, Hard's initial meld lays the fewest tiles worth
    the 21 points (R10 R11 R12, 33) and keeps the rest; with four players it lays every set."""
    rack = "R10 R11 R12 B2 B3 B4 K5 O5 R5 O9 K13"
    state = vbuild("american", [rack, "K3 K4 K6 K7 K8 K9 K10 K11"], melded=(False, True))
    after = play_turn(state, "hard")
    assert after.melded[0] and table_text(after) == ["R10 R11 R12"]
    four = vbuild("american", [rack, "K3 K4 K6 K7 K8 K9 K10 K11", "O1 O2 O3", "O10 O11 O12"], melded=(False, True, True, True))
    laid = {frozenset(row.split()) for row in table_text(play_turn(four, "hard"))}
    assert laid == {frozenset(row.split()) for row in ("B2 B3 B4", "K5 O5 R5", "R10 R11 R12")}


def test_hard_keeps_the_tile_a_draw_can_lay_off_when_two_tiles_stay() -> None:
    # Two tiles kept: a pair's third tile would leave nothing to discard, but K10 joins K9 to K11-K13 with
    # R5 or R6 left for the discard. Easy (and Hard before it counted outs) threw K9 to keep its pair.
    state = vbuild("american", ["R5 R6 K9", "B1 B2 B3 B4 B5 B6 B7 B8"], [(1, "K11 K12 K13")])
    assert decide(state, "hard", 0) == Discard(tile=ids("R6")[0])
    assert decide(state, "easy", 0) == Discard(tile=ids("K9")[0])


def test_hard_keeps_a_pair_whose_third_tile_is_still_unseen() -> None:
    # R5 R7 wants an R6, and both R6 lie on the table; K13 O13 wants an R13 or a B13, all unseen. Easy
    # throws the highest of its tiles with a partner (a 13).
    state = vbuild("american", ["R5 R7 K13 O13", "B1 B2 B3 B4 B5 B6 B7 B8"], [(1, "R6 K6 O6"), (1, "R6' B6 O6'")])
    assert decide(state, "hard", 0) == Discard(tile=ids("R7")[0])
    assert decide(state, "easy", 0).tile in ids("K13 O13")  # type: ignore[attr-defined]


def test_hard_keeps_the_points_of_its_initial_meld() -> None:
    # Before the ice (International: 50) Hard keeps its high tiles, which bring the meld nearer, and throws
    # its lowest; Easy throws the highest of its least linked tiles (a 13). (With six face-down tiles left:
    # before that, Hard skips the ice, see above.)
    racks = ["R5 R7 K13 O13", "B1 B2 B3 B4 B5 B6 B7 B8"]
    table = [(1, "R6 K6 O6"), (1, "R6' B6 O6'")]
    state = vbuild("international", racks, table, melded=(False, True), pool="K1 K2 K3 K4 K5 O2", fill_pool=False)
    assert decide(state, "hard", 0) == Discard(tile=ids("R5")[0])
    assert decide(state, "easy", 0).tile in ids("K13 O13")  # type: ignore[attr-defined]


def test_meld_points_count_as_the_initial_meld() -> None:
    def points(labels: str, one_high: bool = True, two_jokers: bool = True) -> int:
        return _meld_points(tuple(sorted(_kind(t) for t in ids(labels))), one_high, two_jokers)

    assert points("R1 R2 R3 B5 K5 O5") == 21
    assert points("R12 R13 R1") == 26  # a 1 after a 13 counts one
    assert points("R12 R13 R1", one_high=False) == 0
    assert points("R11 R12 J") == 36  # the joker as the R13 (worth more than the R10)
    assert points("R5 B5 J J'") == 20
    assert points("R5 B5 J J'", two_jokers=False) == 15
    assert points("R1 R2 R3 R4 R1' R2' R3' K1") == 16  # R1-R4 and R1 R2 R3: more than any sets with the group


def test_hard_takes_a_discard_that_nears_its_initial_meld() -> None:
    # International, before the ice: O12 makes a group with R12 K12 (36 of the 50), so Hard takes it rather
    # than a blind draw; O3 adds nothing.
    racks = ["R12 K12 B2 O5 R7 K9", "B1 B3 B4 B5 B6 B7 B8 B10"]
    state = vbuild("international", racks, discards=[("O12", 1)], melded=(False, True), phase="draw")
    assert decide(state, "hard", 0).kind == "take_discard"  # type: ignore[attr-defined]
    assert decide(state, "easy", 0).kind == "draw"  # type: ignore[attr-defined]
    useless = vbuild("international", racks, discards=[("O3", 1)], melded=(False, True), phase="draw")
    assert decide(useless, "hard", 0).kind == "draw"  # type: ignore[attr-defined]


def test_hard_takes_the_trump_that_goes_out() -> None:
    state = vbuild("american", ["R5 R6 K9", "B1 B2 B3 B4 B5 B6 B7 B8"], [(1, "O1 O2 O3")], trump="R7", phase="draw")
    assert decide(state, "hard", 0).kind == "take_trump"  # type: ignore[attr-defined]
    after = play_turn(state, "hard")
    assert after.phase == "over" and after.winner == 0
    useless = vbuild("american", ["R5 R6 K9", "B1 B2 B3 B4 B5 B6 B7 B8"], [(1, "O1 O2 O3")], trump="O9", phase="draw")
    assert decide(useless, "hard", 0).kind == "draw"  # type: ignore[attr-defined]
