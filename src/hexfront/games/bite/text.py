"""Plain-text rendering of a BITE view and its actions, for the terminal and for logs."""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache
from typing import Any

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action

PHASE_NAMES = {
    "setup": "Setup",
    "supply": "Supply Phase (7.2)",
    "production": "Production Phase (7.3)",
    "rail": "Strategic Rail Movement (7.4)",
    "movement": "Movement Phase (7.5)",
    "reaction": "Defender Reaction (7.6)",
    "combat": "Combat Phase (7.7)",
    "blitz": "Blitz Phase (7.8)",
    "blitz_combat": "Blitz combat (7.8)",
    "final_supply": "Final Supply Status (7.9)",
    "exploitation": "Armor Exploitation (7.10)",
    "victory": "Victory Phase (7.11)",
}

MONTHS = (
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
    "January",
    "February",
    "March",
    "April",
    "May",
)


# The words a player reads for the keys the rules keep (never the keys themselves).
SIDE_WORDS = {"axis": "Axis", "soviet": "Soviet"}
SIDE_PLAYERS = {"axis": "the Axis", "soviet": "the Soviets"}
POWER_WORDS = {
    "germany": "Germany",
    "ussr": "the USSR",
    "finland": "Finland",
    "romania": "Romania",
    "hungary": "Hungary",
    "italy": "Italy",
    "slovakia": "Slovakia",
    "uk": "Britain",
    "usa": "the USA",
}
NATION_WORDS = {
    "germany": "German",
    "ussr": "Soviet",
    "finland": "Finnish",
    "romania": "Romanian",
    "hungary": "Hungarian",
    "italy": "Italian",
    "slovakia": "Slovak",
    "uk": "British",
    "usa": "American",
}
CLASS_WORDS = {
    "air_hq": "air HQ",
    "armor_hq": "armour HQ",
    "navy_hq": "naval HQ",
    "supreme_hq": "supreme HQ",
    "tank": "armour",
}
MOVE_WORDS = {
    "move": "moves",
    "rail": "goes by rail",
    "fly": "flies",
    "rebase": "rebases",
    "retreat": "retreats",
    "react": "flies to the battle",
    "blitz": "blitzes",
    "air_evacuation": "flies off its overrun airbase",
    "follow": "follows the blitz",
    "redeploy": "is set up again",
}


def side_word(side: object) -> str:
    """A side key as an adjective: "Axis", "Soviet"."""
    return SIDE_WORDS.get(str(side), str(side).replace("_", " ").title())


def side_player(side: object) -> str:
    """A side key as the players: "the Axis", "the Soviets"."""
    return SIDE_PLAYERS.get(str(side), f"the {side_word(side)}")


def power_word(power: object) -> str:
    return POWER_WORDS.get(str(power), str(power).replace("_", " ").title())


def nation_word(nation: object) -> str:
    return NATION_WORDS.get(str(nation), str(nation).replace("_", " ").title())


def class_word(cls: object) -> str:
    return CLASS_WORDS.get(str(cls), str(cls).replace("_", " "))


def a_block(side: object) -> str:
    """A block whose identity the reader does not know: "an Axis block", "a Soviet block"."""
    word = side_word(side)
    return f"{'an' if word[:1] in 'AEIOU' else 'a'} {word} block"


def in_words(text: object) -> str:
    """A verdict or detail with the side keys in it said as words."""
    out = re.sub(r"\b(axis|soviet)\b", lambda m: side_word(m.group(1)), str(text))
    return out[:1].upper() + out[1:]


@cache
def _place_names() -> dict[str, str]:
    """Hex (or box) id -> the name of the city or site in it."""
    from hexfront.engine.errors import UnknownGame

    from .world import _map

    try:
        bite_map = _map()
    except UnknownGame:  # no mapboard in this build: bare hex ids
        return {}
    return {str(bite_map.id_of(node)): str(p.name) for node, p in bite_map.place_at.items()}


def place(hex_id: object) -> str:
    """A hex as a player names it: its place name and id where it has a name, else its id.

    >>> place("2020"), place("1921")
    ('Insterburg (2020)', '1921')
    """
    hid = str(hex_id)
    name = _place_names().get(hid)
    return f"{name} ({hid})" if name and name != hid else hid


