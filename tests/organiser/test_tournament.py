"""Organiser tools: fingerprints, summaries, events, data and list diffs, CI hooks."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from importing import fixtures
from projectpaths import LISTS, OFFICIAL, ROOT
from typer.testing import CliRunner

from armylist import engine
from armylist.cli import app
from armylist.door.discovery import discover
from armylist.fingerprint import canonical, canonical_text, fingerprint
from armylist.gamedata.catalog import Catalog
from armylist.listfile import read_list

runner = CliRunner()
BASE = OFFICIAL.read_text(encoding="utf-8")


def fp(text: str, catalog: Catalog) -> str:
    army = read_list(text).army
    assert army is not None
    return fingerprint(army, catalog)


def test_fingerprint_ignores_what_does_not_play(catalog: Catalog) -> None:
    original = fp(BASE, catalog)
    reordered = BASE.replace(
        "  - Barracks\n  - Barracks (Proxy)\n", "  - Barracks (Proxy)\n  - Barracks\n"
    )
    assert reordered != BASE
    commented = "# my list\n" + BASE.replace("faction:", "faction:   ") + "\n# end\n"
    cased = BASE.replace("Raynor's Raiders", "RAYNORS-RAIDERS").replace(
        "unit: Marine", "unit: marine"
    )
    keys_moved = "faction: Raynor's Raiders\n" + BASE.replace(
        "faction: Raynor's Raiders\n", ""
    )
    for variant in (reordered, commented, cased, keys_moved):
        assert fp(variant, catalog) == original


def test_fingerprint_changes_with_what_plays(catalog: Catalog) -> None:
    original = fp(BASE, catalog)
    fewer = BASE.replace("    models: 6\n", "    models: 9\n", 1)
    upgraded = BASE.replace(
        "  - unit: Goliath\n", "  - unit: Goliath\n    upgrades: [Scatter Missiles]\n"
    )
    other_mission = BASE.replace("Hold Position", "Frontlines")
    fingerprints = {original} | {
        fp(t, catalog) for t in (fewer, upgraded, other_mission)
    }
    assert len(fingerprints) == 4


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_fingerprint_property_order_and_case(
    catalog: Catalog, data: st.DataObject
) -> None:
    army = yaml.safe_load(BASE)
    army["units"][0]["upgrades"] = ["Combat Shield", "AGG-12", "Rocket Launcher"]
    original = fp(yaml.safe_dump(army), catalog)
    shuffled = dict(army)
    shuffled["tactical_cards"] = data.draw(st.permutations(army["tactical_cards"]))
    units = [dict(u) for u in army["units"]]
    units[0]["upgrades"] = data.draw(st.permutations(units[0]["upgrades"]))
    shuffled["units"] = data.draw(st.permutations(units))
    upper = data.draw(st.booleans())
    text = yaml.safe_dump(shuffled, sort_keys=data.draw(st.booleans()))
    if upper:
        text = text.replace("Marine", "MARINE").replace("Academy", "academy")
    assert fp(text, catalog) == original
    changed = dict(shuffled)
    changed["units"] = [dict(u) for u in shuffled["units"]]
    index = data.draw(st.integers(0, len(changed["units"]) - 1))
    changed["units"][index]["upgrades"] = [
        *changed["units"][index].get("upgrades", []),
        "Extra Upgrade",
    ]
    assert fp(yaml.safe_dump(changed), catalog) != original


def test_a_results_fingerprint_is_the_lists_with_unknown_names_too(
    catalog: Catalog,
) -> None:
    # The result's fingerprint counts the names as `resolve` found them; the
    # fingerprint of the list alone looks them up again: the two agree.
    unknown = (
        BASE.replace("Hold Position", "Hold Positoin")
        .replace("  - Barracks\n", "  - Barracks\n  - Starport Prime\n")
        .replace("faction: Raynor's Raiders", "faction: Raynor Rebels")
        .replace("Typhoon", "Tyfoon")
    )
    assert unknown.count("Positoin") == 1 and "Starport Prime" in unknown
    for text in (BASE, unknown, BASE.replace("scale: standard", "scale: huge")):
        result, _resolved = engine.check_text(text, "list.yaml", catalog)
        assert result.fingerprint == fp(text, catalog)


def test_the_canonical_text_is_the_canonical_content_as_json(catalog: Catalog) -> None:
    # The fingerprint hashes a text written piece by piece: the JSON of `canonical`.
    odd = (
        BASE.replace("Hold Position", "Posición Fantasma")
        .replace("unit: Goliath", "unit: Gólem Ñandú")
        .replace("  - Barracks\n", '  - Barracks\n  - Café "Quoted"\n')
        .replace("scale: standard\n", "")
        .replace("faction: Raynor's Raiders", "faction: Señores")
    )
    assert "Ñandú" in odd and "scale:" not in odd
    for text in (BASE, odd, BASE.replace("scale: standard", "scale: huge")):
        army = read_list(text).army
        assert army is not None
        encoder = json.JSONEncoder(sort_keys=True, separators=(",", ":"))
        expected = encoder.encode(canonical(army, catalog))
        assert canonical_text(army, catalog) == expected


def test_fingerprint_command_and_json_field() -> None:
    result = runner.invoke(app, ["fingerprint", str(OFFICIAL)])
    assert result.exit_code == 0
    printed = result.stdout.split()[0]
    data = json.loads(
        runner.invoke(app, ["validate", str(OFFICIAL), "--format", "json"]).stdout
    )
    assert data["results"][0]["fingerprint"] == printed
    assert len(printed) == 19 and printed.count("-") == 3


def test_summary_csv_has_one_row_per_list_with_the_right_totals(tmp_path: Path) -> None:
    out = tmp_path / "summary.csv"
    result = runner.invoke(
        app, ["validate", str(LISTS), "--format", "json", "--summary", str(out)]
    )
    assert result.exit_code == 0
    results = {r["file"]: r for r in json.loads(result.stdout)["results"]}
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    total = rows.pop()
    assert (
        total["file"] == "TOTAL" and total["valid"] == f"{len(results)}/{len(results)}"
    )
    assert [r["file"] for r in rows] == sorted(results)
    for row in rows:
        expected = results[row["file"]]
        assert int(row["minerals_used"]) == expected["minerals"]["used"]
        assert int(row["minerals_limit"]) == expected["minerals"]["limit"]
        assert int(row["gas_used"]) == expected["gas"]["used"]
        assert row["fingerprint"] == expected["fingerprint"]
        assert row["valid"] == "True"


def test_summary_markdown_and_json_and_bad_suffix(tmp_path: Path) -> None:
    md, js = tmp_path / "s.md", tmp_path / "s.json"
    for path in (md, js):
        assert (
            runner.invoke(
                app, ["validate", str(OFFICIAL), "--summary", str(path)]
            ).exit_code
            == 0
        )
    assert "| file | player | faction" in md.read_text(encoding="utf-8")
    assert json.loads(js.read_text(encoding="utf-8"))["totals"]["lists"] == 1
    result = runner.invoke(
        app, ["validate", str(OFFICIAL), "--summary", str(tmp_path / "s.txt")]
    )
    assert result.exit_code == 2 and ".csv, .md or .json" in result.stderr


def test_event_file_findings_and_bad_event_file(tmp_path: Path) -> None:
    event = tmp_path / "event.yaml"
    event.write_text("name: Spring Cup\nscale: skirmish\n", encoding="utf-8")
    result = runner.invoke(
        app, ["validate", str(OFFICIAL), "--event", str(event), "--format", "json"]
    )
    assert result.exit_code == 1
    rules = [f["rule"] for f in json.loads(result.stdout)["results"][0]["findings"]]
    assert "event" in rules
    event.write_text("scael: skirmish\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(OFFICIAL), "--event", str(event)])
    assert result.exit_code == 2 and "event.yaml:1:1: scael" in result.stderr


def test_data_diff_names_the_changed_cost_and_the_lists_it_affects(
    tmp_path: Path, data_dir: Path, catalog: Catalog
) -> None:
    changed = tmp_path / "factions"
    shutil.copytree(data_dir, changed)
    terran = changed / "terran.yaml"
    text = terran.read_text(encoding="utf-8")
    start = text.index("name: Engineering Bay")
    gas = text.index("gas: 25", start)
    terran.write_text(text[:gas] + "gas: 30" + text[gas + 7 :], encoding="utf-8")
    result = runner.invoke(
        app, ["data", "diff", str(data_dir), str(changed), "--lists", str(LISTS)]
    )
    # 5 more Gas for the Bay: a list that spent all 200 turns illegal (exit 1)
    assert result.exit_code == 1, result.output
    assert "raynors-raiders-veteran-bio.yaml: legal -> illegal" in result.stdout
    assert "Engineering Bay: gas 25 -> 30" in result.stdout
    assert "1 change\n" in result.stdout
    assert "official-example.yaml: legal -> legal" in result.stdout
    assert "Gas 185 -> 190" in result.stdout
    data = json.loads(
        runner.invoke(
            app,
            [
                "data",
                "diff",
                str(data_dir),
                str(changed),
                "--lists",
                str(LISTS),
                "--format",
                "json",
            ],
        ).stdout
    )
    assert data["changes"] == [
        {
            "kind": "card",
            "card": "Engineering Bay",
            "field": "gas",
            "old": 25,
            "new": 30,
        }
    ]
    affected = {Path(item["file"]).name for item in data["lists"]}
    # every list of the folder, in any form (lists/imported/ holds other builders')
    uses_bay = {
        entry.path.name
        for entry in discover([LISTS])
        if "Engineering Bay"
        in engine.open_list(entry.path, catalog).result.tactical_cards
    }
    assert "malkivian83-list.json" in uses_bay
    assert affected == uses_bay


def test_data_diff_fails_when_a_list_turns_illegal_and_names_units_as_units(
    tmp_path: Path, data_dir: Path
) -> None:
    """A balance update that makes a list illegal fails CI (exit 1); one that only
    changes totals does not. The JSON names a unit under "unit", a card under "card"."""
    changed = tmp_path / "factions"
    shutil.copytree(data_dir, changed)
    terran = changed / "terran.yaml"
    text = terran.read_text(encoding="utf-8")
    dearer = "- {models: 9, minerals: 600, supply: 2}"
    terran.write_text(
        text.replace("- {models: 9, minerals: 210, supply: 2}", dearer, 1),
        encoding="utf-8",
    )
    lists = tmp_path / "lists"
    lists.mkdir()
    shutil.copy(OFFICIAL, lists / "raiders.yaml")
    command = ["data", "diff", str(data_dir), str(changed), "--lists", str(lists)]
    result = runner.invoke(app, command)
    assert result.exit_code == 1, result.output
    # words, not lines: the long temporary path wraps the line anywhere
    assert "raiders.yaml: legal -> illegal" in " ".join(result.stdout.split())
    data = json.loads(runner.invoke(app, [*command, "--format", "json"]).stdout)
    (change,) = data["changes"]
    assert change == {
        "kind": "unit",
        "unit": "Marine",
        "field": "compositions",
        "old": ["6: 160/1", "9: 210/2"],
        "new": ["6: 160/1", "9: 600/2"],
    }
    # without --lists, or with lists that stay legal: compared, exit 0
    assert runner.invoke(app, command[:4]).exit_code == 0
    cheaper = "- {models: 9, minerals: 200, supply: 2}"
    terran.write_text(
        text.replace("- {models: 9, minerals: 210, supply: 2}", cheaper, 1),
        encoding="utf-8",
    )
    stays = runner.invoke(app, command)
    assert stays.exit_code == 0, stays.output
    assert "raiders.yaml: legal -> legal" in " ".join(stays.stdout.split())


def test_data_diff_rejects_what_is_neither_folder_nor_revision(tmp_path: Path) -> None:
    result = runner.invoke(app, ["data", "diff", "no-such-revision-xyz"])
    assert result.exit_code == 2
    assert "neither a data folder nor a git revision" in result.stderr


def test_list_diff(tmp_path: Path) -> None:
    after = tmp_path / "after.yaml"
    after.write_text(
        BASE.replace(
            "  - unit: Goliath\n",
            "  - unit: Goliath\n    upgrades: [Scatter Missiles]\n",
        ).replace("  - Engineering Bay\n", ""),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["diff", str(OFFICIAL), str(after)])
    assert result.exit_code == 0
    out = result.stdout
    assert "- card Engineering Bay" in out
    assert "~ unit Goliath (1) #9: + Scatter Missiles" in out
    assert "Minerals: 1,670 -> 1,700 (+30)" in out
    assert "Vespene Gas: 185 -> 160 (-25)" in out
    assert "verdict: legal -> illegal" in out  # Core 8 used of 7 now


def test_pre_commit_hook_entry_runs_like_pre_commit_would(tmp_path: Path) -> None:
    hooks = yaml.safe_load(
        (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    )
    (hook,) = [h for h in hooks if h["id"] == "armylist-validate"]
    assert hook["language"] == "python"
    # every suffix armylist reads is handed to the hook, not only YAML
    files = re.compile(hook["files"])
    for name in ("a.yaml", "a.yml", "a.json", "a.ros", "a.rosz", "seed.txt"):
        assert files.search(name), name
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    good.write_text(BASE, encoding="utf-8")
    bad.write_text(BASE.replace("models: 6", "models: 7"), encoding="utf-8")
    # pre-commit names every matching file: an exported list is checked, a
    # renovate.json and an event file are skipped
    (tmp_path / "ivy.json").write_bytes(fixtures.dumps(fixtures.mk_rulebook()))
    (tmp_path / "renovate.json").write_text('{"extends": []}\n', encoding="utf-8")
    (tmp_path / "event.yaml").write_text("scale: standard\n", encoding="utf-8")
    executable = shutil.which("armylist", path=os.path.dirname(sys.executable))
    entry = hook["entry"].split()
    assert entry[0] == "armylist" and executable is not None
    command = [executable, *entry[1:]]
    env = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
    passed = subprocess.run(
        [*command, "good.yaml", "ivy.json", "renovate.json", "event.yaml"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert passed.returncode == 0, passed.stderr
    assert "2 lists checked" in passed.stderr
    failed = subprocess.run(
        [*command, "good.yaml", "bad.yaml"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert failed.returncode == 1
    assert "composition" in failed.stdout


def test_pre_commit_hook_passes_a_commit_of_non_lists_only(tmp_path: Path) -> None:
    """A commit that touches only the event file (and a renovate.json): the hook
    skips them and passes, as a linter passes a run with no file of its own; without
    --skip-non-lists a run that finds no list stays a failure (exit 2)."""
    event = tmp_path / "event.yaml"
    event.write_text("name: Spring Cup\nscale: standard\n", encoding="utf-8")
    renovate = tmp_path / "renovate.json"
    renovate.write_text('{"extends": []}\n', encoding="utf-8")
    hook = runner.invoke(
        app, ["validate", "--skip-non-lists", str(event), str(renovate)]
    )
    assert hook.exit_code == 0, hook.output
    assert hook.stdout == ""
    assert "the 2 files named are no army lists: nothing to check" in hook.stderr
    spanish = runner.invoke(
        app, ["--lang", "es", "validate", "--skip-non-lists", str(event)]
    )
    assert spanish.exit_code == 0, spanish.output
    assert "no es una lista de ejército: no hay nada que comprobar" in spanish.stderr
    # a folder of non-lists is still "no army list found", with or without the flag
    folder = tmp_path / "empty"
    folder.mkdir()
    shutil.copy(event, folder / "event.yaml")
    for flags in ([], ["--skip-non-lists"]):
        nothing = runner.invoke(app, ["validate", *flags, str(folder)])
        assert nothing.exit_code == 2, (flags, nothing.output)


def test_action_runs_validate_with_github_format() -> None:
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    script = "\n".join(step.get("run", "") for step in action["runs"]["steps"])
    assert "armylist validate" in script and "--format github" in script


def test_data_diff_against_a_git_revision(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(data_dir, tmp_path / "factions")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    subprocess.run([*git, "init", "-q", str(tmp_path)], check=True)
    subprocess.run([*git, "-C", str(tmp_path), "add", "factions"], check=True)
    subprocess.run([*git, "-C", str(tmp_path), "commit", "-qm", "data"], check=True)
    zerg = tmp_path / "factions" / "zerg.yaml"
    text = zerg.read_text(encoding="utf-8")
    start = text.index("name: Overlord")
    gas = text.index("gas: 35", start)
    zerg.write_text(text[:gas] + "gas: 45" + text[gas + 7 :], encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["data", "diff", "HEAD", "factions"])
    assert result.exit_code == 0, result.output
    assert "Overlord: gas 35 -> 45" in result.stdout


def test_an_event_file_with_a_key_twice_is_a_usage_error(tmp_path: Path) -> None:
    event = tmp_path / "event.yaml"
    event.write_text("scale: standard\nminerals: 2000\nscale: skirmish\n", "utf-8")
    result = runner.invoke(app, ["validate", str(OFFICIAL), "--event", str(event)])
    assert result.exit_code == 2
    assert "event.yaml:3:1: the key 'scale' is given twice" in result.stderr


def test_list_diff_to_an_unknown_faction_names_no_python_none(tmp_path: Path) -> None:
    after = tmp_path / "after.yaml"
    after.write_text(
        BASE.replace("faction: Raynor's Raiders", "faction: Raynors Raidrs"),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["diff", str(OFFICIAL), str(after)])
    assert result.exit_code == 0
    assert "faction: Raynor's Raiders -> ?" in result.stdout
    assert "None" not in result.stdout
