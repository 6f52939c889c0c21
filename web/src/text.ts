// Words for BITE's phases, actions and log events, in the player's language (i18n.ts):
// every sentence comes from the catalogue (locales/*.ts); this module only picks and fills
// them. It mirrors games/bite/text.py (the terminal's words), which reads the gettext
// catalogues of hexfront.i18n. Unit names stay as printed; place names are the page's
// language's (`placeName`, learnt from the board: Mosca on an Italian page).

import type { Action } from "./api";
import { L, fmt, word } from "./i18n";

export const PHASE_NAMES: Record<string, string> = { ...L.phase };

/** Place and box names in the page's language, by map name: the board the server sends in
 * that language brings them (`shown`, from games/bite/data/place_names.toml). */
const SHOWN_PLACES = new Map<string, string>();

/** Learn the page's place names from the board (board.ts does, when it is built). */
export function learnPlaceNames(places: readonly { name: string; shown?: string }[]): void {
  for (const p of places) if (p.shown) SHOWN_PLACES.set(p.name, p.shown);
}

/** A place's or box's map name (as events and verdicts carry it: "Moscow") as the page's
 * language names it ("Mosca"). The map name stays what rules and scenarios match. */
export function placeName(name: unknown): string {
  const n = String(name ?? "");
  return SHOWN_PLACES.get(n) ?? n;
}

export const PHASE_ORDER = ["production", "rail", "movement", "reaction", "combat", "blitz", "final_supply", "exploitation", "victory"];

/** A phase's short name in the tracker ("final supply"). */
export function phaseShort(ph: string): string {
  return word(L.phaseShort, ph);
}

/** Turn 1 is June 1941 (3.13). */
export function monthOf(turn: number): string {
  const year = 1941 + Math.floor((turn + 4) / 12);
  return `${L.months[(((turn - 1) % 12) + 12) % 12]} ${year}`;
}

export function cap(x: string): string {
  return x ? x[0].toUpperCase() + x.slice(1) : x;
}

export function power(x: string): string {
  return Object.prototype.hasOwnProperty.call(L.power, x) ? L.power[x as keyof typeof L.power] : cap(String(x ?? "").replace(/_/g, " "));
}

/** A power's name inside a sentence: with its article where the language wants one (labels keep power()). */
export function powerIn(x: string): string {
  return Object.prototype.hasOwnProperty.call(L.powerIn, x) ? L.powerIn[x as keyof typeof L.powerIn] : power(x);
}

export const SIDE_NAME: Record<string, string> = { axis: L.side.axis, soviet: L.side.soviet };
export function sideName(side: string | null | undefined): string {
  return side ? SIDE_NAME[side] ?? cap(side) : L.side.nobody;
}

/** A nation key as an adjective ("German", "Soviet"). */
export function nationWord(x: string | null | undefined): string {
  return x ? word(L.nation, x) : "";
}

/** A unit class key in words ("static infantry", "supreme HQ"). */
export function classWord(x: string | null | undefined): string {
  return x ? word(L.cls, x) : "";
}

/** A weather key in words. */
export function weatherWord(x: unknown): string {
  return word(L.weather, x);
}

/** A block the reader may not identify: "an Axis block", "a Soviet block". */
export function aBlock(side: string | null | undefined): string {
  return side === "axis" ? L.block.axis : side === "soviet" ? L.block.soviet : L.block.other;
}

/** A verdict or detail with side keys in it, said as words ("Soviet decisive victory"). */
export function inWords(x: unknown): string {
  return cap(String(x ?? "").replace(/\b(axis|soviet)\b/g, (m) => sideName(m)));
}

/** A game's outcome as the rules write it ("soviet marginal victory"), in words. */
export function outcomeWords(x: unknown): string {
  const k = String(x ?? "").toLowerCase();
  return Object.prototype.hasOwnProperty.call(L.outcome, k) ? cap(L.outcome[k as keyof typeof L.outcome]) : inWords(x);
}

/** The detail of a verdict (rules/victory.py's sentence), in words. */
export function detailWords(x: unknown): string {
  const t = String(x ?? "");
  const side = (s: string) => (s === "axis" ? L.sidePlayers.axis : L.sidePlayers.soviet);
  let m = /^(axis|soviet) holds (\d+) of (\d+) objectives$/.exec(t);
  if (m) return cap(fmt(L.detail.holdsOf, { side: side(m[1]), n: m[2], total: m[3] }));
  m = /^Axis victory points: (-?\d+)$/.exec(t);
  if (m) return cap(fmt(L.detail.vp, { vp: m[1] }));
  m = /^(axis|soviet) holds (.+)$/.exec(t);
  if (m) return cap(fmt(L.detail.holds, { side: side(m[1]), places: m[2].split(", ").map(placeName).join(", ") }));
  m = /^(.+) is cut off from Siberia$/.exec(t);
  if (m) return fmt(L.detail.cutOff, { place: placeName(m[1]) });
  m = /^(.+) is surrounded$/.exec(t);
  if (m) return fmt(L.detail.surrounded, { place: placeName(m[1]) });
  if (t === "no objective reached") return cap(L.detail.none);
  if (t === "Germany surrendered (sudden death)") return cap(L.detail.germany);
  return inWords(t);
}

