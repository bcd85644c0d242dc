"""Splendor Duel by key presses: take a line (and a refused one), reserve choosing the gold, buy a joker
and place it, choose a payment, discard down to 10, resume between the main action and the discard."""

from __future__ import annotations

from boardgames_tui.engine.saves import SavedGame
from boardgames_tui.engine.splendor_duel.models import Owned
from boardgames_tui.engine.splendor_duel.rules import RULES
from boardgames_tui.tui.games.splendor_duel.payment import PaymentScreen
from boardgames_tui.tui.games.splendor_duel.screen import SplendorDuelTurnScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.session import HotseatSession

from ..engine.splendor_duel.helpers import board, build, player, tokens
from .helpers import rendered, resume_state, screen_text, take_device, wait_for_handoff

W, B, G, R, K, P, Y = range(7)


async def goto_cell(pilot, screen: SplendorDuelTurnScreen, cell: int) -> None:
    if screen.zone != "board":
        await pilot.press("tab")
    while screen.cell // 5 != cell // 5:
        await pilot.press("down")
    while screen.cell != cell:
        await pilot.press("right")


async def goto_card(pilot, screen: SplendorDuelTurnScreen, row: int, index: int) -> None:
    if screen.zone != "cards":
        await pilot.press("tab")
    while screen.card_row != row:
        await pilot.press("down")
    while screen.card_index != index:
        await pilot.press("right")


async def test_a_refused_line_says_why_and_a_legal_line_is_taken(make_app) -> None:
    state = build(board_cells=board(".....", ".....", "WBG..", ".....", "....."))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        await goto_cell(pilot, screen, 10)  # A3
        await pilot.press("space")
        await goto_cell(pilot, screen, 12)  # C3: a gap at B3
        await pilot.press("space")
        assert "No gaps" in screen_text(app)
        await pilot.press("t", "enter")  # neither key takes an illegal line
        assert session._state.seats[0].tokens == tokens()
        await goto_cell(pilot, screen, 11)
        await pilot.press("space")
        assert "A3, B3, C3: Enter takes them" in screen_text(app)
        await pilot.press("enter")
        await wait_for_handoff(app, pilot)
        assert session._state.seats[0].tokens == tokens(W=1, B=1, G=1)
        assert session._state.current == 1


async def test_reserving_asks_which_gold_when_there_are_two(make_app) -> None:
    state = build(board_cells=board("Y....", ".....", ".....", ".....", "....Y"))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        await goto_card(pilot, screen, 2, 1)  # the first level-1 card
        card = session._state.pyramid[0][0]
        await pilot.press("v")
        assert screen.reserving == (1, card) and screen.zone == "board"
        assert "Choose the gold" in screen_text(app)
        await goto_cell(pilot, screen, 24)
        await pilot.press("enter")
        await wait_for_handoff(app, pilot)
        me = session._state.seats[0]
        assert me.reserved == (card,) and me.tokens == tokens(Y=1)
        assert session._state.board[24] == -1 and session._state.board[0] == Y


async def test_reserving_the_top_of_a_deck_blind(make_app) -> None:
    state = build(board_cells=board("Y....", ".....", ".....", ".....", "....."))
    top = state.decks[2][0]
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        await goto_card(pilot, app.screen, 0, 0)  # the level-3 deck
        await pilot.press("v")  # one gold on the board: no question
        await wait_for_handoff(app, pilot)
        assert session._state.seats[0].reserved == (top,)


async def test_buying_a_joker_asks_where_it_goes(make_app) -> None:
    # Ana owns a blue and a green card; card 26 (a joker) costs 4 black and 1 pearl.
    me = player(tokens(K=4, P=1), cards=(6, 11))
    state = build(seats=(me, player()), pyramid=((26, 2, 3, 4, 5), (31, 32, 33, 34), (55, 56, 57)))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        await goto_card(pilot, screen, 2, 1)
        assert "You can buy it" in screen_text(app)
        await pilot.press("b")
        assert screen.view.phase == "joker"
        text = screen_text(app)
        assert "Place the joker" in text and "1  B blue" in text and "2  G green" in text
        await pilot.press("2")
        await wait_for_handoff(app, pilot)
        owned = session._state.seats[0].cards
        assert Owned(card=26, colour=G) in owned
        assert session._state.seats[0].bonuses[G] == 2


