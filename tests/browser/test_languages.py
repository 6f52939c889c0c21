"""The table in four languages (issue 18): the switch, the browser's own language by default,
and the legend, a prompt and the log read in Italian.

Debian's Chromium drives `hexfront serve` (fixtures in test_browser.py); screenshots go to
test-artifacts/.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .test_browser import front_page, hex_on_screen, shot

PROMPT = "[data-testid=prompt]"


def test_italian_switch_legend_prompt_and_log(server: str, browser: Any) -> None:
    page, errors = front_page(browser, server)
    page.wait_for_selector("[data-testid=new-sbe1]")
    assert page.inner_text("[data-testid=new-sbe1]") == "New game: SBE1 against the computer"
    assert page.get_attribute("html", "lang") == "en"

    # The switch reloads the page in Italian and is remembered in this browser.
    page.select_option("[data-testid=lang]", "it")
    page.wait_for_function("() => document.documentElement.lang === 'it'")
    page.wait_for_selector("[data-testid=new-sbe1]")
    assert page.inner_text("[data-testid=new-sbe1]") == "Nuova partita: SBE1 contro il computer"
    page.reload()
    page.wait_for_selector("[data-testid=new-sbe1]")
    assert page.inner_text("[data-testid=new-sbe1]").startswith("Nuova partita")
    shot(page, "40-front-page-it")

    page.click("[data-testid=new-sbe1]")
    page.wait_for_selector(f"{PROMPT}[data-kind=production]")
    page.wait_for_selector("svg.board g.block.mine")
    # A prompt: the rules' prompt said in Italian, with the phase's name from the rulebook.
    heading = page.inner_text(f"{PROMPT} h3")
    assert heading == "Spendi i PP: rinforza, ricostruisci, piazza i rinforzi; poi fine."
    assert "Fase di Produzione (7.3)" in page.inner_text(PROMPT)
    assert "Meteo" in page.inner_text("[data-testid=weather]") or "bel tempo" in page.inner_text(
        "[data-testid=weather]"
    )

    # The map legend.
    page.click("[data-testid=legend-toggle]")
    legend = "[data-testid=legend]"
    page.wait_for_selector(legend, state="visible")
    text = page.inner_text(legend)
    for words in (
        "Cosa mostra la mappa",
        "foresta",
        "palude",
        "fiume",
        "ferrovia",
        "senza rifornimento",
    ):
        assert words in text, words
    for english in ("river", "railway", "forest", "out of supply", "What the map shows"):
        assert not re.search(rf"\b{english}\b", text), english
    shot(page, "41-legend-it")
    page.keyboard.press("Escape")

    # Log lines: the turn with its month and weather, then a move of our own, by name.
    log = "[data-testid=log]"
    assert "Turno 1 (giugno 1941), meteo: bel tempo" in page.inner_text(log)
    page.click(f"{PROMPT} button[data-verb=done]")  # production
    page.wait_for_selector(f"{PROMPT}[data-kind=rail]")
    assert page.inner_text(f"{PROMPT} h3").startswith("Movimenti strategici in ferrovia")
    page.click(f"{PROMPT} button[data-verb=done]")  # strategic rail movement
    page.wait_for_selector(f"{PROMPT}[data-kind=move]")
    assert page.inner_text(f"{PROMPT} h3") == (
        "Muovi le unità terrestri; poi termina il movimento terrestre."
    )
    first = page.locator("[data-testid=unit-list] button[data-unit]").first
    unit = first.get_attribute("data-unit")
    start_hex = page.get_attribute(f"svg.board g.block[data-unit='{unit}']", "data-hex")
    page.mouse.click(*hex_on_screen(page, start_hex))
    page.wait_for_selector("svg.board g.highlight[data-dests]:not([data-dests=''])")
    page.wait_for_selector("[data-testid=destinations] button[data-to]")
    hint = page.inner_text("[data-testid=selected-hint]")
    assert "clicca un esagono giallo" in hint, hint
    unit = page.get_attribute("svg.board g.block.selected", "data-unit")
    move = page.locator("[data-testid=destinations] button[data-to]:not([data-attack])").first
    target = move.get_attribute("data-to")
    move.click()
    page.wait_for_selector(f"svg.board g.block[data-unit='{unit}'][data-hex='{target}']")
    lines = page.inner_text(log)
    assert " muove " in lines, lines[-500:]
    assert " moves " not in lines
    assert page.inner_text(f"{PROMPT} button[data-testid=undo]") == "Annulla"
    # Place names as the Italian rulebook and usage write them (data/place_names.toml):
    # Moscow's label on the map, and Danzig (1720) on a block's move buttons.
    assert page.text_content("svg.board text.place[data-hex='3620']") == "Mosca"
    other = next(u for u in ("ger-c-x", "ger-c-i") if u != unit)
    page.click(f"[data-testid=unit-list] button[data-unit='{other}']")
    assert page.inner_text("[data-testid=destinations] button[data-to='1720']") == "Danzica (1720)"
    shot(page, "42-move-it")
    assert not errors, errors


def test_the_browsers_language_is_the_default(server: str, chromium: Any) -> None:
    """A browser set to Spanish (its Accept-Language) gets the Spanish page until a switch."""
    context = chromium.new_context(locale="es-ES", viewport={"width": 1200, "height": 800})
    try:
        page, errors = front_page(context, server)
        page.wait_for_selector("[data-testid=new-sbe1]")
        assert page.get_attribute("html", "lang") == "es"
        assert (
            page.inner_text("[data-testid=new-sbe1]") == "Nueva partida: SBE1 contra el ordenador"
        )
        page.select_option("[data-testid=lang]", "fr")
        page.wait_for_function("() => document.documentElement.lang === 'fr'")
        page.wait_for_selector("[data-testid=new-sbe1]")
        assert (
            page.inner_text("[data-testid=new-sbe1]")
            == "Nouvelle partie : SBE1 contre l'ordinateur"
        )
        assert not errors, errors
    finally:
        context.close()


def test_the_new_game_form_names_scenarios_and_options_in_french(
    server: str, chromium: Any
) -> None:
    """The new-game form in French: BITE's scenarios as the French rulebook names them,
    Stalin's War's scenarios and its options' labels and choices in French (the server's
    catalogue answers in the page's language), no English label left."""
    context = chromium.new_context(locale="fr-FR", viewport={"width": 1200, "height": 900})
    try:
        page, errors = front_page(context, server)
        scenario = "select[name=scenario]"
        page.wait_for_selector(f"{scenario} option[value=SBE6]", state="attached")
        names = page.inner_text(scenario)
        for french in ("La route de Leningrad", "Opération Barbarossa", "Fall Blau"):
            assert french in names, names
        options = page.inner_text("form .options")
        assert "Brouillard de guerre" in options, options
        page.select_option("select[name=game]", "stalins_war")
        page.wait_for_selector(f"{scenario} option[value=campaign]", state="attached")
        assert "Campagne" in page.inner_text(scenario)
        page.wait_for_selector("select[name='opt:no_retreat_in_rough']", state="attached")
        options = page.inner_text("form .options")
        for french in (
            "Refus de retraite en terrain accidenté",
            "oui, comme le montre la Table des effets du terrain",
            "Enchères (règle 21)",
            "pas d'enchère",
        ):
            assert french in options, (french, options)
        form = names + page.inner_text("form")
        for english in ("Road to", "Fog of war", "No-Retreat", "Bidding", "Campaign"):
            assert english not in form, english
        shot(page, "43-new-game-form-fr")
        assert not errors, errors
    finally:
        context.close()


