// The static BITE mapboard, drawn once into one SVG layer, with pan and zoom on the viewBox.
// Dynamic layers (units, highlights, overlays) are groups that the table redraws.

import { L, fmt } from "./i18n";
import { h, s, SVG_NS } from "./dom";
import { S, W, H, centre, colRow, edge, f, hexAt, hexId, hexPath, neighbours, setColBase, type Pt } from "./hex";
import type { LegendSection } from "./panels";
import { LEGEND_WORDS, UI, learnPlaceNames, terrainWord } from "./text";

export interface BoardData {
  grid: { width: number; height: number; col_base?: number };
  hexes: { id: string; terrain: string; owner: string | null; partial: boolean; coastal: boolean }[];
  rivers: { a: string; b: string; river: string }[];
  arrows: { a: string; b: string; kind: string; built: boolean }[];
  rails: { nodes: string[]; built: boolean }[];
  /** `name`: the map's name, which rules and scenarios match; `shown`: the name in the
   * page's language (the server sends the board in it), which players read. */
  places: { name: string; shown?: string; hex: string; type: string | null; victory: boolean; port: string | null; bunker: boolean }[];
  boxes: { id: string; name: string; shown?: string }[];
  zones: Record<string, string[]>;
  area: string[] | null;
}

export const TERRAIN: Record<string, string> = {
  clear: "#ece8c4",
  forest: "#78a860",
  hills: "#ccb27a",
  mountains: "#96704e",
  swamp: "#80b0a4",
  water: "#96bee1",
};

export const ZONE_GROUPS: Record<string, Record<string, string>> = {
  [L.zones.md]: {
    md_leningrad: "#fafafa", md_baltic: "#285adc", md_western: "#ebc800",
    md_kiev: "#1ea03c", md_odessa: "#f58214", md_caucasus: "#825028",
  },
  [L.zones.ag]: { ag_north: "#285adc", ag_centre: "#ebc800", ag_south: "#1ea03c" },
  [L.zones.areas]: { sbe1_area: "#285adc", sbe2_area: "#ebc800", sbe3_area: "#1ea03c" },
  [L.zones.starts]: { start_line_1942: "#ebc800", start_line_1943: "#00aa3c", start_line_1944: "#285adc" },
  [L.zones.finland]: { faz: "#ffffff", foa: "#5a5a5a" },
  [L.zones.green]: { green_line_south: "#00aa3c" },
};

export const CITY_FILL: Record<string, string> = {
  capital: "#dc1e1e", major: "#f08c14", fortress: "#f08c14", minor: "#f5d728", site: "#1e1e1e",
};
/** City dot radius, in hex radii. */
const CITY_R: Record<string, number> = { capital: 0.32, major: 0.28, fortress: 0.3, minor: 0.2, site: 0.12 };

export type NodeHandler = (id: string, ev: MouseEvent) => void;

export class Board {
  readonly svg: SVGSVGElement;
  readonly width: number;
  readonly height: number;
  readonly nodes: string[]; // hexes in map order, then boxes (the order of view.control)
  readonly index = new Map<string, number>();
  readonly terrain = new Map<string, string>();
  readonly owner = new Map<string, string | null>();
  readonly placeAt = new Map<string, BoardData["places"][number]>();
  readonly boxPos = new Map<string, Pt>();
  readonly boxName = new Map<string, string>();
  readonly layers: Record<"zones" | "control" | "zoc" | "highlight" | "units" | "top", SVGGElement>;
  /** Place names, drawn above the units; a name moves above a stack in its hex (`liftLabels`). */
  private labels = s("g", { class: "labels" });
  private labelAt = new Map<string, { text: SVGTextElement; y: number }>();
  /** Hex ids, drawn at close zoom only, for the hexes in view (`drawIds`). */
  readonly ids = s("g", { class: "hexids", "data-testid": "hex-ids" });
  private idsKey = "";
  private view = { x: 0, y: 0, w: 0, h: 0 };
  private full = { x: 0, y: 0, w: 0, h: 0 };
  /** The hexes the "map" button shows, set by the game's table (BITE: every block on the
   * map, the scenario's front); none: the scenario's area, else the whole map. */
  home: string[] = [];
  private tip: HTMLElement;
  onClick: NodeHandler = () => {};

