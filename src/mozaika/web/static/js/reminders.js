// An account's turn-based reminders: the e-mail address and whether the server writes to it
// when it is the player's turn (off by default; the server needs --smtp to send them).

import { api, get } from "./api.js";
import { h, toast } from "./dom.js";
import { explain, t } from "./i18n.js";

/** The lobby's card for the account's reminder settings (guests have none). */
export function remindersCard() {
  const email = h("input", { type: "email", name: "email", id: "reminder-email", maxlength: 254, autocomplete: "email" });
  const wanted = h("input", { type: "checkbox", name: "email_reminders", id: "reminder-wanted" });
  const button = h("button", { type: "submit" }, t("reminders.save"));
  const form = h("form", { class: "card reminders", id: "reminders-form", onSubmit: async (event) => {
    event.preventDefault();
    button.disabled = true;
    try {
      await api("PUT", "/me/settings", { email: email.value.trim() || null, email_reminders: wanted.checked });
      toast(t("reminders.saved"));
    } catch (error) {
      toast(explain(error), "error");
    }
    button.disabled = false;
  } },
  h("h2", {}, t("reminders.title")),
  h("p", { class: "muted" }, t("reminders.explain")),
  h("label", {}, h("span", {}, t("reminders.email")), email),
  h("label", { class: "check" }, wanted, " ", t("reminders.wanted")),
  button);
  get("/me/settings").then((settings) => {
    if (!settings.sending) form.remove(); // this server sends no e-mail
    email.value = settings.email || "";
    wanted.checked = settings.email_reminders;
  }).catch(() => form.remove());
  return form;
}
