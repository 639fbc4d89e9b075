// What a person chose once and expects remembered: language, colour-blind tiles, move confirmation, sound.

const KEY = "mozaika.preferences";

const defaults = {
  language: (navigator.language || "en").toLowerCase().startsWith("cs") ? "cs" : "en",
  colourBlind: false,
  confirmMoves: false,
  sound: true,
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
  document.documentElement.classList.toggle("colour-blind", prefs.colourBlind);
  window.dispatchEvent(new CustomEvent("preferences", { detail: { name, value } }));
}

document.documentElement.classList.toggle("colour-blind", prefs.colourBlind);
