"""Computers at the table: a lone person is never handed off to, several people are handed off to only
between themselves and told what the computers did, a computer's move waits for nobody's key, and the
seat kinds are saved."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.bots import BOTS
from boardgames_tui.engine.registry import GAMES, get_game
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
from boardgames_tui.tui.screens.turn import TurnScreen
from boardgames_tui.tui.screens.watch import WatchScreen
from boardgames_tui.tui.session import HotseatSession

from tests.resamplers import table_size

from .helpers import process_gone, screen_text, wait_until

PLAYERS = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fay")


def seat_count(game_id: str) -> int:
    return table_size(game_id)


class HandoffLog:
    """Records every handoff the app prepares (who it is for and the news it carries)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[dict[str, Any]] = []
        original = PassDeviceScreen.prepare

        def prepare(screen: PassDeviceScreen, **kwargs: Any) -> None:
            self.calls.append(kwargs)
            original(screen, **kwargs)

        monkeypatch.setattr(PassDeviceScreen, "prepare", prepare)


async def play_own_turn(app: Any, pilot: Any, seat: int) -> None:
    """The person in `seat` takes their first legal action (through the same message their screen sends)."""
    screen = app.screen
    assert isinstance(screen, TurnScreen) and screen.seat == seat
    screen.submit(screen.view.legal_actions[0])
    await pilot.pause()


async def wait_for_person(app: Any, pilot: Any, what: str) -> None:
    """Until the computers are done and a person must act (or the game is over)."""
    await wait_until(
        pilot,
        lambda: app.computer_thinking is None and app.session.next_step().kind != "computer",
        what,
        timeout=20,
    )
    await pilot.pause()


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_a_lone_person_plays_against_computers_without_any_handoff(make_app: Any, monkeypatch: pytest.MonkeyPatch, game_id: str) -> None:
    handoffs = HandoffLog(monkeypatch)
    count = seat_count(game_id)
    level = "easy" if "easy" in BOTS[game_id] else "random"  # random Rummikub moves tiles for ages
    computers = (None, *(level,) * (count - 1))
    app = make_app()
    async with app.run_test(size=(110, 32)) as pilot:
        session = HotseatSession.new(game_id, PLAYERS[:count], get_game(game_id).rules().Options(), app.store, seed="7", computers=computers)
        await app.start_session(session)
        for _turn in range(4):
            await wait_for_person(app, pilot, "the person's turn")
            if session.outcome() is not None:
                break
            assert session.acting_seat() == 0
            await play_own_turn(app, pilot, 0)
        assert handoffs.calls == [], "no handoff with one person at the table"
        others = [record.seat for record in session._actions if record.seat != 0]
        assert others, "the computers played"


async def test_handoffs_come_only_between_people_and_tell_what_the_computers_did(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    handoffs = HandoffLog(monkeypatch)
    game_id = "lifeboat"
    computers = (None, "random", None, "random")
    app = make_app()
    async with app.run_test(size=(110, 32)) as pilot:
        session = HotseatSession.new(game_id, PLAYERS[:4], get_game(game_id).rules().Options(), app.store, seed="11", computers=computers)
        await app.start_session(session)
        people_turns = 0
        while people_turns < 8 and session.outcome() is None:
            await wait_for_person(app, pilot, "a person's decision")
            if session.outcome() is not None:
                break
            if isinstance(app.screen, PassDeviceScreen):
                handoff = app.screen
                await wait_until(pilot, lambda: handoff.armed, "the handoff to arm")
                await pilot.press("space")
                await wait_until(pilot, lambda: isinstance(app.screen, TurnScreen), "the person's screen")
            seat = session.acting_seat()
            assert seat in (0, 2)
            await play_own_turn(app, pilot, seat)
            people_turns += 1
        assert handoffs.calls, "two people share the laptop: they hand it over"
        assert {call["player"] for call in handoffs.calls} <= {"Ana", "Cleo"}
        said_by_computers = [
            line for call in handoffs.calls for line in call["feed"] if "Ben" in line or "Dan" in line
        ]
        assert said_by_computers, "a handoff tells what the computers did since that person's last turn"


async def test_the_computer_is_said_to_think_and_a_key_meanwhile_is_told_to_wait(make_app: Any) -> None:
    app = make_app(computer_pause=0.6)
    async with app.run_test(size=(110, 32)) as pilot:
        rules = get_game("splendor_duel").rules()
        session = HotseatSession.new("splendor_duel", ("Ana", "Ben"), rules.Options(), app.store, seed="3", computers=(None, "random"))
        await app.start_session(session)
        await wait_for_person(app, pilot, "Ana's first turn")
        while app.computer_thinking != 1:  # Ana's turn may take several steps
            screen = app.screen
            assert isinstance(screen, TurnScreen)
            earlier = screen.view.legal_actions[0]
            screen.submit(earlier)
            await pilot.pause()
        text = screen_text(app)
        assert text.count("Ben (computer) is thinking…") == 1, "said once, in the prompt, not again in the key bar"
        bar = [line for line in text.splitlines() if line.strip()][-1]
        assert "Help" in bar and "Menu" in bar and "Legend" not in bar, "only the shared keys work meanwhile"
        await pilot.press("l")  # a page without a prompt of its own: there the key bar says who is thinking
        assert type(app.screen).__name__ != type(screen).__name__
        bar = [line for line in screen_text(app).splitlines() if line.strip()][-1]
        assert "Ben (computer) is thinking…" in bar
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen, "the turn screen back")
        app.screen.submit(earlier)  # an action sent while Ben thinks (a screen's queued message, say)
        await pilot.pause()
        assert "Wait: Ben (computer) is playing." in screen_text(app)
        screen.clear_refusal()
        await pilot.press("g")  # a game key (the legend) while Ben thinks
        assert "Wait: Ben (computer) is playing." in screen_text(app)
        await pilot.press("question_mark")  # the shared keys still work
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        await wait_for_person(app, pilot, "Ben's move")
        text = " ".join(screen_text(app).split())
        assert "is thinking" not in text
        # Ana's turn again after Ben's: a new turn, not an extra one
        assert "Extra turn" not in text, text
        assert "Since you last looked: ✦ Ben" in text, text


