"""The card note editor: one line of text a player writes on a card, seen only on their own screen."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ....engine.saves import NOTE_MAX, is_printable
from ....i18n import N_, _
from ...text import markup
from ...widgets.keybar import KeyBar


class NoteEditor(ModalScreen[str | None]):
    """Edit one note. Dismissed with the new text ("" removes the note), or None when cancelled.

    It is drawn over the writer's own turn screen, for the writer only: private like that screen."""

    PRIVATE: ClassVar[bool] = True
    ALLOW_SELECT = False

    DEFAULT_CSS = """
    NoteEditor { align: center middle; }
    NoteEditor > Vertical { width: 64; max-width: 100%; height: auto; border: thick $accent; padding: 0 1; background: $surface; }
    NoteEditor #note-title { text-style: bold; }
    NoteEditor #note-hint { color: $text-muted; }
    NoteEditor #note-status { color: $error; display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # Before the text field's own Enter, so that the key bar lists it.
        Binding("enter", "save", N_("Save note"), priority=True),
        Binding("escape", "cancel", N_("Cancel")),
    ]

    def __init__(self, title: Content, text: str = "") -> None:
        """`title` says which card (made with `markup`: a player's name in it is never markup)."""
        super().__init__()
        self.title_content = title
        self.initial = text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_content, id="note-title")
            yield Input(
                value=self.initial,
                max_length=NOTE_MAX,
                placeholder=_("Your note (at most {n} characters)").format(n=NOTE_MAX),
                id="note-input",
            )
            yield Static(
                markup(_("Enter saves, Esc cancels; an empty note removes it. Only you see your notes.")),
                id="note-hint",
            )
            yield Static(id="note-status")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#note-input", Input).focus()

    def problem(self, text: str) -> str | None:
        """Why `text` cannot be kept as a note (None when it can)."""
        if not is_printable(text):
            return _("A note cannot hold control characters (tabs, line breaks, escape codes).")
        if len(text) > NOTE_MAX:
            return _("A note holds at most {n} characters.").format(n=NOTE_MAX)
        return None

    def show_problem(self, reason: str | None) -> None:
        status = self.query_one("#note-status", Static)
        status.update(markup("[b]✗[/b] {reason}", reason=reason) if reason else "")
        status.display = reason is not None

    def on_input_changed(self, event: Input.Changed) -> None:
        self.show_problem(self.problem(event.value))

    def action_save(self) -> None:
        text = self.query_one("#note-input", Input).value.strip()
        reason = self.problem(text)
        if reason is not None:
            self.show_problem(reason)
            self.app.bell()
            return
        self.dismiss(text)

    def action_cancel(self) -> None:
        self.dismiss(None)
