"""Combat odds: `attack` (one activation, batch by batch) and `matchup` (both ways).

The facts of the table are options declared once, in `FACTS`, each filling the
`AttackSetup` field of its name: the commands take them as keyword arguments and pass
them straight on, so neither has a screen of loose parameters.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from armylist.cli.app import app
from armylist.cli.exits import card_or_exit, catalog_or_exit, fail, stdin_once
from armylist.cli.options import DataOption, ViewOption, whole_number, word_choice
from armylist.cli.stream import terminal
from armylist.combat.question import PHASE_WORDS
from armylist.reporters import ViewFormat
from armylist.text.i18n import N_, _
from armylist.text.numbers import plain_digits

if TYPE_CHECKING:
    from rich.console import RenderableType

    from armylist.combat import Combatant
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
            else word_choice(PHASE_WORDS, N_("a phase"))
            if self.name == "phase"
            else {"min": self.minimum}
        )
        return typer.Option(
            self.flags,
            help=self.help,
            metavar=self.metavar,
            rich_help_panel=N_("The table"),
            show_default=self.default not in (None, False, []),
            **numbers,
        )


FACTS = (
    Fact("weapons", list[str], [], "--weapon",
         N_("A weapon of the attacker, by name (repeat for more). Default: the phase's "
         "weapons, one batch each, in card order."), metavar="NAME"),
    Fact("phase", str, "assault", "--phase",
         N_("assault (ranged) or combat (close combat)."), metavar="PHASE"),
    Fact("models", int | None, None, "--models",
         N_("Attacking models. Default: the largest composition."), minimum=1,
         metavar="N"),
    Fact("target_models", int | None, None, "--target-models",
         N_("Target models. Default: the largest composition."), minimum=1,
         metavar="M"),
    Fact("visible", int | None, None, "--visible",
         N_("Target models visible (the casualty cap). Default: all."), minimum=0,
         metavar="V"),
    Fact("damage_marker", int, 0, "--damage-marker",
         N_("Damage already on the target's marker."), minimum=0, metavar="D"),
    Fact("upgrades", list[str], [], "--upgrade",
         N_("An attacker's upgrade: its weapon or effect (repeatable)."), metavar="NAME"),
    Fact("target_upgrades", list[str], [], "--target-upgrade",
         N_("A target's upgrade, e.g. Combat Shield (repeatable)."), metavar="NAME"),
    Fact("abilities", list[str], [], "--ability",
         N_("An ability the attacker uses, as printed: Stimpack, Target Lock, Orders "
         "(another card's, given to it) (repeatable)."), metavar="NAME"),
    Fact("target_abilities", list[str], [], "--target-ability",
         N_("An ability the target's side uses: Lurking, Burrow, Transfusion, "
         "Guardian Shield (repeatable)."), metavar="NAME"),
    Fact("engaged", bool, False, "--engaged",
         N_("The target is Engaged: it rolls Evade against ranged attacks.")),
    Fact("attacker_engaged", bool, False, "--attacker-engaged",
         N_("The attacker is Engaged: BULKY weapons cannot fire, and it shoots only "
         "the unit it fights, so that target is Engaged too.")),
    Fact("evade", bool, False, "--evade",
         N_("A rule grants the target Evade that no --target-ability gives (HIDDEN: "
         "Path of Shadows; Indomitable).")),
    Fact("high_ground", bool, False, "--high-ground",
         N_("The target is on High Ground: Evade against ranged attacks.")),
    Fact("hit", int, 0, "--hit",
         N_("Hit roll modifier, +N easier, -N harder (clamped to 2+..6+)."),
         metavar="±N"),
    Fact("armour", int, 0, "--armour", N_("Armour roll modifier, +N easier, -N harder."),
         metavar="±N"),
    Fact("impact", int, 0, "--impact", N_("IMPACT roll modifier, +N easier, -N harder."), metavar="±N"),
    Fact("charge", bool, False, "--charge", N_("A successful Charge: IMPACT dice first.")),
    Fact("range", float | None, None, "--range",
         N_("Inches to the target (BURST FIRE, LONG RANGE)."), minimum=0,
         metavar="INCHES"),
    Fact("stationary", bool | None, None, "--stationary/--moved",
         N_("Whether the target is Stationary (LOCKED IN).")),
    Fact("surge", bool, True, "--surge/--no-surge",
         N_("--no-surge: a split melee sent its Surge die to the other target.")),
    Fact("shield_lost", bool, False, "--shield-lost",
         N_("The target's Shield model is already gone.")),
    Fact("removed_dice", int, 0, "--removed-dice",
         N_("Attack dice removed per ranged batch (Guardian Shield 1, Point Defense "
         "Laser 2)."), minimum=0, metavar="N"),
    Fact("damage_reduction", int, 0, "--damage-reduction",
         N_("Damage cut per batch by a reaction (Transfusion, Life Support)."), minimum=0,
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
        "--exact", help=N_("With --format json: probabilities as exact fractions.")
    ),
]


def _unit(catalog: Catalog, name: str) -> Unit:
    return card_or_exit(
        catalog.units,
        name,
        _("no unit called"),
        _("`armylist units --faction NAME` lists a faction's units"),
    )


def _check_exact(exact: bool, output: ViewFormat) -> None:
    if exact and output is not ViewFormat.JSON:
        fail(_("--exact prints fractions in JSON: give --format json with it"))


def _print(view: RenderableType, data: object, output: ViewFormat) -> None:
    from armylist.reporters import render_view

    # The JSON keeps the contract's order: attacker, target, batches, counts 0, 1, 2...
    sys.stdout.write(render_view(view, data, output, terminal(), sort_keys=False))


def _print_either(
    output: ViewFormat,
    view: Callable[[], RenderableType],
    data: Callable[[], object],
) -> None:
    """`_print`, building only the one the format asks for (a matchup's are large)."""
    from rich.text import Text

    if output is ViewFormat.JSON:
        _print(Text(""), data(), output)
    else:
        _print(view(), None, output)


@app.command()
@with_facts()
def attack(
    attackers: Annotated[
        list[str],
        typer.Argument(
            help=N_(
                "The attacking unit, by name or id; NAME:N gives its models. "
                "Several attack the target in turn (focus fire)."
            ),
            metavar="ATTACKER",
        ),
    ],
    target: Annotated[
        str,
        typer.Argument(help=N_("The target unit, by name or id."), metavar="TARGET"),
    ],
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
    from armylist.combat import AttackSetup, CombatError, resolve
    from armylist.combat.leftout import left_out
    from armylist.reporters.combat import attack_view

    _check_exact(exact, output)
    if facts["charge"] and facts["phase"] == "assault":
        fail(
            _("--charge adds the IMPACT dice of the Combat phase: give --phase combat")
        )
    catalog = catalog_or_exit(data)
    if len(attackers) > 1:
        _focus_fire(attackers, target, catalog, output, exact, facts)
        return
    attacker, facts["models"] = _with_models(attackers[0], facts["models"])
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


def _with_models(spec: str, models: int | None) -> tuple[str, int | None]:
    """'Marine:9' -> ('Marine', 9); a name alone keeps `--models`."""
    name, colon, count = spec.rpartition(":")
    if not colon:
        return spec, models
    number = plain_digits(count)
    if number is None or number < 1:
        fail(
            _(
                "{spec}: give an attacker's models as NAME:N, N a whole number >= 1"
            ).format(spec=repr(spec if len(spec) <= 60 else f"{spec[:60]}..."))
        )
    if models is not None and models != number:
        fail(
            _("{spec} and --models {models} disagree: give the models once").format(
                spec=repr(spec), models=models
            )
        )
    return name, number


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
    from armylist.combat import AttackSetup, CombatError
    from armylist.combat.focus import focus_fire
    from armylist.reporters.combat import focus_view

    given = [flag for name, flag in OWN_KIT.items() if facts[name]]
    if given:
        fail(
            _(
                "{options} names one attacker's kit: with several attackers give "
                "each one's models as NAME:N"
            ).format(options=", ".join(given))
        )
    target = _unit(catalog, target_name)
    setups = []
    try:
        for spec in attackers:
            name, models = _with_models(spec, None)
            shared = {**facts, "models": models}
            setups.append(
                AttackSetup(
                    attacker=_unit(catalog, name),
                    target=target,
                    friends=_friends(catalog, facts),
                    **shared,
                )
            )
        result = focus_fire(setups)
    except CombatError as error:
        fail(str(error))
    _print(focus_view(setups[0], result), result.to_json(exact=exact), output)


DetailsOption = Annotated[
    bool,
    typer.Option(
        "--details",
        help=N_(
            "After the matrix, every activation: models and Supply removed, the "
            "chance of at least one model and of the whole unit, the weapons."
        ),
    ),
]


@app.command()
@with_facts("range", "charge", "stationary")
def matchup(
    first: Annotated[
        str,
        typer.Argument(
            help=N_("A unit (name or id), or a list file."), metavar="FIRST"
        ),
    ],
    second: Annotated[
        str,
        typer.Argument(
            help=N_("A unit (name or id), or a list file."), metavar="SECOND"
        ),
    ],
    output: ViewOption = ViewFormat.TEXT,
    details: DetailsOption = False,
    exact: ExactOption = False,
    data: DataOption = None,
    **facts: Any,
) -> None:
    """Both ways, both phases: expected Supply removed per activation, as a matrix.

    Each side is a unit or a list file (every different squad of it once). Rows are
    the attacking side's squads, columns the other's; * marks each row's best
    target. --details adds every activation's numbers and weapons.

    Exit codes: 0 odds printed; 1 a list file is not a readable list, names a unit
    or upgrade the data does not know, or fields a unit of no models; 2 an unknown
    unit, a missing file, a folder, or more work than one matchup does (10,000
    activations, about 50 different squads a side).

    Examples: `armylist matchup Marine Zealot`,
    `armylist matchup mine.yaml theirs.yaml --details`,
    `armylist matchup Zealot theirs.yaml --format json`.
    """
    from armylist.combat import CombatError
    from armylist.combat.squads import activations, squad_matchup
    from armylist.reporters.combat_matchup import matchup_json, squads_view

    _check_exact(exact, output)
    stdin_once(first, second)
    catalog = catalog_or_exit(data)
    side_a, side_b = _side_of(first, catalog), _side_of(second, catalog)
    chosen = {
        "range_inches": facts["range"],
        "charge": facts["charge"],
        "stationary": facts["stationary"],
    }
    try:
        with _progress(activations(side_a, side_b)) as progress:
            squads = squad_matchup(side_a, side_b, progress=progress, **chosen)
    except CombatError as error:
        fail(str(error))
    _print_either(
        output,
        lambda: squads_view(squads, details=details),
        lambda: matchup_json(squads.entries, exact=exact, squads=squads),
    )


# Fewer activations than this finish before a bar would be worth drawing.
PROGRESS_FROM = 400


@contextmanager
def _progress(planned: int) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr, for long work on a terminal only (else None)."""
    if planned < PROGRESS_FROM or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(_("Working out the matchup"), total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield advance


def _side_of(given: str, catalog: Catalog) -> list[Combatant]:
    """A matchup's side: every different squad of a list file, or one unit."""
    from armylist.combat import Combatant
    from armylist.combat.lists import read_combatants
    from armylist.files.paths import exists, is_dir, unreachable
    from armylist.findings import Refused

    path = Path(given)
    if _is_list_source(path):
        try:
            return list(read_combatants(path, catalog))
        except Refused as refused:
            fail(refused.message, refused.exit_code)
    if catalog.units.get(given) is None:
        if is_dir(path):
            fail(
                _("{path} is a folder: give a list file or a unit name").format(
                    path=path
                )
            )
        # A list's name that cannot be read (a symlink loop, too long a name).
        if path.suffix in (".yaml", ".yml") and (why := unreachable(path)):
            fail(_("cannot read {file}: {reason}").format(file=path, reason=why))
        if path.suffix in (".yaml", ".yml") and not exists(path):
            fail(_("no such list file: {path}").format(path=path))
    return [Combatant(unit=_unit(catalog, given))]


def _is_list_source(path: Path) -> bool:
    """A list file, a pipe (`<(cat list.yaml)`) or - (standard input)."""
    from armylist.files.paths import is_file

    try:
        return str(path) == "-" or is_file(path) or path.is_fifo()
    except OSError:  # a unit name longer than a file name may be
        return False


@app.command()
@with_facts("range", "charge", "stationary")
def compare(
    unit: Annotated[
        str,
        typer.Argument(help=N_("The unit to compare, by name or id."), metavar="UNIT"),
    ],
    versus: Annotated[
        list[str],
        typer.Option(
            "--vs",
            help=N_(
                "A loadout to set beside the unit without upgrades: its upgrades, "
                "comma-separated (repeatable)."
            ),
            metavar="UPGRADE[,UPGRADE]",
        ),
    ] = [],  # noqa: B006 (typer reads the default; it is never changed)
    models: Annotated[
        int | None,
        typer.Option(
            "--models",
            metavar="N",
            help=N_("The unit's models. Default: the most."),
            **whole_number(minimum=1),
        ),
    ] = None,
    targets: Annotated[
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
    ] = [],  # noqa: B006
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
    from armylist.combat import CombatError
    from armylist.combat.compare import compare as compare_loadouts
    from armylist.combat.compare import loadout, panel
    from armylist.reporters.combat_compare import compare_view

    _check_exact(exact, output)
    if not versus:
        fail(_('give a loadout to compare, e.g. --vs "Combat Shield"'))
    catalog = catalog_or_exit(data)
    card = _unit(catalog, unit)
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
    _print_either(
        output,
        lambda: compare_view(comparison),
        lambda: comparison.to_json(exact=exact),
    )


def _target(catalog: Catalog, spec: str) -> Combatant:
    from armylist.combat import Combatant

    name, models = _with_models(spec, None)
    card = _unit(catalog, name)
    if models is not None and card.composition(models) is None:
        sizes = ", ".join(str(c.models) for c in card.compositions)
        fail(
            _("{unit} has no composition of {models} models ({sizes})").format(
                unit=card.name, models=models, sizes=sizes
            )
        )
    return Combatant(unit=card, models=models)
