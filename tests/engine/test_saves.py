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


def test_writes_behind_land_in_order_and_every_read_waits_for_them(tmp_path: Path, monkeypatch) -> None:
    import threading
    import time

    from boardgames_tui.engine import saves

    release = threading.Event()
    real_write = saves.atomic_write_text

    def held_write(path: Path, text: str) -> None:
        release.wait(5)  # the disk is slow: nothing lands until the test lets it
        time.sleep(0.01)
        real_write(path, text)

    store = SaveStore(tmp_path)
    session = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), store, seed="w")
    store.flush()
    monkeypatch.setattr(saves, "atomic_write_text", held_write)
    first = session._save
    store.write_behind(first)
    later = first.model_copy(update={"position": "later"})
    path = store.write_behind(later)
    assert not release.is_set() and store._pending  # both queued, the caller did not wait
    release.set()
    loaded = store.load(path)  # waits for both writes, the later one last
    assert isinstance(loaded, SavedGame) and loaded.save.position == "later"


def test_a_failed_write_behind_is_raised_by_the_next_call(tmp_path: Path, monkeypatch) -> None:
    from boardgames_tui.engine import saves

    def full_disk(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    store = SaveStore(tmp_path)
    session = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), store, seed="w")
    store.flush()
    monkeypatch.setattr(saves, "atomic_write_text", full_disk)
    store.write_behind(session._save)
    with pytest.raises(OSError, match="No space"):
        store.flush()
