"""Computer players for Hanabi.

"easy" is an honest beginner: it plays a card only when the clues prove it playable, clues a partner's
playable card directly, and otherwise discards its oldest unclued card.

"hard" is a convention player. Every seat running it reads the public log the same way, so each can
work out what a clue meant and what a partner will make of a clue before giving it. The conventions
(written up for people in the rulebook's "Computer players" section):

- Chop: a hand's oldest card no clue has touched; it is the card its holder discards.
- Focus of a clue: the chop if the clue touches it, else the newest card the clue touches for the first
  time, else the newest card it touches.
- A clue whose focus is not the chop says "the focus is playable now" (a play clue).
- A clue that touches the chop says "the focus is playable now, or must not be discarded" (the last copy
  of a card still needed, or, with two players, a 2 named by a number clue): a save clue. A 5 is saved
  with a 5 clue only, so a colour clue on the chop never means a 5: early on it is as good as a play clue.
- Good touch: every other card a clue touches is still needed.
- Finesse: a play clue may name a card two steps ahead of its pile when the card in between is the newest
  unclued card of the blind player: the giver's next player, or the one after when the clue goes to the
  next player (no clued card may be the missing one). The blind player, who sees the focus, plays that
  card blind on its next turn; the blind play tells the target what its card is (a target whose turn
  comes first waits for it). Any other action by the blind player says the clue was a direct one.
- A clued card is played on a guess when it is likely playable and a miss costs a fuse but few points.
- After a save moves my chop, I stall rather than discard the new chop nobody has looked at yet.
- A save with the last clue token leaves its target nothing to stall with: it discards the chop the save
  uncovers. When that card must live too and is worth more than the one saved (a last 3 behind a 5),
  the save is not given; the first card goes and the token its discard brings back saves the second.
  (2p, 400 dev deals: +0.058 +- 0.035 a game; 3p, 300: +0.023 +- 0.023.)
- With three or more players, the last clue token is left to the next player when the player after it
  must be saved.
- With no clue token, a discard instead of a play the table knows about warns the next player that its
  chop must live; it keeps the chop and the tokens the discards bring back go to the save.
- Near the end of the deck any clue that misleads nobody beats a discard: it delays the last round.
- With two players, a 5 of an unstarted pile is let go while the deck is long.
- With two players, a partner's unknown playable card is clued before I play my one known card.
- Once a clued card (anyone's) misfires as something the conventions' reading of its clues ruled out,
  whoever clued it is not following them (a person, most likely): from then on a card of mine they
  clued is what its clues prove and nothing more, so I play it only when proven, play nothing blind on
  their finesse, and give no clue whose reading counts on it. Clues from the others read as before.
  (Self-play against no such rule: 2p none of 300 deals changed, 4p none of 150; 3p 3 of 400 dev deals,
  -0.010 a game, and 3 of 250 held-out ones, -0.02 +- 0.03. Making every seat wary of every giver
  after any such misfire cost 3p 0.06 a game on those held-out deals.)

Near the end of the deck (at most players + 3 cards left; with four players, + 5) "hard" also looks ahead
(EndgameSearch): it deals its own unseen cards and the deck at random in ways its clues allow, plays each
deal out to the end with every seat following these conventions, and trades the convention choice for
another action when that scores clearly more on the same deals. The others tried: a play of a card at
least 40% likely to fit (with four players, only a sure one when a misfire would end the game), the
discard the conventions would make, and the two best clues. So near the end it may stall with a clue
where the conventions would discard (or the other way round), or play a card its clues do not prove.

A seat knows nothing of the past except the log, and the log does not say which slot a card was played
or discarded from; the replay below follows each hand's cards through the log and, when the log leaves
it open, takes the card the conventions would have chosen whose clue knowledge fits what was shown.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..engine.hanabi.clues import clue_touches
from ..engine.hanabi.config import PILE_SIZE, Config, after_clue, config, hand_size, held
from ..engine.hanabi.models import (
    MAX_CLUE_TOKENS,
    MAX_MISFIRES,
    MULTI,
    Card,
    ColourClue,
    DiscardCard,
    HanabiState,
    HanabiView,
    Knowledge,
    NumberClue,
    PlayCard,
    ReplayDiscard,
    ReturnDiscard,
    SkipBonus,
)
from ..engine.hanabi.rules import RULES
from ..engine.hanabi.scoring import fireworks_total, score
from .base import BotFactory, RandomBot

Identity = tuple[str, int]


def _code(text: str) -> Identity:
    return text[0], int(text[1:])


# -- what a pile needs, whatever its direction ---------------------------------------------------------


class Table:
    """The public facts the conventions read: piles, discards, and what is left of each identity."""

    def __init__(self, cfg: Config, players: int = 2) -> None:
        self.cfg = cfg
        # Two players save a 2 on the chop with a 2 clue; more players keep a 2 clue on the chop for plays
        # (the measure: 0.15 points a game more at 3-5 players, 0.12 fewer at 2).
        self.two_saves = players == 2
        self.piles = [0] * len(cfg.suits)
        self.discarded: Counter[Identity] = Counter()
        self.copies_left: dict[Identity, int] | None = None  # filled by freeze(), once the table stops changing
        self.options_cache: dict[Any, list[Identity]] | None = None  # public_options' answers, once frozen

    def freeze(self) -> Table:
        self.copies_left = {ident: self._left(ident) for ident in self.cfg.counts}
        self.options_cache = {}
        return self

    def position(self, ident: Identity) -> int:
        """How many cards a pile holds once this card is on it (black counts down from 5)."""
        suit, rank = ident
        return PILE_SIZE + 1 - rank if self.cfg.suit_index[suit] == self.cfg.black_index else rank

    def played(self, ident: Identity) -> int:
        return self.piles[self.cfg.suit_index[ident[0]]]

    def playable(self, ident: Identity) -> bool:
        return self.position(ident) == self.played(ident) + 1

    def dead(self, ident: Identity) -> bool:
        """Already on its pile, or a card it needs below it is gone for good."""
        pos = self.position(ident)
        have = self.played(ident)
        if pos <= have:
            return True
        suit = ident[0]
        black = self.cfg.suit_index[suit] == self.cfg.black_index
        for p in range(have + 1, pos):
            rank = PILE_SIZE + 1 - p if black else p
            if self.discarded[(suit, rank)] >= self.cfg.counts[(suit, rank)]:
                return True
        return False

    def critical(self, ident: Identity) -> bool:
        return not self.dead(ident) and self.cfg.counts[ident] - self.discarded[ident] <= 1

    def left(self, ident: Identity) -> int:
        """Copies neither discarded nor on a pile."""
        if self.copies_left is not None:
            return self.copies_left[ident]
        return self._left(ident)

    def _left(self, ident: Identity) -> int:
        on_pile = 1 if self.position(ident) <= self.played(ident) else 0
        return self.cfg.counts[ident] - self.discarded[ident] - on_pile

    def snapshot(self) -> Table:
        copy = Table(self.cfg)
        copy.two_saves = self.two_saves
        copy.piles = list(self.piles)
        copy.discarded = Counter(self.discarded)
        return copy.freeze()

    def identities(self, know: Knowledge) -> list[Identity]:
        return [(s, r) for s in know.suits for r in know.ranks]


class Token:
    """One card in a hand as the table tracks it: its clue knowledge and what the conventions add."""

    __slots__ = ("know", "allowed", "givers")

    def __init__(
        self, know: Knowledge, allowed: frozenset[Identity] | None = None, givers: frozenset[int] = frozenset()
    ) -> None:
        self.know = know
        self.allowed = allowed  # identities the conventions leave it (None: no convention applies)
        self.givers = givers  # the seats whose clues touched it

    def copy(self) -> Token:
        return Token(self.know, self.allowed, self.givers)


def public_options(table: Table, token: Token) -> list[Identity]:
    """What a card may be from its clues, the conventions and the public cards (a list not to be changed:
    a frozen table keeps the answers, as the search asks the same questions many times)."""
    know = token.know
    key = (know.suits, know.ranks, token.allowed)
    cache = table.options_cache
    found = cache.get(key) if cache is not None else None
    if found is not None:
        return found
    found = _public_options(table, know, token.allowed)
    if cache is not None:
        cache[key] = found
    return found


def _public_options(table: Table, know: Knowledge, allowed: frozenset[Identity] | None) -> list[Identity]:
    base = [i for i in table.identities(know) if table.left(i) > 0]
    if allowed is not None:
        narrowed = [i for i in base if i in allowed]
        if narrowed:
            return narrowed
    return base or table.identities(know)


def chop_index(hand: list[Token]) -> int | None:
    for i in range(len(hand) - 1, -1, -1):
        if not hand[i].know.touched:
            return i
    return None


def queued_piles(table: Table, hands: list[list[Token]]) -> list[int]:
    """The piles once every card the table knows exactly, and that can follow on, has been played."""
    piles = list(table.piles)
    singles = []
    for hand in hands:
        for t in hand:
            if not t.know.touched:
                continue
            options = public_options(table, t)
            if len(options) == 1:
                singles.append(options[0])
    grew = True
    while grew:
        grew = False
        for ident in singles:
            i = table.cfg.suit_index[ident[0]]
            if table.position(ident) == piles[i] + 1:
                piles[i] += 1
                grew = True
    return piles


def interpret_clue(
    table: Table,
    hand: list[Token],
    slots: Iterable[int],
    colour: bool,
    value: Any,
    queued: list[int] | None = None,
    finesse: frozenset[Identity] | None = None,
) -> tuple[int | None, frozenset[Identity]]:
    """Apply a clue to a tracked hand: the engine's knowledge update, then what the conventions read.
    `queued`: the piles once the cards known to be coming are played (a play clue may build on them).
    `finesse`: given when a play clue may also be a finesse on the blind player's newest unclued card
    (`finesse_seat`): what the clued cards of the other hands may be (a card that may already be clued is
    not asked for blind). Returns the focus and the identities only a finesse would explain (the focus
    keeps them as options until the blind player acts; `settle_finesse` decides)."""
    touched = set(slots)
    named = frozenset((value, MULTI)) if colour and table.cfg.avalanche else frozenset((value,))
    if not touched:
        for t in hand:
            t.know = after_clue(t.know, colour, named, False)
        return None, frozenset()
    chop = chop_index(hand)
    fresh = [i for i in sorted(touched) if not hand[i].know.touched]
    if chop is not None and chop in touched:
        focus, save = chop, True
    else:
        focus, save = (fresh[0] if fresh else min(touched)), False
    for i, t in enumerate(hand):
        t.know = after_clue(t.know, colour, named, i in touched)
    piles = queued if queued is not None else table.piles
    suit_index = table.cfg.suit_index

    def coming(x: Identity) -> bool:
        return table.playable(x) or table.position(x) == piles[suit_index[x[0]]] + 1

    def kept(x: Identity) -> bool:
        if colour and table.position(x) == PILE_SIZE:
            return False  # 5s are saved with a 5 clue: a colour clue on the chop is a play clue or another save
        two_save = table.two_saves and not colour and value == 2 and x[1] == 2
        return table.critical(x) or (two_save and not table.dead(x))

    def one_away(x: Identity) -> bool:
        # The card after the next one of an untouched pile: its missing card may be blind-played.
        have = table.played(x)
        return piles[suit_index[x[0]]] == have and table.position(x) == have + 2 and not table.dead(x)

    finessed: frozenset[Identity] = frozenset()
    for i in touched:
        t = hand[i]
        options = public_options(table, t)
        if i == focus:
            keep = [x for x in options if coming(x) or (save and kept(x))]
            if finesse is not None and not save:
                clued = set(finesse)
                for j in touched:
                    if j != i:
                        clued.update(public_options(table, hand[j]))
                for j, other in enumerate(hand):
                    if other.know.touched and j not in touched:
                        clued.update(public_options(table, other))
                finessed = frozenset(
                    x for x in options if not coming(x) and one_away(x) and predecessor(table.cfg, x) not in clued
                )
                keep += sorted(finessed)
        else:
            keep = [x for x in options if not table.dead(x)]
        if keep:
            t.allowed = frozenset(keep)
    return focus, finessed


def clued_options(table: Table, hands: list[list[Token]], skip: int) -> frozenset[Identity]:
    """Every identity a clued card outside hand `skip` may be, as the table reads it."""
    out: set[Identity] = set()
    for seat, hand in enumerate(hands):
        if seat != skip:
            for t in hand:
                if t.know.touched:
                    out.update(public_options(table, t))
    return frozenset(out)


def finesse_slot(hand: list[Token]) -> int | None:
    """A hand's newest unclued card: the one a finesse asks its holder to play blind."""
    return next((i for i, t in enumerate(hand) if not t.know.touched), None)


