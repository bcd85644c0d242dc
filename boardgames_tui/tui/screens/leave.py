"""The question before leaving a game whose moves are not all on disk.

A game whose file is up to date is left with a plain yes/no (ConfirmScreen). This dialog is for the other
case: it says what is not saved, why, and where the last good save is (or that there is no file yet), and
offers to try saving again, to write the game somewhere else, to leave and lose what is not saved, or to
stay. It says a game is saved only right after a write that worked.

Like every dialog over a game it is opaque (app.tcss gives every screen a solid background; this one says
so itself too): nothing of the private screen beneath shows through.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ...i18n import N_, _, ngettext
from ..text import Paragraph, markup
from ..widgets.keybar import KeyBar

if TYPE_CHECKING:
    from ..session import HotseatSession, UnsavedWork

# What the dialog is dismissed with (None: the player stays in the game).
LEAVE = "leave"  # the game is on disk: leave
LOSE = "lose"  # leave, losing what is not on disk

# The dialog's states: what is not saved and the choices; typing a place to save in; saved, asking to leave.
UNSAVED, TYPING, SAVED = "unsaved", "typing", "saved"
ACTIONS_BY_STATE = {
    UNSAVED: frozenset({"retry", "write_elsewhere", "lose", "explain", "stay"}),
    TYPING: frozenset({"save_here", "back"}),
    SAVED: frozenset({"leave", "stay"}),
}


def what_is_not_saved(work: UnsavedWork) -> str:
    """How much of the game is only in memory, and why."""
    if work.last_good_save is None:
        if work.moves == 0:
            return _("Nothing of this game is saved ({problem}): no file of it exists yet.").format(problem=work.problem)
        return ngettext(
            "Nothing of this game is saved ({problem}): no file of it exists yet, and its {n} move is only in memory.",
            "Nothing of this game is saved ({problem}): no file of it exists yet, and its {n} moves are only in memory.",
            work.moves,
        ).format(n=work.moves, problem=work.problem)
    if work.moves == 0:
        return _("The latest change to the game is NOT saved ({problem}).").format(problem=work.problem)
    return ngettext(
        "The last move is NOT saved ({problem}).", "The last {n} moves are NOT saved ({problem}).", work.moves
    ).format(n=work.moves, problem=work.problem)


def where_it_was_saved(work: UnsavedWork) -> str:
    if work.last_good_save is None:
        return _("Leaving now loses the whole game.")
    return _("The last good save is {path}.").format(path=work.last_good_save)


def the_loss(work: UnsavedWork) -> str:
    """What leaving now loses, as the end of a sentence."""
    if work.last_good_save is None:
        return _("the whole game is lost")
    if work.moves == 0:
        return _("the latest change is lost")
    return ngettext("the last move is lost", "the last {n} moves are lost", work.moves).format(n=work.moves)


def lost_work_report(work: UnsavedWork) -> str:
    """What the terminal is told after the program closed with `work` not on disk."""
    if work.last_good_save is None:
        return ngettext(
            "{game}: NOT saved ({problem}). No file of it exists; its {n} move is lost.",
            "{game}: NOT saved ({problem}). No file of it exists; its {n} moves are lost.",
            work.moves,
        ).format(game=work.title, problem=work.problem, n=work.moves)
    if work.moves == 0:
        return _("{game}: the latest change was NOT saved ({problem}). The last good save is {path}").format(
            game=work.title, problem=work.problem, path=work.last_good_save
        )
    return ngettext(
        "{game}: the last move was NOT saved ({problem}) and is lost. The last good save is {path}",
        "{game}: the last {n} moves were NOT saved ({problem}) and are lost. The last good save is {path}",
        work.moves,
    ).format(game=work.title, problem=work.problem, n=work.moves, path=work.last_good_save)


class LeaveScreen(ModalScreen[str | None]):
    """Leaving a game that is not fully saved: try again (r), save elsewhere (w), leave and lose it (l) or
    stay (Esc). Dismissed with LEAVE, LOSE or None (stay). `quitting`: asked because the program is closing
    (Ctrl+C), so leaving quits the program instead of going back to the main menu."""

    DEFAULT_CSS = """
    LeaveScreen, LeaveScreen:ansi { align: center middle; background: $background; }
    LeaveScreen > Vertical { width: 78; max-width: 100%; height: auto; max-height: 100%; border: thick $error;
        padding: 0 2; background: $surface; }
    LeaveScreen #leave-title { text-style: bold; margin-bottom: 1; }
    LeaveScreen #leave-choices { margin-top: 1; }
    LeaveScreen #leave-path-help { margin-top: 1; display: none; }
    LeaveScreen #leave-path { display: none; }
    LeaveScreen #leave-status { margin-top: 1; }
    LeaveScreen #leave-status.error { color: $error; text-style: bold; }
    LeaveScreen #leave-status.done { color: $success; text-style: bold; }
    """
    # Nothing is focused but the path field while a place is typed: a focused field would take the choices' letters.
    AUTO_FOCUS = ""
    # One binding per choice, shown in the key bar while its state is on (check_action hides the others).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "retry", N_("Try again")),
        Binding("w", "write_elsewhere", N_("Save elsewhere")),
        Binding("l", "lose", N_("Leave unsaved")),
        Binding("y", "leave", N_("Yes")),
        Binding("y", "explain", show=False),  # the key that leaves a saved game does not drop an unsaved one
        # Before the path field's own Enter, so the key bar can show it.
        Binding("enter", "save_here", N_("Save here"), key_display="Enter", priority=True),
        Binding("escape", "back", N_("Back"), key_display="Esc"),
        Binding("escape", "stay", N_("Stay"), key_display="Esc"),
        Binding("n", "stay", N_("Stay"), show=False),
    ]

    def __init__(self, session: HotseatSession, *, quitting: bool = False) -> None:
        super().__init__()
        self.session = session
        self.quitting = quitting
        self.state = UNSAVED

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="leave-title")
            yield Static(id="leave-body")
            yield Static(id="leave-choices")
            yield Static(
                _("Type a folder, or a file name ending in .json. Enter saves there; Esc goes back."),
                id="leave-path-help",
            )
            yield Input(placeholder=_("a folder or a file, e.g. ~/Documents"), id="leave-path")
            yield Static(id="leave-status")
        yield KeyBar()

    def on_mount(self) -> None:
        self._show(UNSAVED)

    # Drawing ------------------------------------------------------------------------------------------

    def _show(self, state: str, status: str = "", status_kind: str = "") -> None:
        self.state = state
        work = self.session.unsaved_work()
        title = self.query_one("#leave-title", Static)
        body = self.query_one("#leave-body", Static)
        choices = self.query_one("#leave-choices", Static)
        if state == SAVED or work is None:
            self.state = SAVED
            title.update(_("The game is saved"))
            body.update(Paragraph(self.app.leave_question(quitting=self.quitting)))  # type: ignore[attr-defined]
            choices.update(markup(_("[b]y[/b]  yes\n[b]Esc[/b]  no, back to the game")))
        else:
            title.update(_("This game is NOT fully saved"))
            body.update(Paragraph(f"{what_is_not_saved(work)}\n{where_it_was_saved(work)}"))
            leave_line = (
                _("[b]l[/b]  quit the program; {loss}") if self.quitting else _("[b]l[/b]  leave the game; {loss}")
            )
            choices.update(
                Content("\n").join(
                    [
                        markup(_("[b]r[/b]  try saving again")),
                        markup(_("[b]w[/b]  save the game in another folder or file")),
                        markup(leave_line, loss=the_loss(work)),
                        markup(_("[b]Esc[/b]  stay in the game")),
                    ]
                )
            )
        typing = self.state == TYPING
        choices.display = not typing
        self.query_one("#leave-path-help").display = typing
        path = self.query_one("#leave-path", Input)
        path.display = typing
        if typing:
            path.focus()
        elif path.has_focus:
            self.set_focus(None)
        self._say(status, status_kind)
        self.refresh_bindings()

    def _say(self, status: str, kind: str = "") -> None:
        """A line under the choices: what a choice just did, or why it could not (paths as typed, never markup)."""
        line = self.query_one("#leave-status", Static)
        line.update(Paragraph(status))
        line.display = bool(status)
        line.set_class(kind == "error", "error")
        line.set_class(kind == "done", "done")

    # Keys ---------------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ACTIONS_BY_STATE[UNSAVED] | ACTIONS_BY_STATE[TYPING] | ACTIONS_BY_STATE[SAVED]:
            return action in ACTIONS_BY_STATE[self.state]
        return True

    def action_retry(self) -> None:
        if self.session.save_again():
            self.app.clear_notifications()  # the "Saving failed" warning no longer holds
            self._show(SAVED, _("Saved in {path}.").format(path=self.session.save_path), "done")
        else:
            problem = self.session.save_problem or ""
            self._show(UNSAVED, _("Still NOT saved: {problem}.").format(problem=problem), "error")

    def action_write_elsewhere(self) -> None:
        self._show(TYPING)

    def action_back(self) -> None:
        self._show(UNSAVED)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save_here()

    def action_save_here(self) -> None:
        from ..session import SaveTargetRefused

        typed = self.query_one("#leave-path", Input).value
        try:
            path = self.session.save_elsewhere(typed)
        except SaveTargetRefused as exc:
            self._say(exc.message, "error")
            return
        self.app.clear_notifications()  # the "Saving failed" warning no longer holds
        self._show(SAVED, _("Saved in {path}; from now on the game is saved there.").format(path=path), "done")

    def action_explain(self) -> None:
        work = self.session.unsaved_work()
        loss = the_loss(work) if work is not None else ""
        self._say(
            _("y does not leave here, because the game is not saved: l leaves anyway ({loss}), r tries again, "
              "w saves it elsewhere, Esc stays.").format(loss=loss),
            "error",
        )

    def action_lose(self) -> None:
        self.dismiss(LOSE)

    def action_leave(self) -> None:
        self.dismiss(LEAVE)

    def action_stay(self) -> None:
        self.dismiss(None)
