"""Owned melds: the table rules the American and International rule sets share.

Every set on the table has an owner (TableSet.owner): the seat that laid it. After breaking the ice a
player may rearrange their own melds (split them, move their tiles among their own melds and into new
ones), add tiles from their rack to anybody's melds, and take back tiles they laid this turn from wherever
they are. Tiles of one's own melds never go into another player's meld; nothing of another player's meld
may be moved, split or re-read (ChooseJoker), and only the owner replaces a joker of a meld. A meld someone
else extended stays its owner's, added tiles included.

Rearranging one's melds needs at least one tile laid from the rack in the same turn; a freed joker must
end the turn in a new meld of one's own (a set that does not contain every tile of any set that was on the
table at the start of the turn). Both are checked when the turn ends (`owned_problems`).
"""

from __future__ import annotations

from ..base import Fact, IllegalAction, fact
from .editing import table_set
from .models import ChooseJoker, MoveTiles, RummikubState, SplitSet, TableSet
from .sets import IS_JOKER, LABEL_OF
from .standard import StandardRules
from .turn import TurnContext, freed_joker_sets, is_new_set, set_problems

__all__ = ["OwnedMelds", "owned_problems"]

_FREED_ALONE = fact("freed_joker_alone_own")
_FREED_NOT_NEW = fact("freed_joker_not_new_own")
_REARRANGE = fact("rearrange_needs_rack_tile")


def owned_problems(ctx: TurnContext, first: bool = False) -> list[Fact]:
    """The invalid sets, a misplaced freed joker, and a rearrangement without a tile from the rack (with
    `first`: the first of them only)."""
    state = ctx.state
    out = set_problems(ctx, first)
    if first and out:
        return out
    for joker, tiles in freed_joker_sets(ctx) if state.freed_jokers else ():
        if not tiles:
            problem: Fact | None = _FREED_ALONE
        elif is_new_set(ctx, tiles) and state.table[ctx.where[joker]].owner == ctx.seat:
            problem = None
        else:
            problem = _FREED_NOT_NEW
        if problem is not None and problem not in out:
            out.append(problem)
    if not ctx.played and state.undo and state.table != state.turn_start.table:
        out.append(_REARRANGE)
    return out


class OwnedMelds(StandardRules):
    """The table editor with the ownership rules on top (the owner of a new set is the player who made it)."""

    own_sets_only = True

    def check_move(self, state: RummikubState, seat: int, action: MoveTiles) -> IllegalAction | None:
        return self._ownership_refusal(state, action) or super().check_move(state, seat, action)

    def _ownership_refusal(self, state: RummikubState, action: MoveTiles) -> IllegalAction | None:
        tiles = action.tiles
        if type(tiles) is not tuple:
            return None  # the table editor refuses it
        ctx = self.ctx(state)
        table = state.table
        me = state.current
        rack = state.racks[me]
        own_tiles = False  # a tile of one's own melds (on the table at the start of the turn) moves
        known = True
        for t in tiles:
            i = ctx.where.get(t)
            if i is None:
                known = known and t in rack
                continue
            if t in ctx.start_tiles:
                owner = table[i].owner
                if owner != me:
                    return IllegalAction("others_meld_tile", tile=LABEL_OF[t], owner=owner)
                own_tiles = True
        to = action.to
        if not (known and type(to) is int and to in ctx.index_of):
            return None
        ti = ctx.index_of[to]
        target = table[ti]
        if target.owner == me:
            return None
        if own_tiles:
            return IllegalAction("own_tiles_stay_own")
        pos = action.position
        if target.id in ctx.locked_ids and type(pos) is int and 0 <= pos < len(target.tiles):
            j = target.tiles[pos]
            if (
                IS_JOKER[j]
                and j in ctx.start_sets[target.id].tiles
                and j not in tiles
                and ctx.may_touch(ti)
                and ctx.replacement(ti, j, tiles) is not None
            ):
                return IllegalAction("others_joker", owner=target.owner)
        return None

    def check_split(self, state: RummikubState, seat: int, action: SplitSet) -> IllegalAction | None:
        ctx = self.ctx(state)
        set_id = action.set_id
        if type(set_id) is int and set_id in ctx.index_of:
            owner = state.table[ctx.index_of[set_id]].owner
            if owner != state.current:
                return IllegalAction("others_meld_split", owner=owner)
        return super().check_split(state, seat, action)

    def check_joker(self, state: RummikubState, seat: int, action: ChooseJoker) -> IllegalAction | None:
        ctx = self.ctx(state)
        tile = action.tile
        if type(tile) is int and tile in ctx.where:
            owner = state.table[ctx.where[tile]].owner
            if owner != state.current:
                return IllegalAction("others_meld_joker", owner=owner)
        return super().check_joker(state, seat, action)

    def _moved(
        self,
        state: RummikubState,
        table: list[TableSet],
        rack: tuple[int, ...],
        next_set_id: int,
        freed: tuple[int, ...],
    ) -> RummikubState:
        me = state.current
        for k, ts in enumerate(table):
            if ts.owner is None:  # a set made by this move belongs to the mover
                table[k] = table_set(ts.id, ts.tiles, ts.jokers, ts.replaced, me, ts.changed_turn)
        return super()._moved(state, table, rack, next_set_id, freed)
