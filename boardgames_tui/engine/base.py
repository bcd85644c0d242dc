"""The contract every game engine follows.

Engines are pure: they import only the standard library and pydantic, never the UI. A game is one
`GameRules` object whose methods are functions of immutable pydantic models, so the same definition
drives the terminal UI, the tests, the saves and the benchmark.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .fastmodel import from_fields


class IllegalAction(Exception):
    """Raised by `apply` for an action the rules forbid; the state is left as it was.

    The engine says *why* as a `code` (snake_case, one per rule) with `params` (seats, cards, counts:
    JSON values); the UI's narrator turns it into a sentence in the player's language."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params

    def __str__(self) -> str:  # for tracebacks and test failures only; players see the narration
        return f"{self.code} {self.params}" if self.params else self.code

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IllegalAction) and (self.code, self.params) == (other.code, other.params)

    __hash__ = Exception.__hash__


class FrozenModel(BaseModel):
    """Immutable, JSON-able model: the base of every state, action, option set and view."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Fact(FrozenModel):
    """Something an engine reports for people to read: a `kind` naming it and its `args` (seats, cards,
    counts: JSON values, never sentences). Outcomes, turn labels and prompts are facts; the UI's
    narrator for the game says each kind in the player's language."""

    kind: str
    args: dict[str, Any] = Field(default_factory=dict)


class Event(Fact):
    """One entry of the game log: a fact plus who may know it.

    `only` None means the whole table may see the event, a seat number that only that seat may. `secret`
    adds arguments that one seat alone may see (the tile it drew): `seen_by` merges them for that seat and
    drops them for everyone else."""

    only: int | None = None
    secret: tuple[tuple[int, dict[str, Any]], ...] = ()

    def seen_by(self, seat: int | None) -> Event | None:
        """The event as `seat` may read it (None: the public table), or None if it is hidden from it."""
        if self.only is not None and self.only != seat:
            return None
        if not self.secret:
            return self
        extra = [args for owner, args in self.secret if owner == seat]
        merged = {**self.args, **extra[0]} if extra else self.args
        return from_fields(Event, {"kind": self.kind, "args": merged, "only": self.only, "secret": ()})

    @property
    def public(self) -> bool:
        return self.only is None


def event(kind: str, only: int | None = None, secret: tuple[tuple[int, dict[str, Any]], ...] = (), **args: Any) -> Event:
    """A log event, built without validation on the hot path (every argument is already a JSON value)."""
    return from_fields(Event, {"kind": kind, "args": args, "only": only, "secret": secret})


def fact(kind: str, **args: Any) -> Fact:
    return from_fields(Fact, {"kind": kind, "args": args})


