"""The browser client's log and action words (web/src/text.ts) read as words too (issue 18,
point 5): whole games' events and legal actions, from both seats, are put through the
client's own ``logLine`` and ``describe`` under Node, with the names the client takes from
that side's view, and scanned like the terminal's words (tests/bite/test_player_text.py).
Skipped where Node or the client's TypeScript is not installed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from hexfront.ai.base import RandomAgent
from hexfront.engine.match import Match

from .test_player_text import GAME, SAMPLE_EVENTS, SIDES, _id_pattern, _leaks

WEB = Path(__file__).parents[2] / "web"
NODE = shutil.which("node")
TYPESCRIPT = WEB / "node_modules" / "typescript"

RUN = r"""
const fs = require("fs");
const ts = require(process.argv[2]);
const source = fs.readFileSync(process.argv[3], "utf8");
const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 } }).outputText;
const mod = { exports: {} };
new Function("module", "exports", "require", js)(mod, mod.exports, require);
const text = mod.exports;
const seats = JSON.parse(fs.readFileSync(process.argv[4], "utf8"));
const out = [];
for (const seat of seats) {
  // As bite.ts does: names by unit id and by handle from the view (and battle events).
  const names = new Map(), handles = new Map();
  for (const u of [...seat.view.units, ...Object.values(seat.view.pools ?? {}).flat()]) {
    if (u.id && u.name) names.set(u.id, u.name);
    if (u.handle && u.name) handles.set(String(u.handle), u.name);
  }
  for (const e of seat.events) {
    if (["reveal", "eliminated", "fire"].includes(e.kind) && e.data.unit && e.data.name) names.set(e.data.unit, e.data.name);
  }
  const name = (id) => names.get(id) ?? "a unit";
  const block = (h, side) => handles.get(h) ?? text.aBlock(side);
  const place = (id) => String(id);
  for (const e of seat.events) {
    const line = text.logLine(e, name, place, block);
    if (line) out.push([seat.side, "log " + e.kind, line]);
  }
  for (const a of seat.actions) out.push([seat.side, "action " + a.verb, text.describe(a, name, place)]);
}
console.log(JSON.stringify(out));
"""


def _seats(scenario: str, seed: int, max_actions: int) -> tuple[Match[Any], list[dict[str, Any]]]:
    match = Match(GAME, scenario, {}, seed)
    agents = {"axis": RandomAgent(seed), "soviet": RandomAgent(seed + 1)}
    actions: dict[str, list[Any]] = {s: [] for s in SIDES}
    verbs: set[tuple[str, str]] = set()
    for _ in range(max_actions):
        if match.is_over():
            break
        side = match.active_sides()[0]
        legal = match.legal_actions(side)
        for a in legal:
            if (side, a.verb) not in verbs or a.verb in ("move", "retreat", "hit"):
                verbs.add((side, a.verb))
                actions[side].append({"verb": a.verb, "args": a.args})
        match.act(agents[side].choose(match.view(side), legal))
    seats = [
        {
            "side": s,
            "view": match.view(s),
            "events": [e.to_json() for e in match.state.log if e.visible_to(s)]
            + [{"kind": k, "data": d} for k, d in SAMPLE_EVENTS.items()],  # the rare ones too
            "actions": actions[s][-3000:],
        }
        for s in SIDES
    ]
    return match, seats


@pytest.mark.skipif(NODE is None or not TYPESCRIPT.exists(), reason="needs node and web/ npm ci")
@pytest.mark.parametrize(("scenario", "seed"), [("SBE1", 1), ("SBE1", 2), ("SBE4", 1)])
def test_the_clients_log_and_buttons_read_as_words(
    scenario: str, seed: int, tmp_path: Path
) -> None:
    match, seats = _seats(scenario, seed, 2500)
    data = tmp_path / "seats.json"
    data.write_text(json.dumps(seats))
    script = tmp_path / "run.cjs"
    script.write_text(RUN)
    done = subprocess.run(
        [str(NODE), str(script), str(TYPESCRIPT), str(WEB / "src" / "text.ts"), str(data)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    lines = json.loads(done.stdout)
    assert len(lines) > 100
    ids = _id_pattern(match)
    bad: dict[str, str] = {}
    for side, what, text in lines:
        for leak in _leaks(text, ids):
            kind = leak.split(" ", 1)[0]
            bad.setdefault(f"{what}: {kind}", f"[{side}] {what}: {leak} in {text!r}")
    assert not bad, f"{len(bad)} kinds of leak:\n" + "\n".join(sorted(bad.values()))


WORDS = r"""
const fs = require("fs");
const ts = require(process.argv[2]);
const source = fs.readFileSync(process.argv[3], "utf8");
const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 } }).outputText;
const mod = { exports: {} };
new Function("module", "exports", "require", js)(mod, mod.exports, require);
const text = mod.exports;
const whys = JSON.parse(process.argv[4]);
console.log(JSON.stringify({
  whys: whys.map((w) => [w, text.whyWords(w)]),
  labels: [text.fireLabel(2, "ground", "soviet", "axis"), text.fireLabel(1, "a2a", "axis", "axis", 2)],
  mods: [text.maliWords(1), text.maliWords(2), text.boniWords(1, 5), text.boniWords(2, 4)],
  help: text.COMBAT_HELP,
}));
"""


@pytest.mark.skipif(NODE is None or not TYPESCRIPT.exists(), reason="needs node and web/ npm ci")
def test_combat_words_explain_rounds_modifiers_and_eliminations(tmp_path: Path) -> None:
    """Issue 18 point 4: every reason the rules give for an elimination has the client's
    words (and the terminal's) with its rule; round and step labels and modifiers in words."""
    import re

    from hexfront.games.bite.text import why_words

    rules = Path(__file__).parents[2] / "src" / "hexfront" / "games" / "bite" / "rules"
    whys = sorted(
        {
            m
            for f in rules.glob("*.py")
            for m in re.findall(r'eliminate\(\s*state,\s*\w+,\s*"([^"]+)"', f.read_text())
        }
    )
    assert len(whys) >= 8, whys
    script = tmp_path / "words.cjs"
    script.write_text(WORDS)
    done = subprocess.run(
        [str(NODE), str(script), str(TYPESCRIPT), str(WEB / "src" / "text.ts"), json.dumps(whys)],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    out = json.loads(done.stdout)
    for why, words in out["whys"]:
        assert words != why, f"no words for {why!r}"
        assert re.search(r"\(\d+\.\d+(\.\d+)?\)$", words), words  # its rule
        assert why_words(why) == words  # the terminal says the same
    assert out["labels"] == [
        "Round 2 — ground fire, the defender",
        "Round 1 — air-to-air fire (air combat, pass 2), the attacker",
    ]
    assert out["mods"] == [
        "1 Malus: half the dice",
        "2 Mali: the dice halved 2 times",
        "1 Bonus: hits on 5-6 instead of 6",
        "2 Boni: hits on 4-6 instead of 6",
    ]
    for key, help_ in out["help"].items():
        assert re.search(r"Rules? 7\.7", help_), key