export const STEP_NAMES: Record<string, string> = { ...L.step };

export type Names = (id: string) => string;
/** A block by its handle and side: its name when the reader's view names it, else "a Soviet block". */
export type Blocks = (handle: string, side: string) => string;

/** What a repair or rebuild costs in the Advanced Game (11.0): "1 yellow and 1 red PP". */
export function costWords(args: Record<string, unknown>): string {
  const n = Number(args.pp ?? 0);
  if (args.lend_lease !== undefined) return fmt(args.lend_lease === "red" ? L.strategic.lentArmour : L.strategic.lentAir, { n }); // 34.0
  const table = n === 1 ? L.tableAdv.costOne : L.tableAdv.costMany;
  return fmt(word(table, String(args.colour ?? "yellow")), { n });
}

/** An action in words; `attack` when its destination holds enemy blocks; `advanced` in the
 * Advanced Game, where production choices say which colours of PP they cost (11.0). */
/** The choices of optional rules 15, 16 and 32 in words. */
function factoryAction(verb: string, g: Record<string, any>, who: string, at: string): string {
  const F = L.factories;
  return fmt(F[verb as "bomb"], {
    // A bombing names its target's hex (32.0), the other choices their city.
    kind: word(F.kinds, g.colour), power: powerIn(String(g.power ?? "")), city: g.city !== undefined ? placeName(g.city) : at,
    target: word(F.targets, g.target), who,
  });
}

export function describe(a: Action, name: Names, place: (hex: string) => string, attack = false, advanced = false): string {
  const g = a.args as Record<string, any>;
  const who = g.unit !== undefined ? name(String(g.unit)) : "";
  const to = g.to !== undefined ? place(String(g.to)) : "";
  const at = g.hex !== undefined ? place(String(g.hex)) : "";
  const f = { who, to, at, pp: g.pp as number | undefined };
  const A = L.act;
  const W = L.strategic; // 35.1: the Western bombers and the Reich's interceptors, named in the action
  switch (a.verb) {
    case "raid": return fmt(W.raid, { who: String(g.name ?? who), at, pp: g.pp });
    case "intercept": return fmt(W.intercept, { who: String(g.name ?? who), at });
    case "stay": return fmt(W.stay, { who: String(g.name ?? who) });
    case "repair_interceptor": return fmt(W.repair_interceptor, { who: String(g.name ?? who), cost: costWords(g) });
  }
  if (advanced || g.colour !== undefined || g.lend_lease !== undefined) {
    const T = L.tableAdv;
    if (a.verb === "repair") return fmt(T.repair, { who, cost: costWords(g) });
    if (a.verb === "rebuild") return fmt(T.rebuild, { who, at, cost: costWords(g) });
    if (a.verb === "aid") return fmt(word(T.aid, String(g.colour ?? "yellow")), { power: powerIn(String(g.to)) });
  }
  switch (a.verb) {
    case "move": return fmt(attack ? A.attackMove : A.move, f);
    case "rail": return g.hq !== undefined ? fmt(L.advanced.railHq, { ...f, hq: name(String(g.hq)) }) : fmt(A.rail, f);
    case "activate": return fmt(L.advanced.activate, { hq: name(String(g.hq)) });
    case "command": return g.as !== undefined // 13.8.1: a Supreme HQ's order, by what it makes of the unit
      ? fmt(word(L.tableAdv.order, String(g.as)), { who, hq: name(String(g.hq)) })
      : fmt(L.advanced.command, { who, hq: name(String(g.hq)) });
    case "fly": return fmt(attack ? A.attackFly : A.fly, f);
    case "rebase": return fmt(A.rebase, f);
    case "react": return fmt(A.react, f);
    case "repair": return fmt(A.repair, f);
    case "rebuild": return fmt(A.rebuild, f);
    case "place": return fmt(A.place, f);
    case "disband": return fmt(A.disband, f);
    case "aid": return fmt(A.aid, { power: powerIn(String(g.to)) });
    case "volkssturm": return fmt(A.volkssturm, f); // 28.0
    case "chechens": return fmt(A.chechens, f); // 30.0
    case "partisan": return fmt(A.partisan, f); // 29.1
    case "start_factory": case "build_factory": case "place_factory": case "repair_centre": case "evacuate": case "bomb": return factoryAction(a.verb, g, who, at); // 15.1, 16.0, 16.2, 32.0
    case "reserve": return fmt(g.mode === "reaction" ? A.reserveReaction : A.reserveMotorized, { who, hq: name(String(g.hq)) }); // 31.0
    case "sail": case "airdrop": case "land": case "reembark": { // 18.0, 23.0, 24.0
      const S = L.seaAir;
      const t = a.verb === "airdrop" && g.bomber !== undefined ? S.glider : S[a.verb as "sail" | "airdrop" | "land" | "reembark"];
      return fmt(t, { who, to, hq: name(String(g.hq)), bomber: g.bomber !== undefined ? name(String(g.bomber)) : "" });
    }
    case "escort": case "scramble": { // 23.0, 32.0: a raid's escorts, its interceptors
      const fighters = ((g.units ?? []) as string[]).map((u) => name(String(u)));
      const S = L.seaAir;
      const t = a.verb === "escort" ? (fighters.length ? S.escort : S.escortNone) : (fighters.length ? S.scramble : S.scrambleNone);
      return fmt(t, { who: fighters.join(", "), at });
    }
    case "fight": return fmt(A.fight, f);
    case "hit": return fmt(A.hit, f);
    case "retreat": return fmt(A.retreat, f);
    case "blitz": return fmt(attack ? A.attackBlitz : A.blitz, f);
    case "follow": return fmt(A.follow, f);
    case "eliminate": return fmt(A.eliminate, f);
    case "stand": return A.stand;
    case "end_ground": return A.end_ground;
    case "done": return A.done;
    case "pick": return fmt(A.pick, f);
    case "deploy": return fmt(A.deploy, f);
    case "cancel": return A.cancel;
    case "reset": return A.reset;
    case "strength": return fmt(L.dated.strength, { who, strength: g.strength }); // 1942-44 setups
    case "recon": return fmt(L.optional.recon, { at, hq: name(String(g.hq)) }); // 19.1
    case "target": return fmt(L.optional.target, f); // 19.2
    case "charge": return g.kind === "panzers" ? L.optional.panzers : g.barbo ? L.optional.chargeBarbo : L.optional.charge; // 20.0, 21.0
    case "no_charge": return L.optional.noCharge;
  }
  const words = word(L.verb, a.verb);
  return who ? fmt(A.other, { verb: words, who }) : words; // never the raw arguments
}

