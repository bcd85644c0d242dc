"""What one seat's View lets it do now, and where the turn screen's mode machine stands.

Both are read by the screen (its keys, their refusals) and by its widgets (the board's eligible cells, the
detail line, the prompt): worked out once per View from its legal actions, never from a State. Why a key
cannot act is the engine's reason: the View's `refusals` (what stops a kind of action as such, a privilege
on each cell, a reservation of each deck), or the engine's own checks run on what the View shows
(`take_problem`, `buy_problem`), said in the narrator's words."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from ....engine.base import IllegalAction
from ....engine.splendor_duel.cards import buy_problem
from ....engine.splendor_duel.data import CARDS, GOLD, SPIRAL, TOKEN_LETTERS
from ....engine.splendor_duel.lines import take_problem
from ....engine.splendor_duel.models import (
    Buy,
    ChooseRoyal,
    DiscardToken,
    Pass,
    PlaceJoker,
    PlayerView,
    Refusal,
    Replenish,
    Reserve,
    SplendorDuelView,
    StealToken,
    TakeBoardToken,
    TakeTokens,
    UsePrivilege,
)
from ....engine.splendor_duel.rules import MAIN_STEP
from ....i18n import _
from ....narration.splendor_duel import SplendorDuelNarrator, colour_name, token_name
from ...text import printable
from . import render

CHOICE_PHASES = ("joker", "steal", "royal", "discard")
PAGE = 9  # numbered options at a time
CENTRE = 12  # the board's middle cell, C3

Zone = Literal["board", "cards"]
# What the keys answer now, most pressing first: the other player's turn (a computer playing on this
# screen: the cursors only), a numbered choice (joker colour, token to take from the opponent, royal card,
# token to return), a token a card gives, the purchase to confirm, the gold for a reservation, a forced
# pass, and the main action (optional privileges and replenish first).
Mode = Literal["waiting", "choice", "take_token", "paying", "reserving", "privilege", "pass", "main"]
Payments = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Step:
    """Where the screen's mode machine stands: the zone with the cursor, the board cursor's cell, the card
    cursor (`card_row` 0-2 are levels 3, 2, 1, index 0 the deck; row 3 the player's reserve), the tokens
    selected (in the order chosen), the (level, card) waiting for its gold, the purchase waiting for Enter
    (card, ways to pay, the fewest gold first) and the way highlighted, and whether a privilege waits for
    Enter (on the token at the cursor). One value, replaced on every key."""

    zone: Zone = "board"
    cell: int = CENTRE
    card_row: int = 2
    card_index: int = 1  # the first level-1 card
    selected: tuple[int, ...] = ()
    reserving: tuple[int, int | None] | None = None
    paying: tuple[int, Payments] | None = None
    pay_index: int = 0
    privileging: bool = False


class Choices:
    """What `view` (one seat's View) lets that seat do now, read once from its legal actions; refusals the
    engine has a code for are said by `narrator`."""

    def __init__(self, view: SplendorDuelView, narrator: SplendorDuelNarrator) -> None:
        assert view.seat is not None, "a seat's View: the public one has nobody to act"
        self.view = view
        self.narrator = narrator
        self.seat: int = view.seat
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

    @property
    def me(self) -> PlayerView:
        return self.view.seats[self.seat]

    @property
    def phase(self) -> str:
        return self.view.phase

    @property
    def opponent_name(self) -> str:
        return printable(self.view.players[1 - self.seat])

    @property
    def waiting(self) -> bool:
        """The other player is to act (a computer playing on this player's screen)."""
        return self.view.current != self.seat or not self.view.legal_actions

    def mode(self, step: Step) -> Mode:
        if self.waiting:
            return "waiting"
        if self.phase in CHOICE_PHASES:
            return "choice"
        if self.phase == "take_token":
            return "take_token"
        if step.paying is not None:
            return "paying"
        if step.reserving is not None:
            return "reserving"
        if step.privileging:
            return "privilege"
        if self.can_pass:
            return "pass"
        return "main"

    # The cursors ------------------------------------------------------------------------------------

    def first_step(self) -> Step:
        """The board cursor on a token the card gives, or on the gem or pearl nearest the centre (the
        centre if the board is bare)."""
        if self.phase == "take_token" and self.bonus_cells:
            return Step(cell=min(self.bonus_cells))
        board = self.view.board
        return Step(cell=next((cell for cell in SPIRAL if 0 <= board[cell] < GOLD), CENTRE))

    def carried_over(self, step: Step) -> Step:
        """`step`'s cursors on a newer View of the same seat: whatever was being chosen is dropped, a card's
        token is taken on the board, and the card cursor stays on a row that still has cards."""
        step = Step(zone=step.zone, cell=step.cell, card_row=step.card_row, card_index=step.card_index)
        if self.phase == "take_token":
            step = replace(step, zone="board")
            if self.bonus_cells and step.cell not in self.bonus_cells:
                step = replace(step, cell=min(self.bonus_cells))
        return self.clamped(step)

    def row_length(self, row: int) -> int:
        if row == 3:
            return len(self.me.reserved or ())
        return 1 + len(self.view.pyramid[2 - row])

    def clamped(self, step: Step) -> Step:
        """`step` with the card cursor on a card, a deck or a slot that is there."""
        row = 2 if step.card_row == 3 and not self.row_length(3) else step.card_row
        index = max(0, min(step.card_index, self.row_length(row) - 1))
        return replace(step, card_row=row, card_index=index)

    def card_at(self, step: Step) -> tuple[int, int | None] | None:
        """(level, card) under the card cursor; card None for a deck. None on an empty slot."""
        if step.card_row == 3:
            reserved = self.me.reserved or ()
            if step.card_index < len(reserved):
                card = reserved[step.card_index]
                return CARDS[card].level, card
            return None
        level = 3 - step.card_row
        if step.card_index == 0:
            return level, None
        slots = self.view.pyramid[level - 1]
        card = slots[step.card_index - 1] if step.card_index - 1 < len(slots) else 0
        return (level, card) if card else None

    def eligible_cells(self, step: Step) -> set[int] | None:
        """The board cells that may be chosen now, when only some may: a card's token, a reservation's gold."""
        if self.phase == "take_token":
            return self.bonus_cells
        if step.reserving is not None:
            return set(self.reserves.get(step.reserving, ()))
        return None

    def cursor_moves(self, step: Step, rows: int, columns: int) -> bool:
        """Whether an arrow changes anything: a single reserved card has nowhere to go sideways, a single
        way to pay nowhere at all."""
        if step.paying is not None:
            return len(step.paying[1]) > 1
        if step.zone == "cards" and not rows and columns:
            return self.row_length(step.card_row) > 1
        return True

    # Numbered options -------------------------------------------------------------------------------

    def options(self) -> list[tuple[str, Any]]:
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
                label = token_label(action.colour, opponent.tokens[action.colour])
            elif isinstance(action, ChooseRoyal):
                label = render.royal_words(action.royal)
            elif isinstance(action, DiscardToken):
                label = token_label(action.colour, me.tokens[action.colour])
            else:
                continue
            out.append((label, action))
        return out[:PAGE]

    def page(self, step: Step) -> tuple[int, Payments]:
        """The first index and the ways to pay shown now (nine at a time, around the highlighted one)."""
        assert step.paying is not None
        ways = step.paying[1]
        first = step.pay_index // PAGE * PAGE
        return first, ways[first : first + PAGE]

    def option_count(self, step: Step) -> int:
        """How many things the number keys choose from now: the ways to pay shown, or the options."""
        if step.paying is not None:
            return len(self.page(step)[1])
        return len(self.options())

    def number_keys(self, step: Step) -> str:
        """The number keys that choose now: '1-5', or '1'."""
        count = self.option_count(step)
        return "1" if count == 1 else f"1-{count}"

    def choice_colour(self) -> str:
        """The colour of the token a bought card gives, in words ("" when no card gives one)."""
        colour = self.view.choice_colour
        return token_name(colour) if colour >= 0 else ""

    # What a key would do, and the rule that stops it ------------------------------------------------

    def confirm_target(self, step: Step) -> Any:
        """The action Enter would submit now ("buy" to ask about buying the card at the cursor), or None."""
        if self.phase == "take_token":
            return TakeBoardToken(cell=step.cell) if step.zone == "board" and step.cell in self.bonus_cells else None
        if step.paying is not None:
            return Buy(card=step.paying[0], payment=step.paying[1][step.pay_index])
        if step.reserving is not None:
            level, card = step.reserving
            golds = self.reserves.get(step.reserving, [])
            return Reserve(gold_cell=step.cell, level=level, card=card) if step.zone == "board" and step.cell in golds else None
        if step.privileging:
            return UsePrivilege(cell=step.cell) if step.zone == "board" and step.cell in self.privilege_cells else None
        if self.phase not in MAIN_STEP:
            return None
        if step.zone == "board":
            cells = tuple(sorted(step.selected))
            return TakeTokens(cells=cells) if cells in self.takes else None
        target = self.card_at(step)
        if target is not None and target[1] is not None and target[1] in self.buys:
            return "buy"
        return None

    def refusal_of(self, kind: str, target: int | None = None) -> Refusal | None:
        """The engine's reason, as the View carries it, for refusing `kind` as such (`target` None), or
        tried on a cell or a deck (see rules.TARGETED_TRIES); None: the View has none."""
        return next((r for r in self.view.refusals if r.kind == kind and r.target == target), None)

    def say(self, refused: Refusal) -> str:
        """A refusal of the View, in the narrator's words."""
        return self.narrator.refusal(IllegalAction(refused.code, **refused.params))

    def engine_refusal(self, kind: str, target: int | None = None) -> str | None:
        """Why the engine would refuse `kind` now (on `target`), in words; None if the View has no reason."""
        refused = self.refusal_of(kind, target)
        return self.say(refused) if refused is not None else None

    def pending_choice(self) -> Refusal | None:
        """The choice the turn waits for, as the engine answers any other action now (a pass: every kind
        but the waiting choice's own gets this same answer); None when it waits for none."""
        return self.refusal_of("pass")

    def select_problem(self, step: Step) -> str | None:
        """Why Space cannot select the token under the cursor (None if it can, or if it deselects it): the
        engine's reason for taking that token alone, or for taking it with those already selected when
        that is too many (a line still being chosen may have gaps it will fill)."""
        if step.cell in step.selected:
            return None
        problem = take_problem(self.view.board, (step.cell,))
        if problem is None:
            problem = take_problem(self.view.board, (*step.selected, step.cell))
            if problem is not None and problem.code != "too_many_tokens":
                return None
        return self.narrator.refusal(problem) if problem is not None else None

    def selection_problem(self, selected: tuple[int, ...]) -> str | None:
        """Why the selected tokens cannot be taken (None if they can)."""
        problem = take_problem(self.view.board, selected)
        if problem is not None:
            return self.narrator.refusal(problem)
        if tuple(sorted(selected)) not in self.takes:
            return self.engine_refusal("take_tokens") or _("Taking tokens is not allowed now")
        return None

    def take_refusal(self, cells: list[int]) -> str | None:
        """Why these cells are not a line to take, in words (None if they are)."""
        problem = take_problem(self.view.board, cells)
        return self.narrator.refusal(problem) if problem is not None else None

    def why_not_buy(self, card: int) -> str:
        """The rule that stops this player buying `card` now."""
        problem = buy_problem(card, self.me.bonuses, self.me.tokens)
        if problem is not None:
            return self.narrator.refusal(problem)
        return self.engine_refusal("buy") or _("You cannot buy a card now")

    def reserve_problem(self, level: int, card: int | None) -> str | None:
        """Why the card (`card`, or the top of the level's deck for None) cannot be reserved now: what stops
        a reservation as such, else what stops this deck's."""
        refused = self.refusal_of("reserve") or (self.refusal_of("reserve_deck", level) if card is None else None)
        return self.say(refused) if refused is not None else None

    def privilege_problem(self, cell: int | None) -> str | None:
        """Why a privilege cannot be spent now: on anything (cell None), or on `cell`."""
        refused = self.refusal_of("use_privilege")
        if refused is None and cell is not None:
            refused = self.refusal_of("use_privilege", cell)
        return self.say(refused) if refused is not None else None


def token_label(colour: int, count: int) -> str:
    """A token to take or return, with how many of them there are: 'W white (2)'."""
    return _("{letter} {token} ({n})").format(letter=TOKEN_LETTERS[colour], token=token_name(colour), n=count)
