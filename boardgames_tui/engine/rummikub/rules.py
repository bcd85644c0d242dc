"""Rummikub's rules (the standard "Israeli" game and the seed's variants): a pure function of the state.

Source of truth: shared/seeds/004_053a4b348d682711.txt (first part and its variant list) and
shared/rules/rummikub.md (decisions). Sets are read by sets.py.

The American and International rule sets (options.rule_set) build on these rules: discard.py (what they
share), american.py and international.py subclass RummikubRules, and RULES hands every state of another
rule set to that rule set's object (`rules_for`), so the registry's one RULES plays all three.

A turn is several `apply` calls by the current player: tile moves (MoveTiles, ReturnToRack, SplitSet,
ChooseJoker; each pushes an undo snapshot), Undo / ResetTurn, the free SortRack, and one closing action:
Draw (only while the table is as it was at the start of the turn), EndTurn (only with no end-turn problem)
or TimeUp (turn timer on).

Decisions where the seed leaves room (see also the report in the issue):
- Locked joker sets (joker_sets="locked"): a set that held a joker at the start of the turn may grow (at
  either end of a run; anywhere in a group) but none of its tiles may leave it, it may not be split and a
  run/group reading may not be switched. Tiles added to it this turn may leave again. Replacing a joker is
  a MoveTiles onto the joker's position of a locked set with the tile(s) it stands for (a run: exactly that
  tile; a group: one or two tiles of the number in missing colours, from the rack or the table). The freed
  joker appears on the table as a one-tile set and is listed in `freed_jokers`; it can never go to the rack
  and must end the turn in a valid set that satisfies `joker_reuse`. The replacing tiles are fixed in the
  set for the rest of the turn (TableSet.replaced). With joker_sets="free" jokers move like any tile and
  there is no replacement, so `joker_reuse` and `group_joker_needs_both_colours` have no effect.
- joker_reuse "new set" means a set that does not contain every tile of any set that was on the table at
  the start of the turn; "... with N rack tiles" also needs N tiles played from the rack this turn in it.
- group_joker_needs_both_colours: a group of three with one joker (two real tiles) has its joker replaced
  only by a MoveTiles of both missing colours at once. Other groups follow the standard rule.
- Initial meld: until the meld, only sets made of tiles from the rack this turn ("fresh" sets) may be built
  or changed. Table sets may be touched in the meld turn ("same turn") once the valid sets made only of
  rack tiles from this turn total the threshold; at EndTurn those sets must still total the threshold.
  `meld_points` in the view is that total.
- SortRack is free: it is not a move, is not undone and never blocks a draw; it sorts the rack of the
  current state, of the turn start and of every undo snapshot alike, so undo and reset never unsort it.
  Tiles returned to the rack or drawn are appended at the right end.
- Undo takes back one move; ResetTurn returns exactly to the start of the turn and clears the undo stack.
- A turn ends by itself after MAX_TURN_ACTIONS (200) table actions (moves, undos and resets, undone ones
  included), exactly as if the turn timer had run out. No person gets near it; it makes every turn, and so
  every random playout, finite (a uniform random walk otherwise almost never finds its way back to Draw).
- TimeUp: with no end-turn problem the play stands (as EndTurn). If nothing was played from the rack and
  the table is otherwise in order, the table is restored and the player draws 1. Anything else (an invalid
  table, a short initial meld, a misplaced freed joker) restores the table and the rack and costs 3
  penalty tiles.
- Rack totals count a joker 30 in both endings (going out and an empty pool).
- A player who must draw from an empty pool ends the game (lowest rack wins). A 3-tile penalty with fewer
  tiles in the pool draws what is there and then ends the game the same way.
- The pool-empty ending with a tie for the lowest rack: every tied player wins and they split the losers'
  points; a remainder goes one point each to the tied winners in seat order. Scores always sum to zero.
- legal_actions lists every control action that is legal, ReturnToRack of single tiles, every legal
  SplitSet and ChooseJoker and every legal single-tile MoveTiles (position None stands for "at the end";
  position == len(set) is accepted as an alias and not listed). A MoveTiles of several tiles is legal when
  every tile may leave its place and the target may take them; such compositions are not listed.

Added for issue #11 (no rule changed):
- ArrangeRack(tile, to) puts one rack tile elsewhere on the rack; free like SortRack (not a move, kept by
  undo and reset, allowed in every phase of every rule set). legal_actions lists each tile one place left
  and right; any other place is legal too and not listed.
- RecordClock(seconds_left): the screen records the turn timer's time left in the state (`clock`), so a
  saved game resumes its turn with that time; it only runs down, logs nothing, is not listed, and every
  new turn starts with the full time again (clock None).
- The log names the tiles a play laid ("Ana played 3 tiles: R5 B5 K5"); a drawn tile is told to its
  drawer in the entry's private part ("(you drew R7)").
- `turn_ends` marks where each seat's last turn ended in the log (the View's `news_from`), and each
  TableSet is stamped with the turn it last changed in (`changed_turn`; SetView.recent: changed since the
  current player's last turn).

Hot-path notes: actions are cached singletons, set readings are cached in sets.py, and internal updates
use `model_construct` / `model_copy(update=...)`, never validating constructors.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from ..base import GameRules, IllegalAction, LogEntry, Outcome
from ..rng import derived_random, shuffled
from .models import (
    ACTION_ADAPTER,
    ArrangeRack,
    MAX_TURN_ACTIONS,
    RACK_SIZE,
    TIMEOUT_PENALTY_TILES,
    TIMER_SECONDS,
    ChooseJoker,
    Draw,
    EndTurn,
    MoveTiles,
    RecordClock,
    ResetTurn,
    ReturnToRack,
    RummikubAction,
    RummikubOptions,
    RummikubState,
    RummikubView,
    SetView,
    SortRack,
    SplitSet,
    TableSet,
    TimeUp,
    TurnStart,
    Undo,
)
from .sets import COLOUR_OF, IS_JOKER, JOKER_IDS, LABEL_OF, NUMBER_OF, SetInfo, analyse, labels, meaning, rack_value
from .tiles import COLOURS, TILE_COUNT, TILES, JokerMeaning, OneInRuns

__all__ = [
    "RummikubRules",
    "RULES",
    "NOTHING_PLAYED",
    "sort_rack",
    "scores_when_out",
    "scores_when_pool_empty",
    "end_turn_problems",
    "meld_points",
]

NOTHING_PLAYED = "Play at least one tile from your rack (or reset the turn and draw)"
_FREED_ALONE = "The joker you freed must be played in a set on the table"
_REUSE_TEXT = {
    "new set": "The joker you freed must go into a new set, not into a set that was on the table at the start of the turn",
    "new set with 1 rack tile": "The joker you freed must go into a new set with at least 1 tile from your rack",
    "new set with 2 rack tiles": "The joker you freed must go into a new set with at least 2 tiles from your rack",
}
_REUSE_RACK_TILES = {"new set": 0, "new set with 1 rack tile": 1, "new set with 2 rack tiles": 2}
_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


# Racks and scores ------------------------------------------------------------------------------------


def _colour_key(t: int) -> tuple[int, int, int]:
    return (COLOUR_OF[t] if COLOUR_OF[t] >= 0 else 9, NUMBER_OF[t], t)


def _number_key(t: int) -> tuple[int, int, int]:
    return (NUMBER_OF[t] if NUMBER_OF[t] else 99, COLOUR_OF[t], t)


def sort_rack(rack: Iterable[int], by: str) -> tuple[int, ...]:
    """'colour': K R B O, each ascending ("789"); 'number': by number, colours in K R B O order ("777").
    Jokers go to the right end."""
    return tuple(sorted(rack, key=_colour_key if by == "colour" else _number_key))


def joker_replacement_texts(state: RummikubState, ctx: "_Ctx", name: str) -> list[str]:
    """One public log line per set in which the player replaced a joker this turn."""
    freed = set(state.freed_jokers)
    texts = []
    for ts in state.table:
        if ts.replaced:
            start = ctx.start_sets.get(ts.id)
            jokers = sum(1 for t in start.tiles if t in freed) if start is not None else 1
            what = "a joker" if jokers <= 1 else f"{jokers} jokers"
            texts.append(f"{name} replaced {what} with {_and([LABEL_OF[t] for t in ts.replaced])}")
    return texts


def rank_by_score(scores: Sequence[int]) -> tuple[list[int], list[tuple[int, ...]]]:
    """(seats from the best score down, the ranking as groups of seats with equal scores)."""
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    ranking: list[tuple[int, ...]] = []
    for s in order:
        if ranking and scores[ranking[-1][0]] == scores[s]:
            ranking[-1] = (*ranking[-1], s)
        else:
            ranking.append((s,))
    return order, ranking


def scores_when_out(totals: Sequence[int], winner: int) -> tuple[int, ...]:
    """A player went out: every loser scores minus their rack total, the winner the sum of those."""
    scores = [-t for t in totals]
    scores[winner] = sum(t for s, t in enumerate(totals) if s != winner)
    return tuple(scores)


def scores_when_pool_empty(totals: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(scores, winners) when the pool ran out: the lowest total wins; each loser scores -(own - lowest);
    the winners share the sum of those (a remainder one point each in seat order)."""
    low = min(totals)
    winners = tuple(s for s, t in enumerate(totals) if t == low)
    scores = [-(t - low) for t in totals]
    pot = -sum(scores)
    share, rest = divmod(pot, len(winners))
    for k, s in enumerate(winners):
        scores[s] = share + (1 if k < rest else 0)
    return tuple(scores), winners


