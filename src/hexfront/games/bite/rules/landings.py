"""Optional rules 23.0 (airborne assaults) and 24.0 (amphibious landings).

Airborne assault (23.0), in the Movement Phase with the air missions, one per activation of the Stavka or the
FHQ (a Supreme HQ action, 13.8.1; the FHQ's two kinds, 13.8.2):

- who: a German or Soviet paratrooper unit at TECH 2, or a German glider unit (the 22nd
  Airlanding Division), that has not moved, stands in an airbase city, was in supply at
  the start of the turn and is at full strength; a glider unit also needs a German bomber
  able to fly a mission that far, which flies with it;
- when: sunny weather only;
- where: a clear hex without a city within 5 hexes, empty or held by the enemy. At
  infantry TECH 3 one difficult feature (rough terrain or a city) is allowed, at the cost
  of one more hit on landing; never two. The Italian 2.x rulebook
  (``airborne_older_rules``): a clear hex, a minor city allowed, gliders reach 10 hexes, no
  TECH 3 bonus;
- how: dropped on armour held in reaction reserve (31.0) the unit is destroyed. Otherwise
  the raider may send fighters as escorts and the defender fighters to intercept
  (``raids.py``): one round of air-to-air fire over the drop (7.7.1), then the enemy
  ground units in the hex and its city fire their anti-aircraft dice at it (7.7.2). Each
  hit the raid takes falls on its aircraft (the escorts first, then the glider's bomber)
  and is also a hit on the paratroopers. Survivors land; an empty hex is taken (3.3), an
  enemy one is a battle in the Combat Phase, where the landed unit fires with one Malus
  in the first round (``landing_marks.py``), its surviving escorts (and bomber) over it.

Amphibious landing (24.0), in the Movement Phase, one per action point of the activated
Soviet Navy-HQ:

- who: a Soviet marine unit, the Soviet infantry at TECH 2, standing in the port where the
  Navy-HQ stands, both in supply and at full strength, the marines not moved;
- when: sunny weather, the port not frozen (9.2);
- where: a clear coastal hex without a city or shoals within 5 hexes of the port, on a sea
  the transport may reach (18.0), empty or held by the enemy; TECH 3 as above (never
  shoals and a major city together). The Italian 2.x rulebook (``amphibious_older_rules``):
  any hex but mountains, major cities and shoals; no TECH 3 bonus;
- how: a mine roll as for a naval move (18.1); in the first round of the battle the
  defending ground units have one Bonus (they fire first in every round, 7.7.5) and the
  marines one Malus. After each round of ground combat the marines may re-embark for
  another action point of the Navy-HQ: one more step lost, a new mine roll, and back to
  their port.

Stacking: the landed units may overstack in the turn of their drop or landing (23.0,
24.0): until their side's turn ends the stacking limits do not count them, so more units
may join them in the hex. Design choice: a hex they left overstacked stays lawful until
their owner's next Movement Phase, whose first ground moves must bring it within the
limits (3.10, 7.3.2, as for new units placed in a full city).

Design choices (docs/rules-coverage.md): the drop's anti-aircraft fire is rolled when the
drop is made.
"""

from __future__ import annotations

from typing import Any, cast

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action

from ..board import CLEAR, MOUNTAINS, WATER
from ..state import AXIS, ON_MAP, SOVIET, BiteState, Piece
from ..types import Node, Side
from ..units import UnitSpec
from ..versions import differs
from . import command, powers, raids, reserve
from .air import AIRBASE_TYPES, air_range
from .basics import (
    apply_hit,
    eliminate,
    is_frozen,
    lose_step,
    take_control,
    update_front,
)
from .combat import city_aa, fire, ground
from .landing_marks import AIRBORNE, AMPHIBIOUS, GLIDER, clear_side, landing_data, mark
from .level import advanced, surprise_turn
from .modifiers import AA, BattleContext
from .naval import (
    SUNK,
    coast_seas,
    mine_roll,
    naval_rules,
    needs_roll,
    port_open,
    risky_seas,
    sea_route,
    supreme_may,
)
from .optional_rules import rule_on

