"""Rules tests from shared/seeds/001 (the rulebook and its rulings) and shared/rules/splendor_duel.md."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.base import Fact, IllegalAction, fact
from boardgames_tui.engine.rng import shuffled
from boardgames_tui.engine.splendor_duel.data import SPIRAL, TOKEN_COUNTS
from boardgames_tui.engine.splendor_duel.models import (
    Buy,
    ChooseRoyal,
    DiscardToken,
    Pass,
    PlaceJoker,
    Replenish,
    Reserve,
    StealToken,
    TakeBoardToken,
    TakeTokens,
    UsePrivilege,
)
from boardgames_tui.engine.splendor_duel.rules import (
    LINES,
    RULES,
    cheapest_payment,
    cost_after_bonuses,
    payments,
)
from boardgames_tui.engine.splendor_duel.turn import QUIET_TURNS_LIMIT

from .helpers import (
    EMPTY_BOARD,
    NAMES,
    B,
    G,
    K,
    P,
    R,
    W,
    Y,
    act,
    board,
    build,
    check_conservation,
    kinds,
    player,
    said,
    said_to,
    tokens,
)

# Setup ---------------------------------------------------------------------------------------------


def test_setup() -> None:
    s = RULES.setup(NAMES, None, "42")
    check_conservation(s)
    assert s == RULES.setup(NAMES, None, "42")
    assert [len(r) for r in s.pyramid] == [5, 4, 3] and all(all(r) for r in s.pyramid)
    assert [len(d) for d in s.decks] == [25, 20, 10]
    assert s.bag == (0,) * 7 and -1 not in s.board
    pool = [c for c, n in enumerate(TOKEN_COUNTS) for _ in range(n)]
    order = shuffled(pool, "42", "board")
    assert [s.board[cell] for cell in SPIRAL] == list(order), "filled along the spiral from the centre"
    second = 1 - s.current
    assert s.seats[second].privileges == 1 and s.seats[s.current].privileges == 0
    assert s.supply_privileges == 2
    assert s.royals == (1, 2, 3, 4) and s.phase == "start"
    firsts = {RULES.setup(NAMES, None, str(n)).current for n in range(20)}
    assert firsts == {0, 1}
    with pytest.raises(ValueError):
        RULES.setup(("A", "B", "C"), None, "1")


def test_identity() -> None:
    assert RULES.id == "splendor_duel" and RULES.title == "Splendor Duel"
    assert RULES.min_players == RULES.max_players == 2


# Taking tokens ---------------------------------------------------------------------------------------


def test_lines_are_straight_and_adjacent() -> None:
    assert len([ln for ln in LINES if len(ln) == 1]) == 25
    assert len([ln for ln in LINES if len(ln) == 2]) == 20 + 20 + 16 + 16
    assert len([ln for ln in LINES if len(ln) == 3]) == 15 + 15 + 9 + 9


def test_take_lines_skip_gold_and_gaps() -> None:
    b = board(
        "RYB..",
        "G.W..",
        "BGK..",
        ".....",
        "....P",
    )
    s = build(board_cells=b)
    takes = {a.cells for a in RULES.legal_actions(s, 0) if isinstance(a, TakeTokens)}
    singles = {c for c in range(25) if 0 <= b[c] < Y}
    assert {t for t in takes if len(t) == 1} == {(c,) for c in singles}
    # rows: (10,11,12) full row; no pair over the gold at 1 or the gap at 6
    assert (10, 11, 12) in takes and (10, 11) in takes and (11, 12) in takes
    assert (0, 1) not in takes and (0, 2) not in takes and (5, 7) not in takes
    # columns: 0,5,10 ; diagonals 0,6,12 has a gap; 2,6,10 has a gap; 7,11 is a diagonal pair
    assert (0, 5, 10) in takes and (7, 11) in takes and (2, 7, 12) in takes
    assert (0, 6, 12) not in takes and (0, 12) not in takes
    assert (5, 11) in takes and (0, 11) not in takes and (5, 12) not in takes  # diagonal; not straight
    assert all(len(t) <= 3 for t in takes)
    # the lone pearl in a corner
    assert (24,) in takes
    for t in takes:
        s2 = act(s, TakeTokens(cells=t))
        assert all(s2.board[c] == -1 for c in t)


def test_three_of_a_colour_gives_the_opponent_a_privilege() -> None:
    s = build(board_cells=board("RRRBB", ".....", ".....", ".....", "....."), seats=(player(), player()))
    s2 = act(s, TakeTokens(cells=(0, 1, 2)))
    assert s2.seats[0].tokens == tokens(R=3) and s2.seats[1].privileges == 1 and s2.supply_privileges == 2
    s3 = act(s, TakeTokens(cells=(1, 2, 3)))
    assert s3.seats[1].privileges == 0 and s3.supply_privileges == 3
    assert s2.current == 1 and s2.phase == "start"


def test_two_pearls_give_the_opponent_a_privilege() -> None:
    s = build(board_cells=board("PPR..", ".....", ".....", ".....", "....."))
    assert act(s, TakeTokens(cells=(0, 1, 2))).seats[1].privileges == 1
    assert act(s, TakeTokens(cells=(0, 1))).seats[1].privileges == 1
    assert act(s, TakeTokens(cells=(1, 2))).seats[1].privileges == 0


def test_privilege_from_the_opponent_when_the_supply_is_empty() -> None:
    b = board("RRR..", ".....", ".....", ".....", ".....")
    s = build(board_cells=b, seats=(player(privileges=3), player()))
    s2 = act(s, TakeTokens(cells=(0, 1, 2)))
    assert s2.seats[0].privileges == 2 and s2.seats[1].privileges == 1 and s2.supply_privileges == 0
    assert "from the opponent" in said(s2)
    s = build(board_cells=b, seats=(player(privileges=1), player(privileges=2)))
    s2 = act(s, TakeTokens(cells=(0, 1, 2)))  # the opponent already holds... two: takes the last one
    assert s2.seats[1].privileges == 3 and s2.seats[0].privileges == 0
    s = build(board_cells=b, seats=(player(), player(privileges=3)))
    s2 = act(s, TakeTokens(cells=(0, 1, 2)))  # holds all three: nothing happens
    assert s2.seats[1].privileges == 3 and s2.supply_privileges == 0
    check_conservation(s2)


# Privileges and replenishing ------------------------------------------------------------------------


def test_use_privileges_then_replenish_then_main() -> None:
    b = board("RY...", "B....", ".....", ".....", ".....")
    s = build(board_cells=b, seats=(player(privileges=2), player(privileges=1)))
    legal = RULES.legal_actions(s, 0)
    assert UsePrivilege(cell=0) in legal and UsePrivilege(cell=5) in legal
    assert UsePrivilege(cell=1) not in legal, "never gold"
    assert Replenish() in legal
    s1 = act(s, UsePrivilege(cell=0))
    assert s1.phase == "start" and s1.current == 0 and s1.seats[0].tokens == tokens(R=1)
    assert s1.seats[0].privileges == 1 and s1.supply_privileges == 1
    s2 = act(s1, UsePrivilege(cell=5))
    assert s2.seats[0].privileges == 0 and s2.seats[0].tokens == tokens(R=1, B=1)
    # no same-colour compensation for privileges
    assert s2.seats[1].privileges == 1
    s3 = act(s2, Replenish())
    assert s3.phase == "main" and s3.bag == (0,) * 7 and s3.seats[1].privileges == 2
    assert "use_privilege" not in kinds(s3) and "replenish" not in kinds(s3)
    with pytest.raises(IllegalAction) as refused:
        act(s3, UsePrivilege(cell=SPIRAL[0]))
    assert refused.value.code == "privilege_after_replenish"
    check_conservation(s3)


def test_replenish_fills_empty_cells_along_the_spiral() -> None:
    b = list(EMPTY_BOARD)
    b[SPIRAL[0]] = R
    b[SPIRAL[3]] = Y
    s = build(board_cells=tuple(b), bag=tokens(W=2, B=1, P=1), seats=(player(), player()))
    s2 = act(s, Replenish())
    assert s2.board[SPIRAL[0]] == R and s2.board[SPIRAL[3]] == Y, "existing tokens stay"
    filled = [SPIRAL[i] for i in (1, 2, 4, 5)]
    assert sorted(s2.board[c] for c in filled) == [W, W, B, P]
    assert all(s2.board[c] == -1 for c in SPIRAL[6:])
    assert s2.seats[1].privileges == 1
    assert "replenished" in said(s2)


def test_no_replenish_with_an_empty_bag() -> None:
    s = build(board_cells=board("R....", ".....", ".....", ".....", "....."), bag=(0,) * 7)
    assert Replenish() not in RULES.legal_actions(s, 0)
    with pytest.raises(IllegalAction):
        act(s, Replenish())


def test_must_replenish_when_no_main_action_is_possible() -> None:
    # empty board, everything in the bag, nothing affordable
    s = build(board_cells=EMPTY_BOARD)
    assert set(RULES.legal_actions(s, 0)) == {Replenish()}
    s2 = act(s, Replenish())
    assert s2.phase == "main" and all(v >= 0 for v in s2.board)
    assert "pass" not in kinds(s2)


def test_privilege_ruling_no_spending_into_a_dead_end() -> None:
    """平台裁定: taking the last non-gold tokens with privileges is allowed only if a replenish then
    makes a main action possible; with an empty bag (or a useless replenish) it is not offered."""
    b = board("R....", ".....", ".....", ".....", ".....")
    full_bag_elsewhere = build(board_cells=b, seats=(player(privileges=1), player()))
    assert sum(full_bag_elsewhere.bag) > 0
    assert UsePrivilege(cell=0) in RULES.legal_actions(full_bag_elsewhere, 0)
    # bag empty, nothing to buy, no gold: the spend would leave no main action
    empty_bag = build(board_cells=b, seats=(player(privileges=1), player()), bag=(0,) * 7)
    assert UsePrivilege(cell=0) not in RULES.legal_actions(empty_bag, 0)
    assert TakeTokens(cells=(0,)) in RULES.legal_actions(empty_bag, 0)
    # bag holds only gold but the player already reserved 3 cards: replenishing would not help
    gold_bag = build(
        board_cells=b, seats=(player(privileges=1, reserved=(6, 7, 8)), player()), bag=tokens(Y=1)
    )
    assert UsePrivilege(cell=0) not in RULES.legal_actions(gold_bag, 0)
    # ... but with a free reserve slot the gold makes a reserve possible after the replenish
    gold_bag2 = build(board_cells=b, seats=(player(privileges=1, reserved=(6, 7)), player()), bag=tokens(Y=1))
    assert UsePrivilege(cell=0) in RULES.legal_actions(gold_bag2, 0)
    # the token taken makes a purchase possible: allowed even with an empty bag (card 17 costs 3 black)
    b2 = board("K....", ".....", ".....", ".....", ".....")
    buys = build(
        board_cells=b2, seats=(player(tokens(K=2), privileges=1), player()), bag=(0,) * 7,
        pyramid=((17, 0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0)),
    )
    assert UsePrivilege(cell=0) in RULES.legal_actions(buys, 0)
    # a gold on the board keeps the reserve possible: allowed
    b3 = board("RY...", ".....", ".....", ".....", ".....")
    with_gold = build(board_cells=b3, seats=(player(privileges=1), player()), bag=(0,) * 7)
    assert UsePrivilege(cell=0) in RULES.legal_actions(with_gold, 0)


def test_stalemate_pass_and_game_end() -> None:
    s = build(board_cells=EMPTY_BOARD, bag=(0,) * 7)  # tokens missing: only the flow matters
    assert RULES.legal_actions(s, 0) == (Pass(),)
    s1 = act(s, Pass())
    assert s1.current == 1 and s1.passes == 1 and s1.phase == "start"
    s2 = act(s1, Pass())
    assert s2.phase == "over" and RULES.to_act(s2) == frozenset()
    out = RULES.outcome(s2)
    assert out is not None and out.winners == () and out.ranking == ((0, 1),)
    # a main action in between resets the count
    b = board("R....", ".....", ".....", ".....", ".....")
    t = build(board_cells=b, bag=(0,) * 7, current=1, passes=1)
    t2 = act(t, TakeTokens(cells=(0,)))
    assert t2.passes == 0


def test_no_progress_turns_count_until_a_card_is_bought_or_reserved() -> None:
    b = board("RY...", ".....", ".....", ".....", ".....")
    s = build(board_cells=b, quiet_turns=5)
    after_take = act(s, TakeTokens(cells=(0,)))
    assert after_take.quiet_turns == 6 and after_take.phase == "start" and after_take.current == 1
    assert RULES.view(after_take, 0).quiet_turns == RULES.view(after_take, 1).quiet_turns == 6  # public
    assert act(s, Reserve(gold_cell=1, level=1, card=None)).quiet_turns == 0
    # card 3 (white, B2 G2 P1) bought with two blue bonuses
    rich = build(seats=(player(tokens(G=2, P=1, Y=1), cards=(6, 7)), player()), pyramid=((3, 1, 2, 4, 5), (31, 32, 33, 34), (55, 56, 57)), quiet_turns=5)
    bought = act(rich, Buy(card=3, payment=(0, 0, 2, 0, 0, 0, 1)))
    assert bought.phase == "start" and bought.quiet_turns == 0


def test_no_progress_ends_the_game_without_a_winner() -> None:
    b = board("R....", ".....", ".....", ".....", ".....")
    s = build(board_cells=b, quiet_turns=QUIET_TURNS_LIMIT - 1)
    over = act(s, TakeTokens(cells=(0,)))
    assert over.phase == "over" and over.winner is None and RULES.to_act(over) == frozenset()
    assert over.log[-1].kind == "no_progress" and over.log[-1].args == {"turns": QUIET_TURNS_LIMIT}
    out = RULES.outcome(over)
    assert out is not None and out.winners == () and out.reason == "no_progress"


# Reserving -----------------------------------------------------------------------------------------


def test_reserve_face_up_and_blind() -> None:
    b = board("Y....", ".....", ".....", ".....", "....R")
    s = build(board_cells=b)
    legal = RULES.legal_actions(s, 0)
    reserves = [a for a in legal if isinstance(a, Reserve)]
    assert len(reserves) == 12 + 3
    s2 = act(s, Reserve(gold_cell=0, level=2, card=32))
    assert s2.seats[0].tokens == tokens(Y=1) and s2.seats[0].reserved == (32,) and s2.board[0] == -1
    assert 32 not in s2.pyramid[1] and s2.pyramid[1][1] == s.decks[1][0], "refilled in the same slot"
    assert len(s2.decks[1]) == len(s.decks[1]) - 1
    top = s.decks[2][0]
    s3 = act(s, Reserve(gold_cell=0, level=3, card=None))
    assert s3.seats[0].reserved == (top,) and s3.pyramid == s.pyramid
    assert "top card of the level-3 deck" in said(s3) and f"#{top}" not in said(s3)
    assert s3.log[-1].args["card"] is None and s3.log[-1].seen_by(0).args["drawn"] == top
    assert "drawn" not in s3.log[-1].seen_by(1).args and "drawn" not in s3.log[-1].seen_by(None).args
    assert f"card #{top}" in said_to(s3, 0) and f"#{top}" not in said_to(s3, 1)
    check_conservation(s3)


def test_reserve_needs_gold_and_a_free_slot() -> None:
    s = build(board_cells=board("R....", ".....", ".....", ".....", "....."))
    assert "reserve" not in kinds(s)
    s = build(board_cells=board("Y....", ".....", ".....", ".....", "....."), seats=(player(reserved=(6, 7, 8)), player()))
    assert "reserve" not in kinds(s)
    with pytest.raises(IllegalAction) as refused:
        act(s, Reserve(gold_cell=0, level=1, card=1))
    assert refused.value == IllegalAction("reserve_full", most=3)


def test_reserve_from_a_row_with_an_empty_deck_leaves_the_slot_empty() -> None:
    s = build(board_cells=board("Y....", ".....", ".....", ".....", "....."))
    s = s.model_copy(update={"decks": (s.decks[0], s.decks[1], ()), "seats": (player(reserved=s.decks[2]), player())})
    legal = RULES.legal_actions(s, 0)
    assert Reserve(gold_cell=0, level=3, card=None) not in legal
    s = build(board_cells=board("Y....", ".....", ".....", ".....", "....."))
    dk = s.decks[2]
    s = s.model_copy(update={"decks": (s.decks[0], s.decks[1], ()), "seats": (player(reserved=dk[:2]), player(cards=dk[2:]))})
    check_conservation(s)
    s2 = act(s, Reserve(gold_cell=0, level=3, card=55))
    assert s2.pyramid[2] == (0, 56, 57)


# Buying --------------------------------------------------------------------------------------------


def test_costs_bonuses_and_payments() -> None:
    p = player(cards=(6, 7))  # two blue bonuses
    assert cost_after_bonuses(3, p.bonuses) == (0, 0, 2, 0, 0, 1)  # B2 G2 P1: blue covered, pearl not
    assert payments((0, 0, 2, 0, 0, 1), tokens(G=2, P=1)) == ((0, 0, 2, 0, 0, 1, 0),)
    opts = payments((0, 0, 2, 0, 0, 1), tokens(G=2, P=1, Y=1))
    assert set(opts) == {(0, 0, 2, 0, 0, 1, 0), (0, 0, 1, 0, 0, 1, 1), (0, 0, 2, 0, 0, 0, 1)}
    assert opts[0] == (0, 0, 2, 0, 0, 1, 0), "fewest gold first"
    assert payments((0, 0, 2, 0, 0, 1), tokens(G=1, Y=1)) == ()
    assert payments((0, 0, 2, 0, 0, 1), tokens(G=1, Y=2)) == ((0, 0, 1, 0, 0, 0, 2),)
    assert cheapest_payment(3, player(tokens(B=1, G=2, Y=1), cards=(6,))) == (0, 1, 2, 0, 0, 0, 1)
    assert cheapest_payment(3, player(tokens(G=2))) is None


def test_buy_with_gold_for_a_pearl() -> None:
    """The seed's example: 2 blue + 1 pearl, 2 blue bonuses: pay a pearl or a gold."""
    # card 3: white, B2 G2 P1
    s = build(seats=(player(tokens(G=2, P=1, Y=1), cards=(6, 7)), player()), pyramid=((3, 1, 2, 4, 5), (31, 32, 33, 34), (55, 56, 57)))
    buys = {a.payment for a in RULES.legal_actions(s, 0) if isinstance(a, Buy) and a.card == 3}
    assert buys == {(0, 0, 2, 0, 0, 1, 0), (0, 0, 2, 0, 0, 0, 1), (0, 0, 1, 0, 0, 1, 1)}
    s2 = act(s, Buy(card=3, payment=(0, 0, 2, 0, 0, 0, 1)))
    assert s2.seats[0].tokens == tokens(P=1)
    assert s2.bag[G] == s.bag[G] + 2 and s2.bag[Y] == s.bag[Y] + 1, "paid tokens go to the bag"
    assert s2.pyramid[0][0] == s.decks[0][0], "refilled from the deck"
    assert s2.seats[0].bonuses == (1, 2, 0, 0, 0)
    with pytest.raises(IllegalAction) as refused:
        act(s, Buy(card=3, payment=(0, 0, 2, 0, 0, 0, 0)))
    assert refused.value.code == "wrong_payment"
    with pytest.raises(IllegalAction):
        act(s, Buy(card=3, payment=(0, 1, 2, 0, 0, 1, 0)))  # overpaying is not a payment


