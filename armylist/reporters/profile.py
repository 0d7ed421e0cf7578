"""Rich view of `armylist profile`: a list's Supply, models and attacks, and its rounds
against the reference targets, as numbers with bars; with `--vs`, two lists side by
side (A and B), every bar of a table on one scale so the two compare at a glance.

A pure renderer: the profile's numbers in, a Rich renderable out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armylist.combat.profile import ListProfile, Round, TargetRounds
from armylist.gamedata.cards import SlotType
from armylist.reporters.combat import bar, dice, phase_label
from armylist.text.i18n import _
from armylist.text.numbers import people, people_decimal
from armylist.text.visible import visible

# The widest bar of one list; beside another list's, the two share the width.
BAR_CELLS = 20
SIDES = ("A", "B")


def _cells(profiles: Sequence[ListProfile]) -> int:
    return BAR_CELLS if len(profiles) == 1 else BAR_CELLS // 2


def _heading(title: str) -> Text:
    return Text(title, style="bold")


def _table(profiles: Sequence[ListProfile], first: str) -> Table:
    """A table with a label column, then each list's value and bar."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column(first, overflow="fold")
    for side in SIDES[: len(profiles)]:
        name = side if len(profiles) > 1 else ""
        table.add_column(name, justify="right", no_wrap=True)
        table.add_column("", no_wrap=True)
    return table


def _bar_rows(
    table: Table,
    profiles: Sequence[ListProfile],
    rows: Sequence[tuple[str, Sequence[int]]],
) -> Table:
    """A row per label: each list's number (in ``rows``, list by list) and its bar,
    every bar on one scale."""
    top = max((n for _, numbers in rows for n in numbers), default=0)
    cells = _cells(profiles)
    for label, numbers in rows:
        row: list[str | Text] = [label]
        for number in numbers:
            share = Fraction(number, top) if top else Fraction(0)
            row += [people(number), Text(bar(share, cells), style="cyan")]
        table.add_row(*row)
    return table


def _lists(profiles: Sequence[ListProfile]) -> list[RenderableType]:
    """Which list is which: its name, faction and file."""
    lines: list[RenderableType] = []
    for side, profile in zip(SIDES, profiles, strict=False):
        name = visible(profile.name or _("(no name)"))
        faction = visible(profile.faction or _("(no faction)"))
        text = _("{name} ({faction}), {file}").format(
            name=name, faction=faction, file=visible(profile.file)
        )
        marked = f"{side}  {text}" if len(profiles) > 1 else text
        heading = Text(marked)
        heading.highlight_words([name], "bold")
        lines.append(heading)
    return lines


def _army(profiles: Sequence[ListProfile]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column(_("The army"), overflow="fold")
    for side in SIDES[: len(profiles)]:
        table.add_column(side if len(profiles) > 1 else "", justify="right")

    def per_supply(profile: ListProfile) -> str:
        value = profile.minerals_per_supply
        return "-" if value is None else people_decimal(float(value), 2)

    rows: list[tuple[str, Callable[[ListProfile], str]]] = [
        (_("Minerals"), lambda p: people(p.minerals)),
        (_("Supply"), lambda p: people(p.total_supply)),
        (_("Minerals per Supply point"), per_supply),
        (_("Models"), lambda p: people(p.models)),
        (_("Hit Points"), lambda p: people(p.hit_points)),
        (_("Shields"), lambda p: people(p.shields)),
    ]
    for label, value in rows:
        table.add_row(label, *(value(p) for p in profiles))
    return table


def _supply(profiles: Sequence[ListProfile]) -> Table:
    return _bar_rows(
        _table(profiles, _("Supply by Army Slot")),
        profiles,
        [(slot.label, [p.supply[slot] for p in profiles]) for slot in SlotType],
    )


def _armour(profiles: Sequence[ListProfile]) -> Table:
    rolls = sorted({k for p in profiles for k in p.armour})
    return _bar_rows(
        _table(profiles, _("Models by Armour roll")),
        profiles,
        [(f"{k}+", [p.armour.get(k, 0) for p in profiles]) for k in rolls],
    )


def _attacks(profiles: Sequence[ListProfile]) -> Table:
    return _bar_rows(
        _table(profiles, _("Attack dice per round")),
        profiles,
        [
            (_("Ranged (Assault)"), [p.attack_dice["assault"] for p in profiles]),
            (_("Close combat"), [p.attack_dice["combat"] for p in profiles]),
        ],
    )


def _target_title(rounds: TargetRounds) -> str:
    return _("{kind}: {unit} ({models} models)").format(
        kind=rounds.kind, unit=rounds.target.unit.name, models=rounds.models
    )


def _rounds(profiles: Sequence[ListProfile]) -> list[RenderableType]:
    """Per reference target: each phase's expected damage (bars), models removed and
    the squad that removes the most."""
    top = max(
        (r.damage for p in profiles for t in p.targets for r in t.rounds),
        default=Fraction(0),
    )
    parts: list[RenderableType] = [
        _heading(_("One round against each reference target")),
        Text(
            _(
                "Every squad attacks a fresh target once; the numbers are the sums "
                "over the squads."
            ),
            style="dim",
        ),
    ]
    for index, rounds in enumerate(profiles[0].targets):
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column(_("Phase"), overflow="fold")
        table.add_column(_("Damage"), justify="right", no_wrap=True)
        table.add_column("", no_wrap=True)
        table.add_column(_("Removed"), justify="right", no_wrap=True)
        table.add_column(_("Most from"), overflow="fold")
        for phase_index, first in enumerate(rounds.rounds):
            for side, profile in zip(SIDES, profiles, strict=False):
                round_ = profile.targets[index].rounds[phase_index]
                label = phase_label(first.phase)
                if len(profiles) > 1:
                    label = f"{label} {side}"
                table.add_row(label, *_round_cells(round_, top))
        parts += [Text(""), _heading(_target_title(rounds)), table]
    return parts


def _round_cells(round_: Round, top: Fraction) -> list[str | Text]:
    share = round_.damage / top if top else Fraction(0)
    most = round_.top.unit if round_.top else "-"
    return [
        dice(round_.damage),
        Text(bar(share, BAR_CELLS // 2), style="cyan"),
        dice(round_.removed),
        visible(most),
    ]


def _notes(profiles: Sequence[ListProfile]) -> list[RenderableType]:
    """The gaps in words, and any attack the calculator could not work out."""
    lines: list[RenderableType] = []
    many = len(profiles) > 1
    for side, profile in zip(SIDES, profiles, strict=False):
        for gap in profile.gaps():
            text = _("Gap: {gap}").format(gap=visible(gap.message))
            lines.append(Text(f"{side}  {text}" if many else text, style="yellow"))
        for left in profile.left_out:
            phase = phase_label(left.phase) if left.phase else "-"
            text = _("Not worked out: {unit} ({phase}): {problem}").format(
                unit=visible(left.unit), phase=phase, problem=visible(left.problem)
            )
            lines.append(Text(f"{side}  {text}" if many else text, style="dim"))
    return lines


def profile_view(profiles: Sequence[ListProfile]) -> RenderableType:
    """The profile of a list, or two side by side."""
    parts: list[RenderableType] = [
        *_lists(profiles),
        Text(""),
        _army(profiles),
        Text(""),
        _supply(profiles),
        Text(""),
        _armour(profiles),
        Text(""),
        _attacks(profiles),
        Text(""),
        *_rounds(profiles),
    ]
    notes = _notes(profiles)
    if notes:
        parts += [Text(""), *notes]
    return Group(*parts)
