"""Rich views of combat odds: `armylist attack` (batch by batch) and `armylist matchup`.

Pure renderers: an `AttackResult` or `MatchupEntry` rows in, a Rich renderable out. The
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

from armylist.combat import (
    AttackResult,
    AttackSetup,
    MatchupEntry,
    Outcome,
    Pmf,
    dense,
)

BAR_CELLS = 24  # the widest bar: with its labels the chart fits 60 columns
_EIGHTHS = " ▏▎▍▌▋▊▉"
PHASE_LABEL = {"assault": "Assault", "combat": "Combat"}


def dice(value: Fraction) -> str:
    """An expected count for reading: whole numbers as they are, others to 2 places."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}"


def percent(value: Fraction) -> str:
    """A probability as a percentage; '<0.1 %' and '>99.9 %' never round to 0 or 100."""
    if value and value < Fraction(1, 1000):
        return "<0.1 %"
    if value < 1 and value > Fraction(999, 1000):
        return ">99.9 %"  # short of certain: "100.0 %" would read as sure
    return f"{float(value) * 100:.1f} %"


def bar(share: Fraction, cells: int = BAR_CELLS) -> str:
    """A horizontal bar of unicode blocks, `share` (0..1) of `cells`, in eighths."""
    eighths = round(share * cells * 8)
    if share and not eighths:
        eighths = 1  # a possible outcome never looks impossible
    full, rest = divmod(eighths, 8)
    return "█" * full + (_EIGHTHS[rest] if rest else "")


def distribution_chart(pmf: Pmf) -> Table:
    """Models removed -> probability as bars; the likeliest outcome has the full bar."""
    rows = dense(pmf)
    top = max(rows.values(), default=Fraction(0)) or Fraction(1)
    chart = Table.grid(padding=(0, 1))
    chart.add_column(justify="right", no_wrap=True)
    chart.add_column(no_wrap=True, min_width=BAR_CELLS)
    chart.add_column(justify="right", no_wrap=True)
    for removed, p in rows.items():
        chart.add_row(str(removed), Text(bar(p / top), style="cyan"), percent(p))
    return chart


def _has_shield(setup: AttackSetup) -> bool:
    stats = setup.target.stats
    return bool(stats and stats.shield and stats.shield.strip() not in ("0", "-", "—"))


def _pools_table(result: AttackResult, index: int) -> Table:
    pools = result.batches[index].pools
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("Step", overflow="fold")
    table.add_column("Expected dice", justify="right", no_wrap=True)
    for step, value in pools.expected.items():
        note = ""
        if step == "Evade Pool" and not pools.evade:
            note = " (no Evade roll)"
        table.add_row(step + note, dice(value))
    return table


def _outcome_lines(
    setup: AttackSetup, outcome: Outcome, supply_before: Fraction
) -> Text:
    at_least_one = 1 - outcome.models_removed.get(0, Fraction(0))
    lines = [
        f"Damage: {dice(outcome.damage)} expected, {dice(outcome.marker)} left on "
        "the marker",
        f"Models removed: {dice(outcome.expected_models_removed)} expected, at least "
        f"one {percent(at_least_one)}",
        # The Supply lost is the Victory Points the attack is worth (§9.5).
        f"{setup.target.name} Supply: {dice(supply_before)} → "
        f"{dice(outcome.supply_left)} expected, worth {dice(outcome.supply_removed)} VP",
    ]
    if _has_shield(setup):
        lines.append(f"Still Shielded: {percent(outcome.shielded)}")
    return Text("\n".join(lines))


