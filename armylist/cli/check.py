"""Checking lists: `validate` (lists or a team), `fingerprint`, `diff`, `rules`."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from armylist.cli.app import app
from armylist.cli.collected import CollectionOption, owned_reader
from armylist.cli.exits import catalog_or_exit, fail, stdin_once
from armylist.cli.lasting import lasting
from armylist.cli.options import (
    AllowOutsideOption,
    DataOption,
    ViewOption,
    choice,
    whole_number,
)
from armylist.cli.stream import terminal
from armylist.findings import Refused, exit_code
from armylist.reporters import ReportFormat, ViewFormat
from armylist.text.i18n import N_, _, ngettext, os_reason

if TYPE_CHECKING:
    from armylist.door.batch import Skipped
    from armylist.door.discovery import Entry
    from armylist.findings import Report


def _under_github_actions() -> bool:
    return os.environ.get("GITHUB_ACTIONS") == "true"


ExcludeOption = Annotated[
    list[str] | None,
    typer.Option(
        "--exclude",
        metavar="GLOB",
        help=N_(
            "Leave out the files whose path or name matches (e.g. 'old/*', "
            "'*.draft.yaml'); may be given several times."
        ),
        show_default=False,
    ),
]


@app.command()
def validate(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            help=N_(
                "List files (any form armylist reads), folders, or - (standard input)."
            )
        ),
    ] = None,
    output: Annotated[
        ReportFormat | None,
        typer.Option(
            "--format",
            help=N_(
                "text (default), json, github or junit. "
                "Defaults to github under GitHub Actions."
            ),
            metavar="FORMAT",
            **choice(ReportFormat, N_("a report format")),
        ),
    ] = None,
    strict: Annotated[bool, typer.Option(help=N_("Fail on warnings too."))] = False,
    show_info: Annotated[
        bool,
        typer.Option(
            "--show-info",
            help=N_(
                "--format github: annotate info findings too (unspent Minerals, "
                "empty slots); by default only errors and warnings."
            ),
        ),
    ] = False,
    details: Annotated[
        bool,
        typer.Option(
            "--details",
            help=N_(
                "Text: every list in full (budgets, Army Slots, units, info "
                "findings); by default only one list is, and of many each list's verdict, "
                "errors and warnings."
            ),
        ),
    ] = False,
    data: DataOption = None,
    summary: Annotated[
        Path | None,
        typer.Option(
            "--summary",
            help=N_(
                "Also write one row per list (file, player, faction, totals, "
                "fingerprint, verdict) to a .csv, .md or .json file."
            ),
            dir_okay=False,
        ),
    ] = None,
    event: Annotated[
        Path | None,
        typer.Option(
            "--event",
            help=N_(
                "An event file (scale, minerals, scenario_cards, data_version) every "
                "list must meet."
            ),
            dir_okay=False,
        ),
    ] = None,
    team: Annotated[
        Path | None,
        typer.Option(
            "--team",
            help=N_(
                "A team file (`minerals:` total, `players:` list files): validate every "
                "player's list and the team's Mineral split (§9.1.8)."
            ),
            dir_okay=False,
        ),
    ] = None,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            **whole_number(minimum=1),
            help=N_(
                "Check the lists in this many worker processes: for thousands of "
                "lists on a machine with idle cores. The report is the same."
            ),
        ),
    ] = 1,
    exclude: ExcludeOption = None,
    skip_non_lists: Annotated[
        bool,
        typer.Option(
            "--skip-non-lists",
            help=N_(
                "Skip the files named that are plainly no list (an event or team "
                "file, a JSON of no list form), as in a folder: for the pre-commit hook, "
                "which names every file."
            ),
        ),
    ] = False,
    allow_outside: AllowOutsideOption = False,
    collection: CollectionOption = None,
) -> None:
    """Check army lists against every army-building rule.

    Exit codes: 0 every list legal (with --skip-non-lists, also when every file
    named, none a folder, is skipped as no list); 1 a list is illegal or does not
    parse; 2 usage error, broken game data, or no list found.

    Examples: `armylist validate mylist.yaml`, `armylist validate lists/ --format json`.
    """
    with lasting():
        # Lazy, under lasting(): the engine's tables are frozen out of the GC's reach.
        from armylist.organiser.checking import CheckRequest, check_lists
        from armylist.reporters import oneline, report_format, write_report

        chosen = report_format(output, _under_github_actions())
        if chosen is ReportFormat.TEXT:
            import armylist.reporters.text  # noqa: F401  (Rich's modules last too)

    if team is not None:
        if paths:
            fail(_("give list files or --team TEAM.yaml, not both"))
        if event is not None or summary is not None:
            # Not applied to a team: failing beats a silently skipped event rule.
            fail(_("--event and --summary are not used with --team"))
        _validate_team(team, output, strict, data, show_info, allow_outside)
    if not paths:
        fail(_("give list files or folders to check, or --team TEAM.yaml"))
    request = CheckRequest(
        tuple(paths),
        strict=strict,
        event=event,
        summary=summary,
        exclude=tuple(exclude or ()),
        jobs=jobs,
        skip_non_lists=skip_non_lists,
        owned=owned_reader(collection),
    )
    try:
        checked = check_lists(request, lambda: catalog_or_exit(data), _note_skipped)
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    if checked.report is None:
        typer.echo(_nothing_to_check(checked.nothing), err=True)
        raise typer.Exit(0)
    if summary is not None:
        _write_summary(summary, checked.report)
    write_report(
        checked.report,
        chosen,
        terminal(),
        sys.stdout,
        show_info=show_info,
        details=details,
    )
    typer.echo(oneline.report_line(checked.report), err=True)
    raise typer.Exit(exit_code(checked.report))


def _nothing_to_check(count: int) -> str:
    return ngettext(
        "armylist: the {count} file named is no army list: nothing to check",
        "armylist: the {count} files named are no army lists: nothing to check",
        count,
    ).format(count=count)


def _write_summary(summary: Path, report: Report) -> None:
    """`--summary`: one row per list, in the form the file's suffix names."""
    # Lazy: only a run with --summary writes one.
    from armylist.files.safewrite import write_text
    from armylist.reporters import summary as reporter_summary

    kind = reporter_summary.FORMATS[summary.suffix.lower()]
    try:
        write_text(summary, reporter_summary.render(report, kind))
    except OSError as error:
        fail(
            _("cannot write {file}: {reason}").format(
                file=summary, reason=os_reason(error)
            )
        )


