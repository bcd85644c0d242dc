"""What goes between the host and a seat process, and how.

Messages are JSON objects, one per line, over a local stream socket in a folder only the host's user may
open. Both ends already run an asyncio loop (Textual's, and the host's SSH server), so asyncio streams carry
them with no thread; every game object is a pydantic model, so the JSON is the models' own. A seat process
proves it was started by the host with a token made for it (compared in constant time).

host -> seat:  {"snapshot": SeatSnapshot}   everything the seat's screens are drawn from, after each change
               {"refused": {"code", "params"}}   the seat's last action was refused, and why
               {"closed": reason}           the table is closing ("ended", "replaced")
seat -> host:  {"hello": {"seat", "token"}}  once, first
               {"act": action JSON}          the seat's chosen action
               {"note": {"hand", "slot", "text"}}   a Hanabi card note
"""

from __future__ import annotations

import asyncio
import json
import typing
from typing import TYPE_CHECKING, Any

from ..engine.base import Event, Fact, FrozenModel, Outcome

if TYPE_CHECKING:
    from ..tui.session import HotseatSession

# A View with a long log is some tens of kilobytes; this is far above any, and bounds what a line may cost.
MAX_MESSAGE_BYTES = 8 * 1024 * 1024
# What a seat sends (an action, a note, its hello) is small: the host reads no longer line from a seat.
MAX_SEAT_MESSAGE_BYTES = 64 * 1024


class SeatSnapshot(FrozenModel):
    """One seat's share of the table: its View and what everyone may see, with the facts to narrate in the
    seat's own language. Game-specific parts are the models' JSON, read back with the game's types."""

    game_id: str
    players: tuple[str, ...]
    options: dict[str, Any]
    levels: tuple[str | None, ...]  # per seat: the computer's level, None for a person
    present: tuple[bool, ...]  # per seat: a person's seat with its process connected now (computers: True)
    deal_number: str  # once the game is over; empty before
    match: tuple[tuple[int, ...], ...]
    seat: int
    view: dict[str, Any]
    seen_view: dict[str, Any] | None  # the seat's View when it last looked (for the change marks)
    public_view: dict[str, Any]
    news: tuple[Event, ...]  # since the seat's last action, as it may read them
    public_log: tuple[Event, ...]  # once the game is over (the results screen's log); empty before
    position: Fact
    summary: Event | None  # the newest public event
    acting: int | None
    outcome: Outcome | None
    revealed: dict[str, Any] | None  # everything hidden, once the game is over
    actions: int
    last_seat: int | None
    has_acted: bool
    notes: tuple[tuple[int, int, str], ...]  # the seat's own card notes: (hand's seat, slot, text)
    save_warning: str | None = None  # the host's own seat only: the game on disk is behind (it names the host's files)


def snapshot_for(session: HotseatSession, seat: int, present: tuple[bool, ...], *, host: bool = False) -> SeatSnapshot:
    """`seat`'s snapshot of the session now (host side); `host`: the seat the host plays."""
    revealed = session.revealed()
    seen = session.seen_view(seat)
    outcome = session.outcome()
    summary = session.last_public_event()
    return SeatSnapshot(
        game_id=session.spec.id,
        players=session.players,
        options=session.options.model_dump(mode="json"),
        levels=tuple(session.computer_level(s) for s in range(len(session.players))),
        present=present,
        # The deal number seeds every shuffle: a seat that had it could work out every hidden card.
        deal_number=session.deal_number if outcome is not None else "",
        match=session.match,
        seat=seat,
        view=session.view(seat).model_dump(mode="json"),
        seen_view=seen.model_dump(mode="json") if seen is not None else None,
        public_view=session.view(None).model_dump(mode="json"),
        news=session.news_events(seat),
        public_log=session.log_events(None) if outcome is not None else (),  # read on the results screen only
        position=session.position_fact(),
        summary=summary.seen_by(None) if summary is not None else None,
        acting=session.acting_seat() if outcome is None else None,
        outcome=outcome,
        revealed=revealed.model_dump(mode="json") if revealed is not None else None,
        actions=session.actions_recorded,
        last_seat=session.last_seat,
        has_acted=session.has_acted(seat),
        notes=tuple((hand, slot, text) for (hand, slot), text in sorted(session.notes_for(seat).items())),
        save_warning=session.save_warning() if host else None,
    )


def view_type(game_id: str) -> type[Any]:
    """The game's View model (what its rules' `view` returns)."""
    from ..engine.registry import get_game

    rules = get_game(game_id).rules()
    return typing.get_type_hints(type(rules).view)["return"]  # type: ignore[no-any-return]


def revealed_type(game_id: str) -> type[Any]:
    """The model of everything a finished game of `game_id` lays open (engine/<game>/reveal.py)."""
    from importlib import import_module

    module = import_module(f"boardgames_tui.engine.{game_id}.reveal")
    return typing.get_type_hints(module.reveal)["return"]  # type: ignore[no-any-return]


async def send(writer: asyncio.StreamWriter, message: dict[str, Any]) -> None:
    writer.write(line(message))
    await writer.drain()


def line(message: dict[str, Any]) -> bytes:
    """A message as it goes over the socket."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


def snapshot_line(snapshot: SeatSnapshot) -> bytes:
    """{"snapshot": ...}, serialised by pydantic in one pass (the bulk of what a table sends)."""
    return b'{"snapshot":' + snapshot.model_dump_json().encode() + b"}\n"


async def receive(reader: asyncio.StreamReader) -> dict[str, Any] | None:
    """The next message, or None once the other end is gone (or sent something that is not a message)."""
    try:
        line = await reader.readline()
    except (ValueError, ConnectionError):  # a line over the limit, a reset connection
        return None
    if not line:
        return None
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):  # not JSON, or nested beyond reason
        return None
    return message if isinstance(message, dict) else None
