"""Luz's rules: a pure function of the state (see engine/base.py for the contract).

Source of truth: shared/seeds/000_0ce4d51ee6bf0918.txt (the rulebook) and shared/rules/luz.md (decisions).

The state machine, per round: "bid" (each seat once, from the first bidder clockwise: 0-10 tricks and an
optional safety bead) → "play" (10 tricks: follow the led colour if you can, yellow is trump) → the round
is scored and the next one dealt (cards.py), or after round 4 → "over" (scoring.py has the final order).

`PHASES` says which action kind each phase allows; each action kind K has check_K (why the rules refuse it)
and do_K (its effect), which the kernel in engine/base.py dispatches; `list_actions` lists the candidates
those checks allow, with the same helpers. Hot path: actions and plays are cached singletons and updates use
`copy_with` (engine/fastmodel.py), never validating constructors; nothing in `apply` renders a view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import Event, Fact, GameRules, IllegalAction, Outcome, Refusal, event, fact
from ..fastmodel import build, copy_with
from ..rng import derived_random
from .cards import deal_round, deck_for, round_four_first, sort_hand
from .models import (
    ACTION_ADAPTER,
    HAND_SIZE,
    HIGHEST_NUMBER,
    MAX_BID,
    ROUNDS,
    TRICKS_PER_ROUND,
    TRUMP,
    Bid,
    FinishedTrick,
    HandView,
    LuzAction,
    LuzCard,
    LuzOptions,
    LuzState,
    LuzView,
    Play,
    PlayCard,
    SeatStatus,
)
from .scoring import final_order, outcome_of, round_points, score_round, totals, trick_winner, winner_fact

__all__ = [
    "LuzRules",
    "RULES",
    "deck_for",
    "sort_hand",
    "round_points",
    "trick_winner",
    "round_four_first",
    "final_order",
    "totals",
]


# Cached objects --------------------------------------------------------------------------------------

# Which action kind each phase allows, and what any other kind is told there.
PHASES: dict[str, tuple[str, ...]] = {"bid": ("bid",), "play": ("play",), "over": ()}
_OUT_OF_PHASE = {"bid": "bidding_over", "play": "bid_first"}

_BIDS: tuple[Bid, ...] = tuple(Bid(tricks=t, bead=b) for t in range(MAX_BID + 1) for b in (False, True))
_PLAYS: tuple[PlayCard, ...] = tuple(PlayCard(position=i) for i in range(HAND_SIZE))
_SEATS: tuple[frozenset[int], ...] = tuple(frozenset((s,)) for s in range(8))
_NOBODY: frozenset[int] = frozenset()
_NO_TRICK: tuple[Play, ...] = ()
_PLAY_CACHE: dict[tuple[int, LuzCard], Play] = {}
_TRICK_WON: dict[tuple[int, int], Event] = {}
# Events that recur game after game, built once (a playout logs one per action).
_BID_EVENTS: dict[tuple[int, int, bool], Event] = {}
_PLAY_EVENTS: dict[tuple[int, LuzCard, int, bool], Event] = {}


def _play(seat: int, card: LuzCard) -> Play:
    key = (seat, card)
    p = _PLAY_CACHE.get(key)
    if p is None:
        p = _PLAY_CACHE[key] = build(Play, seat=seat, card=card)
    return p


def _colour_to_follow(hand: Sequence[LuzCard], trick: Sequence[Play]) -> str | None:
    """The colour `hand` must play to this trick: the led colour when it holds one, else None (any card)."""
    if trick:
        led = trick[0].card.colour
        for card in hand:
            if card.colour == led:
                return led
    return None


def _bid_event(seat: int, tricks: int, bead: bool) -> Event:
    key = (seat, tricks, bead)
    told = _BID_EVENTS.get(key)
    if told is None:
        told = _BID_EVENTS[key] = event("bid", seat=seat, tricks=tricks, bead=bead)
    return told


def _play_event(seat: int, card: LuzCard, trick: int, lead: bool) -> Event:
    """A card played to a trick that is not complete yet: "lead" for its first card, else "play"."""
    key = (seat, card, trick, lead)
    told = _PLAY_EVENTS.get(key)
    if told is None:
        told = _PLAY_EVENTS[key] = event("lead" if lead else "play", seat=seat, card=card.label, trick=trick)
    return told


def _trick_won(winner: int, number: int) -> Event:
    """A won trick as a seat reads it back: face down, only who won it."""
    key = (winner, number)
    told = _TRICK_WON.get(key)
    if told is None:
        told = _TRICK_WON[key] = event("trick_won", winner=winner, trick=number)
    return told


def _last_trick(state: LuzState) -> FinishedTrick | None:
    """The newest finished trick, read back from its "trick_complete" event: every card in it was shown to
    the whole table as it was played. The round before's last trick stays until this round's first one is
    finished; None before the game's first trick is."""
    round_no = state.round
    for entry in reversed(state.log):
        kind = entry.kind
        if kind == "deal":
            round_no = entry.args["round"] - 1  # everything older was played in an earlier round
        elif kind == "trick_complete":
            told = entry.args
            n = len(state.players)
            leader = told["leader"]
            plays = tuple(
                _play((leader + i) % n, build(LuzCard, colour=label[0], number=int(label[1:])))
                for i, label in enumerate(told["cards"])
            )
            return build(
                FinishedTrick,
                round=round_no,
                number=told["trick"],
                plays=plays,
                winner=told["winner"],
                led=told["led"],
                trumped=told["trumped"],
            )
    return None


