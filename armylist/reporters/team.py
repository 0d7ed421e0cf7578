"""The text (Rich) rendering of a team validation; its JSON is in `reporters.json`."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.text import Text

from armylist.findings import verdict
from armylist.organiser.team import TeamReport
from armylist.reporters import text
from armylist.reporters.fit import FitTable
from armylist.reporters.text import to_text


def _budget(used: int, limit: int | None) -> Text:
    if limit is None:
        return Text(f"{used:,} of ?")
    return Text(f"{used:,} of {limit:,}", style="red" if used > limit else "")


def _team(report: TeamReport) -> RenderableType:
    team = report.team
    title = f"Team {team.name}" if team.name else "Team"
    # Team, player and file names are the user's text: Text() keeps them from markup.
    table = FitTable(
        title=Text(f"{title} ({team.file})", style="table.title"),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        whole=("Faction",),
        fold=("Player", "List"),
    )
    for column in ("Player", "List", "Faction", "Share", "Minerals spent", "Gas"):
        # Fold, not "…": two lists in one long folder must still be told apart.
        table.add_column(
            column,
            justify="right" if column == "Share" else "left",
            overflow="fold" if column in ("Player", "List") else "ellipsis",
        )
    table.add_column("Legal")
    for player in team.players:
        share = player.minerals.limit
        table.add_row(
            Text(player.player or "-"),
            Text(player.file),
            Text(player.faction or "?"),
            "?" if share is None else f"{share:,}",
            _budget(player.minerals.used, share),
            _budget(player.gas.used, player.gas.limit),
            Text("yes", style="green") if player.valid else Text("no", style="red"),
        )
    left = team.minerals - team.allocated
    parts: list[RenderableType] = [
        table,
        Text.assemble(
            "Team Minerals: ",
            _budget(team.allocated, team.minerals),
            f" split to players ({left:,} not split, lost)" if left > 0 else "",
        ),
    ]
    if team.findings:
        parts.append(text.findings_grid(team.findings))
    mark, style = ("✔", "bold green") if team.valid else ("✘", "bold red")
    parts.append(Text(f"{mark} {verdict(team.valid)} team", style=style))
    return Group(*parts)


def render_text(report: TeamReport, *, width: int = 100, color: bool = False) -> str:
    """Each player's list as `validate` shows it, then the team."""
    blocks: list[RenderableType] = []
    for result in report.results:
        blocks += [text.render_result(result), Text("")]
    blocks.append(_team(report))
    return to_text(Group(*blocks), width=width, color=color)
