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
from .fanout import Subscribers, post_all, revoke_replaced, wire_key
from .spectators import SPECTATOR, Delayed, common_view, turn_of
from .teams import BOTH, Team, own_count, pick, route_of, times_taken


def agent_seed(seed: int, side: str) -> int:
    digest = hashlib.sha256(f"hexfront-agent:{seed}:{side}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(slots=True)
class Seat:
    # The side the seat plays. Seats are keyed by name: the side's own name, or in a
    # team game (``teams.py``) ``{side}_{commander}``.
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
    # Team play (``teams.py``): the seats' commanders and standing agreements; None for
    # one seat per side. ``routes``: each side's legal actions routed, with ``legal``.
    team: Team | None = None
    routes: dict[str, list[str]] = field(default_factory=dict)
    # How many times the log holds a joint action, by its key (at ``legal_at`` too).
    taken: dict[str, int] = field(default_factory=dict)

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
        """The AI seat to move now, if any."""
        if self.match.is_over():
            return None
        if self.team is None:
            for side in self.match.active_sides():
                if self.seats[side].kind == "ai":
                    return side
            return None
        for seat in self.seats_to_move():
            if self.seats[seat].kind == "ai":
                return seat
        return None

    def agent(self, seat: str) -> Agent:
        if seat not in self.agents:
            name = self.seats[seat].agent or "random"
            self.agents[seat] = make_agent(name, agent_seed(self.seed, seat))
        return self.agents[seat]

    def side_of(self, seat: str) -> str:
        """The side a seat plays."""
        return self.seats[seat].side

    # --- team play (teams.py) ------------------------------------------------------------

    def routes_for(self, side: str) -> list[str]:
        """For each of ``side``'s legal actions, the commander who gives it (or
        ``EITHER``/``BOTH``): asked of the game once per version."""
        legal = self.legal_for(side)
        if side not in self.routes:
            game: Any = self.game  # offers SplitsCommand: a team exists only then
            self.routes[side] = list(game.command_of(self.match.state, legal)) if legal else []
        return self.routes[side]

    def seat_legal(self, seat: str) -> Sequence[Action]:
        """The legal actions offered to ``seat``: its side's, or in a team game its own
        commander's and the shared ones."""
        side = self.side_of(seat)
        legal = self.legal_for(side)
        if self.team is None or not legal:
            return legal
        return pick(legal, self.routes_for(side), self.team.commander(seat))

    def _agreed(self, seat: str) -> bool:
        """``seat`` agreed to end the phase, and that joint action is still offered."""
        assert self.team is not None
        agreed = self.team.ready.get(seat)
        if agreed is None:
            return False
        key, taken = agreed
        side = self.side_of(seat)
        legal = self.legal_for(side)
        routes = self.routes_for(side)
        for a, r in zip(legal, routes, strict=True):
            if r == BOTH and a.key() == key:
                return self.times_taken(a) == taken
        return False

    def times_taken(self, action: Action) -> int:
        """How many times the log holds ``action`` (counted once per version)."""
        self._fresh()
        key = action.key()
        if key not in self.taken:
            self.taken[key] = times_taken(self.match.record.actions, action)
        return self.taken[key]

    def seat_to_move(self, seat: str) -> bool:
        """Whether ``seat`` has something to decide now (in a team game: its own or shared
        actions, and it has not agreed to end the phase yet)."""
        if self.match.is_over():
            return False
        side = self.side_of(seat)
        if side not in self.match.active_sides():
            return False
        if self.team is None:
            return True
        return bool(self.seat_legal(seat)) and not self._agreed(seat)

    def seats_to_move(self) -> list[str]:
        """The seats with something to decide now."""
        return [seat for seat in self.seats if self.seat_to_move(seat)]

    def to_move_row(self) -> list[str]:
        """Who is to move, as the game's row keeps it: the sides, or a team game's seats."""
        if self.team is None:
            return self.match.active_sides()
        return self.seats_to_move()

    def team_route(self, seat: str, action: Action) -> bool:
        """Check a team seat's ``action`` against its command (38.1): True to take it now,
        False when it only records the seat's agreement to end the phase (nothing else
        changes). An action of the other commander is refused; one not legal at all is
        left for :meth:`Match.act` to refuse."""
        team = self.team
        assert team is not None
        side = self.side_of(seat)
        if side not in self.match.active_sides():
            return True  # Match.act says whose turn it is
        legal = self.legal_for(side)
        route = route_of(legal, self.routes_for(side), action)
        if route is None:
            return True
        commander = team.commander(seat)
        if route == BOTH:
            routes = self.routes_for(side)
            key = action.key()
            waiting = [
                mate
                for mate in team.mates(seat)
                if not (self._agreed(mate) and team.ready[mate][0] == key)
                and own_count(routes, team.commander(mate)) > 0
            ]
            if waiting:
                team.ready[seat] = (key, self.times_taken(action))
                return False
            for s in team.of_side(side):
                team.ready.pop(s, None)
            return True
        if route != commander and route in {c for _, c in team.seats.values()}:
            raise forbidden(
                "other_commander",
                _(
                    "this order belongs to your teammate, the other commander of your side "
                    "(38.1): it is theirs to give"
                ),
            )
        team.ready.pop(seat, None)  # acting again withdraws the agreement to end the phase
        return True

    def idle(self) -> bool:
        return not self.watched_sides() and self.ai_task is None and not self.lock.locked()

    def _fresh(self) -> None:
        """Drop what was worked out for an older version (legal actions, their routes)."""
        if self.legal_at != self.version:
            self.legal, self.legal_at, self.routes, self.taken = {}, self.version, {}, {}

    def legal_for(self, side: str) -> Sequence[Action]:
        self._fresh()
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


def payload(live: LiveGame, seat: str) -> dict[str, JSON]:
    """Everything a seat receives about its game: built from its own side's view only.
    ``SPECTATOR`` gets :func:`spectator_payload`."""
    if seat == SPECTATOR:
        return spectator_payload(live)
    match = live.match
    result = match.result()
    to_move = match.active_sides()
    side = live.side_of(seat)
    view = match.view(side)
    legal = list(live.seat_legal(seat)) if to_move else []
    out: dict[str, JSON] = {
        "id": live.id,
        "game": live.game.name,
        "title": live.game.title,
        "scenario": match.record.scenario,
        "options": match.record.options,
        "side": side,
        "seat": seat,
        "version": live.version,
        "seq": len(match.record.actions),
        "status": "over" if match.is_over() else "active",
        "to_move": to_move,
        "your_turn": live.seat_to_move(seat),
        "view": view,
        "legal_actions": [a.to_json() for a in legal],
        "can_undo": live.team is None and match.can_undo(side),
        "result": result.to_json() if result else None,
        "seats": {s: seat.public() for s, seat in live.seats.items()},
        "ai": {"thinking": live.thinking, "error": live.ai_error},
        "record": {"open": live.record_readable(), "agreed": sorted(live.open_sides)},
        "seed_chosen_by_creator": live.seed_chosen,
        "dice_commitment": dice.commitment(live.seed_secret) if live.seed_secret else None,
    }
    if live.team is not None:
        team = live.team
        out["team"] = {
            "commander": team.commander(seat),
            "seats_to_move": live.seats_to_move(),
            "ready": sorted(s for s in team.ready if live._agreed(s)),
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

    In English, whatever language the request that caused them reads: a payload is shared
    by every socket of its seat (the browser words it in its own language). A game that
    words its own log and actions (Stalin's War) also gets, under :func:`wire_key`, the
    payload in each other language its open sockets asked for."""
    sides = live.watched_sides() if sides is None else sides
    with using(DEFAULT):
        out = {
            side: json.dumps(
                payload(live, side), ensure_ascii=False, separators=(",", ":")
            ).encode()
            for side in sides
        }
    if speaks_itself(live.game):  # the sockets that asked for another language get theirs
        for side in sides - {SPECTATOR}:
            for lang in {sub.lang for sub in live.subscribers.get(side, ())} - {DEFAULT}:
                out[wire_key(side, lang)] = encode_in(live, side, lang)
    return out


def speaks_itself(game: Game[Any]) -> bool:
    """Whether a seat's payload carries the game's own words (``action_texts``,
    ``log_lines``): every game but those whose client words everything (BITE)."""
    if isinstance(game, HasBoard) and game.name in CLIENT_WORDED:
        return False
    return isinstance(game, DescribesActions | FormatsLog)


def encode_in(live: LiveGame, side: str, lang: str) -> bytes:
    """One seat's payload with the game's own words in ``lang`` (Stalin's War's log lines
    and action labels in Italian, say), for a request or the sockets that asked for it."""
    with using(lang):
        return json.dumps(payload(live, side), ensure_ascii=False, separators=(",", ":")).encode()


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
        match.undo(live.side_of(side))
    else:
        action = as_listed(live, action)
        try:
            match.act(action)
        except NotYourTurn as exc:
            raise unprocessable("not_your_turn", str(exc)) from None
        except IllegalAction as exc:
            raise unprocessable("illegal_action", str(exc)) from None
    live.legal_at = -1  # the state changed
    live.routes, live.taken = {}, {}
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
        live.to_move_row(),
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
