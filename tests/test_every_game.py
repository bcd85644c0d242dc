"""The one test every game passes (DESIGN.md section 6): a new game passes it or is not in the picker.

For every registered game (engine/registry.py) and the example game of tests/example_game, a seeded random
legal playout to the end for each of a few option sets that between them play every player count, every rule
set and every value of every option that applies, checked as it goes, in the manner of OpenSpiel's one
random-simulation test:

- the contract: `to_act` is empty exactly when `outcome` is set; every seat to act has legal actions, listed
  once each, and every other seat none; every listed action applies; an action of a seat not to act, and
  actions made by changing a field of a legal one or taken from elsewhere in the game, are refused with
  IllegalAction exactly as `refusal` says, or applied as `refusal` allows; nothing probed changes the state;
  the game ends within the rules' `max_actions` (a save holds no more);
- no leaks: each seat's View, and the public one, is the same when what the seat cannot see is dealt again
  (tests/resamplers.py), and the View carries the seat's legal actions;
- saves: the game saved mid-way and at the end loads back through SaveStore, which replays the moves, to the
  identical state;
- narration: the game's narrator (strict: see tests/conftest.py) says every event the playout logged, as
  every seat and the table read it, the handoff's news after every action, every turn label, the outcome,
  the rule set's label and every refusal met, without MissingNarration;
- computers: at a few positions, each level a table can seat picks a legal action from the seat's View, and
  the same one when the seat's hidden information is dealt again.

Then, per game, a short game in the app itself: every turn screen is the game's own, built from the acting
seat's View, and the actions it submits are played through the session to the results screen.

Playouts are bounded (a seeded schedule of probed positions, a cap on the actions tried at each) so the
module runs in seconds. Nothing here names a game: a game added to the registry is checked as it is.
"""

from __future__ import annotations

import itertools
import json
import random
import time
import typing
import zlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError
from pydantic.fields import FieldInfo

from boardgames_tui.bots import BOTS, decide
from boardgames_tui.engine.base import Event, Fact, IllegalAction
from boardgames_tui import bench
from boardgames_tui.engine.registry import GAMES
from boardgames_tui.engine.saves import SCHEMA_VERSION, STATE_VERSION, RecordedAction, SavedGame, SaveFile, SaveStore, now_iso
from boardgames_tui.narration import narrator_class, option_applies
from tests import example_game
from tests.example_game import engine as example_engine
from tests.resamplers import RESAMPLE

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal")
# Every game of the registry, then the example (registered for each test by the fixture below).
GAME_IDS = [*GAMES, example_game.GAME_ID]

LISTED_CAP = 40  # listed actions applied at one probed position (a random sample beyond it)
CHANGED_ACTIONS = 4  # legal actions whose fields are changed one at a time at each probed position
TAKEN_ELSEWHERE = 6  # actions taken earlier in the game, tried again at each probed position
EVERY_STEP_UNTIL = 8  # the first steps are all probed; later ones on a thinning schedule (and new situations)
BOT_POSITIONS = 3  # probed positions at which every table level decides
# DESIGN.md: legal_actions lists EVERY legal action, and the test holds every game to it, except for the
# action kinds a game's engine documents as listed in part: Rummikub lists single-tile moves and rack moves
# of one place, and accepts their compositions (several tiles at once, a tile to any place of the rack) and
# a move to the end of a set by its position (engine/rummikub/standard.py, listing.py). Such an action must
# still be allowed by `refusal` exactly when `apply` takes it (try_unlisted).
LISTED_IN_PART: dict[str, frozenset[str]] = {"rummikub": frozenset({"move", "arrange_rack"})}


@pytest.fixture(autouse=True)
def example_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    example_game.install(monkeypatch)


def rules_of(game_id: str) -> Any:
    """The game's rules object; at collection time the example is not registered yet, so it is read directly."""
    return example_engine.RULES if game_id == example_game.GAME_ID else GAMES[game_id].rules()


