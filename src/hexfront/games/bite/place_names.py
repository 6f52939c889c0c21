"""The map's places named in each player's language (issue 18): Mosca, Moscú, Moscou.

The map's own names (``map.json.gz``) are the internal names that rules, scenarios and
victory checks match; ``data/place_names.toml`` gives, for the places whose name differs in
Italian, Spanish or French, the name that language's wargame rulebook prints (else its
common exonym), with the source of each. Only what players read goes through here: the
board the browser draws (``board_json``: each place's and box's ``shown`` name) and the
sentences of ``text.py`` (its ``place``).

>>> shown_name("Moscow", "it"), shown_name("Moscow", "en"), shown_name("Kiev", "fr")
('Mosca', 'Moscow', 'Kiev')
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from hexfront.i18n import LANGUAGES, language

#: The languages the table may name a place in (English is the map's own).
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")


@dataclass(frozen=True, slots=True)
class PlaceNameEntry:
    """One place of ``place_names.toml``: its map name, its names by language, its source."""

    name: str
    names: dict[str, str]
    source: str


@cache
def entries() -> tuple[PlaceNameEntry, ...]:
    """Every entry of ``data/place_names.toml``, in the file's order; a key the table does
    not know (a language we have no catalogue for, a misspelt ``source``) is an error."""
    text = resources.files("hexfront.games.bite").joinpath("data/place_names.toml").read_text()
    raw = tomllib.loads(text).get("places", {})
    out: list[PlaceNameEntry] = []
    for name, fields in raw.items():
        unknown = set(fields) - {"source", *TRANSLATED}
        if unknown:
            raise ValueError(f"place_names.toml, {name}: unknown keys {sorted(unknown)}")
        names = {lang: str(fields[lang]) for lang in TRANSLATED if lang in fields}
        out.append(PlaceNameEntry(str(name), names, str(fields.get("source", ""))))
    return tuple(out)


@cache
def names_in(lang: str) -> dict[str, str]:
    """Map name -> the name shown in ``lang``, for the places whose names differ."""
    return {e.name: e.names[lang] for e in entries() if lang in e.names}


def shown_name(name: str, lang: str | None = None) -> str:
    """``name`` (a place's or box's name on the map) as players of ``lang`` (by default
    the language being written in) read it."""
    return names_in(language() if lang is None else lang).get(name, name)
