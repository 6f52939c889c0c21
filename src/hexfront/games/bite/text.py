"""Plain-text rendering of a BITE view and its actions, for the terminal and for logs."""

from __future__ import annotations

from collections import defaultdict
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


def month_of(turn: int) -> str:
    """Turn 1 is June 1941 (3.13).

    >>> month_of(1), month_of(7), month_of(49)
    ('June 1941', 'December 1941', 'June 1945')
    """
    year = 1941 + (turn + 4) // 12
    return f"{MONTHS[(turn - 1) % 12]} {year}"


def _unit_line(u: dict[str, Any], moving: bool = False) -> str:
    if "id" not in u:
        flying = f" flying from {u['flying_from']}" if u.get("flying_from") else ""
        barrel = " [out of supply]" if u.get("oos") else ""
        return f"{u['colour']} block {u['handle']}{flying}{barrel}"
    bits = [f"{u['name']} ({u['cls']}, {u['nation']}) strength {u['strength']}"]
    if u.get("half_hit"):
        bits.append("half hit")
    if u.get("oos"):
        bits.append("out of supply")
    if u.get("flying_from"):
        bits.append(f"flying from {u['flying_from']}")
    if moving and "mp_left" in u:
        bits.append(f"{u['mp_left']} MP")
    return ", ".join(bits)


def render(view: dict[str, JSON]) -> str:
    """A readable summary of what one side sees."""
    v: dict[str, Any] = dict(view)
    lines = [
        f"Turn {v['turn']} of {v['last_turn']} ({month_of(int(v['turn']))}), weather {v['weather']}; "
        f"{v['phasing']} phases: {PHASE_NAMES.get(str(v['phase']), v['phase'])}",
        "PP: " + ", ".join(f"{k} {n}" for k, n in v["pp"].items()) if v["pp"] else "PP: none",
    ]
    by_hex: dict[str, list[str]] = defaultdict(list)
    for u in v["units"]:
        by_hex[str(u["hex"])].append(
            ("  you: " if u["side"] == v["side"] else "  enemy: ") + _unit_line(u)
        )
    lines.append("Map:")
    for hex_id in sorted(by_hex):
        lines.append(f" {hex_id}")
        lines.extend(by_hex[hex_id])
    pools = v.get("pools") or {}
    for status, units in pools.items():
        lines.append(f"Your {status} units: " + ", ".join(u["name"] for u in units))
    if v.get("enemy_pools"):
        lines.append(
            "Enemy off the map: " + ", ".join(f"{n} {k}" for k, n in v["enemy_pools"].items())
        )
    if v.get("result"):
        lines.append(f"RESULT: {v['result']['outcome']} ({v['result'].get('detail', '')})")
    return "\n".join(lines)


def describe(action: Action, view: dict[str, JSON] | None = None) -> str:
    """One line in words for an action."""
    a = action.args
    names: dict[str, str] = {}
    if view is not None:
        for u in view.get("units", []):
            if isinstance(u, dict) and "id" in u:
                names[str(u["id"])] = str(u["name"])
    who = names.get(str(a.get("unit", "")), str(a.get("unit", "")))
    match action.verb:
        case "move":
            return f"move {who} to {a['to']}"
        case "rail":
            return f"rail {who} to {a['to']} (1 PP)"
        case "fly":
            return f"fly {who} to {a['to']}"
        case "rebase":
            return f"rebase {who} to {a['to']}"
        case "react":
            return f"send {who} to the battle at {a['to']}"
        case "repair":
            return f"repair {who} ({a['pp']} PP)"
        case "rebuild":
            return f"rebuild {who} at {a['hex']} ({a['pp']} PP)"
        case "place":
            return f"place {who} at {a['hex']}"
        case "disband":
            return f"disband {who} (+1 PP next turn)"
        case "aid":
            return f"give 1 PP to {a['to']}"
        case "fight":
            return f"fight the battle at {a['hex']}"
        case "hit":
            return f"take the hit on {who}"
        case "retreat":
            return f"retreat {who} to {a['to']}"
        case "blitz":
            return f"blitz {who} into {a['to']}"
        case "follow":
            return f"follow with {who} to {a['to']}"
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
    return f"{action.verb} {a}"


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
        mods.append(_count(int(data["mali"]), "Malus", "Mali"))
    if data.get("boni"):
        mods.append(_count(int(data["boni"]), "Bonus", "Boni"))
    dice = ", ".join(map(str, data["dice"]))
    return (
        f"  {data['name']} ({data['side']}) fires in {STEP_NAMES.get(data['step'], data['step'])}"
        f", {where}: dice {dice}, hitting on {needs}"
        + (f" ({', '.join(mods)})" if mods else "")
        + f": {_count(int(data['hits']), 'hit', 'hits')}"
    )


