"""SBE5, Operation Barbarossa, played through the page for its whole first turn (issue 14).

Both sides sit at one screen (hotseat, with the cover between them) and deploy by hand.
The Soviets keep the standard deployment, then the Axis, in its Movement Phase, activates
Panzergruppe 3 (13.3), puts XXXIX Panzer Corps under its command (13.4) and moves it; the
page shows the HQ's mark and action points, the log says it in words, the panzer corps
leaves limited supply (13.5), and the HQ is deactivated at the end of the Blitz Phase
(13.6). The Soviet player turn is passed through, and the Axis's second Production Phase
shows the coloured PP Germany collected (11.0-11.2). Chromium and the server come from
test_browser.py; screenshots go to test-artifacts/.
"""

from __future__ import annotations

import re
from typing import Any

from .test_browser import ARTIFACTS, front_page, shot

PROMPT = "[data-testid=prompt]"
READY = f"{PROMPT}[data-kind]:not([data-kind='']):not([data-kind=waiting])"
COVER = "[data-testid=cover]"
HQ = "ger-pzgr-3"  # Panzergruppe 3, an Armor-HQ at Suwałki's border (2022)
PANZER = "ger-pz-xxxix"  # XXXIX Panzer Corps, in its command range


def log_text(page: Any) -> str:
    return str(page.inner_text("[data-testid=log]"))


def next_decision(page: Any, side: str) -> str:
    """Wait for the next decision (passing the cover to ``side`` if it is up); its kind."""
    page.wait_for_selector(f"{READY}, {COVER}:visible", timeout=60_000)
    if page.locator(f"{COVER}:visible").count():
        cover = page.inner_text(COVER)
        assert side in cover, cover
        page.click("[data-testid=cover-ready]")
        page.wait_for_selector(READY, timeout=60_000)
    return str(page.get_attribute(PROMPT, "data-kind"))


def decide(page: Any, selector: str) -> None:
    """Click a button of the prompt and wait until the page has moved on."""
    before = page.evaluate(
        "() => [document.querySelector('[data-testid=prompt]')?.dataset.kind ?? '',"
        " document.querySelector('[data-testid=log]')?.innerText ?? '']"
    )
    page.click(selector)
    page.wait_for_function(
        """([kind, log]) => {
            const cover = document.querySelector('[data-testid=cover]');
            if (cover && !cover.hidden) return true;
            const p = document.querySelector('[data-testid=prompt]');
            const l = document.querySelector('[data-testid=log]');
            return !p || !l || p.dataset.kind !== kind || l.innerText !== log;
        }""",
        arg=before,
        timeout=60_000,
    )


