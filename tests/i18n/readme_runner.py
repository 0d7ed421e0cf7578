"""Run every command of the documentation test (the README and the site's pages) in one language and print the results as
JSON: `python tests/i18n/readme_runner.py es FOLDER`.

A process of its own, started with `ARMYLIST_LANG` set (tests/i18n/test_readme_es.py
does), so that typer's words taken at its import are in that language too. The
commands run in order in a copy of the documentation test's folder (`FOLDER`), as
tests/test_readme.py runs them; the folder's path is written `<folder>` in the output.
"""

from __future__ import annotations

import glob
import json
import os
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS))

import test_readme  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from armylist.cli import app  # noqa: E402


def main(language: str, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    root = test_readme.workspace(folder, test_readme.DOCS)
    os.chdir(root)
    runner = CliRunner()
    asked = [] if language == "en" else ["--lang", language]
    results = []
    for command in test_readme.commands_in(test_readme.DOCS):
        # As a shell would: a pattern names the files it matches (or itself).
        args = [
            arg
            for token in command.args
            for arg in (sorted(glob.glob(token)) if "*" in token else []) or [token]
        ]
        if language == "en":
            # The docs show a few commands in Spanish (`--lang es`): the English
            # side of the comparison runs them in English.
            args = [
                "en" if i and args[i - 1] == "--lang" else arg
                for i, arg in enumerate(args)
            ]
        result = runner.invoke(app, [*asked, *args], prog_name="armylist")
        results.append(
            {
                "line": command.line,
                "where": command.where,
                "text": command.text,
                "documented": command.exit_code,
                "exit_code": result.exit_code,
                "stdout": result.stdout.replace(str(root), "<folder>"),
                "stderr": result.stderr.replace(str(root), "<folder>"),
            }
        )
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