def month_of(turn: int) -> str:
    """Turn 1 is June 1941 (3.13).

    >>> month_of(1), month_of(7), month_of(49)
    ('June 1941', 'December 1941', 'June 1945')
    """
    year = 1941 + (turn + 4) // 12
    return f"{MONTHS[(turn - 1) % 12]} {year}"


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
        flying = f" flying from {place(u['flying_from'])}" if u.get("flying_from") else ""
        barrel = " (out of supply)" if u.get("oos") else ""
        return f"{a_block(u['side'])}{flying}{barrel}"
    bits = [
        f"{u['name']} ({nation_word(u['nation'])} {class_word(u['cls'])}), strength {u['strength']}"
    ]
    if u.get("half_hit"):
        bits.append("half hit")
    if u.get("oos"):
        bits.append("out of supply")
    if u.get("flying_from"):
        bits.append(f"flying from {place(u['flying_from'])}")
    if moving and "mp_left" in u:
        bits.append(f"{u['mp_left']} MP")
    return ", ".join(bits)


POOL_WORDS = {
    "pool": "units to come",
    "held": "units held back",
    "eliminated": "eliminated units",
    "disbanded": "disbanded units",
    "removed": "units out of the game",
}


ENEMY_POOL_WORDS = {
    "pool": "to come",
    "held": "held back",
    "eliminated": "eliminated",
    "disbanded": "disbanded",
    "removed": "out of the game",
}


def render(view: dict[str, JSON]) -> str:
    """A readable summary of what one side sees."""
    v: dict[str, Any] = dict(view)
    lines = [
        f"Turn {v['turn']} of {v['last_turn']} ({month_of(int(v['turn']))}), weather {v['weather']}; "
        f"{side_word(v['phasing'])} player's turn: {PHASE_NAMES.get(str(v['phase']), v['phase'])}",
        "PP: " + ", ".join(f"{power_word(k)} {n}" for k, n in v["pp"].items())
        if v["pp"]
        else "PP: none",
    ]
    by_hex: dict[str, list[str]] = defaultdict(list)
    for u in v["units"]:
        by_hex[str(u["hex"])].append(
            ("  you: " if u["side"] == v["side"] else "  enemy: ") + _unit_line(u)
        )
    lines.append("Map:")
    for hex_id in sorted(by_hex):
        lines.append(f" {place(hex_id)}")
        lines.extend(by_hex[hex_id])
    pools = v.get("pools") or {}
    for status, units in pools.items():
        what = POOL_WORDS.get(status, f"{status} units".replace("_", " "))
        lines.append(f"Your {what}: " + ", ".join(u["name"] for u in units))
    if v.get("enemy_pools"):
        lines.append(
            "Enemy blocks off the map: "
            + ", ".join(f"{n} {ENEMY_POOL_WORDS.get(k, k)}" for k, n in v["enemy_pools"].items())
        )
    if v.get("result"):
        result = v["result"]
        detail = f" ({in_words(result['detail'])})" if result.get("detail") else ""
        lines.append(f"RESULT: {in_words(result['outcome'])}{detail}")
    return "\n".join(lines)


def describe(action: Action, view: dict[str, JSON] | None = None) -> str:
    """One line in words for an action."""
    a = action.args
    names = names_in(view)
    who = names.unit(a["unit"]) if "unit" in a else "a block"
    to = place(a["to"]) if "to" in a else ""
    at = place(a["hex"]) if "hex" in a else ""
    match action.verb:
        case "move":
            return f"move {who} to {to}"
        case "rail":
            return f"rail {who} to {to} (1 PP)"
        case "fly":
            return f"fly {who} to {to}"
        case "rebase":
            return f"rebase {who} to {to}"
        case "react":
            return f"send {who} to the battle at {to}"
        case "repair":
            return f"repair {who} ({a['pp']} PP)"
        case "rebuild":
            return f"rebuild {who} at {at} ({a['pp']} PP)"
        case "place":
            return f"place {who} at {at}"
        case "disband":
            return f"disband {who} (+1 PP next turn)"
        case "aid":
            return f"give 1 PP to {power_word(a['to'])}"
        case "fight":
            return f"fight the battle at {at}"
        case "hit":
            return f"take the hit on {who}"
        case "retreat":
            return f"retreat {who} to {to}"
        case "blitz":
            return f"blitz {who} into {to}"
        case "follow":
            return f"follow with {who} to {to}"
        case "eliminate" if a.get("overstack"):
            return f"eliminate {who}: it stands over the stacking limits and cannot move (3.10)"
        case "eliminate" if a.get("retreat"):
            return f"retreat {who} with nowhere to go: it is eliminated (7.7.17)"
        case "eliminate":
            return f"eliminate {who}"
        case "stand":
            return "stand and fight on"
        case "end_ground":
            return "end ground movement (then air units)"
        case "done":
            return "done with this phase"
    words = action.verb.replace("_", " ")
    return f"{words} {who}" if "unit" in a else words


