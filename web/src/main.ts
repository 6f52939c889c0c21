// hexfront's browser client: the front page, a game table per seat (or two seats at one
// screen, behind a cover), invite links and the replay viewer. Seat tokens stay in this
// browser (localStorage and the URL fragment, which is never sent to the server).

import "./style.css";
import { ApiError, SeatSocket, api, forgetGame, saveGame, savedGames, type Action, type Catalog, type Created, type GameStatus, type Payload, type SavedGame } from "./api";
import { BiteTable, type Report } from "./bite";
import type { BoardData } from "./board";
import { $, button, clear, h } from "./dom";
import { GenericTable } from "./generic";
import { SwTable, isSwBoard } from "./sw";
import { gameStatusWords } from "./text";
import { L, LANGS, fmt, lang, setLang, type Lang } from "./i18n";
import { ReplayViewer } from "./replay";
import { TEAM_OPTION, seatName, teamSeats } from "./teams";
import { SpectatorViewer } from "./watch";

document.documentElement.lang = lang;
const app = $("#app");
const toast = h("div", { class: "toast", hidden: true, role: "status", "data-testid": "toast" });
document.body.append(toast);
let toastTimer = 0;

export function say(message: string, error = true): void {
  toast.textContent = message;
  toast.className = `toast${error ? " error" : ""}`;
  toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => (toast.hidden = true), 6000);
}

let catalog: Catalog | null = null;
async function getCatalog(): Promise<Catalog> {
  catalog ??= await api<Catalog>("GET", "/api/games/catalog");
  return catalog;
}

/** The scenarios' names in the page's language (the catalogue's words), by "game/id". */
const scenarioNames = new Map<string, string>();

/** A scenario as the game bar names it: a BITE scenario by its code and the name its
 * rulebook prints ("SBE1 La route de Leningrad"), another game's by its name; its id until
 * the catalogue has come. */
function scenarioLabel(game: string, id: string): string {
  const name = scenarioNames.get(`${game}/${id}`);
  if (!name || name === id) return id;
  return game === "bite" ? `${id} ${name}` : name;
}

/** Ask the catalogue for the scenarios' names once (without holding anything back), then
 * call `then` to say them. */
function learnScenarioNames(then: () => void): void {
  if (scenarioNames.size) return;
  void getCatalog().then((cat) => {
    for (const g of cat.games) for (const s of g.scenarios) scenarioNames.set(`${g.name}/${s.id}`, s.name);
    then();
  }).catch(() => undefined);
}

const boards = new Map<string, Promise<BoardData | null>>();
export function getBoard(game: string, scenario: string): Promise<BoardData | null> {
  const key = `${game}/${scenario}`;
  if (!boards.has(key)) {
    // In the page's language: Stalin's War's board brings its cards' titles and summaries.
    boards.set(key, fetch(`/api/games/catalog/${game}/board?scenario=${encodeURIComponent(scenario)}&lang=${lang}`)
      .then((r) => (r.ok ? (r.json() as Promise<BoardData>) : null))
      .catch(() => null));
  }
  return boards.get(key)!;
}

let current: { close(): void } | null = null;

function leave(): void {
  current?.close();
  current = null;
  clear(app);
}

// --- the front page ---------------------------------------------------------------------

async function createGame(body: Record<string, unknown>, mode: "ai" | "hotseat" | "human", me: string, scenario: string): Promise<void> {
  const res = await api<Created>("POST", "/api/games", body);
  const entry: SavedGame = {
    id: res.id,
    game: String(body.game),
    scenario,
    tokens: mode === "human" ? { [me]: res.seats[me] } : res.seats,
    kinds: res.kinds,
    created: Date.now(),
  };
  if (mode === "human") {
    entry.invites = {};
    for (const [side, link] of Object.entries(res.links)) if (side !== me) entry.invites[side] = location.origin + link;
  }
  saveGame(entry);
  location.hash = `game=${res.id}`;
}

/** The language switch (remembered in this browser; the page reloads in the new language). */
export function langPicker(): HTMLElement {
  const sel = h("select", { "aria-label": L.ui.language, "data-testid": "lang", title: L.ui.language },
    ...Object.entries(LANGS).map(([code, name]) => h("option", { value: code }, name)));
  sel.value = lang;
  sel.onchange = () => setLang(sel.value as Lang);
  return h("label", { class: "lang" }, sel);
}