def finesse_seat(giver: int, target: int, players: int) -> int:
    """Who a finesse asks to play blind: the giver's next player, or the one after when that is the target."""
    seat = (giver + 1) % players
    if seat == target:
        seat = (giver + 2) % players
    return seat


class PendingFinesse:
    """A play clue that may be a finesse, until the player asked to play blind has acted."""

    __slots__ = ("seat", "focus", "finessed", "blind")

    def __init__(self, seat: int, focus: Token, finessed: frozenset[Identity], blind: Token) -> None:
        self.seat = seat  # who is asked to play blind
        self.focus = focus  # the clued card's token
        self.finessed = finessed  # the focus identities only a finesse explains
        self.blind = blind  # the token of the card to play blind (its newest unclued card at the clue)


def predecessor(cfg: Config, ident: Identity) -> Identity | None:
    suit, rank = ident
    black = cfg.suit_index[suit] == cfg.black_index
    before = rank + 1 if black else rank - 1
    return (suit, before) if 1 <= before <= PILE_SIZE else None


def settle_finesse(token: Token, finessed: frozenset[Identity], played: Identity | None, cfg: Config) -> None:
    """The finesse's player has acted: a blind play of the card before one of the finesse's identities
    names the focus; anything else says there was no finesse."""
    if token.allowed is None or not finessed:
        return
    confirmed = [x for x in finessed if played is not None and predecessor(cfg, x) == played]
    if confirmed:
        token.allowed = frozenset(confirmed)
        return
    rest = token.allowed - finessed
    token.allowed = rest if rest else None


