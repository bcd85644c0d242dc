"""Narrators: the one place where a game's facts become sentences.

Engines report events, refusals (`IllegalAction` code + params), outcomes and labels as `Fact`s; each game
has one narrator (`narration/<game>.py`, class attribute `game_id`) that says them in the current
language through `_()` / `ngettext()`. Screens, the handoff feed, the log screen, the saves list and the
results all narrate through it and never read engine text.

A narrator says a fact of kind K with its method `say_K(**args)` and a refusal with code C with
`refuse_C(**params)`. Kinds every game shares (the turn, the game being over ...) are said here.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..engine.base import Event, Fact, IllegalAction
from ..i18n import N_, _


# The computer levels a table can seat, as the setup and the records name them.
LEVEL_LABELS = {"easy": N_("Easy computer"), "hard": N_("Hard computer"), "strongest": N_("Strongest computer")}


def level_label(level: str) -> str:
    """A computer level in words ("Hard computer"); a level without words is shown by its id."""
    return _(LEVEL_LABELS[level]) if level in LEVEL_LABELS else level


class MissingNarration(LookupError):
    """A fact or refusal the game's narrator has no words for (a test failure, never shown to players)."""


class Narrator:
    """Says one game's facts for a table of `players` (names indexed by seat)."""

    game_id: ClassVar[str] = ""
    # Tests set this so that a kind without words fails loudly; players get a neutral fallback.
    strict: ClassVar[bool] = False

    def __init__(self, players: Sequence[str]) -> None:
        self.players = tuple(players)

    # Shared helpers ----------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """A seat's player name (plain text: screens put it into markup as a value, never as markup)."""
        return self.players[seat] if 0 <= seat < len(self.players) else "?"

    # The game as the picker and setup screens show it: its name, one line about it, and its options' names,
    # help and choices (marked with N_ in each game's module; said here in the current language).
    TITLE: ClassVar[str] = ""
    BLURB: ClassVar[str] = ""
    OPTION_LABELS: ClassVar[Mapping[str, str]] = {}
    OPTION_HELP: ClassVar[Mapping[str, str]] = {}
    OPTION_CHOICES: ClassVar[Mapping[tuple[str, str], str]] = {}  # (option, value) -> words
    # Per computer level a table can seat: one line on how it plays and how strong the arena measured it, with
    # the measured figures (LEVEL_FIGURES) as placeholders: a new measurement needs no new translation.
    LEVEL_HELP: ClassVar[Mapping[str, str]] = {}
    LEVEL_FIGURES: ClassVar[Mapping[str, Mapping[str, str]]] = {}

    @property
    def title(self) -> str:
        """The game's name in the current language."""
        return _(self.TITLE)

    @property
    def blurb(self) -> str:
        return _(self.BLURB)

    def option_label(self, name: str) -> str:
        return _(self.OPTION_LABELS[name]) if name in self.OPTION_LABELS else name

    def option_help(self, name: str) -> str | None:
        return _(self.OPTION_HELP[name]) if name in self.OPTION_HELP else None

    def level_help(self, level: str) -> str | None:
        if level not in self.LEVEL_HELP:
            return None
        return _(self.LEVEL_HELP[level]).format(**self.LEVEL_FIGURES.get(level, {}))

    def option_choice(self, name: str, value: Any) -> str:
        label = self.OPTION_CHOICES.get((name, str(value)))
        return _(label) if label is not None else str(value)

    # Saying things ----------------------------------------------------------------------------------

    def say(self, fact: Fact) -> str:
        """A fact (event, outcome line, label, prompt) as one sentence or phrase."""
        method = getattr(self, f"say_{fact.kind}", None)
        if method is None:
            return self._missing(f"say_{fact.kind}", fact.args)
        return str(method(**fact.args))

    def event(self, entry: Event) -> str:
        """A log event (already filtered for the reader by `Event.seen_by`)."""
        return self.say(entry)

    def table_news(self, view: Any) -> tuple[str, ...]:
        """Lines the handoff adds after the events, drawn from the public View (a game's summary of a phase
        just closed, say); none by default."""
        return ()

    def events(self, entries: Sequence[Event]) -> tuple[str, ...]:
        return tuple(self.event(entry) for entry in entries)

    def refusal(self, error: IllegalAction) -> str:
        """Why an action was refused, for the status line."""
        method = getattr(self, f"refuse_{error.code}", None)
        if method is None:
            return self._missing(f"refuse_{error.code}", error.params)
        return str(method(**error.params))

    def _missing(self, name: str, args: dict[str, Any]) -> str:
        if self.strict:
            raise MissingNarration(f"{type(self).__name__}.{name}({args})")
        return name.split("_", 1)[1].replace("_", " ")

    # Facts and refusals every game shares ---------------------------------------------------------------

    def say_turn(self, turn: int) -> str:
        return _("Turn {n}").format(n=turn)

    def refuse_game_over(self) -> str:
        return _("The game is over.")

    def refuse_not_your_turn(self, seat: int | None = None) -> str:
        return _("It is not your turn.")

    def refuse_unknown_action(self, kind: str = "") -> str:
        return _("This game has no such action.")


def narrator_class(game_id: str) -> type[Narrator]:
    """The narrator class of `game_id` (module `narration/<game_id>.py`, attribute NARRATOR)."""
    module = importlib.import_module(f"boardgames_tui.narration.{game_id}")
    found: type[Narrator] = module.NARRATOR
    return found


def narrator_for(game_id: str, players: Sequence[str]) -> Narrator:
    return narrator_class(game_id)(players)


# Options in words, for the records, the saves list and replays ------------------------------------------


def option_applies(options: Any, name: str) -> bool:
    """Whether the option `name` is one this game plays by (False: another option's choice settles it)."""
    extra = type(options).model_fields[name].json_schema_extra
    condition = extra.get("shown_when", {}) if isinstance(extra, dict) else {}
    return all(getattr(options, other, None) == wanted for other, wanted in condition.items())  # type: ignore[union-attr]


def option_words(narrator: Any, name: str, value: Any) -> str:
    """An option's value in words: on / off for a switch, else as the setup screen names it."""
    if isinstance(value, bool):
        return _("on") if value else _("off")
    return str(narrator.option_choice(name, value))
