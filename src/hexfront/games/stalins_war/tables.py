"""The numbers Stalin's War's rules run on, read once from ``data/rules.toml``.

Nothing here is a rule: the rules (``rules/``) read these tables, so a number is changed in
the data file, never in code.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any


@dataclass(frozen=True, slots=True)
class ScenarioSpec:
    id: str
    name: str
    turns: int
    summary: str


@dataclass(frozen=True, slots=True)
class CombatTables:
    """Chapter 11-12 and 20 numbers (``[combat]`` of ``rules.toml``)."""

    marker_ops: int
    lcu_columns: tuple[int, ...]
    lcu_table: tuple[tuple[str, ...], ...]
    scu_columns: tuple[int, ...]
    scu_table: tuple[tuple[str, ...], ...]
    panzer_group: int
    terrain_shift: dict[str, int]
    place_shift: dict[str, int]
    river_shift: int
    major_river_shift: int
    kerch_shift: int
    trench_shift: int
    no_retreat_terrain: frozenset[str]
    no_blitz_terrain: frozenset[str]
    no_blitz_places: frozenset[str]
    halt_exploit_terrain: frozenset[str]
    turn1_exploit_halt: frozenset[str]
    mechanized: frozenset[str]
    tie_breakers: frozenset[str]
    exploiters: frozenset[str]
    uranus_exploiters: frozenset[str]
    uranus_card: str
    panzers: frozenset[str]
    shock: frozenset[str]
    lcus_per_side: int
    blitz_per_round: int
    axis_paulus_blitz: int
    axis_paulus_blitz_to_turn: int
    paulus_shift_to_turn: int
    long_retreat_from: int
    mobile_defense_to_turn: int
    mobile_defense_kinds: frozenset[str]
    winter_turns: frozenset[int]
    winter_uniforms: str
    front_vs_panzers_to_turn: int
    restricted: dict[str, tuple[str, ...]]
    volga_unless: tuple[str, ...]
    zhukov: str
    zhukov_extra_loss: int


def _words(raw: Any) -> frozenset[str]:
    return frozenset(str(x) for x in raw)


def parse_combat(c: dict[str, Any]) -> CombatTables:
    return CombatTables(
        marker_ops=int(c["marker_ops"]),
        lcu_columns=tuple(int(x) for x in c["lcu_columns"]),
        lcu_table=tuple(tuple(str(x) for x in row) for row in c["lcu_table"]),
        scu_columns=tuple(int(x) for x in c["scu_columns"]),
        scu_table=tuple(tuple(str(x) for x in row) for row in c["scu_table"]),
        panzer_group=int(c["panzer_group"]),
        terrain_shift={str(k): int(v) for k, v in c["terrain_shift"].items()},
        place_shift={str(k): int(v) for k, v in c["place_shift"].items()},
        river_shift=int(c["river_shift"]),
        major_river_shift=int(c["major_river_shift"]),
        kerch_shift=int(c["kerch_shift"]),
        trench_shift=int(c["trench_shift"]),
        no_retreat_terrain=_words(c["no_retreat_terrain"]),
        no_blitz_terrain=_words(c["no_blitz_terrain"]),
        no_blitz_places=_words(c["no_blitz_places"]),
        halt_exploit_terrain=_words(c["halt_exploit_terrain"]),
        turn1_exploit_halt=_words(c["turn1_exploit_halt"]),
        mechanized=_words(c["mechanized"]),
        tie_breakers=_words(c["tie_breakers"]),
        exploiters=_words(c["exploiters"]),
        uranus_exploiters=_words(c["uranus_exploiters"]),
        uranus_card=str(c["uranus_card"]),
        panzers=_words(c["panzers"]),
        shock=_words(c["shock"]),
        lcus_per_side=int(c["lcus_per_side"]),
        blitz_per_round=int(c["blitz_per_round"]),
        axis_paulus_blitz=int(c["axis_paulus_blitz"]),
        axis_paulus_blitz_to_turn=int(c["axis_paulus_blitz_to_turn"]),
        paulus_shift_to_turn=int(c["paulus_shift_to_turn"]),
        long_retreat_from=int(c["long_retreat_from"]),
        mobile_defense_to_turn=int(c["mobile_defense_to_turn"]),
        mobile_defense_kinds=_words(c["mobile_defense_kinds"]),
        winter_turns=frozenset(int(x) for x in c["winter_turns"]),
        winter_uniforms=str(c["winter_uniforms"]),
        front_vs_panzers_to_turn=int(c["front_vs_panzers_to_turn"]),
        restricted={str(k): tuple(str(x) for x in v) for k, v in c["restricted"].items()},
        volga_unless=tuple(str(x) for x in c["volga_unless"]),
        zhukov=str(c["zhukov"]),
        zhukov_extra_loss=int(c["zhukov_extra_loss"]),
    )


@dataclass(frozen=True, slots=True)
class WorksTables:
    """10.3 trenches, 16.3 Festung and 16.1 partisans (``[works]``, ``[partisans]``)."""

    trench_ops: int
    automatic_trench_ops: int
    trench_success: frozenset[int]
    axis_trench_after_ban: frozenset[int]
    trench_counters: dict[str, int]
    festung_ops: int
    festung_counters: int
    partisan_ops: int
    partisans_per_ops: int
    partisans_max: int
    partisan_terrain: frozenset[str]
    partisan_nation: str


def parse_works(w: dict[str, Any], p: dict[str, Any]) -> WorksTables:
    return WorksTables(
        trench_ops=int(w["trench_ops"]),
        automatic_trench_ops=int(w["automatic_trench_ops"]),
        trench_success=frozenset(int(x) for x in w["trench_success"]),
        axis_trench_after_ban=frozenset(int(x) for x in w["axis_trench_after_ban"]),
        trench_counters={str(k): int(v) for k, v in w["trench_counters"].items()},
        festung_ops=int(w["festung_ops"]),
        festung_counters=int(w["festung_counters"]),
        partisan_ops=int(p["ops"]),
        partisans_per_ops=int(p["per_ops"]),
        partisans_max=int(p["max_on_map"]),
        partisan_terrain=frozenset(str(x) for x in p["terrain"]),
        partisan_nation=str(p["nation"]),
    )


@dataclass(frozen=True, slots=True)
class Tables:
    scenarios: dict[str, ScenarioSpec]
    seasons: tuple[str, ...]
    rounds_per_turn: int
    rounds_first_turn: int
    first_turn_round_number: int
    rasputitsa_rounds: dict[str, int]
    hand_start: int
    hand_max: int
    hand_min: int
    axis_no_min_from: int
    oil_axis: tuple[int, ...]
    oil_soviet: tuple[int, ...]
    rp_plays: dict[str, int]
    axis_double_rp_turns: frozenset[int]
    total_war_from: int
    total_war_one_side: int
    total_war_both: int
    axis_banked: int
    axis_banked_from: int
    soviet_rp_turn: int
    soviet_rp: int
    bid_rp_per_turn: int
    bid_max: int
    stack_units: int
    stack_large: int
    stack_exempt: frozenset[str]
    major_river_mp: int
    kerch_mp: int
    mountain_unit_mp: int
    paulus_ma: int
    paulus_to_turn: int
    axis_still_turn: int
    no_entry_turn1: frozenset[str]
    soviet_banned_turn1: frozenset[str]
    rail_ops: int
    rail_axis_no_ussr_to: int
    rail_axis_no_baltic_to: int
    rail_soviet_never: frozenset[str]
    stalin_moves: int
    sea_groups: dict[str, tuple[frozenset[str], ...]]
    sea_waters: dict[str, frozenset[str]]
    axis_vp_win: int
    soviet_vp_win: int
    tournament_axis_spaces: int
    tournament_adjust: int
    soviet_capitals: tuple[str, ...]
    axis_oil_turns: int
    axis_turn4: tuple[int, tuple[str, ...], tuple[str, ...]]
    axis_turn8: tuple[int, tuple[str, ...]]
    soviet_paulus_turn: int
    soviet_all_spaces_turns: tuple[int, int]
    surrender: dict[str, str]
    tournament_axis_bonus_unless: str
    tournament_soviet_bonus_unless: str
    supply_range: int
    supply_sources: dict[str, tuple[str, ...]]
    port_seas: tuple[frozenset[str], ...]
    baku: str
    baku_sea: str
    axis_lcu_delay: int
    oos_ma: int
    repl_half: dict[str, int]
    capitals: dict[str, str]
    home: dict[str, tuple[str, ...]]
    italian_places: tuple[str, ...]
    panzer_needs: str
    swap_on_elimination: dict[str, str]
    reinforcements_per_turn: int
    no_reinforcements_turn: int
    mobilization_turn: int
    mobilization_plays: int
    oos_ma_from: int
    combat: CombatTables
    works: WorksTables

    def season(self, turn: int) -> str:
        return self.seasons[turn - 1]

    def rasputitsa(self, turn: int, ar: int) -> bool:
        """15.1.1: the first AR of an autumn, the first two of a spring."""
        return ar <= self.rasputitsa_rounds.get(self.season(turn), 0)


def parse_tables(raw: dict[str, Any]) -> Tables:
    scen = {
        key: ScenarioSpec(key, str(v["name"]), int(v["turns"]), str(v["summary"]))
        for key, v in raw["scenarios"].items()
    }
    ar, ras, hand = raw["action_rounds"], raw["rasputitsa"], raw["hand"]
    rp, tw, bank = raw["rp_plays"], raw["total_war"], raw["banked_ops"]
    st, mv, vic = raw["stacking"], raw["movement"], raw["victory"]
    sup = raw["supply"]
    return Tables(
        scenarios=scen,
        seasons=tuple(raw["calendar"]["seasons"]),
        rounds_per_turn=int(ar["per_turn"]),
        rounds_first_turn=int(ar["first_turn"]),
        first_turn_round_number=int(ar["first_turn_number"]),
        rasputitsa_rounds={str(k): int(v) for k, v in ras.items()},
        hand_start=int(hand["start"]),
        hand_max=int(hand["max"]),
        hand_min=int(hand["min"]),
        axis_no_min_from=int(hand["axis_no_min_from_turn"]),
        oil_axis=tuple(int(x) for x in hand["oil_axis"]),
        oil_soviet=tuple(int(x) for x in hand["oil_soviet"]),
        rp_plays={"soviet": int(rp["soviet"]), "axis": int(rp["axis"])},
        axis_double_rp_turns=frozenset(int(x) for x in rp["axis_double_turns"]),
        total_war_from=int(tw["from_turn"]),
        total_war_one_side=int(tw["one_side"]),
        total_war_both=int(tw["both_sides"]),
        axis_banked=int(bank["axis_per_turn"]),
        axis_banked_from=int(bank["axis_from_turn"]),
        soviet_rp_turn=int(bank["soviet_rp_turn"]),
        soviet_rp=int(bank["soviet_rp"]),
        bid_rp_per_turn=int(bank["bid_rp_per_turn"]),
        bid_max=int(bank["bid_max"]),
        stack_units=int(st["units"]),
        stack_large=int(st["large"]),
        stack_exempt=frozenset(str(x) for x in st["exempt"]),
        major_river_mp=int(mv["major_river"]),
        kerch_mp=int(mv["kerch_strait"]),
        mountain_unit_mp=int(mv["mountain_unit"]),
        paulus_ma=int(mv["paulus_ma"]),
        paulus_to_turn=int(mv["paulus_to_turn"]),
        axis_still_turn=int(mv["axis_still_turn"]),
        no_entry_turn1=frozenset(str(x) for x in mv["no_entry_turn1"]),
        soviet_banned_turn1=frozenset(str(x) for x in mv["soviet_banned_turn1"]),
        rail_ops=int(raw["rail"]["ops"]),
        rail_axis_no_ussr_to=int(raw["rail"]["axis_no_ussr_to_turn"]),
        rail_axis_no_baltic_to=int(raw["rail"]["axis_no_baltic_to_turn"]),
        rail_soviet_never=frozenset(str(x) for x in raw["rail"]["soviet_never"]),
        stalin_moves=int(raw["rail"]["stalin_moves"]),
        sea_groups={
            side: tuple(frozenset(str(x) for x in g) for g in raw["sea"][side])
            for side in ("axis", "soviet")
        },
        sea_waters={str(k): frozenset(str(x) for x in v) for k, v in raw["sea"]["waters"].items()},
        axis_vp_win=int(vic["axis_vp"]),
        soviet_vp_win=int(vic["soviet_vp"]),
        tournament_axis_spaces=int(vic["tournament_axis_spaces"]),
        tournament_adjust=int(vic["tournament_adjust"]),
        soviet_capitals=tuple(str(x) for x in vic["soviet_capitals"]),
        axis_oil_turns=int(vic["axis_oil_turns"]),
        axis_turn4=(
            int(vic["axis_turn4"]["turn"]),
            tuple(str(x) for x in vic["axis_turn4"]["all"]),
            tuple(str(x) for x in vic["axis_turn4"]["any"]),
        ),
        axis_turn8=(
            int(vic["axis_turn8"]["turn"]),
            tuple(str(x) for x in vic["axis_turn8"]["all"]),
        ),
        soviet_paulus_turn=int(vic["soviet_paulus_turn"]),
        soviet_all_spaces_turns=(
            int(vic["soviet_all_spaces_turns"][0]),
            int(vic["soviet_all_spaces_turns"][1]),
        ),
        surrender={str(k): str(v) for k, v in vic["surrender"].items()},
        tournament_axis_bonus_unless=str(vic["tournament_axis_bonus_unless"]),
        tournament_soviet_bonus_unless=str(vic["tournament_soviet_bonus_unless"]),
        supply_range=int(sup["range"]),
        supply_sources={
            k: tuple(str(x) for x in sup[k]) for k in ("german", "romanian", "hungarian_italian")
        },
        port_seas=tuple(frozenset(str(x) for x in seas) for seas in sup["port_seas"]),
        baku=str(sup["baku"]),
        baku_sea=str(sup["baku_sea"]),
        axis_lcu_delay=int(sup["axis_lcu_delay"]),
        oos_ma=int(sup["oos_ma"]),
        repl_half={
            "small": int(raw["replacements"]["scu_half_rp"]),
            "large": int(raw["replacements"]["lcu_half_rp"]),
        },
        capitals={str(k): str(v) for k, v in raw["replacements"]["capitals"].items()},
        home={str(k): tuple(str(x) for x in v) for k, v in raw["replacements"]["home"].items()},
        italian_places=tuple(str(x) for x in raw["replacements"]["italian_places"]),
        panzer_needs=str(raw["replacements"]["panzer_needs"]),
        reinforcements_per_turn=int(raw["reinforcements"]["per_turn"]),
        no_reinforcements_turn=int(raw["reinforcements"]["none_on_turn"]),
        mobilization_turn=int(raw["reinforcements"]["soviet_mobilization_turn"]),
        mobilization_plays=int(raw["reinforcements"]["soviet_mobilization_plays"]),
        swap_on_elimination={
            str(k): str(v) for k, v in raw["replacements"]["swap_on_elimination"].items()
        },
        oos_ma_from=int(sup["oos_ma_from"]),
        combat=parse_combat(raw["combat"]),
        works=parse_works(raw["works"], raw["partisans"]),
    )


@cache
def load_tables() -> Tables:
    text = (
        resources.files("hexfront.games.stalins_war").joinpath("data/rules.toml").read_text("utf-8")
    )
    return parse_tables(tomllib.loads(text))
