"""Every game over real SSH (issue #29): two guests play a game of each kind to the end by keys typed into
their own terminals, and no terminal ever receives what its seat may not see.

The table runs in this process (as `boardgames host` runs it), its door is the real asyncssh server, each
seat's app runs in a process of its own on a pseudo-terminal, and each guest is an asyncssh client: all a
guest does is type keys, and all a guest knows is the bytes its terminal received, read as a terminal
shows them (`Terminal`). The test reads the host's session only to know whose turn it is and whether the
keys acted, as a person at the table knows both from their own screen.

Seats 0 and 1 are people (Ana and Ben); any other seat the game needs is an easy computer the host plays.
On their turn a guest waits until their screen shows that decision, then types the keys of some legal
move (`KeyPlayer`: each game's simplest reliable keys); a page between rounds is closed with the key the
page names. The game is over when both terminals show the results.

Every game is played whole by the guests, but for Splendor Duel's opening: the easy computers play for
everyone in this process until someone holds a reserved card (about a dozen moves; `head_start`), which
the guests' keys never do, so that its leak check has a control.

At each guest's first decision and once mid-game the terminal is checked for leaks, with the no-leak
method of the View tests applied to what the terminal receives: what that seat may not see is dealt again
at random and every seat is told; the terminal must receive nothing at all. As a control, dealing again
what the *other* guest may not see does reach the terminal, where that includes something this guest sees
(`KeyPlayer.control`).
"""

from __future__ import annotations

import asyncio
import random
import re
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyte
import pytest

from boardgames_tui.bots import BOTS
from boardgames_tui.engine.registry import GAMES
from boardgames_tui.engine.splendor_duel.data import CARDS, GOLD
from boardgames_tui.hosting.ssh import SeatDoor, close_door, open_door
from boardgames_tui.hosting.table import HostedTable
from boardgames_tui.tui.games.lifeboat.render import PHASE_WORD
from boardgames_tui.tui.games.splendor_duel.render import card_words
from tests.resamplers import RESAMPLE

from .test_host_command import Guest, text_of
from .test_table import NAMES, new_table

COLUMNS, ROWS = 100, 30  # the guests' terminals (Guest.join)
STEP_TIMEOUT = 30.0  # how long one step may take before the test gives up: another process may hold a core
# Keys that changed nothing after this long are typed again, from the screen as it is then: a screen that
# looked like the decision may have been the one before it still (see LifeboatKeys.ready).
RETRY_AFTER = 5.0
QUIET = 0.3  # a terminal that has received nothing for this long has drawn all it was sent

KEY_BYTES = {"enter": "\r", "tab": "\t", "space": " ", "down": "\x1b[B", "right": "\x1b[C"}


# What a guest's terminal shows ---------------------------------------------------------------------------


class Terminal:
    """The cells of a terminal as the bytes it received left them (a VT100 emulator, pyte): what a guest
    sees now. Text that was drawn over is gone from it, though it is still in the bytes."""

    def __init__(self) -> None:
        self._screen = pyte.Screen(COLUMNS, ROWS)
        self._stream = pyte.ByteStream(self._screen)
        self._text: str | None = None

    def feed(self, data: bytes) -> None:
        if data:
            self._stream.feed(data)
            self._text = None

    def text(self) -> str:
        # Read afresh only after new bytes: the tests poll the screen every few milliseconds, and reading
        # every cell each time cost more processor time than the guests' own programs.
        if self._text is None:
            screen = self._screen
            self._text = "\n".join(_row_text(screen.buffer[y], screen.columns) for y in range(screen.lines))
        return self._text


def _row_text(row: Any, columns: int) -> str:
    """A row's text, as pyte's `display` gives it but without failing on the empty cell a wide character
    leaves to its right once a narrow one is drawn over its left half: a terminal shows a blank there."""
    out: list[str] = []
    after_wide = False
    for x in range(columns):
        data = row[x].data
        if data:
            out.append(data)
            after_wide = unicodedata.east_asian_width(data[0]) in "WF"
        else:
            if not after_wide:
                out.append(" ")
            after_wide = False
    return "".join(out).rstrip()


