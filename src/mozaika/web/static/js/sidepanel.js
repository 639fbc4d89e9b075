// The side of a table: the game log and the chat. Built once per table and added to as the game
// goes on, so that an open panel, a half-typed message, the focus and the scroll stay put.

import { post } from "./api.js";
import { h, replace, toast } from "./dom.js";
import { explain, t } from "./i18n.js";
import { isMuted, muteButton } from "./community.js";
import { describeEntry } from "./log.js";
import { session } from "./session.js";

export class SidePanel {
  constructor(tableId) {
    this.tableId = tableId;
    this.shown = 0;
    this.round = 0;
    this.standing = [];
    this.resigned = new Set();
    // Focusable: a long log scrolls, and a keyboard must be able to scroll it too.
    this.log = h("ol", { class: "log", "aria-label": t("game_log"), tabindex: "0" });
    this.chatList = h("ol", { class: "chat" });
    this.input = h("input", { name: "text", maxlength: 500, autocomplete: "off", "aria-label": t("chat_message"), placeholder: t("chat_placeholder") });
    const form = h("form", { class: "chat-form", onSubmit: (event) => this.send(event) }, this.input, h("button", { type: "submit" }, t("send")));
    this.chatPanel = h("details", { class: "panel chat-panel" }, h("summary", {}, t("chat"), h("span", { class: "unread", hidden: true })),
      this.chatList, session.me ? form : h("p", { class: "muted" }, t("sign_in_to_chat")));
    this.chatPanel.addEventListener("toggle", () => {
      if (this.chatPanel.open) this.chatPanel.querySelector(".unread").hidden = true;
    });
    this.element = h("section", { class: "side" },
      h("section", { class: "panel log-panel" }, h("h2", {}, t("game_log")), this.log),
      this.chatPanel);
  }

  /** Shows the log entries not shown yet (the log only grows: an undo is an entry too). */
  showEntries(game, entries, names, resigned = new Set()) {
    if (entries.length < this.shown) {
      replace(this.log);
      this.shown = 0;
      this.round = 0;
      this.standing = [];
      this.resigned = new Set();
    }
    if (entries.length === this.shown) return;  // nothing new: the log's layout is not read for nothing
    const atBottom = this.log.scrollTop + this.log.clientHeight >= this.log.scrollHeight - 4;
    for (const entry of entries.slice(this.shown)) {
      // The steps that stand, so that an undo can say whose move it took back.
      const cancelled = entry.kind === "undo" ? this.standing.pop() : null;
      if (entry.kind !== "undo") this.standing.push(entry);
      if (entry.kind === "chance" && entry.text.startsWith("fill:")) {
        this.round += 1;
        this.log.append(h("li", { class: "log-round" }, t("round_n", { n: this.round })));
        continue;
      }
      // A player who resigned: said once, before the first move the stand-in played for them.
      if (entry.stand_in && resigned.has(entry.seat) && !this.resigned.has(entry.seat)) {
        this.resigned.add(entry.seat);
        this.log.append(h("li", { class: "log-note" }, t("log.resigned", { name: names[entry.seat] })));
      }
      this.log.append(h("li", { class: `log-${entry.kind}` }, describeEntry(game, entry, names, cancelled)));
    }
    this.shown = entries.length;
    // Follows the game unless the reader scrolled back to read.
    if (atBottom || !this.log.dataset.followed) {
      this.log.dataset.followed = "true";
      requestAnimationFrame(() => {
        this.log.scrollTop = this.log.scrollHeight;
      });
    }
  }

  showChat(lines) {
    this.lines = lines;
    replace(this.chatList, lines.filter((line) => !isMuted(line.player)).map((line) => this.chatLine(line)));
    this.chatList.scrollTop = this.chatList.scrollHeight;
  }

  addChat(line) {
    if (isMuted(line.player)) return;
    (this.lines ??= []).push(line);
    this.chatList.append(this.chatLine(line));
    this.chatList.scrollTop = this.chatList.scrollHeight;
    if (!this.chatPanel.open) this.chatPanel.querySelector(".unread").hidden = false;
  }

  chatLine(line) {
    // Signed-in players may report someone else's line to the server's administrators.
    const mine = session.me && session.me.name === line.name;
    const report = session.me && !mine && line.id !== undefined
      ? h("button", { type: "button", class: "link report", title: t("chat.report_title"), onClick: () => this.report(line) }, t("chat.report"))
      : null;
    return h("li", { dataset: { message: line.id } }, h("b", {}, line.name), " ", line.text, " ", muteButton(line, () => this.showChat(this.lines)), report);
  }

  removeChat(messageId) {
    this.chatList.querySelector(`li[data-message="${Number(messageId)}"]`)?.remove();
  }

  async report(line) {
    const reason = window.prompt(t("chat.report_reason"), "");
    if (reason === null) return;
    try {
      await post(`/tables/${this.tableId}/chat/${line.id}/report`, { reason: reason.trim().slice(0, 200) });
      toast(t("chat.reported"));
    } catch (error) {
      toast(explain(error), "error");
    }
  }

  async send(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    try {
      await post(`/tables/${this.tableId}/chat`, { text });
      this.input.value = "";
    } catch (error) {
      toast(explain(error), "error");
    }
  }
}
