"""Hanabi computer players: legal in every variant, blind to their own cards, games end, and the
convention player reads and gives the clues its rulebook section describes."""

from __future__ import annotations

import random

import pytest

from boardgames_tui.arena import play_game
from boardgames_tui.bots import BOTS, decision_rng
from boardgames_tui.bots.hanabi import LEVELS, Decision, EndgameSearch, Replay, Token, arena_figures
from boardgames_tui.engine.hanabi.models import (
    ColourClue,
    DiscardCard,
    HanabiOptions,
    HanabiState,
    NumberClue,
    PlayCard,
)
from boardgames_tui.engine.hanabi.rules import RULES

from ..engine.hanabi.helpers import NAMES, act, build, resample_own_cards

VARIANTS = (
    HanabiOptions(),
    HanabiOptions(sixth_suit="tricky"),
    HanabiOptions(sixth_suit="difficult", hand_size="unofficial"),
    HanabiOptions(sixth_suit="avalanche", allow_empty_clues=True),
    HanabiOptions(black_powder=True),
    HanabiOptions(five_flamboyants=True, sixth_suit="tricky", black_powder=True),
)


def decide(state: HanabiState, level: str, decision: int, seed: str = "test") -> object:
    seat = state.current
    return BOTS["hanabi"][level]().choose(RULES.view(state, seat), decision_rng(seed, decision, seat))


def self_play(options: HanabiOptions, levels: list[str], seed: str, limit: int = 400) -> list[HanabiState]:
    """Every state of a seeded game between the given levels (one per seat), each action checked legal."""
    state = RULES.setup(NAMES[: len(levels)], options, seed)
    states = [state]
    for n in range(limit):
        if state.phase == "over":
            break
        seat = state.current
        action = decide(state, levels[seat], n, seed)
        assert RULES.refusal(state, seat, action) is None, (action, state.phase)
        state = RULES.apply(state, seat, action)
        states.append(state)
    assert state.phase == "over"
    return states


# (a) legal everywhere --------------------------------------------------------------------------------


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: o.model_dump_json(exclude_defaults=True))
def test_every_level_plays_legally_in_every_variant(options: HanabiOptions) -> None:
    self_play(options, ["hard", "easy", "random"], f"legal-{options.sixth_suit}")
    self_play(options, ["hard", "hard"], f"pair-{options.black_powder}")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_convention_player_plays_legally_at_every_table_size(players: int) -> None:
    self_play(HanabiOptions(), ["hard"] * players, f"size-{players}")


# (b) blind to the seat's own cards -------------------------------------------------------------------


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("options", VARIANTS[:4], ids=lambda o: o.model_dump_json(exclude_defaults=True))
def test_decisions_ignore_the_seats_own_cards(level: str, options: HanabiOptions) -> None:
    states = self_play(options, ["hard", "hard", "hard"], f"leak-{options.sixth_suit}")
    rng = random.Random(7)
    for state in states[4:-1:9][:5]:
        seat = state.current
        view = RULES.view(state, seat)
        chosen = LEVELS[level]().choose(view, decision_rng("leak", 3, seat))
        for _ in range(2):
            other = resample_own_cards(state, seat, rng)
            again = LEVELS[level]().choose(RULES.view(other, seat), decision_rng("leak", 3, seat))
            assert again == chosen


# (c) arena games end ---------------------------------------------------------------------------------


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_arena_games_end(level: str) -> None:
    result = play_game("hanabi", [level, level], "arena-test", 0, ())
    assert result.finished
    assert {"piles", "misfires"} <= set(result.seats[0].figures)


# (d) the conventions ---------------------------------------------------------------------------------


def test_the_replay_follows_every_hand_of_a_self_play_game() -> None:
    """The log never says which slot a card left from; the replay must still end on the View's knowledge."""
    for state in self_play(HanabiOptions(), ["hard"] * 3, "replay")[::7]:
        if state.phase == "over":
            continue
        replay = Replay(RULES.view(state, state.current))
        assert replay.consistent


def test_a_card_clued_as_playable_is_played() -> None:
    state = build([["W4", "B3", "G4", "Y3", "R4"], ["Y4", "R1", "B4", "G3", "W3"]], fill_deck=True)
    state = act(state, NumberClue(target=1, rank=1))
    assert decide(state, "hard", 1) == PlayCard(slot=1)
    assert decide(state, "easy", 1) == PlayCard(slot=1)


def test_a_colour_play_clue_means_the_next_card_of_that_colour() -> None:
    """Red 1 and 2 are on the pile; a red clue on a card that is not the chop says it is red 3."""
    state = build(
        [["W4", "B3", "G4", "Y3", "W3"], ["R3", "Y4", "B4", "G3", "W3"]], piles={"R": 2}, fill_deck=True
    )
    state = act(state, ColourClue(target=1, suit="R"))
    assert decide(state, "hard", 1) == PlayCard(slot=0)
    assert not isinstance(decide(state, "easy", 1), PlayCard)  # the honest player only trusts its clues


