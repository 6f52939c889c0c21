// Stalin's War's words for players, in the page's language: decisions, choices and the log,
// from the seat's view and the public board data (cards, counters, places) only.

import type { Action } from "./api";
import { fmt, lang, type Lang } from "./i18n";
import { swEn } from "./locales/sw_en";
import { swEs } from "./locales/sw_es";
import { swFr } from "./locales/sw_fr";
import { swIt } from "./locales/sw_it";

type Widen<T> = T extends string ? string : T extends readonly string[] ? readonly string[] : { readonly [K in keyof T]: Widen<T[K]> };
/** The shape of a Stalin's War catalogue: the English one's keys, any words. */
export type SwCatalogue = Widen<typeof swEn>;

export const SW_CATALOGUES: Record<Lang, SwCatalogue> = { en: swEn, it: swIt, es: swEs, fr: swFr };
/** Stalin's War's words in this page's language. */
export const SW: SwCatalogue = SW_CATALOGUES[lang];

/** A card as the board gives it: the title and summary in the page's language (the server's
 * catalogues), the printed English title as `printed`. */
export interface SwCard { number: number; side: string; deck: string; title: string; printed?: string; ops: number; rp: string; removed: boolean; combat: boolean; summary: string }
export interface SwUnit { name: string; side: string; nation: string; size: string; kind: string; steps: string[] }

/** Names for what the view refers to by id. */
export class Names {
  private titles = new Map<string, string>();

  constructor(
    private cards: Record<string, SwCard>,
    private units: Record<string, SwUnit>,
    private places: Map<string, string>,
  ) {
    for (const c of Object.values(cards)) if (c.printed) this.titles.set(c.printed, c.title);
  }

  /** A card named by its printed English title (the rules' reasons for a column shift) in
   * the page's language, or as printed. */
  titled(printed: string): string | null {
    return this.titles.get(printed) ?? null;
  }

  card(id: unknown): string {
    const c = this.cards[String(id)];
    return c ? c.title : "?";
  }

  unit(id: unknown): string {
    const u = this.units[String(id)];
    if (!u) return SW.kind.partisan;
    return u.name;
  }

  hex(id: unknown): string {
    const ref = String(id ?? "");
    const place = this.places.get(ref);
    return place ? `${place} (${ref})` : ref;
  }

  side(s: unknown): string {
    return pick(SW.side, s);
  }
}

function pick(table: Readonly<Record<string, string>>, key: unknown): string {
  const k = String(key ?? "");
  return Object.prototype.hasOwnProperty.call(table, k) ? table[k] : k.replace(/_/g, " ");
}

export function kindWord(kind: unknown): string {
  return pick(SW.kind, kind);
}

export function boxWord(box: unknown): string {
  return pick(SW.box, box);
}

export function terrainWord(t: unknown): string {
  return pick(SW.terrain, t);
}

export function seasonWords(turn: number, season: string): string {
  return fmt(SW.tracks.season, { season: pick(SW.seasons, season), year: 1941 + Math.floor(turn / 4) });
}

export function rpWords(rp: Record<string, number> | null | undefined): string {
  const parts = Object.entries(rp ?? {}).filter(([, n]) => n > 0).map(([k, n]) => `${pick(SW.pool, k)} ${n}`);
  return parts.length ? parts.join(", ") : SW.tracks.none;
}

/** The rule a choice comes from, for its help. */
export function ruleOf(a: Action): string {
  return pick(SW.help, a.verb);
}

/** A legal action in words (no ids, no keys). */
export function describe(a: Action, n: Names): string {
  const g = a.args as Record<string, unknown>;
  const f = { card: n.card(g.card ?? g.discard), unit: n.unit(g.unit), to: n.hex(g.to), at: n.hex(g.at), hex: n.hex(g.hex), old: n.unit(g.old) };
  const A = SW.act as Record<string, string>;
  switch (a.verb) {
    case "zero_ops_pass":
      return g.discard ? fmt(A.zero_ops_swap, f) : A.zero_ops_pass;
    case "combat_card":
      return fmt(g.unit ? A.combat_card_at : A.combat_card, f);
    case "pick":
      if ("card" in g) return fmt(A.pick_card, f);
      if ("to" in g) return fmt(A.pick_to, f);
      if ("hex" in g) return fmt(A.pick_hex, f);
      if ("unit" in g) return fmt(A.pick_unit, f);
      if (g.civilians === true) return A.pick_civilians;
      if (g.cancel === true) return A.pick_cancel;
      return A.pick_keep;
  }
  if (Object.prototype.hasOwnProperty.call(A, a.verb)) return fmt(A[a.verb], f);
  return fmt(A.other, { verb: a.verb.replace(/_/g, " ") });
}

