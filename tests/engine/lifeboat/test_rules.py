"""Every rule of shared/rules/lifeboat.md and the answers of the rulebook's FAQ, in play order."""

from __future__ import annotations

from collections import Counter

import pytest

from boardgames_tui.engine.base import IllegalAction
from boardgames_tui.engine.lifeboat.data import (
    CAPTAIN,
    CARD_KEY,
    CHARACTER_INDEX,
    FIRST_MATE,
    FRENCHY,
    KID,
    LADY_LAUREN,
    SIR_STEPHEN,
    SIZE,
    SUPPLY_COUNT,
)
from boardgames_tui.engine.lifeboat.models import (
    AcceptDemand,
    AcceptTrade,
    DeclineTrade,
    Done,
    DoNothing,
    FireFlareGun,
    GiveWater,
    JoinFight,
    LifeboatOptions,
    LifeboatState,
    Navigate,
    OfferTrade,
    OpenParasol,
    PickNavigation,
    PlaceRowed,
    PlayCard,
    ProposeTrade,
    RefuseDemand,
    Rob,
    Row,
    SwapSeats,
    TakeSupply,
    ThrowLifePreserver,
    TradeCard,
    UseChum,
    UseMedicalKit,
)
from boardgames_tui.engine.lifeboat.rules import RULES, cards_in_play, fight_totals, navigator, status

from boardgames_tui.engine.lifeboat.flow import start_navigation, start_round
from boardgames_tui.narration.lifeboat import card_name, character_name

from .helpers import NAMES, act, build, keys, legal_kinds, lines, nav, pass_window, settle, told

LL, SS, CA, FM, FR, KI = range(6)  # seats in `build()`'s default: seat i plays character i


def first(state, kind: str, **fields):  # type: ignore[no-untyped-def]
    """The first legal action of `kind` (with the given fields) for the seat to act."""
    for a in RULES.legal_actions(state, state.current):
        if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items()):
            return a
    raise LookupError((kind, fields, [a.kind for a in RULES.legal_actions(state, state.current)]))


# Setup -------------------------------------------------------------------------------------------------


def test_six_player_setup() -> None:
    s = RULES.setup(NAMES, None, "setup-6")
    assert sorted(s.characters) == list(range(6))
    assert [s.characters[x] for x in s.boat] == list(range(6)), "bow to stern: Lauren ... Kid"
    assert sorted(s.love) == list(range(6)) and sorted(s.hate) == list(range(6))
    assert s.set_aside == ()
    assert all(len(s.hands[x]) == 1 for x in range(6)), "one supply card each"
    # the first supply phase has started: the bow seat holds 6 cards to choose from
    assert s.phase == "draft" and s.current == s.boat[0] and len(s.draft) == 6 and s.drafters == s.boat
    assert len(s.supply) == 42 - 6 - 6
    assert sorted(cards_in_play(s)) == list(range(SUPPLY_COUNT))
    assert s.wounds == (0,) * 6 and s.seagulls == 0 and s.round == 1


@pytest.mark.parametrize("players", [4, 5])
def test_fewer_than_six_players(players: int) -> None:
    for k in range(5):
        s = RULES.setup(NAMES[:players], None, f"few-{k}")
        present = sorted(s.characters)
        assert len(present) == players
        assert [s.characters[x] for x in s.boat] == present, "the seats keep the standard order"
        assert sorted(s.love) == present and sorted(s.hate) == present, "love and hate only name those aboard"
        assert len(s.set_aside) == 10
        assert len(s.supply) + len(s.draft) == 42 - 10 - players
        assert sorted(cards_in_play(s)) == list(range(SUPPLY_COUNT))
    left_out = {frozenset(set(range(6)) - set(RULES.setup(NAMES[:4], None, f"x{k}").characters)) for k in range(30)}
    assert len(left_out) > 5, "the characters left out are random"


def test_setup_is_seeded_and_love_may_name_oneself() -> None:
    assert RULES.setup(NAMES, None, "a") == RULES.setup(NAMES, None, "a")
    assert RULES.setup(NAMES, None, "a") != RULES.setup(NAMES, None, "b")
    selfish = sum(
        1 for k in range(40) for s in [RULES.setup(NAMES, None, f"self-{k}")] for x in range(6)
        if s.love[x] == s.characters[x] or s.hate[x] == s.characters[x]
    )  # fmt: skip
    assert selfish > 0
    with pytest.raises(ValueError):
        RULES.setup(NAMES[:3], None, "x")


def test_secret_cards_are_told_privately() -> None:
    s = RULES.setup(NAMES, None, "private")
    deal = next(e for e in s.log if e.kind == "dealt")
    assert deal.only is None and deal.args == {} and [owner for owner, _ in deal.secret] == list(range(6))
    assert dict(deal.secret)[3] == {"card": s.hands[3][0]}, "each seat's own supply card, for its eyes"
    # Love and Hate come in an event of their own that only the seat sees, so a screen can leave it out
    secrets = [e for e in s.log if e.kind == "love_and_hate"]
    assert [e.only for e in secrets] == list(range(6))
    assert secrets[3].args == {"love": s.love[3], "hate": s.hate[3]}
    mine = f"Your Love card: {character_name(s.love[3])}; your Hate card: {character_name(s.hate[3])}"
    assert any(mine in line for line in lines(s, 3))
    assert f"(Your supply card: {card_name(s.hands[3][0])}.)" in " ".join(lines(s, 3))
    assert sum("Your Love" in line for line in lines(s, 2)) == 1, "another seat reads only its own"
    assert not any("Your Love" in line for line in lines(s, None))
    for seat in (2, None):
        assert not any(e.kind == "love_and_hate" and e.only != seat for e in RULES.view(s, seat).log)
    assert not any("Your supply card" in line for line in lines(s, None))


# Status ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("char", range(6))
def test_status_thresholds(char: int) -> None:
    size = SIZE[char]
    for wounds, expected in ((0, "conscious"), (size - 1, "conscious"), (size, "unconscious"), (size + 1, "dead")):
        s = build(wounds={char: wounds})
        assert status(s, char) == expected
    s = build(boat=[x for x in range(6) if x != char], wounds={})
    assert status(s, char) == "lost"