def _sources(paths: list[Path], exclude: list[str] | None = None) -> list[Entry]:
    """The sources named and under the folders named; exit 2 for a missing path or
    when there is none at all."""
    # Lazy: `rules` and `diff`, registered here too, never load the engine.
    from armylist.organiser.checking import sources

    try:
        return sources(paths, exclude)
    except Refused as refused:
        fail(refused.message, refused.exit_code)


def _note_skipped(skipped: list[Skipped]) -> None:
    for item in skipped:
        typer.echo(
            _("armylist: note: skipped {file}: {reason}").format(
                file=item.file, reason=item.reason
            ),
            err=True,
        )


def _validate_team(
    team_file: Path,
    output: ReportFormat | None,
    strict: bool,
    data: Path | None,
    show_info: bool,
    allow_outside: bool,
) -> NoReturn:
    """`validate --team`: every player's list, then the team rules (§9.1.8)."""
    # Lazy: only `validate --team` loads the team's modules.
    from armylist.organiser.team import validate_team
    from armylist.reporters import oneline, render_team, report_format

    catalog = catalog_or_exit(data)
    try:
        team_report = validate_team(
            team_file, catalog, strict=strict, allow_outside=allow_outside
        )
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    chosen = report_format(output, _under_github_actions())
    sys.stdout.write(render_team(team_report, chosen, terminal(), show_info=show_info))
    typer.echo(oneline.team_line(team_report), err=True)
    raise typer.Exit(exit_code(team_report.as_report()))


