"""The SSH front door of a hosted table: `ssh -p 2222 table@HOST`, the seat's join code as the password.

Each authenticated connection gets exactly one thing: its seat's program (the seat's app, as the table's
`command` names it) running in a child process on a new pseudo-terminal, with the client's window size and
terminal type. Everything else an SSH client may ask for is refused: commands (`ssh host ls`), subsystems
(sftp), port and socket forwarding, agent and X11 forwarding, public-key and "none" authentication, and a
second session on the same connection. A session without a terminal is told it needs one and ends with
status 1.

The server is asyncssh's; this module only answers its questions (the SSHServer and SSHServerSession
callbacks) and moves bytes between the channel and the pty master.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import hmac
import logging
import os
import re
import signal
import struct
import termios
import warnings
import weakref
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.utils import CryptographyDeprecationWarning

with warnings.catch_warnings():
    # asyncssh still names DSA keys, which cryptography 51 deprecates: without this a host would read five
    # library warnings above the join instructions. No DSA key is used here: the host key is Ed25519
    # (load_or_make_host_key) and guests log in with their code, never a key.
    warnings.simplefilter("ignore", CryptographyDeprecationWarning)
    import asyncssh

from ..i18n import LANGUAGES, N_, _, language_from_environment, load_translation

log = logging.getLogger(__name__)

USERNAME = "table"  # the only user name; the join code tells the seats apart

# Dead clients (a laptop lid closed) are noticed by SSH keepalives: one every minute, three unanswered end it.
KEEPALIVE_INTERVAL = 60.0
KEEPALIVE_COUNT_MAX = 3
LOGIN_TIMEOUT = 20.0  # seconds from connecting to a right join code
DRAIN_TIMEOUT = 1.0  # after the program exits, how long its last output may take to arrive
# Connections that have not given a right code yet, at once: past this a new one is turned away (a flood of
# them would run the host out of file descriptors, and its saves with it).
MAX_WAITING_LOGINS = 16
# The largest terminal a guest may report: the seat's app lays out every cell of it.
MAX_COLUMNS, MAX_ROWS = 1000, 500
MAX_PENDING_INPUT = 64 * 1024  # input the program hasn't read yet; beyond this the channel stops reading
READ_CHUNK = 64 * 1024

# The client's environment reaches the program only through these names, with plain values.
LOCALE_VARIABLES = ("LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")
_LOCALE_VALUE = re.compile(r"[A-Za-z0-9_.@:+-]{1,100}")
_TERM_VALUE = re.compile(r"[A-Za-z0-9_.+-]{1,64}")
DEFAULT_TERM = "xterm"
DEFAULT_SIZE = (80, 24)

# The host's own environment passes to the program, except what describes the host's terminal, locale
# or remote-access sockets: the guest's terminal is another one.
_HOST_ONLY = frozenset(
    {
        "TERM", "COLORTERM", "TERMCAP", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "COLUMNS", "LINES",
        "TMUX", "TMUX_PANE", "STY", "WINDOWID", "VTE_VERSION", "LANG", "LANGUAGE",
        "SSH_AUTH_SOCK", "SSH_AGENT_PID", "SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY",
        "DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY",
    }
)


@dataclass(frozen=True)
class SeatDoor:
    """What the door needs from the table.

    codes: join code -> seat number, read at every login (a live mapping sees codes that change).
    command: the argv of a seat's program, given the seat and the environment it will get on top of the
        host's (TERM and the client's locale variables); it may add to that dict (a token, say).
    """

    codes: Mapping[str, int]
    command: Callable[[int, dict[str, str]], list[str]]


def seat_for_code(codes: Mapping[str, int], typed: str) -> int | None:
    """The seat whose code `typed` is, or None. Every code is compared, in constant time, whatever matches:
    the time taken doesn't tell which code (or whether one) matched. Case and surrounding spaces don't count."""
    wanted = typed.strip().lower().encode("utf-8", "replace")
    found = None
    for code, seat in codes.items():
        same = hmac.compare_digest(code.strip().lower().encode("utf-8", "replace"), wanted)
        found = seat if same else found
    return found


def in_guests_words(message: str, env: Mapping[str, str]) -> str:
    """`message` (marked with N_) in the language the guest's client asked for (its LANG and LC_*, as the
    seat's program reads them), for what the door itself says once the guest has a session."""
    return load_translation(language_from_environment(env)).gettext(message)


