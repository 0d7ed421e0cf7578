"""One armylist run in a fresh interpreter, and the modules it loaded.

Start-up properties (what a command imports) can only be seen in a new process: the
test process has long imported everything.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# Runs the console script's entry point, as `armylist` does, then prints on stderr the
# exit code and the armylist, Rich, Textual, typer, click and pydantic modules that run
# loaded, and importlib.metadata if it was loaded.
PROBE = """
import sys
sys.argv = ["armylist", *sys.argv[1:]]
from armylist.cli import main
try:
    main()
except SystemExit as stop:
    code = stop.code
own = ("armylist", "rich", "textual", "typer", "click", "pydantic", "importlib.metadata")
loaded = [m for m in sys.modules if m.startswith(own)]
sys.stderr.write("\\nexit=" + str(code) + " " + ",".join(sorted(loaded)) + "\\n")
"""


def fresh_run(tmp_path: Path, *args: str) -> tuple[str, int, list[str]]:
    """stdout, the exit code, and the armylist, Rich, Textual, typer and click modules
    of one fresh run."""
    unset = ("GITHUB_ACTIONS", "ARMYLIST_COLLECTION")
    env = {k: v for k, v in os.environ.items() if k not in unset}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    # No collection of the machine's: an empty data folder.
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
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
    code, modules = last.split(" ", 1)
    return (
        done.stdout,
        int(code.removeprefix("exit=")),
        [m for m in modules.split(",") if m],
    )