# Cached objects ----------------------------------------------------------------------------------------

_DRAW = Draw()
_END = EndTurn()
_UNDO = Undo()
_RESET = ResetTurn()
_TIME_UP = TimeUp()
_SORTS = (SortRack(by="colour"), SortRack(by="number"))
_ARRANGES: dict[tuple[int, int], ArrangeRack] = {}
_MOVES: dict[tuple[int, int | None, int | None], MoveTiles] = {}
_RETURNS: dict[int, ReturnToRack] = {}
_SPLITS: dict[tuple[int, int], SplitSet] = {}
_CHOICES: dict[tuple[int, str, int], ChooseJoker] = {}
# (set id, set size) -> tile -> its moves to every position of the set (None last)
_INTO: dict[tuple[int, int], dict[int, tuple[MoveTiles, ...]]] = {}
_SEATS: tuple[frozenset[int], ...] = tuple(frozenset((s,)) for s in range(8))
_NOBODY: frozenset[int] = frozenset()


_TO_NEW: tuple[MoveTiles, ...] = tuple(
    MoveTiles.model_construct(kind="move", tiles=(t,), to=None, position=None) for t in range(TILE_COUNT)
)


def _move_action(tile: int, to: int | None, position: int | None) -> MoveTiles:
    key = (tile, to, position)
    a = _MOVES.get(key)
    if a is None:
        if len(_MOVES) > 400_000:
            _MOVES.clear()
        a = _MOVES[key] = MoveTiles.model_construct(kind="move", tiles=(tile,), to=to, position=position)
    return a


def arrange_actions(rack: tuple[int, ...]) -> list[ArrangeRack]:
    """The listed rack arrangements: each tile one place to the left or to the right (any other place is
    legal too, and not listed)."""
    out = []
    last = len(rack) - 1
    for i, t in enumerate(rack):
        for to in (i - 1, i + 1):
            if 0 <= to <= last:
                a = _ARRANGES.get((t, to))
                if a is None:
                    a = _ARRANGES[(t, to)] = ArrangeRack.model_construct(kind="arrange_rack", tile=t, to=to)
                out.append(a)
    return out


def _return_action(tile: int) -> ReturnToRack:
    a = _RETURNS.get(tile)
    if a is None:
        a = _RETURNS[tile] = ReturnToRack.model_construct(kind="to_rack", tiles=(tile,))
    return a


def _split_action(set_id: int, at: int) -> SplitSet:
    key = (set_id, at)
    a = _SPLITS.get(key)
    if a is None:
        a = _SPLITS[key] = SplitSet.model_construct(kind="split", set_id=set_id, at=at)
    return a


def _choose_action(tile: int, colour: str, number: int) -> ChooseJoker:
    key = (tile, colour, number)
    a = _CHOICES.get(key)
    if a is None:
        a = _CHOICES[key] = ChooseJoker.model_construct(kind="joker", tile=tile, colour=colour, number=number)
    return a


def _log(text: str, private: tuple[tuple[int, str], ...] = ()) -> LogEntry:
    return LogEntry.model_construct(public=text, private=private)


def _table_set(
    set_id: int,
    tiles: tuple[int, ...],
    jokers: tuple[JokerMeaning, ...] = (),
    replaced: tuple[int, ...] = (),
    owner: int | None = None,
    changed_turn: int = -1,
) -> TableSet:
    return TableSet.model_construct(
        id=set_id, tiles=tiles, jokers=jokers, replaced=replaced, owner=owner, changed_turn=changed_turn
    )


def _with_tiles(ts: TableSet, tiles: tuple[int, ...], add_replaced: tuple[int, ...] = ()) -> TableSet:
    """`ts` holding `tiles` now; joker choices and replacement marks follow the tiles that stay."""
    jokers = ts.jokers
    if jokers:
        jokers = tuple(m for m in jokers if m.tile in tiles)
    replaced = ts.replaced
    if replaced:
        replaced = tuple(t for t in replaced if t in tiles)
    if add_replaced:
        replaced = replaced + add_replaced
    return _table_set(ts.id, tiles, jokers, replaced, ts.owner, ts.changed_turn)


def stamp_changes(table: tuple[TableSet, ...], start: tuple[TableSet, ...], turn: int) -> tuple[TableSet, ...]:
    """`table` at the end of turn `turn`: every set that is new or differs from `start` (its tiles or what
    its jokers stand for) is stamped with that turn, and the `replaced` marks of the turn are dropped."""
    before = {ts.id: ts for ts in start}
    out = []
    for ts in table:
        b = before.get(ts.id)
        changed = b is None or b.tiles != ts.tiles or b.jokers != ts.jokers
        if changed or ts.replaced:
            ts = _table_set(ts.id, ts.tiles, ts.jokers, (), ts.owner, turn if changed else ts.changed_turn)
        out.append(ts)
    return tuple(out)


def turn_ends_after(state: RummikubState) -> tuple[int, ...]:
    """`state.turn_ends` with the current seat's turn ending now (before its closing log lines)."""
    marks = list(state.turn_ends or (0,) * len(state.players))
    marks[state.current] = len(state.log)
    return tuple(marks)


