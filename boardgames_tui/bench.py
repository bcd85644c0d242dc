"""The benchmark: python -m boardgames_tui.bench [game ...]

Per game: engine throughput on random legal playouts, and the key-to-idle time of game keys compared
with a key nothing is bound to, in the same run; then the time to open the help, the log and the rules
from a turn screen (rules compared with help, same run: cold, drawn ahead as a game start does, again); the
time each computer level takes per decision over self-play games. Once: start-up to the main menu compared
with a minimal Textual app, each in a fresh interpreter. Figures, not pass/fail: timed tests are not how we check speed.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import subprocess
import sys
import tempfile
import time
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .engine.registry import GAMES, GameSpec


def engine_throughput(spec: GameSpec, seconds: float, seed: int = 1, options: Any = None) -> tuple[float, float]:
    """Random legal playouts for `seconds`: (actions per second, games per second)."""
    rules = spec.rules()
    options = options if options is not None else rules.Options()
    chooser = random.Random(seed)
    players = [f"P{n}" for n in range(1, rules.max_players + 1)]
    actions = games = 0
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < deadline:
        count = chooser.randint(rules.min_players, rules.max_players)
        state = rules.setup(players[:count], options, str(chooser.getrandbits(32)))
        while True:
            seats = rules.to_act(state)
            if not seats:
                break
            seat = min(seats)
            state = rules.apply(state, seat, chooser.choice(rules.legal_actions(state, seat)))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return actions / elapsed, games / elapsed


def open_saved_game(spec: GameSpec, seed: str = "bench", options: Any = None, repeats: int = 5) -> tuple[str, int, float]:
    """A game played to its end by random legal actions and saved; then the median time for a fresh store to
    open it, which rebuilds it from its deal and moves (the saved state is only checked against that).
    Returns (where the game ended, recorded actions, seconds)."""
    import tempfile

    from .engine.saves import SavedGame, SaveStore
    from .tui.session import HotseatSession

    rules = spec.rules()
    players = [f"P{n}" for n in range(1, rules.max_players + 1)]
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(Path(folder))
        session = HotseatSession.new(spec.id, players, options or rules.Options(), store, seed=seed)
        play_to_end(session, seed)
        path = session.save_path
        times = []
        for _ in range(repeats):
            fresh = SaveStore(Path(folder))
            start = time.perf_counter()
            entry = fresh.load(path)
            times.append(time.perf_counter() - start)
            assert isinstance(entry, SavedGame), entry
        from .narration import narrator_for

        where = narrator_for(spec.id, entry.save.players).say(spec.rules().turn_label(entry.state))
        return where, len(entry.save.actions), statistics.median(times)


def rummikub_table_validation_ms(repeats: int = 200) -> float:
    """Median time to validate a 100-tile end-of-turn table (two jokers in it), with a cold set cache."""
    from .engine.rummikub import sets
    from .engine.rummikub.tiles import COLOURS, TILES

    def tile(colour: str, number: int, copy: int) -> int:
        return [t.id for t in TILES if t.colour == colour and t.number == number][copy]

    jokers = [t.id for t in TILES if t.is_joker]
    rows = [tuple(tile(c, n, copy) for n in range(1, 14)) for copy in (0, 1) for c in COLOURS][:7]
    rows.append(tuple(tile(COLOURS[3], n, 1) for n in range(1, 10)))  # 7 x 13 + 9 = 100 tiles
    rows[0] = (jokers[0], *rows[0][1:])
    rows[1] = (*rows[1][:5], jokers[1], *rows[1][6:])
    assert sum(len(r) for r in rows) == 100
    times = []
    for _ in range(repeats):
        sets._CACHE.clear()
        start = time.perf_counter()
        infos = sets.validate_table(rows)
        times.append(time.perf_counter() - start)
        assert all(info.valid for info in infos)
    return statistics.median(times) * 1000


# UI latency -----------------------------------------------------------------------------------------

def ui_script(spec: GameSpec, variant: str = "") -> dict[str, tuple[str, ...]] | None:
    """The game's key script for the latencies: its turn screen's BENCH_KEYS for the rule set (see
    TurnScreen.BENCH_KEYS); None when it has none."""
    from .tui.games import turn_screen_class

    scripts: dict[str, dict[str, tuple[str, ...]]] = getattr(turn_screen_class(spec.id), "BENCH_KEYS", {})
    return scripts.get(variant)


async def key_to_idle(app: Any, pilot: Any, key: str, after: float = 0.0) -> float:
    """Seconds from one key press until the app is idle again, pressed `after` seconds of idling.

    Every figure times one key alone: pressing several keys in one call shares Pilot's fixed waiting
    between them, which would flatter whichever figure did it.
    """
    if after:
        await pilot.pause(after)
    await pilot.pause()  # start from idle
    start = time.perf_counter()
    await pilot.press(key)
    await pilot.pause()
    await app.animator.wait_until_complete()
    return time.perf_counter() - start


def play_to_end(session: Any, seed: str) -> None:
    """Random legal actions, seeded, until the session's game is over."""
    import random

    chooser = random.Random(seed)
    while session.outcome() is None:
        seat = session.acting_seat()
        assert seat is not None
        session.apply(seat, chooser.choice(session.view(seat).legal_actions))


