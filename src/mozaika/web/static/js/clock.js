// Clocks: the server keeps them (docs/server.md, "Clocks"); the page shows what each message said
// was left, counting down for the seats on turn, and takes every new message as the truth.
// Also the clock choice of the lobby's form, and a notification when the turn comes in a background tab.

import { h, s } from "./dom.js";
import { t } from "./i18n.js";

export const PRESETS = ["none", "fast", "normal", "slow", "custom", "12h", "24h", "72h"];
const LOW_SECONDS = 30;
const TICK_MS = 200;
const BELL = "M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1z";

/** A time left, as a player reads it: 4:05, 0:09.4 in the last ten seconds, 1:02:00, or 23 h 10 min. */
export function formatLeft(seconds, realTime = true) {
  const left = Math.max(0, seconds);
  if (!realTime && left >= 3600) {
    const hours = Math.floor(left / 3600);
    return t("clock.hours_minutes", { hours, minutes: String(Math.floor((left % 3600) / 60)).padStart(2, "0") });
  }
  if (left < 10 && realTime) return `0:0${left.toFixed(1)}`;
  const whole = Math.floor(left);
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const mmss = `${String(minutes).padStart(hours ? 2 : 1, "0")}:${String(rest).padStart(2, "0")}`;
  return hours ? `${hours}:${mmss}` : mmss;
}

/** The control's name for a list or a heading: "5+20" with its preset's name, or "24 h per move". */
/**
 * What a turn-based seat has left, in words: the turn's own time, then the reserve (a turn eats
 * into the reserve only once its own time is over). `left` counts both; `bank` is the reserve.
 */
export function turnLeft(left, bank) {
  const reserve = Math.min(bank, left);
  if (left > reserve) return { time: formatLeft(left - reserve, false), reserve: reserve > 0 ? formatLeft(reserve, false) : null };
  return { time: t("clock.in_reserve", { time: formatLeft(left, false) }), reserve: null };
}

export function controlLabel(control) {
  if (!control) return t("clock.none");
  if (control.kind === "turn") return t("clock.turn_label", { hours: control.per_move / 3600 });
  const name = control.name === "custom" ? t("clock.custom") : t(`clock.${control.name}`);
  return `${name} ${control.label}`;
}

/**
 * The clocks of one table, as last told by the server. `update` with each message's `clock`;
 * `badge(seat)` gives an element that shows the seat's time; while a clock runs, every badge
 * on the page is redrawn a few times a second.
 */
export class Clocks {
  constructor() {
    this.clock = null;
    this.received = 0;
    this.timer = null;
  }

  /** The clocks of a table view or event (null: an untimed table). */
  update(clock) {
    if (clock === undefined) return;
    this.clock = clock;
    this.received = performance.now();
    this.refresh();
  }

  /** Seconds the seat has left now: what the server said, less the time since, while it thinks. */
  left(seat) {
    const state = this.clock?.seats[seat];
    if (!state) return Infinity;
    const since = state.running ? (performance.now() - this.received) / 1000 : 0;
    return Math.max(0, state.remaining - since);
  }

  /** The clock shown beside a seat's board (nothing for an untimed table). */
  badge(seat) {
    if (!this.clock) return "";
    const element = h("span", { class: "clock", dataset: { seat } });
    this.draw(element);
    this.schedule();
    return element;
  }

  refresh() {
    for (const badge of document.querySelectorAll(".clock[data-seat]")) this.draw(badge);
    this.schedule();
  }

  draw(element) {
    const seat = Number(element.dataset.seat);
    const state = this.clock?.seats[seat];
    if (!state) return;
    const control = this.clock.control;
    const realTime = control.kind === "realtime";
    const left = this.left(seat);
    element.dataset.running = String(state.running);
    element.classList.toggle("running", state.running);
    element.classList.toggle("low", realTime && state.running && left < LOW_SECONDS);
    element.classList.toggle("out", left <= 0 && state.running);
    const parts = [];
    if (realTime) {
      parts.push(h("span", { class: "clock-time" }, formatLeft(left, true)));
    } else {
      // The turn's time first, the reserve after it: not one sum that reads as two days for a day's turn.
      const { time, reserve } = turnLeft(left, state.bank);
      parts.push(h("span", { class: "clock-time" }, time));
      if (reserve) parts.push(h("span", { class: "clock-reserve" }, t("clock.reserve", { time: reserve })));
    }
    if (!realTime && state.running && state.deadline) {
      // The deadline in the reader's own clock: the server's distance to it, counted from the message's arrival.
      const deadline = new Date(Date.now() + (state.deadline - this.clock.now) * 1000 - (performance.now() - this.received));
      parts.push(h("span", { class: "clock-deadline" }, t("clock.until", { when: deadline.toLocaleString([], { weekday: "short", hour: "2-digit", minute: "2-digit" }) })));
    }
    element.title = realTime ? t("clock.title_realtime", { label: control.label }) : t("clock.title_turn", { hours: control.per_move / 3600 });
    element.replaceChildren(...parts);
  }

