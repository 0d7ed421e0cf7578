"""Sources of every format, authored for the tests from the facts of real exports.

Each builds the same lists as the real examples IMPORT.md describes (same ids, same
counts), trimmed to what the importer reads; none is a copy of a third-party file.
"""

from __future__ import annotations

import copy
import json
import zipfile
from io import BytesIO
from typing import Any


def _row(name: str, small: int = 0, large: int | None = None) -> dict[str, Any]:
    # an availableUpgrades row: priced rows are upgrades, unpriced ones abilities/weapons
    return {
        "name": name,
        "costS": small,
        "costL": small if large is None else large,
        "linkedTo": "",
        "description": "",
    }


STALKER = [
    _row("Blink"),
    _row("Path of Shadows", 20, 40),
    _row("Fury of the Nerazim", 20, 30),
]
ZEALOT = [
    _row("Psi Blades"),
    _row("Leg Enhancements", 20),
    _row("My Life for Aiur", 10),
    _row("Zealous Round", 10),
]
ADEPT = [
    _row("Glaive Cannon"),
    _row("Resonating Glaves", 20),
    _row("Glaive Strike", 20),
    _row("Guidance", 10),
]


def _entry(
    app_id: str,
    name: str,
    models: int,
    size: str,
    rows: list[dict[str, Any]],
    active: list[int],
) -> dict[str, Any]:
    return {
        "id": app_id,
        "name": name,
        "models": models,
        "size": size,
        "unitType": "Core",
        "uid": 1.5,
        "availableUpgrades": copy.deepcopy(rows),
        "activeUpgrades": active,
    }


def ttpiba_flattened() -> dict[str, Any]:
    """The Command Center share TTPIBA (Khalai, Feb 2026), flattened."""
    roster = [
        _entry("pylon", "Pylon", 1, "small", [], []),
        _entry("artanis", "Artanis", 1, "small", [], []),
        _entry("stalker", "Stalker", 2, "large", STALKER, [1]),
        _entry("stalker", "Stalker", 1, "small", STALKER, []),
        _entry("stalker", "Stalker", 1, "small", STALKER, []),
        _entry("stalker", "Stalker", 1, "small", STALKER, []),
        _entry("zealot", "Zealot", 3, "small", ZEALOT, [2, 3]),
        _entry("zealot", "Zealot", 3, "small", ZEALOT, [2, 3]),
        _entry("zealot", "Zealot", 3, "small", ZEALOT, [2, 3, 1]),
        _entry("adept", "Adept", 4, "small", ADEPT, [1, 2, 3]),
        _entry("adept", "Adept", 4, "small", ADEPT, [1, 2, 3]),
    ]
    # the app's prices of February 2026 (beta): Stalker 150/270, Zealot 170
    beta = {"pylon": 0, "artanis": 250, "zealot": 170, "adept": 150}
    for entry in roster:
        large = entry["size"] == "large"
        entry["baseCost"] = beta.get(entry["id"], 270 if large else 150)
    return {
        "id": "TTPIBA",
        "createdAt": "2026-02-28T10:55:31.240Z",
        "state": {
            "faction": "Protoss",
            "factionCardId": "khalai",
            "mineralsLimit": 2000,
            "gasLimit": 200,
            "mineralsUsed": 2000,
            "gasUsed": 200,
            "supplyUsed": 14,
            "tacticalCardIds": [
                "warp_prism",
                "twilight_council",
                "forge",
                "gateway",
                "nexus_overcharged",
                "gateway",
            ],
            "missionIds": ["mission_supply_drop", "mission_hold_position"],
            "deploymentIds": ["Nwd5bN4pLjjol85hdyBU", "BRp1aN4Ebvu3Wuc8afJj"],
            "roster": roster,
        },
    }


