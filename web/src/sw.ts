// The Stalin's War table: the map with the counters, the hand (each card readable and
// playable as the legal actions allow), the tracks, every decision with its rule, and the
// turn's log. It shows exactly what the seat's view holds (fog of war is the server's job:
// face-down partisans come without identity or strength) and sends only listed actions.

import "./sw.css";
import type { Action, Payload } from "./api";
import { Board, TERRAIN, boardControls, title, type BoardData } from "./board";
import { button, clear, h, s } from "./dom";
import { S, f } from "./hex";
import { L, fmt } from "./i18n";
import { SW, Names, boxWord, describe, helpOf, kindWord, logLine, promptWords, rpWords, seasonWords, terrainWord, type SwCard, type SwEvent, type SwUnit } from "./sw_words";

export interface SwBoardData extends BoardData {
  cards: Record<string, SwCard>;
  units: Record<string, SwUnit>;
  seasons: string[];
  last_turn: number | null;
}

interface ViewUnit { id: string | null; side: string; box: string; hex: string | null; step?: number; printed?: string; kind?: string }

// The Stalin's War terrains the BITE palette lacks.
Object.assign(TERRAIN, { rough: "#ccb27a", mountain: "#96704e", desert: "#e8d7a0" });

const SIDE_FILL: Record<string, string> = { axis: "#6f7d8c", soviet: "#b3261e" };
const NATION_FILL: Record<string, string> = { GE: "#6f7d8c", RO: "#5d8fb8", HU: "#4f8a52", IT: "#8aa05a", SU: "#b3261e", PL: "#c65a5a", BG: "#a0443c" };
const C = 24; // counter size in SVG units (a hex is 40 across)
const LIST_ALL = 30; // up to this many choices are all listed as buttons

type Hooks = { act(a: Action): void; undo(): void };

/** Where an action points on the map: its destination or its hex. */
function target(a: Action): string | null {
  const g = a.args as Record<string, unknown>;
  const t = g.to ?? g.at ?? g.hex;
  return typeof t === "string" ? t : null;
}

function unitOf(a: Action): string | null {
  const u = (a.args as Record<string, unknown>).unit;
  return typeof u === "string" ? u : null;
}

export class SwTable {
  readonly root: HTMLElement;
  readonly board: Board;
  readOnly = false;
  private tracker = h("div", { class: "tracker", "data-testid": "tracker" });
  private promptBox = h("section", { class: "prompt", "data-testid": "prompt" });
  private handBox = h("section", { class: "sw-hand", "data-testid": "hand" });
  private tracksBox = h("section", { class: "sw-tracks", "data-testid": "tracks" });
  private inspector = h("section", { class: "inspector", "data-testid": "inspector" });
  private offBox = h("details", { class: "sw-off", "data-testid": "off-map" });
  private logBox = h("ol", { class: "log", "data-testid": "log", reversed: true });
  private legendBox = h("details", { class: "sw-legend", "data-testid": "legend" });
  private banner = h("div", { class: "banner", hidden: true, "data-testid": "banner" });
  private names: Names;
  private p: Payload | null = null;
  private view: any = null;
  private selected: string | null = null; // a unit id
  private choice: Action[] | null = null; // several actions for one click
  private inspected: string | null = null;
  private fitted = false;

  constructor(private data: SwBoardData, private hooks: Hooks, extraBar: HTMLElement | null = null) {
    const places = new Map<string, string>();
    for (const pl of data.places) places.set(pl.hex, pl.name);
    this.names = new Names(data.cards, data.units, places);
    const mapWrap = h("div", { class: "map-wrap" });
    this.board = new Board(data, mapWrap);
    this.board.onClick = (id) => this.click(id);
    this.board.describe = (id) => this.hexWords(id);
    this.board.terrainName = (t) => terrainWord(t);
    this.board.focus = () => this.selectedHex();
    const tools = h("div", { class: "map-tools", "data-testid": "map-tools" }, boardControls(this.board));
    const side = h("aside", { class: "side", "data-testid": "side" },
      this.banner, this.promptBox, this.handBox, this.tracksBox, this.inspector, this.offBox, this.legendBox,
      h("section", { class: "log-wrap" }, h("h3", {}, SW.log.heading), this.logBox));
    this.root = h("div", { class: "bite sw" }, this.tracker, ...(extraBar ? [extraBar] : []),
      h("div", { class: "main" }, h("div", { class: "map-area" }, tools, mapWrap), side));
  }

