"""A game exported to one file, and that file checked before it is imported elsewhere.

A correspondence game can move between servers: ``GET /api/games/{id}/export`` writes it
as one JSON document and ``POST /api/games/import`` on another server (or the same one)
starts it again there, with new seats. The file holds:

* the record: game, scenario, options, seed (and the secret it derives from, so the dice
  stay verifiable against the commitment every seat was shown), every action, and the
  hash of the state after the last one;
* public metadata: status, result, each seat's kind and agent (never a token, an invite
  code, an account or a webhook), what spectators were allowed to see;
* ``sha256``: the SHA-256 of the canonical JSON of everything else in the file.

On import the hash is checked first (a file changed or damaged after export is refused),
then every field, then the whole game is replayed from its seed through
:class:`Match` (each action checked legal again) to the stated hash. Any refusal is a
400 with a sentence naming the problem, and nothing is stored.

The hash proves the file is the one exported, not who made it: whoever edits a file can
compute a new hash. Such a file still has to replay legally from its seed to its stated
hash, and the dice of a server-drawn seed still have to match their secret.

Fog of war: the file holds the seed, so whoever reads it knows every hidden block and
every die to come. Who may export an unfinished game is decided in ``games.py``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from hexfront import __version__
from hexfront.engine.errors import HexfrontError
from hexfront.engine.events import JSON
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action, Game, canonical_json
from hexfront.i18n import _

from . import dice
from .catalogue import PERSON_KINDS, check_options, check_scenario
from .errors import ApiError, bad_request
from .live import LiveGame, Seat, result_json
from .spectators import MODES
from .teams import layout

FORMAT = "hexfront-game"
FORMAT_VERSION = 1
HASH_KEY = "sha256"


def content_hash(content: Mapping[str, JSON]) -> str:
    """The SHA-256 of the canonical JSON of a file's content (its ``sha256`` left out)."""
    body = {k: v for k, v in content.items() if k != HASH_KEY}
    return hashlib.sha256(canonical_json(body).encode()).hexdigest()


def export_game(live: LiveGame) -> dict[str, JSON]:
    """The file of a live game (the caller holds its lock)."""
    match = live.match
    rec = match.record
    content: dict[str, JSON] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "exported_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "server_version": __version__,
        "game": rec.game,
        "scenario": rec.scenario,
        "options": dict(rec.options),
        "seed": rec.seed,
        "seed_chosen": live.seed_chosen,
        "seed_secret": live.seed_secret,
        "status": "over" if match.is_over() else "active",
        "result": result_json(match),
        "spectate": live.spectate,
        "spectate_delay": live.spectate_delay,
        "seats": {side: seat.public() for side, seat in live.seats.items()},
        "actions": [a.to_json() for a in rec.actions],
        "state_hash": match.hash(),
    }
    content[HASH_KEY] = content_hash(content)
    return content


@dataclass
class Imported:
    """A checked file, replayed: ready to be stored as a new game."""

    match: Match[Any]
    seats: dict[str, Seat]
    seed: int
    seed_chosen: bool
    seed_secret: str | None
    spectate: str
    spectate_delay: int


def _refuse(detail: str) -> ApiError:
    return bad_request("bad_export_file", _("this game file cannot be imported: {why}", why=detail))


