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

export type Names = (id: string) => string;

export function describe(a: Action, name: Names, place: (hex: string) => string): string {
  const g = a.args as Record<string, any>;
  const who = g.unit !== undefined ? name(String(g.unit)) : "";
  const to = g.to !== undefined ? place(String(g.to)) : "";
  const hex = g.hex !== undefined ? place(String(g.hex)) : "";
  switch (a.verb) {
    case "move": return `move ${who} to ${to}`;
    case "rail": return `rail ${who} to ${to} (1 PP)`;
    case "fly": return `fly ${who} to ${to}`;
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
    case "blitz": return `blitz ${who} into ${to}`;
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
  const rest = Object.entries(g).map(([k, v]) => `${k} ${v}`).join(" ");
  return `${a.verb}${rest ? " " + rest : ""}`;
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

export function logLine(e: LogEvent, name: Names, place: (hex: string) => string): string | null {
  const d = e.data ?? {};
  const who = (x: any) => (d.name as string) ?? (d.unit ? name(String(d.unit)) : `${d.side ?? ""} block ${d.handle ?? x ?? ""}`.trim());
  switch (e.kind) {
    case "setup": return `Scenario ${d.scenario} set up`;
    case "turn": return `Turn ${d.turn} (${monthOf(d.turn)}), weather ${d.weather}`;
    case "side": return `${sideName(d.side)} player turn`;
    case "roll": return null; // shown with the fire that it belongs to
    case "fire": return `${d.name} (${d.step}) rolls ${(d.dice as number[]).join(" ")}, hits on ${d.hit_on}+: ${d.hits} hit${d.hits === 1 ? "" : "s"}`;
    case "hit": return `hit on ${name(String(d.unit))}: ${d.result}${d.strength !== undefined ? ` (strength ${d.strength})` : ""}`;
    case "reveal": return `revealed: ${d.name} (${d.side} ${d.cls}, strength ${d.strength})`;
    case "battle": return `Battle at ${place(d.hex)}: ${sideName(d.attacker)} attacks${d.blitz ? " (blitz)" : ""}`;
    case "battle_over": return `Battle at ${place(d.hex)} over: ${d.winner ? sideName(d.winner) + " holds it" : "nobody holds it"}`;
    case "round": return `Round ${d.round ?? ""}`;
    case "move": return `${sideName(d.side)} block moves ${(d.path as string[]).map(place).join(" → ")}`;
    case "rail": case "fly": case "rebase": case "retreat": case "react": case "blitz": case "follow":
      return `${d.name ?? (d.unit ? name(String(d.unit)) : `${sideName(d.side)} block`)} ${e.kind === "fly" ? "flies" : e.kind === "blitz" ? "blitzes" : e.kind + "s"} ${d.frm ? place(d.frm) + " → " : ""}${place(d.to)}`;
    case "eliminated": return `eliminated: ${who(null)} (${d.why})`;
    case "captured": return `${sideName(d.side)} captures ${d.city}`;
    case "factories_destroyed": return `${sideName(d.side)} destroys the factories of ${d.city}`;
    case "surrender": return `${sideName(d.side)} block surrenders at ${place(d.hex)}`;
    case "surrendered_unit": return `surrendered: ${d.name}`;
    case "income": return `${power(d.power)} income: ${d.pp} PP`;
    case "surrender_pp": return `${power(d.power)} gains ${d.pp} PP from surrenders`;
    case "pp_spent": return `${sideName(d.side)} spends ${d.pp} PP`;
    case "out_of_supply": return (d.handles as string[]).length ? `${sideName(d.side)}: ${(d.handles as string[]).length} block(s) out of supply` : null;
    case "repair": return `repaired ${name(d.unit)} to ${d.strength}`;
    case "rebuild": return `rebuilt ${name(d.unit)} at ${place(d.hex)}`;
    case "place": return `placed ${name(d.unit)} at ${place(d.hex)}`;
    case "disband": return `disbanded ${name(d.unit)}`;
    case "deploy": return `${sideName(d.side)} deploys by hand`;
    case "redeploy": return `${sideName(d.side)} block redeployed ${place(d.frm)} → ${place(d.to)}`;
    case "deployed": return `${name(String(d.unit))} deployed at ${place(d.hex)}`;
    case "deployment_done": return `${sideName(d.side)} deployment done`;
    case "block_placed": return `${sideName(d.side)} block placed at ${place(d.hex)}`;
    case "block_removed": return null;
    case "rail_unit": return null;
    case "reinforcement_available": return `reinforcement available: ${name(d.unit)}`;
    case "game_over": return `GAME OVER: ${d.outcome}${d.winner ? ` (${sideName(d.winner)})` : ""} — ${d.detail}`;
  }
  const rest = Object.entries(d).map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`).join(", ");
  return `${e.kind.replace(/_/g, " ")}${rest ? ": " + rest : ""}`;
}