def recent_sets(state: RummikubState) -> frozenset[int]:
    """Ids of the sets that changed since the current player's last turn (in the other players' turns)."""
    since = state.turn - len(state.players)
    return frozenset(ts.id for ts in state.table if ts.changed_turn >= 0 and ts.changed_turn > since)


def follow_order(rack: tuple[int, ...], order: tuple[int, ...]) -> tuple[int, ...]:
    """`rack` with the tiles it shares with `order` put in `order`'s order, in the places they held (the
    other tiles stay where they are): an arrangement of the rack carried over to an undo snapshot."""
    where = {t: k for k, t in enumerate(order)}
    common = iter(sorted((t for t in rack if t in where), key=where.__getitem__))
    return tuple(next(common) if t in where else t for t in rack)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# The turn in progress ------------------------------------------------------------------------------------


class _Ctx:
    """What the rules need to know about the turn in progress, computed once per call."""

    __slots__ = (
        "state",
        "opts",
        "seat",
        "one",
        "two",
        "start_sets",
        "start_tiles",
        "locked_ids",
        "index_of",
        "infos",
        "where",
        "played",
        "fresh",
        "meld_points",
        "threshold",
        "same_turn",
        "gate",
    )

    def __init__(
        self, state: RummikubState, one: OneInRuns, threshold: int, same_turn: bool, open_gate: bool = False
    ) -> None:
        """`threshold`: points the initial meld needs; `same_turn`: the table is open right after it in the
        same turn; `open_gate`: every set may be touched before the initial meld too (International, where
        a player may add to other players' melds on the way to a finish; the end of the turn checks it)."""
        opts = state.options
        self.state = state
        self.opts = opts
        seat = self.seat = state.current
        self.one = one
        two = self.two = opts.two_jokers_in_a_set
        start = state.turn_start
        start_sets: dict[int, TableSet] = {}
        start_tiles: set[int] = set()
        locked: set[int] = set()
        check_locks = opts.joker_sets == "locked"
        for ts in start.table:
            start_sets[ts.id] = ts
            start_tiles.update(ts.tiles)
            if check_locks and (JOKER_IDS[0] in ts.tiles or JOKER_IDS[1] in ts.tiles):
                locked.add(ts.id)
        self.start_sets = start_sets
        self.start_tiles = start_tiles
        self.locked_ids = locked
        table = state.table
        infos: list[SetInfo] = []
        where: dict[int, int] = {}
        index_of: dict[int, int] = {}
        played: list[int] = []
        fresh: list[bool] = []
        points = 0
        for i, ts in enumerate(table):
            tiles = ts.tiles
            info = analyse(tiles, one, two, ts.jokers)
            infos.append(info)
            index_of[ts.id] = i
            only_rack = True
            for t in tiles:
                where[t] = i
                if t in start_tiles:
                    only_rack = False
                else:
                    played.append(t)
            fresh.append(only_rack and ts.id not in start_sets)
            if only_rack and info.valid:
                points += info.value
        self.infos = infos
        self.where = where
        self.index_of = index_of
        self.played = played
        self.fresh = fresh
        self.meld_points = points
        self.threshold = threshold
        self.same_turn = same_turn
        self.gate = open_gate or state.melded[seat] or (same_turn and points >= threshold)

    def may_touch(self, i: int) -> bool:
        return self.gate or self.fresh[i]

    def meld_block(self) -> str:
        if not self.same_turn:
            return (
                "Until your initial meld is on the table you may only build new sets from your rack:"
                " the table is yours from your next turn"
            )
        return (
            f"Until your initial meld is complete ({self.threshold} points in new sets from your rack;"
            f" you have {self.meld_points}) you may only build new sets from your rack"
        )

    def start_kind(self, set_id: int) -> str | None:
        ts = self.start_sets[set_id]
        return analyse(ts.tiles, self.one, self.two, ts.jokers).kind

    def replacement(self, i: int, joker: int, tiles: Sequence[int]) -> str | None:
        """Whether putting `tiles` onto `joker` (a joker of the locked set at index i) replaces it:
        None (they do not match it), "ok", or why the rules refuse it."""
        info = self.infos[i]
        if not info.valid:
            return None
        m = info.meaning_of(joker)
        if m is None:
            return None
        for t in tiles:
            if IS_JOKER[t]:
                return None
        ts = self.state.table[i]
        if info.kind == "run":
            if len(tiles) != 1:
                return None
            t = tiles[0]
            if COLOUR_OF[t] != _COLOUR_INDEX[m.colour or ""] or NUMBER_OF[t] != m.number:  # type: ignore[index]
                return None
            return "ok"
        if not 1 <= len(tiles) <= 2:
            return None
        others = [t for t in ts.tiles if t != joker and t not in tiles]
        mask = 0
        for t in others:
            if not IS_JOKER[t]:
                mask |= 1 << COLOUR_OF[t]
        for t in tiles:
            bit = 1 << COLOUR_OF[t]
            if NUMBER_OF[t] != info.number or mask & bit:
                return None
            mask |= bit
        if len(others) + len(tiles) > 4:
            return None
        if (
            self.opts.group_joker_needs_both_colours
            and len(tiles) == 1
            and len(ts.tiles) == 3
            and sum(1 for t in ts.tiles if IS_JOKER[t]) == 1
        ):
            missing = [f"{c}{info.number}" for c in COLOURS if not info.colours & (1 << _COLOUR_INDEX[c])]
            return (
                "In a group of three the joker can only be replaced by both missing colours at once"
                f" ({_and(missing)})"
            )
        return "ok"


def _problems(ctx: _Ctx) -> list[str]:
    state = ctx.state
    out: list[str] = []
    if not ctx.played:
        out.append(NOTHING_PLAYED)
    freed = state.freed_jokers
    table = state.table
    for i, info in enumerate(ctx.infos):
        if not info.valid:
            tiles = table[i].tiles
            if freed and all(t in freed for t in tiles):
                continue
            out.append(info.problem or "")
    if freed:
        reuse = ctx.opts.joker_reuse
        for j in freed:
            i = ctx.where.get(j, -1)
            tiles = table[i].tiles if i >= 0 else ()
            if i < 0 or all(t in freed for t in tiles):
                text = _FREED_ALONE
            elif reuse != "anywhere":
                inside = set(tiles)
                new = not any(inside.issuperset(s.tiles) for s in ctx.start_sets.values())
                from_rack = sum(1 for t in tiles if t not in ctx.start_tiles)
                text = "" if new and from_rack >= _REUSE_RACK_TILES[reuse] else _REUSE_TEXT[reuse]
            else:
                text = ""
            if text and text not in out:
                out.append(text)
    if not state.melded[ctx.seat] and ctx.played and ctx.meld_points < ctx.threshold:
        out.append(
            f"Initial meld: your new sets from your rack are worth {ctx.meld_points};"
            f" you need at least {ctx.threshold}"
        )
    return out


# The rules ---------------------------------------------------------------------------------------------


