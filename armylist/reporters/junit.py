"""JUnit XML: one test case per list; an illegal list's errors are its failure."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from armylist.findings import Report, Severity, failing, severity_word
from armylist.reporters.oneline import errors_text, warnings_text
from armylist.text.i18n import _
from armylist.text.visible import visible


def render(report: Report) -> str:
    """The report as a JUnit XML document."""
    summary = report.summary
    suites = ET.Element(
        "testsuites",
        name="armylist",
        tests=str(summary.files),
        failures=str(summary.invalid),
    )
    suite = ET.SubElement(
        suites,
        "testsuite",
        name="armylist validate",
        tests=str(summary.files),
        failures=str(summary.invalid),
        errors="0",
        skipped="0",
    )
    for result in report.results:
        case = ET.SubElement(
            suite,
            "testcase",
            classname="armylist.validate",
            name=result.file,
            file=result.file,
        )
        lines = [
            f"{f.file}:{f.line}:{f.column}: {severity_word(f.severity)} {f.code} "
            + _("{rule}: {message} ({ref}). Fix: {hint}").format(
                rule=f.rule, message=f.message, ref=_(f.rule_ref), hint=f.hint
            )
            for f in result.findings
        ]
        if not result.valid:
            fails = failing(result.findings, strict=report.strict)
            errors = sum(1 for f in fails if f.severity is Severity.ERROR)
            counted = errors_text(errors)
            if len(fails) > errors:
                counted = _("{errors}, {warnings} (--strict)").format(
                    errors=counted, warnings=warnings_text(len(fails) - errors)
                )
            failure = ET.SubElement(
                case,
                "failure",
                type="illegal-list",
                message=f"{counted}: {fails[0].message}" if fails else counted,
            )
            failure.text = "\n".join(lines)
        elif lines:
            ET.SubElement(case, "system-out").text = "\n".join(lines)
    ET.indent(suites)
    # XML 1.0 has no way to write most control characters (a file name may hold
    # ESC): ElementTree would write them raw and the document would not parse.
    return visible(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        + ET.tostring(suites, encoding="unicode")
        + "\n"
    )
