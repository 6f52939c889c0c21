"""Victory Phase (7.11): surrenders of powers, and each scenario's verdict.

Scenario conditions are data (``data/scenarios/SBEn.toml``, ``[victory]``), in these kinds:

* ``conditions``: the first condition met gives its result, else ``default``. Condition
  kinds evaluated here: ``control`` (the side holds any of ``places``, or all of them with
  ``all``), ``cut_off`` (``place`` has no route to ``from_place`` by the listed ``routes``:
  "rail" and "road_of_life"), ``surrounded`` (every hex around ``place`` is held by the side
  or lies in its zone of control, and none holds an enemy unit), ``units_destroyed`` (at
  least ``min`` enemy units matching ``filter`` destroyed), ``bridgehead`` (``min_units``
  supplied ground units of the side across ``river``), ``control_pairs_roll`` (one place of
  each pair held, then a die roll), ``capture_deadline`` (below) and ``surrender``.
* ``count_table``: how many of ``places`` the side holds, looked up in ``table``.
* ``vp_table``: Victory Points (``vp.soviet_major_city`` per Soviet major city held, none
  when left out, ``vp.places`` for named ones instead), looked up in ``table``.
* ``capture_deadline``: the side holds every one of ``places`` by a deadline's turn.

With ``sudden_death = true`` the conditions are checked in every Victory Phase and the
first met ends the game (SBE8, SBE9); otherwise only after the last turn.

A result is ``{winner, level}`` with winner "axis", "soviet" or "draw".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexfront.engine.events import JSON
from hexfront.engine.sequence import Frame, Machine, Procedure

from ..state import AXIS, DISBANDED, ELIMINATED, ON_MAP, REMOVED, SOVIET, BiteState
from ..types import Node, Side
from ..versions import differs
from . import persia, resources
from .basics import rail_linked_to_siberia as rail_linked_to_siberia
from .basics import zoc_map

M = Machine[BiteState]

CAPITAL_SURRENDER = {
    "germany": "Berlin",
    "finland": "Helsinki",
    "romania": "Bucharest",
    "hungary": "Budapest",
    "slovakia": "Bratislava",
}
ITALY_SURRENDER_TURN = 28  # 7.11: September 1943 in the basic game
ITALY_ROLLS = "or36_italy_surrenders"  # the optional rule that replaces it (36.0)


def _node(state: BiteState, name: str) -> Node | None:
    try:
        return state.w.board.node(name)
    except (KeyError, ValueError):
        return None


def axis_holds(state: BiteState, name: str) -> bool:
    return _holds(state, AXIS, name)


def isolated(state: BiteState, name: str, via: str | None) -> bool:
    """SBE1: cut from Siberia by rail, and by the Road of Life through ``via`` (Volkhov)."""
    if rail_linked_to_siberia(state, name):
        return False
    return not (
        via is not None and not axis_holds(state, name) and rail_linked_to_siberia(state, via)
    )


def surrounded(state: BiteState, name: str) -> bool:
    """SBE2: every hex around the city holds Axis units or lies in an Axis zone of control,
    and none holds Soviet units."""
    node = _node(state, name)
    if node is None:
        return False
    board = state.w.board
    zoc = zoc_map(state, AXIS, ground_only=True)
    axis_at = {p.node for p in state.on_map(AXIS)}
    soviet_at = {p.node for p in state.on_map(SOVIET)}
    for n in board.adjacency[node]:
        if not board.playable[n]:
            continue
        if n in soviet_at or not (n in axis_at or zoc[n]):
            return False
    return True


def victory_points(state: BiteState, per_city: int, places: Mapping[str, int]) -> int:
    """SBE4: VP per Soviet major city held by the Axis; named cities score their own value.

    Major cities are the major and capital cities of 3.3 (capitals count as major cities
    there). Fortress cities are a type of their own in 3.3, so Oranienbaum and Sevastopol
    score nothing; Leningrad, a fortress too, scores because the scenario names it.
    """
    board = state.w.board
    total = 0
    for node, site in board.sites.items():
        if board.owner_1941[node] != "ussr" or state.control[node] != AXIS:
            continue
        if site.name in places:
            total += int(places[site.name])
        elif site.is_major:
            total += per_city
    return total


def _lookup(table: list[Mapping[str, Any]], value: int) -> dict[str, str]:
    for row in table:
        if int(row["min"]) <= value <= int(row.get("max", 10**9)):
            return {"winner": str(row["winner"]), "level": str(row.get("level", ""))}
    return {"winner": "draw", "level": "draw"}


def _holds(state: BiteState, side: str, name: str) -> bool:
    node = _node(state, name)
    return node is not None and state.control[node] == side


def _condition_met(state: BiteState, cond: Mapping[str, Any]) -> str | None:
    """A short description if the condition holds, else None."""
    kind = cond.get("kind")
    side = str(cond.get("side", AXIS))
    if kind == "control":
        places = [str(p) for p in cond.get("places", [])]
        held = [p for p in places if _holds(state, side, p)]
        if cond.get("all") and len(held) < len(places):
            return None
        return f"{side} holds {', '.join(held)}" if held else None
    if kind == "units_destroyed":
        lost = destroyed(state, cond.get("filter", {}))
        what = "Guards units" if cond.get("filter", {}).get("guards") else "units"
        enemy = str(cond.get("filter", {}).get("side", SOVIET))
        return f"{enemy} lost {lost} {what}" if lost >= int(cond["min"]) else None
    if kind == "bridgehead":
        river = str(cond["river"])
        count = bridgehead(state, side, river, supplied=bool(cond.get("supplied", True)))
        least = int(cond["min_units"])
        if differs(state.options, "sbe7_bridgehead_any_size"):
            least = 1  # SBE7 in the Italian 2.x booklet: a bridgehead of any size
        if count < least:
            return None
        return f"{side} holds a bridgehead of {count} units across the {river}"
    if kind == "control_pairs_roll":
        return _pairs_and_roll(state, side, cond)
    if kind == "surrender":
        power = str(cond["power"])
        return f"{power.capitalize()} surrendered" if power in state.surrendered else None
    if kind == "cut_off":
        place = str(cond["place"])
        routes = list(cond.get("routes", ["rail"]))
        via = "Volkhov" if "road_of_life" in routes else None
        return f"{place} is cut off from Siberia" if isolated(state, place, via) else None
    if kind == "surrounded":
        place = str(cond["place"])
        return f"{place} is surrounded" if surrounded(state, place) else None
    return None  # advanced-game conditions are evaluated by the advanced rules


def destroyed(state: BiteState, wanted: Mapping[str, Any]) -> int:
    """Units destroyed (eliminated, not removed by the calendar) matching ``wanted``:
    ``side`` and ``guards`` (SBE7 counts the Soviet Guards, who are never rebuilt, 10.0)."""
    count = 0
    for p in state.pieces.values():
        if p.status != ELIMINATED:
            continue
        if "side" in wanted and p.side != wanted["side"]:
            continue
        if wanted.get("guards") and "guards" not in state.spec(p).traits:
            continue
        count += 1
    return count


def west_of(state: BiteState, river: str) -> frozenset[Node]:
    """Map hexes west of a north-south river: in each hex row the river crosses, the hexes
    west of the first hex on its east bank (design choice, docs/rules-coverage.md, SBE7:
    the map has no bank regions, and a row-by-row reading follows the printed river)."""
    key = f"west_of:{river}"
    found: frozenset[Node] | None = state.w.derived.get(key)
    if found is not None:
        return found
    board = state.w.board
    ids = [board.id_of(n) for n in range(board.node_count)]
    east_bank: dict[str, int] = {}  # hex row -> the westernmost column on the east bank
    for a in range(board.node_count):
        for b in board.adjacency[a]:
            if not (ids[a].isdigit() and ids[b].isdigit()) or ids[a][:2] >= ids[b][:2]:
                continue  # each east-west hexside once, from its western hex
            if board.river_between(a, b) == river:
                row, col = ids[b][2:], int(ids[b][:2])
                east_bank[row] = min(east_bank.get(row, col), col)
    found = state.w.derived[key] = frozenset(
        n
        for n, hid in enumerate(ids)
        if hid.isdigit() and board.playable[n] and int(hid[:2]) < east_bank.get(hid[2:], 0)
    )
    return found


def bridgehead(state: BiteState, side: str, river: str, *, supplied: bool) -> int:
    """Ground units of ``side`` west of ``river`` (supplied ones only, if asked)."""
    from .supply import compute, is_supplied

    west = west_of(state, river)
    units = [p for p in state.on_map(side) if state.spec(p).is_ground and p.node in west]
    if supplied and units:
        net = compute(state, side)
        units = [p for p in units if is_supplied(state, p, net)]
    return len(units)


def _pairs_and_roll(state: BiteState, side: str, cond: Mapping[str, Any]) -> str | None:
    """SBE9: one city of each pair held, then a die roll of at most ``roll_max`` (one more
    with three of the cities held) in this Victory Phase."""
    pairs = [[str(x) for x in pair] for pair in cond["pairs"]]
    held = [[x for x in pair if _holds(state, side, x)] for pair in pairs]
    if not all(held):
        return None
    count = sum(len(h) for h in held)
    limit = int(cond["roll_max_with_three"]) if count >= 3 else int(cond["roll_max"])
    roll = state.dice.roll(1, "victory: Axis sudden death", state.log, by=side)[0]
    places = ", ".join(x for h in held for x in h)
    return f"{side} holds {places} and rolled {roll}" if roll <= limit else None


def _deadline(state: BiteState, spec: Mapping[str, Any]) -> tuple[dict[str, str], str] | None:
    """``capture_deadline``: the side holds all the places by a deadline still open."""
    side = str(spec.get("side", SOVIET))
    places = [str(p) for p in spec.get("places", [])]
    if not all(_holds(state, side, p) for p in places):
        return None
    for row in sorted(spec.get("deadlines", []), key=lambda r: int(r["by_turn"])):
        if state.turn <= int(row["by_turn"]):
            result = {"winner": str(row["winner"]), "level": str(row.get("level", ""))}
            return result, f"{side} holds {', '.join(places)}"
    return None


def sudden_death(state: BiteState) -> dict[str, JSON] | None:
    """The verdict now, if the scenario ends at once when a condition is met (SBE8, SBE9)."""
    spec = state.w.scenario.victory
    if not spec.get("sudden_death"):
        return None
    found = _first_met(state, spec)
    return _as_result(found[0], found[1], None) if found is not None else None


def _first_met(state: BiteState, spec: Mapping[str, Any]) -> tuple[dict[str, str], str] | None:
    if spec.get("kind") == "capture_deadline":
        return _deadline(state, spec)
    for cond in spec.get("condition", []):
        if cond.get("kind") == "capture_deadline":
            found = _deadline(state, cond)
            if found is not None:
                return found
            continue
        met = _condition_met(state, cond)
        if met is not None:
            return dict(cond["result"]), met
    return None


def verdict(state: BiteState) -> dict[str, JSON]:
    spec = state.w.scenario.victory
    kind = spec.get("kind")
    outcome: dict[str, str] = {"winner": "draw", "level": "draw"}
    detail = ""
    score: int | None = None
    if kind in ("conditions", "capture_deadline"):
        outcome = dict(spec.get("default", outcome))
        detail = "no objective reached"
        found = _first_met(state, spec)
        if found is not None:
            outcome, detail = found
    elif kind == "count_table":
        side = str(spec.get("side", AXIS))
        places = [str(p) for p in spec.get("places", [])]
        score = sum(1 for p in places if _holds(state, side, p))
        outcome = _lookup(list(spec["table"]), score)
        detail = f"{side} holds {score} of {len(places)} objectives"
    elif kind == "vp_table":
        vp = spec.get("vp", {})
        score = victory_points(
            state, int(vp.get("soviet_major_city", 0)), dict(vp.get("places", {}))
        )
        outcome = _lookup(list(spec["table"]), score)
        detail = f"Axis victory points: {score}"
    return _as_result(outcome, detail, score)


def _as_result(outcome: Mapping[str, str], detail: str, score: int | None) -> dict[str, JSON]:
    winner = outcome.get("winner", "draw")
    level = outcome.get("level", "draw")
    if winner == "draw":
        text = "draw"
    elif level in ("decisive", "marginal"):
        text = f"{winner} {level} victory"
    else:
        text = f"{winner} victory"
    return {
        "winner": None if winner == "draw" else winner,
        "outcome": text,
        "level": level,
        "detail": detail,
        "score": score,
    }


def _power_out(state: BiteState, power: str, why: str) -> None:
    if power in state.surrendered:
        return
    state.surrendered.append(power)
    for p in state.pieces.values():
        if state.spec(p).nation == power and p.status != REMOVED:
            p.status = REMOVED
            p.node = -1
    state.emit("power_surrenders", power=power, why=why)
    if power == "finland":
        _finland_neutral(state)


def soviet_collapse(state: BiteState) -> int | None:
    """SBE9's Soviet surrender, a design choice offered as the option ``soviet_surrender``
    (data/scenarios/SBE9.toml): the Soviet yellow income now, if the Axis holds the capital
    and that income is below the scenario's threshold; else None."""
    if state.options.get("soviet_surrender") != "collapse":
        return None
    terms = state.w.scenario.flags.get("soviet_surrender")
    if not isinstance(terms, Mapping):
        return None
    if not _holds(state, AXIS, str(terms["capital"])):
        return None
    gross = resources.incomes(state, SOVIET, ["ussr"])["ussr"].pp["yellow"]
    income = max(gross - resources.rules().deduction.get("ussr", 0), 0)
    return income if income < int(terms["income_below"]) else None


