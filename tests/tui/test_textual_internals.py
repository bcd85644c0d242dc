"""tui/textual_internals.py: the private parts of Textual the app relies on. When a Textual release moves
any of them, this fails here, naming what to look at, instead of the app misbehaving somewhere else."""

from __future__ import annotations

import inspect
import re
from importlib.metadata import version
from pathlib import Path

import textual
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

import boardgames_tui
from boardgames_tui.tui import textual_internals
from boardgames_tui.tui.textual_internals import RepaintWhenToastGoes, action_target, binding_chain, dispatch_key, has_notifications

PACKAGE = Path(boardgames_tui.__file__).parent
PYPROJECT = PACKAGE.parent / "pyproject.toml"


def test_textual_is_the_version_this_module_was_checked_against() -> None:
    pinned = re.search(r'"textual==([^"]+)"', PYPROJECT.read_text(encoding="utf-8"))
    assert pinned is not None, "Textual is pinned exactly"
    assert version("textual") == pinned.group(1)


def test_no_other_module_touches_textual_privates() -> None:
    private = re.compile(r"from textual\._|\._modal_binding_chain|\._parse_action|\._notifications|\._dispatch_key|_unnotify")
    found = [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if path.name != "textual_internals.py" and private.search(path.read_text(encoding="utf-8"))
    ]
    assert not found


def test_unbound_keys_end_where_textuals_own_key_handler_ends() -> None:
    assert "dispatch_key(self, event)" in inspect.getsource(App._on_key)
    assert dispatch_key is textual._dispatch_key.dispatch_key  # type: ignore[attr-defined]


class Inner(ModalScreen[None]):
    BINDINGS = [Binding("x", "mark('inner')", "Inner x"), Binding("y", "app.bell", "Bell")]

    def compose(self) -> ComposeResult:
        yield Static("inner")


class Outer(Screen[None]):
    BINDINGS = [Binding("x", "mark('outer')", "Outer x"), Binding("z", "mark('z')", "Zed")]

    def compose(self) -> ComposeResult:
        yield Static("outer")


class Probe(App[None]):
    BINDINGS = [Binding("ctrl+c", "quit", "Quit")]


async def test_the_binding_chain_lists_every_binding_and_stops_at_a_modal_screen() -> None:
    app = Probe()
    async with app.run_test() as pilot:
        await app.push_screen(Outer())
        await pilot.pause()
        chain = binding_chain(app.screen)
        nodes = [node for node, _ in chain]
        assert nodes[0] is app.screen and nodes[-1] is app  # the screen first, the app last
        keys = {key for _, bindings in chain for key in bindings}
        assert {"x", "z", "ctrl+c"} <= keys
        await app.push_screen(Inner())
        await pilot.pause()
        chain = binding_chain(app.screen)
        assert [binding.description for _, bindings in chain for binding in bindings.get("x", [])] == ["Inner x"]
        assert not any("z" in bindings for _, bindings in chain), "a modal screen hides what is under it"
        target, name, parameters = action_target(app, "mark('inner')", app.screen)
        assert (target, name, parameters) == (app.screen, "mark", ("inner",))
        target, name, parameters = action_target(app, "app.bell", app.screen)
        assert (target, name, parameters) == (app, "bell", ())


async def test_notifications_are_seen_while_up_and_gone_once_cleared() -> None:
    app = Probe()
    async with app.run_test() as pilot:
        assert not has_notifications(app)
        app.notify("hello")
        await pilot.pause()
        assert has_notifications(app)
        app.clear_notifications()
        await pilot.pause()
        assert not has_notifications(app)


class Repainting(RepaintWhenToastGoes):
    def __init__(self) -> None:
        super().__init__()
        self.repaints: list[dict[str, bool]] = []

    def on_mount(self) -> None:
        screen = self.screen
        refresh = screen.refresh

        def counted(*regions: object, **kwargs: bool) -> object:
            if kwargs.get("layout") and kwargs.get("repaint"):
                self.repaints.append(kwargs)
            return refresh(*regions, **kwargs)

        screen.refresh = counted  # type: ignore[method-assign]


async def test_the_screen_is_laid_out_and_painted_again_once_a_toast_goes_by_time_or_by_click() -> None:
    # Toasts end in App._unnotify, whether they time out or are clicked (Toast._expire).
    toast = inspect.getsource(textual.widgets._toast.Toast._expire)  # type: ignore[attr-defined]
    assert "self.app._unnotify(" in toast
    app = Repainting()
    async with app.run_test(notifications=True) as pilot:
        app.notify("brief", timeout=0.1)
        await pilot.pause(0.5)
        assert not has_notifications(app)
        assert app.repaints, "the whole screen, after the toast timed out"
        app.notify("clicked")
        await pilot.pause()
        before = len(app.repaints)
        await pilot.click("Toast")
        await pilot.pause(0.5)
        assert not has_notifications(app)
        assert len(app.repaints) > before, "and after a click took it away"


def test_the_module_says_why_each_private_part_is_used() -> None:
    doc = textual_internals.__doc__ or ""
    for name in ("dispatch_key", "binding_chain", "has_notifications", "RepaintWhenToastGoes"):
        assert f"`{name}`" in doc