def test_the_hard_player_clues_a_partners_playable_card() -> None:
    state = build([["W4", "B3", "G4", "Y3", "W2"], ["Y4", "R1", "B4", "G3", "W3"]], fill_deck=True)
    action = decide(state, "hard", 0)
    assert isinstance(action, (ColourClue, NumberClue)) and action.target == 1
    assert action in (NumberClue(target=1, rank=1), ColourClue(target=1, suit="R"))


def test_a_five_on_the_next_players_chop_is_saved() -> None:
    state = build(
        [["W4", "B3", "G4", "Y3", "W2"], ["Y4", "R4", "B4", "G3", "B5"]],
        piles={"R": 1, "Y": 1, "G": 1, "B": 1, "W": 1},
        fill_deck=True,
        clue_tokens=4,
    )
    action = decide(state, "hard", 0)
    assert action == NumberClue(target=1, rank=5)  # a colour clue on the chop never means a 5


def test_the_last_token_does_not_save_a_card_only_to_expose_a_dearer_one() -> None:
    """Bob (nothing to play) has B5 on his chop and behind it G3, whose twin is in the discard pile. A 5
    clue with the last token leaves him no token to stall with, so he would throw G3 away next: Ana lets
    B5 go instead (the token his discard brings back saves G3). With a token to spare, or when the card
    behind may go, she saves B5."""
    hands = [["W4", "B3", "G4", "Y3", "W2"], ["Y4", "R4", "B4", "G3", "B5"]]
    piles = {s: 1 for s in "RYGBW"}
    save = NumberClue(target=1, rank=5)
    last_token = build(hands, piles=piles, discard=["G3"], fill_deck=True, clue_tokens=1)
    assert decide(last_token, "hard", 0) != save
    assert decide(build(hands, piles=piles, discard=["G3"], fill_deck=True, clue_tokens=2), "hard", 0) == save
    assert decide(build(hands, piles=piles, fill_deck=True, clue_tokens=1), "hard", 0) == save
    assert Decision(RULES.view(last_token, 0)).worth_more_behind(save, 1, 4)


def test_at_eight_tokens_the_save_still_comes_first() -> None:
    """Bob has nothing to play and the last G3 on his chop. At eight tokens Ana must clue anyway; the
    clue she gives saves G3 rather than show him the playable R2."""
    hands = [["W4", "B3", "G4", "Y3", "W2"], ["R2", "R4", "B4", "W3", "G3"]]
    state = build(hands, piles={s: 1 for s in "RYGBW"}, discard=["G3"], fill_deck=True, clue_tokens=8)
    action = decide(state, "hard", 0)
    assert action in (NumberClue(target=1, rank=3), ColourClue(target=1, suit="G"))


def test_a_clue_that_would_mislead_is_never_given() -> None:
    """Red 1 is on the pile; a red clue to the non-chop R4 would read as "red 2": the bot gives another."""
    state = build(
        [["W4", "B3", "G4", "Y3", "W2"], ["R4", "Y2", "B4", "G3", "W3"]],
        piles={"R": 1, "Y": 1},
        fill_deck=True,
    )
    action = decide(state, "hard", 0)
    assert action != ColourClue(target=1, suit="R")


def test_with_nothing_to_do_the_oldest_unclued_card_goes() -> None:
    state = build(
        [["W4", "B3", "G4", "Y3", "W2"], ["Y4", "R4", "B4", "G3", "W3"]],
        fill_deck=True,
        clue_tokens=0,
    )
    state = state.model_copy(update={"current": 1})
    assert decide(state, "hard", 0) == DiscardCard(slot=4)
    assert decide(state, "easy", 0) == DiscardCard(slot=4)


def test_arena_figures_count_the_piles_after_a_third_misfire() -> None:
    state = build([["R2", "B3"], ["Y4", "R1"]], piles={"G": 3, "W": 2}, fill_deck=True, misfires=2)
    state = act(state, PlayCard(slot=0))
    assert state.phase == "over" and RULES.outcome(state).scores[0] == 0
    figures = arena_figures(RULES, state, 0)
    assert figures["piles"] == 5 and figures["misfires"] == 3 and figures["lost_to_misfires"] == 1


