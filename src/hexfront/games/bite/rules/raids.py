"""Escorts and interceptors over a raid: an airborne assault (optional rule 23.0) or a
strategic bombing mission (optional rule 32.0).

The raiding side may send fighters with the raid as escorts; the other side may then send
fighters to meet it. Before the anti-aircraft fire the two sides fight in the air (7.7.1):
one round of air-to-air fire, both at once, rolled by the battles' own ``combat.fire``.
Hits on the raid fall on its escorts first (the strongest first), then on the aircraft
that carries the raid (the bomber), so that the escorts shield it (32.0); over an airborne
assault every hit the raid takes is also a hit on the paratroopers or glider troops
(23.0), the landing code's own business (``landings.py``). Hits on the interceptors fall
on the strongest first.

Design choices (docs/rules-coverage.md):

- escorts are fighters able to fly a mission to the raid's hex (7.5.2: in range, supplied,
  not flown yet, under an HQ's command in the Advanced Game, 13.5; over a bombing, which
  comes before any HQ acts, no command, as for the bomber itself); interceptors are the
  other side's fighters within range of it, supplied, not on a mission, with no HQ needed
  (as for the Reich's interceptors of 35.1): the raid comes in the raider's turn, when the
  defender has no HQ to activate;
- at most two air units of a side in the raid, the carrier counted (3.10);
- one round of air-to-air fire, like the air war over Germany (35.1): no withdrawals;
- the hits are placed automatically (the strongest first, the first in id order among
  equals), with no choice between equals (7.7.9's choice is for the battles);
- the interceptors stay at their bases (they may still react to the battles, 7.6).

Each choice is one action: a set of fighters (or none), so that the defender's answer and
the fight come in one step, and the raider learns the interceptors only when they fight.
A raid waiting for its choices is kept in its phase's frame as handles and hexes only (the
frames are public, ``view.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import cast

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision

from ..charts import charts
from ..state import ON_MAP, SOVIET, BiteState, Piece, enemy_of
from ..types import Side
from ..versions import differs
from . import command, powers
from .air import air_range
from .basics import apply_hit, eliminate, is_frozen, reveal
from .combat import fire
from .level import surprise_turn
from .modifiers import A2A, BattleContext

RAID = "raid"  # the frame variable of a raid waiting for its escorts and interceptors
ESCORT = "escort"  # verb: these fighters fly with the raid (none: an empty list)
SCRAMBLE = "scramble"  # verb: these fighters meet the raid (none: an empty list)
AIRDROP = "airdrop"  # a raid's kind: an airborne assault (23.0)
BOMBING = "bomb"  # a raid's kind: a strategic bombing mission (32.0)
LOST = "combat"  # an aircraft shot down in the fight (the battles' own reason, 7.7)

Raid = dict[str, JSON]  # kind, side, hex, carrier (a handle or ""), escorts (handles), stage


def new_raid(state: BiteState, kind: str, side: Side, node: int, carrier: Piece | None) -> Raid:
    """A raid on ``node`` by ``side``, with the aircraft that carries it (if any)."""
    raid: Raid = {
        "kind": kind,
        "side": side,
        "hex": state.w.board.id_of(node),
        "carrier": carrier.handle if carrier is not None else "",
        "escorts": [],
        "stage": ESCORT,
    }
    update_stage(state, raid)
    return raid


def by_handle(state: BiteState, handle: str) -> Piece | None:
    if not handle:
        return None
    return next((p for p in state.pieces.values() if p.handle == handle), None)


def _node(state: BiteState, raid: Raid) -> int:
    return state.w.board.node(str(raid["hex"]))


def carrier(state: BiteState, raid: Raid) -> Piece | None:
    found = by_handle(state, str(raid["carrier"]))
    return found if found is not None and found.status == ON_MAP else None


def escorts(state: BiteState, raid: Raid) -> list[Piece]:
    out = [by_handle(state, str(h)) for h in cast(list[JSON], raid["escorts"])]
    return [p for p in out if p is not None and p.status == ON_MAP]


def _grounded(state: BiteState, piece: Piece) -> bool:
    """Barbarossa Surprise (SBE5, SBE9): Soviet fighters cannot take off on the first turn."""
    return piece.side == SOVIET and surprise_turn(state)


def _fighter(state: BiteState, piece: Piece) -> bool:
    return (
        piece.status == ON_MAP
        and state.spec(piece).cls == "fighter"
        and piece.base < 0
        and state.strength(piece) > 0
        and state.profile(piece).a2a > 0
        and not is_frozen(state, piece)
        and not _grounded(state, piece)
        and state.weather != "rain"  # 9.3: no air combat in rain
    )


def escort_candidates(state: BiteState, raid: Raid) -> list[Piece]:
    """Fighters of the raiding side able to fly a mission to the raid's hex (7.5.2, 13.5)."""
    side = str(raid["side"])
    node = _node(state, raid)
    board = state.w.board
    out: list[Piece] = []
    bombing = raid["kind"] == BOMBING
    flown = cast(list[JSON], raid.get("flown") or [])
    for p in sorted(state.on_map(side), key=lambda x: x.uid):
        if not _fighter(state, p):
            continue
        if p.handle in flown if bombing else p.moved:
            continue  # one mission a turn (32.0: kept home by the Movement Phase too)
        if p.moved and bombing and differs(state.options, "strategic_bombing_in_movement"):
            continue  # Italian 2.x: the bombing is flown in the Movement Phase (7.5.2)
        if p.oos and not command.supplied_by_order(state, p):
            continue
        if not bombing and not command.may_fly_mission(state, p):
            continue  # 13.5: a mission needs an HQ's command (a bombing needs none)
        if board.distance(p.node, node) > air_range(state, p):
            continue
        if powers.air_may_join(state, state.spec(p), side, node, attacking=True):
            out.append(p)
    return out


