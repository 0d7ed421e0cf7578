"""Edits of units and their upgrades: add and remove a unit, add and remove an
upgrade, each checked against the unit's card (§9.1.6, §9.1.7).
"""

from __future__ import annotations

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from armylist.editing.errors import EditRefused
from armylist.editing.listeditor import ListEditor, UnitRef
from armylist.editing.refusals import (
    compositions_text,
    models_options,
    no_composition,
    not_offered,
    too_many_specialists,
)
from armylist.editing.words import or_list
from armylist.editing.yamldoc import remove_item
from armylist.gamedata.catalog import upgrade_named
from armylist.gamedata.models import Composition, Unit, Upgrade
from armylist.resolved import replacements_taken
from armylist.rules.upgrades import replacement_taken
from armylist.text.i18n import _, ngettext
from armylist.text.names import did_you_mean, key
from armylist.text.numbers import people


def _itself(upgrade: Upgrade) -> Upgrade:
    return upgrade


def _upgrade_on_card(unit: Unit, name: str) -> Upgrade:
    """The upgrade of that name printed on the unit's card, or refused with its list."""
    upgrade = upgrade_named(unit, name)
    if upgrade is None:
        choices = [u.name for u in unit.upgrades]
        raise EditRefused(
            _("{unit} has no upgrade {name}{did_you_mean}").format(
                unit=unit.name,
                name=repr(name),
                did_you_mean=did_you_mean(name, choices),
            ),
            _("its upgrades are {upgrades}").format(upgrades=", ".join(choices))
            if choices
            else _("{unit} has no upgrades").format(unit=unit.name),
        )
    return upgrade


def _the_one_unit(
    candidates: list[UnitRef], question: str, listing: str, nobody: str
) -> UnitRef:
    """The one unit an upgrade edit can mean when no --unit is given; refused, with
    the candidates, when none or several fit.

    ``listing`` is a sentence with a ``{units}`` placeholder, already translated."""
    if len(candidates) != 1:
        raise EditRefused(
            _("{question} say it with --unit POSITION").format(question=question),
            listing.format(units=", ".join(r.label for r in candidates))
            if candidates
            else nobody,
        )
    return candidates[0]


