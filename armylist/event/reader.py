"""Reading an event file (`--event EVENT.yaml`) and checking it against the game data.

An event file is checked before any list: an unknown key, a scale that is not one of the
game's, or a Mineral limit no list of that scale can have is a usage error naming the key
and its value. Otherwise every list would fail with advice nobody can follow.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from armylist.event.model import EVENT_KEYS, Event
from armylist.event.play import CARD_KEYS, PLAY_KEYS, EventPlayer, read_play
from armylist.event.rulespack import PACK_KEYS, read_pack
from armylist.event.submission import SUBMIT_KEYS, read_submission
from armylist.files import smallfile, yamlsource
from armylist.files.reading import UnusableFile, read_list_file
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Deployment, Mission, Scale
from armylist.text import wording
from armylist.text.i18n import N_, _, ngettext
from armylist.text.names import did_you_mean, key
from armylist.text.numbers import people

_EXPECT = {
    "string_type": N_("text"),
    "int_type": N_("a whole number"),
    "bool_type": N_("true or false"),
}


class EventError(Exception):
    """The event file cannot be used."""


def _describe(
    item: Any, document: yamlsource.Document, lines: Sequence[str] = ()
) -> smallfile.Located:
    if (decimal := smallfile.read_as_decimal(item, document, lines)) is not None:
        return decimal
    key = str(item["loc"][0]) if item["loc"] else ""
    at = smallfile.located(item, document)
    if item["type"] == "extra_forbidden":
        return smallfile.Located(
            at,
            _(
                "{key}: unknown key (its value: {value}){did_you_mean}; an event file "
                "has the keys {keys}"
            ).format(
                key=key,
                value=_shown(item["input"]),
                did_you_mean=did_you_mean(key, EVENT_KEYS),
                keys=", ".join(EVENT_KEYS),
            ),
        )
    english = _EXPECT.get(item["type"])
    expected = _(english) if english else wording.expected(item["type"])
    return smallfile.Located(
        at,
        _("{key}: {value} is not {expected}").format(
            key=key, value=_shown(item["input"]), expected=expected
        ),
    )


def load_event(path: Path, catalog: Catalog) -> Event:
    """Read and check an event file against the game data; the scale becomes its id.

    Raises EventError with every problem as `file:line:column: key: value ...` lines.
    """
    file = str(path)
    try:
        text = read_list_file(path).text
    except UnusableFile as error:
        if error.kind == "content":
            at = error.position
            raise EventError(f"{file}:{at.line}:{at.column}: {error.reason}") from None
        raise EventError(
            _("cannot read {file}: {reason}").format(file=file, reason=error.reason)
        ) from None
    try:
        event, document = smallfile.read_model(
            text,
            Event,
            file=file,
            shape=_(
                "an event file is a mapping of keys ({keys}), e.g. `scale: standard`"
            ).format(keys=", ".join(EVENT_KEYS)),
            describe=functools.partial(_describe, lines=text.splitlines()),
            empty=True,
            leave=(*PLAY_KEYS, *SUBMIT_KEYS, *PACK_KEYS),
        )
    except smallfile.FileProblem as problem:
        raise EventError(str(problem)) from None
    problems: list[smallfile.Located] = []
    scale = catalog.scale(event.scale) if event.scale is not None else None
    if event.scale is not None and scale is None:
        ids = [s.id for s in catalog.game.scales]
        problems.append(
            smallfile.Located(
                document.where(("scale",)),
                _("scale: unknown scale {scale}{did_you_mean}; one of {ids}").format(
                    scale=repr(event.scale),
                    did_you_mean=did_you_mean(event.scale, ids),
                    ids=", ".join(ids),
                ),
            )
        )
    elif event.minerals is not None:
        contradiction = _minerals_problem(event.minerals, scale, catalog)
        if contradiction:
            problems.append(
                smallfile.Located(
                    document.where(("minerals",)),
                    f"minerals: {event.minerals} {contradiction}",
                )
            )
    data = document.data or {}
    play, play_problems = read_play(data, document, path, scale.id if scale else None)
    submission, submission_problems = read_submission(data, document, path)
    play_problems += submission_problems
    names = [p.name for p in play["players"]] if "players" in play else None
    pack, pack_problems = read_pack(data, document, path, names)
    play_problems += pack_problems
    play.update(pack)
    if "players" in play and not play_problems:
        play["players"], card_problems = _scenario_cards(
            play["players"], data, document, path, catalog, scale
        )
        play_problems += card_problems
    play.update(submission)
    if (
        scale is not None
        and scale.id == "grand-offensive"
        and ("format" in data or "players" in data or "deadline" in data)
    ):
        problems.append(
            smallfile.Located(
                document.where(("scale",)),
                _(
                    "scale: Grand Offensive is not an organised-play scale "
                    "(the Organised Play guide, §1): play Standard or Skirmish"
                ),
            )
        )
    if "format" in data and "scenario_cards" not in data:
        # an organised-play roster brings its own 2 + 2 scenario cards (§2-3)
        play["scenario_cards"] = True
    if problems or play_problems:
        lines = [str(smallfile.FileProblem(file, problems))] if problems else []
        raise EventError("\n".join([*lines, *play_problems]))
    return event.model_copy(update={"scale": scale.id, **play} if scale else play)


def _shown(value: Any) -> str:
    return repr(value) if isinstance(value, str) else str(value)


def _minerals_problem(minerals: int, scale: Scale | None, catalog: Catalog) -> str:
    """Why no list can meet the event's Mineral limit; empty when one can."""
    if scale is not None:
        if scale.minerals is not None and minerals != scale.minerals:
            return _(
                "contradicts `scale: {scale}`, which is {minerals} Minerals: write "
                "`minerals: {plain}` or leave it out"
            ).format(
                scale=scale.id, minerals=people(scale.minerals), plain=scale.minerals
            )
        if scale.minerals is None and minerals < scale.minerals_min:
            return _(
                "is too few for `scale: {scale}`, which is {minerals} Minerals or more"
            ).format(scale=scale.id, minerals=people(scale.minerals_min))
        return ""
    scales = catalog.game.scales
    if any(
        s.minerals == minerals or (s.minerals is None and minerals >= s.minerals_min)
        for s in scales
    ):
        return ""
    limits = ", ".join(
        f"{s.name} {people(s.minerals)}"
        if s.minerals is not None
        else _("{scale} {minerals} or more").format(
            scale=s.name, minerals=people(s.minerals_min)
        )
        for s in scales
    )
    return _("is no scale's Mineral limit ({limits}): write one of them").format(
        limits=limits
    )


