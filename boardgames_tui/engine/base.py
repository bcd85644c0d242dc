"""The contract every game engine follows.

Engines are pure: they import only the standard library and pydantic, never the UI. A game is one
`GameRules` object whose methods are functions of immutable pydantic models, so the same definition
drives the terminal UI, the tests, the saves and the benchmark.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter


class IllegalAction(Exception):
    """Raised by `apply` for an action the rules forbid; the state is left as it was."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class FrozenModel(BaseModel):
    """Immutable, JSON-able model: the base of every state, action, option set and view."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class LogEntry(FrozenModel):
    """One line of the game log: public text plus optional extra text only one seat may read."""

    public: str
    private: tuple[tuple[int, str], ...] = ()

    def text_for(self, seat: int | None) -> str:
        extra = [text for owner, text in self.private if owner == seat]
        return " ".join([self.public, *extra]) if extra else self.public


class Outcome(FrozenModel):
    """How a finished game ended.

    `scores` is per seat (a cooperative game repeats the team score for every seat); `ranking` lists
    groups of tied seats, best first; `headline` is one sentence for the results screen and
    `details` a few more lines (rating text, fireworks total, tie-breaks ...).
    """

    scores: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    reason: str
    headline: str
    details: tuple[str, ...] = ()
    cooperative: bool = False

    def places(self) -> dict[int, int]:
        """Each seat's place by competition ranking: tied seats share a place and the next place is
        skipped (scores 19, 15, 15, 14 are places 1, 2, 2, 4). One rule for every game's results."""
        places: dict[int, int] = {}
        ahead = 0
        for group in self.ranking:
            for seat in group:
                places[seat] = ahead + 1
            ahead += len(group)
        return places


StateT = TypeVar("StateT", bound=FrozenModel)
ActionT = TypeVar("ActionT", bound=FrozenModel)
ViewT = TypeVar("ViewT", bound=FrozenModel)
OptionsT = TypeVar("OptionsT", bound=FrozenModel)


class GameRules(ABC, Generic[StateT, ActionT, ViewT, OptionsT]):
    """One game's rules. Subclasses set the class attributes and implement the six functions."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[FrozenModel]]
    State: ClassVar[type[FrozenModel]]
    # A pydantic TypeAdapter over the game's discriminated union of actions (field `kind`).
    action_adapter: ClassVar[TypeAdapter[Any]]

    @abstractmethod
    def setup(self, players: Sequence[str], options: OptionsT, seed: str) -> StateT:
        """A new game; every shuffle it needs is derived from `seed` and stored in the state."""

    @abstractmethod
    def to_act(self, state: StateT) -> frozenset[int]:
        """Seats whose decision is pending; empty once the game is over."""

    @abstractmethod
    def legal_actions(self, state: StateT, seat: int) -> Sequence[ActionT]:
        """Every action `seat` may take now (empty if it is not that seat's decision)."""

    @abstractmethod
    def apply(self, state: StateT, seat: int, action: ActionT) -> StateT:
        """The state after `seat` takes `action`; raises IllegalAction (and changes nothing) if not allowed."""

    @abstractmethod
    def view(self, state: StateT, seat: int | None) -> ViewT:
        """What `seat` may know (None: only what the whole table may see)."""

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None:
        """The result once the game is over, else None."""

    # Helpers shared by every game -------------------------------------------------------------

    def seat_players(self, players: Sequence[str]) -> tuple[str, ...]:
        """The players as a tuple, refusing a count the game is not made for."""
        seated = tuple(players)
        if not self.min_players <= len(seated) <= self.max_players:
            raise ValueError(f"{self.title} is for {self.min_players}-{self.max_players} players, not {len(seated)}")
        return seated

    def players(self, state: StateT) -> tuple[str, ...]:
        return state.players  # type: ignore[attr-defined,no-any-return]

    def log(self, state: StateT) -> tuple[LogEntry, ...]:
        return state.log  # type: ignore[attr-defined,no-any-return]

    def log_for(self, state: StateT, seat: int | None) -> tuple[str, ...]:
        """The log as `seat` may read it: public lines plus that seat's own private additions."""
        return tuple(entry.text_for(seat) for entry in self.log(state))

    def legal_for(self, state: StateT, seat: int | None) -> tuple[ActionT, ...]:
        """The actions a View carries: the seat's legal actions, none for the public table."""
        return tuple(self.legal_actions(state, seat)) if seat is not None else ()

    def last_public_summary(self, state: StateT) -> str:
        """The public text of the newest log line, shown on the pass-the-device screen."""
        entries = self.log(state)
        return entries[-1].public if entries else ""

    def turn_label(self, state: StateT) -> str:
        """A short public position such as 'Turn 7'; games override it with rounds and the like."""
        return f"Turn {getattr(state, 'turn', 0) + 1}"

    def variant_label(self, options: OptionsT) -> str:
        """A few words naming the rule set `options` choose, shown next to the game's title ("" for the
        game's usual rules)."""
        return ""

    def public_pause(self, before: StateT, after: StateT) -> bool:
        """Whether the whole table must see what this action did before play goes on, even when the same
        seat acts next (a finished trick that its last player won): the session then shows the handoff."""
        return False

    def has_hidden_information(self, state: StateT) -> bool:
        """Whether a change of player must go through the pass-the-device screen."""
        return True

    def parse_action(self, data: Any) -> ActionT:
        return self.action_adapter.validate_python(data)  # type: ignore[no-any-return]

    def dump_action(self, action: ActionT) -> dict[str, Any]:
        return action.model_dump(mode="json")


def check(condition: bool, reason: str) -> None:
    """Raise IllegalAction(reason) unless `condition` holds."""
    if not condition:
        raise IllegalAction(reason)
