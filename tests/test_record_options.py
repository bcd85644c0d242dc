"""Every option of every game, in every rule set, as the json and text records give it: the game's own value,
never the default, and for an option a rule set settles itself the value that rule set plays by.

Each case sets one option to one of its allowed values (the Options model's Literal choices, or on/off) and
exports a few moves of the game both whole and as one seat sees it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import pytest

from boardgames_tui.engine.registry import GAMES, get_game
from boardgames_tui.engine.saves import SavedGame, SaveStore
from boardgames_tui.records import export_json, export_text, import_record
from boardgames_tui.narration import narrator_for

from .resamplers import table_size
from .test_records import play

# What the American and International rule sets play by, whatever the setup's hidden options say
# (engine/rummikub/discard.py, american.py, international.py).
RULE_SET_VALUES: dict[str, dict[str, Any]] = {
    "american": {"initial_meld": 21, "play_after_meld": "same turn", "direction": "counter-clockwise", "joker_reuse": "new set"},
    "international": {"initial_meld": 50, "play_after_meld": "same turn", "direction": "counter-clockwise", "joker_reuse": "new set"},
}
RULE_SET_WORDS = {"american": "American rules", "international": "International rules"}


def choices(annotation: Any) -> tuple[Any, ...]:
    """The values an option may take: a Literal's, or both of a switch's."""
    if annotation is bool:
        return (True, False)
    assert get_origin(annotation) is Literal, f"an option that is neither a Literal nor a switch: {annotation}"
    return get_args(annotation)


def option_cases() -> list[Any]:
    """(game, options) for every value of every option, each set on its own; Rummikub's in each rule set."""
    cases = []
    for game in sorted(GAMES):
        model = get_game(game).rules().Options
        rule_sets: tuple[Any, ...] = (None,)
        if "rule_set" in model.model_fields:
            rule_sets = choices(model.model_fields["rule_set"].annotation)
        for rule_set in rule_sets:
            base = {} if rule_set is None else {"rule_set": rule_set}
            for name, field in model.model_fields.items():
                if name == "rule_set":
                    continue
                for value in choices(field.annotation):
                    options = {**base, name: value}
                    label = "-".join(f"{key}={value}" for key, value in options.items())
                    cases.append(pytest.param(game, options, id=f"{game}-{label}"))
        if not model.model_fields:
            cases.append(pytest.param(game, {}, id=f"{game}-no-options"))
    return cases


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> SaveStore:
    monkeypatch.setenv("BOARDGAMES_TUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BOARDGAMES_TUI_CONFIG_DIR", str(tmp_path / "config"))
    return SaveStore()


def played(store: SaveStore, game: str, options: dict[str, Any]) -> SavedGame:
    model = get_game(game).rules().Options
    return play(store, game, options=model(**options), moves=4, players=table_size(game))


def expected_lines(saved: SavedGame) -> list[str]:
    """Every option's line of the text record, worked out from the game's Options and its rule set."""
    rules = get_game(saved.save.game_id).rules()
    options = rules.Options.model_validate(saved.save.options)
    narrator = narrator_for(saved.save.game_id, saved.save.players)
    rule_set = getattr(options, "rule_set", "standard")
    lines = []
    for name in type(options).model_fields:
        value = getattr(options, name)
        settled = RULE_SET_VALUES.get(rule_set, {})
        if name in settled:
            value = settled[name]
        words = ("on" if value else "off") if isinstance(value, bool) else narrator.option_choice(name, value)
        if name in settled:
            words = f"{words} ({RULE_SET_WORDS[rule_set]})"
        lines.append(f"  {narrator.option_label(name)}: {words}")
    return lines


@pytest.mark.parametrize(("game", "options"), option_cases())
def test_every_option_is_in_the_records_with_the_games_own_value(store: SaveStore, game: str, options: dict[str, Any]) -> None:
    saved = played(store, game, options)
    rules = get_game(game).rules()
    every = {name: getattr(rules.Options(**options), name) for name in rules.Options.model_fields}
    assert all(every[name] == value for name, value in options.items())
    # json: the whole record and one seat's both name every option with the value the game was set up with.
    for record in (export_json(saved, full=True), export_json(saved), export_json(saved, seat=0)):
        assert json.loads(record)["options"] == every
    # text: each option on a line of its own, with the value the game is played by.
    for text in (export_text(saved, full=True), export_text(saved), export_text(saved, seat=1)):
        heading = text.split("Players:")[0].splitlines()
        for line in expected_lines(saved):
            assert line in heading, f"{line!r} is missing from:\n{text}"


@pytest.mark.parametrize("rule_set", sorted(RULE_SET_VALUES))
def test_a_rule_set_plays_by_the_values_the_text_record_names(store: SaveStore, rule_set: str) -> None:
    """The figures of RULE_SET_VALUES are the engine's: the ice and the direction of play of a real game."""
    saved = played(store, "rummikub", {"rule_set": rule_set, "initial_meld": 30, "direction": "clockwise"})
    rules = get_game("rummikub").rules()
    view = rules.view(saved.state, None)
    assert view.turn_rules.initial_meld == RULE_SET_VALUES[rule_set]["initial_meld"]
    # Counter-clockwise: after the first player's turn comes the seat before it (two players: the other one,
    # so three are seated here).
    state = rules.setup(("Ana", "Ben", "Cy"), rules.Options(rule_set=rule_set), "9")
    first = state.current
    for _ in range(400):
        if state.current != first:
            break
        legal = rules.legal_actions(state, first)
        forward = [a for a in legal if a.kind in ("draw", "discard")]
        state = rules.apply(state, first, (forward or list(legal))[0])
    assert state.current == (first - 1) % 3
    text = export_text(saved, full=True)
    assert f"Initial meld: {RULE_SET_VALUES[rule_set]['initial_meld']} ({RULE_SET_WORDS[rule_set]})" in text
    assert "Initial meld: 30" not in text and "Direction of play: clockwise" not in text


@pytest.mark.parametrize("rule_set", ["standard", "american"])
def test_an_imported_record_keeps_the_options_as_the_app_saves_them(store: SaveStore, rule_set: str) -> None:
    saved = played(store, "rummikub", {"rule_set": rule_set, "hints": False})
    record = export_json(saved, full=True)
    assert json.loads(record)["options"]["rule_set"] == rule_set  # named even where the save leaves it out
    again = store.load(import_record(record, store))
    assert isinstance(again, SavedGame)
    assert again.save.options == saved.save.options
    assert again.state == saved.state
    assert export_json(again, full=True) == record