/** A short label for a destination button (the verb, when a unit has several). */
export function verbLabel(a: Action): string {
  return word(L.verb, a.verb);
}

export interface LogEvent {
  kind: string;
  data: Record<string, any>;
  audience?: string;
}

const MOVE_LOG = new Set(["move", "rail", "fly", "rebase", "retreat", "react", "blitz", "follow", "air_evacuation", "redeploy"]);

export function logLine(e: LogEvent, name: Names, place: (hex: string) => string, block: Blocks = (_h, side) => aBlock(side)): string | null {
  const d = e.data ?? {};
  const G = L.log;
  const unit = (): string => (d.name as string) ?? (d.unit !== undefined ? name(String(d.unit)) : block(String(d.handle ?? ""), d.side));
  const mover = (): string => cap((d.name as string) ?? block(String(d.handle ?? ""), d.side));
  const at = d.hex !== undefined ? place(String(d.hex)) : "";
  switch (e.kind) {
    case "setup": return fmt(G.setup, { scenario: d.scenario });
    case "turn": return fmt(G.turn, { turn: d.turn, month: monthOf(d.turn), weather: weatherWord(d.weather) });
    case "side": return cap(fmt(G.side, { side: sideName(d.side) }));
    case "roll": return null; // shown with the fire that it belongs to
    case "fire": return fmt(G.fire, {
      name: d.name, side: sideName(d.side), step: word(L.step, d.step), dice: (d.dice as number[]).join(" "), needs: d.hit_on,
      hits: d.hits === 1 ? G.hitOne : fmt(G.hitMany, { n: d.hits }),
    });
    case "hit": {
      const result = word(L.hitResult, d.result);
      return cap(d.strength !== undefined && d.result !== "eliminated" ? fmt(G.hitStrength, { who: unit(), result, strength: d.strength }) : fmt(G.hit, { who: unit(), result }));
    }
    case "reveal": return cap(fmt(G.reveal, { name: d.name, side: sideName(d.side), cls: classWord(d.cls), strength: d.strength }));
    case "battle": return (d.attacker ? fmt(G.battleAttacks, { place: at, side: sideName(d.attacker) }) : fmt(G.battle, { place: at })) + (d.blitz ? G.blitzMark : "");
    case "battle_over": return fmt(d.winner === "soviet" ? G.battleOverSoviet : d.winner === "axis" ? G.battleOverAxis : G.battleOverNobody, { place: at });
    case "round": return fmt(G.round, { round: d.round ?? "" });
    case "eliminated": return cap(d.why ? fmt(G.eliminatedWhy, { who: unit(), why: whyWords(d.why) }) : fmt(G.eliminated, { who: unit() }));
    case "eliminated_unit": return cap(fmt(G.eliminated_unit, { who: unit() }));
    case "captured": return fmt(G.captured, { side: sideName(d.side), city: placeName(d.city) });
    case "factories_destroyed": return cap(fmt(G.factories_destroyed, { city: placeName(d.city) }));
    case "fortification_lost": {
      const t = d.was === "fortress" ? (d.now === "bunker" ? G.fortressBunker : G.fortressGone) : G.bunkerGone;
      return fmt(t, { city: placeName(d.city), side: d.side === "axis" ? L.sidePlayers.axis : L.sidePlayers.soviet });
    }
    case "surrender": return fmt(G.surrender, { block: cap(aBlock(d.side)), place: at });
    case "surrendered_unit": return cap(fmt(G.surrendered_unit, { who: unit() }));
    case "income": return cap(fmt(G.income, { power: powerIn(d.power), pp: d.pp }));
    case "aid": return cap(fmt(G.aid, { power: powerIn(String(d.to ?? "")) }));
    case "surrender_pp": return cap(fmt(G.surrender_pp, { power: powerIn(d.power), pp: d.pp }));
    case "power_surrenders": return cap(fmt(G.power_surrenders, { power: powerIn(d.power) }));
    case "finland_neutral": return cap(G.finland_neutral);
    case "persia_joins_axis": return cap(G.persia_joins_axis); // 37.0
    case "volkssturm_called": return cap(G.volkssturm_called); // 28.0
    case "volkssturm_raised": return cap(fmt(G.volkssturm_raised, { who: unit(), place: at }));
    case "chechens_rise": return cap(fmt(G.chechens_rise, { place: at })); // 30.0
    case "partisan_placed": case "partisans_found": case "partisans_rejoin": // 29.0
      return cap(fmt(G[e.kind as "partisan_placed"], { place: at, n: d.n }));
    case "partisans_dispersed": return cap(fmt(G.partisans_dispersed, { place: at }));
    case "partisan_fight": case "partisans_fire": case "partisans_hit": case "partisans_hold": // 29.0
      return cap(fmt(G[e.kind as "partisan_fight"], { place: at, n: d.n, hits: d.hits, lost: d.lost }));
    case "reserve": return cap(fmt(G.reserve, { who: unit() })); // 31.0
    case "sea_move": case "airdrop": case "landing": case "reembark": { // 18.0, 23.0, 24.0
      const S = L.seaAir as Record<string, string>;
      const prefix = { sea_move: "sea", airdrop: "drop", landing: "landing", reembark: "reembark" }[e.kind];
      const result = e.kind === "airdrop" && d.result === "landed" && d.how === "glider" ? "glider" : String(d.result);
      const t = S[`${prefix}_${result}`] ?? S[`${prefix}_${e.kind === "airdrop" || e.kind === "landing" ? "landed" : "arrives"}`];
      const frm = place(String(d.frm ?? "")), dest = place(String(d.to ?? ""));
      return cap(fmt(t, { who: mover(), frm, to: dest, route: `${frm} → ${dest}`, hits: d.hits ?? 0 }));
    }
    case "raid_escorts": case "raid_intercepted": { // 23.0, 32.0
      const S = L.seaAir as Record<string, string>;
      const t = S[`${e.kind}_${d.raid === "airdrop" ? "drop" : "bomb"}`];
      return cap(fmt(t, { side: sideName(d.side), n: d.fighters, at }));
    }
    case "pp_spent": return fmt(G.pp_spent, { side: sideName(d.side), pp: d.pp });
    case "out_of_supply": {
      const n = ((d.handles as string[] | undefined) ?? (d.hexes as string[] | undefined) ?? []).length;
      return n ? fmt(G.out_of_supply, { side: sideName(d.side), n }) : null;
    }
    case "repair": return cap(fmt(G.repair, { who: unit(), strength: d.strength }));
    case "rebuild": return cap(fmt(G.rebuild, { who: unit(), place: at }));
    case "place": return cap(fmt(G.place, { who: unit(), place: at }));
    case "disband": return cap(fmt(G.disband, { who: unit() }));
    case "deploy": return fmt(G.deploy, { side: sideName(d.side) });
    case "deployed": return cap(fmt(G.deployed, { who: unit(), place: at }));
    case "deployment_done": return fmt(G.deployment_done, { side: sideName(d.side) });
    case "block_placed": return cap(fmt(G.block_placed, { block: d.side === "axis" ? L.newBlock.axis : L.newBlock.soviet, place: at }));
    case "block_removed": return null;
    case "rail_unit": return null;
    case "hq_action": return cap(fmt(G.hq_action, { hq: d.hq !== undefined ? name(String(d.hq)) : L.block.hq }));
    case "reinforcement_available": return cap(fmt(G.reinforcement_available, { who: unit() }));
    case "game_over": return fmt(G.game_over, { verdict: `${outcomeWords(d.outcome)}${d.detail ? ` — ${detailWords(d.detail)}` : ""}` });
  }
  const X = L.advanced;
  const colours = (counts: Record<string, unknown>): string => {
    const parts = (["red", "blue", "black", "white"] as const).filter((c) => Number(counts[c] ?? 0)).map((c) => fmt(X[c], { n: Number(counts[c]) }));
    return parts.length ? fmt(X.list, { list: parts.join(", ") }) : "";
  };
  switch (e.kind) { // advanced production (11.0-11.3) and HQs (13.0-13.8)
    case "coloured_income": return cap(fmt(X.coloured_income, { power: powerIn(d.power), pp: colours(d) || X.noColoured }));
    case "coloured_aid": return cap(fmt(X.coloured_aid, { pp: colours({ [String(d.colour)]: d.pp }), power: powerIn(String(d.to ?? "")) }));
    case "coloured_pp_spent": return fmt(X.coloured_pp_spent, { side: sideName(d.side), pp: colours({ [String(d.colour)]: d.pp }) });
    case "resources_cut": return cap(fmt(X.resources_cut, { power: powerIn(d.power), places: ((d.cities as string[] | undefined) ?? []).map(placeName).join(", ") }));
    case "mine_loss": return cap(fmt(X.mine_loss, { pp: d.pp, city: placeName(d.city), power: powerIn(d.power) }));
    case "pp_discarded": return cap(fmt(X.pp_discarded, { power: powerIn(d.power), pp: colours(d) }));
    case "hq_activated": return fmt(X.hq_activated, { name: d.name, side: sideName(d.side), cls: classWord(d.cls), place: at, ap: d.ap });
    case "hq_command": return cap(fmt(d.order === "supply" ? X.hq_command_supply : X.hq_command, { who: unit(), hq: d.hq !== undefined ? name(String(d.hq)) : L.block.hq, left: d.left }));
    case "hq_deactivated": return fmt(X.hq_deactivated, { name: d.name, strength: d.strength });
    case "siege_step_lost": return cap(fmt(X.siege_step_lost, { block: aBlock(d.side), place: at }));
    case "project_built": {
      const projects = X.projects as Record<string, string>;
      return cap(fmt(X.project_built, { project: projects[String(d.project)] ?? X.projects.other, pp: d.pp }));
    }
    case "oil_route_lost": return X.oil_route_lost;
    case "oil_route_restored": return X.oil_route_restored;
    case "plant_built_up": case "plant_finished": {
      const plants = X.plants as Record<string, string>;
      const kind = plants[String(d.colour)] ?? X.plants.other;
      return cap(fmt(X[e.kind as "plant_built_up"], { power: powerIn(d.power), kind, progress: d.progress, of: d.of }));
    }
    case "soviet_surrender": return fmt(X.soviet_surrender, { pp: d.pp });
    case "factory_placed": case "factory_evacuated": case "factory_moving": case "factory_loot": case "factory_loot_paid":
    case "centre_repair": case "bombing": case "bomb_hits": case "factories_bombed_out": { // optional rules 15, 16, 32
      const F = L.factories;
      return cap(fmt(F[e.kind as "bombing"], {
        power: powerIn(String(d.power ?? "")), kind: word(F.kinds, d.colour), city: placeName(d.city), box: d.box, pp: d.pp, paid: d.paid,
        side: sideName(d.side), target: word(F.targets, d.target), hits: d.hits,
      }));
    }
    case "siege_step_lost_unit": return fmt(X.siege_step_lost_unit, { name: d.name });
    case "surrender_coloured_pp": return cap(fmt(X.surrender_coloured_pp, { power: powerIn(d.power), pp: colours({ [String(d.colour)]: d.pp }) }));
    case "desperate_attack_failed": return cap(fmt(X.desperate_attack_failed, { place: at, n: d.units }));
    case "hq_supremacy_cost": return fmt(X.hq_supremacy_cost, { name: d.name, strength: d.strength });
    case "supreme_hq_moved": return fmt(X.supreme_hq_moved, { name: d.name, frm: place(String(d.frm)), to: place(String(d.to)) });
  }
  const D = L.dated;
  switch (e.kind) { // the Battle Sheets' dated events and TECH (7.3, 3.13, long scenarios)
    case "unit_withdrawn": return cap(fmt(d.owed ? D.unit_withdrawn_owed : d.pp ? D.unit_withdrawn_paid : D.unit_withdrawn, { who: unit(), power: powerIn(d.power), pp: d.pp, owed: d.owed }));
    case "withdrawal_waits": return cap(fmt(D.withdrawal_waits, { who: unit() }));
    case "withdrawal_debt_paid": return cap(fmt(D.withdrawal_debt_paid, { power: powerIn(d.power), pp: d.pp, owed: d.owed }));
    case "unit_upgraded": return cap(fmt(D.unit_upgraded, { who: unit(), into: name(String(d.into)), strength: d.strength }));
    case "upgrade_waits": return cap(fmt(D.upgrade_waits, { who: unit(), into: name(String(d.into)) }));
    case "upgrade_rebuild": return cap(fmt(D.upgrade_rebuild, { who: unit(), into: name(String(d.into)) }));
    case "deployed_strength": return cap(fmt(D.deployed_strength, { who: unit(), strength: d.strength }));
    case "tech_advance": return cap(fmt(D.tech_advance, { power: power(d.nation), field: word(D.fields, d.field), level: d.level }));
    case "minor_tech_advance": return cap(fmt(D.minor_tech_advance, { power: power(d.nation), field: word(D.fields, d.field), level: d.level }));
  }
  const W = L.strategic;
  const route = (): string => word(W.routes, String(d.route));
  switch (e.kind) { // Lend-Lease and strategic warfare (34.0, 35.1, 35.2)
    case "lend_lease_arrives": return fmt(W.lend_lease_arrives, { route: route(), pp: colours(d) || W.noPP });
    case "lend_lease_cut": return cap(fmt(W.lend_lease_cut, { route: route(), pp: d.pp }));
    case "convoy_attack": return fmt(W.convoy_attack, { route: route(), hits: d.hits, lost: colours(d) || W.noPP });
    case "lend_lease_spent": return cap(fmt(W.lend_lease_spent, { pp: colours({ [String(d.colour)]: d.pp }) }));
    case "lend_lease_lost": return cap(fmt(W.lend_lease_lost, { pp: colours(d) }));
    case "strategic_warfare": return W.strategic_warfare;
    case "airwar_raid": return fmt(W.airwar_raid, { who: d.name ?? "", at });
    case "airwar_quiet": return W.airwar_quiet;
    case "airwar_unopposed": return cap(fmt(W.airwar_unopposed, { at }));
    case "airwar_air_combat": return cap(fmt(W.airwar_air_combat, { at, bombers: d.bombers, fighters: d.fighters, bomber_hits: d.bomber_hits, fighter_hits: d.fighter_hits }));
    case "airwar_aa": return cap(fmt(W.airwar_aa, { hits: d.hits }));
    case "airwar_bombs": return fmt(W.airwar_bombs, { who: d.name ?? "", at, hits: d.hits });
    case "airwar_losses": return cap(fmt(W.airwar_losses, { yellow: d.yellow ?? 0, pp: colours(d) || X.noColoured }));
    case "interceptor_repaired": return fmt(W.interceptor_repaired, { who: d.name ?? "", strength: d.strength });
  }
  const O = L.optional;
  switch (e.kind) { // optional rules of combat (19.1, 20.0, 21.0)
    case "recon": return fmt(d.result === "success" ? O.recon_success : d.result === "interdicted" ? O.recon_interdicted : O.recon_failed, { side: sideName(d.side), place: at });
    case "charge": return fmt(d.barbo ? O.charge_barbo : d.attack === "panzers" ? O.charge_panzers : O.charge_cavalry, { side: sideName(d.side), place: at });
  }
  if (MOVE_LOG.has(e.kind)) {
    const path = ((d.path as string[] | undefined) ?? [d.frm, d.to]).filter((x) => x !== undefined && x !== null);
    return fmt(G[e.kind as "move"], { who: mover(), route: path.map((x) => place(String(x))).join(" → ") });
  }
  return cap(e.kind.replace(/_/g, " ")); // an event with no words yet: its name, never its fields
}

