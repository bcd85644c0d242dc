"""Simple players for playouts and the golden transcript. They read only their own View.

MeldingPolicy really melds: it finds runs and groups on its rack (jokers filling gaps), makes the initial
meld when its sets reach the threshold, lays further sets, adds single tiles to the ends of runs and to
groups, replaces jokers on the table when it can also place the freed joker, and otherwise draws. It
keeps one piece of memory (turns it gave up on) so it can never loop.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence

from boardgames_tui.engine.rummikub.models import (
    Draw,
    EndTurn,
    MoveTiles,
    ResetTurn,
    RummikubAction,
    RummikubView,
)
from boardgames_tui.engine.rummikub.sets import COLOUR_OF, IS_JOKER, NUMBER_OF, SetInfo, analyse
from boardgames_tui.engine.rummikub.tiles import OneInRuns

_DRAW = Draw()
_END = EndTurn()
_RESET = ResetTurn()


def reading(tiles: Sequence[int], view: RummikubView, one: OneInRuns = "low") -> SetInfo:
    """The engine's reading of a row of tiles under the table's options (`one`: how a 1 may sit in a run,
    "low" in the standard game, "low_or_high" in the American and International rule sets)."""
    return analyse(tuple(tiles), one, view.options.two_jokers_in_a_set)


def _valid(tiles: Sequence[int], view: RummikubView) -> bool:
    return reading(tiles, view).valid


def _value(tiles: Sequence[int], view: RummikubView) -> int:
    return reading(tiles, view).value


def first_of_each(tiles: Sequence[int]) -> dict[tuple[int, int], int]:
    """(colour, number) -> the first tile of `tiles` with it (jokers left out)."""
    by_key: dict[tuple[int, int], int] = {}
    for t in tiles:
        if not IS_JOKER[t]:
            by_key.setdefault((COLOUR_OF[t], NUMBER_OF[t]), t)
    return by_key


def candidate_sets(rack: Sequence[int], view: RummikubView, one: OneInRuns = "low") -> list[tuple[int, ...]]:
    """Valid sets that can be made from `rack`: groups, maximal runs, and both with one joker filling a
    gap. With `one` "low_or_high" a run may also end on a high 1 (12-13-1)."""
    high = one == "low_or_high"
    jokers = [t for t in rack if IS_JOKER[t]]
    by_key = first_of_each(sorted(rack))
    out: list[tuple[int, ...]] = []
    for number in range(1, 14):
        tiles = [by_key[(c, number)] for c in range(4) if (c, number) in by_key]
        if len(tiles) >= 3:
            out.append(tuple(tiles))
        elif len(tiles) == 2 and jokers:
            out.append((*tiles, jokers[0]))
    for colour in range(4):
        have = {n for n in range(1, 14) if (colour, n) in by_key}
        if high and 1 in have:
            have.add(14)  # a high 1
        # plain maximal runs
        start = None
        for n in range(1, 16 if high else 15):
            if n in have and start is None:
                start = n
            if n not in have and start is not None:
                end = 14 if start == 1 and n == 15 else n  # one 1 cannot be both ends
                if end - start >= 3:
                    out.append(tuple(by_key[(colour, 1 if k == 14 else k)] for k in range(start, end)))
                start = None
        if jokers:
            # a joker filling one gap or extending a pair
            for low in range(1, 13 if high else 12):
                window = [low, low + 1, low + 2]
                missing = [k for k in window if k not in have]
                if len(missing) == 1:
                    out.append(tuple(jokers[0] if k in missing else by_key[(colour, 1 if k == 14 else k)] for k in window))
    return [s for s in out if len(set(s)) == len(s) and reading(s, view, one).valid]


def greedy_sets(rack: Sequence[int], view: RummikubView, one: OneInRuns = "low") -> list[tuple[int, ...]]:
    """Disjoint valid sets from the rack, best value first (deterministic)."""
    left = list(rack)
    chosen: list[tuple[int, ...]] = []
    while True:
        cands = candidate_sets(left, view, one)
        if not cands:
            return chosen
        best = max(cands, key=lambda s: (reading(s, view, one).value, len(s), tuple(-t for t in s)))
        chosen.append(best)
        for t in best:
            left.remove(t)


def lay_off(view: RummikubView, rack: Sequence[int], one: OneInRuns = "low") -> RummikubAction | None:
    """The first legal move of one rack tile onto either end of a valid run, or onto a group (a joker
    only onto a run), that leaves a valid set."""
    legal = view.legal_actions
    for t in rack:
        for sv in view.table:
            if not sv.valid:
                continue
            tiles = [x.id for x in sv.tiles]
            if sv.kind == "run":
                options = [MoveTiles(tiles=(t,), to=sv.id, position=0), MoveTiles(tiles=(t,), to=sv.id)]
                rows = [[t, *tiles], [*tiles, t]]
            elif not IS_JOKER[t]:
                options, rows = [MoveTiles(tiles=(t,), to=sv.id)], [[*tiles, t]]
            else:
                continue
            for action, row in zip(options, rows):
                if reading(row, view, one).valid and action in legal:
                    return action
    return None


def new_set_for_joker(view: RummikubView, joker: int, rack: Sequence[int], one: OneInRuns = "low") -> RummikubAction | None:
    """A new set of a freed joker and two plain rack tiles, in the first order that makes one."""
    plain = [t for t in rack if not IS_JOKER[t]]
    for i, a in enumerate(plain):
        for b in plain[i + 1 :]:
            for row in ((a, b, joker), (a, joker, b), (joker, a, b), (b, a, joker), (b, joker, a), (joker, b, a)):
                if reading(row, view, one).valid:
                    return MoveTiles(tiles=row)
    return None


class MeldingPolicy:
    def __init__(self) -> None:
        self.gave_up: set[tuple[int, int]] = set()

    def give_up(self, view: RummikubView) -> RummikubAction:
        assert view.seat is not None
        self.gave_up.add((view.seat, view.turn))
        return _RESET if view.can_reset else _DRAW

    def __call__(self, view: RummikubView) -> RummikubAction:
        seat = view.seat
        assert seat is not None and view.rack is not None and view.legal_actions
        legal = view.legal_actions
        if (seat, view.turn) in self.gave_up:
            return _RESET if view.can_reset else _DRAW
        rack = [t.id for t in view.rack]
        opts = view.options
        played = bool(view.played_this_turn)
        melded = view.melded[seat]
        same_turn = opts.play_after_meld == "same turn"
        gate = melded or (same_turn and view.meld_points >= opts.initial_meld)
        # 1. a freed joker must find a home
        for j in view.freed_jokers:
            home = next(sv for sv in view.table if j in [t.id for t in sv.tiles])
            if len(home.tiles) == 1:
                action = self.joker_home(view, j, rack) if gate else None
                return action if action is not None else self.give_up(view)
        sets = greedy_sets(rack, view)
        if not gate:
            need = opts.initial_meld - view.meld_points
            if sets and (need <= 0 or sum(_value(s, view) for s in sets) >= need):
                return MoveTiles(tiles=sets[0])
            if played:
                return _END if _END in legal else self.give_up(view)
            return self.draw(view)
        if sets:
            return MoveTiles(tiles=sets[0])
        added = lay_off(view, rack)
        if added is not None:
            return added
        replacement = self.replacement(view, rack)
        if replacement is not None:
            return replacement
        if played:
            return _END if _END in legal else self.give_up(view)
        return self.draw(view)

    def draw(self, view: RummikubView) -> RummikubAction:
        """Draw; first undo any change to the table (a random move in a mixed playout)."""
        return _DRAW if _DRAW in view.legal_actions else _RESET

    def replacement(self, view: RummikubView, rack: list[int]) -> RummikubAction | None:
        """Put a rack tile on a locked set's joker, if the joker can then be placed."""
        by_key = first_of_each(rack)
        for sv in view.table:
            if not (sv.locked and sv.valid):
                continue
            ids = [x.id for x in sv.tiles]
            for m in sv.jokers:
                pos = ids.index(m.tile)
                if m.colour is not None:
                    real = by_key.get(("KRBO".index(m.colour), m.number))
                    tiles = (real,) if real is not None else ()
                else:
                    present = {COLOUR_OF[x] for x in ids if not IS_JOKER[x]}
                    options = [by_key[(c, m.number)] for c in range(4) if c not in present and (c, m.number) in by_key]
                    both = view.options.group_joker_needs_both_colours and len(ids) == 3
                    tiles = tuple(options[:2]) if both else tuple(options[:1])
                    if both and len(tiles) < 2:
                        tiles = ()
                if not tiles:
                    continue
                rest = [t for t in rack if t not in tiles]
                if self.joker_home(view, m.tile, rest, exclude=sv.id) is None:
                    continue
                action = MoveTiles(tiles=tiles, to=sv.id, position=pos)
                if len(tiles) == 1 and action not in view.legal_actions:
                    continue
                return action
        return None

    def joker_home(self, view: RummikubView, joker: int, rack: list[int], exclude: int | None = None) -> RummikubAction | None:
        """Where a freed joker can go: a new set with two rack tiles, or (joker_reuse "anywhere") an end
        of a valid run on the table."""
        action = new_set_for_joker(view, joker, rack)
        if action is not None:
            return action
        if view.options.joker_reuse == "anywhere":
            for sv in view.table:
                if not sv.valid or sv.kind != "run" or sv.id == exclude:
                    continue
                tiles = [x.id for x in sv.tiles]
                if joker in tiles:
                    continue
                if _valid([*tiles, joker], view):
                    return MoveTiles(tiles=(joker,), to=sv.id)
                if _valid([joker, *tiles], view):
                    return MoveTiles(tiles=(joker,), to=sv.id, position=0)
        return None


class BiasedRandomPolicy:
    """Random legal actions, with the turn-closing actions (draw, end, reset, undo) preferred now and then
    so that random games end quickly."""

    CONTROL = ("draw", "end_turn", "reset", "undo", "time_up")

    def __init__(self, rng: random.Random, control: float = 0.15) -> None:
        self.rng = rng
        self.control = control

    def __call__(self, legal: Sequence[RummikubAction]) -> RummikubAction:
        if self.rng.random() < self.control:
            closing = [a for a in legal if a.kind in self.CONTROL]
            if closing:
                return self.rng.choice(closing)
        return self.rng.choice(list(legal))


def kinds(actions: Sequence[RummikubAction]) -> dict[str, int]:
    out: dict[str, int] = defaultdict(int)
    for a in actions:
        out[a.kind] += 1
    return dict(out)
