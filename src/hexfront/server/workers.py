"""Where blocking work runs: the database always in worker threads, a game's rules on the
event loop while they are fast and in worker threads once one of their calls was slow
(fast rules cost less on the loop than a trip to a thread)."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from .live import LiveGame
from .settings import Settings

T = TypeVar("T")


class Workers:
    def __init__(self, settings: Settings) -> None:
        self.pool = ThreadPoolExecutor(settings.workers, thread_name_prefix="hexfront")
        self.settings = settings

    async def run(self, fn: Callable[..., T], *args: Any, finish: bool = True) -> T:
        """Run blocking work (database, slow rules) in a worker thread.

        With ``finish`` (the default) a cancelled caller still waits for the work to end
        before the cancellation goes on, so that the game's lock is never released while
        a thread is still changing the game.

        The work runs in a copy of the caller's context: a sentence it writes (an error's
        detail) is in the language of the request that asked for it."""
        loop = asyncio.get_running_loop()
        context = contextvars.copy_context()
        future = loop.run_in_executor(self.pool, functools.partial(context.run, fn, *args))
        if not finish:
            return await future
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            while not future.done():
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.wait({future})
            raise

    async def rules(self, live: LiveGame, fn: Callable[..., T], *args: Any) -> T:
        """Run rules work (apply, views, hashes) on the event loop while the game's rules
        are fast, in a worker thread once a call took longer than ``slow_rules_ms``."""
        if live.slow:
            return await self.run(fn, *args)
        start = time.perf_counter()
        try:
            return fn(*args)
        finally:
            self.note_time(live, start)

    def note_time(self, live: LiveGame, start: float) -> None:
        """Mark the game slow if the rules work begun at ``start`` took too long."""
        if time.perf_counter() - start > self.settings.slow_rules_ms / 1000:
            live.slow = True

    def shutdown(self) -> None:
        self.pool.shutdown(wait=True)
