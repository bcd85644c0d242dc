"""The "every key answers" check shared by every game's Pilot tests.

From one starting situation (a saved state, optionally a few keys pressed to reach a mode), each key bound on
the turn screen is pressed once, each time from the same situation: the press must change what the terminal
shows (an action applied, a mode or selection changed, another screen opened) or show its reason in the
status line. A silent key fails the test with its name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from textual.binding import Binding
from textual.pilot import Pilot
from textual.screen import Screen

from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.saves import SCHEMA_VERSION, SavedGame, SaveFile
from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.tui.screens.turn import TurnScreen
from boardgames_tui.tui.session import HotseatSession

from .helpers import game_id_of, screen_text

# Keys no player presses on a turn screen (the app's quit, the command palette), and Textual's own focus keys.
IGNORED_KEYS = frozenset(
    {"ctrl+c", "ctrl+q", "ctrl+p"}
    | {key.strip() for b in Screen.BINDINGS if isinstance(b, Binding) for key in b.key.split(",")}
)


def bound_keys(screen: TurnScreen) -> list[str]:
    """Every key bound on the screen, in the order they are declared (Textual's focus keys only when the
    game binds them itself, as Splendor Duel's Tab)."""
    textual_own = {b.action for b in Screen.BINDINGS if isinstance(b, Binding)}
    keys: list[str] = []
    for key, bindings in screen._bindings.key_to_bindings.items():
        ignored = key in IGNORED_KEYS and all(b.action in textual_own or key.startswith("ctrl+") for b in bindings)
        if key not in keys and not ignored:
            keys.append(key)
    return keys


async def show_state(app: BoardGamesApp, pilot: Pilot[Any], state: Any, setup_keys: Sequence[str] = ()) -> TurnScreen:
    """Resume `state` as a save, take the device and press `setup_keys`: the turn screen to test."""
    spec = get_game(game_id_of(state))
    save = SaveFile(
        schema_version=SCHEMA_VERSION,
        save_id="every-key",
        game_id=spec.id,
        players=state.players,
        options=state.options.model_dump(mode="json"),
        seed=state.seed,
        state=state.model_dump(mode="json"),
        created_at="2026-01-01T00:00:00+00:00",
        updated_at="2026-01-01T00:00:00+00:00",
    )
    session = HotseatSession.resume(SavedGame(app.store.path_for("every-key"), save, state), app.store)
    await app.start_session(session)
    if not isinstance(app.screen, TurnScreen):  # the handoff: hand over at once (its pause is tested elsewhere)
        seat = session.acting_seat()
        assert seat is not None
        app.show_seat(seat)
        await pilot.pause()
    for key in setup_keys:
        await pilot.press(key)
    await pilot.pause()
    assert isinstance(app.screen, TurnScreen), f"after {setup_keys} the screen is {app.screen!r}"
    return app.screen


def status_text(screen: Any) -> str:
    """The refusal line of a turn screen ('' when none is showing)."""
    for status in screen.query("#status"):
        if status.display and status.has_class("error"):
            return str(status.render())
    return ""


async def assert_every_key_answers(
    app: BoardGamesApp,
    pilot: Pilot[Any],
    state: Any,
    setup_keys: Sequence[str] = (),
    *,
    skip: Iterable[str] = (),
) -> dict[str, str]:
    """Press every key bound in the situation `state` + `setup_keys`, each from that same situation.

    Returns key -> what answered ("changed" or the refusal text), for tests that check a reason's wording.
    `skip` is for keys that rightly show nothing new in this situation (selecting the card already selected):
    test those from another situation instead.
    """
    screen = await show_state(app, pilot, state, setup_keys)
    keys = [key for key in bound_keys(screen) if key not in set(skip)]
    answers: dict[str, str] = {}
    for key in keys:
        screen = await show_state(app, pilot, state, setup_keys)
        before = screen_text(app)
        await pilot.press(key)
        await pilot.pause()
        after = screen_text(app)
        refusal = status_text(app.screen) if app.screen is screen else ""
        assert after != before or refusal, f"key {key!r} did nothing visible after {list(setup_keys)}"
        answers[key] = refusal or "changed"
    return answers
