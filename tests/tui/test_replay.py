"""Replays of finished games: rebuilt from the recorded actions, refused for games still being played, and
stepped with keys on the replay screen."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine.registry import GAMES, get_game
from boardgames_tui.engine.saves import SavedGame, SaveStore
from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.narration.replay import PUBLIC, REVEALED, Replay, ReplayRefused
from boardgames_tui.tui.screens.replay import CHANGED_MARK, ReplayScreen, changed_lines
from boardgames_tui.tui.screens.saves import ResumeScreen
from boardgames_tui.tui.session import HotseatSession

from .helpers import screen_text
from .test_hostile_names import finished_save, seats_for

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]


def stored_finished(game_id: str, store: SaveStore, seed: str = "replay") -> SavedGame:
    save, _state = finished_save(game_id, NAMES[: seats_for(game_id, 4)], seed)
    path = store.write(save)
    loaded = store.load(path)
    assert isinstance(loaded, SavedGame)
    return loaded


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_last_step_is_the_saved_final_state(game_id: str, save_dir: Path) -> None:
    saved = stored_finished(game_id, SaveStore(save_dir))
    replay = Replay(saved)
    rules = get_game(game_id).rules()
    assert replay.steps == len(saved.save.actions)
    assert replay.state(replay.steps).model_dump(mode="json") == saved.save.state
    assert replay.state(0) == rules.setup(saved.save.players, rules.Options(), saved.save.seed)
    # Every step says something, and the steps together tell the whole log once, in order.
    steps = [replay.step(n, REVEALED) for n in range(0, replay.steps + 1)]
    assert all(step.lines for step in steps[1:])
    told = [line for step in steps if step.logged for line in step.lines]
    assert told == list(replay.log_lines(replay.steps, REVEALED))
    assert all(replay.step(n, PUBLIC).lines for n in range(1, replay.steps + 1))
    assert replay.viewpoints() == (REVEALED, PUBLIC, *range(len(saved.save.players)))
    assert replay.headline()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_an_unfinished_game_cannot_be_replayed(game_id: str, save_dir: Path) -> None:
    store = SaveStore(save_dir)
    rules = get_game(game_id).rules()
    players = tuple(NAMES[: seats_for(game_id, 4)])
    session = HotseatSession.new(game_id, players, rules.Options(), store, seed="mid")
    chooser = random.Random(3)
    for _ in range(6):
        seat = session.acting_seat()
        assert seat is not None
        session.apply(seat, chooser.choice(session.view(seat).legal_actions))
    store.flush()
    loaded = store.load(session.save_path)
    assert isinstance(loaded, SavedGame) and not loaded.save.finished
    with pytest.raises(ReplayRefused):
        Replay(loaded)
    # A file claiming to be finished does not help: the flag is the rebuilt game's, and Replay checks it.
    forged = SavedGame(loaded.path, loaded.save.model_copy(update={"finished": True}), loaded.state)
    with pytest.raises(ReplayRefused):
        Replay(forged)


def test_changed_lines_marks_new_and_different_lines_only() -> None:
    assert changed_lines(["a", "b", "c"], ["a", "B", "c", "d"]) == {1, 3}
    assert changed_lines(["a", "b"], ["a", "b"]) == set()
    assert changed_lines(["a", "b", "c"], ["a", "c"]) == set()


def steps_changing(screen: ReplayScreen, number: int) -> bool:
    width = 90
    before = [line.plain for line in screen._table_lines(number - 1, screen.viewpoint, width)]
    after = [line.plain for line in screen._table_lines(number, screen.viewpoint, width)]
    return bool(changed_lines(before, after))


async def open_first_finished(app: BoardGamesApp, pilot: Any) -> ReplayScreen:
    await pilot.press("c")
    assert isinstance(app.screen, ResumeScreen)
    assert "Finished" in screen_text(app)
    options = app.screen.query_one("#saves")
    while not app.screen.status_line().startswith("Enter replays"):
        await pilot.press("down")
        assert options.highlighted is not None
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, ReplayScreen)
    return app.screen


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_stepping_a_replay_with_keys(game_id: str, make_app: Callable[..., BoardGamesApp], save_dir: Path) -> None:
    saved = stored_finished(game_id, SaveStore(save_dir))
    steps = len(saved.save.actions)
    app = make_app()
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await open_first_finished(app, pilot)
        assert screen.step_number == 0 and "The deal" in screen_text(app), "a replay starts from the deal"
        assert f"Step 0 of {steps}" in screen_text(app)
        await pilot.press("end")
        assert f"Step {steps} of {steps}" in screen_text(app)
        assert " ".join(screen.replay.headline().split()) in " ".join(screen_text(app).split())
        await pilot.press("right")  # nothing after the end: the key says why
        assert "last step" in screen_text(app)
        await pilot.press("left")
        assert screen.step_number == steps - 1
        await pilot.press("home")
        assert screen.step_number == 0 and "The deal" in screen_text(app)
        await pilot.press("left")
        assert "no step before" in screen_text(app)
        await pilot.press("right")
        assert screen.step_number == 1
        # The first step that changes the table (a rack arranged in private changes no public line).
        changing = next(n for n in range(1, steps + 1) if steps_changing(screen, n))
        await pilot.press(*str(changing), "enter")
        await pilot.pause()
        assert CHANGED_MARK.strip() in screen_text(app), "what changed with the step is marked, and is in view"
        await pilot.press("3", "enter")
        assert screen.step_number == 3 and "Step 3 of" in screen_text(app)
        await pilot.press("9", "9", "9", "9", "9", "enter")
        assert screen.step_number == 3 and "There is no step 99999" in screen_text(app)
        await pilot.press("end")
        assert screen.step_number == steps
        names = saved.save.players
        for expected in ("everything revealed", "the public table", *(f"as {name} saw it" for name in names)):
            assert f"viewpoint: {expected}" in screen_text(app)
            await pilot.press("v")
        assert "viewpoint: everything revealed" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, ResumeScreen)


async def test_enter_resumes_a_game_in_progress_and_replays_a_finished_one(
    make_app: Callable[..., BoardGamesApp], save_dir: Path
) -> None:
    store = SaveStore(save_dir)
    stored_finished("hanabi", store)
    rules = get_game("hanabi").rules()
    HotseatSession.new("hanabi", ("Ana", "Ben"), rules.Options(), store, seed="going")
    store.flush()
    app = make_app()
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.press("c")
        text = screen_text(app)
        assert text.index("In progress") < text.index("Finished")
        await pilot.press("enter")  # the first readable row: the game in progress
        await pilot.pause()
        assert not isinstance(app.screen, ReplayScreen)
        assert app.session is not None and app.session.outcome() is None


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_switching_the_viewpoint_marks_only_what_the_step_changed(
    game_id: str, make_app: Callable[..., BoardGamesApp], save_dir: Path
) -> None:
    """The marks compare the step with the step before, both from the new viewpoint: switching the viewpoint
    (which redraws the whole table) never marks the whole table, and the deal marks nothing."""
    saved = stored_finished(game_id, SaveStore(save_dir))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_first_finished(app, pilot)
        for _ in screen.replay.viewpoints():
            await pilot.press("v")
            assert CHANGED_MARK not in screen.marked_table().plain, "the deal has no step before it"
        changing = next(n for n in range(1, len(saved.save.actions) + 1) if steps_changing(screen, n))
        await pilot.press(*str(changing), "enter")
        await pilot.pause()
        width = screen._table_width()
        for viewpoint in screen.replay.viewpoints():
            assert screen.viewpoint == viewpoint
            rows = screen.marked_table().plain.split("\n")
            marked = {index for index, row in enumerate(rows) if row.startswith(CHANGED_MARK)}
            before = [line.plain for line in screen._table_lines(changing - 1, viewpoint, width)]
            after = [line.plain for line in screen._table_lines(changing, viewpoint, width)]
            assert marked == changed_lines(before, after), viewpoint
            assert len(marked) < len(rows), f"every row marked from viewpoint {viewpoint!r}"
            await pilot.press("v")
            await pilot.pause()
