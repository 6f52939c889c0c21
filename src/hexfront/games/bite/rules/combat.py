"""Combat Phase (7.7): battles, fought step by step, round after round.

A battle runs as one procedure on the sequence-of-play stack. Its stages follow 7.7:

1. air-to-air (7.7.1), several rounds, simultaneous, with withdrawals after each round;
2. anti-aircraft fire (7.7.2), simultaneous;
3. air-to-ground (7.7.3), simultaneous;
4. artillery (7.7.4): the attacker's, then the defender's; each gun loses a step after firing;
5. ground combat (7.7.5): the defender fires first, then the attacker.

After each step a side may pull air units out (7.7.13); after the ground step the
defender, then the attacker, may retreat ground units (7.7.14-7.7.18). Rounds repeat from
step 2 until one side is gone (7.7.12). Hits go to the strongest unit first; the owner
picks between equals (7.7.9) — the only hit decision a player makes.

A "shield" unit's half hit (7.7.8) lasts only for the rounds of its battle: it is lost when
the unit leaves the battle or the battle ends, however it ends (7.7.11). A unit with no hex
to fall back to may still choose to retreat, and is then eliminated (7.7.17, 7.7.18).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, cast

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure, StepFn, Steps

from ..charts import charts
from ..state import AXIS, ON_MAP, SOVIET, BiteState, Piece, enemy_of
from ..types import Node, Side
from ..versions import differs
from . import partisans, siege
from .air import air_retreat_hexes, evacuate, free_airbase
from .basics import eliminate, reveal, take_control, unfreeze_attacked, update_front
from .level import surprise_turn, total_supremacy
from .modifiers import (
    A2A,
    A2G,
    AA,
    ARTILLERY,
    GROUND,
    BattleContext,
    fortification,
    hit_number,
    merged_dice,
    modifiers,
)
from .recon import may_pick_targets
from .reembark import reembark, reembark_options
from .retreat import ground_retreat_hexes, may_retreat
from .special_attacks import (
    BARBO_CHARGED,
    BARBO_DICE,
    CAVALRY,
    barbo_may_charge,
    chargers,
    charges_open,
    extra_dice,
)

M = Machine[BiteState]


# --- who is in a battle ----------------------------------------------------------------------


def in_battle(state: BiteState, node: Node, side: Side) -> list[Piece]:
    return [
        p for p in state.pieces.values() if p.status == ON_MAP and p.node == node and p.side == side
    ]


def ground(state: BiteState, units: list[Piece]) -> list[Piece]:
    return [p for p in units if state.spec(p).is_ground]


def air(state: BiteState, units: list[Piece]) -> list[Piece]:
    return [p for p in units if state.spec(p).is_air]


# --- firing -----------------------------------------------------------------------------------


def _label(face: int) -> str:
    return "6" if face >= 6 else f"{face}-6"


def fire(
    state: BiteState,
    ctx: BattleContext,
    shooters: list[tuple[Piece, int]],
    step: str,
    *,
    air_round: int = 0,
    bonus: dict[str, int] | None = None,
) -> int:
    """Roll for ``shooters`` (unit, firepower) in one step; returns the number of hits.

    Units with the same number of Mali merge their dice (7.7.7); the extra die is rolled
    with the weakest unit's firepower. Each fire event names the combat round (7.7.12)
    and, in the air-to-air step, the air-to-air round (7.7.1). Optional rules add dice
    after the Mali (22.0, 25.0: ``special_attacks.extra_dice``; ``bonus``: 20.0's Gruppo
    Barbò), named in the event as ``extra``.
    """
    by_mali: dict[int, list[tuple[Piece, int, int]]] = {}
    for piece, firepower in shooters:
        if firepower <= 0 or state.strength(piece) <= 0:
            continue
        mods = modifiers(state, piece, ctx, step)
        by_mali.setdefault(mods.mali, []).append((piece, firepower, mods.boni))
    hits = 0
    for mali, group in sorted(by_mali.items()):
        strengths = [state.strength(p) for p, _, _ in group]
        per_unit, extra = merged_dice(strengths, mali)
        weakest = min(
            range(len(group)), key=lambda i: (strengths[i], -group[i][1], group[i][0].uid)
        )
        for i, (piece, firepower, boni) in enumerate(group):
            count = per_unit[i] + (extra if i == weakest else 0)
            if ctx.round == 1 and piece.side == AXIS and total_supremacy(state):
                count *= 2 if state.spec(piece).is_air else 1  # SBE5 option: double dice
            more = extra_dice(state, piece, ctx.node, ctx.attacker, step, ctx.round)
            if bonus:
                more += bonus.get(piece.uid, 0)
            count += more
            face = hit_number(firepower, boni)
            spec = state.spec(piece)
            values = state.dice.roll(
                count, f"{step}: {spec.name} hits on {_label(face)}", state.log, by=piece.side
            )
            scored = sum(1 for v in values if v >= face)
            hits += scored
            in_air: dict[str, JSON] = {"air_round": air_round} if air_round else {}
            if more:
                in_air["extra"] = more
            state.emit(
                "fire",
                step=step,
                round=ctx.round,
                **in_air,
                unit=piece.uid,
                name=spec.name,
                side=piece.side,
                dice=cast(JSON, values),
                hit_on=face,
                mali=mali,
                boni=boni,
                hits=scored,
            )
    return hits


def _pickers(
    state: BiteState, ctx: BattleContext, side: Side, shooters: list[tuple[Piece, int]]
) -> tuple[list[tuple[Piece, int]], list[tuple[Piece, int]]]:
    """19.2: the attacker's shooters that choose their targets, and the others."""
    if side != ctx.attacker:
        return [], shooters
    pick = [s for s in shooters if may_pick_targets(state, s[0], ctx.node, ctx.round)]
    if not pick:
        return [], shooters
    return pick, [s for s in shooters if s not in pick]


