"""The table tells the game's story (issue 18, points 2, 4, 6, 7 and 10): places by name and
hex ids at close zoom, combat explained, a pause at the handover with the opponent's moves
replayed on request, enemy moves drawn as arrows, and the end-of-game report.

Each test drives Debian's Chromium against `hexfront serve` (fixtures in test_browser.py) and
saves screenshots into test-artifacts/ (git-ignored).
"""

from __future__ import annotations

import re
from typing import Any

from .test_browser import hex_on_screen, shot
from .test_table import PROMPT, start_sbe1, to_movement

ID = re.compile(r"^\d{4}$")


def board_places(page: Any, scenario: str = "SBE1") -> dict[str, str]:
    """Hex id -> place name, from the board the client draws."""
    places = page.evaluate(
        "(sc) => fetch(`/api/games/catalog/bite/board?scenario=${sc}`).then(r => r.json()).then(b => b.places)",
        scenario,
    )
    return {p["hex"]: p["name"] for p in places}


def test_places_by_name_and_hex_ids_at_close_zoom(server: str, browser: Any) -> None:
    page, errors = start_sbe1(browser, server)
    places = board_places(page)
    # Far out, no hex ids are drawn.
    page.click("[data-testid=zoom-map]")
    assert page.locator("svg.board g.hexids text.hexid").count() == 0
    to_movement(page)
    # Find a block with a destination at a named place and one at an unnamed hex.
    units = page.locator("[data-testid=unit-list] button[data-unit]")
    named: tuple[str, str] | None = None
    bare: tuple[str, str] | None = None
    for i in range(units.count()):
        units.nth(i).click()
        page.wait_for_selector("[data-testid=destinations] button[data-to]")
        for b in page.locator("[data-testid=destinations] button[data-to]").all():
            to, text = b.get_attribute("data-to"), b.inner_text()
            if to in places and not named:
                named = (to, text)
            elif to not in places and not bare:
                bare = (to, text)
        if named and bare:
            break
    assert named and bare, (named, bare)
    # Buttons say "Kiev (2025)" where the hex has a name, the bare id elsewhere.
    assert named[1].endswith(f"{places[named[0]]} ({named[0]})"), named
    assert bare[1].endswith(bare[0]) and "(" not in bare[1], bare
    # Zoom in on the selected block: every hex in view shows its id.
    for _ in range(4):
        page.click("[data-testid=zoom-in]")
    ids = page.locator("svg.board g.hexids text.hexid")
    assert ids.count() > 20
    for t in ids.all()[:50]:
        text = t.text_content() or ""
        assert ID.match(text) and text == t.get_attribute("data-hex"), text
    selected_hex = page.get_attribute("svg.board g.block.selected", "data-hex")
    assert page.locator(f"svg.board text.hexid[data-hex='{selected_hex}']").count() == 1
    shot(page, "30-hex-ids-close")
    # The hover tip and the log speak of places by name too.
    page.mouse.move(*hex_on_screen(page, selected_hex))
    tip = page.inner_text("[data-testid=hex-tip]")
    label = f"{places[selected_hex]} ({selected_hex})" if selected_hex in places else selected_hex
    assert tip.startswith(label), tip
    page.click(f"[data-testid=destinations] button[data-to='{named[0]}']")
    page.wait_for_function(
        "(l) => document.querySelector('[data-testid=log]').innerText.includes(l)",
        arg=f"{places[named[0]]} ({named[0]})",
    )
    log = page.inner_text("[data-testid=log]")
    assert not re.search(r"\b\d{4} \(", log), log  # never "2020 (Insterburg)"
    # Zoomed out again, the ids go.
    page.click("[data-testid=zoom-map]")
    assert page.locator("svg.board g.hexids text.hexid").count() == 0
    shot(page, "31-places-by-name")
    assert not errors, errors
