"""How the values of a file are checked, declared without loading pydantic.

The cards and a list are plain frozen dataclasses: a run that reads a clean list and
the cached catalog builds them directly, and pydantic (a third of a cold start) is
imported only when something is to be validated. The checks are written in a field's
annotation with the markers below, which pydantic reads when it first builds a
validator (`validator`) of the class:

    core: Annotated[int, Least(0)] = 0
    id: Annotated[str, After(_slug), Described("stable slug id")]

A class says what its mapping may hold with `__pydantic_config__` (`FORBID`); a
class-wide step before (or after) its fields are read is its
`__get_pydantic_core_schema__ = whole(function)`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError, dataclass, field, fields
from functools import cache
from typing import TYPE_CHECKING, Any, Final, TypeVar, dataclass_transform

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler, TypeAdapter
    from pydantic_core import CoreSchema

_Class = TypeVar("_Class", bound=type)


@dataclass_transform(
    kw_only_default=True, frozen_default=True, field_specifiers=(field,)
)
def record(cls: _Class) -> _Class:
    """A frozen dataclass with keyword arguments (`@dataclass(frozen=True,
    kw_only=True)`) whose methods are shared by every such class rather than written
    and compiled for each at every start (two thirds of a class's cost, 0.5 ms)."""
    made: Any = dataclass(init=False, repr=False, eq=False, kw_only=True)(cls)
    shape = fields(made)
    made.__record__ = (
        tuple(f.name for f in shape),
        {f.name: f.default for f in shape if f.default is not MISSING},
        {f.name: f.default_factory for f in shape if f.default_factory is not MISSING},
    )
    for name, method in _SHARED.items():
        if name not in vars(cls):  # a method the class writes itself is its own
            setattr(made, name, method)
    return cls  # the same class, made a dataclass in place


def _init(self: Any, **values: Any) -> None:
    names, defaults, factories = self.__record__
    made: dict[str, Any] = {}
    given = 0
    for name in names:
        if name in values:
            made[name] = values[name]
            given += 1
        elif name in defaults:
            made[name] = defaults[name]
        elif name in factories:
            made[name] = factories[name]()
        else:
            raise TypeError(
                f"{type(self).__name__}() missing required keyword argument: {name!r}"
            )
    if given < len(values):
        unknown = next(name for name in values if name not in made)
        raise TypeError(
            f"{type(self).__name__}() got an unexpected keyword argument {unknown!r}"
        )
    object.__setattr__(self, "__dict__", made)


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={value!r}" for name, value in self.__dict__.items())
    return f"{type(self).__qualname__}({shown})"


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    return self.__dict__ == other.__dict__


def _hash(self: Any) -> int:
    return hash(tuple(self.__dict__.values()))


def _frozen(self: Any, name: str, *value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


_SHARED: dict[str, Any] = {
    "__init__": _init,
    "__repr__": _repr,
    "__eq__": _eq,
    "__hash__": _hash,
    "__setattr__": _frozen,
    "__delattr__": _frozen,
}


# What a card's or a list's mapping may hold: its fields, no other key.
FORBID: Final[dict[str, Any]] = {"extra": "forbid"}

# How pydantic names, for these classes, three errors that its models name otherwise:
# the words and places of the errors are the models' (a test holds both).
_KINDS = {
    "unexpected_keyword_argument": "extra_forbidden",
    "dataclass_type": "model_type",
    "missing_argument": "missing",
}


class Setting:
    """Settings added to a scalar's schema: a bound, or strictness."""

    def __init__(self, **settings: Any) -> None:
        self.settings = settings

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        changed: Any = dict(handler(source))
        changed.update(self.settings)
        made: CoreSchema = changed
        return made


class Least(Setting):
    """A whole number at least ``value`` (pydantic's `Field(ge=value)`)."""

    def __init__(self, value: int) -> None:
        super().__init__(ge=value)


class Most(Setting):
    """A whole number at most ``value`` (pydantic's `Field(le=value)`)."""

    def __init__(self, value: int) -> None:
        super().__init__(le=value)


# Exactly the type, never a value converted to it (pydantic's `StrictStr`).
STRICT: Final = Setting(strict=True)


class After:
    """A check (or a change) of a field's value after its type is read: a function
    that returns the value or raises ValueError with the words to show."""

    first = False

    def __init__(self, function: Callable[[Any], Any]) -> None:
        self.function = function

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        return _stepped(self.function, handler(source), first=self.first)


class Before(After):
    """A change of a field's raw value before its type is read (`{"1-3": 0}` to the
    bands it writes)."""

    first = True


def whole(function: Callable[[Any], Any], *, first: bool = False) -> Any:
    """A class's `__get_pydantic_core_schema__`: ``function`` applied to the raw
    mapping before its fields are read (``first``), or to the object made of them."""

    def schema(cls: type, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return _stepped(function, handler(source), first=first)

    return classmethod(schema)


def _stepped(
    function: Callable[[Any], Any], schema: CoreSchema, *, first: bool
) -> CoreSchema:
    from pydantic_core import core_schema  # read only as pydantic builds a validator

    if first:
        return core_schema.no_info_before_validator_function(function, schema)
    return core_schema.no_info_after_validator_function(function, schema)


class Described:
    """A field's description in the JSON schema (pydantic's `Field(description=)`)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> dict[str, Any]:
        described = dict(handler(schema))
        described["description"] = self.text
        return described


@cache
def validator(kind: Any) -> TypeAdapter[Any]:
    """pydantic's validator (and serialiser) of a class or type, built once."""
    from pydantic import TypeAdapter  # loaded only when something is validated

    return TypeAdapter(kind)


class Invalid(ValueError):
    """What `validate` found wrong: pydantic's errors (type, loc, msg, input, ctx),
    named as its models name them."""

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__("; ".join(str(item["msg"]) for item in errors))
        self.errors = errors


def validate(kind: Any, data: Any) -> Any:
    """``data`` read as ``kind`` (a card, a list, a field's type); raises Invalid."""
    from pydantic import ValidationError  # loaded only when something is validated

    try:
        return validator(kind).validate_python(data)
    except ValidationError as error:
        found: list[dict[str, Any]] = []
        for item in error.errors():
            named = _KINDS.get(item["type"])
            found.append(dict(item, type=named) if named else dict(item))
        raise Invalid(found) from None


def dumped(value: Any, **options: Any) -> Any:
    """A card or a list as plain data (pydantic's `model_dump(**options)`)."""
    kind: Any = type(value)
    return validator(kind).dump_python(value, **options)