AIRBORNE_RULE = "or23_airborne"
AMPHIBIOUS_RULE = "or24_amphibious"
AIRBORNE_KIND = "airborne"  # the Supreme HQ menu entry (13.8.1)
LANDING_KIND = "landing"  # a Navy-HQ action point spent on a landing (24.0)
PARA_NATIONS = frozenset({"germany", "ussr"})  # 23.0: the Stavka and the FHQ only

LOST_AT_DROP = "destroyed dropping onto armour held in reserve (23.0)"
SHOT_DOWN = "shot down in its airborne assault (23.0)"
LOST_LANDING = "lost in its landing (24.0)"


def _table(name: str) -> dict[str, Any]:
    found: dict[str, Any] = landing_data()[name]
    return found


# --- the target hexes ------------------------------------------------------------------------


def _features(state: BiteState, node: Node, *, shoals: bool) -> list[str]:
    """The difficult features of a hex for a landing: rough terrain, a city, shoals."""
    board = state.w.board
    out: list[str] = []
    if board.terrain[node] != CLEAR:
        out.append(board.terrain[node])
    site = board.sites.get(node)
    if site is not None and site.is_city:
        out.append("major" if site.is_major else str(site.type))
    if shoals:
        out.append("shoals")
    return out


def _extra_hits(
    state: BiteState, spec: UnitSpec, tech: int, features: list[str], rule: str
) -> int | None:
    """0 or 1 more hit on landing where the unit may land, None where it may not."""
    if rule == "airborne" and differs(state.options, "airborne_older_rules"):
        # Italian 2.x: a clear hex, a minor city allowed; no TECH 3 bonus.
        return 0 if all(f == "minor" for f in features) else None
    if rule == "amphibious" and differs(state.options, "amphibious_older_rules"):
        # Italian 2.x: not mountains, major cities or shoals; no TECH 3 bonus.
        barred = {MOUNTAINS, "major", "shoals"}
        return None if any(f in barred for f in features) else 0
    if not features:
        return 0
    if len(features) == 1 and tech >= int(_table(rule)["bonus_tech"]):
        return 1  # the TECH 3 bonus: one difficult feature, one more hit
    return None


def _open_target(state: BiteState, piece: Piece, spec: UnitSpec, node: Node) -> bool:
    """An empty hex, or one held by enemy ground units, where the unit may stand (5.x)
    and fight. No stacking limit bars it: the landed unit may overstack that turn (23.0,
    24.0; ``landing_marks.overstack_excused``)."""
    board = state.w.board
    if not board.playable[node] or board.terrain[node] == WATER:
        return False
    here = state.at(node)
    side = piece.side
    if any(p.side == side for p in here):
        return False  # a drop or a landing goes behind or onto the enemy, not home
    enemies = [p for p in here if p.side != side]
    if not powers.may_enter(state, spec, node, piece.node):
        return False
    return not enemies or (
        bool(ground(state, enemies)) and powers.may_attack(state, spec, node, piece.node)
    )


# --- 23.0: airborne assaults -----------------------------------------------------------------


def _is_glider(state: BiteState, piece: Piece) -> bool:
    return "glider" in state.profile(piece).abilities or "glider" in state.spec(piece).traits


def may_drop(state: BiteState, piece: Piece) -> bool:
    """23.0: a paratrooper (TECH 2) or glider unit ready for an assault."""
    spec = state.spec(piece)
    if spec.cls != "paratrooper" or spec.nation not in PARA_NATIONS:
        return False
    if piece.status != ON_MAP or piece.moved or piece.oos or piece.step != 0:
        return False
    if is_frozen(state, piece):
        return False
    if not _is_glider(state, piece) and state.profile(piece).tech < int(_table("airborne")["tech"]):
        return False
    site = state.w.board.sites.get(piece.node)
    return (
        site is not None and site.type in AIRBASE_TYPES and state.control[piece.node] == piece.side
    )


def _drop_range(state: BiteState, piece: Piece) -> int:
    if _is_glider(state, piece) and differs(state.options, "airborne_older_rules"):
        return int(_table("airborne")["glider_range_older"])
    return int(_table("airborne")["range"])