class Outcome(FrozenModel):
    """How a finished game ended.

    `scores` is per seat (a cooperative game repeats the team score for every seat); `ranking` lists
    groups of tied seats, best first; `reason` is a code for how it ended; `headline` is the fact the
    results screen leads with and `details` a few more (rating, fireworks total, tie-breaks ...).
    """

    scores: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    reason: str
    headline: Fact
    details: tuple[Fact, ...] = ()
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
    """One game's rules. Subclasses set the class attributes, implement setup / to_act / legal_actions /
    view / outcome, and a check_K and do_K method per action kind (see the apply kernel below)."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[FrozenModel]]
    State: ClassVar[type[FrozenModel]]
    # A pydantic TypeAdapter over the game's discriminated union of actions (field `kind`).
    action_adapter: ClassVar[TypeAdapter[Any]]
    # The most actions a record of this game may hold: far more than any real game needs, so a file cannot
    # make the program replay a game of forty thousand rack sorts.
    max_actions: ClassVar[int] = 5_000
    # Whether players may write private notes on the cards in hands (Hanabi): saves of other games hold none.
    card_notes: ClassVar[bool] = False

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

    def log(self, state: StateT) -> tuple[Event, ...]:
        return state.log  # type: ignore[attr-defined,no-any-return]

    def log_for(self, state: StateT, seat: int | None) -> tuple[Event, ...]:
        """The log as `seat` may read it: the events it may see, with its own secret arguments."""
        seen = (entry.seen_by(seat) for entry in self.log(state))
        return tuple(entry for entry in seen if entry is not None)

    def legal_for(self, state: StateT, seat: int | None) -> tuple[ActionT, ...]:
        """The actions a View carries: the seat's legal actions, none for the public table."""
        return tuple(self.legal_actions(state, seat)) if seat is not None else ()

    def last_public_event(self, state: StateT) -> Event | None:
        """The newest event the whole table may see (the pass-the-device screen shows it)."""
        for entry in reversed(self.log(state)):
            if entry.only is None:
                return entry
        return None

    def turn_label(self, state: StateT) -> Fact:
        """A short public position such as "turn 7"; games override it with rounds and the like."""
        return fact("turn", turn=getattr(state, "turn", 0) + 1)

    def variant_label(self, options: OptionsT) -> Fact | None:
        """The rule set `options` choose, shown next to the game's title (None for the game's usual rules)."""
        return None

    def public_pause(self, before: StateT, after: StateT) -> bool:
        """Whether the whole table must see what this action did before play goes on, even when the same
        seat acts next (a finished trick that its last player won): the session then shows the handoff."""
        return False

    def public_forced_action(self, state: StateT) -> tuple[int, ActionT] | None:
        """A decision that is no decision: (seat, its only action) when the seat to act has exactly one
        thing it can do AND the whole table already knows that (so playing it at once tells nobody anything
        hidden). The session plays it without asking anyone. None by default: every decision is asked."""
        return None

    def has_hidden_information(self, state: StateT) -> bool:
        """Whether a change of player must go through the pass-the-device screen."""
        return True

    # The apply kernel -------------------------------------------------------------------------------
    # Each action kind K (the `kind` field of the game's action models) has two methods:
    #   check_K(state, seat, action) -> IllegalAction | None   why the rules refuse it, or None
    #   do_K(state, seat, action) -> State                      its effect, for an allowed action
    # so each rule's legality is written once: `apply` and `refusal` use the check, and a game's
    # `legal_actions` lists exactly the candidates whose check passes (the contract tests hold it to that).

    def refusal(self, state: StateT, seat: int, action: ActionT) -> IllegalAction | None:
        """Why `seat` may not take `action` now, or None if it may."""
        acting = self.to_act(state)
        if not acting:
            return IllegalAction("game_over")
        if seat not in acting:
            return IllegalAction("not_your_turn", seat=seat)
        check = getattr(self, f"check_{getattr(action, 'kind', '')}", None)
        if check is None:
            return IllegalAction("unknown_action", kind=str(getattr(action, "kind", "")))
        return check(state, seat, action)  # type: ignore[no-any-return]

    def apply(self, state: StateT, seat: int, action: ActionT) -> StateT:
        """The state after `seat` takes `action`; raises IllegalAction (and changes nothing) if not allowed."""
        refused = self.refusal(state, seat, action)
        if refused is not None:
            raise refused
        return getattr(self, f"do_{action.kind}")(state, seat, action)  # type: ignore[attr-defined,no-any-return]

    def parse_action(self, data: Any) -> ActionT:
        return self.action_adapter.validate_python(data)  # type: ignore[no-any-return]

    def dump_action(self, action: ActionT) -> dict[str, Any]:
        return action.model_dump(mode="json")


def check(condition: bool, code: str, **params: Any) -> None:
    """Raise IllegalAction(code, **params) unless `condition` holds."""
    if not condition:
        raise IllegalAction(code, **params)


def refuse_unless(condition: bool, code: str, **params: Any) -> IllegalAction | None:
    """For check_K methods: the refusal unless `condition` holds."""
    return None if condition else IllegalAction(code, **params)
