"""Load test: concurrent games on two server processes sharing one PostgreSQL, one
process killed with SIGKILL in the middle and restarted; no acknowledged action lost.

Starts a throwaway PostgreSQL cluster (``initdb`` + ``pg_ctl`` in a temporary directory,
on a free port, default settings: ``fsync`` and ``synchronous_commit`` on), then
``--processes`` ``hexfront serve`` processes on it, each on its own port. It creates
``--games`` hotseat games of BITE SBE1 (one client holds both seats, the server draws the
seed) and plays them concurrently with random legal actions: a game's requests go to its
home process (games alternate between the processes), and a fraction ``--cross`` of them
to another process, so both serve every game and each catches up with the other's moves.

Every action the server acknowledges (HTTP 200 with the new version) is recorded. Once
``--kill-after`` actions are acknowledged, process 1 is killed with SIGKILL; its clients
get connection errors, fail over to another process (re-fetching the view), and retry
their home every ``RETRY_HOME`` seconds. After ``--down`` seconds process 1 is restarted
on the same port and its games come back to it. When every game is over (or has
``--actions-per-game`` actions), each game's record is fetched from the server (opened by
both seats' agreement if the game is not over) and checked: every acknowledged action is
in it at the sequence number it was acknowledged with, and the record replays (the code
``hexfront replay --verify`` runs: dice against their commitment, then the final hash) to
the hash it carries, which must also be the one stored in the database.

Optionally (``--watchers``) WebSockets opened on process 2 follow games homed on process
1: the time from a move's acknowledgement through process 1 to its view arriving on the
socket held by process 2 (PostgreSQL LISTEN/NOTIFY) is measured.

Adds the section ``load_two_processes`` to ``bench/results/server.json`` (the other keys
are kept) and prints a table. Run: ``.venv/bin/python bench/server_load.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import pwd
import random
import shutil
import signal
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

RESULTS = Path(__file__).parent / "results"
GAME, SCENARIO = "bite", "SBE1"
RETRY_HOME = 0.5  # seconds a client waits before trying a process that failed it again
PHASES = ("before", "during", "after")
SIDES = ("axis", "soviet")


# --- helpers (as in bench/server.py) --------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(samples: list[float]) -> dict[str, float]:
    """Count and p50/p95/p99/max/mean in milliseconds of durations in seconds."""
    if not samples:
        return {"count": 0}
    return {
        "count": len(samples),
        "p50_ms": percentile(samples, 0.50) * 1e3,
        "p95_ms": percentile(samples, 0.95) * 1e3,
        "p99_ms": percentile(samples, 0.99) * 1e3,
        "max_ms": max(samples) * 1e3,
        "mean_ms": statistics.fmean(samples) * 1e3,
    }


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu(pid: int) -> float:
    """CPU seconds of a process, of its children that it waited for (exited), and of its
    live children: for the PostgreSQL postmaster, the whole cluster (Linux; 0 elsewhere)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if stat.parent.name == str(pid):
            total += sum(int(v) for v in fields[11:15]) / tick
        elif fields[1] == str(pid):
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def machine_busy() -> float:
    """CPU seconds all processes of the machine spent busy so far (Linux; 0 elsewhere)."""
    try:
        ticks = [int(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    except OSError:
        return 0.0
    idle = ticks[3] + ticks[4]  # idle, iowait
    return (sum(ticks[:8]) - idle) / os.sysconf("SC_CLK_TCK")


# --- a throwaway PostgreSQL -----------------------------------------------------------------


def postgres_bin() -> Path:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: p.parent.name)
    if not versions:
        raise SystemExit("PostgreSQL is not installed (no pg_ctl)")
    return versions[-1]


@contextlib.contextmanager
def postgres_cluster() -> Iterator[tuple[str, int]]:
    """A fresh cluster in a temporary directory on a free port; yields its SQLAlchemy URL
    and its postmaster's pid. As root, the cluster runs as the ``postgres`` user (initdb
    refuses root)."""
    import psycopg

    bin_dir = postgres_bin()
    tmp = Path(tempfile.mkdtemp(prefix="hexfront-load-pg-"))
    user: str | None = None
    if os.geteuid() == 0:
        user = "postgres"
        pw = pwd.getpwnam(user)
        os.chown(tmp, pw.pw_uid, pw.pw_gid)
    port = free_port()
    data, log = tmp / "data", tmp / "postgres.log"

    def run(*cmd: str) -> None:
        done = subprocess.run(cmd, user=user, capture_output=True, text=True, check=False)
        if done.returncode:
            raise SystemExit(f"{cmd[0]} failed:\n{done.stdout}{done.stderr}")

    try:
        run(str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "-N")
        options = f"-p {port} -k {tmp} -c listen_addresses=127.0.0.1 -c max_connections=200"
        run(str(bin_dir / "pg_ctl"), "-D", str(data), "-w", "-l", str(log), "-o", options, "start")
        try:
            admin = f"host=127.0.0.1 port={port} user=postgres dbname=postgres"
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute("CREATE DATABASE hexfront_load")
            pid = int((data / "postmaster.pid").read_text().split()[0])
            yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/hexfront_load", pid
        finally:
            run(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast", "stop")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# --- server processes -----------------------------------------------------------------------


class ServerProcess:
    """``hexfront serve`` on one port, on the shared database; restartable on that port."""

    def __init__(self, db_url: str, work: Path, index: int) -> None:
        self.db_url = db_url
        self.index = index
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.data = work / f"data-{index}"
        self.log_path = work / f"server-{index}.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.cpu_before = 0.0  # CPU seconds of the killed incarnations

    def cpu(self) -> float:
        """CPU seconds of every incarnation so far."""
        alive = self.proc is not None and self.proc.poll() is None
        return self.cpu_before + (cpu_seconds(self.proc.pid) if self.proc and alive else 0.0)

    def spawn(self) -> None:
        cmd = [sys.executable, "-m", "hexfront.cli.main", "serve", "--port", str(self.port)]
        cmd += ["--db", self.db_url, "--data-dir", str(self.data)]
        cmd += ["--rate", "0", "--no-access-log"]
        with self.log_path.open("ab") as log:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)

    async def healthy(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        async with httpx.AsyncClient(timeout=1) as http:
            while time.monotonic() < deadline:
                if self.proc is not None and self.proc.poll() is not None:
                    raise RuntimeError(f"server {self.index} exited:\n{self.log()}")
                with contextlib.suppress(httpx.TransportError):
                    if (await http.get(self.url + "/api/health")).is_success:
                        return
                await asyncio.sleep(0.02)
        raise RuntimeError(f"server {self.index} did not start:\n{self.log()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, open connections are reset."""
        if self.proc is not None and self.proc.poll() is None:
            self.cpu_before += cpu_seconds(self.proc.pid)
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


# --- the load -------------------------------------------------------------------------------


@dataclass
class Ack:
    seq: int
    version: int
    action: dict[str, Any]
    start: float  # perf_counter when the request was sent
    end: float  # ... and when its 200 arrived
    process: int


@dataclass
class Timeline:
    """When process 1 was killed, restarted, and answered again (perf_counter; inf: not
    yet), and the first action acknowledged through it after that."""

    kill: float = float("inf")
    restart: float = float("inf")
    healthy: float = float("inf")
    first_ack_after: float = float("inf")

    def phase(self, t: float) -> str:
        return "before" if t < self.kill else "during" if t < self.healthy else "after"


@dataclass
class Stats:
    acks: int = 0
    games_done: int = 0
    transport_errors: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PHASES, 0))
    statuses: dict[str, int] = field(default_factory=dict)  # non-200 answers to actions
    error_kinds: dict[str, int] = field(default_factory=dict)  # "phase process error"
    view_times: list[float] = field(default_factory=list)
    failover_gaps: list[float] = field(default_factory=list)


class LoadGame:
    """One hotseat game: one client per server process, both seats' tokens."""

    def __init__(
        self,
        index: int,
        servers: list[ServerProcess],
        timeline: Timeline,
        stats: Stats,
        cross: float,
        cap: int,
    ) -> None:
        self.index = index
        self.servers = servers
        self.home = index % len(servers)
        self.timeline = timeline
        self.stats = stats
        self.cross = cross
        self.cap = cap
        self.rng = random.Random(index)
        self.tls = ssl.create_default_context()
        self.clients = [
            httpx.AsyncClient(base_url=s.url, timeout=30, verify=self.tls) for s in servers
        ]
        self.failed_at = [-float("inf")] * len(servers)
        self.id = ""
        self.tokens: dict[str, str] = {}
        self.acks: list[Ack] = []
        self.over = False
        self.outage_since: float | None = None  # the first error of the current outage

    async def close(self) -> None:
        await asyncio.gather(*(c.aclose() for c in self.clients))

    def auth(self, side: str) -> dict[str, str]:
        return {"authorization": f"Bearer {self.tokens[side]}"}

    def pick(self) -> int:
        """The home process, sometimes another one; one that failed recently is avoided."""
        now = time.perf_counter()
        order = list(range(len(self.servers)))
        order.remove(self.home)
        self.rng.shuffle(order)
        if self.rng.random() >= self.cross:
            order.insert(0, self.home)
        else:
            order.insert(1, self.home)
        for p in order:
            if now - self.failed_at[p] >= RETRY_HOME:
                return p
        return min(order, key=lambda p: self.failed_at[p])

    async def create(self) -> None:
        body = {"game": GAME, "scenario": SCENARIO, "opponents": dict.fromkeys(SIDES, "hotseat")}
        res = await self.clients[self.home].post("/api/games", json=body)
        if res.status_code != 201:
            raise RuntimeError(f"create: {res.status_code} {res.text[:300]}")
        self.id, self.tokens = res.json()["id"], res.json()["seats"]

    async def view(self, p: int, side: str) -> dict[str, Any]:
        start = time.perf_counter()
        res = await self.clients[p].get(f"/api/games/{self.id}/view", headers=self.auth(side))
        self.stats.view_times.append(time.perf_counter() - start)
        if res.status_code != 200:
            raise Retry(f"view {res.status_code}")
        return dict(res.json())

    async def play(self) -> None:
        side = next(iter(self.tokens))
        current: dict[str, Any] | None = None  # a view known to be up to date
        while True:
            p = self.pick()
            try:
                if current is None or not current["your_turn"]:
                    current = await self.view(p, side)
                    if not current["your_turn"] and current["status"] != "over":
                        side = next(s for s in current["to_move"] if s in self.tokens)
                        current = await self.view(p, side)
                if current["status"] == "over" or len(self.acks) >= self.cap:
                    self.over = current["status"] == "over"
                    return
                action = self.rng.choice(current["legal_actions"])
                start = time.perf_counter()
                res = await self.clients[p].post(
                    f"/api/games/{self.id}/actions",
                    json={"action": action, "version": current["version"]},
                    headers=self.auth(side),
                )
                end = time.perf_counter()
            except (httpx.TransportError, Retry) as exc:
                now = time.perf_counter()
                if isinstance(exc, httpx.TransportError):
                    phase = self.timeline.phase(now)
                    self.stats.transport_errors[phase] += 1
                    kind = f"{phase}, process {p}: {type(exc).__name__}"
                    self.stats.error_kinds[kind] = self.stats.error_kinds.get(kind, 0) + 1
                    self.failed_at[p] = now
                    if self.outage_since is None:
                        self.outage_since = now
                else:
                    self.stats.statuses[str(exc)] = self.stats.statuses.get(str(exc), 0) + 1
                current = None
                await asyncio.sleep(0.01)
                continue
            if res.status_code != 200:
                key = f"action {res.status_code} {res.json().get('error', '')}"
                self.stats.statuses[key] = self.stats.statuses.get(key, 0) + 1
                current = None  # 409 stale version and the like: fetch the view again
                continue
            body = res.json()
            self.acks.append(
                Ack(body["seq"], body["version"], {"side": side, **action}, start, end, p)
            )
            self.stats.acks += 1
            if p == 1 and start >= self.timeline.healthy:
                self.timeline.first_ack_after = min(self.timeline.first_ack_after, end)
            if self.outage_since is not None:
                self.stats.failover_gaps.append(end - self.outage_since)
                self.outage_since = None
            current = body


class Retry(Exception):
    """A non-200 answer to a view: fetch again (from another process if need be)."""


@dataclass
class Watcher:
    """A WebSocket on one process following one game; when each version arrived."""

    game: LoadGame
    process: int
    seen: dict[int, float] = field(default_factory=dict)
    reconnects: int = 0


async def watch(w: Watcher, server: ServerProcess, stop: asyncio.Event) -> None:
    from websockets.asyncio.client import connect

    url = server.url.replace("http://", "ws://")
    url += f"/api/games/{w.game.id}/ws?token={next(iter(w.game.tokens.values()))}"
    while not stop.is_set():
        try:
            async with connect(url, max_size=None, open_timeout=10) as ws:
                while not stop.is_set():
                    try:
                        text = await asyncio.wait_for(ws.recv(), 0.5)
                    except TimeoutError:
                        continue
                    message = json.loads(text)
                    if message.get("type") == "view":
                        w.seen.setdefault(int(message["version"]), time.perf_counter())
        except Exception:  # the process died, or the socket was closed: open it again
            if stop.is_set():
                return
            w.reconnects += 1
            await asyncio.sleep(0.2)


# --- checking the records -------------------------------------------------------------------


def check_record(body: dict[str, Any], acks: list[Ack], work: Path, game_id: str) -> dict[str, Any]:
    """The record against the acknowledged actions, then replayed exactly as ``hexfront
    replay --verify`` does (reading the same file format)."""
    from hexfront.engine.protocol import Action
    from hexfront.engine.records import replay, state_hash
    from hexfront.games import registry
    from hexfront.server import dice as server_dice

    path = work / "records" / f"{game_id}.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(body))
    rec, dice = server_dice.read_record(path)
    lost = out_of_order = 0
    last = 0
    for ack in acks:
        if ack.seq <= last:
            out_of_order += 1
        last = ack.seq
        if not (
            0 < ack.seq <= len(rec.actions)
            and rec.actions[ack.seq - 1] == Action.from_json(ack.action)
        ):
            lost += 1
    dice_ok = True
    if dice is None:
        dice_ok = False
    else:
        try:
            server_dice.check(rec, dice)
        except server_dice.DiceError:
            dice_ok = False
    game = registry.load_game(rec.game)
    rebuilt = state_hash(game, replay(game, rec))
    return {
        "actions": len(rec.actions),
        "lost": lost,
        "out_of_order": out_of_order,
        "replay_ok": rec.final_hash is not None and rebuilt == rec.final_hash,
        "dice_ok": dice_ok,
        "hash": rec.final_hash,
    }


def database_hashes(db_url: str, ids: list[str]) -> dict[str, tuple[int, str]]:
    """Actions count and state hash of each game as stored (what the operator sees)."""
    from sqlalchemy import select

    from hexfront.server.db import Database, GameRow

    db = Database(db_url)
    try:
        with db.read() as s:
            rows = s.scalars(select(GameRow).where(GameRow.id.in_(ids)))
            return {r.id: (r.actions_count, r.state_hash) for r in rows}
    finally:
        db.dispose()


async def fetch_record(g: LoadGame) -> dict[str, Any]:
    """The record (opened by both seats' agreement if the game is not over), asked of the
    process the game did not start on."""
    http = g.clients[(g.home + 1) % len(g.clients)]
    if not g.over:
        for side in g.tokens:
            res = await http.post(f"/api/games/{g.id}/open", headers=g.auth(side))
            if res.status_code != 200:
                raise RuntimeError(f"open: {res.status_code} {res.text[:300]}")
    res = await http.get(f"/api/games/{g.id}/record", headers=g.auth(next(iter(g.tokens))))
    if res.status_code != 200:
        raise RuntimeError(f"record: {res.status_code} {res.text[:300]}")
    return dict(res.json())


# --- the whole run --------------------------------------------------------------------------


@dataclass
class Config:
    games: int = 50
    processes: int = 2
    cross: float = 0.2
    actions_per_game: int = 0  # 0: play every game to its end
    kill_after: int = 1500  # acknowledged actions before process 1 is killed
    down: float = 5.0  # seconds process 1 stays dead
    watchers: int = 10
    kill: bool = True


async def run_load(
    db_url: str,
    work: Path,
    config: Config,
    progress: Callable[[Stats, Timeline, int], None] | None = None,
    postgres_pid: int | None = None,
) -> dict[str, Any]:
    """Start the processes, play the games, kill and restart process 1, check every
    record; the figures (see the module's docstring)."""
    if config.processes < 2:
        raise ValueError("the load test needs two processes or more")
    cap = config.actions_per_game or 10**9
    servers = [ServerProcess(db_url, work, i) for i in range(config.processes)]
    timeline, stats = Timeline(), Stats()
    games: list[LoadGame] = []
    watchers: list[Watcher] = []
    stop_watching = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []
    startup: list[float] = []
    try:
        for s in servers:
            start = time.perf_counter()
            s.spawn()
            await s.healthy()
            startup.append(time.perf_counter() - start)
        games = [
            LoadGame(i, servers, timeline, stats, config.cross, cap) for i in range(config.games)
        ]
        await asyncio.gather(*(g.create() for g in games))
        # Sockets on process 2 following games whose home is process 1 (the one killed).
        followed = [g for g in games if g.home == 1][: config.watchers]
        watchers = [Watcher(g, 0) for g in followed]
        tasks = [asyncio.create_task(watch(w, servers[0], stop_watching)) for w in watchers]
        await asyncio.sleep(0.5 if watchers else 0)  # the sockets are open

        async def finish(g: LoadGame) -> None:
            await g.play()
            stats.games_done += 1

        async def chaos() -> None:
            while stats.acks < config.kill_after and stats.games_done < len(games):
                await asyncio.sleep(0.01)
            if stats.games_done == len(games) or not config.kill:
                return
            timeline.kill = time.perf_counter()
            await asyncio.to_thread(servers[1].kill)
            await asyncio.sleep(config.down)
            timeline.restart = time.perf_counter()
            servers[1].spawn()
            await servers[1].healthy()
            timeline.healthy = time.perf_counter()

        async def report_progress() -> None:
            while progress is not None:
                progress(stats, timeline, len(games))
                await asyncio.sleep(0.25)

        reporter = asyncio.create_task(report_progress())

        def cpu_now() -> tuple[float, float, float, float]:
            pg = tree_cpu(postgres_pid) if postgres_pid else 0.0
            return sum(s.cpu() for s in servers), time.process_time(), pg, machine_busy()

        cpu_start = cpu_now()
        started = time.perf_counter()
        await asyncio.gather(chaos(), *(finish(g) for g in games))
        wall = time.perf_counter() - started
        used = [b - a for a, b in zip(cpu_start, cpu_now(), strict=True)]
        cpu = {
            "servers_s": used[0],
            "client_s": used[1],
            "postgres_s": used[2] if postgres_pid else None,
            # Other processes on the machine (PostgreSQL too when it is not ours).
            "other_s": used[3] - used[0] - used[1] - used[2],
            "machine_capacity_s": wall * (os.cpu_count() or 1),
        }
        reporter.cancel()
        if progress is not None:
            progress(stats, timeline, len(games))
        # Every socket sees the final version of its game.
        deadline = time.perf_counter() + 10
        while time.perf_counter() < deadline and any(
            w.game.acks and w.game.acks[-1].version not in w.seen for w in watchers
        ):
            await asyncio.sleep(0.05)
        stop_watching.set()
        await asyncio.gather(*tasks, return_exceptions=True)

        # The records, from the server, against the acknowledgements and the database.
        bodies = await asyncio.gather(*(fetch_record(g) for g in games))
        stored = database_hashes(db_url, [g.id for g in games])
        checks = []
        for g, body in zip(games, bodies, strict=True):
            c = await asyncio.to_thread(check_record, body, g.acks, work, g.id)
            c["database_agrees"] = stored.get(g.id) == (c["actions"], c["hash"])
            checks.append(c)
    finally:
        stop_watching.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*(g.close() for g in games))
        for s in servers:
            s.stop()
    logs = [s.log() for s in servers]
    fig = figures(config, games, checks, stats, timeline, watchers, wall, startup, logs)
    acked = max(1, fig["acknowledged_actions"])
    fig["cpu"] = {**cpu, "servers_ms_per_action": cpu["servers_s"] / acked * 1e3}
    return fig


