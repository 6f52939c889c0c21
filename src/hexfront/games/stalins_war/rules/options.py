"""The game options of Stalin's War: each reading of an ambiguity the digest lists (section
7) that the rules branch on, with its default (docs/data/stalins_war.md, "Options")."""

from __future__ import annotations

from collections.abc import Mapping

from hexfront.engine.errors import UnknownGame
from hexfront.engine.events import JSON
from hexfront.engine.protocol import OptionInfo

from ..state import SwState

OPTIONS: tuple[OptionInfo, ...] = (
    OptionInfo(
        "no_retreat_in_rough",
        True,
        "A5: the Terrain Effects Chart marks rough terrain as a hex where the defender may"
        " refuse to retreat (11.4.3 does not list it); on by default",
        (True, False),
        "No-Retreat option in rough terrain",
        ("yes, as the Terrain Effects Chart shows", "no, as rule 11.4.3 lists"),
    ),
    OptionInfo(
        "mobile_defense",
        "army",
        "A9: German Mobile Defense (20.1.1) needs a German Army LCU (not an SS army or an"
        " Armee-Abteilung) with a panzer corps; or any German LCU",
        ("army", "any_lcu"),
        "German Mobile Defense",
        ("a German Army with a panzer corps", "any German large unit with a panzer corps"),
    ),
    OptionInfo(
        "starred_spread",
        "takers",
        "A8: a starred result spreads its losses over the SCUs that can take them; or over"
        " every unit of the side (the excess is then lost)",
        ("takers", "all"),
        "Starred results against mixed stacks",
        ("spread over the small units only", "spread over every unit; the excess is lost"),
    ),
    OptionInfo(
        "panzer_group",
        "same_target",
        "A7: three or more panzer corps fire on the large-unit table when they attack the same"
        " hex (the example's reading of 11.2.1); or only when stacked together (24)",
        ("same_target", "stacked"),
        "Panzer groups on the large-unit Fire Table",
        ("when attacking the same hex", "only when stacked together"),
    ),
)
OPTIONS += (
    OptionInfo(
        "automatic_trench",
        False,
        "Optional rule 23.1.3: a trench may be bought for one more OPS and placed without"
        " the die roll",
        (False, True),
        "Automatic trenches (optional rule 23.1.3)",
        ("no: every trench needs its die roll", "yes: one more OPS places it for sure"),
    ),
)
BID_MAX = 9  # the same as data/rules.toml's bid_max (checked by test_options.py)


def _bid_words(n: int) -> str:
    if n > 0:
        return f"the Axis side went for {n} RP: the Soviet gets {n} more automatic RP"
    if n < 0:
        return f"the Soviet side went for {-n} RP: {-n} fewer Soviet automatic RP"
    return "no bid: the Soviet gets its usual 3 RP on turn 2"


OPTIONS += (
    OptionInfo(
        "bid",
        0,
        "21: the RP bid that won the choice of sides. A bid for the Axis side adds automatic"
        " RP to the Soviet's 3 of turn 2; a bid for the Soviet side takes them away, and what"
        " is bid beyond 3 goes to the Axis; at most 3 automatic RP a side a turn from turn 2",
        tuple(range(-BID_MAX, BID_MAX + 1)),
        "Bidding (rule 21)",
        tuple(_bid_words(n) for n in range(-BID_MAX, BID_MAX + 1)),
    ),
    OptionInfo(
        "soviet_cards_shuffled",
        False,
        "Optional rule 23.1.2: the Soviet cards 1 to 6 are shuffled into the Soviet deck"
        " instead of being set aside for their turns",
        (False, True),
        "Soviet cards 1-6 in the deck (optional rule 23.1.2)",
        ("no: set aside, handed over at their turns", "yes: shuffled into the deck"),
    ),
    OptionInfo(
        "first_card_for_vp",
        False,
        "Optional rule 23.1.1: before the first draw each side, the Axis first, may give up"
        " 1 VP to take a Blitzkrieg card of its choice, then draws five",
        (False, True),
        "A chosen first card for a VP (optional rule 23.1.1)",
        ("no: six cards drawn", "yes: each side may buy one card of its choice"),
    ),
    OptionInfo(
        "town_control",
        False,
        "Optional rule 23.1.5: towns carry control markers too, and change hands like cities",
        (False, True),
        "Control of towns (optional rule 23.1.5)",
        ("no: only cities, ports, fortresses, oil and VP hexes", "yes: towns as well"),
    ),
    OptionInfo(
        "supply_recheck",
        False,
        "Optional rule 23.1.4: at the end of each of its action rounds a side's units marked"
        " out of supply are checked again",
        (False, True),
        "Supply checked again after each round (optional rule 23.1.4)",
        ("no: the marks stay until the next round", "yes: checked again as the round ends"),
    ),
)
DEFAULTS: dict[str, JSON] = {o.name: o.default for o in OPTIONS}


def check_options(options: Mapping[str, JSON]) -> dict[str, JSON]:
    """The options with their defaults filled in; an unknown name or value is an error."""
    out = dict(DEFAULTS)
    known = {o.name: o for o in OPTIONS}
    for key, value in options.items():
        info = known.get(key)
        if info is None:
            raise UnknownGame(f"unknown option {key!r}; options: {', '.join(known)}")
        if info.choices and value not in info.choices:
            choices = ", ".join(str(c) for c in info.choices)
            raise UnknownGame(f"option {key!r} takes one of {choices}, not {value!r}")
        out[key] = value
    return out


def option(state: SwState, name: str) -> JSON:
    return state.options.get(name, DEFAULTS[name])