  constructor(readonly data: BoardData, host: HTMLElement) {
    setColBase(data.grid.col_base ?? 1);
    this.width = data.grid.width;
    this.height = data.grid.height;
    this.nodes = [...data.hexes.map((x) => x.id), ...data.boxes.map((b) => b.id)];
    this.nodes.forEach((id, i) => this.index.set(id, i));
    for (const x of data.hexes) {
      this.terrain.set(x.id, x.terrain);
      this.owner.set(x.id, x.owner);
    }
    for (const p of data.places) this.placeAt.set(p.hex, p);
    for (const b of data.boxes) this.boxName.set(b.id, b.shown ?? b.name);
    learnPlaceNames([...data.places, ...data.boxes]);
    this.placeBoxes();

    const mapW = S * 2 + W * (this.width - 1);
    const mapH = H * (this.height + 0.5);
    const xs = [0, mapW, ...[...this.boxPos.values()].map((p) => p[0] + 3 * S)];
    const ys = [0, mapH, ...[...this.boxPos.values()].map((p) => p[1] - 1.5 * S)];
    this.full = { x: -S, y: Math.min(...ys) - S, w: Math.max(...xs) + 2 * S, h: mapH - Math.min(...ys) + 2 * S };

    this.svg = s("svg", { class: "board", "data-testid": "board", role: "img", "aria-label": "map" });
    const base = s("g", { class: "static" });
    this.drawStatic(base);
    this.svg.append(base);
    this.layers = {
      zones: s("g", { class: "zones" }),
      control: s("g", { class: "control" }),
      zoc: s("g", { class: "zoc" }),
      highlight: s("g", { class: "highlight" }),
      units: s("g", { class: "units" }),
      top: s("g", { class: "top" }),
    };
    // Control and ZOC under the city symbols would hide nothing important: put them
    // above terrain but below the units.
    base.after(this.layers.control, this.layers.zoc, this.layers.zones, this.layers.highlight, this.layers.units, this.ids, this.labels, this.layers.top);
    this.tip = h("div", { class: "hex-tip", hidden: true, "data-testid": "hex-tip" });
    host.append(this.svg, this.tip);
    this.fit();
    this.interact();
  }

  // --- positions --------------------------------------------------------------------

  pos(id: string): Pt {
    const box = this.boxPos.get(id);
    if (box) return box;
    const [c, r] = colRow(id);
    return centre(c, r);
  }

  isHex(id: string): boolean {
    return this.terrain.has(id);
  }

  label(id: string): string {
    const box = this.boxName.get(id);
    if (box) return fmt(L.table.boxLabel, { name: box });
    const place = this.placeAt.get(id);
    return place ? `${place.shown ?? place.name} (${id})` : id;
  }

  neighbours(id: string): string[] {
    if (!this.isHex(id)) return [];
    const [c, r] = colRow(id);
    return neighbours(c, r, this.width, this.height).map(([a, b]) => hexId(a, b));
  }

