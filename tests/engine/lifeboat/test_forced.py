"""Decisions that are no decision (`LifeboatRules.public_forced_action`): the session plays them without
asking anyone, so they must be exactly the ones whose single choice the whole table already knows.

For each kind that is spared there is a test that it is, a test that holding any card keeps it asked (a
card in hand may always be put face up, and the table does not know which card it is), and, over random
games, a check that "forced or not" stays the same when what another seat cannot see is dealt again."""

from __future__ import annotations

import random

import pytest

from boardgames_tui.engine.lifeboat.models import (
    Done,
    DoNothing,
    Draft,
    LifeboatOptions,
    Navigate,
    RefuseDemand,
    SwapSeats,
)
from boardgames_tui.engine.lifeboat.data import NAVIGATION_COUNT
from boardgames_tui.engine.lifeboat.rules import FORCEABLE, RULES

from ...resamplers import RESAMPLE
from .helpers import NAMES, Cards, act, build, nav, resample_hidden

FOUR = ("lady_lauren", "sir_stephen", "captain", "first_mate")  # seats 0-3 = Ana, Ben, Cy, Dee, bow to stern
ANA, BEN, CY, DEE = range(4)


def forced(state):  # type: ignore[no-untyped-def]
    """Whether the decision is played without asking (and what), checked to be the same whatever the cards
    that any other seat cannot see (tests/resamplers.py deals them again, hand sizes kept)."""
    answer = RULES.public_forced_action(state)
    rng = random.Random(7)
    for other in range(len(state.players)):
        if other != state.current:
            for _ in range(8):
                assert RULES.public_forced_action(RESAMPLE["lifeboat"](state, other, rng)) == answer, other
    return answer


# Fights ------------------------------------------------------------------------------------------------


def fight(hands=None, face_up=None):  # type: ignore[no-untyped-def]
    """Ana asks Ben to swap seats and Ben refuses: the fight window opens at Ana, the attacker."""
    s = build(FOUR, hands=hands, face_up=face_up)
    s = act(s, SwapSeats(target=BEN))
    assert s.phase == "respond" and forced(s) is None, "giving in or refusing is a real choice"
    s = act(s, RefuseDemand())
    assert s.phase == "fight" and s.current == ANA
    return s


def test_a_fighter_with_an_empty_hand_is_spared_saying_done() -> None:
    s = fight(hands={CY: ["water"]})
    assert forced(s) == (ANA, Done())
    s = act(s, Done())
    assert s.current == BEN and forced(s) == (BEN, Done()), "the defender holds nothing either"
    s = act(s, Done())
    assert s.current == CY and forced(s) is None, "Cy may still join a side"
    s = act(s, Done())
    assert s.current == DEE and forced(s) is None, "not fighting yet: Dee may join, empty hand or not"


def test_a_fighter_holding_a_card_is_asked_whatever_the_card() -> None:
    for card in ("knife", "water", "bundle_of_cash"):  # a weapon or not: the table does not know which
        assert forced(fight(hands={ANA: [card]})) is None, card


def test_a_face_up_weapon_already_counted_leaves_a_fighter_nothing_to_add() -> None:
    assert forced(fight(face_up={ANA: ["knife"]})) == (ANA, Done())


# Navigation --------------------------------------------------------------------------------------------


def navigating(**given):  # type: ignore[no-untyped-def]
    return build(FOUR, phase="navigate", current=DEE, row_pile=(nav("N01"), nav("N24")), **given)


def test_a_navigator_with_no_compass_and_an_empty_hand_just_navigates() -> None:
    s = navigating()
    assert forced(s) == (DEE, Navigate())
    s = act(s, Navigate())
    assert s.phase == "pick" and forced(s) is None, "choosing among the row pile is asked (only Dee sees it)"


def test_a_navigator_with_a_compass_face_up_or_any_card_in_hand_is_asked() -> None:
    assert forced(navigating(face_up={DEE: ["compass"]})) is None
    assert forced(navigating(hands={DEE: ["bundle_of_cash"]})) is None, "a compass in hand could go face up"


# Overboard ---------------------------------------------------------------------------------------------


def overboard(**given):  # type: ignore[no-untyped-def]
    """N01 is used: the Captain (Cy) falls in and the overboard window opens at Ana (the bow)."""
    s = build(FOUR, phase="navigate", current=DEE, row_pile=(nav("N01"),), **given)
    s = act(s, Navigate())
    assert s.phase == "overboard" and s.overboard == (CY,) and s.current == ANA
    return s


