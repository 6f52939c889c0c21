"""A game held in memory while it is played: :class:`LiveGame`, what each seat receives
from it, and the rules work of one change.

* A :class:`LiveGame` is a :class:`Match` plus its seats, open sockets, AI state and the
  encoded payload of each seat for the current state (encoded once per change).
* Fog of war: whatever is sent to a seat is built by :func:`payload` from
  ``match.view(side)`` and that side's legal actions, plus public metadata. The state, the
  seed, the record and other seats' views never go out to a seat while a game is running
  (the record opens when the game is over, or when every seat agrees).
* :func:`apply_change` changes the match (an action or an undo) and describes the change
  for storage (``storage.py`` writes it).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hexfront.ai.base import Agent, make_agent
from hexfront.engine.errors import IllegalAction, MalformedAction, NotYourTurn
from hexfront.engine.events import JSON
from hexfront.engine.match import Match, side_said
from hexfront.engine.protocol import (
    Action,
    DescribesActions,
    FormatsLog,
    Game,
    HasBoard,
    canonical_json,
)
from hexfront.i18n import DEFAULT, _, using

from . import dice
from .errors import conflict, forbidden, unprocessable
from .fanout import Subscribers, post_all, revoke_replaced
from .spectators import SPECTATOR, Delayed, common_view, turn_of


def agent_seed(seed: int, side: str) -> int:
    digest = hashlib.sha256(f"hexfront-agent:{seed}:{side}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(slots=True)
class Seat:
    side: str
    kind: str  # human | hotseat | ai
    agent: str | None = None
    user_id: int | None = None

    def public(self) -> dict[str, JSON]:
        return {"kind": self.kind, "agent": self.agent}


@dataclass(eq=False)
class LiveGame:
    id: str
    game: Game[Any]
    match: Match[Any]
    seed: int
    seed_chosen: bool
    version: int
    seats: dict[str, Seat]
    # The secret the seed derives from (verifiable dice); None for a chosen seed.
    seed_secret: str | None = None
    # The sides whose agreement to open the record stands: given with the seat's current
    # token (an agreement dies when the token is replaced).
    open_sides: set[str] = field(default_factory=set)
    snapshot_seq: int = 0
    # ``games.meta_version`` as this process last saw it (tokens replaced, agreements).
    meta_version: int = 0
    # The sha256 of each person's seat token, as last read: a socket opened with another
    # one is closed.
    token_hashes: dict[str, str | None] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: Subscribers = field(default_factory=dict)
    agents: dict[str, Agent] = field(default_factory=dict)
    thinking: str | None = None
    ai_error: str | None = None
    ai_task: asyncio.Task[None] | None = None
    broken: bool = False  # memory and database may disagree: rebuild before use
    slow: bool = False  # the rules once took long: run them in worker threads
    # The encoded payload of each seat for the current state and metadata; replaced
    # whole after every change, so a view request needs no rules work when it is here.
    wire: dict[str, bytes] = field(default_factory=dict)
    # The legal actions of each side at version ``legal_at`` (computed for the payload,
    # then used to check an action's JSON types); dropped at every change of the state.
    legal: dict[str, Sequence[Action]] = field(default_factory=dict)
    legal_at: int = -1
    # What spectators see beyond the public view: public | end | delayed (by
    # ``spectate_delay`` turns); the replay that serves the delayed view.
    spectate: str = "public"
    spectate_delay: int = 0
    delayed: Delayed | None = None

    def has_ai(self) -> bool:
        return any(seat.kind == "ai" for seat in self.seats.values())

    def is_open(self) -> bool:
        """Every seat agreed, with its current token, to open the record before the end.

        Never against the computer: an AI seat cannot agree, and a person who could open
        the record alone would play on knowing everything."""
        if self.has_ai():
            return False
        return set(self.seats) <= self.open_sides

    def record_readable(self) -> bool:
        return self.match.is_over() or self.is_open()

    def watched_sides(self) -> set[str]:
        """The sides with open sockets (and ``SPECTATOR`` when spectators watch)."""
        return {side for side, subs in self.subscribers.items() if subs}

    def ai_to_move(self) -> str | None:
        if self.match.is_over():
            return None
        for side in self.match.active_sides():
            if self.seats[side].kind == "ai":
                return side
        return None

    def agent(self, side: str) -> Agent:
        if side not in self.agents:
            name = self.seats[side].agent or "random"
            self.agents[side] = make_agent(name, agent_seed(self.seed, side))
        return self.agents[side]

    def idle(self) -> bool:
        return not self.watched_sides() and self.ai_task is None and not self.lock.locked()

    def legal_for(self, side: str) -> Sequence[Action]:
        if self.legal_at != self.version:
            self.legal, self.legal_at = {}, self.version
        if side not in self.legal:
            self.legal[side] = self.match.legal_actions(side)
        return self.legal[side]

    def mark_broken(self) -> None:
        """Memory and database may disagree: rebuilt from the database before next use."""
        self.broken, self.wire = True, {}

    def publish(self, wire: dict[str, bytes]) -> None:
        """Make ``wire`` the current payloads and push them to the open sockets."""
        self.wire = wire
        post_all(self.subscribers, wire)

    def revoke_replaced(self) -> None:
        """Close the sockets opened with a seat token that is no longer the seat's."""
        revoke_replaced(self.subscribers, self.token_hashes)