async def _key_latencies(spec: GameSpec, rounds: int, variant: str = "") -> dict[str, float]:
    from .tui.app import BoardGamesApp
    from .tui.screens.pass_device import PassDeviceScreen
    from .tui.screens.turn import TurnScreen
    from .tui.session import HotseatSession

    script = ui_script(spec, variant)
    assert script is not None, f"no key script for {spec.id}: its turn screen has no BENCH_KEYS"
    rules = spec.rules()
    options = variant_options(spec, variant)
    timings: dict[str, list[float]] = {"no-op key": [], "game key": [], "applied action": []}
    with tempfile.TemporaryDirectory() as folder:
        app = BoardGamesApp(save_dir=Path(folder))
        async with app.run_test(size=(100, 30)) as pilot:
            players = [f"P{n}" for n in range(rules.min_players)]
            session = HotseatSession.new(spec.id, players, options, app.store, seed="bench")
            await app.start_session(session)

            async def to_turn_screen() -> None:
                await pilot.pause()
                if isinstance(app.screen, PassDeviceScreen):
                    app.screen.armed = True  # skip the anti-double-press pause
                    await pilot.press("space")
                    await pilot.pause()

            async def timed(key: str) -> float:
                return await key_to_idle(app, pilot, key)

            for _round in range(rounds):
                await to_turn_screen()
                if not isinstance(app.screen, TurnScreen):
                    break
                await pilot.press(*script.get("prepare", ()))  # untimed: gets the turn to where the keys work
                timings["no-op key"].append(await timed("f12"))  # bound to nothing, and no letter: a letter now says it does nothing
                for key in script["select"]:
                    timings["game key"].append(await timed(key))
                await pilot.press(*script["apply"][:-1])  # choose the action; its last key applies it
                if getattr(app.screen, "playing", False):
                    await pilot.press(*script.get("first_when_playing", ()))
                before = session._state
                timings["applied action"].append(await timed(script["apply"][-1]))
                if session._state == before:
                    raise RuntimeError(f"{spec.id}: the bench's apply keys {script['apply']} applied nothing")
    return {name: statistics.median(values) for name, values in timings.items() if values}


def key_latencies(spec: GameSpec, rounds: int, variant: str = "") -> dict[str, float]:
    return asyncio.run(_key_latencies(spec, rounds, variant))


