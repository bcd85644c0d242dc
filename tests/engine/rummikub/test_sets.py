"""Reading one row of tiles as a run or a group (engine/rummikub/sets.py)."""

from __future__ import annotations

import random
import time

import pytest

from boardgames_tui.engine.rummikub.sets import analyse, rack_value, set_value, validate_table
from boardgames_tui.engine.rummikub.tiles import JokerMeaning, TILES

from .helpers import ids, say


def read(text: str, one: str = "low", two: bool = True, chosen: tuple[JokerMeaning, ...] = ()):  # type: ignore[no-untyped-def]
    return analyse(ids(text), one, two, chosen)  # type: ignore[arg-type]


def jokers(text: str, **kw) -> list[str]:  # type: ignore[no-untyped-def]
    info = read(text, **kw)
    return [f"{m.colour or '?'}{m.number}" for m in info.jokers]


# Runs ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("row", "value"),
    [("R1 R2 R3", 6), ("K11 K12 K13", 36), ("B4 B5 B6 B7 B8", 30), ("O1 O2 O3 O4 O5 O6 O7 O8 O9 O10 O11 O12 O13", 91)],
)
def test_plain_runs(row: str, value: int) -> None:
    info = read(row)
    assert info.valid and info.kind == "run" and info.problem is None and info.value == value
    assert set_value(ids(row)) == value


@pytest.mark.parametrize(
    ("row", "meanings", "value"),
    [
        ("J R5 R6", ["R4"], 15),
        ("R4 J R6", ["R5"], 15),
        ("R4 R5 J", ["R6"], 15),
        ("R4 R5 J R7", ["R6"], 22),
        ("J R2 R3 R4", ["R1"], 10),
        ("J J R3", ["R1", "R2"], 6),
        ("R11 J J", ["R12", "R13"], 36),
        ("R4 J J R7", ["R5", "R6"], 22),
        ("J B8 J", ["B7", "B9"], 24),
        ("B1 J B3", ["B2"], 6),
    ],
)
def test_runs_with_jokers_in_every_position(row: str, meanings: list[str], value: int) -> None:
    info = read(row)
    assert info.valid and info.kind == "run", info.problem
    assert jokers(row) == meanings
    assert info.value == value


def test_the_jokers_position_decides_its_number() -> None:
    assert jokers("R4 R5 J") == ["R6"]
    assert jokers("J R4 R5") == ["R3"]


@pytest.mark.parametrize(
    ("row", "problem"),
    [
        ("R4 R6 R7", "R4 R6 R7: a run must be consecutive"),
        ("R6 R5 R4", "R6 R5 R4: a run goes up from left to right"),
        ("R12 R13 R1", "R12 R13 R1: 12-13-1 is not a run in this game (1 is low only)"),
        ("R12 R13 J", "R12 R13 J: a run cannot go above 13"),
        ("J R1 R2", "J R1 R2: a run cannot go below 1"),
        ("R4 R5 R5", "R4 R5 R5: a run cannot repeat a number"),
        ("R4 B5 R6", "R4 B5 R6: a run must be all one colour"),
        # a tester's run with one tile of another colour was told "a group must be all one number"
        ("R1 R2 R3 K3", "R1 R2 R3 K3: a run must be all one colour"),
        ("R13 R1 R2", "R13 R1 R2: a run goes up from left to right"),
    ],
)
def test_broken_runs_say_why(row: str, problem: str) -> None:
    info = read(row)
    assert not info.valid and info.kind is None and info.value == 0 and info.jokers == ()
    assert say(info.problem) == problem


def test_one_is_low_only_in_the_standard_game() -> None:
    assert read("R1 R2 R3").valid
    assert not read("R12 R13 R1").valid
    assert not read("R13 R1 R2").valid


def test_one_may_also_be_high_when_the_rule_set_says_so() -> None:
    info = read("R12 R13 R1", one="low_or_high")
    assert info.valid and info.kind == "run" and info.value == 26
    assert read("R1 R2 R3", one="low_or_high").valid
    assert jokers("R12 R13 J", one="low_or_high") == ["R1"]
    wrap = read("R13 R1 R2", one="low_or_high")
    assert not wrap.valid and say(wrap.problem) == "R13 R1 R2: 1 may start or end a run, never sit in the middle"
    assert say(read("R12 R13 R1 J", one="low_or_high").problem) == "R12 R13 R1 J: a run cannot go past 13-1"


# Groups ------------------------------------------------------------------------------------------------


def test_groups_of_three_and_four() -> None:
    for row in ("R5 B5 K5", "R5 B5 K5 O5", "O13 K13 R13"):
        info = read(row)
        assert info.valid and info.kind == "group" and info.jokers == ()
    assert read("R5 B5 K5 O5").value == 20


@pytest.mark.parametrize(
    ("row", "problem"),
    [
        ("B5 R5 B5", "B5 R5 B5: a group needs different colours"),
        ("R5 B5 K5 O5 R5", "R5 B5 K5 O5 R5: a group has at most 4 tiles"),
        ("R5 B5 K6", "R5 B5 K6: a group must be all one number"),
        ("R5 B5 K5 K6", "R5 B5 K5 K6: a group must be all one number"),
        ("R5 B5 K5 O5 J", "R5 B5 K5 O5 J: a group has at most 4 tiles"),
        ("R5 R5 J", "R5 R5 J: a group needs different colours"),
        ("R4 B5 K6", "R4 B5 K6: neither a run (one colour) nor a group (one number)"),
    ],
)
def test_broken_groups_say_why(row: str, problem: str) -> None:
    info = read(row)
    assert not info.valid and say(info.problem) == problem


