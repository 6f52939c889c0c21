// The BITE table: blocks on the map, overlays, the prompt panel for every decision, the
// battle panel, tracker, log, victory and pools panels. It shows exactly what the view
// holds (fog of war is the server's job) and sends only actions the server listed.

import type { Action, Payload } from "./api";
import { Board, ZONE_GROUPS, boardControls, star, title, type BoardData } from "./board";
import { button, clear, h, s } from "./dom";
import { S, centreOf, f, hexPath } from "./hex";
import { LegendPanel, Shortcuts, type LegendItem, type LegendSection } from "./panels";
import { L, fmt, word } from "./i18n";
import { movers, seatName } from "./teams";
import { drawTracks } from "./tracks";
import { costWords, promptWords, phaseShort, weatherWord, REPORT_WORDS, lossesOf, pointLabel, verdictWords, MOVE_KINDS, TURN_WORDS, handoverText, logGroupTitle, opponentName, phaseOfEvent, stepOf, COMBAT_HELP, COMBAT_WORDS, FIRE_STEP, battleNow, boniWords, faces, fireLabel, maliWords, whyWords, KEY_WORDS, LEGEND_WORDS, PHASE_NAMES, terrainWord, attackCount, attackLabel, choiceCount, selectedHint, PHASE_ORDER, UI, aBlock, cap, classWord, describe, nationWord, power, logLine, monthOf, sideName, verbLabel, type LogEvent } from "./text";

export interface Unit {
  handle: string;
  side: string;
  colour: string;
  hex: string | null;
  oos: boolean;
  flying_from?: string;
  moved?: boolean;
  attacked?: boolean;
  came_from?: string;
  id?: string;
  name?: string;
  nation?: string;
  cls?: string;
  strength?: number;
  ladder?: number[];
  colours?: string[];
  step?: number;
  half_hit?: boolean;
  revealed?: boolean;
  mp_left?: number;
  elite?: boolean;
}

/** An activated HQ as the view shows it (13.3): its owner also sees the points left, the range and who it may still command. */
export interface HqRow { id: string; name: string; cls: string; side: string; hex: string; ap: number; left?: number; range?: number | null; may_command?: string[] }

const COLOURS = ["yellow", "red", "blue", "black", "white"] as const;
const AXIS_POWERS = new Set(["germany", "finland", "romania", "hungary", "italy", "slovakia"]);

export interface Hooks {
  act(action: Action): void;
  undo(): void;
  /** The end-of-game report (GET /report), where the table may ask for it. */
  report?: () => Promise<Report>;
}

export interface ReportPoint { turn: number | null; when: string; strength: Record<string, number>; blocks: Record<string, number>; control: string | null }
export interface Report {
  id: string;
  result: { winner: string | null; outcome: string; detail?: string } | null;
  points: ReportPoint[];
  losses: { turn: number; side: string; cls: string | null; name: string | null }[];
}

const BLOCK_FILL: Record<string, string> = { red: "#b3261e", black: "#232323", lightgreen: "#9ccc65", tan: "#c8a86a" };
const NATION_STRIP: Record<string, string> = {
  germany: "#9e9e9e", finland: "#ffffff", romania: "#81d4fa", hungary: "#43a047",
  slovakia: "#8e24aa", italy: "#dcedc8", ussr: "#e57368", usa: "#1e88e5", uk: "#3949ab",
};
const NUMBER_INK: Record<string, [string, string]> = {
  black: ["#111", "#f4f1e6"], red: ["#c62828", "#f4f1e6"], white: ["#fff", "#444"], blue: ["#1565c0", "#f4f1e6"],
};
/** Verbs whose long target lists are chosen on the map, and how long "long" is (issue 18: 65 rebase buttons, 38 missions). */
const MAP_ONLY_VERBS = ["rebase", "air_evacuation", "fly", "react"];
const MAP_ONLY_OVER = 8;
const MAP_ONLY_SHOWN = 4;
const B = 28; // block size in SVG units (a hex is 40 across, 34.6 high)

/** SBE4's VP (rules/victory.py victory_points): 1 per Soviet major city or capital the Axis
 * holds, and the places the scenario names at their own value (Leningrad, a fortress city,
 * scores only because it is named; Oranienbaum and Sevastopol score nothing). */
const SBE4_NAMED_VP: Record<string, number> = { Moscow: 3, Leningrad: 2 };
function sbe4Places<P extends { name: string; hex: string; type: string | null }>(places: P[], owner: Map<string, string | null>): P[] {
  return places.filter((pl) => (["major", "capital"].includes(pl.type ?? "") || pl.name in SBE4_NAMED_VP) && owner.get(pl.hex) === "ussr");
}

const VICTORY: Record<string, { text: string; places: string[] | "soviet_major" }> = {
  SBE1: { text: L.table.sbe1, places: ["Leningrad"] },
  SBE2: { text: L.table.sbe2, places: ["Moscow"] },
  SBE3: { text: L.table.sbe3, places: ["Rostov", "Kharkov", "Sevastopol"] },
  SBE4: { text: L.table.sbe4, places: "soviet_major" },
  SBE5: { text: L.tableAdv.sbe5, places: ["Leningrad", "Moscow", "Stalingrad", "Baku"] },
};

interface Overlays { supply: boolean; zoc: boolean; control: boolean; zones: string }

export class BiteTable {
  readonly root: HTMLElement;
  private tracker = h("div", { class: "tracker", "data-testid": "tracker" });
  private promptBox = h("section", { class: "prompt", "data-testid": "prompt" });
  private battleBox = h("section", { class: "battle", "data-testid": "battle" });
  private inspector = h("section", { class: "inspector", "data-testid": "inspector" });
  private victoryBox = h("details", { class: "victory", open: true });
  private poolsBox = h("details", { class: "pools" });
  private advBox = h("details", { class: "advanced", open: true, "data-testid": "advanced" });
  private tracksBox = h("details", { class: "tracks", open: true, hidden: true, "data-testid": "tracks" }); // optional rules 15-17, 32, 34, 35
  private activeHq = new Map<string, HqRow>(); // activated HQs by unit id (13.3)
  private hqFocus: string | null = null; // the activated HQ whose units are marked on the map (13.4)
  private supplyWords = new Map<string, string>(); // own blocks not in full supply: limited, siege... (4.0, 12.0, 13.5)
  private logBox = h("ol", { class: "log", "data-testid": "log", reversed: true });
  private banner = h("div", { class: "banner", hidden: true, "data-testid": "banner" });
  private p: Payload | null = null;
  private view: any = null;
  private units: Unit[] = [];
  private byNode = new Map<string, Unit[]>();
  private names = new Map<string, string>();
  private handles = new Map<string, string>(); // handle -> name, for the blocks this view names
  private selected: string | null = null; // a unit id
  private inspected: string | null = null; // a node id
  private choice: Action[] | null = null; // several actions for one click
  private overlays: Overlays = { supply: true, zoc: false, control: true, zones: "" };
  private fitted = false;
  readOnly = false;
  /** Whether this table may pause at a handover (not at a hotseat, which has its cover). */
  pauseAllowed = true;
  private since = -1; // the log's length at the player's last decision (-1: not known yet)
  private sent = false; // a decision went to the server since the last view
  private handover = false; // the other side has acted: wait for the player's click
  private replayAt = -1; // the step of the opponent's moves being shown again (-1: none)
  private reportBox = h("section", { class: "report", hidden: true, "data-testid": "end-report" });
  private report: Report | null = null;
  private reportState: "" | "asked" | "failed" = "";
  private handoverBox = h("section", { class: "handover", hidden: true, "data-testid": "handover", "aria-live": "polite" });
  private arrows = s("g", { class: "enemy-moves", "data-testid": "enemy-moves" });

  readonly board: Board;

  readonly legend: LegendPanel;
  readonly keys: Shortcuts;

  constructor(data: BoardData, private hooks: Hooks, extraBar: HTMLElement | null = null) {
    const mapWrap = h("div", { class: "map-wrap" });
    const board = (this.board = new Board(data, mapWrap));
    this.legend = new LegendPanel(() => [...board.legend(), ...this.legendSections()]);
    mapWrap.append(this.legend.root);
    const legendButton = button(UI.legend, () => this.legend.toggle(), { class: "quiet", title: UI.legendHint, "data-testid": "legend-toggle", "aria-expanded": "false" });
    this.legend.onToggle = (open) => legendButton.setAttribute("aria-expanded", String(open));
    this.keys = new Shortcuts(() => this.root.isConnected && this.root.getClientRects().length > 0);
    const helpButton = button("?", () => this.keys.toggleHelp(), { class: "quiet", title: UI.helpHint, "aria-label": UI.helpHint, "data-testid": "help-toggle" });
    const tools = h("div", { class: "map-tools", "data-testid": "map-tools" }, boardControls(board), h("div", { class: "tool-group" }, legendButton, helpButton), this.overlayControls());
    const side = h("aside", { class: "side", "data-testid": "side" },
      this.banner, this.reportBox, this.handoverBox, this.promptBox, this.battleBox, this.inspector, this.advBox, this.tracksBox, this.victoryBox, this.poolsBox,
      h("section", { class: "log-wrap" }, h("h3", {}, L.table.gameLog), this.logBox));
    this.root = h("div", { class: "bite" }, this.tracker, ...(extraBar ? [extraBar] : []),
      h("div", { class: "main" }, h("div", { class: "map-area" }, tools, mapWrap), side), this.keys.help);
    this.addKeys();
    const defs = s("defs", {});
    for (const [id, fill] of [["arrowhead", "#6a1b9a"], ["arrowhead-attack", "#c62828"], ["arrowhead-current", "#ff6f00"]]) {
      const m = s("marker", { id, viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 3.2, markerHeight: 3.2, orient: "auto-start-reverse", markerUnits: "strokeWidth" });
      m.append(s("path", { d: "M0 0L10 5L0 10z", fill }));
      defs.append(m);
    }
    board.svg.append(defs, this.arrows);
    board.onClick = (id) => this.clickNode(id);
    board.focus = () => {
      const u = this.selected ? this.units.find((x) => x.id === this.selected) : null;
      return u?.hex ?? this.inspected;
    };
    board.describe = (id) => {
      const stack = this.byNode.get(id) ?? [];
      if (!stack.length) return "";
      return stack.map((u) => (u.name ? `${u.name} ${u.strength}` : aBlock(u.side))).join(", ");
    };
  }

