"""Save files: one JSON file per game, rewritten atomically after every applied action.

A file that cannot be read or validated is reported with the reason and never written to or deleted
by the program: the player decides what to do with it. A reason is a code with its parameters (see
`BrokenSave`); the saves list says it in the player's language.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import stat
import tempfile
import uuid
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

from pydantic import AfterValidator, Field, Strict, StringConstraints, ValidationError
from typing import Annotated

from .base import Fact, FrozenModel, IllegalAction, Outcome
from .registry import GAMES
from .replay import ReplayError, replay
from .seating import NOTE_MAX, is_printable, names_refusal, note_refusal, seats_refusal

SCHEMA_VERSION = 1
# The version of the engines' state and log as saved. The saved state is a cache of what the moves make;
# it is compared with the rebuilt game only when it was written by engines of this version. Bump it when a
# state or log representation changes: older saves then open by replaying their moves alone.
STATE_VERSION = 3
SAVE_SUFFIX = ".json"
DATA_DIR_ENV = "BOARDGAMES_TUI_DATA_DIR"

# A save's identity is its file name. The ids the program makes (`new_save_id`) fit this pattern, and the
# program writes only to `<saves folder>/<id>.json` for an id that fits it: no separators, no dots, no NUL,
# never empty, never long. The `save_id` written inside a file is not trusted for anything.
SAVE_ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
# Limits checked before and while parsing: a save of a long game is well under 1 MB.
MAX_SAVE_BYTES = 4 * 1024 * 1024
MAX_JSON_DEPTH = 32
MAX_INT_DIGITS = 18


# A count or a switch in a file is a JSON number or true/false as written: `"seat": true` is not seat 1.
StrictInt = Annotated[int, Strict()]
StrictBool = Annotated[bool, Strict()]


class RecordedAction(FrozenModel):
    seat: StrictInt
    action: dict[str, Any]


def _printable(text: str) -> str:
    if not is_printable(text):
        raise ValueError("holds control characters")
    return text


def _text(max_length: int, min_length: int = 0) -> Any:
    """A text field from a file: bounded, and free of control characters (escape sequences, NUL)."""
    return Annotated[str, StringConstraints(min_length=min_length, max_length=max_length), AfterValidator(_printable)]


PLAYER_NAME_MAX = 32  # what the model reads; the seating checks then hold a name to what setup allows
NOTES_PER_SEAT_MAX = 200  # more than the cards of any deck


class SaveFile(FrozenModel):
    schema_version: Literal[1]
    save_id: Annotated[str, Field(pattern="^" + SAVE_ID_PATTERN.pattern + "$")]
    game_id: _text(40)
    players: tuple[_text(PLAYER_NAME_MAX, min_length=1), ...] = Field(min_length=1, max_length=8)
    options: dict[str, Any]
    seed: _text(64, min_length=1)
    # Whether the players typed the deal number (theirs to know) or it was drawn at random: a random deal
    # number names every hidden card, so it is shown only once the game is over. Older files: drawn.
    deal_chosen: StrictBool = False
    actions: tuple[RecordedAction, ...] = ()
    state: dict[str, Any]
    created_at: _text(40)
    updated_at: _text(40)
    position: _text(80) = ""  # "Turn 7", for people reading the file; the resume list narrates the state
    finished: StrictBool = False
    match: tuple[tuple[StrictInt, ...], ...] = Field(default=(), max_length=1000)  # per-seat scores of earlier games
    # Per seat, the length of the log just after that seat's last action (-1: not acted yet): the handoff
    # tells each player everything public since their own last turn, across a quit and resume too.
    log_marks: tuple[StrictInt, ...] = ()
    state_version: StrictInt = 1  # files written before the field existed are version 1
    # Per seat, the level of the computer playing it, or None for a person; () = every seat a person
    # (files written before computers existed).
    computers: tuple[Annotated[str, Field(pattern="^[a-z_]{1,20}$")] | None, ...] = Field(default=(), max_length=8)
    # Per seat, that seat's private notes on cards (Hanabi): card id (as text) -> note; () = nobody wrote any.
    # Shown only to the seat that wrote them; never in the public log, the handoff or another seat's export.
    notes: tuple[
        Annotated[
            dict[Annotated[str, Field(pattern="^[0-9]{1,3}$")], _text(NOTE_MAX, min_length=1)],
            Field(max_length=NOTES_PER_SEAT_MAX),
        ],
        ...,
    ] = Field(default=(), max_length=8)


@dataclass(frozen=True)
class SavedGame:
    path: Path
    save: SaveFile
    state: Any  # the game's validated State model: the session plays it; a list shows `public_facts()`

    def public_facts(self) -> PublicFacts:
        """What anyone may know of this game, to list it among the saves: no hidden card."""
        rules = GAMES[self.save.game_id].rules()
        try:
            public_view = rules.view(self.state, None)
        except Exception:  # noqa: BLE001 - the list shows the save all the same; opening it says what is wrong
            public_view = None
        return PublicFacts(rules.turn_label(self.state), rules.outcome(self.state), public_view)


@dataclass(frozen=True)
class PublicFacts:
    """A saved game as anyone at the table may know it: where it stands (the turn label), how it ended (None
    while it goes on) and its public View."""

    turn_label: Fact
    outcome: Outcome | None
    public_view: Any  # None when it cannot be built


@dataclass(frozen=True)
class BrokenSave:
    """A file in the saves folder that cannot be played, and why: `code` names the reason and `params`
    holds its details (numbers, a field's path, a refusal's code and params: JSON values, no sentences).

    The codes: bad_file_name, is_link, not_regular_file, too_large (size, limit), unreadable (error),
    not_text, bad_json (line, column), duplicate_key (key), number_too_long (digits), not_a_number (text),
    too_deep (depth), not_a_save, unknown_format (version, supported), damaged (field, problem, count),
    unknown_game (game), match_mismatch, computers_mismatch, notes_mismatch, unknown_level (level), damaged_options (field,
    problem, count), wrong_player_count (count, min, max), cannot_set_up (refusal, refusal_params),
    seat_out_of_range (move), damaged_move (move, field, problem, count), illegal_move (move, refusal,
    refusal_params), does_not_add_up, internal_error (error), folder_unreadable (error). The screens add
    cannot_be_shown and cannot_be_resumed (error).
    """

    path: Path
    code: str
    params: dict[str, Any] = field(default_factory=dict)


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def new_save_id() -> str:
    return datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]


def is_save_id(text: str) -> bool:
    return SAVE_ID_PATTERN.fullmatch(text) is not None


class SaveFileRefused(ValueError):
    """Raised while reading or parsing a file that breaks a limit (duplicate key, huge number, deep
    nesting, not a regular file): `code` and `params` as in `BrokenSave`."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise SaveFileRefused("duplicate_key", key=key[:40])
        data[key] = value
    return data


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise SaveFileRefused("number_too_long", digits=MAX_INT_DIGITS)
    return int(text)


