"""The public table of every game: `t` on the pass screen shows it (and the screen of a table of computers
only), drawn from the public View alone — the same whatever any seat holds."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rich.console import Console

from boardgames_tui.engine.registry import GAMES, get_game
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.tui.games import public_table
from boardgames_tui.tui.screens.panel import PanelScreen
from boardgames_tui.tui.session import HotseatSession
from tests.test_record_no_leak import positions, resampled
from tests.test_records import folders, store  # noqa: F401 - the same save folder as the records' tests

from .helpers import screen_text, wait_for_handoff
from .test_computers import PLAYERS, seat_count


def drawn(renderable: Any) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_has_a_public_table_that_shows_nothing_any_seat_hides(store: SaveStore, game_id: str) -> None:  # noqa: F811
    rules = get_game(game_id).rules()
    draw = public_table(game_id)
    rng = random.Random(25)
    for saved in positions(store, game_id):
        seen = drawn(draw(rules.view(saved.state, None)))
        for _again in range(3):
            other = resampled(saved, None, rng)
            assert drawn(draw(rules.view(other.state, None))) == seen, game_id
        with pytest.raises(ValueError):
            draw(rules.view(saved.state, 0))  # a seat's View is never drawn as the public table


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_t_on_the_pass_screen_shows_the_public_table(make_app: Any, game_id: str) -> None:
    count = seat_count(game_id)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        session = HotseatSession.new(game_id, PLAYERS[:count], get_game(game_id).rules().Options(), app.store, seed="t")
        await app.start_session(session)
        handoff = await wait_for_handoff(app, pilot)
        await pilot.press("t")
        await pilot.pause()
        page = app.screen
        assert isinstance(page, PanelScreen) and not getattr(page, "PRIVATE", False)
        assert PLAYERS[0] in screen_text(app)
        await pilot.press("t")
        await pilot.pause()
        assert app.screen is handoff
