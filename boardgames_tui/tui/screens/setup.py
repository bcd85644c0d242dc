"""New-game setup, generated from the game's Options model: no game needs setup code of its own."""

from __future__ import annotations

import typing
import unicodedata
from typing import Any

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static, Switch

from ...engine.registry import get_game
from ...i18n import _
from ..widgets.keybar import KeyBar

DEFAULT_NAMES = ("Ana", "Ben", "Chloé", "Dev", "Emi", "Femi")
MAX_NAME_LENGTH = 16


def switch_word(value: bool) -> str:
    return _("on") if value else _("off")


def field_choices(annotation: Any) -> tuple[Any, ...] | None:
    """The allowed values of a Literal field, or None for any other field type."""
    if typing.get_origin(annotation) is typing.Literal:
        return typing.get_args(annotation)
    return None


def check_names(names: list[str]) -> str | None:
    """Why these player names cannot be used, or None if they can."""
    seen: set[str] = set()
    for number, name in enumerate(names, start=1):
        if not name:
            return _("Player {n} needs a name.").format(n=number)
        if len(name) > MAX_NAME_LENGTH:
            return _("Player {n}'s name is longer than {max} characters.").format(n=number, max=MAX_NAME_LENGTH)
        key = unicodedata.normalize("NFC", name).casefold()  # "é" typed two ways is one name
        if key in seen:
            return _("Two players are called {name}; names must differ.").format(name=name)
        seen.add(key)
    return None


class SetupScreen(Screen[None]):
    DEFAULT_CSS = """
    SetupScreen VerticalScroll { padding: 0 2; }
    SetupScreen .row { height: auto; margin-bottom: 0; }
    SetupScreen .row Label { width: 22; padding-top: 1; }
    SetupScreen .row .switch-state { width: auto; padding: 1 1 0 1; }
    SetupScreen .row Input, SetupScreen .row Select { width: 40; }
    SetupScreen .help { color: $text-muted; padding-left: 22; }
    SetupScreen #setup-title { text-style: bold; padding: 1 0; }
    SetupScreen #setup-error { color: $error; text-style: bold; height: auto; padding: 0 2; }
    SetupScreen VerticalScroll { height: 1fr; }
    SetupScreen #start { margin: 1 0 1 22; }
    """
    BINDINGS = [
        Binding("ctrl+s", "start", _("Start")),
        Binding("escape", "back", _("Back")),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.spec = get_game(game_id)
        self.rules = self.spec.rules()

    def compose(self) -> ComposeResult:
        rules = self.rules
        with VerticalScroll():
            yield Static(_("New game of {title}").format(title=self.spec.title), id="setup-title")
            counts = range(rules.min_players, rules.max_players + 1)
            with Horizontal(classes="row"):
                yield Label(_("Players"))
                yield Select(
                    [(str(n), n) for n in counts], value=rules.min_players, allow_blank=False, id="player-count"
                )
            for seat in range(rules.max_players):
                with Horizontal(classes="row", id=f"name-row-{seat}"):
                    yield Label(_("Player {n}").format(n=seat + 1))
                    yield Input(value=DEFAULT_NAMES[seat % len(DEFAULT_NAMES)], max_length=MAX_NAME_LENGTH, id=f"name-{seat}")
            for name, field in rules.Options.model_fields.items():
                label = field.title or name.replace("_", " ").capitalize()
                with Horizontal(classes="row", id=f"opt-row-{name}"):
                    yield Label(label)
                    choices = field_choices(field.annotation)
                    if field.annotation is bool:
                        yield Switch(value=bool(field.default), id=f"opt-{name}")
                        yield Label(switch_word(bool(field.default)), id=f"opt-{name}-state", classes="switch-state")
                    elif choices is not None:
                        yield Select([(str(c), c) for c in choices], value=field.default, allow_blank=False, id=f"opt-{name}")
                    else:
                        yield Input(value=str(field.default), id=f"opt-{name}")
                if field.description:
                    yield Static(field.description, classes="help", id=f"opt-help-{name}")
            with Horizontal(classes="row"):
                yield Label(_("Deal number"))
                yield Input(placeholder=_("blank = a new random deal"), id="seed")
            yield Static(_("The same deal number with the same players and options deals the same cards."), classes="help")
            yield Button(_("Start (Ctrl+S)"), id="start", variant="primary")
        yield Static("", id="setup-error")  # outside the scrolling form, so a refusal is always seen
        yield KeyBar()

    def on_mount(self) -> None:
        self._show_name_rows(self.rules.min_players)
        self._show_relevant_options()
        self.query_one("#player-count", Select).focus()

    @on(Switch.Changed)
    def _switch_changed(self, event: Switch.Changed) -> None:
        # The switch's position is drawn in colour; the word says it too.
        for label in self.query(f"#{event.switch.id}-state").results(Label):
            label.update(switch_word(event.value))

    @on(Select.Changed)
    def _option_changed(self, event: Select.Changed) -> None:
        if event.select.id != "player-count":
            self._show_relevant_options()

    def _show_relevant_options(self) -> None:
        """Hide the options another option's choice makes meaningless (their `shown_when` hint)."""
        chosen = {name: self.query_one(f"#opt-{name}").value for name in self.rules.Options.model_fields}  # type: ignore[attr-defined]
        for name, field in self.rules.Options.model_fields.items():
            extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
            condition = extra.get("shown_when", {})
            shown = all(chosen.get(other) == wanted for other, wanted in condition.items())  # type: ignore[union-attr]
            self.query_one(f"#opt-row-{name}").display = shown
            for help_text in self.query(f"#opt-help-{name}"):
                help_text.display = shown

    @on(Select.Changed, "#player-count")
    def _count_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self._show_name_rows(event.value)

    def _show_name_rows(self, count: int) -> None:
        for seat in range(self.rules.max_players):
            self.query_one(f"#name-row-{seat}").display = seat < count

    def player_names(self) -> list[str]:
        count = self.query_one("#player-count", Select).value
        assert isinstance(count, int)
        return [self.query_one(f"#name-{seat}", Input).value.strip() for seat in range(count)]

    def chosen_options(self) -> Any:
        values: dict[str, Any] = {}
        for name, field in self.rules.Options.model_fields.items():
            widget = self.query_one(f"#opt-{name}")
            if isinstance(widget, (Switch, Select)):
                values[name] = widget.value
            else:
                assert isinstance(widget, Input)
                values[name] = widget.value
        return self.rules.Options.model_validate(values)

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        error = self.query_one("#setup-error", Static)
        names = self.player_names()
        problem = check_names(names)
        if problem is None:
            try:
                options = self.chosen_options()
            except ValidationError as exc:
                problem = _("An option is not valid: {msg}").format(msg=exc.errors()[0]["msg"])
        if problem is not None:
            error.update("✗ " + problem)
            self.app.bell()
            return
        from ..session import HotseatSession

        seed = self.query_one("#seed", Input).value
        session = HotseatSession.new(self.spec.id, names, options, self.app.store, seed=seed)  # type: ignore[attr-defined]
        self.app.run_worker(self.app.start_session(session))  # type: ignore[attr-defined]

    def action_back(self) -> None:
        self.app.pop_screen()
