"""Before/after screenshots of the browser table (issue 18's closing note).

Takes the same scenes from two servers, the client before issue 18's work and today's, and
writes ``<scene>-before.png`` and ``<scene>-after.png`` (256-colour PNGs, scaled down only
if above 300 KB) into the output directory. Each server is started from a source tree (its own
committed bundle under ``src/hexfront/server/static/app``) with a temporary data directory,
or given by URL when already running. Scenes:

* ``sbe1-wide``: a new SBE1 game as the Axis against the computer, 1400x900, first load;
* ``sbe1-narrow``: the same at 390x844 (a phone);
* ``sbe4-soviet``: SBE4 as the Soviets after the computer's first Axis turn; on the way
  ``sbe4-first-decision`` (the Soviets' first prompt, after the Axis moves) and at the end
  ``sbe4-log`` (the game log);
* ``battle``: SBE1, the XXXXI Panzer Corps attacks from Tilsit into 2220 and the battle is
  fought with the quickest choice at each prompt; the battle panel at its end.

Usage (docs/screenshots/before-after/README.md gives the exact commands)::

    .venv/bin/python tools/before_after_shots.py --before-tree /tmp/old --after-tree /tmp/new

Needs Playwright and Debian's Chromium (as tests/browser). Not a test: pytest does not
collect it (no ``test_`` name, and tools/ is not a test path).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots" / "before-after"
CHROMIUM = os.environ.get("HEXFRONT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
MAX_BYTES = 300_000
DEBUG = bool(os.environ.get("SHOTS_DEBUG"))  # print each prompt of the SBE4 scene
PROMPT = "[data-testid=prompt]"
READY = f"{PROMPT}[data-kind]:not([data-kind='']):not([data-kind=waiting])"
TEXTS = (
    "() => document.querySelector('[data-testid=log]').innerText + '|'"
    " + document.querySelector('[data-testid=prompt]').innerText"
)

# A game made through the API and stored where the client keeps its games (both clients
# use the same key and entry), then opened by its hash link.
CREATE = """async ([scenario, seed, axis, soviet, playAs]) => {
    const body = {game: 'bite', scenario, opponents: {axis, soviet}, play_as: playAs};
    if (seed !== null) body.seed = seed;
    const res = await fetch('/api/games', {method: 'POST',
        headers: {'content-type': 'application/json'}, body: JSON.stringify(body)});
    const g = await res.json();
    const entry = {id: g.id, game: 'bite', scenario, tokens: g.seats, kinds: g.kinds,
        created: Date.now()};
    const list = JSON.parse(localStorage.getItem('hexfront.games') || '[]');
    localStorage.setItem('hexfront.games', JSON.stringify([entry, ...list]));
    location.hash = `game=${g.id}`;
    return g.id;
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve(tree: Path) -> Iterator[str]:
    """`hexfront serve` from a source tree (PYTHONPATH=tree/src), on a fresh data directory."""
    with tempfile.TemporaryDirectory(prefix="hexfront-shots-") as data:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        env = dict(os.environ, PYTHONPATH=str(tree / "src"))
        command = [sys.executable, "-m", "hexfront.cli.main", "serve", "--port", str(port)]
        command += ["--data-dir", data, "--rate", "0", "--no-access-log"]
        log = (Path(data) / "server.log").open("wb")
        proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=tree)
        try:
            deadline = time.monotonic() + 60
            while True:
                if proc.poll() is not None:
                    raise RuntimeError((Path(data) / "server.log").read_text())
                try:
                    if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the server of {tree} did not start")
                time.sleep(0.1)
            yield url
        finally:
            proc.terminate()
            proc.wait(10)
            log.close()


