"""Stalin's War in words, for terminal play and the browser's generic table: the legal actions,
the log lines, the prompts and the verdict, as a player reads them. Cards go by their title
(with their number on the side's deck, as printed, when two share a title), units by their
name, hexes by their place name and number. Never an internal id, key or ``key=value``.

Every sentence is written in English inside :func:`hexfront.i18n._` (``_n`` for a count) and
read in the player's language from the gettext catalogues (docs/translating.md), as BITE's
``text.py`` is. The cards' titles and summaries are data (``data/cards.toml``): the catalogue
template takes them from there (``python -m hexfront.i18n update``) with the contexts
``card title`` and ``card summary``, and :func:`card_title` / :func:`card_summary` read them
back. Unit and place names stay as printed in every language."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action
from hexfront.i18n import N_, NP_, _, _n, _p, language

from .map import UnknownPlace
from .world import World, load_world

#: gettext contexts of the cards' words (read from data/cards.toml by the catalogue template).
TITLE_CONTEXT = "card title"
SUMMARY_CONTEXT = "card summary"

# The sides as players name them: "Soviet plays ...", "the {side} side" (context "side").
SIDE_CONTEXT = "side"
SIDE_WORDS: Mapping[str, str] = {"axis": NP_("side", "Axis"), "soviet": NP_("side", "Soviet")}
NATION_WORDS: Mapping[str, str] = {
    "SU": N_("the Soviet Union"),
    "GE": N_("Germany"),
    "RO": N_("Romania"),
    "HU": N_("Hungary"),
    "IT": N_("Italy"),
    "PL": N_("Poland"),
    "BG": N_("Bulgaria"),
}
# A unit's nation where two nations' units share a name ("German 16th Army"); a translation
# may put the country after the name instead (context "unit nation").
NATION_CONTEXT = "unit nation"
NATION_ADJECTIVES: Mapping[str, str] = {
    "SU": NP_("unit nation", "Soviet"),
    "GE": NP_("unit nation", "German"),
    "RO": NP_("unit nation", "Romanian"),
    "HU": NP_("unit nation", "Hungarian"),
    "IT": NP_("unit nation", "Italian"),
    "PL": NP_("unit nation", "Polish"),
    "BG": NP_("unit nation", "Bulgarian"),
}
# Replacement point pools (14.1.7): the Axis splits its points three ways.
POOL_CONTEXT = "RP pool"
POOL_WORDS: Mapping[str, str] = {
    "soviet": NP_("RP pool", "Soviet"),
    "german": NP_("RP pool", "German"),
    "panzer": NP_("RP pool", "panzer"),
    "axis": NP_("RP pool", "Axis allies"),
}
POOL_ORDER = ("german", "panzer", "axis", "soviet")
BOX_WORDS: Mapping[str, str] = {
    "eliminated": N_("goes to the Eliminated box"),
    "track": N_("goes onto the Turn Track, to come back later"),
    "removed": N_("leaves the game for good"),
}
SEASON_WORDS: Mapping[str, str] = {
    "june": N_("June"),
    "summer": N_("Summer"),
    "autumn": N_("Autumn"),
    "winter": N_("Winter"),
    "spring": N_("Spring"),
}
SCENARIO_WORDS: Mapping[str, str] = {
    "campaign": N_("the Campaign scenario"),
    "tournament": N_("the Tournament scenario"),
}


def _and_list(names: str, last: str) -> str:
    return _("{names} and {last}", names=names, last=last)


def _or_list(names: str, last: str) -> str:
    return _("{names} or {last}", names=names, last=last)


def _detail_capitals(m: re.Match[str]) -> str:
    return _("the Soviet side holds the Axis capitals ({rule})", rule=m.group(1))


def _detail_vp(m: re.Match[str]) -> str:
    return _("the VP track stands at {vp} ({rule})", vp=m.group(1), rule=m.group(2))


def _detail_oil(m: re.Match[str]) -> str:
    return _("the Axis holds every oil hex ({rule})", rule=m.group(1))


def _names(text: str, joiner: Callable[[str, str], str]) -> str:
    """ "A, B or C" read back into the language's own list words (place names kept)."""
    parts = [p.strip() for p in re.split(r",| or | and ", text) if p.strip()]
    if len(parts) < 2:
        return text
    return joiner(", ".join(parts[:-1]), parts[-1])


def _detail_turn4(m: re.Match[str]) -> str:
    return _(
        "the Axis holds {both}, and {either} ({rule})",
        both=_names(m.group(1), _and_list),
        either=_names(m.group(2), _or_list),
        rule=m.group(3),
    )


def _detail_baku(m: re.Match[str]) -> str:
    return _(
        "the Axis holds {places} and Baku is cut off ({rule})",
        places=_names(m.group(1), _and_list),
        rule=m.group(2),
    )


def _detail_paulus(m: re.Match[str]) -> str:
    return _("no supplied Axis unit crossed the Paulus Line ({rule})", rule=m.group(1))


def _detail_spaces(m: re.Match[str]) -> str:
    return _("every VP space of the USSR is Soviet ({rule})", rule=m.group(1))


def _detail_end(m: re.Match[str]) -> str:
    return _("no automatic victory by the end of the last turn ({rule})", rule=m.group(1))


def _detail_count(m: re.Match[str]) -> str:
    return _(
        "the Axis holds {held} USSR VP spaces, which count as {count} after the card"
        " adjustments ({rule})",
        held=m.group(1),
        count=m.group(2),
        rule=m.group(3),
    )


# The verdicts' details (rules/victory.py writes them in English), made into sentences.
DETAILS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"^the Soviet holds the Axis capitals \((.*)\)$"), _detail_capitals),
    (re.compile(r"^VP (-?\d+) \((.*)\)$"), _detail_vp),
    (re.compile(r"^every oil hex held \((.*)\)$"), _detail_oil),
    (re.compile(r"^(.+?) held, Baku cut \((.*)\)$"), _detail_baku),
    (re.compile(r"^(.+?) and (.+?) \(([\d.]+)\)$"), _detail_turn4),
    (re.compile(r"^no supplied Axis unit crossed the Paulus Line \((.*)\)$"), _detail_paulus),
    (re.compile(r"^every USSR VP space Soviet \((.*)\)$"), _detail_spaces),
    (re.compile(r"^no automatic victory by the end of the last turn \((.*)\)$"), _detail_end),
    (re.compile(r"^Axis holds (\d+) USSR VP spaces, scored (-?\d+) \((.*)\)$"), _detail_count),
)


