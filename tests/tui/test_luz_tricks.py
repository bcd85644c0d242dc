"""Luz: finished tricks and finished rounds are seen (issue 25, part 2), and the table marks what changed since
the person last looked.

Alone against computers there is no handoff: the finished trick, with every card (the person's own blind card
once played) and its winner, is drawn by the turn screen itself, from the View; `t` shows the last trick at any
time; the end of a round is summed up on a page of its own before anything of the next round is decided, at
every table make-up. None of it shows a number the viewer may not know.
"""

from __future__ import annotations

import random
from typing import Any

from textual.app import App
from textual.geometry import Region

from boardgames_tui.engine.luz.models import Bid, LuzOptions, LuzState, LuzView
from boardgames_tui.engine.luz.rules import RULES
from boardgames_tui.tui.games.luz import render
from boardgames_tui.tui.games.luz.screen import LuzTurnScreen
from boardgames_tui.engine.reveal import reveal as revealed
from boardgames_tui.tui.games.luz.table import reveal, table
from boardgames_tui.narration import narrator_for
from boardgames_tui.tui.screens.panel import PanelScreen
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.screens.results import ResultsScreen
from boardgames_tui.tui.session import HotseatSession
from boardgames_tui.tui.widgets.news import NEW_MARK

from ..engine.luz.helpers import build, resample_own_numbers
from .helpers import saved_session, screen_text, wait_until

NAMES = ("Ana", "Ben", "Chloé")


# Situations ---------------------------------------------------------------------------------------------


def round_two(bids: int = 3) -> LuzState:
    """Deal 7, round 2 of Ana, Ben and Chloé, `bids` of them have bid 1; Ana bids first and leads.

    Ana holds R2 Y5 Y6 Y7 G5 G7 B5 B7 P4 P8; Ben's only red is R5 (his card 1); Chloé holds R8 R6 R4 ...
    """
    state = RULES.setup(list(NAMES), LuzOptions(), "7")
    while state.round == 1:
        seat = min(RULES.to_act(state))
        state = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
    for _ in range(bids):
        state = RULES.apply(state, state.current, Bid(tricks=1))
    assert state.current == bids % 3 and state.round == 2
    return state


def first_legal(state: LuzState) -> LuzState:
    return RULES.apply(state, state.current, RULES.legal_actions(state, state.current)[0])


def last_trick_of_round_one(seed: str = "7") -> LuzState:
    """Round 1, everyone has bid and nine tricks are played: trick 10 is about to be led."""
    state = RULES.setup(list(NAMES), LuzOptions(), seed)
    while not (state.phase == "play" and state.trick_number == 10 and not state.trick):
        state = first_legal(state)
    return state


def session_of(app: Any, state: LuzState, computers: tuple[str | None, ...] = ()) -> HotseatSession:
    """`state` as a saved game of `app`, with computers in the seats `computers` names (resumed, not shown)."""
    return saved_session(app, state, "luz", computers)


def widget_text(app: Any, selector: str) -> str:
    widget = app.screen.query_one(selector)
    return "\n".join("".join(s.text for s in strip) for strip in widget.render_lines(Region(0, 0, *widget.size)))


def labels(plays: Any) -> list[str]:
    return [play.card.label for play in plays]


async def person_to_act(app: Any, pilot: Any, session: HotseatSession, seat: int) -> LuzTurnScreen:
    """Wait until `seat`'s turn screen is in front and it is that seat's turn (the computers have played)."""

    def ready() -> bool:
        screen = app.screen
        return (
            isinstance(screen, LuzTurnScreen)
            and screen.seat == seat
            and session.acting_seat() == seat
            and screen.view == session.view(seat)
            and app.computer_thinking is None
        )

    await wait_until(pilot, ready, f"{NAMES[seat]}'s turn")
    await pilot.pause()
    assert isinstance(app.screen, LuzTurnScreen)
    return app.screen


async def play_by_keys(pilot: Any, key: str = "1") -> None:
    await pilot.press(key, "enter", "enter")
    await pilot.pause()


# The View carries the last finished trick -----------------------------------------------------------------