async function lobby(): Promise<void> {
  leave();
  document.title = "hexfront";
  const quick = button(L.lobby.quick, async () => {
    quick.disabled = true;
    try {
      await createGame({ game: "bite", scenario: "SBE1", opponents: { axis: "human", soviet: "heuristic" }, play_as: "axis" }, "ai", "axis", "SBE1");
    } catch (err) {
      say(fmt(L.lobby.couldNotStart, { error: (err as Error).message }));
      quick.disabled = false;
    }
  }, { class: "big primary", "data-testid": "new-sbe1" });
  const form = h("form", { class: "new-game" });
  const recent = h("ul", { class: "recent", "data-testid": "recent" });
  app.append(
    h("section", { class: "hero" },
      h("h1", {}, "hexfront"), langPicker(),
      h("p", {}, L.lobby.about),
      quick,
      h("p", { class: "muted" }, L.lobby.quickHint)),
    h("section", {}, h("h2", {}, L.lobby.more), form),
    h("section", {}, h("h2", {}, L.lobby.games), recent),
    h("p", { class: "muted foot" }, L.lobby.api, h("a", { href: "/docs" }, "/docs"), L.lobby.plain, h("a", { href: "/plain" }, "/plain")),
  );
  renderRecent(recent);
  let cat: Catalog;
  try {
    cat = await getCatalog();
  } catch (err) {
    say(fmt(L.lobby.noServer, { error: (err as Error).message }));
    return;
  }
  const games = cat.games.filter((g) => g.playable);
  const gameSel = h("select", { name: "game", "aria-label": "game" }, ...games.map((g) => h("option", { value: g.name }, g.title)));
  const scenSel = h("select", { name: "scenario", "aria-label": "scenario" });
  const sideSel = h("select", { name: "side", "aria-label": L.lobby.playAs });
  const oppSel = h("select", { name: "opponent", "aria-label": "opponent" },
    ...cat.agents.map((a) => h("option", { value: `ai:${a}` }, fmt(L.lobby.computer, { agent: a }))),
    h("option", { value: "hotseat" }, L.lobby.hotseat),
    h("option", { value: "human" }, L.lobby.friend));
  oppSel.value = cat.agents.includes("heuristic") ? "ai:heuristic" : `ai:${cat.agents[0]}`;
  const opts = h("span", { class: "options" });
  const fill = () => {
    const g = games.find((x) => x.name === gameSel.value)!;
    clear(scenSel);
    for (const s of g.scenarios.filter((x) => x.playable)) scenSel.append(h("option", { value: s.id }, fmt(L.lobby.turns, { id: s.id, name: s.name, n: s.turns })));
    fillOptions();
  };
  // The seats to choose from: the sides, or with team play (38.1) each side's two commanders.
  const teamChosen = () => (opts.querySelector(`select[name='opt:${TEAM_OPTION}']`) as HTMLSelectElement | null)?.value === "true";
  const fillSeats = () => {
    const g = games.find((x) => x.name === gameSel.value)!;
    const seats = teamChosen() ? teamSeats(g.sides) : g.sides;
    const was = sideSel.value;
    clear(sideSel);
    for (const s of seats) sideSel.append(h("option", { value: s }, seatName(s)));
    if (seats.includes(was)) sideSel.value = was;
  };
  // The options of the chosen scenario only (a scenario rule such as SBE5's Luftwaffe Total
  // Supremacy belongs to few; the server refuses it elsewhere).
  const fillOptions = () => {
    const g = games.find((x) => x.name === gameSel.value)!;
    clear(opts);
    for (const o of g.options.filter((x) => !x.scenarios?.length || x.scenarios.includes(scenSel.value))) {
      // The choices themselves (true, "chart", null...) travel with the select: the server
      // gets back exactly one of the values it offered, whatever their JSON type.
      const sel = h("select", { name: `opt:${o.name}`, "data-choices": JSON.stringify(o.choices.length ? o.choices : [o.default]) });
      const choices = o.choices.length ? o.choices : [o.default];
      // The player's language has words for the options it knows; else the game's own words.
      const words = (L.options as Record<string, { label: string; help: string; choices: Record<string, string> } | undefined>)[o.name];
      choices.forEach((c, i) => {
        // The words for each choice; the value itself stays internal.
        const opt = h("option", { value: String(c) }, words?.choices[String(c)] ?? o.choice_labels?.[i] ?? String(c));
        opt.selected = c === o.default;
        sel.append(opt);
      });
      if (o.name === TEAM_OPTION) sel.onchange = fillSeats;
      opts.append(h("label", { title: words?.help ?? o.help }, `${words?.label ?? o.label ?? o.name} `, sel));
    }
    fillSeats();
  };
  gameSel.onchange = fill;
  scenSel.onchange = fillOptions;
  fill();
  const start = h("button", { type: "submit" }, L.lobby.start);
  form.append(
    h("label", {}, L.lobby.game, gameSel), h("label", {}, L.lobby.scenario, scenSel), h("label", {}, L.lobby.playAsLabel, sideSel),
    h("label", {}, L.lobby.opponent, oppSel), opts, start);
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const g = games.find((x) => x.name === gameSel.value)!;
    const me = sideSel.value;
    const who = oppSel.value;
    const options: Record<string, unknown> = {};
    for (const sel of Array.from(opts.querySelectorAll("select"))) {
      const choices = JSON.parse(sel.dataset.choices ?? "[]") as unknown[];
      options[sel.name.slice(4)] = choices[sel.selectedIndex];
    }
    const opponents: Record<string, string> = {};
    const seats = teamChosen() ? teamSeats(g.sides) : g.sides;
    for (const s of seats) opponents[s] = s === me ? (who === "hotseat" ? "hotseat" : "human") : who.startsWith("ai:") ? who.slice(3) : who;
    start.disabled = true;
    try {
      await createGame({ game: g.name, scenario: scenSel.value, options, opponents, play_as: me }, who.startsWith("ai:") ? "ai" : (who as "hotseat" | "human"), me, scenSel.value);
    } catch (err) {
      say((err as Error).message);
      start.disabled = false;
    }
  };
}

