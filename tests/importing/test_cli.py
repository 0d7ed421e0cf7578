"""`armylist import`, `validate` and `export` on other builders' lists, through the CLI.

Exit codes as for lists: 0 imported cleanly, 1 imported with an error finding (the YAML
is still written), 2 nothing imported (unknown format, malformed source, no network).
"""

from __future__ import annotations

import csv
import errno
import itertools
import json
import re
import socket
from pathlib import Path

import pytest
import yaml
from projectpaths import LISTS, OFFICIAL
from typer.testing import CliRunner, Result

from armylist.cli import app
from importing import fixtures

runner = CliRunner()

RAW = fixtures.dumps(fixtures.rest_document(fixtures.ttpiba_flattened()))
FLATTENED = fixtures.dumps(fixtures.ttpiba_flattened())
CLEANED = fixtures.dumps(fixtures.ttpiba_cleaned())
NEW_RECRUIT = fixtures.dumps(fixtures.newrecruit_ttpiba())
ROS = fixtures.to_ros(fixtures.newrecruit_ttpiba()).encode()
ROSZ = fixtures.rosz({"money.ros": ROS})
MK = fixtures.dumps(fixtures.mk_rulebook())


def invoke(*args: str, env: dict[str, str] | None = None) -> Result:
    return runner.invoke(app, list(args), env=env)


def write(folder: Path, name: str, data: bytes) -> Path:
    path = folder / name
    path.write_bytes(data)
    return path


def no_traceback(result: Result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        result.exception
    )
    assert "Traceback" not in result.output


def one_error_line(result: Result) -> str:
    """A failed import: exit 2, nothing on stdout, one `armylist: error:` line."""
    no_traceback(result)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("armylist: error: ")
    return lines[0]


def listed(text: str) -> dict[str, object]:
    document = yaml.safe_load(text)
    assert isinstance(document, dict)
    return document


def fingerprints(*paths: Path) -> list[str]:
    result = invoke("fingerprint", *(str(p) for p in paths))
    assert result.exit_code == 0, result.output
    return [line.split()[0] for line in result.stdout.splitlines()]


# ------------------------------------------------------------------ import to stdout
@pytest.mark.parametrize(
    ("name", "data", "faction", "units", "form"),
    [
        ("raw.json", RAW, "Khalai", 11, "raw REST document"),
        ("flat.json", FLATTENED, "Khalai", 11, "flattened document"),
        ("clean.json", CLEANED, "Khalai", 11, "cleaned form"),
        ("nr.json", NEW_RECRUIT, "Khalai", 11, "New Recruit JSON"),
        ("money.ros", ROS, "Khalai", 11, "BattleScribe roster (.ros)"),
        ("money.rosz", ROSZ, "Khalai", 11, "BattleScribe roster (.rosz)"),
        ("mk.json", MK, "Raynor's Raiders", 9, "malkivian83 list JSON"),
    ],
)
def test_each_format_imports_to_stdout(
    tmp_path: Path,
    name: str,
    data: bytes,
    faction: str,
    units: int,
    form: str,
) -> None:
    source = write(tmp_path, name, data)
    result = invoke("import", str(source))
    no_traceback(result)
    assert result.exit_code == 0, result.output
    # stdout is only the list, so `armylist import x.json > mylist.yaml` works
    header = result.stdout.splitlines()[0]
    assert header.startswith("# Imported by armylist from") and form in header
    document = listed(result.stdout)
    assert document["faction"] == faction
    assert isinstance(document["units"], list) and len(document["units"]) == units
    assert "Imported by" not in result.stderr


def test_findings_and_the_app_totals_go_to_stderr(tmp_path: Path) -> None:
    source = write(tmp_path, "ben.json", FLATTENED)
    result = invoke("import", str(source))
    assert result.exit_code == 0
    # the line of the Pylon's entry: its opening brace, just above its id
    pylon = FLATTENED.decode().splitlines().index('        "id": "pylon",')
    assert f"{source}:{pylon}:1: info AL813 import-summoned-unit" in result.stderr
    assert "AL817 import-app-totals: the app counted" in result.stderr
    assert "at v1.0 costs this list is" in result.stderr
    assert "AL8" not in result.stdout