def test_free_card_and_buying_a_reserved_card() -> None:
    s = build(seats=(player(tokens(K=2), cards=(6, 11, 16), reserved=(1,)), player()))
    # card 1 costs B1 G1 R1 K1: bonuses cover three, one black to pay
    assert Buy(card=1, payment=(0, 0, 0, 0, 1, 0, 0)) in RULES.legal_actions(s, 0)
    s2 = act(s, Buy(card=1, payment=(0, 0, 0, 0, 1, 0, 0)))
    assert s2.seats[0].reserved == () and s2.pyramid == s.pyramid and "from their reserve" in said(s2)
    # card 21 costs W1 B1 G1 R1: all covered
    free = build(seats=(player(cards=(1, 6, 11, 16)), player()), pyramid=((21, 2, 3, 4, 5), (31, 32, 33, 34), (55, 56, 57)))
    assert Buy(card=21, payment=(0,) * 7) in RULES.legal_actions(free, 0)


def test_cannot_buy_the_opponents_reserved_card() -> None:
    s = build(seats=(player(tokens(B=1, G=1, R=1, K=1)), player(reserved=(6,))),
              pyramid=((1, 2, 3, 4, 5), (31, 32, 33, 34), (55, 56, 57)))
    assert Buy(card=6, payment=(1, 0, 1, 1, 1, 0, 0)) not in RULES.legal_actions(s, 0)


