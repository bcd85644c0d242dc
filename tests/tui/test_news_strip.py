"""What just happened, on the turn screen itself: the news strip every game's turn screen shows, with or
without a handoff before it; the computers' pace (slow / normal / fast / step); and the proof that the strip
never says what its seat may not know."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardgames_tui.bots import BOTS
from boardgames_tui.engine.registry import GAMES, get_game
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.tui.screens.menu import MainMenuScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.screens.turn import TurnScreen
from boardgames_tui.tui.session import HotseatSession
from boardgames_tui.tui.settings import load_settings
from boardgames_tui.tui.widgets.keybar import KeyBar
from boardgames_tui.tui.widgets.news import NEW_MARK, NewsStrip
from tests.test_record_no_leak import positions, resampled
from tests.test_records import folders, store  # noqa: F401 - the same save folder as the records' tests

from .helpers import screen_text, wait_until
from .test_computers import PLAYERS, play_own_turn, seat_count, wait_for_person


def strip_of(app: Any) -> NewsStrip:
    return app.screen.query_one(NewsStrip)


def strip_text(app: Any) -> str:
    strip = strip_of(app)
    return "" if strip.has_class("-empty") else strip.shown


def computer_level(game_id: str) -> str:
    return "easy" if "easy" in BOTS[game_id] else "random"


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_a_lone_person_sees_the_computers_moves_on_the_turn_screen(make_app: Any, game_id: str) -> None:
    count = seat_count(game_id)
    computers = (None, *(computer_level(game_id),) * (count - 1))
    app = make_app()
    async with app.run_test(size=(110, 32)) as pilot:
        session = HotseatSession.new(game_id, PLAYERS[:count], get_game(game_id).rules().Options(), app.store, seed="7", computers=computers)
        await app.start_session(session)
        await wait_for_person(app, pilot, "the person's first turn")
        await play_own_turn(app, pilot, 0)
        await wait_for_person(app, pilot, "the person's next turn")
        # The deal is seeded: the game goes on and the person decides next (else choose another seed).
        assert session.outcome() is None and session.acting_seat() == 0, "the game ended or another seat decides"
        screen = app.screen
        assert isinstance(screen, TurnScreen) and screen.seat == 0
        news = session.news_for(0)
        assert any(name in line for line in news for name in PLAYERS[1:count]), news
        shown = strip_text(app)
        for line in news:
            assert line in shown
        assert NEW_MARK in shown
        assert screen.previous_view is not None, "the screen can mark what changed since the person's last turn"


async def test_the_strip_says_what_the_handoff_said_and_stays_until_the_person_acts(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=(110, 32)) as pilot:
        rules = get_game("hanabi").rules()
        session = HotseatSession.new("hanabi", ("Ana", "Ben"), rules.Options(), app.store, seed="5")
        await app.start_session(session)
        for seat in (0, 1):
            handoff = app.screen
            assert isinstance(handoff, PassDeviceScreen)
            await wait_until(pilot, lambda: handoff.armed, "the handoff to arm")
            await pilot.press("space")
            await wait_until(pilot, lambda: isinstance(app.screen, TurnScreen), "the turn screen")
            await play_own_turn(app, pilot, seat)
        handoff = app.screen
        assert isinstance(handoff, PassDeviceScreen)
        feed = session.public_feed(0)
        await wait_until(pilot, lambda: handoff.armed, "the handoff to arm")
        await pilot.press("space")
        await wait_until(pilot, lambda: isinstance(app.screen, TurnScreen), "Ana's turn")
        assert session.news_for(0) == feed, "Hanabi has no secret events: the same news as the handoff"
        shown = strip_text(app)
        assert all(line in shown for line in feed)
        await pilot.press("?")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert strip_text(app) == shown, "the news stays while the person looks around"


async def test_z_hides_the_news_and_shows_the_last_moves_again(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=(110, 32)) as pilot:
        rules = get_game("splendor_duel").rules()
        session = HotseatSession.new("splendor_duel", ("Ana", "Ben"), rules.Options(), app.store, seed="3", computers=(None, "random"))
        await app.start_session(session)
        await wait_for_person(app, pilot, "Ana's first turn")
        await play_own_turn(app, pilot, 0)
        await wait_for_person(app, pilot, "Ana's second turn")
        news = session.news_for(0)
        assert news and news[-1] in strip_text(app)
        await pilot.press("z")
        await pilot.pause()
        assert strip_text(app) == ""
        await pilot.press("z")
        await pilot.pause()
        assert news[-1] in strip_text(app)


def key_bar_text(app: Any) -> str:
    return str(app.screen.query_one(KeyBar).render())


async def ana_against_a_computer(app: Any, pilot: Any, game_id: str = "splendor_duel") -> TurnScreen:
    rules = get_game(game_id).rules()
    count = seat_count(game_id)
    computers = (None, *(computer_level(game_id),) * (count - 1))
    session = HotseatSession.new(game_id, PLAYERS[:count], rules.Options(), app.store, seed="3", computers=computers)
    await app.start_session(session)
    await wait_for_person(app, pilot, "Ana's first turn")
    screen = app.screen
    assert isinstance(screen, TurnScreen)
    return screen


@pytest.mark.parametrize("game_id", ["splendor_duel", "lifeboat"])
async def test_a_story_longer_than_the_strip_opens_at_its_start_and_z_reads_on_before_it_hides(make_app: Any, game_id: str) -> None:
    # A tester saw a computer's royal card in the strip without the purchase that brought it: a long turn
    # opened scrolled to its end, and the strip cannot be focused, so no key brought its start back.
    app = make_app()
    async with app.run_test(size=(110, 32)) as pilot:
        screen = await ana_against_a_computer(app, pilot, game_id)
        story = tuple(f"Ben's move number {number} of a long turn" for number in range(1, 15))
        screen.set_news(story, screen.previous_view)
        await pilot.pause()
        strip = strip_of(app)
        assert strip.max_scroll_y > 0, "fourteen lines fit the strip: the story is too short to test"
        assert strip.scroll_y == 0 and strip.more_below
        assert story[0] in screen_text(app)
        assert "z More news" in key_bar_text(app)
        seen = {line for line in story if line in screen_text(app)}
        for _ in range(len(story)):
            if not strip.more_below:
                break
            before = strip.scroll_y
            await pilot.press("z")
            await pilot.pause()
            assert strip.scroll_y > before, "z reads on"
            assert strip.lines == story, "reading on does not hide the news"
            seen |= {line for line in story if line in screen_text(app)}
        assert seen == set(story), "every line was in view at some point"
        assert "z News" in key_bar_text(app) and "More news" not in key_bar_text(app)
        await pilot.press("z")
        await pilot.pause()
        assert strip_text(app) == "", "at the end of the story z hides it"
        await pilot.press("z")
        await pilot.pause()
        assert strip.scroll_y == 0 and story[0] in screen_text(app), "shown again, it opens at the start"


async def test_lines_added_while_the_person_watches_open_at_the_first_added(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=(110, 32)) as pilot:
        screen = await ana_against_a_computer(app, pilot)
        earlier = ("Ben took 3 tokens", "Ben reserved a card", "Ana took a privilege")
        screen.set_news(earlier, screen.previous_view)
        await pilot.pause()
        added = tuple(f"Ben's move number {number}" for number in range(1, 12))
        screen.set_news(earlier + added, screen.previous_view)
        await pilot.pause()
        strip = strip_of(app)
        assert strip.max_scroll_y > len(earlier), "the added lines fit: the story is too short to test"
        assert strip.scroll_y == len(earlier), "the first added line is the top row (each line is one row here)"
        assert added[0] in screen_text(app) and earlier[0] not in screen_text(app)
        screen.set_news(earlier + added[:1], screen.previous_view)  # a new, short story: it all fits
        await pilot.pause()
        assert strip.max_scroll_y == 0 and earlier[0] in screen_text(app)


async def test_the_opening_holds_when_the_strip_settles_to_another_size(make_app: Any) -> None:
    # A tester's strip, grown by two lines after their purchase, showed its start rather than the two new
    # lines: it opened while it had room for everything, then the screen gave it fewer rows.
    app = make_app()
    async with app.run_test(size=(100, 24)) as pilot:
        screen = await ana_against_a_computer(app, pilot)
        story = ("Ben took 3 tokens", "Ben reserved a card", "Ana took a privilege")
        screen.set_news(story, screen.previous_view)
        await pilot.pause()
        strip = strip_of(app)
        grown = (*story, "Ana bought a level-1 blue card", "Ana will take an extra turn")
        strip.styles.max_height = 20  # while the rest of the screen redraws, the strip has room for it all
        screen.set_news(grown, screen.previous_view)
        await pilot.pause()
        assert strip.max_scroll_y == 0 and strip.scroll_y == 0, "everything fits: nothing to scroll yet"
        strip.styles.max_height = 2  # then the screen gives it the rows its other parts leave
        await pilot.pause()
        await pilot.pause()
        assert strip.max_scroll_y >= len(story), "two rows cannot hold the story"
        assert strip.scroll_y == len(story), "the first added line is the top row"
        assert "Ana bought a level-1 blue card" in screen_text(app)


async def test_the_strip_is_empty_before_anything_happened(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=(110, 32)) as pilot:
        rules = get_game("splendor_duel").rules()
        session = HotseatSession.new("splendor_duel", ("Ana", "Ben"), rules.Options(), app.store, seed="3", computers=(None, "random"))
        await app.start_session(session)
        await wait_for_person(app, pilot, "Ana's first turn")
        assert session.news_for(0) == tuple(session.log_lines(0))
        if not session.news_for(0):
            assert strip_of(app).has_class("-empty"), "no empty box when nothing happened"
            await pilot.press("z")  # nothing new: the last moves of the log, none yet
            await pilot.pause()


# The strip never says what its seat may not know ------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_news_of_a_seat_is_the_same_whatever_that_seat_cannot_see(store: SaveStore, game_id: str) -> None:  # noqa: F811
    rng = random.Random(25)
    for saved in positions(store, game_id):
        seats = len(saved.save.players)
        for seat in range(seats):
            marks = tuple(rng.randrange(-1, len(saved.state.log)) for _seat in range(seats))
            save = saved.save.model_copy(update={"log_marks": marks})
            news = HotseatSession(get_game(game_id), save, saved.state, store).news_for(seat)
            for _again in range(3):
                other = resampled(saved, seat, rng)
                again = HotseatSession(get_game(game_id), other.save.model_copy(update={"log_marks": marks}), other.state, store)
                assert again.news_for(seat) == news, (game_id, seat)


def test_the_proof_would_catch_news_that_read_another_seats_secrets(store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    from boardgames_tui.engine.base import Event

    monkeypatch.setattr(Event, "seen_by", lambda entry, seat: entry)  # every secret shown to everyone
    caught = []
    for game_id in ("rummikub", "lifeboat"):
        for saved in positions(store, game_id):
            marks = tuple(-1 for _seat in saved.save.players)
            save = saved.save.model_copy(update={"log_marks": marks})
            news = HotseatSession(get_game(game_id), save, saved.state, store).news_for(0)
            other = resampled(saved, 0, random.Random(3))
            again = HotseatSession(get_game(game_id), other.save.model_copy(update={"log_marks": marks}), other.state, store)
            try:
                caught.append(again.news_for(0) != news)
            except TypeError:  # the made-up arguments reached the narrator: read all the same
                caught.append(True)
    assert any(caught)


# The computers' pace -------------------------------------------------------------------------------------------


async def test_the_pace_is_chosen_in_the_menu_and_remembered(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=(110, 32)) as pilot:
        assert isinstance(app.screen, MainMenuScreen)
        assert app.computer_pace == "normal"
        await pilot.press("p")
        await pilot.pause()
        assert app.computer_pace == "fast"
        assert load_settings().computer_pace == "fast"
        await pilot.press("p")
        await pilot.pause()
        assert app.computer_pace == "step"
        assert load_settings().computer_pace == "step"
        assert "step by step" in str(app.screen.query_one("#menu").get_option("pace").prompt)
    assert make_app().computer_pace == "step", "a new start keeps the pace, like the language"


def test_the_pace_scales_the_pause_of_each_computers_move(make_app: Any) -> None:
    app = make_app(computer_pause=1.0)
    pauses = {}
    for pace in ("slow", "normal", "fast", "step"):
        app.computer_pace = pace
        pauses[pace] = app.move_pause(continuing=False)
        assert app.move_pause(continuing=True) < pauses[pace] or pauses[pace] == 0
    assert pauses["slow"] > pauses["normal"] == 1.0 > pauses["fast"] > pauses["step"] == 0.0


async def test_step_by_step_the_computers_move_waits_for_space(make_app: Any) -> None:
    app = make_app()
    async with app.run_test(size=(110, 32)) as pilot:
        app.computer_pace = "step"
        rules = get_game("splendor_duel").rules()
        session = HotseatSession.new("splendor_duel", ("Ana", "Ben"), rules.Options(), app.store, seed="3", computers=(None, "random"))
        await app.start_session(session)  # Ben (the computer) starts
        await wait_until(pilot, lambda: app._step_gate is not None, "the computer's move to be ready")
        recorded = session.actions_recorded
        await pilot.pause(0.3)
        assert session.actions_recorded == recorded, "the move waits for the key"
        assert "Space" in app.keybar_notice
        await pilot.press("space")
        await wait_until(pilot, lambda: session.actions_recorded > recorded, "the computer's move")

