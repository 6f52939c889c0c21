"""The optional rules' tracks at the BITE table (issue 20), in the page.

An SBE5 game with every optional rule, the Soviets' seat against the computer: once the
Soviets decide (the Western bombers of the air war over Germany, in the Axis Production
Phase, 35.1), the side panel shows the Tech Level chart (17.1), the Lend-Lease routes (34.0,
35.2), the air war (the Reich's interceptors counted, their strength hidden from the
Soviets) and the factories and bomb damage (15, 16, 32), in words. A game without the
optional rules shows no such panel. Chromium and the server come from test_browser.py;
screenshots go to test-artifacts/.
"""

from __future__ import annotations

import re
from typing import Any

from .test_browser import ARTIFACTS, front_page

PROMPT = "[data-testid=prompt]"
READY = f"{PROMPT}[data-kind]:not([data-kind='']):not([data-kind=waiting])"
TRACKS = "[data-testid=tracks]"
# The page may keep an earlier table of the same game hidden beside the live one: read the
# panel that shows.
SHOWN = f"{TRACKS}:visible"


def new_sbe5(page: Any, optional_rules: str, until: str = READY) -> None:
    """Start SBE5 from the new-game form: the Soviets here, the random agent as the Axis;
    wait until ``until`` shows (by default the Soviets' first decision)."""
    page.wait_for_selector("select[name=scenario] option[value=SBE5]", state="attached")
    page.select_option("select[name=scenario]", "SBE5")
    page.select_option("select[name='opt:optional_rules']", optional_rules)
    page.select_option("select[name=side]", "soviet")
    page.select_option("select[name=opponent]", "ai:random")
    page.click("form.new-game button[type=submit]")
    page.wait_for_selector(until, timeout=90_000)


def test_the_tracks_show_with_the_optional_rules(server: str, browser: Any) -> None:
    page, errors = front_page(browser, server, 30_000)
    new_sbe5(page, "all")
    panel = page.locator(SHOWN)
    assert panel.count() == 1
    for track in ("tech", "lend-lease", "air-war", "works"):
        assert panel.locator(f"[data-testid=track-{track}]").is_visible(), track
    tech = panel.locator("[data-testid=track-tech]").inner_text()
    assert "Tech levels (17.1)" in tech
    germany = panel.locator("[data-testid=track-tech] tr[data-power=germany]").inner_text()
    assert germany.split() == ["Germany", "2", "2", "2", "2"]  # June 1941 (3.13)
    routes = panel.locator("[data-testid=track-lend-lease]").inner_text()
    assert re.search(r"Arctic route: .*U-boats and bombers \(35\.2\)", routes), routes
    assert panel.locator("[data-testid=track-lend-lease] li[data-route]").count() == 3
    air = panel.locator("[data-testid=track-air-war]").inner_text()
    assert "Western bombers fly this month" in air
    # Fog (1.3): the Soviets count the Reich's interceptors but never read their strength.
    assert "interceptors (their strength is hidden)" in air
    assert "at strength" not in air
    works = panel.locator("[data-testid=track-works]").inner_text()
    assert "Factories and bomb damage (15, 16, 32)" in works
    # Player words only: no keys, ids or key=value on screen.
    text = panel.inner_text()
    assert not re.search(r"\b[a-z]+_[a-z_]+\b|\w=\w|\{\w+\}", text), text
    ARTIFACTS.mkdir(exist_ok=True)
    panel.screenshot(path=str(ARTIFACTS / "browser-optional-tracks.png"))
    assert not errors, errors


def test_no_tracks_without_the_optional_rules(server: str, browser: Any) -> None:
    page, errors = front_page(browser, server, 30_000)
    # Without a decision of its own in the Axis turn, the page may pause at the handover:
    # the side panel is drawn all the same.
    new_sbe5(page, "none", until="[data-testid=weather-effect]")
    assert page.locator(SHOWN).count() == 0
    assert page.locator("[data-testid^=track-]").count() == 0
    assert not errors, errors