  schedule() {
    clearTimeout(this.timer);
    this.timer = null;
    if (!this.clock?.seats.some((seat) => seat.running)) return;
    this.timer = setTimeout(() => this.refresh(), TICK_MS);
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
    this.clock = null;
  }
}

/** The lobby's clock choice: the presets and, for "custom", minutes and seconds. */
export function clockField(rated) {
  const select = h("select", { name: "clock", id: "new-clock" },
    PRESETS.map((name) => h("option", { value: name, selected: name === "none" }, presetLabel(name))));
  const minutes = h("input", { type: "number", name: "clock-minutes", id: "new-clock-minutes", min: 1, max: 180, value: 5, required: true });
  const increment = h("input", { type: "number", name: "clock-increment", id: "new-clock-increment", min: 0, max: 300, value: 20, required: true });
  const custom = h("div", { class: "clock-custom", hidden: true },
    h("label", { class: "check" }, minutes, t("clock.minutes")), "+", h("label", { class: "check" }, increment, t("clock.seconds_per_move")));
  const sync = () => {
    custom.hidden = select.value !== "custom";
    for (const input of [minutes, increment]) input.disabled = custom.hidden;
    const noClock = select.querySelector('option[value="none"]');
    noClock.disabled = rated.checked;
    if (rated.checked && select.value === "none") select.value = "normal";
    custom.hidden = select.value !== "custom";
  };
  select.addEventListener("change", sync);
  rated.addEventListener("change", sync);
  sync();
  const field = h("div", { class: "clock-field" }, h("label", {}, h("span", {}, t("clock")), select), custom);
  field.clockValue = () => (select.value === "custom" ? `${minutes.value}+${increment.value}` : select.value);
  return field;
}

export function presetLabel(name) {
  const values = { fast: "2+10", normal: "5+20", slow: "10+40" };
  if (name in values) return `${t(`clock.${name}`)} ${values[name]}`;
  if (name.endsWith("h")) return t("clock.turn_label", { hours: Number(name.slice(0, -1)) });
  return t(`clock.${name}`);
}

/** A line for the lobby: the control, and for the caller's turn the time left. */
export function lobbyClock(table) {
  if (!table.clock) return "";
  const control = table.clock.control;
  const you = table.you;
  const parts = [controlLabel(control)];
  if (table.your_turn && you !== null && table.clock.seats[you]) {
    const elapsed = Math.max(0, Date.now() / 1000 - table.clock.now);
    const seat = table.clock.seats[you];
    const left = Math.max(0, seat.remaining - elapsed);
    if (control.kind === "realtime") {
      parts.push(t("clock.left", { time: formatLeft(left, true) }));
    } else {
      const { time, reserve } = turnLeft(left, seat.bank);
      parts.push(t("clock.left", { time }) + (reserve ? ` (${t("clock.reserve", { time: reserve })})` : ""));
    }
  }
  return h("span", { class: "lobby-clock" }, parts.join(" · "));
}

/** Ask once, on a click, whether the page may notify the player when it becomes their turn. */
export function notificationButton() {
  if (!("Notification" in window) || Notification.permission !== "default") return "";
  const bell = s("svg", { class: "icon", viewBox: "0 0 24 24", width: 16, height: 16, "aria-hidden": "true" },
    s("path", { d: BELL, fill: "currentColor" }));
  const button = h("button", { type: "button", class: "small notify-button", title: t("notify.explain"), "aria-label": t("notify.ask") },
    bell, h("span", { class: "notify-words" }, t("notify.ask")));
  button.addEventListener("click", async () => {
    await Notification.requestPermission();
    button.remove();
  });
  return button;
}

/** A system notification that it is the player's turn, when the page is in a background tab. */
export function notifyTurn(title, body, tag) {
  if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return null;
  try {
    const notice = new Notification(title, { body, tag, icon: "/static/favicon.svg" });
    notice.onclick = () => {
      window.focus();
      notice.close();
    };
    return notice;
  } catch {
    return null; // some browsers allow notifications only from a service worker
  }
}