def test_near_the_end_of_the_deck_a_harmless_clue_beats_a_discard() -> None:
    """With nothing to play and no clue worth a card, the bot discards; with one card left in the deck it
    stalls with a clue instead, so the last round does not come sooner."""
    hands = [["W4", "B3", "G4", "Y3", "W2"], ["Y4", "R4", "B4", "G3", "W3"]]
    early = build(hands, fill_deck=True, clue_tokens=1)
    assert isinstance(decide(early, "hard", 0), DiscardCard)
    late = build(hands, deck=["G5"], clue_tokens=1)
    # The conventions' rule of thumb (the endgame search may trade it: see the next test).
    action = Decision(RULES.view(late, 0)).best()
    assert isinstance(action, (ColourClue, NumberClue)) and action.target == 1


def test_the_endgame_search_trades_a_stalling_clue_for_a_discard_that_scores_more() -> None:
    """The same position, no pile started: the deck's last card may well be a 1 (the bot cannot know the
    deck holds only G5), and a discard brings the token that lets the partner clue it in the last round.
    Played out on the same deals, the discard scores more than the stall, so the bot discards."""
    hands = [["W4", "B3", "G4", "Y3", "W2"], ["Y4", "R4", "B4", "G3", "W3"]]
    late = build(hands, deck=["G5"], clue_tokens=1)
    view = RULES.view(late, 0)
    decision = Decision(view)
    stall = decision.best()
    search = EndgameSearch(decision, decision_rng("test", 0, 0))
    assert EndgameSearch.applies(view) and stall in search.candidates(stall)
    assert search.best(stall) == DiscardCard(slot=4)


def test_in_the_last_round_only_players_with_a_turn_left_get_clues() -> None:
    hands = [["W4", "B3", "G4", "Y3"], ["Y4", "R1", "B4", "G3"], ["W3", "Y3", "G4", "B4"]]
    state = build(hands, clue_tokens=4, final_turns_left=3)
    assert decide(state, "hard", 0) in (NumberClue(target=1, rank=1), ColourClue(target=1, suit="R"))
    state = build([hands[0], hands[2], hands[1]], clue_tokens=4, final_turns_left=2)
    action = decide(state, "hard", 0)
    assert not (isinstance(action, (ColourClue, NumberClue)) and action.target == 2)
    # The very last turn of the game: a clue to anyone is wasted (a person would call it out), even one
    # that would have been worth giving earlier; the bot does something else with its turn.
    state = build(hands, clue_tokens=4, final_turns_left=1, misfires=2)  # no blind play: a misfire would lose
    assert isinstance(decide(state, "hard", 0), DiscardCard)


def test_at_eight_tokens_with_no_honest_clue_the_bot_still_clues_rather_than_play_blind() -> None:
    """Deal final-985 reaches eight tokens where every clue misleads; the bot once played slot 0 blind
    there and lost the game to three misfires."""
    states = self_play(HanabiOptions(), ["hard", "hard"], "final-985")
    assert states[-1].misfires < 2


# Three seats: Ana (0) sees Bob's newest card R1 and Cy's R2 away from Cy's chop, red pile empty.
FINESSE_HANDS = [["W4", "B3", "G4", "Y3", "W3"], ["R1", "Y4", "B4", "G3", "W4"], ["R2", "Y4", "B4", "G3", "W3"]]


def test_the_hard_player_gives_a_finesse_and_both_partners_read_it() -> None:
    """A red clue on Cy's R2 cannot be a direct play; it asks Bob, next to play, for his newest card
    blind. Bob plays it (red 1), then Cy knows the clued card is red 2 and plays it."""
    state = build(FINESSE_HANDS, fill_deck=True)
    clue = decide(state, "hard", 0)
    assert isinstance(clue, (ColourClue, NumberClue)) and clue.target == 2
    state = act(state, ColourClue(target=2, suit="R"))
    assert decide(state, "hard", 1) == PlayCard(slot=0)
    state = act(state, PlayCard(slot=0))
    assert state.piles[state.suits.index("R")] == 1
    assert decide(state, "hard", 2) == PlayCard(slot=0)


def test_a_clue_that_would_read_as_a_false_finesse_is_never_given() -> None:
    """Bob's newest card is not red 1: a red clue on Cy's R2 would send Bob's card to the pile blind."""
    hands = [FINESSE_HANDS[0], ["Y4", "R1", "B4", "G3", "W4"], FINESSE_HANDS[2]]
    decision = Decision(RULES.view(build(hands, fill_deck=True), 0))
    assert decision.clue_value(ColourClue(target=2, suit="R")) == float("-inf")
    assert decision.clue_value(NumberClue(target=2, rank=2)) == float("-inf")


def test_without_a_finesse_nobody_plays_blind() -> None:
    """A play clue straight on Cy's R1 asks nothing of Bob: he does not touch his newest card."""
    hands = [FINESSE_HANDS[0], ["R2", "Y4", "B4", "G3", "W4"], ["R1", "Y4", "B4", "G3", "W3"]]
    state = act(build(hands, fill_deck=True), ColourClue(target=2, suit="R"))
    assert decide(state, "hard", 1) != PlayCard(slot=0)


