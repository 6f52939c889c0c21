"""``hexfront play`` in the player's language (issue 18): with ``--lang`` (or
``HEXFRONT_LANG``) its errors, prompts and verdict are in Italian, Spanish or French,
not only the game's own words."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from hexfront.cli.main import app
from hexfront.i18n import _, _n, set_language, using

runner = CliRunner()
OTHERS = ("it", "es", "fr")


@pytest.fixture(autouse=True)
def back_to_english() -> Iterator[None]:
    """``play`` sets the process's language (it runs in this process here): undo it."""
    yield
    set_language("en")


def said(lang: str, message: str, **fields: object) -> str:
    with using(lang):
        return _(message, **fields)


def play(
    *args: str, lang: str | None = None, env: dict[str, str] | None = None, input: str | None = None
) -> Result:
    extra = ["--lang", lang] if lang else []
    return runner.invoke(app, ["play", *args, *extra], env=env, input=input)


@pytest.mark.parametrize("lang", OTHERS)
def test_errors_of_play_are_in_the_chosen_language(lang: str) -> None:
    cases = [
        (("chess", "x"), "unknown game {name}; known games: {known}"),
        (("skirmish",), "name a scenario (e.g. SBE1) or give --position FILE"),
        (
            ("skirmish", "standard", "--seat", "green=human"),
            "--seat takes SIDE=PLAYER with SIDE one of {sides}",
        ),
        (("skirmish", "nowhere"), "{game} has no scenario {scenario}; known: {known}"),
        (
            ("skirmish", "standard", "--option", "rounds=99"),
            "option {name} ({label}) takes one of {choices}, not {value}",
        ),
        (
            ("skirmish", "standard", "--option", "colour=red"),
            "{game} has no option {names}; options: {known}",
        ),
        (
            ("skirmish", "standard", "--seat", "blue=grandmaster"),
            "{side}: there is no computer player {agent}; available: {agents}",
        ),
        (
            ("skirmish", "standard", "--option", "rounds"),
            "an option is written KEY=VALUE, not {pair}",
        ),
    ]
    for args, template in cases:
        english = play(*args)
        assert english.exit_code == 1, english.output
        result = play(*args, lang=lang)
        assert result.exit_code == 1, result.output
        assert result.output != english.output, (args, result.output)
        # Every piece of the sentence between its fields is there, in the language.
        out = flat(result.output)
        blank = dict.fromkeys(re.findall(r"\{(\w+)\}", template), "\0")
        for piece in said(lang, template, **blank).split("\0"):
            assert flat(piece) in out, (args, piece, out)
        assert said(lang, "error:") in out


def flat(text: str) -> str:
    """Text with its runs of white space as one space (the terminal wraps long lines)."""
    return " ".join(text.split())


def test_the_language_may_come_from_the_environment() -> None:
    result = play("skirmish", env={"HEXFRONT_LANG": "es"})
    assert result.exit_code == 1
    assert said("es", "name a scenario (e.g. SBE1) or give --position FILE") in result.output
    unknown = play("skirmish", "standard", lang="de")
    assert unknown.exit_code == 1
    assert "unknown language" in unknown.output


@pytest.mark.parametrize("lang", OTHERS)
def test_a_game_in_the_terminal_says_its_prompts_and_result_in_the_language(lang: str) -> None:
    answers = "\n".join(["zz"] + ["1"] * 40) + "\n"
    result = play(
        "skirmish",
        "standard",
        "--seat",
        "red=human",
        "--seat",
        "blue=random",
        lang=lang,
        input=answers,
    )
    assert result.exit_code == 0, result.output
    assert said(lang, "not a valid choice") in result.output
    assert said(lang, "Result:") in result.output
    assert said(lang, "choose 1-{n} ({keys}q: quit)", n=1, keys="").split("1")[0] in result.output
    assert "Result:" not in result.output


