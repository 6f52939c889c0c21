"""Team play: more seats than sides (BITE's optional rule 38.1, four players).

The rules engine stays two-sided: ``view(state, side)`` and ``legal_actions(state,
side)`` know nothing of teams. A game that offers
:class:`~hexfront.engine.protocol.SplitsCommand` names the commanders each side is split
into for the game's options; the server then gives every commander a seat of its own,
named ``{side}_{commander}`` (``axis_north``), and routes each legal action of the side
to the seat that owns it:

* the two seats of a side see the same view (the side's: fog of war is per side, and a
  seat never receives the other side's hidden blocks);
* a seat is offered, and may take, only its own commander's actions and the shared ones
  (``EITHER``); an action of the other commander is refused (403 ``other_commander``);
* an action that ends something for the whole side (``BOTH``: a phase's "done") waits
  for the teammate's agreement: the first seat to send it is marked ready and nothing
  changes; when the second sends it too, or the first sends it while the teammate has
  nothing of its own to do, it is taken. A seat that acts again withdraws its agreement.
  An agreement is spent once the log holds that action once more (so it never carries
  over to the next phase). The agreements are stored with the game (``games.team_ready``)
  and count as a change that is not a move, so a restart and every server process know
  them;
* undo is not offered in a team game (a take-back could take a teammate's move).

Games without teams keep one seat per side, named as the side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hexfront.engine.events import JSON
from hexfront.engine.protocol import BOTH, EITHER, Action, Game, SplitsCommand


def seat_name(side: str, commander: str) -> str:
    """The seat of ``side``'s ``commander``: ``axis_north``."""
    return f"{side}_{commander}"


def layout(game: Game[Any], options: Mapping[str, JSON]) -> dict[str, tuple[str, str]]:
    """Every team seat of a game with these options: ``{seat: (side, commander)}``, the
    sides in the game's order and each side's commanders in the game's; empty when the
    game is not played by teams."""
    if not isinstance(game, SplitsCommand):
        return {}
    commanders = game.commanders(options)
    return {seat_name(s, c): (s, c) for s in game.sides for c in commanders}


def side_of_seat(game: Game[Any], seat: str) -> str:
    """The side a seat plays: the seat itself, or the side its team seat name starts with."""
    if seat in game.sides:
        return seat
    for side in game.sides:
        if seat.startswith(side + "_"):
            return side
    return seat


@dataclass(slots=True)
class Team:
    """A team game's seats and the agreements to end a phase that stand."""

    seats: dict[str, tuple[str, str]]  # seat -> (side, commander)
    # seat -> the key of the joint action (``BOTH``) it agreed to, and how many times the
    # log held that very action then: once it is taken again, the agreement is spent (so
    # it never carries over to the next phase, in this process or after catching up with
    # another one's moves). See the module's text.
    ready: dict[str, tuple[str, int]] = field(default_factory=dict)

    def ready_json(self) -> dict[str, JSON]:
        """The agreements as the game's row keeps them."""
        return {seat: [key, taken] for seat, (key, taken) in sorted(self.ready.items())}

    def read_ready(self, raw: Any) -> None:
        """The agreements from the game's row (what another process or a restart left)."""
        self.ready = {}
        if isinstance(raw, dict):
            for seat, value in raw.items():
                if seat in self.seats and isinstance(value, list) and len(value) == 2:
                    key, taken = value
                    if isinstance(key, str) and isinstance(taken, int):
                        self.ready[seat] = (key, taken)

    def commander(self, seat: str) -> str:
        return self.seats[seat][1]

    def mates(self, seat: str) -> list[str]:
        """The other seats of the same side."""
        side = self.seats[seat][0]
        return [s for s, (sd, _) in self.seats.items() if sd == side and s != seat]

    def of_side(self, side: str) -> list[str]:
        return [s for s, (sd, _) in self.seats.items() if sd == side]


def owned(route: str, commander: str) -> bool:
    """Whether a seat of ``commander`` may take an action routed to ``route``."""
    return route in (commander, EITHER, BOTH)


def pick(legal: Sequence[Action], routes: Sequence[str], commander: str) -> list[Action]:
    """The legal actions a seat of ``commander`` is offered."""
    return [a for a, r in zip(legal, routes, strict=True) if owned(r, commander)]


def own_count(routes: Sequence[str], commander: str) -> int:
    """How many of the decision's actions are ``commander``'s alone."""
    return sum(1 for r in routes if r == commander)


def times_taken(actions: Sequence[Action], action: Action) -> int:
    """How many times the log ``actions`` holds ``action`` (side, verb and args)."""
    key = action.key()
    return sum(
        1 for a in actions if a.verb == action.verb and a.side == action.side and a.key() == key
    )


def route_of(legal: Sequence[Action], routes: Sequence[str], action: Action) -> str | None:
    """The route of ``action`` among the legal ones (None: not legal)."""
    for listed, r in zip(legal, routes, strict=True):
        if listed == action:
            return r
    return None


__all__ = [
    "BOTH",
    "EITHER",
    "Team",
    "layout",
    "own_count",
    "owned",
    "pick",
    "route_of",
    "seat_name",
    "side_of_seat",
    "times_taken",
]
