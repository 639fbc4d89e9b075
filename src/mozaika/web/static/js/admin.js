// The administrators' page: find players and mute or ban them, close a table, the reported chat
// lines, and the audit log of every administrator's action. Everyone else is told it is not theirs.

import { api, get, post } from "./api.js";
import { h, replace, toast } from "./dom.js";
import { explain, language, t } from "./i18n.js";

const moment = (iso) => new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
const count = (value) => new Intl.NumberFormat(language()).format(value);

/** What an audit entry acted on, as people read it: a player's name, a table, a chat line's words. */
function target(entry) {
  const [kind, id] = entry.target.split(":");
  const details = entry.details;
  if (kind === "table") return h("a", { href: `/tables/${id}`, "data-link": "" }, t("admin.at_table", { table: id }));
  if (kind === "chat") return `${details.name ?? "?"}: “${details.text ?? ""}”`;
  return details.name ?? details.username ?? entry.target;
}

export async function adminPage(root) {
  let audit;
  try {
    audit = await get("/admin/audit");
  } catch (error) {
    replace(root, h("section", { class: "admin admin-refused card" }, h("h1", {}, t("admin.title")),
      h("p", {}, error.status === 403 ? t("admin.refused") : explain(error))));
    return;
  }
  const players = h("div", { class: "admin-players", id: "admin-players" });
  const reports = h("div", { class: "admin-reports", id: "admin-reports" });
  const log = h("div", { class: "admin-audit", id: "admin-audit" });
  const query = h("input", { type: "search", name: "q", id: "admin-query", maxlength: 64, placeholder: t("admin.find_placeholder"), "aria-label": t("admin.find_players") });
  const tableId = h("input", { name: "table", id: "admin-table", maxlength: 16, pattern: "[A-Za-z0-9_-]{1,16}", required: true, "aria-label": t("admin.table_id"), placeholder: t("admin.table_id") });

  async function refresh() {
    const [found, reported, entries] = await Promise.all([get(`/admin/players?q=${encodeURIComponent(query.value.trim())}`), get("/admin/reports"), get("/admin/audit")]);
    showPlayers(found);
    showReports(reported);
    showAudit(entries);
  }

  async function act(doing, done) {
    try {
      await doing();
      toast(done);
      await refresh();
    } catch (error) {
      toast(explain(error), "error");
    }
  }

  function showPlayers(found) {
    if (!found.length) {
      replace(players, h("p", { class: "muted" }, t("admin.no_players")));
      return;
    }
    replace(players, h("ul", { class: "admin-list" }, found.map((player) => h("li", { class: "admin-player", dataset: { player: player.id } },
      h("div", { class: "admin-who" },
        h("b", {}, player.name),
        h("span", { class: "muted" }, player.guest ? t("guest") : `@${player.username}`),
        player.admin ? h("span", { class: "badge" }, t("admin.badge_admin")) : null,
        player.muted ? h("span", { class: "badge warn" }, t("admin.badge_muted")) : null,
        player.banned ? h("span", { class: "badge warn" }, t("admin.badge_banned")) : null,
        h("span", { class: "muted small-print" }, t("admin.since", { date: moment(player.since) }))),
      h("div", { class: "admin-actions" },
        h("button", { type: "button", class: "small", onClick: () => act(() => post(`/admin/players/${player.id}/mute`, { muted: !player.muted }), t(player.muted ? "admin.unmuted" : "admin.muted", { name: player.name })) },
          t(player.muted ? "admin.unmute" : "admin.mute")),
        player.admin ? null : h("button", { type: "button", class: `small${player.banned ? "" : " danger"}`, onClick: () => {
          if (!player.banned && !window.confirm(t("admin.ban_confirm", { name: player.name }))) return;
          act(() => post(`/admin/players/${player.id}/ban`, { banned: !player.banned }), t(player.banned ? "admin.unbanned" : "admin.banned", { name: player.name }));
        } }, t(player.banned ? "admin.unban" : "admin.ban")))))));
  }

  function showReports(reported) {
    if (!reported.length) {
      replace(reports, h("p", { class: "muted" }, t("admin.no_reports")));
      return;
    }
    replace(reports, h("ul", { class: "admin-list" }, reported.map((entry) => h("li", { class: "admin-report", dataset: { message: entry.message.id } },
      h("blockquote", {}, h("b", {}, entry.message.name), " ", entry.message.text),
      h("p", { class: "muted small-print" },
        t("admin.reported", { count: entry.reports, shown: count(entry.reports) }), " · ",
        h("a", { href: `/tables/${entry.table}`, "data-link": "" }, t("admin.at_table", { table: entry.table })), " · ",
        moment(entry.message.at)),
      entry.reasons.length ? h("p", { class: "admin-reasons" }, entry.reasons.map((reason) => h("span", { class: "badge" }, reason))) : null,
      h("div", { class: "admin-actions" },
        h("button", { type: "button", class: "small danger", onClick: () => act(() => api("DELETE", `/admin/chat/${entry.message.id}`), t("admin.line_removed")) }, t("admin.remove_line")),
        h("button", { type: "button", class: "small", onClick: () => act(() => post(`/admin/players/${entry.player}/mute`, { muted: true }), t("admin.muted", { name: entry.message.name })) }, t("admin.mute_author")))))));
  }

  function showAudit(entries) {
    if (!entries.length) {
      replace(log, h("p", { class: "muted" }, t("admin.no_audit")));
      return;
    }
    replace(log, h("table", { class: "admin-audit-table" },
      h("thead", {}, h("tr", {}, h("th", {}, t("admin.when")), h("th", {}, t("admin.who")), h("th", {}, t("admin.what")), h("th", {}, t("admin.target")))),
      h("tbody", {}, entries.map((entry) => h("tr", {},
        h("td", {}, moment(entry.at)),
        h("td", {}, entry.admin === "the server's command line" ? t("admin.command_line") : entry.admin),
        h("td", {}, t(`admin.action.${entry.action}`)),
        h("td", {}, target(entry)))))));
  }

  replace(root, h("section", { class: "admin" },
    h("h1", {}, t("admin.title")),
    h("div", { class: "admin-grid" },
      h("section", { class: "card" },
        h("h2", {}, t("admin.find_players")),
        h("form", { class: "admin-search", onSubmit: (event) => {
          event.preventDefault();
          get(`/admin/players?q=${encodeURIComponent(query.value.trim())}`).then(showPlayers).catch((error) => toast(explain(error), "error"));
        } }, query, h("button", { type: "submit" }, t("admin.find"))),
        players),
      h("section", { class: "card" },
        h("h2", {}, t("admin.reports")),
        reports,
        h("h2", {}, t("admin.close_table")),
        h("p", { class: "muted" }, t("admin.close_explain")),
        h("form", { class: "admin-search", onSubmit: (event) => {
          event.preventDefault();
          const id = tableId.value.trim();
          if (!window.confirm(t("admin.close_confirm", { table: id }))) return;
          act(() => post(`/admin/tables/${encodeURIComponent(id)}/close`), t("admin.closed", { table: id }));
        } }, tableId, h("button", { type: "submit", class: "danger" }, t("admin.close"))))),
    h("section", { class: "card" }, h("h2", {}, t("admin.audit")), log)));
  showAudit(audit);
  await refresh();
}