function renderRecent(ul: HTMLElement): void {
  clear(ul);
  const list = savedGames();
  if (!list.length) {
    ul.append(h("li", { class: "muted" }, L.lobby.noneYet));
    return;
  }
  for (const g of list) {
    const sides = Object.keys(g.tokens).map(seatName).join(" + ");
    const started = new Date(g.created).toLocaleString();
    const status = h("span", { class: "muted", "data-testid": "game-status" }, ` ${gameStatusWords(false, null, started)} `);
    const li = h("li", { "data-game": g.id },
      h("a", { href: `#game=${g.id}` }, `${g.game} ${g.scenario ?? ""} · ${sides}`),
      status,
      h("a", { href: `#replay=${g.id}` }, "replay"), " ",
      button("forget", () => { forgetGame(g.id); renderRecent(ul); }, { class: "quiet" }));
    ul.append(li);
    // Whose move it is, or the verdict of a finished game: asked of the server with this
    // browser's seat (GET /status reads the game's row only, so a long game is not loaded).
    const token = Object.values(g.tokens)[0];
    if (token) {
      api<GameStatus>("GET", `/api/games/${g.id}/status`, undefined, token).then((st) => {
        li.dataset.status = st.status;
        if (st.status === "over") {
          status.textContent = ` ${gameStatusWords(true, st.result, started)} `;
          status.className = "finished";
          return;
        }
        const mine = st.to_move.some((s) => s in g.tokens);
        li.dataset.turn = mine ? "mine" : "theirs";
        const others = st.waiting_for.filter((w) => !(w.side in g.tokens));
        const who = others.map((w) => fmt(w.kind === "ai" ? L.lobby.machine : L.lobby.person, { side: seatName(w.side) })).join(", ");
        status.textContent = ` ${mine || !who ? L.lobby.yourMove : fmt(L.lobby.waitingFor, { who })} · ${gameStatusWords(false, null, started)} `;
        status.className = mine ? "your-move" : "muted";
      }, () => {});
    }
  }
}

// --- a game at this screen ---------------------------------------------------------------

