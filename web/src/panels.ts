// Generic pieces of a map table, for any game with a board (BITE today, Stalin's War later):
// the map's tool bar, the legend panel, keyboard shortcuts and their help overlay. What a
// legend holds and which keys do what is the game's business (board.ts, bite.ts); the words
// come from text.ts.

import { button, clear, h, s } from "./dom";
import { UI } from "./text";

/** One line of a legend: a small drawing (SVG parts in a 28 x 20 box centred on 0 0) and its words. */
export interface LegendItem {
  key: string;
  label: string;
  parts: SVGElement[];
}

export interface LegendSection {
  title: string;
  items: LegendItem[];
}

/** A swatch: SVG parts drawn in a small box centred on 0 0 (the map's own classes and colours apply). */
export function swatch(parts: SVGElement[], w = 28, hgt = 20): SVGSVGElement {
  const svg = s("svg", { class: "swatch", viewBox: `${-w / 2} ${-hgt / 2} ${w} ${hgt}`, width: w, height: hgt, "aria-hidden": "true" });
  svg.append(...parts);
  return svg;
}

/** The legend: a panel over the map, opened by a button in the tool bar or a key. */
export class LegendPanel {
  readonly root = h("aside", { class: "legend", hidden: true, "data-testid": "legend", "aria-label": UI.legendTitle });

  constructor(private sections: () => LegendSection[]) {}

  get open(): boolean {
    return !this.root.hidden;
  }

  toggle(open = !this.open): void {
    if (open) this.draw();
    this.root.hidden = !open;
    this.onToggle(open);
  }

  onToggle: (open: boolean) => void = () => {};

  private draw(): void {
    clear(this.root);
    this.root.append(h("div", { class: "legend-head" }, h("h3", {}, UI.legendTitle), button("×", () => this.toggle(false), { class: "quiet", title: UI.close, "aria-label": UI.close })));
    for (const sec of this.sections()) {
      const list = h("ul", {});
      for (const it of sec.items) list.append(h("li", { "data-key": it.key }, swatch(it.parts), h("span", {}, it.label)));
      this.root.append(h("section", {}, h("h4", {}, sec.title), list));
    }
  }
}

export interface Shortcut {
  /** KeyboardEvent.key values ("u", "+", "Enter"). */
  keys: string[];
  /** What is shown for the keys in the help ("+ or =", "Enter"). */
  shown: string;
  label: string;
  run: () => void;
}

/** Keyboard shortcuts of one table, and the help overlay that lists them ("?"). */
export class Shortcuts {
  private list: Shortcut[] = [];
  readonly help = h("div", { class: "help-overlay", hidden: true, "data-testid": "help", role: "dialog", "aria-label": UI.helpTitle });

  /** `alive`: whether the table is on the page and shown (a replaced or covered table's keys go quiet). */
  constructor(private alive: () => boolean) {
    document.addEventListener("keydown", this.onKey);
    this.help.addEventListener("click", (ev) => {
      if (ev.target === this.help) this.toggleHelp(false);
    });
  }

  add(sc: Shortcut): void {
    this.list.push(sc);
  }

  get helpOpen(): boolean {
    return !this.help.hidden;
  }

  toggleHelp(open = !this.helpOpen): void {
    if (open) {
      clear(this.help);
      const rows = h("tbody", {}, ...this.list.map((sc) => h("tr", {}, h("td", {}, h("kbd", {}, sc.shown)), h("td", {}, sc.label))));
      this.help.append(h("div", { class: "help-box" },
        h("div", { class: "legend-head" }, h("h3", {}, UI.helpTitle), button("×", () => this.toggleHelp(false), { class: "quiet", title: UI.close, "aria-label": UI.close })),
        h("table", {}, rows)));
    }
    this.help.hidden = !open;
  }

  private onKey = (ev: KeyboardEvent): void => {
    if (!this.alive()) return;
    const t = ev.target;
    if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    // Enter on a focused button presses that button, not the table's main one.
    if (ev.key === "Enter" && t instanceof HTMLButtonElement) return;
    // The help is open: only its own keys (Escape, "?") work, nothing behind it.
    if (this.helpOpen && ev.key !== "Escape" && ev.key !== "?") return;
    const sc = this.list.find((x) => x.keys.includes(ev.key));
    if (!sc) return;
    ev.preventDefault();
    sc.run();
  };
}
