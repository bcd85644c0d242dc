"""Choosing how to pay for a card when there is more than one way (which gem or pearl the gold replaces)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ....i18n import _
from ...widgets.keybar import KeyBar
from .render import token_text


def payment_text(payment: Sequence[int]) -> Text:
    out = Text()
    for colour, count in enumerate(payment):
        if count:
            out.append_text(token_text(colour, count))
            out.append(" ")
    return out if out.plain else Text(_("nothing"))


class PaymentScreen(ModalScreen[tuple[int, ...] | None]):
    """The ways to pay, the first (fewest gold) preselected; Enter pays, Esc goes back."""

    PRIVATE: ClassVar[bool] = True  # it sits on a private turn screen
    ALLOW_SELECT = False

    DEFAULT_CSS = """
    PaymentScreen { align: center middle; }
    PaymentScreen > Vertical {
        width: 60; height: auto; max-height: 22;
        border: thick $accent; background: $surface; padding: 1 2;
    }
    PaymentScreen #payment-options { height: auto; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", _("Up"), show=False),
        Binding("down", "move(1)", _("Down"), show=False),
        Binding("enter", "pay", _("Pay")),
        Binding("escape", "cancel", _("Back")),
    ]

    def __init__(self, card_words: str, options: Sequence[tuple[int, ...]]) -> None:
        super().__init__()
        self.card_words = card_words
        self.options = tuple(options)
        self.index = 0

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(_("How do you pay?"), style="bold"))
            yield Static(self.card_words)
            yield Static(self._options_text(), id="payment-options")
        yield KeyBar()

    def _options_text(self) -> Text:
        lines = []
        for index, payment in enumerate(self.options):
            chosen = index == self.index
            line = Text("▶ " if chosen else "  ", style="bold yellow")
            line.append_text(payment_text(payment))
            if index == 0:
                line.append(_("  (fewest gold)"), style="dim")
            if chosen:
                line.stylize("reverse", 2)
            lines.append(line)
        return Text("\n").join(lines)

    def action_move(self, step: int) -> None:
        self.index = (self.index + step) % len(self.options)
        self.query_one("#payment-options", Static).update(self._options_text())

    def action_pay(self) -> None:
        self.dismiss(self.options[self.index])

    def action_cancel(self) -> None:
        self.dismiss(None)
