// The optional rules' tracks at the BITE table (issue 20): the Tech Level chart (17.1), the
// Lend-Lease routes and pool (34.0, 35.2), the air war over Germany (35.1) and what new
// factories, scorched earth and strategic bombing leave on the map (15, 16, 32). The view
// carries a track only while its rule is played, so a game without them shows no panel;
// the panel says only what the side's view holds (the Soviets get the number of the Reich's
// interceptors, never their strength: the server cuts it).

import { h } from "./dom";
import { L, fmt, word } from "./i18n";
import { cap, placeName, power, sideName } from "./text";

interface Route { route: string; armor: number; air: number; open: boolean; convoys_attacked: boolean }
interface Plant { power: string; colour: string; progress: number; of: number; hex: string | null; pp: number; moved: boolean }
interface Damage { hex: string; target: string; hits: number; side: string }
export interface Tracks {
  tech?: Record<string, Record<string, number>>;
  lend_lease?: { routes: Route[]; pool: Record<string, number> };
  strategic_warfare?: { western_bombers: number; interceptors?: number[]; interceptor_count?: number; hits: Record<string, number> };
  works?: { plants?: Plant[]; scorched?: Record<string, number>; evacuated?: { city: string; colour: string }[]; bomb_damage?: Damage[] };
  flags?: { landings?: Record<string, { how: string; hex: string }> };
}

const TECH_ORDER = ["germany", "ussr", "finland", "romania", "hungary", "slovakia", "italy"];
const FIELDS = ["infantry", "armor", "fighter", "bomber"];

/** Whether the view holds a track of the optional rules. */
export function hasTracks(v: Tracks): boolean {
  return !!(v.tech || v.lend_lease || v.strategic_warfare || v.works || Object.keys(v.flags?.landings ?? {}).length);
}

/** Armour and air PP in words ("2 red (armour), 1 blue (air) PP"), "" when none. */
function colours(red: number, blue: number): string {
  const parts = [red ? fmt(L.advanced.red, { n: red }) : "", blue ? fmt(L.advanced.blue, { n: blue }) : ""].filter(Boolean);
  return parts.length ? fmt(L.advanced.list, { list: parts.join(", ") }) : "";
}

/** The faces of a die that hit, from the lowest: 6, 5-6, 4-6. */
function faces(lowest: number | undefined): string {
  const n = Number(lowest ?? 6);
  return n >= 6 ? "6" : `${n}-6`;
}

function section(key: string, heading: string, ...body: (HTMLElement | string)[]): HTMLElement {
  return h("section", { class: `track track-${key}`, "data-testid": `track-${key}` }, h("h4", {}, heading), ...body);
}

function tech(table: Record<string, Record<string, number>>): HTMLElement {
  const T = L.tracks;
  const nations = Object.keys(table).sort((a, b) => (TECH_ORDER.indexOf(a) + 1 || 99) - (TECH_ORDER.indexOf(b) + 1 || 99));
  return section("tech", T.techTitle,
    h("table", { class: "tech-table" },
      h("thead", {}, h("tr", {}, h("th", {}, T.techPower), ...FIELDS.map((f) => h("th", {}, cap(word(L.dated.fields, f)))))),
      h("tbody", {}, ...nations.map((n) => h("tr", { "data-power": n }, h("td", {}, power(n)),
        ...FIELDS.map((f) => h("td", { "data-field": f }, String(table[n]?.[f] ?? ""))))))));
}

function lendLease(track: NonNullable<Tracks["lend_lease"]>): HTMLElement {
  const T = L.tracks;
  const list = h("ul", { class: "routes" });
  for (const r of track.routes ?? []) {
    const cargo = colours(r.armor, r.air);
    let state = r.open ? (cargo ? fmt(T.routeOpen, { pp: cargo }) : T.routeOpenNone) : (cargo ? fmt(T.routeClosed, { pp: cargo }) : T.routeClosedNone);
    if (r.open && r.convoys_attacked) state += T.convoys;
    list.append(h("li", { "data-route": r.route, "data-open": String(r.open) }, fmt(T.route, { route: cap(word(L.strategic.routes, r.route)), state })));
  }
  const pool = track.pool ?? {};
  const spare = colours(Number(pool.red ?? 0), Number(pool.blue ?? 0));
  return section("lend-lease", T.llTitle, list, ...(spare ? [h("p", { "data-testid": "lend-lease-pool" }, fmt(T.pool, { pp: spare }))] : []));
}

