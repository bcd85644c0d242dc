"""What a guest's terminal receives over SSH does not depend on what its seat may not see (issue #29).

The table runs in this process, its seat's app in a real process behind the SSH door, and the guest is an
asyncssh client with a pseudo-terminal. Dealing again at random what Ana may not know (her own Hanabi hand)
and telling every seat sends her terminal no new text; dealing again what Ben may not know (his own hand,
which Ana sees) does change what her terminal shows: the check can see a difference when there is one."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from boardgames_tui.hosting.ssh import SeatDoor, close_door, open_door
from tests.resamplers import RESAMPLE

from .test_host_command import Guest, text_of
from .test_table import new_table


async def settled(guest: Guest, quiet: float = 0.4) -> int:
    """Wait until the terminal has received nothing for `quiet` seconds; how much it has received."""
    while True:
        size = len(guest.received)
        await asyncio.sleep(quiet)
        if len(guest.received) == size:
            return size


async def test_a_guests_terminal_gets_nothing_new_when_its_own_hidden_cards_are_dealt_again(tmp_path: Path) -> None:
    table = new_table(tmp_path, "hanabi", [None, None])
    await table.open()
    door = await open_door(
        SeatDoor(codes=table.codes, command=lambda seat, env: table.seat_command(seat, env)),
        port=0,
        host_key=tmp_path / "host_key",
    )
    rng = random.Random(5)
    try:
        code = next(code for code, seat in table.codes.items() if seat == 0)
        guest = await Guest.join(door.get_port(), code)
        await guest.wait_for("Your turn, Ana")
        mark = await settled(guest)
        state = table.session._state
        for _ in range(3):
            table.session._state = RESAMPLE["hanabi"](state, 0, rng)  # Ana's own hand, which she may not see
            table._broadcast()
        assert await settled(guest) == mark or not text_of(guest.received[mark:]).strip(), text_of(guest.received[mark:])
        table.session._state = RESAMPLE["hanabi"](state, 1, rng)  # Ben's hand: Ana sees it
        table._broadcast()
        await settled(guest)
        assert text_of(guest.received[mark:]).strip(), "a change Ana may see reaches her terminal"
        await guest.close()
    finally:
        await close_door(door)
        await table.close()