class Replay:
    """The game so far as every seat can follow it from the public log.

    The log names the card that left a hand but not its slot. Which slot it was is settled first, hand by
    hand (a hand's clue knowledge depends on nothing else): a depth-first search over the slots a card may
    have left from, likeliest first (the card the conventions would have chosen), keeps the first history
    whose clue knowledge ends exactly as the View shows it. Then the log is read once more in order with
    those slots, reading each clue as the conventions do (which may build on cards in other hands). A hand
    whose history isn't found within the search budget keeps only the engine's clue knowledge.
    """

    SEARCH_BUDGET = 600  # search nodes per hand: bounded work, the same answer on every machine

    def __init__(self, view: HanabiView) -> None:
        cfg = config(view.options)
        self.cfg = cfg
        table = self._table_before_log(view, cfg)
        n = len(view.players)
        size = hand_size(view.options, n)
        deck = len(cfg.deck) - n * size - sum(table.piles) - sum(table.discarded.values())
        # Per hand: (kind, table as it stood, details) for each event that touched it.
        stories: list[list[tuple[str, Table, Any]]] = [[] for _ in range(n)]
        timeline: list[tuple[str, int, Table, Any]] = []
        for entry in view.log:
            kind, args = entry.kind, entry.args
            if kind in ("play", "misfire", "discard"):
                ident = _code(args["card"])
                draws = deck > 0
                if draws:
                    deck -= 1
                step = (kind, table.snapshot(), (ident, draws))
                stories[args["seat"]].append(step)
                timeline.append((kind, args["seat"], *step[1:]))
                if kind == "play":
                    table.piles[cfg.suit_index[ident[0]]] += 1
                else:
                    table.discarded[ident] += 1
            elif kind in ("colour_clue", "number_clue"):
                colour = kind == "colour_clue"
                value = args["suit"] if colour else args["rank"]
                step = ("clue", table.snapshot(), (tuple(args["slots"]), colour, value))
                stories[args["target"]].append(step)
                timeline.append(("clue", args["target"], step[1], (*step[2], args["seat"])))
            elif kind == "return_discard":
                table.discarded[_code(args["card"])] -= 1
                deck += 1
            elif kind == "replay_discard":
                ident = _code(args["card"])
                table.discarded[ident] -= 1
                table.piles[cfg.suit_index[ident[0]]] += 1
        self.table = table.freeze()
        picks: list[list[int]] = []
        self.solved: list[bool] = []
        for h in view.hands:
            final = tuple(s.knowledge for s in h.slots)
            start = tuple(Token(cfg.initial_knowledge) for _ in range(size))
            found = _HandSearch(stories[h.seat], final, cfg, self.SEARCH_BUDGET).run(start)
            self.solved.append(found is not None)
            picks.append(found if found is not None else [])
        self.n = n
        self.hands = [[Token(cfg.initial_knowledge) for _ in range(size)] for _ in range(n)]
        # Play clues that may be finesses, until the player asked to play blind acts.
        self.pending_finesses: list[PendingFinesse] = []
        self.moved_chop: int | None = None  # the hand whose chop the latest event moved (a clue touching it)
        # The seats whose clues touched a clued card that misfired as something the conventions' reading of
        # its clues had ruled out: they do not follow the conventions (a person, most likely), so from then
        # on the clues they give count only for what they prove. (A finesse misread, a blind misfire, is the
        # reader's error: not counted.)
        self.misleading: set[int] = set()
        used = [0] * n
        for kind, who, then, detail in timeline:
            pick = None
            if kind != "clue":
                if used[who] < len(picks[who]):
                    pick = picks[who][used[who]]
                used[who] += 1
            self._follow(kind, who, then, detail, pick)
        for h in view.hands:
            if not self.solved[h.seat]:
                self.hands[h.seat] = [Token(s.knowledge) for s in h.slots]

    def _follow(self, kind: str, who: int, then: Table, detail: Any, pick: int | None) -> None:
        """Read one event of the log with the table as it stood (`pick`: the slot a card left from, if known)."""
        cfg = self.cfg
        hands = self.hands
        pending = self.pending_finesses
        self.moved_chop = None
        hand = hands[who]
        actor = detail[3] if kind == "clue" else who
        for waiting in [p for p in pending if p.seat == actor]:
            blind = None
            if kind == "play":
                # Only the card that was the newest unclued one at the clue counts as the blind play.
                if pick is not None and pick < len(hand) and hand[pick] is waiting.blind:
                    blind = detail[0]
            settle_finesse(waiting.focus, waiting.finessed, blind, cfg)
            pending.remove(waiting)
        if kind == "clue":
            slots, colour, value, giver = detail
            if all(s < len(hand) for s in slots):
                blind_seat = finesse_seat(giver, who, self.n)
                blind_slot = finesse_slot(hands[blind_seat]) if self.n >= 3 and blind_seat != who else None
                clued = clued_options(then, hands, who) if blind_slot is not None else None
                chop_before = chop_index(hand)
                focus, finessed = interpret_clue(then, hand, slots, colour, value, queued_piles(then, hands), clued)
                for touched in slots:
                    hand[touched].givers |= {giver}
                if finessed and focus is not None and blind_slot is not None:
                    pending.append(PendingFinesse(blind_seat, hand[focus], finessed, hands[blind_seat][blind_slot]))
                if chop_before is not None and chop_before in slots:
                    self.moved_chop = who
            return
        ident, draws = detail
        if pick is None:
            pick = next(iter(_HandSearch.candidates(kind, then, tuple(hand), ident)), len(hand) - 1)
        if kind == "misfire" and hand:
            token = hand[min(pick, len(hand) - 1)]
            if token.know.touched and token.allowed is not None and ident not in token.allowed:
                self.misleading |= token.givers
        if hand:
            del hand[min(pick, len(hand) - 1)]
        if draws:
            hand.insert(0, Token(cfg.initial_knowledge))

    def copy(self) -> Replay:
        """An independent copy (tokens too), for following a possible future without touching this one."""
        twin = Replay.__new__(Replay)
        twin.cfg, twin.table, twin.solved, twin.n = self.cfg, self.table, self.solved, self.n
        twin.moved_chop = self.moved_chop
        twin.misleading = set(self.misleading)
        fresh: dict[int, Token] = {}
        twin.hands = []
        for hand in self.hands:
            copied = []
            for t in hand:
                fresh[id(t)] = c = t.copy()
                copied.append(c)
            twin.hands.append(copied)

        def same(t: Token) -> Token:
            return fresh.get(id(t)) or t.copy()  # a token that left every hand: nobody will find it again

        twin.pending_finesses = [
            PendingFinesse(p.seat, same(p.focus), p.finessed, same(p.blind)) for p in self.pending_finesses
        ]
        return twin

    def advance(self, events: Iterable[Any], slot: int | None, draws: bool) -> None:
        """Follow the events one action added to the log (`slot`: the card it played or discarded)."""
        for entry in events:
            kind, args = entry.kind, entry.args
            then = self.table
            if kind in ("play", "misfire", "discard"):
                ident = _code(args["card"])
                self._follow(kind, args["seat"], then, (ident, draws), slot)
                table = then.snapshot()
                table.copies_left = table.options_cache = None
                if kind == "play":
                    table.piles[self.cfg.suit_index[ident[0]]] += 1
                else:
                    table.discarded[ident] += 1
                self.table = table.freeze()
            elif kind in ("colour_clue", "number_clue"):
                colour = kind == "colour_clue"
                value = args["suit"] if colour else args["rank"]
                self._follow("clue", args["target"], then, (tuple(args["slots"]), colour, value, args["seat"]), None)

    @staticmethod
    def _table_before_log(view: HanabiView, cfg: Config) -> Table:
        """The piles and discards before the log's first event (empty for a game logged from its start)."""
        table = Table(cfg, len(view.players))
        piles = list(view.piles)
        discarded = Counter((c.suit, c.rank) for c in view.discard)
        for entry in view.log:
            kind, args = entry.kind, entry.args
            if kind in ("play", "replay_discard"):
                piles[cfg.suit_index[args["card"][0]]] -= 1
            if kind in ("misfire", "discard"):
                discarded[_code(args["card"])] -= 1
            elif kind in ("return_discard", "replay_discard"):
                discarded[_code(args["card"])] += 1
        table.piles = [max(0, p) for p in piles]
        table.discarded = Counter({i: c for i, c in discarded.items() if c > 0})
        return table

    @property
    def consistent(self) -> bool:
        return all(self.solved)