/** The prompt the rules wrote (in English, rules/*.py), said in the player's language by its kind and data (mirrors text.py's prompt_words). */
// deployment.ADJECTIVES (Python), read back into power keys: a 1942-44 chart line's words.
const ADJECTIVE_POWER: Record<string, string> = { German: "germany", Italian: "italy", Finnish: "finland", Romanian: "romania", Hungarian: "hungary", Slovak: "slovakia", Soviet: "ussr" };

function chartLine(what: string): string {
  const [adjective, ...rest] = what.split(" ");
  const key = rest.join("_");
  const powerKey = ADJECTIVE_POWER[adjective];
  if (!powerKey) return what;
  return fmt(L.prompt.chartLine, { kind: Object.prototype.hasOwnProperty.call(L.cls, key) ? classWord(key) : rest.join(" "), power: power(powerKey) });
}

/** A 1942-44 hand deployment's problem (rules/deploy.py, deployment.check_chart_deployment) in
 * the page's language, without unit ids or zone keys; an unknown one as the server wrote it. */
export function deployProblem(p: string): string {
  const P = L.prompt;
  let m: RegExpExecArray | null;
  if ((m = /^(.+): (\d+) blocks, the chart has none$/.exec(p))) return fmt(P.chartNone, { what: chartLine(m[1]), n: m[2] });
  if ((m = /^(.+): (\d+) blocks, the chart has (\d+)$/.exec(p))) return fmt(P.chartBlocks, { what: chartLine(m[1]), n: m[2], chart: m[3] });
  if ((m = /^(.+): (\d+) steps, more than the chart's (\d+)$/.exec(p))) return fmt(P.chartSteps, { what: chartLine(m[1]), n: m[2], chart: m[3] });
  if ((m = /^(.+) cannot start at strength (\d+) \((.+)\)$/.exec(p))) return fmt(P.startStrength, { name: m[1], strength: m[2], allowed: m[3] });
  if ((m = /^(\d+) (axis|soviet) hexes along the start line are empty: (.+)$/.exec(p))) return fmt(P.lineEmpty, { n: m[1], side: L.sidePlayers[m[2] as "axis" | "soviet"], hexes: m[3] });
  if ((m = /^a Soviet ground unit must hold (.+)$/.exec(p))) return fmt(P.mustHold, { place: m[1] });
  if ((m = /^(\d+) German mountain units must stand in Norway, Sweden or Finland \((\d+) do\)$/.exec(p))) return fmt(P.mountainsDo, { n: m[1], north: m[2] });
  if ((m = /^(\d+) German mountain units must stand in Norway, Sweden or Finland$/.exec(p))) return fmt(P.mountains, { n: m[1] });
  if ((m = /^(\w+): both sides in one hex \(.*\)$/.exec(p))) return fmt(P.bothSides, { hex: m[1] });
  if ((m = /^(\w+): more than 3 ground \/ 2 combat units \(.*\)$/.exec(p))) return fmt(P.overstacked, { hex: m[1] });
  if ((m = /^(\w+): more than 1 air unit \(.*\)$/.exec(p))) return fmt(P.twoAir, { hex: m[1] });
  if ((m = /^(\w+): air unit outside an airbase city \(.*\)$/.exec(p))) return fmt(P.airOut, { hex: m[1] });
  if ((m = /^(.+) at (\w+): (.+)$/.exec(p))) {
    const why = m[3].startsWith("air units need an airbase city") ? P.whyAirbase
      : m[3].startsWith("Axis units deploy behind") ? P.whyAxisLine
      : m[3].startsWith("Soviet units deploy on the Soviet side") ? P.whySovietLine : m[3];
    return fmt(P.atHex, { name: m[1], hex: m[2], why });
  }
  return p;
}

export function promptWords(prompt: { kind: string; text: string; data?: Record<string, any> } | null | undefined): string {
  if (!prompt) return "";
  const hq = prompt.data?.hq as string | undefined; // 13.0-13.8: the HQ rules' sentence after the phase's
  if (hq !== undefined) {
    const rest = { ...prompt.data };
    delete rest.hq;
    const hint = Object.prototype.hasOwnProperty.call(L.advanced.hint, hq) ? L.advanced.hint[hq as "rail"] : "";
    return `${promptWords({ ...prompt, data: rest })}${hint ? ` ${hint}` : ""}`;
  }
  const P = L.prompt;
  const text = String(prompt.text ?? "");
  const data = prompt.data ?? {};
  if (prompt.kind === "production" && data.lend_lease) return L.strategic.promptLent; // 34.0
  switch (prompt.kind) {
    case "airwar_targets": return L.strategic.promptTargets; // 35.1
    case "airwar_interceptors": return L.strategic.promptInterceptors; // 35.1
    case "escorts": return L.seaAir.promptEscorts; // 23.0, 32.0
    case "interceptors": return L.seaAir.promptInterceptors; // 23.0, 32.0
    case "blitz": case "air_rebase": case "reaction": case "rail": case "choose_battle": case "romania_hungary": case "exploit": case "production": case "overstack":
      return P[prompt.kind];
    case "move": return text.startsWith("Some units must move first") ? `${P.moveFirst} ${P.move}` : P.move;
    case "air": return text.startsWith("Air units in neutral Finland") ? `${P.airFinland} ${P.air}` : text.startsWith("Fly air missions, rebase or scout") ? L.optional.promptAir : P.air;
    case "allocate_hit": return fmt(P.allocate_hit, { left: data.hits_left ?? "?" });
    case "target_hit": return fmt(L.optional.promptTarget, { left: data.hits_left ?? "?" }); // 19.2
    case "charge": return L.optional.promptCharge; // 20.0, 21.0
    case "factory_site": return L.factories.promptSite; // 15.1
    case "strategic_bombing": return L.factories.promptBombing; // 32.0
    case "retreat": return `${text.startsWith("Retreat air units") ? P.retreatAir : P.retreat}${text.includes("nowhere to go") ? ` ${P.retreatDoomed}` : ""}`;
    case "deploy": {
      const m = /^Where should (.+) stand\?$/.exec(text);
      if (m) return fmt(P.deployWhere, { name: m[1] });
      const problems = ((data.problems as string[] | undefined) ?? []).map((p) => {
        const b = /^(\d+) border hexes neither held by nor next to a Soviet unit: (.*)$/.exec(p);
        return b ? fmt(P.border, { n: b[1], hexes: b[2] }) : deployProblem(p);
      });
      return problems.length ? `${P.deploy} ${fmt(P.notLegal, { problems: problems.join("; ") })}` : P.deploy;
    }
  }
  return text;
}

// --- the table's own words: legend, map tools, keyboard help, attacks (issue 18) -------------

export const UI = L.ui;

export const TERRAIN_WORDS: Record<string, string> = { ...L.terrain };
/** A terrain key in words. */
export function terrainWord(x: string | null | undefined): string {
  return x ? word(L.terrain, x) : "";
}

export const LEGEND_WORDS: Record<string, string> = { ...L.legend };

export const KEY_WORDS: Record<string, string> = { ...L.keys };

/** Attacks: a destination that holds enemy blocks. */
export function attackLabel(a: Action): string {
  return Object.prototype.hasOwnProperty.call(L.attackVerb, a.verb) ? L.attackVerb[a.verb as "move"] : L.attackVerb.other;
}

export function attackCount(n: number): string {
  return n === 1 ? L.count.attackOne : fmt(L.count.attackMany, { n });
}

export function choiceCount(n: number): string {
  return n === 1 ? L.count.choiceOne : fmt(L.count.choiceMany, { n });
}

export function selectedHint(unit: string, moves: number, attacks: number): string {
  const parts = [];
  if (moves) parts.push(L.count.hintMove);
  if (attacks) parts.push(fmt(L.count.hintAttack, { attacks: attackCount(attacks) }));
  return fmt(L.count.hint, { unit, parts: parts.join(L.count.hintOr) });
}

// --- combat explained (issue 18 point 4) ----------------------------------------------------

/** What a step of a combat round is called when a side fires in it. */
export const FIRE_STEP: Record<string, string> = { ...L.fireStep };

/** "Round 2 — ground fire, the defender". */
export function fireLabel(round: number | undefined, step: string, side: string, attacker: string, airRound?: number): string {
  const what = FIRE_STEP[step] ?? STEP_NAMES[step] ?? step.replace(/_/g, " ");
  return fmt(L.fire.label, { round: round ?? 1, what, air: airRound ? fmt(L.fire.airPass, { n: airRound }) : "", who: side === attacker ? L.fire.attacker : L.fire.defender });
}

/** The faces that hit: "6", "5-6". */
export function faces(hitOn: number): string {
  return hitOn >= 6 ? "6" : `${hitOn}-6`;
}

export function maliWords(n: number): string {
  return n === 1 ? L.fire.maliOne : fmt(L.fire.maliMany, { n });
}

export function boniWords(n: number, hitOn: number): string {
  return fmt(L.fire.boni, { n, word: n === 1 ? L.fire.bonus : L.fire.bonusMany, faces: faces(hitOn), was: faces(Math.min(6, hitOn + n)) });
}

/** Hover and help texts of the combat words, each with its rule. */
export const COMBAT_HELP = L.combatHelp;

export const COMBAT_WORDS = L.combat;

/** Why a block was eliminated, in words, with the rule. */
export function whyWords(why: unknown): string {
  return word(L.why, why);
}

/** The battle going on, said above a battle prompt: "Battle at Kiev (2025), round 2 — after ground fire". */
export function battleNow(place: string, round: number, lastFire: string | null): string {
  return fmt(L.battleNow, { place, round }) + (lastFire ? fmt(L.battleAfter, { fire: lastFire }) : "");
}

// --- the handover and the opponent's moves (issue 18 points 6 and 7) ------------------------

export const TURN_WORDS = L.turn;

/** The opponent: "the computer (Soviet)", "the Soviet player". */
export function opponentName(side: string, computer: boolean): string {
  return fmt(computer ? L.turn.computer : L.turn.player, { side: sideName(side) });
}

/** "The computer (Soviet) has acted: 12 moves, 1 battle." */
export function handoverText(who: string, moves: number, battles: number, other: number): string {
  const T = L.turn;
  const parts: string[] = [];
  if (moves) parts.push(moves === 1 ? T.moveOne : fmt(T.moveMany, { n: moves }));
  if (battles) parts.push(battles === 1 ? T.battleOne : fmt(T.battleMany, { n: battles }));
  if (!parts.length && other) parts.push(other === 1 ? T.eventOne : fmt(T.eventMany, { n: other }));
  return fmt(T.acted, { who, what: parts.length ? `: ${parts.join(", ")}` : "" });
}

export function stepOf(i: number, n: number): string {
  return fmt(L.turn.stepOf, { i, n });
}

/** The phase a logged event belongs to (the log has no phase events): its kind, and the phase reached so far in this side's turn. */
const PHASE_SEQ = ["supply", "production", "rail", "movement", "reaction", "combat", "blitz", "final_supply", "exploitation", "victory"];
export function phaseOfEvent(e: LogEvent, current: string): string {
  const at = (ph: string) => (PHASE_SEQ.indexOf(ph) > PHASE_SEQ.indexOf(current) ? ph : current);
  switch (e.kind) {
    case "income": case "reinforcement_available": case "rebuild": case "place": case "repair": case "disband":
    case "pp_spent": case "aid": case "surrender_pp": return at("production");
    case "rail": case "hq_action": return at("rail");
    case "move": case "fly": case "rebase": case "air_evacuation":
      return PHASE_SEQ.indexOf(current) >= PHASE_SEQ.indexOf("combat") ? at("exploitation") : at("movement");
    case "react": return at("reaction");
    case "battle": return e.data?.blitz ? at("blitz") : at("combat");
    case "blitz": case "follow": return at("blitz");
    case "out_of_supply": case "surrender": case "surrendered_unit":
      return PHASE_SEQ.indexOf(current) >= PHASE_SEQ.indexOf("production") ? at("final_supply") : current;
    case "game_over": return "victory";
  }
  return current;
}

/** A heading of the log: "Soviet turn — Movement Phase (7.5)". */
export function logGroupTitle(side: string | null, phase: string): string {
  const ph = PHASE_NAMES[phase] ?? PHASE_NAMES.supply;
  return side ? fmt(L.turn.groupTitle, { side: sideName(side), phase: ph }) : ph;
}

/** Events that move a block from one place to another (drawn as arrows). */
export const MOVE_KINDS = new Set(["move", "rail", "fly", "rebase", "retreat", "react", "blitz", "follow", "air_evacuation"]);

// --- the end-of-game report (issue 18 point 10) --------------------------------------------

export const REPORT_WORDS = L.report;

/** A chart's point label: "T2" for the start of turn 2, "end". */
export function pointLabel(turn: number | null, when: string): string {
  return when === "end" ? REPORT_WORDS.end : fmt(L.report.turnPoint, { turn: turn ?? "?" });
}

/** The verdict of a finished game, for the report and the games list: "Soviet marginal victory — …". */
export function verdictWords(result: { winner?: string | null; outcome?: string; detail?: string } | null | undefined): string {
  if (!result) return "";
  return `${outcomeWords(result.outcome)}${result.winner ? fmt(L.report.wins, { side: sideName(result.winner) }) : ""}${result.detail ? ` — ${detailWords(result.detail)}` : ""}`;
}

/** "finished: Draw", "started 26/11/2026, 16:00". */
export function gameStatusWords(over: boolean, result: Parameters<typeof verdictWords>[0], started: string): string {
  return over ? `${REPORT_WORDS.finished}: ${verdictWords(result)}` : `${REPORT_WORDS.started} ${started}`;
}

/** A class word in the plural, for the losses table ("3 infantry", "1 armour"). */
export function lossesOf(n: number, cls: string | null): string {
  return `${n} ${cls ? classWord(cls) : L.report.unknownType}`;
}
