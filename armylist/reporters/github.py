"""GitHub Actions workflow annotations, one group per list file.

Errors and warnings are annotated; info findings (unspent Minerals, empty slots) are
left out unless asked for (`--show-info`): every legal list has some, and a run over a
folder would bury the annotations that matter under notices.
"""

from __future__ import annotations

from armylist.findings import Report, Severity, verdict
from armylist.text.i18n import _

_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: str) -> str:
    """Escape a message as the actions toolkit does."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a property value: also ':' and ','."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render(report: Report, *, show_info: bool = False) -> str:
    """Annotations for every error and warning (info too with ``show_info``), grouped
    per file, with a verdict line each."""
    lines: list[str] = []
    for result in report.results:
        lines.append(f"::group::{escape_data(result.file)}")
        for f in result.findings:
            if f.severity is Severity.INFO and not show_info:
                continue
            props = ",".join(
                f"{name}={escape_property(value)}"
                for name, value in (
                    ("file", f.file),
                    ("line", str(f.line)),
                    ("col", str(f.column)),
                    ("title", f"{f.code} {f.rule} ({_(f.rule_ref)})"),
                )
            )
            message = escape_data(
                _("{message}. Fix: {hint}").format(message=f.message, hint=f.hint)
            )
            lines.append(f"::{_LEVEL[f.severity]} {props}::{message}")
        word = verdict(result.valid)
        word = word if result.valid else word.upper()  # stands out in the CI log
        if not result.valid and not result.count(Severity.ERROR):
            word = _("{verdict} under --strict (warnings fail)").format(verdict=word)
        lines.append(f"{escape_data(result.file)}: {word}")
        lines.append("::endgroup::")
    return "\n".join(lines) + "\n"
