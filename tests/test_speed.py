"""Speed properties a user can see without a stopwatch (issue 10, "Speed").

The timings themselves are measured by tests/benchmarks/run.py; these tests pin what
makes them possible: a CI run with machine output never loads Rich.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import LISTS, OFFICIAL

# Runs the console script's entry point in a fresh interpreter, as `armylist` does,
# then reports on stderr which Rich modules that run loaded.
PROBE = """
import sys
sys.argv = ["armylist", *sys.argv[1:]]
from armylist.cli import main
try:
    main()
except SystemExit as stop:
    code = stop.code
loaded = sorted(m for m in sys.modules if m == "rich" or m.startswith("rich."))
sys.stderr.write("\\nexit=" + str(code) + " rich=" + ",".join(loaded) + "\\n")
"""


def probe(tmp_path: Path, *args: str) -> tuple[str, int, list[str]]:
    """stdout, exit code and the Rich modules loaded by one fresh armylist run."""
    env = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("exit="), done.stderr
    code, rich = last.split(" ", 1)
    modules = [m for m in rich.removeprefix("rich=").split(",") if m]
    return done.stdout, int(code.removeprefix("exit=")), modules


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
        assert [r["valid"] for r in report["results"]] == [False, True]


def test_json_over_a_folder_never_imports_rich(tmp_path: Path) -> None:
    stdout, code, modules = probe(tmp_path, "validate", str(LISTS), "--format", "json")
    assert code == 0
    assert modules == []
    assert json.loads(stdout)["summary"]["invalid"] == 0


def test_text_format_still_renders_with_rich(tmp_path: Path) -> None:
    # The probe itself must see Rich when the text report is asked for.
    stdout, code, modules = probe(tmp_path, "validate", str(OFFICIAL))
    assert code == 0
    assert "rich.console" in modules
    assert "Units" in stdout
