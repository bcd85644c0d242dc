"""Hanabi's rules: a pure function of the state (see engine/base.py for the contract).

Source of truth: shared/seeds/003 (Board Game Arena's rule page) and shared/rules/hanabi.md.

Decisions where the rulebook is silent:
- The deal is round-robin, each new card entering slot 0 (the left end); seat 0 starts.
- After a play the replacement card is drawn first, then a bonus tile (five flamboyants) is resolved.
- "Shuffle a discard back" is skipped when the deck or the discard pile is empty; "replay a discard" is
  skipped when no discarded card is playable; a free clue is skipped only when no such clue can touch a card.
- "+1 token and remove a misfire" still gives the token when there is no misfire to remove.
- A third misfire ends the game at once (no replacement draw); completing every pile ends it at once.
- The drawer of the last card takes their extra turn last: the game ends exactly n turns after that draw.

Hot-path notes: actions are cached singletons, knowledge objects are interned and internal updates use
`model_construct` / `model_copy(update=...)` rather than validating constructors, so a random playout runs
tens of thousands of actions per second.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..base import GameRules, IllegalAction, LogEntry, Outcome
from ..rng import shuffled
from . import reasons
from .clues import clue_touches
from .models import (
    ACTION_ADAPTER,
    BASE_SUITS,
    BLACK,
    BONUS_TILE_TEXT,
    BONUS_TILES,
    MAX_CLUE_TOKENS,
    MAX_MISFIRES,
    MULTI,
    RANKS,
    SUIT_NAMES,
    BonusTile,
    Card,
    ColourClue,
    DiscardCard,
    HanabiAction,
    HanabiOptions,
    HanabiState,
    HanabiView,
    HandView,
    HeldCard,
    Knowledge,
    NumberClue,
    PlayCard,
    ReplayDiscard,
    ReturnDiscard,
    SkipBonus,
    SlotView,
)

__all__ = [
    "HanabiRules",
    "RULES",
    "RATINGS",
    "deck_composition",
    "game_suits",
    "clue_suits",
    "hand_size",
    "max_score",
    "rating",
    "score",
]

# Copies of each rank per suit.
STANDARD_COUNTS: dict[int, int] = {1: 3, 2: 2, 3: 2, 4: 2, 5: 1}
DIFFICULT_COUNTS: dict[int, int] = {1: 1, 2: 1, 3: 1, 4: 1, 5: 1}
BLACK_COUNTS: dict[int, int] = {1: 1, 2: 2, 3: 2, 4: 2, 5: 3}

PILE_SIZE = 5

# Rating bands of the fireworks makers' guild (from the rulebook), lowest score of each band first.
# (lowest score, short verdict, what the crowd did)
RATINGS: tuple[tuple[int, str, str], ...] = (
    (30, "Divine", "the show outshone the stars!"),
    (25, "Legendary", "everyone is speechless, with stars in their eyes!"),
    (21, "Amazing", "they'll remember it for weeks!"),
    (16, "Excellent", "the crowd went home happy."),
    (11, "Honourable", "a decent attempt, but soon forgotten..."),
    (6, "Mediocre", "just a smattering of applause..."),
    (-(10**9), "Awful", "booed by the crowd..."),
)


def rating(points: int) -> tuple[str, str]:
    """(short verdict, description) of a final score; negative scores fall into the lowest band."""
    for low, short, text in RATINGS:
        if points >= low:
            return short, text
    raise AssertionError("unreachable")  # pragma: no cover


# Configuration derived from the options -------------------------------------------------------------


@dataclass(frozen=True)
class _Config:
    suits: tuple[str, ...]
    clue_suits: tuple[str, ...]
    suit_index: dict[str, int]
    black_index: int  # -1 without black powder
    avalanche: bool
    deck: tuple[Card, ...]  # unshuffled; card.id == index
    counts: dict[tuple[str, int], int]
    max_score: int
    initial_knowledge: Knowledge
    colour_clue_suits_set: frozenset[str]


_CONFIGS: dict[tuple[str, bool], _Config] = {}


def _config(options: HanabiOptions) -> _Config:
    key = (options.sixth_suit, options.black_powder)
    cfg = _CONFIGS.get(key)
    if cfg is None:
        cfg = _CONFIGS[key] = _build_config(*key)
    return cfg


def _build_config(sixth_suit: str, black_powder: bool) -> _Config:
    suits = list(BASE_SUITS)
    per_suit: dict[str, dict[int, int]] = {s: STANDARD_COUNTS for s in BASE_SUITS}
    clue = list(BASE_SUITS)
    if sixth_suit != "none":
        suits.append(MULTI)
        per_suit[MULTI] = DIFFICULT_COUNTS if sixth_suit == "difficult" else STANDARD_COUNTS
        if sixth_suit in ("tricky", "difficult"):
            clue.append(MULTI)
    if black_powder:
        suits.append(BLACK)
        per_suit[BLACK] = BLACK_COUNTS
    deck: list[Card] = []
    counts: dict[tuple[str, int], int] = {}
    for suit in suits:
        for rank in RANKS:
            n = per_suit[suit][rank]
            counts[(suit, rank)] = n
            for _ in range(n):
                deck.append(Card(id=len(deck), suit=suit, rank=rank))
    non_black = sum(1 for s in suits if s != BLACK)
    return _Config(
        suits=tuple(suits),
        clue_suits=tuple(clue),
        suit_index={s: i for i, s in enumerate(suits)},
        black_index=suits.index(BLACK) if black_powder else -1,
        avalanche=sixth_suit == "avalanche",
        deck=tuple(deck),
        counts=counts,
        max_score=PILE_SIZE * non_black,
        initial_knowledge=_knowledge(tuple(suits), RANKS, False),
        colour_clue_suits_set=frozenset(clue),
    )


def game_suits(options: HanabiOptions) -> tuple[str, ...]:
    """Pile order: the base suits, then multicolour, then black."""
    return _config(options).suits


def clue_suits(options: HanabiOptions) -> tuple[str, ...]:
    """Colours that may be named in a clue."""
    return _config(options).clue_suits


def deck_composition(options: HanabiOptions) -> tuple[Card, ...]:
    """The unshuffled deck; a card's id is its index here."""
    return _config(options).deck