def test_short_rows() -> None:
    assert say(read("R4 R5").problem) == "only 2 tiles: a set needs at least 3"
    assert say(read("J").problem) == "only 1 tile: a set needs at least 3"
    assert say(analyse(()).problem) == "an empty set"


def test_a_group_joker_with_one_missing_colour_is_fixed() -> None:
    info = read("R5 B5 J K5")
    assert info.valid and info.kind == "group" and jokers("R5 B5 J K5") == ["O5"]
    assert info.ambiguous == ()


def test_a_group_joker_with_two_missing_colours_is_open_until_chosen() -> None:
    row = ids("R7 J B7")
    info = analyse(row)
    assert info.valid and info.kind == "group" and info.value == 21
    assert [(m.colour, m.number) for m in info.jokers] == [(None, 7)]
    joker = row[1]
    assert info.ambiguous == (joker,)
    assert info.alternatives[joker] == (("K", 7), ("O", 7))
    chosen = analyse(row, chosen=(JokerMeaning(tile=joker, colour="O", number=7),))
    assert [(m.colour, m.number) for m in chosen.jokers] == [("O", 7)]
    assert chosen.alternatives[joker] == (("K", 7),)
    # a choice that does not fit is ignored
    odd = analyse(row, chosen=(JokerMeaning(tile=joker, colour="R", number=7),))
    assert [(m.colour, m.number) for m in odd.jokers] == [(None, 7)]


def test_two_jokers_filling_two_missing_colours_take_them_in_order() -> None:
    assert jokers("R5 B5 J J") == ["K5", "O5"]
    assert read("R5 B5 J J").ambiguous == ()


# Both readings and the two-jokers option -------------------------------------------------------------


def test_a_row_that_reads_both_ways_is_a_run_by_default_and_can_be_switched() -> None:
    row = ids("R5 J J")
    info = analyse(row)
    assert info.valid and info.kind == "run" and info.both_readings and info.value == 18
    assert jokers("R5 J J") == ["R6", "R7"]
    j1, j2 = row[1], row[2]
    assert set(info.ambiguous) == {j1, j2}
    assert ("K", 5) in info.alternatives[j1]
    group = analyse(row, chosen=(JokerMeaning(tile=j1, colour="K", number=5),))
    assert group.kind == "group" and group.value == 15
    assert [(m.colour, m.number) for m in group.jokers] == [("K", 5), (None, 5)]
    assert ("R", 6) in group.alternatives[j1]  # and back again
    back = analyse(row, chosen=(JokerMeaning(tile=j1, colour="R", number=6),))
    assert back.kind == "run"


def test_both_readings_only_where_the_run_fits() -> None:
    info = read("R13 J J")  # no room for a run above 13: a group of 13s
    assert info.valid and info.kind == "group" and not info.both_readings
    assert read("J J R1").kind == "group"


def test_two_jokers_in_a_set_can_be_forbidden() -> None:
    for row in ("R5 J J", "R4 J J R7", "R5 B5 J J"):
        assert read(row).valid
        info = read(row, two=False)
        assert not info.valid and say(info.problem) == f"{row}: two jokers may not share a set in this game"
    assert read("R4 J R6", two=False).valid


# Values ------------------------------------------------------------------------------------------------


def test_initial_meld_value_counts_jokers_as_what_they_stand_for() -> None:
    assert set_value(ids("R10 J R12")) == 33
    assert set_value(ids("K10 B10 J")) == 30
    assert set_value(ids("R4 R6 R7")) == 0  # invalid sets are worth nothing


def test_rack_value_counts_a_joker_30() -> None:
    assert rack_value(ids("R3 K13 J")) == 46
    assert rack_value(()) == 0


# A whole table ----------------------------------------------------------------------------------------


def _big_table() -> list[tuple[int, ...]]:
    rows = []
    for copy in ("", "'"):
        for colour in "KRBO":
            rows.append(ids(" ".join(f"{colour}{n}{copy}" for n in range(1, 7))))
            rows.append(ids(" ".join(f"{colour}{n}{copy}" for n in range(7, 13))))
    return rows


def test_validate_table_reads_every_set() -> None:
    rows = _big_table()
    assert sum(len(r) for r in rows) == 96
    rows.append(ids("K13 R13 B13 J"))
    rows.append(ids("O13 J K13'"))
    infos = validate_table(rows)
    assert len(infos) == len(rows) and all(i.valid for i in infos)
    rows.append(ids("R13' B13'"))
    assert not validate_table(rows)[-1].valid


def test_validate_table_on_a_100_tile_table_is_correct_cold_and_warm() -> None:
    rows = _big_table() + [ids("K13 R13 B13 J")]
    rng = random.Random(3)
    rng.shuffle(rows)
    from boardgames_tui.engine.rummikub import sets

    sets._CACHE.clear()
    start = time.perf_counter()
    cold = validate_table(rows)
    warm = validate_table(rows)
    elapsed = time.perf_counter() - start  # not asserted: a benchmark, not a timed test
    assert elapsed >= 0
    assert [i.valid for i in cold] == [i.valid for i in warm] == [True] * len(rows)
    assert sum(len(i.tiles) for i in cold) == 100


def test_tiles() -> None:
    assert len(TILES) == 106
    assert sum(1 for t in TILES if t.is_joker) == 2
    for colour in "KRBO":
        for n in range(1, 14):
            assert sum(1 for t in TILES if t.colour == colour and t.number == n) == 2
