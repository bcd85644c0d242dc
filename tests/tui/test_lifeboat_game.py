"""Lifeboat by key presses: a refused swap becomes a fight someone joins (resumed in a second app halfway),
the draft, a trade, a life preserver thrown overboard then thirst paid with another player's water; every
legal action is reachable from the menus; the private screen fits 80x24 and shows nothing of the others."""

from __future__ import annotations

import random
from itertools import product
from typing import Any

import pytest

from boardgames_tui.engine.lifeboat.data import CARD_KEY, CARD_TYPE, LIFE_PRESERVER, card_name
from boardgames_tui.engine.lifeboat.models import LifeboatOptions
from boardgames_tui.engine.lifeboat.rules import RULES
from boardgames_tui.engine.saves import SavedGame
from boardgames_tui.tui.games.lifeboat.screen import LifeboatTurnScreen
from boardgames_tui.tui.session import HotseatSession

from ..engine.lifeboat.helpers import build, nav, random_midgame, resample_hidden
from .helpers import rendered, resume_state, screen_text, take_device, wait_for_handoff, wait_until

FOUR = ("lady_lauren", "sir_stephen", "captain", "first_mate")  # seats 0-3 = Ana, Ben, Cy, Dee, bow to stern
ANA, BEN, CY, DEE = range(4)


def shown(app) -> str:
    """The screen's text without whitespace (the screenshot drops some spaces between styled parts)."""
    return "".join(screen_text(app).split())


def has(app, *needles: str) -> bool:
    text = shown(app)
    return all("".join(needle.split()) in text for needle in needles)


async def hand_over(app, pilot, seat: int) -> LifeboatTurnScreen:
    """Wait for the handoff to `seat`, take the device, return their turn screen."""
    handoff = await wait_for_handoff(app, pilot, f"the handoff to seat {seat}")
    assert app.session.players[seat] in screen_text(app)
    await take_device(app, pilot)
    await wait_until(pilot, lambda: isinstance(app.screen, LifeboatTurnScreen) and app.screen is not handoff, "a turn screen")
    screen = app.screen
    assert isinstance(screen, LifeboatTurnScreen) and screen.seat == seat
    return screen


async def test_a_refused_swap_is_a_fight_that_another_player_joins_resumed_halfway(make_app) -> None:
    state = build(FOUR, hands={ANA: ["knife"], CY: ["water"]})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        await pilot.press("s")  # swap seats…
        assert has(app, "Swap seats with")
        await pilot.press("1")  # Ben (Sir Stephen), the next in the boat
        assert session._state.phase == "respond"
        await hand_over(app, pilot, BEN)
        assert has(app, "Ana (Lady Lauren) wants to swap seats with you")
        await pilot.press("n")  # refuse: a fight
        assert session._state.phase == "fight"
        await hand_over(app, pilot, ANA)
        await pilot.press("p")  # the knife, face up: +3 for the attackers
        assert session._state.face_up[ANA] != () and app.screen.seat == ANA
        assert has(app, "attackers Ana = 7")
        await pilot.press("d")
        await hand_over(app, pilot, BEN)
        await pilot.press("d")
        screen = await hand_over(app, pilot, CY)
        assert has(app, "join the attackers (7 → 14)", "join the defenders (5 → 12)")
        await pilot.press("2")  # Cy joins the defenders; still Cy's turn in the window
        assert session._state.defenders == (BEN, CY) and app.screen is screen, (app.screen, screen, app.screen_stack)
        assert has(app, "defenders Ben, Cy = 12")
        path = session.save_path
    # The terminal closes in the middle of the fight; the game goes on from the save.
    second = make_app()
    async with second.run_test(size=(100, 30)) as pilot:
        loaded = second.store.load(path)
        assert isinstance(loaded, SavedGame)
        resumed = HotseatSession.resume(loaded, second.store)
        await second.start_session(resumed)
        await take_device(second, pilot)
        screen = second.screen
        assert isinstance(screen, LifeboatTurnScreen) and screen.seat == CY and screen.view.phase == "fight"
        assert has(second, "You fight with the defenders")
        await pilot.press("d")
        for seat in (DEE, ANA, BEN):
            await hand_over(second, pilot, seat)
            await pilot.press("d")
        await wait_until(pilot, lambda: resumed._state.phase != "fight", "the fight to end")
        final = resumed._state
        assert final.wounds[ANA] == 1 and final.wounds[BEN] == 0 and final.wounds[CY] == 0
        assert final.fought[ANA] and final.fought[BEN] and final.fought[CY] and not final.fought[DEE]
        assert final.boat == state.boat  # the defenders won: no swap
        assert any("the defenders win" in entry.public for entry in final.log)


