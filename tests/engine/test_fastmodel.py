"""engine/fastmodel.py builds frozen models without validation by writing pydantic's slots itself. These
tests fail loudly when a pydantic release changes what that relies on: a model built or copied fast must be
one pydantic cannot tell from the same model built by validation (==, hash, dumps, fields set, copies,
pickles, frozen). And no other module may touch pydantic's internals or change a model after it is built."""

from __future__ import annotations

import ast
import copy
import importlib
import pickle
import pkgutil
import random
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError

import boardgames_tui
from boardgames_tui.engine import fastmodel
from boardgames_tui.engine.base import Event, Fact, FrozenModel
from boardgames_tui.engine.fastmodel import build, check_plain, copy_with, field_values, fields_of, from_fields
from boardgames_tui.engine.registry import GAMES


class Inner(FrozenModel):
    n: int
    tags: tuple[str, ...] = ()


class Outer(FrozenModel):
    name: str
    inner: Inner
    inners: tuple[Inner, ...] = ()
    grid: tuple[tuple[int, ...], ...] = ((0, 0), (0, 0))
    maybe: int | None = None
    flag: bool = False


class Noted(FrozenModel):
    """Unhashable (a dict field) and a default made per model."""

    kind: str
    notes: dict[str, Any] = Field(default_factory=dict)
    seen: tuple[int, ...] = ()


def outer_fields() -> dict[str, Any]:
    inner = Inner(n=1, tags=("a", "b"))
    return {"name": "x", "inner": inner, "inners": (inner, Inner(n=2)), "grid": ((1, 2), (3, 4)), "maybe": 5}


def assert_same(fast: BaseModel, validated: BaseModel) -> None:
    """Everything pydantic says of `fast` it says of `validated`."""
    assert type(fast) is type(validated)
    assert fast == validated and validated == fast
    assert not (fast != validated)
    if type(fast).__hash__ is not None and all(not isinstance(v, dict) for v in field_values(validated)):
        assert hash(fast) == hash(validated)
    assert fast.model_dump() == validated.model_dump()
    assert fast.model_dump_json() == validated.model_dump_json()  # the same text: fields in the same order
    assert fast.model_dump(mode="json") == validated.model_dump(mode="json")
    assert fast.model_dump_json(exclude_unset=True) == validated.model_dump_json(exclude_unset=True)
    assert fast.model_fields_set == validated.model_fields_set
    assert repr(fast) == repr(validated)
    assert type(fast).model_validate_json(fast.model_dump_json()) == fast
    assert dict(fast) == dict(validated)
    assert fast.__pydantic_extra__ is None and fast.__pydantic_private__ is None


def assert_frozen(model: BaseModel, field: str, value: Any) -> None:
    before, fields_set = getattr(model, field), set(model.model_fields_set)
    with pytest.raises(ValidationError, match="frozen"):
        setattr(model, field, value)
    assert getattr(model, field) == before and model.model_fields_set == fields_set


# What the module writes: a pydantic model's four slots -------------------------------------------------------


def test_pydantic_keeps_a_models_state_in_the_four_slots_the_module_writes() -> None:
    assert BaseModel.__slots__ == ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__")
    model = Outer(**outer_fields())
    assert model.__dict__ == {name: getattr(model, name) for name in Outer.model_fields}
    assert list(model.__dict__) == list(Outer.model_fields)  # field order: the order dumps write
    assert model.__pydantic_extra__ is None and model.__pydantic_private__ is None


# build ------------------------------------------------------------------------------------------------------


def test_build_is_the_validated_model() -> None:
    fields = outer_fields()
    assert_same(build(Outer, **fields), Outer(**fields))
    assert_same(build(Outer, name="y", inner=Inner(n=0)), Outer(name="y", inner=Inner(n=0)))
    assert_same(build(Inner, n=3), Inner(n=3))
    assert_same(build(Event, kind="k", args={"a": [1, 2]}, only=1), Event(kind="k", args={"a": [1, 2]}, only=1))
    assert_same(build(Fact, kind="k"), Fact(kind="k"))


def test_build_writes_the_fields_in_the_class_order_whatever_order_they_come_in() -> None:
    fields = outer_fields()
    shuffled = dict(reversed(list(fields.items())))
    assert_same(build(Outer, **shuffled), Outer(**fields))