def part(page: Any, selector: str, name: str) -> None:
    """A screenshot of one element of the page (the side panel, a block)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(selector).first.screenshot(path=str(ARTIFACTS / f"browser-{name}.png"))


def block(page: Any, unit: str) -> Any:
    return page.locator(f"svg.board g.block[data-unit='{unit}']")


def test_sbe5_first_turn_with_an_hq_activation(server: str, browser: Any) -> None:
    page, errors = front_page(browser, server, 30_000)
    page.wait_for_selector("select[name=scenario] option[value=SBE5]", state="attached")
    # The new-game form offers SBE5's own option only for SBE5 (and SBE9).
    page.select_option("select[name=scenario]", "SBE1")
    assert page.locator("select[name='opt:luftwaffe_total_supremacy']").count() == 0
    page.select_option("select[name=scenario]", "SBE5")
    assert page.locator("select[name='opt:luftwaffe_total_supremacy']").count() == 1
    option = page.locator("label:has(select[name='opt:luftwaffe_total_supremacy'])")
    assert option.inner_text().startswith("Luftwaffe total supremacy")
    assert "surprise turn" in (option.get_attribute("title") or "")
    page.select_option("select[name=side]", "axis")
    page.select_option("select[name=opponent]", "hotseat")
    page.select_option("select[name='opt:deployment']", "by_hand")
    page.click("form.new-game button[type=submit]")

    # The Soviets deploy first: they keep the standard deployment.
    assert next_decision(page, "Soviet") == "deploy"
    assert "Deploy by hand" in page.inner_text(PROMPT)
    decide(page, f"{PROMPT} button[data-verb=done]")
    assert next_decision(page, "Axis") == "deploy"
    assert "Soviet deployment done" in log_text(page)
    decide(page, f"{PROMPT} button[data-verb=done]")

    # Turn 1, June 1941: the weather and what it does, no PP yet, no HQ activated.
    assert next_decision(page, "Axis") == "production"
    assert "1 of 6" in page.inner_text("[data-testid=turn]")
    assert page.inner_text("[data-testid=weather]").endswith("good")
    effect = page.locator("[data-testid=weather-effect]")
    assert effect.get_attribute("data-weather") == "good"
    assert effect.inner_text().startswith("Fair weather")
    assert page.locator("[data-testid=pp-none]").count() == 1
    assert page.locator("[data-testid=hq-none]").count() == 1
    # Armour with no HQ's command is in limited supply (13.5): panel, barrel and tooltip.
    limited = page.locator("[data-testid=supply-list] li[data-supply=limited]")
    assert "XXXIX Panzer Corps" in limited.inner_text()
    assert block(page, PANZER).get_attribute("data-supply") == "limited"
    assert "limited supply" in (block(page, PANZER).locator("title").first.text_content() or "")
    decide(page, f"{PROMPT} button[data-verb=done]")

    # Strategic rail movement: the FHQ has activated itself (13.8.2).
    assert next_decision(page, "Axis") == "rail"
    assert page.locator("[data-testid=hq-list] li[data-hq=ger-fhq]").count() == 1
    assert block(page, "ger-fhq").get_attribute("data-hq-left") == "4"
    decide(page, f"{PROMPT} button[data-verb=done]")

    # Movement: activate Panzergruppe 3 where it stands (13.3).
    assert next_decision(page, "Axis") == "move"
    activate = f"[data-testid=activate-list] button[data-hq={HQ}]"
    assert page.inner_text(activate).startswith("activate Panzergruppe 3")
    assert "Activate an HQ (13.3)" in page.inner_text(PROMPT)
    shot(page, "sbe5-01-before-activation")
    decide(page, activate)
    page.wait_for_selector(f"svg.board g.block.hq-active[data-unit={HQ}]")
    assert block(page, HQ).get_attribute("data-hq-left") == "4"
    assert block(page, HQ).locator(".hq-badge-text").text_content() == "4"
    assert re.search(
        r"Panzergruppe 3 \(Axis armour HQ\) is activated at .*2022\)? with 4 action points \(13\.3\)",
        log_text(page),
    ), log_text(page)
    page.click("[data-testid=legend-toggle]")  # the legend explains the new marks
    legend = page.locator("[data-testid=legend]")
    assert "an activated HQ" in legend.locator("li[data-key=hq_active]").inner_text()
    assert "limited supply" in legend.locator("li[data-key=barrel_limited]").inner_text()
    page.click("[data-testid=legend-toggle]")
    row = page.inner_text(f"[data-testid=hq-list] li[data-hq={HQ}]")
    assert "4 of 4 action points left" in row, row
    assert "command range 5 hexes" in row, row
    # A click on the HQ marks on the map the units it may still command (13.4).
    may = int(re.findall(r"units it may still command: (\d+)", row)[0])
    page.click(f"[data-testid=hq-list] li[data-hq={HQ}]")
    page.wait_for_selector(f"svg.board g.block.may-command[data-unit={PANZER}]")
    assert page.locator("svg.board g.block.may-command").count() == may

    # Put XXXIX Panzer Corps under its command (13.4): one action point, full supply.
    # The prompt lists every command; selecting the panzer corps offers its own beside its moves.
    listed = f"{PROMPT} .choices:not(.hq-actions) button[data-verb=command][data-unit={PANZER}]"
    assert page.locator(f"{listed}[data-hq={HQ}]").count() == 1
    page.click(f"{PROMPT} [data-testid=unit-list] button[data-unit={PANZER}]")
    command = f"{PROMPT} [data-testid=hq-actions] button[data-verb=command][data-hq={HQ}]"
    assert "under the command of Panzergruppe 3" in page.inner_text(command)
    assert "limited supply" in page.inner_text(f"{PROMPT} button[data-unit={PANZER}][aria-pressed]")
    decide(page, command)
    page.wait_for_selector(f"svg.board g.block[data-unit={HQ}][data-hq-left='3']")
    assert (
        "XXXIX Panzer Corps is under the command of Panzergruppe 3 this turn "
        "(3 action points left)" in log_text(page)
    )
    assert block(page, PANZER).get_attribute("data-supply") is None
    assert "XXXIX Panzer Corps" not in page.inner_text("[data-testid=supply-list]")
    assert "3 of 4 action points left" in page.inner_text(f"[data-testid=hq-list] li[data-hq={HQ}]")

    # Move it: its full allowance, to a hex without enemy blocks.
    start = block(page, PANZER).get_attribute("data-hex")
    pick = page.locator(f"{PROMPT} [data-testid=unit-list] button[data-unit={PANZER}]")
    if pick.get_attribute("aria-pressed") != "true":  # still selected after the command
        pick.click()
    dests = page.locator(f"{PROMPT} [data-testid=destinations] button[data-to]:not([data-attack])")
    assert dests.count() > 3
    target = dests.first.get_attribute("data-to")
    decide(
        page, f"{PROMPT} [data-testid=destinations] button[data-to='{target}']:not([data-attack])"
    )
    page.wait_for_selector(f"svg.board g.block[data-unit={PANZER}][data-hex='{target}']")
    assert target != start
    assert re.search(r"XXXIX Panzer Corps moves .*→", log_text(page)), log_text(page)
    shot(page, "sbe5-02-activated-and-moved")
    part(page, "[data-testid=advanced]", "sbe5-02-panel")
    page.click(f"[data-testid=hq-list] li[data-hq={HQ}]")  # brings the HQ into view
    for _ in range(3):
        page.click("[data-testid=map-tools] button >> nth=0")  # zoom in
    part(page, ".map-wrap", "sbe5-02-map")

    # To the end of the Axis player turn: the HQs lose a step and hide again (13.6).
    kinds = []
    for _ in range(20):
        page.wait_for_selector(f"{READY}, {COVER}:visible", timeout=60_000)
        if page.locator(f"{COVER}:visible").count():
            break
        kind = str(page.get_attribute(PROMPT, "data-kind"))
        kinds.append(kind)
        if kind == "exploit":
            assert re.search(
                r"Panzergruppe 3 is deactivated and hidden again, one step weaker: strength \d \(13\.6\)",
                log_text(page),
            ), log_text(page)
            assert block(page, HQ).count() == 1
            assert "hq-active" not in (block(page, HQ).get_attribute("class") or "")
            assert page.locator("[data-testid=hq-none]").count() == 1
            shot(page, "sbe5-03-axis-turn-over")
        decide(page, f"{PROMPT} .ends button.primary")
    assert "exploit" in kinds, (kinds, log_text(page))

    # The Soviet player turn, passed through; then the Axis's second Production Phase.
    for _ in range(40):
        page.wait_for_selector(f"{READY}, {COVER}:visible", timeout=60_000)
        if page.locator(f"{COVER}:visible").count():
            page.click("[data-testid=cover-ready]")
            page.wait_for_selector(READY, timeout=60_000)
        phase = page.inner_text("[data-testid=phase]")
        kind = page.get_attribute(PROMPT, "data-kind")
        if kind == "production" and "Axis: Production" in phase:
            break
        ends = page.locator(f"{PROMPT} .ends button.primary")
        decide(
            page,
            f"{PROMPT} .ends button.primary"
            if ends.count()
            else f"{PROMPT} .choices button[data-verb]",
        )
    assert "2 of 6" in page.inner_text("[data-testid=turn]")
    germany = page.locator("[data-testid=pp-table] tr[data-power=germany]")
    red = germany.locator("td[data-colour=red]")
    assert int(red.get_attribute("data-income") or 0) > 0
    assert int(red.get_attribute("data-stock") or 0) > 0
    assert int(germany.locator("td[data-colour=blue]").get_attribute("data-stock") or 0) > 0
    assert "red (armour)" in page.inner_text("[data-testid=coloured-to-spend]")
    assert "Germany also collects" in log_text(page)
    shot(page, "sbe5-04-axis-production-turn-2")
    part(page, "[data-testid=advanced]", "sbe5-04-panel")
    part(page, PROMPT, "sbe5-04-prompt")
    assert not errors, errors
