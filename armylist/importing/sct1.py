"""SCT1 seed codes: malkivian83's builder's list in one line of text, decoded and encoded.

``SCT1-`` + Crockford base32 in groups of five. The bytes are a flag (0 raw, 1 raw DEFLATE)
and a body: payload + a 16-bit FNV-1a checksum. The payload holds the list as varints of the
builder's numeric ``seedId``s: format, content-version fingerprint, race, scale, Mineral
limit, faction, creep card, tactical cards, missions, deployments, then each entry's unit,
model count, reference flag and upgrades (seedId and 0 or the SPECIALIST's model + 1).
A seed decodes to the builder's list JSON form and is imported from there.
"""

from __future__ import annotations

import datetime as dt
import zlib
from typing import Any

from armylist.gamedata.catalog import Catalog
from armylist.importing import ids, malkivian, model
from armylist.importing.detect import Detected
from armylist.importing.model import BadSource, Collector, ImportFormat, ImportResult
from armylist.listfile import ArmyList
from armylist.text.i18n import N_, _
from armylist.text.numbers import people, read_int

PREFIX = "SCT1"
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUES = {c: i for i, c in enumerate(ALPHABET)} | {
    "I": 1,
    "L": 1,
    "O": 0,
    "U": ALPHABET.index("V"),
}
FORMAT_VERSION = 1
MAX_SEED_CHARS = 64 * 1024  # a 200-entry list is a few thousand characters
MAX_PAYLOAD = 1024 * 1024
FORMAT = ImportFormat.SCT1
SOURCE_FORMAT = N_("a malkivian83 SCT1 seed code")


class SeedError(BadSource):
    """The seed code is corrupt: bad characters, checksum, flag or layout."""


def fnv1a16(data: bytes) -> int:
    """The seed's 16-bit FNV-1a: start 0x811C, XOR each byte, multiply by 0x0193."""
    value = 0x811C
    for byte in data:
        value = ((value ^ byte) * 0x0193) & 0xFFFF
    return value


def fingerprint(content_version: str) -> int:
    """The catalog fingerprint: FNV-1a over the version's character codes."""
    return fnv1a16(bytes(ord(c) & 0xFF for c in content_version))


def base32_decode(text: str) -> bytes:
    """Crockford base32 (5 bits a character, most significant first) to bytes."""
    out = bytearray()
    bits = 0
    held = 0
    for char in text.upper():
        value = _VALUES.get(char)
        if value is None:
            raise SeedError(
                _("the seed has the character {char}, not Crockford base32").format(
                    char=repr(char)
                )
            )
        held = (held << 5) | value
        bits += 5
        if bits >= 8:
            bits -= 8
            out.append((held >> bits) & 0xFF)
            held &= (1 << bits) - 1
    return bytes(out)


def base32_encode(data: bytes) -> str:
    """Bytes to Crockford base32, the last character zero-padded."""
    out = []
    held = 0
    bits = 0
    for byte in data:
        held = (held << 8) | byte
        bits += 8
        while bits >= 5:
            bits -= 5
            out.append(ALPHABET[(held >> bits) & 31])
        held &= (1 << bits) - 1
    if bits:
        out.append(ALPHABET[(held << (5 - bits)) & 31])
    return "".join(out)


def _body(code: str) -> str:
    text = code.strip()
    if text[:4].upper() == PREFIX:
        text = text[4:]
    return "".join(text.replace("-", " ").split())


