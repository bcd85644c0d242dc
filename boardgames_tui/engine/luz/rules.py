"""Luz's rules: a pure function of the state (see engine/base.py for the contract).

Source of truth: shared/seeds/000_0ce4d51ee6bf0918.txt (the rulebook) and shared/rules/luz.md (decisions).

A round: the start-marker holder deals 10 cards to everyone (the rest is set aside unseen), every hand is
sorted by the program (colour groups, one direction, the "+" marker at the high end) and passed to the
left neighbour (seat + 1), start marker included. The new holder bids first and leads the first trick
(3 players, round 4: the leader on points instead). Everyone bids 0-10 with an optional safety bead, then
10 tricks are played (follow colour, yellow is trump) and the bids are scored.

Hot-path notes: actions and cards are cached singletons and internal updates use `model_construct` /
`model_copy(update=...)`, never validating constructors, so a random playout runs tens of thousands of
actions per second. Nothing in `apply` renders a view.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..base import GameRules, IllegalAction, LogEntry, Outcome
from ..rng import derived_random, shuffled
from .models import (
    ACTION_ADAPTER,
    COLOURS,
    FAILURE_POINTS_PER_TRICK,
    GREEN,
    HAND_SIZE,
    HIGHEST_NUMBER,
    MAX_BID,
    PURPLE,
    RED,
    ROUNDS,
    SUCCESS_POINTS,
    TRICKS_PER_ROUND,
    TRUMP,
    YELLOW,
    BLUE,
    Bid,
    HandView,
    HighSide,
    LuzAction,
    LuzCard,
    LuzLogEntry,
    LuzOptions,
    LuzState,
    LuzView,
    Play,
    PlayCard,
    RoundResult,
    SeatStatus,
)

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

# Plain colour words for sentences ("You must follow red", "(yellow led)").
PLAIN: dict[str, str] = {RED: "red", YELLOW: "yellow", GREEN: "green", BLUE: "blue", PURPLE: "purple"}
_COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}


# Cards -----------------------------------------------------------------------------------------------

_DECKS: dict[int, tuple[LuzCard, ...]] = {}


def deck_for(players: int) -> tuple[LuzCard, ...]:
    """The unshuffled deck for a player count: every colour (COLOURS order) numbered 1..N."""
    deck = _DECKS.get(players)
    if deck is None:
        if players not in HIGHEST_NUMBER:
            raise ValueError(f"Luz is for 3-5 players, not {players}")
        top = HIGHEST_NUMBER[players]
        deck = _DECKS[players] = tuple(
            LuzCard.model_construct(colour=c, number=k) for c in COLOURS for k in range(1, top + 1)
        )
    return deck


def _ascending_key(card: LuzCard) -> tuple[int, int]:
    return (_COLOUR_INDEX[card.colour], card.number)


def _descending_key(card: LuzCard) -> tuple[int, int]:
    return (_COLOUR_INDEX[card.colour], -card.number)


def sort_hand(cards: Iterable[LuzCard], high_side: HighSide) -> tuple[LuzCard, ...]:
    """Colour groups in COLOURS order, left to right; inside every group the high numbers on `high_side`."""
    return tuple(sorted(cards, key=_ascending_key if high_side == "right" else _descending_key))


# Scoring and tricks ----------------------------------------------------------------------------------


def round_points(round_no: int, bid: int, bead: bool, tricks: int) -> int:
    """A round's points: success pays 10/20/30/40 (half with the bead); failure costs 5 per trick off the bid."""
    if tricks == bid or (bead and tricks == bid + 1):
        full = SUCCESS_POINTS[round_no - 1]
        return full // 2 if bead else full
    return -FAILURE_POINTS_PER_TRICK * abs(tricks - bid)


def trick_winner(plays: Sequence[Play]) -> Play:
    """The highest yellow if any yellow was played, else the highest card of the led colour."""
    best = plays[0]
    best_trump = best.card.colour == TRUMP
    led = best.card.colour
    for p in plays[1:]:
        c = p.card
        if c.colour == TRUMP:
            if not best_trump or c.number > best.card.number:
                best, best_trump = p, True
        elif not best_trump and c.colour == led and c.number > best.card.number:
            best = p
    return best


