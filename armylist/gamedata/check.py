"""`armylist data check`: lint the game data beyond what the models enforce."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from armylist.files import yamlsource
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.loading import DataError, DataProblem, load_catalog
from armylist.gamedata.models import Race, TacticalCard, Unit
from armylist.text.i18n import _

COMBAT_TAGS = frozenset(
    {"Armoured", "Biological", "Flying", "Ground", "Light", "Mechanical", "Psionic"}
)


class _Locator:
    """Turns a card's origin plus a sub-path into a file and line."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.documents: dict[str, yamlsource.Document] = {}

    def problem(self, origin_key: str, message: str, *sub: str | int) -> DataProblem:
        origin = self.catalog.origins.get(origin_key)
        if origin is None:
            return DataProblem(str(self.catalog.directory), 1, message)
        if origin.file not in self.documents:
            text = (self.catalog.directory / origin.file).read_text(
                encoding="utf-8-sig"
            )
            self.documents[origin.file] = yamlsource.load(text)
        position = self.documents[origin.file].where((*origin.path, *sub))
        return DataProblem(origin.file, position.line, message)


def _unit_problems(unit: Unit, at: _Locator) -> Iterator[DataProblem]:
    """Everything the schema cannot say about one unit card: its Supply Profile,
    compositions, upgrade costs and FOR weapons, and the summoned-unit rules."""
    origin = f"units:{unit.id}"
    # The Supply Profile's bands must tile 1..max models: a gap would leave a squad
    # that has lost models without a Supply, an overlap would give it two.
    bands = sorted(unit.supply_profile, key=lambda b: b.min_models)
    expected = 1
    for band in bands:
        if band.min_models > band.max_models:
            yield at.problem(
                origin,
                _("{unit}: supply band {low}-{high} runs backwards").format(
                    unit=unit.name, low=band.min_models, high=band.max_models
                ),
                "supply_profile",
            )
        if band.min_models != expected:
            yield at.problem(
                origin,
                _(
                    "{unit}: Supply Profile does not cover {low}..{high} models without "
                    "gaps or overlaps (a band starts at {start})"
                ).format(
                    unit=unit.name,
                    low=expected,
                    high=unit.max_models,
                    start=band.min_models,
                ),
                "supply_profile",
            )
        expected = band.max_models + 1
    if expected <= unit.max_models:
        yield at.problem(
            origin,
            _(
                "{unit}: Supply Profile stops at {stop} models, but a composition has "
                "{most}"
            ).format(unit=unit.name, stop=expected - 1, most=unit.max_models),
            "supply_profile",
        )
    # A printed composition's Supply is the profile's at that size: the two are typed
    # in separately from the card, so a typo shows as a disagreement.
    models = [c.models for c in unit.compositions]
    for i, composition in enumerate(unit.compositions):
        band_supply = unit.supply_at(composition.models)
        if band_supply != composition.supply:
            yield at.problem(
                origin,
                _(
                    "{unit}: {models} models have starting Supply {supply}, but the "
                    "Supply Profile says {profile}"
                ).format(
                    unit=unit.name,
                    models=composition.models,
                    supply=composition.supply,
                    profile=band_supply,
                ),
                "compositions",
                i,
                "supply",
            )
    for count, times in Counter(models).items():
        if times > 1:
            yield at.problem(
                origin,
                _("{unit}: composition of {count} models given twice").format(
                    unit=unit.name, count=count
                ),
                "compositions",
            )
    # An upgrade is priced per composition (§9.1.7), so it needs exactly one cost for
    # each; a FOR upgrade must name a weapon the unit carries or it replaces nothing.
    weapons = {w.name for w in unit.weapons}
    for i, upgrade in enumerate(unit.upgrades):
        if sorted(upgrade.cost) != sorted(models):
            yield at.problem(
                origin,
                _(
                    "{unit}: upgrade {upgrade} has costs for compositions {costs}, the "
                    "unit has {models}"
                ).format(
                    unit=unit.name,
                    upgrade=repr(upgrade.name),
                    costs=sorted(upgrade.cost),
                    models=sorted(models),
                ),
                "upgrades",
                i,
                "cost",
            )
        if upgrade.replaces is not None and upgrade.replaces not in weapons:
            yield at.problem(
                origin,
                _(
                    "{unit}: upgrade {upgrade} is FOR {weapon}, a weapon the unit does "
                    "not have ({weapons})"
                ).format(
                    unit=unit.name,
                    upgrade=repr(upgrade.name),
                    weapon=repr(upgrade.replaces),
                    weapons=", ".join(sorted(weapons)) or _("none"),
                ),
                "upgrades",
                i,
                "replaces",
            )
    for name, times in Counter(u.id for u in unit.upgrades).items():
        if times > 1:
            yield at.problem(
                origin,
                _("{unit}: upgrade id {id} given twice").format(
                    unit=unit.name, id=repr(name)
                ),
                "upgrades",
            )
    if unit.summoned:
        if unit.slot is not None:
            yield at.problem(
                origin,
                _(
                    "{unit}: a summoned unit takes no Army Slot (§9.1.9): slot must be "
                    "null"
                ).format(unit=unit.name),
                "slot",
            )
        if any(c.minerals for c in unit.compositions) or unit.upgrades:
            yield at.problem(
                origin,
                _(
                    "{unit}: a summoned unit costs 0 Minerals and has no upgrades "
                    "(§9.1.9)"
                ).format(unit=unit.name),
                "compositions",
            )
    elif unit.slot is None:
        yield at.problem(
            origin,
            _("{unit}: a unit that is not summoned needs an Army Slot type").format(
                unit=unit.name
            ),
            "slot",
        )
    for tag in unit.combat_tags:
        if tag not in COMBAT_TAGS:
            yield at.problem(
                origin,
                _("{unit}: unknown combat tag {tag} (known: {known})").format(
                    unit=unit.name, tag=repr(tag), known=", ".join(sorted(COMBAT_TAGS))
                ),
                "combat_tags",
            )


