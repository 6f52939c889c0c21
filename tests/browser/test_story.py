"""The table tells the game's story (issue 18, points 2, 4, 6, 7 and 10): places by name and
hex ids at close zoom, combat explained, a pause at the handover with the opponent's moves
replayed on request, enemy moves drawn as arrows, and the end-of-game report.

Each test drives Debian's Chromium against `hexfront serve` (fixtures in test_browser.py) and
saves screenshots into test-artifacts/ (git-ignored).
"""

from __future__ import annotations

import re
from typing import Any

try:
    from playwright.sync_api import Error as PlaywrightError
except ImportError:  # no Playwright: the fixtures skip every test
    PlaywrightError = Exception  # type: ignore[misc,assignment]

from .test_browser import ARTIFACTS, front_page, hex_on_screen, shot
from .test_table import PROMPT, on_board, start_sbe1, to_movement

ID = re.compile(r"^\d{4}$")


SEEDED = """async (seed) => {
    const res = await fetch('/api/games', {method: 'POST', headers: {'content-type': 'application/json'},
        body: JSON.stringify({game: 'bite', scenario: 'SBE1', seed,
            opponents: {axis: 'human', soviet: 'heuristic'}, play_as: 'axis'})});
    const g = await res.json();
    const entry = {id: g.id, game: 'bite', scenario: 'SBE1', tokens: g.seats, kinds: g.kinds, created: Date.now()};
    const list = JSON.parse(localStorage.getItem('hexfront.games') || '[]');
    localStorage.setItem('hexfront.games', JSON.stringify([entry, ...list]));
    location.hash = `game=${g.id}`;
    return g.id;
}"""


def start_seeded(browser: Any, server: str, seed: int) -> tuple[Any, list[str]]:
    """SBE1 as the Axis against the computer, with the dice seed chosen (the same game each
    run, as far as the computer's play depends on the dice), at the production prompt."""
    page, errors = front_page(browser, server)
    page.wait_for_selector("[data-testid=new-sbe1]")
    page.evaluate(SEEDED, seed)
    page.wait_for_selector(f"{PROMPT}[data-kind=production]")
    page.wait_for_selector("svg.board g.block.mine")
    return page, errors


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
    assert named, bare
    assert bare, named
    # Buttons say "Kiev (2025)" where the hex has a name, the bare id elsewhere.
    assert named[1].endswith(f"{places[named[0]]} ({named[0]})"), named
    assert bare[1].endswith(bare[0]), bare
    assert "(" not in bare[1], bare
    # Zoom in on the selected block: every hex in view shows its id.
    for _ in range(4):
        page.click("[data-testid=zoom-in]")
    ids = page.locator("svg.board g.hexids text.hexid")
    assert ids.count() > 20
    for t in ids.all()[:50]:
        text = t.text_content() or ""
        assert ID.match(text), text
        assert text == t.get_attribute("data-hex"), text
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
    # The legend says what the small numbers are.
    page.click("[data-testid=legend-toggle]")
    assert "hex id" in page.inner_text("[data-testid=legend] li[data-key=hexid]")
    page.keyboard.press("Escape")
    # Zoomed out again, the ids go.
    page.click("[data-testid=zoom-map]")
    assert page.locator("svg.board g.hexids text.hexid").count() == 0
    shot(page, "31-places-by-name")
    assert not errors, errors


READY = f"{PROMPT}[data-kind]:not([data-kind='']):not([data-kind=waiting])"