# Supply ------------------------------------------------------------------------------------------------


def test_draft_passes_bow_to_stern_one_pick_at_a_time() -> None:
    s = RULES.setup(NAMES, None, "draft")
    seen = []
    while s.phase == "draft":
        seat = s.current
        seen.append(seat)
        assert len(s.draft) == 6 - len(seen) + 1
        assert "propose_trade" not in legal_kinds(s), "no trading in the supply phase"
        before = len(s.hands[seat])
        s = act(s, first(s, "take_supply"))
        assert len(s.hands[seat]) == before + 1
    assert seen == list(s.boat[:5]), "the last card goes to the last seat without a decision"
    assert all(len(h) == 2 for h in s.hands)
    assert s.phase == "action" and s.current == s.boat[0]
    assert "keeps the last supply card" in told(s)


def test_draft_skips_unconscious_and_dead_and_offers_identical_cards_once() -> None:
    s = build(wounds={LL: 4, CA: 9}, supply=["water", "water", "knife", "oar", "water", "compass", "jewels"])
    s = start_round(s)
    assert s.drafters == (SS, FM, FR, KI) and len(s.draft) == 4
    assert s.current == SS
    takes = [a for a in RULES.legal_actions(s, SS) if a.kind == "take_supply"]
    assert keys([a.card for a in takes]) == ["water", "oar", "knife"]
    with pytest.raises(IllegalAction, match="not_in_draft"):
        act(s, TakeSupply(card=s.draft[1]))  # the second water


def test_short_supply_and_empty_supply() -> None:
    s = start_round(build(supply=["water", "knife"]))
    assert s.drafters == (LL, SS) and s.supply == ()
    s = act(s, first(s, "take_supply"))
    assert s.phase == "action" and len(s.hands[SS]) == 1, "dealt as far as it goes"
    s = start_round(build())
    assert s.phase == "action" and "nobody draws supply cards" in lines(s)[-2]


# Actions: order and the five choices -------------------------------------------------------------------


def test_action_order_is_fixed_at_the_start_of_the_phase() -> None:
    s = build()
    assert s.order == (0, 1, 2, 3, 4, 5) and s.current == LL
    s = act(s, SwapSeats(target=KI))
    s = act(s, AcceptDemand())
    assert s.boat == (KI, SS, CA, FM, FR, LL)
    assert s.current == SS, "the swap does not change this round's order"
    for expected in (CA, FM, FR, KI):
        s = act(s, DoNothing())
        assert s.current == expected
    s = act(s, DoNothing())
    assert s.phase == "navigate" and s.current == LL, "Lady Lauren is now nearest the stern"


def test_every_choice_of_the_action_phase() -> None:
    s = build(hands={LL: ["medical_kit", "parasol", "flare_gun", "water"], CA: ["water"]},
              face_up={SS: ["knife"]}, wounds={SS: 1})
    kinds = legal_kinds(s)
    assert kinds == {
        "do_nothing", "row", "swap_seats", "rob", "use_medical_kit", "open_parasol", "fire_flare_gun",
        "propose_trade", "play_card",
    }  # fmt: skip
    legal = RULES.legal_actions(s, LL)
    assert Rob(target=CA, card=None) in legal and Rob(target=SS, card=s.face_up[SS][0]) in legal
    assert Rob(target=FM, card=None) not in legal, "nothing to take from an empty hand"
    assert UseMedicalKit(target=SS) in legal and UseMedicalKit(target=CA) not in legal
    # FAQ: there is no way to start a fight just because you dislike someone
    assert not any("fight" in a.kind for a in legal)
    for other in range(1, 6):
        assert RULES.legal_actions(s, other) == ()


def test_unconscious_characters_do_not_act_and_a_knocked_out_actor_loses_the_turn() -> None:
    s = build(wounds={SS: 5}, hands={FR: ["knife"]})
    assert s.order == (LL, CA, FM, FR, KI)
    # the Captain beats Frenchy unconscious before Frenchy's turn comes
    s = act(s, DoNothing())
    assert s.current == CA
    s = build(wounds={SS: 5, FR: 5}, actor=CA)
    s = act(s, SwapSeats(target=FR))
    s = act(s, RefuseDemand())
    s = pass_window(s)
    assert s.wounds[FR] == 6 and status(s, FR) == "unconscious"
    assert s.current == FM
    s = act(s, DoNothing())
    assert s.current == KI, "Frenchy, now unconscious, loses the action"


def test_do_nothing_then_navigation() -> None:
    s = build(actor=KI)
    s = act(s, DoNothing())
    assert s.phase == "navigate" and s.current == KI
    assert "does nothing" in lines(s)[-2]


# Rowing ------------------------------------------------------------------------------------------------


def test_rowing_draws_two_and_each_goes_to_the_pile_or_the_bottom() -> None:
    s = build(nav_deck=[nav("N05"), nav("N06"), nav("N07")])
    s = act(s, Row())
    assert s.phase == "row" and s.drawn == (nav("N05"), nav("N06")) and s.current == LL
    placements = [a.to_pile for a in RULES.legal_actions(s, LL)]
    assert sorted(placements) == sorted([(True, True), (True, False), (False, True), (False, False)])
    s = act(s, PlaceRowed(to_pile=(False, True)))
    assert s.row_pile == (nav("N06"),) and s.nav_deck[-1] == nav("N05") and s.nav_deck[0] == nav("N07")
    assert s.rowed[LL] and s.current == SS


def test_rowing_without_keeping_a_card_is_not_rowing() -> None:
    s = act(act(build(), Row()), PlaceRowed(to_pile=(False, False)))
    assert not s.rowed[LL] and s.row_pile == ()


def test_an_oar_face_up_draws_one_more() -> None:
    s = build(face_up={LL: ["oar"]})
    assert len(act(s, Row()).drawn) == 3
    assert len(RULES.legal_actions(act(s, Row()), LL)) == 8
    s = build(hands={LL: ["oar"]})
    assert len(act(s, Row()).drawn) == 2, "only a face-up oar counts"
    s = act(s, first(s, "play_card"))
    assert s.current == LL, "playing a card is free"
    assert len(act(s, Row()).drawn) == 3