# The combat steps of a round (7.7.1-7.7.5), as a player says them.
STEP_NAMES = {
    "a2a": "air-to-air combat",
    "aa": "anti-aircraft fire",
    "a2g": "air-to-ground combat",
    "artillery": "artillery fire",
    "ground": "ground combat",
}
HIT_RESULTS = {
    "half": "a half hit (the next hit costs it a step)",
    "reduced": "loses a step",
    "eliminated": "eliminated",
    "absorbed": "no effect (already at its lowest strength)",
}


WHY_WORDS = {
    "combat": "it lost its last step in battle (7.7)",
    "could not retreat (7.7.17)": "no retreat path: it had to fall back and no hex was open to it (7.7.17)",
    "retreated with nowhere to go (7.7.17)": "no retreat path: it retreated with no hex open to it (7.7.17)",
    "support unit alone against combat units (7.7.10)": "a support unit left alone against combat units (7.7.10)",
    "romanians and hungarians (5.3)": "Romanians and Hungarians cannot fight side by side (5.3)",
    "no airbase in range (7.7.16)": "no airbase in range to fly back to (7.7.16)",
    "no airbase in range (7.8.1)": "no airbase in range after the blitz (7.8.1)",
    "air evacuation failed": "its airbase was overrun and no airbase was in range (7.7.16)",
    "frozen on its airbase, unable to evacuate (3.21)": "frozen on its airbase, it could not fly off (3.21)",
    "overstacked and unable to move (3.10)": "overstacked, with nowhere to move (3.10)",
}


def why_words(why: object) -> str:
    """Why a block was eliminated, in words with its rule (mirrors web/src/text.ts).

    >>> why_words("could not retreat (7.7.17)")
    'no retreat path: it had to fall back and no hex was open to it (7.7.17)'
    """
    text = str(why or "")
    return WHY_WORDS.get(text, text.replace("_", " "))


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _fire_line(data: dict[str, Any]) -> str:
    """A fire event in words (7.7): who fires, in which step and round, and what it scored."""
    where = f"round {data.get('round', '?')}"
    if data.get("air_round"):
        where += f", air-to-air round {data['air_round']}"
    face = int(data["hit_on"])
    needs = "6" if face >= 6 else f"{face}-6"
    mods = []
    if data.get("mali"):
        mods.append(_count(int(data["mali"]), "Malus", "Mali") + ": fewer dice")
    if data.get("boni"):
        mods.append(_count(int(data["boni"]), "Bonus", "Boni") + ": more faces hit")
    dice = ", ".join(map(str, data["dice"]))
    step = STEP_NAMES.get(data["step"], str(data["step"]).replace("_", " "))
    return (
        f"  {data['name']} ({side_word(data['side'])}) fires in {step}"
        f", {where}: dice {dice}, hitting on {needs}"
        + (f" ({', '.join(mods)})" if mods else "")
        + f": {_count(int(data['hits']), 'hit', 'hits')}"
    )