@pytest.mark.parametrize("lang", OTHERS)
def test_stalins_war_in_the_terminal_speaks_the_language(lang: str) -> None:
    """``hexfront --lang LANG play stalins_war``: the log, the prompts and the numbered
    choices (cards by their titles in the language) are the game's words in LANG."""
    from hexfront.games.stalins_war.text import card_title

    answers = "\n".join(["1"] * 6 + ["q"]) + "\n"
    result = runner.invoke(
        app,
        [
            "--lang",
            lang,
            "play",
            "stalins_war",
            "tournament",
            "--axis",
            "human",
            "--soviet",
            "random",
        ],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    with using(lang):
        round_words = _("Action round {ar}: play a card or take a 0-OPS round", ar=5)
        end_move = _("end movement")
        reinforcements = card_title("A3")  # German Reinforcements, in the Axis's opening hand
    assert flat(round_words) in out
    assert end_move in out
    assert reinforcements in out
    assert reinforcements != "German Reinforcements"
    for english in ("play a card", "for OPS", "German Reinforcements", "end movement", " plays "):
        assert english not in out, english


# -- every command, through the global ``hexfront --lang`` (or HEXFRONT_LANG) --------------


def run(*args: str, lang: str | None = None, env: dict[str, str] | None = None) -> Result:
    """``hexfront [--lang LANG] ARGS...``: the language given before the command."""
    before = ["--lang", lang] if lang else []
    return runner.invoke(app, [*before, *args], env=env)


def says(result: Result, lang: str, template: str, **fields: object) -> bool:
    """Whether the output holds every piece of ``template`` between its blank fields, in
    ``lang``, after the translated "error:" label when the command failed."""
    out = flat(result.output)
    blank = dict.fromkeys(re.findall(r"\{(\w+)\}", template), "\0")
    blank.update(fields)
    pieces = [flat(p) for p in said(lang, template, **blank).split("\0") if p.strip()]
    return all(p in out for p in pieces)


@pytest.mark.parametrize("lang", OTHERS)
def test_selfplay_and_arena_refuse_a_bad_scenario_in_the_language(lang: str) -> None:
    template = "{game} has no scenario {scenario}; known: {known}"
    for args in (
        ("selfplay", "skirmish", "nowhere"),
        ("arena", "skirmish", "nowhere", "--games", "1", "--jobs", "1"),
    ):
        english = run(*args)
        assert english.exit_code == 1, english.output
        assert says(english, "en", template)
        result = run(*args, lang=lang)
        assert result.exit_code == 1, result.output
        assert says(result, lang, template), (args, result.output)
        assert said(lang, "error:") in result.output
        assert "has no scenario" not in result.output


@pytest.mark.parametrize("lang", OTHERS)
def test_other_command_errors_are_in_the_language(lang: str) -> None:
    def needs(n: int) -> str:
        with using(lang):
            return _n(
                "{game} needs {n} agent ({sides})",
                "{game} needs {n} agents ({sides})",
                n,
                game="skirmish",
                sides="red, blue",
            )

    cases = [
        (("selfplay", "skirmish", "standard", "--agents", "random"), needs(2), "needs"),
        (
            ("arena", "skirmish", "standard", "--agents", "oracle"),
            said(lang, "unknown agents {names}; available: {agents}", names="\0", agents="\0"),
            "unknown agents",
        ),
        (
            ("selfplay", "skirmish", "standard", "--option", "rounds"),
            said(lang, "an option is written KEY=VALUE, not {pair}", pair="'rounds'"),
            "an option is written",
        ),
        (
            ("bench", "chess"),
            said(lang, "no benchmark for {game}; try bite", game="'chess'"),
            "try bite",
        ),
    ]
    for args, line, english in cases:
        result = run(*args, lang=lang)
        assert result.exit_code == 1, (args, result.output)
        out = flat(result.output)
        for piece in line.split("\0"):
            assert flat(piece) in out, (args, piece, out)
        assert english not in out, (args, out)
        assert said(lang, "error:") in out


def _record(tmp_path: Path) -> Path:
    rec = tmp_path / "g.json"
    made = run("selfplay", "skirmish", "standard", "--seed", "4", "--json", "--record", str(rec))
    assert made.exit_code == 0, made.output
    return rec


@pytest.mark.parametrize("lang", OTHERS)
def test_replay_verify_says_its_verdict_and_a_failure_in_the_language(
    lang: str, tmp_path: Path
) -> None:
    rec = _record(tmp_path)
    good = run("replay", str(rec), "--verify", lang=lang)
    assert good.exit_code == 0, good.output
    assert said(lang, "the rebuilt state matches the record") in flat(good.output)
    assert "matches the record" not in good.output
    data = json.loads(rec.read_text())
    data["final_hash"] = "0" * 64
    rec.write_text(json.dumps(data))
    bad = run("replay", str(rec), "--verify", lang=lang)
    assert bad.exit_code == 1
    assert says(bad, lang, "hash mismatch: the record says {hash}", hash="0" * 64), bad.output
    assert "mismatch" not in bad.output


@pytest.mark.parametrize("lang", OTHERS)
def test_the_server_dice_check_fails_in_the_language(lang: str, tmp_path: Path) -> None:
    """A server's record whose revealed secret does not give its seed (server/dice.py)."""
    from hexfront.server import dice

    rec = _record(tmp_path)
    record = json.loads(rec.read_text())
    secret, seed = dice.draw()
    assert seed != record["seed"]
    served = tmp_path / "served.json"
    served.write_text(json.dumps({"record": record, "dice": dice.reveal(secret)}))
    english = run("replay", str(served), "--verify")
    assert english.exit_code == 1
    assert "the secret gives" in english.output
    result = run("replay", str(served), "--verify", lang=lang)
    assert result.exit_code == 1
    line = said(
        lang,
        "dice: {problem}",
        problem=said(lang, "the record's seed is not the one the secret gives"),
    )
    assert line in flat(result.output), result.output
    lying = run("replay", str(served), "--verify", "--commitment", "f" * 64, lang=lang)
    assert lying.exit_code == 1
    assert said(lang, "the commitment differs from the one shown during the game") in flat(
        lying.output
    )


@pytest.mark.parametrize("lang", OTHERS)
def test_selfplay_summary_and_the_environment_choose_the_language(
    lang: str, tmp_path: Path
) -> None:
    result = run("selfplay", "skirmish", "standard", "--seed", "4", env={"HEXFRONT_LANG": lang})
    assert result.exit_code == 0, result.output
    for label in ("winner", "outcome", "state hash"):
        assert f"{said(lang, label)}: " in result.output
    assert "state_hash:" not in result.output
    as_json = run("selfplay", "skirmish", "standard", "--seed", "4", "--json", lang=lang)
    assert set(json.loads(as_json.stdout)) >= {"winner", "outcome", "state_hash"}
    # play's own --lang still wins over the global one
    scenario = play("skirmish", lang="fr", env={"HEXFRONT_LANG": lang})
    assert said("fr", "name a scenario (e.g. SBE1) or give --position FILE") in scenario.output


# -- an unknown language ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", OTHERS)
def test_an_unknown_language_is_refused_in_the_language_being_used(lang: str) -> None:
    from hexfront.i18n import UnknownLanguage, check_language

    with using(lang), pytest.raises(UnknownLanguage) as refused:
        check_language("de")
    assert "unknown language" not in str(refused.value)
    assert "choose one of" not in str(refused.value)
    for own_name in ("it (Italiano)", "es (Español)", "fr (Français)", "en (English)"):
        assert own_name in str(refused.value)
    # hexfront --lang LANG play ... --lang de: the known language says why de is refused
    result = runner.invoke(app, ["--lang", lang, "play", "skirmish", "standard", "--lang", "de"])
    assert result.exit_code == 1
    out = flat(result.output)
    assert flat(str(refused.value)) in out, out
    assert said(lang, "error:") in out


def test_an_unknown_language_alone_is_refused_in_english_naming_each_choice_its_way() -> None:
    for args in (["--lang", "de", "games"], ["play", "skirmish", "standard", "--lang", "xx"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 1, (args, result.output)
        out = flat(result.output)
        assert "unknown language '" in out
        assert "choose one of" in out
        assert "it (Italiano), es (Español), fr (Français)" in out
    from_env = runner.invoke(app, ["games"], env={"HEXFRONT_LANG": "klingon"})
    assert from_env.exit_code == 1
    assert "'klingon'" in from_env.output


@pytest.mark.parametrize("lang", OTHERS)
def test_map_and_data_commands_say_their_errors_in_the_language(lang: str) -> None:
    cases = [
        (
            ("map", "show", "chess", "Moscow"),
            said(
                lang, "no map for game {game}; maps exist for: {games}", game="'chess'", games="\0"
            ),
            "no map for game",
        ),
        (
            ("map", "render", "bite", "--out", "/tmp/never.png", "--labels", "some"),
            said(lang, "--labels takes cities, all or none"),
            "takes cities",
        ),
        (
            ("data", "check", "chess"),
            said(lang, "no forces data for game {game}; known: bite", game="'chess'"),
            "no forces data",
        ),
    ]
    for args, line, english in cases:
        result = run(*args, lang=lang)
        assert result.exit_code != 0, (args, result.output)
        out = flat(result.output)
        for piece in line.split("\0"):
            assert flat(piece) in out, (args, piece, out)
        assert english not in out, (args, out)


@pytest.mark.parametrize("lang", OTHERS)
def test_the_games_list_is_headed_in_the_language_and_its_json_keys_stay(lang: str) -> None:
    table = run("games", lang=lang)
    assert table.exit_code == 0, table.output
    for word in ("playable", "options (--option NAME=VALUE):"):
        assert said(lang, word) != word
        assert said(lang, word) in table.output
    assert "options (--option NAME=VALUE):" not in table.output
    as_json = run("games", "--json", lang=lang)
    bite = next(g for g in json.loads(as_json.stdout)["games"] if g["name"] == "bite")
    assert {"scenarios", "options", "sides"} <= set(bite)