def unframe(code: str) -> bytes:
    """The payload of a seed code, checksum checked (raises SeedError)."""
    if len(code) > MAX_SEED_CHARS:
        raise SeedError(
            _("the seed is longer than {count} characters").format(
                count=people(MAX_SEED_CHARS)
            )
        )
    raw = base32_decode(_body(code))
    if not raw:
        raise SeedError(_("the seed is empty"))
    flag, body = raw[0], raw[1:]
    if flag == 1:
        inflater = zlib.decompressobj(wbits=-15)
        try:
            body = inflater.decompress(body, MAX_PAYLOAD + 1)
        except zlib.error:
            raise SeedError(_("the seed's compressed data is corrupt")) from None
        if len(body) > MAX_PAYLOAD or not inflater.eof:
            raise SeedError(_("the seed's compressed data is corrupt or too large"))
        if inflater.unused_data:
            # e.g. two codes pasted as one: never import the first and drop the rest
            raise SeedError(
                _(
                    "the seed has characters after the end of the list: corrupt, or "
                    "two codes pasted together (give each as its own argument)"
                )
            )
    elif flag != 0:
        raise SeedError(
            _("the seed's first byte is {flag}, neither 0 nor 1: corrupt").format(
                flag=flag
            )
        )
    if len(body) < 4:
        raise SeedError(_("the seed is too short to hold a list: corrupt"))
    payload, check = body[:-2], int.from_bytes(body[-2:], "big")
    if fnv1a16(payload) != check:
        raise SeedError(
            _("the seed's checksum does not match: a character is wrong or missing")
        )
    return payload


def frame(payload: bytes) -> str:
    """A seed code for a payload: checksum, deflate when strictly shorter, groups of 5."""
    body = payload + fnv1a16(payload).to_bytes(2, "big")
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = compressor.compress(body) + compressor.flush()
    framed = b"\x01" + deflated if len(deflated) < len(body) else b"\x00" + body
    text = base32_encode(framed)
    return "-".join([PREFIX, *(text[i : i + 5] for i in range(0, len(text), 5))])


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise SeedError(_("the seed ends in the middle of the list: corrupt"))
        value = self.data[self.at]
        self.at += 1
        return value

    def varint(self) -> int:
        value = 0
        shift = 0
        while True:
            byte = self.byte()
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
            shift += 7
            if shift > 63:
                raise SeedError(_("a number in the seed is too long: corrupt"))

    def count(self) -> int:
        value = self.varint()
        if value > len(self.data):  # each item takes at least a byte
            raise SeedError(_("a count in the seed is larger than the seed: corrupt"))
        return value


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def _by_seed(group: str) -> dict[int, str]:
    return {v["seed"]: k for k, v in ids.malkivian()[group].items()}


def decode(code: str, found: Collector | None = None) -> dict[str, Any]:
    """A seed as the builder's list JSON document; unknown seedIds kept as ``seed:N``."""
    table = ids.malkivian()
    reader = _Reader(unframe(code))
    version = reader.byte()
    if version != FORMAT_VERSION:
        raise SeedError(
            _("the seed has format version {version}; armylist reads 1").format(
                version=version
            )
        )
    fingerprint_found = reader.varint()
    race = reader.byte()
    scale = reader.byte()
    if race >= len(table["races"]) or scale >= len(table["scales"]):
        raise SeedError(_("the seed's race or scale byte is out of range: corrupt"))
    limit = reader.varint()
    factions, cards = _by_seed("factions"), _by_seed("cards")
    missions, deployments = _by_seed("missions"), _by_seed("deployments")
    units = _by_seed("units")

    def name(seeds: dict[int, str], seed: int) -> str:
        return seeds.get(seed, f"seed:{seed}")

    faction = name(factions, reader.varint())
    creep_seed = reader.varint()
    tactical = [name(cards, reader.varint()) for _ in range(reader.count())]
    mission_ids = [name(missions, reader.varint()) for _ in range(reader.count())]
    deployment_ids = [name(deployments, reader.varint()) for _ in range(reader.count())]
    entries = []
    for i in range(reader.count()):
        unit_id = name(units, reader.varint())
        models = reader.varint()
        reference = reader.byte() == 1
        local = {v["seed"]: k for k, v in table["upgrades"].get(unit_id, {}).items()}
        upgrades = []
        for _i in range(reader.count()):
            seed, nominated = reader.varint(), reader.varint()
            upgrades.append(
                {
                    "upgradeId": local.get(seed, f"seed:{seed}"),
                    "modelIndex": nominated - 1 if nominated else None,
                }
            )
        entries.append(
            {
                "instanceId": f"e{i + 1}",
                "unitEntryId": unit_id,
                "compositionId": str(models),
                "reference": reference,
                "upgrades": upgrades,
            }
        )
    if reader.at != len(reader.data):
        raise SeedError(_("the seed has bytes after the list: corrupt"))
    document: dict[str, Any] = {
        "catalogContentVersion": table["content_version"],
        "race": table["races"][race].upper(),
        "scaleId": ("skirmish", "standard", "grand_offensive")[scale],
        "mineralLimit": limit,
        "factionCardId": faction,
        "tacticalCardIds": tactical,
        "creepCardId": name(cards, creep_seed) if creep_seed else None,
        "entries": entries,
        "missionCardIds": mission_ids,
        "deploymentCardIds": deployment_ids,
    }
    if fingerprint_found != table["fingerprint"]:
        # decode anyway (IMPORT.md): the version is reported, ids may have moved
        document["catalogContentVersion"] = f"fingerprint 0x{fingerprint_found:04X}"
    return document


