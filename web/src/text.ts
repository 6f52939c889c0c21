// Words for BITE's phases, actions and log events (mirrors games/bite/text.py).

import type { Action } from "./api";

export const PHASE_NAMES: Record<string, string> = {
  setup: "Setup",
  deploy: "Deployment by hand (setup)",
  supply: "Supply Phase (7.2)",
  production: "Production Phase (7.3)",
  rail: "Strategic Rail Movement (7.4)",
  movement: "Movement Phase (7.5)",
  reaction: "Defender Reaction (7.6)",
  combat: "Combat Phase (7.7)",
  blitz: "Blitz Phase (7.8)",
  blitz_combat: "Blitz combat (7.8)",
  final_supply: "Final Supply Status (7.9)",
  exploitation: "Armor Exploitation (7.10)",
  victory: "Victory Phase (7.11)",
};

export const PHASE_ORDER = ["production", "rail", "movement", "reaction", "combat", "blitz", "final_supply", "exploitation", "victory"];

const MONTHS = ["June", "July", "August", "September", "October", "November", "December", "January", "February", "March", "April", "May"];

/** Turn 1 is June 1941 (3.13). */
export function monthOf(turn: number): string {
  const year = 1941 + Math.floor((turn + 4) / 12);
  return `${MONTHS[(((turn - 1) % 12) + 12) % 12]} ${year}`;
}

export function cap(x: string): string {
  return x ? x[0].toUpperCase() + x.slice(1) : x;
}

const POWER_NAME: Record<string, string> = { ussr: "USSR", usa: "USA", uk: "UK" };
export function power(x: string): string {
  return POWER_NAME[x] ?? cap(x);
}

export const SIDE_NAME: Record<string, string> = { axis: "Axis", soviet: "Soviet" };
export function sideName(side: string | null | undefined): string {
  return side ? SIDE_NAME[side] ?? cap(side) : "nobody";
}

const NATION_WORD: Record<string, string> = {
  germany: "German", ussr: "Soviet", finland: "Finnish", romania: "Romanian", hungary: "Hungarian",
  italy: "Italian", slovakia: "Slovak", uk: "British", usa: "American",
};
/** A nation key as an adjective ("German", "Soviet"). */
export function nationWord(x: string | null | undefined): string {
  return x ? NATION_WORD[x] ?? cap(x.replace(/_/g, " ")) : "";
}

const CLASS_WORD: Record<string, string> = { air_hq: "air HQ", armor_hq: "armour HQ", navy_hq: "naval HQ", supreme_hq: "supreme HQ", tank: "armour" };
/** A unit class key in words ("static infantry", "supreme HQ"). */
export function classWord(x: string | null | undefined): string {
  return x ? CLASS_WORD[x] ?? x.replace(/_/g, " ") : "";
}

/** A block the reader may not identify: "an Axis block", "a Soviet block". */
export function aBlock(side: string | null | undefined): string {
  const w = sideName(side);
  return `${/^[AEIOU]/.test(w) ? "an" : "a"} ${w} block`;
}

/** A verdict or detail with side keys in it, said as words ("Soviet decisive victory"). */
export function inWords(x: unknown): string {
  return cap(String(x ?? "").replace(/\b(axis|soviet)\b/g, (m) => sideName(m)));
}

export const STEP_NAMES: Record<string, string> = {
  a2a: "air-to-air combat", aa: "anti-aircraft fire", a2g: "air-to-ground combat", artillery: "artillery fire", ground: "ground combat",
};
const HIT_RESULTS: Record<string, string> = {
  half: "a half hit (the next hit costs it a step)", reduced: "loses a step", eliminated: "eliminated", absorbed: "no effect (already at its lowest strength)",
};

const MOVE_WORDS: Record<string, string> = {
  move: "moves", rail: "goes by rail", fly: "flies", rebase: "rebases", retreat: "retreats", react: "flies to the battle",
  blitz: "blitzes", air_evacuation: "flies off its overrun airbase", follow: "follows the blitz", redeploy: "is set up again",
};