def test_the_redirected_yaml_validates_like_its_source(tmp_path: Path) -> None:
    source = write(tmp_path, "ben.json", FLATTENED)
    imported = tmp_path / "ben.yaml"
    imported.write_text(invoke("import", str(source)).stdout, encoding="utf-8")
    as_yaml = invoke("validate", str(imported), "--format", "json")
    as_json = invoke("validate", str(source), "--format", "json")
    assert as_yaml.exit_code == as_json.exit_code == 1  # Pylon and 30 Minerals over
    yaml_result = json.loads(as_yaml.stdout)["results"][0]
    json_result = json.loads(as_json.stdout)["results"][0]
    assert yaml_result["fingerprint"] == json_result["fingerprint"]
    assert yaml_result["minerals"] == json_result["minerals"]


def test_an_error_finding_exits_1_and_the_yaml_is_still_written(
    tmp_path: Path,
) -> None:
    flat = fixtures.ttpiba_flattened()
    flat["state"]["roster"][2]["activeUpgrades"] = [7]  # no such availableUpgrades row
    source = write(tmp_path, "r.json", fixtures.dumps(flat))
    result = invoke("import", str(source))
    no_traceback(result)
    assert result.exit_code == 1
    assert "error AL805 import-upgrade-index" in result.stderr
    assert "# dropped: upgrade index 7" in result.stdout
    assert listed(result.stdout)["faction"] == "Khalai"


# ------------------------------------------------------------------ SCT1 and --from
def test_an_sct1_code_is_the_argument_itself() -> None:
    result = invoke("import", fixtures.RULEBOOK_SEED)
    no_traceback(result)
    assert result.exit_code == 0, result.output
    assert fixtures.RULEBOOK_SEED in result.stdout.splitlines()[0]
    document = listed(result.stdout)
    assert document["faction"] == "Raynor's Raiders"
    assert isinstance(document["units"], list) and len(document["units"]) == 9


def test_a_mistyped_seed_is_one_clear_error() -> None:
    # a short list's seed is stored uncompressed: the checksum finds the typo
    patrol = LISTS / "terran-armed-forces-skirmish-patrol.yaml"
    code = invoke("export", str(patrol), "--format", "sct1").stdout.strip()
    body = code.replace("-", "")[4:]
    typo = "SCT1" + body[:12] + ("0" if body[12] != "0" else "1") + body[13:]
    assert "checksum does not match" in one_error_line(invoke("import", typo))
    # a long one is compressed: DEFLATE fails on the typo before the checksum
    compressed = fixtures.RULEBOOK_SEED.replace("RBRN7", "7BRN7")
    assert "corrupt" in one_error_line(invoke("import", compressed))


def test_from_forces_the_format(tmp_path: Path) -> None:
    source = write(tmp_path, "list.json", MK)
    assert invoke("import", "--from", "mk", str(source)).exit_code == 0
    line = one_error_line(invoke("import", "--from", "command-center", str(source)))
    assert "list.json is not a Command Center roster (--from command-center)" in line


def test_from_refuses_a_format_armylist_does_not_know(tmp_path: Path) -> None:
    source = write(tmp_path, "list.json", MK)
    result = invoke("import", "--from", "battlenet", str(source))
    no_traceback(result)
    assert result.exit_code == 2
    assert "battlenet" in result.stderr and result.stdout == ""


def test_a_file_of_no_known_format_is_a_clear_error(tmp_path: Path) -> None:
    source = write(tmp_path, "notes.json", b'{"hello": "world"}')
    line = one_error_line(invoke("import", str(source)))
    assert "JSON of no format armylist imports" in line and "notes.json" in line


# ------------------------------------------------------------------ -o FILE and -o DIR
def test_output_folder_gets_one_yaml_per_list_named_after_it(tmp_path: Path) -> None:
    sources = [
        write(tmp_path, "ben.json", FLATTENED),
        write(tmp_path, "dev.json", NEW_RECRUIT),
        write(tmp_path, "carla.rosz", ROSZ),
        write(tmp_path, "fay.json", MK),
    ]
    out = tmp_path / "imported"
    result = invoke("import", *(str(s) for s in sources), "-o", str(out))
    no_traceback(result)
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    # each list is named after the file it came from, so who sent what is kept
    # (dev's and carla's lists are both called "Money")
    assert sorted(p.name for p in out.iterdir()) == [
        "ben.yaml",
        "carla.yaml",
        "dev.yaml",
        "fay.yaml",
    ]
    assert listed((out / "fay.yaml").read_text())["faction"] == ("Raynor's Raiders")
    for written in out.iterdir():
        assert str(written) in result.stderr  # the user is told what was written


