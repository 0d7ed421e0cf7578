"""IMPORT.md §5: every example imports to the list it gives, and validates as it says.

The sources are our own fixtures with the examples' ids and counts (tests/importing/fixtures.py).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from armylist.gamedata.catalog import Catalog
from armylist.importing.render import to_yaml
from armylist.importing.sct1 import export_sct1
from importing import fixtures
from importing.helpers import codes, rules, run, slots, units, validate

KHALAI_CARDS = [
    "Warp Prism",
    "Twilight Council",
    "Forge",
    "Gateway",
    "Overcharged Nexus",
    "Gateway",
]
KHALAI_UNITS = [
    ("Pylon", 1, []),
    ("Artanis", 1, []),
    ("Stalker", 2, ["Path of Shadows"]),
    ("Stalker", 1, []),
    ("Stalker", 1, []),
    ("Stalker", 1, []),
    ("Zealot", 3, ["My Life for Aiur", "Zealous Round"]),
    ("Zealot", 3, ["My Life for Aiur", "Zealous Round"]),
    ("Zealot", 3, ["My Life for Aiur", "Zealous Round", "Leg Enhancements"]),
    ("Adept", 4, ["Resonating Glaives", "Glaive Strike", "Guidance"]),
    ("Adept", 4, ["Resonating Glaives", "Glaive Strike", "Guidance"]),
]
KHALAI_SLOTS = {
    "core": (8, 8),
    "elite": (5, 5),
    "support": (0, 1),
    "air": (0, 0),
    "hero": (1, 1),
}
RULEBOOK_SLOTS = {
    "core": (8, 8),
    "elite": (2, 2),
    "support": (2, 3),
    "air": (0, 1),
    "hero": (1, 1),
}


def _ttpiba_sources() -> list[tuple[str, bytes]]:
    flat = fixtures.ttpiba_flattened()
    return [
        ("official-TTPIBA-rest.json", fixtures.dumps(fixtures.rest_document(flat))),
        ("official-TTPIBA-flattened.json", fixtures.dumps(flat)),
    ]


@pytest.mark.parametrize(("name", "data"), _ttpiba_sources())
def test_ttpiba_rest_and_flattened(name: str, data: bytes, catalog: Catalog) -> None:
    result = run(data, name, catalog)
    army = result.army()
    assert (army.faction, army.scale, army.minerals) == ("Khalai", "standard", None)
    assert army.tactical_cards == KHALAI_CARDS  # nexus_overcharged: the Feb 2026 id
    assert units(result) == KHALAI_UNITS  # "Resonating Glaves": the Feb 2026 spelling
    assert army.missions == ["Supply Drop", "Hold Position"]
    assert army.deployments == ["Typhoon", "Proving Grounds"]
    checked = validate(result, catalog)
    assert rules(checked, "error") == ["minerals-over-budget", "summoned-unit"]
    assert (checked.minerals.used, checked.minerals.limit) == (2030, 2000)
    assert (checked.gas.used, checked.gas.limit) == (195, 200)
    assert slots(checked) == KHALAI_SLOTS
    totals = [f.message for f in result.findings if f.rule == "import-app-totals"]
    assert totals == [
        "the app counted 2,000 Minerals and 200 Gas with the costs of February 2026; "
        "at v1.0 costs this list is 2,030 Minerals and 195 Gas (repriced: Stalker "
        "150 → 170 ×3, Zealot (3 models) 190 → 180 ×2, Zealot (3 models) 210 → 200; "
        "and -5 Gas on items the source saves no price for)"
    ]


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("official-TTPIBA-cleaned.json", fixtures.dumps(fixtures.ttpiba_cleaned())),
        ("TTPIBA seed", fixtures.TTPIBA_SEED.encode()),
    ],
)
def test_ttpiba_cleaned_and_seed(name: str, data: bytes, catalog: Catalog) -> None:
    result = run(data, name, catalog)
    army = result.army()
    assert (army.faction, army.scale) == ("Khalai", "standard")
    assert army.tactical_cards == KHALAI_CARDS
    # the app's seed keeps Leg Enhancements second: upgrade order means nothing here
    assert [(u, m, sorted(x)) for u, m, x in units(result)] == [
        (u, m, sorted(x)) for u, m, x in KHALAI_UNITS
    ]
    assert army.missions == ["Supply Drop", "Hold Position"]
    assert army.deployments is None
    assert "deployments" not in to_yaml(result)
    checked = validate(result, catalog)
    assert rules(checked, "error") == ["minerals-over-budget", "summoned-unit"]
    assert (checked.minerals.used, checked.gas.used) == (2030, 195)
    assert slots(checked) == KHALAI_SLOTS


def test_vniemu_is_legal_at_v1_costs(catalog: Catalog) -> None:
    flat = fixtures.vniemu_flattened()
    for name, data in (
        ("official-VNIEMU-rest.json", fixtures.dumps(fixtures.rest_document(flat))),
        ("official-VNIEMU-flattened.json", fixtures.dumps(flat)),
    ):
        result = run(data, name, catalog)
        army = result.army()
        assert army.faction == "Terran Armed Forces"
        assert army.tactical_cards == ["Factory"] * 3 + [
            "Armory",
            "Orbital Command",
            "Dropship",
        ]
        assert [u[0] for u in units(result)] == ["Goliath"] * 4 + [
            "Marauder",
            "Medic",
        ] * 2
        assert units(result)[6] == (
            "Marauder",
            4,
            ["Veteran of Tarsonis", "Kinetic Foam"],
        )
        # no scenario cards in the source: none written (an empty list breaks scenario-cards)
        assert army.missions is None and "missions" not in to_yaml(result)
        checked = validate(result, catalog)
        assert checked.valid, checked.findings
        assert (checked.minerals.used, checked.gas.used) == (1980, 200)
        assert slots(checked) == {
            "core": (4, 5),
            "elite": (8, 8),
            "support": (2, 2),
            "air": (0, 1),
            "hero": (0, 0),
        }
        assert (
            "the app counted 2,000 Minerals with the costs of March 2026; at v1.0 costs this list is 1,980 (not itemized: the source saves no prices)"
            in [f.message for f in result.findings]
        )


def test_58ws1n_grand_offensive(catalog: Catalog) -> None:
    result = run(
        fixtures.dumps(fixtures.raynors_58ws1n_cleaned()),
        "official-58WS1N-cleaned.json",
        catalog,
    )
    army = result.army()
    assert (army.scale, army.minerals, army.faction) == (
        "grand-offensive",
        5000,
        "Raynor's Raiders",
    )
    assert len(army.tactical_cards) == 10 == len(set(army.tactical_cards))
    assert [u.unit for u in army.units] == [
        "Jim Raynor",
        "Point Defense Drone",
        "Goliath",
        "Marauder",
        "Marine",
        "Medic",
    ]
    assert len(army.units[4].upgrades) == 6
    checked = validate(result, catalog)
    assert rules(checked, "error") == ["replacement-conflict", "summoned-unit"]
    assert rules(checked, "warning") == []
    assert (checked.minerals.used, checked.minerals.limit) == (1490, 5000)
    assert (checked.gas.used, checked.gas.limit) == (340, 500)
    assert (
        "the app counted 1,480 Minerals and 345 Gas; at v1.0 costs this list is 1,490 Minerals and 340 Gas (not itemized: the source saves no prices)"
        in [f.message for f in result.findings]
    )


def test_newrecruit_ttpiba(catalog: Catalog) -> None:
    result = run(
        fixtures.dumps(fixtures.newrecruit_ttpiba()), "newrecruit-TTPIBA.json", catalog
    )
    army = result.army()
    assert army.name == "Money"
    assert army.tactical_cards == [
        "Forge",
        "Gateway",
        "Gateway",
        "Overcharged Nexus",
        "Twilight Council",
        "Warp Prism",
    ]
    assert units(result) == [
        ("Zealot", 3, ["My Life for Aiur", "Zealous Round"]),
        ("Zealot", 3, ["My Life for Aiur", "Zealous Round"]),
        ("Zealot", 3, ["My Life for Aiur", "Zealous Round", "Leg Enhancements"]),
        ("Adept", 4, ["Guidance", "Resonating Glaives"]),
        ("Adept", 4, ["Guidance", "Resonating Glaives"]),
        ("Stalker", 2, ["Path of Shadows"]),
        ("Stalker", 1, []),
        ("Stalker", 1, []),
        ("Stalker", 1, []),
        ("Artanis", 1, []),
        ("Pylon", 1, []),
    ]
    checked = validate(result, catalog)
    assert rules(checked, "error") == ["summoned-unit"]
    assert (checked.minerals.used, checked.gas.used) == (1990, 195)
    assert codes(result) == ["import-summoned-unit", "import-app-totals"]
    assert result.findings[-1].message == (
        "the app counted 1,950 Minerals and 200 Gas with the costs of its data revision; "
        "at v1.0 costs this list is 1,990 Minerals and 195 Gas (repriced: Stalker "
        "(2 models) 300 → 310, Stalker 160 → 170 ×3, Twilight Council 40 → 45 Gas, "
        "Warp Prism 45 → 35 Gas)"
    )


def test_malkivian_docs_example(catalog: Catalog) -> None:
    result = run(
        fixtures.dumps(fixtures.mk_docs_example()),
        "malkivian-docs-example.json",
        catalog,
    )
    assert units(result)[2] == ("Marine", 6, ["AGG-12"])
    assert units(result)[3] == ("Marauder", 4, ["Kinetic Foam"])
    checked = validate(result, catalog)
    assert checked.valid, checked.findings
    assert (checked.minerals.used, checked.gas.used) == (1720, 185)
    assert codes(result) == ["import-specialist-order"]


@pytest.mark.parametrize("source", ["json", "seed"])
def test_malkivian_rulebook_example(source: str, catalog: Catalog) -> None:
    data = (
        fixtures.dumps(fixtures.mk_rulebook())
        if source == "json"
        else fixtures.RULEBOOK_SEED.encode()
    )
    result = run(data, "rulebook-example", catalog)
    army = result.army()
    assert army.faction == "Raynor's Raiders"
    assert [(u.unit, u.models) for u in army.units] == [
        ("Marine", 9),
        ("Marine", 9),
        ("Marine", 6),
        ("Marauder", 4),
        ("Marauder", 2),
        ("Jim Raynor", 1),
        ("Medic", 3),
        ("Medic", 3),
        ("Goliath", 1),
    ]
    assert army.missions == ["Gather the Resources", "Divide and Conquer"]
    assert army.deployments == ["Gauntlet", "Typhoon"]
    checked = validate(result, catalog)
    assert checked.valid, checked.findings
    assert (checked.minerals.used, checked.gas.used) == (1670, 185)
    assert slots(checked) == RULEBOOK_SLOTS
    assert result.findings == ()


def test_seed_export_gives_a_list_equal_to_the_apps_seed(catalog: Catalog) -> None:
    # Two DEFLATE streams may differ: seeds are compared by content (IMPORT.md §3).
    ours = run(fixtures.dumps(fixtures.mk_rulebook()), "x", catalog).army()
    again = run(export_sct1(ours, catalog).encode(), "x", catalog).army()
    theirs = run(fixtures.RULEBOOK_SEED.encode(), "x", catalog).army()
    assert replace(again, name=None) == replace(theirs, name=None)


def test_json_lines_point_at_the_entry(catalog: Catalog) -> None:
    text = fixtures.dumps(fixtures.ttpiba_flattened()).decode()
    result = run(text.encode(), "TTPIBA.json", catalog)
    line = next(f.line for f in result.findings if f.rule == "import-summoned-unit")
    lines = text.splitlines()
    assert lines[line - 1].strip() == "{"
    assert lines[line].strip() == '"id": "pylon",'
    assert json.loads(text)  # the fixture is plain JSON
