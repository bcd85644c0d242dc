"""Rummikub table handling (issue #25, sections 3, 5 and the change marks): Enter puts tiles where they belong
in a set, a new turn starts on the rack with nothing selected, the hint speaks of the rule set's turn end and
lists the tiles in the order of its sets, the key bar keeps its words, the computer's "thinking" notice leaves
the prompt, and the table marks what changed since the person last looked."""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine.rummikub.models import RummikubOptions
from boardgames_tui.tui.games.rummikub.render import Cursor
from boardgames_tui.tui.games.rummikub.screen import RummikubTurnScreen
from boardgames_tui.tui.session import HotseatSession
from boardgames_tui.tui.widgets.keybar import KeyBar
from boardgames_tui.tui.widgets.news import NEW_MARK

from ..engine.rummikub.helpers import build, ids, label, table_text, vbuild
from .helpers import resume_state, saved_session, wait_until
from .test_rummikub_game import goto_table, select_rack


def rows(screen: RummikubTurnScreen) -> list[str]:
    """The table as the screen's View has it, one set a string ("R6 R7 R8 J R10")."""
    return [" ".join(tile.label for tile in table_set.tiles) for table_set in screen.view.table]


async def select_labels(pilot: Any, screen: RummikubTurnScreen, labels: str) -> None:
    for tile in ids(labels):
        await select_rack(pilot, screen, tile)


def with_computers(app: Any, state: Any, computers: tuple[str | None, ...]) -> HotseatSession:
    """`state` as a saved game of `app` with `computers` seated as given (None: a person)."""
    return saved_session(app, state, "rummikub", computers)


async def wait_for_person(app: Any, pilot: Any, session: HotseatSession) -> RummikubTurnScreen:
    """Until the computers are done and the person (seat 0) is to act; their turn screen."""
    await wait_until(
        pilot, lambda: app.computer_thinking is None and session.next_step().kind == "turn", "the person's turn", 20
    )
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, RummikubTurnScreen) and screen.seat == 0
    return screen


# Enter into a set ----------------------------------------------------------------------------------------------


