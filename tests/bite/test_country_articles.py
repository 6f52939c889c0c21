"""Country names inside a sentence take their article in French and Italian (issue 18): "à la
Roumanie", "alla Romania", "pour l'URSS", not "à Roumanie", "a Romania". The catalogues give
each country with its article in the context "country in a sentence" (web: ``powerIn``) and
the small word before it is joined to it as for every field; labels keep the bare name.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from hexfront.engine.protocol import Action
from hexfront.i18n import using

from .test_player_text import GAME
from .test_web_words import LOADER, NODE, TYPESCRIPT, WEB

EVENTS = [
    {"kind": "income", "data": {"power": "germany", "pp": 12}},
    {"kind": "aid", "data": {"to": "romania"}},
    {"kind": "aid", "data": {"to": "hungary"}},
    {"kind": "mine_loss", "data": {"power": "ussr", "pp": 2, "city": "Riga"}},
]
ACTIONS = [{"verb": "aid", "args": {"to": "romania"}}, {"verb": "aid", "args": {"to": "italy"}}]

# What a player reads: the server's words (terminal, CLI) and the browser's.
SERVER = {
    "fr": [
        "L'Allemagne reçoit 12 PP",
        "L'Allemagne donne 1 PP à la Roumanie",
        "L'Allemagne donne 1 PP à la Hongrie",
        "Les mines coulent 2 PP expédiés de Riga pour l'URSS (11.3)",
        "donner 1 PP à la Roumanie",
        "donner 1 PP à l'Italie",
    ],
    "it": [
        "La Germania incassa 12 PP",
        "La Germania dà 1 PP alla Romania",
        "La Germania dà 1 PP all'Ungheria",
        "Le mine affondano 2 PP spediti da Riga per l'URSS (11.3)",
        "dai 1 PP alla Romania",
        "dai 1 PP all'Italia",
    ],
    "es": [
        "Alemania recibe 12 PP",
        "Alemania da 1 PP a Rumanía",
        "Alemania da 1 PP a Hungría",
        "Las minas hunden 2 PP enviados desde Riga para la URSS (11.3)",
        "dar 1 PP a Rumanía",
        "dar 1 PP a Italia",
    ],
}
BROWSER = {
    "fr": [
        "L'Allemagne reçoit 12 PP",
        "L'Allemagne donne 1 PP à la Roumanie",
        "L'Allemagne donne 1 PP à la Hongrie",
        "Les mines coulent 2 PP expédiés de Riga pour l'URSS (11.3)",
        "donner 1 PP à la Roumanie",
        "donner 1 PP à l'Italie",
    ],
    "it": [
        "La Germania incassa 12 PP",
        "La Germania dà 1 PP alla Romania",
        "La Germania dà 1 PP all'Ungheria",
        "Le mine affondano 2 PP spediti da Riga per l'URSS (11.3)",
        "dai 1 PP alla Romania",
        "dai 1 PP all'Italia",
    ],
}


def _server_words(lang: str) -> list[str]:
    from hexfront.games.bite.text import log_line

    view = GAME.view(GAME.scenario_state("SBE4", {}, 0), "axis")
    with using(lang):
        lines = [log_line(e) for e in EVENTS]
        lines += [GAME.describe_action(Action("axis", a["verb"], a["args"]), view) for a in ACTIONS]
    return lines


@pytest.mark.parametrize("lang", ["fr", "it", "es"])
def test_the_servers_words_give_countries_their_article(lang: str) -> None:
    assert _server_words(lang) == SERVER[lang]


def test_labels_keep_the_bare_name() -> None:
    from hexfront.games.bite.text import power_word

    with using("fr"):
        assert power_word("germany") == "Allemagne"
    with using("it"):
        assert power_word("romania") == "Romania"


RUN = (
    LOADER
    + r"""
const text = load(process.argv[3]);
const data = JSON.parse(fs.readFileSync(process.argv[4], "utf8"));
const name = (id) => String(id), place = (id) => String(id);
console.log(JSON.stringify([
  ...data.events.map((e) => text.logLine(e, name, place)),
  ...data.actions.map((a) => text.describe(a, name, place)),
  text.power("germany"),
]));
"""
)


@pytest.mark.skipif(NODE is None or not TYPESCRIPT.exists(), reason="needs node and web/ npm ci")
@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_browsers_words_give_countries_their_article(lang: str, tmp_path: Path) -> None:
    data = tmp_path / "data.json"
    data.write_text(json.dumps({"events": EVENTS, "actions": ACTIONS}))
    script = tmp_path / "run.cjs"
    script.write_text(RUN)
    done = subprocess.run(
        [str(NODE), str(script), str(TYPESCRIPT), str(WEB / "src" / "text.ts"), str(data)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env={"HEXFRONT_LANG": lang, "PATH": "/usr/bin:/bin"},
    )
    *lines, label = json.loads(done.stdout)
    assert lines == BROWSER[lang]
    assert label == {"fr": "Allemagne", "it": "Germania"}[lang]  # a label: no article
