"""Lifeboat's counted blunders, each found where it happens and not in the near-identical sound game: a
fight taken on by the side that could not win it, water given away by someone it would have saved, and a
weapon kept in hand through a fight it would have turned."""

from __future__ import annotations

from typing import Any

from boardgames_tui import blunders
from boardgames_tui.engine.lifeboat.data import CARD_KEY
from boardgames_tui.engine.lifeboat.models import (
    AcceptDemand,
    Done,
    DoNothing,
    GiveWater,
    JoinFight,
    LifeboatState,
    Navigate,
    PlayCard,
    RefuseDemand,
    Rob,
    SwapSeats,
)
from boardgames_tui.engine.lifeboat.rules import RULES
from tests.engine.lifeboat.helpers import build, nav

from .helpers import steps_of

FOUR = ("lady_lauren", "sir_stephen", "captain", "first_mate")  # sizes 4, 5, 7, 8
LL, SS, CA, FM = range(4)


class Table:
    """A hand-made game: each action is taken by the seat whose decision it is; `found` lists the blunders
    of the record as (kind, seat, step)."""

    def __init__(self, state: LifeboatState) -> None:
        self.start = self.state = state
        self.moves: list[tuple[int, Any]] = []

    def do(self, *actions: Any) -> Table:
        for action in actions:
            seat = self.state.current
            assert seat is not None
            self.moves.append((seat, action))
            self.state = RULES.apply(self.state, seat, action)
        return self

    def done_until(self, seat: int) -> Table:
        while self.state.current != seat:
            self.do(Done())
        return self

    def close_window(self) -> Table:
        phase = self.state.phase
        while self.state.phase == phase:
            self.do(Done())
        return self

    @property
    def step(self) -> int:
        """The number of the latest step."""
        return len(self.moves)

    def play(self, seat: int, key: str) -> Table:
        card = next(c for c in self.state.hands[seat] if CARD_KEY[c] == key)
        return self.do(PlayCard(card=card))

    def found(self) -> list[tuple[str, int, int]]:
        return [(b.kind, b.seat, b.step) for b in blunders.find("lifeboat", steps_of(RULES, self.start, self.moves))]


# A fight started or joined on the side that could not win -----------------------------------------------


def robbed_lady(lady_hand: list[str], **extra: Any) -> Table:
    """The Captain (7) robs Lady Lauren (4); Sir Stephen and the First Mate are out cold, so nobody can
    join; the Captain's action first."""
    return Table(build(FOUR, hands={LL: lady_hand}, wounds={SS: 5, FM: 8}, actor=CA, **extra)).do(Rob(target=LL))


def test_refusing_a_fight_nobody_can_help_you_win_is_counted() -> None:
    table = robbed_lady(["water"]).do(RefuseDemand())
    refused = table.step
    table.close_window()
    assert table.state.wounds[LL] == 1
    assert table.found() == [("fight_certain_to_lose", LL, refused)]


def test_giving_in_or_holding_a_weapon_that_ties_is_not_counted() -> None:
    assert robbed_lady(["water"]).do(AcceptDemand()).found() == []
    # a knife in hand makes 4 + 3 = 7, a tie, which the defence wins: the refusal could win
    table = robbed_lady(["knife"]).do(RefuseDemand()).done_until(LL).play(LL, "knife").close_window()
    assert table.state.wounds == (0, 5, 1, 8), "the tie goes to the defence: the Captain is wounded"
    assert table.found() == []


def robbed_by_armed_mate(sir_stephen_hand: list[str]) -> Table:
    """The First Mate with a knife face up (11) robs Lady Lauren (4, a water in hand); Sir Stephen (5) is
    awake and may join, the Kid is out cold."""
    chars = ("lady_lauren", "sir_stephen", "first_mate", "kid")
    state = build(chars, hands={0: ["water"], 1: sir_stephen_hand}, face_up={2: ["knife"]}, wounds={3: 3}, actor=2)
    return Table(state).do(Rob(target=0))


def test_a_refusal_counts_only_when_no_hidden_card_could_swing_it() -> None:
    # Every weapon is face up or discarded: Lady Lauren and Sir Stephen together make 9 against 11 at best.
    table = robbed_by_armed_mate(["water"]).do(RefuseDemand())
    assert table.found() == [("fight_certain_to_lose", 0, 2)]
    # Sir Stephen's one card could be the gaffing hook (for all she knows, and it is): 9 + 4 = 13.
    assert robbed_by_armed_mate(["gaffing_hook"]).do(RefuseDemand()).found() == []


def kid_swaps_with_mate(kid_hand: list[str]) -> Table:
    """The Kid (3) wants the First Mate's (8) seat; Lady Lauren and Sir Stephen are out cold."""
    chars = ("lady_lauren", "sir_stephen", "first_mate", "kid")
    state = build(chars, hands={3: kid_hand}, wounds={0: 4, 1: 5}, actor=3)
    return Table(state).do(SwapSeats(target=2))


