"""Server settings: limits and tunables, with defaults for a real deployment."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hexfront.engine.protocol import Game


@dataclass
class Settings:
    # Request bodies larger than this are refused with 413 before they are parsed.
    max_body_bytes: int = 64 * 1024
    # Token bucket per seat or session token (and per client address without a token).
    rate_per_second: float = 20.0
    rate_burst: int = 40
    # A snapshot of the full state is stored every this many actions (at the first point
    # with no undo pending) and at the end of the game.
    snapshot_every: int = 50
    # A game whose log is longer than this is loaded from its newest snapshot plus the
    # actions after it; a shorter one is replayed in full from its seed.
    replay_from_snapshot_after: int = 500
    # SQLite durability: FULL syncs the log to disk at every commit (an acknowledged action
    # survives a power cut); NORMAL survives a killed server but may lose the newest
    # actions to a power cut. PostgreSQL ignores it (configure the database instead).
    sqlite_synchronous: str = "FULL"
    # Live games kept in memory; idle ones beyond this are dropped and rebuilt on demand.
    cache_size: int = 512
    # Worker threads for the database and for slow rules.
    workers: int = 4
    # A game's rules run on the event loop until one call (apply, view, legal actions)
    # takes longer than this; from then on they run in worker threads.
    slow_rules_ms: float = 5.0
    # Password hashing (argon2id): memory in KiB and passes; tests lower them.
    argon2_memory_kib: int = 64 * 1024
    argon2_time_cost: int = 3
    # How long a login lasts.
    session_days: int = 30
    # Open WebSocket connections allowed per seat, and per client address (all seats).
    max_sockets_per_seat: int = 8
    # Open WebSocket connections of spectators, per game (all its spectator links).
    max_spectator_sockets: int = 64
    max_sockets_per_address: int = 64
    # Games one client address (and one account) may create per hour (0: no cap).
    games_per_address_per_hour: int = 60
    # Addresses of reverse proxies whose X-Forwarded-For header is believed: IP addresses
    # or networks ("10.0.0.0/8"). Default none: the peer's own address is the client's.
    trusted_proxies: list[str] = field(default_factory=list)
    # Threads that hash passwords, apart from the database's, so that a flood of logins
    # cannot hold up play; logins waiting beyond this many are refused with 429.
    hash_workers: int = 1
    max_waiting_hashes: int = 32
    # Wrong passwords allowed per account before each further one makes it wait, twice
    # as long each time (1 s, 2 s, 4 s ...) up to the cap; a right password starts afresh.
    login_free_failures: int = 5
    login_backoff_max_seconds: float = 300.0
    # Seconds the AI waits before each of its moves, so that a person can follow them.
    ai_delay: float = 0.0
    # Webhooks (``webhooks.py``): seconds to wait for the receiver; at most one message
    # per seat in this many seconds; whether loopback and private addresses may receive
    # them (off by default: a player could otherwise make the server call its neighbours).
    webhook_timeout: float = 5.0
    webhook_min_interval: float = 60.0
    webhook_private_ok: bool = False
    # The largest exported game file accepted by ``POST /api/games/import`` (a 49-turn
    # game's log is a few megabytes); every other request body keeps ``max_body_bytes``.
    max_import_bytes: int = 32 * 1024 * 1024
    # Games available besides the registry's (tests plug in small games here).
    extra_games: dict[str, Game[Any]] = field(default_factory=dict)
