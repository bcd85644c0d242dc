"""The prompt line of the Splendor Duel turn screen: what to do now, offering only what is possible."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from .....engine.splendor_duel.lines import cell_name, gives_privilege
from .....engine.splendor_duel.turn import QUIET_TURNS_LIMIT
from .....i18n import _, pgettext
from .....narration.splendor_duel import card_text, level_name, token_name
from ....text import KEEP, printable
from .. import render
from ..choices import CHOICE_PHASES, PAGE, Choices, Step
from ..render import fill_in, join_sentences
from .part import TablePart


class PromptLine(TablePart):
    """The prompt for the `step` the screen's mode machine is at, from the View's `choices`: the numbered
    options of a choice, the purchase to confirm with its ways to pay, the gold to choose, the selected
    tokens, or the main action. The app's `notice` ("Ben (computer) is thinking…") stands in its place
    while it is set."""

    choices: reactive[Choices | None] = reactive(None, repaint=False)
    step: reactive[Step] = reactive(Step, repaint=False)
    notice: reactive[str] = reactive("", repaint=False)

    def watch_choices(self) -> None:
        self._draw()

    def watch_step(self) -> None:
        self._draw()

    def watch_notice(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if self.notice:
            self.show(Text(printable(self.notice)), wrapped=True)
        elif self.choices is not None:
            self.show(self.text(), wrapped=True)

    def text(self) -> Text:
        """The screen's own prompt (the notice aside)."""
        choices, step = self.choices, self.step
        if choices is None:
            return Text()
        view = choices.view
        if choices.waiting:
            return Text(_("{name} is playing.").format(name=printable(view.players[view.current])))
        phase = choices.phase
        if phase in CHOICE_PHASES:
            return self._options_text(choices)
        if phase == "take_token":
            return Text(_("Your card gives you a {colour} token: choose a highlighted one, Enter takes it.").format(colour=choices.choice_colour()))
        if step.paying is not None:
            return self._payment_text(choices, step)
        if step.reserving is not None:  # the card named, as a purchase names it (a tester had to look back)
            level, card = step.reserving
            what = card_text(card) if card is not None else _("the top card of the level-{level} deck").format(level=level_name(level))
            return Text(_("Reserve {card}: choose the gold to take (move to a Y), then Enter.").format(card=what))
        if step.privileging:
            what = view.board[step.cell]
            if step.cell not in choices.privilege_cells:
                problem = choices.privilege_problem(step.cell) or _("a privilege takes a gem or a pearl")
                return Text(_("Spend a privilege: {cell}: ✗ {problem}. Move to a gem or pearl (Esc keeps the privilege).").format(cell=cell_name(step.cell), problem=problem))
            return Text(
                _("Spend a privilege on the {token} token at {cell}? Enter or p spends it, Esc keeps it (the arrows choose another token).").format(
                    token=token_name(what), cell=cell_name(step.cell)
                ),
                style="bold",
            )
        if step.selected:
            cells = render.cells_text(step.selected)
            problem = choices.selection_problem(step.selected)
            if problem is not None:
                return Text(_("{cells}: ✗ {problem}").format(cells=cells, problem=problem))
            text = Text(_("{cells}: Enter takes them.").format(cells=cells))
            if gives_privilege(view.board, step.selected):
                warning = _("Three of a colour or both pearls: {name} gains a privilege.").format(name=choices.opponent_name)
                text = join_sentences(text, Text(warning, style="bold"))
            return text
        if choices.can_pass:
            return Text(_("No main action is possible and the bag is empty: x passes your turn."))
        main = _("One main action: take tokens (Space, Enter), buy b or reserve v (Tab: cards).")
        if phase == "start":
            extras = []
            if choices.privilege_cells:
                extras.append(_("p privilege (the token at the cursor)"))
            if choices.can_replenish:
                extras.append(_("f replenish"))
            if extras:
                first = Text(_("First, if you wish: {extras}.").format(extras=" · ".join(extras)))
                return _with_quiet_warning(view.quiet_turns, join_sentences(first, Text(main)))
        return _with_quiet_warning(view.quiet_turns, Text(main))

    @staticmethod
    def _options_title(choices: Choices) -> str:
        return {
            "joker": _("Place the joker on one of your colours:"),
            "steal": _("Take a gem or pearl from {name}:").format(name=choices.opponent_name),
            "royal": pgettext("splendor duel", "Choose a royal card:"),
            "discard": _("You hold {n} tokens: return one to the bag (down to 10):").format(n=sum(choices.me.tokens)),
        }[choices.phase]

    def _options_text(self, choices: Choices) -> Text:
        text = Text.assemble((self._options_title(choices) + " ", "bold"))
        for number, (label, _action) in enumerate(choices.options(), 1):
            item = Text.assemble((f"{number} ", "bold reverse"), f" {label}  ")  # the number alone reversed
            item.stylize(render._click(f"screen.choose({number})"))
            item.stylize(KEEP)  # an option is never split over two lines
            text.append_text(item)
        return text

    @staticmethod
    def _payment_text(choices: Choices, step: Step) -> Text:
        """The purchase to confirm: the card and its price named (the ways to pay numbered when there are
        several, the one Enter pays with marked ▶), Enter to buy, Esc to take it back."""
        assert step.paying is not None
        card, ways = step.paying
        confirm = Text(_("Enter buys, Esc takes it back."))
        if len(ways) == 1:
            price = render.payment_text(ways[0])
            question = fill_in(_("Buy {card} for {price}?"), "bold", card=Text(card_text(card), style="bold"), price=price)
            return join_sentences(question, confirm)
        first, shown = choices.page(step)
        text = Text.assemble((_("Buy {card}? Pay with:").format(card=card_text(card)) + " ", "bold"))
        for number, payment in enumerate(shown, 1):
            chosen = first + number - 1 == step.pay_index
            item = Text.assemble(("▶" if chosen else " ", "bold yellow"))
            item.append(str(number), style="bold reverse")
            item.append(" ")
            item.append_text(render.payment_text(payment))
            item.append(" ")  # and the next way's ▶ column: two spaces between ways
            item.stylize(render._click(f"screen.choose({number})"))
            item.stylize(KEEP)
            text.append_text(item)
        if len(ways) > PAGE:
            more = Text(_("↑/↓ more ways: {a}-{b} of {n}").format(a=first + 1, b=first + len(shown), n=len(ways)), style="dim")
            more.stylize(KEEP)
            more.append(" ")
            text.append_text(more)
        text.append("· ", style="dim")  # the ways end here: no full stop after the last one
        text.append_text(confirm)
        return text


# How many turns before the no-progress end the prompt starts saying how close it is.
QUIET_WARNING_TURNS = 10


def _with_quiet_warning(quiet_turns: int, text: Text) -> Text:
    """`text` after a warning once the turns without a card bought or reserved near the limit that ends the
    game without a winner (turn.QUIET_TURNS_LIMIT): a rule nobody meets in a live game should not end one
    by surprise."""
    left = QUIET_TURNS_LIMIT - quiet_turns
    if left > QUIET_WARNING_TURNS:
        return text
    warning = _("No card bought or reserved in {quiet} turns: {left} more and the game ends without a winner.")
    return join_sentences(Text(warning.format(quiet=quiet_turns, left=left), style="bold"), text)
