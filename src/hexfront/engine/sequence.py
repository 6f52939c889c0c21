"""The sequence of play as a stack of procedures.

A wargame turn nests: turn -> side -> phase -> step -> battle -> combat round. Each
level is a :class:`Procedure`; the running ones sit on a stack of :class:`Frame` s kept
inside the game state, so a game paused for a decision can be saved and resumed.

A procedure either **decides** (returns a :class:`Decision`: the prompt and the legal
actions for one side; the machine pauses there) or **runs** (does automatic work and
then moves the stack with :meth:`Machine.call`, :meth:`Machine.goto` or
:meth:`Machine.end`). A child's result comes back through :meth:`Procedure.resume`.

>>> class Count(Procedure[dict]):
...     name = "count"
...     def run(self, m, state, frame):
...         state["n"] += 1
...         m.end(state, frame.vars["tag"])
>>> class Main(Procedure[dict]):
...     name = "main"
...     def begin(self, m, state, frame):
...         m.call(state, "count", tag="first")
...     def resume(self, m, state, frame, result):
...         state["seen"].append(result)
...     def run(self, m, state, frame):
...         m.end(state)
>>> machine = Machine([Count(), Main()], stack_of=lambda s: s["stack"])
>>> game = {"stack": [], "n": 0, "seen": []}
>>> machine.start(game, "main")
>>> machine.advance(game) is None, game["n"], game["seen"]
(True, 1, ['first'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar, cast

from mypy_extensions import mypyc_attr

from .errors import IllegalAction, RulesError
from .events import JSON, json_copy
from .protocol import Action, Prompt, is_listed

S = TypeVar("S")
V = TypeVar("V")

NEW = "new"
READY = "ready"
RETURNED = "returned"


@dataclass(slots=True)
class Frame:
    """One running procedure: its name, its local variables, and where it stands."""

    proc: str
    vars: dict[str, JSON] = field(default_factory=dict)
    status: str = NEW
    result: JSON = None
    # What the running procedure remembers of its own work while it runs (say, tables a
    # phase finds once and every listing of it reads). Never saved and never copied: a
    # copied or reloaded frame starts with an empty memo and finds them again.
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __reduce__(self) -> tuple[Any, ...]:
        # copy and pickle, compiled or not: the memo is never copied (see above).
        return (Frame, (self.proc, self.vars, self.status, self.result))

    def typed(self, record: type[V]) -> V:
        """:attr:`vars` seen through a typed record (a ``TypedDict``): the same dict, not a
        copy, so what a procedure writes is what a save holds, and reading costs nothing.

        >>> from typing import TypedDict
        >>> class Tally(TypedDict):
        ...     count: int
        >>> frame = Frame("tally", {"count": 1})
        >>> frame.typed(Tally)["count"] += 1
        >>> frame.to_json()["vars"]
        {'count': 2}
        """
        return cast(V, self.vars)

    def to_json(self) -> dict[str, JSON]:
        return {
            "proc": self.proc,
            "vars": json_copy(self.vars),
            "status": self.status,
            "result": json_copy(self.result),
        }

    @staticmethod
    def from_json(obj: dict[str, JSON]) -> Frame:
        return Frame(
            str(obj["proc"]),
            json_copy(dict(obj["vars"])),
            str(obj["status"]),
            json_copy(obj.get("result")),
        )


@dataclass(slots=True)
class Decision:
    """The machine is waiting for ``prompt.side`` to choose one of ``actions``."""

    prompt: Prompt
    actions: Sequence[Action]  # a list, or a Listing made on demand

    def __reduce__(self) -> tuple[Any, ...]:
        return (Decision, (self.prompt, self.actions))  # copy and pickle, compiled or not


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled or not, any module may subclass
class Procedure(Generic[S]):
    """Base class of a step in the sequence of play. Override what you need."""

    # Class variables, so that a compiled base reads an interpreted subclass's own values.
    name: ClassVar[str] = ""

    def begin(self, m: Machine[S], state: S, frame: Frame) -> None:
        """Called once, when the frame first reaches the top of the stack."""

    def decision(self, m: Machine[S], state: S, frame: Frame) -> Decision | None:
        """Return a decision to pause for, or ``None`` to let :meth:`run` proceed."""
        return None

    def act(self, m: Machine[S], state: S, frame: Frame, action: Action) -> None:
        """Carry out one of the actions offered by :meth:`decision`."""
        raise IllegalAction(f"{self.name} takes no actions")

    def run(self, m: Machine[S], state: S, frame: Frame) -> None:
        """Automatic work. Must move the stack (call, goto or end)."""
        m.end(state)

    def resume(self, m: Machine[S], state: S, frame: Frame, result: JSON) -> None:
        """A child procedure ended with ``result``."""


StepFn = Callable[[Any, "Machine[S]", S, Frame], None]
"""One step of a :class:`Steps` procedure: a method of it, ``(self, m, state, frame)``."""


def calls(proc: str, **vars: JSON) -> StepFn[Any]:
    """A step that runs the procedure ``proc`` (with ``vars``) as a child."""

    def step(self: object, m: Machine[Any], state: Any, frame: Frame) -> None:
        m.call(state, proc, **vars)

    step.__name__ = step.__qualname__ = f"calls({proc!r})"
    return step


@mypyc_attr(allow_interpreted_subclasses=True)
class Steps(Procedure[S]):
    """A procedure that walks a fixed list of named steps, one step each time it runs, so
    that the class reads like the sequence of play it follows.

    ``steps`` holds ``(name, step)`` pairs in order: a step is the name of a method of the
    class, or a function of the procedure (like :func:`calls` makes); each must move the
    stack, like :meth:`Procedure.run`. Methods go by name because a compiled (mypyc) class
    body cannot refer to its own methods while it is being built. The frame variable ``place`` says which step runs next: its
    index, or its name with ``by_name``. :meth:`begin` puts it at the first step (an
    override calls :meth:`first_step`). After the last step the procedure ends, or goes
    back to the step ``repeat_from``. A step may choose what follows with :meth:`go_to`.

    >>> class Note(Procedure[dict]):
    ...     name = "note"
    ...     def run(self, m, state, frame):
    ...         state["log"].append(frame.vars["text"])
    ...         m.end(state)
    >>> class Day(Steps[dict]):
    ...     name = "day"
    ...     def lunch(self, m, state, frame):
    ...         if state["hungry"]:
    ...             self.go_to(frame, "nap")  # and skip the afternoon
    ...         m.call(state, "note", text="lunch")
    ...     steps = (
    ...         ("morning", calls("note", text="work")),
    ...         ("noon", "lunch"),
    ...         ("afternoon", calls("note", text="work")),
    ...         ("nap", calls("note", text="sleep")),
    ...     )
    >>> machine = Machine([Note(), Day()], stack_of=lambda s: s["stack"])
    >>> day = {"stack": [], "log": [], "hungry": True}
    >>> machine.start(day, "day")
    >>> machine.advance(day) is None, day["log"]
    (True, ['work', 'lunch', 'sleep'])
    """

    steps: ClassVar[Sequence[tuple[str, StepFn[Any] | str]]] = ()
    place: ClassVar[str] = "next"  # the frame variable that keeps the next step
    by_name: ClassVar[bool] = False  # keep the next step's name rather than its index
    repeat_from: ClassVar[str | None] = None  # after the last step, go back to this one (or end)
    _index: ClassVar[dict[str, int]] = {}  # step name -> index, per class

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._index = {name: i for i, (name, _) in enumerate(cls.steps)}
        if len(cls._index) != len(cls.steps):
            raise RulesError(f"{cls.__name__} names two steps alike")
        if cls.repeat_from is not None and cls.repeat_from not in cls._index:
            raise RulesError(f"{cls.__name__} repeats from an unknown step")
        for name, step in cls.steps:
            if isinstance(step, str) and not callable(getattr(cls, step, None)):
                raise RulesError(f"{cls.__name__} step {name!r} names no method {step!r}")

    def begin(self, m: Machine[S], state: S, frame: Frame) -> None:
        self.first_step(frame)

    def first_step(self, frame: Frame) -> None:
        """Stand at the first step (writes the ``place`` variable)."""
        frame.vars[self.place] = self.steps[0][0] if self.by_name else 0

    def go_to(self, frame: Frame, step: str) -> None:
        """Make ``step`` the next to run."""
        frame.vars[self.place] = step if self.by_name else self._index[step]

    def run(self, m: Machine[S], state: S, frame: Frame) -> None:
        at = frame.vars[self.place]
        i = self._index.get(at, len(self.steps)) if self.by_name else at
        if i >= len(self.steps):
            m.end(state)
            return
        nxt = i + 1
        if nxt == len(self.steps) and self.repeat_from is not None:
            nxt = self._index[self.repeat_from]
        if self.by_name:
            frame.vars[self.place] = self.steps[nxt][0] if nxt < len(self.steps) else ""
        else:
            frame.vars[self.place] = nxt
        step = self.steps[i][1]
        if isinstance(step, str):
            getattr(self, step)(m, state, frame)
        else:
            step(self, m, state, frame)


class Machine(Generic[S]):
    """Runs procedures registered by name over the frame stack found in a state."""

    def __init__(
        self,
        procedures: Iterable[Procedure[S]],
        stack_of: Callable[[S], list[Frame]],
        *,
        max_steps: int = 1_000_000,
        decision_scope: Callable[[S], AbstractContextManager[object]] | None = None,
    ) -> None:
        self.procedures: dict[str, Procedure[S]] = {}
        for proc in procedures:
            if not proc.name:
                raise RulesError(f"{type(proc).__name__} has no name")
            if proc.name in self.procedures:
                raise RulesError(f"two procedures are named {proc.name!r}")
            self.procedures[proc.name] = proc
        self.stack_of = stack_of
        self.max_steps = max_steps
        # Listing a decision only reads the state; a game may index the state meanwhile.
        self.decision_scope = decision_scope
        self._moves = 0

    def _proc(self, name: str) -> Procedure[S]:
        try:
            return self.procedures[name]
        except KeyError:
            raise RulesError(f"no procedure named {name!r}") from None

    # --- stack operations, used by procedures --------------------------------------------

    def start(self, state: S, name: str, **vars: JSON) -> None:
        """Begin a new sequence of play on an empty stack."""
        stack = self.stack_of(state)
        if stack:
            raise RulesError("the sequence of play has already started")
        self.call(state, name, **vars)

    def call(self, state: S, name: str, **vars: JSON) -> None:
        """Push a child procedure; the caller resumes when it ends."""
        self._proc(name)
        self.stack_of(state).append(Frame(name, dict(vars)))
        self._moves += 1

    def goto(self, state: S, name: str, **vars: JSON) -> None:
        """Replace the running procedure by another."""
        stack = self.stack_of(state)
        self._proc(name)
        if not stack:
            raise RulesError("goto on an empty stack")
        stack[-1] = Frame(name, dict(vars))
        self._moves += 1

    def end(self, state: S, result: JSON = None) -> None:
        """End the running procedure and hand ``result`` to its caller."""
        stack = self.stack_of(state)
        if not stack:
            raise RulesError("end on an empty stack")
        stack.pop()
        if stack:
            stack[-1].status = RETURNED
            stack[-1].result = result
        self._moves += 1

    def abort(self, state: S) -> None:
        """Empty the stack: the game is over."""
        self.stack_of(state).clear()
        self._moves += 1

    # --- driving ---------------------------------------------------------------------------

    def top(self, state: S) -> Frame | None:
        stack = self.stack_of(state)
        return stack[-1] if stack else None

    def advance(self, state: S) -> Decision | None:
        """Run automatic steps until a decision is needed (returned) or the stack empties."""
        for _ in range(self.max_steps):
            stack = self.stack_of(state)
            if not stack:
                return None
            frame = stack[-1]
            proc = self._proc(frame.proc)
            before = self._moves
            if frame.status == NEW:
                frame.status = READY
                proc.begin(self, state, frame)
                continue
            if frame.status == RETURNED:
                frame.status = READY
                result, frame.result = frame.result, None
                proc.resume(self, state, frame, result)
                continue
            decision = self._decide(proc, state, frame)
            if decision is not None:
                return decision
            proc.run(self, state, frame)
            if self._moves == before:
                raise RulesError(f"procedure {frame.proc!r} ran without moving the stack")
        raise RulesError(f"runaway sequence: more than {self.max_steps} steps without a decision")

    def _decide(self, proc: Procedure[S], state: S, frame: Frame) -> Decision | None:
        if self.decision_scope is None:
            return proc.decision(self, state, frame)
        with self.decision_scope(state):
            return proc.decision(self, state, frame)

    def decision(self, state: S) -> Decision | None:
        """The pending decision, without running anything (the state must be advanced)."""
        frame = self.top(state)
        if frame is None or frame.status != READY:
            return None
        return self._decide(self._proc(frame.proc), state, frame)

    def act(self, state: S, action: Action, *, pending: Decision | None = None) -> Decision | None:
        """Apply a legal action to the waiting procedure, then advance.

        ``pending`` may pass the decision the caller has already listed for this very
        position, to save listing it again.
        """
        frame = self.top(state)
        if frame is None:
            raise IllegalAction("the game is over")
        proc = self._proc(frame.proc)
        if pending is None:
            pending = self._decide(proc, state, frame) if frame.status == READY else None
        if pending is None:
            raise IllegalAction("no decision is pending")
        if not is_listed(action, pending.actions):
            raise IllegalAction(f"{action!r} is not a legal action now")
        proc.act(self, state, frame, action)
        return self.advance(state)
