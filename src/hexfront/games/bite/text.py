"""Plain-text rendering of a BITE view and its actions, for the terminal and for logs.

Every sentence is written in English inside :func:`hexfront.i18n._` and read in the
player's language from the gettext catalogues of ``hexfront.i18n`` (docs/translating.md).
Unit and place names are the printed ones in every language. Words for the keys the rules
keep (phases, classes, sides, weather) are marked with ``N_`` where they are listed and
translated where they are read.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action
from hexfront.i18n import N_, NP_, _, _n, _p

from . import catalog
from .place_names import shown_name

PHASE_NAMES = {
    "setup": N_("Setup"),
    "deploy": N_("Deployment by hand (setup)"),
    "supply": N_("Supply Phase (7.2)"),
    "production": N_("Production Phase (7.3)"),
    "rail": N_("Strategic Rail Movement (7.4)"),
    "movement": N_("Movement Phase (7.5)"),
    "reaction": N_("Defender Reaction (7.6)"),
    "combat": N_("Combat Phase (7.7)"),
    "blitz": N_("Blitz Phase (7.8)"),
    "blitz_combat": N_("Blitz combat (7.8)"),
    "final_supply": N_("Final Supply Status (7.9)"),
    "exploitation": N_("Armor Exploitation (7.10)"),
    "victory": N_("Victory Phase (7.11)"),
}

MONTHS = (
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
)


# The words a player reads for the keys the rules keep (never the keys themselves).
SIDE_WORDS = {"axis": N_("Axis"), "soviet": N_("Soviet")}
SIDE_PLAYERS = {"axis": N_("the Axis"), "soviet": N_("the Soviets")}
SIDE_PLAYER_ONE = {"axis": N_("the Axis player"), "soviet": N_("the Soviet player")}
A_BLOCK = {"axis": N_("an Axis block"), "soviet": N_("a Soviet block")}
POWER_WORDS = {
    "germany": N_("Germany"),
    "ussr": N_("the USSR"),
    "finland": N_("Finland"),
    "romania": N_("Romania"),
    "hungary": N_("Hungary"),
    "italy": N_("Italy"),
    "slovakia": N_("Slovakia"),
    "persia": N_("Persia"),
    "uk": N_("Britain"),
    "usa": N_("the USA"),
}
# The same names as a sentence reads them: French and Italian put the article before a
# country ("l'Allemagne", "la Romania"), which the small word before it then joins ("à
# l'Allemagne", "alla Romania", "du Royaume-Uni", hexfront.i18n.joined); English and Spanish
# read them as above. Labels ("Germany: ...", "armour (Germany)") keep the bare names.
POWER_IN_TEXT = "country in a sentence"
POWER_TEXT_WORDS = {
    "germany": NP_("country in a sentence", "Germany"),
    "ussr": NP_("country in a sentence", "the USSR"),
    "finland": NP_("country in a sentence", "Finland"),
    "romania": NP_("country in a sentence", "Romania"),
    "hungary": NP_("country in a sentence", "Hungary"),
    "italy": NP_("country in a sentence", "Italy"),
    "slovakia": NP_("country in a sentence", "Slovakia"),
    "persia": NP_("country in a sentence", "Persia"),
    "uk": NP_("country in a sentence", "Britain"),
    "usa": NP_("country in a sentence", "the USA"),
}
NATION_WORDS = {
    "germany": N_("German"),
    "ussr": N_("Soviet"),
    "finland": N_("Finnish"),
    "romania": N_("Romanian"),
    "hungary": N_("Hungarian"),
    "italy": N_("Italian"),
    "slovakia": N_("Slovak"),
    "uk": N_("British"),
    "usa": N_("American"),
}
CLASS_WORDS = {
    "air_hq": N_("air HQ"),
    "armor_hq": N_("armour HQ"),
    "navy_hq": N_("naval HQ"),
    "supreme_hq": N_("supreme HQ"),
    "tank": N_("armour"),
    "artillery": N_("artillery"),
    "heavy_artillery": N_("heavy artillery"),
    "bomber": N_("bomber"),
    "strategic_bomber": N_("strategic bomber"),
    "fighter": N_("fighter"),
    "cavalry": N_("cavalry"),
    "infantry": N_("infantry"),
    "static_infantry": N_("static infantry"),
    "marine": N_("marines"),
    "mountain": N_("mountain infantry"),
    "paratrooper": N_("paratroopers"),
    "security": N_("security troops"),
    "submarine": N_("submarine"),
    "tankette": N_("mechanized"),
}
WEATHER_WORDS = {
    "good": N_("good"),
    "rain": N_("rain"),
    "light_rain": N_("light rain"),
    "mud": N_("mud"),
    "snow": N_("snow"),
    "frost": N_("frost"),
    "storm": N_("storm"),
}
MOVE_WORDS = {
    "move": N_("{who} moves: {route}"),
    "rail": N_("{who} goes by rail: {route}"),
    "fly": N_("{who} flies: {route}"),
    "rebase": N_("{who} rebases: {route}"),
    "retreat": N_("{who} retreats: {route}"),
    "react": N_("{who} flies to the battle: {route}"),
    "blitz": N_("{who} blitzes: {route}"),
    "air_evacuation": N_("{who} flies off its overrun airbase: {route}"),
    "follow": N_("{who} follows the blitz: {route}"),
    "redeploy": N_("{who} is set up again: {route}"),
}


def _key_words(table: dict[str, str], key: object) -> str:
    """The translated word for a key, or the key with its underscores as spaces."""
    k = str(key)
    return _(table[k]) if k in table else k.replace("_", " ")


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def side_word(side: object) -> str:
    """A side key as an adjective: "Axis", "Soviet"."""
    k = str(side)
    return _(SIDE_WORDS[k]) if k in SIDE_WORDS else k.replace("_", " ").title()


def side_player(side: object) -> str:
    """A side key as the players: "the Axis", "the Soviets"."""
    k = str(side)
    return _(SIDE_PLAYERS[k]) if k in SIDE_PLAYERS else side_word(side)


def side_player_one(side: object) -> str:
    """ "the Axis player", "the Soviet player"."""
    k = str(side)
    return _(SIDE_PLAYER_ONE[k]) if k in SIDE_PLAYER_ONE else side_word(side)


TURN_OF = {"axis": N_("the Axis player's turn"), "soviet": N_("the Soviet player's turn")}


def turn_of(side: object) -> str:
    """ "the Axis player's turn"."""
    k = str(side)
    return _(TURN_OF[k]) if k in TURN_OF else side_word(side)


def power_word(power: object) -> str:
    k = str(power)
    return _(POWER_WORDS[k]) if k in POWER_WORDS else k.replace("_", " ").title()


def power_in_text(power: object) -> str:
    """A power's name inside a sentence: with its article where the language wants one."""
    k = str(power)
    return _p(POWER_IN_TEXT, POWER_TEXT_WORDS[k]) if k in POWER_TEXT_WORDS else power_word(power)


def nation_word(nation: object) -> str:
    return _(NATION_WORDS[str(nation)]) if str(nation) in NATION_WORDS else str(nation).title()


def class_word(cls: object) -> str:
    return _key_words(CLASS_WORDS, cls)


def weather_word(weather: object) -> str:
    return _key_words(WEATHER_WORDS, weather)


def phase_name(phase: object) -> str:
    return _key_words(PHASE_NAMES, phase)


def a_block(side: object) -> str:
    """A block whose identity the reader does not know: "an Axis block", "a Soviet block"."""
    k = str(side)
    return _(A_BLOCK[k]) if k in A_BLOCK else _("a block")


def in_words(text: object) -> str:
    """A verdict or detail with the side keys in it said as words."""
    out = re.sub(r"\b(axis|soviet)\b", lambda m: side_word(m.group(1)), str(text))
    return cap(out)


# 7.11: the verdicts and details that rules/victory.py writes, read back as words.
_OUTCOMES = {
    "draw": N_("draw"),
    "axis victory": N_("Axis victory"),
    "soviet victory": N_("Soviet victory"),
    "axis decisive victory": N_("Axis decisive victory"),
    "soviet decisive victory": N_("Soviet decisive victory"),
    "axis marginal victory": N_("Axis marginal victory"),
    "soviet marginal victory": N_("Soviet marginal victory"),
}


def outcome_words(outcome: object) -> str:
    """A game's outcome ("soviet marginal victory") in words."""
    k = str(outcome).lower()
    return cap(_(_OUTCOMES[k])) if k in _OUTCOMES else in_words(outcome)


def detail_words(detail: object) -> str:
    """The detail of a verdict in words (the rules' sentence, read back by its pattern)."""
    text = str(detail)
    m = re.fullmatch(r"(axis|soviet) holds (\d+) of (\d+) objectives", text)
    if m:
        return _(
            "{side} holds {n} of {total} objectives",
            side=side_player(m.group(1)),
            n=m.group(2),
            total=m.group(3),
        )
    m = re.fullmatch(r"Axis victory points: (-?\d+)", text)
    if m:
        return _("Axis victory points: {vp}", vp=m.group(1))
    m = re.fullmatch(r"(axis|soviet) holds (.+)", text)
    if m:
        held = ", ".join(place_name(p) for p in m.group(2).split(", "))
        return _("{side} holds {places}", side=side_player(m.group(1)), places=held)
    m = re.fullmatch(r"(.+) is cut off from Siberia", text)
    if m:
        return _("{place} is cut off from Siberia", place=place_name(m.group(1)))
    m = re.fullmatch(r"(.+) is surrounded", text)
    if m:
        return _("{place} is surrounded", place=place_name(m.group(1)))
    fixed = {
        "no objective reached": N_("no objective reached"),
        "Germany surrendered (sudden death)": N_("Germany surrendered (sudden death)"),
        "the Soviet Union surrendered": N_("the Soviet Union surrendered"),
    }
    return cap(_(fixed[text])) if text in fixed else in_words(text)