async def test_the_draft_by_number_and_by_mouse_and_the_handoff_shows_nothing_private(make_app) -> None:
    state = RULES.setup(("Ana", "Ben", "Cy", "Dee"), LifeboatOptions(), "draft-test")
    first = state.current
    draft = state.draft
    types = sorted({CARD_TYPE[c] for c in draft})  # the menu lists one card per kind, in card order
    assert len(types) >= 2
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        assert has(app, "Keep one of the 4 supply cards")
        await pilot.press("2")
        kept = [c for c in session._state.hands[first] if c not in state.hands[first]]
        assert len(kept) == 1 and CARD_TYPE[kept[0]] == types[1]
        await wait_for_handoff(app, pilot)
        handoff = screen_text(app)
        assert "Your Love" not in handoff and "your Hate" not in handoff  # the public setup line names the cards, not whose
        for hand in session._state.hands:
            for card in hand:
                assert card_name(card) not in handoff
        await take_device(app, pilot)
        second = app.screen
        assert isinstance(second, LifeboatTurnScreen) and has(app, "Keep one of the 3 supply cards")
        before = session._state
        await pilot.click("#prompt", offset=(2, 1))  # the first entry of the menu
        await wait_until(pilot, lambda: session._state is not before, "the click to keep a card")
        assert session._state.drafters[0] != second.seat


async def test_a_trade_offered_answered_and_confirmed(make_app) -> None:
    state = build(FOUR, hands={ANA: ["water", "knife"], BEN: ["bundle_of_cash", "compass"]})
    knife = next(c for c in state.hands[ANA] if CARD_KEY[c] == "knife")
    cash = next(c for c in state.hands[BEN] if CARD_KEY[c] == "bundle_of_cash")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        await pilot.press("t", "1")  # propose a trade to Ben
        assert session._state.phase == "trade_offer" and app.screen is screen
        while screen._cursor_card() != knife:
            await pilot.press("right")
        await pilot.press("space")
        assert session._state.trade_give == (knife,)
        assert has(app, "You give: Knife +3")
        await pilot.press("o")
        await hand_over(app, pilot, BEN)
        assert has(app, "Ana offers Knife +3")
        while app.screen._cursor_card() != cash:
            await pilot.press("right")
        await pilot.press("space", "a")
        await hand_over(app, pilot, ANA)
        assert has(app, "you give Knife +3 and get Cash")
        await pilot.press("a")
        assert session._state.phase == "action" and session._state.current == ANA
        assert knife in session._state.hands[BEN] and cash in session._state.hands[ANA]
        await pilot.press("t")  # one proposal per partner and turn: Ben is no longer offered
        labels = [e.label.plain for e in app.screen.menu.entries]
        assert len(labels) == 2 and not any(label.startswith("Ben") for label in labels)
        await pilot.press("escape")
        await pilot.press("d")  # do nothing: Ben's action next
        await hand_over(app, pilot, BEN)


async def test_a_life_preserver_thrown_overboard_then_thirst_paid_with_anothers_water(make_app) -> None:
    # N01: the Captain (Cy) falls in and is thirsty. Ana holds the life preserver, Ben a water.
    state = build(
        FOUR,
        hands={ANA: ["life_preserver"], BEN: ["water"]},
        phase="navigate",
        row_pile=(nav("N01"),),
        current=DEE,
    )
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        assert has(app, "You navigate")
        await pilot.press("n")
        assert session._state.phase == "overboard"
        await hand_over(app, pilot, ANA)
        assert has(app, "In the water: Cy")
        await pilot.press("1")  # throw the life preserver to Cy
        assert LIFE_PRESERVER in session._state.face_up[CY]
        await pilot.press("d")
        for seat in (BEN, CY, DEE):
            await hand_over(app, pilot, seat)
            await pilot.press("d")
        await wait_until(pilot, lambda: session._state.phase == "thirst", "the thirst window")
        assert session._state.wounds[CY] == 0  # the preserver spared the fall
        await hand_over(app, pilot, ANA)
        assert has(app, "Thirsty: Cy ×1")
        await pilot.press("d")
        await hand_over(app, pilot, BEN)
        await pilot.press("1")  # Ben's water for Cy: nobody is thirsty any more
        await wait_until(pilot, lambda: session._state.phase != "thirst", "the thirst window to close")
        final = session._state
        assert final.wounds[CY] == 0 and final.hands[BEN] == () and final.round == state.round + 1