def _typed(value: Any) -> dict[str, Any]:
    # Firestore's REST encoding, written independently of the importer's unwrapping
    if isinstance(value, bool):
        return {"booleanValue": value}
    if isinstance(value, int):
        return {"integerValue": str(value)}
    if isinstance(value, float):
        return {"doubleValue": value}
    if isinstance(value, str):
        return {"stringValue": value}
    if value is None:
        return {"nullValue": None}
    if isinstance(value, list):
        return {"arrayValue": {"values": [_typed(v) for v in value]} if value else {}}
    return {"mapValue": {"fields": {k: _typed(v) for k, v in value.items()}}}


def rest_document(flat: dict[str, Any]) -> dict[str, Any]:
    """A flattened roster as the raw REST document the app's server returns."""
    code = flat["id"]
    return {
        "name": f"projects/starcrafttmgbeta/databases/starcrafttmgbeta/documents/shared_rosters/{code}",
        "fields": {k: _typed(v) for k, v in flat.items()},
        "createTime": "2026-02-28T10:55:31.240Z",
        "updateTime": "2026-02-28T10:55:31.240Z",
    }


def ttpiba_cleaned() -> dict[str, Any]:
    """TTPIBA in the community's cleaned form: upgrades by name, no deployments."""
    state = ttpiba_flattened()["state"]
    units = []
    for entry in state["roster"]:
        rows = entry["availableUpgrades"]
        units.append(
            {
                "id": entry["id"],
                "name": entry["name"],
                "uid": 1.5,
                "count": entry["models"],
                "size": entry["size"],
                "purchasedUpgrades": [rows[i]["name"] for i in entry["activeUpgrades"]],
            }
        )
    return {
        "faction": "Protoss",
        "factionCardId": "khalai",
        "mineralsLimit": 2000,
        "gasLimit": 200,
        "mineralsUsed": 2000,
        "gasUsed": 200,
        "units": units,
        "tacticalCards": state["tacticalCardIds"],
        "missions": state["missionIds"],
    }


GOLIATH = [
    _row("Hellfire Missiles"),
    _row("Scatter Missiles", 20),
    _row("Haywire Missiles", 20),
]
MARAUDER = [_row("Kinetic Foam", 10, 20), _row("Veteran of Tarsonis", 10, 20)]
MEDIC = [_row("Advanced Medic Facilities", 10), _row("Stabilizer Medpacks", 10)]


def vniemu_flattened() -> dict[str, Any]:
    """The Command Center share VNIEMU (Terran Armed Forces, March 2026)."""
    roster = [_entry("goliath", "Goliath", 1, "small", GOLIATH, [1]) for _ in range(4)]
    roster += [
        _entry("marauder", "Marauder", 4, "large", MARAUDER, [0, 1]),
        _entry("medic", "Medic", 3, "small", MEDIC, [0, 1]),
        _entry("marauder", "Marauder", 4, "large", MARAUDER, [1, 0]),
        _entry("medic", "Medic", 3, "small", MEDIC, [0, 1]),
    ]
    return {
        "id": "VNIEMU",
        "createdAt": "2026-03-14T09:00:00.000Z",
        "state": {
            "factionCardId": "terran_armed_forces",
            "mineralsLimit": 2000,
            "mineralsUsed": 2000,
            "gasUsed": 200,
            "tacticalCardIds": [
                "factory",
                "factory",
                "factory",
                "armory",
                "orbital_command",
                "dropship",
            ],
            "missionIds": [],
            "deploymentIds": [],
            "roster": roster,
        },
    }