BOX_MARK = "\x00box:"  # marks an off-map box's name among the places' names


@cache
def _place_names() -> dict[str, str]:
    """Hex (or box) id -> the name of the city or site in it."""
    from hexfront.engine.errors import UnknownGame

    from .world import _map

    try:
        bite_map = _map()
    except UnknownGame:  # no mapboard in this build: bare hex ids
        return {}
    names = {str(bite_map.id_of(node)): str(p.name) for node, p in bite_map.place_at.items()}
    # An off-map box (Siberia, Murmansk ...) is named alone: its id is a map key, not a hex.
    names.update({box_id: f"{BOX_MARK}{box.name}" for box_id, box in bite_map.boxes.items()})
    return names


def place(hex_id: object) -> str:
    """A hex as a player names it: its place name (in the reader's language) and id where
    it has a name, else its id.

    >>> place("2020"), place("1921")
    ('Insterburg (2020)', '1921')
    """
    hid = str(hex_id)
    name = _place_names().get(hid)
    if name and name.startswith(BOX_MARK):
        return shown_name(name[len(BOX_MARK) :])
    return f"{shown_name(name)} ({hid})" if name and name != hid else hid


def place_name(name: object) -> str:
    """A place's or box's map name (as events and verdicts carry it) as the reader's
    language names it (``place_names``: "Moscow" is "Mosca" in Italian)."""
    return shown_name(str(name)) if name is not None else ""


def month_of(turn: int) -> str:
    """Turn 1 is June 1941 (3.13).

    >>> month_of(1), month_of(7), month_of(49)
    ('June 1941', 'December 1941', 'June 1945')
    """
    year = 1941 + (turn + 4) // 12
    return f"{_(MONTHS[(turn - 1) % 12])} {year}"


class Names:
    """The blocks one side's view lets it name: its own (on the map and off it) and the
    enemy blocks it shows revealed. Every other block is "a Soviet block" or "an Axis block".
    """

    def __init__(self, view: dict[str, JSON] | None) -> None:
        self.side = str(view.get("side")) if view is not None else None
        self.by_id: dict[str, str] = {}
        self.by_handle: dict[str, str] = {}
        if view is None:
            return
        entries: list[Any] = list(view.get("units") or [])
        pools = view.get("pools") or {}
        if isinstance(pools, dict):
            for listed in pools.values():
                entries.extend(listed if isinstance(listed, list) else [])
        for u in entries:
            if isinstance(u, dict) and "name" in u:
                self.by_id[str(u.get("id"))] = str(u["name"])
                self.by_handle[str(u.get("handle"))] = str(u["name"])

    def block(self, handle: object, side: object) -> str:
        """A block by its handle: its name if the reader may know it."""
        return self.by_handle.get(str(handle)) or a_block(side)

    def unit(self, uid: object) -> str:
        """An own unit by id (actions and events addressed to its side name only those)."""
        return self.by_id.get(str(uid)) or _unit_name(uid)


_last_names: list[tuple[object, Names]] = []


def names_in(view: dict[str, JSON] | None) -> Names:
    """The :class:`Names` of a view, made once for the last view asked about."""
    if _last_names and _last_names[0][0] is view:
        return _last_names[0][1]
    names = Names(view)
    _last_names[:] = [(view, names)]
    return names


def _unit_line(u: dict[str, Any], moving: bool = False) -> str:
    if "name" not in u:
        line = a_block(u["side"])
        if u.get("flying_from"):
            line = _("{block} flying from {place}", block=line, place=place(u["flying_from"]))
        if u.get("oos"):
            line = _("{block} (out of supply)", block=line)
        return line
    bits = [
        _(
            "{name} ({nation} {cls}), strength {strength}",
            name=u["name"],
            nation=nation_word(u["nation"]),
            cls=class_word(u["cls"]),
            strength=u["strength"],
        )
    ]
    if u.get("half_hit"):
        bits.append(_("half hit"))
    if u.get("oos"):
        bits.append(_("out of supply"))
    if u.get("flying_from"):
        bits.append(_("flying from {place}", place=place(u["flying_from"])))
    if moving and "mp_left" in u:
        bits.append(_("{mp} MP", mp=u["mp_left"]))
    return ", ".join(bits)


POOL_WORDS = {
    "pool": N_("Your units to come: {names}"),
    "held": N_("Your units held back: {names}"),
    "eliminated": N_("Your eliminated units: {names}"),
    "disbanded": N_("Your disbanded units: {names}"),
    "removed": N_("Your units out of the game: {names}"),
}


ENEMY_POOL_WORDS = {
    "pool": N_("{n} to come"),
    "held": N_("{n} held back"),
    "eliminated": N_("{n} eliminated"),
    "disbanded": N_("{n} disbanded"),
    "removed": N_("{n} out of the game"),
}


def render(view: dict[str, JSON]) -> str:
    """A readable summary of what one side sees."""
    v: dict[str, Any] = dict(view)
    turn = int(v["turn"])
    lines = [
        _(
            "Turn {turn} of {last} ({month}), weather {weather}; {player}: {phase}",
            turn=turn,
            last=v["last_turn"],
            month=month_of(turn),
            weather=weather_word(v["weather"]),
            player=turn_of(v["phasing"]),
            phase=phase_name(v["phase"]),
        ),
        _("PP: {amounts}", amounts=", ".join(f"{power_word(k)} {n}" for k, n in v["pp"].items()))
        if v["pp"]
        else _("PP: none"),
    ]
    by_hex: dict[str, list[str]] = defaultdict(list)
    for u in v["units"]:
        mine = u["side"] == v["side"]
        line = _unit_line(u)
        by_hex[str(u["hex"])].append(
            "  " + (_("you: {unit}", unit=line) if mine else _("enemy: {unit}", unit=line))
        )
    lines.append(_("Map:"))
    for hex_id in sorted(by_hex):
        lines.append(f" {place(hex_id)}")
        lines.extend(by_hex[hex_id])
    pools = v.get("pools") or {}
    for status, units in pools.items():
        listed = ", ".join(u["name"] for u in units)
        if status in POOL_WORDS:
            lines.append(_(POOL_WORDS[status], names=listed))
        else:
            lines.append(f"{status.replace('_', ' ')}: {listed}")
    if v.get("enemy_pools"):
        counts = ", ".join(
            _(ENEMY_POOL_WORDS[k], n=n) if k in ENEMY_POOL_WORDS else f"{n} {k.replace('_', ' ')}"
            for k, n in v["enemy_pools"].items()
        )
        lines.append(_("Enemy blocks off the map: {counts}", counts=counts))
    if v.get("result"):
        result = v["result"]
        lines.append(_("RESULT: {verdict}", verdict=verdict_words(result)))
    return "\n".join(lines)


def verdict_words(result: dict[str, Any]) -> str:
    """A game's result in words: "Soviet marginal victory (Axis victory points: 3)"."""
    outcome = outcome_words(result.get("outcome", ""))
    if result.get("detail"):
        return f"{outcome} ({detail_words(result['detail'])})"
    return outcome


