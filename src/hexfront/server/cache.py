"""The live games this process holds in memory, and keeping them current.

* A game is loaded on a cache miss (rebuilt from seed and log by ``storage.py``; one load
  at a time per game) and evicted, least recently used first, once it is idle.
* :meth:`LiveCache.locked` hands out a game with its asyncio lock held: one lock per game
  orders everything that reads or changes it. A game found broken is rebuilt first.
* Changes stored by another server process (PostgreSQL) are caught up with by
  :meth:`LiveCache.freshen`: new actions are replayed and checked against the stored
  hash; anything else marks the game broken, to be rebuilt before its next use.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from hexfront.engine.errors import HexfrontError
from hexfront.engine.protocol import Action, Game
from hexfront.i18n import _

from .errors import ApiError, CorruptGame
from .live import LiveGame, encode
from .settings import Settings
from .storage import GameStore
from .workers import Workers


class LiveCache:
    def __init__(
        self,
        store: GameStore,
        workers: Workers,
        load_game: Callable[[str], Game[Any]],
        settings: Settings,
    ) -> None:
        self.store = store
        self.workers = workers
        self.load_game = load_game
        self.settings = settings
        self.games: OrderedDict[str, LiveGame] = OrderedDict()
        self._loading: dict[str, asyncio.Future[LiveGame]] = {}
        # Called with every game loaded into the cache (the service starts its AI there).
        self.on_loaded: Callable[[LiveGame], None] = lambda live: None

    def get(self, game_id: str) -> LiveGame | None:
        return self.games.get(game_id)

    def holds(self, live: LiveGame) -> bool:
        """Whether ``live`` is still the cache's game for its id (not evicted, not
        replaced by a rebuild)."""
        return self.games.get(live.id) is live

    def add(self, live: LiveGame) -> None:
        self.games[live.id] = live
        self._evict()

    async def live(self, game_id: str) -> LiveGame:
        """The live game, from the cache or rebuilt from its seed and action log."""
        cached = self.games.get(game_id)
        if cached is not None and not cached.broken:
            self.games.move_to_end(game_id)
            return cached
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[LiveGame] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            live = await self.workers.run(self.store.load, game_id, self.load_game)
            if cached is not None and cached.watched_sides():
                # Rebuilt after a change elsewhere: its sockets move over, get the new
                # views, and those opened with a replaced token are closed.
                live.subscribers = cached.subscribers
                cached.subscribers = {}
                live.revoke_replaced()
                async with live.lock:
                    live.publish(await self.workers.rules(live, encode, live))
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning without waiters
            raise
        finally:
            del self._loading[game_id]
        self.add(live)
        future.set_result(live)
        self.on_loaded(live)
        return live

    def _evict(self) -> None:
        excess = len(self.games) - self.settings.cache_size
        if excess <= 0:
            return
        for game_id in [gid for gid, live in self.games.items() if live.idle()][:excess]:
            del self.games[game_id]

    @asynccontextmanager
    async def locked(self, game_id: str) -> AsyncIterator[LiveGame]:
        """The live game with its lock held; a game found broken is rebuilt first."""
        for _attempt in range(3):
            live = await self.live(game_id)
            async with live.lock:
                if live.broken:
                    continue
                yield live
                return
        raise ApiError(503, "unavailable", _("the game could not be loaded; try again"))

    # --- other processes' changes ---------------------------------------------------------

    async def freshen(self, game_id: str, version: int | None, meta: int | None) -> None:
        """Bring the live game (if this process holds it) up to the database's
        ``version`` and ``meta_version`` (``None``: whatever the database holds now),
        and push the new views to its sockets."""
        live = self.games.get(game_id)
        if live is None or live.broken or not _behind(live, version, meta):
            return
        async with live.lock:
            if live.broken or not _behind(live, version, meta):
                return
            await self._sync(live)
        if live.broken and live.watched_sides():
            await self.live(game_id)  # rebuilt now, so that its sockets hear of it

    async def _sync(self, live: LiveGame) -> None:
        """Catch up with changes stored by another process (the caller holds the lock).

        New actions only (no undo among them): they are replayed on the live match and
        the result checked against the stored hash. Anything else (an undo, a mismatch)
        marks the game broken, and it is rebuilt from the database before its next use."""
        n = len(live.match.record.actions)
        found = await self.workers.run(self.store.changes_since, live.id, n)
        if found is None:
            live.mark_broken()
            return
        version, meta, count, digest, snap, actions, agreed, hashes, team_ready = found
        if version != live.version:
            if version - live.version != count - n or count < n or len(actions) != count - n:
                live.mark_broken()  # an undo happened: rebuild
                return

            def catch_up() -> str:
                for raw in actions:
                    live.match.act(Action.from_json(raw))
                return live.match.hash()

            try:
                caught = await self.workers.rules(live, catch_up)
            except HexfrontError:
                caught = ""
            live.legal_at = -1
            if caught != digest:
                live.mark_broken()
                return
            live.version = version
            live.snapshot_seq = max(live.snapshot_seq, snap)
            live.thinking = live.ai_to_move()
        live.meta_version = max(live.meta_version, meta)
        live.open_sides = agreed
        live.token_hashes = hashes
        if live.team is not None:
            live.team.read_ready(team_ready)
        live.revoke_replaced()
        live.wire = {}
        live.publish(await self.workers.rules(live, encode, live))

    async def on_notice(self, payload: str) -> None:
        """A PostgreSQL notification ``"<game id> <version> <meta_version>"`` from a
        process that changed a game (this one's own are ignored by their versions)."""
        game_id, _space, rest = payload.partition(" ")
        try:
            version, meta = (int(x) for x in rest.split())
        except ValueError:
            return
        live = self.games.get(game_id)
        # Only a game someone watches here needs the change now, to push it to the
        # sockets: every request checks the database's versions first (seat lookup), so
        # a game nobody watches catches up when next asked, not at every move elsewhere.
        if live is not None and live.watched_sides():
            await self.freshen(game_id, version, meta)

    async def freshen_all(self) -> None:
        """Check every game held here against the database (after notifications may
        have been missed: the listening connection was lost)."""
        for game_id in list(self.games):
            with contextlib.suppress(ApiError, CorruptGame):
                await self.freshen(game_id, None, None)


def _behind(live: LiveGame, version: int | None, meta: int | None) -> bool:
    if version is None or meta is None:
        return True
    return version > live.version or meta > live.meta_version