def round_four_first(scores: Sequence[int], marker: int) -> int:
    """3 players, round 4: the highest total bids first; ties go nearest clockwise from the marker (it first)."""
    n = len(scores)
    top = max(scores)
    for off in range(n):
        seat = (marker + off) % n
        if scores[seat] == top:
            return seat
    raise AssertionError("unreachable")  # pragma: no cover


def final_order(scores: Sequence[int], round4: Sequence[int], holder: int) -> list[int]:
    """Seats best first: total, then round-4 points, then nearest clockwise from the round-4 marker holder."""
    n = len(scores)
    return sorted(range(n), key=lambda s: (-scores[s], -round4[s], (s - holder) % n))


def totals(state: LuzState) -> tuple[int, ...]:
    """Points over the finished rounds, per seat."""
    n = len(state.players)
    return tuple(sum(row[s].points for row in state.results) for s in range(n))


# Text helpers ----------------------------------------------------------------------------------------


def _names(names: Sequence[str]) -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _bid_text(bid: int, bead: bool) -> str:
    return f"{bid} + safety bead" if bead else str(bid)


def _log(text: str, brief: str | None = None) -> LuzLogEntry:
    """A log line; `brief` is what a seat can read back once the cards are face down (see LuzLogEntry)."""
    return LuzLogEntry.model_construct(public=text, private=(), brief=brief)


# Cached objects --------------------------------------------------------------------------------------

_BIDS: tuple[Bid, ...] = tuple(Bid(tricks=t, bead=b) for t in range(MAX_BID + 1) for b in (False, True))
_PLAYS: tuple[PlayCard, ...] = tuple(PlayCard(position=i) for i in range(HAND_SIZE))
_SEATS: tuple[frozenset[int], ...] = tuple(frozenset((s,)) for s in range(8))
_NOBODY: frozenset[int] = frozenset()
_NO_TRICK: tuple[Play, ...] = ()
_PLAY_CACHE: dict[tuple[int, LuzCard], Play] = {}


def _play(seat: int, card: LuzCard) -> Play:
    key = (seat, card)
    p = _PLAY_CACHE.get(key)
    if p is None:
        p = _PLAY_CACHE[key] = Play.model_construct(seat=seat, card=card)
    return p


# Dealing ---------------------------------------------------------------------------------------------


def _deal(
    players: tuple[str, ...], options: LuzOptions, seed: str, round_no: int, dealer: int, scores: Sequence[int]
) -> tuple[dict[str, Any], str]:
    """The fields of a freshly dealt, sorted and passed round, and its public log line."""
    n = len(players)
    deck = shuffled(deck_for(n), seed, "deal", round_no)
    dealt: list[list[LuzCard]] = [[] for _ in range(n)]
    for j in range(HAND_SIZE * n):  # one card at a time, starting with the dealer's left neighbour
        dealt[(dealer + 1 + j) % n].append(deck[j])
    set_aside = deck[HAND_SIZE * n :]
    if options.sort_direction == "random":
        rng = derived_random(seed, "direction", round_no)
        sides: list[HighSide] = ["right" if rng.random() < 0.5 else "left" for _ in range(n)]  # sorter seat order
    else:
        side: HighSide = "right" if options.sort_direction == "high on the right" else "left"
        sides = [side] * n
    hands: list[tuple[LuzCard, ...]] = [()] * n
    high_sides: list[HighSide] = ["right"] * n
    for sorter in range(n):  # each hand goes to the sorter's left neighbour, with its "+" card
        receiver = (sorter + 1) % n
        hands[receiver] = sort_hand(dealt[sorter], sides[sorter])
        high_sides[receiver] = sides[sorter]
    marker = (dealer + 1) % n
    first = marker
    d, m = players[dealer], players[marker]
    chosen = " (chosen at random)" if round_no == 1 else ""
    text = f"Round {round_no}: {d} deals{chosen}; the start marker passes to {m}"
    if n == 3 and round_no == ROUNDS:
        first = round_four_first(scores, marker)
        top = scores[first]
        tied = [(marker + off) % n for off in range(n) if scores[(marker + off) % n] == top]
        f = players[first]
        if len(tied) == 1:
            text += f". {f} has the highest total ({top}) and bids first and leads the first trick."
        else:
            where = "holds the start marker" if first == marker else "sits nearest clockwise from the start marker"
            text += (
                f". {_names([players[s] for s in tied])} share the highest total ({top}); {f} {where}"
                " and bids first and leads the first trick."
            )
    else:
        text += ", who bids first and leads the first trick."
    fields: dict[str, Any] = {
        "round": round_no,
        "phase": "bid",
        "dealer": dealer,
        "marker": marker,
        "first": first,
        "hands": tuple(hands),
        "high_sides": tuple(high_sides),
        "set_aside": set_aside,
        "bids": (None,) * n,
        "beads": (False,) * n,
        "tricks_won": (0,) * n,
        "trick_number": 1,
        "leader": first,
        "current": first,
        "trick": _NO_TRICK,
    }
    return fields, text


