"""The Splendor Duel turn screen: a cursor over the token board and over the cards.

The board zone picks tokens (a line to take, a privilege, the gold for a reservation, a card's bonus
token); the cards zone buys or reserves. Choices an ability or the discard need are numbered. Every key
only builds an action from the View's legal actions; the reason a choice is not legal is shown while it
is being made.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from ....engine.splendor_duel.data import CARDS, GOLD, SPIRAL, TOKEN_LETTERS, TOKEN_NAMES
from ....engine.splendor_duel.lines import cell_name, gives_privilege, take_problem
from ....engine.splendor_duel.rules import buy_problem
from ....engine.splendor_duel.models import (
    Buy,
    ChooseRoyal,
    DiscardToken,
    Pass,
    PlaceJoker,
    Replenish,
    Reserve,
    SplendorDuelView,
    StealToken,
    TakeBoardToken,
    TakeTokens,
    UsePrivilege,
)
from ....i18n import _
from ...screens.turn import TurnScreen
from ...widgets.keybar import KeyBar
from . import render
from .render import Cursor

CHOICE_PHASES = ("joker", "steal", "royal", "discard")
MAIN_PHASES = ("start", "main")


class SplendorDuelTurnScreen(TurnScreen):
    CSS_PATH = Path(__file__).with_name("splendor_duel.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(0, -1)", _("Move"), show=False),
        Binding("right", "cursor(0, 1)", _("Move"), show=False),
        Binding("up", "cursor(-1, 0)", _("Move"), show=False),
        Binding("down", "cursor(1, 0)", _("Move"), show=False),
        Binding("tab", "switch_zone", _("Board/cards"), key_display="Tab"),
        Binding("space", "toggle_select", _("Select"), key_display="Space"),
        Binding("enter", "confirm", _("Confirm")),
        Binding("t", "take", _("Take")),
        Binding("b", "buy", _("Buy")),
        Binding("v", "reserve", _("Reserve")),
        Binding("p", "privilege", _("Privilege")),
        Binding("f", "replenish", _("Replenish")),
        Binding("x", "pass_turn", _("Pass")),
        *(Binding(str(n), f"choose({n})", _("Choose"), key_display="1-9", show=n == 1) for n in range(1, 10)),
        Binding("escape", "cancel", _("Cancel"), show=False),
        *TurnScreen.BINDINGS,  # after the game's keys: at 80 columns the key bar is full
    ]

    def __init__(self, view: SplendorDuelView, **context: Any) -> None:
        super().__init__(view, **context)
        self.view: SplendorDuelView = view
        self.zone = "board"
        self.cell = self._first_token_cell()
        self.card_row, self.card_index = 2, 1  # the first level-1 card
        self.selected: list[int] = []
        self.reserving: tuple[int, int | None] | None = None  # (level, card) waiting for its gold
        self._index_legal()

    # Legal actions, indexed for the keys ---------------------------------------------------------

    def _index_legal(self) -> None:
        view = self.view
        self.takes: set[tuple[int, ...]] = set()
        self.buys: dict[int, list[tuple[int, ...]]] = {}
        self.reserves: dict[tuple[int, int | None], list[int]] = {}
        self.privilege_cells: set[int] = set()
        self.bonus_cells: set[int] = set()
        self.can_replenish = self.can_pass = False
        for action in view.legal_actions:
            if isinstance(action, TakeTokens):
                self.takes.add(action.cells)
            elif isinstance(action, Buy):
                self.buys.setdefault(action.card, []).append(action.payment)
            elif isinstance(action, Reserve):
                self.reserves.setdefault((action.level, action.card), []).append(action.gold_cell)
            elif isinstance(action, UsePrivilege):
                self.privilege_cells.add(action.cell)
            elif isinstance(action, TakeBoardToken):
                self.bonus_cells.add(action.cell)
            elif isinstance(action, Replenish):
                self.can_replenish = True
            elif isinstance(action, Pass):
                self.can_pass = True
        for options in self.buys.values():
            options.sort(key=lambda payment: payment[GOLD])  # fewest gold first: the preselected way

    def _first_token_cell(self) -> int:
        """The board cursor starts on the gem or pearl nearest the centre (the centre if the board is bare)."""
        board = self.view.board
        for cell in SPIRAL:
            if 0 <= board[cell] < GOLD:
                return cell
        return 12

    @property
    def me(self) -> Any:
        return self.view.seats[self.seat]

    @property
    def phase(self) -> str:
        return self.view.phase

    # Layout ---------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="sd-header")
        with Horizontal(id="sd-top"):
            with Vertical(id="sd-left"):
                yield Static(id="sd-board")
                yield Static(id="sd-supply")
                yield Static(id="sd-royals")
            yield Static(id="sd-cards")
        yield Static(id="sd-players")
        yield Static(id="sd-detail")
        yield Static(id="prompt")
        yield Static(id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        self._draw_all()

    def show_view(self, view: Any) -> bool:
        """The same player goes on (a later step of the turn, or an extra turn): keep the cursors."""
        self.view = view
        self.selected = []
        self.reserving = None
        self._index_legal()
        if self.phase == "take_token":
            self.zone = "board"
            if self.bonus_cells and self.cell not in self.bonus_cells:
                self.cell = min(self.bonus_cells)
        self._clamp_card_cursor()
        self.set_status("")
        self._draw_all()
        self.refresh_bindings()
        return True

    def _draw_all(self) -> None:
        view = self.view
        self._update("#sd-header", render.header(view, self.game_title))
        self._update("#sd-supply", render.supply_line(view))
        self._update("#sd-royals", render.royals_line(view, numbered=self.phase == "royal"))
        self._update("#sd-players", render.players_lines(view))
        self._draw_cursor_parts()

    def _draw_cursor_parts(self) -> None:
        on_board = self.zone == "board"
        eligible: set[int] | None = None
        if self.phase == "take_token":
            eligible = self.bonus_cells
        elif self.reserving is not None:
            eligible = set(self.reserves.get(self.reserving, ()))
        self._update("#sd-board", render.board_lines(self.view, self.cell if on_board else None, self.selected, eligible))
        cursor = None if on_board else Cursor("cards", self.card_row, self.card_index)
        self._update("#sd-cards", render.pyramid_lines(self.view, cursor))
        self._update("#sd-detail", self.detail_text())
        self._update("#prompt", self.prompt_text())

    def _update(self, selector: str, text: Text) -> None:
        self.query_one(selector, Static).update(text)

    # What the cursor shows and what to do next ---------------------------------------------------

    def _card_at_cursor(self) -> tuple[int, int | None] | None:
        """(level, card) under the card cursor; card None for a deck. None on an empty slot."""
        if self.card_row == 3:
            reserved = self.me.reserved or ()
            if self.card_index < len(reserved):
                card = reserved[self.card_index]
                return CARDS[card].level, card
            return None
        level = 3 - self.card_row
        if self.card_index == 0:
            return level, None
        slots = self.view.pyramid[level - 1]
        card = slots[self.card_index - 1] if self.card_index - 1 < len(slots) else 0
        return (level, card) if card else None

    def detail_text(self) -> Text:
        if self.zone == "board":
            colour = self.view.board[self.cell]
            what = _("empty") if colour < 0 else TOKEN_NAMES[colour]
            text = Text(f"{cell_name(self.cell)}: {what}", style="bold")
            text.append("   ")
            text.append_text(render.legend())
            return text
        target = self._card_at_cursor()
        if target is None:
            return Text(_("An empty slot: its deck has run out."), style="dim")
        level, card = target
        if card is None:
            size = self.view.deck_sizes[level - 1]
            return Text(_("Level {n} deck, {k} cards: v reserves its top card unseen.").format(n=level, k=size))
        words = render.card_words(card, self.me)
        if card in self.buys:
            return Text("✓ " + _("You can buy it") + " · " + words)
        if self.phase in MAIN_PHASES:
            return Text("✗ " + self._why_not_buy(card) + " · " + words)
        return Text(words)

    def _why_not_buy(self, card: int) -> str:
        return buy_problem(card, self.me.bonuses, self.me.tokens) or _("Not now")

    def prompt_text(self) -> Text:
        phase = self.phase
        if phase in CHOICE_PHASES:
            return self._choices_text()
        if phase == "take_token":
            colour = TOKEN_NAMES[self.view.choice_colour] if self.view.choice_colour >= 0 else ""
            return Text(_("Your card gives you a {colour} token: choose one on the board, Enter takes it.").format(colour=colour))
        if self.reserving is not None:
            return Text(_("Choose the gold to take with your reservation: move to a Y, Enter (Esc cancels)."))
        if self.selected:
            cells = render.cells_text(self.selected)
            problem = take_problem(self.view.board, self.selected)
            if problem is None and tuple(sorted(self.selected)) not in self.takes:
                problem = _("Taking tokens is not allowed now")
            if problem is not None:
                return Text(f"{cells}: ✗ {problem}")
            text = Text(_("{cells}: Enter takes them.").format(cells=cells))
            if gives_privilege(self.view.board, self.selected):
                opponent = self.view.players[1 - self.seat]
                text.append(" " + _("Three of a colour or both pearls: {name} gains a privilege.").format(name=opponent), style="bold")
            return text
        if self.can_pass:
            return Text(_("No main action is possible and the bag is empty: x passes your turn."))
        if phase == "start":
            extras = []
            if self.privilege_cells:
                extras.append(_("p spends a privilege on the token at the cursor"))
            if self.can_replenish:
                extras.append(_("f replenishes the board"))
            first = (_("Optional first: ") + " · ".join(extras) + ". ") if extras else ""
            return Text(first + _("One main action: take tokens (Space, Enter), buy b or reserve v (Tab: cards)."))
        return Text(_("Now one main action: take tokens (Space, Enter), buy b or reserve v (Tab: cards)."))

    def choices(self) -> list[tuple[str, Any]]:
        """The numbered options of an ability, a royal card or the discard: (label, action)."""
        view, me = self.view, self.me
        opponent = view.seats[1 - self.seat]
        out: list[tuple[str, Any]] = []
        for action in view.legal_actions:
            if isinstance(action, PlaceJoker):
                label = f"{TOKEN_LETTERS[action.colour]} {TOKEN_NAMES[action.colour]} ({_('bonus')} {me.bonuses[action.colour]})"
            elif isinstance(action, StealToken):
                label = f"{TOKEN_LETTERS[action.colour]} {TOKEN_NAMES[action.colour]} ({opponent.tokens[action.colour]})"
            elif isinstance(action, ChooseRoyal):
                label = render.royal_words(action.royal)
            elif isinstance(action, DiscardToken):
                label = f"{TOKEN_LETTERS[action.colour]} {TOKEN_NAMES[action.colour]} ({me.tokens[action.colour]})"
            else:
                continue
            out.append((label, action))
        return out[:9]

    def _choices_text(self) -> Text:
        titles = {
            "joker": _("Place the joker on one of your colours:"),
            "steal": _("Take a gem or pearl from {name}:").format(name=self.view.players[1 - self.seat]),
            "royal": _("Choose a royal card:"),
            "discard": _("You hold {n} tokens: return one to the bag (down to 10):").format(n=sum(self.me.tokens)),
        }
        text = Text(titles[self.phase] + " ", style="bold")
        for number, (label, _action) in enumerate(self.choices(), 1):
            item = Text(f"{number} ", style="bold reverse")
            item.append(f" {label}  ")
            item.stylize(render._click(f"screen.choose({number})"))
            text.append_text(item)
        return text

    def help_lines(self) -> list[tuple[str, str]]:
        return [
            ("Tab", _("switch between the token board and the cards")),
            ("←/→ ↑/↓", _("move the cursor")),
            ("Space", _("select or deselect the token under the cursor")),
            ("Enter / t", _("take the selected tokens (1-3 in a straight line, no gold, no gaps)")),
            ("Enter / b", _("buy the card under the cursor (a card or one of your reserved cards)")),
            ("v", _("reserve the card or deck under the cursor, taking a gold")),
            ("p", _("spend a privilege on the token under the cursor (before replenishing)")),
            ("f", _("replenish the board from the bag (gives your opponent a privilege)")),
            ("x", _("pass, only when no main action is possible and the bag is empty")),
            ("1-9", _("choose an option: joker colour, token to take, royal card, token to return")),
            ("Esc", _("clear the selection or cancel a reservation")),
            (_("marks"), _("✓ affordable · ★ points · ♛ crowns · ↻ extra turn · + take a token · § privilege · » steal · J joker")),
            *super().help_lines(),
        ]

    # Cursor ---------------------------------------------------------------------------------------

    def _row_length(self, row: int) -> int:
        if row == 3:
            return len(self.me.reserved or ())
        return 1 + len(self.view.pyramid[2 - row])

    def _clamp_card_cursor(self) -> None:
        if self.card_row == 3 and not self._row_length(3):
            self.card_row = 2
        self.card_index = max(0, min(self.card_index, self._row_length(self.card_row) - 1))

    def action_cursor(self, rows: int, columns: int) -> None:
        if self.zone == "board":
            row, col = divmod(self.cell, 5)
            self.cell = ((row + rows) % 5) * 5 + (col + columns) % 5
        else:
            rows_with_cards = [r for r in range(4) if self._row_length(r)]
            if rows:
                position = rows_with_cards.index(self.card_row) if self.card_row in rows_with_cards else 0
                self.card_row = rows_with_cards[(position + rows) % len(rows_with_cards)]
            self.card_index = (self.card_index + columns) % self._row_length(self.card_row) if columns else self.card_index
            self._clamp_card_cursor()
        self._draw_cursor_parts()
        self.refresh_bindings()

    def action_switch_zone(self) -> None:
        self.zone = "cards" if self.zone == "board" else "board"
        self._draw_cursor_parts()
        self.refresh_bindings()

    def action_click_cell(self, cell: int) -> None:
        self.zone, self.cell = "board", cell
        if self.phase == "take_token" or self.reserving is not None:
            self.action_confirm()
            return
        if self.phase in MAIN_PHASES:
            self.action_toggle_select()
            return
        self._draw_cursor_parts()

    def action_click_card(self, row: int, index: int) -> None:
        self.zone, self.card_row, self.card_index = "cards", row, index
        self._clamp_card_cursor()
        self._draw_cursor_parts()
        self.refresh_bindings()

    # Which keys work now --------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        phase = self.phase
        main = phase in MAIN_PHASES and self.reserving is None and not self.can_pass
        if action == "toggle_select":
            return main and self.zone == "board"
        if action == "take":
            if not (main and self.selected):
                return False
            return True if tuple(sorted(self.selected)) in self.takes else None
        if action == "confirm":
            return self._confirm_target() is not None or None
        if action == "buy":
            target = self._card_at_cursor() if self.zone == "cards" else None
            if not main or target is None or target[1] is None:
                return False
            return True if target[1] in self.buys else None
        if action == "reserve":
            target = self._card_at_cursor() if self.zone == "cards" else None
            if not main or target is None or self.card_row == 3:
                return False
            return True if target in self.reserves else None
        if action == "privilege":
            if phase != "start" or not self.privilege_cells or self.reserving is not None:
                return False
            return True if self.zone == "board" and self.cell in self.privilege_cells else None
        if action == "replenish":
            return self.can_replenish and self.reserving is None
        if action == "pass_turn":
            return self.can_pass
        if action == "choose":
            (number,) = parameters
            return phase in CHOICE_PHASES and isinstance(number, int) and number <= len(self.choices())
        if action == "cancel":
            return bool(self.selected) or self.reserving is not None
        if action == "leave":
            return not self.selected and self.reserving is None
        return True

    # Keys -----------------------------------------------------------------------------------------

    def _confirm_target(self) -> Any:
        """The action Enter would submit now, or None."""
        if self.phase == "take_token":
            return TakeBoardToken(cell=self.cell) if self.zone == "board" and self.cell in self.bonus_cells else None
        if self.reserving is not None:
            level, card = self.reserving
            golds = self.reserves.get(self.reserving, [])
            return Reserve(gold_cell=self.cell, level=level, card=card) if self.zone == "board" and self.cell in golds else None
        if self.phase not in MAIN_PHASES:
            return None
        if self.zone == "board":
            cells = tuple(sorted(self.selected))
            return TakeTokens(cells=cells) if cells in self.takes else None
        target = self._card_at_cursor()
        if target is not None and target[1] is not None and target[1] in self.buys:
            return "buy"
        return None

    def action_confirm(self) -> None:
        target = self._confirm_target()
        if target == "buy":
            self.action_buy()
        elif target is not None:
            self.submit(target)
        elif self.phase == "take_token":
            self.show_error(_("Choose one of the highlighted {colour} tokens").format(colour=TOKEN_NAMES[self.view.choice_colour]))
        elif self.reserving is not None:
            self.show_error(_("Move the cursor to a gold (Y) token"))

    def action_toggle_select(self) -> None:
        if self.cell in self.selected:
            self.selected.remove(self.cell)
        elif self.view.board[self.cell] >= 0:
            self.selected.append(self.cell)
        self.set_status("")
        self._draw_cursor_parts()
        self.refresh_bindings()

    def action_take(self) -> None:
        cells = tuple(sorted(self.selected))
        if cells in self.takes:
            self.submit(TakeTokens(cells=cells))

    def action_buy(self) -> None:
        target = self._card_at_cursor()
        if target is None or target[1] is None or target[1] not in self.buys:
            return
        card = target[1]
        options = self.buys[card]
        if len(options) == 1:
            self.submit(Buy(card=card, payment=options[0]))
            return
        from .payment import PaymentScreen

        def pay(payment: tuple[int, ...] | None) -> None:
            if payment is not None:
                self.submit(Buy(card=card, payment=payment))

        self.app.push_screen(PaymentScreen(render.card_words(card, self.me), options), pay)

    def action_reserve(self) -> None:
        target = self._card_at_cursor()
        if target is None or target not in self.reserves:
            return
        golds = self.reserves[target]
        level, card = target
        if len(golds) == 1:
            self.submit(Reserve(gold_cell=golds[0], level=level, card=card))
            return
        self.reserving = target
        self.zone = "board"
        if self.cell not in golds:
            self.cell = golds[0]
        self._draw_cursor_parts()
        self.refresh_bindings()

    def action_privilege(self) -> None:
        if self.cell in self.privilege_cells:
            self.submit(UsePrivilege(cell=self.cell))

    def action_replenish(self) -> None:
        self.submit(Replenish())

    def action_pass_turn(self) -> None:
        self.submit(Pass())

    def action_choose(self, number: int) -> None:
        options = self.choices()
        if 1 <= number <= len(options):
            self.submit(options[number - 1][1])

    def action_cancel(self) -> None:
        self.selected = []
        self.reserving = None
        self.set_status("")
        self._draw_cursor_parts()
        self.refresh_bindings()
