"""The hotseat session: the only object that holds a game's full state while it is played.

Screens never see the state. They get a seat's View from the session and hand back actions; the
session applies them, autosaves, and says what the table should see next.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.base import Event, Fact, FrozenModel, GameRules, Outcome
from ..i18n import _, ngettext
from ..engine.registry import GameSpec, get_game
from ..engine.rng import new_deal_number
from ..engine.replay import replay, replayed_state
from ..engine.reveal import reveal
from ..narration import Narrator, narrator_for
from ..narration.save_problems import write_problem
from ..engine.seating import note_refusal
from ..engine.saves import (
    SAVE_SUFFIX,
    SCHEMA_VERSION,
    STATE_VERSION,
    RecordedAction,
    SavedGame,
    SaveFile,
    SaveStore,
    is_save_id,
    now_iso,
)


@dataclass(frozen=True)
class NextStep:
    """What the table sees after an action: a handoff to `seat`, that seat's turn, a computer's move, or
    the results."""

    kind: str  # "handoff" | "turn" | "computer" | "results"
    seat: int | None = None


@dataclass(frozen=True)
class ComputerJob:
    """Everything a computer player is given for one decision: its level, its seat's View and the seed of
    its random generator. Nothing else of the game goes to the bot (see bots/base.py)."""

    game_id: str
    level: str
    seat: int
    view: Any
    deal_number: str
    decision: int  # how many actions the game has recorded: with the deal number, seeds the bot


@dataclass(frozen=True)
class UnsavedWork:
    """What of a game is only in memory: the file on disk is behind (or there is no file at all)."""

    title: str
    moves: int  # recorded moves the file lacks (every move when there is no file)
    problem: str  # why the last write failed, in words
    last_good_save: Path | None  # the file with the game as last saved; None: no file of this game exists


class SaveTargetRefused(Exception):
    """A place a player typed to save a game in that cannot be used; the message says why, in words."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def save_target(typed: str, save_id: str) -> Path:
    """The file a game with `save_id` is written to when a player types `typed`: a folder (the game keeps
    its file name there) or a file name ending in .json (whose name becomes the save's id: a save's identity
    is its file name).

    Held to what every file the program writes is held to: a link is never written through (the folder or
    file typed may not be one), and no other file is replaced: only this game's own file may be. Raises
    SaveTargetRefused with the reason.
    """
    text = typed.strip()
    if not text:
        raise SaveTargetRefused(_("Type a folder, or a file name ending in .json."))
    path = Path(os.path.abspath(os.path.expanduser(text)))
    if path.suffix.lower() == SAVE_SUFFIX:
        folder, name = path.parent, path.name
        if not (name.endswith(SAVE_SUFFIX) and is_save_id(name[: -len(SAVE_SUFFIX)])):
            raise SaveTargetRefused(
                _("{name} cannot be a save's name: letters, digits, - and _ only (at most 64), then .json.").format(
                    name=name
                )
            )
    else:
        folder, name = path, save_id + SAVE_SUFFIX
    if os.path.islink(folder):
        raise SaveTargetRefused(
            _("{path} is a link; a game is never written through a link. Type the folder it leads to: {target}").format(
                path=folder, target=os.path.realpath(folder)
            )
        )
    if os.path.lexists(folder) and not os.path.isdir(folder):
        raise SaveTargetRefused(
            _("{path} is a file, not a folder: type a folder, or a file name ending in .json.").format(path=folder)
        )
    target = folder / name
    if os.path.islink(target):
        raise SaveTargetRefused(_("{path} is a link; a game is never written through a link.").format(path=target))
    if os.path.lexists(target) and (name != save_id + SAVE_SUFFIX or not os.path.isfile(target)):
        raise SaveTargetRefused(
            _("{path} already exists; type another name, so that no other file is replaced.").format(path=target)
        )
    return target


