"""The Rummikub hint key (h): on only with the game's hints option; it names the best play the move
finder sees from the seat's View, and otherwise says why it does nothing."""

from __future__ import annotations

from boardgames_tui.engine.rummikub.models import MoveTiles, RummikubOptions
from boardgames_tui.tui.games.rummikub.screen import RummikubTurnScreen
from boardgames_tui.tui.widgets.keybar import KeyBar

from ..engine.rummikub.helpers import build
from .helpers import resume_state, screen_text


def key_bar_text(app) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one(KeyBar).render())


async def test_hint_names_the_play_that_splits_a_run(make_app) -> None:
    state = build(["R3' K12 O2", "K1 K2 K3 K4 K5 K6 K7 K8"], ["R1 R2 R3 R4 R5 R6"], options=RummikubOptions(hints=True))
    app = make_app()
    async with app.run_test(size=(110, 34)) as pilot:
        await resume_state(app, pilot, state)
        screen = app.screen
        assert isinstance(screen, RummikubTurnScreen)
        assert "Hint" in screen_text(app)  # in the key bar while hints are on
        await pilot.press("h")
        await pilot.pause()
        status = str(screen.query_one("#status").render())
        assert "you can lay 1 tile: R3" in status
        assert "R3 R4 R5 R6" in status and "R1 R2 R3" in status
        assert screen.view.rack is not None and len(screen.view.rack) == 3  # a hint moves nothing
        await pilot.press("question_mark")
        await pilot.pause()
        assert "a hint: the most tiles you could lay now" in screen_text(app)


async def test_hint_says_when_nothing_fits(make_app) -> None:
    state = build(["K12 O2", "K1 K2 K3 K4 K5 K6 K7 K8"], ["R1 R2 R3"], options=RummikubOptions(hints=True))
    app = make_app()
    async with app.run_test(size=(110, 34)) as pilot:
        await resume_state(app, pilot, state)
        await pilot.press("h")
        await pilot.pause()
        assert "none of your tiles fits" in str(app.screen.query_one("#status").render())


async def test_hint_key_is_off_by_default_and_says_why(make_app) -> None:
    state = build(["R3' K12", "K1 K2 K3 K4 K5 K6 K7 K8"], ["R1 R2 R3 R4 R5 R6"])
    assert state.options.hints is False
    app = make_app()
    async with app.run_test(size=(110, 34)) as pilot:
        await resume_state(app, pilot, state)
        assert "Hint" not in screen_text(app)
        await pilot.press("h")
        await pilot.pause()
        assert "Hints are off in this game" in str(app.screen.query_one("#status").render())


async def test_hint_after_laying_the_finders_play_says_nothing_more_is_to_lay(make_app) -> None:
    state = build(["R5 R6 R7 K1", "K2 K3 K4 K5 K6 K7 K8"], ["O9 O10 O11"], options=RummikubOptions(hints=True))
    app = make_app()
    async with app.run_test(size=(110, 34)) as pilot:
        session = await resume_state(app, pilot, state)
        await pilot.press("h")
        status = str(app.screen.query_one("#status").render())
        assert "you can lay 3 tiles: R5 R6 R7" in status
        run = tuple(t for t in state.racks[0] if t != state.racks[0][-1])  # R5 R6 R7, not K1
        app.play(0, MoveTiles(tiles=run))
        await pilot.pause()
        assert session.view(0).played_this_turn == run
        await pilot.press("h")
        status = str(app.screen.query_one("#status").render())
        assert "nothing more to lay than what you laid this turn" in status, status
        assert "R5" not in status and "The sets that change" not in status
