"""A game still being played leaves the program only as one viewpoint may know it.

`boardgames export` of an unfinished game writes what one seat (or the public table) may know, and nothing
else: the proof is by resampling. Whatever that viewpoint cannot see (its own Hanabi cards, the other racks,
the decks, the others' Loves and Hates …) is dealt again at random, the save's deal number and moves are
thrown away, and the export must come out identical. Then the leaks this replaced, one by one, and the
whole record (`--full`) that moves a game to another computer."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui import __main__ as entry
from boardgames_tui import records
from boardgames_tui.engine.base import Event, event
from boardgames_tui.engine.notes import cards_in_hands, notes_by_place
from boardgames_tui.engine.registry import GAMES, get_game
from boardgames_tui.engine.saves import (
    SCHEMA_VERSION,
    STATE_VERSION,
    BrokenSave,
    RecordedAction,
    SavedGame,
    SaveFile,
    SaveStore,
    now_iso,
)
from boardgames_tui.records import SEAT_RECORD_FORMAT, RecordError, export_json, export_text, import_record
from boardgames_tui.narration.save_problems import describe_problem
from tests.resamplers import RESAMPLE, table_size
from tests.test_records import NAMES, folders, store  # noqa: F401 - the same names and folders

# How many seeded random moves lead to the tested positions of every game (early and later in the game).
DEPTHS = (5, 11)
DEAL = "918273645"  # a deal number no export of a game in play may show
RESAMPLES = 3


def saved_game(
    store: SaveStore,
    game: str,
    actions: list[RecordedAction],
    state: Any,
    seed: str = DEAL,
    notes: tuple[dict[str, str], ...] = (),
) -> SavedGame:
    """The game as the session saves it, loaded back through the store (which replays and checks it)."""
    rules = get_game(game).rules()
    stamp = now_iso()
    save = SaveFile(
        schema_version=SCHEMA_VERSION,
        save_id=store.unused_save_id(),
        game_id=game,
        players=rules.players(state),
        options=rules.Options().model_dump(mode="json"),
        seed=seed,
        actions=tuple(actions),
        state=state.model_dump(mode="json"),
        created_at=stamp,
        updated_at=stamp,
        state_version=STATE_VERSION,
        notes=notes,
    )
    loaded = store.load(store.write(save))
    assert isinstance(loaded, SavedGame), loaded
    return loaded


def random_game(game: str, moves: int, seed: int, choose: Callable[[list[Any], random.Random], Any] | None = None) -> tuple[Any, list[RecordedAction]]:
    """The state after `moves` seeded random legal moves (fewer if the game ends first), and the moves."""
    rules = get_game(game).rules()
    state = rules.setup(NAMES[: table_size(game)], rules.Options(), DEAL)
    rng = random.Random(seed)
    actions: list[RecordedAction] = []
    while rules.outcome(state) is None and len(actions) < moves:
        seat = min(rules.to_act(state))
        legal = list(rules.legal_actions(state, seat))
        action = choose(legal, rng) if choose is not None else rng.choice(legal)
        state = rules.apply(state, seat, action)
        actions.append(RecordedAction(seat=seat, action=rules.dump_action(action)))
    return state, actions


def hanabi_notes(state: Any) -> tuple[dict[str, str], ...]:
    """Per seat, a note on its own first card and one on the next seat's last card, kept by card id as a
    save keeps them."""
    ids = cards_in_hands(state)
    seats = len(state.players)
    notes = []
    for seat in range(seats):
        other = (seat + 1) % seats
        last = max(slot for hand, slot in ids if hand == other)
        notes.append({str(ids[(seat, 0)]): f"own {seat}", str(ids[(other, last)]): f"on {other} by {seat}"})
    return tuple(notes)


def positions(store: SaveStore, game: str) -> Iterator[SavedGame]:
    """Saves of the game in play at a few depths, with card notes where the game has them."""
    for depth in DEPTHS:
        state, actions = random_game(game, depth, seed=depth)
        assert get_game(game).rules().outcome(state) is None, (game, depth)
        notes = hanabi_notes(state) if game == "hanabi" else ()
        yield saved_game(store, game, actions, state, notes=notes)


def scrambled_log(log: tuple[Event, ...], viewpoint: int | None, rng: random.Random) -> tuple[Event, ...]:
    """The log with what `viewpoint` may not read of it made up: the arguments of the events kept for
    another seat, and the secret arguments of the other seats (the resamplers leave the log alone)."""

    def made_up() -> dict[str, Any]:
        return {"made_up": rng.randrange(1 << 30)}

    changed = []
    for entry in log:
        args = entry.args if entry.only in (None, viewpoint) else made_up()
        secret = tuple((owner, extra if owner == viewpoint else made_up()) for owner, extra in entry.secret)
        changed.append(event(entry.kind, only=entry.only, secret=secret, **args))
    return tuple(changed)


def resampled(saved: SavedGame, viewpoint: int | None, rng: random.Random) -> SavedGame:
    """The same game as `viewpoint` knows it, with everything it cannot know dealt again: the hidden cards
    resampled (for the public table, what each seat cannot see), the log's hidden parts made up, the notes
    moved with their places, and the deal number and the moves of the save thrown away (an export of a game
    in play must not read them)."""
    game = saved.save.game_id
    state = saved.state
    for seat in range(len(saved.save.players)) if viewpoint is None else (viewpoint,):
        state = RESAMPLE[game](state, seat, rng)
    state = state.model_copy(update={"log": scrambled_log(state.log, viewpoint, rng)})
    now_at = cards_in_hands(state)
    notes = tuple(
        {str(now_at[place]): note for place, note in notes_by_place(saved.state, mine).items()} for mine in saved.save.notes
    )
    save = saved.save.model_copy(update={"seed": "1", "actions": (), "state": {}, "notes": notes})
    return SavedGame(saved.path, save, state)


def exports(saved: SavedGame, viewpoint: int | None) -> tuple[str, str]:
    return export_json(saved, viewpoint), export_text(saved, viewpoint)


# The resampling proof -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_export_of_a_game_in_play_is_the_same_whatever_its_viewpoint_cannot_see(store: SaveStore, game: str) -> None:
    changed = 0
    for saved in positions(store, game):
        for viewpoint in (None, *range(len(saved.save.players))):
            first = exports(saved, viewpoint)
            rng = random.Random(f"{game}-{viewpoint}")
            for _ in range(RESAMPLES):
                other = resampled(saved, viewpoint, rng)
                changed += other.state != saved.state
                assert exports(other, viewpoint) == first, (game, viewpoint)
    assert changed, "the resamplers changed nothing: the proof proved nothing"


def test_the_proof_would_catch_a_record_that_reads_the_deal(store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The resampled save lacks what an export of a game in play must not read: an export that did read it
    differs (here, the old record, which listed the deal number and the moves)."""
    saved = next(positions(store, "rummikub"))
    monkeypatch.setattr(records, "whole_record", lambda _saved, _full: True)
    assert export_json(resampled(saved, 0, random.Random(1)), 0) != export_json(saved, 0)


