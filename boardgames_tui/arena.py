"""Computer players against each other: how strong each level is, measured.

    python -m boardgames_tui.arena GAME --seats hard,easy,… --games N --seed S [--option k=v …] [--json]

Plays N seeded games (game i uses deal number "S-i") with the seat list rotated by i, so every level
sits in every position equally often, on every core. Prints per level the mean score with its 95%
interval, the win rate, the median and 95th-percentile time per decision, and any figures the game's
bot module adds (`arena_figures(rules, state, seat)`, e.g. Hanabi's piles or Luz's bid accuracy), and the
blunders a person would call out, counted by rule from each game's steps (blunders/<game>.py), per 100
games; `--json` prints the same as one JSON object. Bots are given only their seat's View, as at the table.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

# A game that has not ended after this many decisions is stopped and reported (a bot that never ends its
# turn, say) instead of hanging the run.
MAX_DECISIONS = 200_000


@dataclass
class SeatResult:
    level: str
    score: float
    won: bool
    decision_seconds: list[float] = field(default_factory=list)
    figures: dict[str, float] = field(default_factory=dict)
    blunders: dict[str, int] = field(default_factory=dict)  # kind -> how many this seat made


@dataclass
class GameResult:
    index: int
    seats: list[SeatResult]
    cooperative: bool
    finished: bool


def seats_for_game(levels: Sequence[str], index: int) -> list[str]:
    """The level in each seat for game `index`: the list rotated by the game's number."""
    shift = index % len(levels)
    return list(levels[shift:]) + list(levels[:shift])


def parse_options(rules: Any, pairs: Sequence[str]) -> Any:
    """The game's Options from `k=v` pairs (pydantic turns "5" into 5 and "true" into True)."""
    values: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--option wants name=value, not {pair!r}")
        values[name.strip()] = value.strip()
    unknown = set(values) - set(rules.Options.model_fields)
    if unknown:
        known = ", ".join(sorted(rules.Options.model_fields))
        raise SystemExit(f"unknown option(s) {', '.join(sorted(unknown))}; {rules.id} has: {known}")
    return rules.Options.model_validate(values)


def play_game(game_id: str, levels: Sequence[str], seed: str, index: int, option_pairs: Sequence[str]) -> GameResult:
    """One seeded game between bots, every decision timed."""
    from . import blunders
    from .bots import decide
    from .engine.registry import get_game
    from .engine.replay import Step

    rules = get_game(game_id).rules()
    options = parse_options(rules, option_pairs)
    seated = seats_for_game(levels, index)
    deal = f"{seed}-{index}"
    state = rules.setup(tuple(f"P{seat + 1}" for seat in range(len(seated))), options, deal)
    results = [SeatResult(level=level, score=0.0, won=False) for level in seated]
    steps = [Step(0, None, None, None, state)]
    decisions = 0
    while rules.outcome(state) is None and decisions < MAX_DECISIONS:
        seat = min(rules.to_act(state))
        view = rules.view(state, seat)
        started = time.perf_counter()
        action = decide(game_id, seated[seat], view, deal, decisions)
        results[seat].decision_seconds.append(time.perf_counter() - started)
        after = rules.apply(state, seat, action)
        decisions += 1
        steps.append(Step(decisions, seat, action, state, after))
        state = after
    for seat, counted in enumerate(blunders.count_by_seat(blunders.find(game_id, steps), len(seated))):
        results[seat].blunders = dict(counted)
    outcome = rules.outcome(state)
    figures = getattr(import_module(f".bots.{game_id}", __package__), "arena_figures", None)
    for seat, result in enumerate(results):
        if outcome is not None:
            result.score = float(outcome.scores[seat])
            result.won = seat in outcome.winners
        if figures is not None:
            result.figures = dict(figures(rules, state, seat))
    return GameResult(index, results, cooperative=bool(outcome and outcome.cooperative), finished=outcome is not None)


def _play_packed(job: tuple[str, tuple[str, ...], str, int, tuple[str, ...]]) -> GameResult:
    return play_game(*job)


def interval95(values: Sequence[float]) -> float:
    """Half-width of the 95% confidence interval of the mean (normal approximation)."""
    if len(values) < 2:
        return math.nan
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return math.nan
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def summarise(games: Sequence[GameResult]) -> dict[str, Any]:
    """Per level: games, mean score ± 95% interval, win rate, decision times, the game's own figures."""
    by_level: dict[str, list[SeatResult]] = defaultdict(list)
    for game in games:
        for seat in game.seats:
            by_level[seat.level].append(seat)
    cooperative = any(game.cooperative for game in games)
    levels: dict[str, Any] = {}
    for level, seats in by_level.items():
        scores = [seat.score for seat in seats]
        times = [t for seat in seats for t in seat.decision_seconds]
        figure_names = sorted({name for seat in seats for name in seat.figures})
        blunder_kinds = sorted({kind for seat in seats for kind in seat.blunders})
        levels[level] = {
            "seats_played": len(seats),
            "mean_score": statistics.fmean(scores),
            "score_ci95": interval95(scores),
            "win_rate": None if cooperative else sum(seat.won for seat in seats) / len(seats),
            "decisions": len(times),
            "median_decision_ms": percentile(times, 0.5) * 1000,
            "p95_decision_ms": percentile(times, 0.95) * 1000,
            "max_decision_ms": max(times, default=math.nan) * 1000,
            "figures": {
                name: statistics.fmean(seat.figures[name] for seat in seats if name in seat.figures)
                for name in figure_names
            },
            # Per kind: how many in all, as seats of this level made them.
            "blunders": {kind: sum(seat.blunders.get(kind, 0) for seat in seats) for kind in blunder_kinds},
        }
    return {
        "games": len(games),
        "unfinished": sum(not game.finished for game in games),
        "cooperative": cooperative,
        "levels": levels,
    }