class RummikubRules(GameRules[RummikubState, RummikubAction, RummikubView, RummikubOptions]):  # type: ignore[type-var]
    id = "rummikub"
    title = "Rummikub"
    min_players = 2
    max_players = 4
    Options = RummikubOptions
    State = RummikubState
    action_adapter = ACTION_ADAPTER
    one_in_runs: ClassVar[OneInRuns] = "low"  # the standard game: 1 is low only
    # The rule set this object plays. RULES plays the standard game and hands every state of another rule
    # set to that rule set's object (american.py, international.py), so one RULES serves them all.
    rule_set: ClassVar[str] = "standard"

    _last: tuple[RummikubState, _Ctx] | None = None

    def _turn_problems(self, ctx: _Ctx) -> list[str]:
        """What stands in the way of ending the turn now (the rule set's own list)."""
        return _problems(ctx)

    def _ctx(self, state: RummikubState) -> _Ctx:
        """The turn context of `state`; the last one is kept, as legal_actions and apply ask in turn."""
        last = self._last
        if last is not None and last[0] is state:
            return last[1]
        opts = state.options
        ctx = _Ctx(state, self.one_in_runs, opts.initial_meld, opts.play_after_meld == "same turn")
        self._last = (state, ctx)
        return ctx

    # -- setup

    def setup(self, players: Sequence[str], options: RummikubOptions | None, seed: str) -> RummikubState:
        options = options if options is not None else RummikubOptions()
        if options.rule_set != self.rule_set:
            return rules_for_rule_set(options.rule_set).setup(players, options, seed)
        players = self.seat_players(players)
        n = len(players)
        tiles = shuffled(range(TILE_COUNT), seed, "tiles")
        racks = tuple(sort_rack(tiles[s * RACK_SIZE : (s + 1) * RACK_SIZE], "colour") for s in range(n))
        pool = tuple(tiles[n * RACK_SIZE :])
        first = derived_random(seed, "first").randrange(n)
        text = f"{players[first]} goes first (chosen at random); play goes {options.direction}"
        return RummikubState(
            players=players,
            options=options,
            seed=seed,
            pool=pool,
            racks=racks,
            melded=(False,) * n,
            current=first,
            turn_start=TurnStart(table=(), rack=racks[first], freed_jokers=(), next_set_id=0),
            summary=text,
            log=(_log(text),),
        )

    # -- whose move

    def to_act(self, state: RummikubState) -> frozenset[int]:
        if state.phase == "over":
            return _NOBODY
        return _SEATS[state.current]

    def legal_actions(self, state: RummikubState, seat: int) -> Sequence[RummikubAction]:
        if state.options.rule_set != self.rule_set:
            return rules_for(state).legal_actions(state, seat)
        if state.phase == "over" or seat != state.current:
            return ()
        ctx = self._ctx(state)
        out: list[RummikubAction] = []
        table = state.table
        undo = state.undo
        if not undo or table == state.turn_start.table:
            out.append(_DRAW)
        if not _problems(ctx):
            out.append(_END)
        if undo:
            out.append(_UNDO)
            out.append(_RESET)
        if state.options.turn_timer != "off":
            out.append(_TIME_UP)
        out.extend(_SORTS)
        out.extend(arrange_actions(state.racks[seat]))
        # Tiles played from the rack this turn, back to the rack.
        self._return_actions(ctx, out)
        touch = [ctx.may_touch(i) for i in range(len(table))]
        # Splits and joker choices.
        self._split_and_choose_actions(ctx, out, touch)
        # Single-tile moves: every movable tile to a new set and to every position of every touchable set.
        movable: list[tuple[int, int]] = [(t, -1) for t in state.racks[seat]]
        locked_ids = ctx.locked_ids
        start_sets = ctx.start_sets
        for i, ts in enumerate(table):
            if not touch[i]:
                continue
            if ts.id in locked_ids:
                core = start_sets[ts.id].tiles
                replaced = ts.replaced
                movable.extend((t, i) for t in ts.tiles if t not in core and t not in replaced)
            else:
                movable.extend((t, i) for t in ts.tiles)
        self._single_moves(ctx, out, movable, [i for i in range(len(table)) if touch[i]])
        return out

    @staticmethod
    def _return_actions(ctx: _Ctx, out: list[RummikubAction]) -> None:
        """ReturnToRack of every single tile played from the rack this turn that may go back."""
        table = ctx.state.table
        for t in ctx.played:
            ts = table[ctx.where[t]]
            if t not in ts.replaced:
                out.append(_return_action(t))

    def _split_and_choose_actions(self, ctx: _Ctx, out: list[RummikubAction], touch: Sequence[bool]) -> None:
        """Every legal SplitSet and ChooseJoker of the sets with a true `touch`."""
        locked_ids = ctx.locked_ids
        for i, ts in enumerate(ctx.state.table):
            if not touch[i]:
                continue
            locked = ts.id in locked_ids
            if not locked:
                for at in range(1, len(ts.tiles)):
                    out.append(_split_action(ts.id, at))
            info = ctx.infos[i]
            if info.ambiguous:
                for j in info.ambiguous:
                    for colour, number in info.alternatives[j]:
                        if locked and self._switches_reading(info, ts.tiles, colour):
                            continue
                        out.append(_choose_action(j, colour, number))

    @staticmethod
    def _single_moves(
        ctx: _Ctx,
        out: list[RummikubAction],
        movable: Sequence[tuple[int, int]],
        targets: Sequence[int],
        no_replacing: frozenset[int] = frozenset(),
    ) -> None:
        """Every legal single-tile MoveTiles of the `movable` (tile, index of its set or -1 for the rack)
        to a new set and to the sets at the indices `targets`. A replacement of a joker in a locked set
        whose index is in `no_replacing` is left out (American / International: only the owner may)."""
        table = ctx.state.table
        locked_ids = ctx.locked_ids
        start_sets = ctx.start_sets
        fast: list[tuple[int, int, int]] = []  # unlocked sets: (index, id, size)
        slow: list[tuple[int, TableSet, bool, dict[int, int], bool]] = []  # locked: (index, set, run?, core jokers, may replace)
        for i in targets:
            ts = table[i]
            if ts.id in locked_ids:
                core = start_sets[ts.id].tiles
                jokers = {p: t for p, t in enumerate(ts.tiles) if IS_JOKER[t] and t in core}
                slow.append((i, ts, ctx.start_kind(ts.id) == "run", jokers, i not in no_replacing))
            else:
                fast.append((i, ts.id, len(ts.tiles)))
        rows = []  # per unlocked target: (index, {tile: its moves to every position})
        for i, sid, n in fast:
            key = (sid, n)
            row = _INTO.get(key)
            if row is None:
                if len(_INTO) > 50_000:
                    _INTO.clear()
                row = _INTO[key] = {}
            rows.append((i, sid, n, row))
        to_new = _TO_NEW
        for t, src in movable:
            if src < 0 or len(table[src].tiles) > 1:
                out.append(to_new[t])
            for i, sid, n, row in rows:
                acts = row.get(t)
                if acts is None:
                    acts = row[t] = (*(_move_action(t, sid, p) for p in range(n)), _move_action(t, sid, None))
                if i == src:
                    idx = table[i].tiles.index(t)  # moving to either side of itself changes nothing
                    out.extend(acts[:idx])
                    out.extend(acts[idx + 2 :])
                else:
                    out.extend(acts)
            for i, ts, run, jokers, may_replace in slow:
                tiles = ts.tiles
                n = len(tiles)
                sid = ts.id
                own = src == i
                idx = tiles.index(t) if own else -1
                for p in range(n + 1):
                    j = jokers.get(p)
                    if j is not None and j != t:
                        how = ctx.replacement(i, j, (t,))
                        if how is not None:
                            if how == "ok" and may_replace:
                                out.append(_move_action(t, sid, p))
                            continue
                    if own and (p == idx or p == idx + 1):
                        continue
                    if run:
                        q = p - 1 if own and idx < p else p
                        if q != 0 and q != (n - 1 if own else n):
                            continue
                    out.append(_move_action(t, sid, p if p < n else None))

    @staticmethod
    def _switches_reading(info: SetInfo, tiles: tuple[int, ...], colour: str) -> bool:
        """Whether choosing `colour` for a joker of a row that reads both ways switches run <-> group."""
        if not info.both_readings:
            return False
        real = next(t for t in tiles if not IS_JOKER[t])
        choose_run = colour == COLOURS[COLOUR_OF[real]]
        return choose_run != (info.kind == "run")

    # -- apply

    @staticmethod
    def _check_turn(state: RummikubState, seat: int) -> None:
        """Refuse any action once the game is over, or from anyone but the player whose turn it is."""
        if state.phase == "over":
            raise IllegalAction("The game is over")
        if seat != state.current:
            if type(seat) is int and 0 <= seat < len(state.players):
                raise IllegalAction(f"It is {state.players[state.current]}'s turn, not yours")
            raise IllegalAction(f"There is no seat {seat!r}")

    def _table_edit(self, state: RummikubState, action: RummikubAction) -> RummikubState | None:
        """Apply an action that edits the table (move, return, split, joker, undo, reset); None for others."""
        cls = type(action)
        if cls is MoveTiles:
            return self._move(state, action)  # type: ignore[arg-type]
        if cls is ReturnToRack:
            return self._return(state, action)  # type: ignore[arg-type]
        if cls is SplitSet:
            return self._split(state, action)  # type: ignore[arg-type]
        if cls is ChooseJoker:
            return self._choose(state, action)  # type: ignore[arg-type]
        if cls is Undo:
            return self._undo(state)
        if cls is ResetTurn:
            return self._reset(state)
        return None

    def apply(self, state: RummikubState, seat: int, action: RummikubAction) -> RummikubState:
        if state.options.rule_set != self.rule_set:
            return rules_for(state).apply(state, seat, action)
        self._check_turn(state, seat)
        cls = type(action)
        new = self._table_edit(state, action)
        if new is not None:
            if new.actions_this_turn >= MAX_TURN_ACTIONS:
                return self._time_up(new, limit=True)
            return new
        if cls is SortRack:
            return self._sort(state, action)  # type: ignore[arg-type]
        if cls is ArrangeRack:
            return self._arrange(state, action)  # type: ignore[arg-type]
        if cls is RecordClock:
            return self._record_clock(state, action)  # type: ignore[arg-type]
        if cls is EndTurn:
            return self._end_turn(state)
        if cls is Draw:
            return self._draw(state)
        if cls is TimeUp:
            return self._time_up(state)
        raise IllegalAction(f"Unknown action {action!r}")

    # -- moves

    @staticmethod
    def _tile_list(tiles: Any) -> tuple[int, ...]:
        if type(tiles) is not tuple or not tiles:
            raise IllegalAction("Choose at least one tile")
        for t in tiles:
            if type(t) is not int or not 0 <= t < TILE_COUNT:
                raise IllegalAction(f"There is no tile {t!r}")
        if len(set(tiles)) != len(tiles):
            raise IllegalAction("A tile is listed twice")
        return tiles  # type: ignore[no-any-return]

    @staticmethod
    def _snapshot(state: RummikubState) -> tuple[TurnStart, ...]:
        snap = TurnStart.model_construct(
            table=state.table,
            rack=state.racks[state.current],
            freed_jokers=state.freed_jokers,
            next_set_id=state.next_set_id,
        )
        return (*state.undo, snap)

    def _moved(
        self,
        state: RummikubState,
        table: list[TableSet],
        rack: tuple[int, ...],
        next_set_id: int,
        freed: tuple[int, ...],
    ) -> RummikubState:
        racks = list(state.racks)
        racks[state.current] = rack
        return state.model_copy(
            update={
                "table": tuple(table),
                "racks": tuple(racks),
                "next_set_id": next_set_id,
                "freed_jokers": freed,
                "undo": self._snapshot(state),
                "actions_this_turn": state.actions_this_turn + 1,
            }
        )

    def _move(self, state: RummikubState, action: MoveTiles) -> RummikubState:
        tiles = self._tile_list(action.tiles)
        ctx = self._ctx(state)
        table = state.table
        rack = state.racks[state.current]
        rack_set = set(rack)
        sources: dict[int, int] = {}
        for t in tiles:
            if t in rack_set:
                sources[t] = -1
            elif t in ctx.where:
                sources[t] = ctx.where[t]
            else:
                raise IllegalAction(f"{LABEL_OF[t]} (tile {t}) is not on your rack or on the table")
        to, position = action.to, action.position
        target_index: int | None = None
        target: TableSet | None = None
        if to is None:
            if position is not None:
                raise IllegalAction("A new set has no position: leave the position out")
        else:
            if type(to) is not int or to not in ctx.index_of:
                raise IllegalAction(f"There is no set {to!r} on the table")
            target_index = ctx.index_of[to]
            target = table[target_index]
            size = len(target.tiles)
            if position is None:
                position = size
            elif type(position) is not int or not 0 <= position <= size:
                raise IllegalAction(f"Set {to} has no position {position!r} (0 to {size})")
        assert position is not None or target is None
        locked_ids = ctx.locked_ids
        for t, i in sources.items():
            if i < 0:
                continue
            ts = table[i]
            if not ctx.may_touch(i):
                raise IllegalAction(ctx.meld_block())
            if ts.id in locked_ids:
                if t in ts.replaced:
                    raise IllegalAction(f"{LABEL_OF[t]} replaced a joker this turn and must stay in its set")
                if t in ctx.start_sets[ts.id].tiles:
                    raise IllegalAction(
                        f"{LABEL_OF[t]} cannot leave its set: a set with a joker may grow, but nothing may leave it"
                    )
        if target_index is not None and not ctx.may_touch(target_index):
            raise IllegalAction(ctx.meld_block())
        freed = state.freed_jokers
        next_id = state.next_set_id
        moving = set(tiles)
        touched = set(sources.values())
        # Joker replacement.
        if target is not None and target.id in locked_ids and position < len(target.tiles):  # type: ignore[operator]
            j = target.tiles[position]  # type: ignore[index]
            if IS_JOKER[j] and j in ctx.start_sets[target.id].tiles and j not in moving:
                how = ctx.replacement(target_index, j, tiles)  # type: ignore[arg-type]
                if how is not None:
                    if how != "ok":
                        raise IllegalAction(how)
                    new_table: list[TableSet] = []
                    for i, ts in enumerate(table):
                        if i == target_index:
                            row = [t for t in ts.tiles if t not in moving]
                            k = row.index(j)
                            row[k : k + 1] = tiles
                            new_table.append(_with_tiles(ts, tuple(row), tiles))
                        elif i in touched:
                            rest = tuple(t for t in ts.tiles if t not in moving)
                            if rest:
                                new_table.append(_with_tiles(ts, rest))
                        else:
                            new_table.append(ts)
                    new_table.append(_table_set(next_id, (j,)))
                    if j not in freed:
                        freed = (*freed, j)
                    new_rack = tuple(t for t in rack if t not in moving) if -1 in touched else rack
                    return self._moved(state, new_table, new_rack, next_id + 1, freed)
        # An ordinary move.
        if target is None:
            if len(touched) == 1:
                (only,) = touched
                if only >= 0 and table[only].tiles == tiles:
                    raise IllegalAction("That changes nothing: those tiles already form that set")
        else:
            assert position is not None
            if target.id in locked_ids and ctx.start_kind(target.id) == "run":
                rest_count = sum(1 for t in target.tiles if t not in moving)
                q = sum(1 for t in target.tiles[:position] if t not in moving)
                if q != 0 and q != rest_count:
                    raise IllegalAction("A run with a joker may only grow at its ends")
        new_table = []
        for i, ts in enumerate(table):
            if i == target_index:
                assert position is not None
                before = tuple(t for t in ts.tiles[:position] if t not in moving)
                after = tuple(t for t in ts.tiles[position:] if t not in moving)
                row = before + tiles + after
                if row == ts.tiles:
                    raise IllegalAction("That move changes nothing")
                new_table.append(_with_tiles(ts, row))
            elif i in touched:
                rest = tuple(t for t in ts.tiles if t not in moving)
                if rest:
                    new_table.append(_with_tiles(ts, rest))
            else:
                new_table.append(ts)
        if target is None:
            new_table.append(_table_set(next_id, tiles))
            next_id += 1
        new_rack = tuple(t for t in rack if t not in moving) if -1 in touched else rack
        return self._moved(state, new_table, new_rack, next_id, freed)

    def _return(self, state: RummikubState, action: ReturnToRack) -> RummikubState:
        tiles = self._tile_list(action.tiles)
        ctx = self._ctx(state)
        table = state.table
        touched: set[int] = set()
        for t in tiles:
            i = ctx.where.get(t)
            if i is None or t in ctx.start_tiles:
                if i is not None and IS_JOKER[t]:
                    raise IllegalAction("A joker taken off the table must be played on the table, never to a rack")
                raise IllegalAction(f"Only tiles you played from your rack this turn can go back to it ({LABEL_OF[t]})")
            if t in table[i].replaced:
                raise IllegalAction(f"{LABEL_OF[t]} replaced a joker: use Undo to take it back")
            touched.add(i)
        moving = set(tiles)
        new_table: list[TableSet] = []
        for i, ts in enumerate(table):
            if i in touched:
                rest = tuple(t for t in ts.tiles if t not in moving)
                if rest:
                    new_table.append(_with_tiles(ts, rest))
            else:
                new_table.append(ts)
        rack = state.racks[state.current] + tiles
        return self._moved(state, new_table, rack, state.next_set_id, state.freed_jokers)

    def _split(self, state: RummikubState, action: SplitSet) -> RummikubState:
        ctx = self._ctx(state)
        set_id, at = action.set_id, action.at
        if type(set_id) is not int or set_id not in ctx.index_of:
            raise IllegalAction(f"There is no set {set_id!r} on the table")
        i = ctx.index_of[set_id]
        ts = state.table[i]
        if type(at) is not int or not 1 <= at < len(ts.tiles):
            raise IllegalAction(f"Set {set_id} can be split only between two of its tiles (1 to {len(ts.tiles) - 1})")
        if not ctx.may_touch(i):
            raise IllegalAction(ctx.meld_block())
        if set_id in ctx.locked_ids:
            raise IllegalAction("A set with a joker cannot be split")
        left, right = ts.tiles[:at], ts.tiles[at:]
        table = list(state.table)
        table[i : i + 1] = [_with_tiles(ts, left), _with_tiles(_table_set(state.next_set_id, ts.tiles, ts.jokers, ts.replaced, ts.owner, ts.changed_turn), right)]
        return self._moved(state, table, state.racks[state.current], state.next_set_id + 1, state.freed_jokers)

    def _choose(self, state: RummikubState, action: ChooseJoker) -> RummikubState:
        ctx = self._ctx(state)
        tile, colour, number = action.tile, action.colour, action.number
        if type(tile) is not int or not 0 <= tile < TILE_COUNT or not IS_JOKER[tile]:
            raise IllegalAction(f"Tile {tile!r} is not a joker")
        i = ctx.where.get(tile)
        if i is None:
            raise IllegalAction("That joker is not on the table")
        if not ctx.may_touch(i):
            raise IllegalAction(ctx.meld_block())
        ts = state.table[i]
        info = ctx.infos[i]
        if not info.valid:
            raise IllegalAction("The set is not valid, so its jokers stand for nothing yet")
        alternatives = info.alternatives.get(tile, ())
        if (colour, number) not in alternatives:
            if not alternatives:
                m = info.meaning_of(tile)
                shown = f"{m.colour}{m.number}" if m is not None and m.colour else "what it stands for"
                raise IllegalAction(f"That joker can only be {shown} in this set")
            options = ", ".join(f"{c}{n}" for c, n in alternatives)
            raise IllegalAction(f"That joker cannot stand for {colour}{number} here (it may be: {options})")
        if ts.id in ctx.locked_ids and self._switches_reading(info, ts.tiles, colour):
            raise IllegalAction("A set with a joker cannot be rearranged: it stays a " + str(info.kind))
        chosen = tuple(m for m in ts.jokers if m.tile != tile) + (meaning(tile, colour, number),)
        new_info = analyse(ts.tiles, ctx.one, ctx.two, chosen)
        chosen = tuple(m for m in chosen if new_info.meaning_of(m.tile) == m)
        table = list(state.table)
        table[i] = _table_set(ts.id, ts.tiles, chosen, ts.replaced, ts.owner, ts.changed_turn)
        return self._moved(state, table, state.racks[state.current], state.next_set_id, state.freed_jokers)

    def _sort(self, state: RummikubState, action: SortRack) -> RummikubState:
        by = action.by
        if by not in ("colour", "number"):
            raise IllegalAction("Sort the rack by 'colour' or by 'number'")
        seat = state.current
        racks = list(state.racks)
        racks[seat] = sort_rack(racks[seat], by)
        start = state.turn_start.model_copy(update={"rack": sort_rack(state.turn_start.rack, by)})
        undo = tuple(s.model_copy(update={"rack": sort_rack(s.rack, by)}) for s in state.undo)
        return state.model_copy(update={"racks": tuple(racks), "turn_start": start, "undo": undo})

    def _arrange(self, state: RummikubState, action: ArrangeRack) -> RummikubState:
        seat = state.current
        rack = state.racks[seat]
        tile, to = action.tile, action.to
        if type(tile) is not int or tile not in rack:
            shown = LABEL_OF[tile] if type(tile) is int and 0 <= tile < TILE_COUNT else repr(tile)
            raise IllegalAction(f"{shown} is not on your rack")
        if type(to) is not int or not 0 <= to < len(rack):
            raise IllegalAction(f"Your rack has places 0 to {len(rack) - 1}")
        if rack[to] == tile:
            raise IllegalAction("That changes nothing: the tile is already there")
        order = [t for t in rack if t != tile]
        order.insert(to, tile)
        arranged = tuple(order)
        racks = list(state.racks)
        racks[seat] = arranged
        start = state.turn_start.model_copy(update={"rack": follow_order(state.turn_start.rack, arranged)})
        undo = tuple(s.model_copy(update={"rack": follow_order(s.rack, arranged)}) for s in state.undo)
        return state.model_copy(update={"racks": tuple(racks), "turn_start": start, "undo": undo})

    @staticmethod
    def _record_clock(state: RummikubState, action: RecordClock) -> RummikubState:
        limit = TIMER_SECONDS[state.options.turn_timer]
        if limit is None:
            raise IllegalAction("This game has no turn timer")
        seconds = action.seconds_left
        if type(seconds) is not int or not 0 <= seconds <= limit:
            raise IllegalAction(f"The clock shows 0 to {limit} seconds")
        if seconds > (state.clock if state.clock is not None else limit):
            raise IllegalAction("The clock only runs down")
        return state.model_copy(update={"clock": seconds})

    def _restore(self, state: RummikubState, snap: TurnStart, undo: tuple[TurnStart, ...]) -> RummikubState:
        racks = list(state.racks)
        racks[state.current] = snap.rack
        return state.model_copy(
            update={
                "table": snap.table,
                "racks": tuple(racks),
                "freed_jokers": snap.freed_jokers,
                "next_set_id": snap.next_set_id,
                "undo": undo,
                "actions_this_turn": state.actions_this_turn + 1,
            }
        )

    def _undo(self, state: RummikubState) -> RummikubState:
        if not state.undo:
            raise IllegalAction("Nothing to undo this turn")
        return self._restore(state, state.undo[-1], state.undo[:-1])

    def _reset(self, state: RummikubState) -> RummikubState:
        if not state.undo:
            raise IllegalAction("Nothing to reset: the turn is as it started")
        return self._restore(state, state.turn_start, ())

    # -- closing a turn

    def _end_turn(self, state: RummikubState) -> RummikubState:
        ctx = self._ctx(state)
        problems = _problems(ctx)
        if problems:
            raise IllegalAction("You cannot end your turn yet: " + "; ".join(problems))
        return self._play_stands(state, ctx, [])

    def _play_stands(self, state: RummikubState, ctx: _Ctx, texts: list[str]) -> RummikubState:
        seat = state.current
        name = state.players[seat]
        count = len(ctx.played)
        text = f"{name} played {_plural(count, 'tile')}: {labels(ctx.played)}"
        if not state.melded[seat]:
            text += f" (initial meld: {ctx.meld_points})"
        texts.append(text)
        texts.extend(joker_replacement_texts(state, ctx, name))
        melded = state.melded
        if not melded[seat]:
            melded = tuple(True if s == seat else m for s, m in enumerate(melded))
        update: dict[str, Any] = {"melded": melded}
        rack = state.racks[seat]
        if not rack:
            texts.append(f"{name} has played every tile")
            return self._game_over(state, update, texts, (), f"{name} played every tile", winner=seat)
        left = len(rack)
        if left <= 3:
            texts.append(f"{name} has {_plural(left, 'tile')} left")
        return self._next_turn(state, update, texts)

    def _next_turn(
        self,
        state: RummikubState,
        update: dict[str, Any],
        texts: list[str],
        private: tuple[tuple[int, str], ...] = (),
    ) -> RummikubState:
        n = len(state.players)
        step = 1 if state.options.direction == "clockwise" else -1
        nxt = (state.current + step) % n
        table = stamp_changes(update.get("table", state.table), state.turn_start.table, state.turn)
        racks = update.get("racks", state.racks)
        next_set_id = update.get("next_set_id", state.next_set_id)
        entries = [_log(t) for t in texts]
        if private:
            entries[0] = _log(texts[0], private)
        update.update(
            {
                "table": table,
                "racks": racks,
                "next_set_id": next_set_id,
                "current": nxt,
                "turn": state.turn + 1,
                "turn_start": TurnStart.model_construct(
                    table=table, rack=racks[nxt], freed_jokers=(), next_set_id=next_set_id
                ),
                "undo": (),
                "freed_jokers": (),
                "actions_this_turn": 0,
                "clock": None,
                "turn_ends": turn_ends_after(state),
                "summary": ". ".join(texts),
                "log": (*state.log, *entries),
            }
        )
        return state.model_copy(update=update)

    def _game_over(
        self,
        state: RummikubState,
        update: dict[str, Any],
        texts: list[str],
        private: tuple[tuple[int, str], ...],
        reason: str,
        winner: int | None = None,
    ) -> RummikubState:
        racks = update.get("racks", state.racks)
        totals = [rack_value(r) for r in racks]
        if winner is not None:
            scores = scores_when_out(totals, winner)
            winners: tuple[int, ...] = (winner,)
        else:
            scores, winners = scores_when_pool_empty(totals)
        final = state.model_copy(update={**update, "final_scores": scores, "end_reason": reason})
        headline = self._headline(final, scores, winners)
        texts.append(f"Game over: {headline}")
        entries = [_log(t) for t in texts]
        if private:
            entries[0] = _log(texts[0], private)
        table = stamp_changes(update.get("table", state.table), state.turn_start.table, state.turn)
        update.update(
            {
                "table": table,
                "phase": "over",
                "turn": state.turn + 1,
                "undo": (),
                "freed_jokers": (),
                "actions_this_turn": 0,
                "clock": None,
                "turn_ends": turn_ends_after(state),
                "end_reason": reason,
                "final_scores": scores,
                "winner": winners[0] if len(winners) == 1 else None,
                "summary": ". ".join(texts),
                "log": (*state.log, *entries),
            }
        )
        return state.model_copy(update=update)

    def _draw(self, state: RummikubState) -> RummikubState:
        if state.undo and state.table != state.turn_start.table:
            raise IllegalAction("You changed the table this turn: reset the turn before drawing, or end it")
        seat = state.current
        name = state.players[seat]
        if not state.pool:
            texts = [f"{name} must draw but the pool is empty: the game ends"]
            return self._game_over(
                state, {"table": state.turn_start.table}, texts, (), f"{name} had to draw from an empty pool"
            )
        tile = state.pool[0]
        racks = list(state.racks)
        racks[seat] = state.racks[seat] + (tile,)
        update = {"pool": state.pool[1:], "racks": tuple(racks), "table": state.turn_start.table}
        return self._next_turn(state, update, [f"{name} drew a tile"], ((seat, f"(you drew {LABEL_OF[tile]})"),))

    def _time_up(self, state: RummikubState, limit: bool = False) -> RummikubState:
        """The turn timer ran out (or, with `limit`, the turn reached MAX_TURN_ACTIONS)."""
        if state.options.turn_timer == "off" and not limit:
            raise IllegalAction("This game has no turn timer")
        ctx = self._ctx(state)
        problems = _problems(ctx)
        seat = state.current
        name = state.players[seat]
        ran_out = f"{name} reached the limit of {MAX_TURN_ACTIONS} actions in a turn" if limit else f"{name} ran out of time"
        if not problems:
            return self._play_stands(state, ctx, [f"{ran_out}: the play stands"])
        only_nothing = problems == [NOTHING_PLAYED]
        count = 1 if only_nothing else TIMEOUT_PENALTY_TILES
        start = state.turn_start
        drawn = state.pool[:count]
        racks = list(state.racks)
        racks[seat] = start.rack + drawn
        update: dict[str, Any] = {
            "pool": state.pool[len(drawn) :],
            "racks": tuple(racks),
            "table": start.table,
            "next_set_id": start.next_set_id,
        }
        changed = state.table != start.table
        if only_nothing:
            text = ran_out + (": table restored" if changed else "") + " and drew a tile"
        else:
            text = f"{ran_out}: table restored, {_plural(count, 'penalty tile')}"
        private = ((seat, "(you drew " + ", ".join(LABEL_OF[t] for t in drawn) + ")"),) if drawn else ()
        if len(drawn) < count:
            if drawn:
                text = (
                    f"{ran_out}: table restored; only {_plural(len(drawn), 'tile')}"
                    f" left to draw of {count}: the pool is empty and the game ends"
                )
            else:
                text += ", but the pool is empty: the game ends"
            return self._game_over(state, update, [text], private, f"{name} had to draw from an empty pool")
        return self._next_turn(state, update, [text], private)

    # -- view

    @staticmethod
    def _table_views(state: RummikubState, ctx: Any, over: bool) -> list[SetView]:
        """The table as every view shows it: each set with its validity, jokers, lock and owner."""
        start_sets = ctx.start_sets
        table = []
        recent = recent_sets(state)
        for i, ts in enumerate(state.table):
            info = ctx.infos[i]
            table.append(
                SetView.model_construct(
                    id=ts.id,
                    tiles=tuple(TILES[t] for t in ts.tiles),
                    valid=info.valid,
                    kind=info.kind,
                    problem=info.problem,
                    jokers=info.jokers,
                    ambiguous_jokers=info.ambiguous,
                    locked=ts.id in ctx.locked_ids,
                    changed=not over and start_sets.get(ts.id) != ts,
                    owner=ts.owner,
                    recent=ts.id in recent,
                )
            )
        return table

    def view(self, state: RummikubState, seat: int | None) -> RummikubView:
        if state.options.rule_set != self.rule_set:
            return rules_for(state).view(state, seat)
        n = len(state.players)
        if seat is not None and not (type(seat) is int and 0 <= seat < n):
            raise ValueError(f"no seat {seat!r}")
        over = state.phase == "over"
        ctx = self._ctx(state)
        table = self._table_views(state, ctx, over)
        acting = not over and seat == state.current
        # Built from trusted parts without validation: a view can list thousands of legal moves.
        return RummikubView.model_construct(
            seat=seat,
            players=state.players,
            options=state.options,
            current=state.current,
            turn=state.turn,
            phase=state.phase,
            rack=None if seat is None else tuple(TILES[t] for t in state.racks[seat]),
            rack_counts=tuple(len(r) for r in state.racks),
            pool_size=len(state.pool),
            table=tuple(table),
            melded=state.melded,
            played_this_turn=() if over else tuple(ctx.played),
            freed_jokers=state.freed_jokers,
            meld_points=0 if over else ctx.meld_points,
            end_turn_problems=() if over else tuple(_problems(ctx)),
            can_undo=acting and bool(state.undo),
            can_reset=acting and bool(state.undo),
            timer_seconds=TIMER_SECONDS[state.options.turn_timer],
            actions_left=MAX_TURN_ACTIONS - state.actions_this_turn,
            log=self.log_for(state, seat),
            legal_actions=tuple(self.legal_actions(state, seat)) if acting and seat is not None else (),
            clock_left=state.clock,
            news_from=news_from(state, seat),
        )

    # -- results

    def outcome(self, state: RummikubState) -> Outcome | None:
        if state.options.rule_set != self.rule_set:
            return rules_for(state).outcome(state)
        if state.phase != "over" or state.final_scores is None:
            return None
        scores = state.final_scores
        players = state.players
        order, ranking = rank_by_score(scores)
        winners = ranking[0]
        details = [f"Reason: {state.end_reason}", self._scoring_note(state, winners)]
        for s in order:
            rack = state.racks[s]
            shown = labels(sort_rack(rack, "colour")) if rack else "empty"
            details.append(f"{players[s]}: {scores[s]:+d} (rack {rack_value(rack)}: {shown})")
        return Outcome(
            scores=scores,
            ranking=tuple(ranking),
            winners=winners,
            reason=state.end_reason or "",
            headline=self._headline(state, scores, winners),
            details=tuple(details),
        )

    @staticmethod
    def _scoring_note(state: RummikubState, winners: Sequence[int]) -> str:
        """How the scores came about, in one sentence for the results screen."""
        names = _and([state.players[w] for w in winners])
        if any(not state.racks[w] for w in winners):
            return f"Scoring: everyone else loses what is left on their rack (a joker 30); {names} gains the sum"
        low = rack_value(state.racks[winners[0]])
        return (
            f"Scoring: the lowest rack ({low}) wins; everyone else loses the difference between their rack and"
            f" {low}; {names} {'gains' if len(winners) == 1 else 'share'} the sum"
        )

    @staticmethod
    def _headline(state: RummikubState, scores: Sequence[int], winners: Sequence[int]) -> str:
        players = state.players
        if len(winners) == 1:
            w = winners[0]
            return f"{players[w]} wins: {scores[w]:+d}"
        return f"{_and([players[w] for w in winners])} share the win: " + " / ".join(f"{scores[w]:+d}" for w in winners)

    # -- labels

    def variant_label(self, options: RummikubOptions) -> str:
        return {"american": "American rules", "international": "International rules"}.get(options.rule_set, "")

    def turn_label(self, state: RummikubState) -> str:
        if state.options.rule_set != self.rule_set:
            return rules_for(state).turn_label(state)
        if state.phase == "over":
            return "Game over"
        return f"Turn {state.turn + 1} · {len(state.pool)} tiles in the pool"

    def last_public_summary(self, state: RummikubState) -> str:
        return state.summary

    def has_hidden_information(self, state: RummikubState) -> bool:
        return True


