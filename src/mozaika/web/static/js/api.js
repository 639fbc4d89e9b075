// The server's HTTP and WebSocket API: JSON in, JSON out, errors as ApiError.

import { rememberMoves } from "./moves.js";

export class ApiError extends Error {
  constructor(status, error) {
    super(error?.message || `HTTP ${status}`);
    this.status = status;
    this.code = error?.code || "http_error";
    this.details = error?.details;
  }
}

export async function api(method, path, body) {
  const options = { method, credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(`/api${path}`, options);
  } catch {
    throw new ApiError(0, { code: "offline", message: "the server cannot be reached" });
  }
  const data = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data?.error);
  rememberMoves(data?.move_fields);
  return data;
}

export const get = (path) => api("GET", path);
export const post = (path, body = {}) => api("POST", path, body);

/**
 * A live connection that comes back by itself: after a drop it reconnects with ?since=<last seq>,
 * so the server sends exactly what was missed.
 */
export class Live {
  constructor(path, { since, onEvent, onStatus }) {
    this.path = path;
    this.since = since;
    this.onEvent = onEvent;
    this.onStatus = onStatus || (() => {});
    this.closed = false;
    this.delay = 500;
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = this.since === undefined ? "" : `?since=${this.since}`;
    this.socket = new WebSocket(`${scheme}://${location.host}/api${this.path}${query}`);
    this.socket.addEventListener("open", () => {
      this.delay = 500;
      this.onStatus("online");
    });
    this.socket.addEventListener("message", (message) => {
      const event = JSON.parse(message.data);
      rememberMoves(event.move_fields);
      if (typeof event.seq === "number" && this.since !== undefined) this.since = event.seq;
      this.onEvent(event);
    });
    this.socket.addEventListener("close", () => {
      if (this.closed) return;
      this.onStatus("offline");
      setTimeout(() => !this.closed && this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    });
  }

  send(message) {
    if (this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.closed = true;
    this.socket.close();
  }
}
