"""Save files are input from strangers: the program writes only its own game's file in its saves folder,
and a hostile or damaged file is listed as unreadable, never read past its limits, never changed."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine.hanabi.models import HanabiOptions
from boardgames_tui.engine.luz.models import LuzOptions
from boardgames_tui.engine.saves import BrokenSave, SavedGame, SaveStore
from boardgames_tui.narration.save_problems import describe_problem
from boardgames_tui.tui.session import HotseatSession


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under `root` with its content."""
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file() and not p.is_symlink()}


def play_one(store: SaveStore, entry: SavedGame | BrokenSave) -> None:
    assert isinstance(entry, SavedGame), describe_problem(entry) if isinstance(entry, BrokenSave) else entry
    session = HotseatSession.resume(entry, store)
    seat = session.acting_seat()
    assert seat is not None
    session.apply(seat, session.view(seat).legal_actions[0])
    store.flush()


@pytest.fixture
def folder(tmp_path: Path) -> tuple[Path, SaveStore]:
    """A data folder with the saves folder two levels inside it, so an escape would land in `tmp_path`."""
    saves = tmp_path / "data" / "boardgames" / "saves"
    return tmp_path, SaveStore(saves)


@pytest.mark.parametrize(
    "hostile_id",
    ["../../escaped", "/tmp/absolute-escape", "", "nul\x00byte", "x" * 300, "..", "a/b", "a.b"],
)
def test_the_id_inside_a_file_never_decides_where_the_game_is_written(folder, hostile_id: str) -> None:
    root, store = folder
    session = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), store, seed="1")
    store.flush()
    path = session.save_path
    data = json.loads(path.read_text())
    data["save_id"] = hostile_id
    copy = store.directory / "copied.json"
    copy.write_text(json.dumps(data))
    before = snapshot(root)
    play_one(store, store.load(copy))
    after = snapshot(root)
    changed = {name for name in after if before.get(name) != after[name]}
    assert changed == {str(copy.relative_to(root))}, changed
    assert not Path("/tmp/absolute-escape.json").exists()


def test_a_copy_carrying_another_games_id_does_not_replace_that_game(folder) -> None:
    root, store = folder
    hanabi = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), store, seed="1")
    luz = HotseatSession.new("luz", ["Ana", "Ben", "Cy"], LuzOptions(), store, seed="2")
    store.flush()
    hanabi_path = hanabi.save_path
    hanabi_bytes = hanabi_path.read_bytes()
    data = json.loads(luz.save_path.read_text())
    data["save_id"] = hanabi._save.save_id  # a copy of the Luz save that claims the Hanabi game's id
    copy = store.directory / "luz-copy.json"
    copy.write_text(json.dumps(data))
    play_one(store, store.load(copy))
    assert hanabi_path.read_bytes() == hanabi_bytes
    assert isinstance(store.load(hanabi_path), SavedGame)
    assert json.loads(copy.read_text())["game_id"] == "luz"


@pytest.mark.parametrize("name", [".json", "a b.json", "dé.json", "x" * 70 + ".json", "-lead.json"])
def test_a_file_name_the_program_never_gives_is_unreadable_and_untouched(folder, name: str) -> None:
    root, store = folder
    session = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), store, seed="1")
    store.flush()
    odd = store.directory / name
    odd.write_bytes(session.save_path.read_bytes())
    entries = {entry.path.name: entry for entry in store.list()}
    assert isinstance(entries[name], BrokenSave) and entries[name].code == "bad_file_name"
    assert "file name" in describe_problem(entries[name])
    assert odd.read_bytes() == session.save_path.read_bytes()


def test_the_store_refuses_to_write_an_id_it_would_not_make(folder) -> None:
    _, store = folder
    for bad in ("../x", "", "a\x00", "/abs", "x" * 65):
        with pytest.raises(ValueError):
            store.path_for(bad)


def test_a_new_game_never_takes_an_existing_files_name(folder, monkeypatch) -> None:
    from boardgames_tui.engine import saves

    _, store = folder
    first = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), store, seed="1")
    store.flush()
    ids = iter([first._save.save_id, "20260101-000000-abcdef"])
    monkeypatch.setattr(saves, "new_save_id", lambda: next(ids))
    second = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), store, seed="2")
    assert second._save.save_id == "20260101-000000-abcdef"


# Files that are not what they claim ------------------------------------------------------------------