class _HandSearch:
    """Which slot each card that left one hand came from, found by search (see Replay)."""

    def __init__(self, story: list[tuple[str, Table, Any]], final: tuple[Knowledge, ...], cfg: Config, budget: int) -> None:
        self.story = story
        self.final = final
        self.cfg = cfg
        self.budget = budget
        self.picks: list[int] = []

    def run(self, hand: tuple[Token, ...]) -> list[int] | None:
        return list(self.picks) if self._from(0, hand) else None

    def _from(self, index: int, hand: tuple[Token, ...]) -> bool:
        self.budget -= 1
        if self.budget < 0:
            return False
        story = self.story
        while index < len(story):
            kind, table, detail = story[index]
            if kind != "clue":
                break
            slots, colour, value = detail
            if any(s >= len(hand) for s in slots):
                return False
            tokens = [t.copy() for t in hand]
            interpret_clue(table, tokens, slots, colour, value)
            if any(not t.know.suits or not t.know.ranks for t in tokens):
                return False  # the clue could not have touched (or missed) these cards: a wrong guess earlier
            hand = tuple(tokens)
            index += 1
        if index == len(story):
            return len(hand) == len(self.final) and all(t.know == k for t, k in zip(hand, self.final))
        kind, table, (ident, draws) = story[index]
        tried: set[tuple[Any, ...]] = set()
        for pick in self.candidates(kind, table, hand, ident):
            rest = hand[:pick] + hand[pick + 1 :]
            if draws:
                rest = (Token(self.cfg.initial_knowledge), *rest)
            signature = tuple((t.know, t.allowed) for t in rest)
            if signature in tried:
                continue
            tried.add(signature)
            self.picks.append(pick)
            if self._from(index + 1, rest):
                return True
            self.picks.pop()
            if self.budget < 0:
                return False
        return False

    @staticmethod
    def candidates(kind: str, table: Table, hand: tuple[Token, ...], ident: Identity) -> list[int]:
        """The slots the card may have left from, the likeliest first."""
        fits = [i for i, t in enumerate(hand) if ident[0] in t.know.suits and ident[1] in t.know.ranks]

        def known(i: int, test: Any) -> bool:
            return all(test(x) for x in public_options(table, hand[i]))

        if kind == "discard":
            trash = [i for i in fits if known(i, table.dead)]
            untouched = [i for i in reversed(fits) if not hand[i].know.touched and i not in trash]
            touched = [i for i in reversed(fits) if hand[i].know.touched and i not in trash]
            return trash + untouched + touched
        sure = [i for i in fits if known(i, table.playable)]
        marked = [i for i in fits if i not in sure and hand[i].know.touched]
        return sure + marked + [i for i in fits if i not in sure and i not in marked]


# -- the hard player -----------------------------------------------------------------------------------


def finesse_asked_of(view: HanabiView) -> int | None:
    """The slot of the card the Hard conventions read a clue as asking this seat to play blind (a finesse
    on it), or None: what a Hard player in this seat would play now, read from the seat's View alone. The
    turn screen tells a person at a table with Hard computers, who read their finesses so (a tester did not
    see one aimed at them)."""
    if view.phase != "turn" or view.seat is None or view.current != view.seat:
        return None
    return Decision(view).finessed_slot()


class ConventionBot:
    """The convention player described in the module docstring."""

    def choose(self, view: HanabiView, rng: random.Random) -> Any:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if view.phase == "reshuffle_discard":
            return self._reshuffle(view, Replay(view).table)
        if view.phase == "replay_discard":
            return next((a for a in legal if isinstance(a, ReplayDiscard)), legal[0])
        decision = Decision(view)
        choice = decision.best()
        if EndgameSearch.applies(view):
            return EndgameSearch(decision, rng).best(choice)
        return choice

    @staticmethod
    def _reshuffle(view: HanabiView, table: Table) -> Any:
        """Shuffle back the most needed discarded card (the last copies first), or nothing."""
        best, best_value = None, 0
        for card in view.discard:
            ident = (card.suit, card.rank)
            if table.dead(ident):
                continue
            value = 3 if table.left(ident) == 0 else 1
            value += 1 if card.rank == 5 else 0
            if value > best_value:
                best, best_value = card, value
        if best is None:
            return SkipBonus()
        return ReturnDiscard(card_id=best.id)


