"""The console script's command table (`armylist.cli.registry.COMMANDS`): `armylist NAME`
imports only the module that registers NAME, so the table must name every command and
group of the full app, each with its module, and nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from freshrun import fresh_run
from importing import fixtures
from projectpaths import OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app
from armylist.cli.frame import app_for
from armylist.cli.registry import COMMANDS, GROUPS, command_name


def registering_modules() -> dict[str, set[str]]:
    """Each command and group of the full app, and the cli modules its callbacks are
    defined in (a group's: its commands')."""
    found: dict[str, set[str]] = {}
    for info in app.registered_commands:
        assert info.callback is not None
        found[command_name(info)] = {info.callback.__module__}
    for group in app.registered_groups:
        assert group.name and group.typer_instance
        found[group.name] = {
            c.callback.__module__
            for c in group.typer_instance.registered_commands
            if c.callback is not None
        }
    return found


def test_the_table_names_every_command_with_the_module_that_registers_it() -> None:
    expected = {
        name: {f"armylist.cli.{m}" for m in GROUPS[name].values()}
        if name in GROUPS
        else {f"armylist.cli.{module}"}
        for name, module in COMMANDS.items()
    }
    assert registering_modules() == expected


def test_the_table_names_every_command_of_a_group_with_its_module() -> None:
    found = {
        group.name: {
            command_name(info): info.callback.__module__
            for info in group.typer_instance.registered_commands
            if info.callback is not None
        }
        for group in app.registered_groups
        if group.typer_instance
    }
    assert found == {
        name: {command: f"armylist.cli.{m}" for command, m in commands.items()}
        for name, commands in GROUPS.items()
    }


def test_help_lists_the_commands_in_the_order_of_the_table() -> None:
    group = typer.main.get_command(app)
    listed = group.list_commands(typer.Context(group))  # type: ignore[attr-defined]
    assert listed == list(COMMANDS)


# Every command's help, a group's commands' too, and a group with no command.
HELP_CASES = [[name, "--help"] for name in COMMANDS]
HELP_CASES += [
    [group.name or "", command_name(info), "-h"]
    for group in app.registered_groups
    if group.typer_instance
    for info in group.typer_instance.registered_commands
]
HELP_CASES += [[group.name or ""] for group in app.registered_groups]


@pytest.mark.parametrize("argv", HELP_CASES, ids=" ".join)
def test_a_command_run_alone_has_the_same_help_as_in_the_full_app(
    argv: list[str],
) -> None:
    single = app_for(argv)
    assert single is not app
    env = {"COLUMNS": "100"}
    alone = CliRunner().invoke(single, argv, prog_name="armylist", env=env)
    full = CliRunner().invoke(app, argv, prog_name="armylist", env=env)
    assert alone.exit_code == full.exit_code
    assert "Usage: armylist " + argv[0] in full.output
    assert alone.output == full.output


@pytest.mark.parametrize("argv", [[], ["--help"], ["-h"], ["valdate"], ["--version"]])
def test_options_no_arguments_and_unknown_words_get_the_full_app(
    argv: list[str],
) -> None:
    assert app_for(argv) is app


def test_shell_completion_gets_the_full_app(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("_ARMYLIST_COMPLETE", "complete_bash")
    assert app_for(["validate"]) is app


def loaded_by(tmp_path: Path, *args: str) -> tuple[int, list[str]]:
    """The exit code and the armylist, Rich and Textual modules of one fresh armylist
    run."""
    _, code, modules = fresh_run(tmp_path, *args)
    return code, modules


def test_validate_json_imports_only_its_own_command_module(tmp_path: Path) -> None:
    code, modules = loaded_by(tmp_path, "validate", "--format", "json", str(OFFICIAL))
    assert code == 0
    # Its common forms run without the command frame: no typer, no click.
    assert [m for m in modules if m.startswith("armylist.cli")] == [
        "armylist.cli",
        "armylist.cli.collected",  # the collection, read only when there is one
        "armylist.cli.exits",  # what a command shares: exits, gc, the table, output
        "armylist.cli.lasting",
        "armylist.cli.launch",
        "armylist.cli.quick",
        "armylist.cli.registry",
        "armylist.cli.stream",
        "armylist.cli.validating",
    ]
    assert [m for m in modules if m.split(".")[0] in ("typer", "click")] == []
    unwanted = ("rich", "armylist.combat", "armylist.scoring", "armylist.tui")
    # Without a collection its reader never loads (only where it would be).
    unwanted += ("armylist.collection.owned", "armylist.collection.model")
    # A team's modules load for `--team` only, the table of every rule for `rules`.
    unwanted += (
        "armylist.organiser.team",
        "armylist.rules.team",
        "armylist.rules.listing",
    )
    assert [
        m
        for m in modules
        if m.split(".")[0] in ("rich", "textual", "ruamel") or m.startswith(unwanted)
    ] == []


def test_validate_in_text_imports_rich_for_its_report_and_never_textual(
    tmp_path: Path,
) -> None:
    # Only `build` in a terminal loads the full-screen builder.
    code, modules = loaded_by(tmp_path, "validate", str(OFFICIAL))
    assert code == 0
    assert "rich.console" in modules
    assert [m for m in modules if m.startswith(("textual", "armylist.tui"))] == []


def test_validate_json_imports_the_importer_only_for_another_builders_list(
    tmp_path: Path,
) -> None:
    code, modules = loaded_by(tmp_path, "validate", "--format", "json", str(OFFICIAL))
    assert code == 0
    assert [m for m in modules if m.startswith("armylist.importing")] == []
    # A folder of YAML lists needs no importer either: the content tells.
    folder = tmp_path / "submissions"
    folder.mkdir()
    (folder / "mine.yaml").write_text(OFFICIAL.read_text(encoding="utf-8"), "utf-8")
    code, modules = loaded_by(tmp_path, "validate", "--format", "json", str(folder))
    assert code == 0
    assert [m for m in modules if m.startswith("armylist.importing")] == []
    # Another builder's list in the folder is translated by the importer.
    (folder / "ben.json").write_bytes(fixtures.dumps(fixtures.mk_rulebook()))
    code, modules = loaded_by(tmp_path, "validate", "--format", "json", str(folder))
    assert code == 0
    assert "armylist.importing.api" in modules


def test_a_group_runs_alone(tmp_path: Path) -> None:
    code, modules = loaded_by(tmp_path, "data", "check")
    assert code == 0
    assert "armylist.cli.data" in modules and "armylist.cli.game" not in modules


def test_a_command_of_a_group_runs_alone(tmp_path: Path) -> None:
    # `event lock` loads neither the pairings (networkx) nor the standings.
    code, modules = loaded_by(tmp_path, "event", "lock", "--help")
    assert code == 0
    assert "armylist.cli.event_lock" in modules
    assert "armylist.cli.event_pair" not in modules
    assert "armylist.cli.event_standings" not in modules


def test_build_help_does_not_load_the_full_screen_builder(tmp_path: Path) -> None:
    # Textual loads only when the builder opens in a terminal.
    code, modules = loaded_by(tmp_path, "build", "--help")
    assert code == 0
    assert "armylist.cli.build" in modules
    assert [m for m in modules if m.startswith(("textual", "armylist.tui.app"))] == []
