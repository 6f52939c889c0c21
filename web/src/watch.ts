// The spectator page (`#watch=ID&token=T`): a read-only table fed by the spectator socket.
// It shows what every side sees (no hidden block of either side) and, if the game's
// creator allowed it, the full game at the end or some turns behind.

import { SeatSocket, type Payload } from "./api";
import { BiteTable } from "./bite";
import type { BoardData } from "./board";
import { button, clear, h } from "./dom";
import { GenericTable } from "./generic";

export interface SpectatorPayload extends Omit<Payload, "side" | "your_turn" | "legal_actions" | "can_undo" | "record"> {
  spectator: true;
  turn: number | null;
  full: { seq: number; turn: number | null; view: any } | null;
  spectate: { full: "public" | "end" | "delayed"; delay: number };
}

const NO_ACTIONS = { act: () => undefined, undo: () => undefined };

export class SpectatorViewer {
  private table: BiteTable | GenericTable | null = null;
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
  ) {
    host.append(this.holder);
    this.socket = new SeatSocket(gameId, token, (p) => void this.accept(p as unknown as SpectatorPayload), (detail, fatal) => {
      this.say(detail);
      if (fatal) {
        clear(this.holder);
        this.holder.append(h("div", { class: "panel" }, h("h2", {}, "This spectator link does not work"), h("p", {}, detail), h("a", { href: "#" }, "Front page")));
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
      const data = p.game === "bite" ? await this.board(p.game, p.scenario) : null;
      if (this.table || this.closed) return;
      this.table = data ? new BiteTable(data, NO_ACTIONS, this.bar) : new GenericTable(NO_ACTIONS, this.bar);
      this.table.readOnly = true;
      clear(this.holder);
      this.holder.append(this.table.root);
    }
    this.render();
  }

  private render(): void {
    const p = this.latest!;
    if (!p.full) this.showFull = false;
    clear(this.bar);
    this.bar.append(h("a", { href: "#", class: "home" }, "◂ hexfront"), h("strong", {}, "Watching"),
      h("span", { class: "title" }, `${p.game === "bite" ? "Blocks in the East" : p.game} · ${p.scenario}`));
    let status = p.status === "over" ? `game over: ${p.result?.outcome ?? ""}` : `to move: ${p.to_move.join(", ") || "—"}`;
    if (p.turn !== null) status += ` · turn ${p.turn}`;
    this.bar.append(h("span", { class: "muted", "data-testid": "watch-status" }, status));
    const mode = { public: "only what both sides see", end: "everything once the game is over", delayed: `everything, ${p.spectate.delay} turn(s) behind` }[p.spectate.full];
    this.bar.append(h("span", { class: "muted", title: "chosen by the game's creator" }, `Spectators see ${mode}`));
    if (p.full) {
      const label = this.showFull ? "Show what both sides see now" : `Show everything${p.full.turn !== null ? ` (turn ${p.full.turn})` : ""}`;
      this.bar.append(button(label, () => { this.showFull = !this.showFull; this.render(); }, { class: "quiet", "data-testid": "watch-full" }));
    }
    const view = this.showFull && p.full ? p.full.view : p.view;
    this.table!.showView(view);
    document.title = `hexfront · watching ${p.scenario}`;
  }
}
