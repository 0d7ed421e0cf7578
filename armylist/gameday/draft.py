"""The mission and deployment draft between two lists (§9.2) and the table set-up (§9.3).

The draft, in order:
1. Priority. By the rulebook (`PriorityRule.ROLL_OFF`): a roll-off, each player rolls
   2D6 and ties are re-rolled; the winner has priority. By the Organised Play guide's
   pre-game sequence (`PriorityRule.OP`): the player who spent less Vespene Gas, then
   fewer Minerals, then a roll-off; the player without priority then chooses the side
   of the table the Deployment is oriented from.
2. The player with priority chooses a colour (Red or Blue), then which draft to control
   (mission or deployment); the opponent controls the other.
3. Mission draft: the player WITHOUT mission control bans 2 of the 4 Mission Cards, one
   at a time; the controller picks 1 of the 2 left; the other is discarded.
4. Deployment draft: the same with the Deployment Cards.
5. Marker affinity: markers 1 and 3 are Red's, 2 and 4 Blue's, 5 is neutral.
6. Set-up: battlefield size from the Deployment Card (the scale's for Grand Offensive),
   a pre-designed terrain map rolled on the scale's die (D6 Standard, D3 Skirmish);
   terrain placed in turns starts with Red.

Every die comes from one ``random.Random(seed)``, so a seed always gives the same draft
for the same choices. Each choice is asked of a `Chooser`; `auto_chooser` is the
documented policy used with `--auto` or without a terminal:

- orientation (organised play): the player without priority orients the Deployment
  from their own side of the table;
- colour: the player with priority takes Red (Red places terrain first);
- control: the player with priority controls the mission draft (the mission sets
  Starting Supply, Escalation and scoring);
- bans: the player without control bans the controller's own cards first (in the order
  the controller listed them), so the pick is between the banning player's cards;
- pick: the controller picks a remaining card they also brought, else the first left.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from armylist.engine import CheckedList, ListOptions, open_list, player_names
from armylist.findings import (
    EXIT_INVALID,
    Finding,
    Refused,
    Severity,
    blocking,
    describe,
)
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Deployment, Mission, Scale
from armylist.gameday.priority import PriorityRule
from armylist.text.i18n import N_, _
from armylist.text.numbers import people

# The validator's findings that stop a draft: the list's scenario cards are not usable.
BLOCKING_RULES = (
    "yaml-syntax",
    "scale",
    "unknown-mission",
    "unknown-deployment",
    "scenario-cards",
)

Colour = Literal["Red", "Blue"]
DraftKind = Literal["mission", "deployment"]
MARKERS: dict[int, Colour | None] = {1: "Red", 2: "Blue", 3: "Red", 4: "Blue", 5: None}


class ChoiceKind(StrEnum):
    """The decisions a player makes in the draft."""

    ORIENTATION = "orientation"
    COLOUR = "colour"
    CONTROL = "control"
    BAN = "ban"
    PICK = "pick"


class Choice(BaseModel):
    """A decision asked of one player: answer with one of ``options``."""

    model_config = ConfigDict(frozen=True)

    player: str
    kind: ChoiceKind
    draft: DraftKind | None = None
    prompt: str
    options: list[str]
    own: list[str] = Field(
        default_factory=list, description="the options that are this player's cards"
    )
    brought: list[str] = Field(
        default_factory=list, description="names of the cards this player brought"
    )
    cards: dict[str, str] = Field(
        default_factory=dict, description="option -> the card's name (card choices)"
    )


Chooser = Callable[[Choice], str]


class DraftCard(BaseModel):
    """A Mission or Deployment Card on the table, with who brought it."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    owner: str

    @property
    def label(self) -> str:
        """E.g. 'Hold Position (Alice)': both players may bring the same card."""
        return f"{self.name} ({self.owner})"


class DraftPlayer(BaseModel):
    """A player's side of the draft: the cards their list brings."""

    model_config = ConfigDict(frozen=True)

    name: str
    file: str
    missions: list[Mission] = Field(min_length=2, max_length=2)
    deployments: list[Deployment] = Field(min_length=2, max_length=2)
    errors: int = Field(
        default=0, description="the list's errors: an illegal list still drafts"
    )
    gas: int = Field(default=0, description="Vespene Gas the list spent")
    minerals: int = Field(default=0, description="Minerals the list spent")

    def cards(self, draft: DraftKind) -> Sequence[Mission | Deployment]:
        """The two cards this player brings to the ``draft``."""
        return self.missions if draft == "mission" else self.deployments


