"""The viewer's rack on the Rummikub turn screen, with the colour letters' legend on its frame."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from .....engine.rummikub.models import RummikubView
from .....engine.rummikub.tiles import TILES
from .....i18n import _, ngettext
from .....narration.rummikub import RummikubNarrator
from ....widgets.news import NEW_MARK
from .. import render
from ..render import Cursor
from .panel import Panel


class Rack(Panel):
    """The title "Your rack (n tiles)", then the tiles, `per_line` to a row: the `cursor`'s mark (None: it is on the
    table), the `selected` tiles reversed, and the tiles drawn as the viewer's last turn ended marked, and
    named in the title in place of the sorting keys' reminder. The frame names the colour letters."""

    view: reactive[RummikubView | None] = reactive(None, repaint=False)
    cursor: reactive[Cursor | None] = reactive(None, repaint=False)
    selected: reactive[tuple[int, ...]] = reactive((), repaint=False)
    per_line: reactive[int] = reactive(0, repaint=False)  # tiles a row (0: not known yet)

    def __init__(self, narrator: RummikubNarrator, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.narrator = narrator

    def on_mount(self) -> None:
        # The colour letters and their names, on the frame: it costs no line.
        self.border_subtitle = render.colour_legend(self.narrator)

    def watch_view(self) -> None:
        self._draw()

    def watch_cursor(self) -> None:
        self._draw()

    def watch_selected(self) -> None:
        self._draw()

    def watch_per_line(self) -> None:
        self._draw()

    def _draw(self) -> None:
        view = self.view
        if view is None or not self.per_line:
            return
        count = len(view.rack or ())
        title = Text(ngettext("Your rack ({n} tile)", "Your rack ({n} tiles)", count).format(n=count) + "  ", style="bold")
        drawn = render.drawn_at_turn_end(view)
        if drawn:  # the last turn ended with a draw: which tile(s), in place of the sorting keys' reminder
            labels = _(", ").join(render.tile_label(TILES[t]) for t in drawn)
            said = _("drawn as your last turn ended: {tiles}").format(tiles=labels)
            title.append(NEW_MARK + " " + said, style=render.MARK_STYLE)
        else:
            title.append(_("c/v sort by colour/number · </> move a tile"), style="dim")
        rack = render.rack_lines(view.rack or (), self.cursor, self.selected, self.per_line, drawn)
        self.show(Text("\n").join([title, rack]))
