"""A retreat is offered in the browser (issue 18, point 4: "no retreat offered").

After the ground step of each round the defender, then the attacker, may pull ground units
out of the battle one hex (7.7.14-7.7.18; rules/combat.py, RetreatChoice). The server has no
route to start a game from a position file, so the battle is reached by play: a seeded SBE1
game as the Axis against the computer, where the XXXXI Panzer Corps attacks from Tilsit
(2120) across the river into 2220 (as test_story's battle). At the attacker's retreat prompt
the page must say "retreat" in words, light the hexes the corps may fall back to and offer
them as buttons; a click on a lit hex moves the block there.

Drives Debian's Chromium against `hexfront serve` (fixtures in test_browser.py); screenshots
go to test-artifacts/ (git-ignored).
"""

from __future__ import annotations

from typing import Any

from .test_browser import hex_on_screen, shot
from .test_story import READY, click_on, start_seeded
from .test_table import PROMPT, to_movement

CORPS = "ger-pz-xxxxi"
TARGET = "2220"


def to_the_attackers_retreat(page: Any) -> bool:
    """Fight the battle at TARGET the quickest way until the Axis (attacker) is asked to
    retreat its ground units; False if the battle ended first."""
    for _ in range(80):
        page.wait_for_selector(f"{READY}, [data-testid=handover]:visible", timeout=60_000)
        kind = page.get_attribute(PROMPT, "data-kind")
        if (
            kind == "retreat"
            and page.locator(f"{PROMPT} [data-testid=unit-list] button[data-unit={CORPS}]").count()
        ):
            return True
        if kind in ("over", "production") or (
            page.locator(f"[data-testid=battle][data-over=true][data-hex='{TARGET}']").count()
        ):
            return False
        click_on(page)
    return False


def test_the_attacker_is_offered_a_retreat_and_it_moves_the_block(
    server: str, browser: Any
) -> None:
    page, errors = start_seeded(browser, server, 7)
    to_movement(page)
    page.click(f"[data-testid=unit-list] button[data-unit={CORPS}]")
    page.click(f"[data-testid=destinations] button[data-to='{TARGET}']")
    page.wait_for_selector(f"svg.board g.stack[data-hex='{TARGET}'] g.block.mine")
    page.click(f"{PROMPT} button[data-verb=end_ground]")
    page.wait_for_selector(f"{PROMPT}[data-kind=air]")
    page.click(f"{PROMPT} button[data-verb=done]")

    assert to_the_attackers_retreat(page), "the battle ended before the Axis could retreat"
    # The prompt says it in words, with the way to refuse beside it.
    words = page.inner_text(PROMPT)
    assert "Retreat units from the battle, or stand." in words, words
    assert page.locator(f"{PROMPT} button[data-verb=stand]").count() == 1
    # Select the corps (if the page has not already): its retreat hexes light up on the map
    # and are offered as buttons.
    if page.get_attribute("svg.board g.block.selected", "data-unit") != CORPS:
        page.click(f"{PROMPT} [data-testid=unit-list] button[data-unit={CORPS}]")
    page.wait_for_selector("svg.board g.highlight[data-dests]:not([data-dests=''])")
    lit = (page.get_attribute("svg.board g.highlight", "data-dests") or "").split()
    assert lit, "no hex lit for the retreat"
    assert TARGET not in lit, lit
    buttons = page.locator(f"{PROMPT} [data-testid=destinations] button[data-to]")
    offered = sorted(buttons.evaluate_all("bs => bs.map(b => b.dataset.to)"))
    assert offered == sorted(lit), (offered, lit)
    # Each button names the hex; its verb is a retreat and its title says so in words.
    for button in buttons.all():
        assert button.get_attribute("data-verb") == "retreat"
        title = button.get_attribute("title") or ""
        assert title.startswith("retreat "), title
        assert button.inner_text() in title, title
    shot(page, "45-retreat-offered")

    # A click on a lit hex: the corps falls back there, out of the battle hex.
    to = lit[0]
    page.mouse.click(*hex_on_screen(page, to))
    page.wait_for_selector(f"svg.board g.block[data-unit={CORPS}][data-hex='{to}']")
    assert page.locator(f"svg.board g.block[data-unit={CORPS}][data-hex='{TARGET}']").count() == 0
    assert "retreats" in page.inner_text("[data-testid=log]")
    shot(page, "46-retreat-taken")
    assert not errors, errors
