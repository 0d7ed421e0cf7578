"""The command line: parses flags, calls the engine, picks a reporter, sets the exit code."""

from __future__ import annotations

import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from armylist import __version__
from armylist.findings import EXIT_USAGE, exit_code
from armylist.gamedata.catalog import Catalog, DataError, load_catalog
from armylist.gamedata.models import Card, FactionCard

if TYPE_CHECKING:
    from armylist.draft import Choice

app = typer.Typer(
    name="armylist",
    help="Army builder and list validator for StarCraft: The Miniatures Game.\n\n"
    "Examples:\n\n"
    "  armylist validate mylist.yaml\n\n"
    "  armylist validate lists/ --format json\n\n"
    '  armylist units --faction "Raynor\'s Raiders"',
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    add_completion=False,
)
data_app = typer.Typer(help="Inspect and lint the game data.", no_args_is_help=True)
app.add_typer(data_app, name="data")


class ReportFormat(StrEnum):
    """Output formats of `validate`."""

    TEXT = "text"
    JSON = "json"
    GITHUB = "github"
    JUNIT = "junit"


class ViewFormat(StrEnum):
    """Output formats of the browsing commands."""

    TEXT = "text"
    JSON = "json"


DataOption = Annotated[
    Path | None,
    typer.Option(
        "--data",
        help="A game data folder to use instead of the bundled one.",
        file_okay=False,
    ),
]
FactionOption = Annotated[
    str, typer.Option("--faction", "-f", help="A Faction Card, by name or id.")
]
ViewOption = Annotated[ViewFormat, typer.Option("--format", help="text or json.")]


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print an error on stderr and exit."""
    typer.echo(f"armylist: error: {message}", err=True)
    raise typer.Exit(code)


def catalog_or_exit(data: Path | None) -> Catalog:
    """Load the game data once, or exit 2 with every problem."""
    try:
        return load_catalog(data)
    except DataError as error:
        fail("the game data cannot be loaded:\n" + str(error))


def _color() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


def _width() -> int:
    try:
        return max(80, min(os.get_terminal_size().columns, 140))
    except OSError:
        return 100


def _version(value: bool) -> None:
    if value:
        try:
            data_version = load_catalog().data_version
        except DataError:
            data_version = "unavailable"
        typer.echo(f"armylist {__version__} (game data {data_version})")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_version,
            is_eager=True,
            help="Print armylist's and the game data's versions.",
        ),
    ] = False,
) -> None:
    """Army builder and list validator for StarCraft: The Miniatures Game."""


@app.command()
def validate(
    paths: Annotated[
        list[Path] | None, typer.Argument(help="List files or folders to check.")
    ] = None,
    output: Annotated[
        ReportFormat | None,
        typer.Option(
            "--format",
            help="text (default), json, github or junit. "
            "Defaults to github under GitHub Actions.",
        ),
    ] = None,
    strict: Annotated[bool, typer.Option(help="Fail on warnings too.")] = False,
    data: DataOption = None,
    team: Annotated[
        Path | None,
        typer.Option(
            "--team",
            help="A team file (minerals: N, players: [list files]): validate every "
            "player's list and the team's Mineral split (§9.1.8).",
            dir_okay=False,
        ),
    ] = None,
) -> None:
    """Check army lists against every army-building rule.

    Exit codes: 0 every list legal; 1 a list is illegal or does not parse;
    2 usage error, broken game data, or no list found.

    Examples: `armylist validate mylist.yaml`, `armylist validate lists/ --format json`.
    """
    from armylist.engine import find_lists, validate_paths
    from armylist.reporters import text

    if team is not None:
        if paths:
            fail("give list files or --team TEAM.yaml, not both")
        _validate_team(team, output, strict, data)
    if not paths:
        fail("give list files or folders to check, or --team TEAM.yaml")
    missing = [p for p in paths if not p.exists()]
    if missing:
        fail(f"no such file or folder: {', '.join(str(p) for p in missing)}")
    if not any(True for _ in find_lists(paths)):
        fail(
            f"no army list (*.yaml, *.yml) found in {', '.join(str(p) for p in paths)}"
        )
    catalog = catalog_or_exit(data)
    report = validate_paths(paths, catalog)
    chosen = output or (
        ReportFormat.GITHUB
        if os.environ.get("GITHUB_ACTIONS") == "true"
        else ReportFormat.TEXT
    )
    if chosen is ReportFormat.JSON:
        from armylist.reporters import json as reporter_json

        rendered = reporter_json.render(report)
    elif chosen is ReportFormat.GITHUB:
        from armylist.reporters import github

        rendered = github.render(report)
    elif chosen is ReportFormat.JUNIT:
        from armylist.reporters import junit

        rendered = junit.render(report)
    else:
        rendered = text.render(report, width=_width(), color=_color())
    sys.stdout.write(rendered)
    typer.echo(text.summary_line(report), err=True)
    raise typer.Exit(exit_code(report, strict=strict))


def _validate_team(
    team_file: Path, output: ReportFormat | None, strict: bool, data: Path | None
) -> NoReturn:
    """`validate --team`: every player's list, then the team rules (§9.1.8)."""
    from armylist.gameday import Refused
    from armylist.reporters import team as reporter_team
    from armylist.team import validate_team

    catalog = catalog_or_exit(data)
    try:
        team_report = validate_team(team_file, catalog)
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    report = team_report.as_report()
    chosen = output or (
        ReportFormat.GITHUB
        if os.environ.get("GITHUB_ACTIONS") == "true"
        else ReportFormat.TEXT
    )
    if chosen is ReportFormat.JSON:
        rendered = reporter_team.render_json(team_report)
    elif chosen is ReportFormat.GITHUB:
        from armylist.reporters import github

        rendered = github.render(report)
    elif chosen is ReportFormat.JUNIT:
        from armylist.reporters import junit

        rendered = junit.render(report)
    else:
        rendered = reporter_team.render_text(
            team_report, width=_width(), color=_color()
        )
    sys.stdout.write(rendered)
    typer.echo(reporter_team.summary_line(team_report), err=True)
    raise typer.Exit(exit_code(report, strict=strict))


