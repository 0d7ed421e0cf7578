"""The text (Rich) rendering of a team validation; its JSON is in `reporters.json`."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.text import Text

from armylist.organiser.team import TeamReport
from armylist.reporters import text
from armylist.reporters.fit import FitTable
from armylist.reporters.text import to_text
from armylist.text.i18n import _
from armylist.text.numbers import people


def _budget(used: int, limit: int | None) -> Text:
    shown = _("{used} of {limit}").format(
        used=people(used), limit="?" if limit is None else people(limit)
    )
    return Text(shown, style="red" if limit is not None and used > limit else "")


def _team(report: TeamReport) -> RenderableType:
    team = report.team
    title = (
        _("Team {name} ({file})").format(name=team.name, file=team.file)
        if team.name
        else _("Team ({file})").format(file=team.file)
    )
    player_column, listed, faction = _("Player"), _("List"), _("Faction")
    share_column = _("Share")
    # Team, player and file names are the user's text: Text() keeps them from markup.
    table = FitTable(
        title=Text(title, style="table.title"),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        whole=(faction,),
        fold=(player_column, listed),
    )
    columns = (player_column, listed, faction, share_column, _("Minerals spent"), "Gas")
    for column in columns:
        # Fold, not "…": two lists in one long folder must still be told apart.
        table.add_column(
            column,
            justify="right" if column == share_column else "left",
            overflow="fold" if column in (player_column, listed) else "ellipsis",
        )
    table.add_column(_("Legal"))
    for player in team.players:
        share = player.minerals.limit
        table.add_row(
            Text(player.player or "-"),
            Text(player.file),
            Text(player.faction or "?"),
            "?" if share is None else people(share),
            _budget(player.minerals.used, share),
            _budget(player.gas.used, player.gas.limit),
            Text(_("yes"), style="green")
            if player.valid
            else Text(_("no"), style="red"),
        )
    left = team.minerals - team.allocated
    budget = _budget(team.allocated, team.minerals)
    split = (
        _("Team Minerals: {budget} split to players ({left} not split, lost)")
        if left > 0
        else _("Team Minerals: {budget}")
    )
    before, _found, after = split.partition("{budget}")
    parts: list[RenderableType] = [
        table,
        Text.assemble(before, budget, after.format(left=people(left))),
    ]
    if team.findings:
        parts.append(text.findings_grid(team.findings))
    if team.valid:
        parts.append(Text(_("✔ legal team"), style="bold green"))
    else:
        parts.append(Text(_("✘ illegal team"), style="bold red"))
    return Group(*parts)


def render_text(report: TeamReport, *, width: int = 100, color: bool = False) -> str:
    """Each player's list as `validate` shows it, then the team."""
    blocks: list[RenderableType] = []
    for result in report.results:
        blocks += [text.render_result(result), Text("")]
    blocks.append(_team(report))
    return to_text(Group(*blocks), width=width, color=color)