def lint(catalog: Catalog) -> list[DataProblem]:
    """Every defect the models cannot see on their own."""
    at = _Locator(catalog)
    problems: list[DataProblem] = []
    groups: list[tuple[str, list[tuple[str, str]]]] = [
        ("faction_cards", [(c.id, c.name) for c in catalog.factions.all]),
        ("tactical_cards", [(c.id, c.name) for c in catalog.cards.all]),
        ("units", [(c.id, c.name) for c in catalog.units.all]),
        ("deployment", [(c.id, c.name) for c in catalog.deployments.all]),
        ("mission", [(c.id, c.id) for c in catalog.missions]),
    ]
    seen_ids: dict[str, str] = {}
    for group, entries in groups:
        for name, times in Counter(n for _id, n in entries).items():
            if times > 1:
                card_id = next(i for i, n in entries if n == name)
                problems.append(
                    at.problem(
                        f"{group}:{card_id}",
                        _("name {name} is used by {count} cards").format(
                            name=repr(name), count=times
                        ),
                        "name",
                    )
                )
        for card_id, _name in entries:
            if card_id in seen_ids:
                problems.append(
                    at.problem(
                        f"{group}:{card_id}",
                        _("id {id} is also used in {group}").format(
                            id=repr(card_id), group=seen_ids[card_id]
                        ),
                        "id",
                    )
                )
            seen_ids.setdefault(card_id, group)
    race_tags: dict[Race, set[str]] = {}
    for faction in catalog.factions.all:
        race_tags.setdefault(faction.race, set()).update(faction.tags)
    taggable: list[TacticalCard | Unit] = [*catalog.cards.all, *catalog.units.all]
    for card in taggable:
        group = "units" if isinstance(card, Unit) else "tactical_cards"
        unknown = [t for t in card.tags if t not in race_tags.get(card.race, set())]
        if unknown:
            problems.append(
                at.problem(
                    f"{group}:{card.id}",
                    _(
                        "{card}: tag {tags} is on no {race} Faction Card, so no army "
                        "could take it"
                    ).format(card=card.name, tags=", ".join(unknown), race=card.race),
                    "tags",
                )
            )
    for faction in catalog.factions.all:
        if faction.race is Race.ZERG:
            creep = [c for c in catalog.cards_for(faction) if c.kind == "creep"]
            if not creep:
                problems.append(
                    at.problem(
                        f"faction_cards:{faction.id}",
                        _(
                            "{faction}: a Zerg Faction Card must be able to take a Creep "
                            "Card, and none fits its tags"
                        ).format(faction=faction.name),
                        "tags",
                    )
                )
    for card in catalog.cards.all:
        if card.kind == "creep" and (card.race is not Race.ZERG or card.slots.items()):
            problems.append(
                at.problem(
                    f"tactical_cards:{card.id}",
                    _("{card}: a Creep Card is Zerg and grants no slots").format(
                        card=card.name
                    ),
                    "kind",
                )
            )
    for unit in catalog.units.all:
        problems.extend(_unit_problems(unit, at))
    scales = {s.scenario_scale for s in catalog.game.scales}
    for scale in sorted(scales):
        if not any(m.scale == scale for m in catalog.missions):
            problems.append(
                DataProblem(
                    "scenarios.yaml",
                    1,
                    _("no {scale} Mission Card").format(scale=scale),
                )
            )
    return problems


def check(directory: Path | None = None) -> tuple[Catalog | None, list[DataProblem]]:
    """Load (with positions) and lint a data folder."""
    try:
        catalog = load_catalog(directory, with_positions=True)
    except DataError as error:
        return None, error.problems
    return catalog, lint(catalog)