# The rules -------------------------------------------------------------------------------------------


class LuzRules(GameRules[LuzState, LuzAction, LuzView, LuzOptions]):  # type: ignore[type-var]
    id = "luz"
    title = "Luz"
    min_players = 3
    max_players = 5
    Options = LuzOptions
    State = LuzState
    action_adapter = ACTION_ADAPTER

    # -- setup

    def setup(self, players: Sequence[str], options: LuzOptions | None, seed: str) -> LuzState:
        options = options if options is not None else LuzOptions()
        players = self.seat_players(players)
        n = len(players)
        dealer = derived_random(seed, "dealer").randrange(n)
        fields, text = _deal(players, options, seed, 1, dealer, (0,) * n)
        return LuzState(players=players, options=options, seed=seed, summary=text, log=(_log(text),), **fields)

    # -- whose move

    def to_act(self, state: LuzState) -> frozenset[int]:
        if state.phase == "over":
            return _NOBODY
        return _SEATS[state.current]

    def legal_actions(self, state: LuzState, seat: int) -> Sequence[LuzAction]:
        phase = state.phase
        if phase == "over" or seat != state.current:
            return ()
        if phase == "bid":
            return _BIDS
        hand = state.hands[seat]
        trick = state.trick
        if trick:
            led = trick[0].card.colour
            follow = tuple(_PLAYS[i] for i, c in enumerate(hand) if c.colour == led)
            if follow:
                return follow
        return _PLAYS[: len(hand)]

    # -- apply

    def apply(self, state: LuzState, seat: int, action: LuzAction) -> LuzState:
        phase = state.phase
        if phase == "over":
            raise IllegalAction("The game is over")
        if seat != state.current:
            if type(seat) is int and 0 <= seat < len(state.players):
                raise IllegalAction(f"It is {state.players[state.current]}'s turn, not yours")
            raise IllegalAction(f"There is no seat {seat!r}")
        cls = type(action)
        if phase == "bid":
            if cls is Bid:
                return self._bid(state, seat, action)  # type: ignore[arg-type]
            if cls is PlayCard:
                raise IllegalAction("Everyone bids before the first card is played: make your bid")
        else:
            if cls is PlayCard:
                return self._play(state, seat, action.position)  # type: ignore[union-attr]
            if cls is Bid:
                raise IllegalAction("The bidding is over: play a card")
        raise IllegalAction(f"Unknown action {action!r}")

    def _bid(self, state: LuzState, seat: int, action: Bid) -> LuzState:
        tricks, bead = action.tricks, action.bead
        if type(tricks) is not int or not 0 <= tricks <= MAX_BID:
            raise IllegalAction(f"Bids go from 0 to {MAX_BID}")
        if type(bead) is not bool:
            raise IllegalAction("The safety bead is taken or not: true or false")
        n = len(state.players)
        name = state.players[seat]
        bids = list(state.bids)
        bids[seat] = tricks
        beads = list(state.beads)
        beads[seat] = bead
        nxt = (seat + 1) % n
        summary = f"{name} bid {_bid_text(tricks, bead)}"
        update: dict[str, Any] = {
            "bids": tuple(bids),
            "beads": tuple(beads),
            "current": nxt,
            "log": (*state.log, _log(f"{name} bid {tricks} with a safety bead" if bead else f"{name} bid {tricks}")),
        }
        if nxt == state.first:  # everyone has bid
            total = sum(bids)  # type: ignore[arg-type]
            summary += (
                f". All bids are in: {total} for {TRICKS_PER_ROUND} tricks;"
                f" {state.players[state.first]} leads the first trick"
            )
            update["phase"] = "play"
            update["leader"] = state.first
            update["current"] = state.first
        update["summary"] = summary
        return state.model_copy(update=update)

    def _play(self, state: LuzState, seat: int, position: Any) -> LuzState:
        hand = state.hands[seat]
        if type(position) is not int or not 0 <= position < len(hand):
            shown = position + 1 if type(position) is int and position >= 0 else position
            raise IllegalAction(f"There is no card at position {shown!r}")
        card = hand[position]
        trick = state.trick
        if trick:
            led = trick[0].card.colour
            if card.colour != led:
                for c in hand:
                    if c.colour == led:
                        raise IllegalAction(f"You must follow {PLAIN[led]}: you hold a {PLAIN[led]} card")
        hands = list(state.hands)
        hands[seat] = hand[:position] + hand[position + 1 :]
        trick = (*trick, _play(seat, card))
        players = state.players
        n = len(players)
        number = state.trick_number
        name = players[seat]
        if len(trick) < n:
            verb = "led" if len(trick) == 1 else "played"
            return state.model_copy(
                update={
                    "hands": tuple(hands),
                    "trick": trick,
                    "current": (seat + 1) % n,
                    "summary": f"{name} played {card.colour}{card.number} (trick {number})",
                    # Public once played, for the pass-the-device screen; not kept once the trick is won.
                    "log": (*state.log, _log(f"{name} {verb} {card.label} in trick {number}", brief="")),
                }
            )
        # The trick is complete.
        win = trick_winner(trick)
        winner = win.seat
        led = trick[0].card.colour
        how = f"{PLAIN[led]} led"
        if led != TRUMP and win.card.colour == TRUMP:
            how += ", trumped with yellow"
        shown_trick = " · ".join(f"{players[p.seat]} {p.card.colour}{p.card.number}" for p in trick)
        summary = f"Trick {number}: {shown_trick} — {players[winner]} wins it ({how})"
        won = list(state.tricks_won)
        won[winner] += 1
        # One line tells the whole trick (the table sees it once); read back later, only who won it.
        if winner == seat:
            told = f"{name} played {card.label} and won trick {number} ({how}): {shown_trick}"
        else:
            told = f"{name} played {card.label}; {players[winner]} won trick {number} ({how}): {shown_trick}"
        log = (*state.log, _log(told, brief=f"{players[winner]} won trick {number}"))
        if number < TRICKS_PER_ROUND:
            return state.model_copy(
                update={
                    "hands": tuple(hands),
                    "trick": _NO_TRICK,
                    "tricks_won": tuple(won),
                    "trick_number": number + 1,
                    "leader": winner,
                    "current": winner,
                    "summary": summary,
                    "log": log,
                }
            )
        return self._end_round(state, tuple(hands), tuple(won), summary, log)

    def _end_round(
        self,
        state: LuzState,
        hands: tuple[tuple[LuzCard, ...], ...],
        won: tuple[int, ...],
        summary: str,
        log: tuple[LogEntry, ...],
    ) -> LuzState:
        players = state.players
        n = len(players)
        r = state.round
        row = []
        for s in range(n):
            bid = state.bids[s]
            assert bid is not None
            bead = state.beads[s]
            row.append(
                RoundResult.model_construct(bid=bid, bead=bead, tricks=won[s], points=round_points(r, bid, bead, won[s]))
            )
        results = (*state.results, tuple(row))
        scores = tuple(sum(res[s].points for res in results) for s in range(n))
        lines = [
            f"Round {r}: {players[s]} bid {_bid_text(res.bid, res.bead)} and won {res.tricks}:"
            f" {res.points:+d} (total {scores[s]})"
            for s, res in enumerate(row)
        ]
        summary += f". Round {r} points: " + ", ".join(f"{players[s]} {res.points:+d}" for s, res in enumerate(row))
        entries = [*log, *(_log(line) for line in lines)]
        if r >= ROUNDS:
            final = state.model_copy(update={"results": results})
            outcome = self.outcome_of(final)
            entries.append(_log(f"Game over: {outcome.headline}"))
            return state.model_copy(
                update={
                    "phase": "over",
                    "hands": hands,
                    "trick": _NO_TRICK,
                    "tricks_won": won,
                    "results": results,
                    "summary": f"{summary}. Game over: {outcome.headline}",
                    "log": tuple(entries),
                }
            )
        fields, text = _deal(players, state.options, state.seed, r + 1, state.marker, scores)
        entries.append(_log(text))
        fields["results"] = results
        fields["summary"] = summary
        fields["log"] = tuple(entries)
        return state.model_copy(update=fields)

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
        )

    # -- results

    def outcome(self, state: LuzState) -> Outcome | None:
        if state.phase != "over":
            return None
        return self.outcome_of(state)

    def outcome_of(self, state: LuzState) -> Outcome:
        """The final result computed from the four rounds in `state.results` (whatever the phase)."""
        players = state.players
        n = len(players)
        scores = totals(state)
        round4 = tuple(state.results[ROUNDS - 1][s].points for s in range(n))
        holder = state.marker
        order = final_order(scores, round4, holder)
        winner = order[0]
        tied_top = sum(1 for s in range(n) if scores[s] == scores[winner]) > 1
        headline = f"{players[winner]} wins with {scores[winner]} points" + (" after a tie-break" if tied_top else "")
        details: list[str] = []
        for place, s in enumerate(order, start=1):
            per_round = ", ".join(f"{row[s].points:+d}" for row in state.results)
            details.append(f"{place}. {players[s]}: {scores[s]} points (rounds: {per_round})")
        details.extend(self._tie_sentences(players, order, scores, round4, holder))
        return Outcome(
            scores=scores,
            ranking=tuple((s,) for s in order),
            winners=(winner,),
            reason="four rounds have been played",
            headline=headline,
            details=tuple(details),
        )

    @staticmethod
    def _tie_sentences(
        players: Sequence[str], order: Sequence[int], scores: Sequence[int], round4: Sequence[int], holder: int
    ) -> list[str]:
        """One sentence per tie broken: how the round-4 points and then the seats decided it."""
        out: list[str] = []
        groups: list[list[int]] = []
        for s in order:  # `order` keeps equal totals together
            if groups and scores[groups[-1][0]] == scores[s]:
                groups[-1].append(s)
            else:
                groups.append([s])
        for group in groups:
            if len(group) < 2:
                continue
            text = f"{_names([players[s] for s in group])} tied on {scores[group[0]]}"
            sub: list[list[int]] = []  # runs of equal round-4 points, best first
            for s in group:
                if sub and round4[sub[-1][0]] == round4[s]:
                    sub[-1].append(s)
                else:
                    sub.append([s])
            if len(sub) == 1:
                text += f" and also in round 4 ({round4[group[0]]})"
            elif len(group) == 2:
                a, b = group
                text += f"; {players[a]} scored more in round 4 ({round4[a]} against {round4[b]})"
            else:
                text += "; round 4 decides: " + ", ".join(f"{players[s]} {round4[s]}" for s in group)
            for part in sub:
                if len(part) < 2:
                    continue
                if len(sub) > 1:
                    text += f"; {_names([players[s] for s in part])} also tied in round 4 ({round4[part[0]]})"
                best = part[0]
                if best == holder:
                    text += f"; {players[best]} holds the start marker and goes first"
                else:
                    text += f"; {players[best]} sits nearest clockwise from the start player, {players[holder]}"
                if len(part) > 2:
                    text += "".join(f", then {players[s]}" for s in part[1:])
            out.append(text)
        return out

    # -- labels

    def turn_label(self, state: LuzState) -> str:
        if state.phase == "over":
            return "Game over"
        if state.phase == "bid":
            return f"Round {state.round} · bidding"
        return f"Round {state.round} · trick {state.trick_number}"

    def last_public_summary(self, state: LuzState) -> str:
        return state.summary

    def has_hidden_information(self, state: LuzState) -> bool:
        return True

    def public_pause(self, before: LuzState, after: LuzState) -> bool:
        """Every completed trick is shown to the whole table, whoever won it (the same seat may lead next)."""
        return before.phase == "play" and not after.trick

    def log_for(self, state: LuzState, seat: int | None) -> tuple[str, ...]:
        """The log a seat can read back: the cards of a trick leave it once the trick is won (face down)."""
        lines: list[str] = []
        for entry in state.log:
            brief = getattr(entry, "brief", None)
            if brief is None:
                lines.append(entry.text_for(seat))
            elif brief:
                lines.append(brief)
        return tuple(lines)


RULES = LuzRules()