def one_round_only(state: BiteState, piece: Piece) -> bool:
    """6.3.2: long-range strategic bombers fight a single round, in air-to-air combat and
    in air-to-ground combat alike (the Italian 2.x rules: no such limit)."""
    if differs(state.options, "strategic_bombers_every_round"):
        return False
    return state.spec(piece).cls == "strategic_bomber" or (
        "one_round" in state.profile(piece).abilities
    )


def fires_as_artillery(state: BiteState, piece: Piece) -> bool:
    """7.7.4: artillery, and the units whose data makes them fire as artillery in the
    artillery step: Armor-HQs, and Mannerheim (the ability ``acts_as_artillery``)."""
    abilities = state.profile(piece).abilities
    return (
        state.spec(piece).fires_as_artillery
        or "acts_as_artillery" in abilities
        or "fires_as_artillery" in abilities
    )


def artillery_firepower(state: BiteState, piece: Piece, *, attacking: bool) -> int:
    """The hit number in the artillery step (7.7.4). A unit that only acts as artillery
    (Mannerheim, 5-6) fires with its artillery value, its attack, in defence too: its
    defence value is its anti-aircraft fire (6.5)."""
    profile = state.profile(piece)
    if attacking or "acts_as_artillery" in profile.abilities:
        return profile.attack
    return profile.defence


def city_aa(state: BiteState, ctx: BattleContext) -> list[tuple[str, int, int]]:
    """Anti-aircraft dice of the place itself (7.7.2): (label, dice, hit face)."""
    site = state.w.board.sites.get(ctx.node)
    if site is None or state.control[ctx.node] != ctx.defender:
        return []
    table = charts().city_aa
    out = []
    fort = fortification(state, ctx.node)
    if fort is not None:
        dice, face = table[fort]
        out.append((fort, dice, face))
    elif site.type in ("capital", "major", "minor"):
        dice, face = table[site.type]
        out.append((site.type, dice, face))
    return out


# --- procedures -------------------------------------------------------------------------------
# Each procedure reads and writes its frame's variables through a typed record, a view of
# the very dict a save holds (``Frame.typed``): the keys and values are those of the saves.


class CombatPhaseVars(TypedDict):
    blitz: NotRequired[bool]  # the blitz combat (7.8), not the combat phase (7.7)
    fought: list[Node]  # battles fought so far


class BattleVars(TypedDict):
    node: Node
    attacker: Side
    blitz: NotRequired[bool]
    defender: Side
    round: int  # combat round (7.7.12), from 1
    a2a_round: int  # air-to-air rounds fought (7.7.1)
    stage: str  # the step to run next (Battle.steps)
    charging: NotRequired[list[str]]  # 20.0, 21.0: the units charging in this round
    barbo: NotRequired[bool]  # 20.0: Gruppo Barbò's three dice claimed in this charge


class HitsVars(TypedDict):
    node: Node
    # [side, hits still to take] per side, in turn (7.7.9); a third entry names the side
    # that picks among equally strong units, when it is the firing side (19.2).
    queue: list[list[Any]]
    kind: Literal["air", "ground"]  # the units that take them
    first: NotRequired[list[str]]  # 20.0, 21.0: units that take every hit they can first


class ChargeVars(TypedDict):
    node: Node
    side: Side
    kinds: list[str]  # the special attacks open (special_attacks.CHARGES)
    barbo: bool  # Gruppo Barbò may claim its three dice (20.0)


class RetreatVars(TypedDict):
    node: Node
    side: Side
    air_only: bool
    after: NotRequired[str]  # the fire step just fought (a2a, aa, a2g, artillery, ground)


# Battle steps that offer a retreat, by name prefix, and the fire step each follows.
RETREAT_AFTER = (
    ("a2a_withdraw", "a2a"),
    ("aa_retreat", "aa"),
    ("a2g_retreat", "a2g"),
    ("art_retreat", "artillery"),
    ("retreat_", "ground"),
)


