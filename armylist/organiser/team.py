"""Team games (§9.1.8): validate every player's list and the team's Mineral split.

A team file names the team's agreed Mineral total and the players' list files (paths
relative to the team file):

    minerals: 4000
    players: [alice.yaml, bob.yaml]

Each list is validated on its own (own Faction Card, own Tactical Cards; races may
repeat). A player's share of the Minerals is their list's `minerals:` (the scale's
limit when omitted); the team splits its total freely, so in a team the scale's fixed
limit does not bind a list that gives `minerals:` and the `scale` rule's limit check is
waived for it. Each player's Vespene Gas limit is 10% of their own share. The team rules
(`team-minerals`) then check the shares against the total.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from armylist import __version__, paths, plain, yamlsource
from armylist.checked import Refused
from armylist.engine import RunOptions, run, unreadable_result
from armylist.findings import Budget, Finding, ListResult, Report, is_valid
from armylist.gamedata.catalog import Catalog
from armylist.listfile import UnusableFile, read_list, read_list_file
from armylist.names import suggest
from armylist.paths import OutsideFolder, inside
from armylist.resolved import resolve
from armylist.rules import budget
from armylist.rules.team import TEAM_RULES, Share, TeamContext

# Every key of a team file, with a line a player can copy.
EXAMPLES = {
    "name": "name: Raiders",
    "minerals": "minerals: 4000",
    "players": "players: [alice.yaml, bob.yaml]",
}


class TeamFile(BaseModel):
    """The team file: the agreed Mineral total and the players' list files."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: StrictStr | None = Field(default=None, description="the team's name")
    minerals: StrictInt = Field(ge=1, description="the team's agreed Mineral total")
    players: list[StrictStr] = Field(
        min_length=1, description="the players' list files, relative to the team file"
    )


class PlayerLine(BaseModel):
    """One player's line in the team report."""

    model_config = ConfigDict(frozen=True)

    player: str | None = Field(description="the list's `player:`")
    file: str
    faction: str | None
    race: str | None
    minerals: Budget = Field(description="spent, and the limit: the player's share")
    gas: Budget = Field(description="spent, and the limit: 10% of the share")
    valid: bool


class TeamResult(BaseModel):
    """The team's own result: its total, the players' shares, team findings."""

    file: str
    name: str | None
    minerals: int
    allocated: int
    players: list[PlayerLine]
    findings: list[Finding]
    strict: bool = Field(default=False, description="warnings fail too (--strict)")

    @property
    def valid(self) -> bool:
        """No team-level finding fails it and every player's list passes."""
        return all(p.valid for p in self.players) and is_valid(
            self.findings, strict=self.strict
        )


class TeamReport(BaseModel):
    """Everything one `validate --team` run found."""

    armylist_version: str
    data_version: str
    team: TeamResult
    results: list[ListResult] = Field(description="each player's list, in team order")

    def as_report(self) -> Report:
        """A plain Report (players' lists, then the team file) for any reporter."""
        team = ListResult(
            file=self.team.file,
            valid=is_valid(self.team.findings, strict=self.team.strict),
            name=self.team.name or "team",
            minerals=Budget(used=self.team.allocated, limit=self.team.minerals),
            findings=self.team.findings,
        )
        return Report(
            armylist_version=self.armylist_version,
            data_version=self.data_version,
            results=[*self.results, team],
            strict=self.team.strict,
        )


def _where(document: yamlsource.Document, item: Any) -> yamlsource.Position:
    path = tuple(p for p in item["loc"] if isinstance(p, str | int))
    # An unknown key is pointed at by its key, a wrong value by its value.
    if item["type"] == "extra_forbidden":
        return document.where_key(path)
    return document.where(path)


