"""Computer players for Splendor Duel.

Levels:
- greedy: a one-ply rule of thumb (buy the most valuable card it can, else take the tokens that bring it
  closest to the card it is nearest to affording, else reserve); the baseline the others are measured by.
- easy: greedy, but now and then a random main action and a noisy choice of target card.
- hard: information-set Monte Carlo tree search. Each iteration deals a full state consistent with the
  seat's View (the unseen deck cards reshuffled, the opponent's blind reserves drawn from the unseen
  cards of their levels), walks one shared tree over the actions legal in that deal, and scores the leaf
  with a static evaluation of both players' progress toward the three ways to win: points, crowns (and
  the royal card the next crown threshold brings), the best colour, the engine of bonuses, the cards in
  reach, a winning card a take or two away (a threat to answer), tokens (those past 6 count half, those
  past the limit of 10 nothing), and a drag for reserved cards still far from affordable (more for the
  searching seat's own, once out of reach at all: it does not spend what pays for a card it reserved).
  A tree node considers a short list of the most promising moves (all purchases, the best token takes,
  reserves of cards the gold makes affordable or that keep a winning card from the opponent, privileges
  whose token can be kept, and one of each colour whose token would buy a winning card); where a purchase
  wins, the list holds only such purchases, for either player: a player takes the win, so a move that leaves
  the opponent one is seen to lose. The lists are cached by the position they depend on, and the card sums run
  on packed integers, so the budget of iterations goes into search rather than bookkeeping. Nothing that
  only goes back to the bag is considered (issue #28): at the limit, no line of tokens longer than one,
  no privilege, no replenish; the token given back is the one the evaluation minds least, never one the
  turn brought when another can go. Nor is a replenish that cannot bring what the board lacks (it would
  only hand the opponent a privilege), nor one the search picks when its favourite move after it needs none
  of the tokens it brings (a purchase, a reserve or a take from cells full already): it makes its next choice
  instead. That halved the replenishes a person would call pointless (against greedy, 40 dev games: 25 -> 12;
  against `reference`, 100: 20 -> 10, wins 70% -> 77%, reserves left unaffordable 24 -> 39; held out, 200
  games on "untuned-splendor-reserves-2026-12-06": 57 -> 23, wins 71.5% -> 69%, unaffordable 56 -> 54).
- strongest: hard's search with two and a half times the iterations, for a person who beats Hard (it takes
  longer a move; the setup says how long).

Every level reads only the View and the generator it is given; the search is budgeted by iterations,
never by the clock, so a decision replays exactly from the deal number.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import partial
from operator import itemgetter
from typing import Any

from ..engine.fastmodel import build, copy_with, field_values
from ..engine.splendor_duel.cards import MAX_RESERVED, PACKED_GUARDS, PACKED_COST, cost_after_bonuses
from ..engine.splendor_duel.data import CARDS, CARDS_BY_LEVEL, GOLD, JOKER, PEARL, ROYALS, TOKEN_COUNTS
from ..engine.splendor_duel.lines import EMPTY
from ..engine.splendor_duel.models import (
    PlayerState,
    SplendorDuelOptions,
    SplendorDuelState,
    SplendorDuelView,
)
from ..engine.splendor_duel.rules import SplendorDuelRules
from ..engine.splendor_duel.turn import CROWN_THRESHOLDS, MAX_TOKENS, WIN_COLOUR_POINTS, WIN_CROWNS, WIN_POINTS
from .base import BotFactory, RandomBot

# How many cards from the top of each deck a deal shuffles: more than the search's horizon can draw.
DRAWN_PER_DECK = 8

# The search plays on its own rules object, so its legal-action cache never displaces the one the table's
# rules object keeps for the real game (the cache speeds things up; it never changes a result).
_SEARCH_RULES = SplendorDuelRules()
MAIN_KINDS = frozenset(("take_tokens", "reserve", "buy"))
MAIN_STEP = frozenset(("start", "main"))


# What a player is worth -------------------------------------------------------------------------------


def _card_worth(cid: int, has_bonus: bool) -> float:
    card = CARDS[cid]
    worth = card.points + 0.6 * card.crowns
    if card.colour < PEARL:
        worth += 0.6 * card.bonus
    elif card.colour == JOKER and has_bonus:
        worth += 0.6 * card.bonus + 0.4 * card.points  # its points join a colour
    if "extra_turn" in card.abilities:
        worth += 0.8
    elif card.abilities:
        worth += 0.3
    return worth


# card -> its worth to a player without any bonus yet, and to one with some (only jokers differ)
_WORTH: dict[int, tuple[float, float]] = {cid: (_card_worth(cid, False), _card_worth(cid, True)) for cid in CARDS}
_JOKERS = frozenset(cid for cid, card in CARDS.items() if card.colour == JOKER)
_COSTS: dict[int, tuple[int, ...]] = {cid: tuple(card.cost) for cid, card in CARDS.items()}


def card_worth(cid: int, bonuses: Sequence[int]) -> float:
    """How much owning card `cid` is worth to a player with these bonuses (points, crowns, discount)."""
    return _WORTH[cid][1 if any(bonuses) else 0]


def packed_means(p: Any) -> int:
    """What `p` can put toward a cost, colour by colour (tokens plus bonuses; pearls), packed as the
    engine packs card costs (8 bits a colour), so a shortfall takes a few integer operations."""
    b, t = p.bonuses, p.tokens
    return (
        min(127, b[0] + t[0]) | min(127, b[1] + t[1]) << 8 | min(127, b[2] + t[2]) << 16
        | min(127, b[3] + t[3]) << 24 | min(127, b[4] + t[4]) << 32 | min(127, t[PEARL]) << 40
    )  # fmt: skip


def gap_from(cid: int, means: int, gold: int, has_bonus: bool) -> int:
    """`card_gap` from `packed_means`: tokens lacking for `cid` after gold (99: a joker with no colour)."""
    if not has_bonus and cid in _JOKERS:
        return 99
    left = PACKED_COST[cid] - means
    short = (left & ((left & PACKED_GUARDS) >> 7) * 127) % 255
    return short - gold if short > gold else 0


def card_gap(cid: int, p: Any) -> int:
    """How many tokens `p` lacks to buy `cid` now (gold counted); a joker without a colour never fits.
    (The engine's `shortfall` of `cost_after_bonuses`, on packed counts: the search asks it very often.)"""
    return gap_from(cid, packed_means(p), p.tokens[GOLD], any(p.bonuses))


def completes_purchase(colour: int, p: Any, pyramid: Sequence[Sequence[int]], *, winning: bool = False) -> bool:
    """Whether one more token of `colour` would let `p` buy a card it cannot buy now (with `winning`, a card
    that wins the game)."""
    means, gold, has_bonus = packed_means(p), p.tokens[GOLD], any(p.bonuses)
    more = means + (1 << 8 * colour)  # packed as `packed_means` packs: 8 bits a colour, pearls at 5
    return any(
        gap_from(cid, more, gold, has_bonus) == 0 < gap_from(cid, means, gold, has_bonus)
        and (not winning or wins_with(cid, p))
        for cid in visible_cards(pyramid, p.reserved)
    )


def visible_cards(pyramid: Sequence[Sequence[int]], reserved: Sequence[int] | None) -> list[int]:
    return [cid for row in pyramid for cid in row if cid] + list(reserved or ())


def needs(cid: int, p: Any) -> list[int]:
    """Tokens by colour (5 gems, pearl) `p` still lacks for `cid`, before gold."""
    cost = cost_after_bonuses(cid, p.bonuses)
    return [max(0, cost[i] - p.tokens[i]) for i in range(6)]


def wins_with(cid: int, p: Any) -> bool:
    """Whether buying `cid` would meet a victory condition for `p` (royal cards left aside)."""
    card = CARDS[cid]
    if p.points + card.points >= WIN_POINTS or p.crowns + card.crowns >= WIN_CROWNS:
        return True
    if card.colour < PEARL:
        return p.colour_points[card.colour] + card.points >= WIN_COLOUR_POINTS
    if card.colour == JOKER:
        return any(b and cp + card.points >= WIN_COLOUR_POINTS for b, cp in zip(p.bonuses, p.colour_points))
    return False


# What a royal card is worth on average (2 or 3 points and an ability).
ROYAL_WORTH = 3.0
# Tokens past this many count half (see `token_worth`).
FULL_HAND = 6
# How much a card the player can afford soon counts, best first: a player with several cards in reach has
# more ways to spend the same tokens, so the second and third count too, for less.
REACH_WEIGHTS = (0.5, 0.25, 0.12)
# What each token still lacking for a reserved card costs its holder (up to 8 of them).
RESERVE_DRAG = 1.0
# What each of the searching seat's own reserved cards out of reach costs on top: spending the tokens (or
# the gold) that paid for one on something else leaves a card that may never be bought, which a person calls
# out. Only the searching seat's: charging the opponent too made Hard expect the opponent to guard its
# reserves as well. Against `reference` on dev deals ("dev-sd-r1", 30 games), reserves never affordable:
# 22 without it, 9 charged to both players, 6 to the searching seat only; wins 17, 17 and 24. Charged to
# both, the held-out deals ("untuned-2026-12-05", 200 games) gave 78 reserves never affordable instead of
# 143, but 117 wins instead of 135; to the searching seat only, fresh held-out deals
# ("untuned-splendor-reserves-2026-12-06", 200 games) gave 56, and 143 wins (71.5%).
RESERVE_OUT_OF_REACH = 3.0
# A card that would win, within one take of three tokens, is a threat the other player must answer (or a
# plan to follow): it counts this much, divided by one more than the tokens lacking.
NEAR_WIN = 2.0
NEAR_WIN_GAP = 4


def token_worth(t: Sequence[int]) -> float:
    """What a player's tokens are worth. A hand near the limit can take little more, so its last tokens
    count half until spent on a card (a full hand that buys nothing is a turn lost); those over the limit
    go back to the bag at the end of the turn (the cheapest first), so they count for nothing and a take or
    a gold that only comes back gains nothing."""
    gems = t[0] + t[1] + t[2] + t[3] + t[4]
    worth = 0.3 * gems + 0.45 * t[PEARL] + 0.5 * t[GOLD]
    total = gems + t[PEARL] + t[GOLD]
    if total > FULL_HAND:
        worth -= 0.15 * (min(total, MAX_TOKENS) - FULL_HAND)
        if total > MAX_TOKENS:
            worth -= 0.3 * (total - MAX_TOKENS)
    return worth


def royal_prospect(p: Any, royals_left: int) -> float:
    """The share of the next royal card a player's crowns have earned so far: a crown that completes a
    threshold is worth the card it brings."""
    if not royals_left or p.thresholds >= len(CROWN_THRESHOLDS):
        return 0.0
    low = CROWN_THRESHOLDS[p.thresholds - 1] if p.thresholds else 0
    share = (p.crowns - low) / (CROWN_THRESHOLDS[p.thresholds] - low)
    return ROYAL_WORTH * min(1.0, share) ** 2


def player_worth(p: Any, shared: Sequence[int], royals_left: int, out_of_reach: float = 0.0) -> tuple[float, bool]:
    """A player's standing in points (progress toward 20 points, 10 crowns and 10 points in one colour,
    with bonuses, tokens, privileges, the next royal card and the cards within reach, in the pyramid
    `shared` or reserved, counted toward it), and whether a card it can buy right now would win. A
    reserved card far from affordable counts against the player: it holds a slot and may never pay (and
    `out_of_reach` more for being out of reach at all); a winning card a take or two away counts for it."""
    best_colour = max(p.colour_points)
    worth = p.points + 0.9 * p.crowns + 1.1 * best_colour
    # the race is won by whichever route finishes first, so a route close to its end counts extra
    worth += 6.0 * max(p.points / WIN_POINTS, p.crowns / WIN_CROWNS, best_colour / WIN_COLOUR_POINTS) ** 2
    worth += sum(0.7 * min(b, 4) + 0.2 * max(0, b - 4) for b in p.bonuses)
    worth += token_worth(p.tokens) + 0.45 * p.privileges + royal_prospect(p, royals_left)
    reach = [0.0, 0.0, 0.0]
    nearest_win = NEAR_WIN_GAP  # tokens lacking for the nearest card that would win
    means, gold, has_bonus = packed_means(p), p.tokens[GOLD], any(p.bonuses)
    which = 1 if has_bonus else 0
    reserved = p.reserved
    for cid in (*shared, *reserved) if reserved else shared:
        gap = gap_from(cid, means, gold, has_bonus)
        if gap < 6:
            r = _WORTH[cid][which] / (1.0 + gap)
            if r > reach[2]:
                reach[2] = r
                reach.sort(reverse=True)
            if gap < nearest_win and wins_with(cid, p):
                nearest_win = gap
    for cid in reserved:
        gap = gap_from(cid, means, gold, has_bonus)
        if gap:
            worth -= RESERVE_DRAG * min(gap, 8) + out_of_reach
    if 0 < nearest_win < NEAR_WIN_GAP:
        worth += NEAR_WIN / (1.0 + nearest_win)
    return worth + sum(w * r for w, r in zip(REACH_WEIGHTS, reach)), nearest_win == 0


def state_value(state: SplendorDuelState, searcher: int | None = None) -> float:
    """Seat 0's chances in [0, 1]: 1 or 0 once someone has won, else the evaluation through a logistic
    (the `searcher`'s own reserved cards out of reach cost it RESERVE_OUT_OF_REACH each).
    A player who could buy a winning card now has all but won if it is their turn (above 0.95, whatever
    else the evaluation says: blocking that card is better than any position that leaves it), and is well
    ahead if it is not (the other may still buy or reserve that card first)."""
    if state.phase == "over":
        if state.winner is None:
            return 0.5
        return 1.0 if state.winner == 0 else 0.0
    shared = [cid for row in state.pyramid for cid in row if cid]
    royals_left = len(state.royals)
    (w0, win0), (w1, win1) = (
        player_worth(p, shared, royals_left, RESERVE_OUT_OF_REACH if seat == searcher else 0.0)
        for seat, p in enumerate(state.seats)
    )
    mover = state.current
    diff = w0 - w1 + (0.8 if mover == 0 else -0.8)
    if state.phase in ("start", "main") and (win0, win1)[1 - mover]:
        diff += 5.0 if mover == 1 else -5.0
    value = 1.0 / (1.0 + math.exp(-diff / 3.0))
    if state.phase in ("start", "main") and (win0, win1)[mover]:
        # all but won: rated above every position where nobody can win at once
        return 0.95 + 0.05 * value if mover == 0 else 0.05 * value
    return 0.05 + 0.9 * value


# The greedy rule of thumb -----------------------------------------------------------------------------


def target_card(p: Any, pyramid: Sequence[Sequence[int]], noise: random.Random | None = None) -> int | None:
    """The card `p` is closest to affording (the more valuable one on ties): what its tokens aim at."""
    best: tuple[float, int] | None = None
    means, gold, has_bonus = packed_means(p), p.tokens[GOLD], any(p.bonuses)
    which = 1 if has_bonus else 0
    for cid in visible_cards(pyramid, p.reserved):
        gap = gap_from(cid, means, gold, has_bonus)
        if gap >= 99:
            continue
        key = gap - 0.25 * _WORTH[cid][which]
        if noise is not None:
            key += noise.uniform(0.0, 2.0)
        if best is None or (key, cid) < best:
            best = (key, cid)
    return None if best is None else best[1]


def demand(p: Any, pyramid: Sequence[Sequence[int]], target: int | None) -> list[float]:
    """How much `p` wants one more token of each colour (gems, pearl): the target card most, the cards in
    view a little."""
    want = [0.0] * 6
    b, t = p.bonuses, p.tokens
    m0, m1, m2, m3, m4, m5 = b[0] + t[0], b[1] + t[1], b[2] + t[2], b[3] + t[3], b[4] + t[4], t[PEARL]
    for cid in visible_cards(pyramid, p.reserved):
        c0, c1, c2, c3, c4, c5 = _COSTS[cid]
        if c0 > m0:
            want[0] += 0.1 if c0 - m0 == 1 else 0.2
        if c1 > m1:
            want[1] += 0.1 if c1 - m1 == 1 else 0.2
        if c2 > m2:
            want[2] += 0.1 if c2 - m2 == 1 else 0.2
        if c3 > m3:
            want[3] += 0.1 if c3 - m3 == 1 else 0.2
        if c4 > m4:
            want[4] += 0.1 if c4 - m4 == 1 else 0.2
        if c5 > m5:
            want[5] += 0.1 if c5 - m5 == 1 else 0.2
    if target is not None:
        for i, n in enumerate(needs(target, p)):
            if n:
                want[i] += 1.0
    return want


def take_score(cells: Sequence[int], board: Sequence[int], p: Any, need: Sequence[int], want: Sequence[float]) -> float:
    """How good taking `cells` is: the tokens it brings toward the target, then toward anything."""
    colours = [board[cell] for cell in cells]
    score = 0.3 * len(colours)
    for colour in colours:
        score += want[colour]
    for colour in set(colours):
        score += 3.0 * min(need[colour], colours.count(colour))
    if len(colours) > 1 and (colours.count(PEARL) == 2 or (len(colours) == 3 and colours[0] == colours[1] == colours[2])):
        score -= 1.5  # the opponent gains a privilege
    over = sum(p.tokens) + len(colours) - MAX_TOKENS
    if over > 0:
        score -= 2.0 * over
    return score


def buy_score(action: Any, p: Any) -> tuple[float, int, int]:
    return (card_worth(action.card, p.bonuses), -action.payment[GOLD], -action.card)


def discard_order(me: Any, want: Sequence[float]) -> Callable[[Any], tuple[Any, ...]]:
    """The key greedy gives back tokens by: gold last, then whatever the target needs least, the colour
    held most."""
    return lambda a: (a.colour == GOLD, want[a.colour] if a.colour < GOLD else 0.0, -me.tokens[a.colour], a.colour)


def choice_action(view: Any, me: Any, target: int | None) -> Any:
    """The answer to a question a purchase or royal card asks, or the token to give back."""
    legal = view.legal_actions
    phase = view.phase
    if phase == "royal":
        return max(legal, key=lambda a: (ROYALS[a.royal].points, -a.royal))
    if phase == "joker":
        return max(legal, key=lambda a: (me.colour_points[a.colour], me.bonuses[a.colour], -a.colour))
    want = demand(me, view.pyramid, target)
    if phase == "steal":
        return max(legal, key=lambda a: (want[a.colour], a.colour == PEARL, -a.colour))
    if phase == "discard":
        return min(legal, key=discard_order(me, want))
    return legal[0]  # take_token: the cell makes little difference


def greedy_action(view: Any, rng: random.Random | None = None, noise: float = 0.0) -> Any:
    """The greedy choice for the seat of `view` (a View, or anything with the same fields). With `noise`
    > 0 (and `rng`), a main action is sometimes random and the target card is chosen loosely."""
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    me = view.seats[view.seat]
    loose = rng if (rng is not None and noise > 0.0 and rng.random() < noise) else None
    target = target_card(me, view.pyramid, loose)
    if view.phase not in ("start", "main"):
        return choice_action(view, me, target)
    mains = [a for a in legal if a.kind in MAIN_KINDS]
    if not mains:  # nothing to do but refill the board (or pass)
        for a in legal:
            if a.kind in ("replenish", "pass"):
                return a
        return legal[0]
    if loose is not None and rng is not None and rng.random() < 0.5:
        return rng.choice(mains)
    buys = [a for a in mains if a.kind == "buy"]
    if buys:
        return max(buys, key=lambda a: buy_score(a, me))
    board = view.board
    need = needs(target, me) if target is not None else [0] * 6
    want = demand(me, view.pyramid, target)
    takes = [a for a in mains if a.kind == "take_tokens"]
    if takes:
        best = max(takes, key=lambda a: (take_score(a.cells, board, me, need, want), a.cells))
        if take_score(best.cells, board, me, need, want) > 1.0 or not any(a.kind == "reserve" for a in mains):
            return best
    reserves = [a for a in mains if a.kind == "reserve" and a.card is not None]
    if reserves:
        return max(reserves, key=lambda a: (card_worth(a.card, me.bonuses) - card_gap(a.card, me) * 0.3, -a.card, -a.gold_cell))
    return mains[0]


class GreedyBot:
    """The baseline: one ply of rules of thumb, no look-ahead."""

    def choose(self, view: SplendorDuelView, rng: random.Random) -> Any:
        return greedy_action(view)


class EasyBot:
    """Greedy with slips: a third of its main choices are loose (random action or looser target)."""

    def choose(self, view: SplendorDuelView, rng: random.Random) -> Any:
        return greedy_action(view, rng, noise=0.35)


# Dealing what the seat cannot see ---------------------------------------------------------------------


def opponent_reserves(view: SplendorDuelView) -> tuple[list[int], list[int]]:
    """The opponent's reserved cards the seat saw being reserved (face up), and how many they hold
    blind per level, read from the log."""
    opp = 1 - view.seat
    known: list[int] = []
    blind = [0, 0, 0]
    for entry in view.log:
        if entry.args.get("seat") != opp:
            continue
        if entry.kind == "reserved":
            if entry.args.get("card") is None:
                blind[entry.args["level"] - 1] += 1
            else:
                known.append(entry.args["card"])
        elif entry.kind == "bought" and entry.args.get("reserved"):
            cid = entry.args["card"]
            if cid in known:
                known.remove(cid)
            else:
                blind[CARDS[cid].level - 1] -= 1
    return known, blind


def _consecutive_passes(view: SplendorDuelView) -> int:
    passes = 0
    for entry in reversed(view.log):
        if entry.kind == "passed":
            passes += 1
        elif entry.kind in ("took_tokens", "reserved", "bought"):
            break
    return passes


class Dealer:
    """Deals full states that agree with one View: everything public copied, the unseen cards shuffled
    into the decks and the opponent's blind reserves."""

    def __init__(self, view: SplendorDuelView) -> None:
        self.view = view
        me = view.seat
        known, blind = opponent_reserves(view)
        seen = {cid for row in view.pyramid for cid in row if cid}
        for pv in view.seats:
            seen.update(o.card for o in pv.cards)
        seen.update(view.seats[me].reserved or ())
        seen.update(known)
        self.unseen = [[cid for cid in CARDS_BY_LEVEL[lv] if cid not in seen] for lv in range(3)]
        self.known = tuple(known)
        self.blind = blind
        if any(len(self.unseen[lv]) != view.deck_sizes[lv] + max(0, blind[lv]) for lv in range(3)) or min(blind) < 0:
            # the log does not account for the opponent's reserve (never in a recorded game): guess the
            # levels from the deck sizes so the deal stays consistent
            self.known = ()
            self.blind = [len(self.unseen[lv]) - view.deck_sizes[lv] for lv in range(3)]
        held = [sum(pv.tokens[i] for pv in view.seats) + sum(1 for v in view.board if v == i) for i in range(7)]
        self.bag = tuple(max(0, TOKEN_COUNTS[i] - held[i]) for i in range(7))
        self.passes = _consecutive_passes(view)
        self.players = tuple(pv.name for pv in view.seats)
        self.template: SplendorDuelState | None = None

    def _seat_state(self, seat: int, reserved: tuple[int, ...]) -> PlayerState:
        pv = self.view.seats[seat]
        return build(
            PlayerState,
            tokens=pv.tokens,
            privileges=pv.privileges,
            cards=pv.cards,
            reserved=reserved,
            royals=pv.royals,
            thresholds=len(pv.royals),
            bonuses=pv.bonuses,
            colour_points=pv.colour_points,
            points=pv.points,
            crowns=pv.crowns,
        )

    def _template(self) -> SplendorDuelState:
        """The public part of every deal; `deal` fills in the decks, the opponent's reserves and the seed."""
        view = self.view
        me, opp = view.seat, 1 - view.seat
        seats: list[Any] = [None, None]
        seats[me] = self._seat_state(me, tuple(view.seats[me].reserved or ()))
        seats[opp] = self._seat_state(opp, ())
        return build(
            SplendorDuelState,
            players=self.players,
            options=SplendorDuelOptions(),
            seed="",
            turn=view.turn,
            current=view.current,
            phase=view.phase,
            board=view.board,
            bag=self.bag,
            decks=((), (), ()),
            pyramid=view.pyramid,
            royals=view.royals,
            supply_privileges=view.supply_privileges,
            seats=tuple(seats),
            pending=view.pending,
            choice_colour=view.choice_colour,
            extra_turn=view.extra_turn,
            replenishes=0,
            passes=self.passes,
            quiet_turns=view.quiet_turns,
            turn_start=0,
            news_start=0,
            winner=view.winner,
            win_reasons=(),
            log=(),
        )

    def deal(self, rng: random.Random) -> SplendorDuelState:
        if self.template is None:
            self.template = self._template()
        template = self.template
        opp = 1 - self.view.seat
        decks = []
        drawn: list[int] = []
        randbelow = rng.randrange  # the same draws as Random._randbelow for one int argument
        for lv in range(3):
            pool = list(self.unseen[lv])
            n = len(pool)
            k = max(0, self.blind[lv])
            # Only the top of a deck can come into play within the search's horizon, so only that many
            # places are drawn at random (a partial Fisher-Yates shuffle: each is uniform over the rest).
            for i in range(min(n - 1, k + DRAWN_PER_DECK)):
                j = i + randbelow(n - i)
                pool[i], pool[j] = pool[j], pool[i]
            drawn += pool[:k]
            decks.append(tuple(pool[k:]))
        seats = list(template.seats)
        seats[opp] = copy_with(seats[opp], {"reserved": self.known + tuple(drawn)})
        return copy_with(
            template,
            {
                "decks": tuple(decks),
                "seats": tuple(seats),
                "seed": f"deal-{rng.getrandbits(48)}",  # the replenish order is unknown too
            },
        )


# The search ---------------------------------------------------------------------------------------------


def action_key(action: Any) -> tuple[Any, ...]:
    return field_values(action)


# How many options of each kind a main step of the search considers: narrow enough to look two turns ahead.
BREADTH = {"buy": 4, "take_tokens": 4, "reserve": 2, "use_privilege": 1}
# What keeping a card the opponent would win with next turn adds to a reserve's worth (it outweighs any
# other reserve). Only then: a card the opponent needs a take for can still be reserved after that take.
BLOCKING_RESERVE = 20.0
# A reserved card pays only once it is bought: one that stays out of reach holds a slot to the end (a
# person calls that out). So the search reserves a face-up card only when the gold the reserve brings is
# the one token it lacks (a card it can already buy is bought, not reserved for the gold), never blind (a
# card unseen is rarely the one that is wanted), and keeps the last slot for blocking the opponent.
RESERVES_KEPT = 2


_first_two = itemgetter(0, 1)


def _lines_score(colours: tuple[int, ...], base: Sequence[float], need: Sequence[int], over: int) -> float:
    """`take_score` of two or three tokens of these colours, from the per-token part `base` (0.3 + want)
    and the player's tokens over the limit before taking (`over`)."""
    score = 0.0
    seen: list[int] = []
    for c in colours:
        score += base[c]
        if c not in seen:
            seen.append(c)
            k = colours.count(c)
            n = need[c]
            score += 3.0 * (n if n < k else k)
    n = len(colours)
    if colours.count(PEARL) == 2 or (n == 3 and len(seen) == 1):
        score -= 1.5  # the opponent gains a privilege
    if over + n > 0:
        score -= 2.0 * (over + n)
    return score


# A replenish hands the opponent a privilege; the board it brings is worth that only when the seat may take
# something it could not take now. Fewer tokens than this on the board (gold aside) leave no full line.
FULL_LINE = 3


def replenish_can_bring(state: SplendorDuelState, me: Any, need: Sequence[int]) -> bool:
    """Whether refilling the board may bring the seat what the board lacks now: a colour its target card
    still needs beyond the tokens on the board, a gold to reserve with when the board has none, or enough
    tokens for a full line when fewer are left. Otherwise the replenish only gives a privilege away (a
    blunder the arena counts, blunders/splendor_duel.py)."""
    bag, board = state.bag, state.board
    on_board = [0] * 7
    for colour in board:
        if colour >= 0:
            on_board[colour] += 1
    if any(bag[c] and need[c] > on_board[c] for c in range(6)):
        return True
    if bag[GOLD] and not on_board[GOLD] and len(me.reserved) < MAX_RESERVED:
        return True
    return sum(on_board[:GOLD]) < FULL_LINE and any(bag[:GOLD])


def candidates(state: SplendorDuelState, legal: Sequence[Any]) -> list[Any]:
    """The actions the search considers, most promising first: every purchase (its cheapest payment),
    the best token takes, a few reserves (of cards the gold makes affordable, or that keep a winning card
    from the opponent), privilege uses whose token can be kept, the replenish; every answer to a choice."""
    if state.phase not in ("start", "main"):
        if state.phase == "discard" or state.phase == "take_token":
            return list(legal[:4]) if state.phase == "take_token" else list(legal)
        return list(legal)
    seat = state.current
    me = state.seats[seat]
    opp = state.seats[1 - seat]
    target = target_card(me, state.pyramid)
    need = needs(target, me) if target is not None else [0] * 6
    want = demand(me, state.pyramid, target)
    board = state.board
    buys: dict[int, Any] = {}
    takes: list[tuple[float, tuple[int, ...], Any]] = []
    reserves: list[tuple[float, Any]] = []
    privileges: list[tuple[float, Any]] = []
    others: list[Any] = []
    take_scores: dict[tuple[int, ...], float] = {}
    over = sum(me.tokens) - MAX_TOKENS  # tokens over the limit before the take
    base = [0.3 + want[c] for c in range(6)]
    single = [base[c] + (3.0 if need[c] > 0 else 0.0) - (2.0 * (over + 1) if over >= 0 else 0.0) for c in range(6)]
    my_means, my_gold, my_which = packed_means(me), me.tokens[GOLD], 1 if any(me.bonuses) else 0
    opp_means, opp_gold, opp_bonus = packed_means(opp), opp.tokens[GOLD], any(opp.bonuses)
    first_gold = -1
    for a in legal:
        kind = a.kind
        if kind == "buy":
            if a.card not in buys:  # payments come fewest gold first
                buys[a.card] = a
        elif kind == "take_tokens":
            cells = a.cells
            if len(cells) == 1:
                score = single[board[cells[0]]]
            else:  # the score depends only on the colours taken, which repeat on a board
                colours = tuple(map(board.__getitem__, cells))
                score = take_scores.get(colours)
                if score is None:
                    score = take_scores[colours] = _lines_score(colours, base, need, over)
            takes.append((-score, cells, a))
        elif kind == "reserve":
            if first_gold < 0:
                first_gold = a.gold_cell
            if a.gold_cell == first_gold and a.card is not None:
                gap = gap_from(a.card, my_means, my_gold, my_which == 1)
                worth = _WORTH[a.card][my_which] - 0.3 * gap
                if gap_from(a.card, opp_means, opp_gold, opp_bonus) <= opp.privileges and wins_with(a.card, opp):
                    worth += BLOCKING_RESERVE  # the opponent could buy it next turn, with privileges if need be
                elif gap != 1 or len(me.reserved) >= RESERVES_KEPT:
                    continue
                reserves.append((worth, a))
        elif kind == "use_privilege":
            privileges.append((want[board[a.cell]], a))
        else:
            others.append(a)
    # Tokens over the limit go back to the bag at the end of the turn: a take that only comes back is a move
    # a person would call out. What fits is kept; past the limit only the smallest take (a change of
    # colour), no privilege and no replenish (it hands the opponent a privilege for tokens that could not be
    # kept). A reserve stays: its gold is kept and a gem goes back (`discard`), a fair exchange.
    room = -over
    if room > 0:
        fitting = [t for t in takes if len(t[1]) <= room]
        takes = fitting if fitting else takes
    else:
        fewest = min((len(t[1]) for t in takes), default=0)
        takes = [t for t in takes if len(t[1]) == fewest]
        if any(a.kind in MAIN_KINDS for a in legal):
            others = [a for a in others if a.kind != "replenish"]
    if any(a.kind == "replenish" for a in others) and any(a.kind in MAIN_KINDS for a in legal):
        if not replenish_can_bring(state, me, need):
            others = [a for a in others if a.kind != "replenish"]
    # A privilege's token must survive the main action that follows, which takes one token at least unless
    # it is a purchase: one token short of the limit, only a privilege that completes a purchase.
    if room < 2:
        privileges = [t for t in privileges if room == 1 and completes_purchase(board[t[1].cell], me, state.pyramid)]
    # A purchase that wins is the move, for the searching seat and for the opponent it imagines alike: left
    # among the others, the opponent's winning reply drew only some of the visits, and a move that let the
    # opponent win at once scored little worse than one that stopped it (a tester's game: Hard reserved one
    # of two cards that each won the person the game, rather than take the pearl both needed).
    winning = [a for a in buys.values() if wins_with(a.card, me)]
    if winning:
        return winning
    out = sorted(buys.values(), key=lambda a: buy_score(a, me), reverse=True)[:BREADTH["buy"]]
    takes.sort(key=_first_two)
    out += [t[2] for t in takes[: BREADTH["take_tokens"]]]
    reserves.sort(key=lambda t: (-t[0], t[1].level, t[1].card))
    out += [a for _, a in reserves[: BREADTH["reserve"]]]
    privileges.sort(key=lambda t: (-t[0], t[1].cell))
    kept = privileges[: BREADTH["use_privilege"]]
    # and one privilege of each colour whose token would buy a card that wins
    for t in privileges[len(kept):]:
        colour = board[t[1].cell]
        if all(board[k[1].cell] != colour for k in kept) and completes_purchase(colour, me, state.pyramid, winning=True):
            kept.append(t)
    out += [a for _, a in kept]
    out += others
    if not any(a.kind in MAIN_KINDS for a in out) and any(a.kind in MAIN_KINDS for a in legal):
        # every main action returns something: the least costly one (a main action is not optional)
        out += [a for a in legal if a.kind == "take_tokens"][:1] or [a for a in legal if a.kind in MAIN_KINDS][:1]
    return out


# Iterations per decision, and how many option lists (fresh positions) they may compute on average (see
# `search`). 2,000 on a quiet 2-core machine: median 0.50 s, p95 0.69 s, worst 1.0 s (548 decisions of six
# self-play games), within the 1 s at p95 and 2 s at worst a decision may take. Doubling from 1,000 is what
# lifted Hard against the Hard of 2026-12-04 (`reference`, which keeps 1,000) past 65%.
HARD_ITERATIONS = 2000
# "Strongest": the same search, given more time where a person who beats Hard may want it (chosen once, before
# any measurement; see LEVEL_FIGURES in narration/splendor_duel.py for what the arena measured of it).
STRONGEST_ITERATIONS = 5000
LISTINGS_PER_ITERATION = 1.2


class _Node:
    __slots__ = ("action", "children", "visits", "total", "available")

    def __init__(self, action: Any) -> None:
        self.action = action
        # by the identity of the action: the engine lists every action as a cached singleton, so the same
        # move in two deals is the same object (and the node keeps it alive, so an identity is never reused)
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.total = 0.0  # summed results for the player who chose the action leading here
        self.available = 0


def search(
    view: SplendorDuelView,
    rng: random.Random,
    iterations: int,
    depth: int = 12,
    exploration: float = 0.1,
    *,
    candidates: Callable[[SplendorDuelState, Sequence[Any]], list[Any]] | None = None,
    value: Callable[[SplendorDuelState], float] | None = None,
    skip_idle_replenish: bool = False,
) -> Any:
    """Information-set MCTS from `view`; returns the most visited of the seat's legal actions. `candidates`
    and `value` (this module's by default) choose the moves a node considers and rate the leaves; with
    `skip_idle_replenish`, a replenish whose favourite follow-up needs none of its tokens gives way to the
    next most visited move (`reference` keeps the old way).
    Close moves differ by a few hundredths in value (a point of worth is about 0.08), so the exploration
    term stays small: a wide one spreads the visits almost evenly whatever the values say."""
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    options_of = candidates if candidates is not None else globals()["candidates"]
    rate = value if value is not None else partial(state_value, searcher=view.seat)
    rules = _SEARCH_RULES
    legal_actions, apply = rules.legal_actions, rules.apply
    dealer = Dealer(view)
    root = _Node(None)
    # the options of a main step depend only on what its key holds; deals often repeat those
    option_cache: dict[tuple[Any, ...], list[Any]] = {}
    log, sqrt = math.log, math.sqrt
    # Deals that differ where the search looks (a replenish ahead: every deal refills the board its own
    # way) make most option lists fresh and each iteration dearer: such a search stops once it has listed
    # options this many times, so the worst decision costs little more than a typical one.
    listings_left = int(iterations * LISTINGS_PER_ITERATION)
    for _ in range(iterations):
        if listings_left <= 0:
            break
        state = dealer.deal(rng)
        node = root
        path: list[tuple[_Node, int]] = []
        steps = 0
        while state.phase != "over" and steps < depth:
            mover = state.current
            if state.phase in MAIN_STEP:
                p = state.seats[mover]
                o = state.seats[1 - mover]
                cache_key = (
                    state.phase, mover, state.board, state.pyramid, p.tokens, p.bonuses, p.reserved, p.privileges,
                    o.tokens, o.bonuses, any(state.bag), tuple(map(bool, state.decks)),
                )  # fmt: skip
                options = option_cache.get(cache_key)
                if options is None:
                    options = option_cache[cache_key] = options_of(state, legal_actions(state, mover))
                    listings_left -= 1
            else:
                options = options_of(state, legal_actions(state, mover))
                listings_left -= 1
            children = node.children
            fresh = None
            tried = []
            for a in options:
                child = children.get(id(a))
                if child is None:
                    if fresh is None:
                        fresh = a  # try every option once, in the order of promise
                else:
                    child.available += 1
                    tried.append(child)
            if fresh is None:
                best = -1.0
                for other in tried:
                    score = other.total / other.visits + exploration * sqrt(log(other.available) / other.visits)
                    if score > best:
                        best, child = score, other
            else:
                child = children[id(fresh)] = _Node(fresh)
                child.available = 1
            state = apply(state, mover, child.action)
            path.append((child, mover))
            node = child
            steps += 1
            if child.visits == 0:
                break
        result = rate(state)
        for child, mover in path:
            child.visits += 1
            child.total += result if mover == 0 else 1.0 - result
    by_key = {action_key(a): a for a in legal}
    # the most visited move (the better total on a tie) among those legal in the real position
    ranked = [(c.visits, c.total, action_key(c.action)) for c in root.children.values()]
    ranked = [r for r in ranked if r[2] in by_key]
    if not ranked:
        return greedy_action(view)
    ranked.sort(key=lambda r: (r[0], r[1]), reverse=True)
    chosen = by_key[ranked[0][2]]
    if chosen.kind == "replenish" and skip_idle_replenish and len(ranked) > 1:
        if _replenish_brings_nothing(root, view.board):
            return by_key[ranked[1][2]]  # the search's next choice (there is one replenish only)
    return chosen


def _replenish_brings_nothing(root: _Node, board: Sequence[int]) -> bool:
    """Whether the search's favourite move after a replenish needs none of the tokens it brings: a purchase,
    or a reserve or a take from cells full already. Replenishing first then only hands the opponent a
    privilege and a full board (a move a person calls out)."""
    node = next((c for c in root.children.values() if c.action.kind == "replenish"), None)
    if node is None or not node.children:
        return False
    then = max(node.children.values(), key=lambda c: (c.visits, c.total)).action
    if then.kind == "take_tokens":
        return all(board[c] != EMPTY for c in then.cells)
    if then.kind == "reserve":  # its gold may be one the replenish brought
        return bool(board[then.gold_cell] != EMPTY)
    return bool(then.kind == "buy")


class SearchBot:
    """Information-set Monte Carlo tree search with a static evaluation at the leaves."""

    def __init__(self, iterations: int | None = None) -> None:
        self.iterations = HARD_ITERATIONS if iterations is None else iterations

    def choose(self, view: SplendorDuelView, rng: random.Random) -> Any:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if view.phase == "discard":
            return discard(view)
        if view.phase == "take_token":
            return greedy_action(view)  # which cell the token comes from hardly matters
        return search(view, rng, self.iterations, skip_idle_replenish=True)


def gained_this_turn(view: SplendorDuelView) -> set[int]:
    """The colours the seat has taken into its hand this turn (a line, a privilege, a card's ability), read
    back through the log to the last entry of another seat or the extra turn that began this one."""
    colours: set[int] = set()
    for entry in reversed(view.log):
        if entry.args.get("seat") != view.seat or entry.kind == "extra_turn":
            break
        if entry.kind == "took_tokens":
            colours.update(c for c, n in enumerate(entry.args["tokens"]) if n)
        elif entry.kind in ("privilege_used", "took_board_token", "stole"):
            colours.add(entry.args["colour"])
    return colours


def discard(view: SplendorDuelView) -> Any:
    """The token to give back: the one whose loss the evaluation minds least (a gem the cards in reach do
    not need before a pearl or a gold), greedy's choice among equals, and never a colour this turn brought
    when another can go, so a take or a privilege is not undone by the return that follows it (that would
    have been a pass, or a privilege thrown away)."""
    me = view.seats[view.seat]
    gained = gained_this_turn(view)
    kept = [a for a in view.legal_actions if a.colour not in gained] or list(view.legal_actions)
    shared = [cid for row in view.pyramid for cid in row if cid]
    greedy_key = discard_order(me, demand(me, view.pyramid, target_card(me, view.pyramid)))

    def key(a: Any) -> tuple[Any, ...]:
        tokens = list(me.tokens)
        tokens[a.colour] -= 1
        worth, _ = player_worth(copy_with(me, {"tokens": tuple(tokens)}), shared, 0)
        return (-round(worth, 9), *greedy_key(a))

    return min(kept, key=key)


def arena_figures(rules: Any, state: SplendorDuelState, seat: int) -> dict[str, float]:
    """How the game ended for `seat`: its crowns, best colour, and the turns the game took."""
    p = state.seats[seat]
    reasons = {fact.kind for fact in state.win_reasons} if state.winner == seat else set()
    return {
        "crowns": float(p.crowns),
        "best_colour_points": float(max(p.colour_points)),
        "game_turns": float(state.turn),
        "won_by_points": float("points" in reasons),
        "won_by_colour": float("colour" in reasons),
        "won_by_crowns": float("crowns" in reasons),
    }


def _strongest() -> SearchBot:
    return SearchBot(STRONGEST_ITERATIONS)  # read when asked for: tests shorten the search


def _reference() -> Any:
    from .splendor_duel_reference import ReferenceBot  # imports this module: loaded when first asked for

    return ReferenceBot()


LEVELS: dict[str, BotFactory] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "easy": EasyBot,
    "hard": SearchBot,
    "strongest": _strongest,
    "reference": _reference,  # the Hard of 2026-12-04, for the arena only
}
