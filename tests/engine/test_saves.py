"""A save that does not agree with itself is reported as unreadable, not loaded half-broken."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardgames_tui.engine.hanabi.models import HanabiOptions
from boardgames_tui.engine.saves import BrokenSave, SavedGame, SaveStore
from boardgames_tui.tui.session import HotseatSession


@pytest.fixture
def saved(tmp_path: Path) -> tuple[SaveStore, Path]:
    store = SaveStore(tmp_path)
    session = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), store, seed="77")
    session.apply(0, session.view(0).legal_actions[0])
    store.flush()  # the tests edit the file directly: the queued write must have landed
    return store, session.save_path


def rewrite(path: Path, **changes) -> None:
    data = json.loads(path.read_text())
    data.update(changes)
    path.write_text(json.dumps(data))


def test_a_good_save_loads(saved) -> None:
    store, path = saved
    assert isinstance(store.load(path), SavedGame)


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"options": {"sixth_suit": "bogus"}}, "options or actions"),
        ({"actions": [{"seat": 0, "action": {"kind": "nope"}}]}, "options or actions"),
        ({"players": ["Zed", "Ben"]}, "players or deal number"),
        ({"seed": "78"}, "players or deal number"),
        ({"options": {"black_powder": True}}, "options differ"),
    ],
)
def test_an_inconsistent_save_is_unreadable_and_untouched(saved, changes, reason) -> None:
    store, path = saved
    rewrite(path, **changes)
    before = path.read_bytes()
    entry = store.load(path)
    assert isinstance(entry, BrokenSave) and reason in entry.reason
    assert [type(e) for e in store.list()] == [BrokenSave]
    assert path.read_bytes() == before


def test_a_write_behind_is_in_place_at_once_and_reads_wait_for_its_flush(tmp_path: Path, monkeypatch) -> None:
    import threading

    from boardgames_tui.engine import saves

    release = threading.Event()
    flushed: list[Path] = []
    real_sync = saves.sync_to_disk

    def slow_disk(path: Path) -> None:
        release.wait(5)  # the disk is slow: the flush waits until the test lets it
        real_sync(path)
        flushed.append(path)

    store = SaveStore(tmp_path)
    session = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), store, seed="w")
    store.flush()
    monkeypatch.setattr(saves, "sync_to_disk", slow_disk)
    later = session._save.model_copy(update={"position": "later"})
    path = store.write_behind(later)
    # A program killed now loses nothing: the new save already replaced the old one.
    assert json.loads(path.read_text(encoding="utf-8"))["position"] == "later"
    assert not flushed and store._pending
    release.set()
    loaded = store.load(path)  # waits for the flush
    assert flushed == [path]
    assert isinstance(loaded, SavedGame) and loaded.save.position == "later"


def test_a_failed_flush_behind_is_raised_by_the_next_call(tmp_path: Path, monkeypatch) -> None:
    from boardgames_tui.engine import saves

    def full_disk(path: Path) -> None:
        raise OSError(5, "Input/output error")

    store = SaveStore(tmp_path)
    session = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), store, seed="w")
    store.flush()
    monkeypatch.setattr(saves, "sync_to_disk", full_disk)
    store.write_behind(session._save)
    with pytest.raises(OSError, match="Input/output"):
        store.flush()