class UnitEdits(ListEditor):
    """Add and remove units and upgrades."""

    def resolve_upgrades(
        self, unit: Unit, composition: Composition, names: list[str], already: list[str]
    ) -> list[Upgrade]:
        """The upgrades named, each checked against the unit's card and those it has."""
        chosen: list[Upgrade] = []
        owned = [upgrade_named(unit, n) for n in already]
        for name in names:
            upgrade = _upgrade_on_card(unit, name)
            if any(u is not None and u.id == upgrade.id for u in (*owned, *chosen)):
                raise EditRefused(
                    _(
                        "{unit} already has {upgrade}; each upgrade is bought once "
                        "(§9.1.7)"
                    ).format(unit=unit.name, upgrade=upgrade.name)
                )
            cost = upgrade.cost_for(composition.models)
            if cost is None:
                sizes = or_list([str(m) for m in sorted(upgrade.cost)])
                raise EditRefused(
                    not_offered(upgrade.name, composition.models, unit.name),
                    _("it is printed for {sizes} models").format(sizes=sizes),
                )
            chosen.append(upgrade)
        bought = [u for u in (*owned, *chosen) if u is not None]
        for later, first in replacements_taken(bought, _itself).items():
            if later >= len(bought) - len(chosen):
                raise EditRefused(
                    replacement_taken(unit.name, bought[later], bought[first].name),
                    _("remove {earlier} first to take {upgrade}").format(
                        earlier=bought[first].name, upgrade=bought[later].name
                    ),
                )
        specialists = [u for u in (*owned, *chosen) if u is not None and u.specialist]
        if len(specialists) > composition.models:
            raise EditRefused(
                too_many_specialists(unit.name, composition.models, len(specialists)),
                ngettext(
                    "at most {count} SPECIALIST upgrade",
                    "at most {count} SPECIALIST upgrades",
                    composition.models,
                ).format(count=people(composition.models)),
            )
        return chosen

    def add_unit(
        self,
        name: str,
        models: int | None,
        upgrades: list[str],
        at: int | None = None,
    ) -> str:
        """Add a unit in a composition its card prints; what was added."""
        unit = self.catalog.units.get(name)
        if unit is None:
            raise EditRefused(
                _("unknown unit {name}{did_you_mean}").format(
                    name=repr(name),
                    did_you_mean=did_you_mean(name, self.catalog.units.names()),
                ),
                _("`armylist units --faction NAME` lists the units a faction may take"),
            )
        if unit.summoned:
            raise EditRefused(
                _(
                    "{unit} is a summoned unit: it costs nothing and is not written in "
                    "the list (§9.1.9)"
                ).format(unit=unit.name),
                _("it enters play through an ability such as SUMMON"),
            )
        faction = self.faction()
        self.check_tags(unit.name, unit.tags, faction)
        if unit.unique and any(
            r.unit is not None and r.unit.id == unit.id for r in self.units()
        ):
            raise EditRefused(
                _("{name} is Unique and is already in the list (§9.1.6)").format(
                    name=unit.name
                )
            )
        if models is None:
            if len(unit.compositions) > 1:
                raise EditRefused(
                    _("{unit} comes as {compositions}: choose one").format(
                        unit=unit.name, compositions=compositions_text(unit)
                    ),
                    _("add {options}").format(options=models_options(unit)),
                )
            composition = unit.compositions[0]
        else:
            found = unit.composition(models)
            if found is None:
                raise EditRefused(
                    no_composition(unit.name, models, compositions_text(unit)),
                    _("use {options}").format(options=models_options(unit)),
                )
            composition = found
        bought = self.resolve_upgrades(unit, composition, upgrades, [])
        entry = CommentedMap()
        entry["unit"] = unit.name
        # Written when the card offers a choice, or when it was asked for.
        if len(unit.compositions) > 1 or models is not None:
            entry["models"] = composition.models
        if bought:
            names = CommentedSeq([u.name for u in bought])
            names.fa.set_flow_style()
            entry["upgrades"] = names
        position = self.put(self.doc.data, "units", entry, at)
        cost = composition.minerals + sum(
            u.cost_for(composition.models) or 0 for u in bought
        )
        facts = {
            "unit": unit.name,
            "count": composition.models,
            "supply": composition.supply,
            "minerals": people(cost),
            "position": position,
        }
        if bought:
            return ngettext(
                "added {unit} ({count} model, Supply {supply}, {minerals} Minerals, "
                "with {upgrades}) as unit {position}",
                "added {unit} ({count} models, Supply {supply}, {minerals} Minerals, "
                "with {upgrades}) as unit {position}",
                composition.models,
            ).format(upgrades=", ".join(u.name for u in bought), **facts)
        return ngettext(
            "added {unit} ({count} model, Supply {supply}, {minerals} Minerals) "
            "as unit {position}",
            "added {unit} ({count} models, Supply {supply}, {minerals} Minerals) "
            "as unit {position}",
            composition.models,
        ).format(**facts)

    def add_upgrade(
        self, name: str, unit_ref: str | None, at: int | None = None
    ) -> str:
        """Add an upgrade to the unit that offers it; what was added."""
        target = self.upgrade_target(name, unit_ref)
        assert target.unit is not None and target.composition is not None
        existing = target.entry.get("upgrades")
        already = [str(u) for u in existing] if isinstance(existing, list) else []
        (upgrade,) = self.resolve_upgrades(
            target.unit, target.composition, [name], already
        )
        self.put(target.entry, "upgrades", upgrade.name, at, block=False)
        cost = upgrade.cost_for(target.composition.models) or 0
        return _("added {upgrade} ({cost} Minerals) to unit {unit}").format(
            upgrade=upgrade.name, cost=cost, unit=target.label
        )

    def upgrade_target(self, name: str, unit_ref: str | None) -> UnitRef:
        """The unit an upgrade edit is for, known card and composition."""
        if unit_ref is None:
            target = _the_one_unit(
                [
                    r
                    for r in self.units()
                    if r.unit is not None and upgrade_named(r.unit, name)
                ],
                _("which unit gets {name}?").format(name=repr(name)),
                _("units that offer it: {units}"),
                _("no unit in the list offers that upgrade"),
            )
        else:
            wanted = self.catalog.units.get(unit_ref)
            if wanted is not None and not unit_ref.strip().lstrip("#").isdigit():
                # Refused before "which of your 2 Medics?": neither could take it.
                _upgrade_on_card(wanted, name)
            target = self.find_unit(unit_ref)
        if target.unit is None or target.composition is None:
            raise EditRefused(
                _("unit {unit} has an unknown unit or composition").format(
                    unit=target.label
                ),
                _("fix that entry first (`armylist validate FILE` shows the problem)"),
            )
        return target

    def remove_upgrade(self, name: str, unit_ref: str | None) -> str:
        """Remove an upgrade from the unit that has it; what was removed."""
        target = self.find_unit(unit_ref) if unit_ref is not None else None
        if target is None:
            target = _the_one_unit(
                [r for r in self.units() if self._upgrade_index(r, name) is not None],
                _("which unit loses {name}?").format(name=repr(name)),
                _("units that have it: {units}"),
                _("no unit in the list has that upgrade"),
            )
        index = self._upgrade_index(target, name)
        if index is None:
            current = target.entry.get("upgrades") or []
            raise EditRefused(
                _("unit {unit} has no upgrade {name}").format(
                    unit=target.label, name=repr(name)
                ),
                _("its upgrades are {upgrades}").format(
                    upgrades=", ".join(str(u) for u in current)
                )
                if current
                else _("it has no upgrades"),
            )
        removed = target.entry["upgrades"][index]
        # A unit without upgrades has no `upgrades:` key (as `add unit` writes it).
        remove_item(target.entry, "upgrades", index, drop_empty=True)
        return _("removed {upgrade} from unit {unit}").format(
            upgrade=removed, unit=target.label
        )

    def _upgrade_index(self, ref: UnitRef, name: str) -> int | None:
        current = ref.entry.get("upgrades")
        if not isinstance(current, list):
            return None
        wanted = upgrade_named(ref.unit, name) if ref.unit else None
        for i, written in enumerate(current):
            if key(str(written)) == key(name):
                return i
            found = upgrade_named(ref.unit, str(written)) if ref.unit else None
            if wanted is not None and found is not None and found.id == wanted.id:
                return i
        return None

    def remove_unit(self, ref: str) -> str:
        """Remove a unit by position or name; what was removed."""
        target = self.find_unit(ref)
        remove_item(self.doc.data, "units", target.index)
        return _("removed unit {unit}").format(unit=target.label)