class Session {
  private latest: Record<string, Payload> = {};
  private sockets: SeatSocket[] = [];
  private shown: string | null = null;
  private ready: string | null = null;
  private table: BiteTable | SwTable | GenericTable | null = null;
  private cover = h("div", { class: "cover", hidden: true, "data-testid": "cover" });
  private holder = h("div", { class: "holder" });
  private bar = h("div", { class: "gamebar" });
  private busy = false;
  private closed = false;
  private spectatorUrl: string | null = null;

  constructor(private entry: SavedGame) {
    app.append(this.cover, this.holder);
    for (const [side, token] of Object.entries(entry.tokens)) {
      this.sockets.push(new SeatSocket(entry.id, token, (p) => this.accept(side, p), (detail, fatal) => {
        say(detail);
        if (fatal) this.lost(side, detail);
      }));
    }
  }

  close(): void {
    this.closed = true;
    for (const s of this.sockets) s.close();
  }

  private lost(side: string, detail: string): void {
    clear(this.holder);
    this.holder.append(h("div", { class: "panel" }, h("h2", {}, fmt(L.bar.lost, { side: seatName(side) })), h("p", {}, detail), h("a", { href: "#" }, L.bar.back)));
  }

  private get hotseat(): boolean {
    return Object.keys(this.entry.tokens).length > 1;
  }

  private accept(side: string, p: Payload): void {
    if (this.closed) return;
    // The socket may bring a newer view (an AI move) before the answer to our own POST:
    // never go back to an older version.
    const known = this.latest[side];
    if (known && p.version < known.version) return;
    this.latest[side] = p;
    if (!this.entry.scenario || !this.entry.game || !Object.keys(this.entry.kinds ?? {}).length) {
      this.entry.kinds = Object.fromEntries(Object.entries(p.seats).map(([s, seat]) => [s, seat.kind]));
      this.entry.scenario = p.scenario;
      this.entry.game = p.game;
      saveGame(this.entry);
    }
    void this.render();
  }

  private choose(): string | null {
    const sides = Object.keys(this.latest);
    const acting = sides.find((s) => this.latest[s].your_turn);
    return acting ?? this.shown ?? sides[0] ?? null;
  }

  private async render(): Promise<void> {
    const side = this.choose();
    if (!side) return;
    if (this.hotseat && side !== this.ready && this.latest[side].status !== "over") {
      // Hotseat: cover the screen, so that the next player does not see the other's blocks.
      this.holder.hidden = true;
      clear(this.cover);
      this.cover.hidden = false;
      const go = button(L.bar.ready, () => {
        this.ready = side;
        this.cover.hidden = true;
        this.holder.hidden = false;
        void this.render();
      }, { class: "big primary", "data-testid": "cover-ready" });
      this.cover.append(h("p", {}, fmt(L.bar.cover, { side: seatName(side) })), go);
      go.focus();
      return;
    }
    this.cover.hidden = true;
    this.holder.hidden = false;
    const p = this.latest[side];
    if (!this.table || this.shown !== side) {
      this.shown = side;
      await this.build(p);
    }
    this.drawBar(p);
    this.table!.show(this.latest[side]);
    document.title = `hexfront · ${p.scenario} · ${seatName(side)}${p.your_turn ? L.bar.yourMove : ""}`;
  }

  private async build(p: Payload): Promise<void> {
    const hooks = {
      act: (a: Action) => this.post(this.shown!, "actions", { action: a }),
      undo: () => this.post(this.shown!, "undo", {}),
      report: () => api<Report>("GET", `/api/games/${this.entry.id}/report`, undefined, this.entry.tokens[this.shown!]),
    };
    clear(this.holder);
    const board = p.game === "bite" || p.game === "stalins_war" ? await getBoard(p.game, p.scenario) : null;
    if (this.table && this.shown !== (p.seat ?? p.side)) return;
    // Each game its own table: Stalin's War's board data brings its cards and counters.
    if (p.game === "stalins_war") this.table = isSwBoard(board) ? new SwTable(board, hooks, this.bar) : new GenericTable(hooks, this.bar);
    else this.table = board ? new BiteTable(board, hooks, this.bar) : new GenericTable(hooks, this.bar);
    // At a hotseat the cover already stops the screen between the players.
    if (this.table instanceof BiteTable) this.table.pauseAllowed = !this.hotseat;
    this.holder.append(this.table.root);
  }

