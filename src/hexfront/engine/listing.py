"""Legal actions listed in blocks, each action made only when someone asks for it.

Some decisions allow tens of thousands of actions that follow one pattern: a block may
ride the railway to any of 800 hexes, paid in PP or by one of three headquarters. Making
every :class:`~hexfront.engine.protocol.Action` up front costs more than the rules that
found them. A :class:`Listing` keeps such a pattern as a grid (fixed arguments, one
argument taking each of its values, optional extra arguments) and behaves as the plain
list of the same actions in the same order: length, indexing, slicing, iteration,
equality and a fast membership test.

>>> listing = Listing()
>>> listing.grid("axis", "rail", {"unit": "ger-1"}, "to", ["0101", "0102"], [{}, {"hq": "hq-1"}])
>>> listing.append(Action("axis", "done"))
>>> len(listing), listing[1]
(5, Action(axis: rail(hq='hq-1', to='0101', unit='ger-1')))
>>> Action("axis", "rail", {"unit": "ger-1", "to": "0102"}) in listing
True
>>> listing == list(listing)
True
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import overload

from .events import JSON
from .protocol import Action

_NO_EXTRAS: tuple[Mapping[str, JSON], ...] = ({},)


class _Grid:
    """Actions ``{**base, key: value, **extra}`` for every value, then every extra."""

    __slots__ = ("_where", "base", "extras", "key", "side", "values", "verb")

    def __init__(
        self,
        side: str,
        verb: str,
        base: Mapping[str, JSON],
        key: str,
        values: Sequence[JSON],
        extras: Sequence[Mapping[str, JSON]],
    ) -> None:
        self.side, self.verb, self.base, self.key = side, verb, dict(base), key
        self.values, self.extras = list(values), list(extras)
        self._where: dict[object, int] | None = None

    def __len__(self) -> int:
        return len(self.values) * len(self.extras)

    def make(self, i: int) -> Action:
        value, extra = divmod(i, len(self.extras))
        return Action(
            self.side, self.verb, {**self.base, self.key: self.values[value], **self.extras[extra]}
        )

    def __iter__(self) -> Iterator[Action]:
        for value in self.values:
            for extra in self.extras:
                yield Action(self.side, self.verb, {**self.base, self.key: value, **extra})

    def has(self, action: Action) -> bool:
        if action.side != self.side or action.verb != self.verb or self.key not in action.args:
            return False
        args = action.args
        if any(k not in args or args[k] != v for k, v in self.base.items()):
            return False  # another block's grid: no need to index this one
        if self._where is None:
            self._where = {}
            for i, v in enumerate(self.values):
                if isinstance(v, str | int | float | bool | None):
                    self._where.setdefault(v, i)
        wanted = action.args[self.key]
        if not isinstance(wanted, str | int | float | bool | None):
            return False  # grid values are plain; a list or object is never one of them
        at = self._where.get(wanted)
        if at is None:
            return False
        width = len(self.extras)
        return any(self.make(at * width + e) == action for e in range(width))


class Listing(Sequence[Action]):
    """A read-only sequence of actions, equal to the list of the same actions."""

    __slots__ = ("_blocks", "_ends")

    def __init__(self, actions: Iterable[Action] = ()) -> None:
        self._blocks: list[list[Action] | _Grid] = []
        self._ends: list[int] = []  # running total of actions at the end of each block
        self.extend(actions)

    # --- building ------------------------------------------------------------------

    def append(self, action: Action) -> None:
        if self._blocks and isinstance(self._blocks[-1], list):
            self._blocks[-1].append(action)
            self._ends[-1] += 1
        else:
            self._blocks.append([action])
            self._ends.append(len(self) + 1)

    def extend(self, actions: Iterable[Action]) -> None:
        for action in actions:
            self.append(action)

    def grid(
        self,
        side: str,
        verb: str,
        base: Mapping[str, JSON],
        key: str,
        values: Sequence[JSON],
        extras: Sequence[Mapping[str, JSON]] = _NO_EXTRAS,
    ) -> None:
        """Add ``{**base, key: v, **extra}`` for each value ``v``, each extra in turn."""
        block = _Grid(side, verb, base, key, values, extras)
        if len(block):
            self._blocks.append(block)
            self._ends.append(len(self) + len(block))

    # --- reading -------------------------------------------------------------------

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("action index out of range")
        b = bisect_right(self._ends, index)
        block = self._blocks[b]
        inside = index - (self._ends[b - 1] if b else 0)
        return block[inside] if isinstance(block, list) else block.make(inside)

    def __iter__(self) -> Iterator[Action]:
        for block in self._blocks:
            yield from block

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, Action):
            return False
        for block in self._blocks:
            if item in block if isinstance(block, list) else block.has(item):
                return True
        return False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # mutable while built, like a list

    def __repr__(self) -> str:
        return f"Listing({list(self)!r})"