def test_rowing_variant() -> None:
    options = LifeboatOptions(rowing="variant")
    s = build(options=options, nav_deck=[nav("N01"), nav("N02"), nav("N03")], actor=KI)
    s = act(s, Row())
    assert s.drawn == (nav("N01"),)
    s = act(s, PlaceRowed(to_pile=(True,)))
    assert s.phase == "navigate"
    s = act(s, Navigate())
    # the navigator adds the top card to the row pile, then chooses
    assert s.phase == "pick" and s.row_pile == (nav("N01"), nav("N02"))
    s2 = build(options=options, face_up={KI: ["oar"]}, actor=KI)
    assert len(act(s2, Row()).drawn) == 2


# Swapping and robbing ----------------------------------------------------------------------------------


def test_swap_with_a_conscious_character_may_be_refused() -> None:
    s = act(build(), SwapSeats(target=FM))
    assert s.phase == "respond" and s.current == FM
    assert legal_kinds(s) == {"accept_demand", "refuse_demand"}
    s = act(s, RefuseDemand())
    assert s.phase == "fight" and s.attackers == (LL,) and s.defenders == (FM,)


def test_swap_and_rob_the_unconscious_or_dead_without_a_fight() -> None:
    # FAQ: nobody may stand up for an unconscious or dead character
    s = build(wounds={FM: 8, FR: 7}, hands={FM: ["water"]}, face_up={FR: ["knife"]})
    s2 = act(s, SwapSeats(target=FM))
    assert s2.boat.index(LL) == 3 and s2.boat.index(FM) == 0 and s2.current == SS
    s3 = act(s, Rob(target=FR, card=s.face_up[FR][0]))
    assert keys(s3.hands[LL]) == ["knife"] and s3.face_up[FR] == () and s3.current == SS
    s4 = act(s, Rob(target=FM, card=None))
    assert keys(s4.hands[LL]) == ["water"] and s4.hands[FM] == ()


def test_rob_a_face_up_card_or_a_random_hand_card() -> None:
    s = build(hands={CA: ["water", "knife", "jewels"]}, face_up={CA: ["compass"]})
    s2 = act(act(s, Rob(target=CA, card=s.face_up[CA][0])), AcceptDemand())
    assert keys(s2.hands[LL]) == ["compass"] and s2.face_up[CA] == ()
    s3 = act(act(s, Rob(target=CA)), AcceptDemand())
    assert len(s3.hands[LL]) == 1 and len(s3.hands[CA]) == 2
    taken = s3.hands[LL][0]
    assert taken in s.hands[CA]
    # the card taken is private to the two of them
    entry = next(e for e in s3.log if e.kind == "takes_random")
    assert CARD_KEY[taken] not in str(entry.args) and taken not in entry.args.values()
    assert dict(entry.secret) == {LL: {"took": taken}, CA: {"lost": taken}}
    # a different seed takes (eventually) a different card: the draw is random but seeded
    taken_by_seed = {act(act(s.model_copy(update={"seed": f"r{k}"}), Rob(target=CA)), AcceptDemand()).hands[LL][0] for k in range(12)}
    assert len(taken_by_seed) > 1


def test_the_kid_pickpockets_without_refusal_but_a_face_up_card_can_be_refused() -> None:
    s = build(hands={FM: ["jewels"]}, face_up={FM: ["knife"]}, actor=KI)
    s2 = act(s, Rob(target=FM))
    assert s2.phase == "navigate", "no response, no fight: the Kid's action is over"
    assert keys(s2.hands[KI]) == ["jewels"]
    assert "pickpocket cannot be refused" in told(s2)
    s3 = act(s, Rob(target=FM, card=s.face_up[FM][0]))
    assert s3.phase == "respond" and s3.current == FM
    s4 = act(build(hands={FM: ["jewels"]}, actor=KI), SwapSeats(target=FM))
    assert s4.phase == "respond"


def test_the_robbed_may_play_cards_before_answering_but_not_during_a_pickpocket() -> None:
    s = build(hands={CA: ["jewels", "water"]})
    s = act(s, Rob(target=CA))
    assert "play_card" in legal_kinds(s)
    s = act(s, first(s, "play_card"))
    s = act(s, first(s, "play_card"))
    s = act(s, AcceptDemand())
    assert s.hands[LL] == () and "no hand card left" in told(s)


# Special actions ---------------------------------------------------------------------------------------


def test_medical_kit() -> None:
    s = build(hands={LL: ["medical_kit"]}, wounds={FM: 8, CA: 8, SS: 2})
    legal = RULES.legal_actions(s, LL)
    assert UseMedicalKit(target=FM) in legal and UseMedicalKit(target=SS) in legal
    assert UseMedicalKit(target=CA) not in legal, "not on the dead"
    with pytest.raises(IllegalAction, match="cannot_heal"):
        act(s, UseMedicalKit(target=CA))
    s2 = act(s, UseMedicalKit(target=FM))
    assert s2.wounds[FM] == 7 and status(s2, FM) == "conscious" and "conscious again" in told(s2)
    assert s2.hands[LL] == () and keys(s2.discard[-1:]) == ["medical_kit"] and s2.current == SS
    s3 = build(face_up={LL: ["medical_kit"]}, wounds={LL: 1})
    s3 = act(s3, UseMedicalKit(target=LL))
    assert s3.wounds[LL] == 0 and s3.face_up[LL] == ()
    with pytest.raises(IllegalAction, match="no_medical_kit"):
        act(build(wounds={SS: 1}), UseMedicalKit(target=SS))


