"""Server benchmark: action round trip against a no-op endpoint, same server, same run.

Starts ``hexfront serve`` in a subprocess on a free port with a fresh SQLite database,
then drives ``--games`` concurrent hotseat games of Skirmish from one asyncio httpx
client. Each player repeats: fetch the view of the side to move, call the no-op endpoint
(``GET /api/noop``), and post a random legal action. All three round trips are timed
under the same load, so their ratio says what an action costs over the bare framework.

Writes ``bench/results/server.json`` and prints a table. Run with ``make bench``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import signal
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.table import Table

RESULTS = Path(__file__).parent / "results"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(samples: list[float]) -> dict[str, float]:
    return {
        "count": len(samples),
        "p50_ms": percentile(samples, 0.50) * 1e3,
        "p99_ms": percentile(samples, 0.99) * 1e3,
        "mean_ms": statistics.fmean(samples) * 1e3,
    }


class Player:
    """One game after another, timing each kind of round trip."""

    def __init__(self, client: httpx.AsyncClient, seed: int, timings: dict[str, list[float]]):
        self.client = client
        self.rng = random.Random(seed)
        self.timings = timings
        self.games = 0

    async def timed(self, kind: str, method: str, url: str, **kw: Any) -> httpx.Response:
        start = time.perf_counter()
        res = await self.client.request(method, url, **kw)
        elapsed = time.perf_counter() - start
        if kind:
            self.timings[kind].append(elapsed)
        if res.status_code >= 400:
            raise RuntimeError(f"{method} {url}: {res.status_code} {res.text[:200]}")
        return res

    async def new_game(self) -> tuple[str, dict[str, str], str]:
        body = {
            "game": "skirmish",
            "scenario": "standard",
            "options": {"rounds": 8},
            "opponents": {"red": "hotseat", "blue": "hotseat"},
        }
        res = await self.timed("", "POST", "/api/games", json=body)
        self.games += 1
        return res.json()["id"], res.json()["seats"], "red"

    async def run(self, until: float) -> None:
        game_id, tokens, side = await self.new_game()
        while time.perf_counter() < until:
            auth = {"authorization": f"Bearer {tokens[side]}"}
            view = (
                await self.timed("view", "GET", f"/api/games/{game_id}/view", headers=auth)
            ).json()
            await self.timed("noop", "GET", "/api/noop")
            action = self.rng.choice(view["legal_actions"])
            res = await self.timed(
                "action",
                "POST",
                f"/api/games/{game_id}/actions",
                json={"action": action, "version": view["version"]},
                headers=auth,
            )
            after = res.json()
            if after["status"] == "over":
                game_id, tokens, side = await self.new_game()
            else:
                side = after["to_move"][0]


async def drive(
    url: str, games: int, seconds: float, warmup: float, pid: int = 0
) -> dict[str, Any]:
    # One small client per player: a single client's pool of 50 connections costs more
    # client CPU per request than the server spends (httpcore scans its pool).
    tls = ssl.create_default_context()  # loaded once, not once per client
    clients = [httpx.AsyncClient(base_url=url, timeout=60, verify=tls) for _ in range(games)]
    try:
        warm: dict[str, list[float]] = {"view": [], "noop": [], "action": []}
        players = [Player(c, i, warm) for i, c in enumerate(clients)]
        await asyncio.gather(*(p.run(time.perf_counter() + warmup) for p in players))
        timings: dict[str, list[float]] = {"view": [], "noop": [], "action": []}
        for p in players:
            p.timings = timings
        cpu_start = cpu_seconds(pid)
        start = time.perf_counter()
        await asyncio.gather(*(p.run(start + seconds) for p in players))
        wall = time.perf_counter() - start
        cpu_end = cpu_seconds(pid)
    finally:
        await asyncio.gather(*(c.aclose() for c in clients))
    out = {kind: summary(samples) for kind, samples in timings.items()}
    out["actions_per_s"] = {"value": len(timings["action"]) / wall}
    out["games_started"] = {"value": sum(p.games for p in players)}
    if cpu_start is not None and cpu_end is not None:
        # Server CPU per view + no-op + action, which other load hardly changes.
        out["server_cpu_ms_per_loop"] = {
            "value": (cpu_end - cpu_start) / max(1, len(timings["action"])) * 1e3
        }
    return out


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process so far (Linux), or None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def noop_only(url: str, games: int, seconds: float) -> int:
    """Only no-op requests from ``games`` clients for ``seconds``; returns their count."""
    tls = ssl.create_default_context()
    clients = [httpx.AsyncClient(base_url=url, timeout=60, verify=tls) for _ in range(games)]
    count = 0

    async def loop(client: httpx.AsyncClient, until: float) -> None:
        nonlocal count
        while time.perf_counter() < until:
            (await client.get("/api/noop")).raise_for_status()
            count += 1

    try:
        until = time.perf_counter() + seconds
        await asyncio.gather(*(loop(c, until) for c in clients))
    finally:
        await asyncio.gather(*(c.aclose() for c in clients))
    return count


def start_server(data: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "hexfront.cli.main", "serve", "--port", str(port)]
    cmd += ["--data-dir", str(data), "--rate", "0", "--no-access-log"]
    cmd += ["--sqlite-sync", os.environ.get("HEXFRONT_BENCH_SYNC", "FULL")]
    proc = subprocess.Popen(cmd, stdout=log.open("wb"), stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("the server exited:\n" + log.read_text())
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).is_success:
                return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start:\n" + log.read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50, help="concurrent games")
    parser.add_argument("--seconds", type=float, default=15.0, help="measured duration")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured warm-up")
    parser.add_argument(
        "--solo-seconds", type=float, default=4.0, help="duration of the one-player run"
    )
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="hexfront-bench-") as tmp:
        port = free_port()
        proc = start_server(Path(tmp) / "data", port, Path(tmp) / "server.log")
        try:
            url = f"http://127.0.0.1:{port}"
            results = asyncio.run(drive(url, args.games, args.seconds, args.warmup, proc.pid))
            solo = asyncio.run(drive(url, 1, args.solo_seconds, 0.5))
            start_noop = cpu_seconds(proc.pid)
            noops = asyncio.run(noop_only(url, args.games, 3.0))
            end_noop = cpu_seconds(proc.pid)
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()

    action, noop = results["action"], results["noop"]
    ratio = {
        "p50": action["p50_ms"] / noop["p50_ms"],
        "p99": action["p99_ms"] / noop["p99_ms"],
    }
    solo_ratio = {
        "p50": solo["action"]["p50_ms"] / solo["noop"]["p50_ms"],
        "p99": solo["action"]["p99_ms"] / solo["noop"]["p99_ms"],
    }
    # Server CPU time per view + no-op + action, and per no-op alone (Linux only).
    cpu: dict[str, float] = {}
    if "server_cpu_ms_per_loop" in results and start_noop is not None and end_noop is not None:
        cpu["per_loop_ms"] = results["server_cpu_ms_per_loop"]["value"]
        cpu["per_noop_ms"] = (end_noop - start_noop) / max(1, noops) * 1e3
    report = {
        "meta": {
            "when": datetime.now(UTC).isoformat(timespec="seconds"),
            "python": sys.version.split()[0],
            "machine": platform.machine(),
            "cpus": os.cpu_count(),
            "games": args.games,
            "seconds": args.seconds,
            "database": "sqlite (WAL, synchronous=FULL)",
            "client": "httpx.AsyncClient in one process on the same machine",
        },
        "results": results,
        "ratio_action_to_noop": ratio,
        "goal": "ratio <= 2 (with the concurrent games)",
        "one_player": {"results": solo, "ratio_action_to_noop": solo_ratio},
        "server_cpu": cpu,
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / "server.json"
    with contextlib.suppress(OSError, ValueError, KeyError):  # kept: bench/server_load.py's figures
        report["load_two_processes"] = json.loads(path.read_text())["load_two_processes"]
    path.write_text(json.dumps(report, indent=2) + "\n")

    names = {
        "noop": "GET /api/noop",
        "view": "GET /api/games/{id}/view",
        "action": "POST /api/games/{id}/actions",
    }
    for title, res, rat in (
        (
            f"Server round trips, {args.games} concurrent games, {args.seconds:.0f} s "
            f"({results['actions_per_s']['value']:.0f} actions/s)",
            results,
            ratio,
        ),
        ("The same server, one player alone (unloaded latency)", solo, solo_ratio),
    ):
        table = Table(title=title)
        for col in ("request", "count", "p50 (ms)", "p99 (ms)", "mean (ms)"):
            table.add_column(col)
        for kind in ("noop", "view", "action"):
            r = res[kind]
            table.add_row(
                names[kind],
                str(r["count"]),
                f"{r['p50_ms']:.2f}",
                f"{r['p99_ms']:.2f}",
                f"{r['mean_ms']:.2f}",
            )
        table.add_row("action / noop", "", f"{rat['p50']:.2f}x", f"{rat['p99']:.2f}x", "")
        Console().print(table)
    if cpu:
        Console().print(
            f"server CPU: {cpu['per_loop_ms']:.2f} ms per view + no-op + action, "
            f"{cpu['per_noop_ms']:.2f} ms per no-op alone"
        )


if __name__ == "__main__":
    main()
