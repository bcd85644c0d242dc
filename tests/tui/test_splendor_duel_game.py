"""Splendor Duel by key presses: take a line (and a refused one), reserve choosing the gold, buy a joker
and place it, choose a payment, discard down to 10, resume between the main action and the discard."""

from __future__ import annotations

import re

from textual.geometry import Region

from boardgames_tui.engine.base import event
from boardgames_tui.engine.saves import SavedGame
from boardgames_tui.engine.splendor_duel.models import Owned
from boardgames_tui.engine.splendor_duel.rules import RULES
from boardgames_tui.narration.splendor_duel import NARRATOR
from boardgames_tui.tui.games.splendor_duel.screen import SplendorDuelTurnScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.session import HotseatSession
from boardgames_tui.tui.widgets.news import NewsStrip

from ..engine.splendor_duel.helpers import board, build, player, tokens
from .helpers import rendered, resume_state, screen_text, take_device, wait_for_handoff, reload_made_up

W, B, G, R, K, P, Y = range(7)


def compact(text: str) -> str:
    """`text` without its spaces and line breaks (the screenshot drops the spaces between token chips)."""
    return re.sub(r"\s", "", text)


def news_lines(app) -> list[str]:
    """What the turn screen's news strip says happened since the player last looked."""
    return list(app.screen.query_one(NewsStrip).lines)


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
        from boardgames_tui.narration.splendor_duel import card_text

        # the card is named, as a purchase names it
        assert f"Reserve {card_text(card)}: choose the gold to take" in " ".join(screen_text(app).split())
        await pilot.press("escape")  # not this card after all: the cursor is back on it
        assert screen.reserving is None and screen.zone == "cards" and screen.choices.card_at(screen.step) == (1, card)
        await pilot.press("v")
        assert screen.reserving == (1, card) and screen.zone == "board"
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
        await pilot.press("v")  # one gold on the board: still a question, as a purchase asks
        assert session._state.seats[0].reserved == () and app.screen.step.cell == 0
        await pilot.press("v")  # v again (or Enter) takes that gold
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
        await pilot.press("b")  # the card and its price, to confirm
        assert "Buyalevel-1jokercardfor4K1P?" in compact(screen_text(app)) and screen.view.phase == "start"
        await pilot.press("enter")
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
        screen = app.screen
        await goto_card(pilot, screen, 2, 1)
        await pilot.press("b")
        assert screen.paying is not None and screen.pay_index == 0
        ways = screen.paying[1]
        assert ways[0] == (1, 1, 1, 1, 0, 0, 0) and len(ways) == 5
        assert "Buyalevel-1blackcard?Paywith:" in compact(screen_text(app))
        await pilot.press("escape")  # back out: nothing bought
        assert screen.paying is None and session._state.seats[0].cards == ()
        assert "Paywith:" not in compact(screen_text(app))
        await pilot.press("b", "down")
        second = screen.paying[1][1]
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
        loaded = reload_made_up(path)  # began from a made-up state
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
        await pilot.press("p")  # asks first: a privilege spent does not come back
        assert session._state.seats[0].privileges == 1
        assert "Spend a privilege on the white token at A1?" in " ".join(screen_text(app).split())
        await pilot.press("escape")  # keeps it
        assert session._state.seats[0].privileges == 1 and "Spend a privilege" not in screen_text(app)
        await pilot.press("p", "enter")
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


# Issue 11: the handoff and the turn screen tell the whole story; the payment chooser is numbered; the card
# symbols are one key away; names show as typed; plurals; 80x24.

HOSTILE = ("[b]Al[/i]", "[@click=app.quit]\\")


def named(state, names=HOSTILE):
    return state.model_copy(update={"players": names})


async def test_the_handoff_tells_the_whole_turn_each_line_with_its_subject(make_app) -> None:
    # Card 4 (white, costs 2 red 2 black) gives a token of its colour from the board: Ana takes the white.
    me = player(tokens(R=2, K=2))
    state = build(
        board_cells=board("W....", ".....", "..G..", ".....", "....."),
        seats=(me, player()),
        pyramid=((4, 2, 3, 1, 5), (31, 32, 33, 34), (55, 56, 57)),
    )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = await resume_state(app, pilot, state)
        await goto_card(pilot, app.screen, 2, 1)
        await pilot.press("b", "enter")
        assert app.screen.view.phase == "take_token"
        await pilot.press("enter")  # the cursor is on the only white
        handoff = await wait_for_handoff(app, pilot)
        feed = handoff.feed
        assert feed[-2].startswith("Ana bought a level-1 white card")
        assert feed[-1] == "Ana took a white token from the board (A1)"
        text = screen_text(app)
        for line in feed:
            assert line in text  # whole, never cut
        assert session._state.seats[0].tokens == tokens(W=1)