def click_on(page: Any, confirm: bool = True) -> str:
    """One decision through the panel, the quickest choice (as the whole-game test does);
    the pause at a handover (point 6) is confirmed first, or "handover" returned if not
    `confirm`. Returns the prompt's kind."""
    page.wait_for_selector(f"{READY}, [data-testid=handover]:visible", timeout=60_000)
    if page.locator("[data-testid=handover]:visible").count():
        if not confirm:
            return "handover"
        page.click("[data-testid=handover-continue]")
        page.wait_for_selector(READY, timeout=60_000)
    kind = page.get_attribute(PROMPT, "data-kind") or ""
    if kind == "over":
        return kind
    before = page.evaluate("() => document.querySelector('[data-testid=log]').innerText")
    ends = page.locator(f"{PROMPT} .ends button.primary")
    acts = page.locator(f"{PROMPT} .choices button[data-verb]:visible")
    try:  # the panel may be redrawn under the click (a socket's newer view): try again
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
    except PlaywrightError:
        return kind
    page.wait_for_function(
        """([kind, before]) => {
            const p = document.querySelector('[data-testid=prompt]');
            const h = document.querySelector('[data-testid=handover]');
            const log = document.querySelector('[data-testid=log]').innerText;
            return p.dataset.kind !== kind || log !== before || (h && !h.hidden);
        }""",
        arg=[kind, before],
        timeout=60_000,
    )
    return kind


def attack_somewhere(page: Any, rough: bool = True) -> str:
    """In the movement phase: an Axis stack attacks a Soviet hex (rough terrain if it can,
    for a Malus); returns the hex."""
    terrain = page.evaluate(
        "() => fetch('/api/games/catalog/bite/board?scenario=SBE1').then(r => r.json())"
        ".then(b => Object.fromEntries(b.hexes.map(x => [x.id, x.terrain])))"
    )
    majors = {h for h, _ in board_places(page).items()} & set(
        page.evaluate(
            "() => fetch('/api/games/catalog/bite/board?scenario=SBE1').then(r => r.json())"
            ".then(b => b.places.filter(p => ['major', 'capital', 'fortress'].includes(p.type)).map(p => p.hex))"
        )
    )
    units = page.locator("[data-testid=unit-list] button[data-unit]")
    found: tuple[int, str] | None = None
    for i in range(units.count()):
        units.nth(i).click()
        page.wait_for_selector("[data-testid=destinations]")
        attacks = (page.get_attribute("svg.board g.highlight", "data-attacks") or "").split()
        for a in attacks:
            if (
                terrain.get(a) in ("forest", "swamp", "hills", "mountains")
                or a in majors
                or not rough
            ):
                found = (i, a)
                break
        if found:
            break
        if attacks and not found and i == units.count() - 1:
            found = (i, attacks[0])
    assert found, "no attack"
    target = found[1]
    page.click(f"[data-testid=destinations] button[data-to='{target}']")
    page.wait_for_selector(f"svg.board g.stack[data-hex='{target}'] g.block.mine")
    return target


