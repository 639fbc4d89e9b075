// What a person chose once and expects remembered: language, colour-blind tiles, move confirmation, sound,
// the theme (light, dark, or as the system says) and how large the table is drawn.

import { browserLanguage } from "./languages.js";

const KEY = "mozaika.preferences";

const defaults = {
  language: browserLanguage(),
  colourBlind: false,
  confirmMoves: false,
  sound: true,
  theme: "auto",
  zoom: 1,
};

/** What the person chose themselves: only these are remembered, so that a default (the browser's language) follows the browser. */
function chosen() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    return {};
  }
}

export const prefs = { ...defaults, ...chosen() };

/** Whether the person chose this setting on this browser (rather than it being a default). */
export function isChosen(name) {
  return name in chosen();
}

export function setPreference(name, value) {
  prefs[name] = value;
  localStorage.setItem(KEY, JSON.stringify({ ...chosen(), [name]: value }));
  showPreferences();
  window.dispatchEvent(new CustomEvent("preferences", { detail: { name, value } }));
}

const darkSystem = window.matchMedia("(prefers-color-scheme: dark)");

/** What the page's look follows: the colour-blind symbols, the theme and the zoom of the table. */
function showPreferences() {
  const root = document.documentElement;
  root.classList.toggle("colour-blind", prefs.colourBlind);
  root.dataset.theme = prefs.theme === "dark" || (prefs.theme === "auto" && darkSystem.matches) ? "dark" : "light";
  root.style.setProperty("--zoom", String(prefs.zoom || 1));
}

darkSystem.addEventListener("change", showPreferences);
showPreferences();
