"""Why a choice of board cells is not a token line a player may take, in words for the player.

Legality itself comes from the rules' legal actions; this only explains a refusal while the player is
still choosing, so the screen can say what is wrong before anything is submitted.
"""

from __future__ import annotations

from collections.abc import Sequence

from .data import GOLD, TOKEN_NAMES

EMPTY = -1
MAX_LINE = 3


def cell_name(cell: int) -> str:
    """A cell as the board labels it: columns A-E, rows 1-5."""
    return f"{'ABCDE'[cell % 5]}{cell // 5 + 1}"


def take_problem(board: Sequence[int], cells: Sequence[int]) -> str | None:
    """The reason `cells` cannot be taken as one main action, or None if they form a legal line."""
    if not cells:
        return "Select 1 to 3 tokens on the board"
    if len(set(cells)) != len(cells):
        return "A cell is selected twice"
    for cell in cells:
        if board[cell] == EMPTY:
            return f"{cell_name(cell)} is empty"
        if board[cell] == GOLD:
            return "Gold cannot be taken: it comes only with reserving a card"
    if len(cells) > MAX_LINE:
        return f"At most {MAX_LINE} tokens at a time"
    if len(cells) == 1:
        return None
    points = sorted((cell // 5, cell % 5) for cell in cells)
    (r0, c0), (r1, c1) = points[0], points[1]
    step = (r1 - r0, c1 - c0)
    if max(abs(step[0]), abs(step[1])) != 1:
        if _collinear(points):
            return "No gaps: the tokens must be next to each other"
        return "The tokens must be in one straight line: a row, a column or a diagonal"
    for (ra, ca), (rb, cb) in zip(points, points[1:]):
        if (rb - ra, cb - ca) != step:
            if _collinear(points):
                return "No gaps: the tokens must be next to each other"
            return "The tokens must be in one straight line: a row, a column or a diagonal"
    return None


def _collinear(points: Sequence[tuple[int, int]]) -> bool:
    """All on one row, column or diagonal (whatever the spacing)."""
    (r0, c0) = points[0]
    deltas = [(r - r0, c - c0) for r, c in points[1:]]
    return (
        all(dr == 0 for dr, _ in deltas)
        or all(dc == 0 for _, dc in deltas)
        or all(abs(dr) == abs(dc) for dr, dc in deltas)
        and len({(dr > 0) == (dc > 0) for dr, dc in deltas if dr}) <= 1
    )


def gives_privilege(board: Sequence[int], cells: Sequence[int]) -> bool:
    """Taking these cells hands the opponent a privilege: three of one gem colour, or both pearls."""
    colours = [board[cell] for cell in cells]
    pearl = TOKEN_NAMES.index("pearl")
    return colours.count(pearl) == 2 or (len(colours) == 3 and len(set(colours)) == 1 and colours[0] < pearl)
