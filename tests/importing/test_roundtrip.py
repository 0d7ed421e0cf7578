"""SCT1 and malkivian83 list JSON: the codec's pieces, and import(export(x)) == x."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from listgen import legal_lists

from armylist.files import checked
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.loading import load_catalog
from armylist.importing import ids, sct1
from armylist.importing.malkivian import NotExportable, export_mk_json
from armylist.importing.render import to_yaml
from armylist.importing.sct1 import SeedError, export_sct1
from armylist.listfile import ArmyList, UnitEntry
from importing import fixtures
from importing.helpers import run

CATALOG = load_catalog()
# wave-2 cards have no id in malkivian83's catalog (import-ids: armylist_ids_without_source_id)
_EXPORTABLE = {
    v["id"]
    for group in ("factions", "cards", "units")
    for v in ids.malkivian()[group].values()
}


def _exportable(army: dict[str, Any]) -> bool:
    faction = CATALOG.factions.get(army["faction"])
    names = [CATALOG.cards.get(c) for c in army["tactical_cards"]]
    names += [CATALOG.units.get(u["unit"]) for u in army["units"]]
    return (
        faction is not None
        and faction.id in _EXPORTABLE
        and all(c is not None and c.id in _EXPORTABLE for c in names)
    )


@st.composite
def exportable_lists(draw: st.DrawFn) -> ArmyList:
    army = draw(legal_lists(CATALOG, grand=draw(st.booleans())).filter(_exportable))
    scenario = "skirmish" if army["scale"] == "skirmish" else "standard"
    missions = sorted({m.name for m in CATALOG.missions})
    deployments = [d.name for d in CATALOG.deployments.all if d.scale == scenario]
    if draw(st.booleans()):
        army["missions"] = draw(
            st.lists(st.sampled_from(missions), min_size=1, max_size=2)
        )
        army["deployments"] = draw(
            st.lists(st.sampled_from(deployments), min_size=1, max_size=2)
        )
    if draw(st.booleans()):
        army["name"] = draw(st.text(min_size=1, max_size=30).filter(str.strip))
    made: ArmyList = checked.validate(ArmyList, army)
    return made


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(exportable_lists())
def test_mk_json_round_trip(army: ArmyList) -> None:
    result = run(export_mk_json(army, CATALOG).encode(), "list.json", CATALOG)
    assert result.army() == army
    assert result.findings == ()


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(exportable_lists())
def test_sct1_round_trip(army: ArmyList) -> None:
    code = export_sct1(army, CATALOG)
    assert code.startswith("SCT1-")
    result = run(code.encode(), code, CATALOG)
    assert result.army() == replace(army, name=None)  # a seed has no name
    assert result.findings == ()


@given(st.binary(max_size=300))
def test_base32_round_trip(data: bytes) -> None:
    assert sct1.base32_decode(sct1.base32_encode(data)) == data


def test_fingerprint_and_checksum_follow_the_spec() -> None:
    assert sct1.fingerprint("2026.05.1.0") == 0xD400
    assert sct1._varint(0xD400) == bytes([0x80, 0xA8, 0x03])


def test_rulebook_seed_payload_is_the_documented_bytes() -> None:
    payload = sct1.unframe(fixtures.RULEBOOK_SEED)
    assert len(payload) == 80
    assert payload[:11] == bytes.fromhex(
        "01 80A803 01 01 D00F B209 00".replace(" ", "")
    )
    assert sct1.fnv1a16(payload) == 0xE723
    # Crockford base32 is read in any case
    assert sct1.unframe(fixtures.RULEBOOK_SEED.lower()) == payload


def test_a_changed_character_fails_the_checksum() -> None:
    payload = bytes([1, 0x80, 0xA8, 0x03, 1, 1, 0xD0, 0x0F, 0xB2, 0x09, 0, 0, 0, 0, 0])
    code = sct1.frame(payload)
    assert sct1.unframe(code) == payload
    body = code.replace("-", "")[4:]
    broken = body[:6] + ("0" if body[6] != "0" else "1") + body[7:]
    with pytest.raises(SeedError, match="checksum"):
        sct1.unframe("SCT1" + broken)


def test_flag_trailing_bytes_and_version(catalog: Catalog) -> None:
    with pytest.raises(SeedError, match="neither 0 nor 1"):
        sct1.unframe("SCT1-" + sct1.base32_encode(b"\x07abcdef"))
    good = sct1.unframe(
        export_sct1(ArmyList(scale="standard", faction="Khalai"), catalog)
    )
    trailing = sct1.frame(good + b"\x00")
    with pytest.raises(SeedError, match="bytes after the list"):
        run(trailing.encode(), "seed", catalog)
    other = bytearray(good)
    other[1:4] = sct1._varint(0x1234)  # another catalog's fingerprint (3 bytes too)
    result = run(sct1.frame(bytes(other)).encode(), "seed", catalog)
    assert result.army().faction == "Khalai"  # decoded anyway
    assert [f.rule for f in result.findings] == ["import-data-version"]
    assert "0x1234" in result.findings[0].message


def test_unknown_seed_ids_are_reported(catalog: Catalog) -> None:
    good = bytearray(
        sct1.unframe(export_sct1(ArmyList(scale="standard", faction="Khalai"), catalog))
    )
    faction_at = 1 + 3 + 1 + 1 + 2  # format, fingerprint, race, scale, limit 2000
    assert good[faction_at : faction_at + 2] == sct1._varint(1302)
    good[faction_at : faction_at + 2] = sct1._varint(1999)
    result = run(sct1.frame(bytes(good)).encode(), "seed", catalog)
    assert "'seed:1999'" in result.findings[0].message


def test_wave_two_items_cannot_be_exported(catalog: Catalog) -> None:
    army = ArmyList(scale="standard", faction="Nerazim")
    with pytest.raises(NotExportable, match="no id for the Faction Card Nerazim"):
        export_sct1(army, catalog)
    army = ArmyList(
        scale="standard", faction="Khalai", units=[UnitEntry(unit="Immortal", models=1)]
    )
    with pytest.raises(NotExportable, match="unit Immortal"):
        export_mk_json(army, catalog)


@given(st.text(min_size=1, max_size=60))
def test_any_name_survives_the_yaml(name: str) -> None:
    from armylist.importing.render import scalar
    from armylist.listfile import read_list

    loaded = read_list(f"name: {scalar(name)}\nscale: standard\nfaction: Khalai\n")
    assert loaded.problems == [] and loaded.army is not None
    assert loaded.army.name == name


@given(st.text(min_size=1, max_size=40), st.text(max_size=40))
def test_unmapped_names_and_comments_keep_the_yaml_readable(
    name: str, note: str
) -> None:
    import datetime as dt

    from armylist.importing.model import ImportedUnit, ImportResult, Item
    from armylist.listfile import read_list

    result = ImportResult(
        source_format="a test",
        source=note,
        imported_on=dt.date(2026, 12, 1),
        scale="standard",
        faction=Item(name, note, comment=note),
        tactical_cards=(Item(name, note, comment=note), Item(None, note, comment=note)),
        units=(
            ImportedUnit(
                name, note, 3, (Item(name, note, comment=note),), comment=note
            ),
        ),
        missions=(Item(None, note),),
    )
    loaded = read_list(to_yaml(result))
    assert loaded.problems == []
    assert loaded.army == result.army()