def test_build_is_what_model_construct_builds() -> None:
    fields = outer_fields()
    assert_same(build(Outer, **fields), Outer.model_construct(**fields))
    assert_same(build(Noted, kind="k"), Noted.model_construct(kind="k"))


def test_build_makes_a_fresh_default_per_model() -> None:
    a, b = build(Noted, kind="a"), build(Noted, kind="b")
    assert a.notes == {} and a.notes is not b.notes
    assert_same(a, Noted(kind="a"))


def test_build_refuses_missing_and_unknown_fields() -> None:
    with pytest.raises(TypeError, match="missing"):
        build(Outer, name="x")
    with pytest.raises(TypeError, match="unknown"):
        build(Inner, n=1, colour="red")


def test_a_built_model_stays_frozen() -> None:
    model = build(Outer, **outer_fields())
    assert_frozen(model, "flag", True)
    assert_frozen(model, "name", "y")


# copy_with --------------------------------------------------------------------------------------------------


def test_copy_with_is_the_validated_copy() -> None:
    original = Outer(**outer_fields())
    update = {"maybe": None, "flag": True, "inners": ()}
    fast = copy_with(original, update)
    assert_same(fast, Outer(**{**dict(original), **update}))
    assert fast == original.model_copy(update=update)
    assert fast.model_dump_json() == original.model_copy(update=update).model_dump_json()


def test_copy_with_leaves_the_original_as_it_was() -> None:
    original = build(Outer, name="x", inner=Inner(n=1))
    dumped, fields_set = original.model_dump_json(), set(original.model_fields_set)
    copy_with(original, {"name": "y", "flag": True})
    assert original.model_dump_json() == dumped and original.model_fields_set == fields_set
    assert original == Outer(name="x", inner=Inner(n=1))


def test_a_copy_stays_frozen() -> None:
    model = copy_with(Outer(**outer_fields()), {"flag": True})
    assert_frozen(model, "flag", False)
    assert_frozen(model, "maybe", 7)


def test_copy_with_copies_copies() -> None:
    model = Inner(n=0)
    for n in range(1, 50):
        model = copy_with(model, {"n": n, "tags": (*model.tags, str(n))})
    assert_same(model, Inner(n=49, tags=tuple(str(n) for n in range(1, 50))))


# from_fields, fields_of, field_values ---------------------------------------------------------------------


def test_from_fields_is_the_validated_model() -> None:
    values = {"kind": "k", "args": {"seat": 1}, "only": None, "secret": ((0, {"card": 3}),)}
    assert_same(from_fields(Event, dict(values)), Event(**values))
    every = dict(Outer(**outer_fields()))
    assert_same(from_fields(Outer, dict(every)), Outer(**every))


def test_from_fields_of_a_changed_copy_of_fields_of() -> None:
    original = Outer(**outer_fields())
    values = fields_of(original)
    assert values == dict(original) and values is not original.__dict__
    values["name"] = "changed"
    assert original.name == "x"  # the dict is the caller's: the model did not change
    assert_same(from_fields(Outer, values), Outer(**{**dict(original), "name": "changed"}))
    assert_frozen(from_fields(Outer, fields_of(original)), "name", "y")


def test_field_values_in_field_order() -> None:
    model = Outer(**outer_fields())
    assert field_values(model) == tuple(value for _, value in model)
    assert field_values(model) == tuple(getattr(model, name) for name in Outer.model_fields)


# pydantic's own copies of fast models ------------------------------------------------------------------------


