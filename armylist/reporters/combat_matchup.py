"""Rich views of `armylist matchup`: unit against unit per phase, and list against
list as matrices of squads (the Supply removed per activation), with its JSON contract.

Pure renderers, as `reporters.combat`: the calculator's numbers, rounded for reading.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from armylist.combat import MatchupEntry
from armylist.combat.squads import Matrix, SquadMatchup
from armylist.reporters.combat import PHASE_LABEL, dice, percent, phase_label
from armylist.text.i18n import _


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
