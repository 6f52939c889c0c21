"""The games on offer: loading a game by name, the public catalogue, and the checks of a
new game's options and seats (who plays each side)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexfront.ai.base import make_agent
from hexfront.engine.errors import HexfrontError
from hexfront.engine.events import JSON
from hexfront.engine.protocol import Game
from hexfront.games import registry
from hexfront.i18n import _

from .errors import ApiError, unprocessable
from .live import Seat
from .settings import Settings

PERSON_KINDS = ("human", "hotseat")


def agent_names() -> list[str]:
    """The agents a seat may be given (``hexfront.ai.base.AGENT_NAMES`` once it exists)."""
    from hexfront.ai import base

    return list(getattr(base, "AGENT_NAMES", ("random",)))


def json_type_matches(default: JSON, value: JSON) -> bool:
    if default is None:
        return True  # an option whose default is "unset" (a rule's switch): its choices decide
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, int | float) and not isinstance(default, bool):
        return isinstance(value, int | float)
    if default is None:
        return True
    return isinstance(value, type(default))


class Catalogue:
    """The registry's games plus the settings' extra (test) games."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def load_game(self, name: str) -> Game[Any]:
        if name in self.settings.extra_games:
            return self.settings.extra_games[name]
        try:
            return registry.load_game(name)
        except HexfrontError:
            known = ", ".join(e.name for e in registry.catalog())
            raise unprocessable(
                "unknown_game",
                _("unknown game {name}; known games: {known}", name=repr(name), known=known),
            ) from None

    def catalog(self) -> dict[str, JSON]:
        games: list[JSON] = []
        entries = [e.to_json() for e in registry.catalog()]
        for name, game in self.settings.extra_games.items():
            entries.append(
                {
                    "name": name,
                    "title": game.title,
                    "sides": list(game.sides),
                    "status": "test game",
                    "scenarios": [s.to_json() for s in game.scenarios()],
                }
            )
        for entry in entries:
            try:
                game = self.load_game(str(entry["name"]))
                options: list[JSON] = [o.said().to_json() for o in game.options()]
                playable = True
            except ApiError:
                options, playable = [], False
            games.append({**entry, "options": options, "playable": playable})
        return {
            "games": games,
            "seat_kinds": [*PERSON_KINDS, *agent_names()],
            "agents": agent_names(),
        }


def check_scenario(game: Game[Any], game_name: str, scenario: str) -> None:
    scenario_info = {s.id: s for s in game.scenarios()}.get(scenario)
    if scenario_info is None:
        known = ", ".join(s.id for s in game.scenarios())
        raise unprocessable(
            "unknown_scenario",
            _(
                "{game} has no scenario {scenario}; known: {known}",
                game=game_name,
                scenario=repr(scenario),
                known=known,
            ),
        )
    if not scenario_info.playable:
        raise unprocessable(
            "scenario_not_playable", _("{scenario} is not playable yet", scenario=scenario)
        )


def check_options(
    game: Game[Any], given: Mapping[str, JSON], scenario: str | None = None
) -> dict[str, JSON]:
    """The game's options with ``given`` applied, every value checked; defaults filled.

    With a ``scenario``, options that belong to other scenarios are left out (a form may
    send them at their default; any other value is refused)."""
    infos = {o.name: o.said() for o in game.options()}  # their words in the language
    unknown = sorted(set(given) - set(infos))
    if unknown:
        raise unprocessable(
            "unknown_option",
            _(
                "{game} has no option {names}; options: {known}",
                game=game.name,
                names=", ".join(unknown),
                known=", ".join(infos) or _("none"),
            ),
        )
    out: dict[str, JSON] = {}
    for name, info in infos.items():
        value = given.get(name, info.default)
        if not json_type_matches(info.default, value) or (
            info.choices and value not in info.choices
        ):
            if info.choices:
                detail = info.refusal(value)  # with the option's and its choices' words
            else:
                detail = _("option {name} must be of its type", name=repr(name))
            raise unprocessable("bad_option", detail)
        if scenario is not None and not info.applies_to(scenario):
            if value != info.default:
                raise unprocessable(
                    "bad_option",
                    _(
                        "option {name} belongs to {scenarios}, not {scenario}",
                        name=repr(name),
                        scenarios=", ".join(info.scenarios),
                        scenario=scenario,
                    ),
                )
            continue
        out[name] = value
    return out


def check_seats(
    game: Game[Any],
    opponents: Mapping[str, str],
    team: Mapping[str, tuple[str, str]] | None = None,
) -> dict[str, Seat]:
    """Who plays each seat (missing ones: ``human``); at least one person.

    One seat per side, named as the side; in a team game (``team``: ``teams.layout``)
    one per commander, and a side's name then stands for both its seats (a seat named on
    its own wins)."""
    names = list(team) if team else list(game.sides)
    known = set(names) | (set(game.sides) if team else set())
    unknown = sorted(set(opponents) - known)
    if unknown:
        raise unprocessable(
            "unknown_side",
            _(
                "{game} has no side {names}; sides: {sides}",
                game=game.name,
                names=", ".join(unknown),
                sides=", ".join(names),
            ),
        )
    seats: dict[str, Seat] = {}
    for name in names:
        side = team[name][0] if team else name
        who = opponents.get(name, opponents.get(side, "human"))
        if who in PERSON_KINDS:
            seats[name] = Seat(side, who)
            continue
        try:
            make_agent(who, 0)
        except ValueError:
            raise unprocessable(
                "unknown_agent",
                _(
                    "{side}: there is no computer player {agent}; available: {agents}",
                    side=name,
                    agent=repr(who),
                    agents=", ".join(agent_names()),
                ),
            ) from None
        seats[name] = Seat(side, "ai", who)
    if all(seat.kind == "ai" for seat in seats.values()):
        raise unprocessable("no_person", _("at least one side must be played by a person"))
    return seats


def check_solitary(options: Mapping[str, JSON], seats: Mapping[str, Seat], play_as: str) -> None:
    """BITE 38.2: in solitary play one person plays every seat not given to the computer
    (the creator's own, and hotseat ones): no seat goes to a person elsewhere. The
    computer may take any seat. (Fog of war is required by the game itself.)"""
    if options.get("solitary") is not True:
        return
    invited = [s for s, seat in seats.items() if seat.kind == "human" and s != play_as]
    if invited:
        raise unprocessable(
            "bad_seats",
            _(
                "solitary play (38.2) is one person playing every side: give the seats "
                "{seats} to yourself at this screen (hotseat) or to the computer",
                seats=", ".join(invited),
            ),
        )