# Every legal action has a key -----------------------------------------------------------------------------


def reachable(view: Any) -> set[Any]:
    """Every action the screen can submit for `view`: menus and sub-menus, the hand cursor, the rowed cards."""
    screen = LifeboatTurnScreen(view, game_id="lifeboat", title="Lifeboat")
    got: list[Any] = []
    screen.submit = got.append  # type: ignore[method-assign]
    for name in ("_draw_menu", "_draw_own", "refresh_bindings"):
        setattr(screen, name, lambda: None)
    screen.set_status = lambda text: None  # type: ignore[method-assign]
    screen.show_error = lambda reason: None  # type: ignore[method-assign]

    def walk() -> None:
        menu = screen.menus[-1]
        for entry in list(menu.entries):
            depth = len(screen.menus)
            entry.run()
            if len(screen.menus) > depth:
                walk()
                screen.menus.pop()

    walk()
    for combo in product((True, False), repeat=len(view.drawn or ())):
        screen.to_pile = list(combo)
        screen._place_rowed()
    for i in range(len(screen._hand)):
        screen.cursor = i
        screen.action_play()
        screen.action_trade_card()
    return set(got)


@pytest.mark.parametrize("players", [4, 5, 6])
def test_every_legal_action_is_reachable_from_the_keys(players: int) -> None:
    seen: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        state = RULES.setup(("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")[:players], LifeboatOptions(), f"keys-{seed}")
        while RULES.to_act(state):
            seat = state.current
            view = RULES.view(state, seat)
            assert reachable(view) == set(view.legal_actions), (state.phase, view.legal_actions)
            seen.add(state.phase)
            state = RULES.apply(state, seat, rng.choice(view.legal_actions))
    assert {"draft", "action", "respond", "fight", "row", "navigate", "overboard", "thirst"} <= seen


# The screen fits, and shows nothing it should not ------------------------------------------------------------


def crowded() -> Any:
    """Six players, plenty face up, someone unconscious, a fight going on."""
    state = build(
        hands={0: ["water", "knife", "jewels"], 1: ["compass", "bundle_of_cash"], 2: ["painting_3"], 4: ["jewels"]},
        face_up={0: ["oar"], 1: ["medical_kit", "water"], 2: ["oar", "blackjack"], 3: ["gaffing_hook"], 5: ["parasol"]},
        wounds={3: 8, 4: 2},
    )
    state = RULES.apply(state, 0, next(a for a in RULES.legal_actions(state, 0) if a.kind == "rob" and a.target == 1 and a.card is None))
    return RULES.apply(state, 1, next(a for a in RULES.legal_actions(state, 1) if a.kind == "refuse_demand"))


@pytest.mark.parametrize(
    ("state", "keys"),
    [
        (crowded(), ()),
        (build(hands={0: ["water", "knife", "jewels", "oar"]}, face_up={1: ["blackjack"], 2: ["oar"]}, wounds={2: 1}), ("b",)),
        (build(face_up={0: ["oar"]}), ("o",)),  # three rowed cards to place
        (build(phase="pick", row_pile=tuple(nav(f"N{i:02d}") for i in (5, 16, 23, 13, 14, 8)), current=5), ()),
    ],
    ids=["fight", "rob-menu", "rowing", "pick-six"],
)
async def test_the_private_screen_fits_80x24(make_app, state, keys) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_state(app, pilot, state)
        if keys:
            await pilot.press(*keys)
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LifeboatTurnScreen)
        body = screen.query_one("#lb-body")
        assert body.max_scroll_y == 0, "the boat and the situation need no scrolling"
        for entry in screen.menu.entries:
            label = entry.label if isinstance(entry.label, str) else entry.label.plain
            assert has(app, label)
        assert has(app, "Love:", "Hand:")
        for widget in (screen.query_one("#lb-own"), screen.query_one("#prompt"), body):
            assert widget.region.bottom <= 23  # above the key bar


