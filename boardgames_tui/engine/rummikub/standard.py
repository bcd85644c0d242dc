"""Rummikub's standard ("Israeli") game: draw or play, one phase per turn.

Source of truth: shared/seeds/004_053a4b348d682711.txt (first part and its variant list) and
shared/rules/rummikub.md (decisions). The table editor is editing.py; the turn context turn.py.

The state machine: a turn (phase "turn") is table actions by the current player, closed by one of
Draw (only while the table is as it was at the start of the turn), EndTurn (only with no end-turn
problem) or TimeUp (turn timer on; also reaching MAX_TURN_ACTIONS). Closing a turn stamps the changed sets,
logs what happened and passes to the next seat in the chosen direction, or ends the game ("over").

Decisions where the seed leaves room:
- joker_reuse "new set" means a set that does not contain every tile of any set that was on the table at
  the start of the turn; "... with N rack tiles" also needs N tiles played from the rack this turn in it.
- group_joker_needs_both_colours: a group of three with one joker (two real tiles) has its joker replaced
  only by a MoveTiles of both missing colours at once. Other groups follow the standard rule.
- Initial meld: until the meld, only sets made of tiles from the rack this turn ("fresh" sets) may be built
  or changed. Table sets may be touched in the meld turn ("same turn") once the valid sets made only of
  rack tiles from this turn total the threshold; at EndTurn those sets must still total the threshold.
- TimeUp: with no end-turn problem the play stands (as EndTurn). If nothing was played from the rack and
  the table is otherwise in order, the table is restored and the player draws 1. Anything else (an invalid
  table, a short initial meld, a misplaced freed joker) restores the table and the rack and costs 3
  penalty tiles. A turn also ends so after MAX_TURN_ACTIONS (200) table actions, which makes every turn,
  and so every random playout, finite.
- Rack totals count a joker 30 in both endings. A player who must draw from an empty pool ends the game
  (lowest rack wins); a 3-tile penalty with fewer tiles in the pool draws what is there and ends it so.
- legal_actions lists every control action that is legal, ReturnToRack of single tiles, every legal
  SplitSet and ChooseJoker and every legal single-tile MoveTiles (position None stands for "at the end";
  position == len(set) is accepted as an alias and not listed). A MoveTiles of several tiles is legal when
  every tile may leave its place and the target may take them; such compositions are not listed.
- The log tells each turn's end as events (what was played, the tiles drawn to their drawer only);
  `told` marks the events of the last turn's end (the pass-the-device screen), `turn_ends` where each
  seat's last turn ended (the View's `news_from`), and each set is stamped with the turn it last changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..base import Event, Fact, IllegalAction, Outcome, event, fact
from ..rng import derived_random, shuffled
from .editing import TableRules, sort_rack, stamp_changes
from .listing import DRAW, END_TURN, RESET, SORTS, TIME_UP, UNDO, arrange_actions, return_actions
from .listing import single_moves, split_and_choose_actions
from .models import (
    MAX_TURN_ACTIONS,
    RACK_SIZE,
    SAME_TURN,
    TIMEOUT_PENALTY_TILES,
    TIMER_SECONDS,
    EndTurn,
    RummikubAction,
    RummikubOptions,
    RummikubState,
    RummikubView,
    SetView,
    TableSet,
    TurnStart,
)
from .scoring import headline, outcome_of, rank_by_score, scores_when_out, scores_when_pool_empty
from .sets import LABEL_OF, SetInfo, analyse, rack_value
from .tiles import TILE_COUNT, TILES
from .turn import NOTHING_PLAYED, TurnContext, standard_problems

__all__ = ["StandardRules", "news_from", "recent_sets", "closing", "replacement_events"]


# Closing a turn: pieces every rule set uses ------------------------------------------------------------


def turn_ends_after(state: RummikubState) -> tuple[int, ...]:
    """`state.turn_ends` with the current seat's turn ending now (before its closing events)."""
    marks = list(state.turn_ends or (0,) * len(state.players))
    marks[state.current] = len(state.log)
    return tuple(marks)


def closing(state: RummikubState, events: Sequence[Event]) -> dict[str, Any]:
    """The fields every turn's end updates: its events logged and told to the table, the turn counted,
    the turn's leftovers (undo, freed jokers, the clock) cleared."""
    start = len(state.log)
    return {
        "turn": state.turn + 1,
        "undo": (),
        "freed_jokers": (),
        "actions_this_turn": 0,
        "clock": None,
        "turn_ends": turn_ends_after(state),
        "told": (start, start + len(events)),
        "log": (*state.log, *events),
    }


