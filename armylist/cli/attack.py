"""`attack`: the exact odds of one activation, or of several attackers in turn."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from armylist.cli.combat import (
    ExactOption,
    check_exact,
    print_view,
    unit_or_exit,
    with_facts,
    with_models,
)
from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.frame import app
from armylist.cli.options import DataOption, ViewOption
from armylist.combat import AttackSetup, CombatError, resolve
from armylist.combat.focus import focus_fire
from armylist.combat.leftout import left_out
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Unit
from armylist.reporters import ViewFormat
from armylist.reporters.combat import attack_view, focus_view
from armylist.text.i18n import N_, _

AttackersArgument = Annotated[
    list[str],
    typer.Argument(
        help=N_(
            "The attacking unit, by name or id; NAME:N gives its models. "
            "Several attack the target in turn (focus fire)."
        ),
        metavar="ATTACKER",
    ),
]
TargetArgument = Annotated[
    str,
    typer.Argument(help=N_("The target unit, by name or id."), metavar="TARGET"),
]


@app.command()
@with_facts()
def attack(
    attackers: AttackersArgument,
    target: TargetArgument,
    output: ViewOption = ViewFormat.TEXT,
    exact: ExactOption = False,
    data: DataOption = None,
    **facts: Any,
) -> None:
    """Exact odds of one activation: every batch's pools, models removed, Supply left.

    Each fact of the table is an option; a keyword that needs one the cards cannot give
    (the range, whether the target moved) asks for it by name. Several attackers
    attack the target one after the other, each from the state the one before left.

    Exit codes: 0 odds printed; 2 unknown unit, weapon or upgrade, a missing fact, a
    card without a profile in the data (provisional), or --charge without --phase
    combat.

    Examples: `armylist attack Marine Zealot`,
    `armylist attack Zergling Marine --phase combat --charge --format json`,
    `armylist attack Marine:9 Marauder:4 Zealot`.
    """

    check_exact(exact, output)
    if facts["charge"] and facts["phase"] == "assault":
        fail(
            _("--charge adds the IMPACT dice of the Combat phase: give --phase combat")
        )
    catalog = catalog_or_exit(data)
    if len(attackers) > 1:
        _focus_fire(attackers, target, catalog, output, exact, facts)
        return
    attacker, facts["models"] = with_models(attackers[0], facts["models"])
    try:
        # The options are AttackSetup's fields by name (repeated ones as lists).
        setup = AttackSetup(
            attacker=unit_or_exit(catalog, attacker),
            target=unit_or_exit(catalog, target),
            friends=_friends(catalog, facts),
            **facts,
        )
        result = resolve(setup)
        ignored = left_out(setup)
    except CombatError as error:
        fail(str(error))
    print_view(attack_view(setup, result), result.to_json(exact=exact), output)
    if ignored:
        # On stderr: the odds (and the JSON contract) stay as computed.
        typer.echo(
            _(
                "armylist: note: left out of these odds, no effect in the data on this "
                "side of the attack: {names} (give an effect that applies with --hit, "
                "--armour, --evade or --damage-reduction)"
            ).format(names=", ".join(ignored)),
            err=True,
        )


def _friends(catalog: Catalog, facts: dict[str, Any]) -> tuple[Unit, ...]:
    """The cards whose abilities may reach a side: needed only when one is named."""
    wanted = facts.get("abilities") or facts.get("target_abilities")
    return tuple(catalog.units.all) if wanted else ()


# What names the one attacker's own kit: with several attackers, each has its own.
OWN_KIT = {"models": "--models", "weapons": "--weapon", "upgrades": "--upgrade"}


def _focus_fire(
    attackers: list[str],
    target_name: str,
    catalog: Catalog,
    output: ViewFormat,
    exact: bool,
    facts: dict[str, Any],
) -> None:

    given = [flag for name, flag in OWN_KIT.items() if facts[name]]
    if given:
        fail(
            _(
                "{options} names one attacker's kit: with several attackers give "
                "each one's models as NAME:N"
            ).format(options=", ".join(given))
        )
    target = unit_or_exit(catalog, target_name)
    setups = []
    try:
        for spec in attackers:
            name, models = with_models(spec, None)
            shared = {**facts, "models": models}
            setups.append(
                AttackSetup(
                    attacker=unit_or_exit(catalog, name),
                    target=target,
                    friends=_friends(catalog, facts),
                    **shared,
                )
            )
        result = focus_fire(setups)
    except CombatError as error:
        fail(str(error))
    print_view(focus_view(setups[0], result), result.to_json(exact=exact), output)