async def _news_redraw_times(spec: GameSpec, rounds: int) -> float:
    """A computer's move shown on the screen of the person who plays alone: the move is applied, and the
    person's screen redraws with its news strip and change marks, until idle (median seconds)."""
    import random

    from .tui.app import BoardGamesApp
    from .tui.screens.turn import TurnScreen
    from .tui.session import HotseatSession

    rules = spec.rules()
    count = rules.min_players
    chooser = random.Random("news")
    times: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        app = BoardGamesApp(save_dir=Path(folder), computers_in_subprocess=False)
        app._let_computer_play = lambda step: None  # type: ignore[method-assign]  # the bench moves the computers
        async with app.run_test(size=(100, 30)) as pilot:
            players = [f"P{n}" for n in range(count)]
            computers = (None, *("random",) * (count - 1))
            session = HotseatSession.new(spec.id, players, rules.Options(), app.store, seed="bench", computers=computers)
            await app.start_session(session)
            while len(times) < rounds:
                if session.outcome() is not None:
                    break
                await pilot.pause()
                seat = session.acting_seat()
                assert seat is not None
                action = chooser.choice(session.view(seat).legal_actions)
                step = session.apply(seat, action)
                timed = seat != 0 and isinstance(app.screen, TurnScreen)
                start = time.perf_counter()
                app.show_next(step)
                await pilot.pause()
                await app.animator.wait_until_complete()
                if timed:
                    times.append(time.perf_counter() - start)
    return statistics.median(times)


def news_redraw_times(spec: GameSpec, rounds: int) -> float:
    return asyncio.run(_news_redraw_times(spec, rounds))


# Keys of the shared pages, pressed on the first private screen: (figure, key, the screen it opens).
PAGES = (("help", "question_mark", "HelpScreen"), ("log", "l", "LogScreen"), ("rules", "r", "RulesScreen"))


async def _page_open_times(spec: GameSpec, rounds: int) -> dict[str, float]:
    """Key to idle for opening help, log and rules from a turn screen, each closed again with Esc.

    The rulebook is timed three ways: cold (nothing of it drawn yet), the first time after it was drawn
    ahead in the background as the setup and resume screens do when a game starts, and again (median).
    """
    from .tui.app import BoardGamesApp
    from .tui.screens import rules as rules_screen
    from .tui.screens.pass_device import PassDeviceScreen
    from .tui.screens.turn import TurnScreen
    from .tui.session import HotseatSession

    rules = spec.rules()
    timings: dict[str, list[float]] = {
        "help": [],
        "log": [],
        "rules, cold": [],
        "rules, drawn ahead": [],
        "rules, again": [],
    }
    with tempfile.TemporaryDirectory() as folder:
        app = BoardGamesApp(save_dir=Path(folder))
        async with app.run_test(size=(100, 30)) as pilot:
            players = [f"P{n}" for n in range(rules.min_players)]
            await app.start_session(HotseatSession.new(spec.id, players, rules.Options(), app.store, seed="bench"))
            await pilot.pause()
            if isinstance(app.screen, PassDeviceScreen):
                app.screen.armed = True
                await pilot.press("space")
                await pilot.pause()
            if not isinstance(app.screen, TurnScreen):
                raise RuntimeError(f"{spec.id}: no turn screen to open the pages from")

            async def timed_page(name: str, key: str, screen_name: str) -> float:
                await pilot.pause()
                start = time.perf_counter()
                await pilot.press(key)
                await pilot.pause()
                await app.animator.wait_until_complete()
                elapsed = time.perf_counter() - start
                if type(app.screen).__name__ != screen_name:
                    raise RuntimeError(f"{spec.id}: {key!r} opened {app.screen!r}, not the {name}")
                await pilot.press("escape")
                await pilot.pause()
                return elapsed

            def forget_rulebook() -> None:
                for key in [key for key in rules_screen._LINES if key[0] == spec.id]:  # every language and width
                    del rules_screen._LINES[key]

            forget_rulebook()
            timings["rules, cold"].append(await timed_page(*PAGES[2]))
            forget_rulebook()
            rules_screen.prepare_rulebook(app, spec.id)
            await app.workers.wait_for_complete()
            timings["rules, drawn ahead"].append(await timed_page(*PAGES[2]))
            for _round in range(rounds):
                for page in PAGES:
                    name = "rules, again" if page[0] == "rules" else page[0]
                    timings[name].append(await timed_page(*page))
    return {name: statistics.median(values) for name, values in timings.items() if values}