def in_every_language(message: str, separator: str = " / ") -> str:
    """`message` (marked with N_) in the host's language, then in the others: what the door says before
    login (the join code prompt, the banner, too many wrong codes), when the client has not said its
    language yet."""
    said = [_(message), *(load_translation(code).gettext(message) for code in LANGUAGES)]
    return separator.join(dict.fromkeys(said))  # each once, in that order


def client_environment(term_type: str | None, sent: Mapping[str, str]) -> dict[str, str]:
    """What the program gets from the client: TERM from its terminal type and its locale variables, when
    they look like locale names. Nothing else the client sent."""
    term = term_type if term_type and _TERM_VALUE.fullmatch(term_type) else DEFAULT_TERM
    env = {"TERM": term}
    for name in LOCALE_VARIABLES:
        value = sent.get(name)
        if value is not None and _LOCALE_VALUE.fullmatch(value):
            env[name] = value
    return env


def child_environment(seat_env: Mapping[str, str], host_env: Mapping[str, str] | None = None) -> dict[str, str]:
    """The program's whole environment: the host's, less its terminal and locale, its Python settings and any
    of this program's tokens, plus `seat_env`."""
    host_env = os.environ if host_env is None else host_env
    env = {
        k: v
        for k, v in host_env.items()
        if k not in _HOST_ONLY and not k.startswith(("LC_", "PYTHON")) and not (k.startswith("BOARDGAMES_TUI_") and k.endswith("_TOKEN"))
    }
    env.update(seat_env)
    return env