def test_parasol_opens_and_spares_one_thirst_per_round() -> None:
    s = build(hands={KI: ["parasol"]}, actor=KI)
    s = act(s, OpenParasol())
    assert keys(s.face_up[KI]) == ["parasol"] and s.parasol_open and s.phase == "navigate"
    assert "open_parasol" not in legal_kinds(s.model_copy(update={"phase": "action", "current": KI}))
    # a closed parasol played face up can still be opened as an action
    s = build(face_up={KI: ["parasol"]}, actor=KI)
    assert "open_parasol" in legal_kinds(s)
    # N04: First Mate overboard; the Captain and First Mate named thirsty; rowers thirsty.
    # The Captain rowed and is named: two thirsts, the open parasol spares one.
    s = build(face_up={CA: ["parasol"]}, parasol_open=True, rowed=(False, False, True, False, False, False),
              actor=KI, nav_deck=[nav("N04")])
    s = act(act(s, DoNothing()), Navigate())
    s = pass_window(s)  # the overboard window (First Mate falls in)
    assert s.phase == "thirst" and s.thirst[CA] == 1 and s.thirst[FM] == 1
    assert any("parasol spares one thirst" in line for line in lines(s)[-4:])
    # closed (face up but never opened) it does nothing
    s = build(face_up={CA: ["parasol"]}, rowed=(False, False, True, False, False, False),
              actor=KI, nav_deck=[nav("N04")])
    s = pass_window(act(act(s, DoNothing()), Navigate()))
    assert s.thirst[CA] == 2


def test_faq_a_parasol_lost_overboard_no_longer_shades() -> None:
    # N01: the Captain falls overboard and is thirsty; his open parasol is washed away first
    s = build(face_up={CA: ["parasol"]}, parasol_open=True, actor=KI, nav_deck=[nav("N01")])
    s = act(act(s, DoNothing()), Navigate())
    s = pass_window(s)
    assert not s.parasol_open and keys(s.discard[-1:]) == ["parasol"]
    assert s.phase == "thirst" and s.thirst[CA] == 1


def test_flare_gun_counts_only_birds_and_goes_to_the_discard() -> None:
    # N06 seagull, N18 crossed-out seagull, N09 seagull
    s = build(hands={LL: ["flare_gun"]}, nav_deck=[nav("N06"), nav("N18"), nav("N09"), nav("N01")], seagulls=1)
    s2 = act(s, FireFlareGun())
    assert s2.seagulls == 2  # 1 +1 -1 +1
    assert s2.nav_deck[:1] == (nav("N01"),) and s2.nav_deck[-3:] == (nav("N06"), nav("N18"), nav("N09"))
    assert keys(s2.discard[-1:]) == ["flare_gun"] and s2.hands[LL] == ()
    assert s2.wounds == (0,) * 6 and s2.current == SS, "no overboard, no thirst"
    s3 = act(s.model_copy(update={"seagulls": 3}), FireFlareGun())
    assert s3.phase == "over" and s3.seagulls == 4, "the fourth seagull ends the game at once"


# Fights ------------------------------------------------------------------------------------------------


def fight(state, attacker: int, defender: int):  # type: ignore[no-untyped-def]
    s = act(state, SwapSeats(target=defender), attacker)
    return act(s, RefuseDemand())


def test_fight_window_offers_every_conscious_seat_in_turn() -> None:
    s = fight(build(wounds={FR: 6}), LL, FM)
    offered = []
    while s.phase == "fight":
        offered.append(s.current)
        assert "trade_card" not in legal_kinds(s) and "propose_trade" not in legal_kinds(s)
        s = act(s, Done())
    assert offered == [LL, SS, CA, FM, KI], "everyone conscious, from the attacker on; Frenchy is out cold"


def test_fight_totals_ties_and_wounds() -> None:
    # Lady Lauren (4) + knife (3) = 7 against the Captain (7): a tie goes to the defender
    s = fight(build(face_up={LL: ["knife"]}), LL, CA)
    assert fight_totals(s) == (7, 7)
    s = pass_window(s)
    assert s.wounds[LL] == 1 and s.wounds[CA] == 0 and s.boat[0] == LL
    assert s.fought[LL] and s.fought[CA] and not s.fought[SS]
    assert s.current == SS, "the attacker's action ends"
    # with a blackjack too, 9 against 7: the attacker wins and the swap happens
    s = fight(build(face_up={LL: ["knife", "blackjack"]}), LL, CA)
    s = pass_window(s)
    assert s.wounds == (0, 0, 1, 0, 0, 0) and s.boat[:3] == (CA, SS, LL)


def test_joining_and_playing_weapons_reopen_the_window() -> None:
    s = fight(build(hands={KI: ["gaffing_hook"], SS: ["water"]}), LL, CA)
    s = act(s, Done())  # Lady Lauren
    s = act(s, JoinFight(side="attacker"))  # Sir Stephen: 4 + 5 = 9
    with pytest.raises(IllegalAction, match="already_fighting"):
        act(s, JoinFight(side="defender"))
    s = act(s, Done())
    s = act(s, Done())  # the Captain
    s = act(s, JoinFight(side="defender"))  # First Mate: 7 + 8 = 15
    s = act(s, Done())
    s = act(s, Done())  # Frenchy
    s = act(s, JoinFight(side="attacker"))  # the Kid: 4 + 5 + 3
    s = act(s, first(s, "play_card"))  # gaffing hook +4 -> 16
    assert fight_totals(s) == (16, 15)
    s = act(s, Done())
    # after the Kid's additions everyone else is offered again, Lady Lauren first
    offered = []
    while s.phase == "fight":
        offered.append(s.current)
        s = act(s, Done())
    assert offered == [LL, SS, CA, FM, FR]
    assert s.wounds[CA] == 1 and s.wounds[FM] == 1 and s.wounds[LL] == 0
    assert s.boat[0] == CA and s.boat[2] == LL
    assert all(s.fought[x] for x in (LL, SS, CA, FM, KI)) and not s.fought[FR]


def test_flare_gun_is_a_weapon_worth_eight_that_stays() -> None:
    s = fight(build(face_up={KI: ["flare_gun"]}, actor=KI), KI, FM)
    assert fight_totals(s) == (3 + 8, 8)
    s = pass_window(s)
    assert keys(s.face_up[KI]) == ["flare_gun"] and s.wounds[FM] == 1


def test_rob_carried_out_only_if_the_attackers_win() -> None:
    s = build(hands={CA: ["jewels"]}, face_up={LL: ["gaffing_hook"]})
    s = pass_window(act(act(s, Rob(target=CA)), RefuseDemand()))
    assert keys(s.hands[LL]) == ["jewels"] and s.wounds[CA] == 1
    s = build(hands={CA: ["jewels"]})
    s = pass_window(act(act(s, Rob(target=CA)), RefuseDemand()))
    assert s.hands[LL] == () and s.wounds[LL] == 1


