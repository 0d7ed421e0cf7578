"""Each way an entry can fail to map: a finding naming the source's id, the entry kept
(under the source's name) or left as a comment at its place, and never a guess."""

from __future__ import annotations

import copy

import pytest

from armylist.gamedata.catalog import Catalog
from armylist.importing.render import to_yaml
from armylist.listfile import read_list
from importing import fixtures
from importing.helpers import codes, only, run, validate


def _flat_with(**state: object) -> bytes:
    flat = fixtures.ttpiba_flattened()
    flat["state"].update(state)
    return fixtures.dumps(flat)


def _roster() -> list[dict[str, object]]:
    return copy.deepcopy(fixtures.ttpiba_flattened()["state"]["roster"])


def test_unknown_unit_is_kept_under_its_name_and_commented(catalog: Catalog) -> None:
    roster = _roster()
    roster[1] = {**roster[1], "id": "dark_templar", "name": "Dark Templar"}
    result = run(_flat_with(roster=roster), "r.json", catalog)
    finding = only(result, "import-unknown-unit")
    assert "'dark_templar'" in finding.message and finding.code == "AL803"
    text = to_yaml(result)
    assert (
        "  # not mapped: Command Center unit dark_templar\n  - unit: Dark Templar\n"
        in text
    )
    # validate then flags it, so an imported list never passes with it
    assert "unknown-unit" in {f.rule for f in validate(result, catalog).findings}


def test_unknown_card_and_faction(catalog: Catalog) -> None:
    data = _flat_with(
        factionCardId="tal_darim", tacticalCardIds=["gateway", "stargate"]
    )
    result = run(data, "r.json", catalog)
    assert "'tal_darim'" in only(result, "import-unknown-faction").message
    assert "'stargate'" in only(result, "import-unknown-card").message
    text = to_yaml(result)
    assert "faction: tal_darim  # not mapped: Command Center id tal_darim\n" in text
    assert "  - stargate  # not mapped: Command Center id stargate\n" in text
    rules = {f.rule for f in validate(result, catalog).findings}
    assert {"unknown-faction", "unknown-card"} <= rules


def test_unknown_upgrade_name(catalog: Catalog) -> None:
    roster = _roster()
    roster[2]["availableUpgrades"][1]["name"] = "Shadow Stride"
    result = run(_flat_with(roster=roster), "r.json", catalog)
    assert (
        "'Shadow Stride' of Stalker" in only(result, "import-unknown-upgrade").message
    )
    assert "      - Shadow Stride  # not mapped" in to_yaml(result)


def test_upgrade_index_out_of_range_and_unpriced_row(catalog: Catalog) -> None:
    roster = _roster()
    roster[2]["activeUpgrades"] = [7, 0]  # 7: no such row; 0: Blink, an ability
    result = run(_flat_with(roster=roster), "r.json", catalog)
    found = [f for f in result.findings if f.rule == "import-upgrade-index"]
    assert [f.severity.value for f in found] == ["error", "error"]
    assert "index 7 is outside its 3 availableUpgrades" in found[0].message
    assert "'Blink', a row with no price" in found[1].message
    text = to_yaml(result)
    assert "    # dropped: upgrade index 7\n    # dropped: index 0 Blink\n" in text
    assert read_list(text).army is not None
    assert result.army().units[2].upgrades == []


def test_models_disagreeing_with_size_and_no_composition(catalog: Catalog) -> None:
    roster = _roster()
    roster[2]["models"] = 1  # size large = 2 Stalkers
    roster[6]["models"] = 5  # no Zealot composition of 5
    result = run(_flat_with(roster=roster), "r.json", catalog)
    sizes = [f.message for f in result.findings if f.rule == "import-models-size"]
    assert sizes[0].startswith("Stalker: 1 models but size 'large' is 2")
    assert sizes[1].startswith("Zealot: 5 models but size 'small' is 3")
    assert (
        "Zealot with 5 models: the card prints 3"
        in only(result, "import-composition").message
    )
    assert [u.models for u in result.army().units][2] == 1  # models is trusted
    assert "composition" in {f.rule for f in validate(result, catalog).findings}


