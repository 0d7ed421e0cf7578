"""Text (Rich) and JSON renderings of Supply plans."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import assert_never

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armylist.gameday.planner import SupplyPlan
from armylist.plain import plural
from armylist.reporters import Terminal, ViewFormat
from armylist.reporters.fit import FitTable
from armylist.reporters.text import to_text


def _amount(value: int | None) -> str:
    return "unlimited" if value is None else str(value)


def _rounds(plan: SupplyPlan) -> Table:
    table = FitTable(title="Supply Pool", box=box.SIMPLE_HEAD, title_justify="left")
    for column in (
        "Round",
        "Pool",
        "On table",
        "Available",
        "Enters",
        "Left",
        "Lost",
        "In reserve",
    ):
        table.add_column(column, justify="right")
    for row in plan.rounds:
        lost = sum(e.supply_before - e.supply_after for e in row.losses)
        table.add_row(
            str(row.round),
            _amount(row.pool),
            str(row.on_table),
            _amount(row.available),
            f"+{row.entered_supply}" if row.entered else "-",
            _amount(row.available_after),
            f"-{lost}" if lost else "-",
            str(row.reserve_supply) if row.reserve else "-",
        )
    return table


def _deployment(plan: SupplyPlan) -> Table:
    table = FitTable(
        title="Deployment plan",
        box=box.SIMPLE_HEAD,
        title_justify="left",
        whole=("Unit",),
    )
    table.add_column("#", justify="right")
    table.add_column("Unit")
    table.add_column("Supply", justify="right")
    table.add_column("Enters", justify="right")
    table.add_column("What-if losses")
    for unit in plan.order:
        events = [
            f"round {row.round}: -{plural(e.lost, 'model')}, {e.models_left} left, "
            "Supply "
            f"{e.supply_before}→{e.supply_after}"
            + (" (destroyed)" if e.models_left == 0 else "")
            for row in plan.rounds
            for e in row.losses
            if e.position == unit.position
        ]
        table.add_row(
            str(unit.position),
            unit.label,
            str(unit.supply),
            "-" if unit.enters is None else f"round {unit.enters}",
            "; ".join(events) or "-",
        )
    return table


def render_plan(plan: SupplyPlan) -> RenderableType:
    """One plan: mission numbers, the rounds table, the warnings."""
    parts: list[RenderableType] = [
        Text.assemble(
            (plan.file, "bold"),
            f"  {plan.mission} ({plan.mission_scale.capitalize()})",
        ),
        Text(
            f"Starting Supply {plan.starting_supply}, Supply Escalation "
            f"+{plan.supply_escalation}, {plan.game_length} rounds (round "
            f"{plan.game_length} unlimited); army's starting Supply "
            f"{plan.total_supply}"
        ),
    ]
    if plan.losses:
        parts.append(Text(f"What-if losses: {', '.join(plan.losses)}"))
    parts += [_rounds(plan), _deployment(plan)]
    for warning in plan.warnings:
        parts.append(
            Text.assemble(
                ("warning ", "yellow"), f"{warning.message} ({warning.rule_ref})"
            )
        )
    return Group(*parts)


def render_text(
    plans: Sequence[SupplyPlan], *, width: int = 100, color: bool = False
) -> str:
    """Every plan as text, one after another."""
    blocks: list[RenderableType] = []
    for i, plan in enumerate(plans):
        if i:
            blocks.append(Text(""))
        blocks.append(render_plan(plan))
    return to_text(Group(*blocks), width=width, color=color)


def render_json(file: str, plans: Sequence[SupplyPlan]) -> str:
    """The plans as JSON: `{"file": ..., "plans": [...]}`, keys sorted."""
    data = {"file": file, "plans": [plan.model_dump(mode="json") for plan in plans]}
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def render(
    file: str, plans: Sequence[SupplyPlan], chosen: ViewFormat, terminal: Terminal
) -> str:
    """The plans of one list file in the chosen format."""
    match chosen:
        case ViewFormat.TEXT:
            return render_text(plans, width=terminal.width, color=terminal.color)
        case ViewFormat.JSON:
            return render_json(file, plans)
        case _:
            assert_never(chosen)