export type Names = (id: string) => string;
/** A block by its handle and side: its name when the reader's view names it, else "a Soviet block". */
export type Blocks = (handle: string, side: string) => string;

/** An action in words; `attack` when its destination holds enemy blocks. */
export function describe(a: Action, name: Names, place: (hex: string) => string, attack = false): string {
  const g = a.args as Record<string, any>;
  const who = g.unit !== undefined ? name(String(g.unit)) : "";
  const to = g.to !== undefined ? place(String(g.to)) : "";
  const hex = g.hex !== undefined ? place(String(g.hex)) : "";
  switch (a.verb) {
    case "move": return attack ? `attack ${to} with ${who}` : `move ${who} to ${to}`;
    case "rail": return `rail ${who} to ${to} (1 PP)`;
    case "fly": return attack ? `fly ${who} to attack ${to}` : `fly ${who} to ${to}`;
    case "rebase": return `rebase ${who} to ${to}`;
    case "react": return `send ${who} to the battle at ${to}`;
    case "repair": return `repair ${who} (${g.pp} PP)`;
    case "rebuild": return `rebuild ${who} at ${hex} (${g.pp} PP)`;
    case "place": return `place ${who} at ${hex}`;
    case "disband": return `disband ${who} (+1 PP next turn)`;
    case "aid": return `give 1 PP to ${power(String(g.to))}`;
    case "fight": return `fight the battle at ${hex}`;
    case "hit": return `take the hit on ${who}`;
    case "retreat": return `retreat ${who} to ${to}`;
    case "blitz": return attack ? `blitz attack on ${to} with ${who}` : `blitz ${who} into ${to}`;
    case "follow": return `follow with ${who} to ${to}`;
    case "eliminate": return `eliminate ${who}`;
    case "stand": return "stand and fight on";
    case "end_ground": return "end ground movement (then air units)";
    case "done": return "done with this phase";
    case "pick": return `move ${who}`;
    case "deploy": return `deploy ${who} at ${hex}`;
    case "cancel": return "choose another block";
    case "reset": return "back to the standard deployment";
  }
  const words = a.verb.replace(/_/g, " ");
  return who ? `${words} ${who}` : words; // never the raw arguments
}

/** A short label for a destination button (the verb, when a unit has several). */
export function verbLabel(a: Action): string {
  return ({
    move: "move", rail: "rail", fly: "fly a mission", rebase: "rebase", react: "react",
    rebuild: "rebuild", place: "place", retreat: "retreat", blitz: "blitz", follow: "follow",
  } as Record<string, string>)[a.verb] ?? a.verb;
}

export interface LogEvent {
  kind: string;
  data: Record<string, any>;
  audience?: string;
}