def save(png: bytes, path: Path) -> int:
    """Write a screenshot as a 256-colour PNG, at full size if it is at most MAX_BYTES, else
    scaled down by quarters until it is; returns the bytes written."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    while True:
        buf = io.BytesIO()
        image.quantize(256, dither=Image.Dither.NONE).save(buf, "PNG", optimize=True)
        if buf.tell() <= MAX_BYTES or image.width < 300:
            break
        image = image.resize(
            (image.width * 3 // 4, image.height * 3 // 4), Image.Resampling.LANCZOS
        )
    path.write_bytes(buf.getvalue())
    return buf.tell()


def open_table(page: Any, url: str) -> None:
    page.goto(url + "/")
    page.wait_for_selector("[data-testid=new-sbe1]")


def settle(page: Any) -> None:
    page.wait_for_timeout(800)


Extras = dict[str, bytes]  # more screenshots a scene takes on its way: name -> PNG


def first_load(page: Any, url: str) -> Extras:
    """Scenes sbe1-wide and sbe1-narrow: the front page's SBE1 button, the table as it opens."""
    open_table(page, url)
    page.click("[data-testid=new-sbe1]")
    page.wait_for_selector(f"{PROMPT}[data-kind=production]")
    page.wait_for_selector("svg.board g.block.mine")
    settle(page)
    return {}


def quickest(page: Any, stop: tuple[str, ...] = ()) -> str:
    """One decision through the panel, the quickest choice (as tests/browser do); a pause at
    a handover (today's client) is confirmed first. Returns the prompt's kind."""
    page.wait_for_selector(f"{READY}, [data-testid=handover]:visible", timeout=120_000)
    if page.locator("[data-testid=handover]:visible").count():
        page.click("[data-testid=handover-continue]")
        page.wait_for_selector(READY, timeout=120_000)
    kind = str(page.get_attribute(PROMPT, "data-kind") or "")
    if kind in ("", "over") or kind in stop:  # none yet, or one the caller wants to see
        return kind
    before = page.evaluate(TEXTS)
    ends = page.locator(f"{PROMPT} .ends button.primary")
    acts = page.locator(f"{PROMPT} .choices button[data-verb]:visible")
    try:
        if ends.count():
            ends.first.click(timeout=3000)
        elif acts.count():
            acts.first.click(timeout=3000)
        else:
            dests = page.locator(f"{PROMPT} [data-testid=destinations] button[data-to]")
            if not dests.count():
                page.locator(f"{PROMPT} [data-testid=unit-list] button[data-unit]").first.click(
                    timeout=3000
                )
            dests.first.click(timeout=3000)
    except Exception:  # the panel was redrawn under the click: the caller tries again
        return kind
    # The next prompt may be of the same kind with nothing new in the log (a retreat offer
    # after a step where nobody fired): its own words differ, or the wait runs out.
    with contextlib.suppress(Exception):  # nothing changed that we saw: the caller looks again
        page.wait_for_function(
            f"""([kind, before]) => {{
                const p = document.querySelector('[data-testid=prompt]');
                const h = document.querySelector('[data-testid=handover]');
                return p.dataset.kind !== kind || ({TEXTS})() !== before || (h && !h.hidden);
            }}""",
            arg=[kind, before],
            timeout=30_000,
        )
    return kind


OWN_TURN = ("production", "rail", "move", "over")


def sbe4_soviet(page: Any, url: str) -> Extras:
    """Scene sbe4-soviet: the computer plays the Axis's first turn; the Soviets answer any
    prompt of that turn the quickest way, until their own player turn begins. On the way:
    ``sbe4-first-decision``, the first time the Soviets are asked anything (after the Axis
    moves: today's client pauses there and draws the moves as arrows), and at the end
    ``sbe4-log``, the game log panel."""
    open_table(page, url)
    page.evaluate(CREATE, ["SBE4", 4, "heuristic", "human", "soviet"])
    page.wait_for_selector("svg.board g.block.mine")
    extras: Extras = {}
    for _ in range(200):
        page.wait_for_selector(f"{READY}, [data-testid=handover]:visible", timeout=180_000)
        if not extras:
            settle(page)
            extras["sbe4-first-decision"] = page.screenshot()
        if page.locator("[data-testid=handover]:visible").count():
            page.click("[data-testid=handover-continue]")
            page.wait_for_selector(READY, timeout=120_000)
        kind = page.get_attribute(PROMPT, "data-kind")
        phase = " ".join(page.inner_text("[data-testid=tracker]").split())
        if DEBUG:
            print("  sbe4:", kind, phase[:90], file=sys.stderr, flush=True)
        if kind in OWN_TURN or "Soviet:" in phase:  # the tracker: "PHASE Soviet: ..."
            break
        quickest(page, OWN_TURN)
    settle(page)
    extras["sbe4-soviet"] = page.screenshot()  # before the log is scrolled into view
    # The log in full: a taller window, so that the side panel need not scroll.
    page.set_viewport_size({"width": 1400, "height": 2400})
    settle(page)
    extras["sbe4-log"] = page.locator("[data-testid=log]").screenshot()
    page.set_viewport_size({"width": 1400, "height": 900})
    settle(page)
    return extras