def test_a_finesse_on_the_next_player_asks_the_one_after_for_the_missing_card() -> None:
    """Ana clues Bob's R2, right after her; Cy's newest card is R1. Bob sees it, so he waits rather than
    play a card that is red 1 or red 2; Cy sees red 2 in Bob's hand, plays her newest card blind (red 1),
    and then Bob plays his red 2."""
    hands = [["W4", "B3", "G4", "Y3", "Y4"], ["Y4", "R2", "B4", "G3", "W3"], ["R1", "W4", "G4", "Y3", "B3"]]
    state = build(hands, fill_deck=True)
    clue = decide(state, "hard", 0)
    assert clue in (ColourClue(target=1, suit="R"), NumberClue(target=1, rank=2))
    state = act(state, ColourClue(target=1, suit="R"))
    waits = decide(state, "hard", 1)
    assert waits != PlayCard(slot=1)
    state = act(state, waits)
    assert decide(state, "hard", 2) == PlayCard(slot=0)
    state = act(state, PlayCard(slot=0))
    assert state.piles[state.suits.index("R")] == 1
    state = act(state, decide(state, "hard", 3))
    red_two = next(i for i, held in enumerate(state.hands[1]) if (held.card.suit, held.card.rank) == ("R", 2))
    assert decide(state, "hard", 4) == PlayCard(slot=red_two)


def test_a_clue_the_player_after_cannot_read_as_a_finesse_is_played_at_once() -> None:
    """Ana clues Bob's R1 on an empty red pile; Cy's newest card is not red 1, so Bob knows it was no
    finesse and plays at once."""
    hands = [["W4", "B3", "G4", "Y3", "Y4"], ["Y4", "R1", "B4", "G3", "W3"], ["G1", "W4", "G4", "Y3", "B3"]]
    state = act(build(hands, fill_deck=True), ColourClue(target=1, suit="R"))
    assert decide(state, "hard", 1) == PlayCard(slot=1)


def test_a_clued_card_likely_to_play_is_played_when_a_miss_costs_little() -> None:
    """Bob's clued card is a 1: most 1s would play, and the others are yellow 1s, already on the pile."""
    state = build(
        [["W4", "B3", "G4", "Y3", "W2"], ["Y4", "R4", "B4", "G3", "W3"]],
        piles={"Y": 1},
        fill_deck=True,
        current=1,
    )
    decision = Decision(RULES.view(state, 1))
    token = decision.mine[0]
    token.know = token.know.model_copy(update={"ranks": (1,), "touched": True})
    assert decision.likely_play() == 0
    state = state.model_copy(update={"misfires": 2})
    decision = Decision(RULES.view(state, 1))
    decision.mine[0].know = token.know
    assert decision.likely_play() is None  # a miss would end the show


def test_after_a_save_moves_my_chop_i_stall_so_my_new_chop_can_be_looked_at() -> None:
    """Bob saves Ana's B5 (her chop): her new chop, Y3, was never in sight of a clue giver when it was a
    chop, so with nothing to play she gives a clue instead of throwing it away. After an ordinary turn of
    Bob's (a discard), her chop has been in his sight and she discards it."""
    hands = [["W4", "B3", "G4", "Y3", "B5"], ["W3", "R4", "B4", "B1", "Y1"]]
    start = build(hands, piles={s: 1 for s in "RYGBW"}, fill_deck=True, clue_tokens=4, current=1)
    saved = act(start, NumberClue(target=0, rank=5))
    assert Replay(RULES.view(saved, 0)).moved_chop == 0
    assert isinstance(decide(saved, "hard", 1), (ColourClue, NumberClue))
    after_discard = act(start, DiscardCard(slot=4))
    assert decide(after_discard, "hard", 1) == DiscardCard(slot=4)


def test_two_players_let_a_five_of_an_unstarted_pile_go_until_the_deck_runs_low() -> None:
    """Bob's chop is R5 and no red is down. With two players and a long deck Ana does not spend a clue
    (and a slot of Bob's hand) on it; with the deck nearly out, with red started, or at three seats she does."""
    hands = [["W4", "B3", "G4", "Y3", "W3"], ["Y4", "R4", "B4", "G3", "R5"]]
    piles = {"Y": 1, "G": 1, "B": 1, "W": 1}
    saves = (NumberClue(target=1, rank=5), ColourClue(target=1, suit="R"))
    assert decide(build(hands, piles=piles, fill_deck=True, clue_tokens=4), "hard", 0) not in saves
    assert decide(build(hands, ["Y5", "G5", "B5", "W5", "R3", "R3"], piles=piles, clue_tokens=4), "hard", 0) in saves
    assert decide(build(hands, piles={**piles, "R": 1}, fill_deck=True, clue_tokens=4), "hard", 0) in saves
    three = [hands[0], hands[1], ["Y3", "W4", "G4", "B3"]]
    assert decide(build(three, piles=piles, fill_deck=True, clue_tokens=4), "hard", 0) in saves


