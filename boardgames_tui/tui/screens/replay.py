"""The replay of a finished game: step through its actions and see the table from any viewpoint.

Each step shows what happened (the narrated log lines it added) and marks with ▌ the lines of the table
that changed since the step before. The table is drawn by each game's `table` module: `table(view,
narrator)` for a View, `reveal(revealed, narrator)` for what was hidden (the game is over).
"""

from __future__ import annotations

import difflib
import io
from functools import lru_cache
from typing import Any, ClassVar

from rich.console import Console, Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from ...i18n import N_, _, ngettext
from ..games import table_module
from ...narration.replay import PUBLIC, REVEALED, Replay, Viewpoint
from ..text import Paragraph, markup, plain
from ..widgets.keybar import KeyBar
from .turn import shared_help_lines

# The gutter of a line that changed with this step: a symbol no game draws (colour is never the only sign).
CHANGED_MARK = "▌"
UNCHANGED_MARK = " "
CHANGED_STYLE = "on grey23"
MAX_TYPED_DIGITS = 6
STEP_LINES_SHOWN = 6  # of what one step said; the log screen has them all
DRAW_AHEAD_AFTER = 0.25  # seconds without a key before the neighbouring steps are drawn ahead


def table_renderable(replay: Replay, step: int, viewpoint: Viewpoint) -> RenderableType:
    """The table at `step` from `viewpoint`: a seat's View, the public View, or the public View with
    everything hidden laid open under it."""
    module = table_module(replay.spec.id)
    drawn = module.table(replay.view(step, viewpoint), replay.narrator)
    if viewpoint == REVEALED:
        return Group(drawn, Text(""), module.reveal(replay.revealed(step), replay.narrator))
    return drawn


def rendered_lines(renderable: RenderableType, width: int) -> list[Text]:
    """The renderable drawn at `width` cells, one Text per screen line (styles kept)."""
    console = Console(width=width, file=io.StringIO(), color_system="truecolor", legacy_windows=False)
    lines = console.render_lines(renderable, console.options.update_width(width), pad=False)
    return [Text.assemble(*((segment.text, segment.style) for segment in line if not segment.control)) for line in lines]


def changed_lines(before: list[str], after: list[str]) -> set[int]:
    """The indexes of `after`'s lines that are new or different compared with `before`."""
    changed: set[int] = set()
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for tag, _i1, _i2, j1, j2 in matcher.get_opcodes():
        if tag in ("replace", "insert"):
            changed.update(range(j1, j2))
    return changed