class CombatPhase(Procedure[BiteState]):
    """7.7: the phasing player resolves every battle, one at a time, in any order."""

    name = "combat_phase"

    def begin(self, m: M, state: BiteState, frame: Frame) -> None:
        v = frame.typed(CombatPhaseVars)
        v.setdefault("fought", [])
        state.phase = "blitz_combat" if v.get("blitz") else "combat"
        if state.phasing == AXIS:
            partisans.sweep(state)  # 29.0: partisans met by the Axis moves are found now

    def _pending(self, state: BiteState, frame: Frame) -> list[Node]:
        fought = frame.typed(CombatPhaseVars)["fought"]
        side = state.phasing
        out = set()
        for p in state.on_map(side):
            if p.node in fought:
                continue
            if any(q.side != side for q in state.at(p.node)):
                out.add(p.node)
        if side == AXIS:  # 29.0: partisans found by Axis combat units are fought too
            out.update(n for n in partisans.fights(state) if n not in fought)
        return sorted(out)

    def decision(self, m: M, state: BiteState, frame: Frame) -> Decision | None:
        pending = self._pending(state, frame)
        if not pending:
            return None
        board = state.w.board
        actions = [Action(state.phasing, "fight", {"hex": board.id_of(n)}) for n in pending]
        return Decision(
            Prompt(
                state.phasing,
                "choose_battle",
                "Choose the next battle to fight.",
                {"battles": [board.id_of(n) for n in pending]},
            ),
            actions,
        )

    def act(self, m: M, state: BiteState, frame: Frame, action: Action) -> None:
        v = frame.typed(CombatPhaseVars)
        node = state.w.board.node(str(action.args["hex"]))
        v["fought"].append(node)
        if not any(p.side != state.phasing for p in state.at(node)):
            m.call(state, "partisan_fight", node=node, blitz=v.get("blitz", False))  # 29.0
            return
        m.call(state, "battle", node=node, attacker=state.phasing, blitz=v.get("blitz", False))

    def run(self, m: M, state: BiteState, frame: Frame) -> None:
        update_front(state)  # 3.1: the lines have moved
        m.end(state)


Who = Literal["attacker", "defender"]
ATTACKER: Who = "attacker"
DEFENDER: Who = "defender"


def _by(who: Who, step: str) -> StepFn[BiteState]:
    """A step of the battle (a method's name) taken by its attacker, or by its defender."""

    def by_side(self: Battle, m: M, state: BiteState, frame: Frame) -> None:
        getattr(self, step)(m, state, frame, frame.typed(BattleVars)[who])

    return by_side