def describe(action: Action, view: dict[str, JSON] | None = None) -> str:
    """One line in words for an action."""
    a = action.args
    names = names_in(view)
    hq_line = _hq_action_words(action, names)  # 13.0-13.8: the block at the end
    if hq_line is not None:
        return hq_line
    who = names.unit(a["unit"]) if "unit" in a else _("a block")
    to = place(a["to"]) if "to" in a else ""
    at = place(a["hex"]) if "hex" in a else ""
    match action.verb:
        case "move":
            return _("move {who} to {to}", who=who, to=to)
        case "rail":
            return _("rail {who} to {to} (1 PP)", who=who, to=to)
        case "fly":
            return _("fly {who} to {to}", who=who, to=to)
        case "rebase":
            return _("rebase {who} to {to}", who=who, to=to)
        case "react":
            return _("send {who} to the battle at {to}", who=who, to=to)
        case "repair" if _advanced(view):
            return _("repair {who}: {cost}", who=who, cost=_step_cost(a))
        case "repair":
            return _("repair {who} ({pp} PP)", who=who, pp=a["pp"])
        case "rebuild" if _advanced(view):
            return _("rebuild {who} at {at}: {cost}", who=who, at=at, cost=_step_cost(a))
        case "rebuild":
            return _("rebuild {who} at {at} ({pp} PP)", who=who, at=at, pp=a["pp"])
        case "place":
            return _("place {who} at {at}", who=who, at=at)
        case "disband":
            return _("disband {who} (+1 PP next turn)", who=who)
        case "aid" if _advanced(view):
            colour = str(a.get("colour") or "yellow")
            return _(AID_WORDS.get(colour, AID_WORDS["yellow"]), power=power_in_text(a["to"]))
        case "aid":
            return _("give 1 PP to {power}", power=power_in_text(a["to"]))
        case "build_project":  # long scenarios: Soviet infrastructure
            return _(
                "build the {project} ({pp} PP)",
                project=_(PROJECT_WORDS.get(str(a["project"]), N_("new line"))),
                pp=a["pp"],
            )
        case "raid":  # 35.1
            return _(
                "send {who} over {at} ({pp} PP made there this turn)",
                who=_asset_name(a["unit"]),
                at=at,
                pp=a.get("pp"),
            )
        case "intercept":  # 35.1
            return _(
                "send {who} against the bombers over {at}", who=_asset_name(a["unit"], who), at=at
            )
        case "stay":  # 35.1
            return _("keep {who} out of the air war", who=_asset_name(a["unit"], who))
        case "repair_interceptor":  # 35.1
            return _(
                "repair the interceptors {who}: {cost}",
                who=_asset_name(a["unit"]),
                cost=_step_cost(a),
            )
        case "build_plant":  # SBE9 industrial development (15.1)
            return _(
                "put 1 yellow PP into a new {kind} plant of {power}",
                kind=_(PLANT_WORDS.get(str(a["colour"]), N_("factory"))),
                power=power_in_text(a["power"]),
            )
        case (
            "start_factory" | "build_factory" | "place_factory" | "repair_centre" | "evacuate"
        ):  # 15.1, 16.0, 16.2
            return _factory_action(action.verb, a)
        case "escort" | "scramble":  # 23.0, 32.0: a raid's escorts, its interceptors
            fighters = [names.unit(u) for u in a.get("units") or []]
            key = (action.verb, bool(fighters))
            return _(RAID_ACTIONS[key], who=", ".join(fighters), at=at)
        case "bomb":  # 32.0
            return _(
                "bomb the {target} of {city} with {who}, facing its anti-aircraft fire",
                target=_(BOMB_TARGET_WORDS.get(str(a.get("target")), N_("targets"))),
                city=place(a.get("hex")),
                who=who,
            )
        case "volkssturm":  # 28.0
            return _("raise {who} as Volkssturm at {at}, free at one step", who=who, at=at)
        case "chechens":  # 30.0
            return _("raise the Chechen revolutionaries at {at}, free at full strength", at=at)
        case "partisan":  # 29.1
            return _("place a partisan at {at}", at=at)
        case "reserve" if a.get("mode") == "reaction":  # 31.0
            return _(
                "hold {who} in reserve with {hq}, to reinforce a battle in the enemy's turn",
                who=who,
                hq=names.unit(a["hq"]),
            )
        case "reserve":  # 31.0
            return _(
                "hold {who} in reserve with {hq}, to move in the Exploitation Phase",
                who=who,
                hq=names.unit(a["hq"]),
            )
        case "sail" | "airdrop" | "land" | "reembark":  # 18.0, 23.0, 24.0
            return _sea_air_action(action.verb, a, names, who, to)
        case "fight":
            return _("fight the battle at {at}", at=at)
        case "hit":
            return _("take the hit on {who}", who=who)
        case "retreat":
            return _("retreat {who} to {to}", who=who, to=to)
        case "blitz":
            return _("blitz {who} into {to}", who=who, to=to)
        case "follow":
            return _("follow with {who} to {to}", who=who, to=to)
        case "eliminate" if a.get("overstack"):
            return _(
                "eliminate {who}: it stands over the stacking limits and cannot move (3.10)",
                who=who,
            )
        case "eliminate" if a.get("retreat"):
            return _("retreat {who} with nowhere to go: it is eliminated (7.7.17)", who=who)
        case "eliminate":
            return _("eliminate {who}", who=who)
        case "stand":
            return _("stand and fight on")
        case "target":  # 19.2
            return _("aim the next hit at {who} (19.2)", who=who)
        case "recon":  # 19.1
            return _("scout {at} from the air with {hq} (19.1)", at=at, hq=names.unit(a["hq"]))
        case "charge" if a.get("kind") == "panzers":  # 21.0
            return _("declare a Panzers Attack!: the armour fires first and takes the first hits")
        case "charge" if a.get("barbo"):  # 20.0
            return _("declare a Cavalry Charge! led by Gruppo Barbò, with three more dice (once)")
        case "charge":  # 20.0
            return _("declare a Cavalry Charge!: the cavalry fires first and takes the first hits")
        case "no_charge":
            return _("fight as usual, without a special attack")
        case "end_ground":
            return _("end ground movement (then air units)")
        case "done":
            return _("done with this phase")
        case "pick":
            return _("move {who}", who=who)
        case "deploy":
            return _("deploy {who} at {at}", who=who, at=at)
        case "cancel":
            return _("choose another block")
        case "reset":
            return _("back to the standard deployment")
        case "strength":  # 1942-44 setups: the chart's steps shared out by hand
            return _("start {who} at strength {strength}", who=who, strength=a["strength"])
    words = action.verb.replace("_", " ")
    return f"{words} {who}" if "unit" in a else words


# The prompts the rules write (rules/*.py), said in the player's language by their kind and
# data; a prompt this module does not know is shown as the rules wrote it.
PROMPT_WORDS = {
    "blitz": N_("Blitz with armour (and follow with guns and planes), then done."),
    "air_rebase": N_("Return air units to airbases."),
    "reaction": N_("Send air units to the battles, then done."),
    "rail": N_("Strategic rail moves (1 PP or 1 Supreme HQ action point each), then done."),
    "choose_battle": N_("Choose the next battle to fight."),
    "romania_hungary": N_(
        "Romanians and Hungarians cannot fight side by side: eliminate one unit."
    ),
    "exploit": N_("Exploit with supplied armour (no attacks), then done."),
    "charge": N_(
        "Declare a special attack: your chargers fire before the defender's ground units, "
        "but take his hits first; or fight as usual."
    ),
    "production": N_("Spend PP: repair, rebuild, place reinforcements; then done."),
    "factory_site": N_(  # 15.1
        "Your new factory is finished: the die on the production tracker named these "
        "cities; choose the one it stands in (15.1)."
    ),
    "airwar_targets": N_(  # 35.1
        "Air war over Germany (35.1): send this Western bomber over a German factory city "
        "(at most two bombers a city), or keep the rest at home."
    ),
    "airwar_interceptors": N_(  # 35.1
        "Air war over Germany (35.1): send this fighter against the bombers over one of "
        "the raided cities, or keep it out of the fight."
    ),
    "escorts": N_(  # 23.0, 32.0
        "Choose fighters to escort the raid (23.0, 32.0): they meet the enemy's "
        "interceptors and take the hits before the raid's own aircraft; or send none."
    ),
    "interceptors": N_(  # 23.0, 32.0
        "An enemy raid is coming (23.0, 32.0): choose fighters to intercept it before "
        "your anti-aircraft fire; or let it pass."
    ),
    "strategic_bombing": N_(  # 32.0
        "Strategic bombing (32.0): send a bomber against an enemy factory, centre, port or "
        "rail station in its range, facing his anti-aircraft fire; then done."
    ),
    "overstack": N_(
        "Some hexes hold more units than the stacking limits allow (3 ground units, at "
        "most 2 of them combat units) and they could not move out: choose a unit to "
        "eliminate, until every hex is within the limits (3.10)."
    ),
}


def prompt_words(prompt: dict[str, Any] | None) -> str:
    """What the deciding side is asked, in words, from the prompt's kind and data."""
    if not prompt:
        return ""
    hq_hint = _hq_prompt_hint(prompt)  # 13.0-13.8: the block at the end
    if hq_hint is not None:
        rest = {k: v for k, v in dict(prompt.get("data") or {}).items() if k != "hq"}
        return f"{prompt_words({**prompt, 'data': rest})} {hq_hint}"
    kind = str(prompt.get("kind"))
    text = str(prompt.get("text", ""))
    data: dict[str, Any] = dict(prompt.get("data") or {})
    if kind == "production" and data.get("lend_lease"):  # 34.0
        return _(
            "Spend PP: repair, rebuild, place reinforcements; then done. Lend-Lease armour "
            "and air PP pay such steps alone, in any linked major city, and are lost when "
            "you are done (34.0)."
        )
    if kind in PROMPT_WORDS:
        return _(PROMPT_WORDS[kind])
    if kind == "move":
        line = _("Move ground units; then end ground movement.")
        if text.startswith("Some units must move first"):
            first = _(
                "Some units must move first: out of overstacked hexes (3.10, 7.3.2) "
                "or out of neutral Finland (5.5)."
            )
            line = f"{first} {line}"
        return line
    if kind == "air":
        line = _("Fly air missions or rebase; then done.")
        if text.startswith("Fly air missions, rebase or scout"):  # 19.1
            line = _("Fly air missions, rebase or scout enemy hexes from the air; then done.")
        if text.startswith("Air units in neutral Finland"):
            first = _("Air units in neutral Finland must rebase out of it first (5.5).")
            line = f"{first} {line}"
        return line
    if kind == "allocate_hit":
        return _(
            "Take the next hit ({left} left) on one of your strongest units.",
            left=data.get("hits_left", "?"),
        )
    if kind == "target_hit":  # 19.2
        return _(
            "Your guns and planes pick their target: choose which of the enemy's strongest "
            "units takes the next hit ({left} left).",
            left=data.get("hits_left", "?"),
        )
    if kind == "retreat":
        line = (
            _("Retreat air units from the battle, or stand.")
            if text.startswith("Retreat air units")
            else _("Retreat units from the battle, or stand.")
        )
        if "nowhere to go" in text:
            line += " " + _("A unit with nowhere to go may still retreat: it is eliminated.")
        return line
    if kind == "deploy":
        m = re.fullmatch(r"Where should (.+) stand\?", text)
        if m:
            return _("Where should {name} stand?", name=m.group(1))
        line = _("Deploy by hand: choose a block to move, then done.")
        problems = [str(p) for p in data.get("problems") or []]
        if problems:
            line += " " + _(
                "Not yet legal: {problems}", problems="; ".join(map(_problem, problems))
            )
        return line
    return text


