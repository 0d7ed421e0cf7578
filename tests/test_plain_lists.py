"""A list whose every value is plainly of its kind (texts, whole numbers, lists of
them, unit entries) is made without pydantic's validation (`plain.plainly`): it
must be the very list the strict validation gives, and anything less plain is left to
pydantic, which judges it and words its problems."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any, get_type_hints

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from projectpaths import LISTS
from test_mix_report import write_mix

from armylist.files import checked
from armylist.listfile import ArmyList, UnitEntry, model, plain, read_list

PLAIN: list[dict[str, Any]] = [
    {"faction": "Raynor's Raiders", "scale": "standard"},
    {"name": "A", "player": "B", "minerals": 2500, "scale": "grand-offensive"},
    {"tactical_cards": ["Barracks", "Factory"], "missions": [], "deployments": ["X"]},
    {"units": [{"unit": "Marine"}, {"unit": "Marine", "models": 9, "upgrades": []}]},
    {"units": [{"unit": "Goliath", "models": None, "upgrades": ["Haywire Missiles"]}]},
    {"minerals": -3, "data_version": "2026.05"},
    {"minerals": 10**30},
]

NOT_PLAIN: list[dict[str, Any]] = [
    {"name": 7},
    {"minerals": True},
    {"minerals": "2000"},
    {"minerals": 2000.0},
    {"tactical_cards": "Barracks"},
    {"tactical_cards": ["Barracks", 3]},
    {"units": [{"unit": "Marine", "models": True}]},
    {"units": [{"unit": "Marine", "upgrades": None}]},
    {"units": [{"unit": "Marine", "upgrades": "Stim"}]},
    {"units": [{"unit": "Marine", "squad": 2}]},
    {"units": [{"models": 9}]},
    {"units": ["Marine"]},
    {"units": {"unit": "Marine"}},
]


@pytest.mark.parametrize("values", PLAIN)
def test_a_plain_list_is_the_list_pydantic_gives(values: dict[str, Any]) -> None:
    made = plain.plainly(values)
    validated = checked.validate(ArmyList, values)
    assert made is not None
    assert made == validated
    assert checked.dumped(made) == checked.dumped(validated)
    # The whole state each keeps, in its order.
    for ours, theirs in [
        (made, validated),
        *zip(made.units, validated.units, strict=True),
    ]:
        assert list(ours.__dict__.items()) == list(theirs.__dict__.items())
    # Each list its own: nothing shared with the file's data or another list.
    again = plain.plainly(values)
    assert again is not None and again.units is not made.units
    assert again.tactical_cards is not made.tactical_cards


@pytest.mark.parametrize("values", NOT_PLAIN)
def test_anything_less_plain_is_left_to_pydantic(values: dict[str, Any]) -> None:
    assert plain.plainly(values) is None


def test_a_list_made_plainly_is_the_list_its_class_makes() -> None:
    # What `plain.made_plainly` skips of the class's own making: none may matter.
    for kind in (ArmyList, UnitEntry):
        assert not hasattr(kind, "__post_init__")
        assert kind.__pydantic_config__ == {"extra": "forbid"}
    unit = {"unit": "Marine", "models": 9, "upgrades": ["Stim"]}
    made = plain.made_plainly(UnitEntry, dict(unit))
    assert made == UnitEntry(**unit)
    assert list(made.__dict__.items()) == list(UnitEntry(**unit).__dict__.items())


def test_every_key_of_a_list_has_its_plain_kind() -> None:
    assert list(model.KINDS) == [f.name for f in fields(ArmyList)]


def test_every_generated_and_bundled_list_reads_as_pydantic_reads_it(
    tmp_path: Path,
) -> None:
    write_mix(tmp_path)
    files = sorted(tmp_path.rglob("*.yaml")) + sorted(LISTS.glob("*.yaml"))
    compared = 0
    for file in files:
        text = file.read_text(encoding="utf-8")
        loaded = read_list(text)
        try:
            data = yaml.safe_load(text)
            expected = checked.validate(
                ArmyList, {k: v for k, v in data.items() if v is not None}
            )
        except Exception:  # a spoilt list: read key by key, as before
            continue
        assert loaded.army == expected, file.name
        compared += 1
    assert compared > 40


# What YAML reads from a file: scalars, lists and mappings of them.
YAML_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=5)
    | st.dates(),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(model.UNIT_FIELDS), inner, max_size=3)
    ),
    max_leaves=6,
)


def _pydantic_says(kind: Any, value: Any) -> list[tuple[str, tuple[Any, ...], Any]]:
    try:
        checked.validate(kind, value)
    except checked.Invalid as invalid:
        return [
            (e["type"], tuple(p for p in e["loc"] if p != "nullable"), e["input"])
            for e in invalid.errors
        ]
    return []


def _ours(found: list[dict[str, Any]]) -> list[tuple[str, tuple[Any, ...], Any]]:
    return [(e["type"], tuple(e["loc"]), e["input"]) for e in found]


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from([f.name for f in fields(ArmyList)]),
    value=YAML_VALUES,
)
def test_a_key_read_alone_is_judged_as_pydantic_judges_it(
    name: str, value: Any
) -> None:
    # `_Reader.field` checks each value itself, pydantic left unloaded: the same
    # problems, at the same places, in the same order.
    if value is None and name in model.NULLABLE:
        return  # an empty key: as if not written
    holds = get_type_hints(ArmyList, include_extras=True)[name]
    assert _ours(plain.wrong(model.KINDS[name], value)) == _pydantic_says(holds, value)


@settings(max_examples=300, deadline=None)
@given(entry=st.dictionaries(st.sampled_from(model.UNIT_FIELDS), YAML_VALUES))
def test_a_unit_entry_is_judged_as_pydantic_judges_it(entry: dict[str, Any]) -> None:
    found = plain.wrong("unit", entry)
    assert _ours(found) == _pydantic_says(UnitEntry, entry)
    if not found:
        assert plain.unit_entry(entry) == checked.validate(UnitEntry, entry)
