"""A simple player for the American and International rule sets, for playouts and golden transcripts. It
reads only its own View.

It draws (or takes the discard when that completes a set, or the trump when the trump lets it go out),
breaks the ice when its sets reach the threshold (or lays its whole rack but one tile), lays further sets,
adds single tiles to the ends of runs and to groups of anybody, replaces jokers in its own locked melds when
the joker can go into a new meld with two rack tiles, always keeps a tile, and discards the tile that fits
least with the rest. One piece of memory (turns it gave up on) keeps it from looping.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames_tui.engine.rummikub.models import (
    Discard,
    Draw,
    MoveTiles,
    ResetTurn,
    ReturnTrump,
    RummikubAction,
    RummikubView,
    TakeDiscard,
    TakeTrump,
)
from boardgames_tui.engine.rummikub.sets import COLOUR_OF, IS_JOKER, NUMBER_OF, SetInfo
from boardgames_tui.engine.rummikub.tiles import OneInRuns

from .policies import candidate_sets, first_of_each, greedy_sets, lay_off, new_set_for_joker, reading

_DRAW = Draw()
_RESET = ResetTurn()
_TAKE = TakeDiscard()
_TRUMP = TakeTrump()
_RETURN = ReturnTrump()
ONE: OneInRuns = "low_or_high"  # a 1 may end a run low or high (12-13-1) in both rule sets


def _info(tiles: Sequence[int], view: RummikubView) -> SetInfo:
    return reading(tiles, view, ONE)


def _fit(t: int, rack: Sequence[int]) -> int:
    """How many other rack tiles `t` could form a set with (same number, or same colour within 2)."""
    if IS_JOKER[t]:
        return 99
    score = 0
    for u in rack:
        if u == t or IS_JOKER[u]:
            continue
        if NUMBER_OF[u] == NUMBER_OF[t] and COLOUR_OF[u] != COLOUR_OF[t]:
            score += 1
        elif COLOUR_OF[u] == COLOUR_OF[t] and 0 < abs(NUMBER_OF[u] - NUMBER_OF[t]) <= 2:
            score += 1
    return score


class VariantMeldingPolicy:
    def __init__(self) -> None:
        self.gave_up: set[tuple[int, int]] = set()

    def __call__(self, view: RummikubView) -> RummikubAction:
        seat = view.seat
        assert seat is not None and view.rack is not None and view.legal_actions
        rack = [t.id for t in view.rack]
        if view.phase == "draw":
            return self.draw(view, rack)
        if view.phase == "discard" or (seat, view.turn) in self.gave_up:
            return self.finish(view, rack)
        melded = view.melded[seat]
        gate = melded or view.meld_points >= view.turn_rules.initial_meld
        for j in view.freed_jokers:
            home = next(sv for sv in view.table if j in [t.id for t in sv.tiles])
            if len(home.tiles) == 1:
                action = self.joker_home(view, j, rack)
                return action if action is not None else self.give_up(view)
        sets = [s for s in greedy_sets(rack, view, ONE) if len(rack) - len(s) >= 1]
        if not gate:
            need = view.turn_rules.initial_meld - view.meld_points
            whole = sum(len(s) for s in sets) == len(rack) - 1  # lay everything but one tile
            if sets and (need <= 0 or whole or sum(_info(s, view).value for s in sets) >= need):
                return MoveTiles(tiles=sets[0])
            return self.finish(view, rack)
        if sets:
            return MoveTiles(tiles=sets[0])
        if len(rack) > 1:
            added = lay_off(view, rack, ONE)
            if added is not None:
                return added
            replacement = self.replacement(view, rack)
            if replacement is not None:
                return replacement
        return self.finish(view, rack)

    def draw(self, view: RummikubView, rack: list[int]) -> RummikubAction:
        assert view.seat is not None
        if (view.seat, view.turn) not in self.gave_up and view.may_take_trump and view.trump is not None:
            sets = greedy_sets([*rack, view.trump.id], view, ONE)
            if sum(len(s) for s in sets) == len(rack):  # every tile but one in a set
                return _TRUMP
        top = view.discard_top
        if view.may_take_discard and top is not None:
            if any(top.id in s for s in candidate_sets([*rack, top.id], view, ONE)):
                return _TAKE
        return _DRAW

    def finish(self, view: RummikubView, rack: list[int]) -> RummikubAction:
        """Discard the tile that fits least; if no discard is legal, undo the turn first."""
        discards = [a for a in view.legal_actions if isinstance(a, Discard)]
        if discards:
            return min(discards, key=lambda a: (_fit(a.tile, rack), -NUMBER_OF[a.tile], a.tile))
        return self.give_up(view)

    def give_up(self, view: RummikubView) -> RummikubAction:
        assert view.seat is not None
        self.gave_up.add((view.seat, view.turn))
        if view.trump_taken:
            return _RETURN
        if view.can_reset:
            return _RESET
        discards = [a for a in view.legal_actions if isinstance(a, Discard)]
        return discards[0] if discards else view.legal_actions[0]

    def replacement(self, view: RummikubView, rack: list[int]) -> RummikubAction | None:
        """Put a rack tile on the joker of an own locked meld if the joker then has a new meld to go to."""
        by_key = first_of_each(rack)
        for sv in view.table:
            if not (sv.locked and sv.valid and sv.owner == view.seat):
                continue
            ids = [x.id for x in sv.tiles]
            for m in sv.jokers:
                if m.colour is None:
                    continue
                real = by_key.get(("KRBO".index(m.colour), m.number))
                if real is None:
                    continue
                rest = [t for t in rack if t != real]
                if len(rest) < 3 or self.joker_home(view, m.tile, rest) is None:
                    continue
                action = MoveTiles(tiles=(real,), to=sv.id, position=ids.index(m.tile))
                if action in view.legal_actions:
                    return action
        return None

    def joker_home(self, view: RummikubView, joker: int, rack: list[int]) -> RummikubAction | None:
        """A new meld for a freed joker with two rack tiles, keeping a tile to discard."""
        if len(rack) < 3:
            return None
        return new_set_for_joker(view, joker, rack, ONE)
