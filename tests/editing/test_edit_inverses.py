"""Every edit touches only what it points at, and has an inverse that restores the file.

Issue 11 (item 4 and its acceptance): adding then removing a mission left `missions: []`
behind, which fails `scenario-cards`. The table below makes each edit command (add,
remove, set, of every kind and key) and then its inverse on every example list, and
checks that the file comes back byte for byte and that the edit changed nothing it was
not pointed at. Targeted cases cover duplicated units, flow-style lists and comments.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from projectpaths import LISTS
from typer.testing import CliRunner

from armylist.cli import app
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.loading import load_catalog

runner = CliRunner()

Command = tuple[str, ...]


@dataclass(frozen=True)
class Case:
    """An edit, the edits that undo it, and what the edit may change."""

    name: str
    edit: Command
    inverse: tuple[Command, ...]
    touched: frozenset[str]
    # For edits of `units`: the only unit positions (0-based) the edit may change.
    units: frozenset[int] = field(default_factory=frozenset)


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def edit(path: Path, command: Command) -> None:
    code, out, err = run(command[0], str(path), *command[1:])
    assert code == 0, f"{' '.join(command)}: {out}{err}"


def _cases_for(list_file: Path, catalog: Catalog) -> list[Case]:
    data: dict[str, Any] = yaml.safe_load(list_file.read_text(encoding="utf-8"))
    faction = catalog.factions.get(data["faction"])
    assert faction is not None
    cards = data.get("tactical_cards") or []
    units = data.get("units") or []
    cases: list[Case] = []

    # Cards: add one and remove it; remove the last one and add it back.
    card = next(
        c for c in catalog.cards_for(faction) if c.kind == "tactical" and not c.unique
    )
    cases.append(
        Case(
            "add card",
            ("add", "card", card.name),
            (("remove", "card", card.name),),
            frozenset({"tactical_cards"}),
        )
    )
    if cards:
        cases.append(
            Case(
                "remove last card",
                ("remove", "card", cards[-1]),
                (("add", "card", cards[-1]),),
                frozenset({"tactical_cards"}),
            )
        )
    if cards and cards.count(cards[0]) == 1:
        cases.append(
            Case(
                "remove first card",
                ("remove", "card", cards[0]),
                (("add", "card", cards[0], "--at", "1"),),
                frozenset({"tactical_cards"}),
            )
        )

    # Units: add one and remove it by position; remove the last and add it back.
    unit = next(
        u for u in catalog.units_for(faction) if not u.unique and not u.summoned
    )
    models = unit.compositions[-1].models
    add_unit: Command = ("add", "unit", unit.name)
    if len(unit.compositions) > 1:
        add_unit += ("--models", str(models))
    cases.append(
        Case(
            "add unit",
            add_unit,
            (("remove", "unit", str(len(units) + 1)),),
            frozenset({"units"}),
            frozenset({len(units)}),
        )
    )
    for which, index in (("last", len(units) - 1), ("middle", len(units) // 2)):
        if not units:
            break
        entry = units[index]
        back: Command = ("add", "unit", entry["unit"])
        if "models" in entry:
            back += ("--models", str(entry["models"]))
        for upgrade in entry.get("upgrades", []):
            back += ("--upgrade", upgrade)
        if which == "middle":
            back += ("--at", str(index + 1))
        cases.append(
            Case(
                f"remove {which} unit",
                ("remove", "unit", str(index + 1)),
                (back,),
                frozenset({"units"}),
                frozenset(range(index, len(units))),
            )
        )

    # Upgrades: buy one for a unit without any (the key appears, then goes) and for a
    # unit with some; drop a unit's last upgrade and buy it back.
    bare_done = bought_done = dropped_done = False
    for index, entry in enumerate(units):
        found = catalog.units.get(entry["unit"])
        assert found is not None
        composition = found.composition(
            entry.get("models", found.compositions[0].models)
        )
        assert composition is not None
        have = entry.get("upgrades", [])
        position = str(index + 1)
        free = [
            u
            for u in found.upgrades
            if u.name not in have
            and not u.specialist
            and u.cost_for(composition.models) is not None
        ]
        if free and ((not have and not bare_done) or (have and not bought_done)):
            cases.append(
                Case(
                    f"add upgrade to a unit {'with' if have else 'without'} upgrades",
                    ("add", "upgrade", free[0].name, "--unit", position),
                    (("remove", "upgrade", free[0].name, "--unit", position),),
                    frozenset({"units"}),
                    frozenset({index}),
                )
            )
            bare_done = bare_done or not have
            bought_done = bought_done or bool(have)
        if len(have) > 1 and not dropped_done:
            cases.append(
                Case(
                    "remove last upgrade",
                    ("remove", "upgrade", have[-1], "--unit", position),
                    (("add", "upgrade", have[-1], "--unit", position),),
                    frozenset({"units"}),
                    frozenset({index}),
                )
            )
            cases.append(
                Case(
                    "remove first upgrade",
                    ("remove", "upgrade", have[0], "--unit", position),
                    (("add", "upgrade", have[0], "--unit", position, "--at", "1"),),
                    frozenset({"units"}),
                    frozenset({index}),
                )
            )
            dropped_done = True

    # Mission and Deployment Cards.
    scenario_scale = "standard" if data["scale"] != "skirmish" else "skirmish"
    for kind, key, names in (
        ("mission", "missions", catalog.mission_names()),
        ("deployment", "deployments", catalog.deployments.names()),
    ):
        present = data.get(key) or []
        if len(present) < 2:
            spare = next(n for n in names if n not in present)
            if kind == "deployment":
                spare = next(
                    d.name
                    for d in catalog.deployments.all
                    if d.scale == scenario_scale and d.name not in present
                )
            cases.append(
                Case(
                    f"add {kind}",
                    ("add", kind, spare),
                    (("remove", kind, spare),),
                    frozenset({key}),
                )
            )
        if present:
            cases.append(
                Case(
                    f"remove last {kind}",
                    ("remove", kind, present[-1]),
                    (("add", kind, present[-1]),),
                    frozenset({key}),
                )
            )
        if len(present) > 1:
            cases.append(
                Case(
                    f"remove first {kind}",
                    ("remove", kind, present[0]),
                    (("add", kind, present[0], "--at", "1"),),
                    frozenset({key}),
                )
            )

    # `set` of every key: the old value back, or the key removed when it was absent.
    def undo(key: str) -> tuple[Command, ...]:
        return (("set", key, str(data[key]) if key in data else ""),)

    cases += [
        Case("set name", ("set", "name", "Renamed"), undo("name"), frozenset({"name"})),
        Case(
            "set player",
            ("set", "player", "Zoe"),
            undo("player"),
            frozenset({"player"}),
        ),
        Case(
            "set data_version",
            ("set", "data_version", "2025.01"),
            undo("data_version"),
            frozenset({"data_version"}),
        ),
    ]
    other_faction = next(
        f for f in catalog.factions.all if f.race is faction.race and f.id != faction.id
    )
    cases.append(
        Case(
            "set faction",
            ("set", "faction", other_faction.name),
            (("set", "faction", data["faction"]),),
            frozenset({"faction"}),
        )
    )
    if data["scale"] == "grand-offensive":
        cases.append(
            Case(
                "set scale",
                ("set", "scale", "standard"),
                (
                    (
                        *("set", "scale", "grand-offensive"),
                        *("--minerals", str(data["minerals"])),
                    ),
                ),
                frozenset({"scale", "minerals"}),
            )
        )
        cases.append(
            Case(
                "set minerals",
                ("set", "minerals", "4000"),
                (("set", "minerals", str(data["minerals"])),),
                frozenset({"minerals"}),
            )
        )
    else:
        other_scale = "skirmish" if data["scale"] == "standard" else "standard"
        cases.append(
            Case(
                "set scale",
                ("set", "scale", other_scale),
                (("set", "scale", data["scale"]),),
                frozenset({"scale", "minerals"}),
            )
        )
    return cases


def _table() -> list[Any]:
    catalog = load_catalog()
    params = []
    for list_file in sorted(LISTS.glob("*.yaml")):
        for case in _cases_for(list_file, catalog):
            params.append(
                pytest.param(list_file, case, id=f"{list_file.stem}: {case.name}")
            )
    return params


def _assert_only_touched(
    before: dict[str, Any], after: dict[str, Any], case: Case
) -> None:
    for key in set(before) | set(after):
        if key in case.touched:
            continue
        assert before.get(key) == after.get(key), f"{case.name} changed {key}"
    if case.touched == {"units"}:
        old, new = before.get("units") or [], after.get("units") or []
        for index in range(max(len(old), len(new))):
            if index in case.units:
                continue
            assert old[index] == new[index], f"{case.name} changed unit {index + 1}"


@pytest.mark.parametrize(("list_file", "case"), _table())
def test_every_edit_has_an_inverse_that_restores_the_file(
    tmp_path: Path, list_file: Path, case: Case
) -> None:
    path = tmp_path / list_file.name
    original = list_file.read_bytes()
    path.write_bytes(original)
    edit(path, case.edit)
    edited = path.read_bytes()
    assert edited != original, f"{case.name} changed nothing"
    _assert_only_touched(yaml.safe_load(original), yaml.safe_load(edited), case)
    for command in case.inverse:
        edit(path, command)
    assert path.read_bytes().decode() == original.decode()


def findings(path: Path) -> list[str]:
    _, out, _ = run("validate", str(path), "--format", "json")
    return [f["rule"] for f in json.loads(out)["results"][0]["findings"]]


# -- item 4: the mission round trip --------------------------------------------------

NO_SCENARIOS = """\
name: Club night
scale: standard
faction: Raynor's Raiders
tactical_cards: [Barracks]
units:
  - unit: Marine
    models: 9