async def test_the_private_screen_does_not_depend_on_the_others_secrets() -> None:
    # Jewels and the compass are only ever in the others' hands; Ana holds water and a knife.
    state = build(
        FOUR,
        hands={ANA: ["water", "knife"], BEN: ["jewels", "compass"], CY: ["jewels"], DEE: ["jewels", "painting_3"]},
        face_up={BEN: ["oar"]},
        love=("kid", "captain", "frenchy", "sir_stephen"),
        hate=("first_mate", "lady_lauren", "kid", "frenchy"),
    )
    view = RULES.view(state, ANA)
    for keys in ((), ("b",), ("t",)):
        text = await rendered(LifeboatTurnScreen, view, keys)
        for seed in range(2):
            other = resample_hidden(state, ANA, random.Random(seed))
            assert other.hands[BEN] != state.hands[BEN] or other.love != state.love
            assert await rendered(LifeboatTurnScreen, RULES.view(other, ANA), keys) == text
        assert "Jewels" not in text and "Compass" not in text and "Painting" not in text
        assert text.count("Love:") == 1 and text.count("Hate:") == 1
        assert "Love: The Kid" in text and "Hate: First Mate" in text
    hidden = await rendered(LifeboatTurnScreen, view, ("h",))
    assert "Love:" not in hidden and "Hate:" not in hidden and "h shows them" in hidden


def test_the_results_list_every_item_with_love_and_hate() -> None:
    state = random_midgame(4, 7, 10_000)
    assert state.phase == "over"
    outcome = RULES.outcome(state)
    assert outcome is not None and len(outcome.details) == 4
    for line in outcome.details:
        for word in ("survival", "treasure", "love (", "hate ("):
            assert word in line


async def test_h_hides_love_and_hate_everywhere_on_the_private_screen(make_app) -> None:
    from boardgames_tui.engine.lifeboat.models import LifeboatOptions
    from boardgames_tui.tui.session import HotseatSession

    from .helpers import take_device

    app = make_app()
    async with app.run_test(size=(140, 45)) as pilot:
        session = HotseatSession.new("lifeboat", ["Ana", "Ben", "Cyd", "Dee"], LifeboatOptions(), app.store, seed="h")
        await app.start_session(session)
        await pilot.pause()
        await take_device(app, pilot)
        await pilot.pause()
        assert "Your Love card" in screen_text(app)  # the setup line in the recent log names them
        await pilot.press("h")
        await pilot.pause()
        assert "Your Love card" not in screen_text(app)
        await pilot.press("h")
        await pilot.pause()
        assert "Your Love card" in screen_text(app)


async def test_the_handoff_offers_the_public_table_to_anyone_watching(make_app) -> None:
    from boardgames_tui.engine.lifeboat.data import CHARACTER_NAMES
    from boardgames_tui.tui.screens.panel import PanelScreen
    from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
    from boardgames_tui.tui.session import HotseatSession

    from .helpers import wait_for_handoff

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = HotseatSession.new("lifeboat", ["Ana", "Ben", "Cyd", "Dee"], LifeboatOptions(), app.store, seed="t")
        await app.start_session(session)
        handoff = await wait_for_handoff(app, pilot)
        await pilot.press("t")
        table = app.screen
        assert isinstance(table, PanelScreen) and not table.PRIVATE
        text = screen_text(app)
        assert "Seagulls" in text and all(name in text for name in ("Ana", "Ben", "Cyd", "Dee"))
        assert sum(name in text for name in CHARACTER_NAMES) >= 4  # the boat, bow to stern
        assert "Your Love card" not in text and "your Hate card" not in text  # nobody's secrets, nobody's hand
        assert not [card_name(card) for card in range(42) if card_name(card) in text]  # no card in anyone's hand
        await pilot.press("t")  # the same key closes it
        assert app.screen is handoff
        await wait_until(pilot, lambda: handoff.armed, "the handoff to arm again")


async def test_games_without_a_public_table_do_not_offer_one(make_app) -> None:
    from boardgames_tui.engine.hanabi.models import HanabiOptions
    from boardgames_tui.tui.session import HotseatSession

    from .helpers import wait_for_handoff

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), app.store, seed="t")
        await app.start_session(session)
        handoff = await wait_for_handoff(app, pilot)
        await pilot.press("t")
        assert app.screen is handoff and "Table" not in screen_text(app)
