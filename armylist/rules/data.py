"""Rules about the game data a list relies on."""

from __future__ import annotations

from collections.abc import Iterator

from armylist.files.yamlsource import YamlPath
from armylist.findings import Finding, Severity
from armylist.gamedata.models import Card
from armylist.resolved import Context
from armylist.rules.base import Rule, rule
from armylist.text.i18n import N_, _, data_


@rule("AL601", "provisional-data", Severity.WARNING, N_("data"))
def provisional_data(self: Rule, context: Context) -> Iterator[Finding]:
    """A wave-2 card is used whose numbers come from a single, provisional source.

    Nerazim, Factory (Tech Lab), Cocoon, Robotics Facility, Void Seeker, Siege Tank,
    Ravager, Immortal, Nerazim Watchers and Zeratul are known from photos of printed
    cards only; check them against your own cards before a tournament.

    Bad (warning): `unit: Siege Tank`
    Good: v1.0 cards only, or accept the warning
    """
    used: list[tuple[Card, YamlPath]] = []
    if context.faction is not None and context.faction.provisional:
        used.append((context.faction, ("faction",)))
    used += [(c.card, c.path) for c in context.cards if c.card.provisional]
    used += [(u.unit, (*u.path, "unit")) for u in context.units if u.unit.provisional]
    if not used:
        return
    # Worded once for every card the list uses.
    message = _("{card} is provisional wave-2 data ({source})")
    hint = _("check its numbers against the printed card")
    for card, path in used:
        yield self.at(
            context,
            path,
            message.format(card=card.name, source=data_(card.source)),
            hint,
        )
