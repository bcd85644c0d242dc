"""Computer players for Rummikub (every rule set).

A turn is several actions, and a fresh bot is asked for each one, so every decision works out the whole
turn's plan again from the View and plays its next step. The plan's input is the same at every step of a
turn (the table as it stood when the turn started, which the View states as `start_table`; and the rack
plus the tiles played from it this turn), so each step finds the same plan, and each step completes one
more of its sets: a turn ends after at most as many steps as the plan has sets, plus the closing action.
(Reading the turn's start off the current table instead, as the table minus the tiles played from the
rack, broke once a step had moved table tiles between sets: a locked run grown with a rack tile and table
tiles read with a gap, the plan came out empty, the turn's moves were taken back and redone until the
turn's action budget ran out, and Hard drew where it could have gone out.)

Levels:
- "easy": new sets from its rack and tiles added to the ends of sets already on the table (never takes
  a set apart); draws when that places nothing.
- "hard": the exact move finder (finder.py) over everything the rules let it rearrange; in the standard
  game it also tries taking a joker out of a locked set with the rack tile it stands for, the freed joker
  then going wherever it plays best (`_with_joker_switch`). In American and
  International it takes the discard pile's top instead of drawing when that tile plays, and the trump
  when that goes out. Before the ice in International (50 points) it keeps the meld points its rack
  holds (the sets the rack makes on its own, counted as the initial meld counts them): it throws the tile
  whose loss keeps the most, the lowest among equals, and takes the discard pile's top when it adds to
  them. Once it has broken the ice (International: in this turn too) it discards the tile that costs the
  fewest outs (unseen tiles that would complete a set with two rack tiles, or join a run on the table
  with one; with two tiles kept only the latter, since a completed set would leave nothing to discard).
  Before the ice in American (21 points) it throws as Easy does. Whenever an opponent is down to 3 tiles
  or fewer, it first keeps back what the next player (the only one who may take its discard) could lay:
  tiles that join a set on the table or fit among that player's own melds, then those their rack is
  likelier to complete; and in American, among tiles as safe and as little worth keeping, it throws the
  highest rather than be caught with it. In International, and in American with one or two opponents, it
  keeps its sets on its rack until they go out (`holds_back`), so nobody can lay off onto them. In American
  its initial meld is the fewest tiles that reach the ice, and then it lays nothing short of going out; in
  International it does not break the ice at all but goes out in one turn (a finish or a closed win). It
  still takes a discard that completes a set, and throws only tiles no set needs. (It once kept a joker
  back in the standard game while nobody was close to going out: over 400 arena games against the same
  bot without it, on deals it was never tuned on, that won 50.75% to 49.25%, inside the noise, so it went.)
- "random": any legal action (the floor).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ...engine.rummikub.models import (
    Discard,
    Draw,
    EndTurn,
    MoveTiles,
    ResetTurn,
    ReturnToRack,
    RummikubView,
)
from ...engine.rummikub.sets import COLOUR_OF, IS_JOKER, LABEL_OF, NUMBER_OF, analyse, set_value
from ...engine.rummikub.tiles import COLOURS, OneInRuns
from ..base import BotFactory, RandomBot
from .finder import Play, Position, best_play, dense_positions, finder_benchmark, run_span, tile_points

__all__ = [
    "LEVELS",
    "TurnPlan",
    "plan_turn",
    "arena_figures",
    "finder_benchmark",
    "dense_positions",
    "RummikubBot",
]

@dataclass
class TurnPlan:
    """What a turn will do: the new sets to build (in building order), the table sets that grow (by id,
    their row afterwards), and which rack tiles go to the table."""

    new_sets: list[tuple[int, ...]] = field(default_factory=list)
    grown: dict[int, tuple[int, ...]] = field(default_factory=dict)
    placed: tuple[int, ...] = ()
    points: int = 0
    switch: tuple[int, int, int] | None = None  # (set id, joker, rack tile): the joker switched out first

    @property
    def count(self) -> int:
        return len(self.placed)


@dataclass
class _Table:
    """The table as the turn's plan reads it."""

    free: list[int]  # start tiles that may be rearranged freely
    free_rows: list[tuple[int, tuple[int, ...]]]  # the same, as (set id, row)
    fixed: list[tuple[int, tuple[int, ...]]]  # (set id, start row): may grow, keeps its tiles
    others: list[tuple[int, tuple[int, ...]]]  # (set id, start row): may only take tiles from the rack
    optional: list[int]  # rack tiles and tiles played from the rack this turn


def _read_table(view: RummikubView) -> _Table:
    """The table as it stood when the turn began (the View's `start_table`), never the table the turn's
    moves have made so far: a set taken apart, or a locked set grown with a table tile, reads the same at
    every step, so every step finds the same plan."""
    seat = view.seat
    melded = view.melded[seat] if seat is not None else False
    owned = view.turn_rules.own_sets_only
    free: list[int] = []
    free_rows: list[tuple[int, tuple[int, ...]]] = []
    fixed: list[tuple[int, tuple[int, ...]]] = []
    others: list[tuple[int, tuple[int, ...]]] = []
    for sv in view.start_table:
        core = tuple(t.id for t in sv.tiles)
        if not melded:
            others.append((sv.id, core))  # untouchable before the initial meld; lay-offs after it
        elif owned and sv.owner != seat:
            others.append((sv.id, core))
        elif sv.locked:
            fixed.append((sv.id, core))
        else:
            free.extend(core)
            free_rows.append((sv.id, core))
    rack = [t.id for t in view.rack or ()]
    return _Table(free, free_rows, fixed, others, sorted(rack + [t for t in view.played_this_turn if t not in rack]))