# bring the cards next week
"""


@pytest.mark.parametrize("kind", ["mission", "deployment"])
def test_adding_then_removing_a_scenario_card_leaves_the_list_as_it_was(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "club.yaml"
    path.write_text(NO_SCENARIOS)
    name = "Hold Position" if kind == "mission" else "Gauntlet"
    edit(path, ("add", kind, name))
    edit(path, ("remove", kind, name))
    assert path.read_text() == NO_SCENARIOS
    assert "scenario-cards" not in findings(path)


def test_removing_both_missions_removes_the_key(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text(NO_SCENARIOS + "missions: [Hold Position, Supply Drop]\n")
    edit(path, ("remove", "mission", "Supply Drop"))
    edit(path, ("remove", "mission", "Hold Position"))
    assert "missions" not in yaml.safe_load(path.read_text())
    assert "scenario-cards" not in findings(path)


def test_removing_a_units_only_upgrade_removes_its_upgrades_key(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text(NO_SCENARIOS)
    edit(path, ("add", "upgrade", "Combat Shield", "--unit", "1"))
    assert "upgrades: [Combat Shield]" in path.read_text()
    edit(path, ("remove", "upgrade", "Combat Shield", "--unit", "1"))
    assert path.read_text() == NO_SCENARIOS


# -- targeted cases: duplicated units, flow style, comments --------------------------

DUPLICATES = """\
name: Twins
scale: standard
faction: Raynor's Raiders
tactical_cards:
  - Barracks   # the first one
  - Barracks
