"""A real browser plays: Debian's Chromium, driven by Playwright, against `hexfront serve`.

It starts SBE1 against the computer from the front page, moves a stack by clicking its block
and then a highlighted hex on the map, ends the phase, and sees the map and the prompt
change. Screenshots go to test-artifacts/ (git-ignored). Skipped only where no Chromium is
installed (CI installs it: .ci/run).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).parents[2] / "test-artifacts"
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    data = tmp_path_factory.mktemp("browser-data")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = (data / "server.log").open("wb")
    command = [sys.executable, "-m", "hexfront.cli.main", "serve", "--port", str(port)]
    command += ["--data-dir", str(data), "--rate", "0", "--no-access-log"]
    proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, (data / "server.log").read_text()
            try:
                if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        yield url
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Chromium itself; each test opens contexts (fresh profiles: separate browsers)."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"no Chromium at {CHROMIUM}: CI must run the browser test (.ci/run)")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium; .ci/run does)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def browser(chromium: Any) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 1400, "height": 900})
    yield context
    context.close()


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"browser-{name}.png"))


def front_page(browser: Any, server: str, timeout_ms: int = 20_000) -> tuple[Any, list[str]]:
    """A new tab on the front page, and the list its script errors go to."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(timeout_ms)
    page.goto(server + "/")
    return page, errors


def hex_on_screen(page: Any, hex_id: str) -> tuple[float, float]:
    """Screen coordinates of a hex's centre (the client's geometry: S = 20, odd-q)."""
    x, y = page.evaluate(
        """(id) => {
            const svg = document.querySelector('svg.board');
            const col = parseInt(id.slice(0, 2), 10) - 1, row = parseInt(id.slice(2, 4), 10) - 1;
            const pt = svg.createSVGPoint();
            pt.x = 20 + 30 * col;
            pt.y = Math.sqrt(3) * 20 * (row + 0.5 + 0.5 * (col & 1));
            const p = pt.matrixTransform(svg.getScreenCTM());
            return [p.x, p.y];
        }""",
        hex_id,
    )
    return float(x), float(y)


def test_sbe1_against_the_computer_move_a_stack_and_end_the_phase(
    server: str, browser: Any
) -> None:
    page, errors = front_page(browser, server)
    page.wait_for_selector("[data-testid=new-sbe1]")
    page.wait_for_selector("select[name=scenario] option[value=SBE1]", state="attached")
    shot(page, "01-front-page")

    page.click("[data-testid=new-sbe1]")
    prompt = "[data-testid=prompt]"
    page.wait_for_selector(f"{prompt}[data-kind=production]")
    page.wait_for_selector("svg.board g.block.mine")
    assert "Turn1 of 4" in page.inner_text("[data-testid=turn]").replace(" ", "").replace(
        "\n", ""
    ) or "1 of 4" in page.inner_text("[data-testid=turn]")
    # Fog of war: the enemy's blocks show their backs only.
    assert page.locator("svg.board g.block.enemy.back").count() > 0
    assert page.locator("svg.board g.block.enemy.face").count() == 0
    shot(page, "02-production")

    page.click(f"{prompt} button[data-verb=done]")  # production
    page.wait_for_selector(f"{prompt}[data-kind=rail]")
    page.click(f"{prompt} button[data-verb=done]")  # strategic rail movement
    page.wait_for_selector(f"{prompt}[data-kind=move]")

    # Select a stack by clicking its block on the map: its destinations light up.
    first = page.locator("[data-testid=unit-list] button[data-unit]").first
    unit = first.get_attribute("data-unit")
    start_hex = page.get_attribute(f"svg.board g.block[data-unit='{unit}']", "data-hex")
    page.mouse.click(*hex_on_screen(page, start_hex))
    page.wait_for_selector("svg.board g.highlight[data-dests]:not([data-dests=''])")
    selected = page.get_attribute("svg.board g.block.selected", "data-unit")
    assert page.get_attribute("svg.board g.block.selected", "data-hex") == start_hex
    dests = page.get_attribute("svg.board g.highlight", "data-dests").split()
    buttons = page.locator("[data-testid=destinations] button[data-to]")
    assert sorted(buttons.evaluate_all("bs => bs.map(b => b.dataset.to)")) == sorted(dests)
    shot(page, "03-stack-selected")

    # Click a highlighted hex: the block moves there on the map.
    target = dests[-1]
    page.mouse.click(*hex_on_screen(page, target))
    page.wait_for_selector(f"svg.board g.block[data-unit='{selected}'][data-hex='{target}']")
    assert (
        page.locator(f"svg.board g.block[data-unit='{selected}'][data-hex='{start_hex}']").count()
        == 0
    )
    assert "move" in page.inner_text("[data-testid=log]")
    shot(page, "04-stack-moved")

    # End the phase: ground movement, then the air units.
    page.click(f"{prompt} button[data-verb=end_ground]")
    page.wait_for_selector(f"{prompt}[data-kind=air]")
    page.click(f"{prompt} button[data-verb=done]")
    # The game goes on past the movement phase (the computer reacts as the Soviet side).
    page.wait_for_function(
        """() => {
            const p = document.querySelector('[data-testid=prompt]');
            const phase = document.querySelector('[data-testid=phase]');
            return p && phase && p.dataset.kind !== 'air' && !phase.textContent.includes('Movement');
        }""",
        timeout=40_000,
    )
    page.wait_for_selector(f"svg.board g.block[data-unit='{selected}'][data-hex='{target}']")
    shot(page, "05-after-movement")
    assert not errors, errors


