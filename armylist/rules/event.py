"""Rules an organiser adds: event requirements and the pinned data version."""

from __future__ import annotations

from collections.abc import Iterator

from armylist.findings import Finding, Severity
from armylist.resolved import Context
from armylist.rules.base import Rule, minerals, rule


@rule("AL602", "data-version", Severity.WARNING, "data")
def data_version(self: Rule, context: Context) -> Iterator[Finding]:
    """The list pins a game data version other than the one armylist carries.

    A balance update can change costs and slots: re-check a list built for older data.

    Bad (warning): `data_version: 2026.03-beta` with newer bundled data
    Good: the version `armylist --version` prints, or no `data_version`
    """
    army = context.army
    bundled = context.catalog.data_version
    if army is not None and army.data_version and army.data_version != bundled:
        yield self.at(
            context,
            ("data_version",),
            f"the list was built for game data {army.data_version}; armylist "
            f"checks it against {bundled}",
            f"re-check the costs, then set `data_version: {bundled}`",
        )


@rule("AL702", "event", Severity.ERROR, "event rules")
def event(self: Rule, context: Context) -> Iterator[Finding]:
    """The list breaks a requirement of the event file given with `--event`.

    An event may fix the scale, the Mineral limit, require the scenario cards, and name
    the game data version it plays with.

    Bad:  a Skirmish list at a Standard event
    Good: a list of the event's scale and limit
    """
    rules = context.event
    army = context.army
    if rules is None or army is None:
        return
    title = f"the event{f' {rules.name!r}' if rules.name else ''}"
    if rules.scale and context.scale and context.scale.id != rules.scale:
        yield self.at(
            context,
            ("scale",),
            f"{title} plays {rules.scale}; the list is {context.scale.id}",
            f"build the list for `scale: {rules.scale}`",
        )
    limit = context.mineral_limit
    if rules.minerals is not None and limit is not None and limit != rules.minerals:
        yield self.at(
            context,
            ("minerals",) if army.minerals is not None else ("scale",),
            f"{title} plays at {minerals(rules.minerals)} Minerals; the list's limit "
            f"is {minerals(limit)}",
            f"set `minerals: {rules.minerals}` and fit the list to it",
        )
    if rules.scenario_cards:
        for key in ("missions", "deployments"):
            if getattr(army, key) is None:
                yield self.at(
                    context,
                    (),
                    f"{title} requires the list's 2 {key[:-1].capitalize()} Cards; "
                    f"`{key}:` is missing",
                    f"add `{key}: [..., ...]`",
                )
    bundled = context.catalog.data_version
    if rules.data_version and rules.data_version != bundled:
        yield self.at(
            context,
            (),
            f"{title} plays with game data {rules.data_version}; this armylist "
            f"carries {bundled}",
            "use the armylist release with the event's data, or ask the organiser",
        )
    elif (
        rules.data_version
        and army.data_version
        and (army.data_version != rules.data_version)
    ):
        yield self.at(
            context,
            ("data_version",),
            f"{title} plays with game data {rules.data_version}; the list pins "
            f"{army.data_version}",
            f"rebuild the list for {rules.data_version}",
        )
