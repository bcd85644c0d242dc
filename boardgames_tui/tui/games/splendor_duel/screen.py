"""The Splendor Duel turn screen: a cursor over the token board and over the cards.

The board zone picks tokens (a line to take, a privilege, the gold for a reservation, a card's bonus
token); the cards zone buys or reserves. Choices an ability, the discard or a payment need are numbered.
Every key only builds an action from the View's legal actions; a key that cannot act now says why in the
status line (`refusal`), with the rule that stops it.

Modes, most pressing first: the other player's turn (a computer playing on this screen: the cursors only),
a numbered choice (joker colour, token to take from the opponent, royal card, token to return), a token a
card gives, the purchase to confirm (the card and its price named, the way to pay chosen; Esc takes it
back), the gold for a reservation, a forced pass, and the main action (optional privileges and replenish
first).

What changed since the player last looked at the table (the seat's previous View, `previous_view`) is
marked on the board, the cards and the players' lines; the news strip of every turn screen says it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.reactive import Reactive
from textual.widgets import Static

from ....engine.splendor_duel.cards import buy_problem
from ....engine.splendor_duel.data import CARDS, GOLD, SPIRAL, TOKEN_LETTERS
from ....engine.splendor_duel.lines import MAX_LINE, cell_name, gives_privilege, take_problem
from ....engine.splendor_duel.turn import MAX_TOKENS
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
from ....i18n import N_, _, ngettext, pgettext
from ...screens.turn import TurnScreen
from ...text import KEEP, Paragraph, printable
from ...widgets.keybar import KeyBar
from ...widgets.news import NEW_MARK, NewsStrip
from . import render
from ....narration.splendor_duel import SplendorDuelNarrator, card_text, colour_name, level_name, token_name
from .render import Cursor

CHOICE_PHASES = ("joker", "steal", "royal", "discard")
MAIN_PHASES = ("start", "main")
MAX_RESERVED = 3
PAGE = 9  # numbered options at a time


def fill_in(template: str, style: str = "", **values: Text | str) -> Text:
    """`template` with its {name} fields replaced by `values`, which may be styled text (token chips);
    the template's own words in `style`."""
    out = Text()
    for piece in re.split(r"(\{[a-z_]+\})", template):
        name = piece[1:-1]
        if piece.startswith("{") and name in values:
            value = values[name]
            out.append_text(value if isinstance(value, Text) else Text(value))
        elif piece:
            out.append(piece, style=style)
    return out


def join_sentences(first: Text, second: Text) -> Text:
    """Two sentences one after the other: with a space in English, none in Chinese."""
    return fill_in(pgettext("splendor duel", "{first} {second}"), first=first, second=second)


