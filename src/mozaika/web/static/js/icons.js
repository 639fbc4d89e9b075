// Icons as SVG paths: they look the same whatever fonts the system has.

import { s } from "./dom.js";

const PATHS = {
  first: "M6 5h2v14H6zM20 5v14L9 12z",
  previous: "M18 5v14L7 12z",
  play: "M7 5v14l12-7z",
  pause: "M7 5h4v14H7zM13 5h4v14h-4z",
  next: "M6 5v14l11-7z",
  last: "M16 5h2v14h-2zM4 5v14l11-7z",
  chevron: "M6 9l6 6 6-6",
  eye: "M12 5C6.5 5 2.5 12 2.5 12s4 7 9.5 7 9.5-7 9.5-7-4-7-9.5-7zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8zm0-2a2 2 0 1 0 0-4 2 2 0 0 0 0 4z",
  mute: "M3 9v6h4l5 5V4L7 9H3zM18 10.6l2.1-2.1 1.4 1.4-2.1 2.1 2.1 2.1-1.4 1.4-2.1-2.1-2.1 2.1-1.4-1.4 2.1-2.1-2.1-2.1 1.4-1.4z",
  trophy: "M7 3h10v6a5 5 0 0 1-4 4.9V17h3v3H8v-3h3v-3.1A5 5 0 0 1 7 9zM3 5h3v2H5v1a2 2 0 0 0 1.2 1.8l-.6 1.9A4 4 0 0 1 3 8zM21 5h-3v2h1v1a2 2 0 0 1-1.2 1.8l.6 1.9A4 4 0 0 0 21 8z",
  gear: "M18.4 13a6.8 6.8 0 0 0 0-2l2.1-1.6-2-3.4-2.5 1a7.6 7.6 0 0 0-1.7-1L14 3.4h-4l-.4 2.6a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.4L5.6 11a6.8 6.8 0 0 0 0 2l-2.1 1.6 2 3.4 2.5-1a7.6 7.6 0 0 0 1.7 1l.4 2.6h4l.4-2.6a7.6 7.6 0 0 0 1.7-1l2.5 1 2-3.4zM12 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z",
};

/** An icon by name, sized by the text around it. */
export function icon(name) {
  const stroked = name === "chevron";
  return s("svg", { class: `icon icon-${name}`, viewBox: "0 0 24 24", width: 18, height: 18, "aria-hidden": "true" },
    s("path", stroked ? { d: PATHS[name], fill: "none", stroke: "currentColor", "stroke-width": 2.5, "stroke-linecap": "round", "stroke-linejoin": "round" } : { d: PATHS[name], fill: "currentColor" }));
}
