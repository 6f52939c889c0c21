"""Stalin's War's table in Italian, Spanish and French (issue 18): one page load each, in a
browser set to that language. The hand's cards show their titles and summaries in the page's
language (the server's catalogues, through the board), the log of the first action round and
the next decision read in that language, and the card played is named there by its title in
that language. Chromium and the server come from test_browser.py; screenshots go to
test-artifacts/.
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from .test_browser import front_page, shot
from .test_sw_turn import PROMPT, decision, hand, version, wait_change

# English words none of the three languages uses: seeing one means English was left.
ENGLISH = re.compile(
    r"\b(the|plays|moves|from|with|takes|card|cards|turn|begins|and|draws|play|for|of|round"
    r" in a row|Axis|Soviet|Place|markers)\b"
)


def board(server: str, lang: str) -> dict[str, Any]:
    url = f"{server}/api/games/catalog/stalins_war/board?scenario=tournament&lang={lang}"
    with urllib.request.urlopen(url) as res:
        return dict(json.loads(res.read()))


@pytest.mark.parametrize(("lang", "locale"), [("it", "it-IT"), ("es", "es-ES"), ("fr", "fr-FR")])
def test_sw_cards_and_log_in_the_pages_language(
    server: str, chromium: Any, lang: str, locale: str
) -> None:
    cards, english = board(server, lang)["cards"], board(server, "en")["cards"]
    context = chromium.new_context(locale=locale, viewport={"width": 1400, "height": 900})
    try:
        page, errors = front_page(context, server, 30_000)
        page.wait_for_selector("select[name=game] option[value=stalins_war]", state="attached")
        assert page.get_attribute("html", "lang") == lang
        page.select_option("select[name=game]", "stalins_war")
        page.select_option("select[name=scenario]", "tournament")
        page.select_option("select[name=side]", "axis")
        page.select_option("select[name=opponent]", "ai:random")
        page.click("form.new-game button[type=submit]")
        assert decision(page) == ("action_round", "action_round")

        # The hand: every card's title and summary as the board gives them in this language.
        ids = hand(page)
        assert len(ids) == 6
        for card_id in ids:
            shown = page.locator(f"[data-testid=hand] .sw-card[data-card={card_id}]")
            title = str(shown.locator(".title").inner_text())
            summary = str(shown.locator(".summary").inner_text())
            assert title == cards[card_id]["title"], (card_id, title)
            assert summary == cards[card_id]["summary"], (card_id, summary)
            assert summary != english[card_id]["summary"], (card_id, summary)
            assert not ENGLISH.search(summary), (card_id, summary)
            if title != english[card_id]["title"]:  # the printed English title on hover
                assert shown.locator(".title").get_attribute("title") == english[card_id]["title"]
        assert any(cards[c]["title"] != english[c]["title"] for c in ids)

        # Play a card for its OPS: the log names it in this language, in this language's words.
        played = page.locator("[data-testid=hand] button[data-verb=play_ops]:not([disabled])").first
        card_id = str(played.get_attribute("data-testid")).removeprefix("play_ops-")
        before = version(page)
        played.click()
        wait_change(page, before)
        decision(page)
        log = str(page.inner_text("[data-testid=log]"))
        assert cards[card_id]["title"] in log, (cards[card_id]["title"], log)
        for line in log.splitlines():
            plain = line.replace("Stalin's War", "")
            assert not ENGLISH.search(plain), (lang, line)
        prompt = str(page.inner_text(f"{PROMPT} [data-testid=prompt-text]"))
        assert prompt
        assert not ENGLISH.search(prompt), (lang, prompt)
        shot(page, f"sw-lang-{lang}")
        assert not errors, errors
    finally:
        context.close()
