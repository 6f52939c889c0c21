"""AI seats: a background task per game moves its AI sides while it is their turn.

The agent receives only its side's view and legal actions, exactly what a person in its
seat would; its actions are checked and committed like a person's (through the change
function the service gives). It thinks without holding the game's lock, so the other
seats' views stay readable meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action

from .errors import ApiError
from .live import LiveGame, encode
from .settings import Settings
from .workers import Workers

log = logging.getLogger("hexfront.server")

Change = Callable[[LiveGame, Action, str], Awaitable[Any]]


class AiRunner:
    def __init__(
        self,
        workers: Workers,
        change: Change,
        holds: Callable[[LiveGame], bool],
        tasks: set[asyncio.Task[None]],
        settings: Settings,
    ) -> None:
        self.workers = workers
        self.change = change  # apply, store and publish one action (lock held)
        self.holds = holds  # whether the cache still holds this live game
        self.tasks = tasks  # the service's background tasks (cancelled at close)
        self.settings = settings

    def maybe_start(self, live: LiveGame) -> None:
        """Start the game's AI task if an AI side is to move and none runs yet."""
        if live.thinking is None or live.ai_error is not None or live.ai_task is not None:
            return
        task = asyncio.get_running_loop().create_task(self._loop(live))
        live.ai_task = task
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _loop(self, live: LiveGame) -> None:
        """Let AI seats move while it is their turn: one committed action at a time."""
        try:
            while True:
                async with live.lock:
                    if live.broken or not self.holds(live):
                        return
                    side = live.ai_to_move()
                    live.thinking = side
                    if side is None:
                        return
                    version = live.version

                    def look(s: str = side) -> tuple[dict[str, JSON], Sequence[Action]]:
                        # A team seat (38.1) is offered its own commander's actions only.
                        return live.match.view(live.side_of(s)), list(live.seat_legal(s))

                    view, legal = await self.workers.rules(live, look)
                if self.settings.ai_delay:
                    await asyncio.sleep(self.settings.ai_delay)
                action = await self.workers.run(live.agent(side).choose, view, legal, finish=False)
                async with live.lock:
                    if live.broken or live.version != version:
                        continue
                    if action.side != live.side_of(side):
                        raise RuntimeError(f"agent for {side} chose an action for {action.side}")
                    await self.change(live, action, side)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if isinstance(exc, ApiError) and exc.status == 409:
                # Another server process changed the game first: it is rebuilt from the
                # database at its next use, and the AI starts again there if to move.
                return
            # The detail may name the AI's own hidden blocks: it goes to the log only.
            log.exception("AI seat failed in game %s", live.id)
            live.ai_error = "the AI could not move; see the server log"
            live.thinking = None
            async with live.lock:
                live.publish(await self.workers.rules(live, encode, live))
        finally:
            live.ai_task = None

    @staticmethod
    async def settle(live: LiveGame | None) -> None:
        """Wait until no AI seat of the game is moving (for tests and benchmarks)."""
        while live is not None and live.ai_task is not None:
            await asyncio.shield(live.ai_task)
