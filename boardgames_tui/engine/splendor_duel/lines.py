"""The token board: which cells form a line a player may take, and why a choice of cells is not one.

`take_problem` is the one statement of the line rule: the rules' check for taking tokens uses it, and the
screen asks it while the player is still choosing (so it can say what is wrong before anything is
submitted). The rest of this module lists the legal lines of a board quickly, for `legal_actions`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import IllegalAction
from ..fastmodel import build
from .data import GOLD, PEARL
from .models import TakeTokens, UsePrivilege

EMPTY = -1
MAX_LINE = 3
CELLS = 25


def cell_name(cell: int) -> str:
    """A cell as the board labels it: columns A-E, rows 1-5."""
    return f"{'ABCDE'[cell % 5]}{cell // 5 + 1}"


def is_cell(cell: object) -> bool:
    return type(cell) is int and 0 <= cell < CELLS


def take_problem(board: Sequence[int], cells: Sequence[int]) -> IllegalAction | None:
    """Why `cells` (in any order) cannot be taken as one main action, or None if they form a legal line."""
    if not cells:
        return IllegalAction("no_tokens_selected")
    if len(set(cells)) != len(cells):
        return IllegalAction("cell_selected_twice")
    for cell in cells:
        if board[cell] == EMPTY:
            return IllegalAction("cell_empty", cell=cell)
        if board[cell] == GOLD:
            return IllegalAction("gold_only_by_reserving")
    if len(cells) > MAX_LINE:
        return IllegalAction("too_many_tokens", most=MAX_LINE)
    if len(cells) == 1:
        return None
    points = sorted((cell // 5, cell % 5) for cell in cells)
    (r0, c0), (r1, c1) = points[0], points[1]
    step = (r1 - r0, c1 - c0)
    straight = max(abs(step[0]), abs(step[1])) == 1 and all(
        (rb - ra, cb - ca) == step for (ra, ca), (rb, cb) in zip(points, points[1:])
    )
    if straight:
        return None
    return IllegalAction("tokens_not_adjacent" if _collinear(points) else "tokens_not_in_line")


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
    return colours.count(PEARL) == 2 or (len(colours) == 3 and len(set(colours)) == 1 and colours[0] < PEARL)


# Every line, and the cached actions ------------------------------------------------------------------

# Lines of 1-3 adjacent cells (row, column or either diagonal), each as ascending cell indices.
_lines: set[tuple[int, ...]] = set()
for _r in range(5):
    for _c in range(5):
        _lines.add((_r * 5 + _c,))
        for _dr, _dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            for _n in (2, 3):
                _cells = [(_r + _dr * k, _c + _dc * k) for k in range(_n)]
                if all(0 <= rr < 5 and 0 <= cc < 5 for rr, cc in _cells):
                    _lines.add(tuple(sorted(rr * 5 + cc for rr, cc in _cells)))
LINES: tuple[tuple[int, ...], ...] = tuple(sorted(_lines, key=lambda t: (len(t), t)))
TAKES: dict[tuple[int, ...], TakeTokens] = {ln: build(TakeTokens, cells=ln) for ln in LINES}
PRIVILEGE_TAKES = tuple(build(UsePrivilege, cell=c) for c in range(CELLS))

# From each cell, the lines going right, down, down-right and down-left: (2nd cell, pair, 3rd cell, triple).
_WALKS: list[list[tuple[int, TakeTokens, int, TakeTokens | None]]] = [[] for _ in range(CELLS)]
for _r in range(5):
    for _c in range(5):
        for _dr, _dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            _r2, _c2, _r3, _c3 = _r + _dr, _c + _dc, _r + 2 * _dr, _c + 2 * _dc
            if 0 <= _r2 < 5 and 0 <= _c2 < 5:
                _a, _b = _r * 5 + _c, _r2 * 5 + _c2
                _pair = TAKES[tuple(sorted((_a, _b)))]
                if 0 <= _r3 < 5 and 0 <= _c3 < 5:
                    _t = _r3 * 5 + _c3
                    _WALKS[_a].append((_b, _pair, _t, TAKES[tuple(sorted((_a, _b, _t)))]))
                else:
                    _WALKS[_a].append((_b, _pair, -1, None))

# Every token-taking action with the cells it needs (as a bit mask), in the order legal_actions lists
# them: for each cell, the single, then per direction the pair and the triple. The actions starting in
# row r need only rows r..r+2, so they are grouped (and cached) by starting row and those 15 bits.
_TAKE_ROWS: tuple[list[tuple[int, TakeTokens]], ...] = tuple([] for _ in range(5))
for _c in range(CELLS):
    _sh = _c // 5 * 5
    _TAKE_ROWS[_c // 5].append((1 << _c >> _sh, TAKES[(_c,)]))
    for _second, _pair, _third, _triple in _WALKS[_c]:
        _TAKE_ROWS[_c // 5].append(((1 << _c | 1 << _second) >> _sh, _pair))
        if _triple is not None:
            _TAKE_ROWS[_c // 5].append(((1 << _c | 1 << _second | 1 << _third) >> _sh, _triple))
_TAKES_BY_ROW: tuple[dict[int, tuple[TakeTokens, ...]], ...] = tuple({} for _ in range(5))

# The privilege actions of a row, by which of its five cells hold a gem or pearl.
_ROW_PRIVS = tuple(
    tuple(tuple(PRIVILEGE_TAKES[row * 5 + c] for c in range(5) if bits >> c & 1) for bits in range(32))
    for row in range(5)
)

BoardInfo = tuple[tuple[TakeTokens, ...], tuple[int, ...], tuple[UsePrivilege, ...]]
# board -> (token-taking actions, gold cells, privilege actions for every gem or pearl)
BOARD_INFO: dict[tuple[int, ...], BoardInfo] = {}


def _row_takes(row: int, bits: int) -> tuple[TakeTokens, ...]:
    cache = _TAKES_BY_ROW[row]
    if len(cache) > 8_000:
        cache.clear()
    takes = cache[bits] = tuple([a for need, a in _TAKE_ROWS[row] if bits & need == need])
    return takes


def board_info(board: tuple[int, ...]) -> BoardInfo:
    """The token-taking actions a board allows, its gold cells and the cells a privilege could take
    (cached by board: look in BOARD_INFO first)."""
    mask = 0
    golds = []
    c = 0
    for v in board:
        if v >= 0:
            if v < GOLD:
                mask |= 1 << c
            elif v == GOLD:
                golds.append(c)
        c += 1
    takes: tuple[TakeTokens, ...] = ()
    privs: tuple[UsePrivilege, ...] = ()
    for row in range(5):
        bits = mask >> (5 * row) & 0x7FFF
        found = _TAKES_BY_ROW[row].get(bits)
        if found is None:
            found = _row_takes(row, bits)
        takes += found
        privs += _ROW_PRIVS[row][bits & 31]
    if len(BOARD_INFO) > 1_000:
        BOARD_INFO.clear()
    info = BOARD_INFO[board] = (takes, tuple(golds), privs)
    return info
