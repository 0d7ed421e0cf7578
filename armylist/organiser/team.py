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

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from armylist import __version__
from armylist.engine import ListOptions, open_list
from armylist.files import paths, smallfile, yamlsource
from armylist.files.paths import UnusablePath, inside
from armylist.files.reading import UnusableFile, read_list_file
from armylist.findings import Budget, Finding, ListResult, Refused, Report, is_valid
from armylist.gamedata.catalog import Catalog
from armylist.rules.team import TEAM_RULES, Share, TeamContext
from armylist.text import wording
from armylist.text.i18n import _
from armylist.text.names import suggest

# Every key of a team file, with a line a player can copy.
EXAMPLES = {
    "name": "name: Raiders",
    "minerals": "minerals: 4000",
    "players": "players: [alice.yaml, bob.yaml]",
}


class TeamFile(BaseModel):
    """The team file: the agreed Mineral total and the players' list files."""

    # Built when first used: `validate` imports this module, only `--team` uses it.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    name: StrictStr | None = Field(default=None, description="the team's name")
    minerals: StrictInt = Field(ge=1, description="the team's agreed Mineral total")
    players: list[StrictStr] = Field(
        min_length=1, description="the players' list files, relative to the team file"
    )


class PlayerLine(BaseModel):
    """One player's line in the team report."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    player: str | None = Field(description="the list's `player:`")
    file: str
    faction: str | None
    race: str | None
    minerals: Budget = Field(description="spent, and the limit: the player's share")
    gas: Budget = Field(description="spent, and the limit: 10% of the share")
    valid: bool


class TeamResult(BaseModel):
    """The team's own result: its total, the players' shares, team findings."""

    model_config = ConfigDict(defer_build=True)

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

    model_config = ConfigDict(defer_build=True)

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


def _describe(
    item: Any, document: yamlsource.Document, lines: Sequence[str] = ()
) -> smallfile.Located:
    if (decimal := smallfile.read_as_decimal(item, document, lines)) is not None:
        return decimal
    key = str(item["loc"][0]) if item["loc"] else ""
    message, hint = wording.schema_words(
        item,
        what="a team file",
        examples=EXAMPLES,
        suggest=suggest(key, EXAMPLES) if item["type"] == "extra_forbidden" else (),
    )
    return smallfile.Located(smallfile.located(item, document), f"{message}; {hint}")


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
                raise Refused(
                    _("no such team file: {file}").format(file=file)
                ) from None
            case "pipe" | "unreadable":
                raise Refused(
                    _("cannot read the team file {file}: {reason}").format(
                        file=file, reason=error.reason
                    )
                ) from None
            case "content":
                at = error.position
                raise Refused(f"{file}:{at.line}:{at.column}: {error.reason}") from None
    try:
        return smallfile.read_model(
            text,
            TeamFile,
            file=file,
            shape=_(
                "a team file is a mapping like `minerals: 4000` and "
                "`players: [a.yaml, b.yaml]`"
            ),
            describe=functools.partial(_describe, lines=text.splitlines()),
        )
    except smallfile.FileProblem as problem:
        raise Refused(
            _(
                "the team file cannot be used (it needs `minerals: N` and "
                "`players: [list files]`):\n{problem}"
            ).format(problem=problem)
        ) from None


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
    except UnusablePath as outside:
        raise Refused(
            _("{path}: the player list {message}").format(
                path=path, message=outside.message
            )
        ) from None
    for name, file in zip(team.players, files, strict=True):
        if (why := paths.unreachable(file)) is not None:
            raise Refused(
                _("{path}: cannot read the player list {file}: {reason}").format(
                    path=path, file=name, reason=why
                )
            )
    missing = [
        name
        for name, file in zip(team.players, files, strict=True)
        if not paths.exists(file) or paths.is_dir(file)
    ]
    if missing:
        raise Refused(
            _(
                "{path}: no such player list file: {files} (paths are relative to "
                "the team file's folder, {folder})"
            ).format(path=path, files=", ".join(missing), folder=base)
        )
    # Each player builds their own army (§9.1.8): one list twice counts its share twice.
    seen: dict[Path, str] = {}
    for name, file in zip(team.players, files, strict=True):
        real = paths.resolved(file)
        if real in seen:
            raise Refused(
                _(
                    "{path}: the player list {name} is given twice (as {first} and "
                    "{second}); each player brings their own list"
                ).format(
                    path=path, name=name, first=repr(seen[real]), second=repr(name)
                )
            )
        seen[real] = name
    # A player's own `minerals:` is their share of the team's total (§9.1.8).
    options = ListOptions(team_share=True, strict=strict)
    results = [open_list(file, catalog, options=options).result for file in files]
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