  private addKeys(): void {
    const k = this.keys;
    const playing = () => !this.readOnly && !this.handover && !!this.p?.your_turn;
    k.add({ keys: ["Enter", "d", "D"], shown: "Enter / D", label: KEY_WORDS.done, run: () => {
      const main = this.promptBox.querySelector<HTMLButtonElement>(".ends button.primary");
      if (playing() && main && !main.disabled) main.click();
    } });
    k.add({ keys: ["u", "U"], shown: "U", label: KEY_WORDS.undo, run: () => {
      if (playing() && this.p?.can_undo) { this.decided(); this.hooks.undo(); }
    } });
    k.add({ keys: ["n", "N"], shown: "N", label: KEY_WORDS.next, run: () => this.nextUnit() });
    k.add({ keys: ["+", "="], shown: "+", label: KEY_WORDS.zoomIn, run: () => this.board.zoomIn() });
    k.add({ keys: ["-", "_"], shown: "−", label: KEY_WORDS.zoomOut, run: () => this.board.zoomOut() });
    k.add({ keys: ["l", "L"], shown: "L", label: KEY_WORDS.legend, run: () => this.legend.toggle() });
    k.add({ keys: ["?"], shown: "?", label: KEY_WORDS.help, run: () => k.toggleHelp() });
    k.add({ keys: ["Escape"], shown: "Esc", label: KEY_WORDS.escape, run: () => {
      if (k.helpOpen) return k.toggleHelp(false);
      if (this.legend.open) return this.legend.toggle(false);
      this.selected = null;
      this.choice = null;
      if (this.view) this.redraw();
    } });
  }

  // --- input --------------------------------------------------------------------------

  show(p: Payload): void {
    const changed = !this.p || this.p.version !== p.version || this.p.side !== p.side;
    const prev = this.p;
    this.p = p;
    const log = p.view.log as LogEvent[];
    if (this.since < 0 || this.since > log.length) this.since = log.length;
    // The turn came back from the other side (computer or remote): wait for the player (point 6).
    if (p.status === "over") this.handover = false;
    else if (changed && p.your_turn && (this.sent || (prev && !prev.your_turn)) && this.pauseAllowed && !this.readOnly && pauseOn() && this.opponentActed(log)) {
      this.handover = true;
      this.replayAt = -1;
    }
    if (p.your_turn) this.sent = false;
    this.showView(p.view, changed);
  }

  /** The other side's events since the player's last decision. */
  private theirEvents(log: LogEvent[]): { e: LogEvent; i: number }[] {
    const me = this.p?.side ?? this.view?.side;
    const out: { e: LogEvent; i: number }[] = [];
    for (let i = Math.max(0, this.since); i < log.length; i++) {
      const e = log[i];
      const side = e.data?.side ?? (e.kind === "battle" ? e.data?.attacker : undefined);
      if (side && side !== me) out.push({ e, i });
    }
    return out;
  }

  /** Whether the other side took its turn, or moved, since the player's last decision. */
  private opponentActed(log: LogEvent[]): boolean {
    return this.theirEvents(log).some(({ e }) => e.kind === "side" || e.kind === "battle" || (MOVE_KINDS.has(e.kind) && e.kind !== "retreat"));
  }

  /** The other side's moves and battles since the player's last decision, in order. */
  private theirStory(): { e: LogEvent; i: number }[] {
    const log = (this.view?.log ?? []) as LogEvent[];
    return this.theirEvents(log).filter(({ e }) => MOVE_KINDS.has(e.kind) || e.kind === "battle");
  }

  /** A replay step (or any read-only view). */
  showView(view: any, reset = true): void {
    this.view = view;
    this.units = view.units as Unit[];
    this.byNode.clear();
    this.names.clear();
    this.handles.clear();
    for (const u of this.units) {
      if (u.hex) {
        if (!this.byNode.has(u.hex)) this.byNode.set(u.hex, []);
        this.byNode.get(u.hex)!.push(u);
      }
      if (u.id && u.name) this.names.set(u.id, u.name);
      if (u.name && u.handle) this.handles.set(String(u.handle), u.name);
    }
    for (const list of Object.values((view.pools ?? {}) as Record<string, { id: string; name: string; handle?: string }[]>)) {
      for (const u of list) {
        this.names.set(u.id, u.name);
        if (u.handle) this.handles.set(String(u.handle), u.name);
      }
    }
    this.activeHq.clear();
    this.supplyWords.clear();
    for (const row of ((view.hq?.active ?? []) as HqRow[])) this.activeHq.set(row.id, row);
    for (const [uid, w] of Object.entries((view.hq?.supply ?? {}) as Record<string, string>)) this.supplyWords.set(uid, w);
    for (const e of view.log as LogEvent[]) {
      if ((e.kind === "reveal" || e.kind === "eliminated" || e.kind === "fire") && e.data.unit && e.data.name) this.names.set(e.data.unit, e.data.name);
    }
    if (reset) {
      this.choice = null;
      if (this.selected && !this.actionsOf(this.selected).length) this.selected = null;
      // Only one unit has somewhere to go (a retreat, a rebase): select it.
      if (!this.selected) this.selected = this.loneMover();
    }
    // The "map" button shows every block on the map: the scenario's front (issue 18).
    this.board.home = this.units.filter((u) => u.hex && this.board.isHex(u.hex)).map((u) => u.hex!);
    if (!this.fitted) {
      this.fitted = true;
      // Start on the player's own blocks (or every block, or the scenario's area).
      const all = this.units.filter((u) => u.hex && this.board.isHex(u.hex));
      const own = all.filter((u) => u.side === view.side);
      const onMap = (own.length ? own : all).map((u) => u.hex!);
      const area = onMap.length ? onMap : this.board.data.area;
      requestAnimationFrame(() => this.board.fit(area ?? undefined));
    }
    this.redraw();
  }

  private legal(): Action[] {
    return this.readOnly || !this.p || this.handover ? [] : this.p.legal_actions;
  }

  /** The only own block with somewhere to go, if there is just one (it is kept selected). */
  private loneMover(): string | null {
    const movers = new Set(this.legal().filter((a) => a.args.unit !== undefined && this.dest(a)).map((a) => String(a.args.unit)));
    return movers.size === 1 ? [...movers][0] : null;
  }

  private actionsOf(unit: string): Action[] {
    return this.legal().filter((a) => a.args.unit === unit && this.dest(a) !== null);
  }

  /** The next of one's blocks with somewhere to go (the unit list's order): selected and brought into view. */
  private nextUnit(): void {
    const units: string[] = [];
    for (const a of this.legal()) {
      const u = a.args.unit;
      if (u !== undefined && this.dest(a) && !units.includes(String(u))) units.push(String(u));
    }
    if (!units.length) return;
    const i = this.selected ? units.indexOf(this.selected) : -1;
    this.selected = units[(i + 1) % units.length];
    this.choice = null;
    const hex = this.units.find((x) => x.id === this.selected)?.hex;
    if (hex) {
      this.inspected = hex;
      this.board.ensureVisible(hex);
    }
    this.redraw();
  }

  /** Whether an action goes into enemy blocks: an attack (7.5: moving into an enemy hex starts a battle). */
  private isAttack(a: Action): boolean {
    const d = this.dest(a);
    if (!d || !["move", "blitz", "fly", "react", "follow"].includes(a.verb)) return false;
    const me = this.p?.side ?? this.view?.side;
    return (this.byNode.get(d) ?? []).some((u) => u.side !== me);
  }

  private dest(a: Action): string | null {
    const d = (a.args.to ?? a.args.hex) as string | undefined;
    return d !== undefined && this.board.index.has(String(d)) ? String(d) : null;
  }

  /** The Advanced Game (chapters 8-13): the view carries the HQs and the supply words. */
  private get adv(): boolean {
    return !!this.view?.hq;
  }

  /** An action in words, with the colours of PP it costs in the Advanced Game. */
  private words(a: Action, attack = false): string {
    return describe(a, this.name, this.place, attack, this.adv);
  }

  name = (id: string): string => this.names.get(id) ?? L.block.unit;
  blockName = (handle: string, side: string): string => this.handles.get(handle) ?? aBlock(side);
  place = (id: string): string => (id ? this.board.label(String(id)) : "?");

  private decided(): void {
    this.since = ((this.view?.log ?? []) as LogEvent[]).length;
    this.sent = true;
  }

  private send(a: Action): void {
    this.decided();
    this.choice = null;
    this.hooks.act({ verb: a.verb, args: a.args });
  }

  private clickNode(id: string): void {
    this.inspected = id;
    const legal = this.legal();
    if (this.selected) {
      const hits = this.actionsOf(this.selected).filter((a) => this.dest(a) === id);
      if (hits.length === 1) return this.send(hits[0]);
      if (hits.length > 1) {
        this.choice = hits;
        return this.redraw();
      }
    }
    const direct = legal.filter((a) => a.args.unit === undefined && this.dest(a) === id);
    if (direct.length === 1) return this.send(direct[0]);
    // Deployment by hand: clicking a block picks it, then its hexes are marked.
    const picks = legal.filter((a) => a.verb === "pick" && (this.byNode.get(id) ?? []).some((u) => u.id === a.args.unit));
    if (picks.length === 1) return this.send(picks[0]);
    if (picks.length > 1) {
      this.choice = picks;
      return this.redraw();
    }
    // Select (or cycle through) own blocks here that have something to do.
    const here = (this.byNode.get(id) ?? []).filter((u) => u.id && this.actionsOf(u.id).length);
    if (here.length) {
      const i = here.findIndex((u) => u.id === this.selected);
      this.selected = here[(i + 1) % here.length].id!;
    } else {
      // A click elsewhere drops the selection, unless it is the only block with somewhere to
      // go (a retreat, a rebase): selected for the player, it stays so (issue 18).
      this.selected = this.loneMover();
    }
    this.choice = null;
    this.redraw();
  }

  // --- drawing ------------------------------------------------------------------------

  private redraw(): void {
    this.drawTracker();
    this.drawUnits();
    this.drawOverlays();
    this.drawReport();
    this.drawHandover();
    this.drawArrows();
    this.drawPrompt();
    this.drawBattle();
    this.drawInspector();
    this.drawAdvanced();
    drawTracks(this.tracksBox, this.view, this.place, this.name);
    this.drawVictory();
    this.drawPools();
    this.drawLog();
  }

