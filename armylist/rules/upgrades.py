"""Rules about upgrades: each once, SPECIALIST limits, FOR replacements."""

from __future__ import annotations

from collections.abc import Iterator

from armylist.findings import Finding, Severity
from armylist.gamedata.models import Upgrade
from armylist.resolved import Context, PlacedUpgrade, one_per_model, replacements_taken
from armylist.rules.base import Rule, rule
from armylist.text.i18n import _, ngettext


@rule("AL401", "upgrade-duplicate", Severity.ERROR, "§9.1.7")
def upgrade_duplicate(self: Rule, context: Context) -> Iterator[Finding]:
    """Each upgrade may be bought once per unit (a SPECIALIST too).

    Bad:  `upgrades: [Combat Shield, Combat Shield]`
    Good: `upgrades: [Combat Shield]`
    """
    for placed in context.units:
        if len(placed.upgrades) < 2:
            continue  # nothing bought twice
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
        if len(placed.upgrades) <= models:
            continue  # not even every upgrade a SPECIALIST would be too many
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


@rule("AL403", "replacement-conflict", Severity.ERROR, "§9.1.7")
def replacement_conflict(self: Rule, context: Context) -> Iterator[Finding]:
    """Two upgrades FOR the same weapon: a replacement needs the weapon it replaces.

    A "FOR [weapon]" upgrade takes that weapon from every model carrying it and gives
    the new one instead, so once one upgrade has replaced a weapon no model carries it
    any more, and a second upgrade FOR it cannot be taken: the list is illegal, and
    the roster shows only the first on the models. Two SPECIALIST upgrades on
    different models do not conflict.

    Bad:  Goliath with both Haywire Missiles and Scatter Missiles (both FOR Hellfire Missiles)
    Good: one of them
    """
    for placed in context.units:
        upgrades = placed.upgrades
        if len(upgrades) < 2:
            continue  # a conflict takes two upgrades
        for later, first in replacements_taken(upgrades, _upgrade).items():
            bought, earlier = upgrades[later], upgrades[first]
            if earlier.upgrade.id == bought.upgrade.id:
                continue  # upgrade-duplicate reports it
            yield self.at(
                context,
                bought.path,
                replacement_taken(
                    placed.unit.name, bought.upgrade, earlier.upgrade.name
                ),
                _("keep one of {earlier} and {upgrade}").format(
                    earlier=earlier.upgrade.name, upgrade=bought.upgrade.name
                ),
            )


def replacement_taken(unit: str, upgrade: Upgrade, earlier: str) -> str:
    """Why ``upgrade`` cannot be taken: ``earlier`` already replaced its weapon."""
    return _(
        "{upgrade} replaces {weapon}, which {earlier} already replaces on {unit}: "
        "a replacement needs the weapon it replaces"
    ).format(upgrade=upgrade.name, weapon=upgrade.replaces, earlier=earlier, unit=unit)
