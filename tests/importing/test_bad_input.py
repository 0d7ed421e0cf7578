"""Bad input is a clear ImportFailure (exit 2 in the CLI), never a traceback."""

from __future__ import annotations

import io
import zipfile
from typing import Any

import pytest

from armylist.gamedata.catalog import Catalog
from armylist.importing.detect import detect
from armylist.importing.model import BadSource, ImportFailure, UnknownFormat
from armylist.importing.render import to_yaml
from armylist.importing.sct1 import SeedError
from importing import fixtures
from importing.helpers import only, run, units

ONE_MIB = 1024 * 1024


def _ros() -> str:
    return fixtures.to_ros(fixtures.newrecruit_ttpiba())


def test_ros_and_rosz_import_like_the_json(catalog: Catalog) -> None:
    expected = units(
        run(fixtures.dumps(fixtures.newrecruit_ttpiba()), "nr.json", catalog)
    )
    ros = run(_ros().encode(), "money.ros", catalog)
    assert units(ros) == expected
    assert ros.source_format == "a BattleScribe roster (.ros)"
    rosz = run(fixtures.rosz({"money.ros": _ros().encode()}), "money.rosz", catalog)
    assert units(rosz) == expected


def test_ros_findings_give_the_xml_line(catalog: Catalog) -> None:
    text = _ros()
    result = run(text.encode(), "money.ros", catalog)
    line = next(f.line for f in result.findings if f.rule == "import-summoned-unit")
    assert 'name="Pylon"' in text.splitlines()[line - 1]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'{"state": {"roster": [}', "not valid JSON"),
        (b'{"a": 1} {"b": 2}', "extra data"),
        (b"[" * 100 + b"]" * 100, "nested deeper"),
        (b"<roster><forces>", "not well-formed XML"),
        (b"<list/>", "not a BattleScribe <roster>"),
        (b"\xff\xfe garbage", "neither UTF-8"),
        (b"SCT1-0000", "too short"),
        (b"SCT1-!!!!", "not Crockford base32"),
        (b"PK\x03\x04 not really a zip", "not a readable zip"),
    ],
)
def test_malformed_sources(data: bytes, message: str, catalog: Catalog) -> None:
    with pytest.raises(BadSource, match=message):
        run(data, "bad", catalog)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'{"hello": "world"}', "JSON of no format"),
        (b"name: my list\n", "no format armylist imports"),
        (b"TTPIBA", "a Command Center share code"),
    ],
)
def test_unknown_formats(data: bytes, message: str, catalog: Catalog) -> None:
    with pytest.raises(UnknownFormat, match=message):
        run(data, "x", catalog)


def test_forcing_the_wrong_format_is_an_error(catalog: Catalog) -> None:
    data = fixtures.dumps(fixtures.mk_rulebook())
    # it used to read "list.json is not a command-center source (its content is mk)"
    with pytest.raises(UnknownFormat) as error:
        run(data, "list.json", catalog, fmt="command-center")
    assert str(error.value) == (
        "list.json is not a Command Center roster (--from command-center): it is a "
        "malkivian83 list JSON"
    )
    assert (
        run(data, "list.json", catalog, fmt="mk").army().faction == "Raynor's Raiders"
    )


def test_xml_entities_are_refused(catalog: Catalog) -> None:
    # billion laughs: defusedxml refuses the DTD before any entity is expanded
    bomb = (
        '<?xml version="1.0"?><!DOCTYPE roster [<!ENTITY a "aaaaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><roster name="&b;"/>'
    )
    with pytest.raises(BadSource, match="refused"):
        run(bomb.encode(), "bomb.ros", catalog)
    external = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><roster name="&x;"/>'
    with pytest.raises(BadSource, match="refused"):
        run(external.encode(), "x.ros", catalog)


def test_rosz_with_two_files_or_no_ros_is_refused(catalog: Catalog) -> None:
    two = fixtures.rosz({"a.ros": _ros().encode(), "b.ros": _ros().encode()})
    with pytest.raises(
        BadSource, match=r"exactly one \.ros file; this one holds a\.ros, b\.ros"
    ):
        run(two, "two.rosz", catalog)
    other = fixtures.rosz({"readme.txt": b"hi"})
    with pytest.raises(BadSource, match="exactly one"):
        run(other, "other.rosz", catalog)


