"""The apply kernel (engine/base.py) dispatches every action of every registered game.

For each game: no module of the game overrides the kernel (apply, refusal, legal_actions); the phase table
it declares (`phases`, on the object that plays the state: `rules.rules_for(state)`) covers every phase its
states reach in random playouts, and every phase it declares is reached; every action kind it has is in
the table; and an action of a kind the phase does not allow is refused with the game's own code
(`out_of_phase`), by `refusal` and by `apply` alike, leaving the state as it was.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from boardgames_tui.engine.base import GameRules, IllegalAction
from boardgames_tui.engine.registry import GAMES

Rules = GameRules[Any, Any, Any, Any]

# What each game answers to an action its phase does not allow: the codes narrators and saves know.
OUT_OF_PHASE_CODES: dict[str, set[str]] = {
    "hanabi": {"no_bonus", "free_colour_clue_first", "free_number_clue_first", "choose_reshuffle", "choose_replay"},
    "luz": {"bidding_over", "bid_first"},
    "rummikub": {"draw_first", "already_drew", "time_is_up_discard", "starter_no_draw"},
    "splendor_duel": {
        "must_place_joker", "must_take_board_token", "must_steal", "must_choose_royal", "must_discard",
        "nothing_to_choose", "privilege_after_replenish", "already_replenished",
    },  # fmt: skip
    "lifeboat": {"not_now", "no_playing_now"},
}


def _options(game_id: str) -> list[dict[str, Any]]:
    """Option sets whose playouts reach every phase: the defaults, and what opens the other phases."""
    return {
        "hanabi": [{}, {"five_flamboyants": True}],  # the bonus tiles' decisions
        "rummikub": [  # the draw-meld-discard rule sets, with a timer whose end leaves only a discard
            {},
            {"rule_set": "american", "turn_timer": "30 s"},
            {"rule_set": "international", "turn_timer": "30 s"},
        ],
    }.get(game_id, [{}])


def _hanabi_choice(state: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """Hanabi's random play misfires long before a pile is complete: a playable card is played when there is
    one (peeking at the state), so piles complete and their bonus tiles come up."""
    from boardgames_tui.engine.hanabi.rules import RULES

    hand = state.hands[state.current]
    good = [a for a in legal if a.kind == "play" and RULES.playable(state, hand[a.slot].card)]
    safe = [a for a in legal if a.kind != "play"]
    return rng.choice(good or safe or legal)


CHOOSERS: dict[str, Callable[[Any, tuple[Any, ...], random.Random], Any]] = {"hanabi": _hanabi_choice}
GAMES_PER_OPTION_SET = {"rummikub": 2}


def _action_classes(rules: Rules) -> dict[str, type]:
    """The game's action models by kind, from its action union's schema."""
    found: dict[str, type] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            cls = node.get("cls")
            if node.get("type") == "model" and isinstance(cls, type) and "kind" in cls.model_fields:
                found[cls.model_fields["kind"].default] = cls
            for value in node.values():
                walk(value)
        elif isinstance(node, (list, tuple)):
            for value in node:
                walk(value)

    walk(rules.action_adapter.core_schema)
    return found


def _playouts(game_id: str) -> Iterator[tuple[Rules, Any, int, tuple[Any, ...]]]:
    """(rules, state, seat to act, its legal actions) at every step of a few random playouts per option set,
    then (rules, finished state, -1, ()) at each end."""
    spec = GAMES[game_id]
    rules = spec.rules()
    choose = CHOOSERS.get(game_id, lambda state, legal, rng: rng.choice(legal))
    names = [f"P{n}" for n in range(rules.max_players)]
    for index, options in enumerate(_options(game_id)):
        for game in range(GAMES_PER_OPTION_SET.get(game_id, 4)):
            rng = random.Random(f"{game_id}-{index}-{game}")
            players = rules.min_players + game % (rules.max_players - rules.min_players + 1)
            state = rules.setup(names[:players], rules.Options(**options), f"kernel-{index}-{game}")
            for _ in range(rules.max_actions):
                acting = rules.to_act(state)
                if not acting:
                    break
                seat = min(acting)
                legal = tuple(rules.legal_actions(state, seat))
                yield rules, state, seat, legal
                state = rules.apply(state, seat, choose(state, legal, rng))
            assert not rules.to_act(state), f"{game_id}: a playout did not end"
            yield rules, state, -1, ()


def _game_modules(game_id: str) -> list[Any]:
    package = importlib.import_module(f"boardgames_tui.engine.{game_id}")
    return [
        importlib.import_module(info.name)
        for info in pkgutil.walk_packages(package.__path__, prefix=package.__name__ + ".")
    ]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_game_module_overrides_the_kernel(game_id: str) -> None:
    classes = [
        cls
        for module in _game_modules(game_id)
        for cls in vars(module).values()
        if isinstance(cls, type) and cls.__module__ == module.__name__
    ]
    rules_classes = [cls for cls in classes if issubclass(cls, GameRules)]
    assert type(GAMES[game_id].rules()) in rules_classes
    for cls in classes:  # mixins too (Lifeboat gathers its rules from several)
        for name in ("apply", "refusal", "legal_actions"):
            assert name not in vars(cls), f"{cls.__module__}.{cls.__name__} overrides GameRules.{name}"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_phase_tables_cover_the_phases_and_kinds_playouts_reach(game_id: str) -> None:
    reached: dict[int, set[str]] = {}  # per rules object (id) that plays the states: the phases reached
    tables: dict[int, Rules] = {}
    for rules, state, _seat, _legal in _playouts(game_id):
        played_by = rules.rules_for(state)
        assert played_by.phases is not None, f"{type(played_by).__name__} declares no phases"
        assert state.phase in played_by.phases, f"{type(played_by).__name__}: phase {state.phase!r} is not declared"
        tables[id(played_by)] = played_by
        reached.setdefault(id(played_by), set()).add(state.phase)
    kinds: set[str] = set()
    for key, played_by in tables.items():
        assert played_by.phases is not None
        assert set(played_by.phases) == reached[key], f"{type(played_by).__name__}: declared phases never reached"
        kinds.update(kind for allowed in played_by.phases.values() for kind in allowed)
    assert kinds == set(_action_classes(GAMES[game_id].rules())), "every action kind of the game is in a phase"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_kind_the_phase_does_not_allow_is_refused_with_the_games_code(game_id: str) -> None:
    classes = _action_classes(GAMES[game_id].rules())
    samples: dict[str, Any] = {}  # kind -> an action of that kind, as listed (a bare model until one is)
    codes: set[str] = set()
    probes: dict[tuple[int, str, str], int] = {}  # (rules object, phase, kind) -> times probed
    for rules, state, seat, legal in _playouts(game_id):
        if seat < 0:
            continue
        for action in legal:
            samples.setdefault(action.kind, action)
        played_by = rules.rules_for(state)
        assert played_by.phases is not None
        allowed = set(played_by.phases[state.phase])
        others = [
            kind
            for kind in sorted({kind for kinds in played_by.phases.values() for kind in kinds} - allowed)
            if probes.get((id(played_by), state.phase, kind), 0) < 30  # enough of each, and quick for long games
        ]
        if not others:
            continue
        before = state.model_dump(mode="json")
        for kind in others:
            probes[id(played_by), state.phase, kind] = probes.get((id(played_by), state.phase, kind), 0) + 1
            action = samples.get(kind) or classes[kind].model_construct()
            expected = played_by.out_of_phase(state, seat, kind)
            assert rules.refusal(state, seat, action) == expected, (state.phase, kind)
            with pytest.raises(IllegalAction) as refused:
                rules.apply(state, seat, action)
            assert refused.value == expected
            assert expected.code in OUT_OF_PHASE_CODES[game_id], (state.phase, kind, expected)
            json.dumps(expected.params)
            codes.add(expected.code)
        assert state.model_dump(mode="json") == before, "a refused action changed nothing"
    assert codes == OUT_OF_PHASE_CODES[game_id], "every code the game has for it comes up"


def test_the_kernel_refuses_in_order_game_over_seat_kind_phase() -> None:
    """The shared refusals come before the game's own: a finished game, a seat not to act, a kind the game
    does not have, then the phase, then the check."""
    from boardgames_tui.engine.luz.models import MAX_BID, Bid, PlayCard
    from boardgames_tui.engine.luz.rules import RULES

    state = RULES.setup(["A", "B", "C"], None, "order")
    seat = state.current
    other = (seat + 1) % 3
    assert RULES.refusal(state, other, PlayCard(position=0)) == IllegalAction("not_your_turn", seat=other)
    assert RULES.refusal(state, seat, "bid") == IllegalAction("unknown_action", kind="")  # type: ignore[arg-type]
    assert RULES.refusal(state, seat, PlayCard(position=0)) == IllegalAction("bid_first")
    assert RULES.refusal(state, seat, Bid(tricks=99)) == IllegalAction("bid_out_of_range", highest=MAX_BID)
    assert RULES.refusal(state, [seat], Bid(tricks=1)) == IllegalAction("not_your_turn", seat=repr([seat]))  # type: ignore[arg-type]
    assert RULES.legal_actions(state, [seat]) == ()  # type: ignore[arg-type]


def test_a_declared_kind_needs_its_check_and_effect() -> None:
    with pytest.raises(TypeError, match="check_fly and do_fly"):

        class Broken(GameRules[Any, Any, Any, Any]):  # noqa: F841
            phases = {"air": ("fly",)}

            def do_fly(self, state: Any, seat: int, action: Any) -> Any:
                return state


def test_the_kernel_applies_a_remembered_listing_unchecked_only_for_that_state() -> None:
    """`remember_listing`: a listed action object applied to the very state it was listed for skips its
    check; an equal copy of it, or the same object on another state, is checked."""
    from boardgames_tui.engine.hanabi.rules import HanabiRules

    checked: list[Any] = []

    class Counting(HanabiRules):
        def check_discard(self, state: Any, seat: int, action: Any) -> IllegalAction | None:
            checked.append(action)
            return super().check_discard(state, seat, action)

    rules = Counting()
    state = rules.setup(["A", "B"], None, "remember")
    seat = state.current
    clue = next(a for a in rules.legal_actions(state, seat) if a.kind.endswith("_clue"))
    state = rules.apply(state, seat, clue)  # a discard needs a clue token spent
    seat = state.current
    legal = rules.legal_actions(state, seat)
    assert rules.legal_actions(state, seat) is legal
    discard = next(a for a in legal if a.kind == "discard")
    after = rules.apply(state, seat, discard)
    assert checked == []
    copy = rules.parse_action(rules.dump_action(discard))
    assert copy is not discard and rules.apply(state, seat, copy) == after
    assert checked == [copy]
    rules.legal_actions(after, after.current)  # the kernel now remembers another state's listing
    assert rules.apply(state, seat, discard) == after
    assert checked == [copy, discard]