def battle_over(page: Any) -> bool:
    """The battle panel shows a finished battle (today: data-over; before: no "going on")."""
    box = page.locator("[data-testid=battle]")
    if not box.count() or not box.is_visible():
        return False
    over = box.get_attribute("data-over")
    if over is not None:
        return over == "true"
    head = box.locator("h3")
    return bool(head.count()) and "going on" not in head.first.inner_text()


def battle(page: Any, url: str) -> Extras:
    """Scene battle: XXXXI Panzer Corps from Tilsit (2120) into 2220, fought to its end."""
    open_table(page, url)
    page.evaluate(CREATE, ["SBE1", 7, "human", "heuristic", "axis"])
    page.wait_for_selector(f"{PROMPT}[data-kind=production]")
    page.click(f"{PROMPT} button[data-verb=done]")
    page.wait_for_selector(f"{PROMPT}[data-kind=rail]")
    page.click(f"{PROMPT} button[data-verb=done]")
    page.wait_for_selector(f"{PROMPT}[data-kind=move]")
    page.click("[data-testid=unit-list] button[data-unit=ger-pz-xxxxi]")
    page.click("[data-testid=destinations] button[data-to='2220']")
    page.wait_for_selector("svg.board g.block.mine[data-hex='2220']")
    page.click(f"{PROMPT} button[data-verb=end_ground]")
    page.wait_for_selector(f"{PROMPT}[data-kind=air]")
    page.click(f"{PROMPT} button[data-verb=done]")
    for _ in range(60):
        if battle_over(page) or quickest(page) == "over" or battle_over(page):
            break
    settle(page)
    return {}


SCENES: dict[str, tuple[dict[str, int], Callable[[Any, str], Extras]]] = {
    "sbe1-wide": ({"width": 1400, "height": 900}, first_load),
    "sbe1-narrow": ({"width": 390, "height": 844}, first_load),
    "sbe4-soviet": ({"width": 1400, "height": 900}, sbe4_soviet),
    "battle": ({"width": 1400, "height": 900}, battle),
}


def shoot(chromium: Any, url: str, label: str, scenes: list[str], out: Path) -> None:
    for name in scenes:
        viewport, play = SCENES[name]
        context = chromium.new_context(viewport=viewport, locale="en-GB")
        try:
            page = context.new_page()
            page.set_default_timeout(30_000)
            started = time.monotonic()
            extras = play(page, url)
            took = time.monotonic() - started
            for shot, png in {name: page.screenshot(), **extras}.items():
                size = save(png, out / f"{shot}-{label}.png")
                print(f"{shot}-{label}.png: {size // 1000} KB ({name}: {took:.1f} s)")
        finally:
            context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before-tree", type=Path, help="source tree of the old client")
    parser.add_argument("--after-tree", type=Path, help="source tree of today's client")
    parser.add_argument("--before-url", help="an old server already running")
    parser.add_argument("--after-url", help="today's server already running")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--scenes", default=",".join(SCENES), help="comma-separated")
    args = parser.parse_args()
    scenes = [s for s in args.scenes.split(",") if s]
    unknown = [s for s in scenes if s not in SCENES]
    if unknown:
        parser.error(f"unknown scenes {unknown}; known: {', '.join(SCENES)}")
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for label, tree, url in (
            ("before", args.before_tree, args.before_url),
            ("after", args.after_tree, args.after_url),
        ):
            if url:
                shoot(chromium, url, label, scenes, args.out)
            elif tree:
                with serve(tree.resolve()) as started:
                    shoot(chromium, started, label, scenes, args.out)
            else:
                parser.error(f"give --{label}-tree or --{label}-url")
        chromium.close()


if __name__ == "__main__":
    main()