class Roll(BaseModel):
    """One player's 2D6 in one roll-off."""

    model_config = ConfigDict(frozen=True)

    player: str
    dice: list[int]
    total: int


class Move(BaseModel):
    """One step of the transcript."""

    model_config = ConfigDict(frozen=True)

    step: int
    player: str | None
    action: str
    text: str


class Side(BaseModel):
    """A player's result: colour, the draft they controlled, their markers."""

    model_config = ConfigDict(frozen=True)

    player: str
    file: str
    colour: Colour
    controls: DraftKind
    markers: list[int]
    errors: int = Field(
        default=0, description="the list's errors (0: a legal list; drafted anyway)"
    )


class Priority(BaseModel):
    """Who has priority (chooses colour, then control), by which rule, and why."""

    model_config = ConfigDict(frozen=True)

    rule: PriorityRule
    player: str
    decided_by: Literal["vespene-gas", "minerals", "roll-off"]
    reason: str


class Orientation(BaseModel):
    """Organised play: the side of the table the Deployment is oriented from."""

    model_config = ConfigDict(frozen=True)

    chosen_by: str = Field(description="the player without priority")
    side: str = Field(description="the player whose side of the table it is")


class DraftedMission(BaseModel):
    """The mission drafted, with the numbers the Supply Pool needs."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    brought_by: str
    starting_supply: int
    supply_escalation: int
    game_length: int


class DraftedDeployment(BaseModel):
    """The deployment drafted."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    brought_by: str


class Terrain(BaseModel):
    """The pre-designed map roll (§9.3)."""

    model_config = ConfigDict(frozen=True)

    die: str
    roll: int


class DraftResult(BaseModel):
    """The whole draft: transcript and result."""

    model_config = ConfigDict(frozen=True)

    seed: int
    scale: str  # the id
    scale_name: str = Field(exclude=True)  # as printed, for text
    rolloffs: list[list[Roll]]
    winner: str = Field(description="the player with priority")
    priority: Priority
    orientation: Orientation | None = Field(
        default=None, description="organised play only"
    )
    sides: list[Side]
    mission: DraftedMission
    deployment: DraftedDeployment
    battlefield: str
    terrain: Terrain
    markers: dict[int, str | None] = Field(
        description="marker -> colour (None neutral)"
    )
    first_in_setup: str = Field(description="Red: places terrain first (§9.3)")
    transcript: list[Move]


def auto_chooser(choice: Choice) -> str:
    """The documented policy for unattended drafts (see the module docstring)."""
    if choice.kind is ChoiceKind.ORIENTATION:
        return choice.options[0]  # the chooser's own side
    if choice.kind is ChoiceKind.COLOUR:
        return "Red"
    if choice.kind is ChoiceKind.CONTROL:
        return "mission"
    if choice.kind is ChoiceKind.BAN:
        theirs = [o for o in choice.options if o not in choice.own]
        return (theirs or choice.options)[0]
    # A pick: a card the controller brought too (from either player), else the first.
    # The card's name comes from `cards`: a player's name may hold " (" too.
    liked = [
        o
        for o in choice.options
        if choice.cards.get(o, o.rsplit(" (", 1)[0]) in choice.brought
    ]
    return (liked or choice.options)[0]


# The card drafts' texts, by draft: the row on the table, the two bans, the pick.
_CARD_DRAFT: dict[str, dict[str, str]] = {
    "mission": {
        "table": N_("Mission Cards on the table: {cards}"),
        "first": N_("{player}, ban the first of 2 Mission Cards"),
        "second": N_("{player}, ban the second of 2 Mission Cards"),
        "pick": N_("{player}, pick the Mission Card to play"),
    },
    "deployment": {
        "table": N_("Deployment Cards on the table: {cards}"),
        "first": N_("{player}, ban the first of 2 Deployment Cards"),
        "second": N_("{player}, ban the second of 2 Deployment Cards"),
        "pick": N_("{player}, pick the Deployment Card to play"),
    },
}
# What people read for a colour or a draft; the record and JSON keep the English.
WORDS: dict[str, str] = {
    "Red": N_("Red"),
    "Blue": N_("Blue"),
    "mission": N_("mission"),
    "deployment": N_("deployment"),
}