def test_limits_map_to_scales(catalog: Catalog) -> None:
    assert run(_flat_with(mineralsLimit=1000), "r", catalog).scale == "skirmish"
    grand = run(_flat_with(mineralsLimit=3500), "r", catalog)
    assert (grand.scale, grand.minerals) == ("grand-offensive", 3500)
    odd = run(_flat_with(mineralsLimit=1500), "r", catalog)
    assert "1,500 is no standard scale" in only(odd, "import-limit").message
    assert "minerals: 1500" in to_yaml(odd)
    assert "scale" in {f.rule for f in validate(odd, catalog).findings}
    missing = fixtures.ttpiba_flattened()
    del missing["state"]["mineralsLimit"]
    assert only(run(fixtures.dumps(missing), "r", catalog), "import-limit")


def test_unmapped_missions_and_deployments_become_comments(catalog: Catalog) -> None:
    data = _flat_with(
        missionIds=["mission_supply_drop", "community_hold_the_line"],
        deploymentIds=["Nwd5bN4pLjjol85hdyBU", "zzCommunity00000000"],
    )
    result = run(data, "r.json", catalog)
    assert "'community_hold_the_line'" in only(result, "import-unknown-mission").message
    assert "'zzCommunity00000000'" in only(result, "import-unknown-deployment").message
    text = to_yaml(result)
    assert (
        "missions:\n  - Supply Drop\n  # not mapped: Command Center mission community_hold_the_line\n"
        in text
    )
    assert result.army().missions == ["Supply Drop"]
    only_community = run(
        _flat_with(deploymentIds=["zzCommunity00000000"]), "r", catalog
    )
    assert "# deployments: not mapped" in to_yaml(only_community)
    assert only_community.army().deployments is None


def test_mission_of_another_scale(catalog: Catalog) -> None:
    result = run(
        _flat_with(missionIds=["mission_supply_drop__skirmish_"]), "r", catalog
    )
    assert (
        "is the skirmish card; the list brings its standard card"
        in only(result, "import-mission-scale").message
    )
    assert result.army().missions == ["Supply Drop"]


def test_malkivian_reference_entry_version_and_unknown_ids(catalog: Catalog) -> None:
    document = fixtures.mk_rulebook()
    document["catalogContentVersion"] = "2026.09.0.0"
    document["entries"][0]["reference"] = True
    document["entries"][1]["unitEntryId"] = "terran.entry.firebat"
    document["entries"][2]["upgrades"] = [
        {"upgradeId": "stim_pack", "modelIndex": None}
    ]
    document["notes"] = "bring the blue dice"
    result = run(fixtures.dumps(document), "mk.json", catalog)
    assert codes(result) == [
        "import-data-version",
        "import-reference-entry",
        "import-unknown-unit",
        "import-unknown-upgrade",
        "import-dropped-field",
    ]
    text = to_yaml(result)
    assert (
        "  # skipped reference entry: Marine\n  # not mapped: malkivian83 unit terran.entry.firebat\n"
        in text
    )
    assert [u.unit for u in result.army().units][:2] == [
        "terran.entry.firebat",
        "Marine",
    ]


def test_malkivian_specialists_sorted_by_model(catalog: Catalog) -> None:
    document = fixtures.mk_rulebook()
    document["entries"][0]["upgrades"] = [
        {"upgradeId": "rocket_launcher", "modelIndex": 3},
        {"upgradeId": "combat_shield", "modelIndex": None},
        {"upgradeId": "agg_12", "modelIndex": 1},
    ]
    result = run(fixtures.dumps(document), "mk.json", catalog)
    assert result.army().units[0].upgrades == [
        "AGG-12",
        "Combat Shield",
        "Rocket Launcher",
    ]
    assert only(result, "import-specialist-order")