units:
  # first squad
  - unit: Marine
    models: 9
    upgrades: [Combat Shield]
  # second squad, same as the first
  - unit: Marine
    models: 9
    upgrades: [Combat Shield]
  - unit: Medic
    models: 3
"""

FLOW = """\
name: Flow
scale: standard
faction: Raynor's Raiders
tactical_cards: [Barracks, Factory]
units: [{unit: Marine, models: 9, upgrades: [Combat Shield]}, {unit: Medic, models: 3}]
missions: [Hold Position]
"""

COMMENTED = """\
# My list for Saturday
name: Saturday   # the club night
scale: standard
faction: Raynor's Raiders

# cards
tactical_cards:
  - Barracks  # cheap
  # the big one
  - Factory
  - Academy
# end of cards

# the army
units:
  - unit: Marine   # front line
    models: 9
    upgrades:
      - Combat Shield   # keep
  # hero
  - unit: Jim Raynor  # Jim
# end of units
"""

TARGETED: list[tuple[str, str, Command, tuple[Command, ...]]] = [
    # Duplicates: the edit changes the unit it names by position, never its twin.
    (
        "duplicates",
        DUPLICATES,
        ("remove", "upgrade", "Combat Shield", "--unit", "2"),
        (("add", "upgrade", "Combat Shield", "--unit", "2"),),
    ),
    (
        "duplicates",
        DUPLICATES,
        ("add", "upgrade", "AGG-12", "--unit", "1"),
        (("remove", "upgrade", "AGG-12", "--unit", "1"),),
    ),
    (
        "duplicates",
        DUPLICATES,
        ("remove", "card", "Barracks"),
        (("add", "card", "Barracks"),),
    ),
    (
        "duplicates",
        DUPLICATES,
        ("add", "unit", "Marine", "--models", "9"),
        (("remove", "unit", "4"),),
    ),
    (
        "duplicates",
        DUPLICATES,
        ("set", "name", "Triplets"),
        (("set", "name", "Twins"),),
    ),
    # Flow style stays flow style.
    ("flow", FLOW, ("add", "card", "Academy"), (("remove", "card", "Academy"),)),
    ("flow", FLOW, ("remove", "card", "Factory"), (("add", "card", "Factory"),)),
    ("flow", FLOW, ("add", "unit", "Goliath"), (("remove", "unit", "3"),)),
    (
        "flow",
        FLOW,
        ("remove", "unit", "1"),
        (("add", "unit", "Marine", "-m", "9", "-u", "Combat Shield", "--at", "1"),),
    ),
    (
        "commented",
        COMMENTED,
        ("add", "unit", "Medic", "--at", "1"),
        (("remove", "unit", "1"),),
    ),
    (
        "commented",
        COMMENTED,
        ("add", "card", "Armory", "--at", "2"),
        (("remove", "card", "Armory"),),
    ),
    (
        "flow",
        FLOW,
        ("add", "upgrade", "AGG-12", "--unit", "1"),
        (("remove", "upgrade", "AGG-12", "--unit", "1"),),
    ),
    (
        "flow",
        FLOW,
        ("add", "mission", "Supply Drop"),
        (("remove", "mission", "Supply Drop"),),
    ),
    (
        "flow",
        FLOW,
        ("remove", "mission", "Hold Position"),
        (("add", "mission", "Hold Position"),),
    ),
    (
        "flow",
        FLOW,
        ("add", "deployment", "Gauntlet"),
        (("remove", "deployment", "Gauntlet"),),
    ),
    # Comments stay where they were written.
    (
        "commented",
        COMMENTED,
        ("add", "card", "Armory"),
        (("remove", "card", "Armory"),),
    ),
    (
        "commented",
        COMMENTED,
        ("remove", "card", "Academy"),
        (("add", "card", "Academy"),),
    ),
    ("commented", COMMENTED, ("add", "unit", "Medic"), (("remove", "unit", "3"),)),
    (
        "commented",
        COMMENTED,
        ("add", "upgrade", "AGG-12", "--unit", "1"),
        (("remove", "upgrade", "AGG-12", "--unit", "1"),),
    ),
    (
        "commented",
        COMMENTED,
        ("add", "mission", "Hold Position"),
        (("remove", "mission", "Hold Position"),),
    ),
    (
        "commented",
        COMMENTED,
        ("add", "deployment", "Gauntlet"),
        (("remove", "deployment", "Gauntlet"),),
    ),
    ("commented", COMMENTED, ("set", "name", "Sunday"), (("set", "name", "Saturday"),)),
    ("commented", COMMENTED, ("set", "player", "Jim"), (("set", "player", ""),)),
    ("commented", COMMENTED, ("set", "minerals", "2000"), (("set", "minerals", ""),)),
    (
        "commented",
        COMMENTED,
        ("set", "scale", "skirmish"),
        (("set", "scale", "standard"),),
    ),
    (
        "commented",
        COMMENTED,
        ("set", "faction", "Terran Armed Forces"),
        (("set", "faction", "Raynor's Raiders"),),
    ),
]


@pytest.mark.parametrize(
    ("text", "command", "inverse"),
    [pytest.param(t, c, i, id=f"{n}: {' '.join(c)}") for n, t, c, i in TARGETED],
)
def test_targeted_edits_have_inverses(
    tmp_path: Path, text: str, command: Command, inverse: tuple[Command, ...]
) -> None:
    path = tmp_path / "list.yaml"
    path.write_text(text)
    edit(path, command)
    assert path.read_text() != text
    for undo in inverse:
        edit(path, undo)
    assert path.read_text() == text


def test_an_upgrade_edit_changes_only_the_unit_it_names(tmp_path: Path) -> None:
    path = tmp_path / "twins.yaml"
    path.write_text(DUPLICATES)
    edit(path, ("remove", "upgrade", "Combat Shield", "--unit", "2"))
    text = path.read_text()
    units = yaml.safe_load(text)["units"]
    assert units[0]["upgrades"] == ["Combat Shield"]
    assert "upgrades" not in units[1]
    assert "# second squad, same as the first" in text


def test_a_quoted_value_keeps_its_quotes_through_set_and_back(tmp_path: Path) -> None:
    text = 'name: "Saturday"\nplayer: \'Jim\'\nscale: standard\nfaction: "Raynor\'s Raiders"\n'
    path = tmp_path / "quoted.yaml"
    path.write_text(text)
    for key, new, old in (
        ("name", "Sunday", "Saturday"),
        ("player", "Zoe", "Jim"),
        ("faction", "Terran Armed Forces", "Raynor's Raiders"),
    ):
        edit(path, ("set", key, new))
        edit(path, ("set", key, old))
    assert path.read_text() == text


def test_removing_the_last_entry_of_an_optional_key_keeps_every_full_line_comment(
    tmp_path: Path,
) -> None:
    text = """\
