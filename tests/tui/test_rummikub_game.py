"""Rummikub by key presses: a rearrangement that splits and rebuilds sets, undo, reset, resume."""

from __future__ import annotations

from textual.geometry import Region

from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.rummikub.models import RummikubOptions
from boardgames_tui.engine.saves import SavedGame
from boardgames_tui.tui.games.rummikub.render import Cursor
from boardgames_tui.tui.games.rummikub.screen import RummikubTurnScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.session import HotseatSession
from boardgames_tui.tui.widgets.news import NEW_MARK

from boardgames_tui.tui.screens.results import ResultsScreen

from ..engine.rummikub.helpers import build, ids, label, rack_text, table_text, vbuild

from .helpers import resume_state, reveal_any as reveal, screen_text, take_device, wait_for_handoff, wait_until, reload_made_up
from .test_rummikub_rule_sets import point_rack_at, select_rack

async def goto_table(pilot, screen: RummikubTurnScreen, row: int, index: int) -> None:
    """Move the cursor with arrow keys to a gap/tile of a table set."""
    if screen.cursor.zone != "table":
        await pilot.press("tab")
    while screen.cursor.row != row:
        await pilot.press("down" if screen.cursor.row < row else "up")
    while screen.cursor.index != index:
        await pilot.press("right" if screen.cursor.index < index else "left")

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
        assert screen.selected == ()
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
        loaded = reload_made_up(path)  # began from a made-up state
        assert isinstance(loaded, SavedGame)
        resumed = HotseatSession.resume(loaded, second.store)
        assert resumed.view(0) == middle  # the half-done turn is saved as it was
        await second.start_session(resumed)
        await take_device(second, pilot)
        await pilot.press("ctrl+r")
        assert len(resumed.view(0).table) == 1  # and reset still goes back to the start of the turn
        assert resumed.narrator.title == "Rummikub"

