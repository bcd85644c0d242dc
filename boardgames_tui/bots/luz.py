"""Computer players for Luz.

A seat sees every other hand's numbers but only the colours of its own, sorted with the high numbers on
a known side. Everything a bot does starts from that: the numbers it cannot see are drawn, colour by
colour, from the cards its View does not show (its own hand, the set-aside cards and the cards of tricks
already won, which the View keeps face down). Its own cards are then judged by their *expected* number
(the mean of the order statistic its position stands for), since at the table it never learns them.

Levels:
- "easy": bids a card-by-card estimate of its tricks and plays a bid-seeking rule (win while short of
  the bid, shed cards once it is reached) on its expected numbers. No sampling.
- "hard": draws its own hand many times (96 draws per bid, 48 per card) and plays each draw out with
  that rule for every seat, each blind to its own numbers as at the table; bids the (bid, bead) with
  the best mean points, and plays the card whose playouts score best. The bids it weighs lie around the
  median of the tricks its playouts take, not around its card-by-card count: that count can be three or
  four tricks off (five purples nobody else holds count as tricks, but win none without the lead), and
  weighing only the bids near it left the playouts' own choice out, a bid missed by two or more.
  Two things make the playouts foretell the table (most of the old misses, by one trick or more, came
  from them):
  - beliefs move: at the table a blind seat's expectation is taken over everything face down, which
    grows with every won trick, so playouts re-derive each seat's beliefs whenever a trick is turned
    over (told its own numbers, a Hard with fixed beliefs still missed 15% of its bids, with moving
    ones none: against "easy" the rest is the doubt about its own numbers);
  - the others see this seat's numbers, so their bids say something about them: bidding draws 4 times
    as many hands as it plays out and keeps them weighted by how well they explain the bids made.
  Its own draws also leave out the cards of the trick just won (it saw them).
  In the play it weighs each playout by its points less a further penalty when the round would end two
  tricks or more away from the bid (a miss a person calls out): steering away from those costs a point
  or two a game and spares over a third of them. (The same weighing in the bidding cost wins and spared
  no more; a penalty twice as large did no better.)
  In the bidding's playouts each card strays, one time in five, to any legal card. The rule alone plays
  every deal the same way, so the playouts were surer of the tricks than the table is (a bid of 5 made
  on deals that gave 5 in seven playouts of ten took none); straying widens what they foresee, and the
  bids chosen are the ones that hold up when play goes otherwise. Against "easy" (200 held-out games
  each) the bids missed by two or more fell from 18, 10 and 8 to 10, 6 and 4 with three, four and five
  players, and bids met rose from 88-91% to 90-94%; it takes the bead more often (about 20% to 30% of
  bids), which costs a few points.
  At a table of "hard" players it changed nothing. Its own cards must stray too: with only the others'
  straying, misses by two rose from 12 to 18 in 400 dev games (its own play is not the rule's either).
  The bidding's playouts foresee far more misses than happen (about 250 against 12 in those games: the
  play steers away); most of the misses that remain were in their tail (the tricks taken came up in 4 to
  11% of the playouts), yet counting a glaring miss worse in the bidding still spares none (a penalty of
  10 or 25 points: 15 and 16), nor does weighing the play's draws by how well they explain the others'
  bids (13, or 19 when weighed as hard as in the bidding), nor a sharper reading of the bids (8 hands
  drawn per playout: 18; a weight of 0.2 per trick off: 15).
  At this rate 400 games tell apart only large changes: a count of 12 is 12 +- 7.
  At a table of "hard" players the bids are met far less often (0.65 of them with three or four players,
  1.36 misses by two a game over 300 three-player games): the table bids too little together, most misses
  are tricks taken over the bid, and the first bidder, who leads, takes the most. Reading a bid by what its
  seat takes when the drawn hand is played out once by the rule (not by the card-by-card count) spared 11%
  of those misses with three players and none with four, but against "easy" cost wins (90.3% -> 87.7% of
  1,000 games) and bids met (0.903 -> 0.889); weighing both readings per bidder did no better at either table.
  The reading that fits depends on who sits at the table, which the View does not say.
  The misses at such a table are not the first bidder's alone: each seat takes about 0.4 tricks more than
  it bids, whichever place it bids from (60 games), where against "easy" it takes 0.1 more: the easy
  players soak up the tricks nobody bid for, the hard ones shed them. The public results say how far a
  seat has taken over its bids in the rounds before; shifting its playouts' tricks by that (shrunk toward
  none) spared 4 of 126 misses by two in 100 games, took the bead on half the bids and lost 3 points a game.
  Letting the others see their own numbers in the bidding's playouts (so that they shed as surely as the
  hard ones do) made it worse: 142 misses by two.
  Late in a round the rule often plays every playout the same whatever card is chosen now, so several
  cards score alike; the first of them used to be played (a tester's Hard, its bid made, led the red
  nobody could follow and took two tricks over its bid when the person did not trump). Those cards are
  now played out again on the same draws with every card straying one time in five, and the best of
  them there is played. Against "easy" (paired dev deals) it changed little: three players, 600 games,
  misses by two 29 -> 25, wins 90.3% -> 89.3%; four players, 400 games, 17 -> 15, wins 86.8% -> 88.3%;
  held out ("untuned-luz-tie-2026-12-07", three players, 1,000 games) 56 -> 59, bids met 0.897 -> 0.898,
  wins 90.1% -> 89.9%: no change the arena can see. Easy plays by the rule the playouts assume, so ties
  rarely matter against it; they matter against a person, who does not.
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
_BID_MISMATCH = 0.3  # weight of a drawn hand per trick by which a seat's bid differs from what "easy" would bid
_BIG_MISS = 2  # tricks away from the bid that make a miss glaring rather than the game's usual gamble
_BIG_MISS_PENALTY = 25  # what "hard" counts against a glaring miss on top of its points


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


def legal_cards(hand: Sequence[int], trick: Sequence[int]) -> list[int]:
    """The cards of `hand` that may go on `trick`: the led colour when the hand has it, else any."""
    if not trick:
        return list(hand)
    led = trick[0] >> 4
    return [c for c in hand if c >> 4 == led] or list(hand)


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
    legal = legal_cards(hand, trick)
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


def easy_bid(estimate: float) -> tuple[int, bool]:
    """The (bid, bead) "easy" makes from its trick estimate: round up from .7, take the bead from .3 (it
    then still plays for the lower bid)."""
    bid = int(estimate)
    fraction = estimate - bid
    if fraction >= 0.7:
        return min(bid + 1, 10), False
    return min(bid, 10), fraction >= 0.3


def _refresh_beliefs(
    hands: Sequence[Sequence[int]], hidden: dict[int, list[int]], colours: set[int], value: list[float]
) -> None:
    """Sets value[c] for each card of `colours` in `hands` to the number its blind holder expects it to
    be: an order statistic of its own numbers and those face down (`hidden`), as in `Seen`."""
    for hand in hands:
        for col in colours:
            own = sorted(c for c in hand if c >> 4 == col)
            if own:
                pool = tuple(sorted(hidden[col] + [c & 15 for c in own]))
                for c, v in zip(own, expected_order_values(pool, len(own))):
                    value[c] = v


def play_out(
    hands: list[list[int]],
    trick: list[int],
    leader: int,
    won: list[int],
    targets: Sequence[int],
    value: list[float],
    hidden: dict[int, list[int]],
    stray: float = 0.0,
    rng: random.Random | None = None,
) -> list[int]:
    """Plays the round to its end from `trick` (cards so far, led by `leader`); returns tricks per seat.
    `hidden` holds the numbers face down for everyone (set aside or in won tricks): a won trick joins
    them, and as at the table each blind seat's beliefs about its own cards move with them. With `stray`
    (and `rng`), each card is, with that chance, any legal card instead of the rule's.
    Mutates every argument but `targets`."""
    n = len(hands)
    while True:
        if len(trick) == n:
            winner = (leader + best_card(trick)) % n
            won[winner] += 1
            leader = winner
            if not hands[leader]:
                return won
            for c in trick:
                hidden[c >> 4].append(c & 15)
            _refresh_beliefs(hands, hidden, {c >> 4 for c in trick}, value)
            trick.clear()
        seat = (leader + len(trick)) % n
        if rng is not None and rng.random() < stray:
            card = rng.choice(legal_cards(hands[seat], trick))
        else:
            card = choose_card(seat, hands, trick, value, won[seat] < targets[seat], n)
        hands[seat].remove(card)
        trick.append(card)


World = tuple[list[list[int]], list[float], dict[int, list[int]]]  # hands, beliefs, numbers face down


def _copy_world(
    hands: Sequence[Sequence[int]], value: Sequence[float], hidden: dict[int, list[int]], trick: list[int]
) -> tuple[list[list[int]], list[int], list[float], dict[int, list[int]]]:
    """Fresh copies for one playout (it mutates them), with `trick` on the table."""
    return [list(h) for h in hands], trick, list(value), {col: list(ks) for col, ks in hidden.items()}


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
        # the cards of the trick just won are face down now, but the seat saw them: none is in its hand
        last = view.last_trick
        shown = set()
        if last is not None and last.round == view.round:
            shown = {card_id(p.card.colour, p.card.number) for p in last.plays}
        self.my_pool = {col: [k for k in ks if (col << 4 | k) not in shown] for col, ks in self.unseen.items()}
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
        drawn = {col: sorted(rng.sample(self.my_pool[col], k)) for col, k in self.my_counts.items()}
        return [col << 4 | k for col, k in zip(self.my_colours, self._arrange(drawn))]

    def world(self, mine: list[int]) -> World:
        """For one draw of the own cards: the hands, every card's value as its holder believes it, and
        the numbers face down for everyone (what this seat cannot see, less the drawn cards)."""
        hands = [list(h) for h in self.hands]
        hands[self.me] = list(mine)
        mine_set = set(mine)
        hidden = {col: [k for k in ks if (col << 4 | k) not in mine_set] for col, ks in self.unseen.items()}
        value = [float(c & 15) for c in range(_CARD_IDS)]
        _refresh_beliefs(hands, hidden, set(range(len(COLOURS))), value)
        return hands, value, hidden

    def targets(self, hands: Sequence[Sequence[int]], value: Sequence[float]) -> list[int]:
        """Each seat's bid, or for a seat yet to bid the bid "easy" would make there (both levels play
        for their yellow bid, so that is the number of tricks they will try to take)."""
        return [
            b if b is not None else easy_bid(estimate_tricks(s, hands, value))[0]
            for s, b in enumerate(self.bids)
        ]

    def bid_likelihood(self, hands: Sequence[Sequence[int]], value: Sequence[float]) -> float:
        """How well one draw of the own hand explains the bids already made. Those seats bid looking at
        this seat's numbers, so a draw under which they would have bid otherwise is less likely; a seat
        may be "hard" and bid otherwise anyway, so a miss lowers the weight rather than ruling it out.
        Only in the bidding, while every hand is still whole."""
        weight = 1.0
        for s, b in enumerate(self.bids):
            if b is None or s == self.me:
                continue
            tricks, bead = easy_bid(estimate_tricks(s, hands, value))
            off = abs(tricks - b) + (0.5 if bead != self.beads[s] else 0.0)
            weight *= _BID_MISMATCH**off
        return weight


# The levels ---------------------------------------------------------------------------------------------


def judged_points(round_no: int, bid: int, bead: bool, tricks: int) -> float:
    """A round's points as "hard" weighs them in the play: a glaring miss (two tricks or more off) counts
    worse than its points say, so it keeps clear of the cards that risk one."""
    points = round_points(round_no, bid, bead, tricks)
    return points - _BIG_MISS_PENALTY if abs(tricks - bid) >= _BIG_MISS else points


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
            return _bid_action(view, *easy_bid(estimate_tricks(seen.me, hands, value)))
        want = seen.won[seen.me] < (seen.bids[seen.me] or 0)
        card = choose_card(seen.me, hands, seen.trick, value, want, seen.n)
        return _play_action(view, mine.index(card))


def _play_action(view: LuzView, position: int) -> Any:
    for action in view.legal_actions:
        if isinstance(action, PlayCard) and action.position == position:
            return action
    return view.legal_actions[0]


class HardBot:
    """Draws its own hand many times and plays each draw out with the bid-seeking rule for every seat,
    their beliefs moving as at the table (see the module's docstring)."""

    def __init__(
        self,
        bid_draws: int = 96,
        play_draws: int = 48,
        spread: int = 2,
        bid_pool: int = 4,
        bid_stray: float = 0.2,
        play_stray: float = 0.2,
    ) -> None:
        self.bid_draws = bid_draws
        self.bid_stray = bid_stray  # in the bidding's playouts, the chance that a card is any legal one
        self.bid_pool = bid_pool  # hands drawn per hand played out in the bidding, to weigh by the bids
        self.play_draws = play_draws
        self.play_stray = play_stray  # between cards that score alike: the chance a card strays, to tell them apart
        self.spread = spread  # bids weighed: the playouts' median ± this

    def choose(self, view: LuzView, rng: random.Random) -> Any:
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        seen = Seen(view)
        if view.phase == "bid":
            tricks, bead = self.bid(seen, rng)
            return _bid_action(view, tricks, bead)
        return _play_action(view, self.play(seen, rng, [a.position for a in view.legal_actions]))

    def bid(self, seen: Seen, rng: random.Random) -> tuple[int, bool]:
        """The (bid, bead) with the best mean points over the playouts; a success pays the same whatever
        the bid, so this is in effect the bid most likely met, the bead taken when it pays for itself.
        The bids weighed are those around the median of the tricks the playouts take when playing for the
        card-by-card estimate: that estimate can be several tricks off (it cannot tell the own top cards
        from the low ones), and a window around it alone would never weigh the bid the playouts favour."""
        me = seen.me
        believed_hands, believed_value, _ = _mine_as_believed(seen, rng)
        estimate = round(estimate_tricks(me, believed_hands, believed_value))
        worlds = [(world, seen.targets(world[0], world[1])) for world in self.bid_worlds(seen, rng)]
        points: dict[tuple[int, bool], float] = {}
        taken = sorted(self._play_out_bid(seen, worlds, estimate, points, rng))
        centre = taken[len(taken) // 2]
        for bid in range(max(0, centre - self.spread), min(10, centre + self.spread) + 1):
            if bid != estimate:
                self._play_out_bid(seen, worlds, bid, points, rng)
        return max(sorted(points), key=points.__getitem__)  # ties: the lowest bid, no bead

    def _play_out_bid(
        self,
        seen: Seen,
        worlds: Sequence[tuple[World, list[int]]],
        bid: int,
        points: dict[tuple[int, bool], float],
        rng: random.Random,
    ) -> list[int]:
        """Plays every world out with this seat playing for `bid`, each card straying with the chance
        `bid_stray`; sets the points of (bid, no bead) and (bid, bead) over them all and returns the tricks
        this seat took in each."""
        me = seen.me
        taken = []
        points[(bid, False)] = points[(bid, True)] = 0.0
        for (hands, value, hidden), targets in worlds:
            targets[me] = bid
            trial, trick, trial_value, trial_hidden = _copy_world(hands, value, hidden, [])
            won = play_out(
                trial, trick, seen.leader, list(seen.won), targets, trial_value, trial_hidden, self.bid_stray, rng
            )
            taken.append(won[me])
            for bead in (False, True):
                points[(bid, bead)] += round_points(seen.round, bid, bead, won[me])
        return taken

    def bid_worlds(self, seen: Seen, rng: random.Random) -> list[World]:
        """`bid_draws` worlds for the bidding: candidates drawn `bid_pool` times as many, then picked with
        the weight of how well they explain the bids already made."""
        candidates = [seen.world(seen.sample_hand(rng)) for _ in range(self.bid_draws * self.bid_pool)]
        if self.bid_pool == 1:
            return candidates
        weights = [seen.bid_likelihood(h, v) for h, v, _ in candidates]
        return rng.choices(candidates, weights, k=self.bid_draws)

    def play(self, seen: Seen, rng: random.Random, positions: Sequence[int]) -> int:
        """The position whose card scores best (judged points) over `play_draws` playouts of the rest of
        the round."""
        me = seen.me
        bid, bead = seen.bids[me] or 0, seen.beads[me]

        def judged(p: int, world: tuple[Any, ...], stray: float = 0.0) -> float:
            """The judged points of playing position `p` in `world`, every card then straying with `stray`."""
            mine, hands, value, hidden, targets = world
            trial, trick, trial_value, trial_hidden = _copy_world(hands, value, hidden, [*seen.trick, mine[p]])
            trial[me].remove(mine[p])
            won = play_out(trial, trick, seen.leader, list(seen.won), targets, trial_value, trial_hidden, stray, rng if stray else None)
            return judged_points(seen.round, bid, bead, won[me])

        points = dict.fromkeys(positions, 0.0)
        worlds = []
        for _ in range(self.play_draws):
            mine = seen.sample_hand(rng)
            hands, value, hidden = seen.world(mine)
            worlds.append((mine, hands, value, hidden, seen.targets(hands, value)))
            for p in positions:
                points[p] += judged(p, worlds[-1])
        best = max(points.values())
        tied = [p for p in positions if points[p] >= best - 1e-9]
        if len(tied) == 1 or not self.play_stray:
            return tied[0]
        # The rule plays every world the same way, so late in a round every card often scores alike (a tester's
        # Hard, its bid made, led the red nobody could follow rather than a green the next seat had to beat;
        # the person did not trump as the rule would, and it took two tricks too many). Among such cards, the
        # one that holds up best when the others' play strays.
        again = dict.fromkeys(tied, 0.0)
        for world in worlds:
            for p in tied:
                again[p] += judged(p, world, self.play_stray)
        return max(tied, key=again.__getitem__)


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