def test_output_folder_never_overwrites_and_writes_nothing_half(
    tmp_path: Path,
) -> None:
    ben = write(tmp_path, "ben.json", FLATTENED)
    fay = write(tmp_path, "fay.json", MK)
    out = tmp_path / "imported"
    out.mkdir()
    kept = out / "ben.yaml"
    kept.write_text("name: my own edits\n", encoding="utf-8")
    result = invoke("import", str(fay), str(ben), "-o", str(out))
    line = one_error_line(result)
    assert "ben.yaml" in line and "exists" in line
    assert kept.read_text(encoding="utf-8") == "name: my own edits\n"
    assert sorted(p.name for p in out.iterdir()) == [kept.name]  # fay's not written


def test_output_file_for_one_source(tmp_path: Path) -> None:
    source = write(tmp_path, "fay.json", MK)
    target = tmp_path / "fay.yaml"
    result = invoke("import", str(source), "-o", str(target))
    assert result.exit_code == 0, result.output
    assert listed(target.read_text(encoding="utf-8"))["faction"] == "Raynor's Raiders"
    again = one_error_line(invoke("import", str(source), "-o", str(target)))
    assert "exists" in again
    from_source, from_yaml = fingerprints(source, target)
    assert from_source == from_yaml


def test_several_sources_need_an_output_folder(tmp_path: Path) -> None:
    ben = write(tmp_path, "ben.json", FLATTENED)
    fay = write(tmp_path, "fay.json", MK)
    assert "-o" in one_error_line(invoke("import", str(ben), str(fay)))
    existing = write(tmp_path, "x.yaml", b"name: x\n")
    line = one_error_line(invoke("import", str(ben), str(fay), "-o", str(existing)))
    assert "folder" in line


@pytest.mark.parametrize("name", ["both.yaml", "both.YML"])
def test_several_sources_and_a_yaml_file_name_is_refused(
    tmp_path: Path, name: str
) -> None:
    # `-o both.yaml` with two sources used to create a FOLDER named both.yaml
    ben = write(tmp_path, "ben.json", FLATTENED)
    fay = write(tmp_path, "fay.json", MK)
    line = one_error_line(
        invoke("import", str(ben), str(fay), "-o", str(tmp_path / name))
    )
    assert f"-o {tmp_path / name} names a list file" in line
    assert "folder" in line
    assert not (tmp_path / name).exists()


def test_one_bad_source_in_a_batch_writes_nothing(tmp_path: Path) -> None:
    good = write(tmp_path, "fay.json", MK)
    bad = write(tmp_path, "emil.json", b'{"state": {"roster": [}')
    out = tmp_path / "imported"
    result = invoke("import", str(good), str(bad), "-o", str(out))
    no_traceback(result)
    assert result.exit_code == 2
    assert "emil.json" in result.stderr and "not valid JSON" in result.stderr
    assert not out.exists() or not any(out.iterdir())


# ------------------------------------------------------------------ malformed input
def _bomb_rosz() -> bytes:
    return fixtures.rosz({"big.ros": b" " * (1024 * 1024 + 10)})


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("broken.json", b'{"state": {"roster": [}', "not valid JSON"),
        ("deep.json", b"[" * 100 + b"]" * 100, "nested deeper"),
        ("broken.ros", b"<roster><forces>", "not well-formed XML"),
        (
            "laughs.ros",
            b'<?xml version="1.0"?><!DOCTYPE roster [<!ENTITY a "aaaaaaaaaa">'
            b'<!ENTITY b "&a;&a;&a;&a;&a;&a;">]><roster name="&b;"/>',
            "refused",
        ),
        ("binary.json", b"\xff\xfe\x00garbage", "neither UTF-8"),
        ("fake.rosz", b"PK\x03\x04 not really a zip", "not a readable zip"),
        (
            "two.rosz",
            fixtures.rosz({"a.ros": ROS, "b.ros": ROS}),
            "exactly one .ros",
        ),
        ("bomb.rosz", _bomb_rosz(), "more than 1 MiB"),
        ("empty.json", b"", "is empty: nothing to import"),
    ],
)
def test_malformed_sources_are_one_line_never_a_traceback(
    tmp_path: Path, name: str, data: bytes, message: str
) -> None:
    source = write(tmp_path, name, data)
    line = one_error_line(invoke("import", str(source)))
    assert message in line and name in line
    # validate reports the same source as an AL800 finding and goes on
    checked = invoke("validate", str(source), "--format", "json")
    no_traceback(checked)
    assert checked.exit_code == 1
    [result] = json.loads(checked.stdout)["results"]
    assert [f["code"] for f in result["findings"]] == ["AL800"]


