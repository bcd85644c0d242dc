"""The contract every game engine follows.

Engines are pure: they import only the standard library and pydantic, never the UI. A game is one
`GameRules` object whose methods are functions of immutable pydantic models, so the same definition
drives the terminal UI, the tests, the saves and the benchmark.
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from itertools import repeat
from operator import is_
from types import FunctionType
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .fastmodel import from_fields, plain_eq


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

    # Pydantic's own comparison, faster; each model class still gets pydantic's hash of its fields.
    __eq__ = plain_eq


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


class Refusal(FrozenModel):
    """Why the engine would refuse an action a player may try now: the action's `kind` (as the game's View
    names its tries), the refusal's code and parameters (as IllegalAction carries them), and, for a try made
    on one thing in turn, the `target` it was tried on (a set, a tile, a seat, a cell: the game says which).
    A View carries these for its seat when that seat is to act, so a screen says the engine's reason for a
    refused key instead of working the rule out itself."""

    kind: str
    code: str
    params: dict[str, object] = Field(default_factory=dict)
    target: int | None = None


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
    """One game's rules. Subclasses set the class attributes, implement setup / to_act / list_actions /
    view / outcome, declare their phases, and a check_K and do_K method per action kind (see the apply
    kernel below)."""

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
    # One kernel dispatches every action of every game; a game supplies its rules only:
    #   phases                       which action kinds each phase (`state.phase`) allows: a table
    #   out_of_phase(state, seat, kind) -> IllegalAction   the game's refusal of a kind its phase does not allow
    #   check_K(state, seat, action) -> IllegalAction | None   why the rules refuse an action of kind K, or None
    #   do_K(state, seat, action) -> State                      its effect, for an allowed action
    #   list_actions(state, seat) -> tuple of actions           every legal action of the seat to act
    # so each rule is written once: `apply`, `refusal` and `legal_actions` (the kernel's) use them, and a
    # game's listing holds exactly the candidates its checks allow (the contract tests hold it to that).
    # The kernel refuses, in this order: a finished game (game_over), a seat not to act (not_your_turn), an
    # action kind the game does not have (unknown_action), a kind the phase does not allow (the game's
    # out_of_phase), then whatever check_K says.

    # Phase -> the action kinds it allows (a phase that ends the game allows none). Every kind in the table
    # has a check_K and a do_K. None: the game has no phases (every kind with a check_K and a do_K is
    # allowed whenever the seat is to act).
    phases: ClassVar[Mapping[str, tuple[str, ...]] | None] = None
    # Whether the kernel keeps the last listing it handed out (per rules object: the state, the seat and
    # the actions) to answer `legal_actions` again for that very state, and to take one of those very action
    # objects in `apply` without asking its check again. It pays where checks are dear and listings short
    # (Splendor Duel's payments, Hanabi's clues); finding an action among thousands of listed moves
    # (Rummikub) would cost more than its check.
    remember_listing: ClassVar[bool] = False

    # Worked out once per class (__init_subclass__): action kind -> (check_K, do_K), plain functions called
    # with the rules object; for a game with phases, phase -> that table cut to the kinds the phase allows;
    # and whether the game has the optional hooks.
    _kinds: ClassVar[dict[str, tuple[Callable[..., Any], Callable[..., Any]]]] = {}
    _by_phase: ClassVar[dict[str, dict[str, tuple[Callable[..., Any], Callable[..., Any]]]] | None] = None
    _delegates: ClassVar[bool] = False
    _settles: ClassVar[bool] = False
    # The last listing handed out, (state, seat, actions), when `remember_listing`: one slot per rules object.
    _listed: tuple[Any, Any, Sequence[Any]] | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        phases = cls.phases
        if phases is None:
            kinds = [name[6:] for name in dir(cls) if name.startswith("check_") and hasattr(cls, "do_" + name[6:])]
        else:
            kinds = sorted({kind for allowed in phases.values() for kind in allowed})
        table = {}
        for kind in kinds:
            check, do = (inspect.getattr_static(cls, prefix + kind, None) for prefix in ("check_", "do_"))
            if not (isinstance(check, FunctionType) and isinstance(do, FunctionType)):
                raise TypeError(f"{cls.__name__}: action kind {kind!r} needs methods check_{kind} and do_{kind}")
            table[kind] = (check, do)
        cls._kinds = table
        cls._by_phase = None if phases is None else {
            phase: {kind: table[kind] for kind in allowed} for phase, allowed in phases.items()
        }
        cls._delegates = cls.rules_for is not GameRules.rules_for
        cls._settles = cls.after_action is not GameRules.after_action

    def rules_for(self, state: StateT) -> GameRules[Any, Any, Any, Any]:
        """The rules object that plays `state`: this one, unless the game's rule sets are objects of their own
        (Rummikub), which says so by overriding this; the kernel then hands every call to that object."""
        return self

    def out_of_phase(self, state: StateT, seat: int, kind: str) -> IllegalAction:
        """The game's refusal of an action of `kind` that the current phase does not allow (see `phases`)."""
        raise NotImplementedError(f"{type(self).__name__} declares phases but not why it refuses {kind!r} in {state.phase!r}")  # type: ignore[attr-defined]

    def after_action(self, before: StateT, after: StateT) -> StateT:
        """What every action does besides its own effect (Lifeboat marks where the action's events start):
        the state `apply` returns. Called only for a game that overrides it."""
        return after

    def list_actions(self, state: StateT, seat: int) -> Sequence[ActionT]:
        """Every action `seat` may take; asked only for a seat that is to act (a tuple of cached objects, so
        `remember_listing` can recognise them)."""
        raise NotImplementedError

    def legal_actions(self, state: StateT, seat: int) -> Sequence[ActionT]:
        """Every action `seat` may take now (empty if it is not that seat's decision)."""
        remember = self.remember_listing
        if remember:
            listed = self._listed
            if listed is not None and listed[0] is state and listed[1] == seat:
                return listed[2]
        try:
            acting = seat in self.to_act(state)
        except TypeError:  # no seat at all (a list ...)
            acting = False
        if not acting:
            return ()
        if self._delegates:
            return self.rules_for(state).legal_actions(state, seat)
        actions = self.list_actions(state, seat)
        if remember:
            self._listed = (state, seat, actions)
        return actions

    def refusal(self, state: StateT, seat: int, action: ActionT) -> IllegalAction | None:
        """Why `seat` may not take `action` now, or None if it may."""
        if self._delegates:
            return self.rules_for(state).refusal(state, seat, action)
        acting = self.to_act(state)
        if not acting:
            return IllegalAction("game_over")
        try:
            to_act = seat in acting
        except TypeError:  # no seat at all (a list ...)
            to_act = False
        if not to_act:
            return IllegalAction("not_your_turn", seat=as_param(seat))
        kind = getattr(action, "kind", "")
        found = self._kinds.get(kind) if type(kind) is str else None
        if found is None:
            return IllegalAction("unknown_action", kind=str(kind))
        by_phase = self._by_phase
        if by_phase is not None:
            phase = state.phase  # type: ignore[attr-defined]
            if phase not in by_phase:
                raise KeyError(f"{type(self).__name__}: phase {phase!r} is missing from its phases")
            if kind not in by_phase[phase]:
                return self.out_of_phase(state, seat, kind)
        return found[0](self, state, seat, action)  # type: ignore[no-any-return]

    def apply(self, state: StateT, seat: int, action: ActionT) -> StateT:
        """The state after `seat` takes `action`; raises IllegalAction (and changes nothing) if not allowed.

        The playouts' hot path: `refusal` written out for the usual case (an int seat to act, a kind its
        phase allows: straight to its check), and no check at all for an action object the kernel itself
        just listed for this very state and seat (`remember_listing`)."""
        listed = self._listed
        if listed is not None and listed[0] is state and listed[1] == seat and any(map(is_, listed[2], repeat(action))):
            do = self._kinds[action.kind][1]  # type: ignore[attr-defined]
        else:
            by_phase = self._by_phase
            try:
                found = (self._kinds if by_phase is None else by_phase[state.phase])[action.kind]  # type: ignore[attr-defined]
            except (AttributeError, KeyError, TypeError):  # no kind, another kind, or a kind the phase lacks
                found = None
            if found is None or type(seat) is not int or seat not in self.to_act(state):
                if self._delegates:
                    return self.rules_for(state).apply(state, seat, action)
                refused = self.refusal(state, seat, action)  # why not; None only for an odd seat, such as 1.0
                if refused is not None:
                    raise refused
                do = self._kinds[action.kind][1]  # type: ignore[attr-defined]
            else:
                refused = found[0](self, state, seat, action)
                if refused is not None:
                    raise refused
                do = found[1]
        after = do(self, state, seat, action)
        return self.after_action(state, after) if self._settles else after  # type: ignore[no-any-return]

    def parse_action(self, data: Any) -> ActionT:
        return self.action_adapter.validate_python(data)  # type: ignore[no-any-return]

    def dump_action(self, action: ActionT) -> dict[str, Any]:
        return action.model_dump(mode="json")


def as_param(value: Any) -> Any:
    """A value an action (or a caller) gave, as a refusal's argument: ints and strings as they are, anything
    else as its repr (a refusal's arguments are JSON values)."""
    return value if type(value) in (int, str) else repr(value)


def check(condition: bool, code: str, **params: Any) -> None:
    """Raise IllegalAction(code, **params) unless `condition` holds."""
    if not condition:
        raise IllegalAction(code, **params)


def refuse_unless(condition: bool, code: str, **params: Any) -> IllegalAction | None:
    """For check_K methods: the refusal unless `condition` holds."""
    return None if condition else IllegalAction(code, **params)
