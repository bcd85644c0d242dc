"""New-game setup, generated from the game's Options model: no game needs setup code of its own."""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from rich.cells import cell_len
from rich.console import Group
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static, Switch

from ...engine.registry import get_game
from ...engine.seating import NAME_MAX, name_refusal, names_refusal, same_name_key, seats_refusal
from ...i18n import N_, _, ngettext
from ...narration import level_label, narrator_class
from ..recent_names import load_recent_names, load_recent_player_count, load_recent_seat_kinds, recent_names_path, remember_names
from ..text import Paragraph, markup
from ..widgets.keybar import KeyBar

DEFAULT_NAMES = ("Ana", "Ben", "Chloé", "Dev", "Emi", "Femi")
MAX_NAME_LENGTH = NAME_MAX  # characters (a CJK character counts one, though it is two cells wide)
MAX_DEAL_DIGITS = 12


HUMAN = "human"


def switch_word(value: bool) -> str:
    return _("on") if value else _("off")


def field_choices(annotation: Any) -> tuple[Any, ...] | None:
    """The allowed values of a Literal field, or None for any other field type."""
    if typing.get_origin(annotation) is typing.Literal:
        return typing.get_args(annotation)
    return None


def name_problem(number: int, name: str) -> str | None:
    """Why player `number`'s name cannot be used on its own, or None. Spaces around it do not count."""
    refused = name_refusal(number - 1, name.strip())
    return _name_sentence(refused) if refused is not None else None


def _name_sentence(refused: tuple[str, dict[str, Any]]) -> str:
    """A refusal of the seating checks (engine/seating.py) as the setup form says it."""
    code, params = refused
    n = params.get("seat", 0) + 1
    if code == "name_blank":
        return _("Player {n} needs a name.").format(n=n)
    if code == "name_too_long":
        return ngettext(
            "Player {n}'s name is longer than {max} character.",
            "Player {n}'s name is longer than {max} characters.",
            MAX_NAME_LENGTH,
        ).format(n=n, max=MAX_NAME_LENGTH)
    if code == "names_alike":
        return _("Two players are called {name}; names must differ.").format(name=params["name"])
    # Only what prints (as a save file requires): no control or invisible formatting characters, no line
    # breaks, no spaces but the ordinary one. They would not show as typed or would move the text around them.
    return _(
        "Player {n}'s name has a control character, an invisible one or a special space; please type it again."
    ).format(n=n)


def check_names(names: list[str]) -> str | None:
    """Why these player names cannot be used, or None if they can. Spaces around a name do not count; the
    checks are the ones every save, record and names file is held to."""
    refused = names_refusal([name.strip() for name in names])
    return _name_sentence(refused) if refused is not None else None


_FULL_WIDTH_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")


def deal_number(text: str) -> str:
    """The deal number as it is kept: spaces around it dropped, full-width digits (１２３) made plain."""
    return text.translate(_FULL_WIDTH_DIGITS).strip()


def check_deal(text: str) -> str | None:
    """Why `text` is not a deal number (blank is fine: a new random deal), or None."""
    deal = deal_number(text)
    if deal and not (deal.isascii() and deal.isdigit()):
        return _("A deal number has digits only (0–9); leave it blank for a new random deal.")
    if len(deal) > MAX_DEAL_DIGITS:
        return ngettext(
            "A deal number has at most {max} digit.", "A deal number has at most {max} digits.", MAX_DEAL_DIGITS
        ).format(max=MAX_DEAL_DIGITS)
    return None


def length_hint() -> str:
    return ngettext("{n} character at most", "{n} characters at most", MAX_NAME_LENGTH).format(n=MAX_NAME_LENGTH)


class NameInput(Input):
    """A name field that says so when a key or a paste would go past the length limit (Textual's Input
    refuses it with only a bell)."""

    class TooLong(Message):
        def __init__(self, field: NameInput) -> None:
            super().__init__()
            self.field = field

    def restricted(self) -> None:
        super().restricted()
        self.post_message(self.TooLong(self))


