"""The few private parts of Textual the app relies on, all here and nowhere else.

Textual is pinned exactly (pyproject.toml); tests/tui/test_textual_internals.py fails loudly when a release
moves any of these, so an upgrade starts by looking at this file.
- `dispatch_key`: what Textual does with a key no binding took (focus moves, a widget's key handler); the
  app's own key handler replaces App._on_key, which ends the same way.
- `binding_chain`: every binding a key has on a screen, modal screens cutting the chain as Textual does
  (the public `Screen.active_bindings` keeps one binding per key and drops those `check_action` hides, and
  the app needs all of them to say why a key does nothing).
- `has_notifications`: whether any toast is up (clearing an empty rack still costs a screen refresh).
- `RepaintWhenToastGoes`: hooks App._unnotify, where a toast that timed out or was clicked away ends. Now and
  then Textual takes the toast away without painting over its cells, and the terminal shows it until
  something else is drawn there (a hosted seat's arrival notice stayed on a guest's screen in 13 of 560
  joins on a loaded machine, with no toast left in the app); the whole screen is laid out and painted again
  once the toast is gone (0 of 640 joins).
"""

from __future__ import annotations

from textual._dispatch_key import dispatch_key
from textual.actions import parse
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.notifications import Notification
from textual.screen import Screen

__all__ = ["RepaintWhenToastGoes", "action_target", "binding_chain", "dispatch_key", "has_notifications"]

# A toast's removal has been laid out by then.
TOAST_GONE_REPAINT_SECONDS = 0.2


def binding_chain(screen: Screen) -> list[tuple[DOMNode, dict[str, list[Binding]]]]:
    """Each node that binds keys on `screen`, focused widget first, with its bindings by key."""
    return [(node, bindings.key_to_bindings) for node, bindings in screen._modal_binding_chain]


def action_target(app: App, action: str, namespace: DOMNode) -> tuple[DOMNode, str, tuple[object, ...]]:
    """The node an action string runs on, its name and its parameters (`app.quit` runs on the app, a bare
    `step(1)` on the node that binds it), as Textual resolves them."""
    destination, name, parameters = parse(action)
    if not destination:
        return namespace, name, parameters
    target = {"app": app, "screen": app.screen, "focused": app.focused}.get(destination)
    return (target if target is not None else namespace), name, parameters


def has_notifications(app: App) -> bool:
    return bool(app._notifications)


class RepaintWhenToastGoes(App):  # type: ignore[type-arg]
    """An app that paints its whole screen again shortly after a toast goes (see the module's docstring)."""

    def _unnotify(self, notification: Notification, refresh: bool = True) -> None:
        super()._unnotify(notification, refresh)
        self.set_timer(TOAST_GONE_REPAINT_SECONDS, self._repaint_after_toast)

    def _repaint_after_toast(self) -> None:
        self.screen.refresh(layout=True, repaint=True)