def _solve(
    free: Sequence[int], fixed: Sequence[tuple[int, ...]], optional: Sequence[int], view: RummikubView, threshold: int = 0
) -> Play | None:
    one, two = view.turn_rules.one_in_runs, view.turn_rules.two_jokers_in_a_set
    if any(not analyse(row, one, two).valid for row in fixed):
        return None  # not met: the table at the start of a turn holds valid sets only
    position = Position(
        free=tuple(sorted(free)),
        optional=tuple(sorted(optional)),
        fixed=tuple(fixed),
        one_high=one == "low_or_high",
        two_jokers=two,
        meld_threshold=threshold,
    )
    return best_play(position)


def _lay_offs(
    rows: dict[int, tuple[int, ...]], spare: list[int], view: RummikubView
) -> tuple[dict[int, tuple[int, ...]], list[int]]:
    """Add spare rack tiles to the ends of the given sets (a group: a missing colour) while one fits:
    (the sets that grew, the tiles still spare)."""
    one, two = view.turn_rules.one_in_runs, view.turn_rules.two_jokers_in_a_set
    grown: dict[int, tuple[int, ...]] = {}
    spare = sorted(spare, key=lambda t: (IS_JOKER[t], -tile_points(t), t))  # jokers last: worth keeping
    changed = True
    while changed:
        changed = False
        for t in list(spare):
            for set_id, row in rows.items():
                new = _extended(grown.get(set_id, row), t, one, two)
                if new is not None:
                    grown[set_id] = new
                    spare.remove(t)
                    changed = True
                    break
    return grown, spare


def _extended(row: tuple[int, ...], t: int, one: OneInRuns, two: bool) -> tuple[int, ...] | None:
    """The set with the tile added at one end and still of its kind (a group: a missing colour), or None."""
    before = analyse(row, one, two)
    if not before.valid:
        return None
    for new in (row + (t,), (t,) + row):
        after = analyse(new, one, two)
        if after.valid and after.kind == before.kind:
            return new
    return None


def plan_turn(
    view: RummikubView, level: str = "hard", pool: list[int] | None = None, hold: bool = False
) -> TurnPlan:
    """The turn's plan for the seat to play: the same at every step of the turn. `pool` replaces the rack
    (and the tiles played this turn) for a what-if: the rack with the discard pile's top added, say.
    With `hold` (`holds_back`) the sets stay on the rack unless they go out: the initial meld lays only
    the fewest tiles that reach it (none where a player may go out from a standing start), and after it
    nothing is laid short of going out."""
    seat = view.seat
    assert seat is not None
    table = _read_table(view)
    pool = list(table.optional) if pool is None else sorted(pool)
    if not view.melded[seat]:
        if view.turn_rules.closed_win:
            closed = _candidate(view, pool, [], [], [])
            if closed is not None and closed.count == len(pool) - 1:
                return closed  # a closed win: every tile but the discard, in new sets
        same_turn = view.turn_rules.play_after_meld_same_turn
        meld = _candidate(view, pool, [], [], table.others if same_turn else [], view.turn_rules.initial_meld)
        if meld is not None and hold and meld.count < len(pool) - 1:
            # Where a player may go out from a standing start (International), Hard never breaks the ice
            # before; in American the ice is needed first, to take discards.
            meld = None if view.turn_rules.closed_win else _least_ice(view, meld)
        return meld if meld is not None else TurnPlan()
    # Without taking anything apart: new sets, and the sets on the table grown at their ends.
    in_place = table.fixed + table.free_rows + table.others
    plan = _candidate(view, pool, [], in_place, [])
    if level == "hard":
        full = _candidate(view, pool, table.free, table.fixed, table.others)
        if full is not None and (plan is None or (full.count, full.points) > (plan.count, plan.points)):
            plan = full
        switched = _with_joker_switch(view, table, pool)
        if switched is not None and (plan is None or (switched.count, switched.points) > (plan.count, plan.points)):
            plan = switched
    if plan is None or (hold and plan.count < len(pool) - 1):
        return TurnPlan()
    return plan


