"""Splendor Duel's counted blunders, each found where it happens and not in the near-identical record where
the move was forced or sound (an exchange of tokens, a privilege whose token paid for a card)."""

from __future__ import annotations

from typing import Any

from boardgames_tui import blunders
from boardgames_tui.engine.splendor_duel.models import (
    Buy,
    DiscardToken,
    Replenish,
    Reserve,
    StealToken,
    TakeTokens,
    UsePrivilege,
)
from boardgames_tui.engine.splendor_duel.rules import RULES
from tests.engine.splendor_duel.helpers import B, G, K, R, W, Y, board, build, player, tokens

from .helpers import steps_of

# R B G in a row (cells 0 1 2), three reds in a row (cells 5 6 7), a gold in the middle, a white far off.
BOARD = board("RBG..", "RRR..", "..Y..", ".....", "....W")


def found(state: Any, moves: list[tuple[int, Any]]) -> list[tuple[str, int, int]]:
    return [(b.kind, b.seat, b.step) for b in blunders.find("splendor_duel", steps_of(RULES, state, moves))]


def nine() -> Any:
    """Seat 0 to play with nine tokens (one privilege), seat 1 with a few."""
    return build(board_cells=BOARD, seats=(player(tokens(W=3, B=3, G=3), privileges=1), player(tokens(K=1))))


# Tokens taken only to be returned ---------------------------------------------------------------------------


def test_a_token_taken_and_returned_when_the_shorter_line_would_do() -> None:
    # R and B take it to 11; the B goes back: taking the R alone ends the same, with nothing to return.
    assert found(nine(), [(0, TakeTokens(cells=(0, 1))), (0, DiscardToken(colour=B))]) == [
        ("tokens_taken_to_return", 0, 1)
    ]


def test_returning_an_older_token_is_an_exchange() -> None:
    # The same take, but a white held before goes back: the seat traded a white for the blue.
    assert found(nine(), [(0, TakeTokens(cells=(0, 1))), (0, DiscardToken(colour=W))]) == []


def test_the_middle_token_of_a_line_cannot_be_left_out() -> None:
    # R B G, then the B and a white go back: no shorter line gives R and G without the B.
    moves = [(0, TakeTokens(cells=(0, 1, 2))), (0, DiscardToken(colour=B)), (0, DiscardToken(colour=W))]
    assert found(nine(), moves) == []
    # Returning the B and the G instead: the R alone would have done.
    moves = [(0, TakeTokens(cells=(0, 1, 2))), (0, DiscardToken(colour=B)), (0, DiscardToken(colour=G))]
    assert found(nine(), moves) == [("tokens_taken_to_return", 0, 1)]


def test_three_reds_with_one_returned_also_gave_a_privilege_away() -> None:
    moves = [(0, TakeTokens(cells=(5, 6, 7))), (0, DiscardToken(colour=R)), (0, DiscardToken(colour=R))]
    assert found(nine(), moves) == [("tokens_taken_to_return", 0, 1)]


def test_a_single_token_taken_at_the_limit_and_returned_has_no_shorter_take() -> None:
    # At ten tokens any take means a return: one token taken and given back is the least there is.
    state = build(board_cells=BOARD, seats=(player(tokens(W=3, B=3, G=3, K=1)), player(tokens(K=1))))
    assert found(state, [(0, TakeTokens(cells=(0,))), (0, DiscardToken(colour=R))]) == []


# Privileges spent for nothing -----------------------------------------------------------------------------------


def test_a_privilege_on_a_token_returned_the_same_turn_is_wasted() -> None:
    moves = [(0, UsePrivilege(cell=0)), (0, TakeTokens(cells=(1,))), (0, DiscardToken(colour=R))]
    assert found(nine(), moves) == [("privilege_wasted", 0, 1)]
    # The red is kept and an older white goes back: the privilege bought a red for a white.
    moves = [(0, UsePrivilege(cell=0)), (0, TakeTokens(cells=(1,))), (0, DiscardToken(colour=W))]
    assert found(nine(), moves) == []


def _thief(held: tuple[int, ...]) -> Any:
    """Seat 0 (three blue and three red bonuses, a privilege) can buy card 32 (white, steal) for one blue;
    seat 1 holds a blue to steal."""
    me = player(held, privileges=1, cards=[6, 38, 16, 46])  # blue 1 + 2, red 1 + 2
    cells = board("B....", ".....", ".....", ".....", "....W")
    return build(board_cells=cells, seats=(me, player(tokens(B=1))), pyramid=((1, 2, 3, 4, 5), (31, 32, 33, 34), (55, 56, 57)))


def _steal_turn() -> list[tuple[int, Any]]:
    return [
        (0, UsePrivilege(cell=0)),
        (0, Buy(card=32, payment=(0, 1, 0, 0, 0, 0, 0))),
        (0, StealToken(colour=B)),
        (0, DiscardToken(colour=B)),
    ]


