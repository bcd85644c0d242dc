"""Rummikub sets: is an ordered row of tiles a valid run or group, what does every joker in it stand for,
and what is it worth. Shared by every Rummikub rule set (standard, American, International).

- A run is 3+ tiles of one colour with consecutive numbers, read left to right ascending, so a joker's
  number follows from its position (the J in R4 R5 J is R6, in J R4 R5 it is R3). Numbers stay within
  1..13; with `one_in_runs="low_or_high"` a 1 may also follow 13 (12-13-1) but never sit in the middle
  (13-1-2 is not a run).
- A group is 3 or 4 tiles of one number, all colours different. A joker stands for one of the missing
  colours: fixed when as many colours are missing as there are jokers, otherwise open (colour None) until
  the player chooses one.
- A row that reads both ways (one real tile and two jokers: R5 J J = R5 R6 R7 or three 5s) is valid; the
  run is the default reading and a choice (see `analyse`'s `chosen`) switches it.

`analyse` is cached on its arguments, so validating a whole table of unchanged sets costs a dictionary
look-up per set.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from ..base import Fact, fact
from .tiles import COLOURS, JOKER_PENALTY, TILES, JokerMeaning, OneInRuns

__all__ = [
    "SetKind",
    "SetInfo",
    "COLOUR_OF",
    "NUMBER_OF",
    "LABEL_OF",
    "IS_JOKER",
    "JOKER_IDS",
    "analyse",
    "validate_table",
    "set_value",
    "rack_value",
    "tile_penalty",
    "labels",
    "meaning",
    "valid_order",
]

SetKind = Literal["run", "group"]

_COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
# Per tile id: colour index (0..3, -1 for a joker), number (0 for a joker), label ("R5", "J").
COLOUR_OF: tuple[int, ...] = tuple(-1 if t.is_joker else _COLOUR_INDEX[t.colour] for t in TILES)
NUMBER_OF: tuple[int, ...] = tuple(t.number for t in TILES)
LABEL_OF: tuple[str, ...] = tuple(t.label for t in TILES)
IS_JOKER: tuple[bool, ...] = tuple(t.is_joker for t in TILES)
JOKER_IDS: tuple[int, ...] = tuple(t.id for t in TILES if t.is_joker)


def labels(tiles: Iterable[int]) -> str:
    """'R4 R5 J'."""
    return " ".join(LABEL_OF[t] for t in tiles)


def tile_penalty(tile: int) -> int:
    """What a tile left on a rack counts: its number, a joker 30."""
    return JOKER_PENALTY if IS_JOKER[tile] else NUMBER_OF[tile]


def rack_value(rack: Iterable[int]) -> int:
    return sum(tile_penalty(t) for t in rack)


_MEANINGS: dict[tuple[int, str | None, int], JokerMeaning] = {}


def meaning(tile: int, colour: str | None, number: int) -> JokerMeaning:
    """An interned JokerMeaning."""
    key = (tile, colour, number)
    m = _MEANINGS.get(key)
    if m is None:
        m = _MEANINGS[key] = JokerMeaning.model_construct(tile=tile, colour=colour, number=number)
    return m


class SetInfo:
    """The reading of one row of tiles.

    valid / kind ("run", "group" or None) / problem (a Fact saying why not, None when valid) / value (points of
    a valid set, jokers counting as what they stand for; 0 when invalid) / jokers (what every joker
    stands for, in position order; empty when invalid) / ambiguous (jokers whose meaning may be switched)
    / alternatives (joker id -> the (colour, number) meanings it may be switched to) / both_readings
    (the row is a valid run and a valid group) / colours (bit mask of the real tiles' colours) / number
    (a group's number, 0 otherwise).
    """

    __slots__ = (
        "tiles",
        "valid",
        "kind",
        "_why",
        "value",
        "jokers",
        "ambiguous",
        "alternatives",
        "both_readings",
        "colours",
        "number",
    )

    def __init__(
        self,
        tiles: tuple[int, ...],
        valid: bool,
        kind: SetKind | None,
        problem: Fact | tuple[str, dict[str, Any]] | bool | None,
        value: int = 0,
        jokers: tuple[JokerMeaning, ...] = (),
        alternatives: dict[int, tuple[tuple[str, int], ...]] | None = None,
        both_readings: bool = False,
        colours: int = 0,
        number: int = 0,
    ) -> None:
        self.tiles = tiles
        self.valid = valid
        self.kind = kind
        # Why the row is invalid: a Fact, (kind, args), or a bool for "work it out, 1 high or not" (see
        # _problem). The Fact is built when someone reads it, and not kept: readings stay in the cache long,
        # and a playout, which reads few, should not fill the memory with sentences' facts.
        self._why = problem
        self.value = value
        self.jokers = jokers
        self.alternatives = alternatives or {}
        self.ambiguous = tuple(j for j, alts in self.alternatives.items() if alts)
        self.both_readings = both_readings
        self.colours = colours
        self.number = number

    @property
    def problem(self) -> Fact | None:
        why = self._why
        if why is None or isinstance(why, Fact):
            return why
        kind, args = _problem(self.tiles, why) if isinstance(why, bool) else why
        return fact(kind, **args)

    def meaning_of(self, joker: int) -> JokerMeaning | None:
        for m in self.jokers:
            if m.tile == joker:
                return m
        return None

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        what = self.kind if self.valid else f"invalid: {self.problem}"
        return f"SetInfo({labels(self.tiles)}: {what}, value {self.value})"


# Readings ---------------------------------------------------------------------------------------------


def _run_starts(tiles: Sequence[int], high: bool) -> tuple[int, tuple[int, ...]] | None:
    """(colour, possible start numbers) if the real tiles are one colour and fit one progression."""
    colour = -1
    starts: tuple[int, ...] | None = None
    for i, t in enumerate(tiles):
        c = COLOUR_OF[t]
        if c < 0:
            continue
        v = NUMBER_OF[t]
        if starts is None:
            colour = c
            starts = (v - i, 14 - i) if (high and v == 1) else (v - i,)
        else:
            if c != colour:
                return None
            starts = tuple(s for s in starts if s + i == v or (high and v == 1 and s + i == 14))
            if not starts:
                return None
    if starts is None:
        return None
    return colour, starts


def _run_reading(tiles: Sequence[int], high: bool) -> tuple[int, int] | None:
    """(colour, start) of the valid run reading, or None."""
    found = _run_starts(tiles, high)
    if found is None:
        return None
    colour, starts = found
    top = 14 if high else 13
    n = len(tiles)
    for s in starts:
        if s >= 1 and s + n - 1 <= top:
            return colour, s
    return None


def _group_reading(tiles: Sequence[int]) -> tuple[int, int] | None:
    """(number, colour mask of the real tiles) of the valid group reading, or None."""
    if len(tiles) > 4:
        return None
    number = 0
    mask = 0
    for t in tiles:
        c = COLOUR_OF[t]
        if c < 0:
            continue
        v = NUMBER_OF[t]
        if number == 0:
            number = v
        elif v != number:
            return None
        bit = 1 << c
        if mask & bit:
            return None
        mask |= bit
    if number == 0:
        return None
    return number, mask


def _problem(tiles: tuple[int, ...], high: bool) -> tuple[str, dict[str, Any]]:
    """Why a row of at least 3 tiles (jokers allowed by the options) is neither a run nor a group."""
    shown = [LABEL_OF[t] for t in tiles]
    reals = [t for t in tiles if not IS_JOKER[t]]
    numbers = [NUMBER_OF[t] for t in reals]
    colours = [COLOUR_OF[t] for t in reals]
    if len(reals) >= 2 and len(set(numbers)) == 1:
        if len(tiles) > 4:
            return ("set_group_too_big", {"tiles": shown})
        return ("set_group_colours_repeat", {"tiles": shown})
    if len(set(colours)) == 1:
        # One colour, different numbers: an attempted run.
        if not high and 1 in numbers and _run_reading(tiles, True) is not None:
            return ("set_one_is_low_only", {"tiles": shown})
        if len(numbers) != len(set(numbers)):
            return ("set_run_repeats_number", {"tiles": shown})
        if high and 1 in numbers[1:-1]:
            return ("set_one_in_the_middle", {"tiles": shown})
        found = _run_starts(tiles, high)
        if found is not None:
            top = 14 if high else 13
            if len(tiles) > top:
                return ("set_run_too_long", {"tiles": shown, "most": top})
            if all(s < 1 for s in found[1]):
                return ("set_run_below_one", {"tiles": shown})
            return ("set_run_past_high_one" if high else "set_run_above_thirteen", {"tiles": shown})
        rising = numbers[:-1] if high and numbers[-1] == 1 else numbers
        if any(a > b for a, b in zip(rising, rising[1:])):
            return ("set_run_goes_down", {"tiles": shown})
        return ("set_run_has_gaps", {"tiles": shown})
    # Mixed colours and numbers: named after what most of its tiles share (R1 R2 R3 K3 is a run with one
    # tile of the wrong colour, not a group: a tester was told "a group must be all one number").
    most_of_a_colour = max((colours.count(c) for c in colours), default=0)
    most_of_a_number = max((numbers.count(n) for n in numbers), default=0)
    if most_of_a_colour != most_of_a_number:
        return ("set_run_colours_mixed" if most_of_a_colour > most_of_a_number else "set_group_numbers_mixed", {"tiles": shown})
    if len(set(numbers)) == len(numbers):
        if len(set(colours)) == len(colours) and len(tiles) <= 4:
            return ("set_neither_run_nor_group", {"tiles": shown})
        return ("set_run_colours_mixed", {"tiles": shown})
    return ("set_group_numbers_mixed", {"tiles": shown})


_EMPTY = fact("set_empty")


def _analyse(tiles: tuple[int, ...], high: bool, two_jokers: bool, chosen: tuple[JokerMeaning, ...]) -> SetInfo:
    n = len(tiles)
    if n < 3:
        if n == 0:
            return SetInfo(tiles, False, None, _EMPTY)
        return SetInfo(tiles, False, None, ("set_too_short", {"count": n}))
    joker_pos = [i for i, t in enumerate(tiles) if IS_JOKER[t]]
    if len(joker_pos) >= 2 and not two_jokers:
        return SetInfo(tiles, False, None, ("set_two_jokers", {"tiles": [LABEL_OF[t] for t in tiles]}))
    run = _run_reading(tiles, high)
    group = _group_reading(tiles)
    if run is None and group is None:
        return SetInfo(tiles, False, None, high)
    both = run is not None and group is not None
    jokers = [tiles[i] for i in joker_pos]
    choice: dict[int, tuple[str | None, int]] = {}
    last_choice_is_run: bool | None = None
    for m in chosen:
        if m.tile in jokers:
            choice[m.tile] = (m.colour, m.number)
            if both and run is not None:
                last_choice_is_run = m.colour == COLOURS[run[0]]
    use_run = run is not None and (group is None or last_choice_is_run is not False)
    alternatives: dict[int, tuple[tuple[str, int], ...]] = {}
    if use_run:
        assert run is not None
        colour, start = run
        cname = COLOURS[colour]
        meanings = []
        value = 0
        for i in range(n):
            v = start + i
            shown = 1 if v == 14 else v
            value += shown
            if IS_JOKER[tiles[i]]:
                meanings.append(meaning(tiles[i], cname, shown))
        if both:
            assert group is not None
            number, mask = group
            missing = tuple(COLOURS[c] for c in range(4) if not mask & (1 << c))
            for j in jokers:
                alternatives[j] = tuple((c, number) for c in missing)
        return SetInfo(tiles, True, "run", None, value, tuple(meanings), alternatives, both, 1 << colour, 0)
    assert group is not None
    number, mask = group
    missing = [COLOURS[c] for c in range(4) if not mask & (1 << c)]
    assigned: dict[int, str | None] = {}
    taken: set[str] = set()
    for j in jokers:
        c = choice.get(j, (None, 0))[0]
        if c is not None and c in missing and c not in taken and choice[j][1] == number:
            assigned[j] = c
            taken.add(c)
    free = [c for c in missing if c not in taken]
    fixed = len(jokers) == len(missing)
    for j in jokers:
        if j not in assigned:
            assigned[j] = free.pop(0) if fixed else None
    run_alt: dict[int, tuple[str, int]] = {}
    if both:
        assert run is not None
        colour, start = run
        for i in joker_pos:
            v = start + i
            run_alt[tiles[i]] = (COLOURS[colour], 1 if v == 14 else v)
    for j in jokers:
        alts: list[tuple[str, int]] = []
        if j in run_alt:
            alts.append(run_alt[j])
        if not fixed:
            others = {assigned[k] for k in jokers if k != j}
            alts.extend((c, number) for c in missing if c != assigned[j] and c not in others)
        alternatives[j] = tuple(alts)
    meanings = tuple(meaning(j, assigned[j], number) for j in jokers)
    return SetInfo(tiles, True, "group", None, number * n, meanings, alternatives, both, mask, number)


_CACHE: dict[tuple[Any, ...], SetInfo] = {}
_CACHE_LIMIT = 200_000


def analyse(
    tiles: Sequence[int],
    one_in_runs: OneInRuns = "low",
    two_jokers: bool = True,
    chosen: tuple[JokerMeaning, ...] = (),
) -> SetInfo:
    """Read an ordered row of tile ids as a run or a group.

    `chosen` holds the player's choices for ambiguous jokers (TableSet.jokers); a choice that does not
    fit the row is ignored.
    """
    tiles = tuple(tiles)
    key = (tiles, one_in_runs, two_jokers, chosen)
    info = _CACHE.get(key)
    if info is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        info = _CACHE[key] = _analyse(tiles, one_in_runs == "low_or_high", two_jokers, chosen)
    return info


def set_value(
    tiles: Sequence[int], one_in_runs: OneInRuns = "low", two_jokers: bool = True, chosen: tuple[JokerMeaning, ...] = ()
) -> int:
    """Points of a valid set for the initial meld (jokers count as what they stand for); 0 if invalid."""
    return analyse(tiles, one_in_runs, two_jokers, chosen).value


def validate_table(table: Iterable[Any], one_in_runs: OneInRuns = "low", two_jokers: bool = True) -> tuple[SetInfo, ...]:
    """Every set of a table (TableSet objects, or plain rows of tile ids) read in order."""
    out = []
    for s in table:
        if isinstance(s, tuple):
            out.append(analyse(s, one_in_runs, two_jokers))
        else:
            out.append(analyse(s.tiles, one_in_runs, two_jokers, s.jokers))
    return tuple(out)


def valid_order(tiles: Sequence[int], one_in_runs: OneInRuns = "low", two_jokers: bool = True) -> tuple[int, ...] | None:
    """`tiles` laid out as a valid set when some order of them is one (R8 R7 R6 -> R6 R7 R8, R4 R6 J ->
    R4 J R6), else None. An order that is already valid is kept; otherwise a group is ordered by colour
    and a run ascending, jokers filling its gaps, then its ends (after the top, or before it at 13)."""
    row = tuple(tiles)
    if not row:
        return None
    if analyse(row, one_in_runs, two_jokers).valid:
        return row
    jokers = [t for t in row if IS_JOKER[t]]
    real = [t for t in row if not IS_JOKER[t]]
    candidates: list[tuple[int, ...]] = [tuple(sorted(real, key=lambda t: (COLOUR_OF[t], t))) + tuple(jokers)]
    highs = (False, True) if one_in_runs == "low_or_high" else (False,)
    for high in highs:
        def number(t: int, high: bool = high) -> int:
            return 14 if high and NUMBER_OF[t] == 1 else NUMBER_OF[t]

        ordered = sorted(real, key=lambda t: (number(t), t))
        spare = list(jokers)
        out: list[int] = []
        previous: int | None = None
        for t in ordered:
            if previous is not None:
                gap = number(t) - previous - 1
                while gap > 0 and spare:
                    out.append(spare.pop())
                    gap -= 1
            out.append(t)
            previous = number(t)
        top = previous or 0
        after = min(len(spare), max((14 if high else 13) - top, 0))
        candidates.append(tuple(spare[after:]) + tuple(out) + tuple(spare[:after]))
    for candidate in candidates:
        if analyse(candidate, one_in_runs, two_jokers).valid:
            return candidate
    return None
