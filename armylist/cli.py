"""The command line: parses flags, calls the engine, picks a reporter, sets the exit code."""

from __future__ import annotations

import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from armylist import __version__
from armylist.findings import EXIT_INVALID, EXIT_USAGE, Report, exit_code
from armylist.gamedata.catalog import Catalog, DataError, load_catalog
from armylist.gamedata.models import Card, FactionCard, Scale

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
    summary: Annotated[
        Path | None,
        typer.Option(
            "--summary",
            help="Also write one row per list (file, player, faction, totals, "
            "fingerprint, verdict) to a .csv, .md or .json file.",
            dir_okay=False,
        ),
    ] = None,
    event: Annotated[
        Path | None,
        typer.Option(
            "--event",
            help="An event file (scale, minerals, scenario_cards, data_version) every "
            "list must meet.",
            dir_okay=False,
        ),
    ] = None,
    team: Annotated[
        Path | None,
        typer.Option(
            "--team",
            help="A team file (`minerals:` total, `players:` list files): validate every "
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
        if event is not None or summary is not None:
            # Not applied to a team: failing beats a silently skipped event rule.
            fail("--event and --summary are not used with --team")
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
    rules = None
    if event is not None:
        from armylist.event import EventError, load_event

        try:
            rules = load_event(event)
        except EventError as error:
            fail(f"the event file cannot be used: {error}")
    if summary is not None and summary.suffix.lower() not in (".csv", ".md", ".json"):
        fail(f"--summary {summary}: the file must end in .csv, .md or .json")
    catalog = catalog_or_exit(data)
    report = validate_paths(paths, catalog, event=rules)
    if summary is not None:
        from armylist.reporters import summary as reporter_summary
        from armylist.safewrite import write_text

        kind = reporter_summary.FORMATS[summary.suffix.lower()]
        try:
            write_text(summary, reporter_summary.render(report, kind))
        except OSError as error:
            fail(f"cannot write {summary}: {error.strerror}")
    chosen = _chosen_format(output)
    if chosen is ReportFormat.JSON:
        from armylist.reporters import json as reporter_json

        rendered = reporter_json.render(report, pretty=sys.stdout.isatty())
    elif chosen in (ReportFormat.GITHUB, ReportFormat.JUNIT):
        rendered = _render_for_ci(report, chosen)
    else:
        rendered = text.render(report, width=_width(), color=_color())
    sys.stdout.write(rendered)
    typer.echo(text.summary_line(report), err=True)
    raise typer.Exit(exit_code(report, strict=strict))


def _chosen_format(output: ReportFormat | None) -> ReportFormat:
    """The format asked for; GitHub annotations by default under GitHub Actions."""
    if output is not None:
        return output
    if os.environ.get("GITHUB_ACTIONS") == "true":
        return ReportFormat.GITHUB
    return ReportFormat.TEXT


def _render_for_ci(report: Report, chosen: ReportFormat) -> str:
    """GitHub annotations or JUnit XML, the same for lists and teams."""
    if chosen is ReportFormat.GITHUB:
        from armylist.reporters import github

        return github.render(report)
    from armylist.reporters import junit

    return junit.render(report)


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
    chosen = _chosen_format(output)
    if chosen is ReportFormat.JSON:
        rendered = reporter_team.render_json(team_report)
    elif chosen in (ReportFormat.GITHUB, ReportFormat.JUNIT):
        rendered = _render_for_ci(report, chosen)
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
    from armylist.reporters import cards, text

    if output is ViewFormat.JSON:
        sys.stdout.write(cards.to_json(data))
    else:
        sys.stdout.write(text.to_text(view, width=_width(), color=_color()))  # type: ignore[arg-type]


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
            help="What-if losses: UNIT:MODELS_LOST, optionally @ROUND; UNIT#N:... for the Nth "
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


# -- building lists: new, add, remove, set, build, show, export, schema ---------------


class EditKind(StrEnum):
    """What `add` and `remove` change."""

    CARD = "card"
    UNIT = "unit"
    UPGRADE = "upgrade"
    MISSION = "mission"
    DEPLOYMENT = "deployment"


class ExportChoice(StrEnum):
    """Output formats of `export`."""

    TEXT = "text"
    MARKDOWN = "markdown"
    DISCORD = "discord"
    JSON = "json"


ListFile = Annotated[Path, typer.Argument(help="The army list file.", dir_okay=False)]
UnitOption = Annotated[
    str | None,
    typer.Option(
        "--unit",
        help="For an upgrade: the unit's position (1, 2 ... as `show` numbers them) "
        "or its name when the list has one of it.",
    ),
]


class _TerminalPrompter:
    """The builder's and `new`'s questions at the terminal; EOF ends the session."""

    def say(self, text: str = "") -> None:
        typer.echo(text)

    def ask(self, question: str) -> str:
        try:
            return str(typer.prompt(question, default="", show_default=False))
        except typer.Abort:
            raise EOFError from None


def _stdin_is_terminal() -> bool:
    return sys.stdin.isatty()


def _edit(file: Path, edit: object, data: Path | None) -> None:
    """Make one edit, then print the ledger and the findings it added."""
    from armylist import edits, ledger

    assert isinstance(edit, edits.Edit)
    catalog = catalog_or_exit(data)
    try:
        outcome = edits.edit_file(file, catalog, edit)
    except edits.EditError as error:
        hint = f"\n  hint: {error.hint}" if error.hint else ""
        fail(f"{error.message}{hint}\n  ({file} is unchanged)", error.exit_code)
    except OSError as error:
        fail(f"cannot write {file}: {error.strerror} ({file} is unchanged)")
    typer.echo(f"{file}: {outcome.done}")
    for line in ledger.ledger(outcome.after):
        typer.echo(f"  {line}")
    for line in ledger.findings_block(outcome.new_findings):
        typer.echo("  " + line.replace("\n", "\n  "))
    typer.echo(f"  {ledger.verdict(outcome.after)}")


@app.command()
def new(
    faction: Annotated[
        str | None,
        typer.Option(
            "--faction", "-f", help="The Faction Card. Asked for in a terminal."
        ),
    ] = None,
    scale: Annotated[
        str | None,
        typer.Option(
            "--scale", help="skirmish, standard (the default) or grand-offensive."
        ),
    ] = None,
    minerals: Annotated[
        int | None,
        typer.Option(
            "--minerals", help="The agreed Mineral limit (Grand Offensive: 2,001+)."
        ),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            help="The file (or folder) to write; `-` prints the list. Default: "
            "named after the faction, e.g. raynors-raiders.yaml.",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Overwrite an existing file.")
    ] = False,
    interactive: Annotated[
        bool,
        typer.Option(
            "--interactive",
            "-i",
            help="Ask for what is missing, then open the builder (`armylist build`).",
        ),
    ] = False,
    name: Annotated[str | None, typer.Option("--name", help="The list's name.")] = None,
    data: DataOption = None,
) -> None:
    """Write a starter list: header, empty cards and units, and what the faction may take.

    The comments list the faction's Tactical Cards (gas, slots) and units (compositions,
    costs). It never overwrites a file without --force. In a terminal, a missing
    --faction is asked for (race, Faction Card, scale).

    Exit codes: 0 written; 2 usage error (unknown faction or scale, the file exists, no
    --faction and no terminal to ask, cannot write).

    Examples: `armylist new --faction "Raynor's Raiders"`,
    `armylist new -f zerg-swarm --scale skirmish -o lists/`, `armylist new -f khalai -o -`.
    """
    from armylist import builder, safewrite, starter

    catalog = catalog_or_exit(data)
    asking = interactive or _stdin_is_terminal()
    prompter = _TerminalPrompter()
    chosen_minerals = minerals
    try:
        if faction is None:
            if not asking:
                fail(
                    "no --faction given, and no terminal to ask for it: pass "
                    "--faction NAME (`armylist factions` lists them)"
                )
            chosen = builder.choose_faction(catalog, prompter)
            chosen_scale = (
                builder.choose_scale(catalog, prompter)
                if scale is None
                else _scale(catalog, scale)
            )
        else:
            chosen = _faction(catalog, faction)
            chosen_scale = _scale(catalog, scale or "standard")
        if chosen_scale.minerals is None and minerals is None:
            if not asking:
                fail(
                    f"a {chosen_scale.name} list needs --minerals N, the agreed limit "
                    f"({chosen_scale.minerals_min:,} or more)"
                )
            chosen_minerals = builder.ask_minerals(chosen_scale, prompter)
    except EOFError:
        fail("the input ended before the list was set up; nothing was written")
    if chosen_scale.minerals is None:
        assert chosen_minerals is not None
        if chosen_minerals < chosen_scale.minerals_min:
            fail(
                f"{chosen_scale.name} is {chosen_scale.minerals_min:,} Minerals or "
                f"more, not {chosen_minerals:,}"
            )
    elif minerals is not None and minerals != chosen_scale.minerals:
        fail(
            f"{chosen_scale.name} is {chosen_scale.minerals:,} Minerals: leave "
            "--minerals out, or use --scale grand-offensive"
        )
    text = starter.starter_text(
        catalog, chosen, chosen_scale, minerals=chosen_minerals, name=name
    )
    if output == "-":
        if interactive:
            fail("--interactive needs a file to build in, not `-o -`")
        sys.stdout.write(text)
        return
    path = Path(output) if output else Path(starter.default_file_name(chosen))
    # `-o lists/` names a folder even before it exists (Path drops the slash).
    if path.is_dir() or (output or "").endswith(("/", os.sep)):
        path = path / starter.default_file_name(chosen)
    try:
        safewrite.write_text(path, text, overwrite=force)
    except safewrite.TargetExists:
        fail(
            f"{path} already exists: not overwriting it (--force replaces it, "
            "-o writes another file)"
        )
    except OSError as error:
        fail(f"cannot write {path}: {error.strerror}")
    limit = starter.mineral_limit(chosen_scale, chosen_minerals)
    gas = (limit or 0) * catalog.game.gas_percent // 100
    typer.echo(
        f"Wrote {path}: {chosen.name} ({chosen.race.value}), {chosen_scale.name}, "
        f"{limit or 0:,} Minerals and {gas:,} Vespene Gas."
    )
    if interactive:
        _build(path, catalog)
        return
    import shlex

    quoted = shlex.quote(str(path))
    # Examples this faction may take, so the first step is not refused.
    card = next((c for c in catalog.cards_for(chosen) if c.kind == "tactical"), None)
    unit = next(iter(catalog.units_for(chosen)), None)
    examples = []
    if card is not None:
        examples.append(
            f"armylist add {quoted} card {shlex.quote(card.name)}      # a Tactical Card"
        )
    if unit is not None:
        models = (
            f" --models {unit.compositions[-1].models}"
            if len(unit.compositions) > 1
            else ""
        )
        examples.append(f"armylist add {quoted} unit {shlex.quote(unit.name)}{models}")
    typer.echo("Next steps:")
    for step in (
        *examples,
        f"armylist build {quoted}                  # or a guided menu",
        f"armylist validate {quoted}",
        f"armylist show {quoted}                   # the roster sheet",
        # The list's schema line is relative to the list, so the schema goes beside it.
        f"armylist schema -o {shlex.quote(str(path.parent / starter.SCHEMA_FILE))}"
        "  # completion in editors (README)",
    ):
        typer.echo(f"  {step}")


def _scale(catalog: Catalog, name: str) -> Scale:
    from armylist.names import did_you_mean
    from armylist.starter import resolve_scale

    found = resolve_scale(catalog, name)
    if found is None:
        ids = [s.id for s in catalog.game.scales]
        fail(
            f"unknown scale {name!r}{did_you_mean(name, ids)}; one of {', '.join(ids)}"
        )
    return found


@app.command()
def add(
    file: ListFile,
    kind: Annotated[
        EditKind,
        typer.Argument(help="card, unit, upgrade, mission or deployment."),
    ],
    name: Annotated[str, typer.Argument(help="Its printed name or id.")],
    models: Annotated[
        int | None,
        typer.Option("--models", "-m", help="A unit's composition: number of models."),
    ] = None,
    upgrade: Annotated[
        list[str] | None,
        typer.Option("--upgrade", "-u", help="An upgrade for the unit (repeatable)."),
    ] = None,
    unit: UnitOption = None,
    data: DataOption = None,
) -> None:
    """Add a Tactical Card, a unit (with upgrades), an upgrade, a Mission or Deployment Card.

    Refuses what is impossible (unknown name, a card the tag rule excludes, a Unique
    taken twice, a composition not printed on the card, an upgrade not on the unit's
    card) and leaves the file untouched; otherwise writes it, keeping its comments, and
    prints the Minerals, Vespene Gas and Army Slots ledger and any new findings. Going
    over budget is allowed and reported.

    Exit codes: 0 written (the list may still be illegal: see the findings); 1 the
    file is not a readable list; 2 refused or usage error.

    Examples: `armylist add my.yaml card Barracks`,
    `armylist add my.yaml unit Marine --models 9 --upgrade "Combat Shield"`,
    `armylist add my.yaml upgrade AGG-12 --unit 1`.
    """
    from armylist.edits import Edit

    if (models is not None or upgrade) and kind is not EditKind.UNIT:
        fail("--models and --upgrade go with `add FILE unit NAME`")
    if unit is not None and kind is not EditKind.UPGRADE:
        fail("--unit goes with `add FILE upgrade NAME`")
    edit = Edit(
        action="add",
        kind=kind.value,
        name=name,
        models=models,
        upgrades=tuple(upgrade or ()),
        unit=unit,
    )
    _edit(file, edit, data)


@app.command()
def remove(
    file: ListFile,
    kind: Annotated[
        EditKind,
        typer.Argument(help="card, unit, upgrade, mission or deployment."),
    ],
    name: Annotated[
        str,
        typer.Argument(help="Its name; a unit also by position (1, 2 ...)."),
    ],
    unit: UnitOption = None,
    data: DataOption = None,
) -> None:
    """Remove a card, a unit (by position or name), an upgrade, a Mission/Deployment Card.

    Full-line comments stay in the file; only the removed entry's own end-of-line
    comments go with it. Exit codes as for `add`.

    Examples: `armylist remove my.yaml unit 3`, `armylist remove my.yaml card Barracks`,
    `armylist remove my.yaml upgrade AGG-12 --unit 1`.
    """
    from armylist.edits import Edit

    if unit is not None and kind is not EditKind.UPGRADE:
        fail("--unit goes with `remove FILE upgrade NAME`")
    _edit(file, Edit(action="remove", kind=kind.value, name=name, unit=unit), data)


@app.command("set")
def set_command(
    file: ListFile,
    key: Annotated[
        str,
        typer.Argument(help="name, player, scale, minerals, faction or data_version."),
    ],
    value: Annotated[str, typer.Argument(help="The new value.")],
    data: DataOption = None,
) -> None:
    """Set one of the list's keys: `armylist set my.yaml scale skirmish`.

    A scale or faction is checked against the game data (did you mean); setting a fixed
    scale also updates a `minerals:` line to match. Exit codes as for `add`.
    """
    from armylist.edits import Edit

    _edit(file, Edit(action="set", kind=key, name=value), data)


def _build(path: Path, catalog: Catalog) -> None:
    from armylist import builder, edits

    try:
        session = builder.Builder(path, catalog, _TerminalPrompter())
        outcome = session.run()
    except edits.EditError as error:
        hint = f"\n  hint: {error.hint}" if error.hint else ""
        fail(f"{error.message}{hint}", error.exit_code)
    except EOFError:
        fail(
            f"the input ended: changes since the last save are not written "
            f"({path} holds the last saved list)",
            EXIT_INVALID,
        )
    except OSError as error:
        fail(f"cannot write {path}: {error.strerror}")
    state = "saved" if outcome.saved else "quit without saving"
    typer.echo(
        f"{state}: {path} ({outcome.result.minerals.used:,} Minerals, "
        f"{outcome.result.gas.used:,} Vespene Gas)"
    )


@app.command()
def build(file: ListFile, data: DataOption = None) -> None:
    """A guided menu to build a list with the keyboard: add, remove, upgrades, save.

    It shows the ledger (Minerals, Vespene Gas, each slot type used/available), offers
    only the cards and units the tag rule allows with their costs, and marks what would
    go over budget. Nothing is written until you save.

    Exit codes: 0 quit (saved or not); 1 the input ended before quitting, or the file
    is not a readable list; 2 usage error (no such file, no known Faction Card).

    Example: `armylist build my.yaml` (start one with `armylist new -i`).
    """
    _build(file, catalog_or_exit(data))


def _roster(file: Path, data: Path | None) -> object:
    """The roster of a list file, or exit (2: no such file; 1: not readable)."""
    from armylist import edits
    from armylist.engine import check_text
    from armylist.roster import build_roster

    catalog = catalog_or_exit(data)
    try:
        text, _, _ = edits.read_text(file)
    except edits.EditError as error:
        fail(error.message, error.exit_code)
    result, context = check_text(text, str(file), catalog)
    if context.army is None:
        reason = result.findings[0].message if result.findings else "unreadable"
        fail(f"{file} is not a readable list: {reason}", EXIT_INVALID)
    return build_roster(result, context)


def _legal_or_note(file: Path, valid: bool, errors: int) -> None:
    if not valid:
        typer.echo(
            f"note: {file} is not a legal list ({errors} error(s)); "
            f"`armylist validate {file}` says why",
            err=True,
        )
        raise typer.Exit(EXIT_INVALID)


@app.command()
def show(
    file: ListFile,
    closed: Annotated[
        bool,
        typer.Option(
            "--closed",
            help="Only what the opponent sees under closed lists (§9.1.10): the "
            "Faction and Tactical Cards, and counts.",
        ),
    ] = False,
    data: DataOption = None,
) -> None:
    """Print the roster sheet: cards, and each unit's loadout model by model.

    FOR upgrades replace the weapon on every model carrying it; each SPECIALIST upgrade
    sits on its own model (model 1, model 2 ... in the order the list names them).

    Exit codes: 0 a legal list; 1 the list is illegal (the sheet is still printed) or
    not readable; 2 usage error.

    Examples: `armylist show my.yaml`, `armylist show my.yaml --closed`.
    """
    from armylist.reporters import roster as reporter_roster
    from armylist.roster import Roster

    sheet = _roster(file, data)
    assert isinstance(sheet, Roster)
    view = (
        reporter_roster.render_closed(sheet)
        if closed
        else reporter_roster.render_sheet(sheet)
    )
    from armylist.reporters.text import to_text

    sys.stdout.write(to_text(view, width=_width(), color=_color()))
    _legal_or_note(file, sheet.valid, sheet.errors)


@app.command()
def export(
    file: ListFile,
    output: Annotated[
        ExportChoice,
        typer.Option("--format", help="text, markdown, discord or json."),
    ] = ExportChoice.TEXT,
    data: DataOption = None,
) -> None:
    """Print a compact list to paste into a forum, a Discord message or a form.

    `discord` says on stderr whether it fits Discord's 2,000-character limit; `json` is
    the normalised list with costs.

    Exit codes: 0 a legal list; 1 illegal (still printed) or not readable; 2 usage.

    Examples: `armylist export my.yaml --format markdown`,
    `armylist export my.yaml --format json | jq .totals`.
    """
    from armylist import export as exporting
    from armylist.roster import Roster

    sheet = _roster(file, data)
    assert isinstance(sheet, Roster)
    rendered = exporting.render(sheet, exporting.ExportFormat(output.value))
    sys.stdout.write(rendered)
    if output is ExportChoice.DISCORD:
        size = len(rendered.rstrip("\n"))
        if exporting.fits_discord(rendered):
            typer.echo(
                f"{size:,} of {exporting.DISCORD_LIMIT:,} characters: fits one "
                "Discord message",
                err=True,
            )
        else:
            typer.echo(
                f"{size:,} characters: over Discord's {exporting.DISCORD_LIMIT:,}-"
                "character limit; post it in two messages or as a file",
                err=True,
            )
    _legal_or_note(file, sheet.valid, sheet.errors)


@app.command()
def schema(
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", help="Write the schema to this file instead of stdout."
        ),
    ] = None,
    data: DataOption = None,
) -> None:
    """Print the JSON Schema of the list format, for editors (YAML language server).

    Put `# yaml-language-server: $schema=armylist.schema.json` at the top of a list
    (`armylist new` does) and editors complete and check names as you type.

    Example: `armylist schema -o armylist.schema.json`.
    """
    from armylist import safewrite
    from armylist.schema import schema_json

    text = schema_json(catalog_or_exit(data))
    if output is None:
        sys.stdout.write(text)
        return
    try:
        safewrite.write_text(output, text)
    except OSError as error:
        fail(f"cannot write {output}: {error.strerror}")
    typer.echo(f"wrote {output}", err=True)


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