# Abilities -----------------------------------------------------------------------------------------


def _one_card(cid: int, level: int) -> tuple[tuple[int, ...], ...]:
    rows = [[0] * 5, [0] * 4, [0] * 3]
    rows[level - 1][0] = cid
    return tuple(tuple(r) for r in rows)


def test_joker_needs_a_coloured_card_and_takes_its_colour() -> None:
    pyr = _one_card(26, 1)  # joker, 1 point, K4 P1
    s = build(seats=(player(tokens(K=4, P=1)), player()), pyramid=pyr)
    assert not any(isinstance(a, Buy) for a in RULES.legal_actions(s, 0)), "no coloured card to attach to"
    s = build(seats=(player(tokens(K=4, P=1), cards=(30,)), player()), pyramid=pyr)
    assert not any(isinstance(a, Buy) for a in RULES.legal_actions(s, 0)), "a points-only card has no bonus"
    s = build(seats=(player(tokens(K=4, P=1), cards=(10, 20)), player()), pyramid=pyr)
    s2 = act(s, Buy(card=26, payment=(0, 0, 0, 0, 4, 1, 0)))
    assert s2.phase == "joker" and s2.current == 0
    assert set(RULES.legal_actions(s2, 0)) == {PlaceJoker(colour=B), PlaceJoker(colour=R)}
    s3 = act(s2, PlaceJoker(colour=R))
    p = s3.seats[0]
    assert p.bonuses[R] == 2 and p.colour_points[R] == 2 and p.points == 3
    assert s3.current == 1