def test_fought_marker_once_per_round_and_thirst_once() -> None:
    s = build(face_up={LL: ["gaffing_hook"]}, nav_deck=[nav("N06")])  # N06: fighters thirsty
    s = pass_window(fight(s, LL, CA))
    s = pass_window(fight(s, SS, CA))
    assert s.fought[CA] and s.wounds[CA] == 1  # lost once, won once (7 vs 5)
    while s.phase == "action":
        s = act(s, DoNothing())
    s = act(s, Navigate())
    s = pass_window(s)  # the Captain falls in: 1 wound
    assert s.phase == "thirst"
    assert s.thirst[CA] == 1, "two fights, one thirst"
    assert s.thirst[SS] == 1 and s.thirst[LL] == 1 and s.thirst[FM] == 1  # fought, fought, named


# Trading -----------------------------------------------------------------------------------------------


def test_a_trade_is_two_gifts_both_agreed() -> None:
    s = build(hands={LL: ["water", "knife"], FM: ["jewels", "compass"]})
    s = act(s, ProposeTrade(target=FM))
    assert s.phase == "trade_offer" and s.current == LL
    s = act(s, TradeCard(card=s.hands[LL][0]))  # water
    s = act(s, TradeCard(card=s.hands[LL][1]))  # knife
    s = act(s, TradeCard(card=s.hands[LL][1]))  # knife back out
    assert keys(s.pending.give) == ["water"]  # type: ignore[union-attr]
    with pytest.raises(IllegalAction, match="trade_own_cards"):
        act(s, TradeCard(card=s.hands[FM][0]))
    s = act(s, OfferTrade())
    assert s.phase == "trade_answer" and s.current == FM
    s = act(s, TradeCard(card=s.hands[FM][0]))  # jewels
    s = act(s, AcceptTrade())
    assert s.phase == "trade_confirm" and s.current == LL
    s = act(s, AcceptTrade())
    assert keys(s.hands[LL]) == ["jewels", "knife"] and keys(s.hands[FM]) == ["water", "compass"]
    assert s.phase == "action" and s.current == LL, "the actor still has the action to do"
    assert ProposeTrade(target=FM) not in RULES.legal_actions(s, LL), "once per partner per turn"
    assert ProposeTrade(target=CA) in RULES.legal_actions(s, LL)


@pytest.mark.parametrize("stage", [0, 1, 2])
def test_either_party_may_call_a_trade_off(stage: int) -> None:
    s = build(hands={LL: ["water"], FM: ["jewels"]})
    before = s.hands
    s = act(act(s, ProposeTrade(target=FM)), TradeCard(card=s.hands[LL][0]))
    if stage >= 1:
        s = act(s, OfferTrade())
    if stage >= 2:
        s = act(s, AcceptTrade())
    s = act(s, DeclineTrade())
    assert s.hands == before and s.phase == "action" and s.current == LL and s.pending is None


def test_no_trade_with_the_unconscious_or_when_switched_off() -> None:
    s = build(wounds={FM: 8})
    assert ProposeTrade(target=FM) not in RULES.legal_actions(s, LL)
    s = build(options=LifeboatOptions(trading=False))
    assert "propose_trade" not in legal_kinds(s)
    with pytest.raises(IllegalAction, match="trading_off"):
        act(s, ProposeTrade(target=FM))


# Playing cards -----------------------------------------------------------------------------------------


def test_cards_played_face_up_stay_and_are_free() -> None:
    s = build(hands={LL: ["water", "water", "knife"]})
    plays = [a for a in RULES.legal_actions(s, LL) if a.kind == "play_card"]
    assert keys([a.card for a in plays]) == ["water", "knife"], "identical cards are offered once"
    s = act(s, PlayCard(card=s.hands[LL][2]))
    assert keys(s.face_up[LL]) == ["knife"] and s.current == LL and s.phase == "action"
    assert not any(a.kind in ("take_back", "unplay") for a in RULES.legal_actions(s, LL))
    with pytest.raises(IllegalAction, match="not_in_hand"):
        act(s, PlayCard(card=s.face_up[LL][0]))


def test_faq_cards_may_be_played_out_of_turn_in_windows() -> None:
    s = fight(build(hands={FR: ["knife"]}), LL, CA)
    while s.current != FR:
        s = act(s, Done())
    assert "play_card" in legal_kinds(s)


# Navigation --------------------------------------------------------------------------------------------


def test_the_navigator_is_the_conscious_character_nearest_the_stern() -> None:
    assert navigator(build()) == KI
    assert navigator(build(wounds={KI: 3})) == FR
    assert navigator(build(wounds={KI: 3, FR: 7, FM: 8})) == CA
    assert navigator(build(boat=[KI, SS, CA, FM, FR, LL])) == LL


def test_navigator_picks_from_the_row_pile_the_rest_go_under() -> None:
    pile = [nav("N24"), nav("N02"), nav("N03")]
    s = build(row_pile=pile, actor=KI)
    s = act(act(s, DoNothing()), Navigate())
    assert s.phase == "pick" and s.current == KI
    assert {a.card for a in RULES.legal_actions(s, KI)} == set(pile)
    s = act(s, PickNavigation(card=nav("N24")))  # nobody overboard, a seagull
    assert s.seagulls == 1
    assert s.nav_deck[-3:] == (nav("N02"), nav("N03"), nav("N24")), "the others, then the card, go under"
    assert s.round == 2 and s.row_pile == ()


def test_no_row_pile_uses_the_top_card_and_one_card_is_used_directly() -> None:
    s = build(nav_deck=[nav("N24")], actor=KI)
    s = act(act(s, DoNothing()), Navigate())
    assert s.seagulls == 1 and "top navigation card is used" in told(s)
    s = build(row_pile=[nav("N24")], actor=KI)
    s = act(act(s, DoNothing()), Navigate())
    assert s.seagulls == 1 and "holds one card" in told(s)