def test_newrecruit_name_fallback_and_unknown_entries(catalog: Catalog) -> None:
    tree = fixtures.newrecruit_ttpiba()
    selections = tree["roster"]["forces"][0]["selections"]
    selections[1]["entryId"] = "later-revision-id"  # "Forge" found by its name
    selections[6]["entryId"] = "link-1::9414-3605-697b-819a"  # a link path: last part
    selections[7]["entryId"] = "unknown-unit"
    selections[7]["name"] = "3 Dragoons"
    selections.append(fixtures.nr_selection("m-1", "Mission: Escort", "Mission"))
    result = run(fixtures.dumps(tree), "nr.json", catalog)
    assert "'Forge' was matched by name" in only(result, "import-found-by-name").message
    assert "'3 Dragoons'" in only(result, "import-unknown-unit").message
    assert (
        "'Mission: Escort' (primary category Mission)"
        in only(result, "import-dropped-field").message
    )
    army = result.army()
    assert army.tactical_cards[0] == "Forge"
    assert [u.unit for u in army.units][:2] == ["Zealot", "3 Dragoons"]


def test_newrecruit_count_disagreeing_with_reinforce(catalog: Catalog) -> None:
    tree = fixtures.newrecruit_ttpiba()
    stalker = tree["roster"]["forces"][0]["selections"][11]
    stalker["name"] = "1 Stalker"  # has a Reinforce child: 2 models
    result = run(fixtures.dumps(tree), "nr.json", catalog)
    assert (
        "names 1 models; its entry with Reinforce gives 2"
        in only(result, "import-models-size").message
    )
    assert result.army().units[5].models == 2


def test_findings_carry_the_file_and_code_family(catalog: Catalog) -> None:
    roster = _roster()
    roster[0]["id"] = "nope"
    result = run(_flat_with(roster=roster), "submissions/p1.json", catalog)
    for finding in result.findings:
        assert finding.file == "submissions/p1.json"
        assert finding.code.startswith("AL8") and finding.hint


def test_an_upgrade_index_that_is_no_number_is_said_so(catalog: Catalog) -> None:
    # a name or "1" where the app saves an index used to read "index 'Path of Shadows'
    # is outside its 3 availableUpgrades": an odd claim about a name
    roster = _roster()
    roster[2]["activeUpgrades"] = ["Path of Shadows", "1", True]
    result = run(_flat_with(roster=roster), "r.json", catalog)
    found = [f.message for f in result.findings if f.rule == "import-upgrade-index"]
    assert found == [
        f"Stalker: upgrade index {shown} is not a number: the app saves the position "
        "of the upgrade in availableUpgrades"
        for shown in ("'Path of Shadows'", "'1'", "True")
    ]
    assert result.army().units[2].upgrades == []


@pytest.mark.parametrize("composition", ["²", "abc", "", None, True])
def test_malkivian_composition_that_is_no_count(
    composition: object, catalog: Catalog
) -> None:
    # "²" passes str.isdigit() but not int(): it used to end in a traceback; "abc" left
    # the unit without `models` and said nothing
    document = fixtures.mk_rulebook()
    document["entries"][0]["compositionId"] = composition
    result = run(fixtures.dumps(document), "mk.json", catalog)
    finding = only(result, "import-composition")
    assert finding.message == (
        f"Marine: compositionId {composition!r} is not a model count: `models` is "
        "left out (the composition rule reports it)"
    )
    assert result.army().units[0].models is None
    assert "composition" in {f.rule for f in validate(result, catalog).findings}


@pytest.mark.parametrize(
    ("name", "found"), [("Khalai", True), ("Golden Armada", False)]
)
def test_newrecruit_faction_of_a_later_revision(
    name: str, found: bool, catalog: Catalog
) -> None:
    # a Faction entry id armylist's table lacks (a later New Recruit data revision)
    # ended in "KeyError: 'faction_card'" instead of the name fallback
    tree = fixtures.newrecruit_ttpiba()
    [faction] = [
        s
        for s in tree["roster"]["forces"][0]["selections"]
        if any(c["primary"] and c["name"].strip() == "Faction" for c in s["categories"])
    ]
    faction["entryId"] = "later-revision-id"
    faction["name"] = name
    result = run(fixtures.dumps(tree), "nr.json", catalog)
    assert result.army().faction == name
    if found:
        assert (
            "'Khalai' was matched by name"
            in only(result, "import-found-by-name").message
        )
    else:
        assert "'Golden Armada'" in only(result, "import-unknown-faction").message