  /** An action in this table's words (the replay viewer's line). */
  describe(a: Action): string {
    return describe(a, this.names);
  }

  /** What the counters' colours and letters and the map's marks mean. */
  private drawLegend(): void {
    const box = this.legendBox;
    clear(box);
    box.append(h("summary", {}, SW.table.legend));
    const swatch = (fill: string, text: string, cls = "") => {
      const svg = s("svg", { width: 22, height: 22, viewBox: "0 0 24 24", class: `sw-swatch ${cls}` });
      svg.append(s("rect", { x: 1, y: 1, width: 22, height: 22, rx: 2, fill }));
      const t = s("text", { x: 12, y: 16, "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": 700 });
      t.textContent = text;
      svg.append(t);
      return svg;
    };
    const nations = [...new Set(Object.values(this.data.units).map((u) => u.nation))];
    const row = h("div", { class: "sw-legend-row" });
    for (const n of nations) row.append(h("span", {}, swatch(NATION_FILL[n] ?? "#888", ""), " ", SW.nation[n as keyof typeof SW.nation] ?? n));
    const kinds = [...new Set(Object.values(this.data.units).map((u) => u.kind))];
    const marks = h("div", { class: "sw-legend-row" });
    for (const k of kinds) marks.append(h("span", {}, h("b", {}, SW.mark[k as keyof typeof SW.mark] ?? "?"), ` ${kindWord(k)}`));
    box.append(row, marks,
      h("p", {}, SW.table.legendValues),
      h("p", {}, swatch(SIDE_FILL.soviet, "?"), ` ${SW.table.partisans}`),
      h("p", {}, h("span", { class: "sw-ctl axis" }), ` ${fmt(SW.table.control, { side: this.names.side("axis") })}  `, h("span", { class: "sw-ctl soviet" }), ` ${fmt(SW.table.control, { side: this.names.side("soviet") })}`),
      h("p", {}, `⊓ ${SW.table.trench} · F ${SW.table.festung}`));
  }

  show(p: Payload): void {
    this.p = p;
    this.view = p.view;
    if (this.selected && !p.legal_actions.some((a) => unitOf(a) === this.selected)) this.selected = null;
    this.choice = null;
    this.draw();
  }

  showView(view: any): void {
    this.p = null;
    this.view = view;
    this.draw();
  }

  private draw(): void {
    const v = this.view;
    if (!v) return;
    if (!this.fitted) {
      this.fitted = true;
      const mine = this.units().filter((u) => u.box === "map" && u.hex).map((u) => u.hex!);
      this.board.fit(mine.length ? mine : undefined);
    }
    this.drawTracker();
    this.drawUnits();
    this.drawControl();
    this.drawHighlights();
    this.drawPrompt();
    this.drawHand();
    this.drawTracks();
    this.drawInspector();
    this.drawOffMap();
    if (!this.legendBox.childElementCount) this.drawLegend();
    this.drawLog();
    this.drawBanner();
  }

  // --- helpers ------------------------------------------------------------------------

  private units(): ViewUnit[] {
    return (this.view?.units ?? []) as ViewUnit[];
  }

  private legal(): Action[] {
    return this.p && !this.readOnly ? this.p.legal_actions : [];
  }

  private selectedHex(): string | null {
    if (!this.selected) return null;
    return this.units().find((u) => u.id === this.selected)?.hex ?? null;
  }

