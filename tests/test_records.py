"""Game records: `boardgames export` (json, text, hanablive) and `boardgames import`.

Games are played with seeded random legal moves through the session, saved by the store, and read back as
the command line reads them."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui import __main__ as entry
from boardgames_tui.engine.hanabi.config import config, hand_size
from boardgames_tui.engine.hanabi.models import HanabiOptions
from boardgames_tui.engine.notes import cards_in_hands
from boardgames_tui.engine.registry import GAMES, get_game
from boardgames_tui.engine.saves import (
    MAX_SAVE_BYTES,
    SCHEMA_VERSION,
    STATE_VERSION,
    RecordedAction,
    SavedGame,
    SaveFile,
    SaveStore,
    now_iso,
)
from boardgames_tui.records import (
    RECORD_FORMAT,
    SEAT_RECORD_FORMAT,
    RecordError,
    export_hanablive,
    export_json,
    export_text,
    find_save,
    import_record,
)
from boardgames_tui.narration import narrator_for
from tests.resamplers import table_size

NAMES = ("Ana", "Ben", "Chloé", "Dev", "Emi")
# Kinds that move a game on: picked most of the time when offered, so random games end in a few hundred moves.
FORWARD = {"draw", "end_turn"}


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's saves and settings folders (the command line finds them through the environment)."""
    monkeypatch.setenv("BOARDGAMES_TUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BOARDGAMES_TUI_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


@pytest.fixture
def store(folders: Path) -> SaveStore:
    return SaveStore()


def play(
    store: SaveStore,
    game: str,
    seed: str = "7",
    options: Any = None,
    moves: int | None = None,
    players: int | None = None,
    computers: tuple[str | None, ...] = (),
) -> SavedGame:
    """A game of seeded random legal moves (all of them, or the first `moves`), saved once as the session
    saves it and loaded back through the store."""
    rules = get_game(game).rules()
    count = players or table_size(game)
    options = options or rules.Options()
    names = NAMES[:count]
    state = rules.setup(names, options, seed)
    rng = random.Random(seed)
    actions: list[RecordedAction] = []
    while rules.outcome(state) is None and (moves is None or len(actions) < moves):
        seat = min(rules.to_act(state))
        legal = list(rules.legal_actions(state, seat))
        forward = [action for action in legal if action.kind in FORWARD]
        action = rng.choice(forward if forward and rng.random() < 0.9 else legal)
        state = rules.apply(state, seat, action)
        actions.append(RecordedAction(seat=seat, action=rules.dump_action(action)))
    stamp = now_iso()
    save = SaveFile(
        schema_version=SCHEMA_VERSION,
        save_id=store.unused_save_id(),
        game_id=game,
        players=names,
        options=options.model_dump(mode="json"),
        seed=seed,
        actions=tuple(actions),
        state=state.model_dump(mode="json"),
        created_at=stamp,
        updated_at=stamp,
        computers=computers,
        state_version=STATE_VERSION,
    )
    loaded = store.load(store.write(save))
    assert isinstance(loaded, SavedGame), loaded
    return loaded


def save_files(store: SaveStore) -> list[str]:
    return sorted(path.name for path in store.directory.glob("*")) if store.directory.exists() else []


# json: export, import, export again -------------------------------------------------------------------------


@pytest.mark.parametrize("finished", [True, False], ids=["finished", "unfinished"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_json_record_imports_as_a_save_that_replays_identically(store: SaveStore, game: str, finished: bool) -> None:
    saved = play(store, game, moves=None if finished else 9)
    assert saved.save.finished is finished
    # A game in play leaves whole only when asked for (`export --full`); a finished one always does.
    record = export_json(saved, full=not finished)
    if not finished:
        assert json.loads(export_json(saved))["format"] == SEAT_RECORD_FORMAT
    data = json.loads(record)
    assert data["format"] == RECORD_FORMAT and data["version"] == 1 and data["game"] == game
    assert data["deal"] == "7" and data["players"] == list(saved.save.players)
    assert "notes" not in data
    path = import_record(record, store, "game.json")
    assert path.parent == store.directory and path.stem != saved.save.save_id
    again = store.load(path)
    assert isinstance(again, SavedGame), again
    assert again.state == saved.state  # the final state is the original's
    assert again.save.finished is finished
    assert export_json(again, full=True) == record  # same deal, players, options and actions


def test_computers_and_options_survive_the_round_trip(store: SaveStore) -> None:
    options = HanabiOptions(sixth_suit="tricky", allow_empty_clues=True)
    saved = play(store, "hanabi", options=options, moves=12, players=2, computers=("easy", None))
    record = json.loads(export_json(saved, full=True))
    assert record["computers"] == ["easy", None]
    assert record["options"]["sixth_suit"] == "tricky"
    again = store.load(import_record(json.dumps(record), store))
    assert isinstance(again, SavedGame)
    assert again.save.computers == ("easy", None)
    assert again.save.options == saved.save.options
    assert again.state == saved.state


def test_an_imported_record_never_replaces_a_save(store: SaveStore) -> None:
    saved = play(store, "splendor_duel", moves=5)
    record = export_json(saved, full=True)
    first = import_record(record, store)
    second = import_record(record, store)
    assert len({first, second, store.path_for(saved.save.save_id)}) == 3
    assert len([name for name in save_files(store) if name.endswith(".json")]) == 3


# Hostile record files ---------------------------------------------------------------------------------------


def hanabi_record(store: SaveStore) -> dict[str, Any]:
    return json.loads(export_json(play(store, "hanabi", moves=6), full=True))


def hostile_records(good: dict[str, Any]) -> dict[str, str]:
    """Record texts that must be refused, by what is wrong with them."""

    def changed(**fields: Any) -> str:
        return json.dumps({**good, **fields})

    illegal = [dict(entry) for entry in good["actions"]]
    illegal[2] = {"seat": illegal[2]["seat"], "action": {"kind": "play", "slot": 7}}
    wrong_turn = [dict(entry) for entry in good["actions"]]
    wrong_turn[0] = {"seat": 1, "action": wrong_turn[0]["action"]}
    deep: Any = 1
    for _ in range(100):
        deep = [deep]
    return {
        "not json": "this is not a record {",
        "not an object": "[1, 2, 3]",
        "a save, not a record": json.dumps({"schema_version": 1, "game_id": "hanabi"}),
        "another format": changed(format="something-else"),
        "a later version": changed(version=2),
        "huge": json.dumps({**good, "deal": "x" * (MAX_SAVE_BYTES + 10)}),
        "deep": changed(options={"deep": deep}),
        "duplicate key": '{"format": "boardgames_tui-record", "format": "boardgames_tui-record"}',
        "huge number": changed(version=10**40),
        "NaN": changed(version=1).replace('"version": 1', '"version": NaN'),
        "unknown game": changed(game="chess"),
        "path-like game": changed(game="../../hanabi"),
        "path-like save id": changed(save_id="../../../tmp/owned"),
        "missing deal": json.dumps({key: value for key, value in good.items() if key != "deal"}),
        "illegal move": changed(actions=illegal),
        "a move out of turn": changed(actions=wrong_turn),
        "a seat that does not exist": changed(actions=[{"seat": 7, "action": good["actions"][0]["action"]}]),
        "a damaged move": changed(actions=[{"seat": 0, "action": {"kind": "fly"}}]),
        "control characters in a name": changed(players=["Ana\x1b[31m", "Ben", "Chloé"]),
        "a name setup refuses": changed(players=["Ana ", "Ben", "Chloé"]),
        "a NUL in a name": changed(players=["Ana\x00", "Ben", "Chloé"]),
        "too many players": changed(players=["A", "B", "C", "D", "E", "F"], computers=[None] * 6),
        "bad options": changed(options={**good["options"], "sixth_suit": "seventh"}),
        "an unknown option": changed(options={**good["options"], "cheat": True}),
        "an unknown computer": changed(computers=["godlike", None, None]),
        "computers that do not fit": changed(computers=["easy"]),
        "notes that do not fit": changed(notes=[{"3": "hi"}]),
        "a bad note key": changed(notes=[{"../x": "hi"}, {}, {}]),
        "an invisible name": changed(players=["Ana", "\u200d", "Chloé"]),
        "a blank name": changed(players=["Ana", "   ", "Chloé"]),
        "the same name twice, in other case": changed(players=["Ana", "ana", "Chloé"]),
        "every seat a computer": changed(computers=["easy", "easy", "hard"]),
        "a level setup never offers": changed(computers=[None, "random", None]),
        "a note of zero-width joiners": changed(notes=[{"3": "\u200d\u200d\u200d"}, {}, {}]),
        "a seat true": changed(actions=[{"seat": True, "action": good["actions"][0]["action"]}]),
        "a version 1.0": changed(version=1.0),
        "an escape sequence in a key": changed(**{"\x1b]0;owned\x07": 1}),
        "an escape sequence in an option's name": changed(options={**good["options"], "\x1b[2J": True}),
    }


def test_hostile_records_are_refused_with_a_reason_and_write_nothing(store: SaveStore) -> None:
    good = hanabi_record(store)
    before = save_files(store)
    for what, text in hostile_records(good).items():
        with pytest.raises(RecordError) as refused:
            import_record(text, store, "bad.json")
        message = refused.value.message
        assert message.startswith("bad.json "), (what, message)
        assert "Traceback" not in message and "\x1b" not in message and "\x00" not in message, what
        assert save_files(store) == before, what
    assert not list(Path(os.sep, "tmp").glob("owned*"))


def test_the_reasons_name_what_is_wrong(store: SaveStore) -> None:
    good = hanabi_record(store)
    texts = hostile_records(good)

    def reason(what: str) -> str:
        with pytest.raises(RecordError) as refused:
            import_record(texts[what], store, "bad.json")
        return refused.value.message

    assert "not valid JSON" in reason("not json")
    assert "not a boardgames_tui game record" in reason("a save, not a record")
    assert "too large" in reason("huge")
    assert "nested more than" in reason("deep")
    assert "appears twice" in reason("duplicate key")
    assert "game this version does not have" in reason("unknown game")
    assert "move the rules do not allow (move 3" in reason("illegal move")
    assert "control characters" in reason("control characters in a name")
    assert "starts or ends with a space" in reason("a name setup refuses")  # as the saves list would say
    assert "not expected here" in reason("path-like save id")
    assert "no visible name" in reason("an invisible name") and "no visible name" in reason("a blank name")
    assert "two players are called" in reason("the same name twice, in other case")
    assert "at least one person" in reason("every seat a computer")
    assert "cannot seat: random" in reason("a level setup never offers")
    assert "nothing visible" in reason("a note of zero-width joiners")
    assert "of the wrong kind" in reason("a seat true")
    assert "version '1.0'" in reason("a version 1.0")


def test_files_that_are_not_records_are_refused_on_the_command_line(folders: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = SaveStore()
    good = folders / "good.json"
    good.write_text(export_json(play(store, "luz", moves=4), full=True), encoding="utf-8")
    before = save_files(store)
    link = folders / "link.json"
    link.symlink_to(good)
    folder = folders / "folder.json"
    folder.mkdir()
    binary = folders / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    big = folders / "big.json"
    with big.open("wb") as handle:
        handle.truncate(MAX_SAVE_BYTES + 1)
    fifo = folders / "fifo.json"
    os.mkfifo(fifo)
    for path, words in (
        (link, "is a link"),
        (folder, "not a regular file"),
        (binary, "not a text file"),
        (big, "too large"),
        (fifo, "not a regular file"),
    ):
        with pytest.raises(SystemExit) as exit_info:
            entry.main(["import", str(path)])
        assert exit_info.value.code == 1
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err, (path, err)
    with pytest.raises(SystemExit) as exit_info:
        entry.main(["import", str(folders / "missing.json")])
    assert exit_info.value.code == 2
    assert "There is no file" in capsys.readouterr().err
    assert save_files(store) == before


# text -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_text_record_narrates_every_move_and_the_result(store: SaveStore, game: str) -> None:
    saved = play(store, game)
    text = export_text(saved)
    rules = get_game(game).rules()
    narrator = narrator_for(game, saved.save.players)
    assert text.startswith(narrator.title)
    assert "Deal number: 7" in text
    for name in saved.save.players:
        assert name in text
    body = text.split("Moves:\n", 1)[1]
    position = 0
    from boardgames_tui.narration.replay import revealed_event

    # A finished game's record tells everything, in order (Luz: each card of each trick, not only its winner).
    for line in narrator.events(tuple(revealed_event(entry) for entry in rules.log(saved.state))):
        found = body.find(line, position)
        assert found >= 0, line
        position = found + len(line)
    outcome = rules.outcome(saved.state)
    assert outcome is not None
    assert "Result: " + narrator.say(outcome.headline) in text


def test_an_unfinished_text_record_says_where_the_game_stands(store: SaveStore) -> None:
    saved = play(store, "hanabi", moves=3)
    text = export_text(saved)
    assert "Not finished: " in text and "Result:" not in text
    # Told as the table saw it, without move numbers (they would count a seat's private steps too) and
    # without the deal number.
    told = text.split("What the whole table has seen so far:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    narrator = narrator_for("hanabi", saved.save.players)
    assert told == ["  " + line for line in narrator.events(get_game("hanabi").rules().log_for(saved.state, None))]
    assert len(told) == 3 and "Deal number: hidden until the game is over" in text and "Deal number: 7" not in text
    whole = export_text(saved, full=True)
    numbered = [line for line in whole.splitlines() if line.strip()[:2] in ("1.", "2.", "3.")]
    assert len(numbered) == 3 and "Deal number: 7" in whole


def test_the_text_record_is_in_the_players_language(store: SaveStore, in_chinese: None) -> None:
    saved = play(store, "splendor_duel", moves=6)
    text = export_text(saved)
    narrator = narrator_for("splendor_duel", saved.save.players)
    assert text.startswith(narrator.title) and narrator.title != "Splendor Duel"


# Private notes ----------------------------------------------------------------------------------------------


def with_notes(store: SaveStore, saved: SavedGame, notes: tuple[dict[str, str], ...]) -> SavedGame:
    path = store.write(saved.save.model_copy(update={"notes": notes}))
    loaded = store.load(path)
    assert isinstance(loaded, SavedGame)
    return loaded


def test_notes_are_exported_only_for_the_seat_asked_for(store: SaveStore) -> None:
    saved = play(store, "hanabi", moves=None)
    # Notes on cards still in hands (a save keeps no other), by card id as a save keeps them.
    ids = sorted(cards_in_hands(saved.state).values())
    one, three, twelve = (str(card) for card in ids[:3])
    secrets = ({one: "Ana thinks red"}, {three: "Ben chop", twelve: "Ben finesse"}, {})
    saved = with_notes(store, saved, secrets)
    for writer in (export_json, export_text, export_hanablive):
        plain = writer(saved)
        assert "Ana thinks" not in plain and "Ben chop" not in plain and "finesse" not in plain
        for_ben = writer(saved, 1)
        assert "Ben chop" in for_ben and "Ben finesse" in for_ben
        assert "Ana thinks" not in for_ben
    record = json.loads(export_json(saved, 1))
    assert record["notes"] == [{}, {three: "Ben chop", twelve: "Ben finesse"}, {}]
    again = store.load(import_record(json.dumps(record), store))
    assert isinstance(again, SavedGame)
    assert again.save.notes == ({}, {three: "Ben chop", twelve: "Ben finesse"}, {})
    live = json.loads(export_hanablive(saved, 1))
    assert live["notes"][0] == [] and live["notes"][2] == []
    assert sorted(note for note in live["notes"][1] if note) == ["Ben chop", "Ben finesse"]
    with pytest.raises(RecordError) as refused:
        export_json(saved, 3)
    assert refused.value.exit_code == 2 and "no seat 4" in refused.value.message


# hanab.live -------------------------------------------------------------------------------------------------

# The game JSON hanab.live reads, from misc/example_game_with_comments.jsonc in the hanabi-live repository.
HANABLIVE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["players", "deck", "actions"],
    "properties": {
        "players": {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 6},
        "deck": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["suitIndex", "rank"],
                "properties": {"suitIndex": {"type": "integer", "minimum": 0}, "rank": {"type": "integer", "minimum": 1, "maximum": 5}},
                "additionalProperties": False,
            },
        },
        "actions": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["type", "target"],
                "properties": {
                    "type": {"type": "integer", "enum": [0, 1, 2, 3, 4]},
                    "target": {"type": "integer", "minimum": 0},
                    "value": {"type": "integer", "minimum": 0},
                },
                "additionalProperties": False,
            },
        },
        "options": {
            "type": "object",
            "properties": {
                "variant": {"type": "string"},
                "emptyClues": {"type": "boolean"},
                "oneExtraCard": {"type": "boolean"},
                "oneLessCard": {"type": "boolean"},
            },
            "additionalProperties": False,
        },
        "notes": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
    },
    "additionalProperties": False,
}