export function logLine(e: LogEvent, name: Names, place: (hex: string) => string, block: Blocks = (_h, side) => aBlock(side)): string | null {
  const d = e.data ?? {};
  const unit = (): string => (d.name as string) ?? (d.unit !== undefined ? name(String(d.unit)) : block(String(d.handle ?? ""), d.side));
  const mover = (): string => cap((d.name as string) ?? block(String(d.handle ?? ""), d.side));
  switch (e.kind) {
    case "setup": return `Scenario ${d.scenario} set up`;
    case "turn": return `Turn ${d.turn} (${monthOf(d.turn)}), weather ${d.weather}`;
    case "side": return `${sideName(d.side)} player's turn`;
    case "roll": return null; // shown with the fire that it belongs to
    case "fire": return `${d.name} (${sideName(d.side)}) fires in ${STEP_NAMES[d.step] ?? String(d.step).replace(/_/g, " ")}: dice ${(d.dice as number[]).join(" ")}, hitting on ${d.hit_on}+: ${d.hits} hit${d.hits === 1 ? "" : "s"}`;
    case "hit": return `hit on ${unit()}: ${HIT_RESULTS[d.result] ?? String(d.result).replace(/_/g, " ")}${d.strength !== undefined && d.result !== "eliminated" ? ` (strength ${d.strength})` : ""}`;
    case "reveal": return `revealed: ${d.name} (${sideName(d.side)} ${classWord(d.cls)}, strength ${d.strength})`;
    case "battle": return `Battle at ${place(d.hex)}${d.attacker ? `: ${sideName(d.attacker)} attacks` : ""}${d.blitz ? " (blitz)" : ""}`;
    case "battle_over": return `Battle at ${place(d.hex)} over: ${d.winner === "soviet" ? "the Soviets hold it" : d.winner ? `the ${sideName(d.winner)} holds it` : "nobody holds it"}`;
    case "round": return `Round ${d.round ?? ""}`;
    case "move": case "rail": case "fly": case "rebase": case "retreat": case "react": case "blitz": case "follow":
    case "air_evacuation": case "redeploy": {
      const path = ((d.path as string[] | undefined) ?? [d.frm, d.to]).filter((x) => x !== undefined && x !== null);
      return `${mover()} ${MOVE_WORDS[e.kind]} ${path.map((x) => place(String(x))).join(" → ")}`;
    }
    case "eliminated": return `eliminated: ${unit()}${d.why ? ` (${whyWords(d.why)})` : ""}`;
    case "eliminated_unit": return `${unit()} is lost`;
    case "captured": return `${sideName(d.side)} captures ${d.city}`;
    case "factories_destroyed": return `the factories of ${d.city} are destroyed`;
    case "fortification_lost": return `${d.city} falls to the ${sideName(d.side)}: its ${d.was} ${d.now === "bunker" ? "is now a bunker" : "is destroyed"}`;
    case "surrender": return `${cap(aBlock(d.side))} surrenders at ${place(d.hex)}, out of supply`;
    case "surrendered_unit": return `surrendered: ${unit()}`;
    case "income": return `${power(d.power)} income: ${d.pp} PP`;
    case "aid": return `Germany gives 1 PP to ${power(String(d.to ?? ""))}`;
    case "surrender_pp": return `${power(d.power)} gains ${d.pp} PP from surrenders`;
    case "power_surrenders": return `${power(d.power)} leaves the war`;
    case "finland_neutral": return "Finland is neutral: every unit inside must leave";
    case "pp_spent": return `${sideName(d.side)} spends ${d.pp} PP`;
    case "out_of_supply": return ((d.handles as string[] | undefined) ?? (d.hexes as string[] | undefined) ?? []).length ? `${sideName(d.side)}: ${((d.handles ?? d.hexes) as string[]).length} block(s) out of supply` : null;
    case "repair": return `repaired ${unit()} to ${d.strength}`;
    case "rebuild": return `rebuilt ${unit()} at ${place(d.hex)}`;
    case "place": return `placed ${unit()} at ${place(d.hex)}`;
    case "disband": return `disbanded ${unit()}`;
    case "deploy": return `${sideName(d.side)} deploys by hand`;
    case "deployed": return `${unit()} deployed at ${place(d.hex)}`;
    case "deployment_done": return `${sideName(d.side)} deployment done`;
    case "block_placed": return `a new ${sideName(d.side)} block at ${place(d.hex)}`;
    case "block_removed": return null;
    case "rail_unit": return null;
    case "hq_action": return `${d.hq !== undefined ? name(String(d.hq)) : "an HQ"} spends an action point on a rail move`;
    case "reinforcement_available": return `reinforcement available: ${unit()}`;
    case "game_over": return `GAME OVER: ${inWords(d.outcome)}${d.detail ? ` — ${inWords(d.detail)}` : ""}`;
  }
  return cap(e.kind.replace(/_/g, " ")); // an event with no words yet: its name, never its fields
}

// --- the table's own words: legend, map tools, keyboard help, attacks (issue 18) -------------

