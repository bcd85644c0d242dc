"""What each seat may see: no leaks of a seat's own cards or of the deck order; `possible` is right."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.hanabi.models import (
    HanabiOptions,
    HanabiState,
    HeldCard,
    Knowledge,
    NumberClue,
)
from boardgames_tui.engine.hanabi.rules import RULES, game_suits

from .helpers import NAMES, act, build, resample_own_cards

OPTIONS = st.builds(
    HanabiOptions,
    hand_size=st.sampled_from(["standard", "unofficial"]),
    allow_empty_clues=st.booleans(),
    sixth_suit=st.sampled_from(["none", "tricky", "difficult", "avalanche"]),
    black_powder=st.booleans(),
    five_flamboyants=st.booleans(),
)


def random_midgame(options: HanabiOptions, players: int, seed: int, steps: int) -> HanabiState:
    rng = random.Random(seed)
    state = RULES.setup(NAMES[:players], options, str(seed))
    for _ in range(steps):
        if not RULES.to_act(state):
            break
        legal = RULES.legal_actions(state, state.current)
        # mostly sensible moves so that games last and knowledge piles up
        plays = [a for a in legal if a.kind == "play" and RULES.playable(state, state.hands[state.current][a.slot].card)]
        action = rng.choice(plays) if plays and rng.random() < 0.6 else rng.choice(legal)
        if action.kind == "play" and not plays and rng.random() < 0.8:
            action = rng.choice(legal)
        state = RULES.apply(state, state.current, action)
    return state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, players=st.integers(2, 5), seed=st.integers(0, 10**6), steps=st.integers(0, 60))
def test_view_does_not_depend_on_own_cards_or_deck_order(
    options: HanabiOptions, players: int, seed: int, steps: int
) -> None:
    state = random_midgame(options, players, seed, steps)
    rng = random.Random(seed)
    for seat in range(players):
        before = RULES.view(state, seat)
        public = RULES.view(state, None)
        for _ in range(3):
            other = resample_own_cards(state, seat, rng)
            assert RULES.view(other, seat) == before
            assert RULES.view(other, None) == public
        for slot in before.hands[seat].slots:
            assert slot.card is None
            assert slot.possible  # the real card is always among the possibilities
        # the real identity of every own card is among the possibilities
        for slot, hc in zip(before.hands[seat].slots, state.hands[seat]):
            assert hc.card.label in slot.possible


def test_resampling_is_visible_to_the_other_seats() -> None:
    # guards the no-leak test above: the same resampling does change what the other players see
    state = RULES.setup(NAMES[:3], HanabiOptions(), "2024")
    rng = random.Random(1)
    other = resample_own_cards(state, 0, rng)
    assert [hc.card for hc in other.hands[0]] != [hc.card for hc in state.hands[0]]
    assert RULES.view(other, 0) == RULES.view(state, 0)
    assert RULES.view(other, 1) != RULES.view(state, 1)


@settings(max_examples=25, deadline=None)
@given(options=OPTIONS, players=st.integers(2, 5), seed=st.integers(0, 10**6), steps=st.integers(0, 40))
def test_public_view_shows_no_card_and_others_are_visible(
    options: HanabiOptions, players: int, seed: int, steps: int
) -> None:
    state = random_midgame(options, players, seed, steps)
    public = RULES.view(state, None)
    assert public.seat is None and public.legal_actions == ()
    for hv in public.hands:
        for slot, hc in zip(hv.slots, state.hands[hv.seat]):
            assert slot.card is None and slot.possible == ()
            assert slot.knowledge == hc.knowledge
    for seat in range(players):
        view = RULES.view(state, seat)
        for hv in view.hands:
            if hv.seat != seat:
                assert [s.card for s in hv.slots] == [hc.card for hc in state.hands[hv.seat]]
                assert all(s.possible == () for s in hv.slots)
        if seat in RULES.to_act(state):
            assert view.legal_actions == tuple(RULES.legal_actions(state, seat))
        else:
            assert view.legal_actions == ()
        assert view.deck_size == len(state.deck)
        assert view.log == state.log  # every event is public


def test_view_fields() -> None:
    opts = HanabiOptions(sixth_suit="avalanche", black_powder=True, five_flamboyants=True)
    state = RULES.setup(NAMES[:4], opts, "777")
    view = RULES.view(state, 2)
    assert "777" not in view.model_dump_json()  # the seed would rebuild the deck: never in a View
    assert view.suits == ("R", "Y", "G", "B", "W", "M", "K")
    assert view.clue_suits == ("R", "Y", "G", "B", "W")
    assert view.score == -5 and view.clue_tokens == 8 and view.misfires == 0
    assert view.bonus_tiles_left == 6 and view.bonus_revealed == ()
    assert view.deck_size == 70 - 16
    assert view.current == 0 and view.legal_actions == ()
    assert [h.name for h in view.hands] == list(NAMES[:4])


def test_possible_identities_crafted_case() -> None:
    state = build(
        [["R2", "G4", "B1", "B2"], ["R1", "R1", "B5", "W5"], ["Y2", "Y3", "W4", "W4"]],
        discard=["R1", "Y2"],
        piles={"Y": 1, "G": 3},
        fill_deck=True,
    )
    suits = game_suits(state.options)
    hands = list(state.hands)
    hands[0] = (
        HeldCard(card=state.hands[0][0].card, knowledge=Knowledge(suits=("R",), ranks=(1, 2), touched=True)),
        HeldCard(card=state.hands[0][1].card, knowledge=Knowledge(suits=("Y", "G", "W"), ranks=(4, 5), touched=True)),
        HeldCard(card=state.hands[0][2].card, knowledge=Knowledge(suits=suits, ranks=(1, 2, 3, 4, 5))),
        HeldCard(card=state.hands[0][3].card, knowledge=Knowledge(suits=("Y", "B"), ranks=(2,), touched=True)),
    )
    state = state.model_copy(update={"hands": tuple(hands)})
    slots = RULES.view(state, 0).hands[0].slots
    # R1: 3 copies, all seen (Bob has two, one discarded)
    assert slots[0].possible == ("R2",)
    # Y4, Y5, G4, G5, W4, W5: the W4s are both in Cy's hand, W5 is Bob's only copy
    assert slots[1].possible == ("Y4", "Y5", "G4", "G5")
    # Y2: two copies, one discarded and one in Cy's hand
    assert slots[3].possible == ("B2",)
    # a card with no information: everything except the identities whose copies are all seen
    every = [f"{s}{r}" for s in "RYGBW" for r in range(1, 6)]
    assert slots[2].possible == tuple(x for x in every if x not in {"R1", "Y2", "B5", "W4", "W5"})


def test_possible_seen_from_another_seat_counts_the_first_seats_cards() -> None:
    state = build([["R1", "R1", "R1", "Y1"], ["B1", "B2", "B3", "B4"]], fill_deck=True)
    slots = RULES.view(state, 1).hands[1].slots
    assert all("R1" not in s.possible for s in slots)
    assert all("Y1" in s.possible for s in slots)
    s = act(state, NumberClue(target=1, rank=4))
    assert RULES.view(s, 1).hands[1].slots[3].possible == ("R4", "Y4", "G4", "B4", "W4")


def test_the_view_says_why_a_kind_of_move_is_refused_now() -> None:
    """The screen says the engine's reason for a refused key (the View carries it for the seat to act)."""
    full = build([["R1", "B2", "G3", "Y4", "W5"], ["R2", "B1", "W1", "Y3", "G1"]], fill_deck=True)
    refused = {r.kind: r.code for r in RULES.view(full, 0).refusals}
    assert refused == {"discard": "all_clue_tokens", "skip": "no_bonus"}
    assert RULES.view(full, 1).refusals == () and RULES.view(full, None).refusals == ()
    broke = build([["R1", "B2", "G3", "Y4", "W5"], ["R2", "B1", "W1", "Y3", "G1"]], fill_deck=True, clue_tokens=0)
    refused = {r.kind: r.code for r in RULES.view(broke, 0).refusals}
    assert refused == {"clue": "no_clue_tokens", "skip": "no_bonus"}


