"""Lifeboat's computer players: always legal, blind to what their seat cannot know, games end, and the
clear choices made."""

from __future__ import annotations

import random

import pytest

from boardgames_tui.arena import play_game
from boardgames_tui.bots import BOTS, decision_rng
from boardgames_tui.bots.lifeboat import LEVELS, ROLLOUT_ROUNDS, fight_is_hopeless, play_on, sample_state
from boardgames_tui.engine.lifeboat.data import CARD_KEY
from boardgames_tui.engine.lifeboat.flow import start_round
from boardgames_tui.engine.lifeboat.models import (
    AcceptDemand,
    Done,
    DoNothing,
    GiveWater,
    JoinFight,
    LifeboatOptions,
    LifeboatState,
    Navigate,
    PickNavigation,
    PlayCard,
    RefuseDemand,
    Rob,
    Row,
    TakeSupply,
    UseMedicalKit,
)
from boardgames_tui.engine.lifeboat.rules import RULES
from tests.engine.lifeboat.helpers import NAMES, act, build, nav, random_midgame, resample_hidden

LL, SS, CA, FM, FR, KI = range(6)
LEVEL_NAMES = ("random", "easy", "hard")


def test_levels_are_offered() -> None:
    assert set(BOTS["lifeboat"]) == set(LEVELS) == {"random", "easy", "hard"}


def play(players: int, seats: tuple[str, ...], deal: str, options: LifeboatOptions | None = None) -> LifeboatState:
    """A whole game between the given levels, every choice checked against the seat's legal actions."""
    state = RULES.setup(NAMES[:players], options or LifeboatOptions(), deal)
    decisions = 0
    while RULES.outcome(state) is None:
        assert decisions < 5000, "the game should end"
        (seat,) = RULES.to_act(state)
        assert seat == min(RULES.to_act(state)) == state.current  # one seat decides, whatever the window
        view = RULES.view(state, seat)
        action = LEVELS[seats[seat % len(seats)]]().choose(view, decision_rng(deal, decisions, seat))
        assert action in view.legal_actions
        state = RULES.apply(state, seat, action)
        decisions += 1
    return state


@pytest.mark.parametrize("players", [4, 5, 6])
def test_every_level_plays_legal_moves_to_the_end(players: int) -> None:
    order = ("hard", "easy", "random", "easy", "random", "easy")
    play(players, order, f"legal-{players}")


@pytest.mark.parametrize(
    "options",
    [
        LifeboatOptions(rowing="variant"),
        LifeboatOptions(trading=False),
        LifeboatOptions(disputed_cards="alternative"),
    ],
)
def test_every_option_is_played(options: LifeboatOptions) -> None:
    play(4, ("easy", "hard", "random", "easy"), "options", options)


def test_trades_proposed_by_others_are_answered() -> None:
    # random seats propose trades, so the easy and hard seats meet every step of one as partners
    seen = set()
    for k in range(3):
        state = RULES.setup(NAMES[:4], LifeboatOptions(), f"trades-{k}")
        seats = ("random", "easy", "random", "hard")
        decisions = 0
        while RULES.outcome(state) is None:
            seat = state.current
            view = RULES.view(state, seat)
            action = LEVELS[seats[seat]]().choose(view, decision_rng("t", decisions, seat))
            assert action in view.legal_actions
            if seats[seat] != "random":
                seen.add(state.phase)
            state = RULES.apply(state, seat, action)
            decisions += 1
    assert {"draft", "action", "respond", "fight", "row", "pick", "overboard", "thirst", "trade_answer"} <= seen


def same_choice_whatever_is_hidden(state: LifeboatState, k: int) -> None:
    seat = state.current
    assert seat is not None
    other = resample_hidden(state, seat, random.Random(k))
    for level in LEVEL_NAMES:
        mine = LEVELS[level]().choose(RULES.view(state, seat), random.Random(k))
        theirs = LEVELS[level]().choose(RULES.view(other, seat), random.Random(k))
        assert mine == theirs, (level, state.phase)


