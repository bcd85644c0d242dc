"""Hanabi rules, one rule per test (rulebook: shared/seeds/003, decisions: shared/rules/hanabi.md)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest

from boardgames_tui.engine.base import IllegalAction
from boardgames_tui.engine.hanabi.models import (
    BONUS_TILES,
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
from boardgames_tui.engine.hanabi.rules import (
    RULES,
    clue_suits,
    deck_composition,
    game_suits,
    hand_size,
    max_score,
    rating,
    score,
)
from boardgames_tui.engine.rng import shuffled

from .helpers import NAMES, act, all_cards, build, fresh_knowledge, label, labels, line, narrator, news, said

STANDARD = {1: 3, 2: 2, 3: 2, 4: 2, 5: 1}
BASE = ("R", "Y", "G", "B", "W")


def counts_by_suit(options: HanabiOptions) -> dict[str, dict[int, int]]:
    out: dict[str, Counter[int]] = {}
    for card in deck_composition(options):
        out.setdefault(card.suit, Counter())[card.rank] += 1
    return {s: dict(c) for s, c in out.items()}


def assert_illegal(state: HanabiState, seat: int, action: object, code: str, says: str | None = None) -> IllegalAction:
    """The rules refuse `action` with `code` (and, if given, the English narrator `says` so), changing nothing."""
    before = state.model_copy(deep=True)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, seat, action)  # type: ignore[arg-type]
    assert refused.value.code == code, refused.value
    assert RULES.refusal(state, seat, action) == refused.value  # type: ignore[arg-type]
    if says is not None:
        assert narrator(state).refusal(refused.value) == says
    assert state == before
    return refused.value


# Deck and setup -------------------------------------------------------------------------------------


def test_base_deck_is_50_cards_of_five_suits() -> None:
    opts = HanabiOptions()
    assert len(deck_composition(opts)) == 50
    assert counts_by_suit(opts) == {s: STANDARD for s in BASE}
    assert game_suits(opts) == BASE


def test_card_ids_are_positions_in_the_unshuffled_deck() -> None:
    opts = HanabiOptions(sixth_suit="tricky", black_powder=True)
    deck = deck_composition(opts)
    assert [c.id for c in deck] == list(range(len(deck)))


def test_tricky_adds_ten_multicolour_cards_with_their_own_clue() -> None:
    opts = HanabiOptions(sixth_suit="tricky")
    assert len(deck_composition(opts)) == 60
    assert counts_by_suit(opts)["M"] == STANDARD
    assert game_suits(opts) == (*BASE, "M")
    assert clue_suits(opts) == (*BASE, "M")


def test_difficult_adds_one_multicolour_card_of_each_number() -> None:
    opts = HanabiOptions(sixth_suit="difficult")
    assert len(deck_composition(opts)) == 55
    assert counts_by_suit(opts)["M"] == {1: 1, 2: 1, 3: 1, 4: 1, 5: 1}
    assert clue_suits(opts) == (*BASE, "M")


def test_avalanche_has_ten_multicolour_cards_and_no_multicolour_clue() -> None:
    opts = HanabiOptions(sixth_suit="avalanche")
    assert len(deck_composition(opts)) == 60
    assert counts_by_suit(opts)["M"] == STANDARD
    assert clue_suits(opts) == BASE


def test_black_powder_adds_ten_black_cards_three_fives_one_one() -> None:
    opts = HanabiOptions(black_powder=True)
    assert len(deck_composition(opts)) == 60
    assert counts_by_suit(opts)["K"] == {5: 3, 4: 2, 3: 2, 2: 2, 1: 1}
    assert game_suits(opts) == (*BASE, "K")
    assert "K" not in clue_suits(opts)


def test_sixth_suit_and_black_powder_make_seven_piles_max_30() -> None:
    opts = HanabiOptions(sixth_suit="tricky", black_powder=True)
    assert game_suits(opts) == (*BASE, "M", "K")
    assert len(deck_composition(opts)) == 70
    assert max_score(opts) == 30
    state = RULES.setup(NAMES[:3], opts, "7")
    assert len(state.piles) == 7
    assert score(state) == -5  # the black pile starts at -5


def test_max_score_25_without_sixth_suit_even_with_black_powder() -> None:
    assert max_score(HanabiOptions()) == 25
    assert max_score(HanabiOptions(black_powder=True)) == 25
    assert max_score(HanabiOptions(sixth_suit="difficult")) == 30


@pytest.mark.parametrize(
    ("rule", "players", "size"),
    [
        ("standard", 2, 5),
        ("standard", 3, 5),
        ("standard", 4, 4),
        ("standard", 5, 4),
        ("unofficial", 2, 6),
        ("unofficial", 3, 5),
        ("unofficial", 4, 4),
        ("unofficial", 5, 3),
    ],
)
def test_hand_sizes(rule: str, players: int, size: int) -> None:
    opts = HanabiOptions(hand_size=rule)  # type: ignore[arg-type]
    assert hand_size(opts, players) == size
    state = RULES.setup(NAMES[:players], opts, "42")
    assert [len(h) for h in state.hands] == [size] * players
    assert len(state.deck) == 50 - size * players


def test_setup_starts_with_8_tokens_no_misfire_empty_piles_and_no_knowledge() -> None:
    opts = HanabiOptions(sixth_suit="avalanche", black_powder=True)
    state = RULES.setup(NAMES[:3], opts, "1")
    assert state.clue_tokens == 8 and state.misfires == 0
    assert state.piles == (0,) * 7
    assert state.current == 0 and state.turn == 0 and state.phase == "turn"
    assert state.final_turns_left is None and state.bonus_tiles == ()
    for hand in state.hands:
        for hc in hand:
            assert hc.knowledge == fresh_knowledge(opts)
    ids = [c.id for c in all_cards(state)]
    assert sorted(ids) == list(range(70))


@pytest.mark.parametrize("players", [1, 6])
def test_setup_rejects_wrong_player_counts(players: int) -> None:
    with pytest.raises(ValueError):
        RULES.setup(["P"] * players, HanabiOptions(), "1")


def test_same_deal_number_players_and_options_give_the_same_deal() -> None:
    opts = HanabiOptions(sixth_suit="tricky")
    a = RULES.setup(["Ana", "Bob", "Cy"], opts, "123456")
    b = RULES.setup(["Xu", "Yi", "Zoe"], opts, "123456")  # names don't matter
    assert labels(a.deck) == labels(b.deck)
    assert [labels(h) for h in a.hands] == [labels(h) for h in b.hands]
    assert a == RULES.setup(["Ana", "Bob", "Cy"], opts, "123456")
    c = RULES.setup(["Ana", "Bob", "Cy"], opts, "123457")
    assert [c.id for c in c.deck] != [c.id for c in a.deck]


def test_deck_is_shuffled_from_the_seed_and_dealt_round_robin_newest_left() -> None:
    opts = HanabiOptions()
    state = RULES.setup(NAMES[:2], opts, "99")
    order = shuffled(deck_composition(opts), "99", "deck")
    # round-robin: seat 0 gets cards 0, 2, 4, ...; each new card goes to slot 0
    assert [hc.card for hc in state.hands[0]] == [order[8], order[6], order[4], order[2], order[0]]
    assert [hc.card for hc in state.hands[1]] == [order[9], order[7], order[5], order[3], order[1]]
    assert state.deck == order[10:]


# Clues -------------------------------------------------------------------------------------------------


def test_colour_clue_touches_matching_cards_and_gives_negative_information() -> None:
    state = build([["Y1", "Y2", "Y3", "Y4"], ["R1", "B2", "R3", "G4"]], fill_deck=True, clue_tokens=5)
    after = act(state, ColourClue(target=1, suit="R"))
    hand = after.hands[1]
    assert [hc.knowledge.suits for hc in hand] == [("R",), ("Y", "G", "B", "W"), ("R",), ("Y", "G", "B", "W")]
    assert [hc.knowledge.touched for hc in hand] == [True, False, True, False]
    assert all(hc.knowledge.ranks == (1, 2, 3, 4, 5) for hc in hand)
    assert after.clue_tokens == 4
    assert after.hands[0] == state.hands[0]
    assert news(after) == "Ana told Bob: slots 1, 3 are red."
    assert after.current == 1 and after.turn == 1


def test_number_clue_touches_matching_cards_and_gives_negative_information() -> None:
    state = build([["Y1", "Y2", "Y3", "Y4"], ["R1", "B2", "R3", "G2"]], fill_deck=True)
    after = act(state, NumberClue(target=1, rank=2))
    hand = after.hands[1]
    assert [hc.knowledge.ranks for hc in hand] == [(1, 3, 4, 5), (2,), (1, 3, 4, 5), (2,)]
    assert [hc.knowledge.touched for hc in hand] == [False, True, False, True]
    assert all(hc.knowledge.suits == BASE for hc in hand)
    assert after.clue_tokens == 7
    assert news(after) == "Ana told Bob: slots 2, 4 are 2s."


def test_clues_accumulate_knowledge() -> None:
    state = build([["Y1", "Y2", "Y3", "Y4"], ["R1", "B2", "R2", "G4"], ["W1", "W2", "W3", "W4"]], fill_deck=True)
    s = act(state, ColourClue(target=1, suit="R"))  # Ana -> Bob
    s = act(s, NumberClue(target=2, rank=1))  # Bob -> Cy
    s = act(s, NumberClue(target=1, rank=2))  # Cy -> Bob
    hand = s.hands[1]
    assert (hand[2].knowledge.suits, hand[2].knowledge.ranks) == (("R",), (2,))
    assert (hand[0].knowledge.suits, hand[0].knowledge.ranks) == (("R",), (1, 3, 4, 5))
    assert (hand[1].knowledge.suits, hand[1].knowledge.ranks) == (("Y", "G", "B", "W"), (2,))
    assert (hand[3].knowledge.suits, hand[3].knowledge.ranks) == (("Y", "G", "B", "W"), (1, 3, 4, 5))
    assert news(s) == "Cy told Bob: slots 2, 3 are 2s."
    assert line(s, -2) == "Bob told Cy: slot 1 is a 1."
    assert s.clue_tokens == 5


def test_avalanche_every_colour_clue_touches_multicolour() -> None:
    opts = HanabiOptions(sixth_suit="avalanche")
    state = build([["Y1", "Y2", "Y3", "Y4"], ["M1", "B2", "R3", "G4"]], options=opts, fill_deck=True)
    after = act(state, ColourClue(target=1, suit="R"))
    hand = after.hands[1]
    assert [hc.knowledge.touched for hc in hand] == [True, False, True, False]
    assert hand[0].knowledge.suits == ("R", "M")
    assert hand[2].knowledge.suits == ("R", "M")
    # untouched cards are neither red nor multicolour
    assert hand[1].knowledge.suits == ("Y", "G", "B", "W")
    # a clue that only touches the multicolour card is not empty
    s2 = build([["Y1", "Y2", "Y3", "Y4"], ["M1", "B2", "B3", "G4"]], options=opts, fill_deck=True)
    assert ColourClue(target=1, suit="W") in RULES.legal_actions(s2, 0)
    s3 = act(s2, ColourClue(target=1, suit="W"))
    assert s3.hands[1][0].knowledge.suits == ("W", "M")
    assert news(s3) == "Ana told Bob: slot 1 is white."


def test_avalanche_has_no_multicolour_clue() -> None:
    opts = HanabiOptions(sixth_suit="avalanche")
    state = build([["Y1", "Y2", "Y3", "Y4"], ["M1", "B2", "R3", "G4"]], options=opts, fill_deck=True)
    assert not any(isinstance(a, ColourClue) and a.suit == "M" for a in RULES.legal_actions(state, 0))
    assert_illegal(state, 0, ColourClue(target=1, suit="M"), "multi_not_named", "Multicolour can't be named in a clue in this game")


@pytest.mark.parametrize("variant", ["tricky", "difficult"])
def test_multicolour_clue_touches_only_multicolour(variant: str) -> None:
    opts = HanabiOptions(sixth_suit=variant)  # type: ignore[arg-type]
    state = build([["Y1", "Y2", "Y3", "Y4"], ["M1", "B2", "R3", "G4"]], options=opts, fill_deck=True)
    after = act(state, ColourClue(target=1, suit="M"))
    hand = after.hands[1]
    assert [hc.knowledge.touched for hc in hand] == [True, False, False, False]
    assert hand[0].knowledge.suits == ("M",)
    assert hand[1].knowledge.suits == BASE
    assert news(after) == "Ana told Bob: slot 1 is multicolour."
    # a red clue does not touch the multicolour card in these variants
    red = act(state, ColourClue(target=1, suit="R"))
    assert [hc.knowledge.touched for hc in red.hands[1]] == [False, False, True, False]
    assert red.hands[1][0].knowledge.suits == ("Y", "G", "B", "W", "M")


def test_empty_clue_forbidden_by_default() -> None:
    state = build([["Y1", "Y2", "Y3", "Y4"], ["R1", "B2", "R3", "B4"]], fill_deck=True)
    legal = RULES.legal_actions(state, 0)
    assert ColourClue(target=1, suit="G") not in legal
    assert NumberClue(target=1, rank=5) not in legal
    assert ColourClue(target=1, suit="R") in legal and NumberClue(target=1, rank=4) in legal
    assert_illegal(state, 0, ColourClue(target=1, suit="G"), "empty_colour_clue", "Bob has no green cards (empty clues are off)")
    assert_illegal(state, 0, NumberClue(target=1, rank=5), "empty_number_clue", "Bob has no 5s (empty clues are off)")


def test_empty_clue_allowed_by_option_gives_only_negative_information() -> None:
    opts = HanabiOptions(allow_empty_clues=True)
    state = build([["Y1", "Y2", "Y3", "Y4"], ["R1", "B2", "R3", "B4"]], options=opts, fill_deck=True)
    assert ColourClue(target=1, suit="G") in RULES.legal_actions(state, 0)
    after = act(state, ColourClue(target=1, suit="G"))
    assert all(hc.knowledge.suits == ("R", "Y", "B", "W") and not hc.knowledge.touched for hc in after.hands[1])
    assert after.clue_tokens == 7
    assert news(after) == "Ana told Bob: no cards are green."


def test_no_clue_without_tokens() -> None:
    state = build([["Y1", "Y2", "Y3", "Y4"], ["R1", "B2", "R3", "B4"]], fill_deck=True, clue_tokens=0)
    legal = RULES.legal_actions(state, 0)
    assert not any(isinstance(a, (ColourClue, NumberClue)) for a in legal)
    assert set(legal) == {PlayCard(slot=i) for i in range(4)} | {DiscardCard(slot=i) for i in range(4)}
    assert_illegal(state, 0, ColourClue(target=1, suit="R"), "no_clue_tokens", "There are no clue tokens left: play or discard a card")


def test_no_clue_to_yourself_or_to_a_missing_seat() -> None:
    state = build([["Y1", "Y2", "Y3", "Y4"], ["R1", "B2", "R3", "B4"]], fill_deck=True)
    assert_illegal(state, 0, ColourClue(target=0, suit="Y"), "clue_to_self")
    assert_illegal(state, 0, NumberClue(target=2, rank=1), "no_such_player", "There is no player in seat 2")
    assert_illegal(state, 0, NumberClue(target=1, rank=6), "no_such_number", "There is no number 6")
    assert_illegal(state, 0, ColourClue(target=1, suit="X"), "not_a_colour", "“X” is not a colour you can name")


# Discard and play ---------------------------------------------------------------------------------------


def test_discard_forbidden_with_all_8_tokens() -> None:
    state = build([["Y1", "Y2", "Y3", "Y4"], ["R1", "B2", "R3", "B4"]], fill_deck=True)
    assert state.clue_tokens == 8
    assert not any(isinstance(a, DiscardCard) for a in RULES.legal_actions(state, 0))
    assert_illegal(state, 0, DiscardCard(slot=0), "all_clue_tokens", "You can't discard while all 8 clue tokens are available")


def test_discard_regains_a_token_and_draws_to_the_left() -> None:
    state = build([["Y1", "Y2", "Y3", "Y4"], ["R1", "B2", "R3", "B4"]], deck=["W5", "G1"], clue_tokens=3)
    after = act(state, DiscardCard(slot=2))
    assert after.clue_tokens == 4
    assert labels(after.discard) == ["Y3"]
    assert labels(after.hands[0]) == ["W5", "Y1", "Y2", "Y4"]
    assert after.hands[0][0].knowledge == fresh_knowledge(HanabiOptions())
    assert labels(after.deck) == ["G1"]
    assert news(after) == "Ana discarded Y3."
    assert after.current == 1 and after.turn == 1


def test_discard_of_a_missing_slot_is_illegal() -> None:
    state = build([["Y1", "Y2", "Y3", "Y4"], ["R1", "B2", "R3", "B4"]], fill_deck=True, clue_tokens=3)
    assert_illegal(state, 0, DiscardCard(slot=4), "no_such_slot", "There is no card in slot 5")
    assert_illegal(state, 0, PlayCard(slot=-1), "no_such_slot")


def test_play_adds_the_next_card_of_its_pile() -> None:
    state = build([["Y1", "R2", "Y3", "Y4"], ["R1", "B2", "R3", "B4"]], deck=["W5", "G1"], piles={"R": 1}, clue_tokens=3)
    after = act(state, PlayCard(slot=1))
    assert after.piles == (2, 0, 0, 0, 0)
    assert after.clue_tokens == 3 and after.misfires == 0
    assert labels(after.hands[0]) == ["W5", "Y1", "Y3", "Y4"]
    assert after.discard == ()
    assert news(after) == "Ana played R2 — it was added to red."


def test_play_of_a_wrong_card_is_a_misfire() -> None:
    state = build([["Y1", "R3", "Y3", "Y4"], ["R1", "B2", "R3", "B4"]], deck=["W5", "G1"], piles={"R": 1}, clue_tokens=3)
    after = act(state, PlayCard(slot=1))
    assert after.piles == (1, 0, 0, 0, 0)
    assert labels(after.discard) == ["R3"]
    assert after.misfires == 1 and after.clue_tokens == 3
    assert labels(after.hands[0]) == ["W5", "Y1", "Y3", "Y4"]
    assert news(after) == "Ana played R3 — misfire! (1 of 3)"
    assert after.phase == "turn" and after.current == 1


def test_play_of_a_card_already_on_its_pile_is_a_misfire() -> None:
    state = build([["Y1", "G1"], ["B1", "B2"]], deck=["W5", "G2"], piles={"Y": 1})
    after = act(state, PlayCard(slot=0))
    assert after.misfires == 1 and after.piles == (0, 1, 0, 0, 0)
    assert labels(after.discard) == ["Y1"]


def test_third_misfire_ends_the_game_at_once_with_score_zero() -> None:
    state = build(
        [["Y3", "R1", "Y1", "Y4"], ["R1", "B2", "R3", "B4"]], deck=["W5", "G1"], piles={"B": 4, "W": 2}, misfires=2
    )
    after = act(state, PlayCard(slot=0))
    assert after.misfires == 3 and after.phase == "over"
    assert RULES.to_act(after) == frozenset()
    assert score(after) == 0
    assert labels(after.hands[0]) == ["R1", "Y1", "Y4"]  # no replacement: the game is over
    out = RULES.outcome(after)
    assert out is not None
    assert out.scores == (0, 0) and out.winners == () and out.cooperative
    assert out.reason == "third_misfire"
    assert "Fireworks total: 6 / 25" in said(after, out.details[1])
    assert "Misfires: 3 of 3" in [said(after, d) for d in out.details]
    assert said(after, out.headline) == "Score 0 / 25 — the third misfire ended the show."
    assert "misfire! (3 of 3)" in news(after)


def test_everything_raises_after_the_game_is_over() -> None:
    state = build([["Y3", "R1"], ["R1", "B2"]], deck=["W5"], misfires=2)
    over = act(state, PlayCard(slot=0))
    assert RULES.legal_actions(over, 0) == () and RULES.legal_actions(over, 1) == ()
    for seat in (0, 1):
        for a in (PlayCard(slot=0), DiscardCard(slot=0), NumberClue(target=1 - seat, rank=1), SkipBonus()):
            assert_illegal(over, seat, a, "game_over", "The game is over.")


def test_completing_a_pile_gives_a_clue_token() -> None:
    state = build([["R5", "Y1"], ["B1", "B2"]], deck=["W5", "G1"], piles={"R": 4}, clue_tokens=5)
    after = act(state, PlayCard(slot=0))
    assert after.piles[0] == 5 and after.clue_tokens == 6
    assert news(after) == "Ana played R5 — it was added to red. The red firework is complete: +1 clue token."


def test_a_completed_pile_is_said_before_the_last_card_is_drawn() -> None:
    # A tester's log read "played Y5", "drew the last card", then "the yellow firework is complete".
    state = build([["R5", "Y1"], ["B1", "B2"]], deck=["W5"], piles={"R": 4}, clue_tokens=5)
    after = act(state, PlayCard(slot=0))
    assert [entry.kind for entry in after.log[len(state.log) :]] == ["play", "firework_complete", "last_card"]
    assert after.clue_tokens == 6 and after.final_turns_left == 2


def test_completing_a_pile_with_8_tokens_gains_nothing() -> None:
    state = build([["R5", "Y1"], ["B1", "B2"]], deck=["W5", "G1"], piles={"R": 4}, clue_tokens=8)
    after = act(state, PlayCard(slot=0))
    assert after.piles[0] == 5 and after.clue_tokens == 8


def test_all_piles_complete_ends_the_game_with_the_maximum_score() -> None:
    state = build([["W5", "Y1"], ["B1", "B2"]], deck=["G1"], piles={s: 5 for s in "RYGB"} | {"W": 4}, clue_tokens=2)
    after = act(state, PlayCard(slot=0))
    assert after.phase == "over" and after.end_reason == "all_fireworks"
    assert score(after) == 25
    out = RULES.outcome(after)
    assert out is not None
    assert out.scores == (25, 25) and out.winners == (0, 1) and out.ranking == ((0, 1),)
    assert said(after, out.headline).startswith("Score 25 / 25 — Legendary")


# End of the deck -----------------------------------------------------------------------------------------


def test_last_card_gives_everyone_including_the_drawer_one_more_turn() -> None:
    state = build([["Y1", "Y2"], ["B1", "B2"], ["G1", "G2"]], deck=["W4"], clue_tokens=4)
    s = act(state, DiscardCard(slot=1), seat=0)  # Ana draws the last card
    assert s.deck == () and s.final_turns_left == 3
    assert news(s) == "Ana discarded Y2. Ana drew the last card — everyone gets one more turn."
    assert label(s) == "Turn 2 · final round, 3 turns left"
    s = act(s, DiscardCard(slot=0))  # Bob
    assert s.final_turns_left == 2 and label(s) == "Turn 3 · final round, 2 turns left"
    assert len(s.hands[1]) == 1  # no replacement any more
    s = act(s, DiscardCard(slot=0))  # Cy
    assert s.final_turns_left == 1 and label(s) == "Turn 4 · final round, 1 turn left"
    assert s.current == 0 and s.phase == "turn"  # the drawer plays once more
    s = act(s, DiscardCard(slot=0))  # Ana
    assert s.phase == "over" and s.final_turns_left == 0
    assert s.end_reason == "final_round"
    assert RULES.to_act(s) == frozenset()
    assert label(s) == "Game over after 4 turns"
    out = RULES.outcome(s)
    assert out is not None and out.winners == () and out.scores == (0, 0, 0)


def test_last_card_drawn_after_a_play_or_a_misfire_also_starts_the_final_round() -> None:
    state = build([["R1", "Y2"], ["B1", "B2"]], deck=["W4"])
    s = act(state, PlayCard(slot=1))  # misfire, draws the last card
    assert s.misfires == 1 and s.final_turns_left == 2
    assert labels(s.hands[0]) == ["W4", "R1"]
    s = act(s, PlayCard(slot=0))  # Bob: B1
    s = act(s, PlayCard(slot=1))  # Ana: R1, the drawer's extra turn
    assert s.phase == "over" and s.piles[0] == 1 and s.piles[3] == 1


# Black powder ----------------------------------------------------------------------------------------------


def test_black_pile_is_played_down_from_five() -> None:
    opts = HanabiOptions(black_powder=True)
    state = build([["K1", "K5", "K4", "K4"], ["B1", "B2", "B3", "B4"]], options=opts, fill_deck=True)
    s = act(state, PlayCard(slot=0), seat=0)  # K1 first: misfire
    assert s.misfires == 1 and s.piles[5] == 0
    s = act(s, NumberClue(target=0, rank=4), seat=1)
    s = act(s, PlayCard(slot=1), seat=0)  # K5 (slot 0 is the new card)
    assert s.piles[5] == 1 and s.misfires == 1
    assert news(s) == "Ana played K5 — it was added to black."
    s = act(s, NumberClue(target=0, rank=4), seat=1)
    s = act(s, PlayCard(slot=2), seat=0)  # K4
    assert s.piles[5] == 2 and s.misfires == 1


def test_black_powder_score_starts_at_minus_five() -> None:
    opts = HanabiOptions(black_powder=True)
    assert score(build([["R1"], ["B1"]], options=opts)) == -5
    assert score(build([["R1"], ["B1"]], options=opts, piles={"K": 2, "R": 3})) == 0
    assert score(build([["R1"], ["B1"]], options=opts, piles={"K": 5, "R": 3, "G": 1})) == 4


def test_black_powder_completing_with_the_one() -> None:
    opts = HanabiOptions(black_powder=True)
    state = build([["K1", "R1"], ["B1", "B2"]], options=opts, deck=["G1"], piles={"K": 4}, clue_tokens=3)
    s = act(state, PlayCard(slot=0))
    assert s.piles[5] == 5 and s.clue_tokens == 4
    assert "The black firework is complete" in news(s)


def test_no_colour_clue_touches_black_and_black_cannot_be_named() -> None:
    opts = HanabiOptions(black_powder=True)
    state = build([["Y1", "Y2", "Y3", "Y4"], ["K1", "R2", "K3", "G4"]], options=opts, fill_deck=True)
    assert_illegal(state, 0, ColourClue(target=1, suit="K"), "black_not_named", "Black can't be named in a clue")
    legal_colours = {a.suit for a in RULES.legal_actions(state, 0) if isinstance(a, ColourClue)}
    assert legal_colours == {"R", "G"}
    after = act(state, ColourClue(target=1, suit="R"))
    hand = after.hands[1]
    assert [hc.knowledge.touched for hc in hand] == [False, True, False, False]
    assert hand[0].knowledge.suits == ("Y", "G", "B", "W", "K")
    assert hand[1].knowledge.suits == ("R",)


def test_a_hand_of_only_black_cards_gets_no_colour_clue() -> None:
    opts = HanabiOptions(black_powder=True, sixth_suit="avalanche")
    state = build([["Y1", "Y2", "Y3", "Y4"], ["K1", "K2", "K3", "K5"]], options=opts, fill_deck=True)
    assert not any(isinstance(a, ColourClue) for a in RULES.legal_actions(state, 0))


def test_number_clues_touch_black_cards() -> None:
    opts = HanabiOptions(black_powder=True)
    state = build([["Y1", "Y2", "Y3", "Y4"], ["K1", "R2", "K3", "G4"]], options=opts, fill_deck=True)
    after = act(state, NumberClue(target=1, rank=3))
    assert [hc.knowledge.touched for hc in after.hands[1]] == [False, False, True, False]
    assert after.hands[1][2].knowledge.ranks == (3,)


def test_seven_piles_perfect_game_scores_30_divine() -> None:
    opts = HanabiOptions(sixth_suit="tricky", black_powder=True)
    state = build(
        [["K1", "Y1"], ["B1", "B2"]], options=opts, deck=["G1"], piles={s: 5 for s in "RYGBWM"} | {"K": 4}
    )
    after = act(state, PlayCard(slot=0))
    assert after.phase == "over" and score(after) == 30
    out = RULES.outcome(after)
    assert out is not None and out.winners == (0, 1)
    assert said(after, out.headline) == "Score 30 / 30 — Divine, the show outshone the stars!"


# Scoring ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "verdict"),
    [
        (-5, "Awful"),
        (0, "Awful"),
        (5, "Awful"),
        (6, "Mediocre"),
        (10, "Mediocre"),
        (11, "Honourable"),
        (15, "Honourable"),
        (16, "Excellent"),
        (20, "Excellent"),
        (21, "Amazing"),
        (24, "Amazing"),
        (25, "Legendary"),
        (29, "Legendary"),
        (30, "Divine"),
    ],
)
def test_rating_bands(points: int, verdict: str) -> None:
    assert rating(points) == verdict.lower()


def test_outcome_when_the_deck_runs_out() -> None:
    state = build(
        [["Y1", "Y2"], ["B1", "B2"]], deck=[], piles={"R": 5, "Y": 5, "G": 5, "B": 4, "W": 4}, clue_tokens=3,
        final_turns_left=1, misfires=1,
    )
    after = act(state, DiscardCard(slot=0))
    assert after.phase == "over"
    out = RULES.outcome(after)
    assert out is not None
    assert out.scores == (23, 23) and out.ranking == ((0, 1),) and out.winners == ()
    assert said(after, out.headline) == "Score 23 / 25 — Amazing, they'll remember it for weeks!"
    details = [said(after, d) for d in out.details]
    # the headline says the score and its rating: the details do not say them again
    assert not any(d.startswith(("Fireworks total", "Rating")) for d in details), details
    assert "Misfires: 1 of 3" in details
    assert "Ended: the final round is over" in details
    assert out.reason == "final_round"
    assert RULES.outcome(state) is None


# Five flamboyants -----------------------------------------------------------------------------------------------

FLAMBOYANT = HanabiOptions(five_flamboyants=True)


def flamboyant_state(tiles: tuple[str, ...], **kw: object) -> HanabiState:
    defaults: dict[str, object] = dict(
        hands=[["R5", "Y1", "Y2", "Y3"], ["B1", "B2", "G3", "G4"], ["W1", "W2", "W3", "W4"]],
        deck=["G1", "G2", "B3"],
        piles={"R": 4},
        clue_tokens=3,
    )
    defaults.update(kw)
    hands = defaults.pop("hands")
    return build(hands, options=defaults.pop("options", FLAMBOYANT), bonus_tiles=tiles, **defaults)  # type: ignore[arg-type]


def test_setup_shuffles_the_six_bonus_tiles() -> None:
    a = RULES.setup(NAMES[:3], FLAMBOYANT, "5")
    assert sorted(a.bonus_tiles) == sorted(BONUS_TILES)
    assert a.bonus_tiles == shuffled(BONUS_TILES, "5", "bonus")
    assert a.bonus_revealed == ()
    assert RULES.setup(NAMES[:3], HanabiOptions(), "5").bonus_tiles == ()


def test_flamboyant_clue_tile() -> None:
    s = act(flamboyant_state(("clue", "replay_discard")), PlayCard(slot=0))
    assert s.clue_tokens == 4 and s.bonus_tiles == ("replay_discard",) and s.bonus_revealed == ("clue",)
    assert s.current == 1 and s.turn == 1 and s.phase == "turn"
    assert "Bonus tile: +1 clue token" in news(s)
    capped = act(flamboyant_state(("clue",), clue_tokens=8), PlayCard(slot=0))
    assert capped.clue_tokens == 8


def test_flamboyant_clue_and_misfire_tile() -> None:
    s = act(flamboyant_state(("clue_and_misfire",), misfires=2), PlayCard(slot=0))
    assert s.clue_tokens == 4 and s.misfires == 1
    s0 = act(flamboyant_state(("clue_and_misfire",), misfires=0), PlayCard(slot=0))
    assert s0.clue_tokens == 4 and s0.misfires == 0


def test_flamboyant_free_colour_clue() -> None:
    s = act(flamboyant_state(("free_colour_clue",), clue_tokens=0), PlayCard(slot=0))
    assert s.phase == "free_colour_clue" and s.current == 0 and s.turn == 0
    assert labels(s.hands[0])[0] == "G1"  # the replacement is drawn before the bonus is resolved
    legal = RULES.legal_actions(s, 0)
    assert legal and all(isinstance(a, ColourClue) for a in legal)
    assert ColourClue(target=1, suit="G") in legal and ColourClue(target=2, suit="W") in legal
    assert_illegal(s, 0, NumberClue(target=1, rank=1), "free_colour_clue_first")
    assert_illegal(s, 0, DiscardCard(slot=0), "free_colour_clue_first")
    assert_illegal(s, 1, ColourClue(target=2, suit="W"), "not_your_turn")
    after = act(s, ColourClue(target=1, suit="G"))
    assert after.clue_tokens == 0  # free
    assert [hc.knowledge.touched for hc in after.hands[1]] == [False, False, True, True]
    assert after.phase == "turn" and after.current == 1 and after.turn == 1
    assert news(after) == "Ana told Bob (free clue): slots 3, 4 are green."


def test_flamboyant_free_number_clue() -> None:
    s = act(flamboyant_state(("free_number_clue",), clue_tokens=2), PlayCard(slot=0))
    assert s.phase == "free_number_clue"
    legal = RULES.legal_actions(s, 0)
    assert legal and all(isinstance(a, NumberClue) for a in legal)
    assert_illegal(s, 0, ColourClue(target=1, suit="G"), "free_number_clue_first")
    after = act(s, NumberClue(target=2, rank=4))
    assert after.clue_tokens == 2
    assert after.hands[2][3].knowledge.ranks == (4,)
    assert after.phase == "turn" and after.current == 1


def test_flamboyant_free_colour_clue_skipped_when_impossible() -> None:
    opts = HanabiOptions(five_flamboyants=True, black_powder=True)
    state = flamboyant_state(
        ("free_colour_clue", "clue"), options=opts, hands=[["R5", "Y1"], ["K1", "K2"]], deck=["G1"]
    )
    s = act(state, PlayCard(slot=0))
    assert s.phase == "turn" and s.current == 1 and s.turn == 1
    assert s.bonus_revealed == ("free_colour_clue",) and s.clue_tokens == 3
    assert "no colour clue can be given" in news(s)


def test_flamboyant_reshuffle_discard() -> None:
    state = flamboyant_state(("reshuffle_discard",), discard=["B5", "Y1"])
    s = act(state, PlayCard(slot=0))
    assert s.phase == "reshuffle_discard" and s.current == 0
    assert labels(s.deck) == ["G2", "B3"]
    ids = [c.id for c in s.discard]
    assert set(RULES.legal_actions(s, 0)) == {ReturnDiscard(card_id=i) for i in ids} | {SkipBonus()}
    b5 = s.discard[0]
    after = act(s, ReturnDiscard(card_id=b5.id))
    assert labels(after.discard) == ["Y1"]
    assert after.deck == shuffled((*s.deck, b5), "test", "reshuffle", 0)
    assert after.reshuffles == 1 and after.phase == "turn" and after.current == 1
    assert news(after) == "Ana shuffled B5 from the discard pile back into the deck."
    assert_illegal(s, 0, ReturnDiscard(card_id=9999), "not_in_discard")
    skipped = act(s, SkipBonus())
    assert skipped.discard == s.discard and skipped.deck == s.deck and skipped.current == 1


def test_flamboyant_reshuffle_skipped_without_discards_or_deck() -> None:
    s = act(flamboyant_state(("reshuffle_discard",)), PlayCard(slot=0))
    assert s.phase == "turn" and s.current == 1 and "discard pile is empty" in news(s)
    # the play draws the last card: the deck is empty, so nothing can be shuffled into it
    s2 = act(flamboyant_state(("reshuffle_discard",), discard=["B5"], deck=["G1"]), PlayCard(slot=0))
    assert s2.phase == "turn" and s2.current == 1 and "the deck is empty" in news(s2)
    assert s2.final_turns_left == 3


def test_flamboyant_replay_discard() -> None:
    state = flamboyant_state(("replay_discard",), discard=["B3", "W1", "Y1", "W1"])
    s = act(state, PlayCard(slot=0))
    assert s.phase == "replay_discard"
    w1_ids = [c.id for c in s.discard if c.label in ("W1", "Y1")]
    assert set(RULES.legal_actions(s, 0)) == {ReplayDiscard(card_id=i) for i in w1_ids} | {SkipBonus()}
    b3 = s.discard[0]
    assert_illegal(s, 0, ReplayDiscard(card_id=b3.id), "firework_needs", "B3 can't be played: the blue firework needs B1")
    after = act(s, ReplayDiscard(card_id=s.discard[1].id))
    assert after.piles == (5, 0, 0, 0, 1)
    assert labels(after.discard) == ["B3", "Y1", "W1"]
    assert after.phase == "turn" and after.current == 1 and after.turn == 1
    assert news(after) == "Ana played W1 from the discard pile — it was added to white."


def test_flamboyant_replay_skipped_when_nothing_is_playable() -> None:
    s = act(flamboyant_state(("replay_discard",), discard=["B3"]), PlayCard(slot=0))
    assert s.phase == "turn" and s.current == 1 and "no discarded card is playable" in news(s)


def test_flamboyant_replay_completing_a_pile_resolves_another_tile() -> None:
    state = flamboyant_state(("replay_discard", "clue_and_misfire", "clue"), discard=["G5"], piles={"R": 4, "G": 4}, misfires=1)
    s = act(state, PlayCard(slot=0))
    s = act(s, ReplayDiscard(card_id=s.discard[0].id))
    assert s.piles[:3] == (5, 0, 5)
    assert s.bonus_revealed == ("replay_discard", "clue_and_misfire") and s.bonus_tiles == ("clue",)
    assert s.misfires == 0 and s.clue_tokens == 4 and s.current == 1


def test_flamboyant_chain_can_leave_a_new_decision_pending() -> None:
    state = flamboyant_state(("replay_discard", "free_number_clue"), discard=["G5"], piles={"R": 4, "G": 4})
    s = act(state, PlayCard(slot=0))
    s = act(s, ReplayDiscard(card_id=s.discard[0].id))
    assert s.phase == "free_number_clue" and s.current == 0 and s.turn == 0
    s = act(s, NumberClue(target=1, rank=1))
    assert s.phase == "turn" and s.current == 1 and s.turn == 1


def test_flamboyant_all_tiles_used_gives_the_normal_token() -> None:
    state = flamboyant_state((), bonus_revealed=BONUS_TILES)
    s = act(state, PlayCard(slot=0))
    assert s.clue_tokens == 4 and s.phase == "turn" and s.bonus_revealed == BONUS_TILES
    assert "The red firework is complete: +1 clue token." in news(s)


def test_flamboyant_bonus_of_the_drawer_of_the_last_card_is_still_their_turn() -> None:
    state = flamboyant_state(("free_colour_clue",), deck=["G1"])
    s = act(state, PlayCard(slot=0))
    assert s.phase == "free_colour_clue" and s.final_turns_left == 3
    assert label(s) == "Turn 1 · bonus: a free colour clue · last card drawn, everyone gets one more turn"
    s = act(s, ColourClue(target=1, suit="B"))
    assert s.final_turns_left == 3 and s.current == 1  # the drawer's turn doesn't count
    for expected in (2, 1):
        s = act(s, NumberClue(target=0, rank=1))
        assert s.final_turns_left == expected
    s = act(s, NumberClue(target=1, rank=1))
    assert s.phase == "over"


def test_without_the_option_no_tile_is_revealed() -> None:
    state = flamboyant_state(("free_colour_clue",), options=HanabiOptions())
    s = act(state, PlayCard(slot=0))
    assert s.clue_tokens == 4 and s.phase == "turn" and s.bonus_revealed == ()


# Illegal actions ---------------------------------------------------------------------------------------------


def test_acting_out_of_turn_is_illegal_and_changes_nothing() -> None:
    state = RULES.setup(NAMES[:3], HanabiOptions(), "11")
    assert RULES.legal_actions(state, 1) == ()
    assert_illegal(state, 1, NumberClue(target=0, rank=state.hands[0][0].card.rank), "not_your_turn")
    assert_illegal(state, 7, PlayCard(slot=0), "not_your_turn")


def test_bonus_actions_are_illegal_in_a_normal_turn() -> None:
    state = build([["Y1", "Y2"], ["B1", "B2"]], discard=["W1"], deck=["G1"], clue_tokens=3)
    w1 = state.discard[0].id
    assert_illegal(state, 0, ReplayDiscard(card_id=w1), "no_bonus", "There is no bonus to resolve: play, discard or give a clue")
    assert_illegal(state, 0, ReturnDiscard(card_id=w1), "no_bonus", "There is no bonus to resolve: play, discard or give a clue")
    assert_illegal(state, 0, SkipBonus(), "no_bonus", "There is no bonus to resolve: play, discard or give a clue")
    assert_illegal(state, 0, "play", "unknown_action")


def test_parse_and_dump_actions() -> None:
    for a in (PlayCard(slot=2), ColourClue(target=1, suit="M"), NumberClue(target=0, rank=5), SkipBonus(), ReplayDiscard(card_id=3)):
        assert RULES.parse_action(RULES.dump_action(a)) == a


def test_turn_label_plain() -> None:
    state = RULES.setup(NAMES[:2], HanabiOptions(), "3")
    assert label(state) == "Turn 1"


def test_engine_imports_no_ui_library() -> None:
    code = (
        "import sys, boardgames_tui.engine.hanabi.rules, boardgames_tui.engine.hanabi.models;"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich') or m.startswith('boardgames_tui.tui')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[3]
    res = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr
