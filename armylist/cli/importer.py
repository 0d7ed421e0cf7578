"""Lists from other builders: `import` (Command Center, New Recruit, BattleScribe,
malkivian83). `validate`, `fingerprint` and `export` read and write these formats too."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.frame import app
from armylist.cli.options import DataOption
from armylist.findings import EXIT_INVALID, Refused
from armylist.importing.model import ImportFormat
from armylist.importing.render import to_yaml
from armylist.intake.batch import import_all, output_paths, write_lists
from armylist.reporters.imported import import_lines
from armylist.text.i18n import N_, _

# The help as one string per paragraph: a docstring's own line breaks are kept by Rich
# after it wraps, and broke each paragraph off mid-sentence at 60 or 80 columns.
_HELP = N_(
    "Turn a list from another army builder into an armylist list (format v1 YAML)."
    "\n\n"
    "The YAML goes to stdout; import findings (AL800-AL819: what could not be mapped, "
    "the builder's own totals against armylist's) go to stderr. Nothing is guessed: "
    "whatever cannot be mapped is a finding and a comment at its place in the YAML."
    "\n\n"
    "Exit codes: 0 imported; 1 imported, but a finding is an error (the list is still "
    "written); 2 nothing imported (unknown format, malformed file, network, or an "
    "output file that exists); with --keep-going, 1 when a source did not import (the "
    "others are written)."
    "\n\n"
    "Examples: `armylist import roster.json > mylist.yaml`, "
    "`armylist import SCT1-05HPR-...`, `armylist import --seed TTPIBA`, "
    "`armylist import submissions/*.json -o imported/`."
)


SourcesArgument = Annotated[
    list[str] | None,
    typer.Argument(
        help=N_(
            "Files (.json, .ros, .rosz, .txt), folders, - (standard input), or "
            "SCT1-... seed codes."
        ),
        metavar="SOURCE...",
        show_default=False,
    ),
]
OutputOption = Annotated[
    str | None,
    typer.Option(
        "--output",
        "-o",
        metavar="FILE|DIR",
        help=N_(
            "Write the list to this file, or one .yaml per list (named after "
            "the file it came from) into this folder; an existing file is never "
            "replaced. Default: stdout."
        ),
    ),
]
SourceFormatOption = Annotated[
    str | None,
    typer.Option(
        "--from",
        metavar="FORMAT",
        help=N_(
            "Force the format: command-center, new-recruit (also BattleScribe "
            ".ros/.rosz), mk or sct1. Default: detected from the content."
        ),
        show_default=False,
    ),
]
SeedsOption = Annotated[
    list[str] | None,
    typer.Option(
        "--seed",
        metavar="CODE",
        help=N_(
            "Fetch a Command Center shared roster by its share code (network, "
            "10 s timeout)."
        ),
        show_default=False,
    ),
]
SeedUrlOption = Annotated[
    str | None,
    typer.Option(
        "--seed-url",
        metavar="URL",
        help=N_(
            "The address of the shared rosters (default: the Command Center's; "
            "or set ARMYLIST_COMMAND_CENTER_URL)."
        ),
    ),
]
KeepGoingOption = Annotated[
    bool,
    typer.Option(
        "--keep-going",
        help=N_(
            "With -o FOLDER: write the lists that import and report the sources "
            "that do not (exit 1), instead of writing nothing."
        ),
    ),
]


@app.command("import", help=_HELP)
def import_command(
    sources: SourcesArgument = None,
    output: OutputOption = None,
    source_format: SourceFormatOption = None,
    seeds: SeedsOption = None,
    seed_url: SeedUrlOption = None,
    keep_going: KeepGoingOption = False,
    data: DataOption = None,
) -> None:
    """Turn a list from another army builder into an armylist list (``_HELP``)."""

    forced = _format(source_format)
    arguments, codes = sources or [], seeds or []
    _check_usage(arguments, codes, output, keep_going)
    catalog = catalog_or_exit(data)
    batch = import_all(arguments, codes, forced, catalog, seed_url=seed_url)
    for line in batch.skipped:
        typer.echo(_("armylist: note: skipped {what}").format(what=line), err=True)
    if batch.failures:
        for line in batch.failures[: None if keep_going else -1]:
            typer.echo(_("armylist: error: {what}").format(what=line), err=True)
        if not keep_going:
            fail(batch.failures[-1])
    if not batch.imported:
        if batch.failures:
            raise typer.Exit(EXIT_INVALID)
        fail(_("nothing to import: no other builder's list was found"))
    written: list[Path | None] = [None] * len(batch.results)
    if output is None:
        sys.stdout.write(to_yaml(batch.results[0]))
    else:
        try:
            # a string, not a Path: `-o new-folder/` keeps the slash that says "folder"
            paths = output_paths(batch.imported, output)
            write_lists(paths, batch.results)
        except Refused as refused:
            fail(refused.message, refused.exit_code)
        written = list(paths)
    for result, path in zip(batch.results, written, strict=True):
        for line in import_lines(result, path):
            typer.echo(line, err=True)
    raise typer.Exit(batch.exit_code)


def _is_folder(argument: str) -> bool:
    try:
        return argument != "-" and Path(argument).is_dir()
    except OSError:  # an SCT1 code is longer than a file name may be
        return False


def _format(asked: str | None) -> ImportFormat | None:
    """`--from FORMAT`: the format named, or exit 2 naming the formats."""
    if asked is None:
        return None
    names = [f.value for f in ImportFormat]
    if asked not in names:
        fail(
            _("--from {format}: unknown format; one of {formats}").format(
                format=asked, formats=", ".join(names)
            )
        )
    return ImportFormat(asked)


def _check_usage(
    arguments: list[str], codes: list[str], output: str | None, keep_going: bool
) -> None:
    """Exit 2 when nothing is named, or more than stdout can take without -o."""
    if not arguments and not codes:
        fail(_("give a list file, an SCT1-... code or --seed CODE to import"))
    folders = [a for a in arguments if _is_folder(a)]
    if output is None and folders:
        fail(
            _(
                "{folder} is a folder: its lists go to -o FOLDER (one .yaml each)"
            ).format(folder=folders[0])
        )
    if output is None and len(arguments) + len(codes) > 1:
        fail(_("several lists need -o FOLDER (one .yaml each): stdout takes one list"))
    if keep_going and output is None:
        fail(_("--keep-going writes the lists that import into -o FOLDER: give one"))
