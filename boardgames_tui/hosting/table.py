"""The host's side of a hosted table: the one authority over the game.

The table holds the session (the only State; autosaved after every action, as in a hotseat game), lets the
computers play, and serves the seat processes over a local socket (link.py): each seat process proves it was
started by the host with its token, sends its seat's actions, and gets its own snapshot after every change.
A seat's process may go and come back (a dropped SSH connection): the game waits for a person who is away.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import secrets
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..engine.base import IllegalAction
from ..tui.computers import TURN_BACK_GRACE_SECONDS, ComputerPlayers
from ..tui.session import HotseatSession
from . import link
from .seat import HOST_TOKEN_VARIABLE, TOKEN_VARIABLE

# Join codes are read aloud and typed: lower-case letters and digits without look-alikes (0/o, 1/l/i).
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
CODE_LENGTH = 8  # 31^8: about 8.5e11 codes; a connection gets three tries


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class Outbox:
    """What goes to one seat's process, sent by a task of its own: a seat that reads slowly (a guest whose
    connection stalls) holds up nobody else, and only its newest snapshot waits, since an older one would be
    drawn over at once. Other messages (a refusal, the table closing) keep their order, before it."""

    MAX_WAITING = 64  # messages a seat has not taken: past this it is not reading, and is let go
    SEND_SECONDS = 30.0  # a seat that takes no data for this long is let go too (its person can rejoin)

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self._messages: list[bytes] = []
        self._snapshot: bytes | None = None
        self._ready = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()
        self._task = asyncio.get_running_loop().create_task(self._send_all())

    def snapshot(self, data: bytes) -> None:
        self._snapshot = data
        self._wake()

    def message(self, message: dict[str, Any]) -> None:
        if len(self._messages) >= self.MAX_WAITING:
            self.close()
            return
        self._messages.append(link.line(message))
        self._wake()

    def _wake(self) -> None:
        self._idle.clear()
        self._ready.set()

    async def _send_all(self) -> None:
        try:
            while True:
                await self._ready.wait()
                self._ready.clear()
                while self._messages or self._snapshot is not None:
                    if self._messages:
                        data = self._messages.pop(0)
                    else:
                        data, self._snapshot = self._snapshot, None
                    self.writer.write(data)
                    await asyncio.wait_for(self.writer.drain(), self.SEND_SECONDS)
                self._idle.set()
        except (ConnectionError, RuntimeError, TimeoutError):
            self.writer.transport.abort()  # the seat's own loop sees it gone, and the seat leaves the table
        except asyncio.CancelledError:
            pass
        finally:
            self._idle.set()

    async def flush(self, timeout: float) -> None:
        """Wait (at most `timeout` seconds) until everything posted has been written."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), timeout)

    def close(self) -> None:
        self._task.cancel()
        self.writer.transport.abort()  # at once: a peer that does not read would keep a closing socket open


