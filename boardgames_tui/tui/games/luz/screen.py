"""The Luz turn screen: bid or play a card you cannot see, reading everyone else's numbers."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from ....engine.luz.models import MAX_BID, Bid, LuzView, PlayCard
from ....i18n import _
from ...screens.turn import TurnScreen
from ...widgets.keybar import KeyBar
from . import render


def _digit_bindings() -> list[BindingType]:
    bindings: list[BindingType] = []
    for digit in range(10):
        first = digit == 1
        position = (digit - 1) % 10  # keys 1-9 then 0 for the tenth card
        bindings.append(Binding(str(digit), f"pick({position})", _("Card"), show=first, key_display="1-0"))
        bindings.append(Binding(str(digit), f"set_bid({digit})", _("Bid"), show=first, key_display="0-9"))
    return bindings


class LuzTurnScreen(TurnScreen):
    CSS_PATH = Path(__file__).with_name("luz.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        *TurnScreen.BINDINGS,
        *_digit_bindings(),
        Binding("left", "step(-1)", _("Previous"), key_display="←"),
        Binding("right", "step(1)", _("Next"), key_display="→"),
        Binding("b", "toggle_bead", _("Safety bead")),
        Binding("enter", "confirm", _("Play / bid")),
        Binding("s", "score_sheet", _("Score sheet")),
    ]

    def __init__(self, view: LuzView, **context: Any) -> None:
        super().__init__(view, **context)
        self.view: LuzView = view
        self.playable = sorted(a.position for a in view.legal_actions if isinstance(a, PlayCard))
        self.selected: int | None = self.playable[0] if self.playable else None
        self.bid = 0
        self.bead = False

    @property
    def bidding(self) -> bool:
        return self.view.phase == "bid"

    def compose(self) -> ComposeResult:
        yield Static(id="luz-header")
        with VerticalScroll(id="luz-body", can_focus=False):
            yield Static(id="luz-trick")
            yield Static(id="luz-table")
            yield Static(id="luz-log")
        yield Static(id="luz-own")  # always in view, however small the terminal
        yield Static(id="prompt")
        yield Static(id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        view = self.view
        self.query_one("#luz-header", Static).update(render.header(view, self.game_title))
        self.query_one("#luz-trick", Static).update(render.trick_panel(view))
        self.query_one("#luz-table", Static).update(Group(render.table_panel(view), render.LEGEND))
        self.query_one("#luz-log", Static).update(render.recent_log(view))
        self._refresh_choice()

    def _refresh_choice(self, *, same_size: bool = False) -> None:
        selected = None if self.bidding else self.selected
        own = render.own_panel(self.view, selected, None if self.bidding else self.playable)
        self.query_one("#luz-own", Static).update(own, layout=not same_size)
        self.query_one("#prompt", Static).update(self.prompt_text(), layout=not same_size)

    def prompt_text(self) -> str:
        if self.bidding:
            bead = _("with a safety bead") if self.bead else _("no safety bead")
            return _("Bid [b]{bid}[/b] trick(s), {bead} · 0-9 ←/→ change · b bead · Enter bids").format(
                bid=self.bid, bead=bead
            )
        if self.selected is None:
            return ""
        colour = render.colour_name(self.view.hands[self.seat].colours[self.selected])
        return _("Card {n} ({colour}) chosen · 1-9/0 ←/→ choose · Enter plays it").format(
            n=self.selected + 1, colour=colour
        )

    def help_lines(self) -> list[tuple[str, str]]:
        return [
            ("1-9, 0, ←/→", _("choose a card by position (0 = the tenth); greyed cards may not be played")),
            ("Enter", _("play the chosen card, or make the bid shown")),
            ("0-9, ←/→", _("while bidding: choose how many tricks (10 with →)")),
            ("b", _("while bidding: take or drop the safety bead")),
            ("s", _("the score sheet")),
            *super().help_lines(),
        ]

    # Keys -----------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            return not self.bidding and int(parameters[0]) in self.playable  # type: ignore[call-overload]
        if action in ("set_bid", "toggle_bead"):
            return self.bidding
        if action == "step":
            return self.bidding or len(self.playable) > 1
        if action == "confirm":
            return self.bidding or self.selected is not None
        return True

    def action_pick(self, position: int) -> None:
        self.selected = position
        self._refresh_choice(same_size=True)

    def action_set_bid(self, tricks: int) -> None:
        self.bid = tricks
        self._refresh_choice(same_size=True)

    def action_step(self, step: int) -> None:
        if self.bidding:
            self.bid = max(0, min(MAX_BID, self.bid + step))
        elif self.selected is not None:
            index = self.playable.index(self.selected)
            self.selected = self.playable[(index + step) % len(self.playable)]
        self._refresh_choice(same_size=True)

    def action_toggle_bead(self) -> None:
        self.bead = not self.bead
        self._refresh_choice(same_size=True)

    def action_confirm(self) -> None:
        if self.bidding:
            self.submit(Bid(tricks=self.bid, bead=self.bead))
        elif self.selected is not None:
            self.submit(PlayCard(position=self.selected))

    def action_score_sheet(self) -> None:
        from ...screens.panel import PanelScreen

        sheet = PanelScreen(_("Score sheet — {title}").format(title=self.game_title), render.score_sheet(self.view), close_key="s", private=False)
        self.app.push_screen(sheet)
