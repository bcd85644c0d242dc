"""`boardgames host` end to end (issue #29): the real command in its own process, guests on asyncssh clients
with a pseudo-terminal, as `ssh -p PORT table@127.0.0.1` would be.

Two guests play Hanabi to the end by keys on their own terminals; a command instead of the game is refused;
the host killed mid-game leaves the game saved, and `host --resume` opens it again where it was."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path

import asyncssh

from boardgames_tui.tui.computers import TURN_BACK_GRACE_SECONDS

ESCAPES = re.compile(rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])")


def text_of(output: bytes) -> str:
    """What a terminal's bytes say, without the escape sequences (for finding words in them)."""
    return ESCAPES.sub(b"", output).decode("utf-8", "replace")


async def start_host(tmp_path: Path, *arguments: str) -> tuple[asyncio.subprocess.Process, int, dict[str, str]]:
    """The host command, its port and its join codes by player name. Its output goes to a file: a pipe would
    stay open as long as any process it started lives, and a test kills the host."""
    env = dict(os.environ, BOARDGAMES_TUI_DATA_DIR=str(tmp_path / "data"), BOARDGAMES_TUI_CONFIG_DIR=str(tmp_path / "config"))
    env.pop("LANG", None)
    env.pop("LC_ALL", None)
    log = tmp_path / f"host-{len(list(tmp_path.glob('host-*.log')))}.log"
    with log.open("wb") as output:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "boardgames_tui", "host", "--no-seat", "--port", "0", *arguments,
            stdout=output, stderr=asyncio.subprocess.STDOUT, env=env,
        )  # fmt: skip
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30
    said = ""
    while "Ctrl+C" not in said:
        await asyncio.sleep(0.05)
        said = log.read_text(errors="replace")
        if process.returncode is not None or loop.time() > deadline:
            raise AssertionError("the host did not open the table: " + said)
    port = int(re.search(r"ssh -p (\d+) table@127\.0\.0\.1", said).group(1))  # type: ignore[union-attr]
    codes = dict(re.findall(r"Seat \d+, (\w+): code (\w+)", said))
    assert "Only this computer can join" in said
    return process, port, codes


class Guest:
    """One guest's terminal: what it has received, and keys to send."""

    def __init__(self, connection: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess[bytes]) -> None:
        self.connection = connection
        self.process = process
        self.received = b""
        self.reader = asyncio.ensure_future(self._read())

    @classmethod
    async def join(cls, port: int, code: str) -> Guest:
        connection = await asyncssh.connect("127.0.0.1", port, username="table", password=code, known_hosts=None, client_keys=None, agent_path=None)
        process = await connection.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
        return cls(connection, process)

    async def _read(self) -> None:
        try:
            while chunk := await self.process.stdout.read(65536):
                self.received += chunk
        except (asyncssh.Error, OSError):
            pass  # the host went away: what came before stays readable

    async def wait_for(self, words: str, since: int = 0, timeout: float = 30) -> int:
        """Wait until the terminal has shown `words` after byte `since`; where the output ends then."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while words not in text_of(self.received[since:]):
            assert loop.time() < deadline, f"never saw {words!r}: {text_of(self.received[since:])[-800:]!r}"
            await asyncio.sleep(0.05)
        return len(self.received)

    def press(self, *keys: bytes) -> None:
        for key in keys:
            self.process.stdin.write(key)

    async def close(self) -> None:
        self.reader.cancel()
        self.connection.close()
        await self.connection.wait_closed()


async def test_two_guests_play_hanabi_to_the_end_and_a_command_is_refused(tmp_path: Path) -> None:
    host, port, codes = await start_host(tmp_path, "--game", "hanabi", "--seats", "person,person", "--names", "Ana,Ben", "--deal", "12")
    try:
        async with asyncssh.connect("127.0.0.1", port, username="table", password=codes["Ana"], known_hosts=None, client_keys=None, agent_path=None) as connection:
            try:
                result = await connection.run("touch " + str(tmp_path / "ran"), term_type=None)
            except asyncssh.ChannelOpenError:
                pass  # refused outright
            else:
                assert result.exit_status != 0
            assert not (tmp_path / "ran").exists(), "no command runs, only the game"
        guests = {name: await Guest.join(port, code) for name, code in codes.items()}
        await guests["Ana"].wait_for("Your turn, Ana")
        await guests["Ben"].wait_for("Ana to play")
        # Each plays their first card when it is their turn: three misfires end the game.
        marks = {name: 0 for name in guests}
        for _turn in range(40):
            over = False
            for name, guest in guests.items():
                if "Game over" in text_of(guest.received):
                    over = True
            if over:
                break
            for name, guest in guests.items():
                if f"Your turn, {name}" in text_of(guest.received[marks[name] :]):
                    marks[name] = len(guest.received)
                    guest.press(b"1", b"p")
                    # An Enter typed the moment the other's move hands over the turn is held back (the hold is the
                    # real one here): Enter comes once the guest has seen the move, as a person's would.
                    await asyncio.sleep(TURN_BACK_GRACE_SECONDS + 0.1)
                    guest.press(b"\r")
            await asyncio.sleep(0.2)
        for guest in guests.values():
            await guest.wait_for("Game over")
        assert "Ben" in text_of(guests["Ana"].received) and "Ana" in text_of(guests["Ben"].received)
        for guest in guests.values():
            await guest.close()
    finally:
        host.send_signal(signal.SIGINT)
        await asyncio.wait_for(host.wait(), 20)


async def test_the_host_killed_mid_game_resumes_where_it_was(tmp_path: Path) -> None:
    host, port, codes = await start_host(tmp_path, "--game", "hanabi", "--seats", "person,easy", "--names", "Ana,Ben", "--deal", "12")
    guest = await Guest.join(port, codes["Ana"])
    await guest.wait_for("Your turn, Ana")
    guest.press(b"1", b"p", b"\r")
    await guest.wait_for("Turn 3")  # Ana played, and the computer after her
    host.kill()
    await asyncio.wait_for(host.wait(), 10)
    await guest.close()
    saves = list((tmp_path / "data" / "saves").glob("*.json"))
    assert len(saves) == 1
    host, port, codes = await start_host(tmp_path, "--resume", saves[0].stem)
    try:
        guest = await Guest.join(port, codes["Ana"])
        await guest.wait_for("Turn 3 · Your turn, Ana")
        await guest.close()
    finally:
        host.send_signal(signal.SIGINT)
        await asyncio.wait_for(host.wait(), 20)