def test_extra_turn() -> None:
    s = build(seats=(player(tokens(B=2, G=2, P=1)), player()), pyramid=_one_card(3, 1))
    s2 = act(s, Buy(card=3, payment=(0, 2, 2, 0, 0, 1, 0)))
    assert s2.current == 0 and s2.phase == "start" and s2.turn == 1
    assert "extra turn" in said(s2)
    assert s2.extra_turn is False
    # the extra turn follows the usual order: its own optional steps, then a main action
    assert "replenish" in kinds(s2) or "take_tokens" in kinds(s2)


def test_take_a_token_of_the_cards_colour() -> None:
    b = board("W.W..", ".....", "..R..", ".....", ".....")
    s = build(board_cells=b, seats=(player(tokens(R=2, K=2)), player()), pyramid=_one_card(4, 1))
    s2 = act(s, Buy(card=4, payment=(0, 0, 0, 2, 2, 0, 0)))
    assert s2.phase == "take_token" and s2.choice_colour == W
    assert set(RULES.legal_actions(s2, 0)) == {TakeBoardToken(cell=0), TakeBoardToken(cell=2)}
    s3 = act(s2, TakeBoardToken(cell=2))
    assert s3.seats[0].tokens == tokens(W=1) and s3.board[2] == -1 and s3.current == 1
    # no white on the board: ignored
    s = build(board_cells=board("R....", ".....", ".....", ".....", "....."), seats=(player(tokens(R=2, K=2)), player()), pyramid=_one_card(4, 1))
    s2 = act(s, Buy(card=4, payment=(0, 0, 0, 2, 2, 0, 0)))
    assert s2.current == 1 and s2.phase == "start"


