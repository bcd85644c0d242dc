"""Splendor Duel's table against a computer: whatever changes is redrawn at once (the header after an extra
turn, the cards after a purchase, the detail and prompt while the computer thinks); a purchase names the
card and its price and waits for Enter (Esc takes it back); what changed since the person last looked is
marked (✦, bold), from Views only, never the person's own doing; the panel with the cursor stands out;
the reserve count sits beside its label at 80x24."""

from __future__ import annotations

import re
from typing import Any

from textual.geometry import Region

from boardgames_tui.engine.splendor_duel.models import Buy, SplendorDuelState, TakeTokens
from boardgames_tui.engine.splendor_duel.rules import RULES
from boardgames_tui.tui.games.splendor_duel import render
from boardgames_tui.tui.games.splendor_duel.screen import SplendorDuelTurnScreen
from boardgames_tui.tui.session import HotseatSession
from boardgames_tui.tui.widgets.news import NEW_MARK, NewsStrip

from ..engine.splendor_duel.helpers import B, G, W, board, build, player, tokens
from .helpers import resume_state, saved_session, screen_text, wait_until
from .keys import status_text
from .test_splendor_duel_game import goto_card, goto_cell



async def against_computer(app: Any, pilot: Any, state: SplendorDuelState, level: str = "hard") -> HotseatSession:
    """`state` resumed with Ben played by a computer: Ana (a lone person) gets her turn screen at once."""
    session = saved_session(app, state, "splendor_duel", computers=(None, level))
    await app.start_session(session)
    await pilot.pause()
    assert isinstance(app.screen, SplendorDuelTurnScreen) and app.screen.seat == 0
    return session


def squeezed(text: str) -> str:
    return re.sub(r"\s", "", text)


def prompt_of(screen: SplendorDuelTurnScreen) -> str:
    return squeezed("".join(lines_of(screen.query_one("#prompt"))))


def lines_of(widget: Any) -> list[str]:
    """What a panel shows, line by line, as the terminal gets it (the bar beside the panel included)."""
    return ["".join(s.text for s in strip) for strip in widget.render_lines(Region(0, 0, *widget.outer_size))]


def board_cells_shown(screen: SplendorDuelTurnScreen) -> dict[int, str]:
    """Each board cell's four characters as shown (the bar column and the row number left out)."""
    rows = lines_of(screen.query_one("#sd-board"))[1:6]
    return {row * 5 + col: line[3 + col * 4 : 7 + col * 4] for row, line in enumerate(rows) for col in range(5)}


# Most of the tokens, in every colour: whatever Ben does changes the board or the cards.
FULL_BOARD = board("WBGRK", "PWBGR", "KY.BG", "R.WKP", "..Y..")

# Ana can buy card 3 (2 blue 2 green 1 pearl: an extra turn), then the blue card dealt in its place
# (1 green 1 red 1 black, after her new white bonus).
TWO_PURCHASES = build(
    board_cells=board("W....", ".....", "..G..", ".....", "....."),
    seats=(player(tokens(B=3, G=3, P=1, R=1, K=1)), player()),
    pyramid=((3, 2, 4, 1, 5), (31, 32, 33, 34), (55, 56, 57)),
)


async def test_after_a_purchase_in_an_extra_turn_everything_is_redrawn_at_once(make_app) -> None:
    app = make_app(computer_pause=30.0)  # Ben thinks for as long as the test looks
    async with app.run_test(size=(100, 30)) as pilot:
        session = await against_computer(app, pilot, TWO_PURCHASES)
        screen = app.screen
        await goto_card(pilot, screen, 2, 1)
        await pilot.press("b", "enter")
        assert session._state.current == 0 and "↻ Extra turn" in screen_text(app)
        blue = session._state.pyramid[0][0]
        await pilot.press("b", "enter")  # the blue card, in the extra turn
        await pilot.pause()
        assert app.screen is screen and app.computer_thinking == 1
        assert session._state.seats[0].bonuses[B] == 1
        header = "".join(lines_of(screen.query_one("#sd-header")))
        assert "Ben to play" in header and "Extra turn" not in header
        assert screen.view.pyramid[0][0] != blue  # the slot shows the card dealt in its place
        detail = "".join(lines_of(screen.query_one("#sd-detail")))
        assert "You can buy it" not in detail and "✗" not in detail  # Ben's turn: nothing to buy now
        assert "Ben(computer)isthinking" in prompt_of(screen)
        assert any("▶ Ben" in line for line in lines_of(screen.query_one("#sd-players")))
        await pilot.press("b")
        assert "Wait: Ben (computer) is playing" in status_text(screen)


