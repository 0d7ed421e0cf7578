"""Text (Rich) and JSON renderings of a mission and deployment draft."""

from __future__ import annotations

import json
from typing import assert_never

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armylist.gameday.draft import DraftResult, Move
from armylist.i18n import _
from armylist.reporters import Terminal, ViewFormat
from armylist.reporters.fit import FitTable
from armylist.reporters.text import to_text


def move_line(move: Move) -> str:
    """One transcript line: '3. Alice bans Typhoon (Bob)'."""
    return f"{move.step:>2}. {move.text}"


def _result(draft: DraftResult) -> Table:
    table = FitTable(
        title="Result", box=box.SIMPLE, title_justify="left", show_header=False
    )
    table.add_column("")
    table.add_column("")
    table.add_row(_("Priority"), Text(draft.priority.reason))
    if draft.orientation is not None:
        table.add_row(
            _("Orientation"),
            Text(
                _(
                    "the Deployment is oriented from {side}'s side of the table "
                    "({player}'s choice)"
                ).format(
                    side=draft.orientation.side, player=draft.orientation.chosen_by
                )
            ),
        )
    mission = draft.mission
    # Player and file names are the user's text: Text() keeps them from Rich markup.
    table.add_row(
        "Mission",
        Text(
            f"{mission.name} (brought by {mission.brought_by}): Starting Supply "
            f"{mission.starting_supply}, Supply Escalation "
            f"+{mission.supply_escalation}, {mission.game_length} rounds"
        ),
    )
    table.add_row(
        "Deployment",
        Text(f"{draft.deployment.name} (brought by {draft.deployment.brought_by})"),
    )
    table.add_row("Battlefield", draft.battlefield)
    for side in draft.sides:
        table.add_row(
            side.colour,
            Text(
                f"{side.player} ({side.file}): controlled the {side.controls} "
                f"draft; markers {' and '.join(str(m) for m in side.markers)}"
            ),
        )
    table.add_row("Marker 5", "neutral")
    table.add_row(
        "Terrain",
        f"pre-designed map {draft.terrain.roll} ({draft.terrain.die}), or placed in "
        f"turns starting with Red",
    )
    table.add_row(
        "Set-up",
        Text(f"{draft.first_in_setup} (Red) goes first: terrain, then markers"),
    )
    table.add_row("Seed", f"{draft.seed} (replay with --seed {draft.seed})")
    return table


def render_text(draft: DraftResult, *, width: int = 100, color: bool = False) -> str:
    """The transcript, then the result."""
    parts: list[RenderableType] = [
        Text(f"Draft ({draft.scale_name}, seed {draft.seed})", style="bold")
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
