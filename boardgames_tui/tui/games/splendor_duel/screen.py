"""The Splendor Duel turn screen: a cursor over the token board and over the cards.

The board zone picks tokens (a line to take, a privilege, the gold for a reservation, a card's bonus
token); the cards zone buys or reserves. Choices an ability, the discard or a payment need are numbered.
Every key only builds an action from the View's legal actions (choices.py); a key that cannot act now says
why in the status line (`refusal`), with the rule that stops it.

The screen keeps the keys, what each may do now (check_action) and why not (refusal), and the mode machine
(`step`, see choices.Mode for the modes). What it shows is drawn by its widgets (widgets/), each from the
seat's View and the reactive attributes the screen sets on them as the View or the step change.

What changed since the player last looked at the table (the seat's previous View, `previous_view`) is
marked on the board, the cards and the players' lines; the news strip of every turn screen says it.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.reactive import var

from ....engine.splendor_duel.data import GOLD
from ....engine.splendor_duel.lines import cell_name
from ....engine.splendor_duel.models import (
    Pass,
    PlayerView,
    Replenish,
    Reserve,
    SplendorDuelView,
    TakeTokens,
    UsePrivilege,
)
from ....engine.splendor_duel.rules import MAIN_STEP
from ....engine.splendor_duel.turn import MAX_TOKENS
from ....i18n import N_, _, ngettext, pgettext
from ....narration.splendor_duel import SplendorDuelNarrator, token_name
from ...screens.turn import TurnScreen
from ...text import printable
from ...widgets.keybar import KeyBar
from ...widgets.news import NEW_MARK, NewsStrip
from . import render
from .choices import Choices, Mode, Payments, Step
from .widgets import (
    CardDetail,
    Players,
    PromptLine,
    Pyramid,
    Royals,
    Supply,
    SymbolsLegend,
    TablePart,
    TokenBoard,
    TurnHeader,
)


def key_words() -> dict[str, str]:
    """The words of this game's keys, with this game's context: another game's "Select" or "Pass" may be
    translated for its own meaning."""
    return {
        "Move": pgettext("splendor duel key", "Move"),
        "Cards": pgettext("splendor duel key", "Cards"),
        "Board": pgettext("splendor duel key", "Board"),
        "Select": pgettext("splendor duel key", "Select"),
        "Confirm": pgettext("splendor duel key", "Confirm"),
        "Take": pgettext("splendor duel key", "Take"),
        "Buy": pgettext("splendor duel key", "Buy"),
        "Reserve": pgettext("splendor duel key", "Reserve"),
        "Privilege": pgettext("splendor duel key", "Privilege"),
        "Replenish": pgettext("splendor duel key", "Replenish"),
        "Pass": pgettext("splendor duel key", "Pass"),
        "Choose": pgettext("splendor duel key", "Choose"),
        "Back": pgettext("splendor duel key", "Back"),
        "Clear": pgettext("splendor duel key", "Clear"),
        "Legend": pgettext("splendor duel key", "Legend"),
    }


class SplendorDuelTurnScreen(TurnScreen):
    CSS_PATH = Path(__file__).with_name("splendor_duel.tcss")

    BENCH_KEYS = {"": {"select": ("right", "left"), "apply": ("space", "enter")}}  # take the centre token

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(0, -1)", ("Move"), show=False),
        Binding("right", "cursor(0, 1)", ("Move"), show=False),
        Binding("up", "cursor(-1, 0)", ("Move"), show=False),
        Binding("down", "cursor(1, 0)", ("Move"), show=False),
        Binding("tab", "switch_zone('cards')", ("Cards"), key_display="Tab"),
        Binding("tab", "switch_zone('board')", ("Board"), key_display="Tab"),
        Binding("space", "toggle_select", ("Select"), key_display="Space"),
        Binding("enter", "confirm", ("Confirm")),
        Binding("t", "take", ("Take"), show=False),  # Enter does the same
        Binding("b", "buy", ("Buy")),
        Binding("v", "reserve", ("Reserve")),
        Binding("p", "privilege", ("Privilege")),
        Binding("f", "replenish", ("Replenish")),
        Binding("x", "pass_turn", ("Pass")),
        *(Binding(str(n), f"choose({n})", ("Choose"), key_display="1-9", show=n == 1) for n in range(1, 10)),
        Binding("escape", "back", ("Back"), key_display="Esc"),  # from a payment or a reservation
        Binding("escape", "cancel", ("Clear"), show=False),  # the selected tokens
        Binding("g", "legend", N_("Legend")),
        *TurnScreen.BINDINGS,  # after the game's keys: at 80 columns the key bar is full
    ]

    # The mode machine: one value, replaced by the keys. Set again unchanged, it still brings the widgets up
    # to date with the View's choices (show_view).
    step: var[Step] = var(Step, init=False, always_update=True)
    # The legend of the card symbols (g), in the players' place.
    show_legend: var[bool] = var(False, init=False)

    def __init__(self, view: SplendorDuelView, **context: Any) -> None:
        super().__init__(view, **context)
        self.narrator: SplendorDuelNarrator
        self._translate_key_labels()
        self.view: SplendorDuelView = view
        self.choices = Choices(view, self.narrator)
        # The table as it was when this player's own actions began (others moved until then): what changed
        # since is the player's doing, never marked as news.
        self.own_start: SplendorDuelView = view
        self._mark: str | None = None
        self.set_reactive(SplendorDuelTurnScreen.step, self.choices.first_step())
        # The widgets that follow the View and the step (show_view, watch_step), composed below.
        self._header = TurnHeader(self.game_title, id="sd-header")
        self._board = TokenBoard(id="sd-board")
        self._supply = Supply(id="sd-supply")
        self._royals = Royals(id="sd-royals")
        self._pyramid = Pyramid(id="sd-cards")
        self._players = Players(id="sd-players")
        self._legend = SymbolsLegend(id="sd-legend")
        self._detail = CardDetail(id="sd-detail")
        self._prompt = PromptLine(id="prompt")

    def _translate_key_labels(self) -> None:
        """The key bar's words in the current language: the bindings are declared once, in English, when
        the module is imported, so each screen puts their translations into its own copy (the shared keys'
        words come from the app's catalogue)."""
        words = key_words()
        bindings = self._bindings.key_to_bindings
        for key, found in bindings.items():
            bindings[key] = [
                replace(b, description=words.get(b.description) or _(b.description)) if b.description else b for b in found
            ]

    # The step's parts and the seat's holdings, as the keys' code (and the tests) name them.

    @property
    def zone(self) -> str:
        return self.step.zone

    @property
    def cell(self) -> int:
        return self.step.cell

    @property
    def card_row(self) -> int:
        return self.step.card_row

    @property
    def card_index(self) -> int:
        return self.step.card_index

    @property
    def selected(self) -> list[int]:
        return list(self.step.selected)

    @property
    def reserving(self) -> tuple[int, int | None] | None:
        return self.step.reserving

    @property
    def paying(self) -> tuple[int, Payments] | None:
        return self.step.paying

    @property
    def pay_index(self) -> int:
        return self.step.pay_index

    @property
    def me(self) -> PlayerView:
        return self.choices.me

    @property
    def phase(self) -> str:
        return self.view.phase

    def _go(self, **changes: Any) -> None:
        """Move the mode machine on: the step with these `changes`."""
        self.step = replace(self.step, **changes)

    # Layout ---------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield self._header
        with Horizontal(id="sd-top"):
            with Vertical(id="sd-left"):
                yield self._board
                yield self._supply
                yield self._royals
            yield self._pyramid
        yield self._players
        yield self._legend
        yield self._detail
        yield TablePart(id="status")
        yield self._prompt
        yield KeyBar()

    def on_mount(self) -> None:
        self._show_view()
        self.step = self.step  # the widgets follow the first step

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self.fit_news)

    # The news strip's tallest, where the screen has rows to spare (a long story pages on with z).
    NEWS_ROWS = 8

    def fit_news(self) -> None:
        """The news strip gets the rows the rest of the screen leaves (at least one, at most NEWS_ROWS): at
        80x24 the table is never pushed off the screen, and a long story scrolls in the strip."""
        if not self.is_attached:
            return
        strips = list(self.query(NewsStrip).results(NewsStrip))
        if not strips:
            return
        used = sum(
            widget.outer_size.height
            for widget in self.query("#sd-header, #sd-top, #sd-players, #sd-legend, #sd-detail, #status, #prompt, KeyBar")
            if widget.display
        )
        rows = max(1, min(self.NEWS_ROWS, self.size.height - used))
        strip = strips[0]
        if strip.styles.max_height is None or strip.styles.max_height.value != rows:
            strip.styles.max_height = rows

    def show_view(self, view: Any) -> bool:
        """The same player goes on, or watches a computer play on this screen: everything that depends on
        the View is redrawn at once (header, board, cards, players, detail, status and prompt), the cursors
        kept where they are."""
        if self.choices.waiting:  # the others moved: the player's own actions begin from this table
            self.own_start = view
        self.view = view
        self.choices = Choices(view, self.narrator)
        self.set_status("")
        self._show_view()
        self.step = self.choices.carried_over(self.step)
        return True

    def _show_view(self) -> None:
        """The widgets show the View, and what changed in it since the player last looked."""
        view, news = self.view, self.changes()
        self._header.view = view
        for panel in (self._supply, self._royals, self._pyramid, self._players):
            panel.view = view
            panel.news = news
        self._board.news = self._detail.news = news
        self._board.choices = self._detail.choices = self._prompt.choices = self.choices

    def watch_step(self, step: Step) -> None:
        """The widgets follow the mode machine: the cursors, the tokens selected, the detail line and the
        prompt. The keys that work change with the step."""
        for panel in (self._board, self._pyramid, self._detail, self._prompt):
            panel.step = step
        self._show_detail(not self._error_showing)
        self.call_after_refresh(self.fit_news)
        self.refresh_bindings()

    def watch_show_legend(self, shown: bool) -> None:
        self._players.display = not shown
        self._legend.display = shown
        self.call_after_refresh(self.fit_news)

    def watch_notice(self, notice: str) -> None:
        """The app's notice ("Ben (computer) is thinking…") stands in the prompt's place while it is set."""
        self._prompt.notice = notice

    def changes(self) -> render.Changes:
        """What to mark as changed since the player last looked (nothing when that is not known)."""
        return render.changes(self.previous_view, self.own_start, self.view, self._mark_style())

    def _mark_style(self) -> str:
        """The news mark's style: bold, in the theme's accent colour (looked up once per screen)."""
        if self._mark is None:
            accent = self.app.get_css_variables().get("accent")
            self._mark = f"bold {accent}" if accent else "bold"
        return self._mark

    # The status line takes the detail line's row while it shows a reason; a purchase to confirm takes it
    # too (the prompt names the card: at 80x24 its ways to pay need the row).

    def _show_detail(self, shown: bool) -> None:
        self._detail.display = shown and self.step.paying is None

    def show_error(self, reason: str) -> None:
        super().show_error(reason)
        self._show_detail(False)
        self.call_after_refresh(self.fit_news)

    def clear_refusal(self) -> None:
        if self._error_showing:
            super().clear_refusal()
            self._show_detail(True)
            self.call_after_refresh(self.fit_news)

    def set_status(self, text: str) -> None:
        super().set_status(text)
        self._show_detail(not text)

    # Help -------------------------------------------------------------------------------------------

    def help_lines(self) -> list[tuple[str, str]]:
        return [
            ("Tab", _("switch between the token board and the cards")),
            ("←/→ ↑/↓", _("move the cursor (or the highlighted way to pay)")),
            ("Space", _("select or deselect the token under the cursor")),
            ("Enter / t", _("take the selected tokens (1-3 in a straight line, no gold, no gaps)")),
            ("Enter / b", _("buy the card under the cursor; Enter again confirms it")),
            ("v", _("reserve the card or deck under the cursor, taking a gold")),
            ("p", _("spend a privilege on the token under the cursor, after asking (before replenishing)")),
            ("f", _("replenish the board from the bag (gives your opponent a privilege)")),
            ("x", _("pass, only when no main action is possible and the bag is empty")),
            ("1-9", _("choose an option: a way to pay, joker colour, token to take, royal card, token to return")),
            ("Esc", _("clear the selection, or go back from a reservation or a payment")),
            ("g", _("show or hide the legend of the card symbols (instead of the players' lines)")),
            (pgettext("splendor duel", "marks"), _("✓ affordable · ★ points · ♛ crowns · ♚ royal card · § privilege · ↻ extra turn · + take a token · » take from the opponent · J joker · ▒ a hidden reserved card")),
            (NEW_MARK, _("changed since you last looked: a token taken, a card dealt, a count that moved")),
            *super().help_lines(),
        ]

    # Cursor ---------------------------------------------------------------------------------------

    def action_cursor(self, rows: int, columns: int) -> None:
        step = self.step
        if step.paying is not None:
            self._go(pay_index=(step.pay_index + rows + columns) % len(step.paying[1]))
        elif step.zone == "board":
            row, col = divmod(step.cell, 5)
            self._go(cell=((row + rows) % 5) * 5 + (col + columns) % 5)
        else:
            row_length = self.choices.row_length
            card_row, card_index = step.card_row, step.card_index
            if rows:
                rows_with_cards = [r for r in range(4) if row_length(r)]
                position = rows_with_cards.index(card_row) if card_row in rows_with_cards else 0
                card_row = rows_with_cards[(position + rows) % len(rows_with_cards)]
            if columns:
                card_index = (card_index + columns) % row_length(card_row)
            self.step = self.choices.clamped(replace(step, card_row=card_row, card_index=card_index))

    def action_switch_zone(self, zone: str) -> None:
        self._go(zone=zone)

    def action_click_cell(self, cell: int) -> None:
        if self.paying is not None:
            return
        self._go(zone="board", cell=cell)
        if self.phase == "take_token" or self.reserving is not None:
            if self.choices.confirm_target(self.step) is not None:
                self.action_confirm()
            return
        if self.phase in MAIN_STEP and self.check_action("toggle_select", ()):
            self.action_toggle_select()

    def action_click_card(self, row: int, index: int) -> None:
        if self.paying is not None:
            return
        self.step = self.choices.clamped(replace(self.step, zone="cards", card_row=row, card_index=index))

    # Which keys work now --------------------------------------------------------------------------

    def _mode(self) -> Mode:
        return self.choices.mode(self.step)

    # The keys each mode answers besides the shared ones (help, rules, log, menu, legend, cursor).
    MODE_ACTIONS: ClassVar[dict[str, frozenset[str]]] = {
        "waiting": frozenset({"switch_zone"}),
        "choice": frozenset({"switch_zone", "choose"}),
        "take_token": frozenset({"switch_zone", "confirm"}),
        "paying": frozenset({"choose", "confirm", "back"}),
        "reserving": frozenset({"switch_zone", "confirm", "reserve", "back"}),
        "privilege": frozenset({"confirm", "privilege", "back"}),
        "pass": frozenset({"switch_zone", "pass_turn"}),
        "main": frozenset({"switch_zone", "toggle_select", "confirm", "take", "buy", "reserve", "privilege", "replenish", "cancel"}),
    }
    ALWAYS: ClassVar[frozenset[str]] = frozenset(
        {"cursor", "legend", "help", "rules", "log", "leave", "click_cell", "click_card"}
    )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        step, choices = self.step, self.choices
        if action in self.ALWAYS:
            if action == "cursor":
                rows, columns = parameters
                return choices.cursor_moves(step, int(rows), int(columns)) or None  # type: ignore[call-overload]
            return True
        mode = self._mode()
        if action not in self.MODE_ACTIONS[mode]:
            return False
        if action == "switch_zone":
            return step.zone != parameters[0]  # Tab names the other zone
        if mode != "main":
            if action == "choose":
                (number,) = parameters
                if mode == "paying" and step.paying is not None:
                    if len(step.paying[1]) == 1:
                        return False  # nothing to choose: Enter buys
                    if choices.page(step)[0] + number - 1 == step.pay_index:  # type: ignore[operator]
                        return None  # the way already chosen: Enter buys
                return isinstance(number, int) and number <= choices.option_count(step) or None
            if action == "confirm":
                return choices.confirm_target(step) is not None or None
            if action in ("privilege", "reserve"):  # the question's own key answers it as Enter does
                return choices.confirm_target(step) is not None or None
            return True
        # The main action, with optional privileges and replenish first.
        if action == "toggle_select":
            if step.zone != "board":
                return False
            return choices.select_problem(step) is None or None
        if action == "take":
            if not step.selected:
                return False
            return True if tuple(sorted(step.selected)) in choices.takes else None
        if action == "confirm":
            return choices.confirm_target(step) is not None or None
        if action in ("buy", "reserve"):
            if step.zone != "cards":
                return False
            target = choices.card_at(step)
            if action == "buy":
                return target is not None and target[1] in choices.buys or None
            if step.card_row == 3:
                return False
            return target in choices.reserves or None
        if action == "privilege":
            if step.zone != "board" or choices.privilege_problem(None) is not None:
                return False
            return True if step.cell in choices.privilege_cells else None
        if action == "replenish":
            return choices.can_replenish  # never possible again this turn: hidden
        if action == "cancel":
            return bool(step.selected) or False
        return True

    def key_display(self, binding: Binding) -> str | None:
        """The numbered keys as the range that fits the options shown now: '1-5', or '1'."""
        if binding.action.startswith("choose("):
            if not self.choices.option_count(self.step):
                return None
            return self.choices.number_keys(self.step)
        return None

    # Why a key does nothing now -------------------------------------------------------------------

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        mode = self._mode()
        if action == "cursor":
            rows, columns = parameters
            if self.choices.cursor_moves(self.step, int(rows), int(columns)):  # type: ignore[call-overload]
                return None
            if self.paying is not None:
                return _("There is only one way to pay: Enter buys the card, Esc takes it back")
            return _("Your only reserved card: ↑/↓ move to the other rows")
        if action in self.ALWAYS:
            return None
        if action not in self.MODE_ACTIONS[mode] or mode != "main":
            return self._mode_refusal(mode, action, parameters)
        return self._main_refusal(action)

    def _mode_refusal(self, mode: Mode, action: str, parameters: tuple[object, ...]) -> str | None:
        """A key of another mode, or a key of this mode that cannot act now."""
        choices, step = self.choices, self.step
        if mode == "waiting":
            name = printable(self.view.players[self.view.current])
            return _("{name} is playing: wait for your turn").format(name=name)
        if mode in ("choice", "paying") and action == "choose":
            count = choices.option_count(step)
            (number,) = parameters
            if mode == "paying" and count == 1:
                return _("There is only one way to pay: Enter buys the card, Esc takes it back")
            if mode == "paying" and isinstance(number, int) and number <= count:
                return _("Way {n} is chosen already: Enter buys the card, Esc takes it back").format(n=number)
            if mode == "paying":
                return ngettext("There is only {n} way to pay: press {keys}", "There are only {n} ways to pay: press {keys}", count).format(n=count, keys=choices.number_keys(step))
            return ngettext("There is only {n} option: press {keys}", "There are only {n} options: press {keys}", count).format(n=count, keys=choices.number_keys(step))
        pending = choices.pending_choice() if mode in ("choice", "take_token") else None
        if mode == "choice":
            first = self._choice_instruction(pending.code if pending is not None else "")
            if first is None:
                return choices.say(pending) if pending is not None else None
            return _("{instruction}: press {keys}").format(instruction=first, keys=choices.number_keys(step))
        if mode == "take_token":
            if pending is not None and pending.code != "must_take_board_token":
                return choices.say(pending)
            cells = render.cells_text(sorted(choices.bonus_cells))
            colour = choices.choice_colour()
            if action == "confirm" and step.zone == "board":
                what = self.view.board[step.cell]
                here = pgettext("splendor duel", "empty") if what < 0 else token_name(what)
                return _("{cell} is {what}: your card gives a {colour} token, take one of {cells}").format(
                    cell=cell_name(step.cell), what=here, colour=colour, cells=cells
                )
            return _("First take the {colour} token your card gives: move to one of {cells}, Enter").format(colour=colour, cells=cells)
        if action in ("back", "cancel"):
            return None  # Esc then leaves for the menu
        if mode == "paying":
            return _("Confirm the purchase first: Enter buys the card, Esc takes it back")
        if mode == "privilege":
            if action in ("confirm", "privilege"):
                if step.zone == "board":
                    problem = choices.privilege_problem(step.cell)
                    if problem is not None:
                        return problem
                return _("A privilege takes a gem or a pearl: move to a gem or a pearl, then Enter (Esc keeps the privilege)")
            return _("First answer: Enter spends the privilege on the token at the cursor, Esc keeps it")
        if mode == "reserving":
            if action in ("confirm", "reserve"):
                if step.zone != "board":
                    return _("The gold is on the board: Tab, move to a Y, Enter")
                return _("{cell} is not a gold: move to a Y and press Enter").format(cell=cell_name(step.cell))
            return _("First choose the gold for your reservation: a Y, then Enter (Esc cancels)")
        if mode == "pass":
            return _("No main action is possible and the bag is empty: x passes your turn")
        # mode "main": a key of another mode
        if action == "choose":
            return _("Nothing to choose now: the numbers answer a card's question or a payment")
        if action == "pass_turn":
            return choices.engine_refusal("pass")
        return None

    def _choice_instruction(self, code: str) -> str | None:
        """What the numbered choice the engine waits for (its refusal `code` of anything else) asks for, with
        its keys to follow; None for a code without one."""
        if code == "must_place_joker":
            return _("First choose the colour the joker joins")
        if code == "must_steal":
            return _("First choose the token to take from {name}").format(name=self.choices.opponent_name)
        if code == "must_choose_royal":
            return _("First choose your royal card")
        if code == "must_discard":
            return _("First return a token to the bag (you may keep {n})").format(n=MAX_TOKENS)
        return None

    def _main_refusal(self, action: str) -> str | None:
        choices, step = self.choices, self.step
        on_board = step.zone == "board"
        if action == "toggle_select":
            if not on_board:
                return _("Space selects tokens on the board: Tab switches to it")
            return choices.select_problem(step)
        if action == "take":
            if not step.selected:
                return _("Nothing is selected: Space selects 1 to 3 tokens in a line")
            return choices.selection_problem(step.selected)
        if action == "confirm":
            if on_board:
                if step.selected:
                    return choices.selection_problem(step.selected)
                if self.view.board[step.cell] == GOLD:
                    return choices.take_refusal([step.cell])
                return _("Nothing is selected: Space selects 1-3 tokens in a line, then Enter")
            return self._buy_refusal()
        if action == "buy":
            if on_board:
                return _("b buys the card under the card cursor: Tab switches to the cards")
            return self._buy_refusal()
        if action == "reserve":
            if on_board:
                return _("v reserves the card under the card cursor: Tab switches to the cards")
            return self._reserve_refusal()
        if action == "privilege":
            return self._privilege_refusal()
        if action == "replenish":
            return choices.engine_refusal("replenish")
        return None

    def _buy_refusal(self) -> str:
        target = self.choices.card_at(self.step)
        if target is None:
            return _("An empty slot: its deck has run out")
        if target[1] is None:
            return _("A deck's cards cannot be bought: v reserves its top card unseen")
        return self.choices.why_not_buy(target[1])

    def _reserve_refusal(self) -> str:
        target = self.choices.card_at(self.step)
        if self.card_row == 3:
            return _("This card is already reserved: b buys it")
        if target is None:
            return _("An empty slot: its deck has run out")
        return self.choices.reserve_problem(*target) or _("Reserving needs a gold from the board and an available card")

    def _privilege_refusal(self) -> str:
        """The engine's reason: what stops any privilege now, else (the cursor on the board) what stops one
        on the cell under the cursor."""
        problem = self.choices.privilege_problem(None)
        if problem is not None:
            return problem
        if self.zone != "board":
            return _("p takes the board token at the cursor: Tab switches to the board")
        return self.choices.privilege_problem(self.cell) or _("A privilege takes one gem or pearl, and must leave you a main action")

    # Keys -----------------------------------------------------------------------------------------

    def action_confirm(self) -> None:
        target = self.choices.confirm_target(self.step)
        if target == "buy":
            self.action_buy()
        elif target is not None:
            self.submit(target)

    def action_toggle_select(self) -> None:
        step = self.step
        if step.cell in step.selected:
            selected = tuple(cell for cell in step.selected if cell != step.cell)
        elif self.choices.select_problem(step) is None:
            selected = (*step.selected, step.cell)
        else:
            selected = step.selected
        self.set_status("")
        self._go(selected=selected)

    def action_take(self) -> None:
        cells = tuple(sorted(self.step.selected))
        if cells in self.choices.takes:
            self.submit(TakeTokens(cells=cells))

    def action_buy(self) -> None:
        """Name the card and its price (the ways to pay, if several) and wait for Enter: nothing is bought
        until then, and Esc takes it back."""
        target = self.choices.card_at(self.step)
        if target is None or target[1] is None or target[1] not in self.choices.buys:
            return
        card = target[1]
        self._go(paying=(card, tuple(self.choices.buys[card])), pay_index=0)

    def action_reserve(self) -> None:
        if self.step.reserving is not None:  # v again: the gold at the cursor, as Enter
            self.action_confirm()
            return
        target = self.choices.card_at(self.step)
        if target is None or target not in self.choices.reserves:
            return
        golds = self.choices.reserves[target]
        # Even with one gold on the board the reservation waits for Enter (or v again), as a purchase does:
        # it is the turn's main action, and a tester made one by a slip.
        self._go(reserving=target, zone="board", cell=self.cell if self.cell in golds else golds[0])

    def action_privilege(self) -> None:
        """p asks before a privilege goes (it does not come back): Enter or p again spends it on the token
        at the cursor (the arrows choose another), Esc keeps it."""
        if self.step.zone != "board" or self.cell not in self.choices.privilege_cells:
            return
        if self.step.privileging:
            self.submit(UsePrivilege(cell=self.cell))
            return
        self.set_status("")
        self._go(privileging=True)

    def action_replenish(self) -> None:
        self.submit(Replenish())

    def action_pass_turn(self) -> None:
        self.submit(Pass())

    def action_choose(self, number: int) -> None:
        step = self.step
        if step.paying is not None:  # the way to pay: Enter then buys
            first, shown = self.choices.page(step)
            if 1 <= number <= len(shown):
                self._go(pay_index=first + number - 1)
            return
        options = self.choices.options()
        if 1 <= number <= len(options):
            self.submit(options[number - 1][1])

    def action_back(self) -> None:
        if self.step.privileging:  # keep the privilege, and the tokens selected before asking
            self.set_status("")
            self._go(privileging=False)
            return
        self.action_cancel()

    def action_cancel(self) -> None:
        self.set_status("")
        # Backing out of a reservation's gold puts the cursor back on the card it was for.
        back_to_card = {"zone": "cards"} if self.step.reserving is not None else {}
        self._go(selected=(), reserving=None, paying=None, **back_to_card)

    def action_legend(self) -> None:
        self.show_legend = not self.show_legend


# The registry's way in (tui/games/__init__.py: turn_screen_class).
TURN_SCREEN = SplendorDuelTurnScreen