def test_combat_is_explained_round_by_round(server: str, browser: Any) -> None:
    # Seeded (the dice of test_retreat's game): the battle lasts three rounds, the Axis is
    # asked after each whether to retreat, and the corps takes a half hit in round 3.
    page, errors = start_seeded(browser, server, 7)
    to_movement(page)
    # XXXXI Panzer Corps attacks from Tilsit (2120) across the river into 2220: in the first
    # round it fires with a Malus (a river crossed) and the defender with a Bonus (every
    # attacker crossed a river), BOX 1.
    target = "2220"
    page.click("[data-testid=unit-list] button[data-unit=ger-pz-xxxxi]")
    page.click(f"[data-testid=destinations] button[data-to='{target}']")
    page.wait_for_selector(f"svg.board g.stack[data-hex='{target}'] g.block.mine")
    page.click(f"{PROMPT} button[data-verb=end_ground]")
    page.wait_for_selector(f"{PROMPT}[data-kind=air]")
    page.click(f"{PROMPT} button[data-verb=done]")
    page.wait_for_selector(f"{PROMPT}:not([data-kind=air])")  # no stale panel for the loop
    # The combat phase: fight the battle, taking the quickest choice at each prompt. The
    # prompts asked during the battle (the retreats, 7.7.14) say which round it is in.
    battle = "[data-testid=battle]"
    rounds: list[int] = []
    for _ in range(60):
        if page.locator(f"{battle}[data-over=true]").count():
            break
        page.wait_for_selector(f"{READY}, [data-testid=handover]:visible", timeout=60_000)
        if page.locator("[data-testid=battle-now]").count():  # read before it is answered
            now = page.inner_text("[data-testid=battle-now]")
            m = re.match(r"Battle at .+, round (\d) — after (ground|artillery) fire, the ", now)
            assert m, now
            if not rounds:
                shot(page, "32-battle-prompt")
            rounds.append(int(m.group(1)))
        if click_on(page) == "over":
            break
    assert page.locator(f"{battle}[data-over=true]").count(), "no battle was fought"
    assert sorted(set(rounds)) == [1, 2, 3], rounds  # a retreat prompt after each round
    fires = page.locator(f"{battle} li.fire")
    assert fires.count() >= 2
    for label in fires.locator(".step").all_inner_texts():
        assert re.match(
            r"Round \d+ — (air-to-air|anti-aircraft|air-to-ground|artillery|ground) fire"
            r"( \(air combat, pass \d\))?, the (attacker|defender)$",
            label,
        ), label
    assert page.locator(f"{battle} li.round-head").count() >= 1
    text = page.inner_text(battle)
    assert not re.search(r"\(\+\d\)|\(−\d\)|\(-\d\)|mali=|boni=", text), text
    # Modifiers in words, explained on hover and under a "?" with their rule.
    mods = page.locator(f"{battle} li.fire abbr.mod")
    for m in mods.all():
        words, title = m.inner_text(), m.get_attribute("title") or ""
        assert re.match(r"\d (Malus|Mali|Bonus|Boni): ", words), words
        assert "7.7.6" in title, title
        assert "BOX 1" in title, title
    page.click(f"{battle} [data-testid=help-rounds]")
    assert "Rule 7.7" in page.inner_text(f"{battle} [data-help=rounds]")
    kinds = set(mods.evaluate_all("ms => ms.map(m => m.dataset.mod)"))
    assert kinds == {"malus", "bonus"}, kinds
    malus = page.locator(f"{battle} li.fire.axis abbr.mod[data-mod=malus]").first.inner_text()
    assert malus == "1 Malus: half the dice", malus
    bonus = page.locator(f"{battle} li.fire.soviet abbr.mod[data-mod=bonus]").first.inner_text()
    assert bonus.startswith("1 Bonus: hits on "), bonus
    for key in ("malus", "bonus"):
        page.locator(f"{battle} [data-testid=help-{key}]").first.click()
        shown = page.locator(f"{battle} .mod-help[data-help={key}]").first
        assert shown.is_visible()
        assert "7.7.6" in shown.inner_text()
    # 7.7.8: the half hit of round 3 is said in words, explained on hover and under a "?".
    half = page.locator(f"{battle} li.ev-hit abbr.mod[data-mod=half]")
    assert half.count() == 1
    words = half.inner_text()
    assert words.startswith("Hit on XXXXI Panzer Corps: a half hit"), words
    assert "the next hit costs it a step" in words, words
    assert "7.7.8" in (half.get_attribute("title") or "")
    page.click(f"{battle} [data-testid=help-half]")
    told = page.locator(f"{battle} .mod-help[data-help=half]")
    assert told.is_visible()
    assert "7.7.8" in told.inner_text()
    assert "next hit" in told.inner_text()
    half.scroll_into_view_if_needed()
    shot(page, "49-half-hit-explained")
    # Eliminations say why: the corps, hit again in round 4, loses its last step.
    eliminated = page.locator(f"{battle} li.ev-eliminated")
    assert eliminated.count() >= 1
    assert "XXXXI Panzer Corps" in eliminated.first.inner_text()
    for li in eliminated.all():
        assert "Why:" in li.inner_text()
        assert "_" not in li.inner_text()
    shot(page, "33-battle-explained")

    # The panel goes when the next turn begins.
    for _ in range(200):
        if "2 of 4" in page.inner_text("[data-testid=turn]"):
            break
        click_on(page)
    assert "2 of 4" in page.inner_text("[data-testid=turn]")
    page.wait_for_timeout(200)
    if page.locator(battle).is_visible():  # only a battle of turn 2 may show now
        start = page.get_attribute(battle, "data-hex")
        assert start
        assert page.inner_text(battle) != text
    shot(page, "34-turn-2-no-stale-battle")
    assert not errors, errors


