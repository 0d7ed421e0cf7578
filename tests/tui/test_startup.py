"""What the builder loads before its list is on screen: seen in a fresh interpreter
(the test process has long imported everything)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Opens and checks a list as the builder's first screen does, then makes one change.
PROBE = """
import sys
from pathlib import Path
from armylist.gamedata.loading import load_catalog
from armylist.tui.session import Session
session = Session.open(Path(sys.argv[1]), load_catalog())
opened = sorted(m for m in sys.modules if m.startswith(("ruamel", "armylist.editing")))
session.move(2, -1)
changed = "ruamel" in sys.modules
print(",".join(opened))
print(changed)
"""


def test_a_list_opens_without_the_editing_round_trip(tmp_path: Path) -> None:
    """ruamel.yaml (and the edits that use it) load at the first change, not before
    the list is drawn: they are a good part of the first screen's time."""
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(ROOT / "lists" / "official-example.yaml")],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )
    opened, changed = done.stdout.splitlines()
    assert "ruamel" not in opened
    assert "armylist.editing.edits" not in opened.split(",")
    assert "armylist.editing.yamldoc" not in opened.split(",")
    assert changed == "True"
