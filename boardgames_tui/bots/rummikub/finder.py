"""The move finder: the most rack tiles (then the most points) that can join the table.

The table is split by the caller into free tiles (every one must end up in some set, in any arrangement),
fixed sets (they keep their tiles and may only grow: locked joker sets, a meld made earlier this turn) and
the optional tiles (the rack, plus the tiles played from it this turn, which may go back).

The search is the value-by-value dynamic programme for Rummikub: values are swept from 1 up to 13 (14 is a
1 after a 13 in the rule sets that allow it); for every colour the state holds the lengths of the runs
still open (1, 2, or 3 meaning "3 or more, may end here"). At each value every colour chooses how many of
its tiles (and jokers) it uses and how many of those go to groups; the rest continue open runs or open new
ones. Continuing a run that is already long enough is never worse than starting a new one with the same
tile (the long run could take over the new one's future), so given those counts the new run state is
forced, which keeps the branching small. Groups of one value are checked as a whole (at most two new
groups per value, plus additions to fixed groups).

Limits of the model, all of them rare: at most two open runs per colour besides the fixed ones, at most
two new groups per value, at most two jokers in all. The result is validated with the engine's reading
of sets before anyone gets it.
"""

from __future__ import annotations

import itertools
import statistics
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ...engine.rummikub.sets import COLOUR_OF, IS_JOKER, NUMBER_OF, analyse
from ...engine.rummikub.tiles import JOKER_PENALTY

__all__ = ["Position", "Play", "best_play", "finder_benchmark", "dense_positions", "tile_points"]

INFEASIBLE = -(10**9)
TILE_WEIGHT = 1000  # score = tiles * TILE_WEIGHT + points: the most tiles first, then the most points


def tile_points(t: int) -> int:
    """What a rack tile is worth to get rid of: its number, a joker 30."""
    return JOKER_PENALTY if IS_JOKER[t] else NUMBER_OF[t]


@dataclass(frozen=True)
class Position:
    free: tuple[int, ...]  # tiles that must all be placed, in any arrangement
    optional: tuple[int, ...]  # tiles that may be placed (the rack)
    fixed: tuple[tuple[int, ...], ...] = ()  # valid sets that keep their tiles and may grow
    one_high: bool = False  # a 1 may follow a 13 (American, International)
    two_jokers: bool = True  # a set may hold both jokers
    meld_threshold: int = 0  # with no free or fixed tiles: the new sets must be worth at least this much


@dataclass(frozen=True)
class Play:
    placed: tuple[int, ...]  # optional tiles that go to the table
    sets: tuple[tuple[int, ...], ...]  # the free tiles and the placed ones not on fixed sets, as sets
    grown: tuple[tuple[int, ...], ...]  # each fixed set afterwards (same order as Position.fixed)
    points: int  # tile_points of the placed tiles
    meld_value: int = 0  # the new sets' value as an initial meld (jokers counting what they stand for)

    @property
    def count(self) -> int:
        return len(self.placed)


