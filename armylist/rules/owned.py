"""The player's own rule: a list that takes more models than the collection holds."""

from __future__ import annotations

from collections.abc import Iterator

from armylist.findings import Finding, Severity
from armylist.resolved import Context, PlacedUnit
from armylist.rules.base import Rule, rule
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people


@rule("AL708", "models-not-owned", Severity.WARNING, N_("collection"), needs="owned")
def models_not_owned(self: Rule, context: Context) -> Iterator[Finding]:
    """The list takes more models of a unit than your collection holds.

    Only when a collection is in use (`--collection`, `ARMYLIST_COLLECTION` or
    `collection.yaml` in your data folder): the list stays legal, but you cannot field
    it with the models you own. Without a collection nothing is said.

    Bad (warning): two Zergling units of 12 and 6 models, with 12 Zerglings owned
    Good: 18 Zerglings owned (`armylist collection add Zergling 6`)
    """
    owned = context.owned
    if owned is None:
        return
    taken: dict[str, list[PlacedUnit]] = {}
    for placed in context.units:
        if placed.composition is not None:
            taken.setdefault(placed.unit.id, []).append(placed)
    for unit_id, placed_units in taken.items():
        models = sum(p.composition.models for p in placed_units if p.composition)
        have = owned.get(unit_id, 0)
        if models <= have:
            continue
        first = placed_units[0]
        facts = {
            "models": people(models),
            "unit": first.unit.name,
            "units": people(len(placed_units)),
            "owned": people(have),
        }
        message = (
            ngettext(
                "takes {models} {unit} model (1 unit); you own {owned}",
                "takes {models} {unit} models (1 unit); you own {owned}",
                models,
            )
            if len(placed_units) == 1
            else _("takes {models} {unit} models ({units} units); you own {owned}")
        ).format(**facts)
        hint = ngettext(
            "field fewer, or add the model you have to your collection: "
            "`armylist collection add {name} {missing}`",
            "field fewer, or add the models you have to your collection: "
            "`armylist collection add {name} {missing}`",
            models - have,
        ).format(name=_quoted(first.unit.name), missing=models - have)
        yield self.at(context, (*first.path, "unit"), message, hint)


def _quoted(name: str) -> str:
    """A unit's name as a shell reads it as one word."""
    return f'"{name}"' if " " in name or "'" in name else name