def _problem(text: str) -> str:
    """A deployment problem (rules/deploy.py, deployment.check_chart_deployment) in words:
    read back by its pattern, as the rules word it, and said again in the player's language
    without unit ids or zone keys."""
    m = re.fullmatch(r"(\d+) border hexes neither held by nor next to a Soviet unit: (.*)", text)
    if m:
        return _(
            "{n} border hexes neither held by nor next to a Soviet unit: {hexes}",
            n=m.group(1),
            hexes=m.group(2),
        )
    for pattern, make in _CHART_PROBLEMS:
        m = re.fullmatch(pattern, text)
        if m:
            return make(m)
    return text


# deployment.ADJECTIVES, read back into powers (the 1942-44 charts' lines).
_ADJECTIVE_POWERS = {
    "German": "germany",
    "Italian": "italy",
    "Finnish": "finland",
    "Romanian": "romania",
    "Hungarian": "hungary",
    "Slovak": "slovakia",
    "Soviet": "ussr",
}


def _chart_line(what: str) -> str:
    """ "German static infantry" (a Scenario Setup Chart's line) -> "static infantry (Germany)"."""
    adjective, _sep, kind = what.partition(" ")
    key = kind.replace(" ", "_")
    words = _(CLASS_WORDS[key]) if key in CLASS_WORDS else kind
    power = _ADJECTIVE_POWERS.get(adjective)
    if power is None:
        return what
    return _("{kind} ({power})", kind=words, power=power_word(power))


def _why_not_here(why: str) -> str:
    """deployment.front_rule's reasons (the 1942-44 start lines), without zone keys."""
    if why.startswith("air units need an airbase city"):
        return _("air units need an airbase city (3.4)")
    if why.startswith("Axis units deploy behind"):
        return _("Axis units deploy behind the Axis start line")
    if why.startswith("Soviet units deploy on the Soviet side"):
        return _("Soviet units deploy on the Soviet side of the start line")
    return why


def _hexes_in_words(hexes: str) -> str:
    return ", ".join(h if h == "…" else place(h) for h in hexes.split(", "))


_CHART_PROBLEMS: list[tuple[str, Callable[[re.Match[str]], str]]] = [
    (
        r"(.+): (\d+) blocks, the chart has none",
        lambda m: _n(
            "{what}: {n} block, where the chart has none",
            "{what}: {n} blocks, where the chart has none",
            int(m[2]),
            what=_chart_line(m[1]),
        ),
    ),
    (
        r"(.+): (\d+) blocks, the chart has (\d+)",
        lambda m: _n(
            "{what}: {n} block, where the chart has {chart}",
            "{what}: {n} blocks, where the chart has {chart}",
            int(m[2]),
            what=_chart_line(m[1]),
            chart=m[3],
        ),
    ),
    (
        r"(.+): (\d+) steps, more than the chart's (\d+)",
        lambda m: _(
            "{what}: {n} steps, more than the chart's {chart}",
            what=_chart_line(m[1]),
            n=m[2],
            chart=m[3],
        ),
    ),
    (
        r"(.+) cannot start at strength (\d+) \((.+)\)",
        lambda m: _(
            "{name} cannot start at strength {strength} (it may start at {allowed})",
            name=m[1],
            strength=m[2],
            allowed=m[3],
        ),
    ),
    (
        r"(\d+) (axis|soviet) hexes along the start line are empty: (.+)",
        lambda m: _(
            "{n} hexes along the start line are still empty for {side}: {hexes}",
            n=m[1],
            side=side_player(m[2]),
            hexes=_hexes_in_words(m[3]),
        ),
    ),
    (
        r"a Soviet ground unit must hold (.+)",
        lambda m: _("a Soviet ground unit must hold {place}", place=m[1]),
    ),
    (
        r"(\d+) German mountain units must stand in Norway, Sweden or Finland \((\d+) do\)",
        lambda m: _(
            "{n} German mountain units must stand in Norway, Sweden or Finland ({north} do)",
            n=m[1],
            north=m[2],
        ),
    ),
    (
        r"(\d+) German mountain units must stand in Norway, Sweden or Finland",
        lambda m: _("{n} German mountain units must stand in Norway, Sweden or Finland", n=m[1]),
    ),
    (
        r"(\w+): both sides in one hex \(.*\)",
        lambda m: _("{hex}: both sides in one hex", hex=place(m[1])),
    ),
    (
        r"(\w+): more than 3 ground / 2 combat units \(.*\)",
        lambda m: _("{hex}: more than 3 ground units or 2 combat units (3.10)", hex=place(m[1])),
    ),
    (
        r"(\w+): more than 1 air unit \(.*\)",
        lambda m: _("{hex}: more than 1 air unit (3.4)", hex=place(m[1])),
    ),
    (
        r"(\w+): air unit outside an airbase city \(.*\)",
        lambda m: _("{hex}: an air unit outside an airbase city (3.4)", hex=place(m[1])),
    ),
    (
        r"(.+) at (\w+): (.+)",
        lambda m: _("{name} at {hex}: {why}", name=m[1], hex=place(m[2]), why=_why_not_here(m[3])),
    ),
]


# The combat steps of a round (7.7.1-7.7.5), as a player says them.
STEP_NAMES = {
    "a2a": N_("air-to-air combat"),
    "aa": N_("anti-aircraft fire"),
    "a2g": N_("air-to-ground combat"),
    "artillery": N_("artillery fire"),
    "ground": N_("ground combat"),
}
HIT_RESULTS = {
    "half": N_("a half hit (the next hit costs it a step)"),
    "reduced": N_("loses a step"),
    "eliminated": N_("eliminated"),
    "absorbed": N_("no effect (already at its lowest strength)"),
}


WHY_WORDS = {
    "combat": N_("it lost its last step in battle (7.7)"),
    "could not retreat (7.7.17)": N_(
        "no retreat path: it had to fall back and no hex was open to it (7.7.17)"
    ),
    "retreated with nowhere to go (7.7.17)": N_(
        "no retreat path: it retreated with no hex open to it (7.7.17)"
    ),
    "support unit alone against combat units (7.7.10)": N_(
        "a support unit left alone against combat units (7.7.10)"
    ),
    "romanians and hungarians (5.3)": N_(
        "Romanians and Hungarians cannot fight side by side (5.3)"
    ),
    "no airbase in range (7.7.16)": N_("no airbase in range to fly back to (7.7.16)"),
    "no airbase in range (7.8.1)": N_("no airbase in range after the blitz (7.8.1)"),
    "air evacuation failed": N_("its airbase was overrun and no airbase was in range (7.7.16)"),
    "frozen on its airbase, unable to evacuate (3.21)": N_(
        "frozen on its airbase, it could not fly off (3.21)"
    ),
    "overstacked and unable to move (3.10)": N_("overstacked, with nowhere to move (3.10)"),
    # HQ, fuel and movement (13.6, 13.8.1)
    "deactivated on its last step (13.6)": N_(
        "deactivated on its last step, it leaves the map until rebuilt (13.6)"
    ),
    "its home city has fallen (13.8.1)": N_("its city fell to the enemy (13.8.1)"),
    # naval moves, airborne assaults and landings (18.1, 23.0, 24.0)
    "sunk by a mine at sea (18.1)": N_("its transport hit a mine and sank (18.1)"),
    "destroyed dropping onto armour held in reserve (23.0)": N_(
        "it dropped on armour held in reserve and was destroyed (23.0)"
    ),
    "shot down in its airborne assault (23.0)": N_(
        "its drop was shot down by anti-aircraft fire (23.0)"
    ),
    "lost in its landing (24.0)": N_("lost in its landing from the sea (24.0)"),
    "shot down over Germany by Western bombers (35.1)": N_(
        "shot down by the Western bombers over Germany (35.1)"
    ),
    "shot down by anti-aircraft fire over its target (32.0)": N_(
        "shot down by anti-aircraft fire over its target (32.0)"
    ),
    "surrendered after a failed desperate attack (12.4.1)": N_(
        "it surrendered after its desperate attack failed (12.4.1)"
    ),
}


def why_words(why: object) -> str:
    """Why a block was eliminated, in words with its rule (mirrors web/src/text.ts).

    >>> why_words("could not retreat (7.7.17)")
    'no retreat path: it had to fall back and no hex was open to it (7.7.17)'
    """
    return _key_words(WHY_WORDS, why or "")