# Groups at one value ---------------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def group_split(
    counts: tuple[int, ...], fixed: tuple[tuple[int, int], ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None:
    """How group members of one value (counts per colour, 0..2) split into additions to the fixed groups
    ((real-colour mask, room) each) and at most two new groups of 3-4 colours: (colours added to each fixed
    group, the new groups' colours), or None when they cannot."""
    members = [c for c in range(4) for _ in range(counts[c])]
    if not members:
        return (tuple(() for _ in fixed), ())
    # Each member goes to a fixed group (index < len(fixed)) or to new group 0 or 1.
    slots = len(fixed) + 2
    best = None
    for choice in itertools.product(range(slots), repeat=len(members)):
        bins: list[list[int]] = [[] for _ in range(slots)]
        ok = True
        for colour, where in zip(members, choice):
            if colour in bins[where]:
                ok = False
                break
            bins[where].append(colour)
        if not ok:
            continue
        for k, (mask, room) in enumerate(fixed):
            if len(bins[k]) > room or any(mask & (1 << c) for c in bins[k]):
                ok = False
                break
        if not ok:
            continue
        new = [b for b in bins[len(fixed) :] if b]
        if any(not 3 <= len(b) <= 4 for b in new):
            continue
        best = (tuple(tuple(b) for b in bins[: len(fixed)]), tuple(tuple(b) for b in new))
        break
    return best


# Per-colour choices at one value ------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def colour_options(
    runs: tuple[int, ...], mand: int, opt: int, jokers: int, joins: int
) -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
    """The choices of one colour at one value: (optional tiles used, jokers used, group members, runs
    open afterwards). `runs`: lengths of the open runs (3 = three or more); `mand`/`opt`: tiles of this
    colour and value that must / may be used; `joins`: fixed runs starting at the next value, which open
    runs may end by joining."""
    must = sum(1 for r in runs if r < 3)
    long = len(runs) - must
    out = []
    for used_opt in range(opt, -1, -1):  # the most tiles first: the search stops once nothing better exists
        for j in range(jokers, -1, -1):
            n = mand + used_opt + j
            for g in range(min(2, n) + 1):
                u = n - g
                if u < must:
                    continue
                cont_long = min(u - must, long)
                new = u - must - cont_long
                if must + cont_long + new > 2 + (1 if long > 2 else 0) and new > 0:
                    continue
                after = sorted([min(r + 1, 3) for r in runs if r < 3] + [3] * cont_long + [1] * new, reverse=True)
                options = {tuple(after)}
                if joins:
                    # Up to `joins` open runs end here by growing a fixed run at its low end.
                    shorts = [i for i, r in enumerate(after) if r < 3]
                    for k in range(1, min(joins, len(shorts)) + 1):
                        for ended in itertools.combinations(shorts, k):
                            options.add(tuple(r for i, r in enumerate(after) if i not in ended))
                for a in sorted(options):
                    out.append((used_opt, j, g, a))
    return tuple(out)


# The search ----------------------------------------------------------------------------------------------


