"""Rich view of `armylist compare`: one unit's loadouts side by side, attacking and
attacked, with the difference beside each.

Pure renderers, as `reporters.combat`: the calculator's numbers, rounded for reading.
"""

from __future__ import annotations

from fractions import Fraction

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armylist.combat.compare import Comparison, Question, per_100_minerals
from armylist.combat.dist import at_least
from armylist.reporters.combat import dice, percent, phase_label
from armylist.text.i18n import _


def _signed(value: Fraction) -> str:
    return ("+" if value > 0 else "") + dice(value) if value else "0"


def _compare_rows(
    comparison: Comparison, question: Question
) -> list[tuple[str, list[str | None], list[Fraction | None]]]:
    """(label, each loadout's value, each loadout's value as a number to subtract)."""
    totals = [c.result.total if c.result else None for c in question.cells]
    minerals = [lo.minerals for lo in comparison.loadouts]
    defending = question.defending
    rows: list[tuple[str, list[str | None], list[Fraction | None]]] = [
        ("Minerals", [str(m) for m in minerals], [Fraction(m) for m in minerals]),
    ]
    numbers: list[tuple[str, list[Fraction | None]]] = [
        (
            _("Models lost") if defending else _("Models removed"),
            [t.expected_models_removed if t else None for t in totals],
        ),
        (
            _("Supply lost") if defending else _("Supply removed"),
            [t.supply_removed if t else None for t in totals],
        ),
        (
            _("Supply lost per 100 Minerals")
            if defending
            else _("Supply removed per 100 Minerals"),
            [
                per_100_minerals(t.supply_removed, m) if t else None
                for t, m in zip(totals, minerals, strict=True)
            ],
        ),
    ]
    for label, values in numbers:
        rows.append(
            (label, [None if v is None else dice(v) for v in values], list(values))
        )
    chances = [at_least(t.models_removed) if t else {} for t in totals]
    top = max((k for c in chances for k, p in c.items() if p >= Fraction(1, 2000)),
              default=0)  # fmt: skip
    for k in range(1, top + 1):
        values = [c.get(k, Fraction(0)) if t else None for c, t in zip(chances, totals, strict=True)]  # fmt: skip
        rows.append(
            (
                _("At least {count}").format(count=k),
                [None if v is None else percent(v) for v in values],
                [None] * len(values),
            )
        )
    return rows


def _compare_table(comparison: Comparison, question: Question) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("", overflow="fold")
    for index, loadout in enumerate(comparison.loadouts):
        table.add_column(loadout.label, justify="right", overflow="fold")
        if index:
            table.add_column(_("difference"), justify="right", no_wrap=True)
    for label, shown, values in _compare_rows(comparison, question):
        cells: list[str] = [label]
        for index, text in enumerate(shown):
            cells.append("-" if text is None else text)
            if index:
                base, value = values[0], values[index]
                differs = base is not None and value is not None
                cells.append(_signed(value - base) if differs else "")  # type: ignore[operator]
        table.add_row(*cells)
    return table


def _compare_summary(comparison: Comparison) -> Table:
    """One row per attack: expected Supply removed per loadout, the difference."""
    table = Table(
        title=_("Expected Supply removed per activation"),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
    )
    table.add_column(_("Attack"), overflow="fold")
    for index, loadout in enumerate(comparison.loadouts):
        table.add_column(loadout.label, justify="right", overflow="fold")
        if index:
            table.add_column(_("difference"), justify="right", no_wrap=True)
    for question in comparison.questions:
        supply = [c.result.total.supply_removed if c.result else None for c in question.cells]  # fmt: skip
        if all(v is None for v in supply):
            continue
        cells = [
            f"{question.attacker} → {question.target}, {phase_label(question.phase)}"
        ]
        for index, value in enumerate(supply):
            cells.append("-" if value is None else dice(value))
            if index:
                base = supply[0]
                known = base is not None and value is not None
                cells.append(_signed(value - base) if known else "")  # type: ignore[operator]
        table.add_row(*cells)
    return table


def compare_view(comparison: Comparison) -> RenderableType:
    """Each question as a block: the loadouts side by side, the difference beside."""
    parts: list[RenderableType] = [
        Text(
            f"{comparison.unit} ({comparison.models}): "
            + "; ".join(
                _("{loadout} {minerals} Minerals").format(
                    loadout=lo.label, minerals=lo.minerals
                )
                for lo in comparison.loadouts
            ),
            style="bold",
        ),
        Text(""),
        _compare_summary(comparison),
    ]
    for defending, heading in (
        (False, _("{unit} attacking").format(unit=comparison.unit)),
        (True, _("{unit} attacked").format(unit=comparison.unit)),
    ):
        parts += [Text(""), Text(heading, style="bold underline")]
        for question in comparison.questions:
            if question.defending != defending:
                continue
            title = _("{attacker} → {target}, {phase} phase").format(
                attacker=question.attacker,
                target=question.target,
                phase=phase_label(question.phase),
            )
            problems = {c.problem for c in question.cells if c.result is None}
            if all(c.result is None for c in question.cells) and len(problems) == 1:
                parts.append(Text(f"{title}: {problems.pop()}", style="dim"))
                continue
            parts += [Text(title, style="bold"), _compare_table(comparison, question)]
            for problem in sorted(p for p in problems if p):
                parts.append(Text(problem, style="dim"))
    return Group(*parts)
