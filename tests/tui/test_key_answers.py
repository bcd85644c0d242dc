"""The shared path for refused keys: a bound key that cannot act now says why, in one line, and the next
key clears it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from boardgames_tui.engine.hanabi.models import HanabiOptions
from boardgames_tui.engine.hanabi.rules import RULES as HANABI
from boardgames_tui.tui.screens.turn import TurnScreen

from .keys import status_text


class FakeTurn(TurnScreen):
    """A turn screen with one key that works, one refused with a reason and one refused without."""

    BINDINGS = [
        *TurnScreen.BINDINGS,
        Binding("w", "works", "Works"),
        Binding("x", "explained", "Explained"),
        Binding("y", "silent", "Silent"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        yield Static("count 0", id="count")

    count = 0

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action not in ("explained", "silent")

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        return "No clue tokens left: play or discard." if action == "explained" else None

    def action_works(self) -> None:
        self.count += 1
        self.query_one("#count", Static).update(f"count {self.count}")


async def show_fake(app, pilot) -> FakeTurn:
    view = HANABI.view(HANABI.setup(("Ana", "Ben"), HanabiOptions(), "keys"), 0)
    screen = FakeTurn(view, game_id="hanabi", title="Hanabi")
    await app.push_screen(screen)
    await pilot.pause()
    return screen


async def test_a_refused_key_says_the_screens_reason_and_the_next_key_clears_it(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_fake(app, pilot)
        await pilot.press("x")
        assert status_text(screen) == "✗ No clue tokens left: play or discard."
        await pilot.press("w")
        assert screen.count == 1
        assert status_text(screen) == ""


async def test_a_refused_key_without_a_reason_is_still_named(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_fake(app, pilot)
        await pilot.press("y")
        assert status_text(screen) == "✗ y (Silent) is not available right now."


async def test_a_letter_bound_to_nothing_says_so_and_other_keys_are_left_alone(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_fake(app, pilot)
        await pilot.press("o")
        assert status_text(screen) == "✗ o does nothing here; ? lists the keys."
        await pilot.press("f5")
        assert status_text(screen) == ""
        assert app.screen is screen


async def test_the_handoff_answers_every_key_and_shows_only_public_pages(make_app) -> None:
    from boardgames_tui.tui.screens.confirm import ConfirmScreen
    from boardgames_tui.tui.screens.help import HelpScreen
    from boardgames_tui.tui.screens.log import LogScreen
    from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
    from boardgames_tui.tui.screens.rules import RulesScreen

    from .helpers import screen_text, start_game

    app = make_app(handoff_delay=5.0)  # the pause lasts the whole test
    async with app.run_test(size=(80, 24)) as pilot:
        await start_game(app, pilot, ["Ana", "Ben"], HanabiOptions(), "keys")
        handoff = app.screen
        assert isinstance(handoff, PassDeviceScreen)
        await pilot.press("space")
        assert "Wait a moment: Space works once the pause is over." in screen_text(app)
        await pilot.press("t")  # the public table: what everyone may see, not a card of anyone's hand
        await pilot.pause()
        assert "Fireworks" in screen_text(app) and not getattr(app.screen, "PRIVATE", False)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is handoff
        for key, page in (("r", RulesScreen), ("l", LogScreen), ("question_mark", HelpScreen), ("escape", ConfirmScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, page), key
            assert not getattr(app.screen, "PRIVATE", False)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is handoff


async def test_space_bound_to_nothing_is_named(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_fake(app, pilot)
        await pilot.press("space")
        assert status_text(screen) == ""  # a space is not a letter: left alone
