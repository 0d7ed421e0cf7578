"""What the combat commands (`attack`, `matchup`, `compare`) share: the facts of the
table as options, a unit named, a unit's models as NAME:N, and the odds printed.

The facts of the table are options declared once, in `FACTS`, each filling the
`AttackSetup` field of its name: the commands take them as keyword arguments and pass
them straight on, so neither has a screen of loose parameters.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.text import Text

from armylist.cli.exits import card_or_exit, fail
from armylist.cli.options import whole_number, word_choice
from armylist.cli.stream import terminal
from armylist.combat.question import PHASE_WORDS
from armylist.reporters import ViewFormat, render_view
from armylist.text.i18n import N_, _
from armylist.text.numbers import plain_digits

if TYPE_CHECKING:
    from rich.console import RenderableType

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


def unit_or_exit(catalog: Catalog, name: str) -> Unit:
    """A unit card by name or id, or exit 2 with a did-you-mean."""
    return card_or_exit(
        catalog.units,
        name,
        _("no unit called"),
        _("`armylist units --faction NAME` lists a faction's units"),
    )


def check_exact(exact: bool, output: ViewFormat) -> None:
    """Exit 2 for --exact without --format json."""
    if exact and output is not ViewFormat.JSON:
        fail(_("--exact prints fractions in JSON: give --format json with it"))


def print_view(view: RenderableType, data: object, output: ViewFormat) -> None:
    """The odds on stdout: the view as text, or the data as JSON."""

    # The JSON keeps the contract's order: attacker, target, batches, counts 0, 1, 2...
    sys.stdout.write(render_view(view, data, output, terminal(), sort_keys=False))


def print_either(
    output: ViewFormat,
    view: Callable[[], RenderableType],
    data: Callable[[], object],
) -> None:
    """`_print`, building only the one the format asks for (a matchup's are large)."""

    if output is ViewFormat.JSON:
        print_view(Text(""), data(), output)
    else:
        print_view(view(), None, output)


def with_models(spec: str, models: int | None) -> tuple[str, int | None]:
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