export const UI = {
  legend: "Legend",
  legendTitle: "What the map shows",
  legendHint: "Legend (L)",
  close: "close",
  help: "Keys",
  helpTitle: "Keyboard shortcuts",
  helpHint: "Keyboard shortcuts (?)",
  zoomIn: "zoom in (+)",
  zoomOut: "zoom out (−)",
  wholeMap: "whole map",
  mapButton: "map",
  mapTools: "map tools",
  // legend sections
  terrainSection: "Terrain",
  placesSection: "Cities and places",
  linesSection: "Lines on the map",
  blocksSection: "Blocks",
  marksSection: "Marks and outlines",
} as const;

export const TERRAIN_WORDS: Record<string, string> = {
  clear: "clear", forest: "forest", hills: "hills", mountains: "mountains", swamp: "swamp", water: "sea and lakes",
};
/** A terrain key in words. */
export function terrainWord(x: string | null | undefined): string {
  return x ? TERRAIN_WORDS[x] ?? x.replace(/_/g, " ") : "";
}

export const LEGEND_WORDS: Record<string, string> = {
  capital: "capital", major: "major city", fortress: "fortress city (square)", minor: "minor city", site: "other place (port, airfield, resource)",
  victory: "victory objective (star)",
  river: "river (on the hexside)", border: "1941 border", border_soviet: "Soviet border of 1941",
  rail: "railway", rail_planned: "railway not yet built", box: "off-map box (red frame), reached by its links",
  partial: "part-land hex (pale)", hexid: "hex id (column and row), drawn when zoomed in", outside: "outside the scenario (shaded)",
  own_block: "your block: type symbol, strength on the top edge (turned as steps are lost)",
  enemy_block: "enemy block: only its back is seen",
  moved_mark: "white dot: this enemy block moved this turn",
  attacked_mark: "red dot: this enemy block attacked",
  barrel: "white barrel: out of supply",
  stack_count: "blocks in the stack",
  ctl_axis: "Soviet land held by the Axis", ctl_soviet: "Axis land held by the Soviets",
  oos: "hex with out-of-supply blocks",
  battle: "battle (both sides in the hex)",
  dest: "where the selected block may go",
  attack: "attack: the selected block may go into enemy blocks",
  target: "a battle or target to choose",
  selected: "selected block or hex",
  zoc_own: "your zones of control", zoc_enemy: "enemy zones of control",
};

export const KEY_WORDS: Record<string, string> = {
  done: "end the phase or step (the main button)",
  undo: "undo the last action",
  next: "select the next block with something to do",
  zoomIn: "zoom in (on the selected block)",
  zoomOut: "zoom out",
  legend: "show or hide the legend",
  help: "show or hide this list",
  escape: "deselect; close the legend and this list",
};

/** Attacks: a destination that holds enemy blocks. */
export function attackLabel(a: Action): string {
  return ({ move: "attack", blitz: "blitz attack", fly: "air attack", react: "react", follow: "follow into" } as Record<string, string>)[a.verb] ?? "attack";
}

export function attackCount(n: number): string {
  return n === 1 ? "1 attack" : `${n} attacks`;
}

export function choiceCount(n: number): string {
  return `${n} choice${n === 1 ? "" : "s"}`;
}

export function selectedHint(unit: string, moves: number, attacks: number): string {
  const parts = [];
  if (moves) parts.push("click a yellow hex to move there");
  if (attacks) parts.push(`a red hex with ⚔ to attack (${attackCount(attacks)})`);
  return `${unit}: ${parts.join(", or ")}.`;
}

// --- combat explained (issue 18 point 4) ----------------------------------------------------

/** What a step of a combat round is called when a side fires in it. */
export const FIRE_STEP: Record<string, string> = {
  a2a: "air-to-air fire", aa: "anti-aircraft fire", a2g: "air-to-ground fire", artillery: "artillery fire", ground: "ground fire",
};