  private placeBoxes(): void {
    const mapW = S * 2 + W * (this.width - 1);
    const mapH = H * (this.height + 0.5);
    const links = new Map<string, string[]>();
    for (const a of this.data.arrows) {
      for (const [x, y] of [[a.a, a.b], [a.b, a.a]]) {
        if (!links.has(x)) links.set(x, []);
        links.get(x)!.push(y);
      }
    }
    const north: string[] = [];
    const pending: string[] = [];
    for (const b of this.data.boxes) {
      const hexes = (links.get(b.id) ?? []).filter((x) => /^\d{4}$/.test(x));
      if (!hexes.length) {
        pending.push(b.id);
        continue;
      }
      const pts = hexes.map((x) => centre(...colRow(x)));
      const ax = pts.reduce((n, p) => n + p[0], 0) / pts.length;
      const ay = pts.reduce((n, p) => n + p[1], 0) / pts.length;
      if (ay < mapH * 0.25) {
        this.boxPos.set(b.id, [ax, -2 * S]);
        north.push(b.id);
      } else if (ax > mapW * 0.8) this.boxPos.set(b.id, [mapW + 3.2 * S, ay]);
      else this.boxPos.set(b.id, [ax + 3 * S, ay + 2.2 * S]);
    }
    for (const id of pending) {
      // No hex link (Tromso): between the boxes it links to.
      const known = (links.get(id) ?? []).map((x) => this.boxPos.get(x)).filter((p): p is Pt => !!p);
      if (!known.length) {
        this.boxPos.set(id, [S * 3, -2 * S]);
        continue;
      }
      const x = known.reduce((n, p) => n + p[0], 0) / known.length;
      const y = known.reduce((n, p) => n + p[1], 0) / known.length;
      this.boxPos.set(id, [x, y]);
      if (y < 0) north.push(id);
    }
    // Spread the boxes along the top edge so they do not overlap.
    north.sort((a, b) => this.boxPos.get(a)![0] - this.boxPos.get(b)![0]);
    let last = -Infinity;
    for (const id of north) {
      const p = this.boxPos.get(id)!;
      const x = Math.max(p[0], last + 5.4 * S);
      this.boxPos.set(id, [x, -2 * S]);
      last = x;
    }
  }

  // --- the static layer ---------------------------------------------------------------

  private drawStatic(g: SVGGElement): void {
    const byTerrain = new Map<string, string[]>();
    const partial: string[] = [];
    const outside: string[] = [];
    const grid: string[] = [];
    const area = this.data.area ? new Set(this.data.area) : null;
    for (const x of this.data.hexes) {
      const [cx, cy] = centre(...colRow(x.id));
      const d = hexPath(cx, cy);
      if (!byTerrain.has(x.terrain)) byTerrain.set(x.terrain, []);
      byTerrain.get(x.terrain)!.push(d);
      if (x.partial && x.terrain !== "water") partial.push(d);
      if (area && !area.has(x.id)) outside.push(d);
      if (x.terrain !== "water") grid.push(d);
    }
    for (const [t, ds] of byTerrain) g.append(s("path", { d: ds.join(""), fill: TERRAIN[t] ?? "#ccc", class: `terrain ${t}` }));
    g.append(s("path", { d: partial.join(""), class: "partial" }));
    g.append(s("path", { d: grid.join(""), class: "grid" }));

    // Rivers on hexsides.
    const rivers = this.data.rivers.map((r) => seg(edge(this.pos(r.a), this.pos(r.b)))).join("");
    g.append(s("path", { d: rivers, class: "river" }));

    // 1941 borders between land hexes: the Soviet border stronger.
    const soviet: string[] = [];
    const other: string[] = [];
    for (const x of this.data.hexes) {
      if (x.terrain === "water" || !x.owner) continue;
      for (const n of this.neighbours(x.id)) {
        if (n < x.id) continue;
        const o = this.owner.get(n);
        if (!o || o === x.owner || this.terrain.get(n) === "water") continue;
        (o === "ussr" || x.owner === "ussr" ? soviet : other).push(seg(edge(this.pos(x.id), this.pos(n))));
      }
    }
    g.append(s("path", { d: other.join(""), class: "border" }));
    g.append(s("path", { d: soviet.join(""), class: "border soviet" }));

    // Rails between hex centres.
    const built: string[] = [];
    const planned: string[] = [];
    for (const r of this.data.rails) {
      const pts = r.nodes.filter((n) => this.isHex(n)).map((n) => this.pos(n));
      if (pts.length < 2) continue;
      (r.built ? built : planned).push("M" + pts.map((p) => `${f(p[0])} ${f(p[1])}`).join("L"));
    }
    g.append(s("path", { d: planned.join(""), class: "rail planned" }));
    g.append(s("path", { d: built.join(""), class: "rail" }));

    // Off-map boxes and their links.
    for (const a of this.data.arrows) {
      const p = this.pos(a.a);
      const q = this.pos(a.b);
      g.append(s("line", { x1: f(p[0]), y1: f(p[1]), x2: f(q[0]), y2: f(q[1]), class: `link ${a.kind}${a.built ? "" : " planned"}` }));
    }
    for (const b of this.data.boxes) {
      const [x, y] = this.boxPos.get(b.id)!;
      const box = s("g", { class: "box", "data-box": b.id });
      box.append(s("rect", { x: f(x - 2.5 * S), y: f(y - 0.9 * S), width: 5 * S, height: 1.8 * S, rx: 3 }));
      const t = s("text", { x: f(x), y: f(y - 1.1 * S), class: "box-name" });
      t.textContent = b.shown ?? b.name;
      box.append(t);
      g.append(box);
    }

    // Cities and sites, with names.
    const labels = this.labels;
    for (const p of this.data.places) {
      const [x, y] = this.pos(p.hex);
      const kind = p.type ?? "site";
      const r = S * CITY_R[kind];
      g.append(...cityMark(kind, x, y));
      if (p.victory) g.append(s("path", { d: star(x, y - r - S * 0.25, S * 0.22), class: "victory" }));
      if (kind !== "site") {
        const ly = y + r + S * 0.42;
        const t = s("text", { x: f(x), y: f(ly), class: `place ${kind}`, "data-hex": p.hex });
        t.textContent = p.shown ?? p.name;
        labels.append(t);
        this.labelAt.set(p.hex, { text: t, y: ly });
      }
    }
    g.append(s("path", { d: outside.join(""), class: "outside" }));
  }

