"""Rules about upgrades: each once, SPECIALIST limits, FOR replacements."""

from __future__ import annotations

from collections.abc import Iterator

from armylist.findings import Finding, Severity
from armylist.gamedata.models import Upgrade
from armylist.i18n import _, ngettext
from armylist.resolved import Context, PlacedUpgrade, one_per_model, replacements_taken
from armylist.rules.base import Rule, rule


@rule("AL401", "upgrade-duplicate", Severity.ERROR, "§9.1.7")
def upgrade_duplicate(self: Rule, context: Context) -> Iterator[Finding]:
    """Each upgrade may be bought once per unit (a SPECIALIST too).

    Bad:  `upgrades: [Combat Shield, Combat Shield]`
    Good: `upgrades: [Combat Shield]`
    """
    for placed in context.units:
        seen: set[str] = set()
        for bought in placed.upgrades:
            if bought.upgrade.id in seen:
                yield self.at(
                    context,
                    bought.path,
                    _(
                        "{unit} already has {upgrade}; each upgrade is bought once"
                    ).format(unit=placed.unit.name, upgrade=bought.upgrade.name),
                    _("remove the second {upgrade}").format(
                        upgrade=bought.upgrade.name
                    ),
                )
            seen.add(bought.upgrade.id)


@rule("AL402", "specialist-limit", Severity.ERROR, "§9.1.7")
def specialist_limit(self: Rule, context: Context) -> Iterator[Finding]:
    """A unit may not have more SPECIALIST upgrades than models.

    Each SPECIALIST upgrade is carried by a different model.

    Bad:  three different SPECIALIST upgrades on a 2-model unit
    Good: at most one SPECIALIST upgrade per model
    """
    for placed in context.units:
        if placed.composition is None:
            continue
        models = placed.composition.models
        carried, extra = one_per_model(placed.upgrades, _upgrade, models)
        if extra:
            count = len(carried) + len(extra)
            yield self.at(
                context,
                extra[0].path,
                ngettext(
                    "{unit} has {count} SPECIALIST upgrades for {models} model",
                    "{unit} has {count} SPECIALIST upgrades for {models} models",
                    models,
                ).format(unit=placed.label, count=count, models=models),
                ngettext(
                    "remove {count} SPECIALIST upgrade: each needs its own model",
                    "remove {count} SPECIALIST upgrades: each needs its own model",
                    len(extra),
                ).format(count=len(extra)),
            )


def _upgrade(bought: PlacedUpgrade) -> Upgrade:
    return bought.upgrade


@rule("AL403", "replacement-conflict", Severity.WARNING, "§9.1.7")
def replacement_conflict(self: Rule, context: Context) -> Iterator[Finding]:
    """Two upgrades FOR the same weapon: the second has nothing left to replace.

    A "FOR [weapon]" upgrade takes that weapon from every model carrying it, so a second
    upgrade FOR the same weapon is paid for and never used. Two SPECIALIST upgrades on
    different models do not conflict.

    Bad:  Goliath with both Haywire Missiles and Scatter Missiles (both FOR Hellfire Missiles)
    Good: one of them
    """
    for placed in context.units:
        upgrades = placed.upgrades
        for later, first in replacements_taken(upgrades, _upgrade).items():
            bought, earlier = upgrades[later], upgrades[first]
            if earlier.upgrade.id == bought.upgrade.id:
                continue  # upgrade-duplicate reports it
            weapon = bought.upgrade.replaces
            yield self.at(
                context,
                bought.path,
                _(
                    "{upgrade} and {earlier} both replace {weapon} on {unit}: "
                    "{upgrade} has nothing left to replace"
                ).format(
                    upgrade=bought.upgrade.name,
                    earlier=earlier.upgrade.name,
                    weapon=weapon,
                    unit=placed.unit.name,
                ),
                _("keep one of {earlier} and {upgrade}").format(
                    earlier=earlier.upgrade.name, upgrade=bought.upgrade.name
                ),
            )