class FormSelect(Select[Any]):
    """A drop-down that makes room for its whole list inside the form before opening, so the list is
    never drawn over (or cut by) the error line and the key bar below the form."""

    def watch_expanded(self, expanded: bool) -> None:
        form = next((node for node in self.ancestors if isinstance(node, VerticalScroll)), None)
        if form is None:
            return
        if not expanded:
            form.styles.clear_rule("padding")  # back to the stylesheet's
            return
        rows = min(len(self._options), 12) + 2  # the list's height (max-height 12) and its border
        missing = self.region.bottom + rows - form.region.bottom
        if missing <= 0:
            return
        spare = int(form.max_scroll_y - form.scroll_y)
        if missing > spare:  # near the end of the form: room below it, for as long as the list is open
            top, right, _bottom, left = form.styles.padding
            form.styles.padding = (top, right, missing - spare, left)
            form.call_after_refresh(form.scroll_relative, y=missing, animate=False)
        else:
            form.scroll_relative(y=missing, animate=False)


# A seat's kind list: its least width, and the cells around its choice (border, padding, the arrow).
KIND_WIDTH = 22
KIND_FRAME = 8


class SetupScreen(Screen[None]):
    DEFAULT_CSS = """
    SetupScreen VerticalScroll { padding: 0 2; }
    SetupScreen .row { height: auto; margin-bottom: 0; }
    SetupScreen .row Label { width: 22; padding-top: 1; }
    SetupScreen .row .switch-state { width: auto; padding: 1 1 0 1; }
    SetupScreen .row Input, SetupScreen .row Select { width: 40; }
    SetupScreen .row Label.seat-label { width: 9; }
    SetupScreen .row .name-field { width: 1fr; max-width: 40; }
    SetupScreen .help { color: $text-muted; padding-left: 22; }
    SetupScreen #setup-title { text-style: bold; padding: 1 0; }
    SetupScreen .help.error { color: $error; text-style: bold; }
    SetupScreen #setup-error { color: $error; text-style: bold; height: auto; padding: 0 2; }
    SetupScreen #save-check { color: $text-muted; height: auto; padding: 0 2; }
    SetupScreen #save-check.error { color: $warning; text-style: bold; }
    SetupScreen VerticalScroll { height: 1fr; }
    SetupScreen #start { margin: 1 0 1 22; }
    """
    BINDINGS = [
        Binding("ctrl+s", "start", N_("Start")),
        Binding("escape", "back", N_("Back")),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.spec = get_game(game_id)
        self.rules = self.spec.rules()
        # Names the game, its options and their choices in the current language (the values stay as saved).
        self.narrator = narrator_class(game_id)(())
        self._error_showing = False

    @property
    def recent_names_file(self) -> Path:
        return recent_names_path(self.app.store.directory)  # type: ignore[attr-defined]

    def first_names(self) -> list[str]:
        """The names the fields start with: the players of the last game, then defaults none of them has."""
        names: list[str] = []
        keys: set[str] = set()
        remembered = load_recent_names(self.recent_names_file)
        for name in (*remembered, *DEFAULT_NAMES):
            key = same_name_key(name)
            if name_refusal(0, name) is None and key not in keys:
                names.append(name)
                keys.add(key)
        return names[: self.rules.max_players]

    def first_count(self) -> int:
        """The number of players the form starts with: as this game was last set up, else the fewest."""
        count = load_recent_player_count(self.recent_names_file, self.spec.id)
        rules = self.rules
        return count if count is not None and rules.min_players <= count <= rules.max_players else rules.min_players

    def compose(self) -> ComposeResult:
        rules = self.rules
        with VerticalScroll():
            yield Static(_("New game of {title}").format(title=self.narrator.title), id="setup-title", markup=False)
            counts = range(rules.min_players, rules.max_players + 1)
            with Horizontal(classes="row"):
                yield Label(_("Players"))
                yield FormSelect([(str(n), n) for n in counts], value=self.first_count(), allow_blank=False, id="player-count")
            names = self.first_names()
            # Each seat is a person or a computer of some level (games that have computer players).
            levels = self.spec.table_levels
            seat_kinds = [(_("Person"), HUMAN), *((level_label(level), level) for level in levels)]
            # The list is as wide as its longest choice ("Strongest computer") on one line, 22 cells at least.
            kind_width = max([KIND_WIDTH, *(cell_len(label) + KIND_FRAME for label, _level in seat_kinds)])
            # The seats start as this game's were last time (a level this game lacks: a person).
            last_kinds = load_recent_seat_kinds(self.recent_names_file, self.spec.id)
            for seat in range(rules.max_players):
                with Horizontal(classes="row", id=f"name-row-{seat}"):
                    # With a seat-kind list the label column narrows, so a name of 16 wide characters still fits.
                    yield Label(_("Player {n}").format(n=seat + 1), classes="seat-label" if levels else "")
                    if levels:
                        kind = last_kinds[seat] if seat < len(last_kinds) and last_kinds[seat] in levels else HUMAN
                        kinds = FormSelect(seat_kinds, value=kind, allow_blank=False, id=f"kind-{seat}", classes="seat-kind")
                        kinds.styles.width = kind_width
                        yield kinds
                    yield NameInput(value=names[seat], max_length=MAX_NAME_LENGTH, id=f"name-{seat}", classes="name-field")
                yield Static(length_hint(), classes="help name-hint", id=f"name-hint-{seat}")
            if levels:  # what each computer level does and how strong it is, before the options
                lines = [
                    Paragraph(_("{level}: {what}").format(level=level_label(level), what=self.narrator.level_help(level) or ""))
                    for level in levels
                ]
                yield Static(Group(*lines), classes="help", id="levels-help")
            for name, field in rules.Options.model_fields.items():
                with Horizontal(classes="row", id=f"opt-row-{name}"):
                    yield Label(self.narrator.option_label(name), markup=False)
                    choices = field_choices(field.annotation)
                    if field.annotation is bool:
                        yield Switch(value=bool(field.default), id=f"opt-{name}")
                        # Every switch says "on"/"off" alike, whichever game it belongs to.
                        yield Label(switch_word(bool(field.default)), id=f"opt-{name}-state", classes="switch-state")
                    elif choices is not None:
                        yield FormSelect(
                            [(self.narrator.option_choice(name, c), c) for c in choices],
                            value=field.default,
                            allow_blank=False,
                            id=f"opt-{name}",
                        )
                    else:
                        yield Input(value=str(field.default), id=f"opt-{name}")
                help_line = self.narrator.option_help(name)
                if help_line:
                    yield Static(Paragraph(help_line), classes="help", id=f"opt-help-{name}")
            with Horizontal(classes="row"):
                yield Label(_("Deal number"))
                yield Input(placeholder=_("blank = a new random deal"), id="seed")
            yield Static(self.deal_help(), classes="help", id="seed-help")
            yield Static(
                _(
                    "Anyone who knows a deal number can see every card of that deal: a number you type is yours "
                    "to know; a random one is kept secret until the game ends."
                ),
                classes="help",
                id="seed-secret",
            )
            yield Button(_("Start (Ctrl+S)"), id="start", variant="primary")
        # Outside the scrolling form, so they are always seen: where games are saved, and why a game cannot start.
        yield Static("", id="save-check")
        yield Static("", id="setup-error")
        yield KeyBar()

    @staticmethod
    def deal_help() -> str:
        return _("The same deal number with the same players and options deals the same cards.")

    def on_mount(self) -> None:
        self._check_saving()
        for hint in self.query(".name-hint"):
            hint.display = False
        self._show_name_rows(self.first_count())
        self._show_relevant_options()
        self.query_one("#player-count", Select).focus()

    def _check_saving(self) -> None:
        """Say where games are saved, or why they cannot be: a file is really written there and removed (a
        game may still be started; leaving it then offers to save it elsewhere)."""
        from ...narration.save_problems import folder_write_problem

        folder = self.app.store.directory  # type: ignore[attr-defined]
        problem = folder_write_problem(folder)
        line = self.query_one("#save-check", Static)
        if problem is None:
            line.update(Paragraph(_("Games are saved in {folder}").format(folder=folder)))
        else:
            said = _(
                "Games cannot be saved in {folder} ({problem}); you may still play, and save the game elsewhere "
                "when you leave it."
            ).format(folder=folder, problem=problem)
            line.update(Paragraph(f"✗ {said}"))
        line.set_class(problem is not None, "error")

    @on(Switch.Changed)
    def _switch_changed(self, event: Switch.Changed) -> None:
        # The switch's position is drawn in colour; the word says it too.
        for label in self.query(f"#{event.switch.id}-state").results(Label):
            label.update(switch_word(event.value))
        self._recheck()

    @on(Select.Changed)
    def _option_changed(self, event: Select.Changed) -> None:
        if event.select.id != "player-count":
            self._show_relevant_options()
        self._recheck()

    @on(Input.Changed)
    def _input_changed(self, event: Input.Changed) -> None:
        field = event.input
        if isinstance(field, NameInput):
            self._show_length_hint(field, len(field.value) >= MAX_NAME_LENGTH)
        elif field.id == "seed":
            problem = check_deal(field.value)
            help_line = self.query_one("#seed-help", Static)
            help_line.update(markup("[b]✗[/b] {problem}", problem=problem) if problem else self.deal_help())
            help_line.set_class(problem is not None, "error")
        self._recheck()

    @on(NameInput.TooLong)
    def _name_too_long(self, event: NameInput.TooLong) -> None:
        self._show_length_hint(event.field, True)

    def _show_length_hint(self, field: Input, shown: bool) -> None:
        seat = (field.id or "").removeprefix("name-")
        for hint in self.query(f"#name-hint-{seat}"):
            if hint.display != shown:  # a change of display lays the whole form out again
                hint.display = shown

    def _recheck(self) -> None:
        """An error on show is replaced by the current one, or goes away once everything is fixed."""
        if self._error_showing:
            self._show_problem(self.problem())

    def _show_problem(self, problem: str | None) -> None:
        error = self.query_one("#setup-error", Static)
        error.update(markup("✗ {problem}", problem=problem) if problem else "")
        self._error_showing = problem is not None

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
            field = self.query_one(f"#name-{seat}", Input)
            self.query_one(f"#name-hint-{seat}").display = seat < count and len(field.value) >= MAX_NAME_LENGTH

    def player_names(self) -> list[str]:
        count = self.query_one("#player-count", Select).value
        assert isinstance(count, int)
        return [self.query_one(f"#name-{seat}", Input).value.strip() for seat in range(count)]

    def offered_levels(self) -> tuple[str, ...]:
        return self.spec.table_levels

    def computer_levels(self) -> list[str | None]:
        """Per seat, the level of the computer playing it, or None for a person."""
        count = len(self.player_names())
        levels: list[str | None] = []
        for seat in range(count):
            kinds = self.query(f"#kind-{seat}").results(Select)
            value = next(kinds, None)
            level = value.value if value is not None else HUMAN
            levels.append(None if level == HUMAN else str(level))
        return levels

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

    def problem(self) -> str | None:
        """Why the game cannot start with what the form holds now, or None."""
        problem = check_names(self.player_names())
        if problem is None and seats_refusal(self.computer_levels(), self.offered_levels()) == ("no_person", {}):
            problem = _("At least one seat must be a person.")
        if problem is None:
            problem = check_deal(self.query_one("#seed", Input).value)
        if problem is None:
            try:
                self.chosen_options()
            except ValidationError as exc:
                where = exc.errors()[0].get("loc", ())
                option = self.narrator.option_label(str(where[0])) if where else ""
                problem = _("This value of {option} is not one the game accepts.").format(option=option)
        return problem

    def action_start(self) -> None:
        problem = self.problem()
        self._show_problem(problem)
        if problem is not None:
            self.app.bell()
            return
        from ..session import HotseatSession

        names = self.player_names()
        seed = deal_number(self.query_one("#seed", Input).value)
        session = HotseatSession.new(
            self.spec.id, names, self.chosen_options(), self.app.store, seed=seed, computers=self.computer_levels()  # type: ignore[attr-defined]
        )
        remember_names(self.recent_names_file, names, self.computer_levels(), self.spec.id)
        self.app.run_worker(self.app.start_session(session))  # type: ignore[attr-defined]

    def action_back(self) -> None:
        self.app.pop_screen()