def _no_constant(text: str) -> Any:
    raise SaveFileRefused("not_a_number", text=text)


def _check_depth(data: Any) -> None:
    """Refuse nesting deeper than MAX_JSON_DEPTH (checked without recursion)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise SaveFileRefused("too_deep", depth=MAX_JSON_DEPTH)
        if isinstance(node, dict):
            stack.extend((value, depth + 1) for value in node.values())
        elif isinstance(node, list):
            stack.extend((value, depth + 1) for value in node)


def parse_save_json(raw: str) -> Any:
    """JSON as a save may hold it: no duplicate keys, no NaN, no huge numbers, no deep nesting."""
    try:
        data = json.loads(raw, object_pairs_hook=_no_duplicate_keys, parse_int=_bounded_int, parse_constant=_no_constant)
    except RecursionError:
        raise SaveFileRefused("too_deep", depth=MAX_JSON_DEPTH) from None
    _check_depth(data)
    return data


def read_regular_file(path: Path, limit: int = MAX_SAVE_BYTES) -> bytes:
    """The bytes of `path` if it is a regular file (not a link, folder, FIFO or device) of at most `limit`
    bytes; OSError or SaveFileRefused otherwise. A FIFO or a device is never opened for reading."""
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode):
        raise SaveFileRefused("is_link")
    if not stat.S_ISREG(info.st_mode):
        raise SaveFileRefused("not_regular_file")
    if info.st_size > limit:
        raise SaveFileRefused("too_large", size=info.st_size, limit=limit)
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced between the two looks
            raise SaveFileRefused("not_regular_file")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:
        raise SaveFileRefused("too_large", size=None, limit=limit)
    return b"".join(chunks)


def default_save_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override) / "saves"
    from platformdirs import user_data_path

    return user_data_path("boardgames_tui", appauthor=False) / "saves"


def atomic_write_text(path: Path, text: str, *, durable: bool = True) -> None:
    """Write `text` so that `path` holds either the old content or the new, never a torn file.

    `durable=False` leaves flushing the disk to the caller (see `sync_to_disk`): the new content is in
    place at once for every reader, and survives the program being killed, but not yet a power cut.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:  # the bytes counted are the bytes written
            handle.write(text)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except FileNotFoundError:
            pass
        raise
    if durable:
        _sync_directory(path.parent)


