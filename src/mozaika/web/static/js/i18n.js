// Every text the client shows comes from a catalogue (static/i18n/<language>.json).

import { prefs } from "./prefs.js";

export const LANGUAGES = { en: "English", cs: "Čeština" };
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

export async function useLanguage(language) {
  fallback = await fetchCatalogue("en");
  current = await fetchCatalogue(language in LANGUAGES ? language : "en");
  document.documentElement.lang = language;
}

export function language() {
  return prefs.language in LANGUAGES ? prefs.language : "en";
}

/** The text for `key`, with {name} placeholders filled; an entry with plural forms picks by `count`. */
export function t(key, params = {}) {
  let entry = current[key] ?? fallback[key];
  if (entry === undefined) return key;
  if (typeof entry === "object") {
    const form = new Intl.PluralRules(language()).select(params.count ?? 0);
    entry = entry[form] ?? entry.other;
  }
  return entry.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** A colour's name in the current language, from the game's theme. */
export function colourName(theme, letter) {
  const index = theme.letters.indexOf(letter);
  if (index < 0) return letter;
  return (language() === "cs" ? theme.cs : theme.en)[index];
}

/** An error for people: the server's own words in English, the catalogue's text for its code otherwise. */
export function explain(error) {
  const message = error?.message ?? String(error);
  if (language() === "en" || !error?.code || !(`error.${error.code}` in current)) return message;
  return t(`error.${error.code}`);
}