def _faction(catalog: Catalog, name: str) -> FactionCard:
    from armylist.names import did_you_mean

    faction = catalog.factions.get(name)
    if faction is None:
        fail(
            f"unknown Faction Card {name!r}{did_you_mean(name, catalog.factions.names())}; "
            "`armylist factions` lists them"
        )
    return faction


def _show(view: object, data: object, output: ViewFormat) -> None:
    from armylist.reporters import cards

    if output is ViewFormat.JSON:
        sys.stdout.write(cards.to_json(data))
    else:
        sys.stdout.write(cards.to_text(view, width=_width(), color=_color()))  # type: ignore[arg-type]


@app.command()
def factions(output: ViewOption = ViewFormat.TEXT, data: DataOption = None) -> None:
    """List the Faction Cards by race, with tags and starting Army Slots."""
    from armylist.reporters import cards

    catalog = catalog_or_exit(data)
    _show(
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
    from armylist.reporters import cards

    catalog = catalog_or_exit(data)
    chosen = _faction(catalog, faction)
    _show(
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
    from armylist.reporters import cards

    catalog = catalog_or_exit(data)
    chosen = _faction(catalog, faction)
    _show(
        cards.units_table(catalog, chosen),
        [cards.card_data(u) for u in catalog.units_for(chosen)],
        output,
    )


@app.command()
def info(
    name: Annotated[str, typer.Argument(help="A card's printed name or id.")],
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
) -> None:
    """Show one card in full: stat line, weapons, upgrades, Supply Profile, source.

    Example: armylist info Marine
    """
    from armylist.names import did_you_mean
    from armylist.reporters import cards

    catalog = catalog_or_exit(data)
    found: Card | None = (
        catalog.factions.get(name)
        or catalog.cards.get(name)
        or catalog.units.get(name)
        or catalog.deployments.get(name)
        or catalog.mission(name, "standard")
    )
    if found is None:
        everything = [
            *catalog.factions.names(),
            *catalog.cards.names(),
            *catalog.units.names(),
            *catalog.deployments.names(),
            *catalog.mission_names(),
        ]
        fail(f"no card called {name!r}{did_you_mean(name, everything)}")
    _show(cards.info_view(found), cards.card_data(found), output)


@app.command()
def rules(
    name: Annotated[str | None, typer.Argument(help="A rule name or code.")] = None,
    markdown: Annotated[
        bool, typer.Option("--markdown", help="A Markdown table (as in the README).")
    ] = False,
) -> None:
    """Print the rules armylist checks, with their codes and documentation.

    Examples: `armylist rules`, `armylist rules slots-exceeded`, `armylist rules AL202`.
    """
    from armylist.rules import REGISTRY, by_name, markdown_table

    if markdown:
        sys.stdout.write(markdown_table())
        return

    from armylist.rules.base import Rule
    from armylist.rules.team import TEAM_RULES, TeamRule

    # Team rules (checked by `validate --team`) are listed after the per-list ones.
    everything: tuple[Rule | TeamRule, ...] = (*REGISTRY, *TEAM_RULES)
    chosen = everything
    if name is not None:
        rule = by_name(name) or next(
            (r for r in TEAM_RULES if name in (r.name, r.code)), None
        )
        if rule is None:
            from armylist.names import did_you_mean

            fail(f"no rule {name!r}{did_you_mean(name, [r.name for r in everything])}")
        chosen = (rule,)
    for i, rule in enumerate(chosen):
        if i:
            typer.echo("")
        typer.echo(f"{rule.code} {rule.name} ({rule.severity.value}, {rule.ref})")
        typer.echo("  " + rule.doc.replace("\n", "\n  ").replace("\n  \n", "\n\n"))


@app.command()
def supply(
    file: Annotated[Path, typer.Argument(help="An army list file.")],
    mission: Annotated[
        str | None,
        typer.Option(
            "--mission",
            "-m",
            help="The Mission Card, by name or id. Default: every mission the list "
            "brings.",
        ),
    ] = None,
    order: Annotated[
        list[str] | None,
        typer.Option(
            "--order",
            help="Deployment order by unit name (repeat or comma-separate); the "
            "units not named follow in list order.",
        ),
    ] = None,
    losses: Annotated[
        list[str] | None,
        typer.Option(
            "--losses",
            help="What-if losses: UNIT:MODELS_LOST[@ROUND], UNIT#N:... for the Nth "
            "unit of that name, e.g. Marine:3. Default round: the one it enters.",
        ),
    ] = None,
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
) -> None:
    """Plan the Supply Pool round by round and when each unit enters (§6, §8.3).

    Exit codes: 0 plan printed (warnings included); 1 the list's units cannot be read
    (unknown unit, bad composition, broken file); 2 usage error (no such file, unknown
    mission, bad --order or --losses).

    Examples: `armylist supply mylist.yaml --mission "Hold Position"`,
    `armylist supply mylist.yaml -m "Hold Position" --losses Marine:3 --format json`.
    """
    from armylist import planner
    from armylist.findings import Severity
    from armylist.gameday import Refused, check_path
    from armylist.reporters import supply as reporter_supply

    catalog = catalog_or_exit(data)
    try:
        checked = check_path(file, catalog)
        context = planner.plannable(checked)
        missions = planner.missions_to_plan(context, catalog, mission)
        what_ifs = planner.parse_losses(losses or [])
        units = planner.recruits(context)
        plans = [
            planner.plan(
                units,
                chosen,
                order=planner.split_names(order or []),
                losses=what_ifs,
                file=str(file),
            )
            for chosen in missions
        ]
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    if output is ViewFormat.JSON:
        sys.stdout.write(reporter_supply.render_json(str(file), plans))
    else:
        sys.stdout.write(
            reporter_supply.render_text(plans, width=_width(), color=_color())
        )
    errors = checked.result.count(Severity.ERROR)
    if errors:
        typer.echo(
            f"note: {file} is not a legal list ({errors} error(s)); "
            f"`armylist validate {file}` says why",
            err=True,
        )
    warnings = sum(len(p.warnings) for p in plans)
    typer.echo(
        f"Supply plan for {file}: {', '.join(p.mission for p in plans)}; "
        f"{warnings} warning(s)",
        err=True,
    )


def _ask(choice: Choice) -> str:
    """Ask a draft choice of the right player at the terminal (stderr, stdin)."""
    typer.echo(f"\n{choice.prompt}:", err=True)
    for i, option in enumerate(choice.options, 1):
        typer.echo(f"  {i}. {option}", err=True)
    while True:
        answer = str(typer.prompt("Number or name", err=True)).strip().casefold()
        if answer.isdigit() and 1 <= int(answer) <= len(choice.options):
            return choice.options[int(answer) - 1]
        found = [o for o in choice.options if o.casefold().startswith(answer)]
        if answer and len(found) == 1:
            return found[0]
        typer.echo(f"Answer with 1 to {len(choice.options)} or a name.", err=True)


@app.command()
def draft(
    first: Annotated[Path, typer.Argument(help="The first player's list.")],
    second: Annotated[Path, typer.Argument(help="The second player's list.")],
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="Seed for every die: a seed always gives the same draft. Default: "
            "a random seed, printed so the draft can be replayed.",
        ),
    ] = None,
    auto: Annotated[
        bool,
        typer.Option(
            "--auto",
            help="Make every choice by the documented policy instead of asking "
            "(also the default without a terminal).",
        ),
    ] = False,
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
) -> None:
    """Play the mission and deployment draft (§9.2) between two lists, and set up (§9.3).

    Each list brings 2 Mission and 2 Deployment Cards. In a terminal each choice is
    asked of the right player; with --auto or without a terminal the policy decides:
    the roll-off winner takes Red and the mission draft; bans remove the controller's
    own cards first; the controller picks a card they brought too, else the first left.

    Exit codes: 0 drafted; 1 a list cannot take part (scenario cards missing or
    invalid, lists of different scales); 2 usage error (no such file).

    Examples: `armylist draft alice.yaml bob.yaml --seed 7 --auto`.
    """
    import random

    from armylist import draft as drafting
    from armylist.gameday import Refused, check_path
    from armylist.reporters import draft as reporter_draft

    catalog = catalog_or_exit(data)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    interactive = not auto and sys.stdin.isatty()
    try:
        lists = (check_path(first, catalog), check_path(second, catalog))
        names = drafting.player_names(*lists)
        players = [
            drafting.draft_player(c, n) for c, n in zip(lists, names, strict=True)
        ]
        scale = drafting.common_scale(*lists)
        result = drafting.run_draft(
            players[0],
            players[1],
            scale=scale,
            seed=seed,
            chooser=_ask if interactive else drafting.auto_chooser,
            announce=(
                (lambda move: typer.echo(reporter_draft.move_line(move), err=True))
                if interactive
                else None
            ),
        )
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    if output is ViewFormat.JSON:
        sys.stdout.write(reporter_draft.render_json(result))
    else:
        sys.stdout.write(
            reporter_draft.render_text(result, width=_width(), color=_color())
        )
    typer.echo(
        f"drafted {result.mission.name} on {result.deployment.name} (seed {seed}; "
        f"{'asked at the terminal' if interactive else 'auto policy'})",
        err=True,
    )


@data_app.command("check")
def data_check(data: DataOption = None) -> None:
    """Lint the game data: ids, Supply Profiles, upgrade costs, tags, summoned units.

    Prints `file:line: message` for each problem and exits 2 when there is any.
    """
    from armylist.gamedata.check import check

    catalog, problems = check(data)
    for problem in problems:
        typer.echo(str(problem), err=True)
    if problems:
        fail(f"{len(problems)} problem(s) in the game data")
    assert catalog is not None
    typer.echo(
        f"game data {catalog.data_version} in {catalog.directory}: "
        f"{len(catalog.factions.all)} Faction Cards, {len(catalog.cards.all)} "
        f"Tactical/Creep Cards, {len(catalog.units.all)} units, "
        f"{len(catalog.missions)} Mission Cards, {len(catalog.deployments.all)} "
        "Deployment Cards: OK"
    )


def main() -> None:
    """Entry point for `python -m armylist`."""
    app(prog_name="armylist")