  private drawTracker(): void {
    const v = this.view;
    const p = this.p;
    clear(this.tracker);
    const item = (label: string, value: string, testid?: string) =>
      h("span", { class: "item", "data-testid": testid }, h("small", {}, label), " ", value);
    const pp = Object.entries((v.pp ?? {}) as Record<string, number>).map(([k, n]) => `${power(k)} ${n}`).join(", ") || "—";
    const phaseIndex = PHASE_ORDER.indexOf(v.phase);
    const phases = h("span", { class: "phases" }, ...PHASE_ORDER.map((ph, i) =>
      h("span", { class: i === phaseIndex ? "on" : i < phaseIndex ? "past" : "", title: PHASE_NAMES[ph] }, phaseShort(ph))));
    this.tracker.append(
      item(L.table.turn, fmt(L.table.turnValue, { turn: v.turn, last: v.last_turn, month: monthOf(v.turn) }), "turn"),
      item(L.table.phase, `${sideName(v.phasing)}: ${PHASE_NAMES[v.phase] ?? v.phase}`, "phase"),
      item(L.table.weather, weatherWord(v.weather), "weather"),
      item("PP", pp),
      phases,
    );
    if (v.side) this.tracker.append(h("span", { class: `item you ${v.side}` }, h("small", {}, L.table.you), " ", sideName(v.side)));
    if (p) {
      let status: string;
      if (p.status === "over") status = L.table.over;
      else if (p.ai.thinking) status = fmt(L.table.thinking, { side: seatName(p.ai.thinking) });
      else if (p.your_turn) status = L.table.yourDecision;
      else status = fmt(L.table.waitingFor, { who: movers(p) });
      this.tracker.append(h("span", { class: `item status${p.your_turn ? " go" : ""}`, "data-testid": "status" }, status));
      // the server's ai.error is its English note for the log; the player reads the catalogue's
      if (p.ai.error) this.tracker.append(h("span", { class: "item error", "data-testid": "ai-error" }, L.table.aiError));
    }
  }

  private drawUnits(): void {
    const layer = this.board.layers.units;
    clear(layer);
    const mine = this.view.side;
    const active = new Set(this.legal().map((a) => a.args.unit as string).filter(Boolean));
    const lift = new Map<string, number>(); // place names go above the stacks
    for (const [node, stack] of this.byNode) {
      const [x, y] = this.board.pos(node);
      const sorted = [...stack].sort((a, b) => Number(a.side === mine) - Number(b.side === mine));
      const g = s("g", { class: "stack", "data-hex": node });
      const hex = this.board.isHex(node);
      // A battle hex: each side's blocks a little apart, so that both can be seen.
      const sides = [...new Set(sorted.map((u) => u.side))];
      const groups = sides.length > 1 && hex ? sides.map((sd) => sorted.filter((u) => u.side === sd)) : [sorted];
      groups.forEach((group, gi) => {
        const shift = groups.length > 1 ? (gi === 0 ? -7 : 7) : 0;
        const shown = group.slice(-4);
        shown.forEach((u, k) => {
          const off = (k - (shown.length - 1)) * 3;
          const bx = x + shift + (hex ? 0 : (k - shown.length / 2) * (B + 2) + B / 2 - off);
          g.append(this.block(u, bx - off, y + off + (groups.length > 1 ? (gi === 0 ? -4 : 4) : 0), u.side === mine, active.has(u.id ?? "")));
        });
      });
      if (hex) lift.set(node, B / 2 + 3 * (Math.min(4, Math.max(...groups.map((gr) => gr.length))) - 1) + (groups.length > 1 ? 4 : 0) + 3.5);
      if (stack.length > 1) {
        g.append(s("circle", { cx: f(x + B / 2 + 1), cy: f(y - B / 2 - 1), r: 6, class: "count" }));
        const t = s("text", { x: f(x + B / 2 + 1), y: f(y - B / 2 + 2), class: "count" });
        t.textContent = String(stack.length);
        g.append(t);
      }
      layer.append(g);
    }
    this.board.liftLabels(lift);
  }

  private block(u: Unit, x: number, y: number, mine: boolean, active: boolean, sample = false): SVGGElement {
    const face = !!u.id;
    const hq = u.id ? this.activeHq.get(u.id) : undefined;
    const commandable = !sample && !!u.id && !!this.hqFocus && !!this.activeHq.get(this.hqFocus)?.may_command?.includes(u.id);
    const supply = (u.id ? this.supplyWords.get(u.id) : undefined) ?? (u.oos ? "oos" : "full");
    const T = L.tableAdv;
    const g = s("g", {
      class: `block ${u.side}${mine ? " mine" : " enemy"}${face ? " face" : " back"}${active ? " active" : ""}${u.id && u.id === this.selected ? " selected" : ""}${u.flying_from ? " flying" : ""}${hq ? " hq-active" : ""}${commandable ? " may-command" : ""}`,
      transform: `translate(${f(x)} ${f(y)})`,
      "data-unit": sample ? null : u.id ?? null,
      "data-handle": sample ? null : u.handle,
      "data-hex": sample ? null : u.hex,
      "data-supply": sample || supply === "full" ? null : supply,
      "data-hq-left": sample || !hq ? null : String(hq.left ?? hq.ap),
    });
    const fill = BLOCK_FILL[u.colour] ?? "#888";
    g.append(s("rect", { x: -B / 2, y: -B / 2, width: B, height: B, rx: 2.5, fill, class: "body" }));
    const ink = u.colour === "lightgreen" ? "#1b3a10" : "#f4f1e6";
    if (face) {
      // The wooden block: its label framed in the nation's colour, the type symbol in the
      // middle, and the strength ladder on the edges, the block turned so that the current
      // strength is on the top edge (a step lost: a quarter turn).
      const nation = NATION_STRIP[u.nation ?? ""];
      g.append(s("rect", { x: -B / 2 + 1.6, y: -B / 2 + 1.6, width: B - 3.2, height: B - 3.2, rx: 1.5, class: "sticker", stroke: nation ?? "none" }));
      const mid = s("g", { transform: "scale(0.78)" });
      mid.append(symbol(u.cls ?? "", ink));
      g.append(mid);
      const ladder = u.ladder?.length ? u.ladder : [u.strength ?? 0];
      const step = u.ladder?.length ? Math.min(u.step ?? 0, ladder.length - 1) : 0;
      const ring = s("g", { class: "steps", transform: `rotate(${-90 * step})` });
      ladder.slice(0, 4).forEach((n, i) => {
        const [num, bg] = NUMBER_INK[(u.colours ?? [])[i] ?? "black"] ?? NUMBER_INK.black;
        const edge = s("g", { transform: `rotate(${90 * i})`, class: i === step ? "edge current" : "edge" });
        edge.append(s("rect", { x: -5, y: -B / 2 + 1, width: 10, height: 8, rx: 1.5, fill: bg, class: "num-bg" }));
        const t = s("text", { x: 0, y: -B / 2 + 7.6, class: "strength", fill: num, "data-i": i });
        t.textContent = `${n}${i === step && u.half_hit ? "'" : ""}`;
        edge.append(t);
        ring.append(edge);
      });
      g.append(ring);
      if (u.elite) {
        // An elite unit (10.0): a gold star in the top-left corner of its face (a design choice:
        // seen only with the face, own blocks and enemy blocks a battle revealed).
        g.classList.add("elite");
        g.setAttribute("data-elite", "true");
        g.append(s("path", { d: star(-B / 2 + 4.6, -B / 2 + 4.6, 3.6), class: "elite-mark" }));
      }
      g.setAttribute("data-strength", String(u.strength ?? ""));
      g.setAttribute("data-step", String(step));
      g.setAttribute("data-ladder", ladder.join(" "));
      g.append(title(`${fmt(L.table.unitTip, { name: u.name, nation: nationWord(u.nation), cls: classWord(u.cls), strength: u.strength })}${u.elite ? L.table.eliteTip : ""}${u.oos ? L.table.oos : ""}${u.flying_from ? fmt(L.table.flyingFrom, { place: this.place(u.flying_from) }) : ""}${u.mp_left !== undefined ? fmt(L.table.mpLeft, { mp: u.mp_left }) : ""}${supply !== "full" && supply !== "oos" ? fmt(T.supplyTip, { word: word(T.supplyShort, supply) }) : ""}${hq ? (hq.left !== undefined ? fmt(T.hqTip, { left: hq.left, ap: hq.ap }) : fmt(T.hqTipEnemy, { ap: hq.ap })) : ""}`));
    } else {
      g.append(s("rect", { x: -B / 2 + 3, y: -B / 2 + 3, width: B - 6, height: B - 6, rx: 1.5, class: "bevel" }));
      g.append(title(`${cap(fmt(L.table.hiddenTip, { side: sideName(u.side) }))}${u.oos ? L.table.oos : ""}${u.moved ? L.table.moved : ""}${u.attacked ? L.table.attacked : ""}`));
    }
    if (supply !== "full" && this.overlays.supply) {
      // the barrel: white out of supply; amber in limited supply (13.5); blue in siege or fortress supply (12.1, 12.2)
      g.append(s("rect", { x: -B / 2 - 3, y: -B / 2 - 4, width: 7, height: 9, rx: 2.5, class: `barrel${supply === "oos" ? "" : ` ${supply.replace("_", "-")}`}` }));
      g.append(s("path", { d: `M${-B / 2 - 3} ${-B / 2 - 1}h7M${-B / 2 - 3} ${-B / 2 + 2}h7`, class: "barrel-hoop" }));
    }
    if (!face && (u.moved || u.attacked)) g.append(s("circle", { cx: B / 2 - 4, cy: B / 2 - 4, r: 2, class: u.attacked ? "attacked" : "moved" }));
    if (hq) {
      // An activated HQ (13.3): a gold frame, and its action points left in a badge.
      g.append(s("rect", { x: -B / 2 - 2.5, y: -B / 2 - 2.5, width: B + 5, height: B + 5, rx: 4, class: "hq-frame" }));
      g.append(s("circle", { cx: B / 2 - 1, cy: B / 2 - 1, r: 5.5, class: "hq-badge" }));
      const t = s("text", { x: B / 2 - 1, y: B / 2 + 1.8, class: "hq-badge-text" });
      t.textContent = String(hq.left ?? hq.ap);
      g.append(t);
    }
    return g;
  }