  /** Names of places with a stack: drawn above the stack (`lift`: from the hex centre up to the name's baseline). */
  liftLabels(lift: Map<string, number>): void {
    for (const [hex, { text, y }] of this.labelAt) {
      const up = lift.get(hex);
      const [, cy] = this.pos(hex);
      text.setAttribute("y", f(up === undefined ? y : cy - up));
      text.classList.toggle("lifted", up !== undefined);
    }
  }

  // --- the legend -----------------------------------------------------------------------

  /** The map's part of the legend, drawn with the very colours and classes of the map. */
  legend(): LegendSection[] {
    const d = hexPath(0, 0, 9);
    const hex = (fill: string, cls = "terrain") => s("path", { d, fill, class: cls });
    const gridLine = () => s("path", { d, class: "grid" });
    const terrains = Object.keys(TERRAIN).filter((t) => [...this.terrain.values()].includes(t));
    const kinds = ["capital", "major", "fortress", "minor", "site"].filter((k) => this.data.places.some((p) => (p.type ?? "site") === k));
    const W_ = LEGEND_WORDS;
    const line = (cls: string) => s("path", { d: "M-12 0H12", class: cls });
    const lines: { key: string; label: string; parts: SVGElement[] }[] = [
      { key: "river", label: W_.river, parts: [line("river")] },
      { key: "border_soviet", label: W_.border_soviet, parts: [line("border soviet")] },
      { key: "border", label: W_.border, parts: [line("border")] },
      { key: "rail", label: W_.rail, parts: [line("rail")] },
      { key: "rail_planned", label: W_.rail_planned, parts: [line("rail planned")] },
    ];
    if (this.data.boxes.length) {
      const box = s("g", { class: "box" });
      box.append(s("rect", { x: -12, y: -7, width: 24, height: 14, rx: 3 }));
      lines.push({ key: "box", label: W_.box, parts: [box] });
    }
    if (this.data.hexes.some((x) => x.partial && x.terrain !== "water")) lines.push({ key: "partial", label: W_.partial, parts: [hex(TERRAIN.clear), s("path", { d, class: "partial" }), gridLine()] });
    const idMark = s("text", { x: 0, y: 3, class: "hexid", style: "font-size: 8px" });
    idMark.textContent = "2020";
    lines.push({ key: "hexid", label: W_.hexid, parts: [hex(TERRAIN.clear), gridLine(), idMark] });
    if (this.data.area) lines.push({ key: "outside", label: W_.outside, parts: [hex(TERRAIN.clear), s("path", { d, class: "outside" }), gridLine()] });
    return [
      { title: UI.terrainSection, items: terrains.map((t) => ({ key: `terrain-${t}`, label: terrainWord(t), parts: [hex(TERRAIN[t], `terrain ${t}`), gridLine()] })) },
      {
        title: UI.placesSection,
        items: [
          ...kinds.map((k) => ({ key: `city-${k}`, label: W_[k], parts: cityMark(k, 0, 0) })),
          ...(this.data.places.some((p) => p.victory) ? [{ key: "victory", label: W_.victory, parts: [s("path", { d: star(0, 0, S * 0.3), class: "victory" })] }] : []),
        ],
      },
      { title: UI.linesSection, items: lines },
    ];
  }