async def test_a_purchase_names_the_card_and_the_price_and_waits_for_enter(make_app) -> None:
    state = build(seats=(player(tokens(B=2, G=2, P=1)), player()), pyramid=((3, 2, 4, 1, 5), (31, 32, 33, 34), (55, 56, 57)))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        await goto_card(pilot, screen, 2, 1)
        await pilot.press("b")
        assert prompt_of(screen) == squeezed("Buy a level-1 white card for 2B 2G 1P? Enter buys, Esc takes it back.")
        assert session._state.seats[0].cards == ()  # nothing bought yet
        await pilot.press("1")  # one way to pay: nothing to choose
        assert "only one way to pay" in status_text(screen)
        await pilot.press("left")
        assert "only one way to pay" in status_text(screen)
        await pilot.press("escape")  # taken back
        assert screen.paying is None and session._state.seats[0].cards == ()
        assert "Onemainaction" in prompt_of(screen)
        await pilot.press("enter")  # Enter on a card asks too
        assert screen.paying is not None and session._state.seats[0].cards == ()
        await pilot.press("enter")  # Enter again buys
        await wait_until(pilot, lambda: bool(session._state.seats[0].cards), "the purchase")
        assert session._state.seats[0].cards[0].card == 3


async def test_the_way_to_pay_is_chosen_then_confirmed(make_app) -> None:
    # Card 21 costs 1 white, 1 blue, 1 green, 1 red: exactly, or with the gold for any of them.
    state = build(seats=(player(tokens(W=1, B=1, G=1, R=1, Y=1)), player()), pyramid=((21, 2, 3, 4, 5), (31, 32, 33, 34), (55, 56, 57)))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = await resume_state(app, pilot, state)
        screen = app.screen
        await goto_card(pilot, screen, 2, 1)
        await pilot.press("b", "3")
        assert screen.pay_index == 2 and session._state.seats[0].cards == ()
        assert "▶31W1B1R1Y" in prompt_of(screen)
        await pilot.press("3")  # the chosen way again: Enter buys, not the number
        assert "Way 3 is chosen already" in status_text(screen)
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(session._state.seats[0].cards), "the purchase")
        assert session._state.seats[0].tokens == tokens(G=1)  # paid 1W 1B 1R 1Y


async def test_what_the_computer_changed_is_marked_and_nothing_else(make_app) -> None:
    state = build(
        board_cells=FULL_BOARD,
        seats=(player(tokens(R=1), privileges=1), player()),
    )
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await against_computer(app, pilot, state)
        screen = app.screen
        assert screen.previous_view is None and not screen.changes().cells  # a resumed game: no marks yet
        assert NEW_MARK not in "".join(lines_of(screen.query_one("#sd-board")))
        await goto_cell(pilot, screen, 0)
        await pilot.press("space", "right", "space", "enter")  # A1 B1: white and blue
        await wait_until(pilot, lambda: session._state.current == 0 and app.computer_thinking is None, "Ben's move")
        await pilot.pause()
        assert app.screen is screen and screen.previous_view is not None
        before, now = screen.previous_view, screen.view
        assert before.board[0] == before.board[1] == -1  # Ana's own take: seen before Ben moved
        differs = {cell for cell in range(25) if before.board[cell] != now.board[cell]}
        dealt = {(lv, i) for lv in (1, 2, 3) for i, card in enumerate(now.pyramid[lv - 1]) if before.pyramid[lv - 1][i] != card}
        news = screen.changes()
        assert news.cells == differs and news.slots == dealt
        assert differs or dealt, "Ben changed the table"
        assert news.style.startswith("bold")  # a symbol and a style, not a colour alone
        shown = board_cells_shown(screen)
        for cell, text in shown.items():
            assert (NEW_MARK in text) == (cell in differs), (cell, text)
        ben = news.seat(1)
        players = lines_of(screen.query_one("#sd-players"))
        if ben.tokens:  # his token row (the right half) carries the mark
            assert any(line.split("│")[1].strip().startswith("tok") and NEW_MARK in line.split("│")[1] for line in players)
        assert not any(NEW_MARK in line.split("│")[0] for line in players)  # Ana's holdings: unchanged by Ben
        strip = screen.query_one(NewsStrip)
        assert strip.lines and all(line.startswith("Ben") for line in strip.lines)