def read_team(
    path: Path, label: str | None = None
) -> tuple[TeamFile, yamlsource.Document]:
    """Read and check a team file; refuses (exit 2) with `file:line:column: message`."""
    file = label or str(path)
    try:
        text = read_list_file(path, file).text
    except UnusableFile as error:
        match error.kind:
            case "missing" | "folder":
                raise Refused(f"no such team file: {file}") from None
            case "pipe" | "unreadable":
                raise Refused(
                    f"cannot read the team file {file}: {error.reason}"
                ) from None
            case "content":
                at = error.position
                raise Refused(f"{file}:{at.line}:{at.column}: {error.reason}") from None
    try:
        document = yamlsource.load(text)
    except yamlsource.YamlProblem as problem:
        at = problem.position
        raise Refused(f"{file}:{at.line}:{at.column}: {problem.message}") from None
    if not isinstance(document.data, dict):
        raise Refused(
            f"{file}: a team file is a mapping like `minerals: 4000` and "
            "`players: [a.yaml, b.yaml]`"
        )
    if document.duplicates:
        # The loader keeps the first value: a second `minerals:` must not pass unseen.
        raise Refused(
            "the team file gives a key twice:\n"
            + "\n".join(
                f"{file}:{d.position.line}:{d.position.column}: {d.key!r} is already "
                f"given on line {d.first.line}"
                for d in document.duplicates
            )
        )
    try:
        team = TeamFile.model_validate(document.data)
    except ValidationError as error:
        lines = []
        for item in error.errors():
            at = _where(document, item)
            key = str(item["loc"][0]) if item["loc"] else ""
            message, hint = plain.schema_words(
                item,
                what="a team file",
                examples=EXAMPLES,
                suggest=suggest(key, EXAMPLES)
                if item["type"] == "extra_forbidden"
                else (),
            )
            lines.append(f"{file}:{at.line}:{at.column}: {message}; {hint}")
        raise Refused(
            "the team file cannot be used (it needs `minerals: N` and "
            "`players: [list files]`):\n" + "\n".join(lines)
        ) from None
    return team, document


# The one rule a team player's own `minerals:` waives (see the module's docstring).
_WAIVED = frozenset({budget.scale.name})


def check_player(path: Path, catalog: Catalog, label: str) -> ListResult:
    """Validate one player's list, with their `minerals:` as their Mineral limit."""
    try:
        text = read_list_file(path, label).text
    except UnusableFile as error:
        return unreadable_result(error, catalog)
    resolved = resolve(read_list(text), label, catalog)
    army = resolved.army
    # A share of no Minerals or less is no share: the `scale` rule reports it.
    if (
        army is None
        or army.minerals is None
        or army.minerals < 1
        or resolved.scale is None
    ):
        return run(resolved)
    # The team splits its Minerals freely: the list's own amount is its limit (§9.1.8).
    return run(resolved, RunOptions(mineral_limit=army.minerals, waive=_WAIVED))


def validate_team(
    path: Path, catalog: Catalog, *, strict: bool = False, allow_outside: bool = False
) -> TeamReport:
    """Validate a team file: every player's list, then the team rules; with
    ``strict``, a warning fails a list (and so the team) too. A player's list outside
    the team file's folder is refused unless ``allow_outside``."""
    team, document = read_team(path)
    base = path.parent
    try:
        files = [
            inside(base, name, allow_outside=allow_outside) for name in team.players
        ]
    except OutsideFolder as outside:
        raise Refused(f"{path}: the player list {outside.message}") from None
    missing = [
        name
        for name, file in zip(team.players, files, strict=True)
        if not paths.exists(file) or paths.is_dir(file)
    ]
    if missing:
        raise Refused(
            f"{path}: no such player list file: {', '.join(missing)} (paths are "
            f"relative to the team file's folder, {base})"
        )
    # Each player builds their own army (§9.1.8): one list twice counts its share twice.
    seen: dict[Path, str] = {}
    for name, file in zip(team.players, files, strict=True):
        real = paths.resolved(file)
        if real in seen:
            raise Refused(
                f"{path}: the player list {name} is given twice (as "
                f"{seen[real]!r} and {name!r}); each player brings their own list"
            )
        seen[real] = name
    results = [
        replace(result, valid=is_valid(result.findings, strict=strict))
        for result in (check_player(file, catalog, str(file)) for file in files)
    ]
    lines = [
        PlayerLine(
            player=result.player,
            file=result.file,
            faction=result.faction,
            race=result.race,
            minerals=result.minerals,
            gas=result.gas,
            valid=result.valid,
        )
        for result in results
    ]
    label = str(path)
    context = TeamContext(
        file=label,
        minerals=team.minerals,
        minerals_at=document.where_key(("minerals",)),
        shares=tuple(
            Share(player=line.player, file=line.file, minerals=line.minerals.limit)
            for line in lines
        ),
    )
    findings = sorted(
        (f for rule in TEAM_RULES for f in rule.run(context)),
        key=lambda f: f.sort_key(),
    )
    return TeamReport(
        armylist_version=__version__,
        data_version=catalog.data_version,
        team=TeamResult(
            file=label,
            name=team.name,
            minerals=team.minerals,
            allocated=context.allocated,
            players=lines,
            findings=findings,
            strict=strict,
        ),
        results=results,
    )
