"""Browsing the game data: `factions`, `cards`, `units`, `info`, and the list `schema`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from armylist.cli.exits import catalog_or_exit, faction_or_exit, fail, write_or_exit
from armylist.cli.frame import app
from armylist.cli.options import DataOption, FactionOption, ViewOption
from armylist.cli.stream import terminal
from armylist.collection.schema import collection_schema_json
from armylist.editing.schema import event_schema_json, schema_json
from armylist.files.checked import dumped
from armylist.reporters import ViewFormat, cards, extras, render_view
from armylist.text.i18n import N_, _
from armylist.text.names import did_you_mean

if TYPE_CHECKING:
    from rich.console import RenderableType


def _print_view(view: RenderableType, data: Any, output: ViewFormat) -> None:
    sys.stdout.write(render_view(view, data, output, terminal()))


@app.command()
def factions(output: ViewOption = ViewFormat.TEXT, data: DataOption = None) -> None:
    """List the Faction Cards by race, with tags and starting Army Slots."""

    catalog = catalog_or_exit(data)
    _print_view(
        cards.factions_table(catalog),
        [cards.card_data(f) for f in catalog.factions.all],
        output,
    )


@app.command("cards")
def cards_command(
    faction: FactionOption,
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
) -> None:
    """List the Tactical and Creep Cards a faction may take (by the tag rule).

    Example: armylist cards --faction "Raynor's Raiders"
    """

    catalog = catalog_or_exit(data)
    chosen = faction_or_exit(catalog, faction)
    _print_view(
        cards.cards_table(catalog, chosen),
        [cards.card_data(c) for c in catalog.cards_for(chosen)],
        output,
    )


@app.command()
def units(
    faction: FactionOption,
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
) -> None:
    """List the units a faction may take, with compositions and upgrade costs.

    Example: armylist units --faction "Kerrigan's Swarm"
    """

    catalog = catalog_or_exit(data)
    chosen = faction_or_exit(catalog, faction)
    _print_view(
        cards.units_table(catalog, chosen),
        [cards.card_data(u) for u in catalog.units_for(chosen)],
        output,
    )


@app.command()
def info(
    name: Annotated[
        str,
        typer.Argument(
            help=N_("A card's, upgrade's or ability's printed name, or a card's id.")
        ),
    ],
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
) -> None:
    """Show one card in full: stat line, weapons, upgrades, abilities, Supply Profile, source.

    A Mission Card shows its numbers; a scale (`armylist info grand-offensive`) its
    limits, its cards and armylist's convention where it has one; an upgrade or an
    ability (`armylist info Stimpack`) its cost, what it does in combat and the units
    whose cards print it.

    Example: armylist info Marine
    """

    catalog = catalog_or_exit(data)
    found = catalog.card_named(name)
    scale = catalog.scale(name) if found is None else None
    if scale is not None:
        _print_view(
            cards.scale_view(scale, catalog.game.gas_percent),
            dumped(scale, mode="json", exclude_none=True),
            output,
        )
        return
    if found is None and (owned := catalog.upgrades_and_abilities(name)):
        _print_view(
            extras.extras_view(owned, cards.weapons_table),
            extras.extras_data(owned),
            output,
        )
        return
    if found is None:
        names = [
            *catalog.card_names(),
            *(s.name for s in catalog.game.scales),
            *catalog.upgrade_and_ability_names(),
        ]
        fail(
            _(
                "no card, upgrade or ability called {name}{did_you_mean}; "
                "`armylist factions`, `armylist cards --faction NAME` and "
                "`armylist units --faction NAME` list the names"
            ).format(name=repr(name), did_you_mean=did_you_mean(name, names))
        )
    _print_view(cards.info_view(found), cards.card_data(found), output)


OutputOption = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        help=N_("Write the schema to this file instead of stdout."),
    ),
]
EventOption = Annotated[
    bool,
    typer.Option(
        "--event",
        help=N_(
            "The schema of the event file (players, their rosters and scenario "
            "cards, results) instead of the list format's."
        ),
    ),
]
CollectionOption = Annotated[
    bool,
    typer.Option(
        "--collection",
        help=N_(
            "The schema of the collection file (the models you own) instead of "
            "the list format's."
        ),
    ),
]


@app.command()
def schema(
    output: OutputOption = None,
    event: EventOption = False,
    collection: CollectionOption = False,
    data: DataOption = None,
) -> None:
    """Print the JSON Schema of the list format, for editors (YAML language server).

    Put `# yaml-language-server: $schema=armylist.schema.json` at the top of a list
    (`armylist new` does) and editors complete and check names as you type; with
    --event, the schema of an event file; with --collection, of the collection file.

    Examples: `armylist schema -o armylist.schema.json`,
    `armylist schema --event -o event.schema.json`,
    `armylist schema --collection -o collection.schema.json`.
    """

    if event and collection:
        fail(_("give --event or --collection, not both"))
    catalog = catalog_or_exit(data)
    if collection:
        text = collection_schema_json(catalog)
    else:
        text = event_schema_json(catalog) if event else schema_json(catalog)
    if output is None:
        sys.stdout.write(text)
        return
    write_or_exit(output, text.encode("utf-8"))