  // --- overlays -----------------------------------------------------------------------

  /** Outline zones (zone name -> colour) on the zones layer. */
  showZones(chosen: Record<string, string>): void {
    this.layers.zones.textContent = "";
    for (const [name, colour] of Object.entries(chosen)) {
      const inside = new Set(this.data.zones[name] ?? []);
      const parts: string[] = [];
      for (const id of inside) {
        for (const n of this.neighbours(id)) {
          if (!inside.has(n)) parts.push(seg(edge(this.pos(id), this.pos(n))));
        }
      }
      const p = s("path", { d: parts.join(""), class: "zone", stroke: colour });
      p.append(title(name.replace(/_/g, " ")));
      this.layers.zones.append(p);
    }
  }

  /** Fill hexes on a layer: one path per class. */
  fill(layer: SVGGElement, groups: Record<string, Iterable<string>>): void {
    layer.textContent = "";
    for (const [cls, ids] of Object.entries(groups)) {
      const ds: string[] = [];
      for (const id of ids) {
        const [x, y] = this.pos(id);
        if (this.isHex(id)) ds.push(hexPath(x, y, S * 0.97));
        else ds.push(`M${f(x - 2.5 * S)} ${f(y - 0.9 * S)}h${5 * S}v${1.8 * S}h${-5 * S}Z`);
      }
      if (ds.length) layer.append(s("path", { d: ds.join(""), class: cls }));
    }
  }

  /** Pan so that a node is in view (when it is not). */
  ensureVisible(id: string): void {
    const [x, y] = this.pos(id);
    const v = this.view;
    const m = 2 * S;
    if (x < v.x + m || x > v.x + v.w - m || y < v.y + m || y > v.y + v.h - m) this.centreOn(id);
  }

  centreOn(id: string): void {
    const [x, y] = this.pos(id);
    this.view.x = x - this.view.w / 2;
    this.view.y = y - this.view.h / 2;
    this.apply();
  }

  /** Zoom to a set of hexes (the scenario's area), or the whole map. */
  fit(ids?: string[]): void {
    const rect = this.svg.getBoundingClientRect();
    const aspect = rect.width > 0 && rect.height > 0 ? rect.width / rect.height : 1.4;
    let box = { ...this.full };
    if (ids && ids.length) {
      const pts = ids.map((id) => this.pos(id));
      const x0 = Math.min(...pts.map((p) => p[0])) - 2 * S;
      const x1 = Math.max(...pts.map((p) => p[0])) + 2 * S;
      const y0 = Math.min(...pts.map((p) => p[1])) - 2 * S;
      const y1 = Math.max(...pts.map((p) => p[1])) + 2 * S;
      // at least 16 hexes across
      const grow = Math.max(0, 16 * W - (x1 - x0)) / 2;
      box = { x: x0 - grow, y: y0 - grow * 0.6, w: x1 - x0 + 2 * grow, h: y1 - y0 + 1.2 * grow };
    }
    let w = box.w;
    let hh = box.h;
    if (w / hh > aspect) hh = w / aspect;
    else w = hh * aspect;
    this.view = { x: box.x + box.w / 2 - w / 2, y: box.y + box.h / 2 - hh / 2, w, h: hh };
    this.apply();
  }

  private apply(): void {
    const v = this.view;
    this.svg.setAttribute("viewBox", `${f(v.x)} ${f(v.y)} ${f(v.w)} ${f(v.h)}`);
    const px = this.svg.getBoundingClientRect().width || 1000;
    const scale = px / v.w; // screen pixels per SVG unit
    this.svg.classList.toggle("far", scale < 0.9);
    this.svg.classList.toggle("near", scale > 1.6);
    this.drawIds(scale > 1.6);
  }

