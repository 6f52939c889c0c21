"""The log as a player reads it: words, never unit ids, snake_case keys or key=value."""

from __future__ import annotations

import re
from typing import Any

import pytest

from hexfront.ai.base import RandomAgent
from hexfront.ai.play import play_out
from hexfront.engine.match import Match
from hexfront.games.bite.game import Bite
from hexfront.games.bite.text import log_line

GAME = Bite()
UNIT_ID = re.compile(r"\b(ger|sov|fin|rom|hun|ita|svk)-[a-z0-9-]+\b")


@pytest.mark.parametrize(
    ("scenario", "options"),
    [("SBE1", {}), ("SBE3", {"deployment": "by_hand", "weather": "chart"})],
)
def test_every_logged_event_reads_as_words(scenario: str, options: dict[str, str]) -> None:
    agents = {"axis": RandomAgent(3), "soviet": RandomAgent(4)}
    match = play_out(GAME, scenario, agents, seed=5, options=options, max_actions=400)
    kinds = set()
    for event in match.state.log:
        line = log_line(event.to_json())
        kinds.add(event.kind)
        assert not re.search(r"\w=", line), line
        assert not UNIT_ID.search(line), line
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", line), line
    assert "turn" in kinds
    assert len(kinds) >= 10  # many kinds of event were read


# --- four languages (issue 18): the catalogues and whole games read in each ---------------

LANGS = ("it", "es", "fr")
FIELD = re.compile(r"\{(\w*)\}")


def test_every_message_has_a_translation_in_every_language() -> None:
    """Fails naming each message of the code (``_()``/``N_()``/``_n()``) that a catalogue lacks."""
    pytest.importorskip("babel")
    from hexfront.i18n.__main__ import missing

    gaps = missing()
    assert not gaps, "run `python -m hexfront.i18n update`, translate, then compile:\n" + "\n".join(
        gaps
    )


#: Words that read the same in a language: the Italian and Spanish "no", and a German word
#: every rulebook keeps.
SAME_WORDS = {
    "it": {"no", "Volkssturm (28)"},
    "es": {"no", "Volkssturm (28)"},
    "fr": {"Volkssturm (28)"},
}


def test_scenario_names_and_option_words_are_said_in_every_language() -> None:
    """Every game's scenario names and summaries, and every option's label, help and choices
    (``hexfront games``, the new-game form, the refusals), are catalogue messages: so the
    test above fails on one without a translation, and each reads in the language, not in
    English. BITE's scenarios are named as each rulebook prints them."""
    pytest.importorskip("babel")
    from hexfront.games.bite.optional import rules_by_key
    from hexfront.games.registry import catalog
    from hexfront.i18n import using
    from hexfront.i18n.__main__ import template

    tmpl = template()

    def marked(text: str, *contexts: str | None) -> bool:
        return any(tmpl.get(text, context=c) is not None for c in contexts)

    english = {e.name: e for e in catalog()}
    for game in english.values():
        for sc in game.scenarios:
            assert marked(sc.name, "scenario", None), (game.name, sc.name)
            assert not sc.summary or marked(sc.summary, "scenario summary"), sc.summary
        for o in game.options:
            rule = rules_by_key().get(o.name) if game.name == "bite" else None
            if rule is not None:  # an optional rule: its title and help from the data
                assert marked(rule.title, "optional rule"), rule.title
                assert marked(rule.help, "optional rule help"), rule.help
                continue
            assert not o.label or marked(o.label, "option"), (game.name, o.name, o.label)
            assert marked(o.help, "option help", None), (game.name, o.name, o.help)
    checked = 0
    for lang in LANGS:
        with using(lang):
            said = {e.name: e for e in catalog()}
        for name, game in english.items():
            scenarios = list(zip(game.scenarios, said[name].scenarios, strict=True))
            pairs = [(a.name, b.name) for a, b in scenarios]
            pairs += [(a.summary, b.summary) for a, b in scenarios]
            for a, b in zip(game.options, said[name].options, strict=True):
                pairs += [(a.label, b.label), (a.help, b.help)]
                pairs += list(zip(a.choice_labels, b.choice_labels, strict=True))
            for en, shown in pairs:
                checked += 1
                assert en in SAME_WORDS[lang] or shown != en or not en, (lang, name, en)
        bite = {s.id: s.name for s in said["bite"].scenarios}
        printed = {
            "it": ("Operazione Barbarossa", "Operazione Blu"),
            "es": ("Operación Barbarossa", "Case Blue"),
            "fr": ("Opération Barbarossa", "Fall Blau"),
        }[lang]
        assert bite["SBE5"] == printed[0], bite
        assert bite["SBE6"].startswith(printed[1]), bite
    assert checked > 3 * 150