@dataclass
class Person:
    """A guest at the table: their seat, their SSH client, and what their terminal shows."""

    seat: int
    guest: Guest
    terminal: Terminal = field(default_factory=Terminal)
    fed: int = 0  # how much of what the guest received the terminal has drawn
    decisions: int = 0

    @property
    def name(self) -> str:
        return NAMES[self.seat]

    def screen(self) -> str:
        received = self.guest.received
        self.terminal.feed(received[self.fed :])
        self.fed = len(received)
        return self.terminal.text()

    def press(self, *keys: str) -> None:
        self.guest.press(*(KEY_BYTES.get(key, key).encode() for key in keys))

    def click(self, row: int, column: int) -> None:
        """A click on a cell (counted from 0), sent as an SGR mouse report: the mouse mode Textual turns on."""
        where = f"{column + 1};{row + 1}"
        self.guest.press(f"\x1b[<0;{where}M".encode(), f"\x1b[<0;{where}m".encode())

    async def settled(self) -> int:
        """Wait until the terminal has received nothing for QUIET seconds; how much it has received."""
        size, since = len(self.guest.received), time.monotonic()
        while time.monotonic() - since < QUIET:
            await asyncio.sleep(0.01)
            if len(self.guest.received) != size:
                size, since = len(self.guest.received), time.monotonic()
        return size

    async def until_shown(self, condition: Callable[[str], bool], what: str) -> str:
        """Wait until the screen meets `condition`; the screen then."""
        await until(lambda: condition(self.screen()), lambda: f"{what} on {self.name}'s screen:\n{self.screen()}")
        return self.screen()


async def until(condition: Callable[[], bool], what: Callable[[], str], timeout: float = STEP_TIMEOUT) -> None:
    """Poll `condition` until it holds; past `timeout`, fail saying `what` was awaited."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for " + what())
        await asyncio.sleep(0.005)


def first_line(screen: str) -> str:
    return screen.split("\n", 1)[0]


def your_turn(view: Any, screen: str) -> bool:
    """The header says it is the seat's turn, at the View's turn ("Turn 5 · Your turn, Ana")."""
    return f"Turn {view.turn + 1} · Your turn, {view.players[view.seat]}" in first_line(screen)


def flat(screen: str) -> str:
    """The screen's text as one line: a sentence the screen wrapped reads whole."""
    return " ".join(line.strip() for line in screen.split("\n") if line.strip())


# How each game is played by keys -------------------------------------------------------------------------


class KeyPlayer:
    """A game played by keys: when a guest's screen shows the decision the host waits for (`ready`) and
    what they type for it (`keys`, or `type_keys` for keys that need the screen read on the way), the
    page between rounds with its closing key (`page`), where the game starts (`seed`, `head_start`)."""

    game_id: str
    seed = "7"
    seats = 2  # people in seats 0 and 1, easy computers after them
    midgame = 4  # the mid-game leak check: at the first guest decision this many actions after the start

    def head_start(self, state: Any) -> bool:
        """Whether the easy computers should play on for everyone before the guests come (default: no)."""
        return False

    def control(self, state: Any, seat: int) -> bool:
        """Whether dealing again what the other guest may not see changes something `seat` sees: the other
        guest's own hand in Hanabi and Luz, this seat's rack in Rummikub, its hand, Love and Hate in
        Lifeboat."""
        return True

    def ready(self, view: Any, screen: str) -> bool:
        """Whether the screen shows the decision: by default, its first line says it is this seat's turn."""
        return your_turn(view, screen)

    def keys(self, view: Any, screen: str) -> tuple[str, ...]:
        raise NotImplementedError

    async def type_keys(self, person: Person, view: Any) -> None:
        person.press(*self.keys(view, person.screen()))

    def page(self, screen: str) -> str | None:
        """The key that closes the page in front of the decision, when one is."""
        return None


class HanabiKeys(KeyPlayer):
    """Play the first card: three misfires end the game in a few turns."""

    game_id = "hanabi"
    midgame = 2

    def keys(self, view: Any, screen: str) -> tuple[str, ...]:
        return ("1", "p", "enter")


class LuzKeys(KeyPlayer):
    """Bid the lowest bid allowed; play the card the screen chose (Enter asks, Enter again plays it); close
    each round's summary page. Four rounds."""

    game_id = "luz"
    seats = 3
    midgame = 60  # of about 170 actions

    def ready(self, view: Any, screen: str) -> bool:
        where = "bidding" if view.phase == "bid" else f"trick {view.trick_number} of"
        return f"Your turn, {view.players[view.seat]} · Round {view.round} of 4 · {where}" in first_line(screen)

    def keys(self, view: Any, screen: str) -> tuple[str, ...]:
        if view.phase == "bid":
            bid = min(action.tricks for action in view.legal_actions if action.kind == "bid" and not action.bead)
            return (str(bid), "enter")
        return ("enter", "enter")

    def page(self, screen: str) -> str | None:
        # The summary of a round, over the table until closed: it says "Enter or Esc: back to the table".
        summary = re.search(r"^ *Round \d is over", screen, re.MULTILINE) and "Enter or Esc: back to the table" in screen
        return "enter" if summary else None