/** The help of a choice: its words and the rule. */
export function helpOf(a: Action, n: Names): string {
  return `${describe(a, n)} · ${fmt(SW.rule, { rule: ruleOf(a) })}`;
}

export interface SwPrompt { side: string; kind: string; text?: string; data?: Record<string, any> }

/** The decision in words, and its help (with the rule). */
export function promptWords(p: SwPrompt, n: Names): { text: string; help: string; key: string } {
  const d = p.data ?? {};
  const P = SW.prompt as Record<string, string>;
  const H = SW.promptHelp as Record<string, string>;
  let key = p.kind;
  if (p.kind === "combat" || p.kind === "combat_cards") key = String(d.stage ?? (p.kind === "combat" ? "declare" : "cards"));
  if (p.kind === "reinforce" && d.swap) key = "swap";
  const fields = { ar: d.ar, ops: d.ops, hex: n.hex(d.hex), n: d.losses ?? d.hexes, unit: n.unit(d.unit), rp: rpWords(d.rp) };
  let text = Object.prototype.hasOwnProperty.call(P, key) ? fmt(P[key], fields) : (p.text ?? p.kind);
  if (p.kind === "action_round" && d.rasputitsa) text += ` · ${P.mud}`;
  const helpKey = key === "swap" ? "reinforce" : key === "rush" ? "rush" : key;
  const help = Object.prototype.hasOwnProperty.call(H, helpKey) ? H[helpKey] : (p.text ?? "");
  return { text, help, key };
}

/** One side's fire (11.2.1): strength, table and column, each shift with its reason, the
 * roll and the losses. */
function fireSide(who: string, raw: unknown, names: Names): string {
  const x = (raw && typeof raw === "object" ? raw : {}) as Record<string, any>;
  const F = SW.fire;
  const n = Number(x.losses ?? 0);
  let losses = n === 0 ? F.noLoss : n === 1 ? F.oneLoss : fmt(F.losses, { n });
  if (n && x.starred) losses += F.starred;
  const parts = (Array.isArray(x.shifts) ? x.shifts : []).map((pair: unknown) => {
    const [cols, why] = Array.isArray(pair) ? pair : [0, ""];
    const whole = names.titled(String(why)); // a card's shift is named by the card's title
    const reasons = whole ?? String(why).split(" and ").map((r) => names.titled(r) ?? pick(SW.shiftWhy, r)).join(F.andWord);
    return fmt(Number(cols) > 0 ? F.shiftRight : F.shiftLeft, { n: Math.abs(Number(cols)), why: reasons });
  });
  const shifts = parts.length ? fmt(F.shifted, { list: parts.join(", ") }) : "";
  if (x.column === null || x.column === undefined) return fmt(F.fireNoColumn, { who, strength: x.strength, roll: x.roll, losses });
  return fmt(F.fireSide, { who, strength: x.strength, table: x.table, column: x.column, shifts, roll: x.roll, losses });
}

function cardList(cards: unknown, n: Names): string {
  return (Array.isArray(cards) ? cards : []).map((c) => n.card(c)).join(", ");
}

export interface SwEvent { kind: string; data: Record<string, any> }

/** A log line in words; null when this table has no words of its own for it (the server's
 * English line is shown instead). */