def test_the_view_keeps_the_last_finished_trick_until_the_next_one_is_finished() -> None:
    state = round_two()
    assert RULES.view(state, 0).last_trick is not None  # round 1's last trick, until round 2's first is done
    assert RULES.view(state, 0).last_trick.round == 1 and RULES.view(state, 0).last_trick.number == 10
    for _ in range(3):
        state = first_legal(state)
    first = RULES.view(state, None).last_trick
    assert first is not None and (first.round, first.number, first.winner) == (2, 1, 2)
    assert labels(first.plays) == ["R2", "R5", "R8"] and [p.seat for p in first.plays] == [0, 1, 2]
    assert (first.led, first.trumped) == ("R", False)
    # The same for every seat (every card was shown to the table), and kept while trick 2 is played.
    assert all(RULES.view(state, seat).last_trick == first for seat in range(3))
    state = first_legal(state)
    assert RULES.view(state, 1).last_trick == first and len(state.trick) == 1
    state = first_legal(first_legal(state))
    second = RULES.view(state, 1).last_trick
    assert second is not None and second.number == 2 and second != first


def test_no_trick_is_finished_before_the_first_one() -> None:
    state = RULES.setup(list(NAMES), LuzOptions(), "none")
    for _ in range(5):
        assert RULES.view(state, None).last_trick is None
        state = first_legal(state)


# Alone against two computers ----------------------------------------------------------------------------


async def test_a_trick_the_person_finishes_stays_on_the_table_with_their_own_card(make_app) -> None:  # noqa: ANN001
    """Chloé (a person) plays the last card of trick 1 and wins it: her own card's number and every other
    card stay on the table until she leads the next card, then `t` still shows them."""
    state = first_legal(first_legal(round_two()))  # Ana R2, Ben R5: Chloé to play
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = session_of(app, state, ("hard", "hard", None))
        await app.start_session(session)
        await person_to_act(app, pilot, session, 2)
        await play_by_keys(pilot)  # her card 1 is R8
        screen = await person_to_act(app, pilot, session, 2)
        assert screen.view.trick == () and screen.view.trick_number == 2
        trick = widget_text(app, "#luz-trick")
        expected = ("Trick 1:", "Ana  R2", "Ben  R5", "Chloé  R8", "Chloé won it (red led)", "Chloé leads trick 2")
        for entry in expected:
            assert entry in trick, (entry, trick)
        # Her own R8 is news to her (she played it blind): marked, like the win.
        assert f"R8 {NEW_MARK}" in trick and f"(red led) {NEW_MARK}" in trick
        # She leads: the trick on the table is the new one, and the finished one is one key away.
        await play_by_keys(pilot)
        await wait_until(pilot, lambda: session.actions_recorded >= 2, "her lead")
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, PanelScreen)
        text = screen_text(app)
        last = session.view(2).last_trick  # trick 1, or trick 2 if the computers have finished it meanwhile
        assert last is not None
        assert "Last trick" in text and f"Round 2, trick {last.number}" in text and "won the trick" in text
        for play in last.plays:
            assert play.card.label in text
        await pilot.press("t")  # closes it again
        await pilot.pause()
        assert isinstance(app.screen, LuzTurnScreen)


