"""Which games exist, what they offer, and how to load them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from hexfront.engine.errors import UnknownGame
from hexfront.engine.events import JSON
from hexfront.engine.protocol import Game, OptionInfo, ScenarioInfo
from hexfront.i18n import N_, _


@dataclass(frozen=True, slots=True)
class GameEntry:
    """A game as ``hexfront games`` lists it. ``title`` and ``status`` are English here (and
    in JSON), marked for the catalogue and said in the player's language by the command
    line; the scenarios' and options' words come from the games, already in the reader's
    language (``Game.scenarios``, ``OptionInfo.said``)."""

    name: str
    title: str
    sides: tuple[str, ...]
    status: str
    scenarios: tuple[ScenarioInfo, ...]
    options: tuple[OptionInfo, ...] = ()  # what `hexfront play ... --option` accepts

    def to_json(self) -> dict[str, JSON]:
        return {
            "name": self.name,
            "title": self.title,
            "sides": list(self.sides),
            "status": self.status,
            "scenarios": [s.to_json() for s in self.scenarios],
            "options": [o.to_json() for o in self.options],
        }


def catalog() -> list[GameEntry]:
    from hexfront.engine.example import Skirmish
    from hexfront.games.bite.game import Bite
    from hexfront.games.stalins_war.game import PLAYABLE, StalinsWar

    skirmish = Skirmish()
    bite = Bite()  # its scenarios' and options' words in the reader's language
    stalins_war = StalinsWar()
    return [
        GameEntry(
            "bite",
            "Blocks in the East",
            ("axis", "soviet"),
            N_(
                "playable: the basic game (SBE1-SBE4), the advanced game's SBE5 and the long "
                "scenarios SBE6-SBE9"
            ),
            tuple(bite.scenarios()),
            tuple(bite.options()),
        ),
        GameEntry(
            stalins_war.name,
            stalins_war.title,
            stalins_war.sides,
            PLAYABLE,
            tuple(stalins_war.scenarios()),
            tuple(stalins_war.options()),
        ),
        GameEntry(
            skirmish.name,
            skirmish.title,
            skirmish.sides,
            N_("playable (a tiny example game for the engine)"),
            tuple(replace(sc, name=_(sc.name)) for sc in skirmish.scenarios()),
            tuple(o.said() for o in skirmish.options()),
        ),
    ]


def load_game(name: str) -> Game[Any]:
    """The game object for ``name``, or :class:`UnknownGame`."""
    if name == "skirmish":
        from hexfront.engine.example import Skirmish

        return Skirmish()
    if name == "bite":
        from hexfront.games.bite.game import Bite

        return Bite()
    if name == "stalins_war":
        from hexfront.games.stalins_war.game import StalinsWar

        return StalinsWar()
    known = ", ".join(e.name for e in catalog())
    raise UnknownGame(f"unknown game {name!r}; known games: {known}")