def load_or_make_host_key(path: Path) -> asyncssh.SSHKey:
    """The table's host key: read from `path`, or made there on the first run (ed25519, mode 0600, in a
    folder made if missing). A friend's ssh remembers it, so it is kept, never replaced."""
    path = Path(path)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        key = asyncssh.generate_private_key("ssh-ed25519", comment="boardgames_tui table")
        # Written beside the final name and linked into place: the key file is whole or absent, never
        # half-written, and a key made at the same moment by another process is not overwritten.
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(key.export_private_key("openssh"))
                file.flush()
                os.fsync(file.fileno())
            with contextlib.suppress(FileExistsError):
                os.link(temporary, path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
    elif path.stat().st_mode & 0o077:
        path.chmod(0o600)  # a private key others can read: tighten it (ssh itself would refuse it)
    return asyncssh.read_private_key(path)


# The door -------------------------------------------------------------------------------------------


@dataclass
class _Door:
    """One listening door's settings and what is alive behind it."""

    door: SeatDoor
    max_wrong_codes: int
    idle_timeout: float
    wrong_code_delay: float
    kill_after: float
    on_connect: Callable[[int], None] | None
    on_disconnect: Callable[[int], None] | None
    servers: set[_TableServer] = field(default_factory=set)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def spawn(self, coro: Awaitable[None]) -> asyncio.Task[None]:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("seat door task failed", exc_info=task.exception())

    def tell(self, callback: Callable[[int], None] | None, seat: int) -> None:
        if callback is None:
            return
        try:
            callback(seat)
        except Exception:  # noqa: BLE001 - the table's callback failing must not stop the door
            log.exception("seat door callback failed")


_DOORS: weakref.WeakKeyDictionary[asyncssh.SSHAcceptor, _Door] = weakref.WeakKeyDictionary()


async def open_door(
    door: SeatDoor,
    *,
    host: str = "127.0.0.1",
    port: int = 2222,
    host_key: Path,
    max_wrong_codes: int = 3,
    idle_timeout: float = 1800.0,
    on_connect: Callable[[int], None] | None = None,
    on_disconnect: Callable[[int], None] | None = None,
    wrong_code_delay: float = 1.0,
    kill_after: float = 2.0,
) -> asyncssh.SSHAcceptor:
    """Listen for guests on host:port (port 0: any free port; `acceptor.get_port()` tells it).

    max_wrong_codes: wrong codes (or user names) a connection may try before it is closed.
    idle_timeout: seconds with neither a keystroke nor new output after which a connection is closed (its
        program stopped first).
    on_connect(seat) when a seat's program starts; on_disconnect(seat) once it has ended, whether it exited
        or its guest left. The same code may connect again later (a reconnect).
    wrong_code_delay: each wrong code is answered this many seconds late (slows guessing).
    kill_after: a program still running this long after SIGTERM (its guest left) gets SIGKILL.
    Stop with `close_door(acceptor)`: it also ends the connections and their programs.
    """
    if max_wrong_codes < 1:
        raise ValueError("max_wrong_codes must be at least 1")
    state = _Door(door, max_wrong_codes, idle_timeout, wrong_code_delay, kill_after, on_connect, on_disconnect)
    acceptor = await asyncssh.listen(
        host,
        port,
        server_factory=lambda: _TableServer(state),
        server_host_keys=[load_or_make_host_key(host_key)],
        # Only the join code lets anyone in: no keys, no host-based or GSS logins.
        password_auth=True,
        kbdint_auth=True,
        public_key_auth=False,
        host_based_auth=False,
        gss_host=None,
        # Nothing rides along with the session.
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        # Raw bytes both ways: the pty does the line discipline, not asyncssh.
        line_editor=False,
        encoding=None,
        login_timeout=LOGIN_TIMEOUT,
        keepalive_interval=KEEPALIVE_INTERVAL,
        keepalive_count_max=KEEPALIVE_COUNT_MAX,
    )
    _DOORS[acceptor] = state
    return acceptor


async def close_door(acceptor: asyncssh.SSHAcceptor) -> None:
    """Stop listening, end every connection (each program is stopped as on a drop, its output sent) and
    wait until every seat's program is gone."""
    acceptor.close()
    state = _DOORS.pop(acceptor, None)
    if state is not None:
        await asyncio.gather(*(server.shut() for server in list(state.servers)), return_exceptions=True)
        while state.tasks:
            await asyncio.gather(*list(state.tasks), return_exceptions=True)
    await acceptor.wait_closed()


class _TableServer(asyncssh.SSHServer):
    """One SSH connection: its login, its idle clock and its one session."""

    def __init__(self, state: _Door) -> None:
        self._state = state
        self._conn: asyncssh.SSHServerConnection | None = None
        self._seat: int | None = None
        self._wrong = 0
        self._session: _SeatSession | None = None
        self._loop = asyncio.get_running_loop()
        self._last_activity = self._loop.time()
        self._idle: asyncio.TimerHandle | None = None
        self._closing = False

    @property
    def logged_in(self) -> bool:
        return self._seat is not None

    # The connection -------------------------------------------------------------------------------

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        waiting = sum(1 for server in self._state.servers if not server.logged_in)
        if waiting >= MAX_WAITING_LOGINS:
            conn.close()
            return
        self._state.servers.add(self)
        self._last_activity = self._loop.time()
        self._idle = self._loop.call_later(self._state.idle_timeout, self._check_idle)

    def connection_lost(self, exc: Exception | None) -> None:
        self._closing = True
        if self._idle is not None:
            self._idle.cancel()
        self._state.servers.discard(self)

    async def shut(self) -> None:
        """End this connection from the host's side, the program first."""
        self._closing = True
        if self._session is not None:
            await self._session.end()
        if self._conn is not None:
            self._conn.close()
            try:
                await asyncio.wait_for(self._conn.wait_closed(), self._state.kill_after)
            except TimeoutError:
                self._conn.abort()

    # Idle: no built-in in asyncssh (its keepalives only find dead peers), so a clock that the guest's keys
    # and the program's output reset: a guest watching the others play is at the table, not idle ----------

    def note_activity(self) -> None:
        self._last_activity = self._loop.time()

    def _check_idle(self) -> None:
        remaining = self._last_activity + self._state.idle_timeout - self._loop.time()
        if remaining > 0:
            self._idle = self._loop.call_later(remaining, self._check_idle)
        elif not self._closing:
            self._state.spawn(self._close_idle())

    async def _close_idle(self) -> None:
        self._closing = True
        env = self._session.client_env() if self._session is not None else {}
        if self._session is not None:
            await self._session.end()  # the program's last output (its terminal reset) still reaches the guest
        if self._conn is not None:
            self._conn.disconnect(asyncssh.DISC_BY_APPLICATION, in_guests_words(N_("Closed after a long time without input."), env))

    # Login ----------------------------------------------------------------------------------------

    def begin_auth(self, username: str) -> bool:
        if username != USERNAME and self._conn is not None:  # `ssh HOST` without `table@`: say why codes fail
            self._conn.send_auth_banner(in_every_language(N_('Join codes work only for the user "table": ssh -p PORT table@HOST'), "\n") + "\n")
        return True  # everyone must log in; "none" never succeeds

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        return await self._check(username, password)

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> asyncssh.KbdIntChallenge:
        return "", "", "", [(in_every_language(N_("Join code")) + ": ", False)]

    async def validate_kbdint_response(self, username: str, responses: asyncssh.KbdIntResponse) -> bool:
        typed = responses[0] if len(responses) == 1 else ""
        return await self._check(username, typed)

    def public_key_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    async def _check(self, username: str, typed: str) -> bool:
        state = self._state
        if self._wrong >= state.max_wrong_codes:  # spent (an earlier answer may have been cut short)
            self._refuse_logins()
            return False
        seat = seat_for_code(state.door.codes, typed)
        if username == USERNAME and seat is not None:
            self._seat = seat
            return True
        self._wrong += 1  # counted before any wait, so a cancelled answer still counts
        if self._wrong >= state.max_wrong_codes:
            self._refuse_logins()
            return False
        if state.wrong_code_delay > 0:
            await asyncio.sleep(state.wrong_code_delay)
        return False

    def _refuse_logins(self) -> None:
        if self._conn is not None:
            self._conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, in_every_language(N_("Too many wrong join codes.")))

    # What a logged-in guest may open: one session, nothing else ------------------------------------

    def session_requested(self) -> _SeatSession | bool:
        if self._seat is None or self._session is not None or self._closing:
            return False
        # One seat, one connection: an older one with the same code (a drop not noticed yet, or the code used twice)
        # is ended, its program first, so a seat never has two programs.
        for other in list(self._state.servers):
            if other is not self and other._seat == self._seat and not other._closing:
                self._state.spawn(other.shut())
        self._session = _SeatSession(self, self._state, self._seat)
        return self._session

    def session_ended(self, session: _SeatSession) -> None:
        if self._session is session:
            self._session = None

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        return False  # ssh -L, -D

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False  # ssh -R

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False

    def tun_requested(self, unit: int | None) -> bool:
        return False

    def tap_requested(self, unit: int | None) -> bool:
        return False


