"""Stalin's War played through the page (issue 17): the June 1941 turn in full, and the first
action round of turn 2, against the computer's random Soviet player.

The Axis plays a card for its OPS from the hand (the card leaves the hand, the consecutive-OPS
track goes up), places a Combat marker and declares the attack by clicking the marked hexes on
the map, chooses its attackers and resolves the fire; every other decision of the turn is taken
from the prompt's buttons, each with its rule number in its help. At turn 2 the tracks show the
Axis's banked OPS and the Soviet turn-2 replacement points, the hand holds the new draw, and a
unit moved by clicking its counter and then a marked hex stands in its new hex. Chromium and
the server come from test_browser.py; screenshots go to test-artifacts/.
"""

from __future__ import annotations

import re
from typing import Any

from .test_browser import front_page, shot

PROMPT = "[data-testid=prompt]"
READY = f"{PROMPT}[data-kind]:not([data-kind='']):not([data-kind=waiting])"
RULE = re.compile(r"\b\d+(\.\d+)+[a-z]?\b|\(\d+\)")
WORDS_ONLY = re.compile(r"\b[a-z]+_[a-z_]+\b|\w+=\w+|\b(su|ge|ro|hu)\.[A-Za-z0-9]+")


def sw_hex_on_screen(page: Any, hex_id: str) -> tuple[float, float]:
    """Screen coordinates of a Stalin's War hex (columns from 0, rows from 1; odd-q, S = 20)."""
    x, y = page.evaluate(
        """(id) => {
            const svg = document.querySelector('svg.board');
            const col = parseInt(id.slice(0, 2), 10), row = parseInt(id.slice(2, 4), 10) - 1;
            const pt = svg.createSVGPoint();
            pt.x = 20 + 30 * col;
            pt.y = Math.sqrt(3) * 20 * (row + 0.5 + 0.5 * (col & 1));
            const p = pt.matrixTransform(svg.getScreenCTM());
            return [p.x, p.y];
        }""",
        hex_id,
    )
    return float(x), float(y)


def click_hex(page: Any, hex_id: str) -> None:
    page.evaluate(
        "(id) => { const b = document.querySelector('[data-testid=zoom-map]'); b && b.click(); }",
        hex_id,
    )
    x, y = sw_hex_on_screen(page, hex_id)
    page.mouse.click(x, y)


def version(page: Any) -> str:
    return str(page.get_attribute(PROMPT, "data-version") or "")


def wait_change(page: Any, before: str) -> None:
    page.wait_for_function(
        "(v) => (document.querySelector('[data-testid=prompt]')?.dataset.version ?? '') !== v",
        arg=before,
        timeout=60_000,
    )


def decision(page: Any) -> tuple[str, str]:
    page.wait_for_selector(READY, timeout=60_000)
    kind = str(page.get_attribute(PROMPT, "data-kind"))
    return kind, str(page.get_attribute(PROMPT, "data-stage") or "")


def track(page: Any, key: str, side: str) -> str:
    return str(page.inner_text(f"[data-testid=tracks] tr[data-track={key}] td[data-side={side}]"))


def hand(page: Any) -> list[str]:
    return [
        str(c)
        for c in page.eval_on_selector_all(
            "[data-testid=hand] .sw-card", "els => els.map(e => e.dataset.card)"
        )
    ]


def counters(page: Any) -> dict[str, str]:
    return dict(
        page.eval_on_selector_all(
            "svg.board g.counter.mine",
            "els => els.map(e => [e.dataset.unit, e.dataset.hex])",
        )
    )


def marked_hexes(page: Any, cls: str) -> list[str]:
    """Hexes the table marks on the map (``target``: a hex to act on; ``dest``: where the
    selected unit may go), read back from the highlight layer's path as hex centres."""
    return [
        str(h)
        for h in page.evaluate(
            """(cls) => {
            const p = document.querySelector(`svg.board .highlight path.${cls}`);
            if (!p) return [];
            const out = [];
            for (const m of p.getAttribute('d').matchAll(/M(-?[\\d.]+) (-?[\\d.]+)/g)) {
                // a hex path starts at its right corner: x + 0.97 S
                const x = parseFloat(m[1]) - 0.97 * 20, y = parseFloat(m[2]);
                const col = Math.round((x - 20) / 30);
                const row = Math.round(y / (Math.sqrt(3) * 20) - 0.5 - 0.5 * (col & 1));
                out.push(String(col).padStart(2, '0') + String(row + 1).padStart(2, '0'));
            }
            return out;
        }""",
            cls,
        )
    ]


