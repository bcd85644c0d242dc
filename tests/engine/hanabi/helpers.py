"""Shared helpers for the Hanabi engine tests: build exact situations by hand."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from boardgames_tui.engine.base import Fact
from boardgames_tui.engine.hanabi.models import BLACK, Card, HanabiOptions, HanabiState, HeldCard, Knowledge
from boardgames_tui.engine.hanabi.rules import RULES, deck_composition, game_suits
from boardgames_tui.narration.hanabi import HanabiNarrator

NAMES = ("Ana", "Bob", "Cy", "Dee", "Eve")


def fresh_knowledge(options: HanabiOptions) -> Knowledge:
    return Knowledge(suits=game_suits(options), ranks=(1, 2, 3, 4, 5))


class CardPool:
    """Hands out real cards of the option set's deck by label ("R3"), each id at most once."""

    def __init__(self, options: HanabiOptions) -> None:
        self.unused: list[Card] = list(deck_composition(options))

    def take(self, label: str) -> Card:
        suit, rank = label[0], int(label[1:])
        for i, card in enumerate(self.unused):
            if card.suit == suit and card.rank == rank:
                return self.unused.pop(i)
        raise ValueError(f"no {label} left in the deck")


def build(
    hands: Sequence[Sequence[str]],
    deck: Sequence[str] = (),
    *,
    options: HanabiOptions | None = None,
    piles: dict[str, int] | None = None,
    discard: Sequence[str] = (),
    fill_deck: bool = False,
    **fields: Any,
) -> HanabiState:
    """A state with the given hands (slot 0 first), deck (top first), piles and discard pile.

    Pile cards are taken out of the deck composition too, so with fill_deck=True (the rest of the cards
    appended to the deck in id order) every card of the game is somewhere exactly once.
    """
    options = options or HanabiOptions()
    suits = game_suits(options)
    pool = CardPool(options)
    pile_counts = tuple((piles or {}).get(s, 0) for s in suits)
    for suit, played in zip(suits, pile_counts):
        ranks = range(5, 5 - played, -1) if suit == BLACK else range(1, played + 1)
        for r in ranks:
            pool.take(f"{suit}{r}")
    know = fresh_knowledge(options)
    held = tuple(tuple(HeldCard(card=pool.take(lbl), knowledge=know) for lbl in hand) for hand in hands)
    discard_cards = tuple(pool.take(lbl) for lbl in discard)
    deck_cards = [pool.take(lbl) for lbl in deck]
    if fill_deck:
        deck_cards.extend(pool.unused)
    return HanabiState(
        players=NAMES[: len(hands)],
        options=options,
        seed="test",
        suits=suits,
        deck=tuple(deck_cards),
        hands=held,
        piles=pile_counts,
        discard=discard_cards,
        **fields,
    )


def labels(cards: Sequence[Card] | Sequence[HeldCard]) -> list[str]:
    return [c.label if isinstance(c, Card) else c.card.label for c in cards]


def all_cards(state: HanabiState) -> list[Card]:
    """Every card that is not on a pile."""
    out = list(state.deck) + list(state.discard)
    for hand in state.hands:
        out.extend(hc.card for hc in hand)
    return out


def act(state: HanabiState, action: Any, seat: int | None = None) -> HanabiState:
    return RULES.apply(state, state.current if seat is None else seat, action)


def resample_own_cards(state: HanabiState, seat: int, rng: random.Random) -> HanabiState:
    """Swap `seat`'s hidden cards with deck cards at random and shuffle the deck; knowledge stays put.

    The result differs from `state` only in what `seat` cannot see, so its view must not change.
    """
    own = state.hands[seat]
    pool = [hc.card for hc in own] + list(state.deck)
    rng.shuffle(pool)
    new_hand = tuple(HeldCard(card=c, knowledge=hc.knowledge) for c, hc in zip(pool, own))
    hands = list(state.hands)
    hands[seat] = new_hand
    return state.model_copy(update={"hands": tuple(hands), "deck": tuple(pool[len(own) :])})


# The name tests/resamplers.py finds every game's resampler by.
resample_hidden = resample_own_cards


# What the players read: the English narrator's words for the engine's facts ---------------------------


def narrator(state: HanabiState) -> HanabiNarrator:
    return HanabiNarrator(state.players)


def news(state: HanabiState) -> str:
    """The newest action and what followed it, as the handoff and the transcripts say it."""
    newest = RULES.last_public_event(state)
    assert newest is not None
    return narrator(state).event(newest)


def line(state: HanabiState, index: int) -> str:
    """One event of the log, said."""
    return narrator(state).event(state.log[index])


def label(state: HanabiState) -> str:
    return narrator(state).say(RULES.turn_label(state))


def said(state: HanabiState, fact: Fact) -> str:
    return narrator(state).say(fact)
