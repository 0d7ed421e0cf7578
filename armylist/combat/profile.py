"""A list profile (`armylist profile`): what a list fields and what it can do.

Supply per Army Slot type, Minerals per Supply point, models, Hit Points and Armour,
attack dice per phase, and from the exact calculator what one round of shooting and
one of close combat do to three reference targets (an Armoured, a Light and a
Shielded unit of `compare.PANEL`). Each squad attacks a fresh target once: the list's
expected damage and models removed are the sums over its squads, a measure of reach
to set beside another list's, not the fate of one enemy unit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from armylist.gamedata.cards import SlotType
from armylist.gamedata.catalog import Catalog
from armylist.text.i18n import gettext_
from armylist.text.numbers import people_decimal, plain_digits

from .compare import PANEL, panel
from .defender import defender_of
from .lists import combatants, label, read_fielded
from .loadout import Arsenal, Carrying, arsenal_of
from .matchup import PHASES, Combatant, _activation
from .question import CombatError, Phase

# The reference targets, by the kind a weapon's Surge and keywords care about: the
# panel `compare` uses, each a squad of about 200 Minerals at Supply 2.
REFERENCE_KINDS = ("Armoured", "Light", "Shielded")
# One attack die that gets through at 1/3 or worse does no better than a 5+ roll.
GAP_AT = Fraction(1, 3)


@dataclass(frozen=True)
class Share:
    """One squad's part of a round (all the identical squads the list fields)."""

    unit: str
    damage: Fraction
    removed: Fraction


@dataclass(frozen=True)
class Round:
    """One round of one phase against a reference target: every squad attacks once."""

    phase: Phase
    damage: Fraction
    removed: Fraction
    top: Share | None  # the squad that removes the most (None: nothing is removed)
    # The best chance one attack die gets through Armour and Evade, and whose it is
    # (None: no weapon of the list can attack the target in this phase).
    best_per_die: Fraction | None
    best_weapon: tuple[str, str] | None


@dataclass(frozen=True)
class TargetRounds:
    """A reference target and the list's round of each phase against it."""

    kind: str
    target: Combatant
    rounds: tuple[Round, ...]  # in PHASES order

    @property
    def models(self) -> int:
        """The target's models as fielded."""
        return self.target.models or self.target.unit.max_models


@dataclass(frozen=True)
class LeftOut:
    """A squad's attack the calculator could not work out, and why."""

    unit: str
    phase: Phase | None  # None: the squad as a whole (no stat line)
    problem: str


@dataclass(frozen=True)
class Gap:
    """A phase in which no attack of the list gets through a target well."""

    kind: str
    target: str
    phase: Phase
    best_per_die: Fraction | None
    best_weapon: tuple[str, str] | None

    @property
    def message(self) -> str:
        """The gap in words, in the language in use."""
        if self.best_weapon is None or self.best_per_die is None:
            text = {
                "assault": gettext_("no ranged attack that can attack {kind} units"),
                "combat": gettext_(
                    "no close-combat attack that can attack {kind} units"
                ),
            }[self.phase]
            return text.format(kind=self.kind)
        text = {
            "assault": gettext_(
                "no ranged attack that wounds {kind} on better than 5+ (best: "
                "{unit}, {weapon}: {chance} % a die)"
            ),
            "combat": gettext_(
                "no close-combat attack that wounds {kind} on better than 5+ (best: "
                "{unit}, {weapon}: {chance} % a die)"
            ),
        }[self.phase]
        return text.format(
            kind=self.kind,
            unit=self.best_weapon[0],
            weapon=self.best_weapon[1],
            chance=people_decimal(float(self.best_per_die) * 100, 1),
        )