def write_variant(store: SaveStore, name: str, text: str) -> Path:
    store.directory.mkdir(parents=True, exist_ok=True)
    path = store.directory / name
    path.write_text(text)
    return path


@pytest.fixture
def good_json(folder) -> str:
    _, store = folder
    session = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), store, seed="9")
    store.flush()
    text = session.save_path.read_text()
    session.save_path.unlink()
    return text


@pytest.mark.parametrize(
    ("make", "code", "reason"),
    [
        (lambda good: "[" * 100_000 + "]" * 100_000, "too_deep", "nested"),
        (lambda good: good.replace('"seed": "9"', '"seed": ' + "9" * 5000), "number_too_long", "digits"),
        (lambda good: good[:-2] + ', "finished": false, "finished": true}', "duplicate_key", "twice"),
        (lambda good: good.replace('"seed": "9"', '"seed": NaN'), "not_a_number", "not a number"),
        (lambda good: good.replace('"Ana"', '"' + "A" * 50 + '"'), "damaged", "players.0: too long"),
        (lambda good: good.replace('"Ana"', '"A\\u001b[2Jna"'), "damaged", "control"),
        (lambda good: good.replace('"seed": "9"', '"seed": "' + "9" * 200 + '"'), "damaged", "deal number: too long"),
        (lambda good: good[: len(good) // 2], "bad_json", "not valid JSON"),
        (lambda good: '{"schema_version": "[b]x[/i]", "game_id": "hanabi"}', "unknown_format", "save format"),
    ],
)
def test_a_hostile_file_is_unreadable_with_its_reason(folder, good_json: str, make, code: str, reason: str) -> None:
    _, store = folder
    path = write_variant(store, "hostile.json", make(good_json))
    before = path.read_bytes()
    entries = store.list()
    assert len(entries) == 1 and isinstance(entries[0], BrokenSave)
    assert entries[0].code == code
    assert reason in describe_problem(entries[0])
    assert path.read_bytes() == before


def test_a_file_too_large_is_not_read(folder) -> None:
    _, store = folder
    store.directory.mkdir(parents=True)
    huge = store.directory / "huge.json"
    with huge.open("wb") as handle:  # 8 GB that take no disk (sparse): reading it would take minutes
        handle.truncate(8 << 30)
    (entry,) = store.list()
    assert isinstance(entry, BrokenSave) and entry.code == "too_large" and "too large" in describe_problem(entry)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_pipes_links_and_folders_are_listed_without_being_read(folder, good_json: str) -> None:
    _, store = folder
    store.directory.mkdir(parents=True, exist_ok=True)
    os.mkfifo(store.directory / "fifo.json")  # reading it would block for ever
    (store.directory / "zero.json").symlink_to("/dev/zero")  # reading it would never end
    (store.directory / "dangling.json").symlink_to(store.directory / "nowhere")
    (store.directory / "folder.json").mkdir()
    good = write_variant(store, "good.json", good_json)
    entries = {entry.path.name: entry for entry in store.list()}
    assert isinstance(entries["good.json"], SavedGame)
    for name in ("fifo.json", "zero.json", "dangling.json", "folder.json"):
        assert isinstance(entries[name], BrokenSave), name
        assert entries[name].code in ("is_link", "not_regular_file") and "not read" in describe_problem(entries[name])
    assert good.read_text() == good_json


def test_an_unreadable_saves_folder_says_so(folder, monkeypatch: pytest.MonkeyPatch) -> None:
    _, store = folder
    store.directory.mkdir(parents=True)
    store.directory.chmod(0)
    try:
        os.scandir(store.directory).close()
    except PermissionError:
        pass  # the system refuses, as it does to a player
    else:  # root (as in CI) reads any folder: the system's refusal is played instead
        real_scandir = os.scandir

        def scandir(path: Any = ".") -> Any:
            if Path(path) == store.directory:
                raise PermissionError(13, "Permission denied", str(path))
            return real_scandir(path)

        monkeypatch.setattr(os, "scandir", scandir)
    try:
        (entry,) = store.list()
        assert isinstance(entry, BrokenSave) and entry.code == "folder_unreadable" and "folder" in describe_problem(entry)
    finally:
        store.directory.chmod(0o755)


def test_a_saves_path_that_is_a_file_says_so(folder) -> None:
    _, store = folder
    store.directory.parent.mkdir(parents=True)
    store.directory.write_text("not a folder")
    (entry,) = store.list()
    assert isinstance(entry, BrokenSave) and entry.code == "folder_unreadable" and "folder" in describe_problem(entry)
