"""Rich views of combat odds: `armylist attack` (batch by batch) and `armylist matchup`.

Pure renderers: an `AttackResult` or `MatchupEntry` rows in, a Rich renderable out. The
numbers are the calculator's; this module only rounds them for reading. Every name is
wrapped at spaces, never cut, so the views read at 60 to 120 columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from armylist.combat import AttackResult, AttackSetup, MatchupEntry, Outcome, Pmf, dense
from armylist.combat.compare import Comparison, Question, per_100_minerals
from armylist.combat.dist import at_least
from armylist.combat.focus import FocusResult
from armylist.combat.squads import Matrix, SquadMatchup
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


def _weapons(entry: MatchupEntry) -> Text:
    if entry.result is None:
        return Text(entry.problem or _("no attack"), style="dim")
    return Text(" + ".join(b.weapon for b in entry.result.batches))


def _matchup_headings() -> list[list[str]]:
    """The matchup columns' headings, each in two lines (a translation keeps the
    break, so that the columns stay narrow)."""
    headings = (
        _("Phase"),
        _("Models\nremoved"),
        _("Supply\nremoved"),
        _("At least\n1 model"),
        _("Wiped\nout"),
        _("Weapons"),
    )
    return [[*h.split("\n"), ""][:2] for h in headings]


def _matchup_grid(header: bool = False) -> Table:
    # Fixed widths before the weapons, so the numbers line up from block to block;
    # a column is as wide as its heading in the language in use.
    lines = _matchup_headings()
    grid = Table.grid(padding=(0, 2))
    grid.add_column(width=7, no_wrap=True)
    for width, heading in zip((7, 7, 8, 7), lines[1:5], strict=True):
        grid.add_column(
            width=max(width, *map(len, heading)), justify="right", no_wrap=True
        )
    grid.add_column()
    if header:
        for row in (0, 1):
            grid.add_row(*(Text(line[row], "bold") for line in lines))
    return grid


def matchup_view(entries: Sequence[MatchupEntry]) -> RenderableType:
    """Per attacker and target, one row per phase: what it removes, with what."""
    parts: list[RenderableType] = [
        Text(_("Expected per activation, each against a fresh target"), style="bold"),
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
        if result is None:
            numbers = ["-"] * 4
        else:
            total = result.total
            numbers = [
                dice(total.expected_models_removed),
                dice(total.supply_removed),
                percent(1 - total.models_removed.get(0, Fraction(0))),
                percent(total.wiped_out),
            ]
        grid.add_row(phase_label(entry.phase), *numbers, _weapons(entry))
    return Group(*parts)


def _entry_json(entry: MatchupEntry, exact: bool) -> dict[str, object]:
    result = entry.result
    return {
        "attacker": entry.attacker,
        "target": entry.target,
        "phase": entry.phase,
        "weapons": [b.weapon for b in result.batches] if result else [],
        "expected": result.to_json(exact=exact)["total"] if result else None,
        "distribution": result.to_json(exact=exact)["distribution"] if result else None,
        "problem": entry.problem,
    }


def _matrix_json(matrix: Matrix, exact: bool) -> dict[str, object]:
    def number(value: Fraction | None) -> float | str | None:
        if value is None:
            return None
        return str(value) if exact else float(value)

    rows = range(len(matrix.attackers))
    return {
        "attackers": list(matrix.attackers),
        "targets": list(matrix.targets),
        "phase": matrix.phase,
        "supply_removed": [
            [number(matrix.supply(r, c)) for c in range(len(matrix.targets))]
            for r in rows
        ],
        "best_targets": [sorted(matrix.best(r)) for r in rows],
    }


def matchup_json(
    entries: Sequence[MatchupEntry],
    *,
    exact: bool = False,
    squads: SquadMatchup | None = None,
) -> dict[str, object]:
    """The `matchup --format json` contract: one entry per activation, the matrices."""
    data: dict[str, object] = {
        "matchups": [_entry_json(entry, exact) for entry in entries]
    }
    if squads is not None:
        data["matrices"] = [_matrix_json(m, exact) for m in squads.matrices()]
    return data


def _legend(side: str, names: Sequence[str]) -> Table:
    legend = Table.grid(padding=(0, 1))
    legend.add_column(no_wrap=True)
    legend.add_column(overflow="fold")
    for index, name in enumerate(names, 1):
        legend.add_row(f"{side}{index}", name)
    return legend


COLUMN_WIDTH = 8  # "  1.44* ": a value of 4 or 5, the best mark, room either side


@dataclass(frozen=True)
class _MatrixView:
    """A matrix split into as many column groups as the width needs, none cut."""

    matrix: Matrix
    rows: str  # "A" or "B": how rows and columns are numbered
    columns: str

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> RenderResult:
        # Lines of text, not a Rich Table: a matrix of 25 by 25 squads is drawn in a
        # fraction of the time, and its columns are all of one width anyway.
        labels = [
            # The legend names the squad in full; the row, its unit only.
            f"{self.rows}{r + 1} {attacker.split(' (')[0]}"
            for r, attacker in enumerate(self.matrix.attackers)
        ]
        label_width = max(cell_len(label) for label in labels)
        fit = max(1, (options.max_width - label_width) // COLUMN_WIDTH)
        count = len(self.matrix.targets)
        for first in range(0, count, fit):
            yield self._block(
                labels, label_width, range(first, min(count, first + fit))
            )

    def _block(self, labels: list[str], label_width: int, columns: range) -> Text:
        header = " " * label_width + "".join(
            f"{self.columns}{c + 1}".rjust(COLUMN_WIDTH - 1) + " " for c in columns
        )
        lines = [header.rstrip(), "─" * (label_width + COLUMN_WIDTH * len(columns))]
        for row, label in enumerate(labels):
            best = self.matrix.best(row)
            cells = []
            for column in columns:
                value = self.matrix.supply(row, column)
                if value is not None:
                    shown = dice(value)
                else:  # ? the attack needs an option; - no weapon can make it
                    shown = "?" if self.matrix.needs_fact(row, column) else "-"
                mark = "*" if column in best else " "
                cells.append(shown.rjust(COLUMN_WIDTH - 1) + mark)
            line = label + " " * (label_width - cell_len(label)) + "".join(cells)
            lines.append(line.rstrip())
        text = Text("\n".join(lines))
        text.stylize("bold", 0, len(lines[0]))
        return text


def squads_view(squads: SquadMatchup, *, details: bool = False) -> RenderableType:
    """The matrices (Supply removed per activation), then on request every row."""
    parts: list[RenderableType] = [
        Text(_("Side A"), style="bold"),
        _legend("A", squads.legend("A")),
        Text(_("Side B"), style="bold"),
        _legend("B", squads.legend("B")),
        Text(""),
        Text(
            _(
                "Expected Supply removed per activation, each against a fresh target "
                "(* the row's best target; - no attack)"
            ),
            style="bold",
        ),
    ]
    if any(
        matrix.needs_fact(r, c)
        for matrix in squads.matrices()
        for r in range(len(matrix.attackers))
        for c in range(len(matrix.targets))
    ):
        parts.append(
            Text(
                _(
                    "? the attack needs a fact of the table the cards cannot give: "
                    "--stationary or --moved (--details names the weapon)"
                ),
                style="bold",
            )
        )
    for index, matrix in enumerate(squads.matrices()):
        # matrices() gives A's two phases, then B's.
        rows, columns = ("A", "B") if index < len(PHASE_LABEL) else ("B", "A")
        parts += [
            Text(""),
            Text(
                _("{attacker} attacks {target}, {phase} phase").format(
                    attacker=rows, target=columns, phase=phase_label(matrix.phase)
                ),
                style="bold",
            ),
            _MatrixView(matrix, rows, columns),
        ]
    if details:
        parts += [Text(""), matchup_view(squads.entries)]
    return Group(*parts)


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
