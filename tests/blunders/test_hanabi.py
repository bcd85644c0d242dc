"""Hanabi's counted blunders: misfires, and the last copy of a card still needed thrown away."""

from __future__ import annotations

from boardgames_tui import blunders
from boardgames_tui.engine.hanabi.models import DiscardCard, PlayCard
from boardgames_tui.engine.hanabi.rules import RULES
from tests.engine.hanabi.helpers import build

from .helpers import steps_of

HANDS = [["R1", "B5", "G3", "Y1", "W2"], ["R2", "B1", "W1", "Y3", "G1"]]


def kinds_found(state, moves) -> list[tuple[str, int, int]]:  # type: ignore[no-untyped-def]
    return [(b.kind, b.seat, b.step) for b in blunders.find("hanabi", steps_of(RULES, state, moves))]


def test_a_card_that_does_not_fit_is_a_misfire_and_one_that_fits_is_not() -> None:
    state = build(HANDS, fill_deck=True, clue_tokens=7)
    assert kinds_found(state, [(0, PlayCard(slot=0)), (1, PlayCard(slot=0))]) == []  # R1, then R2: both fit
    assert kinds_found(state, [(0, PlayCard(slot=2))]) == [("misfire", 0, 1)]  # G3 on an empty green pile


def test_discarding_a_five_loses_it_for_good() -> None:
    state = build(HANDS, fill_deck=True, clue_tokens=7)
    assert kinds_found(state, [(0, DiscardCard(slot=1))]) == [("last_copy_discarded", 0, 1)]


def test_a_card_with_a_copy_left_or_no_longer_needed_may_go() -> None:
    state = build(HANDS, fill_deck=True, clue_tokens=7)
    assert kinds_found(state, [(0, DiscardCard(slot=3))]) == []  # Y1: two more yellow ones
    played = build(HANDS, fill_deck=True, clue_tokens=7, piles={"W": 2})  # the other W2 is on the pile's way: W2 no longer needed
    assert kinds_found(played, [(0, DiscardCard(slot=4))]) == []


def test_the_last_copy_of_a_card_that_can_never_be_played_is_no_loss() -> None:
    # Both blue 4s are gone: the blue 5 can never be played, so throwing it away costs nothing.
    state = build(HANDS, fill_deck=True, clue_tokens=7, discard=["B4", "B4"])
    assert kinds_found(state, [(0, DiscardCard(slot=1))]) == []


def test_the_last_copy_of_a_two_is_counted_once_the_first_one_is_gone() -> None:
    state = build(HANDS, fill_deck=True, clue_tokens=7, discard=["W2"])
    assert kinds_found(state, [(0, DiscardCard(slot=4))]) == [("last_copy_discarded", 0, 1)]
