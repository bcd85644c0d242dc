"""A seat's app at a hosted table (issue #29): the hotseat app's own screens, drawn from the host's snapshots.

Driven with Pilot against a table served in the same event loop: one person plays a game of every kind to the
end through their turn screen (the computers are the host's), pages a round brings (Luz's summary) come and
are closed as in the hotseat game, and the results close the game. A refused action shows the engine's reason
and a seat that leaves and joins again is back in its game."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.bots import BOTS
from boardgames_tui.engine.registry import GAMES
from boardgames_tui.hosting.seat import SeatApp, SeatResultsScreen
from boardgames_tui.i18n import current_language
from boardgames_tui.tui.screens.turn import TurnScreen

from ..tui.helpers import screen_text, wait_until
from boardgames_tui.hosting import link

from .test_table import join, new_table
from tests.resamplers import table_size


def my_turn(app: SeatApp, table: Any) -> bool:
    """The seat's screen shows its turn, drawn from the host's latest View of it."""
    screen = app.screen
    session = table.session
    return (
        session.acting_seat() == app.seat
        and isinstance(screen, TurnScreen)
        and screen.seat == app.seat
        and screen.view == session.view(app.seat)
    )


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_a_person_plays_a_game_to_the_end_through_their_screen(tmp_path: Path, game_id: str) -> None:
    count = table_size(game_id)
    table = new_table(tmp_path, game_id, [None, *("easy",) * (count - 1)])
    await table.open()
    bot = BOTS[game_id]["easy"]()
    rng = random.Random(3)
    app = SeatApp(table.socket_path, 0, table._tokens[0], save_dir=tmp_path / "seat", computers_in_subprocess=False)
    try:
        async with app.run_test(size=(110, 32)) as pilot:
            for _action in range(2000):
                await wait_until(
                    pilot,
                    lambda: table.session.outcome() is not None or my_turn(app, table) or not isinstance(app.screen, TurnScreen),
                    "the person's turn",
                    timeout=20,
                )
                if table.session.outcome() is not None:
                    break
                if not isinstance(app.screen, TurnScreen):  # a page over the table (a Luz round's summary)
                    await pilot.press("enter")
                    continue
                screen = app.screen
                recorded = table.session.actions_recorded
                action = bot.choose(screen.view, rng)
                screen.submit(action)
                await wait_until(pilot, lambda: table.session.actions_recorded != recorded, f"the host to apply {action!r}", timeout=20)
            await wait_until(pilot, lambda: isinstance(app.screen, SeatResultsScreen) and bool(app.screen.query("#headline")), "the results", timeout=20)
            headline = str(app.screen.query_one("#headline").render())
            assert headline and table.session.outcome() is not None
            await pilot.press("a")  # another game is the host's to start
            assert isinstance(app.screen, SeatResultsScreen)
    finally:
        await table.close()


async def test_a_refusal_is_said_and_a_seat_that_leaves_comes_back_to_its_game(tmp_path: Path) -> None:
    table = new_table(tmp_path, "hanabi", [None, None])
    await table.open()
    try:
        app = SeatApp(table.socket_path, 1, table._tokens[1], save_dir=tmp_path / "seat", computers_in_subprocess=False)
        async with app.run_test(size=(110, 32)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, TurnScreen), "the table", timeout=10)
            screen = app.screen
            await wait_until(pilot, lambda: "Ana is not at the table" in screen_text(app), "who is awaited", timeout=10)
            screen.submit(table.session.view(0).legal_actions[0])  # seat 0's move, out of turn
            await wait_until(pilot, lambda: "✗" in screen_text(app), "the refusal", timeout=10)
            assert "not your turn" in screen_text(app).lower() or "ana" in screen_text(app).lower()
            assert table.session.actions_recorded == 0
        # Seat 0 plays meanwhile; seat 1 joins again and sees the move in its news.
        table.session.apply(0, table.session.view(0).legal_actions[0])
        app = SeatApp(table.socket_path, 1, table._tokens[1], save_dir=tmp_path / "seat", computers_in_subprocess=False)
        async with app.run_test(size=(110, 32)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, TurnScreen) and app.screen.view == table.session.view(1), "its turn", timeout=10)
            assert app.screen.news, "what happened while it was away"
    finally:
        await table.close()


def key_bar(app: SeatApp) -> str:
    return screen_text(app).rstrip().rsplit("\n", 1)[-1].strip()


async def test_a_guest_is_told_on_arrival_that_f2_switches_the_language_of_their_seat_only(tmp_path: Path) -> None:
    table = new_table(tmp_path, "hanabi", [None, None])
    await table.open()
    try:
        app = SeatApp(table.socket_path, 0, table._tokens[0], save_dir=tmp_path / "seat", computers_in_subprocess=False)
        async with app.run_test(size=(110, 32), notifications=True) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, TurnScreen), "the turn screen", timeout=10)
            told = "F2 switches this seat to 简体中文."
            await wait_until(pilot, lambda: any(n.message == told for n in app._notifications), "the notice on arrival")
            assert "Your turn, Ana" in screen_text(app)
            await wait_until(pilot, lambda: "F2 switches" in screen_text(app), "the notice drawn")
            row = next(n for n, line in enumerate(screen_text(app).split("\n")) if "F2 switches" in line)
            assert row < 6, "the notice sits at the top: at the bottom it would cover the prompt and the choices"
            assert key_bar(app).endswith("F2 简体中文"), "the key bar names the other language in its own words"
            await pilot.resize_terminal(90, 32)
            # The shared keys lose their words from the end of the bar first; the language keeps its name.
            await wait_until(pilot, lambda: "r Rules l q z F2" in key_bar(app), "the key bar's short form")
            assert key_bar(app).endswith("F2 简体中文") and "? Help" in key_bar(app), "only as many words go as must"
            await pilot.resize_terminal(110, 32)
            await pilot.press("2")  # a card chosen before the switch: the new screens start afresh
            await pilot.press("f2")
            await wait_until(pilot, lambda: isinstance(app.screen, TurnScreen) and "轮到你了" in screen_text(app), "the turn screen in Chinese")
            assert current_language() == "zh" and app.screen.view == table.session.view(0)
            assert "Your turn" not in screen_text(app)
            assert key_bar(app).endswith("F2 English")
            await pilot.press("f2")
            await wait_until(pilot, lambda: "Your turn, Ana" in screen_text(app), "English again")
            assert table.session.actions_recorded == 0, "switching the language plays nothing"
    finally:
        await table.close()


async def test_a_page_stays_open_while_the_others_play_and_the_table_catches_up_when_it_closes(tmp_path: Path) -> None:
    """At one laptop a computer waits while the person reads a page; at a hosted table the others do not
    wait, so the page stays open and the game behind it is brought up to date when it closes. Snapshots
    read in one go (a busy seat process) never leave the seat behind its table."""
    from boardgames_tui.hosting import link
    from boardgames_tui.tui.screens.log import LogScreen

    table = new_table(tmp_path, "hanabi", [None, None, None])
    await table.open()
    session = table.session

    def play(seat: int) -> None:
        session.apply(seat, session.view(seat).legal_actions[0])

    try:
        app = SeatApp(table.socket_path, 2, table._tokens[2], save_dir=tmp_path / "seat", computers_in_subprocess=False)
        async with app.run_test(size=(110, 32)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, TurnScreen), "the table", timeout=10)
            await pilot.press("l")
            assert isinstance(app.screen, LogScreen)
            stack = len(app.screen_stack)
            lines = b""
            for seat in (0, 1):  # two moves, read by the seat in one go
                play(seat)
                lines += link.snapshot_line(table._snapshot(2))
            table._links[2].writer.write(lines)
            await wait_until(pilot, lambda: app.session.snapshot.actions == 2, "the snapshots")
            await pilot.pause(0.2)
            assert isinstance(app.screen, LogScreen) and len(app.screen_stack) == stack, "the page stays open"
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, TurnScreen) and app.screen.view == session.view(2), "its turn, up to date")
            assert sum(isinstance(screen, TurnScreen) for screen in app.screen_stack) == 1
            play(2)  # the seat goes on following the table afterwards
            table._broadcast()
            await wait_until(pilot, lambda: isinstance(app.screen, TurnScreen) and app.screen.view == session.view(2), "the next move")
    finally:
        await table.close()


async def test_a_seat_whose_screen_fails_to_draw_a_snapshot_draws_its_screens_afresh_and_goes_on(tmp_path: Path) -> None:
    table = new_table(tmp_path, "hanabi", [None, None])
    await table.open()
    session = table.session
    try:
        app = SeatApp(table.socket_path, 1, table._tokens[1], save_dir=tmp_path / "seat", computers_in_subprocess=False)
        async with app.run_test(size=(110, 32)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, TurnScreen), "the table", timeout=10)
            failures = []
            show_next = app.show_next

            def fails_once(step: Any) -> None:
                if not failures:
                    failures.append(step)
                    raise RuntimeError("a widget that is not there")
                show_next(step)

            app.show_next = fails_once  # type: ignore[method-assign]
            for seat in (0, 1, 0):  # clues: no misfire ends the game meanwhile
                session.apply(seat, next(a for a in session.view(seat).legal_actions if a.kind != "play"))
                table._broadcast()
                await wait_until(pilot, lambda: isinstance(app.screen, TurnScreen) and app.screen.view == session.view(1), f"the move of seat {seat}")
            assert failures and sum(isinstance(screen, TurnScreen) for screen in app.screen_stack) == 1
    finally:
        await table.close()


async def test_the_hosts_seat_shows_the_table_and_gives_a_guests_seat_to_a_computer(tmp_path: Path) -> None:
    from boardgames_tui.hosting.seat import TableScreen

    from .test_table import join, messages_until_closed

    table = new_table(tmp_path, "hanabi", [None, None, None])
    await table.open()
    try:
        guest = SeatApp(table.socket_path, 1, table._tokens[1], save_dir=tmp_path / "seat", computers_in_subprocess=False)
        async with guest.run_test(size=(110, 32)) as pilot:
            await wait_until(pilot, lambda: isinstance(guest.screen, TurnScreen), "the table", timeout=10)
            await pilot.press("ctrl+t")
            assert not isinstance(guest.screen, TableScreen), "a guest has no host's controls"
        host = SeatApp(table.socket_path, 0, table._tokens[0], table.host_token, save_dir=tmp_path / "seat", computers_in_subprocess=False)
        async with host.run_test(size=(110, 32)) as pilot:
            await wait_until(pilot, lambda: isinstance(host.screen, TurnScreen), "the table", timeout=10)
            host.screen.submit(table.session.view(0).legal_actions[0])
            await wait_until(pilot, lambda: "Ben is not at the table" in screen_text(host), "the seat that waits", timeout=10)
            assert "Ctrl+T" in screen_text(host)
            await pilot.press("ctrl+t")
            assert isinstance(host.screen, TableScreen)
            text = screen_text(host)
            assert "Ana: you" in text and "not at the table: 2 gives the seat to a computer" in text
            await pilot.press("2")
            await wait_until(pilot, lambda: table.session.computer_level(1) == "easy", "Ben's seat to go to a computer", timeout=10)
            reader, writer = await join(table, 2)  # Cleo sits down, and then goes quiet
            await pilot.press("ctrl+t")
            await wait_until(pilot, lambda: "Cleo: at the table: 3 twice gives the seat to a computer" in screen_text(host), "Cleo at the table", timeout=10)
            await pilot.press("1")
            await pilot.pause()
            assert any(toast.message == "Only a guest's seat can be given to a computer." for toast in host._notifications)
            await pilot.press("3")
            assert "Press 3 again to give Cleo's seat to a computer" in " ".join(screen_text(host).split())
            assert table.session.computer_level(2) is None, "asked once more first"
            await pilot.press("3")
            told = [message async for message in messages_until_closed(reader)]
            assert told[-1] == {"closed": "given"} and table.session.computer_level(2) == "easy"
            writer.close()
            await wait_until(pilot, lambda: isinstance(host.screen, TurnScreen), "the host's game again", timeout=10)
            await wait_until(pilot, lambda: table.session.actions_recorded >= 2, "the computer to play Ben's seat", timeout=10)
            await pilot.press("ctrl+t", "e")
            assert "Press e again" in screen_text(host) and not table.ended.is_set()
            await pilot.press("e")
            await wait_until(pilot, table.ended.is_set, "the game to end", timeout=10)
    finally:
        await table.close()


async def test_without_game_the_host_sets_the_table_up_on_the_usual_screens(tmp_path: Path) -> None:
    from boardgames_tui.hosting.setup import HostSetupApp
    from boardgames_tui.tui.screens.setup import SetupScreen

    app = HostSetupApp(tmp_path / "saves", computers_in_subprocess=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")  # the first game of the picker
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen), "the setup screen")
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: app.chosen is not None, "the game to be handed to the table")
    assert app.chosen.spec.id == "hanabi" and app.chosen.actions_recorded == 0
    app = HostSetupApp(tmp_path / "saves", computers_in_subprocess=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("escape")  # back from the picker: nothing is hosted
        await pilot.pause()
    assert app.chosen is None and app.return_code == 0


def test_a_seat_ends_when_its_terminal_goes_even_if_started_with_hang_ups_ignored(tmp_path: Path) -> None:
    """A seat's program leads its own session on the guest's pty. When the pty goes (its server died), the
    kernel's hang-up must end it, also when the server was started ignoring hang-ups (nohup passes SIG_IGN on):
    otherwise the app reads its dead terminal forever at full speed."""
    import fcntl
    import os
    import signal
    import subprocess
    import sys
    import termios
    import time

    def like_nohup_on_a_pty() -> None:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    master, slave = os.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "boardgames_tui.hosting.seat", "--table", str(tmp_path / "gone.sock"), "--seat", "0"],
        stdin=slave, stdout=slave, stderr=slave, start_new_session=True, preexec_fn=like_nohup_on_a_pty,
        env={**os.environ, "TERM": "xterm-256color"},
    )  # fmt: skip
    os.close(slave)
    try:
        seen = b""
        deadline = time.monotonic() + 20
        while b"table is not open" not in seen and time.monotonic() < deadline:  # the app is up and waiting
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
        assert b"table is not open" in seen and proc.poll() is None
        os.close(master)  # the guest's terminal goes
        proc.wait(timeout=10)
        assert proc.returncode == -signal.SIGHUP
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


async def test_enter_typed_as_another_players_move_hands_a_guest_the_turn_is_held_back(tmp_path: Path) -> None:
    """At a hosted table a guest's turn comes whenever someone else's move arrives: an Enter typed in that
    moment (waiting, or meant for the screen before) must not choose on the prompt just shown. It is held back
    for a moment, with a word, as after a computer's move at one laptop; then Enter works as ever."""
    table = new_table(tmp_path, "hanabi", [None, None])
    await table.open()
    now = [100.0]
    try:
        app = SeatApp(table.socket_path, 1, table._tokens[1], save_dir=tmp_path / "seat", computers_in_subprocess=False, turn_back_grace=0.4)
        app._clock = lambda: now[0]  # the app's clock, moved by hand
        async with app.run_test(size=(110, 32)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, TurnScreen), "the table", timeout=10)
            _reader, ana = await join(table, 0)  # Ana's seat, by the table's own protocol
            action = table.session.view(0).legal_actions[0]
            await link.send(ana, {"act": table.session.rules.dump_action(action)})
            await wait_until(pilot, lambda: my_turn(app, table), "Ben's turn, after Ana's move", timeout=10)
            before = table.session.actions_recorded
            now[0] += 0.3
            await pilot.press("1", "p")  # Ben's first card, to play: only the Enter that confirms is held back
            await pilot.press("enter")
            await pilot.pause(0.2)
            assert table.session.actions_recorded == before, "the Enter typed as the turn came chose nothing"
            assert "Your turn has just begun: see what happened, then press Enter again." in " ".join(screen_text(app).split())
            now[0] += 0.2
            await pilot.press("enter")
            await wait_until(pilot, lambda: table.session.actions_recorded > before, "Ben's play, a moment later", timeout=10)
            ana.close()
    finally:
        await table.close()