def test_the_decision_does_not_depend_on_hidden_information() -> None:
    phases: dict[str, int] = {}
    for k in range(240):
        state = random_midgame(4 + k % 3, 1000 + k, k)
        if k % 2 and state.phase == "action" and Row() in RULES.legal_actions(state, state.current):
            state = act(state, Row())  # the rower placing its cards
        if state.phase == "over" or phases.get(state.phase, 0) >= 4:
            continue  # a few positions of every phase
        phases[state.phase] = phases.get(state.phase, 0) + 1
        same_choice_whatever_is_hidden(state, k)
    assert {"action", "draft", "respond", "fight", "row", "overboard", "thirst", "trade_answer"} <= set(phases)
    # the navigator choosing from the row pile
    s = build(row_pile=[nav("N01"), nav("N03"), nav("N24")], actor=SS, wounds={LL: 4})
    s = act(until_turn(s, KI), DoNothing())
    same_choice_whatever_is_hidden(act(s, Navigate()), 0)


def test_sampled_states_keep_what_the_seat_knows() -> None:
    phases = set()
    for k in range(40):
        state = random_midgame(4 + k % 3, 2000 + k, 10 + 7 * k)
        if state.phase not in ("draft", "action", "respond", "fight"):
            continue
        phases.add(state.phase)
        seat = state.current
        view = RULES.view(state, seat)
        sample = sample_state(view, random.Random(k))
        # (whom the actor already proposed a trade to this turn is not rebuilt: the look-ahead never trades)
        untraded = [a for a in view.legal_actions if a.kind != "propose_trade"]
        assert [a for a in RULES.legal_actions(sample, seat) if a.kind != "propose_trade"] == untraded
        assert sample.hands[seat] == state.hands[seat]
        assert tuple(len(h) for h in sample.hands) == tuple(len(h) for h in state.hands)
        assert sorted(sample.love) == sorted(state.love) and sample.love[seat] == state.love[seat]
        # a supply card being chosen: the same cards, going to the same seats in the same order
        assert (sample.draft, sample.drafters) == (state.draft, state.drafters)
        cards = [*sample.supply, *sample.set_aside, *sample.discard, *sample.lost_cards, *sample.draft]
        cards += [c for h in (*sample.hands, *sample.face_up) for c in h]
        assert sorted(cards) == list(range(42))
    assert {"draft", "action"} <= phases


def test_the_look_ahead_plays_on_to_the_end_of_the_next_round() -> None:
    # Hard judges a choice by where the sampled game stands once this round and the next are over: the
    # playout must reach that point (or the game's end), never stop short of it.
    assert ROLLOUT_ROUNDS == 2
    ends = []
    for k in range(30):
        state = random_midgame(4 + k % 3, 3000 + k, 5 + 9 * k)
        if state.phase == "over":
            continue
        end = play_on(state, random.Random(k))
        assert end.phase == "over" or (end.round == state.round + 2 and end.current is not None), k
        ends.append(end.phase)
    assert ends.count("over") < len(ends) / 2  # most stop at the start of a later round, not at the end


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_arena_games_end(level: str) -> None:
    result = play_game("lifeboat", [level, "random", "easy", "random"], "arena-test", 1, ())
    assert result.finished


# Clear choices --------------------------------------------------------------------------------------


def choose(state: LifeboatState, level: str) -> object:
    return LEVELS[level]().choose(RULES.view(state, state.current), random.Random(1))


