"""The contract every game implements, after Rally the Troops and OpenSpiel.

A game is a set of pure-ish functions over one state object:

* ``setup(scenario, options, seed) -> state``
* ``view(state, side)``: the only thing a player, client or AI ever sees (redacted)
* ``legal_actions(state, side)``: every choice the rules allow that side right now
* ``apply(state, action) -> events``: mutates the state, returns what happened
* ``is_over(state)`` / ``result(state)``

Dice live inside the state (:class:`~hexfront.engine.dice.Dice`), so the seed plus the
action log rebuild any game exactly (:mod:`hexfront.engine.records`).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

from hexfront.i18n import _, _p

from .errors import MalformedAction
from .events import JSON, Event

S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)


def canonical_json(obj: JSON) -> str:
    """Compact JSON with sorted keys: equal data always gives equal text.

    >>> canonical_json({"b": 1, "a": [1, 2]})
    '{"a":[1,2],"b":1}'
    """
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True, slots=True, eq=False)
class Action:
    """A decision: who takes it (``side``), what (``verb``) and how (``args``).

    Actions are plain JSON on the wire and compare by content.

    >>> a = Action("axis", "move", {"unit": "ger-1", "to": "1204"})
    >>> Action.from_json(a.to_json()) == a
    True
    """

    side: str
    verb: str
    args: Mapping[str, JSON] = field(default_factory=dict)

    def key(self) -> str:
        return canonical_json(self.to_json())

    def to_json(self) -> dict[str, JSON]:
        return {"side": self.side, "verb": self.verb, "args": dict(self.args)}

    @staticmethod
    def from_json(obj: Any) -> Action:
        """Parse an action, raising :class:`MalformedAction` with a clear message."""
        if not isinstance(obj, Mapping):
            raise MalformedAction(_("an action is a JSON object with 'side', 'verb' and 'args'"))
        unknown = set(obj) - {"side", "verb", "args"}
        if unknown:
            raise MalformedAction(
                _("unknown action field(s): {names}", names=", ".join(sorted(unknown)))
            )
        side, verb, args = obj.get("side"), obj.get("verb"), obj.get("args", {})
        if not isinstance(side, str) or not side:
            raise MalformedAction(_("action 'side' must be a non-empty string"))
        if not isinstance(verb, str) or not verb:
            raise MalformedAction(_("action 'verb' must be a non-empty string"))
        if not isinstance(args, Mapping):
            raise MalformedAction(_("action 'args' must be a JSON object"))
        try:
            canonical_json(dict(args))
        except (TypeError, ValueError) as exc:
            raise MalformedAction(_("action 'args' are not JSON: {why}", why=exc)) from None
        return Action(side, verb, dict(args))

    def __eq__(self, other: object) -> bool:
        # Field by field: the same answer as comparing canonical JSON, without encoding.
        return (
            isinstance(other, Action)
            and self.verb == other.verb
            and self.side == other.side
            and dict(self.args) == dict(other.args)
        )

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in sorted(self.args.items()))
        return f"Action({self.side}: {self.verb}({inner}))"


def is_listed(action: Action, actions: Sequence[Action]) -> bool:
    """Whether ``action`` is one of ``actions``: the very object first (an agent or a
    client hands back one it was given), then by content.

    >>> listed = [Action("axis", "done"), Action("axis", "move", {"unit": "u", "to": "0101"})]
    >>> is_listed(listed[1], listed), is_listed(Action("axis", "done"), listed)
    (True, True)
    """
    if not isinstance(actions, list):
        return action in actions  # a Listing answers by content without making every action
    for a in actions:
        if a is action:
            return True
    return action in actions


@dataclass(slots=True)
class Prompt:
    """Who must decide what: shown to the deciding side with its legal actions."""

    side: str
    kind: str
    text: str
    data: dict[str, JSON] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        return {"side": self.side, "kind": self.kind, "text": self.text, "data": self.data}


@dataclass(slots=True)
class Result:
    """The verdict of a finished game. ``winner`` is ``None`` for a draw."""

    winner: str | None
    outcome: str
    scores: dict[str, float] = field(default_factory=dict)
    detail: str = ""

    def to_json(self) -> dict[str, JSON]:
        return {
            "winner": self.winner,
            "outcome": self.outcome,
            "scores": self.scores,
            "detail": self.detail,
        }


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """A rules option a player may switch at setup."""

    name: str
    default: JSON
    help: str
    choices: tuple[JSON, ...] = ()
    label: str = ""  # what players read instead of the name ("Fog of war")
    choice_labels: tuple[str, ...] = ()  # words for each choice, in the same order
    scenarios: tuple[str, ...] = ()  # the scenarios it belongs to; empty: every one

    def applies_to(self, scenario: str) -> bool:
        """Whether the option belongs to ``scenario`` (a scenario rule belongs to few)."""
        return not self.scenarios or scenario in self.scenarios

    def said(self) -> OptionInfo:
        """This option with its words in the reader's language: the label, the words of
        each choice and the help, each a catalogue message of the context ``option``,
        ``option choice`` or ``option help`` (marked where the game defines them with
        ``NP_``). Words the catalogue lacks (a test game's, or words already said in the
        language) stay as they are; the name and the choices themselves never change."""
        return replace(
            self,
            label=_said("option", self.label),
            help=_said("option help", self.help),
            choice_labels=tuple(_said("option choice", c) for c in self.choice_labels),
        )

    def choice_words(self, choice: JSON) -> str:
        """How a player reads one choice: ``true (on)``, ``"chart" (as the Turn Record
        Chart says)``: the value as typed, then its words when the game gives some."""
        typed = json.dumps(choice)
        labels = self.choice_labels if len(self.choice_labels) == len(self.choices) else ()
        for value, label in zip(self.choices, labels, strict=False):
            if value == choice and type(value) is type(choice):
                return f"{typed} ({label})"
        return typed

    def refusal(self, value: JSON) -> str:
        """Why ``value`` is refused, with the option's words and each choice's (call it on
        the option :meth:`said`, to say them in the reader's language)."""
        return _(
            "option {name} ({label}) takes one of {choices}, not {value}",
            name=repr(self.name),
            label=self.label or self.help or self.name,
            choices=", ".join(self.choice_words(c) for c in self.choices),
            value=json.dumps(value, default=str),
        )

    def to_json(self) -> dict[str, JSON]:
        """The option for a new-game form; ``label`` and ``choice_labels`` are always words
        (the name with spaces, each choice as text, when the game gives none)."""
        labels = self.choice_labels if len(self.choice_labels) == len(self.choices) else ()
        return {
            "name": self.name,
            "label": self.label or self.name.replace("_", " ").capitalize(),
            "default": self.default,
            "help": self.help,
            "choices": list(self.choices),
            "choice_labels": list(labels) or [_choice_words(c) for c in self.choices],
            "scenarios": list(self.scenarios),
        }


def _said(context: str, text: str) -> str:
    """``text`` of ``context`` in the reader's language, else as a message of no context
    (a game that marks its words with ``N_``), else as it is."""
    if not text:
        return text
    shown = _p(context, text)
    return shown if shown != text else _(text)


def _choice_words(choice: JSON) -> str:
    if isinstance(choice, bool):
        return "on" if choice else "off"
    return str(choice).replace("_", " ")


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, JSON]:
    """Options written ``KEY=VALUE`` (command lines): a value that parses as JSON (``true``,
    ``3``) is taken as such, anything else as text. The game still checks names and values.

    >>> parse_option_pairs(["fog=false", "deployment=by_hand"])
    {'fog': False, 'deployment': 'by_hand'}
    """
    out: dict[str, JSON] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise ValueError(_("an option is written KEY=VALUE, not {pair}", pair=repr(pair)))
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