def interceptor_candidates(state: BiteState, raid: Raid) -> list[Piece]:
    """The other side's fighters within range of the raid's hex, supplied, at their bases."""
    side = enemy_of(str(raid["side"]))
    node = _node(state, raid)
    board = state.w.board
    out: list[Piece] = []
    for p in sorted(state.on_map(side), key=lambda x: x.uid):
        if p.oos or not _fighter(state, p):
            continue
        if board.distance(p.node, node) > air_range(state, p):
            continue
        if powers.air_may_join(state, state.spec(p), side, node, attacking=False):
            out.append(p)
    return out


def _room(state: BiteState, raid: Raid, *, raiders: bool) -> int:
    """3.10: at most two air units of a side in one fight (the carrier among them)."""
    if raiders:
        return charts().air_in_battle - (1 if carrier(state, raid) is not None else 0)
    return charts().air_in_battle


def update_stage(state: BiteState, raid: Raid) -> None:
    """Move past a stage nobody can choose in: no escort, or no interceptor, to send."""
    if raid["stage"] == ESCORT and (
        _room(state, raid, raiders=True) <= 0 or not escort_candidates(state, raid)
    ):
        raid["stage"] = SCRAMBLE
    if raid["stage"] == SCRAMBLE and not interceptor_candidates(state, raid):
        raid["stage"] = "fight"


def waiting(raid: Raid) -> bool:
    """Whether the raid still waits for a side's choice."""
    return bool(raid["stage"] != "fight")


def step(
    state: BiteState,
    waits: dict[str, JSON],
    action: Action,
    start: Callable[[BiteState, Action], Raid | None],
    finish: Callable[[BiteState, Raid, list[Piece]], None],
) -> None:
    """One action of a raid: ``start`` declares a new one (a drop, a bombing), or the raid
    kept in ``waits`` (the phase's frame variables) gets its escorts or interceptors; once
    both sides have chosen, ``finish`` fights it out."""
    raid = waits.get(RAID)
    interceptors: list[Piece] = []
    if isinstance(raid, dict):
        interceptors = choose(state, raid, action)
    else:
        raid = start(state, action)
        if raid is None:
            return
    if waiting(raid):
        waits[RAID] = raid
        return
    waits.pop(RAID, None)
    finish(state, raid, interceptors)


def _sets(side: str, verb: str, hex_id: JSON, units: list[Piece], room: int) -> list[Action]:
    """One action per set of up to ``room`` units, the largest first, then none."""
    out: list[Action] = []
    for size in range(min(room, len(units)), 0, -1):
        for group in combinations(units, size):
            out.append(Action(side, verb, {"units": [p.uid for p in group], "hex": hex_id}))
    out.append(Action(side, verb, {"units": [], "hex": hex_id}))
    return out


