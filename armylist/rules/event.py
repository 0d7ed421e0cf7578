"""Rules an organiser adds: event requirements and the pinned data version."""

from __future__ import annotations

from collections.abc import Iterator

from armylist.findings import Finding, Severity
from armylist.resolved import Context
from armylist.rules.base import Rule, minerals, rule
from armylist.rules.submissions import scenario_hint
from armylist.text.i18n import N_, _


@rule("AL602", "data-version", Severity.WARNING, N_("data"))
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
            _(
                "the list was built for game data {pinned}; armylist checks it "
                "against {bundled}"
            ).format(pinned=army.data_version, bundled=bundled),
            _("re-check the costs, then set `data_version: {bundled}`").format(
                bundled=bundled
            ),
        )


@rule("AL702", "event", Severity.ERROR, N_("event rules"), needs="event")
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
    title = (
        _("the event {name}").format(name=repr(rules.name))
        if rules.name
        else _("the event")
    )
    if rules.scale and context.scale and context.scale.id != rules.scale:
        yield self.at(
            context,
            ("scale",),
            _("{event} plays {scale}; the list is {listed}").format(
                event=title, scale=rules.scale, listed=context.scale.id
            ),
            _("build the list for `scale: {scale}`").format(scale=rules.scale),
        )
    limit = context.mineral_limit
    if rules.minerals is not None and limit is not None and limit != rules.minerals:
        yield self.at(
            context,
            ("minerals",) if army.minerals is not None else ("scale",),
            _(
                "{event} plays at {minerals} Minerals; the list's limit is {limit}"
            ).format(
                event=title, minerals=minerals(rules.minerals), limit=minerals(limit)
            ),
            _("set `minerals: {minerals}` and fit the list to it").format(
                minerals=rules.minerals
            ),
        )
    if rules.scenario_cards:
        for key in ("missions", "deployments"):
            if getattr(army, key) is None:
                yield self.at(
                    context,
                    (),
                    _(
                        "{event} requires the list's 2 {label} Cards; `{key}:` is missing"
                    ).format(event=title, label=key[:-1].capitalize(), key=key),
                    scenario_hint(context, key),
                )
    bundled = context.catalog.data_version
    if rules.data_version and rules.data_version != bundled:
        yield self.at(
            context,
            (),
            _(
                "{event} plays with game data {version}; this armylist carries {bundled}"
            ).format(event=title, version=rules.data_version, bundled=bundled),
            _("use the armylist release with the event's data, or ask the organiser"),
        )
    elif (
        rules.data_version
        and army.data_version
        and (army.data_version != rules.data_version)
    ):
        yield self.at(
            context,
            ("data_version",),
            _("{event} plays with game data {version}; the list pins {pinned}").format(
                event=title, version=rules.data_version, pinned=army.data_version
            ),
            _("rebuild the list for {version}").format(version=rules.data_version),
        )