def check_words(page: Any) -> None:
    """The decision and every choice read as words for players, each with its rule."""
    help_text = str(page.inner_text("[data-testid=prompt-help]"))
    assert RULE.search(help_text), help_text
    for b in page.locator(f"{PROMPT} [data-testid=choices] button[data-verb]").all():
        label, tip = str(b.inner_text()), str(b.get_attribute("title") or "")
        assert not WORDS_ONLY.search(label), label
        assert RULE.search(tip), tip


def test_sw_june_turn_and_a_move_through_the_page(server: str, browser: Any) -> None:
    page, errors = front_page(browser, server, 30_000)
    page.wait_for_selector("select[name=game] option[value=stalins_war]", state="attached")
    page.select_option("select[name=game]", "stalins_war")
    page.select_option("select[name=scenario]", "tournament")
    page.select_option("select[name=side]", "axis")
    page.select_option("select[name=opponent]", "ai:random")
    page.click("form.new-game button[type=submit]")

    # --- turn 1, the Axis's only action round: the hand, the tracks, the map ------------
    assert decision(page) == ("action_round", "action_round")
    page.wait_for_selector("svg.board g.counter.mine")
    assert "Turn 1 of 8" in page.inner_text("[data-testid=turn]")
    assert "VP 7" in page.inner_text("[data-testid=vp]")
    check_words(page)
    cards = hand(page)
    assert len(cards) == 6
    assert "Soviet hand: 6 cards" in page.inner_text("[data-testid=their-hand]")
    assert track(page, "consecutive_ops", "axis") == "0"
    assert track(page, "hand_limit", "axis") == "6"
    first = page.locator("[data-testid=hand] .sw-card").first
    assert re.search(r"RP \d", first.inner_text())  # each card shows its OPS, RP and event
    assert len(str(first.locator(".summary").inner_text())) > 20
    # 4.4.2: on turn 1 the Axis cannot move, so a card for OPS pays for Combat markers.
    played = page.locator("[data-testid=hand] button[data-verb=play_ops]:not([disabled])").first
    card = str(played.get_attribute("data-testid")).removeprefix("play_ops-")
    assert "(7.3)" in str(played.get_attribute("title"))
    shot(page, "sw-01-hand")
    before = version(page)
    played.click()
    wait_change(page, before)
    assert card not in hand(page)
    assert len(hand(page)) == 5
    assert track(page, "consecutive_ops", "axis") == "1"
    log = str(page.inner_text("[data-testid=log]"))
    assert re.search(r"Axis plays .+ for \d OPS \(7\.3\)", log), log

    start = counters(page)
    marked = attacked = fired = False
    turn2 = False
    for _ in range(80):
        kind, stage = decision(page)
        if "Turn 2" in page.inner_text("[data-testid=turn]"):
            turn2 = True
            break
        check_words(page)
        before = version(page)
        if kind == "combat" and stage == "markers" and not marked:
            # A marker by clicking a marked hex on the map (7.3.5).
            targets = marked_hexes(page, "target")
            assert targets, "no hex marked for a Combat marker"
            click_hex(page, targets[0])
            marked = True
        elif kind == "combat" and stage == "markers":
            page.click(f"{PROMPT} button[data-verb=done_markers]")
        elif kind == "combat" and stage == "declare" and not attacked:
            targets = marked_hexes(page, "target")
            assert targets, "no hex to attack"
            click_hex(page, targets[0])
            attacked = True
        elif kind == "combat" and stage == "declare":
            page.click(f"{PROMPT} button[data-verb=end_combat]")
        elif kind == "combat" and stage == "build":
            fire = page.locator(f"{PROMPT} button[data-verb=fire]")
            if fire.count():
                shot(page, "sw-02-attackers")
                fire.click()
            else:
                page.locator(f"{PROMPT} button[data-verb=commit]").first.click()
        elif kind in ("combat_cards", "advance", "exploit", "discards"):
            # no combat card, no advance, no exploitation, no discard: the last button of a kind
            done = page.locator(
                f"{PROMPT} button[data-verb=no_more_cards], {PROMPT} button[data-verb=done_advancing],"
                f" {PROMPT} button[data-verb=end_exploitation], {PROMPT} button[data-verb=done_discarding],"
                f" {PROMPT} button[data-verb=done_rushing]"
            )
            (
                done.first
                if done.count()
                else page.locator(f"{PROMPT} [data-testid=choices] button").first
            ).click()
        else:  # losses, retreats, event choices: the first offered
            page.locator(f"{PROMPT} [data-testid=choices] button").first.click()
        wait_change(page, before)
        # 11.2.1: both sides' fire in words, with strengths, tables, columns and rolls
        log = str(page.inner_text("[data-testid=log]"))
        if re.search(r"the attacker fires at strength \d+ on the [LS]CU table, column", log):
            assert "the defender fires at strength" in log
            fired = True
    assert fired
    assert turn2
    assert marked
    assert attacked
    log = str(page.inner_text("[data-testid=log]"))

    # --- turn 2: the tracks and the hand after the June turn ----------------------------
    assert "Summer 1941" in page.inner_text("[data-testid=tracker]")
    assert track(page, "banked_ops", "axis") == "1", log  # 18.2 from turn 2
    assert re.fullmatch(r"Soviet \d+", track(page, "rp", "soviet")), log  # turn-2 RP (4.5.2)
    assert "receives 3 replacement points (4.5.2)" in log
    new_hand = hand(page)
    assert card not in new_hand  # drawn up to the hand limit (7.6)
    assert (
        len(new_hand) == int(track(page, "hand_limit", "axis")) == int(track(page, "hand", "axis"))
    )
    assert set(new_hand) != set(cards)
    shot(page, "sw-03-turn-2")

    # --- a move by clicking the counter and a marked hex (10.1) ---------------------------
    assert decision(page)[0] == "action_round"
    before = version(page)
    page.locator("[data-testid=hand] button[data-verb=play_ops]:not([disabled])").first.click()
    wait_change(page, before)
    assert decision(page) == ("movement", "movement")
    assert "OPS left" in page.inner_text("[data-testid=prompt-text]")
    mine = counters(page)
    mover = page.locator("[data-testid=unit-picker] button").first.get_attribute("data-select")
    assert mover, "no unit may move"
    frm = mine[mover]
    click_hex(page, frm)
    for _ in range(6):  # a stack: each click selects the next unit with a move
        if page.locator(f"svg.board g.counter.selected[data-unit='{mover}']").count():
            break
        click_hex(page, frm)
    assert page.locator(f"svg.board g.counter.selected[data-unit='{mover}']").count() == 1
    dests = marked_hexes(page, "dest")
    assert dests, "the selected unit shows no destination"
    shot(page, "sw-04-destinations")
    before = version(page)
    click_hex(page, dests[0])
    page.wait_for_timeout(300)
    if version(page) == before:  # several ways there (march, rail, sea): the march
        page.locator(f"{PROMPT} [data-testid=choices] button[data-verb=move]").first.click()
    wait_change(page, before)
    after = counters(page)
    assert after[mover] != frm
    assert after[mover] in dests
    assert after != start
    assert " moves from " in page.inner_text("[data-testid=log]")
    shot(page, "sw-05-moved")

    # --- the same decision in Italian (the language switch reloads the page) ------------
    page.select_option("[data-testid=lang]", "it")
    page.wait_for_selector(f"{PROMPT}[data-kind=movement]", timeout=30_000)
    assert "Muovi le tue unità" in page.inner_text("[data-testid=prompt-text]")
    assert "(10.1, 8.2)" in page.inner_text("[data-testid=prompt-help]")
    assert (
        page.locator("[data-testid=hand] button[data-verb=play_event]").first.inner_text()
        == "Evento"
    )
    assert "Turno 2 di 8" in page.inner_text("[data-testid=turn]")
    assert " muove da " in page.inner_text("[data-testid=log]")
    check_words(page)
    assert not errors, errors