def test_compass_adds_the_top_card() -> None:
    s = build(face_up={KI: ["compass"]}, row_pile=[nav("N01")], nav_deck=[nav("N24")], actor=KI)
    s = act(s, DoNothing())
    assert Navigate(compass=True) in RULES.legal_actions(s, KI)
    s = act(s, Navigate(compass=True))
    assert s.phase == "pick" and s.row_pile == (nav("N01"), nav("N24"))
    s = build(hands={KI: ["compass"]}, actor=KI)
    s = act(s, DoNothing())
    assert Navigate(compass=True) not in RULES.legal_actions(s, KI)
    s = act(s, first(s, "play_card"))
    assert Navigate(compass=True) in RULES.legal_actions(s, KI), "played face up now, used at once"


def test_nobody_conscious_means_the_top_card_and_the_game_plays_itself_out() -> None:
    s = build(wounds={x: SIZE[x] for x in range(6)}, nav_deck=[nav("N24")], phase="action", order=(), current=0)
    s = start_navigation(s)
    texts = lines(s)
    assert texts[0].startswith("Navigation: nobody is conscious")
    assert texts[1] == "There is no row pile: the top navigation card is used" and texts[2].startswith("The navigation card is N24")
    # nobody can decide anything any more: the rounds run on by themselves until the fourth seagull
    assert s.phase == "over" and s.seagulls == 4 and RULES.to_act(s) == frozenset()
    assert sorted(cards_in_play(s)) == list(range(SUPPLY_COUNT))


def test_birds_and_the_fourth_seagull_ends_the_game_before_anyone_falls_in() -> None:
    s = build(nav_deck=[nav("N18")], actor=KI, seagulls=2)  # crossed-out seagull, Lady Lauren overboard
    s = act(act(s, DoNothing()), Navigate())
    assert s.seagulls == 1
    s = build(nav_deck=[nav("N18")], actor=KI, seagulls=0)
    assert act(act(s, DoNothing()), Navigate()).seagulls == 0
    s = build(nav_deck=[nav("N06")], actor=KI, seagulls=3)  # a seagull and the Captain overboard
    s = act(act(s, DoNothing()), Navigate())
    assert s.phase == "over" and s.wounds == (0,) * 6, "the game ends at once"
    assert RULES.to_act(s) == frozenset() and RULES.outcome(s) is not None


def test_the_results_headline_says_why_the_game_ended_and_no_last_line_repeats_it() -> None:
    # The results screen shows the outcome (headline, ranking, one line per seat) and, when there is one, a
    # "Last:" line with the summary: at 80x24 with six players only the headline has room to say why.
    s = build(nav_deck=[nav("N06")], actor=KI, seagulls=3)
    s = act(act(s, DoNothing()), Navigate())
    outcome = RULES.outcome(s)
    assert s.phase == "over" and told(s) == "" and outcome is not None
    assert outcome.headline.kind == "landed" and (s.log[-1].kind, s.log[-1].args) == (outcome.headline.kind, outcome.headline.args)
    assert lines(s)[-1].startswith("Land at the fourth seagull: ")
    assert lines(s)[-len(s.players) - 2].endswith("Game over")
    assert [(e.kind, e.args) for e in s.log[-len(s.players) - 1 : -1]] == [(d.kind, d.args) for d in outcome.details]


# Overboard ---------------------------------------------------------------------------------------------


def navigate_to(state, card: str):  # type: ignore[no-untyped-def]
    """The Kid (acting last) does nothing and navigates with `card` on top of the deck."""
    s = state.model_copy(update={"nav_deck": (nav(card), *(c for c in state.nav_deck if c != nav(card)))})
    return act(act(s, DoNothing()), Navigate())


def test_falling_overboard_wounds_all_but_frenchy() -> None:
    s = navigate_to(build(actor=KI), "N22")  # everyone overboard, everyone thirsty, fighters thirsty
    assert s.phase == "overboard" and s.overboard == tuple(range(6))
    assert s.window == tuple(range(6))
    s = pass_window(s)
    assert s.wounds == (1, 1, 1, 1, 0, 1)


def test_falling_overboard_washes_away_face_up_cards_but_the_life_preserver() -> None:
    s = build(face_up={CA: ["knife", "life_preserver", "water"]}, hands={CA: ["jewels"]}, actor=KI)
    s = pass_window(navigate_to(s, "N01"))  # the Captain overboard and thirsty
    assert keys(s.face_up[CA]) == ["life_preserver"] and keys(s.hands[CA]) == ["jewels"]
    assert s.wounds[CA] == 0, "the life preserver spares the fall"
    assert set(keys(s.discard[-2:])) == {"knife", "water"}


def test_life_preserver_thrown_to_a_conscious_character_who_keeps_it() -> None:
    s = build(hands={LL: ["life_preserver"]}, actor=KI)
    s = navigate_to(s, "N01")
    assert s.current == LL
    assert ThrowLifePreserver(target=CA) in RULES.legal_actions(s, LL)
    s = act(s, ThrowLifePreserver(target=CA))
    assert keys(s.face_up[CA]) == ["life_preserver"] and s.hands[LL] == ()
    s = pass_window(s)
    assert s.wounds[CA] == 0 and keys(s.face_up[CA]) == ["life_preserver"]


def test_no_life_preserver_for_the_unconscious_and_they_are_lost() -> None:
    s = build(hands={LL: ["life_preserver"]}, wounds={CA: 7}, actor=KI)
    s = navigate_to(s, "N01")
    assert not any(a.kind == "throw_life_preserver" for a in RULES.legal_actions(s, LL))
    with pytest.raises(IllegalAction):
        act(s, ThrowLifePreserver(target=CA))
    s = pass_window(s)
    assert CA not in s.boat and status(s, CA) == "lost" and s.hands[CA] == ()
    assert "lost at sea" in " ".join(lines(s)[-6:])