  private unitLabel(u: ViewUnit): string {
    if (!u.id) return SW.table.partisans;
    const info = this.data.units[u.id];
    const nation = info ? SW.nation[info.nation as keyof typeof SW.nation] ?? "" : "";
    return `${this.names.unit(u.id)} (${[nation, kindWord(info?.kind)].filter(Boolean).join(" ")}, ${u.printed ?? "?"})`;
  }

  private hexWords(id: string): string {
    const here = this.units().filter((u) => u.box === "map" && u.hex === id);
    return here.map((u) => this.unitLabel(u)).join("; ");
  }

  private act(a: Action): void {
    this.selected = null;
    this.choice = null;
    this.hooks.act({ verb: a.verb, args: a.args });
  }

  private choiceButton(a: Action): HTMLButtonElement {
    return button(describe(a, this.names), () => this.act(a), { title: helpOf(a, this.names), "data-verb": a.verb, "data-testid": `choice-${a.verb}` });
  }

  // --- the map ------------------------------------------------------------------------

  private drawUnits(): void {
    const layer = this.board.layers.units;
    clear(layer);
    const me = this.view.side;
    const oos = new Set<string>(this.view.out_of_supply ?? []);
    const byHex = new Map<string, ViewUnit[]>();
    for (const u of this.units()) {
      if (u.box !== "map" || !u.hex) continue;
      if (!byHex.has(u.hex)) byHex.set(u.hex, []);
      byHex.get(u.hex)!.push(u);
    }
    for (const [hex, stack] of byHex) {
      const [x, y] = this.board.pos(hex);
      stack.forEach((u, i) => {
        const info = u.id ? this.data.units[u.id] : null;
        const dx = (i - (stack.length - 1) / 2) * 4;
        const cx = x + dx - C / 2;
        const cy = y - dx - C / 2;
        const g = s("g", {
          class: `counter ${u.side}${u.side === me ? " mine" : " theirs"}${u.id && u.id === this.selected ? " selected" : ""}${u.id && oos.has(u.id) ? " oos" : ""}`,
          "data-unit": u.id ?? "hidden", "data-hex": hex, "data-side": u.side,
        });
        g.append(s("rect", { x: f(cx), y: f(cy), width: C, height: C, rx: 2, fill: info ? NATION_FILL[info.nation] ?? SIDE_FILL[u.side] : SIDE_FILL[u.side] }));
        const mark = s("text", { x: f(cx + C / 2), y: f(cy + 9), class: "kind" });
        mark.textContent = info ? SW.mark[info.kind as keyof typeof SW.mark] ?? "" : "P";
        const val = s("text", { x: f(cx + C / 2), y: f(cy + C - 4), class: "value" });
        val.textContent = u.id ? u.printed ?? "" : "?";
        g.append(mark, val, title(this.unitLabel(u)));
        layer.append(g);
      });
    }
    // Trenches and Festungs on top.
    const top = this.board.layers.top;
    clear(top);
    for (const [hex, side] of Object.entries((this.view.trenches ?? {}) as Record<string, string>)) {
      const [x, y] = this.board.pos(hex);
      const t = s("text", { x: f(x + S * 0.6), y: f(y + S * 0.75), class: `sw-work ${side}`, "data-trench": hex });
      t.textContent = "⊓";
      t.append(title(`${SW.table.trench} (${this.names.side(side)})`));
      top.append(t);
    }
    for (const hex of (this.view.festungs ?? []) as string[]) {
      const [x, y] = this.board.pos(hex);
      const t = s("text", { x: f(x - S * 0.6), y: f(y + S * 0.75), class: "sw-work festung" });
      t.textContent = "F";
      t.append(title(SW.table.festung));
      top.append(t);
    }
  }

