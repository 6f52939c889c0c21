"""Team play (optional rule 38.1): each side's command split at the green line.

The rules engine stays two-sided: a team game is an ordinary game whose state holds the
option ``or38_team_play``. What this module adds is the answer the server asks for
(:class:`hexfront.engine.protocol.SplitsCommand`): which commander gives each legal
action of the pending decision.

* 38.1: the northern commander leads every unit north of the green line, the southern
  one every unit south of it; a unit that crosses the line passes to the other at once,
  so an action follows where its unit stands *now*. An HQ's orders (activating it, its
  commands, its recon, its reserves) are its own commander's.
* A unit not on the map (a reinforcement, a rebuild) goes to the commander of the hex
  where it is placed.
* A battle's decisions (hits, retreats, special attacks, targets) belong, on each side,
  to the commander of the battle's hex.
* 38.1: the side's resources are shared: an action that names no place (German aid,
  projects, plants) may be taken by either commander (``EITHER``), unless every located
  action of the decision is one commander's (then the rest is his too: cancelling his
  own pick, fighting as usual). Ending a phase or a stage (``done``, ``end_ground``) is
  for both to agree on (``BOTH``, design choice: the server waits for the second).

The line and the off-map boxes come from ``data/team_play.toml``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources

from hexfront.engine.events import JSON
from hexfront.engine.protocol import BOTH, EITHER, Action

from .optional import rule_on
from .state import ON_MAP, BiteState

TEAM_PLAY = "or38_team_play"


@cache
def _data() -> dict[str, object]:
    text = resources.files("hexfront.games.bite").joinpath("data/team_play.toml").read_text()
    return tomllib.loads(text)


def commander_names() -> tuple[str, ...]:
    """The commanders of each side, north first (``data/team_play.toml``)."""
    table = _data()["commanders"]
    assert isinstance(table, dict)
    return tuple(str(n) for n in table["names"])


def joint_verbs() -> frozenset[str]:
    """Verbs that end a phase or stage for the whole side (both commanders agree)."""
    table = _data()["commanders"]
    assert isinstance(table, dict)
    return frozenset(str(v) for v in table["joint_verbs"])


def commanders(options: Mapping[str, JSON]) -> tuple[str, ...]:
    """The commanders of each side: north and south in a team game, none otherwise."""
    if options.get(TEAM_PLAY) is not True:
        return ()
    return commander_names()


def halves(state: BiteState) -> list[str]:
    """The commander of every node of the map: south inside the boundary zone, north
    outside it, the boxes as the data file says (cached with the world)."""
    derived = state.w.derived
    cached = derived.get("team_halves")
    if cached is None:
        board = state.w.board
        data = _data()
        north, south = commander_names()
        zone = board.zone(str(data["boundary"]))
        boxes = data["boxes"]
        assert isinstance(boxes, dict)
        out = [south if n in zone else north for n in range(board.node_count)]
        for box, half in boxes.items():
            if half not in (north, south):
                raise ValueError(f"team_play.toml: box {box} is {half!r}, not north or south")
            out[board.node(str(box))] = str(half)
        cached = derived["team_halves"] = out
    assert isinstance(cached, list)
    return cached


def half_of_hex(state: BiteState, hex_id: str) -> str:
    """The commander of a printed hex (or box) ID."""
    return halves(state)[state.w.board.node(hex_id)]


def _located(state: BiteState, action: Action, battle: str | None) -> str | None:
    """The commander an action belongs to by where it acts, or None if it names no place."""
    if battle is not None:
        return half_of_hex(state, battle)
    args = action.args
    hq = args.get("hq")
    if isinstance(hq, str) and hq in state.pieces:
        p = state.pieces[hq]
        if p.status == ON_MAP and p.node >= 0:
            return halves(state)[p.node]
    unit = args.get("unit")
    if isinstance(unit, str) and unit in state.pieces:
        p = state.pieces[unit]
        if p.status == ON_MAP and p.node >= 0:
            return halves(state)[p.node]
    for key in ("hex", "at"):
        where = args.get(key)
        if isinstance(where, str):
            return half_of_hex(state, where)
    return None


def command_of(
    state: BiteState, prompt_data: Mapping[str, JSON], actions: Sequence[Action]
) -> list[str]:
    """For each legal action of the pending decision: ``north``, ``south``, ``EITHER`` or
    ``BOTH`` (see the module's rules)."""
    battle = prompt_data.get("hex")
    where = [_located(state, a, battle if isinstance(battle, str) else None) for a in actions]
    found = {w for w in where if w is not None}
    only = next(iter(found)) if len(found) == 1 else None
    joint = joint_verbs()
    out: list[str] = []
    for action, w in zip(actions, where, strict=True):
        if w is not None:
            out.append(w)
        elif only is not None:
            out.append(only)
        elif action.verb in joint:
            out.append(BOTH)
        else:
            out.append(EITHER)
    return out


def team_play_on(options: Mapping[str, JSON]) -> bool:
    """Whether the game is played by teams (38.1)."""
    return rule_on(options, TEAM_PLAY)