def test_unconscious_with_a_face_up_life_preserver_stays_and_dead_are_lost() -> None:
    s = build(face_up={CA: ["life_preserver"]}, wounds={CA: 7}, actor=KI)
    s = settle(navigate_to(s, "N01"))
    assert CA in s.boat and s.wounds[CA] == 7 + 1  # thirsty, nobody gives water -> now dead, still aboard
    s = build(face_up={CA: ["life_preserver"]}, hands={CA: ["jewels"]}, wounds={CA: 8}, actor=KI)
    s = settle(navigate_to(s, "N01"))
    assert CA not in s.boat and len(s.lost_cards) == 2


def test_chum_wounds_everyone_in_the_water_frenchy_too() -> None:
    s = build(hands={LL: ["bucket_of_chum"]}, face_up={FR: ["life_preserver"]}, actor=KI)
    s = navigate_to(s, "N22")  # everyone overboard
    s = act(s, UseChum())
    s = pass_window(s)
    assert s.wounds == (2, 2, 2, 2, 1, 2)
    assert "bucket_of_chum" in keys(s.discard)


def test_chum_face_up_before_someone_who_falls_in() -> None:
    s = build(face_up={CA: ["bucket_of_chum"], SS: ["bucket_of_chum"]}, actor=KI)
    s = settle(navigate_to(s, "N01"))  # only the Captain falls in: only his chum counts
    assert s.wounds[CA] == 2 + 1  # fall + chum, then thirst
    assert keys(s.face_up[SS]) == ["bucket_of_chum"]


def test_a_conscious_character_whom_the_fall_knocks_out_climbs_back_in() -> None:
    s = build(wounds={CA: 6}, actor=KI)
    s = pass_window(navigate_to(s, "N02"))  # the Captain overboard, Frenchy thirsty
    assert CA in s.boat and status(s, CA) == "unconscious"


# Thirst ------------------------------------------------------------------------------------------------


def test_three_separate_causes_of_thirst() -> None:
    # N13: Frenchy overboard; thirsty Captain, First Mate, Frenchy, Sir Stephen; fighters and rowers
    s = build(rowed=(True, True, True, False, False, False), fought=(False, True, True, False, False, False),
              actor=KI)
    s = pass_window(navigate_to(s, "N13"))
    assert s.phase == "thirst"
    assert s.thirst == (1, 3, 3, 1, 1, 0)


def test_water_from_anyone_even_to_the_unconscious() -> None:
    s = build(hands={KI: ["water"], LL: ["water", "water"]}, wounds={CA: 7}, actor=KI)
    s = pass_window(navigate_to(s, "N04"))  # First Mate overboard; Captain, First Mate thirsty
    assert s.phase == "thirst" and s.current == LL
    assert {a.target for a in RULES.legal_actions(s, LL) if a.kind == "give_water"} == {CA, FM}
    s = act(s, GiveWater(target=CA))
    assert s.thirst[CA] == 0
    with pytest.raises(IllegalAction, match="not_thirsty"):
        act(s, GiveWater(target=CA))
    while s.current != KI:
        s = act(s, Done())
    s = act(s, GiveWater(target=FM))
    assert "Nobody is thirsty any more" in told(s), "every thirst paid: the window closes at once"
    assert s.wounds[CA] == 7 and s.wounds[FM] == 1  # the fall only
    assert s.round == 2 and s.phase == "action"
    assert Counter(keys(s.discard))["water"] >= 2


def test_thirst_unpaid_is_a_wound_then_markers_clear() -> None:
    s = build(rowed=(True,) * 6, fought=(True,) * 6, actor=KI)
    s = pass_window(pass_window(navigate_to(s, "N23")))  # a seagull; everyone overboard; 3 thirsts each
    assert s.wounds == (4, 4, 4, 4, 3, 4)
    assert s.rowed == (False,) * 6 and s.fought == (False,) * 6 and s.round == 2 and s.seagulls == 1
    assert s.nav_deck[-1] == nav("N23")


def test_the_dead_are_not_thirsty() -> None:
    s = build(wounds={CA: 8}, actor=KI)
    s = navigate_to(s, "N12")  # the Kid overboard; Captain, First Mate, Frenchy, Lady Lauren thirsty
    s = pass_window(s)
    assert s.thirst[CA] == 0 and s.thirst[FM] == 1


# Scoring -----------------------------------------------------------------------------------------------


def score(state):  # type: ignore[no-untyped-def]
    from boardgames_tui.engine.lifeboat.rules import score_lines

    return {line.seat: line for line in score_lines(state)}


def test_scoring_items() -> None:
    # Lady Lauren loves the Kid and hates the Captain; the Captain is dead in the boat; the Kid alive
    s = build(
        love=["kid", "sir_stephen", "captain", "frenchy", "sir_stephen", "first_mate"],
        hate=["captain", "kid", "sir_stephen", "lady_lauren", "first_mate", "frenchy"],
        wounds={CA: 8, FM: 8},
        hands={LL: ["jewels", "jewels"], CA: ["bundle_of_cash", "bundle_of_cash", "painting_3"]},
        face_up={LL: ["jewels"], SS: ["painting_3", "painting_2"]},
    )
    lines = score(s)
    ll = lines[LL]
    assert (ll.survival, ll.treasure, ll.love_points, ll.hate_points) == (8, 16, 9, 7), "jewels 8, doubled"
    ss = lines[SS]  # narcissist: 7 twice; paintings 5 doubled; hates the Kid (alive)
    assert (ss.survival, ss.treasure, ss.love_points, ss.hate_points) == (7, 10, 7, 0)
    assert ss.notes[0].kind == "narcissist"
    ca = lines[CA]  # dead: no survival; cash doubled + painting still count; loves self (dead) ...
    assert (ca.survival, ca.treasure, ca.love_points) == (0, 4 + 3, 0) and ca.status == "dead"
    fm = lines[FM]  # unconscious counts as alive
    assert fm.survival == 4 and fm.status == "unconscious"
    assert fm.hate_points == 0  # hates Lady Lauren, alive
    assert ll.total == 8 + 16 + 9 + 7