def decision(state: BiteState, raid: Raid) -> Decision | None:
    """The raider's escorts, then the defender's interceptors."""
    data: dict[str, JSON] = {"hex": raid["hex"], "raid": raid["kind"]}
    if raid["stage"] == ESCORT:
        side = str(raid["side"])
        found = escort_candidates(state, raid)
        actions = _sets(side, ESCORT, raid["hex"], found, _room(state, raid, raiders=True))
        text = (
            "Choose fighters to escort the raid (23.0, 32.0): they meet the enemy's "
            "interceptors and take the hits before the raid's own aircraft; or send none."
        )
        return Decision(Prompt(side, "escorts", text, data), actions)
    if raid["stage"] == SCRAMBLE:
        side = enemy_of(str(raid["side"]))
        found = interceptor_candidates(state, raid)
        actions = _sets(side, SCRAMBLE, raid["hex"], found, _room(state, raid, raiders=False))
        data["escorts"] = len(cast(list[JSON], raid["escorts"]))
        text = (
            "An enemy raid is coming (23.0, 32.0): choose fighters to intercept it before "
            "your anti-aircraft fire; or let it pass."
        )
        return Decision(Prompt(side, "interceptors", text, data), actions)
    return None


def choose(state: BiteState, raid: Raid, action: Action) -> list[Piece]:
    """Carry out a choice of the raid: the escorts join it, or the interceptors (returned)
    are sent against it, after which the raid is ready to fight."""
    units = [state.pieces[str(u)] for u in cast(list[JSON], action.args.get("units") or [])]
    if action.verb == ESCORT:
        for p in units:
            p.moved = True  # 7.5.2: its mission for the turn
        raid["escorts"] = [p.handle for p in units]
        if units:
            state.emit(
                "raid_escorts",
                side=str(raid["side"]),
                hex=raid["hex"],
                raid=raid["kind"],
                fighters=len(units),
            )
        raid["stage"] = SCRAMBLE
        update_stage(state, raid)
        return []
    raid["stage"] = "fight"
    return units


def _hit_air(state: BiteState, piece: Piece, why: str) -> None:
    outcome = apply_hit(state, piece)
    state.emit(
        "hit",
        audience=None if piece.revealed else piece.side,  # unseen, its owner alone knows
        unit=piece.uid,
        name=state.spec(piece).name,
        side=piece.side,
        result=outcome,
        strength=state.strength(piece),
    )
    if outcome == "eliminated":
        eliminate(state, piece, why)


def hit_in_order(state: BiteState, groups: list[list[Piece]], hits: int, why: str = LOST) -> None:
    """``hits`` on the aircraft of ``groups``: the first group takes them while any of it
    flies, the strongest first (the first in id order among equals), then the next."""
    for _ in range(hits):
        for group in groups:
            alive = [p for p in group if p.status == ON_MAP and state.strength(p) > 0]
            if alive:
                top = max(state.strength(p) for p in alive)
                _hit_air(state, next(p for p in alive if state.strength(p) == top), why)
                break


def shield(state: BiteState, raid: Raid) -> list[list[Piece]]:
    """The raid's aircraft in the order they take hits: the escorts, then the carrier."""
    kept = carrier(state, raid)
    return [escorts(state, raid), [kept] if kept is not None else []]


def fight(state: BiteState, raid: Raid, interceptors: list[Piece]) -> int:
    """7.7.1 over the raid: one round of air-to-air fire, both sides at once. Returns the
    hits the raid took (each also a hit on the troops of an airborne assault, 23.0)."""
    if not interceptors:
        return 0
    side = cast(Side, str(raid["side"]))
    defender = enemy_of(side)
    node = _node(state, raid)
    raiders = [p for group in shield(state, raid) for p in group]
    # They fight in the open, as in a battle (7.7).
    reveal(state, sorted([*raiders, *interceptors], key=lambda p: p.uid), raid["hex"])
    state.emit(
        "raid_intercepted",
        side=defender,
        hex=raid["hex"],
        raid=raid["kind"],
        fighters=len(interceptors),
    )
    ctx = BattleContext(node, side, defender, 1)
    on_defender = fire(state, ctx, [(p, state.profile(p).a2a) for p in raiders], A2A, air_round=1)
    on_raid = fire(state, ctx, [(p, state.profile(p).a2a) for p in interceptors], A2A, air_round=1)
    hit_in_order(state, [sorted(interceptors, key=lambda p: p.uid)], on_defender)
    hit_in_order(state, shield(state, raid), on_raid)
    return on_raid
