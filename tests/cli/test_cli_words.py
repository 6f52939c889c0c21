"""The last English-only lines of the command line (issue 18): ``hexfront demo``, ``serve``
(its start-up line and errors), ``bench``'s result lines, the ``games`` list and the example
game Skirmish (its choices, log, prompt and verdict) say their words in Italian, Spanish
and French. Each command's output in each language holds none of the English sentences of
:data:`ENGLISH`, and every message of the modules they come from has a translation."""

from __future__ import annotations

import ast
import random
import re
import socket
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from hexfront.cli.main import app, bench_lines
from hexfront.engine.example import Skirmish
from hexfront.engine.match import Match
from hexfront.i18n import LANGUAGES, _, set_language, using

runner = CliRunner()
OTHERS = ("it", "es", "fr")

#: English that none of the three languages writes: sentences and words the commands
#: printed in English before, whatever the language chosen (word-bounded).
ENGLISH = re.compile(
    r"\b(This demo plays|For the real games|under construction|random play|with pure Python"
    r"|compiled rules|ms per turn|supply of all units|faster|chess|hexfront server on|storage"
    r"|already in use|cannot open|Move, attack or pass|moves a block|attacks with|defends with"
    r"|is eliminated|revealed|wins|Draw|A draw|hidden block|playable|engine example|example"
    r"|number of rounds|pass|move|attack|Red|Blue|Traceback|none|nobody)\b"
)
#: What a player must never read: key=value pairs and snake_case keys.
RAW = re.compile(r"\w+=\S|\b[a-z]+_[a-z_]+\b")


@pytest.fixture(autouse=True)
def back_to_english() -> Iterator[None]:
    """The commands set the process's language (they run in this process here): undo it."""
    yield
    set_language("en")


def run(*args: str, lang: str, input: str | None = None) -> Result:
    return runner.invoke(app, ["--lang", lang, *args], input=input)


def english_in(text: str) -> list[str]:
    return ENGLISH.findall(" ".join(text.split()))


def said(lang: str, message: str, **fields: object) -> str:
    with using(lang):
        return _(message, **fields)


# -- hexfront demo ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", OTHERS)
def test_demo_speaks_the_language(lang: str) -> None:
    english = runner.invoke(app, ["demo"])
    assert english.exit_code == 0, english.output
    assert "This demo plays Skirmish" in english.output
    assert english_in(english.output)  # the markers do find the English
    result = run("demo", lang=lang)
    assert result.exit_code == 0, result.output
    assert english_in(result.output) == [], result.output
    assert said(lang, "winner") in result.output


# -- Skirmish: a whole game in the terminal, and every line of whole games --------------------


@pytest.mark.parametrize("lang", OTHERS)
def test_a_skirmish_played_in_the_terminal_is_in_the_language(lang: str) -> None:
    answers = "\n".join(["2", "1"] * 20) + "\n"
    english = runner.invoke(
        app, ["play", "skirmish", "standard", "--seat", "blue=random"], input=answers
    )
    assert english.exit_code == 0, english.output
    assert "Move, attack or pass." in english.output
    result = run("play", "skirmish", "standard", "--seat", "blue=random", lang=lang, input=answers)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert english_in(out) == [], out
    assert not RAW.search(out), out
    assert said(lang, "Move, attack or pass.") in out
    assert said(lang, "pass") in out


def attacking_games(n: int) -> Iterator[Match[Any]]:
    """Whole Skirmish games in which a side attacks whenever it can: reveals, dice,
    eliminations and a verdict."""
    game = Skirmish()
    for seed in range(n):
        match: Match[Any] = Match(game, "standard", {}, seed)
        pick = random.Random(seed)
        while not match.is_over():
            side = match.active_sides()[0]
            legal = match.legal_actions(side)
            attacks = [a for a in legal if a.verb == "attack"]
            match.act(attacks[0] if attacks else pick.choice(legal))
        yield match


@pytest.mark.parametrize("lang", OTHERS)
def test_every_line_of_whole_skirmish_games_is_in_the_language(lang: str) -> None:
    game = Skirmish()
    kinds: set[str] = set()
    verdicts: set[str] = set()
    for match in attacking_games(6):
        result = match.result()
        assert result is not None
        for side in game.sides:
            view = match.view(side)
            log = view["log"]
            assert isinstance(log, list)
            for event in log:
                kinds.add(str(event["kind"]))
                with using("en"):
                    english = game.log_line(event, view)
                with using(lang):
                    line = game.log_line(event, view)
                assert line != english or english[:1].isdigit(), (event, line)
                assert english_in(line) == [], (event, line)
                assert not RAW.search(line), (event, line)
        with using(lang):
            verdict = game.verdict_words(result.to_json())
        verdicts.add(verdict)
        assert english_in(verdict) == [], verdict
    assert {"reveal", "roll", "eliminated", "move"} <= kinds
    assert len(verdicts) >= 2  # a win and another verdict (the other side's win or a draw)