  private drawOverlays(): void {
    const b = this.board;
    const legal = this.legal();
    // Highlights: the selected unit's destinations, direct targets (battles), the selection.
    const dests = new Set<string>();
    const targets = new Set<string>();
    const battle = new Set<string>();
    const attacks = new Set<string>();
    const mark = (a: Action) => (this.isAttack(a) ? attacks : dests).add(this.dest(a)!);
    if (this.selected) for (const a of this.actionsOf(this.selected)) mark(a);
    for (const a of legal) if (a.args.unit === undefined && this.dest(a)) targets.add(this.dest(a)!);
    if (this.choice) for (const a of this.choice) mark(a);
    for (const id of attacks) dests.delete(id); // one hex, several verbs: the attack shows
    const sel = new Set<string>();
    if (this.selected) {
      const u = this.units.find((x) => x.id === this.selected);
      if (u?.hex) sel.add(u.hex);
    }
    if (this.inspected) sel.add(this.inspected);
    for (const [node, stack] of this.byNode) if (new Set(stack.map((u) => u.side)).size > 1) battle.add(node);
    b.fill(b.layers.highlight, { dest: dests, attack: attacks, target: targets, battle, selected: sel });
    b.layers.highlight.setAttribute("data-dests", [...dests, ...attacks].sort().join(" "));
    b.layers.highlight.setAttribute("data-attacks", [...attacks].sort().join(" "));
    // Crossed swords over attack destinations, above the blocks.
    clear(b.layers.top);
    for (const id of attacks) {
      const [x, y] = b.pos(id);
      const m = attackMark(x - 0.62 * S, y - 0.58 * S);
      m.setAttribute("data-hex", id);
      b.layers.top.append(m);
    }

    // Supply: hexes of out-of-supply blocks.
    const control: Record<string, string[]> = { "ctl-axis": [], "ctl-soviet": [], oos: [] };
    if (this.overlays.control && typeof this.view.control === "string") {
      const c = this.view.control as string;
      b.nodes.forEach((id, i) => {
        if (!b.isHex(id)) return;
        const owner = b.owner.get(id);
        if (c[i] === "a" && owner === "ussr") control["ctl-axis"].push(id);
        else if (c[i] === "s" && owner && owner !== "ussr") control["ctl-soviet"].push(id);
      });
    }
    if (this.overlays.supply) for (const u of this.units) if (u.oos && u.hex) control.oos.push(u.hex);
    b.fill(b.layers.control, control);

    // ZOC (3.19): hexes next to a side's blocks (not flying, not in a battle), not water and
    // not holding enemy blocks. Straits and deep water are not on the client's map.
    const zoc: Record<string, Set<string>> = { "zoc-own": new Set(), "zoc-enemy": new Set() };
    if (this.overlays.zoc) {
      for (const u of this.units) {
        if (!u.hex || u.flying_from || battle.has(u.hex) || !b.isHex(u.hex)) continue;
        for (const n of b.neighbours(u.hex)) {
          if (b.terrain.get(n) === "water") continue;
          if ((this.byNode.get(n) ?? []).some((x) => x.side !== u.side)) continue;
          zoc[u.side === this.view.side ? "zoc-own" : "zoc-enemy"].add(n);
        }
      }
    }
    b.fill(b.layers.zoc, zoc);
  }

  /** BITE's part of the legend: blocks, their marks, and the outlines the table draws. */
  private legendSections(): LegendSection[] {
    const mine = this.view?.side ?? "axis";
    const enemy = mine === "axis" ? "soviet" : "axis";
    const sample = (over: Partial<Unit>): Unit => ({ handle: "", side: mine, colour: mine === "axis" ? "black" : "red", hex: null, oos: false, ...over });
    const face = sample({ id: "legend", name: "", nation: mine === "axis" ? "germany" : "ussr", cls: "infantry", strength: 3, ladder: [4, 3, 2, 1], colours: ["black", "black", "black", "black"], step: 1 });
    const back = sample({ side: enemy, colour: enemy === "axis" ? "black" : "red" });
    const small = (u: Unit, supply = false): SVGElement => {
      const g = s("g", { transform: "translate(2 1.5) scale(0.62)" });
      const saved = this.overlays.supply;
      this.overlays.supply = supply;
      g.append(this.block(u, 0, 0, u.side === mine, false, true));
      this.overlays.supply = saved;
      return g;
    };
    const W_ = LEGEND_WORDS;
    const d = hexPath(0, 0, 9);
    const inHighlight = (cls: string): SVGElement => {
      const g = s("g", { class: "highlight" });
      g.append(s("path", { d, class: cls }));
      return g;
    };
    const hexWith = (cls: string) => s("path", { d, class: cls });
    const count = s("g", {});
    count.append(s("circle", { cx: 0, cy: 0, r: 6, class: "count" }));
    const ct = s("text", { x: 0, y: 3, class: "count" });
    ct.textContent = "3";
    count.append(ct);
    const marked = (u: Unit, hq: HqRow | null, supply: string | null): SVGElement => {
      // A sample block with the Advanced Game's marks, drawn as the map draws them.
      if (hq) this.activeHq.set(u.id!, hq);
      if (supply) this.supplyWords.set(u.id!, supply);
      const g = small(u, true);
      this.activeHq.delete(u.id!);
      this.supplyWords.delete(u.id!);
      return g;
    };
    const T = L.tableAdv;
    const advanced: LegendItem[] = this.adv ? [
      { key: "hq_active", label: T.legendHq, parts: [marked({ ...face, id: "legend-hq", cls: "armor_hq" }, { id: "legend-hq", name: "", cls: "armor_hq", side: mine, hex: "", ap: 4, left: 3 }, null)] },
      { key: "barrel_limited", label: T.legendLimited, parts: [marked({ ...face, id: "legend-limited", cls: "tank" }, null, "limited")] },
      { key: "barrel_siege", label: T.legendSiege, parts: [marked({ ...face, id: "legend-siege" }, null, "siege")] },
    ] : [];
    const blocks: LegendItem[] = [
      { key: "own_block", label: W_.own_block, parts: [small(face)] },
      { key: "enemy_block", label: W_.enemy_block, parts: [small(back)] },
      { key: "elite", label: W_.elite, parts: [small({ ...face, elite: true })] },
      { key: "moved_mark", label: W_.moved_mark, parts: [small({ ...back, moved: true })] },
      { key: "attacked_mark", label: W_.attacked_mark, parts: [small({ ...back, attacked: true })] },
      { key: "barrel", label: W_.barrel, parts: [small({ ...face, oos: true }, true)] },
      { key: "stack_count", label: W_.stack_count, parts: [count] },
      ...advanced,
    ];
    const attack = inHighlight("attack");
    attack.append(attackMark(0, 0));
    const marks: LegendItem[] = [
      { key: "dest", label: W_.dest, parts: [inHighlight("dest")] },
      { key: "attack", label: W_.attack, parts: [attack] },
      { key: "battle", label: W_.battle, parts: [inHighlight("battle")] },
      { key: "target", label: W_.target, parts: [inHighlight("target")] },
      { key: "selected", label: W_.selected, parts: [inHighlight("selected")] },
      { key: "oos", label: W_.oos, parts: [hexWith("oos")] },
      { key: "ctl_axis", label: W_.ctl_axis, parts: [hexWith("ctl-axis")] },
      { key: "ctl_soviet", label: W_.ctl_soviet, parts: [hexWith("ctl-soviet")] },
      { key: "zoc_own", label: W_.zoc_own, parts: [hexWith("zoc-own")] },
      { key: "zoc_enemy", label: W_.zoc_enemy, parts: [hexWith("zoc-enemy")] },
    ];
    return [{ title: UI.blocksSection, items: blocks }, { title: UI.marksSection, items: marks }];
  }

  private overlayControls(): HTMLElement {
    const box = h("div", { class: "overlays" });
    const check = (key: "supply" | "zoc" | "control", label: string) => {
      const input = h("input", { type: "checkbox", "data-testid": `overlay-${key}` });
      input.checked = this.overlays[key];
      input.onchange = () => {
        this.overlays[key] = input.checked;
        if (this.view) this.redraw();
      };
      return h("label", {}, input, ` ${label}`);
    };
    const zones = h("select", { "aria-label": "zones" }, h("option", { value: "" }, L.table.zonesNone),
      ...Object.keys(ZONE_GROUPS).map((g) => h("option", { value: g }, g)),
      ...Object.keys(this.board.data.zones).map((z) => [z, L.zoneName[z] ?? L.table.otherZone] as const)
        .sort((a, b) => a[1].localeCompare(b[1])).map(([z, name]) => h("option", { value: `zone:${z}` }, name)));
    zones.onchange = () => {
      const v = zones.value;
      this.board.showZones(v.startsWith("zone:") ? { [v.slice(5)]: "#8000a0" } : ZONE_GROUPS[v] ?? {});
    };
    const pause = h("input", { type: "checkbox", "data-testid": "pause-toggle" });
    pause.checked = pauseOn();
    pause.onchange = () => {
      setPause(pause.checked);
      if (!pause.checked) this.endHandover();
    };
    box.append(check("supply", L.table.supply), check("zoc", L.table.zoc), check("control", L.table.control), zones,
      h("label", { title: TURN_WORDS.pauseHint }, pause, ` ${TURN_WORDS.pauseSwitch}`));
    return box;
  }

  // --- the prompt panel ---------------------------------------------------------------