# --- what a seat sees ---------------------------------------------------------------------


def payload(live: LiveGame, side: str) -> dict[str, JSON]:
    """Everything a seat receives about its game: built from its own view only.
    ``SPECTATOR`` gets :func:`spectator_payload`."""
    if side == SPECTATOR:
        return spectator_payload(live)
    match = live.match
    result = match.result()
    to_move = match.active_sides()
    view = match.view(side)
    legal = list(live.legal_for(side)) if to_move else []
    out: dict[str, JSON] = {
        "id": live.id,
        "game": live.game.name,
        "title": live.game.title,
        "scenario": match.record.scenario,
        "options": match.record.options,
        "side": side,
        "version": live.version,
        "seq": len(match.record.actions),
        "status": "over" if match.is_over() else "active",
        "to_move": to_move,
        "your_turn": side in to_move,
        "view": view,
        "legal_actions": [a.to_json() for a in legal],
        "can_undo": match.can_undo(side),
        "result": result.to_json() if result else None,
        "seats": {s: seat.public() for s, seat in live.seats.items()},
        "ai": {"thinking": live.thinking, "error": live.ai_error},
        "record": {"open": live.record_readable(), "agreed": sorted(live.open_sides)},
        "seed_chosen_by_creator": live.seed_chosen,
        "dice_commitment": dice.commitment(live.seed_secret) if live.seed_secret else None,
    }
    out.update(_words(live.game, view, legal))
    return out


# Games whose browser table words every legal action and log line itself (web/src/bite.ts).
CLIENT_WORDED = frozenset({"bite"})


def _words(game: Game[Any], view: dict[str, JSON], legal: Sequence[Action]) -> dict[str, JSON]:
    """The game's own words for its legal actions and log lines, read from the seat's view
    only, for the browser's generic table. BITE's client words them itself: nothing is added
    for it. Stalin's War's table words its decisions itself and keeps these as the English
    words of whatever it does not know."""
    if isinstance(game, HasBoard) and game.name in CLIENT_WORDED:
        return {}
    words: dict[str, JSON] = {}
    if isinstance(game, DescribesActions):
        words["action_texts"] = [game.describe_action(a, view) for a in legal]
    log = view.get("log")
    if isinstance(game, FormatsLog) and isinstance(log, list):
        words["log_lines"] = [game.log_line(e, view) for e in log if isinstance(e, dict)]
    return words


def spectator_payload(live: LiveGame) -> dict[str, JSON]:
    """What a spectator link receives: public metadata, the view every side shares
    (``view``: no side's hidden identity, no legal actions, no dice to come) and, if the
    creator allowed it, the full game once over or some turns behind (``full``)."""
    match = live.match
    state = match.state
    result = match.result()
    full: JSON = None
    if match.is_over() and live.spectate in ("end", "delayed"):
        full = {
            "seq": len(match.record.actions),
            "turn": turn_of(state),
            "view": match.view(None),
        }
    elif live.spectate == "delayed":
        if live.delayed is None:
            rec = match.record
            live.delayed = Delayed(live.game, rec.scenario, dict(rec.options), rec.seed)
        behind = live.delayed.view(match.record.actions, live.spectate_delay)
        if behind is not None:
            full = {"seq": behind[0], "turn": behind[1], "view": behind[2]}
    return {
        "id": live.id,
        "game": live.game.name,
        "scenario": match.record.scenario,
        "options": match.record.options,
        "spectator": True,
        "version": live.version,
        "seq": len(match.record.actions),
        "status": "over" if match.is_over() else "active",
        "to_move": match.active_sides(),
        "turn": turn_of(state),
        "view": common_view([match.view(side) for side in live.game.sides]),
        "full": full,
        "spectate": {"full": live.spectate, "delay": live.spectate_delay},
        "result": result.to_json() if result else None,
        "seats": {s: seat.public() for s, seat in live.seats.items()},
        "ai": {"thinking": live.thinking, "error": live.ai_error},
        "seed_chosen_by_creator": live.seed_chosen,
        "dice_commitment": dice.commitment(live.seed_secret) if live.seed_secret else None,
    }


