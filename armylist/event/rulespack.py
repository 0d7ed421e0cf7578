"""The event's rules pack: the keys that say how a round is run and scored.

    date: 2026-03-07                # the event's first day (ISO 8601)
    published: [1, 2]               # rounds whose pairings are out (`event publish`)
    adjustments:                    # bonus (+) or penalty (-) Tournament Points
      - {player: Fay, round: 2, tp: 1, reason: best painted army}
      - {player: Hana, round: 1, tp: -1, reason: late list}
    rules: {sos: mean, tiebreaks: [mp, tp, sos, otp]}

Every problem is a `file:line: where: ...` line, as the event file's other keys give
them. The standings (`organiser/standings.py`) read what this returns.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from armylist.event.play import KeyReader, shown
from armylist.files.yamlsource import Document, YamlPath
from armylist.text.i18n import _
from armylist.text.names import did_you_mean

PACK_KEYS = ("date", "published", "adjustments", "rules")
ADJUSTMENT_KEYS = ("player", "round", "tp", "reason")
RULES_KEYS = ("sos", "tiebreaks")
MAX_ROUND = 99  # the guide's largest event plays 7 rounds
MAX_ADJUSTMENT = 100  # a game is worth 5 TP at most

SosVariant = Literal["mean", "sum", "mean-with-byes"]
SOS_VARIANTS: tuple[str, ...] = get_args(SosVariant)
Tiebreak = Literal["mp", "tp", "sos", "otp"]
TIEBREAKS: tuple[str, ...] = get_args(Tiebreak)


class Adjustment(BaseModel):
    """Tournament Points given (a bonus) or taken (a penalty) in one round."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    player: str
    round: int = Field(ge=1, le=MAX_ROUND)
    tp: int = Field(
        ge=-MAX_ADJUSTMENT,
        le=MAX_ADJUSTMENT,
        description="the TP added: + a bonus, - a penalty",
    )
    reason: str


