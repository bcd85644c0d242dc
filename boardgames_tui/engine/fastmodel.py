"""Frozen models from values already known to be valid, without pydantic's validation: the one module
that knows how a pydantic model keeps its state.

The engines and bots build and copy states, actions and log events millions of times in playouts and
searches, always from values valid by construction (a state's own fields, numbers the rules just computed).
Validation would only cost time, so they use these instead:

- `build(cls, **fields)`: `cls.model_construct(**fields)`, faster: defaults filled in, every required
  field given, `model_fields_set` the names given (as `cls(**fields)` reports).
- `copy_with(model, update)`: `model.model_copy(update=update)`, faster: a new model with the fields in
  `update` changed.
- `from_fields(cls, values)`: the fastest, for hot paths that already hold every field, in field order
  (a literal dict, or `fields_of` a model, changed): the dict becomes the new model's own.
- `fields_of(model)`: a new dict of a model's fields, in field order, to change and pass to `from_fields`.
- `field_values(model)`: a model's field values, in field order.
- `plain_eq(model, other)`: `model == other` as pydantic answers it for plain models, faster (the base of
  every model uses it: playouts and searches compare states and cards millions of times).

A model made by `copy_with` or `from_fields` reports every field in `model_fields_set`, as validating its
fields would (`model_copy` would report the original's names plus the updated ones; nothing in the project
reads the set, which only `exclude_unset` dumps use).

A model is never changed once built: `copy_with` makes a new model and `from_fields` takes a dict nobody
else holds. Nothing checks the values: a wrong type would reach the save file, so callers pass only values
of the field's type (tuples for tuple fields, JSON values in event arguments).

The models must be plain: frozen, no private attributes, no `model_post_init`, no aliases, no extra fields
kept, no `__new__` of their own (`check_plain`, run once per class). How it works (pydantic 2): a model
keeps its state in four slots: `__dict__` (the field values, in field order: the order `model_dump` writes
them), `__pydantic_fields_set__`, and `__pydantic_extra__` and `__pydantic_private__` (both None for a plain
model). These functions write the slots through their descriptors, as `model_construct` does, without its
per-field work. tests/engine/test_fastmodel.py fails if a pydantic release changes any of this, and if any
other module touches pydantic's internals or changes a model's `__dict__`.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
_slots = BaseModel.__dict__
_set_dict = _slots["__dict__"].__set__
_set_fields_set = _slots["__pydantic_fields_set__"].__set__
_set_extra = _slots["__pydantic_extra__"].__set__
_set_private = _slots["__pydantic_private__"].__set__

_REQUIRED: Any = object()  # a required field's place in a plan's template until it is given


class _Plan:
    """What `build` needs to know of a class, worked out once: every field in order with its default
    (`_REQUIRED` for a required field or one with a default factory), the required names and the fields
    whose default is made per model."""

    __slots__ = ("template", "required", "made")

    def __init__(self, cls: type[BaseModel]) -> None:
        check_plain(cls)
        template: dict[str, Any] = {}
        required: set[str] = set()
        made: list[tuple[str, Any]] = []
        for name, info in cls.model_fields.items():
            template[name] = _REQUIRED
            if info.is_required():
                required.add(name)
            elif info.default_factory is not None or not _shareable(info.default):
                made.append((name, info))
            else:
                template[name] = info.default
        self.template = template
        self.required = frozenset(required)
        self.made = tuple(made)


_PLANS: dict[type, _Plan] = {}
_ALL_FIELDS: dict[type, set[str]] = {}


def _shareable(value: Any) -> bool:
    """Whether a default is immutable, so every model may hold the same object (pydantic copies the others)."""
    if isinstance(value, (str, bytes, int, float, complex, bool, type(None), frozenset)):
        return True
    return isinstance(value, tuple) and all(_shareable(v) for v in value)


def check_plain(cls: type[BaseModel]) -> None:
    """Raise TypeError unless these functions can build `cls` (see the module's docstring)."""
    config = cls.model_config
    problems = [
        problem
        for problem, found in (
            ("frozen=False", not config.get("frozen")),
            ("private_attributes", bool(cls.__private_attributes__)),
            ("model_post_init", bool(cls.__pydantic_post_init__)),
            ("root_model", bool(cls.__pydantic_root_model__)),
            ("extra=allow", config.get("extra") == "allow"),
            ("__new__", cls.__new__ is not object.__new__),
        )
        if found
    ]
    problems += [
        f"alias:{name}"
        for name, info in cls.model_fields.items()
        if info.alias not in (None, name) or info.validation_alias not in (None, name)
    ]
    if problems:
        raise TypeError(f"{cls.__name__} cannot be built without validation: {', '.join(problems)}")


def build(cls: type[M], /, **fields: Any) -> M:
    """A `cls` holding `fields` (valid values), defaults for the rest: `cls.model_construct(**fields)`,
    faster. Every required field must be given, and no unknown name."""
    try:
        plan = _PLANS[cls]
    except KeyError:
        plan = _PLANS[cls] = _Plan(cls)
    template = plan.template
    values = {**template, **fields}
    if len(values) != len(template) or not fields.keys() >= plan.required:
        unknown = sorted(set(fields) - set(template))
        missing = sorted(plan.required - set(fields))
        raise TypeError(f"{cls.__name__}: unknown fields {unknown}, missing fields {missing}")
    for name, info in plan.made:
        if name not in fields:
            values[name] = info.get_default(call_default_factory=True, validated_data=values)
    new = _new(cls)
    _set_dict(new, values)
    _set_fields_set(new, set(fields))
    _set_extra(new, None)
    _set_private(new, None)
    return new


def copy_with(model: M, update: dict[str, Any]) -> M:
    """A copy of `model` with the fields in `update` (valid values) changed: `model.model_copy(update=update)`,
    faster. `model_fields_set` names every field, as validating the copy's fields would report."""
    cls = type(model)
    try:
        fields_set = _ALL_FIELDS[cls]
    except KeyError:
        fields_set = _all_fields(cls)
    new = _new(cls)
    _set_dict(new, {**model.__dict__, **update})
    _set_fields_set(new, fields_set)
    _set_extra(new, None)
    _set_private(new, None)
    return new


def from_fields(cls: type[M], values: dict[str, Any]) -> M:
    """A `cls` whose fields are `values`: every field, in the class's field order, each a valid value.
    The dict becomes the model's: nothing may change it afterwards. `model_fields_set` names every field,
    as `cls(**values)` would report."""
    try:
        fields_set = _ALL_FIELDS[cls]
    except KeyError:
        fields_set = _all_fields(cls)
    new = _new(cls)
    _set_dict(new, values)
    _set_fields_set(new, fields_set)
    _set_extra(new, None)
    _set_private(new, None)
    return new


def _all_fields(cls: type[BaseModel]) -> set[str]:
    """The `model_fields_set` of every model `copy_with` and `from_fields` make of `cls`: one set, shared.
    Sharing is safe because nothing changes it: a frozen model refuses assignment before touching it, and
    `model_copy` copies it before adding the names it updates."""
    check_plain(cls)
    fields_set = _ALL_FIELDS[cls] = set(cls.model_fields)
    return fields_set


def fields_of(model: BaseModel) -> dict[str, Any]:
    """A new dict of `model`'s fields in field order (`dict(model)` for a plain model, faster): to change
    and pass to `from_fields`."""
    return model.__dict__.copy()


def field_values(model: BaseModel) -> tuple[Any, ...]:
    """`model`'s field values, in field order."""
    return tuple(model.__dict__.values())


def plain_eq(model: BaseModel, other: object) -> bool:
    """`model == other` for a plain model: pydantic's answer (same class and equal fields; a model of another
    class is unequal, anything else is not ours to judge), without its checks of private attributes, extra
    fields and generic origins, which a plain model does not have."""
    if other.__class__ is model.__class__:
        return model.__dict__ == other.__dict__  # type: ignore[no-any-return]
    return False if isinstance(other, BaseModel) else NotImplemented