def replacement_events(state: RummikubState, ctx: TurnContext) -> list[Event]:
    """One event per set in which the player replaced a joker this turn."""
    freed = set(state.freed_jokers)
    out = []
    for ts in state.table:
        if ts.replaced:
            start = ctx.start_sets.get(ts.id)
            jokers = sum(1 for t in start.tiles if t in freed) if start is not None else 1
            out.append(
                event("joker_replaced", seat=state.current, jokers=max(jokers, 1), tiles=[LABEL_OF[t] for t in ts.replaced])
            )
    return out


def drawn_secret(seat: int, tiles: Sequence[int]) -> tuple[tuple[int, dict[str, Any]], ...]:
    """The tiles a seat drew, told to that seat only."""
    return ((seat, {"drawn": [LABEL_OF[t] for t in tiles]}),) if tiles else ()


def recent_sets(state: RummikubState, table: Sequence[TableSet] | None = None) -> frozenset[int]:
    """Ids of the sets (of the table, or of `table`) that changed since the current player's last turn (in
    the other players' turns)."""
    since = state.turn - len(state.players)
    sets = state.table if table is None else table
    return frozenset(ts.id for ts in sets if ts.changed_turn >= 0 and ts.changed_turn > since)


def _set_view(ts: TableSet, info: SetInfo, locked: bool, changed: bool, recent: bool) -> SetView:
    return SetView.model_construct(
        id=ts.id,
        tiles=tuple(TILES[t] for t in ts.tiles),
        valid=info.valid,
        kind=info.kind,
        problem=info.problem,
        jokers=info.jokers,
        ambiguous_jokers=info.ambiguous,
        locked=locked,
        changed=changed,
        owner=ts.owner,
        recent=recent,
    )


def news_from(state: RummikubState, seat: int | None) -> int:
    """Where the news of `seat` (the current player for the public table) starts in the log."""
    marks = state.turn_ends
    who = state.current if seat is None else seat
    return marks[who] if marks else 0


# The table editor's actions (editing.py), which every rule set has, in every phase of a turn where tiles move.
TABLE_KINDS = ("move", "to_rack", "split", "joker", "undo", "reset", "sort_rack", "arrange_rack", "clock", "time_up")


