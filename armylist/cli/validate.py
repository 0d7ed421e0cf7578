"""`validate`: check army lists, a folder of them or a team against every rule (its
options; what it does with them is `validating.run`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.frame import app
from armylist.cli.options import (
    AllowOutsideOption,
    CollectionOption,
    DataOption,
    ExcludeOption,
    choice,
    whole_number,
)
from armylist.cli.quick import ValidateArgs
from armylist.cli.stream import say, terminal
from armylist.cli.validating import chosen_format, run
from armylist.findings import Refused, exit_code
from armylist.organiser.team import validate_team
from armylist.reporters import ReportFormat, oneline, render_team
from armylist.text.i18n import N_, _

Paths = Annotated[
    list[Path] | None,
    typer.Argument(
        help=N_("List files (any form armylist reads), folders, or - (standard input).")
    ),
]
FormatOption = Annotated[
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
]
StrictOption = Annotated[bool, typer.Option(help=N_("Fail on warnings too."))]
ShowInfoOption = Annotated[
    bool,
    typer.Option(
        "--show-info",
        help=N_(
            "--format github: annotate info findings too (unspent Minerals, "
            "empty slots); by default only errors and warnings."
        ),
    ),
]
DetailsOption = Annotated[
    bool,
    typer.Option(
        "--details",
        help=N_(
            "Text: every list in full (budgets, Army Slots, units, info "
            "findings); by default only one list is, and of many each list's verdict, "
            "errors and warnings."
        ),
    ),
]
SummaryOption = Annotated[
    Path | None,
    typer.Option(
        "--summary",
        help=N_(
            "Also write one row per list (file, player, faction, totals, "
            "fingerprint, verdict) to a .csv, .md or .json file."
        ),
        dir_okay=False,
    ),
]
EventOption = Annotated[
    Path | None,
    typer.Option(
        "--event",
        help=N_(
            "An event file (scale, minerals, scenario_cards, data_version) every "
            "list must meet."
        ),
        dir_okay=False,
    ),
]
TeamOption = Annotated[
    Path | None,
    typer.Option(
        "--team",
        help=N_(
            "A team file (`minerals:` total, `players:` list files): validate every "
            "player's list and the team's Mineral split (§9.1.8)."
        ),
        dir_okay=False,
    ),
]
JobsOption = Annotated[
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
]
SkipNonListsOption = Annotated[
    bool,
    typer.Option(
        "--skip-non-lists",
        help=N_(
            "Skip the files named that are plainly no list (an event or team "
            "file, a JSON of no list form), as in a folder: for the pre-commit hook, "
            "which names every file."
        ),
    ),
]


@app.command()
def validate(
    paths: Paths = None,
    output: FormatOption = None,
    strict: StrictOption = False,
    show_info: ShowInfoOption = False,
    details: DetailsOption = False,
    data: DataOption = None,
    summary: SummaryOption = None,
    event: EventOption = None,
    team: TeamOption = None,
    jobs: JobsOption = 1,
    exclude: ExcludeOption = None,
    skip_non_lists: SkipNonListsOption = False,
    allow_outside: AllowOutsideOption = False,
    collection: CollectionOption = None,
) -> None:
    """Check army lists against every army-building rule.

    Exit codes: 0 every list legal (with --skip-non-lists, also when every file
    named, none a folder, is skipped as no list); 1 a list is illegal or does not
    parse; 2 usage error, broken game data, or no list found.

    Examples: `armylist validate mylist.yaml`, `armylist validate lists/ --format json`.
    """
    args = ValidateArgs(
        tuple(paths or ()),
        output,
        strict=strict,
        show_info=show_info,
        details=details,
        data=data,
        summary=summary,
        event=event,
        team=team,
        jobs=jobs,
        exclude=tuple(exclude or ()),
        skip_non_lists=skip_non_lists,
        allow_outside=allow_outside,
        collection=collection,
    )
    if team is not None:
        check_team(team, args)
    run(args)


def _team_alone(paths: tuple[Path, ...], *options: Path | None) -> None:
    """Exit 2 when `--team` comes with list files, `--event` or `--summary`."""
    if paths:
        fail(_("give list files or --team TEAM.yaml, not both"))
    if any(option is not None for option in options):
        # Not applied to a team: failing beats a silently skipped event rule.
        fail(_("--event and --summary are not used with --team"))


def check_team(team_file: Path, args: ValidateArgs) -> NoReturn:
    """`validate --team`: every player's list, then the team rules (§9.1.8)."""
    _team_alone(args.paths, args.event, args.summary)
    chosen = chosen_format(args)
    catalog = catalog_or_exit(args.data)
    try:
        team_report = validate_team(
            team_file, catalog, strict=args.strict, allow_outside=args.allow_outside
        )
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    sys.stdout.write(
        render_team(team_report, chosen, terminal(), show_info=args.show_info)
    )
    say(oneline.team_line(team_report))
    raise SystemExit(exit_code(team_report.as_report()))