def _lying_zip(declared: int, actual: bytes) -> bytes:
    # a zip whose header claims `declared` bytes but inflates to `actual`
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("bomb.ros", actual)
    data = bytearray(buffer.getvalue())
    size = len(actual).to_bytes(4, "little")
    fake = declared.to_bytes(4, "little")
    # the local header (offset 22) and the central directory both carry the size
    data[22:26] = fake
    central = data.rfind(b"PK\x01\x02")
    assert data[central + 24 : central + 28] == size
    data[central + 24 : central + 28] = fake
    return bytes(data)


def test_zip_bombs_are_refused(catalog: Catalog) -> None:
    honest = fixtures.rosz({"big.ros": b" " * (ONE_MIB + 10)})
    assert len(honest) < 10_000  # tiny on disk
    with pytest.raises(BadSource, match="more than 1 MiB"):
        run(honest, "big.rosz", catalog)
    lying = _lying_zip(1000, b" " * (4 * ONE_MIB))
    # zipfile stops at the declared size and then fails the CRC; the chunked read
    # stops at 1 MiB whatever the header says
    with pytest.raises(ImportFailure, match=r"inflates past 1 MiB|Bad CRC"):
        run(lying, "bomb.rosz", catalog)


def test_a_source_over_the_size_limit_is_refused(catalog: Catalog) -> None:
    with pytest.raises(BadSource, match="larger than 1,048,576 bytes"):
        detect(b" " * (ONE_MIB + 1) + b"{}")


def test_stemlerm_battlescribe_roster(catalog: Catalog) -> None:
    # stemlerm data: no count in the name, the size is a "Squad Size" child, free default
    # weapons are selections, the force entry names the scale, categories by id
    def selection(
        entry: str, name: str, category: str, children: list[Any] | None = None
    ) -> dict[str, Any]:
        return {
            "entryId": entry,
            "name": name,
            "number": 1,
            "type": "upgrade",
            "categories": [{"entryId": category, "name": "?", "primary": True}]
            if category
            else [],
            "costs": [],
            "selections": children or [],
        }

    marine = selection(
        "aa01-b2c3-d4e5-f601",
        "Marine",
        "6d35-bbe1-4cbc-7508",
        [
            selection("ee01-f2a3-b4c5-0602", "Large Squad (9 models)", ""),
            selection("ee02-f2a3-b4c5-0601", "C-14 Rifle", ""),
        ],
    )
    tree = {
        "roster": {
            "name": "Stemlerm",
            "forces": [
                {
                    "entryId": "94e0-4472-dcf9-3914",
                    "selections": [
                        selection(
                            "ee20-f2a3-b4c5-0601",
                            "Raynor's Raiders",
                            "c4c4-2d74-825f-2091",
                        ),
                        selection(
                            "ee30-f2a3-b4c5-0603", "Barracks", "2c96-e743-92b9-cd86"
                        ),
                        marine,
                    ],
                }
            ],
        }
    }
    result = run(fixtures.to_ros(tree).encode(), "stemlerm.ros", catalog)
    army = result.army()
    assert (army.scale, army.faction, army.tactical_cards) == (
        "standard",
        "Raynor's Raiders",
        ["Barracks"],
    )
    assert [(u.unit, u.models, u.upgrades) for u in army.units] == [("Marine", 9, [])]
    assert (
        "'C-14 Rifle' of Marine is not an upgrade"
        in only(result, "import-dropped-field").message
    )


