"""Status lines are never stale: after every action of random games (one person against computers, every
game), once the screen has drawn, everything it shows about the game agrees with the session — the View it
is drawn from, the position in its header, whose turn the header and the key bar say it is."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardgames_tui.bots import BOTS
from boardgames_tui.engine.registry import GAMES, get_game
from boardgames_tui.tui.screens.turn import TurnScreen
from boardgames_tui.tui.session import HotseatSession
from boardgames_tui.tui.widgets.keybar import KeyBar

from .helpers import wait_until
from .test_computers import PLAYERS, seat_count

PERSON_ACTIONS = 12


def header_text(screen: TurnScreen) -> str | None:
    """The header line of a game's turn screen, a Static or a widget of its own whose id ends in "-header"
    (None while the screen is not composed yet)."""
    headers = [widget for widget in screen.query("*") if (widget.id or "").endswith("-header")]
    return str(headers[0].render()) if headers else None


def disagreements(app: Any, session: HotseatSession) -> list[str]:
    """What the screen in front of the table shows that the session does not say (empty when all agree)."""
    screen = app.screen
    problems = []
    bar = "".join(str(bar.render()) for bar in screen.query(KeyBar).results(KeyBar))
    prompt = "".join(str(line.render()) for line in screen.query("#prompt"))
    computer_to_move = session.next_step().kind == "computer"
    if not computer_to_move and app.computer_thinking is None:
        for where, text in (("key bar", bar), ("prompt", prompt)):
            if "thinking" in text:
                problems.append(f"the {where} says a computer thinks on a person's turn: {text!r}")
    if not isinstance(screen, TurnScreen):
        return problems
    if screen.view != session.view(screen.seat):
        problems.append("the screen is drawn from an older View")
    header = header_text(screen)
    if header is None:
        return problems
    where = session.position().split(" · ")[0]
    if where not in header:
        problems.append(f"the header {header!r} does not say {where!r}")
    if session.acting_seat() != screen.seat and "Your turn" in header:
        problems.append(f"the header says it is the person's turn while {session.acting_seat()} acts: {header!r}")
    return problems


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_what_the_screen_says_agrees_with_the_session_after_every_action(make_app: Any, game_id: str) -> None:
    count = seat_count(game_id)
    level = "easy" if "easy" in BOTS[game_id] else "random"
    rng = random.Random(game_id)
    app = make_app(computer_pause=0.05)  # long enough for the screen to say that the computer thinks
    found: list[str] = []
    async with app.run_test(size=(110, 32)) as pilot:
        session = HotseatSession.new(
            game_id, PLAYERS[:count], get_game(game_id).rules().Options(), app.store, seed="25", computers=(None, *(level,) * (count - 1))
        )
        original = app.show_next

        def show_next_and_check(step: Any) -> None:
            before = app.screen
            original(step)
            if app.screen is before:  # the same screen redraws for the new View: at once, every part of it
                app.call_after_refresh(lambda: found.extend(disagreements(app, session)))

        app.show_next = show_next_and_check  # type: ignore[method-assign]
        await app.start_session(session)
        for _action in range(PERSON_ACTIONS):
            await wait_until(
                pilot,
                lambda: session.outcome() is not None or (app.computer_thinking is None and session.next_step().kind != "computer"),
                "the person's decision",
                timeout=20,
            )
            await pilot.pause()
            found.extend(disagreements(app, session))
            if session.outcome() is not None:
                break
            screen = app.screen
            if not isinstance(screen, TurnScreen):  # a page over the table (a Luz round's summary): read, closed
                await pilot.press("enter")
                await pilot.pause()
                screen = app.screen
            assert isinstance(screen, TurnScreen) and screen.seat == 0
            assert header_text(screen), "every turn screen has a header the checks above read"
            screen.submit(rng.choice(list(screen.view.legal_actions)))
            await pilot.pause()
        await pilot.pause()
    assert not found, found
