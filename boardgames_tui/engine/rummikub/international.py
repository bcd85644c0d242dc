"""Rummikub, the International rule set: American's draw-meld-discard game with three ways to win.

Source of truth: the "国际拉密" part of shared/seeds/004_053a4b348d682711.txt and
shared/rules/rummikub-american-international.md. What it shares with American is in discard.py.

- Deal: 15 face-down stacks of 7 and one extra tile. Each player takes two stacks (14 tiles) and the extra
  tile goes face down to the first player (15 tiles), who therefore does not draw in their first turn
  (decision: the extra tile is that turn's draw; otherwise they would hold one tile more all game). The
  top tile of the last remaining stack is turned face up as the trump; the stacks are drawn in order.
- A player may take the discard pile's top instead of a draw at any draw, ice broken or not.
- Breaking the ice: new melds from the rack worth at least 50.
- A player left with 3 tiles or fewer after their turn announces it: the program does it for them (log
  line and the `announced` flags of the View).
- Three ways to win, by discarding one's last tile:
  open    - the player had broken the ice in an earlier turn. The trump may not be its winning draw.
  finish  - the player lays every tile in this one turn (14 after a normal draw), some of them onto other
            players' melds; the laid tiles total at least 50 (face value: 1 counts 1, a joker what it
            stands for). Until then the turn may add to other players' melds before its own melds reach
            50 (checked when the turn ends).
  closed  - the player lays every tile in this one turn, all in new melds of their own (no minimum).
  The trump may be taken instead of a draw only by a player who has not broken the ice: as the winning
  draw of a finish or a closed win.
- Scoring (not zero-sum): the winner scores open 100 (200 when no other player had laid a tile), finish
  200, closed by the closed-hand table (closed_hands.py: our stand-in, 200 + face value of the laid tiles,
  until the real table is found); doubled when the winning discard is a joker. Losers who broke the ice
  lose the points of their tiles outside melds, rack and their discards still in the pile: 2-9 face value,
  1 and 10-13 ten points, a joker 30 (decision: the seed gives no joker value here; 30 as in the standard
  game). Losers who never broke the ice lose 100, or after a closed win as much as the winner scores. No
  face-down tile left when a draw is needed: nobody wins, everyone loses as above (100 if never broken).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import Event, Fact, IllegalAction, event, fact
from .closed_hands import TABLE, ClosedHand, closed_hand_score
from .discard import RACK_STACKS, DiscardRules, deal_stacks, laid_points
from .editing import sort_rack
from .models import RummikubState
from .sets import IS_JOKER, LABEL_OF, NUMBER_OF
from .turn import TurnContext, problem

__all__ = [
    "InternationalRules",
    "INTERNATIONAL",
    "ICE",
    "FINISH_MINIMUM",
    "NOT_BROKEN_PENALTY",
    "tile_points",
    "open_points",
    "international_scores",
]

ICE = 50
FINISH_MINIMUM = 50
NOT_BROKEN_PENALTY = 100
OPEN_POINTS, OPEN_ALONE_POINTS, FINISH_POINTS = 100, 200, 200
JOKER_POINTS = 30


def tile_points(tile: int) -> int:
    """What a tile outside the melds costs a loser: 2-9 face value, 1 and 10-13 ten, a joker 30."""
    if IS_JOKER[tile]:
        return JOKER_POINTS
    n = NUMBER_OF[tile]
    return 10 if n == 1 or n >= 10 else n


def open_points(others_laid: bool) -> int:
    return OPEN_POINTS if others_laid else OPEN_ALONE_POINTS


def international_scores(
    players: Sequence[str],
    winner: int | None,
    win_points: int,
    win_kind: str | None,
    melded: Sequence[bool],
    racks: Sequence[Sequence[int]],
    discards: Sequence[tuple[int, int]],
) -> tuple[tuple[int, ...], tuple[Fact, ...]]:
    """(scores, notes) at the end of an International game. `win_points` is the winner's final score
    (doubling included); `melded` says who broke the ice; `discards` is the pile as (tile, seat)."""
    scores: list[int] = []
    notes: list[Fact] = []
    for s in range(len(players)):
        if s == winner:
            scores.append(win_points)
            continue
        if melded[s]:
            own_discards = [t for t, who in discards if who == s]
            on_rack = sum(tile_points(t) for t in racks[s])
            discarded = sum(tile_points(t) for t in own_discards)
            loss = on_rack + discarded
            notes.append(
                fact(
                    "loss_tiles",
                    seat=s,
                    loss=loss,
                    rack=on_rack,
                    count=len(racks[s]),
                    discarded=discarded,
                    thrown=[LABEL_OF[t] for t in own_discards],
                )
            )
        elif win_kind == "closed":
            loss = win_points
            notes.append(fact("loss_as_closed_win", seat=s, loss=loss))
        else:
            loss = NOT_BROKEN_PENALTY
            notes.append(fact("loss_no_ice", seat=s, loss=loss))
        scores.append(-loss)
    return tuple(scores), tuple(notes)


class InternationalRules(DiscardRules):
    rule_set = "international"
    ice = ICE
    open_gate = True
    starter_skips_draw = True
    closed_win = True

    def deal(self, players: tuple[str, ...], seed: str, first: int) -> dict[str, Any]:
        stacks, extra = deal_stacks(seed)
        n = len(players)
        racks = [stacks[RACK_STACKS * s] + stacks[RACK_STACKS * s + 1] for s in range(n)]
        racks[first] = racks[first] + (extra,)
        centre = [list(stack) for stack in stacks[RACK_STACKS * n :]]
        trump = centre[-1].pop(0)  # the top of the last stack, turned face up
        return {
            "racks": tuple(sort_rack(r, "colour") for r in racks),
            "pool": tuple(t for stack in centre for t in stack),
            "stacks": tuple(len(stack) for stack in centre),
            "trump": trump,
            "phase": "turn",
            "announced": (False,) * n,
            "event": event("first_player_extra_tile", seat=first, trump=LABEL_OF[trump]),
        }

    def may_take_discard(self, state: RummikubState) -> IllegalAction | None:
        return None if state.discards else IllegalAction("discard_pile_empty")

    def may_take_trump(self, state: RummikubState) -> IllegalAction | None:
        if state.trump is None:
            return IllegalAction("no_trump")
        if state.melded[state.current]:
            return IllegalAction("trump_not_after_ice")
        return None

    @staticmethod
    def _added_to_others(ctx: TurnContext) -> bool:
        table = ctx.state.table
        return any(table[ctx.where[t]].owner != ctx.seat for t in ctx.played)

    def ice_problems(self, ctx: TurnContext, going_out: bool) -> list[Fact]:
        if ctx.meld_points >= self.ice:
            return []
        added = self._added_to_others(ctx)
        if going_out:
            if not added:
                return []  # a closed win needs no minimum
            laid = laid_points(ctx)
            if laid >= FINISH_MINIMUM:
                return []
            return [problem("finish_short", laid=laid, need=FINISH_MINIMUM)]
        return [problem("ice_short", points=ctx.meld_points, need=self.ice, before_finish=added)]

    def win_kind(self, state: RummikubState, ctx: TurnContext) -> str:
        if state.melded[state.current]:
            return "open"
        return "finish" if self._added_to_others(ctx) else "closed"

    def announce(
        self, state: RummikubState, seat: int, rack: tuple[int, ...], update: dict[str, Any], events: list[Event]
    ) -> None:
        short = len(rack) <= 3
        announced = state.announced or (False,) * len(state.players)
        if short:
            events.append(event("announced", seat=seat, count=len(rack)))
        if announced[seat] != short:
            update["announced"] = tuple(short if s == seat else a for s, a in enumerate(announced))

    def went_out(
        self, state: RummikubState, ctx: TurnContext, tile: int, update: dict[str, Any], events: list[Event]
    ) -> RummikubState:
        seat = state.current
        kind = self.win_kind(state, ctx)
        notes: list[Fact] = []
        if kind == "open":
            others_laid = any(m for s, m in enumerate(state.melded) if s != seat)
            points = open_points(others_laid)
            notes.append(fact("win_open", seat=seat, points=points, alone=not others_laid))
        elif kind == "finish":
            points = FINISH_POINTS
            notes.append(fact("win_finish", seat=seat, points=points))
        else:
            table = ctx.state.table
            melds = tuple(ts.tiles for ts in table if ts.owner == seat and any(t in ctx.played for t in ts.tiles))
            face = laid_points(ctx)
            points, hand_type = closed_hand_score(ClosedHand(melds=melds, face_value=face))
            notes.append(
                fact(
                    "win_closed",
                    seat=seat,
                    points=points,
                    hand=hand_type.id,
                    name=hand_type.name,
                    base=hand_type.base,
                    face=face if hand_type.plus_face_value else None,
                    stand_in=TABLE.stand_in,
                )
            )
        if IS_JOKER[tile]:
            points *= 2
            notes.append(fact("joker_doubled", points=points))
        events.append(event("went_out", seat=seat, tile=LABEL_OF[tile], win=kind))
        melded = update.get("melded", state.melded)
        scores, loser_notes = international_scores(
            state.players, seat, points, kind, melded, update["racks"], update["discards"]
        )
        reason = fact("reason_went_out", seat=seat, win=kind)
        return self._over(state, update, events, reason, scores, (seat,), kind, (*notes, *loser_notes))

    def no_tiles_left(self, state: RummikubState, update: dict[str, Any], events: list[Event], reason: Fact) -> RummikubState:
        melded = update.get("melded", state.melded)
        scores, notes = international_scores(
            state.players,
            None,
            0,
            None,
            melded,
            update.get("racks", state.racks),
            update.get("discards", state.discards),
        )
        notes = (fact("nobody_wins_no_face_down"), *notes)
        return self._over(state, update, events, reason, scores, (), None, notes)

    def winners(self, state: RummikubState, ranking: list[tuple[int, ...]]) -> tuple[int, ...]:
        return (state.winner,) if state.winner is not None else ()


INTERNATIONAL = InternationalRules()
