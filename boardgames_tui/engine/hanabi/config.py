"""What the options make of a game of Hanabi (the deck, the piles, the clue colours), and the small objects
the hot path shares instead of building them again: knowledge states and action singletons."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .models import (
    ALL_SUITS,
    BASE_SUITS,
    BLACK,
    MULTI,
    RANKS,
    Card,
    ColourClue,
    DiscardCard,
    HanabiAction,
    HanabiOptions,
    HeldCard,
    Knowledge,
    NumberClue,
    PlayCard,
    ReplayDiscard,
    ReturnDiscard,
    SkipBonus,
)

# Copies of each rank per suit.
STANDARD_COUNTS: dict[int, int] = {1: 3, 2: 2, 3: 2, 4: 2, 5: 1}
DIFFICULT_COUNTS: dict[int, int] = {1: 1, 2: 1, 3: 1, 4: 1, 5: 1}
BLACK_COUNTS: dict[int, int] = {1: 1, 2: 2, 3: 2, 4: 2, 5: 3}

PILE_SIZE = 5


@dataclass(frozen=True)
class Config:
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


_CONFIGS: dict[tuple[str, bool], Config] = {}


def config(options: HanabiOptions) -> Config:
    key = (options.sixth_suit, options.black_powder)
    cfg = _CONFIGS.get(key)
    if cfg is None:
        cfg = _CONFIGS[key] = _build_config(*key)
    return cfg


def _build_config(sixth_suit: str, black_powder: bool) -> Config:
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
    return Config(
        suits=tuple(suits),
        clue_suits=tuple(clue),
        suit_index={s: i for i, s in enumerate(suits)},
        black_index=suits.index(BLACK) if black_powder else -1,
        avalanche=sixth_suit == "avalanche",
        deck=tuple(deck),
        counts=counts,
        max_score=PILE_SIZE * non_black,
        initial_knowledge=knowledge(tuple(suits), RANKS, False),
        colour_clue_suits_set=frozenset(clue),
    )


def game_suits(options: HanabiOptions) -> tuple[str, ...]:
    """Pile order: the base suits, then multicolour, then black."""
    return config(options).suits


def clue_suits(options: HanabiOptions) -> tuple[str, ...]:
    """Colours that may be named in a clue."""
    return config(options).clue_suits


def deck_composition(options: HanabiOptions) -> tuple[Card, ...]:
    """The unshuffled deck; a card's id is its index here."""
    return config(options).deck


def hand_size(options: HanabiOptions, players: int) -> int:
    if options.hand_size == "unofficial":
        return {2: 6, 3: 5, 4: 4, 5: 3}[players]
    return 5 if players <= 3 else 4


def max_score(options: HanabiOptions) -> int:
    return config(options).max_score


def needed_rank(piles: tuple[int, ...], cfg: Config, suit_i: int) -> int:
    """The rank a pile needs next (0 once it is complete): up from 1, or down from 5 for black."""
    played = piles[suit_i]
    if played >= PILE_SIZE:
        return 0
    return PILE_SIZE - played if suit_i == cfg.black_index else played + 1


def playable_discards(discard: tuple[Card, ...], piles: tuple[int, ...], cfg: Config) -> list[Card]:
    index = cfg.suit_index
    return [c for c in discard if c.rank == needed_rank(piles, cfg, index[c.suit])]


# Interned knowledge ---------------------------------------------------------------------------------

_KNOWLEDGE: dict[tuple[tuple[str, ...], tuple[int, ...], bool], Knowledge] = {}


def knowledge(suits: tuple[str, ...], ranks: tuple[int, ...], touched: bool) -> Knowledge:
    key = (suits, ranks, touched)
    k = _KNOWLEDGE.get(key)
    if k is None:
        k = _KNOWLEDGE[key] = Knowledge.model_construct(suits=suits, ranks=ranks, touched=touched)
    return k


# (suits, ranks, touched, is_colour, values named, hit) -> new knowledge
_TRANSITIONS: dict[tuple[Any, ...], Knowledge] = {}


def after_clue(k: Knowledge, colour: bool, values: frozenset[Any], hit: bool) -> Knowledge:
    key = (k.suits, k.ranks, k.touched, colour, values, hit)
    nk = _TRANSITIONS.get(key)
    if nk is None:
        suits, ranks = k.suits, k.ranks
        if colour:
            suits = tuple(s for s in suits if (s in values) == hit)
        else:
            ranks = tuple(r for r in ranks if (r in values) == hit)
        nk = _TRANSITIONS[key] = knowledge(suits, ranks, k.touched or hit)
    return nk


def held(card: Card, k: Knowledge) -> HeldCard:
    return HeldCard.model_construct(card=card, knowledge=k)


# Action singletons: legal_actions hands out the same objects every time -------------------------------

PLAYS: tuple[PlayCard, ...] = tuple(PlayCard(slot=i) for i in range(8))
DISCARDS: tuple[DiscardCard, ...] = tuple(DiscardCard(slot=i) for i in range(8))
SKIP = SkipBonus()
# Every clue to every seat (a game has at most 5): by target, then by colour letter / by rank - 1.
_COLOUR_ROWS: tuple[dict[str, ColourClue], ...] = tuple(
    {s: ColourClue(target=t, suit=s) for s in ALL_SUITS} for t in range(5)
)
_NUMBER_ROWS: tuple[tuple[NumberClue, ...], ...] = tuple(tuple(NumberClue(target=t, rank=r) for r in RANKS) for t in range(5))
_RETURN: dict[int, ReturnDiscard] = {}
_REPLAY: dict[int, ReplayDiscard] = {}


def return_action(card_id: int) -> ReturnDiscard:
    a = _RETURN.get(card_id)
    if a is None:
        a = _RETURN[card_id] = ReturnDiscard(card_id=card_id)
    return a


def replay_action(card_id: int) -> ReplayDiscard:
    a = _REPLAY.get(card_id)
    if a is None:
        a = _REPLAY[card_id] = ReplayDiscard(card_id=card_id)
    return a


def clue_actions(
    options: HanabiOptions,
    cfg: Config,
    hands: tuple[tuple[HeldCard, ...], ...],
    seat: int,
    colour: bool,
    number: bool,
) -> list[HanabiAction]:
    """Every clue `seat` may give (colour and/or number ones), in seat order from its left: the fast listing
    of what `HanabiRules.check_colour_clue` / `check_number_clue` allow."""
    out: list[HanabiAction] = []
    n = len(hands)
    allow_empty = options.allow_empty_clues
    clue_set = cfg.colour_clue_suits_set
    named = cfg.clue_suits
    for off in range(1, n):
        target = (seat + off) % n
        colours = _COLOUR_ROWS[target]
        numbers = _NUMBER_ROWS[target]
        if allow_empty:
            if colour:
                out.extend([colours[s] for s in named])
            if number:
                out.extend(numbers)
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
            if multi and cfg.avalanche:  # every colour clue touches a multicolour card
                out.extend([colours[s] for s in named])
            else:
                out.extend([colours[s] for s in named if s in suits])
        if number:
            out.extend([numbers[r - 1] for r in RANKS if r in ranks])
    return out