def until_turn(state: LifeboatState, seat: int) -> LifeboatState:
    """Everyone else says done (windows) or does nothing (actions) until `seat` decides."""
    while state.current != seat:
        state = act(state, Done() if state.phase in ("fight", "overboard", "thirst") else DoNothing())
    return state


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_sir_stephen_keeps_the_painting(level: str) -> None:
    chars = ("sir_stephen", "captain", "first_mate", "kid")
    s = build(chars, supply=["painting_3", "water", "water", "water"], phase="draft", current=0)
    s = start_round(s)
    assert s.phase == "draft" and s.current == 0
    action = choose(s, level)
    assert isinstance(action, TakeSupply) and CARD_KEY[action.card] == "painting_3"


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_navigator_picks_the_card_that_kills_its_hate(level: str) -> None:
    # The Kid navigates; it hates Lady Lauren, unconscious and holding no water: N03 makes her thirsty
    # (she dies), N01 only troubles the Captain.
    love = ("lady_lauren", "sir_stephen", "captain", "first_mate", "frenchy", "kid")
    hate = ("sir_stephen", "captain", "first_mate", "frenchy", "kid", "lady_lauren")
    s = build(wounds={LL: 4}, love=love, hate=hate, row_pile=[nav("N01"), nav("N03")], actor=SS)
    s = until_turn(s, KI)
    s = act(s, DoNothing())
    s = act(s, Navigate())
    assert s.phase == "pick" and s.current == KI
    assert choose(s, level) == PickNavigation(card=nav("N03"))


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_defender_plays_the_knife_that_turns_the_fight(level: str) -> None:
    s = build(hands={SS: ["knife"], CA: ["painting_3"]}, actor=CA)
    s = act(s, Rob(target=SS))
    s = act(s, RefuseDemand())  # Sir Stephen (5) against the Captain (7)
    s = until_turn(s, SS)
    action = choose(s, level)
    assert isinstance(action, PlayCard) and CARD_KEY[action.card] == "knife"


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_swimmer_puts_on_the_life_preserver(level: str) -> None:
    s = build(hands={KI: ["life_preserver"]}, nav_deck=[nav("N12")])  # N12: the Kid falls in
    s = until_turn(s, KI)
    s = act(s, DoNothing())
    s = act(s, Navigate())
    s = until_turn(s, KI)
    assert s.phase == "overboard"
    action = choose(s, level)
    assert isinstance(action, PlayCard) and CARD_KEY[action.card] == "life_preserver"


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_thirsty_captain_drinks_its_water(level: str) -> None:
    s = thirst_window_for(CA, hands={CA: ["water"]})  # N12: the Captain is thirsty
    assert choose(s, level) == GiveWater(target=CA)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_robs_the_unconscious_of_a_painting(level: str) -> None:
    s = build(face_up={LL: ["painting_3"]}, wounds={LL: 4}, actor=SS)
    action = choose(s, level)
    assert isinstance(action, Rob) and action.target == LL and action.card is not None
    assert CARD_KEY[action.card] == "painting_3"


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_first_mate_refuses_lady_laurens_robbery(level: str) -> None:
    s = build(hands={FM: ["painting_3", "jewels"]}, actor=LL)
    s = act(s, Rob(target=FM))
    assert s.phase == "respond"
    assert choose(s, level) == RefuseDemand()


def test_the_look_ahead_is_reproducible() -> None:
    # hard tries its best few actions on sampled states: the same View and seed give the same choice
    s = build(hands={SS: ["water", "knife"], CA: ["blackjack"]}, face_up={FM: ["painting_3"]}, wounds={SS: 2}, actor=SS)
    view = RULES.view(s, SS)
    chosen = {LEVELS["hard"]().choose(view, random.Random(3)) for _ in range(3)}
    assert len(chosen) == 1 and chosen <= set(view.legal_actions)


def test_hard_gives_in_to_a_robbery_it_cannot_fight_off() -> None:
    # The Captain (7, an oar in hand: 8 at most) is robbed of its life preserver by Sir Stephen (5 and a
    # gaffing hook: 9); Frenchy and the Kid are out cold, so nobody can join and every weapon is in sight.
    # The Captain hates itself, so its own wound costs it nothing: refusing still only adds a wound and the
    # "fought" mark to losing the card, and hard used to refuse.
    chars = ("sir_stephen", "captain", "frenchy", "kid")
    ss, ca, fr, ki = range(4)
    s = build(
        chars,
        hands={ca: ["oar", "bundle_of_cash", "painting_2"], ss: ["water"]},
        face_up={ss: ["gaffing_hook"], ca: ["life_preserver"]},
        wounds={ca: 4, ss: 4, fr: 6, ki: 3},
        love=("sir_stephen", "frenchy", "kid", "captain"),
        hate=("kid", "captain", "sir_stephen", "frenchy"),
        seagulls=1,
        actor=ss,
    )
    s = act(s, Rob(target=ca, card=s.face_up[ca][0]))
    assert s.phase == "respond" and s.current == ca
    view = RULES.view(s, ca)
    assert fight_is_hopeless(view, RefuseDemand())
    for k in range(5):
        assert LEVELS["hard"]().choose(view, random.Random(k)) == AcceptDemand()


