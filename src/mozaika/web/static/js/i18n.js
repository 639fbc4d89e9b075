// Every text the client shows comes from a catalogue (static/i18n/<language>.json).

import { LANGUAGES } from "./languages.js";
import { prefs } from "./prefs.js";

export { LANGUAGES };
const catalogues = {};
let current = {};
let fallback = {};

async function fetchCatalogue(language) {
  if (!catalogues[language]) {
    const response = await fetch(`/static/i18n/${language}.json`);
    catalogues[language] = await response.json();
  }
  return catalogues[language];
}

let wanted = null;

/** Speak `language` from now on; when two calls overlap, the later one wins whichever catalogue loads first. */
export async function useLanguage(language) {
  wanted = language;
  const [english, catalogue] = await Promise.all([fetchCatalogue("en"), fetchCatalogue(language in LANGUAGES ? language : "en")]);
  if (wanted !== language) return;
  fallback = english;
  current = catalogue;
  document.documentElement.lang = language;
}

export function language() {
  return prefs.language in LANGUAGES ? prefs.language : "en";
}

/**
 * A number as the reader writes it ("25.4" in English, "25,4" in Czech), with `digits` decimals;
 * `sign` writes a plus before a positive number.
 */
export function number(value, digits = 0, { sign = false } = {}) {
  return new Intl.NumberFormat(language(), { minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: sign ? "exceptZero" : "auto" }).format(value);
}

const formats = new Map();

/** The language's way of writing a number in a text (made once: every text with a number uses it). */
function plainNumbers(code) {
  if (!formats.has(code)) formats.set(code, new Intl.NumberFormat(code, { maximumFractionDigits: 2 }));
  return formats.get(code);
}

/** The text for `key`, with {name} placeholders filled (numbers as the reader writes them); an entry with plural forms picks by `count`. */
export function t(key, params = {}) {
  let entry = current[key] ?? fallback[key];
  if (entry === undefined) return key;
  if (typeof entry === "object") {
    const form = new Intl.PluralRules(language()).select(params.count ?? 0);
    entry = entry[form] ?? entry.other;
  }
  const shown = (value) => (typeof value === "number" ? plainNumbers(language()).format(value) : String(value));
  return entry.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? shown(params[name]) : whole));
}

/** Whether the catalogue has a text for `key`. */
export function has(key) {
  return key in current || key in fallback;
}

/**
 * A game's own word for something: `key@game` where the game's rulebook has its own term
 * ("výloha" in Azul, "nabídka" in Master Chocolatier), else the common `key`.
 */
export function term(game, key, params = {}) {
  return has(`${key}@${game}`) ? t(`${key}@${game}`, params) : t(key, params);
}

/**
 * A colour's name in the current language, from the catalogue (`colour.<English name>.<form>`), in the
 * form its text needs where the language declines it: `form` is nominative (the colour on its own,
 * "červená", "Rot"), accusative ("onto the red star": "na červenou hvězdu"), masculine ("a red tile":
 * "červený dílek") or genitive ("pralines of the colour red": "barvy červené").
 */
export function colourName(theme, letter, form = "nominative") {
  const index = theme.letters.indexOf(letter);
  if (index < 0) return letter;
  return t(`colour.${theme.en[index]}.${form}`);
}

/** An error for people: the server's own words in English, the catalogue's text for its code otherwise. */
export function explain(error) {
  const message = error?.message ?? String(error);
  if (language() === "en" || !error?.code || !(`error.${error.code}` in current)) return message;
  return t(`error.${error.code}`);
}
