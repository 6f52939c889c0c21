"""Stalin's War's browser words (web/src/sw_words.ts and locales/sw_*.ts) read as words for
players in all four languages (issue 17): the decisions, every kind of choice and the log
lines of a random game, from each seat's view, are put through the client's own functions
under Node with the names of the public board data, and scanned for ids, keys, snake_case,
unfilled fields and missing rule numbers. The catalogues keep the English {fields} key for
key. Skipped where Node or the client's TypeScript is not installed.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from hexfront.ai.base import RandomAgent
from hexfront.engine.match import Match
from hexfront.games.stalins_war.board_json import board_json
from hexfront.games.stalins_war.game import StalinsWar

from .test_player_text import SAMPLE_EVENTS, logged_kinds

WEB = Path(__file__).parents[2] / "web"
NODE = shutil.which("node")
TYPESCRIPT = WEB / "node_modules" / "typescript"
LANGS = ("en", "it", "es", "fr")

RUN = r"""
const fs = require("fs");
const path = require("path");
const ts = require(process.argv[2]);
const cache = {};
function load(file) {
  if (cache[file]) return cache[file].exports;
  const source = fs.readFileSync(file, "utf8");
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 } }).outputText;
  const mod = { exports: {} };
  cache[file] = mod;
  const req = (name) => name.startsWith(".") ? load(path.resolve(path.dirname(file), name) + ".ts") : require(name);
  new Function("module", "exports", "require", js)(mod, mod.exports, req);
  return mod.exports;
}
globalThis.HEXFRONT_LANG = process.env.HEXFRONT_LANG;
const w = load(process.argv[3]);
const data = JSON.parse(fs.readFileSync(process.argv[4], "utf8"));
const places = new Map(data.board.places.map((p) => [p.hex, p.name]));
const names = new w.Names(data.board.cards, data.board.units, places);
const out = [];
const missing = [];
for (const seat of data.seats) {
  for (const p of seat.prompts) {
    const words = w.promptWords(p, names);
    out.push([seat.side, "prompt " + words.key, words.text, words.help]);
  }
  for (const a of seat.actions) out.push([seat.side, "action " + a.verb, w.describe(a, names), w.helpOf(a, names)]);
  for (const e of seat.events) {
    const line = w.logLine(e, names);
    if (line !== null) out.push([seat.side, "log " + e.kind, line, ""]);
    else if (seat.samples) missing.push(e.kind);
  }
}
// Each catalogue's {fields}, key by key.
const fields = {};
const walk = (obj, key, lang) => {
  for (const [k, v] of Object.entries(obj)) {
    const name = key ? key + "." + k : k;
    if (typeof v === "string") (fields[name] ??= {})[lang] = [...v.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(",");
    else walk(v, name, lang);
  }
};
for (const [lang, cat] of Object.entries(w.SW_CATALOGUES)) walk(cat, "", lang);
console.log(JSON.stringify({ lines: out, fields, missing }));
"""

LEAKS = (
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "snake_case"),
    (re.compile(r"\w+=\w+"), "key=value"),
    (re.compile(r"\b(su|ge|ro|hu|it|pl|bg)\.[A-Za-z0-9]+"), "unit id"),
    (re.compile(r"\b[AS]\d{1,2}\b"), "card id"),
    (re.compile(r"\{\w+\}"), "unfilled field"),
    (re.compile(r"\bundefined\b|\bnull\b|\bNaN\b|\[object|(^|\s)\?[\s,)]"), "missing value"),
)
RULE = re.compile(r"\d+(\.\d+)+|\(\d+\)")
# Every verb and decision the rules offer, also the rare ones a short random game may miss.
U, H, C = "su.West", "2722", "A12"
SAMPLE_ACTIONS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("play_ops", {"card": C}), ("play_rp", {"card": C}), ("play_event", {"card": C}),
    ("zero_ops_move", {}), ("zero_ops_pass", {}), ("zero_ops_pass", {"discard": C}),
    ("move", {"unit": U, "to": H}), ("rail", {"unit": U, "to": H}), ("sea", {"unit": U, "to": H}),
    ("place", {"unit": U, "at": H}), ("swap", {"unit": U, "old": "su.South"}),
    ("replace_step", {"unit": U}), ("rebuild", {"unit": U, "at": H}), ("done_replacing", {}),
    ("end_movement", {}), ("combat_marker", {"hex": H}), ("done_markers", {}), ("attack", {"hex": H}),
    ("commit", {"unit": U}), ("fire", {}), ("call_off", {}), ("end_combat", {}),
    ("combat_card", {"card": C}), ("combat_card", {"card": C, "unit": U}), ("no_more_cards", {}),
    ("evade", {"card": C}), ("rush", {"unit": U, "to": H}), ("done_rushing", {}),
    ("pick", {"card": C}), ("pick", {"unit": U, "to": H}), ("pick", {"hex": H}), ("pick", {"unit": U}),
    ("pick", {"civilians": True}), ("pick", {"cancel": True}), ("pick", {"cancel": False}),
    ("done_picking", {}), ("take_loss", {"unit": U}), ("retreat", {"unit": U, "to": H}),
    ("no_retreat", {"unit": U}), ("advance", {"unit": U}), ("follow", {"unit": U, "to": H}),
    ("done_advancing", {}), ("exploit", {"unit": U, "to": H}), ("end_exploitation", {}),
    ("entrench", {"hex": H}), ("entrench_sure", {"hex": H}), ("festung", {"hex": H}),
    ("partisans", {"hex": H}), ("free_trench", {"hex": H}), ("skip_trench", {}),
    ("discard", {"card": C}), ("done_discarding", {}),
)  # fmt: skip
SAMPLE_PROMPTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("action_round", {"ar": 2, "rasputitsa": True}), ("movement", {"ops": 2}),
    ("combat", {"stage": "markers", "ops": 3}), ("combat", {"stage": "declare"}),
    ("combat", {"stage": "build", "hex": H}), ("combat_cards", {"stage": "cards"}),
    ("combat_cards", {"stage": "rush"}), ("losses", {"losses": 2}),
    ("retreat", {"hexes": 2, "unit": U}), ("advance", {}), ("exploit", {}),
    ("replacements", {"rp": {"german": 2, "panzer": 1, "axis": 0}}), ("reinforce", {"unit": U}),
    ("reinforce", {"unit": U, "swap": True}), ("discards", {}), ("trench", {}),
    ("pick", {"what": "fortress"}),
)  # fmt: skip


def _seats(seed: int, max_actions: int) -> list[dict[str, Any]]:
    match = Match(StalinsWar(), "tournament", {}, seed)
    agents = {s: RandomAgent(seed + i) for i, s in enumerate(("axis", "soviet"))}
    actions: dict[str, list[Any]] = {"axis": [], "soviet": []}
    prompts: dict[str, list[Any]] = {"axis": [], "soviet": []}
    events: dict[str, list[Any]] = {"axis": [], "soviet": []}
    seen: set[tuple[str, str, tuple[str, ...]]] = set()
    for _ in range(max_actions):
        if match.is_over():
            break
        side = match.active_sides()[0]
        legal = match.legal_actions(side)
        for a in legal:
            key = (side, a.verb, tuple(sorted(a.args)))
            if key not in seen:
                seen.add(key)
                actions[side].append({"verb": a.verb, "args": a.args})
        view = match.view(side)
        prompts[side].append(view["prompt"])
        for s in ("axis", "soviet"):
            events[s] += [e for e in match.view(s)["log"] if e not in events[s][-60:]]
        match.act(agents[side].choose(view, legal))
    samples = {
        "side": "axis",
        "prompts": [{"side": "axis", "kind": k, "data": d} for k, d in SAMPLE_PROMPTS],
        "actions": [{"verb": v, "args": a} for v, a in SAMPLE_ACTIONS],
        "events": [{"kind": k, "data": d} for k, d in SAMPLE_EVENTS.items()],
        "samples": True,
    }
    seats = [
        {
            "side": s,
            "prompts": prompts[s][-300:],
            "actions": actions[s],
            "events": events[s][-1500:],
        }
        for s in ("axis", "soviet")
    ]
    return [*seats, samples]


@pytest.mark.skipif(NODE is None or not TYPESCRIPT.exists(), reason="needs node and web/ npm ci")
@pytest.mark.parametrize("lang", LANGS)
def test_the_tables_decisions_choices_and_log_read_as_words(lang: str, tmp_path: Path) -> None:
    data = tmp_path / "seats.json"
    data.write_text(json.dumps({"board": board_json("tournament"), "seats": _seats(5, 1500)}))
    script = tmp_path / "run.cjs"
    script.write_text(RUN)
    done = subprocess.run(
        [str(NODE), str(script), str(TYPESCRIPT), str(WEB / "src" / "sw_words.ts"), str(data)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env={"HEXFRONT_LANG": lang, "PATH": "/usr/bin:/bin"},
    )
    out = json.loads(done.stdout)
    lines = out["lines"]
    kinds = {what.split(" ", 1)[0] for _, what, _, _ in lines}
    assert kinds == {"prompt", "action", "log"}, kinds
    assert len(lines) > 50
    bad: dict[str, str] = {}
    for side, what, text, help_ in lines:
        for pattern, name in LEAKS:
            if pattern.search(text):
                bad.setdefault(f"{what}: {name}", f"[{side}] {what}: {name} in {text!r}")
        if what.startswith(("prompt", "action")) and not RULE.search(help_):
            bad.setdefault(f"{what}: rule", f"[{side}] {what}: no rule in {help_!r}")
    assert not bad, f"{len(bad)} kinds of leak:\n" + "\n".join(sorted(bad.values()))
    if lang != "en":  # translated, not English left over
        english = {"Action round", "Move your units", "Play ", "Attack "}
        assert not [t for _, _, t, _ in lines for e in english if t.startswith(e)]
    # every kind of event the rules log has the table's own words (none left to English)
    assert logged_kinds() <= set(SAMPLE_EVENTS)
    assert not out["missing"], out["missing"]
    for key, by_lang in out["fields"].items():
        assert len(set(by_lang.values())) == 1, f"{key}: {by_lang}"
        assert set(by_lang) == set(LANGS), key
