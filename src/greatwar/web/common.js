// Shared helpers of the greatwar browser client: the API, the game facts, names and labels.

export const SIDE_NAME = { ap: "Allied Powers", cp: "Central Powers", both: "both seats" };
export const OUTCOME = { ap: "the Allies win", cp: "the Central Powers win", draw: "a draw", both_lose: "both sides lose" };

export const NATION = {
  ge: ["Germany", "#7a7f86"], ah: ["Austria-Hungary", "#b9c27d"], tu: ["Turkey", "#d9b95b"],
  bu: ["Bulgaria", "#6f8f55"], sn: ["Senussi", "#c9a86a"], fr: ["France", "#5b86d6"],
  br: ["Britain", "#c49a62"], ru: ["Russia", "#63a86a"], it: ["Italy", "#9ccf8e"],
  be: ["Belgium", "#e3c454"], sb: ["Serbia", "#c46a55"], mn: ["Montenegro", "#a8554a"],
  ro: ["Romania", "#a985c4"], gr: ["Greece", "#77b8d6"], us: ["United States", "#8c9a48"],
  ana: ["Arab Northern Army", "#d8c38e"], al: ["Albania", "#999"], pe: ["Persia", "#999"],
  ar: ["Arabia", "#999"], eg: ["Egypt", "#999"], none: ["", "#999"],
};

export function nationColor(n) {
  return (NATION[n] || ["", "#999"])[1];
}

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

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  // A POST carries a request id and is tried again, with the same id, when the connection
  // fails or the store is briefly unavailable: it is never applied twice.
  const retries = method === "POST" ? RETRIES : [];
  if (method === "POST") headers["X-Request-Id"] = requestId();
  let res;
  for (let attempt = 0; ; attempt++) {
    try {
      res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (res.status !== 503 || attempt >= retries.length) break;
    } catch (e) {
      if (attempt >= retries.length) throw new ApiError(0, "the server cannot be reached: " + e.message, "network");
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
    throw new ApiError(res.status, String(detail), doc && doc.kind);
  }
  return doc;
}

// The fixed facts (map, units, cards), indexed by id.
export class Facts {
  constructor(doc) {
    this.doc = doc;
    this.spaces = new Map(doc.spaces.map((s) => [s.id, s]));
    this.units = new Map(doc.units.map((u) => [u.id, u]));
    this.cards = new Map(doc.cards.map((c) => [c.id, c]));
    this.links = doc.links;
    this.turns = doc.turns;
  }
  static async load() {
    return new Facts(await api("/api/data"));
  }
  kind(id) {
    if (this.units.has(id)) return "unit";
    if (this.cards.has(id)) return "card";
    if (this.spaces.has(id)) return "space";
    return null;
  }
  name(id) {
    const x = this.units.get(id) || this.cards.get(id) || this.spaces.get(id);
    return x ? x.name : id;
  }
  cardTitle(id) {
    const c = this.cards.get(id);
    return c ? `${c.name} (${c.side.toUpperCase()} #${c.number})` : id;
  }
}

const CARD_USE = { ops: "operations", sr: "strategic redeployment", rp: "replacements", event: "the event" };

// A readable label for any action text; unknown verbs read as the verb and the names.
export function actionLabel(facts, text) {
  const [verb, ...a] = text.split(" ");
  const n = (id) => facts.name(id);
  const card = (id) => {
    const c = facts.cards.get(id);
    return c ? c.name : id;
  };
  switch (verb) {
    case "play":
      if (a[0] === "auto") return "Automatic operation (1 OPS, no card)";
      if (a[0] === "ops") return `Play ${card(a[1])} for operations (${facts.cards.get(a[1])?.ops ?? "?"} OPS)`;
      if (a[0] === "sr") return `Play ${card(a[1])} for strategic redeployment (${facts.cards.get(a[1])?.sr ?? "?"} SR)`;
      if (a[0] === "rp") return `Play ${card(a[1])} for replacement points`;
      if (a[0] === "event") return `Play ${card(a[1])} as an event`;
      return `Play ${card(a[1])} for ${CARD_USE[a[0]] || a[0]}`;
    case "activate":
      return `Activate ${n(a[1])} for ${a[0] === "attack" ? "combat" : "movement"}`;
    case "move":
      return `Move ${n(a[0])} to ${n(a[1])}`;
    case "entrench":
      return `${n(a[0])} tries to entrench`;
    case "sr":
      return `Redeploy ${n(a[0])} to ${n(a[1])}`;
    case "attack":
      return `Attack ${n(a[0])}`;
    case "with":
      return `Attack with ${n(a[0])}`;
    case "pin":
      return `Pin from ${n(a[0])}`;
    case "flank":
      return "Attempt a flank attack";
    case "noflank":
      return "No flank attack";
    case "cc":
      return `Combat card: ${card(a[0])}`;
    case "lose":
      return `Take a step loss from ${n(a[0])}`;
    case "retreat":
      return `Retreat ${n(a[0])} to ${n(a[1])}`;
    case "advance":
      return `Advance ${n(a[0])} to ${n(a[1])}`;
    case "place":
      return `Place ${n(a[0])} in ${n(a[1])}`;
    case "replace":
      return `Spend replacement points on ${n(a[0])}`;
    case "eliminate":
      return `Eliminate ${n(a[0])}`;
    case "discard":
      return `Discard ${card(a[0])}`;
    case "select":
      return `Select ${card(a[0])}`;
    case "choose":
      return `Choose: ${(NATION[a[0]] || [a[0]])[0] || a[0]}`;
    case "peace":
      return { offer: "Offer peace terms", accept: "Accept the peace terms", decline: "Decline the peace terms" }[a[0]] || `Peace: ${a[0]}`;
    case "done":
      return "Done";
    default:
      return [verb, ...a.map(n)].join(" ");
  }
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
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export function humanWords(s) {
  return String(s).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

export function fmtTime(t) {
  if (!t) return "";
  return new Date(t * 1000).toLocaleString();
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
