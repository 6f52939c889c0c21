"""The small words before a name, as French, Italian and Spanish write them (issue 18).

A translated sentence puts a value after a small word ("usine de {kind}", "presa da {side}");
the translator cannot know the value, so ``hexfront.i18n.fill`` (and the browser's ``fmt``)
join them: "usine d'avions", "presa dai Sovietici", "l'Axe", "du Reich", "del Eje". Whole
SBE5 games, with every optional rule, are read in French and Italian from both seats, in the
terminal and in the browser's words, and no small word may stand unjoined before a vowel or
an article.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from hexfront.ai.base import RandomAgent
from hexfront.engine.match import Match
from hexfront.games.bite import text as text_module
from hexfront.i18n import fill, joined, using

from .test_player_text import GAME, SIDES
from .test_web_words import LOADER, NODE, RUN, TYPESCRIPT, WEB

# A small word left before a vowel or an article. Roman numerals ("de IV Fliegerkorps", read
# "quatrième") and an h sounded in French ("de Hanko", "gardez-le hors") are not vowels.
UNJOINED = {
    "fr": re.compile(
        r"(?<![\w'’-])(?i:de|le|la|que)\s+(?![IVXLC]+\b)"
        r"(?:[aeiouàâäéèêëîïôöûüAEIOUÀÂÉÈÊÎÔÛ]|(?i:hexagone|hiver|heure|homme))"
        r"|(?<![\w'’-])(?i:de|à)\s+(?i:le|les)\b"
    ),
    "it": re.compile(
        r"(?<![\w'’-])(?i:lo|la|una|della|dello|dalla|dallo|alla|allo|nella|nello|sulla|sullo)"
        r"\s+(?![IVXLC]+\b)[aeiouàèéìòùAEIOUÀÈÉÌÒÙ]"
        r"|(?<![\w'’-])(?i:di|a|da|in|su)\s+(?:(?i:il|lo|la|i|gli|le)\s|l')"
    ),
    "es": re.compile(r"(?<![\w'’-])(?i:de|a)\s+el\s"),
}

EXAMPLES: list[tuple[str, str, dict[str, object], str]] = [
    # (language, template, fields, as it reads)
    ("fr", "une usine de {kind} à {city}", {"kind": "avions", "city": "Gorky"},
     "une usine d'avions à Gorky"),
    ("fr", "tombe aux mains de {side}", {"side": "les Soviétiques"},
     "tombe aux mains des Soviétiques"),
    ("fr", "De {a} à {b} : le {c}, la {d}, que {e}",
     {"a": "Odessa", "b": "les Roumains", "c": "Axe", "d": "hexagone 2020", "e": "elle"},
     "D'Odessa aux Roumains : l'Axe, l'hexagone 2020, qu'elle"),
    ("fr", "reconnaissance de {hex} par {who}", {"hex": "Hanko", "who": "IV Fliegerkorps"},
     "reconnaissance de Hanko par IV Fliegerkorps"),
    ("fr", "ordre de {hq} à {who}", {"hq": "IV Fliegerkorps", "who": "le XXXXVII Panzer"},
     "ordre de IV Fliegerkorps au XXXXVII Panzer"),
    ("fr", "gardez-le {x}, de {n}", {"x": "ici", "n": 8}, "gardez-le ici, de 8"),
    ("it", "presa da {a}; fabbrica di {b}", {"a": "i Sovietici", "b": "l'URSS"},
     "presa dai Sovietici; fabbrica dell'URSS"),
    ("it", "dai {pp} a {who}; della {x}; lo {y}; una {z}; di {w}",
     {"pp": 1, "who": "la Romania", "x": "Armata", "y": "Asse", "z": "unità", "w": "Odessa"},
     "dai 1 alla Romania; dell'Armata; l'Asse; un'unità; di Odessa"),
    ("it", "Da {a} in {b}", {"a": "il Reich", "b": "gli Urali"}, "Dal Reich negli Urali"),
    ("es", "de {a} a {b}", {"a": "el Eje", "b": "el Soviético"}, "del Eje al Soviético"),
    ("es", "de {a}", {"a": "Odessa"}, "de Odessa"),
    ("en", "the factory of {a}", {"a": "the USSR"}, "the factory of the USSR"),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "template", "fields", "want"), EXAMPLES)
def test_a_small_word_is_joined_to_the_value_after_it(
    lang: str, template: str, fields: dict[str, object], want: str
) -> None:
    assert fill(lang, template, fields) == want
    if lang in UNJOINED:
        assert not UNJOINED[lang].search(want), want  # the yardstick passes good words
        raw = template.format(**fields)
        if raw != want:
            assert UNJOINED[lang].search(raw), raw  # and fails the words left apart


def test_the_words_a_translator_wrote_are_left_as_written() -> None:
    assert joined("fr", "de", "Hungarian Air Brigade") is None  # a sounded h
    assert joined("fr", "pour", "avions") is None  # not a small word that joins
    assert fill("fr", "la {x} de {{kind}}", {"x": "ville"}) == "la ville de {kind}"
    with using("fr"):
        from hexfront.i18n import _

        # Through the catalogue as everywhere: "the {target} of {city}" is "{target} de {city}".
        said = _("the factories of {city} are destroyed", city="Odessa")
        assert "d'Odessa" in said, said
        assert "de Odessa" not in said, said


def _read_sbe5(lang: str, seed: int) -> tuple[list[tuple[str, str, str]], list[dict[str, Any]]]:
    """Everything the terminal shows either seat in a whole SBE5 game (every optional rule):
    each prompt, the action chosen, every legal action at every 20th decision, the log from
    each seat and its summary; and the seats' data for the browser's words."""
    match = Match(GAME, "SBE5", {"optional_rules": "all"}, seed)
    agents = {"axis": RandomAgent(seed), "soviet": RandomAgent(seed + 1)}
    shown: list[tuple[str, str, str]] = []
    actions: dict[str, list[dict[str, Any]]] = {s: [] for s in SIDES}
    with using(lang):
        for step in range(6000):
            if match.is_over():
                break
            side = match.active_sides()[0]
            legal = match.legal_actions(side)
            view = match.view(side)
            prompt = view.get("prompt")
            if isinstance(prompt, dict):
                shown.append((side, "prompt", text_module.prompt_words(prompt)))
            listed = legal if step % 20 == 0 else []
            chosen = agents[side].choose(view, legal)
            for action in [*listed, chosen]:
                shown.append((side, f"action {action.verb}", GAME.describe_action(action, view)))
                actions[side].append({"verb": action.verb, "args": action.args})
            match.act(chosen)
        assert match.is_over()
        seats = []
        for s in SIDES:
            view = match.view(s)
            events = [e.to_json() for e in match.state.log if e.visible_to(s)]
            shown += [(s, f"log {e['kind']}", GAME.log_line(e, view)) for e in events]
            shown += [(s, "view", line) for line in GAME.render_text(view).splitlines()]
            seats.append({"side": s, "view": view, "events": events, "actions": actions[s]})
    return shown, seats


def _unjoined(lang: str, lines: list[tuple[str, str, str]]) -> dict[str, str]:
    bad: dict[str, str] = {}
    for side, what, line in lines:
        for hit in UNJOINED[lang].finditer(line):
            bad.setdefault(f"{what}: {hit.group(0)}", f"[{side}] {what}: {line!r}")
    return bad


@pytest.mark.parametrize(("lang", "seed"), [("fr", 5), ("it", 6)])
def test_whole_sbe5_games_join_their_small_words(lang: str, seed: int, tmp_path: Path) -> None:
    shown, seats = _read_sbe5(lang, seed)
    assert len(shown) > 3000
    assert len({what for _s, what, _l in shown}) > 40  # many kinds of line were read
    bad = _unjoined(lang, shown)
    assert not bad, f"{len(bad)} small words left apart:\n" + "\n".join(sorted(bad.values()))
    if NODE is None or not TYPESCRIPT.exists():
        return  # the browser's words need node and web/ npm ci
    data = tmp_path / "seats.json"
    data.write_text(json.dumps(seats))
    script = tmp_path / "run.cjs"
    script.write_text(RUN)
    done = subprocess.run(
        [str(NODE), str(script), str(TYPESCRIPT), str(WEB / "src" / "text.ts"), str(data)],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
        env={"HEXFRONT_LANG": lang, "PATH": "/usr/bin:/bin"},
    )
    client = [tuple(x) for x in json.loads(done.stdout)]
    assert len(client) > 1000
    bad = _unjoined(lang, client)  # type: ignore[arg-type]
    assert not bad, f"{len(bad)} small words left apart in the browser:\n" + "\n".join(
        sorted(bad.values())
    )


JOIN = (
    LOADER
    + r"""
const i18n = load(process.argv[3]);
const cases = JSON.parse(fs.readFileSync(process.argv[4], "utf8"));
console.log(JSON.stringify(cases.map(([t, f]) => i18n.fmt(t, f))));
"""
)


@pytest.mark.skipif(NODE is None or not TYPESCRIPT.exists(), reason="needs node and web/ npm ci")
@pytest.mark.parametrize("lang", ["fr", "it", "es"])
def test_the_browser_joins_them_as_the_server_does(lang: str, tmp_path: Path) -> None:
    cases = [(t, f) for lg, t, f, _w in EXAMPLES if lg == lang]
    data = tmp_path / "cases.json"
    data.write_text(json.dumps(cases))
    script = tmp_path / "join.cjs"
    script.write_text(JOIN)
    done = subprocess.run(
        [str(NODE), str(script), str(TYPESCRIPT), str(WEB / "src" / "i18n.ts"), str(data)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env={"HEXFRONT_LANG": lang, "PATH": "/usr/bin:/bin"},
    )
    assert json.loads(done.stdout) == [fill(lang, t, f) for t, f in cases]