  private drawPrompt(): void {
    const box = this.promptBox;
    clear(box);
    box.dataset.kind = "";
    const p = this.p;
    const v = this.view;
    if (this.readOnly || !p || this.handover) {
      box.hidden = true;
      if (this.handover) box.dataset.kind = "paused";
      return;
    }
    box.hidden = false;
    const prompt = v.prompt as { kind: string; text: string; data: any } | null;
    if (p.status === "over") {
      box.dataset.kind = "over";
      box.append(h("h3", {}, L.table.gameOver));
      return;
    }
    if (!prompt || !p.your_turn) {
      box.dataset.kind = "waiting";
      const who = movers(p);
      box.append(h("h3", {}, p.ai.thinking ? fmt(L.table.thinkingTitle, { side: seatName(p.ai.thinking) }) : fmt(L.table.waitingTitle, { who: who || L.table.otherSide })));
      // Team play (38.1): done with the phase, this seat waits for its teammate.
      if (p.team && p.team.ready.includes(p.seat ?? "")) box.append(h("p", { class: "muted", "data-testid": "team-ready-note" }, L.team.ready));
      if (v.active && v.active !== v.side) box.append(h("p", { class: "muted" }, fmt(L.table.decidesNow, { side: sideName(v.active), phase: PHASE_NAMES[v.phase] ?? v.phase })));
      return;
    }
    box.dataset.kind = prompt.kind;
    const battle = prompt.data?.hex !== undefined ? this.lastBattle() : null;
    if (battle && !battle.over && battle.data.hex === prompt.data.hex) {
      // A retreat offer names the fire step it follows (7.7.13), also one where nobody fired.
      const after = prompt.data.after as string | undefined;
      const fire = after && after !== battle.lastStep ? `${FIRE_STEP[after] ?? after}, ${L.fire.nobody}` : battle.lastFire;
      box.append(h("p", { class: "battle-now", "data-testid": "battle-now" }, battleNow(this.place(battle.data.hex), battle.round, fire)));
    }
    box.append(h("h3", {}, promptWords(prompt)), h("p", { class: "muted kind" }, PHASE_NAMES[v.phase] ?? v.phase));
    if (prompt.kind === "production") box.append(this.ppLine(prompt.data));
    if (prompt.kind === "production" && prompt.data?.coloured) box.append(this.colouredLine(prompt.data.coloured));
    if (prompt.data?.hits_left !== undefined) box.append(h("p", {}, fmt(L.table.hitsLeft, { n: prompt.data.hits_left })));
    if (this.choice) {
      box.append(h("p", {}, L.table.several));
      const list = h("div", { class: "choices" });
      for (const a of this.choice) {
        const attack = this.isAttack(a);
        list.append(button(this.words(a, attack), () => this.send(a), { "data-verb": a.verb, "data-attack": attack || null, class: attack ? "attack" : null }));
      }
      list.append(button(L.table.cancel, () => { this.choice = null; this.redraw(); }, { class: "quiet" }));
      box.append(list);
    }

    const legal = this.legal();
    const byUnit = new Map<string, Action[]>();
    const unitOnly: Action[] = [];
    const direct: Action[] = [];
    const plain: Action[] = [];
    for (const a of legal) {
      const unit = a.args.unit as string | undefined;
      const d = this.dest(a);
      if (unit !== undefined && d) {
        if (!byUnit.has(unit)) byUnit.set(unit, []);
        byUnit.get(unit)!.push(a);
      } else if (unit !== undefined) unitOnly.push(a);
      else if (d) direct.push(a);
      else plain.push(a);
    }
    const ends = plain.filter((a) => Object.keys(a.args).length === 0);
    const activations = plain.filter((a) => a.verb === "activate");
    const other = plain.filter((a) => Object.keys(a.args).length > 0 && a.verb !== "activate");

    if (direct.length) {
      box.append(h("h4", {}, prompt.kind === "choose_battle" ? L.table.battles : L.table.targets));
      const list = h("div", { class: "choices" });
      for (const a of direct) list.append(button(this.words(a), () => this.send(a), { "data-verb": a.verb }));
      box.append(list);
    }
    if (activations.length) {
      // 13.3: an HQ is activated where it stands, then its action points put units under its command.
      box.append(h("h4", {}, L.tableAdv.activateHeading));
      const list = h("div", { class: "choices", "data-testid": "activate-list" });
      for (const a of activations) list.append(button(this.words(a), () => this.send(a), { "data-verb": a.verb, "data-hq": String(a.args.hq ?? "") }));
      box.append(list);
    }
    if (unitOnly.length) {
      const groups = new Map<string, Action[]>();
      for (const a of unitOnly) {
        if (!groups.has(a.verb)) groups.set(a.verb, []);
        groups.get(a.verb)!.push(a);
      }
      for (const [verb, acts] of groups) {
        const heading = ({ repair: L.table.repair, disband: L.table.disband, hit: L.table.hit, eliminate: L.table.eliminate, command: L.tableAdv.commandHeading } as Record<string, string>)[verb] ?? cap(verbLabel({ verb, args: {} } as Action));
        const list = h("div", { class: "choices" });
        if (verb === "disband") box.append(h("details", { class: "disband" }, h("summary", {}, `${heading} (${acts.length})`), list));
        else box.append(h("h4", {}, heading), list);
        for (const a of acts) {
          const u = this.units.find((x) => x.id === a.args.unit);
          const extra = u?.strength !== undefined ? ` [${u.strength}${u.hex ? fmt(L.table.at, { place: this.place(u.hex) }) : ""}]` : "";
          list.append(button(this.words(a) + extra, () => this.send(a), { "data-verb": a.verb, "data-unit": String(a.args.unit), "data-hq": a.args.hq !== undefined ? String(a.args.hq) : null }));
        }
      }
    }
    if (byUnit.size) {
      box.append(h("h4", {}, prompt.kind === "production" ? L.table.rebuildOrPlace : L.table.units));
      const list = h("ul", { class: "units-list", "data-testid": "unit-list" });
      for (const [unit, acts] of byUnit) {
        const u = this.units.find((x) => x.id === unit);
        const cost = acts[0].args.pp !== undefined ? ` · ${this.adv ? costWords(acts[0].args) : `${acts[0].args.pp} PP`}` : "";
        const nAttacks = acts.filter((a) => this.isAttack(a)).length;
        const supply = this.supplyWords.get(unit); // 13.5: limited supply halves the MP, until an HQ commands it
        const supplyNote = supply && supply !== "oos" ? ` · ${word(L.tableAdv.supplyShort, supply)}` : "";
        const label = `${this.name(unit)}${u?.strength !== undefined ? ` (${u.strength})` : ""}${u?.hex ? fmt(L.table.at, { place: this.place(u.hex) }) : ""} — ${choiceCount(acts.length)}${nAttacks ? `, ${attackCount(nAttacks)}` : ""}${cost}${supplyNote}`;
        const li = h("li", { class: unit === this.selected ? "selected" : "" });
        li.append(button(label, () => {
          this.selected = this.selected === unit && this.loneMover() !== unit ? null : unit;
          this.choice = null;
          if (this.selected && u?.hex) {
            this.inspected = u.hex;
            this.board.ensureVisible(u.hex);
          }
          this.redraw();
        }, { "data-unit": unit, "aria-pressed": unit === this.selected ? "true" : "false" }));
        if (unit === this.selected) {
          // 13.3-13.4: the selected block's own HQ choices, beside its moves: activate it, or put it under an HQ's command.
          const hqActs = legal.filter((a) => (a.verb === "activate" && a.args.hq === unit) || (a.verb === "command" && a.args.unit === unit));
          if (hqActs.length) {
            li.append(h("div", { class: "choices hq-actions", "data-testid": "hq-actions" },
              ...hqActs.map((a) => button(this.words(a), () => this.send(a), { "data-verb": a.verb, "data-unit": a.args.unit !== undefined ? String(a.args.unit) : null, "data-hq": String(a.args.hq ?? "") }))));
          }
          const dests = h("div", { class: "choices dests", "data-testid": "destinations" });
          const verbs = new Set(acts.map((a) => a.verb));
          // Attacks first, set apart: red, and saying so.
          let ordered = [...acts.filter((a) => this.isAttack(a)), ...acts.filter((a) => !this.isAttack(a))];
          // A rebase may reach scores of airbases (65 in SBE4), a mission scores of enemy hexes
          // (38): the map is the way to choose (every target lit, a click on it sends the unit);
          // the panel keeps only the nearest few of each.
          const from = u?.hex && this.board.index.has(u.hex) ? centreOf(u.hex) : null;
          const far = (a: Action) => {
            if (!from) return 0;
            const c = centreOf(this.dest(a)!);
            return Math.hypot(c[0] - from[0], c[1] - from[1]);
          };
          for (const verb of MAP_ONLY_VERBS) {
            const long = ordered.filter((a) => a.verb === verb);
            if (long.length <= MAP_ONLY_OVER) continue;
            const kept = new Set([...long].sort((a, b) => far(a) - far(b)).slice(0, MAP_ONLY_SHOWN));
            ordered = ordered.filter((a) => a.verb !== verb || kept.has(a));
            const text = verb === "fly" ? L.count.mapOnlyFly : verb === "react" ? L.count.mapOnlyReact : L.count.mapOnly;
            li.append(h("p", { class: "hint", "data-testid": "map-only", "data-verb": verb }, fmt(text, { n: long.length })));
          }
          for (const a of ordered) {
            const d = this.dest(a)!;
            const attack = this.isAttack(a);
            const verb = attack ? attackLabel(a) + " " : verbs.size > 1 ? verbLabel(a) + " " : "";
            const text = `${verb}${this.place(d)}${a.verb === "rebuild" && a.args.pp !== undefined ? ` (${this.adv ? costWords(a.args) : `${a.args.pp} PP`})` : ""}`;
            dests.append(button(text, () => this.send(a), { "data-verb": a.verb, "data-to": d, "data-attack": attack || null, class: attack ? "attack" : null, title: this.words(a, attack) }));
          }
          li.append(h("p", { class: "hint", "data-testid": "selected-hint" }, selectedHint(this.name(unit), acts.length - nAttacks, nAttacks)), dests);
        }
        list.append(li);
      }
      box.append(list);
    }
    if (other.length) {
      box.append(h("h4", {}, L.table.other));
      const list = h("div", { class: "choices" });
      for (const a of other) list.append(button(this.words(a), () => this.send(a), { "data-verb": a.verb }));
      box.append(list);
    }
    const bar = h("div", { class: "ends" });
    for (const a of ends) bar.append(button(cap(this.words(a)), () => this.send(a), { class: "primary", "data-verb": a.verb }));
    if (p.can_undo) bar.append(button(L.table.undo, () => { this.decided(); this.hooks.undo(); }, { class: "quiet", "data-testid": "undo" }));
    box.append(bar);
    // The other side's last moves (the arrows) may be seen again, step by step, until one decides.
    if (this.theirStory().length) {
      box.append(h("p", {}, button(TURN_WORDS.replay, () => { this.handover = true; this.replayStep(0); }, { class: "quiet", "data-testid": "their-moves" })));
    }
  }

  /** The coloured PP a side may spend beside its yellow ones (11.0): "Germany 3 red (armour), 9 blue (air)". */
  private colouredLine(coloured: Record<string, Record<string, number>>): HTMLElement {
    const parts = Object.entries(coloured).map(([k, pool]) => {
      const have = COLOURS.filter((c) => c !== "yellow" && Number(pool[c] ?? 0) > 0).map((c) => `${pool[c]} ${word(L.tableAdv.colour, c)}`);
      return have.length ? `${power(k)} ${have.join(", ")}` : "";
    }).filter(Boolean);
    return h("p", { class: "pp coloured", "data-testid": "coloured-to-spend" }, fmt(L.tableAdv.colouredToSpend, { pp: parts.join("; ") || L.table.none }).replace(/^ · /, ""));
  }

  private ppLine(data: any): HTMLElement {
    const pp = { ...((this.view.pp ?? {}) as Record<string, number>), ...((data?.pp ?? {}) as Record<string, number>) };
    const next = (this.view.pp_next ?? {}) as Record<string, number>;
    const parts = Object.entries(pp).map(([k, n]) => `${power(k)} ${n}`);
    const later = Object.entries(next).filter(([, n]) => n).map(([k, n]) => `${power(k)} +${n}`);
    return h("p", { class: "pp" }, fmt(L.table.ppToSpend, { pp: parts.join(", ") || L.table.none }), later.length ? fmt(L.table.nextTurn, { pp: later.join(", ") }) : "");
  }

  // --- battle, inspector, victory, pools, log -------------------------------------------

