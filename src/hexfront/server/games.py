"""The game service: the one entry point of the routes and the WebSockets to games.

A thin facade over the server's parts, each in a module of its own:

* ``catalogue.py``: the games on offer, the checks of a new game's options and seats;
* ``live.py``: a game held in memory (:class:`LiveGame`), what each seat receives from it
  (fog of war: only its own view) and the rules work of one change;
* ``cache.py``: the live games held by this process, their locks, and catching up with
  changes stored by other processes;
* ``storage.py``: every read and write of a game's rows (the action log is the source of
  truth; one transaction per change, guarded by the optimistic version);
* ``fanout.py``: the open WebSockets of each seat and the push of new payloads;
* ``ai_runner.py``: the background task that moves AI seats;
* ``records.py``: the record and replays, once readable;
* ``spectators.py``: what a spectator link sees (the view every side shares, and the
  full game at the end or some turns behind if the creator allowed it);
* ``workers.py``: the threads that run the database and slow rules.

Game-agnostic: everything goes through the engine contract and :class:`Match`. Each
method here orders those parts: which lock is held, what is stored, what is pushed.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from hexfront.engine.errors import HexfrontError
from hexfront.engine.events import JSON
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action, Game, canonical_json
from hexfront.i18n import DEFAULT, _, language

from . import dice
from .ai_runner import AiRunner
from .cache import LiveCache
from .catalogue import (
    PERSON_KINDS,
    Catalogue,
    agent_names,
    check_options,
    check_scenario,
    check_seats,
    check_solitary,
)
from .db import Database
from .errors import ApiError, conflict, forbidden, unprocessable
from .fanout import Revoked, Subscriber, revoke_token, socket_message, wire_key
from .live import (
    LiveGame,
    Seat,
    apply_change,
    as_listed,
    check_version,
    encode,
    encode_in,
    parse_action,
    speaks_itself,
)
from .notify import listen
from .records import full_record, replay_view
from .settings import Settings
from .spectators import MODES, SPECTATOR, turn_of
from .storage import GameStore, new_token, token_hash
from .teams import Team, layout
from .transfer import check_file, export_game
from .webhooks import Webhooks, check_url
from .workers import Workers

__all__ = [
    "PERSON_KINDS",
    "GameService",
    "LiveGame",
    "Revoked",
    "Seat",
    "Subscriber",
    "agent_names",
    "new_token",
    "token_hash",
]

T = TypeVar("T")


def new_game_id() -> str:
    """A random URL-safe game id that never starts with "-": the command line (``hexfront
    export ID FILE``) would read such an id as an option."""
    while True:
        game_id = secrets.token_urlsafe(9)
        if not game_id.startswith("-"):
            return game_id


class GameService:
    """Every operation on games, shared by the HTTP routes and the WebSockets."""

    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self.workers = Workers(settings)
        self.store = GameStore(db, settings)
        self.catalogue = Catalogue(settings)
        self.live_games = LiveCache(self.store, self.workers, self.load_game, settings)
        self._tasks: set[asyncio.Task[None]] = set()
        self.ai = AiRunner(self.workers, self._change, self.live_games.holds, self._tasks, settings)
        self.live_games.on_loaded = self.ai.maybe_start
        self.webhooks = Webhooks(settings, self._webhook_url, self._tasks)

    @property
    def pool(self) -> Any:
        """The database's worker threads."""
        return self.workers.pool

    @property
    def cache(self) -> OrderedDict[str, LiveGame]:
        """The live games held in memory, by id (least recently used first)."""
        return self.live_games.games

    async def run(self, fn: Callable[..., T], *args: Any, finish: bool = True) -> T:
        """Run blocking work (database, slow rules) in a worker thread."""
        return await self.workers.run(fn, *args, finish=finish)

    def start_listening(self) -> None:
        """With PostgreSQL, hear of the changes other server processes make (and push
        them to this process's sockets); SQLite has one process and nothing to hear."""
        if self.db.is_sqlite:
            return
        cache = self.live_games
        task = asyncio.get_running_loop().create_task(
            listen(self.db.url, cache.on_notice, cache.freshen_all, self._tasks)
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        self.workers.shutdown()

    # --- games on offer -----------------------------------------------------------------

    def load_game(self, name: str) -> Game[Any]:
        return self.catalogue.load_game(name)

    def catalog(self) -> dict[str, JSON]:
        return self.catalogue.catalog()

    # --- creating -----------------------------------------------------------------------

    async def create(
        self,
        game_name: str,
        scenario: str,
        options: Mapping[str, JSON],
        seed: int | None,
        opponents: Mapping[str, str],
        play_as: str | None,
        user_id: int | None,
        spectate: str = "public",
        spectate_delay: int = 0,
    ) -> dict[str, JSON]:
        """A new game. The creator receives the tokens of the seats played at their own
        screen (``play_as`` and every ``hotseat`` side) and a one-time invite code for
        each other person's seat: its token goes to whoever joins with it (:meth:`join`),
        never to the creator."""
        game = self.load_game(game_name)
        check_scenario(game, game_name, scenario)
        full_options = check_options(game, options, scenario)
        team = layout(game, full_options)
        seats = check_seats(game, opponents, team)
        if play_as is not None and play_as not in seats and team:
            # A side's name stands for its first seat (``axis``: ``axis_north``).
            play_as = next((k for k, (side, _c) in team.items() if side == play_as), play_as)
        if play_as is not None and (play_as not in seats or seats[play_as].kind == "ai"):
            raise unprocessable(
                "bad_side", _("the side you play must be one played by a person, not the computer")
            )
        if play_as is None:
            play_as = next(
                (s for s, seat in seats.items() if seat.kind == "hotseat"),
                next(s for s, seat in seats.items() if seat.kind != "ai"),
            )
        check_solitary(full_options, seats, play_as)
        if user_id is not None:
            for side, seat in seats.items():
                if side == play_as or seat.kind == "hotseat":
                    seat.user_id = user_id
        people = [seat for seat in seats.values() if seat.kind != "ai"]
        if seed is not None and len(people) > 1 and any(p.kind == "human" for p in people):
            # Its chooser could rebuild the setup offline: every hidden block, every die.
            raise unprocessable(
                "seed_not_allowed",
                _(
                    "when two people play from different places the server always draws the "
                    "dice in secret: leave the seed out (a seed of your own is for games "
                    "against the computer, or with every side at one screen)"
                ),
            )
        if spectate not in MODES:
            raise unprocessable(
                "bad_spectate",
                _("what spectators see must be one of {modes}", modes=", ".join(MODES)),
            )
        if spectate == "delayed" and spectate_delay < 1:
            raise unprocessable(
                "bad_spectate", _("spectators who see the game later must be 1 turn or more behind")
            )
        if spectate != "delayed":
            spectate_delay = 0
        seed_chosen = seed is not None
        secret: str | None = None
        if seed is None:
            secret, seed = dice.draw()  # committed to at once: sha256(secret) to every seat
        # A person elsewhere (``human``, not the creator's own side) is invited.
        invited = {side for side, seat in seats.items() if seat.kind == "human"} - {play_as}
        tokens = {
            side: new_token()
            for side, seat in seats.items()
            if seat.kind != "ai" and side not in invited
        }
        invites = {side: new_token() for side in sorted(invited)}
        hashes = {side: token_hash(token) for side, token in tokens.items()}
        invite_hashes = {side: token_hash(code) for side, code in invites.items()}
        game_id = new_game_id()

        def build() -> LiveGame:
            try:
                match: Match[Any] = Match(game, scenario, full_options, seed)
            except (HexfrontError, ValueError, TypeError, KeyError) as exc:
                raise unprocessable(
                    "bad_setup", _("the game could not be set up: {why}", why=exc)
                ) from None
            if spectate == "delayed" and turn_of(match.state) is None:
                raise unprocessable(
                    "bad_spectate",
                    _("{game} counts no turns: spectate public or end", game=game.name),
                )
            live = LiveGame(game_id, game, match, seed, seed_chosen, 0, seats, secret)
            live.spectate, live.spectate_delay = spectate, spectate_delay
            if team:
                live.team = Team(team)
            # The record's options: a preset of optional rules stored as the rules it named.
            self.store.insert(live, scenario, match.record.options, hashes, invite_hashes)
            live.thinking = live.ai_to_move()
            return live

        live = await self.run(build)
        live.token_hashes = {side: hashes.get(side) for side in [*hashes, *invites]}
        self.live_games.add(live)
        self.ai.maybe_start(live)
        links = {side: f"/#game={game_id}&token={token}" for side, token in tokens.items()}
        links.update({side: f"/#game={game_id}&invite={code}" for side, code in invites.items()})
        return {
            "id": game_id,
            "seats": dict(tokens),
            "invites": dict(invites),
            "kinds": {side: seat.kind for side, seat in seats.items()},
            "play_as": play_as,
            "links": dict(sorted(links.items())),
            "spectate": {"full": spectate, "delay": spectate_delay},
            "version": 0,
        }

    async def join(self, game_id: str, invite: str, user_id: int | None) -> dict[str, JSON]:
        """Take the seat an invite code was made for: its token goes to the caller only,
        once (409 ``invite_used`` after); logged in, the seat is attached to the account."""
        token = new_token()
        digest = token_hash(token)
        side, meta = await self.run(self.store.join, game_id, token_hash(invite), digest, user_id)
        live = self.live_games.get(game_id)
        if live is not None:
            async with live.lock:
                if not live.broken:
                    live.token_hashes[side] = digest
                    live.meta_version = max(live.meta_version, meta)
                    if user_id is not None:
                        live.seats[side].user_id = user_id
        return {
            "id": game_id,
            "side": side,
            "token": token,
            "link": f"/#game={game_id}&token={token}",
        }

    # --- loading ------------------------------------------------------------------------

    async def live(self, game_id: str) -> LiveGame:
        """The live game, from the cache or rebuilt from its seed and action log."""
        return await self.live_games.live(game_id)

    def locked(self, game_id: str) -> Any:
        """``async with``: the live game with its lock held (rebuilt first if broken)."""
        return self.live_games.locked(game_id)

    # --- seats --------------------------------------------------------------------------

    async def seat_for(self, game_id: str, token: str | None) -> str:
        """The side a seat token plays in ``game_id``: 401 for no or a bad token, 403 for
        a token of another game.

        Asked of the database at every request, never of a cache: a token replaced by
        another server process stops working here at once. The same query returns the
        game's versions, and a live game older than them is brought up to date first, so
        no request is answered from a stale view."""
        if not token:
            raise ApiError(401, "missing_token", _("send the seat token: Authorization: Bearer …"))
        digest = token_hash(token)
        # SQLite answers this from the page cache in about 0.1 ms, and a WAL reader never
        # waits for a writer: cheaper on the event loop than a trip to a worker thread.
        hit = (
            self.store.find_seat(digest)
            if self.db.is_sqlite
            else await self.run(self.store.find_seat, digest)
        )
        if hit is None:
            if await self.run(self.store.find_spectator, digest) is not None:
                raise forbidden(
                    "spectator_only",
                    _(
                        "a spectator link can only watch: it cannot act, undo, open the "
                        "record or replace a token"
                    ),
                )
            raise ApiError(401, "bad_token", _("this seat token is not valid"))
        if hit[0] != game_id:
            raise forbidden("wrong_game", _("this seat token belongs to another game"))
        await self.freshen(game_id, hit[2], hit[3])
        return hit[1]

    async def spectator_for(self, game_id: str, token: str | None) -> str:
        """``SPECTATOR`` for a spectator link of ``game_id`` (401 for no or a bad token,
        403 for another game's); like :meth:`seat_for`, asked of the database each time."""
        if not token:
            raise ApiError(401, "missing_token", _("send the spectator token"))
        hit = await self.run(self.store.find_spectator, token_hash(token))
        if hit is None:
            raise ApiError(401, "bad_token", _("this spectator token is not valid"))
        if hit[0] != game_id:
            raise forbidden("wrong_game", _("this spectator token belongs to another game"))
        await self.freshen(game_id, hit[1], hit[2])
        return SPECTATOR

    async def new_spectator_link(self, game_id: str, side: str) -> dict[str, JSON]:
        """A new read-only spectator link, asked for by ``side``'s seat."""
        token = new_token()
        live = await self.live(game_id)
        await self.run(self.store.add_spectator, game_id, token_hash(token), side)
        return {
            "id": game_id,
            "token": token,
            "link": f"/#watch={game_id}&token={token}",
            "spectate": {"full": live.spectate, "delay": live.spectate_delay},
        }

    async def freshen(self, game_id: str, version: int | None, meta: int | None) -> None:
        """Bring the live game up to the database's versions (see ``cache.py``)."""
        await self.live_games.freshen(game_id, version, meta)

    async def new_token(
        self, game_id: str, side: str, user_id: int | None = None
    ) -> dict[str, JSON]:
        """Replace a seat's token: the old one stops working at once, sockets opened with
        it are closed. With ``user_id``, only for a seat attached to that account."""
        token = new_token()
        digest = token_hash(token)
        old, meta = await self.run(self.store.rotate_token, game_id, side, digest, user_id)
        live = self.live_games.get(game_id)
        if live is not None:
            revoke_token(live.subscribers, side, old)
            async with live.lock:
                if not live.broken:
                    live.token_hashes[side] = digest
                    live.meta_version = max(live.meta_version, meta)
                    if side in live.open_sides:
                        live.open_sides.discard(side)
                        live.publish(await self.workers.rules(live, encode, live))
        return {
            "id": game_id,
            "side": side,
            "token": token,
            "link": f"/#game={game_id}&token={token}",
        }

    # --- what a seat sees ---------------------------------------------------------------

    async def view(self, game_id: str, side: str) -> bytes:
        live = await self.live(game_id)
        lang = language()
        if lang != DEFAULT and speaks_itself(live.game) and side != SPECTATOR:
            # The game's own words in the request's language (issue 18), kept with the
            # current payloads until the next change.
            key = wire_key(side, lang)
            async with self.locked(game_id) as live:
                if key not in live.wire:
                    live.wire[key] = await self.workers.rules(live, encode_in, live, side, lang)
                return live.wire[key]
        if not live.broken and side in live.wire:
            return live.wire[side]
        async with self.locked(game_id) as live:
            if side not in live.wire:
                live.wire.update(await self.workers.rules(live, encode, live, {side}))
            return live.wire[side]

    async def subscribe(
        self, game_id: str, side: str, digest: str = ""
    ) -> tuple[LiveGame, Subscriber]:
        if side == SPECTATOR:
            digest = ""  # a spectator link is never replaced: nothing to revoke
        async with self.locked(game_id) as live:
            subs = live.subscribers.setdefault(side, set())
            cap = self.settings.max_sockets_per_seat
            if side == SPECTATOR:
                cap = self.settings.max_spectator_sockets
            if len(subs) >= cap:
                raise ApiError(429, "too_many_sockets", _("too many open sockets for this seat"))
            if side not in live.wire:
                live.wire.update(await self.workers.rules(live, encode, live, {side}))
            lang, key = language(), side
            if lang != DEFAULT and speaks_itself(live.game) and side != SPECTATOR:
                key = wire_key(side, lang)  # the game's own words in the socket's language
                if key not in live.wire:
                    live.wire[key] = await self.workers.rules(live, encode_in, live, side, lang)
            sub = Subscriber(side, digest, lang)
            sub.post(socket_message(live.wire[key]))
            subs.add(sub)
            return live, sub

    def unsubscribe(self, live: LiveGame, sub: Subscriber) -> None:
        live.subscribers.get(sub.side, set()).discard(sub)

    # --- acting -------------------------------------------------------------------------

    parse_action = staticmethod(parse_action)

    async def act(self, game_id: str, side: str, raw: JSON, version: int) -> bytes:
        """``side`` is the seat's name: its side's, or a team seat's (``axis_north``)."""
        async with self.locked(game_id) as live:
            action = parse_action(raw, live.side_of(side))
            check_version(live, version)
            wire = await self._change(live, action, side)
        self.ai.maybe_start(live)
        return wire[side]

    async def undo(self, game_id: str, side: str, version: int) -> bytes:
        async with self.locked(game_id) as live:
            check_version(live, version)
            if live.team is not None:
                raise unprocessable(
                    "nothing_to_undo",
                    _(
                        "in team play nothing is taken back: a take-back could undo a teammate's move"
                    ),
                )
            if not live.match.can_undo(side):
                raise unprocessable("nothing_to_undo", _("you have nothing to undo now"))
            wire = await self._change(live, None, side)
        return wire[side]

    async def _change(self, live: LiveGame, action: Action | None, side: str) -> dict[str, bytes]:
        """Apply an action (or undo ``side``'s last one), store it, publish the new views.

        The caller holds the game's lock. Illegal input raises before anything changes.
        Slow rules do it all in one worker thread; fast ones run on the event loop and
        only the database write goes to a thread."""
        sides = live.watched_sides() | ({side} if live.seats[side].kind != "ai" else set())
        agreements = dict(live.team.ready) if live.team is not None else None
        if live.team is not None and action is not None:
            action = as_listed(live, action)
            if not live.team_route(side, action):
                # 38.1: the seat agreed to end the phase; its teammate has not yet.
                wire = await self.workers.rules(live, encode, live, sides)
                live.publish(wire)
                await self._store_team_ready(live)
                return wire
        every = self.settings.snapshot_every
        before = set(live.to_move_row())
        if live.slow:

            def change_sync() -> dict[str, bytes]:
                self.store.commit(live, apply_change(live, action, side, every))
                return encode(live, sides)

            wire = await self.run(change_sync)
        else:
            start = time.perf_counter()
            change = apply_change(live, action, side, every)
            self.workers.note_time(live, start)
            await self.run(self.store.commit, live, change)
            wire = encode(live, sides)
        live.publish(wire)
        if live.team is not None and live.team.ready != agreements:
            await self._store_team_ready(live)  # an agreement withdrawn, or spent
        if action is not None:
            self._tell_new_movers(live, before, side)
        return wire

    async def _store_team_ready(self, live: LiveGame) -> None:
        """Team play: store the agreements to end a phase and who is to move now, so that
        a restart or another server process knows them too."""
        assert live.team is not None
        meta = await self.run(
            self.store.set_team_ready,
            live.id,
            live.version,
            live.to_move_row(),
            live.team.ready_json(),
        )
        live.meta_version = max(live.meta_version, meta)

    def _tell_new_movers(self, live: LiveGame, before: set[str], actor: str) -> None:
        """Webhooks of the person seats that have just become ones to act."""
        if live.match.is_over():
            return
        now = set(live.to_move_row())
        new = {
            s for s in now - before - {actor} if s in live.seats and live.seats[s].kind == "human"
        }
        if new:
            state = live.match.state
            self.webhooks.became_active(live.id, live.match.record.scenario, turn_of(state), new)

    async def _webhook_url(self, game_id: str, side: str) -> str | None:
        return await self.run(self.store.webhook_of, game_id, side)

    async def settle(self, game_id: str) -> None:
        """Wait until no AI seat of the game is moving (for tests and benchmarks)."""
        await self.ai.settle(self.live_games.get(game_id))

    # --- records, replays, opening ------------------------------------------------------

    async def agree_open(self, game_id: str, side: str, agree: bool, token: str) -> bytes:
        """Agree (or withdraw the agreement) to open the record before the game is over.

        The agreement is tied to the seat token that gave it: when the seat's token is
        replaced, it no longer counts. Withdrawing always works, and closes an opened
        record again (what was read while it was open cannot be taken back). Against the
        computer the record opens only at the end."""
        async with self.locked(game_id) as live:
            if agree and live.has_ai() and not live.match.is_over():
                raise conflict(
                    "not_against_the_computer",
                    _("a game against the computer opens its record only when it is over"),
                )
            stored = await self.run(self.store.store_open, live.id, side, agree, token_hash(token))
            live.open_sides = stored[0]
            live.meta_version = max(live.meta_version, stored[1])
            wire = await self.workers.rules(live, encode, live, live.watched_sides() | {side})
            live.publish(wire)
        return wire[side]

    async def record(self, game_id: str) -> dict[str, JSON]:
        async with self.locked(game_id) as live:
            if not live.record_readable():
                raise forbidden(
                    "record_closed",
                    _("the record opens when the game is over or when every seat agrees"),
                )
            return await self.run(full_record, live)

    async def replay(self, game_id: str, upto: int | None, side: str | None) -> dict[str, JSON]:
        async with self.locked(game_id) as live:
            if not live.record_readable():
                raise forbidden(
                    "record_closed",
                    _("replays open when the game is over or when every seat agrees"),
                )
            actions = list(live.match.record.actions)
        total = len(actions)
        upto = total if upto is None else upto
        if not 0 <= upto <= total:
            raise unprocessable("bad_upto", _("a replay stops after 0 to {n} actions", n=total))
        if side is not None and side not in live.game.sides:
            raise unprocessable(
                "unknown_side",
                _("the side must be one of {sides}", sides=", ".join(live.game.sides)),
            )
        return await self.run(replay_view, live, actions, upto, side, self.store.snapshot_before)

    # --- whose turn, webhooks ------------------------------------------------------------

    async def status(self, game_id: str, side: str) -> dict[str, JSON]:
        """Whose move it is, for a games list: read from the game's row, so a long game
        is not loaded for it. ``waiting_for`` names the sides to act other than the
        seat's own, each with its kind (a person or the computer)."""
        row = await self.run(self.store.status_of, game_id)
        to_move: list[str] = row["to_move"] if row["status"] != "over" else []
        seats: dict[str, Any] = row["seats"]
        return {
            "id": game_id,
            "game": row["game"],
            "scenario": row["scenario"],
            "side": side,
            "status": row["status"],
            "to_move": list(to_move),
            "your_turn": side in to_move,
            "waiting_for": [
                {"side": s, "kind": seats[s]["kind"], "agent": seats[s]["agent"]}
                for s in to_move
                if s != side and s in seats
            ],
            "result": row["result"],
            "version": row["version"],
            "seq": row["seq"],
            "updated": row["updated"].isoformat() if row["updated"] else None,
        }

    async def set_webhook(self, game_id: str, side: str, url: str | None) -> dict[str, JSON]:
        """Set (``None``: remove) the webhook of ``side``'s seat: only a person playing
        from elsewhere (``human``) has one."""
        live = await self.live(game_id)
        if live.seats[side].kind != "human":
            raise unprocessable(
                "bad_webhook",
                _(
                    "only a seat played from elsewhere takes a webhook (not one at the "
                    "creator's screen)"
                ),
            )
        if url is not None:
            url = check_url(url, self.settings.webhook_private_ok)
        await self.run(self.store.set_webhook, game_id, side, url)
        return {"id": game_id, "side": side, "url": url}

    async def webhook(self, game_id: str, side: str) -> dict[str, JSON]:
        return {"id": game_id, "side": side, "url": await self._webhook_url(game_id, side)}

    # --- export and import ----------------------------------------------------------------

    async def export(self, game_id: str, side: str) -> dict[str, JSON]:
        """The game as one file (``transfer.py``). The file holds the seed, so it shows
        every hidden block and every die to come: a game in progress is exported only
        when no one else could be cheated by it, that is when every seat agreed to open
        its record, or when no seat was given to another person (all the people's seats
        were the creator's own: alone against the computer, or at one screen). A game
        over exports for any seat."""
        invited = await self.run(self.store.invited_sides, game_id)
        async with self.locked(game_id) as live:
            if not live.match.is_over() and not live.is_open() and invited:
                raise forbidden(
                    "export_closed",
                    _(
                        "a game in progress between people in different places is exported "
                        "only once every seat agreed to open its record (the file shows "
                        "everything hidden): ask your opponent to agree, or wait for the end"
                    ),
                )
            return await self.run(export_game, live)

    async def import_game(
        self, data: Any, play_as: str | None, user_id: int | None
    ) -> dict[str, JSON]:
        """A new game from an exported file, checked and replayed first (400 otherwise,
        and nothing is stored). Seats as at creation: the importer receives the tokens
        of ``play_as`` (by default the first person's side) and of every ``hotseat``
        side, and an invite code for each other person's seat."""

        def build() -> tuple[LiveGame, dict[str, str], dict[str, str]]:
            imported = check_file(data, self.load_game)
            seats = imported.seats
            me = play_as
            if me is not None and (me not in seats or seats[me].kind == "ai"):
                raise unprocessable(
                    "bad_side",
                    _("the side you play must be one played by a person, not the computer"),
                )
            if me is None:
                me = next(s for s, seat in seats.items() if seat.kind != "ai")
            if user_id is not None:
                for s, seat in seats.items():
                    if s == me or seat.kind == "hotseat":
                        seat.user_id = user_id
            invited = {s for s, seat in seats.items() if seat.kind == "human"} - {me}
            tokens = {
                s: new_token()
                for s, seat in seats.items()
                if seat.kind != "ai" and s not in invited
            }
            invites = {s: new_token() for s in sorted(invited)}
            match = imported.match
            n = len(match.record.actions)
            live = LiveGame(
                new_game_id(),
                match.game,
                match,
                imported.seed,
                imported.seed_chosen,
                n,
                seats,
                imported.seed_secret,
            )
            live.spectate, live.spectate_delay = imported.spectate, imported.spectate_delay
            team = layout(match.game, match.record.options)
            if team:
                live.team = Team(team)
            snapshots = []
            if n and not any(match.can_undo(s) for s in match.game.sides):
                body = canonical_json(match.game.to_json(match.state))
                snapshots.append((n, body, match.hash()))
            live.snapshot_seq = n if snapshots else 0
            self.store.insert_imported(
                live,
                snapshots,
                {s: token_hash(t) for s, t in tokens.items()},
                {s: token_hash(c) for s, c in invites.items()},
            )
            live.token_hashes = {s: token_hash(t) for s, t in tokens.items()}
            live.token_hashes.update(dict.fromkeys(invites))
            live.thinking = live.ai_to_move()
            return live, tokens, invites

        live, tokens, invites = await self.run(build)
        self.live_games.add(live)
        self.ai.maybe_start(live)
        game_id = live.id
        links = {side: f"/#game={game_id}&token={token}" for side, token in tokens.items()}
        links.update({side: f"/#game={game_id}&invite={code}" for side, code in invites.items()})
        return {
            "id": game_id,
            "game": live.game.name,
            "scenario": live.match.record.scenario,
            "seq": len(live.match.record.actions),
            "status": "over" if live.match.is_over() else "active",
            "seats": dict(tokens),
            "invites": dict(invites),
            "kinds": {side: seat.kind for side, seat in live.seats.items()},
            "links": dict(sorted(links.items())),
            "version": live.version,
        }

    async def state_hash(self, game_id: str) -> str:
        """The hash of the live state (for tests and operators, never sent to a seat)."""
        async with self.locked(game_id) as live:
            return await self.run(live.match.hash)