def _bombers(state: BiteState, side: str) -> list[Piece]:
    """23.0: German bombers able to fly a mission now, to carry glider troops."""
    out: list[Piece] = []
    for p in sorted(state.on_map(side), key=lambda x: x.uid):
        spec = state.spec(p)
        if spec.cls != "bomber" or spec.nation != "germany" or p.moved or p.base >= 0:
            continue
        if p.oos or is_frozen(state, p) or state.strength(p) <= 0:
            continue
        if not command.may_fly_mission(state, p):
            continue  # 13.5: a mission needs an HQ's command
        out.append(p)
    return out


def _drop_hqs(state: BiteState, side: str) -> list[Piece]:
    out: list[Piece] = []
    for uid in sorted(command.active_entries(state)):
        hq = state.pieces[uid]
        spec = state.spec(hq)
        if hq.side != side or hq.status != ON_MAP or spec.cls != "supreme_hq":
            continue
        if spec.nation in PARA_NATIONS and supreme_may(state, hq, AIRBORNE_KIND):
            out.append(hq)
    return out


def drop_targets(state: BiteState, piece: Piece) -> dict[Node, int]:
    """23.0: target hex -> the extra hits landing there costs."""
    board = state.w.board
    spec = state.spec(piece)
    tech = state.profile(piece).tech
    out: dict[Node, int] = {}
    limit = _drop_range(state, piece)
    for node in range(board.node_count):
        if node == piece.node or not board.playable[node]:
            continue
        if board.distance(piece.node, node) > limit:
            continue
        extra = _extra_hits(state, spec, tech, _features(state, node, shoals=False), "airborne")
        if extra is None or not _open_target(state, piece, spec, node):
            continue
        out[node] = extra
    return out


def airborne_actions(state: BiteState, side: str) -> list[Action]:
    if not rule_on(state, AIRBORNE_RULE) or not advanced(state) or state.weather != "good":
        return []
    hqs = _drop_hqs(state, side)
    if not hqs:
        return []
    board = state.w.board
    out: list[Action] = []
    bombers: list[Piece] | None = None
    for p in sorted(state.on_map(side), key=lambda x: x.uid):
        if not may_drop(state, p):
            continue
        nation = state.spec(p).nation
        givers = [
            hq
            for hq in hqs
            if state.spec(hq).nation == nation or command.supreme_rules(hq.uid).cross_command
        ]
        if not givers:
            continue
        targets = drop_targets(state, p)
        glider = _is_glider(state, p)
        if glider and bombers is None:
            bombers = _bombers(state, side)
        for node in sorted(targets):
            for hq in givers:
                args: dict[str, JSON] = {"hq": hq.uid, "unit": p.uid, "to": board.id_of(node)}
                if not glider:
                    out.append(Action(side, "airdrop", args))
                    continue
                for b in bombers or []:
                    if board.distance(b.node, node) <= air_range(state, b):
                        out.append(Action(side, "airdrop", {**args, "bomber": b.uid}))
    return out


def _drop_fire(state: BiteState, side: Side, node: Node) -> int:
    """7.7.2 at the drop: the enemy ground units in the hex and its city fire their AA."""
    enemy: Side = SOVIET if side == AXIS else AXIS
    ctx = BattleContext(node, side, enemy, 1)
    if enemy == SOVIET and surprise_turn(state):
        return 0  # Barbarossa Surprise: Stalin's order holds the Soviet AA fire
    shooters = [
        (p, state.profile(p).defence)
        for p in state.at(node)
        if p.side == enemy and state.spec(p).is_ground
    ]
    hits = fire(state, ctx, shooters, AA) if shooters else 0
    for label, count, face in city_aa(state, ctx):
        values = state.dice.roll(count, f"aa: {label} hits on {face}-6", state.log, by=enemy)
        hits += sum(1 for x in values if x >= face)
    return hits


def _take_hits(state: BiteState, piece: Piece, hits: int, why: str) -> None:
    for _ in range(hits):
        if piece.status != ON_MAP:
            return
        result = apply_hit(state, piece)
        if result == "absorbed" or (state.strength(piece) <= 0 and piece.status == ON_MAP):
            eliminate(state, piece, why)  # a 0-step unit cannot land (design choice)
            return