@pytest.mark.parametrize("lang", OTHERS)
def test_skirmish_choices_name_only_what_the_side_may_know(lang: str) -> None:
    game = Skirmish()
    match: Match[Any] = Match(game, "standard", {}, 3)
    hidden = set(game.hidden_tokens(match.state, "red"))
    assert hidden  # blue's blocks are hidden from red at the start
    seen_attack = False
    pick = random.Random(3)
    while not match.is_over():
        side = match.active_sides()[0]
        view = match.view(side)
        legal = match.legal_actions(side)
        secret = set(game.hidden_tokens(match.state, side))
        with using(lang):
            prompt = game.prompt_words(view["prompt"])  # type: ignore[arg-type]
            texts = [game.describe_action(a, view) for a in legal]
        assert prompt == said(lang, "Move, attack or pass.") != "Move, attack or pass."
        for action, text in zip(legal, texts, strict=True):
            assert english_in(text) == [], text
            assert not RAW.search(text), text
            assert not any(token in text for token in secret), (text, secret)
            seen_attack |= action.verb == "attack"
        attacks = [a for a in legal if a.verb == "attack"]
        match.act(attacks[0] if attacks else pick.choice(legal))
    assert seen_attack


# -- hexfront games -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", OTHERS)
def test_the_games_list_says_status_rules_and_the_example_game_in_the_language(lang: str) -> None:
    result = run("games", lang=lang)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    for english in ("playable", "engine example", "number of rounds", "advanced", "Standard"):
        assert english not in out, english
    assert said(lang, "Skirmish (engine example)") in out
    with using(lang):
        from hexfront.i18n import _p

        assert _p("rules", "advanced") in out


# -- hexfront bench -------------------------------------------------------------------------

REPORT: dict[str, Any] = {
    "engine": "python",
    "random_play": {"actions_per_second": 151.2, "ms_per_turn": 812.5},
    "supply": {"ours_ms": 4.41, "networkx_ms": 66.65, "speedup": 15.12},
    "openspiel_chess": {"actions_per_second": 64838.5},
    "ratio_vs_openspiel_chess": 0.00239,
}
NUMBERS = ("151.2", "812.5", "4.41", "66.65", "15.12", "64838.5", "0.00239", "SBE4")


@pytest.mark.parametrize("lang", OTHERS)
def test_bench_lines_keep_numbers_and_units_and_translate_the_words(lang: str) -> None:
    with using("en"):
        english = bench_lines("SBE4", REPORT)
    assert english_in(" ".join(english))
    with using(lang):
        lines = bench_lines("SBE4", REPORT)
        unfinished = bench_lines("SBE4", {**REPORT, "random_play": {"actions_per_second": 3.0}})
        compiled = bench_lines("SBE4", {**REPORT, "engine": "mypyc"})
    text = " ".join(lines)
    assert english_in(text) == [], text
    assert "None" not in " ".join(unfinished)
    assert said(lang, "no turn finished in the time given") in unfinished[0]
    assert said(lang, "compiled rules (mypyc)") in compiled[0]
    for number in NUMBERS:
        assert number in text, number
    for unit in (" ms", "/s", "x"):
        assert unit in text