async def test_computers_first_at_a_table_of_people_play_on_the_public_table(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    handoffs = HandoffLog(monkeypatch)
    app = make_app(computer_pause=0.3)
    async with app.run_test(size=(110, 32)) as pilot:
        rules = get_game("hanabi").rules()
        session = HotseatSession.new("hanabi", ("Ana", "Ben", "Cleo"), rules.Options(), app.store, seed="5", computers=("random", None, None))
        await app.start_session(session)
        await wait_until(pilot, lambda: isinstance(app.screen, WatchScreen), "the public table")
        assert session.showing_seat is None, "nobody's private screen is up while the first computer plays"
        await wait_for_handoff_to(app, pilot, handoffs, "Ben")


async def wait_for_handoff_to(app: Any, pilot: Any, handoffs: HandoffLog, name: str) -> None:
    await wait_until(pilot, lambda: isinstance(app.screen, PassDeviceScreen), f"the handoff to {name}")
    await pilot.pause()
    assert handoffs.calls[-1]["player"] == name
    assert name in screen_text(app)


async def test_seat_kinds_are_saved_and_a_resumed_game_lets_the_computers_play(make_app: Any, save_dir: Path) -> None:
    rules = get_game("luz").rules()
    store = SaveStore(save_dir)
    session = HotseatSession.new("luz", ("Ana", "Ben", "Cleo"), rules.Options(), store, seed="9", computers=(None, "easy", "easy"))
    session.apply(0, session.view(0).legal_actions[0])
    store.flush()
    saved = [entry for entry in SaveStore(save_dir).list() if hasattr(entry, "save")]
    assert saved and saved[0].save.computers == (None, "easy", "easy")
    app = make_app()
    async with app.run_test(size=(110, 32)) as pilot:
        resumed = HotseatSession.resume(saved[0], app.store)
        await app.start_session(resumed)
        await wait_for_person(app, pilot, "the computers' moves after resuming")
        assert resumed.actions_recorded > 1
        assert resumed.acting_seat() == 0 or resumed.outcome() is not None


def test_a_save_without_seat_kinds_is_all_people(save_dir: Path) -> None:
    rules = get_game("hanabi").rules()
    store = SaveStore(save_dir)
    session = HotseatSession.new("hanabi", ("Ana", "Ben"), rules.Options(), store, seed="1")
    assert not session.has_computers
    assert session.human_seats == (0, 1)
    assert session.next_step().kind == "handoff"


@pytest.mark.parametrize(
    ("computers", "code"),
    [((None, "grandmaster"), "unknown_level"), ((None,), "computers_mismatch"), ((None, "Hard!"), "damaged")],
)
def test_a_save_naming_impossible_computers_is_refused_with_its_reason(save_dir: Path, computers: tuple[Any, ...], code: str) -> None:
    import json

    from boardgames_tui.engine.saves import BrokenSave
    from boardgames_tui.narration.save_problems import describe_problem

    rules = get_game("hanabi").rules()
    store = SaveStore(save_dir)
    session = HotseatSession.new("hanabi", ("Ana", "Ben"), rules.Options(), store, seed="1", computers=(None, "easy"))
    path = session.save_path
    data = json.loads(path.read_text())
    data["computers"] = list(computers)
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    entry = SaveStore(save_dir).load(path)
    assert isinstance(entry, BrokenSave) and entry.code == code
    assert "computer" in describe_problem(entry) or code == "damaged"
    assert path.read_bytes() == before, "a broken save is left untouched"


async def test_a_computer_whose_bot_fails_still_plays_a_legal_move(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from boardgames_tui.tui import computers

    def broken(*args: Any) -> Any:
        raise RuntimeError("a bug in a bot")

    monkeypatch.setattr(computers, "_decide", broken)
    app = make_app()
    async with app.run_test(size=(110, 32)) as pilot:
        rules = get_game("hanabi").rules()
        session = HotseatSession.new("hanabi", ("Ana", "Ben"), rules.Options(), app.store, seed="2", computers=("easy", None))
        await app.start_session(session)
        await wait_for_person(app, pilot, "Ben's turn after Ana's fallback move")
        assert session.actions_recorded == 1 and session.last_seat == 0
        assert session.acting_seat() == 1 and isinstance(app.screen, TurnScreen)


@pytest.mark.parametrize("game_id", ["hanabi", "luz", "rummikub", "splendor_duel"])
async def test_while_a_computer_plays_the_header_names_it_not_you(make_app: Any, game_id: str) -> None:
    rules = get_game(game_id).rules()
    count = rules.min_players
    app = make_app(computer_pause=0.6)
    async with app.run_test(size=(110, 32)) as pilot:
        computers = ("easy",) * (count - 1) + (None,)  # the computers start, on the person's screen
        session = HotseatSession.new(game_id, PLAYERS[:count], rules.Options(), app.store, seed="4", computers=computers)
        await app.start_session(session)
        await pilot.pause()
        if app.computer_thinking is None:  # the person happens to start: they move first
            await play_own_turn(app, pilot, count - 1)
        await wait_until(pilot, lambda: app.computer_thinking is not None and isinstance(app.screen, TurnScreen), "a computer to think")
        await pilot.pause()
        text = screen_text(app)
        assert f"{PLAYERS[app.computer_thinking]} to play" in text and "Your turn" not in text
        await wait_for_person(app, pilot, "the person's turn")
        assert f"Your turn, {PLAYERS[count - 1]}" in screen_text(app)


async def test_the_saves_list_marks_the_computers(make_app: Any, save_dir: Path) -> None:
    rules = get_game("luz").rules()
    store = SaveStore(save_dir)
    HotseatSession.new("luz", ("Ana", "Ben", "Cleo"), rules.Options(), store, seed="9", computers=(None, "hard", "easy"))
    store.flush()
    app = make_app()
    async with app.run_test(size=(110, 32)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        text = screen_text(app)
        assert "Ana, Ben (computer), Cleo (computer)" in text


async def test_enter_pressed_just_as_the_computers_hand_back_the_turn_is_held_back(make_app: Any) -> None:
    """An Enter meant for the computers' last move (or pressed late after the person's own choice) must not
    choose on the prompt that has just appeared: it is held back for a moment, with a word, and then works."""
    now = [100.0]
    app = make_app(turn_back_grace=0.4)
    app._clock = lambda: now[0]  # the app's clock, moved by hand
    async with app.run_test(size=(110, 32)) as pilot:
        rules = get_game("lifeboat").rules()
        computers = (None, "random", "random", "random")
        session = HotseatSession.new("lifeboat", PLAYERS[:4], rules.Options(), app.store, seed="7", computers=computers)
        await app.start_session(session)
        await wait_for_person(app, pilot, "Ana's first decision, after the computers'")
        assert session.acting_seat() == 0 and session.actions_recorded > 0, "the computers handed the turn to Ana"
        before = session.actions_recorded
        now[0] += 0.3
        await pilot.press("enter")  # Lifeboat's Enter takes the highlighted entry
        assert session.actions_recorded == before, "the early Enter chose nothing"
        assert "Your turn has just begun: see what happened, then press Enter again." in " ".join(screen_text(app).split())
        now[0] += 0.2
        await pilot.press("enter")
        await pilot.pause()
        assert session.actions_recorded > before, "a moment later Enter chooses as ever"


APP_WITH_COMPUTERS = """
import time
from boardgames_tui.tui.computers import ComputerPlayers
players = ComputerPlayers(in_subprocess=True)
players.warm_up()
time.sleep(0.3)
print(*players._pool._processes, flush=True)
time.sleep(120)
"""


def test_the_computers_process_ends_when_the_app_is_killed_outright() -> None:
    """An app killed with no chance to close its pool (SIGKILL, a host's machine cut off) must not leave its
    computers' process waiting for work for ever."""
    app = subprocess.Popen([sys.executable, "-c", APP_WITH_COMPUTERS], stdout=subprocess.PIPE, text=True)
    assert app.stdout is not None
    workers = [int(pid) for pid in app.stdout.readline().split()]
    assert workers, "the pool started its process"
    app.kill()
    app.wait()
    deadline = time.monotonic() + 15
    try:
        while not all(map(process_gone, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert all(map(process_gone, workers)), "the computers' process outlived the app"
    finally:
        for pid in workers:
            if not process_gone(pid):
                os.kill(pid, signal.SIGKILL)
