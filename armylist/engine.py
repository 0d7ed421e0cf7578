"""The validation engine, and THE door every tool gets its lists through.

`run` takes a resolved list and returns its result. `open_list` turns a source (a path,
a folder entry, `-` for standard input, or a pipe) in any form armylist reads into a
`CheckedList`. `armylist.door.discovery.discover` finds the sources under folders (one
suffix table), and `armylist.door.batch.validate_paths` checks a batch of them.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Literal, NamedTuple

from armylist.door.discovery import IMPORT_SUFFIXES, YAML_SUFFIXES
from armylist.files import yamlsource
from armylist.files.reading import STDIN, UnusableFile, read_list_bytes
from armylist.findings import (
    EXIT_INVALID,
    Budget,
    Finding,
    ListResult,
    Refused,
    SlotSource,
    SlotUse,
    UnitLine,
    by_place,
    is_valid,
)
from armylist.fingerprint import Found, fingerprint
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Race, SlotType
from armylist.listfile import LoadedList, Problem, read_list
from armylist.resolved import Context, resolve
from armylist.rules import REGISTRY, budget, scenario
from armylist.rules.base import lacks
from armylist.text.i18n import N_, _
from armylist.text.names import slugify

if TYPE_CHECKING:  # the event model loads only with --event or a file like one
    from armylist.event.model import Event, EventRoster
    from armylist.importing.model import ImportResult


@dataclass(frozen=True)
class RunOptions:
    """How to run the rules on one resolved list.

    ``mineral_limit`` replaces the scale's limit and ``waive`` names rules not run: a
    team player's share is their list's own `minerals:` (§9.1.8), so the `scale` rule's
    check of that number against the scale does not apply.
    """

    mineral_limit: int | None = None
    waive: frozenset[str] = frozenset()


def run(resolved: Context, options: RunOptions = RunOptions()) -> ListResult:
    """Run every rule of the registry once on a resolved list: its result."""
    if options.mineral_limit is not None:
        resolved.mineral_limit = options.mineral_limit
    waive = options.waive
    lacking = lacks(resolved)  # a rule that needs what the list lacks finds nothing
    findings: list[Finding] = []
    for rule in REGISTRY:
        if rule.needs not in lacking and rule.name not in waive:
            findings += rule.check(rule, resolved)
    findings.sort(key=by_place)
    return _result(resolved, findings)


def check_text(
    text: str,
    file: str,
    catalog: Catalog,
    *,
    event: Event | None = None,
    owned: Mapping[str, int] | None = None,
) -> tuple[ListResult, Context]:
    """Validate a list's text: the result, and the resolved list the rules saw
    (``owned``: the models owned per unit id, when a collection is in use)."""
    resolved = resolve(read_list(text), file, catalog, event)
    resolved.owned = owned
    return run(resolved), resolved


# The ledger's lines repeat from list to list (a Faction Card grants the same slots in
# every list that takes it): one shared immutable object each keeps a batch of 10,000
# results within a few tens of megabytes.
@cache
def _slot_source(slot: str, source: str, amount: int) -> SlotSource:
    return SlotSource(slot=slot, source=source, amount=amount)


@cache
def _slot_use(used: int, available: int) -> SlotUse:
    return SlotUse(used=used, available=available)


# Each slot type's and race's name as one shared text: `str()` of a StrEnum member
# makes a new text each time, and a batch keeps a result's every unit line (10,000
# lists held 8 MB more of them).
_VALUES: dict[SlotType | Race, str] = {
    **{slot: slot.value for slot in SlotType},
    **{race: race.value for race in Race},
}


def _position(path: tuple[str | int, ...]) -> int | None:
    """A unit's 1-based place among the file's units, from its path (`units`, i)."""
    index = path[1] if len(path) > 1 else None
    return index + 1 if isinstance(index, int) else None


# Each slot type with the word the result names it by (`str` of a StrEnum is its
# value, without the enum's slower `.value` lookup: every list asks five times).
_SLOT_WORDS = tuple((slot, str(slot)) for slot in SlotType)


def _found(context: Context) -> Found:
    """The names the fingerprint counts, as `resolve` looked them up (the fingerprint
    would look each one up again): an unknown one slugified, as `look_up` does."""
    army = context.army
    assert army is not None
    unknown = context.unknown
    return Found(
        context.faction if army.faction else None,
        context.scale if army.scale else None,
        [placed.card.id for placed in context.cards]
        + [slugify(u.name) for u in unknown.get("card", ())],
        [mission.id for mission, _ in context.missions]
        + [slugify(u.name) for u in unknown.get("mission", ())],
        [deployment.id for deployment, _ in context.deployments]
        + [slugify(u.name) for u in unknown.get("deployment", ())],
    )


def _result(context: Context, findings: list[Finding]) -> ListResult:
    army = context.army
    faction = context.faction
    scale = context.scale
    totals = context.totals()
    slots = {}
    if faction is not None:
        slots = {
            word: _slot_use(totals.used[slot], totals.available[slot])
            for slot, word in _SLOT_WORDS
        }
    used = []
    units = []
    for u in context.units:
        unit = u.unit
        composition = u.composition
        slot = _VALUES[unit.slot] if unit.slot is not None else None
        supply = composition.supply if composition is not None else None
        label = u.label
        if slot is not None and supply is not None and not unit.summoned:
            used.append(_slot_source(slot, label, supply))
        units.append(
            UnitLine.made(
                unit.name,
                composition.models if composition else u.entry.models,
                supply,
                u.minerals,
                [b.upgrade.name for b in u.upgrades],
                slot,
                _position(u.path),
            )
        )
    return ListResult(
        file=context.file,
        valid=is_valid(findings),
        name=army.name if army else None,
        player=army.player if army else None,
        faction=faction.name if faction else None,
        race=_VALUES[faction.race] if faction else None,
        scale=scale.id if scale else (army.scale if army else None),
        scale_name=scale.name if scale else (army.scale if army else None),
        minerals=Budget(used=totals.minerals, limit=context.mineral_limit),
        gas=Budget(used=totals.gas, limit=context.gas_limit),
        slots=slots,
        granted=[_slot_source(str(s), src, n) for src, s, n in context.granted()],
        used=used,
        tactical_cards=[p.card.name for p in context.cards],
        units=units,
        # Unknown names too: the fingerprint counts them, so `diff` must show them.
        missions=[m.name for m, _ in context.missions]
        + [u.name for u in context.unknown.get("mission", [])],
        deployments=[d.name for d, _ in context.deployments]
        + [u.name for u in context.unknown.get("deployment", [])],
        findings=findings,
        fingerprint=fingerprint(army, context.catalog, _found(context))
        if army
        else None,
        missing=scenario.missing_for_game(context),
    )


# ---------------------------------------------------------------------------------
# The door: a source in, a checked list out.

FORMS_TRIED = N_(
    "armylist's YAML, a Command Center roster, a New Recruit export, a BattleScribe "
    ".ros/.rosz, a malkivian83 list JSON and an SCT1 code"
)
# Keys only a list has: a YAML file with none of them is no list.
_LIST_ONLY = frozenset({"faction", "units", "tactical_cards", "player"})
_ZIP_MAGIC = b"PK\x03\x04"
_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True)
class ListOptions:
    """How one list is checked.

    ``event`` is an event's rules (`--event`), and ``rosters`` what the event file
    says of each roster it names (its player, the player's scenario cards), by the
    roster's resolved path; ``team_share`` checks a team player's list, whose own
    `minerals:` is its share of the team's total (§9.1.8); ``strict`` fails the list
    on warnings too (`--strict`); ``owned`` is the models owned per unit id, when a
    collection is in use.
    """

    event: Event | None = None
    rosters: Mapping[str, EventRoster] = field(default_factory=dict)
    team_share: bool = False
    strict: bool = False
    owned: Mapping[str, int] | None = None

    def roster_of(self, file: str) -> EventRoster | None:
        """What the event file says of the roster at ``file``, if it names it."""
        if not self.rosters or file == STDIN:
            return None
        try:
            where = str(Path(file).resolve())
        except (OSError, ValueError, RuntimeError):  # a NUL byte, a symlink loop
            return None
        return self.rosters.get(where)


# A team player's share waives the one rule that checks `minerals:` against the scale.
_TEAM_WAIVED = frozenset({budget.scale.name})
_AS_GIVEN = RunOptions()  # every rule, the scale's limit (frozen: one for every list)


# A named tuple, not a dataclass: building one costs every start ~0.2 ms.
class CheckedList(NamedTuple):
    """A source checked by the engine: its result, the resolved list the rules saw
    (None when no list could be read at all), its form (``yaml`` or the importer's
    format), and for another builder's list the import it came from."""

    result: ListResult
    context: Context | None
    form: str = "yaml"
    imported: ImportResult | None = None

    def readable(self) -> Context:
        """The resolved list; refuses (exit 1) a source that holds no readable list."""
        if self.context is None or self.context.army is None:
            findings = self.result.findings
            reason = findings[0].message if findings else _("unreadable")
            raise Refused(
                _("cannot read {file} as a list: {reason}").format(
                    file=self.result.file, reason=reason
                ),
                EXIT_INVALID,
            )
        return self.context


def player_names(lists: Sequence[CheckedList]) -> list[str]:
    """What each list calls its player: its `player:`, else its file's name without
    the suffix (`alice.yaml`: alice); the same name twice is told apart ('ana (1)',
    'ana (2)'). The draft and a new game name the players this one way."""
    names = []
    for checked in lists:
        army = checked.context.army if checked.context else None
        stem = PurePath(checked.result.file).stem
        names.append(army.player if army is not None and army.player else stem)
    if len(names) == len(set(names)):
        return names
    return [f"{name} ({number})" for number, name in enumerate(names, 1)]


class NotAList(Exception):
    """A file found in a folder that is plainly no list (an event or team file,
    armylist's own summary, a JSON of no list form): skipped with a note."""

    def __init__(self, file: str, reason: str) -> None:
        super().__init__(f"{file}: {reason}")
        self.file = file
        self.reason = reason


def open_list(
    source: Path | str,
    catalog: Catalog,
    *,
    options: ListOptions = ListOptions(),
    label: str | None = None,
    found: bool = False,
) -> CheckedList:
    """THE door: a path, a folder entry, ``-`` (standard input) or a pipe, checked.

    Our YAML is read by `listfile`, another builder's list (any suffix: the content
    tells) is translated by `importing`; the rules run once; an import's findings are at
    the source's lines and its builder's totals are compared with that same result.
    Refuses (`Refused`, exit 2) a wrong path. With ``found`` (a file a folder search
    found), raises NotAList for a file that is plainly none.
    """
    file = label or str(source)
    data = read_source(source, file)
    return check_source(data, file, catalog, options=options, found=found)


def read_source(source: Path | str, label: str | None = None) -> bytes:
    """A source's bytes as `open_list` reads them, whatever its form (YAML, a zip, an
    XML or JSON export, a code): for a caller that keeps the bytes it checked (`event
    lock` copies them). Refuses (`Refused`) a wrong path or an unreadable file."""
    file = label or str(source)
    try:
        return read_list_bytes(
            source if isinstance(source, Path) else Path(source), file
        )
    except UnusableFile as error:
        match error.kind:
            case "missing":
                raise Refused(
                    _("no such list file: {file}").format(file=file)
                ) from None
            case "folder":
                raise Refused(
                    _("{file} is a folder; give one list file").format(file=file)
                ) from None
            case _:
                raise Refused(error.message, error.exit_code) from None


def check_source(
    data: bytes,
    file: str,
    catalog: Catalog,
    *,
    options: ListOptions = ListOptions(),
    found: bool = False,
) -> CheckedList:
    """`open_list` for a source's bytes already read."""
    match sniff(data, file):
        case "yaml":
            return _check_yaml(data, file, catalog, options, found)
        case "import":
            return _check_import(data, file, catalog, options, found)
        case "text":
            reason = _("a .txt file that holds no SCT1 code")
            if found:
                raise NotAList(file, reason)
            return _no_list(
                file,
                _("{file} is {reason}").format(file=file, reason=reason),
                catalog,
                options,
            )


def sniff(data: bytes, file: str) -> Literal["yaml", "import", "text"]:
    """Which reader a source goes to, by its first bytes: another builder's list (a
    zip, XML, JSON, an SCT1 code) to the importer, a `.txt` without a code nowhere,
    anything else to the YAML reader."""
    if data.startswith(_ZIP_MAGIC):
        return "import"
    head = data[:64].removeprefix(_BOM).lstrip()
    if head[:4].upper() == b"SCT1" or head.startswith((b"<", b"{", b"[")):
        return "import"
    suffix = _suffix(file)
    if suffix == ".txt":
        return "text"
    # An export that is none of these is the importer's to explain (empty, not text).
    return "import" if suffix in IMPORT_SUFFIXES else "yaml"


def _suffix(file: str) -> str:
    """The suffix of a source's name in lower case, as `PurePath(file).suffix` gives
    the suffixes `sniff` tells apart: split by hand, without parsing the whole path
    into a PurePath for every source."""
    name = os.path.basename(file)
    if name in ("", ".", ".."):  # a name PurePath reads another way (`x.txt/`)
        return PurePath(file).suffix.lower()
    return os.path.splitext(name)[1].lower()


def _check_yaml(
    data: bytes, file: str, catalog: Catalog, options: ListOptions, found: bool
) -> CheckedList:
    try:
        text = yamlsource.decode(data)
    except yamlsource.YamlProblem as problem:
        hint = problem.hint or _("save the list as UTF-8 text")
        loaded = LoadedList(
            None,
            None,
            [Problem("yaml-syntax", problem.message, problem.position, hint)],
        )
        return _checked(_resolve(loaded, file, catalog, options), options)
    loaded = read_list(text)
    if found and (reason := _side_file(loaded)) is not None:
        raise NotAList(file, reason)
    return _checked(_resolve(loaded, file, catalog, options), options)


def _resolve(
    loaded: LoadedList, file: str, catalog: Catalog, options: ListOptions
) -> Context:
    """`resolve`, with the list as the event reads it when the event file names it:
    the event's player, and its scenario cards where the list brings none."""
    roster = options.roster_of(file)
    if roster is not None and loaded.army is not None:
        loaded = replace(loaded, army=roster.applied(loaded.army))
    return resolve(loaded, file, catalog, options.event)


def _side_file(loaded: LoadedList) -> str | None:
    """Why a YAML file is plainly no list (an event or a team file), or None."""
    data = loaded.document.data if loaded.document is not None else None
    if not isinstance(data, dict) or not data or _LIST_ONLY & data.keys():
        return None
    if "players" in data and "minerals" in data:
        return _("a team file, not a list (check it with `armylist validate --team`)")
    from armylist.event.model import EVENT_KEYS  # only for a file with no key of a list

    if data.keys() <= set(EVENT_KEYS):
        return _("an event file, not a list (give it with --event)")
    return None


def _checked(
    resolved: Context, options: ListOptions, form: str = "yaml"
) -> CheckedList:
    resolved.form = form
    resolved.owned = options.owned
    run_options = _AS_GIVEN
    army = resolved.army
    # A share of no Minerals or less is no share: the `scale` rule reports it.
    if (
        options.team_share
        and army is not None
        and army.minerals is not None
        and army.minerals >= 1
        and resolved.scale is not None
    ):
        run_options = RunOptions(mineral_limit=army.minerals, waive=_TEAM_WAIVED)
    result = run(resolved, run_options)
    if options.strict:
        result = replace(result, valid=is_valid(result.findings, strict=True))
    return CheckedList(result, resolved, form)


def _no_list(
    file: str, message: str, catalog: Catalog, options: ListOptions
) -> CheckedList:
    """The result of a source that is no list in any form: one finding naming the
    forms tried."""
    problem = Problem(
        "list-schema",
        _("{message}: it is no army list in any form armylist reads ({forms})").format(
            message=message, forms=_(FORMS_TRIED)
        ),
        yamlsource.START,
        _(
            "give an armylist list or another builder's export; an SCT1 code or "
            "another builder's file is turned into a list with `armylist import`"
        ),
    )
    loaded = LoadedList(None, None, [problem])
    result = run(_resolve(loaded, file, catalog, options))
    return CheckedList(result, None)


def _check_import(
    data: bytes, file: str, catalog: Catalog, options: ListOptions, found: bool
) -> CheckedList:
    # Imported here, at the format dispatch: a run over YAML lists never loads the
    # importer (a fifth of a cold `validate`).
    from armylist.importing import api, detect, model, render

    try:
        detected = detect.detect(data, file)
    except model.UnknownFormat as failure:
        shape = _json_shape(data)
        if shape == "list":  # our own list, written as JSON (JSON is YAML)
            return _check_yaml(data, file, catalog, options, found)
        if found and shape is not None:
            raise NotAList(file, shape) from None
        return _import_failed(file, failure, catalog)
    except model.ImportFailure as failure:
        if PurePath(file).suffix.lower() in YAML_SUFFIXES:
            return _check_yaml(data, file, catalog, options, found)  # flow-style YAML
        return _import_failed(file, failure, catalog)
    try:
        imported = api.translate(detected, file, catalog, today())
    except model.ImportFailure as failure:
        return _import_failed(file, failure, catalog)
    text, origins = render.render(imported)
    resolved = _resolve(read_list(text), file, catalog, options)
    checked = _checked(resolved, options, detected.format.value)
    imported = api.compare_totals(
        imported, resolved, checked.result.minerals.used, checked.result.gas.used
    )
    # The rules' findings at the lines of the source's entries they concern.
    moved = [
        replace(f, line=origins.get(f.line, 1), column=1)
        for f in checked.result.findings
    ]
    findings = sorted([*moved, *imported.findings], key=lambda f: f.sort_key())
    result = replace(
        checked.result,
        findings=findings,
        valid=is_valid(findings, strict=options.strict),
    )
    return CheckedList(result, resolved, checked.form, imported)


def today() -> dt.date:
    """The date an import is stamped with (UTC)."""
    return dt.datetime.now(dt.UTC).date()


def _json_shape(data: bytes) -> str | None:
    """What a JSON source of no builder's form is: ``list`` (our list as JSON), why it
    is plainly no list, or None (not even JSON)."""
    try:
        parsed = json.loads(data.removeprefix(_BOM))
    except ValueError:
        return None
    if isinstance(parsed, dict) and _LIST_ONLY & parsed.keys():
        return "list"
    if isinstance(parsed, dict) and (
        {"lists", "totals"} <= parsed.keys()
        or {"armylist_version", "results"} <= parsed.keys()
    ):
        return _("armylist's own report or summary, not a list")
    return _(
        "JSON of no list form (not a Command Center, New Recruit or malkivian83 list)"
    )


def _import_failed(file: str, failure: Exception, catalog: Catalog) -> CheckedList:
    """A source the importer cannot read: one `import-source` error (AL800)."""
    # Imported here, as at the format dispatch: only another builder's file loads it.
    from armylist.importing import model

    found = model.Collector(file)
    message = str(failure)
    if isinstance(failure, model.UnknownFormat):
        message = _("{message}; armylist reads {forms}").format(
            message=message, forms=_(FORMS_TRIED)
        )
    found.add(model.UNREADABLE, message, getattr(failure, "line", None))
    return CheckedList(
        ListResult(file=file, valid=False, findings=found.findings), None
    )


def unreadable(
    file: str, catalog: Catalog, options: ListOptions, message: str, hint: str
) -> ListResult:
    """The result of a source not read at all (``file`` names it): one finding saying
    why."""
    problem = Problem("yaml-syntax", message, yamlsource.START, hint)
    loaded = LoadedList(None, None, [problem])
    return run(_resolve(loaded, file, catalog, options))