def raynors_58ws1n_cleaned() -> dict[str, Any]:
    """The share 58WS1N (Raynor's Raiders, Grand Offensive 5000): every upgrade taken."""
    cards = [
        "barracks",
        "barracks__proxy_",
        "barracks__tech_lab_",
        "supply_depot",
        "factory",
        "engineering_bay",
        "armory",
        "academy",
        "orbital_command",
        "dropship",
    ]

    def unit(
        app_id: str, name: str, count: int, size: str, upgrades: list[str]
    ) -> dict[str, Any]:
        return {
            "id": app_id,
            "name": name,
            "uid": 2.5,
            "count": count,
            "size": size,
            "purchasedUpgrades": upgrades,
        }

    return {
        "id": "58WS1N",
        "faction": "Terran",
        "factionCardId": "raynor_s_raiders",
        "mineralsLimit": 5000,
        "gasLimit": 500,
        "mineralsUsed": 1480,
        "gasUsed": 345,
        "units": [
            unit("jim_raynor", "Jim Raynor", 1, "small", []),
            unit("point_defense_drone", "Point Defense Drone", 1, "small", []),
            unit(
                "goliath",
                "Goliath",
                1,
                "small",
                ["Ares-Class Targeting System", "Haywire Missiles", "Scatter Missiles"],
            ),
            unit(
                "marauder",
                "Marauder",
                4,
                "large",
                ["Kinetic Foam", "Laser Targeting Systems", "Veteran of Tarsonis"],
            ),
            unit(
                "marine",
                "Marine",
                9,
                "large",
                [
                    "AGG-12",
                    "Bayonet",
                    "Combat Shield",
                    "Grenades - Frag",
                    "Rocket Launcher",
                    "Slugthrower",
                ],
            ),
            unit(
                "medic",
                "Medic",
                3,
                "small",
                [
                    "A-13 Flash Grenade Launcher",
                    "Advanced Medic Facilities",
                    "Stabilizer Medpacks",
                ],
            ),
        ],
        "tacticalCards": cards,
        "missions": [],
    }


# ---------------------------------------------------------------- New Recruit
MINERALS, GAS = "5bcf-897a-a5c9-d0e8", "1719-6214-392e-e53f"


def _cost(minerals: int = 0, gas: int = 0) -> list[dict[str, Any]]:
    return [
        {"name": " Minerals", "typeId": MINERALS, "value": minerals},
        {"name": "  Gas", "typeId": GAS, "value": gas},
    ]


def nr_selection(
    entry: str,
    name: str,
    primary: str,
    children: list[dict[str, Any]] | None = None,
    *,
    kind: str = "upgrade",
    minerals: int = 0,
    gas: int = 0,
    number: int = 1,
) -> dict[str, Any]:
    """One New Recruit selection; ``primary`` names its primary category ('' for none)."""
    categories = [{"name": "Ground", "primary": False, "entryId": "x", "id": "c0"}]
    if primary:
        categories.append(
            {"name": primary, "primary": True, "entryId": "y", "id": "c1"}
        )
    return {
        "id": f"s-{entry}",
        "entryId": entry,
        "name": name,
        "number": number,
        "type": kind,
        "categories": categories,
        "costs": _cost(minerals, gas),
        "selections": children or [],
    }


