"""Team play (optional rule 38.1): a four-player game's first turn, in four browsers.

The creator picks SBE5 with team play in the new-game form, plays the Axis's northern
commander and invites three friends; each of the three other browsers (a context each:
separate profiles) opens its invite link and takes its seat. Every page names its own
seat and the seats to move; the two seats of a side see the same blocks, and the Soviet
pages never see an Axis block's face. Then the first turn is played to the Axis's second
Production Phase, each seat doing its own part: in each Movement Phase each commander
moves one of his own units, and every phase ends only when both commanders of the side
are done (the first to finish waits for his teammate, and his page says so). Chromium and
the server come from test_browser.py; screenshots go to test-artifacts/.
"""

from __future__ import annotations

from typing import Any

from .test_browser import shot

SEATS = ("axis_north", "axis_south", "soviet_north", "soviet_south")
NAMES = {
    "axis_north": "Axis, northern commander",
    "axis_south": "Axis, southern commander",
    "soviet_north": "Soviet, northern commander",
    "soviet_south": "Soviet, southern commander",
}
PROMPT = "[data-testid=prompt]"
READY = f"{PROMPT}[data-kind]:not([data-kind='']):not([data-kind=waiting]):not([data-kind=paused])"

# What a page shows now: its prompt's kind, whether the pause is up, its log's length.
STATE_JS = """() => {
    const p = document.querySelector('[data-testid=prompt]');
    const h = document.querySelector('[data-testid=handover]');
    const l = document.querySelector('[data-testid=log]');
    return [p ? p.dataset.kind ?? '' : '', !!h && !h.hidden, l ? l.innerText.length : 0,
            document.querySelector('[data-testid=phase]')?.textContent ?? '',
            document.querySelector('[data-testid=turn]')?.textContent ?? ''];
}"""


def _actionable(state: list[Any]) -> bool:
    kind, paused = state[0], state[1]
    return bool(paused) or kind not in ("", "waiting", "paused", "over")


def _act(page: Any, seat: str, moved: set[str]) -> str:
    """Take this seat's next decision through the page; what it did."""
    kind, paused, log_len = page.evaluate(STATE_JS)[:3]
    if paused:
        page.click("[data-testid=handover-continue]")
        return "continue"
    did = "end"
    if kind == "move" and f"{seat}:{page.inner_text('[data-testid=phase]')}" not in moved:
        # One unit of this commander's own, to a hex without enemy blocks.
        units = page.locator(f"{PROMPT} [data-testid=unit-list] button[data-unit]")
        for i in range(units.count()):
            units.nth(i).click()
            dests = page.locator(
                f"{PROMPT} [data-testid=destinations] button[data-to]:not([data-attack])"
            )
            if dests.count():
                dests.first.click()
                moved.add(f"{seat}:{page.inner_text('[data-testid=phase]')}")
                did = "move"
                break
    if did != "move":
        ends = page.locator(f"{PROMPT} .ends button.primary")
        choices = page.locator(f"{PROMPT} .choices button[data-verb]:visible")
        if ends.count():
            ends.first.click()
        elif choices.count():
            choices.first.click()
            did = "choice"
        else:
            page.locator(f"{PROMPT} [data-testid=unit-list] button[data-unit]").first.click()
            page.locator(f"{PROMPT} [data-testid=destinations] button[data-to]").first.click()
            did = "unit"
    page.wait_for_function(
        """([kind, len]) => {
            const p = document.querySelector('[data-testid=prompt]');
            const l = document.querySelector('[data-testid=log]');
            return !p || p.dataset.kind !== kind || (l && l.innerText.length !== len);
        }""",
        arg=[kind, log_len],
        timeout=60_000,
    )
    return did