# Every rule set, option value and player count --------------------------------------------------------------


def choices(info: FieldInfo) -> tuple[Any, ...]:
    """The values the setup screen offers for an option, its default first (a switch: off and on)."""
    if info.annotation is bool:
        values: tuple[Any, ...] = (False, True)
    elif typing.get_origin(info.annotation) is typing.Literal:
        values = typing.get_args(info.annotation)
    else:
        return ()
    return (info.default, *(value for value in values if value != info.default))


def shown_when(info: FieldInfo) -> dict[str, Any]:
    extra = info.json_schema_extra
    condition = extra.get("shown_when", {}) if isinstance(extra, dict) else {}
    return dict(condition)  # type: ignore[arg-type]


def option_sets(options_model: Any) -> list[dict[str, Any]]:
    """Option sets, the defaults first, in which every value of every option is played and every value of an
    option that others depend on (a rule set): each next set is the one that plays the most values not played
    yet, every option that applies in it taking its least played value."""
    fields = options_model.model_fields
    gates = sorted({name for info in fields.values() for name in shown_when(info)})
    free = {name: choices(info) for name, info in fields.items() if name not in gates and choices(info)}
    played: Counter[tuple[str, Any]] = Counter()
    found: list[dict[str, Any]] = []

    def candidate(gate_values: tuple[Any, ...]) -> dict[str, Any]:
        chosen = dict(zip(gates, gate_values))
        options = options_model(**chosen)
        for name, values in free.items():
            if option_applies(options, name):
                chosen[name] = min(values, key=lambda value: played[name, value])  # the first of the least played
        return chosen

    def new_values(chosen: dict[str, Any]) -> int:
        return sum(not played[name, value] for name, value in chosen.items())

    combos = list(itertools.product(*(choices(fields[gate]) for gate in gates)))
    while True:
        best = max((candidate(combo) for combo in combos), key=new_values)  # the first of the best
        if found and not new_values(best):
            break
        found.append(best)
        played.update(best.items())
    return [{name: value for name, value in chosen.items() if value != fields[name].default} for chosen in found]


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    options: tuple[tuple[str, Any], ...]  # the options that differ from the defaults

    @property
    def label(self) -> str:
        chosen = ",".join(f"{name}={value}" for name, value in self.options) or "defaults"
        return f"{self.game}-{self.players}p-{chosen}"


def cases() -> list[Case]:
    """Per game, the option sets and the player counts side by side, each at least once."""
    found = []
    for game_id in GAME_IDS:
        rules = rules_of(game_id)
        counts = list(range(rules.min_players, rules.max_players + 1))
        sets = option_sets(rules.Options)
        for i in range(max(len(sets), len(counts))):
            found.append(Case(game_id, counts[i % len(counts)], tuple(sets[i % len(sets)].items())))
    return found


CASES = cases()


# The playout ----------------------------------------------------------------------------------------------


@dataclass
class Playout:
    """A finished random game and what was seen on the way."""

    case: Case
    rules: Any
    names: tuple[str, ...]
    options: Any
    deal: str
    moves: list[tuple[int, Any]] = field(default_factory=list)
    final: Any = None
    probed: list[tuple[int, Any]] = field(default_factory=list)  # (actions before it, state)
    refusals: dict[str, IllegalAction] = field(default_factory=dict)  # by code and params
    news: dict[str, Event] = field(default_factory=dict)  # the table's news after each action
    labels: dict[str, Fact] = field(default_factory=dict)
    accepted_unlisted: Counter[str] = field(default_factory=Counter)  # applied though not listed, by kind
    resampled_differently: int = 0


def key_of(told: Any) -> str:
    return json.dumps(told.model_dump(mode="json") if hasattr(told, "model_dump") else told, sort_keys=True, default=str)


def error_key(error: IllegalAction) -> str:
    return json.dumps([error.code, error.params], sort_keys=True, default=str)