class Battle(Steps[BiteState]):
    """One battle (7.7.1-7.7.18): the steps of a combat round, round after round.

    ``stage`` (the frame's) names the step to run next; after the last, the next round
    starts from anti-aircraft fire (7.7.12). Before each step but the first, a battle with
    a side gone is over.
    """

    name = "battle"
    place = "stage"
    by_name = True
    repeat_from = "aa"

    def begin(self, m: M, state: BiteState, frame: Frame) -> None:
        v = frame.typed(BattleVars)
        node, attacker = v["node"], v["attacker"]
        v["defender"] = enemy_of(attacker)
        v["round"] = 1
        v["a2a_round"] = 0
        self.first_step(frame)  # stage "start"
        board = state.w.board
        everyone = list(state.at(node))
        reveal(state, sorted(everyone, key=lambda x: x.uid), board.id_of(node))  # show down (7.7)
        state.emit("battle", hex=board.id_of(node), attacker=attacker, blitz=v.get("blitz", False))
        unfreeze_attacked(state, node, v["defender"])  # 3.21 (Italian 2.x rules)

    def _ctx(self, frame: Frame) -> BattleContext:
        v = frame.typed(BattleVars)
        return BattleContext(
            v["node"], v["attacker"], v["defender"], v["round"], v.get("blitz", False)
        )

    def decision(self, m: M, state: BiteState, frame: Frame) -> Decision | None:
        v = frame.typed(BattleVars)
        if v["stage"] != "start":
            return None
        # 5.3: Romanians and Hungarians in one battle: the Axis removes one of them first.
        node = v["node"]
        mixed = [
            p
            for p in state.at(node)
            if p.side == AXIS and state.spec(p).nation in ("romania", "hungary")
        ]
        if {state.spec(p).nation for p in mixed} != {"romania", "hungary"}:
            return None
        actions = [
            Action(AXIS, "eliminate", {"unit": p.uid}) for p in sorted(mixed, key=lambda p: p.uid)
        ]
        return Decision(
            Prompt(
                AXIS,
                "romania_hungary",
                "Romanians and Hungarians cannot fight side by side: eliminate one unit.",
            ),
            actions,
        )

    def act(self, m: M, state: BiteState, frame: Frame, action: Action) -> None:
        eliminate(state, state.pieces[str(action.args["unit"])], "romanians and hungarians (5.3)")

    def run(self, m: M, state: BiteState, frame: Frame) -> None:
        if frame.typed(BattleVars)["stage"] != "start" and self._over(state, frame):
            self._finish(m, state, frame)
            return
        super().run(m, state, frame)  # the next step (Steps.steps below)

    def resume(self, m: M, state: BiteState, frame: Frame, result: JSON) -> None:
        if isinstance(result, dict) and isinstance(result.get("charge"), str):
            self._declare_charge(state, frame, str(result["charge"]), result.get("barbo") is True)
        self._cleanup(state, frame)

    # --- the steps ---------------------------------------------------------------------

    def _air_round_or_aa(self, m: M, state: BiteState, frame: Frame) -> None:
        """A round of air-to-air combat next, or anti-aircraft fire (7.7.1)."""
        self.go_to(frame, "a2a_fire" if self._a2a_possible(state, frame) else "aa")
        self._noop(m, state)

    def _withdraw_air(self, m: M, state: BiteState, frame: Frame, side: Side) -> None:
        node = frame.typed(BattleVars)["node"]
        self._retreat(m, state, node, side, air_only=True, after=self._fire_step_before(frame))

    def _fire_step_before(self, frame: Frame) -> str:
        """The fire step a retreat offer follows, so that the player is told which one
        (7.7.13): the step just run is the one before the frame's next (Steps.run)."""
        name = self.steps[self._index[frame.typed(BattleVars)["stage"]] - 1][0]
        return next(step for prefix, step in RETREAT_AFTER if name.startswith(prefix))

    def _withdraw_air_late(self, m: M, state: BiteState, frame: Frame, side: Side) -> None:
        """7.7.13: air units may also leave after the AA, air-to-ground and artillery steps;
        the Italian 2.x rules allow it only after an air-to-air round or the ground step."""
        if differs(state.options, "air_withdraws_after_air_and_ground_rounds"):
            self._noop(m, state)
            return
        self._withdraw_air(m, state, frame, side)

    def _retreat_ground(self, m: M, state: BiteState, frame: Frame, side: Side) -> None:
        node = frame.typed(BattleVars)["node"]
        self._retreat(m, state, node, side, air_only=False, after="ground")

    def _end_round(self, m: M, state: BiteState, frame: Frame) -> None:
        v = frame.typed(BattleVars)
        v.pop("charging", None)  # 20.0, 21.0: a charge lasts one round
        v.pop("barbo", None)
        if v["round"] == 1:
            siege.desperate_attack_failed(state, v["node"], v["attacker"])  # 12.4.1
        v["round"] += 1
        if v["round"] > charts().max_rounds:
            self._finish(m, state, frame, forced=True)
            return
        state.emit("round", hex=state.w.board.id_of(v["node"]), round=v["round"])
        self._noop(m, state)

    def _noop(self, m: M, state: BiteState) -> None:
        m.call(state, "pause")

    def _a2a_possible(self, state: BiteState, frame: Frame) -> bool:
        """7.7.1: both sides have air units and at least one side has fighters."""
        v = frame.typed(BattleVars)
        node = v["node"]
        if v["a2a_round"] >= charts().max_air_rounds:
            return False
        att = air(state, in_battle(state, node, v["attacker"]))
        dfn = air(state, in_battle(state, node, v["defender"]))
        if not att or not dfn:
            return False
        if not any(state.spec(p).cls == "fighter" for p in att + dfn):
            return False
        return any(
            self._a2a_power(state, p, frame) > 0 and state.strength(p) > 0 for p in att + dfn
        )

    def _a2a_power(self, state: BiteState, piece: Piece, frame: Frame) -> int:
        spec = state.spec(piece)
        v = frame.typed(BattleVars)
        rnd = v["a2a_round"]
        if rnd > 1 and one_round_only(state, piece):
            return 0  # 6.3.2: strategic bombers fight a single round
        # 7.7.3.1: the defender's bombers based in the hex stay on the ground in round 1
        # (the Italian 2.x rules: in every round).
        if (
            (rnd == 1 or differs(state.options, "bombers_grounded_every_round"))
            and spec.cls in ("bomber", "strategic_bomber")
            and piece.side == v["defender"]
            and piece.base < 0
        ):
            return 0
        if piece.side == SOVIET and spec.cls == "fighter" and surprise_turn(state):
            return 0  # Barbarossa Surprise: Soviet fighters cannot take off
        return state.profile(piece).a2a

    def _air_to_air(self, m: M, state: BiteState, frame: Frame) -> None:
        v = frame.typed(BattleVars)
        v["a2a_round"] += 1
        ctx = self._ctx(frame)
        node, air_round = ctx.node, v["a2a_round"]
        hits: dict[Side, int] = {}
        for side in (ctx.attacker, ctx.defender):
            shooters = [
                (p, self._a2a_power(state, p, frame))
                for p in air(state, in_battle(state, node, side))
            ]
            hits[enemy_of(side)] = fire(state, ctx, shooters, A2A, air_round=air_round)
        self._allocate(m, state, node, hits, "air")

    def _anti_aircraft(self, m: M, state: BiteState, frame: Frame) -> None:
        ctx = self._ctx(frame)
        node = ctx.node
        hits: dict[Side, int] = {ctx.attacker: 0, ctx.defender: 0}
        for side in (ctx.attacker, ctx.defender):
            if not air(state, in_battle(state, node, enemy_of(side))):
                continue
            if side == SOVIET and ctx.round == 1 and surprise_turn(state):
                continue  # Barbarossa Surprise: Stalin's order holds the Soviet AA fire
            shooters = [
                (p, state.profile(p).defence) for p in ground(state, in_battle(state, node, side))
            ]
            hits[enemy_of(side)] += fire(state, ctx, shooters, AA)
            if side == ctx.defender:
                for label, count, face in city_aa(state, ctx):
                    values = state.dice.roll(
                        count, f"aa: {label} hits on {_label(face)}", state.log, by=side
                    )
                    hits[enemy_of(side)] += sum(1 for x in values if x >= face)
        self._allocate(m, state, node, hits, "air")

    def _air_to_ground(self, m: M, state: BiteState, frame: Frame) -> None:
        ctx = self._ctx(frame)
        node = ctx.node
        hits: dict[Side, int] = {}
        picked: dict[Side, int] = {}
        for side in (ctx.attacker, ctx.defender):
            if not ground(state, in_battle(state, node, enemy_of(side))):
                continue
            shooters = [
                (p, self._a2g_power(state, p, ctx))
                for p in air(state, in_battle(state, node, side))
            ]
            pick, rest = _pickers(state, ctx, side, shooters)
            if pick:  # 19.2: these choose their targets, and fire apart from the others
                picked[enemy_of(side)] = fire(state, ctx, pick, A2G)
            hits[enemy_of(side)] = fire(state, ctx, rest, A2G)
        self._allocate(m, state, node, hits, "ground", picked=picked)

    def _a2g_power(self, state: BiteState, piece: Piece, ctx: BattleContext) -> int:
        # 6.3.2: a strategic bomber bombs in one combat round of the battle, its first (every
        # air unit of a battle is there from round 1: missions and reactions come before it).
        if ctx.round > 1 and one_round_only(state, piece):
            return 0
        return state.profile(piece).a2g

    def _artillery(self, m: M, state: BiteState, frame: Frame, side: Side) -> None:
        ctx = self._ctx(frame)
        node = ctx.node
        mine = ground(state, in_battle(state, node, side))
        theirs = ground(state, in_battle(state, node, enemy_of(side)))
        has_combat_unit = any(state.spec(p).is_combat for p in mine)
        guns = [p for p in mine if fires_as_artillery(state, p) and state.strength(p) > 0]
        if not guns or not theirs or not has_combat_unit:
            self._noop(m, state)  # 6.1.4: artillery alone in a battle does not fire
            return
        attacking = side == ctx.attacker
        shooters = [(p, artillery_firepower(state, p, attacking=attacking)) for p in guns]
        pick, rest = _pickers(state, ctx, side, shooters)
        picked = {enemy_of(side): fire(state, ctx, pick, ARTILLERY)} if pick else {}
        hits = fire(state, ctx, rest, ARTILLERY)
        for gun in guns:
            from .basics import reduce_once

            reduce_once(state, gun)  # ammunition (7.7.4)
        self._allocate(m, state, node, {enemy_of(side): hits}, "ground", picked=picked)

    def _ground(self, m: M, state: BiteState, frame: Frame, side: Side) -> None:
        ctx = self._ctx(frame)
        node = ctx.node
        theirs = ground(state, in_battle(state, node, enemy_of(side)))
        if not theirs:
            self._noop(m, state)
            return
        attacking = side == ctx.attacker
        charging = frame.typed(BattleVars).get("charging", [])
        shooters = [
            (p, state.profile(p).attack if attacking else state.profile(p).defence)
            for p in ground(state, in_battle(state, node, side))
            if state.spec(p).is_combat and not (attacking and p.uid in charging)
        ]
        hits = fire(state, ctx, shooters, GROUND)
        # 20.0, 21.0: the defender's fire falls on the charging units first.
        first = [] if attacking else charging
        self._allocate(m, state, node, {enemy_of(side): hits}, "ground", first=first)

    def _charge(self, m: M, state: BiteState, frame: Frame) -> None:
        """20.0, 21.0: before the ground combat step the attacker may declare a Cavalry
        Charge! or a Panzers Attack! when the conditions hold."""
        v = frame.typed(BattleVars)
        node, attacker = v["node"], v["attacker"]
        kinds = charges_open(state, node, attacker)
        if not kinds or not ground(state, in_battle(state, node, v["defender"])):
            self._noop(m, state)
            return
        barbo = CAVALRY in kinds and barbo_may_charge(state, node, attacker)
        m.call(state, "charge_choice", node=node, side=attacker, kinds=kinds, barbo=barbo)

    def _declare_charge(self, state: BiteState, frame: Frame, kind: str, barbo: bool) -> None:
        v = frame.typed(BattleVars)
        node, attacker = v["node"], v["attacker"]
        units = chargers(state, node, attacker, kind)
        v["charging"] = [p.uid for p in units]
        if barbo:
            v["barbo"] = True
            state.flags[BARBO_CHARGED] = True  # once per game (20.0)
        state.emit("charge", side=attacker, hex=state.w.board.id_of(node), attack=kind, barbo=barbo)

    def _charge_fire(self, m: M, state: BiteState, frame: Frame) -> None:
        """20.0, 21.0: the charging units fire before the defender's ground units."""
        v = frame.typed(BattleVars)
        ctx = self._ctx(frame)
        units = [
            p
            for p in in_battle(state, ctx.node, ctx.attacker)
            if p.uid in v.get("charging", []) and state.strength(p) > 0
        ]
        if not units or not ground(state, in_battle(state, ctx.node, ctx.defender)):
            self._noop(m, state)
            return
        bonus: dict[str, int] = {}
        if v.get("barbo"):
            for p in units:
                if "cavalry_charge_bonus" in state.profile(p).abilities:
                    bonus[p.uid] = BARBO_DICE
        shooters = [(p, state.profile(p).attack) for p in units]
        hits = fire(state, ctx, shooters, GROUND, bonus=bonus)
        self._allocate(m, state, ctx.node, {ctx.defender: hits}, "ground")

    # The combat round, in the rulebook's order. After each fire step the defender, then
    # the attacker, may pull air units out (7.7.13); ground units retreat after the ground
    # step (7.7.14-7.7.18).
    steps = (
        ("start", "_air_round_or_aa"),  # 7.7.1: air-to-air combat if both sides fly
        ("a2a_fire", "_air_to_air"),  # 7.7.1: air-to-air fire, simultaneous
        ("a2a_withdraw_def", _by(DEFENDER, "_withdraw_air")),  # 7.7.13
        ("a2a_withdraw_att", _by(ATTACKER, "_withdraw_air")),  # 7.7.13
        ("a2a_check", "_air_round_or_aa"),  # 7.7.1: another air-to-air round?
        ("aa", "_anti_aircraft"),  # 7.7.2: anti-aircraft fire, simultaneous
        ("aa_retreat_def", _by(DEFENDER, "_withdraw_air_late")),  # 7.7.13
        ("aa_retreat_att", _by(ATTACKER, "_withdraw_air_late")),  # 7.7.13
        ("a2g", "_air_to_ground"),  # 7.7.3: air-to-ground fire, simultaneous
        ("a2g_retreat_def", _by(DEFENDER, "_withdraw_air_late")),  # 7.7.13
        ("a2g_retreat_att", _by(ATTACKER, "_withdraw_air_late")),  # 7.7.13
        ("art_att", _by(ATTACKER, "_artillery")),  # 7.7.4: the attacker's guns first
        ("art_def", _by(DEFENDER, "_artillery")),  # 7.7.4
        ("art_retreat_def", _by(DEFENDER, "_withdraw_air_late")),  # 7.7.13
        ("art_retreat_att", _by(ATTACKER, "_withdraw_air_late")),  # 7.7.13
        ("charge", "_charge"),  # 20.0, 21.0: the attacker may declare a special attack
        ("charge_fire", "_charge_fire"),  # 20.0, 21.0: the chargers fire first
        ("ground_def", _by(DEFENDER, "_ground")),  # 7.7.5: the defender fires first
        ("ground_att", _by(ATTACKER, "_ground")),  # 7.7.5
        ("retreat_def", _by(DEFENDER, "_retreat_ground")),  # 7.7.14-7.7.18
        ("retreat_att", _by(ATTACKER, "_retreat_ground")),  # 7.7.14-7.7.18
        ("end_round", "_end_round"),  # 7.7.12: next round, from anti-aircraft fire
    )

    # --- helpers of the steps ----------------------------------------------------------

    def _allocate(
        self,
        m: M,
        state: BiteState,
        node: Node,
        hits: dict[Side, int],
        kind: str,
        *,
        picked: dict[Side, int] | None = None,
        first: list[str] | None = None,
    ) -> None:
        """Hand the hits to their owners (7.7.9); ``picked`` hits are placed by the side
        that fired them among equal units (19.2); ``first`` units take hits first (20.0)."""
        queue: list[list[JSON]] = []
        for side in sorted(set(hits) | set(picked or {})):
            chosen = (picked or {}).get(side, 0)
            if chosen > 0:
                queue.append([side, chosen, enemy_of(side)])
            if hits.get(side, 0) > 0:
                queue.append([side, hits[side]])
        if not queue:
            self._noop(m, state)
            return
        if first:
            m.call(state, "allocate_hits", node=node, queue=queue, kind=kind, first=list(first))
            return
        m.call(state, "allocate_hits", node=node, queue=cast(JSON, queue), kind=kind)

    def _retreat(
        self, m: M, state: BiteState, node: Node, side: Side, *, air_only: bool, after: str
    ) -> None:
        units = in_battle(state, node, side)
        if air_only:
            units = air(state, units)
        if not units:
            self._noop(m, state)
            return
        m.call(state, "retreat_choice", node=node, side=side, air_only=air_only, after=after)

    # --- bookkeeping -------------------------------------------------------------------

    def _cleanup(self, state: BiteState, frame: Frame) -> None:
        """7.7.10: support units on their 0 floor, alone against enemy combat units, are lost.
        Air units caught on the ground by enemy ground units evacuate (note after 7.7.5)."""
        v = frame.typed(BattleVars)
        node = v["node"]
        for side in (v["attacker"], v["defender"]):
            mine = in_battle(state, node, side)
            theirs = in_battle(state, node, enemy_of(side))
            enemy_combat = any(state.spec(p).is_combat and state.strength(p) > 0 for p in theirs)
            my_ground = ground(state, mine)
            if enemy_combat and my_ground and all(state.strength(p) == 0 for p in my_ground):
                for p in my_ground:
                    eliminate(state, p, "support unit alone against combat units (7.7.10)")

    def _over(self, state: BiteState, frame: Frame) -> bool:
        v = frame.typed(BattleVars)
        node = v["node"]
        att = in_battle(state, node, v["attacker"])
        dfn = in_battle(state, node, v["defender"])
        if not att or not dfn:
            return True
        return not ground(state, att) and not ground(state, dfn)

    def _finish(self, m: M, state: BiteState, frame: Frame, *, forced: bool = False) -> None:
        v = frame.typed(BattleVars)
        node, attacker, defender = v["node"], v["attacker"], v["defender"]
        board = state.w.board
        for p in state.at(node):
            p.half_hit = False  # 7.7.8, 7.7.11: half hits do not outlive their battle
        att = in_battle(state, node, attacker)
        dfn = in_battle(state, node, defender)
        if forced:
            # Safety net (charts.toml): after too many rounds the attacker falls back.
            for p in ground(state, att):
                hexes = ground_retreat_hexes(state, p, node)
                if hexes:
                    p.node = hexes[0]
                else:
                    eliminate(state, p, "could not retreat (7.7.17)")
            att = in_battle(state, node, attacker)
        att_ground = ground(state, att)
        dfn_ground = ground(state, dfn)
        winner: str  # a side, or "" when both are gone
        if att_ground and not dfn_ground:
            winner = attacker
            # Air units left without ground cover evacuate (note after 7.7.5, 7.7.16).
            for p in air(state, dfn):
                # On the ground it loses a step first.
                evacuate(state, p, lose_step_first=p.base < 0, seen_from=None)
            take_control(state, attacker, [node])  # a fortification falls with it (BOX 1)
        else:
            winner = defender if dfn else attacker
            for p in air(state, att):
                self._air_home(state, p)
            if not dfn and not att_ground:
                winner = ""
        for p in state.at(node):
            if p.side == attacker:
                p.attacked = True
        state.emit("battle_over", hex=board.id_of(node), winner=winner)
        m.end(state)

    def _air_home(self, state: BiteState, piece: Piece) -> None:
        """An attacking air unit returns to a free airbase in range, or is lost (7.7.16)."""
        if piece.base >= 0 and _base_free(state, piece):
            piece.node, piece.base = piece.base, -1
            return
        targets = air_retreat_hexes(state, piece)
        if targets:
            piece.node, piece.base = targets[0], -1
        else:
            eliminate(state, piece, "no airbase in range (7.7.16)")