def figures(
    config: Config,
    games: list[LoadGame],
    checks: list[dict[str, Any]],
    stats: Stats,
    timeline: Timeline,
    watchers: list[Watcher],
    wall: float,
    startup: list[float],
    logs: list[str],
) -> dict[str, Any]:
    acks = [a for g in games for a in g.acks]
    by_phase = {
        ph: [a.end - a.start for a in acks if timeline.phase(a.start) == ph] for ph in PHASES
    }
    end = max((a.end for a in acks), default=timeline.kill)
    start = min((a.start for a in acks), default=0.0)
    spans = {
        "before": timeline.kill - start,
        "during": timeline.healthy - timeline.kill,
        "after": end - timeline.healthy,
    }
    latency: dict[str, Any] = {ph: summary(by_phase[ph]) for ph in PHASES}
    latency["all"] = summary([a.end - a.start for a in acks])
    throughput: dict[str, float] = {"all": len(acks) / max(1e-9, end - start)}
    for ph in PHASES:
        if 0 < spans[ph] < float("inf"):
            throughput[ph] = len(by_phase[ph]) / spans[ph]
    # Cross-process delivery: a move acknowledged through another process than the
    # socket's, to its view on the socket (a slow socket skips to the newest view).
    delivery: list[float] = []
    crossed = 0
    for w in watchers:
        for a in w.game.acks:
            if a.process != w.process:
                crossed += 1
                if a.version in w.seen:
                    delivery.append(max(0.0, w.seen[a.version] - a.end))
    killed = timeline.kill < float("inf")
    restarted = timeline.healthy < float("inf")
    return {
        "meta": {
            "when": datetime.now(UTC).isoformat(timespec="seconds"),
            "python": sys.version.split()[0],
            "machine": platform.machine(),
            "cpus": os.cpu_count(),
            "game": f"{GAME} {SCENARIO}, hotseat (one client holds both seats), random legal "
            "actions, seed drawn by the server",
            "games": config.games,
            "processes": config.processes,
            "database": "PostgreSQL (throwaway cluster, default settings: fsync on)",
            "cross_fraction": config.cross,
            "actions_per_game": config.actions_per_game or "to the end",
            "kill_after_acks": config.kill_after,
            "down_s": config.down,
            "client": "httpx.AsyncClient per game and process, one asyncio process, same machine",
        },
        "games_over": sum(g.over for g in games),
        "acknowledged_actions": len(acks),
        "actions_in_records": sum(c["actions"] for c in checks),
        "applied_unacknowledged": sum(c["actions"] for c in checks) - len(acks),
        "lost": sum(c["lost"] for c in checks),
        "out_of_order": sum(c["out_of_order"] for c in checks),
        "replay_mismatches": sum(not c["replay_ok"] for c in checks),
        "dice_failures": sum(not c["dice_ok"] for c in checks),
        "database_disagreements": sum(not c["database_agrees"] for c in checks),
        "wall_s": wall,
        "actions_per_s": throughput,
        "action_latency": latency,
        "view_latency": summary(stats.view_times),
        "kill": {
            "killed": killed,
            "acks_before_kill": len(by_phase["before"]),
            "startup_s": startup,
            "restart_to_healthy_s": timeline.healthy - timeline.restart if restarted else None,
            "restart_to_first_ack_s": (
                timeline.first_ack_after - timeline.restart
                if timeline.first_ack_after < float("inf")
                else None
            ),
            "transport_errors": stats.transport_errors,
            "transport_error_kinds": stats.error_kinds,
            "client_failover_gap": summary(stats.failover_gaps),
        },
        "other_answers": stats.statuses,
        "websocket_cross_process": {
            "sockets": len(watchers),
            "reconnects": sum(w.reconnects for w in watchers),
            "moves_made_elsewhere": crossed,
            "views_seen": len(delivery),
            "final_version_seen": sum(
                1 for w in watchers if not w.game.acks or w.game.acks[-1].version in w.seen
            ),
            "delivery": summary(delivery),
            "missed_final": [
                {
                    "game": w.game.id,
                    "final_version": w.game.acks[-1].version,
                    "newest_seen": max(w.seen, default=None),
                    "final_move_through_process": w.game.acks[-1].process,
                }
                for w in watchers
                if w.game.acks and w.game.acks[-1].version not in w.seen
            ],
        },
        "tracebacks_in_logs": sum(log.count("Traceback") for log in logs),
        "log_errors": [e for log in logs for e in log_errors(log)][:10],
    }


