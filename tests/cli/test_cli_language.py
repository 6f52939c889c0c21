"""``hexfront play`` in the player's language (issue 18): with ``--lang`` (or
``HEXFRONT_LANG``) its errors, prompts and verdict are in Italian, Spanish or French,
not only the game's own words."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner, Result

from hexfront.cli.main import app
from hexfront.i18n import _, set_language, using

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
            "option {name} must be one of {allowed}",
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
