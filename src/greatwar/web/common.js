// Shared helpers of the greatwar browser client: the API, the game facts, names and labels.

export const SIDE_NAME = { ap: "Allied Powers", cp: "Central Powers", both: "both seats" };
export const SIDE_SHORT = { ap: "AP", cp: "CP" };
export const OUTCOME = { ap: "the Allies win", cp: "the Central Powers win", draw: "a draw", both_lose: "both sides lose" };

// Nation: [name, counter colour, letters on the counter]. Colours differ in hue and lightness
// so that neighbours on the map (Austria-Hungary and Russia, Germany and France) never look alike.
export const NATION = {
  ge: ["Germany", "#5f6670", "GE"],
  ah: ["Austria-Hungary", "#d8bf4a", "AH"],
  tu: ["Turkey", "#e0904a", "TU"],
  bu: ["Bulgaria", "#8a9a3c", "BU"],
  sn: ["Senussi", "#c49a64", "SN"],
  fr: ["France", "#4a7bd0", "FR"],
  br: ["Britain", "#b98555", "BR"],
  ru: ["Russia", "#3f9456", "RU"],
  it: ["Italy", "#49b8ac", "IT"],
  be: ["Belgium", "#f0dc66", "BE"],
  sb: ["Serbia", "#c0534a", "SB"],
  mn: ["Montenegro", "#9a4b78", "MN"],
  ro: ["Romania", "#9a7fd0", "RO"],
  gr: ["Greece", "#7cc6ea", "GR"],
  us: ["United States", "#a8b860", "US"],
  ana: ["Arab Northern Army", "#e3cf98", "ANA"],
  al: ["Albania", "#999999", "AL"],
  pe: ["Persia", "#999999", "PE"],
  ar: ["Arabia", "#999999", "AR"],
  eg: ["Egypt", "#999999", "EG"],
  none: ["", "#999999", ""],
};

export function nationColor(n) {
  return (NATION[n] || ["", "#999"])[1];
}

export function nationName(n) {
  return (NATION[n] || [n])[0] || n;
}

// Dark or light text on a fill colour.
export function inkFor(hex) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex || "");
  if (!m) return "#111";
  const [r, g, b] = m.slice(1).map((x) => parseInt(x, 16) / 255);
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum < 0.45 ? "#fff" : "#111";
}

// The letters a counter shows: "GE" and "1" for the German 1st Army, "GE" and "c" for a corps,
// the special corps their own letters ("CAV", "PL", "SN", "ANA", "AUS"...).
export function counterText(u) {
  const letters = (NATION[u.nation] || ["", "", u.nation.toUpperCase()])[2];
  const name = u.name || "";
  if (u.army) {
    const rest = name.replace(/^[A-Z]{2,3}\s*/, "");
    return { top: letters, main: rest || name };
  }
  const special = name.replace(/c$/, "").replace(/^[A-Z]{2}\s+/, "");
  const code = special && special !== letters && special.length <= 4 ? special : "";
  return { top: letters, main: code ? code : "corps" };
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

// Where a unit stands in a view ("Berlin", "Reserve Box"), or "" when it is not in play.
export function whereIs(facts, v, unitId) {
  const u = v && v.board.units.find((x) => x.id === unitId);
  if (!u) return "";
  const s = facts.spaces.get(u.space);
  if (!s) return "";
  return s.kind === "offmap_box" ? s.name.replace(/^(AP|CP) /, "") : s.name;
}

// A unit's name with where it stands: "GE 1 (Koblenz)".
export function unitLabel(facts, v, id) {
  const w = whereIs(facts, v, id);
  return w ? `${facts.name(id)} (${w})` : facts.name(id);
}

// A readable label for any action text; unknown verbs read as the verb and the names.
export function actionLabel(facts, text, v = null) {
  const [verb, ...a] = text.split(" ");
  const n = (id) => facts.name(id);
  const u = (id) => (v ? unitLabel(facts, v, id) : n(id));
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
      return `Move ${u(a[0])} to ${n(a[1])}`;
    case "entrench":
      return `${u(a[0])} tries to entrench`;
    case "sr":
      return a.length === 1 ? `Redeploy ${u(a[0])}` : `Redeploy ${u(a[0])} to ${n(a[1])}`;
    case "attack":
      return `Attack ${n(a[0])}`;
    case "with":
      return `Attack with ${u(a[0])}`;
    case "pin":
      return `Pin from ${n(a[0])}`;
    case "flank":
      return "Attempt a flank attack";
    case "noflank":
      return "No flank attack";
    case "cc":
      return `Combat card: ${card(a[0])}`;
    case "lose":
      return `Take a step loss from ${u(a[0])}`;
    case "retreat":
      return `Retreat ${u(a[0])} to ${n(a[1])}`;
    case "advance":
      return `Advance ${u(a[0])} to ${n(a[1])}`;
    case "place":
      return `Place ${n(a[0])} in ${n(a[1])}`;
    case "replace":
      return `Spend replacement points on ${u(a[0])}`;
    case "eliminate":
      return `Eliminate ${u(a[0])}`;
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