@app.command("fingerprint")
def fingerprint_command(
    paths: Annotated[
        list[Path], typer.Argument(help=N_("List files or folders, as for validate."))
    ],
    exclude: ExcludeOption = None,
    data: DataOption = None,
) -> None:
    """Print each list's fingerprint: a short id of what the list plays.

    Reordering cards, comments, whitespace, key order and name case do not change it;
    any change of faction, scale, cards, units, models, upgrades or scenario cards does.
    Organisers publish fingerprints of closed lists and reveal the lists later. Folders
    are searched as `validate` searches them (.yaml, .yml, .json, .ros, .rosz).

    Exit codes: 0 every list fingerprinted; 1 a list does not parse; 2 usage error (no
    such file or folder, no list found).

    Examples: `armylist fingerprint mylist.yaml`, `armylist fingerprint submissions/`
    """
    from armylist.door.batch import Skipped, open_entry
    from armylist.findings import EXIT_USAGE
    from armylist.text.visible import visible

    entries = _sources(paths, exclude)
    catalog = catalog_or_exit(data)
    code, lists = 0, 0
    for entry in entries:
        try:
            outcome = open_entry(entry, catalog)
        except Refused as refused:
            # A path that cannot be read (a socket, a folder named as a file) is a
            # usage error, as documented; the other lists are still fingerprinted.
            typer.echo(
                visible(
                    _("armylist: error: {message}").format(message=refused.message)
                ),
                err=True,
            )
            code = max(code, refused.exit_code)
            continue
        if isinstance(outcome, Skipped):
            _note_skipped([outcome])
            continue
        lists += 1
        if outcome.fingerprint is None:
            message = (
                _("armylist: {file}: the list does not parse: {reason}").format(
                    file=entry.path, reason=outcome.findings[0].message
                )
                if outcome.findings
                else _("armylist: {file}: the list does not parse").format(
                    file=entry.path
                )
            )
            typer.echo(message, err=True)
            code = 1
            continue
        typer.echo(f"{outcome.fingerprint}  {entry.path}")
    if not lists and code == 0:
        fail(
            _("no army list found in {paths}").format(
                paths=", ".join(str(p) for p in paths)
            ),
            EXIT_USAGE,
        )
    raise typer.Exit(code)


@app.command("diff")
def diff_command(
    old: Annotated[Path, typer.Argument(help=N_("The list before."), dir_okay=False)],
    new: Annotated[Path, typer.Argument(help=N_("The list after."), dir_okay=False)],
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
) -> None:
    """Compare two lists: every change the fingerprint covers, and the totals' deltas.

    Faction, scale, Mineral limit, cards, units, missions and deployments added or
    removed, a unit kept but changed as one change (`~ unit Marine (9) #2: + AGG-12`),
    and the fingerprints when they differ.

    Exit codes: 0 compared (whatever the lists' legality); 1 a list cannot be read
    as a list (its findings are printed); 2 usage error (no such file).

    Example: armylist diff before.yaml after.yaml
    """
    from armylist.organiser.listdiff import diff_files
    from armylist.reporters import listdiff as reporter_listdiff

    stdin_once(old, new)
    catalog = catalog_or_exit(data)
    try:
        result = diff_files(old, new, catalog)
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    sys.stdout.write(reporter_listdiff.render(result, str(old), str(new), output))


@app.command()
def rules(
    name: Annotated[
        str | None,
        typer.Argument(
            help=N_("A rule name or code, or `import` for the import findings.")
        ),
    ] = None,
    markdown: Annotated[
        bool,
        typer.Option("--markdown", help=N_("A Markdown table (as in the README).")),
    ] = False,
) -> None:
    """Print the rules armylist checks, with their codes and documentation.

    The import findings (AL800-AL819, what `import` and `validate` report about
    another builder's list) follow the rules; `armylist rules import` prints only them.

    Examples: `armylist rules`, `armylist rules slots-exceeded`, `armylist rules AL202`,
    `armylist rules import --markdown`.
    """
    from armylist.importing import model as imported
    from armylist.rules import RULES, by_name, describe, markdown_table

    width = terminal().width
    if name == imported.RULE_REF:
        sys.stdout.write(
            imported.markdown_table() if markdown else imported.describe(width=width)
        )
        return
    if markdown:
        sys.stdout.write(markdown_table())
        return
    if name is None:
        sys.stdout.write(describe(RULES, width) + "\n" + imported.describe(width=width))
        return
    rule = by_name(name)
    if rule is not None:
        sys.stdout.write(describe((rule,), width))
        return
    kind = imported.kind_named(name)
    if kind is None:
        from armylist.text.names import did_you_mean

        everything = [r.name for r in RULES] + [k.rule for k in imported.KINDS]
        everything += [r.code for r in RULES] + [k.code for k in imported.KINDS]
        fail(
            _("no rule {name}{close}; `armylist rules` lists them").format(
                name=repr(name), close=did_you_mean(name, everything)
            )
        )
    sys.stdout.write(imported.describe((kind,), width))
