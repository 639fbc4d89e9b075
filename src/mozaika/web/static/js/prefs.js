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

function load() {
  try {
    return { ...defaults, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { ...defaults };
  }
}

export const prefs = load();

export function setPreference(name, value) {
  prefs[name] = value;
  localStorage.setItem(KEY, JSON.stringify(prefs));
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