def test_two_players_clue_a_partners_playable_card_before_playing_my_one_known_card() -> None:
    """Ana knows her R2 plays; Bob's B2 plays too but he doesn't know it. Her red 2 will still play later,
    his needs a clue and a turn: she clues Bob first. When she knows two playable cards, she plays."""
    hands = [["W4", "R2", "G4", "Y1", "B3"], ["Y4", "R4", "B2", "G3", "W3"]]
    state = build(hands, ["W2", "G2"], piles={"R": 1, "B": 1}, fill_deck=True, clue_tokens=4, current=1)
    state = act(state, ColourClue(target=0, suit="R"))
    assert decide(state, "hard", 1) in (ColourClue(target=1, suit="B"), NumberClue(target=1, rank=2))
    state = act(state, DiscardCard(slot=4))  # Ana throws B3 and draws W2
    state = act(state, NumberClue(target=0, rank=1))  # Bob shows her Y1
    assert decide(state, "hard", 3) in (PlayCard(slot=2), PlayCard(slot=4))


def test_a_locked_hand_waits_only_while_a_partner_can_still_move() -> None:
    """Every card of Ana's is a clued 5. While Bob has an unclued card to discard she stalls with a clue;
    when Bob's hand is all clued too and nobody can play, waiting only burns clues: she discards."""
    for bob, stalls in ((["R4", "Y4", "G4", "B4", "W3"], True), (["R4", "Y4", "G4", "B4", "W4"], False)):
        state = build([["R5", "Y5", "G5", "B5", "W5"], bob], fill_deck=True, clue_tokens=5)
        state = act(state, NumberClue(target=1, rank=4))
        state = act(state, NumberClue(target=0, rank=5))
        action = decide(state, "hard", 2)
        assert isinstance(action, (ColourClue, NumberClue)) == stalls
        assert isinstance(action, DiscardCard) != stalls


def test_a_colour_clue_on_the_chop_is_a_play_clue_because_fives_are_saved_with_a_five() -> None:
    """Bob's chop is R1 on an empty red pile. A red clue on it cannot mean red 5 (that would be a 5 clue), so
    Bob plays it at once; a 5 clue on his chop B5 is a save, and he keeps the card."""
    hands = [["W4", "B3", "G4", "Y3", "Y4"], ["Y4", "G3", "B4", "W3", "R1"]]
    state = act(build(hands, fill_deck=True), ColourClue(target=1, suit="R"))
    assert decide(state, "hard", 1) == PlayCard(slot=4)
    hands = [hands[0], ["Y4", "G3", "B4", "W3", "B5"]]
    state = act(build(hands, piles={"B": 1}, fill_deck=True), NumberClue(target=1, rank=5))
    assert not isinstance(decide(state, "hard", 1), PlayCard)


def test_only_two_players_save_a_2_so_at_three_a_2_clue_on_the_chop_is_a_play_clue() -> None:
    """Red 1 is down. A 2 clue on Bob's chop R2: with two players it may be a save of any 2, so Bob waits;
    with three, 2s are not saved and only red 2 fits, so he plays it."""
    ana, bob, cy = ["W4", "B3", "G4", "Y3", "Y4"], ["Y4", "G3", "B4", "W3", "R2"], ["W3", "B4", "G4", "Y3"]
    two = act(build([ana, bob], piles={"R": 1}, fill_deck=True), NumberClue(target=1, rank=2))
    assert decide(two, "hard", 1) != PlayCard(slot=4)
    three = act(build([ana, bob, cy], piles={"R": 1}, fill_deck=True), NumberClue(target=1, rank=2))
    assert decide(three, "hard", 1) == PlayCard(slot=4)


def test_the_last_clue_token_is_kept_for_the_next_player_when_the_one_after_must_be_saved() -> None:
    """Three players, one clue token. Bob's R1 plays, and Ana could tell him so; but Cy's chop is B5 and Cy
    has nothing to play. Spending the token would leave Bob none to save it, so Ana discards (Bob gets a
    token back). When Cy's chop may go, she gives the play clue."""
    ana, bob = ["W4", "B3", "G4", "Y3", "Y4"], ["Y4", "G3", "B4", "W3", "R1"]
    for cy, keeps in ((["W3", "R4", "G4", "Y3", "B5"], True), (["W3", "R4", "G4", "Y3", "G3"], False)):
        state = build([ana, bob, cy], piles={"B": 1}, fill_deck=True, clue_tokens=1)
        action = decide(state, "hard", 0)
        if keeps:
            assert action == DiscardCard(slot=4)
        else:
            assert action in (NumberClue(target=1, rank=1), ColourClue(target=1, suit="R"))