async def test_enter_puts_a_run_end_and_its_joker_where_they_belong(make_app) -> None:
    state = build(["R10 J K1", "K2 K3 K4"], ["R6 R7 R8"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await resume_state(app, pilot, state)
        screen = app.screen
        await select_labels(pilot, screen, "R10 J")
        await goto_table(pilot, screen, 0, 3)  # after R8
        await pilot.press("enter")
        assert rows(screen) == ["R6 R7 R8 J R10"]
        joker = screen.view.table[0].jokers[0]
        assert (joker.colour, joker.number) == ("R", 9)
        assert screen.view.table[0].valid and screen.selected == ()


async def test_enter_puts_tiles_on_both_ends_of_a_set(make_app) -> None:
    # B6 alone after a split; B5 and B7 go to it with the cursor at its start.
    state = build(["B5 B7 K1", "K2 K3 K4"], ["B6 R6 K6"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await resume_state(app, pilot, state)
        screen = app.screen
        await goto_table(pilot, screen, 0, 1)
        await pilot.press("x")  # B6 | R6 K6
        await select_labels(pilot, screen, "B5 B7")
        await goto_table(pilot, screen, 0, 0)
        await pilot.press("enter")
        assert rows(screen) == ["B5 B6 B7", "R6 K6"]
        await pilot.press("u")  # one move: one undo takes it back
        assert rows(screen) == ["B6", "R6 K6"]


async def test_a_locked_run_grows_at_both_ends_in_two_moves(make_app) -> None:
    # R4 J R6 held its joker when the turn began: its tiles may not move, so R3 and R7 go on one at a time.
    state = build(["R3 R7 K1", "K2 K3 K4"], ["R4 J R6"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await resume_state(app, pilot, state)
        screen = app.screen
        assert screen.view.table[0].locked
        await select_labels(pilot, screen, "R7 R3")
        await goto_table(pilot, screen, 0, 0)
        await pilot.press("enter")
        await pilot.pause()
        assert rows(screen) == ["R3 R4 J R6 R7"]
        assert screen.selected == () and screen.view.table[0].valid


async def test_enter_keeps_an_order_the_player_chose(make_app) -> None:
    state = build(["O5 R9 K1", "K2 K3 K4"], ["K5 R5 B5", "R6 R7 R8"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await resume_state(app, pilot, state)
        screen = app.screen
        await select_labels(pilot, screen, "O5")
        await goto_table(pilot, screen, 0, 1)
        await pilot.press("enter")
        assert rows(screen)[0] == "K5 O5 R5 B5"  # a valid group as it is: left where the cursor put it
        await select_labels(pilot, screen, "R9")
        await goto_table(pilot, screen, 1, 0)  # before R6: no valid run that way
        await pilot.press("enter")
        assert rows(screen)[1] == "R6 R7 R8 R9"  # its place in the run, not the cursor's
        # Tiles that make no valid set anywhere go where the cursor is, as before.
        await select_labels(pilot, screen, "K1")
        await goto_table(pilot, screen, 1, 2)
        await pilot.press("enter")
        assert rows(screen)[1] == "R6 R7 K1 R8 R9"


async def test_a_tile_onto_a_locked_sets_joker_still_replaces_it(make_app) -> None:
    state = build(["R5 K1", "K2 K3 K4"], ["R4 J R6"])
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        await select_labels(pilot, screen, "R5")
        await goto_table(pilot, screen, 0, 1)  # on the joker
        await pilot.press("enter")
        assert sorted(table_text(session._state)) == ["J", "R4 R5 R6"]


# A new turn ----------------------------------------------------------------------------------------------------


async def test_a_new_turn_starts_on_the_rack_with_nothing_selected(make_app) -> None:
    # Ana (a person) against Ben (a computer): she leaves the cursor on a finished set and draws.
    state = build(["R5 B9 K1 O12", "K2 K3 K4 O1"], ["B9 B10 B11", "R1 R2 R3"])
    app = make_app(computer_pause=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        session = with_computers(app, state, (None, "hard"))
        await app.start_session(session)
        screen = await wait_for_person(app, pilot, session)
        await goto_table(pilot, screen, 0, 2)  # on B11
        await pilot.press("d")  # the draw ends her turn; Ben plays on her screen
        await wait_until(pilot, lambda: session._state.turn >= 2, "Ben's turn to end", 20)
        again = await wait_for_person(app, pilot, session)
        assert again is screen  # the same screen went on
        assert screen.cursor == Cursor("rack", 0, 0) and screen.selected == ()
        table = rows(screen)
        await pilot.press("home", "space")
        assert screen.selected == (screen.view.rack[0].id,)  # a rack tile, not B11 off the table
        assert rows(screen) == table


async def test_the_thinking_notice_leaves_the_prompt_when_the_persons_turn_comes(make_app) -> None:
    """The app writes "Ben (computer) is thinking…" over the prompt; when the person's turn comes the
    screen draws its prompt again, even when the prompt's words are the same as before the notice."""
    state = build(["R5 B9 K1 O12", "K2 K3 K4 O1"], ["B9 B10 B11", "R1 R2 R3"])
    app = make_app(computer_pause=0.3)
    async with app.run_test(size=(100, 30)) as pilot:
        session = with_computers(app, state, (None, "hard"))
        await app.start_session(session)
        screen = await wait_for_person(app, pilot, session)
        prompt = screen.query_one("#prompt")
        await pilot.press("tab", "d")  # the cursor on the table, then the draw that ends her turn
        await wait_until(pilot, lambda: "thinking" in str(prompt.render()), "the notice in the prompt", 5)
        await wait_for_person(app, pilot, session)
        await pilot.pause()
        assert "thinking" not in str(prompt.render()) and app.keybar_notice == ""
        assert str(prompt.render()).startswith("Rack:")
        # The same through the app's own steps, with a prompt that is word for word the one drawn before.
        before = str(prompt.render())
        app._say_thinking("Ben (computer) is thinking…")
        await pilot.pause()
        assert "thinking" in str(prompt.render())
        app.show_next(session.next_step())  # the person is to act: the notice goes and the screen is fed its View again
        await pilot.pause()
        assert str(prompt.render()) == before


# The hint ------------------------------------------------------------------------------------------------------


async def test_the_american_hint_after_the_draw_says_the_turn_ends_with_a_discard(make_app) -> None:
    state = vbuild("american", ["K12 O2", "B1 B2", "O7 O8"], table=[(1, "R1 R2 R3")], phase="draw", options={"hints": True})
    app = make_app()
    async with app.run_test(size=(110, 34)) as pilot:
        await resume_state(app, pilot, state)
        screen = app.screen
        await pilot.press("d", "h")
        await pilot.pause()
        status = str(screen.query_one("#status").render())
        assert "none of your tiles fits" in status and "discard one (e) to end the turn" in status
        assert "draw" not in status


async def test_the_hint_lists_the_tiles_in_the_order_of_its_sets(make_app) -> None:
    state = build(
        ["O9 K3 O8 K1 O7 K2 R12", "B1 B2 B3"], ["R9 R10 R11"], options=RummikubOptions(hints=True)
    )
    app = make_app()
    async with app.run_test(size=(140, 34)) as pilot:
        await resume_state(app, pilot, state)
        screen = app.screen
        await pilot.press("h")
        await pilot.pause()
        status = " ".join(str(screen.query_one("#status").render()).split())
        head, _sep, sets = status.partition(". The sets that change: ")
        laid = head.rsplit(": ", 1)[1].split()
        in_sets = [tile for tile in sets.replace("|", " ").split() if tile in laid]
        assert sorted(laid) == sorted(["K1", "K2", "K3", "O7", "O8", "O9", "R12"]), status
        assert laid == in_sets, status


# The key bar ---------------------------------------------------------------------------------------------------


def key_bar(app: Any) -> str:
    return str(app.screen.query_one(KeyBar).render())


async def test_the_key_bar_keeps_its_words_at_100_and_80_columns(make_app) -> None:
    for size in ((100, 30), (80, 24)):
        state = build(["R5 R6 R7 K1 O9", "K2 K3 K4"], ["B9 B10 B11"], options=RummikubOptions(hints=True))
        app = make_app()
        async with app.run_test(size=size) as pilot:
            await resume_state(app, pilot, state)
            screen = app.screen
            await select_labels(pilot, screen, "R5 R6 R7")
            await pilot.press("n", "tab", "right")  # tiles played, the cursor inside a set: the most keys at once
            bar = key_bar(app)
            for words in ("x Split", "u Undo", "e End turn", "h Hint"):
                assert words in bar, (size, bar)
            if size[0] == 100:
                assert "? Help" in bar and "q Menu" in bar, bar
            # The keys the prompt names, and the rare reset, are in `?` only.
            assert "Tab" not in bar and "Space" not in bar and "^r" not in bar, bar
            assert "Tab" in screen.choices.prompt_text(screen.step) and "Space" in screen.choices.prompt_text(screen.step)
            helped = {key for key, _meaning in screen.help_lines()}
            assert {"Tab", "Space", "u / Ctrl+R"} <= helped


# What changed since the person last looked --------------------------------------------------------------------


async def test_the_table_marks_what_the_computers_changed_since_the_person_looked(make_app) -> None:
    # American: Ana (a person) draws and discards; Ben (an Easy computer, ice broken) lays O7 O8 O9 and
    # discards (a Hard one would keep the run on its rack, bots/rummikub `holds_back`).
    state = vbuild(
        "american", ["R3 R4 K9 K12", "O7 O8 O9 B1 B2", "B11 B12"], table=[(2, "K5 R5 B5")],
        phase="draw", pool="K13 R13 O13 B13",
    )  # fmt: skip
    app = make_app(computer_pause=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        session = with_computers(app, state, (None, "easy", "hard"))
        await app.start_session(session)
        screen = await wait_for_person(app, pilot, session)
        assert NEW_MARK not in str(screen.query_one("#rk-sets").render())  # resumed: nothing known to mark
        await pilot.press("d")
        await pilot.press("end", "e")  # discards the tile she drew
        again = await wait_for_person(app, pilot, session)
        assert again is screen
        sets = str(screen.query_one("#rk-sets").render())
        marked = [line for line in sets.splitlines() if NEW_MARK in line]
        assert marked and all("K5" not in line for line in marked), sets  # the group nobody touched: no mark
        assert any("O7" in line and "O9" in line for line in marked), sets  # Ben's new meld
        others = " ".join(str(screen.query_one("#rk-others").render()).split())
        assert f"{NEW_MARK} Ben" in others and f"{NEW_MARK} Discard pile" in others, others
        assert screen.query_one("#rk-table").border_subtitle == f"{NEW_MARK} changed since you last looked"
        # Her own moves this turn are not news to her: a set she lays carries no mark.
        await pilot.press("d")
        rack = [label(tile.id) for tile in screen.view.rack]
        assert rack  # she still has tiles
        before = {table_set.id for table_set in screen.view.table}
        await select_labels(pilot, screen, "K9")
        await pilot.press("n")
        laid = next(row for row, table_set in enumerate(screen.view.table) if table_set.id not in before)
        line = str(screen.query_one("#rk-sets").render()).splitlines()[laid]
        assert NEW_MARK not in line, line