class RummikubKeys(KeyPlayer):
    """Draw every turn, the whole game: it ends when someone must draw from the empty pool (79 draws)."""

    game_id = "rummikub"
    midgame = 40

    def keys(self, view: Any, screen: str) -> tuple[str, ...]:
        return ("d",)


class LifeboatKeys(KeyPlayer):
    """Each decision's letter for doing the least: keep the first supply card, do nothing, give in to a
    demand, stay out of fights, navigate without the compass, pick the first card, done in every window,
    decline a trade."""

    game_id = "lifeboat"
    seed = "13"
    seats = 4
    midgame = 12
    LETTER = {
        "draft": "1",
        "action": "d",
        "respond": "y",
        "fight": "d",
        "navigate": "n",
        "pick": "1",
        "overboard": "d",
        "thirst": "d",
        "trade_answer": "x",
    }

    def ready(self, view: Any, screen: str) -> bool:
        # The header names only the round and the phase, so a decision can look like the one before it;
        # then the same key means the same thing, and RETRY_AFTER covers a key the old screen took.
        return f"Round {view.round} · {PHASE_WORD[view.phase]}" in first_line(screen) and "is thinking" not in flat(screen)

    def keys(self, view: Any, screen: str) -> tuple[str, ...]:
        assert view.phase in self.LETTER, f"no key chosen for Lifeboat's {view.phase} phase"
        return (self.LETTER[view.phase],)