def validate(value: Any, schema: dict[str, Any], where: str = "$") -> None:
    """A small JSON-schema check (the keywords HANABLIVE_SCHEMA uses)."""
    kind = schema.get("type")
    types = {"object": dict, "array": list, "string": str, "boolean": bool}
    if kind == "integer":
        assert isinstance(value, int) and not isinstance(value, bool), where
    elif kind is not None:
        assert isinstance(value, types[kind]), where
    if "enum" in schema:
        assert value in schema["enum"], where
    if "minimum" in schema:
        assert value >= schema["minimum"], where
    if "maximum" in schema:
        assert value <= schema["maximum"], where
    if kind == "array":
        assert len(value) >= schema.get("minItems", 0) and len(value) <= schema.get("maxItems", len(value)), where
        for index, item in enumerate(value):
            validate(item, schema.get("items", {}), f"{where}[{index}]")
    if kind == "object":
        for key in schema.get("required", ()):
            assert key in value, f"{where}.{key} missing"
        properties = schema.get("properties", {})
        for key, item in value.items():
            if key in properties:
                validate(item, properties[key], f"{where}.{key}")
            else:
                assert schema.get("additionalProperties", True), f"{where}.{key} not allowed"


# hanab.live's variants as this test knows them: suits (with whether a colour clue names each, whether it is
# one of each rank, whether it is played down from 5) and the clue colours, in order.
BASE = [("R", "normal"), ("Y", "normal"), ("G", "normal"), ("B", "normal"), ("P", "normal")]
BASE_COLOURS = ["R", "Y", "G", "B", "P"]
# suit kinds: "normal", "dark" (one of each), "rainbow" (touched by every colour), "white reversed" (touched
# by no colour, played down from 5)
LIVE_VARIANTS: dict[str, tuple[list[tuple[str, str]], list[str]]] = {
    "No Variant": (BASE, BASE_COLOURS),
    "6 Suits": ([*BASE, ("T", "normal")], [*BASE_COLOURS, "T"]),
    "Black (6 Suits)": ([*BASE, ("K", "dark")], [*BASE_COLOURS, "K"]),
    "Rainbow (6 Suits)": ([*BASE, ("M", "rainbow")], BASE_COLOURS),
    "White Reversed (6 Suits)": ([*BASE, ("W", "white reversed")], BASE_COLOURS),
}
COPIES = {"normal": [3, 2, 2, 2, 1], "rainbow": [3, 2, 2, 2, 1], "dark": [1, 1, 1, 1, 1], "white reversed": [1, 2, 2, 2, 3]}