/** "Round 2 — ground fire, the defender". */
export function fireLabel(round: number | undefined, step: string, side: string, attacker: string, airRound?: number): string {
  const what = FIRE_STEP[step] ?? STEP_NAMES[step] ?? step.replace(/_/g, " ");
  return `Round ${round ?? 1} — ${what}${airRound ? ` (air combat, pass ${airRound})` : ""}, ${side === attacker ? "the attacker" : "the defender"}`;
}

/** The faces that hit: "6", "5-6". */
export function faces(hitOn: number): string {
  return hitOn >= 6 ? "6" : `${hitOn}-6`;
}

export function maliWords(n: number): string {
  return n === 1 ? "1 Malus: half the dice" : `${n} Mali: the dice halved ${n} times`;
}

export function boniWords(n: number, hitOn: number): string {
  return `${n} ${n === 1 ? "Bonus" : "Boni"}: hits on ${faces(hitOn)} instead of ${faces(Math.min(6, hitOn + n))}`;
}

/** Hover and help texts of the combat words, each with its rule. */
export const COMBAT_HELP = {
  malus:
    "A Malus halves the dice a unit rolls, rounding down, but it always rolls at least one die. " +
    "An attacker gets one for rough terrain (forest, hills, mountains, swamp), one for a major city, one for crossing a river in the first round " +
    "(two across a red arrow), one for a bunker or two for a fortress; bad weather adds more. Units with the same Mali may roll their dice together. " +
    "Rules 7.7.6, 7.7.7 and BOX 1.",
  bonus:
    "A Bonus widens the faces that hit by one: a 6 becomes 5-6, then 4-6, but a 1 never hits. " +
    "Defending combat units get one in a major city, one in a bunker or two in a fortress, and one when every attacker crossed a river in the first round; " +
    "mountain units in hills or mountains and Finnish units in their forests and swamps get one too. Rules 7.7.6 and BOX 1.",
  half:
    "A half hit: the block keeps its strength for now, but the next hit it takes in this battle costs it a step. " +
    "The mark goes when the battle ends. Rules 7.7.8 and 7.7.11.",
  rounds:
    "A battle is fought in rounds. In each round the units fire step by step: air-to-air, anti-aircraft, air-to-ground, artillery, then ground; " +
    "in each step the defender fires first. After a round either side may retreat or stand. Rule 7.7.",
} as const;

export const COMBAT_WORDS = {
  rounds: "How a battle goes",
  help: "what is this?",
  going: "going on",
  over: "over",
  now: "Now",
  lastBattle: "Last battle",
  why: "Why",
} as const;

/** Why a block was eliminated, in words, with the rule. */
const WHY_WORDS: Record<string, string> = {
  combat: "it lost its last step in battle (7.7)",
  "could not retreat (7.7.17)": "no retreat path: it had to fall back and no hex was open to it (7.7.17)",
  "retreated with nowhere to go (7.7.17)": "no retreat path: it retreated with no hex open to it (7.7.17)",
  "support unit alone against combat units (7.7.10)": "a support unit left alone against combat units (7.7.10)",
  "romanians and hungarians (5.3)": "Romanians and Hungarians cannot fight side by side (5.3)",
  "no airbase in range (7.7.16)": "no airbase in range to fly back to (7.7.16)",
  "no airbase in range (7.8.1)": "no airbase in range after the blitz (7.8.1)",
  "air evacuation failed": "its airbase was overrun and no airbase was in range (7.7.16)",
  "frozen on its airbase, unable to evacuate (3.21)": "frozen on its airbase, it could not fly off (3.21)",
  "overstacked and unable to move (3.10)": "overstacked, with nowhere to move (3.10)",
};
export function whyWords(why: unknown): string {
  const w = String(why ?? "");
  return WHY_WORDS[w] ?? w.replace(/_/g, " ");
}

