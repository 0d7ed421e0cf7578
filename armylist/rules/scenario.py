"""Rules about the Mission and Deployment Cards a list brings to the draft."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from armylist.files.yamlsource import YamlPath
from armylist.findings import Finding, Severity
from armylist.gamedata.models import CARDS_BROUGHT, Deployment, Mission
from armylist.resolved import Context
from armylist.rules.base import Rule, rule
from armylist.text.i18n import _, ngettext


@rule("AL501", "scenario-cards", Severity.ERROR, "§9.2")
def scenario_cards(self: Rule, context: Context) -> Iterator[Finding]:
    """Bring exactly 2 Mission Cards and 2 Deployment Cards of the list's scale, no repeats.

    Both keys are optional; when given, each holds two different cards. A mission name
    means that mission's card for the list's scale (Grand Offensive brings Standard cards).

    Bad:  `deployments: [Gauntlet, Gauntlet]`, or `Frontier` (Skirmish) in a Standard list
    Good: `deployments: [Gauntlet, Typhoon]`
    """
    army = context.army
    if army is None:
        return
    wanted = context.scale.scenario_scale if context.scale else None
    for key, given, found in (
        ("missions", army.missions, context.missions),
        ("deployments", army.deployments, context.deployments),
    ):
        if given is None:
            continue
        label = "Mission" if key == "missions" else "Deployment"
        if len(given) != CARDS_BROUGHT:
            yield self.at(
                context,
                (key,),
                ngettext(
                    "{count} {label} Card listed; each player brings exactly 2",
                    "{count} {label} Cards listed; each player brings exactly 2",
                    len(given),
                ).format(count=len(given), label=label),
                _("list two different {label} Cards").format(label=label),
                key=True,
            )
        yield from _repeats_and_scale(self, context, found, label, wanted)


def _repeats_and_scale(
    self: Rule,
    context: Context,
    found: Sequence[tuple[Mission | Deployment, YamlPath]],
    label: str,
    wanted: str | None,
) -> Iterator[Finding]:
    seen: set[str] = set()
    for card, path in found:
        if card.id in seen:
            yield self.at(
                context,
                path,
                _("{card} is listed twice; the 2 {label} Cards must differ").format(
                    card=card.name, label=label
                ),
                _("replace it with another {label} Card").format(label=label),
            )
        seen.add(card.id)
        if wanted is not None and card.scale != wanted:
            yield self.at(
                context,
                path,
                _(
                    "{card} is a {scale} {label} Card; this list plays with "
                    "{wanted} cards"
                ).format(
                    card=card.name,
                    scale=card.scale.capitalize(),
                    label=label,
                    wanted=wanted.capitalize(),
                ),
                _("choose a {wanted} {label} Card").format(
                    wanted=wanted.capitalize(), label=label
                ),
            )


def missing_for_game(context: Context) -> tuple[str, ...]:
    """The list keys a list leaves empty that a game of any scale needs: `units` (a
    player with no unit loses, §8.10), `missions` and `deployments` (the cards each
    player brings to the draft, §9.2). Both card keys are optional in the list format:
    a list without them is legal, not yet ready to play."""
    army = context.army
    if army is None:
        return ()
    needs = (
        ("units", army.units),
        ("missions", army.missions),
        ("deployments", army.deployments),
    )
    return tuple(key for key, given in needs if not given)