  /** At close zoom, each hex in view shows its id at its top edge, as on the printed map. */
  private drawIds(near: boolean): void {
    if (!near) {
      if (this.idsKey) this.ids.textContent = "";
      this.idsKey = "";
      return;
    }
    const v = this.view;
    const c0 = Math.max(0, Math.floor((v.x - S) / W) - 1);
    const c1 = Math.min(this.width - 1, Math.ceil((v.x + v.w) / W) + 1);
    const r0 = Math.max(0, Math.floor(v.y / H) - 1);
    const r1 = Math.min(this.height - 1, Math.ceil((v.y + v.h) / H) + 1);
    const key = `${c0} ${c1} ${r0} ${r1}`;
    if (key === this.idsKey) return;
    this.idsKey = key;
    this.ids.textContent = "";
    for (let c = c0; c <= c1; c++) {
      for (let r = r0; r <= r1; r++) {
        const id = hexId(c, r);
        if (!this.isHex(id) || this.terrain.get(id) === "water") continue;
        const [x, y] = centre(c, r);
        const t = s("text", { x: f(x), y: f(y - H / 2 + 4.6), class: "hexid", "data-hex": id });
        t.textContent = id;
        this.ids.append(t);
      }
    }
  }

  zoom(factor: number, cx?: number, cy?: number): void {
    const v = this.view;
    const w = Math.min(Math.max(v.w * factor, 12 * S), this.full.w * 1.5);
    const k = w / v.w;
    const x = cx ?? v.x + v.w / 2;
    const y = cy ?? v.y + v.h / 2;
    this.view = { x: x - (x - v.x) * k, y: y - (y - v.y) * k, w, h: v.h * k };
    this.apply();
  }

  /** The node the player is busy with (a selected block), for zooming in: the table sets it. */
  focus: () => string | null = () => null;

  zoomIn(): void {
    const id = this.focus();
    if (id) {
      const [x, y] = this.pos(id);
      this.zoom(1 / 1.4);
      this.view.x = x - this.view.w / 2;
      this.view.y = y - this.view.h / 2;
      this.apply();
    } else this.zoom(1 / 1.4);
  }

  zoomOut(): void {
    this.zoom(1.4);
  }

  pan(dx: number, dy: number): void {
    this.view.x += dx;
    this.view.y += dy;
    this.apply();
  }

  /** SVG coordinates of a mouse event. */
  private point(ev: MouseEvent): Pt {
    const rect = this.svg.getBoundingClientRect();
    const v = this.view;
    // preserveAspectRatio="xMidYMid meet" (the default): one scale, centred
    const scale = Math.min(rect.width / v.w, rect.height / v.h);
    const ox = (rect.width - v.w * scale) / 2;
    const oy = (rect.height - v.h * scale) / 2;
    return [v.x + (ev.clientX - rect.left - ox) / scale, v.y + (ev.clientY - rect.top - oy) / scale];
  }

  nodeAt(x: number, y: number): string | null {
    for (const [id, [bx, by]] of this.boxPos) {
      if (Math.abs(x - bx) <= 2.5 * S && Math.abs(y - by) <= 0.9 * S) return id;
    }
    const cr = hexAt(x, y, this.width, this.height);
    return cr ? hexId(cr[0], cr[1]) : null;
  }

