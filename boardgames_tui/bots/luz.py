"""Computer players for Luz.

A seat sees every other hand's numbers but only the colours of its own, sorted with the high numbers on
a known side. Everything a bot does starts from that: the numbers it cannot see are drawn, colour by
colour, from the cards its View does not show (its own hand, the set-aside cards and the cards of tricks
already won, which the View keeps face down). Its own cards are then judged by their *expected* number
(the mean of the order statistic its position stands for), since at the table it never learns them.

Levels:
- "easy": bids a card-by-card estimate of its tricks and plays a bid-seeking rule (win while short of
  the bid, shed cards once it is reached) on its expected numbers. No sampling.
- "hard": draws its own hand many times (48 draws per bid, 16 per card) and plays each draw out with
  that rule for every seat (each blind to its own numbers, as at the table); bids the (bid, bead) with
  the best mean points, and plays the card whose playouts score best.
- "random": any legal action (the baseline).

Playouts use a compact integer copy of the trick rules (follow the led colour, yellow trumps, highest
card wins) because they run thousands of times per decision; a test checks it against the engine's
`trick_winner`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from math import comb
from typing import Any

from ..engine.luz.models import COLOURS, TRUMP, Bid, LuzState, LuzView, PlayCard
from ..engine.luz.rules import round_points
from .base import BotFactory, RandomBot

_COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
_T = _COLOUR_INDEX[TRUMP]  # the trump colour's index
_CARD_IDS = 16 * len(COLOURS)  # a card is colour_index * 16 + number


def card_id(colour: str, number: int) -> int:
    return _COLOUR_INDEX[colour] << 4 | number


# Trick rules on integers ------------------------------------------------------------------------------


def best_card(cards: Sequence[int]) -> int:
    """Index of the winning card in a trick given in play order (the highest yellow, else the highest of
    the led colour)."""
    best = 0
    top = cards[0]
    led = top >> 4
    for i in range(1, len(cards)):
        c = cards[i]
        col = c >> 4
        if col == _T:
            if top >> 4 != _T or c > top:
                best, top = i, c
        elif col == led and top >> 4 != _T and c > top:
            best, top = i, c
    return best


# What a seat believes about its own numbers ---------------------------------------------------------


@lru_cache(maxsize=4096)  # a pure function of its arguments: the memo only saves time
def expected_order_values(pool: tuple[int, ...], count: int) -> tuple[float, ...]:
    """The expected value of the smallest, second smallest … of `count` numbers drawn without
    replacement from the sorted `pool`: what a blind seat may expect its sorted cards to be."""
    size = len(pool)
    total = comb(size, count)
    out = []
    for j in range(count):
        out.append(
            sum(x * comb(p, j) * comb(size - 1 - p, count - 1 - j) for p, x in enumerate(pool)) / total
        )
    return tuple(out)


def _expected_by_colour(pool: dict[int, list[int]], counts: dict[int, int]) -> dict[int, tuple[float, ...]]:
    return {col: expected_order_values(tuple(sorted(pool[col])), k) for col, k in counts.items() if k}


def _count_colours(hand: Sequence[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for c in hand:
        counts[c >> 4] = counts.get(c >> 4, 0) + 1
    return counts


def assign_beliefs(hand: Sequence[int], unseen: dict[int, list[int]], value: list[float]) -> None:
    """Sets value[c] for each card of `hand` to the number its blind holder expects it to be, given the
    numbers of each colour the holder cannot see (`unseen`, which includes the hand itself)."""
    counts = _count_colours(hand)
    expected = _expected_by_colour(unseen, counts)
    for col, k in counts.items():
        own = sorted(c for c in hand if c >> 4 == col)  # ascending true numbers ↔ ascending expectations
        for c, v in zip(own, expected[col]):
            value[c] = v


# The bid-seeking rule every seat follows in playouts (and "easy" at the table) -------------------------


def _others_top(hands: Sequence[Sequence[int]], seat: int) -> list[int]:
    """The highest number of each colour held by the other seats."""
    top = [0] * len(COLOURS)
    for s, hand in enumerate(hands):
        if s != seat:
            for c in hand:
                if c & 15 > top[c >> 4]:
                    top[c >> 4] = c & 15
    return top


def choose_card(
    seat: int, hands: Sequence[Sequence[int]], trick: Sequence[int], value: Sequence[float], want: bool, n: int
) -> int:
    """The card `seat` plays from hands[seat]: try to win the trick while `want`, else try to lose it.
    Its own cards are judged by value[c] (its belief), the table's cards by their numbers."""
    hand = hands[seat]
    if not trick:
        if want:
            top = _others_top(hands, seat)

            def lead_to_win(c: int) -> tuple[int, float]:
                col = c >> 4
                boss = value[c] > top[col]
                return ((2 if boss else 0) + (col == _T), value[c])

            return max(hand, key=lead_to_win)
        return min(hand, key=lambda c: ((c >> 4) == _T, value[c]))
    led = trick[0] >> 4
    legal = [c for c in hand if c >> 4 == led] or list(hand)
    top = trick[best_card(trick)]
    top_col, top_num = top >> 4, top & 15
    beaters: list[int] = []
    losers: list[int] = []
    for c in legal:
        col = c >> 4
        if (col == _T and top_col != _T) or (col == top_col and value[c] > top_num):
            beaters.append(c)
        else:
            losers.append(c)
    last = len(trick) == n - 1
    if want:
        if beaters:
            return min(beaters, key=value.__getitem__) if last else max(beaters, key=value.__getitem__)
        return min(legal, key=lambda c: ((c >> 4) == _T, value[c]))
    if losers:
        return max(losers, key=value.__getitem__)
    return max(beaters, key=value.__getitem__) if last else min(beaters, key=value.__getitem__)