class _SeatSession(asyncssh.SSHServerSession[bytes]):
    """The session channel: a pty request and a shell request start the seat's program on a new pty."""

    def __init__(self, server: _TableServer, state: _Door, seat: int) -> None:
        self._server = server
        self._state = state
        self._seat = seat
        self._loop = asyncio.get_running_loop()
        self._chan: asyncssh.SSHServerChannel[bytes] | None = None
        self._open = True  # the channel is still open
        self._master: int | None = None
        self._proc: asyncio.subprocess.Process | None = None
        self._task: asyncio.Task[None] | None = None
        self._reading = False
        self._paused = False  # the channel asked for no more output for now
        self._master_eof = False
        self._drained = asyncio.Event()  # every byte the program wrote has been read
        self._pending = bytearray()  # input not yet taken by the pty
        self._writing = False
        self._input_paused = False

    # What the client asks for ---------------------------------------------------------------------

    def client_env(self) -> dict[str, str]:
        """What the program gets from the guest's client (its terminal type and locale), once it asked."""
        chan = self._chan
        return client_environment(chan.get_terminal_type(), chan.get_environment()) if chan is not None else {}

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self._chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Mapping[int, int]) -> bool:
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False  # `ssh host ls`: no commands, ever

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # sftp and the like

    def break_received(self, msec: int) -> bool:
        return False

    def session_started(self) -> None:
        chan = self._chan
        assert chan is not None
        if chan.get_terminal_type() is None:
            words = in_guests_words(N_("This table needs a terminal: connect with ssh -t and no command."), self.client_env())
            chan.write_stderr((words + "\n").encode())
            chan.exit(1)
            return
        width, height, pixwidth, pixheight = chan.get_terminal_size()
        if not width or not height:
            width, height = DEFAULT_SIZE
        master, slave = os.openpty()
        self._master = master
        _set_size(master, width, height, pixwidth, pixheight)  # before the program starts and asks
        self._task = self._state.spawn(self._run(slave))

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self._master is not None and width and height:
            _set_size(self._master, width, height, pixwidth, pixheight)  # the kernel sends SIGWINCH

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self._server.note_activity()
        if self._master is None or self._proc is not None and self._proc.returncode is not None:
            return
        self._pending += data
        self._flush_input()

    def eof_received(self) -> bool:
        return True  # the terminal stays; the program ends the session

    def pause_writing(self) -> None:
        self._paused = True
        self._stop_reading()

    def resume_writing(self) -> None:
        self._paused = False
        self._start_reading()

    def connection_lost(self, exc: Exception | None) -> None:
        """The channel closed: our exit, or the guest left (then the program is stopped)."""
        self._open = False
        self._stop_reading()
        self._stop_writing()
        self._server.session_ended(self)
        if self._proc is not None and self._proc.returncode is None:
            self._state.spawn(self._stop_program())

    # The program ----------------------------------------------------------------------------------

    async def _run(self, slave: int) -> None:
        chan = self._chan
        master = self._master
        assert chan is not None and master is not None
        started = False
        try:
            try:
                env = self.client_env()
                argv = self._state.door.command(self._seat, env)
                self._proc = await asyncio.create_subprocess_exec(
                    *argv,
                    stdin=slave,
                    stdout=slave,
                    stderr=slave,
                    env=child_environment(env),
                    start_new_session=True,  # its own session, so the pty can become its controlling terminal
                    preexec_fn=_take_terminal,
                )
            finally:
                os.close(slave)  # only the program holds it now: its exit shows as EOF on the master
        except Exception:  # noqa: BLE001 - any failure to start is told to the guest, not raised into asyncssh
            log.exception("seat %s: the program did not start", self._seat)
            self._close_master()
            if self._open:
                self._send((in_guests_words(N_("The game could not start on this table."), self.client_env()) + "\r\n").encode())
                chan.exit(1)
            return
        try:
            started = True
            self._state.tell(self._state.on_connect, self._seat)
            if not self._open:  # the guest left while it was starting
                await self._stop_program()
            os.set_blocking(master, False)
            self._start_reading()
            self._flush_input()
            status = await self._proc.wait()
            if self._open:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._drained.wait(), DRAIN_TIMEOUT)
        finally:
            self._stop_reading()
            self._stop_writing()
            self._close_master()
            if started:
                self._state.tell(self._state.on_disconnect, self._seat)
        if self._open:
            if status < 0:
                chan.exit_with_signal(_signal_name(-status))
            else:
                chan.exit(status)

    async def _stop_program(self) -> None:
        """SIGTERM to the program's process group, SIGKILL if it is still there after `kill_after`."""
        proc = self._proc
        if proc is None or proc.returncode is not None:
            return
        _signal_group(proc.pid, signal.SIGTERM)
        try:
            await asyncio.wait_for(proc.wait(), self._state.kill_after)
        except TimeoutError:
            _signal_group(proc.pid, signal.SIGKILL)
            await proc.wait()

    async def end(self) -> None:
        """Stop the program (as on a drop) and wait until its session is over, its last output sent."""
        await self._stop_program()
        if self._task is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(self._task)

    # Bytes between the channel and the pty master -------------------------------------------------

    def _send(self, data: bytes) -> None:
        if not self._open or self._chan is None:
            return
        self._server.note_activity()
        try:
            self._chan.write(data)
        except (OSError, asyncssh.Error):
            self._open = False

    def _start_reading(self) -> None:
        if self._master is not None and not self._reading and not self._paused and not self._master_eof:
            self._loop.add_reader(self._master, self._read_master)
            self._reading = True

    def _stop_reading(self) -> None:
        if self._reading and self._master is not None:
            self._loop.remove_reader(self._master)
        self._reading = False

    def _read_master(self) -> None:
        assert self._master is not None
        try:
            data = os.read(self._master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:  # EIO: no process holds the pty any more
            data = b""
        if not data:
            self._master_eof = True
            self._stop_reading()
            self._drained.set()
            return
        self._send(data)

    def _flush_input(self) -> None:
        master = self._master
        if master is None or self._proc is None:
            # Kept until the program has started, but no more than the usual amount: the channel waits.
            if len(self._pending) > MAX_PENDING_INPUT and self._chan is not None and self._open and not self._input_paused:
                self._input_paused = True
                self._chan.pause_reading()
            return
        while self._pending:
            try:
                written = os.write(master, self._pending)
            except BlockingIOError:
                break
            except OSError:
                self._pending.clear()
                break
            del self._pending[:written]
        if self._pending and not self._writing:
            self._loop.add_writer(master, self._flush_input)
            self._writing = True
        elif not self._pending and self._writing:
            self._loop.remove_writer(master)
            self._writing = False
        # The program reads slower than the guest types (or pastes): hold the channel until it catches up.
        full = len(self._pending) > MAX_PENDING_INPUT
        if full != self._input_paused and self._chan is not None and self._open:
            self._input_paused = full
            (self._chan.pause_reading if full else self._chan.resume_reading)()

    def _stop_writing(self) -> None:
        if self._writing and self._master is not None:
            self._loop.remove_writer(self._master)
        self._writing = False
        self._pending.clear()

    def _close_master(self) -> None:
        if self._master is not None:
            master, self._master = self._master, None
            with contextlib.suppress(OSError):
                os.close(master)


def _take_terminal() -> None:
    """In the child, after setsid and before exec: the pty on fd 0 becomes its controlling terminal, so the
    kernel sends it SIGWINCH on a resize and SIGHUP when the pty goes."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _set_size(fd: int, width: int, height: int, pixwidth: int = 0, pixheight: int = 0) -> None:
    """TIOCSWINSZ on the pty: rows, columns, then the pixel sizes (each an unsigned short)."""
    height, width = max(1, min(int(height), MAX_ROWS)), max(1, min(int(width), MAX_COLUMNS))
    sizes = [max(0, min(int(n), 0xFFFF)) for n in (height, width, pixwidth, pixheight)]
    with contextlib.suppress(OSError):
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", *sizes))


def _signal_group(pid: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signum)  # the program leads its own session and group: helpers it started go too


def _signal_name(signum: int) -> str:
    """The SSH name of a signal: "TERM" for SIGTERM."""
    try:
        return signal.Signals(signum).name.removeprefix("SIG")
    except ValueError:
        return str(signum)


__all__ = ["SeatDoor", "USERNAME", "close_door", "load_or_make_host_key", "open_door", "seat_for_code"]
