"""`armylist build`: the full-screen builder in a terminal, the prompts elsewhere."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from projectpaths import OFFICIAL
from textual.pilot import Pilot
from typer.testing import CliRunner

from armylist.cli import app
from armylist.cli import build as edit_command
from armylist.tui.app import BuildApp
from armylist.tui.session import Session

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A terminal: `build` opens the application, run headless with these keys."""
    keys: list[str] = []
    monkeypatch.setattr(edit_command, "_terminal", lambda: True)
    real_run = BuildApp.run

    def headless(self: BuildApp, **_: Any) -> Any:
        async def press(pilot: Pilot[object]) -> None:
            await pilot.pause()
            await pilot.press(*keys)

        return real_run(self, headless=True, size=(80, 24), auto_pilot=press)

    monkeypatch.setattr(BuildApp, "run", headless)
    return keys


def test_a_terminal_opens_the_full_screen_builder(
    terminal: list[str], tmp_path: Path
) -> None:
    path = tmp_path / "new.yaml"
    terminal += ["ctrl+s", "ctrl+q"]
    code, out, err = run("build", str(path), "--faction", "Raynor's Raiders")
    assert code == 0, err
    assert out == f"saved: {path} (0 Minerals, 0 Vespene Gas)\n"
    assert "faction: Raynor's Raiders" in path.read_text(encoding="utf-8")


def test_a_new_list_is_not_written_unless_saved(
    terminal: list[str], tmp_path: Path
) -> None:
    path = tmp_path / "new.yaml"
    terminal += ["ctrl+q", "d"]
    code, out, _ = run("build", str(path), "-f", "khalai", "--scale", "skirmish")
    assert code == 0
    assert out == f"quit: nothing written to {path}\n"
    assert not path.exists()


@pytest.fixture
def example(tmp_path: Path) -> Path:
    """The rulebook example: 1,670 Minerals, 185 Vespene Gas; Barracks (25 Gas) first."""
    path = tmp_path / "example.yaml"
    path.write_bytes(OFFICIAL.read_bytes())
    return path


def test_a_discard_gives_the_totals_the_file_holds(
    terminal: list[str], example: Path
) -> None:
    before = example.read_bytes()
    # The list, remove its first card (Barracks, 25 Gas), quit, discard.
    terminal += ["tab", "d", "ctrl+q", "d"]
    code, out, _ = run("build", str(example))
    assert code == 0
    assert out == (
        f"not saved: the changes were discarded; {example} is as it was "
        "(1,670 Minerals, 185 Vespene Gas)\n"
    )
    assert example.read_bytes() == before


def test_a_discard_after_a_save_gives_the_totals_of_the_save(
    terminal: list[str], example: Path
) -> None:
    # Barracks removed and saved (160 Gas), the next card removed, discarded.
    terminal += ["tab", "d", "ctrl+s", "d", "ctrl+q", "d"]
    code, out, _ = run("build", str(example))
    assert code == 0
    assert out == (
        "not saved: the changes since the last save were discarded; "
        f"{example} holds the list as last saved (1,670 Minerals, 160 Vespene Gas)\n"
    )


def test_quitting_with_nothing_changed_does_not_say_saved(
    terminal: list[str], example: Path
) -> None:
    terminal += ["ctrl+q"]
    code, out, _ = run("--lang", "es", "build", str(example))
    assert code == 0
    assert out == (f"sin cambios: {example} (1.670 Minerals, 185 de Vespene Gas)\n")


def test_plain_keeps_the_prompt_builder_in_a_terminal(
    terminal: list[str], tmp_path: Path
) -> None:
    path = tmp_path / "new.yaml"
    assert run("new", "-f", "khalai", "-o", str(path))[0] == 0
    code, out, _ = run("build", str(path), "--plain", input="0\n")
    assert code == 0
    assert "What next?" in out and "nothing changed" in out


def test_without_a_terminal_a_new_list_needs_new_first(tmp_path: Path) -> None:
    path = tmp_path / "new.yaml"
    code, _, err = run("build", str(path), "--faction", "khalai")
    assert code == 2
    assert "armylist new --faction NAME" in err
    assert not path.exists()


def test_faction_on_an_existing_file_is_refused(
    terminal: list[str], tmp_path: Path
) -> None:
    path = tmp_path / "old.yaml"
    assert run("new", "-f", "khalai", "-o", str(path))[0] == 0
    before = path.read_bytes()
    code, _, err = run("build", str(path), "--faction", "zerg-swarm")
    assert code == 2
    assert "already exists" in err
    assert path.read_bytes() == before


def test_a_grand_offensive_list_needs_its_mineral_limit(
    terminal: list[str], tmp_path: Path
) -> None:
    path = tmp_path / "big.yaml"
    code, _, err = run("build", str(path), "-f", "khalai", "--scale", "grand-offensive")
    assert code == 2
    assert "--minerals N" in err


def test_an_internal_error_says_what_was_kept_and_prints_no_list_data(
    terminal: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "new.yaml"
    assert run("new", "-f", "khalai", "-o", str(path))[0] == 0
    before = path.read_bytes()

    def broken(self: Session) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(Session, "undo", broken)
    terminal += ["ctrl+z"]
    code, _, err = run("build", str(path))
    assert code == 1
    assert "the builder stopped on an internal error" in err
    assert "RuntimeError: a bug" in err
    # Textual's own report lists every local: the list's text among them.
    assert "yaml-language-server" not in err
    assert path.read_bytes() == before


def test_a_new_lists_minerals_read_with_grouped_thousands(
    terminal: list[str], tmp_path: Path
) -> None:
    path = tmp_path / "big.yaml"
    terminal += ["ctrl+s", "ctrl+q"]
    code, _, err = run(
        "build",
        str(path),
        "-f",
        "khalai",
        "--scale",
        "grand-offensive",
        "--minerals",
        "3,000",
    )
    assert code == 0, err
    assert "minerals: 3000" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("text", "code", "says"),
    [
        ("faction: Nobody\nscale: standard\n", 2, "it has no known Faction Card"),
        ("name: x\nscale: standard\n", 1, "the required key 'faction' is missing"),
        ("faction: [unclosed\n", 1, "is not valid YAML"),
    ],
)
def test_a_list_that_cannot_be_built_on_is_refused_with_its_reason(
    terminal: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    text: str,
    code: int,
    says: str,
) -> None:
    # The list is opened before the builder starts: what cannot be opened ends the
    # run with the reason, the same exit code and the file untouched, and the
    # builder never takes the screen over.
    started: list[BuildApp] = []

    def mounted(app: BuildApp) -> None:
        started.append(app)
        app.exit()

    monkeypatch.setattr(BuildApp, "on_mount", mounted)
    path = tmp_path / "list.yaml"
    path.write_text(text, encoding="utf-8")
    exit_code, out, err = run("build", str(path))
    assert not started
    assert exit_code == code
    assert says in err and "hint:" in err
    assert out == ""
    assert path.read_text(encoding="utf-8") == text