class ReplayScreen(Screen[None]):
    """A finished game, step by step. Built from the save's recorded actions replayed through the engine."""

    ALLOW_SELECT = False
    KEYBAR_LAST: ClassVar[frozenset[str]] = frozenset({"help", "rules", "log", "back"})
    DEFAULT_CSS = """
    ReplayScreen #replay-title { text-style: bold; padding: 0 1; }
    ReplayScreen #replay-where { color: $text-muted; padding: 0 1; }
    ReplayScreen #replay-step { padding: 0 1; margin-bottom: 1; height: auto; max-height: 9; }
    ReplayScreen #replay-body { padding: 0; height: 1fr; overflow-y: scroll; scrollbar-size-vertical: 1; }
    ReplayScreen #replay-status { padding: 0 1; height: auto; }
    ReplayScreen #replay-status.error { color: $error; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Back a step"), key_display="←"),
        Binding("right", "step(1)", N_("Forward a step"), key_display="→"),
        Binding("home", "jump_to('first')", N_("Deal"), key_display="Home"),
        Binding("end", "jump_to('last')", N_("Last step"), key_display="End"),
        *(Binding(str(digit), f"digit({digit})", N_("Type a step"), show=digit == 0, key_display="0-9") for digit in range(10)),
        Binding("backspace", "erase_digit", N_("Erase a digit"), show=False),
        Binding("enter", "go_typed", N_("Go to the typed step")),
        Binding("v", "viewpoint", N_("Viewpoint")),
        Binding("up", "scroll_table(-1)", N_("Scroll"), show=False),
        Binding("down", "scroll_table(1)", N_("Scroll"), show=False),
        Binding("pageup", "scroll_table(-10)", N_("Scroll"), show=False),
        Binding("pagedown", "scroll_table(10)", N_("Scroll"), show=False),
        Binding("question_mark", "help", N_("Help"), key_display="?"),
        Binding("r", "rules", N_("Rules")),
        Binding("l", "log", N_("Log")),
        Binding("escape", "back", N_("Back")),
        Binding("q", "back", N_("Back"), show=False),
    ]

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay
        self.step_number = 0  # a replay starts from the deal; End jumps to the end
        self.viewpoint: Viewpoint = REVEALED
        self.typed = ""
        self.first_changed: int | None = None  # the first table line the shown step changed
        self._draw_ahead: Timer | None = None
        self._error_showing = False
        self._lines_cache = lru_cache(maxsize=64)(self._table_lines)

    def compose(self) -> ComposeResult:
        yield Static(
            markup(_("{title} · Replay · deal {deal}"), title=self.replay.narrator.title, deal=self.replay.save.seed),
            id="replay-title",
        )
        yield Static("", id="replay-where")
        yield Static("", id="replay-step")
        # Not focusable: Home/End and the arrows step the replay; the screen scrolls the table itself.
        body = VerticalScroll(id="replay-body")
        body.can_focus = False
        with body:
            yield Static("", id="replay-table")
        yield Static("", id="replay-status")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show_step()

    def on_resize(self) -> None:
        self.show_step()

    # Drawing ---------------------------------------------------------------------------------------

    def _table_width(self) -> int:
        body = self.query_one("#replay-body")
        # The scroll bar is always there (1 cell), so the width does not change as a step grows the table.
        width = body.scrollable_content_region.width or self.app.size.width - 1
        return max(width - len(CHANGED_MARK), 20)

    def _table_lines(self, step: int, viewpoint: Viewpoint, width: int) -> list[Text]:
        return rendered_lines(table_renderable(self.replay, step, viewpoint), width)

    def marked_table(self) -> Text:
        """The table at this step with each line that changed since the step before marked ▌."""
        width = self._table_width()
        lines = self._lines_cache(self.step_number, self.viewpoint, width)
        changed: set[int] = set()
        if self.step_number > 0:
            before = self._lines_cache(self.step_number - 1, self.viewpoint, width)
            changed = changed_lines([line.plain for line in before], [line.plain for line in lines])
        self.first_changed = min(changed) if changed else None
        shown = Text()
        for index, line in enumerate(lines):
            if index:
                shown.append("\n")
            if index in changed:
                shown.append(CHANGED_MARK, style="bold")
                start = len(shown)
                shown.append_text(line)
                shown.stylize(CHANGED_STYLE, start, len(shown))
            else:
                shown.append(UNCHANGED_MARK)
                shown.append_text(line)
        return shown

    def step_lines(self) -> RenderableType:
        replay, number = self.replay, self.step_number
        if number == 0:
            return Paragraph(_("The deal: nobody has acted yet."))
        said = replay.step(number, self.viewpoint).lines
        lines = [Paragraph(f"· {line}") for line in said]
        if len(said) > STEP_LINES_SHOWN:  # an action that ran on by itself (Lifeboat's rounds): its ends
            hidden = len(said) - STEP_LINES_SHOWN + 1
            keep = STEP_LINES_SHOWN // 2
            skipped = ngettext("… {n} more line (l shows the whole log)", "… {n} more lines (l shows the whole log)", hidden)
            lines = [*lines[:keep], Paragraph(skipped.format(n=hidden)), *lines[len(lines) - (STEP_LINES_SHOWN - keep - 1) :]]
        if number == replay.steps:
            lines.append(Paragraph(markup("[b]{headline}[/b]", headline=replay.headline())))
        return Group(*lines)

    def show_step(self) -> None:
        if not self.is_mounted:
            return
        replay = self.replay
        where = _("Step {step} of {steps} · {position} · viewpoint: {viewpoint}").format(
            step=self.step_number,
            steps=replay.steps,
            position=replay.position(self.step_number),
            viewpoint=replay.viewpoint_name(self.viewpoint),
        )
        self.query_one("#replay-where", Static).update(plain(where))
        self.query_one("#replay-step", Static).update(self.step_lines())
        self.query_one("#replay-table", Static).update(self.marked_table())
        self._bring_change_into_view()
        self._show_typed()
        self.refresh_bindings()
        # While the table is read, draw the steps either side, so that the next key shows at once.
        if self._draw_ahead is not None:
            self._draw_ahead.stop()
        self._draw_ahead = self.set_timer(DRAW_AHEAD_AFTER, self._draw_neighbours)

    def _draw_neighbours(self) -> None:
        self._draw_ahead = None
        width = self._table_width()
        for step in (self.step_number + 1, self.step_number - 2):
            if 0 <= step <= self.replay.steps:
                self._lines_cache(step, self.viewpoint, width)

    def _bring_change_into_view(self) -> None:
        """Scroll so that the first line this step changed is in view (a long table: Rummikub's)."""
        if self.first_changed is None:
            return
        body = self.query_one("#replay-body", VerticalScroll)
        top, height = body.scroll_y, body.scrollable_content_region.height
        if not top <= self.first_changed < top + max(height - 1, 1):
            body.scroll_to(y=max(self.first_changed - 2, 0), animate=False, immediate=True)

    def _show_typed(self) -> None:
        if self.typed:
            self._set_status(markup(_("Go to step: [b]{digits}[/b] (Enter goes, Backspace erases)"), digits=self.typed))
        else:
            self._set_status("")

    def _set_status(self, text: Any, *, error: bool = False) -> None:
        status = self.query_one("#replay-status", Static)
        status.update(text)
        status.set_class(error, "error")

    # Every key answers (BoardGamesApp._on_key) ---------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "step":
            target = self.step_number + int(parameters[0])  # type: ignore[call-overload]
            return 0 <= target <= self.replay.steps
        if action == "jump_to":
            return self.step_number != (0 if parameters[0] == "first" else self.replay.steps)
        if action in ("go_typed", "erase_digit"):
            return bool(self.typed)
        if action == "digit":
            return len(self.typed) < MAX_TYPED_DIGITS
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        if action == "step" or action == "jump_to":
            forward = (action == "step" and int(parameters[0]) > 0) or parameters[0] == "last"  # type: ignore[call-overload]
            return _("This is the last step: the game ends here.") if forward else _("This is the deal: there is no step before it.")
        if action in ("go_typed", "erase_digit"):
            return _("Type a step number first (0 to {steps}).").format(steps=self.replay.steps)
        if action == "digit":
            return _("That is enough digits: press Enter.")
        return None

    def show_refusal(self, reason: str) -> None:
        self._error_showing = True
        self._set_status(markup("[b]✗[/b] {reason}", reason=reason), error=True)

    def clear_refusal(self) -> None:
        if self._error_showing:
            self._error_showing = False
            self._show_typed()

    # Actions ---------------------------------------------------------------------------------------------

    def go_to(self, step: int) -> None:
        self.step_number = max(0, min(step, self.replay.steps))
        self.typed = ""
        self.show_step()

    def action_step(self, delta: int) -> None:
        self.go_to(self.step_number + delta)

    def action_jump_to(self, where: str) -> None:
        self.go_to(0 if where == "first" else self.replay.steps)

    def action_digit(self, digit: int) -> None:
        self.typed = (self.typed + str(digit)).lstrip("0") or "0"
        self._show_typed()
        self.refresh_bindings()

    def action_erase_digit(self) -> None:
        self.typed = self.typed[:-1]
        self._show_typed()
        self.refresh_bindings()

    def action_go_typed(self) -> None:
        wanted = int(self.typed)
        if wanted > self.replay.steps:
            self.typed = ""
            self.show_refusal(_("There is no step {step}: this game has steps 0 to {steps}.").format(step=wanted, steps=self.replay.steps))
            self.refresh_bindings()
            return
        self.go_to(wanted)

    def action_scroll_table(self, lines: int) -> None:
        body = self.query_one("#replay-body", VerticalScroll)
        body.scroll_to(y=body.scroll_y + lines, animate=False)

    def action_viewpoint(self) -> None:
        points = self.replay.viewpoints()
        self.viewpoint = points[(points.index(self.viewpoint) + 1) % len(points)]
        self.show_step()

    def help_lines(self) -> list[tuple[str, str]]:
        lines = [
            ("← / →", _("one step back / forward")),
            ("Home / End", _("the deal / the end of the game")),
            ("0-9, Enter", _("type a step number, then Enter to go there")),
            ("v", _("change the viewpoint: everything revealed, the public table, or each player's own view then")),
            ("↑ / ↓, PgUp / PgDn", _("scroll the table")),
            (CHANGED_MARK, _("marks the lines of the table that changed with this step")),
        ]
        shared = [line for line in shared_help_lines(self.replay.narrator.title) if line[0] != "q / Esc"]
        return lines + shared + [("q / Esc", _("back to the saved games"))]

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.replay.narrator.title, self.help_lines()))

    def action_rules(self) -> None:
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen(self.replay.spec.id, self.replay.narrator.title))

    def action_log(self) -> None:
        """The log up to this step, as the viewpoint reads it."""
        from .log import LogScreen

        lines = self.replay.log_lines(self.step_number, self.viewpoint)
        self.app.push_screen(LogScreen(self.replay.narrator.title, lines, private=self.viewpoint != PUBLIC))

    def action_back(self) -> None:
        self.app.pop_screen()