def test_take_a_privilege_ability() -> None:
    s = build(seats=(player(tokens(W=4, K=2, P=1)), player(privileges=3)), pyramid=_one_card(33, 2))
    s2 = act(s, Buy(card=33, payment=(4, 0, 0, 0, 2, 1, 0)))
    assert s2.seats[0].privileges == 1 and s2.seats[1].privileges == 2, "from the opponent: supply empty"


def test_steal_a_token() -> None:
    s = build(seats=(player(tokens(B=4, R=3)), player(tokens(G=1, P=1, Y=2))), pyramid=_one_card(32, 2))
    s2 = act(s, Buy(card=32, payment=(0, 4, 0, 3, 0, 0, 0)))
    assert s2.phase == "steal"
    assert set(RULES.legal_actions(s2, 0)) == {StealToken(colour=G), StealToken(colour=P)}, "never gold"
    s3 = act(s2, StealToken(colour=P))
    assert s3.seats[0].tokens == tokens(P=1) and s3.seats[1].tokens == tokens(G=1, Y=2)
    # nothing but gold to take: ignored
    s = build(seats=(player(tokens(B=4, R=3)), player(tokens(Y=2))), pyramid=_one_card(32, 2))
    s2 = act(s, Buy(card=32, payment=(0, 4, 0, 3, 0, 0, 0)))
    assert s2.current == 1