class _Draft:
    def __init__(
        self,
        players: Sequence[DraftPlayer],
        rng: random.Random,
        chooser: Chooser,
        announce: Callable[[Move], None] | None,
    ) -> None:
        self.players = list(players)
        self.rng = rng
        self.chooser = chooser
        self.announce = announce
        self.moves: list[Move] = []

    def say(self, player: str | None, action: str, text: str) -> None:
        move = Move(step=len(self.moves) + 1, player=player, action=action, text=text)
        self.moves.append(move)
        if self.announce is not None:
            self.announce(move)

    def ask(self, choice: Choice) -> str:
        answer = self.chooser(choice)
        if answer not in choice.options:
            raise Refused(
                _(
                    "{player} answered {answer} to {prompt}; the options are {options}"
                ).format(
                    player=choice.player,
                    answer=repr(answer),
                    prompt=repr(choice.prompt),
                    options=", ".join(choice.options),
                )
            )
        return answer

    def rolloff(self) -> tuple[list[list[Roll]], DraftPlayer]:
        rounds: list[list[Roll]] = []
        while True:
            rolls = []
            for player in self.players:
                dice = [self.rng.randint(1, 6), self.rng.randint(1, 6)]
                rolls.append(Roll(player=player.name, dice=dice, total=sum(dice)))
            rounds.append(rolls)
            text = ", ".join(
                f"{r.player} {r.dice[0]}+{r.dice[1]}={r.total}" for r in rolls
            )
            if rolls[0].total == rolls[1].total:
                self.say(
                    None,
                    "roll-off",
                    _("Roll-off (2D6): {rolls}; a tie, re-roll").format(rolls=text),
                )
                continue
            winner = self.players[0 if rolls[0].total > rolls[1].total else 1]
            self.say(
                None,
                "roll-off",
                _("Roll-off (2D6): {rolls}; {player} wins").format(
                    rolls=text, player=winner.name
                ),
            )
            return rounds, winner

    def priority(
        self, rule: PriorityRule
    ) -> tuple[list[list[Roll]], DraftPlayer, Priority]:
        """The roll-offs rolled, the player with priority, and why."""
        first, second = self.players
        rolloffs: list[list[Roll]] = []
        decided_by: Literal["vespene-gas", "minerals", "roll-off"] = "roll-off"
        if rule is PriorityRule.ROLL_OFF:
            rolloffs, winner = self.rolloff()
            reason = _("{player} has priority: won the roll-off").format(
                player=winner.name
            )
        # the Organised Play guide, §5: less Vespene Gas spent, then fewer Minerals, then a
        # roll-off.
        elif first.gas != second.gas:
            winner, other = sorted((first, second), key=lambda p: p.gas)
            decided_by = "vespene-gas"
            reason = _(
                "{player} has priority: {gas} Vespene Gas spent against {other_gas}"
            ).format(player=winner.name, gas=winner.gas, other_gas=other.gas)
        elif first.minerals != second.minerals:
            winner, other = sorted((first, second), key=lambda p: p.minerals)
            decided_by = "minerals"
            reason = _(
                "{player} has priority: both spent {gas} Vespene Gas; {minerals} "
                "Minerals spent against {other_minerals}"
            ).format(
                player=winner.name,
                gas=first.gas,
                minerals=people(winner.minerals),
                other_minerals=people(other.minerals),
            )
        else:
            rolloffs, winner = self.rolloff()
            reason = _(
                "{player} has priority: both spent {gas} Vespene Gas and {minerals} "
                "Minerals; won the roll-off"
            ).format(player=winner.name, gas=first.gas, minerals=people(first.minerals))
        if rule is PriorityRule.OP:
            self.say(None, "priority", reason)
        return (
            rolloffs,
            winner,
            Priority(
                rule=rule, player=winner.name, decided_by=decided_by, reason=reason
            ),
        )

    def ask_card(
        self,
        player: DraftPlayer,
        kind: ChoiceKind,
        draft: DraftKind,
        prompt: str,
        row: list[DraftCard],
    ) -> str:
        """Ask ``player`` for one card of ``row`` (a ban or a pick); its label.

        A pick between two copies of one card changes nothing: the policy makes it
        and nobody is asked.
        """
        choice = Choice(
            player=player.name,
            kind=kind,
            draft=draft,
            prompt=prompt,
            options=[c.label for c in row],
            own=[c.label for c in row if c.owner == player.name],
            brought=[card.name for card in player.cards(draft)],
            # The card behind each label: auto_chooser matches a pick by it, and
            # a player may answer with a card's name when two players brought it.
            cards={c.label: c.name for c in row},
        )
        if kind is ChoiceKind.PICK and len({c.id for c in row}) == 1:
            return auto_chooser(choice)
        return self.ask(choice)

    def card_draft(
        self, kind: DraftKind, controller: DraftPlayer, banner: DraftPlayer
    ) -> DraftCard:
        texts = _CARD_DRAFT[kind]
        row = [
            DraftCard(id=card.id, name=card.name, owner=player.name)
            for player in self.players
            for card in player.cards(kind)
        ]
        self.say(
            None,
            f"{kind}-cards",
            _(texts["table"]).format(cards=", ".join(c.label for c in row)),
        )
        for ban in ("first", "second"):
            banned = self.ask_card(
                banner,
                ChoiceKind.BAN,
                kind,
                _(texts[ban]).format(player=banner.name),
                row,
            )
            row = [c for c in row if c.label != banned]
            self.say(
                banner.name,
                "ban",
                _("{player} bans {card}").format(player=banner.name, card=banned),
            )
        chosen = self.ask_card(
            controller,
            ChoiceKind.PICK,
            kind,
            _(texts["pick"]).format(player=controller.name),
            row,
        )
        picked = next(c for c in row if c.label == chosen)
        other = next(c for c in row if c.label != chosen)
        self.say(
            controller.name,
            "pick",
            _("{player} picks {card}; {other} is discarded").format(
                player=controller.name, card=picked.label, other=other.label
            ),
        )
        return picked