def newrecruit_ttpiba() -> dict[str, Any]:
    """The New Recruit rebuild of TTPIBA ("Money", Khalai): NR's order, no Glaive Strike."""
    zealot = [
        nr_selection("9001-c31a-5c95-8fbb", "My Life for Aiur", "", minerals=10),
        nr_selection("0af2-9e5d-0522-cc4a", "Zealous Round", "", minerals=10),
    ]
    adept = [
        nr_selection("e167-941d-4dc7-a3b1", "Guidance", "", minerals=10),
        nr_selection("eebc-71e9-7451-d874", "Resonating Glaives", "", minerals=20),
    ]
    selections = [
        nr_selection("41ab-8fa0-e055-c722", "Khalai", "Faction"),
        nr_selection("9031-163e-ba0e-53b1", "Forge", "Tactical", gas=30),
        nr_selection("a14b-449a-ab4d-31bd", "Gateway", "Tactical", gas=25, number=2),
        nr_selection("c46e-a559-df9e-2af5", "Overcharged Nexus", "Tactical", gas=35),
        nr_selection("8305-145f-bdde-9c67", "Twilight Council", "Tactical", gas=40),
        nr_selection("adaa-58e7-37fc-bec8", "Warp Prism", "Tactical", gas=45),
        nr_selection(
            "9414-3605-697b-819a",
            "3 Zealots",
            "Core",
            copy.deepcopy(zealot),
            kind="unit",
            minerals=160,
        ),
        nr_selection(
            "9414-3605-697b-819a",
            "3 Zealots",
            "Core",
            copy.deepcopy(zealot),
            kind="unit",
            minerals=160,
        ),
        nr_selection(
            "9414-3605-697b-819a",
            "3 Zealots",
            "Core",
            [
                *copy.deepcopy(zealot),
                nr_selection(
                    "29ca-9e6a-5e5d-8601", "Leg Enhancements", "", minerals=20
                ),
            ],
            kind="unit",
            minerals=160,
        ),
        nr_selection(
            "e7ab-733c-ce24-a503",
            "4 Adept",
            "Core",
            copy.deepcopy(adept),
            kind="unit",
            minerals=150,
        ),
        nr_selection(
            "e7ab-733c-ce24-a503",
            "4 Adept",
            "Core",
            copy.deepcopy(adept),
            kind="unit",
            minerals=150,
        ),
        nr_selection(
            "aab3-edc0-70f1-373e",
            "2 Stalker",
            "Elite",
            [
                nr_selection("e38a-46c4-60de-6eeb", "Reinforce", "", minerals=100),
                nr_selection("1ed0-10f0-9e0f-fe3b", "Path of Shadows", "", minerals=40),
            ],
            kind="unit",
            minerals=160,
        ),
        *(
            nr_selection(
                "aab3-edc0-70f1-373e", "1 Stalker", "Elite", kind="unit", minerals=160
            )
            for _ in range(3)
        ),
        nr_selection(
            "e218-f6b9-e94f-8ae9", "Artanis", "Hero", kind="unit", minerals=250
        ),
        nr_selection("b174-1572-feda-5f15", "Pylon", "Other", kind="unit"),
    ]
    return {
        "roster": {
            "id": "r1",
            "name": "Money",
            "generatedBy": "https://newrecruit.eu",
            "gameSystemId": "sys-ce49-e853-2fea-6af1",
            "xmlns": "http://www.battlescribe.net/schema/rosterSchema",
            "costs": _cost(1950, 200),
            "costLimits": [{"name": " Minerals", "typeId": MINERALS, "value": 2000}],
            "forces": [
                {
                    "id": "f1",
                    "name": "New Force",
                    "catalogueId": "a993-a28e-5c72-5b0a",
                    "selections": selections,
                }
            ],
        }
    }


def _xml_attrs(node: dict[str, Any]) -> str:
    from xml.sax.saxutils import quoteattr

    parts = []
    for k, v in node.items():
        if isinstance(v, list):
            continue
        text = ("true" if v else "false") if isinstance(v, bool) else str(v)
        parts.append(f"{k}={quoteattr(text)}")
    return " ".join(parts)