def sync_to_disk(path: Path) -> None:
    """Flush a file written with durable=False, and its folder (the rename), to the disk."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    _sync_directory(path.parent)


def _sync_directory(folder: Path) -> None:
    try:  # make a rename durable where the platform allows it
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def _first_error(exc: ValidationError) -> dict[str, Any]:
    """Where a file first breaks its model: the field's path ("" for the whole), pydantic's error type
    ("missing", "int_type" ...) and how many problems there are in all."""
    err = exc.errors()[0]
    where = ".".join(str(part) for part in err.get("loc", ()))
    return {"field": where[:80], "problem": str(err.get("type", "")), "count": exc.error_count()}


def os_error_code(exc: OSError) -> str:
    """An OS error as its symbolic name ("EACCES"), or the exception's type when it has no errno."""
    return errno.errorcode.get(exc.errno or -1, type(exc).__name__)


def _stamp(path: Path) -> tuple[int, int]:
    info = os.stat(path)
    return (info.st_mtime_ns, info.st_size)


def header_problem(save: SaveFile) -> tuple[str, dict[str, Any]] | None:
    """Why a save's table cannot be played, before any move is replayed (None: it can): the checks the
    setup screen makes (names, seat kinds) and the shape of what the save keeps per seat. One list for the
    saves folder and for imported records, so no file brings in what setup forbids."""
    spec = GAMES.get(save.game_id)
    if spec is None:
        return ("unknown_game", {"game": save.game_id[:40]})
    if any(len(game) != len(save.players) for game in save.match):
        return ("match_mismatch", {})
    if save.computers and len(save.computers) != len(save.players):
        return ("computers_mismatch", {})
    if save.notes and len(save.notes) != len(save.players):
        return ("notes_mismatch", {})
    table = names_refusal(save.players)
    if table is None and any(save.computers):
        table = seats_refusal(save.computers, spec.table_levels)
    if table is not None:
        code, params = table
        return table if code == "unknown_level" else ("bad_table", {"refusal": code, **params})
    if any(save.notes):
        if not spec.rules().card_notes:
            return ("notes_not_allowed", {})
        for text in (text for seat_notes in save.notes for text in seat_notes.values()):
            note = note_refusal(text)
            if note is not None:
                return ("bad_note", {"refusal": note[0], **note[1]})
    return None


