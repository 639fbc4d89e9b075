// Building the page: small helpers over the DOM, so that views read as the markup they make.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(element, attributes, children) {
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (name === "dataset") {
      Object.assign(element.dataset, value);
    } else if (name === "text") {
      element.textContent = value;
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** An HTML element: h("button", {class: "primary", onClick}, "Play"). */
export function h(tag, attributes, ...children) {
  return fill(document.createElement(tag), attributes, children);
}

/** An SVG element, as h() makes HTML ones. */
export function s(tag, attributes, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attributes, children);
}

/** Replaces everything inside an element. */
export function replace(element, ...children) {
  element.replaceChildren();
  return fill(element, {}, children);
}

/** Makes an SVG or HTML element act as a button for the mouse and the keyboard. */
export function clickable(element, label, action) {
  element.setAttribute("tabindex", "0");
  element.setAttribute("role", "button");
  element.setAttribute("aria-label", label);
  element.addEventListener("click", action);
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      action(event);
    }
  });
  return element;
}

/** A short message in the corner, gone after a few seconds. */
export function toast(message, kind = "info") {
  const box = document.getElementById("toasts");
  const item = h("div", { class: `toast ${kind}` }, message);
  box.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 6000 : 3500);
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without clipboard permission (plain http on another host), fall back to a selection.
    const area = h("textarea", { class: "offscreen" }, text);
    document.body.append(area);
    area.select();
    const done = document.execCommand("copy");
    area.remove();
    return done;
  }
}