def should_probe(step: int, situation: Any, situations: set[Any]) -> bool:
    """The first steps, every new situation (seats to act, kinds of action they have), then a thinning schedule."""
    if situation not in situations:
        situations.add(situation)
        return True
    return step < EVERY_STEP_UNTIL or step in THINNING


THINNING = frozenset(int(1.35**k) for k in range(60))


def play(case: Case) -> Playout:
    rules = rules_of(case.game)
    options = rules.Options(**dict(case.options))
    names = NAMES[: case.players]
    deal = str(zlib.crc32(case.label.encode()))  # a deal number of its own per case, as the app's are digits
    rng = random.Random(deal)
    game = Playout(case, rules, names, options, deal)
    state = rules.setup(names, options, deal)
    assert state == rules.setup(names, options, deal), "the same deal sets up the same game"
    situations: set[Any] = set()
    pool: list[Any] = []  # actions taken so far (tried again at other positions)
    for step in range(rules.max_actions + 1):
        acting = rules.to_act(state)
        outcome = rules.outcome(state)
        assert bool(acting) == (outcome is None), f"to_act {set(acting)} but outcome {outcome}"
        game.labels.setdefault(key_of(label := rules.turn_label(state)), label)
        if outcome is not None:
            break
        legal = {seat: tuple(rules.legal_actions(state, seat)) for seat in range(len(names))}
        for seat, actions in legal.items():
            if seat in acting:
                assert actions, f"seat {seat} is to act with no legal action"
            else:
                assert actions == (), f"seat {seat} is not to act but has legal actions"
        situation = (len(acting), frozenset().union(*(map(type, legal[seat]) for seat in acting)))
        if should_probe(step, situation, situations):
            probe(game, state, acting, legal, pool, rng)
            game.probed.append((step, state))
        seat = rng.choice(sorted(acting))
        action = rng.choice(legal[seat])
        state = rules.apply(state, seat, action)
        game.moves.append((seat, action))
        pool.append(action)
        news = rules.last_public_event(state)
        if news is not None:
            game.news.setdefault(key_of(news), news)
    else:
        pytest.fail(f"{case.label}: no end after {rules.max_actions} actions, the most a save of this game holds")
    game.final = state
    probe_finished(game, state)
    game.probed.append((len(game.moves), state))
    return game


def probe(game: Playout, state: Any, acting: frozenset[int], legal: dict[int, tuple[Any, ...]], pool: list[Any], rng: random.Random) -> None:
    """At one position: every listed action applies, other actions are refused as `refusal` says (or applied
    as it allows), and nothing of it changes the state."""
    rules = game.rules
    before = state.model_dump_json()
    copy = state.model_copy(deep=True)
    for seat in sorted(acting):
        assert len(set(legal[seat])) == len(legal[seat]), f"seat {seat}'s legal actions repeat"
        listed = legal[seat] if len(legal[seat]) <= LISTED_CAP else rng.sample(legal[seat], LISTED_CAP)
        for action in listed:
            assert rules.refusal(state, seat, action) is None, (seat, action)
            rules.apply(state, seat, action)
    some_legal = legal[min(acting)][0]
    for seat in range(len(game.names)):  # a seat not to act may not take an action of one that is
        if seat not in acting:
            with pytest.raises(IllegalAction) as refused:
                rules.apply(state, seat, some_legal)
            game.refusals.setdefault(error_key(refused.value), refused.value)
    seat = rng.choice(sorted(acting))
    listed_set = set(legal[seat])
    for action in rng.sample(legal[seat], min(CHANGED_ACTIONS, len(legal[seat]))):
        for changed in changed_actions(rules, action):
            try_unlisted(game, state, seat, changed, listed_set)
    for action in rng.sample(pool, min(TAKEN_ELSEWHERE, len(pool))):
        try_unlisted(game, state, seat, action, listed_set)
    assert state.model_dump_json() == before and state == copy, "a probed action changed the state"


