"""JUnit XML: one test case per list; an illegal list's errors are its failure."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from armylist.findings import Report, Severity, failing
from armylist.plain import plural
from armylist.visible import visible


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
            f"{f.file}:{f.line}:{f.column}: {f.severity.value} {f.code} {f.rule}: "
            f"{f.message} ({f.rule_ref}). Fix: {f.hint}"
            for f in result.findings
        ]
        if not result.valid:
            fails = failing(result.findings, strict=report.strict)
            errors = sum(1 for f in fails if f.severity is Severity.ERROR)
            counted = plural(errors, "error")
            if len(fails) > errors:
                counted += f", {plural(len(fails) - errors, 'warning')} (--strict)"
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
