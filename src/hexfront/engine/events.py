"""The event log: what happened, and who may read it.

Events are the only way information flows out of ``apply``. An event addressed to one
side (``audience``) is dropped from every other side's view, so hidden identities can be
logged for their owner without leaking to the opponent.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field
from typing import Any

JSON = Any  # JSON-compatible value: dict, list, str, int, float, bool or None.

PUBLIC = None  # audience of an event everyone may read


def json_copy(value: JSON) -> JSON:
    """A deep copy of JSON-like data (dicts, lists, scalars), much faster than ``deepcopy``.

    Whatever leaves the state (views, saves) is copied, so that nobody holding it can
    change the game by changing it.
    """
    if isinstance(value, dict | list):
        # One pickle round trip copies the whole tree in C: 4x faster than a recursive
        # copy on a frame's lists of hexes, and no slower on a small dict.
        return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
    return value


@dataclass(slots=True)
class Event:
    """One thing that happened. ``kind`` names it, ``data`` holds JSON-ready details."""

    kind: str
    data: dict[str, JSON] = field(default_factory=dict)
    audience: str | None = PUBLIC

    def __reduce__(self) -> tuple[Any, ...]:
        # How copy and pickle rebuild it, the same whether this module is compiled or not
        # (a compiled class cannot be rebuilt field by field).
        return (Event, (self.kind, self.data, self.audience))

    def visible_to(self, side: str | None) -> bool:
        """Whether ``side`` may read this event (``None`` = an all-seeing referee)."""
        return self.audience is PUBLIC or side is None or self.audience == side

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"kind": self.kind, "data": self.data}
        if self.audience is not PUBLIC:
            out["audience"] = self.audience
        return out

    @staticmethod
    def from_json(obj: dict[str, JSON]) -> Event:
        return Event(str(obj["kind"]), dict(obj.get("data", {})), obj.get("audience"))


# Event kinds the engine itself understands (the undo machinery looks for them).
ROLL = "roll"
REVEAL = "reveal"


def closes_undo(event: Event, actor: str) -> bool:
    """Whether an event of ``actor``'s action told it something it cannot unlearn.

    Dice rolls and reveals do; so does any event marked ``disclosed`` (a hidden block's
    nature shown, e.g. an enemy air unit forced off its airbase) and any public event about
    a block of another side (it names the block's ``handle`` and its ``side``): what an
    enemy block did in answer to the action depended on what the block is.

    >>> closes_undo(Event("move", {"handle": "b3", "side": "axis"}), "axis")
    False
    >>> closes_undo(Event("air_evacuation", {"handle": "b9", "side": "soviet"}), "axis")
    True
    """
    if event.kind in (ROLL, REVEAL) or event.data.get("disclosed") is True:
        return True
    if event.audience is not PUBLIC or "handle" not in event.data:
        return False
    side = event.data.get("side")
    return isinstance(side, str) and side != actor
