"""The SSH front door (boardgames_tui/hosting/ssh.py), with asyncssh's own client on 127.0.0.1.

The seat's program here is a tiny Python script: it prints its pid, seat, TERM, LANG, whether the pty is its
controlling terminal and the terminal size (again on every SIGWINCH), then echoes one line and exits 3. Its
other modes: "stubborn" ignores SIGTERM and SIGHUP, "flood" writes 300 kB and exits 0 at once, "ticker" prints
a line every 0.2 s for 1.2 s before the usual."""

from __future__ import annotations

import asyncio
import re
import stat
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from boardgames_tui.hosting.ssh import (
    SeatDoor,
    child_environment,
    client_environment,
    close_door,
    load_or_make_host_key,
    open_door,
    seat_for_code,
)

from ..tui.helpers import process_gone

CODES = {"abcd2345": 1, "wxyz6789": 2}
CODE = "abcd2345"
WAIT = 5.0  # the longest any single step may take before the test fails

CHILD = r"""
import os, signal, sys
def size(*_):
    # os.write, not print: a resize can land while print still holds stdout's buffer, and print from the handler
    # would then die of a "reentrant call"
    columns, lines = os.get_terminal_size(0)
    os.write(1, f"SIZE {columns}x{lines}\n".encode())
signal.signal(signal.SIGWINCH, size)
if sys.argv[2] == "stubborn":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
print(f"PID {os.getpid()}", flush=True)
if sys.argv[2] == "ticker":  # output for a while without any input, then silence
    import time
    for _ in range(6):
        time.sleep(0.2)
        print("tick", flush=True)
if sys.argv[2] == "flood":
    sys.stdout.write(("x" * 99 + "\n") * 3000)
    sys.exit(0)
env = os.environ
print(f"SEAT {sys.argv[1]} TERM {env.get('TERM')} LANG {env.get('LANG')} SECRET {env.get('SECRET')} "
      f"CTTY {os.tcgetpgrp(0) == os.getpgrp()}", flush=True)
size()
print("READY", flush=True)
line = sys.stdin.readline()
print(f"ECHO {line.strip()}", flush=True)
sys.exit(3)
"""


