"""Splendor Duel: every key answers, in every mode of the turn screen (the board, the cards, a numbered
choice, a reservation's gold, a card's token, the payment chooser, an empty bag, a forced pass), and the
reasons a key gives are the rule that stops it."""

from __future__ import annotations

from boardgames_tui.engine.splendor_duel.models import Replenish
from boardgames_tui.tui.games.splendor_duel.screen import SplendorDuelTurnScreen

from ..engine.splendor_duel.helpers import R, Y, act, board, build, player, tokens
from .helpers import screen_text
from .keys import assert_every_key_answers as every_key_answers, show_state, status_text



# Where no number means anything, 2-8 take the very path of 1 and 9 (a mode's refusal): pressing 1 and 9
# is enough there, which keeps these sweeps quick. Every number is pressed where numbers choose.
SAME_AS_1_AND_9 = tuple(str(n) for n in range(2, 9))


async def assert_every_key_answers(app, pilot, state, setup_keys=(), numbered=False) -> dict[str, str]:
    """The shared check, and every reason fits on one line at 80 columns (the status line's padding and ✗)."""
    answers = await every_key_answers(app, pilot, state, setup_keys, skip=() if numbered else SAME_AS_1_AND_9)
    for key, answer in answers.items():
        assert len(answer) <= 76 and "not available right now" not in answer, (key, answer)
    return answers
EMPTY_BAG = (0,) * 7

# Ana (to play) holds a privilege; the board has gems, a pearl and two golds; the bag is not empty.
START = build(
    board_cells=board("W.R..", ".BG..", "..KY.", "P....", "....Y"),
    seats=(player(tokens(W=1, B=1, G=1, R=1, Y=1), privileges=1), player()),
    pyramid=((21, 2, 3, 4, 5), (31, 32, 33, 34), (55, 56, 57)),
)


async def test_every_key_answers_on_the_board_with_an_empty_bag(make_app) -> None:
    state = START.model_copy(update={"bag": EMPTY_BAG})
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        answers = await assert_every_key_answers(app, pilot, state)
    assert answers["f"].endswith("The bag is empty: nothing to replenish")
    assert "Nothing is selected" in answers["t"] and "Nothing is selected" in answers["enter"]
    assert "Tab" in answers["b"] and "Tab" in answers["v"]
    assert "nothing to choose" in answers["1"].lower()
    assert answers["p"] == "changed"  # the cursor starts on C3, a black: the privilege takes it