@app.command("fingerprint")
def fingerprint_command(
    files: Annotated[list[Path], typer.Argument(help="List files.")],
    data: DataOption = None,
) -> None:
    """Print each list's fingerprint: a short id of what the list plays.

    Reordering cards, comments, whitespace, key order and name case do not change it;
    any change of faction, scale, cards, units, models, upgrades or scenario cards does.
    Organisers publish fingerprints of closed lists and reveal the lists later.

    Example: armylist fingerprint mylist.yaml
    """
    from armylist.engine import check_file

    catalog = catalog_or_exit(data)
    code = 0
    for path in files:
        if not path.is_file():
            fail(f"no such file: {path}")
        result = check_file(path, catalog)
        if result.fingerprint is None:
            typer.echo(f"armylist: {path}: the list does not parse", err=True)
            code = 1
            continue
        typer.echo(f"{result.fingerprint}  {path}")
    raise typer.Exit(code)


@app.command("diff")
def diff_command(
    old: Annotated[Path, typer.Argument(help="The list before.", dir_okay=False)],
    new: Annotated[Path, typer.Argument(help="The list after.", dir_okay=False)],
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
) -> None:
    """Compare two lists: cards and units added or removed, and the totals' deltas.

    Example: armylist diff before.yaml after.yaml
    """
    from armylist.engine import check_file
    from armylist.listdiff import diff_results, render

    for path in (old, new):
        if not path.is_file():
            fail(f"no such file: {path}")
    catalog = catalog_or_exit(data)
    result = diff_results(check_file(old, catalog), check_file(new, catalog))
    if output is ViewFormat.JSON:
        from armylist.reporters.cards import to_json

        sys.stdout.write(to_json(result.model_dump(mode="json")))
    else:
        sys.stdout.write(render(result, str(old), str(new)))


