"""Place names in each language (issue 18): data/place_names.toml, the board the browser
draws and the sentences of games/bite/text.py."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from hexfront.games.bite.board_json import board_json
from hexfront.games.bite.place_names import TRANSLATED, entries, names_in, shown_name
from hexfront.games.bite.text import detail_words, log_line, place
from hexfront.games.bite.world import _map
from hexfront.i18n import using


def _map_names() -> set[str]:
    """Every name printed on the map: its places and its off-map boxes."""
    bite_map = _map()
    board: Any = board_json()
    return set(bite_map.places) | {str(b["name"]) for b in board["boxes"]}


def test_every_entry_names_a_real_place_with_a_source() -> None:
    known = _map_names()
    assert {"Moscow", "Warsaw", "Siberia"} <= known  # the yardstick can fail
    assert len(entries()) >= 40
    for e in entries():
        assert e.name in known, f"{e.name!r} is no place or box on the map"
        assert e.names, f"{e.name}: no name in any language"
        assert set(e.names) <= set(TRANSLATED)
        assert e.source.strip(), f"{e.name}: no source"
        assert "rulebook" in e.source or "common exonym" in e.source, (e.name, e.source)


def test_no_shown_name_is_empty_or_the_map_name() -> None:
    for e in entries():
        for lang, shown in e.names.items():
            assert shown.strip() == shown, (e.name, lang, shown)
            assert shown, (e.name, lang)
            assert shown != e.name, f"{e.name} ({lang}): only names that differ are listed"


def test_names_in_each_language() -> None:
    """The rulebooks' names where they print one, else the common exonym; Kiev stays."""
    moscow = [shown_name("Moscow", lang) for lang in ("en", "it", "es", "fr")]
    assert moscow == ["Moscow", "Mosca", "Moscú", "Moscou"]
    warsaw = [shown_name("Warsaw", lang) for lang in ("en", "it", "es", "fr")]
    assert warsaw == ["Warsaw", "Varsavia", "Varsovia", "Varsovie"]
    assert [shown_name("Leningrad", lang) for lang in ("it", "es", "fr")] == [
        "Leningrado",
        "Leningrado",
        "Leningrad",
    ]
    assert {shown_name("Kiev", lang) for lang in ("it", "es", "fr")} == {"Kiev"}
    assert shown_name("Siberia", "fr") == "Sibérie"  # an off-map box
    with using("it"):
        assert shown_name("Sevastopol") == "Sebastopoli"  # the reader's language by default
    assert names_in("en") == {}


@pytest.mark.parametrize(("lang", "moscow"), [("en", "Moscow"), ("it", "Mosca"), ("fr", "Moscou")])
def test_the_board_shows_names_in_the_language_and_keeps_the_map_names(
    lang: str, moscow: str
) -> None:
    with using(lang):
        board: Any = board_json("SBE2")
    places = {p["hex"]: p for p in board["places"]}
    assert places["3620"]["name"] == "Moscow"  # what rules and scenarios match
    assert places["3620"]["shown"] == moscow
    boxes = {b["id"]: b for b in board["boxes"]}
    assert boxes["SIBERIA"]["name"] == "Siberia"
    assert boxes["SIBERIA"]["shown"] == ("Sibérie" if lang == "fr" else "Siberia")
    if lang == "en":
        assert all(p["shown"] == p["name"] for p in places.values())


def test_server_sentences_name_places_in_the_language() -> None:
    """The formatter that fills a place (``place``, ``place_name``): log lines, verdicts."""
    captured = {"kind": "captured", "data": {"city": "Moscow", "hex": "3620", "side": "axis"}}
    with using("it"):
        assert place("3620") == "Mosca (3620)"
        assert log_line(captured).startswith("Mosca (3620) ")
        assert "Varsavia (1924)" in log_line({"kind": "battle", "data": {"hex": "1924"}})
        assert "Sebastopoli" in detail_words("Sevastopol is surrounded")
        assert "Mosca, Leningrado" in detail_words("axis holds Moscow, Leningrad")
    with using("fr"):
        assert log_line(captured).startswith("Moscou (3620) ")
    with using("en"):
        assert log_line(captured) == "Moscow (3620) taken by the Axis"


ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_use_the_languages_place_names(lang: str) -> None:
    """A translated sentence that names a place (the browser's catalogue, the gettext one)
    names it as the language does: "prendere Mosca", not "prendere Moscow"."""
    babel = pytest.importorskip("babel.messages.pofile")
    table = names_in(lang)
    english = re.compile(r"\b(" + "|".join(map(re.escape, sorted(table, key=len)[::-1])) + r")\b")
    assert english.search("tenere Moscow")  # the yardstick can fail
    texts = {f"web/src/locales/{lang}.ts": (ROOT / "web/src/locales" / f"{lang}.ts").read_text()}
    po = ROOT / f"src/hexfront/i18n/locale/{lang}/LC_MESSAGES/hexfront.po"
    with po.open("rb") as f:
        for msg in babel.read_po(f):
            strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
            texts[f"{po.name}: {msg.id!r}"] = " ".join(s for s in strings if s)
    bad = {
        where: sorted({m.group(1) for m in english.finditer(text)})
        for where, text in texts.items()
        if english.search(text)
    }
    assert not bad, bad


def test_every_zone_of_the_map_has_a_name_in_each_language_of_the_client() -> None:
    """The browser's zone menu shows names, not map keys ("md leningrad", issue 18)."""
    board: Any = board_json("SBE4")
    zones = set(board["zones"])
    locales = Path(__file__).parents[2] / "web" / "src" / "locales"
    for lang in ("en", "it", "fr", "es"):
        text = (locales / f"{lang}.ts").read_text(encoding="utf-8")
        line = next(x for x in text.splitlines() if x.strip().startswith("zoneName: {"))
        named = dict(re.findall(r"(\w+): \"([^\"]+)\"", line))
        assert set(named) == zones, (lang, zones ^ set(named))
        assert all(name and "_" not in name for name in named.values()), lang


def test_an_off_map_box_is_named_in_words_not_by_its_map_key() -> None:
    """A sentence naming an off-map box says "Murmansk", never the key "MURMANSK"."""
    assert place("MURMANSK") == "Murmansk"
    assert place("SIBERIA") == "Siberia"
    with using("fr"):
        assert place("SIBERIA") == "Sibérie"
    assert place("2020") == "Insterburg (2020)"  # a hex keeps its id beside its name
