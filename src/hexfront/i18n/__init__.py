"""The players' languages: English, Italian, Spanish and French (issue 18).

Every sentence a player reads on the Python side (the BITE log, prompts, action
descriptions and view summaries of ``hexfront.games.bite.text``, the terminal's ``play``)
is written in English in the code, wrapped in :func:`_` (or :func:`_n` for a count), and
translated through a gettext catalogue per language: ``locale/<lang>/LC_MESSAGES/hexfront.po``
is the source a translator edits, ``hexfront.mo`` its compiled form, which the stdlib's
:mod:`gettext` reads at run time. ``python -m hexfront.i18n`` (Babel) extracts the
messages, merges them into each ``.po`` and compiles the ``.mo`` files; see
docs/translating.md.

The language is a context variable, so a server thread or a test can read a game in one
language while another reads it in another. Both games' text modules use :func:`_`
(``games/bite/text.py``, ``games/stalins_war/text.py``); Stalin's War's cards' titles and
summaries are catalogue messages too, taken from its data with a context (:func:`_p`).
"""

from __future__ import annotations

import gettext
import re
from contextvars import ContextVar, Token
from functools import cache
from pathlib import Path

DOMAIN = "hexfront"
LOCALE_DIR = Path(__file__).parent / "locale"
#: The languages a player may choose, each named in its own words.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "it": "Italiano",
    "es": "Español",
    "fr": "Français",
}
DEFAULT = "en"

_current: ContextVar[str] = ContextVar("hexfront_language", default=DEFAULT)


class UnknownLanguage(ValueError):
    """A language code that hexfront has no catalogue for."""


def check_language(lang: str) -> str:
    """A language code, lower-cased, or :class:`UnknownLanguage` naming the choices.

    The refusal is said in the language being written in (the one asked for before, by
    the command line's ``--lang``, ``HEXFRONT_LANG`` or a request; English when none was),
    since the unknown one cannot be; each choice is named in its own words, so a reader
    of any of them finds theirs."""
    code = str(lang).strip().lower().replace("_", "-").split("-")[0]
    if code not in LANGUAGES:
        choices = ", ".join(f"{k} ({v})" for k, v in LANGUAGES.items())
        raise UnknownLanguage(
            _("unknown language {lang}: choose one of {choices}", lang=repr(lang), choices=choices)
        )
    return code


def language() -> str:
    """The language being written in."""
    return _current.get()


def set_language(lang: str) -> None:
    """Write in ``lang`` from now on (in this context)."""
    _current.set(check_language(lang))


class using:  # noqa: N801 (used as a function: ``with using("it"):``)
    """Write in ``lang`` inside the ``with`` block only. (A class, not a generator: the
    server enters one for every request.)"""

    __slots__ = ("_lang", "_token")

    def __init__(self, lang: str) -> None:
        self._lang = check_language(lang)
        self._token: Token[str] | None = None

    def __enter__(self) -> None:
        self._token = _current.set(self._lang)

    def __exit__(self, *exc: object) -> None:
        if self._token is not None:
            _current.reset(self._token)
            self._token = None


def from_accept_language(header: str | None) -> str:
    """The best of our languages for an HTTP ``Accept-Language`` header (English if none).

    >>> from_accept_language("fr-CH, fr;q=0.9, en;q=0.8")
    'fr'
    >>> from_accept_language("de-DE, es;q=0.5, it;q=0.7")
    'it'
    """
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "").split(",")):
        bits = part.strip().split(";")
        code = bits[0].strip().lower().split("-")[0]
        q = 1.0
        for b in bits[1:]:
            m = re.fullmatch(r"\s*q\s*=\s*([0-9.]+)\s*", b)
            if m:
                try:
                    q = float(m.group(1))
                except ValueError:
                    q = 0.0
        if code in LANGUAGES and q > 0:
            ranked.append((-q, i, code))
    return min(ranked)[2] if ranked else DEFAULT


@cache
def catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English needs none: its messages are the code's)."""
    if lang == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, [lang], fallback=True)


def _(message: str, /, **fields: object) -> str:
    """``message`` in the current language, with its ``{fields}`` filled in."""
    lang = _current.get()
    text = catalogue(lang).gettext(message)
    return fill(lang, text, fields) if fields else text


def _n(one: str, many: str, n: int, /, **fields: object) -> str:
    """The singular or plural form for ``n`` (``{n}`` is filled in too)."""
    lang = _current.get()
    text = catalogue(lang).ngettext(one, many, n)
    return fill(lang, text, {"n": n, **fields})


def _p(context: str, message: str, /, **fields: object) -> str:
    """``message`` of ``context`` (gettext's ``msgctxt``) in the current language: the same
    English read in two places that a translator may word apart (a card's title, its
    summary: Stalin's War's cards, read from ``data/cards.toml``)."""
    lang = _current.get()
    text = catalogue(lang).pgettext(context, message)
    return fill(lang, text, fields) if fields else text