_CONTROLS = {
    "mission": N_(
        "{player} controls the mission draft; {other} controls the deployment draft"
    ),
    "deployment": N_(
        "{player} controls the deployment draft; {other} controls the mission draft"
    ),
}


def run_draft(
    first: DraftPlayer,
    second: DraftPlayer,
    *,
    scale: Scale,
    seed: int,
    chooser: Chooser = auto_chooser,
    announce: Callable[[Move], None] | None = None,
    priority: PriorityRule = PriorityRule.ROLL_OFF,
) -> DraftResult:
    """Play §9.2 between two players, then roll the terrain map (§9.3).

    ``chooser`` answers each `Choice` (with one of its options); ``announce`` hears each
    transcript line as it happens (to show the dice before a player must choose).
    ``priority`` says how the player who chooses colour and control is found.
    """
    if first.name == second.name:
        # Choices are asked of a player by name: two of the same name are one player.
        raise Refused(
            _("both players are called {name}; name them apart").format(
                name=repr(first.name)
            )
        )
    # One seeded generator for every die, in the order the rulebook rolls them, so a
    # seed replays the same draft.
    draft = _Draft([first, second], random.Random(seed), chooser, announce)
    # §9.2: the player with priority chooses a colour, then which of the two drafts
    # to control; the other player controls the other draft.
    rolloffs, winner, held = draft.priority(priority)
    loser = second if winner is first else first
    orientation = None
    if priority is PriorityRule.OP:
        orientation = _orient(draft, loser, winner)
    answer = draft.ask(
        Choice(
            player=winner.name,
            kind=ChoiceKind.COLOUR,
            prompt=_("{player}, choose your colour").format(player=winner.name),
            options=["Red", "Blue"],
        )
    )
    colour: Colour = "Red" if answer == "Red" else "Blue"
    other_colour: Colour = "Blue" if colour == "Red" else "Red"
    colours: dict[str, Colour] = {winner.name: colour, loser.name: other_colour}
    draft.say(
        winner.name,
        "colour",
        _("{player} chooses {colour}; {other} is {other_colour}").format(
            player=winner.name,
            colour=_(WORDS[colour]),
            other=loser.name,
            other_colour=_(WORDS[other_colour]),
        ),
    )
    control = draft.ask(
        Choice(
            player=winner.name,
            kind=ChoiceKind.CONTROL,
            prompt=_("{player}, choose the draft you control").format(
                player=winner.name
            ),
            options=["mission", "deployment"],
        )
    )
    controls: dict[str, DraftKind] = {
        winner.name: "mission" if control == "mission" else "deployment",
        loser.name: "deployment" if control == "mission" else "mission",
    }
    draft.say(
        winner.name,
        "control",
        _(_CONTROLS[controls[winner.name]]).format(
            player=winner.name, other=loser.name
        ),
    )
    # The mission is drafted first, then the deployment; each controller bans and
    # picks among the cards both lists brought.
    by_control = {controls[p.name]: p for p in (winner, loser)}
    mission_card = draft.card_draft(
        "mission", by_control["mission"], by_control["deployment"]
    )
    deployment_card = draft.card_draft(
        "deployment", by_control["deployment"], by_control["mission"]
    )
    mission = next(
        m for p in (first, second) for m in p.missions if m.id == mission_card.id
    )
    deployment = next(
        d for p in (first, second) for d in p.deployments if d.id == deployment_card.id
    )
    # §9.3 set-up: Red places first and holds markers 1 and 3.
    red = winner if colours[winner.name] == "Red" else loser
    blue = loser if red is winner else winner
    markers: dict[int, str | None] = {n: c for n, c in MARKERS.items()}
    draft.say(
        None,
        "markers",
        _(
            "Markers 1 and 3 are Red's ({red}), 2 and 4 Blue's ({blue}), 5 is neutral"
        ).format(red=red.name, blue=blue.name),
    )
    # Grand Offensive plays Standard cards on its own, larger battlefield.
    battlefield = (
        scale.battlefield
        if scale.scenario_scale != scale.id
        else deployment.battlefield
    )
    draft.say(
        None,
        "battlefield",
        _("Battlefield {size} ({deployment})").format(
            size=battlefield, deployment=deployment.name
        ),
    )
    faces = int(scale.terrain_die.lstrip("Dd"))
    terrain = Terrain(die=scale.terrain_die, roll=draft.rng.randint(1, faces))
    draft.say(
        None,
        "terrain",
        _(
            "Terrain: pre-designed map {roll} (rolled {die}); or place terrain in "
            "turns starting with Red ({red})"
        ).format(roll=terrain.roll, die=terrain.die, red=red.name),
    )
    return DraftResult(
        seed=seed,
        scale=scale.id,
        scale_name=scale.name,
        rolloffs=rolloffs,
        winner=winner.name,
        priority=held,
        orientation=orientation,
        sides=[
            Side(
                player=p.name,
                file=p.file,
                colour=colours[p.name],
                controls=controls[p.name],
                markers=[n for n, c in MARKERS.items() if c == colours[p.name]],
                errors=p.errors,
            )
            for p in (first, second)
        ],
        mission=DraftedMission(
            id=mission.id,
            name=mission.name,
            brought_by=mission_card.owner,
            starting_supply=mission.starting_supply,
            supply_escalation=mission.supply_escalation,
            game_length=mission.game_length,
        ),
        deployment=DraftedDeployment(
            id=deployment.id, name=deployment.name, brought_by=deployment_card.owner
        ),
        battlefield=battlefield,
        terrain=terrain,
        markers=markers,
        first_in_setup=red.name,
        transcript=draft.moves,
    )