  /** The last battle in the log: where it starts and ends, gone once a new turn began (point 10). */
  private lastBattle(): { start: number; end: number; over: boolean; data: any; round: number; lastFire: string | null; lastStep: string | null } | null {
    const log = this.view.log as LogEvent[];
    let start = -1;
    for (let i = log.length - 1; i >= 0; i--) {
      if (log[i].kind === "battle") { start = i; break; }
      if (log[i].kind === "turn") return null; // a new turn: the last battle is history
    }
    if (start < 0) return null;
    let end = log.length;
    for (let i = start + 1; i < log.length; i++) if (log[i].kind === "battle_over" || log[i].kind === "battle") { end = log[i].kind === "battle_over" ? i + 1 : i; break; }
    const over = log[end - 1]?.kind === "battle_over";
    const b = log[start].data;
    let round = 1;
    let lastFire: string | null = null;
    let lastStep: string | null = null;
    for (const e of log.slice(start + 1, end)) {
      if (e.kind === "round" && e.data.round) { round = Number(e.data.round); lastFire = null; lastStep = null; }
      if (e.kind === "fire") {
        round = Number(e.data.round ?? round);
        lastStep = String(e.data.step);
        lastFire = `${FIRE_STEP[e.data.step] ?? e.data.step}, ${e.data.side === b.attacker ? L.fire.attacker : L.fire.defender}`;
      }
    }
    return { start, end, over, data: b, round, lastFire, lastStep };
  }

  /** A combat word with its explanation: on hover, and under a "?" for touch screens. */
  private explained(text: string, help: string, key: string): HTMLElement {
    const more = h("p", { class: "mod-help", hidden: true, "data-help": key }, help);
    const q = button("?", () => { more.hidden = !more.hidden; }, { class: "quiet help-q", title: COMBAT_WORDS.help, "aria-label": COMBAT_WORDS.help, "data-testid": `help-${key}` });
    return h("span", { class: "explained" }, h("abbr", { class: "mod", title: help, "data-mod": key }, text), q, more);
  }

  private drawBattle(): void {
    const box = this.battleBox;
    clear(box);
    const battle = this.lastBattle();
    if (!battle) { box.hidden = true; return; }
    box.hidden = false;
    const log = this.view.log as LogEvent[];
    const b = battle.data;
    box.dataset.hex = b.hex;
    box.dataset.over = String(battle.over);
    box.append(h("h3", {}, `${fmt(L.table.battleTitle, { place: this.place(b.hex), blitz: b.blitz ? L.log.blitzMark : "", side: sideName(b.attacker) })}${battle.over ? "" : ` (${COMBAT_WORDS.going})`}`),
      this.explained(COMBAT_WORDS.rounds, COMBAT_HELP.rounds, "rounds"));
    const rows = h("ol", { class: "battle-steps" });
    let round = 0;
    const roundHead = (n: number) => {
      if (n === round) return;
      round = n;
      rows.append(h("li", { class: "round-head", "data-round": n }, fmt(L.log.round, { round: n })));
    };
    for (const e of log.slice(battle.start + 1, battle.end)) {
      const d = e.data;
      if (e.kind === "round") continue; // a heading comes with the round's first fire
      if (e.kind === "fire") {
        roundHead(Number(d.round ?? 1));
        const dice = h("span", { class: "dice" }, ...(d.dice as number[]).map((n) => h("span", { class: `die${n >= d.hit_on ? " hit" : ""}` }, String(n))));
        const mods: HTMLElement[] = [];
        if (d.mali) mods.push(this.explained(maliWords(d.mali), COMBAT_HELP.malus, "malus"));
        if (d.boni) mods.push(this.explained(boniWords(d.boni, d.hit_on), COMBAT_HELP.bonus, "bonus"));
        const li = h("li", { class: `fire ${d.side}`, "data-round": d.round ?? 1, "data-step": d.step },
          h("span", { class: "step" }, fireLabel(d.round, d.step, d.side, b.attacker, d.air_round)), " ",
          h("strong", {}, String(d.name)), fmt(L.table.hitsOn, { faces: faces(d.hit_on) }), ...mods.flatMap((m) => [" · ", m]), " ",
          dice, fmt(L.table.hitsArrow, { hits: d.hits === 1 ? L.log.hitOne : fmt(L.log.hitMany, { n: d.hits }) }));
        rows.append(li);
      } else if (e.kind === "hit" && d.result === "half") {
        const line = logLine(e, this.name, this.place, this.blockName) ?? "";
        rows.append(h("li", { class: "ev-hit" }, this.explained(cap(line), COMBAT_HELP.half, "half")));
      } else if (e.kind === "eliminated") {
        const who = d.name ?? (d.unit !== undefined ? this.name(String(d.unit)) : this.blockName(String(d.handle ?? ""), d.side));
        rows.append(h("li", { class: "ev-eliminated", "data-why": d.why ?? "" }, h("strong", {}, cap(fmt(L.table.isEliminated, { who: String(who) }))),
          d.why ? h("span", { class: "why" }, ` — ${COMBAT_WORDS.why}: ${whyWords(d.why)}`) : ""));
      } else if (e.kind !== "roll") {
        const line = logLine(e, this.name, this.place, this.blockName);
        if (line) rows.append(h("li", { class: `ev-${e.kind}` }, line));
      }
    }
    box.append(rows);
  }

  private drawInspector(): void {
    const box = this.inspector;
    clear(box);
    const id = this.inspected;
    if (!id) {
      box.append(h("p", { class: "muted" }, L.table.clickHex));
      return;
    }
    const stack = this.byNode.get(id) ?? [];
    const terrain = this.board.terrain.get(id);
    box.append(h("h3", {}, `${this.board.label(id)}${terrain ? ` · ${terrainWord(terrain)}` : ""}`));
    if (!stack.length) {
      box.append(h("p", { class: "muted" }, L.table.noBlocks));
      return;
    }
    const list = h("ul", { class: "stack-list" });
    for (const u of stack) {
      const li = h("li", { class: u.side });
      if (u.id) {
        const steps = (u.ladder ?? []).map((n, i) => (i === u.step ? `[${n}]` : String(n))).join(" ");
        li.append(h("strong", {}, u.name ?? L.block.unit), `${fmt(L.table.unitLine, { nation: nationWord(u.nation), cls: classWord(u.cls), strength: u.strength })}${u.elite ? L.table.eliteTip : ""}${u.half_hit ? L.table.halfHit : ""}${fmt(L.table.steps, { steps })}`,
          u.mp_left !== undefined ? fmt(L.table.mpLeftDot, { mp: u.mp_left }) : "", u.oos ? L.table.oosLoud : "", u.flying_from ? fmt(L.table.flyingDot, { place: this.place(u.flying_from) }) : "",
          u.revealed && u.side !== this.view.side ? L.table.revealedDot : "", this.inspectorMarks(u));
        if (this.actionsOf(u.id).length) li.append(" ", button(u.id === this.selected ? L.table.selected : L.table.select, () => { this.selected = u.id!; this.redraw(); }, { class: "quiet" }));
      } else {
        li.append(fmt(L.table.hidden, { block: cap(aBlock(u.side)), colour: u.colour }), u.oos ? L.table.oosDot : "", u.moved ? L.table.movedDot : "", u.attacked ? L.table.attackedDot : "", u.came_from ? fmt(L.table.cameFrom, { place: this.place(u.came_from) }) : "");
      }
      list.append(li);
    }
    box.append(list);
  }

  /** What the Advanced Game adds to a unit's line: its supply (not full) and its HQ state. */
  private inspectorMarks(u: Unit): string {
    const T = L.tableAdv;
    const supply = u.id ? this.supplyWords.get(u.id) : undefined;
    const hq = u.id ? this.activeHq.get(u.id) : undefined;
    return `${supply && supply !== "oos" ? ` · ${word(T.supplyShort, supply)}` : ""}${hq ? (hq.left !== undefined ? fmt(T.hqDot, { left: hq.left, ap: hq.ap }) : fmt(T.hqTipEnemy, { ap: hq.ap }).replace(/^, /, " · ")) : ""}`;
  }

  /** The Advanced Game's panel (chapters 9, 11-13): the weather and what it does, every
   * power's PP by colour with the last income, the activated HQs and the own blocks not in full supply. */
  private drawAdvanced(): void {
    const box = this.advBox;
    const open = box.open;
    clear(box);
    box.open = open;
    const v = this.view;
    if (!this.adv) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const T = L.tableAdv;
    box.append(h("summary", {}, T.panel));
    box.append(h("p", { class: "weather-effect", "data-testid": "weather-effect", "data-weather": String(v.weather) }, word(T.weatherEffect, v.weather)));

    // 11.0-11.2: PP by power and colour, saved, and the last income each power collected.
    const yellow = (v.pp ?? {}) as Record<string, number>;
    const pools = (v.flags?.pp_coloured ?? {}) as Record<string, Record<string, number>>;
    const income = new Map<string, Record<string, number>>();
    for (const e of [...(v.log as LogEvent[])].reverse()) {
      const pw = String(e.data?.power ?? "");
      if (!pw) continue;
      if (e.kind === "income") {
        const got = income.get(pw) ?? {};
        if (got.yellow === undefined) got.yellow = Number(e.data.pp ?? 0);
        income.set(pw, got);
      } else if (e.kind === "coloured_income") {
        const got = income.get(pw) ?? {};
        for (const c of COLOURS) if (c !== "yellow" && got[c] === undefined) got[c] = Number(e.data[c] ?? 0);
        income.set(pw, got);
      }
    }
    const mine = v.side ?? v.phasing;
    const powers = [...new Set([...Object.keys(yellow), ...Object.keys(pools), ...income.keys()])]
      .sort((a, b) => Number(AXIS_POWERS.has(b) === (mine === "axis")) - Number(AXIS_POWERS.has(a) === (mine === "axis")) || a.localeCompare(b));
    box.append(h("h4", {}, T.ppTitle));
    if (!powers.length) box.append(h("p", { class: "muted", "data-testid": "pp-none" }, T.ppNone));
    else {
      const stock = (pw: string, c: string) => (c === "yellow" ? Number(yellow[pw] ?? 0) : Number(pools[pw]?.[c] ?? 0));
      const table = h("table", { class: "pp-table", "data-testid": "pp-table" },
        h("thead", {}, h("tr", {}, h("th", {}, T.ppPower), ...COLOURS.map((c) => h("th", { class: `pp-${c}`, title: word(T.colour, c) }, word(T.colour, c))))),
        h("tbody", {}, ...powers.map((pw) => h("tr", { "data-power": pw, class: AXIS_POWERS.has(pw) ? "axis" : "soviet" }, h("td", {}, power(pw)),
          ...COLOURS.map((c) => {
            const got = income.get(pw)?.[c];
            return h("td", { class: `pp-${c}`, "data-colour": c, "data-stock": stock(pw, c), "data-income": got ?? null },
              String(stock(pw, c)), got ? h("small", {}, ` ${fmt(T.income, { n: got })}`) : "");
          })))));
      box.append(table, h("p", { class: "muted small" }, T.ppNote));
    }

    // 13.0-13.8: the activated HQs (the enemy's too: activation reveals them, 13.2).
    box.append(h("h4", {}, T.hqTitle));
    const rows = [...this.activeHq.values()];
    if (!rows.length) box.append(h("p", { class: "muted", "data-testid": "hq-none" }, T.hqNone));
    else {
      const list = h("ul", { class: "hq-list", "data-testid": "hq-list" });
      for (const r of rows) {
        const text = r.left !== undefined
          ? fmt(T.hqOwn, { name: r.name, cls: classWord(r.cls), place: this.place(r.hex), left: r.left, ap: r.ap }) +
            (r.range !== undefined && r.range !== null ? fmt(T.hqRange, { range: r.range }) : "") +
            (r.may_command ? fmt(T.hqUnits, { n: r.may_command.length }) : "")
          : fmt(T.hqEnemy, { name: r.name, side: sideName(r.side), cls: classWord(r.cls), place: this.place(r.hex), ap: r.ap });
        const li = h("li", { class: r.side, "data-hq": r.id, "data-left": r.left ?? null, title: r.may_command ? L.tableAdv.hqFocusHint : null }, text);
        // A click marks the units it may still command on the map (13.4), and brings it into view.
        if (r.may_command) li.classList.toggle("focus", this.hqFocus === r.id);
        li.onclick = () => {
          this.hqFocus = this.hqFocus === r.id || !r.may_command ? null : r.id;
          if (r.hex && this.board.index.has(r.hex)) { this.inspected = r.hex; this.board.ensureVisible(r.hex); }
          this.redraw();
        };
        list.append(li);
      }
      box.append(list);
    }

    // 4.0, 12.0, 13.5: own blocks on the map that are not in full supply, by kind.
    box.append(h("h4", {}, T.supplyTitle));
    const byWord = new Map<string, string[]>();
    for (const u of this.units) {
      if (u.side !== v.side || !u.id) continue;
      const w = this.supplyWords.get(u.id) ?? (u.oos ? "oos" : null);
      if (!w) continue;
      if (!byWord.has(w)) byWord.set(w, []);
      byWord.get(w)!.push(u.name ?? this.name(u.id));
    }
    if (!byWord.size) box.append(h("p", { class: "muted", "data-testid": "supply-all" }, T.supplyAll));
    else {
      const list = h("ul", { class: "supply-list", "data-testid": "supply-list" });
      for (const [w, names] of byWord) list.append(h("li", { "data-supply": w, "data-count": names.length }, fmt(T.supplyLine, { word: cap(word(T.supply, w)), names: names.join(", ") })));
      box.append(list);
    }
  }