def log_line(event: dict[str, JSON]) -> str:
    data: dict[str, Any] = dict(event.get("data", {}))
    kind = event.get("kind")
    if kind == "roll":
        return f"  dice {data['dice']} ({data['purpose']})"
    if kind == "battle":
        return f"Battle at {data['hex']}" + (" (blitz)" if data.get("blitz") else "")
    if kind == "battle_over":
        return f"Battle at {data['hex']} over: {data['winner'] or 'nobody'} holds it"
    if kind == "reveal":
        return f"  revealed: {data['name']} ({data['side']} {data['cls']}, {data['strength']})"
    if kind == "fire":
        return _fire_line(data)
    if kind == "round":
        return f"Battle at {data['hex']}: round {data['round']}"
    if kind == "hit":
        who = data.get("name", data["unit"])
        result = HIT_RESULTS.get(str(data["result"]), str(data["result"]))
        if data["result"] == "eliminated":
            return f"  hit on {who}: {result}"
        return f"  hit on {who}: {result}, strength {data['strength']}"
    if kind == "eliminated":
        return f"  eliminated: {data.get('name', data.get('handle'))} ({data['why']})"
    if kind == "fortification_lost":  # BOX 1
        now = "is now a bunker" if data["now"] == "bunker" else "is destroyed"
        return f"{data['city']} falls to the {data['side']}: its {data['was']} {now}"
    if kind == "turn":
        return f"=== Turn {data['turn']} ({month_of(int(data['turn']))}), weather {data['weather']}"
    if kind == "side":
        return f"--- {data['side']} phases"
    if kind in ("move", "rail", "fly", "rebase", "retreat", "react", "blitz"):
        path = data.get("path") or [data.get("frm"), data.get("to")]
        return (
            f"{data.get('side')} block {data.get('handle')} {kind}: {' -> '.join(map(str, path))}"
        )
    if kind == "game_over":
        return f"GAME OVER: {data['outcome']} ({data['detail']})"
    return _other_line(str(kind), data)


MOVES_IN_WORDS = {
    "air_evacuation": "flies off its overrun airbase",
    "follow": "follows the blitz",
    "redeploy": "is set up",
}


def _unit_name(uid: object) -> str:
    """A block's printed name (own blocks only reach this: events addressed to a side)."""
    from .forces import DataError, unit

    try:
        return unit(str(uid)).name
    except (KeyError, ValueError, DataError):
        return "a block"


def _other_line(kind: str, data: dict[str, Any]) -> str:
    """The less frequent events, each said in words (never keys or unit ids)."""
    side, where = data.get("side", ""), data.get("hex", "")
    name = _unit_name(data["unit"]) if "unit" in data else data.get("name", "a block")
    lines: dict[str, str] = {
        "setup": f"Scenario {data.get('scenario')} set up",
        "captured": f"{data.get('city')} ({where}) taken by the {side}",
        "factories_destroyed": f"the factories of {data.get('city')} are destroyed",
        "deploy": f"the {side} player deploys",
        "deployed": f"{name} deployed to {where}",
        "deployment_done": f"the {side} player has deployed",
        "income": f"{data.get('power', '').title()} collects {data.get('pp')} PP",
        "reinforcement_available": f"{name} is ready to arrive",
        "aid": f"Germany gives 1 PP to {str(data.get('to', '')).title()}",
        "repair": f"{name} repaired to strength {data.get('strength')}",
        "pp_spent": f"the {side} player spends {data.get('pp')} PP",
        "disband": f"{name} disbanded",
        "block_removed": f"a {side} block leaves the map",
        "place": f"{name} arrives at {where}",
        "rebuild": f"{name} rebuilt at {where}",
        "block_placed": f"a new {side} block appears at {where}",
        "hq_action": f"{_unit_name(data.get('hq'))} spends an action point on a rail move",
        "rail_unit": f"{name} rides the railway",
        "out_of_supply": (
            f"{side} blocks out of supply at {', '.join(data.get('hexes', []))}"
            if data.get("hexes")
            else f"every {side} block is in supply"
        ),
        "surrender": f"a {side} block at {where} surrenders, out of supply",
        "surrendered_unit": f"{name} surrenders",
        "surrender_pp": f"{str(data.get('power', '')).title()} gains {data.get('pp')} PP",
        "eliminated_unit": f"{name} is lost",
        "power_surrenders": f"{str(data.get('power', '')).title()} leaves the war",
        "finland_neutral": "Finland is neutral: every unit inside must leave",
    }
    if kind in lines:
        return lines[kind]
    if kind in MOVES_IN_WORDS:
        return (
            f"{side} block {data.get('handle')} {MOVES_IN_WORDS[kind]}: "
            f"{data.get('frm')} -> {data.get('to')}"
        )
    return kind.replace("_", " ")  # an event with no words yet: its name, never its fields