async def test_the_cards_played_after_the_person_and_the_winner_are_shown(make_app) -> None:  # noqa: ANN001
    """The issue's second case: Ana (a person) leads, Ben and Chloé (computers) finish the trick and Chloé
    leads the next one at once. On Ana's next turn the finished trick is on the table, every card and the
    winner, marked as new, under the trick being played."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = session_of(app, round_two(), (None, "hard", "hard"))
        await app.start_session(session)
        await person_to_act(app, pilot, session, 0)
        await play_by_keys(pilot)  # Ana leads her card 1, R2
        screen = await person_to_act(app, pilot, session, 0)
        view = screen.view
        finished = view.last_trick
        assert finished is not None and finished.number == 1 and view.trick  # the winner has led trick 2
        trick = widget_text(app, "#luz-trick")
        assert "Trick:" in trick and "Last trick (1):" in trick
        winner = NAMES[finished.winner]
        assert f"{winner} won it (red led" in trick
        for play in finished.plays:
            assert f"{NAMES[play.seat]}  {play.card.label}" in trick
        # What Ana had not seen is marked: Ben's and Chloé's cards of trick 1, the win, the cards of trick 2.
        assert trick.count(NEW_MARK) == 2 + 1 + len(view.trick), trick
        assert f"Ana  R2 {NEW_MARK}" not in trick  # her own card she had seen played
        # And the count of tricks won by the winner.
        table_text = widget_text(app, "#luz-table")
        row = next(line for line in table_text.splitlines() if line.startswith(winner))
        assert f"{NEW_MARK}1" in row
        assert "new since your last look" in " ".join(table_text.split())


async def test_the_round_is_summed_up_before_the_next_one_is_decided(make_app) -> None:  # noqa: ANN001
    """Alone with two computers: when round 1 ends, a summary page (bids, tricks, points, totals, the last
    trick, the next deal) comes first; the computers wait until it is closed, and it comes only once."""
    state = last_trick_of_round_one()
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        person = state.current  # the person leads trick 10: the round ends on the computers' cards
        computers = tuple(None if seat == person else "hard" for seat in range(3))
        session = session_of(app, state, computers)
        await app.start_session(session)
        await person_to_act(app, pilot, session, person)
        await play_by_keys(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, PanelScreen), "the round's summary")
        await pilot.pause()
        public = session.view(None)
        assert public.round == 2 and len(public.results) == 1
        text = screen_text(app)
        assert "Round 1 is over" in text
        for seat, name in enumerate(NAMES):
            result = public.results[0][seat]
            row = next(line for line in text.splitlines() if f" {name} " in f" {line.strip()} " and "│" not in line)
            cells = row.split()
            assert cells[1:] == [render.bid_text(result.bid, result.bead), str(result.tricks), f"{result.points:+d}",
                                 str(public.status[seat].total)], row
        assert "Last trick:" in text and "won it" in text
        assert "Round 2: " in text and "deals" in text  # who deals and who bids first next
        # The computers wait while the summary is open.
        recorded = session.actions_recorded
        await pilot.pause(0.3)
        assert session.actions_recorded == recorded and isinstance(app.screen, PanelScreen)
        await pilot.press("enter")
        await pilot.pause()
        # Back at the table, the game goes on; the summary does not come back for the same round.
        await wait_until(pilot, lambda: session.view(None).phase == "play" or session.acting_seat() == person,
                         "the bidding to reach the person")
        for _ in range(20):
            await pilot.pause(0.02)
            assert not isinstance(app.screen, PanelScreen)
        assert isinstance(app.screen, LuzTurnScreen)
        # The totals changed since the person last looked: marked.
        assert NEW_MARK in widget_text(app, "#luz-table")


async def test_while_computers_play_the_sheet_and_the_last_trick_keys_work(make_app) -> None:  # noqa: ANN001
    """Looking is not playing: `t` and `s` open their pages while a computer is to move, and it waits."""
    app = make_app(computer_pause=0.5)
    async with app.run_test(size=(100, 30)) as pilot:
        session = session_of(app, round_two(), (None, "hard", "hard"))
        await app.start_session(session)
        await person_to_act(app, pilot, session, 0)
        await play_by_keys(pilot)
        await wait_until(pilot, lambda: app.computer_thinking is not None, "a computer to think")
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, PanelScreen) and "Round 1, trick 10" in screen_text(app)
        recorded = session.actions_recorded
        await pilot.pause(0.8)
        assert session.actions_recorded == recorded  # the computer waits while the trick is looked at
        await pilot.press("escape", "s")
        await pilot.pause()
        assert isinstance(app.screen, PanelScreen) and "Score sheet" in screen_text(app)
        await pilot.press("escape")


async def test_t_says_why_before_any_trick_is_finished(make_app) -> None:  # noqa: ANN001
    state = RULES.setup(list(NAMES), LuzOptions(), "first")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = session_of(app, state)
        await app.start_session(session)
        await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the handoff")
        handoff = app.screen
        await wait_until(pilot, lambda: handoff.armed, "the handoff to arm")
        await pilot.press("space")
        await wait_until(pilot, lambda: isinstance(app.screen, LuzTurnScreen), "the turn screen")
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, LuzTurnScreen)
        assert "No trick has been finished yet" in screen_text(app)


# Several people --------------------------------------------------------------------------------------------


async def take(app: Any, pilot: Any) -> None:
    await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the handoff")
    handoff = app.screen
    await wait_until(pilot, lambda: handoff.armed, "the handoff to arm")
    await pilot.press("space")
    await wait_until(pilot, lambda: not isinstance(app.screen, PassDeviceScreen), "a private screen")
    await pilot.pause()


async def play_on(app: Any, pilot: Any, session: HotseatSession, summaries: dict[int, int], until: Any) -> None:
    """Play by keys (first card, bid 1) until `until()` holds, counting the round summaries each seat sees."""
    for _ in range(80):
        if until():
            return
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, PassDeviceScreen):
            await take(app, pilot)
            continue
        if isinstance(screen, PanelScreen):
            assert "Round 1 is over" in screen_text(app)
            seat = app.screen_stack[-2].seat
            summaries[seat] = summaries.get(seat, 0) + 1
            await pilot.press("enter")
            await pilot.pause()
            continue
        if not isinstance(screen, LuzTurnScreen) or not screen.my_turn or app.computer_thinking is not None:
            await pilot.pause(0.02)
            continue
        if screen.bidding:
            await pilot.press("1", "enter")
        else:
            await play_by_keys(pilot)
    raise AssertionError("the game did not get there")


async def test_three_people_each_see_the_round_summed_up_once(make_app) -> None:  # noqa: ANN001
    state = last_trick_of_round_one()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = session_of(app, state)
        await app.start_session(session)
        summaries: dict[int, int] = {}
        await play_on(app, pilot, session, summaries, lambda: session.view(None).phase == "play"
                      and session.view(None).round == 2)
        assert summaries == {0: 1, 1: 1, 2: 1}


async def test_people_with_a_computer_between_them_each_see_the_summary(make_app) -> None:  # noqa: ANN001
    state = last_trick_of_round_one()
    computer = (state.current + 1) % 3
    people = {seat for seat in range(3) if seat != computer}
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = session_of(app, state, tuple("hard" if seat == computer else None for seat in range(3)))
        await app.start_session(session)
        summaries: dict[int, int] = {}
        await play_on(app, pilot, session, summaries, lambda: session.view(None).phase == "play"
                      and session.view(None).round == 2)
        assert summaries == {seat: 1 for seat in people}


async def test_the_handoff_names_the_card_each_person_played_blind(make_app) -> None:  # noqa: ANN001
    """The rules promise: the card you played blind is named on the next pass screen (several people)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = session_of(app, round_two())
        await app.start_session(session)
        await take(app, pilot)
        await play_by_keys(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), "the handoff")
        assert "Ana led R2 in trick 1" in screen_text(app)


