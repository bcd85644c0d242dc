"""The Rummikub turn screen: a cursor over the rack and the table, selections, moves, splits, undo."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from ....engine.rummikub.models import (
    ChooseJoker,
    Discard,
    Draw,
    EndTurn,
    MoveTiles,
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
from ....i18n import _
from ...screens.turn import TurnScreen
from ...widgets.keybar import KeyBar
from . import render
from .render import Cursor


class RummikubTurnScreen(TurnScreen):
    CSS_PATH = Path(__file__).with_name("rummikub.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        *TurnScreen.BINDINGS,
        Binding("left", "cursor(0, -1)", _("Move"), show=False),
        Binding("right", "cursor(0, 1)", _("Move"), show=False),
        Binding("up", "cursor(-1, 0)", _("Move"), show=False),
        Binding("down", "cursor(1, 0)", _("Move"), show=False),
        Binding("tab", "switch_zone", _("Rack/table"), key_display="Tab"),
        Binding("space", "toggle_select", _("Select"), key_display="Space"),
        Binding("enter", "move_here", _("Move here")),
        Binding("m", "move_here", _("Move here"), show=False),
        Binding("n", "new_set", _("New set")),
        Binding("backspace", "to_rack", _("To rack"), key_display="⌫"),
        Binding("x", "split", _("Split")),
        Binding("j", "joker", _("Joker")),
        Binding("u", "undo", _("Undo")),
        Binding("ctrl+r", "reset", _("Reset turn"), key_display="^r"),
        Binding("e", "end_turn", _("End turn")),
        Binding("e", "discard", _("Discard")),  # American / International: a discard ends the turn
        Binding("d", "draw", _("Draw")),
        Binding("t", "take_discard", _("Take discard")),
        Binding("w", "take_trump", _("Trump")),
        Binding("b", "return_trump", _("Return trump")),
        Binding("c", "sort('colour')", _("Sort colour"), show=False),
        Binding("v", "sort('number')", _("Sort number"), show=False),
        Binding("s", "score_sheet", _("Scores"), show=False),
        Binding("escape", "clear_selection", _("Clear selection"), show=False),
    ]

    def __init__(self, view: RummikubView, **context: Any) -> None:
        super().__init__(view, **context)
        self.view: RummikubView = view
        self.cursor = Cursor("rack", 0, 0)
        self.selected: list[int] = []  # tile ids, in the order they were picked
        self.seconds_left: int | None = view.timer_seconds
        self._timed_out = False
        self._moving = False  # a move was submitted: its tiles stop being selected once it is applied
        self._line_counts: dict[str, int] = {}
        self._drawn: dict[str, tuple[object, ...]] = {}

    # Layout -------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="rk-header")
        yield Static(id="rk-others")
        with VerticalScroll(id="rk-table", can_focus=False):
            yield Static(id="rk-sets")
        yield Static(id="rk-rack")
        yield Static(id="rk-turn")
        yield Static(id="prompt")
        yield Static(id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        if self.seconds_left is not None:
            self.set_interval(1.0, self._tick)
        self._draw_all()

    def show_view(self, view: Any) -> bool:
        """The same player goes on: keep the cursor and the clock, drop selections that no longer exist."""
        self.view = view
        if self._moving:
            self.selected = []
            self._moving = False
        present = {tile.id for tile in view.rack or ()} | {tile.id for s in view.table for tile in s.tiles}
        self.selected = [tile for tile in self.selected if tile in present]
        self._clamp_cursor()
        self.set_status("")
        self._draw_all()
        self.refresh_bindings()
        return True

    def _draw_all(self) -> None:
        view = self.view
        self._draw_header()
        self._update("#rk-others", render.others_line(view))
        self._draw_cursor_parts()
        self._update("#rk-turn", render.turn_status(view), wraps=True)

    def _update(self, selector: str, text: Text, *, wraps: bool = False) -> None:
        """Redraw a panel; skip the layout pass when its number of lines cannot have changed.

        A tile move redraws several panels, and a layout pass for each is most of its cost.
        """
        drawn = (text.plain, tuple(text.spans), str(text.style))  # Text == Text ignores styles
        if self._drawn.get(selector) == drawn:
            return
        lines = text.plain.count("\n")
        same_size = not wraps and self._line_counts.get(selector) == lines
        self._line_counts[selector] = lines
        self._drawn[selector] = drawn
        self.query_one(selector, Static).update(text, layout=not same_size)

    def _draw_cursor_parts(self) -> None:
        view = self.view
        self._update("#rk-sets", render.table_lines(view, self.cursor, self.selected))
        rack_title = Text(_("Your rack ({n})  ").format(n=len(view.rack or ())), style="bold")
        rack_title.append(_("c/v sort by colour/number"), style="dim")
        rack = render.rack_lines(view.rack or (), self.cursor, self.selected)
        self._update("#rk-rack", Text("\n").join([rack_title, rack]))
        self._update("#prompt", Text(self.prompt_text()), wraps=True)
        if self.cursor.zone == "table":
            table = self.query_one("#rk-table", VerticalScroll)
            top, height = table.scroll_y, table.scrollable_content_region.height
            if not top <= self.cursor.row < top + height:  # keep the cursor's set in view
                table.scroll_to(y=max(self.cursor.row - 3, 0), animate=False)

    def prompt_text(self) -> str:
        count = len(self.selected)
        if count:
            return _("{n} tile(s) selected · move the cursor, Enter puts them there · n new set · Esc clears").format(n=count)
        if self.cursor.zone == "rack":
            if self.view.rule_set != "standard":
                if self.view.phase == "draw":
                    return _("Rack: ←/→ look over your tiles · first draw: d, t or w (see above)")
                return _("Rack: ←/→ choose, Space selects · Tab to the table · e discards the tile under the cursor")
            return _("Rack: ←/→ choose, Space selects · Tab to the table · d draw · e end turn")
        return _("Table: ↑/↓ set, ←/→ position, Space selects · x split here · Tab to the rack")

    def help_lines(self) -> list[tuple[str, str]]:
        return [
            ("←/→ ↑/↓", _("move the cursor over the rack or the table (a gap between tiles, in a set)")),
            ("Tab", _("switch between the rack and the table")),
            ("Space", _("select or deselect the tile under the cursor (several at once)")),
            ("Enter / m", _("move the selected tiles to the cursor (into that set, at that gap)")),
            ("n", _("move the selected tiles into a new set")),
            ("⌫ Backspace", _("take tiles you played this turn back to your rack")),
            ("x", _("split the set at the cursor")),
            ("j", _("switch what the joker under the cursor stands for")),
            ("u / Ctrl+R", _("undo the last move / reset the whole turn")),
            ("e / d", _("end the turn / draw a tile (only with the table untouched)")),
            ("e", _("American / International: discard the rack tile under the cursor, ending the turn")),
            ("d / t / w", _("American / International, to start a turn: draw, take the discard, take the trump")),
            ("b", _("put the trump back (the turn starts again)")),
            ("c / v", _("sort the rack by colour / by number")),
            ("s", _("the match score sheet")),
            *super().help_lines(),
        ]

    # Cursor -------------------------------------------------------------------------------------

    def _clamp_cursor(self) -> None:
        view, cursor = self.view, self.cursor
        if cursor.zone == "rack":
            size = len(view.rack or ())
            self.cursor = Cursor("rack", 0, min(cursor.index, max(size - 1, 0)))
        else:
            row = min(cursor.row, len(view.table))
            width = len(view.table[row].tiles) if row < len(view.table) else 0
            self.cursor = Cursor("table", row, min(cursor.index, width))

    def action_cursor(self, rows: int, columns: int) -> None:
        cursor = self.cursor
        if cursor.zone == "rack":
            size = len(self.view.rack or ())
            if size:
                step = columns + rows * render.RACK_PER_LINE
                self.cursor = Cursor("rack", 0, (cursor.index + step) % size)
        else:
            row = (cursor.row + rows) % (len(self.view.table) + 1)
            self.cursor = Cursor("table", row, cursor.index + columns)
            self._clamp_cursor()
            if self.cursor.index < 0:
                self.cursor = Cursor("table", row, 0)
        self._draw_cursor_parts()

    def action_switch_zone(self) -> None:
        self.cursor = Cursor("table", self.cursor.row, 0) if self.cursor.zone == "rack" else Cursor("rack", 0, 0)
        self._clamp_cursor()
        self._draw_cursor_parts()

    def _tile_at_cursor(self) -> int | None:
        cursor, view = self.cursor, self.view
        if cursor.zone == "rack":
            rack = view.rack or ()
            return rack[cursor.index].id if cursor.index < len(rack) else None
        if cursor.row < len(view.table):
            tiles = view.table[cursor.row].tiles
            if cursor.index < len(tiles):
                return tiles[cursor.index].id
        return None

    def action_click_rack(self, index: int) -> None:
        self.cursor = Cursor("rack", 0, index)
        self.action_toggle_select()

    def action_click_table(self, row: int, position: int) -> None:
        self.cursor = Cursor("table", row, position)
        if self.selected:
            self.action_move_here()
        else:
            self.action_toggle_select()

    # Keys -----------------------------------------------------------------------------------------

    def _legal(self, kind: type) -> bool:
        return any(isinstance(action, kind) for action in self.view.legal_actions)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("move_here", "new_set", "clear_selection"):
            return bool(self.selected)
        if action == "to_rack":
            played = set(self.view.played_this_turn)
            return any(tile in played for tile in self.selected)
        if action == "split":
            return self.cursor.zone == "table" and self._legal(SplitSet)
        if action == "joker":
            return self._legal(ChooseJoker)
        if action == "undo":
            return self.view.can_undo
        if action == "reset":
            return self.view.can_reset
        discarding = self.view.rule_set != "standard"
        if action == "end_turn":
            if discarding:
                return False
            return None if self.view.end_turn_problems else True  # shown greyed: e explains why
        if action == "discard":
            if not discarding or self.view.phase == "draw":
                return False
            tile = self._discard_tile()
            if tile is None:  # pressing it says where to point
                return True if self._legal(Discard) else None
            return True if Discard(tile=tile) in self.view.legal_actions else None
        if action == "draw":
            return self._legal(Draw)
        if action == "take_discard":
            return self._legal(TakeDiscard)
        if action == "take_trump":
            return self._legal(TakeTrump)
        if action == "return_trump":
            return self._legal(ReturnTrump)
        if action == "leave":
            return not self.selected
        return True

    def action_toggle_select(self) -> None:
        tile = self._tile_at_cursor()
        if tile is None:
            return
        if tile in self.selected:
            self.selected.remove(tile)
        else:
            self.selected.append(tile)
        self._draw_cursor_parts()
        self.refresh_bindings()

    def action_clear_selection(self) -> None:
        self.selected = []
        self._draw_cursor_parts()
        self.refresh_bindings()

    def action_move_here(self) -> None:
        cursor = self.cursor
        if cursor.zone == "rack":
            self.action_to_rack()
            return
        if cursor.row >= len(self.view.table):
            self.action_new_set()
            return
        target = self.view.table[cursor.row]
        self._submit_move(MoveTiles(tiles=tuple(self.selected), to=target.id, position=cursor.index))

    def action_new_set(self) -> None:
        # The cursor stays where it is: building sets from the rack, the next tiles are picked there too.
        self._submit_move(MoveTiles(tiles=tuple(self.selected), to=None))

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
        super().show_error(reason)

    def action_split(self) -> None:
        cursor = self.cursor
        if cursor.row < len(self.view.table):
            self.submit(SplitSet(set_id=self.view.table[cursor.row].id, at=cursor.index))

    def action_joker(self) -> None:
        """Cycle the joker under the cursor (or the first switchable one) through its meanings."""
        choices = [a for a in self.view.legal_actions if isinstance(a, ChooseJoker)]
        tile = self._tile_at_cursor()
        mine = [a for a in choices if a.tile == tile] or choices
        if not mine:
            return
        current = {(m.tile, m.colour, m.number) for s in self.view.table for m in s.jokers}
        for index, choice in enumerate(mine):
            if (choice.tile, choice.colour, choice.number) in current:
                self.submit(mine[(index + 1) % len(mine)])
                return
        self.submit(mine[0])

    def action_undo(self) -> None:
        self.submit(Undo())

    def action_reset(self) -> None:
        self.selected = []
        self.submit(ResetTurn())

    def action_end_turn(self) -> None:
        if self.view.end_turn_problems:
            self.show_error(_("Not yet: ") + "; ".join(self.view.end_turn_problems))
            return
        self.submit(EndTurn())

    def action_draw(self) -> None:
        self.submit(Draw())

    def _discard_tile(self) -> int | None:
        """The tile a discard would throw: the one selected rack tile, else the rack tile under the cursor."""
        rack = {tile.id for tile in self.view.rack or ()}
        chosen = [tile for tile in self.selected if tile in rack]
        if len(chosen) == 1:
            return chosen[0]
        if self.cursor.zone == "rack" and not chosen:
            return self._tile_at_cursor()
        return None

    def action_discard(self) -> None:
        tile = self._discard_tile()
        if tile is None:
            self.show_error(_("Put the rack cursor on the tile to discard (or select just that one)"))
            return
        if self.view.end_turn_problems:
            self.show_error(_("Not yet: ") + "; ".join(self.view.end_turn_problems))
            return
        self.selected = []
        self.submit(Discard(tile=tile))

    def action_take_discard(self) -> None:
        self.submit(TakeDiscard())

    def action_take_trump(self) -> None:
        self.submit(TakeTrump())

    def action_return_trump(self) -> None:
        self.submit(ReturnTrump())

    def action_sort(self, by: str) -> None:
        self.submit(SortRack(by=by))  # type: ignore[arg-type]

    def action_score_sheet(self) -> None:
        from ...screens.panel import PanelScreen
        from ...screens.results import match_table

        if self.match:
            body: Any = match_table(self.view.players, self.match)
        else:
            body = _("This is the first game of the match: no scores yet.")
        self.app.push_screen(PanelScreen(_("Match score sheet"), body, close_key="s", private=False))

    def _tick(self) -> None:
        # The clock pauses while the help, rules or log page covers this screen.
        if self.seconds_left is None or self._timed_out or not self.is_current or self.view.phase == "discard":
            return  # (a turn whose time ran out has only its discard left, without a clock)
        self.seconds_left -= 1
        if self.seconds_left <= 0:
            self._timed_out = True
            self.submit(TimeUp())
            return
        self._draw_header()

    def _draw_header(self) -> None:
        view = self.view
        header = Text()
        header.append(f" {self.game_title} ", style="bold reverse")
        header.append(" " + _("Turn {t} · Your turn, {name}").format(t=view.turn + 1, name=view.players[self.seat]))
        if self.seconds_left is not None:
            minutes, seconds = divmod(max(self.seconds_left, 0), 60)
            header.append(f"   ⏱ {minutes}:{seconds:02d}", style="bold red" if self.seconds_left <= 10 else "bold")
        self._update("#rk-header", header)