def attack_view(setup: AttackSetup, result: AttackResult) -> RenderableType:
    """The whole activation: per batch its pools, the chart and the outcome; the total."""
    target_models = setup.target_models or setup.target.max_models
    start_supply = Fraction(setup.target.supply_at(target_models) or 0)
    heading = Text.assemble(
        (result.attacker, "bold"),
        " attacks ",
        (f"{result.target} ({target_models})", "bold"),
        f", {PHASE_LABEL[setup.phase]} phase",
    )
    parts: list[RenderableType] = [heading]
    named = {setup.attacker.id: setup.attacker, setup.target.id: setup.target}
    for unit in named.values():
        if unit.provisional:
            parts.append(
                Text(
                    f"{unit.name} is a provisional wave-2 card: its stat line may "
                    "change, and these odds with it.",
                    style="dim",
                )
            )
    # What the attacker pays for its abilities: not in the odds, but in the game.
    for cost in result.costs:
        parts.append(Text(f"Cost: {cost}", style="yellow"))
    supply_before = start_supply
    for index, batch in enumerate(result.batches):
        parts += [
            Text(""),
            Text(
                f"{index + 1}. {batch.weapon}: {batch.models} "
                f"model{'s' if batch.models != 1 else ''}, "
                f"{batch.pools.dice} dice",
                style="bold",
            ),
            _pools_table(result, index),
            Text("Models removed (probability):"),
            distribution_chart(batch.outcome.models_removed),
            _outcome_lines(setup, batch.outcome, supply_before),
        ]
        supply_before = batch.outcome.supply_left
    total = result.total
    count = len(result.batches)
    parts += [
        Text(""),
        Text(
            f"Total over {count} batch{'es' if count != 1 else ''}",
            style="bold",
        ),
    ]
    if count > 1:
        parts += [
            Text("Models removed (probability):"),
            distribution_chart(total.models_removed),
        ]
    parts += [
        Text(f"Hits: {dice(total.hits)} expected"),
        _outcome_lines(setup, total, start_supply),
    ]
    return Group(*parts)


def _weapons(entry: MatchupEntry) -> Text:
    if entry.result is None:
        return Text(entry.problem or "no attack", style="dim")
    return Text(" + ".join(b.weapon for b in entry.result.batches))


def _matchup_grid(header: bool = False) -> Table:
    # Fixed widths before the weapons, so the numbers line up from block to block.
    grid = Table.grid(padding=(0, 2))
    grid.add_column(width=7, no_wrap=True)
    grid.add_column(width=7, justify="right", no_wrap=True)
    grid.add_column(width=7, justify="right", no_wrap=True)
    grid.add_column()
    if header:
        bold = "bold"
        grid.add_row(*(Text(h, bold) for h in ("Phase", "Models", "Supply", "Weapons")))
        grid.add_row("", Text("removed", bold), Text("removed", bold), "")
    return grid


def matchup_view(entries: Sequence[MatchupEntry]) -> RenderableType:
    """Per attacker and target, one row per phase: what it removes, with what."""
    parts: list[RenderableType] = [
        Text("Expected per activation, each against a fresh target", style="bold"),
        _matchup_grid(header=True),
    ]
    grid: Table | None = None
    pair: tuple[str, str] | None = None
    for entry in entries:
        if grid is None or (entry.attacker, entry.target) != pair:
            pair = (entry.attacker, entry.target)
            grid = _matchup_grid()
            parts += [Text(f"{entry.attacker} → {entry.target}", style="bold"), grid]
        result = entry.result
        grid.add_row(
            PHASE_LABEL[entry.phase],
            "-" if result is None else dice(result.total.expected_models_removed),
            "-" if result is None else dice(result.total.supply_removed),
            _weapons(entry),
        )
    return Group(*parts)


def matchup_json(
    entries: Sequence[MatchupEntry], *, exact: bool = False
) -> dict[str, object]:
    """The `matchup --format json` contract: one entry per activation."""
    return {
        "matchups": [
            {
                "attacker": entry.attacker,
                "target": entry.target,
                "phase": entry.phase,
                "weapons": (
                    [b.weapon for b in entry.result.batches] if entry.result else []
                ),
                "expected": (
                    entry.result.to_json(exact=exact)["total"] if entry.result else None
                ),
                "problem": entry.problem,
            }
            for entry in entries
        ]
    }