def _with_joker_switch(view: RummikubView, table: _Table, pool: list[int]) -> TurnPlan | None:
    """The best plan that first takes a joker out of a locked set with the rack tile it stands for, then
    plays the joker with the rest (the joker must go back on the table this turn). Standard rules with the
    freed joker playable anywhere only: the other settings and rule sets tie it to new sets. (Without it, a
    Hard seat holding B6 and O13 drew where B6 for the joker of B4 B5 J B7, then the joker and O13 after
    O9 O10 O11, went out.)"""
    options = view.options
    if view.rule_set != "standard" or options.joker_sets != "locked" or options.joker_reuse != "anywhere":
        return None
    one, two = view.turn_rules.one_in_runs, view.turn_rules.two_jokers_in_a_set
    fixed_ids = {set_id for set_id, _row in table.fixed}
    best: TurnPlan | None = None
    tried: set[tuple[int, int, int]] = set()
    for sv in view.start_table:
        if sv.id not in fixed_ids:
            continue
        row = tuple(t.id for t in sv.tiles)
        for meaning in sv.jokers:
            for r in pool:
                if IS_JOKER[r] or NUMBER_OF[r] != meaning.number:
                    continue
                if meaning.colour is None and options.group_joker_needs_both_colours:
                    continue  # a group of three gives its joker up only for both missing colours at once
                if meaning.colour is not None and COLOURS[COLOUR_OF[r]] != meaning.colour:
                    continue
                if (sv.id, meaning.tile, _kind(r)) in tried:
                    continue  # the other copy of the same tile plays the same
                tried.add((sv.id, meaning.tile, _kind(r)))
                replaced = tuple(r if t == meaning.tile else t for t in row)
                before, after = analyse(row, one, two), analyse(replaced, one, two)
                if not after.valid or after.kind != before.kind:
                    continue
                fixed = [(set_id, replaced if set_id == sv.id else start) for set_id, start in table.fixed]
                rest = [t for t in pool if t != r]
                plan = _candidate(view, rest, [*table.free, meaning.tile], fixed, table.others)
                if plan is None:
                    continue
                grown = dict(plan.grown)
                grown.setdefault(sv.id, replaced)
                placed = tuple(sorted((*plan.placed, r)))
                switched = TurnPlan(plan.new_sets, grown, placed, plan.points + tile_points(r), (sv.id, meaning.tile, r))
                if best is None or (switched.count, switched.points) > (best.count, best.points):
                    best = switched
    return best


# Hard in the discard rule sets: sets stay on the rack until they go out ---------------------------------------

HOLD_UNTIL_POOL = 6  # with this few face-down tiles left the game may end on the pool: lay what plays


def holds_back(view: RummikubView, level: str) -> bool:
    """Whether Hard keeps its sets on its rack this turn (International; American with one or two
    opponents). Every set on the table is somewhere the others may lay off tiles (Easy goes out mostly so:
    alone at the table it took twice as long); a set kept on the rack is as good to its owner, who may lay
    it the turn it goes out. Two players, 400 dev games against Easy: this won 82.3% (American) and 81.5%
    (International) where laying every set won 74.8% and 76%. Laying only the fewest tiles the initial
    meld needs brought American to 85.8% (International: no better); in International, skipping the ice
    and going out in one turn won 92.5% (American, where the ice is needed to take a discard: 79%). Against
    two Easy (300 dev games) it won 71% where laying won 61% (American) and 82% where laying won 62%
    (International); against three, International 67% where laying won 48%, but American only 58% where
    laying won 55%, for 12 points a game less: a four-player American Hard lays its sets."""
    return (
        level == "hard"
        and view.turn_rules.turn_ends_by_discard
        and (view.turn_rules.closed_win or len(view.players) <= 3)
        and view.pool_size > HOLD_UNTIL_POOL
    )


def _least_ice(view: RummikubView, meld: TurnPlan) -> TurnPlan:
    """Of the initial meld's new sets, the fewest tiles that still reach the ice (then the most points)."""
    rules = view.turn_rules
    values = [set_value(row, rules.one_in_runs, rules.two_jokers_in_a_set) for row in meld.new_sets]
    best: tuple[tuple[int, int], list[tuple[int, ...]]] | None = None
    for size in range(1, len(meld.new_sets) + 1):
        for chosen in itertools.combinations(range(len(meld.new_sets)), size):
            points = sum(values[i] for i in chosen)
            if points < rules.initial_meld:
                continue
            key = (sum(len(meld.new_sets[i]) for i in chosen), -points)
            if best is None or key < best[0]:
                best = (key, [meld.new_sets[i] for i in chosen])
    if best is None:
        return meld
    placed = tuple(sorted(t for row in best[1] for t in row))
    return TurnPlan(best[1], {}, placed, sum(tile_points(t) for t in placed))


def _candidate(
    view: RummikubView,
    pool: list[int],
    free: Sequence[int],
    fixed: Sequence[tuple[int, tuple[int, ...]]],
    others: Sequence[tuple[int, tuple[int, ...]]],
    threshold: int = 0,
) -> TurnPlan | None:
    """The best plan that rearranges `free`, grows `fixed` with any tiles and `others` (greedily) with
    rack tiles only. In the discard rule sets one tile always stays for the discard."""
    rows = [row for _id, row in fixed]
    play = _solve(free, rows, pool, view, threshold)
    if play is None:
        return None
    discard_game = view.turn_rules.turn_ends_by_discard
    if discard_game and play.count == len(pool):
        play = _keep_one(free, rows, pool, view, threshold) or play
        if play.count == len(pool):
            return None
    spare = [t for t in pool if t not in play.placed]
    grown_others: dict[int, tuple[int, ...]] = {}
    if others and spare and (play.count or not threshold):
        grown_others, spare = _lay_offs(dict(others), spare, view)
        if discard_game and not spare:
            grown_others = _drop_one_lay_off(grown_others, dict(others))
    grown = {set_id: row for (set_id, start), row in zip(fixed, play.grown) if row != start}
    grown.update(grown_others)
    in_plan = {t for row in play.sets for t in row} | {t for row in grown.values() for t in row}
    placed = tuple(sorted(t for t in pool if t in in_plan))
    return TurnPlan(list(play.sets), grown, placed, sum(tile_points(t) for t in placed))