# Royal cards, discards, order ----------------------------------------------------------------------


def test_royal_card_at_three_crowns_after_the_card_ability() -> None:
    """Order: purchase and refill -> card ability -> crown threshold and royal card -> discard -> victory."""
    # two crowns already (cards 2 and 7); card 31 (white, 2 pts, 1 crown) brings the third
    # card 65 style ordering: use a joker with crowns (card 27: 1 crown, copy colour)
    s = build(seats=(player(tokens(W=3, P=1), cards=(2, 7)), player()), pyramid=_one_card(27, 1))
    s2 = act(s, Buy(card=27, payment=(3, 0, 0, 0, 0, 1, 0)))  # W4 P1, one white bonus
    assert s2.phase == "joker", "the card's ability first"
    s3 = act(s2, PlaceJoker(colour=W))
    assert s3.phase == "royal" and s3.seats[0].crowns == 3
    assert set(RULES.legal_actions(s3, 0)) == {ChooseRoyal(royal=r) for r in (1, 2, 3, 4)}
    s4 = act(s3, ChooseRoyal(royal=4))
    assert s4.seats[0].royals == (4,) and s4.royals == (1, 2, 3) and s4.seats[0].points == 3
    assert s4.seats[0].colour_points == (0, 0, 0, 0, 0), "royal points count toward no colour"
    assert s4.current == 1
    # the 3-crown threshold is rewarded once only
    s5 = build(seats=(player(tokens(W=2), cards=(2, 7, 12), thresholds=1), player()), pyramid=_one_card(22, 1))
    s6 = act(s5, Buy(card=22, payment=(2, 0, 0, 0, 0, 0, 0)))  # 4 crowns
    assert s6.phase == "start" and s6.current == 1


