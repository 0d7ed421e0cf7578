"""A list whose every value is plainly of its kind (texts, whole numbers, lists of
them, unit entries) is made without pydantic's validation (`listfile._plainly`): it
must be the very list the strict validation gives, and anything less plain is left to
pydantic, which judges it and words its problems."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from projectpaths import LISTS
from pydantic import BaseModel
from test_mix_report import write_mix

from armylist import listfile
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
    validated = ArmyList.model_validate(values)
    assert made is not None
    assert made == validated
    assert made.model_dump() == validated.model_dump()
    # What the file set, as an edit writing the list back sees it.
    assert made.model_fields_set == validated.model_fields_set
    assert [u.model_fields_set for u in made.units] == [
        u.model_fields_set for u in validated.units
    ]
    # The whole state pydantic keeps, in its order (as model_construct leaves it).
    for ours, theirs in [
        (made, validated),
        *zip(made.units, validated.units, strict=True),
    ]:
        assert list(ours.__dict__.items()) == list(theirs.__dict__.items())
        assert ours.__pydantic_extra__ == theirs.__pydantic_extra__
        assert ours.__pydantic_private__ == theirs.__pydantic_private__
    # Each list its own: nothing shared with the file's data or another list.
    again = listfile._plainly(values)
    assert again is not None and again.units is not made.units
    assert again.tactical_cards is not made.tactical_cards


@pytest.mark.parametrize("values", NOT_PLAIN)
def test_anything_less_plain_is_left_to_pydantic(values: dict[str, Any]) -> None:
    assert listfile._plainly(values) is None


@pytest.mark.parametrize("model", [ArmyList, UnitEntry])
def test_a_plain_model_is_one_made_from_its_values_alone(
    model: type[BaseModel],
) -> None:
    # What `listfile._made` skips of model_construct: none of it may be there.
    assert not model.__pydantic_post_init__
    assert not model.__private_attributes__
    assert model.model_config.get("extra") == "forbid"
    assert all(
        f.alias is None and f.validation_alias is None
        for f in model.model_fields.values()
    )


def test_every_key_of_a_list_has_its_plain_kind() -> None:
    assert set(listfile._PLAIN) == set(ArmyList.model_fields)


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
            expected = ArmyList.model_validate(
                {k: v for k, v in data.items() if v is not None}
            )
        except Exception:  # a spoilt list: read key by key, as before
            continue
        assert loaded.army == expected, file.name
        compared += 1
    assert compared > 40