# The leaks, one by one --------------------------------------------------------------------------------------


def test_a_seat_record_holds_no_deal_and_no_moves(store: SaveStore) -> None:
    for game in sorted(GAMES):
        saved = next(positions(store, game))
        for viewpoint in (None, 1):
            text = export_json(saved, viewpoint)
            record = json.loads(text)
            expected = {"format", "version", "game", "seat", "players", "computers", "options", "events", "view"}
            assert set(record) == expected | ({"notes"} if viewpoint is not None else set()), game
            assert record["format"] == SEAT_RECORD_FORMAT and record["version"] == 1 and record["seat"] == viewpoint
            assert record["game"] == game and record["players"] == list(saved.save.players)
            rules = get_game(game).rules()
            assert record["view"] == rules.view(saved.state, viewpoint).model_dump(mode="json")
            assert len(record["events"]) == len(rules.log_for(saved.state, viewpoint))
            assert DEAL not in text, (game, viewpoint)
            words = export_text(saved, viewpoint)
            assert DEAL not in words and "Deal number: hidden until the game is over" in words, (game, viewpoint)


def test_hanabi_notes_are_given_by_place_never_by_card_id(store: SaveStore) -> None:
    state, actions = random_game("hanabi", 6, seed=3)
    ids = cards_in_hands(state)
    own, on_ana = ids[(1, 2)], ids[(0, 4)]
    notes = ({}, {str(own): "mine", str(on_ana): "Ana's chop"}, {})
    saved = saved_game(store, "hanabi", actions, state, notes=notes)
    record = json.loads(export_json(saved, 1))
    assert record["notes"] == [{"hand": 0, "slot": 4, "note": "Ana's chop"}, {"hand": 1, "slot": 2, "note": "mine"}]
    text = export_text(saved, 1)
    assert "  Ana's card 5: Ana's chop\n  your card 3: mine\n" in text
    assert f"card {own}" not in text and f'"{own}"' not in json.dumps(record["notes"])
    for viewpoint in (None, 0, 2):  # a note is its writer's alone
        assert "mine" not in export_json(saved, viewpoint) and "mine" not in export_text(saved, viewpoint)


def tile_and_card_ids(value: Any, key: str = "") -> set[int]:
    """Every number a record gives as a tile or card (the `id` of a tile, a `card`, `tiles`, a `hand` …)."""
    named = {"id", "tile", "tiles", "card", "cards", "hand", "face_up", "draft", "drawn"}
    if isinstance(value, dict):
        return set().union(*(tile_and_card_ids(item, name) for name, item in value.items()))
    if isinstance(value, list):
        return set().union(*(tile_and_card_ids(item, key) for item in value))
    return {value} if key in named and isinstance(value, int) and not isinstance(value, bool) else set()