/** The battle going on, said above a battle prompt: "Battle at Kiev (2025), round 2 — after ground fire". */
export function battleNow(place: string, round: number, lastFire: string | null): string {
  return `Battle at ${place}, round ${round}${lastFire ? ` — after ${lastFire}` : ""}`;
}

// --- the handover and the opponent's moves (issue 18 points 6 and 7) ------------------------

export const TURN_WORDS = {
  pauseSwitch: "pause when my turn comes back",
  pauseHint: "When the other side has acted, wait for a click before showing your next decision (remembered in this browser)",
  continue: "Continue",
  replay: "Show their moves step by step",
  replayTitle: "Their moves",
  prev: "previous",
  next: "next",
  close: "done",
  noMoves: "Nothing of theirs to show.",
  arrowsHint: "Their last moves are drawn as arrows until your next decision.",
} as const;

/** The opponent: "the computer (Soviet)", "the Soviet player". */
export function opponentName(side: string, computer: boolean): string {
  return computer ? `The computer (${sideName(side)})` : `The ${sideName(side)} player`;
}

/** "The computer (Soviet) has acted: 12 moves, 1 battle." */
export function handoverText(who: string, moves: number, battles: number, other: number): string {
  const parts: string[] = [];
  if (moves) parts.push(`${moves} move${moves === 1 ? "" : "s"}`);
  if (battles) parts.push(`${battles} battle${battles === 1 ? "" : "s"}`);
  if (!parts.length && other) parts.push(`${other} event${other === 1 ? "" : "s"}`);
  return `${who} has acted${parts.length ? `: ${parts.join(", ")}` : ""}. Your decision waits for you.`;
}

export function stepOf(i: number, n: number): string {
  return `step ${i} of ${n}`;
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
  return `${side ? `${sideName(side)} turn — ` : ""}${PHASE_NAMES[phase] ?? "Supply Phase (7.2)"}`;
}

/** Events that move a block from one place to another (drawn as arrows). */
export const MOVE_KINDS = new Set(["move", "rail", "fly", "rebase", "retreat", "react", "blitz", "follow", "air_evacuation"]);

// --- the end-of-game report (issue 18 point 10) --------------------------------------------

export const REPORT_WORDS = {
  title: "After the battle: the report",
  verdict: "Verdict",
  held: "Objectives held by the Axis",
  vp: "Axis victory points",
  losses: "Blocks lost",
  lossesNone: "No block was lost.",
  type: "Type",
  total: "Total",
  strength: "Strength on the map",
  strengthHint: "The sum of the current strength of each side's blocks on the map, at the start of each turn and at the end.",
  scoreHint: "What the Axis held at the start of each turn and at the end.",
  replay: "Watch the replay",
  start: "start",
  end: "end",
  loading: "The report is being drawn up…",
  failed: "The report could not be read",
  finished: "finished",
  started: "started",
  inProgress: "in progress",
} as const;

/** A chart's point label: "T2" for the start of turn 2, "end". */
export function pointLabel(turn: number | null, when: string): string {
  return when === "end" ? REPORT_WORDS.end : `T${turn ?? "?"}`;
}

/** The verdict of a finished game, for the report and the games list: "Soviet marginal victory — …". */
export function verdictWords(result: { winner?: string | null; outcome?: string; detail?: string } | null | undefined): string {
  if (!result) return "";
  return `${inWords(result.outcome)}${result.winner ? ` (${sideName(result.winner)} wins)` : ""}${result.detail ? ` — ${inWords(result.detail)}` : ""}`;
}

/** "finished: Draw", "started 26/11/2026, 16:00". */
export function gameStatusWords(over: boolean, result: Parameters<typeof verdictWords>[0], started: string): string {
  return over ? `${REPORT_WORDS.finished}: ${verdictWords(result)}` : `${REPORT_WORDS.started} ${started}`;
}

/** A class word in the plural, for the losses table ("3 infantry", "1 armour"). */
export function lossesOf(n: number, cls: string | null): string {
  return `${n} ${cls ? classWord(cls) : "unknown type"}`;
}
