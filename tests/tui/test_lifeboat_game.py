"""Lifeboat by key presses: a refused swap becomes a fight someone joins (resumed in a second app halfway),
the draft, a trade, a life preserver thrown overboard then thirst paid with another player's water; every
legal action is reachable from the menus; the private screen fits 80x24 and shows nothing of the others."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import product
from typing import Any

import pytest

from boardgames_tui.engine.lifeboat.data import CARD_KEY, CARD_TYPE, LIFE_PRESERVER
from boardgames_tui.engine.lifeboat.models import LifeboatOptions
from boardgames_tui.engine.lifeboat.rules import RULES
from boardgames_tui.engine.saves import SavedGame
from boardgames_tui.narration.lifeboat import CHARACTER_NAMES, LifeboatNarrator, card_name
from boardgames_tui.tui.games.lifeboat.screen import LifeboatTurnScreen
from boardgames_tui.tui.session import HotseatSession

from ..engine.lifeboat.helpers import build, nav, random_midgame, resample_hidden
from .helpers import rendered, resume_state, screen_text, take_device, wait_for_handoff, wait_until, reload_made_up

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
        await pilot.press("p", "p")  # the knife, face up (p asks first): +3 for the attackers
        assert session._state.face_up[ANA] != ()
        # Ana's hand is empty now and Ben's was: with nothing more to add, both are done without being asked
        screen = await hand_over(app, pilot, CY)
        assert has(app, "attackers Ana = 7", "Ana (Lady Lauren) is done", "Ben (Sir Stephen) passes")
        assert has(app, "join the attackers (7 → 14)", "join the defenders (5 → 12)")
        await pilot.press("2")  # Cy joins the defenders; still Cy's turn in the window
        assert session._state.defenders == (BEN, CY) and app.screen is screen, (app.screen, screen, app.screen_stack)
        assert has(app, "defenders Ben, Cy = 12")
        path = session.save_path
    # The terminal closes in the middle of the fight; the game goes on from the save.
    second = make_app()
    async with second.run_test(size=(100, 30)) as pilot:
        loaded = reload_made_up(path)  # began from a made-up state
        assert isinstance(loaded, SavedGame)
        resumed = HotseatSession.resume(loaded, second.store)
        await second.start_session(resumed)
        await take_device(second, pilot)
        screen = second.screen
        assert isinstance(screen, LifeboatTurnScreen) and screen.seat == CY and screen.view.phase == "fight"
        assert has(second, "You fight with the defenders")
        await pilot.press("d")
        await hand_over(second, pilot, DEE)  # Dee may still join; Ana and Ben have nothing left to add
        await pilot.press("d")
        await wait_until(pilot, lambda: resumed._state.phase != "fight", "the fight to end")
        final = resumed._state
        assert final.wounds[ANA] == 1 and final.wounds[BEN] == 0 and final.wounds[CY] == 0
        assert final.fought[ANA] and final.fought[BEN] and final.fought[CY] and not final.fought[DEE]
        assert final.boat == state.boat  # the defenders won: no swap
        assert any("the defenders win" in line for line in resumed.log_lines(None))


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
        while screen.choices.cursor_card(screen.step) != knife:
            await pilot.press("right")
        await pilot.press("space")
        assert session._state.pending.give == (knife,)  # type: ignore[union-attr]
        assert has(app, "You give: Knife +3")
        await pilot.press("o")
        await hand_over(app, pilot, BEN)
        assert has(app, "Ana offers Knife +3")
        while app.screen.choices.cursor_card(app.screen.step) != cash:
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
        # Dee navigates with an empty hand and no compass: "navigate" is all she can do, in plain sight, so
        # the game does it for her (and the overboard window opens at once).
        assert session._state.phase == "overboard"
        assert isinstance(app.screen, LifeboatTurnScreen) and app.screen.seat == ANA  # first to answer
        assert has(app, "In the water: Cy")
        await pilot.press("1")  # throw the life preserver to Cy
        assert LIFE_PRESERVER in session._state.face_up[CY]
        # Ana's hand is empty now: she is done without being asked. Ben holds a card: asked.
        await hand_over(app, pilot, BEN)
        await pilot.press("d")
        # Cy (in the water, keeping the preserver) and Dee hold nothing: the overboard window closes; the
        # thirst window skips Ana too and comes back to Ben's screen, still in front of the table.
        await wait_until(pilot, lambda: session._state.phase == "thirst", "the thirst window")
        assert session._state.wounds[CY] == 0  # the preserver spared the fall
        assert session._state.current == BEN and app.screen.seat == BEN
        await pilot.pause()
        assert has(app, "Thirsty: Cy ×1")
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

    def walk() -> None:
        for entry in list(screen.menu.entries):
            before = screen.step
            screen._run(entry)
            if len(screen.menus) > len(before.opened) + 1:
                walk()
            screen.step = before

    walk()
    for combo in product((True, False), repeat=len(view.drawn or ())):
        screen.step = replace(screen.step, to_pile=combo)
        screen.action_activate_highlight()  # "place them"
    for i in range(len(screen.choices.hand)):
        screen.step = replace(screen.step, cursor=i)
        before = screen.step
        screen.action_play()  # asks
        screen.action_play()  # puts it face up
        screen.step = before
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


SHORT = ("Lauren", "Stephen", "Captain", "First Mate", "Frenchy", "Kid")


def state_results(state: Any) -> Any:
    results = RULES.view(state, None).results
    assert results is not None
    return results


def test_the_results_list_every_item_with_love_and_hate() -> None:
    state = random_midgame(4, 7, 10_000)
    assert state.phase == "over"
    outcome = RULES.outcome(state)
    assert outcome is not None and len(outcome.details) == 4
    lines = {line.seat: line for line in state_results(state)}
    narrator = LifeboatNarrator(state.players)
    for detail in outcome.details:
        line = narrator.say(detail)
        seat = next(x for x, player in enumerate(state.players) if line.startswith(player + " ("))
        status = lines[seat].status
        # what the status rules out is not listed: no survival for the dead, no treasure either when lost
        assert ("survival" in line) == (status in ("conscious", "unconscious"))
        assert ("treasure" in line) == (status != "lost") and ("lost at sea" in line) == (status == "lost")
        for mark, card in (("♥", state.love[seat]), ("✖", state.hate[seat])):
            shown = "self" if card == state.characters[seat] else SHORT[card]
            assert f"{mark} {shown} " in line, line


async def test_the_handoff_offers_the_public_table_to_anyone_watching(make_app) -> None:
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


# Issue 11: nothing crashes, nothing is silent, nothing is cut ------------------------------------------------

HOSTILE = ("[b]Al[/i]", "[dad]", "\\", "[@click=app.quit]", "全角全角全角全角全角全角全角全角", "Wwwwwwwwwwwwwwww")


def squeezed(text: str) -> str:
    """The text without whitespace nor box borders: a line wrapped inside a frame reads as one."""
    return "".join(text.replace("║", "").split())


async def test_h_hides_love_and_hate_on_every_screen_of_the_seat(make_app) -> None:
    """The View keeps the seat's secret note (Love and Hate) apart from the public line and the other notes:
    with h, the panel, the recent log and the full log (l) all leave it out; the supply card note stays."""
    from boardgames_tui.tui.screens.log import LogScreen

    app = make_app()
    async with app.run_test(size=(140, 45)) as pilot:
        session = HotseatSession.new("lifeboat", ["Ana", "Ben", "Cyd", "Dee"], LifeboatOptions(), app.store, seed="h")
        await app.start_session(session)
        await pilot.pause()
        await take_device(app, pilot)
        screen = app.screen
        seat = screen.seat
        state = session._state
        love = f"Your Love card: {CHARACTER_NAMES[state.love[seat]]}"
        supply = f"Your supply card: {card_name(state.hands[seat][0])}"
        assert love in screen_text(app) and has(app, supply)
        await pilot.press("l")
        assert isinstance(app.screen, LogScreen) and love in screen_text(app)
        await pilot.press("escape")
        await pilot.press("h")
        text = screen_text(app)
        assert "Your Love card" not in text and "your Hate card" not in text and "Love:" not in text
        assert has(app, supply), "the other private notes stay"
        await pilot.press("l")
        assert isinstance(app.screen, LogScreen)
        text = screen_text(app)
        assert "Your Love card" not in text and "your Hate card" not in text
        assert has(app, "Everyone gets a secret Love card", supply, "(your Love and Hate: hidden, h shows them)")
        await pilot.press("escape")
        await pilot.press("h")
        await pilot.press("l")
        assert love in screen_text(app)
        await pilot.press("escape", "h")
        # Hidden stays hidden on the seat's next turn: the draft goes round, then the bow seat acts first.
        await pilot.press("1")
        for _ in range(2):
            drafter = session._state.current
            await hand_over(app, pilot, drafter)
            await pilot.press("1")
        await hand_over(app, pilot, seat)
        text = screen_text(app)
        assert session._state.phase == "action" and "Love:" not in text and "h shows them" in text


async def test_only_the_characters_aboard_are_ever_named(make_app) -> None:
    # Four players: Frenchy and the Kid are not aboard. N05 throws the Kid overboard, N07 Frenchy and makes
    # Lady Lauren, the Captain and First Mate thirsty: read for this boat, nobody goes overboard.
    cards = tuple(nav(card) for card in ("N05", "N07", "N12", "N16"))
    # Ana holds a card, so the thirst window asks her (empty-handed, she would be spared it)
    state = build(FOUR, phase="pick", row_pile=cards, current=DEE, hands={ANA: ["bundle_of_cash"]})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        text = screen_text(app)
        assert "Kid" not in text and "Frenchy" not in text
        assert has(app, "N05 over: none thirst: all +rowers", "N07 over: none thirst: Lauren,Captain,Mate")
        await pilot.press("2")  # N07: everyone but Sir Stephen is thirsty
        await hand_over(app, pilot, ANA)
        assert "Kid" not in screen_text(app) and "Frenchy" not in screen_text(app)
        assert has(app, "Thirsty: Ana ×1, Cy ×1, Dee ×1")
        assert not any("Kid" in line or "Frenchy" in line for line in session.log_lines(None))


def long_names_action() -> Any:
    return build(
        hands={0: ["knife", "water", "medical_kit"], 1: ["jewels"], 2: ["water"]},
        face_up={1: ["oar", "blackjack"], 2: ["oar"]},
        wounds={3: 2},
        players=HOSTILE,
    )


@pytest.mark.parametrize(
    ("state", "keys"),
    [
        (long_names_action(), ()),
        (long_names_action(), ("b",)),
        (long_names_action(), ("t", "1")),
        (crowded().model_copy(update={"players": HOSTILE}), ()),
        (RULES.setup(HOSTILE, LifeboatOptions(), "long-names"), ()),
    ],
    ids=["action", "rob-menu", "trade", "fight", "draft"],
)
async def test_at_80x24_nothing_is_cut_even_with_long_names(make_app, state, keys) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_state(app, pilot, state)
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        text = screen_text(app)
        for submenu in ("seats…", "rob…", "kit…", "trade…"):  # the entries that open a sub-menu end with …
            text = text.replace(submenu, "")
        assert "…" not in text, "an ellipsis means something was cut"
        for name in HOSTILE:
            assert squeezed(name) in squeezed(text), name
        screen = app.screen
        assert f"{state.players[screen.seat]}'s private screen" in text or state.players[screen.seat] in text
        bar = text.rstrip().splitlines()[-1]
        assert all(shared in bar for shared in ("? Help", "r Rules", "l Log", "q Menu")), bar
        assert screen.query_one("#lb-body").max_scroll_y == 0
        for widget in (screen.query_one("#lb-own"), screen.query_one("#prompt")):
            assert widget.region.bottom <= 23  # above the key bar


async def test_the_results_fit_80x24_with_six_players_and_say_why_the_game_ended(make_app) -> None:
    from boardgames_tui.engine.saves import SCHEMA_VERSION, SaveFile
    from boardgames_tui.tui.screens.results import ResultsScreen

    names = ("[b]Al[/i]", "[dad]", "\\", "[@click=app.quit]", "Chloé", "Zoë")
    state = random_midgame(6, 3, 10_000).model_copy(update={"players": names})
    assert state.phase == "over"
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save = SaveFile(
            schema_version=SCHEMA_VERSION, save_id="over", game_id="lifeboat", players=names,
            options=state.options.model_dump(), seed=state.seed, state=state.model_dump(mode="json"),
            created_at="2026-01-01T00:00:00+00:00", updated_at="2026-01-01T00:00:00+00:00",
        )  # fmt: skip
        await app.start_session(HotseatSession.resume(SavedGame(app.store.path_for("over"), save, state), app.store))
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await pilot.pause()
        outcome = RULES.outcome(state)
        assert outcome is not None
        narrator = LifeboatNarrator(names)
        assert narrator.say(outcome.headline).startswith("Land at the fourth seagull:")
        text = squeezed(screen_text(app))
        for line in (narrator.say(outcome.headline), *(narrator.say(d) for d in outcome.details)):
            assert squeezed(line) in text, line
        # The reveal under the scores may scroll; the headline and details above are checked in view.


async def test_the_handoff_after_a_fight_tells_the_whole_fight(make_app) -> None:
    state = build(FOUR, hands={ANA: ["water"]})
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = await resume_state(app, pilot, state)
        await pilot.press("s", "1")  # Ana (size 4) wants Ben's seat; Ben (size 5) refuses: a fight
        await hand_over(app, pilot, BEN)
        await pilot.press("n")
        for seat in (ANA, CY, DEE):  # Ben, defending with an empty hand, has nothing to add: not asked
            await hand_over(app, pilot, seat)
            await pilot.press("d")
        await wait_for_handoff(app, pilot, "the handoff to Ben, who acts next")
        assert session._state.actor == BEN
        text = squeezed(screen_text(app))
        for line in (
            "Ben (Sir Stephen) passes",
            "Cy (The Captain) passes",
            "Dee (First Mate) passes",
            "The fight ends: attackers Ana (Lady Lauren) 4, defenders Ben (Sir Stephen) 5: the defenders win",
            "Ana (Lady Lauren) takes 1 wound (lost the fight)",
        ):
            assert squeezed(line) in text, line


async def test_hostile_names_show_as_typed_on_every_lifeboat_screen(make_app) -> None:
    from boardgames_tui.tui.screens.log import LogScreen
    from boardgames_tui.tui.screens.panel import PanelScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = HotseatSession.new("lifeboat", list(HOSTILE), LifeboatOptions(), app.store, seed="hostile")
        await app.start_session(session)
        await wait_for_handoff(app, pilot)
        assert squeezed(session.players[session._state.current]) in squeezed(screen_text(app))
        await pilot.press("t")  # the public table
        assert isinstance(app.screen, PanelScreen)
        for name in HOSTILE:
            assert squeezed(name) in squeezed(screen_text(app)), name
        await pilot.press("t")
        await take_device(app, pilot)
        for name in HOSTILE:
            assert squeezed(name) in squeezed(screen_text(app)), name
        await pilot.press("l")
        assert isinstance(app.screen, LogScreen)
        assert all(squeezed(name) in squeezed(screen_text(app)) for name in HOSTILE)
        await pilot.press("escape")
        await pilot.press("1")  # keep a card: the next handoff names the next drafter as typed
        handoff = await wait_for_handoff(app, pilot)
        assert squeezed(session.players[session._state.current]) in squeezed(screen_text(app))
        assert handoff.is_attached


def test_a_new_marker_is_set_off_from_the_older_ones_before_it() -> None:
    # A tester read "RF✦T1" as one more status marker.
    from boardgames_tui.tui.games.lifeboat import render

    view = RULES.view(build(("lady_lauren", "sir_stephen", "captain", "first_mate")), 0)
    seat = view.seats[0].model_copy(update={"rowed": True, "fought": True, "thirst": 1})
    assert view.navigator != 0
    fresh = render.Changes(flags={0: frozenset({"T1"})})
    assert render.flags(view, seat, fresh).plain == "RF ✦T1"
    assert render.flags(view, seat).plain == "RFT1", "nothing new: the markers as they are"
    first_new = render.Changes(flags={0: frozenset({"R"})})
    assert render.flags(view, seat, first_new).plain == "✦RFT1"


def test_a_navigation_cards_gull_stands_apart_from_who_is_thirsty() -> None:
    # A tester read "thirst: none +fighters +gull" as the gull being thirsty.
    from boardgames_tui.engine.lifeboat.data import navigation_cards
    from boardgames_tui.tui.games.lifeboat import render

    cards = navigation_cards()
    gull = next(c for c in cards if c.bird > 0 and c.fighters_thirsty)
    line = render.nav_short(gull).plain
    thirst_part, _, gull_part = line.partition("  gull")
    assert "thirst: " in thirst_part and "+fighters" in thirst_part
    assert gull_part == " +1"
    assert "gull" not in render.nav_short(next(c for c in cards if c.bird == 0)).plain


async def test_p_asks_before_a_card_goes_face_up_and_esc_keeps_it_in_hand(make_app) -> None:
    # A card face up cannot go back to the hand and may be robbed by name: a tester put one up by a slip.
    state = build(FOUR, hands={ANA: ["water", "knife"]})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        assert isinstance(screen, LifeboatTurnScreen)
        first = card_name(screen.choices.hand[0])
        await pilot.press("p")
        assert session._state.face_up[ANA] == () and has(app, f"Put {first} face up?", "put it face up (p)")
        await pilot.press("escape")
        assert session._state.face_up[ANA] == () and not has(app, "face up?")
        await pilot.press("p", "1")  # the menu's number puts it up too
        assert [card_name(c) for c in session._state.face_up[ANA]] == [first]
        await pilot.press("p", "p")
        assert len(session._state.face_up[ANA]) == 2 and session._state.hands[ANA] == ()