class SplendorDuelKeys(KeyPlayer):
    """Buy the affordable card worth the most (points and crowns), else take the longest line of tokens
    that keeps ten at most, else replenish; the first option of every choice; Enter for a card's token.
    The cursors are read from the screen: the detail line names the board cell or the card under them."""

    game_id = "splendor_duel"
    seed = "24"
    midgame = 12
    CHOICES = {"joker": "Place the joker", "steal": "Take a gem or pearl from", "royal": "Choose a royal card"}

    def head_start(self, state: Any) -> bool:
        return not any(seat.reserved for seat in state.seats)

    def control(self, state: Any, seat: int) -> bool:
        # What the other player may not see is the decks' order and this seat's reserved cards: only a seat
        # holding reserved cards sees something of it.
        return bool(state.seats[seat].reserved)

    def ready(self, view: Any, screen: str) -> bool:
        if not your_turn(view, screen):
            return False
        text = flat(screen)
        if f"Bag: {view.bag_size} token" not in text:
            return False  # the table before a replenish, with the same turn and the same prompt
        if view.phase in self.CHOICES:
            return self.CHOICES[view.phase] in text
        if view.phase == "discard":
            return f"You hold {sum(view.seats[view.seat].tokens)} tokens: return one" in text
        if view.phase == "take_token":
            return "Your card gives you a" in text
        return "One main action" in text or "x passes your turn" in text

    async def type_keys(self, person: Person, view: Any) -> None:
        legal = view.legal_actions
        kinds = {action.kind for action in legal}
        if view.phase in ("joker", "steal", "royal", "discard"):
            person.press("1")
        elif view.phase == "take_token":
            person.press("enter")  # the cursor is on a token the card gives
        elif "pass" in kinds:
            person.press("x")
        elif buys := [action for action in legal if action.kind == "buy"]:
            best = max(buys, key=lambda a: (CARDS[a.card].points + CARDS[a.card].crowns, -a.payment[GOLD]))
            await self.buy(person, view, best.card)
        elif takes := [action for action in legal if action.kind == "take_tokens"]:
            held = sum(view.seats[view.seat].tokens)
            line = max([a for a in takes if held + len(a.cells) <= 10] or takes, key=lambda a: (len(a.cells), [-c for c in a.cells]))
            await self.take(person, line.cells)
        else:
            assert "replenish" in kinds, f"no key chosen for {legal}"
            person.press("f")

    # The board cursor: "C3: black" on the detail line while the cursor is on the board.
    BOARD_CURSOR = re.compile(r"^([A-E])([1-5]): ", re.MULTILINE)

    async def on_board(self, person: Person) -> int:
        """Bring the cursor to the board (Tab); the cell it is on."""
        if not self.BOARD_CURSOR.search(person.screen()):
            person.press("tab")
        found = self.BOARD_CURSOR.search(await person.until_shown(lambda s: bool(self.BOARD_CURSOR.search(s)), "the board cursor"))
        assert found is not None
        return ("12345".index(found.group(2))) * 5 + "ABCDE".index(found.group(1))

    async def take(self, person: Person, cells: tuple[int, ...]) -> None:
        cursor = await self.on_board(person)
        keys: list[str] = []
        for cell in cells:
            keys += ["down"] * ((cell // 5 - cursor // 5) % 5) + ["right"] * ((cell % 5 - cursor % 5) % 5) + ["space"]
            cursor = cell
        person.press(*keys, "enter")

    async def buy(self, person: Person, view: Any, card: int) -> None:
        """Tab to the cards, find the card cursor from the detail line, move it to `card`, b and Enter."""
        me = view.seats[view.seat]
        # Where each card is, as the card cursor counts: rows 0-2 are levels 3-1 (their deck first), then
        # the player's reserved cards, when there are any.
        places = {(3 - level, index): slot for level in (1, 2, 3) for index, slot in enumerate(view.pyramid[level - 1], 1)}
        places.update({(3, index): slot for index, slot in enumerate(me.reserved or ())})
        rows = 4 if me.reserved else 3
        target = next(place for place, slot in places.items() if slot == card)
        if self.BOARD_CURSOR.search(person.screen()):
            person.press("tab")
            await person.until_shown(lambda s: not self.BOARD_CURSOR.search(s), "the card cursor")
        for _attempt in range(6):
            text = flat(person.screen())
            deck = re.search(r"Level (\d) deck, \d+ cards?:", text)
            shown = sorted((len(card_words(slot, me)), place) for place, slot in places.items() if slot and card_words(slot, me) in text)
            at = (3 - int(deck.group(1)), 0) if deck else shown[-1][1] if shown else None  # the longest words: a card's whole line
            if at is not None:
                break
            person.press("right")  # an empty slot: its place cannot be told, the next one's can
            await person.until_shown(lambda s: flat(s) != text, "the card cursor to move")
        assert at is not None, "the card cursor was not found on the screen"

        def length(row: int) -> int:
            return len(me.reserved or ()) if row == 3 else 1 + len(view.pyramid[2 - row])

        row, column = at
        keys = []
        while row != target[0]:  # ↓ keeps the column, where the next row has it
            row = (row + 1) % rows
            column = min(column, length(row) - 1)
            keys.append("down")
        keys += ["right"] * ((target[1] - column) % length(row))
        person.press(*keys, "b", "enter")  # b names the card and its price; Enter pays the way shown


KEY_PLAYERS: dict[str, KeyPlayer] = {player.game_id: player for player in (HanabiKeys(), LuzKeys(), RummikubKeys(), SplendorDuelKeys(), LifeboatKeys())}


# The table -----------------------------------------------------------------------------------------------


@dataclass
class Table:
    """The hosted table as the test follows it: the host, the people at it and how they play by keys,
    and the leak checks made (`checks`; `controls`: those that also saw a visible change arrive)."""

    host: HostedTable
    people: dict[int, Person]
    player: KeyPlayer
    rng: random.Random = field(default_factory=lambda: random.Random(29))
    checks: int = 0
    controls: int = 0

    @property
    def session(self) -> Any:
        return self.host.session

    async def play_to_the_end(self) -> None:
        session = self.session
        midgame = session.actions_recorded + self.player.midgame
        checked_midgame = False
        while session.outcome() is None:
            seat = session.acting_seat()
            person = self.people.get(seat)  # type: ignore[arg-type]
            if person is None:  # a computer's seat: the host plays it
                count = session.actions_recorded
                await until(lambda: session.actions_recorded != count, lambda: f"the computer in seat {seat} to play")
                continue
            check = person.decisions == 0
            if not check and not checked_midgame and session.actions_recorded >= midgame:
                check = checked_midgame = True
            await self.decide(person, check)
        for person in self.people.values():
            # The results screen's title ("Lifeboat · Game over · Deal 7"): a game's last news may say
            # "Game over" too, before the results come. Its title can reach the terminal a frame before the
            # standings, so this waits for the other player's name as well.
            other = NAMES[1 - person.seat]
            await person.until_shown(lambda screen: " · Game over · " in screen and other in screen, "the results")

    async def decide(self, person: Person, check: bool) -> None:
        """`person` waits for their screen to show the decision, then types its keys. The host and the
        screen are read afresh at every step: a page in front of the decision is closed with its key, and
        keys that changed nothing after RETRY_AFTER are typed again."""
        session, player = self.session, self.player
        count = session.actions_recorded
        view = session.view(person.seat)
        started = time.monotonic()
        typed = 0
        pressed = 0.0  # when keys were typed last
        while session.actions_recorded == count:
            now = time.monotonic()
            assert now - started < STEP_TIMEOUT, f"{person.name} did not move (keys typed {typed} times) in {view!r}; the screen:\n{person.screen()}"
            screen = person.screen()
            if not typed or now - pressed > RETRY_AFTER:
                key = player.page(screen)
                if key is not None:
                    person.press(key)
                    await until(lambda: player.page(person.screen()) is None or session.actions_recorded != count, lambda: "the page to close")
                    continue
                if player.ready(view, screen):
                    if check:
                        await self.no_leak(person)
                        check = False
                    await player.type_keys(person, view)
                    typed += 1
                    pressed = time.monotonic()
            await asyncio.sleep(0.005)
        person.decisions += 1

    # The leak check ----------------------------------------------------------------------------------------

    async def no_leak(self, person: Person) -> None:
        """What `person`'s seat may not see, dealt again and told to every seat, sends their terminal
        nothing; what the other guest may not see does reach it (where this game has such a thing); the
        table put back as it was, their screen is as it was."""
        session = self.session
        game_id = session.spec.id
        state = session._state
        other = next(seat for seat in self.people if seat != person.seat)
        mark = await person.settled()
        before = person.screen()
        try:
            for _ in range(3):
                session._state = RESAMPLE[game_id](state, person.seat, self.rng)
                await self.tell_every_seat()
            end = await person.settled()
            assert end == mark, f"{person.name}'s terminal received {text_of(person.guest.received[mark:end])!r} when only what they may not see changed"
            if self.player.control(state, person.seat):
                session._state = RESAMPLE[game_id](state, other, self.rng)
                await self.tell_every_seat()
                await person.until_shown(lambda screen: screen != before, f"the other seat's hidden cards dealt again (visible to {person.name})")
                self.controls += 1
        finally:
            session._state = state
            await self.tell_every_seat()
        await person.until_shown(lambda screen: screen == before, "the screen as it was before the check")
        self.checks += 1

    async def tell_every_seat(self) -> None:
        """The host tells every seat; wait until each seat's snapshot is written to its process."""
        self.host._broadcast()
        for outbox in list(self.host._links.values()):
            await outbox.flush(STEP_TIMEOUT)


async def join(door: Any, code: str, seat: int) -> Person:
    """A guest joins with their code; once the game shows, they click the arrival notice away (it would
    time out in the middle of a leak check, and hides part of the screen)."""
    person = Person(seat, await Guest.join(door.get_port(), code))
    screen = await person.until_shown(lambda screen: "F2 switches" in screen and "Joining" not in screen, "the game")
    # On a loaded machine a click can come before the app listens to the mouse: like a person, click again.
    for attempt in range(3):
        row = next(number for number, line in enumerate(screen.split("\n")) if "F2 switches" in line)
        person.click(row, screen.split("\n")[row].index("F2 switches"))
        try:
            await until(lambda: "F2 switches" not in person.screen(), lambda: f"the notice to go on {person.name}'s screen:\n{person.screen()}", STEP_TIMEOUT / 3)
            return person
        except AssertionError:
            screen = person.screen()
            if "F2 switches" not in screen:
                break
            if attempt == 2:
                raise
    return person


def start_position(host: HostedTable, player: KeyPlayer) -> None:
    """The easy computers play for everyone while the game is to start later (`head_start`)."""
    session = host.session
    bots = {seat: BOTS[session.spec.id]["easy"]() for seat in range(len(session.players))}
    rng = random.Random(1)
    while player.head_start(session._state):
        seat = session.acting_seat()
        session.apply(seat, bots[seat].choose(session.view(seat), rng))
    assert session.outcome() is None


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_two_guests_play_a_game_of_every_kind_to_the_end_by_keys_and_see_nothing_hidden(tmp_path: Path, game_id: str) -> None:
    player = KEY_PLAYERS[game_id]
    host = new_table(tmp_path, game_id, [None, None] + ["easy"] * (player.seats - 2), seed=player.seed)
    start_position(host, player)
    await host.open()
    door = await open_door(SeatDoor(codes=host.codes, command=lambda seat, env: host.seat_command(seat, env)), port=0, host_key=tmp_path / "host_key")
    people: dict[int, Person] = {}
    try:
        joined = await asyncio.gather(*(join(door, code, seat) for code, seat in host.codes.items()))
        people = {person.seat: person for person in joined}
        table = Table(host, people, player)
        await table.play_to_the_end()
        assert table.checks == 3, "each guest's first decision and one mid-game were checked for leaks"
        assert table.controls, "a check that can see no change proves nothing"
        for person in people.values():
            assert NAMES[1 - person.seat] in person.screen(), "the results name the other player"
    finally:
        for person in people.values():
            await person.guest.close()
        await close_door(door)
        await host.close()
