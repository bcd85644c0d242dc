from __future__ import annotations

from datetime import datetime

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...engine.registry import GAMES
from ...engine.saves import BrokenSave, SavedGame
from ...i18n import _
from ..widgets.keybar import KeyBar


def _when(stamp: str) -> str:
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp


class ResumeScreen(Screen[None]):
    """Saved games to resume. Unreadable files are listed with the reason and left alone."""

    DEFAULT_CSS = """
    ResumeScreen { padding: 1 2; }
    ResumeScreen #resume-title { text-style: bold; }
    ResumeScreen #resume-where { color: $text-muted; margin-bottom: 1; }
    ResumeScreen OptionList { height: 1fr; }
    ResumeScreen #resume-status { height: auto; }
    """
    BINDINGS = [
        Binding("enter", "resume", _("Resume"), show=False),
        Binding("delete", "delete", _("Delete save")),
        Binding("x", "delete", _("Delete save"), show=False),
        Binding("escape", "back", _("Back")),
        Binding("q", "back", _("Back"), show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[SavedGame | BrokenSave] = []

    def compose(self) -> ComposeResult:
        yield Static(_("Resume a game"), id="resume-title")
        yield Static(_("Saves live in {path}").format(path=self.app.store.directory), id="resume-where", markup=False)  # type: ignore[attr-defined]
        yield OptionList(id="saves")
        yield Static("", id="resume-status")
        yield KeyBar()

    def on_mount(self) -> None:
        self.reload()

    def reload(self) -> None:
        store = self.app.store  # type: ignore[attr-defined]
        self.entries = store.list()
        options = self.query_one("#saves", OptionList)
        options.clear_options()
        for index, entry in enumerate(self.entries):
            if isinstance(entry, SavedGame):
                save = entry.save
                spec = GAMES[save.game_id]
                label = spec.rules().variant_label(entry.state.options) if hasattr(entry.state, "options") else ""
                title = f"{spec.title} ({label})" if label else spec.title
                finished = f" · [i]{_('finished — see the results')}[/i]" if save.finished else ""
                text = (
                    f"[b]{title}[/b] · {', '.join(save.players)}{finished}\n"
                    f"  {save.position} · {_('deal')} {save.seed} · {_('last played')} {_when(save.updated_at)}"
                )
                options.add_option(Option(text, id=str(index)))
            else:
                text = f"[b]✗ {_('Unreadable')}[/b] {entry.path.name}\n  {entry.reason}"
                options.add_option(Option(text, id=str(index), disabled=True))
        readable = [i for i, e in enumerate(self.entries) if isinstance(e, SavedGame)]
        if readable:
            options.highlighted = readable[0]
        status = self.query_one("#resume-status", Static)
        if not self.entries:
            status.update(_("No saved games."))
        else:
            status.update(_("Enter resumes · Delete removes a save · unreadable files are never changed"))
        options.focus()
        self.refresh_bindings()

    def _selected(self) -> SavedGame | BrokenSave | None:
        options = self.query_one("#saves", OptionList)
        if options.highlighted is None or not self.entries:
            return None
        return self.entries[options.highlighted]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("resume", "delete"):
            return isinstance(self._selected(), SavedGame)
        return True

    @on(OptionList.OptionHighlighted, "#saves")
    def _highlighted(self) -> None:
        self.refresh_bindings()

    @on(OptionList.OptionSelected, "#saves")
    def _chosen(self) -> None:
        self.action_resume()

    def action_resume(self) -> None:
        entry = self._selected()
        if not isinstance(entry, SavedGame):
            return
        from ..session import HotseatSession

        session = HotseatSession.resume(entry, self.app.store)  # type: ignore[attr-defined]
        self.app.run_worker(self.app.start_session(session))  # type: ignore[attr-defined]

    def action_delete(self) -> None:
        entry = self._selected()
        if not isinstance(entry, SavedGame):
            return
        from .confirm import ConfirmScreen

        def delete(confirmed: bool | None) -> None:
            if confirmed:
                self.app.store.delete(entry)  # type: ignore[attr-defined]
                self.reload()

        self.app.push_screen(ConfirmScreen(_("Delete this saved game for good?")), delete)

    def action_back(self) -> None:
        self.app.pop_screen()
