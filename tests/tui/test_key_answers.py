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


async def test_an_unbound_key_is_left_alone(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_fake(app, pilot)
        await pilot.press("z")
        assert status_text(screen) == ""
        assert app.screen is screen