@data_app.command("diff")
def data_diff(
    old: Annotated[
        str, typer.Argument(help="The old data: a folder, or a git revision (HEAD~1).")
    ],
    new: Annotated[
        str | None,
        typer.Argument(
            help="The new data: a folder or git revision (default: bundled)."
        ),
    ] = None,
    lists: Annotated[
        Path | None,
        typer.Option(
            "--lists", help="Lists to re-check with both versions.", exists=True
        ),
    ] = None,
    output: ViewOption = ViewFormat.TEXT,
) -> None:
    """Show which costs, slots, tags and compositions changed between two data versions.

    With --lists, also which lists change legality or totals because of it.

    Examples: `armylist data diff old-factions/ factions/`,
    `armylist data diff HEAD~1 --lists lists/`.
    """
    import tempfile

    from armylist.datadiff import RevisionError, diff, export_revision
    from armylist.engine import find_lists, validate_paths

    def load(spec: str | None, folder: Path) -> Catalog:
        if spec is None:
            return catalog_or_exit(None)
        path = Path(spec)
        if not path.is_dir():
            try:
                path = export_revision(spec, Path.cwd(), folder)
            except RevisionError as error:
                fail(f"{spec!r} is neither a data folder nor a git revision: {error}")
        return catalog_or_exit(path)

    with tempfile.TemporaryDirectory() as scratch:
        before = load(old, Path(scratch) / "old")
        after = load(new, Path(scratch) / "new")
    changes = diff(before, after)
    affected: list[dict[str, object]] = []
    if lists is not None:
        paths = list(find_lists([lists]))
        old_report = validate_paths(paths, before)
        new_report = validate_paths(paths, after)
        for a, b in zip(old_report.results, new_report.results, strict=True):
            moved = (a.valid, a.minerals.used, a.gas.used, a.slots) != (
                b.valid,
                b.minerals.used,
                b.gas.used,
                b.slots,
            )
            if moved:
                affected.append(
                    {
                        "file": a.file,
                        "valid": [a.valid, b.valid],
                        "minerals": [a.minerals.used, b.minerals.used],
                        "gas": [a.gas.used, b.gas.used],
                    }
                )
    if output is ViewFormat.JSON:
        from armylist.reporters.cards import to_json

        sys.stdout.write(
            to_json(
                {
                    "old": before.data_version,
                    "new": after.data_version,
                    "changes": [c.model_dump(mode="json") for c in changes],
                    "lists": affected,
                }
            )
        )
        return
    typer.echo(
        f"game data {before.data_version} -> {after.data_version}: "
        f"{len(changes)} change(s)"
    )
    for change in changes:
        typer.echo(f"  {change.describe()}")
    if lists is not None:
        typer.echo(f"lists affected: {len(affected)}")
        for item in affected:
            verdict = ["illegal", "legal"]
            valid = item["valid"]
            minerals = item["minerals"]
            gas = item["gas"]
            assert isinstance(valid, list) and isinstance(minerals, list)
            assert isinstance(gas, list)
            typer.echo(
                f"  {item['file']}: {verdict[valid[0]]} -> {verdict[valid[1]]}, "
                f"Minerals {minerals[0]:,} -> {minerals[1]:,}, Gas {gas[0]} -> {gas[1]}"
            )


def _single_command_app(name: str) -> typer.Typer | None:
    """An app holding just the command asked for, with the same options and help.

    Typer inspects every registered command's signature before it runs one; with twenty
    commands that is a noticeable share of a `validate` run. The console script builds
    only the command it is asked for; `armylist --help` and unknown words still get the
    full app.
    """
    for info in app.registered_commands:
        callback = info.callback
        command = info.name or (callback.__name__.replace("_", "-") if callback else "")
        if command == name and callback is not None:
            single = typer.Typer(
                name="armylist",
                pretty_exceptions_show_locals=False,
                add_completion=False,
            )
            single.callback()(main_options)
            single.command(name, help=info.help)(callback)
            return single
    return None


def main() -> None:
    """Entry point of the `armylist` console script and `python -m armylist`."""
    argv = sys.argv[1:]
    single = (
        _single_command_app(argv[0]) if argv and not argv[0].startswith("-") else None
    )
    (single or app)(prog_name="armylist")
