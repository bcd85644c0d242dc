"""`boardgames host`: open a table that friends join over SSH.

With --game the table is set up from the command line (for scripts and tests); without it the usual setup
screen chooses the game, the seats and the options. The host plays the first person's seat in this terminal
(unless --no-seat), every other person's seat gets a join code, and the command prints how to join.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ..i18n import _, current_language

DEFAULT_PORT = 2222
LOOPBACK = "127.0.0.1"
DEFAULT_NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")


def add_host_command(commands: Any, formatter: type[argparse.HelpFormatter], lang_help: str) -> None:
    from ..i18n import LANGUAGES

    host = commands.add_parser(
        "host",
        formatter_class=formatter,
        help=_("open a table that friends join over SSH, each on their own terminal"),
        description=_(
            "Open a table that friends join from their own terminals with ssh: each sees only their own seat. "
            "Without --game the setup screen chooses the game; by default only this computer can join "
            "(--listen opens the table to a network)."
        ),
    )
    host.add_argument("--game", help=_("the game, without the setup screen: hanabi, luz, rummikub, splendor_duel, lifeboat"))
    host.add_argument("--seats", help=_("with --game: each seat's player, comma-separated: person, easy or hard"))
    host.add_argument("--names", help=_("with --game: the players' names, comma-separated"))
    host.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help=_("with --game: a game option (repeatable)")
    )
    host.add_argument("--deal", help=_("with --game: the deal number (default: a new one)"))
    host.add_argument("--resume", metavar="SAVE", help=_("host a saved game again (its id or its file)"))
    host.add_argument("--port", type=int, default=DEFAULT_PORT, help=_("the port guests connect to (default: 2222)"))
    host.add_argument(
        "--listen", default=LOOPBACK, metavar="ADDRESS", help=_("the address to listen on (default: 127.0.0.1, this computer only)")
    )
    host.add_argument("--no-seat", action="store_true", help=_("do not play a seat in this terminal: every person joins with ssh"))
    host.add_argument("--lang", choices=sorted(LANGUAGES), default=argparse.SUPPRESS, help=lang_help)


class HostError(Exception):
    """A table that cannot be opened as asked; the message says why, in words."""


def session_from_arguments(arguments: argparse.Namespace, store: Any) -> Any:
    """The game to host, from --resume or --game (None: neither was given, the setup screen chooses)."""
    from ..engine.registry import GAMES, get_game
    from ..tui.session import HotseatSession

    if arguments.resume:
        from ..records import RecordError, find_save

        try:
            saved = find_save(arguments.resume, store)
        except RecordError as exc:
            raise HostError(exc.message) from exc
        return HotseatSession.resume(saved, store)
    if not arguments.game:
        return None
    if arguments.game not in GAMES:
        raise HostError(_("There is no game {game}; choose one of {games}.").format(game=arguments.game, games=", ".join(GAMES)))
    spec = get_game(arguments.game)
    rules = spec.rules()
    kinds = [kind.strip() for kind in (arguments.seats or "person,person").split(",")]
    if not rules.min_players <= len(kinds) <= rules.max_players:
        raise HostError(
            _("{game} is for {low} to {high} players.").format(game=arguments.game, low=rules.min_players, high=rules.max_players)
        )
    levels: list[str | None] = []
    for kind in kinds:
        if kind == "person":
            levels.append(None)
        elif kind in spec.table_levels:
            levels.append(kind)
        else:
            raise HostError(
                _("A seat is person or a computer level ({levels}), not {kind}.").format(levels=", ".join(spec.table_levels), kind=kind)
            )
    names = [name.strip() for name in arguments.names.split(",")] if arguments.names else list(DEFAULT_NAMES[: len(kinds)])
    if len(names) != len(kinds):
        raise HostError(_("Give one name per seat ({count}).").format(count=len(kinds)))
    from ..engine.seating import names_refusal

    if names_refusal(names) is not None:
        raise HostError(_("These names cannot be used (each must be printable, short and different): {names}").format(names=", ".join(map(repr, names))))
    options: dict[str, Any] = {}
    for option in arguments.option:
        key, sep, value = option.partition("=")
        if not sep:
            raise HostError(_("An option is KEY=VALUE, not {option}.").format(option=option))
        try:
            options[key.strip()] = json.loads(value)
        except ValueError:
            options[key.strip()] = value
    try:
        chosen = rules.Options.model_validate(options)
    except ValueError as exc:
        raise HostError(_("These options are not ones the game accepts: {problem}").format(problem=exc)) from exc
    return HotseatSession.new(spec.id, names, chosen, store, seed=arguments.deal, computers=levels, long_deal=True)


def session_from_setup_screen(store: Any) -> Any:
    """The game the setup screen chooses (None: the host left without starting one)."""
    from .setup import HostSetupApp

    app = HostSetupApp(store.directory)
    app.run()
    return app.chosen


def host_key_path(store: Any) -> Path:
    return Path(store.directory).parent / "host_key"


def run_host(arguments: argparse.Namespace) -> int:
    from ..engine.saves import SaveStore

    store = SaveStore()
    try:
        session = session_from_arguments(arguments, store)
    except HostError as exc:
        print(exc, file=sys.stderr)
        return 2
    if session is None:
        session = session_from_setup_screen(store)
        if session is None:
            return 0
    if session.outcome() is not None:
        print(_("That game is over; there is nothing left to play."), file=sys.stderr)
        return 2
    try:
        return asyncio.run(serve(session, arguments, host_key_path(store)))
    except KeyboardInterrupt:
        return 0


def join_instructions(session: Any, codes: dict[str, int], *, address: str, port: int, host_seat: int | None) -> list[str]:
    """What the host reads out to the guests: the command, and each person's seat with its code."""
    shown = "HOST" if address in ("0.0.0.0", "::") else address
    lines = [_("Friends join with:  ssh -p {port} table@{address}").format(port=port, address=shown)]
    if address == LOOPBACK:
        lines.append(_("Only this computer can join (127.0.0.1). To let friends on your network in, start with --listen 0.0.0.0."))
    else:
        lines.append(
            _("The table is open to the network on {address}, port {port}: anyone who reaches it and knows a code can join.").format(
                address=address, port=port
            )
        )
    for code, seat in sorted(codes.items(), key=lambda item: item[1]):
        if seat == host_seat:
            continue
        lines.append(_("  Seat {n}, {name}: code {code}").format(n=seat + 1, name=session.players[seat], code=code))
    return lines


