"""Timed Rummikub turns (issue #25, section 4): recording the clock never closes, reopens or redraws a page
opened over the turn (rules, help, log, score sheet), the clock pauses under such a page, reads 0:00 once the
time is up, and belongs to one turn: a computer's turn shows none, the person's next turn starts afresh."""

from __future__ import annotations

from typing import Any

import pytest

from boardgames_tui.engine.base import event

from boardgames_tui.engine.rummikub.models import TimeUp
from boardgames_tui.tui.games.rummikub import screen as screen_module
from boardgames_tui.tui.games.rummikub.screen import RummikubTurnScreen
from boardgames_tui.tui.screens.help import HelpScreen
from boardgames_tui.tui.screens.log import LogScreen
from boardgames_tui.tui.screens.panel import PanelScreen
from boardgames_tui.tui.screens.rules import RulesScreen
from boardgames_tui.tui.screens.turn import TurnScreen
from boardgames_tui.tui.widgets.news import NewsStrip

from ..engine.rummikub.helpers import build, vbuild
from .helpers import resume_state, wait_until
from .test_rummikub_table_handling import wait_for_person, with_computers

PAGES = (("r", RulesScreen), ("question_mark", HelpScreen), ("l", LogScreen), ("s", PanelScreen))


def header(screen: RummikubTurnScreen) -> str:
    return str(screen.query_one("#rk-header").render())


def turn_screens(app: Any) -> int:
    return sum(isinstance(screen, TurnScreen) for screen in app.screen_stack)


