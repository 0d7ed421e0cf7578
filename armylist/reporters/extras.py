"""`armylist info` for an upgrade or an ability: what it costs, what it does as our
data knows it, and the units whose cards print it.

The data carries no card text (see docs/data-sources.md): an ability's or upgrade's
effect is told from its combat data (`Effect`), in the words of COMBAT.md's keywords.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from armylist.files.checked import dumped
from armylist.gamedata.models import Effect, Unit, Upgrade, Weapon
from armylist.reporters.fit import FitTable
from armylist.text.i18n import _, data_, ngettext
from armylist.text.numbers import people


def _evade(against: str) -> str:
    # Looked up at run time: the language is chosen after import.
    return {
        "assault": _("may Evade ranged attacks"),
        "combat": _("may Evade close combat attacks"),
        "all": _("may Evade every attack"),
    }[against]


def _signed(number: int) -> str:
    return f"{number:+d}"


def _weapon_changes(effect: Effect) -> list[str]:
    """What the effect does to the weapons it names."""
    changes = [str(k) for k in effect.keywords]
    if effect.rate_of_attack:
        changes.append(
            _("{value} Rate of Attack per model").format(
                value=_signed(effect.rate_of_attack)
            )
        )
    if effect.surge_dice:
        changes.append(
            _("Surge {type} {dice}").format(
                type=effect.surge_type, dice=effect.surge_dice
            )
            if effect.surge_type
            else _("S Dice {dice}").format(dice=effect.surge_dice)
        )
    if effect.damage is not None:
        changes.append(
            _("Damage {damage} against a target of Size {size} or more").format(
                damage=effect.damage, size=effect.target_size
            )
            if effect.target_size
            else _("Damage {damage}").format(damage=effect.damage)
        )
    return changes


def _unit_changes(effect: Effect) -> list[str]:
    """What the effect does to its unit, or to the enemy."""
    changes = []
    if effect.hit_points:
        changes.append(
            _("{value} HP per model").format(value=_signed(effect.hit_points))
        )
    if effect.armour:
        changes.append(
            _("{value} to Armour rolls").format(value=_signed(effect.armour))
        )
    if effect.evade_against:
        changes.append(_evade(effect.evade_against))
    if effect.evade:
        changes.append(_("{value} to Evade rolls").format(value=_signed(effect.evade)))
    if effect.impact:
        changes.append(
            _("{value} to IMPACT rolls").format(value=_signed(effect.impact))
        )
    if effect.impact_dice:
        changes.append(
            _("{value} IMPACT dice per model").format(value=_signed(effect.impact_dice))
        )
    if effect.removed_dice:
        removed = ngettext(
            "removes {count} die from each enemy ranged batch",
            "removes {count} dice from each enemy ranged batch",
            effect.removed_dice,
        ).format(count=effect.removed_dice)
        if effect.stopped_by_instant:
            removed = _("{removed} (not from an INSTANT weapon)").format(
                removed=removed
            )
        changes.append(removed)
    if effect.damage_reduction:
        changes.append(
            _("cuts the Total Damage of each batch by {value}").format(
                value=effect.damage_reduction
            )
        )
    if effect.enemy_hit:
        changes.append(
            _("{value} to enemy ranged Hit rolls").format(
                value=_signed(effect.enemy_hit)
            )
        )
    if effect.enemy_range:
        changes.append(
            _("enemy ranged weapons: DEBUFF Range ({value})").format(
                value=effect.enemy_range
            )
        )
    if effect.enemy_loses_long_range:
        changes.append(_("enemy ranged weapons lose LONG RANGE"))
    return changes


def effect_text(effect: Effect) -> str:
    """What an ability or upgrade effect does, e.g. 'C-14 Rifle, Strike, Bayonet:
    PRECISION (3); its unit suffers NON-LETHAL DAMAGE (2) to use it'."""
    parts = []
    weapon_changes = _weapon_changes(effect)
    if weapon_changes and effect.on_unit:
        parts.append(", ".join(weapon_changes))  # IMPACT after a Charge, TOUGH ...
    elif weapon_changes:
        weapons = (
            _("every weapon") if effect.every_weapon else ", ".join(effect.weapons)
        )
        if effect.first_weapon:
            weapons = _("{weapons} (the first weapon used only)").format(
                weapons=weapons
            )
        parts.append(
            _("{weapons}: {changes}").format(
                weapons=weapons, changes=", ".join(weapon_changes)
            )
        )
    parts += _unit_changes(effect)
    if effect.first_armour_roll:
        parts.append(_("the first Armour roll only"))
    if effect.within is not None:
        parts.append(_('with the target within {inches}"').format(inches=effect.within))
    if effect.self_damage:
        parts.append(
            _("its unit suffers NON-LETHAL DAMAGE ({damage}) to use it").format(
                damage=effect.self_damage
            )
        )
    if effect.grants is not None:
        parts.append(_granted(effect.grants.tags, others=effect.grants.others))
    if effect.toggle:
        parts.append(
            _("when chosen: `armylist attack --ability {name}`").format(
                name=_quoted(effect.name)
            )
        )
    return "; ".join(parts) or _("nothing the combat calculator uses")


