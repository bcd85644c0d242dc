"""The rule-set choice itself: the Options field, RULES handing each state to its rule set, and saves of
the standard game written before the rule sets existed."""

from __future__ import annotations

import typing

from boardgames_tui.engine.rummikub.american import AMERICAN
from boardgames_tui.engine.rummikub.international import INTERNATIONAL
from boardgames_tui.engine.rummikub.models import (
    ACTION_ADAPTER,
    Discard,
    ReturnTrump,
    RummikubOptions,
    RummikubState,
    TakeDiscard,
    TakeTrump,
)
from boardgames_tui.engine.rummikub.rules import RULES, STANDARD, end_turn_problems, meld_points, rules_for
from boardgames_tui.narration import narrator_for
from .helpers import act, build, move, NAMES, said, say, vbuild


NEW_STATE_FIELDS = ("stacks", "discards", "trump", "took_trump", "took_discard", "announced", "win_kind", "score_notes")


def test_the_rule_set_is_a_setup_choice_defaulting_to_standard() -> None:
    field = RummikubOptions.model_fields["rule_set"]
    assert typing.get_args(field.annotation) == ("standard", "american", "international")
    assert field.default == "standard" and field.title is None and field.description is None  # words: the narrator's
    assert narrator_for("rummikub", NAMES).option_label("rule_set") == "Rule set"
    assert next(iter(RummikubOptions.model_fields)) == "rule_set"  # first on the setup screen


def test_the_standard_options_dump_as_before() -> None:
    assert "rule_set" not in RummikubOptions().model_dump()
    assert "rule_set" not in RummikubOptions().model_dump_json()
    american = RummikubOptions(rule_set="american")
    assert american.model_dump()["rule_set"] == "american"
    assert RummikubOptions.model_validate_json(american.model_dump_json()) == american


def test_rules_hands_each_state_to_its_rule_set() -> None:
    """The rule set is chosen once, by RULES, from the options: each rule-set object plays only its own."""
    for rule_set, rules in (("american", AMERICAN), ("international", INTERNATIONAL), ("standard", STANDARD)):
        state = RULES.setup(NAMES[:2], RummikubOptions(rule_set=rule_set), "x")  # type: ignore[arg-type]
        assert rules_for(state) is rules and rules.setup(NAMES[:2], state.options, "x") == state
        assert RULES.legal_actions(state, state.current) == rules.legal_actions(state, state.current)
        assert RULES.view(state, 0) == rules.view(state, 0) and RULES.turn_label(state) == rules.turn_label(state)
        assert RULES.outcome(state) is None and RULES.variant_label(state.options) == rules.variant_label(state.options)
    assert RULES.variant_label(RummikubOptions()) is None
    assert say(RULES.variant_label(RummikubOptions(rule_set="american"))) == "American rules"


def test_the_module_helpers_follow_the_rule_set() -> None:
    state = act(vbuild("american", ["K6 R6 B6 O1", "B1"], melded=(False, True)), move("K6 R6 B6"))
    assert meld_points(state) == 18
    assert said(end_turn_problems(state)) == ("Breaking the ice: your new melds from your rack are worth 18; you need at least 21",)


def test_new_actions_parse_from_json() -> None:
    for action in (TakeDiscard(), TakeTrump(), ReturnTrump(), Discard(tile=7)):
        assert ACTION_ADAPTER.validate_python(action.model_dump(mode="json")) == action


def test_a_standard_save_from_before_the_rule_sets_still_loads() -> None:
    state = act(build(["K1 K2 K3 O9", "B1"], ["R1 R2 R3"]), move("K1 K2 K3"))
    data = state.model_dump(mode="json")
    for name in NEW_STATE_FIELDS:
        del data[name]
    for key in ("table",):
        for ts in data[key]:
            del ts["owner"]
    for snap in (data["turn_start"], *data["undo"]):
        for ts in snap["table"]:
            del ts["owner"]
    assert "rule_set" not in data["options"]
    loaded = RummikubState.model_validate(data)
    assert loaded == state and loaded.options.rule_set == "standard"
    assert RULES.legal_actions(loaded, 0) == RULES.legal_actions(state, 0)