class Table:
    """A door on a free port, and what it told the table."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connected: list[int] = []
        self.disconnected: list[int] = []
        self.commands: list[tuple[int, dict[str, str]]] = []
        self.mode = "normal"


@pytest.fixture
async def open_table(tmp_path: Path) -> AsyncIterator[Callable[..., Any]]:
    acceptors: list[asyncssh.SSHAcceptor] = []

    async def make(**options: Any) -> Table:
        table = Table(0)

        def command(seat: int, env: dict[str, str]) -> list[str]:
            table.commands.append((seat, dict(env)))
            if table.mode == "missing":
                return [str(Path(sys.executable).with_name("no-such-seat-program"))]
            return [sys.executable, "-c", CHILD, str(seat), table.mode]

        options.setdefault("wrong_code_delay", 0)
        acceptor = await open_door(
            SeatDoor(CODES, command),
            host="127.0.0.1",
            port=0,
            host_key=tmp_path / "keys" / "host_key",
            on_connect=table.connected.append,
            on_disconnect=table.disconnected.append,
            **options,
        )
        acceptors.append(acceptor)
        table.port = acceptor.get_port()
        return table

    yield make
    for acceptor in acceptors:
        await asyncio.wait_for(close_door(acceptor), WAIT)


async def connect(table: Table, *, username: str = "table", password: str | None = CODE, **options: Any) -> asyncssh.SSHClientConnection:
    return await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1", table.port, username=username, password=password, known_hosts=None,
            client_keys=options.pop("client_keys", None), agent_path=None, config=None, **options,
        ),
        WAIT,
    )


async def start(conn: asyncssh.SSHClientConnection, **options: Any) -> asyncssh.SSHClientProcess[str]:
    options.setdefault("term_type", "xterm-256color")
    options.setdefault("term_size", (100, 30))
    return await asyncio.wait_for(conn.create_process(**options), WAIT)


async def read_until(process: asyncssh.SSHClientProcess[str], marker: str) -> str:
    return await asyncio.wait_for(process.stdout.readuntil(marker), WAIT)


async def wait_for(condition: Callable[[], bool]) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(poll(), WAIT)


# A right code ----------------------------------------------------------------------------------------


async def test_a_right_code_with_a_terminal_runs_the_seats_program_on_a_pty(open_table) -> None:
    table = await open_table()
    async with await connect(table) as conn:
        process = await start(conn, env={"LANG": "zh_CN.UTF-8", "SECRET": "from-the-client"})
        shown = await read_until(process, "READY")
        assert "SEAT 1 TERM xterm-256color LANG zh_CN.UTF-8 SECRET None CTTY True" in shown
        assert "SIZE 100x30" in shown
        assert table.connected == [1]
        assert table.commands == [(1, {"TERM": "xterm-256color", "LANG": "zh_CN.UTF-8"})]

        process.change_terminal_size(120, 40)  # the child hears SIGWINCH and reads the new size
        await read_until(process, "SIZE 120x40")

        process.stdin.write("hello\r")
        await read_until(process, "ECHO hello")
        await asyncio.wait_for(process.wait_closed(), WAIT)
        assert process.exit_status == 3
    assert table.disconnected == [1]


async def test_all_output_reaches_the_guest_before_the_exit_status(open_table) -> None:
    table = await open_table()
    table.mode = "flood"
    async with await connect(table) as conn:
        process = await start(conn)
        output = await asyncio.wait_for(process.stdout.read(), WAIT)
        await asyncio.wait_for(process.wait_closed(), WAIT)
    assert output.count("x") == 99 * 3000
    assert process.exit_status == 0


async def test_a_program_that_cannot_start_is_reported(open_table) -> None:
    table = await open_table()
    table.mode = "missing"
    async with await connect(table) as conn:
        process = await start(conn)
        output = await asyncio.wait_for(process.stdout.read(), WAIT)
        await asyncio.wait_for(process.wait_closed(), WAIT)
    assert "could not start" in output and process.exit_status == 1
    assert table.connected == table.disconnected == []
    async with await connect(table) as conn:  # said in the language the guest's client asks for
        process = await start(conn, env={"LANG": "zh_CN.UTF-8"})
        output = await asyncio.wait_for(process.stdout.read(), WAIT)
    assert "游戏无法启动" in output


async def test_keyboard_interactive_logins_work_and_show_a_join_code_prompt(open_table) -> None:
    table = await open_table()
    prompts: list[str] = []

    class Guest(asyncssh.SSHClient):
        def kbdint_auth_requested(self) -> str:
            return ""

        def kbdint_challenge_received(self, name: str, instructions: str, lang: str, asked: Any) -> list[str]:
            prompts.extend(prompt for prompt, _echo in asked)
            return ["WXYZ6789 "]  # case and spaces don't count

    async with await connect(table, password=None, client_factory=Guest, preferred_auth="keyboard-interactive") as conn:
        process = await start(conn)
        assert "SEAT 2 " in await read_until(process, "READY")
    assert prompts == ["Join code / 加入码: "], "before login the client has not said its language: both are used"


async def test_the_same_code_may_connect_again_after_a_drop_and_its_program_is_stopped(open_table) -> None:
    table = await open_table(kill_after=WAIT * 2)  # only SIGTERM can end it in time
    conn = await connect(table, preferred_auth="password")
    process = await start(conn)
    pid = int(re.search(r"PID (\d+)", await read_until(process, "READY")).group(1))
    conn.abort()  # the guest's network goes
    await wait_for(lambda: process_gone(pid))
    await wait_for(lambda: table.disconnected == [1])

    async with await connect(table) as again:
        process = await start(again)
        assert "SEAT 1 " in await read_until(process, "READY")
    assert table.connected == [1, 1]


async def test_a_second_connection_with_a_code_ends_the_first_and_its_program(open_table) -> None:
    table = await open_table()
    first = await connect(table)
    process = await start(first)
    pid = int(re.search(r"PID (\d+)", await read_until(process, "READY")).group(1))
    async with await connect(table) as second:
        again = await start(second)
        assert "SEAT 1 " in await read_until(again, "READY")
        await wait_for(lambda: process_gone(pid))  # one seat never has two programs
        await asyncio.wait_for(first.wait_closed(), WAIT)
    assert table.connected == [1, 1]


async def test_a_program_that_ignores_sigterm_is_killed(open_table) -> None:
    table = await open_table(kill_after=0.3)
    table.mode = "stubborn"
    conn = await connect(table)
    process = await start(conn)
    pid = int(re.search(r"PID (\d+)", await read_until(process, "READY")).group(1))
    conn.close()
    await wait_for(lambda: process_gone(pid))
    await wait_for(lambda: table.disconnected == [1])


async def test_a_connection_without_input_is_closed_after_the_idle_timeout(open_table) -> None:
    table = await open_table(idle_timeout=0.6)
    conn = await connect(table)
    process = await start(conn)
    await read_until(process, "READY")
    for _ in range(3):  # typing keeps it open past the timeout
        await asyncio.sleep(0.3)
        process.stdin.write("x")
    assert process.exit_status is None and process.exit_signal is None
    await asyncio.wait_for(conn.wait_closed(), WAIT)  # then silence closes it, the program first
    assert table.disconnected == [1]


async def test_a_guest_watching_the_others_play_is_not_idle(open_table) -> None:
    table = await open_table(idle_timeout=0.6)
    table.mode = "ticker"
    conn = await connect(table)
    process = await start(conn)
    started = asyncio.get_running_loop().time()
    await read_until(process, "PID")
    await asyncio.wait_for(conn.wait_closed(), WAIT)  # the screen changed for 1.2 s, then it was quiet
    assert asyncio.get_running_loop().time() - started > 1.2 + 0.6 - 0.1
    assert table.disconnected == [1]


async def test_closing_the_door_ends_the_sessions_and_their_programs(tmp_path: Path) -> None:
    table = Table(0)
    acceptor = await open_door(
        SeatDoor(CODES, lambda seat, env: [sys.executable, "-c", CHILD, str(seat), "normal"]),
        port=0, host_key=tmp_path / "host_key", on_disconnect=table.disconnected.append,
    )
    table.port = acceptor.get_port()
    conn = await connect(table)
    process = await start(conn)
    pid = int(re.search(r"PID (\d+)", await read_until(process, "READY")).group(1))
    await asyncio.wait_for(close_door(acceptor), WAIT)
    assert process_gone(pid) and table.disconnected == [1]
    await asyncio.wait_for(conn.wait_closed(), WAIT)
    assert process.exit_signal is not None and process.exit_signal[0] == "TERM"  # told before the close
    with pytest.raises(OSError):
        await connect(table)


# Refused logins ----------------------------------------------------------------------------------------


async def test_a_wrong_code_or_user_name_is_refused(open_table) -> None:
    table = await open_table()
    banners: list[str] = []

    class Guest(asyncssh.SSHClient):
        def auth_banner_received(self, msg: str, lang: str) -> None:
            banners.append(msg)

    with pytest.raises(asyncssh.PermissionDenied):
        await connect(table, password="wrong123", client_factory=Guest)
    assert banners == []
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(table, username="root", client_factory=Guest)
    assert len(banners) == 1 and 'user "table"' in banners[0] and '用户 "table"' in banners[0]
    assert table.connected == [] and table.commands == []


async def test_no_public_key_or_none_login(open_table) -> None:
    table = await open_table()
    key = asyncssh.generate_private_key("ssh-ed25519")
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(table, password=None, client_keys=[key])


async def test_after_max_wrong_codes_the_connection_is_closed_even_for_the_right_code(open_table) -> None:
    table = await open_table(max_wrong_codes=3)
    tries = iter(["bad1", "bad2", "bad3", CODE, CODE])
    asked: list[str] = []

    class Guesser(asyncssh.SSHClient):
        def password_auth_requested(self) -> str:
            asked.append(next(tries))
            return asked[-1]

    with pytest.raises(asyncssh.PermissionDenied, match="Too many wrong join codes. / 加入码错误次数过多。"):
        await connect(table, password=None, client_factory=Guesser, preferred_auth="password")
    assert asked == ["bad1", "bad2", "bad3"]
    assert table.commands == []


# Refused requests after a right code -------------------------------------------------------------------


async def test_commands_are_refused_and_never_run(open_table, tmp_path: Path) -> None:
    table = await open_table()
    marker = tmp_path / "ran"
    async with await connect(table) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run(f"touch {marker}")
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process(f"touch {marker}", term_type="xterm")
    assert not marker.exists()
    assert table.commands == []


async def test_sftp_and_forwarding_are_refused(open_table) -> None:
    table = await open_table()
    async with await connect(table) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", table.port)  # ssh -L / -D
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9)  # ssh -R
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_unix_connection("/tmp/.X11-unix/X0")
    assert table.commands == []


async def test_a_session_without_a_terminal_is_told_so_and_ends_with_status_1(open_table) -> None:
    table = await open_table()
    async with await connect(table) as conn:
        result = await asyncio.wait_for(conn.run(), WAIT)
    assert result.exit_status == 1
    assert result.stderr.count("\n") == 1 and "needs a terminal" in result.stderr
    async with await connect(table) as conn:
        result = await asyncio.wait_for(conn.run(env={"LC_ALL": "zh_CN.UTF-8"}), WAIT)
    assert "需要终端" in result.stderr
    assert table.commands == []


async def test_one_session_per_connection(open_table) -> None:
    table = await open_table()
    async with await connect(table) as conn:
        process = await start(conn)
        await read_until(process, "READY")
        with pytest.raises(asyncssh.ChannelOpenError):
            await start(conn)
    assert len(table.commands) == 1


# Pieces ------------------------------------------------------------------------------------------------


def test_the_host_key_is_made_once_private_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "new folder" / "host_key"
    made = load_or_make_host_key(path)
    assert made.algorithm == b"ssh-ed25519"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_or_make_host_key(path).export_public_key() == made.export_public_key()
    path.chmod(0o644)
    load_or_make_host_key(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in path.parent.iterdir()] == ["host_key"]


def test_codes_are_matched_whole_ignoring_case_and_spaces() -> None:
    assert seat_for_code(CODES, "abcd2345") == 1
    assert seat_for_code(CODES, " WXYZ6789\n") == 2
    assert seat_for_code(CODES, "abcd234") is None
    assert seat_for_code(CODES, "") is None
    assert seat_for_code({}, "abcd2345") is None
    assert seat_for_code({"solo2345": 0}, "solo2345") == 0  # seat 0 is a seat


def test_only_terminal_type_and_locale_come_from_the_client() -> None:
    sent = {"LANG": "zh_CN.UTF-8", "LC_ALL": "$(reboot)", "LANGUAGE": "zh_CN:en", "PATH": "/evil", "LD_PRELOAD": "x.so"}
    assert client_environment("xterm-256color", sent) == {"TERM": "xterm-256color", "LANG": "zh_CN.UTF-8", "LANGUAGE": "zh_CN:en"}
    assert client_environment("bad term\x1b", {}) == {"TERM": "xterm"}
    host = {"PATH": "/usr/bin", "HOME": "/home/host", "TERM": "screen", "LC_CTYPE": "C", "COLUMNS": "200", "LANG": "de_DE"}
    assert child_environment({"TERM": "xterm"}, host) == {"PATH": "/usr/bin", "HOME": "/home/host", "TERM": "xterm"}


def test_hosting_starts_without_library_warnings() -> None:
    """`boardgames host` shows the join instructions, not the SSH library's deprecation warnings (asyncssh
    names DSA, which cryptography deprecates): Python's default warning display is on, as for a host."""
    shown = subprocess.run(
        [sys.executable, "-W", "default", "-c", "import boardgames_tui.hosting.ssh"], capture_output=True, text=True, check=True
    )
    assert "Warning" not in shown.stderr, shown.stderr
