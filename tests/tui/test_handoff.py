"""The pass-the-device screen: opaque, public, and impossible to skip with a double key press."""

from __future__ import annotations

import re

from rich.cells import cell_len
from textual.widgets import RichLog

from textual.screen import ModalScreen

from boardgames_tui.engine.hanabi.models import DiscardCard, HanabiOptions, NumberClue, PlayCard
from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.tui.games.hanabi.screen import HanabiTurnScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen

from boardgames_tui.tui.session import HotseatSession

from .helpers import screen_text, start_game, take_device


async def test_every_game_starts_with_a_handoff(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        await start_game(app, pilot, ["Ana", "Ben"], HanabiOptions(), "h1")
        assert isinstance(app.screen, PassDeviceScreen)
        assert not isinstance(app.screen, ModalScreen)
        assert "Pass the device to Ana" in screen_text(app)


async def test_action_replaces_the_private_screen_and_clears_toasts(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_game(app, pilot, ["Ana", "Ben"], HanabiOptions(), "h2")
        await take_device(app, pilot)
        private = app.screen
        assert isinstance(private, HanabiTurnScreen) and private.seat == 0
        app.notify("a toast that must not outlive Ana's screen")
        await pilot.pause()
        assert app._notifications
        await pilot.press("c")
        await pilot.press(*[k for k in "1"])  # two players: the target is implicit, 1 = ones
        await pilot.pause()
        if private.mode != "clue_confirm":  # Ben holds no 1: name any legal number instead
            clue = next(c for c in private.clues if isinstance(c, NumberClue))
            await pilot.press(str(clue.rank))
        await pilot.press("enter")
        await pilot.pause()
        handoff = app.screen
        assert isinstance(handoff, PassDeviceScreen)
        assert private not in app.screen_stack and not private.is_current
        assert len(app.screen_stack) == 2  # the main menu below, the handoff on top: nothing else
        assert not app._notifications
        text = screen_text(app)
        assert "Pass the device to Ben" in text
        assert "Ana told Ben" in text  # the public summary of what just happened
        assert session.showing_seat is None
        # Ana's screen is torn down, not just hidden, once Ben has the device.
        await take_device(app, pilot)
        await pilot.pause()
        assert not private.is_attached and private not in app._installed_screens.values()


async def test_a_double_press_cannot_reveal_the_next_hand(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.5)
    async with app.run_test(size=(100, 30)) as pilot:
        await start_game(app, pilot, ["Ana", "Ben"], HanabiOptions(), "h3")
        handoff = app.screen
        # The outgoing player's confirm key and the reveal key, pressed at once: both ignored.
        await pilot.press("enter", "space", "space")
        await pilot.pause()
        assert app.screen is handoff
        await pilot.pause(0.6)
        await pilot.press("enter")  # Enter is a turn screen's confirm key: never the reveal key
        await pilot.pause()
        assert app.screen is handoff
        await pilot.press("space")
        await pilot.pause()
        assert isinstance(app.screen, HanabiTurnScreen)


async def test_an_illegal_action_is_explained_and_changes_nothing(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        session = await start_game(app, pilot, ["Ana", "Ben"], HanabiOptions(), "h4")
        await take_device(app, pilot)
        screen = app.screen
        assert isinstance(screen, HanabiTurnScreen)
        before = session.view(0)
        saved_before = session.save_path.read_bytes()
        screen.submit(DiscardCard(slot=0))  # all 8 clue tokens are still available
        await pilot.pause()
        assert app.screen is screen
        assert session.view(0) == before
        assert session.save_path.read_bytes() == saved_before
        assert "can't discard" in screen_text(app).lower() or "cannot discard" in screen_text(app).lower()
        screen.submit(PlayCard(slot=0))  # a legal action still goes through afterwards
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen)


async def test_leaving_and_resuming_goes_through_the_handoff(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        await start_game(app, pilot, ["Ana", "Ben"], HanabiOptions(), "h5")
        await take_device(app, pilot)
        await pilot.press("q", "y")
        await pilot.pause()
        assert app.session is None and len(app.screen_stack) == 1
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen)
        assert "Pass the device to Ana" in screen_text(app)


async def test_the_handoff_lists_everything_public_since_the_players_last_turn(save_dir) -> None:
    from boardgames_tui.engine.saves import SaveStore

    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        session = await start_game(app, pilot, ["Ana", "Ben", "Chloé"], HanabiOptions(), "feed")
        for seat in (0, 1, 2):
            await take_device(app, pilot)
            await pilot.press("p", "enter")
            await pilot.pause()
        public = [session.narrator.event(entry) for entry in session.rules.log(session._state) if entry.public]
        assert len(public) >= 3
        # Ana played last before Ben and Chloé: she is told both of their turns, not her own.
        assert session.public_feed(0) == tuple(public[-2:])
        text = screen_text(app)
        assert "Since your last turn:" in text
        for line in public[-2:]:
            assert line in text
        assert public[-3] not in text
        # The marks are saved: a resumed game tells the same story, and so does an older save without them.
        saved = SaveStore(save_dir).load(session.save_path)
        assert HotseatSession.resume(saved, app.store).public_feed(0) == tuple(public[-2:])
        old = type(saved)(saved.path, saved.save.model_copy(update={"log_marks": ()}), saved.state)
        assert HotseatSession.resume(old, app.store).public_feed(0) == tuple(public[-2:])


async def test_a_long_feed_scrolls_to_its_newest_line_and_cuts_nothing(save_dir) -> None:
    app = BoardGamesApp(save_dir=save_dir, handoff_delay=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_game(app, pilot, ["Ana", "Ben"], HanabiOptions(), "feed2")
        handoff = app.screen
        assert isinstance(handoff, PassDeviceScreen)
        lines = tuple(f"Line {n}: Ben (Sir Stephen) took a red token from the board and the defenders win; " f"end {n}." for n in range(30))
        handoff.prepare(game_title="Hanabi", player="Ana", position="Turn 9", feed=lines, seat=0)
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        text = " ".join(re.sub(r"[║▁▂▃▄▅▆▇█]", " ", text[text.index("Since your last turn"):]).split())
        assert "Line 29: Ben (Sir Stephen) took a red token from the board and the defenders win; end 29." in text
        assert "press Space when only you can see the screen" in text or "Wait…" in text
        assert "(↑ earlier news)" in text and "Line 0:" not in text
        for _ in range(6):
            await pilot.press("pageup")
        assert "Line 0: Ben" in screen_text(app)
        await pilot.press("pageup")
        assert "The first news is in view." in screen_text(app)
        await pilot.press("pagedown")
        assert "Line 0: Ben" not in screen_text(app)


def test_a_step_in_the_middle_of_a_turn_keeps_the_news_of_the_others_turns(tmp_path) -> None:
    from boardgames_tui.engine.rummikub.models import ArrangeRack, Draw
    from boardgames_tui.engine.saves import SaveStore

    store = SaveStore(tmp_path)
    session = HotseatSession.new("rummikub", ["Ana", "Ben"], default_options("rummikub"), store, seed="mid")
    first = session.acting_seat()
    assert first is not None
    second = 1 - first
    session.apply(first, Draw())
    session.apply(second, Draw())
    news = session.public_feed(first)
    assert any("drew a tile" in line and session.players[second] in line for line in news)
    tile = session.view(first).legal_actions
    arrange = next(a for a in tile if isinstance(a, ArrangeRack))
    session.apply(first, arrange)  # a free step: the turn goes on
    assert session.public_feed(first) == news
    resumed = HotseatSession.resume(store.load(session.save_path), store)  # quit and come back mid-turn
    assert resumed.public_feed(first) == news


def default_options(game_id: str):
    from boardgames_tui.engine.registry import get_game

    return get_game(game_id).rules().Options()


def test_a_wrapped_feed_line_continues_under_its_text_not_its_bullet() -> None:
    from boardgames_tui.tui.screens.pass_device import bulleted

    line = "小明打出了G1——已加入绿色烟花堆。" * 3 + " Bartholomew提示小明：第3、5位是红色。"
    rows = [row.plain for row in bulleted(line, 30)]
    assert len(rows) > 2 and rows[0].startswith("• 小明")  # the bullet is never alone on its row
    assert all(row.startswith("  ") and not row.startswith("   ") for row in rows[1:])
    assert all(cell_len(row) <= 30 for row in rows)
    assert "".join(row[2:] for row in rows).replace(" ", "") == line.replace(" ", "")  # nothing lost


async def test_a_long_log_line_in_chinese_wraps_under_its_text(make_app, in_chinese) -> None:
    from boardgames_tui.tui.screens.log import LogScreen

    line = "小明打出了G1——已加入绿色烟花堆。" * 6
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(LogScreen("花火", ("开始。", line), private=False))
        await pilot.pause()
        log = app.screen.query_one(RichLog)
        rows = ["".join(segment.text for segment in strip) for strip in log.lines]
        first = next(index for index, row in enumerate(rows) if "小明" in row)
        text_column = cell_len(rows[first][: rows[first].index("小明")])
        continuation = [row for row in rows[first + 1 :] if row.strip()]
        assert len(continuation) >= 2  # the line took several rows, each starting under the text
        for row in continuation:
            assert row[:text_column] == " " * text_column and row[text_column] != " ", row


async def test_the_feed_is_titled_by_whether_the_player_has_played_yet(make_app) -> None:
    """The news is said to be since the player's last turn only when they have had one; otherwise it is
    what happened so far (scrolled back or not)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_game(app, pilot, ["Ana", "Ben"], HanabiOptions(), "so-far")
        handoff = app.screen
        assert isinstance(handoff, PassDeviceScreen)
        for first_turn, title, not_title in ((True, "So far:", "Since your last turn"), (False, "Since your last turn:", "So far")):
            for news in (("Ana told Ben about his ones.",), tuple(f"Line {n}: Ana played R{n % 5 + 1}." for n in range(15))):
                handoff.prepare(
                    game_title="Hanabi", player="Ben", position="Turn 2", feed=news, seat=1, first_turn=first_turn
                )
                await pilot.pause()
                text = screen_text(app)
                assert title in text and not_title not in text, text
                assert ("(↑ earlier news)" in text) == (len(news) > 1), text


async def test_the_feed_title_in_chinese(make_app, in_chinese) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_game(app, pilot, ["Ana", "Ben"], HanabiOptions(), "so-far-zh")
        handoff = app.screen
        assert isinstance(handoff, PassDeviceScreen)
        for first_turn, title in ((True, "到目前为止："), (False, "自你上一回合以来：")):
            handoff.prepare(game_title="花火", player="Ben", position="第2回合", feed=("Ana提示Ben：第1位是1。",), seat=1, first_turn=first_turn)
            await pilot.pause()
            assert title in screen_text(app)


async def test_t_on_the_hanabi_handoff_shows_the_public_table_and_no_card(make_app) -> None:
    """`t` on the pass screen opens the table as everyone may see it: the fireworks, the discards and what
    each player was told, never a card of anybody's hand (the incoming player's own included)."""
    from boardgames_tui.tui.games import public_table
    from boardgames_tui.tui.games.hanabi.table import public_table as hanabi_public_table
    from boardgames_tui.tui.screens.panel import PanelScreen

    assert public_table("hanabi") is hanabi_public_table
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = await start_game(app, pilot, ["Ana", "Ben", "Cy"], HanabiOptions(), "public-t")
        await take_device(app, pilot)
        await pilot.press("c", "1")  # Ana tells Ben something
        clue = next(c for c in app.screen.clues if c.target == 1)
        await pilot.press(str(clue.rank) if isinstance(clue, NumberClue) else clue.suit.lower(), "enter")
        await pilot.pause()
        handoff = app.screen
        assert isinstance(handoff, PassDeviceScreen)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, PanelScreen) and not app.screen.PRIVATE
        text = screen_text(app)
        assert "the table, as everyone sees it" in text and "Fireworks" in text and "Discards" in text
        assert "*" in text, "what Ben was told is public"
        for hand in session._state.hands:  # no card of any hand, though the deck is still shuffled
            for held in hand:
                assert f" {held.card.label} " not in text
        await pilot.press("t")  # the same key closes it
        await pilot.pause()
        assert app.screen is handoff


def test_the_hanabi_public_table_refuses_a_seats_view() -> None:
    from boardgames_tui.engine.registry import get_game
    from boardgames_tui.tui.games.hanabi.table import public_table

    rules = get_game("hanabi").rules()
    state = rules.setup(("Ana", "Ben"), HanabiOptions(), "seat")
    public_table(rules.view(state, None))
    try:
        public_table(rules.view(state, 0))
    except ValueError:
        return
    raise AssertionError("a seat's View must not be drawn as the public table")
