"""Shared steps for the Pilot tests: start or resume a game, get past the handoff screen, read the screen as
text, render one turn screen on its own."""

from __future__ import annotations

import os
import time
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.pilot import Pilot

from boardgames_tui.engine.registry import GAMES, GameSpec, get_game
from boardgames_tui.engine.saves import SCHEMA_VERSION, SavedGame, SaveFile
from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.tui.games import turn_screen_class as games_turn_screen_class
from boardgames_tui.narration import narrator_class
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.screens.picker import GamePickerScreen
from boardgames_tui.tui.screens.setup import SetupScreen
from boardgames_tui.tui.screens.turn import TurnScreen
from boardgames_tui.tui.session import HotseatSession

if TYPE_CHECKING:
    from boardgames_tui.tui.games.hanabi.screen import HanabiTurnScreen


async def start_game(
    app: BoardGamesApp, pilot: Pilot[Any], players: list[str], options: Any, seed: str, game_id: str = "hanabi"
) -> HotseatSession:
    session = HotseatSession.new(game_id, players, options, app.store, seed=seed)
    await app.start_session(session)
    await pilot.pause()
    return session


async def take_device(app: BoardGamesApp, pilot: Pilot[Any]) -> None:
    """Wait out the handoff pause, then press Space as the incoming player."""
    assert isinstance(app.screen, PassDeviceScreen)
    handoff = app.screen
    while not handoff.armed:
        await pilot.pause(0.005)
    await pilot.press("space")
    await pilot.pause()


def screen_text(app: BoardGamesApp) -> str:
    """Everything the terminal shows, as plain text: the lines Textual's compositor would write, screens
    behind a modal one included. Read straight from the compositor (Textual's private parts, used only
    here): exporting an SVG screenshot and stripping its tags took about a fifth of the Pilot tests' time."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return "\n".join("".join(strip.text for strip in line) for line in update.strips)


async def news_pages(app: BoardGamesApp, pilot: Pilot[Any]) -> list[str]:
    """The screen as the person reads a long news strip: shown as it opens, then after each z that reads on
    (a story longer than the strip opens at its start)."""
    from boardgames_tui.tui.widgets.news import NewsStrip

    strip = app.screen.query_one(NewsStrip)
    pages = [screen_text(app)]
    while strip.more_below and len(pages) < 50:
        await pilot.press("z")
        await pilot.pause()
        pages.append(screen_text(app))
    return pages


async def wait_until(pilot: Pilot[Any], predicate: Callable[[], bool], what: str, timeout: float = 5.0) -> None:
    """Let the app run until `predicate()` holds; fail naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}; screen is {pilot.app.screen!r}")
        await pilot.pause(0.01)


async def wait_for_handoff(app: BoardGamesApp, pilot: Pilot[Any], what: str = "a handoff screen") -> PassDeviceScreen:
    """Wait until the handoff screen is showing and return it."""
    await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), what)
    assert isinstance(app.screen, PassDeviceScreen)
    return app.screen


async def reveal(app: BoardGamesApp, pilot: Pilot[Any]) -> HanabiTurnScreen:
    """On a handoff screen: wait out the pause, press Space, return the private turn screen."""
    from boardgames_tui.tui.games.hanabi.screen import HanabiTurnScreen

    handoff = app.screen
    assert isinstance(handoff, PassDeviceScreen)
    await wait_until(pilot, lambda: handoff.armed, "the handoff screen to arm")
    await pilot.press("space")
    await wait_until(pilot, lambda: isinstance(app.screen, HanabiTurnScreen), "the turn screen")
    assert isinstance(app.screen, HanabiTurnScreen)
    return app.screen


async def open_setup(app: BoardGamesApp, pilot: Pilot[Any]) -> SetupScreen:
    """Main menu -> n -> picker (Hanabi is first) -> Enter: the setup screen."""
    await pilot.press("n")
    assert isinstance(app.screen, GamePickerScreen)
    await pilot.press("enter")
    assert isinstance(app.screen, SetupScreen)
    return app.screen


async def start_from_setup(app: BoardGamesApp, pilot: Pilot[Any]) -> PassDeviceScreen:
    """On the setup screen: Ctrl+S starts the game; return the first handoff screen."""
    await pilot.press("ctrl+s")
    return await wait_for_handoff(app, pilot, "the first handoff")


