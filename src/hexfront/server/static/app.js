// hexfront's stand-in page: plain buttons built from the legal actions the server sends.
// It keeps seat tokens in this browser only (localStorage and the URL fragment, which is
// never sent to the server). Served at /plain; the map client (web/) is at /.
"use strict";

const $ = (sel) => document.querySelector(sel);
const STORE = "hexfront.games";

let catalog = null;
let current = null; // {id, tokens: {side: token}, kinds, latest: {side: payload}, shown, sockets}

function saved() {
  try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch { return []; }
}
function save(entry) {
  const list = saved().filter((g) => g.id !== entry.id);
  list.unshift(entry);
  localStorage.setItem(STORE, JSON.stringify(list.slice(0, 30)));
}

async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = res.status === 204 ? null : await res.json();
  if (!res.ok) {
    const err = new Error(data && data.detail ? data.detail : res.statusText);
    err.status = res.status; err.code = data && data.error;
    throw err;
  }
  return data;
}

function text(el, value) { el.textContent = value; return el; }
function make(tag, cls, value) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (value !== undefined) el.textContent = value;
  return el;
}

// --- lobby ------------------------------------------------------------------------------

async function loadCatalog() {
  catalog = await api("GET", "/api/games/catalog");
  const box = $("#catalog");
  box.textContent = "";
  for (const g of catalog.games) {
    const p = make("p");
    p.append(make("strong", "", g.title), ` (${g.name}): ${g.status}. Sides: ${g.sides.join(", ")}. `);
    const scen = g.scenarios.map((s) => `${s.id} ${s.name}${s.playable ? "" : " (not playable yet)"}`);
    p.append(make("span", "muted", `Scenarios: ${scen.join("; ")}.`));
    box.append(p);
  }
  const sel = $("#game-select");
  sel.textContent = "";
  for (const g of catalog.games.filter((g) => g.playable)) {
    const o = make("option", "", g.title); o.value = g.name; sel.append(o);
  }
  sel.onchange = fillGame;
  fillGame();
}

function fillGame() {
  const g = catalog.games.find((x) => x.name === $("#game-select").value);
  if (!g) return;
  const scen = $("#scenario-select"); scen.textContent = "";
  for (const s of g.scenarios.filter((s) => s.playable)) {
    const o = make("option", "", s.name); o.value = s.id; scen.append(o);
  }
  const side = $("#side-select"); side.textContent = "";
  for (const s of g.sides) { const o = make("option", "", s); o.value = s; side.append(o); }
  const opts = $("#options"); opts.textContent = "";
  for (const opt of g.options) {
    const label = make("label", "", `${opt.name} `);
    label.title = opt.help;
    const input = make("select"); input.name = `opt:${opt.name}`; input.dataset.kind = typeof opt.default;
    for (const c of (opt.choices.length ? opt.choices : [opt.default])) {
      const o = make("option", "", String(c)); o.value = String(c); o.selected = c === opt.default; input.append(o);
    }
    label.append(input); opts.append(label);
  }
}

function renderRecent() {
  const ul = $("#recent"); ul.textContent = "";
  const list = saved();
  if (!list.length) { ul.append(make("li", "muted", "none yet")); return; }
  for (const g of list) {
    const li = make("li");
    const a = make("a", "", `${g.game} ${g.id} (${Object.keys(g.tokens).join(" + ")})`);
    a.href = "#"; a.onclick = (e) => { e.preventDefault(); openGame(g); };
    li.append(a, make("span", "muted", ` started ${new Date(g.created).toLocaleString()}`));
    ul.append(li);
  }
}

$("#new-game").onsubmit = async (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  const game = catalog.games.find((x) => x.name === f.get("game"));
  const me = f.get("side");
  const who = f.get("opponent");
  const options = {};
  for (const [k, v] of f.entries()) {
    if (!k.startsWith("opt:")) continue;
    const kind = e.target.elements[k].dataset.kind;
    options[k.slice(4)] = kind === "number" ? Number(v) : kind === "boolean" ? v === "true" : v;
  }
  const opponents = {};
  for (const s of game.sides) opponents[s] = s === me ? (who === "hotseat" ? "hotseat" : "human") : who;
  try {
    $("#lobby-error").textContent = "";
    const res = await api("POST", "/api/games", { game: game.name, scenario: f.get("scenario"), options, opponents, play_as: me });
    const mine = who === "human" ? { [me]: res.seats[me] } : res.seats;
    const entry = { id: res.id, game: game.name, tokens: mine, kinds: res.kinds, created: Date.now() };
    if (who === "human") {
      entry.invites = {};
      for (const [s, link] of Object.entries(res.links)) if (s !== me) entry.invites[s] = location.origin + link;
    }
    save(entry);
    openGame(entry);
  } catch (err) { $("#lobby-error").textContent = err.message; }
};

// --- the table --------------------------------------------------------------------------

function openGame(entry) {
  if (current) for (const ws of Object.values(current.sockets)) ws.close();
  current = { ...entry, latest: {}, shown: null, sockets: {}, ready: null };
  history.replaceState(null, "", `/plain#game=${entry.id}`);
  $("#lobby").hidden = true; $("#table").hidden = false;
  const invite = $("#invite");
  invite.hidden = !entry.invites;
  if (entry.invites) {
    invite.textContent = "Send your friend this link: ";
    for (const [s, link] of Object.entries(entry.invites)) invite.append(make("code", "", `${s}: ${link}`));
  }
  for (const [side, token] of Object.entries(entry.tokens)) connect(side, token);
}

