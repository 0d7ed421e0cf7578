"""Speed properties a user can see without a stopwatch (issue 10, "Speed").

The timings themselves are measured by tests/benchmarks/run.py; these tests pin what
makes them possible: a CI run with machine output never loads Rich, and a batch's JSON
is written list by list, in one process unless `--jobs` asks for workers.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from freshrun import fresh_run
from projectpaths import LISTS, OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app
from armylist.gamedata.catalog import Catalog


def probe(tmp_path: Path, *args: str) -> tuple[str, int, list[str]]:
    """stdout, exit code and the Rich modules loaded by one fresh armylist run."""
    stdout, code, modules = fresh_run(tmp_path, *args)
    return stdout, code, [m for m in modules if m == "rich" or m.startswith("rich.")]


@pytest.mark.parametrize("output", ["json", "github", "junit"])
def test_machine_formats_never_import_rich(tmp_path: Path, output: str) -> None:
    # A legal list and an illegal one, so findings are rendered too.
    illegal = tmp_path / "illegal.yaml"
    illegal.write_text(
        OFFICIAL.read_text(encoding="utf-8").replace("faction:", "factio:", 1),
        encoding="utf-8",
    )
    stdout, code, modules = probe(
        tmp_path, "validate", str(OFFICIAL), str(illegal), "--format", output
    )
    assert code == 1
    assert modules == [], f"--format {output} loaded {modules[:5]}"
    if output == "json":
        report = json.loads(stdout)
        # results are sorted by path, and where the checkout lies decides the order
        valid = {Path(r["file"]).name: r["valid"] for r in report["results"]}
        assert valid == {"illegal.yaml": False, OFFICIAL.name: True}


def test_json_over_a_folder_never_imports_rich(tmp_path: Path) -> None:
    stdout, code, modules = probe(tmp_path, "validate", str(LISTS), "--format", "json")
    assert code == 0
    assert modules == []
    assert json.loads(stdout)["summary"]["invalid"] == 0


@pytest.mark.parametrize("output", ["json", "text"])
def test_lists_are_checked_without_loading_pydantic(
    tmp_path: Path, output: str
) -> None:
    # pydantic's import is a third of a cold start: the cards come from the cached
    # catalog as plain classes, and a list's values are checked without a validator,
    # a spoilt list's too. The first run validates the game data and keeps it.
    spoilt = tmp_path / "spoilt.yaml"
    spoilt.write_text(
        "faction: Raynor's Raiders\nscale: standard\nminerals: '2000'\n"
        "units: [Marine, {unit: 7, models: true}]\nmissions: Ghost Town\n",
        encoding="utf-8",
    )
    argv = ("validate", str(LISTS), str(spoilt), "--format", output)
    fresh_run(tmp_path, *argv)
    stdout, code, modules = fresh_run(tmp_path, *argv)
    assert code == 1
    assert [m for m in modules if m.split(".")[0].startswith("pydantic")] == []
    if output == "text":
        assert "minerals: expected a whole number, got the text '2000'" in stdout


def test_text_format_still_renders_with_rich(tmp_path: Path) -> None:
    # The probe itself must see Rich when the text report is asked for.
    stdout, code, modules = probe(tmp_path, "validate", str(OFFICIAL))
    assert code == 0
    assert "rich.console" in modules
    assert "Units" in stdout


def test_team_json_never_imports_rich(tmp_path: Path) -> None:
    for name in ("alice.yaml", "bob.yaml"):
        (tmp_path / name).write_text(OFFICIAL.read_text(encoding="utf-8"), "utf-8")
    team = tmp_path / "team.yaml"
    team.write_text("minerals: 4000\nplayers: [alice.yaml, bob.yaml]\n", "utf-8")
    stdout, code, modules = probe(
        tmp_path, "validate", "--team", str(team), "--format", "json"
    )
    assert modules == []
    data = json.loads(stdout)
    assert code == 0 and data["team"]["valid"] is True
    assert [r["valid"] for r in data["results"]] == [True, True]


def batch(folder: Path, count: int) -> None:
    """Lists as a batch has them: legal ones and ones with a wrong unit."""
    text = OFFICIAL.read_text(encoding="utf-8")
    folder.mkdir()
    for i in range(count):
        broken = text.replace("units:", "units:\n  - unit: Pylon", 1)
        (folder / f"{i:03d}.yaml").write_text(broken if i % 3 else text, "utf-8")


def test_json_written_list_by_list_is_the_rendered_report(
    tmp_path: Path, catalog: Catalog
) -> None:
    # The CLI streams one-line JSON; a script must get the documented report's bytes.
    from armylist.door.batch import validate_paths
    from armylist.reporters import json as json_reporter

    batch(tmp_path / "lists", 30)
    result = CliRunner().invoke(
        app, ["validate", str(tmp_path / "lists"), "--format", "json"]
    )
    assert result.exit_code == 1
    expected = json_reporter.render(
        validate_paths([tmp_path / "lists"], catalog).report
    )
    assert result.stdout == expected
    assert json.loads(result.stdout)["summary"]["invalid"] == 20


def test_jobs_share_a_batch_among_workers_with_the_same_report(tmp_path: Path) -> None:
    batch(tmp_path / "lists", 30)
    outputs = []
    for jobs in ("1", "2"):
        result = CliRunner().invoke(
            app, ["validate", str(tmp_path / "lists"), "--format", "json", "-j", jobs]
        )
        assert result.exit_code == 1
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1]
    assert (
        CliRunner().invoke(app, ["validate", str(OFFICIAL), "--jobs", "0"]).exit_code
        == 2
    )
