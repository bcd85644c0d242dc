"""Names are content, never markup, on every screen of every game, at the smallest terminal (80x24).

Each game is started through the setup screen by typing hostile names (brackets that look like markup, a
click action, a link, a backslash, sixteen wide characters), and again with names hypothesis makes up
(brackets, emoji, CJK, combining marks, right-to-left scripts). Each name must show exactly as typed on
the handoff screen, the turn screen, the resume list and the results screen, and nothing may crash.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select

from boardgames_tui.engine.registry import GAMES, get_game
from boardgames_tui.engine.saves import SCHEMA_VERSION, RecordedAction, SaveFile, SavedGame
from boardgames_tui.tui.app import BoardGamesApp
from boardgames_tui.narration import narrator_for
from boardgames_tui.tui.screens.menu import MainMenuScreen
from boardgames_tui.tui.screens.picker import GamePickerScreen
from boardgames_tui.tui.screens.replay import ReplayScreen
from boardgames_tui.tui.screens.saves import ResumeScreen
from boardgames_tui.tui.screens.setup import MAX_NAME_LENGTH, SetupScreen, check_names
from boardgames_tui.tui.screens.turn import TurnScreen
from boardgames_tui.tui.session import HotseatSession

from .conftest import TEST_HANDOFF_DELAY
from .helpers import screen_text, wait_for_handoff, wait_until

SIZE = (80, 24)
GAME_IDS = list(GAMES)

# Typed into the setup screen: each is at most 16 characters, the longest name the setup accepts.
TYPED = ["[b]Al[/i]", "字" * 16, "[dad]", "[@click=app.quit]"[:MAX_NAME_LENGTH], "\\", "[link=file:///e]"]
# A file may hold what a program other than the setup wrote: a link tag of the longest length a save takes
# (the same checks as setup) is shown as typed in the resume list and the results too.
LONG_LINK = "[link='file://']"


def visible(text: str) -> str:
    """Text as it can be compared whatever the layout did to it: no spaces or line breaks (a long name may
    wrap), and no box or block characters (the borders and scroll bars beside a wrapped line)."""
    return "".join(
        ch for ch in text if not ch.isspace() and not 0x2500 <= ord(ch) <= 0x259F and ch not in "▔▁▊▎"
    )


def assert_shows(app: BoardGamesApp, names: list[str], where: str) -> None:
    shown = visible(screen_text(app))
    for name in names:
        assert visible(name) in shown, f"{name!r} is not shown as typed on the {where}"


def seats_for(game_id: str, wanted: int) -> int:
    rules = get_game(game_id).rules()
    return max(rules.min_players, min(rules.max_players, wanted))


def finished_save(game_id: str, players: list[str], seed: str) -> tuple[SaveFile, Any]:
    """A game played to its end with random legal actions, as this version writes it."""
    rules = get_game(game_id).rules()
    options = rules.Options()
    state = rules.setup(tuple(players), options, seed)
    chooser = random.Random(seed)
    actions: list[RecordedAction] = []
    for _ in range(50_000):
        if rules.outcome(state) is not None:
            break
        seat = min(rules.to_act(state))
        action = chooser.choice(rules.legal_actions(state, seat))
        state = rules.apply(state, seat, action)
        actions.append(RecordedAction(seat=seat, action=rules.dump_action(action)))
    assert rules.outcome(state) is not None, f"{game_id}: the random playout did not end"
    save = SaveFile(
        schema_version=SCHEMA_VERSION,
        save_id=f"finished-{game_id}",
        game_id=game_id,
        players=tuple(players),
        options=options.model_dump(mode="json"),
        seed=seed,
        actions=tuple(actions),
        state=state.model_dump(mode="json"),
        created_at="2026-01-01T00:00:00+00:00",
        updated_at="2026-01-01T00:00:00+00:00",  # older than the game in progress: listed after it
        position=narrator_for(game_id, players).say(rules.turn_label(state)),
        finished=True,
    )
    return save, state


# Games whose names are typed key by key (Lifeboat seats every name); the others paste them, which is faster
# and goes through the same field.
TYPED_BY_KEYS = {"hanabi", "lifeboat"}


async def type_names(app: BoardGamesApp, pilot: Pilot[Any], game_id: str, names: list[str]) -> SetupScreen:
    """Main menu -> n -> the game in the picker -> its setup screen, with `names` typed in."""
    await pilot.press("n")
    assert isinstance(app.screen, GamePickerScreen)
    await pilot.press(*["down"] * GAME_IDS.index(game_id), "enter")
    setup = app.screen
    assert isinstance(setup, SetupScreen) and setup.spec.id == game_id
    setup.query_one("#player-count", Select).value = len(names)
    await pilot.pause()
    for seat, name in enumerate(names):
        field = setup.query_one(f"#name-{seat}", Input)
        field.focus()
        await pilot.press("home", "ctrl+k")
        if game_id in TYPED_BY_KEYS:
            await pilot.press(*name)
        else:
            field.insert_text_at_cursor(name)
        await pilot.pause()
        assert field.value == name
        assert_shows(app, [name], "setup screen")  # the field being typed in is in view
    return setup


async def check_handoff_and_turn(app: BoardGamesApp, pilot: Pilot[Any]) -> None:
    """The first handoff names the incoming player as typed; so does their turn screen."""
    session = app.session
    assert session is not None
    handoff = await wait_for_handoff(app, pilot)
    await wait_until(pilot, lambda: handoff.armed, "the handoff to arm")
    seat = handoff.seat
    name = session.players[seat]
    assert_shows(app, [name], "handoff screen")
    assert visible(f"Pass the device to {name}") in visible(screen_text(app))
    await pilot.press("space")
    await wait_until(pilot, lambda: isinstance(app.screen, TurnScreen), "the turn screen")
    await pilot.pause()
    assert_shows(app, [name], f"{session.spec.id} turn screen")
    await pilot.press("q", "y")  # back to the main menu: the game is saved
    await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen), "the main menu")


async def check_resume_list_and_results(
    app: BoardGamesApp, pilot: Pilot[Any], game_id: str, playing: list[str], finished: list[str]
) -> None:
    """The resume list shows both games' players as typed; the finished one opens in its replay, which
    names them as typed too."""
    await pilot.press("c")
    resume = app.screen
    assert isinstance(resume, ResumeScreen)
    assert all(isinstance(entry, SavedGame) for entry in resume.entries), resume.entries
    title = narrator_for(game_id, ()).title
    shown = visible(screen_text(app))
    for players in (playing, finished):
        assert visible(f"{title} · {', '.join(players)}") in shown or visible(", ".join(players)) in shown, players
    index = next(i for i, e in enumerate(resume.entries) if isinstance(e, SavedGame) and e.save.finished)
    options = resume.query_one("#saves", OptionList)
    options.highlighted = options.get_option_index(str(index))
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
    await pilot.pause()
    assert_shows(app, finished, f"{game_id} replay screen")
    await pilot.press("escape", "escape")
    await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen), "the main menu")


def write_finished(app: BoardGamesApp, game_id: str, players: list[str], seed: str) -> None:
    save, _state = finished_save(game_id, players, seed)
    app.store.write(save)


# Typed into the setup screen ----------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_typed_hostile_names_show_as_typed_everywhere(make_app, game_id: str) -> None:
    names = TYPED[: seats_for(game_id, 4 if game_id != "lifeboat" else 6)]
    if game_id == "splendor_duel":
        names = [TYPED[0], TYPED[1]]
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await type_names(app, pilot, game_id, names)
        await pilot.press("ctrl+s")
        await wait_for_handoff(app, pilot, "the first handoff")
        assert app.session is not None and list(app.session.players) == names
        await check_handoff_and_turn(app, pilot)
        finished = [LONG_LINK, *names[1:]]
        write_finished(app, game_id, finished, seed="hostile-1")
        await check_resume_list_and_results(app, pilot, game_id, names, finished)
        assert app.is_running


# Made up by hypothesis -----------------------------------------------------------------------------

ALPHABET = st.sampled_from(
    [*"[]\\/@=:'$", *"ab", "字", "漢", "😀", "🎲", "\u0301", "\u0308", "é", "א", "ב", "ש", "ب", "ن", "ع", " "]
)
NAME = st.one_of(
    st.text(ALPHABET, min_size=1, max_size=MAX_NAME_LENGTH),
    st.just("字" * MAX_NAME_LENGTH),
    st.sampled_from(TYPED),
).map(lambda name: unicodedata.normalize("NFC", name).strip())


def usable(names: list[str]) -> bool:
    return check_names(names) is None


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_made_up_names_show_as_typed_everywhere(game_id: str, data: st.DataObject) -> None:
    rules = get_game(game_id).rules()
    count = data.draw(st.integers(rules.min_players, rules.max_players), label="players")
    names = data.draw(st.lists(NAME, min_size=count, max_size=count).filter(usable), label="names")

    async def play() -> None:
        with tempfile.TemporaryDirectory() as folder:
            app = BoardGamesApp(save_dir=Path(folder) / "saves", handoff_delay=TEST_HANDOFF_DELAY)
            async with app.run_test(size=SIZE) as pilot:
                session = HotseatSession.new(game_id, names, rules.Options(), app.store, seed="made-up")
                await app.start_session(session)
                await check_handoff_and_turn(app, pilot)
                write_finished(app, game_id, names, seed="made-up-end")
                await check_resume_list_and_results(app, pilot, game_id, names, names)
                assert app.is_running

    asyncio.run(play())