def _keep_one(
    free: Sequence[int], rows: Sequence[tuple[int, ...]], pool: list[int], view: RummikubView, threshold: int = 0
) -> Play | None:
    """The best play that leaves one tile for the discard (American, International)."""
    best: Play | None = None
    for t in sorted(pool, key=lambda t: (IS_JOKER[t], tile_points(t), t)):
        found = _solve(free, rows, [u for u in pool if u != t], view, threshold)
        if found is not None and (best is None or (found.count, found.points) > (best.count, best.points)):
            best = found
            if best.count == len(pool) - 1:
                break
    return best


def _drop_one_lay_off(grown: dict[int, tuple[int, ...]], start: dict[int, tuple[int, ...]]) -> dict[int, tuple[int, ...]]:
    """Undo one lay-off so that a tile stays for the discard."""
    for set_id in sorted(grown, reverse=True):
        row, before = grown[set_id], start[set_id]
        added = [t for t in row if t not in before]
        if added:
            dropped = added[0] if row[0] == added[0] else added[-1]  # an end tile, so the rest stays a set
            new = tuple(t for t in row if t != dropped)
            out = dict(grown)
            if new == before:
                del out[set_id]
            else:
                out[set_id] = new
            return out
    return grown


# Playing the plan step by step -----------------------------------------------------------------------------


def _rows(view: RummikubView) -> dict[int, tuple[int, ...]]:
    return {sv.id: tuple(t.id for t in sv.tiles) for sv in view.table}


def next_step(view: RummikubView, plan: TurnPlan) -> Any | None:
    """The next table action that brings the table closer to the plan (None: the plan stands)."""
    rows = _rows(view)
    if plan.switch is not None:
        set_id, joker, tile = plan.switch
        row = rows.get(set_id, ())
        if tile not in row and joker in row:  # (the joker may come back to the same set later in the turn)
            return MoveTiles(tiles=(tile,), to=set_id, position=row.index(joker))
    present = {tuple(sorted(row)) for row in rows.values()}
    for target in plan.new_sets:
        if tuple(sorted(target)) not in present:
            return MoveTiles(tiles=target, to=None)
    for set_id, target in plan.grown.items():
        row = rows.get(set_id)
        if row is None or row == target:
            continue
        missing = [t for t in target if t not in row]
        if not missing:
            continue
        first = target.index(missing[0])
        core_start = next((k for k, t in enumerate(target) if t in row), len(target))
        if first < core_start:
            low = tuple(t for t in target[:core_start] if t not in row)
            return MoveTiles(tiles=low, to=set_id, position=0)
        return MoveTiles(tiles=tuple(missing), to=set_id, position=len(row))
    planned = {t for row in plan.new_sets for t in row} | {t for row in plan.grown.values() for t in row}
    stray = tuple(t for t in view.played_this_turn if t not in planned)
    if stray:
        return ReturnToRack(tiles=stray)
    return None


def _discard_helps(view: RummikubView) -> bool:
    """Whether the discard pile's top lets this turn lay more tiles, itself among them (a known tile that
    plays beats a blind draw)."""
    if view.discard_top is None:
        return False
    rack = [t.id for t in view.rack or ()]
    top = view.discard_top.id
    without = plan_turn(view, "hard", pool=rack)
    with_top = plan_turn(view, "hard", pool=[*rack, top])
    return top in with_top.placed and with_top.count > without.count


def _trump_goes_out(view: RummikubView) -> bool:
    """Whether the face-up trump lets this turn lay every tile but the discard (it may only be taken so)."""
    if view.trump is None:
        return False
    rack = [t.id for t in view.rack or ()]
    return plan_turn(view, "hard", pool=[*rack, view.trump.id]).count == len(rack)


def _discard_choice(view: RummikubView) -> int:
    """The rack tile to throw: the one that fits least with the rest, the highest first; never a joker
    while another tile is there."""
    taken = view.taken_discard.id if view.taken_discard is not None else None
    rack = [t.id for t in view.rack or () if t.id != taken]
    return min(rack, key=_loose_first(rack))


def _loose_first(rack: list[int]) -> Callable[[int], tuple[int, ...]]:
    """Easy's order of discards over `rack`: the tile with the fewest partners on it, the highest first, a
    joker last."""

    def links(t: int) -> int:
        c, v = COLOUR_OF[t], NUMBER_OF[t]
        return sum(
            1
            for u in rack
            if u != t and not IS_JOKER[u] and ((NUMBER_OF[u] == v and COLOUR_OF[u] != c) or (COLOUR_OF[u] == c and 0 < abs(NUMBER_OF[u] - v) <= 2))
        )

    return lambda t: (IS_JOKER[t], links(t), -tile_points(t), t)


# Hard's discard: keep the tiles the next draws are likeliest to complete --------------------------------------