  private drawControl(): void {
    const groups: Record<string, string[]> = { "ctl-axis": [], "ctl-soviet": [] };
    const hexOf = new Map(this.data.places.map((pl) => [pl.name, pl.hex]));
    for (const [place, side] of Object.entries((this.view.control ?? {}) as Record<string, string>)) {
      const hex = hexOf.get(place);
      if (hex && groups[`ctl-${side}`]) groups[`ctl-${side}`].push(hex);
    }
    this.board.fill(this.board.layers.control, groups);
  }

  private drawHighlights(): void {
    const legal = this.legal();
    const dests = new Set<string>();
    const hexOnly = new Set<string>();
    for (const a of legal) {
      const t = target(a);
      if (!t) continue;
      const u = unitOf(a);
      if (u && u === this.selected) dests.add(t);
      else if (!u) hexOnly.add(t);
    }
    const sel = this.selectedHex();
    this.board.fill(this.board.layers.highlight, {
      target: hexOnly, dest: dests, selected: sel ? [sel] : [], inspected: this.inspected && !sel ? [this.inspected] : [],
    });
  }

  private click(id: string): void {
    const legal = this.legal();
    this.inspected = id;
    if (this.selected) {
      const here = legal.filter((a) => unitOf(a) === this.selected && target(a) === id);
      if (here.length === 1) return this.act(here[0]);
      if (here.length > 1) {
        this.choice = here;
        return this.draw();
      }
    }
    const hexActs = legal.filter((a) => !unitOf(a) && target(a) === id);
    if (hexActs.length === 1 && !this.selected) return this.act(hexActs[0]);
    if (hexActs.length > 1) {
      this.choice = hexActs;
      return this.draw();
    }
    // A unit of this hex with choices: select it (again: the next one in the stack).
    const movers = this.units().filter((u) => u.box === "map" && u.hex === id && u.id && legal.some((a) => unitOf(a) === u.id)).map((u) => u.id!);
    if (movers.length) {
      const i = this.selected ? movers.indexOf(this.selected) : -1;
      this.selected = movers[(i + 1) % movers.length];
    } else this.selected = null;
    this.choice = null;
    this.draw();
  }

  // --- the panels ---------------------------------------------------------------------

  private drawTracker(): void {
    const v = this.view;
    const t = this.tracker;
    clear(t);
    const last = v.last_turn ?? this.data.last_turn ?? 18;
    t.append(
      h("span", { "data-testid": "turn" }, fmt(SW.tracks.turn, { turn: v.turn, last })),
      h("span", {}, seasonWords(v.turn, v.season)),
      h("span", { "data-testid": "ar" }, fmt(SW.tracks.ar, { ar: v.ar })),
      h("span", { "data-testid": "vp", title: SW.tracks.vpHelp }, fmt(SW.tracks.vp, { vp: v.vp })),
    );
    if (v.side) t.append(h("span", { class: `you ${v.side}` }, `${SW.tracks.you}: ${this.names.side(v.side)}`));
    const p = this.p;
    let status = "";
    if (p) {
      if (p.status === "over") status = SW.prompt.over;
      else if (p.your_turn) status = L.lobby.yourMove;
      else status = fmt(SW.prompt.waiting, { side: this.names.side(p.to_move[0]) });
    }
    t.append(h("span", { class: `status${p?.your_turn ? " go" : ""}`, "data-testid": "status" }, status));
  }

