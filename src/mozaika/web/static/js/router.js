// Addresses inside the page: links marked data-link change the view without reloading.

import { t } from "./i18n.js";

const routes = [];
let leave = null;

export function route(pattern, view) {
  routes.push({ pattern, view });
}

export function navigate(path, replaceState = false) {
  if (replaceState) history.replaceState({}, "", path);
  else history.pushState({}, "", path);
  return show();
}

/** Draws the page again in a new language: a view that can relabel itself keeps its state. */
export async function relabel() {
  if (leave?.relabel) leave.relabel();
  else await show();
}

export async function show() {
  const root = document.getElementById("main");
  if (leave) leave();
  leave = null;
  for (const { pattern, view } of routes) {
    const found = pattern.exec(location.pathname);
    if (!found) continue;
    const done = await view(root, ...found.slice(1).map(decodeURIComponent), new URLSearchParams(location.search));
    if (typeof done === "function") leave = done;
    root.focus({ preventScroll: true });
    return;
  }
  root.textContent = t("page_not_found");
}

document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-link]");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey || link.target) return;
  event.preventDefault();
  navigate(link.getAttribute("href"));
});

window.addEventListener("popstate", () => show());
