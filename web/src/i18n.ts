// The player's language (issue 18): a typed message catalogue per language, chosen in the
// page (remembered in localStorage as `hexfront.lang`) or, by default, from the browser's
// preferred languages (the list it sends as Accept-Language). The catalogue is picked once
// when the page loads; changing the language reloads the page. English (locales/en.ts) is
// the source: every other catalogue must have the same keys (the type checker refuses a
// missing or extra key) and the same {fields} (tests/bite/test_web_words.py).

import { en } from "./locales/en";
import { es } from "./locales/es";
import { fr } from "./locales/fr";
import { it } from "./locales/it";

/** The shape of a catalogue: the English one's keys, any words. */
export type Catalogue = Widen<typeof en>;
type Widen<T> = T extends string ? string : T extends readonly string[] ? readonly string[] : { readonly [K in keyof T]: Widen<T[K]> };

export const LANGS = { en: "English", it: "Italiano", es: "Español", fr: "Français" } as const;
export type Lang = keyof typeof LANGS;
const CATALOGUES: Record<Lang, Catalogue> = { en, it, es, fr };
const KEY = "hexfront.lang";

function isLang(x: unknown): x is Lang {
  return typeof x === "string" && Object.prototype.hasOwnProperty.call(LANGS, x);
}

/** The first of the preferred languages ("it-IT", "fr") that we have, else English. */
export function pickLang(preferred: readonly string[]): Lang {
  for (const p of preferred) {
    const code = String(p).toLowerCase().split(/[-_]/)[0];
    if (isLang(code)) return code;
  }
  return "en";
}

function detect(): Lang {
  const forced = (globalThis as { HEXFRONT_LANG?: string }).HEXFRONT_LANG; // tests
  if (isLang(forced)) return forced;
  try {
    const saved = globalThis.localStorage?.getItem(KEY);
    if (isLang(saved)) return saved;
  } catch {
    // storage refused: fall through to the browser's languages
  }
  const nav = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } }).navigator;
  return pickLang(nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : []);
}

/** The language of this page. */
export const lang: Lang = detect();
/** The words of this page's language. */
export const L: Catalogue = CATALOGUES[lang];

/** Remember a language and reload the page in it. */
export function setLang(next: Lang): void {
  try {
    globalThis.localStorage?.setItem(KEY, next);
  } catch {
    // not remembered: this page still switches
  }
  globalThis.location?.reload();
}

/** A message with its {fields} filled in; a field not given stays visible as {field}. */
export function fmt(template: string, fields: Record<string, string | number | null | undefined> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (fields[k] === undefined || fields[k] === null ? m : String(fields[k])));
}

/** A word for a key in one of the catalogue's tables, or the key with its underscores as spaces. */
export function word(table: Readonly<Record<string, string>>, key: unknown): string {
  const k = String(key ?? "");
  return Object.prototype.hasOwnProperty.call(table, k) ? table[k] : k.replace(/_/g, " ");
}

/** Every catalogue, for the completeness test. */
export const ALL = CATALOGUES;