  private drawPrompt(): void {
    const box = this.promptBox;
    clear(box);
    const p = this.p;
    const v = this.view;
    const prompt = v.prompt;
    box.dataset.version = String(p?.version ?? "");
    box.dataset.stage = "";
    if (!p || this.readOnly) {
      box.dataset.kind = "";
      return;
    }
    if (p.status === "over") {
      box.dataset.kind = "over";
      box.append(h("h3", {}, SW.prompt.over));
      return;
    }
    if (!p.your_turn || !prompt || prompt.side !== v.side) {
      box.dataset.kind = "waiting";
      box.append(h("h3", {}, fmt(SW.prompt.waiting, { side: this.names.side(p.to_move[0]) })));
      return;
    }
    const words = promptWords(prompt, this.names);
    box.dataset.kind = prompt.kind;
    box.dataset.stage = words.key;
    box.append(h("h3", { "data-testid": "prompt-text", title: words.help }, words.text), h("p", { class: "hint", "data-testid": "prompt-help" }, words.help));
    const legal = this.legal();
    const choices = h("div", { class: "choices", "data-testid": "choices" });
    if (this.choice) {
      for (const a of this.choice) choices.append(this.choiceButton(a));
      choices.append(button(SW.table.cancel, () => { this.choice = null; this.draw(); }, { class: "quiet", "data-testid": "choice-cancel" }));
      box.append(choices);
      return;
    }
    if (prompt.kind === "action_round") {
      // The cards' own buttons are in the hand; here the 0-OPS rounds.
      for (const a of legal.filter((x) => x.verb.startsWith("zero_ops") && !(x.args as any).discard)) choices.append(this.choiceButton(a));
      const swaps = legal.filter((x) => x.verb === "zero_ops_pass" && (x.args as any).discard);
      box.append(choices);
      if (swaps.length) {
        const more = h("details", { class: "sw-swaps" }, h("summary", {}, SW.act.zero_ops_swaps));
        const list = h("div", { class: "choices" });
        for (const a of swaps) list.append(this.choiceButton(a));
        more.append(list);
        box.append(more);
      }
    } else {
      const plain = legal.filter((a) => !unitOf(a) && !target(a));
      const mapped = legal.filter((a) => unitOf(a) || target(a));
      for (const a of plain) choices.append(this.choiceButton(a));
      if (legal.length <= LIST_ALL) {
        for (const a of mapped) choices.append(this.choiceButton(a));
      } else {
        const mine = mapped.filter((a) => unitOf(a) === this.selected);
        const hexOnly = mapped.filter((a) => !unitOf(a));
        if (this.selected) box.append(h("p", { class: "hint" }, fmt(SW.prompt.selected, { unit: this.names.unit(this.selected) })));
        else box.append(h("p", { class: "hint" }, SW.prompt.selectUnit));
        for (const a of mine) choices.append(this.choiceButton(a));
        if (hexOnly.length <= LIST_ALL) for (const a of hexOnly) choices.append(this.choiceButton(a));
        // The units with choices, to select without the map.
        const who = [...new Set(mapped.map(unitOf).filter((u): u is string => !!u && u !== this.selected))];
        if (who.length) {
          const pick = h("div", { class: "choices sw-units", "data-testid": "unit-picker" });
          for (const u of who) pick.append(button(this.names.unit(u), () => { this.selected = u; this.draw(); const hx = this.selectedHex(); if (hx) this.board.ensureVisible(hx); }, { class: "quiet", "data-select": u }));
          box.append(choices, h("p", { class: "muted" }, fmt(SW.prompt.moreChoices, { n: mapped.length - mine.length })), pick);
          if (p.can_undo) box.append(button(L.table.undo, () => this.hooks.undo(), { class: "quiet", "data-testid": "undo" }));
          return;
        }
      }
      box.append(choices);
    }
    if (p.can_undo) box.append(button(L.table.undo, () => this.hooks.undo(), { class: "quiet", "data-testid": "undo" }));
  }

