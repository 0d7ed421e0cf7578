"""The build compiles the Spanish catalogue: each
`armylist/text/locale/*/LC_MESSAGES/*.po` becomes the `.mo` that armylist reads at start-up (one file read, no parsing), and
CLDR's number symbols of its language are written beside it (`numbers.json`), so that
a Spanish start does not load Babel's locale data (armylist.text.i18n.compile_language).

A wheel carries the compiled file and not the `.po` (an installed armylist never
compiles); an editable install gets it written beside the `.po`, where it is
git-ignored (edit the `.po` later and armylist compiles it in memory until the next
install). The source distribution carries the `.po`, this hook and Babel's mapping.
"""

from __future__ import annotations

import importlib.util
import shutil
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

LOCALE = Path("armylist") / "text" / "locale"


def _i18n(root: Path) -> ModuleType:
    """armylist.text.i18n, read from the source tree by its path: it needs only the
    standard library and Babel, which the build environment has, while the package's
    other modules need its dependencies, which the build environment has not."""
    spec = importlib.util.spec_from_file_location(
        "armylist_i18n_build", root / "armylist" / "text" / "i18n.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class CatalogueHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the catalogues into the wheel (or beside them, for an editable one)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile every catalogue before the wheel's files are collected."""
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        i18n = _i18n(root)
        pos = sorted((root / LOCALE).glob("*/LC_MESSAGES/*.po"))
        if version == "editable":
            for po in pos:
                i18n.compile_language(po, root / LOCALE)
            return
        self._compiled = Path(tempfile.mkdtemp(prefix="armylist-mo-"))
        for po in pos:
            for written in i18n.compile_language(po, self._compiled):
                target = (LOCALE / written).as_posix()
                build_data["force_include"][str(self._compiled / written)] = target

    def finalize(
        self, version: str, build_data: dict[str, Any], artifact_path: str
    ) -> None:
        """Remove the compiled files once they are in the wheel."""
        compiled = getattr(self, "_compiled", None)
        if compiled is not None:
            shutil.rmtree(compiled, ignore_errors=True)