class TablePart(Static):
    """A part of the table whose height can change: when it does, the news gets the rows left over."""

    # Clickable cells and cards are not drawn as links: Textual would repaint their letters in its link
    # colour (a light grey on the white and gold tiles) and underline them.
    auto_links: Reactive[bool] = Reactive(False)

    def on_resize(self, event: Resize) -> None:
        screen = self.screen
        if isinstance(screen, SplendorDuelTurnScreen):
            screen.call_after_refresh(screen._fit_news)


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

    def __init__(self, view: SplendorDuelView, **context: Any) -> None:
        super().__init__(view, **context)
        self.narrator: SplendorDuelNarrator
        self._translate_key_labels()
        self.view: SplendorDuelView = view
        self.zone = "board"
        self.card_row, self.card_index = 2, 1  # the first level-1 card
        self.selected: list[int] = []
        self.reserving: tuple[int, int | None] | None = None  # (level, card) waiting for its gold
        # The purchase waiting for Enter: (card, ways to pay), the highlighted way pay_index.
        self.paying: tuple[int, tuple[tuple[int, ...], ...]] | None = None
        self.pay_index = 0
        self.show_legend = False
        # The table as it was when this player's own actions began (others moved until then): what changed
        # since is the player's doing, never marked as news.
        self.own_start: SplendorDuelView = view
        self._news = render.NO_CHANGES  # what the panels mark, worked out at each redraw
        self._mark: str | None = None
        self._index_legal()
        self.cell = min(self.bonus_cells) if self.phase == "take_token" and self.bonus_cells else self._first_token_cell()

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

    @property
    def opponent_name(self) -> str:
        return printable(self.view.players[1 - self.seat])

    # Layout ---------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="sd-header")
        with Horizontal(id="sd-top"):
            with Vertical(id="sd-left"):
                yield TablePart(id="sd-board")
                yield TablePart(id="sd-supply")
                yield TablePart(id="sd-royals")
            yield TablePart(id="sd-cards")
        yield TablePart(id="sd-players")
        yield TablePart(render.symbols_legend(), id="sd-legend")
        yield TablePart(id="sd-detail")
        yield TablePart(id="status")
        yield TablePart(id="prompt")
        yield KeyBar()

    def on_mount(self) -> None:
        self._draw_all()

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self._fit_news)

    # The news strip's tallest (its own stylesheet's max-height).
    NEWS_ROWS = 4

    def _fit_news(self) -> None:
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
        mine = self.view.current == self.seat and bool(self.view.legal_actions)
        if not mine:  # the others moved: the player's own actions begin from this table
            self.own_start = view
        self.view = view
        self.selected = []
        self.reserving = None
        self.paying = None
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

    @property
    def waiting(self) -> bool:
        """The other player is to act (a computer playing on this player's screen)."""
        return self.view.current != self.seat or not self.view.legal_actions

    def changes(self) -> render.Changes:
        """What to mark as changed since the player last looked (nothing when that is not known)."""
        return render.changes(self.previous_view, self.own_start, self.view, self._mark_style())

    def _mark_style(self) -> str:
        """The news mark's style: bold, in the theme's accent colour (looked up once per screen)."""
        if self._mark is None:
            accent = self.app.get_css_variables().get("accent")
            self._mark = f"bold {accent}" if accent else "bold"
        return self._mark

    def _draw_all(self) -> None:
        view = self.view
        self._news = self.changes()
        self._update("#sd-header", render.header(view, self.game_title))
        self._update("#sd-supply", render.supply_line(view, self._news))
        self._update("#sd-royals", render.royals_line(view, numbered=self.phase == "royal", news=self._news))
        self._update("#sd-players", render.players_lines(view, self._news))
        self._draw_cursor_parts()

    def _draw_cursor_parts(self) -> None:
        on_board = self.zone == "board"
        eligible: set[int] | None = None
        if self.phase == "take_token":
            eligible = self.bonus_cells
        elif self.reserving is not None:
            eligible = set(self.reserves.get(self.reserving, ()))
        board = render.board_lines(self.view, self.cell if on_board else None, self.selected, eligible, self._news)
        self._update("#sd-board", board)
        cursor = None if on_board else Cursor("cards", self.card_row, self.card_index)
        self._update("#sd-cards", render.pyramid_lines(self.view, cursor, self._news))
        # The panel with the cursor stands out: a bar down its side and a lighter background.
        self.query_one("#sd-board").set_class(on_board, "-active")
        self.query_one("#sd-cards").set_class(not on_board, "-active")
        self._update("#sd-detail", Paragraph(self.detail_text()))
        self._show_detail(not self._error_showing)
        self._update("#prompt", Paragraph(self.prompt_text()))
        self.query_one("#sd-players").display = not self.show_legend
        self.query_one("#sd-legend").display = self.show_legend
        self.call_after_refresh(self._fit_news)

    def _update(self, selector: str, content: RenderableType) -> None:
        self.query_one(selector, Static).update(content)

    # The status line takes the detail line's row while it shows a reason; a purchase to confirm takes it
    # too (the prompt names the card: at 80x24 its ways to pay need the row).

    def _show_detail(self, shown: bool) -> None:
        self.query_one("#sd-detail").display = shown and self.paying is None

    def show_error(self, reason: str) -> None:
        super().show_error(reason)
        self._show_detail(False)
        self.call_after_refresh(self._fit_news)

    def clear_refusal(self) -> None:
        if self._error_showing:
            super().clear_refusal()
            self._show_detail(True)
            self.call_after_refresh(self._fit_news)

    def set_status(self, text: str) -> None:
        super().set_status(text)
        self._show_detail(not text)

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
        """What the cursor is on, and whether the player can buy it (not while the other player acts);
        what changed since the player last looked says so first."""
        news = self._news
        if self.zone == "board":
            colour = self.view.board[self.cell]
            what = pgettext("splendor duel", "empty") if colour < 0 else token_name(colour)
            text = Text.assemble((_("{cell}: {what}").format(cell=cell_name(self.cell), what=what), "bold"))
            if self.cell in news.cells:
                text.append(" ")
                text.append_text(self._changed_words())
            text.append("   ")
            text.append_text(render.legend())
            return text
        target = self._card_at_cursor()
        slot = (3 - self.card_row, self.card_index - 1) if self.card_row < 3 else None  # (level, index)
        if target is None:
            text = Text(_("An empty slot: its deck has run out."), style="dim")
            return self._changed_words() + Text(" ") + text if slot in news.slots else text
        level, card = target
        if card is None:
            size = self.view.deck_sizes[level - 1]
            words = ngettext(
                "Level {n} deck, {k} card: v reserves its top card unseen.",
                "Level {n} deck, {k} cards: v reserves its top card unseen.",
                size,
            )
            return Text(words.format(n=level_name(level), k=size))
        text = (self._changed_words() + Text(" · ")) if slot in news.slots or card in news.reserved else Text()
        words = render.card_words(card, self.me)
        if self.waiting:
            return text + Text(words)
        if card in self.buys:
            return text + Text("✓ " + pgettext("splendor duel", "You can buy it") + " · " + words)
        if self.phase in MAIN_PHASES:
            return text + Text("✗ " + self._why_not_buy(card) + " · " + words)
        return text + Text(words)

    def _changed_words(self) -> Text:
        return Text(NEW_MARK + " " + _("new since you last looked"), style=self._news.style)

    def _why_not_buy(self, card: int) -> str:
        """The rule that stops this player buying `card` now."""
        problem = buy_problem(card, self.me.bonuses, self.me.tokens)
        return self.narrator.refusal(problem) if problem is not None else _("You cannot buy a card now")

    def prompt_text(self) -> Text:
        if self.waiting:  # the app's notice ("Ben (computer) is thinking…") while a computer plays here
            notice = getattr(self.app, "keybar_notice", "") if self.is_attached else ""
            name = printable(self.view.players[self.view.current])
            return Text(printable(notice) or _("{name} is playing.").format(name=name))
        phase = self.phase
        if phase in CHOICE_PHASES:
            return self._choices_text()
        if phase == "take_token":
            return Text(_("Your card gives you a {colour} token: choose a highlighted one, Enter takes it.").format(colour=self._choice_colour()))
        if self.paying is not None:
            return self._payment_text()
        if self.reserving is not None:
            return Text(_("Choose the gold to take with your reservation: move to a Y, then Enter."))
        if self.selected:
            cells = render.cells_text(self.selected)
            problem = self._selection_problem()
            if problem is not None:
                return Text(_("{cells}: ✗ {problem}").format(cells=cells, problem=problem))
            text = Text(_("{cells}: Enter takes them.").format(cells=cells))
            if gives_privilege(self.view.board, self.selected):
                warning = _("Three of a colour or both pearls: {name} gains a privilege.").format(name=self.opponent_name)
                text = join_sentences(text, Text(warning, style="bold"))
            return text
        if self.can_pass:
            return Text(_("No main action is possible and the bag is empty: x passes your turn."))
        main = _("One main action: take tokens (Space, Enter), buy b or reserve v (Tab: cards).")
        if phase == "start":
            extras = []
            if self.privilege_cells:
                extras.append(_("p privilege (the token at the cursor)"))
            if self.can_replenish:
                extras.append(_("f replenish"))
            if extras:
                return join_sentences(Text(_("First, if you wish: {extras}.").format(extras=" · ".join(extras))), Text(main))
        return Text(main)

    def _choice_colour(self) -> str:
        colour = self.view.choice_colour
        return token_name(colour) if colour >= 0 else ""

    def _selection_problem(self) -> str | None:
        problem = take_problem(self.view.board, self.selected)
        if problem is not None:
            return self.narrator.refusal(problem)
        if tuple(sorted(self.selected)) not in self.takes:
            return _("Taking tokens is not allowed now")
        return None

    def _take_refusal(self, cells: list[int]) -> str | None:
        """Why these cells are not a line to take, in words (None if they are)."""
        problem = take_problem(self.view.board, cells)
        return self.narrator.refusal(problem) if problem is not None else None

    def choices(self) -> list[tuple[str, Any]]:
        """The numbered options of an ability, a royal card or the discard: (label, action)."""
        view, me = self.view, self.me
        opponent = view.seats[1 - self.seat]
        out: list[tuple[str, Any]] = []
        for action in view.legal_actions:
            if isinstance(action, PlaceJoker):
                label = _("{letter} {colour} (bonus {n})").format(
                    letter=TOKEN_LETTERS[action.colour], colour=colour_name(action.colour), n=me.bonuses[action.colour]
                )
            elif isinstance(action, StealToken):
                label = self._token_label(action.colour, opponent.tokens[action.colour])
            elif isinstance(action, ChooseRoyal):
                label = render.royal_words(action.royal)
            elif isinstance(action, DiscardToken):
                label = self._token_label(action.colour, me.tokens[action.colour])
            else:
                continue
            out.append((label, action))
        return out[:PAGE]

    @staticmethod
    def _token_label(colour: int, count: int) -> str:
        """A token to take or return, with how many of them there are: 'W white (2)'."""
        return _("{letter} {token} ({n})").format(letter=TOKEN_LETTERS[colour], token=token_name(colour), n=count)

    def _choice_title(self) -> str:
        return {
            "joker": _("Place the joker on one of your colours:"),
            "steal": _("Take a gem or pearl from {name}:").format(name=self.opponent_name),
            "royal": pgettext("splendor duel", "Choose a royal card:"),
            "discard": _("You hold {n} tokens: return one to the bag (down to 10):").format(n=sum(self.me.tokens)),
        }[self.phase]

    def _choices_text(self) -> Text:
        text = Text.assemble((self._choice_title() + " ", "bold"))
        for number, (label, _action) in enumerate(self.choices(), 1):
            item = Text.assemble((f"{number} ", "bold reverse"), f" {label}  ")  # the number alone reversed
            item.stylize(render._click(f"screen.choose({number})"))
            item.stylize(KEEP)  # an option is never split over two lines
            text.append_text(item)
        return text

    # Paying ---------------------------------------------------------------------------------------

    def _page(self) -> tuple[int, list[tuple[int, ...]]]:
        """The first index and the ways to pay shown now (nine at a time, around the highlighted one)."""
        assert self.paying is not None
        ways = self.paying[1]
        first = self.pay_index // PAGE * PAGE
        return first, list(ways[first : first + PAGE])

    def _payment_text(self) -> Text:
        """The purchase to confirm: the card and its price named (the ways to pay numbered when there are
        several, the one Enter pays with marked ▶), Enter to buy, Esc to take it back."""
        assert self.paying is not None
        card, ways = self.paying
        confirm = Text(_("Enter buys, Esc takes it back."))
        if len(ways) == 1:
            price = render.payment_text(ways[0])
            question = fill_in(_("Buy {card} for {price}?"), "bold", card=Text(card_text(card), style="bold"), price=price)
            return join_sentences(question, confirm)
        first, shown = self._page()
        text = Text.assemble((_("Buy {card}? Pay with:").format(card=card_text(card)) + " ", "bold"))
        for number, payment in enumerate(shown, 1):
            chosen = first + number - 1 == self.pay_index
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

    # Help -------------------------------------------------------------------------------------------

    def help_lines(self) -> list[tuple[str, str]]:
        return [
            ("Tab", _("switch between the token board and the cards")),
            ("←/→ ↑/↓", _("move the cursor (or the highlighted way to pay)")),
            ("Space", _("select or deselect the token under the cursor")),
            ("Enter / t", _("take the selected tokens (1-3 in a straight line, no gold, no gaps)")),
            ("Enter / b", _("buy the card under the cursor; Enter again confirms it")),
            ("v", _("reserve the card or deck under the cursor, taking a gold")),
            ("p", _("spend a privilege on the token under the cursor (before replenishing)")),
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

    def _row_length(self, row: int) -> int:
        if row == 3:
            return len(self.me.reserved or ())
        return 1 + len(self.view.pyramid[2 - row])

    def _clamp_card_cursor(self) -> None:
        if self.card_row == 3 and not self._row_length(3):
            self.card_row = 2
        self.card_index = max(0, min(self.card_index, self._row_length(self.card_row) - 1))

    def action_cursor(self, rows: int, columns: int) -> None:
        if self.paying is not None:
            self.pay_index = (self.pay_index + rows + columns) % len(self.paying[1])
        elif self.zone == "board":
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

    def action_switch_zone(self, zone: str) -> None:
        self.zone = zone
        self._draw_cursor_parts()
        self.refresh_bindings()

    def action_click_cell(self, cell: int) -> None:
        if self.paying is not None:
            return
        self.zone, self.cell = "board", cell
        if self.phase == "take_token" or self.reserving is not None:
            if self._confirm_target() is not None:
                self.action_confirm()
            else:
                self._draw_cursor_parts()
            return
        if self.phase in MAIN_PHASES and self.check_action("toggle_select", ()):
            self.action_toggle_select()
            return
        self._draw_cursor_parts()
        self.refresh_bindings()

    def action_click_card(self, row: int, index: int) -> None:
        if self.paying is not None:
            return
        self.zone, self.card_row, self.card_index = "cards", row, index
        self._clamp_card_cursor()
        self._draw_cursor_parts()
        self.refresh_bindings()

    # Which keys work now --------------------------------------------------------------------------

    def _mode(self) -> str:
        """waiting | choice | take_token | paying | reserving | pass | main (see the module docstring)."""
        if self.waiting:
            return "waiting"
        if self.phase in CHOICE_PHASES:
            return "choice"
        if self.phase == "take_token":
            return "take_token"
        if self.paying is not None:
            return "paying"
        if self.reserving is not None:
            return "reserving"
        if self.can_pass:
            return "pass"
        return "main"

    # The keys each mode answers besides the shared ones (help, rules, log, menu, legend, cursor).
    MODE_ACTIONS: ClassVar[dict[str, frozenset[str]]] = {
        "waiting": frozenset({"switch_zone"}),
        "choice": frozenset({"switch_zone", "choose"}),
        "take_token": frozenset({"switch_zone", "confirm"}),
        "paying": frozenset({"choose", "confirm", "back"}),
        "reserving": frozenset({"switch_zone", "confirm", "back"}),
        "pass": frozenset({"switch_zone", "pass_turn"}),
        "main": frozenset({"switch_zone", "toggle_select", "confirm", "take", "buy", "reserve", "privilege", "replenish", "cancel"}),
    }
    ALWAYS: ClassVar[frozenset[str]] = frozenset(
        {"cursor", "legend", "help", "rules", "log", "leave", "click_cell", "click_card"}
    )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.ALWAYS:
            if action == "cursor":
                return self._cursor_moves(parameters) or None
            return True
        mode = self._mode()
        if action not in self.MODE_ACTIONS[mode]:
            return False
        if action == "switch_zone":
            return self.zone != parameters[0]  # Tab names the other zone
        if mode != "main":
            if action == "choose":
                (number,) = parameters
                if mode == "paying" and self.paying is not None:
                    if len(self.paying[1]) == 1:
                        return False  # nothing to choose: Enter buys
                    if self._page()[0] + number - 1 == self.pay_index:
                        return None  # the way already chosen: Enter buys
                return isinstance(number, int) and number <= self._option_count() or None
            if action == "confirm":
                return self._confirm_target() is not None or None
            return True
        # The main action, with optional privileges and replenish first.
        if action == "toggle_select":
            if self.zone != "board":
                return False
            return self._select_problem() is None or None
        if action == "take":
            if not self.selected:
                return False
            return True if tuple(sorted(self.selected)) in self.takes else None
        if action == "confirm":
            return self._confirm_target() is not None or None
        if action in ("buy", "reserve"):
            if self.zone != "cards":
                return False
            target = self._card_at_cursor()
            if action == "buy":
                return target is not None and target[1] in self.buys or None
            if self.card_row == 3:
                return False
            return target in self.reserves or None
        if action == "privilege":
            if self.phase != "start" or not self.me.privileges or self.zone != "board":
                return False
            return True if self.zone == "board" and self.cell in self.privilege_cells else None
        if action == "replenish":
            return self.can_replenish  # never possible again this turn: hidden
        if action == "cancel":
            return bool(self.selected) or False
        return True

    def _cursor_moves(self, parameters: tuple[object, ...]) -> bool:
        """Whether an arrow changes anything: a single reserved card has nowhere to go sideways, a single
        way to pay nowhere at all."""
        rows, columns = parameters
        if self.paying is not None:
            return len(self.paying[1]) > 1
        if self.zone == "cards" and not rows and columns:
            return self._row_length(self.card_row) > 1
        return True

    def _option_count(self) -> int:
        if self.paying is not None:
            return len(self._page()[1])
        return len(self.choices())

    def _select_problem(self) -> str | None:
        """Why Space cannot select or deselect the token under the cursor (None if it can)."""
        if self.cell in self.selected:
            return None
        colour = self.view.board[self.cell]
        if colour < 0:
            return _("{cell} is empty").format(cell=cell_name(self.cell))
        if colour == GOLD:
            return self._take_refusal([self.cell])
        if len(self.selected) >= MAX_LINE:
            return self._take_refusal([*self.selected, self.cell])
        return None

    def key_display(self, binding: Binding) -> str | None:
        """The numbered keys as the range that fits the options shown now: '1-5', or '1'."""
        if binding.action.startswith("choose("):
            count = self._option_count()
            if not count:
                return None
            return "1" if count == 1 else f"1-{count}"
        return None

    # Why a key does nothing now -------------------------------------------------------------------

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str | None:
        mode = self._mode()
        if action == "cursor":
            if self._cursor_moves(parameters):
                return None
            if self.paying is not None:
                return _("There is only one way to pay: Enter buys the card, Esc takes it back")
            return _("Your only reserved card: ↑/↓ move to the other rows")
        if action in self.ALWAYS:
            return None
        if action not in self.MODE_ACTIONS[mode] or mode != "main":
            return self._mode_refusal(mode, action, parameters)
        return self._main_refusal(action)

    def _range(self) -> str:
        count = self._option_count()
        return "1" if count == 1 else f"1-{count}"

    def _mode_refusal(self, mode: str, action: str, parameters: tuple[object, ...]) -> str | None:
        """A key of another mode, or a key of this mode that cannot act now."""
        if mode == "waiting":
            name = printable(self.view.players[self.view.current])
            return _("{name} is playing: wait for your turn").format(name=name)
        if mode in ("choice", "paying") and action == "choose":
            count = self._option_count()
            (number,) = parameters
            if mode == "paying" and count == 1:
                return _("There is only one way to pay: Enter buys the card, Esc takes it back")
            if mode == "paying" and isinstance(number, int) and number <= count:
                return _("Way {n} is chosen already: Enter buys the card, Esc takes it back").format(n=number)
            if mode == "paying":
                return ngettext("There is only {n} way to pay: press {keys}", "There are only {n} ways to pay: press {keys}", count).format(n=count, keys=self._range())
            return ngettext("There is only {n} option: press {keys}", "There are only {n} options: press {keys}", count).format(n=count, keys=self._range())
        if mode == "choice":
            first = {
                "joker": _("First choose the colour the joker joins"),
                "steal": _("First choose the token to take from {name}").format(name=self.opponent_name),
                "royal": _("First choose your royal card"),
                "discard": _("First return a token to the bag (you may keep {n})").format(n=MAX_TOKENS),
            }[self.phase]
            return _("{instruction}: press {keys}").format(instruction=first, keys=self._range())
        if mode == "take_token":
            cells = render.cells_text(sorted(self.bonus_cells))
            colour = self._choice_colour()
            if action == "confirm" and self.zone == "board":
                what = self.view.board[self.cell]
                here = pgettext("splendor duel", "empty") if what < 0 else token_name(what)
                return _("{cell} is {what}: your card gives a {colour} token, take one of {cells}").format(
                    cell=cell_name(self.cell), what=here, colour=colour, cells=cells
                )
            return _("First take the {colour} token your card gives: move to one of {cells}, Enter").format(colour=colour, cells=cells)
        if action in ("back", "cancel"):
            return None  # Esc then leaves for the menu
        if mode == "paying":
            return _("Confirm the purchase first: Enter buys the card, Esc takes it back")
        if mode == "reserving":
            if action == "confirm":
                if self.zone != "board":
                    return _("The gold is on the board: Tab, move to a Y, Enter")
                return _("{cell} is not a gold: move to a Y and press Enter").format(cell=cell_name(self.cell))
            return _("First choose the gold for your reservation: a Y, then Enter (Esc cancels)")
        if mode == "pass":
            return _("No main action is possible and the bag is empty: x passes your turn")
        # mode "main": a key of another mode
        if action == "choose":
            return _("Nothing to choose now: the numbers answer a card's question or a payment")
        if action == "pass_turn":
            return _("You may pass only when no main action is possible and the bag is empty")
        return None

    def _main_refusal(self, action: str) -> str | None:
        on_board = self.zone == "board"
        if action == "toggle_select":
            if not on_board:
                return _("Space selects tokens on the board: Tab switches to it")
            return self._select_problem()
        if action == "take":
            if not self.selected:
                return _("Nothing is selected: Space selects 1 to 3 tokens in a line")
            return self._selection_problem()
        if action == "confirm":
            if on_board:
                if self.selected:
                    return self._selection_problem()
                if self.view.board[self.cell] == GOLD:
                    return self._take_refusal([self.cell])
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
            if not self.view.bag_size:
                return _("The bag is empty: nothing to replenish")
            return _("The board can be replenished only once, before the main action")
        if action == "cancel":
            return None
        return None

    def _buy_refusal(self) -> str:
        target = self._card_at_cursor()
        if target is None:
            return _("An empty slot: its deck has run out")
        if target[1] is None:
            return _("A deck's cards cannot be bought: v reserves its top card unseen")
        return self._why_not_buy(target[1])

    def _reserve_refusal(self) -> str:
        target = self._card_at_cursor()
        if self.card_row == 3:
            return _("This card is already reserved: b buys it")
        if target is None:
            return _("An empty slot: its deck has run out")
        if len(self.me.reserved or ()) >= MAX_RESERVED:
            return _("You already hold 3 reserved cards")
        if GOLD not in self.view.board:
            return _("Reserving takes a gold from the board, and there is none")
        if target[1] is None and not self.view.deck_sizes[target[0] - 1]:
            return _("This deck is empty")
        return _("Reserving needs a gold from the board and an available card")

    def _privilege_refusal(self) -> str:
        if self.phase == "main":
            return _("Privileges are used before replenishing the board")
        if not self.me.privileges:
            return _("You have no privilege to use")
        if self.zone != "board":
            return _("p takes the board token at the cursor: Tab switches to the board")
        colour = self.view.board[self.cell]
        if colour < 0:
            return _("{cell} is empty").format(cell=cell_name(self.cell))
        if colour == GOLD:
            return _("A privilege takes a gem or a pearl, never gold")
        return _("A privilege takes one gem or pearl, and must leave you a main action")

    # Keys -----------------------------------------------------------------------------------------

    def _confirm_target(self) -> Any:
        """The action Enter would submit now ("buy" to buy the card at the cursor), or None."""
        if self.phase == "take_token":
            return TakeBoardToken(cell=self.cell) if self.zone == "board" and self.cell in self.bonus_cells else None
        if self.paying is not None:
            return Buy(card=self.paying[0], payment=self.paying[1][self.pay_index])
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

    def action_toggle_select(self) -> None:
        if self.cell in self.selected:
            self.selected.remove(self.cell)
        elif self._select_problem() is None:
            self.selected.append(self.cell)
        self.set_status("")
        self._draw_cursor_parts()
        self.refresh_bindings()

    def action_take(self) -> None:
        cells = tuple(sorted(self.selected))
        if cells in self.takes:
            self.submit(TakeTokens(cells=cells))

    def action_buy(self) -> None:
        """Name the card and its price (the ways to pay, if several) and wait for Enter: nothing is bought
        until then, and Esc takes it back."""
        target = self._card_at_cursor()
        if target is None or target[1] is None or target[1] not in self.buys:
            return
        card = target[1]
        self.paying = (card, tuple(self.buys[card]))
        self.pay_index = 0
        self._draw_cursor_parts()
        self.refresh_bindings()

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
        if self.paying is not None:  # the way to pay: Enter then buys
            first, shown = self._page()
            if 1 <= number <= len(shown):
                self.pay_index = first + number - 1
                self._draw_cursor_parts()
                self.refresh_bindings()
            return
        options = self.choices()
        if 1 <= number <= len(options):
            self.submit(options[number - 1][1])

    def action_back(self) -> None:
        self.action_cancel()

    def action_cancel(self) -> None:
        self.selected = []
        self.reserving = None
        self.paying = None
        self.set_status("")
        self._draw_cursor_parts()
        self.refresh_bindings()

    def action_legend(self) -> None:
        self.show_legend = not self.show_legend
        self._draw_cursor_parts()


# The registry's way in (tui/games/__init__.py: turn_screen_class).
TURN_SCREEN = SplendorDuelTurnScreen
