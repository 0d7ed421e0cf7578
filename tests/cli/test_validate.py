"""`armylist validate` through the CLI: reports, formats, exit codes, bad input."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from projectpaths import LISTS, OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app
from armylist.door.discovery import discover
from armylist.reporters.github import escape_data, escape_property

runner = CliRunner()

FIVE_PROBLEMS = """\
scale: standard
faction: Terran Armed Forces
tactical_cards: [Barracks, Academy, Academy]
units:
  - unit: Marine
    models: 7
  - unit: Raynor's Raider (Marine)
  - unit: Pylon
  - unit: Marauder
    models: 2
    upgrades: [Stimpack]
"""


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_official_example_text_report() -> None:
    code, out, err = run("validate", str(OFFICIAL), "--format", "text")
    assert code == 0
    assert "Minerals: 1,670 of 2,000" in out
    assert "Vespene Gas: 185 of 200" in out
    for row in (
        ("Core", "8/8"),
        ("Hero", "1/1"),
        ("Support", "2/3"),
        ("Elite", "2/2"),
        ("Air", "0/1"),
    ):
        assert any(row[0] in line and row[1] in line for line in out.splitlines()), row
    assert "legal list" in out
    assert "1 legal, 0 illegal" in err


def test_official_example_json_report() -> None:
    code, out, _ = run("validate", str(OFFICIAL), "--format", "json")
    assert code == 0
    data = json.loads(out)
    result = data["results"][0]
    assert result["valid"] is True
    assert result["minerals"] == {"used": 1670, "limit": 2000}
    assert result["gas"] == {"used": 185, "limit": 200}
    assert {k: (v["used"], v["available"]) for k, v in result["slots"].items()} == {
        "core": (8, 8),
        "hero": (1, 1),
        "support": (2, 3),
        "elite": (2, 2),
        "air": (0, 1),
    }
    assert data["summary"] == {
        "files": 1,
        "valid": 1,
        "invalid": 0,
        "errors": 0,
        "warnings": 0,
    }
    assert [u["unit"] for u in result["units"]][:3] == ["Marine", "Marine", "Marine"]


def test_a_list_breaking_five_rules_reports_all_five(tmp_path: Path) -> None:
    path = tmp_path / "five.yaml"
    path.write_text(FIVE_PROBLEMS, encoding="utf-8")
    code, out, _ = run("validate", str(path), "--format", "json")
    assert code == 1
    findings = json.loads(out)["results"][0]["findings"]
    errors = {(f["rule"], f["line"]) for f in findings if f["severity"] == "error"}
    assert errors == {
        ("unique", 3),
        ("composition", 6),
        ("faction-tag", 7),
        ("summoned-unit", 8),
        ("unknown-upgrade", 11),
    }


JSON_RESULT_KEYS = {
    "file",
    "valid",
    "name",
    "player",
    "faction",
    "scale",
    "minerals",
    "gas",
    "slots",
    "units",
    "findings",
    "fingerprint",
    "ready",
    "missing",
}
FINDING_KEYS = {
    "code",
    "rule",
    "severity",
    "message",
    "rule_ref",
    "line",
    "column",
    "hint",
    "suggestions",
}


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        (OFFICIAL.read_text(encoding="utf-8"), True),
        (FIVE_PROBLEMS, False),
        ("units: [Marine\n", False),
        ("", False),
    ],
    ids=["valid", "invalid", "unparsable", "empty"],
)
def test_json_contract(tmp_path: Path, text: str, valid: bool) -> None:
    path = tmp_path / "list.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run("validate", str(path), "--format", "json")
    assert code == (0 if valid else 1)
    data = json.loads(out)
    assert set(data) == {
        "armylist_version",
        "data_version",
        "results",
        "summary",
        "strict",
    }
    assert data["strict"] is False
    assert set(data["summary"]) == {"files", "valid", "invalid", "errors", "warnings"}
    (result,) = data["results"]
    assert set(result) == JSON_RESULT_KEYS
    assert result["valid"] is valid
    assert set(result["slots"]) == {"core", "elite", "support", "air", "hero"}
    for finding in result["findings"]:
        assert set(finding) == FINDING_KEYS
        for suggestion in finding["suggestions"]:
            assert set(suggestion) == {"kind", "name", "models", "unit"}
    assert set(result["minerals"]) == {"used", "limit"}
    for unit in result["units"]:
        assert set(unit) == {"unit", "models", "supply", "minerals", "upgrades"}
    assert out == json.dumps(data, sort_keys=True, ensure_ascii=False) + "\n"


def test_every_example_list_is_legal() -> None:
    code, out, _ = run("validate", str(LISTS), "--format", "json")
    assert code == 0, out
    data = json.loads(out)
    assert data["summary"]["invalid"] == 0
    # every form: lists/imported/ holds other builders' lists
    assert data["summary"]["files"] == len(discover([LISTS])) > 13


def test_folder_is_searched_recursively_and_mixed_results_exit_1(
    tmp_path: Path,
) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "good.yml").write_text(
        OFFICIAL.read_text(encoding="utf-8"), encoding="utf-8"
    )
    (tmp_path / "bad.yaml").write_text(FIVE_PROBLEMS, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a list", encoding="utf-8")
    code, out, err = run("validate", str(tmp_path), "--format", "json")
    assert code == 1
    files = [r["file"] for r in json.loads(out)["results"]]
    assert [Path(f).name for f in files] == ["bad.yaml", "good.yml"]
    assert "1 legal, 1 illegal" in err


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (b"", "not an empty file"),
        (b"just a string\n", "not the text 'just a string'"),
        (b"- faction: Khalai\n", "not a list"),
        (b"\x00\x01\x02binary", "binary"),
        (b"faction: Raynor\xe2s Raiders\n", "not UTF-8"),
        (b"faction: Khalai\nunits:\n\t- unit: Zealot\n", "tabs"),
        (
            b"a: &a [x, x, x, x, x, x, x, x, x, x]\n"
            + b"".join(
                b"%c: &%c [" % (98 + i, 98 + i)
                + b", ".join([b"*%c" % (97 + i)] * 10)
                + b"]\n"
                for i in range(9)
            ),
            "anchors",
        ),
        (
            b"faction: !!python/object/apply:os.system [echo hi]\n",
            "unsupported YAML tag",
        ),
        (b"x" * (1024 * 1024 + 1), "1 MiB"),
    ],
    ids=[
        "empty",
        "scalar",
        "sequence",
        "binary",
        "non-utf8",
        "tabs",
        "alias-bomb",
        "python-tag",
        "too-big",
    ],
)
def test_bad_input_gets_a_finding_not_a_traceback(
    tmp_path: Path, content: bytes, needle: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_bytes(content)
    result = runner.invoke(app, ["validate", str(path), "--format", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    messages = " ".join(
        f["message"] + " " + f["hint"] for f in data["results"][0]["findings"]
    )
    assert needle in messages
    assert path.read_bytes() == content  # validate never writes


def test_missing_file_and_empty_folder_exit_2(tmp_path: Path) -> None:
    code, out, err = run("validate", str(tmp_path / "nope.yaml"))
    assert code == 2 and out == "" and "no such file" in err
    code, out, err = run("validate", str(tmp_path))
    assert code == 2 and out == "" and "no army list" in err


def test_broken_game_data_exits_2(tmp_path: Path) -> None:
    (tmp_path / "game.yaml").write_text("data_version: [\n", encoding="utf-8")
    code, _, err = run("validate", str(OFFICIAL), "--data", str(tmp_path))
    assert code == 2 and "game.yaml:" in err


def test_strict_fails_on_warnings(tmp_path: Path) -> None:
    path = tmp_path / "tank.yaml"
    path.write_text(
        OFFICIAL.read_text(encoding="utf-8").replace(
            "  - unit: Goliath\n", "  - unit: Siege Tank\n"
        ),
        encoding="utf-8",
    )
    assert run("validate", str(path))[0] == 0
    assert run("validate", str(path), "--strict")[0] == 1


def test_github_format_is_the_default_under_actions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a,b:c.yaml"
    path.write_text(FIVE_PROBLEMS, encoding="utf-8")
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    code, out, _ = run("validate", str(path))
    assert code == 1
    assert out.startswith("::group::")
    errors = [line for line in out.splitlines() if line.startswith("::error ")]
    assert len(errors) == 5
    assert all("a%2Cb%3Ac.yaml" in line for line in errors)
    assert ",line=6,col=13," in out


def test_github_escaping() -> None:
    assert escape_data("50% done\r\nnext") == "50%25 done%0D%0Anext"
    assert escape_property("a:b,c%") == "a%3Ab%2Cc%25"


def test_junit_has_one_case_per_list_and_failures_carry_findings(
    tmp_path: Path,
) -> None:
    (tmp_path / "bad.yaml").write_text(FIVE_PROBLEMS, encoding="utf-8")
    (tmp_path / "good.yaml").write_text(
        OFFICIAL.read_text(encoding="utf-8"), encoding="utf-8"
    )
    code, out, _ = run("validate", str(tmp_path), "--format", "junit")
    assert code == 1
    root = ET.fromstring(out.split("\n", 1)[1])
    cases = root.findall(".//testcase")
    assert len(cases) == 2
    failures = [c for c in cases if c.find("failure") is not None]
    assert len(failures) == 1 and failures[0].get("name", "").endswith("bad.yaml")
    assert "AL304 composition" in (failures[0].find("failure").text or "")  # type: ignore[union-attr]


def test_stdout_holds_only_the_report(tmp_path: Path) -> None:
    code, out, err = run("validate", str(OFFICIAL), "--format", "json")
    assert code == 0
    json.loads(out)
    assert "1 list checked" in err and "list checked" not in out


def test_rules_command_prints_every_rule() -> None:
    code, out, _ = run("rules")
    assert code == 0
    assert "AL202 minerals-over-budget" in out and "AL302 slots-exceeded" in out
    code, out, _ = run("rules", "composition")
    assert code == 0 and "Bad:" in out
    assert run("rules", "nonsense")[0] == 2


def test_a_batch_checked_in_worker_processes_reports_the_same(tmp_path: Path) -> None:
    from armylist.door.batch import validate_paths
    from armylist.gamedata.loading import load_catalog
    from armylist.reporters import json as json_reporter

    for i, source in enumerate(sorted(LISTS.glob("*.yaml"))):
        text = source.read_text(encoding="utf-8")
        (tmp_path / f"{i:02d}-legal.yaml").write_text(text, encoding="utf-8")
        (tmp_path / f"{i:02d}-broken.yaml").write_text(
            text.replace("units:", "units:\n  - unit: Pylon", 1), encoding="utf-8"
        )
    catalog = load_catalog()
    serial = validate_paths([tmp_path], catalog, workers=1).report
    parallel = validate_paths([tmp_path], catalog, workers=2).report
    assert json_reporter.render(parallel) == json_reporter.render(serial)
    assert serial.summary.invalid == len(list(LISTS.glob("*.yaml")))


def test_the_console_script_builds_only_the_command_asked_for(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from armylist.cli.frame import _single_command_app
    from armylist.cli.launch import main

    assert _single_command_app("no-such-command") is None
    single = _single_command_app("validate")
    assert single is not None and len(single.registered_commands) == 1
    # `--lang` is read by the command frame only (not a form `quick` reads).
    argv = ["armylist", "validate", str(OFFICIAL), "--format", "json", "--lang", "en"]
    monkeypatch.setattr("sys.argv", argv)
    with pytest.raises(SystemExit) as stopped:
        main()
    assert stopped.value.code == 0
    assert json.loads(capsys.readouterr().out)["summary"]["valid"] == 1


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_file_is_read_only_up_to_the_limit() -> None:
    code, out, _ = run("validate", "/dev/zero", "--format", "json")
    assert code == 1
    (finding,) = json.loads(out)["results"][0]["findings"]
    assert finding["rule"] == "yaml-syntax" and "1 MiB" in finding["message"]


def test_a_list_of_thousands_of_units_gets_one_clear_finding(tmp_path: Path) -> None:
    huge = tmp_path / "huge.yaml"
    entries = "".join("  - {unit: Marine, models: 9}\n" for _ in range(5_000))
    huge.write_text("scale: standard\nfaction: Khalai\nunits:\n" + entries, "utf-8")
    code, out, _ = run("validate", str(huge), "--format", "json")
    assert code == 1
    (finding,) = json.loads(out)["results"][0]["findings"]
    assert "more than 20,000 values" in finding["message"]
    big = tmp_path / "big.yaml"
    entries = "".join("  - {unit: Zealot, models: 3}\n" for _ in range(1_000))
    big.write_text("scale: standard\nfaction: Khalai\nunits:\n" + entries, "utf-8")
    code, out, _ = run("validate", str(big), "--format", "json")
    assert code == 1
    result = json.loads(out)["results"][0]
    assert len(result["units"]) == 200
    assert any("units has 1,000 entries" in f["message"] for f in result["findings"])