READING_SECONDS = 0.4  # between two keys on the replay screen


async def _replay_step_times(spec: GameSpec, rounds: int) -> dict[str, float]:
    """Key to idle on the replay screen of a finished game (random legal moves, the most players): a key
    bound to nothing, a step back, a step forward and a change of viewpoint, each alone, pressed after a
    moment spent reading the step (the screen draws the neighbouring steps meanwhile)."""
    from .engine.saves import SavedGame
    from .tui.app import BoardGamesApp
    from .narration.replay import Replay
    from .tui.screens.replay import ReplayScreen
    from .tui.session import HotseatSession

    rules = spec.rules()
    timings: dict[str, list[float]] = {"no-op key": [], "step back": [], "step forward": [], "viewpoint": []}
    with tempfile.TemporaryDirectory() as folder:
        app = BoardGamesApp(save_dir=Path(folder))
        async with app.run_test(size=(100, 30)) as pilot:
            players = [f"P{n}" for n in range(1, rules.max_players + 1)]
            session = HotseatSession.new(spec.id, players, rules.Options(), app.store, seed="bench")
            play_to_end(session, "bench")
            app.store.flush()
            saved = app.store.load(session.save_path)
            assert isinstance(saved, SavedGame), saved
            await app.push_screen(ReplayScreen(Replay(saved)))
            await pilot.pause()

            async def timed(key: str) -> float:
                return await key_to_idle(app, pilot, key, after=READING_SECONDS)

            for _round in range(rounds):
                timings["no-op key"].append(await timed("f12"))
                timings["step back"].append(await timed("left"))
                timings["step back"].append(await timed("left"))
                timings["step forward"].append(await timed("right"))
                timings["viewpoint"].append(await timed("v"))
    return {name: statistics.median(values) for name, values in timings.items() if values}


def replay_step_times(spec: GameSpec, rounds: int) -> dict[str, float]:
    return asyncio.run(_replay_step_times(spec, rounds))


async def _keys_while_computers_think(spec: GameSpec, presses: int) -> tuple[float, float, int]:
    """Key to idle of a key bound to nothing on a person's screen, while the computers in every other
    seat think (in their own process, with the pause people get after a move) and while nobody thinks:
    (thinking, idle, presses counted while thinking)."""
    from .tui.app import BoardGamesApp
    from .tui.screens.turn import TurnScreen
    from .tui.session import HotseatSession

    rules = spec.rules()
    count = rules.min_players
    level = spec.table_levels[-1]
    thinking: list[float] = []
    idle: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        app = BoardGamesApp(save_dir=Path(folder))  # computers pause as in play: the keys land while they think
        async with app.run_test(size=(100, 30)) as pilot:
            computers = [level] * (count - 1) + [None]  # the person plays last: the computers start
            session = HotseatSession.new(spec.id, [f"P{n}" for n in range(count)], rules.Options(), app.store, seed="bench", computers=computers)
            await app.start_session(session)
            pressed_this_move = 0
            for _step in range(presses * 200):
                if (len(thinking) >= presses and idle) or session.outcome() is not None:  # both kinds measured
                    break
                if app.computer_thinking is None:
                    if isinstance(app.screen, TurnScreen) and session.acting_seat() == count - 1:
                        await pilot.pause(0.05)  # the person's screen settled, as when a key is pressed
                        start = time.perf_counter()
                        await pilot.press("f12")
                        await pilot.pause()
                        idle.append(time.perf_counter() - start)
                        app.screen.submit(session.view(count - 1).legal_actions[0])
                        pressed_this_move = 0
                    await pilot.pause(0.01)
                    continue
                if pressed_this_move >= 2:  # a couple per computer's move, spread over the game
                    await pilot.pause(0.01)
                    continue
                if pressed_this_move == 0:
                    await pilot.pause(0.2)  # past the redraw of the move before: the computer is thinking now
                if app.computer_thinking is None:
                    continue
                start = time.perf_counter()
                await pilot.press("f12")
                await pilot.pause()
                thinking.append(time.perf_counter() - start)
                pressed_this_move += 1
        app.computers.shutdown()
    if not thinking or not idle:
        raise RuntimeError(f"{spec.id}: no key pressed while a computer thought")
    return statistics.median(thinking), statistics.median(idle), len(thinking)