# The rules -------------------------------------------------------------------------------------------


class LuzRules(GameRules[LuzState, LuzAction, LuzView, LuzOptions]):  # type: ignore[type-var]
    max_actions = 2_000
    id = "luz"
    title = "Luz"
    min_players = 3
    max_players = 5
    Options = LuzOptions
    State = LuzState
    action_adapter = ACTION_ADAPTER
    phases = PHASES
    remember_listing = True  # a listed card or bid is applied unchecked (the playout tests hold the two together)

    # -- setup

    def setup(self, players: Sequence[str], options: LuzOptions | None, seed: str) -> LuzState:
        options = options if options is not None else LuzOptions()
        players = self.seat_players(players)
        n = len(players)
        dealer = derived_random(seed, "dealer").randrange(n)  # round 1's dealer is chosen at random
        fields, dealt = deal_round(players, options, seed, 1, dealer, (0,) * n)
        return LuzState(players=players, options=options, seed=seed, log=(dealt,), **fields)

    # -- whose move

    def to_act(self, state: LuzState) -> frozenset[int]:
        if state.phase == "over":
            return _NOBODY
        return _SEATS[state.current]

    def list_actions(self, state: LuzState, seat: int) -> Sequence[LuzAction]:
        if state.phase == "bid":
            return _BIDS
        hand = state.hands[seat]
        follow = _colour_to_follow(hand, state.trick)
        if follow is None:
            return _PLAYS[: len(hand)]
        return tuple(_PLAYS[i] for i, c in enumerate(hand) if c.colour == follow)

    def out_of_phase(self, state: LuzState, seat: int, kind: str) -> IllegalAction:
        """A bid once the bidding is over; a card before it is."""
        return IllegalAction(_OUT_OF_PHASE[kind])

    # -- bidding: each seat once, clockwise from the first bidder

    def check_bid(self, state: LuzState, seat: int, action: Bid) -> IllegalAction | None:
        tricks = action.tricks
        if type(tricks) is not int or not 0 <= tricks <= MAX_BID:
            return IllegalAction("bid_out_of_range", highest=MAX_BID)
        if type(action.bead) is not bool:
            return IllegalAction("bead_yes_or_no")
        return None

    def do_bid(self, state: LuzState, seat: int, action: Bid) -> LuzState:
        tricks, bead = action.tricks, action.bead
        bids = list(state.bids)
        bids[seat] = tricks
        beads = list(state.beads)
        beads[seat] = bead
        nxt = (seat + 1) % len(state.players)
        update: dict[str, Any] = {
            "bids": tuple(bids),
            "beads": tuple(beads),
            "current": nxt,
            "log": (*state.log, _bid_event(seat, tricks, bead)),
        }
        if nxt == state.first:  # everyone has bid: the first bidder leads the first trick
            update["phase"] = "play"
            update["leader"] = state.first
        return copy_with(state, update)

    # -- playing: follow the led colour if you can; a complete trick goes to its winner

    def check_play(self, state: LuzState, seat: int, action: PlayCard) -> IllegalAction | None:
        hand = state.hands[seat]
        position = action.position
        if type(position) is not int or not 0 <= position < len(hand):
            return IllegalAction("no_such_card", position=position if type(position) is int else None, held=len(hand))
        follow = _colour_to_follow(hand, state.trick)
        if follow is not None and hand[position].colour != follow:
            return IllegalAction("must_follow", colour=follow)
        return None

    def do_play(self, state: LuzState, seat: int, action: PlayCard) -> LuzState:
        position = action.position
        hand = state.hands[seat]
        card = hand[position]
        hands = list(state.hands)
        hands[seat] = hand[:position] + hand[position + 1 :]
        trick = (*state.trick, _play(seat, card))
        n = len(state.players)
        number = state.trick_number
        if len(trick) < n:
            # Public once played, for the pass-the-device screen; not read back once the trick is won.
            played = _play_event(seat, card, number, len(trick) == 1)
            return copy_with(
                state,
                {"hands": tuple(hands), "trick": trick, "current": (seat + 1) % n, "log": (*state.log, played)},
            )
        win = trick_winner(trick)
        winner = win.seat
        led = trick[0].card.colour
        # The whole trick, told once to the table (its cards in play order from the leader, the last one
        # just played); read back later only as who won it (see log_for).
        told = event(
            "trick_complete",
            trick=number,
            leader=trick[0].seat,
            cards=[p.card.label for p in trick],
            winner=winner,
            led=led,
            trumped=led != TRUMP and win.card.colour == TRUMP,
        )
        won = list(state.tricks_won)
        won[winner] += 1
        if number < TRICKS_PER_ROUND:
            return copy_with(
                state,
                {
                    "hands": tuple(hands),
                    "trick": _NO_TRICK,
                    "tricks_won": tuple(won),
                    "trick_number": number + 1,
                    "leader": winner,
                    "current": winner,
                    "log": (*state.log, told),
                },
            )
        return self._end_round(state, tuple(hands), tuple(won), (*state.log, told))

    def _end_round(
        self, state: LuzState, hands: tuple[tuple[LuzCard, ...], ...], won: tuple[int, ...], log: tuple[Event, ...]
    ) -> LuzState:
        """Score the round; deal the next one, or end the game after round 4."""
        row = score_round(state, won)
        results = (*state.results, row)
        n = len(state.players)
        scores = tuple(sum(res[s].points for res in results) for s in range(n))
        log += tuple(
            event("round_score", round=state.round, seat=s, bid=res.bid, bead=res.bead, tricks=res.tricks,
                  points=res.points, total=scores[s])
            for s, res in enumerate(row)
        )
        if state.round >= ROUNDS:
            headline = winner_fact(copy_with(state, {"results": results}))
            return copy_with(
                state,
                {
                    "phase": "over",
                    "hands": hands,
                    "trick": _NO_TRICK,
                    "tricks_won": won,
                    "results": results,
                    "log": (*log, event("game_over", **headline.args)),
                },
            )
        fields, dealt = deal_round(state.players, state.options, state.seed, state.round + 1, state.marker, scores)
        fields["results"] = results
        fields["log"] = (*log, dealt)
        return copy_with(state, fields)

    # -- view

    def view(self, state: LuzState, seat: int | None) -> LuzView:
        n = len(state.players)
        if seat is not None and not (type(seat) is int and 0 <= seat < n):
            raise ValueError(f"no seat {seat!r}")
        hands = tuple(
            HandView(
                seat=h,
                name=state.players[h],
                colours=tuple(c.colour for c in hand),
                numbers=None if seat is None or seat == h else tuple(c.number for c in hand),
                high_side=state.high_sides[h],
            )
            for h, hand in enumerate(state.hands)
        )
        scores = totals(state)
        status = tuple(
            SeatStatus(
                seat=s,
                name=state.players[s],
                bid=state.bids[s],
                bead=state.beads[s],
                tricks=state.tricks_won[s],
                total=scores[s],
            )
            for s in range(n)
        )
        return LuzView(
            seat=seat,
            players=state.players,
            options=state.options,
            round=state.round,
            phase=state.phase,
            highest_number=HIGHEST_NUMBER[n],
            dealer=state.dealer,
            marker=state.marker,
            first=state.first,
            trick_number=state.trick_number,
            leader=state.leader,
            current=state.current,
            hands=hands,
            trick=state.trick,
            led_colour=state.trick[0].card.colour if state.trick else None,
            status=status,
            results=state.results,
            log=self.log_for(state, seat),
            legal_actions=self.legal_for(state, seat),
            last_trick=_last_trick(state),
            refusals=self.refusals(state, seat),
        )

    def refusals(self, state: LuzState, seat: int | None) -> tuple[Refusal, ...]:
        """For the seat to act, the engine's reason for each try it refuses: a bid once the bidding is over, a
        card before it is, and each card of the hand that may not be played (the colour to follow)."""
        if seat is None or seat != state.current or state.phase == "over":
            return ()
        if state.phase == "bid":
            refused = self.refusal(state, seat, _PLAYS[0])
            return () if refused is None else (Refusal(kind="play", code=refused.code, params=refused.params),)
        found = []
        refused = self.refusal(state, seat, _BIDS[0])
        if refused is not None:
            found.append(Refusal(kind="bid", code=refused.code, params=refused.params))
        for position in range(len(state.hands[seat])):
            refused = self.refusal(state, seat, _PLAYS[position])
            if refused is not None:
                found.append(Refusal(kind="play", code=refused.code, params=refused.params, target=position))
        return tuple(found)

    def log_for(self, state: LuzState, seat: int | None) -> tuple[Event, ...]:
        """The log a seat can read back. Won tricks are face down (rules decision): each card played and
        each complete trick leave only who won the trick."""
        read: list[Event] = []
        for entry in state.log:
            kind = entry.kind
            if kind == "play" or kind == "lead":
                continue
            if kind == "trick_complete":
                entry = _trick_won(entry.args["winner"], entry.args["trick"])
            seen = entry.seen_by(seat)
            if seen is not None:
                read.append(seen)
        return tuple(read)

    def last_public_event(self, state: LuzState) -> Event | None:
        """What the table is told the last action did, built from the newest events: a bid (the last one with
        the total of the bids), a card, a complete trick with its winner, and at the end of a round the
        trick with every seat's points (and the winner once the game is over). Before any action: the deal.
        """
        log = state.log
        if not log:
            return None
        newest = log[-1]
        kind = newest.kind
        if kind == "bid":
            if state.phase == "play":
                total = sum(b for b in state.bids if b is not None)
                return event("bids_in", total=total, leader=state.first, **newest.args)
            return event("bid_made", **newest.args)
        if kind == "play" or kind == "lead":
            return event("card_played", **newest.args)
        if kind == "trick_complete":
            return event("trick_summary", **newest.args)
        if len(log) == 1:
            return newest  # the first deal
        # The round is over: ... trick_complete, one round_score per seat, then "deal" or "game_over".
        n = len(state.players)
        trick = log[-n - 2]
        scored = log[-n - 1 : -1]
        points = [entry.args["points"] for entry in scored]
        over = newest.args if kind == "game_over" else None
        round_no = scored[0].args["round"]
        return event("round_summary", round=round_no, points=points, game_over=over, **trick.args)

    # -- results

    def outcome(self, state: LuzState) -> Outcome | None:
        if state.phase != "over":
            return None
        return outcome_of(state)

    # -- labels

    def turn_label(self, state: LuzState) -> Fact:
        if state.phase == "over":
            return fact("position_over")
        if state.phase == "bid":
            return fact("position_bidding", round=state.round)
        return fact("position_trick", round=state.round, trick=state.trick_number)

    def has_hidden_information(self, state: LuzState) -> bool:
        return True

    def public_pause(self, before: LuzState, after: LuzState) -> bool:
        """Every completed trick is shown to the whole table, whoever won it (the same seat may lead next)."""
        return before.phase == "play" and not after.trick


RULES = LuzRules()
