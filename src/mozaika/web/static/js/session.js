// Who is using the page: an account, a guest, or nobody yet.

import { api, get, post } from "./api.js";

export const session = { me: null };

export async function loadSession() {
  session.me = await get("/me").catch(() => null);
  return session.me;
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