def test_two_players_a_discard_instead_of_a_known_play_warns_that_the_partners_chop_must_live() -> None:
    """No clue token. Ana knows her R1 plays, but Bob has nothing to play and his chop is B5: were she to
    play, he would throw it away. She discards instead; Bob, seeing her skip a play the table knows about,
    keeps his chop and discards another card; with two tokens back Ana saves the B5."""
    hands = [["W4", "B3", "G4", "Y3", "R1"], ["Y4", "G3", "B4", "W3", "B5"]]
    state = build(hands, piles={"B": 1}, fill_deck=True, clue_tokens=1, current=1)
    state = act(state, NumberClue(target=0, rank=1))
    assert state.clue_tokens == 0
    warning = decide(state, "hard", 1)
    assert isinstance(warning, DiscardCard)
    state = act(state, warning)
    keeps_chop = decide(state, "hard", 2)
    assert isinstance(keeps_chop, DiscardCard) and keeps_chop.slot != 4
    state = act(state, keeps_chop)
    assert decide(state, "hard", 3) == NumberClue(target=1, rank=5)


def test_near_the_end_even_a_costly_clue_that_misleads_nobody_beats_a_discard() -> None:
    """Every clue Ana could give Bob misleads or costs more than it brings (mid-game she discards
    instead). With one card left in the deck a discard would start the last round; an honest clue, even
    a costly one, delays it."""
    hands = [["W4", "B3", "G4", "Y3", "Y4"], ["Y2", "G2", "W2", "B2", "R4"]]
    mid_game = build(hands, piles={"R": 1}, fill_deck=True, clue_tokens=4)
    decision = Decision(RULES.view(mid_game, 0))
    values = [decision.clue_value(a) for a in decision.view.legal_actions if isinstance(a, (ColourClue, NumberClue))]
    assert float("-inf") < max(values) < 0
    assert isinstance(decide(mid_game, "hard", 0), DiscardCard)
    near_the_end = build(hands, ["G3"], piles={"R": 1}, clue_tokens=4)
    assert isinstance(decide(near_the_end, "hard", 0), (ColourClue, NumberClue))


def test_the_replay_followed_action_by_action_matches_one_read_from_the_log() -> None:
    """The endgame search follows its playouts action by action (it knows the slots); each step must end
    where reading the whole log afresh ends."""
    states = self_play(HanabiOptions(), ["hard"] * 3, "follow")
    followed = 0
    for before, after in zip(states, states[1:-1]):
        seat = before.current
        kept = {held.card.id for held in after.hands[seat]}
        left = [i for i, held in enumerate(before.hands[seat]) if held.card.id not in kept]
        replay = Replay(RULES.view(before, seat))
        fresh = Replay(RULES.view(after, after.current))
        if not (replay.consistent and fresh.consistent):
            continue
        replay.advance(after.log[len(before.log) :], left[0] if left else None, len(before.deck) > 0)
        tracked = [[(t.know, t.allowed) for t in h] for h in replay.hands]
        assert tracked == [[(t.know, t.allowed) for t in h] for h in fresh.hands]
        assert replay.table.piles == fresh.table.piles and replay.moved_chop == fresh.moved_chop
        followed += 1
    assert followed > 40


def test_the_endgame_search_ignores_the_seats_own_cards() -> None:
    """The search deals the seat's cards afresh from its View: the true ones must not change its choice."""
    states = self_play(HanabiOptions(), ["hard", "hard"], "leak-endgame")
    searched = [s for s in states[:-1] if EndgameSearch.applies(RULES.view(s, s.current))]
    assert len(searched) >= 4
    rng = random.Random(11)
    for state in searched[::2][:4]:
        seat = state.current
        chosen = LEVELS["hard"]().choose(RULES.view(state, seat), decision_rng("leak", 5, seat))
        for _ in range(2):
            other = resample_own_cards(state, seat, rng)
            assert LEVELS["hard"]().choose(RULES.view(other, seat), decision_rng("leak", 5, seat)) == chosen


