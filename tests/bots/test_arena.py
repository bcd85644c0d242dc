"""The arena: seeded games between computer levels, seats rotated, figures per level."""

from __future__ import annotations

import json
import math

import pytest

from boardgames_tui.arena import GameResult, SeatResult, interval95, main, percentile, play_game, seats_for_game, summarise


def test_seats_rotate_so_every_level_sits_everywhere() -> None:
    levels = ["hard", "easy", "easy"]
    assert [seats_for_game(levels, index) for index in range(4)] == [
        ["hard", "easy", "easy"],
        ["easy", "easy", "hard"],
        ["easy", "hard", "easy"],
        ["hard", "easy", "easy"],
    ]


def test_a_game_is_the_same_from_the_same_seed() -> None:
    first = play_game("splendor_duel", ["random", "random"], "s", 3, ())
    again = play_game("splendor_duel", ["random", "random"], "s", 3, ())
    assert first.finished
    assert [seat.score for seat in first.seats] == [seat.score for seat in again.seats]
    assert sum(seat.won for seat in first.seats) >= 1


def test_the_summary_says_mean_interval_win_rate_and_decision_times() -> None:
    def seat(level: str, score: float, won: bool, times: list[float]) -> SeatResult:
        return SeatResult(
            level=level, score=score, won=won, decision_seconds=times, figures={"x": score / 10}, blunders={"slip": int(score) % 3}
        )

    games = [
        GameResult(0, [seat("a", 10, True, [0.001, 0.003]), seat("b", 4, False, [0.002])], cooperative=False, finished=True),
        GameResult(1, [seat("b", 8, True, [0.004]), seat("a", 6, False, [0.002, 0.002])], cooperative=False, finished=True),
    ]
    summary = summarise(games)
    a = summary["levels"]["a"]
    assert a["mean_score"] == 8 and a["win_rate"] == 0.5 and a["seats_played"] == 2
    assert a["score_ci95"] == pytest.approx(1.96 * math.sqrt(8) / math.sqrt(2))
    assert a["median_decision_ms"] == pytest.approx(2.0)
    assert a["figures"] == {"x": pytest.approx(0.8)}
    assert summary["levels"]["b"]["decisions"] == 2
    assert a["blunders"] == {"slip": 1} and summary["levels"]["b"]["blunders"] == {"slip": 3}


def test_interval_and_percentile_edges() -> None:
    assert math.isnan(interval95([3.0]))
    assert percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5) == 3.0
    assert percentile(list(range(100)), 0.95) == 95


def test_the_command_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["luz", "--seats", "random,random,random", "--games", "3", "--seed", "t", "--json", "--workers", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3 and out["unfinished"] == 0 and out["game"] == "luz"
    assert out["levels"]["random"]["seats_played"] == 9
    assert out["levels"]["random"]["decisions"] > 0
    # Random players miss bids by two or more nearly every round: the counters run on every game.
    assert out["levels"]["random"]["blunders"]["bid_missed_by_two"] > 0


def test_a_game_counts_each_seats_blunders_from_its_steps() -> None:
    game = play_game("hanabi", ["random", "random"], "b", 0, ())
    misfires = [seat.blunders.get("misfire", 0) for seat in game.seats]
    # Every misfire of the game is one seat's, as the game's own count says (random play misfires).
    assert sum(misfires) == game.seats[0].figures["misfires"] > 0


def test_the_table_prints_every_kind_with_its_rate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hanabi", "--seats", "random,random", "--games", "2", "--seed", "t", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "misfire" in out and "last_copy_discarded" in out and "per 100 seats" in out


def test_the_command_uses_processes_and_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hanabi", "--seats", "random,random", "--games", "2", "--json", "--workers", "2", "--option", "allow_empty_clues=true"]) == 0
    assert json.loads(capsys.readouterr().out)["options"] == ["allow_empty_clues=true"]
    with pytest.raises(SystemExit):
        main(["hanabi", "--seats", "nobody,random", "--games", "1"])
    with pytest.raises(SystemExit):
        main(["hanabi", "--seats", "random,random", "--option", "hand_size=huge"])
