"""The other players' hands on the Hanabi turn screen: their cards face up, and what each was told."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Group
from rich.text import Text
from textual.app import RenderResult
from textual.reactive import reactive
from textual.widget import Widget

from .....engine.hanabi.models import HanabiView
from .. import render
from ..choices import Choices, Clue
from ..render import NO_CHANGES, Changes


class OthersHands(Widget):
    """Every other player's hand, from the viewer's left: the cards, what the holder was told, the viewer's
    notes on them. While a player is being chosen (`targeting`) each name has the digit that chooses it;
    the `clue` about to be given marks the cards it would touch (▲)."""

    DEFAULT_CSS = "OthersHands { height: auto; }"

    view: reactive[HanabiView | None] = reactive(None, layout=True)
    new: reactive[Changes] = reactive(NO_CHANGES, layout=True)
    # The viewer's notes on these hands' cards, by (seat, slot).
    notes: reactive[Mapping[tuple[int, int], str]] = reactive(dict, layout=True)
    targeting: reactive[bool] = reactive(False, layout=True)
    clue: reactive[Clue | None] = reactive(None, layout=True)

    def __init__(self, view: HanabiView | None = None, *, new: Changes = NO_CHANGES, id: str | None = None) -> None:
        super().__init__(id=id)
        self._choices: Choices | None = None
        self.view = view
        self.new = new

    def watch_view(self, view: HanabiView | None) -> None:
        self._choices = Choices(view) if view is not None else None

    def render(self) -> RenderResult:
        view, choices, clue = self.view, self._choices, self.clue
        if view is None or choices is None:
            return Text()
        width = choices.name_width()
        hands = []
        for number, seat in enumerate(choices.others, start=1):
            marked = choices.touched_slots(seat, clue) if clue is not None and clue.target == seat else set()
            hands.append(
                render.other_hand(
                    view,
                    view.hands[seat],
                    number if self.targeting else None,
                    highlight=marked,
                    name_width=width,
                    notes={slot: note for (hand, slot), note in self.notes.items() if hand == seat},
                    new=self.new,
                )
            )
        return Group(*hands)
