"""What Rummikub's two draw-meld-discard rule sets (American and International) share.

Source of truth: the second and third parts of shared/seeds/004_053a4b348d682711.txt and
shared/rules/rummikub-american-international.md (decisions). american.py and international.py add what
differs: the deal, the initial meld, who may take the discard or the trump, how a game is won and scored.

A turn is three phases of the same seat:
- "draw": Draw (the top face-down tile), TakeDiscard (the discard pile's top) or TakeTrump (the face-up
  trump, only as a winning draw). SortRack is free as ever.
- "turn": table editing with the standard game's actions (MoveTiles, ReturnToRack, SplitSet, ChooseJoker,
  Undo, ResetTurn; see rules.py) within the ownership rules below, then Discard(tile) ends the turn.
  ReturnTrump puts a taken trump back and returns to "draw". The draw cannot be undone (it revealed a
  tile); Undo and ResetTurn go back at most to just after it.
- "discard": only left after the turn timer or the action limit ran out: a Discard ends the turn.

Decisions (beyond the decision file; see also VARIANTS_NOTES.md):
- Runs: 1 low or high, never in the middle (sets.py "low_or_high").
- Every set on the table has an owner (TableSet.owner): the seat that laid it. A new set belongs to the
  player who makes it. After breaking the ice a player may: rearrange their own melds (split them, move
  their tiles among their own melds and into new ones), add tiles from their rack to anybody's melds, and
  take back tiles they laid this turn from wherever they are. Tiles of one's own melds never go into
  another player's meld; nothing of another player's meld may be moved, split or re-read (ChooseJoker).
- Rearranging one's melds needs at least one tile laid from the rack in the same turn (checked when the
  turn ends; "Initial meld" threshold also checked then, as in the standard game).
- Joker replacement only in one's own melds (in a locked set, exactly as in the standard game); the freed
  joker must end the turn in a new meld of one's own: a set that does not contain every tile of any set
  that was on the table at the start of the turn. The options `joker_reuse`, `initial_meld`,
  `play_after_meld` and `direction` do not apply: the table opens in the ice-breaking turn itself, and play
  is counter-clockwise (seat order backwards). `two_jokers_in_a_set`, `group_joker_needs_both_colours`,
  `joker_sets` and `turn_timer` apply as in the standard game.
- A tile taken from the discard pile may not be discarded again in the same turn (that would be a pass).
- A player must keep one tile to discard: no turn ends with an empty rack. Discarding the last tile goes
  out. A turn that took the trump must go out (ReturnTrump otherwise).
- Turn timer / action limit (MAX_TURN_ACTIONS): in "draw" the player draws a face-down tile; in "turn"
  with nothing in the way the play stands, otherwise the table and rack are restored, a taken trump goes
  back for a face-down tile, and 3 penalty tiles are drawn if tiles had been laid. Either way only a
  discard is left (phase "discard"). Too few face-down tiles for that ends the game as below.
- Draw with no face-down tile left ends the game (as the standard game's empty pool); TakeDiscard or
  TakeTrump may still be chosen instead when allowed.
- The face-down stacks are drawn in order, top tile first; `pool` holds their tiles in draw order and
  `stacks` their sizes (public).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..base import IllegalAction, LogEntry, Outcome
from ..rng import derived_random, shuffled
from .models import (
    MAX_TURN_ACTIONS,
    ArrangeRack,
    TIMEOUT_PENALTY_TILES,
    TIMER_SECONDS,
    ChooseJoker,
    Discard,
    Draw,
    EndTurn,
    MoveTiles,
    RecordClock,
    ResetTurn,
    ReturnToRack,
    ReturnTrump,
    RummikubAction,
    RummikubOptions,
    RummikubState,
    RummikubView,
    SortRack,
    SplitSet,
    TableSet,
    TakeDiscard,
    TakeTrump,
    TimeUp,
    TurnStart,
    Undo,
)
from .rules import (
    _DRAW,
    _RESET,
    _SORTS,
    _TIME_UP,
    _UNDO,
    RummikubRules,
    rank_by_score,
    _and,
    _Ctx,
    _log,
    _plural,
    _table_set,
    arrange_actions,
    joker_replacement_texts,
    news_from,
    stamp_changes,
    turn_ends_after,
    rules_for,
    rules_for_rule_set,
    sort_rack,
)
from .sets import IS_JOKER, LABEL_OF, NUMBER_OF, labels
from .tiles import TILE_COUNT, TILES, OneInRuns

__all__ = ["DiscardRules", "STACKS", "STACK_SIZE", "laid_points", "deal_stacks"]

STACKS = 15  # the tiles are laid out as 15 stacks of 7 plus one extra tile
STACK_SIZE = 7
RACK_STACKS = 2  # each player takes two stacks: 14 tiles

_TAKE_DISCARD = TakeDiscard()
_TAKE_TRUMP = TakeTrump()
_RETURN_TRUMP = ReturnTrump()
_DISCARDS: tuple[Discard, ...] = tuple(Discard.model_construct(kind="discard", tile=t) for t in range(TILE_COUNT))
_TABLE_ACTIONS = (MoveTiles, ReturnToRack, SplitSet, ChooseJoker, Undo, ResetTurn, ReturnTrump)

_FREED_ALONE = "The joker you freed must be played at once, in a new meld of your own"
_FREED_NOT_NEW = (
    "The joker you freed must go into a new meld of your own, not into a meld that was on the table"
    " at the start of the turn"
)
_REARRANGE = "To rearrange your melds you must also lay at least one tile from your rack (or reset the turn)"
_KEEP_ONE = "Keep one tile on your rack: a turn ends with a discard (you go out by discarding your last tile)"
_LAST_IS_TAKEN = "Your last tile came from the discard pile this turn and may not be discarded: keep another"


def deal_stacks(seed: str) -> tuple[list[tuple[int, ...]], int]:
    """The shuffled tiles as 15 stacks of 7 and the one extra tile."""
    tiles = shuffled(range(TILE_COUNT), seed, "tiles")
    stacks = [tuple(tiles[k * STACK_SIZE : (k + 1) * STACK_SIZE]) for k in range(STACKS)]
    return stacks, tiles[STACKS * STACK_SIZE]


def laid_points(ctx: _Ctx) -> int:
    """Face value of every tile laid from the rack this turn (1 counts 1; a joker what it stands for)."""
    total = 0
    for t in ctx.played:
        if IS_JOKER[t]:
            m = ctx.infos[ctx.where[t]].meaning_of(t)
            total += m.number if m is not None else 0
        else:
            total += NUMBER_OF[t]
    return total


def _after_draws(stacks: tuple[int, ...], count: int) -> tuple[int, ...]:
    """Stack sizes after `count` tiles are drawn from the front."""
    sizes = list(stacks)
    while count and sizes:
        take = min(count, sizes[0])
        sizes[0] -= take
        count -= take
        if not sizes[0]:
            sizes.pop(0)
    return tuple(sizes)


class DiscardRules(RummikubRules):
    """The rules the American and International rule sets share; the subclasses fill in the rest."""

    one_in_runs: ClassVar[OneInRuns] = "low_or_high"
    rule_set: ClassVar[str] = ""
    ice: ClassVar[int] = 30  # points the initial meld needs
    # Before breaking the ice, may a player add to other players' melds (to be checked when the turn ends)?
    open_gate: ClassVar[bool] = False

    # -- hooks for the subclasses

    def _deal(self, players: tuple[str, ...], seed: str, first: int) -> dict[str, Any]:
        """The racks, face-down tiles, trump, opening phase and first log line of a new game."""
        raise NotImplementedError

    def _may_take_discard(self, state: RummikubState) -> str | None:
        """Why the current player may not take the discard pile's top now (None: they may)."""
        raise NotImplementedError

    def _may_take_trump(self, state: RummikubState) -> str | None:
        """Why the current player may not take the trump now (None: they may)."""
        if state.trump is None:
            return "There is no trump tile in the centre"
        return None

    def _ice_problems(self, ctx: _Ctx, going_out: bool) -> list[str]:
        """What is wrong with the turn of a player who lays tiles before having broken the ice."""
        if ctx.meld_points >= self.ice:
            return []
        return [f"Breaking the ice: your new melds from your rack are worth {ctx.meld_points}; you need at least {self.ice}"]

    def _win_kind(self, state: RummikubState, ctx: _Ctx) -> str:
        """How the current player wins by discarding their last tile now."""
        return "out"

    def _went_out(
        self, state: RummikubState, ctx: _Ctx, tile: int, update: dict[str, Any], texts: list[str]
    ) -> RummikubState:
        """The current player discarded their last tile: the game is won."""
        raise NotImplementedError

    def _no_tiles_left(self, state: RummikubState, update: dict[str, Any], texts: list[str], reason: str) -> RummikubState:
        """A draw was needed and no face-down tile is left: the game ends without anybody going out."""
        raise NotImplementedError

    def _announce(self, state: RummikubState, seat: int, rack: tuple[int, ...], update: dict[str, Any], texts: list[str]) -> None:
        """End-of-turn news about a short rack (International announces 3 tiles or fewer)."""
        if len(rack) <= 3:
            texts.append(f"{state.players[seat]} has {_plural(len(rack), 'tile')} left")

    # -- context

    def _ctx(self, state: RummikubState) -> _Ctx:
        last = self._last
        if last is not None and last[0] is state:
            return last[1]
        ctx = _Ctx(state, self.one_in_runs, self.ice, True, self.open_gate)
        self._last = (state, ctx)
        return ctx

    # -- setup

    def setup(self, players: Sequence[str], options: RummikubOptions | None, seed: str) -> RummikubState:
        options = options if options is not None else RummikubOptions(rule_set=self.rule_set)  # type: ignore[arg-type]
        if options.rule_set != self.rule_set:
            return rules_for_rule_set(options.rule_set).setup(players, options, seed)
        seated = self.seat_players(players)
        n = len(seated)
        first = derived_random(seed, "first").randrange(n)
        deal = self._deal(seated, seed, first)
        racks: tuple[tuple[int, ...], ...] = deal["racks"]
        text: str = deal.pop("text")
        return RummikubState(
            players=seated,
            options=options,
            seed=seed,
            melded=(False,) * n,
            current=first,
            turn_start=TurnStart(table=(), rack=racks[first], freed_jokers=(), next_set_id=0),
            summary=text,
            log=(_log(text),),
            **deal,
        )

    # -- legal actions

    def legal_actions(self, state: RummikubState, seat: int) -> Sequence[RummikubAction]:
        if state.options.rule_set != self.rule_set:
            return rules_for(state).legal_actions(state, seat)
        if state.phase == "over" or seat != state.current:
            return ()
        timer = state.options.turn_timer != "off"
        out: list[RummikubAction] = []
        phase = state.phase
        if phase == "draw":
            out.append(_DRAW)
            if self._may_take_discard(state) is None:
                out.append(_TAKE_DISCARD)
            if self._may_take_trump(state) is None:
                out.append(_TAKE_TRUMP)
            if timer:
                out.append(_TIME_UP)
            out.extend(_SORTS)
            out.extend(arrange_actions(state.racks[seat]))
            return out
        rack = state.racks[seat]
        taken = state.took_discard
        if phase == "discard":
            out.extend(_DISCARDS[t] for t in rack if t != taken)
            out.extend(_SORTS)
            out.extend(arrange_actions(rack))
            return out
        ctx = self._ctx(state)
        if not self._turn_problems(ctx):
            out.extend(_DISCARDS[t] for t in rack if t != taken)
        if state.undo:
            out.append(_UNDO)
            out.append(_RESET)
        if state.took_trump is not None:
            out.append(_RETURN_TRUMP)
        if timer:
            out.append(_TIME_UP)
        out.extend(_SORTS)
        out.extend(arrange_actions(rack))
        self._return_actions(ctx, out)
        table = state.table
        count = len(table)
        touch = [ctx.may_touch(i) for i in range(count)]
        own = [ts.owner == seat for ts in table]
        self._split_and_choose_actions(ctx, out, [touch[i] and own[i] for i in range(count)])
        # Tiles from the rack or laid this turn may go to any set; tiles of one's own melds to one's own.
        anywhere: list[tuple[int, int]] = [(t, -1) for t in rack]
        own_only: list[tuple[int, int]] = []
        locked_ids = ctx.locked_ids
        start_sets = ctx.start_sets
        start_tiles = ctx.start_tiles
        for i, ts in enumerate(table):
            if not touch[i]:
                continue
            if start_sets.get(ts.id) is ts:  # untouched this turn: every tile is a start tile
                if own[i] and ts.id not in locked_ids:
                    own_only.extend((t, i) for t in ts.tiles)
                continue
            if ts.id in locked_ids:
                core = start_sets[ts.id].tiles
                replaced = ts.replaced
                for t in ts.tiles:
                    if t in core or t in replaced:
                        continue
                    if t not in start_tiles:
                        anywhere.append((t, i))
                    elif own[i]:
                        own_only.append((t, i))
            else:
                for t in ts.tiles:
                    if t not in start_tiles:
                        anywhere.append((t, i))
                    elif own[i]:
                        own_only.append((t, i))
        targets = [i for i in range(count) if touch[i]]
        others = frozenset(i for i in targets if not own[i])
        self._single_moves(ctx, out, anywhere, targets, others)
        if own_only:
            self._single_moves(ctx, out, own_only, [i for i in targets if own[i]])
        return out

    # -- apply

    def apply(self, state: RummikubState, seat: int, action: RummikubAction) -> RummikubState:
        if state.options.rule_set != self.rule_set:
            return rules_for(state).apply(state, seat, action)
        self._check_turn(state, seat)
        cls = type(action)
        if cls is SortRack:
            return self._sort(state, action)  # type: ignore[arg-type]
        if cls is ArrangeRack:
            return self._arrange(state, action)  # type: ignore[arg-type]
        if cls is RecordClock:
            return self._record_clock(state, action)  # type: ignore[arg-type]
        phase = state.phase
        if phase == "draw":
            if cls is Draw:
                return self._draw_tile(state)
            if cls is TakeDiscard:
                return self._take_discard(state)
            if cls is TakeTrump:
                return self._take_trump(state)
            if cls is TimeUp:
                return self._time_up(state)
            raise IllegalAction(self._draw_first(state))
        if phase == "discard":
            if cls is Discard:
                return self._discard(state, action)  # type: ignore[arg-type]
            raise IllegalAction("Your time is up: discard a tile to end your turn")
        if cls in _TABLE_ACTIONS:
            if cls is ReturnTrump:
                new = self._return_trump(state)
            else:
                edited = self._table_edit(state, action)
                assert edited is not None  # every other table action is an edit
                new = edited
            if new.actions_this_turn >= MAX_TURN_ACTIONS:
                return self._time_up(new, limit=True)
            return new
        if cls is Discard:
            return self._discard(state, action)  # type: ignore[arg-type]
        if cls is TimeUp:
            return self._time_up(state)
        if cls in (Draw, TakeDiscard, TakeTrump):
            if state.turn == 0 and self._starter_skips_draw():
                raise IllegalAction("You start with the extra tile: there is no draw in your first turn")
            raise IllegalAction("You have already drawn this turn")
        if cls is EndTurn:
            raise IllegalAction("End your turn by discarding a tile")
        raise IllegalAction(f"Unknown action {action!r}")

    def _starter_skips_draw(self) -> bool:
        return False

    def _draw_first(self, state: RummikubState) -> str:
        ways = ["draw a face-down tile"]
        if self._may_take_discard(state) is None:
            ways.append("take the discard")
        if self._may_take_trump(state) is None:
            ways.append("take the trump to go out")
        return "Start your turn: " + (", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else ways[0])

    # -- the draw

    def _drawn(self, state: RummikubState, tile: int, update: dict[str, Any], entry: LogEntry | None) -> RummikubState:
        """`tile` joins the current player's rack and the turn goes on to melding."""
        seat = state.current
        rack = state.racks[seat] + (tile,)
        racks = list(state.racks)
        racks[seat] = rack
        update.update(
            {
                "racks": tuple(racks),
                "phase": "turn",
                "turn_start": TurnStart.model_construct(
                    table=state.table, rack=rack, freed_jokers=(), next_set_id=state.next_set_id
                ),
                "undo": (),
            }
        )
        if entry is not None:
            update["log"] = (*state.log, entry)
        return state.model_copy(update=update)

    def _draw_tile(self, state: RummikubState) -> RummikubState:
        seat = state.current
        name = state.players[seat]
        if not state.pool:
            text = f"{name} must draw but no face-down tile is left: the game ends"
            return self._no_tiles_left(state, {}, [text], f"{name} had to draw and no face-down tile was left")
        tile = state.pool[0]
        update = {"pool": state.pool[1:], "stacks": _after_draws(state.stacks, 1)}
        return self._drawn(state, tile, update, _log(f"{name} drew a tile", ((seat, f"(you drew {LABEL_OF[tile]})"),)))

    def _take_discard(self, state: RummikubState) -> RummikubState:
        why = self._may_take_discard(state)
        if why is not None:
            raise IllegalAction(why)
        tile = state.discards[-1][0]
        name = state.players[state.current]
        update = {"discards": state.discards[:-1], "took_discard": tile}
        return self._drawn(state, tile, update, _log(f"{name} took {LABEL_OF[tile]} from the discard pile"))

    def _take_trump(self, state: RummikubState) -> RummikubState:
        why = self._may_take_trump(state)
        if why is not None:
            raise IllegalAction(why)
        tile = state.trump
        assert tile is not None
        update = {"trump": None, "took_trump": tile, "actions_this_turn": state.actions_this_turn + 1}
        return self._drawn(state, tile, update, None)

    def _return_trump(self, state: RummikubState) -> RummikubState:
        tile = state.took_trump
        if tile is None:
            raise IllegalAction("You did not take the trump this turn")
        seat = state.current
        start = state.turn_start
        rack = tuple(t for t in start.rack if t != tile)
        racks = list(state.racks)
        racks[seat] = rack
        return state.model_copy(
            update={
                "racks": tuple(racks),
                "table": start.table,
                "next_set_id": start.next_set_id,
                "freed_jokers": (),
                "undo": (),
                "trump": tile,
                "took_trump": None,
                "phase": "draw",
                "turn_start": TurnStart.model_construct(
                    table=start.table, rack=rack, freed_jokers=(), next_set_id=start.next_set_id
                ),
                "actions_this_turn": state.actions_this_turn + 1,
            }
        )

    # -- table editing under the ownership rules

    def _owner_name(self, state: RummikubState, owner: int | None) -> str:
        return state.players[owner] if owner is not None and 0 <= owner < len(state.players) else "another player"

    def _move(self, state: RummikubState, action: MoveTiles) -> RummikubState:
        tiles = self._tile_list(action.tiles)
        ctx = self._ctx(state)
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
                    name = self._owner_name(state, owner)
                    raise IllegalAction(f"{LABEL_OF[t]} is in {name}'s meld: only {name} may move its tiles")
                own_tiles = True
        to = action.to
        if known and type(to) is int and to in ctx.index_of:
            ti = ctx.index_of[to]
            target = table[ti]
            if target.owner != me:
                if own_tiles:
                    raise IllegalAction(
                        "Tiles of your melds stay in your melds: only tiles from your rack may be added to"
                        " another player's meld"
                    )
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
                        name = self._owner_name(state, target.owner)
                        raise IllegalAction(f"Only {name} may replace the joker in {name}'s meld")
        return super()._move(state, action)

    def _split(self, state: RummikubState, action: SplitSet) -> RummikubState:
        ctx = self._ctx(state)
        set_id = action.set_id
        if type(set_id) is int and set_id in ctx.index_of:
            owner = state.table[ctx.index_of[set_id]].owner
            if owner != state.current:
                name = self._owner_name(state, owner)
                raise IllegalAction(f"Only {name} may split or rearrange {name}'s meld")
        return super()._split(state, action)

    def _choose(self, state: RummikubState, action: ChooseJoker) -> RummikubState:
        ctx = self._ctx(state)
        tile = action.tile
        if type(tile) is int and tile in ctx.where:
            owner = state.table[ctx.where[tile]].owner
            if owner != state.current:
                name = self._owner_name(state, owner)
                raise IllegalAction(f"Only {name} may change what the jokers in {name}'s meld stand for")
        return super()._choose(state, action)

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
                table[k] = _table_set(ts.id, ts.tiles, ts.jokers, ts.replaced, me, ts.changed_turn)
        return super()._moved(state, table, rack, next_set_id, freed)

    # -- what stands in the way of a discard

    def _turn_problems(self, ctx: _Ctx) -> list[str]:
        """Empty exactly when some Discard is legal (in phase "turn")."""
        state = ctx.state
        seat = ctx.seat
        out: list[str] = []
        freed = state.freed_jokers
        table = state.table
        for i, info in enumerate(ctx.infos):
            if not info.valid:
                tiles = table[i].tiles
                if freed and all(t in freed for t in tiles):
                    continue
                out.append(info.problem or "")
        for j in freed:
            i = ctx.where.get(j, -1)
            tiles = table[i].tiles if i >= 0 else ()
            if i < 0 or all(t in freed for t in tiles):
                text = _FREED_ALONE
            else:
                inside = set(tiles)
                new = not any(inside.issuperset(s.tiles) for s in ctx.start_sets.values())
                text = "" if new and table[i].owner == seat else _FREED_NOT_NEW
            if text and text not in out:
                out.append(text)
        played = ctx.played
        rack = state.racks[seat]
        if not played and state.undo and table != state.turn_start.table:
            out.append(_REARRANGE)
        going_out = len(rack) == 1 and rack[0] != state.took_discard
        if played and not state.melded[seat]:
            out.extend(self._ice_problems(ctx, going_out))
        if not rack:
            out.append(_KEEP_ONE)
        elif len(rack) == 1 and rack[0] == state.took_discard:
            out.append(_LAST_IS_TAKEN)
        if state.took_trump is not None and len(rack) != 1:
            out.append(
                "You took the trump, so you must go out this turn: lay every tile but one and discard it"
                " (or put the trump back)"
            )
        return out

    # -- ending a turn

    def _discard(self, state: RummikubState, action: Discard) -> RummikubState:
        tile = action.tile
        if type(tile) is not int or not 0 <= tile < TILE_COUNT:
            raise IllegalAction(f"There is no tile {tile!r}")
        seat = state.current
        rack = state.racks[seat]
        if tile not in rack:
            raise IllegalAction(f"{LABEL_OF[tile]} is not on your rack")
        if tile == state.took_discard:
            raise IllegalAction(f"{LABEL_OF[tile]} came from the discard pile this turn: discard another tile")
        ctx = self._ctx(state)
        problems = self._turn_problems(ctx)
        if problems:
            raise IllegalAction("You cannot end your turn yet: " + "; ".join(problems))
        name = state.players[seat]
        texts = self._play_texts(state, ctx)
        new_rack = tuple(t for t in rack if t != tile)
        racks = list(state.racks)
        racks[seat] = new_rack
        update: dict[str, Any] = {"racks": tuple(racks), "discards": (*state.discards, (tile, seat))}
        if ctx.played and not state.melded[seat]:
            update["melded"] = tuple(True if s == seat else m for s, m in enumerate(state.melded))
        if not new_rack:
            return self._went_out(state, ctx, tile, update, texts)
        texts.append(f"{name} discarded {LABEL_OF[tile]}")
        self._announce(state, seat, new_rack, update, texts)
        return self._next_turn(state, update, texts)

    def _play_texts(self, state: RummikubState, ctx: _Ctx) -> list[str]:
        seat = state.current
        name = state.players[seat]
        texts: list[str] = []
        if state.took_trump is not None:
            texts.append(f"{name} took the trump {LABEL_OF[state.took_trump]}")
        count = len(ctx.played)
        if count:
            text = f"{name} laid {_plural(count, 'tile')}: {labels(ctx.played)}"
            if not state.melded[seat]:
                text += f" (breaking the ice: {ctx.meld_points})"
            texts.append(text)
        texts.extend(joker_replacement_texts(state, ctx, name))
        return texts

    @staticmethod
    def _clean_table(state: RummikubState, table: tuple[TableSet, ...]) -> tuple[TableSet, ...]:
        """The table as the turn leaves it: changed sets stamped, replacement marks dropped."""
        return stamp_changes(table, state.turn_start.table, state.turn)

    def _next_turn(
        self,
        state: RummikubState,
        update: dict[str, Any],
        texts: list[str],
        private: tuple[tuple[int, str], ...] = (),
    ) -> RummikubState:
        n = len(state.players)
        nxt = (state.current - 1) % n  # counter-clockwise
        table = self._clean_table(state, update.get("table", state.table))
        racks = update.get("racks", state.racks)
        next_set_id = update.get("next_set_id", state.next_set_id)
        entries = [_log(t) for t in texts]
        if private:
            entries[0] = _log(texts[0], private)
        update.update(
            {
                "table": table,
                "next_set_id": next_set_id,
                "current": nxt,
                "turn": state.turn + 1,
                "phase": "draw",
                "turn_start": TurnStart.model_construct(
                    table=table, rack=racks[nxt], freed_jokers=(), next_set_id=next_set_id
                ),
                "undo": (),
                "freed_jokers": (),
                "actions_this_turn": 0,
                "took_trump": None,
                "took_discard": None,
                "clock": None,
                "turn_ends": turn_ends_after(state),
                "summary": ". ".join(texts),
                "log": (*state.log, *entries),
            }
        )
        return state.model_copy(update=update)

    def _over(
        self,
        state: RummikubState,
        update: dict[str, Any],
        texts: list[str],
        reason: str,
        scores: tuple[int, ...],
        winners: tuple[int, ...],
        win_kind: str | None,
        notes: tuple[str, ...],
    ) -> RummikubState:
        """The game ends with these scores; `winners` empty means nobody won (International)."""
        headline = self._headline_for(state, scores, winners, win_kind)
        texts.append(f"Game over: {headline}")
        update.update(
            {
                "table": self._clean_table(state, update.get("table", state.table)),
                "phase": "over",
                "turn": state.turn + 1,
                "undo": (),
                "freed_jokers": (),
                "actions_this_turn": 0,
                "took_trump": None,
                "took_discard": None,
                "clock": None,
                "turn_ends": turn_ends_after(state),
                "end_reason": reason,
                "final_scores": scores,
                "winner": winners[0] if len(winners) == 1 else None,
                "win_kind": win_kind,
                "score_notes": notes,
                "summary": ". ".join(texts),
                "log": (*state.log, *(_log(t) for t in texts)),
            }
        )
        return state.model_copy(update=update)

    def _headline_for(
        self, state: RummikubState, scores: Sequence[int], winners: Sequence[int], win_kind: str | None
    ) -> str:
        if not winners:
            return "nobody wins: " + ", ".join(f"{state.players[s]} {scores[s]:+d}" for s in range(len(scores)))
        headline = self._headline(state, scores, winners)
        if win_kind in ("open", "finish", "closed"):
            headline += f" ({win_kind} win)"
        return headline

    # -- time

    def _time_up(self, state: RummikubState, limit: bool = False) -> RummikubState:
        if state.options.turn_timer == "off" and not limit:
            raise IllegalAction("This game has no turn timer")
        seat = state.current
        name = state.players[seat]
        ran_out = f"{name} reached the limit of {MAX_TURN_ACTIONS} actions in a turn" if limit else f"{name} ran out of time"
        if state.phase == "discard":
            raise IllegalAction("Your time is up: discard a tile to end your turn")
        if state.phase == "draw":
            if not state.pool:
                text = f"{ran_out} and no face-down tile is left to draw: the game ends"
                return self._no_tiles_left(state, {}, [text], f"{name} had to draw and no face-down tile was left")
            tile = state.pool[0]
            update = {"pool": state.pool[1:], "stacks": _after_draws(state.stacks, 1)}
            entry = _log(f"{ran_out}: drew a tile and must discard", ((seat, f"(you drew {LABEL_OF[tile]})"),))
            new = self._drawn(state, tile, update, entry)
            return new.model_copy(update={"phase": "discard"})
        ctx = self._ctx(state)
        if not self._turn_problems(ctx):
            entry = _log(f"{ran_out}: the play stands and a discard ends the turn")
            return state.model_copy(update={"phase": "discard", "undo": (), "log": (*state.log, entry)})
        start = state.turn_start
        rack = start.rack
        took = state.took_trump
        if took is not None:
            rack = tuple(t for t in rack if t != took)
        count = (TIMEOUT_PENALTY_TILES if ctx.played else 0) + (1 if took is not None else 0)
        drawn = state.pool[:count]
        rack = rack + drawn
        racks = list(state.racks)
        racks[seat] = rack
        text = f"{ran_out}: the table is restored"
        if took is not None:
            text += f", the trump {LABEL_OF[took]} goes back for a face-down tile"
        if ctx.played:
            text += f", {_plural(TIMEOUT_PENALTY_TILES, 'penalty tile')}"
        private = ((seat, "(you drew " + ", ".join(LABEL_OF[t] for t in drawn) + ")"),) if drawn else ()
        update: dict[str, Any] = {
            "racks": tuple(racks),
            "pool": state.pool[len(drawn) :],
            "stacks": _after_draws(state.stacks, len(drawn)),
            "table": start.table,
            "next_set_id": start.next_set_id,
            "freed_jokers": (),
            "undo": (),
            "trump": took if took is not None else state.trump,
            "took_trump": None,
        }
        if len(drawn) < count:
            text += f"; only {_plural(len(drawn), 'face-down tile')} left to draw of {count}: the game ends"
            return self._no_tiles_left(state, update, [text], f"{name} had to draw and no face-down tile was left")
        update.update(
            {
                "phase": "discard",
                "turn_start": TurnStart.model_construct(
                    table=start.table, rack=rack, freed_jokers=(), next_set_id=start.next_set_id
                ),
                "log": (*state.log, _log(text + "; a discard ends the turn", private)),
            }
        )
        return state.model_copy(update=update)

    # -- view

    def view(self, state: RummikubState, seat: int | None) -> RummikubView:
        if state.options.rule_set != self.rule_set:
            return rules_for(state).view(state, seat)
        n = len(state.players)
        if seat is not None and not (type(seat) is int and 0 <= seat < n):
            raise ValueError(f"no seat {seat!r}")
        phase = state.phase
        over = phase == "over"
        melding = phase == "turn"
        ctx = self._ctx(state)
        table = self._table_views(state, ctx, over)
        acting = not over and seat == state.current
        problems = tuple(self._turn_problems(ctx)) if melding else ()
        current_rack = state.racks[state.current]
        going_out = None
        if phase in ("turn", "discard") and not problems and len(current_rack) == 1:
            going_out = self._win_kind(state, ctx)
        trump = state.trump if state.trump is not None else state.took_trump
        discards = state.discards
        by_seat = [0] * n
        for _tile, who in discards:
            by_seat[who] += 1
        in_turn = phase in ("turn", "discard")
        return RummikubView.model_construct(
            seat=seat,
            players=state.players,
            options=state.options,
            current=state.current,
            turn=state.turn,
            phase=phase,
            rack=None if seat is None else tuple(TILES[t] for t in state.racks[seat]),
            rack_counts=tuple(len(r) for r in state.racks),
            pool_size=len(state.pool),
            table=tuple(table),
            melded=state.melded,
            played_this_turn=tuple(ctx.played) if in_turn else (),
            freed_jokers=state.freed_jokers,
            meld_points=ctx.meld_points if in_turn else 0,
            end_turn_problems=problems,
            can_undo=acting and bool(state.undo),
            can_reset=acting and bool(state.undo),
            timer_seconds=TIMER_SECONDS[state.options.turn_timer],
            actions_left=MAX_TURN_ACTIONS - state.actions_this_turn,
            log=self.log_for(state, seat),
            legal_actions=tuple(self.legal_actions(state, seat)) if acting and seat is not None else (),
            rule_set=self.rule_set,
            initial_meld=self.ice,
            stack_sizes=state.stacks,
            discard_top=TILES[discards[-1][0]] if discards else None,
            discard_pile_size=len(discards),
            discards_by_seat=tuple(by_seat),
            trump=TILES[trump] if trump is not None else None,
            trump_taken=state.took_trump is not None,
            taken_discard=TILES[state.took_discard] if state.took_discard is not None else None,
            may_take_discard=phase == "draw" and self._may_take_discard(state) is None,
            may_take_trump=phase == "draw" and self._may_take_trump(state) is None,
            announced=state.announced,
            laid_points=laid_points(ctx) if in_turn else 0,
            going_out_as=going_out,
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
        winners = self._winners(state, ranking)
        details = [f"Reason: {state.end_reason}", *state.score_notes]
        for s in order:
            rack = state.racks[s]
            shown = labels(sort_rack(rack, "colour")) if rack else "empty"
            details.append(f"{players[s]}: {scores[s]:+d} (rack: {shown})")
        return Outcome(
            scores=scores,
            ranking=tuple(ranking),
            winners=winners,
            reason=state.end_reason or "",
            headline=self._headline_for(state, scores, winners, state.win_kind),
            details=tuple(details),
        )

    def _winners(self, state: RummikubState, ranking: list[tuple[int, ...]]) -> tuple[int, ...]:
        return ranking[0]

    # -- labels

    def turn_label(self, state: RummikubState) -> str:
        if state.options.rule_set != self.rule_set:
            return rules_for(state).turn_label(state)
        if state.phase == "over":
            return "Game over"
        return f"Turn {state.turn + 1} · {len(state.pool)} face-down tiles"