def server_view(page: Any) -> dict[str, Any]:
    """The game as the server holds it for this page's seat (its token in the games list)."""
    view: dict[str, Any] = page.evaluate(
        """async () => {
            const id = location.hash.match(/game=([^&]+)/)[1];
            const g = JSON.parse(localStorage.getItem('hexfront.games')).find(x => x.id === id);
            const seat = Object.keys(g.tokens)[0];
            const r = await fetch(`/api/games/${id}/view`,
                {headers: {authorization: `Bearer ${g.tokens[seat]}`}});
            return r.json();
        }"""
    )
    return view


def clicks_do_nothing_behind_the_pause(page: Any) -> bool:
    """Point 6, with the mouse: while the pause shows, a click on a block of ours that the
    waiting decision moves does not select it, and a click on a hex it may go to sends
    nothing; once the pause is gone, the same click selects it and lights that hex. False
    (and nothing done) if the waiting decision moves no block of ours on the map."""
    waiting = server_view(page)
    on_map = {
        b.get_attribute("data-unit"): b.get_attribute("data-hex")
        for b in page.locator("svg.board g.block.mine").all()
    }
    move = next(
        (
            a
            for a in waiting["legal_actions"]
            if a["args"].get("unit") in on_map and "to" in a["args"]
        ),
        None,
    )
    if move is None:
        return False
    here, there = on_map[move["args"]["unit"]], str(move["args"]["to"])
    if not (on_board(page, here) and on_board(page, there)):
        page.click("[data-testid=zoom-map]")
        page.wait_for_timeout(200)
    log_before = page.inner_text("[data-testid=log]")
    sent: list[str] = []

    def post(request: Any) -> None:
        if request.method == "POST":
            sent.append(request.url)

    page.on("request", post)
    for hex_id in (here, there, here, there):
        page.mouse.click(*hex_on_screen(page, hex_id))
        page.wait_for_timeout(250)
        assert page.locator("svg.board g.block.selected").count() == 0, hex_id
    page.remove_listener("request", post)
    assert not sent, sent
    assert page.locator("[data-testid=handover]").is_visible()
    assert page.locator(PROMPT).is_hidden()
    assert page.inner_text("[data-testid=log]") == log_before
    after = server_view(page)
    assert after["version"] == waiting["version"]
    assert after["legal_actions"] == waiting["legal_actions"]
    shot(page, "51-clicks-behind-the-pause")
    # The pause gone, the same click selects the block and lights where it may go.
    page.click("[data-testid=handover-continue]")
    page.wait_for_selector(READY)
    page.mouse.click(*hex_on_screen(page, here))
    page.wait_for_selector(f"svg.board g.block.selected[data-hex='{here}']")
    highlight = "svg.board g.highlight"
    lit = " ".join(page.get_attribute(highlight, f"data-{k}") or "" for k in ("dests", "attacks"))
    assert there in lit.split(), (there, lit)
    page.keyboard.press("Escape")
    return True


def turn_of(page: Any) -> int:
    return int(re.search(r"(\d+) of", page.inner_text("[data-testid=turn]")).group(1))


