"""Text (Rich) and JSON renderings of a mission and deployment draft."""

from __future__ import annotations

import json
from typing import assert_never

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armylist.gameday.draftrecord import DraftResult, Move
from armylist.reporters import Terminal, ViewFormat
from armylist.reporters.fit import FitTable
from armylist.reporters.text import to_text
from armylist.text.i18n import N_, _


def move_line(move: Move) -> str:
    """One transcript line: '3. Alice bans Typhoon (Bob)'."""
    return f"{move.step:>2}. {move.text}"


_COLOURS = {"Red": N_("Red"), "Blue": N_("Blue")}
_CONTROLLED = {
    "mission": N_(
        "{player} ({file}): controlled the mission draft; markers {first} and {second}"
    ),
    "deployment": N_(
        "{player} ({file}): controlled the deployment draft; markers {first} and "
        "{second}"
    ),
}


def _result(draft: DraftResult) -> Table:
    table = FitTable(
        title=_("Result"), box=box.SIMPLE, title_justify="left", show_header=False
    )
    table.add_column("")
    table.add_column("")
    table.add_row(_("Priority"), Text(draft.priority.reason))
    if draft.orientation is not None:
        table.add_row(
            _("Orientation"),
            Text(
                (
                    _(
                        "the Deployment is oriented from {player}'s own side of the "
                        "table ({player}'s choice)"
                    )
                    if draft.orientation.side == draft.orientation.chosen_by
                    else _(
                        "the Deployment is oriented from {side}'s side of the table "
                        "({player}'s choice)"
                    )
                ).format(
                    side=draft.orientation.side, player=draft.orientation.chosen_by
                )
            ),
        )
    mission = draft.mission
    # Player and file names are the user's text: Text() keeps them from Rich markup.
    table.add_row(
        _("Mission"),
        Text(
            _(
                "{mission} (brought by {player}): Starting Supply {starting}, Supply "
                "Escalation +{escalation}, {rounds} rounds"
            ).format(
                mission=mission.name,
                player=mission.brought_by,
                starting=mission.starting_supply,
                escalation=mission.supply_escalation,
                rounds=mission.game_length,
            )
        ),
    )
    table.add_row(
        _("Deployment"),
        Text(
            _("{deployment} (brought by {player})").format(
                deployment=draft.deployment.name, player=draft.deployment.brought_by
            )
        ),
    )
    table.add_row(_("Battlefield"), draft.battlefield)
    for side in draft.sides:
        # Each colour has two markers (1 and 3 Red, 2 and 4 Blue: §9.3).
        first, second = side.markers
        table.add_row(
            _(_COLOURS[side.colour]),
            Text(
                _(_CONTROLLED[side.controls]).format(
                    player=side.player, file=side.file, first=first, second=second
                )
            ),
        )
    table.add_row(_("Marker 5"), _("neutral"))
    table.add_row(
        _("Terrain"),
        _(
            "pre-designed map {roll} ({die}), or placed in turns starting with Red"
        ).format(roll=draft.terrain.roll, die=draft.terrain.die),
    )
    table.add_row(
        _("Set-up"),
        Text(
            _("{player} (Red) goes first: terrain, then markers").format(
                player=draft.first_in_setup
            )
        ),
    )
    table.add_row(
        _("Seed"), _("{seed} (replay with --seed {seed})").format(seed=draft.seed)
    )
    return table


def render_text(draft: DraftResult, *, width: int = 100, color: bool = False) -> str:
    """The transcript, then the result."""
    parts: list[RenderableType] = [
        Text(
            _("Draft ({scale}, seed {seed})").format(
                scale=draft.scale_name, seed=draft.seed
            ),
            style="bold",
        )
    ]
    # The step number in its own column: a long step wraps under its text.
    steps = Table.grid(padding=(0, 1))
    steps.add_column(justify="right", no_wrap=True)
    steps.add_column()
    for move in draft.transcript:
        steps.add_row(f"{move.step}.", Text(move.text))
    parts.append(steps)
    parts.append(_result(draft))
    return to_text(Group(*parts), width=width, color=color)


def render_json(draft: DraftResult) -> str:
    """The draft as JSON, keys sorted."""
    return (
        json.dumps(
            draft.model_dump(mode="json"), indent=2, sort_keys=True, ensure_ascii=False
        )
        + "\n"
    )


def render(draft: DraftResult, chosen: ViewFormat, terminal: Terminal) -> str:
    """The draft in the chosen format."""
    match chosen:
        case ViewFormat.TEXT:
            return render_text(draft, width=terminal.width, color=terminal.color)
        case ViewFormat.JSON:
            return render_json(draft)
        case _:
            assert_never(chosen)
