"""The Rummikub turn screen: a cursor over the rack and the table, selections, moves, splits, undo.

The screen keeps the keys, what each may do now (check_action) and why not (refusal: every key answers, see
TurnScreen.refusal), the cursor and the selection (`step`) and the turn's clock. What it shows is drawn by
its widgets (widgets/), each from the seat's View and the reactive attributes the screen sets on them; what
the View allows, and why not, is worked out in choices.py, where tiles go in placing.py.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.reactive import var
from textual.widgets import Static

from ....engine.rummikub.editing import TRIED_ACTIONS
from ....engine.rummikub.models import (
    Discard,
    Draw,
    EndTurn,
    MoveTiles,
    RecordClock,
    ResetTurn,
    ReturnToRack,
    ReturnTrump,
    RummikubView,
    SortRack,
    SplitSet,
    TakeDiscard,
    TakeTrump,
    TimeUp,
    Undo,
)
from ....i18n import N_, _
from ....narration.rummikub import RummikubNarrator
from ...screens.turn import TurnScreen
from ...text import WrappingText, wrapped
from ...widgets.keybar import KeyBar
from ...widgets.news import NEW_MARK
from . import placing, render
from .choices import Choices, Step, column_of
from .render import Cursor
from .widgets import OthersLine, PromptLine, Rack, TableSets, TurnHeader, TurnLine

# The clock's time left is recorded in the game (so saved) this often, and whenever the player leaves.
CLOCK_RECORD_SECONDS = 5
# The clock's second, in real seconds (tests run it faster).
CLOCK_SECOND = 1.0
# Keys that edit the table: none of them works before the draw (American / International).
_TABLE_WORK = frozenset({"toggle_select", "move_here", "new_set", "to_rack", "split", "joker", "undo", "reset"})


class RummikubTurnScreen(TurnScreen):
    CSS_PATH = Path(__file__).with_name("rummikub.tcss")

    # A tile moved into a new set (the same player goes on); American and International draw first.
    BENCH_KEYS = {
        "": {"select": ("right", "left"), "apply": ("space", "n")},
        "american": {"prepare": ("d",), "select": ("right", "left"), "apply": ("space", "n")},
        "international": {"prepare": ("d",), "select": ("right", "left"), "apply": ("space", "n")},
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        *TurnScreen.BINDINGS,
        Binding("left", "cursor(0, -1)", N_("Move"), show=False),
        Binding("right", "cursor(0, 1)", N_("Move"), show=False),
        Binding("up", "cursor(-1, 0)", N_("Move"), show=False),
        Binding("down", "cursor(1, 0)", N_("Move"), show=False),
        Binding("home", "cursor_edge('start')", N_("First"), show=False),
        Binding("end", "cursor_edge('end')", N_("Last"), show=False),
        # Tab and Space are named by the prompt line, Ctrl+R is rare: all three stay in `?` and leave the key
        # bar room for the words of the others (a bar of bare keys says little).
        Binding("tab", "switch_zone", N_("Rack/table"), key_display="Tab", show=False),
        Binding("space", "toggle_select", N_("Select"), key_display="Space", show=False),
        Binding("enter", "move_here", N_("Move here")),
        Binding("m", "move_here", N_("Move here"), show=False),
        Binding("n", "new_set", N_("New set")),
        Binding("backspace", "to_rack", N_("To rack"), key_display="⌫"),
        Binding("x", "split", N_("Split")),
        Binding("j", "joker", N_("Joker")),
        Binding("u", "undo", N_("Undo")),
        Binding("ctrl+r", "reset", N_("Reset turn"), key_display="^r", show=False),
        Binding("e", "end_turn", N_("End turn")),
        Binding("e", "discard", N_("Discard")),  # American / International: a discard ends the turn
        Binding("d", "draw", N_("Draw")),
        Binding("t", "take_discard", N_("Take discard")),
        Binding("w", "take_trump", N_("Trump")),
        Binding("b", "return_trump", N_("Return trump")),
        Binding("less_than_sign", "shift(-1)", N_("Tile left"), key_display="<", show=False),
        Binding("greater_than_sign", "shift(1)", N_("Tile right"), key_display=">", show=False),
        Binding("c", "sort('colour')", N_("Sort colour"), show=False),
        Binding("v", "sort('number')", N_("Sort number"), show=False),
        Binding("s", "score_sheet", N_("Scores"), show=False),
        Binding("h", "hint", N_("Hint")),  # only when the game's hints option is on
        Binding("escape", "clear_selection", N_("Clear selection"), show=False),
    ]

    # The cursor and the selection: one value, replaced by the keys.
    step: var[Step] = var(Step, init=False)

    def __init__(self, view: RummikubView, **context: Any) -> None:
        super().__init__(view, **context)
        self.view: RummikubView = view
        self.narrator: RummikubNarrator
        self.choices = Choices(view, self.narrator)
        # The widgets, composed below, follow the View (_follow_view), the step (watch_step) and the
        # terminal's width (_follow_size).
        self._header = TurnHeader(self.game_title, view, id="rk-header")
        self._others = OthersLine(id="rk-others")
        self._table = TableSets(self.narrator, id="rk-table")
        self._rack = Rack(self.narrator, id="rk-rack")
        self._turn = TurnLine(self.narrator, id="rk-turn")
        self._prompt = PromptLine(id="prompt")
        self._recorded: int | None = None  # the time left the game last recorded
        self._clock_pending: int | None = None  # the time left a RecordClock sent, until it is applied
        self._leave_after_clock = False  # the player asked to leave: confirm once the clock is recorded
        self._timed_out = False
        self._start_clock(view)
        self._moving = False  # a move was submitted: its tiles stop being selected once it is applied
        # The second half of a move into a set that cannot be made in one (tiles for both ends of a locked
        # set): submitted once the first half is applied.
        self._queued_move: MoveTiles | None = None

    # The step's parts, as the keys' code (and the tests) name them.

    @property
    def cursor(self) -> Cursor:
        return self.step.cursor

    @property
    def selected(self) -> tuple[int, ...]:
        return self.step.selected

    @property
    def seconds_left(self) -> int | None:
        """The time left on this turn's clock (None: the game has no turn timer), shown by the header."""
        return self._header.seconds_left

    @seconds_left.setter
    def seconds_left(self, seconds: int | None) -> None:
        self._header.seconds_left = seconds

    # Layout -------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield self._header
        yield self._others
        yield self._table
        yield self._rack
        yield self._turn
        yield self._prompt
        yield Static(id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        self.clock_timer = self.set_interval(CLOCK_SECOND, self._tick) if self.seconds_left is not None else None
        self._follow_size()
        self._follow_view()
        self.watch_step(self.step)

    def on_resize(self) -> None:
        if not self.is_mounted:
            return
        self._follow_size()  # every panel breaks its lines for the terminal's width
        self._follow_view()
        self.step = replace(self.step, cursor=self.choices.clamped(self.cursor))

    def _follow_size(self) -> None:
        line = self._line_width()
        self._others.width = self._turn.width = self._prompt.width = line
        self._table.width = self._table_width()
        self._rack.per_line = self.rack_per_line()

    def _follow_view(self) -> None:
        """The widgets show the screen's View, and what changed since this player last looked (the news strip
        above the prompt says how)."""
        view = self.view
        marks = render.changes(self.previous_view, view)
        self._header.view = self._others.view = self._table.view = self._rack.view = self._turn.view = view
        self._others.marks = self._table.marks = marks
        self._prompt.choices = self.choices

    def watch_step(self, step: Step) -> None:
        """The table and the rack show the cursor (in whichever zone it is) and the selection, the prompt
        the keys for them; the keys that work change with them."""
        on_table = step.cursor.zone == "table"
        self._table.cursor = step.cursor if on_table else None
        self._rack.cursor = None if on_table else step.cursor
        self._table.selected = self._rack.selected = step.selected
        self._prompt.step = step
        self.refresh_bindings()

    def watch_notice(self, notice: str) -> None:
        self._prompt.notice = notice

    def set_news(self, news: tuple[str, ...], previous_view: Any) -> None:
        """Nothing new (the clock's time recorded, every few seconds): news the player hid with `z` stays
        hidden."""
        if tuple(news) == self.news:
            self.previous_view = previous_view
            return
        super().set_news(news, previous_view)

    def show_view(self, view: Any) -> bool:
        """The same player goes on: keep the cursor and the clock, drop selections that no longer exist.
        A new turn of this player (computers played in between) starts afresh: the cursor on the rack,
        nothing selected, the full time on the clock."""
        old, self.view = self.view, view
        self.choices = Choices(view, self.narrator)
        if view.current == self.seat and (old.current != self.seat or old.turn != view.turn):
            self._start_turn(view)
        leave = False
        if self._clock_pending is not None and view.clock_left == self._clock_pending:
            self._clock_pending = None
            self._recorded = view.clock_left
            leave, self._leave_after_clock = self._leave_after_clock, False
            if view.table == old.table and view.rack == old.rack and view.phase == old.phase and view.log == old.log:
                if leave:  # only the clock was recorded: nothing to redraw
                    super().action_leave()
                return True
        selected = self.selected
        if self._moving:
            queued, self._queued_move = self._queued_move, None
            if queued is not None:
                self.submit(queued)  # the move's second half: the selection goes once it is applied
            else:
                selected = ()
                self._moving = False
        present = {tile.id for tile in view.rack or ()} | {tile.id for s in view.table for tile in s.tiles}
        self.set_status("")
        self._follow_view()
        self.step = replace(
            self.step,
            cursor=self.choices.clamped(self.cursor),
            selected=tuple(tile for tile in selected if tile in present),
        )
        self.refresh_bindings()
        if leave:
            super().action_leave()
        return True

    def _line_width(self) -> int:
        """Cells for the text of a line-wide panel (the screen's width less its padding)."""
        return max((self.size.width or self.app.size.width) - 2, 1)

    def _table_width(self) -> int:
        """Cells for the table's lines: inside its border and padding, and beside its scroll bar."""
        return max((self.size.width or self.app.size.width) - 6, 1)

    def rack_per_line(self) -> int:
        """Rack tiles per row: as many as the terminal's width holds (inside the rack's border and padding)."""
        width = (self.size.width or self.app.size.width) - 4
        return max(width // render.TILE_CELLS, 1)

    def help_lines(self) -> list[tuple[str, Any]]:
        # Broken between words or Chinese characters, never cut: a help cell ellipsizes by default.
        own: list[tuple[str, str]] = [
            ("←/→ ↑/↓", _("move the cursor over the rack or the table (a gap between tiles, in a set); ↑/↓ keep the column")),
            ("Home / End", _("the first / last tile of the rack, the start / end of a set")),
            ("Tab", _("switch between the rack and the table")),
            ("Space", _("select or deselect the tile under the cursor (several at once)")),
            ("Enter / m", _("move the selected tiles to the cursor (into that set, at that gap)")),
            ("n", _("move the selected tiles into a new set (laid out in a valid order when there is one)")),
            ("⌫ Backspace", _("take tiles you played this turn back to your rack")),
            ("< / >", _("move the tile under the cursor one place left / right (on the rack, or within its set)")),
            ("x", _("split the set at the cursor")),
            ("j", _("switch what the joker under the cursor stands for")),
            (
                _("free a joker"),
                _(
                    "select the tile the joker stands for (a group: a missing colour), put the cursor on the joker"
                    " and press Enter: the tile takes its place and the joker lies alone on the table; play it"
                    " in a set this turn (it never goes to your rack)"
                ),
            ),
            ("u / Ctrl+R", _("undo the last move / reset the whole turn")),
            ("e / d", _("standard game: end the turn / draw a tile (only with the table untouched)")),
            ("e", _("American / International: discard the rack tile under the cursor, ending the turn")),
            ("d / t / w", _("American / International, to start a turn: draw, take the discard, take the trump")),
            ("b", _("put the trump back (the turn starts again)")),
            ("c / v", _("sort the rack by colour / by number")),
            ("K R B O J", render.colour_legend(self.narrator)),
            (
                NEW_MARK,
                _(
                    "a set, a player or a pile that changed since you last looked at the table (the news above the"
                    " prompt says how)"
                ),
            ),
            ("s", _("the match score sheet")),
        ]
        if self.view.options.hints:
            own.append(("h", _("a hint: the most tiles you could lay now, and the sets they would make")))
        return [(key, WrappingText(meaning)) for key, meaning in own] + super().help_lines()

    # Every key answers -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        discarding = self.choices.discarding
        if (action == "end_turn" and discarding) or (action == "discard" and not discarding):
            return False  # the other binding of `e` is this rule set's
        if self._why_not(action, parameters) is None:
            return True
        return None if self._greyed(action) else False

    def _greyed(self, action: str) -> bool:
        """Whether a refused key stays in the key bar, greyed, as a step of this turn (else it is hidden)."""
        if action in ("end_turn", "discard"):
            return True
        if action == "draw":
            return not self.choices.discarding
        if action in ("take_discard", "take_trump"):
            return self.choices.drawing()
        if action == "split":
            return self.cursor.zone == "table" and not self.choices.drawing()
        return False

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        return self._why_not(action, parameters)

    def _why_not(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """None when the key bound to `action` does something now, else why not (one line)."""
        view, choices, cursor = self.view, self.choices, self.cursor
        if action == "cursor":
            target = choices.cursor_move(self.step, int(parameters[0]), int(parameters[1]), self.rack_per_line())  # type: ignore[call-overload]
            return target if isinstance(target, str) else None
        if action == "cursor_edge":
            target = choices.cursor_edge(cursor, str(parameters[0]))
            return target if isinstance(target, str) else None
        if action == "shift":
            shifted = choices.shift(cursor, int(parameters[0]))  # type: ignore[call-overload]
            return shifted if isinstance(shifted, str) else None
        if action in ("switch_zone", "score_sheet"):
            return None
        if action == "hint":
            return choices.hint_problem()
        if action == "clear_selection":
            return None if self.selected else _("Nothing is selected")
        if action == "leave":  # Esc clears a selection first (its other binding)
            return None if not self.selected else _("Esc clears the selection first; then q or Esc goes back to the menu")
        if action in _TABLE_WORK:
            if choices.drawing():
                return choices.draw_first()
            if choices.time_is_up() and not (action == "toggle_select" and cursor.zone == "rack"):
                return choices.rule("time_is_up_discard")
        if action == "toggle_select":
            return None if choices.tile_at(cursor) is not None else _("No tile under the cursor: move onto a tile to select it")
        if action in ("move_here", "new_set", "to_rack"):
            if not self.selected:
                return _("Select tiles first (Space), then Enter puts them at the cursor")
            if action == "to_rack" or (action == "move_here" and cursor.zone == "rack"):
                played = set(view.played_this_turn)
                if not any(tile in played for tile in self.selected):
                    return _("Only tiles played from your rack this turn go back to it")
            return None
        if action == "split":
            return choices.split_problem(cursor)
        if action == "joker":
            return choices.joker_problem(cursor)
        if action == "end_turn":
            if choices.discarding:
                return None  # the discard binding of the same key answers
            return None if not view.end_turn_problems else choices.not_yet()
        if action == "discard":
            return choices.discard_problem(self.step) if choices.discarding else None
        if action in TRIED_ACTIONS:
            return choices.engine_refusal(action)
        if action == "sort":
            return choices.sort_problem(str(parameters[0]))
        return None

    # Cursor -------------------------------------------------------------------------------------

    def _start_turn(self, view: RummikubView) -> None:
        """A new turn on a screen that stayed: where the last turn left the cursor (on a finished set,
        say) means nothing now, so it starts on the rack's first tile with nothing selected."""
        self.step = Step()
        self._moving = False
        self._queued_move = None
        self._start_clock(view)

    def _place_cursor(self, target: Cursor, *, keep_column: bool = False) -> None:
        self.step = self.step.moved_to(target, keep_column=keep_column, per_line=self.rack_per_line())

    def action_cursor(self, rows: int, columns: int) -> None:
        target = self.choices.cursor_move(self.step, rows, columns, self.rack_per_line())
        if isinstance(target, Cursor):
            zone_changed = target.zone != self.cursor.zone
            self._place_cursor(target, keep_column=bool(rows) and not zone_changed)

    def action_cursor_edge(self, edge: str) -> None:
        target = self.choices.cursor_edge(self.cursor, edge)
        if isinstance(target, Cursor):
            self._place_cursor(target)

    def action_switch_zone(self) -> None:
        """Tab: to the place the cursor last had in the other zone (the first set or tile the first time)."""
        zone = "table" if self.cursor.zone == "rack" else "rack"
        # The table or the rack may have changed since the cursor left it.
        self._place_cursor(self.choices.clamped(self.step.last_in(zone) or Cursor(zone, 0, 0)))

    def action_click_rack(self, index: int) -> None:
        self._place_cursor(Cursor("rack", 0, index))
        if self._why_not("toggle_select", ()) is None:
            self.action_toggle_select()

    def action_click_table(self, row: int, position: int) -> None:
        self._place_cursor(Cursor("table", row, position))
        if self.selected:
            self.action_move_here()
        elif self._why_not("toggle_select", ()) is None:
            self.action_toggle_select()

    # Keys -----------------------------------------------------------------------------------------

    def action_toggle_select(self) -> None:
        tile = self.choices.tile_at(self.cursor)
        if tile is None:
            return
        if tile in self.selected:
            selected = tuple(picked for picked in self.selected if picked != tile)
        else:
            selected = (*self.selected, tile)
        self.step = replace(self.step, selected=selected)

    def action_clear_selection(self) -> None:
        self.step = replace(self.step, selected=())

    def action_move_here(self) -> None:
        cursor = self.cursor
        if cursor.zone == "rack":
            self.action_to_rack()
            return
        if cursor.row >= len(self.view.table):
            self.action_new_set()
            return
        first, then = placing.moves_into(self.view, self.selected, self.view.table[cursor.row], cursor.index)
        self._queued_move = then
        self._submit_move(first)

    def action_new_set(self) -> None:
        """The selection becomes a new set, laid out in a valid order when one exists. The cursor stays
        where it is: building sets from the rack, the next tiles are picked there too."""
        self._submit_move(placing.new_set(self.view, self.selected))

    def action_to_rack(self) -> None:
        played = set(self.view.played_this_turn)
        tiles = tuple(tile for tile in self.selected if tile in played)
        if tiles:
            self._submit_move(ReturnToRack(tiles=tiles))

    def _submit_move(self, action: Any) -> None:
        self._moving = True
        self.submit(action)

    def show_error(self, reason: str) -> None:
        self._moving = False  # the move was refused: keep the selection for another try
        self._queued_move = None
        if self._leave_after_clock:  # the clock could not be recorded: leave all the same
            self._leave_after_clock = False
            super().action_leave()
            return
        # Broken for the status line's width (after its "✗ "), later lines indented under the first.
        lines = wrapped(Text(reason), self._line_width() - 2).plain
        super().show_error(lines.replace("\n", "\n  "))

    def action_split(self) -> None:
        cursor = self.cursor
        if cursor.row < len(self.view.table):
            self.submit(SplitSet(set_id=self.view.table[cursor.row].id, at=cursor.index))

    def action_joker(self) -> None:
        """Cycle the joker under the cursor (or the first switchable one) through its meanings. A joker
        elsewhere gets the cursor, so the person sees which one changed."""
        mine = self.choices.joker_choices(self.cursor)
        if not mine:
            return
        current = {(m.tile, m.colour, m.number) for s in self.view.table for m in s.jokers}
        chosen = mine[0]
        for index, choice in enumerate(mine):
            if (choice.tile, choice.colour, choice.number) in current:
                chosen = mine[(index + 1) % len(mine)]
                break
        if self.choices.tile_at(self.cursor) != chosen.tile:
            for row, table_set in enumerate(self.view.table):
                for index, tile in enumerate(table_set.tiles):
                    if tile.id == chosen.tile:
                        self._place_cursor(Cursor("table", row, index))
        self.submit(chosen)

    def action_shift(self, step: int) -> None:
        action = self.choices.shift(self.cursor, step)
        if isinstance(action, str):
            return
        moved = Cursor(self.cursor.zone, self.cursor.row, self.cursor.index + step)  # the cursor follows the tile
        self.step = replace(self.step, cursor=moved, column=column_of(moved, self.rack_per_line()))
        self.submit(action)

    def action_undo(self) -> None:
        self.submit(Undo())

    def action_reset(self) -> None:
        self.step = replace(self.step, selected=())
        self.submit(ResetTurn())

    def action_end_turn(self) -> None:
        self.submit(EndTurn())

    def action_draw(self) -> None:
        self.submit(Draw())

    def action_discard(self) -> None:
        tile = self.choices.discard_tile(self.step)
        if tile is None:
            return
        self.step = replace(self.step, selected=())
        self.submit(Discard(tile=tile))

    def action_take_discard(self) -> None:
        self.submit(TakeDiscard())

    def action_take_trump(self) -> None:
        self.submit(TakeTrump())

    def action_return_trump(self) -> None:
        self.submit(ReturnTrump())

    def action_sort(self, by: str) -> None:
        self.submit(SortRack(by=by))  # type: ignore[arg-type]

    def action_hint(self) -> None:
        """Say the best play the move finder sees, as text in the status line."""
        self.set_status(wrapped(Text(placing.hint(self.view, self.narrator)), self._line_width()).plain)

    def action_score_sheet(self) -> None:
        from ...screens.panel import PanelScreen
        from ...screens.results import match_table

        if self.match:
            body: Any = match_table(self.view.players, self.match)
        else:
            body = _("This is the first game of the match: no scores yet.")
        self.app.push_screen(PanelScreen(_("Match score sheet"), body, close_key="s", private=False))

    # The turn timer -------------------------------------------------------------------------------

    def _start_clock(self, view: RummikubView) -> None:
        """The clock of a turn of this player: the time the game recorded for it (a resumed turn), else the
        full time; none left once the time is up (only the discard remains)."""
        if view.timer_seconds is None:
            self.seconds_left = None
        elif view.phase == "discard":
            self.seconds_left = 0
        else:
            self.seconds_left = view.clock_left if view.clock_left is not None else view.timer_seconds
        self._recorded = self.seconds_left
        self._clock_pending = None
        self._timed_out = view.phase == "discard"

    def _turn_clock(self) -> bool:
        """Whether this player's turn is under way with time left on its clock (a computer's turn is not)."""
        view = self.view
        running = self.seconds_left is not None and not self._timed_out
        return running and view.current == self.seat and view.phase in ("draw", "turn")

    def _clock_runs(self) -> bool:
        """Whether the clock runs now: in this player's turn, with this screen in front. It pauses while
        the help, the rules, the log or the score sheet covers the screen (Textual's `is_current` also
        holds for the screen just under the top one, so it would not do): the clock's recording then never
        reaches the app while such a page is open, and cannot replace it."""
        return self._turn_clock() and self.is_attached and self.app.screen is self

    def action_leave(self) -> None:
        """Leaving mid-turn records the clock first, so the resumed turn goes on with the time it had."""
        if not self._turn_clock() or self.seconds_left == self._recorded:
            super().action_leave()
            return
        self._leave_after_clock = True
        self._record_clock()

    def _record_clock(self) -> None:
        if self.seconds_left is None:
            return
        self._clock_pending = max(self.seconds_left, 0)
        self.submit(RecordClock(seconds_left=self._clock_pending))

    def _tick(self) -> None:
        if not self._clock_runs():
            return
        assert self.seconds_left is not None
        self.seconds_left -= 1  # the header shows it: 0:00 too, before the turn ends for want of time
        if self.seconds_left <= 0:
            self._timed_out = True
            self.submit(TimeUp())
        elif self.seconds_left % CLOCK_RECORD_SECONDS == 0:
            self._record_clock()


# The registry's way in (tui/games/__init__.py: turn_screen_class).
TURN_SCREEN = RummikubTurnScreen