def test_rummikub_moves_on_a_hidden_rack_are_not_named(store: SaveStore) -> None:
    rules = get_game("rummikub").rules()
    state = rules.setup(NAMES[:2], rules.Options(), DEAL)
    arrange = next(action for action in rules.legal_actions(state, 0) if action.kind == "arrange_rack")
    actions = []
    for seat, action in ((0, arrange), (0, "draw"), (1, "draw")):
        action = action if not isinstance(action, str) else next(a for a in rules.legal_actions(state, seat) if a.kind == action)
        state = rules.apply(state, seat, action)
        actions.append(RecordedAction(seat=seat, action=rules.dump_action(action)))
    saved = saved_game(store, "rummikub", actions, state)
    hidden = set(state.racks[0])
    assert arrange.tile in hidden
    whole = export_json(saved, full=True)
    assert '"arrange_rack"' in whole and f'"tile": {arrange.tile}' in whole  # what the old plain export said
    for viewpoint in (None, 1):
        text = export_json(saved, viewpoint)
        assert "arrange_rack" not in text and "actions" not in json.loads(text)
        assert not tile_and_card_ids(json.loads(text)) & hidden, viewpoint
    assert hidden <= tile_and_card_ids(json.loads(export_json(saved, 0)))  # the seat's own rack is its own


def test_lifeboat_cards_drafted_in_secret_are_not_named(store: SaveStore) -> None:
    rules = get_game("lifeboat").rules()
    for seed in range(20):
        state, actions = random_game("lifeboat", 30, seed)
        drafted = [
            (move.seat, move.action["card"])
            for move in actions
            if move.action["kind"] == "take_supply" and move.action["card"] in state.hands[move.seat]
        ]
        if drafted and rules.outcome(state) is None:
            break
    else:
        pytest.fail("no game kept a drafted card in hand")
    saved = saved_game(store, "lifeboat", actions, state)
    assert '"take_supply"' in export_json(saved, full=True)
    public = export_json(saved, None)
    assert "take_supply" not in public
    assert not tile_and_card_ids(json.loads(public)) & {card for _drafter, card in drafted}
    for viewpoint in range(4):
        # The draft passes cards on, so a seat may have seen a card another kept; never the move that kept it.
        assert "take_supply" not in export_json(saved, viewpoint)


def test_a_continued_record_told_as_text_shows_no_hidden_hand(store: SaveStore) -> None:
    """The old way round: import a whole record, play on, and its text told the table's log with the deal
    number. Now a game in play is told without the deal, and Luz's played cards only as the table saw
    them."""
    state, actions = random_game("luz", 12, seed=2)
    saved = saved_game(store, "luz", actions, state)
    again = store.load(import_record(export_json(saved, full=True), store, "whole.json"))
    assert isinstance(again, SavedGame) and again.state == saved.state
    for viewpoint in (None, 0):
        assert export_text(again, viewpoint) == export_text(saved, viewpoint)
        assert DEAL not in export_text(again, viewpoint)


# --full ------------------------------------------------------------------------------------------------------

WARNING = "shows every hidden card"


def test_full_is_the_whole_record_with_a_warning_and_imports(store: SaveStore, capsys: pytest.CaptureFixture[str], folders: Path) -> None:
    state, actions = random_game("hanabi", 7, seed=4)
    saved = saved_game(store, "hanabi", actions, state)
    entry.main(["export", saved.save.save_id])
    plain = capsys.readouterr()
    assert plain.err == "" and json.loads(plain.out)["format"] == SEAT_RECORD_FORMAT
    entry.main(["export", saved.save.save_id, "--full"])
    whole = capsys.readouterr()
    assert WARNING in whole.err and "Do not show it to the players" in whole.err
    record = json.loads(whole.out)
    assert record["deal"] == DEAL and len(record["actions"]) == len(actions)
    file = folders / "whole.json"
    file.write_text(whole.out, encoding="utf-8")
    entry.main(["import", str(file)])
    imported = re.search(r"Imported as save (\S+):", capsys.readouterr().err)
    assert imported is not None
    again = store.load(store.path_for(imported.group(1)))
    assert isinstance(again, SavedGame) and again.state == saved.state and not again.save.finished
    entry.main(["export", saved.save.save_id, "--full", "--format", "text", "--seat", "2"])
    text = capsys.readouterr()
    assert WARNING in text.err and f"Deal number: {DEAL}" in text.out