def test_misanthrope_and_love_and_hate_oneself() -> None:
    # the Captain and First Mate die; Frenchy is lost at sea
    base = dict(wounds={CA: 8, FM: 9}, boat=[LL, SS, CA, FM, KI])
    s = build(love=["captain"] * 6, hate=["lady_lauren", "sir_stephen", "kid", "kid", "kid", "kid"], **base)
    lines = score(s)
    assert lines[LL].survival == 0 and lines[LL].hate_points == 7 + 8 + 6, "every other death, not own"
    assert lines[LL].notes[0].kind == "misanthrope"
    s = build(love=["lady_lauren"] * 6, hate=["lady_lauren"] * 6, **base)
    lines = score(s)
    assert lines[LL].survival + lines[LL].love_points == 8, "survival once"
    assert lines[LL].hate_points == 21
    # the misanthrope dying scores nothing for himself
    s = build(love=["kid"] * 6, hate=["captain", "kid", "captain", "kid", "kid", "kid"], **base)
    assert score(s)[CA].hate_points == 8 + 6 and score(s)[CA].survival == 0


def test_love_and_hate_the_same_person() -> None:
    s = build(love=["kid"] * 6, hate=["kid"] * 6)
    assert (score(s)[LL].love_points, score(s)[LL].hate_points) == (9, 0)
    s = build(love=["kid"] * 6, hate=["kid"] * 6, wounds={KI: 4})
    assert (score(s)[LL].love_points, score(s)[LL].hate_points) == (0, 3)


def test_lost_at_sea_scores_no_survival_nor_treasure_but_love_and_hate() -> None:
    s = build(
        boat=[LL, SS, CA, FM, KI], love=["kid"] * 6, hate=["lady_lauren", "sir_stephen", "captain", "first_mate", "sir_stephen", "kid"],
        wounds={SS: 6}, hands={FR: ["jewels"]},
    )
    fr = score(s)[FR]
    assert (fr.survival, fr.treasure, fr.love_points, fr.hate_points) == (0, 0, 9, 5)
    assert fr.status == "lost" and any(n.kind == "scored_lost_at_sea" for n in fr.notes)


def test_outcome_ranking_and_shared_wins() -> None:
    s = build(love=list(["kid"] * 6), hate=["kid"] * 6, phase="over", current=None)
    out = RULES.outcome(s)
    assert out is not None
    assert out.scores == tuple(score(s)[x].total for x in range(6))
    top = max(out.scores)
    assert set(out.winners) == {x for x in range(6) if out.scores[x] == top}
    assert [out.scores[g[0]] for g in out.ranking] == sorted(set(out.scores), reverse=True)
    assert out.headline.args == {"winners": list(out.winners), "points": top}
    assert RULES.outcome(build()) is None


# Illegal actions ---------------------------------------------------------------------------------------


def test_illegal_actions_are_refused_with_reasons_and_change_nothing() -> None:
    s = build(hands={LL: ["water"]})
    snapshot = s.model_dump_json()
    cases = [
        (SS, DoNothing(), IllegalAction("not_your_turn", seat=SS)),
        (9, DoNothing(), IllegalAction("not_your_turn", seat=9)),
        (LL, Done(), IllegalAction("not_now", phase="action")),
        (LL, SwapSeats(target=LL), IllegalAction("not_yourself")),
        (LL, SwapSeats(target=7), IllegalAction("no_such_seat", seat=7)),
        (LL, Rob(target=FM), IllegalAction("nothing_in_hand", seat=FM)),
        (LL, Rob(target=FM, card=3), IllegalAction("not_face_up", seat=FM)),
        (LL, OpenParasol(), IllegalAction("no_closed_parasol")),
        (LL, FireFlareGun(), IllegalAction("no_flare_gun")),
        (LL, PlayCard(card=40), IllegalAction("not_in_hand")),
        (LL, TakeSupply(card=0), IllegalAction("not_now", phase="action")),
        (LL, GiveWater(target=SS), IllegalAction("not_now", phase="action")),
    ]
    for seat, action, expected in cases:
        with pytest.raises(IllegalAction) as refused:
            RULES.apply(s, seat, action)
        assert refused.value == expected
    assert s.model_dump_json() == snapshot
    over = s.model_copy(update={"phase": "over", "current": None})
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(over, LL, DoNothing())
    assert refused.value.code == "game_over"


def test_characters_keep_their_indices() -> None:
    assert (LADY_LAUREN, SIR_STEPHEN, CAPTAIN, FIRST_MATE, FRENCHY, KID) == (0, 1, 2, 3, 4, 5)
    assert CHARACTER_INDEX["kid"] == KID


def test_faq_special_cards_only_as_ones_own_action_one_at_a_time() -> None:
    holder = {FR: ["medical_kit", "parasol", "flare_gun"]}
    s = fight(build(hands=holder, wounds={FR: 1}), LL, CA)
    while s.current != FR:
        s = act(s, Done())
    assert not legal_kinds(s) & {"use_medical_kit", "open_parasol", "fire_flare_gun"}
    assert "play_card" in legal_kinds(s), "they may still be put face up"
    s = build(hands=holder, wounds={FR: 1}, actor=FR)
    s = act(s, UseMedicalKit(target=FR))
    assert s.current == KI and keys(s.hands[FR]) == ["flare_gun", "parasol"], "one special action ends the turn"


def test_faq_washed_away_cards_go_to_the_discard_pile_not_the_supply() -> None:
    s = build(face_up={CA: ["knife", "jewels"]}, supply=["water"], actor=KI)
    s = settle(navigate_to(s, "N01"))
    assert set(keys(s.discard[-2:])) == {"knife", "jewels"}
    # the next round's supply is the one card left in the deck, never the washed-away ones
    assert s.round == 2 and s.supply == () and keys(s.hands[LL]) == ["water"]


def test_faq_a_face_up_weapon_counts_in_every_fight_until_overboard() -> None:
    # Sir Stephen (5) against the Kid (3 + knife 3 = 6), twice in a round: the knife stays and counts
    s = pass_window(fight(build(face_up={KI: ["knife"]}, actor=SS), SS, KI))
    assert s.wounds == (0, 1, 0, 0, 0, 0) and keys(s.face_up[KI]) == ["knife"]
    s = pass_window(fight(s, CA, KI))  # the Captain (7) beats 6
    assert s.wounds[KI] == 1 and keys(s.face_up[KI]) == ["knife"]