  private drawHand(): void {
    const box = this.handBox;
    clear(box);
    const v = this.view;
    const me = v.side as string | null;
    if (!me) return;
    const cards = v.cards?.[me] ?? {};
    const hand: string[] = cards.hand ?? [];
    const legal = this.legal();
    box.append(h("h3", {}, SW.hand.heading));
    if (!hand.length) box.append(h("p", { class: "muted" }, SW.hand.empty));
    const list = h("div", { class: "sw-cards" });
    for (const id of hand) {
      const c = this.data.cards[id];
      if (!c) continue;
      const plays = h("div", { class: "plays" });
      const offer = (verb: string, label: string, help: string) => {
        const a = legal.find((x) => x.verb === verb && (x.args as any).card === id);
        const b = button(label, () => a && this.act(a), { title: help, "data-testid": `${verb}-${id}`, "data-verb": verb, disabled: !a });
        plays.append(b);
      };
      offer("play_ops", SW.hand.playOps, fmt(SW.hand.playOpsHelp, { ops: c.ops }));
      offer("play_rp", SW.hand.playRp, fmt(SW.hand.playRpHelp, { rp: c.rp }));
      offer("play_event", SW.hand.playEvent, SW.hand.playEventHelp);
      const tags = [c.combat ? SW.hand.combat : "", c.removed ? SW.hand.removed : ""].filter(Boolean).join(" · ");
      list.append(h("div", { class: `sw-card ${c.side}${c.combat ? " combat" : ""}`, "data-card": id },
        h("div", { class: "head" }, h("span", { class: "ops", title: SW.hand.ops }, String(c.ops)), h("strong", { class: "title", title: c.printed && c.printed !== c.title ? c.printed : null }, c.title), h("span", { class: "rp", title: SW.hand.rp }, `${SW.hand.rp} ${c.rp}`)),
        h("p", { class: "summary" }, c.summary),
        tags ? h("p", { class: "tags" }, tags) : null,
        plays));
    }
    box.append(list);
    const other = me === "axis" ? "soviet" : "axis";
    const theirs = v.cards?.[other] ?? {};
    box.append(h("p", { "data-testid": "their-hand" }, fmt(SW.hand.theirs, { side: this.names.side(other), n: theirs.hand_count ?? 0 })));
    const aside: string[] = cards.set_aside ?? [];
    if (aside.length) box.append(h("p", { class: "muted" }, fmt(SW.hand.setAside, { cards: aside.map((x) => this.names.card(x)).join(", ") })));
    const kept = [...(cards.kept ?? []), ...(theirs.kept ?? [])] as string[];
    if (kept.length) box.append(h("p", { class: "muted" }, fmt(SW.hand.kept, { cards: kept.map((x) => this.names.card(x)).join(", ") })));
  }