# Nothing leaks ---------------------------------------------------------------------------------------------


class Viewer(App[None]):
    """One turn screen for a View, with the View of the seat's last look."""

    def __init__(self, view: LuzView, previous: LuzView | None) -> None:
        super().__init__()
        self.view, self.previous = view, previous

    def on_mount(self) -> None:
        self.push_screen(LuzTurnScreen(self.view, game_id="luz", title="Luz", previous_view=self.previous))


async def seen(view: LuzView, previous: LuzView | None, keys: tuple[str, ...] = ()) -> str:
    app = Viewer(view, previous)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
            await pilot.pause()
        return screen_text(app)


async def test_tricks_and_summaries_show_nothing_the_viewer_may_not_know() -> None:
    """The turn screen with a finished trick and marks, the last trick page and the round summary are the
    same whatever the viewer's own (unplayed) numbers are; their played cards do show."""
    rng = random.Random(25)
    # Round 2 being bid (round 1 summed up), and trick 2 of round 2 under way (trick 1 on the table).
    before_summary = round_two(bids=0)
    earlier = state_before_round_end()
    mid = first_legal(first_legal(first_legal(first_legal(round_two()))))
    for state, previous_state, keys in (
        (before_summary, earlier, ()),
        (mid, round_two(), ()),
        (mid, round_two(), ("t",)),
    ):
        seat = 1
        view, previous = RULES.view(state, seat), RULES.view(previous_state, seat)
        text = await seen(view, previous, keys)
        for _ in range(3):
            other = resample_own_numbers(state, seat, rng)
            other_before = resample_own_numbers(previous_state, seat, rng)
            assert other.hands[seat] != state.hands[seat]
            assert await seen(RULES.view(other, seat), RULES.view(other_before, seat), keys) == text
    # The summary itself was on the page of the first one, and Ben's own card of trick 1 is shown once played.
    assert "R5" in await seen(RULES.view(mid, 1), RULES.view(round_two(), 1))


def state_before_round_end() -> LuzState:
    state = RULES.setup(list(NAMES), LuzOptions(), "7")
    while not (state.round == 1 and state.trick_number == 10 and len(state.trick) == 1):
        state = first_legal(state)
    return state


async def test_the_summary_page_is_drawn_from_the_view_alone() -> None:
    app = Viewer(RULES.view(round_two(bids=0), 1), RULES.view(state_before_round_end(), 1))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PanelScreen)
        assert "Round 1 is over" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LuzTurnScreen)