def test_a_missing_file_or_a_folder_is_a_usage_error(tmp_path: Path) -> None:
    assert "no such file" in one_error_line(
        invoke("import", str(tmp_path / "gone.json"))
    )
    assert "folder" in one_error_line(invoke("import", str(tmp_path)))


# ------------------------------------------------------------------ --seed over HTTP
def test_seed_found_through_the_option(server: str) -> None:
    result = invoke("import", "--seed", "ttpiba", "--seed-url", server)
    no_traceback(result)
    assert result.exit_code == 0, result.output
    assert "TTPIBA" in result.stdout.splitlines()[0]
    document = listed(result.stdout)
    assert document["faction"] == "Khalai"
    assert isinstance(document["units"], list) and len(document["units"]) == 11
    assert "AL817 import-app-totals" in result.stderr


def test_seed_found_through_the_environment_variable(
    server: str, tmp_path: Path
) -> None:
    out = tmp_path / "imported"
    result = invoke(
        "import",
        "--seed",
        "TTPIBA",
        "-o",
        f"{out}/",
        env={"ARMYLIST_COMMAND_CENTER_URL": server},
    )
    assert result.exit_code == 0, result.output
    [written] = out.iterdir()
    assert listed(written.read_text(encoding="utf-8"))["faction"] == "Khalai"


def test_seed_not_found(server: str) -> None:
    line = one_error_line(invoke("import", "--seed", "ZZZZZZ", "--seed-url", server))
    assert "ZZZZZZ" in line and "not found" in line