def live_replay(game: dict[str, Any]) -> tuple[list[int], int, int, list[int]]:
    """Play a hanab.live game JSON by hanab.live's rules, independently of our engine: deal each player a
    whole hand in turn, draw by deck order, clues by player and colour index. Returns the number of cards
    on each pile, the clue tokens, the misfires, and the place from the left (newest card first) of every
    card played or discarded; fails on anything hanab.live would refuse."""
    suits, colours = LIVE_VARIANTS[game["options"]["variant"]]
    deck = game["deck"]
    # The deck is exactly the variant's cards.
    wanted = sorted((s, rank) for s, (_name, kind) in enumerate(suits) for rank in range(1, 6) for _ in range(COPIES[kind][rank - 1]))
    assert sorted((card["suitIndex"], card["rank"]) for card in deck) == wanted
    players = len(game["players"])
    size = {2: 5, 3: 5, 4: 4, 5: 4}[players] + game["options"].get("oneExtraCard", 0) - game["options"].get("oneLessCard", 0)
    hands = [list(range(p * size, (p + 1) * size)) for p in range(players)]  # oldest first
    drawn = players * size
    piles = [0] * len(suits)
    clues, misfires, current = 8, 0, 0
    turns_left: int | None = None
    places: list[int] = []
    for action in game["actions"]:
        assert misfires < 3 and (turns_left is None or turns_left > 0), "a move after the end"
        kind, target = action["type"], action["target"]
        if kind in (0, 1):
            assert target in hands[current], "a card not in the player's hand"
            places.append(len(hands[current]) - 1 - hands[current].index(target))
            hands[current].remove(target)
            suit, rank = deck[target]["suitIndex"], deck[target]["rank"]
            reversed_suit = suits[suit][1] == "white reversed"
            needed = 5 - piles[suit] if reversed_suit else piles[suit] + 1
            if kind == 1:
                assert clues < 8, "a discard at eight clues"
                clues += 1
            elif rank == needed and piles[suit] < 5:
                piles[suit] += 1
                if piles[suit] == 5 and clues < 8:
                    clues += 1
            else:
                misfires += 1
            if drawn < len(deck):
                hands[current].append(drawn)
                drawn += 1
                if drawn == len(deck):
                    turns_left = players + 1
        else:
            assert clues > 0 and target != current and 0 <= target < players
            clues -= 1
            if kind == 2:
                colour = colours[action["value"]]

                def touched(order: int) -> bool:
                    name, suit_kind = suits[deck[order]["suitIndex"]]
                    return suit_kind == "rainbow" or (suit_kind != "white reversed" and name == colour)

            else:

                def touched(order: int) -> bool:
                    return deck[order]["rank"] == action["value"]

            assert game["options"].get("emptyClues") or any(touched(order) for order in hands[target]), "an empty clue"
        if turns_left is not None:
            turns_left -= 1
        current = (current + 1) % players
        if all(p == 5 for p in piles):
            turns_left = 0
    return piles, clues, misfires, places


