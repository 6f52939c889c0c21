"""Victory Phase (7.11): surrenders of powers, and each scenario's verdict.

Scenario conditions are data (``data/scenarios/SBEn.toml``, ``[victory]``), in three kinds:

* ``conditions``: the first condition met gives its result, else ``default``. Condition
  kinds evaluated here: ``control`` (the side holds any of ``places``), ``cut_off``
  (``place`` has no route to ``from_place`` by the listed ``routes``: "rail" and
  "road_of_life"), ``surrounded`` (every hex around ``place`` is held by the side or lies in
  its zone of control, and none holds an enemy unit).
* ``count_table``: how many of ``places`` the side holds, looked up in ``table``.
* ``vp_table``: Victory Points (``vp.soviet_major_city`` per Soviet major city held, none when left out,
  ``vp.places`` for named ones instead), looked up in ``table``.

A result is ``{winner, level}`` with winner "axis", "soviet" or "draw".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexfront.engine.events import JSON
from hexfront.engine.paths import bfs
from hexfront.engine.sequence import Frame, Machine, Procedure

from ..state import AXIS, DISBANDED, ELIMINATED, ON_MAP, REMOVED, SOVIET, BiteState
from ..types import Node, Side
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


def _node(state: BiteState, name: str) -> Node | None:
    try:
        return state.w.board.node(name)
    except (KeyError, ValueError):
        return None


def axis_holds(state: BiteState, name: str) -> bool:
    return _holds(state, AXIS, name)


def rail_linked_to_siberia(state: BiteState, name: str) -> bool:
    """Whether a Soviet city still reaches Siberia by Soviet-held railway."""
    board = state.w.board
    node, siberia = _node(state, name), _node(state, "SIBERIA")
    if node is None or siberia is None:
        return True
    axis_at = {p.node for p in state.on_map(AXIS) if state.spec(p).is_ground}

    def ok(n: Node) -> bool:
        return state.control[n] == SOVIET and n not in axis_at

    if not ok(node):
        return False
    return bfs(board.rail_adjacency, [siberia], passable=ok)[node] >= 0


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
        held = [str(p) for p in cond.get("places", []) if _holds(state, side, str(p))]
        return f"{side} holds {', '.join(held)}" if held else None
    if kind == "cut_off":
        place = str(cond["place"])
        routes = list(cond.get("routes", ["rail"]))
        via = "Volkhov" if "road_of_life" in routes else None
        return f"{place} is cut off from Siberia" if isolated(state, place, via) else None
    if kind == "surrounded":
        place = str(cond["place"])
        return f"{place} is surrounded" if surrounded(state, place) else None
    return None  # advanced-game conditions are evaluated by the advanced rules


def verdict(state: BiteState) -> dict[str, JSON]:
    spec = state.w.scenario.victory
    kind = spec.get("kind")
    outcome: dict[str, str] = {"winner": "draw", "level": "draw"}
    detail = ""
    score: int | None = None
    if kind == "conditions":
        outcome = dict(spec.get("default", outcome))
        detail = "no objective reached"
        for cond in spec.get("condition", []):
            met = _condition_met(state, cond)
            if met is not None:
                outcome, detail = dict(cond["result"]), met
                break
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
        if state.turn >= ITALY_SURRENDER_TURN:
            _power_out(state, "italy", "Italy leaves the war in September 1943")
        if state.turn >= state.w.scenario.last_turn:
            state.result = verdict(state)
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