def _base_free(state: BiteState, piece: Piece) -> bool:
    return state.control[piece.base] == piece.side and free_airbase(
        state, piece.base, piece.side, exclude=piece.uid
    )


class Pause(Procedure[BiteState]):
    """An empty step: lets a procedure hand control back to the machine between stages."""

    name = "pause"

    def run(self, m: M, state: BiteState, frame: Frame) -> None:
        m.end(state)


class AllocateHits(Procedure[BiteState]):
    """7.7.9: hits go to the strongest unit; the owner picks between equals."""

    name = "allocate_hits"

    def _targets(self, state: BiteState, frame: Frame) -> tuple[Side, list[Piece]]:
        v = frame.typed(HitsVars)
        side: Side = v["queue"][0][0]
        units = in_battle(state, v["node"], side)
        units = air(state, units) if v["kind"] == "air" else ground(state, units)
        first = v.get("first")
        if first:  # 20.0, 21.0: the charging units take every hit they can first
            chargers_left = [p for p in units if p.uid in first and state.strength(p) > 0]
            if chargers_left:
                return side, chargers_left
        return side, units

    def _tied(self, state: BiteState, units: list[Piece]) -> list[Piece]:
        live = [p for p in units if state.strength(p) > 0]
        if not live:
            return []
        top = max(state.strength(p) for p in live)
        return sorted((p for p in live if state.strength(p) == top), key=lambda p: p.uid)

    def decision(self, m: M, state: BiteState, frame: Frame) -> Decision | None:
        v = frame.typed(HitsVars)
        if not v["queue"]:
            return None
        side, units = self._targets(state, frame)
        tied = self._tied(state, units)
        if len(tied) < 2:
            return None
        left: int = v["queue"][0][1]
        head = v["queue"][0]
        if len(head) > 2 and head[2] != side:
            # 19.2: the firing side picks its target among the equally strong units.
            picker: Side = head[2]
            return Decision(
                Prompt(
                    picker,
                    "target_hit",
                    f"Your guns and planes pick their target: choose which of the enemy's "
                    f"strongest units takes the next hit ({left} left).",
                    {"hex": state.w.board.id_of(v["node"]), "hits_left": left},
                ),
                [Action(picker, "target", {"unit": p.uid}) for p in tied],
            )
        actions = [Action(side, "hit", {"unit": p.uid}) for p in tied]
        return Decision(
            Prompt(
                side,
                "allocate_hit",
                f"Take the next hit ({left} left) on one of your strongest units.",
                {"hex": state.w.board.id_of(v["node"]), "hits_left": left},
            ),
            actions,
        )

    def act(self, m: M, state: BiteState, frame: Frame, action: Action) -> None:
        self._hit(state, frame, state.pieces[str(action.args["unit"])])

    def run(self, m: M, state: BiteState, frame: Frame) -> None:
        queue = frame.typed(HitsVars)["queue"]
        if not queue:
            m.end(state)
            return
        _, units = self._targets(state, frame)
        tied = self._tied(state, units)
        if not tied:
            queue.pop(0)  # 7.7.11: hits nobody can take are lost
            if not queue:
                m.end(state)
            else:
                m.call(state, "pause")
            return
        self._hit(state, frame, tied[0])
        m.call(state, "pause")

    def _hit(self, state: BiteState, frame: Frame, piece: Piece) -> None:
        from .basics import apply_hit

        queue = frame.typed(HitsVars)["queue"]
        outcome = apply_hit(state, piece)
        state.emit(
            "hit",
            unit=piece.uid,
            name=state.spec(piece).name,
            side=piece.side,
            result=outcome,
            strength=state.strength(piece),
        )
        if outcome == "eliminated":
            eliminate(state, piece, "combat")
        queue[0][1] -= 1
        if queue[0][1] <= 0:
            queue.pop(0)


