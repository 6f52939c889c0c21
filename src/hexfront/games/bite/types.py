"""Names that carry types across BITE's rules: hexes, sides, and where a block is.

Every name here is an alias or a constant, free at run time: a :data:`Node` is the
``int`` the board indexes by, a :data:`Side` the ``str`` a save holds.

>>> from typing import get_args
>>> get_args(Side)
('axis', 'soviet')
>>> get_args(Status)[:3]
('off', 'map', 'pool')
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias, get_args

Node: TypeAlias = int
"""A hex (or an off-map box) as the board indexes it: ``board.node(hex_id)``."""

HexId: TypeAlias = str
"""A hex as the map prints it (column and row, ``CCRR``) or a box's name: what actions,
prompts and events carry (``board.id_of(node)``)."""

Side: TypeAlias = Literal["axis", "soviet"]
"""A player (2.0); the Western Allies' blocks play on the Axis side."""

AXIS: Final = "axis"
SOVIET: Final = "soviet"
SIDES: Final[tuple[Side, Side]] = (AXIS, SOVIET)

Status: TypeAlias = Literal["off", "map", "pool", "held", "eliminated", "disbanded", "removed"]
"""Where a block is (``Piece.status``)."""

OFF: Final = "off"  # not in the scenario at all
ON_MAP: Final = "map"
POOL: Final = "pool"  # a reinforcement that has not arrived yet (7.3)
HELD: Final = "held"  # arrived but held back or waiting to be placed (7.3.3)
ELIMINATED: Final = "eliminated"  # may be rebuilt (7.3) unless the rules forbid it
DISBANDED: Final = "disbanded"  # may be rebuilt from the next turn (7.3.4)
REMOVED: Final = "removed"  # gone for good (surrendered powers, Italians, blue steps)
STATUSES: Final[dict[str, Status]] = {s: s for s in get_args(Status)}  # by name, to check


def enemy_of(side: str) -> Side:
    """The other player (any name but the Soviets' stands for the Axis: 2.0).

    >>> enemy_of("axis")
    'soviet'
    """
    return SOVIET if side == AXIS else AXIS


def side_of(name: object) -> Side:
    """A side's name as read from a frame, a save or a file, checked.

    >>> side_of("soviet")
    'soviet'
    """
    if name == AXIS:
        return AXIS
    if name == SOVIET:
        return SOVIET
    raise ValueError(f"{name!r} is not a side")
