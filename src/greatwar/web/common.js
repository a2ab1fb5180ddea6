// Shared helpers of the greatwar browser client, for every game: the API, DOM building,
// words, the seat links and settings kept in this browser.

import { has, lang, t } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, detail, kind) {
    super(detail);
    this.status = status;
    this.kind = kind;
  }
}

// A fresh id for a request that changes something: the server answers a retry of the same id
// with its first answer instead of doing it twice.
export function requestId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const RETRIES = [400, 1500]; // ms before each new try of a request whose answer was lost

// The session's CSRF token (GET /api/me gives it to a logged-in browser): every request that
// changes something carries it, as the server asks of a request its session cookie authorises.
let csrfToken = null;

export function setCsrf(token) {
  csrfToken = token || null;
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  if (method !== "GET" && csrfToken) headers["X-CSRF-Token"] = csrfToken;
  // A POST carries a request id and is tried again, with the same id, when the connection
  // fails or the store is briefly unavailable: it is never applied twice.
  const retries = method === "POST" ? RETRIES : [];
  // every answer in the page's language (names, sentences, the log)
  if (path.startsWith("/api/") && !/[?&]lang=/.test(path)) path += `${path.includes("?") ? "&" : "?"}lang=${lang()}`;
  if (method === "POST") headers["X-Request-Id"] = requestId();
  let res;
  for (let attempt = 0; ; attempt++) {
    try {
      res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (res.status !== 503 || attempt >= retries.length) break;
    } catch (e) {
      if (attempt >= retries.length) throw new ApiError(0, t("error.network", { detail: e.message }), "network");
    }
    await new Promise((resolve) => setTimeout(resolve, retries[attempt]));
  }
  let doc = null;
  try {
    doc = await res.json();
  } catch (e) {
    doc = null;
  }
  if (!res.ok) {
    let detail = doc && doc.detail !== undefined ? doc.detail : res.statusText;
    if (Array.isArray(detail)) detail = detail.map((d) => d.msg || JSON.stringify(d)).join("; ");
    throw new ApiError(res.status, errorText(doc && doc.kind, String(detail)), doc && doc.kind);
  }
  return doc;
}

// An error the server words in English (its ``detail``), in the page's language: by its kind.
export function errorText(kind, detail) {
  return lang() !== "en" && kind && has(`error.${kind}`) ? t(`error.${kind}`) : detail;
}

// Dark or light text on a fill colour.
export function inkFor(hex) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex || "");
  if (!m) return "#111";
  const [r, g, b] = m.slice(1).map((x) => parseInt(x, 16) / 255);
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum < 0.45 ? "#fff" : "#111";
}

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

// An SVG element (attributes left out when undefined or null), appended to ``parent`` if given.
export function svg(tag, attrs = {}, parent = null) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

// An SVG text at (x, y) in ``parent``.
export function svgText(parent, x, y, s, attrs = {}) {
  const e = svg("text", { x, y, ...attrs }, parent);
  e.textContent = s;
  return e;
}

// Replace a node's children; arrays are spread and null, undefined and false left out (the DOM's
// own replaceChildren would write them as the text "null").
export function fill(node, ...children) {
  node.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

export function humanWords(s) {
  return String(s ?? "").replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

export const DIE_FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export function fmtTime(t) {
  if (!t) return "";
  // in the page's language, not the browser's (a Russian page writes 27.11.2026, 14:05)
  return new Date(t * 1000).toLocaleString(lang() === "ru" ? "ru-RU" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
}

// Seat links remembered in this browser (the server keeps only digests of the tokens).
const STORE_KEY = "greatwar.seats";

export function rememberedSeats() {
  try {
    return JSON.parse(localStorage.getItem(STORE_KEY) || "{}");
  } catch (e) {
    return {};
  }
}

export function rememberSeat(gameId, seat, token) {
  const all = rememberedSeats();
  all[gameId] = all[gameId] || {};
  all[gameId][seat] = token;
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(all));
  } catch (e) {
    /* private mode: links still work */
  }
}

// Small per-browser settings (zoom, notifications...), JSON under one key each.
export function loadPref(key, fallback) {
  try {
    const raw = localStorage.getItem(`greatwar.${key}`);
    return raw === null ? fallback : JSON.parse(raw);
  } catch (e) {
    return fallback;
  }
}

export function savePref(key, value) {
  try {
    localStorage.setItem(`greatwar.${key}`, JSON.stringify(value));
  } catch (e) {
    /* private mode */
  }
}
