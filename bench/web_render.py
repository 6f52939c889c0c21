"""First render of the full SBE4 table in Chromium, as a ratio to a blank page.

Starts `hexfront serve` (SQLite in a temporary directory), creates an SBE4 game against
the computer, then opens, alternately and each in a fresh browser context (no cache):

* a blank page from the same server (``/api/noop``: a few bytes, no script), timed from
  navigation to its ``load`` event;
* the game's table link, timed from navigation until the map is drawn with every block
  the Axis seat sees (``svg.board g.block`` as many as the view's units).

The ratio of the medians is the figure (issue 18 asks for it); absolute times depend on
the machine. Needs Chromium (``HEXFRONT_CHROMIUM`` or ``chromium`` on PATH) and
Playwright. Writes ``bench/results/web_render.json``.

    python bench/web_render.py --rounds 7
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

RESULTS = Path(__file__).resolve().parent / "results" / "web_render.json"
CHROMIUM = os.environ.get("HEXFRONT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start_server(data: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "hexfront.cli.main", "serve", "--port", str(port)]
    command += ["--data-dir", str(data), "--rate", "0", "--no-access-log"]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while True:
        if proc.poll() is not None:
            raise SystemExit("the server stopped while starting")
        try:
            if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                return proc, url
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            proc.terminate()
            raise SystemExit("the server did not start within 60 s")
        time.sleep(0.05)


def measure(rounds: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        proc, url = _start_server(Path(tmp))
        try:
            game = httpx.post(
                url + "/api/games",
                json={"game": "bite", "scenario": "SBE4", "opponents": {"soviet": "random"}},
                timeout=30,
            ).json()
            seat = game["seats"]["axis"]
            view = httpx.get(
                f"{url}/api/games/{game['id']}/view",
                headers={"Authorization": f"Bearer {seat}"},
                timeout=30,
            ).json()
            units = len(view["view"]["units"])
            table = url + game["links"]["axis"]
            blank_ms: list[float] = []
            table_ms: list[float] = []
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True)
                for i in range(rounds):
                    for kind in ("blank", "table") if i % 2 == 0 else ("table", "blank"):
                        context = browser.new_context(viewport={"width": 1400, "height": 900})
                        page = context.new_page()
                        start = time.perf_counter()
                        if kind == "blank":
                            page.goto(url + "/api/noop", wait_until="load")
                            blank_ms.append(1000 * (time.perf_counter() - start))
                        else:
                            page.goto(table, wait_until="commit")
                            page.wait_for_function(
                                "n => document.querySelectorAll('svg.board g.block').length >= n",
                                arg=units,
                                timeout=60_000,
                            )
                            table_ms.append(1000 * (time.perf_counter() - start))
                        context.close()
                        print(f"  round {i + 1} {kind}", file=sys.stderr)
                browser.close()
        finally:
            proc.terminate()
            proc.wait(10)
    blank, full = statistics.median(blank_ms), statistics.median(table_ms)
    return {
        "scenario": "SBE4",
        "blocks_drawn": units,
        "rounds": rounds,
        "blank_page_ms": [round(x, 1) for x in blank_ms],
        "sbe4_table_ms": [round(x, 1) for x in table_ms],
        "blank_median_ms": round(blank, 1),
        "sbe4_median_ms": round(full, 1),
        "ratio_first_render_to_blank": round(full / blank, 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"no Chromium at {CHROMIUM}: no render benchmark", file=sys.stderr)
        return 0
    report = measure(args.rounds)
    RESULTS.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
