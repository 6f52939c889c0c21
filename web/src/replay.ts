// The replay viewer for finished (or opened) games: step through the actions and switch
// the viewpoint between the sides, or see everything.

import { L, fmt } from "./i18n";
import { api, type Action, type SavedGame } from "./api";
import { BiteTable } from "./bite";
import type { BoardData } from "./board";
import { button, clear, h } from "./dom";
import { GenericTable } from "./generic";
import { SwTable, isSwBoard } from "./sw";
import { describe, sideName } from "./text";

interface ReplayStep {
  upto: number;
  total: number;
  side: string | null;
  to_move: string[];
  view: any;
  action: { side: string; verb: string; args: Record<string, any> } | null;
}

export class ReplayViewer {
  private table: BiteTable | SwTable | GenericTable | null = null;

  private want = 0; // the step asked for last (ahead of `upto` while it loads)
  private total = 0;
  private side = "";
  private token: string;
  private bar = h("div", { class: "gamebar replay-bar", "data-testid": "replay-bar" });
  private info = h("span", { class: "replay-info", "data-testid": "replay-info" });
  private slider = h("input", { type: "range", min: 0, max: 0, value: 0, "aria-label": "action" });
  private closed = false;
  private loading = 0;

  constructor(
    private entry: SavedGame,
    private host: HTMLElement,
    private board: (game: string, scenario: string) => Promise<BoardData | null>,
    private say: (m: string) => void,
  ) {
    this.token = Object.values(entry.tokens)[0];
    const sideSel = h("select", { "aria-label": L.replay.viewpoint, "data-testid": "replay-side" },
      h("option", { value: "" }, L.replay.everything), ...Object.keys(entry.kinds).map((s) => h("option", { value: s }, fmt(L.replay.view, { side: sideName(s) }))));
    sideSel.onchange = () => { this.side = sideSel.value; void this.load(this.want); };
    this.slider.oninput = () => void this.load(Number(this.slider.value));
    this.bar.append(
      h("a", { href: "#", class: "home" }, "◂ hexfront"), h("strong", {}, L.replay.title),
      button("|◀", () => void this.load(0), { title: L.replay.start, class: "quiet" }),
      button("◀", () => void this.load(this.want - 1), { title: L.replay.back, class: "quiet", "data-testid": "replay-prev" }),
      button("▶", () => void this.load(this.want + 1), { title: L.replay.forward, class: "quiet", "data-testid": "replay-next" }),
      button("▶|", () => void this.load(this.total), { title: L.replay.end, class: "quiet" }),
      this.slider, sideSel, this.info, h("a", { href: `#game=${entry.id}` }, L.replay.backToGame));
    document.addEventListener("keydown", this.keys);
    void this.load(Number.MAX_SAFE_INTEGER);
  }

  private keys = (ev: KeyboardEvent) => {
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
    if (ev.key === "ArrowRight") void this.load(this.want + 1);
    if (ev.key === "ArrowLeft") void this.load(this.want - 1);
  };

  close(): void {
    this.closed = true;
    document.removeEventListener("keydown", this.keys);
  }

  private async load(upto: number): Promise<void> {
    const n = ++this.loading;
    const target = Math.max(0, Math.min(upto, this.total || upto));
    if (upto !== Number.MAX_SAFE_INTEGER) this.want = target;
    const q = new URLSearchParams();
    if (upto !== Number.MAX_SAFE_INTEGER) q.set("upto", String(target));
    if (this.side) q.set("side", this.side);
    let step: ReplayStep;
    try {
      step = await api<ReplayStep>("GET", `/api/games/${this.entry.id}/replay?${q}`, undefined, this.token);
    } catch (err) {
      if (!this.table) {
        clear(this.host);
        this.host.append(this.bar, h("div", { class: "panel" }, h("h2", {}, L.replay.none), h("p", {}, (err as Error).message)));
      } else this.say((err as Error).message);
      return;
    }
    if (this.closed || n !== this.loading) return;

    if (upto === Number.MAX_SAFE_INTEGER) this.want = step.upto;
    this.total = step.total;
    this.slider.max = String(step.total);
    this.slider.value = String(step.upto);
    if (!this.table) {
      clear(this.host);
      const game = step.view?.game ?? this.entry.game;
      const board = game === "bite" || game === "stalins_war" ? await this.board(game, step.view.scenario) : null;
      const hooks = { act: () => {}, undo: () => {} };
      if (game === "stalins_war") this.table = isSwBoard(board) ? new SwTable(board, hooks, this.bar) : new GenericTable(hooks, this.bar);
      else this.table = board ? new BiteTable(board, hooks, this.bar) : new GenericTable(hooks, this.bar);
      this.table.readOnly = true;
      this.host.append(this.table.root);
    }
    const a = step.action;
    const words = this.table instanceof BiteTable ? (x: Action) => describe(x, (this.table as BiteTable).name, (this.table as BiteTable).place)
      : this.table instanceof SwTable ? (x: Action) => (this.table as SwTable).describe(x) : (x: Action) => `${x.verb} ${JSON.stringify(x.args)}`;
    const what = a ? `${sideName(a.side)}: ${words(a)}` : L.replay.theStart;
    this.info.textContent = fmt(L.replay.info, { n: step.upto, total: step.total, what });
    this.table.showView(step.view);
  }
}