def _field(data: Mapping[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    value = data.get(name)
    # bool is an int in Python: a true/false never stands for a number here.
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise _refuse(_("the field {name} is missing or has the wrong type", name=repr(name)))
    return value


def check_file(data: Any, load_game: Callable[[str], Game[Any]]) -> Imported:
    """Check an exported file and replay its game; 400 with a clear sentence otherwise.

    Blocking (a long game replays for seconds): run it in a worker thread."""
    if not isinstance(data, dict):
        raise _refuse(_("it is not a JSON object"))
    if data.get("format") != FORMAT:
        raise _refuse(_("it is not a hexfront game file (its 'format' is not 'hexfront-game')"))
    stated = data.get(HASH_KEY)
    if not isinstance(stated, str):
        raise _refuse(_("it carries no SHA-256 ('sha256') of its content"))
    try:
        actual = content_hash(data)
    except (TypeError, ValueError):
        raise _refuse(_("its content is not plain JSON")) from None
    if actual != stated:
        raise bad_request(
            "export_tampered",
            _(
                "this game file was changed or damaged after it was exported: the SHA-256 of "
                "its content does not match the one it carries, so it is refused"
            ),
        )
    if data.get("format_version") != FORMAT_VERSION:
        raise _refuse(
            _(
                "it has format version {version}; this server reads version {ours}",
                version=repr(data.get("format_version")),
                ours=FORMAT_VERSION,
            )
        )
    name = _field(data, "game", str)
    scenario = _field(data, "scenario", str)
    options = _field(data, "options", dict)
    seed = _field(data, "seed", int)
    seed_chosen = _field(data, "seed_chosen", bool)
    secret = data.get("seed_secret")
    raw_seats = _field(data, "seats", dict)
    raw_actions = _field(data, "actions", list)
    stated_hash = _field(data, "state_hash", str)
    spectate = _field(data, "spectate", str)
    spectate_delay = _field(data, "spectate_delay", int)
    if not 0 <= seed < 2**63:
        raise _refuse(_("its seed is out of range"))
    try:
        game = load_game(name)
        check_scenario(game, name, scenario)
        full_options = check_options(game, options, scenario)
    except ApiError as exc:
        raise _refuse(exc.detail) from None
    # An option this server knows and the file does not gets its default; should that
    # change the game, the replay below does not reach the stated hash.
    if secret is not None:
        if not isinstance(secret, str) or seed_chosen or dice.seed_of(secret) != seed:
            raise _refuse(_("its seed does not derive from the dice secret it carries"))
    elif not seed_chosen:
        raise _refuse(_("a seed the server drew must come with its dice secret"))
    if spectate not in MODES or not 0 <= spectate_delay <= 1000:
        raise _refuse(_("what spectators may see is not one of public, end or delayed"))
    team = layout(game, full_options)
    seats = _seats(game, raw_seats, team)
    try:
        match: Match[Any] = Match(game, scenario, full_options, seed)
    except (HexfrontError, ValueError, TypeError, KeyError) as exc:
        raise _refuse(_("the game could not be set up: {why}", why=exc)) from None
    for i, raw in enumerate(raw_actions, 1):
        try:
            action = Action.from_json(raw)
            if action.side not in game.sides:
                raise HexfrontError(_("{side} is not a side of this game", side=repr(action.side)))
            match.act(action)
        except HexfrontError as exc:
            raise _refuse(
                _(
                    "action {n} of {total} is not legal when replayed ({why})",
                    n=i,
                    total=len(raw_actions),
                    why=exc,
                )
            ) from None
        if match.is_over() and i < len(raw_actions):
            raise _refuse(_("the game is over after action {n}, yet more actions follow", n=i))
    if match.hash() != stated_hash:
        raise _refuse(_("its actions do not replay to the state hash it states"))
    status = "over" if match.is_over() else "active"
    if data.get("status") != status or data.get("result") != result_json(match):
        raise _refuse(_("its status or result is not the one its actions lead to"))
    return Imported(
        match,
        seats,
        seed,
        seed_chosen,
        secret if isinstance(secret, str) else None,
        spectate,
        spectate_delay if spectate == "delayed" else 0,
    )


def _seats(
    game: Game[Any], raw: Mapping[str, Any], team: Mapping[str, tuple[str, str]]
) -> dict[str, Seat]:
    """The file's seats: one per side, or a team game's (``teams.layout``)."""
    from hexfront.ai.base import make_agent

    names = list(team) if team else list(game.sides)
    if sorted(raw) != sorted(names):
        raise _refuse(_("its seats are not this game's sides ({sides})", sides=", ".join(names)))
    seats: dict[str, Seat] = {}
    for name in names:
        side = team[name][0] if team else name
        entry = raw[name]
        if not isinstance(entry, dict) or set(entry) != {"kind", "agent"}:
            raise _refuse(_("the seat of {side} is not {{kind, agent}}", side=name))
        kind, agent = entry["kind"], entry["agent"]
        if kind in PERSON_KINDS and agent is None:
            seats[name] = Seat(side, kind)
            continue
        if kind != "ai" or not isinstance(agent, str):
            raise _refuse(_("the seat of {side} has an unknown kind", side=name))
        try:
            make_agent(agent, 0)
        except ValueError:
            raise _refuse(
                _(
                    "the computer player {agent} of {side} is not on this server",
                    agent=repr(agent),
                    side=name,
                )
            ) from None
        seats[name] = Seat(side, "ai", agent)
    if all(seat.kind == "ai" for seat in seats.values()):
        raise _refuse(_("no seat is played by a person"))
    return seats