def replay_save(path: Path, save: SaveFile, rules: Any) -> SavedGame | BrokenSave:
    """Rebuild a game from its record — deal number, players, options, actions — through the engine, which
    refuses anything illegal, and compare it with the state the file keeps as a cache.

    The record is the game; the cached state is never shown: a file whose state was edited or damaged
    (a seat 99, a duplicated card, -5 clue tokens) does not match its moves and is unreadable. Whether the
    game is finished is taken from the rebuilt game, not from the file (and so is the position the resume
    list shows: it narrates the rebuilt state).
    """
    try:  # strict: "yes" is not a switch, "3" is not a number
        options = rules.Options.model_validate_json(json.dumps(save.options), strict=True)
    except ValidationError as exc:
        return BrokenSave(path, "damaged_options", {**_first_error(exc), "game": rules.id})
    table = {"game": rules.id, "players": list(save.players)}  # for the game's narrator to say a refusal
    if not rules.min_players <= len(save.players) <= rules.max_players:
        return BrokenSave(
            path, "wrong_player_count", {"count": len(save.players), "min": rules.min_players, "max": rules.max_players}
        )
    if len(save.actions) > rules.max_actions:
        return BrokenSave(path, "too_many_moves", {"count": len(save.actions), "limit": rules.max_actions})

    def strictly(raw: Any) -> Any:  # as written in the file: a slot `true` or "2" is a damaged move, not 1 or 2
        return rules.action_adapter.validate_json(json.dumps(raw), strict=True)

    try:
        for step in replay(rules, save.players, options, save.seed, save.actions, parse=strictly):
            state = step.after
    except ReplayError as exc:
        cause = exc.cause
        if exc.number == 0:
            if isinstance(cause, IllegalAction):
                return BrokenSave(path, "cannot_set_up", {"refusal": cause.code, "refusal_params": cause.params, **table})
            return BrokenSave(path, "cannot_set_up", {"refusal": None, "refusal_params": {}, **table})
        if cause is None:
            return BrokenSave(path, "seat_out_of_range", {"move": exc.number})
        if isinstance(cause, ValidationError):
            return BrokenSave(path, "damaged_move", {"move": exc.number, **_first_error(cause)})
        if not isinstance(cause, IllegalAction):  # an engine fault, not the file's: as before, it is not hidden
            raise cause
        return BrokenSave(
            path, "illegal_move", {"move": exc.number, "refusal": cause.code, "refusal_params": cause.params, **table}
        )
    # A cache written by engines of another version differs by design (a log line reworded): the moves,
    # every one legal, are the game. The rebuilt state is what is shown either way.
    if save.state_version == STATE_VERSION and state.model_dump(mode="json") != save.state:
        return BrokenSave(path, "does_not_add_up")
    # A note names a card in a hand now (a note whose card left the hands is dropped when the game is saved).
    if any(save.notes):
        from .notes import cards_in_hands

        held = {str(card_id) for card_id in cards_in_hands(state).values()}
        if any(key not in held for seat_notes in save.notes for key in seat_notes):
            return BrokenSave(path, "bad_note", {"refusal": "note_no_card"})
    # The position is not taken from the file either: the saves list narrates the rebuilt state's turn label.
    truth = {"finished": rules.outcome(state) is not None}
    return SavedGame(path, save.model_copy(update=truth), state)


# Beside the saves (in their folder, under a name the list never reads as a save): which file contents this
# program has already replayed and found whole, by file name -> SHA-256 of the bytes. A file listed with the
# same bytes is shown from the state it keeps, without replaying its moves; any other file is replayed when
# first listed; a game is replayed in full whenever it is opened. Written by engines of one version only.
CHECKED_FILE = ".checked-saves"
CHECKED_FORMAT = "boardgames_tui-checked-saves"
MAX_CHECKED_BYTES = 1024 * 1024


def engines_version() -> str:
    from .. import __version__

    return f"{__version__}/{STATE_VERSION}"