def test_the_overboard_window_spares_those_with_nothing_to_throw() -> None:
    s = overboard(hands={BEN: ["water"]})
    assert forced(s) == (ANA, Done())
    s = act(s, Done())
    assert s.current == BEN and forced(s) is None, "Ben holds a card: a life preserver or chum, for all we know"
    s = act(s, Done())
    assert s.current == CY and forced(s) == (CY, Done())


def test_face_up_chum_or_a_life_preserver_to_throw_keeps_the_overboard_window_asked() -> None:
    assert forced(overboard(face_up={ANA: ["bucket_of_chum"]})) is None
    assert forced(overboard(face_up={ANA: ["life_preserver"]})) is None
    # in the water with one's own life preserver face up: it cannot be thrown on, nothing else to do
    s = act(overboard(face_up={CY: ["life_preserver"]}), Done())
    s = act(s, Done())
    assert s.current == CY and forced(s) == (CY, Done())


# Thirst ------------------------------------------------------------------------------------------------


def thirsty(**given):  # type: ignore[no-untyped-def]
    """N03 is used: the First Mate (Dee) falls in and Lady Lauren (Ana) is thirsty; after the overboard
    window the thirst window opens at Ana."""
    s = build(FOUR, phase="navigate", current=DEE, row_pile=(nav("N03"),), **given)
    s = act(s, Navigate())
    while s.phase == "overboard":
        s = act(s, Done())
    assert s.phase == "thirst" and s.thirst[ANA] == 1 and s.current == ANA
    return s


def test_the_thirst_window_spares_those_with_no_card_at_all() -> None:
    s = thirsty()
    assert forced(s) == (ANA, Done())


def test_holding_no_water_is_never_told_by_skipping() -> None:
    """A hand of cash is no water, but the table must not learn that: the seat is asked all the same."""
    assert forced(thirsty(hands={ANA: ["bundle_of_cash"]})) is None
    assert forced(thirsty(face_up={ANA: ["water"]})) is None, "face-up water may be given"


# The action phase --------------------------------------------------------------------------------------


def test_alone_in_the_boat_with_the_navigation_deck_gone_there_is_nothing_but_doing_nothing() -> None:
    everything = tuple(range(NAVIGATION_COUNT))
    s = build(FOUR, boat=(ANA,), row_pile=everything)
    assert RULES.legal_actions(s, ANA) == (DoNothing(),)
    assert forced(s) == (ANA, DoNothing())
    assert forced(build(FOUR, boat=(ANA,), row_pile=everything, hands={ANA: ["water"]})) is None
    assert forced(build(FOUR, hands={})) is None, "with others aboard there is always a swap to ask for"


# Decisions about cards only the decider sees ------------------------------------------------------------


def test_a_draft_of_identical_cards_is_asked_all_the_same() -> None:
    """Two Water cards are one choice, but only the drafter knows the cards passed to them are alike."""
    cards = Cards()
    water = cards.many(("water", "water"))
    s = build(FOUR, phase="draft", current=BEN, pending=Draft(cards=water, drafters=(BEN, CY)))
    assert len(RULES.legal_actions(s, BEN)) == 1
    assert forced(s) is None


@pytest.mark.parametrize("seed", range(12))
def test_forced_or_not_does_not_depend_on_what_the_others_cannot_see(seed: int) -> None:
    """Along random games: a forced decision is the seat's only legal action with an empty hand, and
    dealing again every card and Love or Hate another seat cannot see changes neither whether a decision
    is forced nor which action it is."""
    rng = random.Random(seed)
    players = 4 + seed % 3
    state = RULES.setup(NAMES[:players], LifeboatOptions(), f"forced-{seed}")
    seen = {phase: 0 for phase in FORCEABLE}
    while RULES.to_act(state):
        seat = state.current
        answer = RULES.public_forced_action(state)
        if answer is not None:
            seen[state.phase] += 1
            assert answer[0] == seat and state.hands[seat] == ()
            assert tuple(RULES.legal_actions(state, seat)) == (answer[1],)
        for other in range(players):
            if other == seat:
                continue
            for _ in range(3):
                again = resample_hidden(state, other, rng)
                assert RULES.public_forced_action(again) == answer, (state.phase, other)
        legal = RULES.legal_actions(state, seat)
        state = RULES.apply(state, seat, answer[1] if answer is not None else rng.choice(legal))
    assert seen["fight"] + seen["overboard"] + seen["thirst"] + seen["navigate"] > 0, seen