def test_hard_robs_a_rival_that_is_only_a_little_weaker() -> None:
    # The First Mate (8) eyes the Captain's face-up painting; the Captain (7) holds one unknown card that
    # may be a weapon, so the fight is close. Easy wants a clear edge and rows; hard demands the painting.
    s = build(face_up={CA: ["painting_3"]}, hands={CA: ["water"]}, actor=FM)
    view = RULES.view(s, FM)
    assert not fight_is_hopeless(view, Rob(target=CA, card=s.face_up[CA][0]))
    for k in range(5):
        assert not isinstance(LEVELS["easy"]().choose(view, random.Random(k)), Rob)
        action = LEVELS["hard"]().choose(view, random.Random(k))
        assert isinstance(action, Rob) and action.target == CA and action.card is not None
        assert CARD_KEY[action.card] == "painting_3"


def test_hard_leaves_a_clearly_stronger_rival_alone() -> None:
    # Lady Lauren (4) and the same painting on the Captain (7): a demand would likely be refused and lost.
    s = build(face_up={CA: ["painting_3"]}, hands={CA: ["water"]}, actor=LL)
    view = RULES.view(s, LL)
    for k in range(5):
        assert not isinstance(LEVELS["hard"]().choose(view, random.Random(k)), Rob)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_defender_plays_both_oars_it_needs(level: str) -> None:
    # Sir Stephen (5) refuses the Captain (7): a tie goes to the defender, so it needs both its oars. The
    # engine offers one "play an oar" for the pair; the bots used to look for the second oar's own action,
    # find none, and keep both (a weapon kept through a fight it would have won).
    s = build(hands={SS: ["oar", "oar"], CA: ["painting_3"]}, actor=CA)
    s = act(s, Rob(target=SS))
    s = act(s, RefuseDemand())
    for _ in range(2):
        s = until_turn(s, SS)
        action = choose(s, level)
        assert isinstance(action, PlayCard) and CARD_KEY[action.card] == "oar"
        s = act(s, action)
    assert sum(CARD_KEY[c] == "oar" for c in s.face_up[SS]) == 2


# What people saw Hard do, and what it does now ------------------------------------------------------


def test_hard_navigator_puts_its_compass_face_up_to_choose_among_more_cards() -> None:
    # The Kid navigates with a compass in hand and one rowed card on the pile: face up, the compass adds the
    # deck's top card to choose from. Hard used to navigate without it, all game long.
    s = build(hands={KI: ["compass"]}, row_pile=[nav("N05")], actor=SS)
    s = until_turn(s, KI)
    s = act(s, DoNothing())
    assert s.phase == "navigate" and s.current == KI
    action = choose(s, "hard")
    assert isinstance(action, PlayCard) and CARD_KEY[action.card] == "compass"
    s = act(s, action)
    assert choose(s, "hard") == Navigate(compass=True)


def test_hard_keeps_its_compass_in_hand_when_nothing_was_rowed() -> None:
    # With no rowed card the deck's top card is used whether or not the compass adds it.
    s = build(hands={KI: ["compass"]}, actor=SS)
    s = until_turn(s, KI)
    s = act(s, DoNothing())
    assert choose(s, "hard") == Navigate(compass=False)


def thirst_window_for(seat: int, **fields: object) -> LifeboatState:
    """N12 is the round's card (the Kid falls in; Lady Lauren, the Captain, the First Mate and Frenchy are
    thirsty); everyone passes until `seat` is asked in the thirst window."""
    s = build(nav_deck=[nav("N12")], **fields)  # type: ignore[arg-type]
    s = until_turn(s, KI)
    s = act(s, DoNothing())
    s = act(s, Navigate())
    while s.phase == "overboard":
        s = act(s, Done())
    s = until_turn(s, seat)
    assert s.phase == "thirst"
    return s


