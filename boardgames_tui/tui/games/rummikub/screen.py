"""The Rummikub turn screen: a cursor over the rack and the table, selections, moves, splits, undo.

Every key answers (see TurnScreen.refusal): `_why_not` says in one rule sentence why a key does nothing
now, `check_action` hides or greys what it refuses, and the refused key shows that sentence.
"""

from __future__ import annotations

from itertools import permutations
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from ....engine.rummikub.models import (
    ArrangeRack,
    ChooseJoker,
    Discard,
    Draw,
    EndTurn,
    MoveTiles,
    RecordClock,
    ResetTurn,
    ReturnToRack,
    ReturnTrump,
    RummikubView,
    SetView,
    SortRack,
    SplitSet,
    TakeDiscard,
    TakeTrump,
    TimeUp,
    Undo,
)
from ....engine.rummikub.editing import TRIED_ACTIONS, sort_rack
from ....engine.rummikub.sets import analyse, valid_order
from ....engine.rummikub.tiles import JOKER, TILES
from ....engine.base import IllegalAction
from ....i18n import N_, _, ngettext
from ...screens.turn import TurnScreen
from ...text import WrappingText, wrapped
from ...widgets.keybar import KeyBar
from ...widgets.news import NEW_MARK
from . import render
from ....narration.rummikub import RummikubNarrator
from .render import Cursor

# The clock's time left is recorded in the game (so saved) this often, and whenever the player leaves.
CLOCK_RECORD_SECONDS = 5
# Keys that edit the table: none of them works before the draw (American / International).
_TABLE_WORK = frozenset({"toggle_select", "move_here", "new_set", "to_rack", "split", "joker", "undo", "reset"})