def log_mark(rules: GameRules, seat: int, before: Any, after: Any, mark: int) -> int:  # type: ignore[type-arg]
    """Where the news for `seat` starts after it took an action from `before` to `after`.

    The mark moves only when the seat's turn ends (the decision passes to others): a step in the middle of a
    turn (a privilege spent, a tile moved on the rack) leaves it where the seat's previous turn ended, so a
    resumed turn is told the others' moves again. After a pause for the table the seat is told what its own
    action did too (it may be the one who gets the device next: the last player of a trick who won it).
    """
    if rules.public_pause(before, after):
        return len(rules.log(before))
    if seat in rules.to_act(after):
        return mark
    return len(rules.log(after))


def table_title(rules: GameRules, options: FrozenModel, narrator: Narrator) -> str:  # type: ignore[type-arg]
    """The game's name, with its variant when the options make one ("Rummikub (American rules)")."""
    label = rules.variant_label(options)
    if label is None:
        return narrator.title
    return _("{game} ({variant})").format(game=narrator.title, variant=narrator.say(label))


class HotseatSession:
    def __init__(self, spec: GameSpec, save: SaveFile, state: Any, store: SaveStore) -> None:
        self._narrator: Narrator | None = None
        self.spec = spec
        self.rules: GameRules = spec.rules()  # type: ignore[type-arg]
        self._save = save
        self._state = state
        self._store = store
        self._actions: list[RecordedAction] = list(save.actions)
        # The seat whose private screen is (or was last) in front of the table; None = nobody's.
        self.showing_seat: int | None = None
        # The last action showed the table something everyone must see (a finished trick): hand off even
        # if the same seat goes on.
        self._pause_for_table = False
        self._log_marks = self._restore_log_marks(save)
        # Per seat, the state as that seat last saw it (where its news starts), to mark what changed since;
        # not kept in saves: a resumed game marks nothing until the seat has looked once.
        self._seen_states: dict[int, Any] = {}
        # Why the last autosave failed (None when the game on disk is up to date), and how many of the recorded
        # actions the file on disk holds (None while no file of this game exists: `new` sets it).
        self.save_problem: str | None = None
        self._actions_on_disk: int | None = len(self._actions)
        # Per seat, the notes that seat wrote on cards (Hanabi): card id as text -> note. Kept by card, so a
        # note follows its card when the slots shift; the ids never leave the session.
        self._notes: list[dict[str, str]] = [
            dict(save.notes[seat]) if len(save.notes) == len(save.players) else {} for seat in range(len(save.players))
        ]

    # Creation -----------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game_id: str,
        players: Sequence[str],
        options: FrozenModel,
        store: SaveStore,
        seed: str | None = None,
        match: tuple[tuple[int, ...], ...] = (),
        computers: Sequence[str | None] = (),
        long_deal: bool = False,
    ) -> HotseatSession:
        """A new game; `computers` gives, per seat, the level of the computer playing it or None for a
        person (empty: everyone is a person). `long_deal`: a deal number nobody could find by trying every one
        against the cards they see (a table whose guests run their own computers), instead of a short one."""
        spec = get_game(game_id)
        rules = spec.rules()
        chosen = bool(seed and seed.strip())
        if seed and seed.strip():
            seed = seed.strip()
        else:
            seed = secrets.token_hex(8) if long_deal else new_deal_number()
        state = rules.setup(tuple(players), options, seed)
        stamp = now_iso()
        save = SaveFile(
            schema_version=SCHEMA_VERSION,
            save_id=store.unused_save_id(),
            game_id=game_id,
            players=tuple(players),
            options=options.model_dump(mode="json"),
            seed=seed,
            deal_chosen=chosen,
            state={},
            created_at=stamp,
            updated_at=stamp,
            match=match,
            computers=tuple(computers) if any(computers) else (),
        )
        session = cls(spec, save, state, store)
        session._actions_on_disk = None  # no file until the first write succeeds
        session._play_forced()
        session._autosave()
        return session

    @classmethod
    def resume(cls, saved: SavedGame, store: SaveStore) -> HotseatSession:
        session = cls(get_game(saved.save.game_id), saved.save, saved.state, store)
        recorded = session.actions_recorded
        session._play_forced()  # a save from before a step became forced: nobody need be asked for it
        if session.actions_recorded != recorded:
            session._autosave()
        return session

    # What screens may ask -----------------------------------------------------------------------

    @property
    def narrator(self) -> Narrator:
        """Says this game's facts for this table in the current language (see narration/base.py)."""
        if self._narrator is None:
            self._narrator = narrator_for(self.spec.id, self.players)
        return self._narrator

    @property
    def title(self) -> str:
        return table_title(self.rules, self.options, self.narrator)

    @property
    def players(self) -> tuple[str, ...]:
        return self._save.players

    def computer_level(self, seat: int) -> str | None:
        """The level of the computer playing `seat`, or None when a person plays it."""
        computers = self._save.computers
        return computers[seat] if seat < len(computers) else None

    def seat_computer(self, seat: int, level: str) -> None:
        """From now on a computer of `level` plays `seat` (a hosted table's person who left), saved at once."""
        computers = list(self._save.computers) or [None] * len(self.players)
        computers[seat] = level
        self._save = self._save.model_copy(update={"computers": tuple(computers)})
        self._autosave()

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(seat for seat in range(len(self.players)) if self.computer_level(seat) is None)

    @property
    def has_computers(self) -> bool:
        return any(self._save.computers)

    def computer_job(self, seat: int) -> ComputerJob:
        """What the computer in `seat` decides from: its seat's View, like a person's screen, and nothing
        of the state beyond it."""
        level = self.computer_level(seat)
        assert level is not None, "a person's seat has no computer"
        return ComputerJob(self.spec.id, level, seat, self.view(seat), self.deal_number, len(self._actions))

    def watcher(self) -> int | None:
        """The person whose screen may stay in front of the table while computers play: the one who played
        last (they still hold the device), or the only person at the table; None before any person has
        played at a table of several."""
        if self.showing_seat is not None and self.computer_level(self.showing_seat) is None:
            return self.showing_seat
        humans = self.human_seats
        return humans[0] if len(humans) == 1 else None

    @property
    def actions_recorded(self) -> int:
        return len(self._actions)

    @property
    def last_seat(self) -> int | None:
        """The seat that took the last recorded action (None before the first)."""
        return self._actions[-1].seat if self._actions else None

    @property
    def options(self) -> FrozenModel:
        return self.rules.Options.model_validate(self._save.options)

    @property
    def deal_number(self) -> str:
        return self._save.seed

    @property
    def save_path(self) -> Path:
        """This game's file, once every write queued for it has landed."""
        self.finish_writing()
        return self._store.path_for(self._save.save_id)

    def finish_writing(self) -> None:
        """Wait until every write queued for this game has reached the disk; a failure is kept in
        `save_problem`."""
        try:
            self._store.flush()
        except OSError as exc:
            self.save_problem = write_problem(exc)

    @property
    def saves_folder(self) -> Path:
        """The folder this game is saved in (the saves folder, unless a player chose another place)."""
        return self._store.directory

    @property
    def unsaved_actions(self) -> int:
        """How many recorded moves the file on disk lacks (all of them while there is no file)."""
        return len(self._actions) - (self._actions_on_disk or 0)

    def unsaved_work(self) -> UnsavedWork | None:
        """What would be lost if the game were closed now; None when the file on disk is up to date."""
        if self.save_problem is None:
            return None
        last_good = self._store.path_for(self._save.save_id) if self._actions_on_disk is not None else None
        if last_good is not None and not last_good.is_file():  # the folder vanished with the file in it
            return UnsavedWork(self.title, len(self._actions), self.save_problem, None)
        return UnsavedWork(self.title, self.unsaved_actions, self.save_problem, last_good)

    def save_warning(self) -> str | None:
        """What the table must know before leaving when the game on disk is behind the game in memory."""
        if self.save_problem is None:
            return None
        if self._actions_on_disk is None:
            return _("This game is NOT saved yet ({problem}); saving is tried again after the next move.").format(
                problem=self.save_problem
            )
        return ngettext(
            "The last move is NOT saved ({problem}); saving is tried again after the next move.",
            "The last {n} moves are NOT saved ({problem}); saving is tried again after the next move.",
            self.unsaved_actions,
        ).format(n=self.unsaved_actions, problem=self.save_problem)

    @property
    def match(self) -> tuple[tuple[int, ...], ...]:
        """Per-seat scores of the earlier games of this match (public)."""
        return self._save.match

    def match_with_this_game(self) -> tuple[tuple[int, ...], ...]:
        outcome = self.outcome()
        return self.match + ((outcome.scores,) if outcome is not None else ())

    def view(self, seat: int | None) -> Any:
        return self.rules.view(self._state, seat)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self._state)

    def revealed(self) -> Any:
        """Everything that was hidden, laid open (engine/reveal.py) once the game is over; None while it is
        being played."""
        return reveal(self.spec.id, self._state) if self.outcome() is not None else None

    def public_summary(self) -> str:
        """The newest public event, narrated ("" before anything happened)."""
        newest = self.last_public_event()
        return self.narrator.event(newest) if newest is not None else ""

    def last_public_event(self) -> Event | None:
        return self.rules.last_public_event(self._state)

    def log_events(self, seat: int | None) -> tuple[Event, ...]:
        """The log as `seat` may read it (None: the public table), before it is said."""
        return tuple(self.rules.log_for(self._state, seat))

    def position_fact(self) -> Fact:
        """Where the game stands (round, turn), before it is said."""
        return self.rules.turn_label(self._state)

    def log_lines(self, seat: int | None) -> tuple[str, ...]:
        """The whole log as `seat` may read it (None: the public table), narrated."""
        return self.narrator.events(self.log_events(seat))

    def public_feed(self, seat: int) -> tuple[str, ...]:
        """Everything public that happened since `seat`'s own last action, oldest first (the whole game so
        far if that seat has not acted yet): what the handoff tells the incoming player."""
        log = self.rules.log(self._state)
        start = self._log_marks[seat] if 0 <= seat < len(self._log_marks) else -1
        said = tuple(self.narrator.event(entry) for entry in log[max(start, 0) :] if entry.only is None)
        return said + self.narrator.table_news(self.view(None))

    def news_for(self, seat: int) -> tuple[str, ...]:
        """What happened since `seat` last looked at the table, oldest first, as that seat may read it (its
        own secret details included, nobody else's): the news strip of its turn screen. Starts where the
        handoff's feed starts, so it holds the same events whether or not a handoff came; the seat's own steps
        in the turn it is taking stay in (what they brought: the tile drawn, an extra turn earned)."""
        said = tuple(self.narrator.event(entry) for entry in self.news_events(seat))
        return said + self.narrator.table_news(self.view(None))

    def news_events(self, seat: int) -> tuple[Event, ...]:
        """The events of `news_for`, as `seat` may read them, before they are said."""
        log = self.rules.log(self._state)
        start = max(self._log_marks[seat] if 0 <= seat < len(self._log_marks) else -1, 0)
        seen = (entry.seen_by(seat) for entry in log[start:])
        return tuple(entry for entry in seen if entry is not None)

    def seen_view(self, seat: int) -> Any:
        """`seat`'s View as it was when the seat last looked at the table (None when not known), for the
        marks on what changed since."""
        state = self._seen_states.get(seat)
        return self.rules.view(state, seat) if state is not None else None

    def has_acted(self, seat: int) -> bool:
        """Whether `seat` has taken an action yet (the handoff says "so far" to one who has not)."""
        return 0 <= seat < len(self._log_marks) and self._log_marks[seat] >= 0

    def handed_to(self, seat: int) -> None:
        """The incoming player took the device: their private screen is in front of the table."""
        self.showing_seat = seat
        self._pause_for_table = False

    def now_showing(self, seat: int | None) -> None:
        """The screen in front of the table is now `seat`'s own (None: one everybody may see)."""
        self.showing_seat = seat

    def position(self) -> str:
        return self.narrator.say(self.position_fact())

    def acting_seat(self) -> int | None:
        seats = self.rules.to_act(self._state)
        return min(seats) if seats else None

    # Playing ------------------------------------------------------------------------------------

    def apply(self, seat: int, action: Any) -> NextStep:
        """Apply and autosave, and say what comes next; IllegalAction propagates with the state untouched."""
        new_state = self.rules.apply(self._state, seat, action)
        self._pause_for_table = self.rules.public_pause(self._state, new_state)
        marks = list(self._log_marks)
        marks[seat] = log_mark(self.rules, seat, self._state, new_state, marks[seat])
        if marks[seat] != self._log_marks[seat]:  # the seat's turn ended: it last looked at the table then
            self._seen_states[seat] = self._state if marks[seat] == len(self.rules.log(self._state)) else new_state
        self._log_marks = tuple(marks)
        self._state = new_state
        self._actions.append(RecordedAction(seat=seat, action=self.rules.dump_action(action)))
        self._play_forced()
        self._autosave()
        return self.next_step()

    def _play_forced(self) -> None:
        """Play every decision that is no decision and publicly so (see GameRules.public_forced_action): the
        table is not asked, nor the device passed, for a move everyone knows must happen."""
        for _step in range(self.rules.max_actions):
            forced = self.rules.public_forced_action(self._state)
            if forced is None:
                return
            seat, action = forced
            # The seat did not look at the table for it: its news still starts where it did.
            before, self._state = self._state, self.rules.apply(self._state, seat, action)
            self._pause_for_table = self._pause_for_table or self.rules.public_pause(before, self._state)
            self._actions.append(RecordedAction(seat=seat, action=self.rules.dump_action(action)))

    def next_step(self) -> NextStep:
        """Decide the next screen. Any change from one person to another goes through the handoff screen;
        computers play on the screen in front of the table, and a lone person is never handed off to."""
        if self.outcome() is not None:
            return NextStep("results")
        seat = self.acting_seat()
        if seat is None:  # pragma: no cover - a game with nobody to act must have an outcome
            return NextStep("results")
        if self.computer_level(seat) is not None:
            return NextStep("computer", seat)
        if len(self.human_seats) == 1:
            return NextStep("turn", seat)
        if self._pause_for_table:
            return NextStep("handoff", seat)
        if seat == self.showing_seat:
            return NextStep("turn", seat)
        if self.showing_seat is None and not self.rules.has_hidden_information(self._state):
            return NextStep("turn", seat)
        return NextStep("handoff", seat)

    def _autosave(self) -> None:
        self._save = self._save.model_copy(
            update={
                "actions": tuple(self._actions),
                "state": self._state.model_dump(mode="json"),
                "updated_at": now_iso(),
                "position": self.position(),  # for people reading the file; the saves list narrates the state
                "finished": self.rules.outcome(self._state) is not None,
                "log_marks": self._log_marks,
                "state_version": STATE_VERSION,
                "notes": self._notes_to_save(),
            }
        )
        # Saving can fail (a read-only or vanished folder, a full disk). The move stays applied in memory, the
        # screens say so, and every later action tries again: a failure never crashes or loses the game.
        self._write()

    def _write(self) -> bool:
        """Write the game as it is now behind the screen; False (and `save_problem` says why) if it failed."""
        problem: Exception | None = None
        for _attempt in range(2):  # the first call may only report an earlier flush that failed
            try:
                self._store.write_behind(self._save)
            except (OSError, ValueError) as exc:
                problem = exc
            else:
                problem = None
                break
        if problem is not None:
            self.save_problem = write_problem(problem)
            return False
        self._actions_on_disk = len(self._actions)
        self.save_problem = None
        return True

    def save_again(self) -> bool:
        """Write the game now and wait until it is on the disk (the leave dialog's "try again"): True when
        it is; otherwise `save_problem` says why."""
        on_disk_before = self._actions_on_disk
        if not self._write():
            return False
        try:
            self._store.flush()
        except OSError as exc:
            self._actions_on_disk = on_disk_before  # written, but the disk did not confirm it
            self.save_problem = write_problem(exc)
            return False
        return True

    def save_elsewhere(self, typed: str) -> Path:
        """Write the game where a player typed (a folder or a .json file, see `save_target`), wait for the
        disk, and save it there from now on. Returns the file; raises SaveTargetRefused saying why nothing was
        written, and then the game goes on saving where it did."""
        target = save_target(typed, self._save.save_id)
        store = SaveStore(target.parent)
        save = self._save.model_copy(update={"save_id": target.name[: -len(SAVE_SUFFIX)]})
        try:
            # Written behind, then flushed: `SaveStore.write` would also leave the store's notes in that folder.
            store.write_behind(save)
            store.flush()
        except (OSError, ValueError) as exc:
            raise SaveTargetRefused(
                _("The game could not be written to {path}: {problem}.").format(path=target, problem=write_problem(exc))
            ) from None
        self._store, self._save = store, save
        self._actions_on_disk = len(self._actions)
        self.save_problem = None
        return target

    # Card notes (Hanabi) --------------------------------------------------------------------------

    def _cards_in_hands(self) -> dict[tuple[int, int], int]:
        """The id of the card in each (hand's seat, slot), for games whose hands hold identified cards
        (Hanabi's held cards); empty for the others."""
        from ..engine.notes import cards_in_hands

        return cards_in_hands(self._state)

    def notes_for(self, seat: int) -> dict[tuple[int, int], str]:
        """The notes `seat` wrote on the cards now in hands, by (hand's seat, slot): for that seat's screen
        only. The screen gets texts by slot, never a card's id (a seat must not learn its own cards' ids)."""
        from ..engine.notes import notes_by_place  # the one mapping, shared with the records of games in play

        if not 0 <= seat < len(self._notes):
            return {}
        return notes_by_place(self._state, self._notes[seat])

    def write_note(self, seat: int, hand_seat: int, slot: int, text: str) -> None:
        """`seat` writes `text` on the card in `hand_seat`'s hand at `slot` (empty text deletes the note), and
        the game is saved at once. Raises ValueError for a computer's seat, a slot with no card, or a note a
        save could not keep (longer than NOTE_MAX characters, control characters)."""
        text = text.strip()
        if not 0 <= seat < len(self._notes) or self.computer_level(seat) is not None:
            raise ValueError("only a person's seat writes notes")
        if text and note_refusal(text) == ("note_blank", {}):
            text = ""  # nothing visible (zero-width joiners alone): as an empty note, it removes the note
        if text and note_refusal(text) is not None:  # the check every save is held to
            raise ValueError("a note is at most NOTE_MAX printable characters")
        card_id = self._cards_in_hands().get((hand_seat, slot))
        if card_id is None:
            raise ValueError("no card there")
        mine = self._notes[seat]
        if text:
            mine[str(card_id)] = text
        elif mine.pop(str(card_id), None) is None:
            return  # nothing was there to delete: nothing to save
        self._autosave()

    def _notes_to_save(self) -> tuple[dict[str, str], ...]:
        """Every seat's notes on the cards still in hands: a card played or discarded loses its note (it
        might come back through the deck into its writer's own hand, and the note would name it)."""
        in_hands = {str(card_id) for card_id in self._cards_in_hands().values()}
        self._notes = [{key: note for key, note in notes.items() if key in in_hands} for notes in self._notes]
        if not any(self._notes):
            return ()
        return tuple(dict(notes) for notes in self._notes)

    def _restore_log_marks(self, save: SaveFile) -> tuple[int, ...]:
        """Each seat's log mark from the save, or rebuilt by replaying its actions (older saves)."""
        if len(save.log_marks) == len(save.players):
            return save.log_marks
        marks = [-1] * len(save.players)
        if not save.actions:
            return tuple(marks)
        try:
            for step in replay(self.rules, save.players, self.options, save.seed, save.actions):
                if step.seat is not None:
                    marks[step.seat] = log_mark(self.rules, step.seat, step.before, step.after, marks[step.seat])
        except Exception:  # noqa: BLE001 - a save that does not replay: the handoff shows the last line only
            last = max(len(self.rules.log(self._state)) - 1, 0)
            return tuple(last for _seat in save.players)
        return tuple(marks)

    def replay_matches(self) -> bool:
        """Whether replaying the recorded actions from the deal rebuilds the saved state exactly."""
        return replayed_state(self.rules, self.players, self.options, self.deal_number, self._actions) == self._state
