"""Splendor Duel: tokens taken only to be put back, privileges spent on tokens put back, a gold taken at the
token limit and put back, a replenish that brought the seat nothing, and reserved cards still unaffordable
when the game ends.

A turn is every step of one seat from its "start" phase to the next turn (an extra turn is a turn of its
own): privileges, then a replenish, the main action, the choices a bought card or royal card asks for, and
last the returns down to 10 tokens (the only way tokens go back in the seat's own turn). Tokens are alike
within a colour, so a token "put back" is any returned token of a colour taken this turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from ..engine.replay import Step
from ..engine.splendor_duel.cards import buy_problem
from ..engine.splendor_duel.data import GOLD
from ..engine.splendor_duel.lines import EMPTY
from ..engine.splendor_duel.models import (
    Buy,
    DiscardToken,
    Pass,
    Replenish,
    Reserve,
    TakeBoardToken,
    TakeTokens,
    UsePrivilege,
)
from . import Blunder, Kind, turns

KINDS = {
    # Certain: a shorter part of the same line would have left the seat with exactly the tokens it kept,
    # fewer to return and never an extra privilege for the opponent (a part of a line gives one only if the
    # whole line does). Nothing else happens after a take, so the shorter take changes nothing else.
    "tokens_taken_to_return": Kind(True, "tokens taken in a line only to be returned the same turn"),
    # Certain: not spending the privilege would have ended the turn with the same tokens (the returned one
    # never came) and one privilege more; a privilege never makes a line or a purchase possible that was
    # not possible anyway, unless its token was spent, which the rule checks.
    "privilege_wasted": Kind(True, "a privilege spent on a token returned the same turn"),
    # A judgement, though rarely excusable: the seat skipped nothing by replenishing (every token it took
    # afterwards, or one like it, was on the board already) and the opponent got a privilege; the only thing
    # it changed is a fuller board for the opponent's turn.
    "replenish_for_nothing": Kind(False, "a replenish that gave a privilege away and brought nothing the seat took"),
    # A judgement: the reserve itself may be the point (a card the opponent needs), and then the gold has
    # to go back; usually it is a wasted gold.
    "gold_taken_at_limit": Kind(False, "a gold taken by reserving at the token limit and returned"),
    # A judgement: a reserve may have been made for its gold or to keep a card from the opponent.
    "reserve_never_affordable": Kind(False, "a reserved card the seat still could not afford at the end"),
}


def _sub_lines(cells: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The shorter takes inside a taken line: its cells are in a straight adjacent line, ascending, so the
    contiguous slices are lines too."""
    n = len(cells)
    return [cells[i:j] for i in range(n) for j in range(i + 1, n + 1) if j - i < n]


def _replenish_for_nothing(turn: list[Step]) -> bool:
    """Whether the turn replenished although a main action was possible without it, and nothing taken from the
    board afterwards needed it: each token came from a cell that was full before, or (a single gold, a card's
    token) one like it lay elsewhere on the board before."""
    at = next((i for i, s in enumerate(turn) if isinstance(s.action, Replenish)), None)
    if at is None:
        return False
    before = turn[at].before.board
    spare = Counter(c for c in before if c != EMPTY)
    for s in turn[at + 1 :]:
        action = s.action
        if isinstance(action, TakeTokens):
            if any(before[c] == EMPTY for c in action.cells):
                return False
            spare -= Counter(before[c] for c in action.cells)
        elif isinstance(action, (Reserve, TakeBoardToken)):
            cell = action.gold_cell if isinstance(action, Reserve) else action.cell
            colour = s.before.board[cell]
            if spare[colour] <= 0:
                return False
            spare[colour] -= 1
        elif isinstance(action, Pass):
            return False
    return True


def _turn_blunders(turn: list[Step]) -> Iterator[Blunder]:
    seat = turn[0].seat
    assert seat is not None
    if _replenish_for_nothing(turn):
        yield Blunder("replenish_for_nothing", seat, next(s.number for s in turn if isinstance(s.action, Replenish)))
    returned = Counter(s.action.colour for s in turn if isinstance(s.action, DiscardToken))
    if not returned:
        return
    main = next((s for s in turn if isinstance(s.action, (TakeTokens, Reserve, Buy, Pass))), None)
    # Privileges first: skipping one keeps the privilege, the better of the two ways to return less.
    privileges: dict[int, list[int]] = {}
    for s in turn:
        if isinstance(s.action, UsePrivilege):
            privileges.setdefault(s.before.board[s.action.cell], []).append(s.number)
    if privileges:
        # With k tokens of a colour fewer from the main action on, every payment must still be made: the
        # seat must hold at least k of it after every step up to the returns (a buy is the only spending).
        later = [s for s in turn if not isinstance(s.action, DiscardToken)]
        if main is not None:
            later = later[later.index(main) :]
        for colour, numbers in privileges.items():
            least = min((s.after.seats[seat].tokens[colour] for s in later), default=0)
            wasted = min(len(numbers), returned[colour], least)
            for number in numbers[len(numbers) - wasted :]:
                yield Blunder("privilege_wasted", seat, number)
            returned[colour] -= wasted
    if main is None:
        return
    if isinstance(main.action, TakeTokens):
        board = main.before.board
        line = Counter(board[c] for c in main.action.cells)
        for part in _sub_lines(main.action.cells):
            left_out = line - Counter(board[c] for c in part)
            if all(returned[colour] >= n for colour, n in left_out.items()):
                yield Blunder("tokens_taken_to_return", seat, main.number)
                break
    elif isinstance(main.action, Reserve) and returned[GOLD]:
        yield Blunder("gold_taken_at_limit", seat, main.number)


def find(steps: Sequence[Step]) -> Iterator[Blunder]:
    found: list[Blunder] = []
    reserved_at: dict[tuple[int, int], int] = {}  # (seat, card) -> the step that reserved it
    for turn in turns(steps):
        found.extend(_turn_blunders(turn))
        for s in turn:
            if isinstance(s.action, Reserve):
                seat = s.seat
                assert seat is not None
                card = s.after.seats[seat].reserved[-1]  # a blind reserve names its card only here
                reserved_at[(seat, card)] = s.number
    final = steps[-1].after
    if final.phase == "over":
        for seat, p in enumerate(final.seats):
            for card in p.reserved:
                if buy_problem(card, p.bonuses, p.tokens) is not None:
                    found.append(Blunder("reserve_never_affordable", seat, reserved_at[(seat, card)]))
    yield from sorted(found, key=lambda b: b.step)