def _world() -> World:
    return load_world()


def side_words(side: object) -> str:
    s = str(side)
    return _p(SIDE_CONTEXT, SIDE_WORDS[s]) if s in SIDE_WORDS else _("Neither side")


def _ordinal(n: int) -> str:
    if language() != "en":
        return _("{n}th", n=n)
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}" + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _list(value: object) -> list[JSON]:
    return list(value) if isinstance(value, list) else []


def _join(words: list[str]) -> str:
    if not words:
        return _("nothing")
    if len(words) == 1:
        return words[0]
    return _and_list(", ".join(words[:-1]), words[-1])


# --- names --------------------------------------------------------------------------------------


@cache
def _shared_titles() -> frozenset[str]:
    titles = [c.title for c in _world().cards.values()]
    return frozenset(t for t in titles if titles.count(t) > 1)


@cache
def _shared_names() -> frozenset[str]:
    names = [u.name for u in _world().units.values()]
    return frozenset(n for n in names if names.count(n) > 1)


def title_words(title: str) -> str:
    """A card's printed English title in the reader's language (Italian: the Italian
    edition's printed title; Spanish and French: our translation)."""
    return _p(TITLE_CONTEXT, title)


def card_title(card_id: object) -> str:
    """The title of a card (no number), in the reader's language."""
    card = _world().cards.get(str(card_id))
    return title_words(card.title) if card is not None else _("an unknown card")


def card_summary(card_id: object) -> str:
    """Our summary of a card's event, in the reader's language."""
    card = _world().cards.get(str(card_id))
    return _p(SUMMARY_CONTEXT, card.summary) if card is not None else ""


def card_name(card_id: object) -> str:
    """The card's title; a title several cards share gets the card's printed number."""
    card = _world().cards.get(str(card_id))
    if card is None:
        return _("an unknown card")
    title = title_words(card.title)
    if card.title in _shared_titles():
        return _("{title} (no. {number})", title=title, number=card.number)
    return title


def card_words(card_id: object) -> str:
    """The title with what a player weighs when choosing: OPS and RP as printed."""
    card = _world().cards.get(str(card_id))
    if card is None:
        return _("an unknown card")
    title, rp = title_words(card.title), card.rp.printed()
    if card.title in _shared_titles():
        return _(
            "{title} (no. {number}, {ops} OPS, RP {rp})",
            title=title,
            number=card.number,
            ops=card.ops,
            rp=rp,
        )
    return _("{title} ({ops} OPS, RP {rp})", title=title, ops=card.ops, rp=rp)


def unit_words(uid: object) -> str:
    """The unit's name; a name two nations share gets the nation's adjective."""
    unit = _world().units.get(str(uid))
    if unit is None:
        return _("an unknown unit")
    if unit.name in _shared_names():
        adjective = NATION_ADJECTIVES.get(unit.nation, "")
        if adjective and not unit.name.startswith(adjective):
            return _("{nation} {name}", nation=_p(NATION_CONTEXT, adjective), name=unit.name)
    return unit.name


def _strength(uid: object, step: object) -> str:
    unit = _world().units.get(str(uid))
    if unit is None or not isinstance(step, int) or not 0 <= step < len(unit.steps):
        return ""
    return unit.steps[step].printed()


def hex_words(hex_id: object) -> str:
    """A place's name with its hex number, or the bare hex number."""
    m = _world().map
    ref = str(hex_id)
    try:
        node = m.index(ref)
    except UnknownPlace:
        return _("hex {ref}", ref=ref)
    place = m.place_at.get(node)
    return f"{place.name} ({ref})" if place else _("hex {ref}", ref=ref)


def place_words(name: object, hex_id: object = None) -> str:
    if hex_id is None:
        place = _world().map.places.get(str(name))
        hex_id = place.hex if place else None
    return f"{name} ({hex_id})" if hex_id else str(name)


def nation_words(code: object) -> str:
    c = str(code)
    return _(NATION_WORDS[c]) if c in NATION_WORDS else _("an Axis ally")


