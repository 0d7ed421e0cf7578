"""Text (Rich) and JSON renderings of Supply plans."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import assert_never

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armylist.gameday.supplyplan import SupplyPlan
from armylist.reporters import Terminal, ViewFormat
from armylist.reporters.fit import FitTable
from armylist.reporters.text import to_text
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people


def _amount(value: int | None) -> str:
    return _("unlimited") if value is None else str(value)


_ROUND_COLUMNS = (
    N_("Round"),
    N_("Pool"),
    N_("On table"),
    N_("Available"),
    N_("Enters"),
    N_("Left"),
    N_("Lost"),
    N_("In reserve"),
)


def _rounds(plan: SupplyPlan) -> Table:
    table = FitTable(title=_("Supply Pool"), box=box.SIMPLE_HEAD, title_justify="left")
    for column in _ROUND_COLUMNS:
        table.add_column(_(column), justify="right")
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
        title=_("Deployment plan"),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        whole=(_("Unit"),),
    )
    table.add_column("#", justify="right")
    table.add_column(_("Unit"))
    table.add_column(_("Supply"), justify="right")
    table.add_column(_("Enters"), justify="right")
    table.add_column(_("What-if losses"))
    for unit in plan.order:
        events = [
            (
                ngettext(
                    "round {round}: -{lost} model, {left} left, Supply "
                    "{before}→{after}",
                    "round {round}: -{lost} models, {left} left, Supply "
                    "{before}→{after}",
                    e.lost,
                )
                if e.models_left
                else ngettext(
                    "round {round}: -{lost} model, {left} left, Supply "
                    "{before}→{after} (destroyed)",
                    "round {round}: -{lost} models, {left} left, Supply "
                    "{before}→{after} (destroyed)",
                    e.lost,
                )
            ).format(
                round=row.round,
                lost=people(e.lost),
                left=e.models_left,
                before=e.supply_before,
                after=e.supply_after,
            )
            for row in plan.rounds
            for e in row.losses
            if e.position == unit.position
        ]
        table.add_row(
            str(unit.position),
            unit.label,
            str(unit.supply),
            "-"
            if unit.enters is None
            else _("round {round}").format(round=unit.enters),
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
            _(
                "Starting Supply {starting}, Supply Escalation +{escalation}, "
                "{rounds} rounds (round {rounds} unlimited); army's starting Supply "
                "{total}"
            ).format(
                starting=plan.starting_supply,
                escalation=plan.supply_escalation,
                rounds=plan.game_length,
                total=plan.total_supply,
            )
        ),
    ]
    if plan.losses:
        parts.append(
            Text(_("What-if losses: {losses}").format(losses=", ".join(plan.losses)))
        )
    parts += [_rounds(plan), _deployment(plan)]
    for warning in plan.warnings:
        parts.append(
            Text.assemble(
                (_("warning "), "yellow"), f"{warning.message} ({warning.rule_ref})"
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
