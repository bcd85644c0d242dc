"""A save that does not agree with itself is reported as unreadable, not loaded half-broken."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardgames_tui.engine.hanabi.models import HanabiOptions
from boardgames_tui.engine.saves import STATE_VERSION, BrokenSave, SavedGame, SaveStore
from boardgames_tui.narration.save_problems import describe_problem
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
    ("changes", "code", "reason"),
    [
        ({"options": {"sixth_suit": "bogus"}}, "damaged_options", "has damaged options: Sixth suit: not one of the allowed values (1 problem)"),
        ({"options": {"black_powder": "yes"}}, "damaged_options", "damaged options"),  # "yes" is not a switch
        ({"actions": [{"seat": 0, "action": {"kind": "nope"}}]}, "damaged_move", "damaged move 1"),
        ({"actions": [{"seat": 7, "action": {"kind": "play", "slot": 0}}]}, "seat_out_of_range", "seat that does not exist"),
        ({"players": ["Zed", "Ben"]}, "does_not_add_up", "does not add up"),
        ({"players": ["Zed", "Ben", "Cy", "Dee", "Eve", "Fay"]}, "wrong_player_count", "has 6 players; the game is for 2 to 5"),
        ({"seed": "78"}, "does_not_add_up", "does not add up"),
        ({"options": {"black_powder": True}}, "does_not_add_up", "does not add up"),
    ],
)
def test_an_inconsistent_save_is_unreadable_and_untouched(saved, changes, code, reason) -> None:
    store, path = saved
    rewrite(path, **changes)
    before = path.read_bytes()
    entry = store.load(path)
    assert isinstance(entry, BrokenSave) and entry.code == code
    assert reason in describe_problem(entry)
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
    later = session._save.model_copy(update={"updated_at": "later"})
    path = store.write_behind(later)
    # A program killed now loses nothing: the new save already replaced the old one.
    assert json.loads(path.read_text(encoding="utf-8"))["updated_at"] == "later"
    assert not flushed and store._pending
    release.set()
    loaded = store.load(path)  # waits for the flush
    assert flushed == [path]
    assert isinstance(loaded, SavedGame) and loaded.save.updated_at == "later"


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


def edit_state(path: Path, **fields) -> None:
    data = json.loads(path.read_text())
    data["state"].update(fields)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    "fields",
    [{"current": 99}, {"current": -1}, {"clue_tokens": -5}, {"misfires": 9}, {"turn": 4000}],
)
def test_a_saved_state_that_its_moves_do_not_make_is_unreadable(saved, fields) -> None:
    store, path = saved
    data = json.loads(path.read_text())
    assert set(fields) <= set(data["state"]), set(fields) - set(data["state"])
    edit_state(path, **fields)
    entry = store.load(path)
    assert isinstance(entry, BrokenSave) and entry.code == "does_not_add_up"


def test_a_duplicated_card_is_unreadable(saved) -> None:
    store, path = saved
    data = json.loads(path.read_text())
    deck = data["state"]["deck"]
    deck[1] = deck[0]
    path.write_text(json.dumps(data))
    entry = store.load(path)
    assert isinstance(entry, BrokenSave) and entry.code == "does_not_add_up"


def test_a_move_the_rules_refuse_is_unreadable(saved) -> None:
    store, path = saved
    data = json.loads(path.read_text())
    data["actions"].append(data["actions"][0])  # the same seat again: not its turn
    path.write_text(json.dumps(data))
    entry = store.load(path)
    assert isinstance(entry, BrokenSave) and entry.code == "illegal_move"
    assert (entry.params["move"], entry.params["refusal"]) == (2, "not_your_turn")
    # The game's narrator says the rule, in the player's language.
    assert describe_problem(entry) == "has a move the rules do not allow (move 2: It is not your turn.)"


def test_finished_comes_from_the_game_not_the_file(saved) -> None:
    store, path = saved
    rewrite(path, finished=True, position="[b]Turn 999[/i]")
    entry = store.load(path)
    assert isinstance(entry, SavedGame)
    assert entry.save.finished is False
    # The list narrates the rebuilt game's turn label; the file's position is only for people reading it.
    from boardgames_tui.engine.registry import get_game

    assert get_game("hanabi").rules().turn_label(entry.state).args == {"turn": 2}


def test_splendor_duel_for_three_is_unreadable(tmp_path: Path) -> None:
    from boardgames_tui.engine.splendor_duel.models import SplendorDuelOptions

    store = SaveStore(tmp_path)
    session = HotseatSession.new("splendor_duel", ["Ana", "Ben"], SplendorDuelOptions(), store, seed="5")
    store.flush()
    rewrite(session.save_path, players=["Ana", "Ben", "Cy"])
    entry = store.load(session.save_path)
    assert isinstance(entry, BrokenSave) and entry.code == "wrong_player_count"
    assert describe_problem(entry) == "cannot be set up: it has 3 players; the game is for 2 exactly"


# Saves written by earlier versions of the engines: v1 worded the log differently, v2 logged English
# sentences where the engines now log events.
OLD_SAVES = [Path(__file__).with_name(folder) for folder in ("saves_v1", "saves_v2")]


@pytest.mark.parametrize(
    "old_save", sorted((p for folder in OLD_SAVES for p in folder.glob("*.json"))), ids=lambda p: f"{p.parent.name}/{p.stem}"
)
def test_saves_of_earlier_versions_open_and_play(tmp_path: Path, old_save: Path) -> None:
    """Saves whose state the engines no longer write the same way: the moves are the game."""
    import shutil

    store = SaveStore(tmp_path)
    target = tmp_path / "20260101-000000-000001.json"
    shutil.copy(old_save, target)
    entry = store.load(target)
    assert isinstance(entry, SavedGame), describe_problem(entry) if isinstance(entry, BrokenSave) else entry
    session = HotseatSession.resume(entry, store)
    seat = session.acting_seat()
    if seat is None:  # random moves ended this one (three misfires): it opens on its results
        assert session.outcome() is not None and entry.save.finished
        return
    assert session.public_feed(seat)  # the news since that seat's turn, rebuilt by replay
    session.apply(seat, session.view(seat).legal_actions[0])
    store.flush()
    again = store.load(target)
    assert isinstance(again, SavedGame) and again.save.state_version == STATE_VERSION


def test_a_current_save_whose_state_its_moves_do_not_make_is_still_refused(saved) -> None:
    store, path = saved
    data = json.loads(path.read_text())
    assert data["state_version"] == STATE_VERSION
    data["state"]["turn"] = 77
    path.write_text(json.dumps(data))
    entry = store.load(path)
    assert isinstance(entry, BrokenSave) and entry.code == "does_not_add_up"
