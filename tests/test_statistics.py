"""Statistics from the saves folder: exact figures per player and game, and per Hanabi table."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine.base import Outcome, fact
from boardgames_tui.engine.hanabi.models import DiscardCard, HanabiOptions, HanabiState, NumberClue, PlayCard
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.saves import SCHEMA_VERSION, RecordedAction, SaveFile, SaveStore
from boardgames_tui.statistics import FinishedGame, PlayerRow, Statistics, TeamRow, statistics, tally, variant_of

# Building saves ------------------------------------------------------------------------------------


def hanabi_choice(state: HanabiState, seat: int, legal: Sequence[Any]) -> Any:
    """A policy that reads the whole state (a test may): play a playable card, else discard, else give a
    number clue. It scores well and ends every game."""
    rules = get_game("hanabi").rules()
    for slot, held in enumerate(state.hands[seat]):
        if rules.playable(state, held.card):  # type: ignore[attr-defined]
            return PlayCard(slot=slot)
    for action in legal:
        if isinstance(action, DiscardCard):
            return action
    clues = [action for action in legal if isinstance(action, NumberClue)]
    return clues[0] if clues else legal[0]


def play(game_id: str, players: Sequence[str], seed: str, options: Any = None, moves: int | None = None) -> tuple[Any, list[RecordedAction]]:
    """A game played through the engine (to the end, or `moves` actions), and its record."""
    rules = get_game(game_id).rules()
    state = rules.setup(tuple(players), options if options is not None else rules.Options(), seed)
    chooser = random.Random(seed)
    record: list[RecordedAction] = []
    while rules.outcome(state) is None and (moves is None or len(record) < moves):
        assert len(record) < 3000, "the game did not end"
        seat = min(rules.to_act(state))
        legal = rules.legal_actions(state, seat)
        action = hanabi_choice(state, seat, legal) if game_id == "hanabi" else chooser.choice(list(legal))
        state = rules.apply(state, seat, action)
        record.append(RecordedAction(seat=seat, action=rules.dump_action(action)))
    return state, record


def write_game(
    store: SaveStore,
    game_id: str,
    players: Sequence[str],
    seed: str,
    *,
    options: Any = None,
    computers: Sequence[str | None] = (),
    moves: int | None = None,
) -> Any:
    """Play a game and write it to the store as the app would; return its final state."""
    state, record = play(game_id, players, seed, options, moves)
    store.write(
        SaveFile(
            schema_version=SCHEMA_VERSION,
            save_id=store.unused_save_id(),
            game_id=game_id,
            players=tuple(players),
            options=state.options.model_dump(mode="json"),
            seed=seed,
            actions=tuple(record),
            state=state.model_dump(mode="json"),
            created_at="2026-01-01T00:00:00+00:00",
            updated_at="2026-01-01T00:00:00+00:00",
            computers=tuple(computers),
        )
    )
    return state


# Figures from made-up outcomes -----------------------------------------------------------------------


def outcome(scores: Sequence[int], winners: Sequence[int], *, cooperative: bool = False) -> Outcome:
    seats = tuple(range(len(scores)))
    return Outcome(
        scores=tuple(scores),
        ranking=(seats,),
        winners=tuple(winners),
        reason="test",
        headline=fact("test"),
        cooperative=cooperative,
    )


def finished(game_id: str, players: Sequence[str], scores: Sequence[int], winners: Sequence[int], **extra: Any) -> FinishedGame:
    computers = tuple(extra.pop("computers", (False,) * len(players)))
    cooperative = extra.pop("cooperative", False)
    return FinishedGame(game_id, tuple(players), computers, outcome(scores, winners, cooperative=cooperative), **extra)


def row(stats: Statistics, name: str, game_id: str, computer: bool = False) -> PlayerRow:
    found = [r for r in stats.players if (r.name, r.game_id, r.computer) == (name, game_id, computer)]
    assert len(found) == 1, (name, game_id, computer, stats.players)
    return found[0]


def test_rows_per_player_and_game_with_exact_figures() -> None:
    stats = tally(
        [
            finished("splendor_duel", ["Ann", "Ben"], [15, 21], [1]),
            finished("splendor_duel", ["Ben", "Ann"], [9, 20], [1]),
            finished("splendor_duel", ["Ann", "Cy"], [18, 18], [0, 1]),  # a shared win counts for both
            finished("rummikub", ["Ann", "Ben", "Cy"], [-12, 30, -18], [1]),
        ]
    )
    assert stats.finished == 4
    ann = row(stats, "Ann", "splendor_duel")
    assert (ann.played, ann.wins, ann.total, ann.best) == (3, 2, 53, 20)
    assert ann.mean == Fraction(53, 3)
    ben = row(stats, "Ben", "splendor_duel")
    assert (ben.played, ben.wins, ben.mean, ben.best) == (2, 1, Fraction(30, 2), 21)
    cy = row(stats, "Cy", "splendor_duel")
    assert (cy.played, cy.wins, cy.mean, cy.best) == (1, 1, 18, 18)
    assert (row(stats, "Ann", "rummikub").best, row(stats, "Ann", "rummikub").wins) == (-12, 0)
    assert row(stats, "Ben", "rummikub").wins == 1
    # Each game's rows together, in the collection's order, the most played first.
    assert [(r.game_id, r.name) for r in stats.players] == [
        ("rummikub", "Ben"),  # as many games as the others, more wins
        ("rummikub", "Ann"),
        ("rummikub", "Cy"),
        ("splendor_duel", "Ann"),
        ("splendor_duel", "Ben"),
        ("splendor_duel", "Cy"),
    ]
    assert stats.games() == ["rummikub", "splendor_duel"]
    assert stats.teams == []


def test_a_computer_counts_apart_from_a_person_of_the_same_name() -> None:
    stats = tally(
        [
            finished("luz", ["Ben", "Ann", "Cy"], [10, 0, -10], [0], computers=(True, False, False)),
            finished("luz", ["Ben", "Ann", "Cy"], [0, 20, 5], [1]),
        ]
    )
    computer = row(stats, "Ben", "luz", computer=True)
    person = row(stats, "Ben", "luz", computer=False)
    assert (computer.played, computer.wins, computer.best) == (1, 1, 10)
    assert (person.played, person.wins, person.best) == (1, 0, 0)


def test_names_are_compared_as_typed_after_nfc() -> None:
    composed, decomposed = "Zo\u00eb", "Zoe\u0308"
    stats = tally(
        [
            finished("luz", [composed, "ann", "Bo"], [3, 1, 2], [0]),
            finished("luz", [decomposed, "Ann", "Bo"], [5, 1, 2], [0]),
        ]
    )
    assert row(stats, composed, "luz").played == 2  # two spellings of one name are one player
    assert row(stats, "ann", "luz").played == 1  # a different letter case is a different name
    assert row(stats, "Ann", "luz").played == 1


def test_hanabi_rows_per_player_count_and_variant() -> None:
    tricky = (("sixth_suit", "tricky"),)
    stats = tally(
        [
            finished("hanabi", ["Ann", "Ben"], [25, 25], [0, 1], cooperative=True, max_score=25),
            finished("hanabi", ["Ann", "Ben"], [19, 19], [], cooperative=True, max_score=25),
            finished("hanabi", ["Ben", "Ann"], [0, 0], [], cooperative=True, max_score=25),
            finished("hanabi", ["Ann", "Ben", "Cy"], [22, 22, 22], [], cooperative=True, max_score=25),
            finished("hanabi", ["Ann", "Ben"], [30, 30], [0, 1], cooperative=True, variant=tricky, max_score=30),
        ]
    )
    assert [(t.players, t.variant) for t in stats.teams] == [(2, ()), (2, tricky), (3, ())]
    usual_two = stats.teams[0]
    assert usual_two == TeamRow("hanabi", 2, (), max_score=25, played=3, perfect=1, total=44, best=25)
    assert usual_two.mean == Fraction(44, 3)
    assert stats.teams[1] == TeamRow("hanabi", 2, tricky, max_score=30, played=1, perfect=1, total=30, best=30)
    assert stats.teams[2] == TeamRow("hanabi", 3, (), max_score=25, played=1, perfect=0, total=22, best=22)
    # Per player, a win is a perfect show, and everyone has the team's score.
    ann = row(stats, "Ann", "hanabi")
    assert (ann.played, ann.wins, ann.total, ann.best) == (5, 2, 96, 30)
    assert row(stats, "Cy", "hanabi").played == 1
    assert stats.teams_of("hanabi") == stats.teams and stats.teams_of("luz") == []


def test_variant_leaves_out_defaults_and_label_only_options() -> None:
    assert variant_of("hanabi", HanabiOptions()) == ()
    assert variant_of("hanabi", HanabiOptions(convention="H-group")) == ()
    options = HanabiOptions(black_powder=True, sixth_suit="avalanche", convention="finesse")
    assert variant_of("hanabi", options) == (("sixth_suit", "avalanche"), ("black_powder", True))


def test_no_saves_no_figures() -> None:
    stats = statistics([])
    assert (stats.finished, stats.unfinished, stats.unreadable, stats.players, stats.teams) == (0, 0, 0, [], [])
    assert stats.games() == []


# Figures from a real saves folder --------------------------------------------------------------------


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "saves")


def test_figures_from_saves_count_finished_games_only(store: SaveStore) -> None:
    duel = get_game("splendor_duel").rules()
    hanabi = get_game("hanabi").rules()
    first = write_game(store, "splendor_duel", ["Ann", "Ben"], "duel-1", computers=(None, "easy"))
    second = write_game(store, "splendor_duel", ["Ben", "Ann"], "duel-2")
    team = write_game(store, "hanabi", ["Ann", "Ben", "Cy"], "fireworks-1")
    variant = write_game(store, "hanabi", ["Ann", "Ben"], "fireworks-2", options=HanabiOptions(sixth_suit="tricky"))
    write_game(store, "hanabi", ["Ann", "Dee"], "unfinished", moves=4)
    (store.directory / "garbage.json").write_text("{ not json", encoding="utf-8")

    stats = statistics(store.list())

    assert (stats.finished, stats.unfinished, stats.unreadable) == (4, 1, 1)
    one, two = duel.outcome(first), duel.outcome(second)
    assert one is not None and two is not None
    ann = row(stats, "Ann", "splendor_duel")
    assert ann.played == 2
    assert ann.total == one.scores[0] + two.scores[1]
    assert ann.best == max(one.scores[0], two.scores[1])
    assert ann.wins == (0 in one.winners) + (1 in two.winners)
    computer_ben = row(stats, "Ben", "splendor_duel", computer=True)
    assert (computer_ben.played, computer_ben.total, computer_ben.wins) == (1, one.scores[1], int(1 in one.winners))
    person_ben = row(stats, "Ben", "splendor_duel")
    assert (person_ben.played, person_ben.total) == (1, two.scores[0])
    # Dee has only an unfinished game: no row.
    assert not [r for r in stats.players if r.name == "Dee"]

    team_score = hanabi.outcome(team).scores[0]
    variant_score = hanabi.outcome(variant).scores[0]
    assert team_score > 0 and variant_score > 0  # the policy plays cards: real scores, not zeros
    assert [(t.players, t.variant, t.played, t.total, t.max_score) for t in stats.teams] == [
        (2, (("sixth_suit", "tricky"),), 1, variant_score, 30),
        (3, (), 1, team_score, 25),
    ]
    ann_hanabi = row(stats, "Ann", "hanabi")
    assert (ann_hanabi.played, ann_hanabi.total) == (2, team_score + variant_score)
    assert stats.games() == ["hanabi", "splendor_duel"]


def test_a_save_the_rules_cannot_judge_counts_as_unreadable(store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    write_game(store, "luz", ["Ann", "Ben", "Cy"], "luz-1")
    rules = get_game("luz").rules()
    assert statistics(store.list()).finished == 1

    def broken(state: Any) -> None:
        raise ValueError("cannot judge")

    monkeypatch.setattr(type(rules), "outcome", lambda self, state: broken(state))
    stats = statistics(store.list())
    assert (stats.finished, stats.unreadable, stats.players) == (0, 1, [])


def test_a_game_saved_twice_counts_once(tmp_path) -> None:
    from boardgames_tui.engine.saves import SaveStore
    from boardgames_tui.records import export_json, import_record
    from boardgames_tui.statistics import statistics

    from .tui.test_hostile_names import finished_save

    store = SaveStore(tmp_path / "saves")
    save, _state = finished_save("luz", ["Ana", "Ben", "Cy"], "twice")
    original = store.load(store.write(save))
    import_record(export_json(original), store)
    stats = statistics(store.list())
    assert stats.finished == 1 and stats.copies == 1
    assert sum(row.played for row in stats.players_of("luz")) == 3