def keys_while_computers_think(spec: GameSpec, presses: int) -> tuple[float, float, int]:
    return asyncio.run(_keys_while_computers_think(spec, presses))


def page_open_times(spec: GameSpec, rounds: int) -> dict[str, float]:
    return asyncio.run(_page_open_times(spec, rounds))


def variants(spec: GameSpec) -> tuple[str, ...]:
    """The rule sets measured apart: "" (the game's default options), then each other value of its Options'
    `rule_set` field, if it has one (Rummikub: American, International)."""
    field = spec.rules().Options.model_fields.get("rule_set")
    if field is None or typing.get_origin(field.annotation) is not typing.Literal:
        return ("",)
    return ("", *(value for value in typing.get_args(field.annotation) if value != field.default))


def variant_options(spec: GameSpec, variant: str) -> Any:
    rules = spec.rules()
    return rules.Options(rule_set=variant) if variant else rules.Options()


# Start-up -------------------------------------------------------------------------------------------

_STARTUP_APP = """
import sys
from boardgames_tui.tui.app import BoardGamesApp
app = BoardGamesApp()
app.call_after_refresh(app.exit)
app.run(headless=True)
"""
_STARTUP_MINIMAL = """
from textual.app import App
from textual.widgets import Footer, Static
class Minimal(App):
    def compose(self):
        yield Static("hello")
        yield Footer()
app = Minimal()
app.call_after_refresh(app.exit)
app.run(headless=True)
"""


def decision_times(spec: GameSpec, level: str, games: int) -> tuple[float, float, float, int]:
    """Every decision of `games` self-play games of computers of `level` (the arena's games, in this
    process): (median, 95th percentile, worst) seconds and how many decisions."""
    from .arena import percentile, play_game

    rules = spec.rules()
    seats = [level] * max(rules.min_players, min(3, rules.max_players))
    times = [t for index in range(games) for seat in play_game(spec.id, seats, "bench", index, ()).seats for t in seat.decision_seconds]
    return statistics.median(times), percentile(times, 0.95), max(times), len(times)


def startup_seconds(code: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-c", code],
                check=True,
                env={"BOARDGAMES_TUI_DATA_DIR": folder, "PATH": "/usr/bin:/bin", "TERM": "xterm-256color"},
            )
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def game_title(spec: GameSpec) -> str:
    """The game's name as its narrator says it (the engine keeps no names)."""
    from .narration import narrator_class

    return narrator_class(spec.id)(()).title


def _row(label: str, value: str) -> None:
    print(f"  {label:<40} {value}")


# A hosted table over SSH (issue #29) -------------------------------------------------------------------


