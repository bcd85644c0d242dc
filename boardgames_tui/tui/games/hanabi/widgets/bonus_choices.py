"""The list of discarded cards a bonus tile lets the player take back (shuffle in, or play)."""

from __future__ import annotations

from textual import on
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from .....engine.hanabi.models import HanabiView, ReplayDiscard, ReturnDiscard
from ....widgets.cards import card_face
from ....widgets.choice_list import ChoiceList
from ..choices import Choices


class BonusChoices(ChoiceList):
    """One entry per identity among the discards the bonus may take (two copies are one choice), first one
    highlighted. Enter (or a click) on one says which, with a `Chosen` message."""

    class Chosen(Message):
        """The player chose the discarded card `action` takes back."""

        def __init__(self, action: ReturnDiscard | ReplayDiscard) -> None:
            super().__init__()
            self.action = action

    view: reactive[HanabiView | None] = reactive(None, repaint=False)

    def __init__(self, view: HanabiView | None = None, *, id: str | None = None) -> None:
        actions, options = self._options_for(view)
        super().__init__(*options, id=id)
        self._actions = actions
        self.set_reactive(BonusChoices.view, view)

    def on_mount(self) -> None:
        if self.option_count:
            self.highlighted = 0

    def watch_view(self, view: HanabiView | None) -> None:
        self._actions, options = self._options_for(view)
        self.set_options(options)
        if options:
            self.highlighted = 0

    @staticmethod
    def _options_for(view: HanabiView | None) -> tuple[list[ReturnDiscard | ReplayDiscard], list[Option]]:
        if view is None:
            return [], []
        actions = Choices(view).bonus_choices
        cards = {card.id: card for card in view.discard}
        options = []
        for index, action in enumerate(actions):
            card = cards[action.card_id]
            options.append(Option(card_face(card.suit, card.rank), id=str(index)))
        return actions, options

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Chosen(self._actions[int(event.option.id or 0)]))