def to_ros(tree: dict[str, Any]) -> str:
    """A New Recruit tree written as BattleScribe .ros XML (one element per line)."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>']

    def write(tag: str, node: dict[str, Any], depth: int) -> None:
        pad = "  " * depth
        attrs = {k: v for k, v in node.items() if k != "xmlns"}
        children = [(k, v) for k, v in node.items() if isinstance(v, list)]
        extra = (
            ' xmlns="http://www.battlescribe.net/schema/rosterSchema"'
            if tag == "roster"
            else ""
        )
        if not children:
            lines.append(f"{pad}<{tag}{extra} {_xml_attrs(attrs)}/>")
            return
        lines.append(f"{pad}<{tag}{extra} {_xml_attrs(attrs)}>")
        for key, items in children:
            lines.append(f"{pad}  <{key}>")
            for item in items:
                write(key[:-1] if key != "costLimits" else "costLimit", item, depth + 2)
            lines.append(f"{pad}  </{key}>")
        lines.append(f"{pad}</{tag}>")

    write("roster", tree["roster"], 0)
    return "\n".join(lines) + "\n"


def rosz(members: dict[str, bytes]) -> bytes:
    """A zip of the given members (a .rosz holds one .ros)."""
    buffer = BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


# ---------------------------------------------------------------- malkivian83
def mk_rulebook() -> dict[str, Any]:
    """The rulebook §9.1 army in malkivian83's list JSON, with its scenario cards."""

    def entry(
        i: int, unit: str, models: int, upgrades: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        return {
            "instanceId": f"e{i}",
            "unitEntryId": f"terran.entry.{unit}",
            "compositionId": str(models),
            "reference": False,
            "upgrades": upgrades or [],
        }

    return {
        "id": "fixture",
        "name": "Rulebook example",
        "catalogContentVersion": "2026.05.1.0",
        "schemaVersion": "1.0.0",
        "race": "TERRAN",
        "scaleId": "standard",
        "mineralLimit": 2000,
        "factionCardId": "terran.faction.raynors_raiders",
        "tacticalCardIds": [
            "terran.tactical.barracks",
            "terran.tactical.barracks_proxy",
            "terran.tactical.factory",
            "terran.tactical.orbital_command",
            "terran.tactical.academy",
            "terran.tactical.engineering_bay",
        ],
        "creepCardId": None,
        "entries": [
            entry(1, "marine", 9),
            entry(2, "marine", 9),
            entry(3, "marine", 6),
            entry(4, "marauder", 4),
            entry(5, "marauder", 2),
            entry(6, "jim_raynor", 1),
            entry(7, "medic", 3),
            entry(8, "medic", 3),
            entry(9, "goliath", 1),
        ],
        "missionCardIds": [
            "mission.gather_the_resources.standard",
            "mission.divide_and_conquer.standard",
        ],
        "deploymentCardIds": ["deployment.gauntlet", "deployment.typhoon"],
    }


def mk_docs_example() -> dict[str, Any]:
    """The design document's example: rulebook army + AGG-12 (Marine 6), Kinetic Foam
    (Marauder 4); no race, creep card, reference flags or scenario cards."""
    document = mk_rulebook()
    for field in (
        "id",
        "schemaVersion",
        "race",
        "creepCardId",
        "missionCardIds",
        "deploymentCardIds",
    ):
        del document[field]
    for entry in document["entries"]:
        del entry["reference"]
    document["entries"][2]["upgrades"] = [
        {"upgradeId": "terran.upgrade.agg_12", "modelIndex": 0}
    ]
    document["entries"][3]["upgrades"] = [
        {"upgradeId": "terran.upgrade.kinetic_foam", "modelIndex": None}
    ]
    return document


def dumps(document: Any) -> bytes:
    """JSON text as an app would save it (indented, so entries have their own lines)."""
    return json.dumps(document, indent=2, ensure_ascii=False).encode("utf-8")


# the recorded raw REST document of TTPIBA, as Command Center's server sends it
TTPIBA_REST = dumps(rest_document(ttpiba_flattened()))


# The app's own SCT1 encoder made this code for TTPIBA (malkivian83 ids, missions, no
# deployments): decoding the builder's real output proves the byte layout.
TTPIBA_SEED = (
    "SCT1-05HPR-P61SK-27H0B-Z38BG-6PXBA-2DN1C-YGBZ0-MC836-ZAMZE-MCFG7-XV48H-30F1J-A43HA-"
    "68RK0-FHH8K-901KK-C325J-HB60T-K6V6G-C7CTD-36EC8-3K5CC-7FQGH-0P0ZK-856RC-0WT1K-"
    "XX2YC-KSG00"
)

# The app's SCT1 code for the rulebook §9.1 army (the same list as mk_rulebook's), as a
# player pastes it.
RULEBOOK_SEED = (
    "SCT1-05HPR-P61SK-47H0B-Z2CKG-7PTCR-5CR4W-R52W5-2W44W-4Z4F8-NFFQC-FD6FD-KZDK9-RBRN7-"
    "0CHH8-043C1-W6TR5-2R8C3-H60Y1-7834C-1W66G-4CWMF-05Y4F-JQ0R0-0"
)