KINDS = 53  # 52 (colour, number) kinds and the joker; a tile's kind is its id modulo 52, the jokers 52
JOKER_KIND = 52
KIND_OF_LABEL = {LABEL_OF[t]: JOKER_KIND if IS_JOKER[t] else t % 52 for t in range(104 + 2)}


def _kind(t: int) -> int:
    """A tile's kind: what it is, whichever of the two copies."""
    return JOKER_KIND if IS_JOKER[t] else t % 52


def _unseen(view: RummikubView) -> list[int]:
    """Per kind, the copies this seat cannot see (on other racks, face down, or deep in the discard pile)."""
    left = [2] * KINDS
    for t in [t.id for t in view.rack or ()] + [t.id for sv in view.table for t in sv.tiles]:
        left[_kind(t)] -= 1
    for e in view.log:  # the pile: every discard not taken back up (the log names tiles by label)
        if e.kind in ("discarded", "took_discard"):
            left[KIND_OF_LABEL[e.args["tile"]]] += -1 if e.kind == "discarded" else 1
    return [max(0, n) for n in left]


@lru_cache(maxsize=None)
def _completions(a: int, b: int, one_high: bool) -> frozenset[int]:
    """The kinds that make a set of three with the kinds `a` and `b` (a joker stands for anything)."""
    if a == JOKER_KIND or b == JOKER_KIND:
        t = b if a == JOKER_KIND else a
        if t == JOKER_KIND:
            return frozenset(range(52))
        return frozenset(_partners(t, one_high))
    ca, na = divmod(a, 13)
    cb, nb = divmod(b, 13)
    out: set[int] = set()
    if na == nb and ca != cb:
        out.update(c * 13 + na for c in range(4) if c not in (ca, cb))
    elif ca == cb and na != nb:
        places = [(x, y) for x in _places(na, one_high) for y in _places(nb, one_high)]
        for x, y in places:
            low, high = min(x, y), max(x, y)
            if high - low == 1:
                out.update(ca * 13 + (v - 1) % 13 for v in (low - 1, high + 1) if 1 <= v <= (14 if one_high else 13))
            elif high - low == 2:
                out.add(ca * 13 + low % 13)
    return frozenset(out)


def _places(number0: int, one_high: bool) -> tuple[int, ...]:
    """Where a tile (number - 1) may stand in a run: a 1 also after a 13 where the rules allow it."""
    return (1, 14) if number0 == 0 and one_high else (number0 + 1,)


@lru_cache(maxsize=None)
def _partners(a: int, one_high: bool) -> tuple[int, ...]:
    """The kinds that form a pair towards a set with kind `a`."""
    return tuple(b for b in range(52) if b != a and _completions(a, b, one_high))


def _table_gaps(view: RummikubView, one_high: bool) -> dict[int, set[int]]:
    """For a rack kind two places beyond the end of a run on the table: the kind between, whose draw would
    let both tiles join that run."""
    gaps: dict[int, set[int]] = {}
    one, two = view.turn_rules.one_in_runs, view.turn_rules.two_jokers_in_a_set
    top = 14 if one_high else 13
    for sv in view.table:
        row = tuple(t.id for t in sv.tiles)
        info = analyse(row, one, two)
        if not info.valid or info.kind != "run":
            continue
        colour = (info.colours & -info.colours).bit_length() - 1
        low, high = run_span(row, one_high)
        for beyond, between in ((high + 2, high + 1), (low - 2, low - 1)):
            if 1 <= beyond <= top and 1 <= between <= top:
                gaps.setdefault(colour * 13 + (beyond - 1) % 13, set()).add(colour * 13 + (between - 1) % 13)
    return gaps


def _outs(kinds: Sequence[int], unseen: Sequence[int], one_high: bool, gaps: dict[int, set[int]]) -> int:
    """How many unseen tiles would complete a set with two of these kinds, or join a run on the table with
    one of them: a draw's chances, counted. A set completed out of a rack of two would leave no tile to
    discard, so with two tiles only the runs on the table count (with one, nothing: no draw plays two)."""
    if len(kinds) < 2:
        return 0
    distinct = sorted(set(kinds))
    wanted: set[int] = set()
    for i, a in enumerate(distinct):
        wanted |= gaps.get(a, set())
        if len(kinds) >= 3:
            for b in distinct[i + 1 :]:
                wanted |= _completions(a, b, one_high)
    outs = sum(unseen[k] for k in wanted)
    if wanted:
        outs += unseen[JOKER_KIND]  # a joker completes any pair
    return outs


