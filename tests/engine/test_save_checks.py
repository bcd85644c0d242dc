"""A file cannot bring in what setup forbids, cannot cost the saves list a replay of forty thousand moves, and the
list keeps a random deal number secret while the game is on.

The seating checks (engine/seating.py) are one list shared by setup, saves, import and the names file; here each
hostile value a file may carry is refused with its own reason."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine import saves as saves_module
from boardgames_tui.engine.hanabi.models import HanabiOptions
from boardgames_tui.engine.luz.models import LuzOptions
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.saves import CHECKED_FILE, BrokenSave, SavedGame, SaveStore
from boardgames_tui.engine.seating import name_refusal, names_refusal, note_refusal, seats_refusal
from boardgames_tui.tui.recent_names import load_recent_names
from boardgames_tui.narration.save_problems import describe_problem
from boardgames_tui.tui.screens.saves import ResumeScreen, file_name
from boardgames_tui.tui.session import HotseatSession


def hanabi_save(store: SaveStore, **kwargs: Any) -> Path:
    session = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), store, **kwargs)
    for _ in range(2):
        seat = session.acting_seat()
        assert seat is not None
        session.apply(seat, session.view(seat).legal_actions[0])
    store.flush()
    return session.save_path


def edited(store: SaveStore, path: Path, change: Any, name: str = "20260101-000000-edited.json") -> BrokenSave | SavedGame:
    data = json.loads(path.read_text())
    change(data)
    copy = store.directory / name
    copy.write_text(json.dumps(data))
    return SaveStore(store.directory).load(copy)


# The shared checks, on their own ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "code"),
    [("\u200d", "name_blank"), ("   ", "name_blank"), ("", "name_blank"), ("\u200d\u200d\u200d", "name_blank"),
     ("\u0301", "name_blank"), (" Ana", "name_spaces"), ("Ana\n", "name_unprintable"), ("A\u202eB", "name_unprintable"),
     ("x" * 17, "name_too_long")],
)
def test_a_name_setup_would_refuse_is_refused_with_its_reason(name: str, code: str) -> None:
    refused = name_refusal(1, name)
    assert refused is not None and refused[0] == code and refused[1]["seat"] == 1


@pytest.mark.parametrize("name", ["Ana", "字" * 16, "👨\u200d👩\u200d👧", "[b]x[/b]", "Chloé", "a b"])
def test_names_people_type_are_kept(name: str) -> None:
    assert name_refusal(0, name) is None


def test_two_names_that_differ_only_in_case_or_accent_form_are_one_name() -> None:
    assert names_refusal(["Ana", "ana"]) == ("names_alike", {"name": "ana"})
    assert names_refusal(["Chlo\u00e9", "Chloe\u0301"]) is not None
    assert names_refusal(["Ana", "Ben"]) is None


def test_seat_kinds_need_a_person_and_a_level_the_table_offers() -> None:
    assert seats_refusal(["easy", "hard"], ["easy", "hard"]) == ("no_person", {})
    assert seats_refusal([None, "random"], ["easy", "hard"]) == ("unknown_level", {"level": "random"})
    assert seats_refusal([None, "hard"], ["easy", "hard"]) is None
    assert seats_refusal([], ["easy"]) is None


def test_a_note_needs_something_visible() -> None:
    assert note_refusal("\u200d\u200d\u200d") == ("note_blank", {})
    assert note_refusal("tab\there") == ("note_unprintable", {})
    assert note_refusal("5?") is None


# The same checks on files ------------------------------------------------------------------------------------


def set_players(names: list[str]) -> Any:
    return lambda data: data.__setitem__("players", names)


HOSTILE_FILES = [
    ("invisible name", set_players(["Ana", "\u200d"]), "bad_table", "no visible name"),
    ("blank name", set_players(["Ana", "   "]), "bad_table", "no visible name"),
    ("same name twice", set_players(["Ana", "Ana"]), "bad_table", "two players are called"),
    ("same name, other case", set_players(["Ana", "ana"]), "bad_table", "two players are called"),
    ("every seat a computer", lambda d: d.__setitem__("computers", ["easy", "hard"]), "bad_table", "at least one person"),
    ("a level setup never offers", lambda d: d.__setitem__("computers", [None, "random"]), "unknown_level", "random"),
    ("a seat true", lambda d: d["actions"][0].__setitem__("seat", True), "damaged", "moves"),
    ("a format version 1.0", lambda d: d.__setitem__("schema_version", 1.0), "unknown_format", "1.0"),
    ("a finished mark 1", lambda d: d.__setitem__("finished", 1), "damaged", "finished"),
    ("a slot true", lambda d: d["actions"][0]["action"].__setitem__("slot", True), "damaged_move", "move 1"),
]


@pytest.mark.parametrize(("what", "change", "code", "said"), HOSTILE_FILES, ids=[case[0] for case in HOSTILE_FILES])
def test_a_file_cannot_bring_in_what_setup_forbids(tmp_path: Path, what: str, change: Any, code: str, said: str) -> None:
    store = SaveStore(tmp_path / "saves")
    path = hanabi_save(store, seed="4")
    data = json.loads(path.read_text())
    first = data["actions"][0]["action"]
    if "slot" in code or what == "a slot true":
        assert "slot" in first, "the deal's first move must play or discard a card (a move with a slot)"
    entry = edited(store, path, change)
    assert isinstance(entry, BrokenSave), what
    assert entry.code == code
    assert said in describe_problem(entry)


def notes(entry_notes: list[dict[str, str]]) -> Any:
    return lambda data: data.__setitem__("notes", entry_notes)


def test_notes_only_where_the_game_has_them_and_only_on_cards_in_hands(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "saves")
    path = hanabi_save(store, seed="4")
    held = {str(card["card"]["id"]) for hand in json.loads(path.read_text())["state"]["hands"] for card in hand}
    a_card = sorted(held)[0]
    gone = next(str(n) for n in range(200) if str(n) not in held)
    kept = edited(store, path, notes([{a_card: "5?"}, {}]))
    assert isinstance(kept, SavedGame)
    blank = edited(store, path, notes([{a_card: "\u200d\u200d\u200d"}, {}]))
    assert isinstance(blank, BrokenSave) and "nothing visible" in describe_problem(blank)
    elsewhere = edited(store, path, notes([{gone: "5?"}, {}]))
    assert isinstance(elsewhere, BrokenSave) and "nobody's hand" in describe_problem(elsewhere)

    luz = HotseatSession.new("luz", ["Ana", "Ben", "Cy"], LuzOptions(), store, seed="2")
    store.flush()
    in_luz = edited(store, luz.save_path, notes([{"1": "x"}, {}, {}]))
    assert isinstance(in_luz, BrokenSave) and "card notes" in describe_problem(in_luz)


def test_a_record_longer_than_any_real_game_is_refused_before_it_is_replayed(tmp_path: Path, monkeypatch) -> None:
    store = SaveStore(tmp_path / "saves")
    rules = get_game("rummikub").rules()
    session = HotseatSession.new("rummikub", ["Ana", "Ben"], rules.Options(), store, seed="5")
    sort = next(a for a in session.view(0).legal_actions if a.kind == "sort_rack")
    for _ in range(12):
        session.apply(session.acting_seat(), sort)
    store.flush()
    monkeypatch.setattr(type(rules), "max_actions", 10)
    entry = SaveStore(store.directory).load(session.save_path)
    assert isinstance(entry, BrokenSave) and entry.code == "too_many_moves"
    assert "12 moves" in describe_problem(entry) and "at most 10" in describe_problem(entry)


def test_every_game_bounds_its_records_well_above_a_real_game() -> None:
    from boardgames_tui.engine.registry import GAMES

    for spec in GAMES.values():
        assert 1_000 <= spec.rules().max_actions <= 20_000


# The list does not replay what it has seen whole -------------------------------------------------------------


def count_replays(monkeypatch) -> list[Path]:
    replayed: list[Path] = []
    original = saves_module.replay_save

    def counting(path: Path, save: Any, rules: Any) -> Any:
        replayed.append(path)
        return original(path, save, rules)

    monkeypatch.setattr(saves_module, "replay_save", counting)
    return replayed


def test_a_fresh_list_shows_the_programs_own_saves_without_replaying_them(tmp_path: Path, monkeypatch) -> None:
    store = SaveStore(tmp_path / "saves")
    path = hanabi_save(store, seed="4")
    assert store.list()  # what was written is noted as whole
    replayed = count_replays(monkeypatch)
    (entry,) = SaveStore(store.directory).list()
    assert isinstance(entry, SavedGame) and replayed == []
    rebuilt = SaveStore(store.directory).load(path)  # opening a game replays it
    assert isinstance(rebuilt, SavedGame) and replayed == [path]
    assert rebuilt.state == entry.state


def test_a_changed_file_is_replayed_again_and_a_bad_index_is_ignored(tmp_path: Path, monkeypatch) -> None:
    store = SaveStore(tmp_path / "saves")
    path = hanabi_save(store, seed="4")
    store.list()
    data = json.loads(path.read_text())
    data["state"]["turn"] += 5  # the cached state edited: the moves say otherwise
    path.write_text(json.dumps(data))
    replayed = count_replays(monkeypatch)
    (entry,) = SaveStore(store.directory).list()
    assert replayed == [path] and isinstance(entry, BrokenSave) and entry.code == "does_not_add_up"
    for garbage in ("{not json", '{"format": "boardgames_tui-checked-saves", "engines": "x", "files": {"../a": "b"}}', "[]"):
        (store.directory / CHECKED_FILE).write_text(garbage)
        replayed.clear()
        (entry,) = SaveStore(store.directory).list()
        assert replayed == [path]


def test_a_state_edited_with_a_matching_index_entry_still_opens_only_after_a_replay(tmp_path: Path) -> None:
    """Whoever can write both files can make the list show anything; the game opened is still replayed."""
    store = SaveStore(tmp_path / "saves")
    path = hanabi_save(store, seed="4")
    store.list()
    data = json.loads(path.read_text())
    data["state"]["turn"] += 5
    path.write_text(json.dumps(data))
    index = json.loads((store.directory / CHECKED_FILE).read_text())
    index["files"][path.name] = saves_module.digest(path.read_bytes())
    (store.directory / CHECKED_FILE).write_text(json.dumps(index))
    assert isinstance(SaveStore(store.directory).load(path), BrokenSave)


# What the list shows -------------------------------------------------------------------------------------------


def row_text(entry: SavedGame) -> str:
    rows = ResumeScreen.describe(entry)
    return str(rows).replace("\n", " ")


def test_a_random_deal_number_stays_secret_until_the_game_is_over(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "saves")
    random_deal = hanabi_save(store)
    typed_deal = hanabi_save(store, seed="424242")
    entries = {entry.path: entry for entry in SaveStore(store.directory).list()}
    secret = entries[random_deal]
    assert isinstance(secret, SavedGame)
    assert secret.save.seed not in row_text(secret) and "deal" not in row_text(secret)
    assert "deal 424242" in row_text(entries[typed_deal])  # type: ignore[arg-type]
    finished = secret.save.model_copy(update={"finished": True})
    assert f"deal {secret.save.seed}" in row_text(SavedGame(secret.path, finished, secret.state))


def test_a_file_name_with_a_line_break_or_an_escape_stays_one_row() -> None:
    assert file_name(Path("a\nb.json")) == "a\\nb.json"
    assert file_name(Path("x\x1b[2J.json")) == "x\\x1b[2J.json"
    assert file_name(Path("普通.json")) == "普通.json"


def test_the_names_file_offers_only_names_setup_would_take(tmp_path: Path) -> None:
    path = tmp_path / "recent_players.json"
    path.write_text(json.dumps({"players": ["\u200d", "   ", "Ana", "ana", " Ben", "Cy\n", "x" * 17, "Dev"]}))
    assert load_recent_names(path) == ["Ana", "Dev"]


@pytest.mark.parametrize("game_id", sorted(__import__("boardgames_tui.engine.registry", fromlist=["GAMES"]).GAMES))
def test_the_game_a_listed_file_keeps_is_the_game_its_moves_make(tmp_path: Path, game_id: str, monkeypatch) -> None:
    """The list shows a file it found whole from the state the file keeps: for every game that state reads
    back as exactly the state a replay builds."""
    import random

    store = SaveStore(tmp_path / "saves")
    rules = get_game(game_id).rules()
    players = [f"P{n}" for n in range(rules.min_players)]
    session = HotseatSession.new(game_id, players, rules.Options(), store, seed="7")
    chooser = random.Random(7)
    for _ in range(30):
        seat = session.acting_seat()
        if seat is None:
            break
        session.apply(seat, chooser.choice(session.view(seat).legal_actions))
    store.flush()
    store.list()
    replayed = count_replays(monkeypatch)
    (listed,) = SaveStore(store.directory).list()
    assert replayed == [] and isinstance(listed, SavedGame)
    opened = SaveStore(store.directory).load(session.save_path)
    assert isinstance(opened, SavedGame) and replayed == [session.save_path]
    assert listed.state == opened.state and listed.save.finished == opened.save.finished


def test_a_note_of_zero_width_joiners_typed_in_the_app_is_an_empty_note(tmp_path: Path) -> None:
    """What the saves refuse the session never writes: an invisible note removes the note, and the game
    still opens."""
    store = SaveStore(tmp_path / "saves")
    session = HotseatSession.new("hanabi", ["Ana", "Ben"], HanabiOptions(), store, seed="4")
    session.write_note(0, 1, 0, "5?")
    assert session.notes_for(0) == {(1, 0): "5?"}
    session.write_note(0, 1, 0, "\u200d\u200d\u200d")
    assert session.notes_for(0) == {}
    store.flush()
    assert isinstance(SaveStore(store.directory).load(session.save_path), SavedGame)
