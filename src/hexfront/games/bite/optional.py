"""The Optional Rules (chapters 14-39) and the rulebook version, as game options.

``data/optional_rules.toml`` lists every optional rule with its option key; the rules
marked ``implemented`` become options, each a switch that is on or off. The preset
``optional_rules`` (``none``, ``booklet``, ``all``) switches them together, and an
``orNN_*`` option given on its own overrides the preset for that rule. The ``rules``
option picks the rulebook version whose differences apply (``data/versions.toml``).

:func:`resolve` turns what a player asked for into the options a game's state holds:
every implemented ``orNN_*`` key as a bool, the preset and the version. A state writes
the options at their neutral value (no optional rule, English 3.00) out of its JSON and
reads them back in (:func:`compact`, :func:`expand`), so the basic game's saved states and
their hashes are the same as before these options existed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from hexfront.engine.errors import UnknownGame
from hexfront.engine.events import JSON
from hexfront.engine.protocol import OptionInfo
from hexfront.i18n import NP_, _, _p

PRESET = "optional_rules"
PRESETS: tuple[str, ...] = ("none", "booklet", "all")
RULES = "rules"
# 38.2 solitary play: one person plays every side (the computer may take any seat). Not an
# entry of data/optional_rules.toml (that file has one entry per chapter, and 38's is team
# play) but switched and stored like one: left out of a state's JSON while off.
SOLITARY = "solitary"
VERSIONS: tuple[str, ...] = ("en-3.00", "it-2.x", "es-2.x")
BASELINE = "en-3.00"


@dataclass(frozen=True, slots=True)
class OptionalRule:
    """One optional rule of the rulebook and the option that switches it."""

    rule: str  # the chapter: "20"
    key: str  # the option: "or20_cavalry_charge"
    title: str
    help: str
    booklet: tuple[str, ...]  # scenarios whose booklet setting suggests it
    implemented: bool
    in_presets: bool = True  # false: only switched on by its own key (team play)


@cache
def optional_rules() -> tuple[OptionalRule, ...]:
    """Every optional rule 14-39, in the rulebook's order (``data/optional_rules.toml``)."""
    text = resources.files("hexfront.games.bite").joinpath("data/optional_rules.toml")
    raw = tomllib.loads(text.read_text())["rule"]
    return tuple(
        OptionalRule(
            rule=str(r["rule"]),
            key=str(r["key"]),
            title=str(r["title"]),
            help=str(r["help"]),
            booklet=tuple(str(s) for s in r["booklet"]),
            implemented=bool(r["implemented"]),
            in_presets=bool(r.get("in_presets", True)),
        )
        for r in raw
    )


@cache
def implemented_keys() -> tuple[str, ...]:
    """The option keys of the optional rules that can be played today."""
    return tuple(r.key for r in optional_rules() if r.implemented)


@cache
def rules_by_key() -> dict[str, OptionalRule]:
    """Every optional rule by its option key."""
    return {r.key: r for r in optional_rules()}


def preset_default(scenario: str) -> str:
    """``none`` in every scenario (design choice): a game without options is the plain
    Basic or Advanced Game that the agents are tuned and measured on; the booklet's
    "AR (+OR)" for the long scenarios is one choice away (``booklet``)."""
    del scenario  # the same for all today; kept so a scenario could differ later
    return "none"


def option_infos() -> tuple[OptionInfo, ...]:
    """The options of this module: the preset, the rulebook version and one switch per
    implemented optional rule. A rule's switch defaults to ``None``: as the preset says.

    The words are catalogue messages (``NP_``; ``OptionInfo.said`` reads them in the
    player's language); a rule's label and help are made here from its title and help in
    ``data/optional_rules.toml`` (messages of the contexts ``optional rule`` and
    ``optional rule help``), in the language being written in."""
    out = [
        OptionInfo(
            PRESET,
            "none",
            NP_(
                "option help",
                "Which optional rules (14-39) are played: none (the default); as the scenario "
                "booklet suggests (SBE5 and SBE9: all but team play; none elsewhere); or all of "
                "them but team play, which is asked for on its own (it seats four players). A "
                "rule switched on or off on its own overrides this.",
            ),
            PRESETS,
            NP_("option", "Optional rules"),
            (
                NP_("option choice", "none"),
                NP_("option choice", "as the scenario booklet suggests"),
                NP_("option choice", "all"),
            ),
        ),
        OptionInfo(
            RULES,
            BASELINE,
            NP_(
                "option help",
                "The rulebook followed where the versions differ: English 3.00, or the older "
                "Italian or Spanish 2.x rules (docs/rules-coverage.md lists every difference).",
            ),
            VERSIONS,
            NP_("option", "Rulebook version"),
            (
                NP_("option choice", "English 3.00"),
                NP_("option choice", "Italian 2.x"),
                NP_("option choice", "Spanish 2.x"),
            ),
        ),
    ]
    out.append(
        OptionInfo(
            SOLITARY,
            False,
            NP_(
                "option help",
                "Solitary play (38.2): one person plays every side, the computer taking any "
                "seat asked for; fog of war is then required (the Italian 2.x rules only "
                "recommend it).",
            ),
            (True, False),
            NP_("option", "Solitary play (38.2)"),
            (NP_("option choice", "yes"), NP_("option choice", "no")),
        )
    )
    for r in optional_rules():
        if r.implemented:
            out.append(
                OptionInfo(
                    r.key,
                    None,
                    _(
                        "Optional rule {rule}: {help}",
                        rule=r.rule,
                        help=_p("optional rule help", r.help),
                    ),
                    (None, True, False),
                    _("{title} ({rule})", title=_p("optional rule", r.title), rule=r.rule),
                    (
                        NP_("option choice", "as the optional-rules choice says"),
                        NP_("option choice", "on"),
                        NP_("option choice", "off"),
                    ),
                )
            )
    return tuple(out)