def test_two_seeds_pasted_as_one_argument_are_refused(catalog: Catalog) -> None:
    # "SCT1" and the second code's characters are all base32: the first list used to
    # be imported alone, the second silently dropped after the end of the DEFLATE data
    for pasted in (
        f"{fixtures.TTPIBA_SEED} {fixtures.RULEBOOK_SEED}",
        f"{fixtures.RULEBOOK_SEED}-ZZZZZ",
    ):
        with pytest.raises(SeedError, match="characters after the end of the list"):
            run(pasted.encode(), "pasted", catalog)
    assert run(fixtures.RULEBOOK_SEED.encode(), "seed", catalog).army().units


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'{"state": {"roster": "cut sho', "unterminated string starting at line 1,"),
        (b'{"a": "tab\there"}', "invalid control character at line 1, column 11"),
        (b'{"a\\q": 1}', "invalid \\escape at line 1, column 4"),
    ],
)
def test_json_string_errors_read_as_a_sentence(
    data: bytes, message: str, catalog: Catalog
) -> None:
    # the standard library's messages end in "at": they used to read "... at at line"
    with pytest.raises(BadSource) as error:
        run(data, "cut.json", catalog)
    assert message in str(error.value)
    assert " at at " not in str(error.value)


@pytest.mark.parametrize(
    "xml",
    [
        '<?xml version="1.0"?>\n<!DOCTYPE roster [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        '<roster name="&x;"/>',
        '<!DOCTYPE roster SYSTEM "http://example.invalid/roster.dtd"><roster/>',
    ],
)
def test_a_dtd_is_refused_in_words_a_player_reads(xml: str, catalog: Catalog) -> None:
    # it used to print defusedxml's repr: "DTDForbidden(name='roster', system_id=None, ...)"
    with pytest.raises(BadSource) as error:
        run(xml.encode(), "x.ros", catalog)
    message = str(error.value)
    assert "refused" in message
    assert "declares a DTD (<!DOCTYPE" in message
    assert "Forbidden" not in message
    assert "system_id" not in message


@pytest.mark.parametrize(
    ("state", "message"),
    [
        ({"roster": {"0": {}}}, "`roster` is not a list"),
        ({"tacticalCardIds": "forge"}, "`tacticalCardIds` is not a list"),
        ({"missionIds": {"a": 1}}, "`missionIds` is not a list"),
        ({"roster": [None]}, "`roster` entry 1 is not an object"),
    ],
)
def test_a_damaged_command_center_document_is_refused_not_emptied(
    state: dict[str, Any], message: str, catalog: Catalog
) -> None:
    # these used to import with exit 0 and every unit (or card) silently left out
    flat = fixtures.ttpiba_flattened()
    if state.get("roster") == [None]:
        state = {"roster": [None, *flat["state"]["roster"]]}
    flat["state"].update(state)
    with pytest.raises(BadSource, match=message):
        run(fixtures.dumps(flat), "damaged.json", catalog)


def test_a_battlescribe_file_is_not_called_new_recruit(catalog: Catalog) -> None:
    # a .ros/.rosz used to be reported as "New Recruit lists the summoned unit Pylon"
    ros = run(_ros().encode(), "money.ros", catalog)
    summoned = only(ros, "import-summoned-unit").message
    assert summoned == "BattleScribe lists the summoned unit Pylon as an ordinary entry"
    rosz = run(fixtures.rosz({"money.ros": _ros().encode()}), "money.rosz", catalog)
    assert only(rosz, "import-summoned-unit").message == summoned
    nr = run(fixtures.dumps(fixtures.newrecruit_ttpiba()), "nr.json", catalog)
    assert only(nr, "import-summoned-unit").message.startswith("New Recruit lists")


def _damaged_flat(key: str, value: Any) -> bytes:
    flat = fixtures.ttpiba_flattened()
    flat["state"]["roster"][2][key] = value
    return fixtures.dumps(flat)


def _damaged_nr(where: str, value: Any) -> bytes:
    tree = fixtures.newrecruit_ttpiba()
    selection = tree["roster"]["forces"][0]["selections"][0]
    if where == "categories":
        selection["categories"] = value
    elif where == "category entryId":
        for category in selection["categories"]:
            category["entryId"] = value
    else:
        for limit in tree["roster"]["costLimits"]:
            limit[where] = value
    # 1e999 is valid JSON (a float too large: infinity), which json.dumps cannot write
    return fixtures.dumps(tree).replace(b'"1e999"', b"1e999")


