"""A hosted table (issue #29), without SSH: the host's table and seat processes' side of the link.

Several seats join one table over its local socket and play a game of every kind to the end, each choosing
with the easy computer player from the View in its own snapshots (so, as a guest, from nothing else). Every
snapshot a seat receives is the same when what that seat may not know is dealt again at random (the
no-leak method of the View tests, applied to all a seat's process is sent); a wrong token is turned away; a
refused action says the engine's reason and changes nothing; a seat that drops comes back where it was."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.bots import BOTS
from boardgames_tui.engine.registry import GAMES, get_game
from boardgames_tui.engine.saves import SaveStore
from boardgames_tui.hosting import link
from boardgames_tui.hosting.link import SeatSnapshot
from boardgames_tui.hosting.ssh import seat_for_code
from boardgames_tui.hosting.table import HostedTable
from boardgames_tui.tui.session import HotseatSession
from tests.resamplers import RESAMPLE, table_size

NAMES = ("Ana", "Ben", "Cleo", "Dev")


def new_table(tmp_path: Path, game_id: str, levels: list[str | None], seed: str = "7") -> HostedTable:
    rules = get_game(game_id).rules()
    session = HotseatSession.new(game_id, NAMES[: len(levels)], rules.Options(), SaveStore(tmp_path / "saves"), seed=seed, computers=levels)
    # The seats' keys are typed as soon as their screens show the turn: no hold on Enter as it comes.
    return HostedTable(session, computer_pause=0.0, computers_in_subprocess=False, turn_back_grace=0.0)


async def join(table: HostedTable, seat: int, token: str | None = None) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_unix_connection(str(table.socket_path), limit=link.MAX_MESSAGE_BYTES)
    await link.send(writer, {"hello": {"seat": seat, "token": table._tokens[seat] if token is None else token}})
    return reader, writer


def same_for_any_hidden_deal(table: HostedTable, seat: int, received: SeatSnapshot, rng: random.Random) -> None:
    """What `seat` received does not change when what it may not know is dealt again (the host's own
    session is put back as it was)."""
    session = table.session
    state = session._state
    try:
        session._state = RESAMPLE[session.spec.id](state, seat, rng)
        assert link.snapshot_for(session, seat, received.present) == received
    finally:
        session._state = state


async def play_seat(table: HostedTable, seat: int, checks: list[int]) -> SeatSnapshot:
    """One seat's process, scripted: it acts with the easy computer player on its own snapshots' Views until
    the game is over, and checks each snapshot as it comes (before the table moves on)."""
    game_id = table.session.spec.id
    view_type = link.view_type(game_id)
    bot = BOTS[game_id]["easy"]()
    rng = random.Random(seat)
    reader, writer = await join(table, seat)
    acted_on = -1
    try:
        while (message := await link.receive(reader)) is not None:
            assert "refused" not in message, message
            snapshot = SeatSnapshot.model_validate(message["snapshot"])
            assert snapshot.seat == seat
            # The deal number seeds every shuffle: a seat gets it with the results, never during the game.
            assert (snapshot.deal_number == "") == (snapshot.outcome is None)
            if snapshot.actions == table.session.actions_recorded and snapshot.outcome is None:
                same_for_any_hidden_deal(table, seat, snapshot, rng)
                checks[seat] += 1
            if snapshot.outcome is not None:
                return snapshot
            view = view_type.model_validate(snapshot.view)
            if snapshot.acting == seat and snapshot.actions != acted_on:  # once per position, as a person would
                acted_on = snapshot.actions
                action = bot.choose(view, rng)
                await link.send(writer, {"act": table.session.rules.dump_action(action)})
    finally:
        writer.close()
    raise AssertionError("the table closed before the game was over")


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_people_at_one_table_play_a_game_of_every_kind_to_the_end(tmp_path: Path, game_id: str) -> None:
    count = table_size(game_id)
    levels: list[str | None] = [None] * count
    if count > 2:
        levels[1] = "easy"  # a computer among the people: the host plays it
    table = new_table(tmp_path, game_id, levels)
    await table.open()
    try:
        checks = [0] * count
        people = table.person_seats
        finals = await asyncio.wait_for(asyncio.gather(*(play_seat(table, seat, checks) for seat in people)), 240)
    finally:
        await table.close()
    outcome = table.session.outcome()
    assert outcome is not None
    assert all(final.outcome == outcome for final in finals), "everyone sees the same result"
    assert all(final.revealed is not None for final in finals), "once the game is over, what was hidden is laid open"
    assert all(checks[seat] > 0 for seat in people)
    # The game was saved as it went: the file resumes where the table ended.
    store = SaveStore(tmp_path / "saves")
    saved = [game for game in store.list() if not hasattr(game, "problem")]
    assert len(saved) == 1 and saved[0].save.finished


async def test_a_wrong_token_or_seat_is_turned_away(tmp_path: Path) -> None:
    table = new_table(tmp_path, "hanabi", [None, None])
    await table.open()
    try:
        for seat, token in ((0, "0" * 32), (1, table._tokens[0]), (5, table._tokens[0])):
            reader, writer = await join(table, seat, token)
            assert await asyncio.wait_for(link.receive(reader), 5) is None, (seat, token)
            writer.close()
        reader, writer = await join(table, 1)
        first = await asyncio.wait_for(link.receive(reader), 5)
        assert first is not None and SeatSnapshot.model_validate(first["snapshot"]).seat == 1
        writer.close()
    finally:
        await table.close()


async def test_a_refused_action_says_why_and_changes_nothing_and_a_dropped_seat_comes_back(tmp_path: Path) -> None:
    table = new_table(tmp_path, "hanabi", [None, None])
    await table.open()
    try:
        reader, writer = await join(table, 1)
        first = SeatSnapshot.model_validate((await asyncio.wait_for(link.receive(reader), 5))["snapshot"])  # type: ignore[index]
        assert first.acting == 0 and first.present == (False, True)
        view_type = link.view_type("hanabi")
        seat0_view = table.session.view(0)
        # Seat 1 tries seat 0's move out of turn: the engine's reason comes back, the game is as it was.
        await link.send(writer, {"act": table.session.rules.dump_action(seat0_view.legal_actions[0])})
        refused = await asyncio.wait_for(link.receive(reader), 5)
        assert refused == {"refused": {"code": "not_your_turn", "params": {"seat": 1}}}
        await link.send(writer, {"act": {"kind": "no such thing"}})
        assert (await asyncio.wait_for(link.receive(reader), 5)) == {"refused": {"code": "unknown_action", "params": {}}}
        assert table.session.actions_recorded == 0
        # Seat 0 joins, plays, and leaves; seat 1 sees it come and go.
        reader0, writer0 = await join(table, 0)
        await asyncio.wait_for(link.receive(reader0), 5)
        await link.send(writer0, {"act": table.session.rules.dump_action(seat0_view.legal_actions[0])})
        while True:
            snapshot = SeatSnapshot.model_validate((await asyncio.wait_for(link.receive(reader), 5))["snapshot"])  # type: ignore[index]
            if snapshot.actions == 1:
                break
        writer0.close()
        while snapshot.present[0]:
            snapshot = SeatSnapshot.model_validate((await asyncio.wait_for(link.receive(reader), 5))["snapshot"])  # type: ignore[index]
        assert view_type.model_validate(snapshot.view) == table.session.view(1)
        # Seat 0 comes back with the same token: its View and its news are where it left them.
        reader0, writer0 = await join(table, 0)
        back = SeatSnapshot.model_validate((await asyncio.wait_for(link.receive(reader0), 5))["snapshot"])  # type: ignore[index]
        assert back.actions == 1 and back.has_acted and view_type.model_validate(back.view) == table.session.view(0)
        writer0.close()
        writer.close()
    finally:
        await table.close()


async def test_a_seat_handed_to_a_computer_is_played_by_it(tmp_path: Path) -> None:
    table = new_table(tmp_path, "hanabi", [None, None])
    await table.open()
    try:
        table.hand_to_computer(0, "easy")
        assert table.session.computer_level(0) == "easy" and 0 not in table.codes.values()
        for _ in range(200):
            await asyncio.sleep(0.01)
            if table.session.actions_recorded:
                break
        assert table.session.actions_recorded == 1 and table.session.acting_seat() == 1
        resumed = HotseatSession.resume(SaveStore(tmp_path / "saves").list()[0], SaveStore(tmp_path / "saves"))  # type: ignore[arg-type]
        assert resumed.computer_level(0) == "easy", "saved with the game"
    finally:
        await table.close()


async def test_a_card_note_is_kept_by_the_host_and_comes_back_to_its_writer_only(tmp_path: Path) -> None:
    table = new_table(tmp_path, "hanabi", [None, None])
    await table.open()
    try:
        reader, writer = await join(table, 0)
        await asyncio.wait_for(link.receive(reader), 5)
        await link.send(writer, {"note": {"hand": 1, "slot": 0, "text": "ben's red?"}})
        snapshot = SeatSnapshot.model_validate((await asyncio.wait_for(link.receive(reader), 5))["snapshot"])  # type: ignore[index]
        assert snapshot.notes == ((1, 0, "ben's red?"),)
        assert table.session.notes_for(0) == {(1, 0): "ben's red?"} and table.session.notes_for(1) == {}
        assert link.snapshot_for(table.session, 1, table.present()).notes == ()
        writer.close()
    finally:
        await table.close()


async def test_the_host_gives_a_guests_seat_to_a_computer_or_ends_the_game(tmp_path: Path) -> None:
    table = new_table(tmp_path, "hanabi", [None, None, None, None])
    await table.open()
    try:
        reader, writer = await open_unix_connection(table)  # the host's own seat, with the host's token
        await link.send(writer, {"hello": {"seat": 0, "token": table._tokens[0], "host": table.host_token}})
        await asyncio.wait_for(link.receive(reader), 5)
        reader2, writer2 = await join(table, 2)  # a guest at the table
        await asyncio.wait_for(link.receive(reader2), 5)
        reader3, writer3 = await join(table, 3)  # a guest at the table who has gone quiet
        await asyncio.wait_for(link.receive(reader3), 5)
        for command in (
            {"computer": 1, "level": "easy", "token": "0" * 32},  # not the host's token
            {"computer": 0, "level": "easy", "token": table.host_token},  # the host's own seat
            {"computer": 1, "level": "brilliant", "token": table.host_token},  # no such level
            {"computer": 0, "level": "easy"},  # no token
        ):
            await link.send(writer, {"host": command})
        await asyncio.sleep(0.1)
        assert table.session.computer_level(1) is None and not table.ended.is_set()
        await link.send(writer, {"host": {"computer": 1, "level": "easy", "token": table.host_token}})  # Ben is away
        await wait_for(lambda: table.session.computer_level(1) == "easy")
        assert [table.session.computer_level(s) for s in range(4)] == [None, "easy", None, None]
        assert 1 not in table.codes.values(), "Ben's code no longer lets anyone in"
        assert seat_for_code(table.codes, next(code for code, s in table.codes.items() if s == 2)) == 2
        devs_token = table._tokens[3]
        await link.send(writer, {"host": {"computer": 3, "level": "easy", "token": table.host_token}})  # Dev, connected
        told = [message async for message in messages_until_closed(reader3)]
        assert told[-1] == {"closed": "given"}, "Dev is told why the table let them go"
        assert table.session.computer_level(3) == "easy" and 3 not in table.codes.values()
        assert table.present() == (True, True, True, True)
        reader4, writer4 = await join(table, 3, devs_token)
        assert await asyncio.wait_for(link.receive(reader4), 5) is None, "Dev's old token no longer lets the seat in"
        writer4.close()
        await link.send(writer2, {"host": {"end": True, "token": table._tokens[2]}})  # a guest's own token: ignored
        await link.send(writer, {"host": {"end": True, "token": table.host_token}})
        await wait_for(table.ended.is_set)
        writer.close()
        writer2.close()
        writer3.close()
    finally:
        await table.close()


async def open_unix_connection(table: HostedTable) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_unix_connection(str(table.socket_path), limit=link.MAX_MESSAGE_BYTES)


async def messages_until_closed(reader: asyncio.StreamReader) -> Any:
    """Every message a seat's process is sent until the table lets it go."""
    while (message := await asyncio.wait_for(link.receive(reader), 5)) is not None:
        yield message


