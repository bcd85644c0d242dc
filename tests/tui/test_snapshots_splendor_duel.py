"""Snapshot tests (pytest-textual-snapshot) of the Splendor Duel turn screen, key by key: a fresh turn, a
selection of tokens, a refused key's reason, the payment chooser, a reservation's gold, a numbered choice
with the legend shown, a card's token, a computer thinking, and the screen in Chinese.

Regenerate after an intended change with `pytest tests/tui/test_snapshots_splendor_duel.py
--snapshot-update` and look at the SVGs in __snapshots__/ before committing them.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from textual.pilot import Pilot

from boardgames_tui.engine.base import event
from boardgames_tui.engine.splendor_duel.models import SplendorDuelState
from boardgames_tui.tui.games.splendor_duel.screen import SplendorDuelTurnScreen

from ..engine.splendor_duel.helpers import R, W, board, build, player, tokens
from .helpers import resume_state, saved_session, wait_until

SMALL = (80, 24)
WIDE = (100, 30)

# What Ben did on his last turn: the news Ana reads at the start of hers.
NEWS = {
    "log": (
        event("privilege_used", seat=1, colour=R, cell=12),
        event("replenished", seat=1, count=12, privilege="supply"),
        event("bought", seat=1, card=35, reserved=False, payment=[0, 2, 0, 2, 0, 0, 1]),
        event("stole", seat=1, colour=W, victim=0),
    ),
    "news_start": 0,
}

# Ana (to play) holds a privilege; the board has gems, a pearl and two golds; card 21 can be paid 5 ways.
START = build(
    board_cells=board("W.R..", ".BG..", "..KY.", "P....", "....Y"),
    seats=(player(tokens(W=1, B=1, G=1, R=1, Y=1), privileges=1, reserved=(6,)), player(tokens(K=3), cards=(2, 7))),
    pyramid=((21, 2, 3, 4, 5), (31, 32, 33, 34), (55, 56, 57)),
    turn=5,
    **NEWS,
)

Run = Callable[[Pilot[Any]], Coroutine[Any, Any, None]]


def after(state: SplendorDuelState, *keys: str) -> Run:
    """Resume `state`, take the device, then press `keys`."""

    async def run(pilot: Pilot[Any]) -> None:
        await resume_state(pilot.app, pilot, state)  # type: ignore[arg-type]
        for key in keys:
            await pilot.press(key)
        await pilot.pause()

    return run


def test_a_fresh_turn(snap_compare, make_app) -> None:
    assert snap_compare(make_app(), terminal_size=SMALL, run_before=after(START))


def test_a_fresh_turn_wide(snap_compare, make_app) -> None:
    assert snap_compare(make_app(), terminal_size=WIDE, run_before=after(START))


def test_tokens_selected(snap_compare, make_app) -> None:
    # B2 and C2 (blue, green): a line Enter takes.
    run = after(START, "up", "left", "space", "right", "space")
    assert snap_compare(make_app(), terminal_size=WIDE, run_before=run)


def test_a_refused_key_says_why(snap_compare, make_app) -> None:
    # Card 2 is out of reach: b says how many tokens are short, in the detail line's place.
    run = after(START, "tab", "right", "b")
    assert snap_compare(make_app(), terminal_size=SMALL, run_before=run)


def test_the_payment_chooser(snap_compare, make_app) -> None:
    run = after(START, "tab", "b", "down", "down")
    assert snap_compare(make_app(), terminal_size=SMALL, run_before=run)


def test_the_gold_of_a_reservation(snap_compare, make_app) -> None:
    run = after(START, "tab", "v")
    assert snap_compare(make_app(), terminal_size=WIDE, run_before=run)


def test_a_numbered_choice_with_the_legend(snap_compare, make_app) -> None:
    me = player(tokens(W=2, B=2, G=2, R=2, K=2, P=1), privileges=1)
    state = build(board_cells=board("W.R..", ".....", "..Y..", ".....", "....."), seats=(me, player()), phase="discard")
    assert snap_compare(make_app(), terminal_size=SMALL, run_before=after(state, "g", "enter"))


def test_a_card_gives_a_token(snap_compare, make_app) -> None:
    state = build(board_cells=board("R....", ".....", "..Y..", ".....", "....R"), phase="take_token", choice_colour=R)
    assert snap_compare(make_app(), terminal_size=SMALL, run_before=after(state, "down", "down", "right", "right", "enter"))


async def _computer_thinks(pilot: Pilot[Any]) -> None:
    """Ana, alone against a computer, takes a white token; Ben thinks (for longer than the test looks)."""
    app: Any = pilot.app
    state = build(board_cells=board("W....", ".....", "..G..", ".....", "....."), seats=(player(), player()))
    await app.start_session(saved_session(app, state, "splendor_duel", computers=(None, "hard")))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, SplendorDuelTurnScreen)
    while screen.cell != 0:
        await pilot.press("up" if screen.cell >= 5 else "left")
    await pilot.press("space", "enter")
    await wait_until(pilot, lambda: app.computer_thinking == 1 and screen.notice != "", "Ben to think")
    await pilot.pause()


def test_a_computer_thinking(snap_compare, make_app) -> None:
    assert snap_compare(make_app(computer_pause=30.0), terminal_size=WIDE, run_before=_computer_thinks)


def test_in_chinese(snap_compare, make_app, in_chinese) -> None:
    assert snap_compare(make_app(), terminal_size=WIDE, run_before=after(START, "tab"))
