// An account's turn-based reminders: the e-mail address, its confirmation through the link the
// server mails there, and whether the server writes to it when it is the player's turn (off by
// default; the server needs --smtp to send anything). Also the page that link opens.

import { api, get } from "./api.js";
import { h, replace, toast } from "./dom.js";
import { explain, language, t } from "./i18n.js";

/** The lobby's card for the account's reminder settings (guests have none). */
export function remindersCard() {
  const email = h("input", { type: "email", name: "email", id: "reminder-email", maxlength: 254, autocomplete: "email" });
  const wanted = h("input", { type: "checkbox", name: "email_reminders", id: "reminder-wanted" });
  const button = h("button", { type: "submit" }, t("reminders.save"));
  const status = h("p", { class: "reminder-status", id: "reminder-status", "aria-live": "polite" });
  const form = h("form", { class: "card reminders", id: "reminders-form", onSubmit: async (event) => {
    event.preventDefault();
    button.disabled = true;
    try {
      // The page's language is the one the letters to this address are written in.
      const settings = await api("PUT", "/me/settings", { email: email.value.trim() || null, email_reminders: wanted.checked, language: language() });
      show(settings);
      toast(t(settings.confirmation_sent ? "reminders.saved_check_mail" : "reminders.saved"));
    } catch (error) {
      toast(explain(error), "error");
    }
    button.disabled = false;
  } },
  h("h2", {}, t("reminders.title")),
  h("p", { class: "muted" }, t("reminders.explain")),
  h("label", {}, h("span", {}, t("reminders.email")), email),
  status,
  h("label", { class: "check" }, wanted, " ", t("reminders.wanted")),
  button);

  function show(settings) {
    email.value = settings.email || "";
    wanted.checked = settings.email_reminders;
    status.replaceChildren();
    status.dataset.state = !settings.email ? "none" : settings.email_confirmed ? "confirmed" : "waiting";
    if (!settings.email) return;
    if (settings.email_confirmed) {
      status.append(t("reminders.confirmed"));
      return;
    }
    const again = h("button", { type: "button", class: "link", onClick: async () => {
      again.disabled = true;
      try {
        await api("POST", "/me/settings/confirmation");
        toast(t("reminders.sent_again", { email: settings.email }));
      } catch (error) {
        toast(explain(error), "error");
      }
      again.disabled = false;
    } }, t("reminders.send_again"));
    status.append(t("reminders.unconfirmed", { email: settings.email }), " ", again);
  }

  // Until the settings arrive the fields wait: what someone types meanwhile would be overwritten by them.
  for (const field of [email, wanted, button]) field.disabled = true;
  get("/me/settings").then((settings) => {
    if (!settings.sending) {
      form.remove(); // this server sends no e-mail
      return;
    }
    show(settings);
    for (const field of [email, wanted, button]) field.disabled = false;
  }).catch(() => form.remove());
  return form;
}

/** The page a confirmation letter's link opens: /confirm-email#token (the token never reaches a server log). */
export async function confirmEmailPage(root) {
  const token = location.hash.slice(1);
  history.replaceState({}, "", "/confirm-email"); // the token is spent: keep it out of the history
  const card = h("section", { class: "card notice", id: "confirm-email" }, h("h1", {}, t("confirm_email.title")));
  replace(root, card);
  const home = h("a", { href: "/", "data-link": "" }, t("confirm_email.to_lobby"));
  try {
    const confirmed = await api("POST", "/email/confirm", { token });
    card.dataset.state = "confirmed";
    card.append(h("p", {}, t("confirm_email.done", { email: confirmed.email })), h("p", {}, home));
  } catch (error) {
    card.dataset.state = "refused";
    card.append(h("p", {}, explain(error)), h("p", {}, home));
  }
}