@dataclass(frozen=True, slots=True)
class ScenarioInfo:
    """A scenario as listed in a catalogue."""

    id: str
    name: str
    turns: int
    rules: str
    playable: bool
    summary: str = ""

    def to_json(self) -> dict[str, JSON]:
        return {
            "id": self.id,
            "name": self.name,
            "turns": self.turns,
            "rules": self.rules,
            "playable": self.playable,
            "summary": self.summary,
        }


@runtime_checkable
class Game(Protocol[S]):
    """What the engine, server, CLI and AI need from a game."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def sides(self) -> tuple[str, ...]: ...

    def scenarios(self) -> Sequence[ScenarioInfo]: ...

    def options(self) -> Sequence[OptionInfo]: ...

    def setup(self, scenario: str, options: Mapping[str, JSON], seed: int) -> S: ...

    def view(self, state: S, side: str | None) -> dict[str, JSON]: ...

    def legal_actions(self, state: S, side: str) -> Sequence[Action]: ...

    def apply(self, state: S, action: Action) -> list[Event]: ...

    def active_sides(self, state: S) -> list[str]: ...

    def is_over(self, state: S) -> bool: ...

    def result(self, state: S) -> Result | None: ...

    def to_json(self, state: S) -> dict[str, JSON]: ...

    def from_json(self, obj: Mapping[str, JSON]) -> S: ...

    def clone(self, state: S) -> S: ...


@runtime_checkable
class PositionGame(Protocol[S]):
    """A game that can start from a position described as JSON (a teaching position, a
    puzzle, a rule test) instead of a scenario's setup. Bad input raises a
    :class:`~hexfront.engine.errors.HexfrontError` naming the faulty field."""

    def setup_position(self, position: Mapping[str, Any]) -> S: ...

    def position_origin(self, state: S) -> tuple[str, dict[str, JSON], int]:
        """The scenario, options and seed a state was set up with (for its record)."""
        ...


# --- optional capabilities ------------------------------------------------------------------
#
# What a game may offer beyond :class:`Game`. The server and the CLI ask
# ``isinstance(game, DescribesActions)`` and fall back to something plain when the answer
# is no; a new game gets every tool working with the core contract alone, and more with
# each capability it adds. (``PositionGame`` above is one such capability too.)


@runtime_checkable
class DescribesActions(Protocol):
    """Actions in words (terminal play): ``view`` is the deciding side's view, if any."""

    def describe_action(self, action: Action, view: dict[str, JSON] | None = None) -> str: ...