# Results and the read-only table ---------------------------------------------------------------------------


def test_the_set_aside_cards_are_revealed_sorted() -> None:
    state = build([["R1"], ["R2"], ["R3"]], set_aside=["P8", "R7", "Y2", "G5", "R4", "B1", "Y8", "G3", "B7", "P1"])
    from rich.console import Console

    console = Console(width=100, record=True, color_system=None)
    console.print(reveal(revealed("luz", state), narrator_for("luz", state.players)))
    text = console.export_text()
    aside = text.split("Set aside this round: 10 cards", 1)[1].split()
    assert aside == ["R4", "R7", "Y2", "Y8", "G3", "G5", "B1", "B7", "P1", "P8"]


def test_nobody_is_to_play_once_the_game_is_over() -> None:
    from rich.console import Console

    state = RULES.setup(list(NAMES), LuzOptions(), "over")
    while RULES.to_act(state):
        state = first_legal(state)
    view = RULES.view(state, None)
    console = Console(width=100, record=True, color_system=None)
    console.print(table(view, narrator_for("luz", NAMES)))
    text = console.export_text()
    rows = [line for line in text.splitlines() if line.split()[:1] and line.split()[0] in NAMES]
    assert rows and not any("◀" in row for row in rows), text
    header = render.header(RULES.view(state, 0), "Luz").plain
    assert "to play" not in header and "Your turn" not in header and "Game over" in header


async def test_the_results_show_every_round_of_the_score_sheet(make_app) -> None:  # noqa: ANN001
    state = RULES.setup(list(NAMES), LuzOptions(), "results")
    while not (state.round == 4 and state.trick_number == 10 and len(state.trick) == 2):
        state = first_legal(state)
    app = make_app()
    async with app.run_test(size=(100, 60)) as pilot:
        session = session_of(app, state)
        seat = session.acting_seat()
        session.apply(seat, session.view(seat).legal_actions[0])
        await app.start_session(session)
        await wait_until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        text = screen_text(app)
        public = session.view(None)
        assert "Score sheet" in text
        for seat, name in enumerate(NAMES):
            row = next(line for line in text.splitlines() if line.strip("║ ").startswith(name + " ") and "/" in line)
            for result in (r[seat] for r in public.results):
                assert f"{render.bid_text(result.bid, result.bead)}/{result.tricks}" in row
                assert f"{result.points:+d}" in row
        assert "◀" not in text


# Marks -------------------------------------------------------------------------------------------------------


def test_marks_only_what_changed_since_the_last_look() -> None:
    state = round_two(bids=1)  # Ana bid 1
    before = RULES.view(state, 0)
    state = RULES.apply(state, 1, Bid(tricks=2, bead=True))
    state = RULES.apply(state, 2, Bid(tricks=0))
    after = RULES.view(state, 0)
    for seat, expected in ((0, (False, False, False)), (1, (True, False, False)), (2, (True, False, False))):
        assert render.status_changes(after, before, seat) == expected
    assert render.status_changes(after, None, 1) == (False, False, False)  # nothing to compare with
    assert render.anything_marked(after, before) and not render.anything_marked(after, None)
    assert not render.anything_marked(after, after)
    # A card led since: marked in the trick; the cards seen already are not.
    led = first_legal(state)
    from rich.console import Console

    console = Console(width=100, record=True, color_system=None)
    console.print(render.trick_panel(RULES.view(led, 1), RULES.view(state, 1)))
    console.print(render.trick_panel(RULES.view(led, 1), RULES.view(led, 1)))
    first, again = console.export_text().splitlines()[:2]
    assert f"R2 {NEW_MARK}" in first and NEW_MARK not in again
    # Nothing at all is marked on a screen with no earlier look (a resumed game).
    console.print(render.trick_panel(RULES.view(led, 1), None))
    assert NEW_MARK not in console.export_text()


def test_a_bid_made_in_a_new_round_is_marked() -> None:
    before = RULES.view(state_before_round_end(), 0)
    state = round_two(bids=1)
    after = RULES.view(state, 2)
    assert render.status_changes(after, RULES.view(state_before_round_end(), 2), 0)[0]  # Ana bid in round 2
    assert render.status_changes(RULES.view(state, 0), before, 1)[0] is False  # Ben has not bid yet
    assert render.status_changes(RULES.view(state, 0), before, 1)[2] is (
        state.results[0][1].points != 0
    )  # his total moved with round 1's points
