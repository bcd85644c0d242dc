"""The View's refusals: for the seat to act, why the engine would refuse each action a player may try by
key (rules.TRIED_ACTIONS), so the turn screen says the rule without working it out. Hand-made positions
carry the right codes; in random games they are exactly the kernel's refusals of the actions tried, every
tried kind is either legal or refused, and other seats and the table get none."""

from __future__ import annotations

import random

from boardgames_tui.engine.base import IllegalAction
from boardgames_tui.engine.lifeboat.models import (
    DoNothing,
    Done,
    JoinFight,
    LifeboatOptions,
    LifeboatState,
    Navigate,
    ProposeTrade,
    Refusal,
    RefuseDemand,
    SwapSeats,
)
from boardgames_tui.engine.lifeboat.rules import RULES, TRIED_ACTIONS

from .helpers import act, build, nav, pass_window, random_midgame

LL, SS, CA, FM, FR, KI = range(6)


def refusals(state: LifeboatState) -> dict[str, Refusal]:
    view = RULES.view(state, state.current)
    found = {refusal.kind: refusal for refusal in view.refusals}
    assert len(found) == len(view.refusals), "one refusal per kind tried"
    return found


def said(state: LifeboatState) -> dict[str, tuple[str, dict[str, object]]]:
    """Kind tried -> (code, parameters), for the seat to act."""
    return {kind: (r.code, r.params) for kind, r in refusals(state).items()}


def navigate_to(state: LifeboatState, card: str) -> LifeboatState:
    """The Kid (acting last) does nothing and navigates with `card` on top of the deck."""
    s = state.model_copy(update={"nav_deck": (nav(card), *(c for c in state.nav_deck if c != nav(card)))})
    return act(act(s, DoNothing()), Navigate())


# The action phase -------------------------------------------------------------------------------------


def test_an_action_turn_names_the_cards_it_lacks_and_nothing_it_may_do() -> None:
    s = build(hands={LL: ["knife", "water"], SS: ["jewels"]}, actor=LL)
    got = said(s)
    assert got["use_medical_kit"] == ("no_medical_kit", {})
    assert got["open_parasol"] == ("no_closed_parasol", {})
    assert got["fire_flare_gun"] == ("no_flare_gun", {})
    for legal in ("do_nothing", "row", "swap_seats", "rob", "propose_trade", "play_card"):
        assert legal not in got, legal
    # the kinds of other decisions: the engine has no place for them now
    for kind in ("done", "offer_trade", "accept_trade", "accept_demand", "navigate", "compass", "use_chum", "join_fight"):
        assert got[kind] == ("not_now", {"phase": "action"}), kind
    assert refusals(s)["trade_card"].target is None, "not tried on a card: out of its phase"


def test_a_kit_with_nobody_to_heal_and_an_open_parasol() -> None:
    s = build(hands={LL: ["medical_kit"]}, face_up={LL: ["parasol"]}, parasol_open=True, wounds={FR: 7}, actor=LL)
    got = refusals(s)
    # Frenchy is dead (wounds beyond his size): nobody, the actor included, has a wound to heal
    assert (got["use_medical_kit"].code, got["use_medical_kit"].params) == ("cannot_heal", {"seat": LL})
    assert got["open_parasol"].code == "no_closed_parasol"
    s = build(hands={LL: ["medical_kit"]}, wounds={CA: 1}, actor=LL)
    assert "use_medical_kit" not in said(s), "someone to heal: the key works"


def test_an_empty_navigation_deck_stops_rowing_and_the_flare_gun() -> None:
    s = build(hands={LL: ["flare_gun"]}, actor=LL)
    assert "fire_flare_gun" not in said(s) and "row" not in said(s)
    s = s.model_copy(update={"nav_deck": ()})
    got = said(s)
    assert got["row"] == ("navigation_deck_empty", {})
    assert got["fire_flare_gun"] == ("no_flare_gun", {})


def test_nobody_to_rob_and_trading_switched_off() -> None:
    s = build(hands={LL: ["water"]}, actor=LL, options=LifeboatOptions(trading=False))
    got = said(s)
    assert got["rob"] == ("nothing_to_take", {}), "said of everyone aboard: nobody has a card to take"
    assert got["propose_trade"] == ("trading_off", {})
    assert refusals(s)["rob"].target is None
    s = build(hands={LL: ["water"]}, face_up={FM: ["parasol"]}, actor=LL)
    assert "rob" not in said(s), "a face-up card can be taken: the key works"


def test_a_trade_proposed_to_everyone_awake() -> None:
    # Sir Stephen is the only other conscious character: once he has been asked, nobody is left
    s = build(hands={LL: ["water"]}, wounds={CA: 7, FM: 8, FR: 6, KI: 3}, actor=LL)
    s = s.model_copy(update={"traded": (SS,)})
    assert said(s)["propose_trade"] == ("already_traded", {"seat": SS})
    s = s.model_copy(update={"traded": ()})
    assert "propose_trade" not in said(s)
    s = build(wounds={SS: 5, CA: 7, FM: 8, FR: 6, KI: 3}, actor=LL)
    assert said(s)["propose_trade"] == ("trade_conscious_only", {"seat": SS})


def test_alone_in_the_boat() -> None:
    s = build(boat=(LL,), actor=LL, order=(LL,))
    got = said(s)
    for kind in ("swap_seats", "rob", "propose_trade"):
        assert got[kind] == ("alone_in_boat", {}), kind
        assert refusals(s)[kind].target is None


# Other decisions --------------------------------------------------------------------------------------