def changed_actions(rules: Any, action: Any) -> Iterator[Any]:
    """`action` with one field changed at a time (numbers off by one or far out, switches flipped, a tile
    list cut, grown or shifted, nothing made something): each one the game's action model reads."""
    data = rules.dump_action(action)
    for name, value in data.items():
        if name == "kind":
            continue
        if isinstance(value, bool):
            others: list[Any] = [not value]
        elif isinstance(value, int):
            others = [value + 1, value - 1, -1, 10**6]
        elif isinstance(value, str):
            others = ["", value + "?"]
        elif value is None:
            others = [0, 1]
        elif isinstance(value, list):
            others = [value[:-1], value + value[:1], []]
            if all(isinstance(item, int) and not isinstance(item, bool) for item in value):
                others.append([item + 1 for item in value])
        else:
            continue
        for other in others:
            if other == value:
                continue
            try:
                yield rules.parse_action({**data, name: other})
            except ValidationError:
                continue


def try_unlisted(game: Playout, state: Any, seat: int, action: Any, listed: set[Any]) -> None:
    """An action the seat's legal actions do not list: refused with IllegalAction, for the reason `refusal`
    gives; or, where a game lists a representative of a family of legal actions, applied as `refusal` allows."""
    if action in listed:
        return
    rules = game.rules
    try:
        refused = rules.refusal(state, seat, action)
        try:
            rules.apply(state, seat, action)
        except IllegalAction as error:
            assert refused == error, f"refusal says {refused}, apply raised {error} for {action!r}"
            game.refusals.setdefault(error_key(error), error)
            return
    except (AssertionError, IllegalAction):
        raise
    except Exception as exc:  # an engine fault on an action a save could hold
        raise AssertionError(f"{game.case.label}: seat {seat}, {action!r} raised {exc!r}, not IllegalAction") from exc
    assert refused is None, f"apply took {action!r} though refusal says {refused}"
    game.accepted_unlisted[getattr(action, "kind", "")] += 1


def probe_finished(game: Playout, state: Any) -> None:
    """Once the game is over: no seat may act, every action is refused, and the state survives its JSON."""
    rules = game.rules
    for seat in range(len(game.names)):
        assert tuple(rules.legal_actions(state, seat)) == ()
        for _seat, action in game.moves[-3:]:
            with pytest.raises(IllegalAction) as refused:
                rules.apply(state, seat, action)
            game.refusals.setdefault(error_key(refused.value), refused.value)
    assert rules.State.model_validate_json(state.model_dump_json()) == state, "the state survives its JSON form"


# The checks after the playout ------------------------------------------------------------------------------


def check_views(game: Playout) -> None:
    """Each seat's View (and the public one) is the same whatever the seat cannot see, and carries exactly the
    seat's legal actions."""
    rules, rng = game.rules, random.Random(game.deal)
    resample = RESAMPLE[game.case.game]
    for _step, state in game.probed:
        views = {seat: rules.view(state, seat) for seat in (None, *range(len(game.names)))}
        for seat, view in views.items():
            assert view.seat == seat
            wanted = () if seat is None else tuple(rules.legal_actions(state, seat))
            assert tuple(view.legal_actions) == wanted, f"seat {seat}'s View does not carry its legal actions"
        if rules.outcome(state) is not None:
            continue  # a finished game may lay everything open (Lifeboat scores every Love and Hate)
        for seat in range(len(game.names)):
            other = resample(state, seat, rng)
            game.resampled_differently += other != state
            assert rules.view(other, seat) == views[seat], f"seat {seat}'s View shows what it cannot see"
            assert rules.view(other, None) == views[None], f"the public View shows what seat {seat} cannot see"