def run(game_id: str, levels: Sequence[str], games: int, seed: str, option_pairs: Sequence[str], workers: int, quiet: bool) -> dict[str, Any]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    jobs = [(game_id, tuple(levels), seed, index, tuple(option_pairs)) for index in range(games)]
    results: list[GameResult] = []
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn())
    with Progress(*columns, disable=quiet, console=_stderr_console()) as progress:
        task = progress.add_task(f"{game_id} {','.join(levels)}", total=games)
        if workers <= 1:
            for job in jobs:
                results.append(_play_packed(job))
                progress.advance(task)
        else:
            with multiprocessing.get_context("spawn").Pool(workers) as pool:
                for result in pool.imap_unordered(_play_packed, jobs):
                    results.append(result)
                    progress.advance(task)
    results.sort(key=lambda game: game.index)
    summary = summarise(results)
    summary.update(game=game_id, seats=list(levels), seed=seed, options=list(option_pairs))
    return summary


def _stderr_console() -> Any:
    from rich.console import Console

    return Console(stderr=True)


def print_table(summary: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    options = " ".join(summary["options"]) or "default options"
    title = f"{summary['game']} · {summary['games']} games · seed {summary['seed']} · {options}"
    table = Table(title=title)
    for heading in ("level", "seats", "mean score ± 95%", "win rate", "median ms", "p95 ms", "max ms"):
        table.add_column(heading, justify="right" if heading != "level" else "left")
    figure_names = sorted({name for level in summary["levels"].values() for name in level["figures"]})
    for name in figure_names:
        table.add_column(name, justify="right")
    for level, row in summary["levels"].items():
        win = "—" if row["win_rate"] is None else f"{row['win_rate']:.1%}"
        cells = [
            level,
            str(row["seats_played"]),
            f"{row['mean_score']:.2f} ± {row['score_ci95']:.2f}",
            win,
            f"{row['median_decision_ms']:.3f}",
            f"{row['p95_decision_ms']:.3f}",
            f"{row['max_decision_ms']:.1f}",
        ]
        cells += [f"{row['figures'].get(name, math.nan):.3f}" for name in figure_names]
        table.add_row(*cells)
    console = Console()
    console.print(table)
    print_blunders(summary, console)
    if summary["unfinished"]:
        console.print(f"{summary['unfinished']} game(s) stopped unfinished after {MAX_DECISIONS} decisions")


def print_blunders(summary: dict[str, Any], console: Any) -> None:
    """The blunders table: per level and kind, how many in all and per 100 seats played; certain kinds marked."""
    from rich.table import Table

    from . import blunders

    known = blunders.kinds(summary["game"])
    table = Table(title="blunders a person would call out (* certain: no position excuses it)")
    table.add_column("level")
    for kind, what in known.items():
        table.add_column(("*" if what.certain else "") + kind, justify="right")
    for level, row in summary["levels"].items():
        seats = row["seats_played"]
        cells = [f"{row['blunders'].get(kind, 0)} ({100 * row['blunders'].get(kind, 0) / seats:.1f})" for kind in known]
        table.add_row(level, *cells)
    console.print(table)
    console.print("count in all (per 100 seats played)")


def main(argv: Sequence[str] | None = None) -> int:
    from .bots import BOTS

    parser = argparse.ArgumentParser(prog="python -m boardgames_tui.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(BOTS))
    parser.add_argument("--seats", required=True, help="one level per seat, comma-separated (e.g. hard,easy)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", default="arena")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count(), help="processes (default: every core)")
    args = parser.parse_args(argv)
    levels = [level.strip() for level in args.seats.split(",") if level.strip()]
    unknown = [level for level in levels if level not in BOTS[args.game]]
    if unknown:
        parser.error(f"no level {', '.join(unknown)} for {args.game}; it has: {', '.join(BOTS[args.game])}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    from pydantic import ValidationError

    from .engine.registry import get_game

    try:
        parse_options(get_game(args.game).rules(), args.option)
    except ValidationError as exc:
        parser.error(f"bad --option: {exc.errors()[0]['loc'][0]}: {exc.errors()[0]['msg']}")
    summary = run(args.game, levels, args.games, args.seed, args.option, max(1, args.workers), quiet=args.json)
    if args.json:
        json.dump(summary, sys.stdout, indent=2, allow_nan=True)
        sys.stdout.write("\n")
    else:
        print_table(summary)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