SUPPORTED = [
    (HanabiOptions(), "No Variant"),
    (HanabiOptions(sixth_suit="tricky"), "6 Suits"),
    (HanabiOptions(sixth_suit="difficult"), "Black (6 Suits)"),
    (HanabiOptions(sixth_suit="avalanche"), "Rainbow (6 Suits)"),
    (HanabiOptions(black_powder=True), "White Reversed (6 Suits)"),
    (HanabiOptions(sixth_suit="avalanche", allow_empty_clues=True, hand_size="unofficial"), "Rainbow (6 Suits)"),
]


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize(("options", "variant"), SUPPORTED, ids=[f"{o.sixth_suit}-{o.black_powder}-{o.hand_size}" for o, _v in SUPPORTED])
def test_hanablive_records_fit_the_schema_and_replay_there_as_here(
    store: SaveStore, options: HanabiOptions, variant: str, players: int
) -> None:
    for seed in ("1", "2"):
        saved = play(store, "hanabi", seed=seed, options=options, players=players)
        game = json.loads(export_hanablive(saved))
        validate(game, HANABLIVE_SCHEMA)
        assert game["options"]["variant"] == variant
        assert game["players"] == list(saved.save.players)
        assert len(game["actions"]) == len(saved.save.actions)
        assert game["options"].get("emptyClues", False) is options.allow_empty_clues
        extra = hand_size(options, players) - {2: 5, 3: 5, 4: 4, 5: 4}[players]
        assert game["options"].get("oneExtraCard", False) is (extra == 1)
        assert game["options"].get("oneLessCard", False) is (extra == -1)
        piles, clues, misfires, places = live_replay(game)
        state = saved.state
        assert piles == list(state.piles) and clues == state.clue_tokens and misfires == state.misfires
        # Each card leaves from the same place in the hand there as here (slot 0 = the left, the newest).
        assert places == [move.action["slot"] for move in saved.save.actions if move.action["kind"] in ("play", "discard")]
        assert len(game["deck"]) == len(config(options).deck)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (HanabiOptions(five_flamboyants=True), "five flamboyants"),
        (HanabiOptions(sixth_suit="tricky", black_powder=True), "seven piles"),
        (HanabiOptions(sixth_suit="avalanche", black_powder=True, five_flamboyants=True), "five flamboyants"),
    ],
)
def test_options_hanablive_has_no_rule_for_are_refused(store: SaveStore, options: HanabiOptions, words: str) -> None:
    saved = play(store, "hanabi", options=options, moves=None)
    with pytest.raises(RecordError) as refused:
        export_hanablive(saved)
    assert refused.value.exit_code == 2
    assert "cannot be written for hanab.live" in refused.value.message and words in refused.value.message


