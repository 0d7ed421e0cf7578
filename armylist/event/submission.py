"""The submission keys of an event file (the Organised Play guide, §1, §3-4):

    format: dual                    # dual (the guide's default) | single
    deadline: 2026-05-02T23:59:00+02:00   # rosters due; a later one is a finding
    rules_cutoff: 2026-04-25        # the latest rules, errata and FAQ that apply
    locked: {ana.yaml: 5fbd-1305-4007-7074}   # `armylist event lock` writes it

Every problem is a `file:line: key: ...` line, as the event file's other keys give
them. A player's `submitted:` (when a roster came in) is read with `players:`.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import re
from pathlib import Path
from typing import Any

from armylist.files.yamlsource import Document
from armylist.text.i18n import _

SUBMIT_KEYS = ("format", "deadline", "rules_cutoff", "locked")
FORMATS = ("dual", "single")
FINGERPRINT = re.compile(r"^[0-9a-f]{4}(-[0-9a-f]{4}){3}$")


def moment(value: Any) -> dt.datetime | None:
    """An ISO date-time with its zone (`2026-05-02T23:59:00+02:00`), or None."""
    if isinstance(value, str):
        try:
            value = dt.datetime.fromisoformat(value)
        except ValueError:
            return None
    if isinstance(value, dt.datetime) and value.tzinfo is not None:
        return value
    return None


def read_submission(
    data: dict[str, Any], document: Document, path: Path
) -> tuple[dict[str, Any], list[str]]:
    """The submission keys of an event file's data, checked: the values for the Event
    model, and every problem as a `file:line: ...` line."""
    fields: dict[str, Any] = {}
    problems: list[str] = []

    def problem(key: str, message: str, *where: Any) -> None:
        line = document.where((key, *where)).line
        problems.append(f"{path}:{line}: {key}: {message}")

    if data.get("format") is not None:
        if data["format"] in FORMATS:
            fields["format"] = data["format"]
        else:
            problem(
                "format",
                _("{value} is not dual or single").format(value=repr(data["format"])),
            )
    if data.get("deadline") is not None:
        deadline = moment(data["deadline"])
        if deadline is None:
            problem(
                "deadline",
                _(
                    "{value} is not an ISO date-time with its zone; e.g. "
                    "`deadline: 2026-05-02T23:59:00+02:00`"
                ).format(value=repr(str(data["deadline"]))),
            )
        fields["deadline"] = deadline
    if data.get("rules_cutoff") is not None:
        cutoff = data["rules_cutoff"]
        if isinstance(cutoff, str):
            with contextlib.suppress(ValueError):
                cutoff = dt.date.fromisoformat(cutoff)
        if isinstance(cutoff, dt.datetime):
            cutoff = cutoff.date()
        if isinstance(cutoff, dt.date):
            fields["rules_cutoff"] = cutoff
        else:
            problem(
                "rules_cutoff",
                _("{value} is not an ISO date; e.g. `rules_cutoff: 2026-04-25`").format(
                    value=repr(str(cutoff))
                ),
            )
    if data.get("locked") is not None:
        locked = data["locked"]
        if not isinstance(locked, dict):
            problem("locked", _("is not a mapping of roster files to fingerprints"))
        else:
            for roster, print_ in locked.items():
                if not isinstance(print_, str) or not FINGERPRINT.match(print_):
                    problem(
                        "locked",
                        _(
                            "{value} is not a fingerprint (`armylist event lock` "
                            "writes them)"
                        ).format(value=repr(print_)),
                        roster,
                    )
            fields["locked"] = {str(k): str(v) for k, v in locked.items()}
    return fields, problems
