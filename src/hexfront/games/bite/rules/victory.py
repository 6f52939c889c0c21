"""Victory Phase (7.11): surrenders of powers, and each scenario's verdict.

Scenario conditions come from the scenario data (``victory`` table). Kinds:

* ``control``: the Axis wins if it holds any of ``cities`` at the end (SBE1, SBE2),
  optionally also if it ``isolates`` a city from Siberia (SBE1) or ``surrounds`` it (SBE2);
  otherwise ``otherwise`` (a draw).
* ``objectives``: count the ``cities`` the Axis holds and look the count up in ``table``
  (SBE3).
* ``vp``: Victory Points for Soviet major cities the Axis holds, with ``weights`` for named
  cities, looked up in ``table`` (SBE4, SBE5).

A table row is ``{min, max, winner, level}``; winner is "axis", "soviet" or "" (draw).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from hexfront.engine.events import JSON
from hexfront.engine.paths import bfs
from hexfront.engine.sequence import Frame, Machine, Procedure

from ..state import AXIS, ELIMINATED, ON_MAP, REMOVED, SOVIET, BiteState
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


def _node(state: BiteState, name: str) -> int | None:
    try:
        return state.w.board.node(name)
    except (KeyError, ValueError):
        return None


def axis_holds(state: BiteState, name: str) -> bool:
    node = _node(state, name)
    return node is not None and state.control[node] == AXIS


def rail_linked_to_siberia(state: BiteState, name: str) -> bool:
    """Whether a Soviet city still reaches Siberia by Soviet-held railway."""
    board = state.w.board
    node, siberia = _node(state, name), _node(state, "SIBERIA")
    if node is None or siberia is None:
        return True
    axis_at = {p.node for p in state.on_map(AXIS) if state.spec(p).is_ground}

    def ok(n: int) -> bool:
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


def victory_points(state: BiteState, weights: Mapping[str, int]) -> int:
    """SBE4: 1 VP per Soviet major city held by the Axis, named cities weigh more."""
    board = state.w.board
    total = 0
    for node, site in board.sites.items():
        if board.owner_1941[node] != "ussr" or state.control[node] != AXIS:
            continue
        if site.name in weights:
            total += weights[site.name]
        elif site.is_major:
            total += 1
    return total


def _lookup(table: list[Mapping[str, Any]], value: int) -> tuple[str, str]:
    for row in table:
        if int(row["min"]) <= value <= int(row.get("max", 10**9)):
            return str(row["winner"]), str(row.get("level", ""))
    return "", ""


def verdict(state: BiteState) -> dict[str, JSON]:
    spec = state.w.scenario.victory
    kind = spec.get("kind")
    winner, level, detail = "", "", ""
    score: int | None = None
    if kind == "control":
        cities = list(spec.get("cities", []))
        held = [c for c in cities if axis_holds(state, c)]
        iso = spec.get("isolates")
        sur = spec.get("surrounds")
        if held:
            winner, detail = AXIS, f"Axis holds {', '.join(held)}"
        elif iso and isolated(state, str(iso), cast(str | None, spec.get("road_of_life"))):
            winner, detail = AXIS, f"{iso} is cut off from Siberia"
        elif sur and surrounded(state, str(sur)):
            winner, detail = AXIS, f"{sur} is surrounded"
        else:
            detail = "no Axis objective reached"
        level = str(spec.get("level", "")) if winner else ""
    elif kind == "objectives":
        cities = list(spec.get("cities", []))
        score = sum(1 for c in cities if axis_holds(state, c))
        winner, level = _lookup(list(spec["table"]), score)
        detail = f"Axis holds {score} of {len(cities)} objectives"
    elif kind == "vp":
        score = victory_points(state, cast(Mapping[str, int], spec.get("weights", {})))
        winner, level = _lookup(list(spec["table"]), score)
        detail = f"Axis victory points: {score}"
    outcome = "draw" if not winner else f"{winner} {level} victory".replace("  ", " ")
    return {
        "winner": winner or None,
        "outcome": outcome,
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
        """5.5: Vyborg in Soviet hands and four Finnish ground units out of play."""
        vyborg = _node(state, "Vyborg")
        if vyborg is None or state.control[vyborg] != SOVIET:
            return
        lost = sum(
            1
            for p in state.pieces.values()
            if state.spec(p).nation == "finland"
            and state.spec(p).is_ground
            and p.status in (ELIMINATED, REMOVED)
        )
        if lost >= 4:
            _power_out(state, "finland", "Vyborg lost and four Finnish units out of play")


def units_on_map(state: BiteState, side: str) -> int:
    return sum(1 for p in state.pieces.values() if p.status == ON_MAP and p.side == side)