@pytest.fixture
def quick_records(monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock records its time every second (five by default), and its seconds last a fifth of one, so a
    test sees a record soon."""
    monkeypatch.setattr(screen_module, "CLOCK_RECORD_SECONDS", 1)
    monkeypatch.setattr(screen_module, "CLOCK_SECOND", TICK)


TICK = 0.2  # a clock second under quick_records, in real seconds


@pytest.mark.parametrize("resumed", [False, True], ids=["fresh turn", "resumed turn"])
async def test_pages_over_a_timed_turn_stay_open_and_the_clock_waits(make_app, quick_records, resumed: bool) -> None:
    state = vbuild("american", ["R3 R4 K9 K10", "B1 B2", "O7 O8"], phase="draw", options={"turn_timer": "120 s"})
    if resumed:
        state = state.model_copy(update={"clock": 50})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        assert isinstance(screen, RummikubTurnScreen)
        start = 50 if resumed else 120
        # A clock second here is TICK real seconds, so a busy machine may already have ticked once or twice.
        left = screen.seconds_left
        assert left is not None and start - 3 < left <= start, (start, left)
        assert f"⏱ {left // 60}:{left % 60:02d}" in header(screen)
        for key, page in PAGES:
            await pilot.press(key)
            # a busy machine may take longer than a tick to draw the page: the clock is read once it covers the turn
            await wait_until(pilot, lambda: isinstance(app.screen, page), f"the page of {key}", 5)
            left = screen.seconds_left
            await pilot.pause(TICK * 1.6)  # longer than a tick and a record
            assert isinstance(app.screen, page), (key, app.screen)
            assert screen.seconds_left == left, "the clock waits while a page covers the turn"
            assert turn_screens(app) == 1
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen
        # Back at the table the clock runs again and its time is recorded in the game (so saved).
        left = screen.seconds_left
        assert left is not None
        await wait_until(pilot, lambda: session._state.clock is not None and session._state.clock < left, "a record", 4)
        assert app.screen is screen and turn_screens(app) == 1
        # A page opened right after a record stays open too.
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules", 5)
        await pilot.pause(TICK * 1.6)
        assert isinstance(app.screen, RulesScreen)


async def test_a_clock_record_sent_just_before_a_page_opens_leaves_the_page_open(make_app) -> None:
    """The clock's record is a message: a page opened while it is on its way (a key in the same instant) stays
    open, and the turn screen under it takes the record (a CI run once saw the log page close at once)."""
    state = vbuild("american", ["R3 R4 K9 K10", "B1 B2", "O7 O8"], phase="draw", options={"turn_timer": "120 s"})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        assert isinstance(screen, RummikubTurnScreen)
        screen.seconds_left = 115
        screen._record_clock()  # on its way to the app...
        await app.push_screen(LogScreen("Rummikub", ("a line",), private=True))  # ...as the log page opens
        await pilot.pause()
        await wait_until(pilot, lambda: session._state.clock == 115, "the record")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen), app.screen
        assert turn_screens(app) == 1 and screen in app.screen_stack
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_the_clock_reads_0_00_when_the_time_runs_out(make_app, quick_records) -> None:
    state = vbuild("american", ["R3 R4 K9 K10", "B1 B2", "O7 O8"], phase="draw", options={"turn_timer": "30 s"})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        await pilot.press("d")
        shown_at_time_up: list[str] = []
        submit = screen.submit

        def spy(action: Any) -> None:
            if isinstance(action, TimeUp):  # what the clock reads as the turn ends for want of time
                shown_at_time_up.append(header(screen))
            submit(action)

        screen.submit = spy  # type: ignore[method-assign]
        screen.seconds_left = 2
        await wait_until(pilot, lambda: session._state.phase == "discard", "the time to run out", 5)
        await pilot.pause()
        assert len(shown_at_time_up) == 1 and "⏱ 0:00" in shown_at_time_up[0], shown_at_time_up
        assert "⏱ 0:00" in header(screen)
        await pilot.pause(TICK * 2)  # longer than a tick
        assert "⏱ 0:00" in header(screen)  # and it stays there: only the discard is left


async def test_a_resumed_turn_whose_time_ran_out_reads_0_00(make_app, quick_records) -> None:
    state = vbuild(
        "international", ["R10 R11 K9", "B1 B2", "O7 O8"], phase="discard", options={"turn_timer": "30 s"}, clock=7
    )
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await resume_state(app, pilot, state)
        screen = app.screen
        assert "⏱ 0:00" in header(screen)
        await pilot.pause(TICK * 2)  # longer than a tick
        assert "⏱ 0:00" in header(screen) and screen.seconds_left == 0


async def test_each_turn_has_its_own_clock_and_a_computers_turn_shows_none(make_app) -> None:
    state = build(["R5 B9 K1 O12", "K2 K3 K4 O1"], ["B9 B10 B11", "R1 R2 R3"], options=None)
    state = state.model_copy(update={"options": state.options.model_copy(update={"turn_timer": "30 s"})})
    app = make_app(computer_pause=0.6)
    async with app.run_test(size=(100, 30)) as pilot:
        session = with_computers(app, state, (None, "hard"))
        await app.start_session(session)
        screen = await wait_for_person(app, pilot, session)
        screen.seconds_left = 12  # most of the turn went by
        await pilot.press("d")  # the draw ends Ana's turn; Ben thinks on her screen
        await wait_until(pilot, lambda: app.computer_thinking is not None, "Ben to think", 5)
        await pilot.pause(0.3)
        assert "⏱" not in header(screen) and "Ben to play" in header(screen)
        await wait_for_person(app, pilot, session)
        # Her new turn has the whole 30 s again, not the 12 left of the last (a second may tick by on a busy
        # machine before the check).
        left = screen.seconds_left
        assert left is not None and left >= 29 and f"⏱ 0:{left:02d}" in header(screen)
        assert not screen._timed_out


async def test_news_hidden_with_z_stays_hidden_while_the_clock_records(make_app, quick_records) -> None:
    state = vbuild("american", ["R3 R4 K9 K10", "B1 B2", "O7 O8"], phase="draw", options={"turn_timer": "120 s"})
    state = state.model_copy(update={"log": (event("first_player_trump", seat=0, trump="O13"),)})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        strip = app.screen.query_one(NewsStrip)
        assert strip.lines  # the news since Ana last looked
        await pilot.press("z")
        assert not strip.lines
        await wait_until(pilot, lambda: session._state.clock is not None, "a record of the clock", 4)
        await pilot.pause()
        assert not strip.lines and strip.has_class("-empty")