def owns(key: str) -> bool:
    """Whether ``key`` is one of this module's options (offered or not yet)."""
    return key in (PRESET, RULES, SOLITARY) or key in rules_by_key()


def resolve(given: Mapping[str, JSON], scenario: str) -> dict[str, JSON]:
    """The preset, the version and every implemented rule's switch as a bool.

    Only this module's keys are read from ``given``. A bad value or a rule that is not
    implemented yet raises :class:`UnknownGame` with words for the player."""
    preset = given.get(PRESET)
    if preset is None:
        preset = preset_default(scenario)
    if preset not in PRESETS:
        raise UnknownGame(_refusal(PRESET, preset))
    version = given.get(RULES, BASELINE)
    if version not in VERSIONS:
        raise UnknownGame(_refusal(RULES, version))
    out: dict[str, JSON] = {PRESET: preset, RULES: version}
    solitary = given.get(SOLITARY, False)
    if not isinstance(solitary, bool):
        raise UnknownGame(_refusal(SOLITARY, solitary))
    out[SOLITARY] = solitary
    rules = rules_by_key()
    for key, value in given.items():
        rule = rules.get(key)
        if rule is None:
            continue
        if not rule.implemented and value is not None and value is not False:
            raise UnknownGame(
                _(
                    "optional rule {rule} ({title}) is not implemented yet; the optional "
                    "rules offered: {offered}",
                    rule=rule.rule,
                    title=_p("optional rule", rule.title),
                    offered=_offered(),
                )
            )
        if value is not None and not isinstance(value, bool):
            raise UnknownGame(_refusal(key, value))
    for rule in optional_rules():
        if not rule.implemented:
            continue
        value = given.get(rule.key)
        if isinstance(value, bool):
            out[rule.key] = value
        else:
            out[rule.key] = rule.in_presets and (
                preset == "all" or (preset == "booklet" and scenario in rule.booklet)
            )
    return out


def _refusal(key: str, value: JSON) -> str:
    """Why ``value`` is refused for this module's option ``key``, in the reader's words."""
    info = next(o for o in option_infos() if o.name == key)
    return info.said().refusal(value)


def pin(given: Mapping[str, JSON], scenario: str) -> dict[str, JSON]:
    """The options as a game record keeps them: a preset (``booklet``, ``all``) replaced by
    the rules it turned on, each named. A record replays the same game after more optional
    rules are implemented; a preset kept by name would switch the new ones on. Options
    that turn nothing on are kept as given, so older records stay byte for byte the same."""
    resolved = resolve(given, scenario)
    chosen = [r.key for r in optional_rules() if r.implemented and resolved.get(r.key) is True]
    explicit = any(isinstance(given.get(r.key), bool) for r in optional_rules())
    if resolved[PRESET] == "none" and not explicit:
        return dict(given)
    out: dict[str, JSON] = {k: v for k, v in given.items() if not owns(k) or k in (RULES, SOLITARY)}
    out[PRESET] = "none"
    for key in chosen:
        out[key] = True
    return out


def _offered() -> str:
    keys = implemented_keys()
    return ", ".join(keys) if keys else _("none yet")


def compact(options: Mapping[str, JSON]) -> dict[str, JSON]:
    """``options`` without the entries at their neutral value, as a state writes them."""
    rules = rules_by_key()
    out: dict[str, JSON] = {}
    for key, value in options.items():
        if key == PRESET and value == "none":
            continue
        if key == RULES and value == BASELINE:
            continue
        if key == SOLITARY and value is False:
            continue
        if key in rules and value is False:
            continue
        out[key] = value
    return out


def expand(options: Mapping[str, JSON]) -> dict[str, JSON]:
    """The options of a saved state with the neutral entries :func:`compact` left out."""
    out = dict(options)
    out.setdefault(PRESET, "none")
    out.setdefault(RULES, BASELINE)
    out.setdefault(SOLITARY, False)
    for key in implemented_keys():
        out.setdefault(key, False)
    return out


def rule_on(options: Mapping[str, JSON], key: str) -> bool:
    """Whether the optional rule ``key`` is played (a key that is not implemented: never)."""
    if key not in rules_by_key():
        raise KeyError(f"no optional rule has the option key {key!r}")
    return options.get(key) is True
