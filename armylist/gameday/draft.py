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
for the same choices. Each choice is asked of a `Chooser`; `auto_chooser`
(`gameday.draftpolicy`) is the documented policy used with `--auto` or without a
terminal. The choices and the record are in `gameday.draftrecord`; the players from
list files in `gameday.draftplayers`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Literal

from armylist.findings import Refused
from armylist.gamedata.models import Scale
from armylist.gameday.draftpolicy import auto_chooser
from armylist.gameday.draftrecord import (
    Choice,
    ChoiceKind,
    Chooser,
    Colour,
    DraftCard,
    DraftedDeployment,
    DraftedMission,
    DraftKind,
    DraftPlayer,
    DraftResult,
    Move,
    Orientation,
    Priority,
    Roll,
    Side,
    Terrain,
)
from armylist.gameday.priority import PriorityRule
from armylist.text.i18n import N_, _
from armylist.text.numbers import people

MARKERS: dict[int, Colour | None] = {1: "Red", 2: "Blue", 3: "Red", 4: "Blue", 5: None}


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
