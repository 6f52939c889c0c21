"""The browser says "the computer could not move" in the player's language (issue 18): the
server's ``ai.error`` is its English note, so the client shows its own catalogue's
``table.aiError`` instead, in all four languages, and the committed bundle carries them."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[2]
LOCALES = ROOT / "web" / "src" / "locales"
BUNDLE = ROOT / "src" / "hexfront" / "server" / "static" / "app" / "assets"


def ai_error_words(lang: str) -> str:
    source = (LOCALES / f"{lang}.ts").read_text(encoding="utf-8")
    found = re.search(r'aiError:\s*"((?:[^"\\]|\\.)*)"', source)
    assert found, f"{lang}.ts has no table.aiError"
    return found.group(1).replace("\\'", "'")


def test_each_language_says_the_ai_error_its_own_way_and_the_bundle_has_it() -> None:
    said = {lang: ai_error_words(lang) for lang in ("en", "it", "es", "fr")}
    assert len(set(said.values())) == 4, said
    bundle = "".join(p.read_text(encoding="utf-8") for p in BUNDLE.glob("*.js"))
    for lang, words in said.items():
        assert words in bundle, (lang, words)


def test_the_client_never_shows_the_servers_english_note() -> None:
    client = (ROOT / "web" / "src" / "bite.ts").read_text(encoding="utf-8")
    shown = re.findall(r"if \(p\.ai\.error\)[^;]*;", client)
    assert shown, "the client no longer reacts to ai.error"
    for line in shown:
        assert "L.table.aiError" in line
        assert not re.search(r",\s*p\.ai\.error\s*\)", line), line