@pytest.mark.parametrize("make", ["build", "copy_with", "from_fields"])
def test_pydantic_copies_a_fast_model_like_a_validated_one(make: str) -> None:
    given = Outer(**outer_fields())
    every = dict(given)
    fast, validated = {
        "build": lambda: (build(Outer, **outer_fields()), given),
        "copy_with": lambda: (copy_with(given, {}), Outer(**every)),
        "from_fields": lambda: (from_fields(Outer, fields_of(given)), Outer(**every)),
    }[make]()
    assert_same(fast, validated)
    fields_set = set(fast.model_fields_set)
    changed = fast.model_copy(update={"flag": True, "maybe": None})
    assert_same(changed, validated.model_copy(update={"flag": True, "maybe": None}))
    assert changed.model_fields_set == fields_set | {"flag", "maybe"}
    assert fast.model_fields_set == fields_set and not fast.flag  # the fast model did not change
    assert_frozen(changed, "flag", False)
    assert_same(fast.model_copy(), validated.model_copy())
    assert_same(fast.model_copy(deep=True), validated.model_copy(deep=True))
    assert_same(copy.copy(fast), copy.copy(validated))
    assert_same(copy.deepcopy(fast), copy.deepcopy(validated))
    assert_same(pickle.loads(pickle.dumps(fast)), pickle.loads(pickle.dumps(validated)))
    assert_same(Outer.model_validate(fast), validated)
    assert_same(Outer.model_validate(fast.model_dump()), Outer.model_validate(validated.model_dump()))


def test_the_shared_fields_set_survives_pydantics_copies() -> None:
    # copy_with and from_fields give every model of a class the same fields set; pydantic must copy it before
    # changing it (model_copy with an unknown name adds that name to the copy's set).
    model = copy_with(Inner(n=1), {"n": 2})
    model.model_copy(update={"stray": 1})
    assert copy_with(Inner(n=1), {"n": 3}).model_fields_set == {"n", "tags"}
    assert from_fields(Inner, {"n": 4, "tags": ()}).model_fields_set == {"n", "tags"}


# The models the engines build -------------------------------------------------------------------------------


def _import_all(package: Any) -> None:
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(module.name)


