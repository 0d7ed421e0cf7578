"""Writing an import as list format v1 YAML, with what could not be mapped as comments."""

from __future__ import annotations

import yaml

from armylist.importing.model import ImportResult, Item
from armylist.text.i18n import _


def scalar(value: str | int) -> str:
    """One YAML scalar, quoted only when YAML needs it ("Raynor's Raiders" stays plain)."""
    if isinstance(value, str) and (
        not value.isprintable() or value != value.strip() or len(value) > 200
    ):
        return _double_quoted(value)
    text = yaml.safe_dump(
        value, allow_unicode=True, default_flow_style=True, width=1000
    )
    return text.removesuffix("\n...\n").strip()


def _double_quoted(text: str) -> str:
    # YAML double-quoted escapes (\uXXXX, \UXXXXXXXX): one line, read back exactly
    out = []
    for char in text:
        code = ord(char)
        if 0x20 <= code < 0x7F and char not in '"\\':
            out.append(char)
        elif code < 0x10000:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    return '"' + "".join(out) + '"'


def _comment(text: str) -> str:
    # A comment must stay one line of printable text, whatever the source's name holds.
    flat = " ".join(text.split())
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in flat)


class _Writer:
    """YAML lines, each remembering the source line of the entry it writes."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.origins: dict[int, int] = {}  # YAML line -> source line

    def add(self, text: str, origin: int | None = None) -> None:
        self.lines.append(text)
        if origin is not None:
            self.origins[len(self.lines)] = origin

    def items(
        self, key: str, items: tuple[Item, ...], indent: str, origin: int | None = None
    ) -> None:
        self.add(f"{key}:", origin)
        for item in items:
            if item.name is None:
                self.add(f"{indent}# {_comment(item.comment or item.source)}")
                continue
            note = f"  # {_comment(item.comment)}" if item.comment else ""
            self.add(f"{indent}- {scalar(item.name)}{note}", item.line or origin)


def to_yaml(result: ImportResult) -> str:
    """The list in format v1 YAML, with a header naming the source and the date:
    printed names, always `models`."""
    return render(result)[0]


def render(result: ImportResult) -> tuple[str, dict[int, int]]:
    """The YAML text, and for each YAML line the source line it came from (if known)."""
    out = _Writer()
    out.add(
        _("# Imported by armylist from {format}: {source}").format(
            format=_(result.source_format), source=_comment(result.source)
        )
    )
    out.add(
        _("# on {date}. Check it with `armylist validate`.").format(
            date=result.imported_on.isoformat()
        )
    )
    if result.name:
        out.add(f"name: {scalar(result.name)}")
    out.add(f"scale: {scalar(result.scale) if result.scale else ''}".rstrip())
    if result.minerals is not None:
        out.add(f"minerals: {result.minerals}")
    faction = result.faction
    if faction is None or faction.name is None:
        out.add("faction:")
    else:
        note = f"  # {_comment(faction.comment)}" if faction.comment else ""
        out.add(f"faction: {scalar(faction.name)}{note}", faction.line)
    if result.tactical_cards:
        out.items("tactical_cards", result.tactical_cards, "  ")
    if result.units:
        out.add("units:")
        for unit in result.units:
            if unit.comment:
                out.add(f"  # {_comment(unit.comment)}")
            if not unit.kept:
                continue
            out.add(f"  - unit: {scalar(unit.unit)}", unit.line)
            if unit.models is not None:
                out.add(f"    models: {unit.models}", unit.line)
            if not unit.upgrades:
                continue
            if any(u.name is not None for u in unit.upgrades):
                out.items("    upgrades", unit.upgrades, "      ", unit.line)
            else:
                for u in unit.upgrades:
                    out.add(f"    # {_comment(u.comment or u.source)}")
    for key, items in (
        ("missions", result.missions),
        ("deployments", result.deployments),
    ):
        if not items:
            continue
        if any(i.name is not None for i in items):
            out.items(key, items, "  ")
        else:  # an empty list would break scenario-cards: comments only
            for i in items:
                out.add(f"# {key}: {_comment(i.comment or i.source)}")
    return "\n".join(out.lines) + "\n", out.origins