def hand_size(options: HanabiOptions, players: int) -> int:
    if options.hand_size == "unofficial":
        return {2: 6, 3: 5, 4: 4, 5: 3}[players]
    return 5 if players <= 3 else 4


def max_score(options: HanabiOptions) -> int:
    return _config(options).max_score


def _fireworks_total(state: HanabiState, cfg: _Config) -> int:
    total = sum(state.piles)
    if cfg.black_index >= 0:
        total -= PILE_SIZE  # the black pile starts at -5
    return total


def score(state: HanabiState) -> int:
    """The current score: the piles (black pile counting played cards - 5); 0 once three misfires happened."""
    if state.misfires >= MAX_MISFIRES:
        return 0
    return _fireworks_total(state, _config(state.options))


# Interned objects ------------------------------------------------------------------------------------

_KNOWLEDGE: dict[tuple[tuple[str, ...], tuple[int, ...], bool], Knowledge] = {}


def _knowledge(suits: tuple[str, ...], ranks: tuple[int, ...], touched: bool) -> Knowledge:
    key = (suits, ranks, touched)
    k = _KNOWLEDGE.get(key)
    if k is None:
        k = _KNOWLEDGE[key] = Knowledge.model_construct(suits=suits, ranks=ranks, touched=touched)
    return k


# (suits, ranks, touched, is_colour, touched set, hit) -> new knowledge
_TRANSITIONS: dict[tuple[Any, ...], Knowledge] = {}


def _after_clue(k: Knowledge, colour: bool, values: frozenset[Any], hit: bool) -> Knowledge:
    key = (k.suits, k.ranks, k.touched, colour, values, hit)
    nk = _TRANSITIONS.get(key)
    if nk is None:
        suits, ranks = k.suits, k.ranks
        if colour:
            suits = tuple(s for s in suits if (s in values) == hit)
        else:
            ranks = tuple(r for r in ranks if (r in values) == hit)
        nk = _TRANSITIONS[key] = _knowledge(suits, ranks, k.touched or hit)
    return nk


_PLAY: tuple[PlayCard, ...] = tuple(PlayCard(slot=i) for i in range(8))
_DISCARD: tuple[DiscardCard, ...] = tuple(DiscardCard(slot=i) for i in range(8))
_SKIP = SkipBonus()
_COLOUR: dict[tuple[int, str], ColourClue] = {}
_NUMBER: dict[tuple[int, int], NumberClue] = {}
_RETURN: dict[int, ReturnDiscard] = {}
_REPLAY: dict[int, ReplayDiscard] = {}