  private drawBar(p: Payload): void {
    clear(this.bar);
    const e = this.entry;
    const title = () => `${p.game === "bite" ? L.bar.title : p.title ?? p.game} · ${scenarioLabel(p.game, p.scenario)}`;
    const shown = h("span", { class: "title", "data-testid": "bar-title" }, title());
    this.bar.append(h("a", { href: "#", class: "home" }, "◂ hexfront"), shown);
    learnScenarioNames(() => (shown.textContent = title()));
    const mine = p.seat ?? p.side;
    const opp = Object.entries(p.seats).filter(([s]) => s !== mine).map(([s, seat]) => `${seatName(s)}: ${seat.kind === "ai" ? fmt(L.bar.computer, { agent: seat.agent }) : seat.kind === "hotseat" ? L.bar.thisScreen : L.bar.friend}`);
    this.bar.append(h("span", { class: "muted" }, opp.join(", ")), langPicker());
    if (p.team) {
      // Team play (38.1): whose command this is, and which seats are to decide now.
      const who = p.team.seats_to_move.map(seatName).join(", ") || L.team.nobody;
      this.bar.append(
        h("span", { class: "team-seat", "data-testid": "team-seat", "data-seat": mine }, fmt(L.team.you, { seat: seatName(mine) })),
        h("span", { class: "muted", "data-testid": "team-to-move", "data-seats": p.team.seats_to_move.join(" ") }, fmt(L.team.toMove, { who })));
      if (p.team.ready.includes(mine)) this.bar.append(h("span", { class: "muted", "data-testid": "team-ready" }, L.team.ready));
    }
    if (p.seed_chosen_by_creator) {
      this.bar.append(h("span", { class: "seed-note", "data-testid": "seed-chosen", title: L.bar.seedTip }, L.bar.seedNote));
    }
    if (p.dice_commitment) {
      // The server sealed its dice before the first roll; the secret is shown with the record
      // after the game, and `hexfront replay --verify` checks every roll against this seal.
      const seal = p.dice_commitment;
      this.bar.append(h("span", { class: "muted dice-seal", "data-testid": "dice-seal", title: fmt(L.bar.sealTip, { seal }) }, fmt(L.bar.sealed, { seal: seal.slice(0, 12) })));
    }
    if (e.invites) {
      for (const [side, link] of Object.entries(e.invites)) {
        const input = h("input", { readonly: true, value: link, size: 40, "data-testid": `invite-${side}`, "aria-label": `invite link for ${side}` });
        this.bar.append(h("span", { class: "invite" }, fmt(L.bar.invite, { side: seatName(side) }), input,
          button(L.bar.copy, () => { input.select(); void navigator.clipboard?.writeText(link); say(L.bar.copied, false); }, { class: "quiet" })));
      }
    }
    const url = this.spectatorUrl;
    if (url) {
      const input = h("input", { readonly: true, value: url, size: 40, "data-testid": "spectator-link", "aria-label": "spectator link" });
      this.bar.append(h("span", { class: "invite" }, L.bar.spectators, input,
        button(L.bar.copy, () => { input.select(); void navigator.clipboard?.writeText(url); say(L.bar.copied, false); }, { class: "quiet" })));
    } else {
      this.bar.append(button(L.bar.spectatorLink, () => void this.spectatorLink(p), { class: "quiet", "data-testid": "make-spectator-link", title: L.bar.spectatorTip }));
    }
    if (p.record.open) this.bar.append(h("a", { href: `#replay=${e.id}`, class: "replay-link", "data-testid": "replay-link" }, L.bar.replay));
    if (!this.hotseat && !e.invites) {
      this.bar.append(button(L.bar.newLink, () => void this.rotate(p.seat ?? p.side), { class: "quiet", title: L.bar.rotateTip }));
    }
  }

  private async spectatorLink(p: Payload): Promise<void> {
    try {
      const res = await api<{ link: string }>("POST", `/api/games/${this.entry.id}/spectators`, {}, this.entry.tokens[p.seat ?? p.side]);
      this.spectatorUrl = location.origin + res.link;
      void this.render();
    } catch (err) {
      say((err as Error).message);
    }
  }

