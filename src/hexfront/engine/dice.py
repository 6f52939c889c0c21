"""Seeded, serializable dice kept inside the game state.

The generator is SplitMix64: tiny, fast, and its whole state is one integer, so the
state can be saved as JSON and a game rebuilt exactly from its seed and action log.
Never use the ``random`` module's globals for game dice.

>>> dice = Dice(7)
>>> log: list[Event] = []
>>> first = dice.roll(3, "demo", log)
>>> Dice(7).roll(3, "demo", []) == first
True
>>> log[0].kind, log[0].data["purpose"], len(log[0].data["dice"])
('roll', 'demo', 3)
"""

from __future__ import annotations

from typing import Any

from .events import ROLL, Event

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


class Dice:
    """Six-sided dice (and other uniform draws) from a seeded SplitMix64 stream."""

    __slots__ = ("draws", "state")

    def __init__(self, seed: int, *, state: int | None = None, draws: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("the seed must be an integer")
        self.state = _mix(seed & _MASK64) if state is None else state & _MASK64
        self.draws = draws

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK64
        self.draws += 1
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def roll(
        self, count: int, purpose: str, log: list[Event], *, by: str | None = None
    ) -> list[int]:
        """Roll ``count`` six-sided dice and record them in ``log`` with their purpose."""
        if count < 0:
            raise ValueError("cannot roll a negative number of dice")
        values = [self.below(6) + 1 for _ in range(count)]
        data: dict[str, Any] = {"purpose": purpose, "dice": values}
        if by is not None:
            data["by"] = by
        log.append(Event(ROLL, data))
        return values

    def to_json(self) -> dict[str, int]:
        return {"state": self.state, "draws": self.draws}

    @staticmethod
    def from_json(obj: dict[str, Any]) -> Dice:
        state, draws = obj.get("state"), obj.get("draws", 0)
        if not isinstance(state, int) or not isinstance(draws, int):
            raise ValueError("dice state must hold integers 'state' and 'draws'")
        return Dice(0, state=state, draws=draws)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dice) and (self.state, self.draws) == (other.state, other.draws)

    def __hash__(self) -> int:
        return hash((self.state, self.draws))

    def __repr__(self) -> str:
        return f"Dice(state={self.state:#x}, draws={self.draws})"
