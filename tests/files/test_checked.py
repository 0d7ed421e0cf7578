"""The cards and a list are `record`s: frozen keyword dataclasses whose methods are
shared, and whose checks pydantic reads only when something is validated. What a
caller sees of one must be what `@dataclass(frozen=True, kw_only=True)` gives."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Annotated, Any, ClassVar

import pytest

from armylist.files import checked
from armylist.files.checked import FORBID, After, Least, record


def _upper(value: str) -> str:
    if value != value.upper():
        raise ValueError(f"{value!r} is not in capitals")
    return value


@record
class Base:
    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    id: Annotated[str, After(_upper)]
    note: str | None = None


@record
class Child(Base):
    count: Annotated[int, Least(0)] = 0
    tags: list[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Plain:
    id: str
    note: str | None = None
    count: int = 0
    tags: list[str] = dataclasses.field(default_factory=list)


def test_a_record_behaves_as_a_frozen_keyword_dataclass() -> None:
    ours, theirs = Child(id="A", count=2), Plain(id="A", count=2)
    assert repr(ours).removeprefix("Child") == repr(theirs).removeprefix("Plain")
    assert [f.name for f in dataclasses.fields(ours)] == [
        f.name for f in dataclasses.fields(theirs)
    ]
    assert ours == Child(id="A", count=2) and ours != Child(id="B", count=2)
    assert ours != Base(id="A")  # another class is never equal
    assert hash(Base(id="A")) == hash(Base(id="A"))
    assert ours.tags == [] and ours.tags is not Child(id="A").tags
    assert dataclasses.replace(ours, note="n") == Child(id="A", note="n", count=2)
    assert pickle.loads(pickle.dumps(ours)) == ours
    assert copy.deepcopy(ours) == ours
    with pytest.raises(dataclasses.FrozenInstanceError):
        ours.id = "B"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del ours.note  # type: ignore[misc]


def test_a_record_refuses_what_its_fields_do_not_take() -> None:
    with pytest.raises(TypeError, match="missing required keyword argument: 'id'"):
        Child()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        Child(id="A", colour="red")  # type: ignore[call-arg]


def test_a_record_is_checked_as_its_annotations_say() -> None:
    assert checked.validate(Child, {"id": "A", "tags": ["x"]}) == Child(
        id="A", tags=["x"]
    )
    with pytest.raises(checked.Invalid) as invalid:
        checked.validate(Child, {"id": "a", "count": -1, "colour": "red"})
    # Named as a pydantic model names its errors, where the file's words are chosen.
    assert [(e["type"], e["loc"]) for e in invalid.value.errors] == [
        ("value_error", ("id",)),
        ("greater_than_equal", ("count",)),
        ("extra_forbidden", ("colour",)),
    ]
    assert "'a' is not in capitals" in str(invalid.value)
    with pytest.raises(checked.Invalid) as invalid:
        checked.validate(Child, "A")
    assert [e["type"] for e in invalid.value.errors] == ["model_type"]
    assert checked.dumped(Child(id="A"), exclude_none=True) == {
        "id": "A",
        "count": 0,
        "tags": [],
    }