@runtime_checkable
class FormatsLog(Protocol):
    """A log event of a view as one line of text (terminal play): ``view`` is the view of
    the side reading it, if any, so that it names what that side may know."""

    def log_line(self, event: dict[str, JSON], view: dict[str, JSON] | None = None) -> str: ...


@runtime_checkable
class RendersText(Protocol):
    """A view drawn as text (terminal play: shown at each new phase and on request)."""

    def render_text(self, view: dict[str, JSON]) -> str: ...


@runtime_checkable
class ListsHidden(Protocol[S_contra]):
    """The strings that would give away what ``side`` may not see (the identities of
    hidden blocks, as they appear in JSON). The server redacts another side's actions in
    replays with them; a game without this capability shows only who acted."""

    def hidden_tokens(self, state: S_contra, side: str) -> Collection[str]: ...


@runtime_checkable
class HasBoard(Protocol):
    """The printed mapboard as JSON, public and static, for clients to draw
    (``GET /api/games/catalog/{game}/board``); ``scenario`` may narrow it to its area."""

    def board(self, scenario: str | None = None) -> dict[str, JSON]: ...


@runtime_checkable
class ReadsPositionFiles(Protocol):
    """A position file (TOML or JSON) read and checked, as the JSON that
    :meth:`PositionGame.setup_position` takes (``hexfront play GAME --position FILE``)."""

    def read_position(self, path: str | Path) -> dict[str, JSON]: ...


# The answers of :meth:`SplitsCommand.command_of` for an action no single commander owns.
EITHER = "either"  # either commander of the side may take it (a shared resource)
BOTH = "both"  # it ends something for the whole side: both commanders agree first


@runtime_checkable
class SplitsCommand(Protocol[S_contra]):
    """Team play: each side's seat split among commanders (BITE 38.1: north and south of
    the green line). The engine stays two-sided; the server gives each commander a seat
    and routes each legal action to the seat that owns it.

    ``commanders(options)`` names the commanders of each side for these options (empty:
    one seat per side). ``command_of(state, actions)`` answers, for each of the pending
    decision's legal ``actions``, the commander who gives it, or :data:`EITHER` or
    :data:`BOTH`."""

    def commanders(self, options: Mapping[str, JSON]) -> tuple[str, ...]: ...

    def command_of(self, state: S_contra, actions: Sequence[Action]) -> list[str]: ...