def _subclasses(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    for sub in list(found):
        found |= _subclasses(sub)
    return found


def test_every_engine_and_bot_model_is_plain() -> None:
    import boardgames_tui.bots
    import boardgames_tui.engine

    _import_all(boardgames_tui.engine)
    _import_all(boardgames_tui.bots)
    models = [m for m in _subclasses(FrozenModel) if m.__module__.startswith("boardgames_tui.")]
    assert len(models) > 50
    for model in models:
        check_plain(model)


@pytest.mark.parametrize(
    "model",
    [
        pytest.param(type("Thawed", (BaseModel,), {"__annotations__": {"n": int}}), id="not frozen"),
        pytest.param(type("Private", (FrozenModel,), {"__annotations__": {"n": int}, "_p": PrivateAttr(0)}), id="private"),
        pytest.param(
            type("Aliased", (FrozenModel,), {"__annotations__": {"n": int}, "n": Field(alias="number")}), id="alias"
        ),
        pytest.param(
            type("Extra", (BaseModel,), {"__annotations__": {"n": int}, "model_config": ConfigDict(frozen=True, extra="allow")}),
            id="extra",
        ),
    ],
)
def test_a_model_the_module_cannot_build_is_refused_loudly(model: type[BaseModel]) -> None:
    with pytest.raises(TypeError, match="cannot be built without validation"):
        check_plain(model)
    with pytest.raises(TypeError, match="cannot be built without validation"):
        build(model, n=1)
    with pytest.raises(TypeError, match="cannot be built without validation"):
        from_fields(model, {"n": 1})


@pytest.mark.parametrize("game_id", ["lifeboat", "splendor_duel", "luz", "hanabi", "rummikub"])
def test_states_of_a_playout_are_the_validated_states(game_id: str) -> None:
    rules = GAMES[game_id].rules()
    chooser = random.Random(game_id)
    state = rules.setup([f"P{n}" for n in range(rules.min_players)], rules.Options(), "fastmodel")
    for _ in range(60):
        seats = rules.to_act(state)
        if not seats:
            break
        seat = min(seats)
        state = rules.apply(state, seat, chooser.choice(rules.legal_actions(state, seat)))
        validated = type(state).model_validate_json(state.model_dump_json())
        assert validated == state and state == validated
        assert validated.model_dump_json() == state.model_dump_json()
        view = rules.view(state, seat)
        assert type(view).model_validate_json(view.model_dump_json()).model_dump_json() == view.model_dump_json()


# Nothing else touches pydantic's internals ------------------------------------------------------------------

PACKAGE = Path(boardgames_tui.__file__).parent
KERNEL = Path(fastmodel.__file__)
FORBIDDEN_TEXT = ("__pydantic_", "object.__setattr__", "BaseModel.__dict__")
# Calls that change the dict they are called on.
MUTATORS = {"update", "pop", "popitem", "setdefault", "clear", "__setitem__", "__delitem__", "__ior__"}


def _namespace_of(node: ast.AST) -> ast.AST | None:
    """The object whose namespace `node` is, for `x.__dict__` and `vars(x)`; None for anything else."""
    if isinstance(node, ast.Attribute) and node.attr == "__dict__":
        return node.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "vars" and node.args:
        return node.args[0]
    return None


def dict_writes(tree: ast.AST) -> list[int]:
    """Lines that change an object's `__dict__` (or `vars()`), except a module's: a name the file imports."""
    modules = {
        (alias.asname or alias.name).split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }

    def written(node: ast.AST) -> bool:
        owner = _namespace_of(node)
        return owner is not None and not (isinstance(owner, ast.Name) and owner.id in modules)

    lines = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        for target in targets:
            if written(target) or (isinstance(target, ast.Subscript) and written(target.value)):
                lines.append(node.lineno)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
            if written(node.func.value):
                lines.append(node.lineno)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
            if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.args[1].value == "__dict__":
                lines.append(node.lineno)
    return lines


def test_the_scan_finds_what_it_looks_for() -> None:
    code = """
import argparse
model.__dict__["since"] = 3
model.__dict__.update(since=3)
del model.__dict__["since"]
vars(model)["since"] = 3
model.__dict__ = {}
setattr(model, "__dict__", {})
argparse.__dict__.pop("_", None)
x = model.__dict__["since"]
y = dict(model.__dict__)
"""
    assert sorted(dict_writes(ast.parse(code))) == [3, 4, 5, 6, 7, 8]


def test_no_module_but_the_kernel_touches_pydantic_internals_or_changes_a_model() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == KERNEL:
            continue
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(PACKAGE.parent)
        for number, line in enumerate(text.splitlines(), 1):
            found += [f"{where}:{number}: {word}" for word in FORBIDDEN_TEXT if word in line]
        found += [f"{where}:{number}: writes a __dict__" for number in dict_writes(ast.parse(text))]
    assert not found, (
        "Only boardgames_tui/engine/fastmodel.py may touch pydantic's internals; a model is never changed "
        "once built (build a new one: build, copy_with, from_fields):\n" + "\n".join(found)
    )


def hashable(model: Any) -> bool:
    """Whether pydantic can hash the model (not one holding a dict, as a state's log events do)."""
    try:
        hash(model)
    except TypeError:
        return False
    return True


def test_plain_eq_answers_as_pydantic_does() -> None:
    """Every model's `==` (fastmodel.plain_eq) gives pydantic's own answer, on equal and unequal models of
    every game, models of two classes, and things that are not models; models still hash as pydantic makes
    them (equal models, equal hashes)."""
    rng = random.Random(5)
    samples: list[Any] = []
    for spec in GAMES.values():
        rules = spec.rules()
        names = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")[: rules.max_players]
        state = rules.setup(names, rules.Options(), "eq")
        for _ in range(8):
            seat = next(iter(rules.to_act(state)))
            legal = rules.legal_actions(state, seat)
            samples += [state, state.model_copy(), legal[0], type(state).model_validate_json(state.model_dump_json())]
            state = rules.apply(state, seat, rng.choice(legal))
        samples.append(rules.Options())
    samples += [Fact(kind="x"), Fact(kind="x"), Event(kind="x"), Fact(kind="y"), None, 3, "x", (1,)]
    equal_pairs = 0
    for i, a in enumerate(samples):
        if not isinstance(a, FrozenModel):
            continue
        # itself, its copies next to it (a state, model_copy, JSON round trip) and some others at random
        for b in [a, *samples[i + 1 : i + 4], *rng.sample(samples, 12)]:
            expected = BaseModel.__eq__(a, b)
            if expected is NotImplemented:  # not a model: Python then compares identities
                expected = a is b
            assert (a == b) == expected, (a, b)
            if expected and b is not a:
                equal_pairs += 1
                if hashable(a):
                    assert hash(a) == hash(b)
    assert equal_pairs >= 2 * len(GAMES)  # the copies were compared, not only unequal models
    assert type(samples[0]).__hash__ is not None and FrozenModel.__eq__ is fastmodel.plain_eq