def _colour_action(target: int, suit: str) -> ColourClue:
    a = _COLOUR.get((target, suit))
    if a is None:
        a = _COLOUR[(target, suit)] = ColourClue(target=target, suit=suit)
    return a


def _number_action(target: int, rank: int) -> NumberClue:
    a = _NUMBER.get((target, rank))
    if a is None:
        a = _NUMBER[(target, rank)] = NumberClue(target=target, rank=rank)
    return a


def _return_action(card_id: int) -> ReturnDiscard:
    a = _RETURN.get(card_id)
    if a is None:
        a = _RETURN[card_id] = ReturnDiscard(card_id=card_id)
    return a


def _replay_action(card_id: int) -> ReplayDiscard:
    a = _REPLAY.get(card_id)
    if a is None:
        a = _REPLAY[card_id] = ReplayDiscard(card_id=card_id)
    return a


def _held(card: Card, knowledge: Knowledge) -> HeldCard:
    return HeldCard.model_construct(card=card, knowledge=knowledge)


def _log(text: str) -> LogEntry:
    return LogEntry.model_construct(public=text, private=())


def _label(card: Card) -> str:
    return f"{card.suit}{card.rank}"


def _pile_text(suit: str, played: int) -> str:
    """The top card of a pile ("R3", "K4" for a black pile of 5 and 4) or "R-" when empty."""
    if played == 0:
        return f"{suit}-"
    return f"{suit}{PILE_SIZE + 1 - played if suit == BLACK else played}"


_plural_number = reasons.number_plural


def _slots_text(slots: list[int]) -> str:
    nums = ", ".join(str(s + 1) for s in slots)
    return f"slot {nums} is" if len(slots) == 1 else f"slots {nums} are"


# The turn in progress: a mutable scratch copy of the state's changing fields --------------------------


