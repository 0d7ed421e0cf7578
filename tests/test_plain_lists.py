"""A list whose every value is plainly of its kind (texts, whole numbers, lists of
them, unit entries) is made without pydantic's validation (`listfile._plainly`): it
must be the very list the strict validation gives, and anything less plain is left to
pydantic, which judges it and words its problems."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
import yaml
from projectpaths import LISTS
from test_mix_report import write_mix

from armylist import listfile
from armylist.files import checked
from armylist.listfile import ArmyList, UnitEntry

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
    made = listfile._plainly(values)
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
    again = listfile._plainly(values)
    assert again is not None and again.units is not made.units
    assert again.tactical_cards is not made.tactical_cards


@pytest.mark.parametrize("values", NOT_PLAIN)
def test_anything_less_plain_is_left_to_pydantic(values: dict[str, Any]) -> None:
    assert listfile._plainly(values) is None


def test_a_list_made_plainly_is_the_list_its_class_makes() -> None:
    # What `listfile._made` skips of the class's own making: none of it may matter.
    for model in (ArmyList, UnitEntry):
        assert not hasattr(model, "__post_init__")
        assert model.__pydantic_config__ == {"extra": "forbid"}
    unit = {"unit": "Marine", "models": 9, "upgrades": ["Stim"]}
    made = listfile._made(UnitEntry, dict(unit))
    assert made == UnitEntry(**unit)
    assert list(made.__dict__.items()) == list(UnitEntry(**unit).__dict__.items())


def test_every_key_of_a_list_has_its_plain_kind() -> None:
    assert list(listfile._PLAIN) == [f.name for f in fields(ArmyList)]


def test_every_generated_and_bundled_list_reads_as_pydantic_reads_it(
    tmp_path: Path,
) -> None:
    write_mix(tmp_path)
    files = sorted(tmp_path.rglob("*.yaml")) + sorted(LISTS.glob("*.yaml"))
    compared = 0
    for file in files:
        text = file.read_text(encoding="utf-8")
        loaded = listfile.read_list(text)
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
