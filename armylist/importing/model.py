"""What an import gives: the list read from another builder, and what could not be mapped.

Every parser fills one ``ImportResult``: the list's entries in the source's order (repeats
kept), each with the source's id or name and its line where the parser knows it, plus the
import findings (codes AL8xx). ``army`` gives the list model the engine checks;
``render.to_yaml`` writes it as list format v1 (render reads the model, never the other
way).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import PurePath
from typing import Any

from armylist.findings import Finding, Severity, severity_word
from armylist.importing.jsonpos import JsonPath
from armylist.listfile import ArmyList, UnitEntry
from armylist.text.i18n import N_, _
from armylist.text.names import slugify
from armylist.text.wrap import reflow


class ImportFormat(StrEnum):
    """The formats `--from` can force (BattleScribe files are New Recruit's tree)."""

    COMMAND_CENTER = "command-center"
    NEW_RECRUIT = "new-recruit"
    MK = "mk"
    SCT1 = "sct1"

    @property
    def described(self) -> str:
        """The format as a player knows it ("a malkivian83 list JSON")."""
        return _(_DESCRIBED[self])


_DESCRIBED = {
    ImportFormat.COMMAND_CENTER: N_("a Command Center roster"),
    ImportFormat.NEW_RECRUIT: N_("a New Recruit or BattleScribe roster"),
    ImportFormat.MK: N_("a malkivian83 list JSON"),
    ImportFormat.SCT1: N_("a malkivian83 SCT1 seed code"),
}


class ImportFailure(Exception):
    """The source cannot be imported at all (the CLI reports it and exits 2)."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line  # where the parser stopped, when it knows (AL800's line)


class UnknownFormat(ImportFailure):
    """The content is no format armylist imports."""


class BadSource(ImportFailure):
    """The content looked like a format but is malformed (JSON, XML, zip, seed)."""


def listed(document: dict[str, Any], key: str, line: int | None) -> list[Any]:
    """``document[key]``, a list (empty when absent or null).

    Raises BadSource for anything else: imported as empty, it would leave every unit or
    card out without a word.
    """
    value = document.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise BadSource(
            _("`{key}` is not a list: the document is damaged").format(key=key), line
        )
    return value


def objects(
    document: dict[str, Any],
    key: str,
    lines: dict[JsonPath, int],
    base: JsonPath = (),
) -> list[dict[str, Any]]:
    """``listed``, each item an object (a unit, an entry), else BadSource at its line."""
    items = listed(document, key, lines.get((*base, key)))
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise BadSource(
                _(
                    "`{key}` entry {entry} is not an object: the document is damaged"
                ).format(key=key, entry=i + 1),
                lines.get((*base, key, i)),
            )
    return items


@dataclass(frozen=True)
class Kind:
    """One kind of import finding: its stable code, rule name and severity."""

    code: str
    rule: str
    severity: Severity
    hint: str
    # what it reports: `armylist rules` and the table of docs/importing.md print it
    summary: str


# Codes are public API: never renumbered, never reused.
UNREADABLE = Kind(
    "AL800",
    "import-source",
    Severity.ERROR,
    N_("export the list again from the builder, or check that this is the right file"),
    summary=(
        N_(
            "The source cannot be imported at all: malformed JSON, XML or zip, or no format"
            " armylist imports."
        )
    ),
)
UNKNOWN_FACTION = Kind(
    "AL801",
    "import-unknown-faction",
    Severity.WARNING,
    N_("kept under the source's name: write the Faction Card's printed name"),
    summary=(
        N_(
            "The Faction Card is not in the id tables; it is kept under the source's name, "
            "so unknown-faction fails the list."
        )
    ),
)
UNKNOWN_CARD = Kind(
    "AL802",
    "import-unknown-card",
    Severity.WARNING,
    N_("kept under the source's name: write the card's printed name, or remove it"),
    summary=(
        N_(
            "A Tactical or Creep Card is not in the id tables; kept under the source's name"
            " (unknown-card)."
        )
    ),
)
UNKNOWN_UNIT = Kind(
    "AL803",
    "import-unknown-unit",
    Severity.WARNING,
    N_("kept under the source's name: write the unit's printed name, or remove it"),
    summary=(
        N_(
            "A unit is not in the id tables; kept under the source's name (unknown-unit)."
        )
    ),
)
UNKNOWN_UPGRADE = Kind(
    "AL804",
    "import-unknown-upgrade",
    Severity.WARNING,
    N_("kept under the source's name: write the upgrade's printed name, or remove it"),
    summary=(
        N_(
            "An upgrade is not one of its unit's; kept under the source's name (unknown-"
            "upgrade)."
        )
    ),
)
BAD_UPGRADE_INDEX = Kind(
    "AL805",
    "import-upgrade-index",
    Severity.ERROR,
    N_(
        "the upgrade is not in the list (see the comment): add the one the player meant"
    ),
    summary=(
        N_(
            "A Command Center upgrade index is out of range or points at an unpriced "
            "ability: left out, kept as a comment."
        )
    ),
)
MODELS_DISAGREE = Kind(
    "AL806",
    "import-models-size",
    Severity.WARNING,
    N_("the model count was kept: check the unit's composition with the player"),
    summary=(
        N_(
            "The model count disagrees with the source's size, name or Reinforce entry; the"
            " count is kept."
        )
    ),
)
NO_COMPOSITION = Kind(
    "AL807",
    "import-composition",
    Severity.WARNING,
    N_("kept as given (the composition rule reports it): pick a printed composition"),
    summary=(
        N_(
            "A model count no composition of the unit prints; kept as given (composition "
            "fails it)."
        )
    ),
)
ODD_LIMIT = Kind(
    "AL808",
    "import-limit",
    Severity.WARNING,
    N_("check the scale and the Mineral limit with the organiser"),
    summary=(N_("The source gives no Mineral limit, or one no scale uses.")),
)
UNKNOWN_MISSION = Kind(
    "AL809",
    "import-unknown-mission",
    Severity.WARNING,
    N_("left out (see the comment): write the official mission the player brings"),
    summary=(N_("A community or unknown Mission Card: left out, kept as a comment.")),
)
UNKNOWN_DEPLOYMENT = Kind(
    "AL810",
    "import-unknown-deployment",
    Severity.WARNING,
    N_("left out (see the comment): write the official deployment the player brings"),
    summary=(
        N_("A community or unknown Deployment Card: left out, kept as a comment.")
    ),
)
MISSION_SCALE = Kind(
    "AL811",
    "import-mission-scale",
    Severity.WARNING,
    N_("a mission name means the card of the list's scale: check which card is meant"),
    summary=(N_("A Mission Card of another scale than the list's.")),
)
NO_DEPLOYMENTS = Kind(
    "AL812",
    "import-no-deployments",
    Severity.INFO,
    N_("add the two deployments by hand if the event drafts them"),
    summary=(N_("The cleaned Command Center form carries no Deployment Cards.")),
)
SUMMONED = Kind(
    "AL813",
    "import-summoned-unit",
    Severity.INFO,
    N_("kept as the source has it (the summoned-unit rule reports it): remove it"),
    summary=(
        N_(
            "A summoned unit (a Pylon) saved as a list entry; kept, so summoned-unit "
            "reports it."
        )
    ),
)
REFERENCE_SKIPPED = Kind(
    "AL814",
    "import-reference-entry",
    Severity.INFO,
    N_("nothing to do: the builder keeps it only to show its stats"),
    summary=(
        N_(
            "A malkivian83 reference entry (kept by the builder for its stats only): "
            "skipped."
        )
    ),
)
VERSION_MISMATCH = Kind(
    "AL815",
    "import-data-version",
    Severity.WARNING,
    N_("ids may have changed between versions: check the imported list"),
    summary=(N_("A malkivian83 list or seed made with another catalog version.")),
)
SPECIALIST_ORDER = Kind(
    "AL816",
    "import-specialist-order",
    Severity.INFO,
    N_("armylist gives SPECIALISTs to models in list order"),
    summary=(
        N_(
            "The model a SPECIALIST upgrade was given to is kept only as the upgrades' "
            "order."
        )
    ),
)
APP_TOTALS = Kind(
    "AL817",
    "import-app-totals",
    Severity.INFO,
    N_("armylist checks the list at v1.0 costs; the builder's own totals are not used"),
    summary=(
        N_(
            "The builder's saved totals beside armylist's v1.0 totals, naming what was "
            "repriced."
        )
    ),
)
NAME_FALLBACK = Kind(
    "AL818",
    "import-found-by-name",
    Severity.WARNING,
    N_("the source's id is not known: check that the name means the same card"),
    summary=(N_("A New Recruit entry id not in the id tables, matched by its name.")),
)
DROPPED_FIELD = Kind(
    "AL819",
    "import-dropped-field",
    Severity.INFO,
    N_("list format v1 has no place for it: keep it elsewhere if it matters"),
    summary=(N_("Notes, labels or other selections list format v1 has no place for.")),
)

KINDS = (
    UNREADABLE,
    UNKNOWN_FACTION,
    UNKNOWN_CARD,
    UNKNOWN_UNIT,
    UNKNOWN_UPGRADE,
    BAD_UPGRADE_INDEX,
    MODELS_DISAGREE,
    NO_COMPOSITION,
    ODD_LIMIT,
    UNKNOWN_MISSION,
    UNKNOWN_DEPLOYMENT,
    MISSION_SCALE,
    NO_DEPLOYMENTS,
    SUMMONED,
    REFERENCE_SKIPPED,
    VERSION_MISMATCH,
    SPECIALIST_ORDER,
    APP_TOTALS,
    NAME_FALLBACK,
    DROPPED_FIELD,
)
RULE_REF = N_("import")


def kind_named(name: str) -> Kind | None:
    """An import finding by its rule name or code, in any case (`al801`)."""
    wanted = name.strip().casefold()
    return next((k for k in KINDS if wanted in (k.rule, k.code.casefold())), None)


def describe(kinds: tuple[Kind, ...] = KINDS, width: int = 100) -> str:
    """The import findings as `armylist rules` prints them, in the rules' shape,
    wrapped to ``width`` columns."""
    blocks = [
        f"{k.code} {k.rule} ({severity_word(k.severity)}, {_(RULE_REF)})\n"
        + reflow(
            _(k.summary) + "\n" + _("fix: {hint}").format(hint=_(k.hint)),
            width,
            indent="  ",
        )
        for k in kinds
    ]
    return "\n\n".join(blocks) + "\n"


def markdown_table() -> str:
    """The table of import findings in docs/importing.md (`armylist rules import
    --markdown`)."""
    lines = [
        _("| Code | Rule | Severity | What it reports | What to do |"),
        "|---|---|---|---|---|",
    ]
    for k in KINDS:
        lines.append(
            f"| {k.code} | `{k.rule}` | {severity_word(k.severity)} "
            f"| {_(k.summary).replace('|', '/')} | {_(k.hint).replace('|', '/')} |"
        )
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Item:
    """A card, mission or deployment as imported.

    ``name`` is what the list says (the printed name, or the source's name when it could not
    be mapped); None leaves only ``comment`` at this place in the YAML.
    """

    name: str | None
    source: str
    line: int | None = None
    comment: str | None = None
    app_gas: int | None = None  # the builder's price, for the totals comparison


@dataclass(frozen=True)
class ImportedUnit:
    """A unit as imported: printed name, model count, upgrades (Items), line."""

    unit: str
    source: str
    models: int | None
    upgrades: tuple[Item, ...] = ()
    line: int | None = None
    comment: str | None = None
    kept: bool = True  # False: left out of the list, only its comment is written
    app_minerals: int | None = None  # the builder's price with upgrades, if it says


@dataclass(frozen=True)
class AppTotals:
    """The totals a builder saved with the list (compared, never used)."""

    minerals: int | None
    gas: int | None
    prices_of: str | None = (
        None  # "February 2026": when the builder's prices were taken
    )


@dataclass
class Collector:
    """Findings gathered while a parser reads a source."""

    file: str
    findings: list[Finding] = field(default_factory=list)

    def add(self, kind: Kind, message: str, line: int | None = None) -> None:
        """Record one import finding at a line of the source (1 when unknown)."""
        self.findings.append(
            Finding(
                code=kind.code,
                rule=kind.rule,
                severity=kind.severity,
                message=message,
                rule_ref=RULE_REF,
                file=self.file,
                line=line or 1,
                column=1,
                hint=_(kind.hint),
            )
        )


@dataclass(frozen=True)
class ImportResult:
    """A list imported from another builder, ready to write as YAML or to check."""

    source_format: str
    source: str
    imported_on: dt.date
    scale: str | None
    faction: Item | None
    name: str | None = None
    minerals: int | None = None
    tactical_cards: tuple[Item, ...] = ()
    units: tuple[ImportedUnit, ...] = ()
    missions: tuple[Item, ...] | None = None
    deployments: tuple[Item, ...] | None = None
    app_totals: AppTotals | None = None
    findings: tuple[Finding, ...] = ()

    def army(self) -> ArmyList:
        """The list model of the import (what its YAML reads back as)."""
        return ArmyList(
            name=self.name,
            scale=self.scale,
            minerals=self.minerals,
            faction=self.faction.name if self.faction else None,
            tactical_cards=[c.name for c in self.tactical_cards if c.name is not None],
            units=[
                UnitEntry(
                    unit=u.unit,
                    models=u.models,
                    upgrades=[x.name for x in u.upgrades if x.name is not None],
                )
                for u in self.units
                if u.kept
            ],
            missions=_names(self.missions),
            deployments=_names(self.deployments),
        )

    def file_name(self) -> str:
        """A file name for the YAML (`-o DIR`): the list's name, else the source's."""
        stem = slugify(self.name or PurePath(self.source).stem)[:80].strip("-")
        return f"{stem or 'imported-list'}.yaml"


def _names(items: tuple[Item, ...] | None) -> list[str] | None:
    if items is None:
        return None
    names = [i.name for i in items if i.name is not None]
    return names or None
