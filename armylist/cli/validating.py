"""`validate`'s run below its options: what the command does with its arguments,
without the command frame (typer), so that its common forms (`armylist validate
FILES [--format F] ...`, read by `quick`) run without it."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import NoReturn

from armylist.cli.collected import owned_reader
from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.quick import ValidateArgs
from armylist.cli.stream import note_skipped, say, terminal, unwrapped
from armylist.files.safewrite import write_text
from armylist.findings import Refused, Report, exit_code
from armylist.organiser.checking import CheckRequest, check_lists
from armylist.reporters import (
    ReportFormat,
    batch_watch,
    oneline,
    report_format,
    write_report,
)
from armylist.reporters.progress import Watch
from armylist.text.i18n import _, ngettext, os_reason


def chosen_format(args: ValidateArgs) -> ReportFormat:
    """The report's format: `--format`, else github under GitHub Actions, else text."""
    return report_format(args.output, os.environ.get("GITHUB_ACTIONS") == "true")


def run(args: ValidateArgs) -> NoReturn:
    """Check the lists the arguments name, write the report, and exit with its code
    (a team, `--team`, is the command's own: `validate.check_team`)."""
    chosen = chosen_format(args)
    if not args.paths:
        fail(_("give list files or folders to check, or --team TEAM.yaml"))
    request = CheckRequest(
        args.paths,
        strict=args.strict,
        event=args.event,
        summary=args.summary,
        exclude=args.exclude,
        jobs=args.jobs,
        skip_non_lists=args.skip_non_lists,
        owned=owned_reader(args.collection),
    )
    shown = terminal()
    # The text report streams list by list; a bar shows on a terminal's stderr.
    watch = batch_watch(
        chosen, shown, sys.stdout, unwrapped(sys.stderr), details=args.details
    )
    try:
        checked = check_lists(
            request, lambda: catalog_or_exit(args.data), note_skipped, watch
        )
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    if checked.report is None:
        say(_nothing_to_check(checked.nothing))
        raise SystemExit(0)
    _report(checked.report, chosen, watch, args.summary, args.show_info, args.details)
    say(oneline.report_line(checked.report))
    raise SystemExit(exit_code(checked.report))


def _report(
    report: Report,
    chosen: ReportFormat,
    watch: Watch,
    summary: Path | None,
    show_info: bool,
    details: bool,
) -> None:
    """The report on stdout (unless it streamed already), and the --summary file."""
    if summary is not None:
        _write_summary(summary, report)
    if not watch.finish(report):
        write_report(
            report,
            chosen,
            terminal(),
            sys.stdout,
            show_info=show_info,
            details=details,
        )


def _nothing_to_check(count: int) -> str:
    return ngettext(
        "armylist: the {count} file named is no army list: nothing to check",
        "armylist: the {count} files named are no army lists: nothing to check",
        count,
    ).format(count=count)


def _write_summary(summary: Path, report: Report) -> None:
    """`--summary`: one row per list, in the form the file's suffix names."""
    # Imported here: only `--summary` needs its writers (csv among them).
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