def test_seed_unreachable(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()  # nothing listens there now
    url = f"http://127.0.0.1:{port}/shared_rosters"
    line = one_error_line(invoke("import", "--seed", "TTPIBA", "--seed-url", url))
    assert "cannot reach" in line and "offline" in line


def test_a_share_code_as_source_points_at_seed() -> None:
    assert "--seed" in one_error_line(invoke("import", "TTPIBA"))


# ------------------------------------------------------------------ validate
# an export cut short (a failed download): the JSON breaks on its last line
EMIL = FLATTENED[: FLATTENED.index(b'"id": "artanis"')]


def _submissions(folder: Path) -> Path:
    folder.mkdir()
    (folder / "anna.yaml").write_bytes(OFFICIAL.read_bytes())
    write(folder, "ben-TTPIBA.json", FLATTENED)
    write(folder, "carla.rosz", ROSZ)
    write(folder, "dev.ros", ROS)
    write(folder, "emil.json", EMIL)
    write(folder, "fay.json", MK)
    # the editor schema `armylist new` suggests beside lists is not a submission
    write(folder, "armylist.schema.json", invoke("schema").stdout.encode())
    return folder


def test_validate_a_folder_of_mixed_submissions(tmp_path: Path) -> None:
    folder = _submissions(tmp_path / "submissions")
    summary = tmp_path / "results.csv"
    result = invoke(
        "validate", str(folder), "--format", "json", "--summary", str(summary)
    )
    no_traceback(result)
    assert result.exit_code == 1
    results = {Path(r["file"]).name: r for r in json.loads(result.stdout)["results"]}
    assert sorted(results) == [
        "anna.yaml",
        "ben-TTPIBA.json",
        "carla.rosz",
        "dev.ros",
        "emil.json",
        "fay.json",
    ]
    verdicts = {name: r["valid"] for name, r in results.items()}
    assert verdicts == {
        "anna.yaml": True,
        "ben-TTPIBA.json": False,  # the Pylon, and 30 Minerals over
        "carla.rosz": False,  # the Pylon
        "dev.ros": False,
        "emil.json": False,  # not JSON at all
        "fay.json": True,
    }

    def codes(name: str) -> set[str]:
        return {f["code"] for f in results[name]["findings"]}

    assert {"AL202", "AL305", "AL813", "AL817"} <= codes("ben-TTPIBA.json")
    assert {"AL305", "AL813"} <= codes("carla.rosz")
    assert codes("emil.json") == {"AL800"}
    [cut_short] = results["emil.json"]["findings"]
    assert cut_short["line"] == len(EMIL.splitlines()) > 1  # where the JSON breaks
    # a rule finding of an imported list points at the entry in the source
    ben = FLATTENED.decode().splitlines()
    summoned = next(
        f for f in results["ben-TTPIBA.json"]["findings"] if f["code"] == "AL305"
    )
    assert ben[summoned["line"]].strip() == '"id": "pylon",'  # the entry's line
    dev = ROS.decode().splitlines()
    summoned = next(f for f in results["dev.ros"]["findings"] if f["code"] == "AL305")
    assert 'name="Pylon"' in dev[summoned["line"] - 1]

    with summary.open(encoding="utf-8", newline="") as handle:
        rows = {Path(r["file"]).name: r for r in csv.DictReader(handle)}
    assert rows["ben-TTPIBA.json"]["faction"] == "Khalai"
    assert rows["ben-TTPIBA.json"]["minerals_used"] == "2030"
    assert (rows["fay.json"]["valid"], rows["emil.json"]["valid"]) == ("True", "False")
    assert (
        rows["ben-TTPIBA.json"]["fingerprint"]
        == results["ben-TTPIBA.json"]["fingerprint"]
    )
    assert rows["TOTAL"]["valid"] == "2/6"


def test_a_cut_short_ros_is_reported_where_the_xml_breaks(tmp_path: Path) -> None:
    cut = ROS[: ROS.index(b'name="Artanis"')]
    source = write(tmp_path, "dev.ros", cut)
    result = invoke("validate", str(source), "--format", "json")
    assert result.exit_code == 1
    [finding] = json.loads(result.stdout)["results"][0]["findings"]
    assert finding["code"] == "AL800" and "not well-formed XML" in finding["message"]
    assert finding["line"] == len(cut.splitlines()) > 1


def test_a_json_summary_in_the_folder_is_not_a_submission(tmp_path: Path) -> None:
    folder = _submissions(tmp_path / "submissions")
    summary = folder / "results.json"
    first = invoke("validate", str(folder), "--summary", str(summary))
    again = invoke("validate", str(folder), "--summary", str(summary))
    assert first.exit_code == again.exit_code == 1
    assert "6 lists checked" in first.stderr and "6 lists checked" in again.stderr
    assert json.loads(summary.read_text(encoding="utf-8"))["totals"]["lists"] == 6


def test_validate_text_report_names_the_source_and_line(tmp_path: Path) -> None:
    folder = _submissions(tmp_path / "submissions")
    result = invoke("validate", str(folder), "--format", "text")
    assert result.exit_code == 1
    assert "ben-TTPIBA.json" in result.stdout
    assert "AL800 import-source" in result.stdout
    assert "6 lists checked: 2 legal, 4 illegal" in result.stderr


def test_fingerprint_of_an_imported_list_equals_its_yaml_import(
    tmp_path: Path,
) -> None:
    sources = [
        write(tmp_path, "ben.json", FLATTENED),
        write(tmp_path, "carla.rosz", ROSZ),
        write(tmp_path, "fay.json", MK),
    ]
    for source in sources:
        imported = tmp_path / f"{source.name}.yaml"
        assert invoke("import", str(source), "-o", str(imported)).exit_code == 0
        from_source, from_yaml = fingerprints(source, imported)
        assert from_source == from_yaml, source.name
        checked = invoke("validate", str(source), "--format", "json")
        assert json.loads(checked.stdout)["results"][0]["fingerprint"] == from_source


def test_fingerprint_of_a_folder_takes_every_submission(tmp_path: Path) -> None:
    folder = tmp_path / "submissions"
    folder.mkdir()
    ben = write(folder, "ben.json", FLATTENED)
    carla = write(folder, "carla.rosz", ROSZ)
    result = invoke("fingerprint", str(folder))
    assert result.exit_code == 0, result.output
    listed = {
        Path(line.split()[1]).name: line.split()[0]
        for line in result.stdout.splitlines()
    }
    assert listed == {
        "ben.json": fingerprints(ben)[0],
        "carla.rosz": fingerprints(carla)[0],
    }


def test_event_rules_apply_to_imported_lists(tmp_path: Path) -> None:
    source = write(tmp_path, "fay.json", MK)
    event = tmp_path / "event.yaml"
    event.write_text("scale: skirmish\n", encoding="utf-8")
    assert invoke("validate", str(source)).exit_code == 0
    result = invoke("validate", str(source), "--event", str(event), "--format", "json")
    assert result.exit_code == 1
    findings = json.loads(result.stdout)["results"][0]["findings"]
    assert "AL702" in {f["code"] for f in findings}


# ------------------------------------------------------------------ export
EXPORTABLE = sorted(p for p in LISTS.glob("*.yaml") if "nerazim" not in p.name)


@pytest.mark.parametrize("example", EXPORTABLE, ids=lambda p: p.stem)
def test_import_of_export_is_the_same_list(example: Path, tmp_path: Path) -> None:
    seed = invoke("export", str(example), "--format", "sct1")
    assert seed.exit_code == 0, seed.output
    code = seed.stdout.strip()
    assert code.startswith("SCT1-") and "\n" not in code
    from_seed = tmp_path / "from-seed.yaml"
    assert invoke("import", code, "-o", str(from_seed)).exit_code == 0

    exported = invoke("export", str(example), "--format", "mk-json")
    assert exported.exit_code == 0, exported.output
    mk = write(tmp_path, "mk.json", exported.stdout.encode())
    assert "factionCardId" in json.loads(exported.stdout)
    from_mk = tmp_path / "from-mk.yaml"
    assert invoke("import", str(mk), "-o", str(from_mk)).exit_code == 0

    original = fingerprints(example)[0]
    assert fingerprints(from_seed, from_mk, mk) == [original] * 3


def test_show_and_export_read_another_builders_list(tmp_path: Path) -> None:
    # a Command Center list straight to malkivian83's builder, and its sheet
    ben = write(tmp_path, "ben.json", FLATTENED)
    sheet = invoke("show", str(ben))
    assert sheet.exit_code == 1  # the Pylon: printed, with the note
    assert "Artanis" in sheet.stdout and "not a legal list" in sheet.stderr
    exported = invoke("export", str(ben), "--format", "mk-json")
    assert exported.exit_code == 1, exported.output
    mk = write(tmp_path, "mk.json", exported.stdout.encode())
    from_command_center, from_mk = fingerprints(ben, mk)
    assert from_command_center == from_mk


def test_export_of_an_item_the_builder_lacks_is_a_clear_error() -> None:
    nerazim = LISTS / "nerazim-shadow-strike.yaml"
    for fmt in ("sct1", "mk-json"):
        line = one_error_line(invoke("export", str(nerazim), "--format", fmt))
        assert "no id for the Faction Card Nerazim" in line


# ------------------------------------------------------------------ rules and docs
def _kinds() -> list[tuple[str, str, str]]:
    from armylist.importing.model import KINDS

    return [(k.code, k.rule, k.severity.value) for k in KINDS]


def test_rules_lists_the_import_findings() -> None:
    everything = invoke("rules")
    assert everything.exit_code == 0
    for code, rule, severity in _kinds():
        assert f"{code} {rule} ({severity}, import)" in everything.stdout
    one = invoke("rules", "AL805")
    assert one.exit_code == 0
    assert one.stdout.startswith("AL805 import-upgrade-index (error, import)")


def test_docs_import_findings_table_is_current() -> None:
    readme = (LISTS.parent / "docs" / "importing.md").read_text(encoding="utf-8")
    start = readme.index("<!-- import-findings:start")
    start = readme.index("\n", start) + 1
    end = readme.index("<!-- import-findings:end -->")
    table = invoke("rules", "import", "--markdown")
    assert table.exit_code == 0
    assert readme[start:end] == table.stdout, "run `armylist rules import --markdown`"
    for code, rule, _ in _kinds():
        assert f"| {code} | `{rule}` |" in table.stdout


def test_every_import_code_is_in_the_changelog() -> None:
    changelog = (LISTS.parent / "CHANGELOG.md").read_text(encoding="utf-8")
    for code, rule, _ in _kinds():
        assert f"{code} `{rule}`" in changelog, code


def test_import_help_names_every_format() -> None:
    result = invoke("import", "--help")
    assert result.exit_code == 0
    for word in ("command-center", "new-recruit", "mk", "sct1", "--seed", "-o"):
        assert word in result.stdout


@pytest.mark.parametrize("columns", ["60", "80", "120"])
def test_import_help_paragraphs_wrap_to_the_terminal(columns: str) -> None:
    # The docstring's own line breaks used to be kept after Rich wrapped the lines, so
    # at 60 or 80 columns a paragraph broke off mid-sentence ("...could not be mapped,"
    # then a short line). Wrapped text fills each line before breaking it.
    result = invoke("import", "--help", env={"COLUMNS": columns, "TERM": "dumb"})
    assert result.exit_code == 0
    top = result.stdout.split("╭")[0].splitlines()
    body = [line.strip() for line in top if line.strip()][1:]  # after Usage:
    width = int(columns) - 2  # Rich's one-space margin on each side
    for line, after in itertools.pairwise(body):
        next_word = after.split()[0]
        ends_paragraph = line.endswith((".", ":")) or after.startswith("Exit codes")
        assert ends_paragraph or len(line) + 1 + len(next_word) > width, (line, after)


def _readme_block(after: str) -> list[str]:
    readme = (LISTS.parent / "docs" / "importing.md").read_text(encoding="utf-8")
    start = readme.index(after)
    return readme[start : readme.index("```", start)].splitlines()


def _annotation(line: str) -> str:
    # the source's line numbers and the message depend on how each file was exported
    return re.sub(r",line=\d+,col=\d+", "", line.split("::", 2)[1])


def test_readme_organiser_example_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # It used to show an info notice (AL817) that --format github prints only with
    # --show-info, and none of the ::group:: lines the command prints.
    folder = tmp_path / "submissions"
    folder.mkdir()
    (folder / "anna.yaml").write_bytes(OFFICIAL.read_bytes())
    write(folder, "ben-TTPIBA.json", FLATTENED)
    write(folder, "carla.rosz", ROSZ)
    write(folder, "dev.json", MK)
    write(folder, "emil.json", EMIL)
    monkeypatch.chdir(tmp_path)
    block = _readme_block("$ armylist validate submissions/ --summary results.csv")
    command = block[0].removeprefix("$ armylist ").split()
    shown = block[1 : block.index("$ cat results.csv")]
    result = invoke(*command)
    assert result.exit_code == 1
    printed = result.stdout.splitlines() + result.stderr.splitlines()
    assert [_annotation(x) if x.startswith("::") else x for x in shown] == [
        _annotation(x) if x.startswith("::") else x for x in printed
    ]
    csv_shown = block[block.index("$ cat results.csv") + 1 :]
    assert (tmp_path / "results.csv").read_text().splitlines() == csv_shown


def test_a_write_that_fails_names_the_list_file_not_a_temporary_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # it used to say "cannot write /proc/.x.yaml.7mvf58xj.tmp": the atomic write's
    # temporary file, a name the user never gave
    def refuse(path: Path, text: str, *, overwrite: bool = True) -> None:
        temporary = path.parent / f".{path.name}.7mvf58xj.tmp"
        raise OSError(errno.EROFS, "Read-only file system", str(temporary))

    monkeypatch.setattr("armylist.intake.batch.write_text", refuse)
    source = write(tmp_path, "fay.json", MK)
    target = tmp_path / "fay.yaml"
    line = one_error_line(invoke("import", str(source), "-o", str(target)))
    assert line == (
        f"armylist: error: cannot write {target}: Read-only file system "
        "(nothing was written)"
    )


def test_validate_finds_submissions_whatever_the_case_of_their_suffix(
    tmp_path: Path,
) -> None:
    # Windows and some mail clients save 'ANNA.YAML' or 'carla.ROSZ': a folder check
    # that skipped them would call a folder legal without checking its lists.
    folder = _submissions(tmp_path / "submissions")
    for path in list(folder.iterdir()):
        path.rename(path.with_suffix(path.suffix.upper()))
    result = invoke("validate", str(folder), "--format", "json")
    no_traceback(result)
    names = sorted(Path(r["file"]).name for r in json.loads(result.stdout)["results"])
    assert names == [
        "anna.YAML",
        "ben-TTPIBA.JSON",
        "carla.ROSZ",
        "dev.ROS",
        "emil.JSON",
        "fay.JSON",
    ]