def _scenario_cards(
    players: tuple[EventPlayer, ...],
    data: dict[str, Any],
    document: yamlsource.Document,
    path: Path,
    catalog: Catalog,
    scale: Scale | None,
) -> tuple[tuple[EventPlayer, ...], list[str]]:
    """Each player's `mission_cards:` and `deployment_cards:` checked against the game
    data (2 different cards each, of the event's scale when it names one), with their
    printed names; every problem as a `file:line: where: ...` line."""
    problems: list[str] = []
    named: dict[str, dict[str, tuple[str, ...]]] = {}
    items = data.get("players")
    for index, item in enumerate(items if isinstance(items, list) else []):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            continue
        for field in CARD_KEYS:
            names = item.get(field)
            if not isinstance(names, list):
                continue
            where: yamlsource.YamlPath = ("players", index, field)
            found, found_problems = _cards_of(field, names, where, catalog, scale)
            problems += [
                f"{path}:{document.where(at).line}: {_label(at)}: {message}"
                for at, message in found_problems
            ]
            named.setdefault(item["name"].strip(), {})[field] = found
    if problems:
        return players, problems
    return tuple(
        player.model_copy(update=named[player.name]) if player.name in named else player
        for player in players
    ), []


def _cards_of(
    field: str,
    names: list[Any],
    where: yamlsource.YamlPath,
    catalog: Catalog,
    scale: Scale | None,
) -> tuple[tuple[str, ...], list[tuple[yamlsource.YamlPath, str]]]:
    """One player's cards of one kind: their printed names, and what is wrong."""
    mission = field == "mission_cards"
    label = "Mission" if mission else "Deployment"  # a game term, as printed
    wanted = scale.scenario_scale if scale is not None else None
    problems: list[tuple[yamlsource.YamlPath, str]] = []
    found: list[Mission | Deployment] = []
    for i, name in enumerate(names):
        card: Mission | Deployment | None
        if mission:
            card = next(
                (
                    m
                    for s in ((wanted,) if wanted else ("standard", "skirmish"))
                    if (m := catalog.mission(str(name), s)) is not None
                ),
                None,
            )
            choices = catalog.mission_names()
        else:
            card = catalog.deployments.get(str(name))
            choices = [
                d.name
                for d in catalog.deployments.all
                if scale is None or d.scale == scale.scenario_scale
            ]
        if card is None:
            problems.append(
                (
                    (*where, i),
                    _("{name} is no {label} Card{did_you_mean}; one of {names}").format(
                        name=repr(name),
                        label=label,
                        did_you_mean=did_you_mean(str(name), choices),
                        names=", ".join(choices),
                    ),
                )
            )
            continue
        if scale is not None and card.scale != scale.scenario_scale:
            problems.append(
                (
                    (*where, i),
                    _(
                        "{card} is a {card_scale} {label} Card; the event plays "
                        "{scale}: choose a {wanted} one"
                    ).format(
                        card=card.name,
                        card_scale=card.scale.capitalize(),
                        label=label,
                        scale=scale.name,
                        wanted=scale.scenario_scale.capitalize(),
                    ),
                )
            )
        if any(key(c.name) == key(card.name) for c in found):
            problems.append(
                (
                    (*where, i),
                    _(
                        "{card} is given twice: a player's 2 {label} Cards differ"
                    ).format(card=card.name, label=label),
                )
            )
        found.append(card)
    if len(names) != 2:
        problems.append(
            (
                where,
                ngettext(
                    "{count} {label} Card given: a player brings exactly 2",
                    "{count} {label} Cards given: a player brings exactly 2",
                    len(names),
                ).format(count=len(names), label=label),
            )
        )
    return tuple(c.name for c in found), problems


def _label(where: yamlsource.YamlPath) -> str:
    """`players[0].mission_cards[1]`, as the event file's other problems name keys."""
    return str(where[0]) + "".join(
        f"[{part}]" if isinstance(part, int) else f".{part}" for part in where[1:]
    )