class _Solver:
    def __init__(self, position: Position) -> None:
        self.p = position
        self.top = 14 if position.one_high else 13
        # tiles[(colour, value)] = (mandatory ids, optional ids); value 1 holds every 1 (low or high).
        self.mand: dict[tuple[int, int], list[int]] = {}
        self.opt: dict[tuple[int, int], list[int]] = {}
        self.mand_jokers = [t for t in position.free if IS_JOKER[t]]
        self.opt_jokers = [t for t in position.optional if IS_JOKER[t]]
        for t in position.free:
            if not IS_JOKER[t]:
                self.mand.setdefault((COLOUR_OF[t], NUMBER_OF[t]), []).append(t)
        for t in sorted(position.optional, key=lambda t: (-tile_points(t), t)):
            if not IS_JOKER[t]:
                self.opt.setdefault((COLOUR_OF[t], NUMBER_OF[t]), []).append(t)
        self.joker_cap = 2
        # Fixed sets read once: runs as (colour, low, high), groups as (value, mask, room).
        self.fixed_runs: list[tuple[int, int, int]] = []
        self.fixed_groups: list[tuple[int, int, int]] = []
        self.fixed_kind: list[tuple[str, int]] = []  # per fixed set: ("run"|"group", index in its list)
        one = "low_or_high" if position.one_high else "low"
        for row in position.fixed:
            info = analyse(row, one, position.two_jokers)
            if info.kind == "run":
                colour = (info.colours & -info.colours).bit_length() - 1
                low, high = run_span(row, position.one_high)
                self.fixed_kind.append(("run", len(self.fixed_runs)))
                self.fixed_runs.append((colour, low, high))
            else:
                mask = 0
                for t in row:
                    if not IS_JOKER[t]:
                        mask |= 1 << COLOUR_OF[t]
                self.fixed_kind.append(("group", len(self.fixed_groups)))
                self.fixed_groups.append((info.number, mask, 4 - len(row)))
        self.appear = {}  # (colour, value) -> fixed runs that may continue at this value
        self.joins = {}  # (colour, value) -> fixed runs starting at value + 1
        for colour, low, high in self.fixed_runs:
            if high < self.top:
                self.appear[(colour, high + 1)] = self.appear.get((colour, high + 1), 0) + 1
            if low > 1:
                self.joins[(colour, low - 1)] = self.joins.get((colour, low - 1), 0) + 1
        self._drop_hopeless()
        self.groups_at: dict[int, tuple[tuple[int, int], ...]] = {}
        for value, mask, room in self.fixed_groups:
            if room > 0:
                self.groups_at[value] = (*self.groups_at.get(value, ()), (mask, room))
        self.memo: dict[tuple[object, ...], tuple[int, object]] = {}  # exact values and their choice
        self.upper: dict[tuple[object, ...], int] = {}  # proven upper bounds
        # ceiling[v]: the score of every optional real tile of value v or more (1s counted low)
        self.ceiling = [0] * (self.top + 2)
        for v in range(self.top, 0, -1):
            here = sum(len(self.opt.get((c, v), ())) for c in range(4)) * TILE_WEIGHT
            here += sum(len(self.opt.get((c, v), ())) for c in range(4)) * v if v <= 13 else 0
            self.ceiling[v] = self.ceiling[v + 1] + here
        self.threshold = position.meld_threshold

    def _drop_hopeless(self) -> None:
        """Leave out the optional tiles that no set could hold, whatever the other tiles do: no group
        of their number, no three consecutive of their colour, no fixed set to grow (jokers counted as
        any tile). They only loosen the search's ceiling."""
        jokers = len(self.mand_jokers) + len(self.opt_jokers)
        if jokers >= 2:
            return
        top = self.top
        # every (colour, value) a fixed set holds, its jokers' places included (a group's joker: any colour)
        on_fixed = {(colour, v) for colour, low, high in self.fixed_runs for v in range(low, high + 1)}
        on_fixed |= {(colour, value) for value, _mask, _room in self.fixed_groups for colour in range(4)}

        def have(c: int, v: int) -> bool:
            if v == 14:
                v = 1
            return bool(self.mand.get((c, v)) or self.opt.get((c, v))) or (c, v) in on_fixed

        ends = set()
        for colour, low, high in self.fixed_runs:
            ends.add((colour, low - 1))
            ends.add((colour, high + 1))
        for key in list(self.opt):
            c, v = key
            if (c, v) in ends or (v == 1 and (c, 14) in ends):
                continue
            if any(value == v and not mask & (1 << c) and room for value, mask, room in self.fixed_groups):
                continue
            others = sum(1 for d in range(4) if d != c and have(d, v))
            if others + jokers >= 2:
                continue
            spots = [v] + ([14] if v == 1 and top == 14 else [])
            if any(
                sum(0 if have(c, w) else 1 for w in range(lo, lo + 3) if w != spot) <= jokers
                for spot in spots
                for lo in range(spot - 2, spot + 1)
                if lo >= 1 and lo + 2 <= top
            ):
                continue
            del self.opt[key]

    def counts(self, colour: int, value: int) -> tuple[int, int]:
        """(mandatory, optional) tiles of a colour and value (the 1s: before any is kept for 14)."""
        return len(self.mand.get((colour, value), ())), len(self.opt.get((colour, value), ()))

    def solve(self) -> int:
        start_state = ((), (), (), ())
        reserve = (0, 0, 0, 0, 0, 0, 0, 0)
        return self.best(1, start_state, len(self.mand_jokers), len(self.opt_jokers), reserve, 0, INFEASIBLE + 1)

    def ceiling_at(self, value: int, jo: int, reserve: tuple[int, ...]) -> int:
        """No completion from `value` on can score more than every optional tile left."""
        return self.ceiling[value] + jo * (TILE_WEIGHT + JOKER_PENALTY) + sum(reserve[1::2]) * (TILE_WEIGHT + 1)

    def best(
        self,
        value: int,
        state: tuple[tuple[int, ...], ...],
        jm: int,
        jo: int,
        reserve: tuple[int, ...],
        acc: int,
        floor: int,
    ) -> int:
        """The best score from `value` on if it is at least `floor`; otherwise some upper bound of it
        below `floor` (branch and bound: the memo keeps exact values and proven upper bounds apart)."""
        key = (value, state, jm, jo, reserve, acc)
        found = self.memo.get(key)
        if found is not None:
            return found[0]
        if value > self.top:
            ok = jm == 0 and all(r == 3 for runs in state for r in runs) and acc >= self.threshold
            self.memo[key] = (0 if ok else INFEASIBLE, None)
            return 0 if ok else INFEASIBLE
        ceiling = self.upper.get(key)
        if ceiling is None:
            ceiling = self.ceiling_at(value, jo, reserve)
        if ceiling < floor:
            return ceiling
        best_score = INFEASIBLE
        best_choice: object = None
        bound = INFEASIBLE  # the best any skipped or failed choice could have reached
        nxt = value + 1
        # What this value may leave unplaced and still reach `floor`: choices losing more are not made.
        here = self.ceiling_at(value, jo, reserve)
        slack = here - floor
        cut = [INFEASIBLE]  # the least loss among the choices the slack cut (set by `choices`)
        for choice in self.choices(value, state, jm, jo, reserve, slack, cut):
            gain, new_state, njm, njo, new_reserve, worth = choice[:6]
            need = (floor if floor > best_score + 1 else best_score + 1) - gain
            child_ceiling = self.ceiling_at(nxt, njo, new_reserve) if nxt <= self.top else 0
            if child_ceiling < need:
                if gain + child_ceiling > bound:
                    bound = gain + child_ceiling
                continue
            nacc = min(self.threshold, acc + worth) if self.threshold else 0
            rest = self.best(nxt, new_state, njm, njo, new_reserve, nacc, need)
            if rest == INFEASIBLE:
                continue
            if rest < need:
                if gain + rest > bound:
                    bound = gain + rest
                continue
            best_score = gain + rest
            best_choice = choice
            if best_score >= ceiling:
                break
        if best_score >= floor:
            self.memo[key] = (best_score, best_choice)
            return best_score
        # Choices cut by the slack lose at least cut[0]: the bound has to allow for them.
        top = max(best_score, bound, here - cut[0] if cut[0] != INFEASIBLE else INFEASIBLE)
        self.upper[key] = top
        return top

    def choices(
        self,
        value: int,
        state: tuple[tuple[int, ...], ...],
        jm: int,
        jo: int,
        reserve: tuple[int, ...],
        slack: int = 10**9,
        cut: list[int] | None = None,
    ) -> Iterable[tuple[object, ...]]:
        """Every way to use the tiles of one value that leaves at most `slack` worth of its optional
        tiles unplaced: (score gain, next state, mandatory jokers left, optional jokers left, reserve,
        meld worth, per-colour picks, group split). Jokers left unused are not lost: they stay for later
        values. `cut[0]` ends up as the least loss of a choice left out for its loss."""
        least_cut = 10**12
        jokers = jm + jo
        high = value == 14
        per_colour = []
        reserves: list[list[tuple[int, int, int, int]]] = []  # per colour: (mand low, opt low, mand kept, opt kept)
        for c in range(4):
            if high:
                m, o = reserve[2 * c], reserve[2 * c + 1]
                reserves.append([(m, o, 0, 0)])
            elif value == 1 and self.top == 14:
                m, o = self.counts(c, 1)
                if m + o and self._may_go_high(c, jokers):
                    reserves.append([(m - a, o - b, a, b) for a in range(m + 1) for b in range(o + 1)])
                else:
                    reserves.append([(m, o, 0, 0)])
            else:
                m, o = self.counts(c, value)
                reserves.append([(m, o, 0, 0)])
        fixed_here = () if high else self.groups_at.get(value, ())
        shown = 1 if high else value
        step = TILE_WEIGHT + shown
        for split in itertools.product(*reserves):
            new_reserve = reserve if value != 1 else tuple(x for sp in split for x in sp[2:])
            per_colour = []
            base_worth = 0
            for c in range(4):
                m, o = split[c][0], split[c][1]
                base_worth += m * shown
                runs = state[c] + (3,) * self.appear.get((c, value), 0) if self.appear else state[c]
                per_colour.append(colour_options(runs, m, o, min(jokers, self.joker_cap), self.joins.get((c, value), 0)))
            if not fixed_here and sum(1 for c in range(4) if split[c][0] + split[c][1]) + min(jokers, 2) < 3:
                per_colour = [_without_groups(options) for options in per_colour]  # no group can form here
            o0, o1, o2, o3 = per_colour
            a0, a1, a2, a3 = (split[c][1] * step for c in range(4))  # each colour's optional tiles' worth
            for p0 in o0:
                j0 = p0[1]
                l0 = a0 - p0[0] * step
                if l0 > slack:
                    least_cut = min(least_cut, l0)
                    break  # the options come with the most tiles first: the rest lose more
                if j0 > jokers:
                    continue
                for p1 in o1:
                    j1 = j0 + p1[1]
                    l1 = l0 + a1 - p1[0] * step
                    if l1 > slack:
                        least_cut = min(least_cut, l1)
                        break
                    if j1 > jokers:
                        continue
                    for p2 in o2:
                        j2 = j1 + p2[1]
                        l2 = l1 + a2 - p2[0] * step
                        if l2 > slack:
                            least_cut = min(least_cut, l2)
                            break
                        if j2 > jokers:
                            continue
                        for p3 in o3:
                            used_j = j2 + p3[1]
                            if l2 + a3 - p3[0] * step > slack:
                                least_cut = min(least_cut, l2 + a3 - p3[0] * step)
                                break
                            if used_j > jokers:
                                continue
                            groups = (p0[2], p1[2], p2[2], p3[2])
                            if fixed_here:
                                gsplit = group_split(groups, fixed_here)
                            else:
                                gsplit = _PLAIN_GROUPS.get(groups)
                            if gsplit is None:
                                continue
                            from_mand = jm if jm < used_j else used_j
                            from_opt = used_j - from_mand
                            used_opt = p0[0] + p1[0] + p2[0] + p3[0]
                            gain = from_opt * (TILE_WEIGHT + JOKER_PENALTY) + used_opt * step
                            worth = base_worth + (used_j + used_opt) * shown
                            new_state = (p0[3], p1[3], p2[3], p3[3])
                            yield (gain, new_state, jm - from_mand, jo - from_opt, new_reserve, worth, split,
                                   (p0, p1, p2, p3), gsplit)
        if cut is not None and least_cut != 10**12:
            cut[0] = least_cut

    def _may_go_high(self, colour: int, jokers: int) -> bool:
        """A 1 may be kept for the top of a run only where a 12 and a 13 (or jokers) could lead to it."""
        have12 = sum(self.counts(colour, 12)) > 0
        have13 = sum(self.counts(colour, 13)) > 0
        fixed = any(c == colour and high == 13 for c, _low, high in self.fixed_runs)
        return fixed or (have12 + have13 + jokers >= 2)

    # -- rebuilding the sets from the choices

    def rebuild(self) -> Play | None:
        score = self.solve()
        if score == INFEASIBLE:
            return None
        p = self.p
        state = ((), (), (), ())
        jm, jo = len(self.mand_jokers), len(self.opt_jokers)
        reserve = (0,) * 8
        acc = 0
        mand_j = list(self.mand_jokers)
        opt_j = list(self.opt_jokers)
        # open runs per colour: lists of tiles with their run length; a run joined to a fixed run is moved there
        open_runs: list[list[list[int]]] = [[], [], [], []]
        finished: list[tuple[int, ...]] = []
        grown_low: dict[int, list[int]] = {}
        grown_high: dict[int, list[int]] = {}
        grown_group: dict[int, list[int]] = {}
        # fixed runs continuing: (colour) -> list of fixed-run indexes that are "open" at their high end
        fixed_open: list[list[tuple[int, list[int]]]] = [[], [], [], []]
        placed: list[int] = []
        kept_ones: dict[int, tuple[list[int], list[int]]] = {}
        meld_value = 0
        for value in range(1, self.top + 1):
            key = (value, state, jm, jo, reserve, acc)
            _score, choice = self.memo[key]
            assert choice is not None
            gain, new_state, njm, njo, new_reserve, worth, split, picks, gsplit = choice  # type: ignore[misc]
            high = value == 14
            meld_value += worth
            used_j = sum(pk[1] for pk in picks)
            from_mand = min(jm, used_j)
            jokers_here = mand_j[:from_mand] + opt_j[: used_j - from_mand]
            del mand_j[:from_mand]
            del opt_j[: used_j - from_mand]
            placed.extend(t for t in jokers_here if t in p.optional)
            group_members: list[list[int]] = [[], [], [], []]
            for c in range(4):
                m, o = split[c][0], split[c][1]
                used_opt, j, g, after = picks[c]
                if high:
                    mand_ids, opt_ids = kept_ones[c]
                    tiles = list(mand_ids[:m]) + list(opt_ids[:used_opt])
                else:
                    all_m = list(self.mand.get((c, value), ()))
                    all_o = list(self.opt.get((c, value), ()))
                    if value == 1 and self.top == 14:
                        # the first m / o stay low; the rest are kept for 14
                        kept_ones[c] = (all_m[m:], all_o[o:])
                    tiles = all_m[:m] + all_o[:used_opt]
                placed.extend(all_o_id for all_o_id in tiles if all_o_id in p.optional)
                tiles += [jokers_here.pop() for _ in range(j)]
                # jokers go last so that groups and run ends take real tiles first
                group_members[c] = tiles[:g]
                rest = tiles[g:]
                self._advance_runs(c, value, rest, open_runs, fixed_open, finished, grown_high)
            fixed_adds, new_groups = gsplit
            fixed_here = [k for k, (v, _m, room) in enumerate(self.fixed_groups) if v == value and room > 0]
            pools = [list(group_members[c]) for c in range(4)]
            for k, colours in zip(fixed_here, fixed_adds):
                for c in colours:
                    grown_group.setdefault(k, []).append(pools[c].pop())
            for colours in new_groups:
                finished.append(tuple(pools[c].pop() for c in colours))
            # open runs that end here by joining a fixed run starting at value + 1
            for c in range(4):
                # the short runs the plan keeps open, by length; the others join
                wanted = [r for r in picks[c][3] if r < 3]
                shorts = [r for r in open_runs[c] if len(r) < 3]
                if len(shorts) > len(wanted):
                    joinable = [k for k, (col, low, _h) in enumerate(self.fixed_runs) if col == c and low == value + 1]
                    for r in shorts:
                        if len(r) in wanted:
                            wanted.remove(len(r))
                            continue
                        open_runs[c] = [x for x in open_runs[c] if x is not r]
                        grown_low[joinable.pop(0)] = r
            state, jm, jo, reserve = new_state, njm, njo, new_reserve
            acc = min(self.threshold, acc + worth) if self.threshold else 0
        for c in range(4):
            for r in open_runs[c]:
                finished.append(tuple(r))
        grown = []
        for k, row in enumerate(p.fixed):
            kind, i = self.fixed_kind[k]
            if kind == "run":
                grown.append(tuple(grown_low.get(i, [])) + row + tuple(grown_high.get(i, [])))
            else:
                grown.append(row + tuple(grown_group.get(i, [])))
        placed_t = tuple(sorted(set(placed)))
        return Play(
            placed=placed_t,
            sets=tuple(finished),
            grown=tuple(grown),
            points=sum(tile_points(t) for t in placed_t),
            meld_value=meld_value,
        )

    def _advance_runs(
        self,
        c: int,
        value: int,
        tiles: list[int],
        open_runs: list[list[list[int]]],
        fixed_open: list[list[tuple[int, list[int]]]],
        finished: list[tuple[int, ...]],
        grown_high: dict[int, list[int]],
    ) -> None:
        """Put this value's run tiles of colour `c` on the open runs by the forced rule: short runs first,
        then long ones (fixed runs open at their high end among them), then new runs."""
        # fixed runs that end just below this value become open at their high end
        for k, (col, _low, high) in enumerate(self.fixed_runs):
            if col == c and high + 1 == value:
                fixed_open[c].append((k, grown_high.setdefault(k, [])))
        short = [r for r in open_runs[c] if len(r) < 3]
        long_runs: list[tuple[str, object]] = [("free", r) for r in open_runs[c] if len(r) >= 3]
        long_runs += [("fixed", f) for f in fixed_open[c]]
        tiles = list(tiles)
        for r in short:
            r.append(tiles.pop(0))
        continuing_fixed = []
        still_open = list(short)
        for kind, run in long_runs:
            if tiles:
                if kind == "free":
                    run.append(tiles.pop(0))  # type: ignore[union-attr]
                    still_open.append(run)  # type: ignore[arg-type]
                else:
                    k, ext = run  # type: ignore[misc]
                    ext.append(tiles.pop(0))
                    continuing_fixed.append(run)
            else:
                if kind == "free":
                    finished.append(tuple(run))  # type: ignore[arg-type]
        for t in tiles:
            still_open.append([t])
        open_runs[c][:] = still_open
        fixed_open[c][:] = continuing_fixed  # type: ignore[assignment]