def _orient(draft: _Draft, chooser: DraftPlayer, other: DraftPlayer) -> Orientation:
    """The player without priority chooses the side of the table the Deployment is
    oriented from (the Organised Play guide, §5)."""
    sides = {_("{player}'s side").format(player=p.name): p for p in (chooser, other)}
    answer = draft.ask(
        Choice(
            player=chooser.name,
            kind=ChoiceKind.ORIENTATION,
            prompt=_(
                "{player}, choose the side of the table the Deployment is oriented from"
            ).format(player=chooser.name),
            options=list(sides),
        )
    )
    own = sides[answer] is chooser
    draft.say(
        chooser.name,
        "orientation",
        (
            _("{player} orients the Deployment from their own side of the table")
            if own
            else _("{player} orients the Deployment from {side} of the table")
        ).format(player=chooser.name, side=answer),
    )
    return Orientation(chosen_by=chooser.name, side=sides[answer].name)


def draft_player(checked: CheckedList, name: str) -> DraftPlayer:
    """A player's side from a validated list; refuses (exit 1) with the validator's
    findings when the list's scenario cards cannot be drafted."""
    file = checked.result.file
    stopping: list[Finding] = blocking(checked.result.findings, BLOCKING_RULES)
    context = checked.context
    army = context.army if context is not None else None
    problems: list[str] = []
    if army is None:
        stopping = [f for f in checked.result.findings if f.severity is Severity.ERROR]
    else:
        stopping += _scenario_schema_errors(checked)
        # Another builder's export has no place for the cards: the event file has.
        editable = context is not None and context.form == "yaml"
        for message, given in (
            (
                N_(
                    "{file}: brings no Mission Cards; add `missions:` with 2 "
                    "different Mission Cards [scenario-cards, §9.2]"
                )
                if editable
                else N_(
                    "{file}: brings no Mission Cards; give the player's 2 in the event "
                    "file given with `--event` (`mission_cards:` beside their "
                    "rosters) [scenario-cards, §9.2]"
                ),
                army.missions,
            ),
            (
                N_(
                    "{file}: brings no Deployment Cards; add `deployments:` with 2 "
                    "different Deployment Cards [scenario-cards, §9.2]"
                )
                if editable
                else N_(
                    "{file}: brings no Deployment Cards; give the player's 2 in the "
                    "event file given with `--event` (`deployment_cards:` beside "
                    "their rosters) [scenario-cards, §9.2]"
                ),
                army.deployments,
            ),
        ):
            if not given:
                problems.append("  " + _(message).format(file=file))
    if stopping or problems or context is None:
        detail = "\n".join(filter(None, [describe(stopping), *problems]))
        raise Refused(
            _("{file} cannot take part in the draft:").format(file=file)
            + "\n"
            + detail,
            EXIT_INVALID,
        )
    return DraftPlayer(
        name=name,
        file=file,
        missions=[m for m, _ in context.missions],
        deployments=[d for d, _ in context.deployments],
        errors=checked.result.count(Severity.ERROR),
        gas=context.gas_used,
        minerals=context.minerals_used,
    )