def test_a_card_known_exactly_leaves_one_copy_fewer_for_the_viewers_other_cards() -> None:
    # A tester's slot 1 "could be" W4 while their slot 4 was clued down to W4 and the other W4 was discarded.
    state = build([["R1", "G2", "B3", "W4"], ["Y1", "Y2", "Y3", "Y5"]], discard=["W4"], fill_deck=True)
    suits = game_suits(state.options)
    hands = list(state.hands)
    known_w4 = Knowledge(suits=("W",), ranks=(4,), touched=True)
    unknown = Knowledge(suits=suits, ranks=(1, 2, 3, 4, 5))
    hands[0] = tuple(HeldCard(card=hc.card, knowledge=known_w4 if i == 3 else unknown) for i, hc in enumerate(state.hands[0]))
    state = state.model_copy(update={"hands": tuple(hands)})
    slots = RULES.view(state, 0).hands[0].slots
    assert slots[3].possible == ("W4",)
    assert all("W4" not in slot.possible for slot in slots[:3])
    assert all("W3" in slot.possible for slot in slots[:3]), "other identities stay"
    # A chain: a card that is R4 or W4 is R4 once the W4 is pinned, and its R4 (the last unseen one) then
    # leaves the cards with no clue.
    state = build([["R4", "G2", "B3", "W4"], ["R4", "Y2", "Y3", "Y5"]], discard=["W4"], fill_deck=True)
    r_or_w_4 = Knowledge(suits=("R", "W"), ranks=(4,), touched=True)
    knowledge = (r_or_w_4, unknown, unknown, known_w4)
    state = state.model_copy(update={"hands": (tuple(HeldCard(card=hc.card, knowledge=k) for hc, k in zip(state.hands[0], knowledge)), state.hands[1])})
    slots = RULES.view(state, 0).hands[0].slots
    assert slots[0].possible == ("R4",) and slots[3].possible == ("W4",)
    assert all("R4" not in slot.possible and "W4" not in slot.possible for slot in slots[1:3])