def estimate_tricks(seat: int, hands: Sequence[Sequence[int]], value: Sequence[float]) -> float:
    """A quick count of the tricks hands[seat] should take: each card weighed by how many higher cards of
    its colour the other seats hold (yellow ones count more, plain ones may be trumped)."""
    top_cards: list[list[int]] = [[] for _ in COLOURS]
    for s, hand in enumerate(hands):
        if s != seat:
            for c in hand:
                top_cards[c >> 4].append(c & 15)
    total = 0.0
    for c in hands[seat]:
        col = c >> 4
        v = value[c]
        higher = sum(1 for x in top_cards[col] if x > v)
        if col == _T:
            total += (1.0, 0.6, 0.3)[higher] if higher < 3 else 0.1
        else:
            total += (0.7, 0.3)[higher] if higher < 2 else 0.05
    return total


def play_out(
    hands: list[list[int]],
    trick: list[int],
    leader: int,
    won: list[int],
    targets: Sequence[int],
    value: Sequence[float],
) -> list[int]:
    """Plays the round to its end from `trick` (cards so far, led by `leader`); returns tricks per seat.
    Mutates `hands`, `trick` and `won`."""
    n = len(hands)
    while True:
        if len(trick) == n:
            winner = (leader + best_card(trick)) % n
            won[winner] += 1
            leader = winner
            trick.clear()
            if not hands[leader]:
                return won
        seat = (leader + len(trick)) % n
        card = choose_card(seat, hands, trick, value, won[seat] < targets[seat], n)
        hands[seat].remove(card)
        trick.append(card)


# Reading the View ---------------------------------------------------------------------------------------


