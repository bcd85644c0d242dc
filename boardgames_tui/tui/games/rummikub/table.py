"""Rummikub's read-only table (one seat's View, or the public one) and the reveal of a finished game.

Nothing here selects, prompts or takes keys: replays and the results screen show these as they are."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ....engine.rummikub.editing import sort_rack
from ....engine.rummikub.models import RummikubView
from ....engine.rummikub.tiles import TILES, Tile
from ....engine.rummikub.reveal import RummikubRevealed
from ....i18n import _, ngettext
from ...text import plain
from . import render
from ....narration.rummikub import RummikubNarrator

WIDTH = 78  # an 80-column terminal less a scrolling area's edge
TILES_PER_LINE = 13  # rack tiles per line of the reveal: 13 tiles of 5 cells fit the results screen's 72


def _tiles(tiles: tuple[Tile, ...] | list[Tile], per_line: int = TILES_PER_LINE) -> Text:
    """Tiles as faces ("R5" on red, "J" for a joker), a new line every `per_line` tiles."""
    text = Text()
    for index, tile in enumerate(tiles):
        if index and index % per_line == 0:
            text.append("\n")
        text.append(" ")
        text.append_text(render.tile_text(tile))
    if not tiles:
        text.append(_("(empty)"), style="dim")
    return text


def table(view: RummikubView, narrator: RummikubNarrator) -> RenderableType:
    """The table as `view` shows it: whose turn, the other racks as counts, the pool (or stacks, discard
    pile and trump), every set on the table, and the viewer's own rack (none on the public table)."""
    if view.phase == "over":
        heading = plain(_("Game over"), style="bold")
    else:
        heading = render.fill(_("Turn {t} · {name} to play"), "bold", t=str(view.turn + 1), name=view.players[view.current])
    parts: list[RenderableType] = [heading, render.others_line(view, WIDTH), Text()]
    if not view.table:
        parts.append(Text(_("  The table is empty."), style="dim"))
    owners = render.owner_width(view)
    played = set(view.played_this_turn)
    for number, table_set in enumerate(view.table, start=1):
        parts.append(
            render.set_line(
                view,
                narrator,
                number,
                table_set,
                cursor=None,
                selected=(),
                played=played,
                owners=owners + 1,
                width=WIDTH,
                new=table_set.recent,  # since the last turn of the player to act (the public table's reader)
            )
        )
    if view.rack is not None:
        count = len(view.rack)
        parts += [
            Text(),
            Text(ngettext("Your rack ({n} tile)", "Your rack ({n} tiles)", count).format(n=count), style="bold"),
            _tiles(view.rack, per_line=14),
        ]
    parts += [Text(), Text(render.colour_legend(narrator), style="dim")]
    return Group(*parts)


def reveal(revealed: RummikubRevealed, narrator: RummikubNarrator) -> RenderableType:
    """Every rack's tiles (sorted by colour) and what they count against their holder under this game's
    rule set (International: 1 and 10-13 count ten; the others: the number; a joker 30), best score first
    once the game is over."""
    outcome = revealed.outcome
    order = [seat for group in outcome.ranking for seat in group] if outcome is not None else range(len(revealed.racks))
    parts: list[RenderableType] = [Text(_("The racks, face up, with what they count"), style="bold")]
    for seat in order:
        rack = revealed.racks[seat]
        value = revealed.rack_points[seat]
        line = plain(revealed.players[seat], style="bold")
        if outcome is not None:
            line.append(f" {outcome.scores[seat]:+d}", style="bold")
        line.append(" · " + ngettext("rack worth {n} point", "rack worth {n} points", value).format(n=value))
        tiles = [TILES[tile] for tile in sort_rack(rack, "colour")]
        parts += [line, Text(" ").append_text(_tiles(tiles))]
    return Group(*parts)


def public_table(view: Any) -> RenderableType:
    """The table as everyone may see it (the public View: no hand, no rack, no secret): what the pass screen
    shows on `t`, and what the screen shows while only computers play."""
    if view.seat is not None:
        raise ValueError("the public table is drawn from the public View only")
    from ....narration.rummikub import NARRATOR

    return table(view, NARRATOR(view.players))
