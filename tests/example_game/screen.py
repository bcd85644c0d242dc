"""High card's turn screen (a real game's tui/games/<id>/screen.py): built from one seat's View and nothing
else. Keys 1-5 play the card in that place of the hand; the app applies the action through the session."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from boardgames_tui.i18n import N_, _
from boardgames_tui.tui.screens.turn import TurnScreen
from boardgames_tui.tui.text import plain
from boardgames_tui.tui.widgets.keybar import KeyBar

from .engine import PlayCard
from .table import table

MOST_CARDS = 5


class HighCardTurnScreen(TurnScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        *TurnScreen.BINDINGS,
        *(
            Binding(str(place + 1), f"play({place})", N_("Play a card"), show=place == 0)
            for place in range(MOST_CARDS)
        ),
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="high-card-table")
        yield Static(id="prompt")
        yield Static(id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        self.query_one("#high-card-table", Static).update(table(self.view, self.narrator))
        prompt = _("Your turn: play a card (1-{n})").format(n=len(self.view.hand)) if self.my_turn else ""
        self.query_one("#prompt", Static).update(plain(prompt))
        self.refresh_bindings()

    @property
    def my_turn(self) -> bool:
        return self.view.current == self.view.seat

    def show_view(self, view: Any) -> bool:
        """The same seat goes on (it won the trick and leads): redraw from its newer View."""
        if view.seat != self.view.seat:
            return False
        self.view = view
        self.draw()
        return True

    # check_action says which keys work now (False hides a key); refusal says why a key does nothing.

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "play":
            return self.my_turn and int(parameters[0]) < len(self.view.hand)  # type: ignore[call-overload]
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        if action == "play":
            if not self.my_turn:
                return _("It is not your turn.")
            return _("You hold {n} cards.").format(n=len(self.view.hand))
        return None

    def key_display(self, binding: Binding) -> str | None:
        """The card keys as the key bar shows them: the range that fits the hand ("1-3")."""
        return f"1-{len(self.view.hand)}" if binding.action.startswith("play(") and self.view.hand else None

    def help_lines(self) -> list[tuple[str, str]]:
        return [("1-5", _("play the card in that place of your hand")), *super().help_lines()]

    def action_play(self, place: int) -> None:
        self.submit(PlayCard(card=self.view.hand[place]))


# The registry's way in (tui/games/__init__.py: turn_screen_class).
TURN_SCREEN = HighCardTurnScreen
