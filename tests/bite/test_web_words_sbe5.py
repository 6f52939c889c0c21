"""The browser client's words for SBE5, the Advanced Game (issue 14): a random game's log
and legal actions, from both seats, put through web/src/text.ts under Node in each language,
as the table shows them (production choices with the colours of PP they cost, 11.0; HQ
activation and command, 13.3-13.4). No internal id, key or leftover English word.
Skipped where Node or the client's TypeScript is not installed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from hexfront.engine.match import Match

from .test_player_text import GAME, _id_pattern, _leaks
from .test_text import _proper_names
from .test_web_words import CATALOGUES, LOADER, NODE, TYPESCRIPT, WEB, _flat, _node, _seats

# As bite.ts calls them: describe(..., advanced = true) in an Advanced Game.
RUN = (
    LOADER
    + r"""
const text = load(process.argv[3]);
const seats = JSON.parse(fs.readFileSync(process.argv[4], "utf8"));
const out = [];
for (const seat of seats) {
  const names = new Map(), handles = new Map();
  for (const u of [...seat.view.units, ...Object.values(seat.view.pools ?? {}).flat()]) {
    if (u.id && u.name) names.set(u.id, u.name);
    if (u.handle && u.name) handles.set(String(u.handle), u.name);
  }
  const name = (id) => names.get(id) ?? "?";
  const block = (h, side) => handles.get(h) ?? text.aBlock(side);
  const place = (id) => String(id);
  for (const e of seat.events) {
    const line = text.logLine(e, name, place, block);
    if (line) out.push([seat.side, "log " + e.kind, line]);
  }
  for (const a of seat.actions) out.push([seat.side, "action " + a.verb, text.describe(a, name, place, false, true)]);
  for (const p of seat.prompts ?? []) out.push([seat.side, "prompt " + p.kind, text.promptWords(p)]);
}
console.log(JSON.stringify(out));
"""
)

needs_node = pytest.mark.skipif(
    NODE is None or not TYPESCRIPT.exists(), reason="needs node and web/ npm ci"
)


def _production_seat() -> dict[str, Any]:
    """The Axis at its turn-2 Production Phase of SBE5: a panzer corps to repair (red), a
    fighter to rebuild (blue), an infantry corps to repair (yellow only), PP to give."""
    units = [
        {"id": "ger-pz-xxxxvii", "hex": "Brest-Litovsk", "strength": 2},
        {"id": "ger-jg-51", "hex": "Warsaw", "status": "eliminated"},
        {"id": "ger-c-xii", "hex": "2522", "strength": 2},
    ]
    base = {"scenario": "SBE5", "turn": 2, "side": "axis", "phase": "production"}
    match = Match.from_position(GAME, {**base, "unit": units})
    actions = [
        {"verb": a.verb, "args": a.args}
        for a in match.legal_actions("axis")
        if a.verb in ("repair", "rebuild", "aid")
    ]
    return {"side": "axis", "view": match.view("axis"), "events": [], "actions": actions}


def _hq_seat() -> dict[str, Any]:
    """The Axis at its turn-2 Movement Phase of SBE5: Panzergruppe 3 to activate (13.3),
    then XXXIX Panzer Corps to put under its command (13.4) or under the FHQ's order
    (13.8.1), the FHQ having activated itself in the rail phase (13.8.2)."""
    units = [
        {"id": "ger-fhq", "hex": "2021"},
        {"id": "ger-pzgr-3", "hex": "2022"},
        {"id": "ger-pz-xxxix", "hex": "2122"},
    ]
    base = {"scenario": "SBE5", "turn": 2, "side": "axis", "phase": "rail"}
    match = Match.from_position(GAME, {**base, "unit": units})
    match.act(next(a for a in match.legal_actions("axis") if a.verb == "done"))
    actions = [a for a in match.legal_actions("axis") if a.verb == "activate"]
    match.act(next(a for a in actions if a.args["hq"] == "ger-pzgr-3"))
    actions += [a for a in match.legal_actions("axis") if a.verb == "command"]
    view = match.view("axis")
    return {
        "side": "axis",
        "view": view,
        "events": view["log"],
        "actions": [{"verb": a.verb, "args": a.args} for a in actions],
    }


@needs_node
@pytest.mark.parametrize("lang", ["en", "it", "es", "fr"])
def test_the_sbe5_table_reads_as_words_in_each_language(lang: str, tmp_path: Path) -> None:
    everything = _node(CATALOGUES, tmp_path, str(WEB / "src" / "i18n.ts"))
    word = re.compile(r"[A-Za-z]{3,}")
    field = re.compile(r"\{\w*\}")

    def vocabulary(cat: Any) -> set[str]:
        return {w.lower() for t in _flat(cat).values() for w in word.findall(field.sub("", t))}

    english = set() if lang == "en" else vocabulary(everything["en"]) - vocabulary(everything[lang])
    match, seats = _seats("SBE5", 3, 700)
    seats += [_production_seat(), _hq_seat()]
    data = tmp_path / "seats.json"
    data.write_text(json.dumps(seats))
    lines = _node(RUN, tmp_path, str(WEB / "src" / "text.ts"), str(data), lang=lang)
    verbs = {what for _side, what, _text in lines}
    assert {"action activate", "action command", "action repair", "action aid"} <= verbs, verbs
    ids = _id_pattern(match)
    names = _proper_names(match)
    bad: dict[str, str] = {}
    for side, what, text in lines:
        found = [w for w in word.findall(names.sub("", text)) if w.lower() in english]
        for leak in _leaks(text, ids) + [f"English {w!r}" for w in found]:
            bad.setdefault(
                f"{what}: {leak.split(' ', 1)[0]}", f"[{side}] {what}: {leak} in {text!r}"
            )
    assert not bad, f"{len(bad)} kinds of problem:\n" + "\n".join(sorted(bad.values()))
    costs = {text for _side, what, text in lines if what in ("action repair", "action rebuild")}
    expected = {
        "en": "repair XXXXVII Panzer Corps: 3 yellow and 3 red PP",
        "it": "rinforza XXXXVII Panzer Corps: 3 PP gialli e 3 rossi",
        "es": "reparar XXXXVII Panzer Corps: 3 PP amarillos y 3 rojos",
        "fr": "renforcer XXXXVII Panzer Corps : 3 PP jaunes et 3 rouges",
    }
    assert expected[lang] in costs, sorted(costs)
    orders = {text for _side, what, text in lines if what == "action command"}
    order = {
        "en": "order XXXIX Panzer Corps by FHQ: it moves as if fully supplied this turn",
        "it": "ordine di FHQ a XXXIX Panzer Corps: in questo turno muove come se fosse",
        "es": "orden de FHQ a XXXIX Panzer Corps: este turno mueve como si tuviera",
        "fr": "ordre de FHQ à XXXIX Panzer Corps : ce tour, elle se déplace comme si",
    }
    assert any(t.startswith(order[lang]) for t in orders), sorted(orders)
