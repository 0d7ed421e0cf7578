"""The rules over a player's rosters (`validate --event`), run on their cases in
tests/rules/submission_cases/<rule>.yaml: an event file, its roster files, and the
roster files with a finding of the rule (`expect`) or `pass: true`."""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from armylist.cli import app
from armylist.rules.listing import SUBMISSION_RULES

CASES_DIR = Path(__file__).parent / "submission_cases"
runner = CliRunner()


def _cases() -> list[Any]:
    return [
        pytest.param(data["rule"], case, id=f"{data['rule']}: {case['name']}")
        for path in sorted(CASES_DIR.glob("*.yaml"))
        for data in [yaml.safe_load(path.read_text(encoding="utf-8"))]
        for case in data["cases"]
    ]


def _write(folder: Path, files: dict[str, str], mtime: Any) -> None:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if mtime is not None:
            stamp = (
                mtime
                if isinstance(mtime, dt.datetime)
                else dt.datetime.fromisoformat(mtime)
            )
            os.utime(path, (stamp.timestamp(), stamp.timestamp()))


@pytest.mark.parametrize(("rule", "case"), _cases())
def test_submission_rule_case(rule: str, case: dict[str, Any], tmp_path: Path) -> None:
    event = tmp_path / "event.yaml"
    event.write_text(case["event"], encoding="utf-8")
    _write(tmp_path, case["rosters"], case.get("mtime"))
    if "after_lock" in case:
        locked = runner.invoke(app, ["event", "lock", str(event)])
        assert locked.exit_code == 0, locked.stderr
        _write(tmp_path, case["after_lock"], None)
    result = runner.invoke(
        app, ["validate", str(tmp_path), "--event", str(event), "--format", "json"]
    )
    assert result.exit_code in (0, 1), result.stderr
    found = sorted(
        Path(r["file"]).relative_to(tmp_path).as_posix()
        for r in json.loads(result.stdout)["results"]
        for f in r["findings"]
        if f["rule"] == rule
    )
    messages = [
        f["message"]
        for r in json.loads(result.stdout)["results"]
        for f in r["findings"]
        if f["rule"] == rule
    ]
    if case.get("pass"):
        assert found == [], messages
    else:
        assert found == sorted(case["expect"]), messages
        if "message" in case:
            assert any(case["message"] in m for m in messages), messages


def test_every_submission_rule_has_a_failing_and_a_passing_case() -> None:
    kinds: dict[str, set[str]] = {}
    for path in CASES_DIR.glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert path.stem == data["rule"]
        kinds[data["rule"]] = {
            "pass" if c.get("pass") else "fail" for c in data["cases"]
        }
    for rule in SUBMISSION_RULES:
        assert kinds.get(rule.name) == {"pass", "fail"}, rule.name