class HostedTable:
    """One game served to its seats' processes (see the module's docstring)."""

    def __init__(
        self,
        session: HotseatSession,
        *,
        computer_pause: float = 0.6,
        computers_in_subprocess: bool = True,
        turn_back_grace: float = TURN_BACK_GRACE_SECONDS,
    ) -> None:
        self.session = session
        self.computer_pause = computer_pause
        self.turn_back_grace = turn_back_grace  # the seats' hold on Enter as their turn comes (tests shorten it)
        self.computers = ComputerPlayers(in_subprocess=computers_in_subprocess)
        self.person_seats = tuple(s for s in range(len(session.players)) if session.computer_level(s) is None)
        self._tokens = {seat: secrets.token_hex(16) for seat in self.person_seats}
        # The host's own seat process also gets this one: with it, that process may hand a seat whose person left
        # to a computer, or end the game for everyone.
        self.host_token = secrets.token_hex(16)
        self.ended = asyncio.Event()  # the host ended the game from their seat
        self.host_seat: int | None = None  # the seat whose process said the host's token in its hello
        self.codes = {new_code(): seat for seat in self.person_seats}  # join code -> seat
        self._folder = Path(tempfile.mkdtemp(prefix="boardgames-table-"))  # only this user may enter it
        self.socket_path = self._folder / "table.sock"
        self._links: dict[int, Outbox] = {}  # the seats whose process is connected now
        self._server: asyncio.AbstractServer | None = None
        self._computer_task: asyncio.Task[None] | None = None
        self._closed = False
        self._said_warning: str | None = None
        self.finished = asyncio.Event()  # set once the game is over and every seat was told
        self.on_change: Callable[[str], None] | None = None  # the host's console: who came, who left

    # Opening and closing ------------------------------------------------------------------------

    async def open(self) -> None:
        self._server = await asyncio.start_unix_server(self._serve_seat, path=str(self.socket_path), limit=link.MAX_SEAT_MESSAGE_BYTES)
        self._play_computers()

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._computer_task is not None:
            self._computer_task.cancel()
        for outbox in list(self._links.values()):
            outbox.message({"closed": "ended"})
            await outbox.flush(1.0)
            outbox.close()
        self._links.clear()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self.computers.shutdown()
        self.session.finish_writing()
        shutil.rmtree(self._folder, ignore_errors=True)

    def seat_command(self, seat: int, env: dict[str, str], language: str | None = None) -> list[str]:
        """The command line of `seat`'s process; its token goes into `env`."""
        env[TOKEN_VARIABLE] = self._tokens[seat]
        env.pop(HOST_TOKEN_VARIABLE, None)  # only the host's own seat gets it (host_seat_command)
        # -I: the seat's Python ignores the current folder and PYTHON* settings (nobody else's module gets in).
        argv = [sys.executable, "-I", "-m", "boardgames_tui.hosting.seat", "--table", str(self.socket_path), "--seat", str(seat)]
        if self.turn_back_grace != TURN_BACK_GRACE_SECONDS:
            argv += ["--turn-back-grace", str(self.turn_back_grace)]
        return argv + (["--lang", language] if language else [])

    def host_seat_command(self, seat: int, env: dict[str, str], language: str | None = None) -> list[str]:
        """The command line of the host's own seat: with the host's controls."""
        argv = self.seat_command(seat, env, language)
        env[HOST_TOKEN_VARIABLE] = self.host_token
        return argv

    def present(self) -> tuple[bool, ...]:
        return tuple(s in self._links or self.session.computer_level(s) is not None for s in range(len(self.session.players)))

    # Serving a seat -----------------------------------------------------------------------------

    async def _serve_seat(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await self._serve(reader, writer)
        except asyncio.CancelledError:
            pass  # the table closing ends every seat's loop
        except Exception:  # noqa: BLE001 - whatever a seat's process sends, that seat alone is let go
            writer.transport.abort()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        seat = await self._greet(reader)
        if seat is None:
            writer.transport.abort()
            return
        earlier = self._links.get(seat)
        if earlier is not None:  # the seat came back before its old connection was noticed gone
            earlier.message({"closed": "replaced"})
            await earlier.flush(1.0)
            earlier.close()
        outbox = self._links[seat] = Outbox(writer)
        self._say(f"joined:{seat}")
        try:
            self._broadcast()
            while (message := await link.receive(reader)) is not None:
                if "act" in message:
                    self._act(seat, outbox, message["act"])
                elif "note" in message:
                    self._note(seat, message["note"])
                elif "host" in message:
                    await self._host_command(message["host"])
        finally:
            if self._links.get(seat) is outbox:
                del self._links[seat]
                self._say(f"left:{seat}")
                self._broadcast()
            outbox.close()

    async def _greet(self, reader: asyncio.StreamReader) -> int | None:
        try:
            hello = await asyncio.wait_for(link.receive(reader), timeout=10)
        except TimeoutError:
            return None
        if not hello or not isinstance(hello.get("hello"), dict):
            return None
        seat, token = hello["hello"].get("seat"), hello["hello"].get("token")
        if type(seat) is not int or seat not in self._tokens or not isinstance(token, str):
            return None
        if not hmac.compare_digest(self._tokens[seat].encode(), token.encode()):
            return None
        host = hello["hello"].get("host")
        if isinstance(host, str) and hmac.compare_digest(self.host_token.encode(), host.encode()):
            self.host_seat = seat  # it is told when a save fails (the message names the host's files)
        return seat

    def _act(self, seat: int, outbox: Outbox, data: Any) -> None:
        session = self.session
        try:
            action = session.rules.parse_action(data)
        except (ValidationError, ValueError, TypeError):
            outbox.message({"refused": {"code": "unknown_action", "params": {}}})
            return
        if session.computer_level(seat) is not None:  # pragma: no cover - computers' seats have no token
            return
        try:
            session.apply(seat, action)
        except IllegalAction as exc:
            outbox.message({"refused": {"code": exc.code, "params": exc.params}})
            return
        self._broadcast()
        self._play_computers()

    def _note(self, seat: int, note: Any) -> None:
        try:
            self.session.write_note(seat, int(note["hand"]), int(note["slot"]), str(note["text"]))
        except (ValueError, KeyError, TypeError, OverflowError):
            return
        outbox = self._links.get(seat)
        if outbox is not None:
            outbox.snapshot(link.snapshot_line(self._snapshot(seat)))

    def _snapshot(self, seat: int) -> link.SeatSnapshot:
        return link.snapshot_for(self.session, seat, self.present(), host=seat == self.host_seat)

    def _broadcast(self) -> None:
        """Every seat at the table gets its own snapshot (its View, never another's)."""
        warning = self.session.save_warning()
        if warning is not None and warning != self._said_warning:
            self._say("save:" + warning)  # the host's console (a --no-seat table)
        self._said_warning = warning
        for seat, outbox in list(self._links.items()):
            outbox.snapshot(link.snapshot_line(self._snapshot(seat)))
        if self.session.outcome() is not None:
            self.finished.set()

    def _say(self, what: str) -> None:
        if self.on_change is not None:
            self.on_change(what)

    # Computers ------------------------------------------------------------------------------------

    def _play_computers(self) -> None:
        if self._computer_task is None or self._computer_task.done():
            self._computer_task = asyncio.get_running_loop().create_task(self._computers_move())

    async def _computers_move(self) -> None:
        session = self.session
        loop = asyncio.get_running_loop()
        while session.outcome() is None:
            seat = session.acting_seat()
            if seat is None or session.computer_level(seat) is None:
                return
            job = session.computer_job(seat)
            started = loop.time()
            try:
                action = await self.computers.decide(job)
            except Exception:  # noqa: BLE001 - a failing bot must not stop the game: it plays a legal move
                action = None
            await asyncio.sleep(max(0.0, self.computer_pause - (loop.time() - started)))
            try:
                if action is None:
                    raise IllegalAction("unknown_action")
                session.apply(seat, action)
            except Exception:  # noqa: BLE001 - refused, or anything else: the game goes on with a legal move
                session.apply(seat, session.view(seat).legal_actions[0])
            self._broadcast()

    # The host's controls -------------------------------------------------------------------------

    async def _host_command(self, command: Any) -> None:
        """A request from the host's own seat process (it carries the host's token): a seat to a computer, or the
        end of the game. Anything else, or a wrong token, is ignored."""
        if not isinstance(command, dict) or not isinstance(command.get("token"), str):
            return
        if not hmac.compare_digest(self.host_token.encode(), command["token"].encode()):
            return
        if command.get("end") is True:
            self.ended.set()
            return
        seat, level = command.get("computer"), command.get("level")
        if type(seat) is int and isinstance(level, str):
            await self.give_to_computer(seat, level)

    async def give_to_computer(self, seat: int, level: str) -> bool:
        """A guest's seat is played by a computer of `level` from now on, and everyone is told; a guest still
        connected (gone quiet, say) is told first and let go. False (nothing changes) for a seat that is not a
        person's, the host's own seat, or no such level."""
        if seat not in self._tokens or seat == self.host_seat or level not in self.session.spec.table_levels:
            return False
        outbox = self._links.pop(seat, None)
        if outbox is not None:
            outbox.message({"closed": "given"})
            await outbox.flush(1.0)
            outbox.close()
        self.hand_to_computer(seat, level)
        self._broadcast()
        return True

    def hand_to_computer(self, seat: int, level: str) -> None:
        """A person's seat is played by a computer from now on (saved with the game); its code no longer lets
        anyone in."""
        self.session.seat_computer(seat, level)
        self._tokens.pop(seat, None)
        self.codes = {code: s for code, s in self.codes.items() if s != seat}
        self._play_computers()