class CheckedSaves(FrozenModel):
    format: Literal["boardgames_tui-checked-saves"]
    engines: _text(40)
    files: dict[Annotated[str, Field(pattern="^" + SAVE_ID_PATTERN.pattern + re.escape(SAVE_SUFFIX) + "$")],
                Annotated[str, Field(pattern="^[0-9a-f]{64}$")]] = Field(default_factory=dict, max_length=100_000)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class SaveStore:
    """The folder of save files."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory if directory is not None else default_save_dir()
        self._writer: ThreadPoolExecutor | None = None
        self._pending: list[Future[None]] = []
        # Saves already replayed, by path: (file stamp, the file's record, the checked game). Listing the
        # saves again after a game does not replay every other game again.
        self._verified: dict[Path, tuple[tuple[int, int], SaveFile, SavedGame]] = {}
        self._checked: dict[str, str] | None = None  # CHECKED_FILE, read on first use
        self._checked_changed = False

    def path_for(self, save_id: str) -> Path:
        """The one file a save id may be written to; refuses any id the program would not make."""
        if not is_save_id(save_id):
            raise ValueError(f"{save_id!r} is not a save id")
        return self.directory / f"{save_id}{SAVE_SUFFIX}"

    def unused_save_id(self) -> str:
        """A new id whose file does not exist yet: a new game never replaces another one."""
        while True:
            save_id = new_save_id()
            if not os.path.lexists(self.path_for(save_id)):
                return save_id

    def write(self, save: SaveFile) -> Path:
        """Write now and return once the file is on disk."""
        self.flush()
        path = self.path_for(save.save_id)
        text = save.model_dump_json(indent=1)
        atomic_write_text(path, text)
        self._wrote(path, save, text)
        self.keep_checked()
        return path

    def _wrote(self, path: Path, save: SaveFile, text: str) -> None:
        """A file this program just wrote from a game it played is whole: listing it later need not replay it."""
        if save.state_version == STATE_VERSION:
            self._checked_files()[path.name] = digest(text.encode("utf-8"))
            self._checked_changed = True

    def _checked_files(self) -> dict[str, str]:
        if self._checked is None:
            self._checked = {}
            try:  # read as carefully as a save; anything odd is a list of nothing (files are then replayed)
                raw = read_regular_file(self.directory / CHECKED_FILE, MAX_CHECKED_BYTES).decode("utf-8")
                checked = CheckedSaves.model_validate(parse_save_json(raw))
            except (OSError, ValueError, ValidationError, RecursionError):
                return self._checked
            if checked.engines == engines_version():
                self._checked = dict(checked.files)
        return self._checked

    def keep_checked(self) -> None:
        """Write down which files are known to be whole (a folder that cannot be written: they are replayed
        again next time, nothing else is lost)."""
        if not self._checked_changed or self._checked is None:
            return
        record = CheckedSaves.model_construct(format=CHECKED_FORMAT, engines=engines_version(), files=dict(sorted(self._checked.items())))
        try:
            atomic_write_text(self.directory / CHECKED_FILE, record.model_dump_json(indent=0), durable=False)
        except OSError:
            return
        self._checked_changed = False

    def write_behind(self, save: SaveFile) -> Path:
        """Write now, flush the disk later: the file is replaced at once (a killed program loses
        nothing), and the two fsyncs, several times longer than the rest of an action, run on the
        store's one writer thread so the screen does not wait for them. Every read through the store,
        and `flush`, waits for them; a failed flush is raised by the next call to the store.
        """
        self._raise_failed()
        path = self.path_for(save.save_id)
        text = save.model_dump_json(indent=1)
        atomic_write_text(path, text, durable=False)
        self._wrote(path, save, text)
        if self._writer is None:
            # Its thread is joined when the interpreter exits, so a queued flush is never dropped.
            self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        self._pending.append(self._writer.submit(sync_to_disk, path))
        return path

    def flush(self) -> None:
        """Wait until every queued flush is done (raises a flush's error)."""
        pending, self._pending = self._pending, []
        for future in pending:
            future.result()

    def _raise_failed(self) -> None:
        done = [future for future in self._pending if future.done()]
        self._pending = [future for future in self._pending if not future.done()]
        for future in done:
            future.result()

    def load(self, path: Path, *, replay: bool = True) -> SavedGame | BrokenSave:
        """The save in `path`, checked, or the reason it cannot be used. Never raises for a bad file.

        `replay=False` (the saves list) trusts a file whose exact bytes were checked before (CHECKED_FILE)
        and takes its game from the state it keeps; otherwise every move is replayed."""
        self.flush()
        try:
            return self._load(path, replay)
        except (RecursionError, MemoryError, ValueError, TypeError, OverflowError) as exc:  # a last guard
            return BrokenSave(path, "internal_error", {"error": type(exc).__name__})

    def _load(self, path: Path, replay: bool) -> SavedGame | BrokenSave:
        save_id = path.name[: -len(SAVE_SUFFIX)] if path.name.endswith(SAVE_SUFFIX) else ""
        if not is_save_id(save_id):
            return BrokenSave(path, "bad_file_name")
        try:
            raw_bytes = read_regular_file(path)
            raw = raw_bytes.decode("utf-8")
        except SaveFileRefused as exc:
            return BrokenSave(path, exc.code, exc.params)
        except OSError as exc:
            return BrokenSave(path, "unreadable", {"error": os_error_code(exc)})
        except UnicodeDecodeError:
            return BrokenSave(path, "not_text")
        fingerprint = digest(raw_bytes)
        if not replay and self._checked_files().get(path.name) == fingerprint:
            known = self._known_whole(path, raw_bytes, save_id)
            if known is not None:
                return known
        try:
            data = parse_save_json(raw)
        except json.JSONDecodeError as exc:
            return BrokenSave(path, "bad_json", {"line": exc.lineno, "column": exc.colno})
        except SaveFileRefused as exc:
            return BrokenSave(path, exc.code, exc.params)
        if not isinstance(data, dict) or "schema_version" not in data or "game_id" not in data:
            return BrokenSave(path, "not_a_save")
        if data["schema_version"] != SCHEMA_VERSION or type(data["schema_version"]) is not int:  # not 1.0
            version = str(data["schema_version"])[:20]
            return BrokenSave(path, "unknown_format", {"version": version, "supported": SCHEMA_VERSION})
        data["save_id"] = save_id  # the file's name is its identity, whatever the file says
        try:
            save = SaveFile.model_validate(data)
        except ValidationError as exc:
            return BrokenSave(path, "damaged", _first_error(exc))
        problem = header_problem(save)
        if problem is not None:
            return BrokenSave(path, problem[0], problem[1])
        spec = GAMES[save.game_id]
        checked = self._verified.get(path)
        stamp = _stamp(path)
        if checked is not None and checked[0] == stamp and checked[1] == save:
            return SavedGame(path, checked[2].save, checked[2].state)
        rules = spec.rules()
        result = replay_save(path, save, rules)
        if isinstance(result, SavedGame):
            self._verified[path] = (stamp, save, result)
            if save.state_version == STATE_VERSION:
                self._checked_files()[path.name] = fingerprint
                self._checked_changed = True
        return result

    def _known_whole(self, path: Path, raw_bytes: bytes, save_id: str) -> SavedGame | None:
        """The game of a file whose exact bytes were read, replayed and found whole before, taken from the state
        it keeps (its bytes passed the careful parser then, so pydantic's own fast one reads them now); None
        when anything about it does not hold, and the file is then read the careful way."""
        try:
            save = SaveFile.model_validate_json(raw_bytes).model_copy(update={"save_id": save_id})
            if save.state_version != STATE_VERSION or header_problem(save) is not None:
                return None
            rules = GAMES[save.game_id].rules()
            state = rules.State.model_validate(save.state)
            return SavedGame(path, save.model_copy(update={"finished": rules.outcome(state) is not None}), state)
        except (ValidationError, ValueError, KeyError, TypeError, RecursionError):
            return None

    def list(self) -> list[SavedGame | BrokenSave]:
        """Every save in the folder, newest first; unreadable ones are included as BrokenSave, and so is the
        folder itself when it cannot be listed."""
        self.flush()
        try:
            with os.scandir(self.directory) as found:
                paths = [Path(entry.path) for entry in found if entry.name.endswith(SAVE_SUFFIX)]
        except FileNotFoundError:
            return []
        except OSError as exc:
            return [BrokenSave(self.directory, "folder_unreadable", {"error": os_error_code(exc)})]
        entries = [self.load(path, replay=False) for path in paths]
        known = self._checked_files()
        for name in [name for name in known if name not in {path.name for path in paths}]:
            del known[name]  # a file deleted or renamed since
            self._checked_changed = True
        self.keep_checked()

        def newest_first(entry: SavedGame | BrokenSave) -> tuple[int, str]:
            if isinstance(entry, SavedGame):
                return (0, entry.save.updated_at)
            return (1, entry.path.name)

        entries.sort(key=newest_first, reverse=True)
        readable = [e for e in entries if isinstance(e, SavedGame)]
        broken = sorted((e for e in entries if isinstance(e, BrokenSave)), key=lambda e: e.path.name)
        return [*readable, *broken]

    def delete(self, saved: SavedGame) -> None:
        """Remove a readable save the player chose to delete (only ever its own file in this folder)."""
        self.flush()
        self.path_for(saved.save.save_id).unlink(missing_ok=True)