  private drawTracks(): void {
    const box = this.tracksBox;
    clear(box);
    const v = this.view;
    const t = v.tracks ?? {};
    const me = v.side as string | null;
    const sides = ["axis", "soviet"];
    const row = (key: string, label: string, help: string, values: (side: string) => string) =>
      h("tr", { "data-track": key, title: help }, h("th", {}, label), ...sides.map((sd) => h("td", { "data-side": sd }, values(sd))));
    const table = h("table", { class: "sw-track-table" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), ...sides.map((sd) => h("th", { class: sd === me ? "me" : "" }, this.names.side(sd))))),
      h("tbody", {},
        row("consecutive_ops", SW.tracks.consecutive, SW.tracks.consecutiveHelp, (sd) => String(t.consecutive_ops?.[sd] ?? 0)),
        row("banked_ops", SW.tracks.banked, SW.tracks.bankedHelp, (sd) => String(t.banked_ops?.[sd] ?? 0)),
        row("rp", SW.tracks.rp, SW.tracks.rpHelp, (sd) => rpWords(poolsOf(t.rp, sd))),
        row("hand_limit", SW.tracks.handLimit, SW.tracks.handLimitHelp, (sd) => String(t.hand_size?.[sd] ?? t.hand_limit?.[sd] ?? "")),
        row("hand", SW.tracks.hand, "", (sd) => String(v.cards?.[sd]?.hand_count ?? 0)),
        row("deck", SW.tracks.deck, "", (sd) => String(v.cards?.[sd]?.deck_count ?? 0)),
      ));
    box.append(h("h3", {}, SW.tracks.heading),
      h("p", { class: "sw-vp", "data-testid": "vp-track", title: SW.tracks.vpHelp }, fmt(SW.tracks.vp, { vp: v.vp })),
      table);
    if (v.total_war) box.append(h("p", { class: "muted" }, SW.tracks.totalWar));
    else {
      const n = (v.cards?.axis?.total_war_count ?? 0) + (v.cards?.soviet?.total_war_count ?? 0);
      if (n) box.append(h("p", { class: "muted" }, fmt(SW.tracks.totalWarWaiting, { n })));
    }
    const inForce = [...(v.in_force?.game ?? []), ...(v.in_force?.turn ?? [])].map(String).filter((x) => this.data.cards[x]);
    if (inForce.length) box.append(h("p", { class: "muted" }, fmt(SW.hand.inForce, { cards: inForce.map((x) => this.names.card(x)).join(", ") })));
  }

  private drawInspector(): void {
    const box = this.inspector;
    clear(box);
    const id = this.inspected;
    if (!id) {
      box.append(h("p", { class: "muted" }, SW.table.inspect));
      return;
    }
    const here = this.units().filter((u) => u.box === "map" && u.hex === id);
    if (!here.length) {
      box.append(h("p", { class: "muted" }, fmt(SW.table.hexEmpty, { hex: this.names.hex(id) })));
      return;
    }
    box.append(h("h4", {}, fmt(SW.table.stack, { hex: this.names.hex(id) })));
    const ul = h("ul", {});
    for (const u of here) ul.append(h("li", { class: u.side }, this.unitLabel(u)));
    box.append(ul);
  }

  private drawOffMap(): void {
    const box = this.offBox;
    const open = box.open;
    clear(box);
    box.open = open;
    box.append(h("summary", {}, SW.table.offMap));
    const off = this.units().filter((u) => u.box !== "map" && u.id);
    if (!off.length) {
      box.append(h("p", { class: "muted" }, SW.table.nobodyOff));
      return;
    }
    const byBox = new Map<string, ViewUnit[]>();
    for (const u of off) {
      if (!byBox.has(u.box)) byBox.set(u.box, []);
      byBox.get(u.box)!.push(u);
    }
    const back = (this.view.turn_track ?? {}) as Record<string, number>;
    for (const [where, list] of byBox) {
      const words = list.map((u) => this.unitLabel(u) + (u.id && back[u.id] ? ` — ${fmt(SW.table.back, { turn: back[u.id] })}` : ""));
      box.append(h("h4", {}, boxWord(where)), h("p", {}, words.join("; ")));
    }
  }

  private drawLog(): void {
    const box = this.logBox;
    clear(box);
    const events = (this.view.log ?? []) as SwEvent[];
    const lines = this.p?.log_lines?.length === events.length ? this.p.log_lines : undefined;
    for (let i = events.length - 1; i >= 0; i--) {
      const e = events[i];
      const line = logLine(e, this.names) ?? lines?.[i];
      if (!line) continue;
      box.append(h("li", { class: `ev-${e.kind}` }, line));
    }
  }

  private drawBanner(): void {
    const r = this.p?.result ?? this.view.result;
    if (!r || (this.p && this.p.status !== "over")) {
      this.banner.hidden = true;
      return;
    }
    this.banner.hidden = false;
    this.banner.textContent = r.winner ? fmt(SW.table.verdict, { side: this.names.side(r.winner) }) : SW.table.draw;
  }
}

function poolsOf(rp: any, side: string): Record<string, number> {
  const pools = (rp ?? {}) as Record<string, number>;
  const keys = side === "soviet" ? ["soviet"] : ["german", "panzer", "axis"];
  return Object.fromEntries(keys.filter((k) => k in pools).map((k) => [k, pools[k]]));
}

/** The board data is Stalin's War's (cards and counters come with it). */
export function isSwBoard(b: BoardData | null): b is SwBoardData {
  return !!b && "cards" in b && "units" in b;
}

export { kindWord };