def test_royal_card_abilities_and_the_six_crown_threshold() -> None:
    # five crowns, threshold 3 done; card 22 gives the sixth
    s = build(
        seats=(player(tokens(W=1), cards=(2, 7, 12, 17, 31), royals=(4,), thresholds=1), player(tokens(R=1))),
        pyramid=_one_card(22, 1),
    )
    assert s.seats[0].crowns == 5
    s2 = act(s, Buy(card=22, payment=(1, 0, 0, 0, 0, 0, 0)))  # W3, two white bonuses
    assert s2.phase == "royal"
    s3 = act(s2, ChooseRoyal(royal=1))  # 2 points + steal
    assert s3.phase == "steal"
    s4 = act(s3, StealToken(colour=R))
    assert s4.current == 1 and s4.seats[0].thresholds == 2 and s4.seats[0].tokens == tokens(R=1)
    s3 = act(s2, ChooseRoyal(royal=2))  # extra turn
    assert s3.current == 0 and s3.phase == "start"
    s3 = act(s2, ChooseRoyal(royal=3))  # privilege
    assert s3.seats[0].privileges == 1


def test_discard_down_to_ten_then_victory() -> None:
    b = board("RRR..", ".....", ".....", ".....", ".....")
    s = build(board_cells=b, seats=(player(tokens(W=4, B=4)), player()))
    s2 = act(s, TakeTokens(cells=(0, 1, 2)))
    assert s2.phase == "discard" and s2.current == 0 and sum(s2.seats[0].tokens) == 11
    assert set(RULES.legal_actions(s2, 0)) == {DiscardToken(colour=c) for c in (W, B, R)}
    s3 = act(s2, DiscardToken(colour=W))
    assert s3.current == 1 and s3.seats[0].tokens == tokens(W=3, B=4, R=3) and s3.bag[W] == s2.bag[W] + 1
    assert s3.seats[1].privileges == 1, "the opponent got the privilege for three reds"