class _Turn:
    __slots__ = (
        "state",
        "cfg",
        "seat",
        "name",
        "hands",
        "deck",
        "piles",
        "discard",
        "clue_tokens",
        "misfires",
        "phase",
        "final_turns_left",
        "last_card_turn",
        "bonus_tiles",
        "bonus_revealed",
        "reshuffles",
        "texts",
        "over_reason",
    )

    def __init__(self, state: HanabiState, cfg: _Config) -> None:
        self.state = state
        self.cfg = cfg
        self.seat = state.current
        self.name = state.players[state.current]
        self.hands = state.hands
        self.deck = state.deck
        self.piles = state.piles
        self.discard = state.discard
        self.clue_tokens = state.clue_tokens
        self.misfires = state.misfires
        self.phase = state.phase
        self.final_turns_left = state.final_turns_left
        self.last_card_turn = state.last_card_turn
        self.bonus_tiles = state.bonus_tiles
        self.bonus_revealed = state.bonus_revealed
        self.reshuffles = state.reshuffles
        self.texts: list[str] = []
        self.over_reason: str | None = None

    # -- building blocks

    def set_hand(self, seat: int, hand: tuple[HeldCard, ...]) -> None:
        hands = list(self.hands)
        hands[seat] = hand
        self.hands = tuple(hands)

    def need(self, suit_i: int) -> int:
        """The rank the pile needs next (0 when complete)."""
        played = self.piles[suit_i]
        if played >= PILE_SIZE:
            return 0
        return PILE_SIZE - played if suit_i == self.cfg.black_index else played + 1

    def add_to_pile(self, suit_i: int) -> bool:
        """Add one card to a pile; returns True if it completed the pile."""
        piles = list(self.piles)
        piles[suit_i] += 1
        self.piles = tuple(piles)
        return piles[suit_i] == PILE_SIZE

    def draw(self, hand: tuple[HeldCard, ...]) -> tuple[HeldCard, ...]:
        if not self.deck:
            return hand
        card = self.deck[0]
        self.deck = self.deck[1:]
        if not self.deck:
            self.final_turns_left = len(self.state.players)
            self.last_card_turn = self.state.turn
            self.texts.append(f"{self.name} drew the last card — everyone gets one more turn.")
        return (_held(card, self.cfg.initial_knowledge), *hand)

    def gain_token(self) -> str:
        if self.clue_tokens < MAX_CLUE_TOKENS:
            self.clue_tokens += 1
            return "+1 clue token."
        return "no clue token gained (all 8 are available)."

    def pile_completed(self, suit_i: int) -> None:
        """Resolve a pile completion: end of the game, a bonus tile, or a clue token."""
        suit_name = SUIT_NAMES[self.cfg.suits[suit_i]]
        if all(p >= PILE_SIZE for p in self.piles):
            self.texts.append(f"The {suit_name} firework is complete — every firework is complete!")
            self.over_reason = "every firework is complete"
            return
        if not (self.state.options.five_flamboyants and self.bonus_tiles):
            self.texts.append(f"The {suit_name} firework is complete: {self.gain_token()}")
            return
        tile: BonusTile = self.bonus_tiles[0]
        self.bonus_tiles = self.bonus_tiles[1:]
        self.bonus_revealed = (*self.bonus_revealed, tile)
        intro = f"The {suit_name} firework is complete! Bonus tile: {BONUS_TILE_TEXT[tile]}"
        if tile == "clue":
            self.texts.append(f"{intro} — {self.gain_token()}")
        elif tile == "clue_and_misfire":
            gained = self.gain_token()
            if self.misfires > 0:
                self.misfires -= 1
                self.texts.append(f"{intro} — {gained[:-1]}, and one misfire is removed.")
            else:
                self.texts.append(f"{intro} — {gained[:-1]}; there was no misfire to remove.")
        elif tile == "free_colour_clue" or tile == "free_number_clue":
            colour = tile == "free_colour_clue"
            if HanabiRules._clue_actions(self.state.options, self.cfg, self.hands, self.seat, colour, not colour):
                self.phase = tile
                self.texts.append(f"{intro} — {self.name} gives it now.")
            else:
                kind = "colour" if colour else "number"
                self.texts.append(f"{intro} — but no {kind} clue can be given, so it is lost.")
        elif tile == "reshuffle_discard":
            if self.discard and self.deck:
                self.phase = tile
                self.texts.append(f"{intro} — {self.name} may choose one.")
            else:
                why = "the discard pile is empty" if not self.discard else "the deck is empty"
                self.texts.append(f"{intro} — but {why}, so it is lost.")
        elif tile == "replay_discard":
            if self.playable_discards():
                self.phase = tile
                self.texts.append(f"{intro} — {self.name} may choose one.")
            else:
                self.texts.append(f"{intro} — but no discarded card is playable, so it is lost.")
        else:  # pragma: no cover - BonusTile is a closed Literal
            raise AssertionError(tile)

    def playable_discards(self) -> list[Card]:
        out = []
        for c in self.discard:
            i = self.cfg.suit_index[c.suit]
            if c.rank == self.need(i):
                out.append(c)
        return out

    def finish(self) -> HanabiState:
        """Close the action: end the turn unless a bonus decision is pending, and build the new state."""
        state = self.state
        update: dict[str, Any] = {
            "hands": self.hands,
            "deck": self.deck,
            "piles": self.piles,
            "discard": self.discard,
            "clue_tokens": self.clue_tokens,
            "misfires": self.misfires,
            "final_turns_left": self.final_turns_left,
            "last_card_turn": self.last_card_turn,
            "bonus_tiles": self.bonus_tiles,
            "bonus_revealed": self.bonus_revealed,
            "reshuffles": self.reshuffles,
        }
        reason = self.over_reason
        if reason is None and self.phase == "turn":
            # The turn ends.
            update["turn"] = state.turn + 1
            ftl = self.final_turns_left
            if ftl is not None and self.last_card_turn != state.turn:
                ftl -= 1
                update["final_turns_left"] = ftl
                if ftl <= 0:
                    reason = "the final round is over"
                    self.texts.append("That was the last turn of the final round.")
            if reason is None:
                update["current"] = (state.current + 1) % len(state.players)
                update["phase"] = "turn"
        elif reason is None:
            update["phase"] = self.phase  # a bonus decision is pending: same player, same turn
        if reason is not None:
            update["turn"] = state.turn + 1
            update["phase"] = "over"
            update["end_reason"] = reason
            final = state.model_copy(update=update)
            self.texts.append(f"The game is over ({reason}): the team scores {score(final)} / {self.cfg.max_score}.")
        update["log"] = (*state.log, _log(" ".join(self.texts)))
        return state.model_copy(update=update)


# The rules -------------------------------------------------------------------------------------------