async def serve(session: Any, arguments: argparse.Namespace, host_key: Path) -> int:
    from .ssh import SeatDoor, close_door, open_door
    from .table import HostedTable

    table = HostedTable(session)
    await table.open()
    host_seat = None if arguments.no_seat or not table.person_seats else table.person_seats[0]

    def command(seat: int, env: dict[str, str]) -> list[str]:
        return table.seat_command(seat, env)

    guests = GuestCodes(table, host_seat)
    try:
        door = await open_door(SeatDoor(codes=guests, command=command), host=arguments.listen, port=arguments.port, host_key=host_key)
    except OSError as exc:
        await table.close()
        print(_("The table could not listen on {address} port {port}: {problem}").format(
            address=arguments.listen, port=arguments.port, problem=exc.strerror or exc
        ), file=sys.stderr)
        return 1
    port = door.get_port()
    lines = join_instructions(session, table.codes, address=arguments.listen, port=port, host_seat=host_seat)
    print("\n".join(lines), flush=True)
    try:
        if host_seat is not None:
            input_line = _(
                "Press Enter to sit down at your seat ({name}). There, Ctrl+T shows who is at the table: a guest's "
                "seat can go to a computer, and the game can be ended for everyone."
            ).format(name=session.players[host_seat])
            await asyncio.get_running_loop().run_in_executor(None, input, input_line)
            env = dict(os.environ)
            argv = table.host_seat_command(host_seat, env, current_language())
            process = await asyncio.create_subprocess_exec(*argv, env=env)
            # The host's seat closes when they leave it; ending the game from it closes the table for everyone.
            left = asyncio.ensure_future(process.wait())
            ended = asyncio.ensure_future(table.ended.wait())
            await asyncio.wait({left, ended}, return_when=asyncio.FIRST_COMPLETED)
            ended.cancel()
            if not left.done():
                await table.close()  # tells every seat, the host's own included, that the table is closed
                await left
        else:
            print(_("Ctrl+C closes the table (the game is saved)."), flush=True)
            print(_("Type 'computer N' to have a computer play guest seat N (a guest still there is let go), or 'end' to end the game."), flush=True)
            table.on_change = lambda what: print(describe_change(session, what), flush=True)
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(signal.SIGINT, stop.set)
                loop.add_signal_handler(signal.SIGTERM, stop.set)
            finished = asyncio.ensure_future(table.finished.wait())
            stopped = asyncio.ensure_future(stop.wait())
            commands = asyncio.ensure_future(console_commands(table, session))
            ended = asyncio.ensure_future(table.ended.wait())
            await asyncio.wait({finished, stopped, commands, ended}, return_when=asyncio.FIRST_COMPLETED)
            commands.cancel()
            ended.cancel()
            if table.finished.is_set():
                await asyncio.sleep(1)  # the last snapshots reach the seats
                print(_("The game is over."), flush=True)
    finally:
        await close_door(door)
        await table.close()
    print(_("The game is saved in {path}.").format(path=session.save_path), flush=True)
    return 0


async def console_commands(table: Any, session: Any) -> None:
    """The host's commands typed in the console of a table hosted with --no-seat; returns on 'end'."""
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            await asyncio.Event().wait()  # no console (a script): only Ctrl+C or the game's end close the table
        words = line.split()
        if words == ["end"]:
            table.ended.set()
            return
        if len(words) == 2 and words[0] == "computer" and words[1].isdigit():
            seat = int(words[1]) - 1
            level = session.spec.table_levels[0]
            if await table.give_to_computer(seat, level):
                print(_("A computer ({level}) plays {name}'s seat from now on.").format(level=level, name=session.players[seat]), flush=True)
            else:
                print(_("Only a guest's seat can be given to a computer."), flush=True)
        elif words:
            print(_("Type 'computer N' or 'end'."), flush=True)


class GuestCodes(Mapping[str, int]):
    """The join codes the SSH door lets in, read from the table at every login: a seat handed to a computer
    loses its code at once; the host's own seat never had one to give."""

    def __init__(self, table: Any, host_seat: int | None) -> None:
        self._table = table
        self._host_seat = host_seat

    def _codes(self) -> dict[str, int]:
        return {code: seat for code, seat in self._table.codes.items() if seat != self._host_seat}

    def __getitem__(self, code: str) -> int:
        return self._codes()[code]

    def __iter__(self) -> Iterator[str]:
        return iter(self._codes())

    def __len__(self) -> int:
        return len(self._codes())


def describe_change(session: Any, what: str) -> str:
    kind, _sep, seat = what.partition(":")
    if kind == "save":
        return seat  # the save warning, already in words
    name = session.players[int(seat)]
    if kind == "joined":
        return _("{name} sat down.").format(name=name)
    return _("{name} left the table; the game waits for them (they come back with the same code).").format(name=name)
