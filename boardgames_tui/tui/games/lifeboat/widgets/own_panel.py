"""The player's own panel on the Lifeboat turn screen: the only place their secret cards show."""

from __future__ import annotations

from rich.text import Text
from textual.app import RenderResult
from textual.reactive import reactive
from textual.widget import Widget

from .....engine.lifeboat.models import LifeboatView
from .....i18n import _
from .. import render
from ..choices import TRADE_PICK_PHASES, Choices
from ..render import NO_CHANGES, Changes


class OwnPanel(Widget):
    """The viewer's character; their Love and Hate, or a placeholder while `secrets_shown` is off (h); their
    hand with the card at `cursor` (None: no card), the cards put into a trade and the new ones marked; and,
    while a hand card may be played or traded, what the card at the cursor does and the keys for it."""

    DEFAULT_CSS = "OwnPanel { height: auto; }"

    view: reactive[LifeboatView | None] = reactive(None, layout=True)
    changes: reactive[Changes] = reactive(NO_CHANGES, layout=True)
    width: reactive[int] = reactive(render.WIDTH, layout=True)
    cursor: reactive[int | None] = reactive(None, layout=True)
    secrets_shown: reactive[bool] = reactive(True, layout=True)

    def __init__(self, view: LifeboatView | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._choices: Choices | None = None
        self.view = view

    def watch_view(self, view: LifeboatView | None) -> None:
        self._choices = Choices(view) if view is not None else None

    def render(self) -> RenderResult:
        view, choices = self.view, self._choices
        if view is None or choices is None:
            return Text()
        width = self.width
        hand = render.hand_line(view, self.cursor, picked=choices.picked(), width=width, changes=self.changes)
        lines = [render.character_line(view), render.secrets_line(view, self.secrets_shown, width), hand]
        detail = self._detail(choices)
        if detail.plain and choices.hand_matters:
            lines.append(detail)  # wraps: what a card does is never cut
        return Text("\n").join(lines)

    def _detail(self, choices: Choices) -> Text:
        """What the card at the cursor does, after the keys that move to another card and play or trade it."""
        hand = choices.hand
        if self.cursor is None or not hand:
            return Text()
        card = hand[self.cursor]
        out = Text()
        if len(hand) > 1:
            out.append(_("←/→ another card") + " · ", style="bold")
        if choices.phase in TRADE_PICK_PHASES and card in choices.trade_cards:
            out.append((_("Space takes it out") if card in choices.picked() else _("Space puts it in")) + " · ", style="bold")
        elif choices.can_play(card):
            out.append(_("p puts it face up") + " · ", style="bold")
        out.append(render.card_words(card), style="dim")
        return out