@dataclass(frozen=True)
class ListProfile:
    """What a list fields and what its rounds do to the reference targets."""

    file: str
    name: str | None
    faction: str | None
    minerals: int
    supply: dict[SlotType, int]
    models: int
    hit_points: int
    shields: int
    armour: dict[int, int]  # models by Armour roll (4: 4+)
    attack_dice: dict[Phase, int]
    targets: tuple[TargetRounds, ...]
    left_out: tuple[LeftOut, ...]

    @property
    def total_supply(self) -> int:
        """Starting Supply of the whole list."""
        return sum(self.supply.values())

    @property
    def minerals_per_supply(self) -> Fraction | None:
        """Minerals spent per Supply point (None: the list fields no Supply)."""
        total = self.total_supply
        return Fraction(self.minerals, total) if total else None

    def gaps(self) -> tuple[Gap, ...]:
        """Each target and phase where no attack gets a die through better than 5+."""
        return tuple(
            Gap(t.kind, t.target.unit.id, r.phase, r.best_per_die, r.best_weapon)
            for t in self.targets
            for r in t.rounds
            if r.best_per_die is None or r.best_per_die <= GAP_AT
        )

    def to_json(self) -> dict[str, object]:
        """The JSON contract of `armylist profile --format json` (one list)."""
        per_supply = self.minerals_per_supply
        return {
            "file": self.file,
            "name": self.name,
            "faction": self.faction,
            "minerals": self.minerals,
            "supply": {
                "total": self.total_supply,
                **{slot.value: self.supply[slot] for slot in SlotType},
            },
            "minerals_per_supply": None
            if per_supply is None
            else round(float(per_supply), 2),
            "models": self.models,
            "hit_points": self.hit_points,
            "shields": self.shields,
            "armour": {f"{k}+": n for k, n in sorted(self.armour.items())},
            "attack_dice": dict(self.attack_dice),
            "targets": [_target_json(t) for t in self.targets],
            "gaps": [
                {
                    "target": g.target,
                    "kind": g.kind,
                    "phase": g.phase,
                    "best_per_die": _maybe(g.best_per_die),
                    "message": g.message,
                }
                for g in self.gaps()
            ],
            "left_out": [
                {"unit": lo.unit, "phase": lo.phase, "problem": lo.problem}
                for lo in self.left_out
            ],
        }


