"""`compare`: loadouts of a unit side by side."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from armylist.cli.combat import (
    ExactOption,
    check_exact,
    print_either,
    unit_or_exit,
    with_facts,
    with_models,
)
from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.frame import app
from armylist.cli.options import DataOption, ViewOption, whole_number
from armylist.combat import Combatant, CombatError
from armylist.combat.compare import compare as compare_loadouts
from armylist.combat.compare import loadout, panel
from armylist.gamedata.catalog import Catalog
from armylist.reporters import ViewFormat
from armylist.reporters.combat_compare import compare_view
from armylist.text.i18n import N_, _

UnitArgument = Annotated[
    str,
    typer.Argument(help=N_("The unit to compare, by name or id."), metavar="UNIT"),
]
VersusOption = Annotated[
    list[str],
    typer.Option(
        "--vs",
        help=N_(
            "A loadout to set beside the unit without upgrades: its upgrades, "
            "comma-separated (repeatable)."
        ),
        metavar="UPGRADE[,UPGRADE]",
    ),
]
ModelsOption = Annotated[
    int | None,
    typer.Option(
        "--models",
        metavar="N",
        help=N_("The unit's models. Default: the most."),
        **whole_number(minimum=1),
    ),
]
TargetsOption = Annotated[
    list[str],
    typer.Option(
        "--target",
        metavar="NAME[:N]",
        help=N_(
            "A target instead of the panel (repeatable); NAME:N gives its models. "
            "Default panel: Zergling (18) Light, Marauder (4) Armoured, Zealot (3) "
            "Shielded, Point Defense Drone (1) Flying."
        ),
    ),
]


@app.command()
@with_facts("range", "charge", "stationary")
def compare(
    unit: UnitArgument,
    versus: VersusOption = [],  # noqa: B006 (typer reads the default; it is never changed)
    models: ModelsOption = None,
    targets: TargetsOption = [],  # noqa: B006
    output: ViewOption = ViewFormat.TEXT,
    exact: ExactOption = False,
    data: DataOption = None,
    **facts: Any,
) -> None:
    """Loadouts side by side: what each removes, what it loses, what it costs.

    The unit without upgrades and each --vs loadout attack every target of the panel
    (or --target), and every target attacks them, in both phases: expected models and
    Supply removed, the chance of removing at least k models, the Minerals, the
    difference from the unit without upgrades, and Supply per 100 Minerals.

    Exit codes: 0 compared; 2 an unknown unit or upgrade, an upgrade without a cost
    for that many models, no --vs, or --exact without --format json.

    Examples: `armylist compare Marine --vs "Combat Shield"`,
    `armylist compare Roach --vs "Hydriodic Bile" --target Marine:9`.
    """

    check_exact(exact, output)
    if not versus:
        fail(_('give a loadout to compare, e.g. --vs "Combat Shield"'))
    catalog = catalog_or_exit(data)
    card = unit_or_exit(catalog, unit)
    count = models or card.max_models
    try:
        loadouts = [loadout(card, count, [])]
        loadouts += [loadout(card, count, v.split(",")) for v in versus]
        sides = [_target(catalog, spec) for spec in targets] or list(panel(catalog))
        comparison = compare_loadouts(
            card,
            loadouts,
            count,
            sides,
            range_inches=facts["range"],
            charge=facts["charge"],
            stationary=facts["stationary"],
        )
    except CombatError as error:
        fail(str(error))
    print_either(
        output,
        lambda: compare_view(comparison),
        lambda: comparison.to_json(exact=exact),
    )


def _target(catalog: Catalog, spec: str) -> Combatant:

    name, models = with_models(spec, None)
    card = unit_or_exit(catalog, name)
    if models is not None and card.composition(models) is None:
        sizes = ", ".join(str(c.models) for c in card.compositions)
        fail(
            _("{unit} has no composition of {models} models ({sizes})").format(
                unit=card.name, models=models, sizes=sizes
            )
        )
    return Combatant(unit=card, models=models)
