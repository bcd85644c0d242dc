from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...i18n import N_, _


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question for the player already at the screen (never used between players)."""

    DEFAULT_CSS = """
    /* Opaque, in every colour mode: a question over a private screen must not let the hand show through. */
    ConfirmScreen, ConfirmScreen:ansi { align: center middle; background: $background; }
    ConfirmScreen > Vertical { width: 60; height: auto; border: thick $warning; padding: 1 2; background: $surface; }
    ConfirmScreen Horizontal { height: auto; margin-top: 1; align-horizontal: center; }
    ConfirmScreen Button { margin: 0 1; }
    """
    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n", "answer(False)", N_("No")),
        Binding("escape", "answer(False)", N_("No"), show=False),
    ]

    def __init__(self, question: str | Content) -> None:
        """`question` as a `str` is shown exactly as written (it may hold a player's name); pass
        `text.markup(...)` for a question with styles."""
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, markup=False)
            with Horizontal():
                yield Button(_("Yes (y)"), id="yes", variant="warning")
                yield Button(_("No (n)"), id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