def test_two_browsers_play_one_game_through_an_invite_link(server: str, chromium: Any) -> None:
    axis_ctx = chromium.new_context(viewport={"width": 1400, "height": 900})
    soviet_ctx = chromium.new_context(viewport={"width": 1400, "height": 900})
    try:
        axis = axis_ctx.new_page()
        axis.set_default_timeout(20_000)
        axis.goto(server + "/")
        axis.wait_for_selector("select[name=opponent] option[value=human]", state="attached")
        axis.select_option("select[name=opponent]", "human")
        axis.select_option("select[name=side]", "axis")
        axis.click("form.new-game button[type=submit]")
        link = axis.input_value("[data-testid=invite-soviet]")
        assert "#game=" in link
        assert "&invite=" in link  # a one-time invite code, never the seat's token
        assert "token=" not in link

        soviet = soviet_ctx.new_page()
        soviet.set_default_timeout(20_000)
        soviet.goto(link)
        soviet.wait_for_selector("[data-testid=prompt][data-kind=waiting]")
        assert "token=" not in soviet.url  # the token never entered the address bar
        assert "invite=" not in soviet.url  # and the used invite left it
        # The link again (here: the creator's browser): the seat is taken, and it says so.
        again = axis_ctx.new_page()
        again.goto(link)
        assert "already used" in again.inner_text("[data-testid=invite-error]")
        again.close()
        assert "Soviet" in soviet.inner_text("[data-testid=tracker]")
        # Each side sees its own faces and only the backs of the other's blocks.
        assert soviet.locator("svg.board g.block.mine.face").count() > 0
        assert soviet.locator("svg.board g.block.enemy.face").count() == 0
        # Issue 19: both players see the same seal of the server's dice from the start.
        seals = [p.get_attribute("[data-testid=dice-seal]", "title") or "" for p in (axis, soviet)]
        assert seals[0] == seals[1]
        assert re.search(r"\b[0-9a-f]{64}\b", seals[0])
        assert "Dice sealed" in soviet.inner_text("[data-testid=dice-seal]")

        prompt = "[data-testid=prompt]"
        axis.wait_for_selector(f"{prompt}[data-kind=production]")
        axis.click(f"{prompt} button[data-verb=done]")
        axis.wait_for_selector(f"{prompt}[data-kind=rail]")
        # The other browser hears of it through its socket.
        soviet.wait_for_function(
            "() => document.querySelector('[data-testid=phase]').textContent.includes('Rail')"
        )
        shot(axis, "06-remote-axis")
        shot(soviet, "07-remote-soviet")

        # Issue 19: a spectator link, asked for by one seat, shows both sides' blocks as
        # backs only, and the spectator's page has nothing to click for either side.
        axis.click("[data-testid=make-spectator-link]")
        watch_link = axis.input_value("[data-testid=spectator-link]")
        assert "#watch=" in watch_link
        watcher = soviet_ctx.new_page()
        watcher.goto(watch_link)
        watcher.wait_for_selector("svg.board g.block")
        assert watcher.locator("svg.board g.block.axis").count() > 0
        assert watcher.locator("svg.board g.block.soviet").count() > 0
        assert watcher.locator("svg.board g.block.face").count() == 0
        assert "Rail" in watcher.inner_text("[data-testid=phase]")
        assert "only what both sides see" in watcher.inner_text("[data-testid=watch-bar]")
        assert watcher.locator("[data-testid=prompt] button").count() == 0
        shot(watcher, "08-spectator")
        watcher.close()
    finally:
        axis_ctx.close()
        soviet_ctx.close()