class Seen:
    """What a seat knows, in integers: the other hands, its own colours, the table and the bids."""

    def __init__(self, view: LuzView) -> None:
        assert view.seat is not None
        self.me = me = view.seat
        self.n = len(view.players)
        self.round = view.round
        top = view.highest_number
        self.hands: list[list[int]] = []
        self.my_colours: list[int] = [_COLOUR_INDEX[c] for c in view.hands[me].colours]
        self.my_high_right = view.hands[me].high_side == "right"
        visible: set[int] = set()
        for hv in view.hands:
            if hv.seat == me or hv.numbers is None:
                self.hands.append([])
                continue
            cards = [card_id(c, k) for c, k in zip(hv.colours, hv.numbers)]
            self.hands.append(cards)
            visible.update(cards)
        self.trick = [card_id(p.card.colour, p.card.number) for p in view.trick]
        visible.update(self.trick)
        self.leader = view.leader  # leads the trick on the table (in the bidding: the first trick)
        # numbers of each colour this seat cannot see: its own hand is drawn from these
        self.unseen: dict[int, list[int]] = {
            col: [k for k in range(1, top + 1) if (col << 4 | k) not in visible] for col in range(len(COLOURS))
        }
        self.bids = [st.bid for st in view.status]
        self.beads = [st.bead for st in view.status]
        self.won = [st.tricks for st in view.status]
        self.my_counts = _count_colours([col << 4 for col in self.my_colours])
        expected = _expected_by_colour(self.unseen, self.my_counts)
        self.my_expected = self._arrange(expected)  # per position, the number this seat expects there

    def _arrange(self, numbers: dict[int, Sequence[Any]]) -> list[Any]:
        """Per position of the own hand, the given ascending numbers of its colour, laid out as sorted."""
        out: list[Any] = []
        used = {col: 0 for col in numbers}
        for col in self.my_colours:
            group = numbers[col]
            i = used[col]
            used[col] += 1
            out.append(group[i] if self.my_high_right else group[len(group) - 1 - i])
        return out

    def sample_hand(self, rng: random.Random) -> list[int]:
        """One draw of the own hand's cards per position, consistent with everything seen."""
        drawn = {col: sorted(rng.sample(self.unseen[col], k)) for col, k in self.my_counts.items()}
        return [col << 4 | k for col, k in zip(self.my_colours, self._arrange(drawn))]

    def world(self, mine: list[int]) -> tuple[list[list[int]], list[float]]:
        """Hands for one draw of the own cards, and every card's value as its holder believes it."""
        hands = [list(h) for h in self.hands]
        hands[self.me] = list(mine)
        value = [float(c & 15) for c in range(_CARD_IDS)]
        for c, v in zip(mine, self.my_expected):
            value[c] = v
        mine_set = set(mine)
        for s in range(self.n):
            if s == self.me:
                continue
            # what seat s cannot see: its own cards plus what this seat could not see and did not draw
            unseen = {col: [k for k in ks if (col << 4 | k) not in mine_set] for col, ks in self.unseen.items()}
            for c in hands[s]:
                unseen[c >> 4].append(c & 15)
            assign_beliefs(hands[s], unseen, value)
        return hands, value

    def targets(self, hands: Sequence[Sequence[int]], value: Sequence[float]) -> list[int]:
        """Each seat's bid, or for a seat yet to bid the tricks its hand seems worth."""
        return [
            b if b is not None else round(estimate_tricks(s, hands, value))
            for s, b in enumerate(self.bids)
        ]


# The levels ---------------------------------------------------------------------------------------------


def _bid_action(view: LuzView, tricks: int, bead: bool) -> Any:
    for action in view.legal_actions:
        if isinstance(action, Bid) and action.tricks == tricks and action.bead == bead:
            return action
    return view.legal_actions[0]


def _mine_as_believed(seen: Seen, rng: random.Random) -> tuple[list[list[int]], list[float], list[int]]:
    """Hands and values with the own cards standing at their expected numbers. The ids of the own cards
    come from one draw, but nothing below reads their numbers, only their colours and expected values."""
    mine = seen.sample_hand(rng)
    hands = [list(h) for h in seen.hands]
    hands[seen.me] = list(mine)
    value = [float(c & 15) for c in range(_CARD_IDS)]
    for c, v in zip(mine, seen.my_expected):
        value[c] = v
    return hands, value, mine


