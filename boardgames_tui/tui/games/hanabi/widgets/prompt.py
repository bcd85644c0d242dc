"""The prompt line of the Hanabi turn screen: what to do now, offering only what is possible."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from .....engine.hanabi.models import HanabiView
from .....i18n import _, ngettext
from ....text import markup, printable
from ..choices import Choices, Step


class PromptLine(Static):
    """The prompt for the `step` the screen's mode machine is at, from `view`'s choices.

    While the app's `notice` is set (a computer plays: "Ben (computer) is thinking…"), that is shown instead,
    whatever the View or the step does meanwhile."""

    view: reactive[HanabiView | None] = reactive(None, repaint=False)
    step: reactive[Step] = reactive(Step, repaint=False, always_update=True)
    notice: reactive[str] = reactive("", repaint=False)
    # The slot a finesse of the Hard computers asks this player to play blind (None: none), said first
    # when the player is choosing what to do.
    finesse: reactive[int | None] = reactive(None, repaint=False)

    def __init__(self, view: HanabiView | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._choices: Choices | None = None
        self.view = view

    def watch_view(self, view: HanabiView | None) -> None:
        self._choices = Choices(view) if view is not None else None
        self._show()

    def watch_step(self) -> None:
        self._show()

    def watch_notice(self) -> None:
        self._show()

    def watch_finesse(self) -> None:
        self._show()

    def _show(self) -> None:
        text = self.text()
        shown = self.content
        if isinstance(shown, Content) and shown.plain == text.plain and shown.spans == text.spans:
            return  # the same words in the same styles: nothing to draw
        self.update(text)

    def text(self) -> Content:
        if self.notice:
            return Content(printable(self.notice))
        choices, step = self._choices, self.step
        if choices is None:
            return Content("")
        view = choices.view
        slot = step.selected + 1
        mode = step.mode
        free = view.phase in ("free_colour_clue", "free_number_clue")
        if mode == "confirm_play":
            return markup(_("Play card {n}? Enter to confirm, Esc to cancel."), n=slot)
        if mode == "confirm_discard":
            return markup(_("Discard card {n}? Enter to confirm, Esc to cancel."), n=slot)
        if mode == "clue_target":
            if view.phase == "free_colour_clue":
                template = _("Your free colour clue: to whom? Press the player's number ({keys}).")
            elif view.phase == "free_number_clue":
                template = _("Your free number clue: to whom? Press the player's number ({keys}).")
            else:
                template = _("Give a clue to whom? Press the player's number ({keys}); Esc to cancel.")
            return markup(template, keys=choices.player_keys())
        if mode == "clue_value" and step.clue_target is not None:
            name = view.players[step.clue_target]
            kinds = choices.clue_kinds_for(step.clue_target)
            if choices.can_cancel(step):
                template = _("Free clue for {name}: {kinds}. Esc to go back.") if free else _("Clue for {name}: {kinds}. Esc to go back.")
            else:
                template = _("Free clue for {name}: {kinds}.") if free else _("Clue for {name}: {kinds}.")
            return markup(template, name=name, kinds=kinds)
        if mode == "clue_confirm" and step.pending_clue is not None:
            clue = step.pending_clue
            touched = len(choices.touched_slots(clue.target, clue))
            if touched:
                template = ngettext(
                    "{clue} (the card marked ▲)? Enter gives it, Esc goes back.",
                    "{clue} (the {n} cards marked ▲)? Enter gives it, Esc goes back.",
                    touched,
                )
            else:
                template = _("{clue} (it touches no card)? Enter gives it, Esc goes back.")
            return markup(template, clue=choices.clue_text(clue), n=touched)
        if mode == "note_target":
            return markup(
                _("Note on which card? Enter (or n): your card {n}; or a player's number ({keys}) for one of theirs. Esc cancels."),
                n=slot,
                keys=choices.player_keys(),
            )
        if mode == "note_card" and step.note_hand is not None:
            return markup(
                _("Note on which of {name}'s cards? Press {keys}; Esc goes back."),
                name=view.players[step.note_hand],
                keys=choices.card_keys(step),
            )
        if mode == "bonus_pick":
            if view.phase == "reshuffle_discard":
                template = _("Bonus: shuffle a discarded card back into the deck? ↑/↓ and Enter")
            else:
                template = _("Bonus: play a card from the discard pile? ↑/↓ and Enter")
            return markup(template + (_("; k skips.") if choices.can_skip else "."))
        keys = choices.card_and_arrow_keys(step)
        can_discard, can_clue = bool(choices.discard_slots), bool(choices.clues)
        if can_discard and can_clue:
            template = _("Choose a card ({keys}), then p play or d discard; or c to give a clue.")
        elif can_clue:
            template = _("Choose a card ({keys}), then p play; or c to give a clue.")
        elif can_discard:
            template = _("Choose a card ({keys}), then p play or d discard (no clue tokens left).")
        else:
            template = _("Choose a card ({keys}), then p play.")
        if self.finesse is not None:
            # two sentences one after the other (Chinese puts no space after its full stop)
            template = _("{first} {then}").format(
                first=_("A finesse: by the Hard computers' conventions, a clue asks you to play card {n} blind."),
                then=template,
            )
        return markup(template, keys=keys, n=(self.finesse or 0) + 1)
