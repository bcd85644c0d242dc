"""Snapshot tests (pytest-textual-snapshot) of the Rummikub turn screen, each at 80x24 and at a wider size:
a fresh turn, tiles selected with the cursor on a set, a refused key with its reason, the American draw with
its clock, a computer thinking on the person's screen, and a turn in Chinese.

Regenerate after an intended change with `pytest tests/tui/test_snapshots_rummikub.py --snapshot-update`
and look at the SVGs in __snapshots__/ before committing them.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.engine.base import event
from boardgames_tui.tui.games.rummikub.screen import RummikubTurnScreen

from ..engine.rummikub.helpers import build, ids, vbuild
from .helpers import resume_state, wait_until
from .test_rummikub_table_handling import wait_for_person, with_computers

SIZES = [(80, 24), (110, 32)]
SIZE_IDS = ["80x24", "110x32"]


def standard_state() -> Any:
    """Ana's standard turn before her initial meld, with a joker on the table and news since her last look."""
    state = build(["R10 R11 R12 K4 O7 B2 J", "B1 B3 B9"], ["K1 K2 K3", "O4 J' O6"], pool="K13 R13")
    dealt = event("first_player", seat=1, direction="clockwise")
    return state.model_copy(update={"melded": (False, True), "log": (dealt,), "told": (0, 1)})


async def _standard(pilot: Pilot[Any]) -> RummikubTurnScreen:
    await resume_state(pilot.app, pilot, standard_state())  # type: ignore[arg-type]
    screen = pilot.app.screen
    assert isinstance(screen, RummikubTurnScreen)
    return screen


async def _select(pilot: Pilot[Any], screen: RummikubTurnScreen, labels: str) -> None:
    for tile in ids(labels):
        rack = [t.id for t in screen.view.rack or ()]
        while rack[screen.cursor.index] != tile:
            await pilot.press("right")
        await pilot.press("space")


async def fresh_turn(pilot: Pilot[Any]) -> None:
    await _standard(pilot)
    await pilot.pause()


async def selection_on_a_set(pilot: Pilot[Any]) -> None:
    screen = await _standard(pilot)
    await _select(pilot, screen, "R10 R11")
    await pilot.press("tab", "down", "right", "right")
    await pilot.pause()


async def refused_end_turn(pilot: Pilot[Any]) -> None:
    await _standard(pilot)
    await pilot.press("e")  # nothing played: the turn cannot end, and the status line says why
    await pilot.pause()


async def american_draw_with_clock(pilot: Pilot[Any]) -> None:
    state = vbuild(
        "american", ["R3 R4 K9 K10", "B1 B2", "O7 O8"], discards=[("K6", 1)], phase="draw", options={"turn_timer": "120 s"}
    )
    await resume_state(pilot.app, pilot, state)  # type: ignore[arg-type]
    screen = pilot.app.screen
    assert isinstance(screen, RummikubTurnScreen)
    screen.clock_timer.pause()  # the picture must not depend on how many seconds went by
    screen.seconds_left = 75
    size = pilot.app.size
    await pilot.resize_terminal(size.width + 1, size.height)  # every panel drawn again, the clock with them
    await pilot.resize_terminal(size.width, size.height)
    await pilot.press("space")  # a table key before the draw: the ways to draw
    await pilot.pause()


async def computer_thinking(pilot: Pilot[Any]) -> None:
    state = build(["R5 B9 K1 O12", "K2 K3 K4 O1"], ["B9 B10 B11", "R1 R2 R3"], pool="K13 R13")
    app = pilot.app
    session = with_computers(app, state, (None, "hard"))
    await app.start_session(session)  # type: ignore[attr-defined]
    await wait_for_person(app, pilot, session)
    await pilot.press("d")  # Ana draws; Ben thinks on her screen for as long as the picture takes
    await wait_until(pilot, lambda: app.computer_thinking is not None, "Ben to think", 5)  # type: ignore[attr-defined]
    await pilot.pause(0.2)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_fresh_turn(snap_compare, make_app, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(), terminal_size=size, run_before=fresh_turn)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_selection_on_a_set(snap_compare, make_app, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(), terminal_size=size, run_before=selection_on_a_set)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_refused_end_turn(snap_compare, make_app, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(), terminal_size=size, run_before=refused_end_turn)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_american_draw_with_clock(snap_compare, make_app, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(), terminal_size=size, run_before=american_draw_with_clock)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_computer_thinking(snap_compare, make_app, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(computer_pause=60.0), terminal_size=size, run_before=computer_thinking)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_selection_in_chinese(snap_compare, make_app, in_chinese, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(), terminal_size=size, run_before=selection_on_a_set)