def test_only_hanabi_goes_to_hanablive(store: SaveStore) -> None:
    with pytest.raises(RecordError) as refused:
        export_hanablive(play(store, "luz", moves=3))
    assert refused.value.exit_code == 2 and "Only Hanabi" in refused.value.message


# The command line -------------------------------------------------------------------------------------------


def test_export_and_import_on_the_command_line(store: SaveStore, folders: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = play(store, "hanabi", options=HanabiOptions(sixth_suit="difficult"))
    save_id = saved.save.save_id
    entry.main(["export", save_id])
    record = capsys.readouterr().out
    assert record == export_json(saved)
    entry.main(["export", str(saved.path), "--format", "text"])  # a path works as well as an id
    assert capsys.readouterr().out == export_text(saved)
    entry.main(["export", save_id, "--format", "hanablive", "--seat", "2"])
    assert json.loads(capsys.readouterr().out)["options"]["variant"] == "Black (6 Suits)"
    file = folders / "record.json"
    file.write_text(record, encoding="utf-8")
    entry.main(["import", str(file)])
    err = capsys.readouterr().err
    assert "Imported as save" in err
    imported = [path for path in store.directory.glob("*.json") if path.stem != save_id]
    assert len(imported) == 1 and imported[0].stem in err
    entry.main(["export", imported[0].stem])
    assert capsys.readouterr().out == record


def test_the_command_line_refuses_clearly_with_exit_codes(store: SaveStore, capsys: pytest.CaptureFixture[str]) -> None:
    flamboyant = play(store, "hanabi", options=HanabiOptions(five_flamboyants=True), moves=None)
    cases = [
        (["export", "no-such-save"], 2, "There is no save no-such-save"),
        (["export", flamboyant.save.save_id, "--format", "hanablive"], 2, "five flamboyants"),
        (["export", flamboyant.save.save_id, "--seat", "4"], 2, "There is no seat 4"),
        (["export", flamboyant.save.save_id, "--seat", "0"], 2, "is not a seat number"),
        (["export", flamboyant.save.save_id, "--format", "pdf"], 2, "invalid choice"),
    ]
    for argv, code, words in cases:
        with pytest.raises(SystemExit) as exit_info:
            entry.main(argv)
        assert exit_info.value.code == code, argv
        captured = capsys.readouterr()
        assert words in captured.err and captured.out == "" and "Traceback" not in captured.err, argv


def test_a_broken_save_is_refused_with_its_reason(store: SaveStore, folders: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = folders / "broken.json"
    broken.write_text('{"schema_version": 1, "game_id": "hanabi"', encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        entry.main(["export", str(broken)])
    assert exit_info.value.code == 1
    assert "broken.json is not valid JSON" in capsys.readouterr().err
    with pytest.raises(RecordError):
        find_save(str(folders / "nothing.json"), store)


def test_the_commands_speak_the_players_language(store: SaveStore, capsys: pytest.CaptureFixture[str]) -> None:
    saved = play(store, "luz", moves=3)
    entry.main(["--lang", "zh", "export", saved.save.save_id, "--format", "text"])
    out = capsys.readouterr().out
    assert out.startswith(narrator_for("luz", ()).title)  # the title in Chinese: the language is set for the run
    assert "Luz" not in out.splitlines()[0]
    entry.main(["export", saved.save.save_id, "--format", "text", "--lang", "en"])  # --lang after the command
    assert capsys.readouterr().out.startswith("Luz")
    with pytest.raises(SystemExit) as exit_info:
        entry.main(["--help"])
    assert exit_info.value.code == 0
    help_text = capsys.readouterr().out
    assert "export" in help_text and "import" in help_text and "--lang" in help_text
    with pytest.raises(SystemExit) as exit_info:
        entry.main(["export", "--help"])
    assert exit_info.value.code == 0
    assert "--seat" in capsys.readouterr().out


def test_records_load_no_ui_toolkit(store: SaveStore) -> None:
    saved = play(store, "hanabi", moves=None)
    code = (
        "import sys\n"
        "from boardgames_tui.__main__ import main\n"
        f"main(['export', {saved.save.save_id!r}, '--format', 'text'])\n"
        "main(['export', " + repr(saved.save.save_id) + ", '--format', 'hanablive'])\n"
        "loaded = sorted(n for n in sys.modules if n.split('.')[0] in ('textual', 'rich'))\n"
        "print('LOADED', ','.join(loaded), file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=os.environ.copy())
    assert "LOADED \n" in result.stderr or result.stderr.rstrip().endswith("LOADED"), result.stderr
    assert "Hanabi" in result.stdout


def test_a_hanablive_record_of_a_game_in_play_is_refused(store: SaveStore, capsys: pytest.CaptureFixture[str]) -> None:
    saved = play(store, "hanabi", moves=4)
    with pytest.raises(SystemExit) as exit_info:
        entry.main(["export", saved.save.save_id, "--format", "hanablive"])
    captured = capsys.readouterr()
    assert exit_info.value.code == 2 and "not finished" in captured.err and captured.out == ""
    entry.main(["export", saved.save.save_id])  # its json record: what the public table may know
    captured = capsys.readouterr()
    assert captured.err == "" and json.loads(captured.out)["format"] == SEAT_RECORD_FORMAT


def test_an_unexpected_failure_is_reported_without_a_traceback(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = play(store, "luz", moves=2)

    def broken(*_args: Any) -> str:
        raise RuntimeError("boom")

    monkeypatch.setattr("boardgames_tui.records.export_json", broken)
    with pytest.raises(SystemExit) as exit_info:
        entry.main(["export", saved.save.save_id])
    assert exit_info.value.code == 1
    captured = capsys.readouterr()
    assert "Something unexpected went wrong (RuntimeError)" in captured.err
    assert "Traceback" not in captured.err and captured.out == ""