  private interact(): void {
    const svg = this.svg;
    let drag: { x: number; y: number; moved: boolean; id: number } | null = null;
    svg.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const [x, y] = this.point(ev);
      this.zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, x, y);
    }, { passive: false });
    svg.addEventListener("pointerdown", (ev) => {
      if (ev.button !== 0) return;
      drag = { x: ev.clientX, y: ev.clientY, moved: false, id: ev.pointerId };
    });
    svg.addEventListener("pointermove", (ev) => {
      if (drag && drag.id === ev.pointerId) {
        const dx = ev.clientX - drag.x;
        const dy = ev.clientY - drag.y;
        if (drag.moved || Math.hypot(dx, dy) > 4) {
          if (!drag.moved) svg.setPointerCapture(ev.pointerId);
          drag.moved = true;
          const rect = svg.getBoundingClientRect();
          const scale = Math.min(rect.width / this.view.w, rect.height / this.view.h);
          this.pan(-dx / scale, -dy / scale);
          drag.x = ev.clientX;
          drag.y = ev.clientY;
        }
      }
      this.hover(ev);
    });
    svg.addEventListener("pointerup", (ev) => {
      const d = drag;
      drag = null;
      if (!d || d.moved) return;
      const [x, y] = this.point(ev);
      const id = this.nodeAt(x, y);
      if (id) this.onClick(id, ev);
    });
    svg.addEventListener("pointerleave", () => {
      this.tip.hidden = true;
    });
  }

  /** A terrain in words for the hover tip (a game with other terrains sets its own). */
  terrainName: (t: string) => string = terrainWord;

  /** Extra text for the hover tip (the table adds the stack there). */
  describe: (id: string) => string = () => "";

  private hover(ev: MouseEvent): void {
    const [x, y] = this.point(ev);
    const id = this.nodeAt(x, y);
    if (!id) {
      this.tip.hidden = true;
      return;
    }
    const t = this.terrain.get(id);
    const extra = this.describe(id);
    this.tip.textContent = `${this.label(id)}${t ? ` · ${this.terrainName(t)}` : ""}${extra ? ` · ${extra}` : ""}`;
    this.tip.hidden = false;
    const host = this.svg.getBoundingClientRect();
    this.tip.style.left = `${ev.clientX - host.left + 14}px`;
    this.tip.style.top = `${ev.clientY - host.top + 12}px`;
  }
}

/** A city's dot (and a fortress's square), as on the map. */
function cityMark(kind: string, x: number, y: number): SVGElement[] {
  const r = S * CITY_R[kind];
  const out: SVGElement[] = [s("circle", { cx: f(x), cy: f(y), r: f(r), fill: CITY_FILL[kind], class: `city ${kind}` })];
  if (kind === "fortress") out.push(s("rect", { x: f(x - r * 1.3), y: f(y - r * 1.3), width: f(r * 2.6), height: f(r * 2.6), class: "fortress" }));
  return out;
}

function seg([p, q]: [Pt, Pt]): string {
  return `M${f(p[0])} ${f(p[1])}L${f(q[0])} ${f(q[1])}`;
}

export function star(x: number, y: number, r: number): string {
  let d = "";
  for (let k = 0; k < 10; k++) {
    const rad = k % 2 ? r * 0.45 : r;
    const a = ((-90 + 36 * k) * Math.PI) / 180;
    d += `${k ? "L" : "M"}${f(x + rad * Math.cos(a))} ${f(y + rad * Math.sin(a))}`;
  }
  return d + "Z";
}

export function title(text: string): SVGTitleElement {
  const t = document.createElementNS(SVG_NS, "title");
  t.textContent = text;
  return t;
}

/** Zoom buttons for the tool bar: in and out around `board.focus()` (the action), or the
 * scenario's map: the hexes the table gives (`board.home`: SBE1's front, not all of
 * Europe), else the playing area where the scenario has one, else the whole map. */
export function boardControls(board: Board): HTMLElement {
  const zoomIn = h("button", { type: "button", title: UI.zoomIn, "aria-label": UI.zoomIn, "data-testid": "zoom-in" }, "+");
  const zoomOut = h("button", { type: "button", title: UI.zoomOut, "aria-label": UI.zoomOut, "data-testid": "zoom-out" }, "−");
  const all = h("button", { type: "button", title: UI.wholeMap, "data-testid": "zoom-map" }, UI.mapButton);
  zoomIn.onclick = () => board.zoomIn();
  zoomOut.onclick = () => board.zoomOut();
  all.onclick = () => board.fit(board.home.length ? board.home : board.data.area?.length ? board.data.area : undefined);
  return h("div", { class: "zoom", role: "group", "aria-label": UI.mapTools }, zoomIn, zoomOut, all);
}
