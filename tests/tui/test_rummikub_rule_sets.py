"""Rummikub's American and International rule sets by key presses: draw or take the discard, meld,
discard to end the turn, the trump as a winning draw, owners on the table, resume mid-turn."""

from __future__ import annotations

from boardgames_tui.engine.saves import SavedGame
from boardgames_tui.tui.games.rummikub.screen import RummikubTurnScreen
from boardgames_tui.tui.screens.results import ResultsScreen
from boardgames_tui.tui.session import HotseatSession

from ..engine.rummikub.helpers import ids, rack_text, vbuild

from .helpers import resume_state, screen_text, take_device, wait_for_handoff, wait_until, reload_made_up

async def point_rack_at(pilot, screen: RummikubTurnScreen, tile: int) -> None:
    if screen.cursor.zone != "rack":
        await pilot.press("tab")
    rack = [t.id for t in screen.view.rack]
    while rack[screen.cursor.index] != tile:
        await pilot.press("right")

async def select_rack(pilot, screen: RummikubTurnScreen, tile: int) -> None:
    await point_rack_at(pilot, screen, tile)
    await pilot.press("space")

async def test_american_take_the_discard_meld_and_discard(make_app) -> None:
    # Ana (broke the ice) takes Ben's R5 from the pile, melds R3 R4 R5 and discards K9.
    state = vbuild("american", ["R3 R4 K9 K10", "B1 B2", "O7 O8"], discards=[("R5", 1)], phase="draw")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        text = screen_text(app)
        assert "t takes the discard R5" in text and "Discard pile 1" in text
        await pilot.press("e")  # no discard before the draw
        assert session._state.phase == "draw"
        await pilot.press("t")
        assert session._state.phase == "turn" and "R5" in rack_text(session._state)
        for tile in ids("R3 R4 R5"):
            await select_rack(pilot, screen, tile)
        await pilot.press("n")
        assert "you" in screen_text(app)  # the new meld is labelled as Ana's
        await point_rack_at(pilot, screen, ids("K9")[0])
        await pilot.press("e")
        await wait_for_handoff(app, pilot)
        after = session._state
        assert rack_text(after, 0) == "K10"
        assert after.discards[-1] == (ids("K9")[0], 0)
        assert after.table[0].owner == 0
        assert after.current == 2  # counter-clockwise: Ana, then the last seat

async def test_a_meld_of_another_player_shows_its_owner_and_cannot_be_split(make_app) -> None:
    state = vbuild("american", ["K1 K2", "B1"], table=[(1, "O5 O6 O7 O8")], phase="turn")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        assert "Ben" in screen_text(app)
        await pilot.press("tab", "right", "right")
        await pilot.press("x")  # not Ana's meld: splitting it is not offered
        assert len(session._state.table) == 1

async def test_the_trump_can_be_put_back_and_taken_to_go_out(make_app) -> None:
    state = vbuild("american", ["R1 R2 K9", "B1 J", "O10"], trump="R3", phase="draw", pool="K5")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        await pilot.press("w")
        assert session._state.took_trump is not None and "go out this turn" in screen_text(app)
        await pilot.press("b")  # changed her mind: back to the start of the turn
        assert session._state.phase == "draw" and session._state.took_trump is None
        await pilot.press("w")
        for tile in ids("R1 R2 R3"):
            await select_rack(pilot, screen, tile)
        await pilot.press("n")
        assert "Discarding now wins" in " ".join(screen_text(app).split())  # however it wraps
        await point_rack_at(pilot, screen, ids("K9")[0])
        await pilot.press("e")
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results screen")
        assert session._state.winner == 0 and session._state.win_kind == "out"

async def test_international_resume_in_the_middle_of_a_turn(make_app) -> None:
    state = vbuild("international", ["R10 R11 R12 R13 K9", "B1 B2", "O7 O8"], phase="draw", melded=(False, True, True))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        assert "Breaking the ice" not in screen_text(app)  # the draw comes first
        await pilot.press("d")
        assert "Breaking the ice: 0/50" in screen_text(app)
        for tile in ids("R10 R11 R12 R13"):
            await select_rack(pilot, screen, tile)
        await pilot.press("n")
        middle = session.view(0)
        path = session.save_path
    second = make_app()
    async with second.run_test(size=(100, 30)) as pilot:
        loaded = reload_made_up(path)  # began from a made-up state
        assert isinstance(loaded, SavedGame)
        resumed = HotseatSession.resume(loaded, second.store)
        assert resumed.view(0) == middle
        await second.start_session(resumed)
        await take_device(second, pilot)
        screen = second.screen
        assert isinstance(screen, RummikubTurnScreen) and "Breaking the ice: 46/50" in screen_text(second)
        await point_rack_at(pilot, screen, ids("K9")[0])
        await pilot.press("e")  # 46 < 50: the discard is refused with the reason
        assert resumed._state.current == 0 and "50" in screen_text(second)

async def test_the_rule_set_is_named_in_the_title_and_the_resume_list(make_app) -> None:
    from boardgames_tui.engine.rummikub.models import RummikubOptions

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        HotseatSession.new("rummikub", ["Ana", "Ben"], RummikubOptions(rule_set="american"), app.store, seed="a")
        standard = HotseatSession.new("rummikub", ["Cy", "Di"], RummikubOptions(), app.store, seed="s")
        assert standard.title == "Rummikub"
        await pilot.press("c")
        text = screen_text(app)
        assert "Rummikub (American rules) · Ana, Ben" in text
        assert "Rummikub · Cy, Di" in text
