"""The game options of Stalin's War: each reading of an ambiguity the digest lists (section
7) that the rules branch on, with its default (docs/data/stalins_war.md, "Options")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from hexfront.engine.errors import UnknownGame
from hexfront.engine.events import JSON
from hexfront.engine.protocol import OptionInfo
from hexfront.i18n import NP_, _, _p

from ..state import SwState

# The words of each option (help, label, each choice's words) are catalogue messages of the
# contexts "option help", "option" and "option choice"; StalinsWar.options() says them in the
# reader's language (said(), below).
OPTIONS: tuple[OptionInfo, ...] = (
    OptionInfo(
        "no_retreat_in_rough",
        True,
        NP_(
            "option help",
            "A5: the Terrain Effects Chart marks rough terrain as a hex where the defender may"
            " refuse to retreat (11.4.3 does not list it); on by default",
        ),
        (True, False),
        NP_("option", "No-Retreat option in rough terrain"),
        (
            NP_("option choice", "yes, as the Terrain Effects Chart shows"),
            NP_("option choice", "no, as rule 11.4.3 lists"),
        ),
    ),
    OptionInfo(
        "mobile_defense",
        "army",
        NP_(
            "option help",
            "A9: German Mobile Defense (20.1.1) needs a German Army LCU (not an SS army or an"
            " Armee-Abteilung) with a panzer corps; or any German LCU",
        ),
        ("army", "any_lcu"),
        NP_("option", "German Mobile Defense"),
        (
            NP_("option choice", "a German Army with a panzer corps"),
            NP_("option choice", "any German large unit with a panzer corps"),
        ),
    ),
    OptionInfo(
        "starred_spread",
        "takers",
        NP_(
            "option help",
            "A8: a starred result spreads its losses over the SCUs that can take them; or over"
            " every unit of the side (the excess is then lost)",
        ),
        ("takers", "all"),
        NP_("option", "Starred results against mixed stacks"),
        (
            NP_("option choice", "spread over the small units only"),
            NP_("option choice", "spread over every unit; the excess is lost"),
        ),
    ),
    OptionInfo(
        "panzer_group",
        "same_target",
        NP_(
            "option help",
            "A7: three or more panzer corps fire on the large-unit table when they attack the"
            " same hex (the example's reading of 11.2.1); or only when stacked together (24)",
        ),
        ("same_target", "stacked"),
        NP_("option", "Panzer groups on the large-unit Fire Table"),
        (
            NP_("option choice", "when attacking the same hex"),
            NP_("option choice", "only when stacked together"),
        ),
    ),
)
OPTIONS += (
    OptionInfo(
        "automatic_trench",
        False,
        NP_(
            "option help",
            "Optional rule 23.1.3: a trench may be bought for one more OPS and placed without"
            " the die roll",
        ),
        (False, True),
        NP_("option", "Automatic trenches (optional rule 23.1.3)"),
        (
            NP_("option choice", "no: every trench needs its die roll"),
            NP_("option choice", "yes: one more OPS places it for sure"),
        ),
    ),
)
BID_MAX = 9  # the same as data/rules.toml's bid_max (checked by test_options.py)
#: The words of a bid (21): for the Axis side, for the Soviet side, none.
BID_WORDS = (
    NP_("option choice", "the Axis side went for {n} RP: the Soviet gets {n} more automatic RP"),
    NP_("option choice", "the Soviet side went for {n} RP: {n} fewer Soviet automatic RP"),
    NP_("option choice", "no bid: the Soviet gets its usual 3 RP on turn 2"),
)


def _bid_words(n: int, say: Callable[..., str] = str.format) -> str:
    """A bid of ``n`` RP in words (positive: for the Axis side), in English, or through
    ``say`` (a template and its fields)."""
    if n > 0:
        return say(BID_WORDS[0], n=n)
    if n < 0:
        return say(BID_WORDS[1], n=-n)
    return say(BID_WORDS[2])


OPTIONS += (
    OptionInfo(
        "bid",
        0,
        NP_(
            "option help",
            "21: the RP bid that won the choice of sides. A bid for the Axis side adds automatic"
            " RP to the Soviet's 3 of turn 2; a bid for the Soviet side takes them away, and"
            " what is bid beyond 3 goes to the Axis; at most 3 automatic RP a side a turn from"
            " turn 2",
        ),
        tuple(range(-BID_MAX, BID_MAX + 1)),
        NP_("option", "Bidding (rule 21)"),
        tuple(_bid_words(n) for n in range(-BID_MAX, BID_MAX + 1)),
    ),
    OptionInfo(
        "soviet_cards_shuffled",
        False,
        NP_(
            "option help",
            "Optional rule 23.1.2: the Soviet cards 1 to 6 are shuffled into the Soviet deck"
            " instead of being set aside for their turns",
        ),
        (False, True),
        NP_("option", "Soviet cards 1-6 in the deck (optional rule 23.1.2)"),
        (
            NP_("option choice", "no: set aside, handed over at their turns"),
            NP_("option choice", "yes: shuffled into the deck"),
        ),
    ),
    OptionInfo(
        "first_card_for_vp",
        False,
        NP_(
            "option help",
            "Optional rule 23.1.1: before the first draw each side, the Axis first, may give up"
            " 1 VP to take a Blitzkrieg card of its choice, then draws five",
        ),
        (False, True),
        NP_("option", "A chosen first card for a VP (optional rule 23.1.1)"),
        (
            NP_("option choice", "no: six cards drawn"),
            NP_("option choice", "yes: each side may buy one card of its choice"),
        ),
    ),
    OptionInfo(
        "town_control",
        False,
        NP_(
            "option help",
            "Optional rule 23.1.5: towns carry control markers too, and change hands like cities",
        ),
        (False, True),
        NP_("option", "Control of towns (optional rule 23.1.5)"),
        (
            NP_("option choice", "no: only cities, ports, fortresses, oil and VP hexes"),
            NP_("option choice", "yes: towns as well"),
        ),
    ),
    OptionInfo(
        "supply_recheck",
        False,
        NP_(
            "option help",
            "Optional rule 23.1.4: at the end of each of its action rounds a side's units"
            " marked out of supply are checked again",
        ),
        (False, True),
        NP_("option", "Supply checked again after each round (optional rule 23.1.4)"),
        (
            NP_("option choice", "no: the marks stay until the next round"),
            NP_("option choice", "yes: checked again as the round ends"),
        ),
    ),
)
DEFAULTS: dict[str, JSON] = {o.name: o.default for o in OPTIONS}


def said() -> tuple[OptionInfo, ...]:
    """The options with their words in the reader's language (``OptionInfo.said``; a bid's
    words are made from their templates in that language)."""
    out = []
    for info in OPTIONS:
        shown = info.said()
        if info.name == "bid":
            words = [_bid_words(n, _say_choice) for n in range(-BID_MAX, BID_MAX + 1)]
            shown = replace(shown, choice_labels=tuple(words))
        out.append(shown)
    return tuple(out)


def _say_choice(template: str, **fields: object) -> str:
    return _p("option choice", template, **fields)


def check_options(options: Mapping[str, JSON]) -> dict[str, JSON]:
    """The options with their defaults filled in; an unknown name or value is an error,
    said with the option's words and its choices' (in the reader's language)."""
    out = dict(DEFAULTS)
    known = {o.name: o for o in said()}
    for key, value in options.items():
        info = known.get(key)
        if info is None:
            raise UnknownGame(
                _("unknown option {name}; options: {known}", name=repr(key), known=", ".join(known))
            )
        if info.choices and value not in info.choices:
            raise UnknownGame(info.refusal(value))
        out[key] = value
    return out


def option(state: SwState, name: str) -> JSON:
    return state.options.get(name, DEFAULTS[name])