def test_reserve_can_force_a_discard() -> None:
    s = build(board_cells=board("Y....", ".....", ".....", ".....", "....."), seats=(player(tokens(W=4, B=4, G=2)), player()))
    s2 = act(s, Reserve(gold_cell=0, level=1, card=1))
    assert s2.phase == "discard"
    assert DiscardToken(colour=Y) in RULES.legal_actions(s2, 0)


def _win_after_buy(seat_cards: tuple, bought: int, level: int, toks: tuple[int, ...], pay: tuple[int, ...], joker: int | None = None):  # type: ignore[no-untyped-def]
    s = build(seats=(player(toks, cards=seat_cards), player()), pyramid=_one_card(bought, level))
    s = act(s, Buy(card=bought, payment=pay))
    if joker is not None:
        s = act(s, PlaceJoker(colour=joker))
    while s.phase == "royal":
        s = act(s, ChooseRoyal(royal=s.royals[-1]))
    return s


def test_victory_twenty_points() -> None:
    # 4 + 4 + 4 + 4 (= 16) already; card 54 (5 points, B6 P1; one blue bonus) gives 21
    s = _win_after_buy((56, 58, 60, 62), 54, 2, tokens(B=4, P=1, Y=1), (0, 4, 0, 0, 0, 1, 1))
    assert s.phase == "over" and s.winner == 0 and Fact(kind="points", args={"count": 21}) in s.win_reasons
    out = RULES.outcome(s)
    assert out is not None and out.winners == (0,) and out.ranking == ((0,), (1,)) and out.scores[0] == 21


def test_victory_ten_crowns() -> None:
    # 4 x 2 = 8 crowns (both thresholds done); card 52 (joker, 2 crowns, G6 P1; one green bonus) -> 10
    s = _win_after_buy((55, 57, 59, 61), 52, 2, tokens(G=4, P=1, Y=1), (0, 0, 4, 0, 0, 1, 1), joker=W)
    assert s.seats[0].crowns == 10
    assert s.phase == "over" and any(r.kind == "crowns" for r in s.win_reasons)


def test_victory_ten_points_in_one_colour() -> None:
    # white: 4 (56) + 3 (55) = 7; card 51 (joker, 2 pts) on white -> 9; then 33 (2 pts white) -> 11
    s = _win_after_buy((56, 55, (51, W)), 33, 2, tokens(W=1, K=2, P=1), (1, 0, 0, 0, 2, 1, 0))
    assert s.seats[0].colour_points[W] == 11
    assert s.phase == "over" and Fact(kind="colour", args={"colour": W, "count": 11}) in s.win_reasons
    assert "11 points in white" in said(s)
    # points spread over colours do not count
    t = _win_after_buy((56, 58), 33, 2, tokens(W=3, K=2, P=1), (3, 0, 0, 0, 2, 1, 0))
    assert t.phase == "start" and t.winner is None


def test_victory_is_checked_after_the_discard() -> None:
    b = board("RRR..", ".....", ".....", ".....", ".....")
    s = build(board_cells=b, seats=(player(tokens(W=4, B=4), cards=(56, 58, 60, 62, 64)), player()))
    s2 = act(s, TakeTokens(cells=(0, 1, 2)))
    assert s2.phase == "discard" and s2.winner is None
    s3 = act(s2, DiscardToken(colour=R))
    assert s3.phase == "over" and s3.winner == 0


# Flow and errors -----------------------------------------------------------------------------------


def test_wrong_seat_and_game_over() -> None:
    s = RULES.setup(NAMES, None, "3")
    other = 1 - s.current
    assert RULES.legal_actions(s, other) == ()
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(s, other, RULES.legal_actions(s, s.current)[0])
    assert refused.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(s, 5, RULES.legal_actions(s, s.current)[0])
    assert refused.value.code == "not_your_turn"


def test_labels_and_news() -> None:
    s = RULES.setup(NAMES, None, "11")
    assert RULES.turn_label(s) == fact("turn_of", turn=1, seat=s.current)
    a = next(a for a in RULES.legal_actions(s, s.current) if isinstance(a, TakeTokens))
    s2 = RULES.apply(s, s.current, a)
    assert said(s2).startswith(f"{NAMES[s.current]} took")
    assert RULES.turn_label(s2) == fact("turn_of", turn=2, seat=s2.current)