def test_a_privilege_whose_token_paid_for_the_card_was_not_wasted() -> None:
    # No blue but the privilege's: it paid for the card; the stolen blue is what goes back.
    assert found(_thief(tokens(W=3, G=3, K=3, P=1)), _steal_turn()) == []


def test_a_privilege_is_wasted_when_a_blue_of_ones_own_would_have_paid() -> None:
    # With a blue already held, the same turn without the privilege ends with the same ten tokens.
    assert found(_thief(tokens(W=3, B=1, G=3, K=2, P=1)), _steal_turn()) == [("privilege_wasted", 0, 1)]


# A replenish for nothing --------------------------------------------------------------------------------------------


def few() -> Any:
    """Seat 0 with a few tokens, the board as BOARD, the rest of the tokens in the bag."""
    return build(board_cells=BOARD, seats=(player(tokens(W=1)), player(tokens(K=1))))


def refilled(state: Any) -> tuple[int, ...]:
    return RULES.apply(state, 0, Replenish()).board


def test_a_replenish_then_a_take_of_tokens_already_there_gave_a_privilege_for_nothing() -> None:
    assert found(few(), [(0, Replenish()), (0, TakeTokens(cells=(0, 1)))]) == [("replenish_for_nothing", 0, 1)]


def test_a_replenish_whose_tokens_are_taken_is_not_counted() -> None:
    state = few()
    after = refilled(state)
    new = next(c for c in (3, 4, 8, 9) if state.board[c] == -1 and after[c] != -1 and after[c] != Y)
    assert found(state, [(0, Replenish()), (0, TakeTokens(cells=(new,)))]) == []


def test_a_reserve_with_a_gold_that_was_there_before_did_not_need_the_replenish() -> None:
    reserve = (0, Reserve(gold_cell=12, level=1, card=1))
    assert found(few(), [(0, Replenish()), reserve]) == [("replenish_for_nothing", 0, 1)]


def test_a_reserve_with_the_only_gold_the_replenish_brought_is_not_counted() -> None:
    no_gold = board("RBG..", "RRR..", ".....", ".....", "....W")
    state = build(board_cells=no_gold, seats=(player(tokens(W=1)), player(tokens(K=1))))
    gold = refilled(state).index(Y)
    assert found(state, [(0, Replenish()), (0, Reserve(gold_cell=gold, level=1, card=1))]) == []


def test_a_buy_after_a_replenish_got_nothing_from_it() -> None:
    state = build(board_cells=BOARD, seats=(player(tokens(W=3, B=3, G=3)), player(tokens(K=1))))
    buy = next(a for a in RULES.legal_actions(state, 0) if a.kind == "buy")
    assert found(state, [(0, Replenish()), (0, buy)]) == [("replenish_for_nothing", 0, 1)]
    assert found(state, [(0, buy)]) == []


# A gold at the limit ----------------------------------------------------------------------------------------------


def test_a_gold_taken_at_ten_tokens_and_returned() -> None:
    state = build(board_cells=BOARD, seats=(player(tokens(W=3, B=3, G=3, K=1)), player(tokens(K=1))))
    reserve = (0, Reserve(gold_cell=12, level=1, card=1))
    assert found(state, [reserve, (0, DiscardToken(colour=Y))]) == [("gold_taken_at_limit", 0, 1)]
    # Keeping the gold and returning a white trades the white for a gold: sound.
    assert found(state, [reserve, (0, DiscardToken(colour=W))]) == []


# Reserves never affordable ---------------------------------------------------------------------------------------


def _near_win() -> Any:
    """Seat 0 at 19 points (four 4-point cards, royal 4) buys card 5 (1 point) next turn and wins."""
    me = player(tokens(B=1, G=1, R=2), cards=[56, 58, 60, 62], royals=[4])
    return build(
        board_cells=board(".....", ".....", "..Y..", ".....", "....W"),
        seats=(me, player(tokens(K=1))),
        pyramid=((1, 2, 3, 20, 5), (31, 32, 33, 34), (55, 57, 67)),
    )


def _game(reserved: int) -> list[tuple[int, Any]]:
    return [
        (0, Reserve(gold_cell=12, level=3 if reserved == 67 else 1, card=reserved)),
        (1, TakeTokens(cells=(24,))),
        (0, Buy(card=5, payment=(0, 0, 1, 2, 0, 0, 0))),
    ]


def test_a_reserve_still_unaffordable_when_the_game_ends() -> None:
    # Card 67 costs eight whites; at the end seat 0 has one white bonus and a gold.
    assert found(_near_win(), _game(67)) == [("reserve_never_affordable", 0, 1)]


def test_a_reserve_the_seat_could_pay_for_is_not_counted() -> None:
    # Card 20 costs W2 B3: the bonuses leave two blues, paid with the blue and the gold.
    assert found(_near_win(), _game(20)) == []


def test_reserves_count_only_when_the_game_is_over() -> None:
    assert found(_near_win(), _game(67)[:2]) == []
