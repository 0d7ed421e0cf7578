"""Setting a scalar key of the list (faction, scale, minerals, name, ...), or
removing it with an empty value.
"""

from __future__ import annotations

from armylist.editing.errors import EditRefused
from armylist.editing.kinds import SETTABLE
from armylist.editing.listeditor import ListEditor
from armylist.editing.yamldoc import delete_key
from armylist.gamedata.models import Scale
from armylist.text.i18n import _
from armylist.text.names import did_you_mean, meant
from armylist.text.numbers import NotAWholeNumber, parse_whole, people


class KeyEdits(ListEditor):
    """Set or remove the list's scalar keys."""

    def set_key(self, name: str, value: str, minerals: int | None = None) -> str:
        """Set a scalar key (an empty value removes it); what changed."""
        if minerals is not None and name != "scale":
            raise EditRefused(
                _("--minerals goes with `set FILE scale`, not with {key}").format(
                    key=name
                ),
                _("set the limit alone with `armylist set FILE minerals N`"),
            )
        if name in ("tactical_cards", "units", "missions", "deployments"):
            raise EditRefused(
                _("{key} is a list").format(key=name),
                _("change it with `armylist add` and `armylist remove`"),
            )
        if name not in SETTABLE:
            raise EditRefused(
                _("cannot set {key}{did_you_mean}").format(
                    key=repr(name), did_you_mean=did_you_mean(name, SETTABLE)
                ),
                _("the keys you can set are {keys}").format(keys=", ".join(SETTABLE)),
            )
        written: str | int = value
        matched: tuple[int, bool] | None = None
        if not value.strip():
            # `set FILE KEY ""` removes the key: the inverse of setting a new one.
            if name not in self.doc.data:
                raise EditRefused(
                    _("the list has no {key} to remove").format(key=name),
                    _("give a value: `armylist set FILE {key} VALUE`").format(key=name),
                )
            delete_key(self.doc.data, name)
            return _("removed {key}").format(key=name)
        if name == "scale":
            scale = self.catalog.scale(value)
            if scale is None:
                ids = [s.id for s in self.catalog.game.scales]
                raise EditRefused(
                    _("unknown scale {name}{did_you_mean}").format(
                        name=repr(value), did_you_mean=did_you_mean(value, ids)
                    ),
                    _("the scales are {scales}").format(scales=", ".join(ids)),
                )
            written = scale.id
            matched = self.scale_minerals(scale, minerals)
        elif name == "minerals":
            try:
                written = parse_whole(value)
            except NotAWholeNumber as problem:
                raise EditRefused(
                    _("the Mineral limit must be a whole number: {problem}").format(
                        problem=problem.message
                    ),
                    problem.hint,
                ) from None
            if written < 1:
                raise EditRefused(
                    _("minerals must be 1 or more, not {value}").format(
                        value=value.strip()
                    ),
                    _("e.g. `armylist set FILE minerals 3000`"),
                )
        elif name == "faction":
            faction = self.catalog.factions.get(value)
            if faction is None:
                raise EditRefused(
                    _("unknown Faction Card {name}{did_you_mean}").format(
                        name=repr(value),
                        did_you_mean=meant(self.catalog.suggest_faction(value)),
                    ),
                    _("`armylist factions` lists them"),
                )
            written = faction.name
        self.doc.set_value(name, written)
        if matched is None:
            return _("set {key} to {value}").format(key=name, value=written)
        # Only a new scale comes with a Mineral limit: said with its printed name.
        limit, printed = matched
        facts = {
            "scale": self.catalog.scale_name(str(written)),
            "minerals": people(limit),
        }
        if printed:
            return _(
                "set the scale to {scale} and the Mineral limit to {minerals} to match"
            ).format(**facts)
        return _("set the scale to {scale} and the Mineral limit to {minerals}").format(
            **facts
        )

    def scale_minerals(
        self, scale: Scale, agreed: int | None
    ) -> tuple[int, bool] | None:
        """The `minerals:` line that goes with a new scale: the limit written to it
        and whether it is the scale's printed one, or None when it stays as it is.

        A printed limit (Skirmish, Standard) rewrites a `minerals:` line to match. An
        agreed one (Grand Offensive) is never guessed: it comes with `--minerals N`,
        unless the line already holds a limit the scale accepts.
        """
        given = self.doc.data.get("minerals")
        if scale.minerals is not None:
            if agreed is not None and agreed != scale.minerals:
                raise EditRefused(
                    _("{scale} is {minerals} Minerals, not {agreed}").format(
                        scale=scale.name,
                        minerals=people(scale.minerals),
                        agreed=people(agreed),
                    ),
                    _("leave out --minerals: {scale} has a printed limit").format(
                        scale=scale.name
                    ),
                )
            if "minerals" in self.doc.data and given != scale.minerals:
                self.doc.data["minerals"] = scale.minerals
                return scale.minerals, True
            return None
        if agreed is None:
            fits = isinstance(given, int) and not isinstance(given, bool)
            if fits and given >= scale.minerals_min:
                return None
            facts = {"scale": scale.name, "least": people(scale.minerals_min)}
            raise EditRefused(
                _(
                    "{scale} plays at an agreed Mineral limit of {least} or more, and "
                    "the list says {given}"
                ).format(given=people(given), **facts)
                if isinstance(given, int)
                else _(
                    "{scale} plays at an agreed Mineral limit of {least} or more, and "
                    "the list gives none"
                ).format(**facts),
                _(
                    "give the limit: `armylist set FILE scale {id} --minerals N` "
                    "(e.g. --minerals {example})"
                ).format(id=scale.id, example=max(3000, scale.minerals_min)),
            )
        if agreed < scale.minerals_min:
            raise EditRefused(
                _("{scale} is {least} Minerals or more, not {agreed}").format(
                    scale=scale.name,
                    least=people(scale.minerals_min),
                    agreed=people(agreed),
                ),
                _("give --minerals {least} or more").format(least=scale.minerals_min),
            )
        if given == agreed:
            return None
        self.doc.set_value("minerals", agreed)
        return agreed, False
