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

from .closed_hands import TABLE, ClosedHand, closed_hand_score
from .discard import RACK_STACKS, DiscardRules, deal_stacks, laid_points
from .models import RummikubState
from .rules import _Ctx, sort_rack
from .sets import IS_JOKER, LABEL_OF, NUMBER_OF

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
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """(scores, notes) at the end of an International game. `win_points` is the winner's final score
    (doubling included); `melded` says who broke the ice; `discards` is the pile as (tile, seat)."""
    scores: list[int] = []
    notes: list[str] = []
    for s, name in enumerate(players):
        if s == winner:
            scores.append(win_points)
            continue
        if melded[s]:
            own_discards = [t for t, who in discards if who == s]
            on_rack = sum(tile_points(t) for t in racks[s])
            discarded = sum(tile_points(t) for t in own_discards)
            loss = on_rack + discarded
            thrown = " ".join(LABEL_OF[t] for t in own_discards) or "none"
            notes.append(
                f"{name} broke the ice and loses {loss}: {on_rack} on the rack ({len(racks[s])} tiles) and"
                f" {discarded} in their discards still in the pile ({thrown}); 1 and 10-13 count 10, a joker 30"
            )
        elif win_kind == "closed":
            loss = win_points
            notes.append(f"{name} never broke the ice and loses as much as the closed win scores: {loss}")
        else:
            loss = NOT_BROKEN_PENALTY
            notes.append(f"{name} never broke the ice and loses {loss}")
        scores.append(-loss)
    return tuple(scores), tuple(notes)


class InternationalRules(DiscardRules):
    rule_set = "international"
    ice = ICE
    open_gate = True

    def _starter_skips_draw(self) -> bool:
        return True

    def _deal(self, players: tuple[str, ...], seed: str, first: int) -> dict[str, Any]:
        stacks, extra = deal_stacks(seed)
        n = len(players)
        racks = [stacks[RACK_STACKS * s] + stacks[RACK_STACKS * s + 1] for s in range(n)]
        racks[first] = racks[first] + (extra,)
        centre = [list(stack) for stack in stacks[RACK_STACKS * n :]]
        trump = centre[-1].pop(0)  # the top of the last stack, turned face up
        text = (
            f"{players[first]} goes first (chosen at random) with the extra tile, 15 tiles, and does not draw"
            f" this turn; play goes counter-clockwise; the trump turned up is {LABEL_OF[trump]}"
        )
        return {
            "racks": tuple(sort_rack(r, "colour") for r in racks),
            "pool": tuple(t for stack in centre for t in stack),
            "stacks": tuple(len(stack) for stack in centre),
            "trump": trump,
            "phase": "turn",
            "announced": (False,) * n,
            "text": text,
        }

    def _may_take_discard(self, state: RummikubState) -> str | None:
        if not state.discards:
            return "The discard pile is empty"
        return None

    def _may_take_trump(self, state: RummikubState) -> str | None:
        if state.trump is None:
            return "There is no trump tile in the centre"
        if state.melded[state.current]:
            return (
                "You have broken the ice: the trump can only be the winning draw of a finish or a closed"
                " win, never of an open win"
            )
        return None

    @staticmethod
    def _added_to_others(ctx: _Ctx) -> bool:
        table = ctx.state.table
        seat = ctx.seat
        return any(table[ctx.where[t]].owner != seat for t in ctx.played)

    def _ice_problems(self, ctx: _Ctx, going_out: bool) -> list[str]:
        if ctx.meld_points >= self.ice:
            return []
        added = self._added_to_others(ctx)
        if going_out:
            if not added:
                return []  # a closed win needs no minimum
            laid = laid_points(ctx)
            if laid >= FINISH_MINIMUM:
                return []
            return [f"A finish needs the tiles you lay to total at least {FINISH_MINIMUM}; they total {laid}"]
        text = f"Breaking the ice: your new melds from your rack are worth {ctx.meld_points}; you need at least {self.ice}"
        if added:
            text += (
                " (before breaking the ice you may add to other players' melds only to go out at once:"
                " a finish)"
            )
        return [text]

    def _win_kind(self, state: RummikubState, ctx: _Ctx) -> str:
        if state.melded[state.current]:
            return "open"
        return "finish" if self._added_to_others(ctx) else "closed"

    def _announce(
        self, state: RummikubState, seat: int, rack: tuple[int, ...], update: dict[str, Any], texts: list[str]
    ) -> None:
        short = len(rack) <= 3
        announced = state.announced or (False,) * len(state.players)
        if short:
            texts.append(f"{state.players[seat]} announces: {len(rack)} {'tile' if len(rack) == 1 else 'tiles'} left")
        if announced[seat] != short:
            update["announced"] = tuple(short if s == seat else a for s, a in enumerate(announced))

    def _went_out(
        self, state: RummikubState, ctx: _Ctx, tile: int, update: dict[str, Any], texts: list[str]
    ) -> RummikubState:
        seat = state.current
        name = state.players[seat]
        kind = self._win_kind(state, ctx)
        notes: list[str] = []
        if kind == "open":
            others_laid = any(m for s, m in enumerate(state.melded) if s != seat)
            points = open_points(others_laid)
            notes.append(
                f"{name} wins open: {points}"
                + ("" if others_laid else " (no other player had laid a tile)")
            )
        elif kind == "finish":
            points = FINISH_POINTS
            notes.append(f"{name} wins with a finish: {points}")
        else:
            table = ctx.state.table
            melds = tuple(ts.tiles for ts in table if ts.owner == seat and any(t in ctx.played for t in ts.tiles))
            face = laid_points(ctx)
            points, hand_type = closed_hand_score(ClosedHand(melds=melds, face_value=face))
            text = f"{name} wins closed: {points} ({hand_type.name}: {hand_type.base}"
            text += f" + {face} face value)" if hand_type.plus_face_value else ")"
            if TABLE.stand_in:
                text += "; the real closed-hand table is missing, this is our stand-in"
            notes.append(text)
        if IS_JOKER[tile]:
            points *= 2
            notes.append(f"The winning discard is a joker: doubled to {points}")
        texts.append(f"{name} discarded {LABEL_OF[tile]} and went out ({kind} win)")
        melded = update.get("melded", state.melded)
        scores, loser_notes = international_scores(
            state.players, seat, points, kind, melded, update["racks"], update["discards"]
        )
        return self._over(
            state, update, texts, f"{name} went out ({kind} win)", scores, (seat,), kind, (*notes, *loser_notes)
        )

    def _no_tiles_left(
        self, state: RummikubState, update: dict[str, Any], texts: list[str], reason: str
    ) -> RummikubState:
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
        notes = ("No face-down tile was left: nobody wins", *notes)
        return self._over(state, update, texts, reason, scores, (), None, notes)

    def _winners(self, state: RummikubState, ranking: list[tuple[int, ...]]) -> tuple[int, ...]:
        return (state.winner,) if state.winner is not None else ()


INTERNATIONAL = InternationalRules()
