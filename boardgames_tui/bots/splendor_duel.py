"""Computer players for Splendor Duel.

Levels:
- greedy: a one-ply rule of thumb (buy the most valuable card it can, else take the tokens that bring it
  closest to the card it is nearest to affording, else reserve); the baseline the others are measured by.
- easy: greedy, but now and then a random main action and a noisy choice of target card.
- hard: information-set Monte Carlo tree search. Each iteration deals a full state consistent with the
  seat's View (the unseen deck cards reshuffled, the opponent's blind reserves drawn from the unseen
  cards of their levels), walks one shared tree over the actions legal in that deal, and scores the leaf
  with a static evaluation of both players' progress toward the three ways to win.

Every level reads only the View and the generator it is given; the search is budgeted by iterations,
never by the clock, so a decision replays exactly from the deal number.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ..engine.splendor_duel.cards import cost_after_bonuses
from ..engine.splendor_duel.data import CARDS, CARDS_BY_LEVEL, GOLD, JOKER, PEARL, ROYALS, TOKEN_COUNTS
from ..engine.splendor_duel.models import (
    PlayerState,
    SplendorDuelOptions,
    SplendorDuelState,
    SplendorDuelView,
)
from ..engine.splendor_duel.rules import SplendorDuelRules
from ..engine.splendor_duel.turn import MAX_TOKENS, WIN_COLOUR_POINTS, WIN_CROWNS, WIN_POINTS
from .base import BotFactory, RandomBot

# The search plays on its own rules object, so its legal-action cache never displaces the one the table's
# rules object keeps for the real game (the cache speeds things up; it never changes a result).
_SEARCH_RULES = SplendorDuelRules()
MAIN_KINDS = frozenset(("take_tokens", "reserve", "buy"))


# What a player is worth -------------------------------------------------------------------------------


def card_worth(cid: int, bonuses: Sequence[int]) -> float:
    """How much owning card `cid` is worth to a player with these bonuses (points, crowns, discount)."""
    card = CARDS[cid]
    worth = card.points + 0.6 * card.crowns
    if card.colour < PEARL:
        worth += 0.6 * card.bonus
    elif card.colour == JOKER and any(bonuses):
        worth += 0.6 * card.bonus + 0.4 * card.points  # its points join a colour
    if "extra_turn" in card.abilities:
        worth += 0.8
    elif card.abilities:
        worth += 0.3
    return worth


def card_gap(cid: int, p: Any) -> int:
    """How many tokens `p` lacks to buy `cid` now (gold counted); a joker without a colour never fits.
    (The engine's `shortfall` of `cost_after_bonuses`, unrolled: the search asks it very often.)"""
    card = CARDS[cid]
    bonuses = p.bonuses
    if card.colour == JOKER and not any(bonuses):
        return 99
    cost, held = card.cost, p.tokens
    short = 0
    for i in range(5):
        lack = cost[i] - bonuses[i] - held[i]
        if lack > 0:
            short += lack
    lack = cost[PEARL] - held[PEARL]
    if lack > 0:
        short += lack
    return short - held[GOLD] if short > held[GOLD] else 0


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


def player_worth(p: Any, cards_in_reach: Sequence[int]) -> tuple[float, bool]:
    """A player's standing in points (progress toward 20 points, 10 crowns and 10 points in one colour,
    with bonuses, tokens, privileges and the best card within reach counted toward it), and whether a
    card it can buy right now would win."""
    best_colour = max(p.colour_points)
    worth = p.points + 0.9 * p.crowns + 1.1 * best_colour
    # the race is won by whichever route finishes first, so a route close to its end counts extra
    worth += 6.0 * max(p.points / WIN_POINTS, p.crowns / WIN_CROWNS, best_colour / WIN_COLOUR_POINTS) ** 2
    worth += sum(0.7 * min(b, 4) + 0.2 * max(0, b - 4) for b in p.bonuses)
    t = p.tokens
    worth += 0.3 * sum(t[:PEARL]) + 0.45 * t[PEARL] + 0.5 * t[GOLD] + 0.45 * p.privileges
    reach = 0.0
    winning = False
    for cid in cards_in_reach:
        gap = card_gap(cid, p)
        if gap < 6:
            reach = max(reach, card_worth(cid, p.bonuses) / (1.0 + gap))
            if gap == 0 and not winning:
                winning = wins_with(cid, p)
    return worth + 0.5 * reach, winning


def state_value(state: SplendorDuelState) -> float:
    """Seat 0's chances in [0, 1]: 1 or 0 once someone has won, else the evaluation through a logistic.
    A player who could buy a winning card now has all but won if it is their turn, and is well ahead if
    it is not (the other may still buy or reserve that card first)."""
    if state.phase == "over":
        if state.winner is None:
            return 0.5
        return 1.0 if state.winner == 0 else 0.0
    shared = [cid for row in state.pyramid for cid in row if cid]
    (w0, win0), (w1, win1) = (player_worth(p, shared + list(p.reserved)) for p in state.seats)
    mover = state.current
    diff = w0 - w1 + (0.8 if mover == 0 else -0.8)
    if state.phase in ("start", "main") and (win0, win1)[1 - mover]:
        diff += 5.0 if mover == 1 else -5.0
    value = 1.0 / (1.0 + math.exp(-diff / 3.0))
    if state.phase in ("start", "main") and (win0, win1)[mover]:
        # all but won: never rated below what the position is worth anyway
        return 0.95 + 0.05 * value if mover == 0 else 0.05 * value
    return value


# The greedy rule of thumb -----------------------------------------------------------------------------


def target_card(p: Any, pyramid: Sequence[Sequence[int]], noise: random.Random | None = None) -> int | None:
    """The card `p` is closest to affording (the more valuable one on ties): what its tokens aim at."""
    best: tuple[float, int] | None = None
    for cid in visible_cards(pyramid, p.reserved):
        gap = card_gap(cid, p)
        if gap >= 99:
            continue
        key = gap - 0.25 * card_worth(cid, p.bonuses)
        if noise is not None:
            key += noise.uniform(0.0, 2.0)
        if best is None or (key, cid) < best:
            best = (key, cid)
    return None if best is None else best[1]


def demand(p: Any, pyramid: Sequence[Sequence[int]], target: int | None) -> list[float]:
    """How much `p` wants one more token of each colour (gems, pearl): the target card most, the cards in
    view a little."""
    want = [0.0] * 6
    for cid in visible_cards(pyramid, p.reserved):
        for i, n in enumerate(needs(cid, p)):
            if n:
                want[i] += 0.1 * min(n, 2)
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
        # give back gold last, then whatever the target needs least, the colour held most
        return min(legal, key=lambda a: (a.colour == GOLD, want[a.colour] if a.colour < GOLD else 0.0, -me.tokens[a.colour], a.colour))
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

    def _seat_state(self, seat: int, reserved: tuple[int, ...]) -> PlayerState:
        pv = self.view.seats[seat]
        return PlayerState.model_construct(
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

    def deal(self, rng: random.Random) -> SplendorDuelState:
        view = self.view
        me, opp = view.seat, 1 - view.seat
        decks = []
        drawn: list[int] = []
        for lv in range(3):
            pool = list(self.unseen[lv])
            rng.shuffle(pool)
            k = max(0, self.blind[lv])
            drawn += pool[:k]
            decks.append(tuple(pool[k:]))
        seats = [None, None]
        seats[me] = self._seat_state(me, tuple(view.seats[me].reserved or ()))
        seats[opp] = self._seat_state(opp, self.known + tuple(drawn))
        return SplendorDuelState.model_construct(
            players=self.players,
            options=SplendorDuelOptions(),
            seed=f"deal-{rng.getrandbits(48)}",  # the replenish order is unknown too
            turn=view.turn,
            current=view.current,
            phase=view.phase,
            board=view.board,
            bag=self.bag,
            decks=tuple(decks),
            pyramid=view.pyramid,
            royals=view.royals,
            supply_privileges=view.supply_privileges,
            seats=tuple(seats),
            pending=view.pending,
            choice_colour=view.choice_colour,
            extra_turn=view.extra_turn,
            replenishes=0,
            passes=self.passes,
            turn_start=0,
            news_start=0,
            winner=view.winner,
            win_reasons=(),
            log=(),
        )


# The search ---------------------------------------------------------------------------------------------


def action_key(action: Any) -> tuple[Any, ...]:
    return tuple(action.__dict__.values())


# How many options of each kind a main step of the search considers: narrow enough to look two turns ahead.
BREADTH = {"buy": 4, "take_tokens": 4, "reserve": 2, "use_privilege": 1}


def candidates(state: SplendorDuelState, legal: Sequence[Any]) -> list[Any]:
    """The actions the search considers, most promising first: every purchase (its cheapest payment),
    the best token takes, a few reserves and privilege uses, the replenish; every answer to a choice."""
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
    takes: list[tuple[float, Any]] = []
    reserves: list[tuple[float, Any]] = []
    privileges: list[tuple[float, Any]] = []
    others: list[Any] = []
    first_gold = -1
    for a in legal:
        kind = a.kind
        if kind == "buy":
            if a.card not in buys:  # payments come fewest gold first
                buys[a.card] = a
        elif kind == "take_tokens":
            takes.append((take_score(a.cells, board, me, need, want), a))
        elif kind == "reserve":
            if first_gold < 0:
                first_gold = a.gold_cell
            if a.gold_cell == first_gold:
                if a.card is None:
                    worth = 1.0 + 0.5 * a.level
                else:  # worth having, or worth keeping from an opponent about to win with it
                    worth = card_worth(a.card, me.bonuses) - 0.3 * card_gap(a.card, me)
                    if card_gap(a.card, opp) <= 1 and wins_with(a.card, opp):
                        worth += 20.0
                reserves.append((worth, a))
        elif kind == "use_privilege":
            privileges.append((want[board[a.cell]], a))
        else:
            others.append(a)
    out = sorted(buys.values(), key=lambda a: buy_score(a, me), reverse=True)[:BREADTH["buy"]]
    takes.sort(key=lambda t: (-t[0], t[1].cells))
    out += [a for _, a in takes[: BREADTH["take_tokens"]]]
    reserves.sort(key=lambda t: (-t[0], t[1].level, t[1].card or 0))
    out += [a for _, a in reserves[: BREADTH["reserve"]]]
    privileges.sort(key=lambda t: (-t[0], t[1].cell))
    out += [a for _, a in privileges[: BREADTH["use_privilege"]]]
    out += others
    return out


# Iterations per decision: about 0.3 s of processor time on this machine (arena, busy machine: median
# 0.36 s, 95th percentile 0.74 s), under the 1 s a decision may take.
HARD_ITERATIONS = 600


class _Node:
    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict[tuple[Any, ...], _Node] = {}
        self.visits = 0
        self.total = 0.0  # summed results for the player who chose the action leading here
        self.available = 0


def search(view: SplendorDuelView, rng: random.Random, iterations: int, depth: int = 12, exploration: float = 0.3) -> Any:
    """Information-set MCTS from `view`; returns the most visited of the seat's legal actions."""
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    rules = _SEARCH_RULES
    dealer = Dealer(view)
    root = _Node()
    # the options of a main step depend only on what its key holds; deals often repeat those
    option_cache: dict[tuple[Any, ...], list[Any]] = {}
    by_key = {action_key(a): a for a in legal}
    for _ in range(iterations):
        state = dealer.deal(rng)
        node = root
        path: list[tuple[_Node, int]] = []
        steps = 0
        while state.phase != "over" and steps < depth:
            mover = state.current
            if state.phase in ("start", "main"):
                p = state.seats[mover]
                cache_key = (
                    state.phase, mover, state.board, state.pyramid, p.tokens, p.bonuses, p.reserved, p.privileges,
                    any(state.bag), tuple(map(bool, state.decks)),
                )  # fmt: skip
                options = option_cache.get(cache_key)
                if options is None:
                    options = option_cache[cache_key] = candidates(state, rules.legal_actions(state, mover))
            else:
                options = candidates(state, rules.legal_actions(state, mover))
            chosen = None
            chosen_key = None
            best = -1.0
            children = node.children
            for a in options:
                key = action_key(a)
                child = children.get(key)
                if child is None:
                    chosen, chosen_key = a, key  # try every option once, in the order of promise
                    break
            if chosen is None:
                for a in options:
                    child = children[action_key(a)]
                    child.available += 1
                for a in options:
                    key = action_key(a)
                    child = children[key]
                    score = child.total / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
                    if score > best:
                        best, chosen, chosen_key = score, a, key
                child = children[chosen_key]
            else:
                for a in options:
                    other = children.get(action_key(a))
                    if other is not None:
                        other.available += 1
                child = children[chosen_key] = _Node()
                child.available = 1
            state = rules.apply(state, mover, chosen)
            path.append((child, mover))
            node = child
            steps += 1
            if child.visits == 0:
                break
        value = state_value(state)
        for child, mover in path:
            child.visits += 1
            child.total += value if mover == 0 else 1.0 - value
    best_key = max(
        (key for key in root.children if key in by_key),
        key=lambda k: (root.children[k].visits, root.children[k].total),
        default=None,
    )
    return greedy_action(view) if best_key is None else by_key[best_key]


class SearchBot:
    """Information-set Monte Carlo tree search with a static evaluation at the leaves."""

    def __init__(self, iterations: int | None = None) -> None:
        self.iterations = HARD_ITERATIONS if iterations is None else iterations

    def choose(self, view: SplendorDuelView, rng: random.Random) -> Any:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if view.phase in ("discard", "take_token"):
            return greedy_action(view)  # which token goes back or which cell it comes from hardly matters
        return search(view, rng, self.iterations)


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


LEVELS: dict[str, BotFactory] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "easy": EasyBot,
    "hard": SearchBot,
}