def test_translations_keep_their_fields_and_the_compiled_catalogues_are_current() -> None:
    pytest.importorskip("babel")
    from hexfront.i18n.__main__ import mo_bytes, po_path, read

    for lang in LANGS:
        for msg in read(lang):
            if not msg.id:
                continue
            ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
            strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
            want = set(FIELD.findall(ids[-1])) | set(FIELD.findall(ids[0]))
            for s in strings:
                got = set(FIELD.findall(s))
                assert got <= want, (lang, msg.id, s)  # no field the code does not fill
                assert got >= want - {"n"}, (lang, msg.id, s)  # and none of them lost
        mo = po_path(lang).with_suffix(".mo")
        assert mo.read_bytes() == mo_bytes(lang), f"run `python -m hexfront.i18n compile` ({lang})"


def test_a_language_is_chosen_by_code_or_by_accept_language() -> None:
    from hexfront.i18n import UnknownLanguage, from_accept_language, language, using

    assert from_accept_language("es-AR,es;q=0.9,en;q=0.8") == "es"
    assert from_accept_language("de, fr;q=0.3, it;q=0.5") == "it"
    assert from_accept_language("de") == "en"
    assert from_accept_language(None) == "en"
    with using("fr-FR"):
        assert language() == "fr"
        assert log_line({"kind": "battle", "data": {"hex": "2020"}}) == (
            "Bataille à Insterburg (2020)"
        )
    assert language() == "en"
    with pytest.raises(UnknownLanguage, match="choose one of"), using("de"):
        pass


def _english_words(lang: str) -> set[str]:
    """Words of our English messages that the ``lang`` catalogue never uses: seeing one of
    them in a ``lang`` line means English was left where a translation exists."""
    from hexfront.i18n.__main__ import read

    word = re.compile(r"[A-Za-z]{3,}")
    english: set[str] = set()
    foreign: set[str] = set()
    for msg in read(lang):
        if not msg.id:
            continue
        ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        for s in ids:
            english |= {w.lower() for w in word.findall(FIELD.sub("", s))}
        for s in strings:
            foreign |= {w.lower() for w in word.findall(FIELD.sub("", s))}
    return english - foreign


def _proper_names(match: Match[Any]) -> re.Pattern[str]:
    """Unit and place names, kept as printed in every language."""
    from hexfront.games.bite.text import _place_names
    from hexfront.games.bite.world import _map

    names = {u.name for u in match.state.w.units.values()} | set(_place_names().values())
    names |= {str(box) for box in _map().boxes}  # off-map boxes go by their names
    names |= {str(sc) for sc in ("SBE1", "SBE2", "SBE3", "SBE4")}
    return re.compile("|".join(map(re.escape, sorted(names, key=len, reverse=True))))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("scenario", "seed"), [("SBE1", 1), ("SBE1", 2), ("SBE4", 1)])
def test_whole_games_read_in_each_language(lang: str, scenario: str, seed: int) -> None:
    """Every log line, prompt, action and summary either seat reads, in ``lang``: no English
    word where a translation exists (names of units and places apart), no internal id,
    snake_case key or key=value, and no message missing a field."""
    pytest.importorskip("babel")
    from hexfront.i18n import using

    from .test_player_text import _id_pattern, _leaks, _shown

    english = _english_words(lang)
    assert {"battle", "moves", "the"} <= english  # the yardstick can fail
    match = Match(GAME, scenario, {}, seed)
    ids = _id_pattern(match)
    names = _proper_names(match)
    agents = {"axis": RandomAgent(seed), "soviet": RandomAgent(seed + 1)}
    bad: dict[str, str] = {}
    kinds: set[str] = set()
    with using(lang):
        for side, what, text in _shown(match, agents, 1500):
            kinds.add(what)
            plain = names.sub("", text)
            found = [w for w in re.findall(r"[A-Za-z]{3,}", plain) if w.lower() in english]
            leaks = _leaks(text, ids) + [f"English {w!r}" for w in found]
            for leak in leaks:
                bad.setdefault(
                    f"{what}: {leak.split(' ', 1)[0]}", f"[{side}] {what}: {leak} in {text!r}"
                )
    assert len(kinds) > 15, kinds
    assert not bad, f"{len(bad)} kinds of problem:\n" + "\n".join(sorted(bad.values()))