class HanabiRules(GameRules[HanabiState, HanabiAction, HanabiView, HanabiOptions]):  # type: ignore[type-var]
    id = "hanabi"
    title = "Hanabi"
    min_players = 2
    max_players = 5
    Options = HanabiOptions
    State = HanabiState
    action_adapter = ACTION_ADAPTER

    # -- setup

    def setup(self, players: Sequence[str], options: HanabiOptions | None, seed: str) -> HanabiState:
        options = options if options is not None else HanabiOptions()
        players = self.seat_players(players)
        cfg = _config(options)
        deck = shuffled(cfg.deck, seed, "deck")
        size = hand_size(options, len(players))
        # Conventional round-robin deal; each new card goes to the left (slot 0 = newest).
        hands: list[tuple[HeldCard, ...]] = [() for _ in players]
        pos = 0
        for _ in range(size):
            for seat in range(len(players)):
                hands[seat] = (HeldCard(card=deck[pos], knowledge=cfg.initial_knowledge), *hands[seat])
                pos += 1
        tiles = shuffled(BONUS_TILES, seed, "bonus") if options.five_flamboyants else ()
        return HanabiState(
            players=players,
            options=options,
            seed=seed,
            suits=cfg.suits,
            deck=deck[pos:],
            hands=tuple(hands),
            piles=tuple(0 for _ in cfg.suits),
            bonus_tiles=tiles,
        )

    # -- whose move

    def to_act(self, state: HanabiState) -> frozenset[int]:
        if state.phase == "over":
            return frozenset()
        return frozenset((state.current,))

    def legal_actions(self, state: HanabiState, seat: int) -> Sequence[HanabiAction]:
        phase = state.phase
        if phase == "over" or seat != state.current:
            return ()
        cfg = _config(state.options)
        if phase == "turn":
            n = len(state.hands[seat])
            acts: list[HanabiAction] = list(_PLAY[:n])
            if state.clue_tokens < MAX_CLUE_TOKENS:
                acts.extend(_DISCARD[:n])
            if state.clue_tokens > 0:
                acts.extend(self._clue_actions(state.options, cfg, state.hands, seat, True, True))
            return tuple(acts)
        if phase == "free_colour_clue":
            return tuple(self._clue_actions(state.options, cfg, state.hands, seat, True, False))
        if phase == "free_number_clue":
            return tuple(self._clue_actions(state.options, cfg, state.hands, seat, False, True))
        if phase == "reshuffle_discard":
            return (*(_return_action(c.id) for c in state.discard), _SKIP)
        if phase == "replay_discard":
            return (*(_replay_action(c.id) for c in _Turn(state, cfg).playable_discards()), _SKIP)
        return ()  # pragma: no cover

    @staticmethod
    def _clue_actions(
        options: HanabiOptions,
        cfg: _Config,
        hands: tuple[tuple[HeldCard, ...], ...],
        seat: int,
        colour: bool,
        number: bool,
    ) -> list[HanabiAction]:
        out: list[HanabiAction] = []
        n = len(hands)
        allow_empty = options.allow_empty_clues
        clue_set = cfg.colour_clue_suits_set
        for off in range(1, n):
            target = (seat + off) % n
            if allow_empty:
                if colour:
                    out.extend(_colour_action(target, s) for s in cfg.clue_suits)
                if number:
                    out.extend(_number_action(target, r) for r in RANKS)
                continue
            suits: set[str] = set()
            ranks: set[int] = set()
            multi = False
            for hc in hands[target]:
                c = hc.card
                ranks.add(c.rank)
                if c.suit in clue_set:
                    suits.add(c.suit)
                elif c.suit == MULTI:
                    multi = True
            if colour:
                if multi and cfg.avalanche:
                    out.extend(_colour_action(target, s) for s in cfg.clue_suits)
                else:
                    out.extend(_colour_action(target, s) for s in cfg.clue_suits if s in suits)
            if number:
                out.extend(_number_action(target, r) for r in RANKS if r in ranks)
        return out

    # -- apply

    def apply(self, state: HanabiState, seat: int, action: HanabiAction) -> HanabiState:
        phase = state.phase
        if phase == "over":
            raise IllegalAction("The game is over")
        if seat != state.current:
            if isinstance(seat, int) and 0 <= seat < len(state.players):
                raise IllegalAction(f"It's not your turn — it's {state.players[state.current]}'s")
            raise IllegalAction(f"There is no seat {seat!r}")
        cfg = _config(state.options)
        cls = type(action)
        if phase == "turn":
            if cls is PlayCard:
                return self._play(state, cfg, action.slot)  # type: ignore[union-attr]
            if cls is DiscardCard:
                return self._discard(state, cfg, action.slot)  # type: ignore[union-attr]
            if cls is ColourClue or cls is NumberClue:
                if state.clue_tokens <= 0:
                    raise IllegalAction(reasons.NO_CLUE_TOKENS)
                return self._clue(state, cfg, action, free=False)  # type: ignore[arg-type]
            if cls in (ReturnDiscard, ReplayDiscard, SkipBonus):
                raise IllegalAction(reasons.NO_BONUS)
            raise IllegalAction(f"Unknown action {action!r}")
        if phase == "free_colour_clue":
            if cls is ColourClue:
                return self._clue(state, cfg, action, free=True)  # type: ignore[arg-type]
            raise IllegalAction(reasons.FREE_COLOUR_CLUE_FIRST)
        if phase == "free_number_clue":
            if cls is NumberClue:
                return self._clue(state, cfg, action, free=True)  # type: ignore[arg-type]
            raise IllegalAction(reasons.FREE_NUMBER_CLUE_FIRST)
        if phase == "reshuffle_discard":
            if cls is ReturnDiscard:
                return self._return(state, cfg, action.card_id)  # type: ignore[union-attr]
            if cls is SkipBonus:
                return self._skip(state, cfg)
            raise IllegalAction(reasons.CHOOSE_RESHUFFLE)
        if phase == "replay_discard":
            if cls is ReplayDiscard:
                return self._replay(state, cfg, action.card_id)  # type: ignore[union-attr]
            if cls is SkipBonus:
                return self._skip(state, cfg)
            raise IllegalAction(reasons.CHOOSE_REPLAY)
        raise IllegalAction(f"Unknown phase {phase!r}")  # pragma: no cover

    @staticmethod
    def _slot(state: HanabiState, slot: Any) -> int:
        hand = state.hands[state.current]
        if type(slot) is not int or not 0 <= slot < len(hand):
            raise IllegalAction(f"There is no card in slot {slot + 1 if type(slot) is int else slot!r}")
        return slot

    def _play(self, state: HanabiState, cfg: _Config, slot: int) -> HanabiState:
        slot = self._slot(state, slot)
        t = _Turn(state, cfg)
        hand = state.hands[t.seat]
        card = hand[slot].card
        rest = hand[:slot] + hand[slot + 1 :]
        i = cfg.suit_index[card.suit]
        if card.rank == t.need(i):
            complete = t.add_to_pile(i)
            t.texts.append(f"{t.name} played {_label(card)} — it was added to {SUIT_NAMES[card.suit]}.")
            if complete and all(p >= PILE_SIZE for p in t.piles):
                t.set_hand(t.seat, rest)  # the show is over: no replacement card
                t.pile_completed(i)
                return t.finish()
            t.set_hand(t.seat, t.draw(rest))
            if complete:
                t.pile_completed(i)
        else:
            t.discard = (*t.discard, card)
            t.misfires += 1
            t.texts.append(f"{t.name} played {_label(card)} — misfire! ({t.misfires} of {MAX_MISFIRES})")
            if t.misfires >= MAX_MISFIRES:
                t.set_hand(t.seat, rest)
                t.over_reason = "the third misfire"
            else:
                t.set_hand(t.seat, t.draw(rest))
        return t.finish()

    def _discard(self, state: HanabiState, cfg: _Config, slot: int) -> HanabiState:
        if state.clue_tokens >= MAX_CLUE_TOKENS:
            raise IllegalAction(reasons.ALL_CLUE_TOKENS.format(n=MAX_CLUE_TOKENS))
        slot = self._slot(state, slot)
        t = _Turn(state, cfg)
        hand = state.hands[t.seat]
        card = hand[slot].card
        t.discard = (*t.discard, card)
        t.clue_tokens += 1
        t.texts.append(f"{t.name} discarded {_label(card)}.")
        t.set_hand(t.seat, t.draw(hand[:slot] + hand[slot + 1 :]))
        return t.finish()

    def _clue(self, state: HanabiState, cfg: _Config, action: ColourClue | NumberClue, free: bool) -> HanabiState:
        target = action.target
        n = len(state.players)
        if type(target) is not int or not 0 <= target < n:
            raise IllegalAction(f"There is no player in seat {target!r}")
        if target == state.current:
            raise IllegalAction("You can't give a clue to yourself")
        who = state.players[target]
        hand = state.hands[target]
        if isinstance(action, ColourClue):
            suit = action.suit
            if suit not in cfg.colour_clue_suits_set:
                if suit == BLACK:
                    raise IllegalAction(reasons.BLACK_NOT_NAMED)
                if suit == MULTI:
                    raise IllegalAction(reasons.MULTI_NOT_NAMED)
                raise IllegalAction(f"{suit!r} is not a colour you can name")
            values: frozenset[Any] = frozenset((suit, MULTI)) if cfg.avalanche else frozenset((suit,))
            hits = [clue_touches(hc.card, action, cfg.avalanche) for hc in hand]
            what = SUIT_NAMES[suit]
            colour = True
        else:
            rank = action.rank
            if rank not in RANKS:
                raise IllegalAction(f"There is no number {rank!r}")
            values = frozenset((rank,))
            hits = [clue_touches(hc.card, action, cfg.avalanche) for hc in hand]
            what = _plural_number(rank)
            colour = False
        if not any(hits) and not state.options.allow_empty_clues:
            raise IllegalAction((reasons.EMPTY_COLOUR_CLUE if colour else reasons.EMPTY_NUMBER_CLUE).format(who=who, what=what))
        t = _Turn(state, cfg)
        new_hand = []
        for hc, hit in zip(hand, hits):
            k = hc.knowledge
            nk = _after_clue(k, colour, values, hit)
            new_hand.append(hc if nk is k else _held(hc.card, nk))
        t.set_hand(target, tuple(new_hand))
        slots = [i for i, h in enumerate(hits) if h]
        if colour:
            told = f"{_slots_text(slots)} {what}" if slots else f"no cards are {what}"
        else:
            if slots:
                told = f"{_slots_text(slots)} {'a ' + str(action.rank) if len(slots) == 1 else what}"  # type: ignore[union-attr]
            else:
                told = f"no cards are {what}"
        if free:
            t.phase = "turn"
            t.texts.append(f"{t.name} told {who} (free clue): {told}.")
        else:
            t.clue_tokens -= 1
            t.texts.append(f"{t.name} told {who}: {told}.")
        return t.finish()

    @staticmethod
    def _find_discard(state: HanabiState, card_id: Any) -> tuple[int, Card]:
        for i, c in enumerate(state.discard):
            if c.id == card_id:
                return i, c
        raise IllegalAction(f"Card #{card_id!r} is not in the discard pile")

    def _return(self, state: HanabiState, cfg: _Config, card_id: int) -> HanabiState:
        i, card = self._find_discard(state, card_id)
        t = _Turn(state, cfg)
        t.discard = state.discard[:i] + state.discard[i + 1 :]
        t.deck = shuffled((*state.deck, card), state.seed, "reshuffle", state.reshuffles)
        t.reshuffles += 1
        t.phase = "turn"
        t.texts.append(f"{t.name} shuffled {_label(card)} from the discard pile back into the deck.")
        return t.finish()

    def _replay(self, state: HanabiState, cfg: _Config, card_id: int) -> HanabiState:
        i, card = self._find_discard(state, card_id)
        t = _Turn(state, cfg)
        suit_i = cfg.suit_index[card.suit]
        need = t.need(suit_i)
        if card.rank != need:
            pile = SUIT_NAMES[card.suit]
            if need == 0:
                raise IllegalAction(f"{_label(card)} can't be played: the {pile} firework is complete")
            raise IllegalAction(f"{_label(card)} can't be played: the {pile} firework needs {card.suit}{need}")
        t.discard = state.discard[:i] + state.discard[i + 1 :]
        t.phase = "turn"
        t.texts.append(
            f"{t.name} played {_label(card)} from the discard pile — it was added to {SUIT_NAMES[card.suit]}."
        )
        if t.add_to_pile(suit_i):
            t.pile_completed(suit_i)
        return t.finish()

    def _skip(self, state: HanabiState, cfg: _Config) -> HanabiState:
        t = _Turn(state, cfg)
        t.phase = "turn"
        t.texts.append(f"{t.name} declined the bonus.")
        return t.finish()

    # -- view

    def view(self, state: HanabiState, seat: int | None) -> HanabiView:
        cfg = _config(state.options)
        n = len(state.players)
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"no seat {seat!r}")
        hands: list[HandView] = []
        unseen = self.unseen_counts(state, seat) if seat is not None else {}
        for h, hand in enumerate(state.hands):
            slots: list[SlotView] = []
            for hc in hand:
                if seat is None:
                    slots.append(SlotView.model_construct(card=None, knowledge=hc.knowledge, possible=()))
                elif h != seat:
                    slots.append(SlotView.model_construct(card=hc.card, knowledge=hc.knowledge, possible=()))
                else:
                    slots.append(
                        SlotView.model_construct(
                            card=None, knowledge=hc.knowledge, possible=self._possible(cfg, unseen, hc.knowledge)
                        )
                    )
            hands.append(HandView.model_construct(seat=h, name=state.players[h], slots=tuple(slots)))
        legal = self.legal_for(state, seat)
        return HanabiView(
            seat=seat,
            players=state.players,
            options=state.options,
            suits=cfg.suits,
            clue_suits=cfg.clue_suits,
            piles=state.piles,
            discard=state.discard,
            hands=tuple(hands),
            clue_tokens=state.clue_tokens,
            misfires=state.misfires,
            deck_size=len(state.deck),
            current=state.current,
            turn=state.turn,
            phase=state.phase,
            final_turns_left=state.final_turns_left,
            bonus_tiles_left=len(state.bonus_tiles),
            bonus_revealed=state.bonus_revealed,
            score=score(state),
            log=self.log_for(state, seat),
            legal_actions=legal,
        )

    @staticmethod
    def unseen_counts(state: HanabiState, seat: int) -> dict[tuple[str, int], int]:
        """Copies of each identity that `seat` cannot see (its own hand and the deck)."""
        cfg = _config(state.options)
        counts = dict(cfg.counts)
        for c in state.discard:
            counts[(c.suit, c.rank)] -= 1
        for i, suit in enumerate(cfg.suits):
            played = state.piles[i]
            ranks = range(PILE_SIZE, PILE_SIZE - played, -1) if i == cfg.black_index else range(1, played + 1)
            for r in ranks:
                counts[(suit, r)] -= 1
        for h, hand in enumerate(state.hands):
            if h != seat:
                for hc in hand:
                    counts[(hc.card.suit, hc.card.rank)] -= 1
        return counts

    @staticmethod
    def _possible(cfg: _Config, counts: dict[tuple[str, int], int], k: Knowledge) -> tuple[str, ...]:
        return tuple(f"{s}{r}" for s in cfg.suits if s in k.suits for r in RANKS if r in k.ranks and counts[(s, r)] > 0)

    # -- results

    def outcome(self, state: HanabiState) -> Outcome | None:
        if state.phase != "over":
            return None
        cfg = _config(state.options)
        n = len(state.players)
        points = score(state)
        total = _fireworks_total(state, cfg)
        short, text = rating(points)
        seats = tuple(range(n))
        perfect = points == cfg.max_score and all(p >= PILE_SIZE for p in state.piles)
        reason = state.end_reason or "the game is over"
        if state.misfires >= MAX_MISFIRES:
            headline = f"Score 0 / {cfg.max_score} — the third misfire ended the show."
        else:
            headline = f"Score {points} / {cfg.max_score} — {short}, {text}"
        details = (
            f"Rating: {short} — {text}",
            f"Fireworks total: {total} / {cfg.max_score}"
            + ("" if state.misfires < MAX_MISFIRES else " (not counted: the show was lost)"),
            "Piles: " + ", ".join(_pile_text(s, p) for s, p in zip(cfg.suits, state.piles)),
            f"Misfires: {state.misfires} of {MAX_MISFIRES}",
            f"Ended: {reason}",
        )
        return Outcome(
            scores=tuple(points for _ in seats),
            ranking=(seats,),
            winners=seats if perfect else (),
            reason=reason,
            headline=headline,
            details=details,
            cooperative=True,
        )

    # -- labels

    def turn_label(self, state: HanabiState) -> str:
        if state.phase == "over":
            return f"Game over after {state.turn} turns"
        label = f"Turn {state.turn + 1}"
        if state.phase != "turn":
            label += f" · bonus: {BONUS_TILE_TEXT[state.phase]}"
        if state.final_turns_left is not None:
            if state.last_card_turn == state.turn:
                label += " · last card drawn, everyone gets one more turn"
            else:
                left = state.final_turns_left
                label += f" · final round, {left} turn{'s' if left != 1 else ''} left"
        return label

    def has_hidden_information(self, state: HanabiState) -> bool:
        return True

    # -- helpers for the UI and tests

    def score(self, state: HanabiState) -> int:
        return score(state)

    def max_score(self, state: HanabiState) -> int:
        return _config(state.options).max_score

    def playable(self, state: HanabiState, card: Card) -> bool:
        """Whether `card` is the next card of its pile."""
        cfg = _config(state.options)
        return card.rank == _Turn(state, cfg).need(cfg.suit_index[card.suit])


RULES = HanabiRules()