class ChargeChoice(Procedure[BiteState]):
    """20.0, 21.0: the attacker declares a Cavalry Charge! or a Panzers Attack!, or not.
    A Cavalry Charge! led by Gruppo Barbò may claim its three dice, once per game."""

    name = "charge_choice"

    def decision(self, m: M, state: BiteState, frame: Frame) -> Decision | None:
        v = frame.typed(ChargeVars)
        side = v["side"]
        actions = [Action(side, "charge", {"kind": k}) for k in v["kinds"]]
        if v["barbo"]:
            actions.append(Action(side, "charge", {"kind": CAVALRY, "barbo": True}))
        actions.append(Action(side, "no_charge"))
        return Decision(
            Prompt(
                side,
                "charge",
                "Declare a special attack: your chargers fire before the defender's ground "
                "units, but take his hits first; or fight as usual.",
                {"hex": state.w.board.id_of(v["node"]), "kinds": cast(JSON, list(v["kinds"]))},
            ),
            actions,
        )

    def act(self, m: M, state: BiteState, frame: Frame, action: Action) -> None:
        if action.verb == "no_charge":
            m.end(state)
            return
        m.end(
            state, {"charge": str(action.args["kind"]), "barbo": action.args.get("barbo") is True}
        )


class RetreatChoice(Procedure[BiteState]):
    """7.7.13-7.7.18: a side picks units to pull out of the battle, one at a time.

    A unit with no hex to retreat to may still retreat (7.7.18): it is eliminated (7.7.17).
    That choice is the verb ``eliminate`` with ``retreat`` set, so that every client that
    shows an elimination already says it in words.
    """

    name = "retreat_choice"

    def _options(self, state: BiteState, frame: Frame) -> list[Action]:
        v = frame.typed(RetreatVars)
        node, side, air_only = v["node"], v["side"], v["air_only"]
        board = state.w.board
        out: list[Action] = []
        for p in sorted(in_battle(state, node, side), key=lambda x: x.uid):
            spec = state.spec(p)
            if spec.is_air:
                hexes = air_retreat_hexes(state, p)
            elif air_only or not may_retreat(state, p):
                continue
            else:
                hexes = ground_retreat_hexes(state, p, node)
            out.extend(
                Action(side, "retreat", {"unit": p.uid, "to": board.id_of(h)}) for h in hexes
            )
            if not hexes:  # 7.7.17, 7.7.18: retreat anyway, and be eliminated
                out.append(Action(side, "eliminate", {"unit": p.uid, "retreat": True}))
        if not air_only:
            out.extend(reembark_options(state, node, side))  # 24.0 (optional rule)
        return out

    def decision(self, m: M, state: BiteState, frame: Frame) -> Decision | None:
        options = self._options(state, frame)
        if not options:
            return None
        v = frame.typed(RetreatVars)
        side = v["side"]
        what = "air units" if v["air_only"] else "units"
        actions = [*options, Action(side, "stand")]
        doomed = (
            " A unit with nowhere to go may still retreat: it is eliminated."
            if any(a.verb == "eliminate" for a in options)
            else ""
        )
        return Decision(
            Prompt(
                side,
                "retreat",
                f"Retreat {what} from the battle, or stand.{doomed}",
                {"hex": state.w.board.id_of(v["node"]), "after": v.get("after", "ground")},
            ),
            actions,
        )

    def act(self, m: M, state: BiteState, frame: Frame, action: Action) -> None:
        if action.verb == "stand":
            m.end(state)
            return
        piece = state.pieces[str(action.args["unit"])]
        if action.verb == "eliminate":
            eliminate(state, piece, "retreated with nowhere to go (7.7.17)")
            return
        if action.verb == "reembark":  # 24.0 (optional rule)
            reembark(state, action)
            return
        to = state.w.board.node(str(action.args["to"]))
        state.emit_move("retreat", piece, piece.node, to, unit=piece.uid)  # revealed in battle
        piece.node = to
        piece.half_hit = False  # 7.7.8: out of the battle, its half hit is lost
        if state.spec(piece).is_air:
            piece.base = -1
        else:
            take_control(state, piece.side, [to])

    def run(self, m: M, state: BiteState, frame: Frame) -> None:
        m.end(state)