class Decision:
    """One decision of the hard player: the tracked position plus what this seat sees."""

    def __init__(self, view: HanabiView, replay: Replay | None = None) -> None:
        self.view = view
        self.replay = replay if replay is not None else Replay(view)
        self.table = self.replay.table
        self.cfg = self.replay.cfg
        self.seat = view.seat if view.seat is not None else view.current
        self.n = len(view.players)
        # Copies of each identity this seat cannot see (its own hand and the deck).
        unseen = Counter({i: self.table.left(i) for i in self.cfg.counts})
        for h in view.hands:
            if h.seat != self.seat:
                for s in h.slots:
                    if s.card is not None:
                        unseen[(s.card.suit, s.card.rank)] -= 1
        self.unseen = unseen
        self.mine = self.replay.hands[self.seat]
        self.distrusted = frozenset(self.replay.misleading)  # clue givers whose clues count only for what they prove
        self.settle_what_i_see()
        self.queued = queued_piles(self.table, self.replay.hands)
        # The piles as they stand when my cards clued by a misleading giver count only for what the clues prove.
        self.queued_proven = self.queued
        if not all(self.trusts(t) for t in self.mine):
            hands = list(self.replay.hands)
            hands[self.seat] = [t if self.trusts(t) else Token(t.know) for t in self.mine]
            self.queued_proven = queued_piles(self.table, hands)

    def trusts(self, token: Token) -> bool:
        """Whether the conventions' reading of this card's clues counts: none came from a misleading giver."""
        return not token.givers & self.distrusted

    # -- my own cards

    def weights(self, token: Token) -> dict[Identity, int]:
        """Each identity my card may be, weighted by the copies I cannot see; narrowed by what the
        conventions read into its clues unless one of its givers has misled the table (then the clues alone
        count)."""
        base = {i: self.unseen[i] for i in self.table.identities(token.know) if self.unseen[i] > 0}
        if token.allowed is not None and self.trusts(token):
            narrowed = {i: w for i, w in base.items() if i in token.allowed}
            if narrowed:
                return narrowed
        return base

    def chance_playable(self, token: Token) -> float:
        w = self.weights(token)
        total = sum(w.values())
        return sum(c for i, c in w.items() if self.table.playable(i)) / total if total else 0.0

    def chance_dead(self, token: Token) -> float:
        w = self.weights(token)
        total = sum(w.values())
        return sum(c for i, c in w.items() if self.table.dead(i)) / total if total else 1.0

    # -- the choice

    def best(self) -> Any:
        view = self.view
        legal = set(view.legal_actions)
        if view.phase in ("free_colour_clue", "free_number_clue"):
            clues = [a for a in view.legal_actions if isinstance(a, (ColourClue, NumberClue))]
            return max(clues, key=self.clue_value) if clues else view.legal_actions[0]
        tokens = view.clue_tokens
        can_clue = tokens > 0
        can_discard = tokens < MAX_CLUE_TOKENS
        clues = [a for a in view.legal_actions if isinstance(a, (ColourClue, NumberClue))] if can_clue else []

        blind = self.finessed_slot()
        if blind is not None:
            return PlayCard(slot=blind)
        sure = [i for i, t in enumerate(self.mine) if self.chance_playable(t) >= 1.0]
        if can_clue:
            save = self.urgent_save(clues)
            if save is not None:
                return save
        if sure and self.warn_by_discarding():
            return DiscardCard(slot=self.pick_discard())
        if self.chop_warned():
            if sure:
                return PlayCard(slot=self.pick_play(sure))
            spare = self.known_trash() or [i for i, t in enumerate(self.mine) if not t.know.touched and i != chop_index(self.mine)]
            if spare:
                return DiscardCard(slot=spare[0])
        if sure:
            first = self.clue_before_playing(clues, sure)
            if first is not None:
                return first
            return PlayCard(slot=self.pick_play(sure))
        risky = self.likely_play()
        if risky is not None:
            return PlayCard(slot=risky)

        best_clue, best_value = None, float("-inf")
        for clue in clues:
            value = self.clue_value(clue)
            if value > best_value:
                best_clue, best_value = clue, value
        # Clues are spent on cards that get played (now, or once known cards go down) and on saves. With two
        # players the last token goes only to a card that plays at once: the partner may need it to save. With
        # more, each bar is lower (the measure: +0.03 at 3p), and the token reserve below guards the save.
        # (Three players, 300 dev deals: a bar of 5 or 7 instead of 6 moved the score +0.04 +- 0.09 and
        # +0.03 +- 0.11, with 40-odd deals changed: flat.)
        if self.n == 2:
            threshold = 9.5 if tokens == 1 else 7.0
        else:
            threshold = 7.0 if tokens == 1 else 6.0
        if tokens == 1 and self.n >= 3 and can_discard and best_clue is not None:
            # The player after next must be saved and has nothing to play: only the next player can save it,
            # and only with this token. Discarding leaves two (3p: 23.03 -> 23.12, 4p: 22.58 -> 22.66).
            after_next = (self.seat + 2) % self.n
            danger = self.in_danger(after_next)
            if danger is not None and not (best_clue.target == after_next and self.touches(best_clue, after_next)[danger]):
                best_clue, best_value = None, float("-inf")
        if best_clue is not None and (best_value >= threshold or not can_discard):
            return best_clue

        gamble = self.endgame_gamble()
        if gamble is not None:
            return gamble
        chop = chop_index(self.mine)
        if self.replay.moved_chop == self.seat and chop is not None and best_clue is not None and best_value > float("-inf"):
            # The clue just given saved my chop: nobody has looked at the card that is my chop now. Stall
            # with a clue so the next clue giver can see it before I throw it away.
            return best_clue
        # Stalling too when the previous player's discard or misfire may have left my chop the last copy
        # (nobody has looked at it knowing that) cost 2p 0.08 and 0.17 a game (400 dev deals; stalling from
        # an expected loss of 0.1 and 0.05 points): the tokens are worth more. Not kept.
        locked = chop is None and not self.known_trash()
        if locked and best_clue is not None and best_value > float("-inf") and self.others_can_move():
            # Every card of mine is clued: a discard would throw away a card worth keeping. Wait, while a
            # partner can still play or discard an unclued card; when nobody can, waiting only burns clues.
            return best_clue
        if best_clue is not None and best_value > float("-inf") and view.deck_size <= self.n:
            # Near the end of the deck a discard brings the last round closer; a harmless clue does not.
            return best_clue
        if can_discard:
            return DiscardCard(slot=self.pick_discard())
        if best_clue is not None and best_clue in legal:
            return best_clue
        if clues:
            # Every clue misleads and none may be skipped (no discard at eight tokens): mislead least.
            return min(clues, key=self.misread_harm)
        return view.legal_actions[0]

    def clue_before_playing(self, clues: list[Any], sure: list[int]) -> Any:
        """Two players: a card I know stays playable, while my partner's playable card needs a clue and a
        turn of theirs: give that clue first (first tried only near the end of the deck: 2p 23.05 there,
        23.13 always). With three players the measure said it costs 0.45."""
        deck = self.view.deck_size
        if self.n != 2 or not clues or deck == 0 or len(sure) > 1:
            return None
        visible_clued = {
            (s.card.suit, s.card.rank) for h in self.view.hands for s in h.slots if s.card is not None and s.knowledge.touched
        }
        for x in self.weights(self.mine[sure[0]]):
            if self.next_identity(x) in visible_clued:
                return None  # a partner's clued card waits for mine
        best, best_value = None, 9.5
        for clue in clues:
            if self.partner_will_play(clue.target):
                continue
            value = self.clue_value(clue)
            if value >= best_value:
                best, best_value = clue, value
        return best

    # A clued card this likely to play is played while at most one fuse is lit, if a miss would cost little.
    LIKELY_PLAY = 0.45
    MISS_COST = 0.2

    def likely_play(self) -> int | None:
        """A clued card that is probably playable, when a misfire would neither end the show nor throw away
        much (the clues leave it few options, mostly playable ones or spare copies)."""
        if self.view.misfires > 1:
            return None
        best, best_chance = None, self.LIKELY_PLAY
        for i, t in enumerate(self.mine):
            if not t.know.touched:
                continue
            chance = self.chance_playable(t)
            if chance >= best_chance and self.misfire_risk(t) <= self.MISS_COST:
                best, best_chance = i, chance + 1e-9
        return best

    def misfire_risk(self, token: Token) -> float:
        """The points a misfire of this card would throw away, on average over what it may be."""
        w = self.weights(token)
        total = sum(w.values()) or 1
        return sum(c * self.miss_loss(x) for x, c in w.items() if not self.table.playable(x)) / total

    def miss_loss(self, ident: Identity) -> float:
        """What a misfire of this card costs: as a discard, except that losing one of only two copies of a
        card still needed counts a full point (the other copy becomes the last)."""
        table = self.table
        if table.dead(ident) or table.critical(ident) or table.left(ident) > 2:
            return self.loss_if_discarded(ident)
        return 1.0

    def finessed_slot(self) -> int | None:
        """The card a finesse asks me to play blind: its focus (which I see) is a card only my blind play
        can make playable. It is the card that was my newest unclued one when the clue was given."""
        for waiting in self.replay.pending_finesses:
            if waiting.seat != self.seat or not self.trusts(waiting.focus) or not self.asked_to_play_blind(waiting):
                continue
            for i, token in enumerate(self.mine):
                if token is waiting.blind and not token.know.touched:
                    return i
        return None

    def locate(self, token: Token) -> tuple[int, int] | None:
        """(seat, slot) of a tracked card still in a hand."""
        for seat, hand in enumerate(self.replay.hands):
            for j, held in enumerate(hand):
                if held is token:
                    return seat, j
        return None

    def settle_what_i_see(self) -> None:
        """A finesse whose focus is in my hand waits for the blind player's turn; but if the card that player
        would play (which I see) cannot be the missing one, the clue was a direct one and I read it so now."""
        for waiting in self.replay.pending_finesses:
            focus = self.locate(waiting.focus)
            blind = self.locate(waiting.blind)
            if focus is None or focus[0] != self.seat or blind is None:
                continue
            card = self.view.hands[blind[0]].slots[blind[1]].card
            if card is None:
                continue
            held = (card.suit, card.rank)
            if not any(predecessor(self.cfg, x) == held for x in waiting.finessed):
                settle_finesse(waiting.focus, waiting.finessed, None, self.cfg)

    def misread_harm(self, clue: Any) -> tuple[int, int]:
        """(cards the target would wrongly think playable, cards whose reading leaves out the true card)."""
        target = clue.target
        touched = self.touches(clue, target)
        after = [t.copy() for t in self.replay.hands[target]]
        colour = isinstance(clue, ColourClue)
        slots = [i for i, hit in enumerate(touched) if hit]
        interpret_clue(self.table, after, slots, colour, clue.suit if colour else clue.rank, self.queued)
        wrong_play = misread = 0
        for held, token in zip(self.view.hands[target].slots, after):
            if held.card is None:
                continue
            ident = (held.card.suit, held.card.rank)
            options = public_options(self.table, token)
            misread += ident not in options
            wrong_play += all(self.table.playable(x) for x in options) and not self.table.playable(ident)
        return wrong_play, misread

    def pick_play(self, slots: list[int]) -> int:
        """Fives first (they bring a clue back), then the card that lets a partner's card follow."""
        visible = self.visible_identities()

        def merit(i: int) -> tuple[float, int]:
            w = self.weights(self.mine[i])
            total = sum(w.values()) or 1
            five = sum(c for x, c in w.items() if x[1] == 5 and self.table.position(x) == PILE_SIZE) / total
            unlock = 0.0
            for x, c in w.items():
                nxt = self.next_identity(x)
                if nxt is not None and nxt in visible:
                    unlock += c / total
            return (five * 2 + unlock, -i)

        return max(slots, key=merit)

    def next_identity(self, ident: Identity) -> Identity | None:
        suit, rank = ident
        black = self.cfg.suit_index[suit] == self.cfg.black_index
        nxt = rank - 1 if black else rank + 1
        return (suit, nxt) if 1 <= nxt <= 5 else None

    def visible_identities(self) -> set[Identity]:
        return {(s.card.suit, s.card.rank) for h in self.view.hands for s in h.slots if s.card is not None}

    def warn_by_discarding(self) -> bool:
        """No clue token: the next player has nothing to play and will throw away a chop that must live.
        Playing my known card would leave it so; a discard instead (when the table knows I could have
        played) gives a token back and tells that player its chop is in danger (2p: 23.00 -> 23.05, 3p and
        4p: +0.02). Not from a hand whose every card is clued: the warning would throw one of those away,
        often a 5 (2p, paired on 600 dev deals: +0.04 a game; held out, 500 deals: +0.01 +- 0.04, within
        noise; 3p: one deal in 200 changed)."""
        if self.view.clue_tokens != 0 or self.view.deck_size == 0:
            return False
        if chop_index(self.mine) is None and not self.known_trash():
            return False
        partner = (self.seat + 1) % self.n
        return self.in_danger(partner) is not None and self.partner_will_play(self.seat)

    def chop_warned(self) -> bool:
        """The player before me has just discarded at no clue token though the table knows it could play: my
        chop must not be discarded (so I play, or throw another card, and leave the tokens for the save)."""
        if self.view.clue_tokens != 1 or not self.view.log or self.view.deck_size == 0:
            return False
        last = self.view.log[-1]
        partner = (self.seat - 1) % self.n
        return last.kind == "discard" and last.args.get("seat") == partner and self.partner_will_play(partner)

    def known_trash(self) -> list[int]:
        """My cards known to be useless."""
        return [i for i, t in enumerate(self.mine) if self.chance_dead(t) >= 1.0]

    def pick_discard(self) -> int:
        hand = self.mine
        trash = self.known_trash()
        if trash:
            return trash[0]
        chop = chop_index(hand)
        if chop is not None:
            return chop

        # Every card is clued: give up the one least likely to matter. (Playing instead a clued card at least
        # 40% or 55% likely to fit, when a misfire would lose no more than this discard, did nothing for two
        # players: -0.01 a game both, 400 dev deals.)
        def keep(i: int) -> tuple[float, int]:
            w = self.weights(hand[i])
            total = sum(w.values()) or 1
            return (sum(c * self.loss_if_discarded(x) for x, c in w.items()) / total, -i)

        return min(range(len(hand)), key=keep)

    def loss_if_discarded(self, ident: Identity) -> float:
        """Roughly the points thrown away with this card: a last copy costs its pile's rest."""
        table = self.table
        if table.dead(ident):
            return 0.0
        if table.critical(ident):
            return 1.0 + PILE_SIZE - table.position(ident)
        return 0.5 if table.playable(ident) else 0.25

    def endgame_gamble(self) -> Any:
        """Once the deck is out a discard buys little: try the likeliest card while a misfire can't end the show."""
        view = self.view
        if view.deck_size > 0 or view.misfires >= MAX_MISFIRES - 1:
            return None
        chances = [(self.chance_playable(t), -i) for i, t in enumerate(self.mine)]
        if not chances:
            return None
        chance, neg = max(chances)
        if chance <= 0.0:
            return None
        if view.clue_tokens > 0 and chance < 0.5 and view.final_turns_left is None:
            return None
        return PlayCard(slot=-neg)

    # -- clues

    def others_can_move(self) -> bool:
        """Whether some partner holds a card known playable or an unclued card it may discard."""
        return any(
            chop_index(self.replay.hands[seat]) is not None or self.partner_will_play(seat)
            for seat in range(self.n)
            if seat != self.seat
        )

    def partner_will_play(self, seat: int) -> bool:
        """Whether a partner holds a card its clues (as the table reads them) prove playable."""
        return any(all(self.table.playable(x) for x in public_options(self.table, t)) for t in self.replay.hands[seat])

    def asked_to_play_blind(self, waiting: PendingFinesse) -> bool:
        """Whether a finesse's focus, which I see, is one only the blind play explains."""
        focus = self.locate(waiting.focus)
        if focus is None or focus[0] == self.seat:
            return False
        card = self.view.hands[focus[0]].slots[focus[1]].card
        return card is not None and (card.suit, card.rank) in waiting.finessed

    def in_danger(self, seat: int) -> int | None:
        """The chop of a partner with nothing to play, when that card must not be discarded."""
        if self.partner_will_play(seat):
            return None
        chop = chop_index(self.replay.hands[seat])
        if chop is None:
            return None
        card = self.view.hands[seat].slots[chop].card
        if card is None or not self.must_keep((card.suit, card.rank), seat, chop):
            return None
        return chop

    def urgent_save(self, clues: list[Any]) -> Any:
        """The next player discards its chop when it has nothing to play: save that card if it must live."""
        nxt = (self.seat + 1) % self.n
        # At eight tokens too: the clue given instead may leave the card where the next player throws it
        # (2p: +0.035 +- 0.065 a game on 400 dev deals, 3p: +0.043 +- 0.057 on 300).
        chop = self.in_danger(nxt)
        if chop is None:
            return None
        saving = [c for c in clues if c.target == nxt and self.touches(c, nxt)[chop]]
        scored = [(self.clue_value(c), i) for i, c in enumerate(saving)]
        scored = [(v, i) for v, i in scored if v > float("-inf")]
        if not scored:
            return None
        clue = saving[max(scored)[1]]
        if self.view.clue_tokens == 1 and self.worth_more_behind(clue, nxt, chop):
            return None
        return clue

    def worth_more_behind(self, clue: Any, target: int, chop: int) -> bool:
        """A save with the last token leaves the target no token to stall with: having nothing to play, it
        discards the card the save makes its chop. When that card must live too and is worth more than the
        one saved, the save only trades a card for a dearer one: better let the first go, and the tokens
        its discard brings back save the second."""
        touched = self.touches(clue, target)
        hand = self.replay.hands[target]
        behind = next((i for i in range(len(hand) - 1, -1, -1) if not hand[i].know.touched and not touched[i]), None)
        if behind is None:
            return False
        cards = self.view.hands[target].slots
        saved, exposed = cards[chop].card, cards[behind].card
        if saved is None or exposed is None or not self.must_keep((exposed.suit, exposed.rank), target, behind):
            return False
        return self.loss_if_discarded((exposed.suit, exposed.rank)) > self.loss_if_discarded((saved.suit, saved.rank))

    def must_keep(self, ident: Identity, holder: int, slot: int) -> bool:
        if self.table.dead(ident):
            return False
        if self.n == 2 and self.table.position(ident) == PILE_SIZE and self.table.played(ident) == 0 and self.view.deck_size > 10:
            # Two players: a 5 whose pile has not started is worth one point and would block a slot of a
            # five-card hand for most of the game; it is let go until the deck runs low. Measured again at
            # 23.36 (500 dev deals): saving every such 5 cost 0.10 a game, saving it at 6 or 4 tokens 0.06
            # and 0.07, letting a 5 go once its pile holds one card too 0.14; the deck bar (5 to 25) hardly matters.
            return False
        if self.table.critical(ident):
            return True
        if self.table.two_saves and ident[1] == 2 and self.table.position(ident) == 2:
            # A 2 whose twin is nowhere else in sight.
            others = sum(
                1
                for h in self.view.hands
                for j, s in enumerate(h.slots)
                if s.card is not None and (s.card.suit, s.card.rank) == ident and not (h.seat == holder and j == slot)
            )
            return others == 0
        return False

    def touches(self, clue: Any, target: int) -> list[bool]:
        return [s.card is not None and clue_touches(s.card, clue, self.cfg.avalanche) for s in self.view.hands[target].slots]

    def clue_value(self, clue: Any) -> float:
        """What a clue is worth once the target reads it by the conventions; -inf if it would mislead.
        A clue must also read right with my cards from a misleading giver counted only for what their clues
        prove: I no longer trust the readings of them, so a clue may not build on them."""
        value = self._clue_value(clue, self.queued)
        if self.queued_proven is not self.queued and value > float("-inf"):
            value = min(value, self._clue_value(clue, self.queued_proven))
        return value

    def _clue_value(self, clue: Any, queued: list[int]) -> float:
        target = clue.target
        left = self.view.final_turns_left
        if left is not None and (target - self.seat) % self.n >= left:
            # The last round: the target has no turn left to act on it. A wasted clue, which a person
            # would call out (the rules say Hard clues only players who still have a turn).
            return float("-inf")
        slots = self.view.hands[target].slots
        touched = self.touches(clue, target)
        before = self.replay.hands[target]
        after = [t.copy() for t in before]
        colour = isinstance(clue, ColourClue)
        table = self.table
        for waiting in self.replay.pending_finesses:
            spot = self.locate(waiting.blind)
            if waiting.seat == target and spot is not None and touched[spot[1]]:
                return float("-inf")  # the card a finesse asks that player to play blind must stay unclued
        blind_seat = finesse_seat(self.seat, target, self.n)
        blind_slot = finesse_slot(self.replay.hands[blind_seat]) if self.n >= 3 and blind_seat != target else None
        clued = clued_options(table, self.replay.hands, target) if blind_slot is not None else None
        hits = [i for i, hit in enumerate(touched) if hit]
        focus, finessed = interpret_clue(table, after, hits, colour, clue.suit if colour else clue.rank, queued, clued)
        finesse_value = 0.0
        if finessed and focus is not None and blind_slot is not None:
            # Settle it as the blind player will: a blind play when their newest unclued card is the missing one.
            blind = None
            focus_card = slots[focus].card
            if focus_card is not None and blind_slot < len(self.view.hands[blind_seat].slots):
                held = self.view.hands[blind_seat].slots[blind_slot].card
                focus_ident = (focus_card.suit, focus_card.rank)
                missing = predecessor(self.cfg, focus_ident)
                if held is not None and focus_ident in finessed and missing == (held.suit, held.rank):
                    blind = (held.suit, held.rank)
                    if focus_ident in self.clued_elsewhere(target) or blind in self.clued_elsewhere(blind_seat):
                        return float("-inf")  # a clued copy would be played twice
                    finesse_value = 18.0 + (2 if table.position(focus_ident) == PILE_SIZE else 0)
                elif focus_ident in finessed:
                    return float("-inf")  # the blind player would take it for a finesse and play blind
            settle_finesse(after[focus], finessed, blind, self.cfg)

        def coming(x: Identity) -> bool:
            return table.position(x) == queued[self.cfg.suit_index[x[0]]] + 1
        elsewhere = self.clued_elsewhere(target)
        value = 0.0
        seen_in_clue: set[Identity] = set()
        chop = chop_index(before)
        for i, hit in enumerate(touched):
            card = slots[i].card
            if card is None:
                continue
            ident = (card.suit, card.rank)
            options_after = public_options(table, after[i])
            if ident not in options_after:
                return float("-inf")
            options_before = public_options(table, before[i])
            known_after = all(table.playable(x) for x in options_after)
            known_before = all(table.playable(x) for x in options_before)
            if known_after and not known_before:
                if ident in elsewhere or ident in seen_in_clue:
                    return float("-inf")  # two seats would both play it
                value += 10 + (2 if table.position(ident) == PILE_SIZE else 0)
            elif not known_after and all(coming(x) or table.playable(x) for x in options_after):
                if not all(coming(x) or table.playable(x) for x in options_before):
                    if ident in elsewhere or ident in seen_in_clue:
                        return float("-inf")
                    value += 7
            value += 0.1 * (len(options_before) - len(options_after))
            if hit and not before[i].know.touched:
                if table.dead(ident):
                    value -= 4
                elif ident in elsewhere or ident in seen_in_clue:
                    value -= 3
                else:
                    near = table.position(ident) <= queued[self.cfg.suit_index[ident[0]]] + 2
                    value += 1 if near or table.critical(ident) else 0.3
                    if i == chop and self.must_keep(ident, target, i):
                        value += 6 if target == (self.seat + 1) % self.n else 4
                seen_in_clue.add(ident)
        value += finesse_value
        new_chop = chop_index(after)
        if new_chop is None and chop is not None:
            will_play = any(all(table.playable(x) for x in public_options(table, t)) for t in after)
            if not will_play:
                value -= 4  # the clue locks the hand: its next discard throws away a clued card
        if new_chop is not None and new_chop != chop:
            card = slots[new_chop].card
            if card is not None and self.must_keep((card.suit, card.rank), target, new_chop):
                # The clue hands the target a new chop that must not be discarded.
                will_play = any(all(table.playable(x) for x in public_options(table, t)) for t in after)
                value -= 3 if will_play else 7
        return value

    def clued_elsewhere(self, target: int) -> set[Identity]:
        """Identities already touched in other hands I can see, or proven in my own."""
        out: set[Identity] = set()
        for h in self.view.hands:
            if h.seat == target:
                continue
            if h.seat == self.seat:
                for t in self.mine:
                    w = self.weights(t)
                    if t.know.touched and len(w) == 1:
                        out.update(w)
                continue
            for s in h.slots:
                if s.card is not None and s.knowledge.touched:
                    out.add((s.card.suit, s.card.rank))
        return out


