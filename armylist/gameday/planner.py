"""The Supply planner: the Supply Pool round by round and a deployment plan (§6, §8.3).

Rules used (RULES.md, Supply):
- Round 1's Supply Pool is the Mission Card's Starting Supply; each later round adds the
  card's Supply Escalation; the last round (the card's game length) is unlimited.
- A unit enters from reserve only if its current Supply fits the Available Supply
  (Pool minus the Supply already on the table). Casualties lower Supply at once, by the
  unit's Supply Profile, and destroyed units free their Supply.
- At the start of the last scoring phase every unit still in reserve counts as
  destroyed (§8.10).

The plan enters units first-fit: each round the reserve is walked in deployment order
(the list's order, or `order`) and every unit whose Supply fits enters; a unit too big
for the room left waits without blocking smaller units behind it. The plan's answer
is `supplyplan`; `armylist supply` over a list file is `planfile`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from armylist.engine import CheckedList
from armylist.findings import Refused, blocking, refuse_findings
from armylist.gamedata.models import Mission, Unit
from armylist.gameday.supplyplan import (
    LossEvent,
    PlanUnit,
    PlanWarning,
    RoundPlan,
    SupplyPlan,
    UnitSupply,
)
from armylist.resolved import Context
from armylist.text.i18n import _, ngettext
from armylist.text.names import did_you_mean, key
from armylist.text.numbers import people, read_int

# The validator's findings that leave a list without a plan: its units are unknown.
BLOCKING_RULES = ("yaml-syntax", "list-schema", "unknown-unit", "composition")

_LOSS = re.compile(
    # ASCII digits, and few: int() of a 5,000-digit count would raise.
    r"^\s*(?P<unit>[^:#@]+?)\s*(?:#\s*(?P<nth>[0-9]{1,9})\s*)?:\s*(?P<models>[0-9]{1,9})"
    r"\s*(?:@\s*(?P<round>[0-9]{1,9})\s*)?$"
)


class Recruit(BaseModel):
    """A unit as the planner needs it: its card and the models it starts with."""

    model_config = ConfigDict(frozen=True)

    card: Unit
    models: int = Field(ge=1)

    @property
    def supply(self) -> int:
        """Starting Supply, from the Supply Profile (0 when no band covers it)."""
        return self.card.supply_at(self.models) or 0

    @property
    def label(self) -> str:
        """E.g. 'Marine (9)'."""
        return f"{self.card.name} ({self.models})"


class Loss(BaseModel):
    """A what-if: a unit loses models in a round (`Marine:3`, `Marine#2:3@2`)."""

    model_config = ConfigDict(frozen=True)

    unit: str = Field(description="the unit's printed name or id")
    nth: int = Field(
        default=1, ge=1, description="which unit of that name, in list order"
    )
    models: int = Field(ge=1, description="models lost")
    round: int | None = Field(
        default=None, ge=1, description="the round; by default the one it enters in"
    )

    @property
    def text(self) -> str:
        """The what-if as written on the command line."""
        nth = f"#{self.nth}" if self.nth > 1 else ""
        at = f"@{self.round}" if self.round is not None else ""
        return f"{self.unit}{nth}:{self.models}{at}"


def supply_pool(mission: Mission, round_number: int) -> int | None:
    """The Supply Pool of a round (§8.3.1); None in the last round (unlimited)."""
    if round_number >= mission.game_length:
        return None
    return mission.starting_supply + mission.supply_escalation * (round_number - 1)


def parse_losses(texts: Iterable[str]) -> list[Loss]:
    """`Marine:3`, `Marine#2:3@2`; several may be given comma-separated."""
    losses: list[Loss] = []
    for text in texts:
        for part in (p for p in text.split(",") if p.strip()):
            match = _LOSS.match(part)
            # Models lost, the Nth unit and the round all count from 1.
            if match is None or any(
                match[group] is not None and read_int(match[group]) < 1
                for group in ("models", "nth", "round")
            ):
                raise Refused(
                    _(
                        "cannot read the loss {loss}: write UNIT:MODELS_LOST, "
                        "optionally UNIT#N:MODELS (the Nth unit of that name) and "
                        "@ROUND, e.g. Marine:3 or Marine#2:3@2"
                    ).format(loss=repr(part.strip()))
                )
            losses.append(
                Loss(
                    unit=match["unit"],
                    nth=read_int(match["nth"] or "1"),
                    models=read_int(match["models"]),
                    round=read_int(match["round"]) if match["round"] else None,
                )
            )
    return losses


def plannable(checked: CheckedList) -> Context:
    """The context of a list whose units are known; refuses (exit 1) otherwise."""
    stopping = blocking(checked.result.findings, BLOCKING_RULES)
    if stopping or checked.context is None or checked.context.army is None:
        raise refuse_findings(
            _("{file}: cannot plan the Supply of this list").format(
                file=checked.result.file
            ),
            stopping,
        )
    return checked.context


def recruits(context: Context) -> list[Recruit]:
    """The units that start in reserve, in list order (summoned units never do)."""
    return [
        Recruit(card=u.unit, models=u.composition.models)
        for u in context.units
        if u.composition is not None and not u.unit.summoned
    ]


def _matches(recruit: Recruit, name: str) -> bool:
    return key(name) in (key(recruit.card.name), key(recruit.card.id))


def _names(units: Sequence[Recruit]) -> list[str]:
    return list(dict.fromkeys(u.card.name for u in units))


def deployment_order(units: Sequence[Recruit], order: Sequence[str]) -> list[int]:
    """Indexes of ``units`` in deployment order: the named ones first, then the rest.

    Each name takes the next unit of that name not yet placed, in list order.
    """
    placed: list[int] = []
    for name in order:
        index = next(
            (i for i, u in enumerate(units) if i not in placed and _matches(u, name)),
            None,
        )
        if index is None:
            if any(_matches(u, name) for u in units):
                raise Refused(
                    _("--order names {name} more times than the list has it").format(
                        name=repr(name)
                    )
                )
            raise Refused(
                _(
                    "--order names {name}, which is not in the list{did_you_mean}; "
                    "its units are {names}"
                ).format(
                    name=repr(name),
                    did_you_mean=did_you_mean(name, _names(units)),
                    names=", ".join(_names(units)),
                )
            )
        placed.append(index)
    return placed + [i for i in range(len(units)) if i not in placed]


@dataclass
class _State:
    recruit: Recruit
    position: int
    models: int
    supply: int
    enters: int | None = None
    destroyed: int | None = None

    @property
    def on_table(self) -> bool:
        return self.enters is not None and self.destroyed is None


def _target(states: Sequence[_State], loss: Loss) -> _State:
    by_list = sorted(states, key=lambda s: s.position)
    same = [s for s in by_list if _matches(s.recruit, loss.unit)]
    if not same:
        names = _names([s.recruit for s in by_list])
        raise Refused(
            _(
                "the loss {loss} names {unit}, which is not in the list"
                "{did_you_mean}; its units are {names}"
            ).format(
                loss=repr(loss.text),
                unit=repr(loss.unit),
                did_you_mean=did_you_mean(loss.unit, names),
                names=", ".join(names),
            )
        )
    if loss.nth > len(same):
        raise Refused(
            _("the loss {loss} names {unit} #{nth}, but the list has {count}").format(
                loss=repr(loss.text), unit=loss.unit, nth=loss.nth, count=len(same)
            )
        )
    return same[loss.nth - 1]


def _apply(state: _State, loss: Loss, round_number: int) -> LossEvent:
    if not state.on_table:
        where = (
            _(
                "the loss {loss}: {unit} was wiped out in round {round}; only units "
                "on the table lose models"
            )
            if state.destroyed
            else _(
                "the loss {loss}: {unit} is still in reserve in round {round}; only "
                "units on the table lose models"
            )
        )
        raise Refused(
            where.format(
                loss=repr(loss.text), unit=state.recruit.label, round=round_number
            )
        )
    if loss.models > state.models:
        raise Refused(
            ngettext(
                "the loss {loss}: {unit} has {count} model left in round {round}; "
                "it cannot lose {models}",
                "the loss {loss}: {unit} has {count} models left in round {round}; "
                "it cannot lose {models}",
                state.models,
            ).format(
                loss=repr(loss.text),
                unit=state.recruit.label,
                count=people(state.models),
                round=round_number,
                models=loss.models,
            )
        )
    before = state.supply
    state.models -= loss.models
    if state.models == 0:
        state.supply = 0
        state.destroyed = round_number
    else:
        state.supply = state.recruit.card.supply_at(state.models) or 0
    return LossEvent(
        position=state.position,
        unit=state.recruit.label,
        lost=loss.models,
        models_left=state.models,
        supply_before=before,
        supply_after=state.supply,
    )


def plan(
    units: Sequence[Recruit],
    mission: Mission,
    *,
    order: Sequence[str] = (),
    losses: Sequence[Loss] = (),
    file: str = "",
) -> SupplyPlan:
    """Plan the Supply Pool and the deployment of ``units`` for ``mission``."""
    sequence = deployment_order(units, order)
    states = [
        _State(units[i], position=i + 1, models=units[i].models, supply=units[i].supply)
        for i in sequence
    ]
    pending = [(loss, _target(states, loss)) for loss in losses]
    for loss, _target_state in pending:
        if loss.round is not None and loss.round > mission.game_length:
            raise Refused(
                _(
                    "the loss {loss} is in round {round}; {mission} lasts {length} "
                    "rounds"
                ).format(
                    loss=repr(loss.text),
                    round=loss.round,
                    mission=mission.name,
                    length=mission.game_length,
                )
            )
    rounds = [
        _round(n, mission, states, pending) for n in range(1, mission.game_length + 1)
    ]
    return SupplyPlan(
        file=file,
        mission=mission.name,
        mission_id=mission.id,
        mission_scale=mission.scale,
        starting_supply=mission.starting_supply,
        supply_escalation=mission.supply_escalation,
        game_length=mission.game_length,
        total_supply=sum(u.supply for u in units),
        order=[
            PlanUnit(
                position=s.position,
                unit=s.recruit.card.name,
                label=s.recruit.label,
                models=s.recruit.models,
                supply=s.recruit.supply,
                enters=s.enters,
                destroyed=s.destroyed,
            )
            for s in states
        ],
        losses=[loss.text for loss in losses],
        rounds=rounds,
        warnings=_warnings(mission, states),
    )


def _round(
    number: int,
    mission: Mission,
    states: Sequence[_State],
    pending: Sequence[tuple[Loss, _State]],
) -> RoundPlan:
    pool = supply_pool(mission, number)
    on_table = sum(s.supply for s in states if s.on_table)
    available = None if pool is None else pool - on_table
    room = available
    entered: list[_State] = []
    for state in states:
        if state.enters is not None:
            continue
        if room is None or state.supply <= room:
            state.enters = number
            entered.append(state)
            if room is not None:
                room -= state.supply
    events = [
        _apply(state, loss, number)
        for loss, state in pending
        if (loss.round if loss.round is not None else state.enters) == number
    ]
    reserve = [s for s in states if s.enters is None]
    return RoundPlan(
        round=number,
        pool=pool,
        on_table=on_table,
        available=available,
        entered=[
            UnitSupply(
                position=s.position, unit=s.recruit.label, supply=s.recruit.supply
            )
            for s in entered
        ],
        entered_supply=sum(s.recruit.supply for s in entered),
        available_after=room,
        losses=events,
        on_table_after=sum(s.supply for s in states if s.on_table),
        reserve=[
            UnitSupply(position=s.position, unit=s.recruit.label, supply=s.supply)
            for s in reserve
        ],
        reserve_supply=sum(s.supply for s in reserve),
    )


def _warnings(mission: Mission, states: Sequence[_State]) -> list[PlanWarning]:
    warnings: list[PlanWarning] = []
    last = mission.game_length
    if last < 2:
        return warnings
    largest = supply_pool(mission, last - 1) or 0
    too_big = [s for s in states if s.recruit.supply > largest]
    if too_big:
        labels = [s.recruit.label for s in too_big]
        warnings.append(
            PlanWarning(
                kind="never-before-last-round",
                rule_ref="§8.3.1",
                message=_(
                    "{units} can never enter before round {last}, the last: the "
                    "largest Supply Pool before it is {largest}"
                ).format(
                    units=", ".join(
                        _("{unit} (Supply {supply})").format(
                            unit=s.recruit.label, supply=s.recruit.supply
                        )
                        for s in too_big
                    ),
                    last=last,
                    largest=largest,
                ),
                units=labels,
            )
        )
    late = [s for s in states if s.enters == last]
    if late:
        supply = sum(s.recruit.supply for s in late)
        warnings.append(
            PlanWarning(
                kind="reserve-at-final-scoring",
                rule_ref="§8.10",
                message=_(
                    "{units} (Supply {supply}) still in reserve when round {last}, the "
                    "last, begins: whatever has not entered by the start of the last "
                    "scoring phase counts as destroyed and gives the opponent VP (up "
                    "to {supply})"
                ).format(
                    units=", ".join(s.recruit.label for s in late),
                    supply=supply,
                    last=last,
                ),
                units=[s.recruit.label for s in late],
            )
        )
    return warnings