def log_errors(log: str) -> list[str]:
    """The exception line ending each traceback in a server's log, with the line before."""
    found: list[str] = []
    lines = log.splitlines()
    inside = False
    for i, line in enumerate(lines):
        if line.startswith("Traceback"):
            inside = True
        elif inside and line and not line.startswith((" ", "Traceback", "During", "The above")):
            found.append(f"{lines[i - 1].strip()} -> {line.strip()}")
            inside = False
    return found


def table(fig: dict[str, Any]) -> Table:
    k = fig["kill"]
    title = (
        f"Load: {fig['meta']['games']} {GAME} {SCENARIO} games on {fig['meta']['processes']} "
        f"processes, one PostgreSQL; process 1 SIGKILLed and restarted"
    )
    t = Table(title=title)
    for col in ("actions", "count", "p50 (ms)", "p95 (ms)", "p99 (ms)", "max (ms)", "per s"):
        t.add_column(col)
    for ph in (*PHASES, "all"):
        r = fig["action_latency"][ph]
        if not r["count"]:
            continue
        rate = fig["actions_per_s"].get(ph)
        t.add_row(
            f"{ph} the kill" if ph != "all" else "all",
            str(r["count"]),
            *(f"{r[q]:.1f}" for q in ("p50_ms", "p95_ms", "p99_ms", "max_ms")),
            f"{rate:.0f}" if rate is not None else "",
        )
    d = fig["websocket_cross_process"]["delivery"]
    if d["count"]:
        t.add_row(
            "socket on another process",
            str(d["count"]),
            *(f"{d[q]:.1f}" for q in ("p50_ms", "p95_ms", "p99_ms", "max_ms")),
            "",
        )
    t.caption = (
        f"acknowledged {fig['acknowledged_actions']}, lost {fig['lost']}, out of order "
        f"{fig['out_of_order']}, replay mismatches {fig['replay_mismatches']}, dice failures "
        f"{fig['dice_failures']}; applied but unacknowledged {fig['applied_unacknowledged']}; "
        f"restart: healthy after {fmt(k['restart_to_healthy_s'])} s, first action after "
        f"{fmt(k['restart_to_first_ack_s'])} s; client failover gap p50 "
        f"{k['client_failover_gap'].get('p50_ms', 0):.0f} ms, max "
        f"{k['client_failover_gap'].get('max_ms', 0):.0f} ms"
    )
    c = fig.get("cpu")
    if c:
        t.caption += (
            f"; CPU seconds: servers {c['servers_s']:.0f} ({c['servers_ms_per_action']:.1f} ms "
            f"per action), client {c['client_s']:.0f}, PostgreSQL {fmt(c['postgres_s'], 0)}, "
            f"other processes {c['other_s']:.0f}, of {c['machine_capacity_s']:.0f} available"
        )
    return t