class StandardRules(TableRules):
    """The standard game. RummikubRules (rules.py) plays a state of this rule set with this object."""

    # One phase: a turn is table actions closed by a draw, the end of the turn or the timer.
    phases = {"turn": (*TABLE_KINDS, "end_turn", "draw"), "over": ()}

    def new_context(self, state: RummikubState) -> TurnContext:
        opts = state.options
        return TurnContext(state, self.one_in_runs, opts.initial_meld, opts.play_after_meld == SAME_TURN)

    def turn_problems(self, ctx: TurnContext) -> list[Fact]:
        """What stands in the way of ending the turn now (kept with the turn context)."""
        if ctx.problems is None:
            ctx.problems = self.problems(ctx)
        return ctx.problems

    def turn_done(self, ctx: TurnContext) -> bool:
        """Whether nothing stands in the way of ending the turn (the same rules, stopping at the first)."""
        return not (ctx.problems if ctx.problems is not None else self.problems(ctx, first=True))

    def problems(self, ctx: TurnContext, first: bool = False) -> list[Fact]:
        """The rule set's list of what stands in the way of ending the turn (with `first`: its first entry)."""
        return standard_problems(ctx, first)

    # -- setup

    def setup(self, players: Sequence[str], options: RummikubOptions, seed: str) -> RummikubState:
        players = self.seat_players(players)
        n = len(players)
        tiles = shuffled(range(TILE_COUNT), seed, "tiles")
        racks = tuple(sort_rack(tiles[s * RACK_SIZE : (s + 1) * RACK_SIZE], "colour") for s in range(n))
        first = derived_random(seed, "first").randrange(n)
        return RummikubState(
            players=players,
            options=options,
            seed=seed,
            pool=tuple(tiles[n * RACK_SIZE :]),
            racks=racks,
            melded=(False,) * n,
            current=first,
            turn_start=TurnStart(table=(), rack=racks[first], freed_jokers=(), next_set_id=0),
            told=(0, 1),
            log=(event("first_player", seat=first, direction=options.direction),),
        )

    # -- legal actions

    def list_actions(self, state: RummikubState, seat: int) -> Sequence[RummikubAction]:
        ctx = self.ctx(state)
        out: list[RummikubAction] = []
        if self.check_draw(state, seat, DRAW) is None:
            out.append(DRAW)
        if self.turn_done(ctx):  # check_end_turn's rule, without building the refusal
            out.append(END_TURN)
        if self.check_undo(state, seat, UNDO) is None:
            out.append(UNDO)
        if self.check_reset(state, seat, RESET) is None:
            out.append(RESET)
        if self.check_time_up(state, seat, TIME_UP) is None:
            out.append(TIME_UP)
        out.extend(SORTS)
        out.extend(arrange_actions(state.racks[seat]))
        return_actions(ctx, out)
        table = state.table
        touch = ctx.touchable()
        split_and_choose_actions(ctx, out, touch)
        # Single-tile moves: every movable tile to a new set and to every position of every touchable set.
        movable: list[tuple[int, int]] = [(t, -1) for t in state.racks[seat]]
        locked_ids = ctx.locked_ids
        for i, ts in enumerate(table):
            if touch[i]:
                tiles = ctx.movable_tiles(i) if ts.id in locked_ids else ts.tiles
                movable.extend((t, i) for t in tiles)
        single_moves(ctx, out, movable, [i for i in range(len(table)) if touch[i]])
        return out

    # -- closing a turn

    def check_end_turn(self, state: RummikubState, seat: int, action: EndTurn) -> IllegalAction | None:
        problems = self.turn_problems(self.ctx(state))
        if problems:
            return IllegalAction("turn_not_done", problems=[p.model_dump() for p in problems])
        return None

    def do_end_turn(self, state: RummikubState, seat: int, action: EndTurn) -> RummikubState:
        return self._play_stands(state, self.ctx(state), [])

    def check_draw(self, state: RummikubState, seat: int, action: Any) -> IllegalAction | None:
        if state.undo and state.table != state.turn_start.table:
            return IllegalAction("table_changed_no_draw")
        return None

    def do_draw(self, state: RummikubState, seat: int, action: Any) -> RummikubState:
        if not state.pool:
            told = event("pool_empty", seat=seat)
            reason = fact("reason_empty_pool", seat=seat)
            return self._game_over(state, {"table": state.turn_start.table}, [told], reason)
        tile = state.pool[0]
        racks = list(state.racks)
        racks[seat] = state.racks[seat] + (tile,)
        update = {"pool": state.pool[1:], "racks": tuple(racks), "table": state.turn_start.table}
        return self._next_turn(state, update, [event("drew", secret=drawn_secret(seat, (tile,)), seat=seat)])

    def out_of_time(self, state: RummikubState, limit: bool = False) -> RummikubState:
        ctx = self.ctx(state)
        problems = self.turn_problems(ctx)
        seat = state.current
        if not problems:
            return self._play_stands(state, ctx, [event("time_up_play_stands", seat=seat, limit=limit)])
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
        restored = state.table != start.table
        secret = drawn_secret(seat, drawn)
        penalty = None if only_nothing else count
        if len(drawn) < count:
            if drawn:
                told = event("time_up_pool_short", secret=secret, seat=seat, limit=limit, got=len(drawn), count=count)
            else:
                told = event("time_up_pool_empty", seat=seat, limit=limit, restored=restored, penalty=penalty)
            return self._game_over(state, update, [told], fact("reason_empty_pool", seat=seat))
        if only_nothing:
            told = event("time_up_drew", secret=secret, seat=seat, limit=limit, restored=restored)
        else:
            told = event("time_up_penalty", secret=secret, seat=seat, limit=limit, count=count)
        return self._next_turn(state, update, [told])

    def _play_stands(self, state: RummikubState, ctx: TurnContext, events: list[Event]) -> RummikubState:
        seat = state.current
        first_meld = not state.melded[seat]
        played = [LABEL_OF[t] for t in ctx.played]
        events.append(event("played", seat=seat, tiles=played, meld=ctx.meld_points if first_meld else None))
        events.extend(replacement_events(state, ctx))
        melded = state.melded
        if first_meld:
            melded = tuple(True if s == seat else m for s, m in enumerate(melded))
        update: dict[str, Any] = {"melded": melded}
        left = len(state.racks[seat])
        if not left:
            events.append(event("played_every_tile", seat=seat))
            return self._game_over(state, update, events, fact("reason_played_out", seat=seat), winner=seat)
        if left <= 3:
            events.append(event("tiles_left", seat=seat, count=left))
        return self._next_turn(state, update, events)

    def next_seat(self, state: RummikubState) -> int:
        """Who plays after the current player (the direction is an option here)."""
        step = 1 if state.options.direction == "clockwise" else -1
        return (state.current + step) % len(state.players)

    # The fields a new turn starts with beyond the table, racks and seat (a rule set's draw phase, say).
    new_turn_fields: ClassVar[dict[str, Any]] = {}

    def _next_turn(self, state: RummikubState, update: dict[str, Any], events: list[Event]) -> RummikubState:
        """The current turn closes (its events and changes stamped) and the next seat's begins."""
        nxt = self.next_seat(state)
        table = stamp_changes(update.get("table", state.table), state.turn_start.table, state.turn)
        racks = update.get("racks", state.racks)
        next_set_id = update.get("next_set_id", state.next_set_id)
        update.update(closing(state, events))
        update.update(
            {
                "table": table,
                "racks": racks,
                "next_set_id": next_set_id,
                "current": nxt,
                "turn_start": TurnStart.model_construct(
                    table=table, rack=racks[nxt], freed_jokers=(), next_set_id=next_set_id
                ),
                **self.new_turn_fields,
            }
        )
        return state.model_copy(update=update)

    def _game_over(
        self,
        state: RummikubState,
        update: dict[str, Any],
        events: list[Event],
        reason: Fact,
        winner: int | None = None,
    ) -> RummikubState:
        totals = [rack_value(r) for r in update.get("racks", state.racks)]
        if winner is not None:
            scores = scores_when_out(totals, winner)
            winners: tuple[int, ...] = (winner,)
        else:
            scores, winners = scores_when_pool_empty(totals)
        events.append(event("game_over", headline=headline(scores, winners).model_dump()))
        update.update(closing(state, events))
        update.update(
            {
                "table": stamp_changes(update.get("table", state.table), state.turn_start.table, state.turn),
                "phase": "over",
                "end_reason": reason,
                "final_scores": scores,
                "winner": winners[0] if len(winners) == 1 else None,
            }
        )
        return state.model_copy(update=update)

    # -- view

    @staticmethod
    def table_views(state: RummikubState, ctx: TurnContext, over: bool) -> list[SetView]:
        """The table as every view shows it: each set with its validity, jokers, lock and owner."""
        start_sets = ctx.start_sets
        recent = recent_sets(state)
        return [
            _set_view(ts, ctx.infos[i], ts.id in ctx.locked_ids, not over and start_sets.get(ts.id) != ts, ts.id in recent)
            for i, ts in enumerate(state.table)
        ]

    @staticmethod
    def start_table_views(state: RummikubState, ctx: TurnContext, over: bool) -> tuple[SetView, ...]:
        """The table as it stood when the turn in progress began (the View's `start_table`; none once the
        game is over): public, the same in every seat's view."""
        if over:
            return ()
        start = state.turn_start.table
        recent = recent_sets(state, start)
        one, two = ctx.one, ctx.two
        return tuple(
            _set_view(ts, analyse(ts.tiles, one, two, ts.jokers), ts.id in ctx.locked_ids, False, ts.id in recent)
            for ts in start
        )

    def check_seat(self, state: RummikubState, seat: int | None) -> None:
        if seat is not None and not (type(seat) is int and 0 <= seat < len(state.players)):
            raise ValueError(f"no seat {seat!r}")

    def view(self, state: RummikubState, seat: int | None) -> RummikubView:
        self.check_seat(state, seat)
        over = state.phase == "over"
        ctx = self.ctx(state)
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
            table=tuple(self.table_views(state, ctx, over)),
            start_table=self.start_table_views(state, ctx, over),
            melded=state.melded,
            played_this_turn=() if over else tuple(ctx.played),
            freed_jokers=state.freed_jokers,
            meld_points=0 if over else ctx.meld_points,
            end_turn_problems=() if over else tuple(self.turn_problems(ctx)),
            can_undo=acting and bool(state.undo),
            can_reset=acting and bool(state.undo),
            timer_seconds=TIMER_SECONDS[state.options.turn_timer],
            actions_left=MAX_TURN_ACTIONS - state.actions_this_turn,
            log=self.log_for(state, seat),
            legal_actions=tuple(self.legal_actions(state, seat)) if acting and seat is not None else (),
            clock_left=state.clock,
            news_from=news_from(state, seat),
            refusals=self.refusals(state, seat),
            turn_rules=self.turn_rules(ctx),
        )

    # -- results and labels

    def outcome(self, state: RummikubState) -> Outcome | None:
        if state.phase != "over" or state.final_scores is None:
            return None
        winners = rank_by_score(state.final_scores)[1][0]
        return outcome_of(state, winners, [self._scoring_note(state, winners)], totals=True)

    @staticmethod
    def _scoring_note(state: RummikubState, winners: Sequence[int]) -> Fact:
        """How the scores came about, for the results screen."""
        if any(not state.racks[w] for w in winners):
            return fact("scoring_went_out", seats=list(winners))
        return fact("scoring_lowest_rack", seats=list(winners), low=rack_value(state.racks[winners[0]]))

    def turn_label(self, state: RummikubState) -> Fact:
        if state.phase == "over":
            return fact("position_over")
        return fact("position_pool", turn=state.turn + 1, pool=len(state.pool))