async def wait_for(condition: Any, timeout: float = 5) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.01)


async def test_a_seat_that_stops_reading_holds_up_nobody(tmp_path: Path) -> None:
    table = new_table(tmp_path, "hanabi", [None, None])
    await table.open()
    try:
        import socket

        stalled = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)  # connected, never reads a byte
        stalled.connect(str(table.socket_path))
        stalled.sendall(link.line({"hello": {"seat": 1, "token": table._tokens[1]}}))
        for _ in range(100):
            await asyncio.sleep(0.01)
            if 1 in table._links:
                break
        reader, writer = await join(table, 0)
        await asyncio.wait_for(link.receive(reader), 5)
        for _ in range(400):  # far more than a socket buffer holds for the stalled seat
            table._broadcast()
            message = await asyncio.wait_for(link.receive(reader), 5)
            assert message is not None and "snapshot" in message
        stalled_box = table._links[1]
        assert stalled_box._snapshot is not None and not stalled_box._messages, "only its newest snapshot waits"
        stalled.close()
        writer.close()
    finally:
        await table.close()


async def test_a_failed_save_is_told_to_the_host_only(tmp_path: Path) -> None:
    table = new_table(tmp_path, "hanabi", [None, None])
    said: list[str] = []
    table.on_change = said.append
    await table.open()
    try:
        reader, writer = await asyncio.open_unix_connection(str(table.socket_path), limit=link.MAX_MESSAGE_BYTES)
        await link.send(writer, {"hello": {"seat": 0, "token": table._tokens[0], "host": table.host_token}})
        await asyncio.wait_for(link.receive(reader), 5)
        guest_reader, guest_writer = await join(table, 1)
        await asyncio.wait_for(link.receive(guest_reader), 5)
        table.session.save_problem = "the disk is full"  # as an autosave that failed leaves it
        table._broadcast()

        async def newest(seat_reader: asyncio.StreamReader) -> SeatSnapshot:
            """The last snapshot sent so far (the guest's arrival sent one before)."""
            snapshot = SeatSnapshot.model_validate((await asyncio.wait_for(link.receive(seat_reader), 5))["snapshot"])  # type: ignore[index]
            while True:
                try:
                    message = await asyncio.wait_for(link.receive(seat_reader), 0.3)
                except TimeoutError:
                    return snapshot
                snapshot = SeatSnapshot.model_validate(message["snapshot"])  # type: ignore[index]

        host_view, guest_view = await newest(reader), await newest(guest_reader)
        assert host_view.save_warning is not None and "the disk is full" in host_view.save_warning
        assert guest_view.save_warning is None, "a guest is not shown the host's files"
        assert any(line.startswith("save:") and "the disk is full" in line for line in said)
        writer.close()
        guest_writer.close()
    finally:
        await table.close()