def test_a_demand_that_cannot_win_counts_once_it_is_refused() -> None:
    table = kid_swaps_with_mate(["water"]).do(RefuseDemand()).close_window()
    assert table.state.wounds[3] == 1
    assert table.found() == [("fight_certain_to_lose", 3, 1)]
    # given in to, the demand started no fight
    assert kid_swaps_with_mate(["water"]).do(AcceptDemand()).found() == []
    # with the flare gun in hand the Kid could win (3 + 8 = 11): sound, whatever he then does
    table = kid_swaps_with_mate(["flare_gun"]).do(RefuseDemand()).done_until(3).play(3, "flare_gun").close_window()
    assert table.state.wounds[2] == 1 and table.found() == []


def captain_joins_the_defence(lady_hand: list[str]) -> Table:
    """The First Mate (8) asks Lady Lauren (4) for her seat; she refuses; Sir Stephen (5) joins the attack
    (13); then the Captain (7, a water in hand) joins the defence and everyone passes."""
    state = build(FOUR, hands={LL: lady_hand, CA: ["water"]}, actor=FM)
    table = Table(state).do(SwapSeats(target=LL), RefuseDemand())
    table.done_until(SS).do(JoinFight(side="attacker")).done_until(CA).do(JoinFight(side="defender"))
    return table


def test_joining_a_side_that_cannot_win_is_counted() -> None:
    table = captain_joins_the_defence([])
    joined = table.step
    table.close_window()
    assert table.state.wounds == (1, 0, 1, 0), "4 + 7 = 11 against 13: both defenders wounded"
    assert table.found() == [("fight_certain_to_lose", CA, joined)]


def test_joining_counts_when_the_hidden_card_could_not_be_enough() -> None:
    # Lady Lauren's one card could at best be an oar (every other weapon is discarded): 12 against 13.
    table = captain_joins_the_defence(["oar"])
    joined = table.step
    assert table.close_window().found() == [("fight_certain_to_lose", CA, joined)]


def test_joining_a_side_that_can_still_win_is_not_counted() -> None:
    # Lady Lauren's card could be the knife (it is): 11 + 3 = 14 against 13; she plays it and they win.
    table = captain_joins_the_defence(["knife"]).done_until(LL).play(LL, "knife").close_window()
    assert table.state.wounds == (0, 1, 0, 1)
    assert table.found() == []


# A weapon kept in hand through a fight it would have won ---------------------------------------------------


def test_a_weapon_kept_through_a_lost_fight_it_would_have_turned_is_counted() -> None:
    # Lady Lauren keeps her knife: 11 against 13 lost, where 14 would have won.
    table = captain_joins_the_defence(["knife"]).done_until(LL).do(Done())
    kept = table.step
    table.close_window()
    assert table.state.wounds == (1, 0, 1, 0)
    assert table.found() == [("weapon_kept_in_lost_fight", LL, kept)]


def test_a_weapon_too_small_to_turn_it_is_not_counted() -> None:
    # the oar (1) would make 12 against 13: lost either way; only the Captain's join is counted
    table = captain_joins_the_defence(["oar"]).close_window()
    assert [kind for kind, _, _ in table.found()] == ["fight_certain_to_lose"]


def test_a_weapon_held_by_someone_who_stayed_out_is_not_counted() -> None:
    # The Captain (7) robs Lady Lauren (4); Sir Stephen stays out with the gaffing hook in hand.
    state = build(FOUR, hands={LL: ["water"], SS: ["gaffing_hook"]}, wounds={FM: 8}, actor=CA)
    table = Table(state).do(Rob(target=LL), RefuseDemand()).close_window()
    assert table.state.wounds[LL] == 1
    assert table.found() == [], "her refusal could have won had Sir Stephen joined with his card"


# Water given away while dying of thirst ------------------------------------------------------------------


def frenchy_gives_water(wounds: int, waters: int, **extra: Any) -> Table:
    """N05: Frenchy falls in (no wound for him) and Lady Lauren, Sir Stephen, the Captain, the First Mate
    and Frenchy are thirsty, one each. Frenchy (size 6) gives a water to the Captain."""
    state = build(hands={4: ["water"] * waters}, wounds={4: wounds}, nav_deck=[nav("N05")], actor=5, **extra)
    table = Table(state).do(DoNothing(), Navigate()).close_window()
    assert table.state.phase == "thirst" and table.state.thirst[4] == 1
    return table.done_until(4).do(GiveWater(target=2))


def test_water_given_away_by_one_it_would_have_kept_conscious_is_counted() -> None:
    table = frenchy_gives_water(wounds=5, waters=1)
    given = table.step
    table.close_window()
    assert table.state.wounds[4] == 6, "unconscious"
    assert table.found() == [("water_given_while_dying", 4, given)]


def test_water_given_away_at_no_risk_or_to_ones_love_is_not_counted() -> None:
    assert frenchy_gives_water(wounds=0, waters=1).found() == [], "one wound of six: not dying"
    assert frenchy_gives_water(wounds=5, waters=2).found() == [], "the water kept pays his own thirst"
    loves_captain = ("lady_lauren", "sir_stephen", "captain", "first_mate", "captain", "kid")
    assert frenchy_gives_water(wounds=5, waters=1, love=loves_captain).found() == []