name: Saturday   # the club night
scale: standard
faction: Raynor's Raiders
units:
  - unit: Marine
    models: 9
    upgrades:
      # the one
      - Combat Shield   # shield
    # after upgrades
missions:
  # my picks
  - Hold Position   # fav
# deployments next
deployments: [Gauntlet]
"""
    path = tmp_path / "list.yaml"
    path.write_text(text)
    edit(path, ("remove", "mission", "Hold Position"))
    edit(path, ("remove", "upgrade", "Combat Shield", "--unit", "1"))
    edit(path, ("remove", "deployment", "Gauntlet"))
    after = path.read_text()
    data = yaml.safe_load(after)
    assert not {"missions", "deployments"} & set(data)
    assert "upgrades" not in data["units"][0]
    kept = [
        line.strip() for line in after.splitlines() if line.lstrip().startswith("#")
    ]
    assert kept == ["# the one", "# after upgrades", "# my picks", "# deployments next"]
    assert "# fav" not in after and "# shield" not in after  # their entries' own


TWO_FORGES = """\
scale: standard
faction: Khalai
tactical_cards:
  - Forge   # the first Forge
  - Forge
  - Gateway
"""


def test_remove_card_by_position_removes_that_entry(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text(TWO_FORGES)
    edit(path, ("remove", "card", "1"))
    assert "# the first Forge" not in path.read_text()
    assert yaml.safe_load(path.read_text())["tactical_cards"] == ["Forge", "Gateway"]


def test_the_builder_removes_the_card_chosen_not_its_twin(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text(TWO_FORGES)
    result = runner.invoke(app, ["build", str(path)], input="4\n1\n8\n")
    assert result.exit_code == 0, result.stdout
    assert "# the first Forge" not in path.read_text()
    assert yaml.safe_load(path.read_text())["tactical_cards"] == ["Forge", "Gateway"]


def test_the_builders_edits_undone_give_the_file_back(tmp_path: Path) -> None:
    path = tmp_path / "official.yaml"
    original = (LISTS / "official-example.yaml").read_bytes()
    path.write_bytes(original)
    script = [
        "1", "Armory",  # add a Tactical Card
        "2", "Goliath",  # add a unit: the 10th
        "3", "1", "AGG-12", "AGG-12", "0",  # buy an upgrade for unit 1, then drop it
        "4", "7",  # remove the 7th card: the Armory
        "5", "10",  # remove the 10th unit: the Goliath added
        "8",  # save and quit
    ]  # fmt: skip
    result = runner.invoke(app, ["build", str(path)], input="\n".join(script) + "\n")
    assert result.exit_code == 0, result.stdout
    assert "added Armory" in result.stdout and "removed unit #10" in result.stdout
    assert path.read_bytes() == original


# -- issue: Grand Offensive and back -------------------------------------------------

GRAND = """\
name: Big game
scale: grand-offensive
minerals: 3000
faction: Khalai
units:
  - unit: Zealot