def log_line(event: dict[str, JSON], view: dict[str, JSON] | None = None) -> str:
    """One logged event in words, for the side whose ``view`` it is read in (if given): own
    blocks and the enemy blocks that view shows revealed are named, others are not."""
    data: dict[str, Any] = dict(event.get("data", {}))
    kind = str(event.get("kind"))
    names = names_in(view)
    if kind == "roll":
        dice = data["dice"]
        shown = ", ".join(map(str, dice)) if isinstance(dice, list) else str(dice)
        return f"  dice {shown} ({str(data['purpose']).replace('_', ' ')})"
    if kind == "battle":
        return f"Battle at {place(data['hex'])}" + (" (blitz)" if data.get("blitz") else "")
    if kind == "battle_over":
        winner = side_player(data["winner"]) if data.get("winner") else "nobody"
        holds = "hold" if winner.endswith("s") else "holds"
        return f"Battle at {place(data['hex'])} over: {winner} {holds} it"
    if kind == "reveal":
        return (
            f"  revealed: {data['name']} ({side_word(data['side'])} {class_word(data['cls'])}, "
            f"strength {data['strength']})"
        )
    if kind == "fire":
        return _fire_line(data)
    if kind == "round":
        return f"Battle at {place(data['hex'])}: round {data['round']}"
    if kind == "hit":
        who = data.get("name") or names.unit(data["unit"])
        result = HIT_RESULTS.get(str(data["result"]), str(data["result"]).replace("_", " "))
        if data["result"] == "eliminated":
            return f"  hit on {who}: {result}"
        return f"  hit on {who}: {result}, strength {data['strength']}"
    if kind == "eliminated":
        who = data.get("name") or names.block(data.get("handle"), data.get("side"))
        return f"  eliminated: {who} ({why_words(data.get('why'))})"
    if kind == "fortification_lost":  # BOX 1
        now = "is now a bunker" if data["now"] == "bunker" else "is destroyed"
        return f"{data['city']} falls to {side_player(data['side'])}: its {data['was']} {now}"
    if kind == "turn":
        return f"=== Turn {data['turn']} ({month_of(int(data['turn']))}), weather {data['weather']}"
    if kind == "side":
        return f"--- The {side_word(data['side'])} player's turn"
    if kind in MOVE_WORDS:
        path = data.get("path") or [data.get("frm"), data.get("to")]
        who = names.block(data.get("handle"), data.get("side"))
        route = " → ".join(place(h) for h in path if h is not None)
        return f"{who[:1].upper()}{who[1:]} {MOVE_WORDS[kind]}: {route}"
    if kind == "game_over":
        detail = f" ({in_words(data['detail'])})" if data.get("detail") else ""
        return f"GAME OVER: {in_words(data['outcome'])}{detail}"
    return _other_line(kind, data, names)


def _unit_name(uid: object) -> str:
    """A block's printed name (own blocks only reach this: events addressed to a side)."""
    from .forces import DataError, unit

    try:
        return unit(str(uid)).name
    except (KeyError, ValueError, DataError):
        return "a block"


def _other_line(kind: str, data: dict[str, Any], names: Names) -> str:
    """The less frequent events, each said in words (never keys or unit ids)."""
    side = data.get("side", "")
    where = place(data["hex"]) if "hex" in data else ""
    name = names.unit(data["unit"]) if "unit" in data else data.get("name", "a block")
    player = f"the {side_word(side)} player"
    lines: dict[str, str] = {
        "setup": f"Scenario {data.get('scenario')} set up",
        "captured": f"{data.get('city')} ({data.get('hex')}) taken by {side_player(side)}",
        "factories_destroyed": f"the factories of {data.get('city')} are destroyed",
        "deploy": f"{player} deploys",
        "deployed": f"{name} deployed to {where}",
        "deployment_done": f"{player} has deployed",
        "income": f"{power_word(data.get('power', ''))} collects {data.get('pp')} PP",
        "reinforcement_available": f"{name} is ready to arrive",
        "aid": f"Germany gives 1 PP to {power_word(data.get('to', ''))}",
        "repair": f"{name} repaired to strength {data.get('strength')}",
        "pp_spent": f"{player} spends {data.get('pp')} PP",
        "disband": f"{name} disbanded",
        "block_removed": f"{a_block(side)} leaves the map",
        "place": f"{name} arrives at {where}",
        "rebuild": f"{name} rebuilt at {where}",
        "block_placed": f"a new {side_word(side)} block appears at {where}",
        "hq_action": f"{names.unit(data.get('hq'))} spends an action point on a rail move",
        "rail_unit": f"{name} rides the railway",
        "out_of_supply": (
            f"{side_word(side)} blocks out of supply at "
            + ", ".join(place(h) for h in data.get("hexes", []))
            if data.get("hexes")
            else f"every {side_word(side)} block is in supply"
        ),
        "surrender": f"{a_block(side)} at {where} surrenders, out of supply",
        "surrendered_unit": f"{name} surrenders",
        "surrender_pp": f"{power_word(data.get('power', ''))} gains {data.get('pp')} PP",
        "eliminated_unit": f"{name} is lost",
        "power_surrenders": f"{power_word(data.get('power', ''))} leaves the war",
        "finland_neutral": "Finland is neutral: every unit inside must leave",
    }
    if kind in lines:
        line = lines[kind]
        return line[:1].upper() + line[1:]
    return kind.replace("_", " ").capitalize()  # an event with no words yet: never its fields