class EndgameSearch:
    """Near the end of the deck, try the convention choice against a few other actions: deal my unseen
    cards and the deck at random in ways that fit what I know (the same deals for every action, so the
    actions are compared on equal luck), play each deal out to the end with every seat following the
    conventions on its own view of that deal, and take the action with the best mean score when it beats
    the convention choice by a margin. The deals are built from my View alone; so are every seat's
    decisions in them (each sees its own view of the deal, never its own cards)."""

    # searched while the deck holds at most players + this many cards (4 with two players: -0.007 +- 0.028
    # a game over 400 dev deals, 16 changed)
    DECK_LEFT = 3
    # Turns played out per decision, over every action and deal: bounded work (400 on the same deals: 2p +0.00,
    # 3p +0.03, 4p +0.08 a game, none beyond its noise, for twice the time: not kept).
    ROLLOUT_TURNS = 200
    # With four players the search starts earlier (players + 5 cards), its work grows with the turns left
    # (DEALS_WANTED deals of every action, up to MAX_ROLLOUT_TURNS), and at two misfires it tries only sure
    # plays. Paired on the same dev positions: 4p +0.14 ± 0.05 a game (misfires -0.02), but 2p +0.01 and 3p
    # -0.01 with more misfires (0.39 -> 0.44 at 3p), so the other counts keep the narrow search. Wider
    # windows (6, 8) lost whole games to a gamble at one misfire followed by a fatal third.
    WIDER_DECK_LEFT = {4: 5}
    DEALS_WANTED = 8
    MAX_ROLLOUT_TURNS = 500  # about 0.3 s of processor time at 4p p95
    MIN_DEALS = 4
    MARGIN = 0.15  # points a game an action must win by to replace the convention choice
    NOISE = 2.0  # standard errors of its gain on the same deals it must win by
    # A card less likely than this to play is not tried: such a misfire is one a person would call out
    # (trying every card: 2p +0.10 a game, but misfires 0.38 -> 0.57; from 0.4 on: +0.25, misfires alike).
    PLAY_CHANCE = 0.4
    CLUES_TRIED = 2  # the best clues by the conventions' own value

    def __init__(self, decision: Decision, rng: random.Random) -> None:
        self.decision = decision
        self.rng = rng
        self.turns = 0  # turns played out so far in this decision
        self.wider = len(decision.view.players) in self.WIDER_DECK_LEFT

    @classmethod
    def applies(cls, view: HanabiView) -> bool:
        """Whether this turn is searched: an ordinary turn near the end of the deck (not with the five
        flamboyants, whose face-down tiles a deal would have to guess too)."""
        players = len(view.players)
        return (
            view.phase == "turn"
            and not view.options.five_flamboyants
            and view.deck_size <= players + cls.WIDER_DECK_LEFT.get(players, cls.DECK_LEFT)
        )

    def candidates(self, choice: Any) -> list[Any]:
        """The convention choice first, then every play, the discard the conventions would make and the
        best clues that mislead nobody."""
        decision = self.decision
        view = decision.view
        legal = set(view.legal_actions)
        found = [choice]
        # Where a misfire would end the game, a gamble the deals favour (they trust the conventions' reading
        # of my clues) throws every point away when that reading is wrong: only a sure play is tried. So too
        # for a card clued by a giver who has misled the table ("sure" then means proved by the clues alone).
        last_misfire = self.wider and view.misfires >= MAX_MISFIRES - 1
        play_chance = 1.0 if last_misfire else self.PLAY_CHANCE
        for slot, token in enumerate(decision.mine):
            if decision.chance_playable(token) >= (play_chance if decision.trusts(token) else 1.0):
                found.append(PlayCard(slot=slot))
        if view.clue_tokens < MAX_CLUE_TOKENS:
            found.append(DiscardCard(slot=decision.pick_discard()))
        if view.clue_tokens > 0:
            clues = [a for a in view.legal_actions if isinstance(a, (ColourClue, NumberClue))]
            scored = sorted(((decision.clue_value(c), i) for i, c in enumerate(clues)), reverse=True)
            found += [clues[i] for v, i in scored[: self.CLUES_TRIED] if v > float("-inf")]
        unique: list[Any] = []
        for action in found:
            if action in legal and action not in unique:
                unique.append(action)
        return unique

    def best(self, choice: Any) -> Any:
        """The action to take: the convention `choice` unless another one clearly scores more."""
        actions = self.candidates(choice)
        if len(actions) < 2:
            return choice
        gains: list[list[float]] = [[] for _ in actions]  # per deal: the score minus the convention choice's
        budget = self.rollout_budget(len(actions)) if self.wider else self.ROLLOUT_TURNS
        while self.turns < budget:
            state = self.sample()
            scores = [self.play_out(state, action) for action in actions]
            for i, value in enumerate(scores):
                gains[i].append(value - scores[0])
        deals = len(gains[0])
        if deals < self.MIN_DEALS:
            return choice
        best = max(range(len(actions)), key=lambda i: sum(gains[i]))
        mean = sum(gains[best]) / deals
        spread = (sum((g - mean) ** 2 for g in gains[best]) / (deals - 1)) ** 0.5
        # Many actions tried on few deals: the best-looking one is often only lucky. It must win by a margin
        # and by more than its deals' noise.
        if mean > self.MARGIN and mean > self.NOISE * spread / deals**0.5:
            return actions[best]
        return choice

    def rollout_budget(self, actions: int) -> int:
        """Turns to play out for `actions` actions in the wider search: a deal plays every action to the end,
        about actions x turns left, so DEALS_WANTED deals, within [ROLLOUT_TURNS, MAX_ROLLOUT_TURNS]."""
        view = self.decision.view
        turns_left = view.final_turns_left
        if turns_left is None:  # every card drawn, then one more turn each
            turns_left = view.deck_size + len(view.players)
        return max(self.ROLLOUT_TURNS, min(self.MAX_ROLLOUT_TURNS, self.DEALS_WANTED * actions * turns_left))

    def sample(self) -> HanabiState:
        """A deal of my cards and the deck that fits my clues and the conventions' reading of them."""
        decision = self.decision
        view = decision.view
        rng = self.rng
        left = Counter({x: c for x, c in decision.unseen.items() if c > 0})
        mine = decision.mine
        drawn: dict[int, Identity] = {}
        for slot in sorted(range(len(mine)), key=lambda i: len(decision.weights(mine[i]))):
            options = [x for x in decision.weights(mine[slot]) if left[x] > 0]
            if not options:
                options = [x for x in decision.table.identities(mine[slot].know) if left[x] > 0] or list(+left)
            ident = rng.choices(options, weights=[left[x] for x in options])[0]
            left[ident] -= 1
            drawn[slot] = ident
        deck_cards = list(left.elements())
        rng.shuffle(deck_cards)
        next_id = 10_000
        hands = []
        for h in view.hands:
            cards = []
            for slot, s in enumerate(h.slots):
                card = s.card
                if card is None:
                    card = Card.model_construct(id=next_id, suit=drawn[slot][0], rank=drawn[slot][1])
                    next_id += 1
                cards.append(held(card, s.knowledge))
            hands.append(tuple(cards))
        deck = tuple(
            Card.model_construct(id=next_id + i, suit=x[0], rank=x[1]) for i, x in enumerate(deck_cards[: view.deck_size])
        )
        return HanabiState.model_construct(
            players=view.players,
            options=view.options,
            seed="",
            suits=view.suits,
            deck=deck,
            hands=tuple(hands),
            piles=view.piles,
            discard=view.discard,
            clue_tokens=view.clue_tokens,
            misfires=view.misfires,
            current=view.current,
            turn=view.turn,
            phase=view.phase,
            final_turns_left=view.final_turns_left,
            last_card_turn=view.turn - 1 if view.final_turns_left is not None else None,
            bonus_tiles=(),
            bonus_revealed=view.bonus_revealed,
            reshuffles=0,
            end_reason=None,
            log=view.log,
        )

    def play_out(self, state: HanabiState, action: Any) -> float:
        """The final score when I take `action` in this deal and every seat then follows the conventions."""
        replay = self.decision.replay.copy()
        seat = state.current
        while True:
            before = len(state.log)
            draws = len(state.deck) > 0
            state = RULES.apply(state, seat, action)
            self.turns += 1
            slot = action.slot if isinstance(action, (PlayCard, DiscardCard)) else None
            replay.advance(state.log[before:], slot, draws)
            if state.phase == "over":
                return float(score(state))
            seat = state.current
            view = RULES.view(state, seat)
            action = Decision(view, replay.copy()).best()