  private drawVictory(): void {
    const box = this.victoryBox;
    const open = box.open;
    clear(box);
    box.open = open;
    box.append(h("summary", {}, L.table.victory));
    const v = this.view;
    const result = v.result as { winner: string | null; outcome: string; detail: string } | null;
    const spec = VICTORY[v.scenario];
    if (spec) box.append(h("p", {}, spec.text));
    const b = this.board;
    let names: string[] = [];
    if (spec?.places === "soviet_major") {
      names = sbe4Places(b.data.places, b.owner).map((pl) => pl.name);
    } else if (spec) names = spec.places;
    const control = String(v.control ?? "");
    const rows = h("ul", { class: "objectives" });
    let axis = 0;
    for (const n of names) {
      const pl = b.data.places.find((x) => x.name === n);
      if (!pl) continue;
      const who = control[b.index.get(pl.hex) ?? -1];
      const holder = who === "a" ? "axis" : who === "s" ? "soviet" : "";
      if (holder === "axis") axis++;
      rows.append(h("li", { class: holder }, `${this.place(pl.hex)}: ${holder ? sideName(holder) : L.side.nobody}`));
    }
    if (names.length) box.append(h("p", { class: "muted" }, fmt(L.table.objectivesHeld, { n: axis, total: names.length })), rows);
    if (result) {
      this.banner.hidden = false;
      this.banner.textContent = fmt(L.table.gameOverBanner, { verdict: verdictWords(result) });
    } else this.banner.hidden = true;
  }

  private drawPools(): void {
    const box = this.poolsBox;
    const open = box.open;
    clear(box);
    box.open = open;
    const v = this.view;
    box.append(h("summary", {}, L.table.offMap));
    const labels: Record<string, string> = { pool: L.table.pool, held: L.table.held, eliminated: L.table.eliminated, disbanded: L.table.disbanded, removed: L.table.removed };
    for (const [status, list] of Object.entries((v.pools ?? {}) as Record<string, { id: string; name: string; cls: string; arrival?: number }[]>)) {
      box.append(h("h4", {}, labels[status] ?? status),
        h("ul", {}, ...list.map((u) => h("li", {}, `${u.name} (${classWord(u.cls)})${u.arrival ? fmt(L.table.arrival, { n: u.arrival }) : ""}`))));
    }
    const enemy = Object.entries((v.enemy_pools ?? {}) as Record<string, number>);
    if (enemy.length) box.append(h("p", {}, fmt(L.table.enemyOff, { counts: enemy.map(([k, n]) => `${n} ${labels[k]?.toLowerCase() ?? k}`).join(", ") })));
  }

  private drawLog(): void {
    const ol = this.logBox;
    clear(ol);
    const log = this.view.log as LogEvent[];
    // Grouped by side and phase (the log has no phase events: each event's kind says it).
    type Group = { side: string | null; phase: string; lines: HTMLElement[] };
    const groups: Group[] = [];
    let side: string | null = null;
    let phase = "supply";
    let cur: Group | null = null;
    const from = Math.max(0, log.length - 600);
    for (let i = 0; i < log.length; i++) {
      const e = log[i];
      if (e.kind === "turn") { side = null; phase = "supply"; }
      if (e.kind === "side") { side = String(e.data.side); phase = "supply"; }
      const ph = phaseOfEvent(e, phase);
      if (!cur || cur.side !== side || ph !== phase || e.kind === "side" || e.kind === "turn") {
        phase = ph;
        cur = { side, phase, lines: [] };
        groups.push(cur);
      }
      if (i < from) continue;
      const line = logLine(e, this.name, this.place, this.blockName);
      if (!line) continue;
      const theirs = e.data?.side && e.data.side !== this.view.side && i >= this.since && this.since >= 0;
      cur.lines.push(h("li", { class: `ev-${e.kind}${theirs ? " theirs" : ""}` }, line));
    }
    let n = 0;
    for (let g = groups.length - 1; g >= 0 && n < 250; g--) {
      const gr = groups[g];
      if (!gr.lines.length) continue;
      const lines = [...gr.lines].reverse().slice(0, 250 - n);
      if (gr.side && !(gr.lines.length === 1 && gr.lines[0].classList.contains("ev-side"))) {
        ol.append(h("li", { class: "group-head", "data-side": gr.side, "data-phase": gr.phase }, logGroupTitle(gr.side, gr.phase)));
      }
      ol.append(...lines);
      n += lines.length;
    }
  }

  // --- the end-of-game report (point 10) -------------------------------------------------

  /** What the Axis holds in a control string: objectives, or SBE4's victory points. */
  private scoreOf(control: string | null): { label: string; value: number; max: number } | null {
    const spec = VICTORY[this.view?.scenario];
    if (!spec || !control) return null;
    const b = this.board;
    const places = spec.places === "soviet_major"
      ? sbe4Places(b.data.places, b.owner).map((pl) => ({ hex: pl.hex, w: SBE4_NAMED_VP[pl.name] ?? 1 }))
      : spec.places.map((n) => b.data.places.find((x) => x.name === n)).filter((pl): pl is NonNullable<typeof pl> => !!pl).map((pl) => ({ hex: pl.hex, w: 1 }));
    let value = 0;
    let max = 0;
    for (const pl of places) {
      max += pl.w;
      if (control[b.index.get(pl.hex) ?? -1] === "a") value += pl.w;
    }
    return { label: spec.places === "soviet_major" ? REPORT_WORDS.vp : REPORT_WORDS.held, value, max };
  }

  private drawReport(): void {
    const box = this.reportBox;
    const p = this.p;
    if (!p || p.status !== "over" || this.readOnly || !this.hooks.report) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    clear(box);
    if (!this.reportState) {
      this.reportState = "asked";
      this.hooks.report().then((r) => { this.report = r; this.drawReport(); }, () => { this.reportState = "failed"; this.drawReport(); });
    }
    box.append(h("h3", {}, REPORT_WORDS.title));
    const result = (this.report?.result ?? p.result ?? this.view.result) as Report["result"];
    box.append(h("p", { class: "verdict", "data-testid": "report-verdict" }, h("strong", {}, `${REPORT_WORDS.verdict}: `), verdictWords(result)));
    const final = this.scoreOf(typeof this.view.control === "string" ? this.view.control : null);
    if (final) box.append(h("p", { "data-testid": "report-score" }, fmt(L.report.scoreOf, { label: final.label, value: final.value, max: final.max })));
    box.append(h("p", {}, h("a", { href: `#replay=${p.id}`, class: "button-link", "data-testid": "report-replay" }, REPORT_WORDS.replay)));
    const r = this.report;
    if (!r) {
      box.append(h("p", { class: "muted" }, this.reportState === "failed" ? REPORT_WORDS.failed : REPORT_WORDS.loading));
      return;
    }
    // Losses by side and type.
    const sides = Object.keys(p.seats);
    if (!r.losses.length) box.append(h("p", { class: "muted", "data-testid": "report-losses" }, REPORT_WORDS.lossesNone));
    else {
      const classes = [...new Set(r.losses.map((l) => l.cls ?? ""))].sort();
      const count = (side: string, cls: string | null) => r.losses.filter((l) => l.side === side && (cls === null || (l.cls ?? "") === cls)).length;
      const table = h("table", { class: "losses", "data-testid": "report-losses" },
        h("thead", {}, h("tr", {}, h("th", {}, REPORT_WORDS.type), ...sides.map((sd) => h("th", { class: sd }, sideName(sd))))),
        h("tbody", {}, ...classes.map((c) => h("tr", { "data-cls": c }, h("td", {}, c ? cap(classWord(c)) : "?"), ...sides.map((sd) => h("td", { "data-side": sd }, String(count(sd, c)))))),
          h("tr", { class: "total" }, h("td", {}, REPORT_WORDS.total), ...sides.map((sd) => h("td", { "data-side": sd, "data-total": count(sd, null) }, String(count(sd, null)))))));
      box.append(h("h4", {}, REPORT_WORDS.losses), table);
      box.append(h("p", { class: "muted small" }, sides.map((sd) => `${sideName(sd)}: ${r.losses.filter((l) => l.side === sd).map((l) => l.name ?? lossesOf(1, l.cls)).join(", ") || "—"}`).join(" · ")));
    }
    // Charts: strength by side, and the Axis's objectives or VP, over the turns.
    const labels = r.points.map((pt) => pointLabel(pt.turn, pt.when));
    box.append(h("h4", {}, REPORT_WORDS.strength), lineChart(
      sides.map((sd) => ({ key: sd, label: sideName(sd), values: r.points.map((pt) => pt.strength[sd] ?? 0) })), labels, "chart-strength", REPORT_WORDS.strengthHint));
    const scores = r.points.map((pt) => this.scoreOf(pt.control));
    if (scores.every((x) => x)) {
      box.append(h("h4", {}, scores[0]!.label), lineChart(
        [{ key: "axis", label: scores[0]!.label, values: scores.map((x) => x!.value) }], labels, "chart-score", REPORT_WORDS.scoreHint, scores[0]!.max));
    }
  }