def test_sbe1_is_played_to_its_verdict_from_the_prompt_panel(server: str, browser: Any) -> None:
    """Every decision of a whole game through the panel's buttons (the quickest choices)."""
    page, errors = front_page(browser, server, 30_000)
    page.click("[data-testid=new-sbe1]")
    prompt = "[data-testid=prompt]"
    ready = f"{prompt}[data-kind]:not([data-kind='']):not([data-kind=waiting])"
    seen: set[str] = set()
    for _ in range(300):
        page.wait_for_selector(f"{ready}, [data-testid=handover]:visible", timeout=60_000)
        if page.locator("[data-testid=handover]:visible").count():
            page.click("[data-testid=handover-continue]")  # the pause when the turn comes back
            page.wait_for_selector(ready, timeout=60_000)
        kind = page.get_attribute(prompt, "data-kind")
        if kind == "over":
            break
        seen.add(kind)
        before = page.evaluate("() => document.querySelector('[data-testid=log]').innerText")
        ends = page.locator(f"{prompt} .ends button.primary")
        acts = page.locator(f"{prompt} .choices button[data-verb]:visible")
        if ends.count():
            ends.first.click()
        elif acts.count():
            acts.first.click()
        else:  # only units with destinations (a rebase at the end of a blitz, say)
            dests = page.locator(f"{prompt} [data-testid=destinations] button[data-to]")
            if not dests.count():
                page.locator(f"{prompt} [data-testid=unit-list] button[data-unit]").first.click()
            dests.first.click()
        page.wait_for_function(
            """([kind, before]) => {
                const p = document.querySelector('[data-testid=prompt]');
                const log = document.querySelector('[data-testid=log]').innerText;
                return p.dataset.kind !== kind || log !== before;
            }""",
            arg=[kind, before],
            timeout=60_000,
        )
    banner = page.inner_text("[data-testid=banner]")
    assert banner.startswith("Game over"), banner
    assert {"production", "rail", "move", "air"} <= seen
    assert "4 of 4" in page.inner_text("[data-testid=turn]")
    shot(page, "08-verdict")
    assert not errors, errors


def test_soviet_player_deploys_by_hand_before_turn_one(server: str, browser: Any) -> None:
    page, errors = front_page(browser, server)
    page.wait_for_selector("select[name='opt:deployment']", state="attached")
    page.select_option("select[name=scenario]", "SBE1")
    page.select_option("select[name=side]", "soviet")
    page.select_option("select[name='opt:deployment']", "by_hand")
    page.click("form.new-game button[type=submit]")
    prompt = "[data-testid=prompt]"
    page.wait_for_selector(f"{prompt}[data-kind=deploy]")
    assert page.locator(f"{prompt} button[data-verb=done]").count() == 1

    # Click a block: it is picked and the hexes it may deploy to light up.
    unit = "sov-a-23"
    start_hex = page.get_attribute(f"svg.board g.block[data-unit='{unit}']", "data-hex")
    page.mouse.click(*hex_on_screen(page, start_hex))
    page.wait_for_selector("svg.board g.highlight[data-dests]:not([data-dests=''])")
    dests = page.get_attribute("svg.board g.highlight", "data-dests").split()
    assert start_hex not in dests
    shot(page, "10-deploy-picked")
    target = dests[0]
    page.mouse.click(*hex_on_screen(page, target))
    page.wait_for_selector(f"svg.board g.block[data-unit='{unit}'][data-hex='{target}']")
    shot(page, "11-deployed")

    # Done: the computer deploys the Axis, and turn 1 begins.
    page.click(f"{prompt} button[data-verb=done]")
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=phase]').textContent.includes('Deploy')",
        timeout=40_000,
    )
    page.wait_for_selector(f"svg.board g.block[data-unit='{unit}'][data-hex='{target}']")
    assert not errors, errors