def _fire_line(data: dict[str, Any]) -> str:
    """A fire event in words (7.7): who fires, in which step and round, and what it scored."""
    where = _("round {round}", round=data.get("round", "?"))
    if data.get("air_round"):
        where = _(
            "round {round}, air-to-air round {air}",
            round=data.get("round", "?"),
            air=data["air_round"],
        )
    face = int(data["hit_on"])
    needs = "6" if face >= 6 else f"{face}-6"
    mods = []
    if data.get("mali"):
        mods.append(_n("{n} Malus: fewer dice", "{n} Mali: fewer dice", int(data["mali"])))
    if data.get("boni"):
        mods.append(_n("{n} Bonus: more faces hit", "{n} Boni: more faces hit", int(data["boni"])))
    line = _(
        "{name} ({side}) fires in {step}, {where}: dice {dice}, hitting on {needs}",
        name=data["name"],
        side=side_word(data["side"]),
        step=_key_words(STEP_NAMES, data["step"]),
        where=where,
        dice=", ".join(map(str, data["dice"])),
        needs=needs,
    )
    if data.get("extra"):  # 20.0, 22.0, 25.0: dice over the unit's steps
        mods.append(_n("{n} extra die", "{n} extra dice", int(data["extra"])))
    if mods:
        line += f" ({', '.join(mods)})"
    return "  " + line + ": " + _n("{n} hit", "{n} hits", int(data["hits"]))


RECON_WORDS = {
    "interdicted": N_(
        "{side} air reconnaissance over {place}: the defender's anti-aircraft fire drives "
        "it off (19.1)"
    ),
    "failed": N_("{side} air reconnaissance over {place} sees nothing (19.1)"),
    "success": N_(
        "{side} air reconnaissance over {place} finds the defenders: they are shown face up (19.1)"
    ),
}
CHARGE_WORDS = {
    "cavalry": N_(
        "{side} Cavalry Charge! at {place}: the cavalry fires first and takes the first hits (20.0)"
    ),
    "barbo": N_(
        "{side} Cavalry Charge! at {place}, led by Gruppo Barbò with three more dice (20.0)"
    ),
    "panzers": N_(
        "{side} Panzers Attack! at {place}: the armour fires first and takes the first hits (21.0)"
    ),
}


# --- naval moves, airborne assaults and landings (optional rules 18.0, 23.0, 24.0) ---------

SEA_AIR_ACTIONS = {
    "sail": N_(
        "ship {who} by sea to {to}, ordered by {hq}: 1 action point, and a mine die on mined "
        "or enemy waters (18.0, 18.1)"
    ),
    "airdrop": N_(
        "drop {who} by parachute on {to}, ordered by {hq}: the hex's anti-aircraft fire hits "
        "it on the way down (23.0)"
    ),
    "glider": N_(
        "fly {who} by glider to {to} behind {bomber}, ordered by {hq}: the hex's "
        "anti-aircraft fire hits both (23.0)"
    ),
    "land": N_(
        "land {who} from the sea at {to} with {hq}: 1 action point and a mine die on mined or "
        "enemy waters (24.0)"
    ),
    "reembark": N_(
        "re-embark {who} for {to} with {hq}: 1 action point, one step lost and a mine die on "
        "mined or enemy waters (24.0)"
    ),
}

SEA_AIR_EVENTS = {
    "sea_move": {
        "arrives": N_("{who} goes by sea: {route} (18.0)"),
        "damaged": N_("{who} goes by sea: {route}; its transport hits a mine, a step lost (18.1)"),
        "sunk": N_("{who} goes by sea from {frm}: its transport hits a mine and sinks (18.1)"),
    },
    "airdrop": {
        "landed": N_("{who} drops from the air on {to}, {hits} hit(s) on the way down (23.0)"),
        "glider": N_("{who} lands by glider at {to}, {hits} hit(s) on the way in (23.0)"),
        "shot_down": N_("{who} is shot down dropping on {to} (23.0)"),
        "destroyed": N_("{who} drops on armour held in reserve at {to} and is destroyed (23.0)"),
    },
    "landing": {
        "landed": N_("{who} lands from the sea at {to} (24.0)"),
        "damaged": N_("{who} lands from the sea at {to}, a step lost to a mine on the way (24.0)"),
        "sunk": N_("{who} sails for {to} and is lost to a mine (18.1, 24.0)"),
        "lost": N_("{who} is lost landing at {to} (24.0)"),
    },
    "reembark": {
        "arrives": N_("{who} re-embarks at {frm} and sails back to {to} (24.0)"),
        "damaged": N_("{who} re-embarks at {frm} for {to}, a step lost to a mine (18.1, 24.0)"),
        "sunk": N_("{who} re-embarks at {frm} and is lost to a mine (18.1, 24.0)"),
    },
}


def _sea_air_action(verb: str, a: Mapping[str, JSON], names: Names, who: str, to: str) -> str:
    """A naval move, airborne assault, landing or re-embarkation in words."""
    key = "glider" if verb == "airdrop" and "bomber" in a else verb
    bomber = names.unit(a["bomber"]) if "bomber" in a else ""
    return _(SEA_AIR_ACTIONS[key], who=who, to=to, hq=names.unit(a.get("hq")), bomber=bomber)


def _sea_air_line(kind: str, data: dict[str, Any], names: Names) -> str:
    """A naval move, drop, landing or re-embarkation event in words (a block the reader
    may not name is an unnamed block)."""
    table = SEA_AIR_EVENTS[kind]
    result = str(data.get("result"))
    if kind == "airdrop" and result == "landed" and data.get("how") == "glider":
        result = "glider"
    words = table.get(result) or next(iter(table.values()))
    frm, to = place(data.get("frm")), place(data.get("to"))
    who = names.block(data.get("handle"), data.get("side"))
    route = f"{frm} → {to}"
    return cap(_(words, who=who, frm=frm, to=to, route=route, hits=data.get("hits", 0)))


def _optional_line(kind: str, data: dict[str, Any]) -> str:
    """The optional rules' battle events in words: air reconnaissance and charges."""
    args = {"side": side_word(data.get("side")), "place": place(data.get("hex"))}
    if kind == "recon":
        return _(RECON_WORDS.get(str(data.get("result")), RECON_WORDS["failed"]), **args)
    key = "barbo" if data.get("barbo") else str(data.get("attack"))
    return _(CHARGE_WORDS.get(key, CHARGE_WORDS["cavalry"]), **args)


def log_line(event: dict[str, JSON], view: dict[str, JSON] | None = None) -> str:
    """One logged event in words, for the side whose ``view`` it is read in (if given): own
    blocks and the enemy blocks that view shows revealed are named, others are not."""
    data: dict[str, Any] = dict(event.get("data", {}))
    kind = str(event.get("kind"))
    names = names_in(view)
    if kind == "roll":
        dice = data["dice"]
        shown = ", ".join(map(str, dice)) if isinstance(dice, list) else str(dice)
        return "  " + _("dice {dice}", dice=shown)
    if kind == "battle":
        if data.get("blitz"):
            return _("Battle at {place} (blitz)", place=place(data["hex"]))
        return _("Battle at {place}", place=place(data["hex"]))
    if kind == "battle_over":
        at = place(data["hex"])
        if data.get("winner") == "axis":
            return _("Battle at {place} over: the Axis holds it", place=at)
        if data.get("winner") == "soviet":
            return _("Battle at {place} over: the Soviets hold it", place=at)
        return _("Battle at {place} over: nobody holds it", place=at)
    if kind == "reveal":
        return "  " + _(
            "revealed: {name} ({side} {cls}, strength {strength})",
            name=data["name"],
            side=side_word(data["side"]),
            cls=class_word(data["cls"]),
            strength=data["strength"],
        )
    if kind == "fire":
        return _fire_line(data)
    if kind == "round":
        return _("Battle at {place}: round {round}", place=place(data["hex"]), round=data["round"])
    if kind == "hit":
        who = data.get("name") or names.unit(data["unit"])
        result = _key_words(HIT_RESULTS, data["result"])
        if data["result"] == "eliminated":
            return "  " + _("hit on {who}: {result}", who=who, result=result)
        return "  " + _(
            "hit on {who}: {result}, strength {strength}",
            who=who,
            result=result,
            strength=data["strength"],
        )
    if kind == "eliminated":
        who = data.get("name") or names.block(data.get("handle"), data.get("side"))
        return "  " + _("eliminated: {who} ({why})", who=who, why=why_words(data.get("why")))
    if kind == "recon":  # 19.1
        return _optional_line(kind, data)
    if kind == "charge":  # 20.0, 21.0
        return _optional_line(kind, data)
    if kind == "fortification_lost":  # BOX 1
        args = {"city": place_name(data["city"]), "side": side_player(data["side"])}
        if data["was"] == "fortress" and data["now"] == "bunker":
            return _("{city} falls to {side}: its fortress is now a bunker", **args)
        if data["was"] == "fortress":
            return _("{city} falls to {side}: its fortress is destroyed", **args)
        return _("{city} falls to {side}: its bunker is destroyed", **args)
    if kind == "turn":
        return "=== " + _(
            "Turn {turn} ({month}), weather {weather}",
            turn=data["turn"],
            month=month_of(int(data["turn"])),
            weather=weather_word(data["weather"]),
        )
    if kind == "side":
        return "--- " + cap(turn_of(data["side"]))
    if kind in SEA_AIR_EVENTS:  # 18.0, 23.0, 24.0
        return _sea_air_line(kind, data, names)
    if kind in MOVE_WORDS:
        path = data.get("path") or [data.get("frm"), data.get("to")]
        who = names.block(data.get("handle"), data.get("side"))
        route = " → ".join(place(h) for h in path if h is not None)
        return cap(_(MOVE_WORDS[kind], who=who, route=route))
    if kind == "game_over":
        return _("GAME OVER: {verdict}", verdict=verdict_words(data))
    return _other_line(kind, data, names)