def check_bots(game: Playout) -> None:
    """At a few positions, every level a table can seat picks a legal action from the seat's View, and the
    same action when what the seat cannot see is dealt again (the same View, the same random generator)."""
    rules, rng = game.rules, random.Random(game.deal)
    positions = [(step, state) for step, state in game.probed if rules.to_act(state)]
    chosen_positions = rng.sample(positions, min(BOT_POSITIONS, len(positions)))
    for step, state in chosen_positions:
        seat = rng.choice(sorted(rules.to_act(state)))
        view = rules.view(state, seat)
        other_view = rules.view(RESAMPLE[game.case.game](state, seat, rng), seat)
        for level in GAMES[game.case.game].table_levels:
            action = decide(game.case.game, level, view, game.deal, step)
            refused = rules.refusal(state, seat, action)
            assert refused is None, f"the {level} computer of seat {seat} at step {step} chose {action!r}: {refused}"
            again = decide(game.case.game, level, other_view, game.deal, step)
            assert again == action, f"the {level} computer decides by what seat {seat} cannot see"


def check_narration(game: Playout) -> None:
    """The narrator says every fact and refusal the playout produced."""
    narrator = narrator_class(game.case.game)(game.names)
    rules, final = game.rules, game.final
    said: set[str] = set()

    def say(entry: Any) -> None:
        key = key_of(entry)
        if key not in said:
            said.add(key)
            assert narrator.say(entry).strip(), f"{entry.kind} said as nothing"

    for reader in (None, *range(len(game.names))):
        for entry in rules.log_for(final, reader):
            say(entry)
        for raw in rules.log(final):
            seen = raw.seen_by(reader)
            if seen is not None:
                say(seen)
    for told in (*game.news.values(), *game.labels.values()):
        say(told)
    outcome = rules.outcome(final)
    for told in (outcome.headline, *outcome.details):
        say(told)
    variant = rules.variant_label(game.options)
    if variant is not None:
        say(variant)
    for error in game.refusals.values():
        assert narrator.refusal(error).strip()
    for _step, state in game.probed:
        narrator.table_news(rules.view(state, None))