def test_four_browsers_play_a_team_games_first_turn(server: str, chromium: Any) -> None:
    contexts = [chromium.new_context(viewport={"width": 1400, "height": 900}) for _ in SEATS]
    pages: dict[str, Any] = {}
    errors: list[str] = []
    try:
        creator = contexts[0].new_page()
        creator.on("pageerror", lambda e: errors.append(str(e)))
        creator.set_default_timeout(30_000)
        creator.goto(server + "/")
        creator.wait_for_selector("select[name=scenario] option[value=SBE5]", state="attached")
        creator.select_option("select[name=scenario]", "SBE5")
        # Without team play the form offers the two sides; with it, the four commanders.
        assert creator.locator("select[name=side] option").count() == 2
        creator.select_option("select[name='opt:or38_team_play']", "true")
        seats = creator.locator("select[name=side] option")
        assert [seats.nth(i).get_attribute("value") for i in range(seats.count())] == list(SEATS)
        assert seats.nth(1).inner_text() == NAMES["axis_south"]
        creator.select_option("select[name=side]", "axis_north")
        creator.select_option("select[name=opponent]", "human")
        creator.click("form.new-game button[type=submit]")
        creator.wait_for_selector("[data-testid=team-seat]")
        pages["axis_north"] = creator
        links = {s: creator.input_value(f"[data-testid=invite-{s}]") for s in SEATS[1:]}
        for seat, ctx in zip(SEATS[1:], contexts[1:], strict=True):
            assert "&invite=" in links[seat]
            page = ctx.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.set_default_timeout(30_000)
            page.goto(links[seat])
            page.wait_for_selector("[data-testid=team-seat]")
            pages[seat] = page

        # Each page names its seat, and the seats to move by name.
        for seat, page in pages.items():
            assert page.get_attribute("[data-testid=team-seat]", "data-seat") == seat
            assert NAMES[seat] in page.inner_text("[data-testid=team-seat]")
            to_move = page.locator("[data-testid=team-to-move]")
            assert to_move.get_attribute("data-seats") == "axis_north axis_south"
            assert NAMES["axis_north"] in to_move.inner_text()
        pages["axis_north"].wait_for_selector(f"{PROMPT}[data-kind=production]")
        pages["axis_south"].wait_for_selector(f"{PROMPT}[data-kind=production]")
        for seat in ("soviet_north", "soviet_south"):
            page = pages[seat]
            page.wait_for_selector(f"{PROMPT}[data-kind=waiting]")
            assert NAMES["axis_south"] in page.inner_text(PROMPT)
            # Fog of war: a Soviet page shows no Axis block's face.
            assert page.locator("svg.board g.block.mine.face").count() > 0
            assert page.locator("svg.board g.block.enemy.face").count() == 0

        # The two seats of a side see the same blocks.
        def own(page: Any) -> list[str]:
            return sorted(
                page.eval_on_selector_all(
                    "svg.board g.block.mine", "els => els.map(e => e.dataset.unit ?? '')"
                )
            )

        assert own(pages["axis_north"]) == own(pages["axis_south"])
        assert own(pages["soviet_north"]) == own(pages["soviet_south"])
        assert not set(own(pages["axis_north"])) & set(own(pages["soviet_north"]))
        shot(pages["axis_north"], "team-01-axis-north")
        shot(pages["soviet_south"], "team-02-soviet-south")

        # The northern commander ends the Production Phase first: he waits for his teammate.
        north = pages["axis_north"]
        north.click(f"{PROMPT} .ends button.primary")
        north.wait_for_selector("[data-testid=team-ready]")
        north.wait_for_selector(f"{PROMPT}[data-kind=waiting]")
        assert "your teammate" in north.inner_text("[data-testid=team-ready]")
        assert north.get_attribute("[data-testid=team-to-move]", "data-seats") == "axis_south"
        pages["axis_south"].wait_for_function(
            """() => document.querySelector('[data-testid=team-to-move]').dataset.seats
                     === 'axis_south'"""
        )
        assert "Production" in north.inner_text("[data-testid=phase]")
        shot(north, "team-03-north-waits")

        # The rest of the turn: every seat does its own part, until turn 2 begins.
        moved: set[str] = set()
        acted: dict[str, list[str]] = {s: [] for s in SEATS}
        listed: dict[str, set[str]] = {}  # each seat's movable units as its movement begins
        done = False
        for _ in range(400):
            states = {s: p.evaluate(STATE_JS) for s, p in pages.items()}
            if any("2 of" in st[4] and "Axis: Production" in st[3] for st in states.values()):
                done = True
                break
            ready = [s for s in SEATS if _actionable(states[s])]
            if not ready:
                pages["axis_north"].wait_for_timeout(150)
                continue
            seat = ready[0]
            if states[seat][0] == "move" and seat not in listed:
                # Both commanders of the side, before either moves: each is offered his
                # own units only, none of the other's.
                for s in (x for x in SEATS if x.split("_")[0] == seat.split("_")[0]):
                    pages[s].wait_for_selector(f"{PROMPT}[data-kind=move]")
                    listed[s] = set(
                        pages[s].eval_on_selector_all(
                            f"{PROMPT} [data-testid=unit-list] button[data-unit]",
                            "els => els.map(e => e.dataset.unit)",
                        )
                    )
            acted[seat].append(_act(pages[seat], seat, moved))
        assert done, acted
        # Each commander moved one of his own units in his side's Movement Phase.
        for seat in SEATS:
            assert "move" in acted[seat], (seat, acted[seat])
        assert {m.split(":")[0] for m in moved} == set(SEATS)
        for north_seat, south_seat in (SEATS[:2], SEATS[2:]):
            assert listed[north_seat]
            assert listed[south_seat]
            assert not listed[north_seat] & listed[south_seat]
        for page in pages.values():
            assert "2 of 6" in page.inner_text("[data-testid=turn]")
        shot(pages["axis_south"], "team-04-turn-2")
        assert not errors, errors
    finally:
        for ctx in contexts:
            ctx.close()
