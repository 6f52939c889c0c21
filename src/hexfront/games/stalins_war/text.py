"""Stalin's War in words, for terminal play and the browser's generic table: the legal actions
and the log lines, as a player reads them. Cards go by their title (with their number on the
side's deck, as printed, when two share a title), units by their name, hexes by their place
name and number. Never an internal id, key or ``key=value``."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action

from .map import UnknownPlace
from .world import World, load_world

SIDE_WORDS: Mapping[str, str] = {"axis": "Axis", "soviet": "Soviet"}
NATION_WORDS: Mapping[str, str] = {
    "SU": "the Soviet Union",
    "GE": "Germany",
    "RO": "Romania",
    "HU": "Hungary",
    "IT": "Italy",
    "PL": "Poland",
    "BG": "Bulgaria",
}
NATION_ADJECTIVES: Mapping[str, str] = {
    "SU": "Soviet",
    "GE": "German",
    "RO": "Romanian",
    "HU": "Hungarian",
    "IT": "Italian",
    "PL": "Polish",
    "BG": "Bulgarian",
}
# Replacement point pools (14.1.7): the Axis splits its points three ways.
POOL_WORDS: Mapping[str, str] = {
    "soviet": "Soviet",
    "german": "German",
    "panzer": "panzer",
    "axis": "Axis allies",
}
POOL_ORDER = ("german", "panzer", "axis", "soviet")
BOX_WORDS: Mapping[str, str] = {
    "eliminated": "goes to the Eliminated box",
    "track": "goes onto the Turn Track, to come back later",
    "removed": "leaves the game for good",
}
OUTCOME_WORDS: Mapping[str, str] = {
    "automatic": "wins an automatic victory",
    "end": "wins",
    "tournament": "wins on the tournament count",
}
# The verdicts' details (rules/victory.py), made into sentences where they are terse.
DETAILS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^VP (-?\d+) (\(.*\))$"), r"the VP track stands at \1 \2"),
    (
        re.compile(r"^Axis holds (\d+) USSR VP spaces, scored (-?\d+) (\(.*\))$"),
        r"the Axis holds \1 USSR VP spaces, which count as \2 after the card adjustments \3",
    ),
)


def _world() -> World:
    return load_world()


def side_words(side: object) -> str:
    return SIDE_WORDS.get(str(side), "Neither side")


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}" + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _plural(n: object, word: str) -> str:
    if n == 1 or word.endswith(("OPS", "MP")):  # OPS and MP read the same for any number
        return f"{n} {word}"
    return f"{n} {word}s"


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _list(value: object) -> list[JSON]:
    return list(value) if isinstance(value, list) else []


def _join(words: list[str]) -> str:
    if not words:
        return "nothing"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


# --- names --------------------------------------------------------------------------------------


@cache
def _shared_titles() -> frozenset[str]:
    titles = [c.title for c in _world().cards.values()]
    return frozenset(t for t in titles if titles.count(t) > 1)


@cache
def _shared_names() -> frozenset[str]:
    names = [u.name for u in _world().units.values()]
    return frozenset(n for n in names if names.count(n) > 1)


def card_name(card_id: object) -> str:
    """The card's title; a title several cards share gets the card's printed number."""
    card = _world().cards.get(str(card_id))
    if card is None:
        return "an unknown card"
    if card.title in _shared_titles():
        return f"{card.title} (no. {str(card.id)[1:]})"
    return card.title


def card_words(card_id: object) -> str:
    """The title with what a player weighs when choosing: OPS and RP as printed."""
    card = _world().cards.get(str(card_id))
    if card is None:
        return "an unknown card"
    number = f"no. {card.id[1:]}, " if card.title in _shared_titles() else ""
    return f"{card.title} ({number}{card.ops} OPS, RP {card.rp.printed()})"


def unit_words(uid: object) -> str:
    """The unit's name; a name two nations share gets the nation's adjective."""
    unit = _world().units.get(str(uid))
    if unit is None:
        return "an unknown unit"
    if unit.name in _shared_names():
        adjective = NATION_ADJECTIVES.get(unit.nation, "")
        if adjective and not unit.name.startswith(adjective):
            return f"{adjective} {unit.name}"
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
        return f"hex {ref}"
    place = m.place_at.get(node)
    return f"{place.name} ({ref})" if place else f"hex {ref}"


def place_words(name: object, hex_id: object = None) -> str:
    if hex_id is None:
        place = _world().map.places.get(str(name))
        hex_id = place.hex if place else None
    return f"{name} ({hex_id})" if hex_id else str(name)


def nation_words(code: object) -> str:
    return NATION_WORDS.get(str(code), "an Axis ally")


def season_words(turn: object, season: object = None) -> str:
    """Turn 1 is June 1941; a year turns with each winter (turn 4 is Winter 1942)."""
    t = _int(turn)
    if season is None:
        seasons = _world().tables.seasons
        season = seasons[t - 1] if 1 <= t <= len(seasons) else ""
    name = str(season).capitalize()
    return f"{name} {1941 + t // 4}" if name else f"turn {t}"


def scenario_words(scenario: object) -> str:
    spec = _world().tables.scenarios.get(str(scenario))
    return f"the {spec.name} scenario" if spec else "a scenario"


def rp_words(rp: object) -> str:
    pools = rp if isinstance(rp, dict) else {}
    shown = [f"{POOL_WORDS[k]} {pools[k]}" for k in POOL_ORDER if k in pools and _int(pools[k]) > 0]
    return ", ".join(shown) if shown else "none"


# --- actions ------------------------------------------------------------------------------------


def describe(action: Action, view: dict[str, JSON] | None = None) -> str:
    a = action.args
    verb = action.verb
    if verb == "play_ops":
        return f"play {card_words(a['card'])} for OPS (7.3)"
    if verb == "play_rp":
        return f"play {card_words(a['card'])} for replacement points (7.4)"
    if verb == "play_event":
        return f"play {card_words(a['card'])} as its event (7.5)"
    if verb == "zero_ops_move":
        return "0-OPS round: move, paying with banked OPS (7.2.6)"
    if verb == "zero_ops_pass":
        if "discard" in a:
            return f"0-OPS round: pass, swap {card_words(a['discard'])} for the deck's top (7.2.6)"
        return "0-OPS round: pass (7.2.6)"
    if verb == "move":
        return f"move {unit_words(a['unit'])} to {hex_words(a['to'])} (10.1)"
    if verb == "rail":
        return f"move {unit_words(a['unit'])} by rail to {hex_words(a['to'])} for 1 OPS (10.2)"
    if verb == "sea":
        return (
            f"move {unit_words(a['unit'])} by sea to {hex_words(a['to'])} for 1 OPS (10.2.5-10.2.6)"
        )
    if verb == "place":
        return f"place {unit_words(a['unit'])} at {hex_words(a['at'])} (7.5.2)"
    if verb == "swap":
        return f"put {unit_words(a['unit'])} in place of {unit_words(a['old'])} (7.5.2c)"
    if verb == "replace_step":
        return f"buy back a step of {unit_words(a['unit'])} (14.1.2)"
    if verb == "rebuild":
        return f"rebuild {unit_words(a['unit'])} at {hex_words(a['at'])} (14.1.4)"
    if verb == "done_replacing":
        return "end replacements (unspent RP are lost, 14.1.5)"
    if verb == "end_movement":
        return "end movement"
    if verb == "combat_marker":
        return f"place a Combat marker on {hex_words(a['hex'])} for 1 OPS (7.3.5)"
    if verb == "done_markers":
        return "place no more Combat markers and go to combat (7.3.5)"
    if verb == "attack":
        return f"attack {hex_words(a['hex'])} (11.1)"
    if verb == "commit":
        return f"add {unit_words(a['unit'])} to the attack (11.2.1)"
    if verb == "fire":
        return "resolve the attack with the units chosen (11.2.1)"
    if verb == "call_off":
        return "call the attack off"
    if verb == "end_combat":
        return "end combat and go on to exploitation (12.2.1)"
    if verb == "combat_card":
        if "unit" in a:
            return (
                f"play the combat card {card_words(a['card'])} against"
                f" {unit_words(a['unit'])} (7.5.5)"
            )
        return f"play the combat card {card_words(a['card'])} (7.5.5)"
    if verb == "no_more_cards":
        return "play no more combat cards (7.5.5)"
    if verb == "evade":
        return f"fall back two hexes without fighting, as {card_name(a['card'])} allows (7.5.5)"
    if verb == "rush":
        return (
            f"bring {unit_words(a['unit'])} to {hex_words(a['to'])} to join the combat (Maskirovka)"
        )
    if verb == "pick":
        if "card" in a:
            return f"take {card_words(a['card'])} for one victory point (23.1.1)"
        if "to" in a:
            return f"move {unit_words(a['unit'])} to {hex_words(a['to'])}"
        if "hex" in a:
            return f"choose {hex_words(a['hex'])}"
        if "unit" in a:
            return f"choose {unit_words(a['unit'])}"
        if a.get("civilians") is True:
            return "carry civilians to safety instead, for a victory point (Naval Evacuation)"
        if a.get("cancel") is True:
            return "buy the order off with a victory point"
        return "let the order stand"
    if verb == "done_picking":
        return "choose no more"
    if verb == "done_rushing":
        return "bring no more units to the combat (Maskirovka)"
    if verb == "take_loss":
        return f"{unit_words(a['unit'])} takes the loss (11.3)"
    if verb == "retreat":
        return f"retreat {unit_words(a['unit'])} to {hex_words(a['to'])} (11.4)"
    if verb == "no_retreat":
        return (
            f"hold the hex: {unit_words(a['unit'])} takes one more loss and nobody retreats"
            " (11.4.3)"
        )
    if verb == "advance":
        return f"advance {unit_words(a['unit'])} into the emptied hex (11.5)"
    if verb == "follow":
        return (
            f"follow the German withdrawal with {unit_words(a['unit'])} to {hex_words(a['to'])}"
            " (Backhand Blow)"
        )
    if verb == "done_advancing":
        return "advance no more units (11.5)"
    if verb == "exploit":
        return f"exploit with {unit_words(a['unit'])} to {hex_words(a['to'])} (12.2)"
    if verb == "end_exploitation":
        return "end exploitation (12.2)"
    if verb == "entrench":
        return f"try to dig a trench at {hex_words(a['hex'])} for 1 OPS (10.3.1)"
    if verb == "entrench_sure":
        return f"dig a trench at {hex_words(a['hex'])} for 2 OPS, no die (23.1.3)"
    if verb == "festung":
        return f"make {hex_words(a['hex'])} a Festung for 1 OPS (16.3.2)"
    if verb == "partisans":
        return f"place partisans, face down, at {hex_words(a['hex'])} (16.1.2)"
    if verb == "free_trench":
        return f"place the event's trench at {hex_words(a['hex'])} (10.3)"
    if verb == "skip_trench":
        return "place no trench"
    if verb == "discard":
        return f"discard {card_words(a['card'])} (7.6.2)"
    if verb == "done_discarding":
        return "keep the hand and draw (7.6)"
    return verb.replace("_", " ")


# --- log lines ----------------------------------------------------------------------------------

Data = Mapping[str, JSON]


def _play(d: Data) -> str:
    who = side_words(d.get("side"))
    kind = d.get("round")
    card = card_words(d["card"]) if d.get("card") else ""
    if d.get("event"):
        extra = ", which counts as an RP play" if kind == "rp" else ""
        return f"{who} plays {card} as its event{extra} (7.5)"
    if kind == "ops":
        run = _int(d.get("consecutive_ops"))
        streak = f"; {_ordinal(run)} OPS round in a row" if run > 1 else ""
        return f"{who} plays {card} for {_plural(d.get('ops'), 'OPS')} (7.3){streak}"
    if kind == "rp":
        return f"{who} plays {card} for replacement points (7.4): RP now {rp_words(d.get('rp'))}"
    if kind == "zero_move":
        return f"{who} takes a 0-OPS round and moves with banked OPS (7.2.6)"
    if kind == "zero_pass":
        if d.get("discard"):
            return (
                f"{who} takes a 0-OPS round and passes, trading {card_words(d['discard'])}"
                " for a new card (7.2.6)"
            )
        return f"{who} takes a 0-OPS round and passes (7.2.6)"
    return f"{who} plays {card or 'a round'}"


def _move(d: Data) -> str:
    who = side_words(d.get("side"))
    unit = unit_words(d.get("unit"))
    line = f"{who}: {unit} moves from {hex_words(d.get('frm'))} to {hex_words(d.get('to'))}"
    mp, ops = _int(d.get("mp")), _int(d.get("ops"))
    costs = [_plural(mp, "MP")] if mp else []
    if ops:
        costs.append(f"{ops} OPS spent")
    return line + (f" ({', '.join(costs)})" if costs else "")


def _carried(how: str, rule: str) -> Callable[[Data], str]:
    def line(d: Data) -> str:
        who = side_words(d.get("side"))
        unit = unit_words(d.get("unit"))
        frm, to = hex_words(d.get("frm")), hex_words(d.get("to"))
        return f"{who}: {unit} goes by {how} from {frm} to {to} ({rule})"

    return line


def _control(d: Data) -> str:
    who = side_words(d.get("side"))
    line = f"{who} takes {place_words(d.get('place'), d.get('hex'))}"
    delta = _int(d.get("delta"))
    if delta:
        line += f": VP track {'up' if delta > 0 else 'down'} to {d.get('vp')} (5.1.1)"
    return line


def _banked(d: Data) -> str:
    who = side_words(d.get("side"))
    delta = _int(d.get("delta"))
    source = f" from {card_name(d['card'])}" if d.get("card") else ""
    rule = "18.3" if d.get("card") else "18.2"
    if delta > 0:
        return f"{who} banks {delta} more OPS{source} ({rule})"
    if delta == 0:
        return f"{who} banks no OPS{source} this time ({rule})"
    return f"{who} loses {-delta} banked OPS{source} ({rule})"


def _discard(d: Data) -> str:
    who = side_words(d.get("side"))
    if d.get("random"):
        return f"{who} discards {card_name(d.get('card'))}, picked at random by an event"
    return f"{who} discards {card_name(d.get('card'))} (7.6.2)"


def _cards(d: Data) -> str:
    return _join([card_name(c) for c in _list(d.get("cards"))])


def _units(d: Data) -> str:
    return _join([unit_words(u) for u in _list(d.get("units"))])


def _rp(d: Data) -> str:
    who = side_words(d.get("side"))
    if d.get("card"):
        return f"{card_name(d['card'])} gives {who} replacement points: now {rp_words(d.get('rp'))}"
    return (
        f"{who} receives {_plural(d.get('delta'), 'replacement point')} (4.5.2):"
        f" now {rp_words(d.get('rp'))}"
    )


def _vp(d: Data) -> str:
    delta = _int(d.get("delta"))
    way = "up" if delta > 0 else "down"
    return f"{card_name(d.get('card'))} moves the VP track {way} {abs(delta)}, to {d.get('vp')}"


def _hand_shown(d: Data) -> str:
    who = side_words(d.get("side"))
    if "cards" in d:
        return f"The {who} hand, shown by an event: {_cards(d)}"
    return f"{who} shows its hand to the other side ({_plural(d.get('count'), 'card')})"


def _replacement(d: Data) -> str:
    unit = unit_words(d.get("unit"))
    strength = _strength(d.get("unit"), d.get("step"))
    now = f", now {strength}" if strength else ""
    if d.get("how") == "rebuild":
        return f"{side_words(d.get('side'))} rebuilds {unit} (14.1.4){now}"
    return f"{side_words(d.get('side'))} buys back a step of {unit} (14.1.2){now}"


def _reinforcement(d: Data) -> str:
    unit = unit_words(d.get("unit"))
    reduced = " at reduced strength" if _int(d.get("step")) > 0 else ""
    strength = _strength(d.get("unit"), d.get("step"))
    shown = f" ({strength})" if strength else ""
    return f"{unit}{shown} arrives{reduced} at {hex_words(d.get('at'))} (7.5.2)"


def _surrender(d: Data) -> str:
    nation = nation_words(d.get("nation"))
    capital = place_words(d.get("capital"))
    return (
        f"{nation} leaves the war: Soviet troops hold {capital} at the end of the turn,"
        " and all its units leave the game (19.3)"
    )


WHY_WORDS: Mapping[str, str] = {
    "combat": "in combat (11.3)",
    "no retreat": "with no way to retreat (11.4.4)",
    "caught again after a retreat": "caught again after retreating this round (11.4.5)",
    "captured": "as the enemy advances into its hex (16.4.3)",
    "over-stacked": "over the stacking limit when exploitation ends (9.1.4)",
}
ROLE_WORDS: Mapping[str, str] = {"attacker fire": "the attack", "defender fire": "the defence"}


def _units_of(d: Data, key: str) -> str:
    return _join([unit_words(u) for u in _list(d.get(key))])


def _attack(d: Data) -> str:
    who = side_words(d.get("side"))
    line = (
        f"{who} attacks {hex_words(d.get('hex'))} with {_units_of(d, 'units')};"
        f" defending: {_units_of(d, 'defenders')} (11.2.1)"
    )
    if d.get("zhukov"):
        line += ", two hexes combined by Zhukov at one more loss (11.1.3)"
    return line


def _fire_side(name: str, raw: JSON) -> str:
    f = raw if isinstance(raw, dict) else {}
    shifts = []
    for item in _list(f.get("shifts")):
        pair = _list(item)
        if len(pair) == 2:
            n = _int(pair[0])
            way = "right" if n > 0 else "left"
            shifts.append(f"{abs(n)} {way} for {pair[1]}")
    shifted = f", shifted {_join(shifts)}" if shifts else ""
    column = f.get("column")
    where = (
        f"on the {f.get('table')} table, column {column}"
        if column is not None
        else "with no column"
    )
    losses = _int(f.get("losses"))
    result = {0: "no loss", 1: "1 loss"}.get(losses, f"{losses} losses")
    if losses and f.get("starred"):
        result += " (starred: small units only)"
    return (
        f"{name} fires at strength {f.get('strength')} {where}{shifted}, rolls"
        f" {f.get('roll')}: {result}"
    )


def _fire(d: Data) -> str:
    return (
        f"Combat at {hex_words(d.get('hex'))} (11.2.1): "
        f"{_fire_side('the attacker', d.get('attacker'))}; "
        f"{_fire_side('the defender', d.get('defender'))}"
    )


def _combat_result(d: Data) -> str:
    where = hex_words(d.get("hex"))
    score = f"{d.get('inflicted')} to {d.get('suffered')}"
    if d.get("winner") in SIDE_WORDS:
        return (
            f"The {side_words(d.get('winner'))} side wins the combat at {where}, {score} (11.2.1)"
        )
    return f"Nobody wins the combat at {where}, {score} (11.2.1)"


def _eliminated(d: Data) -> str:
    unit = unit_words(d.get("unit"))
    where = f" at {hex_words(d['hex'])}" if d.get("hex") else ""
    why = WHY_WORDS.get(str(d.get("why")), "")
    box = BOX_WORDS.get(str(d.get("box")), "leaves the map")
    return f"{unit} is eliminated{where} {why} and {box}".replace("  ", " ")


def _step_lost(d: Data) -> str:
    strength = _strength(d.get("unit"), d.get("step"))
    now = f", now {strength}" if strength else ""
    return f"{unit_words(d.get('unit'))} loses a step (11.3){now}"


def _moved(verb: str, rule: str) -> Callable[[Data], str]:
    def line(d: Data) -> str:
        who = side_words(d.get("side"))
        return (
            f"{who}: {unit_words(d.get('unit'))} {verb} from {hex_words(d.get('frm'))}"
            f" to {hex_words(d.get('to'))} ({rule})"
        )

    return line


def _roll(d: Data) -> str:
    dice = ", ".join(str(x) for x in _list(d.get("dice")))
    what = ROLL_PURPOSES.get(str(d.get("purpose")), "a die")
    by = f"{side_words(d['by'])} rolls" if d.get("by") in SIDE_WORDS else "Roll"
    return f"{by} {dice} for {what}"


ROLL_PURPOSES: Mapping[str, str] = {
    "attacker fire": "the attack's fire (11.2.1)",
    "defender fire": "the defence's fire (11.2.1)",
    "trench": "a trench (10.3.1)",
}


def _game_over(d: Data) -> str:
    winner = d.get("winner")
    outcome = OUTCOME_WORDS.get(str(d.get("outcome")), "wins")
    detail = d.get("detail")
    if isinstance(detail, str):
        for pattern, words in DETAILS:
            detail = pattern.sub(words, detail)
    reason = f": {detail}" if isinstance(detail, str) and detail else ""
    if winner not in SIDE_WORDS:
        return f"Game over, and neither side wins{reason}"
    return f"Game over: the {side_words(winner)} side {outcome}{reason}"


LINES: Mapping[str, Callable[[Data], str]] = {
    "setup": lambda d: (
        f"Stalin's War begins: {scenario_words(d.get('scenario'))}, turn {d.get('turn')}"
        f" ({season_words(d.get('turn'))})"
    ),
    "turn": lambda d: (
        f"Turn {d.get('turn')} begins: {season_words(d.get('turn'), d.get('season'))}"
    ),
    "action_round": lambda d: (
        f"{side_words(d.get('side'))} action round {d.get('ar')} of turn {d.get('turn')}"
    ),
    "play": _play,
    "move": _move,
    "rail_move": _carried("rail", "10.2"),
    "sea_move": _carried("sea", "10.2.5"),
    "movement_end": lambda d: (
        f"{side_words(d.get('side'))} ends its movement"
        + (
            f", leaving {_plural(d.get('markers'), 'Move marker')} (7.3.4)"
            if _int(d.get("markers"))
            else ""
        )
    ),
    "draw": lambda d: f"{side_words(d.get('side'))} draws {_plural(d.get('count'), 'card')} (7.6)",
    "drawn": lambda d: f"Cards drawn by the {side_words(d.get('side'))} side: {_cards(d)}",
    "reshuffle": lambda d: (
        f"The {side_words(d.get('side'))} discards are shuffled into a new draw pile"
        f" of {_plural(d.get('cards'), 'card')}"
    ),
    "discard": _discard,
    "set_aside_taken": lambda d: (
        f"{side_words(d.get('side'))} takes its held-back cards into hand: {_cards(d)} (7.1.3)"
    ),
    "total_war": lambda d: (
        f"Total War on turn {d.get('turn')}: the Total War cards are shuffled into both"
        " decks with the discards (7.6.4)"
    ),
    "hand_shown": _hand_shown,
    "banked_ops": _banked,
    "rp": _rp,
    "rp_lost": lambda d: f"Replacement points not spent are lost (14.1.5): {rp_words(d.get('rp'))}",
    "vp": _vp,
    "control": _control,
    "fortress_destroyed": lambda d: (
        f"The fortress at {place_words(d.get('place'), d.get('hex'))} is destroyed by the"
        f" {side_words(d.get('by'))} side (16.2)"
    ),
    "reinforcement": _reinforcement,
    "reinforcement_lost": lambda d: (
        f"{unit_words(d.get('unit'))} finds nowhere to arrive and leaves the game (7.5.2)"
    ),
    "replacement": _replacement,
    "out_of_supply": lambda d: (
        f"{side_words(d.get('side'))} units out of supply (13.1): {_units(d)}"
    ),
    "attrition_loss": lambda d: (
        f"Attrition: {unit_words(d.get('unit'))} is lost and"
        f" {BOX_WORDS.get(str(d.get('box')), 'leaves the map')} (13.3.8)"
    ),
    "attrition_control": lambda d: (
        f"{place_words(d.get('place'))} is cut off from supply and passes to the"
        f" {side_words(d.get('side'))} side (13.3.9)"
    ),
    "turn_track_return": lambda d: (
        f"{unit_words(d.get('unit'))} comes off the Turn Track into the Eliminated box (13.3.8)"
    ),
    "surrender": _surrender,
    "game_over": _game_over,
    "combat_marker": lambda d: (
        f"{side_words(d.get('side'))} places a Combat marker on {hex_words(d.get('hex'))} (7.3.5)"
    ),
    "attack": _attack,
    "combat_card": lambda d: (
        f"{side_words(d.get('side'))} plays the combat card {card_name(d.get('card'))}"
        + (" again from the cards it keeps face up" if d.get("kept") else "")
        + " (7.5.5)"
    ),
    "fire": _fire,
    "step_lost": _step_lost,
    "eliminated": _eliminated,
    "combat_result": _combat_result,
    "retreat": _moved("retreats", "11.4"),
    "no_retreat": lambda d: (
        f"{side_words(d.get('side'))} holds its ground: {unit_words(d.get('unit'))} takes one"
        " more loss instead of a retreat (11.4.3)"
    ),
    "advance": _moved("advances", "11.5"),
    "blitz": lambda d: (
        f"{side_words(d.get('side'))} places a Blitz marker on {hex_words(d.get('hex'))} (11.5.2)"
    ),
    "exploit": _moved("exploits", "12.2"),
    "combat_end": lambda d: (
        f"{side_words(d.get('side'))} ends its combats"
        f" ({_plural(d.get('attacks'), 'attack')} this round)"
    ),
    "roll": _roll,
    "trench_attempt": lambda d: (
        f"{side_words(d.get('side'))} starts digging at {hex_words(d.get('hex'))}"
        + (", paying to be sure (23.1.3)" if d.get("sure") else " (10.3.1)")
    ),
    "trench": lambda d: (
        f"{side_words(d.get('side'))} has a trench at {hex_words(d.get('hex'))} (10.3)"
    ),
    "trench_failed": lambda d: (
        f"The {side_words(d.get('side'))} trench at {hex_words(d.get('hex'))} is not finished:"
        f" the die shows {d.get('roll')} (10.3.1)"
    ),
    "trench_removed": lambda d: (
        f"The {side_words(d.get('side'))} trench at {hex_words(d.get('hex'))} is lost (10.3.2)"
    ),
    "festung": lambda d: f"{hex_words(d.get('hex'))} is made a Festung (16.3)",
    "festung_removed": lambda d: (
        f"The Festung at {hex_words(d.get('hex'))} falls to the Soviet side (16.3.3)"
    ),
    "partisans_placed": lambda d: (
        f"Partisans appear, face down, at {hex_words(d.get('hex'))} (16.1.3)"
    ),
    "partisans_activated": lambda d: (
        f"{unit_words(d.get('unit'))} at {hex_words(d.get('hex'))} turn face up and take up"
        " arms (16.1.6)"
    ),
    "flipped": lambda d: (
        f"{unit_words(d.get('unit'))}"
        + (" is refitted to full strength" if d.get("step") == 0 else " drops to a weaker step")
        + (f" ({card_name(d.get('card'))})" if d.get("card") else "")
    ),
    "order_cancelled": lambda d: (
        f"{side_words(d.get('side'))} buys off {card_name(d.get('card'))}: its units may pay"
        " OPS to leave enemy zones of control again this turn"
    ),
    "partisans_removed": lambda d: (
        f"The partisans at {hex_words(d.get('hex'))} are taken off the map"
        + (f" ({card_name(d.get('card'))})" if d.get("card") else " by the Soviet side (16.1.5)")
    ),
    "sent_away": lambda d: (
        f"{unit_words(d.get('unit'))} leaves {hex_words(d.get('hex'))}"
        + (" for the Other Fronts box" if d.get("box") == "other_fronts" else " and the game")
        + (f" ({card_name(d.get('card'))})" if d.get("card") else "")
    ),
    "fortress_built": lambda d: (
        f"{side_words(d.get('side'))} builds a fortress at"
        f" {place_words(d.get('place'), d.get('hex'))} (16.2)"
    ),
    "first_card": lambda d: (
        f"{side_words(d.get('side'))} gives up a victory point to take"
        + (f" {card_name(d.get('card'))}" if d.get("card") else " a card of its choice")
        + f" into its hand; the VP track stands at {d.get('vp')} (23.1.1)"
    ),
    "trench_lifted": lambda d: (
        f"{side_words(d.get('side'))} takes its trench at {hex_words(d.get('hex'))} away"
        " (End Turn phase)"
    ),
    "airlift": lambda d: (
        f"The Luftwaffe flies supplies into {hex_words(d.get('hex'))}: it counts as supplied"
        f" for this attrition ({card_name(d.get('card'))})"
    ),
    "swapped": lambda d: (
        f"{unit_words(d.get('unit'))} takes the place of {unit_words(d.get('old'))} at"
        f" {hex_words(d.get('hex'))}, which leaves the game (7.5.2c)"
    ),
    "evasion": lambda d: (
        f"{side_words(d.get('side'))} plays {card_name(d.get('card'))}: the defenders of"
        f" {hex_words(d.get('hex'))} fall back two hexes without a fight (7.5.5)"
    ),
    "rushed": lambda d: (
        f"{unit_words(d.get('unit'))} rushes from {hex_words(d.get('frm'))} to"
        f" {hex_words(d.get('to'))} and joins the combat (Maskirovka)"
    ),
    "fortified_zone": lambda d: (
        f"The Soviet Fortified Zone is set up at {hex_words(d.get('hex'))} and joins its"
        " defence (Panzer Hara-Kiri)"
    ),
    "loss_absorbed": lambda d: (
        f"{unit_words(d.get('unit'))} holds on with its last step: {card_name(d.get('card'))}"
        " saves it from that loss (7.5.5)"
    ),
    "partisans_withdrawn": lambda d: (
        f"The partisans at {hex_words(d.get('hex'))} melt away as Soviet troops arrive (16.1.5)"
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
