"""The words the screen gives for a token choice agree with the rules' legal token lines."""

from __future__ import annotations

import itertools
import random

import pytest

from boardgames_tui.engine.base import IllegalAction
from boardgames_tui.engine.splendor_duel.lines import cell_name, gives_privilege, take_problem
from boardgames_tui.engine.splendor_duel.models import TakeTokens
from boardgames_tui.engine.splendor_duel.rules import RULES

from .helpers import board, build


def _legal_lines(cells: tuple[int, ...]) -> set[tuple[int, ...]]:
    state = build(board_cells=cells, bag=(0,) * 7)
    return {a.cells for a in RULES.legal_actions(state, 0) if isinstance(a, TakeTokens)}


@pytest.mark.parametrize("seed", range(6))
def test_take_problem_is_none_exactly_for_the_legal_lines(seed: int) -> None:
    rng = random.Random(seed)
    letters = "WBGRKPY.."
    cells = board(*("".join(rng.choice(letters) for _ in range(5)) for _ in range(5)))
    legal = _legal_lines(cells)
    assert legal
    for size in (1, 2, 3):
        for choice in itertools.combinations(range(25), size):
            assert (take_problem(cells, choice) is None) == (choice in legal), choice


def test_each_refusal_names_its_reason() -> None:
    cells = board("WBGRK", "PY.B.", "WWW..", ".....", "RRRRR")
    assert take_problem(cells, ()) == IllegalAction("no_tokens_selected")
    assert take_problem(cells, (7,)) == IllegalAction("cell_empty", cell=7)
    assert take_problem(cells, (3, 3)) == IllegalAction("cell_selected_twice")
    assert take_problem(cells, (6,)) == IllegalAction("gold_only_by_reserving")
    assert take_problem(cells, (20, 21, 22, 23)) == IllegalAction("too_many_tokens", most=3)
    assert take_problem(cells, (0, 2)).code == "tokens_not_adjacent"  # A1 and C1: a row with a hole
    assert take_problem(cells, (0, 12)).code == "tokens_not_adjacent"  # A1 and C3: a diagonal with a hole
    assert take_problem(cells, (0, 1, 5)).code == "tokens_not_in_line"  # an L shape
    assert take_problem(cells, (0, 11)).code == "tokens_not_in_line"  # a knight's move
    assert take_problem(cells, (10, 11, 12)) is None
    assert take_problem(cells, (4, 8)) is None  # E1 and D2: the other diagonal


def test_three_of_a_colour_or_both_pearls_hand_over_a_privilege() -> None:
    cells = board("WWWPP", "B....", ".....", ".....", ".....")
    assert gives_privilege(cells, (0, 1, 2))
    assert gives_privilege(cells, (3, 4))
    assert not gives_privilege(cells, (1, 2, 3))
    assert not gives_privilege(cells, (0, 1))
    assert cell_name(0) == "A1" and cell_name(24) == "E5" and cell_name(7) == "C2"


def test_buy_problem_names_the_shortfall_or_the_missing_colour_for_a_joker() -> None:
    from boardgames_tui.engine.splendor_duel.rules import buy_problem

    no_bonus = (0, 0, 0, 0, 0)
    # Card 21 costs 1 white, 1 blue, 1 green, 1 red.
    assert buy_problem(21, no_bonus, (1, 1, 1, 1, 0, 0, 0)) is None
    assert buy_problem(21, no_bonus, (1, 1, 0, 0, 0, 0, 1)) == IllegalAction("tokens_short", short=1)  # the gold covers one
    assert buy_problem(21, (0, 0, 1, 1, 0), (1, 1, 0, 0, 0, 0, 0)) is None  # bonuses pay the rest
    # Card 26 is a joker: affordable tokens are not enough without a coloured card to join.
    assert buy_problem(26, no_bonus, (0, 0, 0, 0, 4, 1, 0)) == IllegalAction("joker_needs_colour")
    assert buy_problem(26, (0, 1, 0, 0, 0), (0, 0, 0, 0, 4, 1, 0)) is None