def _unit_name(uid: object) -> str:
    """A block's printed name (own blocks only reach this: events addressed to a side)."""
    from .forces import DataError, unit

    try:
        return unit(str(uid)).name
    except (KeyError, ValueError, DataError):
        return _("a block")


def _other_line(kind: str, data: dict[str, Any], names: Names) -> str:
    """The less frequent events, each said in words (never keys or unit ids)."""
    hq_line = _hq_event_words(kind, data, names)  # 13.0-13.8: the block at the end
    if hq_line is not None:
        return hq_line[:1].upper() + hq_line[1:]
    side = data.get("side", "")
    where = place(data["hex"]) if "hex" in data else ""
    name = names.unit(data["unit"]) if "unit" in data else data.get("name") or _("a block")
    player = side_player_one(side)
    power = power_in_text(data.get("power", ""))
    line: str
    match kind:
        case "setup":
            line = _("Scenario {scenario} set up", scenario=data.get("scenario"))
        case "captured":
            line = _(
                "{city} ({hex}) taken by {side}",
                city=place_name(data.get("city")),
                hex=data.get("hex"),
                side=side_player(side),
            )
        case "factories_destroyed":
            line = _("the factories of {city} are destroyed", city=place_name(data.get("city")))
        case "deploy":
            line = _("{player} deploys", player=player)
        case "deployed":
            line = _("{name} deployed to {where}", name=name, where=where)
        case "deployment_done":
            line = _("{player} has deployed", player=player)
        case "income":
            line = _("{power} collects {pp} PP", power=power, pp=data.get("pp"))
        case "reinforcement_available":
            line = _("{name} is ready to arrive", name=name)
        case "aid":
            line = _("Germany gives 1 PP to {power}", power=power_in_text(data.get("to", "")))
        case "repair":
            line = _(
                "{name} repaired to strength {strength}", name=name, strength=data.get("strength")
            )
        case "pp_spent":
            line = _("{player} spends {pp} PP", player=player, pp=data.get("pp"))
        case "disband":
            line = _("{name} disbanded", name=name)
        case "block_removed":
            line = _("{block} leaves the map", block=a_block(side))
        case "place":
            line = _("{name} arrives at {where}", name=name, where=where)
        case "rebuild":
            line = _("{name} rebuilt at {where}", name=name, where=where)
        case "block_placed":
            line = _("{block} appears at {where}", block=_new_block(side), where=where)
        case "hq_action":
            line = _("{hq} spends an action point on a rail move", hq=names.unit(data.get("hq")))
        case "rail_unit":
            line = _("{name} rides the railway", name=name)
        case "out_of_supply" if data.get("hexes"):
            line = _(
                "{side} blocks out of supply at {places}",
                side=_("Axis") if side == "axis" else _("Soviet"),
                places=", ".join(place(h) for h in data.get("hexes", [])),
            )
        case "out_of_supply":
            line = (
                _("every Axis block is in supply")
                if side == "axis"
                else _("every Soviet block is in supply")
            )
        case "surrender":
            line = _(
                "{block} at {where} surrenders, out of supply", block=a_block(side), where=where
            )
        case "surrendered_unit":
            line = _("{name} surrenders", name=name)
        case "surrender_pp":
            line = _("{power} gains {pp} PP", power=power, pp=data.get("pp"))
        case "eliminated_unit":
            line = _("{name} is lost", name=name)
        case "power_surrenders":
            line = _("{power} leaves the war", power=power)
        case "persia_joins_axis":  # 37.0
            line = _("Persia joins the Axis: its land is Axis-held and open to a Soviet invasion")
        case "volkssturm_called":  # 28.0
            line = _(
                "Soviet troops stand in Germany: the Volkssturm is called up, a free corps "
                "in each Axis Production Phase"
            )
        case "volkssturm_raised":  # 28.0
            line = _("{name} raised as Volkssturm at {where}", name=name, where=where)
        case "chechens_rise":  # 30.0
            line = _("The Chechen revolutionaries rise at {where} and join the Axis", where=where)
        case "partisan_placed":  # 29.1
            line = _(
                "A partisan takes to the woods at {where} ({n} there now)",
                where=where,
                n=data.get("n"),
            )
        case "partisans_found":  # 29.0
            line = _("Axis troops find {n} partisans at {where}", n=data.get("n"), where=where)
        case "partisans_dispersed":  # 29.0
            line = _("Axis troops disperse the partisans at {where}", where=where)
        case "partisan_fight":  # 29.0
            line = _(
                "Axis troops attack the {n} partisans at {where}", n=data.get("n"), where=where
            )
        case "partisans_fire":  # 29.0
            line = _(
                "The partisans at {where} fire back: {hits} hits",
                where=where,
                hits=data.get("hits"),
            )
        case "partisans_hit":  # 29.0
            line = _(
                "The partisans at {where} lose {lost}: {n} left",
                where=where,
                lost=data.get("lost"),
                n=data.get("n"),
            )
        case "partisans_hold":  # 29.0
            line = _("The {n} partisans at {where} hold out", n=data.get("n"), where=where)
        case "reserve":  # 31.0
            line = _("{name} is held in reserve", name=name)
        case "partisans_rejoin":  # 29.0
            line = _(
                "The {n} partisans at {where} rejoin the Red Army: {n} PP saved",
                n=data.get("n"),
                where=where,
            )
        case "finland_neutral":
            line = _("Finland is neutral: every unit inside must leave")
        # --- advanced production (11.0-11.3), added by the chapter 11 work: begin ---
        case "coloured_income":
            line = _(
                "{power} also collects {pp}",
                power=power,
                pp=_colour_list(data) or _("no coloured PP"),
            )
        case "resources_cut":
            line = _(
                "{power} collects nothing from {places}: no railway or sea route links them "
                "to its main supply source (11.2)",
                power=power,
                places=", ".join(place_name(c) for c in data.get("cities", [])),
            )
        # --- Lend-Lease and its convoys (optional rules 34.0, 35.2): begin ---
        case "lend_lease_arrives":
            line = _(
                "Lend-Lease by the {route}: {pp} reach the Soviets (34.0)",
                route=_key_words(ROUTE_WORDS, data.get("route")),
                pp=_colour_list(data) or _("no PP"),
            )
        case "lend_lease_cut":
            line = _(
                "the {route} is cut: {pp} PP of Lend-Lease do not arrive (34.0)",
                route=_key_words(ROUTE_WORDS, data.get("route")),
                pp=data.get("pp"),
            )
        case "convoy_attack":
            line = _(
                "U-boats and bombers strike the convoy of the {route}: {hits} hits, {lost} lost "
                "(35.2)",
                route=_key_words(ROUTE_WORDS, data.get("route")),
                hits=data.get("hits"),
                lost=_colour_list(data) or _("no PP"),
            )
        case "lend_lease_spent":
            line = _(
                "the Soviets spend {pp} of Lend-Lease (34.0)",
                pp=_colour_list({str(data.get("colour")): data.get("pp")}),
            )
        case "lend_lease_lost":
            line = _(
                "{pp} of Lend-Lease left unspent are lost: they cannot be saved (34.0)",
                pp=_colour_list(data),
            )
        # --- Lend-Lease and its convoys: end ---
        # --- escorts and interceptors over a raid (optional rules 23.0, 32.0): begin ---
        case "raid_escorts" | "raid_intercepted":
            line = _(
                RAID_EVENTS[(kind, data.get("raid") == "airdrop")],
                side=side_word(data.get("side")),
                n=data.get("fighters"),
                at=place(data.get("hex")),
            )
        # --- escorts and interceptors over a raid: end ---
        # --- the air war over Germany (optional rule 35.1): begin ---
        case "strategic_warfare":
            line = _("Strategic Warfare Phase: the air war over Germany (35.0)")
        case "airwar_raid":
            line = _(
                "{who} flies over {at} (35.1)",
                who=_asset_name(data.get("unit")),
                at=place(data.get("hex")),
            )
        case "airwar_quiet":
            line = _("No Western bomber flies over Germany this month (35.1)")
        case "airwar_unopposed":
            line = _(
                "no German fighter meets the bombers over {at} (35.1)", at=place(data.get("hex"))
            )
        case "airwar_air_combat":
            line = _(
                "over {at}, {bombers} bombers and {fighters} German fighters trade fire: "
                "{bomber_hits} hits on the bombers, {fighter_hits} on the fighters (35.1)",
                at=place(data.get("hex")),
                bombers=data.get("bombers"),
                fighters=data.get("fighters"),
                bomber_hits=data.get("bomber_hits"),
                fighter_hits=data.get("fighter_hits"),
            )
        case "airwar_aa":
            line = _(
                "the Reich's AA scores {hits} hits on the bombers (35.1)", hits=data.get("hits")
            )
        case "airwar_bombs":
            line = _(
                "{who} bombs {at}: {hits} hits (35.1)",
                who=_asset_name(data.get("unit")),
                at=place(data.get("hex")),
                hits=data.get("hits"),
            )
        case "airwar_losses":
            lost = _colour_list(data)
            yellow = int(data.get("yellow") or 0)
            line = _(
                "the bombing costs Germany {yellow} yellow PP and {pp} this turn (35.1)",
                yellow=yellow,
                pp=lost or _("no coloured PP"),
            )
        case "interceptor_repaired":
            line = _(
                "{who} repaired to strength {strength} (35.1)",
                who=_asset_name(data.get("unit")),
                strength=data.get("strength"),
            )
        # --- the air war over Germany: end ---
        case "mine_loss":
            line = _(
                "mines sink {pp} PP shipped from {city} for {power} (11.3)",
                pp=data.get("pp"),
                city=place_name(data.get("city")),
                power=power,
            )
        case "pp_discarded":
            line = _(
                "{power} loses {pp}: coloured PP are saved only beside a yellow PP (11.2)",
                power=power,
                pp=_colour_list(data),
            )
        case "coloured_pp_spent":
            line = _(
                "{player} also spends {pp}",
                player=player,
                pp=_colour_list({str(data.get("colour")): data.get("pp")}),
            )
        case "coloured_aid":
            line = _(
                "Germany gives {pp} to {power}",
                pp=_colour_list({str(data.get("colour")): data.get("pp")}),
                power=power_in_text(data.get("to", "")),
            )
        # --- advanced production: end ---
        # --- advanced supply (12.1-12.5), added by the chapter 12 work: begin ---
        case "siege_step_lost":
            line = _(
                "{block} at {where} loses a step under siege instead of surrendering (12.1)",
                block=a_block(side),
                where=where,
            )
        case "siege_step_lost_unit":
            line = _("{name} loses a step under siege (12.1)", name=name)
        case "surrender_coloured_pp":
            line = _(
                "{power} also gains {pp} from the surrenders (12.5)",
                power=power,
                pp=_colour_list({str(data.get("colour")): data.get("pp")}),
            )
        case "desperate_attack_failed":
            line = _(
                "The desperate attack at {where} fails: {n} cut-off units surrender (12.4.1)",
                where=where,
                n=data.get("units"),
            )
        # --- advanced supply: end ---
        # --- the Battle Sheets' dated events and TECH (7.3, 3.13, long scenarios): begin ---
        case "unit_withdrawn" if data.get("owed"):
            line = _(
                "{name} leaves the front, as the Battle Sheet says: {power} pays {pp} PP for "
                "its missing steps and still owes {owed} PP",
                name=name,
                power=power,
                pp=data.get("pp"),
                owed=data.get("owed"),
            )
        case "unit_withdrawn" if data.get("pp"):
            line = _(
                "{name} leaves the front, as the Battle Sheet says: {power} pays {pp} PP for "
                "its missing steps",
                name=name,
                power=power,
                pp=data.get("pp"),
            )
        case "unit_withdrawn":
            line = _("{name} leaves the front, as the Battle Sheet says", name=name)
        case "withdrawal_waits":
            line = _(
                "{name} must leave the front but is out of supply: it leaves once supplied",
                name=name,
            )
        case "withdrawal_debt_paid":
            line = _(
                "{power} pays {pp} PP it owed for withdrawn units ({owed} PP still owed)",
                power=power,
                pp=data.get("pp"),
                owed=data.get("owed"),
            )
        case "unit_upgraded":
            line = _(
                "{name} becomes {into} and keeps its hits: strength {strength}",
                name=name,
                into=names.unit(data.get("into")),
                strength=data.get("strength"),
            )
        case "upgrade_waits":
            line = _(
                "{name} is out of supply: {into} is held back until it is supplied",
                name=name,
                into=names.unit(data.get("into")),
            )
        case "upgrade_rebuild":
            line = _(
                "{name} was lost: {into} must be rebuilt", name=name, into=names.unit(data["into"])
            )
        case "deployed_strength":
            line = _(
                "{name} will start at strength {strength}", name=name, strength=data["strength"]
            )
        case "tech_advance":
            line = _(
                "{power}: {field} now at TECH {level} (3.13)",
                power=power_word(data.get("nation", "")),
                field=_key_words(TECH_FIELD_WORDS, data.get("field")),
                level=data.get("level"),
            )
        case "minor_tech_advance":
            line = _(
                "{power}: {field} now at TECH {level}, one level below Germany (17.1)",
                power=power_word(data.get("nation", "")),
                field=_key_words(TECH_FIELD_WORDS, data.get("field")),
                level=data.get("level"),
            )
        # --- dated events: end ---
        # --- the long scenarios' economy (rules/economy.py): begin ---
        case "project_built":
            line = _(
                "The Soviets build the {project} for {pp} PP: it carries trains from now on",
                project=_(PROJECT_WORDS.get(str(data.get("project")), N_("new line"))),
                pp=data.get("pp"),
            )
        case "oil_route_lost":
            line = _(
                "The Caucasus oil route is cut: the Soviets now count their oil, and their HQ "
                "steps cost oil PP, until it is open again"
            )
        case "oil_route_restored":
            line = _("The Caucasus oil route is open again: the Soviets stop counting oil")
        case "plant_built_up":
            line = _(
                "{power} puts 1 PP into a new {kind} plant: {progress} of {of} done",
                power=power,
                kind=_(PLANT_WORDS.get(str(data.get("colour")), N_("factory"))),
                progress=data.get("progress"),
                of=data.get("of"),
            )
        case "plant_finished":
            line = _(
                "{power} finishes a new {kind} plant: it produces from next turn",
                power=power,
                kind=_(PLANT_WORDS.get(str(data.get("colour")), N_("factory"))),
            )
        case kind if kind in FACTORY_EVENTS:  # optional rules 15, 16 and 32
            return _factory_line(kind, data, names)
        case "soviet_surrender":
            line = _(
                "The Soviet Union asks for terms: the Axis holds Moscow and Soviet income "
                "has fallen to {pp} PP",
                pp=data.get("pp"),
            )
        # --- the long scenarios' economy: end ---
        case _kind:
            # An event with no words yet: its kind in words, never its fields.
            return kind.replace("_", " ").capitalize()
    return cap(line)


