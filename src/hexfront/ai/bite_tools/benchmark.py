"""Rules-engine benchmarks, each ratio measured against its reference in the same run.

* random play: legal actions applied per second (random agents), on a scenario;
* a full turn: milliseconds from one turn's start to the next in random play;
* supply: our supply computation for all units of both sides, against the same search
  written with networkx on the same graph;
* OpenSpiel: random-play actions per second of OpenSpiel's C++ chess, if ``open_spiel``
  is installed (it is in the ``bench`` extra), for a same-machine yardstick.
"""

from __future__ import annotations

import time
from typing import Any

from hexfront.ai.base import RandomAgent
from hexfront.engine.match import Match
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules.basics import zoc_map
from hexfront.games.bite.rules.supply import (
    _sea_control,
    compute,
    finnish_lane_area,
    is_supplied,
    source_nodes,
)
from hexfront.games.bite.state import BiteState, enemy_of


def random_play(scenario: str, seconds: float = 20.0, seed: int = 1) -> dict[str, Any]:
    game = Bite()
    # The map and data load once per process before the clock starts, as OpenSpiel's
    # load_game does before its own (openspiel_chess below).
    game.setup(scenario, {}, seed)
    actions = 0
    turns: list[float] = []
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        match: Match[BiteState] = Match(game, scenario, {}, seed + games)
        agents = {"axis": RandomAgent(seed + games), "soviet": RandomAgent(seed + games + 1)}
        turn, turn_start = match.state.turn, time.perf_counter()
        while not match.is_over() and time.perf_counter() - start < seconds:
            side = match.active_sides()[0]
            legal = match.legal_actions(side)
            # Apply through the game, as an engine benchmark; Match adds a rollback copy.
            game.apply(match.state, agents[side].choose(match.view(side), legal))
            actions += 1
            if match.state.turn != turn:
                now = time.perf_counter()
                turns.append(now - turn_start)
                turn, turn_start = match.state.turn, now
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "scenario": scenario,
        "games": games,
        "actions": actions,
        "seconds": round(elapsed, 2),
        "actions_per_second": round(actions / elapsed, 1),
        "ms_per_turn": round(1000 * sum(turns) / len(turns), 1) if turns else None,
        "turns_timed": len(turns),
    }


def supply_vs_networkx(scenario: str, repeat: int = 20) -> dict[str, Any]:
    """All units of both sides checked for supply, ours against networkx, same graph."""
    import networkx as nx

    game = Bite()
    state = game.setup(scenario, {}, 1)
    board = state.w.board

    def ours() -> int:
        n = 0
        for side in ("axis", "soviet"):
            net = compute(state, side)
            n += sum(1 for p in state.on_map(side) if is_supplied(state, p, net))
        return n

    graph = nx.Graph()
    graph.add_nodes_from(range(board.node_count))
    for a in range(board.node_count):
        for b in board.adjacency[a]:
            graph.add_edge(a, b, w=3 if board.is_red_arrow(a, b) else 1)
    rail = nx.Graph()
    rail.add_nodes_from(range(board.node_count))
    for a in range(board.node_count):
        for b in board.rail_adjacency[a]:
            rail.add_edge(a, b)

    def theirs() -> int:
        n = 0
        for side in ("axis", "soviet"):
            enemy = enemy_of(side)
            ezoc = zoc_map(state, enemy, ground_only=True)
            enemy_ground = {p.node for p in state.on_map(enemy) if state.spec(p).is_ground}
            ok = [
                board.playable[x]
                and board.terrain[x] not in ("mountains", "water")
                and x not in enemy_ground
                and not ezoc[x]
                for x in range(board.node_count)
            ]
            passable = graph.subgraph([x for x in range(board.node_count) if ok[x]])
            powers = {state.spec(p).nation for p in state.on_map(side)}
            area = finnish_lane_area(state)
            # 5.5: a German unit in Finland's operational area may draw on the Finnish
            # sources too; each unit counts once, whichever power's lanes reach it.
            counted: set[str] = set()
            if side == "axis":
                powers.add("finland")
            for power in sorted(powers):
                main = state.w.main_sources.get(power)
                if main is None or state.control[main] != side:
                    continue
                usable = [
                    x
                    for x in range(board.node_count)
                    if state.control[x] == side and x not in enemy_ground
                ]
                linked = rail.subgraph(usable)
                sources = nx.node_connected_component(linked, main) if main in usable else set()
                # 4.2: a port reached by rail opens every port of a sea the side controls.
                ports = [
                    [x for x, site in board.sites.items() if site.port and site.sea == sea]
                    for sea in _sea_control(state, side)
                ]
                grown = True
                while grown:
                    grown = False
                    for group in ports:
                        group = [x for x in group if x in linked]
                        if any(x in sources for x in group):
                            for x in group:
                                if x not in sources:
                                    sources |= nx.node_connected_component(linked, x)
                                    grown = True
                lane_graph = passable
                if power == "finland":  # 5.5: Finnish lanes stay in the operational area
                    lane_graph = passable.subgraph(area)
                lanes = nx.multi_source_dijkstra_path_length(
                    lane_graph, [s for s in sources if s in lane_graph], cutoff=2, weight="w"
                )
                for p in state.on_map(side):
                    nation = state.spec(p).nation
                    german_in_finland = nation == "germany" and p.node in area
                    if p.uid in counted or not (
                        nation == power or (power == "finland" and german_in_finland)
                    ):
                        continue
                    if p.node in sources or any(
                        lanes.get(m, 99) + graph[p.node][m]["w"] <= 3 for m in graph[p.node]
                    ):
                        counted.add(p.uid)
                        n += 1
        return n

    assert ours() == theirs(), "supply disagrees with the networkx reference"
    best = [float("inf"), float("inf")]
    for _ in range(repeat):
        for i, fn in enumerate((ours, theirs)):
            t = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - t)
    return {
        "units": sum(1 for _ in state.on_map()),
        "ours_ms": round(best[0] * 1000, 3),
        "networkx_ms": round(best[1] * 1000, 3),
        "speedup": round(best[1] / best[0], 2),
        "sources_checked": len(source_nodes(state, "axis", state.w.main_sources["germany"])),
    }


def openspiel_chess(seconds: float = 10.0) -> dict[str, Any] | None:
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    import random

    game = pyspiel.load_game("chess")
    rng = random.Random(1)
    actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    elapsed = time.perf_counter() - start
    return {
        "actions": actions,
        "seconds": round(elapsed, 2),
        "actions_per_second": round(actions / elapsed, 1),
    }


def engine() -> str:
    """Which engine runs: "mypyc" when the rules are the compiled copy of tools/compile.py
    (on PYTHONPATH), "python" otherwise."""
    from hexfront.games.bite import game

    return "mypyc" if not str(game.__file__).endswith(".py") else "python"


def run(scenario: str = "SBE4", seconds: float = 20.0) -> dict[str, Any]:
    report: dict[str, Any] = {"engine": engine(), "random_play": random_play(scenario, seconds)}
    report["supply"] = supply_vs_networkx(scenario)
    chess = openspiel_chess(seconds / 2)
    report["openspiel_chess"] = chess
    if chess is not None:
        ratio = report["random_play"]["actions_per_second"] / chess["actions_per_second"]
        report["ratio_vs_openspiel_chess"] = float(f"{ratio:.3g}")  # 3 significant digits
    return report
