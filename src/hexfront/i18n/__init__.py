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
    text = catalogue(_current.get()).gettext(message)
    return text.format(**fields) if fields else text


def _n(one: str, many: str, n: int, /, **fields: object) -> str:
    """The singular or plural form for ``n`` (``{n}`` is filled in too)."""
    text = catalogue(_current.get()).ngettext(one, many, n)
    return text.format(n=n, **fields)


def _p(context: str, message: str, /, **fields: object) -> str:
    """``message`` of ``context`` (gettext's ``msgctxt``) in the current language: the same
    English read in two places that a translator may word apart (a card's title, its
    summary: Stalin's War's cards, read from ``data/cards.toml``)."""
    text = catalogue(_current.get()).pgettext(context, message)
    return text.format(**fields) if fields else text


def N_(message: str, /) -> str:  # noqa: N802 (gettext's own name for the marker)
    """Marks a message for the catalogue where it is defined; translate it with :func:`_`
    where it is read."""
    return message


def NP_(context: str, message: str, /) -> str:  # noqa: N802 (like N_)
    """Marks a message of ``context`` for the catalogue; translate it with :func:`_p` and
    the same context where it is read."""
    return message