def extra_turn_position():
    """Ana can buy card 3 (costs 2 blue 2 green 1 pearl), which gives an extra turn."""
    return build(
        board_cells=board("W....", ".....", "..G..", ".....", "....."),
        seats=(player(tokens(B=2, G=2, P=1)), player()),
        pyramid=((3, 2, 4, 1, 5), (31, 32, 33, 34), (55, 56, 57)),
    )


async def test_an_extra_turn_is_said_in_the_log_and_on_the_turn_screen(make_app) -> None:
    state = extra_turn_position()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        await goto_card(pilot, screen, 2, 1)
        await pilot.press("b", "enter")
        assert app.screen is screen and session._state.current == 0 and session._state.turn == 1
        text = screen_text(app)
        assert "Extra turn" in text
        assert "Ana bought a level-1 white card" in text and "Ana will take an extra turn" in text
        assert any(entry.kind == "extra_turn" and entry.args == {"seat": 0} for entry in session._state.log)
        await goto_cell(pilot, screen, 0)
        await pilot.press("space", "enter")  # the extra turn: one white
        await wait_for_handoff(app, pilot)
        await take_device(app, pilot)
        # Ben hears of both of Ana's turns since his last one
        assert news_lines(app) == [
            "Ana bought a level-1 white card, paying 5 tokens (2 blue, 2 green, 1 pearl)",
            "Ana will take an extra turn",
            "Ana took a white token",
        ]
        assert "Extra turn" not in screen_text(app)  # Ben's turn is an ordinary one


async def test_the_turn_screen_says_what_changed_since_your_last_turn(make_app) -> None:
    state = build(board_cells=board(".....", ".....", "WBG..", ".....", "....."))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_state(app, pilot, state)
        await goto_cell(pilot, app.screen, 10)
        await pilot.press("space", "right", "space", "right", "space", "enter")
        await wait_for_handoff(app, pilot)
        await take_device(app, pilot)
        assert isinstance(app.screen, SplendorDuelTurnScreen) and app.screen.seat == 1
        assert news_lines(app) == ["Ana took 3 tokens (1 white, 1 blue, 1 green)"]


async def test_the_payment_chooser_is_numbered(make_app) -> None:
    me = player(tokens(W=1, B=1, G=1, R=1, Y=1))
    state = build(seats=(me, player()), pyramid=((21, 2, 3, 4, 5), (31, 32, 33, 34), (55, 56, 57)))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        await goto_card(pilot, screen, 2, 1)
        await pilot.press("b")
        assert app.screen is screen and screen.paying is not None
        text = screen_text(app)
        assert "1-5 Choose" in text
        compact = re.sub(r"\s", "", text)
        assert "Buyalevel-1blackcard?Paywith:▶11W1B1G1R21W1B1G1Y31W1B1R1Y41W1G1R1Y51B1G1R1Y·Enterbuys,Esctakesitback." in compact
        second = screen.paying[1][1]
        assert second[Y] == 1
        await pilot.press("2")  # chooses the way; Enter buys
        compact = re.sub(r"\s", "", screen_text(app))
        assert "11W1B1G1R▶21W1B1G1Y" in compact
        assert session._state.seats[0].cards == ()
        await pilot.press("enter")
        await wait_for_handoff(app, pilot)
        assert session._state.seats[0].tokens == tuple(a - b for a, b in zip(me.tokens, second))


