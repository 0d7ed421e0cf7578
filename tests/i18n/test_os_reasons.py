"""The system's reason for refusing a file, in the language of the run: `no se puede
leer x: no es una carpeta`, not `... Not a directory` inside a Spanish sentence."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from typer.testing import CliRunner

from armylist.cli import app
from armylist.text import i18n


def test_a_file_under_a_file_is_refused_with_the_reason_in_each_language(
    tmp_path: Path,
) -> None:
    (tmp_path / "list.yaml").write_text("faction: Raynor's Raiders\n")
    inside = str(tmp_path / "list.yaml" / "x.yaml")
    runner = CliRunner()
    english = runner.invoke(app, ["show", inside])
    spanish = runner.invoke(app, ["show", inside, "--lang", "es"])
    assert english.exit_code == spanish.exit_code == 2
    assert f"cannot read {inside}: {os.strerror(errno.ENOTDIR)}" in english.output
    assert f"no se puede leer {inside}: no es una carpeta" in spanish.output


def test_english_keeps_the_systems_words_and_other_languages_translate_them() -> None:
    denied = PermissionError(errno.EACCES, "Permission denied (as this system says)")
    odd = OSError(errno.ECHILD, os.strerror(errno.ECHILD))
    assert i18n.os_reason(denied) == "Permission denied (as this system says)"
    i18n.use(i18n.SPANISH)
    assert i18n.os_reason(denied) == "permiso denegado"
    # A reason armylist does not know is left as the system words it.
    assert i18n.os_reason(odd) == os.strerror(errno.ECHILD)
    assert i18n.os_reason(OSError("no errno at all")) == "no errno at all"