  private async rotate(side: string): Promise<void> {
    if (!confirm(L.bar.rotateConfirm)) return;
    try {
      const res = await api<{ token: string; link: string }>("POST", `/api/games/${this.entry.id}/token`, {}, this.entry.tokens[side]);
      this.entry.tokens[side] = res.token;
      saveGame(this.entry);
      say("Done: only this browser holds the new link.", false);
      leave();
      route();
    } catch (err) {
      say((err as Error).message);
    }
  }

  private async post(side: string, what: "actions" | "undo", body: Record<string, unknown>): Promise<void> {
    if (this.busy) return;
    const p = this.latest[side];
    this.busy = true;
    try {
      const res = await api<Payload>("POST", `/api/games/${this.entry.id}/${what}`, { ...body, version: p.version }, this.entry.tokens[side]);
      this.accept(side, res);
    } catch (err) {
      const e = err as ApiError;
      say(e.message);
      if (e.status === 409 || e.status === 422) {
        try {
          this.accept(side, await api<Payload>("GET", `/api/games/${this.entry.id}/view`, undefined, this.entry.tokens[side]));
        } catch {
          /* the socket will bring it */
        }
      }
    } finally {
      this.busy = false;
    }
  }
}

async function openGame(id: string, token: string | null, invite: string | null = null): Promise<void> {
  leave();
  let entry = savedGames().find((g) => g.id === id) ?? null;
  if (invite) {
    // An invite link: the code takes the seat once, and its token comes to this browser only.
    try {
      const joined = await api<{ side: string; token: string }>("POST", `/api/games/${id}/join`, { invite });
      token = joined.token;
    } catch (err) {
      history.replaceState(null, "", `#game=${id}`);
      const used = err instanceof ApiError && err.status === 409;
      const title = used ? L.bar.inviteUsed : L.bar.inviteBad;
      const hint = used
        ? L.bar.inviteUsedHint
        : (err as Error).message;
      app.append(h("div", { class: "panel", "data-testid": "invite-error" }, h("h2", {}, title), h("p", {}, hint), ...(entry ? [h("a", { href: `#game=${id}` }, L.bar.openSeats)] : []), " ", h("a", { href: "#" }, L.bar.frontPage)));
      return;
    }
  }
  if (token) {
    // An invite link: learn the side from the server, keep the token in this browser only.
    try {
      const view = await api<Payload>("GET", `/api/games/${id}/view`, undefined, token);
      entry = { ...(entry ?? { id, game: view.game, scenario: view.scenario, kinds: {}, created: Date.now(), tokens: {} }) };
      entry.tokens = { ...entry.tokens, [view.seat ?? view.side]: token };
      entry.kinds = Object.fromEntries(Object.entries(view.seats).map(([side, seat]) => [side, seat.kind]));
      saveGame(entry);
      history.replaceState(null, "", `#game=${id}`);
    } catch (err) {
      app.append(h("div", { class: "panel" }, h("h2", {}, L.bar.inviteBad), h("p", {}, (err as Error).message), h("a", { href: "#" }, L.bar.frontPage)));
      return;
    }
  }
  if (!entry) {
    app.append(h("div", { class: "panel" }, h("h2", {}, L.bar.noSeat), h("p", {}, L.bar.openInvite), h("a", { href: "#" }, L.bar.frontPage)));
    return;
  }
  current = new Session(entry);
}

function openReplay(id: string): void {
  leave();
  const entry = savedGames().find((g) => g.id === id);
  if (!entry) {
    app.append(h("div", { class: "panel" }, h("h2", {}, L.bar.noSeat), h("a", { href: "#" }, L.bar.frontPage)));
    return;
  }
  const viewer = new ReplayViewer(entry, app, getBoard, say);
  current = viewer;
}

function openWatch(id: string, token: string): void {
  leave();
  const viewer = new SpectatorViewer(id, token, app, getBoard, say, scenarioLabel);
  current = viewer;
  learnScenarioNames(() => viewer.retitle());
}

function route(): void {
  const params = new URLSearchParams(location.hash.slice(1));
  const game = params.get("game");
  const replay = params.get("replay");
  const watch = params.get("watch");
  if (game) void openGame(game, params.get("token"), params.get("invite"));
  else if (watch) openWatch(watch, params.get("token") ?? "");
  else if (replay) openReplay(replay);
  else void lobby();
}

window.addEventListener("hashchange", route);
route();
