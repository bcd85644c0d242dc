"""Statistics drawn from the saves folder: nothing is kept anywhere but in the saves themselves.

Only finished games count (the game's rules say whether a rebuilt game is over, and how it ended).
- One row per player and game: games played, wins, mean score, best score. A player is a name as typed
  (compared after NFC normalisation, so the same letters typed two ways are one name), and a seat played
  by a computer counts apart from a person of the same name. Each seat counts: two seats of one game with
  the same name are two appearances.
- Cooperative games (Hanabi) also get one row per player count and variant: games, mean and best team
  score, and perfect games. In a cooperative game everyone shares the team's score, and a win is what the
  engine calls one (for Hanabi, a perfect show: every firework complete).
- A game saved twice (its record imported again) counts once.

Pure: no Textual, no Rich; the statistics screen says these figures in the player's language.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .engine.base import Outcome
from .engine.registry import GAMES
from .engine.saves import BrokenSave, SavedGame

# Options that name a table's habit and change nothing in the rules: games with them set differently are
# still the same variant.
LABEL_ONLY_OPTIONS: Mapping[str, frozenset[str]] = {"hanabi": frozenset({"convention"})}

# A variant as the options that differ from the game's defaults, in the order the Options model lists them
# (() = the usual rules).
Variant = tuple[tuple[str, Any], ...]


def same_name(name: str) -> str:
    """The form two names are compared in: as typed, after NFC normalisation."""
    return unicodedata.normalize("NFC", name)


@dataclass(frozen=True)
class FinishedGame:
    """What the statistics need of one finished save."""

    game_id: str
    players: tuple[str, ...]  # as typed (the tally compares them after NFC normalisation)
    computers: tuple[bool, ...]  # per seat
    outcome: Outcome
    variant: Variant = ()
    max_score: int | None = None  # the best score the variant allows, where the game has one


@dataclass(frozen=True)
class PlayerKey:
    name: str
    computer: bool
    game_id: str


@dataclass
class PlayerRow:
    """One player's figures in one game."""

    name: str
    computer: bool
    game_id: str
    played: int = 0
    wins: int = 0
    total: int = 0
    best: int | None = None

    @property
    def mean(self) -> Fraction:
        return Fraction(self.total, self.played) if self.played else Fraction(0)

    def add(self, score: int, won: bool) -> None:
        self.played += 1
        self.wins += int(won)
        self.total += score
        self.best = score if self.best is None else max(self.best, score)


@dataclass
class TeamRow:
    """A cooperative game's figures for one player count and variant."""

    game_id: str
    players: int
    variant: Variant
    max_score: int | None = None
    played: int = 0
    perfect: int = 0
    total: int = 0
    best: int | None = None

    @property
    def mean(self) -> Fraction:
        return Fraction(self.total, self.played) if self.played else Fraction(0)

    def add(self, score: int, perfect: bool) -> None:
        self.played += 1
        self.perfect += int(perfect)
        self.total += score
        self.best = score if self.best is None else max(self.best, score)


@dataclass
class Statistics:
    players: list[PlayerRow] = field(default_factory=list)
    teams: list[TeamRow] = field(default_factory=list)
    finished: int = 0  # finished games counted
    unfinished: int = 0  # readable saves of games still going (not counted)
    unreadable: int = 0  # files that could not be read or judged (not counted)
    copies: int = 0  # saves of a game already counted (imported again): counted once

    def games(self) -> list[str]:
        """The games with figures, in the collection's order."""
        present = {row.game_id for row in self.players} | {row.game_id for row in self.teams}
        return [game_id for game_id in GAMES if game_id in present]

    def players_of(self, game_id: str) -> list[PlayerRow]:
        return [row for row in self.players if row.game_id == game_id]

    def teams_of(self, game_id: str) -> list[TeamRow]:
        return [row for row in self.teams if row.game_id == game_id]


def variant_of(game_id: str, options: Any) -> Variant:
    """The options of a game that differ from the defaults, label-only ones left out."""
    if options is None:
        return ()
    ignored = LABEL_ONLY_OPTIONS.get(game_id, frozenset())
    defaults = type(options)()
    return tuple(
        (name, getattr(options, name))
        for name in type(options).model_fields
        if name not in ignored and getattr(options, name) != getattr(defaults, name)
    )


def finished_game(entry: SavedGame) -> FinishedGame | None:
    """The finished game a readable save holds, or None while it is still being played."""
    save = entry.save
    rules = GAMES[save.game_id].rules()
    outcome = rules.outcome(entry.state)
    if outcome is None:
        return None
    options = getattr(entry.state, "options", None)
    top = getattr(rules, "max_score", None)
    computers = tuple(seat < len(save.computers) and save.computers[seat] is not None for seat in range(len(save.players)))
    return FinishedGame(
        game_id=save.game_id,
        players=save.players,
        computers=computers,
        outcome=outcome,
        variant=variant_of(save.game_id, options),
        max_score=top(entry.state) if callable(top) else None,
    )


def tally(games: Iterable[FinishedGame]) -> Statistics:
    """Figures of finished games: rows per player and game, and per cooperative table."""
    stats = Statistics()
    players: dict[PlayerKey, PlayerRow] = {}
    teams: dict[tuple[str, int, Variant], TeamRow] = {}
    for game in games:
        stats.finished += 1
        outcome = game.outcome
        for seat, name in enumerate(game.players):
            key = PlayerKey(same_name(name), game.computers[seat], game.game_id)
            row = players.setdefault(key, PlayerRow(key.name, key.computer, game.game_id))
            row.add(outcome.scores[seat], seat in outcome.winners)
        if outcome.cooperative:
            team_key = (game.game_id, len(game.players), game.variant)
            team = teams.setdefault(team_key, TeamRow(game.game_id, len(game.players), game.variant, game.max_score))
            team.add(max(outcome.scores, default=0), bool(outcome.winners))
    order = {game_id: index for index, game_id in enumerate(GAMES)}
    stats.players = sorted(
        players.values(),
        key=lambda row: (order.get(row.game_id, len(order)), -row.played, -row.wins, row.name.casefold(), row.name, row.computer),
    )
    stats.teams = sorted(
        teams.values(), key=lambda row: (order.get(row.game_id, len(order)), row.players, len(row.variant), repr(row.variant))
    )
    return stats


def statistics(entries: Iterable[SavedGame | BrokenSave]) -> Statistics:
    """The statistics of a saves list (`SaveStore.list()`): finished games count, the others are counted
    apart (a game still going, a file that cannot be read or judged)."""
    finished: list[FinishedGame] = []
    unfinished = unreadable = copies = 0
    seen: set[str] = set()
    for entry in entries:
        if not isinstance(entry, SavedGame):
            unreadable += 1
            continue
        # The same game saved twice (a record imported back) is one game: its record is its identity.
        record = entry.save
        identity = json.dumps([record.game_id, record.seed, record.players, record.options, [a.action for a in record.actions]], sort_keys=True)
        if identity in seen:
            copies += 1
            continue
        seen.add(identity)
        try:
            game = finished_game(entry)
        except Exception:  # noqa: BLE001 - a save the rules cannot judge must not hide the others' figures
            unreadable += 1
            continue
        if game is None:
            unfinished += 1
        else:
            finished.append(game)
    stats = tally(finished)
    stats.unfinished, stats.unreadable, stats.copies = unfinished, unreadable, copies
    return stats
