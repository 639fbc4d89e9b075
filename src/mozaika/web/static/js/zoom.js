// The table's zoom: − and + beside a table's heading draw it larger than the window (the page then
// scrolls to it); the middle button shows the size and goes back to one screen.

import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { prefs, setPreference } from "./prefs.js";

const SIZES = [1, 1.25, 1.5, 1.75, 2];

export function zoomControl() {
  const group = h("span", { class: "zoom", role: "group", "aria-label": t("zoom_reset", { percent: 100 }) });
  const draw = () => {
    const now = SIZES.indexOf(prefs.zoom) >= 0 ? SIZES.indexOf(prefs.zoom) : 0;
    const set = (index) => {
      setPreference("zoom", SIZES[index]);
      draw();
    };
    const percent = Math.round(SIZES[now] * 100);
    replace(group,
      h("button", { type: "button", class: "small zoom-out", "aria-label": t("zoom_out"), title: t("zoom_out"), disabled: now === 0, onClick: () => set(now - 1) }, "−"),
      h("button", { type: "button", class: "small zoom-reset", title: t("zoom_reset", { percent }), "aria-label": t("zoom_reset", { percent }), onClick: () => set(0) }, `${percent} %`),
      h("button", { type: "button", class: "small zoom-in", "aria-label": t("zoom_in"), title: t("zoom_in"), disabled: now === SIZES.length - 1, onClick: () => set(now + 1) }, "+"));
  };
  draw();
  return group;
}