  // --- the handover and the opponent's moves (points 6 and 7) ----------------------------

  private drawHandover(): void {
    const box = this.handoverBox;
    clear(box);
    if (!this.handover || !this.p) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const p = this.p;
    const other = Object.keys(p.seats).find((x) => x !== p.side) ?? "";
    const story = this.theirStory();
    const moves = story.filter(({ e }) => e.kind !== "battle").length;
    const battles = story.length - moves;
    const who = opponentName(other, p.seats[other]?.kind === "ai");
    box.append(h("h3", {}, handoverText(who, moves, battles, this.theirEvents(this.view.log).length)));
    if (moves) box.append(h("p", { class: "muted" }, TURN_WORDS.arrowsHint));
    if (this.replayAt >= 0 && story.length) {
      const k = Math.min(this.replayAt, story.length - 1);
      const { e } = story[k];
      const line = logLine(e, this.name, this.place, this.blockName) ?? "";
      box.append(h("div", { class: "replay-step", "data-testid": "turn-replay" },
        h("strong", { "data-testid": "turn-replay-at" }, cap(stepOf(k + 1, story.length))), " ", h("span", { "data-testid": "turn-replay-line" }, line)),
        h("div", { class: "choices" },
          button(`◀ ${TURN_WORDS.prev}`, () => this.replayStep(k - 1), { class: "quiet", disabled: k === 0, "data-testid": "turn-replay-prev" }),
          button(`${TURN_WORDS.next} ▶`, () => this.replayStep(k + 1), { class: "quiet", disabled: k >= story.length - 1, "data-testid": "turn-replay-next" }),
          button(TURN_WORDS.close, () => this.replayStep(-1), { class: "quiet", "data-testid": "turn-replay-done" })));
    }
    const bar = h("div", { class: "ends" });
    bar.append(button(TURN_WORDS.continue, () => this.endHandover(), { class: "primary", "data-testid": "handover-continue" }));
    if (story.length && this.replayAt < 0) bar.append(button(TURN_WORDS.replay, () => this.replayStep(0), { class: "quiet", "data-testid": "handover-replay" }));
    box.append(bar);
  }

  private replayStep(k: number): void {
    this.replayAt = k;
    const story = this.theirStory();
    if (k >= 0 && story[k]) {
      const e = story[k].e;
      const to = e.kind === "battle" ? e.data.hex : e.data.to ?? (e.data.path as string[] | undefined)?.at(-1);
      if (to && this.board.index.has(String(to))) this.board.ensureVisible(String(to));
    }
    this.redraw();
  }

  endHandover(): void {
    this.handover = false;
    this.replayAt = -1;
    if (this.view) this.redraw();
  }

  /** The other side's last moves as arrows, until the player's next decision (point 7). */
  private drawArrows(): void {
    const g = this.arrows;
    clear(g);
    if (this.readOnly || !this.p) return;
    const story = this.theirStory();
    const battles = new Set(story.filter(({ e }) => e.kind === "battle").map(({ e }) => String(e.data.hex)));
    const current = this.replayAt >= 0 ? story[Math.min(this.replayAt, story.length - 1)]?.i : -1;
    for (const { e, i } of story) {
      if (!MOVE_KINDS.has(e.kind)) continue;
      const path = ((e.data.path as string[] | undefined) ?? [e.data.frm, e.data.to]).filter((x) => x !== undefined && x !== null).map(String).filter((x) => this.board.index.has(x));
      if (path.length < 2) continue;
      const pts = path.map((x) => this.board.pos(x));
      const d = "M" + pts.map(([x, y]) => `${f(x)} ${f(y)}`).join("L");
      const attack = battles.has(path[path.length - 1]);
      const cls = `arrow${attack ? " attack" : ""}${i === current ? " current" : ""}`;
      const marker = i === current ? "arrowhead-current" : attack ? "arrowhead-attack" : "arrowhead";
      const el = s("path", { d, class: cls, "marker-end": `url(#${marker})`, "data-from": path[0], "data-to": path[path.length - 1], "data-i": i });
      el.append(title(logLine(e, this.name, this.place, this.blockName) ?? ""));
      g.append(el);
    }
  }
}

/** A small line chart in SVG: one line per series over the labelled points, its values kept in data attributes. */
function lineChart(series: { key: string; label: string; values: number[] }[], labels: string[], testid: string, hint: string, top?: number): HTMLElement {
  const W_ = 300, H_ = 120, L = 28, R = 8, T = 10, Bm = 20;
  const max = Math.max(1, top ?? 0, ...series.flatMap((x) => x.values));
  const n = Math.max(1, labels.length - 1);
  const X = (i: number) => L + ((W_ - L - R) * i) / n;
  const Y = (v: number) => T + (H_ - T - Bm) * (1 - v / max);
  const svg = s("svg", { class: "chart", viewBox: `0 0 ${W_} ${H_}`, width: "100%", "data-testid": testid, role: "img", "aria-label": hint });
  svg.append(title(hint));
  svg.append(s("line", { x1: L, y1: Y(0), x2: W_ - R, y2: Y(0), class: "axis-line" }), s("line", { x1: L, y1: T, x2: L, y2: Y(0), class: "axis-line" }));
  const tick = (x: number, y: number, text: string, anchor = "middle") => {
    const el = s("text", { x: f(x), y: f(y), class: "tick", "text-anchor": anchor });
    el.textContent = text;
    svg.append(el);
  };
  tick(L - 3, Y(max) + 3, String(max), "end");
  tick(L - 3, Y(0) + 3, "0", "end");
  labels.forEach((lab, i) => tick(X(i), H_ - 6, lab));
  for (const sr of series) {
    const pts = sr.values.map((v, i) => `${f(X(i))},${f(Y(v))}`).join(" ");
    svg.append(s("polyline", { points: pts, class: `series ${sr.key}`, "data-side": sr.key, "data-values": sr.values.join(" ") }));
    sr.values.forEach((v, i) => {
      const c = s("circle", { cx: f(X(i)), cy: f(Y(v)), r: 2.2, class: `series ${sr.key}` });
      c.append(title(`${sr.label}, ${labels[i]}: ${v}`));
      svg.append(c);
    });
  }
  const key = h("p", { class: "chart-key" }, ...series.map((sr) => h("span", { class: `key ${sr.key}` }, sr.label)));
  return h("figure", { class: "chart-box" }, svg, key);
}

const PAUSE_KEY = "hexfront.pause";
/** The pause at a handover: on unless the player turned it off in this browser. */
export function pauseOn(): boolean {
  try {
    return localStorage.getItem(PAUSE_KEY) !== "off";
  } catch {
    return true;
  }
}
function setPause(on: boolean): void {
  try {
    localStorage.setItem(PAUSE_KEY, on ? "on" : "off");
  } catch {
    /* private mode: for this page only */
  }
}

/** The mark of an attack destination: crossed swords on a red disc. */
function attackMark(x: number, y: number): SVGGElement {
  const g = s("g", { class: "attack-mark", transform: `translate(${f(x)} ${f(y)})` });
  g.append(s("circle", { r: 6.5 }), s("path", { d: "M-3.5 -3.5L3.5 3.5M3.5 -3.5L-3.5 3.5M-4.5 1.5L-1.5 4.5M4.5 1.5L1.5 4.5" }));
  return g;
}

function symbol(cls: string, ink: string): SVGGElement {
  const g = s("g", { class: "symbol", stroke: ink, fill: "none", "stroke-width": 1.2 });
  const box = () => g.append(s("rect", { x: -8, y: -5, width: 12, height: 8 }));
  const text = (t: string, size = 7) => {
    const el = s("text", { x: -2, y: 1.5, fill: ink, stroke: "none", "font-size": size, "text-anchor": "middle", "font-weight": 700 });
    el.textContent = t;
    g.append(el);
  };
  const tx = "translate(1 -1)";
  switch (cls) {
    case "infantry": case "static_infantry": case "mountain": case "paratrooper": case "marine": case "security":
      box();
      g.append(s("path", { d: "M-8 -5L4 3M-8 3L4 -5" }));
      if (cls === "static_infantry") g.append(s("path", { d: "M-8 5.5h12" }));
      if (cls === "mountain") g.append(s("path", { d: "M-4 3l2-3 2 3", fill: ink }));
      if (cls === "paratrooper") g.append(s("path", { d: "M-6 -7q4 -3 8 0" }));
      if (cls === "security") g.append(s("path", { d: "M-8 -7h12" }));
      break;
    case "cavalry":
      box();
      g.append(s("path", { d: "M-8 3L4 -5" }));
      break;
    case "tank": case "tankette":
      box();
      g.append(s("rect", { x: cls === "tank" ? -6 : -5, y: -3, width: cls === "tank" ? 8 : 6, height: 4, rx: 2 }));
      break;
    case "artillery": case "heavy_artillery":
      box();
      g.append(s("circle", { cx: -2, cy: -1, r: 1.6, fill: ink }));
      if (cls === "heavy_artillery") g.append(s("circle", { cx: 1.5, cy: -1, r: 1.6, fill: ink }));
      break;
    case "fighter": text("F", 9); break;
    case "bomber": text("B", 9); break;
    case "strategic_bomber": text("SB", 7); break;
    case "submarine": text("Sub", 6); break;
    case "armor_hq": text("HQ", 6); g.append(s("rect", { x: -5, y: 2.5, width: 6, height: 2, rx: 1 })); break;
    case "air_hq": text("HQ", 6); g.append(s("path", { d: "M-5 4h6" })); break;
    case "navy_hq": text("NHQ", 5.5); break;
    case "supreme_hq": text("HQ", 6); g.append(s("path", { d: "M-6 4h8M-6 5.5h8" })); break;
    default: text(cls.slice(0, 2).toUpperCase(), 6);
  }
  g.setAttribute("transform", tx);
  return g;
}
