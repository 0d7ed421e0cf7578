"""The text report: a Rich rendering per list for people at a terminal."""

from __future__ import annotations

from collections.abc import Iterable
from io import StringIO
from typing import TextIO

from rich import box
from rich.console import Console, Group, RenderableType
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from armylist.findings import Finding, ListResult, Report, Severity
from armylist.gamedata.models import CARDS_BROUGHT, SlotType
from armylist.reporters.fit import FitTable, Items, strip_trailing_spaces
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people
from armylist.text.visible import visible

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}
_TITLE = {
    Severity.ERROR: N_("Errors"),
    Severity.WARNING: N_("Warnings"),
    Severity.INFO: N_("Info"),
}


def _budget(label: str, used: int, limit: int | None) -> Text:
    if limit is None:
        return Text(_("{label}: {used} of ?").format(label=label, used=people(used)))
    style = "red" if used > limit else "green"
    before, _used, after = _("{label}: {used} of {limit}").partition("{used}")
    return Text.assemble(
        before.format(label=label),
        (people(used), style),
        after.format(limit=people(limit)),
    )


def _ledger(result: ListResult) -> Table:
    table = FitTable(title="Army Slots", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column(_("Slot"))
    table.add_column(_("Granted by"))
    table.add_column(_("Used by"))
    table.add_column(_("Used"), justify="right")
    for slot in SlotType:
        use = result.slots.get(slot.value)
        if use is None:
            continue
        # Each "Source amount" stays whole: a cell breaks only after a comma.
        granted = Items(
            f"{g.source} {g.amount}" for g in result.granted if g.slot == slot.value
        )
        users = Items(
            f"{u.source} {u.amount}"
            for u in result.used
            if u.slot == slot.value and u.amount
        )
        style = "red" if use.used > use.available else ""
        table.add_row(
            slot.label, granted, users, Text(f"{use.used}/{use.available}", style=style)
        )
    return table


def _units(result: ListResult) -> Table:
    table = FitTable(
        title=_("Units"), box=box.SIMPLE_HEAD, title_justify="left", whole=(_("Unit"),)
    )
    table.add_column("#", justify="right")
    table.add_column(_("Unit"))
    table.add_column(_("Models"), justify="right")
    table.add_column("Supply", justify="right")
    table.add_column("Minerals", justify="right")
    table.add_column(_("Upgrades"))
    for i, unit in enumerate(result.units, 1):
        table.add_row(
            str(i),
            unit.unit,
            "?" if unit.models is None else str(unit.models),
            "?" if unit.supply is None else str(unit.supply),
            people(unit.minerals),
            ", ".join(unit.upgrades) or "-",
        )
    table.add_row(
        "",
        Text(_("Total"), style="bold"),
        "",
        "",
        Text(people(result.minerals.used), style="bold"),
        "",
    )
    return table


def _findings(
    result: ListResult, shown: tuple[Severity, ...] = tuple(Severity)
) -> list[RenderableType]:
    parts: list[RenderableType] = []
    for severity in shown:
        found = [f for f in result.findings if f.severity is severity]
        if not found:
            continue
        parts.append(
            Text(f"{_(_TITLE[severity])} ({len(found)})", style=_STYLE[severity])
        )
        parts.append(findings_grid(found))
    return parts


def findings_grid(found: list[Finding]) -> FitTable:
    """Findings as `validate` prints them: where, rule, then the message and its fix
    wrapped under the message (also the team's findings in `validate --team`)."""
    # Too narrow for three columns, each finding becomes a block: where and
    # which rule on one line, the message below.
    grid = FitTable(
        box=None,
        padding=(0, 1),
        collapse_padding=True,
        show_header=False,
        show_edge=False,
        pad_edge=False,
        whole=("Where", "Rule"),
    )
    grid.add_column("Where", justify="right", no_wrap=True)
    grid.add_column("Rule", no_wrap=True)
    grid.add_column("")
    for f in found:
        grid.add_row(
            f"  {f.line}:{f.column}",
            Text(f"{f.code} {f.rule}", style=_STYLE[f.severity]),
            Text.assemble(
                f"{f.message} ({_(f.rule_ref)})\n",
                (_("fix: {hint}").format(hint=f.hint), "dim"),
            ),
        )
    return grid


def render_result(result: ListResult) -> RenderableType:
    """One list: header, budgets, slots ledger, units, findings, verdict."""
    heading = Text(result.file, style="bold")
    if result.name:
        heading.append(f"  {result.name}")
    parts: list[RenderableType] = [heading]
    if result.faction or result.scale:
        parts.append(
            Text(
                _("Faction: {faction}   Scale: {scale}").format(
                    faction=(result.faction or "?")
                    + (f" ({result.race})" if result.race else ""),
                    scale=result.scale_name or "?",
                )
            )
        )
        parts.append(
            Text.assemble(
                _budget("Minerals", result.minerals.used, result.minerals.limit),
                "   ",
                _budget("Vespene Gas", result.gas.used, result.gas.limit),
            )
        )
    if result.tactical_cards:
        parts.append(
            Text(
                _("Tactical Cards: {cards}").format(
                    cards=", ".join(result.tactical_cards)
                )
            )
        )
    if result.slots:
        parts.append(_ledger(result))
    if result.units:
        parts.append(_units(result))
    parts += _findings(result)
    parts.append(_verdict(result))
    return Group(*parts)


def _verdict(result: ListResult) -> Text:
    errors = result.count(Severity.ERROR)
    warnings = result.count(Severity.WARNING)
    if result.valid and result.missing:
        return Text(_unready(result, warnings), style="bold yellow")
    if result.valid:
        line = _("✔ legal list")
        if warnings:
            line = ngettext(
                "✔ legal list ({count} warning)",
                "✔ legal list ({count} warnings)",
                warnings,
            ).format(count=people(warnings))
        return Text(line, style="bold green")
    counts = {
        "errors": ngettext("{count} error", "{count} errors", errors).format(
            count=people(errors)
        ),
        "warnings": ngettext("{count} warning", "{count} warnings", warnings).format(
            count=people(warnings)
        ),
    }
    # No error yet not valid: only --strict fails a list on its warnings.
    line = (
        _("✘ illegal list: {errors}, {warnings}")
        if errors
        else _("✘ illegal list under --strict: {errors}, {warnings}")
    )
    return Text(line.format(**counts), style="bold red")


def _unready(result: ListResult, warnings: int) -> str:
    """A legal list's verdict that says what a game still needs (§9.2)."""
    brought = CARDS_BROUGHT
    lacks = {
        "units": _("no units"),
        "missions": ngettext(
            "no Mission Cards ({count} needed)",
            "no Mission Cards ({count} needed)",
            brought,
        ).format(count=brought),
        "deployments": ngettext(
            "no Deployment Cards ({count} needed)",
            "no Deployment Cards ({count} needed)",
            brought,
        ).format(count=brought),
    }
    missing = "; ".join(lacks[key] for key in result.missing)
    scale = result.scale_name or "?"
    if warnings:
        return ngettext(
            "✔ legal list ({count} warning), not ready for a {scale} game: {missing}",
            "✔ legal list ({count} warnings), not ready for a {scale} game: {missing}",
            warnings,
        ).format(count=people(warnings), scale=scale, missing=missing)
    return _("✔ legal list, not ready for a {scale} game: {missing}").format(
        scale=scale, missing=missing
    )


def render_brief(result: ListResult) -> RenderableType:
    """One list of many: its verdict line, then its errors and warnings."""
    heading = Text(result.file, style="bold")
    if result.name:
        heading.append(f"  {result.name}")
    heading.append(": ")
    heading.append_text(_verdict(result))
    return Group(heading, *_findings(result, (Severity.ERROR, Severity.WARNING)))


class _VisibleConsole(Console):
    """A console that writes the text of every segment through `visible` before its
    style's colour codes are added: a colour code in a name stays visible too."""

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        return super()._render_buffer(
            segment if segment.control else segment._replace(text=visible(segment.text))
            for segment in buffer
        )


def to_text(
    renderable: RenderableType, *, width: int = 100, color: bool = False
) -> str:
    """Render Rich output to a string (ANSI styles only with color), its control
    characters made visible."""
    buffer = StringIO()
    _VisibleConsole(
        file=buffer,
        width=width,
        no_color=not color,
        force_terminal=color,
        highlight=False,
        emoji=False,
        color_system="standard" if color else None,
    ).print(renderable)
    if color:
        return buffer.getvalue()
    # Rich pads every line to the width: piped output and files get no trailing spaces.
    return strip_trailing_spaces(buffer.getvalue())


DETAILS_NOTE = N_("each list's budgets, Army Slots, units and info findings: --details")


def render(
    report: Report, *, width: int = 100, color: bool = False, details: bool = False
) -> str:
    """The report as text; with color, ANSI styles for a terminal.

    One list is shown in full; of many, each list's verdict and its errors and warnings
    only, unless ``details`` asks for everything.
    """
    if len(report.results) > 1 and not details:
        return to_text(_brief(report), width=width, color=color)
    parts: list[RenderableType] = []
    for i, result in enumerate(report.results):
        if i:
            parts.append(Text(""))
        parts.append(render_result(result))
    return to_text(Group(*parts), width=width, color=color)


def _brief(report: Report) -> RenderableType:
    """Many lists, one block each; a blank line sets off a block with findings."""
    parts: list[RenderableType] = []
    spaced = False
    for i, result in enumerate(report.results):
        shown = any(f.severity is not Severity.INFO for f in result.findings)
        if i and (shown or spaced):
            parts.append(Text(""))
        parts.append(render_brief(result))
        spaced = shown
    return Group(*parts, Text(""), Text(_(DETAILS_NOTE), style="dim"))


class Stream:
    """The text report of many lists written list by list, as the batch checks them
    (`reporters.progress.Stream`): the same bytes as `render`, in the same order (by
    file), each list written as soon as every list before it is checked."""

    def __init__(
        self,
        out: TextIO,
        *,
        width: int = 100,
        color: bool = False,
        details: bool = False,
    ) -> None:
        self._out = out
        self._width = width
        self._color = color
        self._details = details
        self._order: list[str] = []
        self._next = 0
        self._arrived: dict[str, ListResult | None] = {}
        self._held: list[ListResult] = []
        self._written = 0
        self._spaced = False
        self._broken = False

    def begin(self, files: list[str]) -> None:
        """The files of the batch; their results come out in the report's order."""
        self._order = sorted(files)
        # A file named twice has no one place: write nothing before the end.
        self._broken = len(set(files)) != len(files)

    def add(self, file: str, result: ListResult | None) -> None:
        """One file checked: write every result now due, in the report's order."""
        if self._broken:
            return
        if file in self._arrived or file not in self._order:
            self._broken = True  # not the files announced: the end writes the rest
            return
        self._arrived[file] = result
        while (
            self._next < len(self._order) and self._order[self._next] in self._arrived
        ):
            due = self._arrived.pop(self._order[self._next])
            self._next += 1
            if due is not None:
                self._held.append(due)
        # One list alone is shown in full: write only once there are two.
        if self._written + len(self._held) > 1:
            for held in self._held:
                self._write(held)
            self._held = []

    def finish(self, report: Report) -> bool:
        """Write the lists not written yet and the closing note; False when none was
        written (the report is then written whole, one list in full)."""
        if not self._written:
            return False
        for result in report.results[self._written :]:
            self._write(result)
        if not self._details:
            self._put(Group(Text(""), Text(_(DETAILS_NOTE), style="dim")))
        return True

    def _write(self, result: ListResult) -> None:
        if self._details:
            if self._written:
                self._put(Text(""))
            self._put(render_result(result))
        else:
            shown = any(f.severity is not Severity.INFO for f in result.findings)
            if self._written and (shown or self._spaced):
                self._put(Text(""))
            self._put(render_brief(result))
            self._spaced = shown
        self._written += 1

    def _put(self, renderable: RenderableType) -> None:
        self._out.write(to_text(renderable, width=self._width, color=self._color))
        self._out.flush()