def test_the_turn_comes_back_with_a_pause_arrows_and_a_step_by_step_replay(
    server: str, browser: Any
) -> None:
    page, errors = start_seeded(browser, server, 7)
    assert page.is_checked("[data-testid=pause-toggle]")  # on by default
    own_names = set(
        page.locator("svg.board g.block.mine > title").evaluate_all(
            "ts => ts.map(t => t.textContent.split(' (')[0])"
        )
    )
    # One move of our own (to be named in the log), then the Axis turn 1 by its quickest
    # choices, until the Soviet computer has taken its turn.
    to_movement(page)
    page.locator("[data-testid=unit-list] button[data-unit]").first.click()
    page.locator("[data-testid=destinations] button[data-to]:not([data-attack])").first.click()
    page.wait_for_function(
        "() => / moves /.test(document.querySelector('[data-testid=log]').innerText)"
    )
    clicked = False
    for _ in range(300):
        if click_on(page, confirm=False) == "handover":
            if turn_of(page) == 2:
                break
            if not clicked:  # the first pause before a decision taken on the map
                clicked = clicks_do_nothing_behind_the_pause(page)
                if clicked:
                    continue
            page.click("[data-testid=handover-continue]")
    assert clicked, "no pause came before a decision with moves on the map"
    assert turn_of(page) == 2
    handover = "[data-testid=handover]"
    head = page.inner_text(f"{handover} h3")
    assert head.startswith("The computer (Soviet) has acted: "), head
    assert "move" in head
    # The decision waits: no prompt, and the keys do nothing behind the pause.
    assert page.locator(PROMPT).is_hidden()
    log_before = page.inner_text("[data-testid=log]")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    for key in ("Enter", "d", "n"):
        page.keyboard.press(key)
    page.wait_for_timeout(400)
    assert page.locator(PROMPT).is_hidden()
    assert page.inner_text("[data-testid=log]") == log_before

    # Point 7: the enemy's moves as arrows; the log grouped by phase, naming units.
    arrows = page.locator("svg.board g.enemy-moves path.arrow")
    assert arrows.count() > 0
    for a in arrows.all()[:20]:
        assert ID.match(a.get_attribute("data-from"))
        assert ID.match(a.get_attribute("data-to"))
    heads = page.locator("[data-testid=log] li.group-head").all_inner_texts()
    assert any(h_.upper() == "SOVIET TURN — MOVEMENT PHASE (7.5)" for h_ in heads), heads
    assert any(h_.upper().startswith("AXIS TURN — ") for h_ in heads), heads
    lines = page.locator("[data-testid=log] li:not(.group-head)").all_inner_texts()
    theirs = page.locator("[data-testid=log] li.theirs").all_inner_texts()
    assert any(x.startswith("A Soviet block ") for x in theirs), theirs[:10]
    assert any(x.split(" moves ")[0] in own_names for x in lines if " moves " in x), lines[:20]
    assert not any(re.search(r"\bb\d+\b|sov-|ger-", x) for x in lines)
    shot(page, "35-handover")

    # Their moves again, step by step.
    page.click("[data-testid=handover-replay]")
    at = page.inner_text("[data-testid=turn-replay-at]")
    m = re.match(r"Step 1 of (\d+)$", at)
    assert m, at
    total = int(m.group(1))
    assert total >= arrows.count()
    assert page.locator("svg.board g.enemy-moves path.arrow.current").count() <= 1
    first_line = page.inner_text("[data-testid=turn-replay-line]")
    assert first_line
    if total >= 2:
        page.click("[data-testid=turn-replay-next]")
        assert page.inner_text("[data-testid=turn-replay-at]") == f"Step 2 of {total}"
        assert page.inner_text("[data-testid=turn-replay-line]")
        page.click("[data-testid=turn-replay-prev]")
        assert page.inner_text("[data-testid=turn-replay-at]") == f"Step 1 of {total}"
        assert page.inner_text("[data-testid=turn-replay-line]") == first_line
    assert page.locator("[data-testid=turn-replay-prev]").is_disabled()
    shot(page, "36-their-moves-step-by-step")

    # Continue: the decision shows; the arrows stay until it is taken.
    page.click("[data-testid=handover-continue]")
    page.wait_for_selector(READY)
    assert page.locator(handover).is_hidden()
    assert arrows.count() > 0
    # Until then, their moves can be seen again from the prompt.
    page.click("[data-testid=their-moves]")
    assert page.inner_text("[data-testid=turn-replay-at]") == f"Step 1 of {total}"
    assert page.locator(PROMPT).is_hidden()
    page.click("[data-testid=handover-continue]")
    page.wait_for_selector(READY)
    old = set(arrows.evaluate_all("as => as.map(a => a.dataset.i)"))
    assert old
    click_on(page, confirm=False)  # the next decision: those arrows go
    page.wait_for_timeout(300)
    assert not old & set(arrows.evaluate_all("as => as.map(a => a.dataset.i)"))

    # The switch: off, remembered in this browser.
    page.uncheck("[data-testid=pause-toggle]")
    assert page.evaluate("() => localStorage.getItem('hexfront.pause')") == "off"
    page.reload()
    page.wait_for_selector(READY)
    assert not page.is_checked("[data-testid=pause-toggle]")
    # Without the pause, the turn comes back straight to the next decision.
    for _ in range(300):
        assert click_on(page, confirm=False) != "handover"
        if turn_of(page) == 3:
            break
    assert turn_of(page) == 3
    assert page.locator(handover).is_hidden()
    shot(page, "37-no-pause")
    assert not errors, errors