def encode(document: dict[str, Any]) -> str:
    """A builder list document (as ``malkivian.to_mk`` gives) as an SCT1 seed code."""
    table = ids.malkivian()
    out = bytearray([FORMAT_VERSION])
    out += _varint(table["fingerprint"])
    out.append(table["races"].index(document["race"].lower()))
    out.append(table["scales"].index(document["scaleId"].replace("_", "-")))
    out += _varint(document["mineralLimit"])

    def seed(group: str, key: str) -> bytes:
        return _varint(table[group][key]["seed"])

    out += seed("factions", document["factionCardId"])
    creep = document["creepCardId"]
    out += seed("cards", creep) if creep else _varint(0)
    for group, key in (
        ("cards", "tacticalCardIds"),
        ("missions", "missionCardIds"),
        ("deployments", "deploymentCardIds"),
    ):
        out += _varint(len(document[key]))
        for item in document[key]:
            out += seed(group, item)
    out += _varint(len(document["entries"]))
    for entry in document["entries"]:
        unit_id = entry["unitEntryId"]
        out += seed("units", unit_id)
        out += _varint(read_int(entry["compositionId"]))
        out.append(1 if entry["reference"] else 0)
        out += _varint(len(entry["upgrades"]))
        for upgrade in entry["upgrades"]:
            out += _varint(table["upgrades"][unit_id][upgrade["upgradeId"]]["seed"])
            index = upgrade["modelIndex"]
            out += _varint(0 if index is None else index + 1)
    return frame(bytes(out))


def export_sct1(army: ArmyList, catalog: Catalog) -> str:
    """The list as an SCT1 seed code (raises NotExportable for items without a seedId)."""
    return encode(malkivian.to_mk(army, catalog))


def read(
    detected: Detected, name: str, catalog: Catalog, today: dt.date
) -> ImportResult:
    """Import a detected SCT1 seed code."""
    return import_seed(str(detected.data), name, catalog, today)


def import_seed(
    code: str, source: str, catalog: Catalog, today: dt.date
) -> ImportResult:
    """Import an SCT1 seed code."""
    found = Collector(source)
    document = decode(code, found)
    version = document["catalogContentVersion"]
    if version != ids.malkivian()["content_version"]:
        found.add(
            model.VERSION_MISMATCH,
            _(
                "the seed was made with another catalog ({version}); armylist maps {value}"
            ).format(version=version, value=ids.malkivian()["content_version"]),
        )
        document["catalogContentVersion"] = None  # reported once, here
    return malkivian.import_list(
        document, {}, source, catalog, today, source_format=SOURCE_FORMAT, found=found
    )