def _hard_discard_choice(view: RummikubView) -> int:
    """Once the ice is broken (International: in this turn too): the rack tile whose loss costs the fewest
    outs (unseen tiles that would complete a set with two rack tiles, or join a run on the table with one);
    among equals the one with the fewest partners on the rack, then the highest (it scores against us).
    Never a joker while another tile is there. Before it: `_ice_key`. Whenever an opponent is
    close to going out, `_defended` puts safety first."""
    taken = view.taken_discard.id if view.taken_discard is not None else None
    rack = [t.id for t in view.rack or ()]
    choices = [t for t in rack if t != taken]
    holding = holds_back(view, "hard") and not view.played_this_turn
    melded = view.seat is not None and view.melded[view.seat]
    if not melded and not (holding and view.turn_rules.closed_win):
        if view.rule_set != "international":
            return _defended(view, choices, _loose_first(choices))  # Easy's order: see `_ice_key`
        if not view.played_this_turn:
            return _defended(view, choices, _ice_key(view, rack))
    if holding:
        # The rack holds whole sets: throw from the tiles the best play would leave (start_table is the
        # table now, since nothing was played); before the ice, which International's Hard skips, from the
        # tiles its sets and lay-offs would leave, whatever they are worth.
        others = _read_table(view).others
        kept = plan_turn(view, "hard", pool=rack) if melded else _candidate(view, rack, [], [], others)
        laid = kept.placed if kept is not None else ()
        choices = [t for t in choices if t not in laid] or choices
    one_high = view.turn_rules.one_in_runs == "low_or_high"
    unseen = _unseen(view)
    gaps = _table_gaps(view, one_high)
    kinds = [_kind(t) for t in rack]
    outs_now = _outs(kinds, unseen, one_high, gaps)

    def cost(t: int) -> tuple[int, ...]:
        rest = list(kinds)
        rest.remove(_kind(t))
        lost = outs_now - _outs(rest, unseen, one_high, gaps)
        partners = sum(1 for k in rest if k in _partners(_kind(t), one_high)) if not IS_JOKER[t] else 99
        return (IS_JOKER[t], lost, partners, -tile_points(t), t)

    return _defended(view, choices, cost)


# Hard's discard when an opponent is close to going out ------------------------------------------------------

CLOSE_TO_OUT = 3  # an opponent with this many tiles or fewer may go out on the next turn
DANGER_STEP = 0.05  # American: dangers closer than this count as equally safe


def _defended(view: RummikubView, choices: list[int], key: Callable[[int], tuple[int, ...]]) -> int:
    """The discard when an opponent is close to going out. `key` orders the tiles as Hard would anyway:
    (joker, what the tile is worth keeping, tie-breaks...). First the tile the next player is least likely
    to lay (`_danger`; only the next player may take it); among the equally safe, the one least worth
    keeping; then, in American, the highest (we would be caught with it; in International our discards
    still on the pile count against us, so throwing a high tile saves nothing). In International only the
    tiles the next player can surely lay are kept back: the small chances cost wins against a player who
    never takes a discard (Easy: 3.5% ± 1.3% over 200 paired dev games) and won no more against Hard.
    American, paired against Hard without it over 1200 dev games on three seeds: the winner went out with
    its discard 79 times instead of 105, the win rate stayed (+0.1% ± 0.5%) and it gained 0.5 ± 0.2 points a
    game; putting the high tiles before the tiles worth keeping gained more points on the first two seeds
    (1.5 ± 0.4) but cost wins (1.1% ± 0.9%). With every opponent far from out: as `key` orders them."""
    seat = view.seat
    if seat is None or all(n > CLOSE_TO_OUT for s, n in enumerate(view.rack_counts) if s != seat):
        return min(choices, key=key)
    taker = _next_player(view)
    if taker is None or view.rack_counts[taker] > CLOSE_TO_OUT:
        danger = dict.fromkeys(choices, 0.0)
    else:
        one_high = view.turn_rules.one_in_runs == "low_or_high"
        unseen, gaps = _unseen(view), _table_gaps(view, one_high)
        danger = {t: _danger(t, view, taker, view.rack_counts[taker], unseen, one_high, gaps) for t in choices}
    caught = view.rule_set != "international"
    step = DANGER_STEP if caught else 1.0  # International: only the tiles they can surely lay (see above)

    def defended(t: int) -> tuple[int, ...]:
        joker, worth, *rest = key(t)
        return (joker, round(danger[t] / step), worth, -tile_points(t) if caught else 0, *rest)

    return min(choices, key=defended)


def _next_player(view: RummikubView) -> int | None:
    """The seat that may take this seat's discard: the next to play (these rule sets go counter-clockwise),
    in American only once it has broken the ice."""
    assert view.seat is not None
    taker = (view.seat - 1) % len(view.players)
    if taker == view.seat or (view.rule_set == "american" and not view.melded[taker]):
        return None
    return taker


def _lays_off(t: int, view: RummikubView) -> bool:
    """Whether the tile joins a set on the table at one end (a group: a missing colour): anyone who has
    broken the ice may lay it there."""
    one, two = view.turn_rules.one_in_runs, view.turn_rules.two_jokers_in_a_set
    return any(_extended(tuple(u.id for u in sv.tiles), t, one, two) is not None for sv in view.table)


def _fits_their_melds(t: int, view: RummikubView, owner: int) -> bool:
    """Whether the tile can be laid by rearranging the melds `owner` laid (their own melds are theirs to
    take apart; a locked joker set may only grow)."""
    own = [sv for sv in view.table if sv.owner == owner]
    if not own:
        return False
    free = tuple(sorted(u.id for sv in own if not sv.locked for u in sv.tiles))
    fixed = tuple(tuple(u.id for u in sv.tiles) for sv in own if sv.locked)
    rules = view.turn_rules
    play = best_play(
        Position(free=free, optional=(t,), fixed=fixed, one_high=rules.one_in_runs == "low_or_high", two_jokers=rules.two_jokers_in_a_set)
    )
    return play is not None and play.count == 1