def encode(live: LiveGame, sides: set[str] | None = None) -> dict[str, bytes]:
    """Encoded payloads of ``sides`` (default: the sides with open sockets).

    Always in English, whatever language the request that caused them reads: a payload
    is shared by every socket of its seat (the browser words it in its own language)."""
    sides = live.watched_sides() if sides is None else sides
    with using(DEFAULT):
        return {
            side: json.dumps(
                payload(live, side), ensure_ascii=False, separators=(",", ":")
            ).encode()
            for side in sides
        }


def result_json(match: Match[Any]) -> dict[str, JSON] | None:
    result = match.result()
    return result.to_json() if result else None


# --- one change ---------------------------------------------------------------------------


@dataclass(slots=True)
class Change:
    """A change made to a match, ready to be written."""

    action: Action | None  # None: an undo
    n: int  # actions in the log after the change
    body: str  # canonical JSON of the new state
    digest: str  # its sha256
    over: bool
    result: dict[str, JSON] | None
    to_move: list[str]
    snapshot: bool


def parse_action(raw: JSON, side: str) -> Action:
    if isinstance(raw, dict) and "side" not in raw:
        raw = {**raw, "side": side}
    try:
        action = Action.from_json(raw)
    except MalformedAction as exc:
        raise unprocessable("malformed_action", str(exc)) from None
    if action.side != side:
        raise forbidden(
            "wrong_side",
            _(
                "this seat plays {side}, not {other}",
                side=side_said(side),
                other=side_said(action.side),
            ),
        )
    return action


def check_version(live: LiveGame, version: int) -> None:
    if version != live.version:
        raise conflict(
            "stale_version",
            _(
                "the game is at version {now}, not {sent}: reload the view",
                now=live.version,
                sent=version,
            ),
        )


def apply_change(live: LiveGame, action: Action | None, side: str, snapshot_every: int) -> Change:
    """Change the match (rules work): apply ``action``, or undo ``side``'s last one."""
    match, game = live.match, live.game
    if action is None:
        match.undo(side)
    else:
        action = as_listed(live, action)
        try:
            match.act(action)
        except NotYourTurn as exc:
            raise unprocessable("not_your_turn", str(exc)) from None
        except IllegalAction as exc:
            raise unprocessable("illegal_action", str(exc)) from None
    live.legal_at = -1  # the state changed
    n = len(match.record.actions)
    body = canonical_json(game.to_json(match.state))
    over = match.is_over()
    result = match.result()
    # A snapshot is taken where no undo is pending, so that a game rebuilt from it has
    # exactly the undo stack of the original (an empty one).
    snapshot = action is not None and (
        over
        or (
            n - live.snapshot_seq >= snapshot_every
            and not any(match.can_undo(s) for s in game.sides)
        )
    )
    return Change(
        action,
        n,
        body,
        hashlib.sha256(body.encode()).hexdigest(),
        over,
        result.to_json() if result else None,
        match.active_sides(),
        snapshot,
    )


def as_listed(live: LiveGame, action: Action) -> Action:
    """The legal action that ``action`` names, with exactly its JSON types.

    Python compares ``True == 1 == 1.0``, so a loose comparison would accept (and log)
    ``true`` or ``1.0`` where the list has ``1``. An action equal to a listed one only
    that way is refused; one that is not listed at all is left for :meth:`Match.act`
    to refuse. The listed object itself is returned, so the log holds the game's own."""
    if action.side not in live.game.sides or action.side not in live.match.active_sides():
        return action
    for listed in live.legal_for(action.side):
        if listed == action:
            if listed.key() != action.key():
                raise unprocessable(
                    "wrong_type",
                    _(
                        "this action is legal only with other JSON types: send every value "
                        "exactly as the list of legal actions has it (a whole number as 2, "
                        "not 2.0; true or false, not 1 or 0)"
                    ),
                )
            return listed
    return action