_PLAIN_GROUPS = {
    counts: found
    for counts in itertools.product(range(3), repeat=4)
    if (found := group_split(counts, ())) is not None
}


@lru_cache(maxsize=None)
def _without_groups(options: tuple[tuple[int, int, int, tuple[int, ...]], ...]) -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
    return tuple(option for option in options if option[2] == 0)


def _no_groups(fixed_count: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    return (tuple(() for _ in range(fixed_count)), ())


def run_span(row: Sequence[int], one_high: bool) -> tuple[int, int]:
    """(lowest, highest) value of a valid run, a 1 after a 13 counting 14."""
    n = len(row)
    for i, t in enumerate(row):
        if not IS_JOKER[t]:
            v = NUMBER_OF[t]
            start = v - i
            if one_high and v == 1 and i > 0:
                start = 14 - i
            if start < 1 and one_high:
                start = 14 - i
            return start, start + n - 1
    raise ValueError("a run without a real tile")


def best_play(position: Position) -> Play | None:
    """The best play of `position` (None when the free tiles cannot be arranged within the model)."""
    play = _Solver(position).rebuild()
    if play is None:
        return None
    one = "low_or_high" if position.one_high else "low"
    rows = list(play.sets) + list(play.grown)
    if all(analyse(_ordered(r, one, position.two_jokers), one, position.two_jokers).valid for r in rows):
        return Play(
            play.placed,
            tuple(_ordered(r, one, position.two_jokers) for r in play.sets),
            tuple(_ordered(r, one, position.two_jokers) if r != f else f for r, f in zip(play.grown, position.fixed)),
            play.points,
            play.meld_value,
        )
    if any(IS_JOKER[t] for t in position.optional):
        # The model put two jokers where the options forbid it: try again keeping the rack's jokers back.
        return best_play(
            Position(
                position.free,
                tuple(t for t in position.optional if not IS_JOKER[t]),
                position.fixed,
                position.one_high,
                position.two_jokers,
                position.meld_threshold,
            )
        )
    return None


def _ordered(row: Sequence[int], one: str, two: bool) -> tuple[int, ...]:
    from ...engine.rummikub.sets import valid_order

    found = valid_order(row, one, two)  # type: ignore[arg-type]
    return found if found is not None else tuple(row)


# Measuring --------------------------------------------------------------------------------------------------


def dense_positions(count: int, seed: int = 0, rack_size: int = 20, unseen: int = 6) -> list[Position]:
    """Random positions with as full a table as the 106 tiles allow next to a rack of `rack_size`, `unseen`
    tiles kept out (the pool): the table is a random arrangement of valid sets of the other tiles."""
    import random

    rng = random.Random(seed)
    out = []
    for _ in range(count):
        tiles = list(range(106))
        rng.shuffle(tiles)
        rack = tiles[:rack_size]
        rest = set(tiles[rack_size + unseen :])
        table: list[tuple[int, ...]] = []
        for _attempt in range(400):
            if rng.random() < 0.5:
                colour, start, length = rng.randrange(4), rng.randrange(1, 12), rng.randrange(3, 7)
                row = []
                for v in range(start, min(start + length, 14)):
                    pick = [t for t in (colour * 13 + v - 1, 52 + colour * 13 + v - 1) if t in rest]
                    if not pick:
                        break
                    row.append(pick[0])
                if len(row) >= 3:
                    table.append(tuple(row))
                    rest.difference_update(row)
            else:
                v = rng.randrange(1, 14)
                row = []
                for colour in rng.sample(range(4), 4):
                    pick = [t for t in (colour * 13 + v - 1, 52 + colour * 13 + v - 1) if t in rest]
                    if pick:
                        row.append(pick[0])
                if len(row) >= 3:
                    table.append(tuple(row))
                    rest.difference_update(row)
        free = tuple(t for row in table for t in row)
        out.append(Position(free=free, optional=tuple(rack)))
    return out


def finder_benchmark(positions: Sequence[Position]) -> tuple[float, float]:
    """(median, worst) milliseconds of `best_play` over the positions."""
    times = []
    for position in positions:
        start = time.perf_counter()
        best_play(position)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)
