// Before a game starts: its seats, invite links to copy, a bot for an open seat, and the start.

import { post } from "./api.js";
import { invitePlayerForm } from "./community.js";
import { copyText, h, toast } from "./dom.js";
import { explain, t } from "./i18n.js";
import { navigate } from "./router.js";
import { session } from "./session.js";

export const LEVELS = ["beginner", "easy", "medium", "hard", "expert", "master"];
const invitesKey = (tableId) => `mozaika.invites.${tableId}`;

export function rememberInvites(tableId, invites) {
  localStorage.setItem(invitesKey(tableId), JSON.stringify(invites));
}

function rememberedInvites(tableId) {
  try {
    return JSON.parse(localStorage.getItem(invitesKey(tableId)) || "{}");
  } catch {
    return {};
  }
}

/** Runs an action against the server; on an error, says it and `false`. */
async function attempt(action) {
  try {
    await action();
    return true;
  } catch (error) {
    toast(explain(error), "error");
    return false;
  }
}

/**
 * The waiting room of `table`; `reload` redraws it after a change only this page knows of.
 * `kept` is what the page keeps across redraws: `levels`, the bot level chosen for each seat, and
 * `inviteForm`, the invitation form itself, so that a name half typed survives a seat taken meanwhile
 * (a new language draws a new page, and so a new form).
 */
export function waitingRoom(table, tableId, names, me, reload, kept = {}) {
  const levels = (kept.levels ??= {});
  const invites = rememberedInvites(tableId);
  const seated = me !== null && me !== undefined;
  const full = table.seats.every((seat) => seat.kind === "bot" || seat.kind === "player");
  const owner = table.owner_you;
  const open = table.status === "open";
  const rows = table.seats.map((seat, index) => {
    const cells = [h("td", {}, String(index + 1)), h("td", {}, seat.name || seat.kind === "bot" ? names[index] : h("span", { class: "muted" }, t(`seat_kind.${seat.kind}`)))];
    const actions = [];
    if (seat.kind === "invited" && invites[index]) {
      const link = `${location.origin}/join/${tableId}?invite=${invites[index]}`;
      actions.push(h("span", { class: "invite" },
        h("input", { class: "invite-link", readonly: true, value: link, "aria-label": t("invite_link"), dataset: { seat: index } }),
        h("button", { type: "button", onClick: async () => toast((await copyText(link)) ? t("copied") : link) }, t("copy"))));
    } else if (seat.kind === "open" && !seated && open) {
      actions.push(h("button", { type: "button", class: "primary", onClick: () => join(tableId, index, reload) }, t("join")));
    }
    if (open && owner && !table.rated && (seat.kind === "open" || seat.kind === "invited")) {
      const level = h("select", { class: "bot-level", "aria-label": t("bot_level"), dataset: { seat: index }, onChange: (event) => {
        levels[index] = event.target.value;
      } }, LEVELS.map((name) => h("option", { value: name, selected: name === (levels[index] || "medium") }, t(`level.${name}`))));
      actions.push(h("span", { class: "add-bot" }, level,
        h("button", { type: "button", class: "add-bot-button", dataset: { seat: index }, onClick: () => attempt(() => post(`/tables/${tableId}/bots`, { seat: index, level: level.value })) }, t("add_bot"))));
    }
    cells.push(h("td", {}, h("div", { class: "seat-actions" }, actions)));
    return h("tr", {}, cells);
  });
  const buttons = [];
  const linkless = table.seats.some((seat) => seat.kind === "invited" && !invites[seat.index]);
  if (open && owner && linkless) {
    // Only the browser that created the table holds its links: elsewhere, new ones replace them.
    buttons.push(h("button", { type: "button", class: "new-invites", onClick: () => attempt(async () => {
      const made = await post(`/tables/${tableId}/invites`);
      rememberInvites(tableId, { ...rememberedInvites(tableId), ...made.invites });
      reload();
    }) }, t("new_invite_links")));
  }
  if (open && owner) {
    buttons.push(h("button", { type: "button", class: "primary start-button", disabled: !full, onClick: () => attempt(() => post(`/tables/${tableId}/start`)) }, t("start")));
  }
  if (open && seated) {
    buttons.push(h("button", { type: "button", onClick: async () => (await attempt(() => post(`/tables/${tableId}/leave`))) && navigate("/") }, owner ? t("cancel_table") : t("leave")));
  }
  const inviting = open && owner && table.seats.some((seat) => seat.kind === "open");
  return h("section", { class: "waiting-room card" },
    h("h2", {}, table.status === "cancelled" ? t("status.cancelled") : t("waiting_for_players")),
    h("table", { class: "seats" }, h("tbody", {}, rows)),
    inviting ? (kept.inviteForm ??= invitePlayerForm(tableId)) : "",
    h("div", { class: "buttons" }, buttons));
}

async function join(tableId, index, reload) {
  if (!session.me) {
    navigate(`/?next=/tables/${tableId}`);
    return;
  }
  if (await attempt(() => post(`/tables/${tableId}/join`, { seat: index }))) await reload(true);
}