async def test_the_players_own_steps_are_never_marked(make_app) -> None:
    state = build(
        board_cells=FULL_BOARD,
        seats=(player(tokens(R=1), privileges=2), player()),
    )
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await against_computer(app, pilot, state)
        screen = app.screen
        await goto_cell(pilot, screen, 0)
        await pilot.press("space", "enter")
        await wait_until(pilot, lambda: session._state.current == 0 and app.computer_thinking is None, "Ben's move")
        await pilot.pause()
        marked = set(screen.changes().cells)
        # Ana spends a privilege on a token Ben left alone: her step, not news.
        target = next(cell for cell in sorted(screen.choices.privilege_cells) if cell not in marked)
        await goto_cell(pilot, screen, target)
        await pilot.press("p", "p")  # p asks, p again spends it
        await pilot.pause()
        assert screen.view.board[target] == -1 and session._state.current == 0
        assert target not in screen.changes().cells
        assert NEW_MARK not in board_cells_shown(screen)[target]
        assert screen.changes().cells == {cell for cell in marked if cell != target}
        assert not screen.changes().seat(0).tokens  # Ana's new token is hers too


def test_changes_come_from_views_alone() -> None:
    """The marks for Ben after Ana's turn: the cells she emptied, the card dealt in her card's place, her
    counts that moved; nothing when there is no earlier View."""
    start = build(
        board_cells=board("WBG..", ".....", ".....", ".....", "....."),
        seats=(player(tokens(B=2, G=2, P=1)), player()),
        pyramid=((3, 2, 4, 1, 5), (31, 32, 33, 34), (55, 56, 57)),
    )
    took = RULES.apply(start, 0, TakeTokens(cells=(0, 1, 2)))
    before, after = RULES.view(start, 1), RULES.view(took, 1)
    news = render.changes(before, None, after)
    assert news.cells == {0, 1, 2} and not news.slots
    assert news.seat(0).tokens == {W, B, G} and not news.seat(1).tokens
    assert render.changes(None, None, after) == render.NO_CHANGES
    bought = RULES.apply(start, 0, Buy(card=3, payment=(0, 2, 2, 0, 0, 1, 0)))
    news = render.changes(RULES.view(start, 1), None, RULES.view(bought, 1))
    assert news.slots == {(1, 0)} and news.seat(0).bonuses == {W} and news.bag and not news.cells
    # The same change made by the viewer since their own actions began is theirs: not marked.
    assert not render.changes(RULES.view(start, 1), RULES.view(start, 1), RULES.view(start, 1)).slots
    mine = render.changes(RULES.view(start, 0), RULES.view(start, 0), RULES.view(bought, 0))
    assert not mine.slots and not mine.seat(0).bonuses


def test_a_changed_count_is_marked_before_it_apart_from_the_next_letter() -> None:
    # A tester read "R 2✦K 0": the mark after a count ran into the next colour's letter.
    start = build(
        board_cells=board("WBG..", ".....", ".....", ".....", "....."),
        seats=(player(tokens(B=2, G=2, P=1)), player()),
        pyramid=((3, 2, 4, 1, 5), (31, 32, 33, 34), (55, 56, 57)),
    )
    took = RULES.apply(start, 0, TakeTokens(cells=(0, 1, 2)))
    after = RULES.view(took, 1)
    news = render.changes(RULES.view(start, 1), None, after)
    tokens_row = render.player_block(after, after.seats[0], news)[1].plain
    assert f"W{NEW_MARK}1 B{NEW_MARK}3 G{NEW_MARK}3 R 0" in tokens_row, tokens_row
    unmarked = render.player_block(after, after.seats[0])[1].plain
    assert len(tokens_row) == len(unmarked), "the mark takes a blank: the row keeps its width"