def test_full_warns_in_the_players_language(store: SaveStore, capsys: pytest.CaptureFixture[str]) -> None:
    state, actions = random_game("luz", 5, seed=1)
    saved = saved_game(store, "luz", actions, state)
    entry.main(["export", saved.save.save_id, "--full", "--lang", "zh"])
    err = capsys.readouterr().err
    assert err.strip() and WARNING not in err  # said in Chinese (the catalogue test checks the words)
    assert any("\u4e00" <= ch <= "\u9fff" for ch in err)


def test_a_finished_game_exports_as_before_with_or_without_full(store: SaveStore, capsys: pytest.CaptureFixture[str]) -> None:
    state, actions = random_game("splendor_duel", 2000, seed=5)
    assert get_game("splendor_duel").rules().outcome(state) is not None
    saved = saved_game(store, "splendor_duel", actions, state)
    for seat in (None, 1):
        for fmt, writer in (("json", export_json), ("text", export_text)):
            argv = ["export", saved.save.save_id, "--format", fmt] + (["--seat", str(seat + 1)] if seat is not None else [])
            entry.main(argv)
            plain = capsys.readouterr()
            entry.main([*argv, "--full"])
            full = capsys.readouterr()
            assert plain.out == full.out == writer(saved, seat) and plain.err == full.err == ""
    record = json.loads(export_json(saved))
    assert record["format"] == records.RECORD_FORMAT and record["deal"] == DEAL and len(record["actions"]) == len(actions)


# import ------------------------------------------------------------------------------------------------------


def test_import_refuses_a_seat_record_and_says_why(store: SaveStore, folders: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state, actions = random_game("splendor_duel", 6, seed=2)
    saved = saved_game(store, "splendor_duel", actions, state)
    before = sorted(store.directory.iterdir())
    for viewpoint in (None, 0):
        with pytest.raises(RecordError) as refused:
            import_record(export_json(saved, viewpoint), store, "seat.json")
        message = refused.value.message
        assert message.startswith("seat.json holds only what one seat (or the public table) may know")
        assert "cannot be continued" in message and "boardgames export SAVE --full" in message
    file = folders / "seat.json"
    file.write_text(export_json(saved, 1), encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        entry.main(["import", str(file)])
    assert exit_info.value.code == 1 and "cannot be continued" in capsys.readouterr().err
    assert sorted(store.directory.iterdir()) == before


def test_import_refuses_a_record_whose_save_the_saves_list_would_refuse(store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    state, actions = random_game("lifeboat", 20, seed=3)
    record = export_json(saved_game(store, "lifeboat", actions, state), full=True)
    written = import_record(record, store, "big.json")
    size = written.stat().st_size  # the save this record makes, as the store wrote it
    assert len(record.encode("utf-8")) < size
    before = sorted(store.directory.iterdir())
    monkeypatch.setattr(records, "MAX_SAVE_BYTES", size - 1)  # the record itself is well within it
    with pytest.raises(RecordError) as refused:
        import_record(record, store, "big.json")
    reason = describe_problem(BrokenSave(Path("big.json"), "too_large", {"size": size, "limit": size - 1}))
    assert refused.value.message == f"big.json cannot be imported: the save it would make {reason}"
    assert sorted(store.directory.iterdir()) == before
    monkeypatch.setattr(records, "MAX_SAVE_BYTES", size)  # exactly at the limit: the store reads it
    assert store.load(import_record(record, store, "big.json")).state == state  # type: ignore[union-attr]


# Arguments with control characters ---------------------------------------------------------------------------

ESCAPE = "\x1b[2J"


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["export", "SAVE", "--seat", ESCAPE], 2),
        (["export", "SAVE", "--seat", "1" + ESCAPE], 2),
        (["export", "SAVE", "--format", ESCAPE], 2),
        (["export", "SAVE", ESCAPE], 2),
        (["export", "SAVE", "--" + ESCAPE], 2),
        (["export", "SAVE", "--lang", ESCAPE], 2),
        (["export", ESCAPE], 2),
        (["import", ESCAPE], 2),
        (["import", "FILE", ESCAPE], 2),
        (["import", "FILE", "--lang=" + ESCAPE], 2),
        ([ESCAPE], 2),
        (["--lang", ESCAPE, "export", "SAVE"], 2),
    ],
)
def test_argument_errors_never_send_escape_sequences(
    store: SaveStore, capsys: pytest.CaptureFixture[str], argv: list[str], code: int
) -> None:
    state, actions = random_game("hanabi", 3, seed=1)
    saved = saved_game(store, "hanabi", actions, state)
    argv = [saved.save.save_id if word == "SAVE" else word for word in argv]
    with pytest.raises(SystemExit) as exit_info:
        entry.main(argv)
    captured = capsys.readouterr()
    assert exit_info.value.code == code, captured.err
    assert "\x1b" not in captured.err and "\x1b" not in captured.out
    assert "\\x1b[2J" in captured.err, captured.err