# Words of English that neither Spanish nor French uses (unit names are never translated, so
# they are left out of the text checked: the page names units in their own tongue).
ENGLISH = (
    "the", "and", "then", "moves", "move", "done", "turn", "weather", "click", "your", "with",
    "units", "undo", "end", "good", "waiting", "supply", "attack", "block", "hexes",
)  # fmt: skip
WORDS = {
    "es": {"lang": "es-ES", "moves": " mueve ", "undo": "Deshacer", "turn": "Turno 1 (junio"},
    "fr": {"lang": "fr-FR", "moves": " se déplace ", "undo": "Annuler", "turn": "Tour 1 (juin"},
}  # fmt: skip


def no_english(text: str, names: list[str]) -> list[str]:
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return [w for w in ENGLISH if re.search(rf"\b{w}\b", text, re.IGNORECASE)]


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_a_short_bite_turn_in_spanish_and_french(server: str, chromium: Any, lang: str) -> None:
    """SBE1 from a browser set to Spanish or French: select a block, move it by a map click,
    end the phase; the prompts and the log have no English word left."""
    w = WORDS[lang]
    context = chromium.new_context(locale=w["lang"], viewport={"width": 1400, "height": 900})
    try:
        page, errors = front_page(context, server)
        page.wait_for_selector("[data-testid=new-sbe1]")
        assert page.get_attribute("html", "lang") == lang
        page.click("[data-testid=new-sbe1]")
        page.wait_for_selector(f"{PROMPT}[data-kind=production]")
        page.wait_for_selector("svg.board g.block.mine")
        log = "[data-testid=log]"
        assert w["turn"] in page.inner_text(log), page.inner_text(log)[:300]
        prompts = [page.inner_text(PROMPT)]
        page.click(f"{PROMPT} button[data-verb=done]")  # production
        page.wait_for_selector(f"{PROMPT}[data-kind=rail]")
        prompts.append(page.inner_text(PROMPT))
        page.click(f"{PROMPT} button[data-verb=done]")  # strategic rail movement
        page.wait_for_selector(f"{PROMPT}[data-kind=move]")

        # Select a block by clicking it on the map, then move it by clicking a lit hex.
        unit = page.locator("[data-testid=unit-list] button[data-unit]").first.get_attribute(
            "data-unit"
        )
        start_hex = page.get_attribute(f"svg.board g.block[data-unit='{unit}']", "data-hex")
        page.mouse.click(*hex_on_screen(page, start_hex))
        page.wait_for_selector("[data-testid=destinations] button[data-to]")
        unit = page.get_attribute("svg.board g.block.selected", "data-unit")
        prompts.append(page.inner_text(PROMPT))
        target = page.locator(
            "[data-testid=destinations] button[data-to]:not([data-attack])"
        ).first.get_attribute("data-to")
        page.mouse.click(*hex_on_screen(page, target))
        page.wait_for_selector(f"svg.board g.block[data-unit='{unit}'][data-hex='{target}']")
        assert page.inner_text(f"{PROMPT} button[data-testid=undo]") == w["undo"]
        prompts.append(page.inner_text(PROMPT))
        lines = page.inner_text(log)
        assert w["moves"] in lines, lines[-500:]

        # End the phase: the air phase's prompt, still in the page's language.
        page.click(f"{PROMPT} button[data-verb=end_ground]")
        page.wait_for_selector(f"{PROMPT}[data-kind=air]")
        prompts.append(page.inner_text(PROMPT))
        names = page.locator("svg.board g.block.mine").evaluate_all(
            "bs => bs.map(b => (b.querySelector('title') || {}).textContent || '')"
        )
        names = [n.split(" (")[0] for n in names if n]
        assert names
        for text in [*prompts, page.inner_text(log)]:
            assert not no_english(text, names), (no_english(text, names), text)
        shot(page, f"44-short-turn-{lang}")
        assert not errors, errors
    finally:
        context.close()