async def test_the_panel_with_the_cursor_stands_out(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_state(app, pilot, build())
        screen = app.screen
        board_panel, cards_panel = screen.query_one("#sd-board"), screen.query_one("#sd-cards")

        def bar(widget: Any) -> set[str]:
            return {line[0] for line in lines_of(widget)}

        assert board_panel.has_class("-active") and not cards_panel.has_class("-active")
        assert bar(board_panel) == {"▊"} and bar(cards_panel) == {" "}
        await pilot.press("tab")
        assert cards_panel.has_class("-active") and not board_panel.has_class("-active")
        assert bar(cards_panel) == {"▊"} and bar(board_panel) == {" "}
        assert board_panel.region.x == 0 and cards_panel.region.right <= 80  # nothing moves or is cut


async def test_the_reserve_count_sits_beside_its_label_at_80x24(make_app) -> None:
    me = player(tokens(W=1), reserved=(6, 58, 40), royals=(1,))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_state(app, pilot, build(seats=(me, player())))
        lines = lines_of(app.screen.query_one("#sd-cards"))
        counted = [line for line in lines if "3/3" in line]
        assert len(counted) == 1 and "Reserved" in counted[0], lines
        royals = [line for line in lines_of(app.screen.query_one("#sd-royals")) if line.strip()]
        assert len(royals) == 1 and "3/3" not in royals[0]


async def test_a_new_card_says_so_under_the_cursor(make_app) -> None:
    state = build(
        board_cells=board("WBGRK", ".W..R", "KY...", "R.WK.", "..Y.."),
        seats=(player(tokens(R=1)), player(tokens(B=2, G=2, P=1))),
        pyramid=((3, 2, 4, 1, 5), (31, 32, 33, 34), (55, 56, 57)),
    )
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = await against_computer(app, pilot, state, level="greedy")
        screen = app.screen
        await goto_cell(pilot, screen, 0)
        await pilot.press("space", "enter")
        await wait_until(pilot, lambda: session._state.current == 0 and app.computer_thinking is None, "Ben's move")
        await pilot.pause()
        news = screen.changes()
        assert news.slots, session._state.log[-3:]  # the greedy computer bought the card it could afford
        level, index = sorted(news.slots)[0]
        await goto_card(pilot, screen, 3 - level, index + 1)
        assert lines_of(screen.query_one("#sd-detail"))[0].startswith(f"{NEW_MARK} new since you last looked")
        row = lines_of(screen.query_one("#sd-cards"))[(3 - level) * 3 + 1]
        assert NEW_MARK in row


def test_a_card_the_bonuses_pay_for_in_full_is_free_for_you_with_its_printed_price() -> None:
    from types import SimpleNamespace

    from boardgames_tui.engine.splendor_duel.data import CARDS

    card = next(c for c, data in sorted(CARDS.items()) if any(data.cost) and not data.cost[5])  # no pearl
    rich = SimpleNamespace(bonuses=(9, 9, 9, 9, 9))
    words = render.card_words(card, rich)  # type: ignore[arg-type]
    assert words.startswith(f"free for you (printed {render.cost_text(CARDS[card].cost)})"), words
    assert "costs you" not in words
    poor = SimpleNamespace(bonuses=(0, 0, 0, 0, 0))
    assert render.card_words(card, poor).startswith("costs you "), "a price still to pay is said as before"  # type: ignore[arg-type]


def test_a_cards_check_and_new_mark_open_its_middle_line() -> None:
    # A tester read "free ✓✦ ♛1" as one card: the ✓ and ✦ of one card sat against the next card's crowns.
    from rich.text import Text

    from boardgames_tui.engine.splendor_duel.data import CARDS

    card = next(cid for cid, data in CARDS.items() if data.crowns and data.level == 1)
    rich = player(tokens(W=4, B=4, G=4, R=4, K=4, P=1, Y=2))
    middle = render.card_block(card, rich, at_cursor=False, news=Text(NEW_MARK))[1].plain  # type: ignore[arg-type]
    assert middle.startswith(f" ✓{NEW_MARK} ♛"), middle  # the cursor column, then ✓ and ✦, then the crowns
    assert len(middle) == 9