# Booklet, SBE6: the Soviet infrastructure projects (data/economy.toml ids).
PROJECT_WORDS = {
    "saratov_stalingrad": N_("Saratov-Stalingrad railway"),
    "stalingrad_astrakhan": N_("Stalingrad-Astrakhan railway"),
    "astrakhan_baku": N_("Astrakhan-Baku railway"),
    "baku_krasnovodsk": N_("Baku-Krasnovodsk sea route"),
}
# 15.1: a new plant by the colour of PP it makes.
PLANT_WORDS = {
    "red": N_("armour"),
    "blue": N_("aircraft"),
    "black": N_("synthetic oil"),
    "white": N_("shipyard"),  # 16.1: a shipyard taken gives a white PP
}

# --- new factories, scorched earth, strategic bombing (optional rules 15, 16, 32): begin ---
FACTORY_ACTIONS = {
    "start_factory": N_(
        "start a new {kind} plant for {power}: 1 yellow PP now, 10 over 10 turns (15.1)"
    ),
    "build_factory": N_("put 1 yellow PP into a new {kind} plant of {power}"),
    "place_factory": N_("build the new factory at {city} (15.1)"),
    "repair_centre": N_("repair scorched {city}: 1 yellow PP, 3 for each of its PP (16.0)"),
    "evacuate": N_("evacuate the {kind} factory of {city} east: 3 rail moves (16.2)"),
}
FACTORY_EVENTS = {
    "factory_placed": N_("{power}'s new {kind} plant stands at {city}: it produces from next turn"),
    "factory_evacuated": N_("The Soviets evacuate the {kind} factory of {city} to the east (16.2)"),
    "factory_moving": N_("An evacuated Soviet {kind} factory travels east: box {box} of 10 (16.2)"),
    "factory_loot": N_(
        "The factories of {city} are taken: {pp} PP of their colours for the taker (16.1)"
    ),
    "factory_loot_paid": N_("{power} receives {pp} {kind} PP from factories it took (16.1)"),
    "centre_repair": N_("The Axis repairs scorched {city}: {paid} PP paid so far (16.0)"),
    "bombing": N_("{side}: bombers strike the {target} of {city} (32.0)"),
    "bomb_hits": N_("{hits} bomb hits on the {target} of {city} (32.1-32.3)"),
    "factories_bombed_out": N_("The factories of {city} are bombed out for good (32.1)"),
}
# 23.0, 32.0: the escorts and interceptors of a raid (raids.py); the key: the verb and
# whether any fighter is named.
RAID_ACTIONS = {
    ("escort", True): N_("escort the raid on {at} with {who}"),
    ("escort", False): N_("send the raid on {at} without escorts"),
    ("scramble", True): N_("intercept the enemy raid on {at} with {who}"),
    ("scramble", False): N_("let the enemy raid on {at} pass unopposed"),
}
# The key: the event and whether the raid is an airborne assault (else a bombing).
RAID_EVENTS = {
    ("raid_escorts", True): N_("{side} fighters ({n}) escort the airborne assault on {at} (23.0)"),
    ("raid_escorts", False): N_("{side} fighters ({n}) escort the bombers over {at} (32.0)"),
    ("raid_intercepted", True): N_(
        "{side} fighters ({n}) intercept the airborne assault on {at} (23.0)"
    ),
    ("raid_intercepted", False): N_("{side} fighters ({n}) intercept the bombers over {at} (32.0)"),
}
# 32.0: what a bomber may strike in a city.
BOMB_TARGET_WORDS = {
    "factory": N_("factories"),
    "centre": N_("production centre"),
    "port": N_("port"),
    "rail": N_("rail station"),
}