def _damaged_mk(key: str, value: Any) -> bytes:
    document = fixtures.mk_rulebook()
    document[key] = value
    return fixtures.dumps(document)


@pytest.mark.parametrize(
    "data",
    [
        _damaged_flat("availableUpgrades", 1.5),
        _damaged_flat("availableUpgrades", {"1": {}}),
        _damaged_flat("activeUpgrades", 1.5),
        _damaged_nr("categories", 5),
        _damaged_nr("category entryId", ["a"]),
        _damaged_nr("typeId", {"a": 1}),
        _damaged_nr("value", "1e999"),
        _damaged_mk("missionCardIds", 5),
        _damaged_mk("deploymentCardIds", True),
    ],
)
def test_a_value_of_the_wrong_type_is_never_a_traceback(
    data: bytes, catalog: Catalog
) -> None:
    # each of these ended in a TypeError, KeyError or OverflowError traceback
    try:
        result = run(data, "damaged.json", catalog)
    except ImportFailure as failure:
        assert "damaged" in str(failure) or "not" in str(failure)
    else:
        assert to_yaml(result)


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("tacticalCardIds", "barracks", "`tacticalCardIds` is not a list"),
        ("entries", {"0": {}}, "`entries` is not a list"),
        ("entries", [None], "`entries` entry 1 is not an object"),
        ("missionCardIds", 5, "`missionCardIds` is not a list"),
    ],
)
def test_a_damaged_malkivian_list_is_refused_not_emptied(
    key: str, value: Any, message: str, catalog: Catalog
) -> None:
    # the cards or units used to be left out without a word, exit 0
    with pytest.raises(BadSource, match=message):
        run(_damaged_mk(key, value), "damaged.json", catalog)


@pytest.mark.parametrize("data", [b"", b"  \n\n", b"\xef\xbb\xbf\n"])
def test_an_empty_file_is_said_to_be_empty(data: bytes, catalog: Catalog) -> None:
    # it used to read "x.json is of no format armylist imports", as for a wrong file
    with pytest.raises(UnknownFormat, match=r"^x\.json is empty: nothing to import"):
        run(data, "x.json", catalog)


def test_a_lone_surrogate_in_a_json_string_is_refused(catalog: Catalog) -> None:
    # valid JSON, but no text: the YAML written from it could not be read back (AL001
    # 'invalid YAML' on the imported list, a file validate cannot open)
    flat = fixtures.dumps(fixtures.ttpiba_flattened()).replace(
        b'"id": "artanis"', b'"id": "art\\ud800anis"'
    )
    with pytest.raises(BadSource, match=r"a lone UTF-16 surrogate \(\\ud800\)"):
        run(flat, "x.json", catalog)


def _nr_with(change: str) -> bytes:
    tree = fixtures.newrecruit_ttpiba()
    roster = tree["roster"]
    force = roster["forces"][0]
    if change == "forces":
        roster["forces"] = {"0": force}
    elif change == "null selection":
        force["selections"].insert(0, None)
    elif change == "force entryId":
        roster["costLimits"] = []
        force["entryId"] = ["x"]
    elif change == "unit children":
        units = [s for s in force["selections"] if s.get("selections")]
        units[0]["selections"] = 5
    return fixtures.dumps(tree)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("forces", "`forces` is not a list"),
        ("null selection", "`selections` entry 1 is not an object"),
        ("unit children", "`selections` is not a list"),
    ],
)
def test_a_damaged_new_recruit_export_is_refused_not_emptied(
    change: str, message: str, catalog: Catalog
) -> None:
    # forces or selections of the wrong type used to be skipped without a word (the
    # whole army, or a unit's upgrades, left out) or end in a TypeError traceback
    with pytest.raises(BadSource, match=message):
        run(_nr_with(change), "damaged.json", catalog)


def test_a_force_entry_id_of_the_wrong_type_is_no_traceback(catalog: Catalog) -> None:
    # `["x"] in force_entries` raised "unhashable type: 'list'"
    result = run(_nr_with("force entryId"), "damaged.json", catalog)
    assert "import-limit" in [f.rule for f in result.findings]