def test_hard_gives_a_spare_water_to_its_thirsty_love_near_the_end() -> None:
    # Three seagulls are out (the fourth lands the boat, a round or two from now). Sir Stephen, not thirsty
    # himself, holds three waters; the Captain, whom he loves, is thirsty at 4 of 7 wounds. Hard used to keep
    # all three and let the Captain take the wound.
    love = ("lady_lauren", "captain", "captain", "first_mate", "frenchy", "kid")
    hate = ("sir_stephen", "kid", "first_mate", "frenchy", "kid", "lady_lauren")
    s = thirst_window_for(SS, hands={SS: ["water", "water", "water"]}, wounds={CA: 4}, love=love, hate=hate, seagulls=3)
    assert choose(s, "hard") == GiveWater(target=CA)


def test_hard_keeps_the_water_it_will_likely_need_itself() -> None:
    # At the start of the game, Sir Stephen at 3 of 5 wounds keeps his two waters: thirsts of his own will
    # likely come, and one more wound leaves him a wound from death.
    love = ("lady_lauren", "captain", "captain", "first_mate", "frenchy", "kid")
    hate = ("sir_stephen", "kid", "first_mate", "frenchy", "kid", "lady_lauren")
    s = thirst_window_for(SS, hands={SS: ["water", "water"]}, wounds={CA: 4, SS: 3}, love=love, hate=hate, seagulls=0)
    assert choose(s, "hard") == Done()


@pytest.mark.parametrize("patient", [FM, CA])
def test_hard_uses_its_medical_kit_near_the_end(patient: int) -> None:
    # The First Mate, at 3 of 8 wounds, holds a medical kit with three seagulls out; it loves the Captain
    # (3 of 7) when the patient is the Captain. A kit kept to the landing is worth nothing: Hard used to row
    # or wait instead, every turn.
    love = ("lady_lauren", "sir_stephen", "captain", "captain" if patient == CA else "first_mate", "frenchy", "kid")
    hate = ("sir_stephen", "captain", "first_mate", "kid", "kid", "lady_lauren")
    s = build(hands={FM: ["medical_kit"]}, wounds={patient: 3}, love=love, hate=hate, seagulls=3, actor=FM)
    for k in range(3):
        action = LEVELS["hard"]().choose(RULES.view(s, FM), random.Random(k))
        assert action == UseMedicalKit(target=patient), k


def test_hard_stays_out_of_a_fight_its_side_is_likely_to_lose() -> None:
    # From an arena game: Lady Lauren (4, a flare gun face up: 12) robs Frenchy (6), who refuses. Sir Stephen,
    # at 4 of 5 wounds and holding no weapon, would bring the defence to 11 against 12: not certainly lost
    # (Frenchy's seven cards may hold a weapon), but likely, and a lost fight knocks him out. Hard used to join
    # Frenchy on some draws of its look-ahead.
    chars = ("sir_stephen", "lady_lauren", "frenchy", "first_mate")
    ss, ll, fr, fm = range(4)
    s = build(
        chars,
        hands={
            ss: ["water", "bundle_of_cash", "painting_2"],
            ll: ["water", "water", "water", "jewels", "painting_3"],
            fr: ["water", "bundle_of_cash", "bundle_of_cash", "jewels", "painting_3", "knife", "bucket_of_chum"],
            fm: ["water", "water", "water", "bundle_of_cash", "bundle_of_cash"],
        },
        face_up={ll: ["flare_gun"], fm: ["oar"]},
        wounds={ss: 4, fm: 3},
        love=chars,
        hate=("first_mate", "frenchy", "lady_lauren", "sir_stephen"),
        boat=(ll, ss, fm, fr),
        seagulls=3,
        round=6,
        actor=ll,
    )
    s = act(s, Rob(target=fr))
    s = act(s, RefuseDemand())
    s = until_turn(s, ss)
    assert s.phase == "fight"
    view = RULES.view(s, ss)
    assert JoinFight(side="defender") in view.legal_actions and not fight_is_hopeless(view, JoinFight(side="defender"))
    for k in range(20):  # the old look-ahead joined on 3 of these 20 draws
        assert LEVELS["hard"]().choose(view, random.Random(k)) != JoinFight(side="defender"), k
