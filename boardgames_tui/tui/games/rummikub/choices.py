"""What one seat's View lets it do on the Rummikub turn screen, and where the screen's cursor stands.

Read by the screen (its keys, their refusals) and by its widgets (the prompt line): worked out from a seat's
View and the cursor, never from a State, and without Textual. The refusals are rule sentences: the engine's
own where the View carries them (`refusals`, `end_turn_problems`, `legal_actions`), else said from what the
View shows."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ....engine.base import IllegalAction
from ....engine.rummikub.editing import sort_rack
from ....engine.rummikub.tiles import TILES
from ....engine.rummikub.models import (
    ArrangeRack,
    ChooseJoker,
    Draw,
    MoveTiles,
    Refusal,
    RummikubView,
    SetView,
    SplitSet,
)
from ....i18n import _, ngettext
from ....narration.rummikub import RummikubNarrator
from . import render
from .render import Cursor

START = Cursor("rack", 0, 0)


@dataclass(frozen=True)
class Step:
    """Where the player is pointing and what they picked. One value, replaced as a whole by the keys."""

    cursor: Cursor = START
    column: int = 0  # the column ↑/↓ keep: a set position on the table, a rack column on the rack
    selected: tuple[int, ...] = ()  # tile ids, in the order they were picked
    # The cursor's last place on the rack and on the table: where Tab goes back to.
    last_on_rack: Cursor | None = None
    last_on_table: Cursor | None = None

    def last_in(self, zone: str) -> Cursor | None:
        return self.last_on_rack if zone == "rack" else self.last_on_table

    def moved_to(self, target: Cursor, *, keep_column: bool = False, per_line: int = 1) -> Step:
        """The cursor at `target`, its place in the zone it leaves kept for Tab; the column ↑/↓ keep follows
        unless `keep_column`."""
        left = {"last_on_rack": self.cursor} if self.cursor.zone == "rack" else {"last_on_table": self.cursor}
        column = self.column if keep_column else column_of(target, per_line)
        return replace(self, cursor=target, column=column, **left)


def column_of(cursor: Cursor, per_line: int) -> int:
    """The column ↑/↓ keep for `cursor`: its column on a rack of `per_line` tiles a row, its place in a set."""
    return cursor.index % per_line if cursor.zone == "rack" else cursor.index


class Choices:
    """What the seat's View allows now, and why not, for a cursor and a selection."""

    def __init__(self, view: RummikubView, narrator: RummikubNarrator) -> None:
        self.view = view
        self.narrator = narrator
        self.seat = view.seat if view.seat is not None else 0
        self.discarding = view.turn_rules.turn_ends_by_discard  # American / International: a discard ends the turn
        self._legal: frozenset[Any] | None = None
        self._kinds: frozenset[type] | None = None

    # The legal actions ------------------------------------------------------------------------------

    def legal(self) -> frozenset[Any]:
        if self._legal is None:
            self._legal = frozenset(self.view.legal_actions)
        return self._legal

    def kind_legal(self, kind: type) -> bool:
        if self._kinds is None:
            self._kinds = frozenset(type(action) for action in self.view.legal_actions)
        return kind in self._kinds

    def drawing(self) -> bool:
        """American / International: the turn has not drawn yet."""
        return self.discarding and self.view.phase == "draw"

    def time_is_up(self) -> bool:
        """American / International: the time ran out and only a discard is left."""
        return self.discarding and self.view.phase == "discard"

    # Tiles under the cursor -------------------------------------------------------------------------

    def tile_at(self, cursor: Cursor) -> int | None:
        view = self.view
        if cursor.zone == "rack":
            rack = view.rack or ()
            return rack[cursor.index].id if cursor.index < len(rack) else None
        if cursor.row < len(view.table):
            tiles = view.table[cursor.row].tiles
            if cursor.index < len(tiles):
                return tiles[cursor.index].id
        return None

    def discard_tile(self, step: Step) -> int | None:
        """The tile a discard would throw: the one selected rack tile, else the rack tile under the cursor."""
        rack = {tile.id for tile in self.view.rack or ()}
        chosen = [tile for tile in step.selected if tile in rack]
        if len(chosen) == 1:
            return chosen[0]
        if step.cursor.zone == "rack" and not chosen:
            return self.tile_at(step.cursor)
        return None

    def joker_choices(self, cursor: Cursor) -> list[ChooseJoker]:
        """The meanings the joker under the cursor may take (else every switchable joker's)."""
        choices = [a for a in self.view.legal_actions if isinstance(a, ChooseJoker)]
        tile = self.tile_at(cursor)
        return [a for a in choices if a.tile == tile] or choices

    # Where the cursor goes --------------------------------------------------------------------------

    def clamped(self, cursor: Cursor) -> Cursor:
        """`cursor` moved onto what the View still has (the rack or a set may have shrunk)."""
        view = self.view
        if cursor.zone == "rack":
            size = len(view.rack or ())
            return Cursor("rack", 0, min(cursor.index, max(size - 1, 0)))
        row = min(cursor.row, len(view.table))
        width = len(view.table[row].tiles) if row < len(view.table) else 0
        return Cursor("table", row, min(cursor.index, width))

    def cursor_move(self, step: Step, rows: int, columns: int, per_line: int) -> Cursor | str:
        """Where an arrow key takes the cursor, or why it stays. ↑ from the rack's top row goes to the
        table's new-set line, ↓ from there back to the rack; ↑/↓ keep the column."""
        cursor, view = step.cursor, self.view
        size = len(view.rack or ())
        sets = len(view.table)
        if cursor.zone == "rack":
            if columns:
                if size <= 1:
                    return _("Your rack is empty") if not size else _("There is only one tile on your rack")
                return Cursor("rack", 0, (cursor.index + columns) % size)
            row = cursor.index // per_line + rows
            if row < 0:
                return Cursor("table", sets, 0)
            last_row = (size - 1) // per_line if size else 0
            if row > last_row:
                return _("The cursor is on the bottom row of your rack: ↑ goes back up to the table")
            return Cursor("rack", 0, min(row * per_line + step.column % per_line, size - 1))
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
            return Cursor("rack", 0, min(step.column, size - 1, per_line - 1))
        width = len(view.table[row].tiles) if row < sets else 0
        return Cursor("table", row, min(step.column, width))

    def cursor_edge(self, cursor: Cursor, edge: str) -> Cursor | str:
        """Where Home or End takes the cursor, or why it stays."""
        view = self.view
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

    def shift(self, cursor: Cursor, step: int) -> Any:
        """The action that moves the tile under the cursor one place (`step` -1 left, 1 right), or why not."""
        view = self.view
        tile = self.tile_at(cursor)
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
        if self.drawing():
            return self.draw_first()
        if self.time_is_up():
            return self.rule("time_is_up_discard")
        table_set = view.table[cursor.row]
        size = len(table_set.tiles)
        index = cursor.index
        if not 0 <= index + step < size:
            return _("That tile is already at the start of its set") if step < 0 else _("That tile is already at the end of its set")
        position = index - 1 if step < 0 else (index + 2 if index + 2 < size else None)
        move = MoveTiles(tiles=(tile,), to=table_set.id, position=position)
        return move if move in self.legal() else self.set_reason(table_set, "take_from_set", tile)

    # Why not: rule sentences ----------------------------------------------------------------------

    def rule(self, code: str, **params: object) -> str:
        """The narrator's sentence for a rule the engine would refuse the key's action with."""
        return self.narrator.refusal(IllegalAction(code, **params))

    def draw_first(self) -> str:
        view = self.view
        ways = [_("d a face-down tile")]
        if view.may_take_discard and view.discard_top is not None:
            ways.append(_("t the discard {tile}").format(tile=render.tile_label(view.discard_top)))
        if view.may_take_trump and view.trump is not None:
            ways.append(_("w the trump {tile} (to go out)").format(tile=render.tile_label(view.trump)))
        return _("Draw first: {ways}").format(ways=_(", ").join(ways))

    def not_yet(self) -> str:
        """Why the turn cannot end yet: the View's problems, in one line."""
        return _("Not yet: {problems}").format(problems=render.problem_list(self.view, self.narrator))

    def targeted_refusal(self, kind: str, target: int) -> Refusal | None:
        """The engine's reason, as the View carries it, for refusing `kind` tried on a set or tile."""
        return next((r for r in self.view.refusals if r.kind == kind and r.target == target), None)

    def set_reason(self, table_set: SetView, kind: str, tile: int | None = None) -> str:
        """Why `kind` ("take_from_set" or "split") is refused on `table_set` now: the engine's rule, naming
        `tile` (the one under the cursor) where the rule names a tile."""
        refused = self.targeted_refusal(kind, table_set.id)
        if refused is None:
            return _("That set cannot be changed that way now")
        params = dict(refused.params)
        if "tile" in params and tile is not None:
            params["tile"] = render.tile_label(TILES[tile])
        return self.rule(refused.code, **params)

    def hint_problem(self) -> str | None:
        if not self.view.options.hints:
            return self.narrator.hints_off()
        if self.drawing():
            return self.draw_first()
        if self.time_is_up():
            return self.rule("time_is_up_discard")
        return None

    def split_problem(self, cursor: Cursor) -> str | None:
        view = self.view
        if cursor.zone != "table":
            return _("x splits a set: Tab to the table, then put the cursor between two tiles")
        if cursor.row >= len(view.table) or not 0 < cursor.index < len(view.table[cursor.row].tiles):
            return _("Put the cursor between two tiles of a set to split it there")
        table_set = view.table[cursor.row]
        if SplitSet(set_id=table_set.id, at=cursor.index) in self.legal():
            return None
        return self.set_reason(table_set, "split")

    def joker_problem(self, cursor: Cursor) -> str | None:
        if self.joker_choices(cursor):
            return None
        view = self.view
        tile = self.tile_at(cursor)
        refused = self.targeted_refusal("joker", tile) if tile is not None else None
        if refused is not None:
            return self.rule(refused.code, **refused.params)
        if not any(tile.colour == "J" for s in view.table for tile in s.tiles):
            return _("There is no joker on the table")
        return _("No joker on the table can stand for anything else right now")

    def discard_problem(self, step: Step) -> str | None:
        view = self.view
        if self.drawing():
            return self.draw_first()
        tile = self.discard_tile(step)
        if tile is None:
            return _("Put the rack cursor on the tile to discard (or select just that one)")
        refused = self.targeted_refusal("discard", tile)
        if refused is None:
            return None
        if refused.code == "turn_not_done":
            return self.not_yet()  # the problems, each said
        return self.rule(refused.code, **refused.params)

    def engine_refusal(self, kind: str) -> str | None:
        """Why the engine would refuse the action of `kind` now, as the View says (None: it would not)."""
        view = self.view
        if kind == "take_trump" and view.trump_taken:
            return _("You already took the trump this turn (b puts it back)")
        refused = next((refusal for refusal in view.refusals if refusal.kind == kind), None)
        if refused is None:
            return None
        if refused.code == "draw_first":
            return self.draw_first()  # the ways to draw, with their keys
        if refused.code == "table_changed_no_draw":  # the engine's reason, with the keys that get out of it
            return _("You changed the table: Ctrl+R resets it to draw, or e ends the turn")
        return self.rule(refused.code, **refused.params)

    def sort_problem(self, by: str) -> str | None:
        """Why sorting the rack `by` colour or number would change nothing."""
        rack = tuple(tile.id for tile in self.view.rack or ())
        if not rack:
            return _("Your rack is empty")
        if sort_rack(rack, by) == rack:
            return _("Your rack is already sorted by colour") if by == "colour" else _("Your rack is already sorted by number")
        return None

    # The prompt line --------------------------------------------------------------------------------

    def prompt_text(self, step: Step) -> str:
        """What the player may do now, with the keys: the selection's next step, else the zone's keys."""
        view = self.view
        count = len(step.selected)
        if count:
            return ngettext(
                "{n} tile selected · move the cursor, Enter puts it there · n new set · Esc clears",
                "{n} tiles selected · move the cursor, Enter puts them there · n new set · Esc clears",
                count,
            ).format(n=count)
        if self.drawing():
            return _("Rack: ←/→ look over your tiles · first draw: d, t or w (see above)")
        if self.time_is_up():
            return _("Time is up: put the cursor on a rack tile, e discards it")
        if step.cursor.zone == "table":
            return _("Table: ↑/↓ set, ←/→ Home/End position, Space selects · x split here · Tab to the rack")
        parts = [_("Rack: ←/→ ↑/↓ choose, Space selects · Tab to the table")]
        if self.discarding:
            if not view.end_turn_problems:
                parts.append(_("e discards the tile under the cursor"))
        else:
            if self.kind_legal(Draw):
                parts.append(_("d draw"))
            if not view.end_turn_problems:
                parts.append(_("e end turn"))
            elif view.played_this_turn:
                parts.append(_("e says what is missing"))
        return " · ".join(parts)
