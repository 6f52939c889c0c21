"""The end-of-game report (issue 18, point 10): how the game went, turn by turn.

Only for a finished game, whose full record every seat may read already
(``GET /record``): the report is a summary of that record, so it tells a seat nothing it
could not work out from the record, and nothing at all while the game is on. It replays
the record once and keeps, at the start of each turn and at the end, each side's blocks and
strength and the control of the map (the client counts the objectives or victory points in
it, as its victory panel does), and every block lost, with its side, class and turn.

Game-agnostic: it reads the referee's view (``view(state, None)``) and takes what it finds
there (``turn``, ``units``, ``control``, ``pools``, ``log``); a game whose view has none of
these gets a report with the verdict and the turns only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action, Game
from hexfront.i18n import _

from .errors import forbidden
from .live import result_json

LOST = frozenset({"eliminated", "surrendered_unit"})


def _point(view: dict[str, Any], when: str) -> dict[str, JSON]:
    """One point of the chart: the sides' blocks and strength, and the map's control."""
    strength: dict[str, int] = {}
    blocks: dict[str, int] = {}
    for u in view.get("units") or []:
        if not isinstance(u, dict) or u.get("hex") is None:
            continue
        side = str(u.get("side"))
        blocks[side] = blocks.get(side, 0) + 1
        value = u.get("strength")
        strength[side] = strength.get(side, 0) + (int(value) if isinstance(value, int) else 0)
    control = view.get("control")
    return {
        "turn": view.get("turn"),
        "when": when,
        "strength": dict(strength),
        "blocks": dict(blocks),
        "control": control if isinstance(control, str) else None,
    }


def _classes(view: dict[str, Any], into: dict[str, tuple[str, str, str]]) -> None:
    """Unit id (and ``handle:`` its block) -> (class, name, side), from a referee's view."""
    entries: list[Any] = list(view.get("units") or [])
    pools = view.get("pools") or {}
    if isinstance(pools, dict):
        for listed in pools.values():
            entries.extend(listed if isinstance(listed, list) else [])
    for u in entries:
        if isinstance(u, dict) and u.get("id") is not None:
            known = (str(u.get("cls") or ""), str(u.get("name") or ""), str(u.get("side") or ""))
            into.setdefault(str(u["id"]), known)
            if u.get("handle") is not None:
                into[f"handle:{u['handle']}"] = known


def summarise(
    game: Game[Any], scenario: str, options: dict[str, Any], seed: int, actions: Sequence[Action]
) -> dict[str, JSON]:
    """Replay a finished game's record into its report (blocking work: a worker thread)."""
    state = game.setup(scenario, options, seed)
    classes: dict[str, tuple[str, str, str]] = {}
    first = game.view(state, None)
    _classes(first, classes)
    points = [_point(first, "start")]
    # Every block lost, from the events of the replay itself: a view's log keeps only its
    # newest lines, and a long game lost blocks long before its end.
    lost: list[tuple[Any, dict[str, Any], str]] = []
    turn: Any = first.get("turn")
    for action in actions:
        events = game.apply(state, action)
        for e in events:
            kind = getattr(e, "kind", None)
            data = getattr(e, "data", None) or {}
            if kind == "turn":
                turn = data.get("turn", turn)
            elif kind in LOST and (data.get("unit") or data.get("handle")) is not None:
                lost.append((turn, dict(data), str(kind)))
        if any(getattr(e, "kind", None) == "turn" for e in events) and not game.is_over(state):
            view = game.view(state, None)
            _classes(view, classes)
            points.append(_point(view, "start"))
    last = game.view(state, None)
    _classes(last, classes)
    points.append(_point(last, "end"))
    losses: list[JSON] = []
    for when, data, how in lost:
        key = str(data["unit"]) if data.get("unit") is not None else f"handle:{data['handle']}"
        cls, name, side = classes.get(key, ("", "", ""))
        losses.append(
            {
                "turn": when,
                "side": data.get("side") or side or None,  # a surrender names no side
                "cls": cls or None,
                "name": data.get("name") or name or None,
                "how": how,
            }
        )
    return {"points": points, "losses": losses, "last_turn": last.get("last_turn")}


async def game_report(games: Any, game_id: str) -> dict[str, JSON]:
    """``GET /api/games/{id}/report``: refused until the game is over."""
    async with games.locked(game_id) as live:
        match = live.match
        if not match.is_over():
            raise forbidden("game_not_over", _("the report opens when the game is over"))
        record = match.record
        actions = list(record.actions)
        result = result_json(match)
        args = (live.game, record.scenario, dict(record.options), record.seed, actions)
    body = await games.run(summarise, *args)
    return {"id": game_id, "status": "over", "result": result, "scenario": args[1], **body}