async def test_the_mouse_selects_and_places_tiles(make_app) -> None:
    state = build(["B5 K5 O1", "R1 R2 R3"], ["R2 R3 R4"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        # Rack line: border, padding, then 5 cells per tile; the first tile starts at column 3.
        await pilot.click("#rk-rack", offset=(4, 2))
        await pilot.pause()
        assert screen.selected == (screen.view.rack[0].id,)
        # Clicking the "+ new set" line puts the selection into a new set.
        await pilot.click("#rk-sets", offset=(4, len(screen.view.table)))
        await pilot.pause()
        assert len(session.view(0).table) == 2 and screen.selected == ()

# Issue #11: what changed, the cursor, the rack, the tiles' colours, hostile names ----------------------------

def plain_text(app) -> str:
    return " ".join(screen_text(app).split())

async def test_a_new_set_is_laid_out_in_a_valid_order(make_app) -> None:
    state = build(["R8 R7 R6 O1", "K1 K2 K3"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        for tile in ids("R8 R7 R6"):
            await select_rack(pilot, screen, tile)
        await pilot.press("n")
        assert table_text(session._state) == ["R6 R7 R8"] and screen.view.table[0].valid

async def test_up_and_down_keep_the_column_and_home_end_work(make_app) -> None:
    state = build(["O1 O2", "K1"], ["R1 R2 R3 R4 R5", "B9 B10 B11", "K5 K6 K7 K8 K9"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await resume_state(app, pilot, state)
        screen = app.screen
        await goto_table(pilot, screen, 0, 4)
        await pilot.press("down")
        assert (screen.cursor.row, screen.cursor.index) == (1, 3)  # the short set: its end
        await pilot.press("down")
        assert (screen.cursor.row, screen.cursor.index) == (2, 4)  # the column is back
        await pilot.press("home")
        assert screen.cursor.index == 0
        await pilot.press("end")
        assert screen.cursor.index == 5
        await pilot.press("down", "down")  # the new-set line, then the rack below the table
        assert screen.cursor.zone == "rack"
        await pilot.press("end")
        assert screen.cursor.index == 1
        await pilot.press("up")
        assert screen.cursor.zone == "table" and screen.cursor.row == 3

async def test_the_rack_rows_use_the_terminals_width(make_app) -> None:
    rack = "K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13 R1 R2 R3 R4 R5 R6 R7 R8 R9"
    state = build([rack, "B1"])
    for size, per_line in (((100, 30), 19), ((80, 24), 15)):
        app = make_app()
        async with app.run_test(size=size) as pilot:
            await resume_state(app, pilot, state)
            screen = app.screen
            assert screen.rack_per_line() == per_line
            rows = [line for line in screen_text(app).splitlines() if "K1 " in line or "R9" in line]
            assert len(rows) == 2, rows  # 22 tiles in two rows, nothing cut
            await pilot.press("down")
            assert screen.cursor.index == per_line  # ↓: the tile below, in the next row

async def test_tiles_are_reordered_by_hand_on_the_rack_and_in_a_set(make_app) -> None:
    state = build(["K1 K2 O9", "B1"], ["R1 R2 R3", "O5 B5 K5"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        await pilot.press("greater_than_sign")
        assert rack_text(session._state, 0) == "K2 K1 O9" and screen.cursor.index == 1  # the cursor follows
        await pilot.press("greater_than_sign", "less_than_sign", "less_than_sign")
        assert rack_text(session._state, 0) == "K1 K2 O9"
        await goto_table(pilot, screen, 1, 0)
        await pilot.press("greater_than_sign")
        assert table_text(session._state)[1] == "B5 O5 K5" and screen.cursor.index == 1

async def test_freeing_a_joker_is_explained_in_help_and_rules(make_app) -> None:
    from pathlib import Path

    rules = Path(__file__).parents[2] / "assets" / "rules" / "rummikub.md"
    assert "Freeing a joker in this app" in rules.read_text()
    state = build(["R5 O1", "K1"], ["R4 J R6"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await resume_state(app, pilot, state)
        await pilot.press("question_mark")
        text = plain_text(app)
        assert "free a joker" in text and "put the cursor on the joker and press Enter" in text
        assert "< / >" in text and "Home / End" in text

async def test_the_locked_label_follows_the_joker_at_once(make_app) -> None:
    state = build(["R5 B8 B9 O1", "K1 K2 K3"], ["R4 J R6"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await resume_state(app, pilot, state)
        screen = app.screen
        red5, blue8, blue9, joker = ids("R5 B8 B9 J")
        assert "locked: it holds a joker" in plain_text(app)
        await select_rack(pilot, screen, red5)
        await goto_table(pilot, screen, 0, 1)
        await pilot.press("enter")  # the joker is freed: the set holds no joker now
        text = plain_text(app)
        assert "locked: it holds a joker" not in text and "locked until the turn ends: its joker was freed" in text
        await select_rack(pilot, screen, blue8)
        await select_rack(pilot, screen, blue9)
        await goto_table(pilot, screen, row_of(screen, joker), 0)
        await pilot.press("space", "n")  # the joker in a new set: it will lock that set
        assert "joker: locked from the next turn" in plain_text(app)

def contrast(one: tuple[int, int, int], other: tuple[int, int, int]) -> float:
    def luminance(rgb: tuple[int, int, int]) -> float:
        def channel(c: int) -> float:
            s = c / 255
            return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

        r, g, b = (channel(c) for c in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)

async def test_tile_text_contrast_is_at_least_4_5_on_every_tile_colour(make_app) -> None:
    from rich.style import Style

    from boardgames_tui.engine.rummikub.tiles import TILES
    from boardgames_tui.tui.games.rummikub.render import tile_text

    app = make_app()
    async with app.run_test(size=(100, 30)):
        theme = app.ansi_theme  # named colours are drawn through the app's terminal theme
        faces = {tile.colour: tile_text(tile) for tile in TILES}
        assert set(faces) == {"K", "R", "B", "O", "J"}
        for colour, face in faces.items():
            style = Style.parse(str(face.style))
            fg = style.color.get_truecolor(theme, foreground=True)
            bg = style.bgcolor.get_truecolor(theme, foreground=False)
            ratio = contrast(tuple(fg), tuple(bg))
            assert ratio >= 4.5, (colour, str(style), round(ratio, 2))

HOSTILE = ("[b]Al[/i]", "[dad]", "\\")

async def test_hostile_names_show_as_typed_on_owned_melds_the_score_sheet_and_the_results(make_app) -> None:
    state = vbuild("american", ["K1 K2", "B1 B2", "O1 O2"], table=[(1, "O5 O6 O7"), (2, "R9 R10 R11")], phase="turn")
    state = state.model_copy(update={"players": HOSTILE})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await resume_state(app, pilot, state)
        text = screen_text(app)
        lines = text.splitlines()
        assert any("[dad]" in line and "O5" in line for line in lines)  # the owners of the melds
        assert any("\\" in line and "R9" in line for line in lines) and "Your turn, [b]Al[/i]" in text
        app.screen.match = ((5, -2, -3),)  # an earlier game of the match
        await pilot.press("s")
        sheet = screen_text(app)
        assert "[b]Al[/i]" in sheet and "[dad]" in sheet
    over = vbuild("american", ["K1", "B1 B2", "O1 O2"], table=[(0, "R1 R2 R3")], phase="turn")
    over = over.model_copy(update={"players": HOSTILE})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await resume_state(app, pilot, over)
        await pilot.press("e")  # Al discards the last tile: out
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        text = screen_text(app)
        assert "[b]Al[/i] wins" in text and "[dad]: " in text and "\\: " in text

async def test_the_turn_screen_names_what_changed_and_marks_the_changed_sets(make_app) -> None:
    state = build(["R5 B5 K5 O1 O2 O3 O4", "R1 R2 R3 O9", "K7 B9 O4"], ["K9 K10 K11", "O10 O11 O12"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        for tile in ids("R5 B5 K5"):
            await select_rack(pilot, screen, tile)
        await pilot.press("n", "e")  # Ana plays a group
        handoff = await wait_for_handoff(app, pilot)
        ben = await reveal(app, pilot)
        text = plain_text(app)
        assert "Since you last looked:" in text and "Ana played 3 tiles: R5 B5 K5" in text
        assert [s.recent for s in ben.view.table] == [False, False, True]
        # Ben never looked before (a resumed game): the View's own stamps mark the set Ana laid.
        assert f" 3{NEW_MARK} ✓" in screen_text(app) and f"{NEW_MARK} changed since you last looked" in text
        assert f" 1{NEW_MARK}" not in screen_text(app)
        await pilot.press("d")  # Ben draws
        await wait_for_handoff(app, pilot)
        await reveal(app, pilot)
        await pilot.press("d")  # Cy draws
        await wait_for_handoff(app, pilot)
        await reveal(app, pilot)  # Ana again: her own play is not news to her
        drawn = session._state.racks[1][-1]
        text = plain_text(app)
        assert "Ben drew a tile" in text and "you drew" not in text  # Ben's tile stays his
        assert not any(s.recent for s in app.screen.view.table)
        shown = screen_text(app)
        assert not any(f" {n}{NEW_MARK}" in shown for n in (1, 2, 3))  # her own set is not marked for her
        assert f"{NEW_MARK} Ben 5 tiles" in shown and f"{NEW_MARK} Cy 4 tiles" in shown  # both drew
        assert handoff is not None and label(drawn) in session.narrator.event(session.view(1).log[-2])

async def test_a_drawn_tile_is_shown_to_its_drawer(make_app) -> None:
    state = build(["R5 B5 K5 O1", "R1 R2 R3 O9"], ["K9 K10 K11"], pool="B13")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await resume_state(app, pilot, state)
        await pilot.press("d")  # Ana draws B13: the turn ends
        await wait_for_handoff(app, pilot)
        await reveal(app, pilot)
        assert "(you drew" not in plain_text(app) and "drawn as your last turn ended" not in plain_text(app)  # Ben's
        await pilot.press("d")
        await wait_for_handoff(app, pilot)
        ana = await reveal(app, pilot)
        # Her turn ended with the draw: her rack names the tile and marks it (the news strip tells the others' turns).
        assert "drawn as your last turn ended: B13" in plain_text(app)
        rack = str(ana.query_one("#rk-rack").render())
        assert f"{NEW_MARK}B13" in rack and rack.count(NEW_MARK) == 2  # in the title and before the tile

async def test_the_handoff_tells_the_whole_public_story(make_app) -> None:
    state = vbuild(
        "american", ["R3 R4 K9 K10", "B1 B2 B3", "O7 O8 O9"], discards=[("K6", 1)], phase="draw",
        options={"turn_timer": "30 s"},
    )
    state = state.model_copy(update={"players": ("Ana", "Ben", "Chloé")})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await resume_state(app, pilot, state)
        await pilot.press("t")  # Ana takes K6
        await point_rack_at(pilot, app.screen, ids("K9")[0])
        await pilot.press("e")  # and discards K9
        handoff = await wait_for_handoff(app, pilot)
        feed = " ".join(handoff.feed)
        assert feed.index("Ana took K6 from the discard pile") < feed.index("Ana discarded K9")
        chloe = await reveal(app, pilot)
        await pilot.press("d")
        for tile in ids("O7 O8"):
            await select_rack(pilot, chloe, tile)
        await pilot.press("n")
        chloe.clock_timer.pause()
        chloe.seconds_left = 1
        chloe._tick()  # her time runs out with an invalid set on the table: 3 penalty tiles
        await pilot.pause()
        await point_rack_at(pilot, chloe, chloe.view.rack[0].id)
        await pilot.press("e")
        handoff = await wait_for_handoff(app, pilot)
        assert any("Chloé ran out of time" in line and "3 penalty tiles" in line for line in handoff.feed)
        assert any(line.startswith("Chloé discarded") for line in handoff.feed)

async def test_a_resumed_turn_continues_its_clock(make_app) -> None:
    state = vbuild("international", ["R10 R11 R12 K9", "B1 B2", "O7 O8"], phase="turn", options={"turn_timer": "60 s"})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        screen.clock_timer.pause()  # the test says when a second has passed
        for _ in range(7):  # seven seconds pass (the clock is recorded every five)
            screen._tick()
        await pilot.pause()
        assert screen.seconds_left == 53 and session._state.clock == 55
        assert "0:53" in screen_text(app)
        await pilot.press("q")  # leaving records the time left
        await pilot.pause()
        assert session._state.clock == 53
        await pilot.press("y")
        await pilot.pause()
        path = session.save_path
    second = make_app()
    async with second.run_test(size=(100, 30)) as pilot:
        loaded = reload_made_up(path)  # began from a made-up state
        assert isinstance(loaded, SavedGame)
        await second.start_session(HotseatSession.resume(loaded, second.store))
        await take_device(second, pilot)
        second.screen.clock_timer.pause()
        assert second.screen.seconds_left == 53 and "0:53" in screen_text(second)

# The real-terminal tour at 80x24 --------------------------------------------------------------------------

def widget_lines(app, selector: str) -> list[str]:
    """A panel's lines exactly as the terminal shows them (runs of spaces included)."""
    widget = app.screen.query_one(selector)
    return ["".join(s.text for s in strip) for strip in widget.render_lines(Region(0, 0, *widget.size))]

LONG_NAMES = ("Ana", "漢字漢字漢字漢字漢字漢字漢字漢字", "[@click=app.quit")  # 16 wide characters; markup-like

async def test_the_other_players_line_wraps_between_entries_only(make_app) -> None:
    from boardgames_tui.engine.rummikub.rules import RULES

    state = RULES.setup(list(LONG_NAMES), RummikubOptions(), "tour")  # 14 tiles each, 64 in the pool
    others = iter(LONG_NAMES[1:])  # whoever goes first is Ana, the other two have the long names
    players = tuple("Ana" if seat == state.current else next(others) for seat in range(3))
    state = state.model_copy(update={"players": players})
    entries = (f"{LONG_NAMES[1]} 14 tiles", f"{LONG_NAMES[2]} 14 tiles", "Pool 64")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await resume_state(app, pilot, state)
        lines = widget_lines(app, "#rk-others")
        assert len(lines) == 1 and all(entry in lines[0] for entry in entries), lines
        await pilot.resize_terminal(80, 24)  # narrower: a new line between two entries, never inside one
        await wait_until(pilot, lambda: len(widget_lines(app, "#rk-others")) == 2, "the line to wrap at the new width")
        lines = widget_lines(app, "#rk-others")
        for entry in entries:
            assert any(entry in line for line in lines), (entry, lines)

async def test_american_stacks_line_wraps_between_entries_only(make_app) -> None:
    state = vbuild("american", ["K1 K2", "B1 B2", "O1 O2"], discards=[("K6", 1)], phase="draw")
    state = state.model_copy(update={"players": LONG_NAMES})
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_state(app, pilot, state)
        lines = widget_lines(app, "#rk-others")
        for entry in (f"{LONG_NAMES[1]} 2 tiles ✓ ice", f"{LONG_NAMES[2]} 2 tiles ✓ ice", "Discard pile 1 top  K6", "Trump"):
            assert any(entry in line for line in lines), (entry, lines)

async def test_tab_to_the_table_and_back_keeps_the_rack_cursor(make_app) -> None:
    state = build(["K1 K2 K3 O9 B4", "B1"], ["R1 R2 R3", "O5 B5 K5"])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_state(app, pilot, state)
        screen = app.screen
        await pilot.press("right", "right", "right")
        assert screen.cursor == Cursor("rack", 0, 3)
        await pilot.press("tab")
        assert screen.cursor.zone == "table"
        await pilot.press("down", "right", "right")
        table = screen.cursor
        await pilot.press("tab")
        assert screen.cursor == Cursor("rack", 0, 3)  # back where it was
        await pilot.press("tab")
        assert screen.cursor == table  # and the table's place is kept too
        await pilot.press("tab", "up")  # ↑ from the rack's top row: the new-set line
        assert screen.cursor == Cursor("table", 2, 0)
        await pilot.press("tab")
        assert screen.cursor == Cursor("rack", 0, 3)  # the rack's place that ↑ left
        await pilot.press("tab")
        assert screen.cursor == Cursor("table", 2, 0)
        for tile in ids("K1 K2 K3"):  # the rack shrinks under the kept place: Tab comes back to its last tile
            await select_rack(pilot, screen, tile)
        await pilot.press("end", "tab", "enter")  # from B4 to the new-set line, where the three go
        assert len(screen.view.table) == 3 and len(screen.view.rack) == 2
        await pilot.press("tab")
        assert screen.cursor == Cursor("rack", 0, 1)


def test_a_set_someone_else_is_still_building_is_not_shown_as_a_mistake() -> None:
    """Watching a computer's turn (or another guest's at a hosted table), a set that is not valid yet is one
    they are still building: no red ✗ and no problem, but who is building it. Its builder sees the problem."""
    from boardgames_tui.narration import narrator_for
    from boardgames_tui.tui.games.rummikub import render

    state = build(["K1 K2 K3", "B5 B6 B7"], ["R1 R2 R3", "O9 O10"], current=1)
    narrator = narrator_for("rummikub", state.players)
    rules = get_game("rummikub").rules()
    watching, _starts = render.table_lines(rules.view(state, 0), narrator, None, ())
    lines = watching.plain.splitlines()
    assert "✓" in lines[0] and "✗" not in watching.plain
    assert "…" in lines[1] and f"{state.players[1]} is still building it" in lines[1]
    building, _starts = render.table_lines(rules.view(state, 1), narrator, None, ())
    assert "✗" in building.plain.splitlines()[1] and "still building" not in building.plain


def test_the_freed_joker_is_said_once_and_goes_once_the_joker_is_in_a_set() -> None:
    # A tester read it twice: a reminder, then the same among the problems that stop the turn ending.
    from boardgames_tui.engine.rummikub.models import MoveTiles
    from boardgames_tui.narration import narrator_for
    from boardgames_tui.tui.games.rummikub import render

    state = build(["R5 B8 B9 O1", "K1 K2 K3"], ["R4 J R6"])
    rules = get_game("rummikub").rules()
    narrator = narrator_for("rummikub", state.players)
    red5, blue8, blue9, joker = ids("R5 B8 B9 J")
    freed = rules.apply(state, 0, MoveTiles(tiles=(red5,), to=0, position=1))
    assert joker in freed.freed_jokers
    reminder = "The joker you freed must be played in a set on the table"
    assert render.turn_status(rules.view(freed, 0), narrator).plain.count(reminder) == 1
    assert "freed joker must go back" not in render.turn_status(rules.view(freed, 0), narrator).plain
    placed = rules.apply(freed, 0, MoveTiles(tiles=(blue8, blue9, joker), to=None))
    assert joker in placed.freed_jokers, "the engine still lists it: freed this turn"
    assert reminder not in render.turn_status(rules.view(placed, 0), narrator).plain


async def test_j_away_from_a_joker_takes_the_cursor_to_the_joker_it_changes(make_app) -> None:
    # A tester pressed j with the cursor on the rack: a joker on the table changed its reading, unseen.
    state = build(["R7 B7 J O1 O2", "K1 K2 K3"], ["K10 K11 K12"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await resume_state(app, pilot, state)
        screen = app.screen
        red7, blue7, joker, orange1 = ids("R7 B7 J O1")
        for tile in (red7, blue7, joker):
            await select_rack(pilot, screen, tile)
        await goto_table(pilot, screen, 1, 0)  # the new-set line below the table's one set
        await pilot.press("n")
        row = row_of(screen, joker)
        readings = [(m.colour, m.number) for s in screen.view.table for m in s.jokers]
        assert len(readings) == 1 and readings[0][1] == 7, "the joker stands for a 7 of a missing colour"
        await point_rack_at(pilot, screen, orange1)
        await pilot.press("j")
        await pilot.pause()
        now = [(m.colour, m.number) for s in screen.view.table for m in s.jokers]
        assert now != readings and now[0][1] == 7, "j changed the joker's colour"
        assert screen.cursor.zone == "table" and screen.choices.tile_at(screen.cursor) == joker and row_of(screen, joker) == row


def test_of_two_alike_tiles_the_one_drawn_is_marked() -> None:
    # A tester drew a second R6: the mark went on the R6 they already held.
    from boardgames_tui.engine.rummikub.models import Draw
    from boardgames_tui.tui.games.rummikub import render

    state = build(["R6 K10 O1", "B1 B2"], pool="R6 K1 K2")
    rules = get_game("rummikub").rules()
    after_ana = rules.apply(state, 0, Draw())
    after_ben = rules.apply(after_ana, 1, Draw())
    view = rules.view(after_ben, 0)
    rack = [tile.id for tile in view.rack or ()]
    held_r6, drawn_r6 = ids("R6")[0], rack[-1]
    assert drawn_r6 != held_r6 and render.tile_label(next(t for t in view.rack if t.id == drawn_r6)) == "R6"
    assert render.drawn_at_turn_end(view) == (drawn_r6,)
