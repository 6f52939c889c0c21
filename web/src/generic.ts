// A plain panel for games without a map client (the engine's Skirmish): the seat's view as
// text, and every legal action as a button.

import type { Action, Payload } from "./api";
import { button, clear, h } from "./dom";
import { fmt, L } from "./i18n";
import { sideName } from "./text";

export class GenericTable {
  readonly root = h("div", { class: "generic" });
  readOnly = false;

  constructor(private hooks: { act(a: Action): void; undo(): void }, extraBar: HTMLElement | null = null) {
    if (extraBar) this.root.append(extraBar);
    this.body = h("div", {});
    this.root.append(this.body);
  }

  private body: HTMLElement;

  show(p: Payload): void {
    this.render(p.view, p);
  }

  showView(view: any): void {
    this.render(view, null);
  }

  private render(v: any, p: Payload | null): void {
    const box = this.body;
    clear(box);
    if (p) {
      const words = (key: string) => key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
      const G = L.generic;
      let status = `${p.title ?? words(p.game)} · ${words(p.scenario)} · ${fmt(G.youAre, { side: sideName(p.side) })} · `;
      if (p.status === "over") status += fmt(G.over, { outcome: p.result?.outcome ?? "" });
      else if (p.ai.thinking) status += fmt(G.thinking, { agent: p.ai.thinking });
      else status += p.your_turn ? G.yourMove : fmt(G.waiting, { sides: p.to_move.map(sideName).join(", ") });
      if (v.round !== undefined) status += ` · ${fmt(G.round, { n: v.round })}`;
      box.append(h("p", { class: "tracker", "data-testid": "status" }, status));
    }
    const blocks = Object.entries((v.blocks ?? {}) as Record<string, any>);
    if (blocks.length) {
      const table = h("table", {}, h("thead", {}, h("tr", {}, ...L.generic.columns.map((x) => h("th", {}, x)))));
      const body = h("tbody");
      for (const [handle, b] of blocks) body.append(h("tr", { class: b.side }, ...[handle, b.side, b.hex, b.name ?? "?", b.strength ?? "?"].map((x) => h("td", {}, String(x)))));
      table.append(body);
      box.append(h("h3", {}, L.generic.blocks), table);
    }
    if (p && !this.readOnly) {
      box.append(h("h3", { "data-testid": "prompt" }, v.prompt?.text ?? (p.status === "over" ? L.generic.isOver : L.generic.notYourTurn)));
      const actions = h("div", { class: "choices" });
      p.legal_actions.forEach((a, i) => {
        // The game's own words when the server sends them; the raw action otherwise.
        const label = p.action_texts?.[i] ?? [a.verb, ...Object.entries(a.args).map(([k, x]) => `${k} ${x}`)].join(" ");
        actions.append(button(label, () => this.hooks.act({ verb: a.verb, args: a.args })));
      });
      if (p.can_undo) actions.append(button(L.generic.undo, () => this.hooks.undo(), { class: "quiet" }));
      box.append(actions);
    }
    const log = h("ol", { class: "log", reversed: true });
    const events: any[] = v.log ?? [];
    const lines = p?.log_lines?.length === events.length ? p.log_lines : undefined;
    for (let i = events.length - 1; i >= Math.max(0, events.length - 80); i--) {
      const e = events[i];
      log.append(h("li", {}, lines?.[i] ?? `${e.kind} ${Object.entries(e.data ?? {}).map(([k, x]) => `${k}=${JSON.stringify(x)}`).join(" ")}`));
    }
    box.append(h("h3", {}, L.generic.happened), log);
  }
}