def _holds(copies: int, unseen_total: int, rack_size: int) -> float:
    """The chance that a rack of `rack_size` tiles, dealt from the unseen ones, holds one of `copies`."""
    miss = 1.0
    for i in range(rack_size):
        if unseen_total - i <= copies:
            return 1.0
        miss *= (unseen_total - copies - i) / (unseen_total - i)
    return 1.0 - miss


def _danger(
    t: int, view: RummikubView, taker: int, taker_tiles: int, unseen: Sequence[int], one_high: bool, gaps: dict[int, set[int]]
) -> float:
    """How likely the next player, holding `taker_tiles` tiles, can lay this tile if they take it: surely
    if it joins a set on the table or fits among their own melds rearranged; otherwise the chance that
    their rack holds the tile between it and the end of a run on the table (with two tiles or more: one
    must stay for their discard), or two tiles that make a set with it (with three or more). Partners we
    can see (on the table, in the pile, on our rack) are not theirs: `unseen` counts only the rest. Their
    rack is taken as dealt at random from the unseen tiles, so these chances are small and close
    together; only the tiles they can surely lay, and the single-tile gaps, stand out clearly."""
    if IS_JOKER[t] or _lays_off(t, view) or _fits_their_melds(t, view, taker):
        return 1.0
    total = sum(unseen)
    kind = _kind(t)

    def has(k: int) -> float:
        return _holds(unseen[k], total, taker_tiles)

    safe = 1.0
    if taker_tiles >= 2:
        for between in gaps.get(kind, ()):
            safe *= 1.0 - has(between)
    if taker_tiles >= 3:
        joker = has(JOKER_KIND)
        for a in _partners(kind, one_high):
            with_a = has(a)
            safe *= 1.0 - with_a * joker
            for b in _completions(kind, a, one_high):
                if b > a:
                    safe *= 1.0 - with_a * has(b)
    return 1.0 - safe


# Hard before the ice: keep the points the initial meld needs ---------------------------------------------


def _ice_key(view: RummikubView, rack: list[int]) -> Callable[[int], tuple[int, ...]]:
    """Before the initial meld (International), the order of discards: first the tile whose loss keeps the
    most meld points (the sets the rest makes on its own, counted up to the ice), then the lowest: high
    tiles reach the ice sooner. Easy
    throws its least linked tile, the highest first; against Easy, over 1200 International dev games, this
    and taking the discard that adds meld points won 75.5% where Easy's choice won 70.3%. American's ice
    is 21 points: there it measured no better (800 dev games, 74.2% to 75.7%), so Hard throws as Easy."""
    rules = view.turn_rules
    kinds = [_kind(t) for t in rack]

    def kept(t: int) -> int:
        rest = list(kinds)
        rest.remove(_kind(t))
        points = _meld_points(tuple(sorted(rest)), rules.one_in_runs == "low_or_high", rules.two_jokers_in_a_set)
        return min(points, rules.initial_meld)  # beyond the ice any tile may go

    return lambda t: (IS_JOKER[t], -kept(t), tile_points(t), t)


def _discard_nears_the_ice(view: RummikubView) -> bool:
    """Before the initial meld (International lets a player take the discard then): whether the discard
    pile's top adds meld points to the rack, short of the ice or up to it."""
    if view.discard_top is None or view.seat is None or view.melded[view.seat]:
        return False
    rules = view.turn_rules
    one_high = rules.one_in_runs == "low_or_high"
    rack = [_kind(t.id) for t in view.rack or ()]
    before = _meld_points(tuple(sorted(rack)), one_high, rules.two_jokers_in_a_set)
    after = _meld_points(tuple(sorted([*rack, _kind(view.discard_top.id)])), one_high, rules.two_jokers_in_a_set)
    return min(after, rules.initial_meld) > min(before, rules.initial_meld)


@lru_cache(maxsize=100_000)
def _meld_points(kinds: tuple[int, ...], one_high: bool, two_jokers: bool) -> int:
    """The most points that sets made of these kinds alone are worth as an initial meld counts them (a joker
    what it stands for, a 1 one point even after a 13). `kinds` is sorted, as the cache wants."""
    count = [0] * KINDS
    for k in kinds:
        count[k] += 1
    return _best_packing(count, _sets_within(count, one_high, min(count[JOKER_KIND], 2 if two_jokers else 1)))


def _sets_within(count: list[int], one_high: bool, jokers: int) -> list[tuple[tuple[int, ...], int, int]]:
    """Every set the kinds could make, as (its real kinds, jokers, points); at most `jokers` jokers in one."""
    sets: list[tuple[tuple[int, ...], int, int]] = []
    for number0 in range(13):
        present = [c * 13 + number0 for c in range(4) if count[c * 13 + number0]]
        if len(present) + jokers < 3:
            continue
        for size in range(1, len(present) + 1):
            for real in itertools.combinations(present, size):
                for j in range(max(0, 3 - size), min(jokers, 4 - size) + 1):
                    sets.append((real, j, (number0 + 1) * (size + j)))
    top = 14 if one_high else 13  # 14: a 1 after a 13
    for colour in range(4):
        kind_at = [0] + [colour * 13 + (v - 1) % 13 for v in range(1, top + 1)]
        have = [False] + [count[kind_at[v]] > 0 for v in range(1, top + 1)]
        for low in range(1, top - 1):
            if not have[low] and not any(have[low + 1 : low + 1 + jokers]):
                continue  # a run starts with a real tile or with jokers just before one
            real: list[int] = []
            gaps = points = 0
            for v in range(low, top + 1):
                if have[v]:
                    real.append(kind_at[v])
                else:
                    gaps += 1
                    if gaps > jokers:
                        break
                points += v if v <= 13 else 1
                if v - low >= 2 and real:
                    sets.append((tuple(real), gaps, points))
    return sets