# --- the words joined to a name (French and Italian elision, articles with prepositions) ---
#
# A translated sentence puts a name, a place or a word after a small word: "usine de {kind}",
# "presa da {side}". Where the value begins with a vowel, French writes "d'avions" and
# "l'Axe" and Italian "l'Asse" and "dell'URSS"; where it begins with an article, French
# joins "de les" into "des" and "à le" into "au", Italian "da i" into "dai" and "di l'"
# into "dell'", Spanish "de el" into "del". The translator cannot know the value, so the
# joining is done here, at the fields only: the words a translator wrote stay as written.
# (web/src/i18n.ts's ``fmt`` does the same for the browser's words.)

_VOWELS = frozenset("aeiouàâäéèêëîïôöûüœæìíòóùú")
#: French words with a silent h, which elide as before a vowel ("l'hexagone", "d'hiver").
_MUTE_H = ("hexagone", "hiver", "heure", "homme", "hôpital", "histoire", "honneur")
_ROMAN = re.compile(r"[IVXLC]+(?![\w'])")  # "IV Fliegerkorps": read "quatrième", no elision
#: French: the words that lose their vowel before one, and those that join an article.
_FR_ELIDE = {"de": "d'", "le": "l'", "la": "l'", "que": "qu'"}
_FR_JOIN = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"}
#: Italian: the words that lose their vowel before one, and the prepositions that join an
#: article ("di" + "il" = "del", "a" + "l'" = "all'").
_IT_ELIDE = {
    "lo": "l'", "la": "l'", "una": "un'",
    **{f"{p}{a}": f"{p}ll'" for p in ("de", "da", "a", "ne", "su") for a in ("lla", "llo")},
}  # fmt: skip
_IT_STEM = {"di": "de", "a": "a", "da": "da", "in": "ne", "su": "su"}
_IT_ARTICLE = {
    "il": "l",
    "lo": "llo",
    "la": "lla",
    "l'": "ll'",
    "i": "i",
    "gli": "gli",
    "le": "lle",
}
_ES_JOIN = {("de", "el"): "del", ("a", "el"): "al"}
_SMALL_WORDS = {
    "fr": set(_FR_ELIDE) | {w for w, _a in _FR_JOIN},
    "it": set(_IT_ELIDE) | set(_IT_STEM),
    "es": {w for w, _a in _ES_JOIN},
}
_BEFORE_FIELD = re.compile(r"(?<![\w'’-])(\w+) \{(\w+)\}")


def _vowel_sound(lang: str, value: str) -> bool:
    """Whether ``value`` begins with a vowel sound that the small word before it elides to."""
    if not value or _ROMAN.match(value):
        return False
    low = value.lower()
    if low[0] in _VOWELS:
        return True
    return lang == "fr" and low.startswith(_MUTE_H)


def _same_case(model: str, word: str) -> str:
    return word[:1].upper() + word[1:] if model[:1].isupper() else word


def joined(lang: str, word: str, value: str) -> str | None:
    """``word`` followed by ``value`` as the language writes them together ("de" + "avions":
    "d'avions"; "da" + "i Sovietici": "dai Sovietici"), or None when they stay apart."""
    small = word.lower()
    article, _sp, rest = value.partition(" ")
    if lang == "it" and value.startswith("l'"):
        article, rest = "l'", value[2:]
    if lang == "fr" and (small, article) in _FR_JOIN and rest:
        return _same_case(word, _FR_JOIN[small, article]) + " " + rest
    if lang == "es" and (small, article) in _ES_JOIN and rest:
        return _same_case(word, _ES_JOIN[small, article]) + " " + rest
    if lang == "it" and small in _IT_STEM and article in _IT_ARTICLE and rest:
        glue = "" if article == "l'" else " "
        return _same_case(word, _IT_STEM[small] + _IT_ARTICLE[article]) + glue + rest
    elide = _FR_ELIDE if lang == "fr" else _IT_ELIDE if lang == "it" else {}
    if small in elide and _vowel_sound(lang, value):
        return _same_case(word, elide[small]) + value
    return None


@cache
def _joins(lang: str, text: str) -> tuple[tuple[str, str, str], ...]:
    """(the words as written, the small word, the field) where ``text`` puts a field after
    a small word of ``lang`` ("de {kind}")."""
    words = _SMALL_WORDS.get(lang, set())
    return tuple(
        (m.group(0), m.group(1), m.group(2))
        for m in _BEFORE_FIELD.finditer(text)
        if m.group(1).lower() in words
    )


def fill(lang: str, text: str, fields: dict[str, object]) -> str:
    """``text`` with its ``{fields}`` filled in, each small word before a field joined to
    the value as ``lang`` writes them (:func:`joined`)."""
    found = _joins(lang, text) if lang in _SMALL_WORDS else ()
    if found:
        extra: dict[str, object] = {}
        for i, (written, word, field) in enumerate(found):
            if field not in fields:
                continue
            together = joined(lang, word, str(fields[field]))
            if together is not None:
                key = f"_joined{i}"
                text = text.replace(written, "{" + key + "}")
                extra[key] = together
        if extra:
            fields = {**fields, **extra}
    return text.format(**fields)


def N_(message: str, /) -> str:  # noqa: N802 (gettext's own name for the marker)
    """Marks a message for the catalogue where it is defined; translate it with :func:`_`
    where it is read."""
    return message


def NP_(context: str, message: str, /) -> str:  # noqa: N802 (like N_)
    """Marks a message of ``context`` for the catalogue; translate it with :func:`_p` and
    the same context where it is read."""
    return message
