"""A retreat is offered in the browser (issue 18, point 4: "no retreat offered").

After the ground step of each round the defender, then the attacker, may pull ground units
out of the battle one hex (7.7.14-7.7.18; rules/combat.py, RetreatChoice). The server has no
route to start a game from a position file, so the battle is reached by play: a seeded SBE1
game as the Axis against the computer, where the XXXXI Panzer Corps attacks from Tilsit
(2120) across the river into 2220 (as test_story's battle). At the attacker's retreat prompt
the page must say "retreat" in words, light the hexes the corps may fall back to and offer
them as buttons; a click on a lit hex moves the block there.

The same holds in a battle of the Blitz Phase (7.8: its battles are fought round by round
like any other, retreats included). In the seeded game BLITZ_SEED both Panzer corps take
2119 from the 12th Mechanized Corps in the Combat Phase; the LVI Panzer Corps then blitzes
into the 8th Army at 2219, the 8th Army stands after the first round, and the corps is
offered 2119 and 2120 to fall back to (checked with the rules engine and the same seeds).

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


BLITZ_SEED = 2
BLITZER = "ger-pz-lvi"
TAKEN = "2119"  # the 12th Mechanized Corps' hex, taken in the Combat Phase
BLITZED = "2219"  # the 8th Army's hex, attacked in the Blitz Phase


def to_the_attackers_retreat(page: Any, unit: str = CORPS, target: str = TARGET) -> bool:
    """Fight the battle at `target` the quickest way until the Axis (attacker) is asked to
    retreat `unit`; False if the battle ended first."""
    for _ in range(80):
        page.wait_for_selector(f"{READY}, [data-testid=handover]:visible", timeout=60_000)
        kind = page.get_attribute(PROMPT, "data-kind")
        if (
            kind == "retreat"
            and page.locator(f"{PROMPT} [data-testid=unit-list] button[data-unit={unit}]").count()
        ):
            return True
        if kind in ("over", "production") or (
            page.locator(f"[data-testid=battle][data-over=true][data-hex='{target}']").count()
        ):
            return False
        click_on(page)
    return False


def lit_retreat_hexes(page: Any) -> list[str]:
    """The hexes lit for the selected unit's retreat, once the map lights them; each is
    offered by a button whose verb is a retreat and whose title says so in words."""
    page.wait_for_selector("svg.board g.highlight[data-dests]:not([data-dests=''])")
    lit = (page.get_attribute("svg.board g.highlight", "data-dests") or "").split()
    buttons = page.locator(f"{PROMPT} [data-testid=destinations] button[data-to]")
    offered = sorted(buttons.evaluate_all("bs => bs.map(b => b.dataset.to)"))
    assert offered == sorted(lit), (offered, lit)
    for button in buttons.all():
        assert button.get_attribute("data-verb") == "retreat"
        title = button.get_attribute("title") or ""
        assert title.startswith("retreat "), title
        assert button.inner_text() in title, title
    return lit


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
    page.wait_for_selector(f"{PROMPT}:not([data-kind=air])")  # no stale panel for the loop

    assert to_the_attackers_retreat(page), "the battle ended before the Axis could retreat"
    # The prompt says it in words, with the way to refuse beside it.
    words = page.inner_text(PROMPT)
    assert "Retreat units from the battle, or stand." in words, words
    assert page.locator(f"{PROMPT} button[data-verb=stand]").count() == 1
    # Select the corps (if the page has not already): its retreat hexes light up on the map
    # and are offered as buttons.
    if page.get_attribute("svg.board g.block.selected", "data-unit") != CORPS:
        page.click(f"{PROMPT} [data-testid=unit-list] button[data-unit={CORPS}]")
    lit = lit_retreat_hexes(page)
    assert lit, "no hex lit for the retreat"
    assert TARGET not in lit, lit
    shot(page, "45-retreat-offered")

    # A click on a lit hex: the corps falls back there, out of the battle hex.
    to = lit[0]
    page.mouse.click(*hex_on_screen(page, to))
    page.wait_for_selector(f"svg.board g.block[data-unit={CORPS}][data-hex='{to}']")
    assert page.locator(f"svg.board g.block[data-unit={CORPS}][data-hex='{TARGET}']").count() == 0
    assert "retreats" in page.inner_text("[data-testid=log]")
    shot(page, "46-retreat-taken")
    assert not errors, errors


def to_the_blitz(page: Any) -> bool:
    """Play the quickest way until the Axis is asked for its blitz moves (7.8); False if
    the turn went past the Blitz Phase."""
    for _ in range(80):
        page.wait_for_selector(f"{READY}, [data-testid=handover]:visible", timeout=60_000)
        kind = page.get_attribute(PROMPT, "data-kind")
        if kind == "blitz":
            return True
        if kind in ("over", "production", "exploit"):
            return False
        click_on(page)
    return False


def test_a_blitz_battle_offers_the_attacker_a_retreat(server: str, browser: Any) -> None:
    page, errors = start_seeded(browser, server, BLITZ_SEED)
    to_movement(page)
    for unit in ("ger-pz-xxxxi", BLITZER):
        page.click(f"[data-testid=unit-list] button[data-unit={unit}]")
        page.click(f"[data-testid=destinations] button[data-to='{TAKEN}']")
        page.wait_for_selector(f"svg.board g.block[data-unit={unit}][data-hex='{TAKEN}']")
    page.click(f"{PROMPT} button[data-verb=end_ground]")
    page.wait_for_selector(f"{PROMPT}[data-kind=air]")
    page.click(f"{PROMPT} button[data-verb=done]")
    # The panel must have left the air prompt before the loop reads it: a stale panel
    # would take the loop's click meant for the next one.
    page.wait_for_selector(f"{PROMPT}:not([data-kind=air])")

    # 7.8: the corps that won at TAKEN pushes on into the enemy, a new battle.
    assert to_the_blitz(page), "the turn went past the Blitz Phase"
    page.click(f"{PROMPT} [data-testid=unit-list] button[data-unit={BLITZER}]")
    push = page.locator(f"{PROMPT} [data-testid=destinations] button[data-to='{BLITZED}']")
    assert push.get_attribute("data-verb") == "blitz"
    assert push.get_attribute("data-attack") is not None  # drawn as an attack, not a move
    assert (push.get_attribute("title") or "").startswith("blitz attack on "), push.get_attribute(
        "title"
    )
    push.click()
    page.wait_for_selector(f"svg.board g.block[data-unit={BLITZER}][data-hex='{BLITZED}']")
    page.click(f"{PROMPT} button[data-verb=done]")
    page.wait_for_selector(f"{PROMPT}:not([data-kind=blitz])")  # as above

    assert to_the_attackers_retreat(page, BLITZER, BLITZED), (
        "the blitz battle ended before the Axis could retreat"
    )
    # The page says it is a blitz battle: in the battle panel, the phase and the prompt.
    battle = f"[data-testid=battle][data-hex='{BLITZED}']"
    assert page.get_attribute(battle, "data-over") == "false"
    title = page.inner_text(f"{battle} h3")
    assert "(blitz)" in title, title
    assert "Blitz combat" in page.inner_text("[data-testid=phase]")
    words = page.inner_text(PROMPT)
    assert "Blitz combat" in words, words
    assert "round 1" in page.inner_text(f"{PROMPT} [data-testid=battle-now]")
    # ... and offers the retreat in words, with the way to refuse beside it.
    assert "Retreat units from the battle, or stand." in words, words
    assert page.locator(f"{PROMPT} button[data-verb=stand]").count() == 1
    if page.get_attribute("svg.board g.block.selected", "data-unit") != BLITZER:
        page.click(f"{PROMPT} [data-testid=unit-list] button[data-unit={BLITZER}]")
    lit = lit_retreat_hexes(page)
    # 7.7.14-7.7.15: back to the hex it came from, or to Tilsit, both held by the Axis.
    assert sorted(lit) == [TAKEN, "2120"], lit
    shot(page, "47-blitz-retreat-offered")

    # A click on a lit hex: the corps falls back there, and the blitz battle is over.
    to = lit[0]
    page.mouse.click(*hex_on_screen(page, to))
    page.wait_for_selector(f"svg.board g.block[data-unit={BLITZER}][data-hex='{to}']")
    assert (
        page.locator(f"svg.board g.block[data-unit={BLITZER}][data-hex='{BLITZED}']").count() == 0
    )
    assert "LVI Panzer Corps retreats" in page.inner_text("[data-testid=log]")
    page.wait_for_selector(f"{battle}[data-over=true]")
    shot(page, "48-blitz-retreat-taken")
    assert not errors, errors


AIR = "ger-fk-i"  # I Fliegerkorps, flown to the battle


def stand(page: Any) -> None:
    """Answer a retreat prompt with "stand" and wait until the page has drawn the server's
    answer (the next prompt may read exactly as this one: same kind, no new log line)."""
    button = page.locator(f"{PROMPT} button[data-verb=stand]")
    assert button.count() == 1
    old = button.element_handle()
    with page.expect_response(lambda r: r.request.method == "POST" and "/actions" in r.url):
        button.click()
    page.wait_for_function("(b) => !b.isConnected", arg=old)


def test_the_air_retreat_prompt_says_the_round_and_the_fire_step(server: str, browser: Any) -> None:
    """The issue's "Retreat air units... or stand", asked again after each fire step
    (7.7.13): each time the prompt says the round and the fire it comes after. In seed 7
    I Fliegerkorps flies to the XXXXI Panzer Corps' battle at 2220: the Soviet
    anti-aircraft fire, then the Fliegerkorps' air-to-ground fire, each followed by the
    question."""
    page, errors = start_seeded(browser, server, 7)
    to_movement(page)
    page.click(f"[data-testid=unit-list] button[data-unit={CORPS}]")
    page.click(f"[data-testid=destinations] button[data-to='{TARGET}']")
    page.wait_for_selector(f"svg.board g.stack[data-hex='{TARGET}'] g.block.mine")
    page.click(f"{PROMPT} button[data-verb=end_ground]")
    page.wait_for_selector(f"{PROMPT}[data-kind=air]")
    page.click(f"{PROMPT} [data-testid=unit-list] button[data-unit={AIR}]")
    page.click(f"{PROMPT} [data-testid=destinations] button[data-verb=fly][data-to='{TARGET}']")
    page.wait_for_selector(f"svg.board g.block.flying[data-unit={AIR}][data-hex='{TARGET}']")
    page.click(f"{PROMPT} button[data-verb=done]")
    page.wait_for_selector(f"{PROMPT}:not([data-kind=air])")  # no stale panel for the loop

    battle = f"[data-testid=battle][data-hex='{TARGET}']"
    asked: list[str] = []
    for _ in range(40):
        page.wait_for_selector(f"{READY}, [data-testid=handover]:visible", timeout=60_000)
        if page.locator(f"{battle}[data-over=true]").count():
            break
        words = page.inner_text(PROMPT)
        if "Retreat air units from the battle, or stand." in words:
            now = page.inner_text(f"{PROMPT} [data-testid=battle-now]")
            if not asked:
                shot(page, "50-air-retreat-round-and-step")
            asked.append(now)
            stand(page)
        else:
            click_on(page)
    assert len(asked) >= 3, asked  # asked again: after each fire step
    for now in asked:
        assert now.startswith(f"Battle at {TARGET}, round 1 — after "), now
    # The first after the defender's anti-aircraft fire, the next after the air unit's own,
    # the third after the artillery step, in which nobody fired: the prompt names its step
    # (the engine's retreat offer says which fire it follows), so it never reads as before.
    assert asked[0].endswith("after anti-aircraft fire, the defender"), asked
    assert asked[1].endswith("after air-to-ground fire, the attacker"), asked
    assert asked[2].endswith("after artillery fire, nobody fired"), asked
    assert not errors, errors
