"""The Supply a player lost in a round, as a number or as losses named unit by unit.

Named losses ("2 Zealot", "Stalker#2") need both players' lists: each takes models off
the unit it names, and the Supply lost is what the unit's Supply falls by (§6.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from armylist.findings import Refused
from armylist.gameday.planner import parse_losses
from armylist.scoring.record import ArmyUnit, Game, RecordError, RoundRecord, Side
from armylist.scoring.scored import SIDE_NAMES
from armylist.text.i18n import _, ngettext
from armylist.text.names import did_you_mean, key
from armylist.text.numbers import people


@dataclass
class Army:
    """A player's units and the models each has left, as the losses are applied."""

    units: tuple[ArmyUnit, ...]
    models: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.models = [u.models for u in self.units]


def lost_supply(
    game: Game,
    armies: dict[Side, Army] | None,
    index: int,
    entry: RoundRecord,
    side: Side,
) -> tuple[int, list[str]]:
    """The Supply ``side`` lost this round, and notes on summoned units; ``armies``
    (None: the record has no lists) takes the losses the record names unit by unit."""
    value = entry.supply_lost.of(side)
    line = game.round_line(index, "supply_lost", side)
    if value is None:
        return 0, []
    if isinstance(value, int):
        return value, []
    if armies is None:
        raise RecordError(
            _(
                "round {round}: supply_lost.{side} names units ({value}); that "
                "needs both players' lists (players.red.list and players.blue.list): "
                "otherwise give the Supply lost as a number"
            ).format(round=entry.round, side=side, value=repr(value)),
            line,
        )
    try:
        losses = parse_losses([value] if isinstance(value, str) else value)
    except Refused as refused:
        raise RecordError(
            _("round {round}: {problem}").format(
                round=entry.round, problem=refused.message
            ),
            line,
        ) from None
    army = armies[side]
    lost = 0
    notes: list[str] = []
    for loss in losses:
        if key(loss.unit) in game.summoned:
            notes.append(
                _(
                    "{unit} is a summoned unit: it never counts for the score "
                    "(§9.1.9), so its losses give no VP"
                ).format(unit=loss.unit)
            )
            continue
        if loss.round is not None:
            raise RecordError(
                _(
                    "round {round}: the loss {loss} names a round; a record gives "
                    "each round's losses in that round: write it without @ROUND"
                ).format(round=entry.round, loss=repr(loss.text)),
                line,
            )
        same = [
            i
            for i, u in enumerate(army.units)
            if key(loss.unit) in (key(u.card.name), key(u.card.id))
        ]
        if len(same) < loss.nth:
            names = sorted({u.card.name for u in army.units})
            facts = {
                "round": entry.round,
                "loss": repr(loss.text),
                "side": _(SIDE_NAMES[side]),
                "unit": repr(loss.unit),
                "count": people(len(same)),
                "units": ", ".join(names),
            }
            held = (
                ngettext(
                    "round {round}: the loss {loss}: {side}'s list has {count} unit "
                    "called {unit}; its units are {units}",
                    "round {round}: the loss {loss}: {side}'s list has {count} units "
                    "called {unit}; its units are {units}",
                    len(same),
                )
                if same
                else _(
                    "round {round}: the loss {loss}: {side}'s list has no unit called "
                    "{unit}{did_you_mean}; its units are {units}"
                )
            )
            raise RecordError(
                held.format(did_you_mean=did_you_mean(loss.unit, names), **facts),
                line,
            )
        i = same[loss.nth - 1]
        unit = army.units[i]
        before = army.models[i]
        if loss.models > before:
            raise RecordError(
                ngettext(
                    "round {round}: the loss {loss}: {unit} has {count} model left; "
                    "it cannot lose {models}",
                    "round {round}: the loss {loss}: {unit} has {count} models left; "
                    "it cannot lose {models}",
                    before,
                ).format(
                    round=entry.round,
                    loss=repr(loss.text),
                    unit=unit.card.name,
                    count=people(before),
                    models=loss.models,
                ),
                line,
            )
        after = before - loss.models
        army.models[i] = after
        supply_after = (unit.card.supply_at(after) or 0) if after else 0
        lost += (unit.card.supply_at(before) or 0) - supply_after
    return lost, notes