def airdrop(state: BiteState, action: Action) -> raids.Raid | None:
    """23.0: the assault declared: the Supreme HQ's action point; the raid that waits for
    its escorts and interceptors (``raids.py``), or None when it is over already (dropped
    onto armour held in reserve)."""
    board = state.w.board
    hq = state.pieces[str(action.args["hq"])]
    piece = state.pieces[str(action.args["unit"])]
    to = board.node(str(action.args["to"]))
    frm = piece.node
    bomber = state.pieces.get(str(action.args.get("bomber", "")))
    command.use_action(state, hq, AIRBORNE_KIND, piece.uid)
    extra = drop_targets(state, piece).get(to, 0)
    piece.moved = True
    piece.mp_left = 0
    piece.came_from = -1
    if bomber is not None:  # the bomber flies the glider troops in
        bomber.moved = True
    enemies = [p for p in state.at(to) if p.side != piece.side]
    if any(reserve.in_reaction(state, p) for p in enemies):
        how = GLIDER if bomber is not None else AIRBORNE
        state.emit_move("airdrop", piece, frm, to, how=how, result="destroyed")
        eliminate(state, piece, LOST_AT_DROP)
        return None
    raid = raids.new_raid(state, raids.AIRDROP, piece.side, to, bomber)
    raid.update(unit=piece.handle, hq=hq.handle, frm=board.id_of(frm), extra=extra)
    return raid


def finish_drop(state: BiteState, raid: raids.Raid, interceptors: list[Piece]) -> None:
    """23.0: the escorts and interceptors fight (7.7.1), then the AA fire of the hex (7.7.2);
    every hit the raid takes is a hit on its aircraft (escorts first, then the glider's
    bomber) and on the paratroopers too; the survivors land."""
    board = state.w.board
    piece = raids.by_handle(state, str(raid["unit"]))
    hq = raids.by_handle(state, str(raid["hq"]))
    assert piece is not None  # the raid's own units
    assert hq is not None
    to = board.node(str(raid["hex"]))
    frm = board.node(str(raid["frm"]))
    extra = int(cast(int, raid["extra"]))
    bomber = raids.carrier(state, raid)
    how = GLIDER if str(raid["carrier"]) else AIRBORNE
    in_air = raids.fight(state, raid, interceptors)
    hits = _drop_fire(state, piece.side, to)
    raids.hit_in_order(state, raids.shield(state, raid), hits, SHOT_DOWN)
    _take_hits(state, piece, in_air + hits + extra, SHOT_DOWN)
    enemies = [p for p in state.at(to) if p.side != piece.side]
    if piece.status != ON_MAP:
        state.emit_move(
            "airdrop", piece, frm, to, how=how, result="shot_down", hits=in_air + hits + extra
        )
        return
    piece.node = to
    state.emit_move("airdrop", piece, frm, to, how=how, result="landed", hits=in_air + hits + extra)
    mark(state, piece, how, to, hq=hq.uid)
    if enemies:  # the raid's aircraft stay over the battle that follows (7.5.2)
        for plane in [*raids.escorts(state, raid), *([bomber] if bomber is not None else [])]:
            if plane.status == ON_MAP:
                home = plane.node
                plane.base, plane.node = home, to
                state.emit_move("fly", plane, home, to)
        return
    take_control(state, piece.side, [to])  # 3.3
    update_front(state)  # 3.1: after ground movement, the front is drawn again


# --- 24.0: amphibious landings ---------------------------------------------------------------


def _navy_hqs(state: BiteState, side: str) -> list[Piece]:
    out: list[Piece] = []
    for uid in sorted(command.active_entries(state)):
        hq = state.pieces[uid]
        if hq.side != side or hq.status != ON_MAP:
            continue
        if state.spec(hq).cls == naval_rules().navy_hq and command.points_left(state, hq) > 0:
            out.append(hq)
    return out


def may_land(state: BiteState, piece: Piece, hq: Piece) -> bool:
    """24.0: marines (Soviet infantry at TECH 2) in the Navy-HQ's port, both supplied and
    at full strength, the marines not moved, the port not frozen."""
    spec = state.spec(piece)
    if spec.cls not in _table("amphibious")["classes"] or spec.nation != state.spec(hq).nation:
        return False
    if piece.status != ON_MAP or piece.moved or piece.oos or piece.step != 0:
        return False
    if hq.oos or hq.step != 0 or piece.node != hq.node or is_frozen(state, piece):
        return False
    if state.profile(piece).tech < int(_table("amphibious")["tech"]):
        return False
    return port_open(state, piece.node) and state.control[piece.node] == piece.side