"""


def test_going_back_to_grand_offensive_needs_the_agreed_limit(tmp_path: Path) -> None:
    # Before, the second `set` left `minerals: 2000` behind: an illegal list whose
    # AL201 hint said "for 2,000 Minerals use `scale: standard`", the edit undone.
    path = tmp_path / "go.yaml"
    path.write_text(GRAND)
    edit(path, ("set", "scale", "standard"))
    assert "minerals: 2000" in path.read_text()
    standard = path.read_text()
    code, _, err = run("set", str(path), "scale", "grand-offensive")
    assert code == 2
    assert "--minerals N" in err and "agreed Mineral limit of 2,001 or more" in err
    assert path.read_text() == standard
    edit(path, ("set", "scale", "grand-offensive", "--minerals", "3,000"))
    assert path.read_text() == GRAND


@pytest.mark.parametrize(
    ("command", "words"),
    [
        (("set", "scale", "grand-offensive", "--minerals", "2000"), "2,001 Minerals"),
        (("set", "scale", "standard", "--minerals", "2500"), "Standard is 2,000"),
        (("set", "name", "X", "--minerals", "2500"), "goes with `set FILE scale`"),
    ],
)
def test_a_limit_that_does_not_fit_the_scale_is_refused(
    tmp_path: Path, command: Command, words: str
) -> None:
    path = tmp_path / "go.yaml"
    path.write_text(GRAND)
    code, _, err = run(command[0], str(path), *command[1:])
    assert code == 2 and words in err
    assert path.read_text() == GRAND


def test_a_grand_offensive_list_already_at_its_limit_needs_no_minerals(
    tmp_path: Path,
) -> None:
    path = tmp_path / "go.yaml"
    path.write_text(GRAND.replace("grand-offensive", "standard"))
    edit(path, ("set", "scale", "grand-offensive"))
    assert path.read_text() == GRAND
