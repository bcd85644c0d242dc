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
