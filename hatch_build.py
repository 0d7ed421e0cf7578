"""The build compiles the Spanish catalogue: each `armylist/locale/*/LC_MESSAGES/*.po`
becomes the `.mo` that armylist reads at start-up (one file read, no parsing).

A wheel carries the compiled file and not the `.po` (an installed armylist never
compiles); an editable install gets it written beside the `.po`, where it is
git-ignored (edit the `.po` later and armylist compiles it in memory until the next
install). The source distribution carries the `.po`, this hook and Babel's mapping.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

LOCALE = Path("armylist") / "locale"


def compile_catalogue(po: Path, mo: Path) -> None:
    """Compile one `.po` into `.mo` with Babel (the catalogue's own tool)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    language = po.parent.parent.name
    with po.open("rb") as stream:
        catalogue = read_po(stream, locale=language, domain=po.stem)
    mo.parent.mkdir(parents=True, exist_ok=True)
    with mo.open("wb") as stream:
        write_mo(stream, catalogue)


class CatalogueHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the catalogues into the wheel (or beside them, for an editable one)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile every catalogue before the wheel's files are collected."""
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        pos = sorted((root / LOCALE).glob("*/LC_MESSAGES/*.po"))
        if version == "editable":
            for po in pos:
                compile_catalogue(po, po.with_suffix(".mo"))
            return
        self._compiled = Path(tempfile.mkdtemp(prefix="armylist-mo-"))
        for po in pos:
            relative = po.relative_to(root).with_suffix(".mo")
            mo = self._compiled / relative
            compile_catalogue(po, mo)
            build_data["force_include"][str(mo)] = relative.as_posix()

    def finalize(
        self, version: str, build_data: dict[str, Any], artifact_path: str
    ) -> None:
        """Remove the compiled files once they are in the wheel."""
        compiled = getattr(self, "_compiled", None)
        if compiled is not None:
            shutil.rmtree(compiled, ignore_errors=True)