def _maybe(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


def _round_json(round_: Round) -> dict[str, object]:
    top = round_.top
    return {
        "expected_damage": float(round_.damage),
        "expected_removed": float(round_.removed),
        "top": None
        if top is None
        else {
            "unit": top.unit,
            "expected_damage": float(top.damage),
            "expected_removed": float(top.removed),
        },
        "best_per_die": _maybe(round_.best_per_die),
    }


def _target_json(rounds: TargetRounds) -> dict[str, object]:
    return {
        "target": rounds.target.unit.id,
        "name": rounds.target.unit.name,
        "kind": rounds.kind,
        "models": rounds.models,
        **{r.phase: _round_json(r) for r in rounds.rounds},
    }


def reference_targets(catalog: Catalog) -> tuple[tuple[str, Combatant], ...]:
    """The Armoured, Light and Shielded targets of the panel, as fielded."""
    kinds = [kind for kind, _, _ in PANEL]
    by_kind = dict(zip(kinds, panel(catalog), strict=True))
    return tuple((kind, by_kind[kind]) for kind in REFERENCE_KINDS)


def squad_label(side: Combatant) -> str:
    """'Marine (9)', 'Marine (9) ×2' for two identical squads."""
    text = label(side)
    return f"{text} ×{side.count}" if side.count > 1 else text


def _models(side: Combatant) -> int:
    return side.models or side.unit.max_models


def _kits(sides: Sequence[Combatant]) -> tuple[dict[int, Arsenal], list[LeftOut]]:
    """Each squad's weapons as carried (by its place in ``sides``)."""
    kits: dict[int, Arsenal] = {}
    left: list[LeftOut] = []
    for index, side in enumerate(sides):
        try:
            kits[index] = arsenal_of(side.unit, _models(side), side.upgrades, (), ())
        except CombatError as problem:
            left.append(LeftOut(squad_label(side), None, str(problem)))
    return kits, left


def _in_phase(kit: Arsenal, phase: Phase) -> list[Carrying]:
    """The weapons a squad attacks with in a phase (one of no phase: in both)."""
    return [
        c
        for c in kit.carried
        if c.weapon.phase is None or c.weapon.phase.strip().casefold() == phase
    ]


def _attack_dice(
    sides: Sequence[Combatant], kits: dict[int, Arsenal]
) -> dict[Phase, int]:
    """Attack dice each phase's weapons roll in one round (printed Rate of Attack)."""
    dice: dict[Phase, int] = dict.fromkeys(PHASES, 0)
    for index, kit in kits.items():
        for phase in PHASES:
            for carried in _in_phase(kit, phase):
                rate = plain_digits(carried.weapon.rate_of_attack or "")
                if rate is not None:
                    dice[phase] += rate * carried.models * sides[index].count
    return dice


def _round(
    sides: Sequence[Combatant],
    kits: dict[int, Arsenal],
    target: Combatant,
    phase: Phase,
) -> tuple[Round, list[LeftOut]]:
    shares: list[Share] = []
    left: list[LeftOut] = []
    best: tuple[Fraction, tuple[str, str]] | None = None
    for index, kit in kits.items():
        side = sides[index]
        if not _in_phase(kit, phase):
            continue  # no weapon of this phase: nothing to work out, nothing missed
        # Unengaged, every weapon in range, the target moved (no LOCKED IN), no Charge.
        entry = _activation(side, target, phase, None, False, False)
        if entry.result is None:
            left.append(LeftOut(squad_label(side), phase, entry.problem or ""))
            continue
        total = entry.result.total
        shares.append(
            Share(
                squad_label(side),
                total.damage * side.count,
                total.expected_models_removed * side.count,
            )
        )
        for batch in entry.result.batches:
            if batch.pools.dice:
                rate = batch.pools.expected["Unsaved"] / batch.pools.dice
                if best is None or rate > best[0]:
                    best = (rate, (label(side), batch.weapon))
    top = max(shares, key=lambda s: (s.removed, s.damage), default=None)
    if top is not None and not top.damage:
        top = None
    return (
        Round(
            phase,
            sum((s.damage for s in shares), Fraction(0)),
            sum((s.removed for s in shares), Fraction(0)),
            top,
            None if best is None else best[0],
            None if best is None else best[1],
        ),
        left,
    )


def _body(
    sides: Sequence[Combatant],
) -> tuple[int, int, int, dict[int, int], list[LeftOut]]:
    """Models, Hit Points, Shields and models by Armour roll, as fielded."""
    models = hit_points = shields = 0
    armour: dict[int, int] = {}
    left: list[LeftOut] = []
    for side in sides:
        count = _models(side) * side.count
        models += count
        try:
            body = defender_of(side.unit, side.upgrades)
        except CombatError as problem:
            left.append(LeftOut(squad_label(side), None, str(problem)))
            continue
        hit_points += body.hit_points * count
        shields += body.shield * side.count
        armour[body.armour] = armour.get(body.armour, 0) + count
    return models, hit_points, shields, armour, left


def profile_of(path: Path, catalog: Catalog) -> ListProfile:
    """The profile of one list file.

    Refuses (`Refused`) what `read_combatants` refuses: a wrong path (exit 2), a file
    that is not a readable list or names a unit or upgrade the data does not know
    (exit 1). Raises CombatError when a reference target is not in the game data.
    """
    context = read_fielded(path, catalog)
    sides = combatants(path, context)
    models, hit_points, shields, armour, left = _body(sides)
    kits, no_kit = _kits(sides)
    left += no_kit
    dice = _attack_dice(sides, kits)
    targets = []
    for kind, target in reference_targets(catalog):
        rounds = []
        for phase in PHASES:
            round_, missed = _round(sides, kits, target, phase)
            rounds.append(round_)
            left += [m for m in missed if m not in left]
        targets.append(TargetRounds(kind, target, tuple(rounds)))
    return ListProfile(
        file=str(path),
        name=context.army.name if context.army else None,
        faction=context.faction.name if context.faction else None,
        minerals=context.minerals_used,
        supply={slot: context.used(slot) for slot in SlotType},
        models=models,
        hit_points=hit_points,
        shields=shields,
        armour=armour,
        attack_dice=dice,
        targets=tuple(targets),
        left_out=tuple(left),
    )


def profile_lists(
    path: Path, versus: Path | None, catalog: Catalog
) -> tuple[ListProfile, ...]:
    """The list's profile, and the other list's beside it when one is given."""
    first = profile_of(path, catalog)
    return (first,) if versus is None else (first, profile_of(versus, catalog))


def profile_json(profiles: Sequence[ListProfile]) -> dict[str, object]:
    """The JSON of `armylist profile`: the list's profile, the other's under "vs"."""
    other = profiles[1].to_json() if len(profiles) > 1 else None
    return {**profiles[0].to_json(), "vs": other}