def fmt(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


# --- a long game resumed from its newest snapshot (issue 15) -----------------------------
#
# ``--long-game`` measures something else than the load test above: how long the server
# takes to bring back a 49-turn game (SBE9, "Codeword Dortmund") of more than 20,000
# actions from the database, from its newest snapshot plus the actions after it, against
# the full replay from the seed. SBE9 is not playable through the product yet
# (``world._NOT_YET_PLAYABLE``); this benchmark lifts that guard in its own process only.


def lift_long_scenario_guard() -> None:
    """Let SBE9 be set up in this process (the product still refuses it)."""
    from hexfront.games.bite import catalog, world

    world._NOT_YET_PLAYABLE = frozenset()  # type: ignore[misc]
    catalog.PLAYABLE = catalog.PLAYABLE | {"SBE9"}  # type: ignore[misc]
    catalog.scenarios.cache_clear()


DEPLOY_VERBS = frozenset({"pick", "deploy", "cancel", "reset", "done"})


class LingeringDeployer:
    """Random play, except that the deployment by hand (option ``deployment=by_hand``)
    goes on until the log holds ``deploy_actions`` actions: ``done`` and ``reset`` are
    left out of the choices before that. Random SBE9 games last about 12,000 actions
    (14,300 with a random deployment by hand), every one of the 49 turns played; the long
    deployment makes the log longer than 20,000 without changing what a turn is."""

    name = "random-lingering-deployer"

    def __init__(self, seed: int, deploy_actions: int) -> None:
        self.rng = random.Random(seed)
        self.deploy_actions = deploy_actions
        self.n = 0

    def choose(self, legal: Any, played: int) -> Any:
        if played < self.deploy_actions and any(a.verb == "pick" for a in legal):
            kept = [a for a in legal if a.verb not in ("done", "reset")]
            if kept:
                return kept[self.rng.randrange(len(kept))]
        return legal[self.rng.randrange(len(legal))]


def record_long_game(seed: int, min_actions: int, path: Path) -> dict[str, Any]:
    """An SBE9 record of at least ``min_actions`` actions played to its end (cached in
    ``path``: recording takes a minute or two)."""
    if path.exists():
        cached = json.loads(path.read_text())
        if cached["seed"] == seed and len(cached["actions"]) >= min_actions:
            return dict(cached)
    from hexfront.engine.match import Match
    from hexfront.games.registry import load_game

    game = load_game(GAME)
    # Random SBE9 games take about 12,000 actions after the deployment.
    deploy = max(0, min_actions - 11_000)
    while True:
        match = Match(game, "SBE9", {"deployment": "by_hand"}, seed)
        agents = {s: LingeringDeployer(seed * 31 + i, deploy) for i, s in enumerate(game.sides)}
        n = 0
        while not match.is_over():
            side = match.active_sides()[0]
            match.act(agents[side].choose(match.legal_actions(side), n))
            n += 1
        if n >= min_actions:
            break
        deploy += min_actions - n + 500
    record = match.record.to_json()
    record["final_hash"] = match.hash()
    path.write_text(json.dumps(record))
    return dict(record)


def _time_load(db_url: str, game_id: str, **settings: Any) -> tuple[float, str, int, float]:
    """Seconds to load the game from the database as the server does on a cache miss,
    its state hash, the number of actions it holds and the CPU seconds the load took
    (what it costs on a machine of its own: the wall time also counts the waits for the
    CPU on a busy one)."""
    from hexfront.games.registry import load_game
    from hexfront.server.db import Database
    from hexfront.server.settings import Settings
    from hexfront.server.storage import GameStore

    db = Database(db_url)
    store = GameStore(db, Settings(**settings))
    start, cpu = time.perf_counter(), time.process_time()
    live = store.load(game_id, load_game)
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    db.dispose()
    return took, live.match.hash(), len(live.match.record.actions), cpu


def _child_load(db_url: str, game_id: str) -> None:
    """In a fresh process: lift the guard, load once, print the figures as JSON."""
    lift_long_scenario_guard()
    start = time.perf_counter()
    import hexfront.server.storage  # noqa: F401  (imports are part of a cold start)

    imported = time.perf_counter() - start
    took, digest, n, cpu = _time_load(db_url, game_id)
    print(
        json.dumps(
            {"seconds": took, "cpu_s": cpu, "imports_s": imported, "hash": digest, "actions": n}
        )
    )


def long_game_resume(seed: int, min_actions: int, runs: int, console: Console) -> dict[str, Any]:
    """Record (or reuse) a long SBE9 game, store it as the server would, and time its
    loading: from the newest snapshot (the server's way for a log over 500 actions), in a
    fresh process and again in a warm one, against the full replay from the seed."""
    lift_long_scenario_guard()
    from hexfront.engine.match import Match
    from hexfront.engine.protocol import Action, canonical_json
    from hexfront.games.registry import load_game
    from hexfront.server.db import Database, sqlite_url
    from hexfront.server.live import LiveGame, Seat, apply_change
    from hexfront.server.settings import Settings
    from hexfront.server.storage import GameStore

    cache = Path(tempfile.gettempdir()) / f"hexfront-sbe9-{seed}-{min_actions}.json"
    started = time.perf_counter()
    record = record_long_game(seed, min_actions, cache)
    recorded_s = time.perf_counter() - started
    total = len(record["actions"])
    console.print(f"SBE9 record: {total} actions, seed {seed} ({recorded_s:.0f} s)")
    settings = Settings()
    every = settings.snapshot_every
    # Stored as a game in progress near its end: imported up to some actions before the
    # end (a snapshot there), then the last ones played through the server's own change
    # path, so that the newest snapshot lies behind the last action, as in play.
    tail = every - 1
    upto = total - 1 - tail
    with tempfile.TemporaryDirectory(prefix="hexfront-long-") as tmp:
        db_url = sqlite_url(Path(tmp))
        db = Database(db_url)
        db.migrate()
        store = GameStore(db, settings)
        t0 = time.perf_counter()
        # Stored as an import stores a checked file (``transfer.py``): the log and a
        # snapshot at its end; the replay here is the check an import makes.
        game = load_game(GAME)
        match = Match(game, record["scenario"], record["options"], record["seed"])
        for raw in record["actions"][:upto]:
            match.act(Action.from_json(raw))
        seats = {s: Seat(s, "hotseat") for s in game.sides}
        live = LiveGame("bench-sbe9", game, match, record["seed"], True, upto, seats)
        body = canonical_json(game.to_json(match.state))
        store.insert_imported(live, [(upto, body, match.hash())], {}, {})
        live.snapshot_seq = upto
        for raw in record["actions"][upto : total - 1]:
            action = Action.from_json(raw)
            store.commit(live, apply_change(live, action, action.side, every))
        stored_s = time.perf_counter() - t0
        expected = live.match.hash()
        state_bytes = len(canonical_json(game.to_json(live.match.state)))
        n_stored = len(live.match.record.actions)
        with db.read() as s:
            from sqlalchemy import text as sql

            snaps = [int(x) for x in s.execute(sql("SELECT seq FROM snapshots")).scalars()]
        db.dispose()
        console.print(f"stored {n_stored} actions, snapshots at {snaps} ({stored_s:.0f} s)")

        loads_before = os.getloadavg()
        cold = []
        for _ in range(runs):
            out = subprocess.run(
                [sys.executable, __file__, "--child-load", db_url, "bench-sbe9"],
                capture_output=True,
                text=True,
                check=True,
            )
            cold.append(json.loads(out.stdout.strip().splitlines()[-1]))
        warm = [_time_load(db_url, "bench-sbe9") for _ in range(runs)]
        loads_after = os.getloadavg()
        full = _time_load(db_url, "bench-sbe9", replay_from_snapshot_after=10**9)
    for got in [*(c["hash"] for c in cold), *(w[1] for w in warm), full[1]]:
        if got != expected:
            raise SystemExit("a load gave another state hash than the game stored")
    fig = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}",
        "database": "sqlite (synchronous=FULL)",
        "scenario": "SBE9",
        "options": {"deployment": "by_hand"},
        "seed": seed,
        "agents": LingeringDeployer.name,
        "actions": n_stored,
        "record_actions_to_its_end": total,
        "deployment_actions": next(
            (i for i, a in enumerate(record["actions"]) if a["verb"] not in DEPLOY_VERBS), total
        ),
        "machine_load_average_1min": [round(loads_before[0], 1), round(loads_after[0], 1)],
        "snapshot_every": every,
        "newest_snapshot": max(snaps),
        "actions_after_snapshot": n_stored - max(snaps),
        "load_from_snapshot_fresh_process_s": [round(c["seconds"], 3) for c in cold],
        "load_from_snapshot_fresh_process_cpu_s": [round(c["cpu_s"], 3) for c in cold],
        "load_from_snapshot_warm_process_s": [round(w[0], 3) for w in warm],
        "load_from_snapshot_warm_process_cpu_s": [round(w[3], 3) for w in warm],
        "full_replay_from_seed_s": round(full[0], 2),
        "full_replay_from_seed_cpu_s": round(full[3], 2),
        "final_state_json_bytes": state_bytes,
        "same_state_hash": True,
    }
    t = Table(title=f"SBE9, {n_stored} actions, loaded from the database")
    t.add_column("how")
    t.add_column("seconds", justify="right")
    t.add_column("CPU seconds", justify="right")
    t.add_row(
        "newest snapshot, fresh process",
        ", ".join(f"{c['seconds']:.2f}" for c in cold),
        ", ".join(f"{c['cpu_s']:.2f}" for c in cold),
    )
    t.add_row(
        "newest snapshot, warm process",
        ", ".join(f"{w[0]:.2f}" for w in warm),
        ", ".join(f"{w[3]:.2f}" for w in warm),
    )
    t.add_row("full replay from the seed", f"{full[0]:.1f}", f"{full[3]:.1f}")
    console.print(t)
    return fig


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--child-load":
        _child_load(sys.argv[2], sys.argv[3])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50, help="concurrent games")
    parser.add_argument("--processes", type=int, default=2, help="server processes")
    parser.add_argument(
        "--cross", type=float, default=0.2, help="share of requests sent to another process"
    )
    parser.add_argument(
        "--actions-per-game", type=int, default=0, help="stop a game there (0: play to the end)"
    )
    parser.add_argument(
        "--kill-after", type=int, default=1500, help="acknowledged actions before the kill"
    )
    parser.add_argument("--down", type=float, default=5.0, help="seconds process 1 stays dead")
    parser.add_argument("--watchers", type=int, default=10, help="sockets across processes")
    parser.add_argument("--no-kill", action="store_true", help="no kill (a baseline)")
    parser.add_argument("--db", help="an existing scratch PostgreSQL URL instead of a new one")
    parser.add_argument("--no-save", action="store_true", help="do not write server.json")
    parser.add_argument("--logs", type=Path, help="copy the servers' logs into this directory")
    parser.add_argument(
        "--long-game",
        action="store_true",
        help="instead: time the loading of a long SBE9 game from its newest snapshot",
    )
    parser.add_argument("--seed", type=int, default=1, help="--long-game: the game's seed")
    parser.add_argument(
        "--min-actions", type=int, default=20_000, help="--long-game: the log's length at least"
    )
    parser.add_argument("--runs", type=int, default=5, help="--long-game: loads timed")
    args = parser.parse_args()
    if args.long_game:
        console = Console()
        fig = long_game_resume(args.seed, args.min_actions, args.runs, console)
        if not args.no_save:
            path = RESULTS / "server.json"
            report = json.loads(path.read_text()) if path.exists() else {}
            report["long_game_resume"] = fig
            path.write_text(json.dumps(report, indent=2) + "\n")
            console.print(f"wrote the section long_game_resume of {path}")
        return
    config = Config(
        games=args.games,
        processes=args.processes,
        cross=args.cross,
        actions_per_game=args.actions_per_game,
        kill_after=args.kill_after,
        down=args.down,
        watchers=args.watchers,
        kill=not args.no_kill,
    )
    console = Console()
    columns = (TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn())
    with (
        Progress(*columns, console=console) as bar,
        tempfile.TemporaryDirectory(prefix="hexfront-load-") as tmp,
        contextlib.ExitStack() as stack,
    ):
        task = bar.add_task("starting", total=config.games)

        def show(stats: Stats, timeline: Timeline, games: int) -> None:
            phase = timeline.phase(time.perf_counter())
            if phase == "during" and timeline.restart < float("inf"):
                phase = "restarting"
            bar.update(
                task,
                completed=stats.games_done,
                description=f"{stats.games_done}/{games} games, {stats.acks} actions "
                f"acknowledged, {phase} the kill",
            )

        db_url, pg_pid = (args.db, None) if args.db else stack.enter_context(postgres_cluster())
        try:
            fig = asyncio.run(run_load(db_url, Path(tmp), config, show, pg_pid))
        except BaseException:
            for log in sorted(Path(tmp).glob("server-*.log")):
                tail = "\n".join(log.read_text(errors="replace").splitlines()[-60:])
                console.print(f"--- the end of {log.name}:\n{tail}", markup=False)
            raise
        finally:
            if args.logs:
                args.logs.mkdir(parents=True, exist_ok=True)
                for log in Path(tmp).glob("server-*.log"):
                    shutil.copy(log, args.logs / log.name)
    console.print(table(fig))
    if args.no_save:
        return
    path = RESULTS / "server.json"
    report = json.loads(path.read_text()) if path.exists() else {}
    report["load_two_processes"] = fig
    RESULTS.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2) + "\n")
    console.print(f"wrote the section load_two_processes of {path}")


if __name__ == "__main__":
    main()
