"""Property and fuzz tests over generated lists, mutations and arbitrary input.

A bounded number of examples runs in CI; `ARMYLIST_HYPOTHESIS=long` runs many more.
"""

from __future__ import annotations

import copy
import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from listgen import expected_totals, legal_lists
from typer.testing import CliRunner

from armylist.cli import app
from armylist.engine import check_text
from armylist.gamedata.catalog import Catalog, Index
from armylist.gamedata.loading import load_catalog

settings.register_profile(
    "ci",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
settings.register_profile(
    "long",
    max_examples=3000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
settings.load_profile(os.environ.get("ARMYLIST_HYPOTHESIS", "ci"))

CATALOG = load_catalog()
runner = CliRunner()


def errors(army: dict[str, Any], catalog: Catalog = CATALOG) -> set[str]:
    result, _ = check_text(yaml.safe_dump(army, sort_keys=False), "gen.yaml", catalog)
    return {f.rule for f in result.findings if f.severity.value == "error"}


@given(st.one_of(legal_lists(CATALOG), legal_lists(CATALOG, grand=True)))
def test_generated_legal_lists_validate_with_the_right_totals(
    army: dict[str, Any],
) -> None:
    result, _ = check_text(yaml.safe_dump(army, sort_keys=False), "gen.yaml", CATALOG)
    expected = expected_totals(army, CATALOG)
    assert result.valid, [f.message for f in result.findings]
    assert result.minerals.used == expected["minerals"]
    assert result.gas.used == expected["gas"]
    assert {k: v.used for k, v in result.slots.items()} == expected["slots"]


@given(legal_lists(CATALOG), st.data())
def test_a_misspelt_unit_is_unknown_unit(
    army: dict[str, Any], data: st.DataObject
) -> None:
    assume(army["units"])
    index = data.draw(st.integers(0, len(army["units"]) - 1))
    army["units"][index]["unit"] += " Mk II"
    assert errors(army) == {"unknown-unit"}


@given(legal_lists(CATALOG), st.data())
def test_an_unprinted_model_count_is_composition(
    army: dict[str, Any], data: st.DataObject
) -> None:
    assume(army["units"])
    index = data.draw(st.integers(0, len(army["units"]) - 1))
    entry = army["units"][index]
    unit = CATALOG.units.get(entry["unit"])
    assert unit is not None
    offered = {c.models for c in unit.compositions}
    entry["models"] = data.draw(st.integers(1, 30).filter(lambda n: n not in offered))
    entry.pop("upgrades", None)  # an unprinted composition has no upgrade prices
    assert errors(army) == {"composition"}


@given(legal_lists(CATALOG))
def test_a_second_unique_card_is_unique(army: dict[str, Any]) -> None:
    uniques = [
        n
        for n in army["tactical_cards"]
        if (c := CATALOG.cards.get(n)) and c.unique and c.kind == "tactical"
    ]
    assume(uniques)
    army["tactical_cards"].append(uniques[0])
    found = errors(army)
    assert "unique" in found
    assert found <= {"unique", "gas-over-budget", "slots-exceeded"} or found == {
        "unique"
    }


@given(
    legal_lists(CATALOG),
    st.sampled_from(["Pylon", "Roachling", "Omega Worm", "Point Defense Drone"]),
)
def test_a_summoned_unit_is_summoned_unit(army: dict[str, Any], summoned: str) -> None:
    army["units"].append({"unit": summoned})
    assert errors(army) == {"summoned-unit"}


@settings(suppress_health_check=list(HealthCheck))
@given(legal_lists(CATALOG, grand=True, min_cards=7))
def test_one_gas_over_is_gas_over_budget(army: dict[str, Any]) -> None:
    used = expected_totals(army, CATALOG)
    limit = (used["gas"] - 1) * 10 + 9  # the largest limit whose Gas is one short
    assume(limit >= 2001 and used["minerals"] <= limit)
    army["minerals"] = limit
    assert errors(army) == {"gas-over-budget"}


@given(legal_lists(CATALOG), st.data())
def test_one_mineral_over_is_minerals_over_budget(
    army: dict[str, Any], data: st.DataObject
) -> None:
    # Raise one composition's price in a copy of the data so that the list costs
    # exactly one Mineral more than its scale's limit.
    assume(army["units"])
    used = expected_totals(army, CATALOG)
    limit = 2000 if army["scale"] == "standard" else 1000
    entry = army["units"][data.draw(st.integers(0, len(army["units"]) - 1))]
    unit = CATALOG.units.get(entry["unit"])
    assert unit is not None
    bump = limit - used["minerals"] + 1
    pricier = replace(
        unit,
        compositions=tuple(
            replace(c, minerals=c.minerals + bump) if c.models == entry["models"] else c
            for c in unit.compositions
        ),
    )
    catalog = copy.copy(CATALOG)
    catalog.units = Index(
        [pricier if u.id == unit.id else u for u in CATALOG.units.all]
    )
    assert errors(army, catalog) == {"minerals-over-budget"}


yaml_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=20,
)
list_keys = st.sampled_from(
    [
        "faction",
        "scale",
        "units",
        "tactical_cards",
        "minerals",
        "missions",
        "deployments",
        "name",
        "unit",
        "models",
    ]
)


def _validate_file(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "fuzz.yaml"
    path.write_bytes(content)
    result = runner.invoke(app, ["validate", str(path), "--format", "json"])
    assert result.exit_code in (0, 1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        result.exception
    )
    if result.exit_code != 2:
        json.loads(result.stdout)


@given(st.binary(max_size=300))
def test_arbitrary_bytes_never_crash(tmp_path: Path, content: bytes) -> None:
    _validate_file(tmp_path, content)


@given(st.dictionaries(list_keys, yaml_values, max_size=6) | yaml_values)
def test_arbitrary_yaml_documents_never_crash(tmp_path: Path, document: Any) -> None:
    _validate_file(tmp_path, yaml.safe_dump(document).encode("utf-8"))


@given(legal_lists(CATALOG), st.data())
def test_legal_lists_with_damaged_values_never_crash(
    tmp_path: Path, army: dict[str, Any], data: st.DataObject
) -> None:
    key = data.draw(st.sampled_from(sorted(army)))
    army[key] = data.draw(yaml_values)
    _validate_file(tmp_path, yaml.safe_dump(army).encode("utf-8"))
