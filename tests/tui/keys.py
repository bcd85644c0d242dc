"""The "every key answers" check shared by every game's Pilot tests.

From one starting situation (a saved state, optionally a few keys pressed to reach a mode), each key bound on
the turn screen is pressed once, each time from the same situation: the press must change what the terminal
shows (an action applied, a mode or selection changed, another screen opened) or show its reason in the
status line. A silent key fails the test with its name.

One app serves the whole sweep. The situation is shown afresh (the saved state resumed into the running app,
the setup keys pressed again) after every key that acted. A refused key usually leaves everything as it was:
once its reason is cleared (as the next key would clear it), the screen, the turn screen's own state and the
session are compared with the situation the key was pressed from, and when nothing differs the next key is
pressed from there instead of from a copy built afresh. Anything at all that differs (a mode dropped by the
refusal, a clock that ticked) and the situation is built afresh, so every key is still pressed from the very
same situation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields, is_dataclass
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


# What makes up a situation ---------------------------------------------------------------------------

_MISSING = object()
# Textual's own bookkeeping on a screen (queues, timers, the compositor): not the game's situation.
_TEXTUAL_MACHINERY = frozenset({"_message_queue", "_mounted_event"})
_textual_own: frozenset[str] | None = None
# Pauses allowed for the screen to settle back once a reason is cleared, before the situation is built afresh.
SETTLE_PAUSES = 3


def _frozen(value: Any) -> Any:
    """A copy of `value` that later changes made in place to its lists, dicts, sets and dataclasses (a menu
    and its highlight) do not reach."""
    if isinstance(value, dict):
        return {key: _frozen(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    if is_dataclass(value) and not isinstance(value, type):
        return (type(value), tuple(_frozen(getattr(value, f.name)) for f in fields(value)))
    return value


def _attributes(obj: Any, leave_out: frozenset[str]) -> dict[str, Any]:
    return {name: _frozen(value) for name, value in vars(obj).items() if name not in leave_out}


def _same_attributes(cls: type, now: dict[str, Any], then: dict[str, Any]) -> bool:
    """Whether two snapshots of an object agree; an attribute set on one side only is compared with the
    class's default (a flag such as `_error_showing` that is set on the instance once used)."""
    for name in now.keys() | then.keys():
        default = getattr(cls, name, _MISSING)
        if now.get(name, default) != then.get(name, default):
            return False
    return True


@dataclass
class Situation:
    """Everything a key press could depend on: what the terminal shows, the screens, the focus, every
    attribute of the turn screen (its mode, cursor, selection …) and of the session (the game state, the
    moves, the seat showing)."""

    text: str
    screen: TurnScreen
    stack: tuple[Screen[Any], ...]
    focused: Any
    screen_state: dict[str, Any]
    session: Any
    session_state: dict[str, Any]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Situation):
            return NotImplemented
        return (
            self.text == other.text
            and self.screen is other.screen
            and self.stack == other.stack
            and self.focused is other.focused
            and _same_attributes(type(self.screen), self.screen_state, other.screen_state)
            and self.session is other.session
            and _same_attributes(type(self.session), self.session_state, other.session_state)
        )


def situation(app: BoardGamesApp, screen: TurnScreen) -> Situation:
    global _textual_own
    if _textual_own is None:
        _textual_own = frozenset(vars(Screen())) | _TEXTUAL_MACHINERY
    return Situation(
        text=screen_text(app),
        screen=screen,
        stack=tuple(app.screen_stack),
        focused=app.focused,
        screen_state=_attributes(screen, _textual_own),
        session=app.session,
        session_state=_attributes(app.session, frozenset()) if app.session is not None else {},
    )


async def settle_back(app: BoardGamesApp, pilot: Pilot[Any], screen: TurnScreen, then: Situation) -> Situation | None:
    """The situation once the screen has laid itself out again (a cleared reason gives its line back), if it
    is `then` in every respect; None if it differs (it stopped changing, or it is still changing after
    SETTLE_PAUSES pauses)."""
    last: Situation | None = None
    for _ in range(SETTLE_PAUSES):
        await pilot.pause()
        now = situation(app, screen)
        if now == then:
            return now
        if now == last:
            return None  # settled, and not as it was
        last = now
    return None


async def assert_every_key_answers(
    app: BoardGamesApp,
    pilot: Pilot[Any],
    state: Any,
    setup_keys: Sequence[str] = (),
    *,
    skip: Iterable[str] = (),
    keep: Callable[[TurnScreen, str], bool] | None = None,
) -> dict[str, str]:
    """Press every key bound in the situation `state` + `setup_keys`, each from that same situation.

    Returns key -> what answered ("changed" or the refusal text), for tests that check a reason's wording.
    `skip` is for keys that rightly show nothing new in this situation (selecting the card already selected):
    test those from another situation instead. `keep(screen, key)`, when given, chooses the keys to press
    among the bound ones.
    """
    screen = await show_state(app, pilot, state, setup_keys)
    skipped = set(skip)
    keys = [key for key in bound_keys(screen) if key not in skipped and (keep is None or keep(screen, key))]
    answers: dict[str, str] = {}
    start: Situation | None = situation(app, screen)  # the situation the next key is pressed from
    for index, key in enumerate(keys):
        if start is None:
            screen = await show_state(app, pilot, state, setup_keys)
            start = situation(app, screen)
        before = start.text
        await pilot.press(key)
        await pilot.pause()
        after = screen_text(app)
        refusal = status_text(app.screen) if app.screen is screen else ""
        assert after != before or refusal, f"key {key!r} did nothing visible after {list(setup_keys)}"
        answers[key] = refusal or "changed"
        pressed_from, start = start, None
        if refusal and index + 1 < len(keys):
            screen.clear_refusal()  # what the app does first on the next key
            start = await settle_back(app, pilot, screen, pressed_from)
    return answers
