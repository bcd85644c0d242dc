"""Where selected tiles go on the Rummikub table, and the hint's words: the moves the turn screen submits
for Enter and `n`, worked out from one seat's View (no Textual)."""

from __future__ import annotations

from itertools import permutations

from ....engine.rummikub.models import MoveTiles, RummikubView, SetView
from ....engine.rummikub.sets import analyse, valid_order
from ....engine.rummikub.tiles import JOKER, TILES
from ....narration.rummikub import RummikubNarrator
from . import render


def _orders(tiles: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The orders to try a few tiles in when they go into a set: as selected first; every order of up to
    four tiles, else the sorted ones only."""
    if len(tiles) <= 4:
        return list(dict.fromkeys([tiles, *permutations(tiles)]))
    by_number = tuple(sorted(tiles, key=lambda t: (TILES[t].number, t)))  # a joker (0) first
    return list(dict.fromkeys([tiles, by_number, by_number[::-1]]))


def _run_rules(view: RummikubView) -> tuple[str, bool]:
    """How this game reads runs (may a 1 follow the 13?) and whether a set may hold both jokers."""
    return view.turn_rules.one_in_runs, view.turn_rules.two_jokers_in_a_set


def moves_into(
    view: RummikubView, selected: tuple[int, ...], target: SetView, position: int
) -> tuple[MoveTiles, MoveTiles | None]:
    """The `selected` tiles into `target`, where they belong: at `position` when the set is valid that
    way (an order the player chose stays as it is), else in the order and at the place that make the
    set valid, nearest the cursor (R10 J after R6 R7 R8 -> R6 R7 R8 J R10). When the tiles go to both
    ends (B5 B7 with B6 -> B5 B6 B7), the set is laid out again in one move, or, when its tiles may
    not move (a locked set, another player's meld), in two: the second is returned to follow."""
    tiles = selected
    as_asked = MoveTiles(tiles=tiles, to=target.id, position=position)
    here = target.tiles[position] if position < len(target.tiles) else None
    if here is not None and here.colour == JOKER and here.id not in tiles:
        return as_asked, None  # onto a joker: the tile takes its place (the engine's joker replacement)
    one, two = _run_rules(view)
    moving = set(tiles)
    staying = tuple(tile.id for tile in target.tiles if tile.id not in moving)
    cut = sum(1 for tile in target.tiles[:position] if tile.id not in moving)  # the cursor's gap among them

    def valid(row: tuple[int, ...]) -> bool:
        return analyse(row, one, two).valid  # (a joker's chosen meaning never makes a row valid or not)

    if valid(staying[:cut] + tiles + staying[cut:]) or valid_order(staying + tiles, one, two) is None:
        return as_asked, None

    def index_of(gap: int) -> int:  # the gap among the staying tiles as a position in the set
        if gap == len(staying):
            return len(target.tiles)
        return next(i for i, tile in enumerate(target.tiles) if tile.id == staying[gap])

    orders = _orders(tiles)
    for gap in sorted(range(len(staying) + 1), key=lambda gap: (abs(gap - cut), gap)):
        for order in orders:
            if valid(staying[:gap] + order + staying[gap:]):
                return MoveTiles(tiles=order, to=target.id, position=index_of(gap)), None
    may_relay = not target.locked and target.owner in (None, view.seat)
    for order in orders:
        for split in range(1, len(order)):
            before, after = order[:split], order[split:]
            if valid(before + staying + after):
                if may_relay:
                    return MoveTiles(tiles=before + staying + after, to=target.id, position=0), None
                return (
                    MoveTiles(tiles=before, to=target.id, position=0),
                    MoveTiles(tiles=after, to=target.id, position=None),
                )
    laid_out = valid_order(staying + tiles, one, two)
    if may_relay and laid_out is not None:
        return MoveTiles(tiles=laid_out, to=target.id, position=0), None
    return as_asked, None


def new_set(view: RummikubView, selected: tuple[int, ...]) -> MoveTiles:
    """The `selected` tiles as a new set, laid out in a valid order when one exists (R8 R7 R6 -> R6 R7 R8)."""
    one, two = _run_rules(view)
    tiles = valid_order(selected, one, two) or selected
    return MoveTiles(tiles=tuple(tiles), to=None)


def hint(view: RummikubView, narrator: RummikubNarrator) -> str:
    """The best play the move finder sees from this seat's View (the same finder as the computer
    players'), in words: the rack tiles to lay and the sets they make or grow."""
    from ....bots.rummikub import plan_turn

    plan = plan_turn(view, "hard")
    by_id = {table_set.id: tuple(tile.id for tile in table_set.tiles) for table_set in view.table}
    present = {tuple(sorted(tiles)) for tiles in by_id.values()}
    changed = [row for row in plan.new_sets if tuple(sorted(row)) not in present]
    changed += [row for set_id, row in plan.grown.items() if by_id.get(set_id) != row]
    # The plan is for the whole turn: the tiles this seat laid already are not said again.
    laid = set(plan.placed) - set(view.played_this_turn)
    # The rack tiles in the order the sets below show them, so the two lists read alike.
    in_sets = [t for row in changed for t in row if t in laid]
    order = [t for t in dict.fromkeys([*in_sets, *plan.placed]) if t in laid]
    placed = [render.tile_label(TILES[t]) for t in order]
    sets = [[render.tile_label(TILES[t]) for t in row] for row in changed]
    return narrator.hint(placed, sets, discarding=view.turn_rules.turn_ends_by_discard, laid_already=len(view.played_this_turn))