async def test_the_card_symbols_are_one_key_away(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_state(app, pilot, build())
        assert "g Legend" in screen_text(app)
        await pilot.press("g")
        text = screen_text(app)
        for words in ("♛ crowns", "★ points", "↻ extra turn", "§ privilege", "» take a gem or pearl", "J joker", "♚ royal card", "+ take a token"):
            assert words in text, words
        await pilot.press("g")
        assert "tok" in screen_text(app)  # the players' panel is back
        await pilot.press("question_mark")
        assert "legend" in screen_text(app).lower()


async def test_hostile_names_show_exactly_as_typed(make_app) -> None:
    # Ben has a gem to steal: Ana's card 32 (level 2) takes one, so her prompt names him.
    me = player(tokens(B=4, R=3))
    state = named(
        build(
            board_cells=board("WWW..", ".....", ".....", ".....", "....."),
            seats=(me, player(tokens(W=1))),
            pyramid=((1, 2, 3, 4, 5), (32, 31, 33, 34), (55, 56, 57)),
        )
    )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = await resume_state(app, pilot, state)
        text = screen_text(app)
        assert HOSTILE[0] in text and HOSTILE[1] in text
        await goto_cell(pilot, app.screen, 0)
        await pilot.press("space", "right", "space", "right", "space")
        assert f"{HOSTILE[1]} gains a privilege" in screen_text(app).replace("\n", " ")
        await pilot.press("escape", "tab", "up")
        await goto_card(pilot, app.screen, 1, 1)
        await pilot.press("b", "enter")
        assert app.screen.view.phase == "steal"
        assert f"Take a gem or pearl from {HOSTILE[1]}" in screen_text(app)
        await pilot.press("1")
        handoff = await wait_for_handoff(app, pilot)
        assert f"{HOSTILE[0]} took a white token from {HOSTILE[1]}" in handoff.feed
        await take_device(app, pilot)
        assert any(line.startswith(f"{HOSTILE[0]} bought") for line in news_lines(app))
        assert session._state.current == 1


async def test_plurals_are_words_not_brackets(make_app) -> None:
    # One token in the bag, one privilege in the supply; card 2 has one crown.
    state = build(
        board_cells=board("WWWWB", "BBBGG", "GGGRR", "RRRKK", "KKKPY"),
        bag=tokens(Y=1),
        supply=1,
        seats=(player(privileges=1), player(privileges=1)),
    )
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await resume_state(app, pilot, state)
        await goto_card(pilot, app.screen, 2, 2)  # card 2: 1 crown
        text = screen_text(app)
        assert "1 crown" in text and "1 crowns" not in text
        assert "Bag: 1 token" in text and "Bag: 1 tokens" not in text
        assert "(s)" not in text
        assert "3 tokens short" in text


def test_every_log_line_has_a_subject() -> None:
    import random

    names = ("Ana", "Ben")
    rng = random.Random(5)
    for game in range(12):
        state = RULES.setup(names, None, f"subject-{game}")
        while RULES.outcome(state) is None:
            seat = state.current
            state = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
        for line in NARRATOR(names).events(state.log):
            assert line.startswith(names) or line.startswith("Neither player"), line
            assert "(s)" not in line and " 1 tokens" not in line, line


WIDE = ("龍" * 16, "Zoë Ælf שלום 🦊")
# Everything WIDE[1] did on a long turn (their privilege, a replenish, a level-2 card and a royal card):
# the news WIDE[0] reads at the start of the next.
LONG_NEWS = {
    "log": (
        event("privilege_used", seat=1, colour=R, cell=12),
        event("replenished", seat=1, count=12, privilege="supply"),
        event("bought", seat=1, card=35, reserved=False, payment=[0, 2, 0, 2, 0, 0, 1]),
        event("royal_claimed", seat=1, royal=1),
        event("stole", seat=1, colour=W, victim=0),
    ),
    "news_start": 0,
}


def assert_fits(app) -> None:
    """Nothing is cut: the screen needs no scrolling, every line is above the key bar and as wide as the
    terminal, the players' lines do not wrap and the key bar's keys fit."""
    from boardgames_tui.tui.widgets.keybar import KeyBar

    screen = app.screen
    width, height = app.size
    assert screen.max_scroll_y == 0 and screen.max_scroll_x == 0
    bar = screen.query_one(KeyBar)
    assert bar.region.y == height - 1
    assert bar.describe(screen).cell_length <= width - 2
    for widget in screen.query("Static"):
        if widget is bar or not widget.display or not widget.region:
            continue
        if widget.parent is not None and widget.parent.id == "news-strip":
            widget = widget.parent  # the strip's text scrolls inside it: the strip itself must fit
        assert widget.region.bottom <= bar.region.y, widget
        assert widget.region.right <= width, widget
    players = screen.query_one("#sd-players")
    if players.display:
        assert players.region.height == len(players.render().plain.split("\n"))


async def fits(make_app, state, keys=(), size=(80, 24)) -> str:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await resume_state(app, pilot, state)
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        assert_fits(app)
        return screen_text(app)


async def test_everything_fits_80x24_at_the_start_of_a_busy_turn(make_app) -> None:
    # Three reserved cards (the tallest card area), a privilege and tokens in the bag (a two-line prompt),
    # a long story since the last turn, and a refused key's reason showing.
    me = player(tokens(W=1, B=1, G=1, R=1, Y=1), reserved=(6, 58, 40), privileges=1)
    state = named(
        build(
            board_cells=board("W.R..", ".BG..", "..KY.", "P....", "....Y"),
            seats=(me, player(tokens(K=3), privileges=1, cards=(2, 7, 12))),
            turn=7,
            **LONG_NEWS,
        ),
        WIDE,
    )
    for size in ((80, 24), (100, 30)):
        text = await fits(make_app, state, ("tab", "down", "down", "down", "v"), size=size)
        assert "You already hold 3 reserved cards" in text
        assert WIDE[0] in text and WIDE[1] in text
    await fits(make_app, state, ("g",))


async def test_everything_fits_80x24_in_choices_and_payments(make_app) -> None:
    me = player(tokens(W=1, B=1, G=1, R=1, Y=3), reserved=(6, 58, 40), cards=(2, 7, 12), royals=())
    royal = build(seats=(me, player()), phase="royal", turn=9, **LONG_NEWS)
    await fits(make_app, named(royal, WIDE))
    steal = build(seats=(me, player(tokens(W=1, B=1, G=1, R=1, K=1, P=1))), phase="steal", **LONG_NEWS)
    await fits(make_app, named(steal, WIDE))
    payer = player(tokens(W=1, B=1, G=1, R=1, Y=3), reserved=(6, 58, 40))
    paying = build(seats=(payer, player()), pyramid=((21, 2, 3, 4, 5), (31, 32, 33, 34), (55, 56, 57)), **LONG_NEWS)
    text = await fits(make_app, named(paying, WIDE), ("tab", "b"))
    assert "more ways: 1-9 of 15" in text


def board_rows(app) -> list[str]:
    """The board's five rows as the terminal shows them (each a row number and 4 cells per token), without
    the column of the bar beside the panel with the cursor."""
    widget = app.screen.query_one("#sd-board")
    return ["".join(s.text for s in strip)[1:] for strip in widget.render_lines(Region(0, 0, *widget.outer_size))][1:6]


async def test_the_cursor_on_a_selected_token_keeps_both_brackets(make_app) -> None:
    state = build(board_cells=board(".....", "KYWGR", ".....", ".....", "....."))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_state(app, pilot, state)
        screen = app.screen
        for cell in (7, 8, 9):  # C2 D2 E2: W G R
            await goto_cell(pilot, screen, cell)
            await pilot.press("space")
        rows = board_rows(app)
        assert rows[1] == "2  K   Y   W✓  G✓ [R✓]", rows  # the last column too: its closing bracket shows
        await pilot.press("left")
        rows = board_rows(app)
        assert rows[1] == "2  K   Y   W✓ [G✓] R✓ ", rows
        await pilot.press("left", "left")
        rows = board_rows(app)
        assert rows[1] == "2  K  [Y]  W✓  G✓  R✓ ", rows  # the cursor alone: the same brackets
        for row in rows:
            assert row.count("[") == row.count("]")


async def test_a_resumed_extra_turn_still_says_it_is_one(make_app) -> None:
    state = extra_turn_position()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = await resume_state(app, pilot, state)
        await goto_card(pilot, app.screen, 2, 1)
        await pilot.press("b", "enter")  # card 3 gives an extra turn
        earned = session._state
    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        await resume_state(again, pilot, earned)  # the game left and resumed before the extra turn
        text = screen_text(again)
        assert "Extra turn" in text
        assert news_lines(again) == [
            "Ana bought a level-1 white card, paying 5 tokens (2 blue, 2 green, 1 pearl)",
            "Ana will take an extra turn",
        ]


async def test_the_prompt_warns_before_the_no_progress_rule_ends_the_game(make_app) -> None:
    from boardgames_tui.engine.splendor_duel.turn import QUIET_TURNS_LIMIT

    take = board("R....", ".....", ".....", ".....", ".....")
    for quiet, warned in ((QUIET_TURNS_LIMIT - 11, False), (QUIET_TURNS_LIMIT - 10, True), (QUIET_TURNS_LIMIT - 1, True)):
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await resume_state(app, pilot, build(board_cells=take, quiet_turns=quiet))
            text = compact(screen_text(app))
            left = QUIET_TURNS_LIMIT - quiet
            warning = f"No card bought or reserved in {quiet} turns: {left} more and the game ends without a winner."
            assert (compact(warning) in text) is warned, (quiet, text)
            assert compact("One main action") in text
