// Getting a player's attention: a short sound when the turn comes and when tiles land (a setting,
// on by default), and, in a background tab, the title and the icon say that it is your turn.

import { t } from "./i18n.js";
import { prefs } from "./prefs.js";

let context = null;

function audio() {
  if (!context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

// Browsers start sound only after a gesture on the page: the first click or key wakes it.
for (const kind of ["pointerdown", "keydown"]) {
  document.addEventListener(kind, () => prefs.sound && audio(), { once: true, capture: true });
}

/** Short tones: `notes` are [frequency in Hz, start in s, length in s]. */
function tones(notes, volume) {
  if (!prefs.sound) return;
  const sound = audio();
  if (!sound || sound.state !== "running") return;
  const now = sound.currentTime;
  for (const [frequency, start, length] of notes) {
    const oscillator = sound.createOscillator();
    const gain = sound.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(volume, now + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    oscillator.connect(gain).connect(sound.destination);
    oscillator.start(now + start);
    oscillator.stop(now + start + length + 0.02);
  }
}

/** Two rising notes: it is your turn. */
export function turnSound() {
  tones([[660, 0, 0.12], [880, 0.11, 0.18]], 0.12);
}

/** A soft click: tiles were placed. */
export function placeSound() {
  tones([[420, 0, 0.05], [300, 0.03, 0.06]], 0.08);
}

const plainTitle = () => `${document.querySelector(".table-head h1")?.dataset.title || ""} · Mozaika`.replace(/^ · /, "");

/** The tab's title and icon: marked while it is your turn and the page is not in front. */
export function markTurn(yours) {
  const icon = document.querySelector("link[rel=icon]");
  const flag = yours && document.hidden;
  document.title = flag ? `● ${t("your_turn")} · ${plainTitle()}` : plainTitle();
  if (icon) icon.href = flag ? "/static/favicon-turn.svg" : "/static/favicon.svg";
}

/** Back to the plain title and icon (leaving the table). */
export function clearTurn() {
  document.title = "Mozaika";
  const icon = document.querySelector("link[rel=icon]");
  if (icon) icon.href = "/static/favicon.svg";
}
