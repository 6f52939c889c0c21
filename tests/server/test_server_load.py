"""The load test of ``bench/server_load.py``, small (issue 19): two real ``hexfront serve``
processes on one PostgreSQL, four BITE games played concurrently through both, one process
killed with SIGKILL in the middle of the load and restarted on its port. No acknowledged
action may be lost, and every record (fetched from the server) replays, as ``hexfront
replay --verify`` does, to its hash, which is the one stored in the database.

Runs when ``HEXFRONT_TEST_POSTGRES`` names a scratch database, as
``test_server_processes.py`` does.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from bench.server_load import Config, run_load

POSTGRES = os.environ.get("HEXFRONT_TEST_POSTGRES", "")

pytestmark = pytest.mark.skipif(
    not POSTGRES, reason="set HEXFRONT_TEST_POSTGRES=postgresql+psycopg://... to test it"
)


def test_sigkill_mid_load_on_two_processes_loses_no_acknowledged_action(tmp_path: Path) -> None:
    config = Config(games=4, actions_per_game=80, kill_after=40, down=0.5, watchers=2, cross=0.3)
    fig = asyncio.run(run_load(POSTGRES, tmp_path, config))

    kill = fig["kill"]
    assert kill["killed"], "the games ended before the kill"
    assert kill["restart_to_healthy_s"] is not None
    assert fig["action_latency"]["before"]["count"] >= config.kill_after
    assert sum(kill["transport_errors"].values()) > 0  # the clients did see it die
    assert fig["acknowledged_actions"] > config.kill_after
    assert fig["lost"] == 0
    assert fig["out_of_order"] == 0
    assert fig["replay_mismatches"] == 0
    assert fig["dice_failures"] == 0
    assert fig["database_disagreements"] == 0
    # At most the requests in flight at the kill can be stored yet unacknowledged.
    assert 0 <= fig["applied_unacknowledged"] <= config.games
    # The sockets held by the surviving process saw moves made through the other one.
    # (Not asserted: that each saw its game's final view; one run of the 50-game bench
    # missed it on one socket of ten, not yet explained.)
    assert fig["websocket_cross_process"]["views_seen"] > 0
    assert fig["tracebacks_in_logs"] == 0