class EasyBot:
    """Bids a card-by-card estimate of its tricks and plays the bid-seeking rule on expected numbers."""

    def choose(self, view: LuzView, rng: random.Random) -> Any:
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        seen = Seen(view)
        hands, value, mine = _mine_as_believed(seen, rng)
        if view.phase == "bid":
            estimate = estimate_tricks(seen.me, hands, value)
            bid = int(estimate)
            fraction = estimate - bid
            if fraction >= 0.7:
                return _bid_action(view, min(bid + 1, 10), False)
            return _bid_action(view, min(bid, 10), fraction >= 0.3)
        want = seen.won[seen.me] < (seen.bids[seen.me] or 0)
        card = choose_card(seen.me, hands, seen.trick, value, want, seen.n)
        return _play_action(view, mine.index(card))


def _play_action(view: LuzView, position: int) -> Any:
    for action in view.legal_actions:
        if isinstance(action, PlayCard) and action.position == position:
            return action
    return view.legal_actions[0]


class HardBot:
    """Draws its own hand many times and plays each draw out with the bid-seeking rule for every seat."""

    def __init__(self, bid_draws: int = 48, play_draws: int = 16, spread: int = 2) -> None:
        self.bid_draws = bid_draws
        self.play_draws = play_draws
        self.spread = spread  # bids considered: the estimate ± this

    def choose(self, view: LuzView, rng: random.Random) -> Any:
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        seen = Seen(view)
        if view.phase == "bid":
            tricks, bead = self.bid(seen, rng)
            return _bid_action(view, tricks, bead)
        return _play_action(view, self.play(seen, rng, [a.position for a in view.legal_actions]))

    def bid(self, seen: Seen, rng: random.Random) -> tuple[int, bool]:
        me = seen.me
        believed_hands, believed_value, _ = _mine_as_believed(seen, rng)
        centre = round(estimate_tricks(me, believed_hands, believed_value))
        candidates = range(max(0, centre - self.spread), min(10, centre + self.spread) + 1)
        points: dict[tuple[int, bool], float] = {(t, b): 0.0 for t in candidates for b in (False, True)}
        for _ in range(self.bid_draws):
            hands, value = seen.world(seen.sample_hand(rng))
            targets = seen.targets(hands, value)
            for t in candidates:
                targets[me] = t
                won = play_out([list(h) for h in hands], [], seen.leader, list(seen.won), targets, value)
                for bead in (False, True):
                    points[(t, bead)] += round_points(seen.round, t, bead, won[me])
        return max(points, key=points.__getitem__)  # ties: the first, i.e. the lowest bid, no bead

    def play(self, seen: Seen, rng: random.Random, positions: Sequence[int]) -> int:
        me = seen.me
        bid, bead = seen.bids[me] or 0, seen.beads[me]
        points = dict.fromkeys(positions, 0.0)
        for _ in range(self.play_draws):
            mine = seen.sample_hand(rng)
            hands, value = seen.world(mine)
            targets = seen.targets(hands, value)
            for p in positions:
                trial = [list(h) for h in hands]
                trial[me].remove(mine[p])
                won = play_out(trial, [*seen.trick, mine[p]], seen.leader, list(seen.won), targets, value)
                points[p] += round_points(seen.round, bid, bead, won[me])
        return max(positions, key=points.__getitem__)


LEVELS: dict[str, BotFactory] = {"random": RandomBot, "easy": EasyBot, "hard": HardBot}


def arena_figures(rules: Any, state: LuzState, seat: int) -> dict[str, float]:
    """Bid accuracy (bids met / bids made), how often the safety bead was taken, and the mean distance
    between tricks taken and the bid, over the rounds this seat finished."""
    rows = [row[seat] for row in state.results]
    if not rows:
        return {}
    made = len(rows)
    return {
        "bid_accuracy": sum(r.points > 0 for r in rows) / made,
        "bead_rate": sum(r.bead for r in rows) / made,
        "mean_miss": sum(abs(r.tricks - r.bid) for r in rows) / made,
    }