def _shoal_seas(state: BiteState) -> frozenset[str]:
    """The seas the map marks with shoals (a hand-made test map has none)."""
    from ..world import MapBoard

    board = state.w.board
    if not isinstance(board, MapBoard):
        return frozenset()
    return frozenset(str(name) for name, sea in board.m.seas.items() if sea.shoals)


def landing_targets(state: BiteState, piece: Piece) -> dict[Node, tuple[int, list[str]]]:
    """24.0: target hex -> (extra hits, the seas the transport crosses to get there)."""
    board = state.w.board
    port = board.sites.get(piece.node)
    if port is None or port.sea is None:
        return {}
    spec = state.spec(piece)
    tech = state.profile(piece).tech
    coasts = coast_seas(board, state.w.derived)
    shoal_seas = _shoal_seas(state)
    risky = risky_seas(state, piece.side)
    limit = int(_table("amphibious")["range"])
    out: dict[Node, tuple[int, list[str]]] = {}
    for node in range(board.node_count):
        if node == piece.node or not coasts[node] or not board.playable[node]:
            continue
        if board.distance(piece.node, node) > limit:
            continue
        routes = [
            r
            for r in (sea_route(state, piece.side, port.sea, s) for s in sorted(coasts[node]))
            if r is not None
        ]
        if not routes:
            continue
        shoals = any(s in shoal_seas for s in coasts[node])
        extra = _extra_hits(state, spec, tech, _features(state, node, shoals=shoals), "amphibious")
        if extra is None or not _open_target(state, piece, spec, node):
            continue
        routes.sort(key=lambda r: (any(s in risky for s in r), len(r)))
        out[node] = (extra, routes[0])
    return out


def amphibious_actions(state: BiteState, side: str) -> list[Action]:
    if not rule_on(state, AMPHIBIOUS_RULE) or not advanced(state) or state.weather != "good":
        return []
    hqs = _navy_hqs(state, side)
    if not hqs:
        return []
    board = state.w.board
    out: list[Action] = []
    for hq in hqs:
        for p in sorted(state.at(hq.node), key=lambda x: x.uid):
            if not may_land(state, p, hq):
                continue
            for node in sorted(landing_targets(state, p)):
                args: dict[str, JSON] = {"hq": hq.uid, "unit": p.uid, "to": board.id_of(node)}
                out.append(Action(side, "land", args))
    return out


def land(state: BiteState, action: Action) -> None:
    """24.0: the landing: a Navy-HQ action point, the mine roll, the landing."""
    board = state.w.board
    hq = state.pieces[str(action.args["hq"])]
    piece = state.pieces[str(action.args["unit"])]
    to = board.node(str(action.args["to"]))
    frm = piece.node
    extra, route = landing_targets(state, piece)[to]
    command.use_action(state, hq, LANDING_KIND, piece.uid)
    piece.moved = True
    piece.mp_left = 0
    piece.came_from = -1
    result = "landed"
    if needs_roll(state, piece.side, route):
        result = {"arrives": "landed", "damaged": "damaged", "sunk": "sunk"}[
            mine_roll(state, piece, "mines: a landing from the sea")
        ]
    enemies = [p for p in state.at(to) if p.side != piece.side]
    if result == "sunk":
        state.emit_move("landing", piece, frm, to, result=result)
        eliminate(state, piece, SUNK)
        return
    losses = (1 if result == "damaged" else 0) + extra
    for _ in range(losses):
        lose_step(state, piece, LOST_LANDING)
    if piece.status != ON_MAP:
        state.emit_move("landing", piece, frm, to, result="lost")
        return
    piece.node = to
    state.emit_move("landing", piece, frm, to, result=result)
    mark(state, piece, AMPHIBIOUS, to, hq=hq.uid, port=board.id_of(frm))
    if not enemies:
        take_control(state, piece.side, [to])  # 3.3


def clear_marks(state: BiteState) -> None:
    """The phasing side's marks end as its Movement Phase begins: they served the turn of
    its landings, and kept an overstacked hex lawful until now (23.0, 24.0)."""
    clear_side(state, state.phasing)