export function logLine(e: SwEvent, n: Names): string | null {
  const d = e.data ?? {};
  const G = SW.log as Record<string, string>;
  const f = {
    side: n.side(d.side), card: n.card(d.card), unit: n.unit(d.unit), from: n.hex(d.frm), to: n.hex(d.to), hex: n.hex(d.hex),
    at: n.hex(d.at), ops: d.ops, ar: d.ar, turn: d.turn, vp: d.vp, n: d.count ?? d.delta,
    place: d.hex ? n.hex(d.hex) : String(d.place ?? ""), season: seasonWords(Number(d.turn ?? 1), String(d.season ?? "")),
  };
  switch (e.kind) {
    case "setup": case "turn": case "action_round": case "move": case "rail_move": case "sea_move": case "movement_end":
    case "draw": case "discard": case "combat_marker": case "step_lost": case "retreat": case "advance": case "exploit": case "blitz":
    case "reinforcement": case "trench": case "partisans_placed":
      return fmt(G[e.kind], f);
    case "play":
      if (d.event) return fmt(G.playEvent, f);
      if (d.round === "ops") return fmt(G.playOps, f);
      if (d.round === "rp") return fmt(G.playRp, f);
      if (d.round === "zero_move") return fmt(G.zeroMove, f);
      if (d.round === "zero_pass") return fmt(G.zeroPass, f);
      return null;
    case "control":
      return fmt(d.delta ? G.controlVp : G.control, f);
    case "attack":
      return fmt(G.attack, { ...f, units: (d.units ?? []).map((u: unknown) => n.unit(u)).join(", ") });
    case "fire":
      return fmt(SW.fire.fire2, { hex: f.hex, attacker: fireSide(SW.fire.theAttacker, d.attacker, n), defender: fireSide(SW.fire.theDefender, d.defender, n) });
    case "eliminated":
      return fmt(G.eliminated, f);
    case "combat_result":
      return d.winner === "axis" || d.winner === "soviet" ? fmt(G.combat_result, { ...f, side: n.side(d.winner) }) : fmt(G.combat_draw, f);
    case "replacement":
      return fmt(d.how === "rebuild" ? G.rebuilt : G.replacement, f);
    case "banked_ops": {
      const delta = Number(d.delta ?? 0);
      const line = fmt(delta > 0 ? G.banked_ops : delta < 0 ? G.banked_lost : G.banked_none, { ...f, n: Math.abs(delta) });
      return line + (d.card ? ` (${n.card(d.card)})` : "");
    }
    case "total_war":
      return fmt(G.total_war, f);
    case "vp":
      return fmt(G.vp, f);
    case "game_over":
      return d.winner === "axis" || d.winner === "soviet" ? fmt(G.game_over, { winner: n.side(d.winner) }) : G.game_draw;
    case "drawn": case "set_aside_taken":
      return fmt(G[e.kind], { ...f, cards: cardList(d.cards, n) });
    case "reshuffle":
      return fmt(G.reshuffle, { ...f, n: d.cards });
    case "hand_shown":
      return Array.isArray(d.cards) ? fmt(G.hand_shown, { ...f, cards: cardList(d.cards, n) }) : fmt(G.hand_shown_count, { ...f, n: d.count });
    case "rp":
      return fmt(d.card ? G.rp_card : G.rp, { ...f, rp: rpWords(d.rp) });
    case "rp_lost":
      return fmt(G.rp_lost, { rp: rpWords(d.rp) });
    case "out_of_supply":
      return fmt(G.out_of_supply, { ...f, units: (d.units ?? []).map((u: unknown) => n.unit(u)).join(", ") });
    case "attrition_control": case "fortress_built": case "fortress_destroyed":
      return fmt(G[e.kind], { ...f, place: d.hex ? n.hex(d.hex) : String(d.place ?? "") });
    case "surrender":
      return fmt(G.surrender, { nation: pick(SW.country, d.nation) });
    case "combat_end":
      return fmt(G.combat_end, { ...f, n: d.attacks ?? 0 });
    case "roll": {
      const dice = (Array.isArray(d.dice) ? d.dice : []).join(", ");
      return d.by ? fmt(G.roll, { by: n.side(d.by), dice }) : fmt(G.roll_anon, { dice });
    }
    case "trench_failed":
      return fmt(G.trench_failed, { ...f, roll: d.roll });
    case "flipped":
      return fmt(d.step === 0 ? G.flipped_up : G.flipped_down, f) + (d.card ? ` (${n.card(d.card)})` : "");
    case "sent_away":
      return fmt(d.box === "other_fronts" ? G.sent_away : G.sent_away_game, f) + (d.card ? ` (${n.card(d.card)})` : "");
    case "partisans_removed": case "airlift":
      return fmt(G[e.kind], f) + (d.card ? ` (${n.card(d.card)})` : "");
    case "swapped":
      return fmt(G.swapped, { ...f, old: n.unit(d.old) });
    case "reinforcement_lost": case "attrition_loss": case "turn_track_return": case "combat_card": case "no_retreat":
    case "trench_attempt": case "trench_removed": case "festung": case "festung_removed": case "partisans_activated":
    case "order_cancelled": case "first_card": case "trench_lifted": case "evasion": case "rushed": case "fortified_zone":
    case "loss_absorbed": case "partisans_withdrawn":
      return fmt(G[e.kind], f);
  }
  return null;
}
