"""Snapshot tests (pytest-textual-snapshot) of the Lifeboat turn screen, key-scripted from fixed positions:
a fresh action turn, a sub-menu open, the rowed cards being placed, a refused key's reason, Love and Hate
hidden, a trade with a card put in, a computer thinking, and one turn in Chinese; at 80x24 and at 100x30.

Regenerate after an intended change with `pytest tests/tui/test_snapshots_lifeboat.py --snapshot-update` and
look at the SVGs in __snapshots__/ before keeping them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.engine.lifeboat.rules import RULES

from ..engine.lifeboat.helpers import build
from .keys import show_state

FOUR = ("lady_lauren", "sir_stephen", "captain", "first_mate")  # seats 0-3 = Ana, Ben, Cy, Dee, bow to stern
ANA, BEN, CY, DEE = range(4)
SIZES = {"80x24": (80, 24), "100x30": (100, 30)}


def action_state() -> Any:
    return build(FOUR, hands={ANA: ["knife", "water", "medical_kit"], BEN: ["jewels"]}, face_up={CY: ["oar"]}, wounds={DEE: 1})


def trade_state() -> Any:
    """Ana proposes a trade to Ben: she chooses the cards to offer."""
    state = action_state()
    return RULES.apply(state, ANA, next(a for a in RULES.legal_actions(state, ANA) if a.kind == "propose_trade"))


def row_state() -> Any:
    return build(FOUR, face_up={ANA: ["oar"]})


def scripted(make_state: Callable[[], Any], keys: tuple[str, ...], notice: str = "") -> Callable[[Pilot[Any]], Any]:
    """Resume the position, take the device, press `keys`; then show `notice` as the app does while a computer
    plays on this screen."""

    async def run_before(pilot: Pilot[Any]) -> None:
        screen = await show_state(pilot.app, pilot, make_state())  # type: ignore[arg-type]
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        if notice:
            screen.notice = notice
        await pilot.pause()

    return run_before


SCRIPTS: dict[str, tuple[Callable[[], Any], tuple[str, ...], str]] = {
    "fresh-turn": (action_state, (), ""),
    "rob-menu": (action_state, ("b", "down"), ""),
    "rowing": (row_state, ("o", "1", "up"), ""),
    "refused": (action_state, ("u",), ""),
    "hidden-and-hand": (action_state, ("h", "right", "down"), ""),
    "trade-card-in": (trade_state, ("right", "space"), ""),
    "thinking": (action_state, ("right",), "Ben (computer) is thinking…"),
}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("script", list(SCRIPTS))
def test_lifeboat_turn_screen(snap_compare, make_app, script: str, size: str) -> None:
    make_state, keys, notice = SCRIPTS[script]
    app = make_app(handoff_delay=0.0)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=scripted(make_state, keys, notice))


@pytest.mark.parametrize("size", list(SIZES))
def test_lifeboat_turn_screen_in_chinese(snap_compare, make_app, in_chinese: None, size: str) -> None:
    app = make_app(handoff_delay=0.0)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=scripted(action_state, ("t", "x")))