def test_with_four_players_and_two_misfires_the_endgame_search_tries_no_gamble() -> None:
    """Ana's 5-clued card is red, yellow or green 5 (playable) or blue or white 5. With one misfire the
    four-player search may try playing it; with two a miss would end the game at 0, so only sure plays are
    tried. (Two players keep the narrow search, gamble included: there the guard measured nothing.)"""
    four = [["W4", "B3", "G2", "R5"], ["Y1", "W1", "B4", "G3"], ["R1", "Y2", "B2", "G1"], ["W3", "R3", "Y3", "B1"]]
    two = [["W4", "B3", "G2", "Y3", "R5"], ["Y1", "W1", "B4", "G3", "W3"]]
    for hands, misfires, tried in ((four, 1, True), (four, 2, False), (two, 2, True)):
        state = build(hands, deck=["B1", "W2", "G1"], piles={"R": 4, "Y": 4, "G": 4}, misfires=misfires, current=len(hands) - 1)
        state = act(state, NumberClue(target=0, rank=5))
        view = RULES.view(state, 0)
        decision = Decision(view)
        five = len(hands[0]) - 1
        assert 0.4 <= decision.chance_playable(decision.mine[five]) < 1
        choice = decision.best()
        search = EndgameSearch(decision, decision_rng("test", 0, 0))
        assert EndgameSearch.applies(view) and choice != PlayCard(slot=five)
        assert (PlayCard(slot=five) in search.candidates(choice)) is tried, (len(hands), misfires)


def test_the_four_player_endgame_search_buys_enough_deals_while_many_turns_are_left() -> None:
    """Four players at the widest searched deck: a deal of every action costs 13 turns each, so a flat
    200 turns would buy 3 deals, too few to judge; the budget grows with the turns left, up to its cap."""
    hands = [["W4", "B3", "G2", "Y3"], ["Y1", "W1", "B4", "G3"], ["R1", "Y4", "B2", "G4"], ["W3", "R3", "Y2", "B1"]]
    deck = ["G1", "W2", "R2", "B5", "Y5", "G5", "R4", "W5", "B4"]
    state = build(hands, deck=deck, clue_tokens=4)
    view = RULES.view(state, 0)
    assert len(deck) == len(hands) + EndgameSearch.WIDER_DECK_LEFT[4] and EndgameSearch.applies(view)
    assert not EndgameSearch.applies(RULES.view(build(hands[:2], deck=deck, clue_tokens=4), 0))  # two: narrower
    decision = Decision(view)
    search = EndgameSearch(decision, decision_rng("test", 0, 0))
    choice = decision.best()
    actions = len(search.candidates(choice))
    deals = 0
    sample = search.sample

    def counted_sample() -> object:
        nonlocal deals
        deals += 1
        return sample()

    search.sample = counted_sample  # type: ignore[method-assign]
    search.best(choice)
    assert actions >= 3 and deals >= EndgameSearch.MIN_DEALS
    assert EndgameSearch.ROLLOUT_TURNS < search.turns <= EndgameSearch.MAX_ROLLOUT_TURNS + search.turns / deals


def test_a_hand_whose_every_card_is_clued_plays_rather_than_warn() -> None:
    """No clue token, Bob has nothing to play and his chop is B5, as in the warning above; but every card of
    Ana's is clued (four 5s and a G1 that plays). A warning discard would throw away a clued card (the G1
    itself, the least costly one), so she plays it."""
    hands = [["R1", "Y5", "G5", "W5", "R5"], ["Y4", "G3", "B4", "W3", "B5"]]
    state = build(hands, ["G1"], piles={"B": 1}, fill_deck=True, clue_tokens=1, current=1)
    state = act(state, NumberClue(target=0, rank=5))  # Bob saves Ana's 5s
    state = act(state, DiscardCard(slot=0))  # Ana throws her one unclued card, R1, and draws G1
    state = act(state, NumberClue(target=0, rank=1))  # Bob shows her G1: a play
    assert state.clue_tokens == 0
    assert decide(state, "hard", 3) == PlayCard(slot=0)


def test_once_a_clue_misleads_into_a_misfire_only_what_the_clues_prove_is_played() -> None:
    """A person (Ana) clues Bob's red 3 with red, which the conventions read as "red 1, play it": Bob
    plays it and misfires. Her next colour clue, on his G1, reads the same way and is right this time; but
    after a clue of hers has misled him, he only plays what the clues themselves prove (a green card
    might be G2 to G5). Without the earlier misfire he plays the G1."""
    hands = [["W4", "B3", "G4", "Y3", "R4"], ["Y4", "R3", "B4", "G1", "W3"]]
    trusting = build(hands, ["Y2", "B2"], fill_deck=True)
    trusting = act(trusting, ColourClue(target=1, suit="G"))
    assert decide(trusting, "hard", 1) == PlayCard(slot=3)

    state = act(build(hands, ["Y2", "B2"], fill_deck=True), ColourClue(target=1, suit="R"))
    assert decide(state, "hard", 1) == PlayCard(slot=1)
    state = act(state, PlayCard(slot=1))
    assert state.misfires == 1
    state = act(state, ColourClue(target=1, suit="G"))  # Bob's G1 is in slot 3 again (he drew Y2 into slot 0)
    assert Replay(RULES.view(state, 1)).misleading == {0}  # Ana's clues, not Bob's
    assert not Replay(RULES.view(trusting, 1)).misleading
    assert decide(state, "hard", 3) != PlayCard(slot=3)


