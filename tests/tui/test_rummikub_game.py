"""Rummikub by key presses: a rearrangement that splits and rebuilds sets, undo, reset, resume."""

from __future__ import annotations

from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.rummikub.models import RummikubOptions
from boardgames_tui.engine.saves import SavedGame
from boardgames_tui.tui.games.rummikub.screen import RummikubTurnScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.session import HotseatSession

from ..engine.rummikub.helpers import build, ids, table_text
from .helpers import resume_state, take_device


async def goto_table(pilot, screen: RummikubTurnScreen, row: int, index: int) -> None:
    """Move the cursor with arrow keys to a gap/tile of a table set."""
    if screen.cursor.zone != "table":
        await pilot.press("tab")
    while screen.cursor.row != row:
        await pilot.press("down" if screen.cursor.row < row else "up")
    while screen.cursor.index != index:
        await pilot.press("right" if screen.cursor.index < index else "left")


async def select_rack(pilot, screen: RummikubTurnScreen, tile: int) -> None:
    if screen.cursor.zone != "rack":
        await pilot.press("tab")
    rack = [t.id for t in screen.view.rack]
    while rack[screen.cursor.index] != tile:
        await pilot.press("right")
    await pilot.press("space")


def row_of(screen: RummikubTurnScreen, tile: int) -> int:
    return next(row for row, s in enumerate(screen.view.table) if any(t.id == tile for t in s.tiles))


async def test_split_and_rebuild_then_end_turn(make_app) -> None:
    state = build(["B5 K5 O1", "R1 R2 R3"], ["R2 R3 R4 R5 R6 R7 R8"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        red5 = ids("R5")[0]
        # Split the run before R5, then split R5 off the rest: R2-R4 | R5 | R6-R8.
        await goto_table(pilot, screen, 0, 3)
        await pilot.press("x")
        await goto_table(pilot, screen, row_of(screen, red5), 1)
        await pilot.press("x")
        assert sorted(table_text(session._state)) == sorted(["R2 R3 R4", "R5", "R6 R7 R8"])
        # Bring B5 and K5 from the rack into R5's set: a group of three.
        blue5, black5 = ids("B5 K5")
        await select_rack(pilot, screen, blue5)
        await select_rack(pilot, screen, black5)
        await goto_table(pilot, screen, row_of(screen, red5), 1)
        await pilot.press("enter")
        assert sorted(table_text(session._state)) == sorted(["R2 R3 R4", "R5 B5 K5", "R6 R7 R8"])
        assert screen.selected == []
        assert all(s.valid for s in screen.view.table) and not screen.view.end_turn_problems
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen)
        assert session.view(1).rack_counts[0] == 1


async def test_undo_and_reset_by_keys_are_exact(make_app) -> None:
    state = build(["B5 K5 O1", "R1 R2 R3"], ["R2 R3 R4 R5 R6 R7 R8"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        start = session.view(0)
        await goto_table(pilot, screen, 0, 3)
        await pilot.press("x")
        after_split = session.view(0)
        await select_rack(pilot, screen, ids("B5")[0])
        await pilot.press("n")
        assert session.view(0) != after_split
        await pilot.press("u")
        assert session.view(0).table == after_split.table and session.view(0).rack == after_split.rack
        await pilot.press("ctrl+r")
        assert session.view(0).table == start.table and session.view(0).rack == start.rack
        assert not screen.view.can_reset


async def test_joker_replacement_by_keys(make_app) -> None:
    # R4 J R6 on the table: J stands for R5. Ana puts her R5 in its place and plays the joker in a new run.
    state = build(["R5 B8 B9 O1", "K1 K2 K3"], ["R4 J R6"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        red5, blue8, blue9, joker = ids("R5 B8 B9 J")
        await select_rack(pilot, screen, red5)
        await goto_table(pilot, screen, 0, 1)  # the joker's place
        await pilot.press("enter")
        assert joker in screen.view.freed_jokers or any(
            joker in [t.id for t in s.tiles] for s in screen.view.table
        )
        await select_rack(pilot, screen, blue8)
        await select_rack(pilot, screen, blue9)
        if joker in screen.view.freed_jokers:  # the freed joker: select it where it now lies
            await goto_table(pilot, screen, row_of(screen, joker), [t.id for t in screen.view.table[row_of(screen, joker)].tiles].index(joker))
            await pilot.press("space")
        await pilot.press("n")
        assert sorted(table_text(session._state)) == sorted(["R4 R5 R6", "B8 B9 J"])
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen)


async def test_resume_in_the_middle_of_a_rearrangement(make_app) -> None:
    state = build(["B5 K5 O1", "R1 R2 R3"], ["R2 R3 R4 R5 R6 R7 R8"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        await goto_table(pilot, app.screen, 0, 3)
        await pilot.press("x")
        middle = session.view(0)
        path = session.save_path
    second = make_app()
    async with second.run_test(size=(100, 30)) as pilot:
        loaded = second.store.load(path)
        assert isinstance(loaded, SavedGame)
        resumed = HotseatSession.resume(loaded, second.store)
        assert resumed.view(0) == middle  # the half-done turn is saved as it was
        await second.start_session(resumed)
        await take_device(second, pilot)
        await pilot.press("ctrl+r")
        assert len(resumed.view(0).table) == 1  # and reset still goes back to the start of the turn
        assert get_game("rummikub").title == "Rummikub"


async def test_the_mouse_selects_and_places_tiles(make_app) -> None:
    state = build(["B5 K5 O1", "R1 R2 R3"], ["R2 R3 R4"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        # Rack line: border, padding, then 5 cells per tile; the first tile starts at column 3.
        await pilot.click("#rk-rack", offset=(4, 2))
        await pilot.pause()
        assert screen.selected == [screen.view.rack[0].id]
        # Clicking the "+ new set" line puts the selection into a new set.
        await pilot.click("#rk-sets", offset=(4, len(screen.view.table)))
        await pilot.pause()
        assert len(session.view(0).table) == 2 and screen.selected == []