async def test_every_key_answers_on_the_cards(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        answers = await assert_every_key_answers(app, pilot, START, ("tab",))
    assert "Tab" in answers["space"] and "Tab" in answers["p"]
    assert answers["b"] == "changed"  # card 21 can be paid in five ways: the payment chooser opens
    assert answers["f"] == "changed"


async def test_keys_on_a_selection_a_deck_and_a_card_out_of_reach(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        # B2 and C2 (blue, green): a legal line, that t takes
        screen = await show_state(app, pilot, START, ("up", "left", "space", "right", "space"))
        assert sorted(screen.selected) == [6, 7]
        await pilot.press("t")
        assert app.screen is not screen  # the handoff
        screen = await show_state(app, pilot, START, ("tab", "left"))  # the level-1 deck
        await pilot.press("b")
        assert "deck" in status_text(screen) and "v" in status_text(screen)
        screen = await show_state(app, pilot, START, ("tab", "right"))  # card 2: out of reach
        await pilot.press("b")
        assert "short" in status_text(screen)
        await pilot.press("enter")
        assert "short" in status_text(screen)


async def test_every_key_answers_in_the_payment_chooser(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        answers = await assert_every_key_answers(app, pilot, START, ("tab", "b"), numbered=True)
        screen = await show_state(app, pilot, START, ("tab", "b"))
        await pilot.press("tab")  # Tab (a focus key, which the shared check leaves out) answers too
        assert "Confirm the purchase first" in status_text(screen) and screen.zone == "cards"
    assert "Enter buys the card" in answers["space"] and "Esc takes it back" in answers["v"]
    assert "only 5 ways" in answers["6"]
    assert "Way 1 is chosen already: Enter buys the card" in answers["1"]  # the way highlighted first
    assert all(answers[key] == "changed" for key in ("5", "enter", "escape", "up", "down"))


async def test_every_key_answers_while_choosing_the_gold_of_a_reservation(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        answers = await assert_every_key_answers(app, pilot, START, ("tab", "v"))
    assert "gold" in answers["space"].lower()


async def test_every_key_answers_in_a_numbered_choice(make_app) -> None:
    me = player(tokens(W=2, B=2, G=2, R=2, K=2, P=1), privileges=1)
    state = build(board_cells=board("W.R..", ".....", "..Y..", ".....", "....."), seats=(me, player()), phase="discard")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        answers = await assert_every_key_answers(app, pilot, state, numbered=True)
    assert "return" in answers["enter"].lower() and "1-6" in answers["enter"]
    assert "only 6" in answers["7"]
    assert "return" in answers["f"].lower()


async def test_every_key_answers_when_a_card_gives_a_token(make_app) -> None:
    state = build(board_cells=board("R....", ".....", "..Y..", ".....", "....R"), phase="take_token", choice_colour=R)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        answers = await assert_every_key_answers(app, pilot, state)
        # The cursor starts on a red; on the gold, Enter says which tokens it can take.
        screen = await show_state(app, pilot, state, ("down", "down", "right", "right"))
        assert screen.view.board[screen.cell] == Y
        await pilot.press("enter")
        assert "red" in status_text(app.screen) and "A1" in status_text(app.screen)
    assert answers["enter"] == "changed"


async def test_every_key_answers_when_only_a_pass_is_left(make_app) -> None:
    state = build(bag=EMPTY_BAG, board_cells=board(".....", ".....", ".....", ".....", "....."))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        answers = await assert_every_key_answers(app, pilot, state)
    assert answers["x"] == "changed"
    assert "x" in answers["enter"] and "x" in answers["space"]


async def test_enter_on_a_gold_says_gold_comes_with_a_reservation(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await show_state(app, pilot, START, ("right",))
        assert isinstance(screen, SplendorDuelTurnScreen) and screen.view.board[screen.cell] == Y  # D3
        await pilot.press("enter")
        assert "Gold" in status_text(screen) and "reserv" in status_text(screen)
        await pilot.press("space")  # selecting the gold is refused too, for the same reason
        assert "Gold" in status_text(screen) and screen.selected == []
        assert "Gold" in screen_text(app)


async def test_the_reasons_are_the_engines_as_the_view_carries_them(make_app) -> None:
    # After the replenish: the engine's reasons for another replenish and a privilege.
    replenished = act(START, Replenish())
    # The level-3 deck ran out (a gold on the board, so only the deck stops the reservation).
    no_top = START.model_copy(update={"decks": (START.decks[0], START.decks[1], ())})
    # A privilege on the only gem or pearl left, with an empty bag, would leave no main action.
    one_pearl = build(board_cells=board("P....", ".....", ".....", ".....", "....."), seats=(player(privileges=1), player()), bag=EMPTY_BAG)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await show_state(app, pilot, replenished)
        assert screen.view.refusals
        await pilot.press("f")
        assert status_text(screen).endswith("The board can be replenished only once, before the main action")
        await pilot.press("p")
        assert status_text(screen).endswith("Privileges are used before replenishing the board")
        screen = await show_state(app, pilot, START, ("right",))  # D3, a gold
        await pilot.press("p")
        assert status_text(screen).endswith("A privilege takes a gem or a pearl, never gold")
        await pilot.press("right")  # E3, empty
        await pilot.press("p")
        assert status_text(screen).endswith("E3 is empty")
        screen = await show_state(app, pilot, no_top, ("tab", "up", "up", "left"))
        assert (screen.card_row, screen.card_index) == (0, 0)  # the level-3 deck
        await pilot.press("v")
        assert status_text(screen).endswith("The level-3 deck is empty")
        screen = await show_state(app, pilot, one_pearl, ())
        assert screen.cell == 0
        await pilot.press("p")
        assert status_text(screen).endswith("Taking this token would leave you no main action, even after replenishing the board")