def _factory_action(verb: str, a: Mapping[str, JSON]) -> str:
    return _(
        FACTORY_ACTIONS[verb],
        kind=_(PLANT_WORDS.get(str(a.get("colour")), N_("factory"))),
        power=power_in_text(a.get("power", "")),
        city=place_name(a.get("city", "")),
    )


def _factory_line(kind: str, data: dict[str, Any], names: Names) -> str:
    del names  # these events name places and powers only
    return cap(
        _(
            FACTORY_EVENTS[kind],
            power=power_in_text(data.get("power", "")),
            kind=_(PLANT_WORDS.get(str(data.get("colour")), N_("factory"))),
            city=place_name(data.get("city", "")),
            box=data.get("box"),
            pp=data.get("pp"),
            paid=data.get("paid"),
            side=side_word(data.get("side")),
            target=_(BOMB_TARGET_WORDS.get(str(data.get("target")), N_("targets"))),
            hits=data.get("hits"),
        )
    )


# --- new factories, scorched earth, strategic bombing: end ---

# 3.13: the four TECH fields, for the month's breakthroughs.
# 34.0: the Lend-Lease routes.
ROUTE_WORDS = {
    "pacific": N_("Pacific route"),
    "arctic": N_("Arctic route"),
    "persia": N_("Persian Corridor"),
}

TECH_FIELD_WORDS = {
    "infantry": N_("infantry"),
    "armor": N_("armour"),
    "fighter": N_("fighters"),
    "bomber": N_("bombers"),
}


def _new_block(side: object) -> str:
    return _("a new Axis block") if str(side) == "axis" else _("a new Soviet block")


# --- advanced production (11.0-11.3), added by the chapter 11 work ------------------------
def _colour_list(data: dict[str, Any]) -> str:
    """Coloured PP in words, e.g. "3 red (armour), 9 blue (air) PP"; empty if none."""
    words = {
        "red": N_("{n} red (armour)"),
        "blue": N_("{n} blue (air)"),
        "black": N_("{n} black (oil)"),
        "white": N_("{n} white (shipyard)"),
    }
    parts = [
        _(text, n=data[colour]) for colour, text in words.items() if int(data.get(colour) or 0)
    ]
    return _("{list} PP", list=", ".join(parts)) if parts else ""


# 5.2 in the Advanced Game: Germany gives one PP of a colour of its choice (digest B.13).
AID_WORDS = {
    "yellow": N_("give 1 yellow PP to {power}"),
    "red": N_("give 1 red PP to {power}"),
    "blue": N_("give 1 blue PP to {power}"),
    "black": N_("give 1 black PP to {power}"),
    "white": N_("give 1 white PP to {power}"),
}


def _advanced(view: dict[str, JSON] | None) -> bool:
    """Whether the view is of an Advanced Game scenario (chapters 8-13, coloured PP)."""
    if view is None:
        return False
    scenario = view.get("scenario")
    return any(s.id == scenario and s.rules == "advanced" for s in catalog.scenarios())


def _asset_name(uid: object, fallback: str | None = None) -> str:
    """The name of a strategic asset (35.1: the Western bombers and the Reich's
    interceptors, public blocks that never stand on the map), else ``fallback``."""
    from . import forces

    try:
        found = forces.unit(str(uid))
    except KeyError:
        return fallback if fallback is not None else str(uid)
    if found.side == "western" or "interceptor" in found.abilities:
        return found.name
    return fallback if fallback is not None else found.name


def _step_cost(args: Mapping[str, JSON]) -> str:
    """A repair's or rebuild's price in words (11.0): as many PP of the unit's colour as
    yellow ones (armour red, air blue, HQs black, marines white), "1 yellow and 1 red PP";
    infantry pays yellow only."""
    raw = args.get("pp")
    n = raw if isinstance(raw, int) else 0
    match args.get("lend_lease"):  # 34.0: Lend-Lease PP pay alone
        case "red":
            return _n("{n} Lend-Lease armour PP", "{n} Lend-Lease armour PP", n)
        case "blue":
            return _n("{n} Lend-Lease air PP", "{n} Lend-Lease air PP", n)
    match args.get("colour"):
        case "red":
            return _n("{n} yellow and {n} red PP", "{n} yellow and {n} red PP", n)
        case "blue":
            return _n("{n} yellow and {n} blue PP", "{n} yellow and {n} blue PP", n)
        case "black":
            return _n("{n} yellow and {n} black PP", "{n} yellow and {n} black PP", n)
        case "white":
            return _n("{n} yellow and {n} white PP", "{n} yellow and {n} white PP", n)
    return _n("{n} yellow PP", "{n} yellow PP", n)


# --- HQ, fuel and movement (Advanced Game, 13.0-13.8): words added by the chapter 13 work ---

HQ_ORDER_WORDS = {
    "armor": N_(
        "order {who} by {hq}: it moves as if fully supplied this turn (1 action point, 13.8.1)"
    ),
    "air": N_(
        "order {who} by {hq}: it flies as if fully supplied this turn (1 action point, 13.8.1)"
    ),
    "supply": N_(
        "order {who} by {hq}: it moves, though out of supply, as if fully supplied this turn "
        "(1 action point, 13.8.1)"
    ),
}


def _hq_action_words(action: Action, names: Names) -> str | None:
    """The chapter 13 actions in words (activate an HQ, command a unit, a rail move paid
    with a Supreme HQ's action point); None for any other action."""
    a = action.args
    if action.verb == "activate":
        return _(
            "activate {hq}: it is revealed, each of its action points puts one unit under its "
            "command this turn, and it loses a step when it is deactivated (13.3, 13.4, 13.6)",
            hq=names.unit(a["hq"]),
        )
    if action.verb == "command":
        who, hq = names.unit(a["unit"]), names.unit(a["hq"])
        if "as" in a:
            order = HQ_ORDER_WORDS.get(str(a["as"]), HQ_ORDER_WORDS["armor"])
            return _(order, who=who, hq=hq)
        return _(
            "put {who} under the command of {hq}: full supply this turn "
            "(1 action point, 13.2, 13.4)",
            who=who,
            hq=hq,
        )
    if action.verb == "rail" and a.get("hq"):
        return _(
            "rail {who} to {to}, paid with an action point of {hq} (7.4, 13.8.1)",
            who=names.unit(a["unit"]),
            to=place(a["to"]),
            hq=names.unit(a["hq"]),
        )
    return None


def _hq_event_words(kind: str, data: dict[str, Any], names: Names) -> str | None:
    """The chapter 13 events in words; None for any other event."""
    if kind == "hq_activated":
        return _(
            "{name} ({side} {cls}) is activated at {place} with {ap} action points (13.3)",
            name=data.get("name"),
            side=side_word(data.get("side")),
            cls=class_word(data.get("cls")),
            place=place(data.get("hex")),
            ap=data.get("ap"),
        )
    if kind == "hq_command":
        who, hq = names.unit(data.get("unit")), names.unit(data.get("hq"))
        if data.get("order") == "supply":
            return _(
                "{who} moves, though out of supply, as if fully supplied, by order of {hq} "
                "({left} action points left)",
                who=who,
                hq=hq,
                left=data.get("left"),
            )
        return _(
            "{who} is under the command of {hq} this turn ({left} action points left)",
            who=who,
            hq=hq,
            left=data.get("left"),
        )
    if kind == "hq_deactivated":
        return _(
            "{name} is deactivated and hidden again, one step weaker: strength {strength} (13.6)",
            name=data.get("name"),
            strength=data.get("strength"),
        )
    if kind == "hq_supremacy_cost":
        return _(
            "{name} pays for Luftwaffe Total Supremacy: strength {strength} (SBE5)",
            name=data.get("name"),
            strength=data.get("strength"),
        )
    if kind == "supreme_hq_moved":
        return _(
            "{name} moves from {frm} to {to}: the enemy has entered its country (13.8.2)",
            name=data.get("name"),
            frm=place(data.get("frm")),
            to=place(data.get("to")),
        )
    return None


# What the HQ rules add to a decision's prompt (prompt data "hq": the phase).
HQ_PROMPT_HINTS = {
    "movement": N_(
        "Armour and air units need an activated HQ's command for full supply: move an HQ, "
        "activate it (13.3), then spend its action points on units in range (13.4)."
    ),
    "rail": N_(
        "Supreme HQs activate in this phase (13.8): an activated one may pay one rail move "
        "with an action point (13.8.1)."
    ),
    "reaction": N_(
        "Air units need an activated Air-HQ's command to react: activate one where it stands "
        "(13.3), then spend its action points on units in range (13.4)."
    ),
    "exploitation": N_(
        "Armour moves here only under an Armor-HQ activated in this phase (13.7): activate "
        "one, then spend its action points on units in range (13.4)."
    ),
}


def _hq_prompt_hint(prompt: dict[str, Any]) -> str | None:
    """The HQ rules' sentence for a prompt that carries them; None for any other prompt."""
    data = prompt.get("data")
    if not isinstance(data, dict) or "hq" not in data:
        return None
    hint = HQ_PROMPT_HINTS.get(str(data["hq"]))
    return _(hint) if hint else None
