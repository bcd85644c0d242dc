"""What Rummikub's two draw-meld-discard rule sets (American and International) share.

Source of truth: the second and third parts of shared/seeds/004_053a4b348d682711.txt and
shared/rules/rummikub-american-international.md (decisions). american.py and international.py hold what
differs (the deal, the initial meld, who may take the discard or the trump, how a game is won and scored)
as the hooks of `DiscardRules`; ownership.py the rules of owned melds.

The state machine, one seat's turn in three phases:
- "draw": Draw (the top face-down tile), TakeDiscard (the discard pile's top) or TakeTrump (the face-up
  trump, only as a winning draw) → "turn". The rack actions (SortRack, ArrangeRack) are free in every phase.
- "turn": the table editor's actions (editing.py) within the ownership rules, then Discard(tile) ends the
  turn → the next seat's "draw", or "over" when it was the last tile. ReturnTrump puts a taken trump back
  and returns to "draw". The draw cannot be undone (it revealed a tile); Undo and ResetTurn go back at most
  to just after it.
- "discard": only left after the turn timer or the action limit ran out: a Discard ends the turn.

Decisions (beyond the decision file; see also VARIANTS_NOTES.md):
- Runs: 1 low or high, never in the middle (sets.py "low_or_high").
- The options `joker_reuse`, `initial_meld`, `play_after_meld` and `direction` do not apply: the table
  opens in the ice-breaking turn itself, and play is counter-clockwise (seat order backwards).
  `two_jokers_in_a_set`, `group_joker_needs_both_colours`, `joker_sets` and `turn_timer` apply as in the
  standard game.
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

from ..base import Event, Fact, IllegalAction, Outcome, event, fact
from ..rng import derived_random, shuffled
from .editing import shown, stamp_changes
from .listing import DRAW, RESET, SORTS, TIME_UP, UNDO, arrange_actions, return_actions
from .listing import single_moves, split_and_choose_actions
from .models import (
    MAX_TURN_ACTIONS,
    TIMEOUT_PENALTY_TILES,
    TIMER_SECONDS,
    Discard,
    ReturnTrump,
    RummikubAction,
    RummikubOptions,
    RummikubState,
    RummikubView,
    TakeDiscard,
    TakeTrump,
    TurnStart,
)
from .ownership import OwnedMelds, owned_problems
from .scoring import headline, outcome_of, rank_by_score
from .sets import IS_JOKER, LABEL_OF, NUMBER_OF
from .standard import TABLE_KINDS, closing, drawn_secret, news_from, replacement_events
from .tiles import TILE_COUNT, TILES, OneInRuns
from .turn import TurnContext, problem

__all__ = ["DiscardRules", "STACKS", "STACK_SIZE", "RACK_STACKS", "laid_points", "deal_stacks"]

STACKS = 15  # the tiles are laid out as 15 stacks of 7 plus one extra tile
STACK_SIZE = 7
RACK_STACKS = 2  # each player takes two stacks: 14 tiles

_TAKE_DISCARD = TakeDiscard()
_TAKE_TRUMP = TakeTrump()
_RETURN_TRUMP = ReturnTrump()
_DISCARDS: tuple[Discard, ...] = tuple(Discard.model_construct(kind="discard", tile=t) for t in range(TILE_COUNT))
# What each phase allows: the free rack actions in every one, the draws (or the timer) in "draw", everything
# else in "turn" (the draws there are refused as a second draw), only a discard once the time is up.
_FREE = ("sort_rack", "arrange_rack", "clock")
PHASES: dict[str, tuple[str, ...]] = {
    "draw": ("draw", "take_discard", "take_trump", "time_up", *_FREE),
    "turn": (*TABLE_KINDS, "return_trump", "end_turn", "discard"),
    "discard": ("discard", *_FREE),
    "over": (),
}
_KEEP_ONE = fact("keep_one_tile")
_LAST_IS_TAKEN = fact("last_tile_taken")
_TRUMP_GOES_OUT = fact("trump_must_go_out")


def deal_stacks(seed: str) -> tuple[list[tuple[int, ...]], int]:
    """The shuffled tiles as 15 stacks of 7 and the one extra tile."""
    tiles = shuffled(range(TILE_COUNT), seed, "tiles")
    stacks = [tuple(tiles[k * STACK_SIZE : (k + 1) * STACK_SIZE]) for k in range(STACKS)]
    return stacks, tiles[STACKS * STACK_SIZE]


def laid_points(ctx: TurnContext) -> int:
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


class DiscardRules(OwnedMelds):
    """The rules the American and International rule sets share; the subclasses fill in the hooks."""

    one_in_runs: ClassVar[OneInRuns] = "low_or_high"
    turn_ends_by_discard = True
    rule_set: ClassVar[str] = ""
    ice: ClassVar[int] = 30  # points the initial meld needs
    # Before breaking the ice, may a player add to other players' melds (to be checked when the turn ends)?
    open_gate: ClassVar[bool] = False
    # The first player starts with the extra tile instead of a draw (International).
    starter_skips_draw: ClassVar[bool] = False
    phases = PHASES

    # -- hooks for the subclasses

    def deal(self, players: tuple[str, ...], seed: str, first: int) -> dict[str, Any]:
        """The racks, face-down tiles, trump and opening phase of a new game, and its first event."""
        raise NotImplementedError

    def may_take_discard(self, state: RummikubState) -> IllegalAction | None:
        """Why the current player may not take the discard pile's top now (None: they may)."""
        raise NotImplementedError

    def may_take_trump(self, state: RummikubState) -> IllegalAction | None:
        """Why the current player may not take the trump now (None: they may)."""
        return IllegalAction("no_trump") if state.trump is None else None

    def ice_problems(self, ctx: TurnContext, going_out: bool) -> list[Fact]:
        """What is wrong with the turn of a player who lays tiles before having broken the ice."""
        if ctx.meld_points >= self.ice:
            return []
        return [problem("ice_short", points=ctx.meld_points, need=self.ice, before_finish=False)]

    def win_kind(self, state: RummikubState, ctx: TurnContext) -> str:
        """How the current player wins by discarding their last tile now."""
        return "out"

    def went_out(
        self, state: RummikubState, ctx: TurnContext, tile: int, update: dict[str, Any], events: list[Event]
    ) -> RummikubState:
        """The current player discarded their last tile: the game is won."""
        raise NotImplementedError

    def no_tiles_left(self, state: RummikubState, update: dict[str, Any], events: list[Event], reason: Fact) -> RummikubState:
        """A draw was needed and no face-down tile is left: the game ends without anybody going out."""
        raise NotImplementedError

    def announce(self, state: RummikubState, seat: int, rack: tuple[int, ...], update: dict[str, Any], events: list[Event]) -> None:
        """End-of-turn news about a short rack (International announces 3 tiles or fewer)."""
        if len(rack) <= 3:
            events.append(event("tiles_left", seat=seat, count=len(rack)))

    def winners(self, state: RummikubState, ranking: list[tuple[int, ...]]) -> tuple[int, ...]:
        return ranking[0]

    # -- the turn context and what stands in the way of a discard

    def new_context(self, state: RummikubState) -> TurnContext:
        return TurnContext(state, self.one_in_runs, self.ice, True, self.open_gate)

    def problems(self, ctx: TurnContext, first: bool = False) -> list[Fact]:
        """Empty exactly when some Discard is legal (in phase "turn"); with `first`, at most one entry."""
        state = ctx.state
        seat = ctx.seat
        out = owned_problems(ctx, first)
        if first and out:
            return out
        rack = state.racks[seat]
        going_out = len(rack) == 1 and rack[0] != state.took_discard
        if ctx.played and not state.melded[seat]:
            out.extend(self.ice_problems(ctx, going_out))
        if not rack:
            out.append(_KEEP_ONE)
        elif len(rack) == 1 and rack[0] == state.took_discard:
            out.append(_LAST_IS_TAKEN)
        if state.took_trump is not None and len(rack) != 1:
            out.append(_TRUMP_GOES_OUT)
        return out

    # -- setup

    def setup(self, players: Sequence[str], options: RummikubOptions, seed: str) -> RummikubState:
        seated = self.seat_players(players)
        n = len(seated)
        first = derived_random(seed, "first").randrange(n)
        deal = self.deal(seated, seed, first)
        told: Event = deal.pop("event")
        racks: tuple[tuple[int, ...], ...] = deal["racks"]
        return RummikubState(
            players=seated,
            options=options,
            seed=seed,
            melded=(False,) * n,
            current=first,
            turn_start=TurnStart(table=(), rack=racks[first], freed_jokers=(), next_set_id=0),
            told=(0, 1),
            log=(told,),
            **deal,
        )

    # -- the phases

    def out_of_phase(self, state: RummikubState, seat: int, kind: str) -> IllegalAction:
        phase = state.phase
        if phase == "draw":
            return IllegalAction(
                "draw_first",
                discard=self.may_take_discard(state) is None,
                trump=self.may_take_trump(state) is None,
            )
        if phase == "discard":
            return IllegalAction("time_is_up_discard")
        if state.turn == 0 and self.starter_skips_draw:  # a draw in "turn"
            return IllegalAction("starter_no_draw")
        return IllegalAction("already_drew")

    def list_actions(self, state: RummikubState, seat: int) -> Sequence[RummikubAction]:
        timer = self.check_time_up(state, seat, TIME_UP) is None
        out: list[RummikubAction] = []
        phase = state.phase
        rack = state.racks[seat]
        if phase == "draw":
            out.append(DRAW)
            if self.check_take_discard(state, seat, _TAKE_DISCARD) is None:
                out.append(_TAKE_DISCARD)
            if self.check_take_trump(state, seat, _TAKE_TRUMP) is None:
                out.append(_TAKE_TRUMP)
            if timer:
                out.append(TIME_UP)
            out.extend(SORTS)
            out.extend(arrange_actions(rack))
            return out
        ctx = self.ctx(state)
        if self.turn_done(ctx):  # check_discard's last rule; a discard needs a tile of the rack
            taken = state.took_discard
            out.extend(_DISCARDS[t] for t in rack if t != taken)
        if phase == "discard":
            out.extend(SORTS)
            out.extend(arrange_actions(rack))
            return out
        if self.check_undo(state, seat, UNDO) is None:
            out.append(UNDO)
        if self.check_reset(state, seat, RESET) is None:
            out.append(RESET)
        if self.check_return_trump(state, seat, _RETURN_TRUMP) is None:
            out.append(_RETURN_TRUMP)
        if timer:
            out.append(TIME_UP)
        out.extend(SORTS)
        out.extend(arrange_actions(rack))
        return_actions(ctx, out)
        self._table_moves(ctx, out)
        return out

    def _table_moves(self, ctx: TurnContext, out: list[RummikubAction]) -> None:
        """Splits, joker choices and single-tile moves under the ownership rules: tiles from the rack or
        laid this turn may go to any set; tiles of one's own melds to one's own melds only."""
        state = ctx.state
        seat = ctx.seat
        table = state.table
        count = len(table)
        touch = ctx.touchable()
        own = [ts.owner == seat for ts in table]
        split_and_choose_actions(ctx, out, [touch[i] and own[i] for i in range(count)])
        anywhere: list[tuple[int, int]] = [(t, -1) for t in state.racks[seat]]
        own_only: list[tuple[int, int]] = []
        start_sets = ctx.start_sets
        start_tiles = ctx.start_tiles
        locked_ids = ctx.locked_ids
        for i, ts in enumerate(table):
            if not touch[i]:
                continue
            if start_sets.get(ts.id) is ts:  # untouched this turn: every tile is a start tile
                if own[i] and ts.id not in locked_ids:
                    own_only.extend((t, i) for t in ts.tiles)
                continue
            for t in ctx.movable_tiles(i) if ts.id in locked_ids else ts.tiles:
                if t not in start_tiles:
                    anywhere.append((t, i))
                elif own[i]:
                    own_only.append((t, i))
        targets = [i for i in range(count) if touch[i]]
        others = frozenset(i for i in targets if not own[i])
        single_moves(ctx, out, anywhere, targets, others)
        if own_only:
            single_moves(ctx, out, own_only, [i for i in targets if own[i]])

    # -- the draw

    def check_draw(self, state: RummikubState, seat: int, action: Any) -> IllegalAction | None:
        return None  # the phase decides; an empty pool ends the game

    def do_draw(self, state: RummikubState, seat: int, action: Any) -> RummikubState:
        if not state.pool:
            told = event("no_face_down_tiles", seat=seat)
            return self.no_tiles_left(state, {}, [told], fact("reason_no_face_down", seat=seat))
        tile = state.pool[0]
        update = {"pool": state.pool[1:], "stacks": _after_draws(state.stacks, 1)}
        return self._drawn(state, tile, update, event("drew", secret=drawn_secret(seat, (tile,)), seat=seat))

    def check_take_discard(self, state: RummikubState, seat: int, action: TakeDiscard) -> IllegalAction | None:
        return self.may_take_discard(state)

    def do_take_discard(self, state: RummikubState, seat: int, action: TakeDiscard) -> RummikubState:
        tile = state.discards[-1][0]
        update = {"discards": state.discards[:-1], "took_discard": tile}
        return self._drawn(state, tile, update, event("took_discard", seat=seat, tile=LABEL_OF[tile]))

    def check_take_trump(self, state: RummikubState, seat: int, action: TakeTrump) -> IllegalAction | None:
        return self.may_take_trump(state)

    def do_take_trump(self, state: RummikubState, seat: int, action: TakeTrump) -> RummikubState:
        tile = state.trump
        assert tile is not None
        update = {"trump": None, "took_trump": tile, "actions_this_turn": state.actions_this_turn + 1}
        return self._drawn(state, tile, update, None)

    def _drawn(self, state: RummikubState, tile: int, update: dict[str, Any], told: Event | None) -> RummikubState:
        """`tile` joins the current player's rack and the turn goes on to melding."""
        rack = state.racks[state.current] + (tile,)
        racks = list(state.racks)
        racks[state.current] = rack
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
        if told is not None:
            update["log"] = (*state.log, told)
        return state.model_copy(update=update)

    def check_return_trump(self, state: RummikubState, seat: int, action: ReturnTrump) -> IllegalAction | None:
        return None if state.took_trump is not None else IllegalAction("trump_not_taken")

    def do_return_trump(self, state: RummikubState, seat: int, action: ReturnTrump) -> RummikubState:
        tile = state.took_trump
        start = state.turn_start
        rack = tuple(t for t in start.rack if t != tile)
        racks = list(state.racks)
        racks[seat] = rack
        back = state.model_copy(
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
        return self._counted(back)

    # -- ending a turn

    def check_end_turn(self, state: RummikubState, seat: int, action: Any) -> IllegalAction | None:
        return IllegalAction("end_by_discarding")

    def check_discard(self, state: RummikubState, seat: int, action: Discard) -> IllegalAction | None:
        tile = action.tile
        if type(tile) is not int or not 0 <= tile < TILE_COUNT:
            return IllegalAction("no_such_tile", tile=shown(tile))
        if tile not in state.racks[seat]:
            return IllegalAction("not_on_rack", tile=LABEL_OF[tile])
        if tile == state.took_discard:
            return IllegalAction("taken_discard_kept", tile=LABEL_OF[tile])
        problems = self.turn_problems(self.ctx(state))
        if problems:
            return IllegalAction("turn_not_done", problems=[p.model_dump() for p in problems])
        return None

    def do_discard(self, state: RummikubState, seat: int, action: Discard) -> RummikubState:
        tile = action.tile
        ctx = self.ctx(state)
        events = self._play_events(state, ctx)
        new_rack = tuple(t for t in state.racks[seat] if t != tile)
        racks = list(state.racks)
        racks[seat] = new_rack
        update: dict[str, Any] = {"racks": tuple(racks), "discards": (*state.discards, (tile, seat))}
        if ctx.played and not state.melded[seat]:
            update["melded"] = tuple(True if s == seat else m for s, m in enumerate(state.melded))
        if not new_rack:
            return self.went_out(state, ctx, tile, update, events)
        events.append(event("discarded", seat=seat, tile=LABEL_OF[tile]))
        self.announce(state, seat, new_rack, update, events)
        return self._next_turn(state, update, events)

    def _play_events(self, state: RummikubState, ctx: TurnContext) -> list[Event]:
        seat = state.current
        events: list[Event] = []
        if state.took_trump is not None:
            events.append(event("took_trump", seat=seat, tile=LABEL_OF[state.took_trump]))
        if ctx.played:
            ice = None if state.melded[seat] else ctx.meld_points
            events.append(event("laid", seat=seat, tiles=[LABEL_OF[t] for t in ctx.played], ice=ice))
        events.extend(replacement_events(state, ctx))
        return events

    new_turn_fields: ClassVar[dict[str, Any]] = {"phase": "draw", "took_trump": None, "took_discard": None}

    def next_seat(self, state: RummikubState) -> int:
        return (state.current - 1) % len(state.players)  # counter-clockwise

    def _over(
        self,
        state: RummikubState,
        update: dict[str, Any],
        events: list[Event],
        reason: Fact,
        scores: tuple[int, ...],
        winners: tuple[int, ...],
        win_kind: str | None,
        notes: Sequence[Fact],
    ) -> RummikubState:
        """The game ends with these scores; `winners` empty means nobody won (International)."""
        events.append(event("game_over", headline=headline(scores, winners, win_kind).model_dump()))
        update.update(closing(state, events))
        update.update(
            {
                "table": stamp_changes(update.get("table", state.table), state.turn_start.table, state.turn),
                "phase": "over",
                "took_trump": None,
                "took_discard": None,
                "end_reason": reason,
                "final_scores": scores,
                "winner": winners[0] if len(winners) == 1 else None,
                "win_kind": win_kind,
                "score_notes": tuple(notes),
            }
        )
        return state.model_copy(update=update)

    # -- time

    def out_of_time(self, state: RummikubState, limit: bool = False) -> RummikubState:
        seat = state.current
        if state.phase == "draw":
            if not state.pool:
                told = event("time_up_no_face_down", seat=seat, limit=limit)
                return self.no_tiles_left(state, {}, [told], fact("reason_no_face_down", seat=seat))
            tile = state.pool[0]
            update = {"pool": state.pool[1:], "stacks": _after_draws(state.stacks, 1)}
            told = event("time_up_drew_to_discard", secret=drawn_secret(seat, (tile,)), seat=seat, limit=limit)
            return self._drawn(state, tile, update, told).model_copy(update={"phase": "discard"})
        ctx = self.ctx(state)
        if self.turn_done(ctx):
            told = event("time_up_play_stands_discard", seat=seat, limit=limit)
            return state.model_copy(update={"phase": "discard", "undo": (), "log": (*state.log, told)})
        start = state.turn_start
        rack = start.rack
        took = state.took_trump
        if took is not None:
            rack = tuple(t for t in rack if t != took)
        penalty = TIMEOUT_PENALTY_TILES if ctx.played else 0
        count = penalty + (1 if took is not None else 0)
        drawn = state.pool[:count]
        rack = rack + drawn
        racks = list(state.racks)
        racks[seat] = rack
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
        trump = LABEL_OF[took] if took is not None else None
        if len(drawn) < count:
            short = {"got": len(drawn), "count": count}
            told = event("time_up_restored", seat=seat, limit=limit, trump=trump, penalty=penalty, short=short)
            return self.no_tiles_left(state, update, [told], fact("reason_no_face_down", seat=seat))
        secret = drawn_secret(seat, drawn)
        told = event("time_up_restored", secret=secret, seat=seat, limit=limit, trump=trump, penalty=penalty, short=None)
        update.update(
            {
                "phase": "discard",
                "turn_start": TurnStart.model_construct(
                    table=start.table, rack=rack, freed_jokers=(), next_set_id=start.next_set_id
                ),
                "log": (*state.log, told),
            }
        )
        return state.model_copy(update=update)

    # -- view, results and labels

    def view(self, state: RummikubState, seat: int | None) -> RummikubView:
        self.check_seat(state, seat)
        n = len(state.players)
        phase = state.phase
        over = phase == "over"
        ctx = self.ctx(state)
        acting = not over and seat == state.current
        problems = tuple(self.turn_problems(ctx)) if phase == "turn" else ()
        current_rack = state.racks[state.current]
        going_out = None
        if phase in ("turn", "discard") and not problems and len(current_rack) == 1:
            going_out = self.win_kind(state, ctx)
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
            table=tuple(self.table_views(state, ctx, over)),
            start_table=self.start_table_views(state, ctx, over),
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
            turn_rules=self.turn_rules(ctx),
            stack_sizes=state.stacks,
            discard_top=TILES[discards[-1][0]] if discards else None,
            discard_pile_size=len(discards),
            discards_by_seat=tuple(by_seat),
            trump=TILES[trump] if trump is not None else None,
            trump_taken=state.took_trump is not None,
            taken_discard=TILES[state.took_discard] if state.took_discard is not None else None,
            may_take_discard=phase == "draw" and self.may_take_discard(state) is None,
            may_take_trump=phase == "draw" and self.may_take_trump(state) is None,
            announced=state.announced,
            laid_points=laid_points(ctx) if in_turn else 0,
            going_out_as=going_out,
            clock_left=state.clock,
            news_from=news_from(state, seat),
            refusals=self.refusals(state, seat),
        )

    def outcome(self, state: RummikubState) -> Outcome | None:
        if state.phase != "over" or state.final_scores is None:
            return None
        winners = self.winners(state, rank_by_score(state.final_scores)[1])
        return outcome_of(state, winners, state.score_notes, totals=False)

    def variant_label(self, options: RummikubOptions) -> Fact | None:
        return fact("rule_set", rule_set=self.rule_set)

    def turn_label(self, state: RummikubState) -> Fact:
        if state.phase == "over":
            return fact("position_over")
        return fact("position_stacks", turn=state.turn + 1, tiles=len(state.pool))