async def test_a_real_choice_of_payment_preselects_the_fewest_gold(make_app) -> None:
    # Card 21 costs 1 white, 1 blue, 1 green, 1 red: paid exactly, or with the gold for any of them.
    me = player(tokens(W=1, B=1, G=1, R=1, Y=1))
    state = build(seats=(me, player()), pyramid=((21, 2, 3, 4, 5), (31, 32, 33, 34), (55, 56, 57)))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        await goto_card(pilot, app.screen, 2, 1)
        await pilot.press("b")
        chooser = app.screen
        assert isinstance(chooser, PaymentScreen)
        assert chooser.options[0] == (1, 1, 1, 1, 0, 0, 0) and len(chooser.options) == 5
        await pilot.press("escape")  # back out: nothing bought
        assert isinstance(app.screen, SplendorDuelTurnScreen) and session._state.seats[0].cards == ()
        await pilot.press("b", "down")
        second = app.screen.options[1]
        await pilot.press("enter")
        await wait_for_handoff(app, pilot)
        assert session._state.seats[0].tokens == tuple(a - b for a, b in zip(me.tokens, second))
        assert second[Y] == 1


async def test_discard_down_to_ten_then_resume_between_action_and_discard(make_app) -> None:
    me = player(tokens(W=2, B=2, G=2, R=2, K=2))
    state = build(board_cells=board("RR...", ".....", ".....", ".....", "....."), seats=(me, player()))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        await goto_cell(pilot, screen, 0)
        await pilot.press("space", "right", "space", "enter")
        assert screen.view.phase == "discard"
        assert "You hold 12 tokens" in screen_text(app)
        path = session.save_path
    second = make_app()
    async with second.run_test(size=(100, 30)) as pilot:
        loaded = second.store.load(path)
        assert isinstance(loaded, SavedGame)
        resumed = HotseatSession.resume(loaded, second.store)
        await second.start_session(resumed)
        await take_device(second, pilot)
        screen = second.screen
        assert isinstance(screen, SplendorDuelTurnScreen) and screen.view.phase == "discard"
        await pilot.press("4", "4")  # red, twice: the fourth option while it lasts
        await wait_for_handoff(second, pilot)
        assert resumed._state.seats[0].tokens == tokens(W=2, B=2, G=2, R=2, K=2)


async def test_spending_a_privilege_then_replenishing(make_app) -> None:
    me = player(privileges=1)
    state = build(board_cells=board("W....", ".....", ".....", ".....", "....."), seats=(me, player()))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        await goto_cell(pilot, screen, 0)
        await pilot.press("p")
        assert session._state.seats[0].tokens == tokens(W=1) and session._state.seats[0].privileges == 0
        assert isinstance(app.screen, SplendorDuelTurnScreen)  # still Ana's turn: the main action is due
        await pilot.press("f")
        assert session._state.phase == "main" and session._state.seats[1].privileges == 1
        assert not isinstance(app.screen, PassDeviceScreen)


async def test_the_opponents_reserved_cards_and_the_decks_never_show() -> None:
    ana, ben = player(reserved=(6,)), player(reserved=(58, 59))
    state = build(seats=(ana, ben))
    other = build(seats=(ana, player(reserved=(60, 61))))
    assert state.decks != other.decks  # different cards left in the decks, in a different order
    first = await rendered(SplendorDuelTurnScreen, RULES.view(state, 0), ("tab",))
    second = await rendered(SplendorDuelTurnScreen, RULES.view(other, 0), ("tab",))
    assert first == second
    assert "▒▒" in first  # the backs, two of them, stand for Ben's reserve


async def test_the_mouse_picks_tokens_and_cards(make_app) -> None:
    state = build(board_cells=board(".....", ".....", "WBG..", ".....", "....."))
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        # Board lines: a header, then per row a 2-column label and 4 columns per cell (letter second).
        for col in (0, 1):
            await pilot.click("#sd-board", offset=(2 + 4 * col + 1, 3))
        assert sorted(screen.selected) == [10, 11]
        await pilot.click("#sd-board", offset=(2 + 4 * 0 + 1, 3))  # clicking again deselects
        assert screen.selected == [11]
        # Cards: rows of 3 lines (level 3, 2, 1); the deck block then 9 columns per card.
        await pilot.click("#sd-cards", offset=(9 + 9 * 2 + 3, 7))
        assert screen.zone == "cards" and (screen.card_row, screen.card_index) == (2, 3)
        assert session._state.current == 0