def test_the_end_report_and_the_games_list_say_how_it_ended(server: str, browser: Any) -> None:
    page, errors = start_seeded(browser, server, 11)
    game_id = page.url.split("#game=")[1]
    to_movement(page)
    attack_somewhere(page, rough=False)
    for _ in range(400):
        if click_on(page) == "over":
            break
    assert page.get_attribute(PROMPT, "data-kind") == "over"
    report = "[data-testid=end-report]"
    page.wait_for_selector(f"{report} [data-testid=chart-strength]")
    verdict = page.inner_text(f"{report} [data-testid=report-verdict]")
    assert verdict.startswith("Verdict: "), verdict
    assert len(verdict) > len("Verdict: ") + 3, verdict
    assert re.match(
        r"Objectives held by the Axis: [01] of 1$", page.inner_text("[data-testid=report-score]")
    )
    # Strength of both sides at the start of each of the 4 turns and at the end.
    for side in ("axis", "soviet"):
        values = page.get_attribute(
            f"{report} [data-testid=chart-strength] polyline[data-side={side}]", "data-values"
        )
        assert len(values.split()) == 5, values
        assert all(int(v) > 0 for v in values.split()), values
    ticks = page.locator(f"{report} [data-testid=chart-strength] text.tick").all_text_contents()
    assert [t for t in ticks if t.startswith("T") or t == "end"] == ["T1", "T2", "T3", "T4", "end"]
    score = page.get_attribute(
        f"{report} [data-testid=chart-score] polyline[data-side=axis]", "data-values"
    )
    assert len(score.split()) == 5
    assert set(score.split()) <= {"0", "1"}
    # Losses by side and type: the battle of turn 1 cost someone a block, said as words.
    losses = page.locator(f"{report} [data-testid=report-losses]")
    text = losses.inner_text()
    if page.locator(f"{report} table.losses").count():
        totals = [
            int(x)
            for x in losses.locator("tr.total td[data-total]").evaluate_all(
                "ts => ts.map(t => t.dataset.total)"
            )
        ]
        assert sum(totals) > 0
        assert "Axis" in text
        assert "Soviet" in text
        assert "_" not in text
    else:
        assert text == "No block was lost."
    assert not re.search(r"\b[a-z]+_[a-z_]+\b|\w=", page.inner_text(report))
    shot(page, "38-end-report")
    page.locator(report).screenshot(path=str(ARTIFACTS / "browser-39-end-report-panel.png"))

    # The replay, one click away.
    href = page.get_attribute(f"{report} [data-testid=report-replay]", "href")
    assert href == f"#replay={game_id}"
    page.click(f"{report} [data-testid=report-replay]")
    page.wait_for_selector("[data-testid=replay-info]")
    page.wait_for_function(
        "() => /action \\d+ of \\d+/.test(document.querySelector('[data-testid=replay-info]').textContent)"
    )

    # The games list says "finished", with the verdict.
    page.goto(server + "/#")
    status = f"[data-testid=recent] li[data-game='{game_id}'] [data-testid=game-status]"
    page.wait_for_selector(f"[data-testid=recent] li[data-game='{game_id}'][data-status=over]")
    said = page.inner_text(status).strip()
    assert said.startswith("finished: "), said
    assert verdict.removeprefix("Verdict: ") in said, (said, verdict)
    shot(page, "40-games-list-finished")
    assert not errors, errors