def _best_packing(count: list[int], sets: list[tuple[tuple[int, ...], int, int]]) -> int:
    """The most points of sets that share no tile: each kind in turn, lowest first, is either left out or
    the lowest kind of one more set."""
    by_lowest: dict[int, list[tuple[tuple[int, ...], int, int]]] = {}
    for entry in sets:
        by_lowest.setdefault(min(entry[0]), []).append(entry)
    order = sorted(by_lowest)
    left = bytearray(count)
    memo: dict[tuple[int, bytes], int] = {}

    def best(i: int) -> int:
        while i < len(order) and not left[order[i]]:
            i += 1
        if i == len(order):
            return 0
        key = (i, bytes(left))
        if key in memo:
            return memo[key]
        found = best(i + 1)
        for real, jokers, points in by_lowest[order[i]]:
            if left[JOKER_KIND] < jokers or not all(left[k] for k in real):
                continue
            for k in real:
                left[k] -= 1
            left[JOKER_KIND] -= jokers
            found = max(found, points + best(i))
            for k in real:
                left[k] += 1
            left[JOKER_KIND] += jokers
        memo[key] = found
        return found

    return best(0)


class RummikubBot:
    """The easy and hard levels: plan the turn, play its next step."""

    def __init__(self, level: str) -> None:
        self.level = level

    def choose(self, view: RummikubView, rng: random.Random) -> Any:
        legal = view.legal_actions
        kinds = {a.kind for a in legal}
        if view.phase == "draw":
            if self.level == "hard":
                if "take_trump" in kinds and _trump_goes_out(view):
                    return next(a for a in legal if a.kind == "take_trump")
                if "take_discard" in kinds and (_discard_nears_the_ice(view) or _discard_helps(view)):
                    return next(a for a in legal if a.kind == "take_discard")
            return next(a for a in legal if a.kind == "draw")
        if view.phase == "discard":
            return Discard(tile=self._discard(view))
        plan = plan_turn(view, self.level, hold=holds_back(view, self.level))
        if plan.count == 0 and not view.played_this_turn:
            return self._close(view, legal, kinds)
        step = next_step(view, plan)
        if step is not None and view.actions_left > 1:
            return step
        return self._close(view, legal, kinds)

    def _discard(self, view: RummikubView) -> int:
        return _hard_discard_choice(view) if self.level == "hard" else _discard_choice(view)

    def _close(self, view: RummikubView, legal: Sequence[Any], kinds: set[str]) -> Any:
        """End the turn: the play stands if it may; otherwise go back and draw."""
        if not view.turn_rules.turn_ends_by_discard:
            if "end_turn" in kinds:
                return EndTurn()
            if "reset" in kinds:
                return ResetTurn()
            return Draw()
        if any(a.kind == "discard" for a in legal):
            return Discard(tile=self._discard(view))
        if "reset" in kinds:
            return ResetTurn()
        # Not met in play: nothing was moved, yet no discard is allowed. Any legal action will do.
        return next((a for a in legal if a.kind == "time_up"), legal[0])


def _easy() -> RummikubBot:
    return RummikubBot("easy")


def _hard() -> RummikubBot:
    return RummikubBot("hard")


LEVELS: dict[str, BotFactory] = {"random": RandomBot, "easy": _easy, "hard": _hard}


def arena_figures(rules: Any, state: Any, seat: int) -> dict[str, float]:
    """Tiles and points left on the seat's rack when the game ended, and whether it went out; in American and
    International also how many of its discards the next player took, and whether the winner went out in
    the turn they took one of its discards."""
    rack = state.racks[seat]
    figures = {
        "tiles_left": float(len(rack)),
        "rack_points": float(sum(tile_points(t) for t in rack)),
        "went_out": float(not rack),
    }
    if state.options.rule_set != "standard":
        figures.update(_discards_taken(state.log, seat))
    return figures


def _discards_taken(log: Sequence[Any], seat: int) -> dict[str, float]:
    """Read off the game's log: the seat's discards taken, and whether one of them let the taker go out."""
    taken = fed = 0
    last_thrower: int | None = None
    pending: tuple[int, int | None] | None = None  # (taker, whose discard) until the taker's turn ends
    for e in log:
        if e.kind == "discarded":
            last_thrower, pending = e.args["seat"], None
        elif e.kind == "took_discard":
            pending = (e.args["seat"], last_thrower)
            taken += last_thrower == seat
        elif e.kind == "went_out" and pending == (e.args["seat"], seat):
            fed = 1
    return {"discards_taken": float(taken), "fed_the_winner": float(fed)}