function airWar(track: NonNullable<Tracks["strategic_warfare"]>): HTMLElement {
  const T = L.tracks;
  const n = Number(track.western_bombers ?? 0);
  const count = Number(track.interceptor_count ?? 0);
  const interceptors = track.interceptors
    ? fmt(T.interceptors, { strengths: track.interceptors.join(", ") })
    : fmt(count === 1 ? T.interceptorsHiddenOne : T.interceptorsHiddenMany, { n: count });
  const hits = track.hits ?? {};
  return section("air-war", T.airTitle,
    h("p", {}, fmt(n === 1 ? T.bombersOne : T.bombersMany, { n })),
    h("p", { "data-testid": "interceptors" }, interceptors),
    h("p", { class: "muted small" }, fmt(T.hits, { bombers: faces(hits.bombers_a2a), fighters: faces(hits.fighters_a2a), aa: faces(hits.aa), bombs: faces(hits.bombs) })));
}

function plantLine(p: Plant, place: (hex: string) => string): string {
  const T = L.tracks;
  const fields = { power: power(p.power), kind: word(L.factories.kinds, p.colour), of: p.of };
  if (p.hex) return fmt(T.plantAt, { ...fields, place: place(p.hex), pp: p.pp });
  if (p.moved && p.progress < p.of) return fmt(T.plantMoving, { ...fields, box: p.progress });
  if (p.progress < p.of) return fmt(T.plantBuilding, { ...fields, paid: p.progress });
  return fmt(T.plantWaiting, fields);
}

function works(track: NonNullable<Tracks["works"]>, place: (hex: string) => string): HTMLElement {
  const T = L.tracks;
  const list = h("ul", { class: "works" });
  for (const p of track.plants ?? []) list.append(h("li", { "data-plant": p.colour }, plantLine(p, place)));
  const scorched = Object.entries(track.scorched ?? {});
  if (scorched.length) {
    list.append(h("li", { "data-scorched": scorched.length },
      fmt(T.scorched, { places: scorched.map(([city, paid]) => fmt(T.scorchedCity, { city: placeName(city), paid })).join(", ") })));
  }
  const evacuated = track.evacuated ?? [];
  if (evacuated.length) {
    list.append(h("li", { "data-evacuated": evacuated.length },
      fmt(T.evacuated, { factories: evacuated.map((e) => fmt(T.evacuatedOne, { kind: word(L.factories.kinds, e.colour), city: placeName(e.city) })).join(", ") })));
  }
  for (const d of track.bomb_damage ?? []) {
    list.append(h("li", { "data-bombed": d.target },
      fmt(d.hits === 1 ? T.damageOne : T.damageMany, { hits: d.hits, target: word(L.factories.targets, d.target), place: place(d.hex), side: sideName(d.side) })));
  }
  return section("works", T.worksTitle, list.childElementCount ? list : h("p", { class: "muted" }, T.nothing));
}

/** 23.0, 24.0: the own units that came down from the air or up from the sea this turn (the
 * view keeps the landing marks of one's own units only). */
function landings(marks: Record<string, { how: string; hex: string }>, place: (hex: string) => string, name: (id: string) => string): HTMLElement {
  const T = L.tracks;
  const list = h("ul", { class: "landings" });
  for (const [uid, m] of Object.entries(marks).sort(([a], [b]) => a.localeCompare(b))) {
    if (!Object.prototype.hasOwnProperty.call(T.landing, m.how)) continue;
    list.append(h("li", { "data-landed": m.how }, fmt(word(T.landing, m.how), { name: name(uid), place: place(m.hex) })));
  }
  return section("landings", T.landingsTitle, list);
}

/** Fill ``box`` (a <details>) with a section per track the view holds; hide it when none. */
export function drawTracks(box: HTMLDetailsElement, v: Tracks, place: (hex: string) => string, name: (id: string) => string): void {
  const open = box.open;
  box.replaceChildren();
  box.open = open;
  box.hidden = !hasTracks(v);
  if (box.hidden) return;
  box.append(h("summary", {}, L.tracks.panel));
  if (v.tech) box.append(tech(v.tech));
  if (v.lend_lease) box.append(lendLease(v.lend_lease));
  if (v.strategic_warfare) box.append(airWar(v.strategic_warfare));
  if (v.works) box.append(works(v.works, place));
  const marks = v.flags?.landings ?? {};
  if (Object.keys(marks).length) box.append(landings(marks, place, name));
}