def _orders(tiles: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The orders to try a few tiles in when they go into a set: as selected first; every order of up to
    four tiles, else the sorted ones only."""
    if len(tiles) <= 4:
        return list(dict.fromkeys([tiles, *permutations(tiles)]))
    by_number = tuple(sorted(tiles, key=lambda t: (TILES[t].number, t)))  # a joker (0) first
    return list(dict.fromkeys([tiles, by_number, by_number[::-1]]))


def _table_rows(view: RummikubView) -> tuple[dict[int, tuple[int, ...]], set[tuple[int, ...]]]:
    """(each set's tiles by set id, each set's tiles sorted): to tell which sets a hint changes."""
    by_id = {table_set.id: tuple(tile.id for tile in table_set.tiles) for table_set in view.table}
    return by_id, {tuple(sorted(tiles)) for tiles in by_id.values()}


class RummikubTurnScreen(TurnScreen):
    CSS_PATH = Path(__file__).with_name("rummikub.tcss")

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

    def __init__(self, view: RummikubView, **context: Any) -> None:
        super().__init__(view, **context)
        self.view: RummikubView = view
        self.narrator: RummikubNarrator
        self.cursor = Cursor("rack", 0, 0)
        self._column = 0  # the column ↑/↓ keep: a set position on the table, a rack column on the rack
        self._zone_cursors: dict[str, Cursor] = {}  # the cursor's last place in each zone, for Tab
        self.selected: list[int] = []  # tile ids, in the order they were picked
        self.seconds_left: int | None = None
        self._recorded: int | None = None  # the time left the game last recorded
        self._clock_pending: int | None = None  # the time left a RecordClock sent, until it is applied
        self._leave_after_clock = False  # the player asked to leave: confirm once the clock is recorded
        self._timed_out = False
        self._start_clock(view)
        self._moving = False  # a move was submitted: its tiles stop being selected once it is applied
        # The second half of a move into a set that cannot be made in one (tiles for both ends of a locked
        # set): submitted once the first half is applied.
        self._queued_move: MoveTiles | None = None
        self._line_counts: dict[str, int] = {}
        self._drawn: dict[str, tuple[object, ...]] = {}
        self._marks = render.Changes()  # what changed since this player last looked (NEW_MARK)
        self._legal_set: frozenset[Any] | None = None
        self._kinds: frozenset[type] | None = None

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
        # The colour letters and their names, on the rack's frame: it costs no line.
        self.query_one("#rk-rack").border_subtitle = render.colour_legend(self.narrator)
        self.clock_timer = self.set_interval(1.0, self._tick) if self.seconds_left is not None else None
        self._draw_all()

    def on_resize(self) -> None:
        if not self.is_mounted:
            return
        self._clamp_cursor()
        self._draw_all()  # every panel breaks its lines for the terminal's width

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
        self._legal_set = self._kinds = None
        # The app writes "… is thinking" over the prompt while a computer plays: what this screen last drew
        # there is no longer what shows, so the prompt is drawn again even when its text is unchanged.
        self._drawn.pop("#prompt", None)
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
        if self._moving:
            queued, self._queued_move = self._queued_move, None
            if queued is not None:
                self.submit(queued)  # the move's second half: the selection goes once it is applied
            else:
                self.selected = []
                self._moving = False
        present = {tile.id for tile in view.rack or ()} | {tile.id for s in view.table for tile in s.tiles}
        self.selected = [tile for tile in self.selected if tile in present]
        self._clamp_cursor()
        self.set_status("")
        self._draw_all()
        self.refresh_bindings()
        if leave:
            super().action_leave()
        return True

    def _draw_all(self) -> None:
        view = self.view
        # What changed since this player last looked (the news strip above the prompt says how).
        self._marks = render.changes(self.previous_view, view)
        legend = NEW_MARK + " " + _("changed since you last looked") if self._marks else ""
        table = self.query_one("#rk-table")
        if table.border_subtitle != legend:
            table.border_subtitle = legend
        self._draw_header()
        self._draw_others()
        self._draw_cursor_parts()
        self._update("#rk-turn", wrapped(render.turn_status(view, self.narrator), self._line_width()), wraps=True)

    def _draw_others(self) -> None:
        """The other players and the pool, broken into lines between entries (inside the panel's padding)."""
        self._update("#rk-others", render.others_line(self.view, self._line_width(), self._marks), wraps=True)

    def _line_width(self) -> int:
        """Cells for the text of a line-wide panel (the screen's width less its padding)."""
        return max((self.size.width or self.app.size.width) - 2, 1)

    def _table_width(self) -> int:
        """Cells for the table's lines: inside its border and padding, and beside its scroll bar."""
        return max((self.size.width or self.app.size.width) - 6, 1)

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

    def rack_per_line(self) -> int:
        """Rack tiles per row: as many as the terminal's width holds (inside the rack's border and padding)."""
        width = (self.size.width or self.app.size.width) - 4
        return max(width // render.TILE_CELLS, 1)

    def _draw_cursor_parts(self) -> None:
        view = self.view
        table_text, starts = render.table_lines(
            view, self.narrator, self.cursor, self.selected, self._table_width(), self._marks.sets
        )
        self._update("#rk-sets", table_text)  # broken into lines here: its height is its line count
        count = len(view.rack or ())
        rack_title = Text(ngettext("Your rack ({n} tile)", "Your rack ({n} tiles)", count).format(n=count) + "  ", style="bold")
        drawn = render.drawn_at_turn_end(view)
        if drawn:  # the last turn ended with a draw: which tile(s), in place of the sorting keys' reminder
            labels = _(", ").join(render.tile_label(TILES[t]) for t in drawn)
            said = _("drawn as your last turn ended: {tiles}").format(tiles=labels)
            rack_title.append(NEW_MARK + " " + said, style=render.MARK_STYLE)
        else:
            rack_title.append(_("c/v sort by colour/number · </> move a tile"), style="dim")
        rack = render.rack_lines(view.rack or (), self.cursor, self.selected, self.rack_per_line(), drawn)
        self._update("#rk-rack", Text("\n").join([rack_title, rack]))
        self._update("#prompt", wrapped(Text(self.prompt_text()), self._line_width()), wraps=True)
        if self.cursor.zone == "table" and self.is_mounted:
            table = self.query_one("#rk-table", VerticalScroll)
            row = starts[min(self.cursor.row, len(starts) - 1)]
            top, height = table.scroll_y, table.scrollable_content_region.height
            if not top <= row < top + height:  # keep the cursor's set in view
                table.scroll_to(y=max(row - 3, 0), animate=False)

    def prompt_text(self) -> str:
        view = self.view
        count = len(self.selected)
        if count:
            return ngettext(
                "{n} tile selected · move the cursor, Enter puts it there · n new set · Esc clears",
                "{n} tiles selected · move the cursor, Enter puts them there · n new set · Esc clears",
                count,
            ).format(n=count)
        if self._drawing():
            return _("Rack: ←/→ look over your tiles · first draw: d, t or w (see above)")
        if self._time_is_up():
            return _("Time is up: put the cursor on a rack tile, e discards it")
        if self.cursor.zone == "table":
            return _("Table: ↑/↓ set, ←/→ Home/End position, Space selects · x split here · Tab to the rack")
        parts = [_("Rack: ←/→ ↑/↓ choose, Space selects · Tab to the table")]
        if view.rule_set != "standard":
            if not view.end_turn_problems:
                parts.append(_("e discards the tile under the cursor"))
        else:
            if self._kind_legal(Draw):
                parts.append(_("d draw"))
            if not view.end_turn_problems:
                parts.append(_("e end turn"))
            elif view.played_this_turn:
                parts.append(_("e says what is missing"))
        return " · ".join(parts)

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

    # What the View allows ------------------------------------------------------------------------

    def _legal(self) -> frozenset[Any]:
        if self._legal_set is None:
            self._legal_set = frozenset(self.view.legal_actions)
        return self._legal_set

    def _kind_legal(self, kind: type) -> bool:
        if self._kinds is None:
            self._kinds = frozenset(type(action) for action in self.view.legal_actions)
        return kind in self._kinds

    def _drawing(self) -> bool:
        """American / International: the turn has not drawn yet."""
        return self.view.rule_set != "standard" and self.view.phase == "draw"

    def _time_is_up(self) -> bool:
        """American / International: the time ran out and only a discard is left."""
        return self.view.rule_set != "standard" and self.view.phase == "discard"

    def _draw_first(self) -> str:
        view = self.view
        ways = [_("d a face-down tile")]
        if view.may_take_discard and view.discard_top is not None:
            ways.append(_("t the discard {tile}").format(tile=render.tile_label(view.discard_top)))
        if view.may_take_trump and view.trump is not None:
            ways.append(_("w the trump {tile} (to go out)").format(tile=render.tile_label(view.trump)))
        return _("Draw first: {ways}").format(ways=_(", ").join(ways))

    def _not_yet(self) -> str:
        """Why the turn cannot end yet: the View's problems, in one line."""
        return _("Not yet: {problems}").format(problems=render.problem_list(self.view, self.narrator))

    def _rule(self, code: str, **params: object) -> str:
        """The narrator's sentence for a rule the engine would refuse the key's action with."""
        return self.narrator.refusal(IllegalAction(code, **params))

    def _set_reason(self, table_set: SetView) -> str:
        """Why tiles of `table_set` may not move or be split now (a rule sentence from the View)."""
        view = self.view
        if table_set.owner is not None and table_set.owner != view.seat:
            return _("Only {name} may rearrange {name}'s meld").format(name=view.players[table_set.owner])
        if table_set.locked:
            return _("A set with a joker may grow, but nothing may leave it or split it")
        if not view.melded[self.seat]:
            return _("Until your initial meld, change only sets made from your rack this turn")
        return _("That set cannot be changed that way now")

    # Every key answers -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        discarding = self.view.rule_set != "standard"
        if (action == "end_turn" and discarding) or (action == "discard" and not discarding):
            return False  # the other binding of `e` is this rule set's
        if self._why_not(action, parameters) is None:
            return True
        return None if self._greyed(action) else False

    def _hint_problem(self) -> str | None:
        if not self.view.options.hints:
            return self.narrator.hints_off()
        if self._drawing():
            return self._draw_first()
        if self._time_is_up():
            return self._rule("time_is_up_discard")
        return None

    def _greyed(self, action: str) -> bool:
        """Whether a refused key stays in the key bar, greyed, as a step of this turn (else it is hidden)."""
        if action in ("end_turn", "discard"):
            return True
        if action == "draw":
            return self.view.rule_set == "standard"
        if action in ("take_discard", "take_trump"):
            return self._drawing()
        if action == "split":
            return self.cursor.zone == "table" and not self._drawing()
        return False

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        return self._why_not(action, parameters)

    def _why_not(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """None when the key bound to `action` does something now, else why not (one line)."""
        view = self.view
        discarding = view.rule_set != "standard"
        if action == "cursor":
            target = self._cursor_move(int(parameters[0]), int(parameters[1]))  # type: ignore[call-overload]
            return target if isinstance(target, str) else None
        if action == "cursor_edge":
            target = self._cursor_edge(str(parameters[0]))
            return target if isinstance(target, str) else None
        if action == "shift":
            shifted = self._shift(int(parameters[0]))  # type: ignore[call-overload]
            return shifted if isinstance(shifted, str) else None
        if action in ("switch_zone", "score_sheet"):
            return None
        if action == "hint":
            return self._hint_problem()
        if action == "clear_selection":
            return None if self.selected else _("Nothing is selected")
        if action == "leave":  # Esc clears a selection first (its other binding)
            return None if not self.selected else _("Esc clears the selection first; then q or Esc goes back to the menu")
        if action in _TABLE_WORK:
            if self._drawing():
                return self._draw_first()
            if self._time_is_up() and not (action == "toggle_select" and self.cursor.zone == "rack"):
                return self._rule("time_is_up_discard")
        if action == "toggle_select":
            return None if self._tile_at_cursor() is not None else _("No tile under the cursor: move onto a tile to select it")
        if action in ("move_here", "new_set", "to_rack"):
            if not self.selected:
                return _("Select tiles first (Space), then Enter puts them at the cursor")
            if action == "to_rack" or (action == "move_here" and self.cursor.zone == "rack"):
                played = set(view.played_this_turn)
                if not any(tile in played for tile in self.selected):
                    return _("Only tiles played from your rack this turn go back to it")
            return None
        if action == "split":
            return self._split_problem()
        if action == "joker":
            return self._joker_problem()
        if action == "end_turn":
            if discarding:
                return None  # the discard binding of the same key answers
            return None if not view.end_turn_problems else self._not_yet()
        if action == "discard":
            return self._discard_problem() if discarding else None
        if action in TRIED_ACTIONS:
            return self._engine_refusal(action)
        if action == "sort":
            rack = tuple(tile.id for tile in view.rack or ())
            if not rack:
                return _("Your rack is empty")
            if sort_rack(rack, str(parameters[0])) == rack:
                return _("Your rack is already sorted by colour") if parameters[0] == "colour" else _("Your rack is already sorted by number")
            return None
        return None

    def _engine_refusal(self, kind: str) -> str | None:
        """Why the engine would refuse the action of `kind` now, as the View says (None: it would not)."""
        view = self.view
        if kind == "take_trump" and view.trump_taken:
            return _("You already took the trump this turn (b puts it back)")
        refused = next((refusal for refusal in view.refusals if refusal.kind == kind), None)
        if refused is None:
            return None
        if refused.code == "draw_first":
            return self._draw_first()  # the ways to draw, with their keys
        if refused.code == "table_changed_no_draw":  # the engine's reason, with the keys that get out of it
            return _("You changed the table: Ctrl+R resets it to draw, or e ends the turn")
        return self._rule(refused.code, **refused.params)

    def _split_problem(self) -> str | None:
        cursor, view = self.cursor, self.view
        if cursor.zone != "table":
            return _("x splits a set: Tab to the table, then put the cursor between two tiles")
        if cursor.row >= len(view.table) or not 0 < cursor.index < len(view.table[cursor.row].tiles):
            return _("Put the cursor between two tiles of a set to split it there")
        table_set = view.table[cursor.row]
        if SplitSet(set_id=table_set.id, at=cursor.index) in self._legal():
            return None
        return self._set_reason(table_set)

    def _joker_choices(self) -> list[ChooseJoker]:
        choices = [a for a in self.view.legal_actions if isinstance(a, ChooseJoker)]
        tile = self._tile_at_cursor()
        return [a for a in choices if a.tile == tile] or choices

    def _joker_problem(self) -> str | None:
        if self._joker_choices():
            return None
        view = self.view
        tile = self._tile_at_cursor()
        for table_set in view.table:
            for meaning in table_set.jokers:
                if meaning.tile == tile and table_set.owner is not None and table_set.owner != view.seat:
                    return self._rule("others_meld_joker", owner=table_set.owner)
                if meaning.tile == tile and meaning.colour:
                    return self._rule("joker_fixed", meaning=f"{meaning.colour}{meaning.number}")
        if not any(tile.colour == "J" for s in view.table for tile in s.tiles):
            return _("There is no joker on the table")
        return _("No joker on the table can stand for anything else right now")

    def _discard_problem(self) -> str | None:
        view = self.view
        if self._drawing():
            return self._draw_first()
        tile = self._discard_tile()
        if tile is None:
            return _("Put the rack cursor on the tile to discard (or select just that one)")
        if view.taken_discard is not None and tile == view.taken_discard.id:
            return self._rule("taken_discard_kept", tile=render.tile_label(view.taken_discard))
        if view.end_turn_problems:
            return self._not_yet()
        if Discard(tile=tile) not in self._legal():
            return _("You cannot discard that tile now")
        return None

    # Cursor -------------------------------------------------------------------------------------

    def _start_turn(self, view: RummikubView) -> None:
        """A new turn on a screen that stayed: where the last turn left the cursor (on a finished set,
        say) means nothing now, so it starts on the rack's first tile with nothing selected."""
        self.cursor = Cursor("rack", 0, 0)
        self._column = 0
        self._zone_cursors = {}
        self.selected = []
        self._moving = False
        self._queued_move = None
        self._start_clock(view)

    def _clamp_cursor(self) -> None:
        view, cursor = self.view, self.cursor
        if cursor.zone == "rack":
            size = len(view.rack or ())
            self.cursor = Cursor("rack", 0, min(cursor.index, max(size - 1, 0)))
        else:
            row = min(cursor.row, len(view.table))
            width = len(view.table[row].tiles) if row < len(view.table) else 0
            self.cursor = Cursor("table", row, min(cursor.index, width))

    def _cursor_move(self, rows: int, columns: int) -> Cursor | str:
        """Where an arrow key takes the cursor, or why it stays. ↑ from the rack's top row goes to the
        table's new-set line, ↓ from there back to the rack; ↑/↓ keep the column."""
        cursor, view = self.cursor, self.view
        size = len(view.rack or ())
        sets = len(view.table)
        if cursor.zone == "rack":
            per = self.rack_per_line()
            if columns:
                if size <= 1:
                    return _("Your rack is empty") if not size else _("There is only one tile on your rack")
                return Cursor("rack", 0, (cursor.index + columns) % size)
            row = cursor.index // per + rows
            if row < 0:
                return Cursor("table", sets, 0)
            last_row = (size - 1) // per if size else 0
            if row > last_row:
                return _("The cursor is on the bottom row of your rack: ↑ goes back up to the table")
            return Cursor("rack", 0, min(row * per + self._column % per, size - 1))
        if columns:
            if cursor.row >= sets:
                return _("New-set line: n or Enter makes a new set of the selected tiles")
            index = cursor.index + columns
            if index < 0:
                return _("The cursor is at the start of set {n}").format(n=cursor.row + 1)
            if index > len(view.table[cursor.row].tiles):
                return _("The cursor is at the end of set {n}").format(n=cursor.row + 1)
            return Cursor("table", cursor.row, index)
        row = cursor.row + rows
        if row < 0:
            return _("The cursor is on the first set: ↓ goes down to the rack")
        if row > sets:
            if not size:
                return _("Your rack is empty")
            return Cursor("rack", 0, min(self._column, size - 1, self.rack_per_line() - 1))
        width = len(view.table[row].tiles) if row < sets else 0
        return Cursor("table", row, min(self._column, width))

    def _cursor_edge(self, edge: str) -> Cursor | str:
        cursor, view = self.cursor, self.view
        if cursor.zone == "rack":
            size = len(view.rack or ())
            if not size:
                return _("Your rack is empty")
            target = Cursor("rack", 0, 0 if edge == "start" else size - 1)
            if target == cursor:
                return _("The cursor is on the first tile of your rack") if edge == "start" else _("The cursor is on the last tile of your rack")
            return target
        if cursor.row >= len(view.table):
            return _("New-set line: n or Enter makes a new set of the selected tiles")
        target = Cursor("table", cursor.row, 0 if edge == "start" else len(view.table[cursor.row].tiles))
        if target == cursor:
            n = cursor.row + 1
            return _("The cursor is at the start of set {n}").format(n=n) if edge == "start" else _("The cursor is at the end of set {n}").format(n=n)
        return target

    def _place_cursor(self, target: Cursor, *, keep_column: bool = False) -> None:
        self._zone_cursors[self.cursor.zone] = self.cursor  # where Tab comes back to in the zone it leaves
        self.cursor = target
        if not keep_column:
            self._column = target.index % self.rack_per_line() if target.zone == "rack" else target.index
        self._draw_cursor_parts()
        self.refresh_bindings()

    def action_cursor(self, rows: int, columns: int) -> None:
        target = self._cursor_move(rows, columns)
        if isinstance(target, Cursor):
            zone_changed = target.zone != self.cursor.zone
            self._place_cursor(target, keep_column=bool(rows) and not zone_changed)

    def action_cursor_edge(self, edge: str) -> None:
        target = self._cursor_edge(edge)
        if isinstance(target, Cursor):
            self._place_cursor(target)

    def action_switch_zone(self) -> None:
        """Tab: to the place the cursor last had in the other zone (the first set or tile the first time)."""
        leaving = self.cursor
        zone = "table" if leaving.zone == "rack" else "rack"
        self.cursor = self._zone_cursors.get(zone, Cursor(zone, 0, 0))
        self._clamp_cursor()  # the table or the rack may have changed since
        target, self.cursor = self.cursor, leaving
        self._place_cursor(target)

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
        first, then = self._moves_into(target, cursor.index)
        self._queued_move = then
        self._submit_move(first)

    def _run_rules(self) -> tuple[str, bool]:
        """How this game reads runs (may a 1 follow the 13?) and whether a set may hold both jokers."""
        return ("low" if self.view.rule_set == "standard" else "low_or_high"), self.view.options.two_jokers_in_a_set

    def _moves_into(self, target: SetView, position: int) -> tuple[MoveTiles, MoveTiles | None]:
        """The selected tiles into `target`, where they belong: at the cursor when the set is valid that
        way (an order the player chose stays as it is), else in the order and at the place that make the
        set valid, nearest the cursor (R10 J after R6 R7 R8 -> R6 R7 R8 J R10). When the tiles go to both
        ends (B5 B7 with B6 -> B5 B6 B7), the set is laid out again in one move, or, when its tiles may
        not move (a locked set, another player's meld), in two: the second is returned to follow."""
        tiles = tuple(self.selected)
        as_asked = MoveTiles(tiles=tiles, to=target.id, position=position)
        here = target.tiles[position] if position < len(target.tiles) else None
        if here is not None and here.colour == JOKER and here.id not in tiles:
            return as_asked, None  # onto a joker: the tile takes its place (the engine's joker replacement)
        one, two = self._run_rules()
        moving = set(tiles)
        staying = tuple(tile.id for tile in target.tiles if tile.id not in moving)
        cut = sum(1 for tile in target.tiles[:position] if tile.id not in moving)  # the cursor's gap among them

        def valid(row: tuple[int, ...]) -> bool:
            return analyse(row, one, two).valid  # (a joker's chosen meaning never makes a row valid or not)

        if valid(staying[:cut] + tiles + staying[cut:]) or valid_order(staying + tiles, one, two) is None:
            return as_asked, None

        def index_of(gap: int) -> int:  # the gap among the staying tiles as a position in the set
            if gap == len(staying):
                return len(target.tiles)
            return next(i for i, tile in enumerate(target.tiles) if tile.id == staying[gap])

        orders = _orders(tiles)
        for gap in sorted(range(len(staying) + 1), key=lambda gap: (abs(gap - cut), gap)):
            for order in orders:
                if valid(staying[:gap] + order + staying[gap:]):
                    return MoveTiles(tiles=order, to=target.id, position=index_of(gap)), None
        may_relay = not target.locked and target.owner in (None, self.seat)
        for order in orders:
            for split in range(1, len(order)):
                before, after = order[:split], order[split:]
                if valid(before + staying + after):
                    if may_relay:
                        return MoveTiles(tiles=before + staying + after, to=target.id, position=0), None
                    return (
                        MoveTiles(tiles=before, to=target.id, position=0),
                        MoveTiles(tiles=after, to=target.id, position=None),
                    )
        laid_out = valid_order(staying + tiles, one, two)
        if may_relay and laid_out is not None:
            return MoveTiles(tiles=laid_out, to=target.id, position=0), None
        return as_asked, None

    def action_new_set(self) -> None:
        """The selection becomes a new set, laid out in a valid order when one exists (R8 R7 R6 -> R6 R7 R8).
        The cursor stays where it is: building sets from the rack, the next tiles are picked there too."""
        one, two = self._run_rules()
        tiles = valid_order(self.selected, one, two) or tuple(self.selected)
        self._submit_move(MoveTiles(tiles=tuple(tiles), to=None))

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
        """Cycle the joker under the cursor (or the first switchable one) through its meanings."""
        mine = self._joker_choices()
        if not mine:
            return
        current = {(m.tile, m.colour, m.number) for s in self.view.table for m in s.jokers}
        for index, choice in enumerate(mine):
            if (choice.tile, choice.colour, choice.number) in current:
                self.submit(mine[(index + 1) % len(mine)])
                return
        self.submit(mine[0])

    def _shift(self, step: int) -> Any:
        """The action that moves the tile under the cursor one place (`step` -1 left, 1 right), or why not."""
        cursor, view = self.cursor, self.view
        tile = self._tile_at_cursor()
        if cursor.zone == "rack":
            rack = view.rack or ()
            if tile is None:
                return _("Your rack is empty")
            to = cursor.index + step
            if not 0 <= to < len(rack):
                return _("That tile is already at the left end of your rack") if step < 0 else _("That tile is already at the right end of your rack")
            return ArrangeRack(tile=tile, to=to)
        if tile is None:
            return _("Put the cursor on a tile of a set to move it within its set")
        if self._drawing():
            return self._draw_first()
        if self._time_is_up():
            return self._rule("time_is_up_discard")
        table_set = view.table[cursor.row]
        size = len(table_set.tiles)
        index = cursor.index
        if not 0 <= index + step < size:
            return _("That tile is already at the start of its set") if step < 0 else _("That tile is already at the end of its set")
        position = index - 1 if step < 0 else (index + 2 if index + 2 < size else None)
        move = MoveTiles(tiles=(tile,), to=table_set.id, position=position)
        return move if move in self._legal() else self._set_reason(table_set)

    def action_shift(self, step: int) -> None:
        action = self._shift(step)
        if isinstance(action, str):
            return
        self.cursor = Cursor(self.cursor.zone, self.cursor.row, self.cursor.index + step)  # the cursor follows the tile
        self._column = self.cursor.index % self.rack_per_line() if self.cursor.zone == "rack" else self.cursor.index
        self.submit(action)

    def action_undo(self) -> None:
        self.submit(Undo())

    def action_reset(self) -> None:
        self.selected = []
        self.submit(ResetTurn())

    def action_end_turn(self) -> None:
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

    def action_hint(self) -> None:
        """Say the best play the move finder sees from this seat's View (the same finder as the computer
        players'), as text in the status line."""
        from ....bots.rummikub import plan_turn

        plan = plan_turn(self.view, "hard", hold_back=False)
        by_id, present = _table_rows(self.view)
        changed = [row for row in plan.new_sets if tuple(sorted(row)) not in present]
        changed += [row for set_id, row in plan.grown.items() if by_id.get(set_id) != row]
        laid = set(plan.placed)
        # The rack tiles in the order the sets below show them, so the two lists read alike.
        in_sets = [t for row in changed for t in row if t in laid]
        order = list(dict.fromkeys([*in_sets, *plan.placed]))
        placed = [render.tile_label(TILES[t]) for t in order]
        sets = [[render.tile_label(TILES[t]) for t in row] for row in changed]
        text = self.narrator.hint(placed, sets, discarding=self.view.rule_set != "standard")
        self.set_status(wrapped(Text(text), self._line_width()).plain)

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
        self.seconds_left -= 1
        self._draw_header()  # 0:00 too, before the turn ends for want of time
        if self.seconds_left <= 0:
            self._timed_out = True
            self.submit(TimeUp())
        elif self.seconds_left % CLOCK_RECORD_SECONDS == 0:
            self._record_clock()

    def _draw_header(self) -> None:
        view = self.view
        header = Text()
        header.append(f" {self.game_title} ", style="bold reverse")
        header.append(" ")
        if view.current == self.seat:
            header.append_text(render.fill(_("Turn {t} · Your turn, {name}"), t=str(view.turn + 1), name=view.players[self.seat]))
        else:  # a computer is playing on this person's screen
            header.append_text(render.fill(_("Turn {t} · {name} to play"), t=str(view.turn + 1), name=view.players[view.current]))
        if self.seconds_left is not None and view.current == self.seat:  # a computer's turn has no clock
            minutes, seconds = divmod(max(self.seconds_left, 0), 60)
            header.append(f"   ⏱ {minutes}:{seconds:02d}", style="bold red" if self.seconds_left <= 10 else "bold")
        self._update("#rk-header", header)


# The registry's way in (tui/games/__init__.py: turn_screen_class).
TURN_SCREEN = RummikubTurnScreen