def check_saves(game: Playout, folder: Path) -> None:
    """Saved mid-way and at the end, the game loads back (the store replays every move and compares) to the
    identical state, finished or not as it is."""
    rules = game.rules
    store = SaveStore(folder)
    middle = game.probed[len(game.probed) // 2]
    for count, state in (middle, (len(game.moves), game.final)):
        stamp = now_iso()
        save = SaveFile(
            schema_version=SCHEMA_VERSION,
            save_id=store.unused_save_id(),
            game_id=game.case.game,
            players=game.names,
            options=game.options.model_dump(mode="json"),
            seed=game.deal,
            actions=tuple(RecordedAction(seat=seat, action=rules.dump_action(a)) for seat, a in game.moves[:count]),
            state=state.model_dump(mode="json"),
            created_at=stamp,
            updated_at=stamp,
            state_version=STATE_VERSION,
        )
        path = store.write(save)
        loaded = SaveStore(folder).load(path)  # a fresh store: the moves are replayed
        assert isinstance(loaded, SavedGame), f"{loaded.code} {loaded.params}"
        assert loaded.state == state, "the replayed game differs from the one played"
        assert loaded.save.finished == (rules.outcome(state) is not None)
        listed = SaveStore(folder).load(path, replay=False)  # the saves list reads a file it checked before
        assert isinstance(listed, SavedGame) and listed.state == state


# The one test -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=[case.label for case in CASES])
def test_a_random_game_keeps_every_promise(case: Case, tmp_path: Path) -> None:
    game = play(case)
    check_views(game)
    assert game.resampled_differently, "the resampler changed nothing: the no-leak check proved nothing"
    check_bots(game)
    check_narration(game)
    check_saves(game, tmp_path / "saves")
    unlisted = set(game.accepted_unlisted) - LISTED_IN_PART.get(case.game, frozenset())
    assert not unlisted, f"applied though not listed: {dict(game.accepted_unlisted)}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_every_part_found_by_its_id(game_id: str) -> None:
    """What the app finds from the game's id alone (docs/ADDING_A_GAME.md)."""
    from boardgames_tui.engine.reveal import reveal
    from boardgames_tui.tui.games import table_module, turn_screen_class
    from boardgames_tui.tui.screens.rules import rulebook_text
    from boardgames_tui.tui.screens.turn import TurnScreen

    spec = GAMES[game_id]
    rules = spec.rules()
    assert rules.id == game_id
    rules.Options()  # every option has a default
    narrator = narrator_class(game_id)(NAMES[:2])
    assert narrator.title and narrator.blurb
    for name in rules.Options.model_fields:
        assert narrator.option_label(name) != name, f"the narrator does not name the option {name}"
    assert issubclass(turn_screen_class(game_id), TurnScreen)
    table = table_module(game_id)
    assert callable(table.table) and callable(table.public_table) and callable(table.reveal)
    assert "Rules not found" not in rulebook_text(game_id, "en")
    assert set(spec.table_levels) <= set(BOTS[game_id])
    assert game_id in RESAMPLE
    state = rules.setup(NAMES[: rules.min_players], rules.Options(), "parts")
    assert reveal(game_id, state) is not None
    for level in spec.table_levels:
        assert narrator.level_help(level), f"the setup says nothing of the {level} computer"


@pytest.mark.parametrize(("game_id", "variant"), [(game_id, variant) for game_id in GAMES for variant in bench.variants(GAMES[game_id])])
def test_the_benchmark_keys_reach_a_turn_and_apply_an_action(game_id: str, variant: str) -> None:
    """The benchmark's key script of each game and rule set (its turn screen's BENCH_KEYS) works: it
    reaches a turn, its keys move within it and its last key applies an action (else the bench raises)."""
    figures = bench.key_latencies(GAMES[game_id], 1, variant)
    assert set(figures) == {"no-op key", "game key", "applied action"} and all(t > 0 for t in figures.values())


# The app ---------------------------------------------------------------------------------------------------

MOVES_IN_THE_APP = 8


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_game_is_played_in_the_app_from_its_turn_screens(
    game_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from boardgames_tui.tui.app import BoardGamesApp
    from boardgames_tui.tui.games import turn_screen_class
    from boardgames_tui.tui.screens.pass_device import PassDeviceScreen
    from boardgames_tui.tui.screens.results import ResultsScreen
    from boardgames_tui.tui.session import HotseatSession

    monkeypatch.setenv("BOARDGAMES_TUI_CONFIG_DIR", str(tmp_path / "config"))
    rules = GAMES[game_id].rules()
    rng = random.Random(game_id)
    app = BoardGamesApp(save_dir=tmp_path / "saves", handoff_delay=0.05, computers_in_subprocess=False, computer_pause=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        session = HotseatSession.new(game_id, NAMES[: rules.min_players], rules.Options(), app.store, seed="7")
        await app.start_session(session)
        deadline = time.monotonic() + 20
        while session.actions_recorded < MOVES_IN_THE_APP and session.outcome() is None:
            assert time.monotonic() < deadline, f"stuck on {app.screen!r}"
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, PassDeviceScreen):
                if screen.armed:
                    await pilot.press("space")
                continue
            assert isinstance(screen, turn_screen_class(game_id)), screen
            assert screen.view == session.view(screen.seat), "a turn screen is built from its seat's View"
            before = session.actions_recorded
            screen.submit(rng.choice(screen.view.legal_actions))
            while session.actions_recorded == before:
                assert time.monotonic() < deadline, "the submitted action was not played"
                await pilot.pause()
            # The next screen, or this one redrawn from the seat's newer View (the same seat goes on).
            while app.screen is screen and session.outcome() is None and screen.view != session.view(screen.seat):
                assert time.monotonic() < deadline, "the turn screen was neither replaced nor redrawn"
                await pilot.pause()
        if session.outcome() is not None:
            while not isinstance(app.screen, ResultsScreen):
                assert time.monotonic() < deadline, f"no results screen: {app.screen!r}"
                await pilot.pause()
            assert app.screen.query_one("#reveal") is not None