def _scenario_schema_errors(checked: CheckedList) -> list[Finding]:
    """`list-schema` errors in `missions:` or `deployments:` (e.g. `missions: A, B`,
    not a list): the loader drops such values, so the draft quotes why."""
    document = checked.context.loaded.document if checked.context else None
    if document is None:
        return []
    where = {
        (position.line, position.column)
        for places in (document.values, document.keys)
        for path, position in places.items()
        if path and path[0] in ("missions", "deployments")
    }
    return [
        f
        for f in blocking(checked.result.findings, ("list-schema",))
        if (f.line, f.column) in where
    ]


def common_scale(first: CheckedList, second: CheckedList) -> Scale:
    """The scale both lists play; refuses (exit 1) when they differ."""
    scales = [c.context.scale if c.context else None for c in (first, second)]
    a, b = scales
    if a is None or b is None:
        missing = first if a is None else second
        raise Refused(
            _("{file} has no known scale; the draft needs one").format(
                file=missing.result.file
            ),
            EXIT_INVALID,
        )
    limits = [c.context.mineral_limit if c.context else None for c in (first, second)]
    if a.id != b.id or limits[0] != limits[1]:
        raise Refused(
            _(
                "the lists are of different scales: {first} is {first_scale}, "
                "{second} is {second_scale}; the players agree one scale before "
                "building (§9.1.1)"
            ).format(
                first=first.result.file,
                first_scale=_scale(a, limits[0]),
                second=second.result.file,
                second_scale=_scale(b, limits[1]),
            ),
            EXIT_INVALID,
        )
    return a


def _scale(scale: Scale, limit: int | None) -> str:
    if not limit:
        return scale.name
    return _("{scale} ({limit} Minerals)").format(scale=scale.name, limit=people(limit))


def draft_files(
    first: Path,
    second: Path,
    catalog: Catalog,
    *,
    seed: int,
    chooser: Chooser = auto_chooser,
    announce: Callable[[Move], None] | None = None,
    priority: PriorityRule = PriorityRule.ROLL_OFF,
    options: ListOptions | None = None,
) -> DraftResult:
    """`armylist draft`: read two list files and play the draft between them;
    refuses (`Refused`) lists that cannot take part. ``options`` check the lists
    (an event's rules)."""
    checking = options or ListOptions()
    lists = (
        open_list(first, catalog, options=checking),
        open_list(second, catalog, options=checking),
    )
    names = player_names(lists)
    players = [draft_player(c, n) for c, n in zip(lists, names, strict=True)]
    return run_draft(
        players[0],
        players[1],
        scale=common_scale(*lists),
        seed=seed,
        chooser=chooser,
        announce=announce,
        priority=priority,
    )
