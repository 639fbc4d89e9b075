// Playing people: who is at the table (beside each name), handing an away player's seat to the
// stand-in, resigning, and aborting a game that has only begun by both players' agreement.
// The server says who is online and for how long a player has been away (`away_seconds`, as the
// message was made); the page counts on from when it received it, whatever its own clock says.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Notes, on each seat of `seats`, when the page heard how long its player had been away. */
export function notePresence(seats, at = performance.now()) {
  for (const seat of seats || []) seat.heard_at = at;
}

/** Takes a `presence` event (or a step's `online`, by seat) into the table's seats. */
export function takePresence(table, event) {
  const at = performance.now();
  if (event.type === "presence") {
    for (const { seat, online, away_seconds: away } of event.seats) {
      Object.assign(table.seats[seat], { online, away_seconds: away, heard_at: at });
    }
    return;
  }
  (event.online || []).forEach((online, index) => {
    const seat = table.seats[index];
    if (!seat || seat.online === online) return;
    Object.assign(seat, { online, away_seconds: online ? null : seat.away_seconds ?? 0, heard_at: at });
  });
}

/** The seats whose players resigned: left to the stand-in, not by a clock nor while away (the result says so too). */
export function resignedSeats(table) {
  if (table.result?.resigned) return new Set(table.result.resigned);
  return new Set(table.seats.filter((seat) => seat.replaced && !seat.timed_out && !seat.away).map((seat) => seat.index));
}

/** Whether a seat is a person's (also while a stand-in plays for them): whose presence is shown. */
export function person(seat) {
  return Boolean(seat) && (seat.kind === "player" || (seat.kind === "bot" && seat.replaced));
}

/** How long, in seconds, the seat's player has been away now (null while online). */
export function awayFor(seat) {
  if (!person(seat) || seat.online || seat.away_seconds === null || seat.away_seconds === undefined) return null;
  return seat.away_seconds + (performance.now() - (seat.heard_at ?? performance.now())) / 1000;
}

function minutes(seconds) {
  return Math.floor(seconds / 60);
}

/** Beside a player's name: a dot while they are at the table, "away for 3 min" while they are not. */
export function presenceBadge(seat, mine) {
  if (mine || !person(seat)) return "";
  if (seat.online) return h("span", { class: "seat-presence online", title: t("presence.online_title") }, h("span", { class: "visually-hidden" }, t("presence.online")));
  const away = awayFor(seat);
  const words = away === null || away < 60 ? t("presence.away") : t("presence.away_for", { minutes: minutes(away) });
  return h("span", { class: "seat-presence away", title: t("presence.away_title") }, words);
}

/** Whether the viewer, seated at `me`, may hand `seat`'s place to the stand-in now. */
function mayHandOver(table, me, seat) {
  const wait = table.hand_over_after;
  if (wait === null || wait === undefined || table.status !== "running" || me === null || me === undefined) return false;
  if (seat.index === me || seat.kind !== "player") return false;
  const away = awayFor(seat);
  return away !== null && away >= wait;
}

/** In how many seconds the first away player's seat may be handed over by the viewer (null: none waits). */
export function handOverIn(table, me) {
  const wait = table.hand_over_after;
  if (wait === null || wait === undefined || table.status !== "running" || me === null || me === undefined) return null;
  const left = table.seats.filter((seat) => seat.index !== me && seat.kind === "player")
    .map((seat) => awayFor(seat)).filter((away) => away !== null && away < wait).map((away) => wait - away);
  return left.length ? Math.min(...left) : null;
}

/** Whether the table's game may still be aborted by agreement: two people, friendly, its first round. */
export function abortable(table) {
  return table.status === "running" && !table.rated && table.players === 2 && table.round === 1
    && table.seats.every((seat) => seat.kind === "player");
}

/**
 * The actions-box items about the people at the table, for the viewer at `me`: the other player's
 * proposal to abort (agree, decline) or one's own (withdraw), and the away players whose seat the
 * viewer may hand to the stand-in. `names` by seat; `on` the page's actions.
 */
export function peopleItems(table, me, names, on) {
  const items = [];
  if (me === null || me === undefined || table.status !== "running") return items;
  const offer = table.abort_offer;
  if (offer !== null && offer !== undefined && abortable(table)) {
    if (offer === me) {
      const other = names[1 - me];
      items.push(h("div", { class: "people-note abort-offer", role: "status" },
        h("p", {}, t("abort.proposed", { name: other })),
        h("button", { type: "button", class: "abort-withdraw", onClick: () => on.declineAbort() }, t("abort.withdraw"))));
    } else {
      items.push(h("div", { class: "people-note abort-offer", role: "status" },
        h("p", {}, t("abort.offered", { name: names[offer] })),
        h("button", { type: "button", class: "primary abort-agree", onClick: () => on.abort() }, t("abort.agree")),
        h("button", { type: "button", class: "abort-decline", onClick: () => on.declineAbort() }, t("abort.decline"))));
    }
  }
  for (const seat of table.seats) {
    if (!mayHandOver(table, me, seat)) continue;
    items.push(h("div", { class: "people-note hand-over" },
      h("p", {}, minutes(awayFor(seat)) < 1 ? t("presence.hand_over_note_now", { name: names[seat.index] })
        : t("presence.hand_over_note", { name: names[seat.index], minutes: minutes(awayFor(seat)) })),
      h("button", { type: "button", class: "hand-over-button", dataset: { seat: seat.index }, onClick: () => on.handOver(seat.index) },
        t("presence.hand_over", { name: names[seat.index] }))));
  }
  return items;
}

/** The heading's buttons for leaving a game: Resign (every game), and Abort while it may be proposed. */
export function leavingButtons(table, me, on) {
  const seated = me !== null && me !== undefined;
  if (table.status !== "running" || !seated || table.seats[me]?.replaced) return [];
  const proposing = abortable(table) && (table.abort_offer === null || table.abort_offer === undefined);
  return [
    proposing ? h("button", { type: "button", class: "small abort-button", onClick: () => on.proposeAbort() }, t("abort.button")) : "",
    h("button", { type: "button", class: "small resign-button", onClick: () => on.resign() }, t("resign.button")),
  ];
}

/**
 * Asks the viewer to confirm (a modal dialog, its buttons named by `confirm` and `cancel`); resolves to
 * true when they do. Escape and Cancel decline; the focus returns to where it was.
 */
export function confirmDialog(title, text, confirm, cancel = t("cancel")) {
  return new Promise((resolve) => {
    const returnTo = document.activeElement;
    const dialog = h("dialog", { class: "confirm-dialog card", "aria-labelledby": "confirm-title", "aria-describedby": "confirm-text" },
      h("h2", { id: "confirm-title" }, title),
      h("p", { id: "confirm-text" }, text),
      h("form", { method: "dialog", class: "buttons" },
        h("button", { value: "cancel", class: "dialog-cancel" }, cancel),
        h("button", { value: "confirm", class: "primary dialog-confirm" }, confirm)));
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (returnTo?.isConnected) returnTo.focus({ preventScroll: true });
      resolve(dialog.returnValue === "confirm");
    });
    document.body.append(dialog);
    dialog.showModal();
    dialog.querySelector(".dialog-cancel").focus();
  });
}
