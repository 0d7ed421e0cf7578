"""Combat odds: `attack` (one activation, batch by batch) and `matchup` (both ways).

The facts of the table are options declared once, in `FACTS`, each filling the
`AttackSetup` field of its name: the commands take them as keyword arguments and pass
them straight on, so neither has a screen of loose parameters.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from armylist.cli.app import (
    DataOption,
    ViewOption,
    app,
    card_or_exit,
    catalog_or_exit,
    fail,
    terminal,
    whole_number,
)
from armylist.combat.setup import Phase
from armylist.reporters import ViewFormat

if TYPE_CHECKING:
    from rich.console import RenderableType

    from armylist.combat import MatchupEntry
    from armylist.gamedata.catalog import Catalog
    from armylist.gamedata.models import Unit

F = TypeVar("F", bound=Callable[..., None])


@dataclass(frozen=True)
class Fact:
    """One command-line option and the `AttackSetup` field (its name) it fills."""

    name: str
    kind: Any
    default: Any
    flags: str  # "--stationary/--moved": an on and an off flag
    help: str
    minimum: int | None = None
    metavar: str | None = None  # what the option takes, as `--help` shows it

    def option(self) -> Any:
        """The typer option, shown in `--help` under "The table"."""
        numbers = (
            whole_number(minimum=self.minimum)
            if self.kind in (int, int | None)
            else {"min": self.minimum}
        )
        return typer.Option(
            self.flags,
            help=self.help,
            metavar=self.metavar,
            rich_help_panel="The table",
            show_default=self.default not in (None, False, []),
            **numbers,
        )


FACTS = (
    Fact("weapons", list[str], [], "--weapon",
         "A weapon of the attacker, by name (repeat for more). Default: the phase's "
         "weapons, one batch each, in card order.", metavar="NAME"),
    Fact("phase", Phase, "assault", "--phase",
         "assault (ranged) or combat (close combat)."),
    Fact("models", int | None, None, "--models",
         "Attacking models. Default: the largest composition.", minimum=1,
         metavar="N"),
    Fact("target_models", int | None, None, "--target-models",
         "Target models. Default: the largest composition.", minimum=1,
         metavar="M"),
    Fact("visible", int | None, None, "--visible",
         "Target models visible (the casualty cap). Default: all.", minimum=0,
         metavar="V"),
    Fact("damage_marker", int, 0, "--damage-marker",
         "Damage already on the target's marker.", minimum=0, metavar="D"),
    Fact("upgrades", list[str], [], "--upgrade",
         "An attacker's upgrade: its weapon or effect (repeatable).", metavar="NAME"),
    Fact("target_upgrades", list[str], [], "--target-upgrade",
         "A target's upgrade, e.g. Combat Shield (repeatable).", metavar="NAME"),
    Fact("abilities", list[str], [], "--ability",
         "An ability the attacker uses, as printed: Stimpack, Target Lock, Orders "
         "(another card's, given to it) (repeatable).", metavar="NAME"),
    Fact("target_abilities", list[str], [], "--target-ability",
         "An ability the target's side uses: Lurking, Burrow, Transfusion, "
         "Guardian Shield (repeatable).", metavar="NAME"),
    Fact("engaged", bool, False, "--engaged",
         "The target is Engaged: it rolls Evade against ranged attacks."),
    Fact("attacker_engaged", bool, False, "--attacker-engaged",
         "The attacker is Engaged: BULKY weapons cannot fire, and it shoots only "
         "the unit it fights, so that target is Engaged too."),
    Fact("evade", bool, False, "--evade",
         "A rule grants the target Evade that no --target-ability gives (HIDDEN: "
         "Path of Shadows; Indomitable)."),
    Fact("high_ground", bool, False, "--high-ground",
         "The target is on High Ground: Evade against ranged attacks."),
    Fact("hit", int, 0, "--hit",
         "Hit roll modifier, +N easier, -N harder (clamped to 2+..6+).",
         metavar="±N"),
    Fact("armour", int, 0, "--armour", "Armour roll modifier, +N easier, -N harder.",
         metavar="±N"),
    Fact("impact", int, 0, "--impact", "IMPACT roll modifier, +N easier, -N harder.", metavar="±N"),
    Fact("charge", bool, False, "--charge", "A successful Charge: IMPACT dice first."),
    Fact("range", float | None, None, "--range",
         "Inches to the target (BURST FIRE, LONG RANGE).", minimum=0,
         metavar="INCHES"),
    Fact("stationary", bool | None, None, "--stationary/--moved",
         "Whether the target is Stationary (LOCKED IN)."),
    Fact("surge", bool, True, "--surge/--no-surge",
         "--no-surge: a split melee sent its Surge die to the other target."),
    Fact("shield_lost", bool, False, "--shield-lost",
         "The target's Shield model is already gone."),
    Fact("removed_dice", int, 0, "--removed-dice",
         "Attack dice removed per ranged batch (Guardian Shield 1, Point Defense "
         "Laser 2).", minimum=0, metavar="N"),
    Fact("damage_reduction", int, 0, "--damage-reduction",
         "Damage cut per batch by a reaction (Transfusion, Life Support).", minimum=0,
         metavar="N"),
)  # fmt: skip


def with_facts(*names: str) -> Callable[[F], F]:
    """Add the named facts (all: none named) to a command as typer options.

    Typer reads a command's options from its signature; the command takes them as
    `**facts` and hands them on.
    """
    chosen = [f for f in FACTS if not names or f.name in names]

    def declare(command: F) -> F:
        signature = inspect.signature(command, eval_str=True)
        fixed = [
            p
            for p in signature.parameters.values()
            if p.kind is not inspect.Parameter.VAR_KEYWORD
        ]
        extra = [
            inspect.Parameter(
                fact.name,
                inspect.Parameter.KEYWORD_ONLY,
                default=fact.default,
                annotation=Annotated[fact.kind, fact.option()],
            )
            for fact in chosen
        ]
        declared = signature.replace(parameters=[*fixed, *extra])
        # setattr: mypy knows no __signature__ on a callable; inspect and typer read it.
        setattr(command, "__signature__", declared)  # noqa: B010
        return command

    return declare


ExactOption = Annotated[
    bool,
    typer.Option(
        "--exact", help="With --format json: probabilities as exact fractions."
    ),
]


def _unit(catalog: Catalog, name: str) -> Unit:
    return card_or_exit(
        catalog.units,
        name,
        "no unit called",
        "`armylist units --faction NAME` lists a faction's units",
    )


def _check_exact(exact: bool, output: ViewFormat) -> None:
    if exact and output is not ViewFormat.JSON:
        fail("--exact prints fractions in JSON: give --format json with it")


def _print(view: RenderableType, data: object, output: ViewFormat) -> None:
    from armylist.reporters import render_view

    # The JSON keeps the contract's order: attacker, target, batches, counts 0, 1, 2...
    sys.stdout.write(render_view(view, data, output, terminal(), sort_keys=False))


@app.command()
@with_facts()
def attack(
    attacker: Annotated[
        str,
        typer.Argument(help="The attacking unit, by name or id.", metavar="ATTACKER"),
    ],
    target: Annotated[
        str, typer.Argument(help="The target unit, by name or id.", metavar="TARGET")
    ],
    output: ViewOption = ViewFormat.TEXT,
    exact: ExactOption = False,
    data: DataOption = None,
    **facts: Any,
) -> None:
    """Exact odds of one activation: every batch's pools, models removed, Supply left.

    Each fact of the table is an option; a keyword that needs one the cards cannot give
    (the range, whether the target moved) asks for it by name.

    Exit codes: 0 odds printed; 2 unknown unit, weapon or upgrade, a missing fact, a
    card without a profile in the data (provisional), or --charge without --phase
    combat.

    Examples: `armylist attack Marine Zealot`,
    `armylist attack Zergling Marine --phase combat --charge --format json`.
    """
    from armylist.combat import AttackSetup, CombatError, resolve
    from armylist.combat.profiles import left_out
    from armylist.reporters.combat import attack_view

    _check_exact(exact, output)
    if facts["charge"] and facts["phase"] == "assault":
        fail("--charge adds the IMPACT dice of the Combat phase: give --phase combat")
    catalog = catalog_or_exit(data)
    try:
        # The options are AttackSetup's fields by name (repeated ones as lists).
        setup = AttackSetup(
            attacker=_unit(catalog, attacker),
            target=_unit(catalog, target),
            friends=_friends(catalog, facts),
            **facts,
        )
        result = resolve(setup)
        ignored = left_out(setup)
    except CombatError as error:
        fail(str(error))
    _print(attack_view(setup, result), result.to_json(exact=exact), output)
    if ignored:
        # On stderr: the odds (and the JSON contract) stay as computed.
        typer.echo(
            "armylist: note: left out of these odds, no effect in the data on this"
            f" side of the attack: {', '.join(ignored)} (give an effect that applies"
            " with --hit, --armour, --evade or --damage-reduction)",
            err=True,
        )


def _friends(catalog: Catalog, facts: dict[str, Any]) -> tuple[Unit, ...]:
    """The cards whose abilities may reach a side: needed only when one is named."""
    wanted = facts.get("abilities") or facts.get("target_abilities")
    return tuple(catalog.units.all) if wanted else ()


@app.command()
@with_facts("range", "charge", "stationary")
def matchup(
    first: Annotated[
        str,
        typer.Argument(help="A unit (name or id), or a list file.", metavar="FIRST"),
    ],
    second: Annotated[
        str,
        typer.Argument(help="A unit (name or id), or a list file.", metavar="SECOND"),
    ],
    output: ViewOption = ViewFormat.TEXT,
    exact: ExactOption = False,
    data: DataOption = None,
    **facts: Any,
) -> None:
    """Both ways, both phases: expected models and Supply removed per activation.

    Two unit names compare the two units; two list files compare every unit of one
    with every unit of the other (identical units once).

    Exit codes: 0 table printed; 1 a list file is not a readable list, or names a
    unit or upgrade the data does not know; 2 an unknown unit, a missing file.

    Examples: `armylist matchup Marine Zealot`,
    `armylist matchup mine.yaml theirs.yaml --format json`.
    """
    from armylist.combat import matchup as unit_matchup
    from armylist.reporters.combat import matchup_json, matchup_view

    _check_exact(exact, output)
    catalog = catalog_or_exit(data)
    chosen = {
        "range_inches": facts["range"],
        "charge": facts["charge"],
        "stationary": facts["stationary"],
    }
    from armylist.paths import exists, is_dir, is_file

    paths = [Path(first), Path(second)]
    if all(is_file(p) for p in paths):
        entries = _lists(paths[0], paths[1], catalog, chosen)
    else:
        names = [p for p in paths if catalog.units.get(str(p)) is None]
        for path in names:
            if is_dir(path):
                fail(f"{path} is a folder: give a list file or a unit name")
            if path.suffix in (".yaml", ".yml") and not exists(path):
                fail(f"no such list file: {path}")
        for path in names:
            if is_file(path):
                fail(
                    f"{path} is a file and the other is not: give two list files, "
                    "or two unit names"
                )
        entries = unit_matchup(_unit(catalog, first), _unit(catalog, second), **chosen)
    _print(matchup_view(entries), matchup_json(entries, exact=exact), output)


def _lists(
    first: Path, second: Path, catalog: Catalog, chosen: dict[str, Any]
) -> tuple[MatchupEntry, ...]:
    from armylist.checked import Refused
    from armylist.combat.lists import list_file_matchup, read_combatants

    try:
        side_a = read_combatants(first, catalog)
        side_b = read_combatants(second, catalog)
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    return list_file_matchup(side_a, side_b, **chosen)
