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

// The small words joined to a name (as hexfront.i18n.fill does for the server's words): a
// sentence puts a value after "de", "la", "da"... ("usine de {kind}"). Before a vowel French
// writes "d'avions", "l'Axe", Italian "l'Asse", "dell'URSS"; before an article French joins
// "de les" into "des" and "à le" into "au", Italian "da i" into "dai", Spanish "de el" into
// "del". Only the word right before a field is touched: the translator's own words stay.
const VOWELS = "aeiouàâäéèêëîïôöûüœæìíòóùú";
const MUTE_H = ["hexagone", "hiver", "heure", "homme", "hôpital", "histoire", "honneur"]; // French silent h
const ROMAN = /^[IVXLC]+(?![\p{L}\p{N}_'])/u; // "IV Fliegerkorps": read as an ordinal, not elided
const FR_ELIDE: Record<string, string> = { de: "d'", le: "l'", la: "l'", que: "qu'" };
const FR_JOIN: Record<string, string> = { "de le": "du", "de les": "des", "à le": "au", "à les": "aux" };
const IT_ELIDE: Record<string, string> = {
  lo: "l'", la: "l'", una: "un'", della: "dell'", dello: "dell'", dalla: "dall'", dallo: "dall'",
  alla: "all'", allo: "all'", nella: "nell'", nello: "nell'", sulla: "sull'", sullo: "sull'",
};
const IT_STEM: Record<string, string> = { di: "de", a: "a", da: "da", in: "ne", su: "su" };
const IT_ARTICLE: Record<string, string> = { il: "l", lo: "llo", la: "lla", "l'": "ll'", i: "i", gli: "gli", le: "lle" };
const ES_JOIN: Record<string, string> = { "de el": "del", "a el": "al" };
const has = (table: Record<string, string>, key: string): boolean => Object.prototype.hasOwnProperty.call(table, key);

function vowelSound(language: string, value: string): boolean {
  if (!value || ROMAN.test(value)) return false;
  const low = value.toLowerCase();
  return VOWELS.includes(low[0]!) || (language === "fr" && MUTE_H.some((w) => low.startsWith(w)));
}

/** ``word`` and ``value`` as ``language`` writes them together ("de" + "avions": "d'avions"), or null. */
export function joined(language: string, word: string, value: string): string | null {
  const small = word.toLowerCase();
  const same = (w: string) => (word[0] !== word[0]!.toLowerCase() ? w[0]!.toUpperCase() + w.slice(1) : w);
  let [article, rest] = [value.split(" ", 1)[0]!, value.slice(value.indexOf(" ") + 1)];
  if (!value.includes(" ")) rest = "";
  if (language === "it" && value.startsWith("l'")) [article, rest] = ["l'", value.slice(2)];
  if (language === "fr" && has(FR_JOIN, `${small} ${article}`) && rest) return `${same(FR_JOIN[`${small} ${article}`]!)} ${rest}`;
  if (language === "es" && has(ES_JOIN, `${small} ${article}`) && rest) return `${same(ES_JOIN[`${small} ${article}`]!)} ${rest}`;
  if (language === "it" && has(IT_STEM, small) && has(IT_ARTICLE, article) && rest) {
    return same(IT_STEM[small]! + IT_ARTICLE[article]!) + (article === "l'" ? "" : " ") + rest;
  }
  const elide = language === "fr" ? FR_ELIDE : language === "it" ? IT_ELIDE : {};
  if (has(elide, small) && vowelSound(language, value)) return same(elide[small]!) + value;
  return null;
}

/** A message with its {fields} filled in; a field not given stays visible as {field}. The
 * small word before a field is joined to its value as the page's language writes them. */
export function fmt(template: string, fields: Record<string, string | number | null | undefined> = {}): string {
  return template.replace(/(?:(?<![\p{L}\p{N}_'’-])(\p{L}+) )?\{(\w+)\}/gu, (m, word: string | undefined, k: string) => {
    const v = fields[k];
    if (v === undefined || v === null) return m;
    const value = String(v);
    if (!word) return value;
    return joined(lang, word, value) ?? `${word} ${value}`;
  });
}

/** A word for a key in one of the catalogue's tables, or the key with its underscores as spaces. */
export function word(table: Readonly<Record<string, string>>, key: unknown): string {
  const k = String(key ?? "");
  return Object.prototype.hasOwnProperty.call(table, k) ? table[k] : k.replace(/_/g, " ");
}

/** Every catalogue, for the completeness test. */
export const ALL = CATALOGUES;
