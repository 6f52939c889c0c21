"""Railways that change during a game: the Soviet infrastructure projects (long scenarios).

The map carries three unbuilt Soviet railways (Saratov-Stalingrad, Stalingrad-Astrakhan,
Astrakhan-Baku) and the unbuilt Baku-Krasnovodsk sea route (3.7 note; booklet, SBE6 "Soviet
Infrastructure"). A project once built (``rules/economy.py``) is kept in ``state.flags``
under :data:`BUILT`; SBE7 and SBE8 start with every project built (scenario flag
``soviet_infrastructure_complete``). :func:`rails` is the railway net of a state: the map's
built lines plus the projects finished in this game. Every rule that follows railways
(strategic rail movement 7.4, supply sources 4.2, resource connection 11.2, the link to
Siberia) reads it, so basic games, which never build, see the map's net unchanged.

This module imports no other rules module (``basics`` imports it).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources as files
from itertools import pairwise
from typing import Any

from ..state import BiteState

BUILT = "projects_built"  # state.flags: ids of the infrastructure projects finished
COMPLETE_FLAG = "soviet_infrastructure_complete"  # scenario flag: all built at the start


@dataclass(frozen=True, slots=True)
class Project:
    """One Soviet infrastructure project (booklet, SBE6)."""

    id: str
    name: str
    cost: int
    line: str | None  # the map's rail line (rails.toml name), or
    link: tuple[str, str] | None  # the map's link between two places (the sea route)


@dataclass(frozen=True, slots=True)
class ProjectRules:
    from_turn: int
    flag: str
    power: str
    projects: tuple[Project, ...]


@cache
def economy_data() -> Mapping[str, Any]:
    """``data/economy.toml`` as read."""
    text = files.files("hexfront.games.bite").joinpath("data/economy.toml").read_text("utf-8")
    return tomllib.loads(text)


@cache
def project_rules() -> ProjectRules:
    raw = economy_data()["projects"]
    projects = []
    for p in raw["project"]:
        link = p.get("link")
        projects.append(
            Project(
                id=str(p["id"]),
                name=str(p["name"]),
                cost=int(p["cost"]),
                line=str(p["line"]) if "line" in p else None,
                link=(str(link[0]), str(link[1])) if link else None,
            )
        )
        if (projects[-1].line is None) == (projects[-1].link is None):
            raise ValueError(f"economy.toml: project {p['id']} needs a line or a link")
    return ProjectRules(
        from_turn=int(raw["from_turn"]),
        flag=str(raw["flag"]),
        power=str(raw["power"]),
        projects=tuple(projects),
    )


def project(pid: str) -> Project:
    for p in project_rules().projects:
        if p.id == pid:
            return p
    raise KeyError(pid)


def built(state: BiteState) -> tuple[str, ...]:
    """The projects standing in this game, in the data's order."""
    if state.w.scenario.flags.get(COMPLETE_FLAG):
        return tuple(p.id for p in project_rules().projects)
    found = state.flags.get(BUILT)
    if not isinstance(found, list) or not found:
        return ()
    done = {str(x) for x in found}
    return tuple(p.id for p in project_rules().projects if p.id in done)


def rails(state: BiteState) -> Sequence[Sequence[int]]:
    """Railway adjacency of this state: the map's built net and the finished projects."""
    board = state.w.board
    done = built(state)
    if not done:
        return board.rail_adjacency
    key = "rails:" + ",".join(done)
    derived = state.w.derived
    found: list[tuple[int, ...]] | None = derived.get(key)
    if found is None:
        found = derived[key] = _with_projects(state, done)
    return found


def _with_projects(state: BiteState, done: tuple[str, ...]) -> list[tuple[int, ...]]:
    from ..world import MapBoard

    board = state.w.board
    adj = [set(x) for x in board.rail_adjacency]
    if not isinstance(board, MapBoard):  # a hand-made test board has no projects
        return [tuple(sorted(x)) for x in adj]
    lines = {r.name: r for r in board.m.rails}
    for pid in done:
        p = project(pid)
        pairs: list[tuple[int, int]] = []
        if p.line is not None and p.line in lines:
            nodes = lines[p.line].nodes
            pairs = list(pairwise(nodes))
        elif p.link is not None:
            pairs = [(board.node(p.link[0]), board.node(p.link[1]))]
        for a, b in pairs:
            adj[a].add(b)
            adj[b].add(a)
    return [tuple(sorted(x)) for x in adj]