class RulesPack(BaseModel):
    """How the standings are ordered: the SoS variant and the tie-break order."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    sos: SosVariant = Field(
        default="mean",
        description=(
            "mean: the opponents' mean MP, byes and no-shows left out (the guide); "
            "sum: their sum (Buchholz); mean-with-byes: a bye or no-show counts as "
            "an opponent with 0 MP and 0 TP"
        ),
    )
    tiebreaks: tuple[Tiebreak, ...] = Field(
        default=("mp", "tp", "sos", "otp"),
        min_length=1,
        description="the order the standings compare players in",
    )


class _Reader(KeyReader):
    """Checks the rules-pack keys."""

    def round_number(self, where: YamlPath, value: Any) -> int | None:
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and 1 <= value <= MAX_ROUND
        ):
            return value
        self.problem(
            where,
            _("{value} is not a round number (1 to {most})").format(
                value=shown(value), most=MAX_ROUND
            ),
        )
        return None

    def date(self, value: Any) -> dt.date | None:
        """The event's first day: a date, as YAML reads `2026-03-07`, or its text."""
        if isinstance(value, str):
            with contextlib.suppress(ValueError):
                value = dt.date.fromisoformat(value.strip())
        if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
            return value
        self.problem(
            ("date",),
            _(
                "{value} is not an ISO date (the event's first day); e.g. "
                "`date: 2026-03-07`"
            ).format(value=repr(str(value))),
        )
        return None

    def published(self, value: Any) -> tuple[int, ...]:
        if not isinstance(value, list):
            self.problem(
                ("published",),
                _("{value} is not a list of rounds; e.g. `published: [1, 2]`").format(
                    value=shown(value)
                ),
            )
            return ()
        rounds = [
            self.round_number(("published", i), item) for i, item in enumerate(value)
        ]
        return tuple(sorted({r for r in rounds if r is not None}))

    def adjustments(
        self, value: Any, players: Sequence[str] | None
    ) -> tuple[Adjustment, ...]:
        example = "`- {player: Fay, round: 2, tp: 1, reason: best painted army}`"
        if not isinstance(value, list):
            self.problem(
                ("adjustments",),
                _("{value} is not a list; e.g. {example}").format(
                    value=shown(value), example=example
                ),
            )
            return ()
        found = []
        for index, item in enumerate(value):
            where: YamlPath = ("adjustments", index)
            adjustment = self.adjustment(where, item, example)
            if adjustment is None:
                continue
            if players is not None and adjustment.player not in players:
                self.problem(
                    (*where, "player"),
                    _("{name} is not among `players:`{close}").format(
                        name=repr(adjustment.player),
                        close=did_you_mean(adjustment.player, players),
                    ),
                )
            found.append(adjustment)
        return tuple(found)

    def adjustment(self, where: YamlPath, item: Any, example: str) -> Adjustment | None:
        count = len(self.problems)
        if not self.mapping(where, item, ADJUSTMENT_KEYS):
            return None
        missing = [k for k in ADJUSTMENT_KEYS if k not in item]
        if missing:
            self.problem(
                where,
                _("an adjustment needs {keys}; e.g. {example}").format(
                    keys=", ".join(f"`{k}:`" for k in missing), example=example
                ),
            )
            return None
        player = self.text((*where, "player"), item["player"])
        reason = item["reason"]
        if not isinstance(reason, str) or not reason.strip():
            self.problem(
                (*where, "reason"),
                _("{value} is not a reason (text); e.g. `reason: late list`").format(
                    value=shown(reason)
                ),
            )
        number = self.round_number((*where, "round"), item["round"])
        tp = item["tp"]
        if (
            not isinstance(tp, int)
            or isinstance(tp, bool)
            or tp == 0
            or abs(tp) > MAX_ADJUSTMENT
        ):
            self.problem(
                (*where, "tp"),
                _(
                    "{value} is not a whole number of Tournament Points from "
                    "-{most} to {most} but 0 (+ a bonus, - a penalty)"
                ).format(value=shown(tp), most=MAX_ADJUSTMENT),
            )
        if len(self.problems) > count:
            return None
        return Adjustment(
            player=player or "", round=number or 0, tp=tp, reason=reason.strip()
        )

    def rules(self, value: Any) -> RulesPack:
        if not isinstance(value, dict):
            self.problem(
                ("rules",),
                _(
                    "{value} is not a mapping; e.g. "
                    "`rules: {{sos: mean, tiebreaks: [mp, tp, sos, otp]}}`"
                ).format(value=shown(value)),
            )
            return RulesPack()
        fields: dict[str, Any] = {}
        for name in value:
            if name not in RULES_KEYS:
                self.problem(
                    ("rules", name),
                    _("unknown key{close}; `rules:` has the keys {keys}").format(
                        close=did_you_mean(str(name), RULES_KEYS),
                        keys=", ".join(RULES_KEYS),
                    ),
                    key=True,
                )
        if "sos" in value:
            if value["sos"] in SOS_VARIANTS:
                fields["sos"] = value["sos"]
            else:
                self.problem(
                    ("rules", "sos"),
                    _("{value} is no SoS variant{close}; one of {names}").format(
                        value=shown(value["sos"]),
                        close=did_you_mean(str(value["sos"]), SOS_VARIANTS),
                        names=", ".join(SOS_VARIANTS),
                    ),
                )
        if "tiebreaks" in value:
            fields["tiebreaks"] = self.tiebreaks(value["tiebreaks"])
        return RulesPack(**{k: v for k, v in fields.items() if v is not None})

    def tiebreaks(self, value: Any) -> tuple[str, ...] | None:
        where: YamlPath = ("rules", "tiebreaks")
        if not isinstance(value, list) or not value:
            self.problem(
                where,
                _(
                    "{value} is not a list of tie-breaks; e.g. "
                    "`tiebreaks: [mp, tp, sos, otp]`"
                ).format(value=shown(value)),
            )
            return None
        count = len(self.problems)
        for index, item in enumerate(value):
            if item not in TIEBREAKS:
                self.problem(
                    (*where, index),
                    _("{value} is no tie-break{close}; one of {names}").format(
                        value=shown(item),
                        close=did_you_mean(str(item), TIEBREAKS),
                        names=", ".join(TIEBREAKS),
                    ),
                )
            elif value.index(item) < index:
                self.problem(
                    (*where, index),
                    _("{value} is given twice").format(value=shown(item)),
                )
        return tuple(value) if len(self.problems) == count else None


def read_pack(
    data: dict[str, Any],
    document: Document,
    path: Path,
    players: Sequence[str] | None,
) -> tuple[dict[str, Any], list[str]]:
    """The rules-pack keys of an event file's data, checked: the values for the Event
    model, and every problem as a `file:line: ...` line. ``players`` are the names of
    `players:` (None without that key): an adjustment names one of them."""
    reader = _Reader(path, document)
    fields: dict[str, Any] = {}
    if data.get("date") is not None:
        fields["date"] = reader.date(data["date"])
    if data.get("published") is not None:
        fields["published"] = reader.published(data["published"])
    if data.get("adjustments") is not None:
        fields["adjustments"] = reader.adjustments(data["adjustments"], players)
    if data.get("rules") is not None:
        fields["rules"] = reader.rules(data["rules"])
    return fields, [text for _, text in sorted(reader.problems, key=lambda p: p[0])]
