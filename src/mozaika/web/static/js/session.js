// Who is using the page: an account, a guest, or nobody yet.

import { api, get, post } from "./api.js";
import { language, useLanguage } from "./i18n.js";
import { isChosen, prefs } from "./prefs.js";

export const session = { me: null };

export async function loadSession() {
  session.me = await get("/me").catch(() => null);
  await followKeptLanguage();
  return session.me;
}

/**
 * The language kept with the player is their setting: it wins over the browser's own languages, but not
 * over a choice made on this browser. A player without one keeps the page's, so that their other
 * browsers and their letters speak it too.
 */
async function followKeptLanguage() {
  if (!session.me) return;
  const kept = session.me.language;
  if (!kept) {
    await keepLanguage(language());
  } else if (kept !== prefs.language && !isChosen("language")) {
    prefs.language = kept;
    await useLanguage(kept);
  }
}

/** Keep the language with the signed-in player (the menu's choice); a failure leaves the page as it is. */
export async function keepLanguage(code) {
  if (!session.me) return;
  try {
    await api("PUT", "/me/language", { language: code });
    session.me.language = code;
  } catch {
    // The page speaks the language either way; it is kept at the next choice or sign-in.
  }
}

export async function register(username, password, name) {
  await post("/accounts", name ? { username, password, name } : { username, password });
  return loadSession();
}

export async function signIn(username, password) {
  await post("/sessions", { username, password });
  return loadSession();
}

export async function playAsGuest(name) {
  await post("/guests", { name });
  return loadSession();
}

export async function signOut() {
  await api("DELETE", "/sessions/current");
  session.me = null;
}