def _finland_neutral(state: BiteState) -> None:
    """5.5: Finland, out of the war, is neutral again: its 1941 land belongs to nobody.

    The units of other nations still in it must start leaving it (``movement.py``:
    ``must_evacuate``); from now on no unit enters it (``powers.may_enter``).
    """
    for node in state.w.board.zone("finland_1941"):
        state.control[node] = ""
    state.emit("finland_neutral")


class VictoryPhase(Procedure[BiteState]):
    name = "victory"

    def run(self, m: M, state: BiteState, frame: Frame) -> None:
        state.phase = "victory"
        for power, capital in CAPITAL_SURRENDER.items():
            node = _node(state, capital)
            if node is not None and state.control[node] == SOVIET:
                _power_out(state, power, f"{capital} is in Soviet hands")
        if persia.persia_falls(state):
            _power_out(state, "persia", "Teheran is in Soviet hands")  # 37.0
        spec = state.w.scenario.victory
        collapse = soviet_collapse(state)  # SBE9 option soviet_surrender (design choice)
        if collapse is not None:
            state.emit("soviet_surrender", pp=collapse)
            state.result = _as_result(
                {"winner": AXIS, "level": "decisive"}, "the Soviet Union surrendered", None
            )
            state.emit("game_over", **state.result)
            m.abort(state)
            return
        # A scenario's own sudden death comes first (SBE8, SBE9: Berlin taken in 1945 is a
        # marginal victory there, though Germany surrenders by 7.11).
        early = sudden_death(state)
        if early is not None:
            state.result = early
            state.emit("game_over", **state.result)
            m.abort(state)
            return
        if "germany" in state.surrendered:
            state.result = {
                "winner": SOVIET,
                "outcome": "soviet decisive victory",
                "level": "decisive",
                "detail": "Germany surrendered (sudden death)",
                "score": None,
            }
            m.abort(state)
            return
        self._finland(state)
        # 7.11; with optional rule 36.0 a die decides instead (surrenders.py).
        if state.turn >= ITALY_SURRENDER_TURN and state.options.get(ITALY_ROLLS) is not True:
            _power_out(state, "italy", "Italy leaves the war in September 1943")
        if state.turn >= state.w.scenario.last_turn:
            # Sudden-death conditions were just checked (a die roll is not rolled twice).
            no_win = _as_result(dict(spec.get("default", {})), "no objective reached", None)
            state.result = no_win if spec.get("sudden_death") else verdict(state)
            state.emit("game_over", **state.result)
            m.abort(state)
            return
        m.end(state)

    def _finland(self, state: BiteState) -> None:
        """5.5: Vyborg in Soviet hands and four Finnish ground units out of play (eliminated,
        removed or disbanded)."""
        vyborg = _node(state, "Vyborg")
        if vyborg is None or state.control[vyborg] != SOVIET:
            return
        lost = sum(
            1
            for p in state.pieces.values()
            if state.spec(p).nation == "finland"
            and state.spec(p).is_ground
            and p.status in (ELIMINATED, REMOVED, DISBANDED)
        )
        if lost >= 4:
            _power_out(state, "finland", "Vyborg lost and four Finnish units out of play")


def units_on_map(state: BiteState, side: Side) -> int:
    return sum(1 for p in state.pieces.values() if p.status == ON_MAP and p.side == side)