# -- the easy player -----------------------------------------------------------------------------------


class SimpleBot:
    """Plays cards its clues prove playable, clues partners' playable cards, discards its oldest unclued card."""

    def choose(self, view: HanabiView, rng: random.Random) -> Any:
        legal = view.legal_actions
        if view.phase != "turn":
            return next((a for a in legal if isinstance(a, ReplayDiscard)), None) or next(
                (a for a in legal if isinstance(a, SkipBonus)), legal[0]
            )
        cfg = config(view.options)
        table = Table(cfg)
        table.piles = list(view.piles)
        me = view.seat if view.seat is not None else view.current
        own = view.hands[me].slots
        for i, s in enumerate(own):
            if s.possible and all(table.playable(_code(p)) for p in s.possible):
                return PlayCard(slot=i)
        if view.clue_tokens > 0:
            clue = self.play_clue(view, table, me)
            if clue is not None:
                return clue
        if view.clue_tokens < MAX_CLUE_TOKENS:
            chop = max((i for i, s in enumerate(own) if not s.knowledge.touched), default=len(own) - 1)
            return DiscardCard(slot=chop)
        clues = [a for a in legal if isinstance(a, (ColourClue, NumberClue))]
        return clues[0] if clues else legal[0]

    @staticmethod
    def play_clue(view: HanabiView, table: Table, me: int) -> Any:
        """The first partner (in turn order) with an unclued playable card gets the clue touching fewest cards."""
        legal = set(view.legal_actions)
        n = len(view.players)
        for off in range(1, n):
            target = (me + off) % n
            slots = view.hands[target].slots
            for s in slots:
                card = s.card
                if card is None or s.knowledge.touched or not table.playable((card.suit, card.rank)):
                    continue
                options: list[Any] = [NumberClue(target=target, rank=card.rank)]
                if card.suit in view.clue_suits:
                    options.insert(0, ColourClue(target=target, suit=card.suit))
                options = [o for o in options if o in legal]
                if options:
                    avalanche = config(view.options).avalanche
                    return min(options, key=lambda o: sum(clue_touches(x.card, o, avalanche) for x in slots if x.card))
        return None


# -- arena figures -------------------------------------------------------------------------------------


def arena_figures(rules: Any, state: Any, seat: int) -> dict[str, float]:
    """The piles as bot papers count them (even after a third misfire), misfires, and whether the third
    misfire ended the show. The arena's score is the rulebook's (0 after the third misfire)."""
    cfg = config(state.options)
    return {
        "piles": float(fireworks_total(state, cfg)),
        "misfires": float(state.misfires),
        "lost_to_misfires": float(state.misfires >= MAX_MISFIRES),
        "perfect": float(score(state) == cfg.max_score),
    }


LEVELS: dict[str, BotFactory] = {"random": RandomBot, "easy": SimpleBot, "hard": ConventionBot}
