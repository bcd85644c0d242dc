"""Rules of shared/rules/lifeboat.md and answers of the seed's FAQ that test_rules.py did not yet pin down
(found by auditing every rule against the suite). Each test names the rule it checks; all go through the
public engine API (setup / legal_actions / apply / view / outcome)."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.base import IllegalAction
from boardgames_tui.engine.lifeboat.models import (
    Done,
    DoNothing,
    FireFlareGun,
    GiveWater,
    JoinFight,
    Navigate,
    PlaceRowed,
    PlayCard,
    ProposeTrade,
    RefuseDemand,
    Row,
    SwapSeats,
    ThrowLifePreserver,
    TradeCard,
)
from boardgames_tui.engine.lifeboat.rules import RULES, fight_totals, score_lines, status

from .helpers import ALL, NAMES, act, build, keys, legal_kinds, nav, pass_window, settle

LL, SS, CA, FM, FR, KI = range(6)  # seats in `build()`'s default: seat i plays character i


def navigate_to(state, card: str):  # type: ignore[no-untyped-def]
    """The Kid (acting last, the navigator) does nothing and navigates with `card` on top of the deck."""
    s = state.model_copy(update={"nav_deck": (nav(card), *(c for c in state.nav_deck if c != nav(card)))})
    return act(act(s, DoNothing()), Navigate())


def to_seat(state, seat: int):  # type: ignore[no-untyped-def]
    """In an open window, everyone before `seat` says done."""
    while state.current != seat:
        state = act(state, Done())
    return state


def plays(state) -> list[str]:  # type: ignore[no-untyped-def]
    return keys([a.card for a in RULES.legal_actions(state, state.current) if a.kind == "play_card"])


def scores(state):  # type: ignore[no-untyped-def]
    return {line.seat: line for line in score_lines(state)}


# Setup: characters are public ---------------------------------------------------------------------------


def test_characters_wounds_and_face_up_cards_are_public_to_every_seat() -> None:
    s = RULES.setup(NAMES[:5], None, "public-chars")
    for seat in (None, *range(5)):
        v = RULES.view(s, seat)
        assert [sv.character for sv in v.seats] == [ALL[c] for c in s.characters]
        assert [sv.position for sv in v.seats] == [s.boat.index(x) for x in range(5)]


# Status: the unconscious and the dead take no part -----------------------------------------------------


def test_unconscious_and_dead_are_never_offered_the_overboard_or_thirst_windows() -> None:
    # N12: the Kid falls in; Lady Lauren, the Captain, First Mate and Frenchy are thirsty.
    # The Captain is unconscious and First Mate dead: both hold useful cards, neither is ever asked.
    s = build(wounds={CA: 7, FM: 9}, hands={CA: ["water", "bucket_of_chum"], FM: ["water"]}, actor=KI)
    s = navigate_to(s, "N12")
    assert s.phase == "overboard" and s.window == (LL, SS, FR, KI)
    offered = []
    while s.phase == "overboard":
        offered.append(s.current)
        s = act(s, Done())
    assert offered == [LL, SS, FR, KI]
    assert s.phase == "thirst" and s.window == (LL, SS, FR, KI)
    assert s.thirst[CA] == 1 and s.thirst[FM] == 0, "the unconscious are thirsty, the dead are not"
    assert all(RULES.legal_actions(s, x) == () for x in (CA, FM))
    s = settle(s)
    assert s.wounds[CA] == 8 and status(s, CA) == "dead", "nobody gave water: the thirst is a wound"
    assert keys(s.hands[CA]) == ["water", "bucket_of_chum"], "an unconscious character plays no card"


def test_no_card_for_the_dead_in_the_water_and_the_dead_one_is_lost() -> None:
    # N04: First Mate (dead) falls in; the Captain and First Mate named thirsty
    s = build(wounds={FM: 9}, hands={LL: ["life_preserver", "water"]}, actor=KI)
    s = navigate_to(s, "N04")
    assert s.phase == "overboard" and s.current == LL
    assert "throw_life_preserver" not in legal_kinds(s), "no life preserver for the dead"
    with pytest.raises(IllegalAction):
        act(s, ThrowLifePreserver(target=FM))
    s = pass_window(s)
    assert FM not in s.boat and status(s, FM) == "lost"
    assert s.phase == "thirst" and s.current == LL
    assert {a.target for a in RULES.legal_actions(s, LL) if a.kind == "give_water"} == {CA}
    assert s.boat == (LL, SS, CA, FR, KI), "the seat goes with the character; the others keep their order"


# Playing cards: at any time, but not while rowing, picking or trading -----------------------------------


def test_cards_may_be_played_face_up_in_every_decision_and_it_is_free() -> None:
    # draft (the drafter)
    s = RULES.setup(NAMES, None, "play-any-time")
    drafter, card = s.current, s.hands[s.current][0]
    assert PlayCard(card=card) in RULES.legal_actions(s, drafter)
    s2 = act(s, PlayCard(card=card))
    assert s2.face_up[drafter] == (card,) and s2.phase == "draft" and s2.current == drafter
    # answering a demand, a fight, navigation, overboard, thirst
    s = act(build(hands={CA: ["knife"]}), SwapSeats(target=CA))
    assert s.phase == "respond" and plays(s) == ["knife"]
    s = act(s, RefuseDemand())
    s = to_seat(s, CA)
    assert plays(s) == ["knife"]
    s = act(s, PlayCard(card=s.hands[CA][0]))
    assert s.phase == "fight" and s.current == CA and keys(s.face_up[CA]) == ["knife"]
    s = act(build(hands={KI: ["jewels"]}, actor=KI), DoNothing())
    assert s.phase == "navigate" and plays(s) == ["jewels"]
    s = navigate_to(build(hands={LL: ["jewels"], CA: ["jewels"]}, actor=KI), "N01")
    assert s.phase == "overboard" and s.current == LL and plays(s) == ["jewels"]
    s = act(s, PlayCard(card=s.hands[LL][0]))
    assert s.phase == "overboard" and s.current == LL, "playing does not close one's turn in the window"
    s = to_seat(pass_window(s), CA)
    assert s.phase == "thirst" and plays(s) == ["jewels"]


def test_no_cards_played_while_placing_rowed_cards_picking_or_trading() -> None:
    s = act(build(hands={LL: ["knife"], FM: ["water"]}), Row())
    assert s.phase == "row" and plays(s) == []
    with pytest.raises(IllegalAction, match="no_playing_now"):
        act(s, PlayCard(card=s.hands[LL][0]))
    s = act(build(hands={LL: ["knife"], FM: ["water"]}), ProposeTrade(target=FM))
    assert s.phase == "trade_offer" and plays(s) == []
    s = act(build(hands={KI: ["knife"]}, row_pile=[nav("N24"), nav("N01")], actor=KI), DoNothing())
    s = act(s, Navigate())
    assert s.phase == "pick" and plays(s) == []


def test_only_hand_cards_are_traded() -> None:
    s = build(hands={LL: ["water"]}, face_up={LL: ["knife"]})
    s = act(s, ProposeTrade(target=FM))
    offered = [a.card for a in RULES.legal_actions(s, LL) if a.kind == "trade_card"]
    assert offered == list(s.hands[LL])
    with pytest.raises(IllegalAction):
        act(s, TradeCard(card=s.face_up[LL][0]))


# Row pile face down (FAQ) ------------------------------------------------------------------------------


def test_faq_the_row_pile_is_face_down_even_for_the_rower() -> None:
    s = act(act(build(), Row()), PlaceRowed(to_pile=(True, True)))
    assert s.phase == "action" and len(s.row_pile) == 2
    for seat in (None, *range(6)):
        v = RULES.view(s, seat)
        assert v.row_pile is None and v.row_pile_size == 2 and v.drawn is None


# Fights ------------------------------------------------------------------------------------------------


def test_a_tie_wounds_every_attacker_and_only_fighters_count() -> None:
    # Lady Lauren (4) and Sir Stephen (5) against the Captain (7 + blackjack 2): 9 - 9, the defenders win.
    # First Mate's gaffing hook does not count: he stays out.
    s = build(face_up={CA: ["blackjack"], FM: ["gaffing_hook"]})
    s = act(act(s, SwapSeats(target=CA)), RefuseDemand())
    s = act(s, Done())  # Lady Lauren
    s = act(s, JoinFight(side="attacker"))  # Sir Stephen
    assert fight_totals(s) == (9, 9)
    assert RULES.view(s, None).fight.attack_total == 9  # type: ignore[union-attr]
    s = pass_window(s)
    assert s.wounds == (1, 1, 0, 0, 0, 0), "every loser takes a wound, the winners none"
    assert s.boat == (LL, SS, CA, FM, FR, KI), "the defenders won: no swap"
    assert s.fought == (True, True, True, False, False, False)
    assert s.current == SS, "the attacker's action ends, whatever the result"


# Life preservers -----------------------------------------------------------------------------------------


def test_own_life_preserver_from_hand_can_be_used_in_the_water() -> None:
    # N01: the Captain falls in (and is thirsty)
    base = build(hands={CA: ["life_preserver"]}, actor=KI)
    s = to_seat(navigate_to(base, "N01"), CA)
    assert ThrowLifePreserver(target=CA) not in RULES.legal_actions(s, CA), "one does not throw to oneself"
    assert plays(s) == ["life_preserver"]
    s = pass_window(act(s, PlayCard(card=s.hands[CA][0])))
    assert s.wounds[CA] == 0 and keys(s.face_up[CA]) == ["life_preserver"]
    # without using it, the fall wounds
    s = pass_window(navigate_to(base, "N01"))
    assert s.wounds[CA] == 1 and keys(s.hands[CA]) == ["life_preserver"]


def test_a_face_up_life_preserver_can_be_thrown_from_the_boat_but_not_from_the_water() -> None:
    s = navigate_to(build(face_up={LL: ["life_preserver"]}, actor=KI), "N01")
    assert s.current == LL and ThrowLifePreserver(target=CA) in RULES.legal_actions(s, LL)
    s = pass_window(act(s, ThrowLifePreserver(target=CA)))
    assert s.face_up[LL] == () and keys(s.face_up[CA]) == ["life_preserver"] and s.wounds[CA] == 0
    # N22: everyone is in the water; Lady Lauren keeps hold of hers and is spared
    s = navigate_to(build(face_up={LL: ["life_preserver"]}, actor=KI), "N22")
    assert "throw_life_preserver" not in legal_kinds(s)
    s = pass_window(s)
    assert s.wounds == (0, 1, 1, 1, 0, 1) and keys(s.face_up[LL]) == ["life_preserver"]


# Flare gun (FAQ) ---------------------------------------------------------------------------------------


def test_faq_a_flare_gun_used_as_a_weapon_can_still_be_fired_once() -> None:
    s = build(face_up={LL: ["flare_gun"]}, nav_deck=[nav("N24"), nav("N01"), nav("N02")])
    assert "fire_flare_gun" in legal_kinds(s)
    s = act(s, FireFlareGun())
    assert s.seagulls == 1 and s.face_up[LL] == () and keys(s.discard[-1:]) == ["flare_gun"]
    assert s.wounds == (0,) * 6 and s.current == SS


# Scoring -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("char", "cards", "points"),
    [
        ("first_mate", ["jewels"], 1),
        ("first_mate", ["jewels", "jewels"], 4),
        ("first_mate", ["jewels", "jewels", "jewels"], 8),
        ("lady_lauren", ["jewels"], 2),
        ("lady_lauren", ["jewels", "jewels"], 8),
        ("first_mate", ["painting_3", "painting_3", "painting_2"], 8),
        ("sir_stephen", ["painting_3", "painting_2"], 10),
        ("captain", ["bundle_of_cash", "bundle_of_cash", "painting_2"], 6),
        ("sir_stephen", ["bundle_of_cash", "jewels"], 2),
        ("kid", ["water", "knife", "bundle_of_cash"], 1),
    ],
)
def test_treasure_values_and_doubling(char: str, cards: list[str], points: int) -> None:
    seat = ALL.index(char)
    half = len(cards) // 2
    s = build(hands={seat: cards[:half]}, face_up={seat: cards[half:]})  # hand and face up both count
    assert scores(s)[seat].treasure == points


def test_love_and_hate_of_unconscious_and_lost_characters() -> None:
    # Frenchy is lost at sea, the Kid unconscious
    s = build(
        boat=[LL, SS, CA, FM, KI], wounds={KI: 3},
        love=["kid", "frenchy", "kid", "kid", "kid", "kid"],
        hate=["captain", "kid", "frenchy", "kid", "kid", "captain"],
    )  # fmt: skip
    lines = scores(s)
    assert lines[LL].love_points == 9, "an unconscious loved one is alive"
    assert lines[SS].love_points == 0, "a loved one lost at sea is not"
    assert lines[SS].hate_points == 0, "an unconscious hated one is alive"
    assert lines[CA].hate_points == 6, "a hated one lost at sea is dead"
    assert lines[KI].survival == 9 and lines[KI].status == "unconscious"


def test_narcissist_and_self_loathing_when_dead_or_lost() -> None:
    # Lady Lauren dead in the boat with her jewels, Sir Stephen lost at sea, the Captain dead
    base = dict(boat=[LL, CA, FM, FR, KI], wounds={LL: 5, CA: 8}, hands={LL: ["jewels"]})
    s = build(love=["lady_lauren", "sir_stephen", "kid", "kid", "kid", "kid"], hate=["kid"] * 6, **base)
    lines = scores(s)
    assert (lines[LL].survival, lines[LL].love_points, lines[LL].treasure) == (0, 0, 2), "dead narcissist"
    assert (lines[SS].survival, lines[SS].love_points, lines[SS].treasure) == (0, 0, 0), "lost narcissist"
    s = build(love=["lady_lauren"] * 6, hate=["lady_lauren"] * 6, **base)
    ll = scores(s)[LL]
    assert (ll.survival, ll.love_points, ll.treasure) == (0, 0, 2), "loving and hating oneself, dead"
    assert ll.hate_points == 5 + 7, "the size of every other character who died (lost at sea counts)"
    assert ll.total == 2 + 12


def test_a_real_game_end_scores_and_closes_every_decision() -> None:
    # the fourth seagull during navigation: no more cards may be played by anyone
    s = build(hands={x: ["water"] for x in range(6)}, seagulls=3, love=["kid"] * 6, hate=["captain"] * 6, actor=KI)
    s = navigate_to(s, "N24")
    assert s.phase == "over"
    for seat in range(6):
        assert RULES.legal_actions(s, seat) == () and RULES.view(s, seat).legal_actions == ()
        with pytest.raises(IllegalAction, match="game_over"):
            RULES.apply(s, seat, PlayCard(card=s.hands[seat][0]))
    out = RULES.outcome(s)
    assert out is not None and out.scores == tuple(scores(s)[x].total for x in range(6))
    # everyone alive: own survival (none for the self-hating Captain) + the Kid's 9; nobody hated died
    assert out.scores == (8 + 9, 7 + 9, 0 + 9, 4 + 9, 6 + 9, 9 + 9)
    assert out.winners == (KI,)


def test_give_water_only_in_the_thirst_window_and_not_for_the_dead() -> None:
    s = build(hands={LL: ["water"]}, wounds={CA: 8})
    assert "give_water" not in legal_kinds(s)
    with pytest.raises(IllegalAction):
        act(s, GiveWater(target=LL))


def test_action_order_is_the_conscious_at_the_start_a_healed_character_gains_no_action() -> None:
    from boardgames_tui.engine.lifeboat.models import UseMedicalKit

    s = build(wounds={FM: 8}, hands={LL: ["medical_kit"]})
    assert s.order == (LL, SS, CA, FR, KI)
    s = act(s, UseMedicalKit(target=FM))
    assert status(s, FM) == "conscious"
    actors = []
    while s.phase == "action":
        actors.append(s.current)
        s = act(s, DoNothing())
    assert actors == [SS, CA, FR, KI]
