"""Replays of finished games: the recorded actions of a save stepped through the engine again.

A replay is built from the save's record alone (deal number, players, options, actions), never from the
state the file keeps. Only a finished game can be replayed: mid-game it would show cards that are still
hidden from the people playing it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.base import Event, GameRules
from ..engine.registry import get_game
from ..engine.replay import replay
from ..engine.reveal import reveal
from ..engine.saves import SavedGame
from ..i18n import _
from .base import Narrator, narrator_for

# A viewpoint: everything revealed, the public table, or one seat's own view (its number).
REVEALED = "revealed"
PUBLIC = "public"
Viewpoint = str | int


class ReplayRefused(ValueError):
    """The save cannot be replayed (it is not finished)."""


@dataclass(frozen=True)
class Step:
    """What one step of a replay shows: its number, who acted, and the log lines it added."""

    number: int
    seat: int | None
    lines: tuple[str, ...]
    logged: bool = True  # False: the log says nothing of this action yet, the lines say so


def revealed_event(entry: Event) -> Event:
    """An event with the secret it carries shown, as its owner read it: the game is over, nothing is hidden."""
    owner = entry.only if entry.only is not None else (entry.secret[0][0] if entry.secret else None)
    return entry.seen_by(owner) or entry


class Replay:
    """Every state of a finished game, from the deal (step 0) to the end (step `steps`)."""

    def __init__(self, saved: SavedGame) -> None:
        if not saved.save.finished:
            raise ReplayRefused(_("Only a finished game can be replayed: this one is still being played."))
        self.save = saved.save
        self.spec = get_game(saved.save.game_id)
        self.rules: GameRules = self.spec.rules()  # type: ignore[type-arg]
        self.players = saved.save.players
        options = self.rules.Options.model_validate(saved.save.options)
        steps = list(replay(self.rules, self.players, options, saved.save.seed, saved.save.actions))
        self._states: list[Any] = [step.after for step in steps]
        self._seats: list[int | None] = [step.seat for step in steps]
        state = self._states[-1]
        if self.rules.outcome(state) is None:  # the flag is the rebuilt game's; this guards a hand-made SavedGame
            raise ReplayRefused(_("Only a finished game can be replayed: this one is still being played."))
        self.narrator: Narrator = narrator_for(self.spec.id, self.players)

    @property
    def steps(self) -> int:
        """How many actions the game took: the steps are 0 (the deal) to this."""
        return len(self._states) - 1

    def state(self, step: int) -> Any:
        return self._states[step]

    def revealed(self, step: int) -> Any:
        """Everything hidden at `step`, laid open (the game is over: nothing is secret any more)."""
        return reveal(self.spec.id, self._states[step])

    def view(self, step: int, viewpoint: Viewpoint) -> Any:
        """The View of the table at `step`: the public one for REVEALED and PUBLIC (REVEALED adds the
        hidden cards on top, drawn from the state), else that seat's own."""
        seat = viewpoint if isinstance(viewpoint, int) else None
        return self.rules.view(self._states[step], seat)

    def viewpoints(self) -> tuple[Viewpoint, ...]:
        return (REVEALED, PUBLIC, *range(len(self.players)))

    def viewpoint_name(self, viewpoint: Viewpoint) -> str:
        if viewpoint == REVEALED:
            return _("everything revealed")
        if viewpoint == PUBLIC:
            return _("the public table")
        return _("as {name} saw it").format(name=self.narrator.name(int(viewpoint)))

    def _log(self, step: int, viewpoint: Viewpoint) -> tuple[Event, ...]:
        state = self._states[step]
        if viewpoint == REVEALED:
            return tuple(revealed_event(entry) for entry in self.rules.log(state))
        return self.rules.log_for(state, viewpoint if isinstance(viewpoint, int) else None)

    def step(self, number: int, viewpoint: Viewpoint) -> Step:
        """Step `number` as the viewpoint reads it: the log lines its action added (the deal's own lines
        for step 0)."""
        before = len(self._log(number - 1, viewpoint)) if number > 0 else 0
        lines = self.narrator.events(self._log(number, viewpoint)[before:])
        if not lines and number > 0:
            # Some logs keep back what the table saw only while it lay open (Luz: the cards of a trick in
            # play); the table was told it all the same.
            told = self.rules.last_public_event(self._states[number])
            if told is not None and told != self.rules.last_public_event(self._states[number - 1]):
                return Step(number, self._seats[number], (self.narrator.event(told),), logged=False)
        if not lines and number > 0:
            # A step inside a turn that the log tells as a whole when it ends (Rummikub's tile moves).
            unlogged = _("{name} made a move of a turn still in progress; the log tells the turn when it ends.")
            return Step(number, self._seats[number], (unlogged.format(name=self.narrator.name(self._seats[number] or 0)),), logged=False)
        return Step(number, self._seats[number], lines)

    def log_lines(self, step: int, viewpoint: Viewpoint) -> tuple[str, ...]:
        """The whole log up to `step` as the viewpoint reads it, narrated."""
        return self.narrator.events(self._log(step, viewpoint))

    def headline(self) -> str:
        outcome = self.rules.outcome(self._states[-1])
        return self.narrator.say(outcome.headline) if outcome is not None else ""

    def position(self, step: int) -> str:
        return self.narrator.say(self.rules.turn_label(self._states[step]))
