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

LOADER = r"""
const fs = require("fs");
const path = require("path");
const ts = require(process.argv[2]);
// A tiny CommonJS loader for the client's TypeScript modules (relative imports only).
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
globalThis.HEXFRONT_LANG = process.env.HEXFRONT_LANG || "en";
"""

RUN = (
    LOADER
    + r"""
const text = load(process.argv[3]);
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
  const name = (id) => names.get(id) ?? load(path.join(path.dirname(process.argv[3]), "i18n.ts")).L.block.unit;
  const block = (h, side) => handles.get(h) ?? text.aBlock(side);
  const place = (id) => String(id);
  for (const e of seat.events) {
    const line = text.logLine(e, name, place, block);
    if (line) out.push([seat.side, "log " + e.kind, line]);
  }
  for (const a of seat.actions) out.push([seat.side, "action " + a.verb, text.describe(a, name, place)]);
  for (const p of seat.prompts ?? []) out.push([seat.side, "prompt " + p.kind, text.promptWords(p)]);
}
console.log(JSON.stringify(out));
"""
)


def _seats(scenario: str, seed: int, max_actions: int) -> tuple[Match[Any], list[dict[str, Any]]]:
    match = Match(GAME, scenario, {}, seed)
    agents = {"axis": RandomAgent(seed), "soviet": RandomAgent(seed + 1)}
    actions: dict[str, list[Any]] = {s: [] for s in SIDES}
    prompts: dict[str, list[Any]] = {s: [] for s in SIDES}
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
        view = match.view(side)
        if isinstance(view.get("prompt"), dict) and len(prompts[side]) < 400:
            prompts[side].append(view["prompt"])
        match.act(agents[side].choose(view, legal))
    seats = [
        {
            "side": s,
            "view": match.view(s),
            "events": [e.to_json() for e in match.state.log if e.visible_to(s)]
            + [{"kind": k, "data": d} for k, d in SAMPLE_EVENTS.items()],  # the rare ones too
            "actions": actions[s][-3000:],
            "prompts": prompts[s],
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


WORDS = (
    LOADER
    + r"""
const text = load(process.argv[3]);
const whys = JSON.parse(process.argv[4]);
console.log(JSON.stringify({
  whys: whys.map((w) => [w, text.whyWords(w)]),
  labels: [text.fireLabel(2, "ground", "soviet", "axis"), text.fireLabel(1, "a2a", "axis", "axis", 2)],
  mods: [text.maliWords(1), text.maliWords(2), text.boniWords(1, 5), text.boniWords(2, 4)],
  help: text.COMBAT_HELP,
}));
"""
)


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


# --- four languages (issue 18): the client's typed catalogues ------------------------------

CATALOGUES = (
    LOADER
    + r"""
const i18n = load(process.argv[3]);
console.log(JSON.stringify(i18n.ALL));
"""
)


def _node(script: str, tmp_path: Path, *args: str, lang: str = "en") -> Any:
    path = tmp_path / "script.cjs"
    path.write_text(script)
    done = subprocess.run(
        [str(NODE), str(path), str(TYPESCRIPT), *args],
        capture_output=True, text=True, check=True, timeout=300,
        env={"PATH": "/usr/bin:/bin:/usr/local/bin", "HEXFRONT_LANG": lang},
    )  # fmt: skip
    return json.loads(done.stdout)


def _flat(tree: Any, prefix: str = "") -> dict[str, str]:
    """A catalogue as {"log.move": "...", "months.0": "June"}."""
    out: dict[str, str] = {}
    items = enumerate(tree) if isinstance(tree, list) else tree.items()
    for key, value in items:
        name = f"{prefix}{key}"
        if isinstance(value, (dict, list)):
            out.update(_flat(value, name + "."))
        else:
            out[name] = value
    return out


@pytest.mark.skipif(NODE is None or not TYPESCRIPT.exists(), reason="needs node and web/ npm ci")
def test_every_client_message_has_each_language_with_its_fields(tmp_path: Path) -> None:
    """Fails naming each key of locales/en.ts that another catalogue lacks, leaves empty,
    leaves in English (where the English has a word to translate) or gives other {fields}."""
    import re

    everything = _node(CATALOGUES, tmp_path, str(WEB / "src" / "i18n.ts"))
    assert set(everything) == {"en", "it", "es", "fr"}
    english = _flat(everything["en"])
    assert len(english) > 300
    field = re.compile(r"\{(\w+)\}")
    word = re.compile(r"[A-Za-z]{3,}")

    def vocabulary(cat: dict[str, str]) -> set[str]:
        return {w.lower() for t in cat.values() for w in word.findall(field.sub("", t))}

    problems = []
    for lang in ("it", "es", "fr"):
        words = _flat(everything[lang])
        english_only = vocabulary(english) - vocabulary(words)  # words this language never uses
        for key in english.keys() - words.keys():
            problems.append(f"{lang}: {key} missing")
        for key in words.keys() - english.keys():
            problems.append(f"{lang}: {key} not in English")
        for key, en in english.items():
            got = words.get(key)
            if got is None:
                continue
            if not got.strip() and en.strip():
                problems.append(f"{lang}: {key} empty")
            if set(field.findall(got)) != set(field.findall(en)):
                problems.append(f"{lang}: {key} fields {field.findall(got)} vs {field.findall(en)}")
            if got == en and {w.lower() for w in word.findall(field.sub("", en))} & english_only:
                problems.append(f"{lang}: {key} left in English: {en!r}")
    assert not problems, "\n".join(sorted(problems))


@pytest.mark.skipif(NODE is None or not TYPESCRIPT.exists(), reason="needs node and web/ npm ci")
@pytest.mark.parametrize("lang", ["it", "es", "fr"])
@pytest.mark.parametrize(("scenario", "seed"), [("SBE1", 1), ("SBE4", 2)])
def test_the_clients_log_buttons_and_prompts_read_in_each_language(
    lang: str, scenario: str, seed: int, tmp_path: Path
) -> None:
    """The client's words for whole games from both seats, in ``lang``: no English word where
    the catalogue translates it (unit and place names apart), no internal id or key."""
    import re

    from .test_text import _proper_names

    everything = _node(CATALOGUES, tmp_path, str(WEB / "src" / "i18n.ts"))
    word = re.compile(r"[A-Za-z]{3,}")
    field = re.compile(r"\{\w*\}")

    def vocabulary(cat: Any) -> set[str]:
        return {w.lower() for t in _flat(cat).values() for w in word.findall(field.sub("", t))}

    english = vocabulary(everything["en"]) - vocabulary(everything[lang])
    assert {"battle", "moves", "attack"} <= english  # the yardstick can fail
    match, seats = _seats(scenario, seed, 1500)
    data = tmp_path / "seats.json"
    data.write_text(json.dumps(seats))
    lines = _node(RUN, tmp_path, str(WEB / "src" / "text.ts"), str(data), lang=lang)
    assert len(lines) > 100
    ids = _id_pattern(match)
    names = _proper_names(match)
    bad: dict[str, str] = {}
    for side, what, text in lines:
        plain = names.sub("", text)
        found = [w for w in word.findall(plain) if w.lower() in english]
        for leak in _leaks(text, ids) + [f"English {w!r}" for w in found]:
            bad.setdefault(
                f"{what}: {leak.split(' ', 1)[0]}", f"[{side}] {what}: {leak} in {text!r}"
            )
    assert not bad, f"{len(bad)} kinds of problem:\n" + "\n".join(sorted(bad.values()))