@pytest.mark.parametrize("lang", OTHERS)
def test_the_bench_command_prints_its_lines_in_the_language(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import hexfront.ai.bite_tools.benchmark as benchmark

    monkeypatch.setattr(benchmark, "run", lambda scenario, seconds: REPORT)
    result = run("bench", "--seconds", "0.1", lang=lang)
    assert result.exit_code == 0, result.output
    assert english_in(result.output) == [], result.output
    with using(lang):
        assert " ".join(bench_lines("SBE4", REPORT).pop(0).split()) in " ".join(
            result.output.split()
        )


# -- hexfront serve -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", OTHERS)
def test_serve_says_its_start_up_line_in_the_language(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    started: list[int] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: started.append(kw["port"]))
    port = free_port()
    result = run("serve", "--port", str(port), "--data-dir", str(tmp_path), lang=lang)
    assert result.exit_code == 0, result.output
    assert started == [port]
    out = " ".join(result.output.split())
    assert english_in(out) == [], out
    assert f"http://127.0.0.1:{port}" in out
    assert said(lang, "SQLite in {folder}", folder=tmp_path.resolve()) in out


@pytest.mark.parametrize("lang", OTHERS)
def test_serve_refuses_a_taken_port_a_bad_port_and_a_bad_database_in_words(
    lang: str, tmp_path: Path
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = run("serve", "--port", str(port), "--data-dir", str(tmp_path), lang=lang)
    bad_port = run("serve", "--port", "70000", lang=lang)
    bad_db = run("serve", "--port", str(free_port()), "--db", "nosuch://x", lang=lang)
    for result, message in (
        (
            busy,
            said(
                lang,
                "port {port} on {host} is already in use: stop what listens there or "
                "choose another with --port",
                port=port,
                host="127.0.0.1",
            ),
        ),
        (bad_port, said(lang, "the port must be between 1 and 65535, not {port}", port=70000)),
        (bad_db, said(lang, "cannot open the storage {where}: {why}", where="", why="")),
    ):
        assert result.exit_code == 1, result.output
        out = " ".join(result.output.split())
        assert "Traceback" not in out, out
        assert "╭" not in out, out  # no Rich traceback box
        assert said(lang, "error:") in out
        first_words = message.split("{")[0].split()[:3]
        assert " ".join(first_words) in out, (first_words, out)
        assert english_in(out) == [], out


@pytest.mark.parametrize("lang", OTHERS)
def test_uvicorns_start_up_and_shut_down_lines_are_said_in_the_language(lang: str) -> None:
    import logging

    from hexfront.cli.serve_cmd import UVICORN_LINES, SayInLanguage

    with using(lang):
        say = SayInLanguage()  # takes the language of the command that starts the server
    samples = {1: (4321,), 3: ("http", "127.0.0.1", 8000)}
    for template, (_sentence, names) in UVICORN_LINES.items():
        args = samples.get(len(names), ())
        record = logging.LogRecord("uvicorn.error", logging.INFO, "", 0, template, args, None)
        record.color_message = template  # uvicorn's coloured English copy
        english = record.getMessage()
        assert say.filter(record)
        line = record.getMessage()
        assert line != english
        assert "color_message" not in record.__dict__
        assert english_in(line) == [], line
        for value in args:
            assert str(value) in line
    other = logging.LogRecord("uvicorn.error", logging.INFO, "", 0, "Some other %s", ("x",), None)
    assert say.filter(other)
    assert other.getMessage() == "Some other x"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# -- map and data commands: their titles, headers and errors ----------------------------------


@pytest.mark.parametrize("lang", OTHERS)
def test_data_and_map_commands_head_their_tables_in_the_language(lang: str) -> None:
    """The rows are the data's own keys (ids, groups, JSON), as ``--json`` gives them; the
    titles, column heads, summary lines and errors are the player's language."""
    cards = run("data", "cards", "bite", lang=lang)
    assert cards.exit_code == 1
    assert said(
        lang, "no card data for game {game}; known: stalins_war", game="'bite'"
    ) in " ".join(cards.output.split())
    assert "no card data" not in cards.output
    cases = [
        (("data", "check", "stalins_war"), ("Stalin's War strategy cards", "facts checked")),
        (("map", "check", "stalins_war"), ("statistic", "km a hex")),
    ]
    for args, english in cases:
        result = run(*args, lang=lang)
        out = " ".join(result.output.split())
        for words in english:
            assert not re.search(rf"\b{re.escape(words)}\b", out), (args, words)
        assert said(lang, "statistic" if args[0] == "map" else "side/deck") in out


# -- every message of these modules has a translation, and no module escapes the check -------

PACKAGE = Path(__file__).parents[2] / "src" / "hexfront"
MODULES = (
    "cli/main.py",
    "cli/serve_cmd.py",
    "cli/data_cmd.py",
    "cli/map_cmd.py",
    "engine/example.py",
    "games/registry.py",
)


@pytest.mark.parametrize("lang", OTHERS)
def test_every_message_of_the_command_line_has_a_translation_with_its_fields(lang: str) -> None:
    from babel.messages.extract import extract_from_file

    from hexfront.i18n.__main__ import KEYWORDS, read

    catalogue = read(lang)
    found = 0
    for rel in MODULES:
        for _line, message, _comments, context in extract_from_file(
            "python", PACKAGE / rel, keywords=KEYWORDS
        ):
            ids = message if isinstance(message, tuple) else (message,)
            entry = catalogue.get(ids[0], context=context)
            assert entry is not None, (rel, lang, ids[0])
            assert not entry.fuzzy, (rel, lang, ids[0])
            texts = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            assert all(texts), (rel, lang, ids[0])
            fields = {f for i in ids for _t, f, _s, _c in string.Formatter().parse(i) if f}
            for text in texts:
                got = {f for _t, f, _s, _c in string.Formatter().parse(text) if f}
                assert got <= fields, (ids[0], text)
                assert got == fields or len(ids) > 1, (ids[0], text)
            found += 1
    assert found > 100


def test_every_module_that_marks_messages_is_extracted() -> None:
    """A module that writes ``_()``, ``N_()``... but is not in the catalogue's ``SOURCES``
    would print English whatever the language, unseen by the missing-translation check."""
    from hexfront.i18n.__main__ import source_files

    covered = set(source_files())
    markers = {"_", "_n", "_p", "N_", "NP_"}
    escaped = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports = {
            alias.asname or alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            and (node.module or "").endswith("i18n")
            and "__main__" not in (node.module or "")
            for alias in node.names
        }
        if imports & markers and path not in covered and path.parent.name != "i18n":
            escaped.append(str(path.relative_to(PACKAGE)))
    assert escaped == []
    assert len(LANGUAGES) == 4
