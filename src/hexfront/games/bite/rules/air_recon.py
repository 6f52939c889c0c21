"""Air reconnaissance attempts (optional rule 19.1), made in the Movement Phase.

An activated Air-HQ makes as many attempts as its action points, an activated Supreme HQ
of an Axis minor power one (13.8.3); each targets an enemy-held hex within 5, 10 or 15
hexes (the nation's fighter TECH 1, 2 or 3), the same hex as often as wished. The defender
first rolls its interdiction dice, as many as its anti-aircraft fire over that hex would
roll: any hit stops the attempt. Otherwise the recon die, with its modifiers, succeeds on
1-4 and the defender's units there are shown face up. What came of it is kept by
``recon.py``.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from hexfront.engine.protocol import Action

from ..board import FORTRESS
from ..state import AXIS, SOVIET, BiteState, Piece, enemy_of
from ..types import Node
from . import command, dated
from .basics import reveal
from .combat import city_aa, ground, in_battle
from .level import surprise_turn
from .modifiers import (
    AA,
    ROUGH,
    BattleContext,
    dice_after_mali,
    fortification,
    hit_number,
    modifiers,
)
from .optional_rules import RECON, bad_weather, rule_on
from .recon import book, open_book


@cache
def recon_data() -> dict[str, Any]:
    """The numbers of 19.1 (``data/charts.toml``, section ``recon``)."""
    text = resources.files("hexfront.games.bite").joinpath("data/charts.toml").read_text()
    found: dict[str, Any] = tomllib.loads(text)["recon"]
    return found


def fighter_tech(state: BiteState, nation: str) -> int:
    """The TECH level of a nation's fighters this turn (3.13)."""
    return dated.tech_level(state, nation, "fighter")  # 17.1: the minors as played


def attempts(state: BiteState, hq: Piece) -> int:
    """19.1: attempts an activated HQ has this turn: an Air-HQ one per action point, an
    Axis minor power's Supreme HQ one (13.8.3); other HQs none."""
    entry = command.active_entries(state).get(hq.uid)
    if entry is None:
        return 0
    spec = state.spec(hq)
    if spec.cls == "air_hq" and "air_recon" in state.profile(hq).abilities:
        return int(entry["ap"])
    if spec.cls == "supreme_hq" and hq.side == AXIS and spec.nation != "germany":
        return int(recon_data()["minor_power_attempts"])
    return 0


def tries_left(state: BiteState, hq: Piece) -> int:
    found = book(state)
    used = 0 if found is None else int(found["tries"].get(hq.uid, 0))
    return max(0, attempts(state, hq) - used)


def recon_range(state: BiteState, hq: Piece) -> int:
    ranges: list[int] = recon_data()["range"]
    level = fighter_tech(state, state.spec(hq).nation)
    return int(ranges[min(len(ranges), max(1, level)) - 1])


def recon_actions(state: BiteState, side: str) -> list[Action]:
    """19.1: every attempt the phasing side may declare now: an HQ with attempts left and
    an enemy-held hex in its range that its side has not reconned yet this turn."""
    if not rule_on(state, RECON) or side != state.phasing:
        return []
    found = book(state)
    done = set() if found is None else set(found["hexes"])
    board = state.w.board
    enemy = sorted({p.node for p in state.on_map(enemy_of(side))})
    out: list[Action] = []
    for uid in sorted(command.active_entries(state)):
        hq = state.pieces[uid]
        if hq.side != side or hq.node < 0 or tries_left(state, hq) <= 0:
            continue
        rng = recon_range(state, hq)
        for node in enemy:
            hex_id = board.id_of(node)
            if hex_id not in done and board.distance(hq.node, node) <= rng:
                out.append(Action(side, "recon", {"hq": uid, "hex": hex_id}))
    return out


def interdiction_dice(state: BiteState, node: Node) -> list[tuple[str, int, int]]:
    """19.1: the defender's interdiction dice over the hex: (what rolls, dice, hit face) for
    the place's own AA, then for each ground unit (by its class), the strongest first, as
    its anti-aircraft fire would roll them (7.7.2, with the weather's Malus)."""
    side = state.phasing
    defender = enemy_of(side)
    if defender == SOVIET and surprise_turn(state):
        return []  # Barbarossa Surprise: the Soviet AA holds its fire, against recon too
    ctx = BattleContext(node, side, defender, 1)
    out = [(label, count, face) for label, count, face in city_aa(state, ctx)]
    units = ground(state, in_battle(state, node, defender))
    for p in sorted(units, key=lambda x: (-state.strength(x), x.uid)):
        firepower = state.profile(p).defence
        if firepower <= 0 or state.strength(p) <= 0:
            continue
        mods = modifiers(state, p, ctx, AA)
        count = dice_after_mali(state.strength(p), mods.mali)
        # Named by class only: the units are still hidden (the rulebook's example declares
        # "the infantry", "the tank").
        out.append((state.spec(p).cls, count, hit_number(firepower, mods.boni)))
    return out


def recon_modifier(state: BiteState, hq: Piece, node: Node) -> int:
    """19.1: what is added to the recon die: less for better fighters, more for rough
    ground, a major city, a bunker or fortress, and bad weather (all cumulative)."""
    data = recon_data()
    board = state.w.board
    mod = int(data["per_fighter_tech"]) * (fighter_tech(state, state.spec(hq).nation) - 1)
    if board.terrain[node] in ROUGH:
        mod += int(data["rough"])
    site = board.sites.get(node)
    fort = fortification(state, node)
    if site is not None and site.is_major and site.type != FORTRESS:
        mod += int(data["major_city"])
    if fort == "bunker":
        mod += int(data["bunker"])
    elif fort == "fortress":
        mod += int(data["fortress"])
    if bad_weather(state):
        mod += int(data["bad_weather"])
    return mod


def attempt(state: BiteState, hq: Piece, node: Node) -> str:
    """One recon attempt by ``hq`` over ``node`` (19.1): "interdicted", "failed" or
    "success"; on success the defender's units there are revealed."""
    side = state.phasing
    board = state.w.board
    found = open_book(state)
    found["tries"][hq.uid] = int(found["tries"].get(hq.uid, 0)) + 1
    hex_id = board.id_of(node)
    defender = enemy_of(side)
    hit = False
    for label, count, face in interdiction_dice(state, node):
        needs = "6" if face >= 6 else f"{face}-6"
        values = state.dice.roll(
            count, f"recon interdiction: {label} hits on {needs}", state.log, by=defender
        )
        hit = hit or any(v >= face for v in values)
    if hit:
        result = "interdicted"
    else:
        roll = state.dice.roll(1, "recon", state.log, by=side)[0]
        result = (
            "success"
            if roll + recon_modifier(state, hq, node) <= recon_data()["success"]
            else "failed"
        )
    state.emit("recon", side=side, hq=hq.uid, hex=hex_id, result=result)
    if result == "success":
        found["hexes"].append(hex_id)
        # Face up until the Final Supply check (19.1).
        reveal(state, sorted(in_battle(state, node, defender), key=lambda x: x.uid), hex_id)
    return result
