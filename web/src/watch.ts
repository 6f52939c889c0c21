// The spectator page (`#watch=ID&token=T`): a read-only table fed by the spectator socket.
// It shows what every side sees (no hidden block of either side) and, if the game's
// creator allowed it, the full game at the end or some turns behind.

import { L, fmt } from "./i18n";
import { sideName, verdictWords } from "./text";
import { SeatSocket, type Payload } from "./api";
import { BiteTable } from "./bite";
import type { BoardData } from "./board";
import { button, clear, h } from "./dom";
import { GenericTable } from "./generic";
import { SwTable, isSwBoard } from "./sw";

export interface SpectatorPayload extends Omit<Payload, "side" | "your_turn" | "legal_actions" | "can_undo" | "record"> {
  spectator: true;
  turn: number | null;
  full: { seq: number; turn: number | null; view: any } | null;
  spectate: { full: "public" | "end" | "delayed"; delay: number };
}

const NO_ACTIONS = { act: () => undefined, undo: () => undefined };

export class SpectatorViewer {
  private table: BiteTable | SwTable | GenericTable | null = null;
  private socket: SeatSocket;
  private bar = h("div", { class: "gamebar", "data-testid": "watch-bar" });
  private holder = h("div", { class: "holder" });
  private latest: SpectatorPayload | null = null;
  private showFull = false;
  private closed = false;

  constructor(
    gameId: string,
    token: string,
    host: HTMLElement,
    private board: (game: string, scenario: string) => Promise<BoardData | null>,
    private say: (m: string) => void,
    private scenarioLabel: (game: string, id: string) => string = (_game, id) => id,
  ) {
    host.append(this.holder);
    this.socket = new SeatSocket(gameId, token, (p) => void this.accept(p as unknown as SpectatorPayload), (detail, fatal) => {
      this.say(detail);
      if (fatal) {
        clear(this.holder);
        this.holder.append(h("div", { class: "panel" }, h("h2", {}, L.watch.bad), h("p", {}, detail), h("a", { href: "#" }, L.bar.frontPage)));
      }
    }, "spectate/ws");
  }

  close(): void {
    this.closed = true;
    this.socket.close();
  }

  private async accept(p: SpectatorPayload): Promise<void> {
    if (this.closed || (this.latest && p.version < this.latest.version)) return;
    this.latest = p;
    if (!this.table) {
      const data = p.game === "bite" || p.game === "stalins_war" ? await this.board(p.game, p.scenario) : null;
      if (this.table || this.closed) return;
      if (p.game === "stalins_war") this.table = isSwBoard(data) ? new SwTable(data, NO_ACTIONS, this.bar) : new GenericTable(NO_ACTIONS, this.bar);
      else this.table = data ? new BiteTable(data, NO_ACTIONS, this.bar) : new GenericTable(NO_ACTIONS, this.bar);
      this.table.readOnly = true;
      clear(this.holder);
      this.holder.append(this.table.root);
    }
    this.render();
  }

  /** The game and its scenario as the bar names them (the catalogue's words, when come). */
  private title(p: SpectatorPayload): string {
    return `${p.game === "bite" ? L.bar.title : p.title ?? p.game} · ${this.scenarioLabel(p.game, p.scenario)}`;
  }

  /** Say the bar's title again (the scenarios' names have come). */
  retitle(): void {
    const shown = this.bar.querySelector("[data-testid=bar-title]");
    if (shown && this.latest) shown.textContent = this.title(this.latest);
  }

  private render(): void {
    const p = this.latest!;
    if (!p.full) this.showFull = false;
    clear(this.bar);
    this.bar.append(h("a", { href: "#", class: "home" }, "◂ hexfront"), h("strong", {}, L.watch.title),
      h("span", { class: "title", "data-testid": "bar-title" }, this.title(p)));
    let status = p.status === "over" ? fmt(L.watch.over, { verdict: verdictWords(p.result) }) : fmt(L.watch.toMove, { who: p.to_move.map(sideName).join(", ") || "—" });
    if (p.turn !== null) status += fmt(L.watch.turn, { n: p.turn });
    this.bar.append(h("span", { class: "muted", "data-testid": "watch-status" }, status));
    const mode = { public: L.watch.public, end: L.watch.end, delayed: fmt(L.watch.delayed, { n: p.spectate.delay }) }[p.spectate.full];
    this.bar.append(h("span", { class: "muted", title: L.watch.chosen }, fmt(L.watch.see, { mode })));
    if (p.full) {
      const label = this.showFull ? L.watch.showNow : p.full.turn !== null ? fmt(L.watch.showAllTurn, { n: p.full.turn }) : L.watch.showAll;
      this.bar.append(button(label, () => { this.showFull = !this.showFull; this.render(); }, { class: "quiet", "data-testid": "watch-full" }));
    }
    const view = this.showFull && p.full ? p.full.view : p.view;
    this.table!.showView(view);
    document.title = fmt(L.watch.docTitle, { scenario: p.scenario });
  }
}
