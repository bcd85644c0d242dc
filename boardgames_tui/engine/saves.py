"""Save files: one JSON file per game, rewritten atomically after every applied action.

A file that cannot be read or validated is reported with the reason and never written to or deleted
by the program: the player decides what to do with it.
"""

from __future__ import annotations

import json
import os
import tempfile
import uuid
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from .base import FrozenModel
from .registry import GAMES

SCHEMA_VERSION = 1
SAVE_SUFFIX = ".json"
DATA_DIR_ENV = "BOARDGAMES_TUI_DATA_DIR"


class RecordedAction(FrozenModel):
    seat: int
    action: dict[str, Any]


class SaveFile(FrozenModel):
    schema_version: Literal[1]
    save_id: str
    game_id: str
    players: tuple[str, ...]
    options: dict[str, Any]
    seed: str
    actions: tuple[RecordedAction, ...] = ()
    state: dict[str, Any]
    created_at: str
    updated_at: str
    position: str = ""  # public "Turn 7"-style label for the resume list
    finished: bool = False
    match: tuple[tuple[int, ...], ...] = ()  # per-seat scores of the earlier games of this match
    # Per seat, the length of the log just after that seat's last action (-1: not acted yet): the handoff
    # tells each player everything public since their own last turn, across a quit and resume too.
    log_marks: tuple[int, ...] = ()


@dataclass(frozen=True)
class SavedGame:
    path: Path
    save: SaveFile
    state: Any  # the game's validated State model


@dataclass(frozen=True)
class BrokenSave:
    path: Path
    reason: str


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def new_save_id() -> str:
    return datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]


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
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
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
    fd = os.open(path, os.O_RDONLY)
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


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(part) for part in err.get("loc", ())) or "file"
    return f"{where}: {err.get('msg', 'invalid')} ({exc.error_count()} problem(s))"


class SaveStore:
    """The folder of save files."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory if directory is not None else default_save_dir()
        self._writer: ThreadPoolExecutor | None = None
        self._pending: list[Future[None]] = []

    def path_for(self, save_id: str) -> Path:
        return self.directory / f"{save_id}{SAVE_SUFFIX}"

    def write(self, save: SaveFile) -> Path:
        """Write now and return once the file is on disk."""
        self.flush()
        path = self.path_for(save.save_id)
        atomic_write_text(path, save.model_dump_json(indent=1))
        return path

    def write_behind(self, save: SaveFile) -> Path:
        """Write now, flush the disk later: the file is replaced at once (a killed program loses
        nothing), and the two fsyncs, several times longer than the rest of an action, run on the
        store's one writer thread so the screen does not wait for them. Every read through the store,
        and `flush`, waits for them; a failed flush is raised by the next call to the store.
        """
        self._raise_failed()
        path = self.path_for(save.save_id)
        atomic_write_text(path, save.model_dump_json(indent=1), durable=False)
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

    def load(self, path: Path) -> SavedGame | BrokenSave:
        self.flush()
        try:
            raw = path.read_text(encoding="utf-8")
        except OSError as exc:
            return BrokenSave(path, f"cannot be read: {exc.strerror or exc}")
        except UnicodeDecodeError:
            return BrokenSave(path, "is not a text file")
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            return BrokenSave(path, f"is not valid JSON (line {exc.lineno}: {exc.msg})")
        if not isinstance(data, dict) or "schema_version" not in data or "game_id" not in data:
            return BrokenSave(path, "is not a boardgames_tui save file")
        if data["schema_version"] != SCHEMA_VERSION:
            return BrokenSave(path, f"uses save format {data['schema_version']!r}; this version reads {SCHEMA_VERSION}")
        try:
            save = SaveFile.model_validate(data)
        except ValidationError as exc:
            return BrokenSave(path, "is damaged: " + _first_error(exc))
        spec = GAMES.get(save.game_id)
        if spec is None:
            return BrokenSave(path, f"is for a game this version does not have ({save.game_id!r})")
        rules = spec.rules()
        try:
            state = rules.State.model_validate(save.state)
        except ValidationError as exc:
            return BrokenSave(path, "has a damaged game state: " + _first_error(exc))
        try:
            options = rules.Options.model_validate(save.options)
            for record in save.actions:
                rules.parse_action(record.action)
        except ValidationError as exc:
            return BrokenSave(path, "has damaged options or actions: " + _first_error(exc))
        if tuple(getattr(state, "players", ())) != save.players or getattr(state, "seed", save.seed) != save.seed:
            return BrokenSave(path, "is inconsistent: its players or deal number differ from its game state")
        if any(len(game) != len(save.players) for game in save.match):
            return BrokenSave(path, "is inconsistent: its match scores do not fit its players")
        if getattr(state, "options", options) != options:
            return BrokenSave(path, "is inconsistent: its options differ from its game state")
        return SavedGame(path, save, state)

    def list(self) -> list[SavedGame | BrokenSave]:
        """Every save in the folder, newest first; unreadable ones are included as BrokenSave."""
        self.flush()
        if not self.directory.is_dir():
            return []
        entries = [self.load(path) for path in self.directory.glob(f"*{SAVE_SUFFIX}") if path.is_file()]

        def newest_first(entry: SavedGame | BrokenSave) -> tuple[int, str]:
            if isinstance(entry, SavedGame):
                return (0, entry.save.updated_at)
            return (1, entry.path.name)

        entries.sort(key=newest_first, reverse=True)
        readable = [e for e in entries if isinstance(e, SavedGame)]
        broken = sorted((e for e in entries if isinstance(e, BrokenSave)), key=lambda e: e.path.name)
        return [*readable, *broken]

    def delete(self, saved: SavedGame) -> None:
        """Remove a readable save the player chose to delete."""
        self.flush()
        saved.path.unlink(missing_ok=True)