def _granted(tags: tuple[str, ...], *, others: bool) -> str:
    """Who else may use it: "another" when never the giver itself."""
    if tags and others:
        return _("given to another friendly {tags} unit").format(tags=" ".join(tags))
    if tags:
        return _("given to any friendly {tags} unit").format(tags=" ".join(tags))
    if others:
        return _("given to another friendly unit")
    return _("given to any friendly unit")


def _quoted(name: str) -> str:
    return f'"{name}"' if " " in name else name


def _models(count: int) -> str:
    return ngettext("{count} model", "{count} models", count).format(
        count=people(count)
    )


def upgrade_cost(upgrade: Upgrade) -> str:
    """'6 models: 20 Minerals; 9 models: 30 Minerals'."""
    return "; ".join(
        _("{models}: {minerals} Minerals").format(
            models=_models(models), minerals=people(minerals)
        )
        for models, minerals in sorted(upgrade.cost.items())
    )


def _rows(unit: Unit, extra: Upgrade | Effect) -> list[tuple[str, str]]:
    if isinstance(extra, Upgrade):
        rows = [
            (_("Cost"), upgrade_cost(extra)),
            ("SPECIALIST", _("yes") if extra.specialist else _("no")),
        ]
        if extra.replaces:
            rows.append((_("Replaces"), extra.replaces))
        if extra.weapon is not None:
            rows.append((_("Weapon"), extra.weapon.name))
        rows += [(_("In combat"), effect_text(e)) for e in extra.effects]
        if extra.weapon is None and not extra.effects:
            rows.append((_("In combat"), _("nothing the combat calculator uses")))
        rows.append((_("Source"), data_(unit.source)))
    else:
        rows = [
            (_("Cost"), _("none: printed on the unit's card")),
            (_("In combat"), effect_text(extra)),
            (_("Source"), data_(extra.source)),
        ]
    return rows


def _title(unit: Unit, extra: Upgrade | Effect) -> str:
    if isinstance(extra, Upgrade):
        return _("{name}: an upgrade of {unit}").format(name=extra.name, unit=unit.name)
    return _("{name}: an ability of {unit}").format(name=extra.name, unit=unit.name)


def extras_view(
    found: list[tuple[Unit, Upgrade | Effect]],
    weapons_table: Callable[[Sequence[Weapon]], RenderableType],
) -> RenderableType:
    """Each upgrade or ability of that name, unit by unit (``weapons_table`` renders
    a weapon profile, as `info UNIT` does)."""
    parts: list[RenderableType] = []
    for unit, extra in found:
        parts.append(Text(_title(unit, extra), style="bold"))
        table = FitTable(box=None, show_header=False)
        table.add_column(style="bold")
        table.add_column()
        for label, value in _rows(unit, extra):
            table.add_row(label, value)
        parts.append(table)
        if isinstance(extra, Upgrade) and extra.weapon is not None:
            parts.append(weapons_table((extra.weapon,)))
    return Group(*parts)


def extras_data(found: list[tuple[Unit, Upgrade | Effect]]) -> list[dict[str, Any]]:
    """The same as JSON data: the unit, the kind and the data as written."""
    return [
        {
            "unit": unit.name,
            "kind": "upgrade" if isinstance(extra, Upgrade) else "ability",
            **dumped(extra, mode="json", exclude_none=True),
        }
        for unit, extra in found
    ]


def abilities_lines(unit: Unit) -> list[str]:
    """`info UNIT`'s abilities: each with what it does."""
    return [f"{a.name}: {effect_text(a)}" for a in unit.abilities]