def news_from(state: RummikubState, seat: int | None) -> int:
    """Where the news of `seat` (the current player for the public table) starts in the log."""
    marks = state.turn_ends
    who = state.current if seat is None else seat
    return marks[who] if marks else 0


def end_turn_problems(state: RummikubState) -> tuple[str, ...]:
    """What stands in the way of ending the current turn (empty: EndTurn, or in American / International
    a Discard, is legal)."""
    if state.phase == "over":
        return ()
    rules = rules_for(state)
    return tuple(rules._turn_problems(rules._ctx(state)))


def meld_points(state: RummikubState) -> int:
    """Value of the valid sets made only of tiles the current player played from the rack this turn."""
    return rules_for(state)._ctx(state).meld_points


RULES = RummikubRules()
_RULE_SETS: dict[str, RummikubRules] = {"standard": RULES}


def rules_for_rule_set(rule_set: str) -> RummikubRules:
    """The rules object of a rule set ("standard", "american", "international")."""
    rules = _RULE_SETS.get(rule_set)
    if rules is None:
        from .american import AMERICAN  # imported here: those modules build on this one
        from .international import INTERNATIONAL

        _RULE_SETS["american"] = AMERICAN
        _RULE_SETS["international"] = INTERNATIONAL
        if rule_set not in _RULE_SETS:
            raise ValueError(f"unknown Rummikub rule set {rule_set!r}")
        rules = _RULE_SETS[rule_set]
    return rules


def rules_for(state: RummikubState) -> RummikubRules:
    """The rules object that plays `state`'s rule set."""
    return rules_for_rule_set(state.options.rule_set)
