"""A rule-based computer opponent for Stalin's War, either side, from its side's view only.

It reads nothing but the view it is given and the game's public static data (map, counters,
cards: what is printed on the board and in the rulebook). Its plan, in the words of a player:

* Cards (7.1.4): an event when it matters (reinforcements, the cards that open the Axis's
  restricted targets, VP, Lend Lease, Industrial Evacuation, Hitler Takes Command before its
  VP cost mounts); RP when its units are worn down (7.4); otherwise its strongest card for
  OPS, keeping combat cards for combat and resetting a long run of OPS plays (7.3.2).
* The Axis drives on the USSR VP spaces it may attack, in concentrated attacks where the
  Fire Tables give it good odds; the Soviet holds its VP spaces, closes up to the enemy and
  counterattacks the spaces it has lost and the weak enemy stacks.
* Movement hex by hex towards the objective (never out of an enemy ZOC, which costs OPS and
  gives up a front line), by rail when far from the front and OPS are spare; reinforcements
  and rebuilt units enter as near the front as they may; RP go to the front line first.

Combat odds are the exact chance of inflicting the higher loss number, from both Fire Tables
(11.2.1 steps 4-7) and the terrain shifts the attacker can see.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action
from hexfront.games.stalins_war.world import World, load_world

AXIS, SOVIET = "axis", "soviet"
FAR = 10_000
# Event cards worth their play whenever the rules offer them, by what they do; the rest of
# the events are played only for the reasons in ``_event_value``. (Design choice.)
EVENT_VALUE = {"reinforce": 9.0, "permit": 6.0, "vp": 7.0, "banked_ops": 6.0, "hand_size": 3.0}
# steps missing on the map (an eliminated unit counts two) before an RP play pays: the Axis
# needs its OPS for the offensive more than the Soviet (design choice)
RP_WHEN_MISSING = {AXIS: 8, SOVIET: 4}
ATTACK_ODDS = {AXIS: 0.5, SOVIET: 0.55}  # chance of winning needed for an ordinary attack
OBJECTIVE_ODDS = {AXIS: 0.3, SOVIET: 0.3}  # ... and for an attack on a VP space
MAX_MOVES = 400  # single-hex moves per movement phase, a safety net against wandering


def enemy_of(side: str) -> str:
    return SOVIET if side == AXIS else AXIS


@cache
def _fire_odds(
    a_col: int | None, a_lcu: bool, d_col: int | None, d_lcu: bool
) -> tuple[float, float, float]:
    """(P(attacker wins), expected defender losses, expected attacker losses) over the 36
    pairs of dice, both sides firing at once (11.2.1 steps 5-7; ties lost by both)."""
    c = load_world().tables.combat

    def losses(col: int | None, lcu: bool, roll: int) -> int:
        if col is None:
            return 0
        table = c.lcu_table if lcu else c.scu_table
        cell = table[roll - 1][col]
        return 0 if cell == "-" else int(cell.rstrip("*"))

    wins = 0
    dl = al = 0
    for r1 in range(1, 7):
        for r2 in range(1, 7):
            x, y = losses(a_col, a_lcu, r1), losses(d_col, d_lcu, r2)
            wins += x > y
            dl += x
            al += y
    return wins / 36, dl / 36, al / 36


def _column(columns: tuple[int, ...], strength: int) -> int | None:
    if strength <= 0:
        return None
    found = 0
    for i, low in enumerate(columns):
        if strength >= low:
            found = i
    return found


class _Look:
    """What one view shows, indexed for the agent: units by hex, strengths, control."""

    def __init__(self, view: dict[str, Any], world: World) -> None:
        self.view = view
        self.world = world
        m = world.map
        self.side = str(view["side"])
        self.enemy = enemy_of(self.side)
        self.turn = int(view["turn"])
        self.control: dict[str, str] = dict(view.get("control") or {})
        self.own: dict[int, list[str]] = {}
        self.foe: dict[int, list[str]] = {}
        self.eliminated: list[str] = []
        self.missing_steps = 0
        for u in view["units"]:
            if u.get("box") != "map" or u.get("hex") is None:
                if u.get("side") == self.side and u.get("box") == "eliminated":
                    self.eliminated.append(str(u["id"]))
                continue
            if u.get("id") is None:
                continue  # an inactive partisan: it neither fights nor blocks (16.1.4)
            node = m.index(str(u["hex"]))
            uid = str(u["id"])
            (self.own if u["side"] == self.side else self.foe).setdefault(node, []).append(uid)
            if u["side"] == self.side:
                self.missing_steps += int(u.get("step", 0))
        self.where: dict[str, int] = {u: n for n, uids in self.own.items() for u in uids}
        # own units found out of supply at the start of this round (13.1.1)
        self.oos: set[str] = set(view.get("out_of_supply") or []) & set(self.where)
        self.step: dict[str, int] = {
            str(u["id"]): int(u.get("step", 0)) for u in view["units"] if u.get("id")
        }
        played = set(view.get("played") or [])
        restricted: set[str] = set()
        zones_banned: set[int] = set()
        for card, names in world.tables.combat.restricted.items():
            if card in played:
                continue
            for name in names:
                if name in m.zones:
                    zones_banned |= set(m.zones[name])
                else:
                    restricted.add(name)
        if self.side == AXIS and any(self.control.get(n) == AXIS for n in restricted):
            restricted = set()  # 11.1.9: holding one of them lifts the ban (simplified)
        self.restricted = restricted if self.side == AXIS else set()
        self.zones_banned = zones_banned if self.side == AXIS else set()

    # --- units ---------------------------------------------------------------------------
    def unit(self, uid: str) -> Any:
        return self.world.units[uid]

    def attack(self, uid: str) -> int:
        return int(self.unit(uid).steps[self.step.get(uid, 0)].attack)

    def defense(self, uid: str) -> int:
        return int(self.unit(uid).steps[self.step.get(uid, 0)].defense)

    def steps_left(self, uid: str) -> int:
        return len(self.unit(uid).steps) - self.step.get(uid, 0)

    def is_lcu(self, uid: str) -> bool:
        return bool(self.unit(uid).large)

    # --- places --------------------------------------------------------------------------
    def objectives(self) -> list[int]:
        """The VP spaces of the USSR this side does not hold and may aim at."""
        m = self.world.map
        out = []
        for p in m.places.values():
            if not p.vp or p.nation != "ussr" or self.control.get(p.name) == self.side:
                continue
            if p.name in self.restricted or p.node in self.zones_banned:
                continue
            out.append(p.node)
        return out

    def own_vp_spaces(self) -> list[int]:
        m = self.world.map
        return [
            p.node
            for p in m.places.values()
            if (p.vp or p.oil) and self.control.get(p.name) == self.side and p.nation == "ussr"
        ]

    def is_objective(self, node: int) -> bool:
        p = self.world.map.place_at.get(node)
        return bool(p is not None and (p.vp or p.oil) and self.control.get(p.name) != self.side)


def _bfs(world: World, sources: Iterable[int]) -> list[int]:
    m = world.map
    dist = [FAR] * m.hex_count
    todo: deque[int] = deque()
    for s in sources:
        if dist[s]:
            dist[s] = 0
            todo.append(s)
    while todo:
        a = todo.popleft()
        d = dist[a] + 1
        for b in m.adjacency[a]:
            if dist[b] > d:
                dist[b] = d
                todo.append(b)
    return dist


class SwHeuristicAgent:
    """Rule-based Stalin's War player (see the module text); one per side and game."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self.world = load_world()
        self._fields: dict[tuple[int, ...], list[int]] = {}
        self._round: tuple[Any, ...] = ()
        self._moves = 0
        self._planned: set[int] = set()  # targets given a Combat marker this round
        self._marked: set[int] = set()  # own hexes with a Combat marker this round
        self._tried: set[int] = set()  # targets declared this round (never twice: 11.1.1)
        self._target = -1  # the hex of the attack being fought
        self._cards_played = 0

    # --- entry ---------------------------------------------------------------------------
    def choose(self, view: dict[str, JSON], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        v: dict[str, Any] = dict(view)
        prompt = v.get("prompt") or {}
        kind = str(prompt.get("kind", ""))
        key = (v.get("turn"), v.get("ar"), v.get("side"))
        if key != self._round:
            self._round = key
            self._moves = 0
            self._planned = set()
            self._marked = set()
            self._tried = set()
        look = self.look(v)
        handler = getattr(self, f"_on_{kind}", None)
        chosen = handler(look, legal) if handler is not None else None
        if chosen is None:
            chosen = self._fallback(legal)
        return chosen

    def look(self, view: dict[str, Any]) -> _Look:
        return _Look(view, self.world)

    def _fallback(self, legal: Sequence[Action]) -> Action:
        for verb in ("done_picking", "skip_trench", "no_more_cards", "done_rushing"):
            for a in legal:
                if a.verb == verb:
                    return a
        return legal[self._rng.randrange(len(legal))]

    # --- distance fields -----------------------------------------------------------------
    def field(self, sources: Iterable[int]) -> list[int]:
        key = tuple(sorted(set(sources)))
        found = self._fields.get(key)
        if found is None:
            if len(self._fields) > 64:
                self._fields.clear()
            found = _bfs(self.world, key)
            self._fields[key] = found
        return found

    def goal_field(self, look: _Look) -> list[int]:
        """Hexes from where this side wants its units: the Axis, the nearest VP space it may
        attack (else the nearest enemy); the Soviet, its lost VP spaces, else the enemy."""
        goals = look.objectives()
        if look.side == SOVIET or not goals:
            goals = goals + list(look.foe)
        if not goals:
            goals = look.own_vp_spaces()
        return self.field(goals)

    # --- action rounds (7.2) -------------------------------------------------------------
    def _event_value(self, look: _Look, card_id: str) -> float:
        card = self.world.cards[card_id]
        if card.combat:
            return 0.0  # kept for combat (7.5.5)
        verbs = {verb for e in card.effects for verb in e.verbs()}
        value = max((EVENT_VALUE.get(verb, 0.0) for verb in verbs), default=0.0)
        if card.title.startswith("Hitler Takes Command"):
            # A24: the Axis loses a VP each Spring and Summer turn until it is played, and the
            # tournament count favours the Soviet without it (22): play it from turn 3
            value = 8.0 if look.turn >= 3 else 0.0
        if card.title.startswith("Industrial Evacuation"):
            value = 8.0  # 22: the tournament count favours the Axis unless it is played
        if "vp" in verbs and look.side == AXIS and card.title.startswith("Naval Evacuation"):
            value = 0.0
        if "permit" in verbs and look.side == AXIS:
            opens = self.world.tables.combat.restricted.get(card_id)
            value = 8.5 if opens else value
        return value

    def _on_action_round(self, look: _Look, legal: Sequence[Action]) -> Action | None:
        ranked = self.round_scores(look, legal)
        return ranked[0][1] if ranked else None

    def round_scores(self, look: _Look, legal: Sequence[Action]) -> list[tuple[float, Action]]:
        """The plays of an action round worth weighing, best first, with their scores."""
        view = look.view
        scored: list[tuple[float, Action]] = []

        def offer(score: float, a: Action) -> None:
            scored.append((score, a))

        consecutive = int(view["tracks"]["consecutive_ops"].get(look.side, 0))
        worn = look.missing_steps + 2 * len(look.eliminated)
        for a in legal:
            card_id = a.args.get("card")
            if a.verb == "play_event" and card_id:
                value = self._event_value(look, str(card_id))
                if value > 0:
                    offer(value + self.world.cards[str(card_id)].ops * 0.1, a)
            elif a.verb == "play_ops" and card_id:
                card = self.world.cards[str(card_id)]
                ops = max(0, card.ops - consecutive)  # this play's OPS (7.3.2)
                score = 2.0 + ops * 1.2 - (1.5 if card.combat else 0.0)
                if ops <= 0:
                    score = -1.0
                offer(score, a)
            elif a.verb == "play_rp" and card_id and look.oos and look.side == AXIS:
                continue  # units out of supply: OPS to bring them back first (13.3)
            elif a.verb == "play_rp" and card_id:
                card = self.world.cards[str(card_id)]
                if worn >= RP_WHEN_MISSING[look.side] and look.turn >= 2:
                    offer(4.0 + card.rp.total * 0.8 + min(worn, 10) * 0.2 - card.combat, a)
                elif consecutive >= 2:
                    offer(2.0 + card.rp.total * 0.3 - card.combat, a)  # resets the count
            elif a.verb == "zero_ops_move":
                banked = int(view["tracks"]["banked_ops"].get(look.side, 0))
                offer(1.0 + banked * 0.8, a)
            elif a.verb == "zero_ops_pass" and not a.args:
                offer(0.0, a)
        scored.sort(key=lambda t: -t[0])  # stable: the legal order breaks ties
        return scored

    def _on_discards(self, look: _Look, legal: Sequence[Action]) -> Action | None:
        for a in legal:
            if a.verb == "done_discarding":
                return a
        return None

    # --- movement (10) -------------------------------------------------------------------
    def _on_movement(self, look: _Look, legal: Sequence[Action]) -> Action | None:
        end = next((a for a in legal if a.verb == "end_movement"), None)
        self._moves += 1
        if self._moves > MAX_MOVES:
            return end
        m = self.world.map
        dist = self.goal_field(look)
        foe_field = self.field(look.foe) if look.foe else [FAR] * m.hex_count
        prompt = look.view.get("prompt") or {}
        ops_left = int((prompt.get("data") or {}).get("ops", 0))
        attack_reserve = 2 if look.side == AXIS else 1
        holders = self._holders(look, foe_field)
        best: tuple[float, Action] | None = None
        fed = [n for u, n in look.where.items() if u not in look.oos]
        back = self.field(fed) if look.oos and fed else None
        for a in legal:
            if a.verb not in ("move", "rail", "sea"):
                continue
            uid = str(a.args["unit"])
            here = self._where(look, uid)
            if here is None:
                continue
            to = m.index(str(a.args["to"]))
            if uid in look.oos and back is not None and a.verb == "move":
                # 13.3: out of supply it dies in the attrition segment: back to the army
                if back[here] - back[to] > 0:
                    score = 6.0 + back[here] - back[to]
                    if best is None or score > best[0]:
                        best = (score, a)
                continue
            if uid in holders:
                continue
            if foe_field[here] == 1 and a.verb == "move":
                continue  # in the line (and an enemy ZOC): it stays to fight or hold
            gain = dist[here] - dist[to]
            if a.verb in ("rail", "sea"):
                if ops_left <= attack_reserve or dist[here] < 5 or gain < 4:
                    continue
                if foe_field[to] <= 1:
                    continue
                score = gain * 0.5
            else:
                if gain <= 0:
                    continue
                score = float(gain)
                if look.side == SOVIET and foe_field[to] <= 1 and not self._line_ok(look, to):
                    score -= 0.5
            if look.is_objective(to):
                score += 3.0
            if best is None or score > best[0]:
                best = (score, a)
        crossing = self._paulus_crossing(look, legal)
        if crossing is not None:
            return crossing
        if best is not None:
            return best[1]
        works = self._works(look, legal, foe_field, ops_left, attack_reserve)
        return works if works is not None else end

    def _paulus_crossing(self, look: _Look, legal: Sequence[Action]) -> Action | None:
        """5.1.3: the Soviet wins at the end of turn 4 unless a supplied Axis unit has moved
        east of the Paulus Line; the Axis sees to it from turn 2, with a unit in supply."""
        public = look.view.get("public") or {}
        if look.side != AXIS or public.get("paulus_crossed", True) or look.turn < 2:
            return None
        east = self.world.map.zones.get("paulus_east", frozenset())
        oos = set(look.view.get("out_of_supply") or [])
        for a in legal:
            if a.verb != "move" or str(a.args["unit"]) in oos:
                continue
            here = self._where(look, str(a.args["unit"]))
            to = self.world.map.index(str(a.args["to"]))
            if here is not None and to in east:
                return a  # 5.1.3 counts any move into the zone by a supplied unit
        return None

    def _where(self, look: _Look, uid: str) -> int | None:
        return look.where.get(uid)

    def _holders(self, look: _Look, foe_field: list[int]) -> set[str]:
        """Units that stay put: the last unit on a VP space of its side near the enemy."""
        out: set[str] = set()
        m = self.world.map
        for node in look.own_vp_spaces():
            uids = look.own.get(node, [])
            if uids and foe_field[node] <= 4:
                keep = max(uids, key=lambda u: (look.defense(u), u))
                out.add(keep)
                if len(uids) > 1 and foe_field[node] <= 1:
                    out.update(uids)
        del m
        return out

    def _line_ok(self, look: _Look, node: int) -> bool:
        return bool(look.own.get(node))

    def _works(
        self,
        look: _Look,
        legal: Sequence[Action],
        foe_field: list[int],
        ops_left: int,
        reserve: int,
    ) -> Action | None:
        """A trench on a VP space in the line, when OPS are spare (10.3)."""
        if ops_left <= reserve:
            return None
        m = self.world.map
        for a in legal:
            if a.verb != "entrench":
                continue
            node = m.index(str(a.args["hex"]))
            place = m.place_at.get(node)
            if place is not None and place.vp and foe_field[node] <= 2:
                return a
        return None

    # --- placing units ----------------------------------------------------------------------
    def _on_reinforce(self, look: _Look, legal: Sequence[Action]) -> Action | None:
        m = self.world.map
        foe_field = self.field(look.foe) if look.foe else None
        best: tuple[float, Action] | None = None
        for a in legal:
            if a.verb == "place":
                node = m.index(str(a.args["at"]))
                d = foe_field[node] if foe_field else 0
                score: float = -abs(d - 2) - (3 if d <= 1 else 0)
            elif a.verb == "swap":
                score = 0.0
            else:
                continue
            if best is None or score > best[0]:
                best = (score, a)
        return best[1] if best else None

    def _on_replacements(self, look: _Look, legal: Sequence[Action]) -> Action | None:
        m = self.world.map
        foe_field = self.field(look.foe) if look.foe else [0] * m.hex_count
        best: tuple[float, Action] | None = None
        for a in legal:
            uid = str(a.args.get("unit", ""))
            if a.verb == "replace_step":
                here = self._where(look, uid)
                near = foe_field[here] if here is not None else 5
                score = 10.0 - min(near, 8) * 0.5 + (2 if look.is_lcu(uid) else 0)
            elif a.verb == "rebuild":
                node = m.index(str(a.args["at"]))
                score = 6.0 - abs(foe_field[node] - 3) * 0.3 + (1 if look.is_lcu(uid) else 0)
            else:
                continue
            if best is None or score > best[0]:
                best = (score, a)
        return best[1] if best else None

    def _on_trench(self, look: _Look, legal: Sequence[Action]) -> Action | None:
        m = self.world.map
        foe_field = self.field(look.foe) if look.foe else [0] * m.hex_count
        free = [a for a in legal if a.verb == "free_trench"]
        if not free:
            return None
        return min(free, key=lambda a: foe_field[m.index(str(a.args["hex"]))])

    # --- combat (11, 12) ---------------------------------------------------------------------
    def _shift(self, look: _Look, froms: set[int], target: int) -> int:
        """The attacker's left shifts it can see: terrain, a place, rivers, trenches (TEC),
        the Paulus Line for the Axis in turns 1-4, winter."""
        c = self.world.tables.combat
        m = self.world.map
        n = c.terrain_shift.get(m.terrain[target], 0)
        place = m.place_at.get(target)
        if place is not None:
            n += c.place_shift.get(place.type, 0)
        sides = [m.side(a, target) for a in froms]
        if sides and all(s is not None and (s.river or s.major_river) for s in sides):
            n += c.river_shift
        if m.id_of(target) in (look.view.get("trenches") or {}):
            n += c.trench_shift
        if (
            look.side == AXIS
            and look.turn <= c.paulus_shift_to_turn
            and target in m.zones.get("paulus_east", frozenset())
        ):
            n += 1
        if look.turn in c.winter_turns and look.side == AXIS:
            n += 1
        return n

    def odds(self, look: _Look, attackers: list[str], target: int) -> float:
        defenders = look.foe.get(target, [])
        if not attackers or not defenders:
            return 0.0
        c = self.world.tables.combat
        froms = {self._where(look, u) for u in attackers}
        shift = self._shift(look, {f for f in froms if f is not None}, target)
        a_str = sum(look.attack(u) for u in attackers)
        d_str = sum(look.defense(u) for u in defenders)
        a_lcu = any(look.is_lcu(u) for u in attackers) or (
            sum(look.unit(u).kind in c.panzers for u in attackers) >= c.panzer_group
        )
        d_lcu = any(look.is_lcu(u) for u in defenders)
        cols_a = c.lcu_columns if a_lcu else c.scu_columns
        cols_d = c.lcu_columns if d_lcu else c.scu_columns
        a_col = _column(cols_a, a_str)
        if a_col is not None:
            a_col = max(0, a_col - shift)
        return _fire_odds(a_col, a_lcu, _column(cols_d, d_str), d_lcu)[0]

    def _group(self, look: _Look, hexes: Iterable[int], target: int) -> list[str]:
        """The attackers a hex (or hexes) can send against ``target``: the strongest LCU and
        every SCU (11.1.3: one LCU a side)."""
        units = [u for h in hexes for u in look.own.get(h, []) if look.attack(u) > 0]
        lcus = sorted((u for u in units if look.is_lcu(u)), key=look.attack, reverse=True)
        return [u for u in units if not look.is_lcu(u)] + lcus[:1]

    def _need(self, look: _Look, target: int) -> float:
        if look.is_objective(target):
            return OBJECTIVE_ODDS[look.side]
        return ATTACK_ODDS[look.side]

    def _on_combat(self, look: _Look, legal: Sequence[Action]) -> Action | None:
        m = self.world.map
        verbs = {a.verb for a in legal}
        if "combat_marker" in verbs or "done_markers" in verbs:
            return self._markers(look, legal)
        if "attack" in verbs or "end_combat" in verbs:
            best: tuple[float, Action] | None = None
            for a in legal:
                if a.verb != "attack":
                    continue
                target = m.index(str(a.args["hex"]))
                if target in self._tried:
                    continue
                froms = [h for h in m.adjacency[target] if h in look.own and h in self._marked]
                if not froms:
                    froms = [h for h in m.adjacency[target] if h in look.own]
                p = self.odds(look, self._group(look, froms, target), target)
                if p < self._need(look, target):
                    continue
                score = p + (0.5 if look.is_objective(target) else 0.0)
                if best is None or score > best[0]:
                    best = (score, a)
            if best is not None:
                self._target = m.index(str(best[1].args["hex"]))
                self._tried.add(self._target)
                return best[1]
            return next((a for a in legal if a.verb == "end_combat"), None)
        commits = [a for a in legal if a.verb == "commit"]
        if commits:
            # every unit that may join, the LCU first (the rules keep the group legal)
            return max(
                commits,
                key=lambda a: (
                    look.is_lcu(str(a.args["unit"])),
                    look.attack(str(a.args["unit"])),
                    str(a.args["unit"]),
                ),
            )
        for verb in ("fire", "call_off"):
            for a in legal:
                if a.verb == verb:
                    return a
        return None

    def _markers(self, look: _Look, legal: Sequence[Action]) -> Action | None:
        m = self.world.map
        done = next((a for a in legal if a.verb == "done_markers"), None)
        best: tuple[float, Action, int] | None = None
        for a in legal:
            if a.verb != "combat_marker":
                continue
            node = m.index(str(a.args["hex"]))
            for target in m.adjacency[node]:
                if target not in look.foe or target in self._planned:
                    continue
                if look.side == AXIS and (
                    (
                        (place := m.place_at.get(target)) is not None
                        and place.name in look.restricted
                    )
                    or target in look.zones_banned
                ):
                    continue
                hexes = [node, *(h for h in self._marked if target in m.adjacency[h])]
                p = self.odds(look, self._group(look, hexes, target), target)
                if p < self._need(look, target):
                    continue
                score = p + (0.6 if look.is_objective(target) else 0.0)
                if best is None or score > best[0]:
                    best = (score, a, target)
        if best is None:
            return done
        self._planned.add(best[2])
        self._marked.add(m.index(str(best[1].args["hex"])))
        return best[1]

    def _on_combat_cards(self, look: _Look, legal: Sequence[Action]) -> Action | None:
        plays = [a for a in legal if a.verb in ("combat_card", "rush")]
        if plays:
            return plays[0]
        for verb in ("no_more_cards", "done_rushing"):
            for a in legal:
                if a.verb == verb:
                    return a
        return None

    def _on_losses(self, look: _Look, legal: Sequence[Action]) -> Action | None:
        takes = [a for a in legal if a.verb == "take_loss"]
        if not takes:
            return None

        def cost(a: Action) -> tuple[int, int, int, str]:
            uid = str(a.args["unit"])
            # the unit that keeps most after the loss, the weaker attacker first
            return (-look.steps_left(uid), look.attack(uid), look.is_lcu(uid), uid)

        return min(takes, key=cost)

    def _on_retreat(self, look: _Look, legal: Sequence[Action]) -> Action | None:
        m = self.world.map
        holds = [a for a in legal if a.verb == "no_retreat"]
        retreats = [a for a in legal if a.verb == "retreat"]
        if holds:
            uid = str(holds[0].args["unit"])
            node = self._where(look, uid)
            place = m.place_at.get(node) if node is not None else None
            if place is not None and (place.vp or place.oil):
                total = sum(look.steps_left(u) for u in look.own.get(node or 0, []))
                if total >= 2:
                    return max(
                        holds, key=lambda a: (look.steps_left(str(a.args["unit"])), a.args["unit"])
                    )
        if not retreats:
            return holds[0] if holds else None
        foe_field = self.field(look.foe) if look.foe else [0] * m.hex_count

        def score(a: Action) -> tuple[int, int, str]:
            node = m.index(str(a.args["to"]))
            return (foe_field[node], len(look.own.get(node, [])), str(a.args["to"]))

        return max(retreats, key=score)

    def _fits(self, look: _Look, node: int, uid: str) -> bool:
        """Whether ``uid`` may join its side's units in ``node`` within the stacking limits
        (9.1): a Blitz advance may over-stack only until exploitation ends (9.1.4), and what
        is still over the limit then is lost."""
        t = self.world.tables
        here = [u for u in look.own.get(node, []) if u != uid] + [uid]
        counted = [u for u in here if look.unit(u).kind not in t.stack_exempt]
        large = sum(look.is_lcu(u) for u in counted)
        return len(counted) <= t.stack_units and large <= t.stack_large

    def _over(self, look: _Look, node: int) -> bool:
        t = self.world.tables
        counted = [u for u in look.own.get(node, []) if look.unit(u).kind not in t.stack_exempt]
        large = sum(look.is_lcu(u) for u in counted)
        return len(counted) > t.stack_units or large > t.stack_large

    def _on_advance(self, look: _Look, legal: Sequence[Action]) -> Action | None:
        m = self.world.map
        dist = self.goal_field(look)
        for a in legal:
            if a.verb == "advance" and (
                self._target < 0 or self._fits(look, self._target, str(a.args["unit"]))
            ):
                return a
        follows = [a for a in legal if a.verb == "follow"]
        best = None
        for a in follows:
            uid = str(a.args["unit"])
            here = self._where(look, uid)
            to = m.index(str(a.args["to"]))
            if not self._fits(look, to, uid):
                continue
            better = best is None or dist[to] < dist[m.index(str(best.args["to"]))]
            if here is not None and dist[to] < dist[here] and better:
                best = a
        if best is not None:
            return best
        return next((a for a in legal if a.verb == "done_advancing"), None)

    def _on_exploit(self, look: _Look, legal: Sequence[Action]) -> Action | None:
        m = self.world.map
        dist = self.goal_field(look)
        best: tuple[int, Action] | None = None
        for a in legal:
            if a.verb != "exploit":
                continue
            uid = str(a.args["unit"])
            here = self._where(look, uid)
            to = m.index(str(a.args["to"]))
            if here is None or not self._fits(look, to, uid):
                continue
            gain = dist[here] - dist[to] + (3 if look.is_objective(to) else 0)
            if self._over(look, here):
                gain += 20  # out of an over-stacked hex first, or the excess is lost
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, a)
        if best is not None:
            return best[1]
        return next((a for a in legal if a.verb == "end_exploitation"), None)


__all__ = ["SwHeuristicAgent"]