def test_a_trade_being_made() -> None:
    s = build(hands={LL: ["water"], SS: ["jewels"]}, actor=LL)
    s = act(s, ProposeTrade(target=SS))
    got = said(s)
    assert got["accept_trade"] == ("not_now", {"phase": "trade_offer"}), "the offer is made first"
    assert got["play_card"] == ("no_playing_now", {"phase": "trade_offer"})
    assert got["row"] == ("not_now", {"phase": "trade_offer"})
    assert "trade_card" not in got and "offer_trade" not in got and "decline_trade" not in got


def test_a_fight_joined() -> None:
    s = build(hands={LL: ["water"]}, actor=LL)
    s = act(act(s, SwapSeats(target=SS)), RefuseDemand(), SS)
    assert s.phase == "fight" and s.current == LL
    assert said(s)["join_fight"] == ("already_fighting", {}), "the attacker is on a side already"
    s = act(s, Done())
    assert s.current == SS and said(s)["join_fight"] == ("already_fighting", {})
    s = act(s, Done())
    assert s.current == CA and "join_fight" not in said(s), "sides to join"
    s = act(s, JoinFight(side="defender"))
    while s.current != CA:
        s = act(s, Done())
    assert said(s)["join_fight"] == ("already_fighting", {})


def test_navigating_without_a_compass() -> None:
    s = build(actor=KI)
    s = act(s, DoNothing())
    assert s.phase == "navigate"
    assert said(s)["compass"] == ("no_compass", {})
    s = build(face_up={KI: ["compass"]}, actor=KI)
    assert "compass" not in said(act(s, DoNothing()))


def test_overboard_without_a_preserver_or_chum() -> None:
    s = navigate_to(build(actor=KI), "N22")  # everyone overboard
    assert s.phase == "overboard"
    got = said(s)
    assert got["throw_life_preserver"] == ("no_life_preserver", {})
    assert got["use_chum"] == ("no_chum", {})
    assert "done" not in got
    # in the water with a face-up preserver: kept, not thrown
    s = navigate_to(build(face_up={LL: ["life_preserver"]}, actor=KI), "N22")
    while s.current != LL:
        s = act(s, Done())
    assert said(s)["throw_life_preserver"] == ("keep_your_preserver", {})


def test_thirst_without_water() -> None:
    s = build(rowed=(True, True, True, False, False, False), actor=KI)
    s = pass_window(navigate_to(s, "N13"))
    assert s.phase == "thirst"
    assert said(s)["give_water"] == ("no_water", {})


def test_an_empty_hand_plays_nothing() -> None:
    s = build(actor=LL)
    got = refusals(s)
    assert (got["play_card"].code, got["play_card"].target) == ("not_in_hand", None)


def test_only_the_seat_to_act_has_refusals() -> None:
    s = build(hands={LL: ["water"]}, actor=LL)
    assert RULES.view(s, LL).refusals
    assert all(RULES.view(s, seat).refusals == () for seat in range(1, 6))
    assert RULES.view(s, None).refusals == ()


# Random games: the kernel's own refusals, for every kind tried --------------------------------------------


def test_the_views_refusals_are_the_kernels_for_every_kind_tried() -> None:
    for players, seed in ((4, 1), (5, 2), (6, 3), (4, 4)):
        rng = random.Random(seed)
        options = LifeboatOptions(trading=seed != 4, rowing="variant" if seed == 2 else "standard")
        state = RULES.setup(("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")[:players], options, f"refusals-{seed}")
        codes: set[str] = set()
        while RULES.to_act(state):
            seat = state.current
            assert seat is not None
            view = RULES.view(state, seat)
            legal = RULES.legal_actions(state, seat)
            got = {r.kind: r for r in view.refusals}
            for name, tried in TRIED_ACTIONS.items():
                action, target = tried(state, seat)
                kind = action.kind
                has_legal = any(a.kind == kind and (name != "compass" or a.compass) for a in legal)
                if has_legal:
                    assert name not in got, (state.phase, name)
                    continue
                refused = RULES.refusal(state, seat, action)
                assert refused is not None, (state.phase, name, action)
                assert name in got, (state.phase, name)
                codes.add(got[name].code)
                if got[name].code == "alone_in_boat":  # said of the boat, not of the seat it was tried on
                    assert state.boat == (seat,) and got[name].target is None, (state.phase, name)
                    continue
                if got[name].code == "nothing_to_take":
                    assert refused.code == "nothing_in_hand" and got[name].target is None
                    assert not any(state.hands[t] or state.face_up[t] for t in state.boat if t != seat)
                    continue
                assert IllegalAction(got[name].code, **got[name].params) == refused, (state.phase, name)
                if refused.code != "not_now" and refused.code != "no_playing_now":
                    assert got[name].target == target
                codes.add(refused.code)
            state = RULES.apply(state, seat, rng.choice(legal))
        assert RULES.view(state, 0).refusals == ()
    assert {"not_now", "no_playing_now", "no_medical_kit", "no_closed_parasol", "no_flare_gun", "no_water"} <= codes


def test_refusals_tell_nothing_hidden() -> None:
    """The refusals are part of the View, which test_views.py resamples for every seat; here the same for a
    few positions deep into games, where more kinds are refused."""
    from .helpers import resample_hidden

    for seed in range(6):
        state = random_midgame(4 + seed % 3, seed, 120 + 20 * seed)
        if state.phase == "over":
            continue
        seat = state.current
        before = RULES.view(state, seat).refusals
        rng = random.Random(seed)
        for _ in range(3):
            assert RULES.view(resample_hidden(state, seat, rng), seat).refusals == before
