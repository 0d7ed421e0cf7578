"""The hostile-input suite: device nodes, races, escapes, huge numbers, traversal.

Every test here is bounded (no sleeps, no timing) and never writes outside its own
temporary folder: `no_device_writes` fails a test before anything could replace a
device node such as the real `/dev/null`.
"""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from projectpaths import OFFICIAL


@pytest.fixture(autouse=True)
def no_device_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test, never the machine, when a write would replace what is not a
    regular file (a device node, a FIFO, a socket)."""

    def guarded(real: Callable[..., Any]) -> Callable[..., Any]:
        def call(source: Any, target: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                mode = os.stat(target).st_mode
            except OSError:
                mode = stat.S_IFREG
            if not stat.S_ISREG(mode):
                raise AssertionError(f"a write would replace the non-file {target}")
            return real(source, target, *args, **kwargs)

        return call

    for name in ("replace", "rename", "link"):
        monkeypatch.setattr(os, name, guarded(getattr(os, name)))


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The test's folder as the current one, with a legal list `ok.yaml` in it (short
    relative names: a socket's path is limited to about 100 bytes)."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(OFFICIAL, tmp_path / "ok.yaml")
    yield tmp_path
