"""Rich views of combat odds: `armylist attack` (batch by batch) and focus fire, and
how every combat view reads the numbers (dice, percentages, the bar chart, the phase).

Pure renderers: an `AttackResult` or `FocusResult` in, a Rich renderable out. The
numbers are the calculator's; this module only rounds them for reading. Every name is
wrapped at spaces, never cut, so the views read at 60 to 120 columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armylist.combat import AttackResult, AttackSetup, Outcome, Pmf, dense
from armylist.combat.dist import at_least
from armylist.combat.focus import FocusResult
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people_decimal

BAR_CELLS = 24  # the widest bar: with its labels the chart fits 60 columns
_EIGHTHS = " ▏▎▍▌▋▊▉"
PHASE_LABEL = {"assault": N_("Assault"), "combat": N_("Combat")}
# The steps of an attack as the calculator names them; the game's pools stay English.
STEP_LABEL = {
    "Hits": N_("Hits"),
    "Armour fails": N_("Armour fails"),
    "Unsaved": N_("Unsaved"),
    "Damage": N_("Damage"),
}


def phase_label(phase: str) -> str:
    """'Assault' or 'Combat', in the language in use."""
    return _(PHASE_LABEL[phase])


def dice(value: Fraction) -> str:
    """An expected count for reading: whole numbers as they are, others to 2 places."""
    if value.denominator == 1:
        return str(value.numerator)
    return people_decimal(float(value), 2)


def percent(value: Fraction) -> str:
    """A probability as a percentage; '<0.1 %' and '>99.9 %' never round to 0 or 100."""
    if value and value < Fraction(1, 1000):
        return f"<{people_decimal(0.1, 1)} %"
    if value < 1 and value > Fraction(999, 1000):
        # short of certain: "100.0 %" would read as sure
        return f">{people_decimal(99.9, 1)} %"
    return f"{people_decimal(float(value) * 100, 1)} %"


def bar(share: Fraction, cells: int = BAR_CELLS) -> str:
    """A horizontal bar of unicode blocks, `share` (0..1) of `cells`, in eighths."""
    eighths = round(share * cells * 8)
    if share and not eighths:
        eighths = 1  # a possible outcome never looks impossible
    full, rest = divmod(eighths, 8)
    return "█" * full + (_EIGHTHS[rest] if rest else "")


def distribution_chart(pmf: Pmf) -> Table:
    """Models removed -> probability as bars, exactly k and at least k.

    The likeliest outcome has the full bar; "at least" answers "will 3 die?".
    """
    rows = dense(pmf)
    top = max(rows.values(), default=Fraction(0)) or Fraction(1)
    cumulative = at_least(pmf)
    chart = Table.grid(padding=(0, 1))
    chart.add_column(justify="right", no_wrap=True)
    chart.add_column(no_wrap=True, min_width=BAR_CELLS)
    chart.add_column(justify="right", no_wrap=True)
    chart.add_column(justify="right", no_wrap=True)
    chart.add_row("", "", Text(_("exactly"), "dim"), Text(_("at least"), "dim"))
    for removed, p in rows.items():
        chart.add_row(
            str(removed),
            Text(bar(p / top), style="cyan"),
            percent(p),
            percent(cumulative[removed]),
        )
    return chart


def _has_shield(setup: AttackSetup) -> bool:
    stats = setup.target.stats
    return bool(stats and stats.shield and stats.shield.strip() not in ("0", "-", "—"))


def _pools_table(result: AttackResult, index: int) -> Table:
    pools = result.batches[index].pools
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column(_("Step"), overflow="fold")
    table.add_column(_("Expected dice"), justify="right", no_wrap=True)
    for step, value in pools.expected.items():
        label = _(STEP_LABEL[step]) if step in STEP_LABEL else step
        if step == "Evade Pool" and not pools.evade:
            label = _("Evade Pool (no Evade roll)")
        table.add_row(label, dice(value))
    return table


def _outcome_lines(
    setup: AttackSetup, outcome: Outcome, supply_before: Fraction
) -> Text:
    at_least_one = 1 - outcome.models_removed.get(0, Fraction(0))
    lines = [
        _("Damage: {damage} expected, {marker} left on the marker").format(
            damage=dice(outcome.damage), marker=dice(outcome.marker)
        ),
        _(
            "Models removed: {models} expected, at least one {one}, the unit wiped "
            "out {wiped}"
        ).format(
            models=dice(outcome.expected_models_removed),
            one=percent(at_least_one),
            wiped=percent(outcome.wiped_out),
        ),
        # The Supply lost is the Victory Points the attack is worth (§9.5).
        _("{unit} Supply: {before} → {after} expected, worth {vp} VP").format(
            unit=setup.target.name,
            before=dice(supply_before),
            after=dice(outcome.supply_left),
            vp=dice(outcome.supply_removed),
        ),
    ]
    if _has_shield(setup):
        lines.append(_still_shielded(outcome.shielded))
    return Text("\n".join(lines))


def _still_shielded(chance: Fraction) -> str:
    return _("Still Shielded: {chance}").format(chance=percent(chance))


def _removed_heading() -> Text:
    return Text(_("Models removed (probability):"))


def _costs(costs: Sequence[str]) -> list[Text]:
    """What an attacker pays for its abilities: not in the odds, but in the game."""
    return [Text(_("Cost: {cost}").format(cost=cost), style="yellow") for cost in costs]


def attack_view(setup: AttackSetup, result: AttackResult) -> RenderableType:
    """The whole activation: per batch its pools, the chart and the outcome; the total."""
    target_models = setup.target_models or setup.target.max_models
    start_supply = Fraction(setup.target.supply_at(target_models) or 0)
    heading = Text(
        _("{attacker} attacks {target}, {phase} phase").format(
            attacker=result.attacker,
            target=f"{result.target} ({target_models})",
            phase=phase_label(setup.phase),
        )
    )
    heading.highlight_words(
        [result.attacker, f"{result.target} ({target_models})"], "bold"
    )
    parts: list[RenderableType] = [heading]
    named = {setup.attacker.id: setup.attacker, setup.target.id: setup.target}
    for unit in named.values():
        if unit.provisional:
            parts.append(
                Text(
                    _(
                        "{unit} is a provisional wave-2 card: its stat line may "
                        "change, and these odds with it."
                    ).format(unit=unit.name),
                    style="dim",
                )
            )
    parts += _costs(result.costs)
    supply_before = start_supply
    for index, batch in enumerate(result.batches):
        parts += [
            Text(""),
            Text(
                f"{index + 1}. {batch.weapon}: "
                + ngettext(
                    "{models} model, {dice} dice",
                    "{models} models, {dice} dice",
                    batch.models,
                ).format(models=batch.models, dice=batch.pools.dice),
                style="bold",
            ),
            _pools_table(result, index),
            _removed_heading(),
            distribution_chart(batch.outcome.models_removed),
            _outcome_lines(setup, batch.outcome, supply_before),
        ]
        supply_before = batch.outcome.supply_left
    total = result.total
    count = len(result.batches)
    parts += [
        Text(""),
        Text(
            ngettext(
                "Total over {count} batch", "Total over {count} batches", count
            ).format(count=count),
            style="bold",
        ),
    ]
    if count > 1:
        parts += [_removed_heading(), distribution_chart(total.models_removed)]
    parts += [
        Text(_("Hits: {hits} expected").format(hits=dice(total.hits))),
        _outcome_lines(setup, total, start_supply),
    ]
    return Group(*parts)


def focus_view(setup: AttackSetup, result: FocusResult) -> RenderableType:
    """Several attackers in turn: after each, the models removed so far and the odds."""
    order = _(", then ").join(
        f"{step.attacker} ({step.models})" for step in result.steps
    )
    target = f"{result.target} ({result.target_models})"
    heading = Text(
        _("Focus fire on {target}, {phase} phase: {order}").format(
            target=target, phase=phase_label(setup.phase), order=order
        )
    )
    heading.highlight_words([target], "bold")
    parts: list[RenderableType] = [heading]
    supply_before = Fraction(setup.target.supply_at(result.target_models) or 0)
    for index, step in enumerate(result.steps):
        outcome = step.outcome
        lines = [
            _(
                "By {attacker}: {models} models and {supply} Supply expected, "
                "{damage} Damage"
            ).format(
                attacker=step.attacker,
                models=dice(outcome.expected_models_removed),
                supply=dice(outcome.supply_removed),
                damage=dice(outcome.damage),
            ),
            _(
                "{unit} Supply: {before} → {after} expected; the unit wiped out {wiped}"
            ).format(
                unit=result.target,
                before=dice(supply_before),
                after=dice(outcome.supply_left),
                wiped=percent(outcome.wiped_out),
            ),
        ]
        if _has_shield(setup):
            lines.append(_still_shielded(outcome.shielded))
        parts += [
            Text(""),
            Text(
                f"{index + 1}. {step.attacker} ({step.models}): "
                + " + ".join(step.weapons),
                style="bold",
            ),
            *_costs(step.costs),
            Text(
                _("{unit} models removed so far (probability):").format(
                    unit=result.target
                )
            ),
            distribution_chart(step.removed_so_far),
            Text("\n".join(lines)),
        ]
        supply_before = outcome.supply_left
    return Group(*parts)
