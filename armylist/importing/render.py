"""Writing an import as list format v1 YAML, with what could not be mapped as comments."""

from __future__ import annotations

import yaml

from armylist.importing.model import ImportResult, Item


def scalar(value: str | int) -> str:
    """One YAML scalar, quoted only when YAML needs it ("Raynor's Raiders" stays plain)."""
    text = yaml.safe_dump(
        value, allow_unicode=True, default_flow_style=True, width=1000
    )
    return text.removesuffix("\n...\n").strip()


def _comment(text: str) -> str:
    # A comment must stay one line: a newline in a source's name would end it.
    return " ".join(text.split())


def _items(lines: list[str], key: str, items: tuple[Item, ...], indent: str) -> None:
    lines.append(f"{key}:")
    for item in items:
        if item.name is None:
            lines.append(f"{indent}# {_comment(item.comment or item.source)}")
            continue
        note = f"  # {_comment(item.comment)}" if item.comment else ""
        lines.append(f"{indent}- {scalar(item.name)}{note}")


def to_yaml(result: ImportResult) -> str:
    """The list's YAML text: header comment, printed names, always `models`."""
    lines = [
        f"# Imported by armylist from {result.source_format}: {_comment(result.source)}",
        f"# on {result.imported_on.isoformat()}. Check it with `armylist validate`.",
    ]
    if result.name:
        lines.append(f"name: {scalar(result.name)}")
    lines.append(f"scale: {scalar(result.scale) if result.scale else ''}".rstrip())
    if result.minerals is not None:
        lines.append(f"minerals: {result.minerals}")
    faction = result.faction
    if faction is None or faction.name is None:
        lines.append("faction:")
    else:
        note = f"  # {_comment(faction.comment)}" if faction.comment else ""
        lines.append(f"faction: {scalar(faction.name)}{note}")
    if result.tactical_cards:
        _items(lines, "tactical_cards", result.tactical_cards, "  ")
    if result.units:
        lines.append("units:")
        for unit in result.units:
            if unit.comment:
                lines.append(f"  # {_comment(unit.comment)}")
            if not unit.kept:
                continue
            lines.append(f"  - unit: {scalar(unit.unit)}")
            if unit.models is not None:
                lines.append(f"    models: {unit.models}")
            if unit.upgrades:
                named = [u for u in unit.upgrades if u.name is not None]
                if named:
                    _items(lines, "    upgrades", unit.upgrades, "      ")
                else:
                    lines.extend(
                        f"    # {_comment(u.comment or u.source)}"
                        for u in unit.upgrades
                    )
    for key, items in (
        ("missions", result.missions),
        ("deployments", result.deployments),
    ):
        if not items:
            continue
        if any(i.name is not None for i in items):
            _items(lines, key, items, "  ")
        else:  # an empty list would break scenario-cards: comments only
            lines.extend(f"# {key}: {_comment(i.comment or i.source)}" for i in items)
    return "\n".join(lines) + "\n"