def season_words(turn: object, season: object = None) -> str:
    """Turn 1 is June 1941; a year turns with each winter (turn 4 is Winter 1942)."""
    t = _int(turn)
    if season is None:
        seasons = _world().tables.seasons
        season = seasons[t - 1] if 1 <= t <= len(seasons) else ""
    key = str(season).lower()
    if not key:
        return _("turn {turn}", turn=t)
    name = _(SEASON_WORDS[key]) if key in SEASON_WORDS else key.capitalize()
    return _("{season} {year}", season=name, year=1941 + t // 4)


def scenario_words(scenario: object) -> str:
    key = str(scenario)
    if key in SCENARIO_WORDS:
        return _(SCENARIO_WORDS[key])
    return _("a scenario")


def scenario_name(name: str) -> str:
    """A scenario's name from data/rules.toml, in the reader's language."""
    return _p("scenario", name)


def scenario_summary(summary: str) -> str:
    """A scenario's summary from data/rules.toml (our words), in the reader's language."""
    return _p("scenario summary", summary) if summary else summary


def rp_words(rp: object) -> str:
    pools = rp if isinstance(rp, dict) else {}
    shown = [
        _("{pool} {n}", pool=_p(POOL_CONTEXT, POOL_WORDS[k]), n=pools[k])
        for k in POOL_ORDER
        if k in pools and _int(pools[k]) > 0
    ]
    return ", ".join(shown) if shown else _p("replacement points", "none")


# --- actions ------------------------------------------------------------------------------------


def describe(action: Action, view: dict[str, JSON] | None = None) -> str:
    a = action.args
    verb = action.verb
    unit = unit_words(a["unit"]) if "unit" in a else ""
    to = hex_words(a["to"]) if "to" in a else ""
    card = card_words(a["card"]) if "card" in a else ""
    if verb == "play_ops":
        return _("play {card} for OPS (7.3)", card=card)
    if verb == "play_rp":
        return _("play {card} for replacement points (7.4)", card=card)
    if verb == "play_event":  # the event in our words: the terminal shows it nowhere else
        return _(
            "play {card} as its event (7.5): {summary}",
            card=card,
            summary=card_summary(a["card"]),
        )
    if verb == "zero_ops_move":
        return _("0-OPS round: move, paying with banked OPS (7.2.6)")
    if verb == "zero_ops_pass":
        if "discard" in a:
            return _(
                "0-OPS round: pass, swap {card} for the deck's top (7.2.6)",
                card=card_words(a["discard"]),
            )
        return _("0-OPS round: pass (7.2.6)")
    if verb == "move":
        return _("move {unit} to {to} (10.1)", unit=unit, to=to)
    if verb == "rail":
        return _("move {unit} by rail to {to} for 1 OPS (10.2)", unit=unit, to=to)
    if verb == "sea":
        return _("move {unit} by sea to {to} for 1 OPS (10.2.5-10.2.6)", unit=unit, to=to)
    if verb == "place":
        return _("place {unit} at {at} (7.5.2)", unit=unit, at=hex_words(a["at"]))
    if verb == "swap":
        return _("put {unit} in place of {old} (7.5.2c)", unit=unit, old=unit_words(a["old"]))
    if verb == "replace_step":
        return _("buy back a step of {unit} (14.1.2)", unit=unit)
    if verb == "rebuild":
        return _("rebuild {unit} at {at} (14.1.4)", unit=unit, at=hex_words(a["at"]))
    if verb == "done_replacing":
        return _("end replacements (unspent RP are lost, 14.1.5)")
    if verb == "end_movement":
        return _("end movement")
    if verb == "combat_marker":
        return _("place a Combat marker on {hex} for 1 OPS (7.3.5)", hex=hex_words(a["hex"]))
    if verb == "done_markers":
        return _("place no more Combat markers and go to combat (7.3.5)")
    if verb == "attack":
        return _("attack {hex} (11.1)", hex=hex_words(a["hex"]))
    if verb == "commit":
        return _("add {unit} to the attack (11.2.1)", unit=unit)
    if verb == "fire":
        return _("resolve the attack with the units chosen (11.2.1)")
    if verb == "call_off":
        return _("call the attack off")
    if verb == "end_combat":
        return _("end combat and go on to exploitation (12.2.1)")
    if verb == "combat_card":
        summary = card_summary(a["card"])
        if "unit" in a:
            return _(
                "play the combat card {card} against {unit} (7.5.5): {summary}",
                card=card,
                unit=unit,
                summary=summary,
            )
        return _("play the combat card {card} (7.5.5): {summary}", card=card, summary=summary)
    if verb == "no_more_cards":
        return _("play no more combat cards (7.5.5)")
    if verb == "evade":
        return _(
            "fall back two hexes without fighting, as {card} allows (7.5.5)",
            card=card_name(a["card"]),
        )
    if verb == "rush":
        return _(
            "bring {unit} to {to} to join the combat ({card})",
            unit=unit,
            to=to,
            card=title_words("Maskirovka"),
        )
    if verb == "pick":
        if "card" in a:
            return _("take {card} for one victory point (23.1.1)", card=card)
        if "to" in a:
            return _("move {unit} to {to}", unit=unit, to=to)
        if "hex" in a:
            return _("choose {hex}", hex=hex_words(a["hex"]))
        if "unit" in a:
            return _("choose {unit}", unit=unit)
        if a.get("civilians") is True:
            return _(
                "carry civilians to safety instead, for a victory point ({card})",
                card=title_words("Naval Evacuation"),
            )
        if a.get("cancel") is True:
            return _("buy the order off with a victory point")
        return _("let the order stand")
    if verb == "done_picking":
        return _("choose no more")
    if verb == "done_rushing":
        return _("bring no more units to the combat ({card})", card=title_words("Maskirovka"))
    if verb == "take_loss":
        return _("{unit} takes the loss (11.3)", unit=unit)
    if verb == "retreat":
        return _("retreat {unit} to {to} (11.4)", unit=unit, to=to)
    if verb == "no_retreat":
        return _("hold the hex: {unit} takes one more loss and nobody retreats (11.4.3)", unit=unit)
    if verb == "advance":
        return _("advance {unit} into the emptied hex (11.5)", unit=unit)
    if verb == "follow":
        return _(
            "follow the German withdrawal with {unit} to {to} ({card})",
            unit=unit,
            to=to,
            card=title_words("Backhand Blow"),
        )
    if verb == "done_advancing":
        return _("advance no more units (11.5)")
    if verb == "exploit":
        return _("exploit with {unit} to {to} (12.2)", unit=unit, to=to)
    if verb == "end_exploitation":
        return _("end exploitation (12.2)")
    if verb == "entrench":
        return _("try to dig a trench at {hex} for 1 OPS (10.3.1)", hex=hex_words(a["hex"]))
    if verb == "entrench_sure":
        return _("dig a trench at {hex} for 2 OPS, no die (23.1.3)", hex=hex_words(a["hex"]))
    if verb == "festung":
        return _("make {hex} a Festung for 1 OPS (16.3.2)", hex=hex_words(a["hex"]))
    if verb == "partisans":
        return _("place partisans, face down, at {hex} (16.1.2)", hex=hex_words(a["hex"]))
    if verb == "free_trench":
        return _("place the event's trench at {hex} (10.3)", hex=hex_words(a["hex"]))
    if verb == "skip_trench":
        return _("place no trench")
    if verb == "discard":
        return _("discard {card} (7.6.2)", card=card)
    if verb == "done_discarding":
        return _("keep the hand and draw (7.6)")
    return verb.replace("_", " ")


# --- prompts and the verdict ---------------------------------------------------------------------

# The event choices (rules/picks.py PROMPTS), with the card they come from where it is named.
PICK_WORDS: Mapping[str, tuple[str, str | None]] = {
    "remove_partisans": (N_("Choose a hex of face-down partisans to remove (16.1.5)"), None),
    "reduce_panzer": (
        N_("Choose the full-strength panzer corps that drops a step ({card})"),
        "Soviet Mice",
    ),
    "refit_panzer": (
        N_("Choose a reduced panzer corps to bring back to full strength ({card})"),
        "Panzer Refit",
    ),
    "factors": (N_("Choose a German unit to send away"), None),
    "airborne": (N_("Choose where the airborne partisans land ({card})"), "Airborne Corps"),
    "cancel_order": (N_("Buy off the no-retreat order?"), None),
    "fortress": (N_("Choose where the new fortress is built"), None),
    "opening": (
        N_("Take a card of your choice for one VP, or draw as usual (optional rule 23.1.1)"),
        None,
    ),
    "lift_trenches": (N_("Choose a trench of yours to take away"), None),
    "activate": (N_("Choose the face-down partisans that rise (16.1.6)"), None),
    "airlift": (
        N_("Choose the hex the Luftwaffe supplies for attrition ({card})"),
        "Luftwaffe Supply",
    ),
    "naval": (N_("Choose an army to ship west, or the civilians ({card})"), "Naval Evacuation"),
    "black_sea": (
        N_("Choose where the Maritime Army lands ({card})"),
        "Black Sea, Black Death",
    ),
    "evacuate": (N_("Move the Axis garrison one hex out of the city ({card})"), "Warsaw Rising"),
    "uprising": (N_("Place the partisans of the uprising ({card})"), "Warsaw Rising"),
}


def prompt_words(prompt: Mapping[str, JSON] | None) -> str:
    """What the deciding side is asked, in words, from the prompt's kind and data (the rules'
    own ``text`` is English and is read only for a kind this module does not know)."""
    if not prompt:
        return ""
    kind = str(prompt.get("kind"))
    raw = prompt.get("data")
    d: Mapping[str, JSON] = raw if isinstance(raw, dict) else {}
    stage = str(d.get("stage", ""))
    if kind == "action_round":
        line = _("Action round {ar}: play a card or take a 0-OPS round", ar=d.get("ar"))
        if d.get("rasputitsa"):
            line += " " + _("Rasputitsa: no card may be played for OPS this round (15.1.1).")
        return line
    if kind == "movement":
        return _("Move units ({ops} OPS left to leave enemy ZOCs)", ops=d.get("ops"))
    if kind == "combat" and stage == "markers":
        return _("Place Combat markers ({ops} OPS left, 7.3.5)", ops=d.get("ops"))
    if kind == "combat" and stage == "build":
        return _("Choose the attackers of {hex} (11.2.1)", hex=hex_words(d.get("hex")))
    if kind == "combat":
        return _("Declare an attack or end combat (11.1)")
    if kind == "combat_cards" and stage == "rush":
        return _("Bring up to three units to the combat ({card})", card=title_words("Maskirovka"))
    if kind == "combat_cards":
        return _("Play combat cards (7.5.5)")
    if kind == "losses":
        return _("Choose the unit to take a loss ({n} to take, 11.3)", n=d.get("losses"))
    if kind == "retreat":
        n = _int(d.get("hexes"))
        return _n(
            "Retreat {unit} {n} hex or hold (11.4)",
            "Retreat {unit} {n} hexes or hold (11.4)",
            n,
            unit=unit_words(d.get("unit")),
        )
    if kind == "advance":
        return _("Advance into the hex? (11.5)")
    if kind == "exploit":
        return _("Exploit from the Blitz markers (12)")
    if kind == "replacements":
        return _("Spend replacement points: {rp} left (14)", rp=rp_words(d.get("rp")))
    if kind == "reinforce" and d.get("swap"):
        return _("Put {unit} in place of an older unit (7.5.2c)", unit=unit_words(d.get("unit")))
    if kind == "reinforce":
        return _("Place {unit} (7.5.2)", unit=unit_words(d.get("unit")))
    if kind == "discards":
        return _("Discard cards before drawing? (7.6.2)")
    if kind == "trench":
        return _("Place the trench of the event (10.3)")
    if kind == "pick":
        words = PICK_WORDS.get(str(d.get("what")))
        if words is None:
            return _("Choose for the event (7.5)")
        message, title = words
        return _(message, card=title_words(title)) if title else _(message)
    return str(prompt.get("text", ""))


def verdict_words(result: Mapping[str, JSON]) -> str:
    """A game's result in words: "the Soviet side wins an automatic victory: the VP track
    stands at 0 (5.1.3)" (the terminal's "Result:" line, selfplay's outcome)."""
    winner, key = result.get("winner"), str(result.get("outcome"))
    if winner not in SIDE_WORDS:
        line = _("neither side wins")
    elif key == "automatic":
        line = _("the {side} side wins an automatic victory", side=side_words(winner))
    elif key == "tournament":
        line = _("the {side} side wins on the tournament count", side=side_words(winner))
    else:
        line = _("the {side} side wins", side=side_words(winner))
    return line + _reason(result.get("detail"))


# --- log lines ----------------------------------------------------------------------------------

Data = Mapping[str, JSON]


def _cards_n(n: object) -> str:
    k = _int(n)
    return _n("{n} card", "{n} cards", k)


def _play(d: Data) -> str:
    who = side_words(d.get("side"))
    kind = d.get("round")
    card = card_words(d["card"]) if d.get("card") else ""
    if d.get("event"):
        if kind == "rp":
            return _(
                "{who} plays {card} as its event, which counts as an RP play (7.5)",
                who=who,
                card=card,
            )
        return _("{who} plays {card} as its event (7.5)", who=who, card=card)
    if kind == "ops":
        run = _int(d.get("consecutive_ops"))
        line = _("{who} plays {card} for {ops} OPS (7.3)", who=who, card=card, ops=d.get("ops"))
        if run > 1:
            line += _("; {nth} OPS round in a row", nth=_ordinal(run))
        return line
    if kind == "rp":
        return _(
            "{who} plays {card} for replacement points (7.4): RP now {rp}",
            who=who,
            card=card,
            rp=rp_words(d.get("rp")),
        )
    if kind == "zero_move":
        return _("{who} takes a 0-OPS round and moves with banked OPS (7.2.6)", who=who)
    if kind == "zero_pass":
        if d.get("discard"):
            return _(
                "{who} takes a 0-OPS round and passes, trading {card} for a new card (7.2.6)",
                who=who,
                card=card_words(d["discard"]),
            )
        return _("{who} takes a 0-OPS round and passes (7.2.6)", who=who)
    if card:
        return _("{who} plays {card}", who=who, card=card)
    return _("{who} plays a round", who=who)


def _move(d: Data) -> str:
    who = side_words(d.get("side"))
    unit = unit_words(d.get("unit"))
    line = _(
        "{who}: {unit} moves from {frm} to {to}",
        who=who,
        unit=unit,
        frm=hex_words(d.get("frm")),
        to=hex_words(d.get("to")),
    )
    mp, ops = _int(d.get("mp")), _int(d.get("ops"))
    costs = [_("{n} MP", n=mp)] if mp else []
    if ops:
        costs.append(_("{n} OPS spent", n=ops))
    return line + (f" ({', '.join(costs)})" if costs else "")


def _by_rail(d: Data) -> str:
    return _(
        "{who}: {unit} goes by rail from {frm} to {to} (10.2)",
        who=side_words(d.get("side")),
        unit=unit_words(d.get("unit")),
        frm=hex_words(d.get("frm")),
        to=hex_words(d.get("to")),
    )


def _by_sea(d: Data) -> str:
    return _(
        "{who}: {unit} goes by sea from {frm} to {to} (10.2.5)",
        who=side_words(d.get("side")),
        unit=unit_words(d.get("unit")),
        frm=hex_words(d.get("frm")),
        to=hex_words(d.get("to")),
    )


def _control(d: Data) -> str:
    who = side_words(d.get("side"))
    place = place_words(d.get("place"), d.get("hex"))
    delta = _int(d.get("delta"))
    if delta > 0:
        return _(
            "{who} takes {place}: VP track up to {vp} (5.1.1)", who=who, place=place, vp=d.get("vp")
        )
    if delta < 0:
        return _(
            "{who} takes {place}: VP track down to {vp} (5.1.1)",
            who=who,
            place=place,
            vp=d.get("vp"),
        )
    return _("{who} takes {place}", who=who, place=place)


def _banked(d: Data) -> str:
    who = side_words(d.get("side"))
    delta = _int(d.get("delta"))
    if d.get("card"):
        card = card_name(d["card"])
        if delta > 0:
            return _("{who} banks {n} more OPS from {card} (18.3)", who=who, n=delta, card=card)
        if delta == 0:
            return _("{who} banks no OPS from {card} this time (18.3)", who=who, card=card)
        return _("{who} loses {n} banked OPS from {card} (18.3)", who=who, n=-delta, card=card)
    if delta > 0:
        return _("{who} banks {n} more OPS (18.2)", who=who, n=delta)
    if delta == 0:
        return _("{who} banks no OPS this time (18.2)", who=who)
    return _("{who} loses {n} banked OPS (18.2)", who=who, n=-delta)


def _discard(d: Data) -> str:
    who = side_words(d.get("side"))
    card = card_name(d.get("card"))
    if d.get("random"):
        return _("{who} discards {card}, picked at random by an event", who=who, card=card)
    return _("{who} discards {card} (7.6.2)", who=who, card=card)


def _cards(d: Data) -> str:
    return _join([card_name(c) for c in _list(d.get("cards"))])


def _units(d: Data) -> str:
    return _join([unit_words(u) for u in _list(d.get("units"))])


def _rp(d: Data) -> str:
    who = side_words(d.get("side"))
    rp = rp_words(d.get("rp"))
    if d.get("card"):
        return _(
            "{card} gives {who} replacement points: now {rp}",
            card=card_name(d["card"]),
            who=who,
            rp=rp,
        )
    return _n(
        "{who} receives {n} replacement point (4.5.2): now {rp}",
        "{who} receives {n} replacement points (4.5.2): now {rp}",
        _int(d.get("delta")),
        who=who,
        rp=rp,
    )


def _vp(d: Data) -> str:
    delta = _int(d.get("delta"))
    card = card_name(d.get("card"))
    if delta > 0:
        return _("{card} moves the VP track up {n}, to {vp}", card=card, n=delta, vp=d.get("vp"))
    return _("{card} moves the VP track down {n}, to {vp}", card=card, n=-delta, vp=d.get("vp"))


def _hand_shown(d: Data) -> str:
    who = side_words(d.get("side"))
    if "cards" in d:
        return _("The {who} hand, shown by an event: {cards}", who=who, cards=_cards(d))
    return _(
        "{who} shows its hand to the other side ({cards})", who=who, cards=_cards_n(d.get("count"))
    )


def _replacement(d: Data) -> str:
    unit = unit_words(d.get("unit"))
    who = side_words(d.get("side"))
    strength = _strength(d.get("unit"), d.get("step"))
    now = _(", now {strength}", strength=strength) if strength else ""
    if d.get("how") == "rebuild":
        return _("{who} rebuilds {unit} (14.1.4)", who=who, unit=unit) + now
    return _("{who} buys back a step of {unit} (14.1.2)", who=who, unit=unit) + now


def _reinforcement(d: Data) -> str:
    unit = unit_words(d.get("unit"))
    strength = _strength(d.get("unit"), d.get("step"))
    named = f"{unit} ({strength})" if strength else unit
    at = hex_words(d.get("at"))
    if _int(d.get("step")) > 0:
        return _("{unit} arrives at reduced strength at {at} (7.5.2)", unit=named, at=at)
    return _("{unit} arrives at {at} (7.5.2)", unit=named, at=at)


def _surrender(d: Data) -> str:
    return _(
        "{nation} leaves the war: Soviet troops hold {capital} at the end of the turn,"
        " and all its units leave the game (19.3)",
        nation=nation_words(d.get("nation")),
        capital=place_words(d.get("capital")),
    )


WHY_WORDS: Mapping[str, str] = {
    "combat": N_("in combat (11.3)"),
    "no retreat": N_("with no way to retreat (11.4.4)"),
    "caught again after a retreat": N_("caught again after retreating this round (11.4.5)"),
    "captured": N_("as the enemy advances into its hex (16.4.3)"),
    "over-stacked": N_("over the stacking limit when exploitation ends (9.1.4)"),
}
# Why a fire column shifts (rules/combat.py ``shifts``): terrain, places, rules; a card's
# shift is named by the card's printed title, read as the card's title.
SHIFT_WORDS: Mapping[str, str] = {
    "major river": N_("a major river"),
    "river": N_("a river"),
    "Kerch Strait": N_("the Kerch Strait"),
    "clear": N_("clear terrain"),
    "forest": N_("forest"),
    "rough": N_("rough terrain"),
    "swamp": N_("swamp"),
    "mountain": N_("mountains"),
    "desert": N_("desert"),
    "city": N_("a city"),
    "town": N_("a town"),
    "fortress city": N_("a fortress city"),
    "trench": N_("a trench"),
    "out of supply": N_("being out of supply"),
    "German Mobile Defense": N_("German Mobile Defense (20.1)"),
    "winter": N_("winter (15.1.2)"),
    "shock army in winter": N_("a shock army in winter"),
    "east of the Paulus Line": N_("being east of the Paulus Line"),
}


@cache
def _titles() -> frozenset[str]:
    return frozenset(c.title for c in _world().cards.values())


def _shift_reason(reason: object) -> str:
    text = str(reason)
    if text in _titles():
        return title_words(text)
    words = [
        _(SHIFT_WORDS[r]) if r in SHIFT_WORDS else (title_words(r) if r in _titles() else r)
        for r in text.split(" and ")
    ]
    return _join(words)


def _units_of(d: Data, key: str) -> str:
    return _join([unit_words(u) for u in _list(d.get(key))])


def _attack(d: Data) -> str:
    line = _(
        "{who} attacks {hex} with {units}; defending: {defenders} (11.2.1)",
        who=side_words(d.get("side")),
        hex=hex_words(d.get("hex")),
        units=_units_of(d, "units"),
        defenders=_units_of(d, "defenders"),
    )
    if d.get("zhukov"):
        line += _(
            ", two hexes combined by {card} at one more loss (11.1.3)", card=title_words("Zhukov")
        )
    return line


def _fire_side(name: str, raw: JSON) -> str:
    f = raw if isinstance(raw, dict) else {}
    shifts = []
    for item in _list(f.get("shifts")):
        pair = _list(item)
        if len(pair) == 2:
            n = _int(pair[0])
            why = _shift_reason(pair[1])
            if n > 0:
                shifts.append(_("{n} right for {why}", n=abs(n), why=why))
            else:
                shifts.append(_("{n} left for {why}", n=abs(n), why=why))
    shifted = _(", shifted {list}", list=_join(shifts)) if shifts else ""
    losses = _int(f.get("losses"))
    result = _("no loss") if losses == 0 else _n("{n} loss", "{n} losses", losses)
    if losses and f.get("starred"):
        result += _(" (starred: small units only)")
    column = f.get("column")
    if column is None:
        return _(
            "{who} fires at strength {strength} with no column{shifted}, rolls {roll}: {result}",
            who=name,
            strength=f.get("strength"),
            shifted=shifted,
            roll=f.get("roll"),
            result=result,
        )
    return _(
        "{who} fires at strength {strength} on the {table} table, column {column}{shifted},"
        " rolls {roll}: {result}",
        who=name,
        strength=f.get("strength"),
        table=f.get("table"),
        column=column,
        shifted=shifted,
        roll=f.get("roll"),
        result=result,
    )


def _fire(d: Data) -> str:
    return _(
        "Combat at {hex} (11.2.1): {attacker}; {defender}",
        hex=hex_words(d.get("hex")),
        attacker=_fire_side(_("the attacker"), d.get("attacker")),
        defender=_fire_side(_("the defender"), d.get("defender")),
    )


def _combat_result(d: Data) -> str:
    where = hex_words(d.get("hex"))
    if d.get("winner") in SIDE_WORDS:
        return _(
            "The {side} side wins the combat at {where}, {inflicted} to {suffered} (11.2.1)",
            side=side_words(d.get("winner")),
            where=where,
            inflicted=d.get("inflicted"),
            suffered=d.get("suffered"),
        )
    return _(
        "Nobody wins the combat at {where}, {inflicted} to {suffered} (11.2.1)",
        where=where,
        inflicted=d.get("inflicted"),
        suffered=d.get("suffered"),
    )


def _eliminated(d: Data) -> str:
    unit = unit_words(d.get("unit"))
    why_key = str(d.get("why"))
    why = _(WHY_WORDS[why_key]) if why_key in WHY_WORDS else ""
    box_key = str(d.get("box"))
    box = _(BOX_WORDS[box_key]) if box_key in BOX_WORDS else _("leaves the map")
    if d.get("hex"):
        line = _(
            "{unit} is eliminated at {hex} {why} and {box}",
            unit=unit,
            hex=hex_words(d["hex"]),
            why=why,
            box=box,
        )
    else:
        line = _("{unit} is eliminated {why} and {box}", unit=unit, why=why, box=box)
    return line.replace("  ", " ")


def _step_lost(d: Data) -> str:
    strength = _strength(d.get("unit"), d.get("step"))
    now = _(", now {strength}", strength=strength) if strength else ""
    return _("{unit} loses a step (11.3)", unit=unit_words(d.get("unit"))) + now


def _moved(message: str) -> Callable[[Data], str]:
    def line(d: Data) -> str:
        return _(
            message,
            who=side_words(d.get("side")),
            unit=unit_words(d.get("unit")),
            frm=hex_words(d.get("frm")),
            to=hex_words(d.get("to")),
        )

    return line


ROLL_PURPOSES: Mapping[str, str] = {
    "attacker fire": N_("the attack's fire (11.2.1)"),
    "defender fire": N_("the defence's fire (11.2.1)"),
    "trench": N_("a trench (10.3.1)"),
}


def _roll(d: Data) -> str:
    dice = ", ".join(str(x) for x in _list(d.get("dice")))
    key = str(d.get("purpose"))
    what = _(ROLL_PURPOSES[key]) if key in ROLL_PURPOSES else _("a die")
    if d.get("by") in SIDE_WORDS:
        return _("{who} rolls {dice} for {what}", who=side_words(d["by"]), dice=dice, what=what)
    return _("Roll {dice} for {what}", dice=dice, what=what)


def _reason(detail: object) -> str:
    """ ": the VP track stands at 0 (5.1.3)": a verdict's detail in words, or nothing."""
    if not isinstance(detail, str) or not detail:
        return ""
    for pattern, words in DETAILS:
        m = pattern.match(detail)
        if m:
            detail = words(m)
            break
    return _(": {detail}", detail=detail)


def _game_over(d: Data) -> str:
    winner = d.get("winner")
    key = str(d.get("outcome"))
    reason = _reason(d.get("detail"))
    if winner not in SIDE_WORDS:
        return _("Game over, and neither side wins") + reason
    side = side_words(winner)
    if key == "automatic":
        line = _("Game over: the {side} side wins an automatic victory", side=side)
    elif key == "tournament":
        line = _("Game over: the {side} side wins on the tournament count", side=side)
    else:
        line = _("Game over: the {side} side wins", side=side)
    return line + reason


def _with_card(line: str, card: object) -> str:
    return _("{line} ({card})", line=line, card=card_name(card)) if card else line


def _flipped(d: Data) -> str:
    unit = unit_words(d.get("unit"))
    if d.get("step") == 0:
        line = _("{unit} is refitted to full strength", unit=unit)
    else:
        line = _("{unit} drops to a weaker step", unit=unit)
    return _with_card(line, d.get("card"))


def _partisans_removed(d: Data) -> str:
    where = hex_words(d.get("hex"))
    if d.get("card"):
        return _(
            "The partisans at {hex} are taken off the map ({card})",
            hex=where,
            card=card_name(d.get("card")),
        )
    return _("The partisans at {hex} are taken off the map by the Soviet side (16.1.5)", hex=where)


def _sent_away(d: Data) -> str:
    unit, where = unit_words(d.get("unit")), hex_words(d.get("hex"))
    if d.get("box") == "other_fronts":
        line = _("{unit} leaves {hex} for the Other Fronts box", unit=unit, hex=where)
    else:
        line = _("{unit} leaves {hex} and the game", unit=unit, hex=where)
    return _with_card(line, d.get("card"))


def _first_card(d: Data) -> str:
    who = side_words(d.get("side"))
    if d.get("card"):
        return _(
            "{who} gives up a victory point to take {card} into its hand; the VP track stands"
            " at {vp} (23.1.1)",
            who=who,
            card=card_name(d.get("card")),
            vp=d.get("vp"),
        )
    return _(
        "{who} gives up a victory point to take a card of its choice into its hand; the VP"
        " track stands at {vp} (23.1.1)",
        who=who,
        vp=d.get("vp"),
    )


def _movement_end(d: Data) -> str:
    who = side_words(d.get("side"))
    markers = _int(d.get("markers"))
    if markers:
        return _n(
            "{who} ends its movement, leaving {n} Move marker (7.3.4)",
            "{who} ends its movement, leaving {n} Move markers (7.3.4)",
            markers,
            who=who,
        )
    return _("{who} ends its movement", who=who)


def _combat_card(d: Data) -> str:
    who, card = side_words(d.get("side")), card_name(d.get("card"))
    if d.get("kept"):
        return _(
            "{who} plays the combat card {card} again from the cards it keeps face up (7.5.5)",
            who=who,
            card=card,
        )
    return _("{who} plays the combat card {card} (7.5.5)", who=who, card=card)


def _trench_attempt(d: Data) -> str:
    who, where = side_words(d.get("side")), hex_words(d.get("hex"))
    if d.get("sure"):
        return _("{who} starts digging at {hex}, paying to be sure (23.1.3)", who=who, hex=where)
    return _("{who} starts digging at {hex} (10.3.1)", who=who, hex=where)


def _side_hex(message: str, side_key: str = "side") -> Callable[[Data], str]:
    def line(d: Data) -> str:
        return _(message, who=side_words(d.get(side_key)), hex=hex_words(d.get("hex")))

    return line


def _unit_hex(message: str) -> Callable[[Data], str]:
    def line(d: Data) -> str:
        return _(message, unit=unit_words(d.get("unit")), hex=hex_words(d.get("hex")))

    return line


LINES: Mapping[str, Callable[[Data], str]] = {
    "setup": lambda d: _(
        "Stalin's War begins: {scenario}, turn {turn} ({season})",
        scenario=scenario_words(d.get("scenario")),
        turn=d.get("turn"),
        season=season_words(d.get("turn")),
    ),
    "turn": lambda d: _(
        "Turn {turn} begins: {season}",
        turn=d.get("turn"),
        season=season_words(d.get("turn"), d.get("season")),
    ),
    "action_round": lambda d: _(
        "{who} action round {ar} of turn {turn}",
        who=side_words(d.get("side")),
        ar=d.get("ar"),
        turn=d.get("turn"),
    ),
    "play": _play,
    "move": _move,
    "rail_move": _by_rail,
    "sea_move": _by_sea,
    "movement_end": _movement_end,
    "draw": lambda d: _n(
        "{who} draws {n} card (7.6)",
        "{who} draws {n} cards (7.6)",
        _int(d.get("count")),
        who=side_words(d.get("side")),
    ),
    "drawn": lambda d: _(
        "Cards drawn by the {who} side: {cards}", who=side_words(d.get("side")), cards=_cards(d)
    ),
    "reshuffle": lambda d: _n(
        "The {who} discards are shuffled into a new draw pile of {n} card",
        "The {who} discards are shuffled into a new draw pile of {n} cards",
        _int(d.get("cards")),
        who=side_words(d.get("side")),
    ),
    "discard": _discard,
    "set_aside_taken": lambda d: _(
        "{who} takes its held-back cards into hand: {cards} (7.1.3)",
        who=side_words(d.get("side")),
        cards=_cards(d),
    ),
    "total_war": lambda d: _(
        "Total War on turn {turn}: the Total War cards are shuffled into both decks with the"
        " discards (7.6.4)",
        turn=d.get("turn"),
    ),
    "hand_shown": _hand_shown,
    "banked_ops": _banked,
    "rp": _rp,
    "rp_lost": lambda d: _(
        "Replacement points not spent are lost (14.1.5): {rp}", rp=rp_words(d.get("rp"))
    ),
    "vp": _vp,
    "control": _control,
    "fortress_destroyed": lambda d: _(
        "The fortress at {place} is destroyed by the {who} side (16.2)",
        place=place_words(d.get("place"), d.get("hex")),
        who=side_words(d.get("by")),
    ),
    "reinforcement": _reinforcement,
    "reinforcement_lost": lambda d: _(
        "{unit} finds nowhere to arrive and leaves the game (7.5.2)",
        unit=unit_words(d.get("unit")),
    ),
    "replacement": _replacement,
    "out_of_supply": lambda d: _(
        "{who} units out of supply (13.1): {units}", who=side_words(d.get("side")), units=_units(d)
    ),
    "attrition_loss": lambda d: _(
        "Attrition: {unit} is lost and {box} (13.3.8)",
        unit=unit_words(d.get("unit")),
        box=_(BOX_WORDS[str(d.get("box"))])
        if str(d.get("box")) in BOX_WORDS
        else _("leaves the map"),
    ),
    "attrition_control": lambda d: _(
        "{place} is cut off from supply and passes to the {who} side (13.3.9)",
        place=place_words(d.get("place")),
        who=side_words(d.get("side")),
    ),
    "turn_track_return": lambda d: _(
        "{unit} comes off the Turn Track into the Eliminated box (13.3.8)",
        unit=unit_words(d.get("unit")),
    ),
    "surrender": _surrender,
    "game_over": _game_over,
    "combat_marker": _side_hex(N_("{who} places a Combat marker on {hex} (7.3.5)")),
    "attack": _attack,
    "combat_card": _combat_card,
    "fire": _fire,
    "step_lost": _step_lost,
    "eliminated": _eliminated,
    "combat_result": _combat_result,
    "retreat": _moved(N_("{who}: {unit} retreats from {frm} to {to} (11.4)")),
    "no_retreat": lambda d: _(
        "{who} holds its ground: {unit} takes one more loss instead of a retreat (11.4.3)",
        who=side_words(d.get("side")),
        unit=unit_words(d.get("unit")),
    ),
    "advance": _moved(N_("{who}: {unit} advances from {frm} to {to} (11.5)")),
    "blitz": _side_hex(N_("{who} places a Blitz marker on {hex} (11.5.2)")),
    "exploit": _moved(N_("{who}: {unit} exploits from {frm} to {to} (12.2)")),
    "combat_end": lambda d: _n(
        "{who} ends its combats ({n} attack this round)",
        "{who} ends its combats ({n} attacks this round)",
        _int(d.get("attacks")),
        who=side_words(d.get("side")),
    ),
    "roll": _roll,
    "trench_attempt": _trench_attempt,
    "trench": _side_hex(N_("{who} has a trench at {hex} (10.3)")),
    "trench_failed": lambda d: _(
        "The {who} trench at {hex} is not finished: the die shows {roll} (10.3.1)",
        who=side_words(d.get("side")),
        hex=hex_words(d.get("hex")),
        roll=d.get("roll"),
    ),
    "trench_removed": _side_hex(N_("The {who} trench at {hex} is lost (10.3.2)")),
    "festung": lambda d: _("{hex} is made a Festung (16.3)", hex=hex_words(d.get("hex"))),
    "festung_removed": lambda d: _(
        "The Festung at {hex} falls to the Soviet side (16.3.3)", hex=hex_words(d.get("hex"))
    ),
    "partisans_placed": lambda d: _(
        "Partisans appear, face down, at {hex} (16.1.3)", hex=hex_words(d.get("hex"))
    ),
    "partisans_activated": _unit_hex(N_("{unit} at {hex} turn face up and take up arms (16.1.6)")),
    "flipped": _flipped,
    "order_cancelled": lambda d: _(
        "{who} buys off {card}: its units may pay OPS to leave enemy zones of control again"
        " this turn",
        who=side_words(d.get("side")),
        card=card_name(d.get("card")),
    ),
    "partisans_removed": _partisans_removed,
    "sent_away": _sent_away,
    "fortress_built": lambda d: _(
        "{who} builds a fortress at {place} (16.2)",
        who=side_words(d.get("side")),
        place=place_words(d.get("place"), d.get("hex")),
    ),
    "first_card": _first_card,
    "trench_lifted": _side_hex(N_("{who} takes its trench at {hex} away (End Turn phase)")),
    "airlift": lambda d: _(
        "The Luftwaffe flies supplies into {hex}: it counts as supplied for this attrition"
        " ({card})",
        hex=hex_words(d.get("hex")),
        card=card_name(d.get("card")),
    ),
    "swapped": lambda d: _(
        "{unit} takes the place of {old} at {hex}, which leaves the game (7.5.2c)",
        unit=unit_words(d.get("unit")),
        old=unit_words(d.get("old")),
        hex=hex_words(d.get("hex")),
    ),
    "evasion": lambda d: _(
        "{who} plays {card}: the defenders of {hex} fall back two hexes without a fight (7.5.5)",
        who=side_words(d.get("side")),
        card=card_name(d.get("card")),
        hex=hex_words(d.get("hex")),
    ),
    "rushed": lambda d: _(
        "{unit} rushes from {frm} to {to} and joins the combat ({card})",
        unit=unit_words(d.get("unit")),
        frm=hex_words(d.get("frm")),
        to=hex_words(d.get("to")),
        card=title_words("Maskirovka"),
    ),
    "fortified_zone": lambda d: _(
        "The Soviet Fortified Zone is set up at {hex} and joins its defence ({card})",
        hex=hex_words(d.get("hex")),
        card=title_words("Panzer Hara-Kiri"),
    ),
    "loss_absorbed": lambda d: _(
        "{unit} holds on with its last step: {card} saves it from that loss (7.5.5)",
        unit=unit_words(d.get("unit")),
        card=card_name(d.get("card")),
    ),
    "partisans_withdrawn": lambda d: _(
        "The partisans at {hex} melt away as Soviet troops arrive (16.1.5)",
        hex=hex_words(d.get("hex")),
    ),
}


def log_line(event: dict[str, JSON], view: dict[str, JSON] | None = None) -> str:
    kind = str(event.get("kind"))
    raw = event.get("data")
    d: Data = raw if isinstance(raw, dict) else {}
    words = LINES.get(kind)
    if words is not None:
        return words(d)
    return kind.replace("_", " ").capitalize()