async def reveal_any(app: BoardGamesApp, pilot: Pilot[Any]) -> Any:
    """On a handoff screen: wait out the pause, press Space, return whatever private screen follows."""
    handoff = app.screen
    assert isinstance(handoff, PassDeviceScreen)
    await wait_until(pilot, lambda: handoff.armed, "the handoff screen to arm")
    await pilot.press("space")
    await wait_until(pilot, lambda: app.screen is not handoff, "the turn screen")
    return app.screen


def game_id_of(state: Any) -> str:
    """The id of the registered game whose rules keep this kind of state."""
    package = type(state).__module__.rpartition(".")[0]  # boardgames_tui.engine.<game>
    for spec in GAMES.values():
        if spec.rules_path.startswith(package + ".") and isinstance(state, spec.rules().State):
            return spec.id
    raise LookupError(f"no registered game keeps a {type(state).__name__}")


def turn_screen_class(spec: GameSpec) -> type[TurnScreen]:
    """The game's private turn screen, found from its id as the app finds it (tui/games)."""
    cls = games_turn_screen_class(spec.id)
    assert issubclass(cls, TurnScreen)
    return cls


def saved_session(
    app: BoardGamesApp, state: Any, game_id: str | None = None, computers: tuple[str | None, ...] = ()
) -> HotseatSession:
    """`state` as a saved game of `app`'s store, resumed (not shown yet). The game is `game_id`, by default
    the one whose rules keep this kind of state; `computers` gives the computer level of each seat (None: a
    person; empty: everyone is a person)."""
    spec = get_game(game_id or game_id_of(state))
    save_id = f"{spec.id}-test"
    save = SaveFile(
        schema_version=SCHEMA_VERSION,
        save_id=save_id,
        game_id=spec.id,
        players=state.players,
        options=state.options.model_dump(),
        seed=state.seed,
        state=state.model_dump(mode="json"),
        created_at="2026-01-01T00:00:00+00:00",
        updated_at="2026-01-01T00:00:00+00:00",
        computers=computers,
    )
    return HotseatSession.resume(SavedGame(app.store.path_for(save_id), save, state), app.store)


async def resume_state(
    app: BoardGamesApp, pilot: Pilot[Any], state: Any, game_id: str | None = None
) -> HotseatSession:
    """Resume `state` as a saved game and take the device: the first player's turn screen is showing.

    The game is `game_id`, by default the one whose rules keep this kind of state.
    """
    session = saved_session(app, state, game_id)
    spec = session.spec
    await app.start_session(session)
    await take_device(app, pilot)
    assert isinstance(app.screen, turn_screen_class(spec))
    assert narrator_class(spec.id)(()).title in app.screen.game_title
    return session


class ViewerApp(App[None]):
    """One seat's turn screen for a fixed view, outside any session (game id and title from the registry)."""

    def __init__(self, screen_class: type[TurnScreen], view: Any) -> None:
        super().__init__()
        self.screen_class = screen_class
        self.view = view

    def on_mount(self) -> None:
        spec = next(spec for spec in GAMES.values() if games_turn_screen_class(spec.id) is self.screen_class)
        self.push_screen(self.screen_class(self.view, game_id=spec.id, title=narrator_class(spec.id)(()).title))


async def rendered(screen_class: type[TurnScreen], view: Any, keys: tuple[str, ...] = ()) -> str:
    """The text a `screen_class` turn screen for `view` shows at 100x30, after pressing `keys`."""
    app = ViewerApp(screen_class, view)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
            await pilot.pause()
        return screen_text(app)


def reload_made_up(path: Path) -> SavedGame:
    """Read back a game that a test began from a made-up state (`resume_state`), after a restart.

    The store rebuilds every save from its deal and moves and refuses one whose state they do not make, so
    it rightly refuses these files: no deal leads to a state a test wrote by hand. This reads the file as the
    store does once that check has passed, so the rest of the resume path is tested all the same.
    """
    save = SaveFile.model_validate_json(path.read_text(encoding="utf-8"))
    state = get_game(save.game_id).rules().State.model_validate(save.state)
    return SavedGame(path, save, state)


def process_gone(pid: int) -> bool:
    """Whether no process has this id any more."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False