def test_after_a_misleading_clue_the_whole_table_reads_that_giver_by_what_the_clues_prove() -> None:
    """Three players: Ana's careless red clue made Bob misfire. Cleo saw it, so when Ana then clues Cleo's
    G1 with green (read by the conventions as "G1, play", and right this time), Cleo does not play it
    either; without the misfire she does. A clue from Bob, who misled nobody, still reads as before."""
    hands = [["W4", "B3", "G4", "Y3", "R4"], ["Y4", "R3", "B4", "Y2", "W3"], ["B2", "W2", "G1", "R5", "Y4"]]
    deck = ["R2", "W5"]
    trusting = act(build(hands, deck, fill_deck=True), ColourClue(target=2, suit="G"))
    trusting = act(trusting, DiscardCard(slot=4))  # Bob
    assert decide(trusting, "hard", 2) == PlayCard(slot=2)

    state = act(build(hands, deck, fill_deck=True), ColourClue(target=1, suit="R"))
    state = act(state, PlayCard(slot=1))  # Bob plays the "R1": it is R3, a misfire
    state = act(state, DiscardCard(slot=4))  # Cleo
    state = act(state, ColourClue(target=2, suit="G"))  # Ana; Cleo's G1 is in slot 3 now
    state = act(state, DiscardCard(slot=4))  # Bob
    assert state.misfires == 1
    assert decide(state, "hard", 5) != PlayCard(slot=3)

    wary = Decision(RULES.view(state, 2))
    assert wary.distrusted == {0}
    from_bob = Token(wary.mine[3].know, wary.mine[3].allowed, frozenset({1}))
    assert wary.trusts(from_bob) and not wary.trusts(wary.mine[3])


def test_once_misled_a_clue_may_not_build_on_my_own_unproven_card() -> None:
    """Ana's careless red clue made Bob misfire; her yellow clue then reads "Y1" on his Y4, which he no
    longer trusts. A yellow or 2 clue on Ana's Y2 would read "Y2, playable after Bob's Y1": Bob gives neither,
    though by the table's reading alone each is a fine play clue (before this rule he gave the 2 clue)."""
    hands = [["W4", "B3", "G4", "Y2", "R4"], ["Y4", "R3", "B4", "G1", "W3"]]
    state = act(build(hands, ["B2", "W2"], fill_deck=True), ColourClue(target=1, suit="R"))
    state = act(state, PlayCard(slot=1))  # a misfire: Bob is misled from now on
    state = act(state, ColourClue(target=1, suit="Y"))  # Bob's Y4, now in slot 1, reads as Y1
    decision = Decision(RULES.view(state, 1))
    assert not decision.trusts(decision.mine[1])
    yellow, two = ColourClue(target=0, suit="Y"), NumberClue(target=0, rank=2)
    assert decision._clue_value(yellow, decision.queued) > float("-inf")
    assert decision.clue_value(yellow) == float("-inf")  # it would read as Y1
    assert decision.clue_value(two) < decision._clue_value(two, decision.queued)  # no longer a play clue
    assert decision.best() not in (yellow, two)


def test_the_finesse_a_hard_clue_asks_of_a_seat_is_read_from_its_view() -> None:
    # A tester's game: Ben's clue "3" on Chloé's R3 (red known) asks Ana, whose newest card is R2, to play it blind.
    import json
    from pathlib import Path

    from boardgames_tui.bots.hanabi import finesse_asked_of

    data = json.loads((Path(__file__).parent / "data" / "hanabi_finesse_on_a_person.json").read_text(encoding="utf-8"))
    state = RULES.setup(tuple(data["players"]), RULES.Options.model_validate(data["options"]), data["seed"])
    for move in data["actions"]:
        state = RULES.apply(state, move["seat"], next(a for a in RULES.legal_actions(state, move["seat"]) if a.model_dump() == move["action"]))
    assert state.current == 0 and (state.hands[0][0].card.suit, state.hands[0][0].card.rank) == ("R", 2)
    assert finesse_asked_of(RULES.view(state, 0)) == 0
    assert finesse_asked_of(RULES.view(state, 1)) is None, "not Ben's turn"
    before = RULES.setup(tuple(data["players"]), RULES.Options.model_validate(data["options"]), data["seed"])
    assert finesse_asked_of(RULES.view(before, 0)) is None, "no clue yet"