function connect(side, token) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/games/${current.id}/ws?token=${encodeURIComponent(token)}`);
  const game = current;
  game.sockets[side] = ws;
  ws.onmessage = (msg) => {
    const data = JSON.parse(msg.data);
    if (data.type === "view" && game === current) accept(side, data);
    if (data.type === "error") $("#error").textContent = data.detail;
  };
  ws.onclose = () => {
    if (game === current && game.sockets[side] === ws) setTimeout(() => game === current && connect(side, token), 2000);
  };
}

function accept(side, payload) {
  // The socket may deliver a newer view (an AI move) before the answer to our own POST:
  // never go back to an older version.
  const known = current.latest[side];
  if (known && payload.version < known.version) return;
  current.latest[side] = payload;
  render();
}

function chooseSide() {
  // With several seats here (hotseat), show the side that must act; else keep the last.
  const sides = Object.keys(current.latest);
  const acting = sides.find((s) => current.latest[s].your_turn);
  return acting || current.shown || sides[0];
}

function render() {
  const side = chooseSide();
  if (!side) return;
  const several = Object.keys(current.tokens).length > 1;
  if (several && current.shown && side !== current.shown && current.ready !== side) {
    // Hotseat: cover the screen so the next player does not see the other's blocks.
    $("#board").hidden = true; $("#cover").hidden = false;
    text($("#cover-text"), `Pass the screen to ${side}.`);
    $("#cover-button").onclick = () => { current.ready = side; current.shown = side; $("#cover").hidden = true; $("#board").hidden = false; render(); };
    return;
  }
  current.shown = side;
  const p = current.latest[side];
  const v = p.view || {};
  text($("#title"), `${p.game} · ${p.scenario} · you are ${side}`);
  let status = `version ${p.version} · ${p.seq} actions · `;
  if (p.status === "over") status += `game over: ${p.result ? p.result.outcome : ""}`;
  else if (p.ai.thinking) status += `the computer (${p.ai.thinking}) is thinking…`;
  else if (p.your_turn) status += "your move";
  else status += `waiting for ${p.to_move.join(", ")}`;
  if (v.round !== undefined) status += ` · round ${v.round}`;
  if (p.ai.error) status += ` · ${p.ai.error}`;
  text($("#status"), status);

  const tbody = $("#blocks tbody"); tbody.textContent = "";
  for (const [handle, b] of Object.entries(v.blocks || {})) {
    const tr = make("tr", b.side);
    for (const cell of [handle, b.side, b.hex, b.name ?? "?", b.strength ?? "?"]) tr.append(make("td", "", String(cell)));
    tbody.append(tr);
  }
  text($("#prompt"), v.prompt ? v.prompt.text : p.status === "over" ? "The game is over." : "Not your turn.");
  const box = $("#actions"); box.textContent = "";
  for (const a of p.legal_actions) {
    const label = [a.verb, ...Object.entries(a.args).map(([k, val]) => `${k} ${val}`)].join(" ");
    const b = make("button", "", label);
    b.onclick = () => act(side, { verb: a.verb, args: a.args }, p.version);
    box.append(b);
  }
  const undo = $("#undo");
  undo.disabled = !p.can_undo;
  undo.onclick = () => post(side, "undo", { version: p.version });

  const reveal = $("#reveal");
  reveal.hidden = !p.record.open;
  reveal.onclick = async () => {
    // Once the game is over (or every seat agreed), the whole final position may be shown.
    const r = await api("GET", `/api/games/${current.id}/replay`, undefined, current.tokens[side]);
    const tbody = $("#blocks tbody"); tbody.textContent = "";
    for (const [handle, b] of Object.entries(r.view.blocks || {})) {
      const tr = make("tr", b.side);
      for (const cell of [handle, b.side, b.hex, b.name ?? "?", b.strength ?? "?"]) tr.append(make("td", "", String(cell)));
      tbody.append(tr);
    }
    text($("#raw"), JSON.stringify(r, null, 1));
  };

  const ol = $("#log"); ol.textContent = "";
  for (const e of [...(v.log || [])].reverse().slice(0, 60)) {
    const detail = Object.entries(e.data).map(([k, val]) => `${k}=${JSON.stringify(val)}`).join(" ");
    ol.append(make("li", "", `${e.kind} ${detail}`));
  }
  text($("#raw"), JSON.stringify(p, null, 1));
}

async function post(side, what, body) {
  $("#error").textContent = "";
  try {
    const res = await api("POST", `/api/games/${current.id}/${what}`, body, current.tokens[side]);
    accept(side, res);
  } catch (err) {
    $("#error").textContent = err.message;
    if (err.status === 409) {
      accept(side, await api("GET", `/api/games/${current.id}/view`, undefined, current.tokens[side]));
    }
  }
}

function act(side, action, version) { return post(side, "actions", { action, version }); }

// --- start ------------------------------------------------------------------------------

function fromFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get("game");
  const token = params.get("token");
  if (!id) return null;
  let entry = saved().find((g) => g.id === id);
  if (token) {
    // An invite link: learn the side from the server, keep the token here only.
    entry = { id, game: "", tokens: {}, kinds: {}, created: Date.now(), pending: token };
  }
  return entry || null;
}

async function start() {
  renderRecent();
  await loadCatalog();
  const entry = fromFragment();
  if (!entry) return;
  if (entry.pending) {
    try {
      const view = await api("GET", `/api/games/${entry.id}/view`, undefined, entry.pending);
      entry.game = view.game;
      entry.tokens = { [view.side]: entry.pending };
      delete entry.pending;
      save(entry);
    } catch (err) { $("#lobby-error").textContent = `That invite link does not work: ${err.message}`; return; }
  }
  openGame(entry);
}

start();
