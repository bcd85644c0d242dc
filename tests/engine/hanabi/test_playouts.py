"""Random legal playouts for every variant combination and player count, with invariants checked
after every action (DESIGN.md section 6.2)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine.hanabi.models import (
    BLACK,
    ColourClue,
    DiscardCard,
    HanabiOptions,
    HanabiState,
    NumberClue,
    PlayCard,
    ReplayDiscard,
    ReturnDiscard,
    SkipBonus,
)
from boardgames_tui.engine.hanabi.rules import RULES, deck_composition, hand_size, max_score
from boardgames_tui.engine.hanabi.turn import ACTION_EVENTS

from .. import contract
from .helpers import NAMES

VARIANTS = [
    HanabiOptions(sixth_suit=six, black_powder=black, five_flamboyants=flam, allow_empty_clues=empty, hand_size=hs)
    for six, black, flam, empty, hs in itertools.product(
        ("none", "tricky", "difficult", "avalanche"), (False, True), (False, True), (False, True), ("standard", "unofficial")
    )
]
MAX_STEPS = 1000


def variant_id(o: HanabiOptions) -> str:
    return "-".join(
        [o.sixth_suit, "black" if o.black_powder else "noblack", "flam" if o.five_flamboyants else "noflam",
         "empty" if o.allow_empty_clues else "noempty", o.hand_size]
    )


def choose(state: HanabiState, legal: tuple, rng: random.Random, smart: float):  # type: ignore[no-untyped-def]
    """Random legal action; with probability `smart` a (peeked) playable card, else avoid misfires."""
    if rng.random() < smart:
        hand = state.hands[state.current]
        good = [a for a in legal if isinstance(a, PlayCard) and RULES.playable(state, hand[a.slot].card)]
        if good:
            return rng.choice(good)
        safe = [a for a in legal if not isinstance(a, PlayCard)]
        if safe:
            return rng.choice(safe)
    return rng.choice(legal)


def candidate_actions(state: HanabiState) -> list:  # type: ignore[type-arg]
    """A broad set of actions, legal or not, to probe apply with."""
    n = len(state.players)
    ids = [c.id for c in state.discard] + [c.id for c in state.deck[:3]] + [-1, 999]
    out: list = [SkipBonus()]  # type: ignore[type-arg]
    out += [PlayCard(slot=i) for i in range(-1, 8)]
    out += [DiscardCard(slot=i) for i in range(-1, 8)]
    out += [ColourClue(target=t, suit=s) for t in range(-1, n + 1) for s in "RYGBWMKX"]
    out += [NumberClue(target=t, rank=r) for t in range(-1, n + 1) for r in range(0, 7)]
    out += [ReturnDiscard(card_id=i) for i in ids] + [ReplayDiscard(card_id=i) for i in ids]
    return out


def check_invariants(state: HanabiState, actions_applied: int) -> None:
    options = state.options
    full = deck_composition(options)
    cards = list(state.deck) + list(state.discard) + [hc.card for hand in state.hands for hc in hand]
    ids = [c.id for c in cards]
    assert len(ids) == len(set(ids)), "card ids must be unique"
    assert all(full[c.id] == c for c in cards), "a card changed identity"
    assert len(cards) + sum(state.piles) == len(full), "cards must be conserved"
    on_piles: Counter[tuple[str, int]] = Counter()
    for suit, played in zip(state.suits, state.piles):
        ranks = range(5, 5 - played, -1) if suit == BLACK else range(1, played + 1)
        on_piles.update((suit, r) for r in ranks)
    assert Counter((c.suit, c.rank) for c in cards) + on_piles == Counter((c.suit, c.rank) for c in full)
    assert 0 <= state.clue_tokens <= 8
    assert 0 <= state.misfires <= 3
    assert all(0 <= p <= 5 for p in state.piles)
    assert sum(1 for entry in state.log if entry.kind in ACTION_EVENTS) == actions_applied  # each action opens its entry
    assert all(entry.public for entry in state.log)  # Hanabi has no secret in its log
    size = hand_size(options, len(state.players))
    for hand in state.hands:
        assert size - 1 <= len(hand) <= size
        for hc in hand:  # knowledge never contradicts the truth
            assert hc.card.suit in hc.knowledge.suits and hc.card.rank in hc.knowledge.ranks
    over = state.phase == "over"
    assert (RULES.to_act(state) == frozenset()) == over
    assert (RULES.outcome(state) is None) != over
    if not over:
        assert state.misfires < 3
        assert (len(state.deck) == 0) == (state.final_turns_left is not None)
        if state.deck:
            assert all(len(h) == size for h in state.hands)
        assert len(state.bonus_tiles) + len(state.bonus_revealed) == (6 if options.five_flamboyants else 0)


def playout(options: HanabiOptions, players: int, seed: int, smart: float, probe_every: int = 1) -> None:
    rng = random.Random(seed)
    deal = str(seed)
    state = contract.deterministic_setup(RULES, NAMES[:players], options, deal)
    history: list = []  # type: ignore[type-arg]
    check_invariants(state, 0)
    for step, seat, legal in contract.turns(RULES, lambda: state, MAX_STEPS):
        if step % probe_every == 0:
            unlisted = contract.sample_unlisted(candidate_actions(state), legal, rng, 8)
            contract.probe(RULES, state, seat, legal, unlisted)
        action = choose(state, legal, rng, smart)
        # actions survive the JSON form used by saves
        action = RULES.parse_action(RULES.dump_action(action))
        state = RULES.apply(state, seat, action)
        history.append(action)
        check_invariants(state, len(history))
    # the game is over
    out = RULES.outcome(state)
    assert out is not None and out.cooperative
    assert len(set(out.scores)) == 1 and len(out.scores) == players
    top = max_score(options)
    assert (-5 if options.black_powder else 0) <= out.scores[0] <= top
    assert out.winners in ((), tuple(range(players)))
    assert (out.winners != ()) == (out.scores[0] == top)
    if state.end_reason == "final_round":
        # the drawer's turn, then exactly one more turn for every player, the drawer included
        assert state.last_card_turn is not None
        assert state.turn == state.last_card_turn + 1 + players
        assert state.deck == () and state.final_turns_left == 0
    elif state.end_reason == "third_misfire":
        assert state.misfires == 3 and out.scores[0] == 0
    else:
        assert state.end_reason == "all_fireworks" and out.scores[0] == top
    contract.finished(RULES, state)
    contract.refused(RULES, state, 0, candidate_actions(state)[:20])
    contract.replays(RULES, NAMES[:players], options, deal, history, state)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", VARIANTS, ids=variant_id)
def test_every_variant_and_player_count(options: HanabiOptions, players: int) -> None:
    """A deterministic sweep: every variant combination x every player count, one long careful game."""
    playout(options, players, seed=players * 1000 + VARIANTS.index(options), smart=0.97, probe_every=3)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=st.sampled_from(VARIANTS),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    smart=st.sampled_from([0.0, 0.5, 0.9, 1.0]),
)
def test_random_playouts(options: HanabiOptions, players: int, seed: int, smart: float) -> None:
    playout(options, players, seed, smart)


def test_careful_playouts_reach_bonus_tiles_and_the_final_round() -> None:
    """Guards the playouts above: the careful policy does exercise the deep parts of the rules."""
    phases: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    for seed in range(12):
        rng = random.Random(seed)
        state = RULES.setup(NAMES[:3], HanabiOptions(five_flamboyants=True, sixth_suit="tricky"), str(seed))
        while RULES.to_act(state):
            phases[state.phase] += 1
            state = RULES.apply(state, state.current, choose(state, tuple(RULES.legal_actions(state, state.current)), rng, 1.0))
        reasons[state.end_reason or ""] += 1
        assert len(state.bonus_revealed) >= 1
    assert reasons["final_round"] + reasons["all_fireworks"] == 12
    assert {"free_colour_clue", "free_number_clue", "reshuffle_discard", "replay_discard"} & set(phases)