class _Guest:
    """A guest's terminal on an asyncssh client: when each chunk of output arrived."""

    def __init__(self, connection: Any, process: Any) -> None:
        self.connection = connection
        self.process = process
        self.chunks: list[tuple[float, bytes]] = []
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        try:
            while chunk := await self.process.stdout.read(65536):
                self.chunks.append((time.perf_counter(), chunk))
        except Exception:  # noqa: BLE001 - the table closed
            pass

    def text(self) -> str:
        import re

        raw = b"".join(chunk for _at, chunk in self.chunks)
        return re.sub(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]", b"", raw).decode("utf-8", "replace")

    async def first_output_after(self, start: float, timeout: float = 10.0) -> float:
        """Seconds from `start` until this terminal received something."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            later = [at for at, _chunk in self.chunks if at >= start]
            if later:
                return later[0] - start
            await asyncio.sleep(0.001)
        raise RuntimeError("the guest's screen was not updated")

    async def settle(self, quiet: float = 0.15) -> None:
        """Wait until nothing has arrived for `quiet` seconds."""
        while not self.chunks or time.perf_counter() - self.chunks[-1][0] < quiet:
            await asyncio.sleep(0.02)


async def _hosted_latencies(rounds: int) -> dict[str, float]:
    """Two guests at a hosted Hanabi table (a real `boardgames host` process, SSH over loopback): a game key
    until the guest's terminal gets its redraw, and an applied action until the other guest's terminal gets
    its own (each the median of `rounds`)."""
    import os
    import re
    import sys

    from .hosting.ssh import asyncssh  # imported there without its library warnings

    timings: dict[str, list[float]] = {"game key, to the guest's redraw": [], "action, to the other guest's redraw": []}
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "host.log"
        env = dict(os.environ, BOARDGAMES_TUI_DATA_DIR=folder, BOARDGAMES_TUI_CONFIG_DIR=folder, LANG="C.UTF-8")
        with log.open("wb") as output:
            host = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "boardgames_tui", "host", "--no-seat", "--port", "0", "--game", "hanabi",
                "--seats", "person,person", "--names", "Ana,Ben", "--deal", "bench",
                stdout=output, stderr=asyncio.subprocess.STDOUT, env=env,
            )  # fmt: skip
        try:
            said = ""
            for _wait in range(600):
                said = log.read_text(errors="replace")
                if "Ctrl+C" in said:
                    break
                await asyncio.sleep(0.05)
            port = int(re.search(r"ssh -p (\d+)", said).group(1))  # type: ignore[union-attr]
            codes = dict(re.findall(r"Seat \d+, (\w+): code (\w+)", said))
            guests: dict[str, _Guest] = {}
            for name, code in codes.items():
                connection = await asyncssh.connect(
                    "127.0.0.1", port, username="table", password=code, known_hosts=None, client_keys=None, agent_path=None
                )
                process = await connection.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
                guests[name] = _Guest(connection, process)
            for guest in guests.values():
                await guest.settle(0.5)
            names = list(guests)
            for turn in range(rounds):
                acting, other = guests[names[turn % 2]], guests[names[(turn + 1) % 2]]
                await acting.settle()
                start = time.perf_counter()
                acting.process.stdin.write(b"2")  # choose card 2: a redraw of the guest's own screen only
                timings["game key, to the guest's redraw"].append(await acting.first_output_after(start))
                await acting.settle()
                acting.process.stdin.write(b"p")  # play it: asked first
                await acting.settle()
                await other.settle()
                start = time.perf_counter()
                acting.process.stdin.write(b"\r")
                timings["action, to the other guest's redraw"].append(await other.first_output_after(start))
                await other.settle()
                if "Game over" in other.text():
                    break
            for guest in guests.values():
                guest.reader.cancel()
                guest.connection.close()
        finally:
            if host.returncode is None:
                host.terminate()  # the host ends by itself once the game is over
            await asyncio.wait_for(host.wait(), 20)
    return {f"{name} ({len(values)} times)": statistics.median(values) for name, values in timings.items() if values}


def hosted_latencies(rounds: int) -> dict[str, float]:
    return asyncio.run(_hosted_latencies(rounds))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m boardgames_tui.bench", description=__doc__)
    parser.add_argument("games", nargs="*", help="game ids (default: all): " + ", ".join(GAMES))
    parser.add_argument("--seconds", type=float, default=5.0, help="engine playout time per game")
    parser.add_argument("--rounds", type=int, default=12, help="turns timed through the UI per game")
    parser.add_argument("--startup-runs", type=int, default=5)
    parser.add_argument("--decision-games", type=int, default=1, help="self-play games timed per computer level")
    parser.add_argument("--hosting", action="store_true", help="only the hosted table over SSH, against the same keys at one laptop")
    args = parser.parse_args(argv)
    if args.hosting:
        hosted = hosted_latencies(args.rounds)
        hotseat = key_latencies(GAMES["hanabi"], args.rounds)
        print("Hanabi at a hosted table (two guests over SSH on loopback, median)")
        for name, value in hosted.items():
            _row(f"hosted {name}", f"{value * 1000:.1f} ms")
        _row("one laptop: game key, key to idle", f"{hotseat['game key'] * 1000:.1f} ms")
        _row("one laptop: applied action, key to idle", f"{hotseat['applied action'] * 1000:.1f} ms")
        return
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error("unknown game(s): " + ", ".join(unknown))
    for game_id in args.games or list(GAMES):
        spec = GAMES[game_id]
        for variant in variants(spec):
            options = variant_options(spec, variant)
            # The engine runs first, so the UI's modules (loaded for the game's title) do not weigh on it.
            per_second, games = engine_throughput(spec, args.seconds, options=options)
            print(f"{game_title(spec)}" + (f" ({variant} rules)" if variant else ""))
            _row("engine, random legal playouts", f"{per_second:,.0f} actions/s, {games:,.1f} games/s")
            if game_id == "rummikub" and not variant:
                _row("validate a 100-tile table (cold)", f"{rummikub_table_validation_ms():.3f} ms")
            ended, moves, seconds = open_saved_game(spec, options=options)
            _row("open a finished save (replays it)", f"{seconds * 1000:.0f} ms  ({moves:,} moves; {ended})")
            if ui_script(spec, variant) is None:
                _row("UI key latencies", "not measured: the turn screen has no BENCH_KEYS")
                continue
            latencies = key_latencies(spec, args.rounds, variant)
            noop = latencies["no-op key"]
            for name, value in latencies.items():
                ratio = "" if name == "no-op key" else f"  ({value / noop:.2f}× no-op)"
                _row(f"UI {name}, key to idle", f"{value * 1000:.1f} ms{ratio}")
            if not variant:
                shown = news_redraw_times(spec, args.rounds)
                frames = (shown - latencies["game key"]) * 60
                _row("UI computer's move + news strip, to idle", f"{shown * 1000:.1f} ms  ({frames:+.1f} frames vs game key)")
        if len(variants(spec)) > 1:
            print(f"{game_title(spec)} (its pages)")
        for level in spec.table_levels:
            median, p95, worst, count = decision_times(spec, level, args.decision_games)
            _row(
                f"computer ({level}), time per decision",
                f"median {median * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, worst {worst * 1000:.0f} ms  ({count} decisions)",
            )
        if spec.table_levels:
            thinking, idle, count = keys_while_computers_think(spec, args.rounds)
            _row(
                "UI no-op key while a computer thinks",
                f"{thinking * 1000:.1f} ms  ({thinking / idle:.2f}× nobody thinking, {count} presses)",
            )
        replay = replay_step_times(spec, args.rounds)
        for name, value in replay.items():
            ratio = "" if name == "no-op key" else f"  ({value / replay['no-op key']:.2f}× no-op)"
            _row(f"UI replay {name}, key to idle", f"{value * 1000:.1f} ms{ratio}")
        pages = page_open_times(spec, max(args.rounds // 3, 3))
        help_open = pages["help"]
        for name, value in pages.items():
            ratio = "" if name == "help" else f"  ({value / help_open:.2f}× help)"
            _row(f"UI open {name}, key to idle", f"{value * 1000:.1f} ms{ratio}")
    app_start = startup_seconds(_STARTUP_APP, args.startup_runs)
    minimal = startup_seconds(_STARTUP_MINIMAL, args.startup_runs)
    print("Start-up (fresh interpreter to first screen, median)")
    _row("boardgames main menu", f"{app_start * 1000:.0f} ms  ({app_start / minimal:.2f}× minimal app)")
    _row("minimal Textual app", f"{minimal * 1000:.0f} ms")


if __name__ == "__main__":
    main()
