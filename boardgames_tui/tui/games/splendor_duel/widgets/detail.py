"""The detail line of the Splendor Duel turn screen: what the cursor is on."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from .....engine.splendor_duel.lines import cell_name
from .....engine.splendor_duel.rules import MAIN_STEP
from .....i18n import _, ngettext, pgettext
from .....narration.splendor_duel import level_name, token_name
from ....widgets.news import NEW_MARK
from .. import render
from ..choices import Choices, Step
from ..render import NO_CHANGES, Changes
from .part import TablePart


class CardDetail(TablePart):
    """The token or card under the `step`'s cursor, from the View's `choices`: a token's cell and colour
    with the token letters; a card's price and abilities and whether the player can buy it (the rule that
    stops them if not; nothing of the kind while the other player acts); a deck's size. What changed since
    the last look (`news`) says so first."""

    choices: reactive[Choices | None] = reactive(None, repaint=False)
    step: reactive[Step] = reactive(Step, repaint=False)
    news: reactive[Changes] = reactive(NO_CHANGES, repaint=False)

    def watch_choices(self) -> None:
        self._draw()

    def watch_step(self) -> None:
        self._draw()

    def watch_news(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if self.choices is not None:
            self.show(self.text(), wrapped=True)

    def text(self) -> Text:
        choices, step, news = self.choices, self.step, self.news
        if choices is None:
            return Text()
        view = choices.view
        if step.zone == "board":
            colour = view.board[step.cell]
            what = pgettext("splendor duel", "empty") if colour < 0 else token_name(colour)
            text = Text.assemble((_("{cell}: {what}").format(cell=cell_name(step.cell), what=what), "bold"))
            if step.cell in news.cells:
                text.append(" ")
                text.append_text(self._changed_words())
            text.append("   ")
            text.append_text(render.legend())
            return text
        target = choices.card_at(step)
        slot = (3 - step.card_row, step.card_index - 1) if step.card_row < 3 else None  # (level, index)
        if target is None:
            text = Text(_("An empty slot: its deck has run out."), style="dim")
            return self._changed_words() + Text(" ") + text if slot in news.slots else text
        level, card = target
        if card is None:
            size = view.deck_sizes[level - 1]
            words = ngettext(
                "Level {n} deck, {k} card: v reserves its top card unseen.",
                "Level {n} deck, {k} cards: v reserves its top card unseen.",
                size,
            )
            return Text(words.format(n=level_name(level), k=size))
        text = (self._changed_words() + Text(" · ")) if slot in news.slots or card in news.reserved else Text()
        words = render.card_words(card, choices.me)
        if choices.waiting:
            return text + Text(words)
        if card in choices.buys:
            return text + Text("✓ " + pgettext("splendor duel", "You can buy it") + " · " + words)
        if choices.phase in MAIN_STEP:
            return text + Text("✗ " + choices.why_not_buy(card) + " · " + words)
        return text + Text(words)

    def _changed_words(self) -> Text:
        return Text(NEW_MARK + " " + _("new since you last looked"), style=self.news.style)
