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

Loaded dice, for tests and teaching positions: the listed faces come first, in order, then
the seeded stream takes over. The faces to come are part of the state (saved, cloned), and
like the seed they are never shown to a player.

>>> loaded = Dice(7, loaded=[6, 6, 1])
>>> loaded.roll(2, "demo", []), loaded.roll(2, "demo", [])[0], loaded.loaded
([6, 6], 1, [])
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

    __slots__ = ("draws", "loaded", "state")

    def __init__(
        self,
        seed: int,
        *,
        state: int | None = None,
        draws: int = 0,
        loaded: list[int] | None = None,
    ) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("the seed must be an integer")
        self.state = _mix(seed & _MASK64) if state is None else state & _MASK64
        self.draws = draws
        self.loaded: list[int] = check_faces(loaded or [])

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
        values = [self._face() for _ in range(count)]
        data: dict[str, Any] = {"purpose": purpose, "dice": values}
        if by is not None:
            data["by"] = by
        log.append(Event(ROLL, data))
        return values

    def _face(self) -> int:
        if self.loaded:
            return self.loaded.pop(0)
        return self.below(6) + 1

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"state": self.state, "draws": self.draws}
        if self.loaded:  # only then: saves of unloaded games keep their old form and hash
            out["loaded"] = list(self.loaded)
        return out

    @staticmethod
    def from_json(obj: dict[str, Any]) -> Dice:
        state, draws = obj.get("state"), obj.get("draws", 0)
        if not isinstance(state, int) or not isinstance(draws, int):
            raise ValueError("dice state must hold integers 'state' and 'draws'")
        loaded = obj.get("loaded", [])
        if not isinstance(loaded, list):
            raise ValueError("dice 'loaded' must be a list of faces 1-6")
        return Dice(0, state=state, draws=draws, loaded=loaded)

    def __reduce__(self) -> tuple[Any, ...]:
        # How copy and pickle rebuild it, the same whether this module is compiled or not.
        return (_dice, (self.state, self.draws, list(self.loaded)))

    def copy(self) -> Dice:
        return Dice(0, state=self.state, draws=self.draws, loaded=list(self.loaded))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dice) and (self.state, self.draws, self.loaded) == (
            other.state,
            other.draws,
            other.loaded,
        )

    def __hash__(self) -> int:
        return hash((self.state, self.draws, tuple(self.loaded)))

    def __repr__(self) -> str:
        loaded = f", loaded={self.loaded}" if self.loaded else ""
        return f"Dice(state={self.state:#x}, draws={self.draws}{loaded})"


def check_faces(faces: list[Any]) -> list[int]:
    """Loaded faces must be whole numbers 1-6.

    >>> check_faces([7])
    Traceback (most recent call last):
    ...
    ValueError: a loaded die shows 1 to 6, not 7
    """
    out = []
    for face in faces:
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= 6:
            raise ValueError(f"a loaded die shows 1 to 6, not {face!r}")
        out.append(face)
    return out


def _dice(state: int, draws: int, loaded: list[int]) -> Dice:
    """Dice rebuilt by copy or pickle (:meth:`Dice.__reduce__`)."""
    return Dice(0, state=state, draws=draws, loaded=loaded)
